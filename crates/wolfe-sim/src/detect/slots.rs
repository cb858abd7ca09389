//! Per-pair state kept in place across detections: a slab of states and a sorted
//! `(pair, slot)` index (issue 20 item 3).
//!
//! A pair's state (its [`wolfe::PairCache`] and persistent points) is hundreds of
//! bytes; copying it out of last step's list and into this step's for every
//! broad-phase pair was a visible share of a steady clutter step. Here the states stay
//! where they are and only the index, `(pair, slot)`, is rebuilt each detection:
//! a pair that stays keeps its slot, a pair that leaves the broad phase frees its slot
//! (its state is forgotten, as before), and a pair that enters takes a freed slot (or
//! a new one) reset to the cold state. The slab and the lists grow to the largest
//! number of pairs seen and then stay: a warm detection allocates nothing.

/// A broad-phase pair: two indices, the smaller first.
pub(crate) type PairKey = (usize, usize);

/// The slab of per-pair states `T` and the sorted index mapping each live pair to its
/// slot. Each detection walks its pairs in ascending order between
/// [`PairSlots::begin`] and [`PairSlots::finish`], asking [`PairSlots::slot`] for
/// each, which merges them with last detection's index in one pass.
#[derive(Clone, Debug, Default)]
pub(crate) struct PairSlots<T, K = PairKey> {
    /// The states; a slot is live when some index entry names it, free otherwise.
    states: Vec<T>,
    /// Last detection's live pairs and their slots, sorted by pair.
    index: Vec<(K, usize)>,
    /// This detection's, being built (sorted: pairs arrive ascending).
    next: Vec<(K, usize)>,
    /// Slots of pairs that left, to be reused.
    free: Vec<usize>,
    /// How far into `index` the current detection's walk has come.
    cursor: usize,
}

impl<T: Default, K: Ord + Copy> PairSlots<T, K> {
    /// Starts a detection's walk over its pairs.
    pub(crate) fn begin(&mut self) {
        self.next.clear();
        self.cursor = 0;
    }

    /// The slot of `pair` for this detection: its slot of last detection if it was
    /// live then, else a free (or new) slot reset to `T::default()`. Pairs must come in
    /// strictly ascending order within a walk; last detection's pairs passed over are
    /// freed.
    pub(crate) fn slot(&mut self, pair: K) -> usize {
        debug_assert!(self.next.last().is_none_or(|&(p, _)| p < pair));
        while let Some(&(p, s)) = self.index.get(self.cursor) {
            if p >= pair {
                break;
            }
            self.free.push(s);
            self.cursor += 1;
        }
        let slot = match self.index.get(self.cursor) {
            Some(&(p, s)) if p == pair => {
                self.cursor += 1;
                s
            }
            _ => match self.free.pop() {
                Some(s) => {
                    self.states[s] = T::default();
                    s
                }
                None => {
                    self.states.push(T::default());
                    self.states.len() - 1
                }
            },
        };
        self.next.push((pair, slot));
        slot
    }

    /// Ends the walk: last detection's pairs not seen in it are freed, and this
    /// detection's index becomes the one the next walk merges with. Call it also when
    /// the walk stopped early (an error): the pairs seen so far keep their slots and
    /// every other slot is free, so the slab stays consistent.
    pub(crate) fn finish(&mut self) {
        for &(_, s) in &self.index[self.cursor.min(self.index.len())..] {
            self.free.push(s);
        }
        std::mem::swap(&mut self.index, &mut self.next);
        self.next.clear();
        self.cursor = 0;
    }

    /// The state in `slot`.
    pub(crate) fn state_mut(&mut self, slot: usize) -> &mut T {
        &mut self.states[slot]
    }

    /// Number of slots allocated (live and free): the largest number of pairs live at
    /// once so far.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.states.len()
    }

    /// The live pairs of the last finished walk and their slots, sorted by pair.
    #[cfg(test)]
    pub(crate) fn live(&self) -> &[(K, usize)] {
        &self.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use std::collections::{BTreeMap, BTreeSet};

    /// A state that remembers which pair it was created for and how many detections
    /// it has lived through.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    struct Probe {
        pair: Option<PairKey>,
        age: usize,
    }

    /// Random pair sets entering and leaving over many detections, checked against a
    /// map from pair to state (what the old copy-out, push-back lists kept): a pair that
    /// stays keeps its state, a pair that (re-)enters starts from the default state,
    /// no two live pairs share a slot, and the slab never holds more slots than the
    /// most pairs live across two consecutive detections (a pair that enters may come
    /// before, in the walk's order, one that leaves; slots of pairs that left are
    /// reused, so the slab does not grow with the number of pairs ever seen).
    #[test]
    fn states_persist_while_pairs_stay_and_freed_slots_are_reused() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut slots = PairSlots::<Probe>::default();
        let mut reference: BTreeMap<PairKey, Probe> = BTreeMap::new();
        let (mut most_live, mut most_across, mut ever) = (0, 0, BTreeSet::new());
        let mut set: BTreeSet<PairKey> = BTreeSet::new();
        for step in 0..400 {
            // Each step: some pairs leave, some enter (a burst every 50 steps).
            let leave = if step % 50 == 25 { 0.9 } else { 0.15 };
            set.retain(|_| !rng.random_bool(leave));
            let enter = if step % 50 == 0 {
                40
            } else {
                rng.random_range(0..6)
            };
            for _ in 0..enter {
                let i = rng.random_range(0..12);
                let j = rng.random_range(i + 1..14);
                set.insert((i, j));
            }
            most_live = most_live.max(set.len());
            most_across = most_across.max(set.union(&reference.keys().copied().collect()).count());
            ever.extend(set.iter().copied());
            slots.begin();
            let mut next = BTreeMap::new();
            for &pair in &set {
                let s = slots.slot(pair);
                let state = slots.state_mut(s);
                let expected = reference.get(&pair).copied().unwrap_or_default();
                assert_eq!(*state, expected, "step {step}, pair {pair:?}");
                if state.pair.is_none() {
                    state.pair = Some(pair);
                }
                state.age += 1;
                next.insert(pair, *state);
            }
            slots.finish();
            reference = next;
            let live = slots.live();
            assert!(live.iter().map(|e| e.0).eq(set.iter().copied()));
            let distinct: BTreeSet<usize> = live.iter().map(|e| e.1).collect();
            assert_eq!(distinct.len(), live.len(), "step {step}: a slot shared");
            assert!(slots.capacity() <= most_across, "step {step}");
        }
        assert!(most_live >= 40);
        assert!(slots.capacity() < ever.len() / 2, "{} slots", slots.capacity());
    }

    /// A walk stopped early (an error in a pair's query) still leaves a consistent
    /// slab: the pairs seen keep their states, the others are forgotten, and no slot
    /// is lost or given to two pairs.
    #[test]
    fn a_walk_stopped_early_keeps_the_slab_consistent() {
        let mut slots = PairSlots::<Probe>::default();
        let pairs = [(0, 1), (0, 2), (1, 2), (2, 3)];
        slots.begin();
        for &p in &pairs {
            let s = slots.slot(p);
            slots.state_mut(s).age = 5;
        }
        slots.finish();
        // The next walk stops after its first pair.
        slots.begin();
        let s = slots.slot((0, 2));
        slots.state_mut(s).age += 1;
        slots.finish();
        assert_eq!(slots.live(), &[((0, 2), s)]);
        // All four pairs again: (0, 2) kept its state, the rest start cold in the
        // three freed slots; no new slot is made.
        slots.begin();
        for &p in &pairs {
            let s = slots.slot(p);
            let want = if p == (0, 2) { 6 } else { 0 };
            assert_eq!(slots.state_mut(s).age, want, "{p:?}");
        }
        slots.finish();
        assert_eq!(slots.capacity(), 4);
        let distinct: BTreeSet<usize> = slots.live().iter().map(|e| e.1).collect();
        assert_eq!(distinct.len(), 4);
    }
}
