//! `wolfe sim NAME`: run one of the papers' scenes and write its statistics, plots and
//! trajectory.
//!
//! Every scene writes into the output folder:
//! - `steps.csv`: one row per step, columns
//!   `step,time,contacts,touching_pairs,newton_iterations,step_seconds,kinetic_energy,potential_energy,max_penetration,line_search_iterations,momentum_error,sap_status,detection_seconds,solve_seconds,total_newton_iterations,sap_islands`
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
//! [`study`]).

pub mod bowl;
pub mod ipm_compare;
mod mjcf;
mod options;
mod pick;
mod record;
pub mod robots;
pub mod scenes;
pub mod soft_bubble;
mod spring_cylinder;
pub mod study;

use std::path::PathBuf;

use crate::sim::scenes::{Clutter, Polytopes, SpringCylinder};
use wolfe_sim::Scheme;

pub use bowl::{marbles, marbles_world, MarblesOptions, MarblesReport};
pub use ipm_compare::{IpmComparison, IpmStep, IpmSummary};
pub use mjcf::{mjcf_scene, MjcfSceneOptions};
pub use options::{SceneName, SimOptions, SimReport, SimRunError};
pub use pick::{panda_pick, PandaPickOptions, PickReport};
pub use record::{
    simulate, step_plots, step_summary, steps_row, RunRecorder, RunSummary, DIVERGED_PENETRATION,
    STEPS_HEADER,
};
pub use robots::{panda_drop, panda_drop_world, urdf_scene, PandaDropOptions, SceneReport, UrdfSceneOptions};
pub use soft_bubble::{soft_bubble, SoftBubbleOptions, SoftBubbleReport};
pub use spring_cylinder::fitted_slope;

use options::io;
use spring_cylinder::spring_cylinder_studies;

/// Runs `options.scene`; `progress(len)` gives a callback ticked per step.
pub fn run<P: FnMut()>(
    options: &SimOptions, mut progress: impl FnMut(usize) -> P,
) -> Result<SimReport, SimRunError> {
    std::fs::create_dir_all(&options.out).map_err(io(&options.out))?;
    if let Some(s) = options.seconds {
        if !(s.is_finite() && s > 0.0) {
            return Err(SimRunError::Option(format!(
                "--seconds {s}: must be finite and positive"
            )));
        }
    }
    check_options(options)?;
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
                walls: options.walls.unwrap_or(true),
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
        SceneName::ClutterScaling => return study::scaling(options, &mut progress),
        SceneName::ClutterSlip => return study::slip(options, &mut progress),
    };
    if let Some(scheme) = options.scheme {
        settings.scheme = scheme;
    }
    if options.growth_contacts {
        settings.contact_query = wolfe_sim::detect::ContactQuery::GrowthDistance;
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

/// The most bodies a scene of `wolfe sim` builds.
pub const MAX_BODIES: usize = 10_000;

/// Rejects options that make no sense: a time step that is not finite and positive, and
/// options the scene does not use (`--bodies` for spring-cylinder, `--walls` outside
/// clutter).
fn check_options(options: &SimOptions) -> Result<(), SimRunError> {
    if let Some(dt) = options.time_step {
        if !(dt.is_finite() && dt > 0.0) {
            return Err(SimRunError::Option(format!(
                "--dt {dt}: the time step must be finite and positive (seconds)"
            )));
        }
    }
    let scene = clap::ValueEnum::to_possible_value(&options.scene)
        .map_or_else(|| format!("{:?}", options.scene), |v| v.get_name().to_string());
    if let Some(n) = options.bodies.filter(|&n| n == 0 || n > MAX_BODIES) {
        return Err(SimRunError::Option(format!(
            "--bodies {n}: {scene} takes 1 to {MAX_BODIES} bodies (checked before anything is \
             allocated: a larger scene would not fit in memory)"
        )));
    }
    if options.scene == SceneName::SpringCylinder && options.bodies.is_some() {
        return Err(SimRunError::Option(format!(
            "--bodies does not apply to {scene}: the scene has one cylinder"
        )));
    }
    if options.scene != SceneName::Clutter && options.walls.is_some() {
        return Err(SimRunError::Option(format!(
            "--walls / --no-walls do not apply to {scene}: only clutter has a choice of walls"
        )));
    }
    Ok(())
}
