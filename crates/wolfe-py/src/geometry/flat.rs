//! Half-spaces and planes from Python: coal's `Halfspace` and `Plane`, `(n, d)` with a
//! unit normal, unbounded (no support function: their queries are exact in closed form).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::PyClass;
use wolfe::{HalfSpace, Sphere, Vec3};

use crate::convert::{np_vec3, vec3};
use crate::error::geometry;

use super::*;

/// The `(n, d)` of a `Halfspace` or `Plane` constructor: `()` (n = x axis, d = 0, as
/// coal), `(n, d)`, `(a, b, c, d)`, or another one of the same class (a copy).
fn flat_args(args: &Bound<'_, PyTuple>, plane: bool) -> PyResult<Flat> {
    let name = if plane { "Plane" } else { "Halfspace" };
    let (n, d) = match args.len() {
        0 => (Vec3::x(), 0.0),
        1 => {
            let a = args.get_item(0)?;
            match a.downcast::<CollisionGeometry>() {
                Ok(g) => match g.borrow().flat {
                    Some(f) if f.plane == plane => return Ok(f),
                    _ => {
                        return Err(PyTypeError::new_err(format!(
                            "{name}(other): other must be a {name}"
                        )))
                    }
                },
                Err(_) => {
                    return Err(PyTypeError::new_err(format!(
                        "{name}: expected (), (n, d), (a, b, c, d) or a {name}"
                    )))
                }
            }
        }
        2 => (
            vec3(&args.get_item(0)?, "normal n")?,
            args.get_item(1)?.extract()?,
        ),
        4 => {
            let v: (f64, f64, f64, f64) = args.extract()?;
            (Vec3::new(v.0, v.1, v.2), v.3)
        }
        k => {
            return Err(PyTypeError::new_err(format!(
                "{name}: expected (), (n, d), (a, b, c, d) or a {name}, got {k} arguments"
            )))
        }
    };
    Ok(Flat {
        halfspace: HalfSpace::new(n, d).map_err(geometry)?,
        plane,
    })
}

macro_rules! flat_class {
    ($(#[$doc:meta])* $rust:ident, $py:literal, $plane:literal) => {
        $(#[$doc])*
        #[pyclass(name = $py, extends = CollisionGeometry, module = "wolfe")]
        pub struct $rust {}

        #[pymethods]
        impl $rust {
            #[new]
            #[pyo3(signature = (*args))]
            fn new(args: &Bound<'_, PyTuple>) -> PyResult<PyClassInitializer<Self>> {
                let flat = flat_args(args, $plane)?;
                // The placeholder shape is never used: every query checks `flat` first.
                let shape = Sphere::new(1.0).map_err(geometry)?.into();
                Ok(PyClassInitializer::from(CollisionGeometry {
                    shape,
                    flat: Some(flat),
                    mesh: MeshSlot::None,
                })
                .add_subclass(Self {}))
            }

            /// Unit normal, shape (3,); writable (normalized, `d` unchanged; `ValueError`
            /// if zero or not finite). The constructors divide `d` by the normal's norm,
            /// as coal does.
            #[getter]
            fn n<'py>(slf: PyRef<'py, Self>, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
                np_vec3(py, &flat_of(&slf).halfspace.normal())
            }

            #[setter]
            fn set_n(mut slf: PyRefMut<'_, Self>, v: &Bound<'_, PyAny>) -> PyResult<()> {
                let n = vec3(v, "normal n")?;
                let d = flat_of_mut(&mut slf).halfspace.offset();
                // Only the direction changes: d stays (HalfSpace::new refuses a zero or
                // non-finite normal).
                let len = n.norm();
                let unit = if len.is_finite() && len > 0.0 { n / len } else { n };
                let h = HalfSpace::new(unit, d).map_err(geometry)?;
                set_flat(&mut slf, h);
                Ok(())
            }

            /// Offset along the normal, metres; writable (`ValueError` unless finite).
            #[getter]
            fn d(slf: PyRef<'_, Self>) -> f64 {
                flat_of(&slf).halfspace.offset()
            }

            #[setter]
            fn set_d(mut slf: PyRefMut<'_, Self>, d: f64) -> PyResult<()> {
                let n = flat_of_mut(&mut slf).halfspace.normal();
                let h = HalfSpace::new(n, d).map_err(geometry)?;
                set_flat(&mut slf, h);
                Ok(())
            }

            /// Signed distance of a point (shape frame) to the boundary plane: negative
            /// inside the half-space (for a plane: below it).
            fn signedDistance(slf: PyRef<'_, Self>, p: &Bound<'_, PyAny>) -> PyResult<f64> {
                let p = vec3(p, "point")?;
                Ok(flat_of(&slf).halfspace.signed_distance_to_point(&p))
            }

            /// Distance of a point (shape frame) to the boundary plane.
            fn distance(slf: PyRef<'_, Self>, p: &Bound<'_, PyAny>) -> PyResult<f64> {
                let p = vec3(p, "point")?;
                Ok(flat_of(&slf).halfspace.signed_distance_to_point(&p).abs())
            }

            fn __eq__(slf: PyRef<'_, Self>, other: &Bound<'_, PyAny>) -> bool {
                let mine = flat_of(&slf);
                other.downcast::<Self>().is_ok_and(|o| flat_of(&o.borrow()) == mine)
            }

            fn __ne__(slf: PyRef<'_, Self>, other: &Bound<'_, PyAny>) -> bool {
                !Self::__eq__(slf, other)
            }

            fn __hash__(slf: &Bound<'_, Self>) -> isize {
                slf.as_ptr() as isize
            }

            /// Pickling: the class and `(n, d)`.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
                let py = slf.py();
                let h = flat_of(&slf.borrow()).halfspace;
                let args = (np_vec3(py, &h.normal()), h.offset()).into_pyobject(py)?;
                Ok((slf.as_any().get_type().into_any(), args))
            }

            fn __repr__(slf: PyRef<'_, Self>) -> String {
                let h = flat_of(&slf).halfspace;
                let n = h.normal();
                format!("{}(n=[{}, {}, {}], d={})", $py, n.x, n.y, n.z, h.offset())
            }
        }
    };
}

/// The [`Flat`] of a `Halfspace` or `Plane` (always set by their constructors).
fn flat_of<T: PyClass<BaseType = CollisionGeometry>>(slf: &PyRef<'_, T>) -> Flat {
    slf.as_super()
        .flat
        .expect("Halfspace and Plane always hold their half-space")
}

/// [`flat_of`] through a mutable borrow.
fn flat_of_mut<T: PyClass<BaseType = CollisionGeometry, Frozen = pyo3::pyclass::boolean_struct::False>>(
    slf: &mut PyRefMut<'_, T>,
) -> Flat {
    slf.as_super()
        .flat
        .expect("Halfspace and Plane always hold their half-space")
}

/// Replaces the half-space of a `Halfspace` or `Plane`.
fn set_flat<T: PyClass<BaseType = CollisionGeometry, Frozen = pyo3::pyclass::boolean_struct::False>>(
    slf: &mut PyRefMut<'_, T>, h: HalfSpace,
) {
    if let Some(f) = slf.as_super().flat.as_mut() {
        f.halfspace = h;
    }
}

flat_class!(
    /// The half-space `{x : <n, x> <= d}` (coal's `Halfspace`), unbounded: `distance`
    /// and `collide` take it against any convex shape (in closed form, exact); other
    /// queries refuse it with `TypeError`.
    PyHalfspace,
    "Halfspace",
    false
);

flat_class!(
    /// The plane `{x : <n, x> = d}` (coal's `Plane`), unbounded: a shape on either side
    /// is separated from it, one crossing it penetrates by the smaller of its depths
    /// below and above. `distance` and `collide` take it against any convex shape.
    PyPlane,
    "Plane",
    true
);
