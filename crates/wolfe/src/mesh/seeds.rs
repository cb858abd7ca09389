//! A cube map of support vertices: the starting vertex of a hill climb whose direction
//! is unrelated to the previous one (the first support call of a cold query, or a
//! direction that turned far).
//!
//! Why: a hill climb (`support.rs`) costs one neighbour scan per step, and from a
//! vertex far from the answer it walks across the mesh. The growth distance loop
//! (Thirugnanam & Sreenath, Alg. 3) turns its direction by up to 90 degrees in its first
//! iterations (the facets of the initial simplex are steep), and a cold GJK query has no
//! previous vertex at all. The table answers "which vertex is extreme near this
//! direction" in constant time: the direction picks a cell of a cube map (its largest
//! coordinate picks the face, the two others divided by it the cell), and each cell
//! stores the support vertex of its centre direction. The climb from there is a step or
//! two.
//!
//! Size: about one cell per hull vertex (`6 R^2 >= n`, `R` between 1 and
//! [`MAX_RESOLUTION`]), so the cells are about as fine as the vertices' normal cones and
//! the table (4 bytes a cell) is a fraction of the vertex array (24 bytes a vertex).

use super::support::{brute_force, hill_climb, ClimbGraph};
use crate::math::Vec3;

/// Largest number of cells along a cube face's side (6 * 48^2 cells, 54 KiB).
const MAX_RESOLUTION: usize = 48;

/// Support vertices of the centres of the cells of a cube map, `R x R` cells per face.
#[derive(Clone, Debug)]
pub(crate) struct SeedTable {
    resolution: usize,
    /// `R / 2` as a float, and `R - 1` as the cell-index type: converting them per lookup
    /// (an unsigned 64-bit integer to and from a float takes several instructions on
    /// x86-64) cost a sixth of [`SeedTable::seed`].
    half: f64,
    last: u32,
    /// `cells[(face * R + i) * R + j]`, faces `+x, -x, +y, -y, +z, -z`.
    cells: Vec<u32>,
}

/// The axes `(major, u, v)` of each face, and the sign of its major axis.
const FACES: [(usize, usize, usize, f64); 6] = [
    (0, 1, 2, 1.0),
    (0, 1, 2, -1.0),
    (1, 2, 0, 1.0),
    (1, 2, 0, -1.0),
    (2, 0, 1, 1.0),
    (2, 0, 1, -1.0),
];

impl SeedTable {
    /// The table of a polytope with these vertices and adjacency: each cell's vertex is
    /// found by a hill climb from the previous cell's (neighbouring cells have nearby
    /// answers, so the whole table costs a few scans per cell), the first by brute
    /// force.
    pub(crate) fn new(vertices: &[Vec3], graph: &ClimbGraph) -> Self {
        let n = vertices.len().max(1);
        let mut resolution = 1;
        while resolution < MAX_RESOLUTION && 6 * resolution * resolution < n {
            resolution += 1;
        }
        let r = resolution as f64;
        let mut cells = Vec::with_capacity(6 * resolution * resolution);
        let mut current = None;
        for &(major, u, v, sign) in &FACES {
            for i in 0..resolution {
                for j in 0..resolution {
                    let mut d = Vec3::zeros();
                    d[major] = sign;
                    d[u] = 2.0 * (i as f64 + 0.5) / r - 1.0;
                    d[v] = 2.0 * (j as f64 + 0.5) / r - 1.0;
                    let best = match current {
                        None => brute_force(vertices, &d),
                        Some(start) => hill_climb(graph, &d, start),
                    };
                    current = Some(best);
                    cells.push(best);
                }
            }
        }
        Self {
            resolution,
            half: 0.5 * r,
            last: resolution as u32 - 1,
            cells,
        }
    }

    /// The stored vertex of the cell containing `dir` (any length); vertex 0 for a zero
    /// or non-finite direction.
    #[inline]
    pub(crate) fn seed(&self, dir: &Vec3) -> u32 {
        let (ax, ay, az) = (dir.x.abs(), dir.y.abs(), dir.z.abs());
        let (face, major, u, v) = if ax >= ay && ax >= az {
            (usize::from(dir.x < 0.0), ax, dir.y, dir.z)
        } else if ay >= az {
            (2 + usize::from(dir.y < 0.0), ay, dir.z, dir.x)
        } else {
            (4 + usize::from(dir.z < 0.0), az, dir.x, dir.y)
        };
        if !(major > 0.0 && major.is_finite()) {
            return 0;
        }
        // u / major in [-1, 1] maps to [0, R]; `as` saturates (NaN gives 0), `min` keeps
        // the edge u = major in the last cell. The cast goes to u32 (R <= 48): a
        // saturating cast to u64 takes twice the instructions.
        let half = self.half;
        let s = half / major;
        let i = ((u * s + half) as u32).min(self.last) as usize;
        let j = ((v * s + half) as u32).min(self.last) as usize;
        let r = self.resolution;
        self.cells[(face * r + i) * r + j]
    }
}

#[cfg(test)]
mod tests {
    use super::super::adjacency::Adjacency;
    use super::*;

    /// Points on a sphere (golden spiral) and the adjacency of their hull.
    fn sphere_hull(n: usize) -> (Vec<Vec3>, Adjacency) {
        let pts: Vec<Vec3> = (0..n)
            .map(|k| {
                let z = 1.0 - (2.0 * k as f64 + 1.0) / n as f64;
                let r = (1.0 - z * z).sqrt();
                let phi = k as f64 * 2.399_963_229_728_653;
                Vec3::new(r * phi.cos(), r * phi.sin(), z)
            })
            .collect();
        let hull = super::super::hull::convex_hull(&pts).expect("a solid hull");
        let adj = Adjacency::from_faces(hull.vertices.len(), &hull.faces);
        (hull.vertices, adj)
    }

    #[test]
    fn cell_centres_store_their_support_vertex() {
        let (v, adj) = sphere_hull(500);
        let t = SeedTable::new(&v, &ClimbGraph::new(&v, &adj));
        assert!(6 * t.resolution * t.resolution >= v.len());
        let r = t.resolution as f64;
        for (f, &(major, u, w, sign)) in FACES.iter().enumerate() {
            for i in 0..t.resolution {
                for j in 0..t.resolution {
                    let mut d = Vec3::zeros();
                    d[major] = sign;
                    d[u] = 2.0 * (i as f64 + 0.5) / r - 1.0;
                    d[w] = 2.0 * (j as f64 + 0.5) / r - 1.0;
                    // The lookup finds the cell of its own centre ...
                    let s = t.seed(&d);
                    assert_eq!(s, t.cells[(f * t.resolution + i) * t.resolution + j]);
                    // ... and that cell holds a maximizer (the climbs are exact).
                    let best = d.dot(&v[brute_force(&v, &d) as usize]);
                    assert_eq!(d.dot(&v[s as usize]), best, "face {f} cell {i},{j}");
                }
            }
        }
    }

    #[test]
    fn seeds_are_near_the_support_and_bad_directions_give_zero() {
        let (v, adj) = sphere_hull(2000);
        let t = SeedTable::new(&v, &ClimbGraph::new(&v, &adj));
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        };
        for _ in 0..2000 {
            let d = Vec3::new(next(), next(), next());
            let s = v[t.seed(&d) as usize];
            let best = v[brute_force(&v, &d) as usize];
            // A cell spans under 2 * 90 / R degrees: the seed is within that angle.
            let angle = (s.dot(&best) / (s.norm() * best.norm())).clamp(-1.0, 1.0).acos();
            assert!(angle.to_degrees() < 180.0 / t.resolution as f64 + 1.0, "{angle}");
            // Scaling the direction does not change the cell.
            assert_eq!(t.seed(&d), t.seed(&(1e-9 * d)));
            assert_eq!(t.seed(&d), t.seed(&(1e9 * d)));
        }
        assert_eq!(t.seed(&Vec3::zeros()), 0);
        assert_eq!(t.seed(&Vec3::new(f64::NAN, 0.0, 0.0)), 0);
        assert_eq!(t.seed(&Vec3::new(f64::INFINITY, 1.0, 0.0)), 0);
        // A single-vertex table answers vertex 0 everywhere.
        let (v1, a1) = ([Vec3::x()], Adjacency::from_cycle(1));
        let one = SeedTable::new(&v1, &ClimbGraph::new(&v1, &a1));
        assert_eq!(one.seed(&Vec3::new(0.3, -2.0, 0.1)), 0);
    }
}
