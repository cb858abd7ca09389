//! The robot stepper that the Python package's `RobotWorld` and `RobotSimulation` still
//! wrap: worlds of kinematic trees (fixed-base robots from URDF, free objects as one-body
//! floating trees) with static geometry, stepped by SAP's Algorithm 1 (Castro et al.,
//! Sections II-C, II-D) with PD controllers and joint limits as SAP constraints (Section
//! VII). The library, the CLI and the robot scenes use the one simulator, `wolfe-sim`,
//! which holds everything this crate does; this crate goes once the Python classes move
//! onto it.
//!
//! - [`world`]: trees, collision geometry, controllers ([`RobotWorld`]).
//! - [`detect`] and [`narrow`]: contacts between all geometries (the only calls into
//!   wolfe's collision queries are in [`narrow`]).
//! - [`step`]: the time step ([`Simulator::step`]).
//! - [`record`]: the output folder (steps.csv, the trajectory of
//!   `docs/trajectory-format.md`, summary.md, view.html).

pub mod detect;
pub mod error;
pub mod narrow;
pub mod record;
pub mod step;
pub mod world;

pub use detect::{ContactObject, RobotContact};
pub use error::RobotError;
pub use record::Recorder;
pub use step::{contact_frame, Simulator, StepSettings, StepStats, TreeScheme};
pub use world::{Geometry, Owner, PdGains, RobotWorld, TreeEntry};
