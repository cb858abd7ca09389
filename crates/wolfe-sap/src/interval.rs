//! The analytic projection of a one-dimensional SAP constraint: impulses in an interval.
//!
//! A scalar constraint (a PD controller, a joint limit, see [`crate::joint`]; a coupler,
//! see [`crate::coupler`]) has a constraint velocity `v_c = j v` through a Jacobian row
//! `j` ([`JointModel`]), a regularization `R > 0`,
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

/// The model of a one-row constraint (PD controller, joint limit, coupler): its sparse
/// Jacobian row within one tree (one dof, or two for a coupler), its regularization,
/// stabilization velocity and impulse interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointModel {
    /// Index of the (first) dof of the row in the stacked velocities v (tree offset +
    /// local dof).
    pub velocity: usize,
    /// Its coefficient s in the Jacobian row: `+-1` for a selector row `s e_dof^T`
    /// (PD controller, joint limit), 1 for a coupler.
    pub sign: f64,
    /// The second entry of the row, for a row on two dofs of the same tree (a
    /// coupler's `-rho` on the coupled dof): its velocity index and coefficient.
    pub second: Option<(usize, f64)>,
    /// R, v_hat and the impulse bounds.
    pub interval: IntervalParams,
    /// The Delassus operator `w = j A_t^{-1} j^T` of the row (exact).
    pub w: f64,
    /// Whether the near-rigid regularization was taken (Eq. 29 for a joint limit or a
    /// coupler, the gain clamp of
    /// [`RegularizationSettings::controller_beta`](crate::RegularizationSettings::controller_beta)
    /// for a PD controller).
    pub near_rigid: bool,
}

impl JointModel {
    /// The constraint velocity `v_c = j v` at the stacked velocities `v`.
    #[inline]
    pub fn constraint_velocity(&self, v: &[f64]) -> f64 {
        let vc = self.sign * v[self.velocity];
        match self.second {
            Some((k, c)) => vc + c * v[k],
            None => vc,
        }
    }

    /// `y += j^T gamma`, the generalized impulse of the impulse `gamma`.
    #[inline]
    pub fn add_jt(&self, gamma: f64, y: &mut [f64]) {
        y[self.velocity] += self.sign * gamma;
        if let Some((k, c)) = self.second {
            y[k] += c * gamma;
        }
    }

    /// The entries of `j^T g j` (the row's term of `H = A + J^T G J`) in the lower
    /// triangle: `add(row, col, value)` with `row >= col`, both in the row's tree.
    #[inline]
    pub fn add_hessian(&self, g: f64, mut add: impl FnMut(usize, usize, f64)) {
        let (i, s) = (self.velocity, self.sign);
        add(i, i, s * s * g);
        if let Some((k, c)) = self.second {
            add(k, k, c * c * g);
            add(i.max(k), i.min(k), s * c * g);
        }
    }
}
