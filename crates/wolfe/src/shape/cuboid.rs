//! Box with half-extents (hx, hy, hz).

use super::{sign_nonzero, ConvexShape, SupportMap};
use crate::error::{positive, WolfeError};
use crate::math::{Aabb, Vec3};

/// The box `[-hx, hx] x [-hy, hy] x [-hz, hz]`.
///
/// Support: `S(d) = (sign(dx) hx, sign(dy) hy, sign(dz) hz)`, with `sign(0) = +1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cuboid {
    half_extents: Vec3,
}

impl Cuboid {
    /// A box; every half-extent must be finite and > 0.
    pub fn new(half_extents: [f64; 3]) -> Result<Self, WolfeError> {
        positive("box", "half_extents.x", half_extents[0])?;
        positive("box", "half_extents.y", half_extents[1])?;
        positive("box", "half_extents.z", half_extents[2])?;
        Ok(Self {
            half_extents: Vec3::from(half_extents),
        })
    }

    /// The half-extents, in metres.
    pub fn half_extents(&self) -> Vec3 {
        self.half_extents
    }
}

impl SupportMap for Cuboid {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        let h = &self.half_extents;
        Vec3::new(
            sign_nonzero(dir.x) * h.x,
            sign_nonzero(dir.y) * h.y,
            sign_nonzero(dir.z) * h.z,
        )
    }
}

impl ConvexShape for Cuboid {
    fn is_strictly_convex(&self) -> bool {
        false
    }

    fn is_polytope(&self) -> bool {
        true
    }

    fn local_aabb(&self) -> Aabb {
        Aabb::new(-self.half_extents, self.half_extents)
    }

    /// The smallest half extent.
    fn inradius(&self) -> f64 {
        self.half_extents.min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::test_util::*;

    #[test]
    fn support_is_a_corner() {
        let b = Cuboid::new([1.0, 2.0, 3.0]).unwrap();
        assert_eq!(
            b.local_support(&Vec3::new(-1.0, 0.5, -0.0)),
            Vec3::new(-1.0, 2.0, 3.0)
        );
        assert_support_is_max(&b, &directions());
        assert!(Cuboid::new([1.0, 0.0, 1.0]).is_err());
    }
}
