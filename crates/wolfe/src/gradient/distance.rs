//! The pose gradient of the distance ([`DistanceOutput::pose_gradient`]).

use super::refine::Pair;
use super::{gap_gradient, PoseGradient};
use crate::collide::distance::DistanceOutput;
use crate::collide::gjk::GjkStatus;
use crate::error::WolfeError;
use crate::math::Pose;
use crate::shape::Shape;

impl DistanceOutput {
    /// The derivative of this distance with respect to both poses (convention and
    /// formula in [`crate::gradient`]): `d/dt_b = n = -d/dt_a`, the rotations from the
    /// witness points about the shapes' origins, after refining the query's normal to
    /// rounding (see [`crate::gradient`], Accuracy). `a`, `pose_a`, `b`, `pose_b` must be
    /// those of the query.
    ///
    /// Overlapping shapes (distance 0) give the zero gradient, the derivative of a
    /// distance that stays 0 around the poses (where they only touch, a subgradient).
    /// `differentiable` is false where the witness pair is not unique (see
    /// [`crate::gradient`]) or the query did not converge.
    ///
    /// Errors: [`WolfeError`] for an invalid pose.
    pub fn pose_gradient(
        &self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose,
    ) -> Result<PoseGradient, WolfeError> {
        let pair = Pair::new(a, pose_a, b, pose_b)?;
        if self.distance <= 0.0 || self.normal.norm_squared() == 0.0 {
            return Ok(PoseGradient::zero(true));
        }
        Ok(gap_gradient(
            &pair,
            &self.normal,
            &self.point_a,
            self.status == GjkStatus::Converged,
        ))
    }
}
