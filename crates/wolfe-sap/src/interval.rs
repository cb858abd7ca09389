//! The analytic projection of a one-dimensional SAP constraint: impulses in an interval.
//!
//! A scalar constraint (a PD controller, a joint limit; see [`crate::joint`]) has a
//! constraint velocity `v_c = j v` through a Jacobian row `j`, a regularization `R > 0`,
//! a stabilization velocity `v_hat`, and an impulse set `C = [lower, upper]` with
//! `lower <= 0 <= upper` (either end may be infinite). As for the friction cone
//! (Section III-B), with `y = -(v_c - v_hat) / R`:
//!
//! - the impulse is the projection of `y` onto `C` in the norm of `R` (Eq. 23), which
//!   in one dimension is the clamp `gamma = P_C(y) = min(max(y, lower), upper)`;
//! - the regularizer cost is the general form of the term of Eq. (24) for a convex set,
//!   `ell(y) = max over g in C of (g R y - R g^2 / 2) = R (gamma y - gamma^2 / 2)
//!   = R y^2 / 2 - R (y - gamma)^2 / 2`. Its derivative is
//!   `d ell / d v_c = -gamma` (Danskin's theorem; Eq. 39 for the cone), so the
//!   gradient of the total cost keeps the form `A (v - v*) - J^T gamma` of Section IV-A.
//!   When `C` is a cone (`[0, inf)` for a joint limit, or `R` itself),
//!   `gamma (y - gamma) = 0` and the cost is the `R gamma^2 / 2` of Eq. (24); for a
//!   bounded interval (an effort limit) it is a Huber function of `y`, linear where the
//!   impulse saturates (`R gamma^2 / 2` there would have a zero slope, and the impulse
//!   would not be its derivative).
//! - `G = -d gamma / d v_c = 1 / R` on the closed interval and `0` outside it, the
//!   interior formula on the boundary as Appendix D does for the cone's boundary.
//!   `G >= 0`, so `H = A + J^T G J` stays positive definite.

/// Impulse bounds, regularization and stabilization velocity of one scalar constraint.
///
/// Units depend on the dof: for a revolute joint `v_c` is in rad/s, impulses in N m s and
/// `R` in (rad/s) / (N m s); for a prismatic joint m/s, N s and (m/s) / (N s).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IntervalParams {
    /// Regularization R (> 0), constraint velocity per unit impulse.
    pub r: f64,
    /// Stabilization velocity v_hat, in constraint-velocity units.
    pub v_hat: f64,
    /// Lower impulse bound (<= 0, may be `-inf`).
    pub lower: f64,
    /// Upper impulse bound (>= 0, may be `+inf`).
    pub upper: f64,
}

impl IntervalParams {
    /// y = -(v_c - v_hat) / R, the unprojected impulse.
    #[inline]
    pub fn y(&self, vc: f64) -> f64 {
        -(vc - self.v_hat) / self.r
    }

    /// gamma = P_C(y) and G = -d gamma / d v_c at the constraint velocity `vc`.
    #[inline]
    pub fn project_with_gradient(&self, vc: f64) -> (f64, f64) {
        self.clamp(self.y(vc))
    }

    /// gamma = P_C(y) and G for a given y.
    #[inline]
    fn clamp(&self, y: f64) -> (f64, f64) {
        if y < self.lower {
            (self.lower, 0.0)
        } else if y > self.upper {
            (self.upper, 0.0)
        } else {
            (y, 1.0 / self.r)
        }
    }

    /// gamma = P_C(y(v_c)).
    #[inline]
    pub fn project(&self, vc: f64) -> f64 {
        self.project_with_gradient(vc).0
    }

    /// The regularizer cost `R (gamma y - gamma^2 / 2)` given `y` and `gamma = P_C(y)`.
    #[inline]
    pub fn cost(&self, y: f64, gamma: f64) -> f64 {
        self.r * gamma * (y - 0.5 * gamma)
    }

    /// Cost, impulse and G at the constraint velocity `vc`.
    #[inline]
    pub fn evaluate(&self, vc: f64) -> (f64, f64, f64) {
        let y = self.y(vc);
        let (gamma, g) = self.clamp(y);
        (self.cost(y, gamma), gamma, g)
    }
}
