//! The bench's shapes and poses: log-uniform curved primitives, hulls of random points
//! on ellipsoid surfaces, random poses and their small moves, and the brute-force
//! support of Fig. 4.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wolfe::{
    Aabb, Capsule, Cone, ConvexMesh, ConvexShape, Cylinder, Ellipsoid, Pose, Quat, Shape, Sphere, SupportMap,
    Vec3, WolfeError,
};

use crate::generate::{random_direction, random_quaternion};

/// A convex mesh whose support checks every vertex: Fig. 4's "without hill-climbing".
pub struct BruteForce<'m>(pub &'m ConvexMesh);

impl SupportMap for BruteForce<'_> {
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        self.0.vertices()[self.0.support_vertex_brute_force(dir) as usize]
    }
}

impl ConvexShape for BruteForce<'_> {
    fn is_strictly_convex(&self) -> bool {
        false
    }

    fn is_polytope(&self) -> bool {
        true
    }

    fn local_aabb(&self) -> Aabb {
        self.0.local_aabb()
    }

    fn center(&self) -> Vec3 {
        self.0.center()
    }

    fn inradius(&self) -> f64 {
        self.0.inradius()
    }
}

/// `0.25 * 10^u`, `u` uniform in `[-2, 0]`: log-uniform in `[0.0025, 0.25]` m.
pub(super) fn log_uniform(rng: &mut ChaCha8Rng) -> f64 {
    0.25 * 10f64.powf(rng.random_range(-2.0..0.0))
}

/// A curved primitive with log-uniform parameters (ellipsoids only, or any kind).
pub(super) fn curved(rng: &mut ChaCha8Rng, ellipsoids_only: bool) -> Result<Shape, WolfeError> {
    let kind = if ellipsoids_only {
        1
    } else {
        rng.random_range(0..5)
    };
    let mut r = || log_uniform(rng);
    Ok(match kind {
        0 => Sphere::new(r())?.into(),
        1 => Ellipsoid::new([r(), r(), r()])?.into(),
        2 => Capsule::new(r(), r())?.into(),
        3 => Cylinder::new(r(), r())?.into(),
        _ => Cone::new(r(), r())?.into(),
    })
}

/// A uniformly random unit vector.
pub(super) fn unit(rng: &mut ChaCha8Rng) -> Vec3 {
    let d = random_direction(rng);
    Vec3::new(d[0], d[1], d[2])
}

/// The hull of `n` random points on the surface of an ellipsoid with semi-axes
/// `0.2 * (1, u, 1 / aspect)` m, `u` uniform in `[1 / aspect, 1]`.
pub(super) fn random_hull(rng: &mut ChaCha8Rng, n: usize, aspect: f64) -> Result<ConvexMesh, WolfeError> {
    let axes = Vec3::new(1.0, rng.random_range(1.0 / aspect..=1.0), 1.0 / aspect) * 0.2;
    let points: Vec<Vec3> = (0..n).map(|_| unit(rng).component_mul(&axes)).collect();
    ConvexMesh::from_points(&points)
}

/// A uniformly random rotation and a translation uniform in `[-extent, extent]^3`.
pub(super) fn random_pose(rng: &mut ChaCha8Rng, extent: f64) -> Result<Pose, WolfeError> {
    let q = random_quaternion(rng);
    let mut t = || rng.random_range(-extent..=extent);
    Pose::from_parts([t(), t(), t()], q)
}

/// The diagonal of a shape's local bounding box.
pub(super) fn size_of(s: &Shape) -> f64 {
    let b = s.local_aabb();
    (b.max - b.min).norm()
}

/// The vertex count of a mesh, 0 for other shapes.
pub(super) fn vertex_count(s: &Shape) -> usize {
    match s {
        Shape::ConvexMesh(m) => m.vertices().len(),
        _ => 0,
    }
}

/// `pose` moved by `step` along a random direction and turned by 0.01 rad about a
/// random axis.
pub(super) fn nudge(rng: &mut ChaCha8Rng, pose: &Pose, step: f64) -> Pose {
    let axis = unit(rng);
    let dir = unit(rng);
    Pose {
        rotation: Quat::from_scaled_axis(axis * 0.01) * pose.rotation,
        translation: pose.translation + dir * step,
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn random_hull_points_on_an_ellipsoid_are_all_vertices() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for n in [8, 64, 512] {
            let m = random_hull(&mut rng, n, 10.0).unwrap();
            assert_eq!(m.vertices().len(), n);
        }
    }
}
