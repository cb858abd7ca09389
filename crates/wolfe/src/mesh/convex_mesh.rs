//! The convex polytope type: hull vertices, outward triangles, CSR vertex adjacency, the
//! hill-climbing graph and the cube map of seeds (its support map is in `shape/`).

use super::adjacency::Adjacency;
use super::hull::{convex_hull, Hull};
use super::seeds::SeedTable;
use super::support::{self, ClimbGraph};
use crate::error::{in_range, WolfeError};
use crate::math::{Aabb, Vec3};

/// Meshes with at most this many vertices compute their support point by brute force;
/// larger ones hill-climb over the vertex adjacency from the hint.
///
/// Measured with `cargo bench -p wolfe --bench support` (criterion; hulls of random
/// points on a sphere; GJK-like direction sequences, each direction the previous one
/// plus a perturbation of relative size 0.25, the hint the previous support vertex;
/// 2-core shared Linux box, release profile). Nanoseconds per query, median, consistent
/// over 3 runs:
///
/// | vertices      | 4   | 6   | 8   | 12  | 16   | 24   | 32   | 64   |
/// |---------------|-----|-----|-----|-----|------|------|------|------|
/// | brute force   | 3.4 | 4.6 | 5.9 | 8.9 | 12.3 | 18.4 | 24.5 | 50.1 |
/// | hill-climbing | 4.9 | 6.4 | 6.4 | 7.0 | 7.2  | 7.8  | 8.1  | 8.8  |
///
/// Brute force costs about 0.8 ns per vertex; a warm-started climb is a few steps of
/// ~5 neighbours each, so it wins from 12 vertices on and the crossover lies between 8
/// and 12. Every solid hull has at least 4 vertices, so only tetrahedra up to small
/// hulls (a box has 8) take the brute-force path.
pub const SUPPORT_BRUTE_FORCE_MAX_VERTICES: usize = 8;

/// A convex polytope given by the exact convex hull of a point set.
///
/// Stores the hull vertices (a subset of the input points, exactly the extreme ones), the
/// outward counter-clockwise triangles (for solids), and the vertex adjacency used by
/// the hill-climbing support function. Lower-dimensional hulls (a polygon, a segment, a
/// point) are allowed through [`ConvexMesh::from_points_lenient`]; they have no faces,
/// and their adjacency is the polygon cycle, the segment, or nothing.
#[derive(Clone, Debug)]
pub struct ConvexMesh {
    vertices: Vec<Vec3>,
    faces: Vec<[u32; 3]>,
    adjacency: Adjacency,
    /// The adjacency with the neighbours' coordinates, for the hill climbs
    /// (`support.rs`).
    climb: ClimbGraph,
    dimension: usize,
    centroid: Vec3,
    /// Distance from the centroid to the nearest face plane (0 unless solid).
    inradius: f64,
    /// Support vertices of a cube map of directions (seeds for cold hill climbs).
    seeds: SeedTable,
    aabb: Aabb,
}

impl ConvexMesh {
    /// The solid convex hull of `points` (quickhull on exact orientation predicates).
    ///
    /// Duplicates, and points inside or on the hull (coplanar with a face, on an edge)
    /// are dropped: the vertices are exactly the extreme points. Errors:
    /// [`WolfeError::EmptyMesh`], [`WolfeError::NonFinitePoint`],
    /// [`WolfeError::OutOfRange`] for a hull vertex coordinate beyond
    /// [`crate::MAX_MAGNITUDE`] (the queries' supported range), and
    /// [`WolfeError::DegeneratePoints`] when the points span fewer than 3 dimensions
    /// (`dimension` 2 for coplanar, 1 for collinear, 0 for a single distinct point).
    pub fn from_points(points: &[Vec3]) -> Result<Self, WolfeError> {
        let hull = convex_hull(points)?;
        check_range(&hull.vertices)?;
        if hull.dimension < 3 {
            return Err(WolfeError::DegeneratePoints {
                dimension: hull.dimension,
            });
        }
        Ok(Self::from_hull(hull))
    }

    /// Like [`ConvexMesh::from_points`], but also accepts point sets of lower dimension:
    /// exactly coplanar points give their convex polygon (vertices in cycle order, no
    /// faces), collinear points the segment's two endpoints, and a single distinct point
    /// itself. Still errors on an empty set, a non-finite coordinate, or a hull vertex
    /// beyond [`crate::MAX_MAGNITUDE`].
    pub fn from_points_lenient(points: &[Vec3]) -> Result<Self, WolfeError> {
        let hull = convex_hull(points)?;
        check_range(&hull.vertices)?;
        Ok(Self::from_hull(hull))
    }

    fn from_hull(hull: Hull) -> Self {
        let Hull {
            dimension,
            vertices,
            faces,
        } = hull;
        let n = vertices.len();
        let adjacency = if dimension == 3 {
            Adjacency::from_faces(n, &faces)
        } else {
            Adjacency::from_cycle(n)
        };
        let centroid = vertices.iter().sum::<Vec3>() / n as f64;
        // A hull always has at least one vertex; the fallback box is never used.
        let aabb = Aabb::from_points(&vertices).unwrap_or(Aabb::new(centroid, centroid));
        let inradius = if dimension == 3 {
            faces
                .iter()
                .map(|f| {
                    let [a, b, c] = f.map(|i| vertices[i as usize]);
                    let n = (b - a).cross(&(c - a));
                    let len = n.norm();
                    if len > 0.0 {
                        (n.dot(&(a - centroid)) / len).max(0.0)
                    } else {
                        0.0
                    }
                })
                .fold(f64::INFINITY, f64::min)
        } else {
            0.0
        };
        let inradius = if inradius.is_finite() { inradius } else { 0.0 };
        let climb = ClimbGraph::new(&vertices, &adjacency);
        let seeds = SeedTable::new(&vertices, &climb);
        Self {
            vertices,
            faces,
            adjacency,
            climb,
            dimension,
            centroid,
            inradius,
            seeds,
            aabb,
        }
    }

    /// The hull vertices (never empty).
    pub fn vertices(&self) -> &[Vec3] {
        &self.vertices
    }

    /// The hull triangles as indices into [`ConvexMesh::vertices`], counter-clockwise
    /// seen from outside: `(b - a) x (c - a)` points out. Empty when `dimension() < 3`.
    pub fn faces(&self) -> &[[u32; 3]] {
        &self.faces
    }

    /// The vertices adjacent to `vertex` on the hull (edges of the triangulation, the
    /// polygon cycle, or the segment). Empty for an index out of range.
    pub fn neighbors(&self, vertex: u32) -> &[u32] {
        self.adjacency.neighbors(vertex as usize)
    }

    /// Affine dimension of the hull: 3 for a solid, 2 polygon, 1 segment, 0 point.
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// The mean of the hull vertices (a point inside the hull, not its center of mass).
    pub fn centroid(&self) -> Vec3 {
        self.centroid
    }

    /// The distance from the centroid to the nearest face plane (exact for the solid
    /// hull; 0 for lower-dimensional hulls, which have no interior).
    pub(crate) fn centroid_inradius(&self) -> f64 {
        self.inradius
    }

    /// The box of the hull vertices.
    pub(crate) fn bounding_box(&self) -> Aabb {
        self.aabb
    }

    /// The support vertex of the centre of `dir`'s cell in the hull's cube-map seed table
    /// (about one cell per vertex, computed once with the hull: `seeds.rs`): a start of
    /// a hill climb that is a step or two from the answer.
    pub(crate) fn seed_vertex(&self, dir: &Vec3) -> u32 {
        self.seeds.seed(dir)
    }

    /// Index of a vertex maximizing `<dir, x>`, by checking every vertex.
    pub fn support_vertex_brute_force(&self, dir: &Vec3) -> u32 {
        support::brute_force(&self.vertices, dir)
    }

    /// Index of a vertex maximizing `<dir, x>`, by hill-climbing over the adjacency from
    /// vertex `start` (clamped to 0 when out of range): the support of a warm-started
    /// query (GJK++ Sec. II, "Computing support vector on meshes").
    ///
    /// Inlined (also across crates): as a call, the growth loop spilled and reloaded its
    /// registers around each of its two climbs per iteration.
    #[inline]
    pub fn support_vertex_hill_climb(&self, dir: &Vec3, start: u32) -> u32 {
        let start = if (start as usize) < self.vertices.len() {
            start
        } else {
            0
        };
        support::hill_climb(&self.climb, dir, start)
    }

    /// Index of a support vertex: brute force up to
    /// [`SUPPORT_BRUTE_FORCE_MAX_VERTICES`], hill-climbing from `hint` above.
    #[inline]
    pub(crate) fn support_index(&self, dir: &Vec3, hint: u32) -> u32 {
        if self.vertices.len() <= SUPPORT_BRUTE_FORCE_MAX_VERTICES {
            support::brute_force(&self.vertices, dir)
        } else {
            self.support_vertex_hill_climb(dir, hint)
        }
    }
}

/// Rejects a hull vertex beyond the queries' supported range (issue 21: a point cloud
/// of size 1e200 gave infinite growth distances). The hull itself is exact at any
/// scale (power-of-two scaling); the support-function queries are not.
fn check_range(vertices: &[Vec3]) -> Result<(), WolfeError> {
    for p in vertices {
        for c in p.iter() {
            in_range("mesh vertex coordinate", *c)?;
        }
    }
    Ok(())
}
