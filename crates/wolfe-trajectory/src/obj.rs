//! The OBJ files of a trajectory folder: `v x y z` and `f i j k` lines (1-based,
//! counter-clockwise seen from outside), a mesh's hull in its shape frame or a visual
//! mesh in its body frame.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use wolfe::{ConvexShape, Shape, SupportMap, Vec3};

use crate::error::TrajectoryError;

/// A triangle mesh as an OBJ file holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct TriMesh {
    /// Vertex positions, metres.
    pub vertices: Vec<[f64; 3]>,
    /// Triangles as 0-based vertex indices, counter-clockwise seen from outside.
    pub triangles: Vec<[u32; 3]>,
}

impl TriMesh {
    /// The vertices and faces of a convex mesh.
    pub fn from_convex_mesh(mesh: &wolfe::ConvexMesh) -> Self {
        Self {
            vertices: mesh.vertices().iter().map(|v| [v.x, v.y, v.z]).collect(),
            triangles: mesh.faces().to_vec(),
        }
    }
}

/// Writes `mesh` as an OBJ file at `path` (numbers in Rust's shortest round-trip
/// formatting, so that reading gives the same `f64` values back).
pub fn write_obj(path: &Path, mesh: &TriMesh) -> Result<(), TrajectoryError> {
    let io = TrajectoryError::io(path);
    let mut f = BufWriter::new(File::create(path).map_err(&io)?);
    for v in &mesh.vertices {
        writeln!(f, "v {} {} {}", v[0], v[1], v[2]).map_err(&io)?;
    }
    for t in &mesh.triangles {
        writeln!(f, "f {} {} {}", t[0] + 1, t[1] + 1, t[2] + 1).map_err(&io)?;
    }
    f.flush().map_err(&io)
}

/// Reads the triangles of an OBJ file: its `v` lines in file order (so that a written
/// mesh reads back vertex for vertex) and its `f` lines (`i`, `i/t`, `i//n` or `i/t/n`
/// per corner, negative indices counted back from the last vertex so far; polygons
/// fanned into triangles). Other lines (normals, texture coordinates, groups, materials,
/// comments) are ignored. A bad line is a [`TrajectoryError::Mesh`] naming the file and
/// the line.
pub fn read_obj(path: &Path) -> Result<TriMesh, TrajectoryError> {
    let text = std::fs::read_to_string(path).map_err(|e| TrajectoryError::Mesh {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    parse_obj(&text).map_err(|reason| TrajectoryError::Mesh {
        path: path.to_path_buf(),
        reason,
    })
}

/// The mesh of an OBJ file's text, or what is wrong (with its 1-based line).
fn parse_obj(text: &str) -> Result<TriMesh, String> {
    let mut mesh = TriMesh {
        vertices: Vec::new(),
        triangles: Vec::new(),
    };
    let mut corners: Vec<u32> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let at = |what: &str| format!("line {}: {what}", k + 1);
        let mut words = line.split_whitespace();
        match words.next() {
            Some("v") => {
                let mut v = [0.0; 3];
                for x in &mut v {
                    *x = words
                        .next()
                        .and_then(|w| w.parse::<f64>().ok())
                        .filter(|x| x.is_finite())
                        .ok_or_else(|| at("a vertex needs three finite coordinates"))?;
                }
                mesh.vertices.push(v);
            }
            Some("f") => {
                corners.clear();
                for w in words {
                    let index = w.split('/').next().and_then(|i| i.parse::<i64>().ok());
                    let n = mesh.vertices.len() as i64;
                    let i = match index {
                        Some(i) if i > 0 => i - 1,
                        Some(i) if i < 0 => n + i,
                        _ => -1,
                    };
                    let i = u32::try_from(i).map_err(|_| at(&format!("bad vertex index `{w}`")))?;
                    corners.push(i);
                }
                if corners.len() < 3 {
                    return Err(at("a face needs three corners"));
                }
                for j in 1..corners.len() - 1 {
                    mesh.triangles.push([corners[0], corners[j], corners[j + 1]]);
                }
            }
            _ => {}
        }
    }
    let n = mesh.vertices.len();
    if let Some(t) = mesh.triangles.iter().find(|t| t.iter().any(|&i| i as usize >= n)) {
        return Err(format!(
            "a face names a vertex beyond the {n} vertices: {t:?} (0-based)"
        ));
    }
    if mesh.triangles.is_empty() {
        return Err("no triangles".into());
    }
    Ok(mesh)
}

/// Directions over the sphere (a Fibonacci lattice) at which an inflated shape's
/// support function is sampled for its drawn hull.
pub const HULL_SAMPLES: usize = 256;

/// The hull of a shape sampled at [`HULL_SAMPLES`] support points
/// `S(d) = S_core(d) + r d` (unit `d`, `r` the shape's radius), for drawing an inflated
/// shape (`None` if the hull is degenerate).
pub fn sampled_hull(shape: &Shape) -> Option<wolfe::ConvexMesh> {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let r = shape.radius();
    let points: Vec<Vec3> = (0..HULL_SAMPLES)
        .map(|k| {
            let z = 1.0 - 2.0 * (k as f64 + 0.5) / HULL_SAMPLES as f64;
            let rho = (1.0 - z * z).sqrt();
            let phi = golden * k as f64;
            let d = Vec3::new(rho * phi.cos(), rho * phi.sin(), z);
            shape.local_support(&d) + r * d
        })
        .collect();
    wolfe::ConvexMesh::from_points(&points).ok()
}

/// The mesh `scene.csv` names for a shape: a mesh's hull, an inflated shape's sampled
/// hull, none for the other primitives (drawn from their parameters).
pub fn shape_mesh(shape: &Shape) -> Option<TriMesh> {
    match shape {
        Shape::ConvexMesh(m) => Some(TriMesh::from_convex_mesh(m)),
        Shape::Inflated(_) => sampled_hull(shape).map(|m| TriMesh::from_convex_mesh(&m)),
        _ => None,
    }
}
