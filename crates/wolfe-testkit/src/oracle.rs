//! The growth distance's independent reference (Thirugnanam & Sreenath, Def. 3):
//! bisection on whether the two shapes, scaled by `alpha` about their centre points,
//! are apart, decided by GJK distances (no growth solver involved).
//!
//! Scaling both shapes by `alpha` about their centres `c_a`, `c_b` maps the pair to
//! `alpha` times the unscaled pair with the centres `|c_b - c_a| / alpha` apart: the
//! set `c_a + alpha (A - c_a)` meets `c_b + alpha (B - c_b)` iff `0` lies in
//! `alpha ((A - c_a) - (B - c_b)) + (c_a - c_b)`, iff `(c_b - c_a) / alpha` lies in
//! `(A - c_a) - (B - c_b)`. So [`scaled_apart`] moves A along the line of centres and
//! asks [`wolfe::distance`] about the unscaled shapes: public API only, and the scaled
//! distance is `alpha` times the one computed.

use wolfe::{distance, ConvexShape, GjkSettings, GjkStatus, Pose, Shape};

/// The GJK settings of the oracle: vanilla GJK, relative tolerance 1e-12, up to 1000
/// iterations.
pub fn oracle_settings() -> GjkSettings {
    GjkSettings::default()
        .with_tolerance(1e-12)
        .with_max_iterations(1000)
}

/// Whether `a` at `pose_a` and `b` at `pose_b`, both scaled by `alpha` about their
/// centre points ([`ConvexShape::center`]), are apart: their GJK distance (see
/// [`oracle_settings`]) is positive. `false` for a non-positive or non-finite `alpha`
/// or when GJK rejects the moved pose (a centre line stretched past `f64`).
pub fn scaled_apart(a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, alpha: f64) -> bool {
    if !(alpha > 0.0 && alpha.is_finite()) {
        return false;
    }
    let c_a = pose_a.transform_point(&a.center());
    let c_b = pose_b.transform_point(&b.center());
    // A's centre moved to c_b - (c_b - c_a) / alpha, its rotation kept.
    let target = c_b - (c_b - c_a) / alpha;
    let moved = Pose {
        rotation: pose_a.rotation,
        translation: pose_a.translation + (target - c_a),
    };
    match distance(a, &moved, b, pose_b, &oracle_settings()) {
        Ok(out) => out.status != GjkStatus::Intersecting && out.distance > 0.0,
        Err(_) => false,
    }
}

/// The growth distance of the pair by bisection on [`scaled_apart`], to `relative`
/// (for example 1e-10) of the upper end of the bracket. The bracket starts at
/// `[guess / 2, 2 guess]` and is widened (halved / doubled, at most 20 times each way)
/// until verified: apart at its lower end, touching at its upper end. `None` when no
/// bracket was found.
pub fn growth_bisection(
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, guess: f64, relative: f64,
) -> Option<f64> {
    let apart = |alpha: f64| scaled_apart(a, pose_a, b, pose_b, alpha);
    let (mut lo, mut hi) = (guess * 0.5, guess * 2.0);
    for _ in 0..20 {
        if apart(lo) {
            break;
        }
        lo *= 0.5;
    }
    for _ in 0..20 {
        if !apart(hi) {
            break;
        }
        hi *= 2.0;
    }
    if !apart(lo) || apart(hi) {
        return None;
    }
    while hi - lo > relative * hi {
        let mid = 0.5 * (lo + hi);
        if apart(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wolfe::{Cuboid, Sphere, Vec3};

    #[test]
    fn two_spheres_give_the_analytic_growth_distance() {
        // Balls of radii 0.3 and 0.2, centres 2 m apart: they touch when scaled by
        // 2 / (0.3 + 0.2) = 4.
        let a: Shape = Sphere::new(0.3).unwrap().into();
        let b: Shape = Sphere::new(0.2).unwrap().into();
        let pb = Pose::from_translation(Vec3::new(1.2, -1.6, 0.0));
        let alpha = growth_bisection(&a, &Pose::identity(), &b, &pb, 3.0, 1e-12).unwrap();
        assert!((alpha - 4.0).abs() <= 1e-11 * 4.0, "{alpha}");
        assert!(scaled_apart(&a, &Pose::identity(), &b, &pb, 3.99));
        assert!(!scaled_apart(&a, &Pose::identity(), &b, &pb, 4.01));
    }

    #[test]
    fn a_box_off_its_origin_scales_about_its_centre() {
        // A unit box (half-extents 0.5) and a box of half-extents 0.25 with centres
        // 3 m apart along x: the faces meet at alpha = 3 / (0.5 + 0.25) = 4, whatever
        // the rotation of the pair about x.
        let a: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
        let b: Shape = Cuboid::new([0.25, 0.25, 0.25]).unwrap().into();
        let pa = Pose::from_parts([-1.0, 2.0, 0.5], [0.8, 0.6, 0.0, 0.0]).unwrap();
        let pb = Pose::from_parts([2.0, 2.0, 0.5], [1.0, 0.0, 0.0, 0.0]).unwrap();
        let alpha = growth_bisection(&a, &pa, &b, &pb, 10.0, 1e-12).unwrap();
        assert!((alpha - 4.0).abs() <= 1e-10 * 4.0, "{alpha}");
    }

    #[test]
    fn bad_scales_are_not_apart_and_overlapping_centres_have_no_bracket() {
        let a: Shape = Sphere::new(0.3).unwrap().into();
        let p = Pose::identity();
        for alpha in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(!scaled_apart(&a, &p, &a, &p, alpha));
        }
        assert_eq!(growth_bisection(&a, &p, &a, &p, 1.0, 1e-10), None);
    }
}
