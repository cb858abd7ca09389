//! `wolfe bench NAME`: the GJK++ paper's experiments, regenerated, measured and plotted.
//!
//! Each benchmark generates its problems deterministically (fixed seeds, through
//! [`crate::generate`], "as in the paper", Sec. IV), solves them with every variant,
//! and writes into the output folder: `NAME.csv` (one row per problem, solver and task),
//! PNG and SVG plots, and a section of `summary.md`. `--quick` runs sizes small enough
//! for CI; the default runs the full sizes (documented per benchmark).
//!
//! [`suite`] runs one benchmark or all of them and writes `summary.md`.
//!
//! Timings follow DESIGN.md: per problem, solver and task one untimed call (which gives
//! iterations and status), then the median of `repeats` timed calls, single thread.

pub mod ellipsoids;
pub mod funnel;
pub mod growth;
pub mod growth_sim;
pub mod meshes;
pub mod page;
pub mod parry;
pub mod peers;
pub mod qp;
pub mod sap;
pub mod suite;
pub mod warmstart;

use std::hint::black_box;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use wolfe::{ConvexMesh, GjkSolver, GjkStatus, Shape, WolfeError};

use crate::generate::{GenerateError, TARGETS};
use crate::plot::{BandSeries, PlotError};
use crate::problem_set::{ProblemSet, ProblemSetError};
use crate::run::SolverChoice;
use crate::timing;

/// The GJK queries the benchmarks time (the run command's other tasks have their own
/// benchmarks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Query {
    /// Distance to the tolerance.
    Distance,
    /// Boolean collision with early exit.
    Collision,
}

impl Query {
    /// The name in CSV files and tables.
    pub fn name(self) -> &'static str {
        match self {
            Query::Distance => "distance",
            Query::Collision => "collision",
        }
    }
}

/// What every benchmark needs to know.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Small sizes (CI) instead of the full ones.
    pub quick: bool,
    /// Output folder (created if missing).
    pub out: PathBuf,
    /// Directory of the YCB hulls (`*.obj`).
    pub ycb_dir: PathBuf,
}

/// What a benchmark wrote.
#[derive(Clone, Debug, Default)]
pub struct BenchReport {
    /// Files written (CSV and plots).
    pub files: Vec<PathBuf>,
    /// Its section of `summary.md` (Markdown).
    pub summary: String,
    /// Checks of the answers that failed (one line each; empty when all passed): the
    /// command writes everything, then exits with an error.
    pub failures: Vec<String>,
}

/// What can go wrong in a benchmark.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// Generating the problems failed.
    #[error("generating problems: {0}")]
    Generate(#[from] GenerateError),
    /// Loading the generated problems failed.
    #[error("loading problems: {0}")]
    Load(#[from] ProblemSetError),
    /// The library rejected a problem or the settings.
    #[error("problem {id} [{solver}]: {source}")]
    Query {
        /// Problem id (0 for settings).
        id: u64,
        /// Solver name.
        solver: &'static str,
        /// The library's error.
        source: WolfeError,
    },
    /// A file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A plot could not be drawn.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// The simulator rejected a scene (the warm-start benchmark's funnel).
    #[error("simulation: {0}")]
    Sim(#[from] wolfe_sim::SimError),
    /// The SAP solver rejected a generated problem.
    #[error("SAP: {0}")]
    Sap(#[from] wolfe_sap::SapError),
    /// A reference solver (clarabel) failed.
    #[error("reference solver: {0}")]
    Reference(String),
    /// No problem was left to measure (e.g. an empty YCB folder).
    #[error("{0}")]
    Empty(String),
    /// The peer library (parry) has no counterpart for a shape or cannot answer a
    /// problem.
    #[error("parry, problem {id}: {what}")]
    Peer {
        /// Problem id (0 for the shape table).
        id: u64,
        /// What is missing.
        what: String,
    },
}

/// One solve of one problem.
#[derive(Clone, Copy, Debug)]
pub struct Measurement {
    /// Problem id in its generated set.
    pub id: u64,
    /// Solver.
    pub solver: SolverChoice,
    /// Query.
    pub task: Query,
    /// Index of the target distance in [`TARGETS`].
    pub target: usize,
    /// The problem's reference signed distance (m).
    pub dist: f64,
    /// The answer: the distance (0 when overlapping), or 1 / 0 for intersecting /
    /// separated.
    pub value: f64,
    /// Iterations of the solver.
    pub iterations: u32,
    /// How the solver ended.
    pub status: GjkStatus,
    /// Median ns per query (0 when not timed).
    pub ns: u64,
}

/// Relative disagreement with the reference distance above which a benchmark answer
/// counts as a failure (the accuracy bar; the solvers run at 1e-7).
pub const ANSWER_TOLERANCE: f64 = 1e-6;

/// Checks every answer against the generated set's reference `dist` (vanilla GJK at
/// 1e-12, [`crate::generate::PLACEMENT_TOLERANCE`]): distances within
/// [`ANSWER_TOLERANCE`] relative on separated rows and 0 on overlapping rows, collision
/// answers equal to `dist < 0`. Returns one line per disagreement.
pub fn check_answers(family: &str, rows: &[Measurement]) -> Vec<String> {
    rows.iter()
        .filter_map(|m| {
            let ok = match m.task {
                Query::Distance if m.dist > 0.0 => (m.value - m.dist).abs() <= ANSWER_TOLERANCE * m.dist,
                Query::Distance => m.value == 0.0,
                Query::Collision => (m.value == 1.0) == (m.dist < 0.0),
            };
            (!ok).then(|| {
                format!(
                    "{family} problem {} [{} {}]: {} against the reference {} ({:?})",
                    m.id,
                    m.solver.name(),
                    m.task.name(),
                    m.value,
                    m.dist,
                    m.status
                )
            })
        })
        .collect()
}

/// The index of the target nearest to `dist` (the generator places B at one of
/// [`TARGETS`] and re-measures, so the nearest is the one it aimed at).
pub fn nearest_target(dist: f64) -> usize {
    let mut best = 0;
    for (i, t) in TARGETS.iter().enumerate() {
        if (t - dist).abs() < (TARGETS[best] - dist).abs() {
            best = i;
        }
    }
    best
}

/// Solves every problem of `set` with every solver and task, interleaved problem by
/// problem (so that all solvers see the same machine state); `repeats = 0` records
/// iterations only. `tick` is called once per problem (progress bar).
pub fn measure(
    set: &ProblemSet, solvers: &[SolverChoice], tasks: &[Query], repeats: usize, mut tick: impl FnMut(),
) -> Result<Vec<Measurement>, BenchError> {
    let mut engines = Vec::with_capacity(solvers.len());
    for &s in solvers {
        engines.push(GjkSolver::new(s.settings()).map_err(|source| BenchError::Query {
            id: 0,
            solver: s.name(),
            source,
        })?);
    }
    let mut times = vec![0u64; repeats];
    let mut out = Vec::with_capacity(set.problems.len() * solvers.len() * tasks.len());
    for p in &set.problems {
        let (a, b) = set.shapes_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        for &task in tasks {
            for (engine, &solver) in engines.iter_mut().zip(solvers) {
                let error = |source| BenchError::Query {
                    id: p.id,
                    solver: solver.name(),
                    source,
                };
                let (value, iterations, status, ns) = match task {
                    Query::Distance => {
                        let (o, ns) = timing::first_then_timed(&mut times, || {
                            engine.distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                        })
                        .map_err(error)?;
                        (o.distance, o.iterations, o.status, ns)
                    }
                    Query::Collision => {
                        let (o, ns) = timing::first_then_timed(&mut times, || {
                            engine.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                        })
                        .map_err(error)?;
                        (f64::from(u8::from(o.intersecting)), o.iterations, o.status, ns)
                    }
                };
                out.push(Measurement {
                    id: p.id,
                    solver,
                    task,
                    target: nearest_target(p.dist),
                    dist: p.dist,
                    value,
                    iterations,
                    status,
                    ns,
                });
            }
        }
        tick();
    }
    Ok(out)
}

/// Writes `path` with one row per measurement:
/// `family,id,solver,task,target,dist,value,iterations,status,ns`.
pub fn write_measurements(path: &Path, family: &str, rows: &[Measurement]) -> Result<(), BenchError> {
    let header = "family,id,solver,task,target,dist,value,iterations,status,ns";
    write_csv(path, header, rows, |w, m| {
        writeln!(
            w,
            "{family},{},{},{},{},{},{},{},{:?},{}",
            m.id,
            m.solver.name(),
            m.task.name(),
            TARGETS[m.target],
            m.dist,
            m.value,
            m.iterations,
            m.status,
            m.ns
        )
    })
}

/// Writes the CSV file `path`: the `header` line, then one line per row written by
/// `line`; an I/O error names the file.
pub(crate) fn write_csv<R>(
    path: &Path, header: &str, rows: &[R],
    mut line: impl FnMut(&mut dyn std::io::Write, &R) -> std::io::Result<()>,
) -> Result<(), BenchError> {
    let io = |source| BenchError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut w = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
    writeln!(w, "{header}").map_err(io)?;
    for r in rows {
        line(&mut w, r).map_err(io)?;
    }
    w.flush().map_err(io)
}

/// Mean and (population) standard deviation; `(0, 0)` for no values.
pub fn mean_std(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let (mut n, mut sum, mut sum2) = (0.0, 0.0, 0.0);
    for v in values {
        n += 1.0;
        sum += v;
        sum2 += v * v;
    }
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = sum / n;
    (mean, (sum2 / n - mean * mean).max(0.0).sqrt())
}

/// The median of `values` (0 for none).
pub fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        0.5 * (values[n / 2 - 1] + values[n / 2])
    }
}

/// Mean and standard deviation of `value` per target for one solver and task, as a
/// plot series over the target positions (targets without rows are skipped).
pub fn band_series(
    rows: &[Measurement], solver: SolverChoice, task: Query, value: impl Fn(&Measurement) -> f64,
) -> BandSeries {
    let points = (0..TARGETS.len())
        .filter_map(|t| {
            let vals: Vec<f64> = rows
                .iter()
                .filter(|m| m.solver == solver && m.task == task && m.target == t)
                .map(&value)
                .collect();
            if vals.is_empty() {
                return None;
            }
            let (mean, std) = mean_std(vals);
            Some((t as f64, mean, std))
        })
        .collect();
    BandSeries {
        name: solver.name().to_string(),
        points,
    }
}

/// The YCB hulls (`*.obj`) of `dir`, sorted by file name, as shapes; an error for an
/// unreadable folder, a bad file, or none at all.
pub(crate) fn load_hulls(dir: &Path) -> Result<Vec<(PathBuf, Shape)>, BenchError> {
    let entries = std::fs::read_dir(dir).map_err(|source| GenerateError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "obj"))
        .collect();
    files.sort();
    let mut hulls = Vec::with_capacity(files.len());
    for f in files {
        let mesh = ConvexMesh::from_obj(&f).map_err(|source| GenerateError::Shape {
            what: f.display().to_string(),
            source,
        })?;
        hulls.push((f, Shape::from(mesh)));
    }
    if hulls.is_empty() {
        return Err(BenchError::Empty(format!("no *.obj hull in {}", dir.display())));
    }
    Ok(hulls)
}

/// The vertex count of a mesh shape (0 for other shapes).
pub(crate) fn vertex_count(shape: &Shape) -> usize {
    match shape {
        Shape::ConvexMesh(m) => m.vertices().len(),
        _ => 0,
    }
}

/// Tick labels of the target positions.
pub fn target_ticks() -> Vec<String> {
    TARGETS.iter().map(|t| format!("{t}")).collect()
}

/// Whether a target lies in the paper's close-proximity band, `0 < d <= 0.1` m.
pub fn is_close(target: usize) -> bool {
    TARGETS[target] > 0.0 && TARGETS[target] <= 0.1
}

/// Rows of one solver and task whose target passes `keep`.
pub fn select<'m>(
    rows: &'m [Measurement], solver: SolverChoice, task: Query, keep: impl Fn(usize) -> bool + 'm,
) -> impl Iterator<Item = &'m Measurement> + 'm {
    rows.iter()
        .filter(move |m| m.solver == solver && m.task == task && keep(m.target))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_target_recovers_every_target_from_a_remeasured_distance() {
        for (i, t) in TARGETS.iter().enumerate() {
            assert_eq!(nearest_target(t * (1.0 + 1e-9)), i);
            assert_eq!(nearest_target(t - 1e-9), i);
        }
    }

    #[test]
    fn answer_checks_flag_each_kind_of_disagreement() {
        let m = |task, dist: f64, value: f64| Measurement {
            id: 0,
            solver: SolverChoice::Gjk,
            task,
            target: nearest_target(dist),
            dist,
            value,
            iterations: 1,
            status: GjkStatus::Converged,
            ns: 0,
        };
        let good = [
            m(Query::Distance, 0.01, 0.01 * (1.0 + 1e-7)),
            m(Query::Distance, -0.01, 0.0),
            m(Query::Collision, -0.001, 1.0),
            m(Query::Collision, 0.001, 0.0),
        ];
        assert!(check_answers("t", &good).is_empty());
        let bad = [
            m(Query::Distance, 0.01, 0.01 * (1.0 + 1e-5)),
            m(Query::Distance, -0.01, 1e-9),
            m(Query::Collision, -0.001, 0.0),
            m(Query::Collision, 0.001, 1.0),
        ];
        assert_eq!(check_answers("t", &bad).len(), 4);
    }

    #[test]
    fn mean_std_and_median_of_known_samples() {
        let (m, s) = mean_std([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!((m, s), (5.0, 2.0));
        assert_eq!(mean_std(std::iter::empty()), (0.0, 0.0));
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
