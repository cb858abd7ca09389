//! The step's hot path does not allocate for a robot either (the project's rule): once panda-drop's
//! objects have come to rest on the table, the floor and the arm, a time step (the
//! trees' kinematics and free motion, contact detection, the SAP problem refilled in
//! place, its solve and the position update) makes no heap allocation, the 9-dof arm's
//! block inverse in SAP (Section V-B's near-rigid estimate) included.
//!
//! Counted with a counting global allocator over whole `Simulation::step` calls; this
//! file is its own test binary, and holds a single test, so that nothing else allocates
//! during the count.

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use wolfe_lab::sim::{panda_drop_world, PandaDropOptions};
use wolfe_sap::SapStatus;
use wolfe_sim::Simulation;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// panda-drop settled for 4 s, then 100 steps counted: no allocation, except in the
/// steps where the sparsity pattern of SAP's Newton matrix changed (a contact between
/// two trees appeared or vanished: faer's symbolic analysis allocates), at most a few
/// at rest.
#[test]
fn resting_panda_drop_steps_do_not_allocate() {
    let options = PandaDropOptions::new(std::env::temp_dir().join("wolfe-lab-alloc-unused"));
    let (world, settings) = panda_drop_world(&options).expect("scene");
    let mut sim = Simulation::new(world, settings).expect("simulator");
    for _ in 0..800 {
        sim.step().expect("settling step");
    }
    let (mut allocations, mut pattern_changes, mut contacts) = (0, 0, 0);
    for _ in 0..100 {
        let region = Region::new(GLOBAL);
        let s = sim.step().expect("step");
        let change = region.change();
        assert_eq!(s.sap_status, Some(SapStatus::Converged));
        contacts = contacts.max(s.contacts);
        let stats = sim.last_sap_stats().expect("a solve");
        if stats.sparse && !stats.symbolic_reused {
            pattern_changes += 1;
        } else {
            allocations += change.allocations + change.reallocations;
        }
    }
    assert!(contacts > 0, "the objects must rest in contact");
    let counted = 100 - pattern_changes;
    assert!(
        allocations == 0,
        "{allocations} allocations in {counted} resting steps ({contacts} contacts)"
    );
    assert!(
        pattern_changes <= 5,
        "the pattern of H changed in {pattern_changes} of 100 resting steps"
    );
}
