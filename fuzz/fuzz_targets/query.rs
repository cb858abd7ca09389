//! Fuzz target `query`: see `wolfe_fuzz::query` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wolfe_fuzz::query(data));
