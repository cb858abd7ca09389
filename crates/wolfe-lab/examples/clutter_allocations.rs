//! Heap allocations per step of the 40-body clutter scene (issue 20 item 3, the
//! project's no-allocation rule for a step's hot path), counted by a counting global
//! allocator around each `Simulation::step`.
//!
//! `cargo run --release -p wolfe-lab --example clutter_allocations -- [SECONDS]` prints
//! the allocations per step over the drop (first 2 s) and the rest, split by whether
//! the step's SAP solve had to redo the symbolic factorization (a new sparsity pattern
//! of H, Section IV-D).

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use wolfe_lab::sim::scenes::Clutter;
use wolfe_sim::Simulation;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds: f64 = std::env::args()
        .nth(1)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(10.0);
    let (world, settings) = Clutter::default().build()?;
    let dt = settings.time_step;
    let mut sim = Simulation::new(world, settings)?;
    let steps = (seconds / dt).round() as usize;
    let drop = (2.0 / dt).round() as usize;
    // [drop, rest] x [pattern kept, pattern changed]: (steps, allocations).
    let mut tally = [[(0usize, 0usize); 2]; 2];
    for k in 0..steps {
        let region = Region::new(GLOBAL);
        sim.step()?;
        let change = region.change();
        let changed = sim
            .last_sap_stats()
            .is_some_and(|s| s.sparse && !s.symbolic_reused);
        let cell = &mut tally[usize::from(k >= drop)][usize::from(changed)];
        cell.0 += 1;
        cell.1 += change.allocations + change.reallocations;
    }
    for (phase, rows) in ["drop (first 2 s)", "rest"].iter().zip(tally) {
        for (what, (n, a)) in ["pattern kept", "pattern changed"].iter().zip(rows) {
            let per = if n > 0 { a as f64 / n as f64 } else { 0.0 };
            println!("{phase}, {what}: {n} steps, {per:.1} allocations per step");
        }
    }
    Ok(())
}
