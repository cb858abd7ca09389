//! Replays every saved fuzz input (issue 21) through the entry points of the fuzz
//! targets themselves (`fuzz/src/entry.rs`, included below), so that a failure found by
//! `cargo fuzz` stays fixed: `fuzz/regressions/TARGET/NAME` holds the inputs that once
//! failed, `fuzz/seeds/TARGET/` the valid seed inputs. See docs/fuzzing.md.
//!
//! An input that still fails is listed in [`OPEN`] and has its own `#[ignore]`d test
//! naming what fails; the test for its target skips it until the fix lands (then delete
//! its line in `OPEN` and the `#[ignore]`).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use crate::wolfe_fuzz;

/// Saved inputs that still fail today: (target, file name).
const OPEN: &[(&str, &str)] = &[];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `fuzz/KIND/TARGET/`, sorted (empty when the folder does not exist).
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir().join(kind).join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The entry point of a target. Query and OBJ inputs: saved regressions are checked
/// strictly (every case, `WOLFE_FUZZ_STRICT=1`), seeds as the fuzzer does by default
/// (query checks on moderate cases only, OBJ inputs with `/-` skipped).
fn entry(target: &str, strict: bool) -> fn(&[u8]) {
    match target {
        "obj" if strict => |d| wolfe_fuzz::obj_with(d, true),
        "obj" => |d| wolfe_fuzz::obj_with(d, false),
        "stl" => wolfe_fuzz::stl,
        "problem_set" => wolfe_fuzz::problem_set,
        "urdf" => wolfe_fuzz::urdf,
        "mjcf" => wolfe_fuzz::mjcf,
        "query" if strict => |d| wolfe_fuzz::query_with(d, true),
        "query" => |d| wolfe_fuzz::query_with(d, false),
        other => panic!("unknown fuzz target `{other}`"),
    }
}

const TARGETS: [&str; 6] = ["obj", "stl", "problem_set", "urdf", "mjcf", "query"];

/// Runs `files` through the target's entry point; returns the failures by file name.
fn replay(target: &str, files: &[PathBuf], strict: bool) -> Vec<String> {
    let run = entry(target, strict);
    let mut failures = Vec::new();
    for file in files {
        let data = std::fs::read(file).unwrap();
        if let Err(e) = catch_unwind(AssertUnwindSafe(|| run(&data))) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(format!("{}: {msg}", file.display()));
        }
    }
    failures
}

/// Replays one open input (for the `#[ignore]`d test of each entry of [`OPEN`]; none
/// is open now).
#[allow(dead_code)]
fn replay_open(target: &str, name: &str) {
    let file = fuzz_dir().join("regressions").join(target).join(name);
    let failures = replay(target, &[file], true);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_regression_input_passes() {
    let mut failures = Vec::new();
    let mut count = 0;
    for target in TARGETS {
        let files: Vec<PathBuf> = inputs("regressions", target)
            .into_iter()
            .filter(|f| {
                let name = f.file_name().unwrap().to_string_lossy();
                !OPEN.iter().any(|(t, n)| *t == target && *n == name)
            })
            .collect();
        count += files.len();
        failures.extend(replay(target, &files, true));
    }
    assert!(
        failures.is_empty(),
        "{} of {count} regression inputs fail: {failures:#?}",
        failures.len()
    );
}

#[test]
fn every_seed_input_passes() {
    let mut failures = Vec::new();
    for target in TARGETS {
        let files = inputs("seeds", target);
        assert!(!files.is_empty(), "no seed input for target {target}");
        failures.extend(replay(target, &files, false));
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn open_inputs_exist_and_every_target_folder_is_known() {
    for (target, name) in OPEN {
        assert!(
            fuzz_dir().join("regressions").join(target).join(name).is_file(),
            "OPEN names a missing file {target}/{name}"
        );
    }
    for kind in ["regressions", "seeds"] {
        for e in std::fs::read_dir(fuzz_dir().join(kind)).unwrap() {
            let e = e.unwrap();
            if !e.path().is_dir() {
                continue;
            }
            let name = e.file_name().to_string_lossy().to_string();
            assert!(
                TARGETS.contains(&name.as_str()),
                "fuzz/{kind}/{name} is no target"
            );
        }
    }
}

/// The seed inputs are what they claim: the shipped robots load, the seed meshes are
/// hulls (a replay that silently returned early would test nothing).
#[test]
fn seeds_reach_the_parsers() {
    for f in inputs("seeds", "obj") {
        assert!(wolfe::ConvexMesh::from_obj(&f).is_ok(), "{}", f.display());
    }
    for f in inputs("seeds", "stl") {
        assert!(wolfe::ConvexMesh::from_stl(&f).is_ok(), "{}", f.display());
    }
    for f in inputs("seeds", "urdf") {
        let data = std::fs::read(&f).unwrap();
        let text = std::str::from_utf8(&data[1..]).unwrap();
        let options = wolfe_multibody::UrdfOptions {
            floating_base: data[0] & 1 != 0,
            load_collision: data[0] & 2 != 0,
        };
        let r = wolfe_multibody::parse_urdf(text, &wolfe_fuzz::scratch_dir(), options);
        assert!(r.is_ok(), "{}: {:?}", f.display(), r.err());
    }
}
