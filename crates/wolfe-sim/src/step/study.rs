//! What studies ask of a simulation beyond stepping it: the contacts' slip speeds
//! (SAP paper Fig. 14) and the Newton matrix of the next step (Fig. 15), through the
//! allocating problem builder (rigid bodies only).

use nalgebra::{DMatrix, DVector};
use wolfe::Vec3;
use wolfe_sap::{ContactConstraint, SapProblem, Tree};

use super::{contact_frame, Simulation};
use crate::detect::DetectedContact;
use crate::error::SimError;
use crate::world::Collider;

impl Simulation {
    /// The SAP problem of Eq. 18: one tree per body (its block of `A` and its `v*`),
    /// one constraint per detected contact.
    pub(super) fn contact_problem(
        &self, detected: &[DetectedContact], a: Vec<DMatrix<f64>>, v_star: &DVector<f64>,
    ) -> Result<SapProblem, SimError> {
        let trees: Vec<Tree> = a
            .into_iter()
            .enumerate()
            .map(|(i, ai)| Tree::new(ai, v_star.rows(self.offsets[i], self.dofs(i)).into_owned()))
            .collect();
        let contacts: Vec<ContactConstraint> = detected.iter().map(|c| self.sap_contact(c)).collect();
        Ok(SapProblem::new(self.settings.time_step, trees, contacts)?)
    }

    /// The SAP constraint of one detected contact: contact velocity
    /// `v_c = R^T (v_B(p) - v_A(p))` in the contact frame (z along the normal from A to B,
    /// so that `v_n > 0` separates).
    pub(super) fn sap_contact(&self, c: &DetectedContact) -> ContactConstraint {
        let rt = contact_frame(&c.normal).transpose();
        // `next_step_hessian` admits only worlds of rigid bodies: B is a body.
        let Collider::Body(body_b) = c.b else {
            unreachable!("contacts of rigid bodies only")
        };
        let jb = self.point_jacobian(body_b, &self.poses[body_b], &c.point, &rt);
        let contact = match c.a {
            Collider::Body(a) => {
                let ja = self.point_jacobian(a, &self.poses[a], &c.point, &(-rt));
                ContactConstraint::between(a, ja, body_b, jb, c.phi0)
            }
            _ => ContactConstraint::with_world(body_b, jb, c.phi0),
        };
        // Kelvin-Voigt dissipation acts only in contact: a gap gets no damping, else
        // v_hat = -phi0 / (dt + tau_d) (Section V-A) would brake a body arriving fast
        // from inside the (speculative) margin before it touches.
        let tau = if c.phi0 > 0.0 {
            0.0
        } else {
            c.material.dissipation_time_scale
        };
        contact.with_parameters(c.material.stiffness, tau, c.material.friction)
    }

    /// The slip speed of every contact of [`Simulation::contacts`] (same order): the
    /// norm of the tangential part `|v_t|` of the relative contact velocity
    /// `v_c = R^T (v_B(p) - v_A(p))` in the contact frame (the SAP constraint velocity,
    /// Section II-A), at the current velocities, i.e. those the last step's SAP solve
    /// returned. In stiction the regularized friction of Eq. 30 lets contacts slip at up
    /// to about `v_s = sigma mu dt g` (Eq. 31). The contacts were detected at the step's
    /// start: lever arms run from the centre of mass there, `x - dt v` (Eq. 12; exact for
    /// the schemes with `theta_vq = 1`, symplectic and implicit Euler, so that this is
    /// the constraint velocity SAP solved for).
    pub fn contact_slip_speeds(&self) -> Result<Vec<f64>, SimError> {
        let dt = self.settings.time_step;
        let point_velocity = |c: Collider, p: &Vec3| -> Result<Vec3, SimError> {
            Ok(match c {
                Collider::Body(i) => {
                    let (v, w) = self.body_velocity(i);
                    v + w.cross(&(p - (self.poses[i].translation - dt * v)))
                }
                Collider::Link(g) => {
                    // A study's query: the tree's point Jacobian at the step's start
                    // (its placements), in a copy of its workspace.
                    let link = &self.world.links()[g];
                    let model = &self.world.trees()[link.tree].model;
                    let mut data = self.trees[link.tree].data.clone();
                    let mut j = DMatrix::zeros(6, model.nv());
                    model.point_jacobian(&mut data, Some(link.body), p, &mut j)?;
                    let v = DVector::from_column_slice(self.tree_velocities(link.tree));
                    let lin = j.rows(0, 3) * v;
                    Vec3::new(lin[0], lin[1], lin[2])
                }
                Collider::Static(_) => Vec3::zeros(),
            })
        };
        self.contacts
            .iter()
            .map(|c| {
                let rel = point_velocity(c.b, &c.point)? - point_velocity(c.a, &c.point)?;
                let vc = contact_frame(&c.normal).transpose() * rel;
                Ok(vc.x.hypot(vc.y))
            })
            .collect()
    }

    /// The Newton matrix `H = A + J^T G J` of SAP (Appendix D) for the step that would
    /// follow now, at its solution: contacts detected at the current poses, the free
    /// motion of Eq. 13, the SAP problem of Eq. 18 solved warm-started from the current
    /// velocities. Dense (n x n over all velocities), for studies of conditioning (SAP
    /// paper Fig. 15); `None` when no contact is detected. The state does not advance
    /// (only the detector's and solver's caches change).
    pub fn next_step_hessian(&mut self) -> Result<Option<DMatrix<f64>>, SimError> {
        if !self.world.trees().is_empty() {
            return Err(SimError::invalid(
                "world",
                "next_step_hessian takes worlds of rigid bodies only (no articulated trees)",
            ));
        }
        let (theta, theta_vq) = self.settings.scheme.theta();
        self.update_reach();
        // Detected aside: the last step's contacts stay what `contacts` reports.
        let saved = std::mem::take(&mut self.contacts);
        let found = self.detect();
        let detected = std::mem::replace(&mut self.contacts, saved);
        found?;
        if detected.is_empty() {
            return Ok(None);
        }
        let (a, v_star, _) = self.free_motion_stage(theta, theta_vq)?;
        let problem = self.contact_problem(&detected, a, &v_star)?;
        let solution = self.sap.solve(&problem, &self.v)?;
        Ok(Some(wolfe_sap::hessian(&problem, &solution.models, &solution.v)))
    }
}
