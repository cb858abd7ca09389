//! One triangle of a mesh as a convex set: a support map, so that GJK and EPA run on a
//! triangle against any convex shape as on any other pair (GJK++ Eq. 11 needs only the
//! support function).

use crate::math::{Aabb, Vec3};
use crate::shape::{ConvexShape, SupportMap};

/// A triangle (a flat convex set of three vertices), in its owner's local frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle {
    /// The vertices, counter-clockwise seen from the side the normal points to.
    pub vertices: [Vec3; 3],
}

impl Triangle {
    /// A triangle from its vertices (no check: [`super::TriMesh`] validates its own).
    pub fn new(a: Vec3, b: Vec3, c: Vec3) -> Self {
        Self { vertices: [a, b, c] }
    }

    /// The unit normal `(b - a) x (c - a) / |...|` (zero for a degenerate triangle).
    pub fn normal(&self) -> Vec3 {
        let [a, b, c] = self.vertices;
        let n = (b - a).cross(&(c - a));
        let len = n.norm();
        if len > 0.0 {
            n / len
        } else {
            Vec3::zeros()
        }
    }

    /// The area.
    pub fn area(&self) -> f64 {
        let [a, b, c] = self.vertices;
        0.5 * (b - a).cross(&(c - a)).norm()
    }

    /// The box of the three vertices.
    pub fn aabb(&self) -> Aabb {
        let [a, b, c] = self.vertices;
        Aabb::new(a.inf(&b).inf(&c), a.sup(&b).sup(&c))
    }
}

impl SupportMap for Triangle {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        let [a, b, c] = &self.vertices;
        let (da, db, dc) = (dir.dot(a), dir.dot(b), dir.dot(c));
        if da >= db && da >= dc {
            *a
        } else if db >= dc {
            *b
        } else {
            *c
        }
    }
}

impl ConvexShape for Triangle {
    fn is_strictly_convex(&self) -> bool {
        false
    }

    /// A triangle is a (flat) polytope: GJK picks the polytope momentum schedule.
    #[inline]
    fn is_polytope(&self) -> bool {
        true
    }

    fn local_aabb(&self) -> Aabb {
        self.aabb()
    }

    /// The centroid.
    fn center(&self) -> Vec3 {
        let [a, b, c] = self.vertices;
        (a + b + c) / 3.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::test_util::{assert_support_is_max, directions};

    #[test]
    fn support_is_a_maximizing_vertex() {
        let t = Triangle::new(
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.2, 0.0),
            Vec3::new(0.3, 1.0, 0.4),
        );
        assert_support_is_max(&t, &directions());
        assert!((t.normal().norm() - 1.0).abs() < 1e-15);
        assert!((t.center() - (t.vertices[0] + t.vertices[1] + t.vertices[2]) / 3.0).norm() < 1e-15);
    }
}
