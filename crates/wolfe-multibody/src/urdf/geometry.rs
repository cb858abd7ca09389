//! Collision and visual geometry of URDF links: mesh path resolution and wolfe shapes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use wolfe::{ConvexMesh, Cuboid, Cylinder, Shape, Sphere};

use super::xml::GeometryDesc;
use crate::error::UrdfError;
use crate::spatial::{Se3, Vec3};

/// A collision geometry of a link, ready for contact queries.
#[derive(Clone, Debug)]
pub struct CollisionGeometry {
    /// The URDF link it belongs to.
    pub link: String,
    /// The model body it moves with (`None`: the world, for a fixed base's root link).
    pub body: Option<usize>,
    /// Its placement in the body frame (URDF `<collision><origin>` composed with the
    /// link's weld placement).
    pub placement: Se3,
    /// The convex shape: primitives as they are, meshes as their convex hull (one hull per
    /// `<collision>` element).
    pub shape: Shape,
    /// What the file said.
    pub source: GeometryDesc,
    /// The resolved mesh file, for meshes.
    pub path: Option<PathBuf>,
}

/// A visual geometry of a link, kept for a viewer (never loaded).
#[derive(Clone, Debug)]
pub struct VisualGeometry {
    /// The URDF link it belongs to.
    pub link: String,
    /// The model body it moves with (`None`: the world).
    pub body: Option<usize>,
    /// Its placement in the body frame.
    pub placement: Se3,
    /// What the file said.
    pub source: GeometryDesc,
    /// The resolved mesh file, `None` for primitives and for mesh files that do not exist
    /// (a viewer then draws the link's collision geometry).
    pub path: Option<PathBuf>,
}

/// Where a mesh `filename` may live, in the order tried: `package://X/rest` as `X/rest`
/// in the URDF's folder and each of its ancestors, then as `rest` in the same folders;
/// a relative path in the URDF's folder; an absolute path (or `file://`) as is.
pub fn mesh_candidates(filename: &str, urdf_dir: &Path) -> Vec<PathBuf> {
    if let Some(rest) = filename.strip_prefix("package://") {
        let dirs: Vec<&Path> = urdf_dir.ancestors().collect();
        let stripped = rest.split_once('/').map(|(_, r)| r);
        let mut out: Vec<PathBuf> = dirs.iter().map(|d| d.join(rest)).collect();
        if let Some(r) = stripped {
            out.extend(dirs.iter().map(|d| d.join(r)));
        }
        out
    } else if let Some(abs) = filename.strip_prefix("file://") {
        vec![PathBuf::from(abs)]
    } else {
        vec![urdf_dir.join(filename)]
    }
}

/// The first existing candidate of [`mesh_candidates`].
pub fn resolve_mesh(filename: &str, urdf_dir: &Path) -> Result<PathBuf, Vec<PathBuf>> {
    let c = mesh_candidates(filename, urdf_dir);
    c.iter().find(|p| p.is_file()).cloned().ok_or(c)
}

/// Builds shapes, loading each (mesh file, scale) once.
#[derive(Default)]
pub(crate) struct ShapeLoader {
    meshes: HashMap<(PathBuf, [u64; 3]), Arc<ConvexMesh>>,
}

impl ShapeLoader {
    /// The shape of `desc` for `link`, and the mesh path it came from.
    pub fn shape(
        &mut self, link: &str, desc: &GeometryDesc, urdf_dir: &Path,
    ) -> Result<(Shape, Option<PathBuf>), UrdfError> {
        let bad = |message: String| UrdfError::BadGeometry {
            link: link.to_string(),
            message,
        };
        Ok(match desc {
            GeometryDesc::Box { size } => {
                let c = Cuboid::new([size[0] / 2.0, size[1] / 2.0, size[2] / 2.0])
                    .map_err(|e| bad(format!("box size {size:?}: {e}")))?;
                (Shape::Cuboid(c), None)
            }
            GeometryDesc::Cylinder { radius, length } => {
                let c = Cylinder::new(*radius, length / 2.0)
                    .map_err(|e| bad(format!("cylinder radius {radius} length {length}: {e}")))?;
                (Shape::Cylinder(c), None)
            }
            GeometryDesc::Sphere { radius } => (
                Shape::Sphere(Sphere::new(*radius).map_err(|e| bad(format!("sphere radius {radius}: {e}")))?),
                None,
            ),
            GeometryDesc::Capsule { .. } | GeometryDesc::Ellipsoid { .. } | GeometryDesc::Plane { .. } => {
                return Err(bad(format!("{desc:?} is not a URDF geometry")))
            }
            GeometryDesc::Mesh { filename, scale } => {
                let path = resolve_mesh(filename, urdf_dir).map_err(|tried| UrdfError::MissingMesh {
                    link: link.to_string(),
                    filename: filename.clone(),
                    tried,
                })?;
                let key = (path.clone(), scale.map(f64::to_bits));
                if let Some(m) = self.meshes.get(&key) {
                    return Ok((Shape::ConvexMesh(m.clone()), Some(path)));
                }
                let mesh = load_hull(&path, scale).map_err(|message| UrdfError::BadMesh {
                    link: link.to_string(),
                    path: path.clone(),
                    message,
                })?;
                let mesh = Arc::new(mesh);
                self.meshes.insert(key, mesh.clone());
                (Shape::ConvexMesh(mesh), Some(path))
            }
        })
    }
}

/// The convex hull of an OBJ or STL file's vertices, scaled per axis.
fn load_hull(path: &Path, scale: &[f64; 3]) -> Result<ConvexMesh, String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let hull = match ext.as_str() {
        "obj" => ConvexMesh::from_obj(path),
        "stl" => ConvexMesh::from_stl(path),
        _ => return Err(format!("unsupported mesh format '.{ext}' (OBJ and STL load)")),
    }
    .map_err(|e| e.to_string())?;
    if *scale == [1.0; 3] {
        return Ok(hull);
    }
    if scale.contains(&0.0) {
        return Err(format!("zero scale {scale:?}"));
    }
    // The hull of linearly mapped points is the mapped hull: scale the hull's vertices.
    let s = Vec3::from(*scale);
    let points: Vec<Vec3> = hull.vertices().iter().map(|v| v.component_mul(&s)).collect();
    ConvexMesh::from_points(&points).map_err(|e| e.to_string())
}
