//! Mixed problems: contacts, PD controllers and joint limits on several trees in one
//! problem. Converged solutions satisfy the optimality conditions of Section III,
//! checked from the problem's raw data: the momentum balance A (v - v*) = J^T gamma
//! (Eq. 18) and gamma = the projection of y(v) for every constraint, the PD impulse
//! recomputed from the control law and the joint limit's from Eq. 29 and the
//! compliant law (2). Dense and supernodal factorizations give the same answer.

use crate::common;

use nalgebra::{DVector, Vector3};
use wolfe_sap::{
    JointLimitConstraint, LinearSolver, PdControllerConstraint, SapProblem, SapSettings, SapSolution,
    SapSolver, SapStatus,
};

const EPS_R: f64 = 1e-10;

/// ||D (A (v - v*) - J^T gamma)|| and max(||D A v||, ||D J^T gamma||) (Eqs. 25, 26),
/// with J^T gamma assembled from the problem's Jacobians and selector rows.
fn momentum_residual(problem: &SapProblem, sol: &SapSolution) -> (f64, f64) {
    let n = problem.num_velocities();
    let mut av = DVector::zeros(n);
    let mut a_dv = DVector::zeros(n);
    let mut d = DVector::zeros(n);
    for (t, tree) in problem.trees().iter().enumerate() {
        let o = problem.offset(t);
        let vt = sol.v.rows(o, tree.dofs());
        av.rows_mut(o, tree.dofs()).copy_from(&(&tree.a * vt));
        a_dv.rows_mut(o, tree.dofs())
            .copy_from(&(&tree.a * (vt - &tree.v_star)));
        for i in 0..tree.dofs() {
            d[o + i] = 1.0 / tree.a[(i, i)].sqrt();
        }
    }
    let mut jt_gamma = DVector::zeros(n);
    for (c, g) in problem.contacts().iter().zip(&sol.gamma) {
        let o = problem.offset(c.tree_a);
        let mut rows = jt_gamma.rows_mut(o, c.jacobian_a.ncols());
        rows += c.jacobian_a.transpose() * g;
        if let Some((tb, jb)) = &c.tree_b {
            let o = problem.offset(*tb);
            let mut rows = jt_gamma.rows_mut(o, jb.ncols());
            rows += jb.transpose() * g;
        }
    }
    for (pd, g) in problem.pd_controllers().iter().zip(&sol.pd_impulses) {
        jt_gamma[problem.offset(pd.tree) + pd.gains.dof] += g;
    }
    for (limit, g) in problem.joint_limits().iter().zip(&sol.limit_impulses) {
        jt_gamma[problem.offset(limit.tree) + limit.dof] += limit.side.sign() * g;
    }
    let residual = (a_dv - &jt_gamma).component_mul(&d).norm();
    let scale = av.component_mul(&d).norm().max(jt_gamma.component_mul(&d).norm());
    (residual, scale)
}

/// Checks gamma = P(y(v)) for every constraint at the returned v.
fn check_projections(problem: &SapProblem, sol: &SapSolution, case: usize) {
    let dt = problem.time_step();
    let v = &sol.v;
    // Contacts: y = -R^{-1} (J v - v_hat) projected onto the friction cone.
    for (c, (contact, model)) in problem.contacts().iter().zip(&sol.models.contacts).enumerate() {
        let o = problem.offset(contact.tree_a);
        let mut vc = &contact.jacobian_a * v.rows(o, contact.jacobian_a.ncols());
        if let Some((tb, jb)) = &contact.tree_b {
            vc += jb * v.rows(problem.offset(*tb), jb.ncols());
        }
        let p = &model.cone;
        let y = Vector3::new(-vc[0] / p.r_t, -vc[1] / p.r_t, -(vc[2] - model.v_hat_n) / p.r_n);
        let (gamma, _) = p.project(&y);
        let scale = gamma.norm().max(sol.gamma[c].norm()).max(1e-12);
        assert!(
            (gamma - sol.gamma[c]).norm() <= 1e-9 * scale,
            "case {case} contact {c}: {} vs {}",
            gamma,
            sol.gamma[c]
        );
    }
    // PD controllers: gamma = dt clamp(-kp (q0 + dt v - q_target) - kd (v - v_target) + u_ff, e).
    for (i, (pd, model)) in problem
        .pd_controllers()
        .iter()
        .zip(&sol.models.pd_controllers)
        .enumerate()
    {
        assert!(!model.near_rigid, "case {case}: moderate gains are not clamped");
        let vd = v[problem.offset(pd.tree) + pd.gains.dof];
        let g = &pd.gains;
        let u = -g.kp * (pd.q0 + dt * vd - g.q_target) - g.kd * (vd - g.v_target) + g.feed_forward;
        let gamma = dt * u.clamp(-g.effort_limit, g.effort_limit);
        let got = sol.pd_impulses[i];
        let scale = (dt * u.abs()).max(dt * g.kp * 1e-6).max(1e-12);
        assert!(
            (gamma - got).abs() <= 1e-8 * scale,
            "case {case} PD {i}: {gamma} vs {got}"
        );
        assert!(got.abs() <= g.effort_limit * dt);
    }
    // Joint limits: the compliant law (2) with R of Eq. 29, w = (A_t^{-1})_dd.
    let beta = SapSettings::default().regularization.beta;
    for (i, limit) in problem.joint_limits().iter().enumerate() {
        let tree = &problem.trees()[limit.tree];
        let w = tree.a.clone().try_inverse().unwrap()[(limit.dof, limit.dof)];
        let tau = limit.dissipation_time_scale;
        let r = (beta * beta * w / (4.0 * std::f64::consts::PI.powi(2)))
            .max(1.0 / (dt * limit.stiffness * (dt + tau)));
        let s = limit.side.sign();
        let vc = s * v[problem.offset(limit.tree) + limit.dof];
        let phi0 = s * (limit.q0 - limit.limit);
        let gamma = (-(vc + phi0 / (dt + tau)) / r).max(0.0);
        let got = sol.limit_impulses[i];
        assert!(got >= 0.0);
        assert!(
            (gamma - got).abs() <= 1e-8 * gamma.abs().max(got.abs()).max(1e-12),
            "case {case} limit {i}: {gamma} vs {got}"
        );
    }
}

#[test]
fn mixed_problems_converge_to_their_optimality_conditions() {
    let mut rng = common::rng(40);
    let mut active = [0usize; 3];
    for case in 0..60 {
        let nt = 2 + case % 4;
        let problem = common::random_mixed_problem(&mut rng, nt, 2 + case % 7, 2 + case % 5, 1 + case % 6);
        let n = problem.num_velocities();
        let mut answers: Vec<SapSolution> = Vec::new();
        for linear_solver in [LinearSolver::Dense, LinearSolver::Sparse, LinearSolver::Block] {
            let settings = SapSettings {
                relative_tolerance: EPS_R,
                absolute_tolerance: 0.0,
                linear_solver,
                ..Default::default()
            };
            let mut solver = SapSolver::new(settings).unwrap();
            let v0 = common::random_vector(&mut rng, n, 1.0);
            let sol = solver.solve(&problem, &v0).unwrap();
            assert_eq!(
                sol.stats.status,
                SapStatus::Converged,
                "case {case}: {:?}",
                sol.stats
            );
            assert!(sol.stats.momentum_error < EPS_R);
            assert_eq!(sol.stats.sparse, linear_solver == LinearSolver::Sparse);
            // Eq. 26 recomputed from the raw data.
            let (residual, scale) = momentum_residual(&problem, &sol);
            assert!(
                residual <= 1.01 * EPS_R * scale,
                "case {case}: residual {residual} scale {scale}"
            );
            check_projections(&problem, &sol, case);
            // Warm-started at its own solution: no Newton step.
            let again = solver.solve(&problem, &sol.v).unwrap();
            assert_eq!(again.stats.iterations, 0, "case {case}");
            answers.push(sol);
        }
        let (d, s) = (&answers[0], &answers[1]);
        assert!(
            (&d.v - &s.v).norm() <= 1e-8 * d.v.norm().max(1.0),
            "case {case}: dense and sparse differ"
        );
        for (a, b) in d.pd_impulses.iter().zip(&s.pd_impulses) {
            assert!((a - b).abs() <= 1e-7 * a.abs().max(1e-9));
        }
        for (k, g) in d.pd_impulses.iter().zip(problem.pd_controllers()) {
            active[usize::from(k.abs() == g.gains.effort_limit * problem.time_step())] += 1;
        }
        active[2] += d.limit_impulses.iter().filter(|g| **g > 0.0).count();
    }
    // The cases exercise saturated and unsaturated controllers and active limits.
    assert!(active.iter().all(|&k| k > 10), "{active:?}");
}

/// The supernodal path with one-dof constraints: a larger forest (above the dense
/// threshold) with contacts between neighbours, PD controllers on every dof of the
/// first trees and limits, solved by Auto (sparse) and Dense alike; the symbolic
/// factorization depends only on the contact pattern and is reused when only the
/// one-dof constraints change.
#[test]
fn supernodal_path_with_joint_constraints() {
    let mut rng = common::rng(41);
    let problem = common::random_mixed_problem(&mut rng, 24, 30, 20, 20);
    let dense_max_dofs = 30;
    assert!(problem.num_velocities() > dense_max_dofs);
    // Monolithic (islands: false): the whole forest is one factorization, the path
    // this test is about (tests/islands.rs checks the island path against it).
    let mut auto = SapSolver::new(SapSettings {
        relative_tolerance: EPS_R,
        dense_max_dofs,
        linear_solver: LinearSolver::Sparse,
        islands: false,
        ..Default::default()
    })
    .unwrap();
    let mut dense = SapSolver::new(SapSettings {
        relative_tolerance: EPS_R,
        linear_solver: LinearSolver::Dense,
        islands: false,
        ..Default::default()
    })
    .unwrap();
    let s = auto.solve_cold(&problem).unwrap();
    let d = dense.solve_cold(&problem).unwrap();
    assert!(s.stats.sparse && !d.stats.sparse);
    assert_eq!(s.stats.status, SapStatus::Converged);
    assert_eq!(d.stats.status, SapStatus::Converged);
    assert!((&s.v - &d.v).norm() <= 1e-8 * d.v.norm().max(1.0));
    check_projections(&problem, &s, 0);
    // Same trees and contacts, other joint constraints (a stiff PD on dof 0 of every
    // tree, a violated lower limit on the last dof of every other tree): same pattern.
    let trees = problem.trees();
    let constraints = wolfe_sap::Constraints {
        contacts: problem.contacts().to_vec(),
        pd_controllers: (0..trees.len())
            .map(|t| PdControllerConstraint::new(t, 0, 0.0, 1e3, 10.0).with_target(0.05, 0.0))
            .collect(),
        joint_limits: (0..trees.len())
            .step_by(2)
            .map(|t| JointLimitConstraint::lower(t, trees[t].dofs() - 1, 0.0, 0.01))
            .collect(),
        ..Default::default()
    };
    let other = SapProblem::with_constraints(problem.time_step(), trees.to_vec(), constraints).unwrap();
    let o = auto.solve_cold(&other).unwrap();
    assert!(o.stats.sparse && o.stats.symbolic_reused);
    assert_eq!(auto.symbolic_factorizations(), 1);
    assert_eq!(o.stats.status, SapStatus::Converged);
    check_projections(&other, &o, 1);
    let od = dense.solve_cold(&other).unwrap();
    assert!((&o.v - &od.v).norm() <= 1e-8 * od.v.norm().max(1.0));
}
