//! User collision filters: collision bits per geometry (MuJoCo's contype/conaffinity)
//! and excluded body pairs (MJCF's `<exclude>`), on a box dropped onto another box
//! resting on the floor.

use wolfe::{Cuboid, HalfSpace, Pose, Quat, Shape, Vec3};
use wolfe_robot::{RobotWorld, Simulator, StepSettings};

/// A floor, a 10 cm box resting on it (tree 0) and a second box 2 cm above it (tree 1).
fn stack() -> RobotWorld {
    let mut world = RobotWorld::new();
    world.add_half_space(HalfSpace::new(Vec3::z(), 0.0).unwrap(), 1.0);
    let shape = Shape::Cuboid(Cuboid::new([0.05, 0.05, 0.05]).unwrap());
    for z in [0.05, 0.17] {
        let pose = Pose {
            rotation: Quat::identity(),
            translation: Vec3::new(0.0, 0.0, z),
        };
        world
            .add_free_object("box", shape.clone(), 800.0, &pose, 1.0)
            .unwrap();
    }
    world
}

/// The height of the upper box after 0.5 s.
fn upper_box_height(world: RobotWorld) -> f64 {
    let mut sim = Simulator::new(world, StepSettings::default()).unwrap();
    for _ in 0..100 {
        sim.step().unwrap();
    }
    sim.world().trees()[1].q[2]
}

/// Unfiltered, the upper box lands on the lower one (its centre 10 cm above the
/// lower's); with disjoint collision bits, or with the two bodies excluded, it passes
/// through and lands on the floor (its centre 5 cm up); bits that share a bit on one
/// side (MuJoCo's "or" rule) still collide.
#[test]
fn collision_bits_and_excluded_pairs_filter_contacts() {
    let stacked = upper_box_height(stack());
    assert!((stacked - 0.15).abs() < 2e-3, "stacked: {stacked}");

    let mut disjoint = stack();
    disjoint.set_collision_bits(0, 0b01, 0b01).unwrap();
    disjoint.set_collision_bits(1, 0b10, 0b10).unwrap();
    let through = upper_box_height(disjoint);
    assert!((through - 0.05).abs() < 2e-3, "disjoint bits: {through}");

    let mut one_way = stack();
    one_way.set_collision_bits(0, 0b01, 0b10).unwrap();
    one_way.set_collision_bits(1, 0b10, 0b00).unwrap();
    let one_way = upper_box_height(one_way);
    assert!((one_way - 0.15).abs() < 2e-3, "type_b & affinity_a: {one_way}");

    let mut excluded = stack();
    excluded.exclude_bodies(1, 0, 0, 0).unwrap();
    let through = upper_box_height(excluded);
    assert!((through - 0.05).abs() < 2e-3, "excluded: {through}");

    let mut bad = stack();
    assert!(bad.set_collision_bits(2, 1, 1).is_err());
    assert!(bad.exclude_bodies(0, 1, 1, 0).is_err());
    assert!(bad.exclude_bodies(0, 0, 5, 0).is_err());
}
