//! Problem sets for tests of the set format (`docs/benchmark-format.md`): hand-written
//! sets and cut-down copies of the shipped ones.

use std::path::PathBuf;

use crate::data::{shipped_set, temp_dir};

/// The header of `problems.csv`, as the format document writes it.
pub const HEADER: &str = "id,shape_a,shape_b,ax,ay,az,aqw,aqx,aqy,aqz,bx,by,bz,bqw,bqx,bqy,bqz,dist,category";

/// A small valid shape table: two spheres, `s0` (radius 0.5) and `s1` (0.25).
pub const TWO_SPHERES: &str = r#"[
{"name": "s0", "type": "sphere", "radius": 0.5},
{"name": "s1", "type": "sphere", "radius": 0.25}
]"#;

/// A valid row for [`TWO_SPHERES`]: centres 2 m apart, distance 1.25.
pub const SPHERE_ROW: &str = "0,s0,s1,0,0,0,1,0,0,0,2,0,0,1,0,0,0,1.25,distant";

/// A fresh folder (see [`temp_dir`]) holding a set made of the given `shapes.json` and
/// `problems.csv` texts.
pub fn write_set(test: &str, shapes: &str, problems: &str) -> PathBuf {
    let dir = temp_dir(test);
    std::fs::write(dir.join("shapes.json"), shapes).expect("cannot write shapes.json");
    std::fs::write(dir.join("problems.csv"), problems).expect("cannot write problems.csv");
    dir
}

/// A fresh copy of the shipped set `name` (meshes included) with only its first `rows`
/// problems.
pub fn subset(test: &str, name: &str, rows: usize) -> PathBuf {
    let src = shipped_set(name);
    let dir = temp_dir(test);
    std::fs::copy(src.join("shapes.json"), dir.join("shapes.json")).expect("cannot copy shapes.json");
    if src.join("meshes").is_dir() {
        std::fs::create_dir(dir.join("meshes")).expect("cannot create meshes/");
        for e in std::fs::read_dir(src.join("meshes")).expect("cannot list meshes/") {
            let path = e.expect("cannot list meshes/").path();
            let name = path.file_name().expect("a file name");
            std::fs::copy(&path, dir.join("meshes").join(name)).expect("cannot copy a mesh");
        }
    }
    let text = std::fs::read_to_string(src.join("problems.csv")).expect("cannot read problems.csv");
    let lines: Vec<&str> = text.lines().take(rows + 1).collect();
    std::fs::write(dir.join("problems.csv"), lines.join("\n") + "\n").expect("cannot write problems.csv");
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_the_shipped_sets_header_and_subsets_keep_it() {
        let dir = subset("testkit-subset", "primitives", 3);
        let text = std::fs::read_to_string(dir.join("problems.csv")).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], HEADER);
        assert_eq!(SPHERE_ROW.split(',').count(), HEADER.split(',').count());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
