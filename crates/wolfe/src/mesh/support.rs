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
/// equal value wins; for a NaN direction, vertex 0).
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

/// Steepest ascent from `start` (which must be a valid index): at each vertex, move to
/// the neighbour of largest value if it strictly beats the current one.
#[inline]
pub(crate) fn hill_climb_steepest(vertices: &[Vec3], adj: &Adjacency, dir: &Vec3, start: u32) -> u32 {
    let mut cur = start as usize;
    let mut best_value = vertices.get(cur).map_or(f64::NEG_INFINITY, |v| dir.dot(v));
    loop {
        let mut next = cur;
        for &nb in adj.neighbors(cur) {
            let nb = nb as usize;
            if let Some(v) = vertices.get(nb) {
                let s = dir.dot(v);
                if s > best_value {
                    best_value = s;
                    next = nb;
                }
            }
        }
        if next == cur {
            return cur as u32;
        }
        cur = next;
    }
}

/// First-improvement ascent from `start`: move to the first neighbour that strictly
/// beats the current vertex.
#[inline]
pub(crate) fn hill_climb_first(vertices: &[Vec3], adj: &Adjacency, dir: &Vec3, start: u32) -> u32 {
    let mut cur = start as usize;
    let mut best_value = vertices.get(cur).map_or(f64::NEG_INFINITY, |v| dir.dot(v));
    'outer: loop {
        for &nb in adj.neighbors(cur) {
            let nb = nb as usize;
            if let Some(v) = vertices.get(nb) {
                let s = dir.dot(v);
                if s > best_value {
                    best_value = s;
                    cur = nb;
                    continue 'outer;
                }
            }
        }
        return cur as u32;
    }
}
