//! Throughput of `wolfe_sim::Batch` on the 40-body clutter scene (SAP paper Section
//! VI-C) times 64 worlds (seeds 0..64): each world stepped alone one after the other,
//! then the batch on 1 thread and on 2 threads, in one sitting (best of `REPEATS`).
//!
//! `cargo run --release -p wolfe-lab --example batch_clutter -- [WORLDS] [STEPS] [REPEATS] [THREADS...]`

use std::time::Instant;

use wolfe_lab::sim::scenes::Clutter;
use wolfe_sim::{Batch, SimError, SimSettings, Simulation, World};

fn worlds(n: usize) -> Result<Vec<(World, SimSettings)>, SimError> {
    (0..n as u64)
        .map(|seed| {
            Clutter {
                seed,
                ..Clutter::default()
            }
            .build()
        })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map(|s| s.parse()).transpose()?.unwrap_or(64);
    let steps: usize = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(50);
    let repeats: usize = args.get(3).map(|s| s.parse()).transpose()?.unwrap_or(3);
    let threads: Vec<usize> = if args.len() > 4 {
        args[4..].iter().map(|s| s.parse()).collect::<Result<_, _>>()?
    } else {
        vec![1, 2]
    };
    let world_steps = (n * steps) as f64;
    let mut best_alone = f64::INFINITY;
    for _ in 0..repeats {
        let list = worlds(n)?;
        let start = Instant::now();
        for (w, s) in list {
            let mut sim = Simulation::new(w, s)?;
            for _ in 0..steps {
                sim.step()?;
            }
        }
        best_alone = best_alone.min(start.elapsed().as_secs_f64());
    }
    println!(
        "alone, one after the other: {best_alone:.3} s ({:.0} world-steps/s)",
        world_steps / best_alone
    );
    let mut one = None;
    for &t in &threads {
        let mut best = f64::INFINITY;
        for _ in 0..repeats {
            let list = worlds(n)?;
            let start = Instant::now();
            let mut batch = Batch::new(list, Some(t))?;
            let r = batch.rollout(steps, 1, None)?;
            best = best.min(start.elapsed().as_secs_f64());
            if !r.failures.is_empty() {
                return Err(format!("{} worlds failed: {:?}", r.failures.len(), r.failures[0]).into());
            }
        }
        let base = *one.get_or_insert(best);
        println!(
            "batch, {t} thread(s): {best:.3} s ({:.0} world-steps/s), speed-up over 1 thread {:.2}x, over alone {:+.1}%",
            world_steps / best,
            base / best,
            100.0 * (best / best_alone - 1.0)
        );
    }
    println!("{n} worlds x {steps} steps of the 40-body clutter, best of {repeats}");
    Ok(())
}
