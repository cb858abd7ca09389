//! Fuzz target `obj`: see `wolfe_fuzz::obj` and docs/fuzzing.md.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| wolfe_fuzz::obj(data));
