//! Shared helpers of the growth distance tests (`growth_*.rs`): the default solver,
//! analytic support values, random primitives with needles and sheets, and the answer
//! checks (primal and dual feasibility, Theorem 2 on every iteration).
// Each test binary uses a different part of this module.
#![allow(dead_code, unused_imports)]

use super::common::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wolfe::collide::growth::{
    growth_collide_2d, growth_distance_2d, growth_distance_2d_traced, Pose2, Shape2, Vec2,
};
use wolfe::math::SIGNED_AXES;
use wolfe::{
    intersects, Aabb, Capsule, CenterPoint, Cone, ConvexMesh, ConvexShape, Cuboid, Cylinder, Ellipsoid,
    GjkSettings, GrowthIterate, GrowthOutput, GrowthSettings, GrowthSolver, GrowthStatus, PairCache, Pose,
    Shape, Sphere, SupportMap, Vec3, WolfeError,
};
use wolfe_testkit::oracle::{growth_bisection, scaled_apart};

pub const TOL: f64 = 1.4901161193847656e-8;

pub fn solver() -> GrowthSolver {
    GrowthSolver::new(GrowthSettings::default()).unwrap()
}

pub fn pose(t: [f64; 3]) -> Pose {
    Pose::from_translation(Vec3::from(t))
}

/// `max_{x in S} <d, x>` for the whole posed shape (core plus radius), world frame.
pub fn world_support_value(s: &Shape, pose: &Pose, d: &Vec3) -> f64 {
    let dl = pose.inverse_transform_vector(d);
    let x = pose.transform_point(&s.local_support(&dl));
    d.dot(&x) + s.radius() * d.norm()
}

/// A random curved primitive (or box) with sizes over two orders of magnitude, including
/// needles and sheets (one dimension 100 times the others).
pub fn random_primitive(rng: &mut ChaCha8Rng) -> Shape {
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

pub fn ycb_shapes(names: &[&str]) -> Vec<Shape> {
    names
        .iter()
        .map(|n| Shape::from(ConvexMesh::from_obj(ycb_dir().join(format!("{n}.obj"))).unwrap()))
        .collect()
}

pub fn size_of(s: &Shape) -> f64 {
    let b: Aabb = s.local_aabb();
    (b.max - b.min).norm()
}

/// Checks primal and dual feasibility of an answer with default centres.
pub fn check_answer(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, out: &wolfe::GrowthOutput, what: &str) {
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
    for d in SIGNED_AXES.into_iter().chain([out.normal, -out.normal]) {
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

pub fn run_checked(
    s: &mut GrowthSolver, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, what: &str,
) -> wolfe::GrowthOutput {
    let mut trace: Vec<GrowthIterate> = Vec::new();
    let out = s
        .growth_distance_traced(
            a,
            pa,
            b,
            pb,
            Some(&[CenterPoint::of(a), CenterPoint::of(b)]),
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

/// The shared oracle (`wolfe_testkit::oracle`): bisection on the sign of GJK distances
/// between the shapes scaled about their centres, to 1e-9 relative; the bracket
/// `[guess / 2, 2 guess]` must hold.
pub fn bisection(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, guess: f64) -> f64 {
    assert!(scaled_apart(a, pa, b, pb, guess * 0.5) && !scaled_apart(a, pa, b, pb, guess * 2.0));
    growth_bisection(a, pa, b, pb, guess, 1e-9).expect("a verified bracket")
}

pub fn nudge(rng: &mut ChaCha8Rng, p: &Pose, size: f64) -> Pose {
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

/// A short trajectory of a pair, cold and warm side by side: a warm query at random
/// poses fills a fresh cache, then four steps nudge both poses (Sec. III-F.3's setting)
/// and `check(step, pose_a, pose_b, cold, warm)` sees each step's two answers.
pub fn warm_trajectory(
    rng: &mut ChaCha8Rng, (a, b): (&Shape, &Shape),
    mut check: impl FnMut(u32, &Pose, &Pose, &GrowthOutput, &GrowthOutput),
) {
    let (mut cold, mut warm) = (solver(), solver());
    let mut cache = PairCache::new();
    let (mut pa, mut pb) = (random_pose(rng, 0.3), random_pose(rng, 0.3));
    warm.growth_distance(a, &pa, b, &pb, None, Some(&mut cache))
        .unwrap();
    for step in 0..4 {
        pa = nudge(rng, &pa, size_of(a));
        pb = nudge(rng, &pb, size_of(b));
        let c = cold.growth_distance(a, &pa, b, &pb, None, None).unwrap();
        let w = warm
            .growth_distance(a, &pa, b, &pb, None, Some(&mut cache))
            .unwrap();
        check(step, &pa, &pb, &c, &w);
    }
}
