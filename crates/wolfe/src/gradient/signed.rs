//! The pose gradient of the signed distance ([`SignedDistanceOutput::pose_gradient`]).

use super::{witnesses, PoseGradient};
use crate::collide::contact::SignedDistanceOutput;
use crate::error::WolfeError;
use crate::math::Pose;
use crate::shape::Shape;

impl SignedDistanceOutput {
    /// The derivative of this signed distance with respect to both poses (convention
    /// and formula in [`crate::gradient`]): the distance's formula with EPA's normal and
    /// witness points when the shapes overlap (`d/dt_b = n = -d/dt_a`, so moving B
    /// along `n` reduces the penetration one for one). `a`, `pose_a`, `b`, `pose_b` must
    /// be those of the query.
    ///
    /// `differentiable` is false where the witness pair is not unique (see
    /// [`crate::gradient`]) or the answer is not certified
    /// ([`SignedDistanceOutput::is_certified`]). Ties between several equally deep
    /// directions are not detected.
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
        let n = self.normal;
        let ([pa, pb], unique) = witnesses(
            a,
            pose_a,
            b,
            pose_b,
            &n,
            self.signed_distance,
            [self.point_a, self.point_b],
        );
        let mut g = PoseGradient::of_gap(1.0, &n, &pa, &pb, pose_a, pose_b);
        g.differentiable = self.is_certified() && unique;
        Ok(g)
    }
}
