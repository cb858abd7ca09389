//! The analytic projection onto the friction cone in the R norm (Eq. 27, Appendix C)
//! and its derivative G (Appendix D).
//!
//! Vectors are in the contact frame: `[t_x, t_y, n]`. The regularization is
//! `R = diag(R_t, R_t, R_n)`.

use nalgebra::{Matrix3, Vector3};

/// The region of y in the partition of Appendix C (Fig. 22).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConeRegion {
    /// Region I, the closed friction cone: y_r <= mu y_n (gamma = y).
    Stiction,
    /// Region II: -mu_hat y_r <= y_n and y_r > mu y_n (projection onto the cone's wall).
    /// The boundary with region III belongs here (the paper's choice for G).
    Sliding,
    /// Region III, the interior of the polar cone: y_n < -mu_hat y_r (gamma = 0).
    NoContact,
}

/// Friction coefficient and regularization of one contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConeParams {
    /// Friction coefficient mu.
    pub mu: f64,
    /// Tangential regularization R_t (> 0).
    pub r_t: f64,
    /// Normal regularization R_n (> 0).
    pub r_n: f64,
}

impl ConeParams {
    /// mu_hat = mu R_t / R_n (Section V-A).
    pub fn mu_hat(&self) -> f64 {
        self.mu * self.r_t / self.r_n
    }

    /// mu_tilde^2 = mu^2 R_t / R_n (Section V-A).
    pub fn mu_tilde_sq(&self) -> f64 {
        self.mu * self.mu * self.r_t / self.r_n
    }

    /// The region of y (Appendix C; boundaries as in Appendix D).
    pub fn region(&self, y: &Vector3<f64>) -> ConeRegion {
        self.region_of(y, radial(y))
    }

    fn region_of(&self, y: &Vector3<f64>, y_r: f64) -> ConeRegion {
        if y_r <= self.mu * y.z {
            ConeRegion::Stiction
        } else if y.z < -self.mu_hat() * y_r {
            ConeRegion::NoContact
        } else {
            ConeRegion::Sliding
        }
    }

    /// gamma = P_F(y), the projection of y onto the friction cone
    /// `{||x_t|| <= mu x_n}` in the norm of R (Eqs. 23 and 27).
    pub fn project(&self, y: &Vector3<f64>) -> (Vector3<f64>, ConeRegion) {
        let y_r = radial(y);
        let region = self.region_of(y, y_r);
        (self.project_in(y, y_r, region), region)
    }

    /// gamma = P_F(y) and G at y (Appendix C and D) together, sharing the radial norm.
    pub(crate) fn project_with_gradient(&self, y: &Vector3<f64>) -> (Vector3<f64>, Matrix3<f64>, ConeRegion) {
        let y_r = radial(y);
        let region = self.region_of(y, y_r);
        (
            self.project_in(y, y_r, region),
            self.gradient_in(y, y_r, region),
            region,
        )
    }

    fn project_in(&self, y: &Vector3<f64>, y_r: f64, region: ConeRegion) -> Vector3<f64> {
        match region {
            ConeRegion::Stiction => *y,
            ConeRegion::NoContact => Vector3::zeros(),
            ConeRegion::Sliding => {
                let gn = (y.z + self.mu_hat() * y_r) / (1.0 + self.mu_tilde_sq());
                // gn >= 0 up to round-off in region II; clamp to stay in the cone.
                let gn = gn.max(0.0);
                let gt = self.mu * gn / y_r;
                Vector3::new(gt * y.x, gt * y.y, gn)
            }
        }
    }

    /// G = -d gamma / d v_c = R^{-1} (d^2 ell_R / dy^2) R^{-1} (Appendix D, Eq. 37),
    /// with the paper's extension on region boundaries: the formula of region I on the
    /// boundary of the cone, that of region II on the boundary of the polar cone.
    pub fn gradient(&self, y: &Vector3<f64>, region: ConeRegion) -> Matrix3<f64> {
        self.gradient_in(y, radial(y), region)
    }

    fn gradient_in(&self, y: &Vector3<f64>, y_r: f64, region: ConeRegion) -> Matrix3<f64> {
        match region {
            ConeRegion::Stiction => {
                Matrix3::from_diagonal(&Vector3::new(1.0 / self.r_t, 1.0 / self.r_t, 1.0 / self.r_n))
            }
            ConeRegion::NoContact => Matrix3::zeros(),
            ConeRegion::Sliding => {
                let (tx, ty) = (y.x / y_r, y.y / y_r);
                let mu_hat = self.mu_hat();
                let s = mu_hat * y_r + y.z;
                let f = self.r_n / (1.0 + self.mu_tilde_sq());
                // Hessian of ell_R in y (Eq. 37).
                let a = mu_hat * mu_hat; // coefficient of P(t)
                let b = (mu_hat * s / y_r).max(0.0); // coefficient of P_perp(t)
                let htt = |i: f64, j: f64, same: bool| {
                    let p = i * j;
                    let perp = if same { 1.0 - p } else { -p };
                    f * (a * p + b * perp)
                };
                let h = Matrix3::new(
                    htt(tx, tx, true),
                    htt(tx, ty, false),
                    f * mu_hat * tx,
                    htt(ty, tx, false),
                    htt(ty, ty, true),
                    f * mu_hat * ty,
                    f * mu_hat * tx,
                    f * mu_hat * ty,
                    f,
                );
                let r_inv = Vector3::new(1.0 / self.r_t, 1.0 / self.r_t, 1.0 / self.r_n);
                Matrix3::from_fn(|i, j| r_inv[i] * h[(i, j)] * r_inv[j])
            }
        }
    }
}

/// One contact's cone along a line of the line search (Section IV-C), with the
/// quotients of R precomputed once per Newton iteration, so that evaluating it at a
/// step length costs one square root and (when sliding) one division. Along
/// `v + alpha dv`, `y(alpha) = y_0 + alpha w` with `w = -R^{-1} J dv`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LineCone {
    mu: f64,
    /// mu_hat = mu R_t / R_n, as [`ConeParams::mu_hat`] (the same bits, so that the
    /// regions agree with [`ConeParams::project`]).
    mu_hat: f64,
    r_t: f64,
    r_n: f64,
    /// 1 / (1 + mu_tilde^2).
    inv_1p_mts: f64,
}

impl LineCone {
    /// The line terms of `cone`.
    pub(crate) fn new(cone: &ConeParams) -> Self {
        Self {
            mu: cone.mu,
            mu_hat: cone.mu_hat(),
            r_t: cone.r_t,
            r_n: cone.r_n,
            inv_1p_mts: 1.0 / (1.0 + cone.mu_tilde_sq()),
        }
    }

    /// The contact's term of Eq. (24) at gamma, `||gamma||_R^2 / 2`.
    #[inline]
    pub(crate) fn regularizer_cost(&self, gamma: &Vector3<f64>) -> f64 {
        0.5 * (self.r_t * (gamma.x * gamma.x + gamma.y * gamma.y) + self.r_n * gamma.z * gamma.z)
    }

    /// gamma = P_F(y) and the curvature `u^T G u` along the contact velocity `u`, given
    /// `w = -R^{-1} u` (Appendix D): with the Hessian of Eq. 37 in y,
    /// `u^T G u = w^T (d^2 ell_R / dy^2) w` (a quadratic form: the sign of w does not
    /// matter). The same formulas as [`ConeParams::project`] and
    /// [`ConeParams::gradient`], up to rounding: the quotients by R are taken once.
    #[inline]
    pub(crate) fn project_with_curvature(&self, y: &Vector3<f64>, w: &[f64; 3]) -> (Vector3<f64>, f64) {
        let y_r = radial(y);
        if y_r <= self.mu * y.z {
            let curvature = self.r_t * (w[0] * w[0] + w[1] * w[1]) + self.r_n * w[2] * w[2];
            return (*y, curvature);
        }
        if y.z < -self.mu_hat * y_r {
            return (Vector3::zeros(), 0.0);
        }
        // Sliding (region II): y_r > 0 here (y_r = 0 is in region I or III).
        let mu_hat = self.mu_hat;
        let s = mu_hat * y_r + y.z;
        let gn = (s * self.inv_1p_mts).max(0.0);
        let inv_r = 1.0 / y_r;
        let gt = self.mu * gn * inv_r;
        let (tx, ty) = (y.x * inv_r, y.y * inv_r);
        let f = self.r_n * self.inv_1p_mts;
        let b = (mu_hat * s * inv_r).max(0.0);
        let wt = tx * w[0] + ty * w[1];
        let w_perp_sq = w[0] * w[0] + w[1] * w[1] - wt * wt;
        let curvature =
            f * (mu_hat * mu_hat * wt * wt + b * w_perp_sq + 2.0 * mu_hat * wt * w[2] + w[2] * w[2]);
        (Vector3::new(gt * y.x, gt * y.y, gn), curvature)
    }
}

/// ||y_t||, the radial (tangential) norm of y. A plain square root rather than `hypot`:
/// y = -R^{-1}(v_c - v_hat) stays many orders of magnitude below the overflow range
/// (1e154) for any physical velocity and regularization, and `hypot` was 7% of a
/// clutter step.
#[inline]
fn radial(y: &Vector3<f64>) -> f64 {
    (y.x * y.x + y.y * y.y).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The line search's curvature `u^T G u` equals the quadratic form of the G of
    /// Appendix D built as a matrix, and its projection equals `project` (up to the
    /// rounding of its precomputed quotients), in every region.
    #[test]
    fn curvature_along_a_line_equals_the_quadratic_form_of_g() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = [0; 3];
        for _ in 0..20_000 {
            let cone = ConeParams {
                mu: rng.random_range(0.0..2.0),
                r_t: 10f64.powf(rng.random_range(-6.0..0.0)),
                r_n: 10f64.powf(rng.random_range(-6.0..0.0)),
            };
            let y = Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0));
            let u = [0, 1, 2].map(|_| rng.random_range(-1.0..1.0));
            let (gamma, region) = cone.project(&y);
            let g = cone.gradient(&y, region);
            let uv = Vector3::new(u[0], u[1], u[2]);
            let expected = uv.dot(&(g * uv));
            let w = [-u[0] / cone.r_t, -u[1] / cone.r_t, -u[2] / cone.r_n];
            let (gamma2, curvature) = LineCone::new(&cone).project_with_curvature(&y, &w);
            seen[region as usize] += 1;
            assert!(
                (gamma - gamma2).norm() <= 1e-14 * gamma.norm(),
                "{gamma} vs {gamma2}"
            );
            assert!(
                (curvature - expected).abs() <= 1e-12 * g.norm() * uv.norm_squared(),
                "{region:?}: {curvature} against {expected}"
            );
        }
        assert!(seen.iter().all(|&k| k > 100), "every region sampled: {seen:?}");
    }
}
