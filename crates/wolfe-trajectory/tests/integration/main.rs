//! The integration tests of `wolfe-trajectory` as one test binary (one compile and one link
//! instead of one per file: the optimized test build is most of CI's time).

mod malformed;
mod patches;
mod roundtrip;
