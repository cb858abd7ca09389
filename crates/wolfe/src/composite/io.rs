//! Loading triangle meshes as they are (no hull) from OBJ (`tobj`) and STL (`stl_io`)
//! files, with the same guards as the convex loaders of `mesh/io.rs`.

use std::path::Path;

use super::trimesh::TriMesh;
use crate::error::WolfeError;
use crate::math::Vec3;
use crate::mesh::io::{check_relative_indices, open};

/// The vertices and triangles of a mesh file, chosen by extension (`.obj`, `.stl`,
/// any case): polygons are fanned into triangles, every OBJ object is kept (indices
/// offset), STL vertices are the file's distinct positions.
pub fn read_triangles(path: impl AsRef<Path>) -> Result<(Vec<Vec3>, Vec<[u32; 3]>), WolfeError> {
    let path = path.as_ref();
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("obj") => read_obj(path),
        Some("stl") => read_stl(path),
        _ => Err(WolfeError::Parse {
            path: path.to_path_buf(),
            message: "unknown mesh format: the extension must be .obj or .stl".into(),
        }),
    }
}

fn parse_error(path: &Path, message: impl ToString) -> WolfeError {
    WolfeError::Parse {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

fn read_obj(path: &Path) -> Result<(Vec<Vec3>, Vec<[u32; 3]>), WolfeError> {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut open(path)?, &mut text).map_err(|e| parse_error(path, e))?;
    check_relative_indices(&text, path)?;
    let options = tobj::LoadOptions {
        single_index: true,
        triangulate: true,
        ignore_points: true,
        ignore_lines: true,
    };
    let (models, _) = tobj::load_obj_buf(&mut text.as_bytes(), &options, |_| {
        Err(tobj::LoadError::OpenFileFailed)
    })
    .map_err(|e| parse_error(path, e))?;
    let mut vertices = Vec::new();
    let mut triangles = Vec::new();
    for m in &models {
        let offset = vertices.len() as u32;
        vertices.extend(
            m.mesh
                .positions
                .chunks_exact(3)
                .map(|c| Vec3::new(c[0], c[1], c[2])),
        );
        triangles.extend(
            m.mesh
                .indices
                .chunks_exact(3)
                .map(|t| [t[0] + offset, t[1] + offset, t[2] + offset]),
        );
    }
    Ok((vertices, triangles))
}

fn read_stl(path: &Path) -> Result<(Vec<Vec3>, Vec<[u32; 3]>), WolfeError> {
    let mesh = stl_io::read_stl(&mut open(path)?).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidData | std::io::ErrorKind::UnexpectedEof => parse_error(path, e),
        _ => WolfeError::Io {
            path: path.to_path_buf(),
            source: e,
        },
    })?;
    let vertices = mesh
        .vertices
        .iter()
        .map(|v| Vec3::new(f64::from(v[0]), f64::from(v[1]), f64::from(v[2])))
        .collect();
    let triangles = mesh.faces.iter().map(|f| f.vertices.map(|i| i as u32)).collect();
    Ok((vertices, triangles))
}

impl TriMesh {
    /// Loads an OBJ or STL file as the mesh it is (no hull): [`read_triangles`], then
    /// [`TriMesh::new`] (a degenerate triangle is an error naming it).
    pub fn load(path: impl AsRef<Path>) -> Result<TriMesh, WolfeError> {
        let (v, t) = read_triangles(path)?;
        TriMesh::new(v, t)
    }

    /// As [`TriMesh::load`], dropping triangles without area (as exported meshes often
    /// carry), with how many were dropped ([`TriMesh::new_skipping_degenerate`]).
    pub fn load_skipping_degenerate(path: impl AsRef<Path>) -> Result<(TriMesh, usize), WolfeError> {
        let (v, t) = read_triangles(path)?;
        TriMesh::new_skipping_degenerate(v, t)
    }
}
