//! GJK's simplex and the distance sub-algorithm. PLACEHOLDER: the signed-volumes work
//! replaces the projection.

use crate::math::Vec3;

/// A support point of the Minkowski difference `D = A - B`, with the two shape points
/// it came from (all in A's frame): `w = a - b`.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct SupportPoint {
    /// The point of `D`.
    pub w: Vec3,
    /// The point of shape A's core.
    pub a: Vec3,
    /// The point of shape B's core.
    pub b: Vec3,
}

/// A simplex of rank 0 to 4 with the barycentric coordinates of the point it represents.
#[derive(Clone, Copy, Debug, Default)]
pub struct Simplex {
    /// The vertices; only the first `rank` are meaningful.
    pub points: [SupportPoint; 4],
    /// Barycentric coordinates of the last projection, for the first `rank` vertices.
    pub lambdas: [f64; 4],
    /// Number of vertices in use.
    pub rank: usize,
}

impl Simplex {
    /// An empty simplex.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the simplex.
    pub fn clear(&mut self) {
        self.rank = 0;
    }

    /// Adds a vertex (the caller keeps `rank < 4` before pushing).
    pub fn push(&mut self, p: SupportPoint) {
        debug_assert!(self.rank < 4);
        self.points[self.rank] = p;
        self.rank += 1;
    }

    /// The vertices in use.
    pub fn vertices(&self) -> &[SupportPoint] {
        &self.points[..self.rank]
    }

    /// Projects the origin onto the convex hull of the vertices, keeps only the vertices
    /// with positive weight, stores their barycentric coordinates and returns the
    /// projection. PLACEHOLDER (rank 1 only).
    pub fn project_origin(&mut self) -> Vec3 {
        self.lambdas[0] = 1.0;
        self.points[0].w
    }

    /// The points of A and B represented by the barycentric coordinates.
    pub fn witness_points(&self) -> (Vec3, Vec3) {
        let mut a = Vec3::zeros();
        let mut b = Vec3::zeros();
        for i in 0..self.rank {
            a += self.lambdas[i] * self.points[i].a;
            b += self.lambdas[i] * self.points[i].b;
        }
        (a, b)
    }
}
