//! `wolfe bench warmstart`: GJK++ Sec. IV-E and Fig. 13, four ways to start GJK in a
//! sequence of correlated queries.
//!
//! The paper replays trajectories of YCB objects falling in a simulator; until wolfe's
//! simulator exists, the trajectories here are smooth random relative motions of two
//! YCB hulls: A rests at the origin, B's centre circles around it on a slowly turning
//! direction at a radius that breathes around contact, and B spins at a constant random
//! angular velocity. As in the paper, a query runs only on the steps the broad phase
//! (world AABB overlap) lets through, and the previous solution exists only if the
//! previous step ran a query. The strategies:
//! - `none`: `x_0 = (1, 0, 0)`;
//! - `obb`: the difference of the bounding-box centres (the default elsewhere);
//! - `prev`: the previous separation vector (a kept [`PairCache`]), else `obb`;
//! - `tprev`: the previous separation turned by B's rotation since the previous step
//!   (A is fixed: the witness on B moves with B), else `obb`.
//!
//! Sizes: `--quick` 4 trajectories of 300 steps, 5 repeats; full 30 of 2000, 20 repeats.

use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Write as _;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe::{Aabb, ConvexShape, GjkSolver, PairCache, Pose, Quat, Shape, Vec3};

use super::{mean_std, median, BenchError, BenchOptions, BenchReport, Query};
use crate::generate::random_quaternion;
use crate::plot::{BandChart, BandSeries};
use crate::progress::progress_bar;
use crate::run::SolverChoice;
use crate::timing;

/// Seed of the trajectories.
pub const SEED: u64 = 17;
/// (trajectories, steps per trajectory, timed repeats), `--quick` and full.
pub const SIZES: [(usize, usize, usize); 2] = [(4, 300, 5), (30, 2000, 20)];
/// Time step of the trajectories (s).
pub const DT: f64 = 0.01;
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

/// B's pose along a trajectory.
struct Trajectory {
    /// Radius around which B's centre breathes (m).
    radius: f64,
    /// Direction of B's centre at t = 0 and the axes it turns about.
    dir0: Vec3,
    turn: Vec3,
    /// B's initial rotation and angular velocity (rad/s, world).
    rot0: Quat,
    omega: Vec3,
    /// Breathing amplitude (m) and frequency (rad/s).
    amplitude: f64,
    freq: f64,
}

impl Trajectory {
    fn pose(&self, t: f64) -> Pose {
        let turn = Quat::from_scaled_axis(self.turn * t);
        let r = self.radius + self.amplitude * (self.freq * t).sin();
        let rotation = Quat::from_scaled_axis(self.omega * t) * self.rot0;
        Pose {
            rotation,
            translation: turn * self.dir0 * r,
        }
    }
}

/// The world AABB of `shape` at `pose`, from its local box's corners.
fn world_aabb(shape: &Shape, pose: &Pose) -> Aabb {
    let local = shape.local_aabb();
    let corners: Vec<Vec3> = (0..8)
        .map(|i| {
            let pick = |bit: usize, k: usize| if i & bit != 0 { local.max[k] } else { local.min[k] };
            pose.transform_point(&Vec3::new(pick(1, 0), pick(2, 1), pick(4, 2)))
        })
        .collect();
    Aabb::from_points(corners.iter()).unwrap_or(local)
}

fn overlap(a: &Aabb, b: &Aabb) -> bool {
    (0..3).all(|k| a.min[k] <= b.max[k] && b.min[k] <= a.max[k])
}

/// Runs the trajectories, times every strategy, writes the CSV, plots and summary.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let (count, steps, repeats) = SIZES[usize::from(!options.quick)];
    let hulls = super::load_hulls(&options.ycb_dir)?;
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut rows = Vec::new();
    let mut queried_steps = 0usize;
    let bar = progress_bar(count * steps, "warmstart: trajectories");
    for traj in 0..count {
        let ia = rng.random_range(0..hulls.len());
        let ib = rng.random_range(0..hulls.len());
        let (a, b) = (&hulls[ia].1, &hulls[ib].1);
        let reach = |s: &Shape| {
            let bb = s.local_aabb();
            0.5 * (bb.max - bb.min).norm()
        };
        let q = random_quaternion(&mut rng);
        let unit = |rng: &mut ChaCha8Rng| {
            let v = Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            );
            if v.norm() > 1e-3 {
                v.normalize()
            } else {
                Vec3::x()
            }
        };
        let scale = reach(a) + reach(b);
        let trajectory = Trajectory {
            radius: 0.8 * scale,
            dir0: unit(&mut rng),
            turn: unit(&mut rng) * rng.random_range(0.1..0.5),
            rot0: Pose::from_parts([0.0; 3], q)
                .map_err(|source| BenchError::Query {
                    id: 0,
                    solver: "trajectory",
                    source,
                })?
                .rotation,
            omega: unit(&mut rng) * rng.random_range(0.2..1.0),
            amplitude: 0.3 * scale,
            freq: rng.random_range(0.5..1.5),
        };
        let pose_a = Pose::identity();
        let aabb_a = world_aabb(a, &pose_a);
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
        for step in 0..steps {
            let pose_b = trajectory.pose(step as f64 * DT);
            bar.inc(1);
            if !overlap(&aabb_a, &world_aabb(b, &pose_b)) {
                // Filtered by the broad phase: no query, so no previous solution next.
                for e in engines.iter_mut() {
                    e.4.clear();
                }
                previous = None;
                continue;
            }
            queried_steps += 1;
            // B's rotation since the previous step (A is fixed).
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
                            .distance_cached(a, &pose_a, b, &pose_b, c)
                            .map(|o| (o.iterations, o.distance)),
                        Query::Collision => e
                            .intersects_cached(a, &pose_a, b, &pose_b, c)
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
            previous = Some(pose_b);
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
        report
            .files
            .extend(chart.write(&options.out, &format!("warmstart-{}", task.name()))?);
    }
    report.failures = disagreements(&rows);
    report.summary = summary(&rows, count, steps, queried_steps);
    Ok(report)
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
    let io = |source| BenchError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut w = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
    writeln!(w, "trajectory,step,solver,task,strategy,value,iterations,ns").map_err(io)?;
    for r in rows {
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
        .map_err(io)?;
    }
    w.flush().map_err(io)
}

/// Median ns and mean iterations per variant and strategy.
fn summary(rows: &[Row], count: usize, steps: usize, queried: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "## Warm starts (GJK++ Fig. 13)\n\n{count} smooth random trajectories of two YCB \
         hulls x {steps} steps (dt {DT} s, seed {SEED}); {queried} steps passed the AABB broad \
         phase. Cells: median ns / mean iterations. Plots: `warmstart-*.png`.\n"
    );
    for task in TASKS {
        let _ = writeln!(s, "**{}**\n", task.name());
        let _ = writeln!(s, "| solver | {} |", STRATEGIES.join(" | "));
        let _ = writeln!(s, "|---|{}", "---|".repeat(STRATEGIES.len()));
        for solver in SOLVERS {
            let cells: Vec<String> = (0..STRATEGIES.len())
                .map(|k| {
                    let sel: Vec<&Row> = rows
                        .iter()
                        .filter(|r| r.solver == solver && r.task == task && r.strategy == k)
                        .collect();
                    let ns = median(sel.iter().map(|r| r.ns as f64).collect());
                    let (it, _) = mean_std(sel.iter().map(|r| f64::from(r.iterations)));
                    format!("{ns:.0} / {it:.2}")
                })
                .collect();
            let _ = writeln!(s, "| {} | {} |", solver.name(), cells.join(" | "));
        }
        let _ = writeln!(s);
    }
    s
}
