//! `wolfe run`: solve every problem of a set with one solver and time it.

use std::hint::black_box;
use std::io;
use std::path::{Path, PathBuf};

use rand::SeedableRng;
use wolfe::{
    ContactSolver, ConvexShape, EpaSettings, EpaStatus, GjkSettings, GjkSolver, GjkStatus, GjkVariant,
    GrowthSettings, GrowthSolver, GrowthStatus, Normalization, Pose, Quat, Shape, SignedDistanceOutput,
    SignedDistanceSettings, WolfeError,
};

use crate::problem_set::{Category, Problem, ProblemSet};
use crate::timing;

/// The solvers a run can use (names as in the CLI and in `results.csv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum SolverChoice {
    /// Vanilla GJK.
    Gjk,
    /// Polyak-accelerated GJK.
    Polyak,
    /// Nesterov-accelerated GJK, normalization chosen per pair (automatic).
    Nesterov,
    /// Nesterov-accelerated GJK, always normalized.
    NesterovNorm,
    /// Nesterov-accelerated GJK, never normalized.
    NesterovNonorm,
    /// Plain Frank-Wolfe (a reference; sublinear).
    Fw,
    /// The library's default, `GjkVariant::Auto` (the variant picked per shape pair and
    /// nearness).
    Auto,
}

impl SolverChoice {
    /// The name used on the command line and in `results.csv`.
    pub fn name(self) -> &'static str {
        match self {
            SolverChoice::Gjk => "gjk",
            SolverChoice::Polyak => "polyak",
            SolverChoice::Nesterov => "nesterov",
            SolverChoice::NesterovNorm => "nesterov-norm",
            SolverChoice::NesterovNonorm => "nesterov-nonorm",
            SolverChoice::Fw => "fw",
            SolverChoice::Auto => "auto",
        }
    }

    /// The library's default settings for this solver.
    pub fn settings(self) -> GjkSettings {
        let (variant, normalization) = match self {
            SolverChoice::Gjk => (GjkVariant::Vanilla, Normalization::Auto),
            SolverChoice::Polyak => (GjkVariant::Polyak, Normalization::Auto),
            SolverChoice::Nesterov => (GjkVariant::Nesterov, Normalization::Auto),
            SolverChoice::NesterovNorm => (GjkVariant::Nesterov, Normalization::Always),
            SolverChoice::NesterovNonorm => (GjkVariant::Nesterov, Normalization::Never),
            SolverChoice::Fw => (GjkVariant::FrankWolfe, Normalization::Auto),
            SolverChoice::Auto => (GjkVariant::Auto, Normalization::Auto),
        };
        GjkSettings::with_variant(variant).with_normalization(normalization)
    }
}

/// The query a run times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Task {
    /// Distance query; value is the distance (0 when overlapping).
    Distance,
    /// Boolean collision query; value is 1 (intersecting) or 0.
    Collision,
    /// Growth distance (ray-intersection algorithm, wolfe's GrowthSolver); value is the
    /// growth factor alpha* (< 1: overlapping). Centre points: each primitive's local
    /// origin, each mesh's hull-vertex mean; alpha* depends on them. --solver does not
    /// apply.
    Growth,
    /// Signed distance (GJK on the cores, EPA when they overlap); value is the signed
    /// distance (negative: minus the penetration depth).
    Penetration,
}

impl Task {
    /// The name used on the command line and in `results.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Task::Distance => "distance",
            Task::Collision => "collision",
            Task::Growth => "growth",
            Task::Penetration => "penetration",
        }
    }
}

/// What to run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunOptions {
    /// Which solver.
    pub solver: SolverChoice,
    /// Which query.
    pub task: Task,
    /// Timed repeats per problem (>= 1), after one untimed warm-up call.
    pub repeats: usize,
    /// Overrides the solver's default tolerance.
    pub tolerance: Option<f64>,
    /// Overrides the solver's default iteration cap.
    pub max_iterations: Option<u32>,
    /// Task growth only: time warm-started solves (see [`run_set`]).
    pub warm: bool,
}

impl RunOptions {
    /// The solver settings: the solver's defaults with the overrides applied.
    pub fn settings(&self) -> GjkSettings {
        let mut s = self.solver.settings();
        if let Some(t) = self.tolerance {
            s.tolerance = t;
        }
        if let Some(m) = self.max_iterations {
            s.max_iterations = m;
        }
        s
    }

    /// The growth solver settings: defaults (tolerance `sqrt(f64::EPSILON)`, 100
    /// iterations) with the overrides applied.
    pub fn growth_settings(&self) -> GrowthSettings {
        let mut s = GrowthSettings::default();
        if let Some(t) = self.tolerance {
            s.tolerance = t;
        }
        if let Some(m) = self.max_iterations {
            s.max_iterations = m;
        }
        s
    }

    /// The solver name written to `results.csv`: `growth` for task growth.
    pub fn solver_name(&self) -> &'static str {
        match self.task {
            Task::Growth => "growth",
            _ => self.solver.name(),
        }
    }

    /// The settings of the penetration task: GJK as [`RunOptions::settings`] on the
    /// cores, EPA at its defaults.
    pub fn penetration_settings(&self) -> SignedDistanceSettings {
        SignedDistanceSettings::default()
            .with_gjk(self.settings())
            .with_epa(EpaSettings::default())
    }

    /// Checks the repeat count and the settings' ranges.
    pub fn validate(&self) -> Result<(), RunError> {
        if self.repeats == 0 {
            return Err(RunError::ZeroRepeats);
        }
        match self.task {
            Task::Growth => self.growth_settings().validate().map_err(RunError::Settings),
            _ if self.warm => Err(RunError::WarmNeedsGrowth),
            _ => self.penetration_settings().validate().map_err(RunError::Settings),
        }
    }
}

/// The outcome of one problem.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunRecord {
    /// Problem id.
    pub id: u64,
    /// Problem category (`None` when the set has no reference).
    pub category: Option<Category>,
    /// The reference signed distance of the problem (`None` when the set has none).
    pub reference: Option<f64>,
    /// Distance (task distance) or 1.0 / 0.0 (task collision).
    pub value: f64,
    /// Iterations of the solver.
    pub iterations: u32,
    /// How the solver ended.
    pub status: GjkStatus,
    /// Median time of one query over the repeats, in ns.
    pub ns_per_query: u64,
}

/// What can go wrong in a run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// `--repeats 0`.
    #[error("--repeats must be at least 1")]
    ZeroRepeats,
    /// `--warm` with a task other than growth.
    #[error("--warm applies to --task growth only")]
    WarmNeedsGrowth,
    /// The solver settings are out of range (e.g. a negative tolerance).
    #[error("invalid solver settings: {0}")]
    Settings(#[source] WolfeError),
    /// The library rejected a problem.
    #[error("problem {id} (line {line}): {source}")]
    Query {
        /// Problem id.
        id: u64,
        /// Line of the problem in `problems.csv`.
        line: u64,
        /// The library's error.
        source: WolfeError,
    },
    /// The results file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The results file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
}

/// Solves and times every problem of `set`, single thread, in file order.
///
/// Per problem: the solver, shapes and poses exist before timing starts; one untimed
/// warm-up call gives the reported value, iterations and status; then
/// [`timing::median_ns`] times `repeats` bare queries. `on_problem` is called after each
/// problem (for a progress bar), outside the timed region.
pub fn run_set(
    set: &ProblemSet, options: &RunOptions, on_problem: impl FnMut(),
) -> Result<Vec<RunRecord>, RunError> {
    options.validate()?;
    if options.task == Task::Growth {
        return run_growth(set, options, on_problem);
    }
    let mut solver = GjkSolver::new(options.settings()).map_err(RunError::Settings)?;
    let mut epa = ContactSolver::new(options.penetration_settings()).map_err(RunError::Settings)?;
    let rows = (&set.problems[..], set.has_reference, options.repeats);
    record_each(rows, on_problem, |p, times| {
        let (a, b) = set.shapes_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        let query_error = query_error(p);
        Ok(match options.task {
            Task::Distance => {
                let out = solver.distance(a, pa, b, pb, None).map_err(query_error)?;
                let ns = timing::median_ns(times, || {
                    solver.distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                });
                (out.distance, out.iterations, out.status, ns)
            }
            Task::Collision => {
                let out = solver.intersects(a, pa, b, pb, None).map_err(query_error)?;
                let ns = timing::median_ns(times, || {
                    solver.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                });
                let value = if out.intersecting { 1.0 } else { 0.0 };
                (value, out.iterations, out.status, ns)
            }
            Task::Growth => unreachable!("task growth runs in run_growth"),
            Task::Penetration => {
                let out = epa.signed_distance(a, pa, b, pb, None).map_err(query_error)?;
                let ns = timing::median_ns(times, || {
                    epa.signed_distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                });
                (
                    out.signed_distance,
                    out.gjk_iterations + out.epa_iterations,
                    penetration_status(&out),
                    ns,
                )
            }
        })
    })
}

/// One problem's answer as a run records it: value, iterations, status, ns per query.
pub(crate) type Measured = (f64, u32, GjkStatus, u64);

/// Every problem of `(problems, has_reference, repeats)` in file order, each measured by
/// `measure` (given the problem and the timing scratch of `repeats` slots) into a [`RunRecord`], the reference columns kept
/// when the set has them; `on_problem` after each (outside any timed region).
pub(crate) fn record_each(
    (problems, has_reference, repeats): (&[Problem], bool, usize), mut on_problem: impl FnMut(),
    mut measure: impl FnMut(&Problem, &mut [u64]) -> Result<Measured, RunError>,
) -> Result<Vec<RunRecord>, RunError> {
    let mut times = vec![0u64; repeats];
    let mut records = Vec::with_capacity(problems.len());
    for p in problems {
        let (value, iterations, status, ns_per_query) = measure(p, &mut times)?;
        records.push(RunRecord {
            id: p.id,
            category: has_reference.then_some(p.category),
            reference: has_reference.then_some(p.dist),
            value,
            iterations,
            status,
            ns_per_query,
        });
        on_problem();
    }
    Ok(records)
}

/// A query's library error as the run error naming problem `p`.
pub(crate) fn query_error(p: &Problem) -> impl Fn(WolfeError) -> RunError + '_ {
    move |source| RunError::Query {
        id: p.id,
        line: p.line,
        source,
    }
}

/// The growth status as the GJK status that the summary counts: `Overlapping` is
/// `Intersecting`, the others keep their names.
fn growth_status(s: GrowthStatus) -> GjkStatus {
    match s {
        GrowthStatus::Converged => GjkStatus::Converged,
        GrowthStatus::IterationLimit => GjkStatus::IterationLimit,
        GrowthStatus::NumericalTrouble => GjkStatus::NumericalTrouble,
        GrowthStatus::Separated => GjkStatus::Separated,
        GrowthStatus::Overlapping => GjkStatus::Intersecting,
    }
}

/// Seed of the random motions of `--warm` (fixed: runs are reproducible).
pub const WARM_MOTION_SEED: u64 = 0x6772_6f77;

/// Moves a pose by `step` in a random direction and turns it by 0.01 rad about a random
/// axis (the paper's warm-start benchmark: about 1% of the shape's size, Sec. IV-A).
fn nudge(rng: &mut rand_chacha::ChaCha8Rng, pose: &Pose, step: f64) -> Pose {
    let axis = wolfe_testkit::random::random_unit_vector(rng);
    let dir = wolfe_testkit::random::random_unit_vector(rng);
    Pose {
        rotation: Quat::from_scaled_axis(axis * 0.01) * pose.rotation,
        translation: pose.translation + dir * step,
    }
}

/// A shape's size: the diagonal of its local bounding box.
fn size_of(s: &Shape) -> f64 {
    let b = s.local_aabb();
    (b.max - b.min).norm()
}

/// Task growth. Cold: like the other tasks (one untimed call, then `repeats` timed
/// calls). `--warm`: per problem, the pair is first solved at poses moved by 1% of each
/// shape's size (translation, and 0.01 rad of rotation; seeded by
/// [`WARM_MOTION_SEED`]), and what is timed is the warm-started solve at the problem's
/// own poses, each repeat from a copy of that same pair cache (the copy is made
/// outside the timed interval). So `value` is the problem's `alpha*` in both modes.
fn run_growth(
    set: &ProblemSet, options: &RunOptions, on_problem: impl FnMut(),
) -> Result<Vec<RunRecord>, RunError> {
    let mut solver = GrowthSolver::new(options.growth_settings()).map_err(RunError::Settings)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(WARM_MOTION_SEED);
    let rows = (&set.problems[..], set.has_reference, options.repeats);
    record_each(rows, on_problem, |p, times| {
        let (a, b) = set.shapes_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        let query_error = query_error(p);
        let (out, ns) = if options.warm {
            let mut state = GrowthSolver::new(options.growth_settings()).map_err(RunError::Settings)?;
            let (qa, qb) = (
                nudge(&mut rng, pa, 0.01 * size_of(a)),
                nudge(&mut rng, pb, 0.01 * size_of(b)),
            );
            timing::growth_timed(&mut state, (a, pa), (b, pb), Some((&qa, &qb)), times)
        } else {
            timing::growth_timed(&mut solver, (a, pa), (b, pb), None, times)
        }
        .map_err(query_error)?;
        Ok((out.alpha, out.iterations, growth_status(out.status), ns))
    })
}

/// The status of a signed-distance query in GJK's words, for the run's records:
/// `Converged` when certified, else the failure of the solver that ended it.
pub fn penetration_status(out: &SignedDistanceOutput) -> GjkStatus {
    match out.epa_status {
        None => out.gjk_status,
        Some(s) if s.is_certified() => GjkStatus::Converged,
        Some(EpaStatus::IterationLimit) => GjkStatus::IterationLimit,
        Some(_) => GjkStatus::NumericalTrouble,
    }
}

/// The line `wolfe run` prints before its summary: the set, solver, task, repeats and
/// the CPU.
pub fn run_header(set: &Path, options: &RunOptions) -> String {
    format!(
        "{}: solver {}, task {}{}, median of {} repeats, single thread, CPU {}",
        set.display(),
        options.solver_name(),
        options.task.name(),
        if options.warm { " (warm start)" } else { "" },
        options.repeats,
        wolfe_testkit::machine::cpu_name()
    )
}

/// Header of `results.csv`.
pub const RESULTS_HEADER: [&str; 6] = ["id", "solver", "task", "value", "iterations", "ns_per_query"];

/// An open `results.csv` (benchmark-format.md). Created before a run so that an
/// unwritable path fails before the work, not after it.
pub struct ResultsFile {
    path: PathBuf,
    writer: csv::Writer<std::fs::File>,
}

impl ResultsFile {
    /// Creates (truncates) the file and writes the header.
    pub fn create(path: &Path) -> Result<Self, RunError> {
        let mut file = Self {
            path: path.to_path_buf(),
            writer: csv::Writer::from_path(path).map_err(|e| RunError::Write {
                path: path.to_path_buf(),
                source: io::Error::other(e),
            })?,
        };
        file.writer
            .write_record(RESULTS_HEADER)
            .map_err(|e| file.error(e))?;
        Ok(file)
    }

    fn error(&self, e: csv::Error) -> RunError {
        RunError::Write {
            path: self.path.clone(),
            source: io::Error::other(e),
        }
    }

    /// Writes one row per record (value: the distance, 1/0 for collision, or the growth
    /// factor) and
    /// flushes.
    pub fn write(mut self, options: &RunOptions, records: &[RunRecord]) -> Result<(), RunError> {
        for r in records {
            let value = match options.task {
                Task::Distance | Task::Growth | Task::Penetration => r.value.to_string(),
                Task::Collision => (r.value as u8).to_string(),
            };
            self.writer
                .write_record([
                    r.id.to_string().as_str(),
                    options.solver_name(),
                    options.task.name(),
                    value.as_str(),
                    r.iterations.to_string().as_str(),
                    r.ns_per_query.to_string().as_str(),
                ])
                .map_err(|e| self.error(e))?;
        }
        self.writer.flush().map_err(|source| RunError::Write {
            path: self.path.clone(),
            source,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solver_names_map_to_variants() {
        use clap::ValueEnum;
        for s in SolverChoice::value_variants() {
            let pv = s.to_possible_value().unwrap();
            assert_eq!(pv.get_name(), s.name());
        }
        let n = SolverChoice::NesterovNonorm.settings();
        assert_eq!(
            (n.variant, n.normalization),
            (GjkVariant::Nesterov, Normalization::Never)
        );
        let n = SolverChoice::NesterovNorm.settings();
        assert_eq!(n.normalization, Normalization::Always);
        // `auto` is the library's default settings, as a user gets them.
        assert_eq!(SolverChoice::Auto.settings(), GjkSettings::default());
        assert_eq!(
            SolverChoice::Gjk.settings(),
            GjkSettings::with_variant(GjkVariant::Vanilla)
        );
        assert_eq!(SolverChoice::Fw.settings().variant, GjkVariant::FrankWolfe);
    }

    #[test]
    fn overrides_apply() {
        let o = RunOptions {
            solver: SolverChoice::Polyak,
            task: Task::Distance,
            repeats: 1,
            tolerance: Some(1e-8),
            max_iterations: Some(7),
            warm: false,
        };
        let s = o.settings();
        assert_eq!(
            (s.variant, s.tolerance, s.max_iterations),
            (GjkVariant::Polyak, 1e-8, 7)
        );
    }
}
