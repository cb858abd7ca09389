//! SAP against an interior-point method on a simulation's own problems (the SAP paper's
//! solver comparison): after each step of any [`Simulation`], the problem the step
//! solved ([`Simulation::last_problem`]) is solved again
//! - by SAP: a fresh solve from the step's start velocities (the simulator's own initial
//!   guess) with the simulator's SAP settings, by one solver kept across the steps as
//!   the simulator keeps its own (its symbolic factorization reused); the simulator's
//!   own Newton iterations are recorded beside it as a check (the same problem, guess
//!   and settings give the same iterations);
//! - by clarabel ([`wolfe_sap::conic`]), cold, as an interior-point method runs, at
//!   [`ConicSettings::matching`] the SAP tolerance unless told otherwise.
//!
//! Both answers get the solver's own measure, the momentum error of Eq. 32
//! ([`wolfe_sap::momentum_error`]). Times are wall-clock per solve: SAP's
//! `solve_in_place` (its model included), clarabel's model, assembly and solve, and
//! clarabel's own time (setup and iterations) beside it.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use nalgebra::DVector;
use wolfe_sap::conic::{self, ConicError, ConicSettings};
use wolfe_sap::{SapModel, SapProblem, SapSettings, SapSolver, SapStatus};
use wolfe_sim::{SimError, Simulation, StepStats};

use super::options::{io, SimRunError};

/// One step's comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct IpmStep {
    /// The step (from 1).
    pub step: u64,
    /// The step's end time, s.
    pub time: f64,
    /// Contacts of the problem.
    pub contacts: usize,
    /// Generalized velocities of the problem.
    pub velocities: usize,
    /// SAP's Newton iterations.
    pub sap_iterations: u32,
    /// SAP's wall time, s.
    pub sap_seconds: f64,
    /// SAP's momentum error at its answer.
    pub sap_momentum_error: f64,
    /// Whether SAP converged (Eq. 26).
    pub sap_converged: bool,
    /// The simulator's own Newton iterations in the step.
    pub sim_iterations: u32,
    /// clarabel's interior-point iterations.
    pub ipm_iterations: u32,
    /// clarabel's wall time: the model, the matrices' assembly and the solve, s.
    pub ipm_seconds: f64,
    /// clarabel's own time (setup and iterations), s.
    pub ipm_own_seconds: f64,
    /// clarabel's answer's momentum error (NaN when its iterate was not finite).
    pub ipm_momentum_error: f64,
    /// Whether clarabel solved (`Solved` or `AlmostSolved`).
    pub ipm_solved: bool,
    /// clarabel's status, as it names it.
    pub ipm_status: String,
    /// The two answers' difference in the units of Eq. 32:
    /// `|D A (v_sap - v_ipm)| / max(|D A v_sap|, |D J^T gamma_sap|)` (NaN when
    /// clarabel's iterate was not finite). For a diagonal A it is the A-norm of the
    /// difference over the momentum scale, at most the sum of the two momentum errors
    /// (strong convexity: H >= A).
    pub velocity_difference: f64,
}

/// The whole run's comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct IpmSummary {
    /// Steps compared (those that solved a problem).
    pub steps: usize,
    /// Mean Newton iterations of SAP per step.
    pub sap_mean_iterations: f64,
    /// Largest SAP iterations of a step.
    pub sap_max_iterations: u32,
    /// Mean interior-point iterations per step.
    pub ipm_mean_iterations: f64,
    /// Largest interior-point iterations of a step.
    pub ipm_max_iterations: u32,
    /// SAP's mean wall time per step, s.
    pub sap_mean_seconds: f64,
    /// clarabel's mean wall time per step, s.
    pub ipm_mean_seconds: f64,
    /// clarabel's mean own time per step, s.
    pub ipm_mean_own_seconds: f64,
    /// Largest momentum error of SAP's answers.
    pub sap_max_momentum_error: f64,
    /// Largest momentum error of clarabel's answers (those with a finite iterate).
    pub ipm_max_momentum_error: f64,
    /// Steps where SAP did not converge.
    pub sap_not_converged: usize,
    /// Steps where clarabel did not solve.
    pub ipm_not_solved: usize,
    /// Steps whose SAP answer has a momentum error at or above SAP's tolerance.
    pub sap_above_tolerance: usize,
    /// Steps whose clarabel answer has a momentum error at or above SAP's tolerance
    /// (or no finite answer).
    pub ipm_above_tolerance: usize,
    /// Steps whose SAP iterations differ from the simulator's own.
    pub iterations_differ: usize,
    /// Largest velocity difference ([`IpmStep::velocity_difference`]).
    pub max_velocity_difference: f64,
}

impl IpmSummary {
    /// clarabel's mean wall time over SAP's.
    pub fn ratio(&self) -> f64 {
        self.ipm_mean_seconds / self.sap_mean_seconds
    }

    /// clarabel's mean own time over SAP's wall time.
    pub fn own_ratio(&self) -> f64 {
        self.ipm_mean_own_seconds / self.sap_mean_seconds
    }

    /// The Markdown table of the summary (quantity, SAP, clarabel).
    pub fn markdown(&self, sap_tolerance: f64, conic: &ConicSettings) -> String {
        format!(
            "| quantity | SAP | clarabel (IPM) |\n|---|---|---|\n\
             | tolerance | eps_r = {sap_tolerance:e} | gap {:e} (abs and rel), feasibility {:e}, kappa/tau {:e} |\n\
             | steps compared | {} | {} |\n\
             | mean iterations per step | {:.2} | {:.2} |\n\
             | max iterations | {} | {} |\n\
             | mean solve time per step (ms) | {:.4} | {:.4} (clarabel's own: {:.4}) |\n\
             | time ratio clarabel / SAP | 1 | {:.1} (own time: {:.1}) |\n\
             | max momentum error (Eq. 32) | {:.3e} | {:.3e} |\n\
             | steps not converged / not solved | {} | {} |\n\
             | steps with momentum error >= eps_r | {} | {} |\n\
             | max velocity difference (Eq. 32 units) | | {:.3e} |\n",
            conic.gap_relative,
            conic.feasibility,
            conic.kt_ratio,
            self.steps,
            self.steps,
            self.sap_mean_iterations,
            self.ipm_mean_iterations,
            self.sap_max_iterations,
            self.ipm_max_iterations,
            1e3 * self.sap_mean_seconds,
            1e3 * self.ipm_mean_seconds,
            1e3 * self.ipm_mean_own_seconds,
            self.ratio(),
            self.own_ratio(),
            self.sap_max_momentum_error,
            self.ipm_max_momentum_error,
            self.sap_not_converged,
            self.ipm_not_solved,
            self.sap_above_tolerance,
            self.ipm_above_tolerance,
            self.max_velocity_difference,
        )
    }
}

/// The header of `ipm.csv`.
pub const IPM_HEADER: &str = "step,time,contacts,velocities,sap_iterations,sap_seconds,sap_momentum_error,\
sap_converged,sim_iterations,ipm_iterations,ipm_seconds,ipm_own_seconds,ipm_momentum_error,ipm_solved,\
ipm_status,velocity_difference";

/// The comparison, run step by step beside a simulation (see the module docs).
pub struct IpmComparison {
    sap: SapSolver,
    sap_settings: SapSettings,
    conic: ConicSettings,
    /// The velocities at the start of the step being compared.
    v0: DVector<f64>,
    steps: Vec<IpmStep>,
}

impl IpmComparison {
    /// A comparison for `sim`: SAP with the simulator's settings, clarabel at
    /// [`ConicSettings::matching`] their relative tolerance.
    ///
    /// # Errors
    /// [`SimRunError::Sim`] for SAP settings the solver refuses.
    pub fn new(sim: &Simulation) -> Result<Self, SimRunError> {
        let sap_settings = sim.settings().sap;
        let c = ConicSettings::matching(sap_settings.relative_tolerance);
        Self::with_settings(sap_settings, c)
    }

    /// A comparison with given SAP and clarabel settings (SAP's regularization must be
    /// the simulator's, [`wolfe_sim::SimSettings::sap`], for the problems to be the
    /// same).
    ///
    /// # Errors
    /// [`SimRunError::Sim`] for bad SAP settings, [`SimRunError::Conic`] for bad conic
    /// settings.
    pub fn with_settings(sap_settings: SapSettings, conic: ConicSettings) -> Result<Self, SimRunError> {
        conic.validate().map_err(ConicError::from)?;
        Ok(Self {
            sap: SapSolver::new(sap_settings).map_err(SimError::from)?,
            sap_settings,
            conic,
            v0: DVector::zeros(0),
            steps: Vec::new(),
        })
    }

    /// The clarabel settings.
    pub fn conic_settings(&self) -> &ConicSettings {
        &self.conic
    }

    /// Steps `sim` once and compares the solvers on the problem it solved (none when it
    /// solved none). Returns the step's statistics, as [`Simulation::step`].
    ///
    /// # Errors
    /// The step's errors, and SAP's or clarabel's on the problem (a clarabel iterate
    /// that is not finite is recorded as not solved, not an error).
    pub fn step(&mut self, sim: &mut Simulation) -> Result<StepStats, SimRunError> {
        self.v0.clone_from(sim.velocities());
        let stats = sim.step()?;
        if let Some(problem) = sim.last_problem() {
            let row = self.compare(problem, &stats)?;
            self.steps.push(row);
        }
        Ok(stats)
    }

    /// Compares the solvers on `problem`, solved by the step `stats` from `self.v0`.
    fn compare(&mut self, problem: &SapProblem, stats: &StepStats) -> Result<IpmStep, SimRunError> {
        let start = Instant::now();
        self.sap
            .solve_in_place(problem, self.v0.as_slice())
            .map_err(SimError::from)?;
        let sap_seconds = start.elapsed().as_secs_f64();
        let sap_stats = self.sap.stats();
        let (sap_iterations, sap_converged) =
            (sap_stats.iterations, sap_stats.status == SapStatus::Converged);
        let v_sap = self.sap.velocities().to_vec();
        let start = Instant::now();
        let model = SapModel::new(problem, &self.sap_settings.regularization).map_err(SimError::from)?;
        let ipm = conic::solve(problem, &model, &self.conic);
        let ipm_seconds = start.elapsed().as_secs_f64();
        let sap_momentum_error =
            wolfe_sap::momentum_error(problem, &model, &v_sap).map_err(SimError::from)?;
        let mut row = IpmStep {
            step: stats.step,
            time: stats.time,
            contacts: problem.contacts().len(),
            velocities: problem.num_velocities(),
            sap_iterations,
            sap_seconds,
            sap_momentum_error,
            sap_converged,
            sim_iterations: stats.newton_iterations,
            ipm_iterations: 0,
            ipm_seconds,
            ipm_own_seconds: f64::NAN,
            ipm_momentum_error: f64::NAN,
            ipm_solved: false,
            ipm_status: String::new(),
            velocity_difference: f64::NAN,
        };
        match ipm {
            Ok(s) => {
                row.ipm_iterations = s.iterations;
                row.ipm_own_seconds = s.solve_seconds;
                row.ipm_solved = s.solved();
                row.ipm_status = format!("{:?}", s.status);
                row.ipm_momentum_error =
                    wolfe_sap::momentum_error(problem, &model, s.v.as_slice()).map_err(SimError::from)?;
                row.velocity_difference = velocity_difference(problem, &model, &v_sap, s.v.as_slice());
            }
            Err(ConicError::NonFinite { status, iterations }) => {
                row.ipm_iterations = iterations;
                row.ipm_status = format!("{status:?}");
            }
            Err(e) => return Err(e.into()),
        }
        Ok(row)
    }

    /// The steps compared so far.
    pub fn steps(&self) -> &[IpmStep] {
        &self.steps
    }

    /// The whole run's statistics (zeros and NaN means before any step was compared).
    pub fn summary(&self) -> IpmSummary {
        let s = &self.steps;
        let eps_r = self.sap_settings.relative_tolerance;
        let count = s.len() as f64;
        let mean = |f: &dyn Fn(&IpmStep) -> f64| s.iter().map(f).sum::<f64>() / count;
        let max = |f: &dyn Fn(&IpmStep) -> f64| s.iter().map(f).filter(|x| !x.is_nan()).fold(0.0, f64::max);
        IpmSummary {
            steps: s.len(),
            sap_mean_iterations: mean(&|r| f64::from(r.sap_iterations)),
            sap_max_iterations: s.iter().map(|r| r.sap_iterations).max().unwrap_or(0),
            ipm_mean_iterations: mean(&|r| f64::from(r.ipm_iterations)),
            ipm_max_iterations: s.iter().map(|r| r.ipm_iterations).max().unwrap_or(0),
            sap_mean_seconds: mean(&|r| r.sap_seconds),
            ipm_mean_seconds: mean(&|r| r.ipm_seconds),
            ipm_mean_own_seconds: mean(&|r| {
                if r.ipm_own_seconds.is_nan() {
                    0.0
                } else {
                    r.ipm_own_seconds
                }
            }),
            sap_max_momentum_error: max(&|r| r.sap_momentum_error),
            ipm_max_momentum_error: max(&|r| r.ipm_momentum_error),
            sap_not_converged: s.iter().filter(|r| !r.sap_converged).count(),
            ipm_not_solved: s.iter().filter(|r| !r.ipm_solved).count(),
            sap_above_tolerance: s
                .iter()
                .filter(|r| r.sap_momentum_error.is_nan() || r.sap_momentum_error >= eps_r)
                .count(),
            ipm_above_tolerance: s
                .iter()
                .filter(|r| r.ipm_momentum_error.is_nan() || r.ipm_momentum_error >= eps_r)
                .count(),
            iterations_differ: s.iter().filter(|r| r.sap_iterations != r.sim_iterations).count(),
            max_velocity_difference: max(&|r| r.velocity_difference),
        }
    }

    /// Writes `ipm.csv` (one row per compared step, [`IPM_HEADER`]) into `dir`.
    ///
    /// # Errors
    /// [`SimRunError::Io`] when the file cannot be written.
    pub fn write_csv(&self, dir: &Path) -> Result<(), SimRunError> {
        let path = dir.join("ipm.csv");
        let mut text = String::with_capacity(160 * (self.steps.len() + 1));
        text.push_str(IPM_HEADER);
        text.push('\n');
        for r in &self.steps {
            text.push_str(&format!(
                "{},{},{},{},{},{:e},{:e},{},{},{},{:e},{:e},{:e},{},{},{:e}\n",
                r.step,
                r.time,
                r.contacts,
                r.velocities,
                r.sap_iterations,
                r.sap_seconds,
                r.sap_momentum_error,
                r.sap_converged,
                r.sim_iterations,
                r.ipm_iterations,
                r.ipm_seconds,
                r.ipm_own_seconds,
                r.ipm_momentum_error,
                r.ipm_solved,
                r.ipm_status,
                r.velocity_difference
            ));
        }
        let mut file = std::fs::File::create(&path).map_err(io(&path))?;
        file.write_all(text.as_bytes()).map_err(io(&path))
    }

    /// Appends the section "SAP against an interior-point method" (the summary's
    /// table) to `dir/summary.md` and writes `ipm.csv`.
    ///
    /// # Errors
    /// [`SimRunError::Io`] when a file cannot be written.
    pub fn write(&self, dir: &Path) -> Result<(), SimRunError> {
        self.write_csv(dir)?;
        let path = dir.join("summary.md");
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&path)
            .map_err(io(&path))?;
        let text = format!(
            "\n## SAP against an interior-point method\n\nEvery step's problem solved again by SAP (from the \
             step's start velocities) and by clarabel (cold), per step in ipm.csv.\n\n{}",
            self.summary()
                .markdown(self.sap_settings.relative_tolerance, &self.conic)
        );
        file.write_all(text.as_bytes()).map_err(io(&path))
    }
}

/// `|D A (v_a - v_b)| / max(|D A v_a|, |D J^T gamma(v_a)|)` (see
/// [`IpmStep::velocity_difference`]); D = diag(A)^{-1/2} (Eq. 25).
fn velocity_difference(problem: &SapProblem, model: &SapModel, v_a: &[f64], v_b: &[f64]) -> f64 {
    let v = DVector::from_column_slice(v_a);
    let eval = wolfe_sap::evaluate(problem, model, &v);
    let [mut diff, mut momentum, mut impulse] = [0.0f64; 3];
    for (t, tree) in problem.trees().iter().enumerate() {
        let o = problem.offset(t);
        let n = tree.dofs();
        let dv = DVector::from_iterator(n, (0..n).map(|i| v_a[o + i] - v_b[o + i]));
        let va = v.rows(o, n);
        let (a_dv, a_v) = (&tree.a * &dv, &tree.a * va);
        let a_r = &tree.a * (va - &tree.v_star);
        for i in 0..n {
            let d = 1.0 / tree.a[(i, i)].sqrt();
            // grad = A (v - v*) - J^T gamma.
            let jt_gamma = a_r[i] - eval.gradient[o + i];
            diff += (d * a_dv[i]).powi(2);
            momentum += (d * a_v[i]).powi(2);
            impulse += (d * jt_gamma).powi(2);
        }
    }
    let scale = momentum.sqrt().max(impulse.sqrt());
    if scale > 0.0 {
        diff.sqrt() / scale
    } else {
        diff.sqrt()
    }
}
