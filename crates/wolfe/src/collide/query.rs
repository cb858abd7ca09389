//! The public queries.
use crate::collide::gjk::{GjkSettings, GjkStatus};
use crate::error::WolfeError;
use crate::math::{Pose, Vec3};
use crate::shape::Shape;

/// Result of a distance query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceOutput {
    /// Distance between the shapes, >= 0 (0 when they overlap).
    pub distance: f64,
    /// Witness point on A (world frame).
    pub point_a: Vec3,
    /// Witness point on B (world frame).
    pub point_b: Vec3,
    /// Unit normal from A to B (world frame).
    pub normal: Vec3,
    /// Iterations.
    pub iterations: u32,
    /// Support calls.
    pub support_calls: u32,
    /// Duality gap.
    pub duality_gap: f64,
    /// Status.
    pub status: GjkStatus,
}

/// Result of a boolean collision query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollisionOutput {
    /// Whether the shapes intersect.
    pub intersecting: bool,
    /// Iterations.
    pub iterations: u32,
    /// Status.
    pub status: GjkStatus,
}

/// Where a query starts its first support direction.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum WarmStart {
    /// Difference of the bounding-box centres (GJK++ Sec. IV default).
    #[default]
    BoundingBoxCenters,
    /// The separation vector of the previous query of this solver (falls back to the box
    /// centres on the first query).
    Previous,
    /// A user-given direction in world frame (e.g. the previous step's separation vector).
    Direction(Vec3),
}

/// A reusable solver: settings plus the warm-start cache, owned by the caller.
#[derive(Clone, Debug, Default)]
pub struct GjkSolver {
    settings: GjkSettings,
    /// How the next query starts.
    pub warm_start: WarmStart,
}

impl GjkSolver {
    /// A solver with validated settings.
    pub fn new(settings: GjkSettings) -> Result<Self, WolfeError> {
        settings.validate()?;
        Ok(Self {
            settings,
            warm_start: WarmStart::default(),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &GjkSettings {
        &self.settings
    }

    /// Distance query.
    pub fn distance(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<DistanceOutput, WolfeError> {
        distance(a, pose_a, b, pose_b, &self.settings)
    }

    /// Boolean collision query.
    pub fn intersects(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<CollisionOutput, WolfeError> {
        intersects(a, pose_a, b, pose_b, &self.settings)
    }
}

/// Distance between two posed shapes.
pub fn distance(
    a: &Shape,
    pose_a: &Pose,
    b: &Shape,
    pose_b: &Pose,
    settings: &GjkSettings,
) -> Result<DistanceOutput, WolfeError> {
    let _ = (a, pose_a, b, pose_b, settings);
    unimplemented!()
}

/// Whether two posed shapes intersect.
pub fn intersects(
    a: &Shape,
    pose_a: &Pose,
    b: &Shape,
    pose_b: &Pose,
    settings: &GjkSettings,
) -> Result<CollisionOutput, WolfeError> {
    let _ = (a, pose_a, b, pose_b, settings);
    unimplemented!()
}
