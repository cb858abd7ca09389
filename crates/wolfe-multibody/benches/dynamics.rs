//! Panda (9 dof, fixed base): forward kinematics of all frames, mass matrix (CRBA),
//! inverse dynamics (RNEA), gravity torques; one random state in the joint limits per
//! call batch, single thread. Targets (pinocchio C++, same machine kind): FK 529 ns,
//! M 681 ns, RNEA 1214 ns.
//!
//! `cargo bench -p wolfe-multibody --bench dynamics`

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_multibody::{load_urdf, Data, UrdfOptions};

fn bench(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots/franka_panda/panda.urdf");
    let robot = load_urdf(
        &path,
        UrdfOptions {
            floating_base: false,
            load_collision: false,
        },
    )
    .unwrap();
    let model = robot.model;
    let mut data = Data::new(&model);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let states: Vec<[Vec<f64>; 3]> = (0..64)
        .map(|_| {
            let q = model
                .bodies()
                .iter()
                .map(|b| rng.random_range(b.joint.limits.lower..=b.joint.limits.upper))
                .collect();
            let v = (0..model.nv()).map(|_| rng.random_range(-1.0..1.0)).collect();
            let a = (0..model.nv()).map(|_| rng.random_range(-1.0..1.0)).collect();
            [q, v, a]
        })
        .collect();
    let mut group = c.benchmark_group("panda");
    let mut i = 0;
    group.bench_function("frames_forward_kinematics", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            model
                .frames_forward_kinematics(&mut data, std::hint::black_box(&states[i][0]))
                .unwrap();
            std::hint::black_box(data.frame_placements()[0]);
        })
    });
    group.bench_function("mass_matrix_crba", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            std::hint::black_box(
                model
                    .mass_matrix(&mut data, std::hint::black_box(&states[i][0]))
                    .unwrap()[(0, 0)],
            );
        })
    });
    group.bench_function("inverse_dynamics_rnea", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            let [q, v, a] = &states[i];
            std::hint::black_box(model.inverse_dynamics(&mut data, q, v, a).unwrap()[0]);
        })
    });
    group.bench_function("gravity_torques", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            std::hint::black_box(
                model
                    .gravity_torques(&mut data, std::hint::black_box(&states[i][0]))
                    .unwrap()[0],
            );
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
