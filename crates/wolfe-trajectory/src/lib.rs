//! The trajectory folder of a simulation run: its one writer and its one reader.
//!
//! A run is recorded into a folder of plain CSV (and OBJ) files, described in full in
//! `docs/trajectory-format.md`:
//!
//! - `scene.csv`, one row per object: the bodies first, then the static geometry;
//!   its shape kind and parameters, its pose (a body's shape in its body frame, static
//!   geometry in the world), a body's mass, and the OBJ files of meshes (`mesh_N.obj`)
//!   and visual meshes (`visual_N.obj`);
//! - `trajectory.csv`, one row per body per recorded step: the body (centre-of-mass)
//!   frame in the world;
//! - `contacts.csv`, one row per contact point that carried a force in a step: the two
//!   objects, the point and normal, the mean normal and friction forces;
//! - `patches.csv` (only for runs with pressure-field contact), one row per vertex of
//!   each contact polygon of a step: the two objects, the polygon's pressure and area,
//!   the vertex.
//!
//! The crate knows nothing of a simulator: [`SceneWriter`] takes names, shapes
//! ([`wolfe::Shape`], half-spaces) and poses, [`TrajectoryWriter`] poses per frame,
//! [`ContactRecord`]s and [`PatchRecord`]s; [`Recording::read`] gives the same data back (numbers exactly:
//! they are written in Rust's shortest round-trip formatting). Bad files give a
//! [`TrajectoryError`] naming the file (and the line and column of a bad field).
//!
//! ```
//! use wolfe::{HalfSpace, Pose, Shape, Sphere, Vec3};
//! use wolfe_trajectory::{Body, ContactRecord, Recording, SceneWriter};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = std::env::temp_dir().join(format!("wolfe-trajectory-doc-{}", std::process::id()));
//! let ball: Shape = Sphere::new(0.05)?.into();
//! let ground = HalfSpace::new(Vec3::z(), 0.0)?;
//!
//! // The scene: bodies first, then static geometry.
//! let mut scene = SceneWriter::create(&dir)?;
//! let body = scene.body(&Body {
//!     name: "ball",
//!     shape: &ball,
//!     shape_pose: Pose::identity(),
//!     mass: Some(0.5),
//!     visual: None,
//! })?;
//! let floor = scene.half_space("ground", &ground)?;
//!
//! // The steps: one pose per body, and the contacts that carried a force.
//! let mut run = scene.finish()?;
//! run.frame(0, 0.0, &[Pose::from_translation(Vec3::new(0.0, 0.0, 0.1))])?;
//! run.frame(1, 0.01, &[Pose::from_translation(Vec3::new(0.0, 0.0, 0.05))])?;
//! run.contact(1, 0.01, &ContactRecord {
//!     a: floor,
//!     b: body,
//!     point: [0.0, 0.0, 0.0],
//!     normal: [0.0, 0.0, 1.0],
//!     normal_force: 0.5 * 9.81,
//!     friction_force: 0.0,
//! })?;
//! run.finish()?;
//!
//! let rec = Recording::read(&dir)?;
//! assert_eq!((rec.bodies, rec.objects.len(), rec.frames.len()), (1, 2, 2));
//! assert_eq!(rec.frames[1].poses[0][2], 0.05);
//! assert_eq!(rec.frames[1].contacts[0].normal_force, 0.5 * 9.81);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok(())
//! # }
//! ```
//!
//! A simulator records a run by writing its scene once and then one
//! [`TrajectoryWriter::frame`] (and its contacts) per recorded step;
//! `examples/falling_box.rs` is a runnable one.

pub mod error;
pub mod format;
pub mod obj;
pub mod read;
pub mod write;

pub use error::TrajectoryError;
pub use format::{half_space_pose, pose_array, rotate, to_pose, PoseArray, ShapeKind};
pub use obj::{read_obj, write_obj, TriMesh};
pub use read::{ContactRecord, Frame, PatchRecord, Recording, SceneObject};
pub use write::{csv_name, Body, SceneWriter, TrajectoryWriter};
