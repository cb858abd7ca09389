//! Reading a trajectory folder (`scene.csv`, `trajectory.csv`, optional `contacts.csv`
//! and `patches.csv`, OBJ files): the format's one reader is [`wolfe_trajectory`] (described in
//! `docs/trajectory-format.md`); this module names the items the viewer draws from.

pub use wolfe_trajectory::{
    read_obj, rotate, ContactRecord, Frame, PatchRecord, PoseArray, Recording, SceneObject, ShapeKind,
    TriMesh,
};
