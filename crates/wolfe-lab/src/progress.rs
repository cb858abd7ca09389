//! Progress bars on stderr for anything longer than a second.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A progress bar of `len` steps on stderr when it is a terminal, a hidden one
/// otherwise (CI logs, pipes).
pub fn progress_bar(len: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_string());
    bar
}
