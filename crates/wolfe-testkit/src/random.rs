//! Seeded generators of rotations, poses, point clouds and shapes (every test uses its
//! own fixed seed, so a failure replays).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe::{Capsule, Cone, ConvexMesh, Cuboid, Cylinder, Ellipsoid, Pose, Quat, Shape, Sphere, Vec3};

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniformly random rotation (Shoemake's method: three uniform numbers).
pub fn random_rotation(rng: &mut ChaCha8Rng) -> Quat {
    let (u1, u2, u3): (f64, f64, f64) = (rng.random(), rng.random(), rng.random());
    let tau = std::f64::consts::TAU;
    let q = nalgebra::Quaternion::new(
        u1.sqrt() * (tau * u3).cos(),
        (1.0 - u1).sqrt() * (tau * u2).sin(),
        (1.0 - u1).sqrt() * (tau * u2).cos(),
        u1.sqrt() * (tau * u3).sin(),
    );
    Quat::new_normalize(q)
}

/// A uniformly random unit vector: a point uniform in the cube `[-1, 1)^3`, kept if its
/// length lies in `(0.1, 1]` (inside the ball, hence isotropic, and away from 0),
/// normalized.
pub fn random_unit_vector(rng: &mut ChaCha8Rng) -> Vec3 {
    loop {
        let v = Vec3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        );
        let n = v.norm();
        if n > 0.1 && n <= 1.0 {
            return v / n;
        }
    }
}

/// A random pose: a uniformly random rotation, then a translation uniform in
/// `[-extent, extent)^3`.
pub fn random_pose(rng: &mut ChaCha8Rng, extent: f64) -> Pose {
    Pose {
        rotation: random_rotation(rng),
        translation: Vec3::new(
            rng.random_range(-extent..extent),
            rng.random_range(-extent..extent),
            rng.random_range(-extent..extent),
        ),
    }
}

/// `n` random points in a box of half-size `scale` (per axis).
pub fn random_points(rng: &mut ChaCha8Rng, n: usize, scale: Vec3) -> Vec<Vec3> {
    (0..n)
        .map(|_| {
            Vec3::new(
                rng.random_range(-1.0..1.0) * scale.x,
                rng.random_range(-1.0..1.0) * scale.y,
                rng.random_range(-1.0..1.0) * scale.z,
            )
        })
        .collect()
}

/// A random shape of kind `kind % 9` (sphere, ellipsoid, box, capsule, cylinder, cone,
/// hull of 8-38 points, inflated box, inflated hull of 12 points), sizes in
/// `[size / 10, size)`.
pub fn random_shape(rng: &mut ChaCha8Rng, kind: usize, size: f64) -> Shape {
    let r = |rng: &mut ChaCha8Rng| rng.random_range(0.1 * size..size);
    match kind % 9 {
        0 => Sphere::new(r(rng)).unwrap().into(),
        1 => Ellipsoid::new([r(rng), r(rng), r(rng)]).unwrap().into(),
        2 => Cuboid::new([r(rng), r(rng), r(rng)]).unwrap().into(),
        3 => Capsule::new(r(rng), r(rng)).unwrap().into(),
        4 => Cylinder::new(r(rng), r(rng)).unwrap().into(),
        5 => Cone::new(r(rng), r(rng)).unwrap().into(),
        6 => {
            let s = Vec3::new(r(rng), r(rng), r(rng));
            let n = 8 + (r(rng) / size * 30.0) as usize;
            ConvexMesh::from_points(&random_points(rng, n, s)).unwrap().into()
        }
        7 => Shape::from(Cuboid::new([r(rng), r(rng), r(rng)]).unwrap())
            .inflated(0.3 * r(rng))
            .unwrap(),
        _ => {
            let s = Vec3::new(r(rng), r(rng), r(rng));
            let radius = 0.2 * r(rng);
            Shape::from(ConvexMesh::from_points(&random_points(rng, 12, s)).unwrap())
                .inflated(radius)
                .unwrap()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draws_and_rotations_are_unit() {
        let (mut a, mut b) = (rng(5), rng(5));
        for k in 0..50 {
            let (pa, pb) = (random_pose(&mut a, 2.0), random_pose(&mut b, 2.0));
            assert_eq!(pa, pb);
            assert!((pa.rotation.norm() - 1.0).abs() < 1e-12);
            assert!(pa.translation.iter().all(|t| t.abs() <= 2.0));
            assert_eq!(
                random_shape(&mut a, k, 1.0).kind(),
                random_shape(&mut b, k, 1.0).kind()
            );
        }
    }

    #[test]
    fn points_stay_in_their_box() {
        let scale = Vec3::new(1.0, 0.1, 3.0);
        for p in random_points(&mut rng(6), 200, scale) {
            assert!(p.x.abs() <= 1.0 && p.y.abs() <= 0.1 && p.z.abs() <= 3.0);
        }
    }
}
