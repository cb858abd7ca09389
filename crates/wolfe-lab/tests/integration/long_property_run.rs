//! The long property run of issue 21: 10^6 cases per property through the query checks
//! of the fuzz targets (`fuzz/src/entry.rs`), outside the default test command (every
//! test here is `#[ignore]`d). Run it with
//!
//! ```text
//! cargo test -p wolfe-lab --test integration long_property_run -- --ignored --nocapture --test-threads 1
//! ```
//!
//! `WOLFE_LONG_CASES=N` changes the number of cases per property (default 1 000 000),
//! `WOLFE_LONG_SEED=S` the seed. Each property prints one line of counts: wolfe calls,
//! typed errors, panics, NaN or infinity inside `Ok`, wrong answers (against the
//! analytic pairs, or a broken invariant), uncertified signed distances, and then fails
//! if it saw a panic, a NaN in `Ok` or a wrong answer. docs/fuzzing.md has the counts of
//! the last run.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::wolfe_fuzz;

use wolfe_fuzz::{check_case, PoseDesc, QueryCase, ShapeDesc, Solvers, Tally};

fn cases() -> u64 {
    std::env::var("WOLFE_LONG_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000)
}

fn rng(property: u64) -> ChaCha8Rng {
    let seed: u64 = std::env::var("WOLFE_LONG_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(21);
    ChaCha8Rng::seed_from_u64(seed.wrapping_mul(1000) + property)
}

/// Runs `n` cases drawn by `draw`, counting panics apart; prints and returns the tally.
fn run(name: &str, n: u64, strict: bool, mut draw: impl FnMut() -> Option<QueryCase>) -> (Tally, u64) {
    let mut total = Tally::default();
    let mut panics = 0u64;
    let mut solvers = Solvers::new();
    let start = std::time::Instant::now();
    for _ in 0..n {
        let Some(case) = draw() else { continue };
        match catch_unwind(AssertUnwindSafe(|| check_case(&case, strict, &mut solvers))) {
            Ok(t) => total.add(&t),
            Err(_) => {
                panics += 1;
                eprintln!("panic on {case:?}");
                solvers = Solvers::new();
            }
        }
    }
    println!(
        "{name}: cases {n}, calls {}, typed errors {}, panics {panics}, NaN/inf in Ok {}, wrong {}, \
         uncertified signed distances {}, extreme cases (only panics checked) {}, {:.1} s",
        total.calls,
        total.errors,
        total.nan_in_ok,
        total.wrong,
        total.uncertified,
        total.extreme_cases,
        start.elapsed().as_secs_f64()
    );
    for m in total.messages.iter().take(5) {
        println!("  {m}");
    }
    (total, panics)
}

fn assert_clean(name: &str, (t, panics): (Tally, u64)) {
    assert!(
        panics == 0 && !t.failed(),
        "{name}: {panics} panics, {} NaN in Ok, {} wrong",
        t.nan_in_ok,
        t.wrong
    );
}

/// A unit quaternion, uniform on the sphere (normalized Gaussian-ish draw).
fn unit_quat(r: &mut ChaCha8Rng) -> [f64; 4] {
    loop {
        let q: [f64; 4] = [(); 4].map(|_| r.random_range(-1.0..1.0));
        let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
        if (0.1..=1.0).contains(&n) {
            return q.map(|x| x / n);
        }
    }
}

/// A size in [1e-3, 10], log-uniform.
fn size(r: &mut ChaCha8Rng) -> f64 {
    10f64.powf(r.random_range(-3.0..1.0))
}

fn pose(t: [f64; 3], q: [f64; 4]) -> PoseDesc {
    PoseDesc { t, q, mode: 0 }
}

/// Property 1: the fuzz distribution itself (random bytes through the query target's
/// drawing), so specials, raw bit patterns and invalid poses: no panic anywhere; the
/// checks on the cases in the moderate range, or on every case with
/// `WOLFE_FUZZ_STRICT=1` (which fails today: issue 21 items 1-2).
#[test]
#[ignore = "long property run (10^6 cases): see docs/fuzzing.md"]
fn long_random_floats() {
    let mut r = rng(1);
    let mut buf = [0u8; 256];
    let out = run("random floats", cases(), wolfe_fuzz::strict_from_env(), || {
        r.fill_bytes(&mut buf);
        QueryCase::draw(&mut arbitrary::Unstructured::new(&buf)).ok()
    });
    assert_clean("random floats", out);
}

/// Property 2: analytic pairs (sphere-sphere, sphere-box, box-box with one rotation)
/// at sizes 1e-3..10, from deep overlap to 100 sizes apart, every rotation.
#[test]
#[ignore = "long property run (10^6 cases): see docs/fuzzing.md"]
fn long_analytic_pairs() {
    let mut r = rng(2);
    let out = run("analytic pairs", cases(), true, || {
        let kind = r.random_range(0..4);
        let (a, b) = match kind {
            0 => (ShapeDesc::Sphere(size(&mut r)), ShapeDesc::Sphere(size(&mut r))),
            1 => (
                ShapeDesc::Cuboid([(); 3].map(|_| size(&mut r))),
                ShapeDesc::Sphere(size(&mut r)),
            ),
            2 => (
                ShapeDesc::Sphere(size(&mut r)),
                ShapeDesc::Cuboid([(); 3].map(|_| size(&mut r))),
            ),
            _ => (
                ShapeDesc::Cuboid([(); 3].map(|_| size(&mut r))),
                ShapeDesc::Cuboid([(); 3].map(|_| size(&mut r))),
            ),
        };
        let qa = unit_quat(&mut r);
        // Box pairs share the rotation (their exact signed distance is then known).
        let qb = if kind == 3 { qa } else { unit_quat(&mut r) };
        let reach = 10f64.powf(r.random_range(-3.0..2.0));
        let ta: [f64; 3] = [(); 3].map(|_| r.random_range(-10.0..10.0));
        let tb: [f64; 3] = std::array::from_fn(|i| ta[i] + reach * r.random_range(-1.0..1.0));
        Some(QueryCase {
            a,
            pose_a: pose(ta, qa),
            b,
            pose_b: pose(tb, qb),
            margin: r.random_range(0.0..0.1),
        })
    });
    assert_clean("analytic pairs", out);
}

/// Property 3: every shape kind (hulls of 4-20 random points included) at sizes
/// 1e-3..10 and random poses: finite answers, consistent bounds, the share of
/// uncertified signed distances.
#[test]
#[ignore = "long property run (10^6 cases): see docs/fuzzing.md"]
fn long_moderate_shapes() {
    let mut r = rng(3);
    fn shape(r: &mut ChaCha8Rng) -> ShapeDesc {
        match r.random_range(0..8) {
            0 => ShapeDesc::Sphere(size(r)),
            1 => ShapeDesc::Ellipsoid([(); 3].map(|_| size(r))),
            2 => ShapeDesc::Cuboid([(); 3].map(|_| size(r))),
            3 => ShapeDesc::Capsule(size(r), size(r)),
            4 => ShapeDesc::Cylinder(size(r), size(r)),
            5 => ShapeDesc::Cone(size(r), size(r)),
            6 => {
                let s = [(); 3].map(|_| size(r));
                let n = r.random_range(4..=20);
                ShapeDesc::Hull(
                    (0..n)
                        .map(|_| std::array::from_fn(|i| s[i] * r.random_range(-1.0..1.0)))
                        .collect(),
                )
            }
            _ => ShapeDesc::Inflated(Box::new(ShapeDesc::Cuboid([(); 3].map(|_| size(r)))), size(r)),
        }
    }
    let out = run("moderate shapes", cases(), true, || {
        let (a, b) = (shape(&mut r), shape(&mut r));
        let reach = 10f64.powf(r.random_range(-3.0..1.5));
        let ta: [f64; 3] = [(); 3].map(|_| r.random_range(-10.0..10.0));
        let tb: [f64; 3] = std::array::from_fn(|i| ta[i] + reach * r.random_range(-1.0..1.0));
        Some(QueryCase {
            a,
            pose_a: pose(ta, unit_quat(&mut r)),
            b,
            pose_b: pose(tb, unit_quat(&mut r)),
            margin: r.random_range(0.0..0.1),
        })
    });
    assert_clean("moderate shapes", out);
}
