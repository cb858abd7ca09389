//! Any shape inflated by a radius: the Minkowski sum with a ball (a swept sphere).

use super::{ConvexShape, SupportMap};
use crate::error::{non_negative, WolfeError};
use crate::math::{Aabb, Vec3};

/// `core ⊕ B(0, radius)`: every point within `radius` of `core`.
///
/// Support: the core's support is unchanged (GJK iterates on cores); the radius adds to
/// the core's own radius, so `S(d) = S_core(d) + (r_core + r) d / |d|`.
#[derive(Clone, Debug, PartialEq)]
pub struct Inflated<S> {
    core: S,
    radius: f64,
}

impl<S> Inflated<S> {
    /// `core` inflated by `radius` (finite, >= 0).
    pub fn new(core: S, radius: f64) -> Result<Self, WolfeError> {
        Ok(Self {
            core,
            radius: non_negative("inflated", "radius", radius)?,
        })
    }

    /// The wrapped shape.
    pub fn core(&self) -> &S {
        &self.core
    }

    /// The added radius, in metres (without the core's own radius).
    pub fn added_radius(&self) -> f64 {
        self.radius
    }
}

impl<S: SupportMap> SupportMap for Inflated<S> {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        self.core.local_support(dir)
    }

    #[inline]
    fn local_support_hinted(&self, dir: &Vec3, hint: &mut u32) -> Vec3 {
        self.core.local_support_hinted(dir, hint)
    }

    #[inline]
    fn local_support_quotient(&self, dir: &Vec3, hint: &mut u32) -> (Vec3, f64) {
        self.core.local_support_quotient(dir, hint)
    }
}

impl<S: ConvexShape> ConvexShape for Inflated<S> {
    #[inline]
    fn radius(&self) -> f64 {
        self.core.radius() + self.radius
    }

    fn is_strictly_convex(&self) -> bool {
        self.core.is_strictly_convex()
    }

    fn is_polytope(&self) -> bool {
        self.core.is_polytope()
    }

    fn local_aabb(&self) -> Aabb {
        self.core.local_aabb().inflated(self.radius)
    }

    fn center(&self) -> Vec3 {
        self.core.center()
    }

    fn seed_hint(&self, dir: &Vec3) -> u32 {
        self.core.seed_hint(dir)
    }

    /// The core's inradius plus the added radius.
    fn inradius(&self) -> f64 {
        self.core.inradius() + self.radius
    }
}
