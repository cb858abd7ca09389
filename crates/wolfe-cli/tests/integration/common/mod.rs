//! Helpers shared by the end-to-end tests of the `wolfe` binary (each test file is its
//! own crate and uses only some of them).
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs the `wolfe` binary with `args` and waits for it.
pub fn wolfe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wolfe"))
        .args(args)
        .output()
        .expect("the wolfe binary runs")
}

/// Process output as text (lossy).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
