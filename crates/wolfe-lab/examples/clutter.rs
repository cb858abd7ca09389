//! Runs the clutter scene (SAP paper Section VI-C) and prints per-second statistics.
//!
//! `cargo run --release -p wolfe-lab --example clutter -- [BODIES] [SECONDS] [walls|no-walls]`

use wolfe_lab::sim::scenes::Clutter;
use wolfe_sim::Simulation;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let bodies = args.get(1).map(|s| s.parse()).transpose()?.unwrap_or(40);
    let seconds: f64 = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(10.0);
    let walls = args.get(3).is_none_or(|s| s != "no-walls");
    let scene = Clutter {
        bodies,
        walls,
        ..Clutter::default()
    };
    let (world, settings) = scene.build()?;
    let dt = settings.time_step;
    let mut sim = Simulation::new(world, settings)?;
    let steps = (seconds / dt).round() as usize;
    let per_second = (1.0 / dt).round() as usize;
    let (mut iters, mut secs, mut contacts, mut pen) = (0u64, 0.0, 0usize, 0.0f64);
    for k in 1..=steps {
        let s = sim.step()?;
        iters += u64::from(s.newton_iterations);
        secs += s.step_seconds;
        contacts += s.contacts;
        pen = pen.max(s.max_penetration);
        if k % per_second == 0 {
            let n = per_second as f64;
            println!(
                "t {:5.2} s  iterations/step {:5.2}  ms/step {:6.3}  contacts {:6.1}  KE {:9.3e} J  max penetration {:.2e} m",
                sim.time(),
                iters as f64 / n,
                1e3 * secs / n,
                contacts as f64 / n,
                s.kinetic_energy,
                pen
            );
            (iters, secs, contacts, pen) = (0, 0.0, 0, 0.0);
        }
    }
    Ok(())
}
