//! The registry of constraint kinds: where each kind's constraints and models are
//! stored, by type, and the lists of kinds that generic code visits.
//!
//! Every kind implements [`SapConstraint`] in its own file. To add one: a field in
//! [`Constraints`] and in [`SapModel`], its [`Kind`] impl in `register!` below, and a
//! line in `for_each_kind` (and in `for_each_row_kind` and [`SapModel::joints`]
//! for a one-row kind, whose impulses follow those of the earlier one-row kinds). The
//! problem, the model stage, the island split and the solver then handle it without
//! further change.

use crate::constraint::SapConstraint;
use crate::contact::{ContactConstraint, ContactModel};
use crate::coupler::CouplerConstraint;
use crate::error::SapError;
use crate::interval::JointModel;
use crate::joint::{JointLimitConstraint, PdControllerConstraint};

/// The constraints of a problem, by kind. Each kind is a convex SAP constraint with its
/// own projection, impulse and Hessian block ([`SapConstraint`]): contacts (3 rows,
/// friction cone, see [`ContactConstraint`]), PD controllers and joint limits (1 row
/// each, an interval, see [`crate::joint`]) and couplers (1 row on two dofs, see
/// [`CouplerConstraint`]).
#[derive(Debug, Clone, Default)]
pub struct Constraints {
    /// Frictional contacts.
    pub contacts: Vec<ContactConstraint>,
    /// PD controllers with effort limits.
    pub pd_controllers: Vec<PdControllerConstraint>,
    /// One-sided joint position limits.
    pub joint_limits: Vec<JointLimitConstraint>,
    /// Couplers of two dofs of one tree (mimic joints).
    pub couplers: Vec<CouplerConstraint>,
}

impl Constraints {
    /// Number of one-row constraints (all kinds but the contacts).
    pub fn num_joints(&self) -> usize {
        self.pd_controllers.len() + self.joint_limits.len() + self.couplers.len()
    }
}

/// The model of a problem (Section V): the regularization and stabilization of every
/// constraint, computed from the physical parameters once per solve
/// ([`SapModel::new`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SapModel {
    /// One per contact, in the problem's order.
    pub contacts: Vec<ContactModel>,
    /// One per PD controller, in the problem's order.
    pub pd_controllers: Vec<JointModel>,
    /// One per joint limit, in the problem's order.
    pub joint_limits: Vec<JointModel>,
    /// One per coupler, in the problem's order.
    pub couplers: Vec<JointModel>,
}

impl SapModel {
    /// The one-row constraints in the order of their impulses: PD controllers, joint
    /// limits, couplers.
    pub fn joints(&self) -> impl Iterator<Item = &JointModel> {
        self.pd_controllers
            .iter()
            .chain(&self.joint_limits)
            .chain(&self.couplers)
    }

    /// Number of one-row constraints.
    pub fn num_joints(&self) -> usize {
        self.pd_controllers.len() + self.joint_limits.len() + self.couplers.len()
    }
}

/// A registered kind: where it is stored (its list in [`Constraints`], its models in
/// [`SapModel`]) and its position in the registry.
pub trait Kind: SapConstraint {
    /// Its position in `for_each_kind` (a dense index for per-kind tables).
    const INDEX: usize;
    /// Its constraints.
    fn list(c: &Constraints) -> &Vec<Self>;
    /// Its constraints, mutable.
    fn list_mut(c: &mut Constraints) -> &mut Vec<Self>;
    /// Its models.
    fn models(m: &SapModel) -> &Vec<Self::Model>;
    /// Its models, mutable.
    fn models_mut(m: &mut SapModel) -> &mut Vec<Self::Model>;
}

/// The number of registered kinds.
pub(crate) const NUM_KINDS: usize = 4;

macro_rules! register {
    ($($index:literal => $kind:ty : $field:ident),* $(,)?) => {
        $(impl Kind for $kind {
            const INDEX: usize = $index;
            fn list(c: &Constraints) -> &Vec<Self> {
                &c.$field
            }
            fn list_mut(c: &mut Constraints) -> &mut Vec<Self> {
                &mut c.$field
            }
            fn models(m: &SapModel) -> &Vec<Self::Model> {
                &m.$field
            }
            fn models_mut(m: &mut SapModel) -> &mut Vec<Self::Model> {
                &mut m.$field
            }
        })*
    };
}

register!(
    0 => ContactConstraint: contacts,
    1 => PdControllerConstraint: pd_controllers,
    2 => JointLimitConstraint: joint_limits,
    3 => CouplerConstraint: couplers,
);

/// Code run on every kind (`for_each_kind`).
pub(crate) trait KindVisitor {
    /// Runs on kind `C`.
    fn visit<C: Kind>(&mut self) -> Result<(), SapError>;
}

/// Code run on every one-row kind (`for_each_row_kind`).
pub(crate) trait RowVisitor {
    /// Runs on kind `C`.
    fn visit<C: Kind<Model = JointModel>>(&mut self) -> Result<(), SapError>;
}

/// Runs `v` on every kind, in registry order; stops at the first error.
pub(crate) fn for_each_kind<V: KindVisitor>(v: &mut V) -> Result<(), SapError> {
    v.visit::<ContactConstraint>()?;
    v.visit::<PdControllerConstraint>()?;
    v.visit::<JointLimitConstraint>()?;
    v.visit::<CouplerConstraint>()
}

/// Runs `v` on every one-row kind in the order of their impulses (that of
/// [`SapModel::joints`]); stops at the first error.
pub(crate) fn for_each_row_kind<V: RowVisitor>(v: &mut V) -> Result<(), SapError> {
    v.visit::<PdControllerConstraint>()?;
    v.visit::<JointLimitConstraint>()?;
    v.visit::<CouplerConstraint>()
}
