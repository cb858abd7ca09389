//! Paths of the repository's shipped data, and fresh folders for test outputs.

use std::path::{Path, PathBuf};

/// The repository root (two levels above this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The shipped YCB hulls, `data/ycb`.
pub fn ycb_dir() -> PathBuf {
    repo_root().join("data/ycb")
}

/// The shipped problem set `data/problem-sets/NAME`.
pub fn shipped_set(name: &str) -> PathBuf {
    repo_root().join("data/problem-sets").join(name)
}

/// A fresh, empty folder under the system's temporary folder, unique per `test` name
/// and process.
pub fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wolfe-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("cannot create a temporary folder");
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_data_is_found() {
        assert!(ycb_dir().join("025_mug.obj").is_file());
        assert!(shipped_set("primitives").join("problems.csv").is_file());
        let d = temp_dir("testkit-data");
        assert!(d.is_dir() && std::fs::read_dir(&d).unwrap().next().is_none());
        std::fs::remove_dir_all(d).unwrap();
    }
}
