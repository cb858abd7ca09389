//! The output folder of a `Simulation` run from Python: the same files as `wolfe sim`
//! (see `wolfe_lab::sim`): `steps.csv` and the trajectory (`scene.csv`,
//! `trajectory.csv`, `contacts.csv`, mesh OBJ files) while stepping; at `close()` the
//! per-step plots (`iterations`, `step-time`, `energy`, PNG and SVG), `summary.md` and
//! the viewer page `view.html`.
//!
//! The trajectory and the viewer page come from the same Rust functions as `wolfe sim`
//! (`wolfe_sim::trajectory::TrajectoryWriter::record_simulation`,
//! `wolfe_view::write_html`), the summary's numbers from `wolfe_lab::sim::RunSummary`.
//! The `steps.csv` row, the three plots and the summary table repeat
//! `wolfe_lab::sim::record`'s `simulate`, `step_plots` and `step_summary`, which are
//! crate-private there (or take the whole run at once): when wolfe-lab makes them
//! public, these copies become calls.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use pyo3::exceptions::PyOSError;
use pyo3::PyResult;
use wolfe_lab::plot::{Curve, LineChart};
use wolfe_lab::sim::RunSummary;
use wolfe_sim::trajectory::TrajectoryWriter;
use wolfe_sim::{Simulation, StepStats};

use crate::error::io;

/// `steps.csv`'s header, as `wolfe sim` writes it.
pub const STEPS_HEADER: &str =
    "step,time,contacts,newton_iterations,step_seconds,kinetic_energy,potential_energy,\
max_penetration,line_search_iterations,momentum_error,sap_status,detection_seconds,solve_seconds";

/// SAP's status as `steps.csv` spells it (`none` when no contact was solved).
pub fn status_name(s: &StepStats) -> String {
    s.sap_status
        .map_or("none".to_string(), |st| format!("{st:?}").to_lowercase())
}

/// A run's files, written step by step; [`Recorder::finish`] adds the plots, the
/// summary and the viewer page.
pub struct Recorder {
    dir: PathBuf,
    title: String,
    trajectory: TrajectoryWriter,
    steps: BufWriter<File>,
    /// Every step's statistics, for the plots and the summary.
    stats: Vec<StepStats>,
}

impl Recorder {
    /// Creates `dir` (if needed), writes `scene.csv` and step 0 of the trajectory, and
    /// opens `steps.csv`.
    pub fn create(dir: &Path, sim: &Simulation, title: &str) -> PyResult<Self> {
        std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        let mut trajectory = TrajectoryWriter::create(dir, sim.world()).map_err(|e| io(dir, e))?;
        trajectory.record_simulation(0, sim).map_err(|e| io(dir, e))?;
        let path = dir.join("steps.csv");
        let mut steps = BufWriter::new(File::create(&path).map_err(|e| io(&path, e))?);
        writeln!(steps, "{STEPS_HEADER}").map_err(|e| io(&path, e))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            title: title.to_string(),
            trajectory,
            steps,
            stats: Vec::new(),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Records the step `s` just taken by `sim`: its `steps.csv` row, the poses and the
    /// contacts that carried a force.
    pub fn record(&mut self, s: &StepStats, sim: &Simulation) -> PyResult<()> {
        self.trajectory
            .record_simulation(s.step, sim)
            .map_err(|e| io(&self.dir, e))?;
        writeln!(
            self.steps,
            "{},{},{},{},{},{},{},{},{},{},{},{},{}",
            s.step,
            s.time,
            s.contacts,
            s.newton_iterations,
            s.step_seconds,
            s.kinetic_energy,
            s.potential_energy,
            s.max_penetration,
            s.line_search_iterations,
            s.momentum_error,
            status_name(s),
            s.detection_seconds,
            s.solve_seconds
        )
        .map_err(|e| io(&self.dir.join("steps.csv"), e))?;
        self.stats.push(*s);
        Ok(())
    }

    /// Flushes the per-step files, then writes the plots (when a step was taken),
    /// `summary.md` and `view.html`. `sim` gives the bodies, time step and scheme.
    pub fn finish(mut self, sim: &Simulation) -> PyResult<()> {
        let dir = self.dir.clone();
        self.steps.flush().map_err(|e| io(&dir, e))?;
        self.trajectory.finish().map_err(|e| io(&dir, e))?;
        if !self.stats.is_empty() {
            step_plots(&self.stats, &self.title, &dir)?;
        }
        let settings = sim.settings();
        let dt = settings.time_step;
        let summary = format!(
            "# wolfe sim {}\n\n{} bodies, dt = {dt} s, {} ({} s simulated), single thread, \
             release build, run from Python.\n\n{}\n",
            self.title,
            sim.world().bodies().len(),
            settings.scheme.name(),
            self.stats.len() as f64 * dt,
            step_summary(&self.stats, dt)
        );
        let path = dir.join("summary.md");
        std::fs::write(&path, summary).map_err(|e| io(&path, e))?;
        // Every run folder gets its viewer page (issue 19), as `wolfe sim` writes it.
        wolfe_view::write_html(&dir).map_err(|e| PyOSError::new_err(format!("viewer page: {e}")))?;
        Ok(())
    }
}

/// The per-step plots of a run (SAP paper Fig. 9: iterations and time per step; the
/// energies), as `wolfe sim` draws them.
fn step_plots(stats: &[StepStats], title: &str, dir: &Path) -> PyResult<()> {
    let curve = |name: &str, f: &dyn Fn(&StepStats) -> f64| Curve {
        name: name.into(),
        points: stats.iter().map(|s| (s.time, f(s))).collect(),
        dashed: false,
    };
    let chart = |title: String, y_label: &str, series: Vec<Curve>| LineChart {
        title,
        x_label: "time (s)".into(),
        y_label: y_label.into(),
        log_x: false,
        log_y: false,
        series,
    };
    let plots = [
        (
            chart(
                format!("{title}: SAP Newton iterations per step"),
                "Newton iterations",
                vec![curve("iterations", &|s| f64::from(s.newton_iterations))],
            ),
            "iterations",
        ),
        (
            chart(
                format!("{title}: wall time per step"),
                "step time (ms)",
                vec![curve("step time", &|s| 1e3 * s.step_seconds)],
            ),
            "step-time",
        ),
        (
            chart(
                format!("{title}: energy"),
                "energy (J)",
                vec![
                    curve("kinetic", &|s| s.kinetic_energy),
                    curve("potential", &|s| s.potential_energy),
                    curve("total", &|s| s.kinetic_energy + s.potential_energy),
                ],
            ),
            "energy",
        ),
    ];
    for (chart, stem) in plots {
        chart
            .write(dir, stem)
            .map_err(|e| PyOSError::new_err(e.to_string()))?;
    }
    Ok(())
}

/// Whole-run and steady-state (second half) numbers of a run as a markdown table, as
/// `wolfe sim`'s `summary.md` has them.
fn step_summary(stats: &[StepStats], dt: f64) -> String {
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
