//! Hydroelastic (pressure field) contact in the simulator against analytic rest
//! states: a compliant box on the ground settles at the elastic-foundation depth
//! `F h / (E A)`, a compliant sphere where its integrated field carries its weight, on
//! a half-space and on a rigid box mesh alike; and bad input.

use std::f64::consts::PI;

use nalgebra::Matrix3;
use wolfe::hydroelastic::{surface_mesh, CompliantGeometry};
use wolfe::{Cuboid, Pose, Shape, Sphere, Vec3};
use wolfe_sim::{
    Collider, Hydroelastic, Material, RigidBody, SimError, SimSettings, Simulation, StaticGeometry, World,
};

const G: f64 = 9.81;

fn settings(dt: f64) -> SimSettings {
    SimSettings {
        time_step: dt,
        ..SimSettings::default()
    }
}

/// A world with the ground and one compliant body of `shape` (modulus `e`, mesh
/// `resolution`), mass `mass`, its lowest point `gap` above the ground.
fn compliant_on_ground(shape: Shape, mass: f64, e: f64, resolution: f64, z: f64) -> World {
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let props = shape.mass_properties(1.0).unwrap();
    let inertia = props.inertia * (mass / props.mass);
    let g = CompliantGeometry::from_shape(&shape, e, resolution).unwrap();
    let body = RigidBody::new(
        "soft",
        shape,
        mass,
        inertia,
        Pose::from_translation(Vec3::new(0.0, 0.0, z)),
    );
    let i = world.add_body(body).unwrap();
    world
        .set_hydroelastic(Collider::Body(i), Hydroelastic::compliant(g, 20.0).unwrap())
        .unwrap();
    world
}

fn settle(world: World, dt: f64, steps: usize) -> Simulation {
    let mut sim = Simulation::new(world, settings(dt)).unwrap();
    for _ in 0..steps {
        sim.step().unwrap();
    }
    sim
}

#[test]
fn a_compliant_box_settles_at_the_elastic_foundation_depth() {
    let (a, b, c) = (0.1, 0.07, 0.02);
    let (mass, e) = (2.0, 1e5);
    let shape = Shape::Cuboid(Cuboid::new([a, b, c]).unwrap());
    let sim = settle(compliant_on_ground(shape, mass, e, 0.05, c), 0.005, 400);
    // F = E A delta / h: the field's depth scale h is the box's smallest half-extent.
    let expected = mass * G * c / (e * 4.0 * a * b);
    let delta = c - sim.poses()[0].translation.z;
    assert!(
        (delta - expected).abs() <= 0.01 * expected,
        "sank {delta}, expected {expected}"
    );
    assert!(
        sim.contacts().len() >= 4,
        "a patch, not a point: {} contacts",
        sim.contacts().len()
    );
    let rotation = sim.poses()[0].rotation.angle();
    assert!(rotation < 1e-9, "rests flat ({rotation} rad)");
}

/// The force of the field `E (1 - r/R)` on the plane `R - delta` from the centre.
fn sphere_force(e: f64, r: f64, delta: f64) -> f64 {
    let d = r - delta;
    2.0 * PI * e * (0.5 * (r * r - d * d) - (r.powi(3) - d.powi(3)) / (3.0 * r))
}

/// The depth at which the sphere's field carries `weight` (bisection: the force grows
/// with the depth).
fn sphere_depth(e: f64, r: f64, weight: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, r);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if sphere_force(e, r, mid) < weight {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[test]
fn a_compliant_sphere_rests_where_its_field_carries_its_weight_on_plane_and_mesh() {
    let (r, mass, e) = (0.05, 1.0, 2e4);
    let expected = sphere_depth(e, r, mass * G);
    let shape = || Shape::Sphere(Sphere::new(r).unwrap());
    // On the ground (a half-space).
    let sim = settle(compliant_on_ground(shape(), mass, e, r / 16.0, r), 0.005, 400);
    let on_plane = r - sim.poses()[0].translation.z;
    assert!(
        (on_plane - expected).abs() <= 0.01 * expected,
        "{on_plane} vs {expected}"
    );
    // On a rigid box mesh whose top face is at z = 0.1 (no ground under it).
    let mut world = World::new(Vec3::new(0.0, 0.0, -G));
    let table = Shape::Cuboid(Cuboid::new([0.3, 0.3, 0.05]).unwrap());
    let k = world
        .add_static(StaticGeometry::Shape(
            table.clone(),
            Pose::from_translation(Vec3::new(0.0, 0.0, 0.05)),
            Material::default(),
        ))
        .unwrap();
    world
        .set_hydroelastic(
            Collider::Static(k),
            Hydroelastic::rigid(surface_mesh(&table, 1.0).unwrap()),
        )
        .unwrap();
    let g = CompliantGeometry::from_shape(&shape(), e, r / 16.0).unwrap();
    let inertia = Matrix3::from_diagonal_element(0.4 * mass * r * r);
    let ball = RigidBody::new(
        "soft",
        shape(),
        mass,
        inertia,
        Pose::from_translation(Vec3::new(0.0, 0.0, 0.1 + r)),
    );
    let i = world.add_body(ball).unwrap();
    world
        .set_hydroelastic(Collider::Body(i), Hydroelastic::compliant(g, 20.0).unwrap())
        .unwrap();
    let sim = settle(world, 0.005, 400);
    let on_mesh = 0.1 + r - sim.poses()[0].translation.z;
    assert!(
        (on_mesh - on_plane).abs() <= 1e-6 * expected,
        "{on_mesh} vs {on_plane}"
    );
}

#[test]
fn hydroelastic_settings_are_checked() {
    let mut world = World::default();
    let plane = world.add_ground(Material::default()).unwrap();
    let shape = Shape::Sphere(Sphere::new(0.1).unwrap());
    let g = CompliantGeometry::from_shape(&shape, 1e5, 0.05).unwrap();
    for d in [-1.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(
            Hydroelastic::compliant(g.clone(), d),
            Err(SimError::InvalidSetting { .. })
        ));
    }
    let soft = Hydroelastic::compliant(g, 1.0).unwrap();
    assert!(world.set_hydroelastic(Collider::Body(0), soft.clone()).is_err());
    assert!(world.set_hydroelastic(Collider::Static(plane), soft).is_err());
}
