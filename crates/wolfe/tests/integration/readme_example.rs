//! The README's Rust example, `examples/rust-user/src/main.rs` (a user's program: its own
//! workspace with a path dependency on this crate), compiled and run here against the
//! same public API, so that the test build checks it without a second build of the
//! dependencies. CI checks that its manifest and lock file resolve.

mod user_program {
    include!("../../../../examples/rust-user/src/main.rs");

    /// The program's `main`.
    pub(super) fn run() -> Result<(), Box<dyn std::error::Error>> {
        main()
    }
}

#[test]
fn the_readme_rust_example_runs_as_a_user_program() {
    user_program::run().expect("the README's Rust example runs");
}
