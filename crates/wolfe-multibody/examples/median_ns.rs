//! The same measurement as `benches/pinocchio/bench_pinocchio.cpp`, for wolfe: median ns
//! per call over 201 batches of `BATCH` calls (64 random Panda states within the joint
//! limits, cycled), for FK of all frames, the mass matrix, inverse dynamics and gravity.
//! A median over short batches is what a loaded machine measures best; run it beside the
//! C++ program to compare like with like.
//!
//! `cargo run --release -p wolfe-multibody --example median_ns [BATCH]` (default 10000)

use std::path::Path;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_multibody::{load_urdf, Data, UrdfOptions};

fn median_ns(batch: usize, mut f: impl FnMut(usize)) -> f64 {
    let mut t: Vec<f64> = (0..201)
        .map(|_| {
            let t0 = Instant::now();
            for i in 0..batch {
                f(i);
            }
            t0.elapsed().as_secs_f64() * 1e9 / batch as f64
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

fn main() {
    let batch: usize = std::env::args()
        .nth(1)
        .map_or(10_000, |a| a.parse().expect("BATCH"));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots/franka_panda/panda.urdf");
    let options = UrdfOptions {
        floating_base: false,
        load_collision: false,
    };
    let model = load_urdf(&path, options).expect("panda.urdf").model;
    let mut data = Data::new(&model);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut random = |lo: f64, hi: f64| rng.random_range(lo..=hi);
    let states: Vec<[Vec<f64>; 3]> = (0..64)
        .map(|_| {
            let q = model
                .bodies()
                .iter()
                .map(|b| random(b.joint.limits.lower, b.joint.limits.upper))
                .collect();
            let v = (0..model.nv()).map(|_| random(-1.0, 1.0)).collect();
            let a = (0..model.nv()).map(|_| random(-1.0, 1.0)).collect();
            [q, v, a]
        })
        .collect();
    let s = |i: usize| &states[i & 63];
    let fk = median_ns(batch, |i| {
        model.frames_forward_kinematics(&mut data, &s(i)[0]).expect("fk");
        std::hint::black_box(data.frame_placements()[0]);
    });
    let m = median_ns(batch, |i| {
        std::hint::black_box(
            model
                .mass_matrix(&mut data, std::hint::black_box(&s(i)[0]))
                .expect("crba")[(0, 0)],
        );
    });
    let id = median_ns(batch, |i| {
        let [q, v, a] = s(i);
        std::hint::black_box(model.inverse_dynamics(&mut data, q, v, a).expect("rnea")[0]);
    });
    let g = median_ns(batch, |i| {
        std::hint::black_box(model.gravity_torques(&mut data, &s(i)[0]).expect("g")[0]);
    });
    println!(
        "wolfe, Panda (nq {}), median ns per call over 201 batches of {batch}:",
        model.nq()
    );
    println!("frames_forward_kinematics {fk:.0}\nmass_matrix {m:.0}\ninverse_dynamics {id:.0}\ngravity_torques {g:.0}");
}
