//! The shapes and poses of `wolfe distance|contact|growth` as written on the command
//! line: a primitive inline (`sphere:0.1`, `box:0.1,0.2,0.3`, ...) or a mesh file
//! (`.obj`, `.stl`), and a pose as 3 or 7 comma-separated numbers.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use wolfe::{Capsule, Cone, ConvexMesh, Cuboid, Cylinder, Ellipsoid, Pose, Shape, Sphere, Vec3, WolfeError};

/// The primitives written inline: name, parameter names (the help's words), and how
/// many numbers they take.
pub const PRIMITIVES: [(&str, &str); 6] = [
    ("sphere", "R"),
    ("box", "HX,HY,HZ (half extents)"),
    ("capsule", "R,HALF_LENGTH"),
    ("cylinder", "R,HALF_LENGTH"),
    ("cone", "R,HALF_LENGTH"),
    ("ellipsoid", "A,B,C (semi-axes)"),
];

/// A quaternion whose norm is within this of 1 is normalized (hand-typed values such as
/// `0.7071,0,0,0.7071`); further from 1 it is refused as a likely typo.
pub const QUATERNION_TYPING_TOLERANCE: f64 = 1e-3;

/// What is wrong with a shape or pose written on the command line.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// A shape name that is neither a primitive nor a mesh file.
    #[error(
        "unknown shape `{0}`: expected sphere:R, box:HX,HY,HZ, capsule:R,HALF_LENGTH, \
         cylinder:R,HALF_LENGTH, cone:R,HALF_LENGTH, ellipsoid:A,B,C, or a .obj/.stl file"
    )]
    UnknownShape(String),
    /// A primitive with the wrong count of numbers.
    #[error("`{spec}`: {kind} takes {expected} number(s) ({params}), got {got}")]
    Count {
        /// The text as written.
        spec: String,
        /// The primitive.
        kind: &'static str,
        /// The parameters, in words.
        params: &'static str,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        got: usize,
    },
    /// A field that is not a number, or not a finite one.
    #[error("`{spec}`: `{field}` is not a finite number")]
    Number {
        /// The text as written.
        spec: String,
        /// The offending field.
        field: String,
    },
    /// The library refused the parameters (not positive, out of range, ...).
    #[error("`{spec}`: {source}")]
    Invalid {
        /// The text as written.
        spec: String,
        /// The library's reason.
        source: WolfeError,
    },
    /// A mesh file that does not exist.
    #[error("mesh file {} does not exist", .0.display())]
    MissingFile(PathBuf),
    /// A mesh file that could not be read or turned into a solid hull.
    #[error("mesh file {}: {source}", path.display())]
    Mesh {
        /// The file.
        path: PathBuf,
        /// The library's reason.
        source: WolfeError,
    },
    /// A pose with the wrong count of numbers.
    #[error("pose `{0}`: expected x,y,z or x,y,z,qw,qx,qy,qz (7 numbers), got {1}")]
    PoseCount(String, usize),
    /// A quaternion too far from unit to be a rotation typed by hand.
    #[error("pose `{spec}`: the quaternion (qw,qx,qy,qz) has norm {norm}, not 1")]
    Quaternion {
        /// The text as written.
        spec: String,
        /// Its norm.
        norm: f64,
    },
}

/// A shape read from the command line, with what the output says about it.
#[derive(Debug)]
pub struct ParsedShape {
    /// The shape.
    pub shape: Shape,
    /// The text as written.
    pub spec: String,
    /// Meshes only: how many vertices the convex hull has.
    pub hull_vertices: Option<usize>,
    /// Meshes only: why the file is not convex (so the query uses its hull), if it is not.
    pub not_convex: Option<String>,
}

/// Reads a shape: `NAME:N1,N2,...` for a primitive, else a mesh file by extension.
pub fn parse_shape(spec: &str) -> Result<ParsedShape, SpecError> {
    if let Some((name, params)) = spec.split_once(':') {
        if let Some(&(kind, words)) = PRIMITIVES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        {
            let shape = primitive(spec, kind, words, params)?;
            return Ok(ParsedShape {
                shape,
                spec: spec.to_string(),
                hull_vertices: None,
                not_convex: None,
            });
        }
    }
    let path = Path::new(spec);
    match mesh_format(path) {
        Some(format) => mesh(spec, path, format),
        None => Err(SpecError::UnknownShape(spec.to_string())),
    }
}

/// The numbers of a comma-separated list, each finite.
fn numbers(spec: &str, text: &str) -> Result<Vec<f64>, SpecError> {
    text.split(',')
        .map(|field| {
            let field = field.trim();
            field
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| SpecError::Number {
                    spec: spec.to_string(),
                    field: field.to_string(),
                })
        })
        .collect()
}

fn primitive(spec: &str, kind: &'static str, params: &'static str, text: &str) -> Result<Shape, SpecError> {
    let v = numbers(spec, text)?;
    let expected = match kind {
        "sphere" => 1,
        "box" | "ellipsoid" => 3,
        _ => 2,
    };
    if v.len() != expected {
        return Err(SpecError::Count {
            spec: spec.to_string(),
            kind,
            params,
            expected,
            got: v.len(),
        });
    }
    let shape: Result<Shape, WolfeError> = match kind {
        "sphere" => Sphere::new(v[0]).map(Into::into),
        "box" => Cuboid::new([v[0], v[1], v[2]]).map(Into::into),
        "ellipsoid" => Ellipsoid::new([v[0], v[1], v[2]]).map(Into::into),
        "capsule" => Capsule::new(v[0], v[1]).map(Into::into),
        "cylinder" => Cylinder::new(v[0], v[1]).map(Into::into),
        _ => Cone::new(v[0], v[1]).map(Into::into),
    };
    shape.map_err(|source| SpecError::Invalid {
        spec: spec.to_string(),
        source,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MeshFormat {
    Obj,
    Stl,
}

fn mesh_format(path: &Path) -> Option<MeshFormat> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "obj" => Some(MeshFormat::Obj),
        "stl" => Some(MeshFormat::Stl),
        _ => None,
    }
}

fn mesh(spec: &str, path: &Path, format: MeshFormat) -> Result<ParsedShape, SpecError> {
    if !path.is_file() {
        return Err(SpecError::MissingFile(path.to_path_buf()));
    }
    let mesh_error = |source| SpecError::Mesh {
        path: path.to_path_buf(),
        source,
    };
    let hull = match format {
        MeshFormat::Obj => ConvexMesh::from_obj(path),
        MeshFormat::Stl => ConvexMesh::from_stl(path),
    }
    .map_err(mesh_error)?;
    let triangles = match format {
        MeshFormat::Obj => obj_triangles(path),
        MeshFormat::Stl => stl_triangles(path),
    }
    .map_err(|message| {
        mesh_error(WolfeError::Parse {
            path: path.to_path_buf(),
            message,
        })
    })?;
    let not_convex = if triangles.is_empty() {
        Some("it has no faces (a point cloud)".to_string())
    } else {
        let inside = triangles_inside(&hull, &triangles);
        (inside > 0).then(|| {
            format!(
                "{inside} of its {} triangles lie inside its convex hull",
                triangles.len()
            )
        })
    };
    Ok(ParsedShape {
        hull_vertices: Some(hull.vertices().len()),
        shape: Shape::ConvexMesh(Arc::new(hull)),
        spec: spec.to_string(),
        not_convex,
    })
}

/// The triangles of an OBJ file (faces triangulated), as the library's loader reads it.
fn obj_triangles(path: &Path) -> Result<Vec<[Vec3; 3]>, String> {
    let options = tobj::LoadOptions {
        triangulate: true,
        single_index: true,
        ..Default::default()
    };
    let (models, _) = tobj::load_obj(path, &options).map_err(|e| e.to_string())?;
    let mut triangles = Vec::new();
    for m in &models {
        let p = &m.mesh.positions;
        let vertex = |i: u32| -> Result<Vec3, String> {
            let i = i as usize * 3;
            p.get(i..i + 3)
                .map(|c| Vec3::new(c[0], c[1], c[2]))
                .ok_or_else(|| format!("face index {} out of range", i / 3 + 1))
        };
        for t in m.mesh.indices.chunks_exact(3) {
            triangles.push([vertex(t[0])?, vertex(t[1])?, vertex(t[2])?]);
        }
    }
    Ok(triangles)
}

/// The triangles of an STL file (ASCII or binary).
fn stl_triangles(path: &Path) -> Result<Vec<[Vec3; 3]>, String> {
    let mut file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mesh = stl_io::read_stl(&mut file).map_err(|e| e.to_string())?;
    let vertex = |i: usize| -> Result<Vec3, String> {
        mesh.vertices
            .get(i)
            .map(|v| Vec3::new(f64::from(v[0]), f64::from(v[1]), f64::from(v[2])))
            .ok_or_else(|| format!("vertex index {i} out of range"))
    };
    mesh.faces
        .iter()
        .map(|f| {
            Ok([
                vertex(f.vertices[0])?,
                vertex(f.vertices[1])?,
                vertex(f.vertices[2])?,
            ])
        })
        .collect()
}

/// How many of the (non-degenerate) triangles do not lie on the boundary of the hull.
///
/// A triangle lies on the boundary when its plane supports the hull: with `n` its normal
/// (either orientation), no hull vertex lies beyond the plane by more than a tolerance
/// (1e-6 of the hull's size). A closed surface whose every triangle does is its hull's
/// surface, so a count of 0 means the file is convex.
pub fn triangles_inside(hull: &ConvexMesh, triangles: &[[Vec3; 3]]) -> usize {
    let v = hull.vertices();
    let (lo, hi) = v.iter().fold(
        (Vec3::repeat(f64::INFINITY), Vec3::repeat(f64::NEG_INFINITY)),
        |(lo, hi), p| (lo.inf(p), hi.sup(p)),
    );
    let tolerance = 1e-6 * ((hi - lo).norm() + lo.abs().max().max(hi.abs().max()));
    triangles
        .iter()
        .filter(|[p, q, r]| {
            let Some(n) = (q - p).cross(&(r - p)).try_normalize(0.0) else {
                return false; // degenerate: no plane to test
            };
            let beyond = |d: Vec3| v[hull.support_vertex(&d) as usize].dot(&d) - p.dot(&d);
            beyond(n).min(beyond(-n)) > tolerance
        })
        .count()
}

/// Reads a pose: `x,y,z` (no rotation) or `x,y,z,qw,qx,qy,qz` (a unit quaternion, scalar
/// first, as in problem sets). A quaternion within [`QUATERNION_TYPING_TOLERANCE`] of
/// unit norm is normalized.
pub fn parse_pose(spec: &str) -> Result<Pose, SpecError> {
    let v = numbers(spec, spec)?;
    let (t, q) = match v[..] {
        [x, y, z] => ([x, y, z], [1.0, 0.0, 0.0, 0.0]),
        [x, y, z, w, qx, qy, qz] => {
            let norm = (w * w + qx * qx + qy * qy + qz * qz).sqrt();
            if (norm - 1.0).abs() > QUATERNION_TYPING_TOLERANCE {
                return Err(SpecError::Quaternion {
                    spec: spec.to_string(),
                    norm,
                });
            }
            ([x, y, z], [w / norm, qx / norm, qy / norm, qz / norm])
        }
        _ => return Err(SpecError::PoseCount(spec.to_string(), v.len())),
    };
    let invalid = |source| SpecError::Invalid {
        spec: spec.to_string(),
        source,
    };
    let pose = Pose::from_parts(t, q).map_err(invalid)?;
    // The queries' own check (the supported range), reported as the pose's.
    pose.validate().map_err(invalid)?;
    Ok(pose)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primitives_parse_with_their_parameters() {
        use wolfe::ConvexShape;
        for spec in [
            "sphere:0.1",
            "box:0.1,0.2,0.3",
            "capsule:0.1,0.2",
            "cylinder:0.1, 0.2",
            "cone:0.1,0.2",
            "ellipsoid:0.1,0.2,0.3",
            "Sphere:1e-2",
        ] {
            let s = parse_shape(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            assert_eq!(s.shape.kind(), spec.split(':').next().unwrap().to_lowercase());
        }
        let b = parse_shape("box:0.1,0.2,0.3").unwrap().shape.local_aabb();
        assert!((b.max - Vec3::new(0.1, 0.2, 0.3)).norm() < 1e-15, "half extents");
    }

    #[test]
    fn bad_shapes_say_what_is_wrong() {
        let cases = [
            ("sphere:", "`` is not a finite number"),
            ("sphere:nan", "`nan` is not a finite number"),
            ("sphere:inf", "not a finite number"),
            ("box:1,2", "box takes 3 number(s)"),
            ("capsule:1", "got 1"),
            ("sphere:-1", "sphere:-1"),
            ("torus:1,2", "unknown shape `torus:1,2`"),
            ("mug", "unknown shape `mug`"),
            ("no/such/file.obj", "does not exist"),
        ];
        for (spec, needle) in cases {
            let e = parse_shape(spec).unwrap_err().to_string();
            assert!(e.contains(needle), "{spec}: {e}");
        }
    }

    #[test]
    fn poses() {
        let p = parse_pose("1,2,3").unwrap();
        assert_eq!(p.translation, Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(p.rotation, wolfe::Quat::identity());
        // A quarter turn about z typed to four digits: x goes to y.
        let p = parse_pose("0,0,0,0.7071,0,0,0.7071").unwrap();
        assert!((p.rotation * Vec3::x() - Vec3::y()).norm() < 1e-12);
        for (spec, needle) in [
            ("1,2", "got 2"),
            ("1,2,3,1,0,0", "got 6"),
            ("1,2,3,1,0,0,1", "norm 1.41"),
            ("1,NaN,3", "`NaN` is not a finite number"),
            ("1,,3", "`` is not a finite number"),
        ] {
            let e = parse_pose(spec).unwrap_err().to_string();
            assert!(e.contains(needle), "{spec}: {e}");
        }
    }

    #[test]
    fn triangles_of_a_dented_box_lie_inside_its_hull() {
        let corners: Vec<Vec3> = (0..8)
            .map(|i| Vec3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
            .collect();
        let hull = ConvexMesh::from_points(&corners).unwrap();
        // The hull's own faces lie on it; a triangle through the centre does not.
        let own: Vec<[Vec3; 3]> = hull
            .faces()
            .iter()
            .map(|f| f.map(|i| hull.vertices()[i as usize]))
            .collect();
        assert_eq!(triangles_inside(&hull, &own), 0);
        let dent = [corners[0], corners[1], Vec3::new(0.5, 0.5, 0.5)];
        assert_eq!(triangles_inside(&hull, &[dent, own[0]]), 1);
    }
}
