//! `wolfe sim mjcf FILE --out DIR [--seconds S] [--dt DT]`: an MJCF scene as a whole
//! world (wolfe-lab's `mjcf_scene` on wolfe-sim's `World::add_mjcf`).

use std::path::PathBuf;

use wolfe_lab::sim::{mjcf_scene, MjcfSceneOptions};

use super::scene::SceneRun;
use super::CommandResult;

/// Runs the scene and prints what it measured and what was not modelled.
/// `file` is the scene file (`FILE`).
pub fn run(file: Option<PathBuf>, a: &SceneRun) -> CommandResult {
    if a.other {
        return Err("sim mjcf takes FILE, --out, --seconds and --dt only".into());
    }
    let file = file.ok_or("sim mjcf needs the scene file: wolfe sim mjcf FILE --out DIR")?;
    std::fs::create_dir_all(&a.out).map_err(|e| format!("{}: {e}", a.out.display()))?;
    let mut o = MjcfSceneOptions::new(file, &a.out);
    o.dt = a.dt.unwrap_or(o.dt);
    o.seconds = a.seconds.unwrap_or(o.seconds);
    let (r, notes) = mjcf_scene(&o)?;
    for n in &notes {
        println!("note: {n}");
    }
    println!(
        "{} steps: {:.3} ms per step, {:.2} Newton iterations per step, {} unconverged, \
         penetration max {:.2} mm / at rest {:.3} mm, joint error at rest {:.1e} rad",
        r.run.steps,
        r.run.mean_step_ms,
        r.run.mean_newton_iterations,
        r.run.not_converged,
        r.run.max_penetration * 1e3,
        r.penetration_at_rest * 1e3,
        r.joint_error_at_rest,
    );
    println!(
        "wrote {} (summary.md, steps.csv, trajectory, view.html)",
        a.out.display()
    );
    Ok(())
}
