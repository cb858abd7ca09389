//! Growth distance (ray-intersection algorithm): analytic answers, primal and dual
//! feasibility of every answer, Theorem 2 (monotone gap) on every iteration, agreement
//! with GJK's boolean test and with an independent bisection on GJK distances between
//! scaled shapes, warm start = cold start, 2D, and input errors.

mod common;

use common::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wolfe::collide::growth::{
    growth_collide_2d, growth_distance_2d, growth_distance_2d_traced, Pose2, Shape2, Vec2,
};
use wolfe::{
    intersects, Aabb, Capsule, CenterPoint, Cone, ConvexMesh, ConvexShape, Cuboid, Cylinder, Ellipsoid,
    GjkSettings, GrowthIterate, GrowthSettings, GrowthSolver, GrowthStatus, PairCache, Pose, Shape, Sphere,
    SupportMap, Vec3, WolfeError,
};
use wolfe_testkit::oracle::{growth_bisection, scaled_apart};

const TOL: f64 = 1.4901161193847656e-8;

fn solver() -> GrowthSolver {
    GrowthSolver::new(GrowthSettings::default()).unwrap()
}

fn pose(t: [f64; 3]) -> Pose {
    Pose::from_translation(Vec3::from(t))
}

/// `max_{x in S} <d, x>` for the whole posed shape (core plus radius), world frame.
fn world_support_value(s: &Shape, pose: &Pose, d: &Vec3) -> f64 {
    let dl = pose.inverse_transform_vector(d);
    let x = pose.transform_point(&s.local_support(&dl));
    d.dot(&x) + s.radius() * d.norm()
}

/// A random curved primitive (or box) with sizes over two orders of magnitude, including
/// needles and sheets (one dimension 100 times the others).
fn random_primitive(rng: &mut ChaCha8Rng) -> Shape {
    let size = |rng: &mut ChaCha8Rng| 10f64.powf(rng.random_range(-2.0..0.0)) * 0.25;
    // Needles and sheets: one or two axes shrunk by up to 100.
    let aspect = |rng: &mut ChaCha8Rng, base: f64| {
        if rng.random_bool(0.3) {
            base * 10f64.powf(rng.random_range(-2.0..0.0))
        } else {
            base
        }
    };
    let s = size(rng);
    match rng.random_range(0..7) {
        0 => Sphere::new(s).unwrap().into(),
        1 => Ellipsoid::new([s, aspect(rng, s), aspect(rng, s)])
            .unwrap()
            .into(),
        2 => Cuboid::new([s, aspect(rng, s), aspect(rng, s)]).unwrap().into(),
        3 => Capsule::new(aspect(rng, s), s).unwrap().into(),
        4 => Cylinder::new(aspect(rng, s), s).unwrap().into(),
        5 => Cone::new(aspect(rng, s), s).unwrap().into(),
        _ => Shape::from(Cuboid::new([s, aspect(rng, s), s]).unwrap())
            .inflated(0.2 * s)
            .unwrap(),
    }
}

fn ycb_shapes(names: &[&str]) -> Vec<Shape> {
    names
        .iter()
        .map(|n| Shape::from(ConvexMesh::from_obj(ycb_dir().join(format!("{n}.obj"))).unwrap()))
        .collect()
}

fn size_of(s: &Shape) -> f64 {
    let b: Aabb = s.local_aabb();
    (b.max - b.min).norm()
}

/// Checks primal and dual feasibility of an answer with default centres.
fn check_answer(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, out: &wolfe::GrowthOutput, what: &str) {
    let ca = pa.transform_point(&a.center());
    let cb = pb.transform_point(&b.center());
    let p = cb - ca;
    let scale = p.norm() + size_of(a) + size_of(b);
    assert_eq!(out.status, GrowthStatus::Converged, "{what}: {out:?}");
    assert!(
        out.relative_gap() <= TOL * (1.0 + 1e-9),
        "{what}: gap {}",
        out.relative_gap()
    );
    assert!(
        out.alpha_lower <= out.alpha && out.alpha == out.alpha_upper,
        "{what}"
    );
    // Primal: the scaled shapes meet at the witness points.
    let xa = ca + out.alpha * (out.point_a - ca);
    let xb = cb + out.alpha * (out.point_b - cb);
    assert!(
        (xa - xb).norm() <= 1e-9 * scale * out.alpha.max(1.0),
        "{what}: primal residual {}",
        (xa - xb).norm()
    );
    assert!(
        (xa - out.contact_point).norm() <= 1e-9 * scale * out.alpha.max(1.0),
        "{what}"
    );
    // The witness points lie in the shapes (checked against the support function in a
    // few directions: <d, x> <= h(d)).
    for d in [
        Vec3::x(),
        -Vec3::x(),
        Vec3::y(),
        -Vec3::y(),
        Vec3::z(),
        -Vec3::z(),
        out.normal,
        -out.normal,
    ] {
        assert!(
            d.dot(&out.point_a) <= world_support_value(a, pa, &d) + 1e-9 * scale,
            "{what}"
        );
        assert!(
            d.dot(&out.point_b) <= world_support_value(b, pb, &d) + 1e-9 * scale,
            "{what}"
        );
    }
    // Dual: the normal's support values give the lower bound:
    // s_C(n) = h_A(n) - <n, c_a> + h_B(-n) + <n, c_b> = <n, p> / alpha_lower.
    let n = out.normal;
    assert!((n.norm() - 1.0).abs() < 1e-12, "{what}");
    assert!(n.dot(&p) > 0.0, "{what}");
    let s_c = world_support_value(a, pa, &n) - n.dot(&ca) + world_support_value(b, pb, &-n) + n.dot(&cb);
    assert!(
        (s_c * out.alpha_lower - n.dot(&p)).abs() <= 1e-9 * scale,
        "{what}: dual residual {}",
        s_c * out.alpha_lower - n.dot(&p)
    );
}

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
        let out = s.growth_distance(&a, &pa, &b, &pb).unwrap();
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
                .growth_distance(&sphere, &Pose::identity(), &cuboid, &pose(t))
                .unwrap();
            let want = d / (0.5 + h);
            assert!(
                (out.alpha - want).abs() <= 2.0 * TOL * want,
                "sphere-box {axis} {d}: {}",
                out.alpha
            );
            check_answer(&sphere, &Pose::identity(), &cuboid, &pose(t), &out, "sphere-box");
            let out = s
                .growth_distance(&cuboid, &Pose::identity(), &cuboid2, &pose(t))
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
        .growth_distance(&cuboid, &Pose::identity(), &cuboid2, &pb)
        .unwrap();
    let want = 2.0 / (0.3 + 0.4);
    assert!((out.alpha - want).abs() <= 2.0 * TOL * want);
}

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
        .chain([
            Vec3::x(),
            -Vec3::x(),
            Vec3::y(),
            -Vec3::y(),
            Vec3::z(),
            -Vec3::z(),
        ])
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

// ------------------------------------------------ random runs: feasibility, Theorem 2

fn run_checked(
    s: &mut GrowthSolver,
    a: &Shape,
    pa: &Pose,
    b: &Shape,
    pb: &Pose,
    what: &str,
) -> wolfe::GrowthOutput {
    let mut trace: Vec<GrowthIterate> = Vec::new();
    let out = s
        .growth_distance_traced(
            a,
            pa,
            &CenterPoint::of(a),
            b,
            pb,
            &CenterPoint::of(b),
            &mut |it: GrowthIterate| trace.push(it),
        )
        .unwrap();
    // Theorem 2 on every iteration, and the bounds themselves are monotone.
    for w in trace.windows(2) {
        assert!(
            w[1].relative_gap() <= w[0].relative_gap(),
            "{what}: gap rose {w:?}"
        );
        assert!(w[1].beta_lower >= w[0].beta_lower, "{what}");
        assert!(w[1].beta_upper <= w[0].beta_upper, "{what}");
    }
    let recorded = trace.iter().filter(|it| it.iteration > 0).count();
    assert_eq!(recorded as u32, out.iterations, "{what}");
    check_answer(a, pa, b, pb, &out, what);
    out
}

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

/// The shared oracle (`wolfe_testkit::oracle`): bisection on the sign of GJK distances
/// between the shapes scaled about their centres, to 1e-9 relative; the bracket
/// `[guess / 2, 2 guess]` must hold.
fn bisection(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, guess: f64) -> f64 {
    assert!(scaled_apart(a, pa, b, pb, guess * 0.5) && !scaled_apart(a, pa, b, pb, guess * 2.0));
    growth_bisection(a, pa, b, pb, guess, 1e-9).expect("a verified bracket")
}

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
        let out = s.growth_distance(&shapes[i], &pa, &shapes[j], &pb).unwrap();
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
        let col = s.collide(a, &pa, b, &pb).unwrap();
        let dist = s.growth_distance(a, &pa, b, &pb).unwrap();
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
        assert!(col.iterations <= dist.iterations, "case {case}: early exit");
    }
    assert!(n_sep > 200 && n_hit > 200, "{n_sep} {n_hit}");
}

// ----------------------------------------------------------------------- warm start

fn nudge(rng: &mut ChaCha8Rng, p: &Pose, size: f64) -> Pose {
    let axis = Vec3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    );
    let rot = wolfe::Quat::from_scaled_axis(axis.normalize() * 0.01);
    let t = Vec3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    );
    Pose {
        rotation: rot * p.rotation,
        translation: p.translation + t.normalize() * 0.01 * size,
    }
}

#[test]
fn warm_start_gives_the_cold_answer() {
    let mut shapes = ycb_shapes(&["035_power_drill", "006_mustard_bottle"]);
    let mut rng = rng(50);
    shapes.extend((0..6).map(|_| random_primitive(&mut rng)));
    shapes.push(random_shape(&mut rng, 6, 0.2));
    let mut cold = solver();
    let mut warm = solver();
    let mut cache = PairCache::new();
    for case in 0..300 {
        let i = rng.random_range(0..shapes.len());
        let j = rng.random_range(0..shapes.len());
        let (a, b) = (&shapes[i], &shapes[j]);
        let (mut pa, mut pb) = (random_pose(&mut rng, 0.2), random_pose(&mut rng, 0.2));
        cache.clear();
        warm.growth_distance_cached(a, &pa, b, &pb, &mut cache).unwrap();
        for step in 0..5 {
            pa = nudge(&mut rng, &pa, size_of(a));
            pb = nudge(&mut rng, &pb, size_of(b));
            let c = cold.growth_distance(a, &pa, b, &pb).unwrap();
            let w = warm.growth_distance_cached(a, &pa, b, &pb, &mut cache).unwrap();
            check_answer(a, &pa, b, &pb, &w, &format!("warm case {case} step {step}"));
            assert!(
                (c.alpha - w.alpha).abs() <= 2.0 * TOL * c.alpha,
                "case {case} step {step}"
            );
            // Collision queries warm-start from distance queries and vice versa.
            let wc = warm.collide_cached(a, &pa, b, &pb, &mut cache).unwrap();
            if (c.alpha - 1.0).abs() > 1e-6 {
                assert_eq!(wc.intersecting, c.alpha < 1.0, "case {case} step {step}");
            }
        }
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
        s.growth_distance(&a, &bad_pose, &b, &Pose::identity()),
        Err(WolfeError::NonFinitePose)
    ));
    let zero = CenterPoint {
        point: Vec3::zeros(),
        inradius: 0.0,
    };
    assert!(matches!(
        s.growth_distance_about(&a, &Pose::identity(), &zero, &b, &pose([3.0, 0.0, 0.0]), &zero),
        Err(WolfeError::InvalidCenterPoint { .. })
    ));
    let nan = CenterPoint {
        point: Vec3::new(0.0, f64::INFINITY, 0.0),
        inradius: 1.0,
    };
    assert!(s
        .collide_about(
            &a,
            &Pose::identity(),
            &nan,
            &b,
            &pose([3.0, 0.0, 0.0]),
            &CenterPoint::of(&b)
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
        .growth_distance(&a, &Pose::identity(), &b, &Pose::identity())
        .unwrap();
    assert_eq!((out.alpha, out.status), (0.0, GrowthStatus::Converged));
    // One shape may have no interior about its centre (a segment-like needle is fine
    // too): a point-sized centre ball on B with A solid.
    let out = s
        .growth_distance_about(
            &a,
            &Pose::identity(),
            &CenterPoint::of(&a),
            &b,
            &pose([3.0, 0.0, 0.0]),
            &zero,
        )
        .unwrap();
    assert!((out.alpha - 3.0 / 2.0).abs() <= 2.0 * TOL * 1.5);
    // The iteration limit is reported, with valid bounds.
    let e: Shape = Ellipsoid::new([1.0, 0.1, 0.5]).unwrap().into();
    let mut short = GrowthSolver::new(GrowthSettings::default().with_max_iterations(2)).unwrap();
    let pb = Pose::from_parts([1.0, 2.0, 0.5], [0.8, 0.6, 0.0, 0.0]).unwrap();
    let out = short.growth_distance(&e, &Pose::identity(), &e, &pb).unwrap();
    let full = s.growth_distance(&e, &Pose::identity(), &e, &pb).unwrap();
    assert_eq!(out.status, GrowthStatus::IterationLimit);
    assert!(out.alpha_lower <= full.alpha * (1.0 + 1e-12) && full.alpha <= out.alpha_upper * (1.0 + 1e-12));
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
        .growth_distance_about(&a, &Pose::identity(), &ca, &b, &pb, &CenterPoint::of(&b))
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
