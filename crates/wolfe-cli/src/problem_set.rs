//! The problem-set format of `benchmark-format.md`: reading `shapes.json` and
//! `problems.csv` into typed values, and writing them back (for the generator).
//!
//! Every malformed input is reported as a [`ProblemSetError`] that names the file, the
//! shape (index and name) or the CSV line, and the field; reading never panics.

use std::collections::HashMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{Map, Value};
use wolfe::{Capsule, Cone, ConvexMesh, Cuboid, Cylinder, Ellipsoid, Pose, Shape, Sphere, WolfeError};

/// File name of the shape table inside a set directory.
pub const SHAPES_FILE: &str = "shapes.json";
/// File name of the problem table inside a set directory.
pub const PROBLEMS_FILE: &str = "problems.csv";
/// The columns of `problems.csv`, in the order the format writes them.
pub const PROBLEM_COLUMNS: [&str; 19] = [
    "id", "shape_a", "shape_b", "ax", "ay", "az", "aqw", "aqx", "aqy", "aqz", "bx", "by", "bz", "bqw", "bqx",
    "bqy", "bqz", "dist", "category",
];

/// Everything that can be wrong with a problem set on disk.
#[derive(Debug, thiserror::Error)]
pub enum ProblemSetError {
    /// A file could not be opened or read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// `shapes.json` is not valid JSON.
    #[error("{}:{line}:{column}: invalid JSON: {message}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What the JSON parser said.
        message: String,
    },
    /// `shapes.json` is valid JSON but not an array of objects.
    #[error("{}: {message}", path.display())]
    NotAShapeArray {
        /// The file.
        path: PathBuf,
        /// What was found instead.
        message: String,
    },
    /// A shape object has a missing, ill-typed or invalid field (including an unknown
    /// `type`).
    #[error("{}: shape #{index} (`{name}`), field `{field}`: {message}", path.display())]
    ShapeField {
        /// The file (`shapes.json`).
        path: PathBuf,
        /// 0-based index of the shape in the array.
        index: usize,
        /// The shape's name, or `?` when it has none.
        name: String,
        /// The offending field.
        field: String,
        /// What is wrong with it.
        message: String,
    },
    /// Two shapes have the same name.
    #[error("{}: shape #{index}: duplicate name `{name}`", path.display())]
    DuplicateShapeName {
        /// The file (`shapes.json`).
        path: PathBuf,
        /// 0-based index of the second shape with that name.
        index: usize,
        /// The name.
        name: String,
    },
    /// A mesh shape refers to a file that does not exist.
    #[error("{}: shape `{shape}`: mesh file {} does not exist", path.display(), file.display())]
    MissingMeshFile {
        /// The file (`shapes.json`).
        path: PathBuf,
        /// The shape's name.
        shape: String,
        /// The mesh file, resolved against the set directory.
        file: PathBuf,
    },
    /// A mesh file exists but could not be loaded as a convex mesh.
    #[error("{}: shape `{shape}`: cannot load mesh {}: {source}", path.display(), file.display())]
    Mesh {
        /// The file (`shapes.json`).
        path: PathBuf,
        /// The shape's name.
        shape: String,
        /// The mesh file.
        file: PathBuf,
        /// The library's error.
        source: Box<WolfeError>,
    },
    /// `problems.csv` is not well-formed CSV (wrong number of fields, bad UTF-8, ...).
    #[error("{}: line {line}: {message}", path.display())]
    Csv {
        /// The file (`problems.csv`).
        path: PathBuf,
        /// 1-based line (0 when unknown).
        line: u64,
        /// What the CSV reader said.
        message: String,
    },
    /// The header of `problems.csv` lacks a required column.
    #[error("{}: header lacks column `{column}`", path.display())]
    MissingColumn {
        /// The file (`problems.csv`).
        path: PathBuf,
        /// The missing column.
        column: &'static str,
    },
    /// A field of a problem row is empty, not a number, not finite, names an unknown
    /// shape, or is part of a bad pose.
    #[error("{}: line {line}, field `{field}`: {message}", path.display())]
    Field {
        /// The file (`problems.csv`).
        path: PathBuf,
        /// 1-based line of the row.
        line: u64,
        /// The offending field (column name; `aq` / `bq` for a whole quaternion).
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
}

/// Distance class of a problem (benchmark-format.md, thresholds of the GJK++ paper).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// The shapes overlap (`dist < 0`).
    Overlap,
    /// Close proximity: `0 < dist <= 0.1` m.
    Close,
    /// Anything between the named classes (e.g. `dist = 0.5` m, or exactly 0); the
    /// format names no class for it.
    Mid,
    /// Far apart: `dist >= 1` m.
    Distant,
}

impl Category {
    /// Every category, in increasing distance.
    pub const ALL: [Category; 4] = [
        Category::Overlap,
        Category::Close,
        Category::Mid,
        Category::Distant,
    ];

    /// The category of a signed distance, in metres.
    pub fn of_distance(dist: f64) -> Category {
        if dist < 0.0 {
            Category::Overlap
        } else if dist > 0.0 && dist <= 0.1 {
            Category::Close
        } else if dist >= 1.0 {
            Category::Distant
        } else {
            Category::Mid
        }
    }

    /// The name written in `problems.csv`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Overlap => "overlap",
            Category::Close => "close",
            Category::Mid => "mid",
            Category::Distant => "distant",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Category {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Category::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| format!("unknown category `{s}` (expected overlap, close, mid or distant)"))
    }
}

/// The description of one shape as written in `shapes.json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShapeSpec {
    /// Unique name, referenced by `problems.csv`.
    pub name: String,
    /// Type and parameters.
    #[serde(flatten)]
    pub kind: ShapeKind,
}

/// Type and parameters of a shape (lengths in metres; axis z for the round shapes).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ShapeKind {
    /// A ball.
    Sphere {
        /// Radius.
        radius: f64,
    },
    /// An axis-aligned ellipsoid.
    Ellipsoid {
        /// Semi-axes along x, y, z.
        radii: [f64; 3],
    },
    /// A box.
    Box {
        /// Half extents along x, y, z.
        half_extents: [f64; 3],
    },
    /// A capsule along z.
    Capsule {
        /// Radius.
        radius: f64,
        /// Half length of the segment.
        half_length: f64,
    },
    /// A cylinder along z.
    Cylinder {
        /// Disc radius.
        radius: f64,
        /// Half height.
        half_length: f64,
    },
    /// A cone along z, apex at `+half_length`, base disc at `-half_length`.
    Cone {
        /// Base radius.
        radius: f64,
        /// Half height.
        half_length: f64,
    },
    /// The convex hull of an OBJ file's vertices.
    Mesh {
        /// Path relative to the set directory.
        file: String,
    },
}

/// A shape of a set with its name.
#[derive(Clone, Debug)]
pub struct NamedShape {
    /// The name used by `problems.csv`.
    pub name: String,
    /// The shape.
    pub shape: Shape,
}

/// One collision problem: two posed shapes and the reference answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Problem {
    /// The `id` column.
    pub id: u64,
    /// 1-based line of the row in `problems.csv` (for messages).
    pub line: u64,
    /// Index of shape A in [`ProblemSet::shapes`].
    pub shape_a: usize,
    /// Index of shape B in [`ProblemSet::shapes`].
    pub shape_b: usize,
    /// Pose of A (shape-local to world).
    pub pose_a: Pose,
    /// Pose of B (shape-local to world).
    pub pose_b: Pose,
    /// Reference signed distance in metres (negative: minus the penetration depth).
    pub dist: f64,
    /// Distance class.
    pub category: Category,
}

/// A problem set read from a directory.
#[derive(Clone, Debug)]
pub struct ProblemSet {
    /// The directory it was read from.
    pub dir: PathBuf,
    /// The shape table, in file order.
    pub shapes: Vec<NamedShape>,
    /// The problems, in file order.
    pub problems: Vec<Problem>,
}

impl ProblemSet {
    /// Reads `DIR/shapes.json` (loading each mesh file once) and `DIR/problems.csv`.
    pub fn load(dir: &Path) -> Result<Self, ProblemSetError> {
        let shapes = read_shapes(&dir.join(SHAPES_FILE))?;
        let problems = read_problems(&dir.join(PROBLEMS_FILE), &shapes)?;
        Ok(Self {
            dir: dir.to_path_buf(),
            shapes,
            problems,
        })
    }

    /// Shapes A and B of a problem.
    pub fn shapes_of(&self, problem: &Problem) -> (&Shape, &Shape) {
        (
            &self.shapes[problem.shape_a].shape,
            &self.shapes[problem.shape_b].shape,
        )
    }
}

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

/// Reads a `problems.csv` file against a shape table.
///
/// Columns are found by header name (extra columns are ignored); every row must have as
/// many fields as the header.
pub fn read_problems(path: &Path, shapes: &[NamedShape]) -> Result<Vec<Problem>, ProblemSetError> {
    let file = std::fs::File::open(path).map_err(|source| ProblemSetError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let by_name: HashMap<&str, usize> = shapes
        .iter()
        .enumerate()
        .map(|(i, s)| (s.name.as_str(), i))
        .collect();
    let csv_error = |e: csv::Error| ProblemSetError::Csv {
        path: path.to_path_buf(),
        line: e.position().map_or(0, |p| p.line()),
        message: e.to_string(),
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .trim(csv::Trim::All)
        .from_reader(io::BufReader::new(file));
    let header = reader.headers().map_err(csv_error)?.clone();
    let mut columns = [0usize; PROBLEM_COLUMNS.len()];
    for (slot, name) in columns.iter_mut().zip(PROBLEM_COLUMNS) {
        *slot = header
            .iter()
            .position(|h| h == name)
            .ok_or(ProblemSetError::MissingColumn {
                path: path.to_path_buf(),
                column: name,
            })?;
    }
    let mut problems = Vec::new();
    let mut record = csv::StringRecord::new();
    while reader.read_record(&mut record).map_err(csv_error)? {
        let line = record.position().map_or(0, |p| p.line());
        let row = Row {
            path,
            line,
            record: &record,
            columns: &columns,
        };
        problems.push(row.parse(&by_name)?);
    }
    Ok(problems)
}

/// One CSV record with its column map, for field access with located errors.
struct Row<'a> {
    path: &'a Path,
    line: u64,
    record: &'a csv::StringRecord,
    columns: &'a [usize; PROBLEM_COLUMNS.len()],
}

impl Row<'_> {
    fn error(&self, field: &'static str, message: impl Into<String>) -> ProblemSetError {
        ProblemSetError::Field {
            path: self.path.to_path_buf(),
            line: self.line,
            field,
            message: message.into(),
        }
    }

    /// The text of a column (columns are looked up in [`PROBLEM_COLUMNS`]).
    fn text(&self, column: usize) -> Result<&str, ProblemSetError> {
        let field = PROBLEM_COLUMNS[column];
        match self.record.get(self.columns[column]) {
            Some(s) if !s.is_empty() => Ok(s),
            _ => Err(self.error(field, "missing value")),
        }
    }

    fn number(&self, column: usize) -> Result<f64, ProblemSetError> {
        let field = PROBLEM_COLUMNS[column];
        let s = self.text(column)?;
        let v: f64 = s
            .parse()
            .map_err(|_| self.error(field, format!("`{s}` is not a number")))?;
        if !v.is_finite() {
            return Err(self.error(field, format!("`{s}` is not finite")));
        }
        Ok(v)
    }

    fn shape(&self, column: usize, by_name: &HashMap<&str, usize>) -> Result<usize, ProblemSetError> {
        let name = self.text(column)?;
        by_name.get(name).copied().ok_or_else(|| {
            self.error(
                PROBLEM_COLUMNS[column],
                format!("unknown shape name `{name}` (not in {SHAPES_FILE})"),
            )
        })
    }

    /// The pose whose seven columns start at `first` (x, y, z, qw, qx, qy, qz).
    fn pose(&self, first: usize, quat_field: &'static str) -> Result<Pose, ProblemSetError> {
        let mut v = [0.0; 7];
        for (k, slot) in v.iter_mut().enumerate() {
            *slot = self.number(first + k)?;
        }
        Pose::from_parts([v[0], v[1], v[2]], [v[3], v[4], v[5], v[6]]).map_err(|e| {
            self.error(
                quat_field,
                format!("bad quaternion ({}, {}, {}, {}): {e}", v[3], v[4], v[5], v[6]),
            )
        })
    }

    fn parse(&self, by_name: &HashMap<&str, usize>) -> Result<Problem, ProblemSetError> {
        let id_text = self.text(0)?;
        let id = id_text
            .parse()
            .map_err(|_| self.error("id", format!("`{id_text}` is not a non-negative integer")))?;
        let category_text = self.text(18)?;
        Ok(Problem {
            id,
            line: self.line,
            shape_a: self.shape(1, by_name)?,
            shape_b: self.shape(2, by_name)?,
            pose_a: self.pose(3, "aq")?,
            pose_b: self.pose(10, "bq")?,
            dist: self.number(17)?,
            category: category_text
                .parse()
                .map_err(|m: String| self.error("category", m))?,
        })
    }
}

/// One row of `problems.csv` as the generator writes it (poses as raw numbers, so that
/// what is written is exactly what was measured).
#[derive(Clone, Debug, PartialEq)]
pub struct ProblemRow {
    /// Row id.
    pub id: u64,
    /// Name of shape A.
    pub shape_a: String,
    /// Name of shape B.
    pub shape_b: String,
    /// Translation of A.
    pub translation_a: [f64; 3],
    /// Rotation of A as (w, x, y, z).
    pub quat_a: [f64; 4],
    /// Translation of B.
    pub translation_b: [f64; 3],
    /// Rotation of B as (w, x, y, z).
    pub quat_b: [f64; 4],
    /// Reference signed distance.
    pub dist: f64,
    /// Distance class.
    pub category: Category,
}

/// Writes `shapes.json`: one shape object a line inside a JSON array.
pub fn write_shapes(path: &Path, shapes: &[ShapeSpec]) -> io::Result<()> {
    let mut text = String::from("[\n");
    for (i, s) in shapes.iter().enumerate() {
        text.push_str(&serde_json::to_string(s).map_err(io::Error::other)?);
        text.push_str(if i + 1 < shapes.len() { ",\n" } else { "\n" });
    }
    text.push_str("]\n");
    std::fs::write(path, text)
}

/// Writes `problems.csv` with the header of [`PROBLEM_COLUMNS`]; floats are written in
/// the shortest form that reads back to the same `f64`.
pub fn write_problems(path: &Path, rows: &[ProblemRow]) -> io::Result<()> {
    let mut w = csv::Writer::from_path(path).map_err(io::Error::other)?;
    w.write_record(PROBLEM_COLUMNS).map_err(io::Error::other)?;
    let mut fields: Vec<String> = Vec::with_capacity(PROBLEM_COLUMNS.len());
    for r in rows {
        fields.clear();
        fields.push(r.id.to_string());
        fields.push(r.shape_a.clone());
        fields.push(r.shape_b.clone());
        let numbers = r
            .translation_a
            .iter()
            .chain(&r.quat_a)
            .chain(&r.translation_b)
            .chain(&r.quat_b)
            .chain(std::iter::once(&r.dist));
        fields.extend(numbers.map(|v| v.to_string()));
        fields.push(r.category.as_str().to_string());
        w.write_record(&fields).map_err(io::Error::other)?;
    }
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_follow_the_format_thresholds() {
        assert_eq!(Category::of_distance(-0.1), Category::Overlap);
        assert_eq!(Category::of_distance(0.001), Category::Close);
        assert_eq!(Category::of_distance(0.1), Category::Close);
        assert_eq!(Category::of_distance(0.5), Category::Mid);
        assert_eq!(Category::of_distance(0.0), Category::Mid);
        assert_eq!(Category::of_distance(1.0), Category::Distant);
        for c in Category::ALL {
            assert_eq!(c.as_str().parse::<Category>(), Ok(c));
        }
    }

    /// Generated sets are measured before they are written: the numbers must read back
    /// bit for bit (serde_json needs its `float_roundtrip` feature for that).
    #[test]
    fn shape_parameters_round_trip_exactly() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let specs: Vec<ShapeSpec> = (0..2000)
            .map(|i| ShapeSpec {
                name: format!("e{i}"),
                kind: ShapeKind::Ellipsoid {
                    radii: [(); 3].map(|_| rng.random_range(0.05..0.5)),
                },
            })
            .collect();
        let path = std::env::temp_dir().join(format!("wolfe-cli-roundtrip-{}.json", std::process::id()));
        write_shapes(&path, &specs).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(parse_shape_specs(&path, &text).unwrap(), specs);
    }

    #[test]
    fn shape_specs_serialize_in_the_format() {
        let s = ShapeSpec {
            name: "c0".into(),
            kind: ShapeKind::Capsule {
                radius: 0.5,
                half_length: 1.0,
            },
        };
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"name":"c0","type":"capsule","radius":0.5,"half_length":1.0}"#
        );
        let text = format!("[{}]", serde_json::to_string(&s).unwrap());
        assert_eq!(parse_shape_specs(Path::new("x"), &text).unwrap(), vec![s]);
    }
}
