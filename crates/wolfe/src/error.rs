//! The typed errors of the library. Every bad input gets one of these, never a panic.

use std::path::PathBuf;

/// Everything that can be wrong with the input of a wolfe routine.
#[derive(Debug, thiserror::Error)]
pub enum WolfeError {
    /// A pose has a NaN or infinite component.
    #[error("pose has a NaN or infinite component")]
    NonFinitePose,
    /// A pose's quaternion is not of unit norm.
    #[error("pose quaternion is not unit (norm {norm})")]
    NonUnitQuaternion {
        /// The norm that was found.
        norm: f64,
    },
    /// A shape parameter is NaN, infinite, negative, or zero where it must be positive.
    #[error("invalid {shape} parameter `{parameter}` = {value}: {reason}")]
    InvalidShapeParameter {
        /// The shape kind (`"sphere"`, `"box"`, ...).
        shape: &'static str,
        /// The parameter name (`"radius"`, `"half_extents.x"`, ...).
        parameter: &'static str,
        /// The offending value.
        value: f64,
        /// What is required of it.
        reason: &'static str,
    },
    /// A mesh or point set has no points.
    #[error("mesh has no vertices")]
    EmptyMesh,
    /// A point or vertex coordinate is NaN or infinite.
    #[error("point {index} has a NaN or infinite coordinate")]
    NonFinitePoint {
        /// Index of the offending point.
        index: usize,
    },
    /// The caller asked for a solid but the points span fewer than 3 dimensions.
    #[error("points are degenerate: they span {dimension} dimension(s), a solid needs 3 (at least 4 affinely independent points)")]
    DegeneratePoints {
        /// Affine dimension of the point set (0: one point, 1: collinear, 2: coplanar).
        dimension: usize,
    },
    /// A face refers to a vertex that does not exist, or a mesh is otherwise malformed.
    #[error("malformed mesh: {0}")]
    MalformedMesh(String),
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A file was read but could not be parsed.
    #[error("cannot parse {path}: {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A solver setting is out of its valid range.
    #[error("invalid setting `{name}` = {value}: {reason}")]
    InvalidSetting {
        /// The setting's name.
        name: &'static str,
        /// The offending value.
        value: f64,
        /// What is required of it.
        reason: &'static str,
    },
    /// A direction (warm start, support query) is NaN or infinite.
    #[error("direction has a NaN or infinite component")]
    NonFiniteDirection,
    /// A quantity has no exact closed form for this shape; wolfe returns no silent
    /// approximation (mass properties of some inflated shapes).
    #[error("no closed form for the {quantity} of {shape}: {reason}")]
    NoClosedForm {
        /// What was asked for (`"mass properties"`).
        quantity: &'static str,
        /// The shape kind (`"inflated ellipsoid"`, ...).
        shape: &'static str,
        /// Why there is none, and what to use instead.
        reason: &'static str,
    },
    /// A growth distance centre point is unusable (growth distance paper, Def. 3).
    #[error("invalid growth centre point: {reason}")]
    InvalidCenterPoint {
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// Checks a shape parameter that must be finite and strictly positive.
pub(crate) fn positive(shape: &'static str, parameter: &'static str, value: f64) -> Result<f64, WolfeError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(WolfeError::InvalidShapeParameter {
            shape,
            parameter,
            value,
            reason: "must be finite and > 0",
        })
    }
}

/// Checks a shape parameter that must be finite and non-negative.
pub(crate) fn non_negative(
    shape: &'static str,
    parameter: &'static str,
    value: f64,
) -> Result<f64, WolfeError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(WolfeError::InvalidShapeParameter {
            shape,
            parameter,
            value,
            reason: "must be finite and >= 0",
        })
    }
}
