//! Runs that the tests write with wolfe-sim's trajectory writer, and the tools the
//! browser and glTF tests need (skipped with a message outside CI when missing).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use nalgebra::Matrix3;
use wolfe::{Cuboid, Pose, Quat, Sphere, Vec3};
use wolfe_sim::trajectory::TrajectoryWriter;
use wolfe_sim::{Material, RigidBody, SimSettings, Simulation, StaticGeometry, World};

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

/// A pile like the clutter scene's (SAP paper Section VI-C): `bodies` spheres (5 cm
/// radius) and tilted boxes (10 cm) alternating, dropped in four columns into an 80 cm
/// container (the ground, then four walls), `steps` steps of 10 ms recorded into `dir`;
/// returns the simulation at its end.
pub fn clutter(bodies: usize, steps: u64, dir: &Path) -> Simulation {
    let mut world = World::default();
    world.add_ground(Material::default()).expect("ground");
    let (w, t, h) = (0.4, 0.025, 0.4);
    for (c, half) in [
        (Vec3::new(w + t, 0.0, h), [t, w + 2.0 * t, h]),
        (Vec3::new(-w - t, 0.0, h), [t, w + 2.0 * t, h]),
        (Vec3::new(0.0, w + t, h), [w + 2.0 * t, t, h]),
        (Vec3::new(0.0, -w - t, h), [w + 2.0 * t, t, h]),
    ] {
        let wall = Cuboid::new(half).expect("wall").into();
        world
            .add_static(StaticGeometry::Shape(
                wall,
                Pose::from_translation(c),
                Material::default(),
            ))
            .expect("wall");
    }
    let columns = [(-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)];
    for k in 0..bodies {
        let (x, y) = columns[k % 4];
        let center = Vec3::new(x, y, 0.1 + 0.2 * (k / 4) as f64);
        let body = if k % 2 == 0 {
            let m = 1000.0 * 4.0 / 3.0 * std::f64::consts::PI * 0.05f64.powi(3);
            let shape = Sphere::new(0.05).expect("sphere").into();
            let inertia = Matrix3::from_diagonal_element(0.4 * m * 0.05 * 0.05);
            RigidBody::new(
                format!("sphere{k}"),
                shape,
                m,
                inertia,
                Pose::from_translation(center),
            )
        } else {
            let shape = Cuboid::new([0.05; 3]).expect("box").into();
            let pose = Pose {
                rotation: Quat::from_euler_angles(0.3 * k as f64, 0.2, 0.1),
                translation: center,
            };
            let inertia = Matrix3::from_diagonal_element(1.0 * 0.01 / 6.0);
            RigidBody::new(format!("box{k}"), shape, 1.0, inertia, pose)
        };
        world.add_body(body).expect("body");
    }
    let settings = SimSettings {
        time_step: 0.01,
        margin: 0.02,
        ..SimSettings::default()
    };
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
