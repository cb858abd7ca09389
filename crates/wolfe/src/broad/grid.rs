//! Uniform grid broad phase, rebuilt every step by sorting (cell, box) entries.

use super::overlaps;
use crate::math::{Aabb, Vec3};

/// The cell size is this multiple of the mean largest extent of the boxes: each box
/// then covers 1 or 2 cells per axis.
pub const GRID_CELL_SCALE: f64 = 2.0;

/// A box covering more cells than this (a floor, a wall) is not put in the grid but
/// tested against every box, as is a box with an infinite coordinate or `min > max`.
pub const GRID_MAX_CELLS_PER_BOX: u64 = 64;

/// Bits per axis of a cell key; cell coordinates wrap modulo `2^21`. Wrapping only adds
/// candidates: two cells of one box are fewer than [`GRID_MAX_CELLS_PER_BOX`] apart on
/// each axis, far below `2^21`, so no pair is reported twice.
const KEY_BITS: u32 = 21;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// Where a box goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// A NaN coordinate: overlaps nothing.
    Skipped,
    /// In the grid cells.
    Grid,
    /// Tested against every box.
    Oversized,
}

/// A uniform grid rebuilt from scratch at every update: each box is listed in every cell
/// it touches, the `(cell key, box)` entries are sorted, and the boxes sharing a cell are
/// tested pairwise. No state depends on the previous step's positions, so its cost does
/// not grow with motion: `O(m log m)` for `m` entries (a few per box), plus the pairs
/// within cells.
///
/// Each overlapping pair is reported once, by the cell holding the minimum corner of the
/// two boxes' intersection (a point of both boxes, so a cell both are listed in).
///
/// Same contract as [`super::SweepAndPrune::update`]: every overlapping `(i, j)`,
/// `i < j`, sorted; boxes with a NaN coordinate are in no pair; allocation-free once warm.
#[derive(Clone, Debug, Default)]
pub struct UniformGrid {
    entries: Vec<(u64, u32)>,
    slots: Vec<Slot>,
    oversized: Vec<u32>,
    offsets: Vec<usize>,
    scratch: Vec<(usize, usize)>,
}

impl UniformGrid {
    /// Empty state.
    pub fn new() -> Self {
        Self::default()
    }

    /// Clears `pairs`, then writes every `(i, j)`, `i < j`, whose boxes overlap (closed
    /// intervals: touching boxes count), sorted ascending. Allocation-free once warm.
    /// Boxes are identified by their index in `aabbs` (at most `u32::MAX` of them).
    pub fn update(&mut self, aabbs: &[Aabb], pairs: &mut Vec<(usize, usize)>) {
        pairs.clear();
        self.entries.clear();
        self.slots.clear();
        self.oversized.clear();
        let regular =
            |b: &Aabb| (0..3).all(|k| b.min[k].is_finite() && b.max[k].is_finite() && b.min[k] <= b.max[k]);
        // Cell size and origin from the regular boxes.
        let (mut extent_sum, mut count, mut origin) = (0.0, 0usize, Vec3::repeat(f64::INFINITY));
        for b in aabbs.iter().filter(|b| regular(b)) {
            extent_sum += (b.max - b.min).max();
            count += 1;
            origin = origin.inf(&b.min);
        }
        let mean = if count > 0 { extent_sum / count as f64 } else { 0.0 };
        let cell = if mean > 0.0 && mean.is_finite() {
            GRID_CELL_SCALE * mean
        } else {
            1.0
        };
        let inv = 1.0 / cell;
        let coord = |x: f64, k: usize| ((x - origin[k]) * inv).floor() as i64;
        let key = |c: [i64; 3]| {
            ((c[0] as u64) & KEY_MASK)
                | (((c[1] as u64) & KEY_MASK) << KEY_BITS)
                | (((c[2] as u64) & KEY_MASK) << (2 * KEY_BITS))
        };
        for (i, b) in aabbs.iter().enumerate() {
            let slot = if (0..3).any(|k| b.min[k].is_nan() || b.max[k].is_nan()) {
                Slot::Skipped
            } else if !regular(b) {
                Slot::Oversized
            } else {
                let lo: [i64; 3] = std::array::from_fn(|k| coord(b.min[k], k));
                let hi: [i64; 3] = std::array::from_fn(|k| coord(b.max[k], k));
                let cells = (0..3).fold(1u64, |p, k| {
                    p.saturating_mul(hi[k].saturating_sub(lo[k]).saturating_add(1) as u64)
                });
                if cells > GRID_MAX_CELLS_PER_BOX {
                    Slot::Oversized
                } else {
                    for x in lo[0]..=hi[0] {
                        for y in lo[1]..=hi[1] {
                            for z in lo[2]..=hi[2] {
                                self.entries.push((key([x, y, z]), i as u32));
                            }
                        }
                    }
                    Slot::Grid
                }
            };
            if slot == Slot::Oversized {
                self.oversized.push(i as u32);
            }
            self.slots.push(slot);
        }
        self.entries.sort_unstable();
        let mut start = 0;
        while start < self.entries.len() {
            let cell_key = self.entries[start].0;
            let mut end = start + 1;
            while end < self.entries.len() && self.entries[end].0 == cell_key {
                end += 1;
            }
            let run = &self.entries[start..end];
            for (p, &(_, i)) in run.iter().enumerate() {
                let a = &aabbs[i as usize];
                for &(_, j) in &run[p + 1..] {
                    let b = &aabbs[j as usize];
                    if overlaps(a, b) {
                        let corner = a.min.sup(&b.min);
                        if key(std::array::from_fn(|k| coord(corner[k], k))) == cell_key {
                            pairs.push((i as usize, j as usize));
                        }
                    }
                }
            }
            start = end;
        }
        for &o in &self.oversized {
            let a = &aabbs[o as usize];
            for (j, b) in aabbs.iter().enumerate() {
                let skip = match self.slots[j] {
                    Slot::Skipped => true,
                    Slot::Oversized => j <= o as usize,
                    Slot::Grid => false,
                };
                if !skip && overlaps(a, b) {
                    pairs.push((o as usize, j));
                }
            }
        }
        for p in pairs.iter_mut() {
            if p.0 > p.1 {
                *p = (p.1, p.0);
            }
        }
        super::sort_pairs(pairs, aabbs.len(), &mut self.offsets, &mut self.scratch);
    }
}
