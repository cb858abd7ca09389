//! The narrow phase: distance and collision queries between posed convex shapes.

mod closed_form;
pub mod gjk;
pub mod growth;
pub mod minkowski;
pub mod query;
pub mod simplex;
