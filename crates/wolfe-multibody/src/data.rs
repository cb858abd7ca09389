//! The per-query workspace (pinocchio's `Data`): made once per model, reused by every
//! query so that no query allocates.
//!
//! All spatial quantities here are in **world coordinates** about the world origin
//! (Featherstone's "absolute coordinates", Section 3.4 of his book): velocities of bodies
//! then add along the tree without transforms, and inertias of a subtree add into its
//! composite inertia. The kinematics and dynamics modules derive their recursions in
//! these coordinates.

use nalgebra::{DMatrix, DVector};

use crate::model::Model;
use crate::spatial::{Force, Motion, Se3, SpatialInertia};

/// Workspace and results of the queries on one [`Model`].
#[derive(Clone, Debug)]
pub struct Data {
    /// World placement of each body frame (`oMi`).
    pub(crate) omi: Vec<Se3>,
    /// World placement of each frame.
    pub(crate) oframes: Vec<Se3>,
    /// Motion subspace column of each velocity index, world coordinates.
    pub(crate) os: Vec<Motion>,
    /// Spatial velocity of each body, world coordinates.
    pub(crate) ov: Vec<Motion>,
    /// Spatial acceleration of each body (gravity included in RNEA), world coordinates.
    pub(crate) oa: Vec<Motion>,
    /// Spatial force transmitted by each body's joint, world coordinates.
    pub(crate) of: Vec<Force>,
    /// Composite inertia of each body's subtree, world coordinates.
    pub(crate) oic: Vec<SpatialInertia>,
    /// The mass matrix of the last [`Model::mass_matrix`] call.
    pub(crate) mass_matrix: DMatrix<f64>,
    /// The generalized forces of the last inverse dynamics / gravity call.
    pub(crate) tau: DVector<f64>,
}

impl Data {
    /// A workspace sized for `model`.
    pub fn new(model: &Model) -> Self {
        let nb = model.bodies.len();
        let nv = model.nv;
        Self {
            omi: vec![Se3::identity(); nb],
            oframes: vec![Se3::identity(); model.frames.len()],
            os: vec![Motion::zero(); nv],
            ov: vec![Motion::zero(); nb],
            oa: vec![Motion::zero(); nb],
            of: vec![Force::zero(); nb],
            oic: vec![SpatialInertia::zero(); nb],
            mass_matrix: DMatrix::zeros(nv, nv),
            tau: DVector::zeros(nv),
        }
    }

    /// World placements of the bodies after the last kinematics query.
    pub fn body_placements(&self) -> &[Se3] {
        &self.omi
    }

    /// World placements of the frames after the last [`Model::update_frames`] /
    /// [`Model::frames_forward_kinematics`].
    pub fn frame_placements(&self) -> &[Se3] {
        &self.oframes
    }

    /// Spatial velocities of the bodies (world coordinates, about the world origin) after
    /// the last [`Model::forward_kinematics_velocity`] or inverse dynamics call.
    pub fn body_velocities(&self) -> &[Motion] {
        &self.ov
    }

    /// The last mass matrix.
    pub fn mass_matrix(&self) -> &DMatrix<f64> {
        &self.mass_matrix
    }

    /// The last generalized forces.
    pub fn tau(&self) -> &DVector<f64> {
        &self.tau
    }
}
