//! Broad phase: from the world-frame boxes of `n` bodies to the candidate pairs whose
//! boxes overlap, without testing all `n (n - 1) / 2` pairs.
//!
//! - [`brute_force_pairs`]: every pair tested, `O(n^2)`; the reference the others are
//!   tested against, and the fastest method for a handful of boxes.
//! - [`SweepAndPrune`]: the boxes kept sorted along one axis between calls and re-sorted
//!   by insertion sort, which costs `O(n + swaps)` after a small motion; a sweep then
//!   tests only the pairs whose intervals overlap on that axis.
//! - [`UniformGrid`]: boxes listed in the cells of a uniform grid (cell twice the mean
//!   box size), rebuilt every step by a sort; tests only boxes sharing a cell.
//!
//! Each writes the same answer: every `(i, j)` with `i < j` and
//! `aabbs[i].intersects(&aabbs[j])` (closed intervals: touching boxes count), sorted
//! ascending. A box with a NaN coordinate overlaps nothing (every comparison with NaN is
//! false in [`Aabb::intersects`]), so it never appears in a pair; infinite coordinates
//! and inverted boxes (`min > max`) are compared exactly as `intersects` compares them.
//!
//! All three write the same answer (the tests check it on every kind of box set).
//!
//! ## Which to use (measured)
//!
//! `cargo bench -p wolfe --bench broad`: per-step time after a 1 mm motion of every box,
//! 10 cm cubes; `clutter` = four piles as in the SAP paper's clutter scene (about 5
//! overlapping pairs per box), `uniform` = scattered at ~15% volume fraction. Criterion's
//! point estimates on the shared 2-core development machine under heavy load (absolute times are
//! inflated, ratios hold within a run):
//!
//! | scene, n     | pairs | sweep candidates | SAP     | SAP, full sort | grid    | brute   |
//! |--------------|-------|------------------|---------|----------------|---------|---------|
//! | clutter 8    | 4     | 12 of 28         | 0.23 us | 0.34 us        | 0.60 us | 0.10 us |
//! | clutter 40   | 35    | 201 of 780       | 1.4 us  | 2.8 us         | 6.9 us  | 2.0 us  |
//! | clutter 160  | 794   | 3457 of 12720    | 43 us   | 48 us          | 77 us   | 43 us   |
//! | clutter 1000 | 8761  | 128k of 500k     | 1.59 ms | 1.60 ms        | 1.54 ms | 1.55 ms |
//! | clutter 5000 | 51404 | 1.46M of 12.5M   | 12.1 ms | 12.1 ms        | 8.7 ms  | 33.1 ms |
//! | uniform 8    | 4     | 14 of 28         | 0.34 us | 0.43 us        | 2.4 us  | 0.14 us |
//! | uniform 40   | 17    | 227 of 780       | 2.0 us  | 2.9 us         | 13.7 us | 2.7 us  |
//! | uniform 160  | 91    | 2370 of 12720    | 15 us   | 20 us          | 47 us   | 39 us   |
//! | uniform 1000 | 672   | 54k of 500k      | 0.35 ms | 0.40 ms        | 0.33 ms | 2.45 ms |
//! | uniform 5000 | 3265  | 0.80M of 12.5M   | 4.3 ms  | 4.5 ms         | 2.4 ms  | 84 ms   |
//!
//! - Brute force wins at 8 boxes (2.4x). The crossover with sweep and prune lies
//!   between 8 and 40 in both scenes (SAP 1.4x faster at 40).
//! - In dense piles one axis prunes poorly (at 160 clutter boxes the sweep still tests
//!   27% of the pairs, and a candidate costs more than a brute-force test, whose first
//!   comparison is well predicted): SAP and brute force tie from 160 to 1000, and SAP
//!   wins 2.7x at 5000.
//! - For scattered bodies SAP wins 2.5x at 160, 7x at 1000, 20x at 5000. The
//!   incremental insertion sort pays where the sweep itself is cheap (1.3-1.9x over a
//!   full sort at 40-160 boxes), little in piles, where the sweep dominates.
//! - The grid ties SAP at 1000 and wins at 5000 (1.4x in piles, 1.75x scattered); its
//!   per-step sort of a few entries per box makes it the slowest below a few hundred.
//!
//! So: [`SweepAndPrune`] for a simulation (from 40 boxes on never more than 3% slower
//! than brute force, and it scales), [`UniformGrid`] for thousands of bodies.

mod brute;
mod grid;
mod sap;

use crate::math::Aabb;

/// [`Aabb::intersects`] without short-circuits: the six comparisons are combined with
/// `&`, so that the sweep's candidate tests, whose outcomes are hard to predict, cost no
/// branch mispredictions. The same answer as `intersects` for every input (NaN
/// comparisons are false in both).
#[inline]
pub(crate) fn overlaps(a: &Aabb, b: &Aabb) -> bool {
    (a.min.x <= b.max.x)
        & (b.min.x <= a.max.x)
        & (a.min.y <= b.max.y)
        & (b.min.y <= a.max.y)
        & (a.min.z <= b.max.z)
        & (b.min.z <= a.max.z)
}

pub use brute::brute_force_pairs;
pub use grid::{UniformGrid, GRID_CELL_SCALE, GRID_MAX_CELLS_PER_BOX};
pub use sap::{SweepAndPrune, AXIS_SWITCH_RATIO};

/// Sorts `pairs` (each `(i, j)` with `i < n`) ascending in `O(n + p)` for `p` pairs plus
/// the sorts of each `i`'s few partners: a counting sort on `i` into `scratch`, then
/// each bucket sorted on `j`. Faster than a comparison sort of all pairs once there
/// are thousands of them; `offsets` and `scratch` are caller-owned buffers, so it
/// allocates nothing once they have grown.
pub(crate) fn sort_pairs(
    pairs: &mut Vec<(usize, usize)>, n: usize, offsets: &mut Vec<usize>, scratch: &mut Vec<(usize, usize)>,
) {
    offsets.clear();
    offsets.resize(n + 1, 0);
    for &(i, _) in pairs.iter() {
        offsets[i + 1] += 1;
    }
    for k in 0..n {
        offsets[k + 1] += offsets[k];
    }
    scratch.clear();
    scratch.resize(pairs.len(), (0, 0));
    for &p in pairs.iter() {
        scratch[offsets[p.0]] = p;
        offsets[p.0] += 1;
    }
    // Now `offsets[k]` is the end of bucket `k`, and bucket `k` starts where `k - 1` ends.
    // Buckets hold the few partners of one box: an insertion sort beats the setup of
    // a general sort there (measured: the general sort took a quarter of a sweep step).
    let mut start = 0;
    for &end in &offsets[..n] {
        let bucket = &mut scratch[start..end];
        if bucket.len() > 32 {
            bucket.sort_unstable();
        } else {
            for m in 1..bucket.len() {
                let mut q = m;
                while q > 0 && bucket[q - 1].1 > bucket[q].1 {
                    bucket.swap(q - 1, q);
                    q -= 1;
                }
            }
        }
        start = end;
    }
    pairs.clear();
    pairs.extend_from_slice(scratch);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::{Aabb, Vec3};

    fn cube(x: f64, y: f64, z: f64, h: f64) -> Aabb {
        Aabb::new(Vec3::new(x - h, y - h, z - h), Vec3::new(x + h, y + h, z + h))
    }

    #[test]
    fn touching_boxes_count_and_pairs_are_sorted() {
        let boxes = [
            cube(0.0, 0.0, 0.0, 0.5),
            cube(1.0, 0.0, 0.0, 0.5), // touches box 0 on the face x = 0.5
            cube(3.0, 0.0, 0.0, 0.5),
            cube(1.0, 1.0, 1.0, 0.5), // touches box 1 on an edge, box 0 on a corner
        ];
        let mut brute = Vec::new();
        brute_force_pairs(&boxes, &mut brute);
        assert_eq!(brute, vec![(0, 1), (0, 3), (1, 3)]);
        let mut sap = SweepAndPrune::new();
        let mut pairs = vec![(7, 7)];
        sap.update(&boxes, &mut pairs);
        assert_eq!(pairs, brute);
    }

    #[test]
    fn nan_boxes_pair_with_nothing_and_the_rest_is_unchanged() {
        let mut boxes = vec![
            cube(0.0, 0.0, 0.0, 0.5),
            cube(0.5, 0.0, 0.0, 0.5),
            cube(0.2, 0.1, 0.0, 0.5),
        ];
        let mut sap = SweepAndPrune::new();
        let mut pairs = Vec::new();
        sap.update(&boxes, &mut pairs);
        assert_eq!(pairs, vec![(0, 1), (0, 2), (1, 2)]);
        for k in 0..6 {
            let mut b = boxes.clone();
            if k < 3 {
                b[1].min[k] = f64::NAN;
            } else {
                b[1].max[k - 3] = f64::NAN;
            }
            sap.update(&b, &mut pairs);
            assert_eq!(pairs, vec![(0, 2)], "NaN in coordinate {k}");
            let mut brute = Vec::new();
            brute_force_pairs(&b, &mut brute);
            assert_eq!(brute, pairs);
        }
        boxes[0] = Aabb::new(Vec3::repeat(f64::NAN), Vec3::repeat(f64::NAN));
        boxes[2] = boxes[0];
        sap.update(&boxes, &mut pairs);
        assert!(pairs.is_empty());
    }

    #[test]
    fn sort_pairs_matches_a_comparison_sort() {
        let mut pairs: Vec<(usize, usize)> = (0..500)
            .map(|k| ((k * 7919) % 37, (k * 104729) % 101 + 40))
            .collect();
        let mut want = pairs.clone();
        want.sort_unstable();
        let (mut offsets, mut scratch) = (Vec::new(), Vec::new());
        sort_pairs(&mut pairs, 37, &mut offsets, &mut scratch);
        assert_eq!(pairs, want);
        let mut empty = Vec::new();
        sort_pairs(&mut empty, 0, &mut offsets, &mut scratch);
        assert!(empty.is_empty());
    }

    #[test]
    fn empty_and_single_inputs() {
        let mut sap = SweepAndPrune::default();
        let mut pairs = vec![(0, 1)];
        sap.update(&[], &mut pairs);
        assert!(pairs.is_empty());
        sap.update(&[cube(0.0, 0.0, 0.0, 1.0)], &mut pairs);
        assert!(pairs.is_empty());
        brute_force_pairs(&[], &mut pairs);
        assert!(pairs.is_empty());
    }
}
