//! Small fixed-size f64 math: vectors, rotations, rigid poses and boxes.
//!
//! Thin names over nalgebra so that the rest of the crate reads in the words of the
//! papers (`Vec3`, `Pose`) while nalgebra does the arithmetic.

use crate::error::{WolfeError, MAX_MAGNITUDE};

/// A 3D vector or point, in metres unless said otherwise.
pub type Vec3 = nalgebra::Vector3<f64>;
/// A 3x3 matrix (rotation matrices in the hot loops).
pub type Mat3 = nalgebra::Matrix3<f64>;

/// The six coordinate directions `+x, -x, +y, -y, +z, -z` (the faces of a box; test
/// directions where supports tie).
pub const SIGNED_AXES: [Vec3; 6] = [
    Vec3::new(1.0, 0.0, 0.0),
    Vec3::new(-1.0, 0.0, 0.0),
    Vec3::new(0.0, 1.0, 0.0),
    Vec3::new(0.0, -1.0, 0.0),
    Vec3::new(0.0, 0.0, 1.0),
    Vec3::new(0.0, 0.0, -1.0),
];
/// A unit quaternion.
pub type Quat = nalgebra::UnitQuaternion<f64>;

/// How far from 1 the norm of a user-given quaternion may be before it is rejected
/// rather than silently renormalized. Problem files carry ~16 significant digits, and
/// hand-written poses a few fewer; 1e-6 accepts both and catches real mistakes
/// (a quaternion written in the wrong order, an unnormalized axis-angle).
pub const QUATERNION_NORM_TOLERANCE: f64 = 1e-6;

/// A rigid transform mapping shape-local coordinates to world (or parent) coordinates:
/// `x_world = rotation * x_local + translation`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// Rotation part (unit quaternion).
    pub rotation: Quat,
    /// Translation part, in metres.
    pub translation: Vec3,
}

impl Default for Pose {
    fn default() -> Self {
        Self::identity()
    }
}

impl Pose {
    /// The identity pose.
    pub fn identity() -> Self {
        Self {
            rotation: Quat::identity(),
            translation: Vec3::zeros(),
        }
    }

    /// A pure translation.
    pub fn from_translation(translation: Vec3) -> Self {
        Self {
            rotation: Quat::identity(),
            translation,
        }
    }

    /// A pose from a translation and a rotation (nalgebra types), e.g.
    /// `Pose::new(Vec3::new(0.0, 0.0, 1.0), Quat::from_euler_angles(0.0, 0.0, 0.5))`.
    pub fn new(translation: Vec3, rotation: Quat) -> Self {
        Self {
            rotation,
            translation,
        }
    }

    /// A pose from a translation `[x, y, z]` and a quaternion in the order `[w, x, y, z]`
    /// (scalar first), with the checks of [`Pose::from_parts`] (the same function under a
    /// name that says the order).
    pub fn from_translation_wxyz(translation: [f64; 3], quat_wxyz: [f64; 4]) -> Result<Self, WolfeError> {
        Self::from_parts(translation, quat_wxyz)
    }

    /// A pose from a translation `[x, y, z]` and a quaternion in the order
    /// **`[w, x, y, z]`** (scalar first; see also [`Pose::from_translation_wxyz`]).
    ///
    /// Errors when any number is not finite or when the quaternion's norm differs from 1
    /// by more than [`QUATERNION_NORM_TOLERANCE`]; a quaternion within the tolerance is
    /// renormalized.
    pub fn from_parts(translation: [f64; 3], quat_wxyz: [f64; 4]) -> Result<Self, WolfeError> {
        if translation.iter().chain(quat_wxyz.iter()).any(|v| !v.is_finite()) {
            return Err(WolfeError::NonFinitePose);
        }
        let q = nalgebra::Quaternion::new(quat_wxyz[0], quat_wxyz[1], quat_wxyz[2], quat_wxyz[3]);
        let norm = q.norm();
        if (norm - 1.0).abs() > QUATERNION_NORM_TOLERANCE {
            return Err(WolfeError::NonUnitQuaternion { norm });
        }
        Ok(Self {
            rotation: Quat::new_normalize(q),
            translation: Vec3::from(translation),
        })
    }

    /// Checks that every component is finite, the translation within
    /// [`MAX_MAGNITUDE`] ([`WolfeError::OutOfRange`]) and the quaternion unit; poses built
    /// field by field by users go through this before a query.
    #[inline(always)]
    pub fn validate(&self) -> Result<(), WolfeError> {
        let q = self.rotation.quaternion();
        let t = &self.translation;
        // One branch on the hot path: `|n^2 - 1| <= tol (2 + tol)` is `|n - 1| <= tol`
        // without a square root, and the slow path says why a pose fails. Inlined into
        // every query (two per query), with the slow path out of line: for the
        // closed-form pairs this check is a visible part of the query's cost.
        let norm_sq = q.norm_squared();
        let tol = QUATERNION_NORM_TOLERANCE;
        // Four comparisons, each false for NaN: a NaN or infinite quaternion makes `n^2`
        // NaN or infinite, and a NaN or infinite translation component fails its bound
        // (issue 21: beyond `MAX_MAGNITUDE` squared norms overflow). Combined with `&`,
        // not `&&`, into one branch; `f64::max` (NaN-dropping, a blend per call) is not
        // used here, it made this check a quarter of a closed-form query's instructions.
        let ok = ((norm_sq - 1.0).abs() <= tol * (2.0 + tol))
            & (t.x.abs() <= MAX_MAGNITUDE)
            & (t.y.abs() <= MAX_MAGNITUDE)
            & (t.z.abs() <= MAX_MAGNITUDE);
        if ok {
            return Ok(());
        }
        self.invalid(norm_sq)
    }

    /// Why a pose failed [`Pose::validate`]'s test (out of line: never on a valid
    /// query's path).
    #[cold]
    #[inline(never)]
    fn invalid(&self, norm_sq: f64) -> Result<(), WolfeError> {
        let q = self.rotation.quaternion();
        let t = &self.translation;
        let t_max = t.x.abs().max(t.y.abs()).max(t.z.abs());
        if !(t.iter().all(|v| v.is_finite()) && q.coords.iter().all(|v| v.is_finite())) {
            return Err(WolfeError::NonFinitePose);
        }
        if t_max > MAX_MAGNITUDE {
            return Err(WolfeError::OutOfRange {
                what: "pose translation",
                value: t_max,
                limit: MAX_MAGNITUDE,
            });
        }
        Err(WolfeError::NonUnitQuaternion { norm: norm_sq.sqrt() })
    }

    /// Maps a local point to the parent frame.
    #[inline]
    pub fn transform_point(&self, p: &Vec3) -> Vec3 {
        self.rotation * p + self.translation
    }

    /// Rotates a local vector to the parent frame.
    #[inline]
    pub fn transform_vector(&self, v: &Vec3) -> Vec3 {
        self.rotation * v
    }

    /// Maps a parent-frame point to the local frame.
    #[inline]
    pub fn inverse_transform_point(&self, p: &Vec3) -> Vec3 {
        self.rotation.inverse_transform_vector(&(p - self.translation))
    }

    /// Rotates a parent-frame vector to the local frame.
    #[inline]
    pub fn inverse_transform_vector(&self, v: &Vec3) -> Vec3 {
        self.rotation.inverse_transform_vector(v)
    }

    /// `self * other`: first `other`, then `self`.
    pub fn compose(&self, other: &Pose) -> Pose {
        Pose {
            rotation: self.rotation * other.rotation,
            translation: self.rotation * other.translation + self.translation,
        }
    }

    /// The inverse transform.
    pub fn inverse(&self) -> Pose {
        let rotation = self.rotation.inverse();
        Pose {
            rotation,
            translation: -(rotation * self.translation),
        }
    }

    /// The pose of `other` seen from `self`'s frame: `self^-1 * other`. Queries use it to
    /// run in shape A's frame (`pose_a.relative(pose_b)` maps B-local to A-local).
    pub fn relative(&self, other: &Pose) -> Pose {
        // self^-1 * other, with one rotation of a vector instead of two.
        Pose {
            rotation: self.rotation.inverse() * other.rotation,
            translation: self
                .rotation
                .inverse_transform_vector(&(other.translation - self.translation)),
        }
    }
}

/// An axis-aligned bounding box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// Minimum corner.
    pub min: Vec3,
    /// Maximum corner.
    pub max: Vec3,
}

impl Aabb {
    /// A box from its corners (no check that `min <= max`).
    pub fn new(min: Vec3, max: Vec3) -> Self {
        Self { min, max }
    }

    /// The box of a set of points; `None` for an empty set.
    pub fn from_points<'a>(points: impl IntoIterator<Item = &'a Vec3>) -> Option<Self> {
        let mut it = points.into_iter();
        let first = *it.next()?;
        let mut b = Aabb::new(first, first);
        for p in it {
            b.min = b.min.inf(p);
            b.max = b.max.sup(p);
        }
        Some(b)
    }

    /// The center of the box.
    pub fn center(&self) -> Vec3 {
        (self.min + self.max) * 0.5
    }

    /// Half the extents of the box.
    pub fn half_extents(&self) -> Vec3 {
        (self.max - self.min) * 0.5
    }

    /// The box grown by `r` on every side.
    pub fn inflated(&self, r: f64) -> Self {
        let d = Vec3::repeat(r);
        Self::new(self.min - d, self.max + d)
    }

    /// The world-frame box of this local box under `pose` (a box around the rotated box).
    pub fn transformed(&self, pose: &Pose) -> Self {
        let c = pose.transform_point(&self.center());
        let r = pose.rotation.to_rotation_matrix().into_inner().abs() * self.half_extents();
        Self::new(c - r, c + r)
    }

    /// Whether the two boxes overlap (touching counts).
    pub fn intersects(&self, other: &Aabb) -> bool {
        (0..3).all(|i| self.min[i] <= other.max[i] && other.min[i] <= self.max[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_pose_maps_b_local_to_a_local() {
        let a = Pose::from_parts([1.0, 2.0, 3.0], [0.5, 0.5, 0.5, 0.5]).unwrap();
        let b = Pose::from_parts([-1.0, 0.5, 2.0], [0.0, 1.0, 0.0, 0.0]).unwrap();
        let ab = a.relative(&b);
        let p = Vec3::new(0.3, -0.7, 1.1);
        let via_world = a.inverse_transform_point(&b.transform_point(&p));
        assert!((ab.transform_point(&p) - via_world).norm() < 1e-14);
        let id = a.compose(&a.inverse());
        assert!(id.translation.norm() < 1e-14 && id.rotation.angle() < 1e-7);
    }

    #[test]
    fn bad_quaternions_and_nan_are_rejected() {
        assert!(matches!(
            Pose::from_parts([0.0; 3], [1.0, 1.0, 0.0, 0.0]),
            Err(WolfeError::NonUnitQuaternion { .. })
        ));
        assert!(matches!(
            Pose::from_parts([f64::NAN, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]),
            Err(WolfeError::NonFinitePose)
        ));
        assert!(Pose::from_parts([0.0; 3], [1.0 + 1e-9, 0.0, 0.0, 0.0]).is_ok());
    }

    /// `validate` (the queries' check of poses built field by field) names the right
    /// problem for every component and every kind of bad value.
    #[test]
    fn validate_names_each_bad_component() {
        let good = Pose::from_parts([1.0, -2.0, 3.0], [0.5, 0.5, 0.5, 0.5]).unwrap();
        assert!(good.validate().is_ok());
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            for k in 0..3 {
                let mut p = good;
                p.translation[k] = bad;
                assert!(
                    matches!(p.validate(), Err(WolfeError::NonFinitePose)),
                    "t[{k}] = {bad}"
                );
            }
            for k in 0..4 {
                let mut c = good.rotation.into_inner().coords;
                c[k] = bad;
                let p = Pose {
                    rotation: Quat::new_unchecked(nalgebra::Quaternion::from(c)),
                    ..good
                };
                assert!(
                    matches!(p.validate(), Err(WolfeError::NonFinitePose)),
                    "q[{k}] = {bad}"
                );
            }
        }
        for scale in [0.5, 1.0 + 1e-3, 1e200] {
            let p = Pose {
                rotation: Quat::new_unchecked(good.rotation.into_inner() * scale),
                ..good
            };
            assert!(
                matches!(p.validate(), Err(WolfeError::NonUnitQuaternion { .. })),
                "scale {scale}"
            );
        }
    }

    #[test]
    fn transformed_aabb_contains_rotated_corners() {
        let b = Aabb::new(Vec3::new(-1.0, -2.0, -0.5), Vec3::new(1.0, 2.0, 0.5));
        let pose = Pose::from_parts(
            [0.1, 0.2, 0.3],
            [0.9238795325112867, 0.0, 0.0, 0.3826834323650898],
        )
        .unwrap();
        let w = b.transformed(&pose);
        for i in 0..8 {
            let c = Vec3::new(
                if i & 1 == 0 { b.min.x } else { b.max.x },
                if i & 2 == 0 { b.min.y } else { b.max.y },
                if i & 4 == 0 { b.min.z } else { b.max.z },
            );
            let p = pose.transform_point(&c);
            assert!((0..3).all(|k| p[k] >= w.min[k] - 1e-12 && p[k] <= w.max[k] + 1e-12));
        }
    }
}

#[cfg(test)]
mod constructor_tests {
    use super::*;

    #[test]
    fn pose_new_and_wxyz_agree_with_the_struct() {
        let t = Vec3::new(1.0, -2.0, 0.5);
        let r = Quat::from_euler_angles(0.3, -0.2, 1.1);
        let p = Pose::new(t, r);
        assert_eq!(
            p,
            Pose {
                rotation: r,
                translation: t
            }
        );
        let q = r.quaternion();
        let w = Pose::from_translation_wxyz([1.0, -2.0, 0.5], [q.w, q.i, q.j, q.k]).unwrap();
        let x = Vec3::new(0.2, 0.7, -0.4);
        assert!((w.transform_point(&x) - p.transform_point(&x)).norm() < 1e-12);
        // Scalar first: [0, 1, 0, 0] is a half turn about x, not the identity.
        let half = Pose::from_translation_wxyz([0.0; 3], [0.0, 1.0, 0.0, 0.0]).unwrap();
        assert!((half.transform_point(&Vec3::y()) + Vec3::y()).norm() < 1e-12);
        assert!(Pose::from_translation_wxyz([0.0; 3], [2.0, 0.0, 0.0, 0.0]).is_err());
    }
}
