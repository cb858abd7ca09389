//! The pose gradient of the distance ([`DistanceOutput::pose_gradient`]).

use super::{witnesses, PoseGradient};
use crate::collide::distance::DistanceOutput;
use crate::collide::gjk::GjkStatus;
use crate::error::WolfeError;
use crate::math::Pose;
use crate::shape::Shape;

impl DistanceOutput {
    /// The derivative of this distance with respect to both poses (convention and
    /// formula in [`crate::gradient`]): `d/dt_b = n = -d/dt_a`, the rotations from the
    /// witness points about the shapes' origins. `a`, `pose_a`, `b`, `pose_b` must be
    /// those of the query.
    ///
    /// Overlapping shapes (distance 0) give the zero gradient, the derivative of a
    /// distance that stays 0 around the poses (where they only touch, a subgradient).
    /// `differentiable` is false where the witness pair is not unique (see
    /// [`crate::gradient`]) or the query did not converge.
    ///
    /// Errors: [`WolfeError`] for an invalid pose.
    pub fn pose_gradient(
        &self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<PoseGradient, WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        if self.distance <= 0.0 || self.normal.norm_squared() == 0.0 {
            return Ok(PoseGradient::zero(true));
        }
        let n = self.normal;
        let ([pa, pb], unique) = witnesses(
            a,
            pose_a,
            b,
            pose_b,
            &n,
            self.distance,
            [self.point_a, self.point_b],
        );
        let mut g = PoseGradient::of_gap(1.0, &n, &pa, &pb, pose_a, pose_b);
        g.differentiable = self.status == GjkStatus::Converged && unique;
        Ok(g)
    }
}
