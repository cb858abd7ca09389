//! wolfe as a robot simulator: worlds of kinematic trees (fixed-base robots from URDF,
//! free objects as one-body floating trees) with static geometry, stepped by SAP's
//! Algorithm 1 (Castro et al., Sections II-C, II-D) with PD controllers and joint limits
//! as SAP constraints (Section VII), and the robot scenes of issue 17.
//!
//! - [`world`]: trees, collision geometry, controllers ([`RobotWorld`]).
//! - [`detect`] and [`narrow`]: contacts between all geometries (the only calls into
//!   wolfe's collision queries are in [`narrow`]).
//! - [`step`]: the time step ([`Simulator::step`]).
//! - [`record`]: the output folder (steps.csv, the trajectory of
//!   `docs/trajectory-format.md`, summary.md, view.html).
//! - [`scenes`]: `panda-drop` and the generic URDF scene, the CLI's entry points.

pub mod detect;
pub mod error;
pub mod narrow;
pub mod pick;
pub mod record;
pub mod scenes;
pub mod step;
pub mod world;

pub use detect::{ContactObject, RobotContact};
pub use error::RobotError;
pub use pick::{panda_pick, PandaPickOptions, PickReport};
pub use record::Recorder;
pub use scenes::{panda_drop, panda_drop_world, urdf_scene, PandaDropOptions, SceneReport, UrdfSceneOptions};
pub use step::{contact_frame, Simulator, StepSettings, StepStats, TreeScheme};
pub use world::{Geometry, Owner, PdGains, RobotWorld, TreeEntry};
