//! The integration tests of `wolfe-lab` as one test binary (one compile and one link
//! instead of one per file: the optimized test build is most of CI's time).

/// The fuzz targets' entry points (fuzz_regressions replays saved inputs through them,
/// long_property_run drives the query target's checks).
#[path = "../../../../fuzz/src/entry.rs"]
#[allow(dead_code)]
mod wolfe_fuzz;
/// What the entry points call `crate::problem_set`.
use wolfe_lab::problem_set;

mod bench_sap;
mod composite_vs_parry;
mod fuzz_regressions;
mod generate;
mod ipm_compare;
mod long_property_run;
mod marbles;
mod penetration_reference_sets;
mod problem_sets;
mod reference_sets;
mod robot_scenes;
mod soft_bubble;
mod spring_cylinder;
