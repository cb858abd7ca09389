//! Joints: their configuration spaces, joint transforms `X_J(q)` and motion subspaces.
//!
//! Every body of a [`crate::Model`] hangs from its parent by one movable joint; fixed
//! joints do not exist in a model (their child link is welded into the parent body when
//! the model is built). The body frame of a body *is* its joint frame (URDF: the child
//! link frame), so the joint transform moves the body frame relative to the joint's
//! placement in the parent body: `X_parent<-body(q) = X_T X_J(q)` (Featherstone
//! Eq. 4.3's tree transform followed by the joint transform).
//!
//! | kind | nq | nv | `X_J(q)` | motion subspace `S` (body frame) |
//! |---|---|---|---|---|
//! | revolute / continuous, unit axis `a` | 1 | 1 | rotation `q` about `a` | `[a; 0]` |
//! | prismatic, unit axis `a` | 1 | 1 | translation `q a` | `[0; a]` |
//! | floating | 7 | 6 | `q = [p; x y z w]`: translation `p`, rotation the unit quaternion | `v = [v_lin; w]` in the body frame: `S = [[0, 1]; [1, 0]]` |
//!
//! The floating joint follows pinocchio's free-flyer conventions: the configuration is the
//! position of the body frame's origin and the quaternion `(x, y, z, w)` of its rotation;
//! the velocity is the body's spatial velocity in **its own frame**, linear part first.
//! A continuous joint is a revolute joint without position limits with the angle as its
//! single coordinate (pinocchio stores `(cos, sin)` instead; the test script converts).

use crate::spatial::Vec3;

/// The kind of a movable joint, with its axis where it has one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JointKind {
    /// Rotation about a unit axis of the joint frame; `continuous` tells whether the URDF
    /// called it continuous (no position limits).
    Revolute {
        /// Unit axis in the joint (body) frame.
        axis: Vec3,
        /// True for a URDF `continuous` joint.
        continuous: bool,
    },
    /// Translation along a unit axis of the joint frame.
    Prismatic {
        /// Unit axis in the joint (body) frame.
        axis: Vec3,
    },
    /// Six degrees of freedom (free flyer), see the module docs.
    Floating,
}

impl JointKind {
    /// Number of configuration coordinates.
    pub fn nq(&self) -> usize {
        match self {
            JointKind::Floating => 7,
            _ => 1,
        }
    }

    /// Number of generalized velocities.
    pub fn nv(&self) -> usize {
        match self {
            JointKind::Floating => 6,
            _ => 1,
        }
    }

    /// The URDF name of the kind.
    pub fn urdf_name(&self) -> &'static str {
        match self {
            JointKind::Revolute {
                continuous: false, ..
            } => "revolute",
            JointKind::Revolute { continuous: true, .. } => "continuous",
            JointKind::Prismatic { .. } => "prismatic",
            JointKind::Floating => "floating",
        }
    }
}

/// Limits of a one-degree-of-freedom joint as the URDF `<limit>` gives them. Unlimited
/// values are infinite (continuous joints' positions, floating joints).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointLimits {
    /// Lowest position (rad or m).
    pub lower: f64,
    /// Highest position (rad or m).
    pub upper: f64,
    /// Largest speed magnitude (rad/s or m/s).
    pub velocity: f64,
    /// Largest effort magnitude (N m or N).
    pub effort: f64,
}

impl JointLimits {
    /// No limits at all.
    pub fn unlimited() -> Self {
        Self {
            lower: f64::NEG_INFINITY,
            upper: f64::INFINITY,
            velocity: f64::INFINITY,
            effort: f64::INFINITY,
        }
    }
}

impl Default for JointLimits {
    fn default() -> Self {
        Self::unlimited()
    }
}

/// A movable joint of a model: kind, name, limits and the joint-space parameters that
/// enter the dynamics (per degree of freedom; floating joints carry zeros).
#[derive(Clone, Debug, PartialEq)]
pub struct Joint {
    /// The joint's name (URDF `name`).
    pub name: String,
    /// Kind and axis.
    pub kind: JointKind,
    /// Position, velocity and effort limits (unlimited for floating joints).
    pub limits: JointLimits,
    /// Viscous damping `d` (N m s/rad or N s/m): the generalized force `-d v`, a term of
    /// `k_1` whose Jacobian is the damping matrix `D` of the SAP paper's Eq. (17).
    pub damping: f64,
    /// Dry (Coulomb) friction from the URDF `<dynamics friction>`: kept, not used by the
    /// dynamics algorithms.
    pub friction: f64,
    /// Armature (reflected rotor inertia): added to the diagonal of `M(q)` and to the
    /// inverse dynamics as `armature * a`, as Drake and pinocchio do. URDF has no
    /// armature; it defaults to 0.
    pub armature: f64,
}

impl Joint {
    /// A joint with no limits, damping, friction or armature.
    pub fn new(name: impl Into<String>, kind: JointKind) -> Self {
        Self {
            name: name.into(),
            kind,
            limits: JointLimits::unlimited(),
            damping: 0.0,
            friction: 0.0,
            armature: 0.0,
        }
    }
}
