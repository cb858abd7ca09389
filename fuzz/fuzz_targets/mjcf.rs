//! Fuzz target `mjcf`: see `wolfe_fuzz::mjcf` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wolfe_fuzz::mjcf(data));
