//! The pose gradient of the signed distance ([`SignedDistanceOutput::pose_gradient`]).

use super::refine::Pair;
use super::{gap_gradient, PoseGradient};
use crate::collide::contact::SignedDistanceOutput;
use crate::error::WolfeError;
use crate::math::Pose;
use crate::shape::Shape;

impl SignedDistanceOutput {
    /// The derivative of this signed distance with respect to both poses (convention
    /// and formula in [`crate::gradient`]): the distance's formula with EPA's normal,
    /// refined to rounding, when the shapes overlap (`d/dt_b = n = -d/dt_a`, so moving
    /// B along `n` reduces the penetration one for one). `a`, `pose_a`, `b`, `pose_b`
    /// must be those of the query.
    ///
    /// `differentiable` is false where the witness pair is not unique (see
    /// [`crate::gradient`]) or the answer is not certified
    /// ([`SignedDistanceOutput::is_certified`]). Ties between several equally deep
    /// directions are not detected.
    ///
    /// Errors: [`WolfeError`] for an invalid pose.
    pub fn pose_gradient(
        &self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose,
    ) -> Result<PoseGradient, WolfeError> {
        let pair = Pair::new(a, pose_a, b, pose_b)?;
        Ok(gap_gradient(
            &pair,
            &self.normal,
            &self.point_a,
            self.is_certified(),
        ))
    }
}
