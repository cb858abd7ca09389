//! The step's hot path does not allocate (the project's rule), for free bodies and for
//! robots alike: once a scene has come to rest, so that its contacts and the pattern of
//! SAP's Newton matrix stop changing, a time step makes no heap allocation: the trees'
//! kinematics and free motion (Eq. 13), contact detection, the SAP problem refilled in
//! place, its solve and the position update reuse their storage from earlier steps (the
//! 9-dof arm's block inverse in SAP, Section V-B's near-rigid estimate, included).
//!
//! Counted with a counting global allocator over whole `Simulation::step` calls; this
//! file is its own test binary, and holds a single test (the scenes one after the
//! other), so that nothing else allocates during the count.

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use wolfe_lab::sim::scenes::Clutter;
use wolfe_lab::sim::{marbles_world, panda_drop_world, MarblesOptions, PandaDropOptions};
use wolfe_sim::step::SapStatus;
use wolfe_sim::{SimSettings, Simulation, World};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Steps `sim` `steps` times; returns the allocations (and reallocations) made in the
/// steps whose SAP solve reused the symbolic factorization of H (its sparsity pattern
/// unchanged, or the dense factorization), the number of steps whose pattern changed,
/// and the largest number of contacts seen.
fn count(sim: &mut Simulation, steps: usize) -> (usize, usize, usize) {
    let (mut allocations, mut pattern_changes, mut contacts) = (0, 0, 0);
    for _ in 0..steps {
        let region = Region::new(GLOBAL);
        let s = sim.step().expect("step");
        let change = region.change();
        assert_eq!(s.sap_status, Some(SapStatus::Converged));
        contacts = contacts.max(s.contacts);
        let stats = sim.last_sap_stats().expect("a solve");
        if stats.sparse && !stats.symbolic_reused {
            // A contact between two bodies appeared or vanished: faer's symbolic
            // analysis of the new pattern allocates (Section IV-D's structure changed).
            pattern_changes += 1;
        } else {
            allocations += change.allocations + change.reallocations;
        }
    }
    (allocations, pattern_changes, contacts)
}

/// `world` settled for `settle` steps, then 100 steps counted: no allocation, except in
/// the steps where the sparsity pattern of H changed (a contact between two bodies or
/// trees appeared or vanished: faer's symbolic analysis allocates), at most a few at rest.
fn assert_resting_steps_do_not_allocate(what: &str, world: World, settings: SimSettings, settle: usize) {
    let mut sim = Simulation::new(world, settings).expect("simulation");
    for _ in 0..settle {
        sim.step().expect("settling step");
    }
    let (allocations, pattern_changes, contacts) = count(&mut sim, 100);
    assert!(contacts > 0, "{what}: the scene must rest in contact");
    assert_eq!(
        allocations, 0,
        "{what} ({contacts} contacts): {allocations} allocations in 100 resting steps"
    );
    assert!(
        pattern_changes <= 5,
        "{what}: the pattern of H changed in {pattern_changes} of 100 resting steps"
    );
}

/// Two compound dumbbells (two spheres and a capsule each) lying on the ground, one
/// across the other's bar, and a box on a static compound step: per-part-pair states
/// at rest.
fn compounds_world() -> (World, SimSettings) {
    use wolfe::{Compound, CompoundPart, Cuboid, Geometry, Pose, Vec3};
    use wolfe_sim::{Material, RigidBody, StaticGeometry};
    let dt = 0.005;
    let material = Material {
        dissipation_time_scale: dt,
        friction: 0.8,
        ..Material::default()
    };
    let dumbbell = Geometry::from(Compound::dumbbell(0.03, 0.1, 0.01).unwrap());
    let mut world = World::default();
    world.add_ground(material).unwrap();
    for (k, pose) in [
        Pose::from_translation(Vec3::new(0.0, 0.0, 0.031)),
        Pose::from_translation(Vec3::new(0.5, 0.0, 0.031)),
    ]
    .into_iter()
    .enumerate()
    {
        let body =
            RigidBody::from_geometry_density(format!("dumbbell{k}"), dumbbell.clone(), 1000.0, pose).unwrap();
        world.add_body(body.with_material(material)).unwrap();
    }
    let step = Compound::new(vec![
        CompoundPart::new(Cuboid::new([0.1, 0.1, 0.02]).unwrap().into(), Pose::identity()),
        CompoundPart::new(
            Cuboid::new([0.05, 0.1, 0.02]).unwrap().into(),
            Pose::from_translation(Vec3::new(0.05, 0.0, 0.04)),
        ),
    ])
    .unwrap();
    let at = Pose::from_translation(Vec3::new(-0.5, 0.0, 0.02));
    world
        .add_static(StaticGeometry::Composite(step.into(), at, material))
        .unwrap();
    let cube = RigidBody::from_density(
        "box",
        Cuboid::new([0.02; 3]).unwrap().into(),
        500.0,
        Pose::from_translation(Vec3::new(-0.55, 0.0, 0.061)),
    );
    world.add_body(cube.unwrap().with_material(material)).unwrap();
    let settings = SimSettings {
        time_step: dt,
        ..SimSettings::default()
    };
    (world, settings)
}

/// Clutter piles at rest, 6 bodies (36 dofs, SAP's dense factorization) and 20 bodies
/// (120 dofs, the sparse supernodal one), settled for 4 s; panda-drop's objects at rest
/// on the table, the floor and the arm, settled for 4 s; compound bodies and static
/// compounds at rest, and eight marbles in the bowl (a static triangle mesh), settled.
#[test]
fn resting_steps_do_not_allocate() {
    for bodies in [6, 20] {
        let (world, settings) = Clutter {
            bodies,
            ..Clutter::default()
        }
        .build()
        .expect("scene");
        assert_resting_steps_do_not_allocate(&format!("clutter, {bodies} bodies"), world, settings, 400);
    }
    let options = PandaDropOptions::new(std::env::temp_dir().join("wolfe-lab-alloc-unused"));
    let (world, settings) = panda_drop_world(&options).expect("scene");
    assert_resting_steps_do_not_allocate("panda-drop", world, settings, 800);
    let (world, settings) = compounds_world();
    assert_resting_steps_do_not_allocate("compounds", world, settings, 400);
    let mut options = MarblesOptions::new(None);
    options.marbles = 8;
    let (world, settings) = marbles_world(&options).expect("scene");
    assert_resting_steps_do_not_allocate("marbles", world, settings, 1500);
}
