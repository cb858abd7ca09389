//! `wolfe bench ellipsoids`: GJK++ Sec. IV-A and Fig. 7.
//!
//! Random ellipsoid pairs (semi-axes 0.05-0.5 m, random rotations), each pose translated
//! along its separation direction to the signed distances of [`TARGETS`] (-0.1 to 1 m),
//! solved by vanilla, Polyak and Nesterov GJK for distance and boolean collision. The
//! measure is the number of iterations (the paper's Fig. 7 plots its mean and standard
//! deviation against the distance), so nothing is timed here.
//!
//! Sizes: `--quick` 10 pairs x 10 poses (1,000 problems); full 1,000 pairs x 10 poses
//! (100,000 problems, 10,000 per distance; the paper ran 100 poses per pair).

use std::fmt::Write as _;

use super::{
    band_series, check_answers, is_close, mean_std, measure, select, target_ticks, write_measurements,
    BenchError, BenchOptions, BenchReport, Measurement, Query,
};
use crate::generate::{generate, Dataset, GenerateOptions, TARGETS};
use crate::plot::BandChart;
use crate::plot::Chart;
use crate::problem_set::ProblemSet;
use crate::progress::progress_bar;
use crate::run::SolverChoice;

/// Seed of the generated problems.
pub const SEED: u64 = 7;
/// (pairs, poses per pair) for `--quick` and the full run.
pub const SIZES: [(usize, usize); 2] = [(10, 10), (1000, 10)];
/// The variants of Fig. 7.
pub const SOLVERS: [SolverChoice; 3] = [SolverChoice::Gjk, SolverChoice::Polyak, SolverChoice::Nesterov];
/// Both panels of Fig. 7.
pub const TASKS: [Query; 2] = [Query::Distance, Query::Collision];

/// Generates, solves, plots and summarizes the benchmark.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let (pairs, poses) = SIZES[usize::from(!options.quick)];
    let dir = options.out.join("sets").join("ellipsoids");
    let bar = progress_bar(pairs * poses, "ellipsoids: generating");
    generate(
        &GenerateOptions {
            dataset: Dataset::Ellipsoids,
            out: dir.clone(),
            pairs,
            poses,
            seed: SEED,
            ycb_dir: options.ycb_dir.clone(),
        },
        || bar.inc(1),
    )?;
    bar.finish_and_clear();
    let set = ProblemSet::load(&dir)?;
    let bar = progress_bar(set.problems.len(), "ellipsoids: solving");
    let rows = measure(&set, &SOLVERS, &TASKS, 0, || bar.inc(1))?;
    bar.finish_and_clear();

    let mut report = BenchReport::default();
    let csv = options.out.join("ellipsoids.csv");
    write_measurements(&csv, "ellipsoids", &rows)?;
    report.files.push(csv);
    for (task, panel) in [(Query::Distance, "a"), (Query::Collision, "b")] {
        let chart = BandChart {
            title: format!(
                "Ellipsoids, {} (GJK++ Fig. 7{panel}): iterations, mean ± std",
                task.name()
            ),
            x_label: "signed distance (m)".into(),
            y_label: "iterations".into(),
            x_ticks: target_ticks(),
            series: SOLVERS
                .iter()
                .map(|&s| band_series(&rows, s, task, |m| f64::from(m.iterations)))
                .collect(),
        };
        report
            .files
            .extend(chart.write(&options.out, &format!("ellipsoids-{}", task.name()))?);
    }
    report.failures = check_answers("ellipsoids", &rows);
    report.summary = summary(&rows, set.problems.len(), pairs, poses);
    Ok(report)
}

/// The Markdown section: mean +- std iterations per distance, and the close-proximity
/// ratio the paper headlines (Nesterov needs fewer iterations near contact).
fn summary(rows: &[Measurement], problems: usize, pairs: usize, poses: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "## Ellipsoids (GJK++ Fig. 7)\n\n{problems} problems ({pairs} pairs x {poses} poses x \
         {} distances, seed {SEED}); mean +- std iterations. Plots: \
         `ellipsoids-distance.png`, `ellipsoids-collision.png`.\n",
        TARGETS.len()
    );
    for task in TASKS {
        let _ = writeln!(s, "**{}**\n", task.name());
        let _ = writeln!(s, "| distance (m) | gjk | polyak | nesterov |");
        let _ = writeln!(s, "|---|---|---|---|");
        for (t, target) in TARGETS.iter().enumerate() {
            let cells: Vec<String> = SOLVERS
                .iter()
                .map(|&solver| {
                    let (m, sd) = mean_std(
                        select(rows, solver, task, move |x| x == t).map(|m| f64::from(m.iterations)),
                    );
                    format!("{m:.1} +- {sd:.1}")
                })
                .collect();
            let _ = writeln!(s, "| {target} | {} |", cells.join(" | "));
        }
        let close =
            |solver| mean_std(select(rows, solver, task, is_close).map(|m| f64::from(m.iterations))).0;
        let (g, p, n) = (
            close(SolverChoice::Gjk),
            close(SolverChoice::Polyak),
            close(SolverChoice::Nesterov),
        );
        let _ = writeln!(
            s,
            "\nClose proximity (0 < d <= 0.1 m): mean iterations gjk {g:.2}, polyak {p:.2} \
             ({:.2}x), nesterov {n:.2} ({:.2}x).\n",
            p / g.max(f64::MIN_POSITIVE),
            n / g.max(f64::MIN_POSITIVE)
        );
    }
    s
}
