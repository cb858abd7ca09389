//! The momentum error e_m of Eq. 32: the solver's stopping criterion (Eq. 26) and a
//! measure of any answer to the same problem (an interior-point method's, say).

use nalgebra::DVector;

use crate::error::SapError;
use crate::model::SapModel;
use crate::problem::SapProblem;

/// The dimensionless momentum error e_m of Eq. 32 from the squared norms
/// `[|D grad|^2, |D A v|^2, |D J^T gamma|^2]` (Eq. 25): returns `|D grad|`, the scale
/// of Eq. 26 and `e_m = |D grad| / scale` (`|D grad|` itself when the scale is zero).
/// The scale is `max(|D A v|, |D J^T gamma|)`, or their root mean square for an
/// island's sub-solver (`rms_scale`, see `island_solve`). The one formula of the
/// solver's stopping criterion and of [`momentum_error`].
pub(super) fn momentum_error_of_sums([ng, np, nj]: [f64; 3], rms_scale: bool) -> (f64, f64, f64) {
    let scale = if rms_scale {
        (0.5 * (np + nj)).sqrt()
    } else {
        np.sqrt().max(nj.sqrt())
    };
    let ng = ng.sqrt();
    let e_m = if scale > 0.0 { ng / scale } else { ng };
    (ng, scale, e_m)
}

/// The momentum error e_m (Eq. 32) of `problem` at the velocities `v`, with the
/// constraints' `model`: `|D grad| / max(|D A v|, |D J^T gamma|)` with the impulses
/// `gamma(v)` of Eq. 23 and D of Eq. 25, exactly as the solver's stopping criterion
/// measures it ([`super::SapStats::momentum_error`]). It gives the answer of any other method
/// (an interior-point solver: `wolfe_sap::conic` with the feature `conic`) the solver's
/// own measure.
///
/// # Errors
/// [`SapError::InputMismatch`] when `v` does not have one finite entry per
/// generalized velocity, or `model` is not for `problem`'s constraints (build it with
/// [`SapModel::new`] from this problem).
pub fn momentum_error(problem: &SapProblem, model: &SapModel, v: &[f64]) -> Result<f64, SapError> {
    check_model(problem, model)?;
    let n = problem.num_velocities();
    if v.len() != n || v.iter().any(|x| !x.is_finite()) {
        return Err(SapError::InputMismatch {
            what: "velocities (length, or a non-finite entry)",
            given: v.len(),
            expected: n,
        });
    }
    let eval = crate::evaluate::evaluate(problem, model, &DVector::from_column_slice(v));
    // The solver's quantities in its order: r = v - v*, A r, A v = A r + A v*,
    // J^T gamma, grad = A r - J^T gamma.
    let r: Vec<f64> = v
        .iter()
        .zip(problem.v_star().iter())
        .map(|(v, s)| v - s)
        .collect();
    let (mut ar, mut av_star, mut jc) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    problem.mul_a(&r, &mut ar);
    problem.mul_a(problem.v_star().as_slice(), &mut av_star);
    for (c, g) in eval.gamma.iter().enumerate() {
        problem.add_jt(c, &[g.x, g.y, g.z], &mut jc);
    }
    let joint_impulses = eval
        .pd_impulses
        .iter()
        .chain(&eval.limit_impulses)
        .chain(&eval.coupler_impulses);
    for (m, &g) in model.joints().zip(joint_impulses) {
        m.add_jt(g, &mut jc);
    }
    let d = problem.d_scale();
    let [mut ng, mut np, mut nj] = [0.0; 3];
    for i in 0..n {
        ng += (d[i] * (ar[i] - jc[i])).powi(2);
        np += (d[i] * (ar[i] + av_star[i])).powi(2);
        nj += (d[i] * jc[i]).powi(2);
    }
    Ok(momentum_error_of_sums([ng, np, nj], false).2)
}

/// `model` has one model per constraint of `problem`, kind by kind.
pub(crate) fn check_model(problem: &SapProblem, model: &SapModel) -> Result<(), SapError> {
    for (what, given, expected) in [
        ("contact models", model.contacts.len(), problem.contacts().len()),
        (
            "PD controller models",
            model.pd_controllers.len(),
            problem.pd_controllers().len(),
        ),
        (
            "joint limit models",
            model.joint_limits.len(),
            problem.joint_limits().len(),
        ),
        ("coupler models", model.couplers.len(), problem.couplers().len()),
    ] {
        if given != expected {
            return Err(SapError::InputMismatch {
                what,
                given,
                expected,
            });
        }
    }
    Ok(())
}
