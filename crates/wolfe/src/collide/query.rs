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

/// A reusable solver.
#[derive(Clone, Debug, Default)]
pub struct GjkSolver {}

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
