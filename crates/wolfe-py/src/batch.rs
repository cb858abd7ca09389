//! `distance_batch`: N pairs from numpy poses, solved without the GIL on a local rayon
//! pool, answers as numpy arrays.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use rayon::prelude::*;
use wolfe::{Pose, Shape};

use crate::coal_api::{DistanceRequest, Status};
use crate::convert::{float_array, np_rows, np_vec};
use crate::error::{geometry, value};
use crate::geometry::shape_of;
use crate::penetration::request_settings;
use crate::queries::{with_solvers, Answer, Solvers};
use crate::transform::{pose_from_mat4, pose_from_row7};

/// Pairs per rayon task: large enough that scheduling is negligible, small enough to
/// balance two cores on uneven pairs.
const CHUNK: usize = 64;

/// The answers of a batch, one row per pair (world frame).
#[pyclass(module = "wolfe", get_all)]
pub struct BatchResult {
    /// Distances, shape (N,); negative (penetration) on overlap when signed.
    pub distance: Py<PyArray1<f64>>,
    /// Witness points on A, shape (N, 3).
    pub point_a: Py<PyArray2<f64>>,
    /// Witness points on B, shape (N, 3).
    pub point_b: Py<PyArray2<f64>>,
    /// Unit normals from A to B, shape (N, 3).
    pub normal: Py<PyArray2<f64>>,
    /// `int(wolfe.Status)` of each pair, shape (N,).
    pub status: Py<PyArray1<i32>>,
    /// GJK iterations, shape (N,).
    pub iterations: Py<PyArray1<i32>>,
    /// Certified lower bounds, shape (N,).
    pub lower_bound: Py<PyArray1<f64>>,
    /// Certified upper bounds, shape (N,).
    pub upper_bound: Py<PyArray1<f64>>,
}

#[pymethods]
impl BatchResult {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.distance.bind(py).len()
    }
}

/// Shapes: one shape (used for every pair) or a sequence of `n`.
fn shapes_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Shape>> {
    if let Ok(s) = shape_of(obj) {
        return Ok(vec![s]);
    }
    let mut out = Vec::new();
    for item in obj.try_iter().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!("{what}: expected a shape or a sequence of shapes"))
    })? {
        out.push(shape_of(&item?)?);
    }
    Ok(out)
}

/// Poses: numpy (N, 7) rows `(x, y, z, qw, qx, qy, qz)` or (N, 4, 4) matrices.
fn poses_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Pose>> {
    let a = float_array(obj)?;
    let s = a.as_slice()?;
    let parse = |chunk: usize, f: fn(&[f64]) -> PyResult<Pose>| -> PyResult<Vec<Pose>> {
        s.chunks_exact(chunk)
            .enumerate()
            .map(|(i, c)| f(c).map_err(|e| value(format!("{what}[{i}]: {e}"))))
            .collect()
    };
    match a.shape() {
        [_, 7] => parse(7, pose_from_row7),
        [_, 4, 4] => parse(16, pose_from_mat4),
        shape => Err(value(format!(
            "{what} must have shape (N, 7) (x, y, z, qw, qx, qy, qz) or (N, 4, 4), got {shape:?}"
        ))),
    }
}

fn pool(threads: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| value("thread pool registry poisoned"))?;
    if let Some(p) = pools.get(&threads) {
        return Ok(p.clone());
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| value(format!("cannot start {threads} threads: {e}")))?,
    );
    pools.insert(threads, p.clone());
    Ok(p)
}

/// Distances of N pairs: `shapes_a`/`shapes_b` are one shape or a sequence of N,
/// `poses_a`/`poses_b` numpy arrays (N, 7) `(x, y, z, qw, qx, qy, qz)` or (N, 4, 4).
/// `request` (a `DistanceRequest`) as for `distance` (signed by default). Runs without
/// the GIL on `threads` cores (default: all). Returns a `BatchResult` of numpy arrays.
#[pyfunction]
#[pyo3(signature = (shapes_a, poses_a, shapes_b, poses_b, request = None, threads = None))]
pub fn distance_batch(
    py: Python<'_>,
    shapes_a: &Bound<'_, PyAny>,
    poses_a: &Bound<'_, PyAny>,
    shapes_b: &Bound<'_, PyAny>,
    poses_b: &Bound<'_, PyAny>,
    request: Option<PyRef<'_, DistanceRequest>>,
    threads: Option<usize>,
) -> PyResult<BatchResult> {
    let pa = poses_arg(poses_a, "poses_a")?;
    let pb = poses_arg(poses_b, "poses_b")?;
    let n = pa.len();
    if pb.len() != n {
        return Err(value(format!("poses_a has {n} rows, poses_b {}", pb.len())));
    }
    let sa = shapes_arg(shapes_a, "shapes_a")?;
    let sb = shapes_arg(shapes_b, "shapes_b")?;
    for (s, what) in [(&sa, "shapes_a"), (&sb, "shapes_b")] {
        if s.len() != 1 && s.len() != n {
            return Err(value(format!(
                "{what}: expected one shape or {n}, got {}",
                s.len()
            )));
        }
    }
    let settings = request_settings(request.as_deref());
    let signed = request.as_deref().is_none_or(|r| r.enable_signed_distance);
    drop(request);
    let threads = match threads {
        Some(0) => return Err(value("threads must be >= 1")),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // Validates the settings before leaving Python.
    Solvers::new(settings).map_err(geometry)?;
    let pool = pool(threads)?;
    let pick = |v: &[Shape], i: usize| if v.len() == 1 { 0 } else { i };
    let mut out = vec![Answer::EMPTY; n];
    let result: Result<(), (usize, wolfe::WolfeError)> = py.allow_threads(|| {
        pool.install(|| {
            out.par_chunks_mut(CHUNK).enumerate().try_for_each(|(c, chunk)| {
                // This worker thread's cached solvers: no allocation after its first chunk.
                let run = with_solvers(&settings, |solvers| {
                    for (k, slot) in chunk.iter_mut().enumerate() {
                        let i = c * CHUNK + k;
                        match solvers.distance(&sa[pick(&sa, i)], &pa[i], &sb[pick(&sb, i)], &pb[i], signed) {
                            Ok(a) => *slot = a,
                            Err(e) => return Ok(Err((i, e))),
                        }
                    }
                    Ok(Ok(()))
                });
                match run {
                    Ok(r) => r,
                    Err(e) => Err((c * CHUNK, e)),
                }
            })
        })
    });
    if let Err((i, e)) = result {
        return Err(value(format!("pair {i}: {e}")));
    }
    let rows = |f: fn(&Answer) -> wolfe::Vec3| -> Vec<f64> {
        out.iter()
            .flat_map(|a| {
                let v = f(a);
                [v.x, v.y, v.z]
            })
            .collect()
    };
    Ok(BatchResult {
        distance: np_vec(py, out.iter().map(|a| a.distance).collect()).unbind(),
        point_a: np_rows(py, rows(|a| a.point_a), 3)?.unbind(),
        point_b: np_rows(py, rows(|a| a.point_b), 3)?.unbind(),
        normal: np_rows(py, rows(|a| a.normal), 3)?.unbind(),
        status: np_vec(py, out.iter().map(|a| Status::from(a.status) as i32).collect()).unbind(),
        iterations: np_vec(py, out.iter().map(|a| a.iterations as i32).collect()).unbind(),
        lower_bound: np_vec(py, out.iter().map(|a| a.lower_bound).collect()).unbind(),
        upper_bound: np_vec(py, out.iter().map(|a| a.upper_bound).collect()).unbind(),
    })
}
