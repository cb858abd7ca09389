//! `wolfe sim soft-bubble`: the SAP paper's soft-bubble gripper holding a spatula under
//! a square-wave grip force (hydroelastic contact); writes the run folder with
//! `steps.csv`, the plots of Fig. 17, `view.html` and `summary.md`.

use wolfe_lab::sim::{soft_bubble, SoftBubbleOptions};

use super::scene::SceneRun;
use super::CommandResult;

/// Runs the scene and prints what it measured (defaults: 30 s at dt = 5 ms).
pub fn run(a: &SceneRun) -> CommandResult {
    if a.other {
        return Err("soft-bubble takes --dt, --seconds and --out only".into());
    }
    let mut o = SoftBubbleOptions::new(&a.out);
    o.dt = a.dt.unwrap_or(o.dt);
    o.seconds = a.seconds.unwrap_or(o.seconds);
    let r = soft_bubble(&o)?;
    for p in &r.periods {
        println!(
            "period {}: pitched {:.1} deg while loose, drifted {:.2} deg while secure; {:.0} / {:.0} contacts",
            p.period,
            p.loose_pitch_change.to_degrees(),
            p.secure_pitch_drift.to_degrees(),
            p.contacts.0,
            p.contacts.1
        );
    }
    println!(
        "{:.2} Newton iterations per step, {:.3} ms per step, max momentum error {:.2e}, {} steps not converged",
        r.run.mean_newton_iterations, r.run.mean_step_ms, r.max_momentum_error, r.run.not_converged
    );
    println!(
        "wrote {} (summary.md, steps.csv, grip.png, contacts.png, view.html)",
        a.out.display()
    );
    Ok(())
}
