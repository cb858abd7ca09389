//! `wolfe sim panda-drop | panda-pick | urdf`: the robot scenes (wolfe-lab), on the one simulator.

use std::path::PathBuf;

use wolfe_lab::sim::{
    panda_drop, panda_pick, urdf_scene, PandaDropOptions, PandaPickOptions, UrdfSceneOptions,
};

use super::scene::Scene;
use super::CommandResult;

/// The options of `wolfe sim` that the robot scenes read.
#[derive(Debug)]
pub struct RobotSimArgs {
    /// Output folder.
    pub out: PathBuf,
    /// Time step, s.
    pub dt: Option<f64>,
    /// Simulated seconds.
    pub seconds: Option<f64>,
    /// urdf: the robot.
    pub urdf: Option<PathBuf>,
    /// urdf: how many hulls fall.
    pub drop: Option<usize>,
    /// Given options that no robot scene reads (refused rather than ignored).
    pub bodies: Option<usize>,
    /// Whether --scheme was given.
    pub scheme: bool,
    /// Whether --walls or --no-walls was given.
    pub walls: bool,
}

/// Runs a robot scene and prints what it measured.
pub fn run(scene: Scene, a: &RobotSimArgs) -> CommandResult {
    if a.bodies.is_some() || a.scheme || a.walls {
        return Err("--bodies, --scheme, --walls and --no-walls do not apply to the robot scenes".into());
    }
    if scene != Scene::Urdf && (a.urdf.is_some() || a.drop.is_some()) {
        return Err("--urdf and --drop apply to the urdf scene only".into());
    }
    if let Some(n) = a.drop.filter(|&n| n > wolfe_lab::sim::MAX_BODIES) {
        return Err(format!(
            "--drop {n}: at most {} objects (a larger scene would not fit in memory)",
            wolfe_lab::sim::MAX_BODIES
        )
        .into());
    }
    std::fs::create_dir_all(&a.out).map_err(|e| format!("{}: {e}", a.out.display()))?;
    match scene {
        Scene::PandaPick => {
            if a.seconds.is_some() {
                return Err("panda-pick runs its keyframes to the end: --seconds does not apply".into());
            }
            let mut o = PandaPickOptions::new(&a.out);
            if let Some(dt) = a.dt {
                o.dt = dt;
            }
            let r = panda_pick(&o)?;
            println!(
                "panda-pick: lift {:.3} m, held {:.2} s, slip {:.2} mm, all steps converged: {}, success: {}",
                r.lift_m,
                r.held_s,
                r.slip_m * 1e3,
                r.all_converged,
                r.success
            );
            println!(
                "wrote {} (pick.json, steps.csv, trajectory, view.html)",
                a.out.display()
            );
        }
        Scene::PandaDrop | Scene::Urdf => {
            let r = if scene == Scene::PandaDrop {
                let mut o = PandaDropOptions::new(&a.out);
                o.dt = a.dt.unwrap_or(o.dt);
                o.seconds = a.seconds.unwrap_or(o.seconds);
                panda_drop(&o)?
            } else {
                let urdf = a.urdf.clone().ok_or("the urdf scene needs --urdf FILE")?;
                let d = PandaDropOptions::new(&a.out);
                urdf_scene(&UrdfSceneOptions {
                    urdf,
                    drop: a.drop.unwrap_or(4),
                    seconds: a.seconds.unwrap_or(3.0),
                    dt: a.dt.unwrap_or(d.dt),
                    out: a.out.clone(),
                    data_dir: d.data_dir,
                    relative_tolerance: d.relative_tolerance,
                })?
            };
            println!(
                "{} steps: {:.3} ms per step, {:.2} Newton iterations per step, {} unconverged, \
                 max momentum error {:.1e}, penetration max {:.2} mm / at rest {:.3} mm, \
                 arm error at rest {:.1e} rad, lowest object point {:.2} mm",
                r.run.steps,
                r.run.mean_step_ms,
                r.run.mean_newton_iterations,
                r.run.not_converged,
                r.max_momentum_error,
                r.run.max_penetration * 1e3,
                r.penetration_at_rest * 1e3,
                r.joint_error_at_rest,
                r.min_object_height * 1e3
            );
            println!(
                "wrote {} (summary.md, steps.csv, trajectory, view.html)",
                a.out.display()
            );
        }
        _ => return Err(format!("{scene:?} is not a robot scene").into()),
    }
    Ok(())
}
