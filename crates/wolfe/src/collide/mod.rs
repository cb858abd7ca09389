//! The narrow phase: distance, collision, signed-distance, contact and growth queries
//! between posed convex shapes.

pub mod cache;
mod closed_form;
pub mod contact;
pub(crate) mod dispatch;
pub mod distance;
pub mod epa;
pub mod feature;
pub mod gjk;
pub mod growth;
pub mod halfspace;
pub(crate) mod minkowski;
/// Public only for the crate's own simplex oracle test and benchmark
/// (`tests/simplex_oracle.rs`, `benches/simplex.rs`), which are separate crates: not part
/// of the supported API.
#[doc(hidden)]
pub mod simplex;
