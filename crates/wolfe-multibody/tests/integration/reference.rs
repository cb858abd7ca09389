//! What the tests against other libraries share: the repository root, the reference
//! files they read (`tests/reference/NAME.json`, made by the scripts beside them) and
//! the relative error they measure.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The reference file `tests/reference/{name}.json`.
pub fn reference<T: DeserializeOwned>(name: &str) -> T {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/reference")
        .join(format!("{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()
}

/// `max |ours - theirs| / max |theirs|` (lengths equal).
pub fn rel_err(ours: &[f64], theirs: &[f64]) -> f64 {
    assert_eq!(ours.len(), theirs.len());
    let scale = theirs.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let diff = ours
        .iter()
        .zip(theirs)
        .fold(0.0f64, |m, (a, b)| m.max((a - b).abs()));
    diff / scale.max(f64::MIN_POSITIVE)
}
