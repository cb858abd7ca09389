//! What coal answers differently or not at all: the signed distance with its
//! certificate and EPA's status, and contact manifolds (up to 4 points).

use numpy::prelude::*;
use pyo3::prelude::*;
use wolfe::{ManifoldSettings, SignedDistanceSettings};

use crate::coal_api::{DistanceRequest, DistanceResult};
use crate::convert::{np_rows, np_vec, np_vec3};
use crate::error::geometry;
use crate::geometry::shape_of;
use crate::queries::with_solvers;
use crate::transform::pose_arg;

/// Settings of a request, or wolfe's defaults.
pub fn request_settings(request: Option<&DistanceRequest>) -> SignedDistanceSettings {
    request.map_or_else(|| DistanceRequest::default().f.settings(), |r| r.f.settings())
}

/// Signed distance between `shape_a` at `pose_a` and `shape_b` at `pose_b`: positive
/// from GJK when apart, negative from EPA when overlapping, with witness points, the
/// normal from A to B, certified bounds, GJK's and EPA's status. Poses are
/// `Transform3s`, 7-vectors `(x, y, z, qw, qx, qy, qz)`, 4x4 matrices or `None`.
#[pyfunction]
#[pyo3(signature = (shape_a, pose_a, shape_b, pose_b, request = None))]
pub fn signed_distance(
    shape_a: &Bound<'_, PyAny>, pose_a: &Bound<'_, PyAny>, shape_b: &Bound<'_, PyAny>,
    pose_b: &Bound<'_, PyAny>, request: Option<PyRef<'_, DistanceRequest>>,
) -> PyResult<DistanceResult> {
    let (a, b) = (shape_of(shape_a)?, shape_of(shape_b)?);
    let (pa, pb) = (pose_arg(pose_a)?, pose_arg(pose_b)?);
    let settings = request_settings(request.as_deref());
    let answer = with_solvers(&settings, |s| s.distance(&a, &pa, &b, &pb, true)).map_err(geometry)?;
    Ok(DistanceResult::from_answer(answer, &pa))
}

/// A contact manifold: up to 4 points sharing one normal (from A to B).
#[pyclass(module = "wolfe", get_all)]
pub struct ContactManifold {
    /// Unit normal from A to B, shape (3,).
    pub normal: Py<numpy::PyArray1<f64>>,
    /// Points on A, shape (K, 3), K in 1..=4.
    pub points_a: Py<numpy::PyArray2<f64>>,
    /// Points on B, shape (K, 3).
    pub points_b: Py<numpy::PyArray2<f64>>,
    /// Signed distance of each point pair, shape (K,).
    pub signed_distances: Py<numpy::PyArray1<f64>>,
    /// Whether the contact it was built from is certified.
    pub certified: bool,
}

#[pymethods]
impl ContactManifold {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.signed_distances.bind(py).len()
    }
}

/// The contact manifold of `shape_a` at `pose_a` and `shape_b` at `pose_b` when their
/// signed distance is at most `margin` (metres), else `None`. Boxes, convex meshes and
/// capsules get up to 4 points by face clipping, curved shapes one.
#[pyfunction]
#[pyo3(signature = (shape_a, pose_a, shape_b, pose_b, margin = 0.0, angle_tolerance = 0.05, request = None))]
pub fn contact_manifold(
    py: Python<'_>, shape_a: &Bound<'_, PyAny>, pose_a: &Bound<'_, PyAny>, shape_b: &Bound<'_, PyAny>,
    pose_b: &Bound<'_, PyAny>, margin: f64, angle_tolerance: f64,
    request: Option<PyRef<'_, DistanceRequest>>,
) -> PyResult<Option<ContactManifold>> {
    let (a, b) = (shape_of(shape_a)?, shape_of(shape_b)?);
    let (pa, pb) = (pose_arg(pose_a)?, pose_arg(pose_b)?);
    let settings = request_settings(request.as_deref());
    let ms = ManifoldSettings::default()
        .with_margin(margin)
        .with_angle_tolerance(angle_tolerance);
    let m = with_solvers(&settings, |s| {
        s.contact_solver().manifold(&a, &pa, &b, &pb, &ms, None)
    })
    .map_err(geometry)?;
    let Some(m) = m else { return Ok(None) };
    let pts = m.points();
    Ok(Some(ContactManifold {
        normal: np_vec3(py, &m.normal).unbind(),
        points_a: np_rows(
            py,
            pts.iter()
                .flat_map(|p| [p.point_a.x, p.point_a.y, p.point_a.z])
                .collect(),
            3,
        )?
        .unbind(),
        points_b: np_rows(
            py,
            pts.iter()
                .flat_map(|p| [p.point_b.x, p.point_b.y, p.point_b.z])
                .collect(),
            3,
        )?
        .unbind(),
        signed_distances: np_vec(py, pts.iter().map(|p| p.signed_distance).collect()).unbind(),
        certified: m.certified,
    }))
}
