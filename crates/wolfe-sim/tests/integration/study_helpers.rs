//! The helpers behind the clutter studies: contact slip speeds (Eq. 31) and SAP's
//! Newton matrix at the final configuration (Fig. 15), checked against closed forms.

use nalgebra::Matrix3;
use wolfe::{Cuboid, Pose, Sphere, Vec3};
use wolfe_sim::{Material, RigidBody, SimSettings, Simulation, World};

const G: f64 = 9.81;
const DT: f64 = 0.01;

fn material(friction: f64) -> Material {
    Material {
        stiffness: 1e12,
        dissipation_time_scale: DT,
        friction,
    }
}

fn settings(sigma: f64) -> SimSettings {
    let mut s = SimSettings {
        time_step: DT,
        ..SimSettings::default()
    };
    s.sap.regularization.sigma = sigma;
    s
}

fn resting_box(friction: f64, linear: Vec3, sigma: f64) -> Simulation {
    let (half, mass) = (0.05, 1.0);
    let mut world = World::default();
    world.add_ground(material(friction)).unwrap();
    let body = RigidBody::new(
        "box",
        Cuboid::new([half; 3]).unwrap().into(),
        mass,
        Matrix3::from_diagonal_element(mass * (2.0 * half).powi(2) / 6.0),
        Pose::from_translation(Vec3::new(0.0, 0.0, half)),
    )
    .with_material(material(friction))
    .with_velocity(linear, Vec3::zeros());
    world.add_body(body).unwrap();
    Simulation::new(world, settings(sigma)).unwrap()
}

fn ball(friction: f64, linear: Vec3, angular: Vec3) -> Simulation {
    let (r, mass) = (0.05, 0.5);
    let mut world = World::default();
    world.add_ground(material(friction)).unwrap();
    let body = RigidBody::new(
        "ball",
        Sphere::new(r).unwrap().into(),
        mass,
        Matrix3::from_diagonal_element(0.4 * mass * r * r),
        Pose::from_translation(Vec3::new(0.0, 0.0, r)),
    )
    .with_material(material(friction))
    .with_velocity(linear, angular);
    world.add_body(body).unwrap();
    Simulation::new(world, settings(1e-3)).unwrap()
}

#[test]
fn frictionless_sliding_box_slips_at_its_speed() {
    let v = Vec3::new(0.3, -0.4, 0.0);
    let mut sim = resting_box(0.0, v, 1e-3);
    for _ in 0..20 {
        sim.step().unwrap();
        let slips = sim.contact_slip_speeds().unwrap();
        assert_eq!(slips.len(), sim.contacts().len());
        assert_eq!(slips.len(), 4, "a box on a face touches at its four corners");
        for s in slips {
            // No friction: the tangential velocity keeps its initial 0.5 m/s.
            assert!((s - v.norm()).abs() < 1e-6 * v.norm(), "slip {s}");
        }
    }
}

#[test]
fn frictionless_spinning_ball_slips_at_omega_r() {
    // Spinning about x on frictionless ground: the contact point moves at omega x (-r z).
    let omega = 10.0;
    let mut sim = ball(0.0, Vec3::zeros(), Vec3::new(omega, 0.0, 0.0));
    for _ in 0..20 {
        sim.step().unwrap();
        let slips = sim.contact_slip_speeds().unwrap();
        assert_eq!(slips.len(), 1);
        // Lever arm from the centre at the step's start (symplectic Euler: x - dt v).
        let (v, w) = sim.body_velocity(0);
        let height = sim.poses()[0].translation.z - DT * v.z;
        let expected = w.x.abs() * (height - sim.contacts()[0].point.z);
        assert!((slips[0] - expected).abs() < 1e-9, "{} vs {expected}", slips[0]);
        assert!((slips[0] - omega * 0.05).abs() < 1e-3 * omega * 0.05);
    }
}

#[test]
fn rolling_ball_and_resting_box_slip_below_the_stiction_bound() {
    // Eq. 31: in stiction the regularized friction slips at most about sigma mu dt g.
    let bound = 1e-3 * 1.0 * DT * G;
    let v = 1.0;
    let mut rolling = ball(1.0, Vec3::new(v, 0.0, 0.0), Vec3::new(0.0, v / 0.05, 0.0));
    let mut resting = resting_box(1.0, Vec3::zeros(), 1e-3);
    for _ in 0..100 {
        rolling.step().unwrap();
        resting.step().unwrap();
    }
    for s in rolling
        .contact_slip_speeds()
        .unwrap()
        .into_iter()
        .chain(resting.contact_slip_speeds().unwrap())
    {
        assert!(s < bound, "slip {s} above {bound}");
    }
}

#[test]
fn next_step_hessian_is_spd_above_the_mass_matrix_and_leaves_the_state() {
    let mut sim = resting_box(1.0, Vec3::zeros(), 1e-3);
    for _ in 0..50 {
        sim.step().unwrap();
    }
    let (poses, v, t) = (sim.poses().to_vec(), sim.velocities().clone(), sim.time());
    let h = sim
        .next_step_hessian()
        .unwrap()
        .expect("the box touches the ground");
    assert_eq!(sim.poses(), &poses[..]);
    assert_eq!(sim.velocities(), &v);
    assert_eq!(sim.time(), t);
    assert_eq!(h.shape(), (6, 6));
    assert!((&h - h.transpose()).norm() <= 1e-12 * h.norm());
    // Symplectic Euler without springs: A = M, and H = M + J^T G J with G PSD.
    let mass = 1.0;
    let inertia = mass * 0.1f64.powi(2) / 6.0;
    let m = nalgebra::DMatrix::from_diagonal(&nalgebra::DVector::from_vec(vec![
        mass, mass, mass, inertia, inertia, inertia,
    ]));
    let lowest = (&h - &m).symmetric_eigenvalues().min();
    assert!(lowest >= -1e-9 * h.norm(), "H - M has eigenvalue {lowest}");
    assert!(h.clone().cholesky().is_some());
}

#[test]
fn next_step_hessian_conditioning_grows_as_sigma_shrinks() {
    // R_t = sigma w (Eq. 30): in stiction G ~ 1/R_t, so cond(H) ~ 1/sigma (Fig. 15).
    let cond = |sigma: f64| {
        let mut sim = resting_box(1.0, Vec3::zeros(), sigma);
        for _ in 0..50 {
            sim.step().unwrap();
        }
        let e = sim.next_step_hessian().unwrap().unwrap().symmetric_eigenvalues();
        e.max() / e.min()
    };
    let (coarse, fine) = (cond(1e-2), cond(1e-4));
    assert!(
        fine > 30.0 * coarse,
        "cond {fine:.3e} at 1e-4, {coarse:.3e} at 1e-2"
    );
}

#[test]
fn next_step_hessian_is_none_without_contacts() {
    let mut world = World::default();
    world.add_ground(material(1.0)).unwrap();
    world
        .add_body(RigidBody::new(
            "ball",
            Sphere::new(0.05).unwrap().into(),
            0.5,
            Matrix3::from_diagonal_element(5e-4),
            Pose::from_translation(Vec3::new(0.0, 0.0, 1.0)),
        ))
        .unwrap();
    let mut sim = Simulation::new(world, settings(1e-3)).unwrap();
    assert!(sim.next_step_hessian().unwrap().is_none());
    assert!(sim.contact_slip_speeds().unwrap().is_empty());
}
