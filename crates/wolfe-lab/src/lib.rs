//! The papers' experiments on wolfe, as a library that the `wolfe` command line, the
//! tests and the benches call: the problem-set format (`benchmark-format.md`), the
//! generators of the GJK++ paper, the benchmark suites, the simulation studies, and the
//! plots, tables and timing they share.
//!
//! Layers, each module importing only those below it:
//! - [`bench`](mod@bench) (`wolfe bench`: the GJK++, growth distance, SAP and peer experiments) and
//!   [`sim`] (`wolfe sim`: the papers' scenes and the clutter studies);
//! - [`run`] (`wolfe run`: one solver on one set) with [`summary`] (its statistics), and
//!   [`generate`] (`wolfe generate`: sets as in GJK++ Sec. IV);
//! - [`sim_settings`] (settings warned about before a simulation starts);
//! - [`problem_set`] (the file format), [`plot`], [`timing`], [`progress`].

pub mod bench;
pub mod generate;
pub mod plot;
pub mod problem_set;
pub mod progress;
pub mod run;
pub mod run_geometry;
pub mod sim;
pub mod sim_settings;
pub mod summary;
pub mod timing;

// Every ```rust block of docs/guide.md compiles and runs as a doc test of this crate,
// which depends on every crate the guide uses (wolfe-multibody as a dev-dependency).
#[doc = include_str!("../../../docs/guide.md")]
#[cfg(doctest)]
pub struct GuideDoctests;
