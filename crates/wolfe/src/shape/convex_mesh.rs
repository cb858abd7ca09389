//! The support map of a convex polytope ([`ConvexMesh`]): brute force on small hulls,
//! hill climbing over the adjacency from a hint on larger ones (GJK++ Sec. II), seeded
//! from the hull's cube map on cold starts.

use super::{ConvexShape, SupportMap};
use crate::math::{Aabb, Vec3};
use crate::mesh::ConvexMesh;

impl SupportMap for ConvexMesh {
    /// A hull vertex maximizing `<dir, x>` (hill-climbing from vertex 0 on large meshes).
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        self.vertices()[self.support_index(dir, 0) as usize]
    }

    /// Warm-started support: `hint` is the index of the previous support vertex; the
    /// climb starts there (an out-of-range hint is clamped to 0) and the new support
    /// vertex's index is written back. Allocates nothing.
    ///
    /// Inlined: the growth loop calls it twice per iteration (alone this saved only
    /// 0.2% of the loop's instructions; inlining the climb as well saved more).
    #[inline]
    fn local_support_hinted(&self, dir: &Vec3, hint: &mut u32) -> Vec3 {
        let i = self.support_index(dir, *hint);
        *hint = i;
        self.vertices()[i as usize]
    }
}

impl ConvexShape for ConvexMesh {
    /// Polytopes have flat faces: supports are not unique.
    fn is_strictly_convex(&self) -> bool {
        false
    }

    fn is_polytope(&self) -> bool {
        true
    }

    fn local_aabb(&self) -> Aabb {
        self.bounding_box()
    }

    /// The hull-vertex mean ([`ConvexMesh::centroid`]).
    fn center(&self) -> Vec3 {
        self.centroid()
    }

    /// The distance from the centroid to the nearest face plane (exact for the solid
    /// hull; 0 for lower-dimensional hulls, which have no interior).
    fn inradius(&self) -> f64 {
        self.centroid_inradius()
    }

    /// The support vertex of the centre of `dir`'s cell in the hull's cube-map seed table
    /// (about one cell per vertex, computed once with the hull: `mesh/seeds.rs`); 0 for
    /// small hulls, whose support scans every vertex.
    #[inline]
    fn seed_hint(&self, dir: &Vec3) -> u32 {
        self.seed_vertex(dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::SUPPORT_BRUTE_FORCE_MAX_VERTICES;

    /// Points on a slightly irregular sphere: every point is a hull vertex.
    fn ball(n: usize) -> Vec<Vec3> {
        // Golden-angle spiral: deterministic, well spread, no four points coplanar in
        // practice.
        (0..n)
            .map(|k| {
                let z = 1.0 - (2 * k + 1) as f64 / n as f64;
                let r = (1.0 - z * z).sqrt();
                let t = 2.399_963_229_728_653 * k as f64;
                Vec3::new(r * t.cos(), r * t.sin(), z) * 2.0 + Vec3::new(1.0, -3.0, 0.5)
            })
            .collect()
    }

    #[test]
    fn hinted_support_clamps_and_writes_back() {
        let m = ConvexMesh::from_points(&ball(200)).unwrap();
        assert!(m.vertices().len() > SUPPORT_BRUTE_FORCE_MAX_VERTICES);
        let d = Vec3::new(0.2, 0.9, -0.4);
        let want = m.vertices()[m.support_vertex_brute_force(&d) as usize];
        for start in [0, 17, u32::MAX, m.vertices().len() as u32] {
            let mut hint = start;
            let s = m.local_support_hinted(&d, &mut hint);
            assert_eq!(s, want, "start {start}");
            assert_eq!(m.vertices()[hint as usize], s);
        }
        assert_eq!(m.local_support(&d), want);
    }

    #[test]
    fn box_centroid_and_flags() {
        let pts = ball(64);
        let m = ConvexMesh::from_points(&pts).unwrap();
        assert_eq!(m.vertices().len(), 64);
        let b = m.local_aabb();
        assert!(pts
            .iter()
            .all(|p| (0..3).all(|k| b.min[k] <= p[k] && p[k] <= b.max[k])));
        assert!(pts.iter().any(|p| p.x == b.min.x) && pts.iter().any(|p| p.z == b.max.z));
        let c = m.centroid();
        assert!((c - Vec3::new(1.0, -3.0, 0.5)).norm() < 0.1, "{c:?}");
        assert!(!m.is_strictly_convex());
        assert_eq!(m.radius(), 0.0);
        assert!(m.neighbors(1000).is_empty());
        assert_eq!(m.faces().len(), 2 * 64 - 4);
    }
}
