//! Loading the Inspire right hand from MJCF (warm file cache): parse with includes and
//! defaults, read the 13 STL files (26 mesh assets sharing them), mesh inertias by
//! MuJoCo's legacy rule, and the collision hulls; also without hulls (`robot inspect`'s
//! dynamics-only load). Target: under 50 ms with hulls.
//!
//! `cargo bench -p wolfe-multibody --bench mjcf`

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use wolfe_multibody::{load_mjcf, MjcfOptions};

fn bench(c: &mut Criterion) {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots/inspire_hand/inspire_right_hand.xml");
    let mut group = c.benchmark_group("inspire_hand_load");
    group.sample_size(10);
    group.bench_function("with_hulls", |b| {
        b.iter(|| load_mjcf(&path, MjcfOptions::default()).unwrap())
    });
    group.bench_function("dynamics_only", |b| {
        b.iter(|| {
            load_mjcf(
                &path,
                MjcfOptions {
                    load_collision: false,
                },
            )
            .unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
