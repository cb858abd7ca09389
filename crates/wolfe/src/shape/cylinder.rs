//! Cylinder along the local z axis.

use super::axial::Axial;
use super::{sign_nonzero, ConvexShape, SupportMap};
use crate::error::WolfeError;
use crate::math::{Aabb, Vec3};

/// The solid cylinder `{x^2 + y^2 <= r^2, |z| <= h}`.
///
/// Support: with `rho = |(dx, dy)|`,
/// `S(d) = (r dx / rho, r dy / rho, sign(dz) h)`, and `(0, 0, sign(dz) h)` (the centre
/// of an end cap) when `rho = 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cylinder(Axial);

impl Cylinder {
    /// A cylinder; `radius` and `half_length` must be finite and > 0.
    pub fn new(radius: f64, half_length: f64) -> Result<Self, WolfeError> {
        Axial::new("cylinder", radius, half_length).map(Self)
    }

    /// The radius of the disc, in metres.
    pub fn disc_radius(&self) -> f64 {
        self.0.radius
    }

    /// Half the length along z, in metres.
    pub fn half_length(&self) -> f64 {
        self.0.half_length
    }
}

impl SupportMap for Cylinder {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        let rho = (dir.x * dir.x + dir.y * dir.y).sqrt();
        let z = sign_nonzero(dir.z) * self.0.half_length;
        if rho > 0.0 {
            let k = self.0.radius / rho;
            Vec3::new(k * dir.x, k * dir.y, z)
        } else {
            Vec3::new(0.0, 0.0, z)
        }
    }
}

impl ConvexShape for Cylinder {
    fn is_strictly_convex(&self) -> bool {
        false
    }

    fn local_aabb(&self) -> Aabb {
        self.0.aabb()
    }

    /// The smaller of the radius and the half length.
    fn inradius(&self) -> f64 {
        self.0.radius.min(self.0.half_length)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::test_util::*;

    #[test]
    fn support_is_on_a_rim_or_cap_centre() {
        let c = Cylinder::new(0.5, 2.0).unwrap();
        assert_eq!(
            c.local_support(&Vec3::new(0.0, 0.0, -1.0)),
            Vec3::new(0.0, 0.0, -2.0)
        );
        let s = c.local_support(&Vec3::new(3.0, 4.0, 1.0));
        assert!((s - Vec3::new(0.3, 0.4, 2.0)).norm() < 1e-15);
        assert_support_is_max(&c, &directions());
    }
}
