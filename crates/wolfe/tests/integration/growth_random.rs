//! Growth distance on random pairs: primal and dual feasibility of every answer and
//! Theorem 2 (monotone gap) on every iteration, agreement with an independent bisection
//! on GJK distances between scaled shapes, and the collision test against GJK.

use crate::common;
use crate::growth_support;

use common::*;
use growth_support::*;
use rand::Rng;
use wolfe::{intersects, ConvexShape, GjkSettings, GrowthStatus, Pose, Shape, Sphere};

// ------------------------------------------------ random runs: feasibility, Theorem 2

#[test]
fn curved_primitives_feasible_and_monotone_over_two_orders_of_magnitude() {
    let mut rng = rng(46);
    let mut s = solver();
    let mut max_iter = 0;
    for case in 0..3000 {
        let a = random_primitive(&mut rng);
        let b = random_primitive(&mut rng);
        let (pa, pb) = (random_pose(&mut rng, 0.3), random_pose(&mut rng, 0.3));
        let out = run_checked(
            &mut s,
            &a,
            &pa,
            &b,
            &pb,
            &format!("case {case} {} {}", a.kind(), b.kind()),
        );
        max_iter = max_iter.max(out.iterations);
    }
    assert!(max_iter < 100);
}

#[test]
fn ycb_hulls_and_random_meshes_feasible_and_monotone() {
    let mut shapes = ycb_shapes(&[
        "011_banana",
        "025_mug",
        "035_power_drill",
        "077_rubiks_cube",
        "006_mustard_bottle",
    ]);
    let mut rng = rng(47);
    for k in 0..6 {
        shapes.push(random_shape(&mut rng, 6, 0.1 * (k + 1) as f64));
        shapes.push(random_shape(&mut rng, 8, 0.1 * (k + 1) as f64));
    }
    let mut s = solver();
    for case in 0..1500 {
        let i = rng.random_range(0..shapes.len());
        let j = rng.random_range(0..shapes.len());
        let (pa, pb) = (random_pose(&mut rng, 0.2), random_pose(&mut rng, 0.2));
        run_checked(
            &mut s,
            &shapes[i],
            &pa,
            &shapes[j],
            &pb,
            &format!("case {case} ({i}, {j})"),
        );
    }
}

// ----------------------------------------------- independent reference: bisection

#[test]
fn agrees_with_bisection_on_gjk_distances_between_scaled_shapes() {
    let mut shapes = ycb_shapes(&["025_mug", "011_banana"]);
    let mut rng = rng(48);
    shapes.extend((0..8).map(|_| random_primitive(&mut rng)));
    shapes.push(random_shape(&mut rng, 8, 0.3));
    let mut s = solver();
    for case in 0..150 {
        let i = rng.random_range(0..shapes.len());
        let j = rng.random_range(0..shapes.len());
        let (pa, pb) = (random_pose(&mut rng, 0.3), random_pose(&mut rng, 0.3));
        let out = s
            .growth_distance(&shapes[i], &pa, &shapes[j], &pb, None, None)
            .unwrap();
        let reference = bisection(&shapes[i], &pa, &shapes[j], &pb, out.alpha);
        assert!(
            (out.alpha - reference).abs() <= 1e-6 * reference,
            "case {case}: {} vs {reference}",
            out.alpha
        );
    }
}

// ------------------------------------------------------------------ collision test

#[test]
fn collision_agrees_with_gjk_and_returns_certificates() {
    let mut shapes = ycb_shapes(&["025_mug", "077_rubiks_cube"]);
    let mut rng = rng(49);
    shapes.extend((0..12).map(|_| random_primitive(&mut rng)));
    shapes.extend((0..4).map(|k| random_shape(&mut rng, 6 + (k % 3), 0.2)));
    let mut s = solver();
    let (mut n_sep, mut n_hit) = (0, 0);
    for case in 0..2000 {
        let i = rng.random_range(0..shapes.len());
        let j = rng.random_range(0..shapes.len());
        let (a, b) = (&shapes[i], &shapes[j]);
        let (pa, pb) = (random_pose(&mut rng, 0.15), random_pose(&mut rng, 0.15));
        let col = s.collide(a, &pa, b, &pb, None, None).unwrap();
        let dist = s.growth_distance(a, &pa, b, &pb, None, None).unwrap();
        let gjk = intersects(a, &pa, b, &pb, &GjkSettings::default()).unwrap();
        // Away from a tolerance band around alpha* = 1 the answers must agree.
        if (dist.alpha - 1.0).abs() > 1e-6 {
            assert_eq!(col.intersecting, dist.alpha < 1.0, "case {case}");
            assert_eq!(
                col.intersecting, gjk.intersecting,
                "case {case}: alpha {}",
                dist.alpha
            );
        }
        assert!(
            col.alpha_lower <= dist.alpha * (1.0 + 1e-9)
                && dist.alpha_lower <= col.alpha_upper * (1.0 + 1e-9)
        );
        let scale = size_of(a) + size_of(b);
        if col.intersecting {
            n_hit += 1;
            assert!(matches!(
                col.status,
                GrowthStatus::Overlapping | GrowthStatus::Converged
            ));
            let x = col.common_point.expect("a common point");
            // The point lies in both shapes: a tiny sphere there touches both.
            let dot: Shape = Sphere::new(1e-12 * scale).unwrap().into();
            for (sh, ps) in [(a, &pa), (b, &pb)] {
                let d = wolfe::distance(&dot, &Pose::from_translation(x), sh, ps, &GjkSettings::default())
                    .unwrap();
                assert!(d.distance <= 1e-9 * scale, "case {case}: {}", d.distance);
            }
        } else {
            n_sep += 1;
            assert_eq!(col.status, GrowthStatus::Separated);
            let n = col.separating_normal;
            assert!(col.offset_a < col.offset_b);
            assert!((world_support_value(a, &pa, &n) - col.offset_a).abs() <= 1e-9 * scale);
            assert!((-world_support_value(b, &pb, &-n) - col.offset_b).abs() <= 1e-9 * scale);
        }
        // The early exit runs the cutting-plane loop; smooth pairs' distances run
        // Newton's method, which needs fewer support calls than either.
        if !(a.is_strictly_convex() && b.is_strictly_convex()) {
            assert!(col.iterations <= dist.iterations, "case {case}: early exit");
        }
    }
    assert!(n_sep > 200 && n_hit > 200, "{n_sep} {n_hit}");
}
