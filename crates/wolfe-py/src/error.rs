//! wolfe's typed errors as Python exceptions: `OSError` for files, `ValueError` for
//! everything else about the input, each carrying wolfe's message.

use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::PyErr;
use wolfe::WolfeError;
use wolfe_sim::SimError;

/// A geometry error as a Python exception.
pub fn geometry(e: WolfeError) -> PyErr {
    match e {
        WolfeError::Io { .. } => PyOSError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A simulation error as a Python exception: bad worlds and settings are `ValueError`,
/// a solver that failed or a state that diverged during a step is `RuntimeError`.
pub fn sim(e: SimError) -> PyErr {
    match e {
        SimError::Geometry(g) => geometry(g),
        SimError::FreeMotionNotConverged { .. }
        | SimError::NonFiniteState { .. }
        | SimError::Solver(_)
        | SimError::Diverged { .. } => PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A file error (trajectory writer) naming the path.
pub fn io(path: &std::path::Path, e: std::io::Error) -> PyErr {
    PyOSError::new_err(format!("cannot write {}: {e}", path.display()))
}

/// A `ValueError` with a message.
pub fn value(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
