//! The convex polytope type: hull vertices, outward triangles, CSR vertex adjacency, and
//! its support map.

use super::adjacency::Adjacency;
use super::hull::{convex_hull, Hull};
use super::support;
use crate::error::WolfeError;
use crate::math::{Aabb, Vec3};
use crate::shape::SupportMap;

/// Meshes with at most this many vertices compute their support point by brute force;
/// larger ones hill-climb over the vertex adjacency from the hint.
///
/// Measured with `cargo bench -p wolfe --bench support` (criterion, points on a sphere,
/// GJK-like direction sequences: each direction is the previous one slightly perturbed
/// and the hint is the previous support vertex): PLACEHOLDER.
pub const SUPPORT_BRUTE_FORCE_MAX_VERTICES: usize = 32;

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
    dimension: usize,
    centroid: Vec3,
    aabb: Aabb,
}

impl ConvexMesh {
    /// The solid convex hull of `points` (quickhull on exact orientation predicates).
    ///
    /// Duplicates, and points inside or on the hull (coplanar with a face, on an edge)
    /// are dropped: the vertices are exactly the extreme points. Errors:
    /// [`WolfeError::EmptyMesh`], [`WolfeError::NonFinitePoint`], and
    /// [`WolfeError::DegeneratePoints`] when the points span fewer than 3 dimensions
    /// (`dimension` 2 for coplanar, 1 for collinear, 0 for a single distinct point).
    pub fn from_points(points: &[Vec3]) -> Result<Self, WolfeError> {
        let hull = convex_hull(points)?;
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
    /// itself. Still errors on an empty set or a non-finite coordinate.
    pub fn from_points_lenient(points: &[Vec3]) -> Result<Self, WolfeError> {
        Ok(Self::from_hull(convex_hull(points)?))
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
        Self {
            vertices,
            faces,
            adjacency,
            dimension,
            centroid,
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

    /// Index of a vertex maximizing `<dir, x>`, by checking every vertex.
    pub fn support_vertex_brute_force(&self, dir: &Vec3) -> u32 {
        support::brute_force(&self.vertices, dir)
    }

    /// Index of a vertex maximizing `<dir, x>`, by hill-climbing over the adjacency from
    /// vertex `start` (clamped to 0 when out of range). See [`SupportMap::local_support_hinted`].
    pub fn support_vertex_hill_climb(&self, dir: &Vec3, start: u32) -> u32 {
        let start = if (start as usize) < self.vertices.len() {
            start
        } else {
            0
        };
        support::hill_climb_steepest(&self.vertices, &self.adjacency, dir, start)
    }

    /// First-improvement variant (temporary, for the bench).
    #[doc(hidden)]
    pub fn support_vertex_hill_climb_first(&self, dir: &Vec3, start: u32) -> u32 {
        let start = if (start as usize) < self.vertices.len() {
            start
        } else {
            0
        };
        support::hill_climb_first(&self.vertices, &self.adjacency, dir, start)
    }

    /// Index of a support vertex: brute force up to
    /// [`SUPPORT_BRUTE_FORCE_MAX_VERTICES`], hill-climbing from `hint` above.
    #[inline]
    fn support_index(&self, dir: &Vec3, hint: u32) -> u32 {
        if self.vertices.len() <= SUPPORT_BRUTE_FORCE_MAX_VERTICES {
            support::brute_force(&self.vertices, dir)
        } else {
            self.support_vertex_hill_climb(dir, hint)
        }
    }
}

impl SupportMap for ConvexMesh {
    /// A hull vertex maximizing `<dir, x>` (hill-climbing from vertex 0 on large meshes).
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        self.vertices[self.support_index(dir, 0) as usize]
    }

    /// Warm-started support: `hint` is the index of the previous support vertex; the
    /// climb starts there (an out-of-range hint is clamped to 0) and the new support
    /// vertex's index is written back. Allocates nothing.
    fn local_support_hinted(&self, dir: &Vec3, hint: &mut u32) -> Vec3 {
        let i = self.support_index(dir, *hint);
        *hint = i;
        self.vertices[i as usize]
    }

    /// Polytopes have flat faces: supports are not unique.
    fn is_strictly_convex(&self) -> bool {
        false
    }

    fn local_aabb(&self) -> Aabb {
        self.aabb
    }
}
