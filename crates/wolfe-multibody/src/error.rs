//! Typed errors: building a model, querying it, loading URDF and MJCF and inspect files.

use std::path::PathBuf;

/// Errors of model construction and of the kinematics and dynamics queries.
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum ModelError {
    /// A body names a parent index that does not exist (yet): bodies are added parents
    /// first.
    #[error("body '{body}': parent index {parent} does not exist (bodies must be added after their parent)")]
    BadParent {
        /// The body being added.
        body: String,
        /// The parent index it named.
        parent: usize,
    },
    /// Bodies must be added depth first (each subtree a contiguous range of bodies).
    #[error("body '{body}': parent {parent} is not the last added body or one of its ancestors (add bodies depth first)")]
    NotDepthFirst {
        /// The body being added.
        body: String,
        /// The parent index it named.
        parent: usize,
    },
    /// A frame names a body index that does not exist.
    #[error("frame '{frame}': body index {body} does not exist")]
    BadFrameBody {
        /// The frame being added.
        frame: String,
        /// The body index it named.
        body: usize,
    },
    /// A joint axis is zero or not finite.
    #[error("joint '{joint}': axis must be a finite non-zero vector")]
    BadAxis {
        /// The joint.
        joint: String,
    },
    /// A number that must be finite is not.
    #[error("{what}: value is not finite")]
    NonFinite {
        /// What holds it.
        what: String,
    },
    /// A mass is negative.
    #[error("body '{body}': negative mass {mass}")]
    NegativeMass {
        /// The body.
        body: String,
        /// Its mass.
        mass: f64,
    },
    /// A rotational inertia (about the centre of mass) is not positive definite.
    #[error(
        "body '{body}': rotational inertia is not positive definite (smallest eigenvalue {min_eigenvalue})"
    )]
    InertiaNotPositiveDefinite {
        /// The body.
        body: String,
        /// Its smallest eigenvalue.
        min_eigenvalue: f64,
    },
    /// A movable joint carries no mass at all in its subtree: `M(q)` would be singular.
    #[error("joint '{joint}' moves the massless link '{link}' and nothing with mass below it: give the link an <inertial> or make the joint fixed")]
    MasslessSubtree {
        /// The joint.
        joint: String,
        /// Its child link.
        link: String,
    },
    /// Limits with `lower > upper`, or a negative velocity or effort limit.
    #[error("joint '{joint}': bad limits ({problem})")]
    BadLimits {
        /// The joint.
        joint: String,
        /// What is wrong.
        problem: String,
    },
    /// A query got a vector of the wrong length.
    #[error("{what} has length {got}, the model needs {expected}")]
    DimensionMismatch {
        /// Which argument.
        what: &'static str,
        /// Its length.
        got: usize,
        /// The model's `nq` or `nv`.
        expected: usize,
    },
    /// A query got a non-finite number or a zero quaternion.
    #[error("{what} holds a non-finite value or a zero quaternion")]
    BadState {
        /// Which argument.
        what: &'static str,
    },
    /// A frame index does not exist.
    #[error("frame index {0} does not exist")]
    NoSuchFrame(usize),
    /// [`crate::Model::attach`] cannot attach (no such frame, a floating child root).
    #[error("attach: {problem}")]
    Attach {
        /// What is wrong.
        problem: String,
    },
    /// A bad argument of a query (inverse kinematics, a trajectory, splitting a robot).
    #[error("{what}: {problem}")]
    InvalidArgument {
        /// The query and argument.
        what: &'static str,
        /// What is wrong.
        problem: String,
    },
}

/// Errors of URDF loading. Each names the element and the problem.
#[derive(Debug, thiserror::Error)]
pub enum UrdfError {
    /// The file cannot be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
    /// Not well-formed XML.
    #[error("bad XML: {0}")]
    Xml(String),
    /// The root element is not `<robot>`.
    #[error("the root element is <{0}>, expected <robot>")]
    NotARobot(String),
    /// A required attribute or child element is missing.
    #[error("{element}: missing {what}")]
    Missing {
        /// The element, with its name where it has one.
        element: String,
        /// The missing attribute or child.
        what: String,
    },
    /// An attribute does not parse as the numbers it should hold, or is not finite.
    #[error("{element}: attribute '{attribute}' = '{value}' is not {expected}")]
    BadNumber {
        /// The element.
        element: String,
        /// The attribute.
        attribute: String,
        /// Its text.
        value: String,
        /// What it should be, e.g. "3 finite numbers".
        expected: String,
    },
    /// Two links or two joints share a name.
    #[error("duplicate {kind} name '{name}'")]
    Duplicate {
        /// "link" or "joint".
        kind: &'static str,
        /// The name.
        name: String,
    },
    /// A joint type that is not revolute, continuous, prismatic, fixed or floating.
    #[error("joint '{joint}': unknown or unsupported joint type '{type_name}'")]
    UnknownJointType {
        /// The joint.
        joint: String,
        /// Its `type`.
        type_name: String,
    },
    /// A joint's parent or child link does not exist.
    #[error("joint '{joint}': {role} link '{link}' does not exist")]
    MissingLink {
        /// The joint.
        joint: String,
        /// "parent" or "child".
        role: &'static str,
        /// The link it names.
        link: String,
    },
    /// A link is the child of two joints.
    #[error("link '{link}' is the child of two joints ('{first}' and '{second}')")]
    TwoParents {
        /// The link.
        link: String,
        /// One joint.
        first: String,
        /// The other.
        second: String,
    },
    /// Joints form a cycle (the links on it are unreachable from the root).
    #[error("joints form a cycle through link '{link}'")]
    Cycle {
        /// A link on the cycle.
        link: String,
    },
    /// No link or more than one link has no parent joint.
    #[error("the robot must have exactly one root link, found {0:?}")]
    Roots(Vec<String>),
    /// A mesh file does not exist (after `package://` and relative resolution).
    #[error("link '{link}': mesh file '{filename}' not found (tried {tried:?})")]
    MissingMesh {
        /// The link.
        link: String,
        /// The `filename` attribute.
        filename: String,
        /// The paths tried.
        tried: Vec<PathBuf>,
    },
    /// A mesh could not be loaded or has no convex hull.
    #[error("link '{link}': mesh '{path}': {message}")]
    BadMesh {
        /// The link.
        link: String,
        /// The resolved path.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A primitive geometry with a non-positive size, or an unknown geometry element.
    #[error("link '{link}': bad geometry: {message}")]
    BadGeometry {
        /// The link.
        link: String,
        /// What is wrong.
        message: String,
    },
    /// The model built from the file is invalid (negative mass, inertia not positive
    /// definite, lower > upper limit, a massless moving leaf, ...).
    #[error("{0}")]
    Model(#[from] ModelError),
}

/// Errors of [`crate::inspect::inspect_file`] and friends.
#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    /// The URDF did not load.
    #[error(transparent)]
    Urdf(#[from] UrdfError),
    /// The MJCF did not load.
    #[error(transparent)]
    Mjcf(#[from] MjcfError),
    /// Attaching one model to the other failed (no such frame, a free child root).
    #[error("{0}")]
    Attach(ModelError),
    /// A query failed (wrong length, non-finite state).
    #[error("state {index}: {source}")]
    State {
        /// Index of the state in the input.
        index: usize,
        /// The query's error.
        source: ModelError,
    },
    /// A file could not be read or written.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
    /// The states file is not valid JSON of the documented shape.
    #[error("{path}: {message}")]
    Json {
        /// The file.
        path: PathBuf,
        /// serde's message.
        message: String,
    },
}

/// Errors of MJCF loading ([`crate::mjcf`]). Each names the element, with its file and
/// line, and the problem.
#[derive(Debug, thiserror::Error)]
pub enum MjcfError {
    /// A file (the model or an `<include>`d one) cannot be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
    /// Not well-formed XML.
    #[error("{file}: bad XML: {message}")]
    Xml {
        /// The file.
        file: String,
        /// The parser's message (with its line and column).
        message: String,
    },
    /// The root element is not `<mujoco>`.
    #[error("{file}: the root element is <{found}>, expected <mujoco>")]
    NotMujoco {
        /// The file.
        file: String,
        /// The root element found.
        found: String,
    },
    /// A required attribute is missing.
    #[error("{element}: missing attribute '{attribute}'")]
    Missing {
        /// The element (`file:line <tag name=...>`).
        element: String,
        /// The attribute.
        attribute: String,
    },
    /// An attribute value does not parse or is out of its range.
    #[error("{element}: attribute '{attribute}' = '{value}' is not {expected}")]
    BadValue {
        /// The element.
        element: String,
        /// The attribute.
        attribute: String,
        /// Its text.
        value: String,
        /// What it should be.
        expected: String,
    },
    /// An element, attribute value or combination that the loader does not support and
    /// that would change the physics if it were ignored.
    #[error("{element}: unsupported: {what}")]
    Unsupported {
        /// The element.
        element: String,
        /// What is not supported.
        what: String,
    },
    /// A reference to a class, mesh, body, joint or geom that does not exist.
    #[error("{element}: {kind} '{name}' does not exist")]
    UnknownName {
        /// The element.
        element: String,
        /// "class", "mesh", "joint", ...
        kind: &'static str,
        /// The name.
        name: String,
    },
    /// Two elements of one kind share a name.
    #[error("{element}: duplicate {kind} name '{name}'")]
    Duplicate {
        /// The second element.
        element: String,
        /// "body", "joint", ...
        kind: &'static str,
        /// The name.
        name: String,
    },
    /// `<include>` files include each other, or nest too deeply.
    #[error("{element}: include cycle or nesting deeper than 16 through '{path}'")]
    IncludeCycle {
        /// The `<include>` element.
        element: String,
        /// The file.
        path: PathBuf,
    },
    /// A mesh file could not be read or has no volume or hull.
    #[error("{element}: mesh '{path}': {message}")]
    BadMesh {
        /// The `<mesh>` or `<geom>` element.
        element: String,
        /// The resolved file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The model built from the file is invalid (negative mass, a massless moving body,
    /// lower > upper limit, ...).
    #[error("{0}")]
    Model(#[from] ModelError),
}
