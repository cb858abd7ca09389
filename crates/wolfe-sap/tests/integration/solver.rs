//! SAP iterations: cost, gradient and H against finite differences; monotone decrease
//! and convergence from random starts; dense and sparse factorizations agree; typed
//! errors for bad input.

use crate::common;

use nalgebra::{DMatrix, DVector};
use wolfe_sap::{
    evaluate, ContactConstraint, LineSearch, LinearSolver, SapError, SapModel, SapProblem, SapSettings,
    SapSolver, SapStatus, Tree,
};

#[test]
fn gradient_and_hessian_agree_with_finite_differences() {
    let mut rng = common::rng(10);
    for case in 0..20 {
        let problem = common::random_problem(&mut rng, 4, 6);
        let models = SapModel::new(&problem, &Default::default()).unwrap();
        let n = problem.num_velocities();
        let v = problem.v_star() + common::random_vector(&mut rng, n, 0.05);
        common::assert_derivatives_match_finite_differences(case, &problem, &models, &v);
    }
}

#[test]
fn converges_monotonically_from_random_starts() {
    let mut rng = common::rng(11);
    for case in 0..60 {
        let nt = 1 + case % 8;
        let nc = 1 + (case * 7) % 15;
        let problem = common::random_problem(&mut rng, nt, nc);
        let n = problem.num_velocities();
        let line_search = if case % 4 == 3 {
            LineSearch::Backtracking
        } else {
            LineSearch::Exact
        };
        // Armijo's test compares costs, which stop changing in floating point before
        // the gradient reaches 1e-9: a looser tolerance for backtracking (the exact line
        // search works on the derivative and gets further, Section IV-B).
        let relative_tolerance = match line_search {
            LineSearch::Exact => 1e-9,
            LineSearch::Backtracking => 1e-6,
        };
        // The monolithic path, whose cost history has one entry per Newton
        // iteration (tests/islands.rs checks the island path against it).
        let settings = SapSettings {
            relative_tolerance,
            line_search,
            islands: false,
            ..Default::default()
        };
        let mut solver = SapSolver::new(settings).unwrap();
        let v0 = common::random_vector(&mut rng, n, 10.0);
        let sol = solver.solve(&problem, &v0).unwrap();
        let stats = &sol.stats;
        assert_eq!(stats.status, SapStatus::Converged, "case {case}: {stats:?}");
        assert!(stats.momentum_error <= settings.relative_tolerance);
        assert_eq!(stats.cost.len(), stats.iterations as usize + 1);
        for w in stats.cost.windows(2) {
            assert!(
                w[1] <= w[0] + 1e-13 * w[0].abs(),
                "case {case}: cost increased {} -> {}",
                w[0],
                w[1]
            );
        }
        // The returned impulses satisfy the momentum balance A (v - v*) = J^T gamma.
        let models = SapModel::new(&problem, &Default::default()).unwrap();
        let e = evaluate(&problem, &models, &sol.v);
        for (a, b) in e.gamma.iter().zip(&sol.gamma) {
            assert!((a - b).norm() <= 1e-12 * a.norm().max(1e-300));
        }
        // Same minimizer from v* (at the tight tolerance of the exact line search).
        if line_search == LineSearch::Backtracking {
            continue;
        }
        let cold = solver.solve_cold(&problem).unwrap();
        let scale = sol.v.norm().max(1.0);
        assert!((&cold.v - &sol.v).norm() <= 1e-6 * scale, "case {case}");
    }
}

#[test]
fn dense_and_sparse_agree_and_symbolic_is_reused() {
    let mut rng = common::rng(12);
    let problem = common::random_problem(&mut rng, 12, 20);
    // Monolithic: one factorization of the whole H (the island path is checked
    // against it in tests/islands.rs).
    let base = SapSettings {
        relative_tolerance: 1e-10,
        islands: false,
        ..Default::default()
    };
    let mut dense = SapSolver::new(SapSettings {
        linear_solver: LinearSolver::Dense,
        ..base
    })
    .unwrap();
    let mut sparse = SapSolver::new(SapSettings {
        linear_solver: LinearSolver::Sparse,
        ..base
    })
    .unwrap();
    let mut block = SapSolver::new(SapSettings {
        linear_solver: LinearSolver::Block,
        ..base
    })
    .unwrap();
    let d = dense.solve_cold(&problem).unwrap();
    let s = sparse.solve_cold(&problem).unwrap();
    let b = block.solve_cold(&problem).unwrap();
    assert!(!d.stats.sparse && s.stats.sparse && !b.stats.sparse);
    assert!(!d.stats.block && !s.stats.block && b.stats.block);
    assert_eq!(b.stats.status, SapStatus::Converged);
    assert!((&d.v - &b.v).norm() <= 1e-8 * d.v.norm().max(1.0));
    assert!(!s.stats.symbolic_reused);
    assert_eq!(d.stats.status, SapStatus::Converged);
    assert_eq!(s.stats.status, SapStatus::Converged);
    assert!((&d.v - &s.v).norm() <= 1e-8 * d.v.norm().max(1.0));
    // Same pattern again (another warm start): the symbolic factorization is reused.
    let again = sparse.solve(&problem, &(&s.v * 0.5)).unwrap();
    assert!(again.stats.symbolic_reused);
    assert_eq!(sparse.symbolic_factorizations(), 1);
    // Warm-started at its own solution: converged without a Newton step.
    let at_solution = sparse.solve(&problem, &s.v).unwrap();
    assert_eq!(at_solution.stats.iterations, 0);
    assert_eq!(at_solution.stats.status, SapStatus::Converged);
    // Auto: by tree blocks when every tree is small (here), whatever dense_max_dofs.
    let n = problem.num_velocities();
    assert!(problem
        .trees()
        .iter()
        .all(|t| t.dofs() <= wolfe_sap::BLOCK_MAX_TREE_DOFS));
    for limit in [n, n - 1] {
        let mut auto = SapSolver::new(SapSettings {
            dense_max_dofs: limit,
            ..base
        })
        .unwrap();
        let stats = auto.solve_cold(&problem).unwrap().stats;
        assert!(stats.block && !stats.sparse);
    }
    // A different pattern triggers a new symbolic factorization.
    let other = common::random_problem(&mut rng, 12, 20);
    let o = sparse.solve_cold(&other).unwrap();
    assert!(!o.stats.symbolic_reused);
    assert_eq!(sparse.symbolic_factorizations(), 2);
}

#[test]
fn iteration_limit_is_reported() {
    let mut rng = common::rng(13);
    let problem = common::random_problem(&mut rng, 6, 12);
    let mut solver = SapSolver::new(SapSettings {
        max_iterations: 1,
        relative_tolerance: 1e-14,
        ..Default::default()
    })
    .unwrap();
    let v0 = common::random_vector(&mut rng, problem.num_velocities(), 10.0);
    let sol = solver.solve(&problem, &v0).unwrap();
    assert!(sol.stats.iterations <= 1);
    assert_ne!(sol.stats.status, SapStatus::Converged);
    assert!(sol.stats.momentum_error > 1e-14);
}

#[test]
fn bad_input_gives_typed_errors() {
    let spd = || DMatrix::<f64>::identity(3, 3);
    let tree = || Tree::new(spd(), DVector::zeros(3));
    let j = || DMatrix::<f64>::identity(3, 3);
    let ok = |c: ContactConstraint| SapProblem::new(1e-3, vec![tree(), tree()], vec![c]);
    assert!(ok(ContactConstraint::with_world(0, j(), 0.0)).is_ok());
    assert_eq!(
        SapProblem::new(0.0, vec![tree()], vec![]).unwrap_err(),
        SapError::InvalidTimeStep(0.0)
    );
    let mut not_spd = spd();
    not_spd[(2, 2)] = -1.0;
    assert_eq!(
        SapProblem::new(1e-3, vec![Tree::new(not_spd, DVector::zeros(3))], vec![]).unwrap_err(),
        SapError::NotPositiveDefinite(0)
    );
    let mut not_sym = spd();
    not_sym[(0, 1)] = 0.5;
    assert_eq!(
        SapProblem::new(1e-3, vec![Tree::new(not_sym, DVector::zeros(3))], vec![]).unwrap_err(),
        SapError::NotSymmetric(0)
    );
    assert!(matches!(
        SapProblem::new(1e-3, vec![Tree::new(spd(), DVector::zeros(2))], vec![]),
        Err(SapError::TreeSize { tree: 0, .. })
    ));
    let mut nan = spd();
    nan[(1, 1)] = f64::NAN;
    assert_eq!(
        SapProblem::new(1e-3, vec![Tree::new(nan, DVector::zeros(3))], vec![]).unwrap_err(),
        SapError::NonFiniteTree(0)
    );
    assert!(matches!(
        ok(ContactConstraint::with_world(0, DMatrix::zeros(3, 2), 0.0)),
        Err(SapError::JacobianSize { contact: 0, .. })
    ));
    assert!(matches!(
        ok(ContactConstraint::with_world(5, j(), 0.0)),
        Err(SapError::ContactTrees { contact: 0, .. })
    ));
    assert!(matches!(
        ok(ContactConstraint::between(1, j(), 1, j(), 0.0)),
        Err(SapError::ContactTrees { contact: 0, .. })
    ));
    assert_eq!(
        ok(ContactConstraint::with_world(0, j(), f64::NAN)).unwrap_err(),
        SapError::NonFiniteContact(0)
    );
    for (k, tau, mu, name) in [
        (-1.0, 0.0, 0.5, "stiffness"),
        (1e3, -1.0, 0.5, "dissipation_time_scale"),
        (1e3, 0.0, -0.5, "friction"),
        (1e3, 0.0, f64::NAN, "friction"),
    ] {
        match ok(ContactConstraint::with_world(0, j(), 0.0).with_parameters(k, tau, mu)) {
            Err(SapError::InvalidContactParameter { parameter, .. }) => assert_eq!(parameter, name),
            other => panic!("expected an invalid {name}, got {other:?}"),
        }
    }
    // Settings and initial guess.
    assert!(SapSolver::new(SapSettings {
        alpha_max: -1.0,
        ..Default::default()
    })
    .is_err());
    let mut bad_reg = SapSettings::default();
    bad_reg.regularization.sigma = 0.0;
    assert!(SapSolver::new(bad_reg).is_err());
    let problem = ok(ContactConstraint::with_world(0, j(), 0.0)).unwrap();
    let mut solver = SapSolver::new(Default::default()).unwrap();
    assert!(matches!(
        solver.solve(&problem, &DVector::zeros(2)),
        Err(SapError::InvalidInitialGuess { .. })
    ));
    // A contact with a zero Jacobian has no effective mass.
    let zero = ok(ContactConstraint::with_world(0, DMatrix::zeros(3, 3), 0.0)).unwrap();
    assert_eq!(
        solver.solve_cold(&zero).unwrap_err(),
        SapError::DegenerateContact(0)
    );
}

#[test]
fn empty_problem_and_no_contacts() {
    // No trees: converged at once, even with a purely relative criterion.
    let empty = SapProblem::new(1e-3, vec![], vec![]).unwrap();
    let mut solver = SapSolver::new(SapSettings {
        absolute_tolerance: 0.0,
        ..Default::default()
    })
    .unwrap();
    let sol = solver.solve_cold(&empty).unwrap();
    assert_eq!(sol.stats.status, SapStatus::Converged);
    assert_eq!(sol.v.len(), 0);
    // No contacts: one Newton step from any start lands on v = v*.
    let mut rng = common::rng(14);
    let trees = (0..3)
        .map(|_| {
            Tree::new(
                common::random_spd(&mut rng, 4),
                common::random_vector(&mut rng, 4, 1.0),
            )
        })
        .collect();
    let free = SapProblem::new(1e-3, trees, vec![]).unwrap();
    let v0 = common::random_vector(&mut rng, 12, 3.0);
    let sol = solver.solve(&free, &v0).unwrap();
    assert_eq!(sol.stats.status, SapStatus::Converged);
    assert!(sol.stats.iterations <= 2);
    assert!((&sol.v - free.v_star()).norm() <= 1e-10 * free.v_star().norm());
}

#[test]
fn history_records_every_iteration() {
    let mut rng = common::rng(17);
    for case in 0..10 {
        let problem = common::random_problem(&mut rng, 3 + case % 4, 4 + case);
        let n = problem.num_velocities();
        let v0 = common::random_vector(&mut rng, n, 1.0);
        // A recorded solve is monolithic: compare with the monolithic path.
        let mut plain = SapSolver::new(SapSettings {
            islands: false,
            ..Default::default()
        })
        .unwrap();
        let quiet = plain.solve(&problem, &v0).unwrap();
        assert!(quiet.stats.history.is_empty());
        let mut solver = SapSolver::new(SapSettings {
            record_history: true,
            ..Default::default()
        })
        .unwrap();
        let sol = solver.solve(&problem, &v0).unwrap();
        let stats = &sol.stats;
        // Recording does not change the iterates.
        assert_eq!(sol.v, quiet.v, "case {case}");
        assert_eq!(stats.history.len(), stats.iterations as usize);
        let models = SapModel::new(&problem, &Default::default()).unwrap();
        let mut v = v0.clone();
        for (m, rec) in stats.history.iter().enumerate() {
            // The record describes the iterate v_m: its cost, regions and e_m.
            assert_eq!(rec.v.as_slice(), v.as_slice(), "case {case} m {m}");
            assert_eq!(rec.cost, stats.cost[m]);
            let e = evaluate(&problem, &models, &v);
            assert_eq!(rec.regions, e.regions);
            assert!((e.cost - rec.cost).abs() <= 1e-12 * e.cost.abs().max(1e-300));
            // Not converged at v_m (else no iteration), and the Newton direction is a
            // descent direction with a positive step.
            assert!(rec.momentum_error >= 1e-6, "case {case} m {m}");
            assert!(rec.newton_decrement > 0.0 && rec.alpha > 0.0 && rec.line_search_iterations > 0);
            assert!(rec.gradient_norm > 0.0);
            // v_{m+1} = v_m + alpha dv with ell(v_{m+1}) <= ell(v_m).
            v = DVector::from_column_slice(stats.history.get(m + 1).map_or(sol.v.as_slice(), |r| &r.v));
            assert!(stats.cost[m + 1] <= rec.cost + 1e-13 * rec.cost.abs());
        }
    }
}
