//! Broad phase per-step time after a small motion: incremental sweep and prune (`sap`)
//! versus the same sweep re-sorted from scratch every step (`sap-full-sort`), the
//! uniform grid rebuilt every step (`grid`) and brute force (`brute`), to place the
//! crossovers.
//!
//! Scenes, `n` = 8, 40, 160, 1000, 5000 boxes of 10 cm cubes (box half-sizes 5 to 7 cm,
//! as the world boxes of rotated cubes):
//! - `clutter`: four columns on a floor as in the SAP paper's clutter scene (Sec. VI-C),
//!   each a pile of about 10 layers of `g x g` cubes on a 10 cm lattice with 5 mm
//!   jitter, so that neighbours touch or overlap as in a resting pile;
//! - `uniform`: the cubes scattered uniformly in a cube of side `(0.01 n)^(1/3)` m
//!   (about 15% volume fraction).
//!
//! Motion: a walk through `FRAMES` configurations, each box moving by up to
//! `STEP` = 1 mm per axis between consecutive ones (10 cm/s at a 10 ms step), played
//! back and forth so that every step is a small motion. One iteration = one step:
//! `update` on the next configuration (pairs written into a reused vector).
//!
//! Run: `cargo bench -p wolfe --bench broad`. Pair counts and the mean insertion-sort
//! swaps per step are printed first.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::Duration;
use wolfe::{brute_force_pairs, Aabb, SweepAndPrune, UniformGrid, Vec3};

const SIZES: [usize; 5] = [8, 40, 160, 1000, 5000];
const FRAMES: usize = 32;
const STEP: f64 = 0.001;

fn cube(rng: &mut ChaCha8Rng, c: Vec3) -> Aabb {
    let h = Vec3::repeat(rng.random_range(0.05..0.07));
    Aabb::new(c - h, c + h)
}

fn clutter(rng: &mut ChaCha8Rng, n: usize) -> Vec<Aabb> {
    let per_column = n.div_ceil(4);
    let g = ((per_column as f64 / 10.0).sqrt().ceil() as usize).max(1);
    let offset = 0.1 * g as f64 * 0.5 + 0.1;
    let columns = [
        (-offset, -offset),
        (offset, -offset),
        (-offset, offset),
        (offset, offset),
    ];
    (0..n)
        .map(|k| {
            let (cx, cy) = columns[k % 4];
            let m = k / 4;
            let (layer, cell) = (m / (g * g), m % (g * g));
            let (i, j) = (cell % g, cell / g);
            let jitter = |rng: &mut ChaCha8Rng| rng.random_range(-0.005..0.005);
            let c = Vec3::new(
                cx + (i as f64 - 0.5 * (g as f64 - 1.0)) * 0.1 + jitter(rng),
                cy + (j as f64 - 0.5 * (g as f64 - 1.0)) * 0.1 + jitter(rng),
                0.05 + 0.1 * layer as f64 + jitter(rng),
            );
            cube(rng, c)
        })
        .collect()
}

fn uniform(rng: &mut ChaCha8Rng, n: usize) -> Vec<Aabb> {
    let side = (0.01 * n as f64).cbrt();
    (0..n)
        .map(|_| {
            let c = Vec3::from_fn(|_, _| rng.random_range(0.0..side));
            cube(rng, c)
        })
        .collect()
}

/// `FRAMES` configurations, each the previous one moved by up to `STEP` per axis.
fn frames(mut boxes: Vec<Aabb>, rng: &mut ChaCha8Rng) -> Vec<Vec<Aabb>> {
    let mut out = Vec::with_capacity(FRAMES);
    for _ in 0..FRAMES {
        out.push(boxes.clone());
        for b in boxes.iter_mut() {
            let d = Vec3::from_fn(|_, _| rng.random_range(-STEP..STEP));
            b.min += d;
            b.max += d;
        }
    }
    out
}

/// Frame index of step `k` when playing the frames back and forth.
fn ping_pong(k: usize) -> usize {
    let period = 2 * (FRAMES - 1);
    let p = k % period;
    if p < FRAMES {
        p
    } else {
        period - p
    }
}

fn bench_broad(c: &mut Criterion) {
    type Scene = fn(&mut ChaCha8Rng, usize) -> Vec<Aabb>;
    let scenes: [(&str, Scene); 2] = [("clutter", clutter), ("uniform", uniform)];
    for (name, scene) in scenes {
        let mut group = c.benchmark_group(format!("broad/{name}"));
        group
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_millis(1000))
            .sample_size(10);
        for n in SIZES {
            let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
            let frames = frames(scene(&mut rng, n), &mut rng);
            // Statistics of the walk, and a check that the methods agree on it.
            let (mut sap, mut pairs, mut reference) = (SweepAndPrune::new(), Vec::new(), Vec::new());
            let (mut total_pairs, mut swaps, mut candidates) = (0usize, 0usize, 0usize);
            for k in 0..2 * FRAMES {
                let f = &frames[ping_pong(k)];
                sap.update(f, &mut pairs);
                brute_force_pairs(f, &mut reference);
                assert_eq!(pairs, reference, "{name} n {n} step {k}");
                UniformGrid::new().update(f, &mut pairs);
                assert_eq!(pairs, reference, "grid: {name} n {n} step {k}");
                total_pairs += pairs.len();
                candidates += sap.last_candidates();
                if k > 0 {
                    swaps += sap.last_swaps();
                }
            }
            eprintln!(
                "broad/{name} n {n}: {:.1} pairs/step, {:.1} insertion-sort swaps/step, axis {:?}, {:.0} sweep candidates/step of {} pairs",
                total_pairs as f64 / (2 * FRAMES) as f64,
                swaps as f64 / (2 * FRAMES - 1) as f64,
                sap.axis(),
                candidates as f64 / (2 * FRAMES) as f64,
                n * (n - 1) / 2
            );
            group.bench_with_input(BenchmarkId::new("sap", n), &frames, |b, frames| {
                let (mut sap, mut pairs, mut k) = (SweepAndPrune::new(), Vec::new(), 0);
                b.iter(|| {
                    k += 1;
                    sap.update(black_box(&frames[ping_pong(k)]), &mut pairs);
                    black_box(pairs.len())
                })
            });
            group.bench_with_input(BenchmarkId::new("sap-full-sort", n), &frames, |b, frames| {
                let (mut sap, mut pairs, mut k) = (SweepAndPrune::new(), Vec::new(), 0);
                b.iter(|| {
                    k += 1;
                    sap.invalidate();
                    sap.update(black_box(&frames[ping_pong(k)]), &mut pairs);
                    black_box(pairs.len())
                })
            });
            group.bench_with_input(BenchmarkId::new("grid", n), &frames, |b, frames| {
                let (mut grid, mut pairs, mut k) = (UniformGrid::new(), Vec::new(), 0);
                b.iter(|| {
                    k += 1;
                    grid.update(black_box(&frames[ping_pong(k)]), &mut pairs);
                    black_box(pairs.len())
                })
            });
            group.bench_with_input(BenchmarkId::new("brute", n), &frames, |b, frames| {
                let (mut pairs, mut k) = (Vec::new(), 0);
                b.iter(|| {
                    k += 1;
                    brute_force_pairs(black_box(&frames[ping_pong(k)]), &mut pairs);
                    black_box(pairs.len())
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_broad);
criterion_main!(benches);
