//! Issue 21, item 9: SAP with extreme but finite inputs returns a typed error or a right
//! answer, never NaN or infinite impulses inside `Ok`.

use nalgebra::{DMatrix, DVector};
use wolfe_sap::{ContactConstraint, SapProblem, SapSettings, SapSolver};

/// One particle (A = I, J = I, dt = 0.01) with free motion `v_star` over the ground at
/// signed distance `phi0`: the solve's result, `None` when it was refused.
fn solve(v_star: [f64; 3], phi0: f64) -> Option<(DVector<f64>, Vec<[f64; 3]>)> {
    let tree = wolfe_sap::Tree::new(DMatrix::identity(3, 3), DVector::from_column_slice(&v_star));
    let contact = ContactConstraint::with_world(0, DMatrix::identity(3, 3), phi0);
    let problem = SapProblem::new(0.01, vec![tree], vec![contact]).ok()?;
    let mut solver = SapSolver::new(SapSettings::default()).unwrap();
    let sol = solver.solve(&problem, &DVector::zeros(3)).ok()?;
    let gamma = sol.gamma.iter().map(|g| [g[0], g[1], g[2]]).collect();
    Some((sol.v.clone(), gamma))
}

fn assert_finite_or_refused(v_star: [f64; 3], phi0: f64) {
    if let Some((v, gamma)) = solve(v_star, phi0) {
        assert!(
            v.iter().all(|x| x.is_finite()) && gamma.iter().flatten().all(|g| g.is_finite()),
            "v* {v_star:?}, phi0 {phi0:e}: Ok with v {v:?}, gamma {gamma:?}"
        );
    }
}

/// The reproducer: v* = (1e152, 0, -1e152) gave `Ok`, `Stalled`, NaN impulses.
#[test]
fn huge_free_motion_velocity_is_refused_or_finite() {
    assert!(
        solve([1e152, 0.0, -1e152], 0.0).is_none(),
        "v* = 1e152 must be refused"
    );
    assert_finite_or_refused([1e152, 0.0, -1e152], 0.0);
}

/// The reproducer: phi0 = -1e306 gave infinite impulses inside `Ok`.
#[test]
fn huge_penetration_is_refused_or_finite() {
    assert!(
        solve([0.0, 0.0, -1.0], -1e306).is_none(),
        "phi0 = -1e306 must be refused"
    );
}

/// Every scale from 1 to 1e300, of the velocity and of the penetration: finite or refused,
/// and the ordinary range (up to 1e30) is solved.
#[test]
fn every_scale_is_finite_or_refused() {
    for e in (0..=300).step_by(10) {
        let s = 10f64.powi(e);
        assert_finite_or_refused([s, 0.0, -s], 0.0);
        assert_finite_or_refused([0.0, 0.0, -1.0], -s);
        assert_finite_or_refused([s, -s, s], -s);
        if e <= 30 {
            assert!(solve([s, 0.0, -s], 0.0).is_some(), "v* = {s:e} refused");
            assert!(solve([0.0, 0.0, -1.0], -s).is_some(), "phi0 = {s:e} refused");
        }
    }
}
