//! The errors of writing and reading a trajectory folder.

use std::path::{Path, PathBuf};

/// What went wrong, naming the file (and, for a bad field, its line and column).
#[derive(Debug, thiserror::Error)]
pub enum TrajectoryError {
    /// A file could not be created, written or read.
    #[error("{path}: {source}")]
    Io {
        /// The file (or folder).
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A CSV file is malformed (or missing: the cause says which).
    #[error("{path}: {source}")]
    Csv {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: csv::Error,
    },
    /// A required column is missing from a CSV header.
    #[error("{path}: missing column `{column}`")]
    MissingColumn {
        /// The file.
        path: PathBuf,
        /// The column.
        column: &'static str,
    },
    /// A field is not what its column needs (a finite number, a known shape kind, a
    /// valid index, a file beside `scene.csv`, ...).
    #[error("{path}:{line}: column `{column}`: {reason} (got `{value}`)")]
    BadField {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the file (the header is line 1).
        line: u64,
        /// The column.
        column: &'static str,
        /// The field's text.
        value: String,
        /// What was expected.
        reason: &'static str,
    },
    /// The files disagree with each other or describe nothing to show.
    #[error("{path}: {reason}")]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// An OBJ file could not be read, or holds no triangles or non-finite vertices.
    #[error("{path}: {reason}")]
    Mesh {
        /// The OBJ file.
        path: PathBuf,
        /// The cause.
        reason: String,
    },
    /// The writer was given data the format cannot hold: a body after static geometry,
    /// a frame with the wrong number of poses, a contact naming no object, a non-finite
    /// number.
    #[error("{path}: {reason}")]
    BadInput {
        /// The file that would have received it.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

impl TrajectoryError {
    /// Maps an I/O error on `path` (for `map_err`).
    pub fn io(path: &Path) -> impl Fn(std::io::Error) -> TrajectoryError + '_ {
        move |source| TrajectoryError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            TrajectoryError::Io { path, .. }
            | TrajectoryError::Csv { path, .. }
            | TrajectoryError::MissingColumn { path, .. }
            | TrajectoryError::BadField { path, .. }
            | TrajectoryError::Inconsistent { path, .. }
            | TrajectoryError::Mesh { path, .. }
            | TrajectoryError::BadInput { path, .. } => path,
        }
    }
}

impl From<TrajectoryError> for std::io::Error {
    /// The error as an I/O error (for callers whose API speaks `std::io::Result`): the
    /// underlying I/O error where there is one (its message then prefixed with the file),
    /// else an [`std::io::ErrorKind::InvalidData`] error carrying the whole message.
    fn from(e: TrajectoryError) -> Self {
        let kind = match &e {
            TrajectoryError::Io { source, .. } => source.kind(),
            TrajectoryError::BadInput { .. } => std::io::ErrorKind::InvalidInput,
            _ => std::io::ErrorKind::InvalidData,
        };
        std::io::Error::new(kind, e)
    }
}
