//! Physical properties of the stepper: rest, rolling, bouncing, momentum balance, and
//! clear errors for bad scenes.

use nalgebra::Matrix3;
use wolfe::{Cuboid, HalfSpace, Pose, Quat, Shape, Sphere, Vec3};
use wolfe_sim::{Material, RigidBody, Scheme, SimError, SimSettings, Simulation, StaticGeometry, World};

/// Asserts that `err` refuses a body for its `parameter`.
fn assert_invalid_body(err: &SimError, parameter: &str) {
    assert!(
        matches!(err, SimError::InvalidBody { parameter: p, .. } if *p == parameter),
        "{err}"
    );
}

/// The simulation of `world` with time step `dt` and the other settings at default.
fn simulation(world: World, dt: f64) -> Simulation {
    let settings = SimSettings {
        time_step: dt,
        ..SimSettings::default()
    };
    Simulation::new(world, settings).unwrap()
}

const G: f64 = 9.81;

fn cube(name: &str, half: f64, mass: f64, pose: Pose) -> RigidBody {
    let i = mass * (2.0 * half).powi(2) / 6.0;
    RigidBody::new(
        name,
        Cuboid::new([half; 3]).unwrap().into(),
        mass,
        Matrix3::from_diagonal_element(i),
        pose,
    )
}

fn ball(name: &str, r: f64, mass: f64, pose: Pose) -> RigidBody {
    RigidBody::new(
        name,
        Sphere::new(r).unwrap().into(),
        mass,
        Matrix3::from_diagonal_element(0.4 * mass * r * r),
        pose,
    )
}

fn near_rigid(dt: f64) -> Material {
    Material {
        stiffness: 1e12,
        dissipation_time_scale: dt,
        friction: 1.0,
    }
}

#[test]
fn box_resting_on_flat_ground_stays_at_rest_for_ten_seconds() {
    let dt = 0.01;
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let start = Pose::from_translation(Vec3::new(0.3, -0.2, 0.05));
    world
        .add_body(cube("box", 0.05, 1.0, start).with_material(near_rigid(dt)))
        .unwrap();
    let mut sim = simulation(world, dt);
    for _ in 0..1000 {
        let s = sim.step().unwrap();
        assert_eq!(s.contacts, 4, "a box on a face rests on its four corners");
        if s.step > 1 {
            assert_eq!(s.touching_pairs, 1, "one pair in contact (Fig. 11's count)");
        }
    }
    let p = sim.poses()[0];
    // Slip bound of Eq. 31 over the whole run.
    let bound = 1e-3 * 1.0 * dt * G * sim.time();
    let drift = (p.translation - start.translation).xy().norm();
    assert!(drift <= bound, "drift {drift} > {bound}");
    assert!((p.translation.z - 0.05).abs() < 1e-3, "sinks {}", p.translation.z);
    assert!(p.rotation.angle_to(&Quat::identity()) < 1e-6);
}

#[test]
fn box_on_an_incline_below_the_friction_angle_creeps_no_faster_than_the_slip_bound() {
    let dt = 0.01;
    let angle: f64 = 0.3; // tan 0.3 = 0.31 < mu = 1
    let n = Vec3::new(-angle.sin(), 0.0, angle.cos());
    let mut world = World::default();
    world
        .add_static(StaticGeometry::HalfSpace(
            HalfSpace::new(n, 0.0).unwrap(),
            Material::default(),
        ))
        .unwrap();
    let rotation = Quat::from_scaled_axis(Vec3::new(0.0, -angle, 0.0));
    let start = Pose {
        rotation,
        translation: 0.05 * n,
    };
    world
        .add_body(cube("box", 0.05, 1.0, start).with_material(near_rigid(dt)))
        .unwrap();
    let mut sim = simulation(world, dt);
    for _ in 0..500 {
        sim.step().unwrap();
    }
    let drift = (sim.poses()[0].translation - start.translation).norm();
    // Eq. 31: v_s <= mu sigma g dt.
    let bound = 1e-3 * 1.0 * dt * G * sim.time();
    assert!(drift <= bound, "creep {drift} > {bound}");
}

#[test]
fn rolling_sphere_keeps_v_equal_omega_r() {
    let dt = 0.01;
    let r = 0.05;
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let v = 1.0;
    let body = ball("ball", r, 0.5, Pose::from_translation(Vec3::new(0.0, 0.0, r)))
        .with_material(near_rigid(dt))
        .with_velocity(Vec3::new(v, 0.0, 0.0), Vec3::new(0.0, v / r, 0.0));
    world.add_body(body).unwrap();
    let mut sim = simulation(world, dt);
    for _ in 0..200 {
        sim.step().unwrap();
        let (lin, ang) = sim.body_velocity(0);
        let height = sim.poses()[0].translation.z;
        assert!(
            (lin.x - ang.y * height).abs() < 1e-3 * v,
            "slip {} at t = {}",
            lin.x - ang.y * height,
            sim.time()
        );
        assert!(
            (lin.x - v).abs() < 1e-2 * v,
            "v = {} (no rolling resistance)",
            lin.x
        );
    }
}

/// SAP's compliant law uses the end-of-step distance `phi0 + dt v_n` (Eq. 8): the
/// contact spring is integrated implicitly and loses energy like implicit Euler, a
/// factor `1 + (omega dt)^2` per step during contact. With `omega dt` small the bounce
/// is nearly elastic; the total energy never grows.
#[test]
fn dropped_ball_without_dissipation_rebounds_with_bounded_energy() {
    let dt = 2e-4;
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let (h, r) = (0.5, 0.05);
    let material = Material {
        stiffness: 1e5,
        dissipation_time_scale: 0.0,
        friction: 1.0,
    };
    world
        .add_body(
            ball("ball", r, 1.0, Pose::from_translation(Vec3::new(0.0, 0.0, h))).with_material(material),
        )
        .unwrap();
    let mut sim = Simulation::new(
        world,
        SimSettings {
            time_step: dt,
            scheme: Scheme::SymplecticEuler,
            ..SimSettings::default()
        },
    )
    .unwrap();
    let e0 = sim.kinetic_energy().unwrap() + sim.potential_energy();
    let mut touched = false;
    let mut max_after = 0.0f64;
    for _ in 0..5000 {
        let s = sim.step().unwrap();
        let e = s.kinetic_energy + s.potential_energy;
        // Contact elastic energy is not counted: the rest is bounded by e0.
        assert!(e <= e0 * (1.0 + 1e-9), "energy {e} > {e0}");
        let z = sim.poses()[0].translation.z;
        touched |= z < r;
        if touched {
            max_after = max_after.max(z);
        }
    }
    assert!(touched);
    // omega dt = 0.063: about 80% of the energy comes back.
    assert!(max_after - r > 0.7 * (h - r), "rebound to {max_after}");
}

#[test]
fn colliding_free_bodies_conserve_linear_and_angular_momentum() {
    let dt = 0.005;
    let mut world = World::new(Vec3::zeros());
    let material = Material {
        stiffness: 1e6,
        dissipation_time_scale: 0.01,
        friction: 0.8,
    };
    let a = cube(
        "box",
        0.1,
        2.0,
        Pose::from_translation(Vec3::new(-0.3, 0.02, 0.0)),
    )
    .with_material(material)
    .with_velocity(Vec3::new(2.0, 0.0, 0.1), Vec3::new(0.0, 3.0, 1.0));
    let b = ball(
        "ball",
        0.08,
        1.0,
        Pose::from_translation(Vec3::new(0.2, -0.03, 0.05)),
    )
    .with_material(material)
    .with_velocity(Vec3::new(-1.0, 0.2, 0.0), Vec3::new(5.0, 0.0, 0.0));
    world.add_body(a).unwrap();
    world.add_body(b).unwrap();
    let mut settings = SimSettings {
        time_step: dt,
        ..SimSettings::default()
    };
    settings.sap.relative_tolerance = 1e-10;
    let mut sim = Simulation::new(world, settings).unwrap();
    let momentum = |sim: &Simulation| {
        let mut p = Vec3::zeros();
        let mut l = Vec3::zeros();
        for (i, body) in sim.world().bodies().iter().enumerate() {
            let (v, w) = sim.body_velocity(i);
            let pose = sim.poses()[i];
            let r = pose.rotation.to_rotation_matrix();
            p += body.mass * v;
            l += pose.translation.cross(&(body.mass * v)) + r * body.inertia * r.transpose() * w;
        }
        (p, l)
    };
    let (p0, l0) = momentum(&sim);
    let mut contacts = 0;
    for _ in 0..100 {
        contacts += sim.step().unwrap().contacts;
        let (p, l) = momentum(&sim);
        assert!((p - p0).norm() <= 1e-8 * p0.norm(), "linear momentum {p} vs {p0}");
        assert!(
            (l - l0).norm() <= 1e-8 * l0.norm().max(1.0),
            "angular momentum {l} vs {l0}"
        );
    }
    assert!(contacts > 0, "the bodies must collide");
    let (va, _) = sim.body_velocity(0);
    assert!(va.x < 2.0 - 0.1, "the collision changed the box's velocity: {va}");
}

#[test]
fn bad_scenes_are_clear_errors() {
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let sphere: Shape = Sphere::new(0.1).unwrap().into();
    // Zero mass.
    let err = world
        .add_body(RigidBody::new(
            "zero",
            sphere.clone(),
            0.0,
            Matrix3::identity(),
            Pose::identity(),
        ))
        .unwrap_err();
    assert_invalid_body(&err, "mass");
    // NaN pose.
    let mut pose = Pose::identity();
    pose.translation.y = f64::NAN;
    let err = world.add_body(ball("nan", 0.1, 1.0, pose)).unwrap_err();
    assert_invalid_body(&err, "pose");
    // Inertia not positive definite.
    let err = world
        .add_body(RigidBody::new(
            "flat",
            sphere,
            1.0,
            Matrix3::from_diagonal(&Vec3::new(1.0, 1.0, 0.0)),
            Pose::identity(),
        ))
        .unwrap_err();
    assert_invalid_body(&err, "inertia");
    // Negative friction.
    let bad = ball("b", 0.1, 1.0, Pose::from_translation(Vec3::new(0.0, 0.0, 1.0))).with_material(Material {
        friction: -1.0,
        ..Material::default()
    });
    assert!(matches!(
        world.add_body(bad),
        Err(SimError::InvalidBody {
            parameter: "friction",
            ..
        })
    ));
    // Overlapping bodies at the start.
    world
        .add_body(ball(
            "a",
            0.1,
            1.0,
            Pose::from_translation(Vec3::new(0.0, 0.0, 1.0)),
        ))
        .unwrap();
    world
        .add_body(ball(
            "b",
            0.1,
            1.0,
            Pose::from_translation(Vec3::new(0.05, 0.0, 1.0)),
        ))
        .unwrap();
    let err = Simulation::new(world.clone(), SimSettings::default())
        .err()
        .unwrap();
    assert!(matches!(err, SimError::InitialOverlap { .. }), "{err}");
    // Bad settings.
    let err = Simulation::new(
        World::default(),
        SimSettings {
            time_step: -0.01,
            ..SimSettings::default()
        },
    )
    .err()
    .unwrap();
    assert!(
        matches!(
            err,
            SimError::InvalidSetting {
                name: "time_step",
                ..
            }
        ),
        "{err}"
    );
    let mut nan_gravity = World::new(Vec3::new(0.0, 0.0, f64::NAN));
    nan_gravity.add_ground(Material::default()).unwrap();
    assert!(matches!(
        Simulation::new(nan_gravity, SimSettings::default()),
        Err(SimError::InvalidSetting { name: "gravity", .. })
    ));
}

/// Deepest penetration of a ball falling at `speed` onto near-rigid ground, first seen
/// `gap` above it at the start of a step.
fn impact_depth(speed: f64, gap: f64, speculative: bool) -> f64 {
    let dt = 0.01;
    let r = 0.05;
    let mut world = World::default();
    world.add_ground(near_rigid(dt)).unwrap();
    let start = Pose::from_translation(Vec3::new(0.0, 0.0, r + gap));
    world
        .add_body(
            ball("ball", r, 0.5, start)
                .with_material(near_rigid(dt))
                .with_velocity(Vec3::new(0.0, 0.0, -speed), Vec3::zeros()),
        )
        .unwrap();
    let settings = SimSettings {
        time_step: dt,
        margin: 0.02,
        speculative_contacts: speculative,
        ..SimSettings::default()
    };
    let mut sim = Simulation::new(world, settings).unwrap();
    let mut deepest: f64 = 0.0;
    for _ in 0..30 {
        sim.step().unwrap();
        deepest = deepest.max(r - sim.poses()[0].translation.z);
    }
    deepest
}

/// Issue 21 (impacts in clutter): SAP's near-rigid regularization (Eq. 29,
/// R_n = beta^2 / (4 pi^2) w) makes the contact at most as stiff as a spring of period
/// beta dt, so an impact at speed v that the constraint sees in time sinks by no more
/// than v beta dt / (2 pi), whatever the mass (beta = 1, dt = 10 ms: 9.5 mm at 6 m/s);
/// a speculative contact (`phi0 > 0`, target `v_hat = -phi0 / dt`) lands the ball on the
/// surface and measures 2.5 mm. Without speculative contacts a body first seen closer
/// than v dt but beyond the margin enters the ground unopposed for a whole step and
/// sinks by up to v dt - margin (4 cm at 6 m/s against the 2 cm margin).
#[test]
fn speculative_contacts_bound_impact_depth_by_the_regularization_spring() {
    for speed in [2.0, 6.0] {
        let spring = speed * 0.01 / (2.0 * std::f64::consts::PI);
        let mut worst_on: f64 = 0.0;
        let mut worst_off: f64 = 0.0;
        for k in 0..8 {
            let gap = 0.021 + k as f64 * (speed * 0.01 - 0.021).max(0.001) / 8.0;
            let on = impact_depth(speed, gap, true);
            let off = impact_depth(speed, gap, false);
            eprintln!("v {speed} gap {gap:.4}: depth {on:.5} speculative, {off:.5} not (spring {spring:.5})");
            worst_on = worst_on.max(on);
            worst_off = worst_off.max(off);
        }
        assert!(worst_on <= spring, "v {speed}: {worst_on} against {spring}");
        if speed * 0.01 > 0.03 {
            assert!(
                worst_off > worst_on + 0.005,
                "v {speed}: off {worst_off}, on {worst_on}"
            );
        }
    }
}

/// A thin rod spinning fast about its long (minor-inertia) axis with a small wobble,
/// no gravity, no contact, at the funnel bench's 120 Hz. Torque-free, its kinetic
/// energy and the magnitude of its angular momentum are constant. The explicit
/// gyroscopic term turns the wobble like an explicit Euler rotation by `omega_1 dt`
/// (1.7 rad here), which grows it by `sqrt(1 + (omega_1 dt)^2)` per step: energy blew
/// up within tens of steps (a fork dropped into the funnel ended in SAP's
/// `OutOfRange`). The implicit step (one Newton step on Euler's equations) is stable
/// and does not add energy.
#[test]
fn fast_spin_about_a_thin_axis_does_not_gain_energy() {
    let dt = 1.0 / 120.0;
    let mut world = World::new(Vec3::zeros());
    let (mass, half) = (0.05, Vec3::new(0.1, 0.004, 0.004));
    let inertia = Matrix3::from_diagonal(&Vec3::new(
        mass * (half.y * half.y + half.z * half.z) / 3.0,
        mass * (half.x * half.x + half.z * half.z) / 3.0,
        mass * (half.x * half.x + half.y * half.y) / 3.0,
    ));
    let rod = RigidBody::new(
        "rod",
        Cuboid::new([half.x, half.y, half.z]).unwrap().into(),
        mass,
        inertia,
        Pose::identity(),
    )
    .with_velocity(Vec3::zeros(), Vec3::new(200.0, 1.0, 0.5));
    world.add_body(rod).unwrap();
    let mut sim = simulation(world, dt);
    let e0 = sim.kinetic_energy().unwrap();
    for step in 0..240 {
        sim.step().unwrap();
        let e = sim.kinetic_energy().unwrap();
        assert!(
            e.is_finite() && e <= e0 * (1.0 + 1e-9),
            "step {step}: energy {e} > {e0}"
        );
    }
    // Not by stopping the body: the spin about the long axis is a constant of the
    // motion of a symmetric rod, and the implicit step keeps most of it.
    let (_, w) = sim.body_velocity(0);
    assert!(w.norm() > 150.0, "spin {w}");
}
