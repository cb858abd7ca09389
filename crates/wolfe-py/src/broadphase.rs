//! coal's broad phase: `DynamicAABBTreeCollisionManager` (coal's other manager names are
//! the same class) over `CollisionObject`s (collision_object.rs) and the callbacks that
//! receive its candidate pairs.
//!
//! The broad phase is a sweep over world axis-aligned boxes (from the shapes' support
//! points, computed at every query, so a pose set on an object is seen even without
//! `update()`). Half-spaces and planes have unbounded boxes: they are paired with every
//! object. Its answers are those of testing every pair: the boxes only skip pairs that
//! cannot collide (or cannot be closer than the smallest distance found so far).

use pyo3::exceptions::{PyNotImplementedError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::coal_api::{
    collide_result, distance_answer, CollisionRequest, CollisionResult, DistanceRequest, DistanceResult,
};
pub use crate::collision_object::{CollisionObject, Placed, AABB};

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

/// A callback base class (coal's `*CallBackBase`): a constructor that takes and ignores
/// any arguments (so that a subclass's `__init__` may pass its own to `super()`), an
/// `init()` that does nothing, and the query method given, which a subclass overrides.
macro_rules! callback_base {
    ($(#[$doc:meta])* $name:ident { $($methods:tt)* }) => {
        $(#[$doc])*
        #[pyclass(subclass, module = "wolfe")]
        pub struct $name {}

        #[pymethods]
        impl $name {
            #[new]
            #[pyo3(signature = (*args, **kwargs))]
            fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, pyo3::types::PyDict>>) -> Self {
                let _ = (args, kwargs);
                Self {}
            }

            /// Called when a manager's query starts (does nothing here).
            fn init(&self) {}

            $($methods)*
        }
    };
}

callback_base!(
/// Base of collision callbacks (coal's `CollisionCallBackBase`): subclass it and
/// override `collide(o1, o2) -> bool` (True stops the traversal) and, optionally,
/// `init()` (called when a manager's query starts).
CollisionCallBackBase {
    /// Receives a candidate pair; a subclass overrides it.
    fn collide(&self, o1: &Bound<'_, PyAny>, o2: &Bound<'_, PyAny>) -> PyResult<bool> {
        let _ = (o1, o2);
        Err(PyNotImplementedError::new_err(
            "CollisionCallBackBase.collide(o1, o2) must be overridden by a subclass",
        ))
    }
});

callback_base!(
/// Base of distance callbacks (coal's `DistanceCallBackBase`): subclass it and
/// override `distance(o1, o2, dist) -> bool`, where `dist` is a numpy array of one
/// float holding the smallest distance so far: write the pair's distance into it when
/// smaller (the manager skips the pairs whose boxes are farther). True stops the
/// traversal.
DistanceCallBackBase {
    /// Receives a candidate pair; a subclass overrides it.
    fn distance(
        &self, o1: &Bound<'_, PyAny>, o2: &Bound<'_, PyAny>, dist: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let _ = (o1, o2, dist);
        Err(PyNotImplementedError::new_err(
            "DistanceCallBackBase.distance(o1, o2, dist) must be overridden by a subclass",
        ))
    }
});

/// A default callback class: `data` (a `$data`), a constructor that makes it, `init()`
/// that clears it, and the query method given.
macro_rules! default_callback {
    ($(#[$doc:meta])* $name:ident extends $base:ident, $data:ident, $data_doc:literal { $($methods:tt)* }) => {
        $(#[$doc])*
        #[pyclass(extends = $base, subclass, module = "wolfe")]
        pub struct $name {
            #[doc = $data_doc]
            #[pyo3(get, set)]
            pub data: Py<$data>,
        }

        #[pymethods]
        impl $name {
            #[new]
            fn new(py: Python<'_>) -> PyResult<(Self, $base)> {
                Ok((
                    Self {
                        data: Py::new(py, $data::new(py)?)?,
                    },
                    $base {},
                ))
            }

            /// Clears `data`.
            fn init(&self, py: Python<'_>) {
                self.data.borrow_mut(py).clear(py);
            }

            $($methods)*
        }
    };
}

default_callback!(
/// coal's `CollisionCallBackDefault`: collides each candidate pair with
/// `data.request`, appends the contacts to `data.result`, and stops once the result
/// collides with `num_max_contacts` contacts.
CollisionCallBackDefault extends CollisionCallBackBase, CollisionData,
"The request, the accumulated result, and whether it is done." {
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
});

default_callback!(
/// coal's `DistanceCallBackDefault`: computes each candidate pair's distance with
/// `data.request` and keeps the smallest in `data.result`.
DistanceCallBackDefault extends DistanceCallBackBase, DistanceData,
"The request, the closest result so far, and whether it is done." {
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
});

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

/// What a manager's query pairs its objects with: nothing (its own pairs), one object,
/// or another manager's objects.
enum Other {
    Own,
    Objects(Vec<Py<CollisionObject>>),
}

impl BroadPhaseCollisionManager {
    fn other<'py>(
        py: Python<'py>, args: &Bound<'py, PyTuple>, what: &str,
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
