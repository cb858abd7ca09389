//! Everything that can be wrong with a problem set on disk, located (file, shape,
//! line, field).

use std::io;
use std::path::PathBuf;

use wolfe::WolfeError;

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
