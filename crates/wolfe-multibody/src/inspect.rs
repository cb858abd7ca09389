//! `wolfe robot inspect`: mass matrix, inverse dynamics and gravity torques of a
//! fixed-base URDF robot or of an MJCF model at given states, for checking a model
//! against another library.
//!
//! Input (`--states IN.json`): either a plain array of states or an object with a
//! `states` array; both are accepted:
//!
//! ```json
//! [{"q": [...], "v": [...], "a": [...]}]          or          {"states": [ ... ]}
//! ```
//!
//! with the movable joints in the order the URDF file lists them (the base fixed, mimic
//! joints independent). Output (`--out OUT.json`):
//!
//! ```json
//! {"joint_names": [...], "states": [{"M": [[...]], "tau": [...], "g": [...]}]}
//! ```
//!
//! `M` is `M(q)` (rows and columns in the same joint order), `tau = M(q) a + c(q, v) +
//! g(q)` the inverse dynamics and `g = g(q)` the gravity torques, gravity `-9.81 z`
//! (an MJCF model: its `<option gravity>`).
//!
//! An MJCF model ([`inspect_model_file`], `--model FILE.xml`) lists its joints in file
//! order (MuJoCo's order); a free joint takes 7 coordinates `[p; x y z w]` and 6
//! velocities `[linear; angular]`, both in the body frame (wolfe's floating joint, not
//! MuJoCo's `qpos`/`qvel`: see [`crate::mjcf`]).

use std::path::Path;

use nalgebra::DVector;
use serde::{Deserialize, Serialize};

use crate::data::Data;
use crate::error::{InspectError, ModelError};
use crate::mjcf::{load_mjcf, MjcfOptions};
use crate::urdf::{load_urdf, Robot, UrdfOptions};

/// One input state (joint coordinates in URDF file order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InspectState {
    /// Positions.
    pub q: Vec<f64>,
    /// Velocities.
    pub v: Vec<f64>,
    /// Accelerations.
    pub a: Vec<f64>,
}

/// The states file: a plain array or `{"states": [...]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum InspectInput {
    /// `[{"q", "v", "a"}, ...]`.
    List(Vec<InspectState>),
    /// `{"states": [...]}`.
    Object {
        /// The states.
        states: Vec<InspectState>,
    },
}

impl InspectInput {
    /// The states, whichever form was read.
    pub fn into_states(self) -> Vec<InspectState> {
        match self {
            InspectInput::List(s) | InspectInput::Object { states: s } => s,
        }
    }
}

/// The results at one state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InspectResult {
    /// Mass matrix, row by row.
    #[serde(rename = "M")]
    pub mass_matrix: Vec<Vec<f64>>,
    /// Inverse dynamics `M a + c + g`.
    pub tau: Vec<f64>,
    /// Gravity torques.
    pub g: Vec<f64>,
}

/// The output file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InspectOutput {
    /// Movable joints in URDF file order.
    pub joint_names: Vec<String>,
    /// One result per input state.
    pub states: Vec<InspectResult>,
}

/// Evaluates `M`, `tau` and `g` of `robot` (loaded with a fixed base) at each state.
pub fn inspect(robot: &Robot, states: &[InspectState]) -> Result<InspectOutput, InspectError> {
    let model = &robot.model;
    let slices = robot.file_order_slices();
    let mut data = Data::new(model);
    let (mut q, mut v, mut a) = (
        vec![0.0; model.nq()],
        vec![0.0; model.nv()],
        vec![0.0; model.nv()],
    );
    let mut out = Vec::with_capacity(states.len());
    for (index, s) in states.iter().enumerate() {
        let err = |source| InspectError::State { index, source };
        scatter(&s.q, &mut q, slices.iter().map(|s| (s.0, s.1)), "q").map_err(err)?;
        scatter(&s.v, &mut v, slices.iter().map(|s| (s.2, s.3)), "v").map_err(err)?;
        scatter(&s.a, &mut a, slices.iter().map(|s| (s.2, s.3)), "a").map_err(err)?;
        let m = model.mass_matrix(&mut data, &q).map_err(err)?.clone();
        let tau = gather(
            model.inverse_dynamics(&mut data, &q, &v, &a).map_err(err)?,
            &slices,
        );
        let g = gather(model.gravity_torques(&mut data, &q).map_err(err)?, &slices);
        let order: Vec<usize> = slices.iter().flat_map(|s| s.2..s.2 + s.3).collect();
        let mass_matrix = order
            .iter()
            .map(|&r| order.iter().map(|&c| m[(r, c)]).collect())
            .collect();
        out.push(InspectResult { mass_matrix, tau, g });
    }
    Ok(InspectOutput {
        joint_names: robot.joint_names(),
        states: out,
    })
}

/// Loads `urdf` (fixed base, no collision meshes), reads the states from `states_json`,
/// writes the results to `out_json` and returns them.
pub fn inspect_file(urdf: &Path, states_json: &Path, out_json: &Path) -> Result<InspectOutput, InspectError> {
    let robot = load_urdf(
        urdf,
        UrdfOptions {
            floating_base: false,
            load_collision: false,
        },
    )?;
    inspect_robot_file(&robot, states_json, out_json)
}

/// As [`inspect_file`] for a URDF (`.urdf`) or MJCF (`.xml`, `.mjcf`) file, told apart
/// by the extension.
pub fn inspect_model_file(
    model: &Path, states_json: &Path, out_json: &Path,
) -> Result<InspectOutput, InspectError> {
    inspect_robot_file(&load_model_file(model)?, states_json, out_json)
}

/// As [`inspect_model_file`] for the model `model` with the model `child` attached at
/// its frame `frame` ([`Robot::attach`], the child's world at the frame, its names
/// prefixed with `prefix`): the joints are the model's, then the child's.
pub fn inspect_attached_file(
    model: &Path, child: &Path, frame: &str, prefix: &str, states_json: &Path, out_json: &Path,
) -> Result<InspectOutput, InspectError> {
    let (parent, child) = (load_model_file(model)?, load_model_file(child)?);
    let robot = parent
        .attach(frame, &child, &crate::spatial::Se3::identity(), prefix)
        .map_err(InspectError::Attach)?;
    inspect_robot_file(&robot, states_json, out_json)
}

/// A URDF (fixed base) or MJCF model by its extension, without collision geometry.
fn load_model_file(model: &Path) -> Result<Robot, InspectError> {
    let ext = model
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match ext.as_str() {
        "urdf" => Ok(load_urdf(
            model,
            UrdfOptions {
                floating_base: false,
                load_collision: false,
            },
        )?),
        "xml" | "mjcf" => Ok(load_mjcf(
            model,
            MjcfOptions {
                load_collision: false,
            },
        )?
        .robot),
        _ => Err(InspectError::Io {
            path: model.to_path_buf(),
            message: format!("unknown model format '.{ext}' (expected .urdf, .xml or .mjcf)"),
        }),
    }
}

fn inspect_robot_file(
    robot: &Robot, states_json: &Path, out_json: &Path,
) -> Result<InspectOutput, InspectError> {
    let text = std::fs::read_to_string(states_json).map_err(|e| InspectError::Io {
        path: states_json.to_path_buf(),
        message: e.to_string(),
    })?;
    let input: InspectInput = serde_json::from_str(&text).map_err(|e| InspectError::Json {
        path: states_json.to_path_buf(),
        message: format!(
            "{e} (expected [{{\"q\": [...], \"v\": [...], \"a\": [...]}}] or {{\"states\": [...]}})"
        ),
    })?;
    let output = inspect(robot, &input.into_states())?;
    let json = serde_json::to_string_pretty(&output).map_err(|e| InspectError::Json {
        path: out_json.to_path_buf(),
        message: e.to_string(),
    })?;
    std::fs::write(out_json, json).map_err(|e| InspectError::Io {
        path: out_json.to_path_buf(),
        message: e.to_string(),
    })?;
    Ok(output)
}

/// Copies file-order values into model order.
fn scatter(
    input: &[f64], out: &mut [f64], slices: impl Iterator<Item = (usize, usize)>, what: &'static str,
) -> Result<(), ModelError> {
    if input.len() != out.len() {
        return Err(ModelError::DimensionMismatch {
            what,
            got: input.len(),
            expected: out.len(),
        });
    }
    let mut i = 0;
    for (start, n) in slices {
        out[start..start + n].copy_from_slice(&input[i..i + n]);
        i += n;
    }
    Ok(())
}

/// Model-order values in file order.
fn gather(x: &DVector<f64>, slices: &[(usize, usize, usize, usize)]) -> Vec<f64> {
    slices
        .iter()
        .flat_map(|s| (s.2..s.2 + s.3).map(|k| x[k]))
        .collect()
}
