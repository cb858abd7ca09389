//! Support-point cost of a convex mesh: brute force versus hill-climbing, over vertex
//! counts, to place `SUPPORT_BRUTE_FORCE_MAX_VERTICES`.
//!
//! Each mesh is the hull of `n` random points on the unit sphere (all of them extreme).
//! The directions follow a GJK-like sequence: each is the previous one plus a random
//! perturbation of relative size `STEP`, and the hint is the previous support vertex.
//! One iteration runs the whole sequence of `SEQ` queries; criterion reports the time
//! per query through `Throughput::Elements`.
//!
//! Run: `cargo bench -p wolfe --bench support`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::Duration;
use wolfe::{ConvexMesh, SupportMap, Vec3};
use wolfe_testkit::random::random_unit_vector;

const SEQ: usize = 1024;
const STEP: f64 = 0.25;
const SIZES: [usize; 13] = [4, 6, 8, 12, 16, 24, 32, 48, 64, 128, 256, 1024, 4096];

fn sphere_mesh(n: usize, rng: &mut ChaCha8Rng) -> ConvexMesh {
    let pts: Vec<Vec3> = (0..n).map(|_| random_unit_vector(rng)).collect();
    ConvexMesh::from_points(&pts).expect("random sphere points span 3D")
}

fn directions(rng: &mut impl Rng) -> Vec<Vec3> {
    let mut d = Vec3::new(1.0, 0.3, -0.2).normalize();
    (0..SEQ)
        .map(|_| {
            let u = Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            );
            d = (d + u * STEP).normalize();
            d
        })
        .collect()
}

fn bench_support(c: &mut Criterion) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let dirs = directions(&mut rng);
    let mut group = c.benchmark_group("support");
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1000))
        .sample_size(20)
        .throughput(Throughput::Elements(SEQ as u64));
    for &n in &SIZES {
        let mesh = sphere_mesh(n, &mut rng);
        let nv = mesh.vertices().len();
        group.bench_with_input(BenchmarkId::new("brute_force", nv), &mesh, |b, m| {
            b.iter(|| {
                let mut acc = 0u32;
                for d in &dirs {
                    acc = acc.wrapping_add(m.support_vertex_brute_force(black_box(d)));
                }
                acc
            })
        });
        group.bench_with_input(BenchmarkId::new("hill_climb", nv), &mesh, |b, m| {
            b.iter(|| {
                let mut hint = 0u32;
                for d in &dirs {
                    hint = m.support_vertex_hill_climb(black_box(d), hint);
                }
                hint
            })
        });
        group.bench_with_input(BenchmarkId::new("local_support_hinted", nv), &mesh, |b, m| {
            b.iter(|| {
                let mut hint = 0u32;
                let mut acc = Vec3::zeros();
                for d in &dirs {
                    acc += m.local_support_hinted(black_box(d), &mut hint);
                }
                acc
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_support);
criterion_main!(benches);
