//! A shape scaled about its centre point: the sets whose contact defines growth distance.

use super::{ConvexShape, SupportMap};
use crate::error::{positive, WolfeError};
use crate::math::{Aabb, Vec3};

/// `c + alpha (S - c)`: the shape `S` scaled by `alpha` about its centre point
/// `c = S.center()`. Growth distance (Thirugnanam & Sreenath, Def. 1) is the smallest
/// `alpha` at which two such sets, scaled about their own centres, touch; with this
/// adapter GJK can check a growth distance independently (the sets are apart for every
/// smaller `alpha`).
///
/// Support: `S_scaled(d) = c + alpha (S(d) - c)`; the core's radius scales too.
#[derive(Clone, Copy, Debug)]
pub struct ScaledAboutCenter<'s, S: ?Sized> {
    shape: &'s S,
    center: Vec3,
    alpha: f64,
}

impl<'s, S: ConvexShape + ?Sized> ScaledAboutCenter<'s, S> {
    /// `shape` scaled by `alpha` (finite, > 0) about `shape.center()`.
    pub fn new(shape: &'s S, alpha: f64) -> Result<Self, WolfeError> {
        Ok(Self {
            shape,
            center: shape.center(),
            alpha: positive("scaled", "alpha", alpha)?,
        })
    }

    /// The scale factor.
    pub fn alpha(&self) -> f64 {
        self.alpha
    }
}

impl<S: SupportMap + ?Sized> SupportMap for ScaledAboutCenter<'_, S> {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        self.center + self.alpha * (self.shape.local_support(dir) - self.center)
    }
}

impl<S: ConvexShape + ?Sized> ConvexShape for ScaledAboutCenter<'_, S> {
    fn radius(&self) -> f64 {
        self.alpha * self.shape.radius()
    }

    fn is_strictly_convex(&self) -> bool {
        self.shape.is_strictly_convex()
    }

    fn is_polytope(&self) -> bool {
        self.shape.is_polytope()
    }

    fn local_aabb(&self) -> Aabb {
        let (b, c) = (self.shape.local_aabb(), self.center);
        Aabb::new(c + self.alpha * (b.min - c), c + self.alpha * (b.max - c))
    }

    fn center(&self) -> Vec3 {
        self.center
    }

    fn inradius(&self) -> f64 {
        self.alpha * self.shape.inradius()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Cuboid, Shape, Sphere};

    #[test]
    fn scales_supports_and_boxes_about_the_centre() {
        let b: Shape = Cuboid::new([1.0, 2.0, 3.0]).unwrap().into();
        let s = ScaledAboutCenter::new(&b, 0.5).unwrap();
        let d = Vec3::new(1.0, -1.0, 1.0);
        assert_eq!(s.local_support(&d), Vec3::new(0.5, -1.0, 1.5));
        assert_eq!(s.local_aabb().max, Vec3::new(0.5, 1.0, 1.5));
        let ball: Shape = Sphere::new(2.0).unwrap().into();
        assert_eq!(ScaledAboutCenter::new(&ball, 3.0).unwrap().radius(), 6.0);
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(ScaledAboutCenter::new(&b, bad).is_err(), "{bad}");
        }
    }
}
