//! Cross-check against an independent conic solver: the primal problem (19) solved as a
//! second-order cone program by clarabel gives the same velocities and impulses.

use crate::common;

use clarabel::algebra::CscMatrix;
use clarabel::solver::{DefaultSettingsBuilder, DefaultSolver, IPSolver, SupportedConeT};
use nalgebra::DMatrix;
use wolfe_sap::conic::{self, ConicError, ConicSettings, ConicSolution, SolverStatus};
use wolfe_sap::{IntervalParams, SapError, SapModel, SapProblem, SapSettings, SapSolver, SapStatus};

/// A dense matrix as clarabel's compressed columns (the one-row program of the interval
/// test).
fn csc(m: &DMatrix<f64>) -> CscMatrix<f64> {
    let (mut colptr, mut rowval, mut nzval) = (vec![0], Vec::new(), Vec::new());
    for j in 0..m.ncols() {
        for i in 0..m.nrows() {
            if m[(i, j)] != 0.0 {
                rowval.push(i);
                nzval.push(m[(i, j)]);
            }
        }
        colptr.push(rowval.len());
    }
    CscMatrix::new(m.nrows(), m.ncols(), colptr, rowval, nzval)
}

/// Solves (19), generalized to every constraint kind, as the conic program of
/// [`wolfe_sap::conic`] at tight tolerances; if clarabel stalls there
/// (InsufficientProgress on a few ill-scaled instances), once more at 1e-10, still far
/// below the 1e-6 of the comparisons. Returns the solution and whether clarabel reached
/// `Solved` at the tight tolerance (not `AlmostSolved`, nor only at the fallback
/// tolerance).
fn clarabel_solve(problem: &SapProblem) -> (ConicSolution, bool) {
    let model = SapModel::new(problem, &Default::default()).unwrap();
    let tight = ConicSettings::tight();
    let fallback = ConicSettings {
        gap_absolute: 1e-10,
        gap_relative: 1e-10,
        feasibility: 1e-10,
        ..tight
    };
    let mut status = SolverStatus::Unsolved;
    for settings in [tight, fallback] {
        let solution = conic::solve(problem, &model, &settings).unwrap();
        status = solution.status;
        if solution.solved() {
            let exact = settings == tight && status == SolverStatus::Solved;
            return (solution, exact);
        }
    }
    panic!("clarabel: {status:?}");
}

/// Solves `problem` by SAP at a tight tolerance, and checks that it converged.
fn sap_solve(problem: &SapProblem) -> wolfe_sap::SapSolution {
    let mut sap = SapSolver::new(SapSettings {
        relative_tolerance: 1e-12,
        ..Default::default()
    })
    .unwrap();
    let sol = sap.solve_cold(problem).unwrap();
    assert_eq!(sol.stats.status, SapStatus::Converged);
    sol
}

/// Solves a small conic program with clarabel directly at tight tolerances, once more
/// at 1e-10 if it stalls there.
fn run_clarabel(
    p: &DMatrix<f64>, q: &[f64], a: &DMatrix<f64>, b: &[f64], cones: &[SupportedConeT<f64>],
) -> Vec<f64> {
    let mut status = SolverStatus::Unsolved;
    for tol in [1e-13, 1e-10] {
        let settings = DefaultSettingsBuilder::default()
            .verbose(false)
            .tol_gap_abs(tol)
            .tol_gap_rel(tol)
            .tol_feas(tol)
            .tol_ktratio(1e-10)
            .max_iter(400)
            .build()
            .unwrap();
        let mut solver =
            DefaultSolver::new(&csc(&p.upper_triangle()), q, &csc(a), b, cones, settings).unwrap();
        solver.solve();
        status = solver.solution.status;
        if matches!(status, SolverStatus::Solved | SolverStatus::AlmostSolved) {
            return solver.solution.x.clone();
        }
    }
    panic!("clarabel: {status:?}");
}

fn distance(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y).powi(2)).sum::<f64>().sqrt()
}

fn norm(a: &[f64]) -> f64 {
    a.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// SAP and the conic program agree on `problem`: the velocities within 1e-6 of their
/// scale, and the impulses of every kind within 1e-6 of the problem's impulse scale
/// (the momentum scale: |A (v - v*)| ~ |J^T gamma|), or SAP has the lower cost.
fn assert_agrees_with_clarabel(case: usize, problem: &SapProblem) {
    let sol = sap_solve(problem);
    let (conic, exact) = clarabel_solve(problem);
    let v_err = distance(sol.v.as_slice(), conic.v.as_slice());
    // On a few ill-conditioned instances (near-rigid couplers) clarabel stops (even as
    // `Solved`) with a cost 1e-10 to 1e-8 above the minimum, its velocities up to 1e-4
    // off and the impulses, which amplify velocity errors by 1/R, up to 1e-2 of their
    // scale. Where SAP is then the strictly better minimizer of the same strongly
    // convex cost (24), that decides it (the rest is checked at those tolerances);
    // elsewhere both must agree to 1e-6.
    let model = SapModel::new(problem, &Default::default()).unwrap();
    let cost =
        |v: &[f64]| wolfe_sap::evaluate(problem, &model, &nalgebra::DVector::from_column_slice(v)).cost;
    let (ours, theirs) = (cost(sol.v.as_slice()), cost(conic.v.as_slice()));
    let sap_better = !exact || ours < theirs - 1e-14 * theirs.abs();
    let (tolerance, impulse_tolerance) = if sap_better { (1e-4, 1e-2) } else { (1e-6, 1e-6) };
    assert!(
        v_err <= tolerance * sol.v.norm().max(1e-3),
        "case {case}: v error {v_err}, cost {ours:e} clarabel {theirs:e} exact {exact}"
    );
    let g: Vec<f64> = sol.gamma.iter().flat_map(|g| [g.x, g.y, g.z]).collect();
    let conic_g: Vec<f64> = conic.gamma.iter().flat_map(|g| [g.x, g.y, g.z]).collect();
    let scale = norm(&g)
        .max(norm(&sol.pd_impulses))
        .max(norm(&sol.limit_impulses))
        .max(norm(&sol.coupler_impulses))
        .max(1e-6);
    for (name, ours, theirs) in [
        ("contact", &g, &conic_g),
        ("PD", &sol.pd_impulses, &conic.pd_impulses),
        ("limit", &sol.limit_impulses, &conic.limit_impulses),
        ("coupler", &sol.coupler_impulses, &conic.coupler_impulses),
    ] {
        let err = distance(ours, theirs);
        assert!(
            err <= impulse_tolerance * scale,
            "case {case}: {name} impulses {ours:?} vs {theirs:?}"
        );
    }
}

/// Contact problems: SAP and the second-order cone program agree.
#[test]
fn primal_socp_by_clarabel_gives_the_same_velocities_and_impulses() {
    let mut rng = common::rng(20);
    for case in 0..25 {
        let nt = 1 + case % 5;
        let nc = 1 + (case * 3) % 7;
        assert_agrees_with_clarabel(case, &common::random_problem(&mut rng, nt, nc));
    }
}

/// Mixed problems (contacts, PD controllers with and without effort limits, joint
/// limits, couplers): SAP and the conic program agree on the velocities and on every
/// impulse.
#[test]
fn mixed_problems_by_clarabel_give_the_same_velocities_and_impulses() {
    let mut rng = common::rng(21);
    for case in 0..25 {
        let nt = 1 + case % 4;
        let problem = common::random_mixed_problem(&mut rng, nt, case % 5, 1 + case % 4, 1 + (case * 3) % 5);
        assert_agrees_with_clarabel(case, &common::with_couplers(&mut rng, problem, case % 3));
    }
}

/// The projection of one scalar constraint (PD with an effort limit: [-b, b]; joint
/// limit: [0, inf)) against clarabel on its convex subproblem, Eq. 23 for an interval:
/// gamma = argmin over lower <= g <= upper of R (g - y)^2 / 2, and the cost
/// ell = max over g of (g R y - R g^2 / 2) is minus the optimal objective of
/// min R g^2 / 2 - R y g.
#[test]
fn interval_projection_and_cost_match_clarabel() {
    use rand::Rng;
    let mut rng = common::rng(22);
    for case in 0..200 {
        let r = 10f64.powf(rng.random_range(-3.0..1.0));
        let bound = 10f64.powf(rng.random_range(-2.0..1.0));
        let one_sided = case % 2 == 0;
        let iv = IntervalParams {
            r,
            v_hat: rng.random_range(-1.0..1.0),
            lower: if one_sided { 0.0 } else { -bound },
            upper: if one_sided { f64::INFINITY } else { bound },
        };
        let vc = iv.v_hat - r * bound * rng.random_range(-3.0..3.0);
        let y = iv.y(vc);
        let p = DMatrix::from_element(1, 1, r);
        let q = [-r * y];
        let (a, b) = if one_sided {
            (DMatrix::from_element(1, 1, -1.0), vec![0.0])
        } else {
            (DMatrix::from_column_slice(2, 1, &[-1.0, 1.0]), vec![bound, bound])
        };
        let cones = [SupportedConeT::NonnegativeConeT(b.len())];
        let g = run_clarabel(&p, &q, &a, &b, &cones)[0];
        let (cost, gamma, _) = iv.evaluate(vc);
        let scale = bound.max(y.abs());
        // Interior-point accuracy on an active bound: about 1e-8 of the scale.
        assert!(
            (gamma - g).abs() <= 1e-6 * scale,
            "case {case}: gamma {gamma} clarabel {g}"
        );
        let objective = 0.5 * r * g * g - r * y * g;
        assert!(
            (cost + objective).abs() <= 1e-6 * (r * scale * scale),
            "case {case}: cost {cost} vs {}",
            -objective
        );
    }
}

/// `wolfe_sap::momentum_error` is the solver's own measure (Eq. 32): at SAP's answer it
/// gives the momentum error the solver reported, solved whole or by islands; it is
/// below the tolerance there, and far above it at the free motion v* of a problem with
/// active contacts.
#[test]
fn momentum_error_is_the_solvers_measure() {
    let mut rng = common::rng(23);
    for case in 0..20 {
        let problem = common::random_mixed_problem(&mut rng, 1 + case % 4, case % 3, 1 + case % 4, case % 3);
        let model = SapModel::new(&problem, &Default::default()).unwrap();
        for islands in [false, true] {
            let mut sap = SapSolver::new(SapSettings {
                relative_tolerance: 1e-4,
                islands,
                ..Default::default()
            })
            .unwrap();
            let sol = sap.solve_cold(&problem).unwrap();
            let ours = wolfe_sap::momentum_error(&problem, &model, sol.v.as_slice()).unwrap();
            let reported = sol.stats.momentum_error;
            assert!(
                (ours - reported).abs() <= 1e-9 * reported.max(1e-12),
                "case {case}, islands {islands}: {ours:e} against the solver's {reported:e}"
            );
            assert!(ours < 1e-4, "case {case}: {ours:e}");
        }
        let at_v_star = wolfe_sap::momentum_error(&problem, &model, problem.v_star().as_slice()).unwrap();
        let sol = sap_solve(&problem);
        if sol.gamma.iter().any(|g| g.norm() > 0.0) {
            assert!(at_v_star > 1e-3, "case {case}: e_m(v*) = {at_v_star:e}");
        }
    }
}

/// Inputs that do not match the problem are typed errors: velocities of the wrong
/// length or with a NaN, a model of another problem, bad conic settings.
#[test]
fn mismatched_inputs_are_typed_errors() {
    let mut rng = common::rng(24);
    let problem = common::random_problem(&mut rng, 2, 3);
    let other = common::random_problem(&mut rng, 2, 1);
    let model = SapModel::new(&problem, &Default::default()).unwrap();
    let wrong = SapModel::new(&other, &Default::default()).unwrap();
    let n = problem.num_velocities();
    let mismatch = |r: Result<f64, SapError>| matches!(r, Err(SapError::InputMismatch { .. }));
    assert!(mismatch(wolfe_sap::momentum_error(
        &problem,
        &model,
        &vec![0.0; n + 1]
    )));
    let mut nan = vec![0.0; n];
    nan[0] = f64::NAN;
    assert!(mismatch(wolfe_sap::momentum_error(&problem, &model, &nan)));
    assert!(mismatch(wolfe_sap::momentum_error(
        &problem,
        &wrong,
        &vec![0.0; n]
    )));
    assert!(matches!(
        conic::solve(&problem, &wrong, &ConicSettings::default()),
        Err(ConicError::Input(SapError::InputMismatch {
            what: "contact models",
            given: 1,
            expected: 3
        }))
    ));
    let bad = ConicSettings {
        feasibility: f64::NAN,
        ..Default::default()
    };
    assert!(matches!(
        conic::solve(&problem, &model, &bad),
        Err(ConicError::Input(SapError::InvalidSetting {
            setting: "feasibility",
            ..
        }))
    ));
}
