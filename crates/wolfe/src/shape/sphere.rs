//! Ball of radius r: the point core {0} inflated by r.

use super::{ConvexShape, SupportMap};
use crate::error::{positive, WolfeError};
use crate::math::{Aabb, Vec3};

/// A ball of radius `radius` centred at the local origin.
///
/// Support: core `S(d) = 0`; with the radius, `S(d) = r d / |d|`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sphere {
    radius: f64,
}

impl Sphere {
    /// A ball; `radius` must be finite and > 0.
    pub fn new(radius: f64) -> Result<Self, WolfeError> {
        Ok(Self {
            radius: positive("sphere", "radius", radius)?,
        })
    }

    /// The radius, in metres.
    pub fn ball_radius(&self) -> f64 {
        self.radius
    }
}

impl SupportMap for Sphere {
    #[inline]
    fn local_support(&self, _dir: &Vec3) -> Vec3 {
        Vec3::zeros()
    }
}

impl ConvexShape for Sphere {
    #[inline]
    fn radius(&self) -> f64 {
        self.radius
    }

    fn is_strictly_convex(&self) -> bool {
        true
    }

    fn local_aabb(&self) -> Aabb {
        Aabb::new(Vec3::repeat(-self.radius), Vec3::repeat(self.radius))
    }

    /// The ball about its centre: the radius.
    fn inradius(&self) -> f64 {
        self.radius
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_radius() {
        assert!(Sphere::new(0.0).is_err());
        assert!(Sphere::new(-1.0).is_err());
        assert!(Sphere::new(f64::NAN).is_err());
        assert!(Sphere::new(f64::INFINITY).is_err());
    }
}
