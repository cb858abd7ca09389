//! The library behind the `wolfe` command line: reading and writing problem sets
//! (`benchmark-format.md`), running and timing the GJK family on them, and generating
//! sets as in the GJK++ paper.
//!
//! One module per job: [`problem_set`] (the file format), [`timing`] (the timing
//! method), [`run`] (`wolfe run`), [`summary`] (its printed statistics), [`generate`]
//! (`wolfe generate`).

pub mod bench;
pub mod bench_sap;
pub mod generate;
pub mod plot;
pub mod problem_set;
pub mod progress;
pub mod run;
pub mod sim;
pub mod sim_study;
pub mod summary;
pub mod timing;
