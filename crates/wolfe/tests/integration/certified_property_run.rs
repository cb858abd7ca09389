//! The long property run (ignored by default; `cargo test -p wolfe --test
//! certified_property_run -- --ignored --nocapture`, `PROPERTY_PAIRS=n` sets the pairs per
//! family): random hulls down to 1e-9 plates and 1e-6 needles and primitives, placed at
//! distances 1e-9..1 m, through every production GJK variant (vanilla, Polyak,
//! Nesterov, Auto) and query (distance, warm distance, signed distance, intersects) and
//! growth distance; then identical and touching shapes (cones, ellipsoids, cylinders,
//! hulls) through signed distance. Per query it reports the share of answers without a
//! certificate, the wrong answers (bounds that exclude the distance bracketed by the
//! shapes' own supports along the normal and the witness points) and non-finite numbers
//! inside `Ok`. Targets: 0 wrong, 0 non-finite, at most 0.1% uncertified.

use crate::common;

use common::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use wolfe::{
    Cone, ContactSolver, ConvexMesh, Cylinder, Ellipsoid, GjkSettings, GjkSolver, GjkStatus, GjkVariant,
    GrowthSettings, GrowthSolver, GrowthStatus, PairCache, Shape, SignedDistanceSettings, Vec3,
};

#[derive(Default)]
struct Tally {
    total: u64,
    uncertified: u64,
    wrong: u64,
    non_finite: u64,
}

#[derive(Default)]
struct Report(BTreeMap<String, Tally>);

impl Report {
    fn add(&mut self, key: &str, certified: bool, wrong: bool, finite: bool) {
        let t = self.0.entry(key.to_string()).or_default();
        t.total += 1;
        t.uncertified += u64::from(!certified);
        t.wrong += u64::from(wrong);
        t.non_finite += u64::from(!finite);
    }

    fn print(&self) {
        println!("| query | answers | uncertified | share | wrong | non-finite in Ok |");
        println!("|---|---|---|---|---|---|");
        for (k, t) in &self.0 {
            println!(
                "| {k} | {} | {} | {:.3}% | {} | {} |",
                t.total,
                t.uncertified,
                100.0 * t.uncertified as f64 / t.total.max(1) as f64,
                t.wrong,
                t.non_finite
            );
        }
    }
}

/// A random shape of the run: a primitive, a hull, a thin plate hull (1e-9..1e-3) or
/// a needle hull (1e-6..1e-3).
fn shape(rng: &mut ChaCha8Rng) -> Shape {
    let size = rng.random_range(0.05..1.0);
    match rng.random_range(0..4) {
        0 | 1 => {
            let kind = rng.random_range(0..9);
            random_shape(rng, kind, size)
        }
        2 => {
            let thin = 10f64.powf(rng.random_range(-9.0..-3.0));
            let count = rng.random_range(6..20);
            let pts = random_points(rng, count, Vec3::new(size, 0.7 * size, thin));
            ConvexMesh::from_points_lenient(&pts).unwrap().into()
        }
        _ => {
            let thin = 10f64.powf(rng.random_range(-6.0..-3.0));
            let count = rng.random_range(6..20);
            let pts = random_points(rng, count, Vec3::new(size, thin, thin));
            ConvexMesh::from_points_lenient(&pts).unwrap().into()
        }
    }
}

fn kind_name(s: &Shape) -> &'static str {
    s.kind()
}

fn variants() -> [(&'static str, GjkSettings); 4] {
    [
        ("vanilla", GjkSettings::with_variant(GjkVariant::Vanilla)),
        ("polyak", GjkSettings::with_variant(GjkVariant::Polyak)),
        ("nesterov", GjkSettings::with_variant(GjkVariant::Nesterov)),
        ("auto", GjkSettings::with_variant(GjkVariant::Auto)),
    ]
}

fn pairs() -> usize {
    std::env::var("PROPERTY_PAIRS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000)
}

/// Wrong: the reported bounds exclude the bracket `[lb, ub]` of the true distance
/// (slack: 1e-9 relative and 1e-15 m of rounding).
fn excludes(lower: f64, upper: f64, lb: f64, ub: f64) -> bool {
    let slack = 1e-9 * ub.abs().max(lb.abs()) + 1e-15;
    lower > ub + slack || upper < lb - slack
}

#[test]
#[ignore]
fn random_pairs_every_variant_and_query() {
    let mut rng = rng(45_2026);
    let mut report = Report::default();
    let mut growth = GrowthSolver::new(GrowthSettings::default()).unwrap();
    let n = pairs();
    let mut done = 0;
    while done < n {
        let (a, b) = (shape(&mut rng), shape(&mut rng));
        let pa = random_pose(&mut rng, 1.0);
        let target = 10f64.powf(rng.random_range(-9.0..0.0));
        let Some(pb) = placed(&a, &pa, &b, random_pose(&mut rng, 1.0), target) else {
            continue;
        };
        done += 1;
        for (name, settings) in variants() {
            let mut s = GjkSolver::new(settings).unwrap();
            let out = s.distance(&a, &pa, &b, &pb, None).unwrap();
            let finite = [out.distance, out.lower_bound, out.upper_bound]
                .iter()
                .all(|x| x.is_finite())
                && out.normal.iter().chain(out.point_a.iter()).all(|x| x.is_finite());
            let certified = matches!(out.status, GjkStatus::Converged | GjkStatus::Intersecting);
            let wrong = if out.status == GjkStatus::Intersecting {
                // An overlap claim must not contradict a separating plane.
                plane_bound(&a, &pa, &b, &pb, &(pb.translation - pa.translation).normalize()) > 1e-12
            } else {
                let lb = plane_bound(&a, &pa, &b, &pb, &out.normal);
                let ub = (out.point_b - out.point_a).norm();
                excludes(out.lower_bound, out.upper_bound, lb, ub)
            };
            if !certified && std::env::var("PROPERTY_DEBUG").is_ok() {
                println!(
                    "uncertified distance {name}: {:?} target {target:e} d {:e} lb {:e} rel {:e} it {} kinds {} {}",
                    out.status,
                    out.distance,
                    out.lower_bound,
                    (out.distance - out.lower_bound) / out.distance,
                    out.iterations,
                    kind_name(&a),
                    kind_name(&b)
                );
            }
            report.add(&format!("distance {name}"), certified, wrong, finite);

            let mut cache = PairCache::new();
            s.distance(&a, &pa, &b, &pb, Some(&mut cache)).unwrap();
            let mut moved = pb;
            moved.translation += Vec3::new(1e-4, -2e-4, 1e-4) * target;
            let warm = s.distance(&a, &pa, &b, &moved, Some(&mut cache)).unwrap();
            let finite = [warm.distance, warm.lower_bound, warm.upper_bound]
                .iter()
                .all(|x| x.is_finite());
            let certified = matches!(warm.status, GjkStatus::Converged | GjkStatus::Intersecting);
            let wrong = warm.status != GjkStatus::Intersecting && {
                let lb = plane_bound(&a, &pa, &b, &moved, &warm.normal);
                let ub = (warm.point_b - warm.point_a).norm();
                excludes(warm.lower_bound, warm.upper_bound, lb, ub)
            };
            report.add(&format!("warm distance {name}"), certified, wrong, finite);

            let col = s.intersects(&a, &pa, &b, &pb, None).unwrap();
            let certified = !matches!(
                col.status,
                GjkStatus::IterationLimit | GjkStatus::NumericalTrouble
            );
            // Placed at a positive distance beyond the default margin: never intersecting
            // when the answer is certified (the margin is 0 by default).
            let wrong = certified && col.intersecting && out.lower_bound > settings.collision_margin;
            report.add(
                &format!("intersects {name}"),
                certified,
                wrong,
                col.lower_bound.is_finite(),
            );

            let mut c = ContactSolver::new(SignedDistanceSettings::default().with_gjk(settings)).unwrap();
            let sd = c.signed_distance(&a, &pa, &b, &pb, None).unwrap();
            let finite = [sd.signed_distance, sd.lower_bound, sd.upper_bound]
                .iter()
                .all(|x| x.is_finite())
                && sd.normal.iter().all(|x| x.is_finite());
            let lb = plane_bound(&a, &pa, &b, &pb, &sd.normal);
            let ub = (sd.point_b - sd.point_a).norm();
            let wrong = sd.signed_distance >= 0.0 && excludes(sd.lower_bound, sd.upper_bound, lb, ub);
            report.add(
                &format!("signed distance {name}"),
                sd.is_certified(),
                wrong,
                finite,
            );
        }
        if let Ok(g) = growth.growth_distance(&a, &pa, &b, &pb, None, None) {
            let finite = [g.alpha, g.alpha_lower, g.alpha_upper]
                .iter()
                .all(|x| x.is_finite());
            let certified = g.status == GrowthStatus::Converged;
            // Separated shapes: alpha* > 1; a converged answer meets its tolerance.
            let wrong = g.alpha_upper < 1.0 - 1e-12
                || (certified && g.relative_gap() > growth.settings().tolerance)
                || g.alpha_lower > g.alpha_upper;
            report.add("growth", certified, wrong, finite);
        }
    }
    report.print();
}

#[test]
#[ignore]
fn identical_and_touching_shapes_signed_distance() {
    let mut rng = rng(45_2027);
    let mut report = Report::default();
    let n = pairs() / 4;
    let mut c = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    for _ in 0..n {
        let size = rng.random_range(0.05..1.0);
        let r = |rng: &mut ChaCha8Rng| rng.random_range(0.2 * size..size);
        let shapes: [(&str, Shape); 4] = [
            ("cone", Cone::new(r(&mut rng), r(&mut rng)).unwrap().into()),
            (
                "ellipsoid",
                Ellipsoid::new([r(&mut rng), r(&mut rng), r(&mut rng)])
                    .unwrap()
                    .into(),
            ),
            (
                "cylinder",
                Cylinder::new(r(&mut rng), r(&mut rng)).unwrap().into(),
            ),
            (
                "hull",
                ConvexMesh::from_points(&random_points(
                    &mut rng,
                    16,
                    Vec3::new(size, 0.8 * size, 0.6 * size),
                ))
                .unwrap()
                .into(),
            ),
        ];
        let pa = random_pose(&mut rng, 1.0);
        for (name, s) in &shapes {
            // Identical: the same shape at the same pose and at a small translation.
            for shift in [0.0, 1e-6 * size, 0.1 * size] {
                let mut pb = pa;
                pb.translation += shift * random_rotation(&mut rng).transform_vector(&Vec3::x());
                let sd = c.signed_distance(s, &pa, s, &pb, None).unwrap();
                let finite = [sd.signed_distance, sd.lower_bound, sd.upper_bound]
                    .iter()
                    .all(|x| x.is_finite());
                let wrong = sd.signed_distance > 0.0 || sd.lower_bound > sd.upper_bound;
                if !sd.is_certified() && std::env::var("PROPERTY_DEBUG").is_ok() {
                    println!(
                        "uncertified identical {name} shift {shift:e}: gjk {:?} epa {:?} sd {:e} [{:e}, {:e}]",
                        sd.gjk_status, sd.epa_status, sd.signed_distance, sd.lower_bound, sd.upper_bound
                    );
                }
                report.add(&format!("identical {name}"), sd.is_certified(), wrong, finite);
            }
            // Touching: B = A moved by `t = s_A(d) - s_A(-d)`, a boundary point of
            // `A - A` with outward normal `d`: B holds `s_A(d)` and lies beyond A's
            // support plane there, so the two touch (signed distance 0).
            let d = random_rotation(&mut rng).transform_vector(&Vec3::x());
            let mut pb = pa;
            pb.translation += world_support(s, &pa, &d) - world_support(s, &pa, &-d);
            let sd = c.signed_distance(s, &pa, s, &pb, None).unwrap();
            let finite = [sd.signed_distance, sd.lower_bound, sd.upper_bound]
                .iter()
                .all(|x| x.is_finite());
            let wrong = sd.signed_distance.abs() > 1e-6 * size;
            if !sd.is_certified() && std::env::var("PROPERTY_DEBUG").is_ok() {
                println!(
                    "uncertified touching {name}: gjk {:?} epa {:?} sd {:e} [{:e}, {:e}]",
                    sd.gjk_status, sd.epa_status, sd.signed_distance, sd.lower_bound, sd.upper_bound
                );
            }
            report.add(&format!("touching {name}"), sd.is_certified(), wrong, finite);
        }
    }
    report.print();
}
