//! `wolfe bench sap`: Newton iterations and wall time of the SAP solver on random
//! problems shaped like the clutter case of the SAP paper (Section VI-C): free bodies
//! (6 dofs each) in near-rigid frictional contact (k = 1e12 N/m, tau_d = dt = 10 ms,
//! mu = 1), 1-4 contact points per touching pair, 8 to 160 bodies.
//!
//! Two contact patterns: `island` (no walls: groups of 4 bodies, each a short stack on
//! the ground, no coupling between groups) and `pile` (with walls: 4 columns of bodies
//! stacked on the ground, each body also touching its neighbours in the adjacent
//! columns, the outer columns touching the walls). Every problem is solved cold (from
//! v*) and warm-started from its solution perturbed by normal noise per component, of
//! 1e-4 g dt (a tenth of the stiction slip bound mu sigma g dt of Eq. 31), 1e-3 g dt
//! (the slip bound itself, about the change of velocity between steps at steady state)
//! and 0.1 g dt, each with the dense and with the sparse factorization.
//!
//! The perturbed solution is not what a simulation step starts from: independent noise
//! of the size of the stiction slip bound flips the stick/slip mode of 5-30% of the
//! contacts (40 bodies), and Newton iterations are spent identifying modes. A time step
//! starts from the solution of a neighbouring problem, whose contact modes are
//! consistent with its impulses. So every perturbed row also records the iterations of
//! a warm start from the solution of the neighbouring problem with v* perturbed by the
//! same noise (`iterations_from_neighbour`).
//!
//! Output: `DIR/sap.csv`, one row per solve (median wall time over the repeats),
//! `DIR/sap-iterations.png/svg` and `DIR/sap-time.png/svg` (iterations and time
//! against bodies), and a section of `summary.md`.
//!
//! One module per stage: `problems` (the generator), `solve` (the timed solves),
//! `report` (CSV, plots, table).

mod problems;
mod report;
mod solve;
#[cfg(test)]
mod studies;

use std::path::Path;

pub use problems::{Pattern, Regime};
pub use report::{plots, summary};
pub use solve::{Row, Scale};

use super::{BenchError, BenchOptions, BenchReport};

/// Seed of the bench's random problems.
pub const SEED: u64 = 0;

/// One problem of the bench: `bodies` free bodies in `pattern`, in `regime`, drawn from
/// `seed` (for other benches that time work on the same problems, such as the step
/// derivative's).
///
/// # Errors
/// [`wolfe_sap::SapError`] if the generated problem is invalid (it is not).
pub fn problem(
    pattern: Pattern, regime: Regime, bodies: usize, seed: u64,
) -> Result<wolfe_sap::SapProblem, wolfe_sap::SapError> {
    let mut generator = problems::Generator::new(seed);
    generator.regime = regime;
    generator.problem(pattern, bodies)
}

/// `wolfe bench sap`: runs the bench at the scale of `options.quick` from [`SEED`],
/// writes `sap.csv` and the plots into `options.out`, and returns them with the
/// summary's section.
///
/// # Errors
/// [`BenchError`] if a file or plot cannot be written or a solve fails.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let rows = run_scaled(&options.out, &Scale::of(options.quick), SEED)?;
    let mut files = vec![options.out.join("sap.csv")];
    files.extend(report::plots(&options.out, &rows)?);
    let summary = format!(
        "## SAP contact solver\n\nClutter-like random problems (k = 1e12, tau_d = dt = 10 ms, mu = 1); \
         `sap.csv`, `sap-iterations.png`, `sap-time.png` (means, as the tables).\n\n{}\n",
        summary(&rows)
    );
    Ok(BenchReport {
        files,
        summary,
        failures: Vec::new(),
    })
}

/// Solves the problems of `scale` drawn from `seed` and writes `out/sap.csv`; returns
/// the rows (no plot).
///
/// # Errors
/// [`BenchError`] if the folder or the file cannot be written or a solve fails.
pub fn run_scaled(out: &Path, scale: &Scale, seed: u64) -> Result<Vec<Row>, BenchError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BenchError::Io {
            path: path.clone(),
            source,
        }
    };
    std::fs::create_dir_all(out).map_err(io(out))?;
    let rows = solve::measure(scale, seed)?;
    let csv = out.join("sap.csv");
    report::write_csv(&csv, &rows).map_err(io(&csv))?;
    Ok(rows)
}
