//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The repository's `data/problem-sets/NAME`.
pub fn shipped_set(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/problem-sets")
        .join(name)
}

/// The repository's `data/ycb`.
pub fn ycb_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ycb")
}

/// A fresh, empty directory under the system temp dir, unique per test and process.
pub fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wolfe-cli-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a set made of the given `shapes.json` and `problems.csv` texts.
pub fn write_set(test: &str, shapes: &str, problems: &str) -> PathBuf {
    let dir = temp_dir(test);
    std::fs::write(dir.join("shapes.json"), shapes).unwrap();
    std::fs::write(dir.join("problems.csv"), problems).unwrap();
    dir
}

/// The header of `problems.csv`.
pub const HEADER: &str = "id,shape_a,shape_b,ax,ay,az,aqw,aqx,aqy,aqz,bx,by,bz,bqw,bqx,bqy,bqz,dist,category";

/// A small valid shape table: two spheres.
pub const TWO_SPHERES: &str = r#"[
{"name": "s0", "type": "sphere", "radius": 0.5},
{"name": "s1", "type": "sphere", "radius": 0.25}
]"#;

/// A valid row for [`TWO_SPHERES`]: centres 2 m apart, distance 1.25.
pub const SPHERE_ROW: &str = "0,s0,s1,0,0,0,1,0,0,0,2,0,0,1,0,0,0,1.25,distant";

/// A copy of a shipped set with only its first `rows` problems.
pub fn subset(test: &str, name: &str, rows: usize) -> PathBuf {
    let src = shipped_set(name);
    let dir = temp_dir(test);
    std::fs::copy(src.join("shapes.json"), dir.join("shapes.json")).unwrap();
    if src.join("meshes").is_dir() {
        std::fs::create_dir(dir.join("meshes")).unwrap();
        for e in std::fs::read_dir(src.join("meshes")).unwrap() {
            let path = e.unwrap().path();
            std::fs::copy(&path, dir.join("meshes").join(path.file_name().unwrap())).unwrap();
        }
    }
    let text = std::fs::read_to_string(src.join("problems.csv")).unwrap();
    let lines: Vec<&str> = text.lines().take(rows + 1).collect();
    std::fs::write(dir.join("problems.csv"), lines.join("\n") + "\n").unwrap();
    dir
}
