//! Study: SAP's convergence in the clutter scene, step by step (issue 20 item 3).
//!
//! `cargo run --release -p wolfe-lab --example clutter_convergence -- [SECONDS] [MIN_ITERATIONS] [FRICTION]`
//! prints, for every step with at least MIN_ITERATIONS Newton iterations (default 12),
//! the history of its solve: cost, momentum error e_m (Eq. 32), Newton decrement, step
//! length alpha and line-search iterations per Newton iteration. Then, over all steps,
//! what a stop on the cost decrease, `|ell_{k-1} - ell_k| < eps_a + eps_r ell_k` (the
//! criterion Drake's SAP checks besides Eq. 26), would have saved at a few tolerances,
//! and the largest momentum error e_m (Eq. 32) it would have accepted.

use wolfe_lab::sim::scenes::Clutter;
use wolfe_sim::Simulation;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let seconds: f64 = args.get(1).map(|s| s.parse()).transpose()?.unwrap_or(2.0);
    let min_iterations: u32 = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(12);
    // Optional third argument: the friction of every pair (default 1), to see how much
    // of the transient's iterations the friction cone costs.
    let friction: f64 = args.get(3).map(|s| s.parse()).transpose()?.unwrap_or(1.0);
    let (world, mut settings) = Clutter {
        friction,
        ..Clutter::default()
    }
    .build()?;
    settings.sap.record_history = true;
    let dt = settings.time_step;
    let mut sim = Simulation::new(world, settings)?;
    let steps = (seconds / dt).round() as usize;
    let mut shown = 0;
    let tolerances = [1e-15, 1e-12, 1e-10, 1e-8];
    // Per tolerance: iterations saved, steps stopped early, the worst e_m accepted.
    let mut saved = [(0u64, 0u64, 0.0f64); 4];
    let mut total = 0u64;
    for _ in 0..steps {
        let s = sim.step()?;
        if s.sap_status.is_none() {
            continue;
        }
        let Some(stats) = sim.last_sap_stats() else {
            continue;
        };
        total += u64::from(s.newton_iterations);
        for (t, rel) in tolerances.iter().enumerate() {
            // cost[k] is ell at iterate k; a stop at k skips the iterations after it.
            let stop = (1..stats.cost.len())
                .find(|&k| (stats.cost[k - 1] - stats.cost[k]).abs() < rel * stats.cost[k].abs());
            if let Some(k) = stop {
                let iterations = stats.history.len();
                if k < iterations {
                    saved[t].0 += (iterations - k) as u64;
                    saved[t].1 += 1;
                    saved[t].2 = saved[t].2.max(stats.history[k].momentum_error);
                }
            }
        }
        if s.newton_iterations < min_iterations || shown >= 6 {
            continue;
        }
        shown += 1;
        println!(
            "step {} t {:.2} contacts {} iterations {} line search {} e_m {:.2e}",
            s.step, s.time, s.contacts, s.newton_iterations, s.line_search_iterations, s.momentum_error
        );
        let last = *stats.cost.last().unwrap_or(&0.0);
        for (k, r) in stats.history.iter().enumerate() {
            let contact = r
                .regions
                .iter()
                .filter(|g| **g != wolfe_sap::ConeRegion::NoContact)
                .count();
            let stiction = r
                .regions
                .iter()
                .filter(|g| **g == wolfe_sap::ConeRegion::Stiction)
                .count();
            println!(
                "  {k:2} cost-final {:10.3e} e_m {:9.2e} decrement {:9.2e} alpha {:6.3} ls {:2} active {contact:3} stiction {stiction:3}",
                r.cost - last,
                r.momentum_error,
                r.newton_decrement,
                r.alpha,
                r.line_search_iterations
            );
        }
    }
    println!("{steps} steps, {total} Newton iterations");
    for (rel, (its, early, worst)) in tolerances.iter().zip(saved) {
        println!(
            "cost stop eps_r = {rel:e}: {its} iterations saved in {early} steps, worst e_m accepted {worst:.2e} (tolerance 1e-6)"
        );
    }
    Ok(())
}
