//! Issue 21, item 9: SAP with extreme but finite inputs returns a typed error or a right
//! answer, never NaN or infinite impulses inside `Ok`.

use nalgebra::{DMatrix, DVector};
use wolfe_sap::problem::MAX_ENERGY_SCALE;
use wolfe_sap::{ContactConstraint, SapError, SapProblem, SapSettings, SapSolver};

type Solved = (DVector<f64>, Vec<[f64; 3]>);

/// One particle (A = I, J = I, dt = 0.01) with free motion `v_star` over the ground at
/// signed distance `phi0`: the solve's result or the error that refused it.
fn try_solve(v_star: [f64; 3], phi0: f64) -> Result<Solved, SapError> {
    let tree = wolfe_sap::Tree::new(DMatrix::identity(3, 3), DVector::from_column_slice(&v_star));
    let contact = ContactConstraint::with_world(0, DMatrix::identity(3, 3), phi0);
    let problem = SapProblem::new(0.01, vec![tree], vec![contact])?;
    let mut solver = SapSolver::new(SapSettings::default()).unwrap();
    let sol = solver.solve(&problem, &DVector::zeros(3))?;
    let gamma = sol.gamma.iter().map(|g| [g[0], g[1], g[2]]).collect();
    Ok((sol.v.clone(), gamma))
}

/// [`try_solve`], `None` when it was refused.
fn solve(v_star: [f64; 3], phi0: f64) -> Option<Solved> {
    try_solve(v_star, phi0).ok()
}

/// Asserts that the error is the range error of `owner` 0, naming the energy bound and
/// a value beyond it.
fn assert_out_of_range(e: Result<Solved, SapError>, expected_owner: &str) {
    match e {
        Err(SapError::OutOfRange {
            owner,
            index,
            value,
            bound,
            quantity,
        }) => {
            assert_eq!((owner, index), (expected_owner, 0));
            assert_eq!(bound, MAX_ENERGY_SCALE);
            assert!(
                value > bound || value.is_nan(),
                "{quantity} = {value:e} within {bound:e}"
            );
            let shown = SapError::OutOfRange {
                owner,
                index,
                quantity,
                value,
                bound,
            }
            .to_string();
            assert!(
                shown.contains("supported range") && shown.contains("1e200"),
                "{shown}"
            );
        }
        other => panic!("expected OutOfRange for {expected_owner} 0, got {other:?}"),
    }
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
/// Refused as out of range, naming the tree's energy scale and its bound.
#[test]
fn huge_free_motion_velocity_is_refused_or_finite() {
    assert_out_of_range(try_solve([1e152, 0.0, -1e152], 0.0), "tree");
    assert_finite_or_refused([1e152, 0.0, -1e152], 0.0);
}

/// The reproducer: phi0 = -1e306 gave infinite impulses inside `Ok`. Refused as
/// out of range, naming the contact's energy scale and its bound.
#[test]
fn huge_penetration_is_refused_or_finite() {
    assert_out_of_range(try_solve([0.0, 0.0, -1.0], -1e306), "contact");
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
        // A refusal is the range error, never another (a misleading size or parameter).
        for (v, phi0) in [([s, 0.0, -s], 0.0), ([0.0, 0.0, -1.0], -s)] {
            if let Err(e) = try_solve(v, phi0) {
                assert!(
                    matches!(e, SapError::OutOfRange { .. }),
                    "v* {v:?}, phi0 {phi0:e}: {e:?}"
                );
            }
        }
        if e <= 30 {
            assert!(solve([s, 0.0, -s], 0.0).is_some(), "v* = {s:e} refused");
            assert!(solve([0.0, 0.0, -1.0], -s).is_some(), "phi0 = {s:e} refused");
        }
    }
}

/// A joint limit violated by 1e150 rad and a PD controller whose target is 1e150 away:
/// their models are refused with the range error naming the constraint, not reported as
/// an invalid parameter.
#[test]
fn huge_joint_violations_are_out_of_range() {
    use wolfe_sap::{Constraints, JointLimitConstraint, PdControllerConstraint, Tree};
    let solve_with = |pd_controllers: Vec<PdControllerConstraint>,
                      joint_limits: Vec<JointLimitConstraint>| {
        let problem = SapProblem::with_constraints(
            0.01,
            vec![Tree::new(DMatrix::identity(2, 2), DVector::zeros(2))],
            Constraints {
                contacts: vec![],
                pd_controllers,
                joint_limits,
                ..Default::default()
            },
        )?;
        let mut solver = SapSolver::new(SapSettings::default()).unwrap();
        let sol = solver.solve(&problem, &DVector::zeros(2))?;
        Ok((sol.v.clone(), vec![]))
    };
    assert_out_of_range(
        solve_with(vec![], vec![JointLimitConstraint::lower(0, 0, -1e150, 0.0)]),
        "joint limit",
    );
    assert_out_of_range(
        solve_with(
            vec![PdControllerConstraint::new(0, 1, 0.0, 1e3, 1.0).with_target(1e150, 0.0)],
            vec![],
        ),
        "PD controller",
    );
    // The same constraints at ordinary violations are solved.
    assert!(solve_with(vec![], vec![JointLimitConstraint::lower(0, 0, -1.0, 0.0)]).is_ok());
    assert!(solve_with(
        vec![PdControllerConstraint::new(0, 1, 0.0, 1e3, 1.0).with_target(1.0, 0.0)],
        vec![]
    )
    .is_ok());
}
