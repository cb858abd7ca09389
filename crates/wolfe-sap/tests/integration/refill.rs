//! The in-place API (`SapProblem::refill`, `SapSolver::solve_in_place`) gives the same
//! problem and the same answer as building a fresh problem with
//! `SapProblem::with_constraints` and solving it with a fresh solver, over a sequence
//! of problems of changing size and shape (contacts that switch between one and two
//! trees, trees of 3 and 6 dofs, dense and sparse factorizations), and leaves an empty,
//! valid problem after a validation error.

use nalgebra::{DMatrix, DVector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_sap::{
    Constraints, ContactConstraint, JointLimitConstraint, SapError, SapProblem, SapSettings, SapSolver, Tree,
};

fn random_problem(rng: &mut ChaCha8Rng) -> (Vec<Tree>, Constraints) {
    let nt = rng.random_range(1..20);
    let trees: Vec<Tree> = (0..nt)
        .map(|_| {
            let n = if rng.random_bool(0.8) { 6 } else { 3 };
            let b = DMatrix::from_fn(n, n, |_, _| rng.random_range(-1.0..1.0));
            let a = b.transpose() * b + DMatrix::identity(n, n);
            Tree::new(a, DVector::from_fn(n, |_, _| rng.random_range(-1.0..1.0)))
        })
        .collect();
    let contacts = (0..rng.random_range(0..30))
        .map(|_| {
            let a = rng.random_range(0..nt);
            let ja = DMatrix::from_fn(3, trees[a].dofs(), |_, _| rng.random_range(-1.0..1.0));
            let phi0 = rng.random_range(-1e-2..1e-2);
            let b = rng.random_range(0..nt);
            let c = if b != a && rng.random_bool(0.6) {
                let jb = DMatrix::from_fn(3, trees[b].dofs(), |_, _| rng.random_range(-1.0..1.0));
                ContactConstraint::between(a, ja, b, jb, phi0)
            } else {
                ContactConstraint::with_world(a, ja, phi0)
            };
            c.with_parameters(1e6, 0.01, rng.random_range(0.1..1.0))
        })
        .collect();
    let joint_limits = (0..rng.random_range(0..3))
        .map(|_| {
            let t = rng.random_range(0..nt);
            JointLimitConstraint::lower(t, 0, 0.0, -0.01)
        })
        .collect();
    let constraints = Constraints {
        contacts,
        joint_limits,
        ..Default::default()
    };
    (trees, constraints)
}

#[test]
fn refill_and_solve_in_place_match_a_fresh_problem_and_solver() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let settings = SapSettings {
        dense_max_dofs: 30,
        ..Default::default()
    };
    let mut problem = SapProblem::empty(0.01).unwrap();
    let mut solver = SapSolver::new(settings).unwrap();
    for _ in 0..60 {
        let (trees, constraints) = random_problem(&mut rng);
        problem
            .refill(0.01, |f| {
                for t in &trees {
                    f.push_tree(&t.a, t.v_star.as_slice());
                }
                for c in &constraints.contacts {
                    let side_b = c.tree_b.as_ref().map(|(b, jb)| (*b, jb));
                    let slot = f.push_contact(c.tree_a, &c.jacobian_a, side_b);
                    slot.phi0 = c.phi0;
                    slot.stiffness = c.stiffness;
                    slot.dissipation_time_scale = c.dissipation_time_scale;
                    slot.friction = c.friction;
                }
                for l in &constraints.joint_limits {
                    f.push_joint_limit(l.clone());
                }
                Ok::<(), SapError>(())
            })
            .unwrap();
        let fresh = SapProblem::with_constraints(0.01, trees, constraints).unwrap();
        assert_eq!(problem.num_velocities(), fresh.num_velocities());
        assert_eq!(problem.contacts().len(), fresh.contacts().len());
        for (a, b) in problem.contacts().iter().zip(fresh.contacts()) {
            assert_eq!(a.jacobian_a, b.jacobian_a);
            assert_eq!(a.tree_b, b.tree_b);
            assert_eq!((a.phi0, a.friction), (b.phi0, b.friction));
        }
        let v0 = DVector::zeros(fresh.num_velocities());
        let expected = SapSolver::new(settings).unwrap().solve(&fresh, &v0).unwrap();
        let stats = solver.solve_in_place(&problem, v0.as_slice()).unwrap().clone();
        assert_eq!(stats.iterations, expected.stats.iterations);
        assert_eq!(stats.status, expected.stats.status);
        assert_eq!(solver.velocities(), expected.v.as_slice());
        assert_eq!(solver.contact_impulses(), expected.gamma.as_slice());
        assert_eq!(solver.joint_impulses(), expected.limit_impulses.as_slice());
    }
    // A contact naming a missing tree: the error, then an empty problem.
    let err = problem.refill(0.01, |f| {
        f.push_tree(&DMatrix::<f64>::identity(6, 6), &[0.0; 6]);
        f.push_contact(3, &DMatrix::<f64>::zeros(3, 6), None);
        Ok::<(), SapError>(())
    });
    assert!(matches!(err, Err(SapError::ContactTrees { .. })), "{err:?}");
    assert_eq!(problem.num_velocities(), 0);
    assert!(problem.contacts().is_empty());
    assert_eq!(problem.time_step(), 0.01);
}
