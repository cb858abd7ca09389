//! Growth distance solve times in the setting of the paper's Table III (Thirugnanam &
//! Sreenath, Sec. IV-A): median and 99.99th percentile per query, cold and warm start,
//! with iterations, for curved primitives and convex meshes.
//!
//! - `ellipsoids`: ellipsoid pairs, semi-axes log-uniform in `[0.0025, 0.25]` m.
//! - `primitives`: curved primitive pairs (sphere, ellipsoid, capsule, cylinder, cone),
//!   every parameter log-uniform in `[0.0025, 0.25]` m: needles and sheets included.
//! - `ycb`: pairs of the YCB convex hulls shipped in `data/ycb`.
//! - `hulls`: hulls of 32 to 2048 random points on ellipsoid surfaces (aspect up to 10).
//!
//! Every problem is one random pair at one random pose (centres within a box of the
//! shapes' size, so overlapping and separated pairs mix). Per problem the query is
//! repeated `REPEATS` times in each of `ROUNDS` rounds and the fastest round's mean is
//! one sample (the paper averages 100 calls per pose); the percentiles are over the
//! problems. Warm start: the pair is solved
//! once, both shapes move by about 1% of their size (translation and rotation), and only
//! the warm-started solve at the new poses is timed (each repeat starts from a copy of
//! the same pair cache).
//!
//! Run: `cargo bench -p wolfe --bench growth` (optionally `-- PROBLEMS CASE..`, default
//! 10000 problems and every case).
//! Single thread; timings on a shared machine are noisy, compare medians.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::Instant;
use wolfe::{
    Capsule, Cone, ConvexMesh, ConvexShape, Cylinder, Ellipsoid, GrowthSettings, GrowthSolver, GrowthStatus,
    PairCache, Pose, Quat, Shape, Sphere, Vec3,
};
use wolfe_testkit::oracle::{growth_bisection, scaled_apart};
use wolfe_testkit::random::{random_pose, random_unit_vector};

/// Problems per case checked against the bisection reference.
const REFERENCE_CHECKS: usize = 500;

/// The independent reference (`wolfe_testkit::oracle`): bisection on the sign of the GJK
/// distance between the scaled shapes, to 1e-9 relative, from a verified bracket
/// around `guess`.
fn bisection(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, guess: f64) -> f64 {
    assert!(scaled_apart(a, pa, b, pb, guess * 0.5) && !scaled_apart(a, pa, b, pb, guess * 2.0));
    growth_bisection(a, pa, b, pb, guess, 1e-9).expect("a verified bracket")
}

const REPEATS: usize = 10;
/// Timed rounds per problem; the fastest round's mean is the sample, which filters the
/// preemptions of a shared machine out of the tail.
const ROUNDS: usize = 3;

fn log_uniform(rng: &mut ChaCha8Rng) -> f64 {
    0.25 * 10f64.powf(rng.random_range(-2.0..0.0))
}

fn size_of(s: &Shape) -> f64 {
    let b = s.local_aabb();
    (b.max - b.min).norm()
}

/// Moves a pose by about 1% of `size` and 0.01 rad.
fn nudge(rng: &mut ChaCha8Rng, p: &Pose, size: f64) -> Pose {
    let unit = |rng: &mut ChaCha8Rng| {
        Vec3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        )
        .normalize()
    };
    let rot = Quat::from_scaled_axis(unit(rng) * 0.01);
    Pose {
        rotation: rot * p.rotation,
        translation: p.translation + unit(rng) * 0.01 * size,
    }
}

fn curved(rng: &mut ChaCha8Rng, ellipsoids_only: bool) -> Shape {
    let kind = if ellipsoids_only {
        1
    } else {
        rng.random_range(0..5)
    };
    let mut r = || log_uniform(rng);
    match kind {
        0 => Sphere::new(r()).unwrap().into(),
        1 => Ellipsoid::new([r(), r(), r()]).unwrap().into(),
        2 => Capsule::new(r(), r()).unwrap().into(),
        3 => Cylinder::new(r(), r()).unwrap().into(),
        _ => Cone::new(r(), r()).unwrap().into(),
    }
}

fn random_hull(rng: &mut ChaCha8Rng, n: usize) -> Shape {
    let axes = Vec3::new(1.0, rng.random_range(0.1..1.0), rng.random_range(0.1..1.0)) * 0.2;
    let pts: Vec<Vec3> = (0..n)
        .map(|_| random_unit_vector(rng).component_mul(&axes))
        .collect();
    ConvexMesh::from_points(&pts).unwrap().into()
}

fn ycb() -> Vec<Shape> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ycb");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "obj"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| ConvexMesh::from_obj(f).unwrap().into())
        .collect()
}

struct Stats {
    cold: Vec<f64>,
    warm: Vec<f64>,
    iters_cold: Vec<u32>,
    iters_warm: Vec<u32>,
    not_converged: usize,
    max_reference_error: f64,
}

fn percentile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let i = ((v.len() - 1) as f64 * q).round() as usize;
    v[i]
}

fn run(pool: &[Shape], problems: usize, rng: &mut ChaCha8Rng) -> Stats {
    let mut cold_solver = GrowthSolver::new(GrowthSettings::default()).unwrap();
    let mut st = Stats {
        cold: Vec::with_capacity(problems),
        warm: Vec::with_capacity(problems),
        iters_cold: Vec::with_capacity(problems),
        iters_warm: Vec::with_capacity(problems),
        not_converged: 0,
        max_reference_error: 0.0,
    };
    let mut warm = GrowthSolver::new(GrowthSettings::default()).unwrap();
    let mut copies = vec![PairCache::new(); REPEATS];
    for k in 0..problems {
        let a = &pool[rng.random_range(0..pool.len())];
        let b = &pool[rng.random_range(0..pool.len())];
        let extent = 0.25 * (size_of(a) + size_of(b));
        let (pa, pb) = (random_pose(rng, extent), random_pose(rng, extent));
        // Cold.
        let out = cold_solver.growth_distance(a, &pa, b, &pb, None, None).unwrap();
        st.not_converged += usize::from(out.status != GrowthStatus::Converged);
        st.iters_cold.push(out.iterations);
        if k < REFERENCE_CHECKS {
            let reference = bisection(a, &pa, b, &pb, out.alpha);
            st.max_reference_error = st
                .max_reference_error
                .max((out.alpha - reference).abs() / reference);
        }
        let mut best = f64::INFINITY;
        for _ in 0..ROUNDS {
            let t = Instant::now();
            for _ in 0..REPEATS {
                black_box(
                    cold_solver
                        .growth_distance(
                            black_box(a),
                            black_box(&pa),
                            black_box(b),
                            black_box(&pb),
                            None,
                            None,
                        )
                        .unwrap(),
                );
            }
            best = best.min(t.elapsed().as_nanos() as f64 / REPEATS as f64);
        }
        st.cold.push(best);
        // Warm: solve, move by 1%, time the warm solve only.
        let mut cache = PairCache::new();
        warm.growth_distance(a, &pa, b, &pb, None, Some(&mut cache))
            .unwrap();
        let (qa, qb) = (nudge(rng, &pa, size_of(a)), nudge(rng, &pb, size_of(b)));
        let out = warm
            .growth_distance(a, &qa, b, &qb, None, Some(&mut cache.clone()))
            .unwrap();
        st.not_converged += usize::from(out.status != GrowthStatus::Converged);
        st.iters_warm.push(out.iterations);
        let mut best = f64::INFINITY;
        for _ in 0..ROUNDS {
            for c in copies.iter_mut() {
                *c = cache;
            }
            let t = Instant::now();
            for c in copies.iter_mut() {
                black_box(
                    warm.growth_distance(
                        black_box(a),
                        black_box(&qa),
                        black_box(b),
                        black_box(&qb),
                        None,
                        Some(c),
                    )
                    .unwrap(),
                );
            }
            best = best.min(t.elapsed().as_nanos() as f64 / REPEATS as f64);
        }
        st.warm.push(best);
    }
    st
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let problems: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(10_000);
    // Optional case names to run (default: all); cargo's `--bench` flag is ignored.
    let only: Vec<&str> = args
        .iter()
        .filter(|a| a.parse::<usize>().is_err() && !a.starts_with('-'))
        .map(|a| a.as_str())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let ellipsoids: Vec<Shape> = (0..500).map(|_| curved(&mut rng, true)).collect();
    let primitives: Vec<Shape> = (0..500).map(|_| curved(&mut rng, false)).collect();
    let ycb = if only.is_empty() || only.contains(&"ycb") {
        ycb()
    } else {
        Vec::new()
    };
    let hulls: Vec<Shape> = (0..40).map(|k| random_hull(&mut rng, 32 << (k % 7))).collect();
    let vertices: Vec<usize> = ycb
        .iter()
        .map(|s| match s {
            Shape::ConvexMesh(m) => m.vertices().len(),
            _ => 0,
        })
        .collect();
    println!(
        "growth distance, {problems} problems per case, {REPEATS} repeats each, single thread; YCB: {} hulls, {}-{} vertices",
        ycb.len(),
        vertices.iter().min().unwrap_or(&0),
        vertices.iter().max().unwrap_or(&0)
    );
    println!(
        "{:<11} {:>10} {:>12} {:>10} {:>12} {:>10} {:>10} {:>9} {:>9} {:>6}",
        "case",
        "cold med",
        "cold p99.99",
        "warm med",
        "warm p99.99",
        "it cold",
        "it warm",
        "max cold",
        "max warm",
        "!conv"
    );
    for (name, pool) in [
        ("ellipsoids", &ellipsoids),
        ("primitives", &primitives),
        ("ycb", &ycb),
        ("hulls", &hulls),
    ] {
        if !only.is_empty() && !only.contains(&name) {
            continue;
        }
        let mut st = run(pool, problems, &mut rng);
        let mean = |v: &[u32]| v.iter().map(|&x| x as f64).sum::<f64>() / v.len() as f64;
        println!(
            "{:<11} {:>10.0} {:>12.0} {:>10.0} {:>12.0} {:>10.2} {:>10.2} {:>9} {:>9} {:>6}  ref {:.1e}",
            name,
            percentile(&mut st.cold, 0.5),
            percentile(&mut st.cold, 0.9999),
            percentile(&mut st.warm, 0.5),
            percentile(&mut st.warm, 0.9999),
            mean(&st.iters_cold),
            mean(&st.iters_warm),
            st.iters_cold.iter().max().unwrap(),
            st.iters_warm.iter().max().unwrap(),
            st.not_converged,
            st.max_reference_error
        );
    }
}
