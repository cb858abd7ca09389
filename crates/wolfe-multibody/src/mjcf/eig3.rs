//! Principal axes of a 3x3 inertia by MuJoCo's quaternion Jacobi iteration (`mjuu_eig3`
//! of MuJoCo's user_util.cc, operation for operation), run to convergence: it stops when
//! the largest off-diagonal entry is below `4 eps max|A|` or a rotation no longer
//! changes anything. MuJoCo stores every compiled body and mesh inertia as principal
//! moments and axes, and the loader applies the same step where MuJoCo does (mesh
//! inertias, bodies of several geoms, `fullinertia`).
//!
//! MuJoCo's own iteration stops at an **absolute** off-diagonal of 1e-12, which for the
//! tiny unit-density inertias of small meshes leaves a relative residual: MuJoCo 4.0's
//! compiled Inspire palm differs from the converged decomposition by 3.5e-8 relative
//! (and agrees with the absolute rule to 3e-10), while its thumb link, whose unit-density
//! inertia is below 1e-10, agrees with the converged one (2.8e-11) and not with the
//! absolute rule (6e-3). Not knowing MuJoCo 4.0's exact rule, this converges, which is
//! the correct decomposition; the tests allow MuJoCo's residual where meshes are small.

use crate::spatial::{Mat3, Vec3};

const EIG_EPS: f64 = 1e-12;
/// The convergence threshold relative to the largest entry.
const REL_EPS: f64 = 4.0 * f64::EPSILON;

/// Row-major 3x3 from a quaternion `w x y z` (MuJoCo's `mjuu_quat2mat`).
fn quat2mat(q: &[f64; 4]) -> [f64; 9] {
    if *q == [1.0, 0.0, 0.0, 0.0] {
        return [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
    }
    let (q00, q01, q02, q03) = (q[0] * q[0], q[0] * q[1], q[0] * q[2], q[0] * q[3]);
    let (q11, q12, q13) = (q[1] * q[1], q[1] * q[2], q[1] * q[3]);
    let (q22, q23, q33) = (q[2] * q[2], q[2] * q[3], q[3] * q[3]);
    [
        q00 + q11 - q22 - q33,
        2.0 * (q12 - q03),
        2.0 * (q13 + q02),
        2.0 * (q12 + q03),
        q00 - q11 + q22 - q33,
        2.0 * (q23 - q01),
        2.0 * (q13 - q02),
        2.0 * (q23 + q01),
        q00 - q11 - q22 + q33,
    ]
}

fn mulmat(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    std::array::from_fn(|k| {
        let (r, c) = (k / 3, k % 3);
        a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c]
    })
}

fn transpose(a: &[f64; 9]) -> [f64; 9] {
    [a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]]
}

fn mulquat(a: &[f64; 4], b: &[f64; 4]) -> [f64; 4] {
    [
        a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
        a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
        a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
        a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
    ]
}

fn normalize(q: &mut [f64; 4]) {
    let n = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).sqrt();
    if n < 1e-15 {
        *q = [1.0, 0.0, 0.0, 0.0];
    } else {
        q.iter_mut().for_each(|x| *x /= n);
    }
}

/// Eigenvalues (decreasing) and the quaternion `w x y z` of the principal axes.
pub(crate) fn eig3(m: &Mat3) -> ([f64; 3], [f64; 4]) {
    let mat: [f64; 9] = std::array::from_fn(|k| m[(k / 3, k % 3)]);
    let mut quat = [1.0, 0.0, 0.0, 0.0];
    let mut eig = [0.0; 3];
    let scale = mat.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    for _ in 0..500 {
        let v = quat2mat(&quat);
        let d = mulmat(&mulmat(&transpose(&v), &mat), &v);
        eig = [d[0], d[4], d[8]];
        let (rk, ck, rotk) = if d[1].abs() > d[2].abs() && d[1].abs() > d[5].abs() {
            (0, 1, 2)
        } else if d[2].abs() > d[5].abs() {
            (0, 2, 1)
        } else {
            (1, 2, 0)
        };
        if d[3 * rk + ck].abs() <= REL_EPS * scale {
            break;
        }
        let tau = (d[4 * ck] - d[4 * rk]) / (2.0 * d[3 * rk + ck]);
        let t = if tau >= 0.0 {
            1.0 / (tau + (1.0 + tau * tau).sqrt())
        } else {
            -1.0 / (-tau + (1.0 + tau * tau).sqrt())
        };
        let c = 1.0 / (1.0 + t * t).sqrt();
        if c == 1.0 {
            break;
        }
        let mut r = [0.0; 4];
        let s = (0.5 - 0.5 * c).sqrt();
        r[rotk + 1] = if tau >= 0.0 { -s } else { s };
        if rotk == 1 {
            r[rotk + 1] = -r[rotk + 1];
        }
        r[0] = (1.0 - r[rotk + 1] * r[rotk + 1]).sqrt();
        normalize(&mut r);
        quat = mulquat(&quat, &r);
        normalize(&mut quat);
    }
    for j in 0..3 {
        let j1 = j % 2;
        if eig[j1] + EIG_EPS < eig[j1 + 1] {
            eig.swap(j1, j1 + 1);
            // MuJoCo's literal cos(pi/4), kept for bitwise agreement.
            #[allow(clippy::approx_constant)]
            let mut r = [0.707106781186548, 0.0, 0.0, 0.0];
            r[(j1 + 2) % 3 + 1] = r[0];
            quat = mulquat(&quat, &r);
            normalize(&mut quat);
        }
    }
    (eig, quat)
}

/// `R diag(d) R^T` for the principal axes `q` (`w x y z`).
pub(crate) fn from_principal(d: &[f64; 3], q: &[f64; 4]) -> Mat3 {
    let r = quat2mat(q);
    let r = Mat3::from_row_slice(&r);
    r * Mat3::from_diagonal(&Vec3::from(*d)) * r.transpose()
}

/// The tensor as MuJoCo stores it: its principal moments on its principal axes.
pub(crate) fn as_mujoco(m: &Mat3) -> Mat3 {
    let (d, q) = eig3(m);
    from_principal(&d, &q)
}
