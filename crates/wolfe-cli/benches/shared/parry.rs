//! The parry counterparts of wolfe's shapes and poses, shared by the benches that
//! compare the two libraries (`peers`, `penetration`).

use parry3d_f64::math::{Pose as ParryPose, Rotation, Vector};
use parry3d_f64::shape as parry_shape;
use wolfe::{ConvexMesh, Pose, Shape, SupportMap};

/// A parry shape with the fixed rotation from wolfe's local frame to parry's.
pub struct ParryShape {
    /// The parry shape.
    pub shape: Box<dyn parry_shape::Shape>,
    /// parry-local to wolfe-local: `parry pose = wolfe pose * offset`.
    pub offset: ParryPose,
}

/// The same solid in parry, or `None` where parry has no such shape (ellipsoids).
///
/// parry's cylinder and cone have their axis along y (cone apex at `+half_height`, base
/// at `-half_height`), wolfe's along z (apex at `+half_length`): the quarter turn about
/// x maps y to z, so the offset is that rotation. Meshes go over as wolfe's hull
/// (vertices and outward triangles), so both libraries see the same polytope.
pub fn parry_shape(shape: &Shape) -> Option<ParryShape> {
    let same_axes = ParryPose::IDENTITY;
    let y_to_z = ParryPose::from_rotation(Rotation::from_rotation_x(std::f64::consts::FRAC_PI_2));
    let (shape, offset): (Box<dyn parry_shape::Shape>, ParryPose) = match shape {
        Shape::Sphere(s) => (Box::new(parry_shape::Ball::new(s.ball_radius())), same_axes),
        Shape::Cuboid(s) => (
            Box::new(parry_shape::Cuboid::new(vector(&s.half_extents()))),
            same_axes,
        ),
        Shape::Capsule(s) => (
            Box::new(parry_shape::Capsule::new_z(s.half_length(), s.radius())),
            same_axes,
        ),
        Shape::Cylinder(s) => (
            Box::new(parry_shape::Cylinder::new(s.half_length(), s.disc_radius())),
            y_to_z,
        ),
        Shape::Cone(s) => (
            Box::new(parry_shape::Cone::new(s.half_length(), s.base_radius())),
            y_to_z,
        ),
        Shape::ConvexMesh(m) => (Box::new(parry_polyhedron(m)), same_axes),
        Shape::Ellipsoid(_) | Shape::Inflated(_) => return None,
    };
    Some(ParryShape { shape, offset })
}

/// wolfe's hull as a parry polyhedron (from its triangles; parry's own hull of the
/// vertices if parry rejects them).
pub fn parry_polyhedron(mesh: &ConvexMesh) -> parry_shape::ConvexPolyhedron {
    let points: Vec<Vector> = mesh.vertices().iter().map(vector).collect();
    parry_shape::ConvexPolyhedron::from_convex_mesh(points.clone(), mesh.faces())
        .or_else(|| parry_shape::ConvexPolyhedron::from_convex_hull(&points))
        .expect("parry cannot build the polyhedron of a wolfe hull")
}

/// A wolfe vector as parry's.
pub fn vector(v: &wolfe::Vec3) -> Vector {
    Vector::new(v.x, v.y, v.z)
}

/// A wolfe pose of a shape as the parry pose of its parry counterpart.
pub fn parry_pose(pose: &Pose, offset: &ParryPose) -> ParryPose {
    let q = pose.rotation.quaternion();
    let rotation = Rotation::from_xyzw(q.i, q.j, q.k, q.w);
    ParryPose::from_parts(vector(&pose.translation), rotation) * *offset
}
