//! Constraints on one dof of one tree (SAP paper, Section VII, "expand the family of
//! constraints"): a PD controller with an effort limit and a one-sided joint position
//! limit. Each acts on tree `tree` through the Jacobian row `s e_dof^T` (a selector of
//! one generalized velocity, sign `s = +1` or `-1`), so its constraint velocity is
//! `v_c = s v_dof` and its generalized impulse `s gamma` on that dof alone: it adds one
//! entry to the diagonal block of its tree in `H = A + J^T G J` (Section IV-D), and the
//! block sparsity of H is that of the contacts.
//!
//! Both are convex SAP constraints whose impulse is the projection of
//! `y = -(v_c - v_hat) / R` onto an interval (see [`crate::interval`] for the cost,
//! impulse and G): the constraint's physics sets `R`, `v_hat` and the interval
//! ([`JointModel`]).
//!
//! Units: for a revolute (or continuous) joint positions are in rad, velocities in rad/s,
//! efforts in N m, impulses in N m s, `kp` in N m/rad and `kd` in N m s/rad; for a
//! prismatic joint m, m/s, N, N s, N/m and N s/m.

use crate::constraint::SapConstraint;
use crate::error::{JointConstraintKind, SapError};
use crate::forest::{Forest, Tree};
use crate::interval::{IntervalParams, JointModel};
use crate::regularization::{check_energy, RegularizationSettings};

/// A PD controller on one dof with an effort limit, implicit in the next velocity.
///
/// With the next position `q = q0 + dt v` (Eq. 12 with `theta_vq = 1` and `N = 1` for a
/// one-dof joint), the actuation effort is
/// `u(v) = clamp(-kp (q0 + dt v - q_target) - kd (v - v_target) + feed_forward, -e, e)`
/// and its impulse `gamma = dt u(v)` enters the momentum balance (18) as a constraint
/// impulse: `A (v - v*) = J^T gamma`. As a SAP constraint ([`crate::interval`]):
///
/// - `R = 1 / (dt (dt kp + kd))` and `v_hat = (kp (q_target - q0) + kd v_target +
///   feed_forward) / (dt kp + kd)`, so that `y = -(v - v_hat) / R = dt u~(v)` with `u~`
///   the unclamped effort;
/// - impulse set `C = [-e dt, e dt]`: `gamma = clamp(y, -e dt, e dt)` (Eq. 23 for this
///   set), saturating at exactly `+-e dt`;
/// - cost `R (gamma y - gamma^2 / 2)`, quadratic while the effort is below its limit and
///   linear in `v` when saturated (a Huber function); `G = dt (dt kp + kd)` while not
///   saturated, 0 when saturated.
///
/// Without an effort limit (`e = inf`) the cost is the quadratic
/// `dt (dt kp + kd) (v - v_hat)^2 / 2` and one SAP step is exactly the implicit-Euler
/// PD update.
#[derive(Debug, Clone, PartialEq)]
pub struct PdControllerConstraint {
    /// The tree.
    pub tree: usize,
    /// Position of the dof at the previous step, q0 (rad or m).
    pub q0: f64,
    /// The controlled dof, its gains, target, feed-forward and effort limit.
    pub gains: PdGains,
}

/// A PD controller's setting on one dof of a tree: what a user sets and keeps between
/// steps (a simulator's trees hold these); [`PdControllerConstraint`] adds the tree and
/// the step's `q0`.
#[derive(Debug, Clone, PartialEq)]
pub struct PdGains {
    /// The controlled dof, local to the tree (`0 <= dof < n_t`).
    pub dof: usize,
    /// Proportional gain kp (N m/rad or N/m), finite, >= 0.
    pub kp: f64,
    /// Derivative gain kd (N m s/rad or N s/m), finite, >= 0; `dt kp + kd > 0`.
    pub kd: f64,
    /// Target position q_target (rad or m).
    pub q_target: f64,
    /// Target velocity v_target (rad/s or m/s).
    pub v_target: f64,
    /// Feed-forward effort u_ff (N m or N), e.g. gravity compensation.
    pub feed_forward: f64,
    /// Effort limit e (N m or N), >= 0; `f64::INFINITY` for none.
    pub effort_limit: f64,
}

impl PdControllerConstraint {
    /// A PD controller on dof `dof` of tree `tree` at position `q0` with gains `kp`, `kd`,
    /// holding `q_target = q0` at rest (`v_target = 0`), no feed-forward, no effort limit.
    pub fn new(tree: usize, dof: usize, q0: f64, kp: f64, kd: f64) -> Self {
        Self {
            tree,
            q0,
            gains: PdGains {
                dof,
                kp,
                kd,
                q_target: q0,
                v_target: 0.0,
                feed_forward: 0.0,
                effort_limit: f64::INFINITY,
            },
        }
    }

    /// Sets the target position (rad or m) and velocity (rad/s or m/s).
    pub fn with_target(mut self, q_target: f64, v_target: f64) -> Self {
        self.gains.q_target = q_target;
        self.gains.v_target = v_target;
        self
    }

    /// Sets the feed-forward effort (N m or N).
    pub fn with_feed_forward(mut self, feed_forward: f64) -> Self {
        self.gains.feed_forward = feed_forward;
        self
    }

    /// Sets the effort limit e (N m or N): `|u| <= e`, impulses in `[-e dt, e dt]`.
    pub fn with_effort_limit(mut self, effort_limit: f64) -> Self {
        self.gains.effort_limit = effort_limit;
        self
    }
}

/// Which side of the range a [`JointLimitConstraint`] bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitSide {
    /// `q >= limit`: Jacobian row `+e_dof`, signed distance `q - limit`.
    Lower,
    /// `q <= limit`: Jacobian row `-e_dof`, signed distance `limit - q`.
    Upper,
}

impl LimitSide {
    /// The sign s of the Jacobian row `s e_dof^T`.
    pub fn sign(self) -> f64 {
        match self {
            Self::Lower => 1.0,
            Self::Upper => -1.0,
        }
    }
}

/// A one-sided joint position limit: a unilateral compliant constraint on one dof,
/// modelled as the normal direction of a frictionless contact (Section V-A) with the
/// signed distance `phi0 = s (q0 - limit)` (`s = +1` for a lower, `-1` for an upper
/// limit; negative when violated) and the constraint velocity `v_c = s v_dof`:
///
/// - the compliant law (2): `gamma / dt = (-k phi - tau_d k v_c)_+` with
///   `phi = phi0 + dt v_c`;
/// - `v_hat = -phi0 / (dt + tau_d)` and `R = max(beta^2 w / (4 pi^2),
///   1 / (dt k (dt + tau_d)))` (Eq. 29), with `w = (A_t^{-1})_{dof,dof}`, the exact
///   Delassus operator of a selector row; `k = inf` (the default) always takes the
///   near-rigid branch, where a load f held at the limit overlaps it by
///   `beta^2 f w dt^2 / (4 pi^2)` (Section V-B);
/// - impulse set `[0, inf)`: `gamma = max(y, 0)`, cost `R gamma^2 / 2` (Eq. 24),
///   `G = 1 / R` for `y >= 0`, 0 otherwise (Appendix D's convention on the boundary).
///
/// Far from the limit (`phi0 >> dt |v|`) the constraint is inactive (`gamma = 0`, `G = 0`)
/// and costs one clamp per evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct JointLimitConstraint {
    /// The tree.
    pub tree: usize,
    /// The limited dof, local to the tree.
    pub dof: usize,
    /// Lower or upper limit.
    pub side: LimitSide,
    /// Position of the dof at the previous step, q0 (rad or m).
    pub q0: f64,
    /// The limit (rad or m).
    pub limit: f64,
    /// Stiffness k (N m/rad or N/m), > 0; `f64::INFINITY` (default) for near-rigid.
    pub stiffness: f64,
    /// Dissipation time scale tau_d (s), >= 0 (Eq. 2). Default 0.
    pub dissipation_time_scale: f64,
}

impl JointLimitConstraint {
    /// The lower limit `q >= limit` of dof `dof` of tree `tree` at position `q0`.
    pub fn lower(tree: usize, dof: usize, q0: f64, limit: f64) -> Self {
        Self::new(tree, dof, LimitSide::Lower, q0, limit)
    }

    /// The upper limit `q <= limit` of dof `dof` of tree `tree` at position `q0`.
    pub fn upper(tree: usize, dof: usize, q0: f64, limit: f64) -> Self {
        Self::new(tree, dof, LimitSide::Upper, q0, limit)
    }

    fn new(tree: usize, dof: usize, side: LimitSide, q0: f64, limit: f64) -> Self {
        Self {
            tree,
            dof,
            side,
            q0,
            limit,
            stiffness: f64::INFINITY,
            dissipation_time_scale: 0.0,
        }
    }

    /// Sets the stiffness k (N m/rad or N/m) and dissipation time scale tau_d (s).
    pub fn with_compliance(mut self, stiffness: f64, dissipation_time_scale: f64) -> Self {
        self.stiffness = stiffness;
        self.dissipation_time_scale = dissipation_time_scale;
        self
    }

    /// The signed distance to the limit at the previous step, `s (q0 - limit)`
    /// (negative when violated).
    pub fn phi0(&self) -> f64 {
        self.side.sign() * (self.q0 - self.limit)
    }
}

/// Checks that tree `tree` has dof `dof` (for constraint `index` of kind `kind`).
pub(crate) fn check_dof(
    trees: &[Tree], kind: JointConstraintKind, index: usize, tree: usize, dof: usize,
) -> Result<(), SapError> {
    if trees.get(tree).is_some_and(|t| dof < t.dofs()) {
        Ok(())
    } else {
        Err(SapError::JointConstraintDof {
            kind,
            index,
            tree,
            dof,
        })
    }
}

/// Checks that every named value is finite, reporting the first that is not as a
/// parameter of constraint `index` of kind `kind`.
pub(crate) fn check_finite<const N: usize>(
    kind: JointConstraintKind, index: usize, values: [(&'static str, f64); N],
) -> Result<(), SapError> {
    for (parameter, value) in values {
        if !value.is_finite() {
            return Err(SapError::InvalidJointConstraint {
                kind,
                index,
                parameter,
                value,
            });
        }
    }
    Ok(())
}

/// The items of [`SapConstraint`] shared by the one-row kinds that act on one tree
/// through a [`JointModel`] (a struct with a `tree` field): one row, one clique, the
/// island copy renumbering `tree`, and the model's row renumbered by [`renumber_row`].
macro_rules! one_tree_row {
    () => {
        const ROWS: usize = 1;
        type Model = JointModel;

        fn cliques(&self) -> (usize, Option<usize>) {
            (self.tree, None)
        }

        fn copy_renumbered(
            &mut self, src: &Self, tree: impl Fn(usize) -> usize, _spare: &mut Vec<nalgebra::DMatrix<f64>>,
        ) {
            self.clone_from(src);
            self.tree = tree(src.tree);
        }

        fn renumber_model(model: &mut JointModel, velocity: impl Fn(usize) -> usize) {
            $crate::joint::renumber_row(model, velocity);
        }
    };
}
pub(crate) use one_tree_row;

impl SapConstraint for PdControllerConstraint {
    const NAME: &'static str = "PD controller";
    one_tree_row!();

    fn validate(&self, i: usize, trees: &[Tree], time_step: f64) -> Result<(), SapError> {
        let kind = JointConstraintKind::PdController;
        check_dof(trees, kind, i, self.tree, self.gains.dof)?;
        let bad = |parameter, value| {
            Err(SapError::InvalidJointConstraint {
                kind,
                index: i,
                parameter,
                value,
            })
        };
        check_finite(
            kind,
            i,
            [
                ("q0", self.q0),
                ("q_target", self.gains.q_target),
                ("v_target", self.gains.v_target),
                ("feed_forward", self.gains.feed_forward),
            ],
        )?;
        if !(self.gains.kp.is_finite() && self.gains.kp >= 0.0) {
            return bad("kp", self.gains.kp);
        }
        if !(self.gains.kd.is_finite() && self.gains.kd >= 0.0) {
            return bad("kd", self.gains.kd);
        }
        if time_step * self.gains.kp + self.gains.kd <= 0.0 {
            return bad("kp and kd (both zero)", 0.0);
        }
        if self.gains.effort_limit.is_nan() || self.gains.effort_limit < 0.0 {
            return bad("effort_limit", self.gains.effort_limit);
        }
        Ok(())
    }

    /// `R = 1 / (dt (dt kp + kd))`, `v_hat = (kp (q_target - q0) + kd v_target + u_ff) /
    /// (dt kp + kd)`, impulses in `[-e dt, e dt]`, with the near-rigid gain clamp of
    /// [`RegularizationSettings::controller_beta`].
    fn model(
        &self, i: usize, forest: &Forest, settings: &RegularizationSettings,
    ) -> Result<JointModel, SapError> {
        let dt = forest.time_step();
        let beta2_4pi2 = settings.controller_beta.powi(2) / (4.0 * std::f64::consts::PI.powi(2));
        let w = forest.inverse_mass(self.tree, self.gains.dof, self.gains.dof);
        let (mut kp, mut kd) = (self.gains.kp, self.gains.kd);
        let mut r = 1.0 / (dt * (dt * kp + kd));
        let r_rigid = beta2_4pi2 * w;
        let near_rigid = r < r_rigid;
        if near_rigid {
            // Same kd / kp, scaled so that R = r_rigid.
            let scale = r / r_rigid;
            kp *= scale;
            kd *= scale;
            r = r_rigid;
        }
        let denominator = dt * kp + kd;
        let v_hat =
            (kp * (self.gains.q_target - self.q0) + kd * self.gains.v_target + self.gains.feed_forward)
                / denominator;
        if !(r.is_finite() && r > 0.0 && v_hat.is_finite()) {
            return Err(SapError::InvalidJointConstraint {
                kind: JointConstraintKind::PdController,
                index: i,
                parameter: "kp and kd (regularization not finite)",
                value: r,
            });
        }
        check_energy(Self::NAME, i, v_hat, r)?;
        let bound = self.gains.effort_limit * dt;
        Ok(JointModel {
            velocity: forest.offset(self.tree) + self.gains.dof,
            sign: 1.0,
            second: None,
            interval: IntervalParams {
                r,
                v_hat,
                lower: -bound,
                upper: bound,
            },
            w,
            near_rigid,
        })
    }

    fn placeholder() -> Self {
        Self::new(0, 0, 0.0, 0.0, 0.0)
    }
}

/// Renumbers the velocities of a one-row model's Jacobian row.
pub(crate) fn renumber_row(model: &mut JointModel, velocity: impl Fn(usize) -> usize) {
    model.velocity = velocity(model.velocity);
    if let Some((k, _)) = &mut model.second {
        *k = velocity(*k);
    }
}

impl SapConstraint for JointLimitConstraint {
    const NAME: &'static str = "joint limit";
    one_tree_row!();

    fn validate(&self, i: usize, trees: &[Tree], _time_step: f64) -> Result<(), SapError> {
        let kind = JointConstraintKind::JointLimit;
        check_dof(trees, kind, i, self.tree, self.dof)?;
        check_finite(kind, i, [("q0", self.q0), ("limit", self.limit)])?;
        check_compliance(kind, i, self.stiffness, self.dissipation_time_scale)
    }

    /// Eq. 29 with the exact `w` of the selector row, `v_hat = -phi0 / (dt + tau_d)`,
    /// impulses in `[0, inf)`.
    fn model(
        &self, i: usize, forest: &Forest, settings: &RegularizationSettings,
    ) -> Result<JointModel, SapError> {
        let w = forest.inverse_mass(self.tree, self.dof, self.dof);
        let (r, v_hat, near_rigid) = holonomic_model(
            JointConstraintKind::JointLimit,
            i,
            forest.time_step(),
            settings,
            [w, self.phi0(), self.stiffness, self.dissipation_time_scale],
        )?;
        Ok(JointModel {
            velocity: forest.offset(self.tree) + self.dof,
            sign: self.side.sign(),
            second: None,
            interval: IntervalParams {
                r,
                v_hat,
                lower: 0.0,
                upper: f64::INFINITY,
            },
            w,
            near_rigid,
        })
    }

    fn placeholder() -> Self {
        Self::lower(0, 0, 0.0, 0.0)
    }
}

/// Checks a compliant constraint's stiffness (positive, possibly infinite) and
/// dissipation time scale (finite, non-negative).
pub(crate) fn check_compliance(
    kind: JointConstraintKind, index: usize, stiffness: f64, tau: f64,
) -> Result<(), SapError> {
    let bad = |parameter, value| {
        Err(SapError::InvalidJointConstraint {
            kind,
            index,
            parameter,
            value,
        })
    };
    if stiffness.is_nan() || stiffness <= 0.0 {
        return bad("stiffness", stiffness);
    }
    if !(tau.is_finite() && tau >= 0.0) {
        return bad("dissipation_time_scale", tau);
    }
    Ok(())
}

/// R by Eq. 29 and `v_hat = -phi0 / (dt + tau_d)` (Section V-A) of a one-row
/// compliant constraint (a joint limit, a coupler) with the exact Delassus operator
/// `w`, signed distance (or constraint error) `phi0`, stiffness `k` and dissipation
/// time scale `tau_d`, given as `[w, phi0, k, tau_d]`; and whether it is near-rigid.
pub(crate) fn holonomic_model(
    kind: JointConstraintKind, index: usize, time_step: f64, settings: &RegularizationSettings,
    [w, phi0, stiffness, tau]: [f64; 4],
) -> Result<(f64, f64, bool), SapError> {
    let (r, near_rigid) = settings.compliant(time_step, w, stiffness, tau);
    if !(r.is_finite() && r > 0.0) {
        return Err(SapError::InvalidJointConstraint {
            kind,
            index,
            parameter: "stiffness",
            value: stiffness,
        });
    }
    let v_hat = -phi0 / (time_step + tau);
    check_energy(kind.name(), index, v_hat, r)?;
    Ok((r, v_hat, near_rigid))
}
