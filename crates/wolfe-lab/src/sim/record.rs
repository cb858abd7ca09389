//! One run's records: `steps.csv` and the trajectory while stepping, then the per-step
//! plots; the run's numbers and their table are `wolfe_sim::record`'s (shared with the
//! Python package).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

pub use wolfe_sim::record::{joints_header, joints_row, step_summary, steps_row, RunSummary, STEPS_HEADER};
use wolfe_sim::trajectory::TrajectoryWriter;
use wolfe_sim::{SimSettings, Simulation, StepStats, World};

use super::options::{io, SimRunError};
use crate::plot::Chart;
use crate::plot::{Curve, LineChart};

/// Runs a simulation of `steps` steps, writing `steps.csv`, the trajectory (with the
/// contacts and any contact patches) and the viewer page `view.html` into `dir`; `tick` is called after every
/// step. Returns the per-step statistics.
///
/// Stops with [`SimRunError::Diverged`] when the simulation blows up (a time step far too
/// large): a non-finite state, or a penetration deeper than [`DIVERGED_PENETRATION`]
/// times the scene's size (the diagonal of the bodies' initial positions' bounding box,
/// at least 1 m).
pub fn simulate(
    world: World, settings: SimSettings, steps: usize, dir: &Path, mut tick: impl FnMut(),
) -> Result<Vec<StepStats>, SimRunError> {
    let mut sim = Simulation::new(world, settings)?;
    let mut recorder = RunRecorder::create(dir, &sim)?;
    let mut all = Vec::with_capacity(steps);
    for _ in 0..steps {
        let s = sim.step()?;
        recorder.record(&sim, &s)?;
        all.push(s);
        tick();
    }
    recorder.finish()?;
    Ok(all)
}

/// A run's folder written step by step: `steps.csv` (one [`steps_row`] per step), the
/// trajectory with its contacts (and, for worlds with hydroelastic pairs, the contact
/// patches' polygons in `patches.csv`: [`TrajectoryWriter::record_simulation`]) and,
/// for worlds with articulated trees, `joints.csv`
/// ([`joints_header`], one [`joints_row`] per step: `step,time`, then `q_JOINT` and
/// `v_JOINT` of every movable joint of every tree, in URDF file order);
/// [`RunRecorder::finish`] adds the viewer page. Every recorded step is first checked
/// for divergence: [`SimRunError::Diverged`] for a non-finite state or a penetration
/// deeper than [`DIVERGED_PENETRATION`] times the scene's size, so that no scene writes
/// a blown-up run and exits successfully.
pub struct RunRecorder {
    dir: PathBuf,
    scene_size: f64,
    trajectory: TrajectoryWriter,
    steps: BufWriter<File>,
    joints: Option<BufWriter<File>>,
}

impl RunRecorder {
    /// Creates `dir` if needed, opens the files in it and records the initial state of
    /// `sim`. Warns on stderr first when the time step is far beyond the scene's contact
    /// time scale ([`crate::sim_settings::dt_warning`]).
    pub fn create(dir: &Path, sim: &Simulation) -> Result<Self, SimRunError> {
        Self::create_with_columns(dir, sim, &[])
    }

    /// As [`RunRecorder::create`], with a scene's own columns after the standard ones
    /// in `steps.csv` (their values come with [`RunRecorder::record_with`]).
    pub fn create_with_columns(dir: &Path, sim: &Simulation, columns: &[&str]) -> Result<Self, SimRunError> {
        if let Some(w) = crate::sim_settings::dt_warning(sim.world(), sim.settings().time_step) {
            eprintln!("warning: {w}");
        }
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        let mut trajectory = TrajectoryWriter::create(dir, sim.world()).map_err(io(dir))?;
        trajectory.record_simulation(0, sim).map_err(io(dir))?;
        let path = dir.join("steps.csv");
        let mut steps = BufWriter::new(File::create(&path).map_err(io(&path))?);
        let extra: String = columns.iter().map(|c| format!(",{c}")).collect();
        writeln!(steps, "{STEPS_HEADER}{extra}").map_err(io(&path))?;
        let joints = match joints_header(sim.world()) {
            None => None,
            Some(header) => {
                let path = dir.join("joints.csv");
                let mut out = BufWriter::new(File::create(&path).map_err(io(&path))?);
                writeln!(out, "{header}").map_err(io(&path))?;
                Some(out)
            }
        };
        let mut recorder = Self {
            dir: dir.to_path_buf(),
            scene_size: scene_size(sim.world()),
            trajectory,
            steps,
            joints,
        };
        recorder.record_joints(0, sim)?;
        Ok(recorder)
    }

    /// Appends the trees' joint positions and velocities now to `joints.csv`.
    fn record_joints(&mut self, step: u64, sim: &Simulation) -> Result<(), SimRunError> {
        let Some(out) = &mut self.joints else {
            return Ok(());
        };
        writeln!(out, "{}", joints_row(step, sim)).map_err(io(&self.dir))
    }

    /// Appends the state of `sim` after the step that reported `stats`.
    /// Fails with [`SimRunError::Diverged`] (writing nothing) when the step diverged.
    pub fn record(&mut self, sim: &Simulation, stats: &StepStats) -> Result<(), SimRunError> {
        self.record_with(sim, stats, &[])
    }

    /// As [`RunRecorder::record`], with the values of the scene's own columns (as many
    /// as [`RunRecorder::create_with_columns`] named).
    pub fn record_with(
        &mut self, sim: &Simulation, stats: &StepStats, values: &[f64],
    ) -> Result<(), SimRunError> {
        check_diverged(stats, sim, self.scene_size, sim.settings().time_step)?;
        self.trajectory
            .record_simulation(stats.step, sim)
            .map_err(io(&self.dir))?;
        write!(self.steps, "{}", steps_row(stats)).map_err(io(&self.dir))?;
        for v in values {
            write!(self.steps, ",{v}").map_err(io(&self.dir))?;
        }
        writeln!(self.steps).map_err(io(&self.dir))?;
        self.record_joints(stats.step, sim)
    }

    /// Flushes the files and writes the viewer page `view.html`; returns its path.
    pub fn finish(mut self) -> Result<PathBuf, SimRunError> {
        self.steps.flush().map_err(io(&self.dir))?;
        if let Some(joints) = &mut self.joints {
            joints.flush().map_err(io(&self.dir))?;
        }
        self.trajectory.finish().map_err(io(&self.dir))?;
        Ok(wolfe_view::write_html(&self.dir)?)
    }
}

/// Penetration, as a fraction of the scene's size, beyond which a run counts as diverged.
/// Compliant contact allows sub-millimetre overlaps; half the scene is a blow-up.
pub const DIVERGED_PENETRATION: f64 = 0.5;

/// The diagonal of the bounding box of the bodies' initial positions, at least 1 m.
fn scene_size(world: &World) -> f64 {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for b in world.bodies() {
        for k in 0..3 {
            lo[k] = lo[k].min(b.pose.translation[k]);
            hi[k] = hi[k].max(b.pose.translation[k]);
        }
    }
    let diag = (0..3).map(|k| (hi[k] - lo[k]).powi(2)).sum::<f64>().sqrt();
    if diag.is_finite() {
        diag.max(1.0)
    } else {
        1.0
    }
}

/// [`SimRunError::Diverged`] when the step's state is not finite or a penetration is
/// deeper than [`DIVERGED_PENETRATION`] `* scene_size`.
fn check_diverged(
    s: &StepStats, sim: &Simulation, scene_size: f64, time_step: f64,
) -> Result<(), SimRunError> {
    let diverged = |what: String| SimRunError::Diverged {
        step: s.step,
        time: s.time,
        what,
        time_step,
    };
    let finite = sim.world().bodies().iter().all(|b| {
        b.pose.translation.iter().all(|v| v.is_finite())
            && b.pose.rotation.coords.iter().all(|v| v.is_finite())
            && b.linear_velocity.iter().all(|v| v.is_finite())
            && b.angular_velocity.iter().all(|v| v.is_finite())
    });
    if !finite || !s.kinetic_energy.is_finite() || !s.max_penetration.is_finite() {
        return Err(diverged("the state is no longer finite".into()));
    }
    let bound = DIVERGED_PENETRATION * scene_size;
    if s.max_penetration > bound {
        return Err(diverged(format!(
            "a penetration of {:.3} m, more than {bound:.3} m ({DIVERGED_PENETRATION} x the scene size)",
            s.max_penetration
        )));
    }
    Ok(())
}

/// The per-step plots (iterations, time, energy) of a run: `iterations.*`,
/// `step-time.*` and `energy.*` in `dir` (PNG and SVG); returns the files written.
pub fn step_plots(stats: &[StepStats], title: &str, dir: &Path) -> Result<Vec<PathBuf>, SimRunError> {
    let curve = |name: &str, f: &dyn Fn(&StepStats) -> f64| Curve {
        name: name.into(),
        points: stats.iter().map(|s| (s.time, f(s))).collect(),
        dashed: false,
        color: None,
    };
    let mut files = LineChart {
        title: format!("{title}: SAP Newton iterations per step"),
        x_label: "time (s)".into(),
        y_label: "Newton iterations".into(),
        log_x: false,
        log_y: false,
        x_ticks: Vec::new(),
        series: vec![curve("iterations", &|s| f64::from(s.newton_iterations))],
    }
    .write(dir, "iterations")?;
    files.extend(
        LineChart {
            title: format!("{title}: wall time per step"),
            x_label: "time (s)".into(),
            y_label: "step time (ms)".into(),
            log_x: false,
            log_y: false,
            x_ticks: Vec::new(),
            series: vec![curve("step time", &|s| 1e3 * s.step_seconds)],
        }
        .write(dir, "step-time")?,
    );
    files.extend(
        LineChart {
            title: format!("{title}: energy"),
            x_label: "time (s)".into(),
            y_label: "energy (J)".into(),
            log_x: false,
            log_y: false,
            x_ticks: Vec::new(),
            series: vec![
                curve("kinetic", &|s| s.kinetic_energy),
                curve("potential", &|s| s.potential_energy),
                curve("total", &|s| s.kinetic_energy + s.potential_energy),
            ],
        }
        .write(dir, "energy")?,
    );
    Ok(files)
}
