//! Random SAP problems for the tests.

#![allow(dead_code)]

use nalgebra::{DMatrix, DVector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_sap::{
    evaluate, hessian, Constraints, ContactConstraint, CouplerConstraint, JointLimitConstraint,
    PdControllerConstraint, SapModel, SapProblem, Tree,
};

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A standard normal sample.
pub fn normal(rng: &mut ChaCha8Rng) -> f64 {
    // Box-Muller.
    let u: f64 = rng.random_range(1e-12..1.0);
    let v: f64 = rng.random_range(0.0..1.0);
    (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

/// A matrix of standard normal entries.
pub fn random_matrix(rng: &mut ChaCha8Rng, r: usize, c: usize) -> DMatrix<f64> {
    DMatrix::from_fn(r, c, |_, _| normal(rng))
}

/// A random SPD matrix with moderate conditioning.
pub fn random_spd(rng: &mut ChaCha8Rng, n: usize) -> DMatrix<f64> {
    let b = random_matrix(rng, n, n);
    let scale = rng.random_range(0.5..5.0);
    (b.transpose() * b) * (0.3 * scale) + DMatrix::identity(n, n) * scale
}

/// A random problem with joint constraints as well: the trees and contacts of
/// [`random_problem`], `npd` PD controllers (gains from soft to stiff, targets within
/// 0.2 rad of q0, half of them with an effort limit that saturates, feed-forward) and
/// `nl` joint limits (lower or upper, within +-2 cm of q0, so some are violated, some
/// active, some inactive; near-rigid or compliant), on random dofs.
pub fn random_mixed_problem(rng: &mut ChaCha8Rng, nt: usize, nc: usize, npd: usize, nl: usize) -> SapProblem {
    let base = random_problem(rng, nt, nc);
    let dt = base.time_step();
    let trees = base.trees().to_vec();
    let dof = |rng: &mut ChaCha8Rng| {
        let t = rng.random_range(0..nt);
        (t, rng.random_range(0..trees[t].dofs()))
    };
    let pd_controllers = (0..npd)
        .map(|_| {
            let (t, k) = dof(rng);
            let q0 = rng.random_range(-1.0..1.0);
            let kp = 10f64.powf(rng.random_range(0.0..4.0));
            let kd = if rng.random_bool(0.2) {
                0.0
            } else {
                kp * rng.random_range(0.0..0.2)
            };
            let pd = PdControllerConstraint::new(t, k, q0, kp, kd)
                .with_target(q0 + rng.random_range(-0.2..0.2), rng.random_range(-1.0..1.0))
                .with_feed_forward(rng.random_range(-5.0..5.0));
            if rng.random_bool(0.5) {
                pd.with_effort_limit(rng.random_range(0.1..20.0))
            } else {
                pd
            }
        })
        .collect();
    let joint_limits = (0..nl)
        .map(|_| {
            let (t, k) = dof(rng);
            let q0 = rng.random_range(-1.0..1.0);
            let limit = if rng.random_bool(0.5) {
                JointLimitConstraint::lower(t, k, q0, q0 + rng.random_range(-0.02..0.02))
            } else {
                JointLimitConstraint::upper(t, k, q0, q0 + rng.random_range(-0.02..0.02))
            };
            if rng.random_bool(0.5) {
                limit
            } else {
                limit.with_compliance(
                    10f64.powf(rng.random_range(1.0..5.0)),
                    rng.random_range(0.0..0.05),
                )
            }
        })
        .collect();
    let constraints = Constraints {
        contacts: base.contacts().to_vec(),
        pd_controllers,
        joint_limits,
        ..Default::default()
    };
    SapProblem::with_constraints(dt, trees, constraints).expect("valid random problem")
}

/// `problem` with up to `n` couplers added on random pairs of dofs of its trees of two
/// dofs or more (random ratios in [-2, 2], errors of up to 1 cm, near-rigid or
/// compliant).
pub fn with_couplers(rng: &mut ChaCha8Rng, problem: SapProblem, n: usize) -> SapProblem {
    let trees = problem.trees().to_vec();
    let mut constraints = problem.constraints().clone();
    for _ in 0..n {
        let t = rng.random_range(0..trees.len());
        let nt = trees[t].dofs();
        if nt < 2 {
            continue;
        }
        let i = rng.random_range(0..nt);
        let j = (i + rng.random_range(1..nt)) % nt;
        let (q0, ratio) = (rng.random_range(-1.0..1.0), rng.random_range(-2.0..2.0));
        let coupler =
            CouplerConstraint::new(t, i, q0, j, rng.random_range(-1.0..1.0), ratio).with_offset(0.0);
        // The offset that leaves an error of up to 1 cm at q0.
        let offset = coupler.error0() + rng.random_range(-0.01..0.01);
        let coupler = coupler.with_offset(offset);
        constraints.couplers.push(if rng.random_bool(0.5) {
            coupler
        } else {
            coupler.with_compliance(
                10f64.powf(rng.random_range(1.0..5.0)),
                rng.random_range(0.0..0.05),
            )
        });
    }
    SapProblem::with_constraints(problem.time_step(), trees, constraints).expect("valid random problem")
}

/// A random problem: `nt` trees of 1-6 dofs, `nc` contacts with one or two trees,
/// random signed distances around zero, mixed compliant and near-rigid parameters.
pub fn random_problem(rng: &mut ChaCha8Rng, nt: usize, nc: usize) -> SapProblem {
    let dt = 1e-2;
    let trees: Vec<Tree> = (0..nt)
        .map(|_| {
            let n = rng.random_range(1..=6);
            let v = DVector::from_fn(n, |_, _| normal(rng));
            Tree::new(random_spd(rng, n), v)
        })
        .collect();
    let contacts = (0..nc)
        .map(|_| {
            let a = rng.random_range(0..nt);
            let ja = random_matrix(rng, 3, trees[a].dofs());
            let phi0 = rng.random_range(-2e-2..1e-2);
            let c = if nt > 1 && rng.random_bool(0.6) {
                let mut b = rng.random_range(0..nt - 1);
                if b >= a {
                    b += 1;
                }
                let jb = random_matrix(rng, 3, trees[b].dofs());
                ContactConstraint::between(a, ja, b, jb, phi0)
            } else {
                ContactConstraint::with_world(a, ja, phi0)
            };
            let k = if rng.random_bool(0.3) {
                f64::INFINITY
            } else {
                10f64.powf(rng.random_range(1.0..5.0))
            };
            let tau = rng.random_range(0.0..0.05);
            let mu = rng.random_range(0.0..1.5);
            c.with_parameters(k, tau, mu)
        })
        .collect();
    SapProblem::new(dt, trees, contacts).expect("valid random problem")
}

/// A vector of normal entries with standard deviation `scale`.
pub fn random_vector(rng: &mut ChaCha8Rng, n: usize, scale: f64) -> DVector<f64> {
    DVector::from_fn(n, |_, _| scale * normal(rng))
}

/// The gradient and H of the cost (24) at `v` against central finite differences of
/// the cost and of the gradient (where the projections are differentiable: a random v
/// almost surely is not on a region boundary), and H symmetric positive definite.
pub fn assert_derivatives_match_finite_differences(
    case: usize, problem: &SapProblem, model: &SapModel, v: &DVector<f64>,
) {
    let n = problem.num_velocities();
    let e = evaluate(problem, model, v);
    let h = hessian(problem, model, v);
    let step = 1e-7;
    let mut fd_grad = DVector::zeros(n);
    let mut fd_h = DMatrix::zeros(n, n);
    for k in 0..n {
        let (mut vp, mut vm) = (v.clone(), v.clone());
        vp[k] += step;
        vm[k] -= step;
        let (ep, em) = (evaluate(problem, model, &vp), evaluate(problem, model, &vm));
        fd_grad[k] = (ep.cost - em.cost) / (2.0 * step);
        fd_h.set_column(k, &((ep.gradient - em.gradient) / (2.0 * step)));
    }
    let gs = e.gradient.norm().max(1e-8);
    assert!(
        (&fd_grad - &e.gradient).norm() <= 1e-5 * gs,
        "case {case}: gradient {} fd {}",
        e.gradient,
        fd_grad
    );
    let hs = h.norm();
    assert!(
        (&fd_h - &h).norm() <= 1e-4 * hs,
        "case {case}: |H - fd| = {} |H| = {hs}",
        (&fd_h - &h).norm()
    );
    assert!((&h - h.transpose()).norm() <= 1e-12 * hs);
    assert!(h.clone().cholesky().is_some());
}
