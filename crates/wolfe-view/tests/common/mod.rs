//! Runs that the tests write with wolfe-sim's trajectory writer, and the tools the
//! browser and glTF tests need (skipped with a message outside CI when missing).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use wolfe_sim::scenes::Clutter;
use wolfe_sim::trajectory::TrajectoryWriter;
use wolfe_sim::{SimSettings, Simulation, World};

/// Simulates `world` for `steps` steps, recording every step (poses and contacts)
/// into `dir`; returns the simulation at its end.
pub fn record(world: World, settings: SimSettings, steps: u64, dir: &Path) -> Simulation {
    let mut sim = Simulation::new(world, settings).expect("valid scene");
    let mut w = TrajectoryWriter::create(dir, sim.world()).expect("writable folder");
    w.record_simulation(0, &sim).expect("write");
    for k in 1..=steps {
        sim.step().expect("step");
        w.record_simulation(k, &sim).expect("write");
    }
    w.finish().expect("flush");
    sim
}

/// The clutter scene (SAP paper Section VI-C) with `bodies` bodies, `steps` steps of
/// 10 ms, recorded into `dir`.
pub fn clutter(bodies: usize, steps: u64, dir: &Path) -> Simulation {
    let (world, settings) = Clutter {
        bodies,
        ..Clutter::default()
    }
    .build()
    .expect("clutter");
    record(world, settings, steps, dir)
}

/// Whether the tests run in CI (where a missing tool is a failure, not a skip).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// `tool`'s path, or `None` after printing why the test is skipped; in CI a missing
/// tool fails the test.
pub fn require(tool: Option<PathBuf>, what: &str) -> Option<PathBuf> {
    match tool {
        Some(t) => Some(t),
        None if in_ci() => panic!("{what} is missing, and CI is set: .ci/run installs it"),
        None => {
            println!("SKIPPED: {what} is not installed (CI installs it; see .ci/run)");
            None
        }
    }
}

/// The folder of the viewer's npm package (`web/`).
pub fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web")
}

/// `node` on the PATH with the npm packages of `web/` installed (`npm ci` there).
pub fn node_with_packages(package: &str) -> Option<PathBuf> {
    if !web_dir().join("node_modules").join(package).is_dir() {
        return None;
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join("node"))
            .find(|p| p.is_file())
    })
}
