//! Pose gradients (`wolfe::gradient`) against central finite differences of the queries,
//! on random pairs of every shape kind at distant, close and overlapping poses; the
//! `differentiable` flag on constructed degenerate cases (parallel faces), where the
//! returned subgradient must lie between the one-sided finite differences.

use crate::common;

use common::*;
use wolfe::{
    distance, growth_distance, signed_distance, Capsule, Cuboid, EpaSettings, GjkSettings, GjkStatus,
    GrowthSettings, GrowthStatus, PoseGradient, Quat, Shape, SignedDistanceSettings, Vec3,
};
use wolfe::{Pose, WolfeError};

/// The relative tolerance of the gradients, from queries at their default tolerances,
/// against central finite differences of queries at tight tolerances (GJK and EPA at a
/// relative gap of 1e-12, growth distance at 1e-10):
/// `max_k |fd_k - g_k| <= TOL * max_k |g_k|` (rotations per `h / size` radians), met
/// by at least [`FRACTION`] of the differentiable gradients.
const TOL: f64 = 1e-6;

/// The share of the gradients within [`TOL`]. The rest are mostly cones and meshes
/// (growth distance above all) where one coordinate's difference straddles a kink
/// that the `differentiable` flag does not see (the other eleven agree to 1e-11), or
/// where the refinement kept the query's normal.
const FRACTION: f64 = 0.97;

/// The three queries.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Distance,
    Signed,
    Growth,
}

fn gjk() -> GjkSettings {
    GjkSettings::default().with_tolerance(1e-12)
}

fn sd_settings() -> SignedDistanceSettings {
    SignedDistanceSettings::default().with_gjk(gjk()).with_epa(
        EpaSettings::default()
            .with_tolerance(1e-12)
            .with_absolute_tolerance(1e-14),
    )
}

fn growth_settings() -> GrowthSettings {
    GrowthSettings::default()
        .with_tolerance(1e-10)
        .with_max_iterations(400)
}

/// The query's value and gradient at the default tolerances (`tight`: at the tight ones),
/// `None` when the query did not certify its answer.
fn query(kind: Kind, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, tight: bool) -> Option<(f64, PoseGradient)> {
    match kind {
        Kind::Distance => {
            let settings = if tight { gjk() } else { GjkSettings::default() };
            let out = distance(a, pa, b, pb, &settings).unwrap();
            if !matches!(out.status, GjkStatus::Converged | GjkStatus::Intersecting) {
                return None;
            }
            Some((out.distance, out.pose_gradient(a, pa, b, pb).unwrap()))
        }
        Kind::Signed => {
            let settings = if tight {
                sd_settings()
            } else {
                SignedDistanceSettings::default()
            };
            let out = signed_distance(a, pa, b, pb, &settings).unwrap();
            if !out.is_certified() {
                return None;
            }
            Some((out.signed_distance, out.pose_gradient(a, pa, b, pb).unwrap()))
        }
        Kind::Growth => {
            let settings = if tight {
                growth_settings()
            } else {
                GrowthSettings::default()
            };
            let out = growth_distance(a, pa, b, pb, &settings).unwrap();
            if out.status != GrowthStatus::Converged {
                return None;
            }
            Some((out.alpha, out.pose_gradient(a, pa, b, pb, None).unwrap()))
        }
    }
}

/// The query's value and gradient at the default tolerances.
fn value_and_gradient(kind: Kind, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose) -> Option<(f64, PoseGradient)> {
    query(kind, a, pa, b, pb, false)
}

/// The query's value at the tight tolerances (for finite differences).
fn value(kind: Kind, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose) -> Option<f64> {
    query(kind, a, pa, b, pb, true).map(|(v, _)| v)
}

/// `pose` moved by `h` along coordinate `k` of `[t, r]` (0..3 translation, 3..6 a
/// world rotation vector on the left about the pose's origin).
fn perturbed(pose: &Pose, k: usize, h: f64) -> Pose {
    let mut p = *pose;
    if k < 3 {
        p.translation[k] += h;
    } else {
        p.rotation = Quat::from_scaled_axis(Vec3::ith(k - 3, h)) * p.rotation;
    }
    p
}

/// The poses moved by `h` along coordinate `k` of `[t_a, r_a, t_b, r_b]`.
fn perturbed_pair(pa: &Pose, pb: &Pose, k: usize, h: f64) -> (Pose, Pose) {
    if k < 6 {
        (perturbed(pa, k, h), *pb)
    } else {
        (*pa, perturbed(pb, k - 6, h))
    }
}

/// Central finite differences (five points, error of order `h^4`) of the query at tight
/// tolerances along the twelve coordinates; the step `h` in metres for translations and
/// `h / size` radians for rotations. `None` when a perturbed query did not certify its
/// answer.
fn central(kind: Kind, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, h: f64, size: f64) -> Option<[f64; 12]> {
    let mut out = [0.0; 12];
    for (k, o) in out.iter_mut().enumerate() {
        let step = if k % 6 < 3 { h } else { h / size };
        let f = |j: f64| {
            let (pa1, pb1) = perturbed_pair(pa, pb, k, j * step);
            value(kind, a, &pa1, b, &pb1)
        };
        *o = (8.0 * (f(1.0)? - f(-1.0)?) - (f(2.0)? - f(-2.0)?)) / (12.0 * step);
    }
    Some(out)
}

/// The largest component error relative to the gradient's largest component.
fn relative_error(g: &[f64; 12], fd: &[f64; 12]) -> f64 {
    let scale = g.iter().fold(0.0_f64, |m, x| m.max(x.abs())).max(1e-12);
    g.iter().zip(fd).map(|(x, y)| (x - y).abs()).fold(0.0, f64::max) / scale
}

/// Whether the signed distance has a kink at these poses that one-sided differences in
/// B's translation reveal (its gradient there would be a unit vector): a tie between two
/// penetration directions.
fn tie(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, h: f64) -> bool {
    let f = |pb: &Pose| value(Kind::Signed, a, pa, b, pb).unwrap_or(f64::NAN);
    let f0 = f(pb);
    (6..9).any(|k| {
        let forward = (f(&perturbed_pair(pa, pb, k, h).1) - f0) / h;
        let backward = (f0 - f(&perturbed_pair(pa, pb, k, -h).1)) / h;
        let jump = (forward - backward).abs();
        jump.is_nan() || jump > 1e-3
    })
}

/// Moves B along the normal of the signed distance so that it becomes `target`.
fn place(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, target: f64) -> Option<Pose> {
    let mut pose = *pb;
    // Two passes: the normal of an overlapping pair changes as B moves.
    for _ in 0..2 {
        let out = signed_distance(a, pa, b, &pose, &sd_settings()).ok()?;
        if !out.is_certified() {
            return None;
        }
        pose.translation += (target - out.signed_distance) * out.normal;
    }
    Some(pose)
}

#[test]
fn gradients_match_central_differences_on_random_pairs() {
    let mut rng = rng(20261129);
    let (mut checked, mut flagged, mut skipped, mut ties) = (0, 0, [0; 4], 0);
    let mut worst = [(0.0, String::new()), (0.0, String::new()), (0.0, String::new())];
    let mut failures = Vec::new();
    for case in 0..324 {
        let size = [0.1, 1.0][case % 2];
        let a = random_shape(&mut rng, case, size);
        let b = random_shape(&mut rng, case / 9, size);
        let pa = random_pose(&mut rng, 2.0 * size);
        let pb0 = random_pose(&mut rng, 2.0 * size);
        // Distant, close and overlapping.
        for (place_at, target) in [
            ("distant", 1.5 * size),
            ("close", 1e-2 * size),
            ("overlapping", -0.05 * size),
        ] {
            let Some(pb) = place(&a, &pa, &b, &pb0, target) else {
                skipped[3] += 1;
                continue;
            };
            for (slot, kind) in [Kind::Distance, Kind::Signed, Kind::Growth]
                .into_iter()
                .enumerate()
            {
                let Some((_, g)) = value_and_gradient(kind, &a, &pa, &b, &pb) else {
                    skipped[slot] += 1;
                    continue;
                };
                if !g.differentiable {
                    flagged += 1;
                    continue;
                }
                // Growth distance is solved to a relative gap of 1e-10 (its curved pairs stop
                // there), so its differences take a longer step.
                let h = if kind == Kind::Growth { 1e-3 } else { 1e-4 } * size;
                let Some(fd) = central(kind, &a, &pa, &b, &pb, h, size) else {
                    skipped[slot] += 1;
                    continue;
                };
                // Rotation coordinates were differenced per `h / size` radians.
                let err = relative_error(&g.as_array(), &fd);
                let at = format!(
                    "case {case} {kind:?} {} vs {} {place_at}: g {:?} fd {fd:?}",
                    a.kind(),
                    b.kind(),
                    g.as_array()
                );
                let tol = TOL;
                if err > tol && kind == Kind::Signed && place_at == "overlapping" && tie(&a, &pa, &b, &pb, h)
                {
                    // Two equally deep directions: a kink the flag does not detect.
                    ties += 1;
                    continue;
                }
                if err > tol {
                    failures.push(format!("{at}: relative error {err:e}"));
                }
                if err > worst[slot].0 {
                    worst[slot] = (err, at);
                }
                checked += 1;
            }
        }
    }
    for (e, at) in &worst {
        println!("worst {e:e} at {at}");
    }
    for f in failures.iter().take(40) {
        println!("beyond {TOL:e}: {f}");
    }
    println!("{} of {checked} beyond {TOL:e}", failures.len());
    assert!(
        (failures.len() as f64) <= (1.0 - FRACTION) * checked as f64,
        "{} of {checked} gradients off by more than {TOL:e}",
        failures.len()
    );
    println!("checked {checked}, not differentiable {flagged}, not certified {skipped:?} (distance, signed, growth, placement), penetration ties {ties}");
    assert!(checked >= 2500, "only {checked} gradients checked");
    assert!(
        ties * 200 <= checked,
        "{ties} undetected ties of the penetration normal"
    );
    assert!(
        flagged * 50 <= checked,
        "{flagged} of {checked} flagged not differentiable"
    );
}

/// One-sided finite differences along the twelve coordinates (step `h`, rotations in
/// radians): `(forward, backward)`.
fn one_sided(kind: Kind, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, h: f64) -> ([f64; 12], [f64; 12]) {
    let f0 = value(kind, a, pa, b, pb).unwrap();
    let (mut forward, mut backward) = ([0.0; 12], [0.0; 12]);
    for k in 0..12 {
        let (pa1, pb1) = perturbed_pair(pa, pb, k, h);
        let (pa0, pb0) = perturbed_pair(pa, pb, k, -h);
        forward[k] = (value(kind, a, &pa1, b, &pb1).unwrap() - f0) / h;
        backward[k] = (f0 - value(kind, a, &pa0, b, &pb0).unwrap()) / h;
    }
    (forward, backward)
}

/// Asserts that the query is flagged not differentiable, that its subgradient lies
/// between the one-sided differences along every coordinate, and that the kink is real
/// (the one-sided differences differ along some coordinate).
fn assert_subgradient(kind: Kind, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, what: &str) {
    let (_, g) = value_and_gradient(kind, a, pa, b, pb).expect("the query converges");
    assert!(!g.differentiable, "{what} {kind:?}: flagged differentiable");
    let h = 1e-6;
    let (forward, backward) = one_sided(kind, a, pa, b, pb, h);
    let slack = 1e-5;
    let mut kink = 0.0_f64;
    for (k, gk) in g.as_array().into_iter().enumerate() {
        let (lo, hi) = (forward[k].min(backward[k]), forward[k].max(backward[k]));
        assert!(
            lo - slack <= gk && gk <= hi + slack,
            "{what} {kind:?}: coordinate {k}: {gk} outside [{lo}, {hi}]"
        );
        kink = kink.max(hi - lo);
    }
    assert!(kink > 1e-2, "{what} {kind:?}: no kink seen ({kink:e})");
}

fn unit_box() -> Shape {
    Cuboid::new([1.0, 1.0, 1.0]).unwrap().into()
}

#[test]
fn parallel_box_faces_are_not_differentiable_and_give_a_subgradient() {
    let a = unit_box();
    let pa = Pose::identity();
    // Faces x = 1 of A and x = 2 of B face each other, overlapping in a square.
    let apart = Pose::from_translation(Vec3::new(3.0, 0.3, 0.2));
    for kind in [Kind::Distance, Kind::Signed, Kind::Growth] {
        assert_subgradient(kind, &a, &pa, &a, &apart, "boxes apart");
    }
    // 0.2 deep through the same faces.
    let deep = Pose::from_translation(Vec3::new(1.8, 0.3, 0.2));
    for kind in [Kind::Signed, Kind::Growth] {
        assert_subgradient(kind, &a, &pa, &a, &deep, "boxes overlapping");
    }
}

#[test]
fn a_capsule_parallel_to_a_box_face_is_not_differentiable() {
    let a = unit_box();
    let capsule: Shape = Capsule::new(0.25, 0.5).unwrap().into();
    let pa = Pose::identity();
    // The capsule's segment (local z) parallel to the face x = 1.
    let pb = Pose::from_translation(Vec3::new(2.0, 0.1, 0.2));
    for kind in [Kind::Distance, Kind::Signed, Kind::Growth] {
        assert_subgradient(kind, &a, &pa, &capsule, &pb, "capsule over a face");
    }
}

#[test]
fn box_corners_facing_have_no_unique_growth_normal() {
    // Corner (1, 1, 1) of A against corner (-1, -1, -1) of B: the distance is
    // differentiable (unique pair), growth distance is not (a cone of normals).
    let a = unit_box();
    let pa = Pose::identity();
    let pb = Pose::from_translation(Vec3::new(3.0, 3.0, 3.0));
    assert_subgradient(Kind::Growth, &a, &pa, &a, &pb, "corners");
    let (_, g) = value_and_gradient(Kind::Distance, &a, &pa, &a, &pb).unwrap();
    assert!(g.differentiable);
}

#[test]
fn crossing_segments_and_edges_are_differentiable() {
    // Two capsules crossing at right angles, and two boxes touching edge across edge:
    // support sets are segments, but not parallel ones, so the witness pair is unique.
    let capsule: Shape = Capsule::new(0.2, 1.0).unwrap().into();
    let across = Quat::from_scaled_axis(Vec3::new(0.0, std::f64::consts::FRAC_PI_2, 0.0));
    let box_a = unit_box();
    let edge_up = Quat::from_scaled_axis(Vec3::new(0.0, 0.0, std::f64::consts::FRAC_PI_4));
    let edge_across = Quat::from_scaled_axis(Vec3::new(0.0, std::f64::consts::FRAC_PI_4, 0.0));
    let cases = [
        (
            &capsule,
            Pose::identity(),
            Pose::new(Vec3::new(0.05, 1.0, 0.1), across),
        ),
        (
            &box_a,
            Pose::new(Vec3::zeros(), edge_up),
            Pose::new(Vec3::new(3.5, 0.1, 0.05), edge_across),
        ),
    ];
    for (shape, pa, pb) in cases {
        for kind in [Kind::Distance, Kind::Signed] {
            let (_, g) = value_and_gradient(kind, shape, &pa, shape, &pb).unwrap();
            assert!(g.differentiable, "{} {kind:?}", shape.kind());
            let fd = central(kind, shape, &pa, shape, &pb, 1e-6, 1.0).unwrap();
            let err = relative_error(&g.as_array(), &fd);
            assert!(err <= TOL, "{} {kind:?}: {err:e}", shape.kind());
        }
    }
}

#[test]
fn gradients_refuse_invalid_poses() {
    let a = unit_box();
    let pa = Pose::identity();
    let pb = Pose::from_translation(Vec3::new(3.0, 0.0, 0.0));
    let bad = Pose::from_translation(Vec3::new(f64::NAN, 0.0, 0.0));
    let d = distance(&a, &pa, &a, &pb, &gjk()).unwrap();
    let err = d.pose_gradient(&a, &pa, &a, &bad).unwrap_err();
    assert!(matches!(err, WolfeError::NonFinitePose), "{err}");
    let s = signed_distance(&a, &pa, &a, &pb, &sd_settings()).unwrap();
    assert!(s.pose_gradient(&a, &bad, &a, &pb).is_err());
    let g = growth_distance(&a, &pa, &a, &pb, &growth_settings()).unwrap();
    assert!(g.pose_gradient(&a, &pa, &a, &bad, None).is_err());
}

#[test]
fn ball_pairs_match_the_analytic_gradients() {
    // Two balls: d = |c_b - c_a| - r_a - r_b and alpha = |c_b - c_a| / (r_a + r_b), so
    // d/dt_b = u and d alpha/dt_b = u / (r_a + r_b) with u the unit centre direction;
    // rotations about the centres change nothing.
    let a: Shape = wolfe::Sphere::new(0.3).unwrap().into();
    let b: Shape = wolfe::Sphere::new(0.5).unwrap().into();
    let pa = Pose::from_translation(Vec3::new(0.1, -0.2, 0.3));
    let pb = Pose::from_translation(Vec3::new(1.4, 0.7, -0.5));
    let u = (pb.translation - pa.translation).normalize();
    let expect = |s: f64| {
        let mut e = [0.0; 12];
        for i in 0..3 {
            e[i] = -s * u[i];
            e[6 + i] = s * u[i];
        }
        e
    };
    for (kind, s) in [
        (Kind::Distance, 1.0),
        (Kind::Signed, 1.0),
        (Kind::Growth, 1.0 / 0.8),
    ] {
        let (_, g) = value_and_gradient(kind, &a, &pa, &b, &pb).unwrap();
        assert!(g.differentiable);
        let err = relative_error(&expect(s), &g.as_array());
        assert!(err <= 1e-7, "{kind:?}: {err:e}");
    }
}
