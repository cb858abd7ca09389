//! Support vertex of a convex polytope: brute force, or hill-climbing over the vertex
//! adjacency warm-started from the previous support vertex (GJK++, Montaut et al.,
//! Sec. II, "Computing support vector on meshes").
//!
//! Why hill-climbing is exact: on a convex polytope a vertex that is not a maximizer of
//! `<d, x>` has an incident edge along which `<d, x>` strictly increases (the edges at a
//! vertex generate its tangent cone, the simplex method's argument). The hull's
//! triangulation contains every polytope edge, so a vertex that no neighbour strictly
//! beats is a global maximizer. Only strict improvements are taken: the value increases
//! at every step, so the walk visits each vertex at most once and ends, even on plateaus
//! (ties are never followed) and even when rounding of the dot products makes a
//! neighbour look equal or better than it is.
//!
//! The residual inexactness is float rounding of `<d, x>` (a few ulps of
//! `|d| * |x|`): a climb may stop at a vertex whose true value is below the maximum by
//! the rounding error times how flat the vertex is. The YCB oracle test bounds this.

use super::adjacency::Adjacency;
use crate::math::Vec3;

/// Index of a vertex maximizing `<dir, x>` by checking every vertex (the first one of
/// equal value wins; for a NaN direction, vertex 0), over a plain vertex slice: the seed
/// table's first cell and the reference of the tests. A hull's queries scan its paired
/// copy instead (`scan.rs`, the same answer).
#[inline]
pub(crate) fn brute_force(vertices: &[Vec3], dir: &Vec3) -> u32 {
    let mut best = 0usize;
    let mut best_value = f64::NEG_INFINITY;
    for (i, v) in vertices.iter().enumerate() {
        let s = dir.dot(v);
        if s > best_value {
            best_value = s;
            best = i;
        }
    }
    best as u32
}

/// The hill-climbing graph of a polytope: one entry per directed edge `v -> w` of the
/// adjacency, in the adjacency's (CSR) order, holding `w`'s coordinates and index, and
/// per vertex the range of its entries.
///
/// Why not walk the adjacency (`indices[offsets[v]..offsets[v + 1]]` into the vertex
/// array): a neighbour test then loads an index, bounds-checks it and gathers the vertex
/// from elsewhere in memory. Here a test reads the next 32-byte entry: 11 instructions
/// instead of 16 on x86-64, and the growth loop runs ~9 tests per climb, two climbs per
/// iteration (steps are rarer: ~0.8 per climb). Memory: 32 bytes a directed edge, ~190
/// bytes a vertex (an 8085-vertex YCB hull takes 1.5 MB); a scan touches the 3 cache
/// lines of one list instead of one index line and ~6 scattered vertex lines.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClimbGraph {
    edges: Vec<Edge>,
    /// Per vertex, its coordinates and the range of its entries in `edges`.
    home: Vec<Home>,
}

/// See [`ClimbGraph`].
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// The coordinates of the edge's head `w` ...
    point: Vec3,
    /// ... and its index.
    vertex: u32,
}

/// See [`ClimbGraph`].
#[derive(Clone, Copy, Debug)]
struct Home {
    point: Vec3,
    /// The vertex's entries: `edges[start..end]`.
    start: u32,
    end: u32,
}

impl ClimbGraph {
    /// The graph of `adj` over `vertices`. An index out of range (a hull has none) gets
    /// a NaN point, which never compares as an improvement: the walk skips it, as it
    /// skipped such an index of the adjacency.
    pub(crate) fn new(vertices: &[Vec3], adj: &Adjacency) -> Self {
        let edges = adj
            .indices()
            .iter()
            .map(|&vertex| Edge {
                point: vertices
                    .get(vertex as usize)
                    .copied()
                    .unwrap_or(Vec3::repeat(f64::NAN)),
                vertex,
            })
            .collect();
        let home = vertices
            .iter()
            .enumerate()
            .map(|(v, &point)| {
                let (start, end) = adj.range(v);
                Home { point, start, end }
            })
            .collect();
        Self { edges, home }
    }

    /// The entries of the vertex whose [`Home`] this is.
    #[inline]
    fn list(&self, home: &Home) -> &[Edge] {
        self.edges
            .get(home.start as usize..home.end as usize)
            .unwrap_or(&[])
    }
}

/// Hill-climbing from `start` (which should be a valid index; an invalid one is
/// returned unchanged): move to the first neighbour that strictly beats the current
/// vertex, until none does.
///
/// First-improvement rather than steepest ascent, because it measured faster at the
/// sizes of real hulls (`cargo bench -p wolfe --bench support`, GJK-like sequences on
/// sphere hulls, 2-core shared Linux box, ns per query, best of 3 runs):
///
/// | vertices | 16  | 64  | 128  | 256  | 1024 | 4096 |
/// |----------|-----|-----|------|------|------|------|
/// | steepest | 8.2 | 10.0| 10.9 | 12.6 | 17.8 | 30.4 |
/// | first    | 7.2 | 8.8 | 9.7  | 11.2 | 17.0 | 33.8 |
///
/// Steepest ascent takes fewer steps but scans every neighbour of every visited vertex;
/// with warm starts the walk is a few steps long and the early exit wins below a few
/// thousand vertices (the YCB hulls have 190 to 8085, median 710).
#[inline]
pub(crate) fn hill_climb(graph: &ClimbGraph, dir: &Vec3, start: u32) -> u32 {
    let Some(home) = graph.home.get(start as usize) else {
        return start;
    };
    let mut best_value = dir.dot(&home.point);
    let mut cur = start;
    let mut list = graph.list(home);
    'outer: loop {
        for edge in list {
            let s = dir.dot(&edge.point);
            if s > best_value {
                best_value = s;
                cur = edge.vertex;
                list = graph.home.get(cur as usize).map_or(&[], |h| graph.list(h));
                continue 'outer;
            }
        }
        return cur;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::SIGNED_AXES;

    /// An octahedron: vertices `+-e_k`, each adjacent to the four it is not opposite to.
    fn octahedron() -> (Vec<Vec3>, Adjacency) {
        let v = SIGNED_AXES.to_vec();
        let faces = [
            [0, 2, 4],
            [2, 1, 4],
            [1, 3, 4],
            [3, 0, 4],
            [2, 0, 5],
            [1, 2, 5],
            [3, 1, 5],
            [0, 3, 5],
        ];
        (v, Adjacency::from_faces(6, &faces))
    }

    #[test]
    fn climbs_reach_the_brute_force_maximum_from_every_start() {
        let (v, adj) = octahedron();
        let g = ClimbGraph::new(&v, &adj);
        for d in [Vec3::new(0.3, -2.0, 0.1), Vec3::new(-1.0, 0.5, 0.9), -Vec3::z()] {
            let best = d.dot(&v[brute_force(&v, &d) as usize]);
            for start in 0..6 {
                let i = hill_climb(&g, &d, start) as usize;
                assert_eq!(d.dot(&v[i]), best, "start {start}, dir {d:?}");
            }
        }
    }

    #[test]
    fn ties_and_nan_stop_without_moving() {
        let (v, adj) = octahedron();
        let g = ClimbGraph::new(&v, &adj);
        // d = x + y: vertices 0 and 2 tie; starting at either, the climb stays there.
        let d = Vec3::new(1.0, 1.0, 0.0);
        assert_eq!(hill_climb(&g, &d, 0), 0);
        assert_eq!(hill_climb(&g, &d, 2), 2);
        // The zero direction is a plateau everywhere.
        assert_eq!(hill_climb(&g, &Vec3::zeros(), 3), 3);
        // NaN compares false: no move, no loop.
        let nan = Vec3::new(f64::NAN, 1.0, 0.0);
        assert_eq!(hill_climb(&g, &nan, 4), 4);
        assert_eq!(brute_force(&v, &nan), 0);
    }
}
