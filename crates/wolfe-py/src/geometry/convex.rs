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

    fn __getitem__<'py>(&self, py: Python<'py>, i: isize) -> PyResult<Bound<'py, numpy::PyArray1<f64>>> {
        let n = self.points.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "point index out of range",
            ));
        }
        Ok(np_vec3(py, &self.points[j as usize]))
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

/// A convex polytope. `Convex(points, triangles)` as coal builds it (wolfe takes the
/// convex hull of the points: the triangles are checked for valid indices, then the
/// hull's own faces are used), or `wolfe.convex_hull(array)` / `wolfe.load_convex(path)`.
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
            ConvexMesh::from_points(&points.points).map_err(geometry)?,
        ))
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
        let flat: Vec<u32> = self.mesh.faces().iter().flatten().copied().collect();
        let n = flat.len() / 3;
        numpy::IntoPyArray::into_pyarray(
            numpy::ndarray::Array2::from_shape_vec((n, 3), flat).expect("3 indices per face"),
            py,
        )
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

    /// Pickling: `wolfe.convex_hull` of the hull's vertices.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let hull = py.import("wolfe")?.getattr("convex_hull")?;
        Ok((hull, PyTuple::new(py, [slf.borrow().vertices(py)?])?))
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
