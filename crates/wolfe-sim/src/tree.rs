//! Articulated trees: kinematic trees of `wolfe_multibody` (a fixed-base robot from
//! URDF, an object with a floating joint) in the one world, each tree one SAP clique
//! (SAP paper, Section IV-D), with their collision geometry, PD controllers and joint
//! limits (Section VII).
//!
//! A free body and a planar body are one-body trees too ([`crate::RigidBody`]): the
//! stepper keeps them on a fixed-size path (their 6-dof mass matrix in world frame, no
//! recursive algorithms). Trees of several bodies go through the recursive algorithms
//! of `wolfe_multibody` (CRBA, RNEA, point Jacobians).

use nalgebra::DVector;
use wolfe::Shape;
use wolfe_multibody::{Data, JointKind, Model, Se3};
pub use wolfe_sap::PdGains;

use crate::body::Material;
use crate::error::SimError;
pub use crate::filter::CollisionFilter;

/// One convex collision geometry on a body (link) of an articulated tree.
#[derive(Clone, Debug)]
pub struct LinkGeometry {
    /// A name (the link's).
    pub name: String,
    /// The tree.
    pub tree: usize,
    /// The body of that tree's model.
    pub body: usize,
    /// Its pose in the body frame.
    pub placement: Se3,
    /// The shape.
    pub shape: Shape,
    /// Contact parameters.
    pub material: Material,
    /// Collision groups.
    pub filter: CollisionFilter,
}

/// A kinematic tree of the world and its initial state.
#[derive(Clone, Debug)]
pub struct ArticulatedTree {
    /// The tree's model.
    pub model: Model,
    /// Initial configuration (length nq).
    pub q0: DVector<f64>,
    /// Initial generalized velocities (length nv).
    pub v0: DVector<f64>,
    /// PD controllers (SAP paper Section VII): per controlled one-dof joint, its gains,
    /// target, feed-forward and effort limit, turned into a
    /// [`wolfe_sap::PdControllerConstraint`] at each step's `q0`.
    pub controllers: Vec<PdGains>,
    /// Whether the position limits of its joints are SAP constraints (default true).
    pub joint_limits: bool,
    /// Whether its links collide with each other (default false: URDF arms are modelled
    /// with overlapping link hulls at the joints, so users expect no self-collision).
    /// Parent and child never collide.
    pub self_collision: bool,
    /// Movable joint names and their (q index, v index), in URDF file order.
    pub joints: Vec<(String, usize, usize)>,
    /// Coupled joints (URDF `<mimic>`, MJCF `<equality joint>`), each a SAP coupler
    /// constraint at every step (see [`JointCoupler`]).
    pub couplers: Vec<JointCoupler>,
}

/// A coupling `q_dof = ratio q_coupled_dof + offset` of two one-dof joints of a tree,
/// enforced as a near-rigid SAP coupler constraint
/// ([`wolfe_sap::CouplerConstraint`], Section V-B): under a load `tau` carried by the
/// pair, the error `q_dof - ratio q_coupled_dof - offset` settles at about
/// `beta^2 w dt^2 tau / (4 pi^2)`, `w` the pair's inverse effective mass.
#[derive(Clone, Debug, PartialEq)]
pub struct JointCoupler {
    /// The driven (mimicking) joint's velocity index.
    pub dof: usize,
    /// The driving joint's velocity index (`!= dof`).
    pub coupled_dof: usize,
    /// The gear ratio rho (finite).
    pub ratio: f64,
    /// The offset (rad or m, finite).
    pub offset: f64,
}

impl ArticulatedTree {
    /// The tree's name (its model's).
    pub fn name(&self) -> &str {
        &self.model.name
    }

    /// PD controllers holding `q_target` on every movable one-dof joint (Section VII):
    /// `kp`, `q_target` and the optional `kd` give one value per entry of
    /// [`ArticulatedTree::joints`] (URDF file order). Without `kd`, each joint is
    /// critically damped alone at the target, `kd = 2 sqrt(kp M_ii(q_target))`; with
    /// `gravity_compensation` the feed-forward is `g(q_target)`, the torque that holds
    /// the target exactly at rest (else 0). Effort limits come from the URDF (none where
    /// it gives 0). Joints with more than one dof (floating) get no controller. Returns
    /// the controllers without installing them (assign them to
    /// [`ArticulatedTree::controllers`]).
    ///
    /// # Errors
    /// [`SimError::Invalid`] for a length that is not the number of movable joints, a
    /// gain that is negative or not finite, or a target that is not finite.
    pub fn hold_gains(
        &self, q_target: &[f64], kp: &[f64], kd: Option<&[f64]>, gravity_compensation: bool,
    ) -> Result<Vec<PdGains>, SimError> {
        let n = self.joints.len();
        let lengths = [
            ("q_target", Some(q_target.len())),
            ("kp", Some(kp.len())),
            ("kd", kd.map(<[f64]>::len)),
        ];
        for (what, len) in lengths {
            if let Some(len) = len.filter(|&l| l != n) {
                return Err(SimError::invalid(
                    what,
                    format!("{len} values for {n} movable joints"),
                ));
            }
        }
        let gains = [("kp", Some(kp)), ("kd", kd)];
        for (what, v) in gains {
            if v.is_some_and(|v| v.iter().any(|x| !(x.is_finite() && *x >= 0.0))) {
                return Err(SimError::invalid(what, "must be finite and >= 0"));
            }
        }
        if q_target.iter().any(|x| !x.is_finite()) {
            return Err(SimError::invalid("q_target", "has a NaN or infinite value"));
        }
        // M(q*) and g(q*) at the targets: the critical damping and the feed-forward
        // that holds q* exactly at rest.
        let mut q = self.q0.clone();
        for ((_, qi, _), &x) in self.joints.iter().zip(q_target) {
            q[*qi] = x;
        }
        let mut data = Data::new(&self.model);
        let m = self.model.mass_matrix(&mut data, q.as_slice())?.clone_owned();
        let g = self.model.gravity_torques(&mut data, q.as_slice())?.clone_owned();
        let mut controllers = Vec::new();
        for (k, (_, _, vi)) in self.joints.iter().enumerate() {
            let body = self
                .model
                .bodies()
                .iter()
                .find(|b| b.v_index == *vi && b.joint.kind.nv() == 1);
            let Some(body) = body else { continue };
            let e = body.joint.limits.effort;
            controllers.push(PdGains {
                dof: *vi,
                kp: kp[k],
                kd: kd.map_or_else(|| 2.0 * (kp[k] * m[(*vi, *vi)]).sqrt(), |kd| kd[k]),
                q_target: q_target[k],
                v_target: 0.0,
                feed_forward: if gravity_compensation { g[*vi] } else { 0.0 },
                effort_limit: if e > 0.0 && e.is_finite() {
                    e
                } else {
                    f64::INFINITY
                },
            });
        }
        Ok(controllers)
    }

    /// Whether the tree has a joint with finite position limits (a limit constraint
    /// when [`ArticulatedTree::joint_limits`] is set).
    pub fn has_limits(&self) -> bool {
        self.model
            .bodies()
            .iter()
            .any(|b| one_dof_limits(&b.joint.kind, b.joint.limits.lower, b.joint.limits.upper).is_some())
    }

    /// The configuration index of velocity index `dof` (one-dof joints: the same
    /// joint's coordinate).
    pub(crate) fn q_index_of(&self, dof: usize) -> usize {
        self.model
            .bodies()
            .iter()
            .find(|b| dof >= b.v_index && dof < b.v_index + b.joint.kind.nv())
            .map_or(dof, |b| b.q_index + (dof - b.v_index))
    }
}

/// Whether joint `kind` has one coordinate that a PD controller or a limit can act on,
/// and its position limits when they are finite and the joint is not continuous.
pub(crate) fn one_dof_limits(kind: &JointKind, lower: f64, upper: f64) -> Option<(f64, f64)> {
    match kind {
        JointKind::Revolute { continuous: true, .. } | JointKind::Floating => None,
        _ if lower.is_finite() && upper.is_finite() && lower <= upper => Some((lower, upper)),
        _ => None,
    }
}
