//! Growth distance, analytic answers: spheres and boxes along axes, the inradius lower
//! bounds, custom centres, and extreme separations (centres 1e-9 to 1e20 apart).

use crate::common;
use crate::growth_support;

use common::*;
use growth_support::*;
use rand::Rng;
use wolfe::math::SIGNED_AXES;
use wolfe::{CenterPoint, Cone, ConvexMesh, ConvexShape, Cuboid, Pose, Shape, Sphere, Vec3};

// ---------------------------------------------------------------- analytic answers

#[test]
fn two_spheres_analytic() {
    let mut rng = rng(41);
    let mut s = solver();
    for _ in 0..200 {
        let (r1, r2) = (rng.random_range(0.01..1.0), rng.random_range(0.01..1.0));
        let a: Shape = Sphere::new(r1).unwrap().into();
        let b: Shape = Sphere::new(r2).unwrap().into();
        let (pa, pb) = (random_pose(&mut rng, 2.0), random_pose(&mut rng, 2.0));
        let out = s.growth_distance(&a, &pa, &b, &pb, None, None).unwrap();
        let want = (pb.translation - pa.translation).norm() / (r1 + r2);
        assert!(
            (out.alpha - want).abs() <= 2.0 * TOL * want,
            "{} vs {want}",
            out.alpha
        );
        check_answer(&a, &pa, &b, &pb, &out, "spheres");
        let n = (pb.translation - pa.translation).normalize();
        assert!((out.normal - n).norm() < 1e-6);
    }
}

#[test]
fn boxes_and_spheres_along_axes() {
    let mut s = solver();
    let sphere: Shape = Sphere::new(0.5).unwrap().into();
    let cuboid: Shape = Cuboid::new([0.3, 0.7, 1.1]).unwrap().into();
    let cuboid2: Shape = Cuboid::new([0.2, 0.4, 0.6]).unwrap().into();
    for (axis, k) in [(0, 1.0), (1, -1.0), (2, 1.0)] {
        for d in [0.05, 0.8, 1.0, 3.0] {
            let mut t = [0.0; 3];
            t[axis] = k * d;
            let h = cuboid.local_aabb().max[axis];
            let h2 = cuboid2.local_aabb().max[axis];
            let out = s
                .growth_distance(&sphere, &Pose::identity(), &cuboid, &pose(t), None, None)
                .unwrap();
            let want = d / (0.5 + h);
            assert!(
                (out.alpha - want).abs() <= 2.0 * TOL * want,
                "sphere-box {axis} {d}: {}",
                out.alpha
            );
            check_answer(&sphere, &Pose::identity(), &cuboid, &pose(t), &out, "sphere-box");
            let out = s
                .growth_distance(&cuboid, &Pose::identity(), &cuboid2, &pose(t), None, None)
                .unwrap();
            let want = d / (h + h2);
            assert!(
                (out.alpha - want).abs() <= 2.0 * TOL * want,
                "box-box {axis} {d}: {}",
                out.alpha
            );
            check_answer(&cuboid, &Pose::identity(), &cuboid2, &pose(t), &out, "box-box");
        }
    }
    // A rotated pair: box B turned by 90 degrees about z swaps its x and y extents.
    let q = [
        std::f64::consts::FRAC_1_SQRT_2,
        0.0,
        0.0,
        std::f64::consts::FRAC_1_SQRT_2,
    ];
    let pb = Pose::from_parts([2.0, 0.0, 0.0], q).unwrap();
    let out = s
        .growth_distance(&cuboid, &Pose::identity(), &cuboid2, &pb, None, None)
        .unwrap();
    let want = 2.0 / (0.3 + 0.4);
    assert!((out.alpha - want).abs() <= 2.0 * TOL * want);
}

// ------------------------------------------------------------ inradius lower bounds

#[test]
fn inradius_is_a_tight_lower_bound_for_every_shape() {
    let mut rng = rng(45);
    let mut shapes: Vec<Shape> = (0..60).map(|_| random_primitive(&mut rng)).collect();
    shapes.extend((0..9).map(|k| random_shape(&mut rng, k, 1.0)));
    shapes.push(Cone::new(2.0, 0.1).unwrap().into());
    shapes.push(Cone::new(0.1, 2.0).unwrap().into());
    // Dense unit directions (Fibonacci sphere).
    let n = 4000;
    let dirs: Vec<Vec3> = (0..n)
        .map(|k| {
            let z = 1.0 - (2 * k + 1) as f64 / n as f64;
            let r = (1.0 - z * z).sqrt();
            let t = 2.399_963_229_728_653 * k as f64;
            Vec3::new(r * t.cos(), r * t.sin(), z)
        })
        .chain(SIGNED_AXES)
        .collect();
    for s in &shapes {
        let c = s.center();
        let r = s.inradius();
        assert!(r > 0.0, "{}", s.kind());
        // The ball B_r(c) lies in the shape iff h(d) - <d, c> >= r for all unit d.
        let margin = dirs
            .iter()
            .map(|d| world_support_value(s, &Pose::identity(), d) - d.dot(&c))
            .fold(f64::INFINITY, f64::min);
        assert!(margin >= r * (1.0 - 1e-12), "{}: {margin} < {r}", s.kind());
        // Tight: some direction comes close (the sampled minimum over-estimates the true
        // minimum, so only a loose upper check).
        assert!(margin <= r * 1.05 + 1e-12, "{}: {margin} vs {r}", s.kind());
    }
}

#[test]
fn custom_centres_move_the_answer() {
    // A sphere of radius 1 scaled about a point at distance 0.5 from its centre
    // (inradius there 0.5), against a point-like small sphere.
    let a: Shape = Sphere::new(1.0).unwrap().into();
    let b: Shape = Sphere::new(0.1).unwrap().into();
    let ca = CenterPoint {
        point: Vec3::new(0.5, 0.0, 0.0),
        inradius: 0.5,
    };
    let mut s = solver();
    let pb = pose([3.0, 0.0, 0.0]);
    let out = s
        .growth_distance(
            &a,
            &Pose::identity(),
            &b,
            &pb,
            Some(&[ca, CenterPoint::of(&b)]),
            None,
        )
        .unwrap();
    // Along x: A scaled about 0.5 reaches 0.5 + 0.5 alpha, B reaches 3 - 0.1 alpha.
    let want = 2.5 / 0.6;
    assert!((out.alpha - want).abs() <= 2.0 * TOL * want, "{}", out.alpha);
}

#[test]
fn extreme_separations_and_flat_shapes() {
    let mut rng = rng(51);
    let mut s = solver();
    // A flat polygon (no interior, inradius 0) against solids: still well defined
    // (Def. 3 needs one solid set).
    let flat: Shape = ConvexMesh::from_points_lenient(&[
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(0.3, 0.0, 0.0),
        Vec3::new(0.0, 0.2, 0.0),
        Vec3::new(0.25, 0.3, 0.0),
    ])
    .unwrap()
    .into();
    assert_eq!(flat.inradius(), 0.0);
    for case in 0..300 {
        let a = random_primitive(&mut rng);
        let b = if case % 3 == 0 {
            flat.clone()
        } else {
            random_primitive(&mut rng)
        };
        let pa = Pose {
            translation: Vec3::zeros(),
            ..random_pose(&mut rng, 1.0)
        };
        let mut pb = random_pose(&mut rng, 1.0);
        // Centres from 1e-9 to 1e4 apart.
        let d = 10f64.powf(rng.random_range(-9.0..4.0));
        pb.translation = pb.translation.normalize() * d;
        // Put B's centre (not its origin) at distance d from A's.
        let pb = Pose {
            translation: pb.translation - pb.transform_vector(&b.center()) + pa.transform_vector(&a.center()),
            ..pb
        };
        let out = run_checked(&mut s, &a, &pa, &b, &pb, &format!("case {case} d {d:e}"));
        assert!(out.alpha > 0.0 && out.alpha.is_finite());
    }
}
