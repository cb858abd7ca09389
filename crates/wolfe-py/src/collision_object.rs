//! coal's collision objects: `CollisionObject` (a geometry at a pose, with its world
//! `AABB`), and the inputs of `collide(o1, o2, req, res)` / `distance(o1, o2, req, res)`
//! on two of them. Below the queries (coal_api) and the broad phase (broadphase.rs),
//! which both use them.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use wolfe::{ConvexShape, Pose, SupportMap, Vec3};

use crate::geometry::{geom_of, CollisionGeometry, Geom};
use crate::transform::Transform3s;

/// An axis-aligned box in world frame (coal's `AABB`): `min_` and `max_` corners
/// (infinite for a half-space or plane).
#[pyclass(module = "wolfe", frozen)]
#[derive(Clone, Copy, Debug)]
pub struct AABB {
    pub(crate) min: Vec3,
    pub(crate) max: Vec3,
}

impl AABB {
    /// The world box of `geom` at `pose`, grown by `margin` on every side.
    pub fn of(geom: &Geom, pose: &Pose, margin: f64) -> Self {
        match geom {
            Geom::Flat(_) => AABB {
                min: Vec3::repeat(f64::NEG_INFINITY),
                max: Vec3::repeat(f64::INFINITY),
            },
            Geom::Mesh(m) => {
                let mut min = Vec3::repeat(f64::INFINITY);
                let mut max = Vec3::repeat(f64::NEG_INFINITY);
                for v in m.vertices() {
                    let w = pose.transform_point(v);
                    min = min.inf(&w);
                    max = max.sup(&w);
                }
                AABB {
                    min: min.add_scalar(-margin),
                    max: max.add_scalar(margin),
                }
            }
            Geom::Convex(s) => {
                let mut min = Vec3::zeros();
                let mut max = Vec3::zeros();
                for i in 0..3 {
                    let e = Vec3::ith(i, 1.0);
                    let hi = pose.transform_point(&s.local_support(&pose.inverse_transform_vector(&e)));
                    let lo = pose.transform_point(&s.local_support(&pose.inverse_transform_vector(&-e)));
                    max[i] = hi[i] + s.radius() + margin;
                    min[i] = lo[i] - s.radius() - margin;
                }
                AABB { min, max }
            }
        }
    }

    /// Whether the two boxes overlap (touching counts).
    pub fn overlaps(&self, o: &AABB) -> bool {
        (0..3).all(|i| self.min[i] <= o.max[i] && o.min[i] <= self.max[i])
    }

    /// Euclidean distance between the boxes (0 when they overlap): a lower bound on the
    /// distance between what they hold.
    pub fn distance(&self, o: &AABB) -> f64 {
        let gap = Vec3::from_fn(|i, _| (o.min[i] - self.max[i]).max(self.min[i] - o.max[i]).max(0.0));
        let d = gap.norm();
        if d.is_nan() {
            0.0
        } else {
            d
        }
    }
}

#[pymethods]
impl AABB {
    /// Lower corner, shape (3,).
    #[getter]
    fn min_<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        crate::convert::np_vec3(py, &self.min)
    }

    /// Upper corner, shape (3,).
    #[getter]
    fn max_<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        crate::convert::np_vec3(py, &self.max)
    }

    /// Whether the two boxes overlap.
    pub(crate) fn overlap(&self, other: &AABB) -> bool {
        self.overlaps(other)
    }

    fn __repr__(&self) -> String {
        format!(
            "AABB(min_={:?}, max_={:?})",
            self.min.as_slice(),
            self.max.as_slice()
        )
    }
}

/// A geometry at a pose (coal's `CollisionObject`): `CollisionObject(geometry)`,
/// `CollisionObject(geometry, transform)` or `CollisionObject(geometry, R, T)`.
#[pyclass(module = "wolfe")]
pub struct CollisionObject {
    geometry: Py<CollisionGeometry>,
    pose: Pose,
}

impl CollisionObject {
    /// The geometry and pose, for a query.
    pub fn query_input(&self, py: Python<'_>) -> PyResult<(Geom, Pose)> {
        Ok((geom_of(self.geometry.bind(py).as_any())?, self.pose))
    }

    fn with_transform<R>(
        &mut self, py: Python<'_>, f: impl FnOnce(&Bound<'_, Transform3s>) -> PyResult<R>,
    ) -> PyResult<R> {
        let t = Bound::new(py, Transform3s { pose: self.pose })?;
        let r = f(&t)?;
        self.pose = t.borrow().pose;
        Ok(r)
    }
}

#[pymethods]
impl CollisionObject {
    /// The transform is given as coal's constructors take it (a `Transform3s`, or a
    /// rotation and a translation); `compute_local_aabb` is accepted for coal's
    /// signature (the boxes are computed at each query).
    #[new]
    #[pyo3(signature = (geometry, *args, compute_local_aabb = true))]
    fn new(
        py: Python<'_>, geometry: &Bound<'_, PyAny>, args: &Bound<'_, PyTuple>, compute_local_aabb: bool,
    ) -> PyResult<Self> {
        let _ = compute_local_aabb;
        let geometry = geometry
            .downcast::<CollisionGeometry>()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "CollisionObject: expected a wolfe shape, got {}",
                    geometry
                        .get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                ))
            })?
            .clone()
            .unbind();
        // A trailing bool is coal's compute_local_aabb given by position.
        let mut items: Vec<Bound<'_, PyAny>> = args.iter().collect();
        if items
            .last()
            .is_some_and(|b| b.is_instance_of::<pyo3::types::PyBool>())
        {
            items.pop();
        }
        let pose = match items.len() {
            0 => Pose::identity(),
            1 => crate::transform::pose_arg(&items[0])?,
            2 => {
                let t = py
                    .get_type::<Transform3s>()
                    .call1(PyTuple::new(py, &items)?)?;
                t.downcast::<Transform3s>()?.borrow().pose
            }
            n => {
                return Err(PyTypeError::new_err(format!(
                    "CollisionObject: expected (geometry), (geometry, transform) or (geometry, R, T), got {} arguments",
                    n + 1
                )))
            }
        };
        Ok(Self { geometry, pose })
    }

    /// The geometry (the same object that was given).
    fn collisionGeometry(&self, py: Python<'_>) -> Py<CollisionGeometry> {
        self.geometry.clone_ref(py)
    }

    /// Replaces the geometry.
    fn setCollisionGeometry(&mut self, geometry: &Bound<'_, CollisionGeometry>) {
        self.geometry = geometry.clone().unbind();
    }

    /// A copy of the pose.
    fn getTransform(&self) -> Transform3s {
        Transform3s { pose: self.pose }
    }

    /// Sets the pose (a `Transform3s`, a 7-vector or a 4x4 matrix), or `(R, T)`.
    #[pyo3(signature = (*args))]
    fn setTransform(&mut self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<()> {
        self.pose = match args.len() {
            1 => crate::transform::pose_arg(&args.get_item(0)?)?,
            2 => {
                let t = py.get_type::<Transform3s>().call1(args)?;
                t.downcast::<Transform3s>()?.borrow().pose
            }
            n => {
                return Err(PyTypeError::new_err(format!(
                    "setTransform: expected a transform or (R, T), got {n} arguments"
                )))
            }
        };
        Ok(())
    }

    /// The translation, shape (3,).
    fn getTranslation<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        crate::convert::np_vec3(py, &self.pose.translation)
    }

    /// Sets the translation.
    fn setTranslation(&mut self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<()> {
        self.with_transform(py, |tf| tf.call_method1("setTranslation", (t,)).map(|_| ()))
    }

    /// The rotation matrix, shape (3, 3).
    fn getRotation<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let t = Bound::new(py, Transform3s { pose: self.pose })?;
        t.call_method0("getRotation")
    }

    /// Sets the rotation (within coal's tolerance of a rotation; see `Transform3s`).
    fn setRotation(&mut self, py: Python<'_>, r: &Bound<'_, PyAny>) -> PyResult<()> {
        self.with_transform(py, |tf| tf.call_method1("setRotation", (r,)).map(|_| ()))
    }

    /// Whether the pose is the identity.
    fn isIdentityTransform(&self) -> bool {
        self.pose.translation == Vec3::zeros() && self.pose.rotation == wolfe::Quat::identity()
    }

    /// Sets the pose to the identity.
    fn setIdentityTransform(&mut self) {
        self.pose = Pose::identity();
    }

    /// The world bounding box at the current pose.
    fn getAABB(&self, py: Python<'_>) -> PyResult<AABB> {
        let (g, p) = self.query_input(py)?;
        Ok(AABB::of(&g, &p, 0.0))
    }

    /// Accepted for coal's API: `getAABB` always computes the box at the current pose.
    fn computeAABB(&self) {}

    /// The geometry's node type.
    fn getNodeType(&self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(self.geometry.bind(py).call_method0("getNodeType")?.unbind())
    }

    /// The geometry's object type.
    fn getObjectType(&self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(self.geometry.bind(py).call_method0("getObjectType")?.unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "CollisionObject({}, t={:?})",
            self.geometry.bind(py).repr()?,
            self.pose.translation.as_slice()
        ))
    }
}

/// A geometry and its pose.
pub type Placed = (Geom, Pose);

/// coal's `collide(o1, o2, req, res)` / `distance(o1, o2, req, res)` inputs, when the
/// first argument is a `CollisionObject`.
pub fn object_pair(
    py: Python<'_>, o1: &Bound<'_, PyAny>, o2: &Bound<'_, PyAny>,
) -> PyResult<Option<(Placed, Placed)>> {
    let Ok(a) = o1.downcast::<CollisionObject>() else {
        return Ok(None);
    };
    let b = o2.downcast::<CollisionObject>().map_err(|_| {
        PyTypeError::new_err("collide/distance(o1, o2, req, res): o2 must be a CollisionObject too")
    })?;
    Ok(Some((a.borrow().query_input(py)?, b.borrow().query_input(py)?)))
}
