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
    match lu_solve3(&j, &f) {
        Some(x) if x.iter().all(|c| c.is_finite()) => -(iw * x),
        _ => -f,
    }
}

/// `j.lu().solve(b)` of nalgebra for 3 x 3, written out with the same operations in the
/// same order (partial pivoting on the first largest `|x|` of each column, elimination
/// by the reciprocal of the pivot, then the unit-lower and upper triangular solves), so
/// the same bits (tested against nalgebra); `None` where nalgebra's solve fails (a zero
/// pivot). nalgebra's dynamic-range loops made the gyroscopic torque 1.3-1.8% of the
/// clutter step at rest.
pub(crate) fn lu_solve3(j: &Matrix3<f64>, b: &Vec3) -> Option<Vec3> {
    // a[r][c] = j(r, c).
    let mut a = [[0.0; 3]; 3];
    for (r, row) in a.iter_mut().enumerate() {
        for (c, x) in row.iter_mut().enumerate() {
            *x = j[(r, c)];
        }
    }
    let mut swaps = [(0, 0); 3];
    let mut count = 0;
    for i in 0..3 {
        let mut piv = i;
        let mut the_max = a[i][i].abs();
        for (r, row) in a.iter().enumerate().skip(i + 1) {
            if row[i].abs() > the_max {
                the_max = row[i].abs();
                piv = r;
            }
        }
        let diag = a[piv][i];
        if diag == 0.0 {
            continue;
        }
        if piv != i {
            swaps[count] = (i, piv);
            count += 1;
            // Rows i and piv trade places in every column.
            a.swap(i, piv);
        }
        let inv_diag = 1.0 / diag;
        for row in a.iter_mut().skip(i + 1) {
            row[i] *= inv_diag;
        }
        for c in i + 1..3 {
            let p = a[i][c];
            for row in a.iter_mut().skip(i + 1) {
                row[c] += -p * row[i];
            }
        }
    }
    let mut x = [b.x, b.y, b.z];
    for &(i, piv) in &swaps[..count] {
        x.swap(i, piv);
    }
    // L (unit diagonal): nalgebra divides by the diagonal 1, which is exact.
    for i in 0..2 {
        let coeff = x[i];
        for r in i + 1..3 {
            x[r] += -coeff * a[r][i];
        }
    }
    for i in (0..3).rev() {
        if a[i][i] == 0.0 {
            return None;
        }
        let coeff = x[i] / a[i][i];
        x[i] = coeff;
        for r in 0..i {
            x[r] += -coeff * a[r][i];
        }
    }
    Some(Vec3::new(x[0], x[1], x[2]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The written-out 3 x 3 LU solve is nalgebra's bit for bit, on random matrices
    /// (every pivoting order), the Jacobians of the gyroscopic step, and singular ones.
    #[test]
    fn lu_solve3_is_nalgebras_bit_for_bit() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let bits = |x: Option<Vec3>| x.map(|x| [x.x.to_bits(), x.y.to_bits(), x.z.to_bits()]);
        for case in 0..20_000 {
            let scale = 10f64.powf(rng.random_range(-4.0..4.0));
            let mut j = Matrix3::from_fn(|_, _| scale * rng.random_range(-1.0..1.0));
            match case % 4 {
                1 => {
                    // The gyroscopic Jacobian: I + dt ([w]x I - [I w]x).
                    let b = Matrix3::from_fn(|_, _| rng.random_range(-1.0..1.0));
                    let iw = b.transpose() * b * scale;
                    let w = Vec3::from_fn(|_, _| rng.random_range(-50.0..50.0));
                    j = iw + 0.01 * (w.cross_matrix() * iw - (iw * w).cross_matrix());
                }
                2 => {
                    // Singular: a zero column or two equal rows.
                    if rng.random_bool(0.5) {
                        j.column_mut(rng.random_range(0..3)).fill(0.0);
                    } else {
                        let row = j.row(0).into_owned();
                        j.row_mut(2).copy_from(&row);
                    }
                }
                _ => {}
            }
            let b = Vec3::from_fn(|_, _| rng.random_range(-1.0..1.0));
            assert_eq!(
                bits(lu_solve3(&j, &b)),
                bits(j.lu().solve(&b)),
                "case {case}: {j}"
            );
        }
    }
}
