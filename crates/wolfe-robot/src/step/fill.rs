//! Step 4's problem: the one [`SapProblem`] refilled in place (Eq. 18 and the
//! constraints of Sections V and VII) from the trees' blocks, the contacts and the
//! joint constraints.

use wolfe::Vec3;
use wolfe_sap::{JointLimitConstraint, PdControllerConstraint, ProblemFiller};

use super::motion::TreeWork;
use super::{contact_frame, Simulator};
use crate::detect::{ContactObject, RobotContact};
use crate::error::RobotError;
use crate::world::{one_dof_limits, Owner, RobotWorld, TreeEntry};

/// Which of a tree's two contact Jacobian buffers a block goes to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    A,
    B,
}

impl Simulator {
    /// Refills the SAP problem: one tree per tree with dofs (its block of A and `v*`),
    /// every contact with a dof on either side (its Jacobian blocks
    /// `J_b = C^T J_lin,b(p)`, `J_a = -C^T J_lin,a(p)`, Section II-A), a PD controller
    /// per controlled joint and both position limits of every limited one-dof joint,
    /// all at `q0`. Records which contacts became constraints (`kept`). Returns the
    /// largest penetration among the contacts (m, >= 0).
    pub(super) fn fill_problem(&mut self) -> Result<f64, RobotError> {
        let Self {
            world,
            settings,
            contacts,
            kept,
            work,
            sap_index,
            problem,
            ..
        } = self;
        kept.clear();
        let mut max_penetration = 0.0f64;
        problem.refill(settings.time_step, |f| -> Result<(), RobotError> {
            for (ti, w) in work.iter().enumerate() {
                if sap_index[ti].is_some() {
                    f.push_tree(&w.a, w.v_star.as_slice());
                }
            }
            for c in contacts.iter() {
                max_penetration = max_penetration.max(-c.phi0);
                let pushed = push_contact(f, world, work, sap_index, c)?;
                kept.push(pushed.is_some());
                if let Some(contact) = pushed {
                    contact.phi0 = c.phi0;
                    contact.stiffness = settings.contact_stiffness;
                    contact.dissipation_time_scale = settings.dissipation_time_scale;
                    contact.friction = c.friction;
                }
            }
            push_joint_constraints(f, world, sap_index);
            Ok(())
        })?;
        Ok(max_penetration)
    }
}

/// Appends contact `c` (see [`Simulator::fill_problem`]); `None` when neither side has
/// dofs.
fn push_contact<'f>(
    f: &'f mut ProblemFiller<'_>,
    world: &mut RobotWorld,
    work: &mut [TreeWork],
    sap_index: &[Option<usize>],
    c: &RobotContact,
) -> Result<Option<&'f mut wolfe_sap::ContactConstraint>, RobotError> {
    let ct = contact_frame(&c.normal).transpose();
    let owner_b = world.geometries[c.b].owner;
    let owner_a = match c.a {
        ContactObject::Geometry(g) => world.geometries[g].owner,
        ContactObject::HalfSpace(_) => Owner::World,
    };
    let b = block(world, work, sap_index, owner_b, &c.point, &ct, Side::B)?;
    let a = block(world, work, sap_index, owner_a, &c.point, &ct, Side::A)?;
    Ok(match (a, b) {
        (Some((ta, sa)), Some((tb, _))) if ta == tb => {
            let w = &mut work[ta];
            w.block_a += &w.block_b;
            Some(f.push_contact(sa, &w.block_a, None))
        }
        (Some((ta, sa)), Some((tb, sb))) => {
            Some(f.push_contact(sa, &work[ta].block_a, Some((sb, &work[tb].block_b))))
        }
        (Some((t, s)), None) => Some(f.push_contact(s, &work[t].block_a, None)),
        (None, Some((t, s))) => Some(f.push_contact(s, &work[t].block_b, None)),
        (None, None) => None,
    })
}

/// The 3 x nv contact Jacobian block `±C^T J_lin(p)` of `owner` (minus on side A) into
/// its tree's buffer of `side`; returns the tree and its SAP index (`None` for the
/// world or a tree without dofs).
fn block(
    world: &mut RobotWorld,
    work: &mut [TreeWork],
    sap_index: &[Option<usize>],
    owner: Owner,
    p: &Vec3,
    ct: &nalgebra::Matrix3<f64>,
    side: Side,
) -> Result<Option<(usize, usize)>, RobotError> {
    let Owner::Body { tree, body } = owner else {
        return Ok(None);
    };
    let Some(sap_t) = sap_index[tree] else {
        return Ok(None);
    };
    let t = &mut world.trees[tree];
    let w = &mut work[tree];
    t.model.point_jacobian(&mut t.data, Some(body), p, &mut w.point)?;
    let out = if side == Side::A {
        &mut w.block_a
    } else {
        &mut w.block_b
    };
    out.gemm(
        if side == Side::A { -1.0 } else { 1.0 },
        ct,
        &w.point.rows(0, 3),
        0.0,
    );
    Ok(Some((tree, sap_t)))
}

/// Appends every tree's PD controllers (Section VII) and, where its limits are
/// enabled, both position limits of every limited one-dof joint (near-rigid, Section
/// V-B).
fn push_joint_constraints(f: &mut ProblemFiller<'_>, world: &RobotWorld, sap_index: &[Option<usize>]) {
    for (ti, t) in world.trees.iter().enumerate() {
        let Some(sap_t) = sap_index[ti] else { continue };
        for pd in &t.controllers {
            let q0 = t.q[q_index_of(t, pd.dof)];
            f.push_pd_controller(
                PdControllerConstraint::new(sap_t, pd.dof, q0, pd.kp, pd.kd)
                    .with_target(pd.q_target, pd.v_target)
                    .with_feed_forward(pd.feed_forward)
                    .with_effort_limit(pd.effort_limit),
            );
        }
        if t.joint_limits {
            for b in t.model.bodies() {
                let l = &b.joint.limits;
                if let Some((lo, hi)) = one_dof_limits(&b.joint.kind, l.lower, l.upper) {
                    let q0 = t.q[b.q_index];
                    f.push_joint_limit(JointLimitConstraint::lower(sap_t, b.v_index, q0, lo));
                    f.push_joint_limit(JointLimitConstraint::upper(sap_t, b.v_index, q0, hi));
                }
            }
        }
    }
}

/// The trees (at most two) whose bodies contact `c` touches.
pub(super) fn contact_trees(world: &RobotWorld, c: &RobotContact) -> [Option<usize>; 2] {
    let tree_of = |o: Owner| match o {
        Owner::Body { tree, .. } => Some(tree),
        Owner::World => None,
    };
    [
        tree_of(world.geometries[c.b].owner),
        match c.a {
            ContactObject::Geometry(g) => tree_of(world.geometries[g].owner),
            ContactObject::HalfSpace(_) => None,
        },
    ]
}

/// Whether tree `t` has a joint with finite position limits (a limit constraint of
/// step 4 when its limits are enabled).
pub(super) fn has_limits(t: &TreeEntry) -> bool {
    t.model
        .bodies()
        .iter()
        .any(|b| one_dof_limits(&b.joint.kind, b.joint.limits.lower, b.joint.limits.upper).is_some())
}

/// The configuration index of velocity index `dof` (one-dof joints: the same joint's
/// coordinate).
fn q_index_of(t: &TreeEntry, dof: usize) -> usize {
    t.model
        .bodies()
        .iter()
        .find(|b| dof >= b.v_index && dof < b.v_index + b.joint.kind.nv())
        .map_or(dof, |b| b.q_index + (dof - b.v_index))
}
