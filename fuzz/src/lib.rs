//! wolfe's fuzz targets (issue 21): the entry points are in `entry.rs`, shared with the
//! regression replay test of `crates/wolfe-lab`. See docs/fuzzing.md.

/// wolfe-lab's problem-set reader, compiled here from its source: the instrumented
/// build then needs only its few dependencies (serde_json, csv), not wolfe-lab's
/// plotting and solver crates, which keeps the CI fuzz step within minutes.
#[path = "../../crates/wolfe-lab/src/problem_set/mod.rs"]
pub mod problem_set;

#[path = "entry.rs"]
mod entry;

pub use entry::*;
