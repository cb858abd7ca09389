//! The articulated trees of the Python `World` and `Simulation` (URDF robots on
//! wolfe_sim's one simulator): loading a URDF at a base pose, the initial joint
//! positions, PD gains and targets given per joint or once for all, with typed errors.

use std::path::Path;

use pyo3::exceptions::{PyIndexError, PyOSError};
use pyo3::prelude::*;
use wolfe::Pose;
use wolfe_multibody::{load_urdf, JointKind, Robot, UrdfError, UrdfOptions};
use wolfe_sim::{ArticulatedTree, Material, World};

use crate::convert::float_array;
use crate::error::{sim, value};

/// A URDF error as a Python exception carrying wolfe's message: `OSError` for a file
/// that cannot be read, `ValueError` for everything else.
pub fn urdf_error(e: UrdfError) -> PyErr {
    match e {
        UrdfError::Io { .. } => PyOSError::new_err(format!("URDF: {e}")),
        _ => value(format!("URDF: {e}")),
    }
}

/// A list of floats, one per movable joint (`n` of them), or one float for all; `what`
/// names it in errors. Every value must be finite.
pub fn per_joint(obj: &Bound<'_, PyAny>, n: usize, what: &str) -> PyResult<Vec<f64>> {
    let values = match obj.extract::<f64>() {
        Ok(x) => vec![x; n],
        Err(_) => {
            let a = float_array(obj)?;
            let s = a.values()?;
            if s.len() != n {
                return Err(value(format!(
                    "{what}: expected {n} values (one per movable joint) or one, got {}",
                    s.len()
                )));
            }
            s.to_vec()
        }
    };
    if values.iter().any(|x| !x.is_finite()) {
        return Err(value(format!("{what} has a NaN or infinite value")));
    }
    Ok(values)
}

/// `IndexError` unless `tree` is one of the `n` trees.
pub fn check_tree(tree: usize, n: usize) -> PyResult<()> {
    if tree < n {
        Ok(())
    } else {
        Err(PyIndexError::new_err(format!(
            "tree {tree} does not exist ({n} trees)"
        )))
    }
}

/// Articulated tree `tree` of `world`, or `IndexError`.
pub fn tree_mut(world: &mut World, tree: usize) -> PyResult<&mut ArticulatedTree> {
    check_tree(tree, world.trees().len())?;
    world.tree_mut(tree).map_err(sim)
}

/// Loads the URDF robot at `path` (without the GIL: reading the file and taking the
/// hulls of its collision meshes takes a while), its root link welded at `base`.
pub fn load_robot(py: Python<'_>, path: &Path, base: Option<Pose>) -> PyResult<Robot> {
    let robot = py
        .allow_threads(|| load_urdf(path, UrdfOptions::default()))
        .map_err(urdf_error)?;
    match base {
        Some(base) => robot.placed(&base).map_err(|e| value(format!("base_pose: {e}"))),
        None => Ok(robot),
    }
}

/// The default initial joint positions of a tree (URDF file order): zero, clamped into
/// the position limits of the joints that have them.
pub fn default_start(tree: &ArticulatedTree) -> Vec<f64> {
    tree.joints
        .iter()
        .map(|(_, qi, _)| {
            let body = tree.model.bodies().iter().find(|b| b.q_index == *qi);
            match body {
                Some(b)
                    if !matches!(
                        b.joint.kind,
                        JointKind::Revolute { continuous: true, .. } | JointKind::Floating
                    ) && b.joint.limits.lower <= b.joint.limits.upper =>
                {
                    let x = 0.0f64.clamp(b.joint.limits.lower, b.joint.limits.upper);
                    if x.is_finite() {
                        x
                    } else {
                        0.0
                    }
                }
                _ => 0.0,
            }
        })
        .collect()
}

/// Sets a tree's initial joint positions (URDF file order), at rest.
pub fn set_start(tree: &mut ArticulatedTree, q: &[f64]) {
    for ((_, qi, _), &x) in tree.joints.iter().zip(q) {
        tree.q0[*qi] = x;
    }
    tree.v0.fill(0.0);
}

/// The options of `World.add_urdf`, once read from Python.
pub struct UrdfTree {
    /// Initial joint positions, URDF file order.
    pub q: Option<Vec<f64>>,
    /// Proportional gains (per joint): with them, the robot is PD-controlled.
    pub kp: Option<Vec<f64>>,
    /// Derivative gains (per joint).
    pub kd: Option<Vec<f64>>,
    /// PD targets (per joint).
    pub q_target: Option<Vec<f64>>,
    /// Feed-forward `g(q_target)`.
    pub gravity_compensation: bool,
    /// Contact parameters of its links.
    pub material: Material,
    /// Joint limits as constraints.
    pub joint_limits: bool,
    /// Links collide with each other.
    pub self_collision: bool,
}

/// Adds `robot` to `world` as an articulated tree with the options `o`; returns its
/// index. On error `world` may hold a part of the tree: callers add to a copy.
pub fn add_tree(world: &mut World, robot: &Robot, o: &UrdfTree) -> PyResult<usize> {
    if o.kp.is_none() && (o.kd.is_some() || o.q_target.is_some()) {
        return Err(value("kd and q_target need kp (the PD controllers' gains)"));
    }
    let q0 = robot.model.neutral();
    let gravity = world.gravity;
    let tree = world.add_robot(robot, q0.as_slice(), o.material).map_err(sim)?;
    let t = tree_mut(world, tree)?;
    // The feed-forward g(q_target) is computed now: with this world's gravity.
    t.model.gravity = gravity;
    t.joint_limits = o.joint_limits;
    t.self_collision = o.self_collision;
    let start = match (&o.q, &o.q_target) {
        (Some(q), _) => q.clone(),
        (None, Some(target)) => target.clone(),
        (None, None) => default_start(t),
    };
    set_start(t, &start);
    if let Some(kp) = &o.kp {
        let target = o.q_target.clone().unwrap_or(start);
        t.controllers = t
            .hold_gains(&target, kp, o.kd.as_deref(), o.gravity_compensation)
            .map_err(sim)?;
    }
    Ok(tree)
}
