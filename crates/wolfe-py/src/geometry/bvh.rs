//! Triangle meshes from Python, as coal names them: `BVHModelOBBRSS` (built with
//! `beginModel`/`addVertices`/`addTriangles`/`addSubModel`/`endModel`, or read by
//! `MeshLoader().load(path, scale)`) and `TriangleP` (one triangle). Both are wolfe
//! [`TriMesh`]es with their BVH: `distance` and `collide` take them against every shape
//! through wolfe's `CompositeSolver` (each triangle a flat convex set, a mesh a surface
//! of zero thickness).

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use wolfe::{Shape, Sphere, TriMesh, Vec3};

use crate::convert::{float_array, np_rows, np_vec3, vec3, NonNegative};
use crate::error::{geometry, value};

use super::*;

py_enum! {
/// coal's `BVHBuildState`: where a `BVHModel` is in its construction.
///
/// Members:
/// - `BVH_BUILD_STATE_EMPTY`: Nothing added yet.
/// - `BVH_BUILD_STATE_BEGUN`: After `beginModel()`: vertices and triangles are being added.
/// - `BVH_BUILD_STATE_PROCESSED`: After `endModel()`: the mesh and its BVH are built.
/// - `BVH_BUILD_STATE_UPDATE_BEGUN`: coal's in-place update (not in wolfe: rebuild the model
///   instead).
/// - `BVH_BUILD_STATE_UPDATED`: coal's in-place update (not in wolfe).
/// - `BVH_BUILD_STATE_REPLACE_BEGUN`: coal's in-place replacement (not in wolfe).
pub enum BVHBuildState, members BVH_BUILD_STATES {
    BVH_BUILD_STATE_EMPTY = 0, BVH_BUILD_STATE_BEGUN = 1, BVH_BUILD_STATE_PROCESSED = 2,
    BVH_BUILD_STATE_UPDATE_BEGUN = 3, BVH_BUILD_STATE_UPDATED = 4,
    BVH_BUILD_STATE_REPLACE_BEGUN = 5,
}
}

py_enum! {
/// coal's `BVHModelType`: triangles (every wolfe mesh), point clouds (not in wolfe), or
/// unknown (an empty model).
///
/// Members:
/// - `BVH_MODEL_UNKNOWN`: No triangle yet.
/// - `BVH_MODEL_TRIANGLES`: A triangle mesh.
/// - `BVH_MODEL_POINTCLOUD`: coal's point clouds (not in wolfe).
pub enum BVHModelType, members BVH_MODEL_TYPES {
    BVH_MODEL_UNKNOWN = 0, BVH_MODEL_TRIANGLES = 1, BVH_MODEL_POINTCLOUD = 2,
}
}

/// The placeholder convex shape of a mesh geometry (never used: every query checks the
/// mesh first).
fn placeholder() -> PyResult<Shape> {
    Ok(Sphere::new(1.0).map_err(geometry)?.into())
}

/// The base of a mesh geometry: no convex shape, the mesh (or a model being built).
fn mesh_base(mesh: MeshSlot) -> PyResult<CollisionGeometry> {
    Ok(CollisionGeometry {
        shape: placeholder()?,
        flat: None,
        mesh,
    })
}

/// Non-negative integer indices in rows of 3 from an (M, 3) array-like (any numeric
/// dtype and layout; a fractional or negative entry is a `ValueError`).
pub fn index_rows(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<[u32; 3]>> {
    let a = float_array(obj)?;
    let shape = a.shape();
    if !(shape.len() == 2 && shape[1] == 3 || shape.len() == 1 && shape[0] == 0) {
        return Err(value(format!("{what} must have shape (M, 3), got {shape:?}")));
    }
    let mut rows = Vec::with_capacity(a.values()?.len() / 3);
    for c in a.values()?.chunks_exact(3) {
        let mut t = [0u32; 3];
        for (k, &v) in c.iter().enumerate() {
            if !(v >= 0.0 && v.fract() == 0.0 && v <= f64::from(u32::MAX)) {
                return Err(value(format!(
                    "{what}: {v} is not a vertex index (an integer >= 0)"
                )));
            }
            t[k] = v as u32;
        }
        rows.push(t);
    }
    Ok(rows)
}

/// Points from an (N, 3) array-like (any layout), or from coal's `StdVec_Vec3s`.
pub fn point_rows(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Vec3>> {
    if let Ok(v) = obj.downcast::<StdVecVec3s>() {
        return Ok(v.borrow().points.clone());
    }
    let a = float_array(obj)?;
    let shape = a.shape();
    if !(shape.len() == 2 && shape[1] == 3 || shape.len() == 1 && shape[0] == 0) {
        return Err(value(format!("{what} must have shape (N, 3), got {shape:?}")));
    }
    Ok(a.values()?
        .chunks_exact(3)
        .map(|c| Vec3::new(c[0], c[1], c[2]))
        .collect())
}

/// An (N, 3) float array of points.
fn np_points<'py>(py: Python<'py>, points: &[Vec3]) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
    np_rows(py, points.iter().flat_map(|v| [v.x, v.y, v.z]).collect(), 3)
}

/// An (M, 3) integer array of triangles.
pub fn np_triangles<'py>(py: Python<'py>, tris: &[[u32; 3]]) -> Bound<'py, numpy::PyArray2<u32>> {
    let flat: Vec<u32> = tris.iter().flatten().copied().collect();
    numpy::IntoPyArray::into_pyarray(
        numpy::ndarray::Array2::from_shape_vec((tris.len(), 3), flat).expect("3 indices per triangle"),
        py,
    )
}

/// coal's other `BVHModel` class names, the same class as `BVHModelOBBRSS` in wolfe.
pub const BVH_MODEL_ALIASES: [&str; 2] = ["BVHModelBase", "BVHModelOBB"];

/// coal's `BVHModelOBBRSS` (also `BVHModelOBB` and `BVHModelBase`): a triangle mesh,
/// built between `beginModel()` and `endModel()`. wolfe keeps one BVH of axis-aligned
/// boxes whatever the class name (coal's bounding-volume kinds change speed, not
/// answers). `endModel()` refuses a model without triangles or with a triangle without
/// area (`ValueError`), since wolfe's meshes have neither.
#[pyclass(name = "BVHModelOBBRSS", extends = CollisionGeometry, module = "wolfe")]
pub struct PyBVHModel {
    vertices: Vec<Vec3>,
    tris: Vec<[u32; 3]>,
    state: BVHBuildState,
}

impl PyBVHModel {
    /// A built model from a mesh.
    pub fn built(mesh: TriMesh) -> PyResult<PyClassInitializer<Self>> {
        let model = Self {
            vertices: mesh.vertices().to_vec(),
            tris: mesh.triangles().to_vec(),
            state: BVHBuildState::BVH_BUILD_STATE_PROCESSED,
        };
        let base = mesh_base(MeshSlot::Built(Arc::new(mesh), NODE_TYPE::BV_OBBRSS))?;
        Ok(PyClassInitializer::from(base).add_subclass(model))
    }

    fn adding(&self, what: &str) -> PyResult<()> {
        match self.state {
            BVHBuildState::BVH_BUILD_STATE_BEGUN => Ok(()),
            _ => Err(value(format!("{what}: call beginModel() first"))),
        }
    }
}

#[pymethods]
impl PyBVHModel {
    /// An empty model, or a copy of another (`BVHModelOBBRSS(other)`).
    #[new]
    #[pyo3(signature = (other = None))]
    fn new(other: Option<PyRef<'_, Self>>) -> PyResult<PyClassInitializer<Self>> {
        let Some(o) = other else {
            let model = Self {
                vertices: Vec::new(),
                tris: Vec::new(),
                state: BVHBuildState::BVH_BUILD_STATE_EMPTY,
            };
            return Ok(PyClassInitializer::from(mesh_base(MeshSlot::Building)?).add_subclass(model));
        };
        let model = Self {
            vertices: o.vertices.clone(),
            tris: o.tris.clone(),
            state: o.state,
        };
        let base = mesh_base(o.as_super().mesh.clone())?;
        Ok(PyClassInitializer::from(base).add_subclass(model))
    }

    /// Starts (or restarts) the model: clears its vertices and triangles. The sizes are
    /// hints, as in coal.
    #[pyo3(signature = (num_tris = NonNegative(0), num_vertices = NonNegative(0)))]
    fn beginModel(
        mut slf: PyRefMut<'_, Self>, num_tris: NonNegative<usize>, num_vertices: NonNegative<usize>,
    ) {
        slf.vertices = Vec::with_capacity(num_vertices.0);
        slf.tris = Vec::with_capacity(num_tris.0);
        slf.state = BVHBuildState::BVH_BUILD_STATE_BEGUN;
        slf.as_super().mesh = MeshSlot::Building;
    }

    /// Adds one vertex.
    fn addVertex(&mut self, p: &Bound<'_, PyAny>) -> PyResult<()> {
        self.adding("addVertex")?;
        self.vertices.push(vec3(p, "vertex")?);
        Ok(())
    }

    /// Adds the rows of an (N, 3) array as vertices.
    fn addVertices(&mut self, points: &Bound<'_, PyAny>) -> PyResult<()> {
        self.adding("addVertices")?;
        self.vertices.extend(point_rows(points, "vertices")?);
        Ok(())
    }

    /// Adds a triangle given by its three corner points (three new vertices).
    fn addTriangle(
        &mut self, p1: &Bound<'_, PyAny>, p2: &Bound<'_, PyAny>, p3: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        self.adding("addTriangle")?;
        let n = self.vertices.len() as u32;
        for (p, what) in [(p1, "p1"), (p2, "p2"), (p3, "p3")] {
            self.vertices.push(vec3(p, what)?);
        }
        self.tris.push([n, n + 1, n + 2]);
        Ok(())
    }

    /// Adds the rows of an (M, 3) integer array as triangles (indices into the vertices
    /// added so far and later).
    fn addTriangles(&mut self, triangles: &Bound<'_, PyAny>) -> PyResult<()> {
        self.adding("addTriangles")?;
        self.tris.extend(index_rows(triangles, "triangles")?);
        Ok(())
    }

    /// Adds points and, if given, triangles indexing them (from 0: they are shifted past
    /// the vertices already there), as coal's `addSubModel`.
    #[pyo3(signature = (points, triangles = None))]
    fn addSubModel(
        &mut self, points: &Bound<'_, PyAny>, triangles: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.adding("addSubModel")?;
        let pts = point_rows(points, "points")?;
        let offset = self.vertices.len() as u32;
        let tris = match triangles {
            Some(t) => tri_list(t)?,
            None => Vec::new(),
        };
        if let Some(t) = tris.iter().find(|t| t.iter().any(|&i| i as usize >= pts.len())) {
            return Err(value(format!(
                "addSubModel: triangle {t:?} refers to a vertex >= {} (the sub-model's points)",
                pts.len()
            )));
        }
        self.vertices.extend(pts);
        self.tris.extend(tris.iter().map(|t| t.map(|i| i + offset)));
        Ok(())
    }

    /// Builds the mesh and its BVH. Returns 0 (coal's `BVH_OK`); `ValueError` without
    /// triangles, for an index past the vertices, a triangle without area or a bad
    /// coordinate (the model stays open: fix it and call again).
    fn endModel(mut slf: PyRefMut<'_, Self>) -> PyResult<i32> {
        slf.adding("endModel")?;
        let mesh = TriMesh::new(slf.vertices.clone(), slf.tris.clone()).map_err(geometry)?;
        slf.state = BVHBuildState::BVH_BUILD_STATE_PROCESSED;
        slf.as_super().mesh = MeshSlot::Built(Arc::new(mesh), NODE_TYPE::BV_OBBRSS);
        Ok(0)
    }

    /// Number of vertices.
    #[getter]
    fn num_vertices(&self) -> usize {
        self.vertices.len()
    }

    /// Number of triangles.
    #[getter]
    fn num_tris(&self) -> usize {
        self.tris.len()
    }

    /// Where the model is in its construction.
    #[getter]
    fn build_state(&self) -> BVHBuildState {
        self.state
    }

    /// `BVH_MODEL_TRIANGLES` once it has a triangle, else `BVH_MODEL_UNKNOWN`.
    fn getModelType(&self) -> BVHModelType {
        if self.tris.is_empty() {
            BVHModelType::BVH_MODEL_UNKNOWN
        } else {
            BVHModelType::BVH_MODEL_TRIANGLES
        }
    }

    /// The vertices, shape (N, 3); `vertices(i)` the `i`-th, shape (3,).
    #[pyo3(signature = (i = None))]
    fn vertices<'py>(&self, py: Python<'py>, i: Option<NonNegative<usize>>) -> PyResult<Bound<'py, PyAny>> {
        match i {
            None => Ok(np_points(py, &self.vertices)?.into_any()),
            Some(NonNegative(i)) => match self.vertices.get(i) {
                Some(v) => Ok(np_vec3(py, v).into_any()),
                None => Err(pyo3::exceptions::PyIndexError::new_err(format!(
                    "vertex {i} of {}",
                    self.vertices.len()
                ))),
            },
        }
    }

    /// The triangles' vertex indices, shape (M, 3); `tri_indices(i)` the `i`-th as a
    /// `Triangle`.
    #[pyo3(signature = (i = None))]
    fn tri_indices<'py>(
        &self, py: Python<'py>, i: Option<NonNegative<usize>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match i {
            None => Ok(np_triangles(py, &self.tris).into_any()),
            Some(NonNegative(i)) => match self.tris.get(i) {
                Some(t) => Ok(Bound::new(py, Triangle::from_indices(*t))?.into_any()),
                None => Err(pyo3::exceptions::PyIndexError::new_err(format!(
                    "triangle {i} of {}",
                    self.tris.len()
                ))),
            },
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Self>().is_ok_and(|o| {
            let o = o.borrow();
            o.vertices == self.vertices && o.tris == self.tris && o.state == self.state
        })
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    fn __hash__(slf: &Bound<'_, Self>) -> isize {
        slf.as_ptr() as isize
    }

    /// Pickling: an empty model of the same class, then `__setstate__` with the
    /// vertices, the triangles and whether `endModel()` had run.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.borrow();
        let built = this.state == BVHBuildState::BVH_BUILD_STATE_PROCESSED;
        let state = (
            np_points(py, &this.vertices)?,
            np_triangles(py, &this.tris),
            built,
        )
            .into_pyobject(py)?;
        Ok((slf.as_any().get_type().into_any(), PyTuple::empty(py), state))
    }

    fn __setstate__(mut slf: PyRefMut<'_, Self>, state: &Bound<'_, PyTuple>) -> PyResult<()> {
        let (points, tris, built): (Bound<'_, PyAny>, Bound<'_, PyAny>, bool) = state.extract()?;
        slf.vertices = point_rows(&points, "vertices")?;
        slf.tris = index_rows(&tris, "triangles")?;
        slf.state = BVHBuildState::BVH_BUILD_STATE_BEGUN;
        if built {
            Self::endModel(slf)?;
        }
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!(
            "BVHModelOBBRSS(num_vertices={}, num_tris={})",
            self.vertices.len(),
            self.tris.len()
        )
    }
}

/// Triangles from a `StdVec_Triangle`, a list of `Triangle`s or an (M, 3) array.
fn tri_list(obj: &Bound<'_, PyAny>) -> PyResult<Vec<[u32; 3]>> {
    if let Ok(v) = obj.downcast::<StdVecTriangle>() {
        return Ok(v.borrow().indices().to_vec());
    }
    if let Ok(items) = obj.extract::<Vec<PyRef<'_, Triangle>>>() {
        return Ok(items.iter().map(|t| t.indices()).collect());
    }
    index_rows(obj, "triangles")
}

/// coal's `TriangleP`: the triangle with corners `a`, `b`, `c` (a flat convex set; a
/// triangle without area is a `ValueError`).
#[pyclass(name = "TriangleP", extends = CollisionGeometry, module = "wolfe")]
pub struct PyTriangleP {
    corners: [Vec3; 3],
}

fn triangle_mesh(corners: [Vec3; 3]) -> PyResult<MeshSlot> {
    let mesh = TriMesh::new(corners.to_vec(), vec![[0, 1, 2]]).map_err(geometry)?;
    Ok(MeshSlot::Built(Arc::new(mesh), NODE_TYPE::GEOM_TRIANGLE))
}

impl PyTriangleP {
    fn set_corner(mut slf: PyRefMut<'_, Self>, k: usize, p: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut corners = slf.corners;
        corners[k] = vec3(p, "corner")?;
        let mesh = triangle_mesh(corners)?;
        slf.corners = corners;
        slf.as_super().mesh = mesh;
        Ok(())
    }
}

shape_pymethods!(PyTriangleP {
    #[new]
    fn new(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>, c: &Bound<'_, PyAny>) -> PyResult<PyClassInitializer<Self>> {
        let corners = [vec3(a, "a")?, vec3(b, "b")?, vec3(c, "c")?];
        let base = mesh_base(triangle_mesh(corners)?)?;
        Ok(PyClassInitializer::from(base).add_subclass(Self { corners }))
    }

    /// First corner; writable (`ValueError` if the triangle would have no area).
    #[getter]
    fn a<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.corners[0])
    }

    #[setter]
    fn set_a(slf: PyRefMut<'_, Self>, p: &Bound<'_, PyAny>) -> PyResult<()> {
        Self::set_corner(slf, 0, p)
    }

    /// Second corner; writable.
    #[getter]
    fn b<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.corners[1])
    }

    #[setter]
    fn set_b(slf: PyRefMut<'_, Self>, p: &Bound<'_, PyAny>) -> PyResult<()> {
        Self::set_corner(slf, 1, p)
    }

    /// Third corner; writable.
    #[getter]
    fn c<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.corners[2])
    }

    #[setter]
    fn set_c(slf: PyRefMut<'_, Self>, p: &Bound<'_, PyAny>) -> PyResult<()> {
        Self::set_corner(slf, 2, p)
    }
});

impl ShapeValue for PyTriangleP {
    fn same_parameters(&self, o: &Self) -> bool {
        self.corners == o.corners
    }
    fn init_args<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let [a, b, c] = self.corners.map(|p| np_vec3(py, &p));
        PyTuple::new(py, [a, b, c])
    }
}

/// coal's `MeshLoader` (also `CachedMeshLoader`, without a cache): reads an OBJ or STL
/// file as a `BVHModelOBBRSS`.
#[pyclass(module = "wolfe")]
pub struct MeshLoader {}

#[pymethods]
impl MeshLoader {
    /// A loader; coal's bounding-volume kind (`NODE_TYPE.BV_OBBRSS`, ...) is accepted
    /// and unused (wolfe has one BVH).
    #[new]
    #[pyo3(signature = (node_type = None))]
    fn new(node_type: Option<&Bound<'_, PyAny>>) -> Self {
        let _ = node_type;
        Self {}
    }

    /// The mesh of `filename` (`.obj` or `.stl`), each vertex multiplied by `scale`
    /// coordinate-wise (default ones), as a `BVHModelOBBRSS`. Triangles without area in
    /// the file are dropped with a `UserWarning` that counts them (wolfe's meshes have
    /// none); `OSError`/`ValueError` when the file cannot be read or parsed.
    #[pyo3(signature = (filename, scale = None))]
    fn load(
        &self, py: Python<'_>, filename: PathBuf, scale: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyBVHModel>> {
        let s = match scale {
            Some(s) => vec3(s, "scale")?,
            None => Vec3::repeat(1.0),
        };
        if s.iter().any(|v| !v.is_finite() || *v == 0.0) {
            return Err(value(format!(
                "scale {s:?}: every factor must be finite and non-zero"
            )));
        }
        let (mesh, dropped) = py
            .allow_threads(|| {
                let (v, t) = wolfe::composite::read_triangles(&filename)?;
                let v = v.into_iter().map(|p| p.component_mul(&s)).collect();
                TriMesh::new_skipping_degenerate(v, t)
            })
            .map_err(geometry)?;
        if dropped > 0 {
            let msg = std::ffi::CString::new(format!(
                "{}: {dropped} triangle(s) without area dropped",
                filename.display()
            ))
            .map_err(|e| value(e.to_string()))?;
            PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyUserWarning>(), &msg, 1)?;
        }
        Py::new(py, PyBVHModel::built(mesh)?)
    }
}
