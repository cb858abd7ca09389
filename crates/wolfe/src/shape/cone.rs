//! Cone along the local z axis, apex at +h, base disc at -h.

use super::axial::Axial;
use super::{ConvexShape, SupportMap};
use crate::error::WolfeError;
use crate::math::{Aabb, Vec3};

/// The solid cone with apex `(0, 0, h)` and base disc of radius `r` at `z = -h`
/// (the convention of `benchmark-format.md`).
///
/// Support: the maximum of `<d, x>` is at the apex or on the base rim. With
/// `rho = |(dx, dy)|`: if `dz h >= r rho - dz h` then `S(d) = (0, 0, h)`, else
/// `S(d) = (r dx / rho, r dy / rho, -h)` (the base centre when `rho = 0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cone(Axial);

impl Cone {
    /// A cone; `radius` and `half_length` must be finite and > 0.
    pub fn new(radius: f64, half_length: f64) -> Result<Self, WolfeError> {
        Axial::new("cone", radius, half_length).map(Self)
    }

    /// The radius of the base disc, in metres.
    pub fn base_radius(&self) -> f64 {
        self.0.radius
    }

    /// Half the height, in metres.
    pub fn half_length(&self) -> f64 {
        self.0.half_length
    }
}

impl SupportMap for Cone {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        let h = self.0.half_length;
        let rho = (dir.x * dir.x + dir.y * dir.y).sqrt();
        let apex = dir.z * h;
        let rim = self.0.radius * rho - dir.z * h;
        if apex >= rim {
            Vec3::new(0.0, 0.0, h)
        } else if rho > 0.0 {
            let k = self.0.radius / rho;
            Vec3::new(k * dir.x, k * dir.y, -h)
        } else {
            Vec3::new(0.0, 0.0, -h)
        }
    }
}

impl ConvexShape for Cone {
    fn is_strictly_convex(&self) -> bool {
        false
    }

    fn local_aabb(&self) -> Aabb {
        self.0.aabb()
    }

    /// The distance from the centre (mid-axis) to the lateral surface,
    /// `h R / sqrt(4 h^2 + R^2)`, which is below the distance `h` to the base.
    fn inradius(&self) -> f64 {
        let (r, h) = (self.0.radius, self.0.half_length);
        h * r / (4.0 * h * h + r * r).sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::test_util::*;

    #[test]
    fn support_is_apex_or_rim() {
        let c = Cone::new(1.0, 0.5).unwrap();
        assert_eq!(c.local_support(&Vec3::z()), Vec3::new(0.0, 0.0, 0.5));
        assert_eq!(c.local_support(&-Vec3::z()), Vec3::new(0.0, 0.0, -0.5));
        assert!((c.local_support(&Vec3::x()) - Vec3::new(1.0, 0.0, -0.5)).norm() < 1e-15);
        assert_support_is_max(&c, &directions());
    }
}
