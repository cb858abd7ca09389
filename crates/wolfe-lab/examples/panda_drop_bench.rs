//! The mean wall-clock time of a `panda-drop` step (the step alone, no recording), for
//! side-by-side timings of stepper changes.
//!
//! `cargo run --release -p wolfe-lab --example panda_drop_bench [STEPS]` (default 1000,
//! the scene's 5 s): prints the mean step time (ms), the mean over the last half, and the
//! mean Newton iterations.

use wolfe_lab::sim::{panda_drop_world, PandaDropOptions};
use wolfe_sim::Simulation;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let steps: usize = std::env::args().nth(1).map_or(Ok(1000), |s| s.parse())?;
    let (world, settings) = panda_drop_world(&PandaDropOptions::new("/tmp/unused"))?;
    let mut sim = Simulation::new(world, settings)?;
    let (mut all, mut tail, mut newton) = (0.0, 0.0, 0u64);
    for k in 0..steps {
        let s = sim.step()?;
        all += s.step_seconds;
        if k >= steps / 2 {
            tail += s.step_seconds;
        }
        newton += u64::from(s.newton_iterations);
    }
    println!(
        "panda-drop {steps} steps: mean step {:.4} ms, second half {:.4} ms, {:.3} Newton iterations per step",
        1e3 * all / steps as f64,
        1e3 * tail / (steps - steps / 2) as f64,
        newton as f64 / steps as f64
    );
    Ok(())
}
