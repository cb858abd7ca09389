//! MJCF (MuJoCo XML) loading: the same [`Robot`] as the URDF loader produces (a
//! [`Model`](crate::Model) for the dynamics with collision and visual geometry), plus
//! what a simulator needs from a MuJoCo scene ([`Mjcf`]): every geom with its contact
//! parameters, sites, actuators, joint couplings, contact excludes and pairs, and the
//! default configuration.
//!
//! Own code on `roxmltree` (as the URDF loader). What each part of the file becomes:
//! - **Document.** `<include file>` is expanded in place (paths relative to the main
//!   file's folder; cycles are errors). `<compiler>`: `angle` (degree by default),
//!   `eulerseq`, `autolimits` (true by default), `inertiafromgeom` (auto/true/false),
//!   `inertiagrouprange`, `meshdir`/`assetdir`; other attributes that would change the
//!   model (`boundmass`, `settotalmass`, `discardvisual="true"`, ...) are errors.
//!   `<default>` classes nest; an element takes the attributes of its `class`, else of
//!   the nearest `childclass` above it, else of the main class. Actuator shortcuts
//!   share the attributes common to all actuators (`ctrlrange`, `forcerange`, `gear`,
//!   ...) as MuJoCo's single actuator default does.
//! - **Bodies.** Depth first in file order, as MuJoCo numbers them. A body without
//!   joints is welded into its parent's model body (into the world: static); a body with
//!   joints becomes one model body per joint (MuJoCo composes several joints of a body
//!   in order), the body frame of the model being the joint's frame (`pos`): the MJCF
//!   body frame is then a [`Frame`](crate::Frame) of the body's name. Hinge →
//!   revolute, slide → prismatic, free (`<freejoint>`) → floating (a child of the world
//!   only; its placement is the world and the body's `pos`/`quat` go into [`Mjcf::qpos0`]).
//!   `ball` joints and a non-zero `ref` are errors. Limits: `range` when `limited` (or,
//!   with `autolimits`, when a range is given); `damping`, `armature` and
//!   `frictionloss` go into the model's joint; `stiffness`/`springref` are kept in
//!   [`MjcfJoint`] (the model's dynamics have no springs: a note says so).
//! - **Inertia.** From `<inertial>` (`diaginertia` or `fullinertia`) or from the geoms
//!   (per `inertiafromgeom`, geoms of the `inertiagrouprange` groups, visual-only geoms
//!   included as in MuJoCo), each geom of uniform `density` (1000 by default) or of its
//!   `mass`: solid primitives, meshes by their `<mesh inertia>` rule (see
//!   [`inertia`](MeshInertia)). Body masses and inertias of every MJCF body are in
//!   [`Mjcf::bodies`].
//! - **Geoms.** sphere, capsule, cylinder, ellipsoid, box, mesh (OBJ or STL, `scale`)
//!   and plane (static only); `fromto` for capsules and cylinders. A geom with
//!   `contype` or `conaffinity` non-zero is collision geometry (a convex wolfe shape;
//!   a mesh is its vertices' convex hull), else visual geometry. Planes are kept in
//!   [`Mjcf::geoms`] without a shape (a half-space for the simulator).
//! - **Contact, equality, actuators.** `<contact><exclude>` and `<pair>`,
//!   `<equality><joint>` as linear couplings (`polycoef` beyond the linear term, other
//!   equality kinds: errors; those of two joints are also the robot's
//!   [`Robot::mimics`](crate::Robot::mimics), what a simulator enforces), `<actuator>` `position`, `velocity` and `motor` on joints
//!   (others: errors).
//! - **Keyframe.** The first `<key>`'s `qpos` and `ctrl` ([`Mjcf::keyframe`]; others
//!   get a note; `qvel`, `act` and mocap poses are errors).
//! - Ignored with a note in [`Mjcf::notes`]: `<visual>`, `<statistic>`, `<sensor>`,
//!   `<size>`, materials and textures, `<option>` fields other than
//!   `gravity`. Other unknown elements are errors.

mod build;
mod defaults;
mod eig3;
mod extras;
mod frames;
mod geoms;
pub mod inertia;
mod xml;

use std::path::{Path, PathBuf};

pub use inertia::MeshInertia;

use crate::error::MjcfError;
use crate::spatial::{Mat3, Se3, Vec3};
use crate::urdf::{GeometryDesc, Robot};
use wolfe::Shape;

/// A loaded MJCF model.
#[derive(Clone, Debug)]
pub struct Mjcf {
    /// The tree (several roots for a scene), collision and visual geometry; joint order
    /// = file order = model order.
    pub robot: Robot,
    /// Every MJCF body in file order (the world excluded).
    pub bodies: Vec<MjcfBody>,
    /// Every movable joint in model order.
    pub joints: Vec<MjcfJoint>,
    /// Every geom in file order.
    pub geoms: Vec<MjcfGeom>,
    /// Every site in file order (each also a frame of the model).
    pub sites: Vec<MjcfSite>,
    /// Actuators in file order.
    pub actuators: Vec<Actuator>,
    /// Joint couplings `q_joint = multiplier q_source + offset` from `<equality><joint>`.
    pub couplings: Vec<JointCoupling>,
    /// Body pairs whose geoms never collide (`<contact><exclude>`).
    pub excludes: Vec<(String, String)>,
    /// Explicit geom pairs (`<contact><pair>`).
    pub pairs: Vec<ContactPair>,
    /// The default configuration (model order, floating joints `[p; x y z w]`).
    pub qpos0: Vec<f64>,
    /// The first `<keyframe><key>`, if any.
    pub keyframe: Option<Keyframe>,
    /// The `<custom><text>` entries, in file order (MuJoCo's place for data a model
    /// carries for other programs; wolfe's simulator reads its `hydroelastic:GEOM`
    /// entries).
    pub custom_texts: Vec<CustomText>,
    /// What was ignored (never something that changes the dynamics).
    pub notes: Vec<String>,
}

/// A `<custom><text name data>` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomText {
    /// Its name.
    pub name: String,
    /// Its text.
    pub data: String,
}

/// One MJCF body and where it went in the model.
#[derive(Clone, Debug, PartialEq)]
pub struct MjcfBody {
    /// Its name (`body<k>` when unnamed).
    pub name: String,
    /// The model body it moves with (`None`: welded to the world).
    pub model_body: Option<usize>,
    /// Its frame in that model body's frame (the world's).
    pub placement: Se3,
    /// Mass of the body alone (welded children not included).
    pub mass: f64,
    /// Its centre of mass in its own frame.
    pub com: Vec3,
    /// Its rotational inertia about the centre of mass, axes of its own frame.
    pub inertia: Mat3,
}

/// What a movable joint carries beyond the model's [`Joint`](crate::Joint).
#[derive(Clone, Debug, PartialEq)]
pub struct MjcfJoint {
    /// Its name (`<body>_joint<k>` when unnamed).
    pub name: String,
    /// The model body it moves.
    pub body: usize,
    /// MuJoCo type: `hinge`, `slide` or `free`.
    pub kind: String,
    /// Spring stiffness (not applied by the model's dynamics).
    pub stiffness: f64,
    /// Spring rest position.
    pub springref: f64,
}

/// A geom and its contact parameters.
#[derive(Clone, Debug)]
pub struct MjcfGeom {
    /// Its name (`geom<k>` when unnamed).
    pub name: String,
    /// The MJCF body it belongs to (`None`: the world body).
    pub mjcf_body: Option<usize>,
    /// The model body it moves with (`None`: the world).
    pub body: Option<usize>,
    /// Placement in that body's frame.
    pub placement: Se3,
    /// The shape as written (box: full side lengths; capsule and cylinder: full length
    /// of the axis segment).
    pub desc: GeometryDesc,
    /// The convex shape, `None` for planes.
    pub shape: Option<Shape>,
    /// Its mass (in the body's inertia unless its group is outside the range).
    pub mass: f64,
    /// `contype` bits.
    pub contype: u32,
    /// `conaffinity` bits.
    pub conaffinity: u32,
    /// `condim`.
    pub condim: u32,
    /// `group`.
    pub group: i64,
    /// Sliding, torsional and rolling friction.
    pub friction: [f64; 3],
    /// Colour, when given.
    pub rgba: Option<[f64; 4]>,
    /// Resolved mesh file for meshes.
    pub path: Option<PathBuf>,
}

impl MjcfGeom {
    /// Whether the geom takes part in contact (`contype` or `conaffinity` non-zero).
    pub fn collides(&self) -> bool {
        self.contype != 0 || self.conaffinity != 0
    }
}

/// A site: a named frame.
#[derive(Clone, Debug, PartialEq)]
pub struct MjcfSite {
    /// Its name.
    pub name: String,
    /// The model body (`None`: the world).
    pub body: Option<usize>,
    /// Placement in that body.
    pub placement: Se3,
}

/// The kind of an actuator with its gains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ActuatorKind {
    /// Force `gear * ctrl` (clamped to the force range).
    Motor,
    /// PD: force `kp (ctrl - q) - kv v`.
    Position {
        /// Position gain.
        kp: f64,
        /// Velocity gain (damping).
        kv: f64,
    },
    /// Force `kv (ctrl - v)`.
    Velocity {
        /// Velocity gain.
        kv: f64,
    },
}

/// An actuator on a joint.
#[derive(Clone, Debug, PartialEq)]
pub struct Actuator {
    /// Its name (`actuator<k>` when unnamed).
    pub name: String,
    /// Kind and gains.
    pub kind: ActuatorKind,
    /// The joint it drives.
    pub joint: String,
    /// Transmission gear (first component).
    pub gear: f64,
    /// Control range when the control is limited.
    pub ctrlrange: Option<[f64; 2]>,
    /// Force range when the force is limited.
    pub forcerange: Option<[f64; 2]>,
}

/// `q_joint = multiplier q_source + offset` (from `<equality><joint polycoef>`; with no
/// `joint2`, the multiplier is 0 and the joint is held at `offset`).
#[derive(Clone, Debug, PartialEq)]
pub struct JointCoupling {
    /// Name of the equality (may be empty).
    pub name: String,
    /// The constrained joint (`joint1`).
    pub joint: String,
    /// The joint it follows (`joint2`), if any.
    pub source: Option<String>,
    /// Linear coefficient.
    pub multiplier: f64,
    /// Constant term.
    pub offset: f64,
}

/// A keyframe (`<keyframe><key>`): a configuration and controls to start from.
#[derive(Clone, Debug, PartialEq)]
pub struct Keyframe {
    /// Its name (may be empty).
    pub name: String,
    /// The configuration in model order (floating joints `[p; x y z w]`, converted from
    /// MuJoCo's `[p; w x y z]`), when given.
    pub qpos: Option<Vec<f64>>,
    /// One control per actuator (file order), when given.
    pub ctrl: Option<Vec<f64>>,
}

/// An explicit contact pair.
#[derive(Clone, Debug, PartialEq)]
pub struct ContactPair {
    /// First geom's name.
    pub geom1: String,
    /// Second geom's name.
    pub geom2: String,
    /// Friction (sliding, sliding, torsional, rolling, rolling) when given.
    pub friction: Option<Vec<f64>>,
    /// `condim` when given.
    pub condim: Option<u32>,
}

/// How to load an MJCF file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MjcfOptions {
    /// Build convex hulls of collision meshes (default). Without it, collision shapes of
    /// meshes are not built (mesh files are still read when inertias come from them).
    pub load_collision: bool,
}

impl Default for MjcfOptions {
    fn default() -> Self {
        Self { load_collision: true }
    }
}

/// Loads an MJCF file (includes and meshes relative to its folder, meshes to `meshdir`).
pub fn load_mjcf(path: &Path, options: MjcfOptions) -> Result<Mjcf, MjcfError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let root = xml::read_file(path, &dir)?;
    build::build(&root, &dir, options)
}

/// Loads MJCF text; includes and relative mesh paths resolve against `base_dir`.
pub fn parse_mjcf(text: &str, base_dir: &Path, options: MjcfOptions) -> Result<Mjcf, MjcfError> {
    let root = xml::read_text(text, "<text>", base_dir)?;
    build::build(&root, base_dir, options)
}
