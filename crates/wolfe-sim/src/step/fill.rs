//! Step 3's problem: the one [`wolfe_sap::SapProblem`] refilled in place (Eq. 18 and the
//! constraints of Sections V and VII): one SAP tree per rigid body and per articulated
//! tree with dofs, one contact constraint per detected contact, a PD controller per
//! controlled joint, a coupler per coupled joint pair and both position limits of
//! every limited one-dof joint, all at `q0`; then the articulated trees' positions.
//!
//! Contact Jacobians (Section II-A): the contact velocity is B's velocity relative to
//! A's in the contact frame `C` (z along the normal from A to B): `J_b = C^T J_b(p)`,
//! `J_a = -C^T J_a(p)` from each side's point Jacobian. A free body's is the 3 x 6
//! `[I, -[p - x]x]` on the stack (the clutter's path, no allocation); a planar body's
//! multiplies it by its spatial map; a link's comes from its tree's point Jacobian
//! (`wolfe_multibody`), in the tree's reused buffers.

use nalgebra::{DMatrix, Matrix3};
use wolfe::Vec3;
use wolfe_sap::{CouplerConstraint, JointLimitConstraint, PdControllerConstraint, ProblemFiller};

use super::tree::TreeState;
use super::{contact_frame, Simulation};
use crate::body::{frame_jacobian6, Joint};
use crate::detect::DetectedContact;
use crate::error::SimError;
use crate::tree::one_dof_limits;
use crate::world::{Collider, World};

/// Which side of a contact a Jacobian block is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    A,
    B,
}

impl Side {
    fn sign(self) -> f64 {
        if self == Side::A {
            -1.0
        } else {
            1.0
        }
    }
}

/// Where a side's Jacobian block was written: a rigid body's buffer, or a tree's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Block {
    /// Rigid body `i` (SAP tree `i`), in the simulation's body buffer of its side.
    Body(usize),
    /// Articulated tree `t` (SAP tree `sap`), in the tree's buffer of its side.
    Tree { t: usize, sap: usize },
}

impl Simulation {
    /// Whether some articulated tree has a PD controller or a limited joint: SAP runs
    /// even without contacts.
    pub(super) fn has_joint_constraints(&self) -> bool {
        self.world.trees().iter().zip(&self.tree_offsets).any(|(t, o)| {
            o.is_some()
                && (!t.controllers.is_empty() || !t.couplers.is_empty() || (t.joint_limits && t.has_limits()))
        })
    }

    /// Rebuilds the SAP problem of Eq. 18 in place from the blocks of A, `v*`, the
    /// detected contacts and the trees' joint constraints (see the module docs).
    pub(super) fn fill_problem(&mut self) -> Result<(), SimError> {
        let dt = self.settings.time_step;
        let Self {
            problem,
            a_blocks,
            v_star,
            offsets,
            maps,
            contacts,
            poses,
            world,
            trees,
            tree_sap,
            body_block_a,
            body_block_b,
            ..
        } = self;
        problem.refill(dt, |filler| {
            for (i, a) in a_blocks.iter().enumerate() {
                let n = maps[i].ncols();
                filler.push_tree(a, &v_star.as_slice()[offsets[i]..offsets[i] + n]);
            }
            for (t, state) in trees.iter().enumerate() {
                if tree_sap[t].is_some() {
                    filler.push_tree(&state.a, state.v_star.as_slice());
                }
            }
            let mut blocks = ContactBlocks {
                world,
                poses,
                maps,
                trees,
                tree_sap,
                body_block_a,
                body_block_b,
            };
            for c in contacts.iter() {
                let Some(contact) = blocks.push(filler, c)? else {
                    continue;
                };
                contact.phi0 = c.phi0;
                // Kelvin-Voigt dissipation acts only in contact: a gap gets no damping,
                // else v_hat = -phi0 / (dt + tau_d) (Section V-A) would brake a body
                // arriving fast from inside the (speculative) margin before it touches.
                let tau = if c.phi0 > 0.0 {
                    0.0
                } else {
                    c.material.dissipation_time_scale
                };
                contact.stiffness = c.material.stiffness;
                contact.dissipation_time_scale = tau;
                contact.friction = c.material.friction;
            }
            push_joint_constraints(filler, world, trees, tree_sap);
            Ok::<(), SimError>(())
        })
    }

    /// Moves every articulated tree, `q = q0 (+) dt v_vq` with
    /// `v_vq = theta_vq v + (1 - theta_vq) v0` (Eq. 12), from the stacked velocities
    /// `v` (old) and `v_next` (new), and updates its kinematics.
    pub(super) fn integrate_trees(&mut self, theta_vq: f64) -> Result<(), SimError> {
        let dt = self.settings.time_step;
        for (t, state) in self.trees.iter_mut().enumerate() {
            let model = &self.world.trees()[t].model;
            let Some(o) = self.tree_offsets[t] else { continue };
            let nv = model.nv();
            for k in 0..nv {
                state.scratch[k] = theta_vq * self.v_next[o + k] + (1.0 - theta_vq) * self.v[o + k];
            }
            let nq = model.nq();
            model.integrate(
                state.q.as_slice(),
                state.scratch.as_slice(),
                dt,
                &mut state.q_next[..nq],
            )?;
            if state.q_next.iter().any(|x| !x.is_finite()) {
                return Err(SimError::NonFiniteState { step: self.step + 1 });
            }
            state.q.as_mut_slice().copy_from_slice(&state.q_next[..nq]);
            model.forward_kinematics(&mut state.data, state.q.as_slice())?;
        }
        Ok(())
    }
}

/// What a contact's Jacobian blocks are built from, borrowed from the simulation.
struct ContactBlocks<'s> {
    world: &'s World,
    poses: &'s [wolfe::Pose],
    maps: &'s [DMatrix<f64>],
    trees: &'s mut [TreeState],
    tree_sap: &'s [Option<usize>],
    body_block_a: &'s mut DMatrix<f64>,
    body_block_b: &'s mut DMatrix<f64>,
}

impl ContactBlocks<'_> {
    /// Appends contact `c`; `None` when neither side has dofs.
    fn push<'f>(
        &mut self, f: &'f mut ProblemFiller<'_>, c: &DetectedContact,
    ) -> Result<Option<&'f mut wolfe_sap::ContactConstraint>, SimError> {
        let frame = contact_frame(&c.normal);
        let free = |x: Collider| match x {
            Collider::Body(i) => self.world.bodies()[i].joint == Joint::Free,
            Collider::Static(_) => true,
            Collider::Link(_) => false,
        };
        if free(c.a) && free(c.b) {
            // Free bodies (and static geometry): 3 x 6 blocks on the stack.
            let Collider::Body(b) = c.b else {
                unreachable!("side B is a body or a link")
            };
            let jb = frame_jacobian6(&frame, &c.point, &self.poses[b].translation, 1.0);
            return Ok(Some(match c.a {
                Collider::Body(a) => {
                    let ja = frame_jacobian6(&frame, &c.point, &self.poses[a].translation, -1.0);
                    f.push_contact(a, &ja, Some((b, &jb)))
                }
                _ => f.push_contact(b, &jb, None),
            }));
        }
        let ct = frame.transpose();
        let a = self.block(c.a, &c.point, &ct, Side::A)?;
        let b = self.block(c.b, &c.point, &ct, Side::B)?;
        Ok(match (a, b) {
            (Some(Block::Tree { t: ta, sap }), Some(Block::Tree { t: tb, .. })) if ta == tb => {
                // Two links of one tree: one clique, the blocks add.
                let w = &mut self.trees[ta];
                w.block_a += &w.block_b;
                Some(f.push_contact(sap, &w.block_a, None))
            }
            (Some(a), Some(b)) => {
                let (sa, ja) = self.matrix(a, Side::A);
                let (sb, jb) = self.matrix(b, Side::B);
                Some(f.push_contact(sa, ja, Some((sb, jb))))
            }
            (Some(x), None) => {
                let (s, j) = self.matrix(x, Side::A);
                Some(f.push_contact(s, j, None))
            }
            (None, Some(x)) => {
                let (s, j) = self.matrix(x, Side::B);
                Some(f.push_contact(s, j, None))
            }
            (None, None) => None,
        })
    }

    /// The written block of `block`'s side and its SAP tree.
    fn matrix(&self, block: Block, side: Side) -> (usize, &DMatrix<f64>) {
        match (block, side) {
            (Block::Body(i), Side::A) => (i, &*self.body_block_a),
            (Block::Body(i), Side::B) => (i, &*self.body_block_b),
            (Block::Tree { t, sap }, Side::A) => (sap, &self.trees[t].block_a),
            (Block::Tree { t, sap }, Side::B) => (sap, &self.trees[t].block_b),
        }
    }

    /// The 3 x n block `±C^T J(p)` of collider `x` (minus on side A) into its side's
    /// buffer; `None` for static geometry or a tree without dofs.
    fn block(
        &mut self, x: Collider, p: &Vec3, ct: &Matrix3<f64>, side: Side,
    ) -> Result<Option<Block>, SimError> {
        match x {
            Collider::Static(_) => Ok(None),
            Collider::Body(i) => {
                let j6 = frame_jacobian6(&ct.transpose(), p, &self.poses[i].translation, side.sign());
                let n = self.maps[i].ncols();
                let out = if side == Side::A {
                    &mut *self.body_block_a
                } else {
                    &mut *self.body_block_b
                };
                if out.ncols() != n {
                    *out = DMatrix::zeros(3, n);
                }
                if n == 6 && self.world.bodies()[i].joint == Joint::Free {
                    out.copy_from_slice(j6.as_slice());
                } else {
                    out.gemm(1.0, &j6, &self.maps[i], 0.0);
                }
                Ok(Some(Block::Body(i)))
            }
            Collider::Link(g) => {
                let link = &self.world.links()[g];
                let Some(sap) = self.tree_sap[link.tree] else {
                    return Ok(None);
                };
                let model = &self.world.trees()[link.tree].model;
                let w = &mut self.trees[link.tree];
                model.point_jacobian(&mut w.data, Some(link.body), p, &mut w.point)?;
                let out = if side == Side::A {
                    &mut w.block_a
                } else {
                    &mut w.block_b
                };
                out.gemm(side.sign(), ct, &w.point.rows(0, 3), 0.0);
                Ok(Some(Block::Tree { t: link.tree, sap }))
            }
        }
    }
}

/// Appends every articulated tree's PD controllers (Section VII), its couplers and,
/// where its limits are enabled, both position limits of every limited one-dof joint
/// (near-rigid, Section V-B).
fn push_joint_constraints(
    f: &mut ProblemFiller<'_>, world: &World, trees: &[TreeState], tree_sap: &[Option<usize>],
) {
    for (t, (tree, state)) in world.trees().iter().zip(trees).enumerate() {
        let Some(sap) = tree_sap[t] else { continue };
        for pd in &tree.controllers {
            let q0 = state.q[tree.q_index_of(pd.dof)];
            f.push_pd_controller(PdControllerConstraint {
                tree: sap,
                q0,
                gains: pd.clone(),
            });
        }
        for c in &tree.couplers {
            let (q0, coupled_q0) = (
                state.q[tree.q_index_of(c.dof)],
                state.q[tree.q_index_of(c.coupled_dof)],
            );
            f.push_coupler(
                CouplerConstraint::new(sap, c.dof, q0, c.coupled_dof, coupled_q0, c.ratio)
                    .with_offset(c.offset),
            );
        }
        if tree.joint_limits {
            for b in tree.model.bodies() {
                let l = &b.joint.limits;
                if let Some((lo, hi)) = one_dof_limits(&b.joint.kind, l.lower, l.upper) {
                    let q0 = state.q[b.q_index];
                    f.push_joint_limit(JointLimitConstraint::lower(sap, b.v_index, q0, lo));
                    f.push_joint_limit(JointLimitConstraint::upper(sap, b.v_index, q0, hi));
                }
            }
        }
    }
}
