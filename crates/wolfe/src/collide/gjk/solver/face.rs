//! The plane of the simplex's face as a certificate for a stalled GJK run (issue 21):
//! [`face_certified`] and what it found ([`FaceCheck`]).

use super::{gap_converged, GjkRun, Thresholds};
use crate::collide::gjk::settings::GjkSettings;
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::{Simplex, SupportPoint};
use crate::math::Vec3;
use crate::shape::ConvexShape;

/// Rounding of a point of a face on the face's plane, in ulps of the supports' size:
/// the plane's normal comes from a cross product of differences and its offset from one
/// support, each off by a few ulps, and a sliver projection adds its own.
const FACE_ROUNDING_FACTOR: f64 = 64.0;

/// Smallest sine of the angle between two edges of the simplex's face for its plane to
/// be trusted by [`face_certificate`]: the normal of a sliver triangle is off by
/// rounding over that sine.
const MIN_FACE_SINE: f64 = 1e-6;

/// The plane of the simplex's face as a certificate (issue 21), on the rare path where
/// the loop would end without one (a stalled projection).
///
/// Near a flat face of `D` (two boxes face to face), `x_k` is known only to rounding of
/// the supports' size `L`, so its *direction* is off by about `eps L / |x_k|`, and the
/// Eq. 19 bound `<x_k / |x_k|, S_D(x_k)>` by that angle times the face's extent: at
/// gaps of `1e-8 L` the bound drops to 0 and the certificate is lost. The face's plane,
/// spanned by the simplex (a triangle, or a segment and the last support), has a normal
/// accurate to `eps / sin(angle)`, and its Eq. 19 bound `min_{s in D} <n, s>` (one
/// support call per orientation: the face's outward side is the one with the larger
/// bound, the other is minus `D`'s width) is within a few `eps L` of the distance.
/// Returns the unit normal, its bound (a valid lower bound in any case) and the support
/// that gave it; `None` when the simplex spans no trustworthy plane.
#[inline(always)]
fn face_certificate<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, simplex: &Simplex, last: &SupportPoint,
) -> Option<(Vec3, f64, SupportPoint)> {
    let v = simplex.vertices();
    let (p0, p1, p2) = match v.len() {
        3 => (v[0].w, v[1].w, v[2].w),
        2 => (v[0].w, v[1].w, last.w),
        _ => return None,
    };
    let (e1, e2) = (p1 - p0, p2 - p0);
    let n = e1.cross(&e2);
    let nn = n.norm();
    if nn.is_nan() || nn <= MIN_FACE_SINE * e1.norm() * e2.norm() {
        return None;
    }
    let n = n / nn;
    let s_pos = md.support(&n);
    let s_neg = md.support(&-n);
    let (lb_pos, lb_neg) = (n.dot(&s_pos.w), -n.dot(&s_neg.w));
    Some(if lb_pos >= lb_neg {
        (n, lb_pos, s_pos)
    } else {
        (-n, lb_neg, s_neg)
    })
}

/// What [`face_certified`] found, for [`FaceCheck::certifies`] to record in the run.
/// Kept apart from the run so that the out-of-line check never takes the run's
/// address: a `&mut GjkRun` passed out of line kept the whole run in memory on every
/// query's path (its fields stored at the start and copied back at the end), which
/// cost vanilla GJK about 30 instructions per query (callgrind, meshes_random close).
#[derive(Clone, Copy)]
pub(super) struct FaceCheck {
    /// The face's unit normal (from B towards A) and its plane bound (Eq. 19); `None`
    /// when the simplex spans no trustworthy plane (then nothing else is set).
    face: Option<(Vec3, f64)>,
    /// The gap `2 |x| (|x| - lb)` the plane bound gives at `x`.
    gap: f64,
    /// Whether `x` lies on the face's plane (the face's normal is the run's normal).
    on_face: bool,
    /// Whether the gap meets the settings.
    converged: bool,
}

impl FaceCheck {
    /// Records the check in the run (the bound when it improves the run's, the gap, the
    /// face's normal and bound when `x` lies on it or it certifies) and tells whether it
    /// certifies the run.
    #[inline(always)]
    pub(super) fn certifies(self, out: &mut GjkRun) -> bool {
        let Some((u, lb)) = self.face else {
            return false;
        };
        if lb > out.lower_bound {
            out.lower_bound = lb;
            out.separating_direction = u;
        }
        out.duality_gap = out.duality_gap.min(self.gap);
        if self.on_face || self.converged {
            out.face_normal = u;
            out.face_bound = lb;
        }
        if self.converged {
            out.duality_gap = self.gap;
        }
        self.converged
    }
}

/// Runs [`face_certificate`] and tells
/// whether its plane meets the settings as a duality gap would: `|x|^2 - |x*|^2 <=
/// 2 |x| (|x| - lb)` for a lower bound `lb <= |x*|` (Eq. 18-19). When it does, the
/// caller ([`FaceCheck::certifies`]) sets the run's gap and face normal. Its two
/// support calls are not counted in the run's `support_calls`, which keeps GJK's
/// invariant `support_calls - iterations <= 1` (tests/gjk_properties.rs); they run
/// only on a stall.
///
/// Inlined although it is rare: out of line, the call takes `md`'s address, and the
/// loop then stores the climbing hints to memory on every iteration (callgrind,
/// meshes_random close, vanilla: 4160 against 4207 instructions per query on collision,
/// 10234 against 10302 on distance). Out of line on
/// strictly convex pairs only (their loop has no hints) took fewer instructions on
/// ellipsoids but more time (peers bench, ellipsoids close vanilla collision 240 ns
/// against 221), so it is inlined for every pair.
#[inline(always)]
pub(super) fn face_certified<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, settings: &GjkSettings, t: &Thresholds, simplex: &Simplex,
    last: &SupportPoint, x: Vec3,
) -> FaceCheck {
    let Some((u, lb, s)) = face_certificate(md, simplex, last) else {
        return FaceCheck {
            face: None,
            gap: f64::INFINITY,
            on_face: false,
            converged: false,
        };
    };
    let x_norm = x.norm();
    let g = (2.0 * x_norm * (x_norm - lb)).max(0.0);
    // The iterate lies on the face's supporting plane (up to rounding of the
    // supports' size): GJK ended on that face, whose normal is then the contact
    // normal, whatever x's own direction says.
    let scale = simplex
        .vertices()
        .iter()
        .fold(s.w.norm(), |m, p| m.max(p.w.norm()));
    FaceCheck {
        face: Some((u, lb)),
        gap: g,
        on_face: (u.dot(&x) - lb).abs() <= FACE_ROUNDING_FACTOR * f64::EPSILON * scale,
        converged: x_norm > 0.0 && gap_converged(settings, g, x_norm, &s.w, t.radius_sum),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{run_gjk, GjkStatus, QueryKind};
    use super::FACE_ROUNDING_FACTOR;
    use crate::collide::minkowski::MinkowskiDifference;
    use crate::collide::simplex::Simplex;
    use crate::{Ellipsoid, GjkSettings, Pose, Quat, Shape, Sphere, Vec3};
    use rand::{Rng, SeedableRng};

    /// Why the stall's face check stays in the loop of strictly convex pairs too,
    /// although their `D` has no flat face (README, issue 20's before/after sitting):
    /// at a tolerance near rounding, the plane of the simplex certifies near-touching
    /// ellipsoid runs, and each such certificate is a true one: its plane bound lies
    /// below the iterate's norm by at most the gap it reports (Eq. 18-19).
    #[test]
    fn face_check_certifies_near_touching_ellipsoids_at_tight_tolerance() {
        let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let tight = GjkSettings::default()
            .with_tolerance(1e-14)
            .with_absolute_tolerance(0.0);
        let mut simplex = Simplex::new();
        let mut certified_by_face = 0;
        // Rounding of a plane bound and of `|x|` (supports of at most 2 m here: centres
        // about 1.2 m apart, semi-axes below 0.5 m).
        let rounding = FACE_ROUNDING_FACTOR * f64::EPSILON * 2.0;
        for i in 0..10_000 {
            let mut radii = || {
                [
                    r.random_range(0.02..0.5),
                    r.random_range(0.02..0.5),
                    r.random_range(0.02..0.5),
                ]
            };
            let a: Shape = Ellipsoid::new(radii()).unwrap().into();
            let b: Shape = if i % 3 == 0 {
                Sphere::new(r.random_range(0.02..0.5)).unwrap().into()
            } else {
                Ellipsoid::new(radii()).unwrap().into()
            };
            let mut rotation = || {
                Quat::from_euler_angles(
                    r.random_range(-3.0..3.0),
                    r.random_range(-1.5..1.5),
                    r.random_range(-3.0..3.0),
                )
            };
            let pose_a = Pose::new(Vec3::zeros(), rotation());
            let mut pose_b = Pose::new(Vec3::zeros(), rotation());
            let u = Vec3::new(
                r.random_range(-1.0..1.0),
                r.random_range(-1.0..1.0),
                r.random_range(-1.0..1.0),
            );
            pose_b.translation = u.normalize() * 1.2;
            let gap = 10f64.powf(-r.random_range(1.0..13.0));
            let mut run_at = |pose_b: &Pose| {
                let mut md = MinkowskiDifference::new(&a, &b, &pose_a.relative(pose_b));
                let x0 = md.bounding_box_center_difference();
                run_gjk(&mut md, x0, &tight, QueryKind::Distance, &mut simplex)
            };
            // Three moves along the separation bring the cores to about `gap`.
            for _ in 0..3 {
                let run = run_at(&pose_b);
                let n = run.x.norm();
                pose_b.translation += pose_a.transform_vector(&(run.x / n)) * (n - gap);
            }
            let run = run_at(&pose_b);
            if run.status == GjkStatus::Converged && run.face_normal != Vec3::zeros() {
                certified_by_face += 1;
                let x_norm = run.x.norm();
                assert!((run.face_normal.norm() - 1.0).abs() < 1e-12);
                assert!(
                    run.face_bound <= x_norm + rounding,
                    "pair {i}: the plane bound is {} above |x|",
                    run.face_bound - x_norm
                );
                let error_bound = run.duality_gap / (2.0 * x_norm);
                assert!(
                    x_norm - run.face_bound <= error_bound + rounding,
                    "pair {i}: the plane bound is {} below |x|, the gap allows {error_bound}",
                    x_norm - run.face_bound
                );
            }
        }
        assert!(certified_by_face > 0, "the face check certified no run");
    }
}
