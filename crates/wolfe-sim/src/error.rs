//! Errors of the simulation crate.

use wolfe::WolfeError;
use wolfe_sap::SapError;

/// What went wrong when building a world or stepping it.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// A body parameter is out of range (mass, inertia, pose, velocity, ...).
    #[error("body {body} ({name}): {parameter} = {value} {reason}")]
    InvalidBody {
        /// Index of the body.
        body: usize,
        /// Its name.
        name: String,
        /// The parameter.
        parameter: &'static str,
        /// The offending value (a representative component).
        value: f64,
        /// What is required of it.
        reason: &'static str,
    },
    /// A spring refers to a missing body or has a bad parameter.
    #[error("spring {spring}: {reason}")]
    InvalidSpring {
        /// Index of the spring.
        spring: usize,
        /// What is wrong.
        reason: String,
    },
    /// A setting is out of range.
    #[error("setting {name} = {value}: {reason}")]
    InvalidSetting {
        /// The setting.
        name: &'static str,
        /// Its value.
        value: f64,
        /// What is required of it.
        reason: &'static str,
    },
    /// Two bodies (or a body and static geometry) overlap at the start by more than
    /// the allowed depth.
    #[error("{a} and {b} overlap at the start by {depth:.3e} m (allowed {allowed:.1e} m)")]
    InitialOverlap {
        /// The first object.
        a: String,
        /// The second object.
        b: String,
        /// The penetration depth, metres.
        depth: f64,
        /// The allowed depth, metres.
        allowed: f64,
    },
    /// The free-motion Newton iterations (Eq. 13) did not converge.
    #[error("free motion (Eq. 13) did not converge in {iterations} iterations (residual {residual:.3e})")]
    FreeMotionNotConverged {
        /// Iterations done.
        iterations: u32,
        /// Relative residual at the end.
        residual: f64,
    },
    /// The state became NaN or infinite.
    #[error("the state became non-finite at step {step}")]
    NonFiniteState {
        /// The step.
        step: u64,
    },
    /// A geometry query failed (bad shape or pose).
    #[error("geometry: {0}")]
    Geometry(#[from] WolfeError),
    /// The contact solver failed.
    #[error("contact solver: {0}")]
    Solver(#[from] SapError),
    /// A multibody model query failed (an articulated tree's kinematics or dynamics).
    #[error("multibody model: {0}")]
    Model(#[from] wolfe_multibody::ModelError),
    /// An argument is out of range (a tree, body or geometry index, a length, a gain).
    #[error("invalid {what}: {reason}")]
    Invalid {
        /// What was given.
        what: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// The simulation diverged: a runaway or non-finite state, a free-motion matrix that
    /// is not positive definite, or a SAP solve of articulated trees that reached its
    /// iteration limit.
    #[error("step {step} (t = {time} s) diverged: {reason}; try a smaller time step than dt = {dt} s")]
    Diverged {
        /// The step that failed (steps taken before it).
        step: u64,
        /// The time at its start, s.
        time: f64,
        /// The time step, s.
        dt: f64,
        /// What happened.
        reason: String,
    },
}

impl SimError {
    /// An [`SimError::Invalid`] error.
    pub(crate) fn invalid(what: &'static str, reason: impl Into<String>) -> Self {
        SimError::Invalid {
            what,
            reason: reason.into(),
        }
    }
}
