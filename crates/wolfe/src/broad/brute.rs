//! The `O(n^2)` reference broad phase.

use crate::math::Aabb;

/// Clears `pairs`, then writes every `(i, j)`, `i < j`, whose boxes overlap
/// ([`Aabb::intersects`]: closed intervals, touching boxes count), sorted ascending.
///
/// Tests all `n (n - 1) / 2` pairs: the reference for [`super::SweepAndPrune`], and the
/// fastest method for a few boxes. Allocates only to grow `pairs`.
pub fn brute_force_pairs(aabbs: &[Aabb], pairs: &mut Vec<(usize, usize)>) {
    pairs.clear();
    for (i, a) in aabbs.iter().enumerate() {
        for (j, b) in aabbs.iter().enumerate().skip(i + 1) {
            if a.intersects(b) {
                pairs.push((i, j));
            }
        }
    }
}
