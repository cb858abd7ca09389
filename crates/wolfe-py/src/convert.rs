//! Conversions between Python values (numpy arrays, sequences) and wolfe's vectors.

use numpy::ndarray::{Array1, Array2};
use numpy::prelude::*;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayDyn, PyReadonlyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use wolfe::Vec3;

use crate::error::value;

/// Any array-like as a C-contiguous float64 numpy array (lists, tuples, int arrays).
/// Raises `TypeError`/`ValueError` as numpy does for what cannot be converted.
pub fn float_array<'py>(obj: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArrayDyn<'py, f64>> {
    let py = obj.py();
    if let Ok(a) = obj.downcast::<PyArrayDyn<f64>>() {
        if a.is_contiguous() {
            return Ok(a.readonly());
        }
    }
    let np = py.import("numpy")?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", "float64")?;
    let arr = np.call_method("ascontiguousarray", (obj,), Some(&kwargs))?;
    let arr = arr.downcast_into::<PyArrayDyn<f64>>()?;
    Ok(arr.readonly())
}

/// A 3-vector from any array-like of 3 numbers; `what` names it in errors.
pub fn vec3(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec3> {
    let a = float_array(obj)?;
    let s = a.as_slice()?;
    if s.len() != 3 {
        return Err(value(format!(
            "{what} must have 3 components, got shape {:?}",
            a.shape()
        )));
    }
    Ok(Vec3::new(s[0], s[1], s[2]))
}

/// A 3x3 matrix (row-major input) from any array-like of shape (3, 3).
pub fn mat3(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<nalgebra::Matrix3<f64>> {
    let a = float_array(obj)?;
    if a.shape() != [3, 3] {
        return Err(value(format!(
            "{what} must have shape (3, 3), got {:?}",
            a.shape()
        )));
    }
    let s = a.as_slice()?;
    Ok(nalgebra::Matrix3::from_row_slice(s))
}

/// A numpy float64 array of shape (3,).
pub fn np_vec3<'py>(py: Python<'py>, v: &Vec3) -> Bound<'py, PyArray1<f64>> {
    PyArray1::from_slice(py, v.as_slice())
}

/// A numpy float64 array of shape (3, 3).
pub fn np_mat3<'py>(py: Python<'py>, m: &nalgebra::Matrix3<f64>) -> Bound<'py, PyArray2<f64>> {
    Array2::from_shape_fn((3, 3), |(i, j)| m[(i, j)]).into_pyarray(py)
}

/// A numpy array of shape (n, k) from row-major data.
pub fn np_rows<'py>(py: Python<'py>, data: Vec<f64>, k: usize) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let n = data.len() / k;
    let a = Array2::from_shape_vec((n, k), data).map_err(|e| value(e.to_string()))?;
    Ok(a.into_pyarray(py))
}

/// A numpy 1-D array from a vector.
pub fn np_vec<'py, T: numpy::Element>(py: Python<'py>, data: Vec<T>) -> Bound<'py, PyArray1<T>> {
    Array1::from_vec(data).into_pyarray(py)
}

/// Sets the contact columns both simulators report into `d`: `point` (K, 3), `normal`
/// (K, 3, from A to B) and `phi0` (K: the signed distance at detection), from
/// `(point, normal, phi0)` per contact.
pub fn set_contact_geometry(
    d: &Bound<'_, pyo3::types::PyDict>,
    contacts: impl Iterator<Item = (Vec3, Vec3, f64)>,
) -> PyResult<()> {
    let py = d.py();
    let (mut points, mut normals, mut phi0) = (Vec::new(), Vec::new(), Vec::new());
    for (p, n, f) in contacts {
        points.extend_from_slice(p.as_slice());
        normals.extend_from_slice(n.as_slice());
        phi0.push(f);
    }
    d.set_item("point", np_rows(py, points, 3)?)?;
    d.set_item("normal", np_rows(py, normals, 3)?)?;
    d.set_item("phi0", np_vec(py, phi0))?;
    Ok(())
}
