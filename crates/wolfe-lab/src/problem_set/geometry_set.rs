//! Sets with non-convex geometry: `shapes.json` entries of type `trimesh` (a mesh as
//! given) and `compound` (convex parts at poses) besides the convex ones, read into
//! [`wolfe::Geometry`] values ([`GeometrySet`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use wolfe::{Compound, CompoundPart, ConvexMesh, Geometry, Pose, TriMesh, WolfeError};

use super::error::ProblemSetError;
use super::model::{NamedGeometry, Problem, ShapeKind, ShapeSpec, PROBLEMS_FILE, SHAPES_FILE};
use super::read_problems::{read_problems_with, Reference};
use super::read_shapes::{build_shape, check_unique_names, read_shape_specs};

/// A problem set whose shapes may be compounds or triangle meshes.
#[derive(Clone, Debug)]
pub struct GeometrySet {
    /// The directory it was read from.
    pub dir: PathBuf,
    /// The shape table, in file order.
    pub shapes: Vec<NamedGeometry>,
    /// The problems, in file order.
    pub problems: Vec<Problem>,
    /// Whether the problems carry reference answers (as [`super::ProblemSet`]'s).
    pub has_reference: bool,
}

impl GeometrySet {
    /// Reads `DIR/shapes.json` (each mesh file loaded once) and `DIR/problems.csv`,
    /// the reference columns optional.
    pub fn load_without_reference(dir: &Path) -> Result<Self, ProblemSetError> {
        let shapes = read_geometries(&dir.join(SHAPES_FILE))?;
        let (problems, has_reference) =
            read_problems_with(&dir.join(PROBLEMS_FILE), &shapes, Reference::Optional)?;
        Ok(Self {
            dir: dir.to_path_buf(),
            shapes,
            problems,
            has_reference,
        })
    }

    /// The geometries A and B of a problem.
    pub fn geometries_of(&self, problem: &Problem) -> (&Geometry, &Geometry) {
        (
            &self.shapes[problem.shape_a].geometry,
            &self.shapes[problem.shape_b].geometry,
        )
    }
}

/// Whether the set in `dir` has a `trimesh` or `compound` shape (then it needs a
/// [`GeometrySet`]); reads `shapes.json` only, loading no mesh.
pub fn has_composites(dir: &Path) -> Result<bool, ProblemSetError> {
    Ok(read_shape_specs(&dir.join(SHAPES_FILE))?
        .iter()
        .any(|s| !s.kind.is_convex()))
}

/// Reads a `shapes.json` with any kind of shape into geometries.
pub fn read_geometries(path: &Path) -> Result<Vec<NamedGeometry>, ProblemSetError> {
    let specs = read_shape_specs(path)?;
    check_unique_names(path, &specs)?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut hulls: HashMap<PathBuf, Arc<ConvexMesh>> = HashMap::new();
    let mut meshes: HashMap<PathBuf, Arc<TriMesh>> = HashMap::new();
    let mut out = Vec::with_capacity(specs.len());
    for (index, spec) in specs.iter().enumerate() {
        let ctx = Context {
            path,
            index,
            spec,
            base,
        };
        let geometry = match &spec.kind {
            ShapeKind::TriMesh { file } => Geometry::TriMesh(ctx.trimesh(file, &mut meshes)?),
            ShapeKind::Compound { parts } => {
                let mut built = Vec::with_capacity(parts.len());
                for (k, part) in parts.iter().enumerate() {
                    let part_spec = ShapeSpec {
                        name: format!("{}.parts[{k}]", spec.name),
                        kind: part.kind.clone(),
                    };
                    let shape = build_shape(path, index, &part_spec, base, &mut hulls)?;
                    let [x, y, z, qw, qx, qy, qz] = part.pose;
                    let pose = Pose::from_parts([x, y, z], [qw, qx, qy, qz])
                        .map_err(|e| ctx.field(&format!("parts[{k}].pose"), e))?;
                    built.push(CompoundPart::new(shape, pose));
                }
                Compound::new(built).map_err(|e| ctx.field("parts", e))?.into()
            }
            _ => Geometry::Convex(build_shape(path, index, spec, base, &mut hulls)?),
        };
        out.push(NamedGeometry {
            name: spec.name.clone(),
            geometry,
        });
    }
    Ok(out)
}

/// Where a shape is, for its errors.
struct Context<'a> {
    path: &'a Path,
    index: usize,
    spec: &'a ShapeSpec,
    base: &'a Path,
}

impl Context<'_> {
    fn field(&self, field: &str, e: WolfeError) -> ProblemSetError {
        ProblemSetError::ShapeField {
            path: self.path.to_path_buf(),
            index: self.index,
            name: self.spec.name.clone(),
            field: field.to_string(),
            message: e.to_string(),
        }
    }

    /// The mesh of `file` as given (loaded once per resolved path).
    fn trimesh(
        &self, file: &str, meshes: &mut HashMap<PathBuf, Arc<TriMesh>>,
    ) -> Result<Arc<TriMesh>, ProblemSetError> {
        let resolved = self.base.join(file);
        if let Some(m) = meshes.get(&resolved) {
            return Ok(Arc::clone(m));
        }
        if !resolved.is_file() {
            return Err(ProblemSetError::MissingMeshFile {
                path: self.path.to_path_buf(),
                shape: self.spec.name.clone(),
                file: resolved,
            });
        }
        let mesh = TriMesh::load(&resolved).map_err(|source| ProblemSetError::Mesh {
            path: self.path.to_path_buf(),
            shape: self.spec.name.clone(),
            file: resolved.clone(),
            source: Box::new(source),
        })?;
        let mesh = Arc::new(mesh);
        meshes.insert(resolved, Arc::clone(&mesh));
        Ok(mesh)
    }
}
