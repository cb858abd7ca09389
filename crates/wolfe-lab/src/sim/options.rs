//! What `wolfe sim` takes and gives: the scenes, the options, the report, the errors.

use std::path::{Path, PathBuf};

use wolfe_sim::{Scheme, SimError};

use crate::plot::PlotError;

/// Errors of `wolfe sim`.
#[derive(Debug, thiserror::Error)]
pub enum SimRunError {
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
    /// Writing the viewer page failed.
    #[error("viewer page: {0}")]
    View(#[from] wolfe_view::ViewError),
    /// The interior-point solver of the solver comparison refused a problem or its
    /// settings.
    #[error("interior-point comparison: {0}")]
    Conic(#[from] wolfe_sap::conic::ConicError),
    /// A bad option.
    #[error("{0}")]
    Option(String),
    /// Loading a robot failed.
    #[error("URDF: {0}")]
    Urdf(#[from] wolfe_multibody::UrdfError),
    /// Loading an MJCF scene failed.
    #[error("MJCF: {0}")]
    Mjcf(#[from] wolfe_multibody::MjcfError),
    /// The simulation blew up: the state is no longer finite or bodies sank far into
    /// each other or the ground. A smaller time step usually cures it.
    #[error(
        "the simulation diverged at step {step} (t = {time} s): {what}; \
         try a smaller time step (--dt, now {time_step} s)"
    )]
    Diverged {
        /// The step at which it was detected.
        step: u64,
        /// Simulated time at that step, s.
        time: f64,
        /// What was seen.
        what: String,
        /// The time step run, s.
        time_step: f64,
    },
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
    /// without walls.
    ClutterScaling,
    /// SAP paper Section VI-C-2 (Fig. 14-15): clutter slip speed and iterations over the
    /// slip parameter sigma.
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
    /// Clutter: a container with walls (`None`: the default, walls) or only the ground;
    /// rejected for the other scenes.
    pub walls: Option<bool>,
    /// Time step, s (default: the scene's).
    pub time_step: Option<f64>,
    /// Integration scheme (default: the scene's; spring-cylinder: midpoint).
    pub scheme: Option<Scheme>,
    /// Output folder (created).
    pub out: PathBuf,
    /// Studies (`clutter-scaling`, `clutter-slip`): sizes small enough for CI.
    pub quick: bool,
    /// Scenes: contacts of bounded pairs from growth distance
    /// ([`wolfe_sim::detect::ContactQuery::GrowthDistance`]) instead of signed distance.
    pub growth_contacts: bool,
}

/// What a run produced.
#[derive(Debug)]
pub struct SimReport {
    /// The summary (also in `summary.md`).
    pub summary: String,
    /// Files written.
    pub files: Vec<PathBuf>,
}

/// Maps an I/O error on `path` to [`SimRunError::Io`].
pub(crate) fn io(path: &Path) -> impl Fn(std::io::Error) -> SimRunError + '_ {
    move |source| SimRunError::Io {
        path: path.to_path_buf(),
        source,
    }
}
