//! Fuzz target `urdf`: see `wolfe_fuzz::urdf` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wolfe_fuzz::urdf(data));
