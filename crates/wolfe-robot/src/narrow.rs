//! The narrow phase, in one place: every call into wolfe's collision queries that the
//! stepper makes (contact manifolds between two posed convex shapes, and between a
//! shape and a half-space). Keeping them here isolates the stepper from renames of
//! wolfe's public API.

use wolfe::{
    halfspace_manifold, ContactManifold, ContactSolver, HalfSpace, ManifoldSettings, Pose, Shape,
    SignedDistanceSettings,
};

use crate::error::RobotError;

/// Contact manifolds within a margin (GJK, EPA and face clipping: up to four points
/// sharing one normal from A to B).
#[derive(Debug)]
pub struct NarrowPhase {
    epa: ContactSolver,
    settings: ManifoldSettings,
}

impl NarrowPhase {
    /// Manifolds of shapes closer than `margin` (m), with multi-point manifolds for faces
    /// within `angle_tolerance` (rad) of the normal.
    pub fn new(margin: f64, angle_tolerance: f64) -> Result<Self, RobotError> {
        let settings = ManifoldSettings::default()
            .with_margin(margin)
            .with_angle_tolerance(angle_tolerance);
        settings.validate()?;
        Ok(Self {
            epa: ContactSolver::new(SignedDistanceSettings::default())?,
            settings,
        })
    }

    /// The margin, m.
    pub fn margin(&self) -> f64 {
        self.settings.margin
    }

    /// The angle tolerance of multi-point manifolds, rad.
    pub fn angle_tolerance(&self) -> f64 {
        self.settings.angle_tolerance
    }

    /// The manifold of two posed shapes, `None` when farther apart than `margin` (m, at
    /// least [`NarrowPhase::margin`]: the detector widens it for fast geometries).
    pub fn shapes(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
        margin: f64,
    ) -> Result<Option<ContactManifold>, RobotError> {
        let settings = self.settings.with_margin(margin.max(self.settings.margin));
        Ok(self.epa.manifold(a, pose_a, b, pose_b, &settings, None)?)
    }

    /// The manifold of a half-space (A) and a posed shape (B), normal = the plane's,
    /// `None` when farther than `margin` (as in [`NarrowPhase::shapes`]).
    pub fn half_space(
        &self,
        plane: &HalfSpace,
        shape: &Shape,
        pose: &Pose,
        margin: f64,
    ) -> Result<Option<ContactManifold>, RobotError> {
        let settings = self.settings.with_margin(margin.max(self.settings.margin));
        Ok(halfspace_manifold(plane, shape, pose, &settings)?)
    }
}
