//! Issue 21, item 7's last case: EPA stopped at `IterationLimit` on identical cylinders
//! at the same pose. The nearest points of the Minkowski difference `D = A - A` (a
//! cylinder of radius `2r`) then form a ring: every horizontal normal is a tie, and
//! EPA's polytope bounds the depth only once the ring is refined to the tolerance all
//! round (about 2,200 vertices at 1e-6, against 128 expansions). The cores' inner balls
//! now certify the depth there (`epa/expand.rs`).

use crate::common;

use common::{random_pose, rng};
use rand::Rng;
use wolfe::*;

/// Identical cylinders (radius <= half length) at the same random pose, and a thin rod
/// through a wide cylinder with the same centre and axis: the signed distance is minus
/// the sum of the radii, certified. Failed before the fix (`IterationLimit`, depth
/// short by about 0.1% to 0.5%).
#[test]
fn coaxial_cylinders_are_certified() {
    let mut r = rng(2117);
    for case in 0..200 {
        let (ra, rb) = if case % 2 == 0 {
            let ra = r.random_range(0.01..2.0);
            (ra, ra)
        } else {
            (r.random_range(0.5..2.0), r.random_range(0.01..0.3))
        };
        let ha = ra * r.random_range(1.0..5.0);
        let hb = if case % 2 == 0 {
            ha
        } else {
            rb * r.random_range(1.0..20.0)
        };
        let a: Shape = Cylinder::new(ra, ha).unwrap().into();
        let b: Shape = Cylinder::new(rb, hb).unwrap().into();
        let pose = random_pose(&mut r, 1.0);
        // B turned about the common axis (a tie for D all the same).
        let spin = nalgebra::UnitQuaternion::from_axis_angle(&Vec3::z_axis(), r.random_range(0.0..6.0));
        let pose_b = Pose::new(pose.translation, pose.rotation * spin);
        let out = signed_distance(&a, &pose, &b, &pose_b, &SignedDistanceSettings::default()).unwrap();
        let exact = -(ra + rb);
        assert!(
            out.is_certified(),
            "case {case}: ra {ra} ha {ha} rb {rb} hb {hb} {out:?}"
        );
        assert_eq!(out.epa_status, Some(EpaStatus::Converged), "case {case}");
        let tol = 1e-6 * (ra + rb) + 1e-12;
        assert!(
            out.lower_bound <= exact + 1e-12 && exact <= out.upper_bound + 1e-12,
            "case {case}: {exact} outside [{}, {}]",
            out.lower_bound,
            out.upper_bound
        );
        assert!((out.signed_distance - exact).abs() <= tol, "case {case}: {out:?}");
        // The normal is radial (orthogonal to the common axis), and translating B by
        // the depth along it separates the shapes up to the tolerance.
        let axis = pose.rotation * Vec3::z();
        assert!(out.normal.dot(&axis).abs() < 1e-6, "case {case}: {out:?}");
        let moved = Pose::new(
            pose_b.translation - out.signed_distance * out.normal,
            pose_b.rotation,
        );
        let d = distance(&a, &pose, &b, &moved, &GjkSettings::default()).unwrap();
        assert!(d.distance <= 2.0 * tol, "case {case}: {d:?}");
        let sep = Pose::new(moved.translation + 2.0 * tol * out.normal, pose_b.rotation);
        let d = distance(&a, &pose, &b, &sep, &GjkSettings::default()).unwrap();
        assert!(d.distance > 0.0, "case {case}: {d:?}");
        // Witness points: `point_b - point_a = signed_distance * normal` to the
        // tolerance, each on its cylinder's side (radius from the axis).
        let gap = out.point_b - out.point_a - out.signed_distance * out.normal;
        assert!(gap.norm() <= tol, "case {case}: {out:?}");
        for (p, rad, pp) in [(out.point_a, ra, &pose), (out.point_b, rb, &pose_b)] {
            let local = pp.inverse_transform_point(&p);
            assert!(
                ((local.x * local.x + local.y * local.y).sqrt() - rad).abs() <= 1e-9 * (1.0 + rad),
                "case {case}: {local:?} not on the side of radius {rad}"
            );
        }
    }
}

/// Identical cones at the same pose: the ring case without an inner-ball certificate
/// (a cone's ball about its centre is far smaller than half its width), still open: the
/// run ends uncertified, and its bounds bracket the exact depth, the cone's minimum
/// width (the brute force below).
#[test]
fn identical_cones_bracket_their_width() {
    for (radius, half) in [(1.0, 2.0), (0.5, 0.5), (0.3, 1.7), (2.0, 1.0), (1.0, 0.1)] {
        let cone: Shape = Cone::new(radius, half).unwrap().into();
        let pose = Pose::identity();
        let out = signed_distance(&cone, &pose, &cone, &pose, &SignedDistanceSettings::default()).unwrap();
        // Width in the meridian direction at polar angle t (by symmetry the minimum over
        // all directions), from the support function of the cone.
        let width = |t: f64| {
            let n = Vec3::new(t.sin(), 0.0, t.cos());
            let s = |d: Vec3| cone.local_support(&d).dot(&d);
            s(n) + s(-n)
        };
        // A grid, then a ternary search around its best point (the width is unimodal
        // there; a grid alone overestimates a minimum at a kink by the step).
        let m = 20_000;
        let step = std::f64::consts::FRAC_PI_2 / m as f64;
        let best = (0..=m)
            .map(|i| step * i as f64)
            .min_by(|&a, &b| width(a).total_cmp(&width(b)))
            .unwrap();
        let (mut lo, mut hi) = ((best - step).max(0.0), best + step);
        for _ in 0..200 {
            let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
            if width(a) < width(b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        let exact = width(0.5 * (lo + hi)).min(width(best));
        let slack = 1e-6 * exact;
        assert!(
            out.lower_bound <= -exact + 1e-12 * exact && -exact <= out.upper_bound + slack,
            "r {radius} h {half}: -{exact} outside [{}, {}] ({:?})",
            out.lower_bound,
            out.upper_bound,
            out.epa_status
        );
    }
}
