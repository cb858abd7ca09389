//! The initial guess is validated like the problem: finite, one entry per velocity, and
//! within the energy range (`max|A_t| max|v0_t|^2 n_t <= MAX_ENERGY_SCALE`); a solve never
//! returns NaN or infinite numbers inside `Ok`, and a stall says why.

use nalgebra::{DMatrix, DVector};
use wolfe_sap::problem::MAX_ENERGY_SCALE;
use wolfe_sap::{ContactConstraint, SapError, SapProblem, SapSettings, SapSolver, SapStatus};

/// One particle (A = I, 1 kg), v* = (1, 0.5, -0.0981), a rigid world contact with
/// mu = 1 at the ground, dt = 0.01: the long property run's problem.
fn particle() -> SapProblem {
    let tree = wolfe_sap::Tree::new(
        DMatrix::identity(3, 3),
        DVector::from_column_slice(&[1.0, 0.5, -0.0981]),
    );
    let contact = ContactConstraint::with_world(0, DMatrix::identity(3, 3), 0.0).with_parameters(
        f64::INFINITY,
        0.0,
        1.0,
    );
    SapProblem::new(0.01, vec![tree], vec![contact]).unwrap()
}

/// The reproducer: v0 = (x, 0, -x) converged for x <= 3e150 and returned NaN and infinite
/// impulses with status `Stalled` from x = 1e151. Now: within the range the solve
/// converges to the cold solve's answer; beyond it, a typed error naming the guess.
#[test]
fn huge_initial_guess_is_refused_and_moderate_ones_converge() {
    let p = particle();
    let mut solver = SapSolver::new(SapSettings::default()).unwrap();
    let cold = solver.solve_cold(&p).unwrap();
    assert_eq!(cold.stats.status, SapStatus::Converged);
    for x in [1.0, 1e3, 1e10, 1e50, 1e99] {
        let v0 = DVector::from_column_slice(&[x, 0.0, -x]);
        let sol = solver.solve(&p, &v0).unwrap();
        assert!(sol.v.iter().all(|v| v.is_finite()), "x {x:e}: {:?}", sol.v);
        assert!(
            sol.gamma.iter().all(|g| g.iter().all(|v| v.is_finite())),
            "x {x:e}"
        );
        if sol.stats.status == SapStatus::Converged {
            // The problem is strictly convex: one minimizer.
            assert!(
                (sol.v.clone() - cold.v.clone()).norm() <= 1e-4 * (1.0 + cold.v.norm()),
                "x {x:e}"
            );
        }
    }
    for x in [1e101, 1e151, 1e200, 1e300, f64::MAX] {
        let v0 = DVector::from_column_slice(&[x, 0.0, -x]);
        match solver.solve(&p, &v0) {
            Err(SapError::OutOfRange {
                owner,
                index,
                value,
                bound,
                ..
            }) => {
                assert_eq!((owner, index), ("initial guess", 0));
                assert_eq!(bound, MAX_ENERGY_SCALE);
                assert!(value > bound, "x {x:e}: {value:e}");
            }
            other => panic!("x {x:e}: expected OutOfRange for the initial guess, got {other:?}"),
        }
    }
}

/// Property: over guesses from 1e-3 to 1e120 in every direction, an `Ok` never holds a
/// non-finite number, and every refusal is the initial guess's range error.
#[test]
fn every_guess_gives_finite_numbers_or_a_typed_error() {
    let p = particle();
    let mut solver = SapSolver::new(SapSettings::default()).unwrap();
    for e in -3..=120 {
        for dir in [
            [1.0, 0.0, -1.0],
            [-1.0, 2.0, 0.5],
            [0.0, 0.0, 1.0],
            [0.3, -0.7, -2.0],
        ] {
            let x = 10f64.powi(e);
            let v0 = DVector::from_iterator(3, dir.iter().map(|d| d * x));
            match solver.solve(&p, &v0) {
                Ok(sol) => {
                    // A stall says why; no other status has a reason.
                    assert_eq!(
                        sol.stats.stall.is_some(),
                        sol.stats.status == SapStatus::Stalled,
                        "{v0:?}: {:?}",
                        sol.stats
                    );
                    assert!(sol.v.iter().all(|v| v.is_finite()), "{v0:?}");
                    assert!(
                        sol.gamma.iter().all(|g| g.iter().all(|v| v.is_finite())),
                        "{v0:?}"
                    );
                }
                Err(SapError::OutOfRange { owner, .. }) => assert_eq!(owner, "initial guess", "{v0:?}"),
                Err(other) => panic!("{v0:?}: {other:?}"),
            }
        }
    }
}
