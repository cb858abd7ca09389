//! What the bench writes: `sap.csv`, the plots (through [`crate::plot`]) and the table
//! of the summary.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use wolfe_sap::SapStatus;

use super::problems::{Pattern, Regime, CASES, LARGE_PERTURBATION, SMALL_PERTURBATION, TINY_PERTURBATION};
use super::solve::Row;
use crate::plot::Chart;
use crate::plot::{Curve, LineChart, PlotError};

/// Writes `sap.csv`, one row per solve.
pub(crate) fn write_csv(path: &Path, rows: &[Row]) -> std::io::Result<()> {
    let mut f = BufWriter::new(File::create(path)?);
    writeln!(
        f,
        "regime,pattern,problem,bodies,contacts,solver,warm,perturbation,steps,iterations,line_search_iterations,momentum_error,status,ns,iterations_from_neighbour,momentum_error_from_neighbour"
    )?;
    for r in rows {
        writeln!(
            f,
            "{},{},{},{},{},{},{},{:e},{},{},{},{:e},{:?},{},{},{:e}",
            r.regime.name(),
            r.pattern.name(),
            r.problem,
            r.bodies,
            r.contacts,
            r.solver,
            u8::from(r.warm),
            r.perturbation,
            r.steps,
            r.iterations,
            r.line_search_iterations,
            r.momentum_error,
            r.status,
            r.ns,
            r.iterations_from_neighbour,
            r.momentum_error_from_neighbour
        )?;
    }
    f.flush()
}

/// Mean of `f` over the rows selected by `keep`, per number of bodies.
pub(crate) fn mean_by_bodies(
    rows: &[Row], keep: impl Fn(&Row) -> bool, f: impl Fn(&Row) -> f64,
) -> Vec<(usize, f64)> {
    let mut sizes: Vec<usize> = rows.iter().map(|r| r.bodies).collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
        .into_iter()
        .filter_map(|b| {
            let vals: Vec<f64> = rows.iter().filter(|r| r.bodies == b && keep(r)).map(&f).collect();
            (!vals.is_empty()).then(|| (b, vals.iter().sum::<f64>() / vals.len() as f64))
        })
        .collect()
}

/// The plots: Newton iterations against bodies (`sap-iterations.png/svg`, sparse
/// solves; dense ones iterate identically; pile dashed) and the time per cold solve
/// against bodies, log-log (`sap-time.png/svg`, dense dashed).
pub fn plots(dir: &Path, rows: &[Row]) -> Result<Vec<PathBuf>, PlotError> {
    let mut iterations = Vec::new();
    for pattern in [Pattern::Island, Pattern::Pile] {
        for (what_index, (regime, perturbation, stepped, what)) in [
            (Regime::Transient, 0.0, false, "transient cold"),
            (
                Regime::Transient,
                LARGE_PERTURBATION,
                false,
                "transient warm 1e-2",
            ),
            (Regime::Resting, SMALL_PERTURBATION, false, "resting warm 1e-4"),
            (Regime::Resting, 0.0, true, "resting, previous step"),
        ]
        .into_iter()
        .enumerate()
        {
            let points = mean_by_bodies(
                rows,
                |r| {
                    r.regime == regime
                        && r.pattern == pattern
                        && r.perturbation == perturbation
                        && (r.steps > 0) == stepped
                        && r.solver == "sparse"
                },
                |r| f64::from(r.iterations),
            );
            iterations.push(Curve {
                name: format!("{} {what}", pattern.name()),
                points: points.into_iter().map(|(b, v)| (b as f64, v)).collect(),
                // One colour per kind of start; the pile's curves are dashed.
                dashed: pattern == Pattern::Pile,
                color: Some(what_index),
            });
        }
    }
    let mut times = Vec::new();
    for pattern in [Pattern::Island, Pattern::Pile] {
        for solver in ["dense", "sparse", "block"] {
            let points = mean_by_bodies(
                rows,
                |r| r.regime == Regime::Transient && r.pattern == pattern && !r.warm && r.solver == solver,
                |r| r.ns as f64 * 1e-6,
            );
            times.push(Curve {
                name: format!("{} {solver}", pattern.name()),
                points: points.into_iter().map(|(b, v)| (b as f64, v)).collect(),
                dashed: solver == "dense",
                // One colour per pattern (another pair for the block solver), dashed
                // for the dense solver.
                color: Some(usize::from(pattern == Pattern::Pile) + if solver == "block" { 2 } else { 0 }),
            });
        }
    }
    let mut files = LineChart {
        title: "SAP Newton iterations (mean, sparse)".into(),
        x_label: "bodies".into(),
        y_label: "Newton iterations".into(),
        log_x: false,
        log_y: false,
        x_ticks: Vec::new(),
        series: iterations,
    }
    .write(dir, "sap-iterations")?;
    files.extend(
        LineChart {
            title: "SAP time per cold solve, transient (mean)".into(),
            x_label: "bodies".into(),
            y_label: "ms".into(),
            log_x: true,
            log_y: true,
            x_ticks: Vec::new(),
            series: times,
        }
        .write(dir, "sap-time")?,
    );
    Ok(files)
}

/// The printed summary: two Markdown tables that read on a screen, per regime, pattern
/// and size: mean Newton iterations (cold, along the steps, warm-started from perturbed
/// solutions and from a neighbour's), then mean milliseconds per cold solve (dense,
/// sparse, block), per warm solve and per step, the largest momentum error and the
/// solves that did not converge.
pub fn summary(rows: &[Row]) -> String {
    let mut iterations = String::from(
        "Mean Newton iterations: cold; along the steps (all, last 5); warm from the solution \
         perturbed by 1e-5, 1e-4, 1e-2; from a neighbour's solution perturbed by 1e-4, 1e-2.\n\n\
         | regime | pattern | bodies | contacts | cold | steps | last 5 | warm 1e-5 | warm 1e-4 | warm 1e-2 | near 1e-4 | near 1e-2 |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut times = String::from(
        "Mean milliseconds per cold solve (dense, sparse, block), per warm solve (sparse, \
         1e-4) and per step (sparse); largest momentum error e_m (Eq. 26); solves not \
         converged.\n\n\
         | regime | pattern | bodies | dense | sparse | block | warm | step | max e_m | not converged |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (regime, pattern) in CASES {
        let sel = move |b: usize| {
            rows.iter()
                .filter(move |r| r.regime == regime && r.pattern == pattern && r.bodies == b)
        };
        let mut sizes: Vec<usize> = rows
            .iter()
            .filter(|r| r.regime == regime && r.pattern == pattern)
            .map(|r| r.bodies)
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        for b in sizes {
            let mean = |keep: &dyn Fn(&Row) -> bool, f: &dyn Fn(&Row) -> f64| {
                let v: Vec<f64> = sel(b).filter(|r| keep(r)).map(f).collect();
                v.iter().sum::<f64>() / v.len().max(1) as f64
            };
            let contacts = mean(&|_| true, &|r| r.contacts as f64);
            let it_cold = mean(&|r| !r.warm, &|r| f64::from(r.iterations));
            let ms_step = mean(&|r| r.steps > 0, &|r| r.ns as f64 * 1e-6);
            let last_step = sel(b).map(|r| r.steps).max().unwrap_or(0);
            let it_step = mean(&|r| r.steps > 0, &|r| f64::from(r.iterations));
            let it_last = mean(&|r| r.steps + 5 > last_step && r.steps > 0, &|r| {
                f64::from(r.iterations)
            });
            let it_tiny = mean(&|r| r.perturbation == TINY_PERTURBATION, &|r| {
                f64::from(r.iterations)
            });
            let it_small = mean(&|r| r.perturbation == SMALL_PERTURBATION, &|r| {
                f64::from(r.iterations)
            });
            let it_large = mean(&|r| r.perturbation == LARGE_PERTURBATION, &|r| {
                f64::from(r.iterations)
            });
            let it_near = |perturbation: f64| {
                mean(&|r| r.perturbation == perturbation, &|r| {
                    f64::from(r.iterations_from_neighbour)
                })
            };
            let ms = |solver: &str, perturbation: f64| {
                mean(
                    &|r| r.solver == solver && r.perturbation == perturbation && r.steps == 0,
                    &|r| r.ns as f64 * 1e-6,
                )
            };
            let max_em = sel(b)
                .map(|r| r.momentum_error.max(r.momentum_error_from_neighbour))
                .fold(0.0, f64::max);
            // A neighbour start that did not converge has an infinite e_m.
            let bad = sel(b)
                .filter(|r| r.status != SapStatus::Converged || r.momentum_error_from_neighbour.is_infinite())
                .count();
            let (regime, pattern) = (regime.name(), pattern.name());
            iterations.push_str(&format!(
                "| {regime} | {pattern} | {b} | {contacts:.0} | {it_cold:.2} | {it_step:.2} | \
                 {it_last:.2} | {it_tiny:.2} | {it_small:.2} | {it_large:.2} | {:.2} | {:.2} |\n",
                it_near(SMALL_PERTURBATION),
                it_near(LARGE_PERTURBATION),
            ));
            times.push_str(&format!(
                "| {regime} | {pattern} | {b} | {:.3} | {:.3} | {:.3} | {:.3} | {ms_step:.3} | \
                 {max_em:.1e} | {bad} |\n",
                ms("dense", 0.0),
                ms("sparse", 0.0),
                ms("block", 0.0),
                ms("sparse", SMALL_PERTURBATION),
            ));
        }
    }
    format!("{iterations}\n{times}")
}
