//! `wolfe sim soft-bubble`: the SAP paper's soft-bubble gripper holding a spatula under
//! a square-wave grip force (hydroelastic contact); writes the run folder with
//! `steps.csv`, the plots of Fig. 17, `view.html` and `summary.md`.

use wolfe_lab::sim::{soft_bubble, SoftBubbleOptions};

use super::scene::SceneRun;
use super::CommandResult;

/// The options only this scene reads (each the scene's default when absent).
#[derive(Clone, Copy, Debug, Default)]
pub struct BubbleArgs {
    /// The bubbles' hydroelastic modulus, Pa.
    pub modulus: Option<f64>,
    /// The bubbles' mesh resolution, m.
    pub resolution: Option<f64>,
    /// The bubbles' Hunt-Crossley dissipation, s/m.
    pub dissipation: Option<f64>,
    /// SAP's relative tolerance.
    pub tolerance: Option<f64>,
    /// Compare SAP with an interior-point method (clarabel) on every step's problem.
    pub compare_ipm: bool,
}

/// Runs the scene and prints what it measured (defaults: 30 s at dt = 5 ms).
pub fn run(a: &SceneRun, bubble: &BubbleArgs) -> CommandResult {
    if a.other {
        return Err(
            "soft-bubble takes --dt, --seconds, --out, --modulus, --resolution, --dissipation, --tolerance and --compare-ipm only"
                .into(),
        );
    }
    let mut o = SoftBubbleOptions::new(&a.out);
    o.dt = a.dt.unwrap_or(o.dt);
    o.seconds = a.seconds.unwrap_or(o.seconds);
    o.modulus = bubble.modulus.unwrap_or(o.modulus);
    o.resolution = bubble.resolution.unwrap_or(o.resolution);
    o.dissipation = bubble.dissipation.unwrap_or(o.dissipation);
    o.tolerance = bubble.tolerance.unwrap_or(o.tolerance);
    o.compare_ipm = bubble.compare_ipm;
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
    if let Some(ipm) = &r.ipm {
        println!(
            "SAP against clarabel on {} steps: {:.2} / {:.2} iterations per step, {:.4} / {:.4} ms per step \
             (clarabel {:.1}x SAP's time), max momentum error {:.2e} / {:.2e}",
            ipm.steps,
            ipm.sap_mean_iterations,
            ipm.ipm_mean_iterations,
            1e3 * ipm.sap_mean_seconds,
            1e3 * ipm.ipm_mean_seconds,
            ipm.ratio(),
            ipm.sap_max_momentum_error,
            ipm.ipm_max_momentum_error
        );
    }
    println!(
        "wrote {} (summary.md, steps.csv, grip.png, contacts.png, view.html)",
        a.out.display()
    );
    Ok(())
}
