//! A growth query in A's frame: the centre points the shapes are scaled about, checked,
//! and the ray between them (Prop. 1: `p = c_b - c_a`), with B's rotation relative to A.

use crate::error::WolfeError;
use crate::math::{Mat3, Pose, Vec3};
use crate::shape::ConvexShape;

/// The point a shape is scaled about, with a lower bound of the shape's inradius there.
///
/// The growth distance depends on the centre points. The default
/// ([`CenterPoint::of`]) is the shape's [`ConvexShape::center`]: the local origin of the
/// primitives (the centre of a sphere, box, ellipsoid, capsule, cylinder, and the
/// mid-axis point of a cone) and the mean of the hull vertices of a mesh.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CenterPoint {
    /// The centre, in the shape's local frame. Must lie in the shape (and in its interior
    /// when `inradius > 0`).
    pub point: Vec3,
    /// A lower bound (>= 0) of the radius of a ball about `point` contained in the
    /// shape. The algorithm trusts it: a value above the true inradius gives wrong
    /// answers. At least one of the two shapes of a query needs a positive one.
    pub inradius: f64,
}

impl CenterPoint {
    /// The shape's default centre ([`ConvexShape::center`]) with its exact inradius
    /// ([`ConvexShape::inradius`]).
    pub fn of<S: ConvexShape + ?Sized>(shape: &S) -> Self {
        Self {
            point: shape.center(),
            inradius: shape.inradius(),
        }
    }

    fn validate(&self) -> Result<(), WolfeError> {
        if !self.point.iter().all(|x| x.is_finite()) {
            return Err(WolfeError::InvalidCenterPoint {
                reason: "the point has a NaN or infinite coordinate",
            });
        }
        if !(self.inradius.is_finite() && self.inradius >= 0.0) {
            return Err(WolfeError::InvalidCenterPoint {
                reason: "the inradius must be finite and >= 0",
            });
        }
        Ok(())
    }
}

/// A query in A's frame.
pub(super) struct Query {
    pub(super) rot_ab: Mat3,
    /// A's centre point (A's frame).
    pub(super) c1: Vec3,
    /// B's centre point (B's frame).
    pub(super) cb: Vec3,
    /// `c2 - c1` in A's frame.
    pub(super) p: Vec3,
    /// A's inradius about its centre.
    pub(super) r1: f64,
    /// B's inradius about its centre.
    pub(super) r2: f64,
}

/// Validates and computes the query in A's frame; `None` when the centres coincide.
pub(super) fn prepare(
    pose_a: &Pose, center_a: &CenterPoint, pose_b: &Pose, center_b: &CenterPoint,
) -> Result<Option<Query>, WolfeError> {
    pose_a.validate()?;
    pose_b.validate()?;
    center_a.validate()?;
    center_b.validate()?;
    if center_a.inradius + center_b.inradius <= 0.0 {
        return Err(WolfeError::InvalidCenterPoint {
            reason: "at least one shape needs a positive inradius about its centre",
        });
    }
    let pose_ab = pose_a.relative(pose_b);
    let rot_ab = pose_ab.rotation.to_rotation_matrix().into_inner();
    let c1 = center_a.point;
    // The ray between the centres; the support points are taken as offsets from the
    // centres (see `Pair3`), so that nothing of size |t_ab| enters them.
    let p = (rot_ab * center_b.point - c1) + pose_ab.translation;
    if p == Vec3::zeros() {
        return Ok(None);
    }
    Ok(Some(Query {
        rot_ab,
        c1,
        cb: center_b.point,
        p,
        r1: center_a.inradius,
        r2: center_b.inradius,
    }))
}
