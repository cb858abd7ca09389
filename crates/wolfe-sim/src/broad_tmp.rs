//! TEMPORARY brute-force stand-in for `wolfe::broad::SweepAndPrune` (being written on
//! another branch); removed at merge.
use wolfe::Aabb;

#[derive(Debug, Default)]
pub(crate) struct SweepAndPrune;

impl SweepAndPrune {
    pub(crate) fn new() -> Self {
        Self
    }
    pub(crate) fn update(&mut self, aabbs: &[Aabb], pairs: &mut Vec<(usize, usize)>) {
        pairs.clear();
        for i in 0..aabbs.len() {
            for j in i + 1..aabbs.len() {
                if aabbs[i].intersects(&aabbs[j]) {
                    pairs.push((i, j));
                }
            }
        }
    }
}
