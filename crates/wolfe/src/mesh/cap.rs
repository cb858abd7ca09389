//! The deepest vertices of a hull in a direction: the `k` vertices of largest `<dir, v>`
//! among those with `<dir, v> >= level`, by a best-first walk over the vertex adjacency
//! from the support vertex instead of a scan of every vertex.
//!
//! Why the walk visits them in order: from any vertex of a convex polytope, the simplex
//! method's argument gives an edge path to the maximizer of `<dir, .>` along which the
//! value never decreases (a vertex that is not a maximizer has an improving edge). So a
//! vertex `u` not yet taken always has, on its path, a vertex in the frontier whose value
//! is at least `<dir, u>`: taking the frontier's best each time yields the vertices in
//! order of decreasing value, and the first `k` taken are the `k` deepest. The
//! triangulation's adjacency holds every polytope edge (and diagonals of flat facets,
//! which only add paths). A caller that needs slack for rounding passes a `level` a few
//! ulps below its own cut (the half-space manifold does).

use super::ConvexMesh;
use crate::math::Vec3;

/// Frontier capacity of the walk: the vertices seen but not taken. Each taken vertex adds
/// its untaken neighbours (about six on a triangulated hull), so 16 taken vertices need
/// about a hundred.
const FRONTIER: usize = 192;

/// Slots of the walk's open-addressing set of seen vertices (a power of two, twice the
/// frontier and the taken vertices together, so that probes stay short).
const SEEN: usize = 512;

impl ConvexMesh {
    /// Writes into `out`, deepest first, the (at most `out.len()`) vertices of largest
    /// `<dir, v>` among those with `<dir, v> >= level`, and returns how many; `start` must
    /// be a support vertex of `dir` (`support_vertex`). Ties are taken in an order that
    /// depends on the walk. `Some(0)` when even `start` is below `level`; `None` when the
    /// walk's fixed buffers (no allocation) overflow, and the caller must scan.
    ///
    /// Cost: about `out.len()` vertices times their degree, not the hull's size (a YCB
    /// hull of 5000 vertices resting on the floor on a flat bottom of hundreds).
    pub(crate) fn deepest_vertices(
        &self, dir: &Vec3, level: f64, start: u32, out: &mut [u32],
    ) -> Option<usize> {
        let vertices = self.vertices();
        let Some(v0) = vertices.get(start as usize) else {
            return Some(0);
        };
        let value = |v: u32| dir.dot(&vertices[v as usize]);
        // In the slab; false for a NaN value (a NaN direction or level gives nothing).
        let in_slab = |f: f64| f >= level;
        if !in_slab(dir.dot(v0)) {
            return Some(0);
        }
        let mut seen = SeenSet::new();
        let mut frontier = [(0.0f64, 0u32); FRONTIER];
        frontier[0] = (value(start), start);
        let mut open = 1;
        seen.insert(start);
        let mut taken = 0;
        while taken < out.len() && open > 0 {
            // The frontier's best (the first of equal values, so that the order is fixed).
            let mut best = 0;
            for i in 1..open {
                if frontier[i].0 > frontier[best].0 {
                    best = i;
                }
            }
            let (_, v) = frontier[best];
            open -= 1;
            frontier[best] = frontier[open];
            out[taken] = v;
            taken += 1;
            for &w in self.neighbors(v) {
                let f = value(w);
                if !in_slab(f) || !seen.insert(w)? {
                    continue;
                }
                if open == FRONTIER {
                    return None;
                }
                frontier[open] = (f, w);
                open += 1;
            }
        }
        Some(taken)
    }
}

/// A fixed-size open-addressing set of vertex indices (linear probing).
struct SeenSet {
    slots: [u32; SEEN],
    len: usize,
}

impl SeenSet {
    fn new() -> Self {
        Self {
            slots: [u32::MAX; SEEN],
            len: 0,
        }
    }

    /// Inserts `v`: `Some(true)` when it was new, `Some(false)` when already there, `None`
    /// when the set is half full (probes would grow long; the caller gives up).
    fn insert(&mut self, v: u32) -> Option<bool> {
        if 2 * self.len >= SEEN {
            return None;
        }
        // Fibonacci hashing: the top bits of the product spread consecutive indices.
        let mut i = (v.wrapping_mul(0x9E37_79B9) >> (32 - SEEN.trailing_zeros())) as usize;
        loop {
            match self.slots[i] {
                s if s == v => return Some(false),
                u32::MAX => {
                    self.slots[i] = v;
                    self.len += 1;
                    return Some(true);
                }
                _ => i = (i + 1) % SEEN,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The walk's values agree with a sort of every vertex on random hulls, directions,
    /// slab depths and counts (from the support vertex alone to more than the slab holds).
    #[test]
    fn deepest_match_a_sort_on_random_hulls() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut buf = [0u32; 40];
        for _ in 0..300 {
            let n = rng.random_range(4..2000);
            let pts: Vec<Vec3> = (0..n)
                .map(|_| {
                    Vec3::new(
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-0.3..0.3),
                    )
                })
                .collect();
            let m = ConvexMesh::from_points(&pts).unwrap();
            let dir = Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            );
            let value = |i: u32| dir.dot(&m.vertices()[i as usize]);
            let start = m.support_vertex_brute_force(&dir);
            let level = value(start) - rng.random_range(0.0..1.0f64).powi(3) * 2.0 * dir.norm();
            let mut want: Vec<f64> = (0..m.vertices().len() as u32)
                .map(value)
                .filter(|&f| f >= level)
                .collect();
            want.sort_by(|a, b| b.total_cmp(a));
            let k = rng.random_range(1..=buf.len());
            want.truncate(k);
            let got = m.deepest_vertices(&dir, level, start, &mut buf[..k]).unwrap();
            let got: Vec<f64> = buf[..got].iter().map(|&i| value(i)).collect();
            assert_eq!(got, want, "{n} points, level {level}, k {k}");
        }
    }

    /// On a flat face the walk takes vertices of the face, deepest first, and a level
    /// above the support vertex gives nothing.
    #[test]
    fn flat_face_and_empty_slab() {
        let mut pts = Vec::new();
        for i in 0..40 {
            let a = i as f64 * std::f64::consts::TAU / 40.0;
            pts.push(Vec3::new(a.cos(), a.sin(), 0.0));
            pts.push(Vec3::new(a.cos(), a.sin(), 1.0));
        }
        let m = ConvexMesh::from_points(&pts).unwrap();
        let down = -Vec3::z();
        let start = m.support_vertex(&down);
        let mut buf = [0u32; 16];
        assert_eq!(m.deepest_vertices(&down, -1e-12, start, &mut buf), Some(16));
        assert!(buf.iter().all(|&i| m.vertices()[i as usize].z == 0.0));
        let mut all = [0u32; 64];
        assert_eq!(m.deepest_vertices(&down, -1e-12, start, &mut all), Some(40));
        assert_eq!(m.deepest_vertices(&down, 0.5, start, &mut buf), Some(0));
    }
}
