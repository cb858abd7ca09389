//! The narrow phase: distance and collision queries between posed convex shapes.

mod closed_form;
pub mod contact;
pub mod epa;
pub mod gjk;
pub mod growth;
pub mod halfspace;
pub mod manifold;
pub mod minkowski;
pub mod query;
pub mod signed_distance;
pub mod simplex;
