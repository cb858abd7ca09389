//! `wolfe bench meshes`: GJK++ Sec. IV-B on the shipped YCB hulls: Fig. 8 (direction
//! normalization), Fig. 9 and 10 (iterations and time against distance, for distance
//! and boolean collision), Fig. 11 (per-problem speed-ups over vanilla GJK) and Table I
//! (three meshes of increasing vertex count, close or shallowly overlapping).
//!
//! Problems: random pairs of distinct hulls, random rotations, B translated along the
//! separation direction to each distance of [`TARGETS`] ([`crate::generate`]). Times are
//! the median of `repeats` calls after one untimed call, per problem, solver and task,
//! the solvers interleaved problem by problem.
//!
//! Sizes: `--quick` 20 pairs x 2 poses (400 problems), 5 repeats; Table I 15 pairs x 2
//! poses. Full: 200 pairs x 10 poses (20,000 problems), 30 repeats; Table I 60 pairs x
//! 10 poses.

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use wolfe::{GjkSettings, GjkSolver, GjkVariant, Normalization};

use super::{
    band_series, check_answers, is_close, mean_std, measure, median, select, target_ticks,
    write_measurements, BenchError, BenchOptions, BenchReport, Measurement, Query,
};
use crate::generate::{generate, Dataset, GenerateOptions, TARGETS};
use crate::plot::Chart;
use crate::plot::{BandChart, HistogramChart};
use crate::problem_set::ProblemSet;
use crate::progress::progress_bar;
use crate::run::SolverChoice;
use crate::timing;

/// Seed of the generated problems.
pub const SEED: u64 = 11;
/// (pairs, poses per pair, timed repeats) for `--quick` and the full run.
pub const SIZES: [(usize, usize, usize); 2] = [(20, 2, 5), (200, 10, 30)];
/// (pairs, poses per pair) of the Table I set, `--quick` and full.
pub const TABLE_SIZES: [(usize, usize); 2] = [(15, 2), (60, 10)];
/// Vertex counts of the paper's Table I meshes; the YCB hulls nearest to them are used.
pub const TABLE_VERTICES: [usize; 3] = [240, 1811, 3585];
/// The variants: Fig. 9-11 use the first three (Nesterov normalized, the rule for
/// meshes); Fig. 8 adds Nesterov without normalization.
pub const SOLVERS: [SolverChoice; 4] = [
    SolverChoice::Gjk,
    SolverChoice::Polyak,
    SolverChoice::Nesterov,
    SolverChoice::NesterovNonorm,
];
/// Both tasks.
pub const TASKS: [Query; 2] = [Query::Distance, Query::Collision];
/// Bin edges of the speed-up histograms (Fig. 11): 0.2 wide from 0.4 to 3.0; ratios
/// outside fall in the end bins.
fn speedup_edges() -> Vec<f64> {
    (0..=13).map(|i| 0.4 + 0.2 * f64::from(i)).collect()
}

/// Generates, solves, plots and summarizes the benchmark.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let (pairs, poses, repeats) = SIZES[usize::from(!options.quick)];
    let dir = options.out.join("sets").join("ycb");
    let set = generate_set(&options.ycb_dir, &dir, pairs, poses, "meshes: generating")?;
    let bar = progress_bar(set.problems.len(), "meshes: solving");
    let rows = measure(&set, &SOLVERS, &TASKS, repeats, || bar.inc(1))?;
    bar.finish_and_clear();

    let mut report = BenchReport::default();
    let csv = options.out.join("meshes.csv");
    write_measurements(&csv, "ycb", &rows)?;
    report.files.push(csv);
    let fig_solvers = &SOLVERS[..3];
    for (task, fig) in [(Query::Distance, 9), (Query::Collision, 10)] {
        for (what, unit, value) in [
            (
                "iterations",
                "iterations",
                (|m: &Measurement| f64::from(m.iterations)) as fn(&Measurement) -> f64,
            ),
            ("time", "time (ns)", |m: &Measurement| m.ns as f64),
        ] {
            let chart = BandChart {
                title: format!(
                    "YCB hulls, {} (GJK++ Fig. {fig}): {what}, mean ± std",
                    task.name()
                ),
                x_label: "signed distance (m)".into(),
                y_label: unit.into(),
                x_ticks: target_ticks(),
                series: fig_solvers
                    .iter()
                    .map(|&s| band_series(&rows, s, task, value))
                    .collect(),
            };
            report
                .files
                .extend(chart.write(&options.out, &format!("meshes-{what}-{}", task.name()))?);
        }
        let chart = HistogramChart {
            title: format!(
                "YCB hulls, {} (GJK++ Fig. 11): speed-up over vanilla GJK",
                task.name()
            ),
            x_label: "time of vanilla GJK / time of the variant (> 1: faster)".into(),
            edges: speedup_edges(),
            samples: [SolverChoice::Polyak, SolverChoice::Nesterov]
                .iter()
                .map(|&s| (s.name().to_string(), speedups(&rows, s, task)))
                .collect(),
        };
        report
            .files
            .extend(chart.write(&options.out, &format!("meshes-speedup-{}", task.name()))?);
    }
    report.failures = check_answers("ycb", &rows);
    let mut summary = summary(&rows, set.problems.len(), pairs, poses, repeats);
    summary.push_str(&polyak_normalization(&set, repeats, &mut report.failures)?);
    summary.push_str(&table_one(options, &mut report.failures)?);
    report.summary = summary;
    Ok(report)
}

/// Generates a YCB set from the hulls in `ycb_dir` into `dir` and loads it.
fn generate_set(
    ycb_dir: &Path, dir: &Path, pairs: usize, poses: usize, what: &str,
) -> Result<ProblemSet, BenchError> {
    let bar = progress_bar(pairs * poses, what);
    generate(
        &GenerateOptions {
            dataset: Dataset::Ycb,
            out: dir.to_path_buf(),
            pairs,
            poses,
            seed: SEED,
            ycb_dir: ycb_dir.to_path_buf(),
        },
        || bar.inc(1),
    )?;
    bar.finish_and_clear();
    Ok(ProblemSet::load(dir)?)
}

/// Per-problem ratios `t_gjk / t_solver` for one task (rows are interleaved, so each
/// problem has one row per solver).
fn speedups(rows: &[Measurement], solver: SolverChoice, task: Query) -> Vec<f64> {
    let vanilla: std::collections::HashMap<u64, u64> = select(rows, SolverChoice::Gjk, task, |_| true)
        .map(|m| (m.id, m.ns))
        .collect();
    select(rows, solver, task, |_| true)
        .filter_map(|m| {
            let g = *vanilla.get(&m.id)?;
            (m.ns > 0 && g > 0).then(|| g as f64 / m.ns as f64)
        })
        .collect()
}

/// Fig. 8-11 in numbers.
fn summary(rows: &[Measurement], problems: usize, pairs: usize, poses: usize, repeats: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "## YCB hulls (GJK++ Fig. 8-11, Table I)\n\n{problems} problems ({pairs} pairs of \
         distinct hulls x {poses} poses x {} distances, seed {SEED}); times are medians of \
         {repeats} calls, single thread. Plots: `meshes-iterations-*.png`, \
         `meshes-time-*.png`, `meshes-speedup-*.png`.\n",
        TARGETS.len()
    );
    for task in TASKS {
        let _ = writeln!(
            s,
            "**{}**: mean iterations / median ns per distance\n",
            task.name()
        );
        let _ = writeln!(
            s,
            "| distance (m) | gjk | polyak | nesterov (normalized) | nesterov (not normalized) |"
        );
        let _ = writeln!(s, "|---|---|---|---|---|");
        for (t, target) in TARGETS.iter().enumerate() {
            let cells: Vec<String> = SOLVERS
                .iter()
                .map(|&solver| cell(rows, solver, task, &|x| x == t))
                .collect();
            let _ = writeln!(s, "| {target} | {} |", cells.join(" | "));
        }
        let cells: Vec<String> = SOLVERS
            .iter()
            .map(|&solver| cell(rows, solver, task, &is_close))
            .collect();
        let _ = writeln!(s, "| **close (0, 0.1]** (Fig. 8) | {} |", cells.join(" | "));
        for solver in [SolverChoice::Polyak, SolverChoice::Nesterov] {
            let sp = speedups(rows, solver, task);
            let faster = sp.iter().filter(|&&r| r > 1.0).count();
            let m = median(sp.clone());
            // A ratio below 1 is a slowdown: say so rather than call it a speed-up.
            let verdict = if m >= 1.0 {
                format!("median speed-up {m:.2}x (vanilla time / its time)")
            } else {
                format!(
                    "median {:.2}x slower than vanilla (vanilla time / its time = {m:.2})",
                    1.0 / m
                )
            };
            let _ = writeln!(
                s,
                "\n{} over vanilla (Fig. 11): {verdict}, faster on {faster} of {} problems.",
                solver.name(),
                sp.len()
            );
        }
        let _ = writeln!(s);
    }
    s
}

/// Fig. 8's Polyak arm: Polyak-accelerated GJK without (the paper's and wolfe's
/// default) and with the support-direction normalization of Eq. 33
/// ([`Normalization::Always`]), interleaved problem by problem on the close problems
/// (`0 < d <= 0.1` m), both tasks; `mean iterations / median ns` per cell. Answers are
/// checked against the reference as the main table's.
fn polyak_normalization(
    set: &ProblemSet, repeats: usize, failures: &mut Vec<String>,
) -> Result<String, BenchError> {
    let arms = [
        ("polyak", Normalization::Auto),
        ("polyak (normalized)", Normalization::Always),
    ];
    let mut engines = Vec::new();
    for (name, n) in arms {
        let settings = GjkSettings::with_variant(GjkVariant::Polyak).with_normalization(n);
        engines.push(GjkSolver::new(settings).map_err(|source| BenchError::Query {
            id: 0,
            solver: if name == "polyak" { "polyak" } else { "polyak-norm" },
            source,
        })?);
    }
    let mut times = vec![0u64; repeats.max(1)];
    // (task, arm) -> (iterations, ns) per problem.
    let mut cells: std::collections::BTreeMap<(usize, usize), (Vec<f64>, Vec<f64>)> =
        std::collections::BTreeMap::new();
    for p in set
        .problems
        .iter()
        .filter(|p| p.dist > 0.0 && p.dist <= 0.1 + 1e-9)
    {
        let (a, b) = set.shapes_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        for (t, task) in TASKS.iter().enumerate() {
            for (k, engine) in engines.iter_mut().enumerate() {
                let error = |source| BenchError::Query {
                    id: p.id,
                    solver: "polyak-norm",
                    source,
                };
                let (iterations, ok, ns) = match task {
                    Query::Distance => {
                        let o = engine.distance(a, pa, b, pb, None).map_err(error)?;
                        let ns = timing::median_ns(&mut times, || {
                            engine.distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                        });
                        let ok = (o.distance - p.dist).abs() <= super::ANSWER_TOLERANCE * p.dist;
                        (o.iterations, ok, ns)
                    }
                    Query::Collision => {
                        let o = engine.intersects(a, pa, b, pb, None).map_err(error)?;
                        let ns = timing::median_ns(&mut times, || {
                            engine.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                        });
                        (o.iterations, !o.intersecting, ns)
                    }
                };
                if !ok {
                    failures.push(format!(
                        "ycb problem {} [{} {}]: wrong answer",
                        p.id,
                        arms[k].0,
                        task.name()
                    ));
                }
                let cell = cells.entry((t, k)).or_default();
                cell.0.push(f64::from(iterations));
                cell.1.push(ns as f64);
            }
        }
    }
    let mut s = String::from(
        "**Fig. 8, Polyak arm** (close problems, interleaved): mean iterations / median ns\n\n\
         | task | polyak | polyak (normalized) |\n|---|---|---|\n",
    );
    for (t, task) in TASKS.iter().enumerate() {
        let row: Vec<String> = (0..arms.len())
            .map(|k| {
                let (it, ns) = cells.get(&(t, k)).cloned().unwrap_or_default();
                format!("{:.2} / {:.0}", mean_std(it).0, median(ns))
            })
            .collect();
        let _ = writeln!(s, "| {} | {} |", task.name(), row.join(" | "));
    }
    let _ = writeln!(s);
    Ok(s)
}

/// `mean iterations / median ns` of the selected rows.
fn cell(rows: &[Measurement], solver: SolverChoice, task: Query, keep: &dyn Fn(usize) -> bool) -> String {
    let sel: Vec<&Measurement> = select(rows, solver, task, keep).collect();
    let (it, _) = mean_std(sel.iter().map(|m| f64::from(m.iterations)));
    let ns = median(sel.iter().map(|m| m.ns as f64).collect());
    format!("{it:.1} / {ns:.0}")
}

/// Table I: the hulls nearest to [`TABLE_VERTICES`] vertices, each pair of them
/// (including a hull with a copy of itself, as the paper's diagonal), close or shallowly
/// overlapping (`|d| <= 0.01` m); mean +- std time in microseconds.
fn table_one(options: &BenchOptions, failures: &mut Vec<String>) -> Result<String, BenchError> {
    let chosen = nearest_hulls(&options.ycb_dir)?;
    // A folder with each chosen hull twice, so that random distinct pairs include a
    // hull against itself.
    let src = options.out.join("sets").join("table1-hulls");
    std::fs::create_dir_all(&src).map_err(|source| BenchError::Io {
        path: src.clone(),
        source,
    })?;
    for (path, _) in &chosen {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        for name in [format!("{stem}.obj"), format!("{stem}-twin.obj")] {
            let to = src.join(name);
            std::fs::copy(path, &to).map_err(|source| BenchError::Io { path: to, source })?;
        }
    }
    let (pairs, poses) = TABLE_SIZES[usize::from(!options.quick)];
    let repeats = SIZES[usize::from(!options.quick)].2;
    let dir = options.out.join("sets").join("table1");
    let set = generate_set(&src, &dir, pairs, poses, "meshes: Table I problems")?;
    let keep: Vec<usize> = (0..TARGETS.len()).filter(|&t| TARGETS[t].abs() <= 0.01).collect();
    let bar = progress_bar(set.problems.len(), "meshes: Table I");
    let rows = measure(&set, &SOLVERS[..3], &TASKS, repeats, || bar.inc(1))?;
    bar.finish_and_clear();
    failures.extend(check_answers("table1", &rows));
    // Vertex count of each problem's pair, smaller first.
    let counts: std::collections::HashMap<u64, (usize, usize)> = set
        .problems
        .iter()
        .map(|p| {
            let (a, b) = set.shapes_of(p);
            let n = |s: &wolfe::Shape| match s {
                wolfe::Shape::ConvexMesh(m) => m.vertices().len(),
                _ => 0,
            };
            let (x, y) = (n(a), n(b));
            (p.id, (x.min(y), x.max(y)))
        })
        .collect();
    let mut s = String::new();
    let names: Vec<String> = chosen
        .iter()
        .map(|(p, n)| {
            format!(
                "{} ({n} vertices)",
                p.file_stem().unwrap_or_default().to_string_lossy()
            )
        })
        .collect();
    let _ = writeln!(
        s,
        "**Table I** (hulls {}; {} problems with |d| <= 0.01 m): mean +- std us\n",
        names.join(", "),
        rows.iter()
            .filter(|m| keep.contains(&m.target)
                && m.solver == SolverChoice::Gjk
                && m.task == Query::Distance)
            .count()
    );
    let _ = writeln!(s, "| N pair | task | gjk | polyak | nesterov |");
    let _ = writeln!(s, "|---|---|---|---|---|");
    let mut pair_keys: Vec<(usize, usize)> = counts.values().copied().collect();
    pair_keys.sort_unstable();
    pair_keys.dedup();
    for key in pair_keys {
        for task in TASKS {
            let cells: Vec<String> = SOLVERS[..3]
                .iter()
                .map(|&solver| {
                    let (m, sd) = mean_std(
                        select(&rows, solver, task, |t| TARGETS[t].abs() <= 0.01)
                            .filter(|m| counts.get(&m.id) == Some(&key))
                            .map(|m| m.ns as f64 / 1000.0),
                    );
                    format!("{m:.2} +- {sd:.2}")
                })
                .collect();
            let _ = writeln!(
                s,
                "| {} - {} | {} | {} |",
                key.0,
                key.1,
                task.name(),
                cells.join(" | ")
            );
        }
    }
    let _ = writeln!(s);
    Ok(s)
}

/// The hulls of `dir` whose vertex counts are nearest to [`TABLE_VERTICES`] (distinct).
fn nearest_hulls(dir: &Path) -> Result<Vec<(PathBuf, usize)>, BenchError> {
    let hulls: Vec<(PathBuf, usize)> = super::load_hulls(dir)?
        .into_iter()
        .map(|(f, s)| {
            let n = super::vertex_count(&s);
            (f, n)
        })
        .collect();
    let mut chosen: Vec<(PathBuf, usize)> = Vec::new();
    for target in TABLE_VERTICES {
        let best = hulls
            .iter()
            .filter(|(p, _)| !chosen.iter().any(|(q, _)| q == p))
            .min_by_key(|(_, n)| n.abs_diff(target))
            .cloned();
        chosen.extend(best);
    }
    if chosen.len() < 2 {
        return Err(BenchError::Empty(format!(
            "Table I needs at least 2 hulls in {}",
            dir.display()
        )));
    }
    Ok(chosen)
}
