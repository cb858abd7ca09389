//! `distance_batch`: N pairs from numpy poses, solved without the GIL on a local rayon
//! pool, answers as numpy arrays.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use numpy::prelude::*;
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use rayon::prelude::*;
use wolfe::{Pose, Shape, SignedDistanceSettings};

use crate::coal_api::{DistanceRequest, Status};
use crate::convert::{float_array, np_rows, np_vec, FloatArray, NonNegative};
use crate::error::{geometry, value};
use crate::geometry::{shape_of, CollisionGeometry};
use crate::penetration::request_settings;
use crate::queries::{with_solvers, Solvers};
use crate::transform::{parse_mat4, parse_row7};

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

/// A hasher for object addresses: the pointer's bits, mixed by one multiplication
/// (SipHash's per-lookup cost was a visible part of a batch of cheap pairs).
#[derive(Default)]
struct AddressHasher(u64);

impl std::hash::Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_usize(&mut self, n: usize) {
        // Objects are 16-byte aligned: the low bits carry nothing.
        self.0 = ((n as u64) >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type AddressMap = HashMap<usize, u32, std::hash::BuildHasherDefault<AddressHasher>>;

/// Shapes: one shape (used for every pair) or a sequence. Returns the distinct shapes
/// and, for a sequence, each item's index among them (the same Python object is
/// converted once: lists usually repeat a few shapes).
fn shapes_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(Vec<Shape>, Vec<u32>)> {
    if obj.downcast::<CollisionGeometry>().is_ok() {
        return Ok((vec![shape_of(obj)?], Vec::new()));
    }
    let mut shapes = Vec::new();
    let mut index = Vec::new();
    let mut seen = AddressMap::default();
    let mut last: Option<(usize, u32)> = None;
    let mut add = |item: &Bound<'_, PyAny>| -> PyResult<()> {
        let key = item.as_ptr() as usize;
        let k = match last {
            Some((p, k)) if p == key => k,
            _ => match seen.get(&key) {
                Some(&k) => k,
                None => {
                    shapes.push(shape_of(item)?);
                    let k = (shapes.len() - 1) as u32;
                    seen.insert(key, k);
                    k
                }
            },
        };
        last = Some((key, k));
        index.push(k);
        Ok(())
    };
    // Lists and tuples by index (no iterator protocol); anything else iterated.
    if let Ok(list) = obj.downcast::<PyList>() {
        for item in list.iter() {
            add(&item)?;
        }
    } else if let Ok(tuple) = obj.downcast::<PyTuple>() {
        for item in tuple.iter() {
            add(&item)?;
        }
    } else {
        let iter = obj.try_iter().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "{what}: expected a shape or a sequence of shapes"
            ))
        })?;
        for item in iter {
            add(&item?)?;
        }
    }
    Ok((shapes, index))
}

/// The layout of a pose array: numbers per pose and their parser.
type PoseParser = fn(&[f64]) -> Result<Pose, String>;

/// Poses: numpy (N, 7) rows `(x, y, z, qw, qx, qy, qz)` or (N, 4, 4) matrices; returns
/// the stride, the parser and N (rows are parsed by the workers).
fn pose_layout(a: &FloatArray<'_>, what: &str) -> PyResult<(usize, PoseParser, usize)> {
    match a.shape() {
        [n, 7] => Ok((7, parse_row7, *n)),
        [n, 4, 4] => Ok((16, parse_mat4, *n)),
        shape => Err(value(format!(
            "{what} must have shape (N, 7) (x, y, z, qw, qx, qy, qz) or (N, 4, 4), got {shape:?}"
        ))),
    }
}

fn pool(threads: usize) -> Result<Arc<rayon::ThreadPool>, String> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| "thread pool registry poisoned".to_string())?;
    if let Some(p) = pools.get(&threads) {
        return Ok(p.clone());
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| format!("cannot start {threads} threads: {e}"))?,
    );
    pools.insert(threads, p.clone());
    Ok(p)
}

/// One task of a batch: the output rows of pairs `first..first + distance.len()`.
struct Chunk<'a> {
    first: usize,
    distance: &'a mut [f64],
    point_a: &'a mut [f64],
    point_b: &'a mut [f64],
    normal: &'a mut [f64],
    status: &'a mut [i32],
    iterations: &'a mut [i32],
    lower: &'a mut [f64],
    upper: &'a mut [f64],
}

/// What every task reads: the shapes, the raw pose rows and their parsers, the query.
struct Input<'a> {
    shapes_a: &'a [Shape],
    /// Shape of each pair (empty: `shapes_a[0]` for all).
    index_a: &'a [u32],
    shapes_b: &'a [Shape],
    index_b: &'a [u32],
    raw_a: &'a [f64],
    stride_a: usize,
    parse_a: PoseParser,
    raw_b: &'a [f64],
    stride_b: usize,
    parse_b: PoseParser,
    signed: bool,
    settings: &'a SignedDistanceSettings,
}

/// The shape of pair `i`: the only one, or the one the sequence's item `i` refers to.
fn pick<'s>(shapes: &'s [Shape], index: &[u32], i: usize) -> &'s Shape {
    match index.get(i) {
        Some(&k) => &shapes[k as usize],
        None => &shapes[0],
    }
}

impl Input<'_> {
    /// Solves the pairs of `chunk` on this thread's cached solvers (no allocation after
    /// the thread's first chunk); the error names the pair.
    fn solve(&self, chunk: Chunk<'_>) -> Result<(), String> {
        let run = with_solvers(self.settings, |solvers| {
            for k in 0..chunk.distance.len() {
                let i = chunk.first + k;
                let pose_a = match (self.parse_a)(&self.raw_a[i * self.stride_a..(i + 1) * self.stride_a]) {
                    Ok(p) => p,
                    Err(m) => return Ok(Err(format!("poses_a[{i}]: {m}"))),
                };
                let pose_b = match (self.parse_b)(&self.raw_b[i * self.stride_b..(i + 1) * self.stride_b]) {
                    Ok(p) => p,
                    Err(m) => return Ok(Err(format!("poses_b[{i}]: {m}"))),
                };
                let a = match solvers.distance(
                    pick(self.shapes_a, self.index_a, i),
                    &pose_a,
                    pick(self.shapes_b, self.index_b, i),
                    &pose_b,
                    self.signed,
                ) {
                    Ok(a) => a,
                    Err(e) => return Ok(Err(format!("pair {i}: {e}"))),
                };
                chunk.distance[k] = a.distance;
                chunk.point_a[3 * k..3 * k + 3].copy_from_slice(a.point_a.as_slice());
                chunk.point_b[3 * k..3 * k + 3].copy_from_slice(a.point_b.as_slice());
                chunk.normal[3 * k..3 * k + 3].copy_from_slice(a.normal.as_slice());
                chunk.status[k] = Status::from(a.status) as i32;
                chunk.iterations[k] = a.iterations as i32;
                chunk.lower[k] = a.lower_bound;
                chunk.upper[k] = a.upper_bound;
            }
            Ok(Ok(()))
        });
        run.unwrap_or_else(|e| Err(e.to_string()))
    }
}

/// Distances of N pairs: `shapes_a`/`shapes_b` are one shape or a sequence of N,
/// `poses_a`/`poses_b` numpy arrays (N, 7) `(x, y, z, qw, qx, qy, qz)` or (N, 4, 4).
/// `request` (a `DistanceRequest`) as for `distance` (signed by default). Runs without
/// the GIL on `threads` cores (default: all). Returns a `BatchResult` of numpy arrays.
#[pyfunction]
#[pyo3(signature = (shapes_a, poses_a, shapes_b, poses_b, request = None, threads = None))]
pub fn distance_batch(
    py: Python<'_>, shapes_a: &Bound<'_, PyAny>, poses_a: &Bound<'_, PyAny>, shapes_b: &Bound<'_, PyAny>,
    poses_b: &Bound<'_, PyAny>, request: Option<PyRef<'_, DistanceRequest>>,
    threads: Option<NonNegative<usize>>,
) -> PyResult<BatchResult> {
    let arr_a = float_array(poses_a)?;
    let arr_b = float_array(poses_b)?;
    let (stride_a, parse_a, n) = pose_layout(&arr_a, "poses_a")?;
    let (stride_b, parse_b, nb) = pose_layout(&arr_b, "poses_b")?;
    if nb != n {
        return Err(value(format!("poses_a has {n} rows, poses_b {nb}")));
    }
    let (raw_a, raw_b) = (arr_a.values()?, arr_b.values()?);
    let (sa, ia) = shapes_arg(shapes_a, "shapes_a")?;
    let (sb, ib) = shapes_arg(shapes_b, "shapes_b")?;
    for (shapes, index, what) in [(&sa, &ia, "shapes_a"), (&sb, &ib, "shapes_b")] {
        if shapes.is_empty() || !index.is_empty() && index.len() != n {
            return Err(value(format!(
                "{what}: expected one shape or {n}, got {}",
                index.len()
            )));
        }
    }
    let settings = request_settings(request.as_deref());
    let signed = request.as_deref().is_none_or(|r| r.enable_signed_distance);
    drop(request);
    let threads = match threads.map(|t| t.0) {
        Some(0) => return Err(value("threads must be >= 1")),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // Validates the settings before leaving Python.
    Solvers::new(settings).map_err(geometry)?;
    // The outputs, written in place by the workers (first touch of the pages too).
    let mut distance = vec![0.0; n];
    let mut point_a = vec![0.0; 3 * n];
    let mut point_b = vec![0.0; 3 * n];
    let mut normal = vec![0.0; 3 * n];
    let mut status = vec![0i32; n];
    let mut iterations = vec![0i32; n];
    let mut lower = vec![0.0; n];
    let mut upper = vec![0.0; n];
    let chunks: Vec<Chunk<'_>> = distance
        .chunks_mut(CHUNK)
        .zip(point_a.chunks_mut(3 * CHUNK))
        .zip(point_b.chunks_mut(3 * CHUNK))
        .zip(normal.chunks_mut(3 * CHUNK))
        .zip(status.chunks_mut(CHUNK))
        .zip(iterations.chunks_mut(CHUNK))
        .zip(lower.chunks_mut(CHUNK))
        .zip(upper.chunks_mut(CHUNK))
        .enumerate()
        .map(
            |(c, (((((((distance, point_a), point_b), normal), status), iterations), lower), upper))| Chunk {
                first: c * CHUNK,
                distance,
                point_a,
                point_b,
                normal,
                status,
                iterations,
                lower,
                upper,
            },
        )
        .collect();
    let input = Input {
        shapes_a: &sa,
        index_a: &ia,
        shapes_b: &sb,
        index_b: &ib,
        raw_a,
        stride_a,
        parse_a,
        raw_b,
        stride_b,
        parse_b,
        signed,
        settings: &settings,
    };
    let result: Result<(), String> = py.allow_threads(|| {
        if threads == 1 || chunks.len() == 1 {
            // On the calling thread: handing one task to a pool thread and waiting for it
            // costs more than a small batch (a wake-up and a context switch).
            chunks.into_iter().try_for_each(|chunk| input.solve(chunk))
        } else {
            pool(threads)?.install(|| chunks.into_par_iter().try_for_each(|chunk| input.solve(chunk)))
        }
    });
    result.map_err(value)?;
    Ok(BatchResult {
        distance: np_vec(py, distance).unbind(),
        point_a: np_rows(py, point_a, 3)?.unbind(),
        point_b: np_rows(py, point_b, 3)?.unbind(),
        normal: np_rows(py, normal, 3)?.unbind(),
        status: np_vec(py, status).unbind(),
        iterations: np_vec(py, iterations).unbind(),
        lower_bound: np_vec(py, lower).unbind(),
        upper_bound: np_vec(py, upper).unbind(),
    })
}
