//! The coupler constraint: two dofs of one tree tied by a gear ratio (a mimic joint),
//! after Drake's `SapCouplerConstraint`.
//!
//! The holonomic constraint `g(q) = q_i - rho q_j - offset = 0` acts through the
//! Jacobian row `j = e_i^T - rho e_j^T` on dofs i and j of one tree, so its constraint
//! velocity is `v_c = v_i - rho v_j` and its generalized impulse `gamma j^T`. As every
//! SAP constraint it is compliant: a bilateral spring on g, modelled as the normal of a
//! frictionless contact without the unilateral clamp (Sections V-A, V-B):
//!
//! - `v_hat = -g0 / (dt + tau_d)` with `g0 = g(q0)` the error at the previous step;
//! - `R = max(beta^2 w / (4 pi^2), 1 / (dt k (dt + tau_d)))` (Eq. 29) with the exact
//!   Delassus operator of the row, `w = j A_t^{-1} j^T =
//!   (A_t^{-1})_ii - 2 rho (A_t^{-1})_ij + rho^2 (A_t^{-1})_jj`; the default stiffness
//!   `k = inf` takes the near-rigid branch, so a load on the pair is held with an error
//!   of order `beta^2 w dt^2 / (4 pi^2)` times the load (Section V-B);
//! - impulses in `(-inf, inf)`: `gamma = y`, cost `R y^2 / 2`, `G = 1 / R`
//!   ([`crate::interval`]): H gains the 2 x 2 block `G j^T j` inside the tree's block.
//!
//! Units follow the dofs (see [`crate::joint`]); `rho` is dimensionless for two dofs of
//! the same type.

use crate::constraint::SapConstraint;
use crate::error::{JointConstraintKind, SapError};
use crate::forest::{Forest, Tree};
use crate::interval::{IntervalParams, JointModel};
use crate::joint::{check_compliance, check_dof, check_finite, holonomic_model, one_tree_row};
use crate::regularization::RegularizationSettings;

/// A coupler: `q_dof - ratio q_coupled_dof - offset = 0` on two dofs of one tree
/// (see the module documentation).
#[derive(Debug, Clone, PartialEq)]
pub struct CouplerConstraint {
    /// The tree.
    pub tree: usize,
    /// The driven dof i, local to the tree.
    pub dof: usize,
    /// The driving dof j, local to the tree (`!= dof`).
    pub coupled_dof: usize,
    /// Position of dof i at the previous step (rad or m).
    pub q0: f64,
    /// Position of dof j at the previous step (rad or m).
    pub coupled_q0: f64,
    /// The gear ratio rho (finite; 0 pins dof i at the offset).
    pub ratio: f64,
    /// The offset (rad or m).
    pub offset: f64,
    /// Stiffness k (N m/rad or N/m), > 0; `f64::INFINITY` (default) for near-rigid.
    pub stiffness: f64,
    /// Dissipation time scale tau_d (s), >= 0. Default 0.
    pub dissipation_time_scale: f64,
}

impl CouplerConstraint {
    /// The coupler `q_dof = ratio q_coupled_dof` on tree `tree`, at the positions `q0`
    /// (of `dof`) and `coupled_q0` (of `coupled_dof`); no offset, near-rigid.
    pub fn new(tree: usize, dof: usize, q0: f64, coupled_dof: usize, coupled_q0: f64, ratio: f64) -> Self {
        Self {
            tree,
            dof,
            coupled_dof,
            q0,
            coupled_q0,
            ratio,
            offset: 0.0,
            stiffness: f64::INFINITY,
            dissipation_time_scale: 0.0,
        }
    }

    /// Sets the offset: `q_dof = ratio q_coupled_dof + offset`.
    pub fn with_offset(mut self, offset: f64) -> Self {
        self.offset = offset;
        self
    }

    /// Sets the stiffness k and dissipation time scale tau_d (s).
    pub fn with_compliance(mut self, stiffness: f64, dissipation_time_scale: f64) -> Self {
        self.stiffness = stiffness;
        self.dissipation_time_scale = dissipation_time_scale;
        self
    }

    /// The constraint error at the previous step, `g0 = q0 - ratio coupled_q0 - offset`.
    pub fn error0(&self) -> f64 {
        self.q0 - self.ratio * self.coupled_q0 - self.offset
    }
}

impl SapConstraint for CouplerConstraint {
    const NAME: &'static str = "coupler";
    one_tree_row!();

    fn validate(&self, i: usize, trees: &[Tree], _time_step: f64) -> Result<(), SapError> {
        let kind = JointConstraintKind::Coupler;
        check_dof(trees, kind, i, self.tree, self.dof)?;
        check_dof(trees, kind, i, self.tree, self.coupled_dof)?;
        if self.coupled_dof == self.dof {
            return Err(SapError::InvalidJointConstraint {
                kind,
                index: i,
                parameter: "coupled_dof (the same dof as dof)",
                value: self.dof as f64,
            });
        }
        check_finite(
            kind,
            i,
            [
                ("q0", self.q0),
                ("coupled_q0", self.coupled_q0),
                ("ratio", self.ratio),
                ("offset", self.offset),
            ],
        )?;
        check_compliance(kind, i, self.stiffness, self.dissipation_time_scale)
    }

    fn model(
        &self, i: usize, forest: &Forest, settings: &RegularizationSettings,
    ) -> Result<JointModel, SapError> {
        let (t, a, b, rho) = (self.tree, self.dof, self.coupled_dof, self.ratio);
        let w = forest.inverse_mass(t, a, a) - 2.0 * rho * forest.inverse_mass(t, a, b)
            + rho * rho * forest.inverse_mass(t, b, b);
        let (r, v_hat, near_rigid) = holonomic_model(
            JointConstraintKind::Coupler,
            i,
            forest.time_step(),
            settings,
            [w, self.error0(), self.stiffness, self.dissipation_time_scale],
        )?;
        let o = forest.offset(t);
        Ok(JointModel {
            velocity: o + a,
            sign: 1.0,
            second: Some((o + b, -rho)),
            interval: IntervalParams {
                r,
                v_hat,
                lower: f64::NEG_INFINITY,
                upper: f64::INFINITY,
            },
            w,
            near_rigid,
        })
    }

    fn placeholder() -> Self {
        Self::new(0, 0, 0.0, 1, 0.0, 0.0)
    }
}
