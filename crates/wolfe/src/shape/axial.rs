//! The size of a solid of revolution about the local z axis, shared by cones and
//! cylinders.

use crate::error::{positive, WolfeError};
use crate::math::{Aabb, Vec3};

/// A radius and a half length along z, both finite and > 0 (validated once, for cones
/// and cylinders alike).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Axial {
    /// Radius of the disc, m.
    pub(crate) radius: f64,
    /// Half the length along z, m.
    pub(crate) half_length: f64,
}

impl Axial {
    /// Validates both numbers; the error names the `shape` and the parameter.
    pub(crate) fn new(shape: &'static str, radius: f64, half_length: f64) -> Result<Self, WolfeError> {
        Ok(Self {
            radius: positive(shape, "radius", radius)?,
            half_length: positive(shape, "half_length", half_length)?,
        })
    }

    /// The local box: `[-r, r] x [-r, r] x [-h, h]`.
    pub(crate) fn aabb(&self) -> Aabb {
        let e = Vec3::new(self.radius, self.radius, self.half_length);
        Aabb::new(-e, e)
    }
}
