//! One run's numbers, shared by every front end that records a run (the CLI's and the
//! Python package's run folders): the `steps.csv` row of a step ([`STEPS_HEADER`],
//! [`steps_row`], [`status_name`]), the `joints.csv` row of the articulated trees
//! ([`joints_header`], [`joints_row`]), the whole-run and steady-state numbers
//! ([`RunSummary`]) and their markdown table ([`step_summary`]).

use std::fmt::Write as _;

use crate::step::SapStatus;
use crate::{Simulation, StepStats, World};

/// `steps.csv`'s header: one row per step ([`steps_row`]).
pub const STEPS_HEADER: &str = "step,time,contacts,touching_pairs,newton_iterations,step_seconds,\
kinetic_energy,potential_energy,max_penetration,line_search_iterations,momentum_error,sap_status,\
detection_seconds,solve_seconds,total_newton_iterations,sap_islands";

/// One `steps.csv` row (no newline), the columns of [`STEPS_HEADER`]; SAP's status is
/// `none` when no contact was solved.
pub fn steps_row(s: &StepStats) -> String {
    format!(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
        s.step,
        s.time,
        s.contacts,
        s.touching_pairs,
        s.newton_iterations,
        s.step_seconds,
        s.kinetic_energy,
        s.potential_energy,
        s.max_penetration,
        s.line_search_iterations,
        s.momentum_error,
        status_name(s.sap_status),
        s.detection_seconds,
        s.solve_seconds,
        s.total_newton_iterations,
        s.sap_islands
    )
}

/// `joints.csv`'s header for the articulated trees of `world` (no newline): `step,time`,
/// then per tree `q_JOINT` for every movable joint, then `v_JOINT` for each, in URDF
/// file order (prefixed `tK.` by the tree's index when the world has several trees) ([`crate::ArticulatedTree::joints`]). `None` for a world without trees
/// (no `joints.csv` then).
pub fn joints_header(world: &World) -> Option<String> {
    if world.trees().is_empty() {
        return None;
    }
    let mut header = String::from("step,time");
    // With several trees (two arms of one URDF, say) the names repeat: each column then
    // carries its tree's index, `t1.q_JOINT`.
    let several = world.trees().len() > 1;
    for (k, t) in world.trees().iter().enumerate() {
        let tree = if several { format!("t{k}.") } else { String::new() };
        for (name, _, _) in &t.joints {
            let _ = write!(header, ",{tree}q_{name}");
        }
        for (name, _, _) in &t.joints {
            let _ = write!(header, ",{tree}v_{name}");
        }
    }
    Some(header)
}

/// One `joints.csv` row (no newline), the columns of [`joints_header`]: step `step`,
/// the time of `sim`, its trees' joint positions and velocities now.
pub fn joints_row(step: u64, sim: &Simulation) -> String {
    let mut row = format!("{step},{}", sim.time());
    for (k, t) in sim.world().trees().iter().enumerate() {
        let (q, v) = (sim.tree_configuration(k), sim.tree_velocities(k));
        for (_, qi, _) in &t.joints {
            let _ = write!(row, ",{}", q[*qi]);
        }
        for (_, _, vi) in &t.joints {
            let _ = write!(row, ",{}", v[*vi]);
        }
    }
    row
}

/// SAP's status as `steps.csv` spells it: `converged`, `iterationlimit`, ... (the
/// variant's name in lower case), `none` when no contact was solved.
pub fn status_name(status: Option<SapStatus>) -> String {
    status.map_or("none".to_string(), |st| format!("{st:?}").to_lowercase())
}

/// Steady-state and whole-run numbers of a run (time step `dt`), as the markdown
/// table of `summary.md`.
pub fn step_summary(stats: &[StepStats], dt: f64) -> String {
    // The same means as the studies' rows, whole run and second half.
    let all = RunSummary::of(stats);
    let tail = RunSummary::of(&stats[stats.len() / 2..]);
    let rtf = |ms: f64| dt / (1e-3 * ms).max(1e-15);
    format!(
        "| | whole run | second half (steady state) |\n|---|---|---|\n\
         | steps | {} | {} |\n\
         | mean Newton iterations per step | {:.2} | {:.2} |\n\
         | max Newton iterations | {} | |\n\
         | mean contacts | {:.1} | {:.1} |\n\
         | mean wall time per step (ms) | {:.3} | {:.3} |\n\
         | of which contact detection (ms) | {:.3} | {:.3} |\n\
         | of which SAP solve (ms) | {:.3} | {:.3} |\n\
         | real-time factor (dt / step time) | {:.1} | {:.1} |\n\
         | max penetration (m) | {:.2e} | {:.2e} |\n\
         | final kinetic energy (J) | {:.3e} | |\n\
         | SAP solves not converged | {} | |\n",
        all.steps,
        tail.steps,
        all.mean_newton_iterations,
        tail.mean_newton_iterations,
        all.max_newton_iterations,
        all.mean_contacts,
        tail.mean_contacts,
        all.mean_step_ms,
        tail.mean_step_ms,
        all.mean_detection_ms,
        tail.mean_detection_ms,
        all.mean_solve_ms,
        tail.mean_solve_ms,
        rtf(all.mean_step_ms),
        rtf(tail.mean_step_ms),
        all.max_penetration,
        tail.max_penetration,
        all.final_kinetic_energy,
        all.not_converged,
    )
}

/// Whole-run and steady-state (second half) numbers of one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunSummary {
    /// Steps taken.
    pub steps: usize,
    /// Mean contacts per step.
    pub mean_contacts: f64,
    /// Contacts of the last step.
    pub final_contacts: usize,
    /// Object pairs touching (signed distance <= 0) at the last step: the SAP paper's
    /// Fig. 11 count, one per penetrating pair as Drake's point contact reports them.
    pub final_touching_pairs: usize,
    /// Mean SAP Newton iterations per step, whole run.
    pub mean_newton_iterations: f64,
    /// Same over the second half.
    pub steady_newton_iterations: f64,
    /// Most Newton iterations of a step.
    pub max_newton_iterations: u32,
    /// Mean wall time per step (whole step), ms.
    pub mean_step_ms: f64,
    /// Same over the second half, ms.
    pub steady_step_ms: f64,
    /// Mean SAP solve time per step (assembly included), ms.
    pub mean_solve_ms: f64,
    /// Mean contact detection time per step, ms.
    pub mean_detection_ms: f64,
    /// Deepest penetration of the run, m.
    pub max_penetration: f64,
    /// Kinetic energy at the end, J.
    pub final_kinetic_energy: f64,
    /// SAP solves that did not converge.
    pub not_converged: usize,
}

impl RunSummary {
    /// The rows every run's `summary.md` shows (label, value): mean step time, Newton
    /// iterations, unconverged solves, mean contacts and the deepest penetration.
    pub fn rows(&self) -> [(&'static str, String); 5] {
        [
            ("mean time per step", format!("{:.3} ms", self.mean_step_ms)),
            (
                "mean Newton iterations per step",
                format!("{:.2}", self.mean_newton_iterations),
            ),
            ("steps SAP did not converge", self.not_converged.to_string()),
            ("mean contacts per step", format!("{:.1}", self.mean_contacts)),
            (
                "max penetration (whole run)",
                format!("{:.3} mm", 1e3 * self.max_penetration),
            ),
        ]
    }

    /// The numbers of the per-step statistics `stats` (at least one step).
    pub fn of(stats: &[StepStats]) -> Self {
        let mean = |s: &[StepStats], f: &dyn Fn(&StepStats) -> f64| {
            s.iter().map(f).sum::<f64>() / s.len().max(1) as f64
        };
        let tail = &stats[stats.len() / 2..];
        Self {
            steps: stats.len(),
            mean_contacts: mean(stats, &|s| s.contacts as f64),
            final_contacts: stats.last().map_or(0, |s| s.contacts),
            final_touching_pairs: stats.last().map_or(0, |s| s.touching_pairs),
            mean_newton_iterations: mean(stats, &|s| f64::from(s.newton_iterations)),
            steady_newton_iterations: mean(tail, &|s| f64::from(s.newton_iterations)),
            max_newton_iterations: stats.iter().map(|s| s.newton_iterations).max().unwrap_or(0),
            mean_step_ms: 1e3 * mean(stats, &|s| s.step_seconds),
            steady_step_ms: 1e3 * mean(tail, &|s| s.step_seconds),
            mean_solve_ms: 1e3 * mean(stats, &|s| s.solve_seconds),
            mean_detection_ms: 1e3 * mean(stats, &|s| s.detection_seconds),
            max_penetration: stats.iter().fold(0.0f64, |m, s| m.max(s.max_penetration)),
            final_kinetic_energy: stats.last().map_or(0.0, |s| s.kinetic_energy),
            not_converged: stats
                .iter()
                .filter(|s| s.sap_status.is_some_and(|st| st != SapStatus::Converged))
                .count(),
        }
    }
}
