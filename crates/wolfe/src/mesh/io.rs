//! Loading meshes from OBJ (crate `tobj`) and STL (crate `stl_io`) files. Only vertex
//! positions are used: the hull is recomputed, so the file's faces need not be convex,
//! closed or consistently oriented.

use super::ConvexMesh;
use crate::error::WolfeError;
use crate::math::Vec3;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

pub(crate) fn open(path: &Path) -> Result<BufReader<File>, WolfeError> {
    File::open(path)
        .map(BufReader::new)
        .map_err(|source| WolfeError::Io {
            path: path.to_path_buf(),
            source,
        })
}

/// Refuses a relative (negative) index of a face, line or point element that reaches
/// before the first vertex, texture coordinate or normal defined so far: `tobj` 4.0
/// overflows on such an index (`f 1/-3` after one `vt`), so it must not see one
/// (found by the `obj` fuzz target, issue 21).
pub(crate) fn check_relative_indices(text: &str, path: &Path) -> Result<(), WolfeError> {
    let mut counts = [0usize; 3]; // v, vt, vn
    for (line_no, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("v") => counts[0] += 1,
            Some("vt") => counts[1] += 1,
            Some("vn") => counts[2] += 1,
            Some("f" | "l" | "p") => {
                for word in words {
                    for (slot, part) in word.split('/').enumerate().take(3) {
                        let Some(back) = part.strip_prefix('-') else {
                            continue;
                        };
                        let Ok(back) = back.parse::<usize>() else { continue };
                        if back > counts[slot] {
                            return Err(WolfeError::Parse {
                                path: path.to_path_buf(),
                                message: format!(
                                    "line {}: relative index -{back} reaches before the first {} ({} defined so far)",
                                    line_no + 1,
                                    ["vertex", "texture coordinate", "normal"][slot],
                                    counts[slot]
                                ),
                            });
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The positions of an OBJ stream: the vertices referenced by its faces, lines or points
/// (what `tobj` exports), in double precision (`tobj` feature `use_f64`, so that files
/// written with more than 7 significant digits load exactly).
pub(crate) fn obj_positions(
    reader: &mut impl std::io::BufRead, path: &Path,
) -> Result<Vec<Vec3>, WolfeError> {
    let mut text = String::new();
    reader.read_to_string(&mut text).map_err(|e| WolfeError::Parse {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    check_relative_indices(&text, path)?;
    // Materials are irrelevant for a hull; never open `mtllib` files (a missing or
    // malformed one must not fail the load).
    let (models, _materials) =
        tobj::load_obj_buf(&mut text.as_bytes(), &tobj::LoadOptions::default(), |_| {
            Err(tobj::LoadError::OpenFileFailed)
        })
        .map_err(|e| WolfeError::Parse {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
    let referenced: Vec<Vec3> = models
        .iter()
        .flat_map(|m| m.mesh.positions.chunks_exact(3))
        // f64 with the `use_f64` feature enabled in Cargo.toml.
        .map(|c| Vec3::new(c[0], c[1], c[2]))
        .collect();
    if !referenced.is_empty() {
        return Ok(referenced);
    }
    // No face, line or point element: a bare point cloud. `tobj` exports nothing then,
    // so read the `v x y z` lines themselves (their syntax was checked by `tobj` above).
    let mut points = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        if words.next() != Some("v") {
            continue;
        }
        let xyz: Vec<f64> = words.take(3).filter_map(|w| w.parse().ok()).collect();
        if let [x, y, z] = xyz[..] {
            points.push(Vec3::new(x, y, z));
        } else {
            return Err(WolfeError::Parse {
                path: path.to_path_buf(),
                message: format!("bad vertex line `{line}`"),
            });
        }
    }
    Ok(points)
}

/// The distinct vertex positions of an STL stream (ASCII or binary, single precision).
pub(crate) fn stl_positions(
    reader: &mut (impl std::io::Read + std::io::Seek), path: &Path,
) -> Result<Vec<Vec3>, WolfeError> {
    let mesh = stl_io::read_stl(reader).map_err(|e| match e.kind() {
        // Bad content, or a binary file shorter than its triangle count says.
        std::io::ErrorKind::InvalidData | std::io::ErrorKind::UnexpectedEof => WolfeError::Parse {
            path: path.to_path_buf(),
            message: e.to_string(),
        },
        _ => WolfeError::Io {
            path: path.to_path_buf(),
            source: e,
        },
    })?;
    Ok(mesh
        .vertices
        .iter()
        .map(|v| Vec3::new(f64::from(v[0]), f64::from(v[1]), f64::from(v[2])))
        .collect())
}

impl ConvexMesh {
    /// Loads an OBJ file and returns the solid convex hull of its vertices.
    ///
    /// Faces are not used except that, as `tobj` exports them, only vertices referenced
    /// by some face, line or point element count; a file of bare `v` lines (a point cloud)
    /// gives the hull of all its points.
    /// Materials are ignored. Errors: [`WolfeError::Io`] if the file cannot be opened,
    /// [`WolfeError::Parse`] for malformed content, then the errors of
    /// [`ConvexMesh::from_points`] (empty, NaN coordinates, flat point sets).
    pub fn from_obj(path: impl AsRef<Path>) -> Result<Self, WolfeError> {
        let path = path.as_ref();
        let points = obj_positions(&mut open(path)?, path)?;
        Self::from_points(&points)
    }

    /// Loads an STL file (ASCII or binary) and returns the solid convex hull of its
    /// vertices. Errors as for [`ConvexMesh::from_obj`].
    pub fn from_stl(path: impl AsRef<Path>) -> Result<Self, WolfeError> {
        let path = path.as_ref();
        let points = stl_positions(&mut open(path)?, path)?;
        Self::from_points(&points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn obj(text: &str) -> Result<Vec<Vec3>, WolfeError> {
        obj_positions(&mut Cursor::new(text.as_bytes()), Path::new("test.obj"))
    }

    fn stl(bytes: &[u8]) -> Result<Vec<Vec3>, WolfeError> {
        stl_positions(&mut Cursor::new(bytes), Path::new("test.stl"))
    }

    #[test]
    fn obj_quads_and_full_precision() {
        let text = "mtllib missing.mtl\nv 0.123456789012 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nusemtl x\nf 1 2 3 4\nf 1/1 2/1 5/1\n";
        let p = obj(text).unwrap();
        assert_eq!(p.len(), 5);
        assert!(p.contains(&Vec3::new(0.123456789012, 0.0, 0.0)), "{p:?}");
    }

    #[test]
    fn obj_errors_are_typed() {
        assert!(matches!(obj("v 1 2\nf 1 1 1\n"), Err(WolfeError::Parse { .. })));
        assert!(matches!(obj("v 1 2 3\nf 1 2 7\n"), Err(WolfeError::Parse { .. })));
        assert!(matches!(obj("v a b c\n"), Err(WolfeError::Parse { .. })));
        assert!(obj("").unwrap().is_empty());
        // Bare vertex lines: every point counts (the hull of a point cloud).
        let cloud = obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0.2 0.2 0.2\n").unwrap();
        assert_eq!(cloud.len(), 5);
        let nan = obj("v nan 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n").unwrap();
        assert!(nan.iter().any(|p| p.x.is_nan()));
    }

    #[test]
    fn obj_point_cloud_file_is_its_hull() {
        let dir = std::env::temp_dir().join(format!("wolfe-cloud-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("cloud.obj");
        // The unit tetrahedron's corners and an inner point: volume 1/6, 4 vertices.
        std::fs::write(&path, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0.1 0.1 0.1\n").unwrap();
        // `impl AsRef<Path>`: a `PathBuf`, a `&Path` and a `&str` all work.
        let mesh = ConvexMesh::from_obj(&path).unwrap();
        assert_eq!(mesh.vertices().len(), 4);
        assert!(ConvexMesh::from_obj(path.to_str().unwrap()).is_ok());
        // Fewer than 4 affinely independent points is an error, not "no vertices".
        std::fs::write(&path, "v 0 0 0\n").unwrap();
        let err = ConvexMesh::from_obj(path.clone()).unwrap_err();
        assert!(!err.to_string().contains("no vertices"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn stl_ascii_binary_and_garbage() {
        let ascii = b"solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n";
        assert_eq!(stl(ascii).unwrap().len(), 3);
        let mut bin = vec![0u8; 80];
        bin.extend(1u32.to_le_bytes());
        for v in [[0f32; 3], [0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]] {
            for c in v {
                bin.extend(c.to_le_bytes());
            }
        }
        bin.extend([0u8; 2]);
        assert_eq!(stl(&bin).unwrap().len(), 3);
        // Truncated binary, empty file, and a count that promises more than is there.
        assert!(matches!(stl(&bin[..100]), Err(WolfeError::Parse { .. })));
        assert!(matches!(stl(b""), Err(WolfeError::Parse { .. })));
        let mut lying = vec![0u8; 80];
        lying.extend(u32::MAX.to_le_bytes());
        assert!(matches!(stl(&lying), Err(WolfeError::Parse { .. })));
    }
}
