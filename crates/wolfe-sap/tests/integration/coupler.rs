//! The coupler constraint (a mimic joint, `q_i = rho q_j + offset`): one step against
//! the closed form of its regularized problem, a simulation whose coupled dofs move in
//! the ratio rho under a force with the rigid pair's acceleration, and typed errors.

use crate::common;

use nalgebra::{DMatrix, DVector, Matrix2, Vector2};
use rand::Rng;
use wolfe_sap::{
    Constraints, CouplerConstraint, JointConstraintKind, SapError, SapProblem, SapSettings, SapSolver,
    SapStatus, Tree,
};

fn tight_solver() -> SapSolver {
    SapSolver::new(SapSettings {
        relative_tolerance: 1e-13,
        absolute_tolerance: 0.0,
        ..Default::default()
    })
    .unwrap()
}

fn coupled(dt: f64, a: Matrix2<f64>, v_star: Vector2<f64>, coupler: CouplerConstraint) -> SapProblem {
    let tree = Tree::new(
        DMatrix::from_column_slice(2, 2, a.as_slice()),
        DVector::from_column_slice(v_star.as_slice()),
    );
    let constraints = Constraints {
        couplers: vec![coupler],
        ..Default::default()
    };
    SapProblem::with_constraints(dt, vec![tree], constraints).unwrap()
}

/// With impulses in all of R the coupler's cost is the quadratic `(j v - v_hat)^2 /
/// (2 R)`, so one step solves `(A + j^T j / R) v = A v* + j^T v_hat / R` exactly, with
/// `R = beta^2 w / (4 pi^2)` (near-rigid, Eq. 29), `w = j A^{-1} j^T`, `v_hat = -g0 / dt`
/// and `gamma = -(j v - v_hat) / R`: SAP agrees with this closed form on random trees,
/// ratios and errors.
#[test]
fn one_step_is_the_closed_form_of_the_regularized_problem() {
    let mut rng = common::rng(50);
    let dt = 1e-2;
    for case in 0..100 {
        let b = Matrix2::from_fn(|_, _| common::normal(&mut rng));
        let a = b.transpose() * b + Matrix2::identity() * 0.1;
        let v_star = Vector2::from_fn(|_, _| common::normal(&mut rng));
        let rho = rng.random_range(-3.0..3.0);
        let (q0, qj) = (rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0));
        // Driven dof 1, driving dof 0: j = (-rho, 1).
        let coupler = CouplerConstraint::new(0, 1, q0, 0, qj, rho).with_offset(rng.random_range(-0.1..0.1));
        let g0 = q0 - rho * qj - coupler.offset;
        let problem = coupled(dt, a, v_star, coupler);
        let sol = tight_solver().solve_cold(&problem).unwrap();
        assert_eq!(sol.stats.status, SapStatus::Converged, "case {case}");

        let j = Vector2::new(-rho, 1.0);
        let w = j.dot(&(a.try_inverse().unwrap() * j));
        let r = w / (4.0 * std::f64::consts::PI.powi(2));
        let v_hat = -g0 / dt;
        let m = sol.models.couplers[0];
        assert!((m.w - w).abs() <= 1e-12 * w, "case {case}: w {} vs {w}", m.w);
        assert!((m.interval.r - r).abs() <= 1e-12 * r, "case {case}");
        assert!(m.near_rigid);
        let h = a + j * j.transpose() / r;
        let v = h.lu().solve(&(a * v_star + j * v_hat / r)).unwrap();
        let gamma = -(j.dot(&v) - v_hat) / r;
        let scale = v.norm().max(v_star.norm());
        assert!(
            (sol.v[0] - v.x).abs().max((sol.v[1] - v.y).abs()) <= 1e-9 * scale,
            "case {case}: {} vs {v}",
            sol.v
        );
        assert!(
            (sol.coupler_impulses[0] - gamma).abs() <= 1e-9 * (a * v_star).norm().max(gamma.abs()),
            "case {case}: impulse {} vs {gamma}",
            sol.coupler_impulses[0]
        );
    }
}

/// A two-dof tree (coupled inertia) with dof 1 coupled to dof 0 at the ratio rho,
/// pushed by a constant force F on dof 0 from rest for 1 s: the dofs move in the ratio
/// rho (up to the near-rigid compliance, `dt R gamma` in position), and dof 0 follows
/// the rigid pair's implicit-Euler trajectory `q_N = a dt^2 N (N + 1) / 2` with
/// `a = F / (u^T A u)`, `u = (1, rho)`.
#[test]
fn coupled_dofs_move_in_ratio_under_a_force() {
    let (dt, steps, force) = (1e-2, 100, 3.0);
    let a = Matrix2::new(2.0, 0.3, 0.3, 0.5);
    let mut solver = tight_solver();
    for rho in [0.5, -2.0, 1.0] {
        let (mut q, mut v) = (Vector2::zeros(), Vector2::zeros());
        for _ in 0..steps {
            // v* = v + dt A^{-1} f.
            let v_star = v + dt * a.try_inverse().unwrap() * Vector2::new(force, 0.0);
            let problem = coupled(dt, a, v_star, CouplerConstraint::new(0, 1, q.y, 0, q.x, rho));
            let sol = solver
                .solve(&problem, &DVector::from_column_slice(v.as_slice()))
                .unwrap();
            assert_eq!(sol.stats.status, SapStatus::Converged);
            v = Vector2::new(sol.v[0], sol.v[1]);
            q += dt * v;
        }
        let u = Vector2::new(1.0, rho);
        let accel = force / u.dot(&(a * u));
        let n = steps as f64;
        let expected = accel * dt * dt * n * (n + 1.0) / 2.0;
        assert!(
            (q.x - expected).abs() <= 2e-3 * expected,
            "rho {rho}: q0 = {} against the rigid pair's {expected}",
            q.x
        );
        assert!(
            (q.y - rho * q.x).abs() <= 1e-4 * q.x.abs(),
            "rho {rho}: q = {q}, error {}",
            q.y - rho * q.x
        );
        assert!((v.y - rho * v.x).abs() <= 1e-3 * v.x.abs(), "rho {rho}: v = {v}");
    }
}

/// A coupler on a missing dof, on one dof twice, or with a non-finite ratio or a bad
/// stiffness is refused with a typed error naming it.
#[test]
fn bad_couplers_give_typed_errors() {
    let a = Matrix2::identity();
    let tree = || Tree::new(DMatrix::from_column_slice(2, 2, a.as_slice()), DVector::zeros(2));
    let build = |coupler: CouplerConstraint| {
        let constraints = Constraints {
            couplers: vec![coupler],
            ..Default::default()
        };
        SapProblem::with_constraints(1e-2, vec![tree()], constraints).unwrap_err()
    };
    assert_eq!(
        build(CouplerConstraint::new(0, 1, 0.0, 2, 0.0, 1.0)),
        SapError::JointConstraintDof {
            kind: JointConstraintKind::Coupler,
            index: 0,
            tree: 0,
            dof: 2
        }
    );
    assert_eq!(
        build(CouplerConstraint::new(1, 1, 0.0, 0, 0.0, 1.0)),
        SapError::JointConstraintDof {
            kind: JointConstraintKind::Coupler,
            index: 0,
            tree: 1,
            dof: 1
        }
    );
    for (coupler, parameter) in [
        (
            CouplerConstraint::new(0, 1, 0.0, 1, 0.0, 1.0),
            "coupled_dof (the same dof as dof)",
        ),
        (CouplerConstraint::new(0, 1, 0.0, 0, 0.0, f64::NAN), "ratio"),
        (CouplerConstraint::new(0, 1, f64::INFINITY, 0, 0.0, 1.0), "q0"),
        (
            CouplerConstraint::new(0, 1, 0.0, 0, 0.0, 1.0).with_compliance(-1.0, 0.0),
            "stiffness",
        ),
        (
            CouplerConstraint::new(0, 1, 0.0, 0, 0.0, 1.0).with_compliance(1e3, f64::NAN),
            "dissipation_time_scale",
        ),
    ] {
        match build(coupler) {
            SapError::InvalidJointConstraint {
                kind: JointConstraintKind::Coupler,
                index: 0,
                parameter: p,
                ..
            } => assert_eq!(p, parameter),
            e => panic!("{parameter}: {e:?}"),
        }
    }
}
