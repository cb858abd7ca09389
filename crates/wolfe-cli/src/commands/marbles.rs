//! `wolfe sim marbles`: glass marbles poured into a procedural bowl (a triangle mesh,
//! static), on the one simulator; writes the trajectory, the viewer page and
//! `summary.md`.

use std::path::PathBuf;

use wolfe_lab::sim::{marbles, MarblesOptions};

use super::CommandResult;

/// The options of `wolfe sim` that the marbles scene reads.
#[derive(Debug)]
pub struct MarblesArgs {
    /// Output folder.
    pub out: PathBuf,
    /// Number of marbles (default 30).
    pub bodies: Option<usize>,
    /// Time step, s (default 2 ms).
    pub dt: Option<f64>,
    /// Simulated seconds (default 3).
    pub seconds: Option<f64>,
    /// Whether an option the scene does not read was given (refused rather than ignored).
    pub other: bool,
}

/// Runs the scene and prints what it measured.
pub fn run(a: &MarblesArgs) -> CommandResult {
    if a.other {
        return Err("marbles takes --bodies, --dt, --seconds and --out only".into());
    }
    let mut o = MarblesOptions::new(Some(&a.out));
    o.marbles = a.bodies.unwrap_or(o.marbles);
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
        r.mean_step_ms,
        r.mean_newton_iterations
    );
    println!(
        "wrote {} (summary.md, steps.csv, trajectory, view.html)",
        a.out.display()
    );
    Ok(())
}
