//! Positions and orientations of MJCF elements: `pos` with one of `quat`, `axisangle`,
//! `euler`, `xyaxes`, `zaxis` (MuJoCo's frame orientation conventions), and `fromto`.

use nalgebra::{Quaternion, UnitQuaternion};

use super::defaults::{Attrs, Compiler};
use super::xml::bad;
use crate::error::MjcfError;
use crate::spatial::{Mat3, Se3, Vec3};

/// The orientation attributes; at most one may be given.
const ORIENTATIONS: [&str; 5] = ["quat", "axisangle", "euler", "xyaxes", "zaxis"];

/// The element's frame: `pos` and orientation (identity when absent). The element's own
/// orientation attribute wins over its class's.
pub(crate) fn frame(a: &Attrs, c: &Compiler) -> Result<Se3, MjcfError> {
    let pos = Vec3::from(a.vec_or::<3>("pos", [0.0; 3])?);
    Ok(Se3::new(orientation(a, c)?, pos))
}

/// The orientation as a rotation matrix.
pub(crate) fn orientation(a: &Attrs, c: &Compiler) -> Result<Mat3, MjcfError> {
    let own: Vec<&str> = ORIENTATIONS
        .iter()
        .copied()
        .filter(|k| a.el.attr(k).is_some())
        .collect();
    let given: Vec<&str> = if own.is_empty() {
        ORIENTATIONS
            .iter()
            .copied()
            .filter(|k| a.get(k).is_some())
            .collect()
    } else {
        own
    };
    if given.len() > 1 {
        return Err(MjcfError::Unsupported {
            element: a.el.loc(),
            what: format!("several orientations given ({})", given.join(", ")),
        });
    }
    let Some(&kind) = given.first() else {
        return Ok(Mat3::identity());
    };
    let text = a.get(kind).unwrap_or_default();
    let q = match kind {
        "quat" => {
            let v = a.vec_or::<4>(kind, [1.0, 0.0, 0.0, 0.0])?;
            let q = Quaternion::new(v[0], v[1], v[2], v[3]);
            if q.norm() < 1e-15 {
                return Err(bad(a.el, kind, text, "a non-zero quaternion"));
            }
            UnitQuaternion::from_quaternion(q)
        }
        "axisangle" => {
            let v = a.vec_or::<4>(kind, [0.0; 4])?;
            let axis = Vec3::new(v[0], v[1], v[2]);
            let axis = nalgebra::Unit::try_new(axis, 1e-15)
                .ok_or_else(|| bad(a.el, kind, text, "a non-zero axis and an angle"))?;
            UnitQuaternion::from_axis_angle(&axis, c.angle(v[3]))
        }
        "euler" => euler(a.vec_or::<3>(kind, [0.0; 3])?, c),
        "xyaxes" => return xyaxes(a, text),
        _ => {
            let v = Vec3::from(a.vec_or::<3>(kind, [0.0; 3])?);
            if v.norm() < 1e-15 {
                return Err(bad(a.el, kind, text, "a non-zero vector"));
            }
            z_to(&v)
        }
    };
    Ok(*q.to_rotation_matrix().matrix())
}

/// MuJoCo's Euler angles: the sequence's rotations composed in order, post-multiplied
/// for lower-case (rotating) axes and pre-multiplied for upper-case (fixed) ones.
fn euler(angles: [f64; 3], c: &Compiler) -> UnitQuaternion<f64> {
    let mut q = UnitQuaternion::identity();
    for (k, &axis) in c.eulerseq.iter().enumerate() {
        let v = match axis.to_ascii_lowercase() {
            b'x' => Vec3::x_axis(),
            b'y' => Vec3::y_axis(),
            _ => Vec3::z_axis(),
        };
        let r = UnitQuaternion::from_axis_angle(&v, c.angle(angles[k]));
        q = if axis.is_ascii_lowercase() { q * r } else { r * q };
    }
    q
}

fn xyaxes(a: &Attrs, text: &str) -> Result<Mat3, MjcfError> {
    let v = a.vec_or::<6>("xyaxes", [0.0; 6])?;
    let err = || bad(a.el, "xyaxes", text, "two non-parallel non-zero vectors");
    let x = Vec3::new(v[0], v[1], v[2]);
    let x = x.try_normalize(1e-15).ok_or_else(err)?;
    let y = Vec3::new(v[3], v[4], v[5]);
    let y = (y - x * x.dot(&y)).try_normalize(1e-15).ok_or_else(err)?;
    let z = x.cross(&y);
    Ok(Mat3::from_columns(&[x, y, z]))
}

/// The rotation taking `+z` to the direction of `v` about `z x v` (MuJoCo's
/// `mjuu_z2quat`: a half turn about `x` for `-z`).
pub(crate) fn z_to(v: &Vec3) -> UnitQuaternion<f64> {
    let v = v.normalize();
    let axis = Vec3::z().cross(&v);
    let s = axis.norm();
    let axis = if s < 1e-10 { Vec3::x() } else { axis / s };
    let angle = s.atan2(v.z);
    UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_unchecked(axis), angle)
}
