//! Fuzz target `problem_set`: see `wolfe_fuzz::problem_set` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wolfe_fuzz::problem_set(data));
