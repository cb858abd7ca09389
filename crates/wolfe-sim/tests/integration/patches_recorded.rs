//! The contact patches a run records (`patches.csv`): a compliant sphere resting on the
//! ground. Each recorded step holds the polygons of the contact surface its step
//! detected (the sphere's field cut by the plane at the pose the step started from,
//! computed here independently): their areas add up to that surface's area, their
//! vertices lie in the plane within the contact disc, their pressures are in
//! `(0, E]`, and at rest their forces `p A` carry the sphere's weight. A run without
//! hydroelastic pairs writes no `patches.csv`.

use std::path::PathBuf;

use nalgebra::Matrix3;
use wolfe::hydroelastic::{halfspace_surface, CompliantGeometry, ContactSurface};
use wolfe::{HalfSpace, Pose, Shape, Sphere, Vec3};
use wolfe_sim::trajectory::TrajectoryWriter;
use wolfe_sim::{Collider, Hydroelastic, Material, RigidBody, SimSettings, Simulation, World};
use wolfe_trajectory::{to_pose, Recording};

const G: f64 = 9.81;

/// A fresh folder under the test build's temporary directory.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("wolfe-sim-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Records `steps` steps of `world` (every step, from step 0) into `dir`.
fn record(world: World, dt: f64, steps: u64, dir: &std::path::Path) {
    let settings = SimSettings {
        time_step: dt,
        ..SimSettings::default()
    };
    let mut sim = Simulation::new(world, settings).unwrap();
    let mut w = TrajectoryWriter::create(dir, sim.world()).unwrap();
    w.record_simulation(0, &sim).unwrap();
    for k in 1..=steps {
        sim.step().unwrap();
        w.record_simulation(k, &sim).unwrap();
    }
    w.finish().unwrap();
}

/// A sphere of radius `r` and mass `mass` at height `z` on the ground, compliant
/// (`geometry`) or, without one, a point-contact body.
fn sphere_world(r: f64, mass: f64, z: f64, geometry: Option<CompliantGeometry>) -> World {
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let ball = RigidBody::new(
        "ball",
        Shape::Sphere(Sphere::new(r).unwrap()),
        mass,
        Matrix3::from_diagonal_element(0.4 * mass * r * r),
        Pose::from_translation(Vec3::new(0.0, 0.0, z)),
    );
    let i = world.add_body(ball).unwrap();
    if let Some(g) = geometry {
        world
            .set_hydroelastic(Collider::Body(i), Hydroelastic::compliant(g, 20.0).unwrap())
            .unwrap();
    }
    world
}

#[test]
fn a_resting_compliant_sphere_records_the_patches_of_its_contact_surface() {
    let (r, mass, e) = (0.05, 1.0, 2e4);
    let shape = Shape::Sphere(Sphere::new(r).unwrap());
    let field = CompliantGeometry::from_shape(&shape, e, r / 16.0).unwrap();
    // Started 0.9 mm deep (the simulator allows 1 mm of initial overlap), it touches
    // from the first step on and settles at its rest depth (about 7 mm).
    let dir = folder("resting-sphere-patches");
    let steps = 200;
    record(
        sphere_world(r, mass, r - 0.0009, Some(field.clone())),
        0.005,
        steps,
        &dir,
    );

    let rec = Recording::read(&dir).unwrap();
    assert!(rec.has_patches);
    assert_eq!(rec.frames.len() as u64, steps + 1);
    assert!(
        rec.frames[0].patches.is_empty(),
        "no detection before the first step"
    );
    let ground = HalfSpace::new(Vec3::z(), 0.0).unwrap();
    let mut surface = ContactSurface::default();
    for k in 1..rec.frames.len() {
        let patches = &rec.frames[k].patches;
        // The step detected at the pose it started from: frame k - 1's (the sphere's
        // shape frame is its body frame).
        let start = to_pose(&rec.frames[k - 1].poses[0]);
        halfspace_surface(&ground, &field, &start, &mut surface);
        assert!(!patches.is_empty(), "step {k}: in contact");
        assert_eq!(
            patches.len(),
            surface.polygons.len(),
            "step {k}: one row set per polygon"
        );
        let area: f64 = patches.iter().map(|p| p.area).sum();
        assert!(
            (area - surface.area()).abs() <= 1e-12 * surface.area(),
            "step {k}: recorded area {area} vs the surface's {}",
            surface.area()
        );
        // The contact disc: the plane cuts the ball at depth r - z.
        let c = start.translation;
        let disc = (r * r - c.z * c.z).sqrt();
        for p in patches {
            assert_eq!(
                (p.a, p.b),
                (1, 0),
                "ground (object 1) against the ball (object 0)"
            );
            assert!(
                p.pressure > 0.0 && p.pressure <= e,
                "step {k}: pressure {}",
                p.pressure
            );
            assert!(p.vertices.len() >= 3);
            for v in &p.vertices {
                assert!(v[2].abs() <= 1e-12, "step {k}: vertex {v:?} off the plane");
                let radial = (v[0] - c.x).hypot(v[1] - c.y);
                assert!(
                    radial <= disc + 1e-9,
                    "step {k}: vertex {v:?} outside the disc {disc}"
                );
            }
        }
    }
    // At rest the patches' forces (the pressure is linear on each polygon: p at the
    // centroid times the area is its force) carry the weight.
    let last = &rec.frames[steps as usize].patches;
    let force: f64 = last.iter().map(|p| p.pressure * p.area).sum();
    assert!(
        (force - mass * G).abs() <= 0.02 * mass * G,
        "the patches carry {force} N, the weight is {} N",
        mass * G
    );
}

#[test]
fn a_run_without_hydroelastic_pairs_writes_no_patches_file() {
    let dir = folder("point-contact-sphere");
    record(sphere_world(0.05, 1.0, 0.05, None), 0.005, 10, &dir);
    assert!(!dir.join("patches.csv").exists());
    let rec = Recording::read(&dir).unwrap();
    assert!(!rec.has_patches);
    assert!(
        rec.frames.iter().any(|f| !f.contacts.is_empty()),
        "it rests on the ground"
    );
}
