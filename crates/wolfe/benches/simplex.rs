//! Cost of the distance sub-algorithm (`Simplex::project_origin`) per input rank, on
//! 1024 seeded random simplices per rank cycled through (so that branch prediction sees
//! the mix of vertex, edge, face and interior regions).
//!
//! Two input families:
//! * `rankN`: `N` arbitrary unit-size points around a center within 1.5 of the origin;
//! * `gjk_rankN`: simplices built as GJK builds them (GJK, Gilbert, Johnson and Keerthi
//!   1988): a projected simplex of rank `N - 1` (the minimal set of a previous projection
//!   `x`, every weight positive) plus a new support point `s` on the origin's side,
//!   `<x, s> < <x, x>`, at a depth below the old face spread log-uniformly from `1e-9`
//!   to `1` of the simplex size (near-convergence iterations to first ones).
//!
//! `cargo bench -p wolfe --bench simplex`; criterion reports the time of one projection.

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use wolfe::collide::simplex::{Simplex, SupportPoint};
use wolfe::Vec3;

const SET: usize = 1024;

fn uniform(rng: &mut ChaCha8Rng) -> Vec3 {
    Vec3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    )
}

fn support(w: Vec3) -> SupportPoint {
    SupportPoint {
        w,
        a: w,
        b: Vec3::zeros(),
    }
}

/// Simplices of `rank` unit-size points around a center within 1.5 of the origin.
fn simplices(rank: usize, seed: u64) -> Vec<Simplex> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..SET)
        .map(|_| {
            let c = 1.5 * uniform(&mut rng);
            let mut s = Simplex::new();
            for _ in 0..rank {
                s.push(support(c + uniform(&mut rng)));
            }
            s
        })
        .collect()
}

/// GJK-like simplices of `rank` (2 to 4): a projected simplex of rank `rank - 1` plus a
/// new point on the origin's side of the previous projection.
fn gjk_simplices(rank: usize, seed: u64) -> Vec<Simplex> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(SET);
    while out.len() < SET {
        let c = 3.0 * uniform(&mut rng);
        let mut s = Simplex::new();
        for _ in 0..rank - 1 {
            s.push(support(c + uniform(&mut rng)));
        }
        let x = s.project_origin();
        let xx = x.norm_squared();
        if s.rank != rank - 1 || xx < 1e-6 {
            continue;
        }
        let u = x / xx.sqrt();
        let depth = 10f64.powf(rng.random_range(-9.0..0.0));
        let lateral = uniform(&mut rng);
        let w = x + (lateral - lateral.dot(&u) * u) - depth * u;
        s.push(support(w));
        out.push(s);
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("project_origin");
    let mut sets = Vec::new();
    for rank in 1..=4 {
        sets.push((format!("rank{rank}"), simplices(rank, rank as u64)));
    }
    for rank in 2..=4 {
        sets.push((format!("gjk_rank{rank}"), gjk_simplices(rank, 10 + rank as u64)));
    }
    for (name, set) in &sets {
        group.bench_function(name.as_str(), |b| {
            let mut i = 0;
            b.iter(|| {
                let mut s = set[i % SET];
                i += 1;
                black_box(black_box(&mut s).project_origin())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
