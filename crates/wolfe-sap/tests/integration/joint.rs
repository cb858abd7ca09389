//! The one-dof constraints (PD controllers with effort limits, joint limits): cost,
//! impulse and G against finite differences; the PD response against the closed form
//! of implicit Euler; saturation at exactly e dt; a joint limit holding a load within the
//! overlap its regularization predicts (Eq. 29, Section V-B); typed errors.

use crate::common;

use nalgebra::{DMatrix, DVector};
use rand::Rng;
use wolfe_sap::{
    Constraints, IntervalParams, JointConstraintKind, JointLimitConstraint, PdControllerConstraint, PdGains,
    SapError, SapModel, SapProblem, SapSettings, SapSolver, SapStatus, Tree,
};

fn tight_solver() -> SapSolver {
    SapSolver::new(SapSettings {
        relative_tolerance: 1e-12,
        absolute_tolerance: 0.0,
        ..Default::default()
    })
    .unwrap()
}

/// One tree with block `a` and free velocity `v_star`, with the given one-dof
/// constraints.
fn problem(
    dt: f64, a: DMatrix<f64>, v_star: DVector<f64>, pd: Vec<PdControllerConstraint>,
    limits: Vec<JointLimitConstraint>,
) -> SapProblem {
    SapProblem::with_constraints(
        dt,
        vec![Tree::new(a, v_star)],
        Constraints {
            contacts: vec![],
            pd_controllers: pd,
            joint_limits: limits,
            ..Default::default()
        },
    )
    .unwrap()
}

/// Per constraint, as a function of its velocity v_c alone: d ell / d v_c = -gamma and
/// d gamma / d v_c = -G, by central differences away from the kinks, in the three
/// pieces of a bounded interval and the two of a one-sided one.
#[test]
fn interval_cost_impulse_and_g_agree_with_finite_differences() {
    let mut rng = common::rng(30);
    let mut seen = [0usize; 3];
    for _ in 0..2000 {
        let r = 10f64.powf(rng.random_range(-4.0..2.0));
        let bound = 10f64.powf(rng.random_range(-3.0..1.0));
        let one_sided = rng.random_bool(0.5);
        // Velocities of the order of R times the bound, so that a relative step in v_c
        // is resolved by floating point.
        let p = IntervalParams {
            r,
            v_hat: r * bound * rng.random_range(-1.0..1.0),
            lower: if one_sided { 0.0 } else { -bound },
            upper: if one_sided { f64::INFINITY } else { bound },
        };
        // v_c such that y spans the pieces: y in about +-3 bound.
        let y_target = rng.random_range(-3.0..3.0) * bound;
        let vc = p.v_hat - r * y_target;
        let y = p.y(vc);
        // The cost is piecewise quadratic: central differences are exact on each piece
        // up to round-off, so the step can be large.
        let h = 1e-4 * r * bound;
        // Skip points within two steps of a kink (y = lower or y = upper).
        if (y - p.lower).abs() * r < 2.0 * h || (y - p.upper).abs() * r < 2.0 * h {
            continue;
        }
        let (cost, gamma, g) = p.evaluate(vc);
        seen[if gamma == p.lower {
            0
        } else if gamma == p.upper {
            2
        } else {
            1
        }] += 1;
        assert!(cost >= 0.0);
        let (cp, gp, _) = p.evaluate(vc + h);
        let (cm, gm, _) = p.evaluate(vc - h);
        let fd_grad = (cp - cm) / (2.0 * h);
        let scale = gamma.abs().max(bound);
        assert!(
            (fd_grad + gamma).abs() <= 1e-6 * scale,
            "{p:?} vc {vc}: {fd_grad} vs -{gamma}"
        );
        let fd_g = -(gp - gm) / (2.0 * h);
        assert!((fd_g - g).abs() <= 1e-6 / r, "{p:?} vc {vc}: G {g} fd {fd_g}");
        // gamma is the projection: in the interval, equal to y where y is inside.
        assert!(p.lower <= gamma && gamma <= p.upper);
        if p.lower <= y && y <= p.upper {
            assert_eq!(gamma, y);
            assert_eq!(g, 1.0 / r);
        } else {
            assert_eq!(g, 0.0);
        }
    }
    assert!(seen.iter().all(|&k| k > 100), "pieces visited: {seen:?}");
}

/// The total cost (24) with PD controllers, joint limits and couplers (and contacts):
/// gradient and H against finite differences, H symmetric positive definite.
#[test]
fn gradient_and_hessian_with_joint_constraints_agree_with_finite_differences() {
    let mut rng = common::rng(31);
    for case in 0..40 {
        let nc = if case % 2 == 0 { 0 } else { 4 };
        let problem = common::random_mixed_problem(&mut rng, 3, nc, 6, 6);
        let problem = common::with_couplers(&mut rng, problem, 3);
        let model = SapModel::new(&problem, &Default::default()).unwrap();
        let n = problem.num_velocities();
        let v = problem.v_star() + common::random_vector(&mut rng, n, 0.05);
        common::assert_derivatives_match_finite_differences(case, &problem, &model, &v);
    }
}

/// The coefficient a_n with `Phi^n = a_n Phi - det(Phi) a_{n-1} I` (Cayley-Hamilton),
/// `a_n = (l1^n - l2^n) / (l1 - l2)` for the eigenvalues l1, l2 of the 2 x 2 matrix Phi
/// with trace `tr` and determinant `det`: `rho^(n-1) sin(n theta) / sin(theta)` for a
/// complex pair `rho e^(+-i theta)`, the real formula for distinct real roots.
fn a_n(tr: f64, det: f64, n: i32) -> f64 {
    let disc = tr * tr / 4.0 - det;
    if disc < 0.0 {
        let rho = det.sqrt();
        let theta = ((tr / 2.0) / rho).acos();
        rho.powi(n - 1) * (f64::from(n) * theta).sin() / theta.sin()
    } else {
        let (l1, l2) = (tr / 2.0 + disc.sqrt(), tr / 2.0 - disc.sqrt());
        (l1.powi(n) - l2.powi(n)) / (l1 - l2)
    }
}

/// A mass m under a constant force f, PD-controlled without effort limit, stepped by
/// SAP (one solve per step, q = q0 + dt v), follows the closed form of implicit Euler:
/// with `D = m + dt^2 kp + dt kd`, the error `x = (q - q_eq, v)` from the equilibrium
/// `q_eq = q_target + (f + u_ff) / kp` obeys `x_{n+1} = Phi x_n`,
/// `Phi = [[1 - dt^2 kp / D, dt m / D], [-dt kp / D, m / D]]`, so `x_n = Phi^n x_0` in
/// closed form by [`a_n`]. Underdamped and overdamped gains.
#[test]
fn pd_without_effort_limit_matches_the_implicit_euler_closed_form() {
    let mut solver = tight_solver();
    for (m, kp, kd, dt) in [
        (2.0, 400.0, 4.0, 5e-3),
        (0.5, 100.0, 30.0, 1e-2),
        (1.5, 2500.0, 10.0, 1e-3),
    ] {
        let (f, u_ff, q_target) = (-3.0, 1.0, 0.4);
        let d = m + dt * dt * kp + dt * kd;
        let phi = [[1.0 - dt * dt * kp / d, dt * m / d], [-dt * kp / d, m / d]];
        let (tr, det) = (
            phi[0][0] + phi[1][1],
            phi[0][0] * phi[1][1] - phi[0][1] * phi[1][0],
        );
        let q_eq = q_target + (f + u_ff) / kp;
        let (mut q, mut v) = (-0.1, 0.3);
        let x0 = [q - q_eq, v];
        for n in 1..=600 {
            let pd = PdControllerConstraint::new(0, 0, q, kp, kd)
                .with_target(q_target, 0.0)
                .with_feed_forward(u_ff);
            let p = problem(
                dt,
                DMatrix::from_element(1, 1, m),
                DVector::from_element(1, v + dt * f / m),
                vec![pd],
                vec![],
            );
            let sol = solver.solve(&p, &DVector::from_element(1, v)).unwrap();
            assert_eq!(sol.stats.status, SapStatus::Converged);
            // The impulse is dt u at the new state.
            let u = -kp * (q + dt * sol.v[0] - q_target) - kd * sol.v[0] + u_ff;
            assert!((sol.pd_impulses[0] - dt * u).abs() <= 1e-10 * (dt * u).abs().max(1e-6));
            v = sol.v[0];
            q += dt * v;
            // Closed form: Phi^n x0 = a_n Phi x0 - det a_{n-1} x0.
            let (an, an1) = (a_n(tr, det, n), a_n(tr, det, n - 1));
            let px0 = [
                phi[0][0] * x0[0] + phi[0][1] * x0[1],
                phi[1][0] * x0[0] + phi[1][1] * x0[1],
            ];
            let xq = an * px0[0] - det * an1 * x0[0];
            let xv = an * px0[1] - det * an1 * x0[1];
            assert!(
                (q - q_eq - xq).abs() <= 1e-9 * x0[0].abs().max(x0[1].abs() * dt),
                "m {m} kp {kp} step {n}: q - q_eq = {} closed form {xq}",
                q - q_eq
            );
            assert!(
                (v - xv).abs() <= 1e-9 * (x0[1].abs() + x0[0].abs() / dt),
                "m {m} kp {kp} step {n}: v = {v} closed form {xv}"
            );
        }
    }
}

/// With an effort limit e, a large error saturates the impulse at exactly +-e dt, and the
/// velocity is v* +- e dt / m; a small error stays strictly inside. On a two-dof tree
/// (coupled block A) the impulse acts on its dof alone: A (v - v*) = e_dof gamma.
#[test]
fn effort_limit_saturates_the_impulse_at_exactly_e_dt() {
    let mut solver = tight_solver();
    let dt = 5e-3;
    let a = DMatrix::from_row_slice(2, 2, &[2.0, 0.3, 0.3, 0.7]);
    let v_star = DVector::from_column_slice(&[0.1, -0.2]);
    for (e, q_target, saturated) in [
        (10.0, 1.0, 1.0),
        (10.0, -1.0, -1.0),
        (87.0, 2.0, 1.0),
        (10.0, 1e-4, 0.0),
    ] {
        let pd = PdControllerConstraint::new(0, 1, 0.0, 400.0, 20.0)
            .with_target(q_target, 0.0)
            .with_effort_limit(e);
        let p = problem(dt, a.clone(), v_star.clone(), vec![pd], vec![]);
        let sol = solver.solve_cold(&p).unwrap();
        assert_eq!(sol.stats.status, SapStatus::Converged);
        let gamma = sol.pd_impulses[0];
        if saturated != 0.0 {
            assert_eq!(gamma, saturated * e * dt, "e {e} target {q_target}");
        } else {
            assert!(gamma.abs() < e * dt && gamma != 0.0);
        }
        let momentum = &a * (&sol.v - &v_star);
        assert!(momentum[0].abs() <= 1e-10 * gamma.abs());
        assert!((momentum[1] - gamma).abs() <= 1e-10 * gamma.abs());
        // The unclamped effort at the solution exceeds the limit exactly when saturated.
        let u = -400.0 * (dt * sol.v[1] - q_target) - 20.0 * sol.v[1];
        assert_eq!(u.abs() > e, saturated != 0.0, "u {u} e {e}");
    }
}

/// A one-dof joint pressed against its lower (upper) limit by a constant effort f settles
/// with an overlap of `dt^2 |f| R` (Section V-B): near-rigid (k = inf, the default)
/// `beta^2 |f| w dt^2 / (4 pi^2)` with `w = (A^{-1})_dd` of a coupled two-dof tree, and
/// `|f| / k` for a compliant limit; its impulse carries the load, `gamma = |f| dt`.
#[test]
fn joint_limit_holds_a_constant_load_within_its_compliance() {
    let mut solver = tight_solver();
    let m = DMatrix::from_row_slice(2, 2, &[1.3, 0.4, 0.4, 0.9]);
    let w = m.clone().try_inverse().unwrap()[(0, 0)];
    let beta = SapSettings::default().regularization.beta;
    for (dt, stiffness, tau) in [
        (5e-3, f64::INFINITY, 0.0),
        (1e-3, f64::INFINITY, 0.0),
        (5e-3, 2e4, 5e-3),
    ] {
        for (upper, f) in [(false, -20.0), (true, 35.0)] {
            let limit_q = 0.25;
            let expected = if stiffness.is_finite() {
                f64::abs(f) / stiffness
            } else {
                beta * beta * f64::abs(f) * w * dt * dt / (4.0 * std::f64::consts::PI.powi(2))
            };
            let (mut q, mut v) = (limit_q + if upper { -0.01 } else { 0.01 }, DVector::zeros(2));
            let force = DVector::from_column_slice(&[f, 0.0]);
            let mut gamma = 0.0;
            for _ in 0..3000 {
                let limit = if upper {
                    JointLimitConstraint::upper(0, 0, q, limit_q)
                } else {
                    JointLimitConstraint::lower(0, 0, q, limit_q)
                }
                .with_compliance(stiffness, tau);
                let v_star = &v + dt * m.clone().lu().solve(&force).unwrap();
                let p = problem(dt, m.clone(), v_star, vec![], vec![limit]);
                let sol = solver.solve(&p, &v).unwrap();
                assert_eq!(sol.stats.status, SapStatus::Converged);
                v = sol.v;
                q += dt * v[0];
                gamma = sol.limit_impulses[0];
            }
            let overlap = if upper { q - limit_q } else { limit_q - q };
            assert!(
                (overlap - expected).abs() <= 1e-6 * expected,
                "dt {dt} k {stiffness} upper {upper}: overlap {overlap} expected {expected}"
            );
            assert!((gamma - f.abs() * dt).abs() <= 1e-9 * f.abs() * dt);
            assert!(v.norm() <= 1e-9);
        }
    }
}

/// A joint far from its limit and moving away: the constraint is inactive, v = v*.
#[test]
fn inactive_limit_leaves_the_free_motion() {
    let mut solver = tight_solver();
    let a = DMatrix::from_row_slice(2, 2, &[1.0, 0.2, 0.2, 2.0]);
    let v_star = DVector::from_column_slice(&[0.5, -0.3]);
    let limits = vec![
        JointLimitConstraint::lower(0, 0, 0.0, -0.5),
        JointLimitConstraint::upper(0, 1, 0.0, 0.1),
    ];
    let p = problem(1e-2, a, v_star.clone(), vec![], limits);
    let sol = solver.solve_cold(&p).unwrap();
    assert_eq!(sol.stats.iterations, 0);
    assert_eq!(sol.v, v_star);
    assert_eq!(sol.limit_impulses, vec![0.0, 0.0]);
}

/// Gains far beyond what dt resolves are scaled down to the near-rigid regularization
/// `R = beta_c^2 w / (4 pi^2)` (ratio kd / kp kept); the controller still holds its
/// target, and disabling the clamp keeps the given gains.
#[test]
fn near_rigid_pd_gains_are_clamped() {
    let dt = 1e-2;
    let m = 0.01;
    let pd = PdControllerConstraint::new(0, 0, 0.0, 1e9, 1e6).with_target(0.1, 0.0);
    let p = problem(
        dt,
        DMatrix::from_element(1, 1, m),
        DVector::zeros(1),
        vec![pd.clone()],
        vec![],
    );
    let settings = SapSettings::default();
    let model = SapModel::new(&p, &settings.regularization).unwrap();
    let jm = model.pd_controllers[0];
    let beta = settings.regularization.controller_beta;
    let r_rigid = beta * beta / (4.0 * std::f64::consts::PI.powi(2)) / m;
    assert!(jm.near_rigid);
    assert!((jm.interval.r - r_rigid).abs() <= 1e-14 * r_rigid);
    let mut off = settings.regularization;
    off.controller_beta = 0.0;
    let model = SapModel::new(&p, &off).unwrap();
    assert!(!model.pd_controllers[0].near_rigid);
    let r_given = 1.0 / (dt * (dt * 1e9 + 1e6));
    assert!((model.pd_controllers[0].interval.r - r_given).abs() <= 1e-14 * r_given);
    // Stepping with the clamped gains converges to the target.
    let mut solver = tight_solver();
    let (mut q, mut v) = (0.0, 0.0);
    for _ in 0..200 {
        let pd = PdControllerConstraint { q0: q, ..pd.clone() };
        let p = problem(
            dt,
            DMatrix::from_element(1, 1, m),
            DVector::from_element(1, v),
            vec![pd],
            vec![],
        );
        let sol = solver.solve(&p, &DVector::from_element(1, v)).unwrap();
        assert_eq!(sol.stats.status, SapStatus::Converged);
        v = sol.v[0];
        q += dt * v;
    }
    assert!((q - 0.1).abs() <= 1e-9, "{q}");
}

#[test]
fn bad_joint_constraints_give_typed_errors() {
    let build = |pd: Vec<PdControllerConstraint>, limits: Vec<JointLimitConstraint>| {
        SapProblem::with_constraints(
            1e-3,
            vec![Tree::new(DMatrix::identity(2, 2), DVector::zeros(2))],
            Constraints {
                contacts: vec![],
                pd_controllers: pd,
                joint_limits: limits,
                ..Default::default()
            },
        )
    };
    let pd = || PdControllerConstraint::new(0, 1, 0.0, 10.0, 1.0);
    assert!(build(vec![pd()], vec![JointLimitConstraint::lower(0, 0, 0.0, -1.0)]).is_ok());
    assert_eq!(
        build(vec![PdControllerConstraint::new(0, 2, 0.0, 1.0, 0.0)], vec![]).unwrap_err(),
        SapError::JointConstraintDof {
            kind: JointConstraintKind::PdController,
            index: 0,
            tree: 0,
            dof: 2
        }
    );
    assert!(matches!(
        build(vec![], vec![JointLimitConstraint::upper(1, 0, 0.0, 1.0)]),
        Err(SapError::JointConstraintDof {
            kind: JointConstraintKind::JointLimit,
            tree: 1,
            ..
        })
    ));
    // `pd()` with its gains changed by `f`.
    let gains = |f: &dyn Fn(&mut PdGains)| {
        let mut c = pd();
        f(&mut c.gains);
        c
    };
    let bad_pd = [
        (gains(&|g| g.kp = -1.0), "kp"),
        (gains(&|g| g.kd = f64::NAN), "kd"),
        (gains(&|g| g.kp = f64::INFINITY), "kp"),
        (
            gains(&|g| {
                g.kp = 0.0;
                g.kd = 0.0;
            }),
            "kp and kd (both zero)",
        ),
        (pd().with_effort_limit(-1.0), "effort_limit"),
        (pd().with_effort_limit(f64::NAN), "effort_limit"),
        (pd().with_target(f64::NAN, 0.0), "q_target"),
        (pd().with_target(0.0, f64::INFINITY), "v_target"),
        (pd().with_feed_forward(f64::NAN), "feed_forward"),
        (PdControllerConstraint { q0: f64::NAN, ..pd() }, "q0"),
    ];
    for (c, name) in bad_pd {
        match build(vec![pd(), c], vec![]) {
            Err(SapError::InvalidJointConstraint {
                kind: JointConstraintKind::PdController,
                index: 1,
                parameter,
                ..
            }) => assert_eq!(parameter, name),
            other => panic!("expected an invalid {name}, got {other:?}"),
        }
    }
    let lim = || JointLimitConstraint::lower(0, 0, 0.0, -1.0);
    let bad_limits = [
        (lim().with_compliance(0.0, 0.0), "stiffness"),
        (lim().with_compliance(f64::NAN, 0.0), "stiffness"),
        (lim().with_compliance(1e3, -1.0), "dissipation_time_scale"),
        (
            lim().with_compliance(1e3, f64::INFINITY),
            "dissipation_time_scale",
        ),
        (JointLimitConstraint::lower(0, 0, 0.0, f64::NEG_INFINITY), "limit"),
        (JointLimitConstraint::upper(0, 0, f64::NAN, 1.0), "q0"),
    ];
    for (c, name) in bad_limits {
        match build(vec![], vec![c]) {
            Err(SapError::InvalidJointConstraint {
                kind: JointConstraintKind::JointLimit,
                index: 0,
                parameter,
                ..
            }) => assert_eq!(parameter, name),
            other => panic!("expected an invalid {name}, got {other:?}"),
        }
    }
    // Errors name the constraint.
    let msg = build(vec![], vec![lim().with_compliance(0.0, 0.0)])
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("joint limit 0") && msg.contains("stiffness"),
        "{msg}"
    );
}
