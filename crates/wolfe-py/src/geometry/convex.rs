//! Convex meshes from Python: coal's `Convex` (built from points and triangles, or in
//! wolfe's words from a point array or an OBJ/STL file) and the vectors of points and
//! triangles it is made of.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use wolfe::{ConvexMesh, Shape, Vec3};

use crate::convert::{float_array, np_rows, np_vec3, vec3, NonNegative};
use crate::error::{geometry, value};

use super::*;

/// coal's `std::vector<Vec3s>`: a list of 3D points.
#[pyclass(name = "StdVec_Vec3s", module = "wolfe")]
#[derive(Default)]
pub struct StdVecVec3s {
    /// The points.
    pub points: Vec<Vec3>,
}

#[pymethods]
impl StdVecVec3s {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// Appends a point (any array-like of 3 numbers).
    fn append(&mut self, p: &Bound<'_, PyAny>) -> PyResult<()> {
        self.points.push(vec3(p, "point")?);
        Ok(())
    }

    /// Appends every point of an iterable (or the rows of an (N, 3) array).
    fn extend(&mut self, ps: &Bound<'_, PyAny>) -> PyResult<()> {
        for p in ps.try_iter()? {
            self.points.push(vec3(&p?, "point")?);
        }
        Ok(())
    }

    fn __len__(&self) -> usize {
        self.points.len()
    }

    /// The `i`-th point (negative `i` counts from the end), or a `StdVec_Vec3s` of a
    /// slice's points.
    fn __getitem__<'py>(&self, py: Python<'py>, i: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = i.downcast::<pyo3::types::PySlice>() {
            let ind = slice.indices(self.points.len() as isize)?;
            let points = (0..ind.slicelength)
                .map(|k| self.points[(ind.start + k as isize * ind.step) as usize])
                .collect();
            return Ok(Bound::new(py, Self { points })?.into_any());
        }
        let i: isize = i.extract()?;
        let n = self.points.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "point index out of range",
            ));
        }
        Ok(np_vec3(py, &self.points[j as usize]).into_any())
    }
}

/// A triangle of vertex indices, `Triangle(i, j, k)`.
#[pyclass(module = "wolfe")]
#[derive(Clone, Copy)]
pub struct Triangle {
    idx: [u32; 3],
}

#[pymethods]
impl Triangle {
    #[new]
    fn new(i: NonNegative<u32>, j: NonNegative<u32>, k: NonNegative<u32>) -> Self {
        Self { idx: [i.0, j.0, k.0] }
    }

    /// The `n`-th index (0, 1 or 2).
    fn get(&self, n: NonNegative<usize>) -> PyResult<u32> {
        self.idx
            .get(n.0)
            .copied()
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("a triangle has 3 indices"))
    }

    /// The `n`-th index; negative `n` counts from the end, as for a list.
    fn __getitem__(&self, n: isize) -> PyResult<u32> {
        let j = if n < 0 { n + 3 } else { n };
        if !(0..3).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "a triangle has 3 indices",
            ));
        }
        Ok(self.idx[j as usize])
    }

    fn __repr__(&self) -> String {
        format!("Triangle({}, {}, {})", self.idx[0], self.idx[1], self.idx[2])
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, Triangle>>()
            .is_ok_and(|o| o.idx == self.idx)
    }
}

impl Triangle {
    /// The triangle of three vertex indices.
    pub fn from_indices(idx: [u32; 3]) -> Self {
        Self { idx }
    }

    /// Its three vertex indices.
    pub fn indices(&self) -> [u32; 3] {
        self.idx
    }
}

/// coal's `std::vector<Triangle>`.
#[pyclass(name = "StdVec_Triangle", module = "wolfe")]
#[derive(Default)]
pub struct StdVecTriangle {
    tris: Vec<[u32; 3]>,
}

#[pymethods]
impl StdVecTriangle {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// Appends a triangle.
    fn append(&mut self, t: &Triangle) {
        self.tris.push(t.idx);
    }

    /// Appends every triangle of an iterable.
    fn extend(&mut self, ts: &Bound<'_, PyAny>) -> PyResult<()> {
        for t in ts.try_iter()? {
            self.tris.push(t?.extract::<PyRef<Triangle>>()?.idx);
        }
        Ok(())
    }

    fn __len__(&self) -> usize {
        self.tris.len()
    }
}

impl StdVecTriangle {
    /// The triangles' vertex indices.
    pub fn indices(&self) -> &[[u32; 3]] {
        &self.tris
    }
}

/// A convex polytope. `Convex(points, triangles)` as coal builds it (wolfe takes the
/// convex hull of the points: the triangles are checked for valid indices, then the
/// hull's own faces are used; coplanar points give their flat convex polygon, as coal
/// accepts a single triangle), `Convex.convexHull(points, keepTriangles, qhullCommand)`,
/// or `wolfe.convex_hull(array)` / `wolfe.load_convex(path)`.
#[pyclass(name = "Convex", extends = CollisionGeometry, module = "wolfe")]
pub struct PyConvex {
    mesh: Arc<ConvexMesh>,
}

fn convex_init(mesh: ConvexMesh) -> PyClassInitializer<PyConvex> {
    let mesh = Arc::new(mesh);
    with_base(PyConvex { mesh: mesh.clone() }, Shape::ConvexMesh(mesh))
}

/// Points from an (N, 3) array-like.
fn points_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec3>> {
    let a = float_array(obj)?;
    let shape = a.shape();
    if shape.len() != 2 || shape[1] != 3 {
        return Err(value(format!("points must have shape (N, 3), got {shape:?}")));
    }
    Ok(a.values()?
        .chunks_exact(3)
        .map(|c| Vec3::new(c[0], c[1], c[2]))
        .collect())
}

#[pymethods]
impl PyConvex {
    #[new]
    fn new(points: &StdVecVec3s, triangles: &StdVecTriangle) -> PyResult<PyClassInitializer<Self>> {
        let n = points.points.len();
        if let Some(t) = triangles.tris.iter().find(|t| t.iter().any(|&i| i as usize >= n)) {
            return Err(geometry(wolfe::WolfeError::MalformedMesh(format!(
                "triangle {t:?} refers to a vertex >= {n}"
            ))));
        }
        Ok(convex_init(
            ConvexMesh::from_points_lenient(&points.points).map_err(geometry)?,
        ))
    }

    /// coal's `Convex.convexHull`: the convex hull of at least four points (a
    /// `StdVec_Vec3s` or an (N, 3) array) that span 3D. `keepTriangles` and
    /// `qhullCommand` are accepted and unused (wolfe's hull is triangulated, by its own
    /// quickhull rather than qhull).
    #[staticmethod]
    #[pyo3(signature = (points, keepTriangles = false, qhullCommand = None))]
    fn convexHull(
        py: Python<'_>, points: &Bound<'_, PyAny>, keepTriangles: bool, qhullCommand: Option<&str>,
    ) -> PyResult<Py<PyConvex>> {
        let _ = (keepTriangles, qhullCommand);
        let pts = point_rows(points, "points")?;
        if pts.len() < 4 {
            return Err(value(format!(
                "You shouldn't use this function with less than 4 points. Got {}.",
                pts.len()
            )));
        }
        let mesh = py
            .allow_threads(|| ConvexMesh::from_points(&pts))
            .map_err(geometry)?;
        Py::new(py, convex_init(mesh))
    }

    /// Hull vertices, shape (N, 3) (coal's name; `points(i)` the `i`-th, shape (3,)).
    #[pyo3(signature = (i = None))]
    fn points<'py>(&self, py: Python<'py>, i: Option<NonNegative<usize>>) -> PyResult<Bound<'py, PyAny>> {
        match i {
            None => Ok(self.vertices(py)?.into_any()),
            Some(NonNegative(i)) => match self.mesh.vertices().get(i) {
                Some(v) => Ok(np_vec3(py, v).into_any()),
                None => Err(pyo3::exceptions::PyIndexError::new_err(format!(
                    "point {i} of {}",
                    self.mesh.vertices().len()
                ))),
            },
        }
    }

    /// Number of hull faces (triangles; coal's `num_polygons`).
    #[getter]
    fn num_polygons(&self) -> usize {
        self.mesh.faces().len()
    }

    /// Hull faces as vertex indices, shape (M, 3) (coal's `polygons`).
    fn polygons<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<u32>> {
        self.faces(py)
    }

    /// Number of hull vertices.
    #[getter]
    fn num_points(&self) -> usize {
        self.mesh.vertices().len()
    }

    /// Hull vertices, shape (N, 3).
    fn vertices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        np_rows(
            py,
            self.mesh
                .vertices()
                .iter()
                .flat_map(|v| [v.x, v.y, v.z])
                .collect(),
            3,
        )
    }

    /// Hull triangles (vertex indices), shape (M, 3).
    fn faces<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<u32>> {
        np_triangles(py, self.mesh.faces())
    }

    // Equality, hash and pickling of `Convex`: two hulls are equal when they have the
    // same vertex set (the same polytope); the hash is the identity, as coal's; pickling
    // stores the hull's vertices and takes their hull again (`wolfe.convex_hull`).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(o) = other.downcast::<PyConvex>() else {
            return false;
        };
        let o = o.borrow();
        if Arc::ptr_eq(&self.mesh, &o.mesh) {
            return true;
        }
        let sorted = |m: &ConvexMesh| {
            let mut v: Vec<[f64; 3]> = m.vertices().iter().map(|p| [p.x, p.y, p.z]).collect();
            v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
            v
        };
        sorted(&self.mesh) == sorted(&o.mesh)
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    fn __hash__(slf: &Bound<'_, Self>) -> isize {
        slf.as_ptr() as isize
    }

    /// Pickling: `Convex._from_vertices` of the hull's vertices (their hull again,
    /// flat polygons included).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let rebuild = slf.as_any().get_type().getattr("_from_vertices")?;
        Ok((rebuild, PyTuple::new(py, [slf.borrow().vertices(py)?])?))
    }

    /// The `Convex` of an (N, 3) array of vertices, flat polygons included (what
    /// pickling calls).
    #[staticmethod]
    fn _from_vertices(py: Python<'_>, points: &Bound<'_, PyAny>) -> PyResult<Py<PyConvex>> {
        let pts = points_of(points)?;
        Py::new(
            py,
            convex_init(ConvexMesh::from_points_lenient(&pts).map_err(geometry)?),
        )
    }
}

/// The convex hull of an (N, 3) array of points, as a `Convex` (computed without the
/// GIL: a large cloud takes a while).
#[pyfunction]
pub fn convex_hull(py: Python<'_>, points: &Bound<'_, PyAny>) -> PyResult<Py<PyConvex>> {
    let pts = points_of(points)?;
    let mesh = py
        .allow_threads(|| ConvexMesh::from_points(&pts))
        .map_err(geometry)?;
    Py::new(py, convex_init(mesh))
}

/// The convex hull of the vertices of an OBJ or STL file (chosen by extension), as a
/// `Convex`, read and built without the GIL. Raises `OSError` if the file cannot be
/// read, `ValueError` if it cannot be parsed or its points are degenerate.
#[pyfunction]
pub fn load_convex(py: Python<'_>, path: PathBuf) -> PyResult<Py<PyConvex>> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let mesh = match ext.as_str() {
        "obj" => py.allow_threads(|| ConvexMesh::from_obj(&path)),
        "stl" => py.allow_threads(|| ConvexMesh::from_stl(&path)),
        _ => {
            return Err(value(format!(
                "{}: unknown mesh format (expected .obj or .stl)",
                path.display()
            )))
        }
    }
    .map_err(geometry)?;
    Py::new(py, convex_init(mesh))
}
