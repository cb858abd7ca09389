//! Convex polytopes: loading, convex hull, adjacency and hill-climbing support.
//!

use crate::error::WolfeError;
use crate::math::{Aabb, Vec3};
use crate::shape::SupportMap;

/// A convex polytope given by its hull vertices and triangles.
#[derive(Clone, Debug)]
pub struct ConvexMesh {
    vertices: Vec<Vec3>,
    aabb: Aabb,
}

impl ConvexMesh {
    /// The convex hull of `points`.
    pub fn from_points(points: &[Vec3]) -> Result<Self, WolfeError> {
        let aabb = Aabb::from_points(points).ok_or(WolfeError::EmptyMesh)?;
        Ok(Self {
            vertices: points.to_vec(),
            aabb,
        })
    }

    /// The hull vertices.
    pub fn vertices(&self) -> &[Vec3] {
        &self.vertices
    }
}

impl SupportMap for ConvexMesh {
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        let mut best = self.vertices[0];
        let mut bd = dir.dot(&best);
        for v in &self.vertices[1..] {
            let d = dir.dot(v);
            if d > bd {
                bd = d;
                best = *v;
            }
        }
        best
    }

    fn is_strictly_convex(&self) -> bool {
        false
    }

    fn local_aabb(&self) -> Aabb {
        self.aabb
    }
}

impl ConvexMesh {
    /// Loads an OBJ file and takes the convex hull of its vertices. PLACEHOLDER.
    pub fn from_obj(path: &std::path::Path) -> Result<Self, WolfeError> {
        let (models, _) =
            tobj::load_obj(path, &tobj::LoadOptions::default()).map_err(|e| WolfeError::Parse {
                path: path.to_path_buf(),
                message: e.to_string(),
            })?;
        let pts: Vec<Vec3> = models
            .iter()
            .flat_map(|m| m.mesh.positions.chunks(3).map(|c| Vec3::new(c[0], c[1], c[2])))
            .collect();
        Self::from_points(&pts)
    }
}
