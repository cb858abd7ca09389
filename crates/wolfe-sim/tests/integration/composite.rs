//! Non-convex geometry in the simulator: a compound body's parts and a static mesh's
//! triangles each touch on their own; checked against analytic answers, momentum
//! balance, and a compound of one part against its convex part bit for bit.

use std::f64::consts::FRAC_PI_2;
use std::sync::Arc;

use nalgebra::Matrix3;
use wolfe::{Compound, CompoundPart, Cuboid, Geometry, Pose, Quat, Shape, Sphere, TriMesh, Vec3};
use wolfe_sim::{
    detect::ContactQuery, Collider, Material, RigidBody, SimError, SimSettings, Simulation, StaticGeometry,
    World,
};

const G: f64 = 9.81;

fn near_rigid(dt: f64) -> Material {
    Material {
        stiffness: 1e12,
        dissipation_time_scale: dt,
        friction: 0.5,
    }
}

fn settings(dt: f64) -> SimSettings {
    SimSettings {
        time_step: dt,
        ..SimSettings::default()
    }
}

/// A bowl of outer radius `radius` and wall `thickness` on the ground, rim at
/// `z = radius` (its bottom touches the ground).
fn bowl_world(radius: f64, thickness: f64, segments: usize, dt: f64) -> World {
    let mut world = World::default();
    world.add_ground(near_rigid(dt)).unwrap();
    let bowl = TriMesh::bowl(radius, thickness, segments).unwrap();
    let pose = Pose::from_translation(Vec3::new(0.0, 0.0, radius));
    world
        .add_static(StaticGeometry::Composite(bowl.into(), pose, near_rigid(dt)))
        .unwrap();
    world
}

/// A sphere dropped into a procedural bowl comes to rest on its inner surface: its
/// centre ends at the inner surface's lowest point plus its radius, within the
/// faceting of the mesh (the facets lie inside the inner sphere they are cut from, by
/// at most `inner (1 - cos a)`, `a` the angular size of a facet) and 0.1 mm of rest
/// penetration; not on the hull's lid at the rim (a hulled bowl holds it at the rim's
/// height). Every contact normal at rest points up the bowl's axis.
#[test]
fn sphere_in_a_bowl_rests_on_the_inner_surface() {
    let dt = 0.005;
    let (radius, thickness, segments) = (0.1, 0.005, 48);
    let mut world = bowl_world(radius, thickness, segments, dt);
    let r = 0.01;
    let mass = 0.02;
    let start = Pose::from_translation(Vec3::new(0.0, 0.0, 0.05));
    let ball = RigidBody::new(
        "marble",
        Sphere::new(r).unwrap().into(),
        mass,
        Matrix3::from_diagonal_element(0.4 * mass * r * r),
        start,
    )
    .with_material(near_rigid(dt));
    world.add_body(ball).unwrap();
    let mut sim = Simulation::new(world, settings(dt)).unwrap();
    for _ in 0..400 {
        sim.step().unwrap();
    }
    let z = sim.poses()[0].translation.z;
    let inner = radius - thickness;
    let bottom = radius - inner + r;
    let facet = (FRAC_PI_2 / (segments / 2) as f64).max(std::f64::consts::TAU / segments as f64);
    let faceting = inner * (1.0 - facet.cos());
    assert!(
        z >= bottom - 1e-4 && z <= bottom + faceting + 1e-4,
        "rests at z = {z}, inner surface gives [{bottom}, {}]",
        bottom + faceting
    );
    // Slow: it may still roll to and fro about the bottom (nothing damps rolling).
    let (v, _) = sim.body_velocity(0);
    assert!(v.norm() < 1e-2, "settled: v {v}");
    let contacts = sim.contacts();
    assert!(!contacts.is_empty());
    let touching: Vec<_> = contacts.iter().filter(|c| c.phi0 < 1e-4).collect();
    assert!(!touching.is_empty(), "touches the bowl");
    for c in touching {
        assert_eq!(c.a, Collider::Static(1), "touches the bowl, not the ground");
        assert!(c.normal.z > 0.99, "normal {} points up the axis", c.normal);
        assert!(c.phi0 > -1e-4, "rest penetration {}", c.phi0);
    }
    // The bowl's outer wall, 5 mm under the marble through the wall, is seen from
    // behind: no contact with it (the ground's half-space under it is no mesh).
    let bowl = contacts.iter().filter(|c| c.a == Collider::Static(1));
    assert!(
        bowl.clone().all(|c| c.point.z > thickness - 1e-4),
        "a contact on the outer wall"
    );
    assert!(
        bowl.count() < contacts.len(),
        "the ground under the bowl is within the margin too"
    );
}

/// A dumbbell: two 3 cm balls 20 cm apart joined by a 1 cm bar, along x.
fn dumbbell() -> Compound {
    Compound::dumbbell(0.03, 0.1, 0.01).unwrap()
}

/// A compound dumbbell thrown yawed and pitching (its angular velocity along no
/// principal axis): in flight its linear momentum changes by exactly `m g dt` per step
/// and its angular momentum is conserved (no contact acts); it lands and ends lying
/// flat with both ends on the ground (it may still roll about its own axis: nothing
/// damps rolling).
#[test]
fn dumbbell_conserves_momentum_in_flight_and_rests_on_both_ends() {
    let dt = 0.002;
    let mut world = World::default();
    world.add_ground(near_rigid(dt)).unwrap();
    let geometry = Geometry::from(dumbbell());
    let props = geometry.mass_properties(1000.0).unwrap();
    let start = Pose::new(
        Vec3::new(0.0, 0.0, 0.25),
        Quat::from_scaled_axis(Vec3::new(0.0, 0.0, 0.5)),
    );
    let body = RigidBody::from_geometry_density("dumbbell", geometry, 1000.0, start)
        .unwrap()
        .with_material(near_rigid(dt))
        .with_velocity(Vec3::new(0.1, 0.0, 0.5), Vec3::new(0.0, 3.0, 0.0));
    assert_eq!(body.mass, props.mass);
    let mass = body.mass;
    world.add_body(body).unwrap();
    let mut sim = Simulation::new(world, settings(dt)).unwrap();
    let momentum = |sim: &Simulation| {
        let (v, w) = sim.body_velocity(0);
        let r = sim.poses()[0].rotation.to_rotation_matrix();
        let inertia = r * sim.world().bodies()[0].inertia * r.transpose();
        (mass * v, inertia * w)
    };
    let (mut p, l0) = momentum(&sim);
    let (mut landed, mut flight) = (false, 0);
    for _ in 0..1500 {
        let stats = sim.step().unwrap();
        let (p1, l1) = momentum(&sim);
        if stats.contacts == 0 && !landed {
            flight += 1;
            let expected = p + Vec3::new(0.0, 0.0, -mass * G * dt);
            assert!(
                (p1 - expected).norm() <= 1e-12 * (1.0 + p.norm()),
                "linear momentum {p1} vs {expected}"
            );
            // The free-body update rotates by the exponential map of the step's angular
            // velocity (no gyroscopic correction), so a body spinning about no principal
            // axis keeps its angular momentum to first order in dt only.
            assert!(
                (l1 - l0).norm() <= 1e-3 * l0.norm(),
                "angular momentum {l1} vs {l0}"
            );
        } else {
            landed = true;
        }
        p = p1;
    }
    assert!(flight > 50 && landed, "{flight} steps of flight, then the ground");
    let pose = sim.poses()[0];
    assert!(
        (pose.translation.z - 0.03).abs() < 1e-4,
        "lies on its balls: z = {}",
        pose.translation.z
    );
    let axis = pose.rotation * Vec3::x();
    assert!(axis.z.abs() < 1e-3, "lies flat: axis {axis}");
    let (v, w) = sim.body_velocity(0);
    assert!(
        v.z.abs() < 1e-3 && w.dot(&axis.cross(&Vec3::z())).abs() < 1e-2,
        "settled: v {v}, w {w}"
    );
    // Both ends touch: contact points under each ball.
    let ends = [-0.1, 0.1].map(|x| pose.transform_point(&Vec3::new(x, 0.0, 0.0)));
    for end in ends {
        let touching = sim
            .contacts()
            .iter()
            .any(|c| (c.point.xy() - end.xy()).norm() < 1e-3 && c.phi0 < 1e-4);
        assert!(touching, "no contact under the end at {end}");
    }
}

/// A run of `steps` steps of a box (convex, or a compound of that one box) tumbling
/// onto the ground with a sphere dropped on it; the poses of every step.
fn tumbling(compound: bool, steps: usize) -> Vec<Vec<Pose>> {
    let dt = 0.005;
    let mut world = World::default();
    world.add_ground(near_rigid(dt)).unwrap();
    let cuboid: Shape = Cuboid::new([0.05, 0.03, 0.02]).unwrap().into();
    let props = cuboid.mass_properties(800.0).unwrap();
    let geometry = if compound {
        Geometry::Compound(Arc::new(
            Compound::new(vec![CompoundPart::new(cuboid, Pose::identity())]).unwrap(),
        ))
    } else {
        Geometry::Convex(cuboid)
    };
    let start = Pose::new(
        Vec3::new(0.0, 0.0, 0.12),
        Quat::from_scaled_axis(Vec3::new(0.3, 0.5, 0.1)),
    );
    let body = RigidBody::from_geometry("box", geometry, props.mass, props.inertia, start)
        .with_material(near_rigid(dt))
        .with_velocity(Vec3::new(0.2, 0.0, 0.0), Vec3::new(1.0, -2.0, 3.0));
    world.add_body(body).unwrap();
    let r = 0.015;
    let ball = RigidBody::new(
        "ball",
        Sphere::new(r).unwrap().into(),
        0.01,
        Matrix3::from_diagonal_element(0.4 * 0.01 * r * r),
        Pose::from_translation(Vec3::new(0.01, 0.0, 0.25)),
    )
    .with_material(near_rigid(dt));
    world.add_body(ball).unwrap();
    let wall = Pose::from_translation(Vec3::new(0.15, 0.0, 0.05));
    world
        .add_static(StaticGeometry::Shape(
            Cuboid::new([0.01, 0.2, 0.05]).unwrap().into(),
            wall,
            near_rigid(dt),
        ))
        .unwrap();
    let mut sim = Simulation::new(world, settings(dt)).unwrap();
    (0..steps)
        .map(|_| {
            sim.step().unwrap();
            sim.poses().to_vec()
        })
        .collect()
}

/// A compound of one part is its part: the same queries run on the same poses (the
/// part's pose composed with the identity), so the trajectories agree bit for bit,
/// through the flight, the bounces on the ground, the ball landing on it and the wall.
#[test]
fn compound_of_one_part_moves_exactly_as_its_convex_part() {
    let convex = tumbling(false, 400);
    let compound = tumbling(true, 400);
    for (k, (a, b)) in convex.iter().zip(&compound).enumerate() {
        for (pa, pb) in a.iter().zip(b) {
            assert_eq!(pa.translation, pb.translation, "step {k}");
            assert_eq!(pa.rotation, pb.rotation, "step {k}");
        }
    }
    // The run did exercise contacts: the box came down.
    assert!(convex.last().unwrap()[0].translation.z < 0.06);
}

/// Growth distance is convex-only: a world with a compound is refused with that
/// reason; a moving triangle mesh is refused with the advice to decompose it.
#[test]
fn growth_with_a_compound_and_a_moving_mesh_are_typed_errors() {
    let dt = 0.01;
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let body = RigidBody::from_geometry_density(
        "dumbbell",
        dumbbell().into(),
        1000.0,
        Pose::from_translation(Vec3::new(0.0, 0.0, 0.2)),
    )
    .unwrap();
    world.add_body(body).unwrap();
    let growth = SimSettings {
        contact_query: ContactQuery::GrowthDistance,
        ..settings(dt)
    };
    let Err(err) = Simulation::new(world, growth) else {
        panic!("growth distance with a compound was accepted")
    };
    assert!(
        matches!(&err, SimError::Invalid { what: "contact query", reason } if reason.contains("convex shapes only") && reason.contains("compound")),
        "{err}"
    );
    let mesh = TriMesh::bowl(0.1, 0.01, 12).unwrap();
    let err =
        RigidBody::from_geometry_density("bowl", mesh.clone().into(), 1000.0, Pose::identity()).unwrap_err();
    assert!(err.to_string().contains("decompose"), "{err}");
    let body = RigidBody::from_geometry("bowl", mesh.into(), 1.0, Matrix3::identity(), Pose::identity());
    let err = World::default().add_body(body).unwrap_err();
    assert!(err.to_string().contains("decompose"), "{err}");
}
