//! Ellipsoid with semi-axes (a, b, c) along the local axes.

use super::{ConvexShape, SupportMap};
use crate::error::{positive, WolfeError};
use crate::math::{Aabb, Vec3};

/// The ellipsoid `{x : (x/a)^2 + (y/b)^2 + (z/c)^2 <= 1}`.
///
/// Support: with `D = diag(a, b, c)`, `S(d) = D^2 d / |D d|` (the maximizer of the
/// linear function `<d, x>` over the image of the unit ball by `D`). Strictly convex:
/// GJK++ Sec. IV-A uses ellipsoids as the worst case for GJK-like methods.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ellipsoid {
    radii: Vec3,
    radii_sq: Vec3,
}

impl Ellipsoid {
    /// An ellipsoid; every semi-axis must be finite and > 0.
    pub fn new(radii: [f64; 3]) -> Result<Self, WolfeError> {
        positive("ellipsoid", "radii.x", radii[0])?;
        positive("ellipsoid", "radii.y", radii[1])?;
        positive("ellipsoid", "radii.z", radii[2])?;
        let radii = Vec3::from(radii);
        Ok(Self {
            radii,
            radii_sq: radii.component_mul(&radii),
        })
    }

    /// The semi-axes, in metres.
    pub fn radii(&self) -> Vec3 {
        self.radii
    }
}

impl SupportMap for Ellipsoid {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        let n = dir.component_mul(&self.radii).norm();
        if n > 0.0 {
            dir.component_mul(&self.radii_sq) * (1.0 / n)
        } else {
            Vec3::new(self.radii.x, 0.0, 0.0)
        }
    }

    /// `(D^2 d, |D d|)`, the quotient of [`SupportMap::local_support`].
    #[inline]
    fn local_support_quotient(&self, dir: &Vec3, _hint: &mut u32) -> (Vec3, f64) {
        let n = dir.component_mul(&self.radii).norm();
        if n > 0.0 {
            (dir.component_mul(&self.radii_sq), n)
        } else {
            (Vec3::new(self.radii.x, 0.0, 0.0), 1.0)
        }
    }
}

impl ConvexShape for Ellipsoid {
    fn is_strictly_convex(&self) -> bool {
        true
    }

    fn local_aabb(&self) -> Aabb {
        Aabb::new(-self.radii, self.radii)
    }

    /// The smallest semi-axis.
    fn inradius(&self) -> f64 {
        self.radii.min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::test_util::*;

    #[test]
    fn support_is_on_surface_and_maximal() {
        let e = Ellipsoid::new([0.3, 1.0, 2.5]).unwrap();
        for d in directions() {
            let s = e.local_support(&d);
            let q = s.component_div(&e.radii()).norm_squared();
            assert!((q - 1.0).abs() < 1e-12);
        }
        assert_support_is_max(&e, &directions());
    }
}
