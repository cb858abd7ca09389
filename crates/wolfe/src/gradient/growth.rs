//! The pose gradient of the growth distance ([`GrowthOutput::pose_gradient`]).

use super::support::{feature, several_normals, several_witness_pairs, world_support};
use super::{PoseGradient, PARALLEL_TOLERANCE};
use crate::collide::growth::{CenterPoint, GrowthOutput, GrowthStatus};
use crate::error::WolfeError;
use crate::math::Pose;
use crate::shape::Shape;

impl GrowthOutput {
    /// The derivative of this growth distance `alpha` with respect to both poses
    /// (convention and derivation in [`crate::gradient`]): DGD's
    /// `d alpha = alpha <n, v_b(x*) - v_a(x*)> / <n, p_b - p_a>`, with `x*` the
    /// [`GrowthOutput::contact_point`], `n` the [`GrowthOutput::normal`] and `p_a`, `p_b`
    /// the centre points. `a`, `pose_a`, `b`, `pose_b` and `centers` must be those of the
    /// query (`None`: the shapes' default centres).
    ///
    /// `differentiable` is false where the normal or the touching point is not unique
    /// (see [`crate::gradient`]) or the query did not converge (status `Converged`, or
    /// bounds within the default tolerance, `relative_gap() <= sqrt(f64::EPSILON)`). Coincident centres
    /// (`alpha = 0`, no normal) give the zero subgradient, not differentiable.
    ///
    /// Errors: [`WolfeError`] for an invalid pose or centre point.
    pub fn pose_gradient(
        &self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
        centers: Option<&[CenterPoint; 2]>,
    ) -> Result<PoseGradient, WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        let [ca, cb] = match centers {
            Some(c) => *c,
            None => [CenterPoint::of(a), CenterPoint::of(b)],
        };
        for c in [&ca, &cb] {
            if !c.point.iter().all(|x| x.is_finite()) {
                return Err(WolfeError::InvalidCenterPoint {
                    reason: "the point has a NaN or infinite coordinate",
                });
            }
        }
        let n = self.normal;
        let (p1, p2) = (
            pose_a.transform_point(&ca.point),
            pose_b.transform_point(&cb.point),
        );
        let p = p2 - p1;
        let np = n.dot(&p);
        if n.norm_squared() == 0.0 || np <= 0.0 || self.alpha.is_nan() || self.alpha <= 0.0 {
            return Ok(PoseGradient::zero(false));
        }
        let tol = PARALLEL_TOLERANCE;
        let fa = feature(a, pose_a, &n, tol);
        let fb = feature(b, pose_b, &-n, tol);
        // The touching point, exact from a support set that is a point (Eq. 9c).
        let x = if fa.dim == 0 {
            p1 + self.alpha * (world_support(a, pose_a, &n) - p1)
        } else if fb.dim == 0 {
            p2 + self.alpha * (world_support(b, pose_b, &-n) - p2)
        } else {
            self.contact_point
        };
        let mut g = PoseGradient::of_gap(self.alpha / np, &n, &x, &x, pose_a, pose_b);
        g.differentiable = (self.status == GrowthStatus::Converged
            || self.relative_gap() <= f64::EPSILON.sqrt())
            && !several_witness_pairs(&fa, &fb, tol)
            && !several_normals(&fa, &fb, tol);
        Ok(g)
    }
}
