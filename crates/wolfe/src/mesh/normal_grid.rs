//! The facet normal most aligned with a direction, found through a uniform grid over the
//! cube `[-1, 1]^3` that holds the unit facet normals: the search visits the cells
//! around the direction ring by ring and stops when no normal outside the rings can beat
//! the best one found. Exact: the same facet as a scan of every normal (the first one of
//! the largest dot product), at the cost of the normals near the direction. A scanned
//! YCB hull has thousands of facets; the reference-face search of a contact manifold
//! asks for one a pair and a step (it was a third of `panda-drop`'s step as a scan).
//!
//! Why the stop is exact: for unit `d` and a normal `n` with `|n| <= 1`,
//! `<n, d> = (|n|^2 + 1 - |n - d|^2) / 2 <= 1 - |n - d|^2 / 2`, and a normal in a cell
//! outside the searched block of cells is farther from `d` than `d` is from the block's
//! boundary (the grid's outer faces excepted: nothing lies beyond them).

use crate::math::Vec3;

/// Cells per axis.
const G: usize = 16;

/// Cell size.
const H: f64 = 2.0 / G as f64;

/// Hulls with at most this many facets are scanned (a scan of 64 normals is about as
/// cheap as the search's ring of 27 cells).
pub(crate) const GRID_MIN_FACETS: usize = 64;

/// Rings searched before the search gives up and the caller scans (the block of ring 3
/// is 7^3 cells: a direction that far from every normal is rare, and a scan is then
/// no slower).
const MAX_RING: usize = 3;

/// Relative slack of the stop test over the bound, for rounding in the dot products and
/// in the normals' unit length.
const SLACK: f64 = 1e-9;

/// Facet normals bucketed by grid cell (compressed rows: the normals of cell `c` are
/// `items[offsets[c]..offsets[c + 1]]`); empty for hulls of at most [`GRID_MIN_FACETS`]
/// facets.
#[derive(Clone, Debug, Default)]
pub(crate) struct NormalGrid {
    offsets: Vec<u32>,
    items: Vec<u32>,
}

/// The cell coordinate of `x` in `[-1, 1]` (clamped: rounding may put a unit normal's
/// coordinate a few ulps outside).
fn cell(x: f64) -> usize {
    (((x + 1.0) / H).floor().max(0.0) as usize).min(G - 1)
}

fn index(c: [usize; 3]) -> usize {
    (c[0] * G + c[1]) * G + c[2]
}

impl NormalGrid {
    /// The grid of `normals` (unit, or zero for a degenerate facet); empty for at most
    /// [`GRID_MIN_FACETS`] of them.
    pub(crate) fn new(normals: &[Vec3]) -> Self {
        if normals.len() <= GRID_MIN_FACETS {
            return Self::default();
        }
        let of = |n: &Vec3| index([cell(n.x), cell(n.y), cell(n.z)]);
        let mut offsets = vec![0u32; G * G * G + 1];
        for n in normals {
            offsets[of(n) + 1] += 1;
        }
        for c in 0..G * G * G {
            offsets[c + 1] += offsets[c];
        }
        let mut fill = offsets.clone();
        let mut items = vec![0u32; normals.len()];
        for (k, n) in normals.iter().enumerate() {
            let c = of(n);
            items[fill[c] as usize] = k as u32;
            fill[c] += 1;
        }
        Self { offsets, items }
    }

    /// The index of the normal of `normals` (those the grid was built from) with the
    /// largest `<n, dir>`, the first of equal ones; `None` when the grid is empty, `dir`
    /// is zero or not finite, or the search ran out of rings (the caller scans).
    pub(crate) fn most_aligned(&self, normals: &[Vec3], dir: &Vec3) -> Option<usize> {
        if self.items.is_empty() {
            return None;
        }
        let len = dir.norm();
        if !(len > 0.0 && len.is_finite()) {
            return None;
        }
        let u = dir / len;
        let home = [cell(u.x), cell(u.y), cell(u.z)];
        let mut best: Option<(usize, f64)> = None;
        for r in 0..=MAX_RING {
            let lo = home.map(|c| c.saturating_sub(r));
            let hi = home.map(|c| (c + r).min(G - 1));
            for i in lo[0]..=hi[0] {
                for j in lo[1]..=hi[1] {
                    for k in lo[2]..=hi[2] {
                        let ring = i
                            .abs_diff(home[0])
                            .max(j.abs_diff(home[1]))
                            .max(k.abs_diff(home[2]));
                        if ring != r {
                            continue;
                        }
                        let c = index([i, j, k]);
                        for &f in &self.items[self.offsets[c] as usize..self.offsets[c + 1] as usize] {
                            let f = f as usize;
                            let s = normals[f].dot(dir);
                            let better = match best {
                                None => true,
                                Some((b, bs)) => s > bs || (s == bs && f < b),
                            };
                            if better {
                                best = Some((f, s));
                            }
                        }
                    }
                }
            }
            // The distance from `u` to the block's faces that have cells beyond them.
            let mut reach = f64::INFINITY;
            for a in 0..3 {
                if lo[a] > 0 {
                    reach = reach.min(u[a] - (lo[a] as f64 * H - 1.0));
                }
                if hi[a] < G - 1 {
                    reach = reach.min((hi[a] + 1) as f64 * H - 1.0 - u[a]);
                }
            }
            if let Some((b, bs)) = best {
                if reach == f64::INFINITY || bs / len > 1.0 + SLACK - 0.5 * reach * reach {
                    return Some(b);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn scan(normals: &[Vec3], dir: &Vec3) -> usize {
        let mut best = (0, f64::NEG_INFINITY);
        for (k, n) in normals.iter().enumerate() {
            let s = n.dot(dir);
            if s > best.1 {
                best = (k, s);
            }
        }
        best.0
    }

    fn unit(rng: &mut ChaCha8Rng) -> Vec3 {
        loop {
            let v = Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            );
            let l = v.norm();
            if l > 0.1 && l <= 1.0 {
                return v / l;
            }
        }
    }

    /// The grid agrees with the scan, tie-breaking included, on random normal sets
    /// (uniform, clustered, with duplicates and exact axis directions) and directions
    /// (random, near a normal, exactly a normal, on cell boundaries, unnormalized).
    #[test]
    fn matches_a_scan() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut decided = 0;
        let mut asked = 0;
        for trial in 0..200 {
            let count = rng.random_range(GRID_MIN_FACETS + 1..3000);
            let mut normals: Vec<Vec3> = (0..count)
                .map(|_| {
                    if trial % 3 == 0 {
                        // Clustered around +z (a can's curved side seen from the cap).
                        (Vec3::z() + 0.2 * unit(&mut rng)).normalize()
                    } else {
                        unit(&mut rng)
                    }
                })
                .collect();
            normals.extend([Vec3::x(), -Vec3::z(), Vec3::x(), Vec3::zeros()]);
            let grid = NormalGrid::new(&normals);
            for _ in 0..50 {
                let dir = match rng.random_range(0..4) {
                    0 => unit(&mut rng),
                    1 => (normals[rng.random_range(0..normals.len())] + 0.01 * unit(&mut rng)).normalize(),
                    2 => normals[rng.random_range(0..normals.len())] * rng.random_range(0.5..2.0),
                    _ => Vec3::new(0.0, 0.25, 1.0).normalize() * 3.0,
                };
                asked += 1;
                if let Some(k) = grid.most_aligned(&normals, &dir) {
                    decided += 1;
                    assert_eq!(k, scan(&normals, &dir), "dir {dir:?}");
                }
            }
        }
        // The search decides most queries itself (else it is only a slower scan).
        assert!(decided * 10 >= asked * 9, "{decided} of {asked}");
    }

    /// Small hulls have no grid; bad directions are left to the scan.
    #[test]
    fn empty_grid_and_bad_directions() {
        let few: Vec<Vec3> = (0..GRID_MIN_FACETS).map(|_| Vec3::z()).collect();
        assert!(NormalGrid::new(&few).most_aligned(&few, &Vec3::z()).is_none());
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let many: Vec<Vec3> = (0..500).map(|_| unit(&mut rng)).collect();
        let grid = NormalGrid::new(&many);
        assert!(grid.most_aligned(&many, &Vec3::zeros()).is_none());
        assert!(grid.most_aligned(&many, &Vec3::new(f64::NAN, 0.0, 1.0)).is_none());
        assert!(grid
            .most_aligned(&many, &Vec3::new(f64::INFINITY, 0.0, 1.0))
            .is_none());
    }
}
