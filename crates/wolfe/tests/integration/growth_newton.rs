//! Newton's method on smooth pairs (spheres, ellipsoids, either inflated; issue 20 item
//! 2) against the cutting-plane loop, which `growth_distance_of` runs on the same
//! shapes: the same answer, certified intervals that intersect, feasible witnesses, far
//! fewer support calls, and warm starts that give the cold answer.

use crate::common;
use crate::growth_support;

use common::*;
use growth_support::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wolfe::{CenterPoint, Ellipsoid, Shape, Sphere, Vec3};

/// A smooth shape: a sphere, an ellipsoid of aspect up to 100 (needles and sheets),
/// or an inflated ellipsoid.
fn smooth_shape(rng: &mut ChaCha8Rng) -> Shape {
    let size = |rng: &mut ChaCha8Rng| 0.25 * 10f64.powf(rng.random_range(-2.0..0.0));
    match rng.random_range(0..5) {
        0 => Sphere::new(size(rng)).unwrap().into(),
        1..=3 => Ellipsoid::new([size(rng), size(rng), size(rng)]).unwrap().into(),
        _ => Shape::from(Ellipsoid::new([size(rng), size(rng), size(rng)]).unwrap())
            .inflated(0.3 * size(rng))
            .unwrap(),
    }
}

#[test]
fn newton_agrees_with_the_cutting_plane_and_certifies() {
    let mut rng = rng(64);
    let mut s = solver();
    let (mut newton_iterations, mut plane_iterations) = (0u64, 0u64);
    for case in 0..3000 {
        let (a, b) = (smooth_shape(&mut rng), smooth_shape(&mut rng));
        let (pa, pb) = (random_pose(&mut rng, 0.3), random_pose(&mut rng, 0.3));
        let what = format!("case {case} {} {}", a.kind(), b.kind());
        let n = run_checked(&mut s, &a, &pa, &b, &pb, &what);
        let (ca, cb) = (CenterPoint::of(&a), CenterPoint::of(&b));
        let c = s.growth_distance_of(&a, &pa, &b, &pb, Some(&[ca, cb])).unwrap();
        assert!(
            (n.alpha - c.alpha).abs() <= 2.0 * TOL * c.alpha,
            "{what}: {n:?} {c:?}"
        );
        assert!(
            n.alpha_lower <= c.alpha_upper && c.alpha_lower <= n.alpha_upper,
            "{what}: [{}, {}] vs [{}, {}]",
            n.alpha_lower,
            n.alpha_upper,
            c.alpha_lower,
            c.alpha_upper
        );
        newton_iterations += u64::from(n.iterations);
        plane_iterations += u64::from(c.iterations);
    }
    // Quadratic convergence: well under the cutting plane's support calls.
    assert!(
        2 * newton_iterations < plane_iterations,
        "{newton_iterations} vs {plane_iterations}"
    );
    // The cold start at the minimizer of both shapes' quadratic models (issue 20) leaves
    // a few Newton steps: about 4 evaluations on average (6.3 from the ray direction).
    assert!(
        newton_iterations < 5 * 3000,
        "{newton_iterations} evaluations over 3000 cases"
    );
}

#[test]
fn newton_with_custom_centres_matches_the_analytic_answer() {
    // A ball of radius 1 scaled about a point 0.5 off its centre (inradius 0.5 there)
    // against a ball of radius 0.1: along x A reaches 0.5 + 0.5 alpha, B 3 - 0.1 alpha.
    let a: Shape = Sphere::new(1.0).unwrap().into();
    let b: Shape = Sphere::new(0.1).unwrap().into();
    let ca = CenterPoint {
        point: Vec3::new(0.5, 0.0, 0.0),
        inradius: 0.5,
    };
    let out = solver()
        .growth_distance(
            &a,
            &pose([0.0; 3]),
            &b,
            &pose([3.0, 0.0, 0.0]),
            Some(&[ca, CenterPoint::of(&b)]),
            None,
        )
        .unwrap();
    let want = 2.5 / 0.6;
    assert!((out.alpha - want).abs() <= 2.0 * TOL * want, "{out:?}");
    assert!(out.alpha_lower <= want && want <= out.alpha_upper, "{out:?}");
}

#[test]
fn warm_newton_gives_the_cold_answer_in_fewer_iterations() {
    let mut rng = rng(65);
    let (mut n_cold, mut n_warm) = (0u64, 0u64);
    for case in 0..500 {
        let (a, b) = (smooth_shape(&mut rng), smooth_shape(&mut rng));
        warm_trajectory(&mut rng, (&a, &b), |step, pa, pb, c, w| {
            check_answer(&a, pa, &b, pb, w, &format!("case {case} step {step}"));
            assert!(w.alpha_lower <= c.alpha_upper && c.alpha_lower <= w.alpha_upper);
            n_cold += u64::from(c.iterations);
            n_warm += u64::from(w.iterations);
        });
    }
    assert!(n_warm < n_cold, "{n_warm} vs {n_cold}");
}
