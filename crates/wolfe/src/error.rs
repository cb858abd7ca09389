//! The typed errors of the library. Every bad input gets one of these, never a panic.

use std::path::PathBuf;

/// The largest magnitude of a coordinate or size wolfe accepts, in metres (or of a
/// scale factor): every pose translation, point coordinate, shape size and half-space
/// offset must lie within `[-MAX_MAGNITUDE, MAX_MAGNITUDE]` (issue 21).
///
/// Why `1e60`: the queries form products of up to four lengths (the simplex's signed
/// volumes and their error bounds, `collide::simplex`, are degree 4, `|n|^2` of a
/// cross product of two Minkowski-difference edges) and the ellipsoid's support is
/// degree 3 in its radii and the direction. A Minkowski difference of two shapes
/// within the range has coordinates below about `8e60` (two translations and two
/// sizes, a box's corner being `sqrt(3)` of its half-extent), whose fourth power
/// `4e243` leaves more than sixty decades of headroom below `f64::MAX` (1.8e308)
/// for the sums and constant factors. The squared norms overflow from about
/// `1.3e154` on, which is where the answers went wrong before (an `Ok` with a
/// distance of 0, or NaN witness points). Inputs beyond the range get
/// [`WolfeError::OutOfRange`] or [`WolfeError::InvalidShapeParameter`] instead.
pub const MAX_MAGNITUDE: f64 = 1e60;

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
    /// A number is finite but beyond the supported range [`MAX_MAGNITUDE`]: a pose
    /// translation, a point coordinate, or a result (mass properties) that would
    /// overflow f64.
    #[error("{what} = {value:e} is beyond the supported range (magnitude at most {limit:e})")]
    OutOfRange {
        /// What the number is (`"pose translation"`, `"point coordinate"`, ...).
        what: &'static str,
        /// The offending value.
        value: f64,
        /// The largest magnitude accepted.
        limit: f64,
    },
    /// A composite geometry has nothing in it: a triangle mesh without triangles, a
    /// compound without parts.
    #[error("{what} is empty: {reason}")]
    EmptyComposite {
        /// What is empty (`"triangle mesh"`, `"compound"`).
        what: &'static str,
        /// What it needs.
        reason: &'static str,
    },
    /// A triangle of a mesh refers to a vertex that does not exist.
    #[error("triangle {triangle} refers to vertex {index}, but the mesh has {vertices} vertices")]
    TriangleIndexOutOfRange {
        /// The triangle's index.
        triangle: usize,
        /// The vertex index it holds.
        index: u32,
        /// How many vertices there are.
        vertices: usize,
    },
    /// A triangle of a mesh has no area (repeated or collinear vertices).
    #[error("triangle {triangle} is degenerate: {reason}")]
    DegenerateTriangle {
        /// The triangle's index.
        triangle: usize,
        /// Why (`"repeats a vertex"`, `"its vertices are collinear"`).
        reason: &'static str,
    },
    /// A query defined for convex shapes only was asked of a non-convex geometry.
    #[error("{query} is defined for convex shapes only, not for a {geometry}")]
    ConvexOnly {
        /// The query (`"growth distance"`).
        query: &'static str,
        /// The geometry given (`"compound"`, `"triangle mesh"`).
        geometry: &'static str,
    },
    /// A quantity is undefined for this geometry (the volume of an open mesh).
    #[error("the {quantity} of a {geometry} is undefined: {reason}")]
    Undefined {
        /// What was asked for (`"mass properties"`).
        quantity: &'static str,
        /// The geometry (`"open triangle mesh"`).
        geometry: &'static str,
        /// Why, and what to use instead.
        reason: &'static str,
    },
    /// A convex decomposition failed.
    #[error("convex decomposition failed: {reason}")]
    DecompositionFailed {
        /// Why.
        reason: String,
    },
    /// A tetrahedron of a volume mesh is unusable.
    #[error("tetrahedron {tetrahedron} is degenerate: {reason}")]
    DegenerateTetrahedron {
        /// Index of the offending tetrahedron.
        tetrahedron: usize,
        /// Why (`"repeats a vertex"`, `"its volume is zero"`).
        reason: &'static str,
    },
    /// A growth distance centre point is unusable (growth distance paper, Def. 3).
    #[error("invalid growth centre point: {reason}")]
    InvalidCenterPoint {
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// Checks a shape parameter that must be finite and strictly positive, and at most
/// [`MAX_MAGNITUDE`].
pub(crate) fn positive(shape: &'static str, parameter: &'static str, value: f64) -> Result<f64, WolfeError> {
    shape_parameter(shape, parameter, value, value > 0.0, "must be finite and > 0")
}

/// Checks a shape parameter that must be finite and non-negative, and at most
/// [`MAX_MAGNITUDE`].
pub(crate) fn non_negative(
    shape: &'static str, parameter: &'static str, value: f64,
) -> Result<f64, WolfeError> {
    shape_parameter(shape, parameter, value, value >= 0.0, "must be finite and >= 0")
}

/// A shape parameter within `(-inf, MAX_MAGNITUDE]` that passes `ok` (its sign), or
/// the error saying which of the two it failed.
#[inline]
fn shape_parameter(
    shape: &'static str, parameter: &'static str, value: f64, ok: bool, reason: &'static str,
) -> Result<f64, WolfeError> {
    if ok && value <= MAX_MAGNITUDE {
        return Ok(value);
    }
    Err(WolfeError::InvalidShapeParameter {
        shape,
        parameter,
        value,
        reason: if value > MAX_MAGNITUDE && value.is_finite() {
            "must be at most 1e60 (wolfe::error::MAX_MAGNITUDE, the supported range)"
        } else {
            reason
        },
    })
}

/// Checks a setting: `Ok` when `ok`, else [`WolfeError::InvalidSetting`] with the
/// setting's `name`, `value` and the rule it breaks (`reason`).
pub(crate) fn setting(
    name: &'static str, value: f64, ok: bool, reason: &'static str,
) -> Result<(), WolfeError> {
    if ok {
        Ok(())
    } else {
        Err(WolfeError::InvalidSetting { name, value, reason })
    }
}

/// Checks that `value` (finite) has a magnitude of at most [`MAX_MAGNITUDE`].
pub(crate) fn in_range(what: &'static str, value: f64) -> Result<f64, WolfeError> {
    if value.abs() <= MAX_MAGNITUDE {
        Ok(value)
    } else {
        Err(WolfeError::OutOfRange {
            what,
            value,
            limit: MAX_MAGNITUDE,
        })
    }
}

/// Checks a setting that must be finite and `> 0`.
pub(crate) fn positive_setting(name: &'static str, value: f64) -> Result<(), WolfeError> {
    setting(
        name,
        value,
        value.is_finite() && value > 0.0,
        "must be finite and > 0",
    )
}

/// Checks an iteration budget, which must be at least 1.
pub(crate) fn iteration_budget(name: &'static str, value: u32) -> Result<(), WolfeError> {
    setting(name, f64::from(value), value > 0, "must be >= 1")
}

/// Checks a setting that must be finite and `>= 0`.
pub(crate) fn non_negative_setting(name: &'static str, value: f64) -> Result<(), WolfeError> {
    setting(
        name,
        value,
        value.is_finite() && value >= 0.0,
        "must be finite and >= 0",
    )
}
