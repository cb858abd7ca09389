//! `wolfe sim NAME`: run one of the papers' scenes and write its statistics, plots and
//! trajectory.
//!
//! Every scene writes into the output folder:
//! - `steps.csv`: one row per step, columns
//!   `step,time,contacts,newton_iterations,step_seconds,kinetic_energy,potential_energy,max_penetration,line_search_iterations,momentum_error,sap_status,detection_seconds,solve_seconds`
//!   (`step_seconds` is the wall time of the whole step: detection, free motion, SAP,
//!   positions);
//! - `iterations.png/svg` and `step-time.png/svg` (SAP paper Fig. 9), `energy.png/svg`;
//! - `scene.csv`, `trajectory.csv` (and mesh OBJ files): the trajectory, in the format
//!   documented in `wolfe_sim::trajectory`;
//! - `summary.md`: steady-state iterations, time per step, real-time factor,
//!   penetration.
//!
//! `spring-cylinder` also writes `energy-frictionless.*` and `energy-friction.*` (Fig. 5,
//! 6: total energy of symplectic Euler, implicit Euler and the midpoint rule),
//! `energy.csv` behind them, and `order.csv` (`scheme,dt,error`) with `order.*` (Fig. 7:
//! the L2 position error against the exact solution versus the time step).
//!
//! `clutter-scaling` and `clutter-slip` run the clutter studies instead (see
//! [`crate::sim_study`]).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use wolfe_sim::scenes::{Clutter, Polytopes, SpringCylinder};
use wolfe_sim::trajectory::TrajectoryWriter;
use wolfe_sim::{Scheme, SimError, SimSettings, Simulation, StepStats, World};

use crate::plot::{Curve, LineChart, PlotError};
use crate::sim_study::RunSummary;

/// Errors of `wolfe sim`.
#[derive(Debug, thiserror::Error)]
pub enum SimCliError {
    /// Building or stepping the simulation failed.
    #[error("simulation: {0}")]
    Sim(#[from] SimError),
    /// Writing an output file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A plot failed.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// A bad option.
    #[error("{0}")]
    Option(String),
}

/// The scenes of `wolfe sim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SceneName {
    /// SAP paper Section VI-B: a cylinder on a spring, rolling on the ground.
    SpringCylinder,
    /// SAP paper Section VI-C: spheres and boxes dropped into a container.
    Clutter,
    /// Growth-distance paper Fig. 6: random polytopes falling on the ground.
    Polytopes,
    /// SAP paper Section VI-C-1 (Fig. 11-12): clutter from 8 to 160 bodies, with and
    /// without walls (`crate::sim_study`).
    ClutterScaling,
    /// SAP paper Section VI-C-2 (Fig. 14-15): clutter slip speed and iterations over the
    /// slip parameter sigma (`crate::sim_study`).
    ClutterSlip,
}

/// Options of `wolfe sim`.
#[derive(Clone, Debug)]
pub struct SimOptions {
    /// The scene.
    pub scene: SceneName,
    /// Number of bodies (clutter: 40, polytopes: 50; ignored by spring-cylinder).
    pub bodies: Option<usize>,
    /// Simulated seconds (spring-cylinder 5, clutter 10, polytopes 10).
    pub seconds: Option<f64>,
    /// Clutter: a container with walls (default) or only the ground.
    pub walls: bool,
    /// Time step, s (default: the scene's).
    pub time_step: Option<f64>,
    /// Integration scheme (default: the scene's; spring-cylinder: midpoint).
    pub scheme: Option<Scheme>,
    /// Output folder (created).
    pub out: PathBuf,
    /// Studies (`clutter-scaling`, `clutter-slip`): sizes small enough for CI.
    pub quick: bool,
}

/// What a run produced.
#[derive(Debug)]
pub struct SimReport {
    /// The summary (also in `summary.md`).
    pub summary: String,
    /// Files written.
    pub files: Vec<PathBuf>,
}

/// Maps an I/O error on `path` to [`SimCliError::Io`].
pub(crate) fn io(path: &Path) -> impl Fn(std::io::Error) -> SimCliError + '_ {
    move |source| SimCliError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Runs a simulation of `steps` steps, writing `steps.csv` and the trajectory into
/// `dir`; `tick` is called after every step. Returns the per-step statistics.
pub fn simulate(
    world: World,
    settings: SimSettings,
    steps: usize,
    dir: &Path,
    mut tick: impl FnMut(),
) -> Result<Vec<StepStats>, SimCliError> {
    let mut sim = Simulation::new(world, settings)?;
    let mut trajectory = TrajectoryWriter::create(dir, sim.world()).map_err(io(dir))?;
    trajectory.record(0, 0.0, sim.poses()).map_err(io(dir))?;
    let path = dir.join("steps.csv");
    let mut out = BufWriter::new(File::create(&path).map_err(io(&path))?);
    writeln!(
        out,
        "step,time,contacts,newton_iterations,step_seconds,kinetic_energy,potential_energy,\
         max_penetration,line_search_iterations,momentum_error,sap_status,detection_seconds,solve_seconds"
    )
    .map_err(io(&path))?;
    let mut all = Vec::with_capacity(steps);
    for _ in 0..steps {
        let s = sim.step()?;
        trajectory.record(s.step, s.time, sim.poses()).map_err(io(dir))?;
        writeln!(
            out,
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
            s.sap_status
                .map_or("none".to_string(), |st| format!("{st:?}").to_lowercase()),
            s.detection_seconds,
            s.solve_seconds
        )
        .map_err(io(&path))?;
        all.push(s);
        tick();
    }
    out.flush().map_err(io(&path))?;
    trajectory.finish().map_err(io(dir))?;
    Ok(all)
}

/// The per-step plots (iterations, time, energy) of a run.
fn step_plots(stats: &[StepStats], title: &str, dir: &Path) -> Result<Vec<PathBuf>, SimCliError> {
    let curve = |name: &str, f: &dyn Fn(&StepStats) -> f64| Curve {
        name: name.into(),
        points: stats.iter().map(|s| (s.time, f(s))).collect(),
        dashed: false,
    };
    let mut files = LineChart {
        title: format!("{title}: SAP Newton iterations per step"),
        x_label: "time (s)".into(),
        y_label: "Newton iterations".into(),
        log_x: false,
        log_y: false,
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

/// Steady-state and whole-run numbers of a run, as a markdown table.
fn step_summary(stats: &[StepStats], dt: f64) -> String {
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

/// Runs `options.scene`; `progress(len)` gives a callback ticked per step.
pub fn run<P: FnMut()>(
    options: &SimOptions,
    mut progress: impl FnMut(usize) -> P,
) -> Result<SimReport, SimCliError> {
    std::fs::create_dir_all(&options.out).map_err(io(&options.out))?;
    if let Some(s) = options.seconds {
        if !(s.is_finite() && s > 0.0) {
            return Err(SimCliError::Option(format!(
                "--seconds {s}: must be finite and positive"
            )));
        }
    }
    let dir = &options.out;
    let (title, world, mut settings, seconds) = match options.scene {
        SceneName::SpringCylinder => {
            let scene = SpringCylinder::default();
            let (w, s) = scene.build(
                options.time_step.unwrap_or(0.02),
                options.scheme.unwrap_or(Scheme::Midpoint),
            )?;
            ("spring-cylinder (mu = 1)", w, s, options.seconds.unwrap_or(5.0))
        }
        SceneName::Clutter => {
            let scene = Clutter {
                bodies: options.bodies.unwrap_or(40),
                walls: options.walls,
                time_step: options.time_step.unwrap_or(0.01),
                ..Clutter::default()
            };
            let (w, s) = scene.build()?;
            ("clutter", w, s, options.seconds.unwrap_or(10.0))
        }
        SceneName::Polytopes => {
            let scene = Polytopes {
                bodies: options.bodies.unwrap_or(50),
                time_step: options.time_step.unwrap_or(1.0 / 240.0),
                ..Polytopes::default()
            };
            let (w, s) = scene.build()?;
            ("falling polytopes", w, s, options.seconds.unwrap_or(10.0))
        }
        SceneName::ClutterScaling => return crate::sim_study::scaling(options, &mut progress),
        SceneName::ClutterSlip => return crate::sim_study::slip(options, &mut progress),
    };
    if let Some(scheme) = options.scheme {
        settings.scheme = scheme;
    }
    let dt = settings.time_step;
    let steps = (seconds / dt).round().max(1.0) as usize;
    let bodies = world.bodies().len();
    let scheme = settings.scheme;
    let stats = simulate(world, settings, steps, dir, progress(steps))?;
    let mut files: Vec<PathBuf> = ["steps.csv", "scene.csv", "trajectory.csv"]
        .iter()
        .map(|f| dir.join(f))
        .collect();
    files.extend(step_plots(&stats, title, dir)?);
    let mut summary = format!(
        "# wolfe sim {}\n\n{bodies} bodies, dt = {dt} s, {} ({seconds} s simulated), single thread, \
         release build.\n\n{}\n",
        title,
        scheme.name(),
        step_summary(&stats, dt)
    );
    if options.scene == SceneName::SpringCylinder {
        let (text, more) = spring_cylinder_studies(dir, seconds, &mut progress)?;
        summary.push_str(&text);
        files.extend(more);
    }
    let path = dir.join("summary.md");
    std::fs::write(&path, &summary).map_err(io(&path))?;
    files.push(path);
    Ok(SimReport { summary, files })
}

/// The three implicit-family schemes of Fig. 5-7.
const STUDY_SCHEMES: [Scheme; 3] = [Scheme::SymplecticEuler, Scheme::ImplicitEuler, Scheme::Midpoint];

/// Fig. 5-7 of the SAP paper: energy of the three schemes with and without friction,
/// and the position error against the exact solution versus the time step.
fn spring_cylinder_studies<P: FnMut()>(
    dir: &Path,
    seconds: f64,
    progress: &mut impl FnMut(usize) -> P,
) -> Result<(String, Vec<PathBuf>), SimCliError> {
    let mut files = Vec::new();
    let path = dir.join("energy.csv");
    let mut energy_csv = BufWriter::new(File::create(&path).map_err(io(&path))?);
    writeln!(energy_csv, "scheme,friction,time,energy").map_err(io(&path))?;
    let mut text = String::from("## Spring-cylinder energy (Fig. 5, 6), dt = 0.02 s\n\n| friction | scheme | peak-to-peak energy / initial |\n|---|---|---|\n");
    for (friction, stem) in [(0.0, "energy-frictionless"), (1.0, "energy-friction")] {
        let scene = SpringCylinder {
            friction,
            ..SpringCylinder::default()
        };
        let mut series = Vec::new();
        for scheme in STUDY_SCHEMES {
            let (world, settings) = scene.build(0.02, scheme)?;
            let mut sim = Simulation::new(world, settings)?;
            let steps = (seconds / 0.02).round() as usize;
            let mut points = vec![(0.0, sim.kinetic_energy() + sim.potential_energy())];
            let mut tick = progress(steps);
            for _ in 0..steps {
                let s = sim.step()?;
                points.push((s.time, s.kinetic_energy + s.potential_energy));
                tick();
            }
            // Gravity potential is constant: show the spring and kinetic energy.
            let base = points[0].1 - 0.5 * scene.spring_stiffness * scene.x0 * scene.x0;
            for p in &mut points {
                p.1 -= base;
                writeln!(energy_csv, "{},{friction},{},{}", scheme.name(), p.0, p.1).map_err(io(&path))?;
            }
            let (lo, hi) = points
                .iter()
                .fold((f64::MAX, f64::MIN), |(l, h), p| (l.min(p.1), h.max(p.1)));
            text.push_str(&format!(
                "| {friction} | {} | {:.2e} |\n",
                scheme.name(),
                (hi - lo) / points[0].1
            ));
            series.push(Curve {
                name: scheme.name().into(),
                points,
                dashed: false,
            });
        }
        files.extend(
            LineChart {
                title: format!("spring-cylinder, mu = {friction}: total mechanical energy"),
                x_label: "time (s)".into(),
                y_label: "energy (J)".into(),
                log_x: false,
                log_y: false,
                series,
            }
            .write(dir, stem)?,
        );
    }
    energy_csv.flush().map_err(io(&path))?;
    files.push(path);
    // Fig. 7: L2 position error over T against x0 cos(omega t).
    let scene = SpringCylinder::default();
    let horizon = seconds;
    let dts = [0.02, 0.01, 0.005, 0.0025, 0.00125];
    let path = dir.join("order.csv");
    let mut order_csv = BufWriter::new(File::create(&path).map_err(io(&path))?);
    writeln!(order_csv, "scheme,dt,error").map_err(io(&path))?;
    text.push_str(&format!(
        "\n## Spring-cylinder convergence (Fig. 7), mu = 1, T = {horizon} s\n\n| scheme | {} | fitted order |\n|---|{}---|\n",
        dts.iter().map(|d| format!("dt = {d}")).collect::<Vec<_>>().join(" | "),
        "---|".repeat(dts.len())
    ));
    let mut series = Vec::new();
    for scheme in STUDY_SCHEMES {
        let mut points = Vec::new();
        for dt in dts {
            let (world, settings) = scene.build(dt, scheme)?;
            let mut sim = Simulation::new(world, settings)?;
            let steps = (horizon / dt).round() as usize;
            let mut err2 = 0.0;
            let mut tick = progress(steps);
            for _ in 0..steps {
                sim.step()?;
                let x = sim.poses()[0].translation.x;
                err2 += (x - scene.exact_x(sim.time())).powi(2) * dt;
                tick();
            }
            let error = (err2 / horizon).sqrt();
            writeln!(order_csv, "{},{dt},{error}", scheme.name()).map_err(io(&path))?;
            points.push((dt, error));
        }
        let order = fitted_slope(&points);
        text.push_str(&format!(
            "| {} | {} | {order:.2} |\n",
            scheme.name(),
            points
                .iter()
                .map(|p| format!("{:.2e}", p.1))
                .collect::<Vec<_>>()
                .join(" | ")
        ));
        series.push(Curve {
            name: scheme.name().into(),
            points,
            dashed: false,
        });
    }
    order_csv.flush().map_err(io(&path))?;
    files.push(path);
    // First- and second-order reference lines through the midpoint's coarsest error.
    let anchor = series[2].points[0];
    for (name, p) in [("first order", 1.0), ("second order", 2.0)] {
        series.push(Curve {
            name: name.into(),
            points: dts
                .iter()
                .map(|&d| (d, anchor.1 * (d / anchor.0).powf(p)))
                .collect(),
            dashed: true,
        });
    }
    files.extend(
        LineChart {
            title: "spring-cylinder (mu = 1): L2 position error".into(),
            x_label: "time step (s)".into(),
            y_label: "position error (m)".into(),
            log_x: true,
            log_y: true,
            series,
        }
        .write(dir, "order")?,
    );
    Ok((text, files))
}

/// Least-squares slope of log(error) against log(dt).
pub fn fitted_slope(points: &[(f64, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| p.0 > 0.0 && p.1 > 0.0)
        .map(|p| (p.0.ln(), p.1.ln()))
        .collect();
    let n = logs.len() as f64;
    let (mx, my) = (
        logs.iter().map(|p| p.0).sum::<f64>() / n,
        logs.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let cov: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let var: f64 = logs.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    cov / var
}
