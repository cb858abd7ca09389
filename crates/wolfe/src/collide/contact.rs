//! The contact query of a simulation's narrow phase: given two posed shapes and a
//! margin, the contact (normal from A to B, signed distance, a point on each shape) or
//! none when the shapes are farther apart than the margin.
//!
//! It is the signed distance (module `signed_distance`: GJK, then EPA when the cores
//! overlap) with a cut-off: simulations keep contacts a little before touching (the
//! margin) so that the solver sees them coming.

use crate::collide::gjk::GjkStatus;
use crate::collide::signed_distance::EpaSolver;
use crate::error::WolfeError;
use crate::math::{Pose, Vec3};
use crate::shape::{Shape, SupportMap};

/// One contact between two shapes, in world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Unit normal from A to B.
    pub normal: Vec3,
    /// Signed distance in metres (negative: penetration depth).
    pub signed_distance: f64,
    /// Point on A's surface.
    pub point_a: Vec3,
    /// Point on B's surface (`point_b - point_a = signed_distance * normal`).
    pub point_b: Vec3,
    /// Whether the solvers certified the answer within their tolerances (see
    /// [`crate::SignedDistanceOutput::is_certified`]); when not, the values are the
    /// best the solvers had, with valid bounds in the signed-distance query.
    pub certified: bool,
}

/// Checks a contact margin: finite and `>= 0`, in metres.
pub(crate) fn validate_margin(margin: f64) -> Result<(), WolfeError> {
    if margin.is_finite() && margin >= 0.0 {
        Ok(())
    } else {
        Err(WolfeError::InvalidSetting {
            name: "margin",
            value: margin,
            reason: "must be finite and >= 0",
        })
    }
}

impl EpaSolver {
    /// The contact between `a` at `pose_a` and `b` at `pose_b` if their signed distance
    /// is at most `margin` (metres, finite, `>= 0`), `None` otherwise.
    pub fn contact(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
        margin: f64,
    ) -> Result<Option<Contact>, WolfeError> {
        validate_margin(margin)?;
        // GJK stops early once the pair is certainly beyond the margin.
        let core = self.run_checked(a, pose_a, b, pose_b, Some(margin))?;
        if core.gjk.status == GjkStatus::Separated {
            return Ok(None);
        }
        let out = self.output(&core, pose_a, (a.radius(), b.radius()));
        Ok((out.signed_distance <= margin).then_some(Contact {
            normal: out.normal,
            signed_distance: out.signed_distance,
            point_a: out.point_a,
            point_b: out.point_b,
            certified: out.is_certified(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::signed_distance::SignedDistanceSettings;
    use crate::shape::{Cuboid, Sphere};

    #[test]
    fn margin_cuts_off_and_bad_margins_are_errors() {
        let mut s = EpaSolver::new(SignedDistanceSettings::default()).unwrap();
        let a: Shape = Cuboid::new([1.0, 1.0, 1.0]).unwrap().into();
        let b: Shape = Sphere::new(0.5).unwrap().into();
        let pb = Pose::from_translation(Vec3::new(0.0, 0.0, 1.6));
        let id = Pose::identity();
        assert!(s.contact(&a, &id, &b, &pb, 0.05).unwrap().is_none());
        let c = s.contact(&a, &id, &b, &pb, 0.2).unwrap().unwrap();
        assert!((c.signed_distance - 0.1).abs() < 1e-12 && (c.normal - Vec3::z()).norm() < 1e-12);
        assert!(c.certified);
        for bad in [-1.0, f64::NAN, f64::INFINITY] {
            assert!(matches!(
                s.contact(&a, &id, &b, &pb, bad),
                Err(WolfeError::InvalidSetting { name: "margin", .. })
            ));
        }
    }
}
