//! Fuzz target `stl`: see `wolfe_fuzz::stl` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wolfe_fuzz::stl(data));
