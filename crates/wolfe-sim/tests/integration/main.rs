//! The integration tests of `wolfe-sim` as one test binary (one compile and one link
//! instead of one per file: the optimized test build is most of CI's time).

mod batch;
mod composite;
mod couplers;
mod filters;
mod hydroelastic;
mod mjcf_world;
mod patches_recorded;
mod physics;
mod study_helpers;
mod trees;
