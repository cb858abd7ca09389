//! `wolfe sim mjcf FILE`: a whole world from an MJCF scene file
//! ([`wolfe_sim::World::add_mjcf`]: free bodies, static geometry, robots with their
//! actuators as PD controllers, contact filters and excludes, couplings), run as the
//! other robot scenes are (the run folder: `steps.csv`, the trajectory, `view.html`,
//! `summary.md` with what was measured and what the file holds that is not modelled).

use std::path::PathBuf;

use wolfe_multibody::{load_mjcf, MjcfOptions};
use wolfe_sim::{MjcfWorldOptions, SimSettings, World};

use super::options::{io, SimRunError};
use super::robots::{run, SceneReport};

/// Options of [`mjcf_scene`].
#[derive(Clone, Debug, PartialEq)]
pub struct MjcfSceneOptions {
    /// The MJCF scene.
    pub file: PathBuf,
    /// Output folder.
    pub out: PathBuf,
    /// Simulated seconds (default 2).
    pub seconds: f64,
    /// Time step, s (default 1 ms).
    pub dt: f64,
    /// Feed forward gravity at the position actuators' targets (default false, as
    /// MuJoCo).
    pub gravity_compensation: bool,
}

impl MjcfSceneOptions {
    /// The scene `file` for 2 s at dt = 1 ms, writing to `out`.
    pub fn new(file: impl Into<PathBuf>, out: impl Into<PathBuf>) -> Self {
        Self {
            file: file.into(),
            out: out.into(),
            seconds: 2.0,
            dt: 1e-3,
            gravity_compensation: false,
        }
    }
}

/// Runs an MJCF scene (see the module docs); returns what it measured and the notes on
/// what was not modelled (also in `summary.md`). The joint error at rest is over the
/// first tree's controllers.
pub fn mjcf_scene(options: &MjcfSceneOptions) -> Result<(SceneReport, Vec<String>), SimRunError> {
    let (dt, seconds) = (options.dt, options.seconds);
    if !(dt.is_finite() && dt > 0.0 && seconds.is_finite() && seconds >= 0.0) {
        return Err(SimRunError::Option(format!(
            "dt = {dt} s must be finite and > 0, seconds = {seconds} finite and >= 0"
        )));
    }
    let mjcf = load_mjcf(&options.file, MjcfOptions::default())?;
    let mut world = World::default();
    let world_options = MjcfWorldOptions {
        gravity_compensation: options.gravity_compensation,
        ..Default::default()
    };
    let scene = world.add_mjcf(&mjcf, world_options)?;
    let notes: Vec<String> = mjcf.notes.iter().chain(&scene.notes).cloned().collect();
    let settings = SimSettings {
        time_step: dt,
        ..Default::default()
    };
    let controlled = world.trees().first().map_or(0, |t| t.controllers.len());
    let title = options
        .file
        .file_stem()
        .map_or("mjcf".into(), |s| s.to_string_lossy().into_owned());
    let steps = (seconds / dt).round() as u64;
    let report = run(world, settings, steps, &options.out, &title, controlled)?;
    if !notes.is_empty() {
        let path = options.out.join("summary.md");
        let text = std::fs::read_to_string(&path).map_err(io(&path))?;
        let list: String = notes.iter().map(|n| format!("- {n}\n")).collect();
        std::fs::write(&path, format!("{text}\n## Not modelled\n\n{list}")).map_err(io(&path))?;
    }
    Ok((report, notes))
}
