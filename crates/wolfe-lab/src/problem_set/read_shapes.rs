//! Reading `shapes.json`: JSON objects to shape descriptions to library shapes, each
//! mesh file loaded once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::{Map, Value};
use wolfe::{Capsule, Cone, ConvexMesh, Cuboid, Cylinder, Ellipsoid, Shape, Sphere, WolfeError};

use super::error::ProblemSetError;
use super::model::{NamedShape, PartSpec, ShapeKind, ShapeSpec};

/// Reads a `shapes.json` file; mesh files are resolved against the file's directory
/// and each distinct file is loaded once (shapes naming it share one `Arc`).
pub fn read_shapes(path: &Path) -> Result<Vec<NamedShape>, ProblemSetError> {
    let specs = read_shape_specs(path)?;
    check_unique_names(path, &specs)?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut meshes: HashMap<PathBuf, Arc<ConvexMesh>> = HashMap::new();
    let mut shapes = Vec::with_capacity(specs.len());
    for (index, spec) in specs.iter().enumerate() {
        let shape = build_shape(path, index, spec, base, &mut meshes)?;
        shapes.push(NamedShape {
            name: spec.name.clone(),
            shape,
        });
    }
    Ok(shapes)
}

/// Reads and parses a `shapes.json` file into shape descriptions (no mesh is loaded).
pub(crate) fn read_shape_specs(path: &Path) -> Result<Vec<ShapeSpec>, ProblemSetError> {
    let text = std::fs::read_to_string(path).map_err(|source| ProblemSetError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_shape_specs(path, &text)
}

/// [`ProblemSetError::DuplicateShapeName`] for the first name used twice.
pub(crate) fn check_unique_names(path: &Path, specs: &[ShapeSpec]) -> Result<(), ProblemSetError> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (index, spec) in specs.iter().enumerate() {
        if seen.insert(&spec.name, index).is_some() {
            return Err(ProblemSetError::DuplicateShapeName {
                path: path.to_path_buf(),
                index,
                name: spec.name.clone(),
            });
        }
    }
    Ok(())
}

/// Parses the text of a `shapes.json` file into shape descriptions (no mesh is loaded).
pub fn parse_shape_specs(path: &Path, text: &str) -> Result<Vec<ShapeSpec>, ProblemSetError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ProblemSetError::Json {
        path: path.to_path_buf(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let Value::Array(items) = value else {
        return Err(ProblemSetError::NotAShapeArray {
            path: path.to_path_buf(),
            message: format!("expected a JSON array of shapes, found {}", json_kind(&value)),
        });
    };
    items
        .iter()
        .enumerate()
        .map(|(index, item)| parse_shape_spec(path, index, item))
        .collect()
}

/// The JSON type of a value, for messages.
fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Field access on one shape object, with errors that name the shape.
struct ShapeObject<'a> {
    path: &'a Path,
    index: usize,
    name: String,
    obj: &'a Map<String, Value>,
}

impl ShapeObject<'_> {
    fn error(&self, field: &str, message: impl Into<String>) -> ProblemSetError {
        ProblemSetError::ShapeField {
            path: self.path.to_path_buf(),
            index: self.index,
            name: self.name.clone(),
            field: field.to_string(),
            message: message.into(),
        }
    }

    fn get(&self, field: &str) -> Result<&Value, ProblemSetError> {
        self.obj
            .get(field)
            .ok_or_else(|| self.error(field, "missing field"))
    }

    fn string(&self, field: &str) -> Result<String, ProblemSetError> {
        match self.get(field)? {
            Value::String(s) => Ok(s.clone()),
            v => Err(self.error(field, format!("expected a string, found {}", json_kind(v)))),
        }
    }

    fn number(&self, field: &str) -> Result<f64, ProblemSetError> {
        let v = self.get(field)?;
        v.as_f64()
            .ok_or_else(|| self.error(field, format!("expected a number, found {}", json_kind(v))))
    }

    fn vec3(&self, field: &str) -> Result<[f64; 3], ProblemSetError> {
        let v = self.get(field)?;
        let bad = || {
            self.error(
                field,
                format!("expected an array of 3 numbers, found {}", compact(v)),
            )
        };
        let Value::Array(items) = v else {
            return Err(bad());
        };
        if items.len() != 3 {
            return Err(bad());
        }
        let mut out = [0.0; 3];
        for (o, item) in out.iter_mut().zip(items) {
            *o = item.as_f64().ok_or_else(bad)?;
        }
        Ok(out)
    }
}

/// A short rendering of a JSON value for messages.
fn compact(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        format!("{}...", s.chars().take(57).collect::<String>())
    } else {
        s
    }
}

fn parse_shape_spec(path: &Path, index: usize, item: &Value) -> Result<ShapeSpec, ProblemSetError> {
    let Value::Object(obj) = item else {
        return Err(ProblemSetError::NotAShapeArray {
            path: path.to_path_buf(),
            message: format!("shape #{index} is {}, expected an object", json_kind(item)),
        });
    };
    let mut s = ShapeObject {
        path,
        index,
        name: "?".to_string(),
        obj,
    };
    s.name = s.string("name")?;
    let kind = parse_kind(&s)?;
    // Unknown fields are ignored: tools add their own (a mesh's source, a note). A
    // misspelt required field is still an error ("missing field").
    Ok(ShapeSpec { name: s.name, kind })
}

/// The type and parameters of a shape object (a compound's parts recursively, each
/// convex).
fn parse_kind(s: &ShapeObject<'_>) -> Result<ShapeKind, ProblemSetError> {
    Ok(match s.string("type")?.as_str() {
        "sphere" => ShapeKind::Sphere {
            radius: s.number("radius")?,
        },
        "ellipsoid" => ShapeKind::Ellipsoid {
            radii: s.vec3("radii")?,
        },
        "box" => ShapeKind::Box {
            half_extents: s.vec3("half_extents")?,
        },
        "capsule" => ShapeKind::Capsule {
            radius: s.number("radius")?,
            half_length: s.number("half_length")?,
        },
        "cylinder" => ShapeKind::Cylinder {
            radius: s.number("radius")?,
            half_length: s.number("half_length")?,
        },
        "cone" => ShapeKind::Cone {
            radius: s.number("radius")?,
            half_length: s.number("half_length")?,
        },
        "mesh" => ShapeKind::Mesh {
            file: s.string("file")?,
        },
        "trimesh" => ShapeKind::TriMesh {
            file: s.string("file")?,
        },
        "compound" => ShapeKind::Compound {
            parts: parse_parts(s)?,
        },
        other => {
            return Err(s.error(
                "type",
                format!(
                    "unknown shape type `{other}` (expected sphere, ellipsoid, box, capsule, \
                     cylinder, cone, mesh, trimesh or compound)"
                ),
            ))
        }
    })
}

/// The `parts` of a compound: objects with a convex shape's fields and a `pose`.
fn parse_parts(s: &ShapeObject<'_>) -> Result<Vec<PartSpec>, ProblemSetError> {
    let Value::Array(items) = s.get("parts")? else {
        return Err(s.error("parts", "expected an array of part objects"));
    };
    if items.is_empty() {
        return Err(s.error("parts", "a compound needs at least one part"));
    }
    let mut parts = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let field = format!("parts[{k}]");
        let Value::Object(obj) = item else {
            return Err(s.error(&field, format!("expected an object, found {}", json_kind(item))));
        };
        let part = ShapeObject {
            path: s.path,
            index: s.index,
            name: format!("{}.{field}", s.name),
            obj,
        };
        let kind = parse_kind(&part)?;
        if !kind.is_convex() {
            return Err(part.error("type", "a compound's part must be a convex shape"));
        }
        let v = part.get("pose")?;
        let bad = || {
            part.error(
                "pose",
                format!("expected [x, y, z, qw, qx, qy, qz], found {}", compact(v)),
            )
        };
        let Value::Array(numbers) = v else {
            return Err(bad());
        };
        if numbers.len() != 7 {
            return Err(bad());
        }
        let mut pose = [0.0; 7];
        for (o, n) in pose.iter_mut().zip(numbers) {
            *o = n.as_f64().ok_or_else(bad)?;
        }
        parts.push(PartSpec { kind, pose });
    }
    Ok(parts)
}

/// Builds the library shape of a description; meshes are cached by resolved path.
pub(super) fn build_shape(
    path: &Path, index: usize, spec: &ShapeSpec, base: &Path, meshes: &mut HashMap<PathBuf, Arc<ConvexMesh>>,
) -> Result<Shape, ProblemSetError> {
    let invalid = |e: WolfeError| {
        let field = match &e {
            WolfeError::InvalidShapeParameter { parameter, .. } => parameter.to_string(),
            _ => "type".to_string(),
        };
        ProblemSetError::ShapeField {
            path: path.to_path_buf(),
            index,
            name: spec.name.clone(),
            field,
            message: e.to_string(),
        }
    };
    let shape: Shape = match &spec.kind {
        ShapeKind::Sphere { radius } => Sphere::new(*radius).map_err(invalid)?.into(),
        ShapeKind::Ellipsoid { radii } => Ellipsoid::new(*radii).map_err(invalid)?.into(),
        ShapeKind::Box { half_extents } => Cuboid::new(*half_extents).map_err(invalid)?.into(),
        ShapeKind::Capsule { radius, half_length } => {
            Capsule::new(*radius, *half_length).map_err(invalid)?.into()
        }
        ShapeKind::Cylinder { radius, half_length } => {
            Cylinder::new(*radius, *half_length).map_err(invalid)?.into()
        }
        ShapeKind::Cone { radius, half_length } => Cone::new(*radius, *half_length).map_err(invalid)?.into(),
        ShapeKind::TriMesh { .. } | ShapeKind::Compound { .. } => {
            return Err(ProblemSetError::ShapeField {
                path: path.to_path_buf(),
                index,
                name: spec.name.clone(),
                field: "type".into(),
                message: "a trimesh or compound is not convex: this reader takes convex shapes \
                          only (read the set with GeometrySet::load, as `wolfe run` does)"
                    .into(),
            })
        }
        ShapeKind::Mesh { file } => {
            let resolved = base.join(file);
            if let Some(mesh) = meshes.get(&resolved) {
                return Ok(Arc::clone(mesh).into());
            }
            if !resolved.is_file() {
                return Err(ProblemSetError::MissingMeshFile {
                    path: path.to_path_buf(),
                    shape: spec.name.clone(),
                    file: resolved,
                });
            }
            let mesh = ConvexMesh::from_obj(&resolved).map_err(|source| ProblemSetError::Mesh {
                path: path.to_path_buf(),
                shape: spec.name.clone(),
                file: resolved.clone(),
                source: Box::new(source),
            })?;
            let mesh = Arc::new(mesh);
            meshes.insert(resolved, Arc::clone(&mesh));
            mesh.into()
        }
    };
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_fields_are_ignored_and_missing_ones_named() {
        let path = Path::new("shapes.json");
        let extra = r#"[{"name": "s", "type": "sphere", "radius": 1.0, "source": "ycb"}]"#;
        assert_eq!(parse_shape_specs(path, extra).unwrap().len(), 1);
        // A misspelt required field is still an error, naming the field.
        let typo = r#"[{"name": "s", "type": "sphere", "radious": 2.0}]"#;
        let err = parse_shape_specs(path, typo).unwrap_err();
        assert!(
            matches!(&err, ProblemSetError::ShapeField { field, .. } if field == "radius"),
            "{err}"
        );
    }

    #[test]
    fn compounds_and_trimeshes_parse_and_round_trip() {
        let path = Path::new("shapes.json");
        let text = r#"[{"name": "c", "type": "compound", "note": 1, "parts": [
            {"type": "box", "half_extents": [1, 1, 1], "pose": [0, 0, 0, 1, 0, 0, 0]},
            {"type": "sphere", "radius": 0.5, "pose": [1, 0, 0, 1, 0, 0, 0]}]},
            {"name": "m", "type": "trimesh", "file": "bowl.obj"}]"#;
        let specs = parse_shape_specs(path, text).unwrap();
        assert!(matches!(&specs[0].kind, ShapeKind::Compound { parts } if parts.len() == 2));
        assert!(matches!(&specs[1].kind, ShapeKind::TriMesh { file } if file == "bowl.obj"));
        let again = serde_json::to_string(&specs).unwrap();
        assert_eq!(parse_shape_specs(path, &again).unwrap(), specs);
        for bad in [
            r#"[{"name": "c", "type": "compound", "parts": []}]"#,
            r#"[{"name": "c", "type": "compound", "parts": [{"type": "sphere", "radius": 1}]}]"#,
            r#"[{"name": "c", "type": "compound", "parts": [{"type": "sphere", "radius": 1, "pose": [0, 0]}]}]"#,
            r#"[{"name": "c", "type": "compound", "parts": [{"type": "trimesh", "file": "x", "pose": [0, 0, 0, 1, 0, 0, 0]}]}]"#,
        ] {
            let err = parse_shape_specs(path, bad).unwrap_err();
            assert!(matches!(err, ProblemSetError::ShapeField { .. }), "{err}");
        }
    }
}
