//! `wolfe sim marbles`: glass marbles poured into a procedural bowl (a triangle mesh,
//! static), on the one simulator; writes the trajectory, the viewer page and
//! `summary.md`.

use wolfe_lab::sim::{marbles, MarblesOptions};

use super::scene::SceneRun;
use super::CommandResult;

/// Runs the scene and prints what it measured.
/// `bodies` is the number of marbles (default 30); the scene's defaults are a 2 ms step
/// and 3 s.
pub fn run(bodies: Option<usize>, a: &SceneRun) -> CommandResult {
    if a.other {
        return Err("marbles takes --bodies, --dt, --seconds and --out only".into());
    }
    let mut o = MarblesOptions::new(Some(&a.out));
    o.marbles = bodies.unwrap_or(o.marbles);
    o.dt = a.dt.unwrap_or(o.dt);
    o.seconds = a.seconds.unwrap_or(o.seconds);
    let r = marbles(&o)?;
    println!(
        "marbles: {} of {} inside the bowl, penetration into the bowl max {:.3} mm / at rest {:.4} mm, \
         {:.3} ms per step, {:.2} Newton iterations per step",
        r.inside,
        r.marbles,
        r.max_bowl_penetration * 1e3,
        r.bowl_penetration_at_rest * 1e3,
        r.run.mean_step_ms,
        r.run.mean_newton_iterations
    );
    println!(
        "wrote {} (summary.md, steps.csv, trajectory, view.html)",
        a.out.display()
    );
    Ok(())
}
