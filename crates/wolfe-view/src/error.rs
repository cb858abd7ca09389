//! The errors of reading a trajectory folder and writing the page or the glTF file.

use std::path::PathBuf;

/// What went wrong, naming the file (and row and column) at fault.
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A CSV file is malformed.
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
    /// valid index, ...).
    #[error("{path}, row {row}, column `{column}`: {reason} (got `{value}`)")]
    BadField {
        /// The file.
        path: PathBuf,
        /// The data row (1 for the first row after the header).
        row: usize,
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
    /// A mesh file could not be read.
    #[error("{path}: {reason}")]
    Mesh {
        /// The OBJ file.
        path: PathBuf,
        /// The cause.
        reason: String,
    },
}

impl ViewError {
    /// Maps an I/O error on `path`.
    pub(crate) fn io(path: &std::path::Path) -> impl Fn(std::io::Error) -> ViewError + '_ {
        move |source| ViewError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
