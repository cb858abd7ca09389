//! Surface polytopes of convex shapes at a resolution: the icosphere of a sphere or an
//! ellipsoid, and for any shape the exact hull of its support points in the icosphere's
//! directions (a box's eight corners; a cylinder's rims and caps).

use std::collections::HashMap;
use std::sync::Arc;

use crate::composite::TriMesh;
use crate::error::{positive, WolfeError};
use crate::math::Vec3;
use crate::mesh::ConvexMesh;
use crate::shape::{ConvexShape, Shape, SupportMap};

/// The finest icosphere level used (81,920 triangles).
pub const MAX_ICOSPHERE_LEVEL: u32 = 6;

/// The unit icosphere: the icosahedron with each triangle split in four `level` times,
/// vertices pushed onto the unit sphere; triangles counter-clockwise seen from outside.
pub fn icosphere(level: u32) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let t = (1.0 + 5f64.sqrt()) / 2.0;
    let mut vertices: Vec<Vec3> = [
        (-1.0, t, 0.0),
        (1.0, t, 0.0),
        (-1.0, -t, 0.0),
        (1.0, -t, 0.0),
        (0.0, -1.0, t),
        (0.0, 1.0, t),
        (0.0, -1.0, -t),
        (0.0, 1.0, -t),
        (t, 0.0, -1.0),
        (t, 0.0, 1.0),
        (-t, 0.0, -1.0),
        (-t, 0.0, 1.0),
    ]
    .iter()
    .map(|&(x, y, z)| Vec3::new(x, y, z).normalize())
    .collect();
    let mut triangles: Vec<[u32; 3]> = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    for _ in 0..level.min(MAX_ICOSPHERE_LEVEL) {
        let mut midpoints: HashMap<(u32, u32), u32> = HashMap::new();
        let mut mid = |a: u32, b: u32, vertices: &mut Vec<Vec3>| {
            *midpoints.entry((a.min(b), a.max(b))).or_insert_with(|| {
                vertices.push((vertices[a as usize] + vertices[b as usize]).normalize());
                vertices.len() as u32 - 1
            })
        };
        let mut next = Vec::with_capacity(4 * triangles.len());
        for &[a, b, c] in &triangles {
            let (ab, bc, ca) = (
                mid(a, b, &mut vertices),
                mid(b, c, &mut vertices),
                mid(c, a, &mut vertices),
            );
            next.extend_from_slice(&[[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
        }
        triangles = next;
    }
    (vertices, triangles)
}

/// The icosphere level whose edges on a sphere of radius `radius` are at most
/// `resolution` long (the level-0 edge is about 1.05 radii), capped at
/// [`MAX_ICOSPHERE_LEVEL`].
pub fn icosphere_level(radius: f64, resolution: f64) -> u32 {
    let ratio = 1.0515 * radius / resolution;
    if ratio <= 1.0 {
        0
    } else {
        (ratio.log2().ceil() as u32).min(MAX_ICOSPHERE_LEVEL)
    }
}

/// The surface of `shape` as a convex polytope with edges of about `resolution`
/// metres: the exact hull of its (whole-shape) support points in the directions of an
/// icosphere fine enough for the shape's bounding radius. Polytopes (boxes, convex
/// meshes) come back exactly.
///
/// Errors: [`WolfeError::InvalidShapeParameter`] for a resolution that is not finite
/// and positive; the hull's errors for a shape too thin to span a solid.
pub fn surface_polytope(shape: &Shape, resolution: f64) -> Result<Arc<ConvexMesh>, WolfeError> {
    positive("hydroelastic mesh", "resolution", resolution)?;
    if let Shape::ConvexMesh(m) = shape {
        return Ok(m.clone());
    }
    let b = shape.local_aabb();
    let reach = b.min.abs().sup(&b.max.abs()).norm();
    let (dirs, _) = icosphere(icosphere_level(reach, resolution));
    let r = shape.radius();
    let points: Vec<Vec3> = dirs.iter().map(|d| shape.local_support(d) + r * d).collect();
    Ok(Arc::new(ConvexMesh::from_points(&points)?))
}

/// The surface of `shape` as a closed triangle mesh (the rigid side of a hydroelastic
/// contact): the triangles of [`surface_polytope`], counter-clockwise seen from outside.
///
/// Errors: as [`surface_polytope`].
pub fn surface_mesh(shape: &Shape, resolution: f64) -> Result<TriMesh, WolfeError> {
    let m = surface_polytope(shape, resolution)?;
    TriMesh::new(m.vertices().to_vec(), m.faces().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Cuboid, Cylinder};

    #[test]
    fn icosphere_is_closed_and_outward() {
        for level in 0..3 {
            let (v, t) = icosphere(level);
            assert_eq!(t.len(), 20 * 4usize.pow(level));
            assert_eq!(v.len(), 2 + t.len() / 2, "Euler: V - E + F = 2 with E = 3F/2");
            for tri in &t {
                let [a, b, c] = tri.map(|i| v[i as usize]);
                assert!((b - a).cross(&(c - a)).dot(&(a + b + c)) > 0.0);
            }
        }
    }

    #[test]
    fn a_box_comes_back_exact_and_a_cylinder_within_the_resolution() {
        let cube = Shape::Cuboid(Cuboid::new([0.1, 0.2, 0.3]).unwrap());
        let m = surface_polytope(&cube, 0.05).unwrap();
        assert_eq!(m.vertices().len(), 8);
        let cylinder = Shape::Cylinder(Cylinder::new(0.1, 0.2).unwrap());
        let m = surface_polytope(&cylinder, 0.02).unwrap();
        for v in m.vertices() {
            let rho = (v.x * v.x + v.y * v.y).sqrt();
            assert!(rho <= 0.1 + 1e-12 && v.z.abs() <= 0.2 + 1e-12);
        }
        assert!(surface_polytope(&cube, 0.0).is_err());
    }
}
