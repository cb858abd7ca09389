//! The forces of the free-motion stage that depend on no simulation state: springs
//! (force and the stiffness/damping blocks of Eq. 15) and the gyroscopic torque of a
//! rotating body (`k2` of Section II-D).

use nalgebra::Matrix3;
use wolfe::Vec3;

/// The force on a spring's body point: `d` from the point to the anchor, `d_dot` its
/// rate. Zero rest length: the linear isotropic `k d + c d_dot`; otherwise
/// `k (|d| - L0) d_hat + c (d_hat . d_dot) d_hat`.
pub(crate) fn spring_force(k: f64, c: f64, rest: f64, d: &Vec3, d_dot: &Vec3) -> Vec3 {
    if rest == 0.0 {
        return k * d + c * d_dot;
    }
    let len = d.norm();
    if len == 0.0 {
        return Vec3::zeros();
    }
    let u = d / len;
    (k * (len - rest) + c * u.dot(d_dot)) * u
}

/// The stiffness and damping matrices (3 x 3, PSD) of a spring for Eq. 15: minus the
/// derivative of the force with respect to the point's position and velocity, with the
/// transverse term clamped at zero when the spring is compressed (it would be negative,
/// and `A` must stay SPD).
pub(crate) fn spring_stiffness(k: f64, c: f64, rest: f64, d: &Vec3) -> (Matrix3<f64>, Matrix3<f64>) {
    let eye = Matrix3::identity();
    let len = d.norm();
    if rest == 0.0 || len == 0.0 {
        return (k * eye, c * eye);
    }
    let u = d / len;
    let uu = u * u.transpose();
    let transverse = (1.0 - rest / len).max(0.0);
    (k * (uu + transverse * (eye - uu)), c * uu)
}

/// The gyroscopic torque of a body with world inertia `iw` and angular velocity `w0`
/// over a step `dt`, linearly implicit (one Newton step on Euler's equations, as
/// Bullet and Box2D-style engines do for stability).
///
/// With `g(w) = I (w - w0) + dt w x I w`, `g(w0) = dt f`, `f = w0 x I w0`, and
/// `J = dg/dw = I + dt ([w0]x I - [I w0]x)`, the step is `w1 = w0 - dt J^-1 f`, and the
/// torque that gives it in `M (v - v0) = dt k` is `I (w1 - w0) / dt = -I J^-1 f`. It
/// equals the explicit `-f` to first order in `dt`, is exactly 0 for an isotropic body
/// (`f = 0`), and does not add energy where the explicit term does. If `J` cannot be
/// solved (not seen in practice), the explicit term is used.
pub(crate) fn gyroscopic_torque(iw: &Matrix3<f64>, w0: &Vec3, dt: f64) -> Vec3 {
    let h = iw * w0;
    let f = w0.cross(&h);
    if f == Vec3::zeros() {
        return f;
    }
    let j = iw + dt * (w0.cross_matrix() * iw - h.cross_matrix());
    match j.lu().solve(&f) {
        Some(x) if x.iter().all(|c| c.is_finite()) => -(iw * x),
        _ => -f,
    }
}
