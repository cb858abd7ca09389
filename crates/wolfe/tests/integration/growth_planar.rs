//! 2D growth distance and collision (discs, rectangles, ellipses, polygons), and input
//! errors of the 3D and 2D queries.

use crate::common;
use crate::growth_support;

use common::*;
use growth_support::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wolfe::collide::growth::{
    growth_collide_2d, growth_distance_2d, growth_distance_2d_traced, Pose2, Shape2, Vec2,
};
use wolfe::{
    CenterPoint, Cuboid, Ellipsoid, GrowthIterate, GrowthSettings, GrowthSolver, GrowthStatus, Pose, Shape,
    Sphere, Vec3, WolfeError,
};

#[test]
fn discs_and_rectangles_in_2d() {
    let settings = GrowthSettings::default();
    let mut rng = rng(43);
    for _ in 0..200 {
        let (r1, r2) = (rng.random_range(0.01..1.0), rng.random_range(0.01..1.0));
        let pa = Pose2::new(
            [rng.random_range(-2.0..2.0), rng.random_range(-2.0..2.0)],
            rng.random_range(-3.0..3.0),
        );
        let pb = Pose2::new(
            [rng.random_range(-2.0..2.0), rng.random_range(-2.0..2.0)],
            rng.random_range(-3.0..3.0),
        );
        let out = growth_distance_2d(
            &Shape2::disc(r1).unwrap(),
            &pa,
            &Shape2::disc(r2).unwrap(),
            &pb,
            &settings,
        )
        .unwrap();
        let want = (pb.translation - pa.translation).norm() / (r1 + r2);
        assert_eq!(out.status, GrowthStatus::Converged);
        assert!((out.alpha - want).abs() <= 2.0 * TOL * want);
        let (xa, xb) = (
            pa.translation + out.alpha * (out.point_a - pa.translation),
            pb.translation + out.alpha * (out.point_b - pb.translation),
        );
        assert!((xa - xb).norm() <= 1e-9 * (1.0 + want));
    }
    // Rectangles along the axes, rectangle-disc, rotated rectangle.
    let ra = Shape2::rectangle([0.3, 0.8]).unwrap();
    let rb = Shape2::rectangle([0.5, 0.2]).unwrap();
    let disc = Shape2::disc(0.4).unwrap();
    for d in [0.1, 0.8, 2.5] {
        let out =
            growth_distance_2d(&ra, &Pose2::default(), &rb, &Pose2::new([d, 0.0], 0.0), &settings).unwrap();
        assert!((out.alpha - d / 0.8).abs() <= 2.0 * TOL * d / 0.8, "{out:?}");
        let out = growth_distance_2d(
            &ra,
            &Pose2::default(),
            &rb,
            &Pose2::new([0.0, -d], 0.0),
            &settings,
        )
        .unwrap();
        assert!((out.alpha - d / 1.0).abs() <= 2.0 * TOL * d);
        let out = growth_distance_2d(
            &disc,
            &Pose2::default(),
            &rb,
            &Pose2::new([0.0, d], 0.0),
            &settings,
        )
        .unwrap();
        assert!((out.alpha - d / 0.6).abs() <= 2.0 * TOL * d / 0.6);
        let out = growth_distance_2d(
            &ra,
            &Pose2::default(),
            &rb,
            &Pose2::new([d, 0.0], std::f64::consts::FRAC_PI_2),
            &settings,
        )
        .unwrap();
        assert!((out.alpha - d / 0.5).abs() <= 2.0 * TOL * d / 0.5);
    }
    // A polygon (a square given with an interior point) equals the rectangle.
    let square = Shape2::polygon(&[
        Vec2::new(-0.5, -0.2),
        Vec2::new(0.5, -0.2),
        Vec2::new(0.5, 0.2),
        Vec2::new(-0.5, 0.2),
        Vec2::new(0.1, 0.0),
    ])
    .unwrap();
    let pb = Pose2::new([1.3, 0.4], 0.3);
    let x = growth_distance_2d(&ra, &Pose2::default(), &square, &pb, &settings).unwrap();
    let y = growth_distance_2d(&ra, &Pose2::default(), &rb, &pb, &settings).unwrap();
    assert!((x.alpha - y.alpha).abs() <= 4.0 * TOL * y.alpha);
}

#[test]
fn two_d_monotone_gap_on_random_ellipses_and_polygons() {
    let settings = GrowthSettings::default();
    let mut rng = rng(44);
    for case in 0..1000 {
        let shape = |rng: &mut ChaCha8Rng| {
            let s = 10f64.powf(rng.random_range(-2.0..0.0));
            match rng.random_range(0..3) {
                0 => Shape2::ellipse([s, s * 10f64.powf(rng.random_range(-2.0..0.0))]).unwrap(),
                1 => Shape2::rectangle([s, s * 10f64.powf(rng.random_range(-2.0..0.0))]).unwrap(),
                _ => {
                    let pts: Vec<Vec2> = (0..12)
                        .map(|_| Vec2::new(rng.random_range(-s..s), rng.random_range(-s..s)))
                        .collect();
                    Shape2::polygon(&pts).unwrap()
                }
            }
        };
        let (a, b) = (shape(&mut rng), shape(&mut rng));
        let pa = Pose2::new(
            [rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)],
            rng.random_range(-3.0..3.0),
        );
        let pb = Pose2::new(
            [rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)],
            rng.random_range(-3.0..3.0),
        );
        let mut gaps = Vec::new();
        let out = growth_distance_2d_traced(&a, &pa, &b, &pb, &settings, &mut |it: GrowthIterate| {
            gaps.push(it.relative_gap())
        })
        .unwrap();
        assert_eq!(out.status, GrowthStatus::Converged, "case {case}");
        assert!(gaps.windows(2).all(|w| w[1] <= w[0]), "case {case}: {gaps:?}");
        let ca = pa.translation + nalgebra::Rotation2::new(pa.angle) * a.center();
        let cb = pb.translation + nalgebra::Rotation2::new(pb.angle) * b.center();
        let (xa, xb) = (
            ca + out.alpha * (out.point_a - ca),
            cb + out.alpha * (out.point_b - cb),
        );
        assert!(
            (xa - xb).norm() <= 1e-9 * (1.0 + (cb - ca).norm()) * out.alpha.max(1.0),
            "case {case}"
        );
    }
}

// ------------------------------------------------------------------- input errors

#[test]
fn bad_inputs_give_typed_errors() {
    let a: Shape = Sphere::new(1.0).unwrap().into();
    let b: Shape = Cuboid::new([1.0, 1.0, 1.0]).unwrap().into();
    let mut s = solver();
    let bad_pose = Pose::from_translation(Vec3::new(f64::NAN, 0.0, 0.0));
    assert!(matches!(
        s.growth_distance(&a, &bad_pose, &b, &Pose::identity(), None, None),
        Err(WolfeError::NonFinitePose)
    ));
    let zero = CenterPoint {
        point: Vec3::zeros(),
        inradius: 0.0,
    };
    assert!(matches!(
        s.growth_distance(
            &a,
            &Pose::identity(),
            &b,
            &pose([3.0, 0.0, 0.0]),
            Some(&[zero, zero]),
            None
        ),
        Err(WolfeError::InvalidCenterPoint { .. })
    ));
    let nan = CenterPoint {
        point: Vec3::new(0.0, f64::INFINITY, 0.0),
        inradius: 1.0,
    };
    assert!(s
        .collide(
            &a,
            &Pose::identity(),
            &b,
            &pose([3.0, 0.0, 0.0]),
            Some(&[nan, CenterPoint::of(&b)]),
            None
        )
        .is_err());
    for bad in [
        GrowthSettings::default().with_tolerance(0.0),
        GrowthSettings::default().with_tolerance(f64::NAN),
        GrowthSettings::default().with_max_iterations(0),
    ] {
        assert!(matches!(
            GrowthSolver::new(bad),
            Err(WolfeError::InvalidSetting { .. })
        ));
    }
    // Coincident centres: alpha* = 0 (Alg. 3 line 2).
    let out = s
        .growth_distance(&a, &Pose::identity(), &b, &Pose::identity(), None, None)
        .unwrap();
    assert_eq!((out.alpha, out.status), (0.0, GrowthStatus::Converged));
    // One shape may have no interior about its centre (a segment-like needle is fine
    // too): a point-sized centre ball on B with A solid.
    let out = s
        .growth_distance(
            &a,
            &Pose::identity(),
            &b,
            &pose([3.0, 0.0, 0.0]),
            Some(&[CenterPoint::of(&a), zero]),
            None,
        )
        .unwrap();
    assert!((out.alpha - 3.0 / 2.0).abs() <= 2.0 * TOL * 1.5);
    // The iteration limit is reported, with valid bounds.
    let e: Shape = Ellipsoid::new([1.0, 0.1, 0.5]).unwrap().into();
    let mut short = GrowthSolver::new(GrowthSettings::default().with_max_iterations(2)).unwrap();
    let pb = Pose::from_parts([1.0, 2.0, 0.5], [0.8, 0.6, 0.0, 0.0]).unwrap();
    let out = short
        .growth_distance(&e, &Pose::identity(), &e, &pb, None, None)
        .unwrap();
    let full = s
        .growth_distance(&e, &Pose::identity(), &e, &pb, None, None)
        .unwrap();
    assert_eq!(out.status, GrowthStatus::IterationLimit);
    assert!(out.alpha_lower <= full.alpha * (1.0 + 1e-12) && full.alpha <= out.alpha_upper * (1.0 + 1e-12));
}

#[test]
fn two_d_collision_agrees_with_the_distance_and_certifies() {
    let settings = GrowthSettings::default();
    let mut rng = rng(52);
    let (mut n_sep, mut n_hit) = (0, 0);
    for case in 0..1000 {
        let shape = |rng: &mut ChaCha8Rng| {
            let s = 10f64.powf(rng.random_range(-1.5..0.0));
            match rng.random_range(0..4) {
                0 => Shape2::disc(s).unwrap(),
                1 => Shape2::ellipse([s, s * rng.random_range(0.05..1.0)]).unwrap(),
                2 => Shape2::rectangle([s, s * rng.random_range(0.05..1.0)]).unwrap(),
                _ => {
                    let pts: Vec<Vec2> = (0..10)
                        .map(|_| Vec2::new(rng.random_range(-s..s), rng.random_range(-s..s)))
                        .collect();
                    Shape2::polygon(&pts).unwrap()
                }
            }
        };
        let (a, b) = (shape(&mut rng), shape(&mut rng));
        let pa = Pose2::new(
            [rng.random_range(-0.5..0.5), rng.random_range(-0.5..0.5)],
            rng.random_range(-3.0..3.0),
        );
        let pb = Pose2::new(
            [rng.random_range(-0.5..0.5), rng.random_range(-0.5..0.5)],
            rng.random_range(-3.0..3.0),
        );
        let d = growth_distance_2d(&a, &pa, &b, &pb, &settings).unwrap();
        let c = growth_collide_2d(&a, &pa, &b, &pb, &settings).unwrap();
        if (d.alpha - 1.0).abs() > 1e-6 {
            assert_eq!(c.intersecting, d.alpha < 1.0, "case {case}");
        }
        assert!(c.iterations <= d.iterations);
        // World-frame support value of a posed 2D shape.
        let h = |s: &Shape2, p: &Pose2, n: &Vec2| {
            let r = nalgebra::Rotation2::new(p.angle);
            n.dot(&(r * s.local_support(&(r.inverse() * n)) + p.translation))
        };
        if c.intersecting {
            n_hit += 1;
            let x = c.common_point.expect("a common point");
            // x is in both shapes: no direction separates it (sampled directions).
            for k in 0..64 {
                let t = k as f64 * std::f64::consts::TAU / 64.0;
                let n = Vec2::new(t.cos(), t.sin());
                assert!(n.dot(&x) <= h(&a, &pa, &n) + 1e-9, "case {case}");
                assert!(n.dot(&x) <= h(&b, &pb, &n) + 1e-9, "case {case}");
            }
        } else {
            n_sep += 1;
            let n = c.separating_normal;
            assert!(c.offset_a < c.offset_b, "case {case}");
            assert!((h(&a, &pa, &n) - c.offset_a).abs() <= 1e-9, "case {case}");
            assert!((-h(&b, &pb, &-n) - c.offset_b).abs() <= 1e-9, "case {case}");
        }
    }
    assert!(n_sep > 100 && n_hit > 100, "{n_sep} {n_hit}");
}
