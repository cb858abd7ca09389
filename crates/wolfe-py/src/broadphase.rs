//! coal's collision objects and broad phase: `CollisionObject` (a geometry at a pose),
//! `collide`/`distance` on two objects, `DynamicAABBTreeCollisionManager` (coal's other
//! manager names are the same class) and the callbacks that receive its candidate pairs.
//!
//! The broad phase is a sweep over world axis-aligned boxes (from the shapes' support
//! points, computed at every query, so a pose set on an object is seen even without
//! `update()`). Half-spaces and planes have unbounded boxes: they are paired with every
//! object. Its answers are those of testing every pair: the boxes only skip pairs that
//! cannot collide (or cannot be closer than the smallest distance found so far).

use pyo3::exceptions::{PyNotImplementedError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use wolfe::{ConvexShape, Pose, SupportMap, Vec3};

use crate::coal_api::{
    collide_result, distance_answer, CollisionRequest, CollisionResult, DistanceRequest, DistanceResult,
};
use crate::geometry::{geom_of, CollisionGeometry, Geom};
use crate::transform::Transform3s;

/// An axis-aligned box in world frame (coal's `AABB`): `min_` and `max_` corners
/// (infinite for a half-space or plane).
#[pyclass(module = "wolfe", frozen)]
#[derive(Clone, Copy, Debug)]
pub struct AABB {
    min: Vec3,
    max: Vec3,
}

impl AABB {
    /// The world box of `geom` at `pose`, grown by `margin` on every side.
    pub fn of(geom: &Geom, pose: &Pose, margin: f64) -> Self {
        match geom {
            Geom::Flat(_) => AABB {
                min: Vec3::repeat(f64::NEG_INFINITY),
                max: Vec3::repeat(f64::INFINITY),
            },
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
    fn overlap(&self, other: &AABB) -> bool {
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
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&Bound<'_, Transform3s>) -> PyResult<R>,
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
        py: Python<'_>,
        geometry: &Bound<'_, PyAny>,
        args: &Bound<'_, PyTuple>,
        compute_local_aabb: bool,
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

/// coal's `CollisionData` and `DistanceData`: a class holding the request and result a
/// callback works with, and whether it is done.
macro_rules! callback_data {
    ($data:ident, $doc:literal, $request:ty, $new_request:expr, $result:ty, $result_doc:literal) => {
        #[doc = $doc]
        #[pyclass(module = "wolfe")]
        pub struct $data {
            /// The request of every pair's query.
            #[pyo3(get, set)]
            pub request: Py<$request>,
            #[doc = $result_doc]
            #[pyo3(get, set)]
            pub result: Py<$result>,
            /// Whether the callback stops the traversal.
            #[pyo3(get, set)]
            pub done: bool,
        }

        #[pymethods]
        impl $data {
            #[new]
            fn new(py: Python<'_>) -> PyResult<Self> {
                Ok(Self {
                    request: Py::new(py, $new_request)?,
                    result: Py::new(py, <$result>::empty())?,
                    done: false,
                })
            }

            /// Clears the result and `done` (the request stays).
            fn clear(&mut self, py: Python<'_>) {
                *self.result.borrow_mut(py) = <$result>::empty();
                self.done = false;
            }
        }
    };
}

callback_data!(
    CollisionData,
    "coal's `CollisionData`: the request and result a collision callback works with, and\nwhether it is done.",
    CollisionRequest,
    CollisionRequest::default_request(),
    CollisionResult,
    "The result, accumulated over the pairs."
);
callback_data!(
    DistanceData,
    "coal's `DistanceData`: the request and result a distance callback works with, and\nwhether it is done.",
    DistanceRequest,
    DistanceRequest::default(),
    DistanceResult,
    "The result: the closest pair so far."
);

/// Base of collision callbacks (coal's `CollisionCallBackBase`): subclass it and
/// override `collide(o1, o2) -> bool` (True stops the traversal) and, optionally,
/// `init()` (called when a manager's query starts).
#[pyclass(subclass, module = "wolfe")]
pub struct CollisionCallBackBase {}

#[pymethods]
impl CollisionCallBackBase {
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, pyo3::types::PyDict>>) -> Self {
        let _ = (args, kwargs);
        Self {}
    }

    /// Called when a manager's query starts (does nothing here).
    fn init(&self) {}

    /// Receives a candidate pair; a subclass overrides it.
    fn collide(&self, o1: &Bound<'_, PyAny>, o2: &Bound<'_, PyAny>) -> PyResult<bool> {
        let _ = (o1, o2);
        Err(PyNotImplementedError::new_err(
            "CollisionCallBackBase.collide(o1, o2) must be overridden by a subclass",
        ))
    }
}

/// coal's `CollisionCallBackDefault`: collides each candidate pair with
/// `data.request`, appends the contacts to `data.result`, and stops once the result
/// collides with `num_max_contacts` contacts.
#[pyclass(extends = CollisionCallBackBase, subclass, module = "wolfe")]
pub struct CollisionCallBackDefault {
    /// The request, the accumulated result, and whether it is done.
    #[pyo3(get, set)]
    pub data: Py<CollisionData>,
}

#[pymethods]
impl CollisionCallBackDefault {
    #[new]
    fn new(py: Python<'_>) -> PyResult<(Self, CollisionCallBackBase)> {
        Ok((
            Self {
                data: Py::new(py, CollisionData::new(py)?)?,
            },
            CollisionCallBackBase {},
        ))
    }

    /// Clears `data`.
    fn init(&self, py: Python<'_>) {
        self.data.borrow_mut(py).clear(py);
    }

    /// Collides `o1` with `o2` and accumulates into `data.result`; True when done.
    fn collide(
        &self,
        py: Python<'_>,
        o1: PyRef<'_, CollisionObject>,
        o2: PyRef<'_, CollisionObject>,
    ) -> PyResult<bool> {
        let done = {
            let data = self.data.borrow(py);
            if data.done {
                return Ok(true);
            }
            let (g1, p1) = o1.query_input(py)?;
            let (g2, p2) = o2.query_input(py)?;
            let req = data.request.borrow(py);
            let pair = collide_result(&g1, &p1, &g2, &p2, &req)?;
            let mut res = data.result.borrow_mut(py);
            res.merge(pair, req.num_max_contacts);
            res.has_contacts(req.num_max_contacts)
        };
        if done {
            self.data.borrow_mut(py).done = true;
        }
        Ok(done)
    }
}

/// Base of distance callbacks (coal's `DistanceCallBackBase`): subclass it and
/// override `distance(o1, o2, dist) -> bool`, where `dist` is a numpy array of one
/// float holding the smallest distance so far: write the pair's distance into it when
/// smaller (the manager skips the pairs whose boxes are farther). True stops the
/// traversal.
#[pyclass(subclass, module = "wolfe")]
pub struct DistanceCallBackBase {}

#[pymethods]
impl DistanceCallBackBase {
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, pyo3::types::PyDict>>) -> Self {
        let _ = (args, kwargs);
        Self {}
    }

    /// Called when a manager's query starts (does nothing here).
    fn init(&self) {}

    /// Receives a candidate pair; a subclass overrides it.
    fn distance(
        &self,
        o1: &Bound<'_, PyAny>,
        o2: &Bound<'_, PyAny>,
        dist: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let _ = (o1, o2, dist);
        Err(PyNotImplementedError::new_err(
            "DistanceCallBackBase.distance(o1, o2, dist) must be overridden by a subclass",
        ))
    }
}

/// coal's `DistanceCallBackDefault`: computes each candidate pair's distance with
/// `data.request` and keeps the smallest in `data.result`.
#[pyclass(extends = DistanceCallBackBase, subclass, module = "wolfe")]
pub struct DistanceCallBackDefault {
    /// The request, the closest result so far, and whether it is done.
    #[pyo3(get, set)]
    pub data: Py<DistanceData>,
}

#[pymethods]
impl DistanceCallBackDefault {
    #[new]
    fn new(py: Python<'_>) -> PyResult<(Self, DistanceCallBackBase)> {
        Ok((
            Self {
                data: Py::new(py, DistanceData::new(py)?)?,
            },
            DistanceCallBackBase {},
        ))
    }

    /// Clears `data`.
    fn init(&self, py: Python<'_>) {
        self.data.borrow_mut(py).clear(py);
    }

    /// The distance of `o1` and `o2`, kept in `data.result` when smaller; writes the
    /// smallest distance into `dist[0]`.
    fn distance(
        &self,
        py: Python<'_>,
        o1: PyRef<'_, CollisionObject>,
        o2: PyRef<'_, CollisionObject>,
        dist: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let data = self.data.borrow(py);
        if data.done {
            return Ok(true);
        }
        let (g1, p1) = o1.query_input(py)?;
        let (g2, p2) = o2.query_input(py)?;
        let answer = distance_answer(&g1, &p1, &g2, &p2, &data.request.borrow(py))?;
        let mut res = data.result.borrow_mut(py);
        if answer.distance < res.answer.distance {
            *res = DistanceResult::from_answer(answer, &p1);
        }
        let best = res.answer.distance;
        drop(res);
        dist.set_item(0, best)?;
        Ok(data.done)
    }
}

/// coal's broad-phase managers, all this one class (`DynamicAABBTreeCollisionManager`,
/// `DynamicAABBTreeArrayCollisionManager`, `NaiveCollisionManager`,
/// `SaPCollisionManager`, `SSaPCollisionManager`, `IntervalTreeCollisionManager`,
/// `SpatialHashingCollisionManager`): registered objects, paired by a sweep over their
/// world boxes, with each candidate pair handed to a callback.
#[pyclass(subclass, module = "wolfe", name = "DynamicAABBTreeCollisionManager")]
pub struct BroadPhaseCollisionManager {
    objects: Vec<Py<CollisionObject>>,
}

/// The candidates of a query: pairs of (index in the first list, index in the second),
/// and the lists' boxes.
fn boxes(py: Python<'_>, objs: &[Py<CollisionObject>], margin: f64) -> PyResult<Vec<AABB>> {
    objs.iter()
        .map(|o| {
            let (g, p) = o.borrow(py).query_input(py)?;
            Ok(AABB::of(&g, &p, margin))
        })
        .collect()
}

/// Pairs `(i, j)`, `i < j`, of one list whose boxes overlap: a sweep along x.
fn self_pairs(b: &[AABB]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..b.len()).collect();
    order.sort_by(|&i, &j| b[i].min.x.total_cmp(&b[j].min.x).then(i.cmp(&j)));
    let mut out = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if b[j].min.x > b[i].max.x {
                break;
            }
            if b[i].overlaps(&b[j]) {
                out.push((i.min(j), i.max(j)));
            }
        }
    }
    out.sort_unstable();
    out
}

/// The margin of a callback's collision request (0 if it has none).
fn callback_margin(py: Python<'_>, callback: &Bound<'_, PyAny>) -> f64 {
    let m = || -> PyResult<f64> {
        let data = callback.getattr("data")?;
        let req = data.getattr("request")?;
        req.getattr("security_margin")?.extract()
    };
    let _ = py;
    m().map(|v| if v.is_finite() { v.max(0.0) } else { 0.0 })
        .unwrap_or(0.0)
}

/// A candidate pair and its boxes' distance.
type Candidate = (f64, Py<CollisionObject>, Py<CollisionObject>);

/// A geometry and its pose.
pub type Placed = (Geom, Pose);

/// What a manager's query pairs its objects with: nothing (its own pairs), one object,
/// or another manager's objects.
enum Other {
    Own,
    Objects(Vec<Py<CollisionObject>>),
}

impl BroadPhaseCollisionManager {
    fn other<'py>(
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        what: &str,
    ) -> PyResult<(Other, Bound<'py, PyAny>)> {
        let _ = py;
        match args.len() {
            1 => Ok((Other::Own, args.get_item(0)?)),
            2 => {
                let first = args.get_item(0)?;
                let cb = args.get_item(1)?;
                if let Ok(o) = first.downcast::<CollisionObject>() {
                    Ok((Other::Objects(vec![o.clone().unbind()]), cb))
                } else if let Ok(m) = first.downcast::<BroadPhaseCollisionManager>() {
                    let objs = m.borrow().objects.iter().map(|o| o.clone_ref(py)).collect();
                    Ok((Other::Objects(objs), cb))
                } else {
                    Err(PyTypeError::new_err(format!(
                        "{what}: expected (callback), (CollisionObject, callback) or (manager, callback)"
                    )))
                }
            }
            n => Err(PyTypeError::new_err(format!(
                "{what}: expected (callback), (CollisionObject, callback) or (manager, callback), got {n} arguments"
            ))),
        }
    }

    /// Candidate pairs (objects, not indices) for a query, with their box distance.
    fn candidates(&self, py: Python<'_>, other: &Other, margin: f64, all: bool) -> PyResult<Vec<Candidate>> {
        let mine = boxes(py, &self.objects, margin / 2.0)?;
        let mut out = Vec::new();
        match other {
            Other::Own => {
                let pairs = if all {
                    (0..mine.len())
                        .flat_map(|i| (i + 1..mine.len()).map(move |j| (i, j)))
                        .collect()
                } else {
                    self_pairs(&mine)
                };
                for (i, j) in pairs {
                    if self.objects[i].is(&self.objects[j]) {
                        continue;
                    }
                    out.push((
                        mine[i].distance(&mine[j]),
                        self.objects[i].clone_ref(py),
                        self.objects[j].clone_ref(py),
                    ));
                }
            }
            Other::Objects(objs) => {
                let theirs = boxes(py, objs, margin / 2.0)?;
                for (i, a) in self.objects.iter().enumerate() {
                    for (j, b) in objs.iter().enumerate() {
                        // As in coal, an object is tested against itself too when it is both
                        // the query and registered.
                        if !(all || mine[i].overlaps(&theirs[j])) {
                            continue;
                        }
                        // The query's object comes first, as in coal.
                        out.push((mine[i].distance(&theirs[j]), b.clone_ref(py), a.clone_ref(py)));
                    }
                }
            }
        }
        Ok(out)
    }
}

#[pymethods]
impl BroadPhaseCollisionManager {
    /// An empty manager. coal's constructor arguments (a spatial hash's cell size and
    /// scene bounds) are accepted and do not change the answers.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, pyo3::types::PyDict>>) -> Self {
        let _ = (args, kwargs);
        Self { objects: Vec::new() }
    }

    /// Adds an object.
    fn registerObject(&mut self, obj: &Bound<'_, CollisionObject>) {
        self.objects.push(obj.clone().unbind());
    }

    /// Adds every object of a sequence.
    fn registerObjects(&mut self, objs: &Bound<'_, PyAny>) -> PyResult<()> {
        for o in objs.try_iter()? {
            let o = o?;
            let o = o.downcast::<CollisionObject>().map_err(|_| {
                PyTypeError::new_err("registerObjects: expected a sequence of CollisionObject")
            })?;
            self.objects.push(o.clone().unbind());
        }
        Ok(())
    }

    /// Removes an object (the same Python object); nothing if it is not registered.
    fn unregisterObject(&mut self, obj: &Bound<'_, CollisionObject>) {
        self.objects.retain(|o| !o.is(obj));
    }

    /// Accepted for coal's API: boxes are computed at each query.
    fn setup(&self) {}

    /// Accepted for coal's API (`update()`, `update(obj)`, `update(objs)`): boxes are
    /// computed at each query, so moved objects are always seen.
    #[pyo3(signature = (*args))]
    fn update(&self, args: &Bound<'_, PyTuple>) {
        let _ = args;
    }

    /// Removes every object.
    fn clear(&mut self) {
        self.objects.clear();
    }

    /// Whether no object is registered.
    fn empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// The number of registered objects.
    fn size(&self) -> usize {
        self.objects.len()
    }

    /// The registered objects.
    fn getObjects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.objects.iter().map(|o| o.clone_ref(py)))
    }

    /// `collide(callback)`: every pair of registered objects whose boxes overlap;
    /// `collide(obj, callback)`: `obj` against every registered object;
    /// `collide(manager, callback)`: across the two managers. Each candidate goes to
    /// `callback.collide(o1, o2)` until it returns True. `callback.init()` is called
    /// first.
    #[pyo3(signature = (*args))]
    fn collide(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<()> {
        let (other, cb) = Self::other(py, args, "collide")?;
        cb.call_method0("init")?;
        let margin = callback_margin(py, &cb);
        for (_, a, b) in self.candidates(py, &other, margin, false)? {
            if cb.call_method1("collide", (a, b))?.is_truthy()? {
                break;
            }
        }
        Ok(())
    }

    /// `distance(callback)`, `distance(obj, callback)`, `distance(manager, callback)`:
    /// the candidate pairs in order of their boxes' distance, each given to
    /// `callback.distance(o1, o2, dist)` until it returns True or the next boxes are
    /// farther apart than `dist[0]`, the smallest distance so far.
    #[pyo3(signature = (*args))]
    fn distance(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<()> {
        let (other, cb) = Self::other(py, args, "distance")?;
        cb.call_method0("init")?;
        let mut cands = self.candidates(py, &other, 0.0, true)?;
        cands.sort_by(|x, y| x.0.total_cmp(&y.0));
        let dist = numpy::PyArray1::from_vec(py, vec![f64::MAX]);
        for (lower, a, b) in cands {
            let best: f64 = dist.get_item(0)?.extract()?;
            if lower > best {
                break;
            }
            if cb.call_method1("distance", (a, b, dist.clone()))?.is_truthy()? {
                break;
            }
        }
        Ok(())
    }
}

/// coal's other manager names: the same class.
pub const MANAGER_ALIASES: [&str; 6] = [
    "DynamicAABBTreeArrayCollisionManager",
    "NaiveCollisionManager",
    "SaPCollisionManager",
    "SSaPCollisionManager",
    "IntervalTreeCollisionManager",
    "SpatialHashingCollisionManager",
];

/// coal's `collide(o1, o2, req, res)` / `distance(o1, o2, req, res)` inputs, when the
/// first argument is a `CollisionObject`.
pub fn object_pair(
    py: Python<'_>,
    o1: &Bound<'_, PyAny>,
    o2: &Bound<'_, PyAny>,
) -> PyResult<Option<(Placed, Placed)>> {
    let Ok(a) = o1.downcast::<CollisionObject>() else {
        return Ok(None);
    };
    let b = o2.downcast::<CollisionObject>().map_err(|_| {
        PyTypeError::new_err("collide/distance(o1, o2, req, res): o2 must be a CollisionObject too")
    })?;
    Ok(Some((a.borrow().query_input(py)?, b.borrow().query_input(py)?)))
}
