//! Closed-form answers for the pairs that need no iteration: a ball against a ball, a
//! box, a capsule, a cylinder or a cone, and a capsule against a capsule.
//!
//! Files: `ball.rs` (a point against a primitive core: closest point, or depth and
//! normal from inside), `segments.rs` (two capsules' segments).
//!
//! A ball's core is a point (DESIGN.md: a shape is a core plus a radius), and the
//! closest point of a point, a box or a segment to a point is a clamp. A cylinder and a
//! cone are solids of revolution about z: in the half-plane through the point and the
//! axis they are a rectangle and a triangle, whose closest point is again a clamp or a
//! projection on an edge. GJK would get the same answer in 2 to 20 iterations; the
//! closed form is exact and several times cheaper, which is what spheres deserve in a
//! simulation where they are the most common shape.

mod ball;
mod segments;

use crate::math::{Pose, Vec3};
use crate::shape::Shape;

use ball::{core_offset, point_on_core, PointOnCore};
use segments::closest_segment_points;

/// A capsule's core in world frame: its centre and its half axis `e` (the segment is
/// `centre + s e`, `s in [-1, 1]`).
#[inline]
fn segment(half_length: f64, pose: &Pose) -> (Vec3, Vec3) {
    (pose.translation, pose.rotation * Vec3::new(0.0, 0.0, half_length))
}

/// The closest points of the two cores, **in world frame**, for a pair with a ball on at
/// least one side and a ball, box, capsule, cylinder or cone on the other, or two
/// capsules; `None` when the pair needs GJK. The queries build their outputs from these two points directly
/// (the distance is `|ca - cb|` minus the radii).
#[inline]
pub(crate) fn closed_form_cores(a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose) -> Option<(Vec3, Vec3)> {
    closed_form_separation(a, pose_a, b, pose_b).map(|s| (s.ca, s.cb))
}

/// The closest points of two cores from a closed form, in world frame, with their
/// separation and its length (what the distance queries' outputs are made of).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CoreSeparation {
    /// Closest point of A's core.
    pub(crate) ca: Vec3,
    /// Closest point of B's core.
    pub(crate) cb: Vec3,
    /// `ca - cb`.
    pub(crate) x: Vec3,
    /// `|x|`, taken in the core's frame where a ball meets a core: the length does not
    /// wait for the rotation of `x` back to world frame, which runs beside the square
    /// root (the queries' chain of dependent operations is the cost for these pairs).
    pub(crate) norm: f64,
}

/// [`closed_form_cores`] with the separation and its length. A ball's centre `c` is
/// taken into the other core's frame (`p = R^T (c - t)`), clamped to its closest core
/// point `q`, and the offset `d = q - p` rotated back: `ca - cb = +-R d` and
/// `|ca - cb| = |d|`, one rotation each way and no translation in the difference.
#[inline(always)]
pub(crate) fn closed_form_separation(
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose,
) -> Option<CoreSeparation> {
    Some(match (a, b) {
        (Shape::Sphere(_), Shape::Sphere(_)) => {
            let (ca, cb) = (pose_a.translation, pose_b.translation);
            let x = ca - cb;
            CoreSeparation {
                ca,
                cb,
                x,
                norm: x.norm(),
            }
        }
        // B's core is the point c = t_b; A's core point nearest to it is c + R_a d.
        (_, Shape::Sphere(_)) => {
            let c = pose_b.translation;
            let (dw, norm) = ball_offset(a, pose_a, &c)?;
            CoreSeparation {
                ca: c + dw,
                cb: c,
                x: dw,
                norm,
            }
        }
        (Shape::Sphere(_), _) => {
            let c = pose_a.translation;
            let (dw, norm) = ball_offset(b, pose_b, &c)?;
            CoreSeparation {
                ca: c,
                cb: c + dw,
                x: -dw,
                norm,
            }
        }
        (Shape::Capsule(ka), Shape::Capsule(kb)) => {
            let (c1, e1) = segment(ka.half_length(), pose_a);
            let (c2, e2) = segment(kb.half_length(), pose_b);
            let (ca, cb) = closest_segment_points(&c1, &e1, &c2, &e2);
            let x = ca - cb;
            CoreSeparation {
                ca,
                cb,
                x,
                norm: x.norm(),
            }
        }
        _ => return None,
    })
}

/// The offset from a ball's centre `c` (world) to the nearest point of `shape`'s core at
/// `pose`, in world frame, and its length (taken before the rotation back); `None` for
/// cores that need GJK.
#[inline(always)]
fn ball_offset(shape: &Shape, pose: &Pose, c: &Vec3) -> Option<(Vec3, f64)> {
    let (d, norm) = core_offset(shape, &pose.inverse_transform_point(c))?;
    Some((pose.rotation * d, norm))
}

/// What a closed form knows of two cores, in world frame (see [`closed_form_signed`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum CoreGeometry {
    /// The cores are apart: their closest points `ca`, `cb` and their separation
    /// `x = ca - cb`, non-zero (computed as a difference in the core's frame, rotated).
    Apart {
        /// Closest point of A's core.
        ca: Vec3,
        /// Closest point of B's core.
        cb: Vec3,
        /// `ca - cb`.
        x: Vec3,
    },
    /// The cores overlap by `depth >= 0` (a ball's centre inside a solid core): the
    /// unit normal from A to B, and the cores' witness points, `cb - ca = -depth * n`.
    Overlap {
        /// Witness point of A's core (the deepest point of A's core when B is the ball).
        ca: Vec3,
        /// Witness point of B's core.
        cb: Vec3,
        /// Penetration depth of the cores.
        depth: f64,
        /// Unit normal from A to B.
        normal: Vec3,
    },
}

/// The cores' signed geometry for the signed-distance queries, **in world frame**: a
/// ball against a ball, box, capsule, cylinder or cone, or two capsules. `None` when the
/// pair needs GJK, and when the cores touch with no interior to say which way is out
/// (a ball's centre on another ball's centre or on a capsule's segment, crossing
/// capsule axes, or cores apart by less than `rounding` times `f64::EPSILON` times the
/// coordinates' size, whose direction is rounding): EPA answers those (`Flat`).
///
/// Unlike [`closed_form_cores`], the ball's centre is tested against the other core in
/// that core's frame and the separation is the difference taken there, then rotated:
/// no translation rounds it, so a ball touching a face gets that face's normal.
#[inline]
pub(crate) fn closed_form_signed(
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, rounding: f64,
) -> Option<CoreGeometry> {
    let geometry = match (a, b) {
        (Shape::Sphere(_), Shape::Sphere(_)) => {
            let (ca, cb) = (pose_a.translation, pose_b.translation);
            let x = ca - cb;
            if x == Vec3::zeros() {
                return None;
            }
            CoreGeometry::Apart { ca, cb, x }
        }
        (_, Shape::Sphere(_)) => ball_against(a, pose_a, &pose_b.translation, false)?,
        (Shape::Sphere(_), _) => ball_against(b, pose_b, &pose_a.translation, true)?,
        (Shape::Capsule(ka), Shape::Capsule(kb)) => {
            let (c1, e1) = segment(ka.half_length(), pose_a);
            let (c2, e2) = segment(kb.half_length(), pose_b);
            let (ca, cb) = closest_segment_points(&c1, &e1, &c2, &e2);
            let x = ca - cb;
            // Rounding of the points: a few ulps of the segments' extent.
            let scale = c1.abs().max() + c2.abs().max() + e1.abs().max() + e2.abs().max();
            let floor = rounding * f64::EPSILON * scale;
            if x.norm_squared() <= floor * floor {
                return None;
            }
            CoreGeometry::Apart { ca, cb, x }
        }
        _ => return None,
    };
    Some(geometry)
}

/// A ball's centre `c` (world) against the core of `shape` at `pose`; `ball_is_a` says
/// which side of the pair the ball is on (the normal points from A to B).
#[inline]
fn ball_against(shape: &Shape, pose: &Pose, c: &Vec3, ball_is_a: bool) -> Option<CoreGeometry> {
    let p = pose.inverse_transform_point(c);
    Some(match point_on_core(shape, &p)? {
        PointOnCore::Closest(d) => {
            if d == Vec3::zeros() {
                // On a segment or a point: no interior, EPA's `Flat`.
                return None;
            }
            // The core's point minus the ball's centre, rotated (no translation).
            let d = pose.rotation * d;
            let q = c + d;
            if ball_is_a {
                CoreGeometry::Apart { ca: *c, cb: q, x: -d }
            } else {
                CoreGeometry::Apart { ca: q, cb: *c, x: d }
            }
        }
        PointOnCore::Inside { depth, m } => {
            // The ball's centre leaves the core along `m` (world: `mw`); the core's
            // boundary point is `c + depth mw`.
            let mw = pose.rotation * m;
            let q = c + depth * mw;
            if ball_is_a {
                // B must move along -mw relative to the ball: the normal A -> B is -mw.
                CoreGeometry::Overlap {
                    ca: *c,
                    cb: q,
                    depth,
                    normal: -mw,
                }
            } else {
                CoreGeometry::Overlap {
                    ca: q,
                    cb: *c,
                    depth,
                    normal: mw,
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::gjk::{run_gjk, GjkSettings, QueryKind};
    use crate::collide::minkowski::MinkowskiDifference;
    use crate::collide::simplex::Simplex;
    use crate::shape::{Capsule, Cone, ConvexShape, Cuboid, Cylinder, Sphere};

    /// The clamp agrees with GJK on every supported pair, at many poses.
    #[test]
    fn closed_forms_agree_with_gjk() {
        let shapes: [Shape; 5] = [
            Sphere::new(0.1).unwrap().into(),
            Cuboid::new([0.3, 0.2, 0.5]).unwrap().into(),
            Capsule::new(0.05, 0.4).unwrap().into(),
            Cylinder::new(0.25, 0.3).unwrap().into(),
            Cone::new(0.3, 0.35).unwrap().into(),
        ];
        let settings = GjkSettings {
            tolerance: 1e-12,
            ..GjkSettings::default()
        };
        let mut checked = 0;
        for (i, a) in shapes.iter().enumerate() {
            for (j, b) in shapes.iter().enumerate() {
                for k in 0..200 {
                    let t = k as f64;
                    let pose_b = Pose::from_parts(
                        [
                            0.9 * (0.37 * t).sin(),
                            0.8 * (0.71 * t).cos(),
                            0.7 * (1.3 * t).sin(),
                        ],
                        {
                            let q = nalgebra::Quaternion::new(
                                (0.3 * t).cos(),
                                (0.5 * t).sin(),
                                0.2,
                                (0.9 * t).cos(),
                            )
                            .normalize();
                            [q.w, q.i, q.j, q.k]
                        },
                    )
                    .unwrap();
                    // A at a pose of its own, so that the world frame is not A's.
                    let pose_a = Pose::from_parts([0.1, -0.2, 0.3], [0.6, 0.0, 0.8, 0.0]).unwrap();
                    let pose_ab = pose_a.relative(&pose_b);
                    let Some((ca, cb)) = closed_form_cores(a, &pose_a, b, &pose_b) else {
                        assert!(
                            i != 0 && j != 0 && (i, j) != (2, 2),
                            "pair ({i}, {j}) has a closed form"
                        );
                        continue;
                    };
                    let mut md = MinkowskiDifference::new(a, b, &pose_ab);
                    let x0 = md.bounding_box_center_difference();
                    let mut s2 = Simplex::new();
                    let run = run_gjk(&mut md, x0, &settings, QueryKind::Distance, &mut s2);
                    let r = a.radius() + b.radius();
                    let d_exact = ((ca - cb).norm() - r).max(0.0);
                    let d_gjk = (run.x.norm() - r).max(0.0);
                    assert!(
                        (d_exact - d_gjk).abs() < 1e-9,
                        "pair ({i}, {j}) pose {k}: {d_exact} vs {d_gjk}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 10 * 200);
    }
}
