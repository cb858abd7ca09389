//! Diagnostics of SAP's warm starts on the bench's problems, printed by two ignored
//! tests (run by hand): the per-iteration history of warm-started solves, and the mean
//! iterations of warm starts under several solver settings. Compiled for tests only.

use wolfe_sap::{SapError, SapSettings, SapSolver, SapStatus};

use super::problems::{neighbour, next_step, Generator, CASES, DT, GRAVITY, SMALL_PERTURBATION};
/// The per-iteration history of warm-started solves of `bodies`-body problems (the
/// first `problems` random problems of every regime and pattern, drawn by the generator
/// of [`super::run`] from `seed`), as a text table: for the warm start from the solution perturbed by
/// [`SMALL_PERTURBATION`] and from the solution of the neighbouring problem, per Newton
/// iteration m: e_m (Eq. 32), the distance to the solution ||v_m - v||_D (D = diag(A))
/// and its ratio to the previous one (a constant ratio is the linear phase of
/// Appendix E, a squared one the quadratic phase), the Newton decrement, the step
/// alpha_m (and whether the line search stopped at alpha_max), the contacts in each
/// region (stiction / sliding / no contact, Appendix C), the contacts whose region
/// changed since the previous iterate and those whose region differs from the
/// solution's.
///
/// # Errors
/// [`SapError`] if a solve fails.
fn iteration_histories(
    seed: u64, bodies: usize, problems: usize, settings: &SapSettings,
) -> Result<String, SapError> {
    use std::fmt::Write as _;
    use wolfe_sap::{evaluate, ConeRegion, SapModel};
    let mut gen = Generator::new(seed);
    let mut out = String::new();
    let settings = SapSettings {
        record_history: true,
        ..*settings
    };
    let tight = SapSettings {
        relative_tolerance: 1e-12,
        ..settings
    };
    let count = |regions: &[ConeRegion], which: ConeRegion| regions.iter().filter(|r| **r == which).count();
    let differ = |a: &[ConeRegion], b: &[ConeRegion]| a.iter().zip(b).filter(|(x, y)| x != y).count();
    for (regime, pattern) in CASES {
        gen.regime = regime;
        for p in 0..problems {
            let problem = gen.problem(pattern, bodies)?;
            let n = problem.num_velocities();
            let noise: Vec<f64> = (0..n).map(|_| gen.normal()).collect();
            let mut solver = SapSolver::new(settings)?;
            let exact = SapSolver::new(tight)?.solve_cold(&problem)?;
            let models = SapModel::new(&problem, &settings.regularization)?;
            let at_solution = evaluate(&problem, &models, &exact.v).regions;
            let near = neighbour(&problem, &noise, SMALL_PERTURBATION)?;
            let v_near = SapSolver::new(tight)?.solve_cold(&near)?.v;
            let mut v_perturbed = exact.v.clone();
            for (v, e) in v_perturbed.iter_mut().zip(&noise) {
                *v += SMALL_PERTURBATION * e;
            }
            let diag: Vec<f64> = problem
                .trees()
                .iter()
                .flat_map(|t| (0..t.dofs()).map(move |i| t.a[(i, i)]))
                .collect();
            let distance = |v: &[f64]| {
                v.iter()
                    .zip(exact.v.iter())
                    .zip(&diag)
                    .map(|((a, b), d)| d * (a - b) * (a - b))
                    .sum::<f64>()
                    .sqrt()
            };
            let _ = writeln!(
                out,
                "\n{} {} problem {p}: {} contacts, at the solution {} stiction / {} sliding / {} no contact",
                regime.name(),
                pattern.name(),
                problem.contacts().len(),
                count(&at_solution, ConeRegion::Stiction),
                count(&at_solution, ConeRegion::Sliding),
                count(&at_solution, ConeRegion::NoContact),
            );
            for (start, v0) in [("perturbed", &v_perturbed), ("neighbour", &v_near)] {
                let sol = solver.solve(&problem, v0)?;
                let _ = writeln!(
                    out,
                    "  from {start}: {} iterations, {:?}, e_m {:.1e}",
                    sol.stats.iterations, sol.stats.status, sol.stats.momentum_error
                );
                let _ = writeln!(
                    out,
                    "     m      e_m   |v-v*|_D   ratio  decrement    alpha ls  stick slide   none changed wrong"
                );
                let mut previous: Option<(&[ConeRegion], f64)> = None;
                for (m, rec) in sol.stats.history.iter().enumerate() {
                    let d = distance(&rec.v);
                    let (changed, ratio) =
                        previous.map_or((0, f64::NAN), |(r, d0)| (differ(r, &rec.regions), d / d0));
                    let capped = if rec.alpha == settings.alpha_max { "*" } else { " " };
                    let _ = writeln!(
                        out,
                        "  {m:>4} {:>8.1e} {d:>10.2e} {ratio:>7.3} {:>10.2e} {:>8.4}{capped}{:>2} {:>6} {:>5} {:>6} {changed:>7} {:>5}",
                        rec.momentum_error,
                        rec.newton_decrement,
                        rec.alpha,
                        rec.line_search_iterations,
                        count(&rec.regions, ConeRegion::Stiction),
                        count(&rec.regions, ConeRegion::Sliding),
                        count(&rec.regions, ConeRegion::NoContact),
                        differ(&rec.regions, &at_solution),
                    );
                    previous = Some((&rec.regions, d));
                }
                let last = evaluate(&problem, &models, &sol.v).regions;
                let _ = writeln!(
                    out,
                    "  last     {:>8.1e} {:>10.2e}  (regions differing from the solution: {})",
                    sol.stats.momentum_error,
                    distance(sol.v.as_slice()),
                    differ(&last, &at_solution)
                );
            }
        }
    }
    Ok(out)
}

/// Perturbation sizes of [`warm_start_study`], in units of g dt.
const STUDY_PERTURBATIONS: [f64; 5] = [1e-6, 1e-5, 1e-4, 1e-3, 1e-2];

/// Mean Newton iterations of warm-started solves of `bodies`-body problems (`problems`
/// random problems per regime and pattern, drawn by the generator of [`super::run`] from
/// `seed`) with the given settings, as a text table, one row per regime and pattern:
/// cold (from v*); from the solution perturbed by each of [`STUDY_PERTURBATIONS`] (times g dt) per
/// component, with the mean number of contacts whose region (Appendix C) at the start
/// differs from the solution's; from the solution of the neighbouring problem (v*
/// perturbed by 1e-3 g dt); and over `steps` linearized time steps warm-started from
/// the previous step (all, last 5). The last columns count the solves that did not
/// converge, the largest e_m among those that did, and the mean line-search
/// iterations per Newton iteration over all the row's solves.
///
/// # Errors
/// [`SapError`] if a solve fails.
fn warm_start_study(
    seed: u64, bodies: usize, problems: usize, steps: usize, settings: &SapSettings,
) -> Result<String, SapError> {
    use std::fmt::Write as _;
    use wolfe_sap::{evaluate, SapModel};
    let mut gen = Generator::new(seed);
    let mut out = String::from("regime    pattern  contacts  it_cold");
    for q in STUDY_PERTURBATIONS {
        let _ = write!(out, " it({q:.0e}) wrong");
    }
    out.push_str("  it_near  it_step it_last5 not_conv   max_e_m  ls/newton\n");
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    for (regime, pattern) in CASES {
        gen.regime = regime;
        let (mut contacts, mut cold_iterations) = (Vec::new(), Vec::new());
        let mut perturbed = vec![(Vec::new(), Vec::new()); STUDY_PERTURBATIONS.len()];
        let (mut near, mut step_all, mut step_last) = (Vec::new(), Vec::new(), Vec::new());
        let (mut not_converged, mut max_em) = (0, 0.0_f64);
        let (mut newton, mut line_search) = (0_u64, 0_u64);
        for _ in 0..problems {
            let problem = gen.problem(pattern, bodies)?;
            contacts.push(problem.contacts().len() as f64);
            let n = problem.num_velocities();
            let noise: Vec<f64> = (0..n).map(|_| gen.normal()).collect();
            let mut solver = SapSolver::new(*settings)?;
            let mut note = |sol: &wolfe_sap::SapSolution| {
                if sol.stats.status == SapStatus::Converged {
                    max_em = max_em.max(sol.stats.momentum_error);
                } else {
                    not_converged += 1;
                }
                newton += u64::from(sol.stats.iterations);
                line_search += u64::from(sol.stats.line_search_iterations);
                f64::from(sol.stats.iterations)
            };
            let cold = solver.solve_cold(&problem)?;
            cold_iterations.push(note(&cold));
            let models = SapModel::new(&problem, &settings.regularization)?;
            let at_solution = evaluate(&problem, &models, &cold.v).regions;
            for (k, q) in STUDY_PERTURBATIONS.iter().enumerate() {
                let mut v0 = cold.v.clone();
                for (v, e) in v0.iter_mut().zip(&noise) {
                    *v += q * GRAVITY * DT * e;
                }
                let start = evaluate(&problem, &models, &v0).regions;
                let wrong = start.iter().zip(&at_solution).filter(|(a, b)| a != b).count();
                let sol = solver.solve(&problem, &v0)?;
                perturbed[k].0.push(note(&sol));
                perturbed[k].1.push(wrong as f64);
            }
            let v_near = solver
                .solve_cold(&neighbour(&problem, &noise, SMALL_PERTURBATION)?)?
                .v;
            let sol = solver.solve(&problem, &v_near)?;
            near.push(note(&sol));
            let mut current = problem.clone();
            let mut v = cold.v.clone();
            for step in 1..=steps {
                current = next_step(&current, &v)?;
                let sol = solver.solve(&current, &v)?;
                let it = note(&sol);
                step_all.push(it);
                if step + 5 > steps {
                    step_last.push(it);
                }
                v = sol.v;
            }
        }
        let _ = write!(
            out,
            "{:<9} {:<8} {:>8.0} {:>8.2}",
            regime.name(),
            pattern.name(),
            mean(&contacts),
            mean(&cold_iterations)
        );
        for (it, wrong) in &perturbed {
            let _ = write!(out, " {:>9.2} {:>5.1}", mean(it), mean(wrong));
        }
        let _ = writeln!(
            out,
            " {:>8.2} {:>8.2} {:>8.2} {:>8} {:>9.1e} {:>10.2}",
            mean(&near),
            mean(&step_all),
            mean(&step_last),
            not_converged,
            max_em,
            line_search as f64 / newton.max(1) as f64
        );
    }
    Ok(out)
}

/// Prints the per-iteration history of warm-started 40-body solves:
/// `cargo test --release -p wolfe-lab --lib bench::sap -- --ignored --nocapture`.
#[test]
#[ignore = "diagnostic output, run by hand"]
fn print_iteration_histories() {
    let report = iteration_histories(0, 40, 2, &SapSettings::default()).expect("solves");
    println!("{report}");
}

/// Prints the mean warm-start iterations at 40 bodies for several line-search and
/// regularization settings:
/// `cargo test --release -p wolfe-lab --lib bench::sap -- --ignored --nocapture`.
#[test]
#[ignore = "diagnostic output, run by hand"]
fn print_warm_start_study() {
    let base = SapSettings::default();
    let variants = [
        ("default", base),
        (
            "alpha_max 1",
            SapSettings {
                alpha_max: 1.0,
                ..base
            },
        ),
        (
            "alpha_max 4",
            SapSettings {
                alpha_max: 4.0,
                ..base
            },
        ),
        (
            "line search tolerance 1e-8",
            SapSettings {
                line_search_tolerance: 1e-8,
                ..base
            },
        ),
        (
            "backtracking",
            SapSettings {
                line_search: wolfe_sap::LineSearch::Backtracking,
                ..base
            },
        ),
        (
            "eps_r 1e-5",
            SapSettings {
                relative_tolerance: 1e-5,
                ..base
            },
        ),
        (
            "sigma 1e-2 (changes the model)",
            SapSettings {
                regularization: wolfe_sap::RegularizationSettings {
                    sigma: 1e-2,
                    ..base.regularization
                },
                ..base
            },
        ),
        (
            "sigma 1e-4 (changes the model)",
            SapSettings {
                regularization: wolfe_sap::RegularizationSettings {
                    sigma: 1e-4,
                    ..base.regularization
                },
                ..base
            },
        ),
    ];
    for (name, settings) in variants {
        let report = warm_start_study(0, 40, 5, 30, &settings).expect("solves");
        println!("{name}\n{report}");
    }
}
