//! The errors of the robot simulator.

use thiserror::Error;

/// Everything that can go wrong building or stepping a robot world, or writing a scene.
#[derive(Debug, Error)]
pub enum RobotError {
    /// A geometry query failed (bad shape, bad settings).
    #[error("geometry: {0}")]
    Geometry(#[from] wolfe::WolfeError),
    /// A kinematic-tree query failed (bad configuration size, bad model).
    #[error("multibody model: {0}")]
    Model(#[from] wolfe_multibody::ModelError),
    /// The URDF could not be loaded.
    #[error("URDF: {0}")]
    Urdf(#[from] wolfe_multibody::UrdfError),
    /// The SAP problem was invalid or the solver failed.
    #[error("SAP: {0}")]
    Sap(#[from] wolfe_sap::SapError),
    /// The step diverged: a non-finite state, or a free-motion matrix that is not
    /// positive definite.
    #[error("step {step} (t = {time} s) diverged: {reason}; try a smaller time step than dt = {dt} s")]
    Diverged {
        /// The step that failed (0-based).
        step: u64,
        /// Simulated time at its start, s.
        time: f64,
        /// The time step, s.
        dt: f64,
        /// What was found.
        reason: String,
    },
    /// A setting or input out of range.
    #[error("invalid {what}: {reason}")]
    Invalid {
        /// The setting or input.
        what: &'static str,
        /// Why it is invalid.
        reason: String,
    },
    /// A file could not be written or read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The viewer page could not be written.
    #[error("viewer: {0}")]
    View(#[from] wolfe_view::ViewError),
}

impl RobotError {
    pub(crate) fn io(path: &std::path::Path) -> impl Fn(std::io::Error) -> RobotError + '_ {
        move |source| RobotError::Io {
            path: path.display().to_string(),
            source,
        }
    }

    pub(crate) fn invalid(what: &'static str, reason: impl Into<String>) -> Self {
        RobotError::Invalid {
            what,
            reason: reason.into(),
        }
    }
}
