//! Records a box falling onto the ground (a hand-written free fall stopped at the
//! ground, no simulator needed) the way a simulator records a run, then reads it back.
//!
//! `cargo run -p wolfe-trajectory --example falling_box -- [DIR]` (default: a folder in
//! the system's temporary directory); `wolfe view DIR` then draws it.

use std::path::PathBuf;

use wolfe::{Cuboid, HalfSpace, Pose, Quat, Shape, Vec3};
use wolfe_trajectory::{Body, ContactRecord, Recording, SceneWriter, TrajectoryError};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| std::env::temp_dir().join("wolfe-falling-box"), PathBuf::from);
    let half = 0.05;
    let shape: Shape = Cuboid::new([half; 3])?.into();
    let mass = 1.0;

    // The scene, once: the bodies first (their shape pose in the body frame), then
    // the static geometry (its pose in the world).
    let mut scene = SceneWriter::create(&dir)?;
    let body = scene.body(&Body {
        name: "box",
        shape: &shape,
        shape_pose: Pose::identity(),
        mass: Some(mass),
        visual: None,
    })?;
    let ground = scene.half_space("ground", &HalfSpace::new(Vec3::z(), 0.0)?)?;
    let mut run = scene.finish()?;

    // The steps: step 0 is the initial state; each later one ends at `time`.
    let (dt, g) = (0.01, 9.81);
    let tilt = Quat::from_euler_angles(0.0, 0.0, 0.3);
    let (mut z, mut vz) = (0.5, 0.0);
    for step in 0..=50u64 {
        let time = step as f64 * dt;
        if step > 0 {
            vz -= g * dt;
            z = (z + vz * dt).max(half);
        }
        run.frame(step, time, &[Pose::new(Vec3::new(0.0, 0.0, z), tilt)])?;
        if z == half {
            vz = 0.0;
            // Resting: the ground carries the weight through four corner contacts.
            for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                let corner = tilt * Vec3::new(x * half, y * half, 0.0);
                run.contact(
                    step,
                    time,
                    &ContactRecord {
                        a: ground,
                        b: body,
                        point: [corner.x, corner.y, 0.0],
                        normal: [0.0, 0.0, 1.0],
                        normal_force: mass * g / 4.0,
                        friction_force: 0.0,
                    },
                )?;
            }
        }
    }
    run.finish()?;

    let rec = Recording::read(&dir).map_err(|e: TrajectoryError| e.to_string())?;
    let last = rec.frames.last().ok_or("no frames")?;
    let support: f64 = last.contacts.iter().map(|c| c.normal_force).sum();
    println!(
        "{}: {} frames, the box at z = {} m, the ground carrying {support:.3} N",
        dir.display(),
        rec.frames.len(),
        last.poses[0][2]
    );
    Ok(())
}
