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
pub mod minkowski;
pub mod simplex;
