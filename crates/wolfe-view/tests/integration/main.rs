//! The integration tests of `wolfe-view` as one test binary (one compile and one link
//! instead of one per file: the optimized test build is most of CI's time).

mod browser;
mod bundle;
mod common;
mod format;
mod gltf;
mod page;
