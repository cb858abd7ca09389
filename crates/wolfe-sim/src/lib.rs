//! Rigid-body simulation with convex compliant contact: the SAP time stepper of
//! Castro, Permenter and Han, "An Unconstrained Convex Formulation of Compliant
//! Contact" (Sections II and VI), on wolfe's geometry.
//!
//! One step (Algorithm 1 of the paper):
//! 1. **Contact detection** at the previous configuration `q0` ([`detect`]): candidate
//!    pairs from the broad phase, then contact manifolds from the narrow phase (GJK,
//!    EPA, face clipping; half-spaces in closed form) within a margin, each point with
//!    its contact frame (z along the normal) and signed distance `phi0`.
//! 2. **Free motion** ([`step`]): the velocities `v*` without contact, from the
//!    theta-method momentum balance `m(v*) = 0` (Eqs. 13-14), solved by Newton
//!    iterations with the SPD approximation `A` of its Jacobian (Eq. 15).
//! 3. **Contact solve**: SAP (crate `wolfe_sap`) on `A (v - v*) = J^T gamma` with the
//!    compliant contact constraints, warm-started from the previous velocities.
//! 4. **Positions** `q = q0 + dt N(q^theta) v^theta_vq` (Eqs. 11-12), with rotations
//!    advanced on the unit quaternions by the exponential map.
//!
//! - [`body`]: rigid bodies, joints (free, planar), contact materials.
//! - [`world`]: bodies, static geometry (half-spaces, posed shapes), springs.
//! - [`mjcf_world`]: a whole world from an MJCF scene.
//! - [`detect`]: broad and narrow phase per step, contact Jacobians.
//! - [`step`]: the theta-method schemes and the [`Simulation`] stepper.
//! - [`record`]: a run's `steps.csv` rows and summary numbers.
//! - [`trajectory`]: the trajectory file a viewer can play.
//! - [`batch`]: many independent worlds stepped in parallel ([`Batch`]).

pub mod batch;
pub mod body;
pub mod detect;
pub mod error;
pub mod filter;
mod forces;
pub mod hydroelastic;
pub mod mjcf_world;
pub mod record;
pub mod settings;
pub mod step;
pub mod trajectory;
pub mod tree;
pub mod world;

pub use batch::{Batch, BatchLayout, Rollout, WorldFailure, STAT_COLUMNS};
pub use body::{Joint, Material, RigidBody};
pub use detect::{ContactPatches, PatchPolygon};
pub use error::SimError;
pub use hydroelastic::Hydroelastic;
pub use mjcf_world::{MjcfScene, MjcfWorldOptions};
pub use step::{Scheme, SimSettings, Simulation, StepStats};
pub use tree::{ArticulatedTree, CollisionFilter, JointCoupler, LinkGeometry, PdGains};
pub use world::{Collider, ExcludedBody, Spring, SpringAnchor, StaticGeometry, World};
