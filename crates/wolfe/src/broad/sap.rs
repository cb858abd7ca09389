//! Incremental sweep and prune over one axis.

use crate::math::Aabb;

/// The sweep axis changes only when another axis's spread of box centres (variance)
/// exceeds the current one's by this factor. Changing the axis costs a full sort, and
/// piles whose spread is about the same on two axes would otherwise flip at every step.
pub const AXIS_SWITCH_RATIO: f64 = 1.25;

/// One box in the sweep order: its index, its box, and its sort key (the box's minimum
/// on the sweep axis, `+inf` when that is NaN so that the keys are totally ordered).
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: f64,
    index: usize,
    aabb: Aabb,
}

/// Sweep and prune (sort and sweep) along the axis of largest spread, with the sorted
/// order kept between calls: caller-owned state, reused across steps. The method of
/// Baraff's thesis (1992) and I-COLLIDE (Cohen et al., 1995), which exploit temporal
/// coherence by insertion sort; here with a single axis and an exact three-axis test
/// per candidate instead of per-axis overlap counters.
///
/// Each [`SweepAndPrune::update`]:
/// 1. picks the sweep axis: the largest variance of the box centres (boxes with a
///    non-finite centre left out), kept unless another axis beats it by
///    [`AXIS_SWITCH_RATIO`];
/// 2. refreshes the stored boxes in the previous sorted order and re-sorts them by
///    their minimum on the axis with insertion sort, `O(n + swaps)`: after a small
///    motion few boxes change places. When the number of boxes or the axis changed (or
///    after [`SweepAndPrune::invalidate`]) it sorts from scratch, `O(n log n)`;
/// 3. sweeps: for each box in order, the following boxes are candidates until one starts
///    beyond its maximum on the axis; candidates are tested on all three axes.
///
/// The sweep is exact: if boxes `a` before `b` in the order overlap, then
/// `b.min <= a.max` on the axis, and every box between them starts no later than `b`,
/// so the scan from `a` reaches `b`. Its cost is `O(n + k)` for `k` pairs whose
/// intervals overlap on the sweep axis.
///
/// NaN boxes: a box with a NaN coordinate is sorted last (key `+inf`) or skips its own
/// scan, and fails every overlap test, so it is in no pair, as in
/// [`super::brute_force_pairs`]; nothing panics and every loop is bounded by `n`.
///
/// Allocation: the state and `pairs` grow to their largest size and then stay; a warm
/// update with no more boxes and no more pairs than before allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct SweepAndPrune {
    entries: Vec<Entry>,
    /// The sweep axis, `None` before the first update and after `invalidate`.
    axis: Option<usize>,
    /// Swaps made by the last insertion sort (0 after a full sort).
    last_swaps: usize,
    /// Whether the last update sorted from scratch.
    last_rebuilt: bool,
    /// Candidate pairs the last sweep tested.
    last_candidates: usize,
    /// Buffers of the final sort of the pairs.
    offsets: Vec<usize>,
    scratch: Vec<(usize, usize)>,
}

impl SweepAndPrune {
    /// Empty state; the first update sorts from scratch.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets the sorted order, so that the next update sorts from scratch (as after a
    /// teleport of every body, when insertion sort would be quadratic).
    pub fn invalidate(&mut self) {
        self.axis = None;
    }

    /// The current sweep axis (0, 1, 2 for x, y, z); `None` before the first update.
    pub fn axis(&self) -> Option<usize> {
        self.axis
    }

    /// Swaps made by the last update's insertion sort (0 when it sorted from scratch).
    pub fn last_swaps(&self) -> usize {
        self.last_swaps
    }

    /// Candidate pairs the last sweep tested on all three axes (the pairs whose
    /// intervals overlap on the sweep axis): the sweep's cost, against the
    /// `n (n - 1) / 2` of brute force.
    pub fn last_candidates(&self) -> usize {
        self.last_candidates
    }

    /// Whether the last update sorted from scratch (first call, new box count, new axis,
    /// or after [`SweepAndPrune::invalidate`]).
    pub fn last_rebuilt(&self) -> bool {
        self.last_rebuilt
    }

    /// Clears `pairs`, then writes every `(i, j)`, `i < j`, whose boxes overlap (closed
    /// intervals: touching boxes count), sorted ascending. Allocation-free once warm.
    ///
    /// The number of boxes may change between calls (bodies added or removed): the
    /// order is then rebuilt. Boxes are identified by their index in `aabbs`.
    pub fn update(&mut self, aabbs: &[Aabb], pairs: &mut Vec<(usize, usize)>) {
        pairs.clear();
        let axis = self.pick_axis(aabbs);
        let key = |b: &Aabb| {
            let m = b.min[axis];
            if m.is_nan() {
                f64::INFINITY
            } else {
                m
            }
        };
        if self.axis != Some(axis) || self.entries.len() != aabbs.len() {
            self.entries.clear();
            self.entries
                .extend(aabbs.iter().enumerate().map(|(index, aabb)| Entry {
                    key: key(aabb),
                    index,
                    aabb: *aabb,
                }));
            // Keys are never NaN, so `total_cmp` agrees with `<` up to the sign of zero.
            self.entries.sort_unstable_by(|a, b| a.key.total_cmp(&b.key));
            self.axis = Some(axis);
            self.last_swaps = 0;
            self.last_rebuilt = true;
        } else {
            for e in self.entries.iter_mut() {
                e.aabb = aabbs[e.index];
                e.key = key(&e.aabb);
            }
            self.last_swaps = insertion_sort(&mut self.entries);
            self.last_rebuilt = false;
        }
        self.last_candidates = sweep(&self.entries, axis, pairs);
        super::sort_pairs(pairs, aabbs.len(), &mut self.offsets, &mut self.scratch);
    }

    /// The axis of largest centre variance, with hysteresis towards the current axis.
    fn pick_axis(&self, aabbs: &[Aabb]) -> usize {
        let var = centre_variance(aabbs);
        let best = (0..3).fold(0, |b, k| if var[k] > var[b] { k } else { b });
        match self.axis {
            Some(cur) if var[best] <= AXIS_SWITCH_RATIO * var[cur] => cur,
            _ => best,
        }
    }
}

/// Per-axis variance of the finite box centres (0 when there are none). Shifted by the
/// first finite centre so that far-from-origin scenes do not lose digits.
fn centre_variance(aabbs: &[Aabb]) -> [f64; 3] {
    let mut shift = None;
    let (mut count, mut sum, mut sum_sq) = (0usize, [0.0; 3], [0.0; 3]);
    for b in aabbs {
        let c = b.center();
        if !(c.x.is_finite() && c.y.is_finite() && c.z.is_finite()) {
            continue;
        }
        let s = *shift.get_or_insert(c);
        let d = c - s;
        count += 1;
        for k in 0..3 {
            sum[k] += d[k];
            sum_sq[k] += d[k] * d[k];
        }
    }
    if count == 0 {
        return [0.0; 3];
    }
    let n = count as f64;
    // A sum of finite terms may still overflow to inf, and inf - inf is NaN: a NaN
    // variance counts as 0, so that the comparisons in `pick_axis` stay total.
    std::array::from_fn(|k| {
        let v = sum_sq[k] / n - (sum[k] / n) * (sum[k] / n);
        if v.is_nan() {
            0.0
        } else {
            v
        }
    })
}

/// Stable insertion sort by key; returns the number of swaps (the number of inversions
/// the motion created).
fn insertion_sort(entries: &mut [Entry]) -> usize {
    let mut swaps = 0;
    for k in 1..entries.len() {
        let mut m = k;
        while m > 0 && entries[m - 1].key > entries[m].key {
            entries.swap(m - 1, m);
            m -= 1;
            swaps += 1;
        }
    }
    swaps
}

/// Appends the overlapping pairs of `entries` (sorted by key on `axis`), unsorted;
/// returns the number of candidates tested.
fn sweep(entries: &[Entry], axis: usize, pairs: &mut Vec<(usize, usize)>) -> usize {
    let mut candidates = 0;
    for (k, a) in entries.iter().enumerate() {
        let hi = a.aabb.max[axis];
        if hi.is_nan() {
            // A NaN box overlaps nothing.
            continue;
        }
        for b in &entries[k + 1..] {
            if b.key > hi {
                break;
            }
            candidates += 1;
            if super::overlaps(&a.aabb, &b.aabb) {
                let (i, j) = (a.index, b.index);
                pairs.push((i.min(j), i.max(j)));
            }
        }
    }
    candidates
}
