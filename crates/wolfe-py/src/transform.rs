//! `Transform3s` and `Quaternion` as in coal, stored as wolfe's [`Pose`] (unit
//! quaternion + translation), and the pose parsing shared by every function.

use nalgebra::{Matrix3, Rotation3};
use pyo3::prelude::*;
use wolfe::{Pose, Quat, Vec3};

use crate::convert::{float_array, mat3, np_mat3, np_vec3, vec3};
use crate::error::{geometry, value};

/// How far a rotation given by numbers may be from exact, as coal's users write them
/// (to 4 decimals, say): a quaternion whose norm is within this of 1 is normalized, a
/// matrix whose `R^T R - I` has no entry above it is orthonormalized (to the nearest
/// rotation); anything farther is refused with `ValueError`, not guessed at.
pub const UNIT_TOLERANCE: f64 = 1e-3;

/// A quaternion `(w, x, y, z)` as a unit quaternion: normalized when its norm is within
/// [`UNIT_TOLERANCE`] of 1, else the error message (no Python needed: batches parse
/// without the GIL).
pub fn unit_quaternion(w: f64, x: f64, y: f64, z: f64) -> Result<Quat, String> {
    let q = nalgebra::Quaternion::new(w, x, y, z);
    let n = q.norm();
    if !n.is_finite() {
        return Err(wolfe::WolfeError::NonFinitePose.to_string());
    }
    if (n - 1.0).abs() > UNIT_TOLERANCE {
        return Err(format!(
            "quaternion (w, x, y, z) = ({w}, {x}, {y}, {z}) is not unit: its norm {n} is not within \
             {UNIT_TOLERANCE:e} of 1"
        ));
    }
    Ok(Quat::new_unchecked(q / n))
}

/// A rotation matrix as a unit quaternion: orthonormalized (the nearest rotation, from
/// the SVD `R = U S V^T`: `U V^T`) when no entry of `R^T R - I` exceeds
/// [`UNIT_TOLERANCE`] and `det R > 0`, else the error message (no Python needed:
/// batches parse without the GIL).
pub fn quat_from_matrix(m: &Matrix3<f64>) -> Result<Quat, String> {
    if m.iter().any(|v| !v.is_finite()) {
        return Err("rotation matrix has a NaN or infinite entry".into());
    }
    let err = (m.transpose() * m - Matrix3::identity()).abs().max();
    if err > UNIT_TOLERANCE || m.determinant() <= 0.0 {
        return Err(format!(
            "rotation matrix is not a rotation (|R^T R - I| = {err:.3e} exceeds {UNIT_TOLERANCE:e}, or det = {:.6} <= 0)",
            m.determinant()
        ));
    }
    let r = if err == 0.0 {
        *m
    } else {
        let svd = m.svd(true, true);
        match (svd.u, svd.v_t) {
            (Some(u), Some(v_t)) => u * v_t,
            _ => return Err("rotation matrix: orthonormalization failed".into()),
        }
    };
    Ok(Quat::from_rotation_matrix(&Rotation3::from_matrix_unchecked(r)))
}

/// [`quat_from_matrix`] with a `ValueError`.
pub fn rotation_from_matrix(m: &Matrix3<f64>) -> PyResult<Quat> {
    quat_from_matrix(m).map_err(value)
}

/// A pose from a 4x4 homogeneous matrix given row-major (16 numbers).
pub fn parse_mat4(s: &[f64]) -> Result<Pose, String> {
    let r = Matrix3::new(s[0], s[1], s[2], s[4], s[5], s[6], s[8], s[9], s[10]);
    if s[12..16] != [0.0, 0.0, 0.0, 1.0] {
        return Err("a 4x4 pose must have last row (0, 0, 0, 1)".into());
    }
    let pose = Pose {
        rotation: quat_from_matrix(&r)?,
        translation: Vec3::new(s[3], s[7], s[11]),
    };
    pose.validate().map_err(|e| e.to_string())?;
    Ok(pose)
}

/// A pose from `(x, y, z, qw, qx, qy, qz)` (7 numbers), the quaternion normalized
/// (`q / |q|`) when its norm is within [`UNIT_TOLERANCE`] of 1 ([`unit_quaternion`]).
///
/// A batch's rows go through here, and separate checks (seven finiteness tests, then a
/// square root for the norm test and another to normalize) were a quarter of a sphere
/// pair's time. The valid case takes one comparison instead: `|n^2 - 1| + 0 (x + y + z)`
/// is NaN unless every number is finite, and `|n^2 - 1| <= tol (2 + tol)` is the test
/// `|n - 1| <= tol` without a square root. Anything else goes through
/// [`unit_quaternion`] and `Pose::validate` for their error messages.
pub fn parse_row7(s: &[f64]) -> Result<Pose, String> {
    let q = nalgebra::Quaternion::new(s[3], s[4], s[5], s[6]);
    let norm_sq = q.norm_squared();
    let tol = UNIT_TOLERANCE;
    let probe = (norm_sq - 1.0).abs() + (s[0] * 0.0 + s[1] * 0.0 + s[2] * 0.0);
    if probe <= tol * (2.0 + tol) && (norm_sq.sqrt() - 1.0).abs() <= tol {
        return Ok(Pose {
            rotation: Quat::new_unchecked(q / norm_sq.sqrt()),
            translation: Vec3::new(s[0], s[1], s[2]),
        });
    }
    let pose = Pose {
        rotation: unit_quaternion(s[3], s[4], s[5], s[6])?,
        translation: Vec3::new(s[0], s[1], s[2]),
    };
    pose.validate().map_err(|e| e.to_string())?;
    Ok(pose)
}

/// A pose argument: a `Transform3s`, `None` (identity), a 7-vector
/// `(x, y, z, qw, qx, qy, qz)` or a 4x4 homogeneous matrix.
pub fn pose_arg(obj: &Bound<'_, PyAny>) -> PyResult<Pose> {
    if let Ok(t) = obj.downcast::<Transform3s>() {
        return Ok(t.borrow().pose);
    }
    if obj.is_none() {
        return Ok(Pose::identity());
    }
    let a = float_array(obj)?;
    let s = a.values()?;
    match a.shape() {
        [7] => parse_row7(s).map_err(value),
        [4, 4] => parse_mat4(s).map_err(value),
        shape => Err(value(format!(
            "a pose is a Transform3s, a 7-vector (x, y, z, qw, qx, qy, qz) or a 4x4 matrix, got shape {shape:?}"
        ))),
    }
}

/// A quaternion as coal (eigenpy) has it: built as `Quaternion(w, x, y, z)`,
/// `coeffs()` in Eigen's storage order `(x, y, z, w)`.
#[pyclass(module = "wolfe")]
#[derive(Clone, Copy)]
pub struct Quaternion {
    q: nalgebra::Quaternion<f64>,
}

#[pymethods]
impl Quaternion {
    /// `Quaternion()` is the identity; `Quaternion(w, x, y, z)` (coal's order); or
    /// `Quaternion(R)` from a 3x3 rotation matrix.
    #[new]
    #[pyo3(signature = (*args))]
    fn new(args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<Self> {
        match args.len() {
            0 => Ok(Self {
                q: nalgebra::Quaternion::identity(),
            }),
            1 => {
                let m = mat3(&args.get_item(0)?, "rotation matrix")?;
                Ok(Self {
                    q: rotation_from_matrix(&m)?.into_inner(),
                })
            }
            4 => {
                let c: Vec<f64> = args.extract()?;
                Ok(Self {
                    q: nalgebra::Quaternion::new(c[0], c[1], c[2], c[3]),
                })
            }
            n => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "Quaternion takes (), (w, x, y, z) or (R), got {n} arguments"
            ))),
        }
    }

    /// Real part.
    #[getter]
    fn w(&self) -> f64 {
        self.q.w
    }
    /// First imaginary part.
    #[getter]
    fn x(&self) -> f64 {
        self.q.i
    }
    /// Second imaginary part.
    #[getter]
    fn y(&self) -> f64 {
        self.q.j
    }
    /// Third imaginary part.
    #[getter]
    fn z(&self) -> f64 {
        self.q.k
    }

    /// Coefficients in Eigen's order `(x, y, z, w)`.
    fn coeffs<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        numpy::PyArray1::from_slice(py, &[self.q.i, self.q.j, self.q.k, self.q.w])
    }

    /// Euclidean norm.
    fn norm(&self) -> f64 {
        self.q.norm()
    }

    /// The rotation matrix (the quaternion normalized first).
    fn toRotationMatrix<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<f64>> {
        let r = Quat::new_normalize(self.q).to_rotation_matrix();
        np_mat3(py, r.matrix())
    }

    /// Same as `toRotationMatrix()`.
    fn matrix<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<f64>> {
        self.toRotationMatrix(py)
    }

    /// The identity quaternion (eigenpy's `Quaternion.Identity()`).
    #[staticmethod]
    fn Identity() -> Self {
        Self {
            q: nalgebra::Quaternion::identity(),
        }
    }

    /// Sets this quaternion to the identity.
    fn setIdentity(&mut self) {
        self.q = nalgebra::Quaternion::identity();
    }

    /// Scales this quaternion to unit norm, in place (`ValueError` for a zero or
    /// non-finite quaternion, where eigen would give NaN).
    fn normalize(&mut self) -> PyResult<()> {
        self.q = self.normalized()?.q;
        Ok(())
    }

    /// A copy scaled to unit norm (`ValueError` for a zero or non-finite quaternion).
    fn normalized(&self) -> PyResult<Self> {
        let n = self.q.norm();
        if !(n.is_finite() && n > 0.0) {
            return Err(value(format!("quaternion of norm {n} cannot be normalized")));
        }
        Ok(Self { q: self.q / n })
    }

    /// The squared norm `w^2 + x^2 + y^2 + z^2`.
    fn squaredNorm(&self) -> f64 {
        self.q.norm_squared()
    }

    /// The dot product of the coefficients.
    fn dot(&self, other: &Quaternion) -> f64 {
        self.q.coords.dot(&other.q.coords)
    }

    /// The conjugate `(w, -x, -y, -z)`.
    fn conjugate(&self) -> Self {
        Self {
            q: self.q.conjugate(),
        }
    }

    /// The inverse `conj(q) / |q|^2` (`ValueError` for a zero quaternion).
    fn inverse(&self) -> PyResult<Self> {
        self.q
            .try_inverse()
            .map(|q| Self { q })
            .ok_or_else(|| value("the zero quaternion has no inverse"))
    }

    /// Spherical linear interpolation from this rotation (`t = 0`) to `other`
    /// (`t = 1`) along the shorter arc, as eigen's `slerp` (both normalized first).
    fn slerp(&self, t: f64, other: &Quaternion) -> PyResult<Self> {
        let (a, b) = (self.normalized()?.q, other.normalized()?.q);
        let (a, b) = (Quat::new_unchecked(a), Quat::new_unchecked(b));
        let b = if a.coords.dot(&b.coords) < 0.0 {
            Quat::new_unchecked(-b.into_inner())
        } else {
            b
        };
        Ok(Self {
            q: a.slerp(&b, t).into_inner(),
        })
    }

    /// The angle (radians) of the rotation from this one to `other`.
    fn angularDistance(&self, other: &Quaternion) -> PyResult<f64> {
        let (a, b) = (self.normalized()?.q, other.normalized()?.q);
        Ok(Quat::new_unchecked(a).angle_to(&Quat::new_unchecked(b)))
    }

    /// Whether the coefficients agree within `prec` relative to the smaller norm (eigen's test).
    #[pyo3(signature = (other, prec = 1e-12))]
    fn isApprox(&self, other: &Quaternion, prec: f64) -> bool {
        (self.q - other.q).norm() <= prec * self.q.norm().min(other.q.norm())
    }

    /// The Hamilton product (the composed rotation).
    fn __mul__(&self, other: &Quaternion) -> Self {
        Self { q: self.q * other.q }
    }

    fn __repr__(&self) -> String {
        format!(
            "Quaternion(w={}, x={}, y={}, z={})",
            self.q.w, self.q.i, self.q.j, self.q.k
        )
    }
}

impl Quaternion {
    /// The rotation: normalized within [`UNIT_TOLERANCE`], else `ValueError`.
    fn unit(&self) -> PyResult<Quat> {
        unit_quaternion(self.q.w, self.q.i, self.q.j, self.q.k).map_err(value)
    }
}

/// A rigid transform (rotation + translation) mapping shape-local to world
/// coordinates, as coal's `Transform3s`.
#[pyclass(module = "wolfe")]
#[derive(Clone, Copy)]
pub struct Transform3s {
    /// The pose (always valid: finite, unit quaternion).
    pub pose: Pose,
}

fn rotation_arg(obj: &Bound<'_, PyAny>) -> PyResult<Quat> {
    if let Ok(q) = obj.downcast::<Quaternion>() {
        return q.borrow().unit();
    }
    rotation_from_matrix(&mat3(obj, "rotation")?)
}

fn translation_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec3> {
    let t = vec3(obj, "translation")?;
    if t.iter().any(|v| !v.is_finite()) {
        return Err(geometry(wolfe::WolfeError::NonFinitePose));
    }
    Ok(t)
}

#[pymethods]
impl Transform3s {
    /// `Transform3s()` (identity), `Transform3s(R, t)`, `Transform3s(q, t)` with a
    /// `Quaternion`, `Transform3s(R)`, `Transform3s(q)`, `Transform3s(t)` or a copy
    /// `Transform3s(other)`. `R` within [`UNIT_TOLERANCE`] of a rotation is
    /// orthonormalized, `q` within it of unit norm normalized; farther is `ValueError`
    /// (coal does not check).
    #[new]
    #[pyo3(signature = (*args))]
    fn new(args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<Self> {
        let mut pose = Pose::identity();
        match args.len() {
            0 => {}
            1 => {
                let a = args.get_item(0)?;
                if let Ok(t) = a.downcast::<Transform3s>() {
                    return Ok(*t.borrow());
                }
                if a.downcast::<Quaternion>().is_ok() {
                    pose.rotation = rotation_arg(&a)?;
                } else {
                    let arr = float_array(&a)?;
                    if arr.shape() == [3, 3] {
                        pose.rotation = rotation_arg(&a)?;
                    } else {
                        pose.translation = translation_arg(&a)?;
                    }
                }
            }
            2 => {
                pose.rotation = rotation_arg(&args.get_item(0)?)?;
                pose.translation = translation_arg(&args.get_item(1)?)?;
            }
            n => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "Transform3s takes at most 2 arguments (rotation, translation), got {n}"
                )))
            }
        }
        Ok(Self { pose })
    }

    /// The identity transform.
    #[staticmethod]
    #[allow(non_snake_case)]
    fn Identity() -> Self {
        Self {
            pose: Pose::identity(),
        }
    }

    /// Translation, shape (3,).
    fn getTranslation<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.pose.translation)
    }

    /// Rotation matrix, shape (3, 3).
    fn getRotation<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<f64>> {
        np_mat3(py, self.pose.rotation.to_rotation_matrix().matrix())
    }

    /// Rotation as a `Quaternion`.
    fn getQuatRotation(&self) -> Quaternion {
        Quaternion {
            q: self.pose.rotation.into_inner(),
        }
    }

    /// Sets the translation.
    fn setTranslation(&mut self, t: &Bound<'_, PyAny>) -> PyResult<()> {
        self.pose.translation = translation_arg(t)?;
        Ok(())
    }

    /// Sets the rotation from a rotation matrix or a `Quaternion`.
    fn setRotation(&mut self, r: &Bound<'_, PyAny>) -> PyResult<()> {
        self.pose.rotation = rotation_arg(r)?;
        Ok(())
    }

    /// Sets the rotation from a `Quaternion`.
    fn setQuatRotation(&mut self, q: &Bound<'_, PyAny>) -> PyResult<()> {
        self.pose.rotation = rotation_arg(q)?;
        Ok(())
    }

    /// Sets rotation and translation.
    fn setTransform(&mut self, r: &Bound<'_, PyAny>, t: &Bound<'_, PyAny>) -> PyResult<()> {
        self.pose.rotation = rotation_arg(r)?;
        self.pose.translation = translation_arg(t)?;
        Ok(())
    }

    /// Resets to the identity.
    fn setIdentity(&mut self) {
        self.pose = Pose::identity();
    }

    /// Whether this is the identity (to `prec`).
    #[pyo3(signature = (prec = 1e-12))]
    fn isIdentity(&self, prec: f64) -> bool {
        self.pose.translation.norm() <= prec && self.pose.rotation.angle() <= prec
    }

    /// The inverse transform.
    fn inverse(&self) -> Self {
        Self {
            pose: self.pose.inverse(),
        }
    }

    /// `self.inverse() * other`.
    fn inverseTimes(&self, other: &Transform3s) -> Self {
        Self {
            pose: self.pose.relative(&other.pose),
        }
    }

    /// Applies the transform to a point.
    fn transform<'py>(
        &self, py: Python<'py>, p: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<f64>>> {
        Ok(np_vec3(py, &self.pose.transform_point(&vec3(p, "point")?)))
    }

    /// Composition `self * other`.
    fn __mul__(&self, other: &Transform3s) -> Self {
        Self {
            pose: self.pose.compose(&other.pose),
        }
    }

    /// wolfe's 7-vector `(x, y, z, qw, qx, qy, qz)`.
    #[pyo3(name = "to_array")]
    fn as_array<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        let t = self.pose.translation;
        let q = self.pose.rotation.quaternion();
        numpy::PyArray1::from_slice(py, &[t.x, t.y, t.z, q.w, q.i, q.j, q.k])
    }

    fn __repr__(&self) -> String {
        let t = self.pose.translation;
        let q = self.pose.rotation.quaternion();
        format!(
            "Transform3s(translation=[{}, {}, {}], quaternion_wxyz=[{}, {}, {}, {}])",
            t.x, t.y, t.z, q.w, q.i, q.j, q.k
        )
    }
}
