//! Capsule along the local z axis: the segment [-h, h] e_z inflated by r.

use super::{sign_nonzero, ConvexShape, SupportMap};
use crate::error::{non_negative, positive, WolfeError};
use crate::math::{Aabb, Vec3};

/// A capsule: the points within `radius` of the segment from `(0, 0, -half_length)` to
/// `(0, 0, half_length)`.
///
/// Support: core (the segment) `S(d) = (0, 0, sign(dz) h)`; with the radius add
/// `r d / |d|`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule {
    radius: f64,
    half_length: f64,
}

impl Capsule {
    /// A capsule; `radius` must be finite and > 0, `half_length` finite and >= 0
    /// (0 gives a sphere).
    pub fn new(radius: f64, half_length: f64) -> Result<Self, WolfeError> {
        Ok(Self {
            radius: positive("capsule", "radius", radius)?,
            half_length: non_negative("capsule", "half_length", half_length)?,
        })
    }

    /// Half the length of the core segment, in metres.
    pub fn half_length(&self) -> f64 {
        self.half_length
    }
}

impl SupportMap for Capsule {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        Vec3::new(0.0, 0.0, sign_nonzero(dir.z) * self.half_length)
    }
}

impl ConvexShape for Capsule {
    #[inline]
    fn radius(&self) -> f64 {
        self.radius
    }

    fn is_strictly_convex(&self) -> bool {
        // A segment of length 0 is a point, whose support is unique.
        self.half_length == 0.0
    }

    fn local_aabb(&self) -> Aabb {
        let r = self.radius;
        let e = Vec3::new(r, r, r + self.half_length);
        Aabb::new(-e, e)
    }

    /// The segment passes through the centre: the radius.
    fn inradius(&self) -> f64 {
        self.radius
    }
}
