//! The brute-force support scan over a polytope's vertices stored two by two, one array
//! of two per axis (GJK++ Sec. II and the growth paper's Fig. 4 compare this scan, the
//! support without hill-climbing, with the climbs of `support.rs`).
//!
//! Why pairs: the scan over the vertex array (`support::brute_force`) is one running
//! maximum, a loop-carried compare-and-select of ~0.8 ns a vertex on x86-64, and its
//! `Vec3` layout keeps the compiler from using both lanes of a 128-bit register. Here a
//! step loads `[x_k, x_k+1]`, `[y_k, y_k+1]`, `[z_k, z_k+1]`, forms both dot products and
//! keeps two running maxima with one packed compare and selects (SSE2, part of every
//! x86-64 target; `cargo bench -p wolfe --bench support`, `brute_force/N`): 0.85x the
//! array scan at 8 vertices, 0.6x from 64 on. 48 bytes per pair, 24 per vertex.
//!
//! The answer is the array scan's, bit for bit: the dot product is evaluated in the same
//! order (`(d.x x + d.y y) + d.z z`, that of `Vec3::dot`), each lane keeps its first
//! maximum (strict `>`), and the merge takes the larger value and, of equal values, the
//! smaller index: the first vertex of maximal value. An odd count is padded with a copy
//! of vertex 0, which ties vertex 0 and so never wins. NaN values are never taken, so a
//! NaN direction answers vertex 0.

use crate::math::Vec3;

/// Two vertices, coordinates by axis.
#[derive(Clone, Copy, Debug)]
struct Pair {
    x: [f64; 2],
    y: [f64; 2],
    z: [f64; 2],
}

/// A polytope's vertices in pairs for [`PairedVertices::support`]; see the module
/// documentation.
#[derive(Clone, Debug, Default)]
pub(crate) struct PairedVertices {
    pairs: Vec<Pair>,
}

impl PairedVertices {
    /// The pairs of `vertices` (the last one padded with vertex 0 for an odd count).
    pub(crate) fn new(vertices: &[Vec3]) -> Self {
        let pairs = vertices
            .chunks(2)
            .map(|c| {
                let (u, v) = (c[0], c.get(1).copied().unwrap_or(vertices[0]));
                Pair {
                    x: [u.x, v.x],
                    y: [u.y, v.y],
                    z: [u.z, v.z],
                }
            })
            .collect();
        Self { pairs }
    }

    /// Index of the first vertex maximizing `<dir, x>` (vertex 0 when there are none,
    /// or for a NaN direction): the answer of `support::brute_force`.
    #[inline]
    pub(crate) fn support(&self, dir: &Vec3) -> u32 {
        let mut best = [f64::NEG_INFINITY; 2];
        let mut index = [0u64; 2];
        let mut k = 0u64;
        for p in &self.pairs {
            for j in 0..2 {
                let s = dir.x * p.x[j] + dir.y * p.y[j] + dir.z * p.z[j];
                // Selects, not branches: both lanes' updates become one packed compare
                // and masks.
                let take = s > best[j];
                best[j] = if take { s } else { best[j] };
                index[j] = if take { k + j as u64 } else { index[j] };
            }
            k += 2;
        }
        let second = best[1] > best[0] || (best[1] == best[0] && index[1] < index[0]);
        (if second { index[1] } else { index[0] }) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::SIGNED_AXES;
    use crate::mesh::support::brute_force;
    use rand::{Rng, SeedableRng};

    /// A point of `[-1, 1)^3`.
    fn uniform(r: &mut rand_chacha::ChaCha8Rng) -> Vec3 {
        Vec3::from_fn(|_, _| r.random_range(-1.0..1.0))
    }

    #[test]
    fn agrees_with_the_array_scan_on_random_points_of_every_count() {
        let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for n in 1..=40 {
            let v: Vec<Vec3> = (0..n).map(|_| uniform(&mut r)).collect();
            let paired = PairedVertices::new(&v);
            for _ in 0..200 {
                let d = uniform(&mut r);
                assert_eq!(paired.support(&d), brute_force(&v, &d), "n = {n}, d = {d:?}");
            }
        }
    }

    #[test]
    fn ties_go_to_the_first_vertex_and_padding_never_wins() {
        // A unit cube (ties on every axis direction: four vertices on each face), its
        // vertices in orders that put the first maximizer in either lane.
        let cube: Vec<Vec3> = (0..8)
            .map(|i| Vec3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
            .collect();
        let dirs: Vec<Vec3> = SIGNED_AXES
            .into_iter()
            .chain([Vec3::new(1.0, 1.0, 0.0), Vec3::new(0.0, -1.0, 1.0)])
            .collect();
        for rotate in 0..8 {
            for n in [5, 7, 8] {
                let v: Vec<Vec3> = (0..n).map(|i| cube[(i + rotate) % 8]).collect();
                let paired = PairedVertices::new(&v);
                for d in &dirs {
                    let i = paired.support(d);
                    assert_eq!(i, brute_force(&v, d), "rotate {rotate}, n {n}, d {d:?}");
                    assert!((i as usize) < n);
                }
            }
        }
        // Vertex 0 is the maximizer of an odd count: the padding copy ties it.
        let v = [Vec3::new(2.0, 0.0, 0.0), Vec3::zeros(), Vec3::new(1.0, 0.0, 0.0)];
        assert_eq!(PairedVertices::new(&v).support(&Vec3::x()), 0);
    }

    #[test]
    fn nan_directions_and_empty_sets_answer_vertex_zero() {
        let v = [Vec3::new(1.0, 2.0, 3.0), Vec3::new(-1.0, 0.5, 2.0), Vec3::zeros()];
        let paired = PairedVertices::new(&v);
        assert_eq!(paired.support(&Vec3::new(f64::NAN, 1.0, 0.0)), 0);
        assert_eq!(paired.support(&Vec3::repeat(f64::NAN)), 0);
        assert_eq!(brute_force(&v, &Vec3::repeat(f64::NAN)), 0);
        assert_eq!(PairedVertices::new(&[]).support(&Vec3::x()), 0);
        // Infinite directions: the values are infinite or NaN, and the scans agree.
        for d in [
            Vec3::new(f64::INFINITY, 0.0, 0.0),
            Vec3::new(-f64::INFINITY, 1.0, 0.0),
            Vec3::new(f64::INFINITY, f64::INFINITY, -1.0),
        ] {
            assert_eq!(paired.support(&d), brute_force(&v, &d), "{d:?}");
        }
    }
}
