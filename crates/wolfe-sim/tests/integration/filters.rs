//! User collision filters: collision groups per geometry (MuJoCo's contype/conaffinity)
//! and excluded body pairs (MJCF's `<exclude>`), on a box dropped onto another box
//! resting on the floor.

use wolfe::{Cuboid, Pose, Shape, Vec3};
use wolfe_sim::{CollisionFilter, ExcludedBody, Material, RigidBody, SimSettings, Simulation, World};

/// A floor, a 10 cm box resting on it (body 0) and a second box 2 cm above it (body 1),
/// with the given collision groups.
fn stack(lower: CollisionFilter, upper: CollisionFilter) -> World {
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let shape = Shape::Cuboid(Cuboid::new([0.05, 0.05, 0.05]).unwrap());
    for (z, filter) in [(0.05, lower), (0.17, upper)] {
        let pose = Pose::from_translation(Vec3::new(0.0, 0.0, z));
        let body = RigidBody::from_density("box", shape.clone(), 800.0, pose).unwrap();
        world.add_body(body.with_filter(filter)).unwrap();
    }
    world
}

/// The height of the upper box's centre after 0.5 s.
fn upper_box_height(world: World) -> f64 {
    let settings = SimSettings {
        time_step: 5e-3,
        ..Default::default()
    };
    let mut sim = Simulation::new(world, settings).unwrap();
    for _ in 0..100 {
        sim.step().unwrap();
    }
    sim.poses()[1].translation.z
}

fn filter(group: u32, mask: u32) -> CollisionFilter {
    CollisionFilter { group, mask }
}

/// Unfiltered, the upper box lands on the lower one (its centre 10 cm above the
/// lower's); with disjoint groups, or with the two bodies excluded, it passes through
/// and lands on the floor (its centre 5 cm up); groups that meet a mask on one side
/// (MuJoCo's "or" rule) still collide.
#[test]
fn collision_groups_and_excluded_pairs_filter_contacts() {
    let all = CollisionFilter::default();
    let stacked = upper_box_height(stack(all, all));
    assert!((stacked - 0.15).abs() < 2e-3, "stacked: {stacked}");

    let through = upper_box_height(stack(filter(0b01, 0b01), filter(0b10, 0b10)));
    assert!((through - 0.05).abs() < 2e-3, "disjoint groups: {through}");

    let one_way = upper_box_height(stack(filter(0b01, 0b10), filter(0b10, 0b00)));
    assert!((one_way - 0.15).abs() < 2e-3, "group_b & mask_a: {one_way}");

    let mut excluded = stack(all, all);
    excluded
        .exclude(ExcludedBody::Rigid(1), ExcludedBody::Rigid(0))
        .unwrap();
    let through = upper_box_height(excluded);
    assert!((through - 0.05).abs() < 2e-3, "excluded: {through}");

    let mut bad = stack(all, all);
    assert!(bad
        .exclude(ExcludedBody::Rigid(0), ExcludedBody::Rigid(5))
        .is_err());
    assert!(bad
        .exclude(ExcludedBody::Rigid(0), ExcludedBody::Tree { tree: 0, body: 0 })
        .is_err());
    assert!(bad.tree_mut(0).is_err());
    assert!(bad.link_mut(0).is_err());
}
