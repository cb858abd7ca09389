//! Conversions between Python values (numpy arrays, sequences) and wolfe's vectors.

use numpy::ndarray::{Array1, Array2};
use numpy::prelude::*;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayDyn, PyReadonlyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use wolfe::Vec3;

use crate::error::value;

/// A float64 array in C (row-major) order, whatever the caller gave: numpy arrays in
/// Fortran order, strided or transposed views, slices of larger arrays, other dtypes,
/// non-native byte order, lists and tuples. Every numpy input of the module is read
/// through this type, so that `values()` always lists the elements in the order of their
/// indices (the last index fastest) and no layout is ever misread.
pub struct FloatArray<'py>(PyReadonlyArrayDyn<'py, f64>);

impl FloatArray<'_> {
    /// The array's shape.
    pub fn shape(&self) -> &[usize] {
        self.0.shape()
    }

    /// The elements in row-major order (the last index fastest).
    pub fn values(&self) -> PyResult<&[f64]> {
        // `float_array` made sure of it; checked again so that a future path that skips
        // the copy fails loudly instead of reading a column-major array as row-major.
        if !self.0.is_c_contiguous() {
            return Err(value("internal error: array not in C order"));
        }
        Ok(self.0.as_slice()?)
    }
}

/// Any array-like as a float64 array in C order ([`FloatArray`]): a numpy float64 array
/// already in C order is borrowed, anything else (Fortran order, a strided view, a
/// transposed array, a list, an int array) is copied by `numpy.ascontiguousarray`, which
/// reads it by its strides. Raises `TypeError`/`ValueError` as numpy does for what
/// cannot be converted.
pub fn float_array<'py>(obj: &Bound<'py, PyAny>) -> PyResult<FloatArray<'py>> {
    let py = obj.py();
    if let Ok(a) = obj.downcast::<PyArrayDyn<f64>>() {
        // `is_contiguous()` would also accept Fortran order, which row-major reading
        // would silently transpose.
        if a.is_c_contiguous() {
            return Ok(FloatArray(a.readonly()));
        }
    }
    let np = py.import("numpy")?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", "float64")?;
    let arr = np.call_method("ascontiguousarray", (obj,), Some(&kwargs))?;
    let arr = arr.downcast_into::<PyArrayDyn<f64>>()?;
    Ok(FloatArray(arr.readonly()))
}

/// A 3-vector from any array-like of 3 numbers; `what` names it in errors.
pub fn vec3(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec3> {
    let a = float_array(obj)?;
    let s = a.values()?;
    if s.len() != 3 {
        return Err(value(format!(
            "{what} must have 3 components, got shape {:?}",
            a.shape()
        )));
    }
    Ok(Vec3::new(s[0], s[1], s[2]))
}

/// A 3x3 matrix from any array-like of shape (3, 3) (`m[i][j]` is row `i`, column `j`,
/// whatever the memory order).
pub fn mat3(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<nalgebra::Matrix3<f64>> {
    let a = float_array(obj)?;
    if a.shape() != [3, 3] {
        return Err(value(format!(
            "{what} must have shape (3, 3), got {:?}",
            a.shape()
        )));
    }
    Ok(nalgebra::Matrix3::from_row_slice(a.values()?))
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
    d: &Bound<'_, pyo3::types::PyDict>, contacts: impl Iterator<Item = (Vec3, Vec3, f64)>,
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

/// A non-negative integer argument (`threads`, `n`, an index, an iteration limit):
/// a negative or too large Python int raises `ValueError` naming the accepted range
/// (pyo3's plain unsigned conversion raises `OverflowError`), anything that is not an
/// int `TypeError` as before.
#[derive(Clone, Copy, Debug)]
pub struct NonNegative<T>(pub T);

impl<'py, T> FromPyObject<'py> for NonNegative<T>
where
    T: TryFrom<i64> + num_bound::Max,
{
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        match ob.extract::<i64>() {
            Ok(v) if v < 0 => Err(value(format!("expected an integer >= 0, got {v}"))),
            Ok(v) => T::try_from(v)
                .map(Self)
                .map_err(|_| value(format!("{v} is too large (at most {})", T::MAX))),
            Err(_) if ob.is_instance_of::<pyo3::types::PyInt>() => {
                Err(value(format!("{ob} is out of range (expected 0..={})", T::MAX)))
            }
            Err(e) => Err(e),
        }
    }
}

impl From<NonNegative<u32>> for u32 {
    fn from(v: NonNegative<u32>) -> u32 {
        v.0
    }
}

/// The largest value of an unsigned integer type, for [`NonNegative`]'s messages.
pub mod num_bound {
    /// An integer type's maximum.
    pub trait Max {
        /// The maximum, printable.
        const MAX: u64;
    }
    impl Max for usize {
        const MAX: u64 = usize::MAX as u64;
    }
    impl Max for u32 {
        const MAX: u64 = u32::MAX as u64;
    }
}
