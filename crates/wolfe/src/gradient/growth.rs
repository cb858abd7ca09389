//! The pose gradient of the growth distance ([`GrowthOutput::pose_gradient`]).

use super::refine::{Measure, Pair};
use super::support::{several_normals, several_witness_pairs};
use super::{closest_on_lines, PoseGradient, PARALLEL_TOLERANCE};
use crate::collide::growth::{CenterPoint, GrowthOutput, GrowthStatus};
use crate::error::WolfeError;
use crate::math::{Pose, Vec3};
use crate::shape::Shape;

impl GrowthOutput {
    /// The derivative of this growth distance `alpha` with respect to both poses
    /// (convention and derivation in [`crate::gradient`]): DGD's
    /// `d alpha = alpha <n, v_b(x*) - v_a(x*)> / <n, p_b - p_a>`, with `x*` the touching
    /// point, `n` the [`GrowthOutput::normal`] refined to rounding (see
    /// [`crate::gradient`], Accuracy) and `p_a`, `p_b` the centre points. `a`, `pose_a`,
    /// `b`, `pose_b` and `centers` must be those of the query (`None`: the shapes'
    /// default centres).
    ///
    /// `differentiable` is false where the normal or the touching point is not unique
    /// (see [`crate::gradient`]) or the query did not converge (status `Converged`, or
    /// bounds within the default tolerance, `relative_gap() <= sqrt(f64::EPSILON)`).
    /// Coincident centres (`alpha = 0`, no normal) give the zero subgradient, not
    /// differentiable.
    ///
    /// Errors: [`WolfeError`] for an invalid pose or centre point.
    pub fn pose_gradient(
        &self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, centers: Option<&[CenterPoint; 2]>,
    ) -> Result<PoseGradient, WolfeError> {
        let pair = Pair::new(a, pose_a, b, pose_b)?;
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
        let (p1, p2) = (
            pose_a.transform_point(&ca.point),
            pose_b.transform_point(&cb.point),
        );
        let p = p2 - p1;
        let n0 = self.normal;
        if n0.norm_squared() == 0.0 || n0.dot(&p) <= 0.0 || self.alpha.is_nan() || self.alpha <= 0.0 {
            return Ok(PoseGradient::zero(false));
        }
        let n = pair.refine(Measure::Growth { p1, p2 }, &n0);
        let (za, zb) = pair.supports(&n);
        let np = n.dot(&p);
        let alpha = np / n.dot(&((za - p1) - (zb - p2)));
        let tol = PARALLEL_TOLERANCE;
        let (fa, fb) = pair.features(&n, tol);
        let several = several_witness_pairs(&fa, &fb, tol);
        // The touching point (Eq. 9c): exact from a support set that is a point, or where
        // two crossing segments, scaled about the centres, meet.
        let scaled = |c: &Vec3, z: &Vec3| c + alpha * (z - c);
        let x = if fa.dim == 0 {
            scaled(&p1, &za)
        } else if fb.dim == 0 {
            scaled(&p2, &zb)
        } else if fa.dim == 1 && fb.dim == 1 && !several {
            let (xa, xb) = closest_on_lines(&scaled(&p1, &za), &fa.segment, &scaled(&p2, &zb), &fb.segment);
            0.5 * (xa + xb)
        } else {
            self.contact_point
        };
        let mut g = PoseGradient::of_gap(alpha / np, &n, &x, &x, pose_a, pose_b);
        g.differentiable = (self.status == GrowthStatus::Converged
            || self.relative_gap() <= f64::EPSILON.sqrt())
            && !several
            && !several_normals(&fa, &fb, tol);
        Ok(g)
    }
}
