//! `wolfe run`: solve every problem of a set with one solver and time it.

use std::hint::black_box;
use std::io;
use std::path::{Path, PathBuf};

use wolfe::{
    EpaSettings, EpaSolver, EpaStatus, GjkSettings, GjkSolver, GjkStatus, GjkVariant, Normalization,
    SignedDistanceOutput, SignedDistanceSettings, WolfeError,
};

use crate::problem_set::{Category, ProblemSet};
use crate::timing;

/// The solvers a run can use (names as in the CLI and in `results.csv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum SolverChoice {
    /// Vanilla GJK.
    Gjk,
    /// Polyak-accelerated GJK.
    Polyak,
    /// Nesterov-accelerated GJK, normalization chosen per pair ([`Normalization::Auto`]).
    Nesterov,
    /// Nesterov-accelerated GJK, always normalized.
    NesterovNorm,
    /// Nesterov-accelerated GJK, never normalized.
    NesterovNonorm,
    /// Plain Frank-Wolfe (a reference; sublinear).
    Fw,
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
        };
        GjkSettings {
            normalization,
            ..GjkSettings::with_variant(variant)
        }
    }
}

/// The query a run times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Task {
    /// Distance query; `value` is the distance (0 when overlapping).
    Distance,
    /// Boolean collision query; `value` is 1 (intersecting) or 0.
    Collision,
    /// Signed distance (GJK on the cores, EPA when they overlap); `value` is the signed
    /// distance (negative: minus the penetration depth).
    Penetration,
}

impl Task {
    /// The name used on the command line and in `results.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Task::Distance => "distance",
            Task::Collision => "collision",
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

    /// The settings of the penetration task: GJK as [`RunOptions::settings`] on the
    /// cores, EPA at its defaults.
    pub fn penetration_settings(&self) -> SignedDistanceSettings {
        SignedDistanceSettings {
            gjk: self.settings(),
            epa: EpaSettings::default(),
        }
    }

    /// Checks the repeat count and the settings' ranges.
    pub fn validate(&self) -> Result<(), RunError> {
        if self.repeats == 0 {
            return Err(RunError::ZeroRepeats);
        }
        self.penetration_settings().validate().map_err(RunError::Settings)
    }
}

/// The outcome of one problem.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunRecord {
    /// Problem id.
    pub id: u64,
    /// Problem category.
    pub category: Category,
    /// The reference signed distance of the problem.
    pub reference: f64,
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
    set: &ProblemSet,
    options: &RunOptions,
    mut on_problem: impl FnMut(),
) -> Result<Vec<RunRecord>, RunError> {
    options.validate()?;
    let mut solver = GjkSolver::new(options.settings()).map_err(RunError::Settings)?;
    let mut epa = EpaSolver::new(options.penetration_settings()).map_err(RunError::Settings)?;
    let mut times = vec![0u64; options.repeats];
    let mut records = Vec::with_capacity(set.problems.len());
    for p in &set.problems {
        let (a, b) = set.shapes_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        let query_error = |source| RunError::Query {
            id: p.id,
            line: p.line,
            source,
        };
        let (value, iterations, status, ns_per_query) = match options.task {
            Task::Distance => {
                let out = solver.distance(a, pa, b, pb).map_err(query_error)?;
                let ns = timing::median_ns(&mut times, || {
                    solver.distance(black_box(a), black_box(pa), black_box(b), black_box(pb))
                });
                (out.distance, out.iterations, out.status, ns)
            }
            Task::Collision => {
                let out = solver.intersects(a, pa, b, pb).map_err(query_error)?;
                let ns = timing::median_ns(&mut times, || {
                    solver.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb))
                });
                let value = if out.intersecting { 1.0 } else { 0.0 };
                (value, out.iterations, out.status, ns)
            }
            Task::Penetration => {
                let out = epa.signed_distance(a, pa, b, pb).map_err(query_error)?;
                let ns = timing::median_ns(&mut times, || {
                    epa.signed_distance(black_box(a), black_box(pa), black_box(b), black_box(pb))
                });
                (
                    out.signed_distance,
                    out.gjk_iterations + out.epa_iterations,
                    penetration_status(&out),
                    ns,
                )
            }
        };
        records.push(RunRecord {
            id: p.id,
            category: p.category,
            reference: p.dist,
            value,
            iterations,
            status,
            ns_per_query,
        });
        on_problem();
    }
    Ok(records)
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

    /// Writes one row per record (value: the distance, or 1/0 for collision) and
    /// flushes.
    pub fn write(mut self, options: &RunOptions, records: &[RunRecord]) -> Result<(), RunError> {
        for r in records {
            let value = match options.task {
                Task::Distance | Task::Penetration => r.value.to_string(),
                Task::Collision => (r.value as u8).to_string(),
            };
            self.writer
                .write_record([
                    r.id.to_string().as_str(),
                    options.solver.name(),
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
        assert_eq!(SolverChoice::Gjk.settings(), GjkSettings::default());
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
        };
        let s = o.settings();
        assert_eq!(
            (s.variant, s.tolerance, s.max_iterations),
            (GjkVariant::Polyak, 1e-8, 7)
        );
    }
}
