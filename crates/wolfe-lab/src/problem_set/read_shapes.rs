//! Reading `shapes.json`: JSON objects to shape descriptions to library shapes, each
//! mesh file loaded once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::{Map, Value};
use wolfe::{Capsule, Cone, ConvexMesh, Cuboid, Cylinder, Ellipsoid, Shape, Sphere, WolfeError};

use super::error::ProblemSetError;
use super::model::{NamedShape, ShapeKind, ShapeSpec};

/// Reads a `shapes.json` file; mesh files are resolved against the file's directory
/// and each distinct file is loaded once (shapes naming it share one `Arc`).
pub fn read_shapes(path: &Path) -> Result<Vec<NamedShape>, ProblemSetError> {
    let text = std::fs::read_to_string(path).map_err(|source| ProblemSetError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let specs = parse_shape_specs(path, &text)?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut meshes: HashMap<PathBuf, Arc<ConvexMesh>> = HashMap::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut shapes = Vec::with_capacity(specs.len());
    for (index, spec) in specs.iter().enumerate() {
        if seen.insert(&spec.name, index).is_some() {
            return Err(ProblemSetError::DuplicateShapeName {
                path: path.to_path_buf(),
                index,
                name: spec.name.clone(),
            });
        }
        let shape = build_shape(path, index, spec, base, &mut meshes)?;
        shapes.push(NamedShape {
            name: spec.name.clone(),
            shape,
        });
    }
    Ok(shapes)
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
    let kind = match s.string("type")?.as_str() {
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
        other => {
            return Err(s.error(
                "type",
                format!(
                    "unknown shape type `{other}` (expected sphere, ellipsoid, box, capsule, \
                     cylinder, cone or mesh)"
                ),
            ))
        }
    };
    // Unknown fields are refused (a typo such as `radious` must not be ignored).
    let fields: &[&str] = match &kind {
        ShapeKind::Sphere { .. } => &["radius"],
        ShapeKind::Ellipsoid { .. } => &["radii"],
        ShapeKind::Box { .. } => &["half_extents"],
        ShapeKind::Capsule { .. } | ShapeKind::Cylinder { .. } | ShapeKind::Cone { .. } => {
            &["radius", "half_length"]
        }
        ShapeKind::Mesh { .. } => &["file"],
    };
    if let Some(unknown) = obj
        .keys()
        .find(|k| !["name", "type"].contains(&k.as_str()) && !fields.contains(&k.as_str()))
    {
        return Err(s.error(
            unknown,
            format!(
                "unknown field `{unknown}` (expected name, type, {})",
                fields.join(", ")
            ),
        ));
    }
    Ok(ShapeSpec { name: s.name, kind })
}

/// Builds the library shape of a description; meshes are cached by resolved path.
fn build_shape(
    path: &Path,
    index: usize,
    spec: &ShapeSpec,
    base: &Path,
    meshes: &mut HashMap<PathBuf, Arc<ConvexMesh>>,
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
    fn unknown_fields_are_refused_by_name() {
        let path = Path::new("shapes.json");
        let ok = r#"[{"name": "s", "type": "sphere", "radius": 1.0}]"#;
        assert_eq!(parse_shape_specs(path, ok).unwrap().len(), 1);
        let typo = r#"[{"name": "s", "type": "sphere", "radius": 1.0, "radious": 2.0}]"#;
        let err = parse_shape_specs(path, typo).unwrap_err();
        assert!(
            matches!(&err, ProblemSetError::ShapeField { field, .. } if field == "radious"),
            "{err}"
        );
        assert!(err.to_string().contains("unknown field"), "{err}");
        // A field of another shape type is unknown too.
        let other = r#"[{"name": "b", "type": "box", "half_extents": [1, 1, 1], "radius": 1}]"#;
        let err = parse_shape_specs(path, other).unwrap_err();
        assert!(err.to_string().contains("radius"), "{err}");
    }
}
