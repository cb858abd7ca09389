//! The output folder of a `Simulation` run from Python: `steps.csv`, the trajectory
//! (`scene.csv`, `trajectory.csv`, `contacts.csv`, mesh OBJ files) and, for worlds with
//! robots, `joints.csv` while stepping; at `close()` `summary.md` and the viewer page
//! `view.html`. No plots: Python users plot `steps.csv` with matplotlib (the CLI's
//! `wolfe sim` adds PNG/SVG plots).
//!
//! The trajectory, the `steps.csv` row, the summary table and the viewer page come from
//! the same Rust functions as `wolfe sim`
//! (`wolfe_sim::trajectory::TrajectoryWriter::record_simulation`,
//! `wolfe_sim::record::{steps_row, joints_row, step_summary}`, `wolfe_view::write_html`).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use pyo3::exceptions::PyOSError;
use pyo3::PyResult;
use wolfe_sim::record::{joints_header, joints_row, step_summary, steps_row};
use wolfe_sim::trajectory::TrajectoryWriter;
use wolfe_sim::{Simulation, StepStats};

use crate::error::io;

/// `steps.csv`'s header, as `wolfe sim` writes it.
pub use wolfe_sim::record::STEPS_HEADER;

/// SAP's status as `steps.csv` spells it (`none` when no contact was solved).
pub fn status_name(s: &StepStats) -> String {
    wolfe_sim::record::status_name(s.sap_status)
}

/// A run's files, written step by step; [`Recorder::finish`] adds the summary and the
/// viewer page.
pub struct Recorder {
    dir: PathBuf,
    title: String,
    trajectory: TrajectoryWriter,
    steps: BufWriter<File>,
    /// `joints.csv`, for worlds with articulated trees.
    joints: Option<BufWriter<File>>,
    /// Every step's statistics, for the summary.
    stats: Vec<StepStats>,
}

impl Recorder {
    /// Creates `dir` (if needed), writes `scene.csv` and step 0 of the trajectory (and
    /// of `joints.csv` when the world has robots), and opens `steps.csv`.
    pub fn create(dir: &Path, sim: &Simulation, title: &str) -> PyResult<Self> {
        std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        let mut trajectory = TrajectoryWriter::create(dir, sim.world()).map_err(|e| io(dir, e))?;
        trajectory.record_simulation(0, sim).map_err(|e| io(dir, e))?;
        let path = dir.join("steps.csv");
        let mut steps = BufWriter::new(File::create(&path).map_err(|e| io(&path, e))?);
        writeln!(steps, "{STEPS_HEADER}").map_err(|e| io(&path, e))?;
        let joints = match joints_header(sim.world()) {
            None => None,
            Some(header) => {
                let path = dir.join("joints.csv");
                let mut out = BufWriter::new(File::create(&path).map_err(|e| io(&path, e))?);
                writeln!(out, "{header}\n{}", joints_row(0, sim)).map_err(|e| io(&path, e))?;
                Some(out)
            }
        };
        Ok(Self {
            dir: dir.to_path_buf(),
            title: title.to_string(),
            trajectory,
            steps,
            joints,
            stats: Vec::new(),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Records the step `s` just taken by `sim`: its `steps.csv` row, the poses and the
    /// contacts that carried a force, the robots' joints.
    pub fn record(&mut self, s: &StepStats, sim: &Simulation) -> PyResult<()> {
        self.trajectory
            .record_simulation(s.step, sim)
            .map_err(|e| io(&self.dir, e))?;
        writeln!(self.steps, "{}", steps_row(s)).map_err(|e| io(&self.dir.join("steps.csv"), e))?;
        if let Some(out) = &mut self.joints {
            writeln!(out, "{}", joints_row(s.step, sim)).map_err(|e| io(&self.dir.join("joints.csv"), e))?;
        }
        self.stats.push(*s);
        Ok(())
    }

    /// Flushes the per-step files, then writes `summary.md` and `view.html`. `sim` gives
    /// the bodies, time step and scheme.
    pub fn finish(mut self, sim: &Simulation) -> PyResult<()> {
        let dir = self.dir.clone();
        self.steps.flush().map_err(|e| io(&dir, e))?;
        if let Some(out) = &mut self.joints {
            out.flush().map_err(|e| io(&dir.join("joints.csv"), e))?;
        }
        self.trajectory.finish().map_err(|e| io(&dir, e))?;
        let settings = sim.settings();
        let dt = settings.time_step;
        let robots = match sim.world().trees().len() {
            0 => String::new(),
            1 => ", 1 robot".to_string(),
            n => format!(", {n} robots"),
        };
        let summary = format!(
            "# wolfe sim {}\n\n{} bodies{robots}, dt = {dt} s, {} ({} s simulated), single thread, \
             release build, run from Python.\n\n{}\n",
            self.title,
            sim.world().bodies().len(),
            settings.scheme.name(),
            self.stats.len() as f64 * dt,
            step_summary(&self.stats, dt)
        );
        let path = dir.join("summary.md");
        std::fs::write(&path, summary).map_err(|e| io(&path, e))?;
        // Every run folder gets its viewer page, as `wolfe sim` writes it.
        wolfe_view::write_html(&dir).map_err(|e| PyOSError::new_err(format!("viewer page: {e}")))?;
        Ok(())
    }
}
