//! Temporary study: clutter with setting overrides from the environment.
use wolfe_sim::scenes::Clutter;
use wolfe_sim::Simulation;

fn env(name: &str) -> Option<f64> {
    std::env::var(name).ok().map(|s| s.parse().unwrap())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = env("SECONDS").unwrap_or(10.0);
    let (world, mut settings) = Clutter::default().build()?;
    if let Some(t) = env("LS_TOL") {
        settings.sap.line_search_tolerance = t;
    }
    if env("NO_SPEC").is_some() {
        settings.speculative_contacts = false;
    }
    if env("BACKTRACK").is_some() {
        settings.sap.line_search = wolfe_sap::LineSearch::Backtracking;
    }
    if let Some(d) = env("DENSE_MAX") {
        settings.sap.dense_max_dofs = d as usize;
    }
    let dt = settings.time_step;
    let mut sim = Simulation::new(world, settings)?;
    let steps = (seconds / dt).round() as usize;
    let mut rows = Vec::new();
    for _ in 0..steps {
        rows.push(sim.step()?);
    }
    let n = rows.len();
    let report = |a: usize, b: usize| {
        let m = (b - a) as f64;
        let r = &rows[a..b];
        println!(
            "steps {a:4}..{b:4}: step {:.3} ms det {:.3} solve {:.3} newton {:.2} ls {:.2} max e_m {:.1e} pen {:.2} mm",
            1e3 * r.iter().map(|s| s.step_seconds).sum::<f64>() / m,
            1e3 * r.iter().map(|s| s.detection_seconds).sum::<f64>() / m,
            1e3 * r.iter().map(|s| s.solve_seconds).sum::<f64>() / m,
            r.iter().map(|s| s.newton_iterations as f64).sum::<f64>() / m,
            r.iter().map(|s| s.line_search_iterations as f64).sum::<f64>() / m,
            r.iter().map(|s| s.momentum_error).fold(0.0, f64::max),
            1e3 * r.iter().map(|s| s.max_penetration).fold(0.0, f64::max),
        );
    };
    report(0, n.min(200));
    if n > 200 && n / 2 > 200 {
        report(200, n / 2);
        report(n / 2, n);
    }
    report(0, n);
    Ok(())
}
