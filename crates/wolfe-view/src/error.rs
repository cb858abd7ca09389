//! The errors of reading a trajectory folder and writing the page or the glTF file.

use std::path::PathBuf;

/// What went wrong, naming the file (and line and column) at fault.
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
    /// The trajectory folder could not be read: a missing or malformed file, named with
    /// the line and column of a bad field.
    #[error(transparent)]
    Trajectory(#[from] wolfe_trajectory::TrajectoryError),
    /// The files disagree with each other or describe nothing to show.
    #[error("{path}: {reason}")]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// What is wrong.
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
