//! `wolfe bench warmstart`: GJK++ Sec. IV-E and Fig. 13, four ways to start GJK in a
//! sequence of correlated queries.
//!
//! The problems come from a simulation, as the paper's do: pairs of YCB hulls dropped
//! with random poses and velocities into a funnel, 120 Hz for 1 s ([`super::funnel`],
//! wolfe-sim's SAP stepper). A query runs only on the steps the broad phase (world AABB
//! overlap) lets through, and the previous solution exists only if the previous step ran
//! a query. The strategies:
//! - `none`: `x_0 = (1, 0, 0)`;
//! - `obb`: the difference of the bounding-box centres (the default elsewhere);
//! - `prev`: the previous separation vector (a kept [`PairCache`]), else `obb`;
//! - `tprev`: the previous separation turned by the relative motion since the previous
//!   step, else `obb`. Kept fixed in B's frame as seen from A, the world separation
//!   turns by `R_A' (R_A'^T R_B') (R_A^T R_B)^T R_A^T = R_B' R_B^T`: B's world rotation
//!   since the previous step.
//!
//! Sizes: `--quick` 6 trajectories of 120 steps, 3 repeats; full 1000 (the paper's
//! 1000 pairs, 120k steps), 20 repeats.

use std::fmt::Write as _;
use std::hint::black_box;

use wolfe::{Aabb, ConvexShape, GjkSolver, PairCache, Pose, Shape, Vec3};

use super::{funnel, mean_std, median, write_csv, BenchError, BenchOptions, BenchReport, Query};
use crate::plot::Chart;
use crate::plot::{BandChart, BandSeries};
use crate::progress::progress_bar;
use crate::run::SolverChoice;
use crate::timing;

/// Seed of the funnel drops.
pub const SEED: u64 = 17;
/// (trajectories, timed repeats), `--quick` and full; each trajectory has
/// [`funnel::STEPS`] steps.
pub const SIZES: [(usize, usize); 2] = [(6, 3), (1000, 20)];
/// The variants of Fig. 13.
pub const SOLVERS: [SolverChoice; 3] = [SolverChoice::Gjk, SolverChoice::Polyak, SolverChoice::Nesterov];
/// The strategies, in the paper's order.
pub const STRATEGIES: [&str; 4] = ["none", "obb", "prev", "tprev"];
/// Both tasks (Fig. 13 is the boolean one).
pub const TASKS: [Query; 2] = [Query::Collision, Query::Distance];

/// One timed query.
#[derive(Clone, Copy, Debug)]
struct Row {
    trajectory: usize,
    step: usize,
    solver: SolverChoice,
    task: Query,
    strategy: usize,
    /// The answer: the distance, or 1 / 0 for intersecting / separated.
    value: f64,
    iterations: u32,
    ns: u64,
}

/// The world AABB of `shape` at `pose`, from its local box's corners (also the
/// growth-distance simulation's broad phase, `growth_sim.rs`).
pub(crate) fn world_aabb(shape: &Shape, pose: &Pose) -> Aabb {
    let local = shape.local_aabb();
    let corners: Vec<Vec3> = (0..8)
        .map(|i| {
            let pick = |bit: usize, k: usize| if i & bit != 0 { local.max[k] } else { local.min[k] };
            pose.transform_point(&Vec3::new(pick(1, 0), pick(2, 1), pick(4, 2)))
        })
        .collect();
    Aabb::from_points(corners.iter()).unwrap_or(local)
}

/// Whether two boxes overlap (closed intervals on every axis).
pub(crate) fn overlap(a: &Aabb, b: &Aabb) -> bool {
    (0..3).all(|k| a.min[k] <= b.max[k] && b.min[k] <= a.max[k])
}

/// Simulates the funnel, times every strategy on its pairs, writes the CSV, plots and
/// summary.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let (count, repeats) = SIZES[usize::from(!options.quick)];
    let steps = funnel::STEPS;
    let hulls = super::load_hulls(&options.ycb_dir)?;
    let shapes: Vec<Shape> = hulls.iter().map(|(_, s)| s.clone()).collect();
    let started = std::time::Instant::now();
    let funnel::FunnelRuns { trajectories, failed } = funnel::simulate(&shapes, count, SEED)?;
    let simulated_s = started.elapsed().as_secs_f64();
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let bar = progress_bar(count * steps, "warmstart: funnel trajectories");
    for (traj, run) in trajectories.iter().enumerate() {
        let (a, b) = (&shapes[run.a], &shapes[run.b]);
        // One solver and pair cache per (variant, task, strategy).
        let mut engines: Vec<(SolverChoice, Query, usize, GjkSolver, PairCache)> = Vec::new();
        for &solver in &SOLVERS {
            for &task in &TASKS {
                for s in 0..STRATEGIES.len() {
                    let engine = GjkSolver::new(solver.settings()).map_err(|source| BenchError::Query {
                        id: 0,
                        solver: solver.name(),
                        source,
                    })?;
                    engines.push((solver, task, s, engine, PairCache::new()));
                }
            }
        }
        let mut previous: Option<Pose> = None;
        let mut times = vec![0u64; repeats];
        for (step, (pose_a, pose_b)) in run.poses.iter().enumerate() {
            bar.inc(1);
            if !overlap(&world_aabb(a, pose_a), &world_aabb(b, pose_b)) {
                // Filtered by the broad phase: no query, so no previous solution next.
                for e in engines.iter_mut() {
                    e.4.clear();
                }
                previous = None;
                continue;
            }
            problems.push((traj, step));
            // B's world rotation since the previous step (see the module's note).
            let turn = previous.map(|p| pose_b.rotation * p.rotation.inverse());
            for (solver, task, s, engine, cache) in engines.iter_mut() {
                let prev = cache.separation().filter(|_| previous.is_some());
                // The cache this query starts from: kept (`prev`), or cleared and given
                // a guess of the separation (`none`, `tprev`) or none (`obb`).
                let mut start = *cache;
                let guess = match (STRATEGIES[*s], prev, turn) {
                    ("none", _, _) => Some(Vec3::x()),
                    ("prev", Some(_), _) => None,
                    ("tprev", Some(x), Some(r)) => Some(r * x),
                    _ => {
                        start.clear();
                        None
                    }
                };
                if let Some(v) = guess {
                    start.clear();
                    start.set_separation(v).map_err(|source| BenchError::Query {
                        id: step as u64,
                        solver: solver.name(),
                        source,
                    })?;
                }
                let query = |e: &mut GjkSolver, c: &mut PairCache| -> Result<(u32, f64), BenchError> {
                    let it = match task {
                        Query::Distance => e
                            .distance(a, pose_a, b, pose_b, Some(c))
                            .map(|o| (o.iterations, o.distance)),
                        Query::Collision => e
                            .intersects(a, pose_a, b, pose_b, Some(c))
                            .map(|o| (o.iterations, f64::from(u8::from(o.intersecting)))),
                    };
                    it.map_err(|source| BenchError::Query {
                        id: step as u64,
                        solver: solver.name(),
                        source,
                    })
                };
                // Every timed call starts from the same cache: the first call's is what
                // the next step starts from.
                let mut after = start;
                let (iterations, value) = query(engine, &mut after)?;
                // A run that found no separation (the cores overlap from the start)
                // leaves the previous step's separation, not this step's guess.
                if after.separation() == start.separation() {
                    if let Some(old) = cache.separation() {
                        after.set_separation(old).map_err(|source| BenchError::Query {
                            id: step as u64,
                            solver: solver.name(),
                            source,
                        })?;
                    }
                }
                let ns = timing::median_ns(&mut times, || {
                    let mut c = start;
                    black_box(query(engine, &mut c).ok())
                });
                *cache = after;
                rows.push(Row {
                    trajectory: traj,
                    step,
                    solver: *solver,
                    task: *task,
                    strategy: *s,
                    value,
                    iterations,
                    ns,
                });
            }
            previous = Some(*pose_b);
        }
    }
    bar.finish_and_clear();
    if rows.is_empty() {
        return Err(BenchError::Empty(
            "warmstart: the broad phase filtered every step".into(),
        ));
    }
    let mut report = BenchReport::default();
    let csv = options.out.join("warmstart.csv");
    write_rows(&csv, &rows)?;
    report.files.push(csv);
    report.files.extend(write_charts(&options.out, &rows)?);
    let problems_csv = options.out.join("warmstart-problems.csv");
    write_problems(&problems_csv, &hulls, &trajectories, &problems)?;
    report.files.push(problems_csv);
    report.failures = disagreements(&rows);
    let mut summary = summary(&rows, count, steps, problems.len(), simulated_s);
    if !failed.is_empty() {
        let _ = writeln!(
            summary,
            "{} drops were rejected by the simulator and replaced by the next draw; first: \
             draw {} ({} / {}): {}\n",
            failed.len(),
            failed[0].0,
            hulls[failed[0].1].0.display(),
            hulls[failed[0].2].0.display(),
            failed[0].3
        );
    }
    report.summary = summary;
    Ok(report)
}

/// The time charts of the strategies (GJK++ Fig. 13), one per task, in `out`; returns
/// their paths.
fn write_charts(out: &std::path::Path, rows: &[Row]) -> Result<Vec<std::path::PathBuf>, BenchError> {
    let mut files = Vec::new();
    for task in TASKS {
        let chart = BandChart {
            title: format!("Warm starts, {} (GJK++ Fig. 13): time, mean ± std", task.name()),
            x_label: "strategy".into(),
            y_label: "time (ns)".into(),
            x_ticks: STRATEGIES.iter().map(|s| s.to_string()).collect(),
            series: SOLVERS
                .iter()
                .map(|&solver| BandSeries {
                    name: solver.name().to_string(),
                    points: (0..STRATEGIES.len())
                        .map(|s| {
                            let (m, sd) = mean_std(
                                rows.iter()
                                    .filter(|r| r.solver == solver && r.task == task && r.strategy == s)
                                    .map(|r| r.ns as f64),
                            );
                            (s as f64, m, sd)
                        })
                        .collect(),
                })
                .collect(),
        };
        files.extend(chart.write(out, &format!("warmstart-{}", task.name()))?);
    }
    Ok(files)
}

/// The queried problems (the pairs the broad phase let through), one row per step:
/// the hulls' file names and both shapes' world poses (translation, then the unit
/// quaternion w x y z), so that other libraries can replay them (`scripts/peers/`).
fn write_problems(
    path: &std::path::Path, hulls: &[(std::path::PathBuf, Shape)], trajectories: &[funnel::PairTrajectory],
    problems: &[(usize, usize)],
) -> Result<(), BenchError> {
    let name = |i: usize| {
        hulls[i]
            .0
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let pose = |p: &Pose| {
        let (t, q) = (p.translation, p.rotation);
        format!("{},{},{},{},{},{},{}", t.x, t.y, t.z, q.w, q.i, q.j, q.k)
    };
    let header = "trajectory,step,hull_a,hull_b,ax,ay,az,aqw,aqx,aqy,aqz,bx,by,bz,bqw,bqx,bqy,bqz";
    write_csv(path, header, problems, |w, &(traj, step)| {
        let run = &trajectories[traj];
        let (pa, pb) = &run.poses[step];
        writeln!(
            w,
            "{traj},{step},{},{},{},{}",
            name(run.a),
            name(run.b),
            pose(pa),
            pose(pb)
        )
    })
}

/// Steps where the variants and strategies disagree: a warm start changes the work,
/// never the answer (booleans equal, distances within twice the solvers' tolerance).
fn disagreements(rows: &[Row]) -> Vec<String> {
    let mut by_step: std::collections::BTreeMap<(usize, usize, &'static str), Vec<f64>> =
        std::collections::BTreeMap::new();
    for r in rows {
        by_step
            .entry((r.trajectory, r.step, r.task.name()))
            .or_default()
            .push(r.value);
    }
    by_step
        .into_iter()
        .filter_map(|((traj, step, task), values)| {
            let (lo, hi) = values
                .iter()
                .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            (hi - lo > 2e-7 * hi + 1e-12).then(|| {
                format!("warmstart trajectory {traj} step {step} [{task}]: answers from {lo} to {hi}")
            })
        })
        .collect()
}

fn write_rows(path: &std::path::Path, rows: &[Row]) -> Result<(), BenchError> {
    let header = "trajectory,step,solver,task,strategy,value,iterations,ns";
    write_csv(path, header, rows, |w, r| {
        writeln!(
            w,
            "{},{},{},{},{},{},{},{}",
            r.trajectory,
            r.step,
            r.solver.name(),
            r.task.name(),
            STRATEGIES[r.strategy],
            r.value,
            r.iterations,
            r.ns
        )
    })
}

/// Median ns and mean iterations per variant and strategy, the distances of the
/// problems, and the ranking of Fig. 13 (each variant's best strategy).
fn summary(rows: &[Row], count: usize, steps: usize, queried: usize, simulated_s: f64) -> String {
    let mut s = String::new();
    // The problems' distances, from one engine's answers (all agree, checked).
    let distances: Vec<f64> = rows
        .iter()
        .filter(|r| r.solver == SolverChoice::Gjk && r.task == Query::Distance && r.strategy == 1)
        .map(|r| r.value)
        .collect();
    let touching = distances.iter().filter(|&&d| d <= 0.0).count();
    let within_1cm = distances.iter().filter(|&&d| d <= 0.01).count();
    let share = |n: usize| 100.0 * n as f64 / distances.len().max(1) as f64;
    let _ = writeln!(
        s,
        "## Warm starts (GJK++ Fig. 13)\n\n{count} pairs of YCB hulls dropped into a funnel \
         (wolfe-sim, {} Hz for {steps} steps, seed {SEED}; simulated in {simulated_s:.1} s); \
         {queried} of {} steps passed the AABB broad phase (the problems, in \
         `warmstart-problems.csv`): {:.0}% intersecting, {:.0}% within 1 cm, median \
         distance {:.4} m. Cells: median ns / mean iterations. Plots: `warmstart-*.png`.\n",
        funnel::RATE,
        count * steps,
        share(touching),
        share(within_1cm),
        median(distances.clone()),
    );
    for task in TASKS {
        let _ = writeln!(s, "**{}**\n", task.name());
        let _ = writeln!(s, "| solver | {} | best |", STRATEGIES.join(" | "));
        let _ = writeln!(s, "|---|{}---|", "---|".repeat(STRATEGIES.len()));
        let mut best = Vec::new();
        for solver in SOLVERS {
            let medians: Vec<f64> = (0..STRATEGIES.len())
                .map(|k| {
                    median(
                        rows.iter()
                            .filter(|r| r.solver == solver && r.task == task && r.strategy == k)
                            .map(|r| r.ns as f64)
                            .collect(),
                    )
                })
                .collect();
            let cells: Vec<String> = (0..STRATEGIES.len())
                .map(|k| {
                    let (it, _) = mean_std(
                        rows.iter()
                            .filter(|r| r.solver == solver && r.task == task && r.strategy == k)
                            .map(|r| f64::from(r.iterations)),
                    );
                    format!("{:.0} / {it:.2}", medians[k])
                })
                .collect();
            let k = (0..STRATEGIES.len())
                .min_by(|&i, &j| medians[i].total_cmp(&medians[j]))
                .unwrap_or(0);
            best.push((solver, k, medians[k]));
            let _ = writeln!(
                s,
                "| {} | {} | {} |",
                solver.name(),
                cells.join(" | "),
                STRATEGIES[k]
            );
        }
        let vanilla = best.first().map_or(f64::NAN, |b| b.2);
        let ranking: Vec<String> = best
            .iter()
            .map(|(solver, k, ns)| {
                format!(
                    "{}-{} {ns:.0} ns ({:.2}x of vanilla's best)",
                    solver.name(),
                    STRATEGIES[*k],
                    ns / vanilla
                )
            })
            .collect();
        let _ = writeln!(s, "\nBest per variant: {}.\n", ranking.join("; "));
    }
    s
}
