//! Solving the bench's problems: every problem cold, warm-started from its perturbed
//! solution and from a neighbour's, and over linearized time steps, timed.

use std::time::Instant;

use wolfe_sap::{LinearSolver, SapError, SapSettings, SapSolver, SapStatus};

use super::problems::{
    neighbour, next_step, Generator, Pattern, Regime, CASES, LARGE_PERTURBATION, SMALL_PERTURBATION,
    TINY_PERTURBATION,
};
use crate::timing::median;

/// The sizes and counts of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scale {
    /// Numbers of bodies.
    pub sizes: Vec<usize>,
    /// Random problems per size, pattern and regime.
    pub problems: usize,
    /// Timed repeats per solve (the median is reported).
    pub repeats: usize,
    /// Linearized time steps warm-started from the previous step.
    pub steps: usize,
}

impl Scale {
    /// The scale of `wolfe bench sap` (`quick`: well under a minute).
    pub fn of(quick: bool) -> Self {
        if quick {
            Self {
                sizes: vec![8, 16, 40, 80, 160],
                problems: 2,
                repeats: 2,
                steps: 10,
            }
        } else {
            Self {
                sizes: vec![8, 12, 16, 24, 40, 60, 80, 120, 160],
                problems: 5,
                repeats: 7,
                steps: 30,
            }
        }
    }
}

/// One row of `sap.csv`.
#[derive(Debug, Clone)]
pub struct Row {
    /// Contact pattern.
    pub pattern: Pattern,
    /// State of the problem.
    pub regime: Regime,
    /// Index of the random problem at this size.
    pub problem: usize,
    /// Number of bodies (trees).
    pub bodies: usize,
    /// Number of contact constraints.
    pub contacts: usize,
    /// "dense", "sparse" or "block".
    pub solver: &'static str,
    /// Warm-started from a perturbed solution.
    pub warm: bool,
    /// Standard deviation of the perturbation of the warm start, m/s or rad/s (0 for
    /// cold solves).
    pub perturbation: f64,
    /// Newton iterations.
    pub iterations: u32,
    /// For perturbed warm starts: Newton iterations of the warm start from the
    /// solution of the neighbouring problem (v* perturbed by the same noise); 0
    /// otherwise.
    pub iterations_from_neighbour: u32,
    /// e_m (Eq. 32) of that warm start; 0 when there is none.
    pub momentum_error_from_neighbour: f64,
    /// Line-search iterations (total).
    pub line_search_iterations: u32,
    /// e_m (Eq. 32).
    pub momentum_error: f64,
    /// Solver status.
    pub status: SapStatus,
    /// For warm starts from the previous step: the index of the linearized time step
    /// after the first (cold) solve; 0 otherwise.
    pub steps: usize,
    /// Median wall time per solve, ns.
    pub ns: u64,
}

/// Generates the problems of `scale` from `seed` and solves each one every way, in
/// [`CASES`] order.
pub(crate) fn measure(scale: &Scale, seed: u64) -> Result<Vec<Row>, SapError> {
    let (sizes, problems, steps) = (&scale.sizes, scale.problems, scale.steps);
    let repeats = scale.repeats.max(1);
    let mut gen = Generator::new(seed);
    let mut rows = Vec::new();
    let mut times = vec![0u64; repeats];
    for (regime, pattern) in CASES {
        gen.regime = regime;
        for &bodies in sizes {
            for p in 0..problems {
                let problem = gen.problem(pattern, bodies)?;
                let n = problem.num_velocities();
                // One unit noise vector per problem: dense and sparse solves start from
                // the same perturbed points.
                let noise: Vec<f64> = (0..n).map(|_| gen.normal()).collect();
                // The solutions of the neighbouring problems (v* + perturbation * noise),
                // computed once: dense and sparse warm starts begin at the same points.
                let mut near_solver = SapSolver::new(SapSettings::default())?;
                let mut near_starts = Vec::new();
                for perturbation in [TINY_PERTURBATION, SMALL_PERTURBATION, LARGE_PERTURBATION] {
                    let near = neighbour(&problem, &noise, perturbation)?;
                    near_starts.push((perturbation, near_solver.solve_cold(&near)?.v));
                }
                for (name, linear_solver) in [
                    ("dense", LinearSolver::Dense),
                    ("sparse", LinearSolver::Sparse),
                    ("block", LinearSolver::Block),
                ] {
                    let mut solver = SapSolver::new(SapSettings {
                        linear_solver,
                        ..Default::default()
                    })?;
                    let cold = solver.solve_cold(&problem)?;
                    for perturbation in [0.0, TINY_PERTURBATION, SMALL_PERTURBATION, LARGE_PERTURBATION] {
                        let warm = perturbation > 0.0;
                        let v0 = if warm {
                            let mut v0 = cold.v.clone();
                            for (k, e) in noise.iter().enumerate() {
                                v0[k] += perturbation * e;
                            }
                            v0
                        } else {
                            problem.v_star().clone()
                        };
                        let mut last = None;
                        for t in times.iter_mut() {
                            let start = Instant::now();
                            let sol = solver.solve(&problem, &v0)?;
                            *t = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                            last = Some(sol);
                        }
                        let Some(sol) = last else { continue };
                        let (mut near_iterations, mut near_em) = (0, 0.0);
                        if let Some((_, v_near)) = near_starts.iter().find(|(q, _)| *q == perturbation) {
                            let near = solver.solve(&problem, v_near)?;
                            if near.stats.status != SapStatus::Converged {
                                near_em = f64::INFINITY;
                            } else {
                                near_em = near.stats.momentum_error;
                            }
                            near_iterations = near.stats.iterations;
                        }
                        rows.push(Row {
                            pattern,
                            regime,
                            problem: p,
                            bodies,
                            contacts: problem.contacts().len(),
                            solver: name,
                            warm,
                            perturbation,
                            iterations: sol.stats.iterations,
                            iterations_from_neighbour: near_iterations,
                            momentum_error_from_neighbour: near_em,
                            line_search_iterations: sol.stats.line_search_iterations,
                            momentum_error: sol.stats.momentum_error,
                            status: sol.stats.status,
                            steps: 0,
                            ns: median(&mut times),
                        });
                    }
                    if linear_solver != LinearSolver::Sparse {
                        continue;
                    }
                    // Warm starts as in time stepping: linearized steps (phi0 += dt v_n,
                    // v* = v + g dt, same Jacobians), each warm-started from the
                    // previous step's velocities; same pattern, so the symbolic
                    // factorization is reused.
                    let mut current = problem.clone();
                    let mut v = cold.v.clone();
                    for step in 1..=steps {
                        current = next_step(&current, &v)?;
                        let mut last = None;
                        for t in times.iter_mut() {
                            let start = Instant::now();
                            let sol = solver.solve(&current, &v)?;
                            *t = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                            last = Some(sol);
                        }
                        let Some(sol) = last else { continue };
                        rows.push(Row {
                            pattern,
                            regime,
                            problem: p,
                            bodies,
                            contacts: current.contacts().len(),
                            solver: name,
                            warm: true,
                            perturbation: 0.0,
                            iterations: sol.stats.iterations,
                            iterations_from_neighbour: 0,
                            momentum_error_from_neighbour: 0.0,
                            line_search_iterations: sol.stats.line_search_iterations,
                            momentum_error: sol.stats.momentum_error,
                            status: sol.stats.status,
                            steps: step,
                            ns: median(&mut times),
                        });
                        v = sol.v;
                    }
                }
            }
        }
    }
    Ok(rows)
}
