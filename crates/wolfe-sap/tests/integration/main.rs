//! The integration tests of `wolfe-sap` as one test binary (one compile and one link
//! instead of one per file: the optimized test build is most of CI's time).

mod clarabel;
mod common;
mod cone;
mod coupler;
mod extreme_inputs;
mod initial_guess;
mod islands;
mod joint;
mod mixed;
mod physics;
mod refill;
mod solver;
mod step_derivative;
