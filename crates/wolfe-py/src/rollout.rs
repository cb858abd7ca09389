//! `rollout`: many worlds stepped in parallel (wolfe_sim's [`wolfe_sim::Batch`]) without
//! the GIL, their states and step statistics as numpy arrays, each world's failure
//! reported with it.

use numpy::ndarray::{ArrayD, IxDyn};
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use wolfe_sim::{Batch, SimSettings, STAT_COLUMNS};

use crate::convert::{float_array, NonNegative};
use crate::error::{sim, value};
use crate::sim::{scheme_arg, World};

/// A numpy array of `shape` from row-major values.
fn np_array<'py>(py: Python<'py>, shape: &[usize], data: Vec<f64>) -> PyResult<Bound<'py, PyAny>> {
    let a = ArrayD::from_shape_vec(IxDyn(shape), data).map_err(|e| value(format!("internal error: {e}")))?;
    Ok(a.into_pyarray(py).into_any())
}

/// The worlds of the call: one `World` or a sequence of them, copied.
fn worlds_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<wolfe_sim::World>> {
    if let Ok(w) = obj.downcast::<World>() {
        return Ok(vec![w.borrow().inner().clone()]);
    }
    let mut out = Vec::new();
    for (i, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        let w = item.downcast::<World>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "rollout: item {i} is {}, not a wolfe.World",
                item.get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })?;
        out.push(w.borrow().inner().clone());
    }
    if out.is_empty() {
        return Err(value(
            "rollout: no worlds (give a World or a non-empty sequence of them)",
        ));
    }
    Ok(out)
}

/// Per-world time steps: one number for every world or one per world.
fn time_steps(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<f64>> {
    if let Ok(dt) = obj.extract::<f64>() {
        return Ok(vec![dt; n]);
    }
    let a = float_array(obj)?;
    if a.shape() != [n] {
        return Err(value(format!(
            "rollout: time_step has shape {:?}; give one number or one per world ({n})",
            a.shape()
        )));
    }
    Ok(a.values()?.to_vec())
}

/// The controls as (worlds, steps, controls) values: a (steps, C) array is the same
/// for every world.
fn controls_arg(obj: &Bound<'_, PyAny>, n: usize, steps: usize, c: usize) -> PyResult<Vec<f64>> {
    let a = float_array(obj)?;
    let values = a.values()?;
    if a.shape() == [n, steps, c] {
        return Ok(values.to_vec());
    }
    if a.shape() == [steps, c] {
        return Ok(values.repeat(n));
    }
    Err(value(format!(
        "rollout: controls have shape {:?}; expected ({n}, {steps}, {c}) or ({steps}, {c}) \
         (worlds, steps, PD controllers in tree order)",
        a.shape()
    )))
}

/// Steps each world (a `World` or a sequence of worlds with the same numbers of
/// bodies, trees and PD controllers; each copied) `steps` times in parallel on
/// `threads` threads (default: one per core), without the GIL. Every world's
/// trajectory is bit-identical to a `Simulation` of it stepped alone, whatever the
/// thread count.
///
/// `controls`: the PD targets `q_target` of every controller (trees in order, each
/// tree's controllers in order) before each step, shape (worlds, steps, C) or
/// (steps, C) for all. `time_step`: one number or one per world. The other settings
/// are `Simulation`'s. `every`: a frame every `every` steps (and after the last).
///
/// Returns a dict: `poses` (W, F, B, 7: position, quaternion w x y z), `velocities`
/// (W, F, nv), `joints` (W, F, nq: the trees' configurations), `stats` (W, steps,
/// len(stat_columns)), `stat_columns`, `completed` (W: steps each world completed),
/// `errors` (W: None or the message of the world's failure), `failed_step` (W: the
/// failed step, -1 if none), `final_slip` (W, 3: mean and largest slip speed `|v_t|`
/// over the contacts touching at the last step, and their count: the SAP paper's
/// Figs. 14-15, with `sigma` the regularization of Eq. 30). A world that failed keeps its last state in later frames
/// and zero statistics rows.
#[pyfunction]
#[pyo3(signature = (world, steps, controls = None, threads = None, time_step = None, scheme = "symplectic-euler", margin = 5e-3, max_initial_penetration = 1e-3, relative_tolerance = None, persistent_contacts = None, every = NonNegative(1), sigma = None))]
pub fn rollout<'py>(
    py: Python<'py>, world: &Bound<'py, PyAny>, steps: NonNegative<usize>,
    controls: Option<&Bound<'py, PyAny>>, threads: Option<NonNegative<usize>>,
    time_step: Option<&Bound<'py, PyAny>>, scheme: &str, margin: f64, max_initial_penetration: f64,
    relative_tolerance: Option<f64>, persistent_contacts: Option<bool>, every: NonNegative<usize>,
    sigma: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let worlds = worlds_arg(world)?;
    let n = worlds.len();
    let dts = match time_step {
        Some(t) => time_steps(t, n)?,
        None => vec![0.01; n],
    };
    if !(margin.is_finite() && margin >= 0.0) {
        return Err(value(format!("margin {margin} must be finite and >= 0")));
    }
    let mut base = SimSettings {
        scheme: scheme_arg(scheme)?,
        margin,
        max_initial_penetration,
        ..SimSettings::default()
    };
    if let Some(eps) = relative_tolerance {
        if !(eps.is_finite() && eps > 0.0) {
            return Err(value(format!("relative_tolerance {eps} must be finite and > 0")));
        }
        base.sap.relative_tolerance = eps;
    }
    if let Some(sigma) = sigma {
        if !(sigma.is_finite() && sigma > 0.0) {
            return Err(value(format!("sigma {sigma} must be finite and > 0")));
        }
        base.sap.regularization.sigma = sigma;
    }
    let list: Vec<_> = worlds
        .into_iter()
        .zip(dts)
        .map(|(w, dt)| {
            let settings = SimSettings {
                time_step: dt,
                persistent_contacts: persistent_contacts.unwrap_or(!w.trees().is_empty()),
                ..base.clone()
            };
            (w, settings)
        })
        .collect();
    let threads = threads.map(|t| t.0);
    let (steps, every) = (steps.0, every.0);
    let mut batch = py.allow_threads(|| Batch::new(list, threads)).map_err(sim)?;
    let c = batch.layout().controls;
    let controls = controls.map(|o| controls_arg(o, n, steps, c)).transpose()?;
    let r = py
        .allow_threads(|| batch.rollout(steps, every, controls.as_deref()))
        .map_err(sim)?;
    let l = r.layout;
    let d = PyDict::new(py);
    let mut errors: Vec<Option<String>> = vec![None; n];
    let mut failed = vec![-1i64; n];
    for f in &r.failures {
        errors[f.world] = Some(f.error.to_string());
        failed[f.world] = i64::try_from(f.step).unwrap_or(i64::MAX);
    }
    let completed: Vec<i64> = r
        .completed
        .iter()
        .map(|&k| i64::try_from(k).unwrap_or(i64::MAX))
        .collect();
    d.set_item("poses", np_array(py, &[n, r.frames, l.bodies, 7], r.poses)?)?;
    d.set_item("velocities", np_array(py, &[n, r.frames, l.nv], r.velocities)?)?;
    d.set_item("joints", np_array(py, &[n, r.frames, l.nq], r.joints)?)?;
    d.set_item("stats", np_array(py, &[n, steps, STAT_COLUMNS.len()], r.stats)?)?;
    d.set_item("stat_columns", PyList::new(py, STAT_COLUMNS)?)?;
    d.set_item("completed", completed.into_pyarray(py))?;
    d.set_item("failed_step", failed.into_pyarray(py))?;
    d.set_item("errors", errors)?;
    let slip = py.allow_threads(|| final_slip(&batch));
    d.set_item("final_slip", np_array(py, &[n, 3], slip)?)?;
    Ok(d)
}

/// Each world's slip at the end (SAP paper Figs. 14-15): the mean and the largest slip
/// speed `|v_t|` over the contacts touching at the last step's start (signed distance
/// <= 0), and their count; zeros for a world without touching contacts and for a
/// world that failed (its error is reported).
fn final_slip(batch: &Batch) -> Vec<f64> {
    let mut out = Vec::with_capacity(3 * batch.len());
    for (i, s) in batch.simulations().iter().enumerate() {
        let slips = match s.contact_slip_speeds() {
            Ok(slips) if !batch.stopped(i) => slips,
            _ => {
                out.extend([0.0; 3]);
                continue;
            }
        };
        let touching: Vec<f64> = s
            .contacts()
            .iter()
            .zip(&slips)
            .filter(|(c, _)| c.phi0 <= 0.0)
            .map(|(_, v)| *v)
            .collect();
        let k = touching.len();
        let mean = if k == 0 {
            0.0
        } else {
            touching.iter().sum::<f64>() / k as f64
        };
        out.extend([mean, touching.iter().fold(0.0f64, |m, v| m.max(*v)), k as f64]);
    }
    out
}
