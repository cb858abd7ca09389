//! The integration tests of `wolfe-cli` as one test binary (one compile and one link
//! instead of one per file: the optimized test build is most of CI's time).

mod bench;
mod cli;
mod common;
mod query;
mod readme;
mod robot_view;
mod sim;
