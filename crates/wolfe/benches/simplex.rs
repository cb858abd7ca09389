//! Cost of the signed-volumes distance sub-algorithm (`Simplex::project_origin`) per
//! input rank, on 1024 seeded random simplices per rank cycled through (so that branch
//! prediction sees the mix of vertex, edge, face and interior regions GJK meets).
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

/// Simplices of `rank` unit-size points around a center within 1.5 of the origin.
fn simplices(rank: usize, seed: u64) -> Vec<Simplex> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..SET)
        .map(|_| {
            let c = 1.5 * uniform(&mut rng);
            let mut s = Simplex::new();
            for _ in 0..rank {
                let w = c + uniform(&mut rng);
                s.push(SupportPoint {
                    w,
                    a: w,
                    b: Vec3::zeros(),
                });
            }
            s
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("project_origin");
    for rank in 1..=4 {
        let set = simplices(rank, rank as u64);
        group.bench_function(format!("rank{rank}"), |b| {
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
