//! The dimensionless parameters of the regularization (Section V-B) and the helpers
//! every constraint kind's model stage shares: the near-rigid switch of Eq. 29 and the
//! energy-range check of the stabilization velocity.

use crate::error::SapError;
use crate::forest::MAX_ENERGY_SCALE;

/// The dimensionless parameters of Section V-B.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RegularizationSettings {
    /// beta: near-rigid contacts get the time scale T_n = beta dt (Eq. 29). Default 1.
    pub beta: f64,
    /// sigma: R_t = sigma w (Eq. 30), bounds the stiction slip by mu sigma g dt (Eq. 31).
    /// Default 1e-3.
    pub sigma: f64,
    /// beta_c of the PD controllers: a controller whose regularization
    /// `R = 1 / (dt (dt kp + kd))` is below `beta_c^2 w / (4 pi^2)` (its period
    /// `2 pi sqrt(m / kp)`, `m = 1 / w`, is below about `beta_c dt`, a dynamics the
    /// step cannot resolve, Section V-B) gets its gains scaled down by the same factor
    /// so that `R = beta_c^2 w / (4 pi^2)`, which bounds the conditioning of H. The
    /// ratio kd / kp and the feed-forward effort are kept. 0 disables it. Default 0.1:
    /// only gains far beyond what dt resolves are changed.
    pub controller_beta: f64,
}

impl Default for RegularizationSettings {
    fn default() -> Self {
        Self {
            beta: 1.0,
            sigma: 1e-3,
            controller_beta: 0.1,
        }
    }
}

impl RegularizationSettings {
    /// Checks that beta and sigma are finite and positive.
    ///
    /// # Errors
    /// [`SapError::InvalidSetting`] otherwise.
    pub fn validate(&self) -> Result<(), SapError> {
        for (setting, value) in [("beta", self.beta), ("sigma", self.sigma)] {
            if !(value.is_finite() && value > 0.0) {
                return Err(SapError::InvalidSetting { setting, value });
            }
        }
        if !(self.controller_beta.is_finite() && self.controller_beta >= 0.0) {
            return Err(SapError::InvalidSetting {
                setting: "controller_beta",
                value: self.controller_beta,
            });
        }
        Ok(())
    }

    /// The regularization of a compliant constraint by Eq. 29, `R = max(beta^2 w /
    /// (4 pi^2), 1 / (dt k (dt + tau_d)))`, for the Delassus estimate `w`, stiffness `k`
    /// (infinite: near-rigid) and dissipation time scale `tau_d`; and whether the
    /// near-rigid branch was taken.
    pub(crate) fn compliant(&self, time_step: f64, w: f64, stiffness: f64, tau_d: f64) -> (f64, bool) {
        let beta2_4pi2 = self.beta * self.beta / (4.0 * std::f64::consts::PI.powi(2));
        let compliant = 1.0 / (time_step * stiffness * (time_step + tau_d));
        let rigid = beta2_4pi2 * w;
        (rigid.max(compliant), rigid >= compliant)
    }
}

/// The range error of a constraint whose stabilization velocity `v_hat` (from `phi0`,
/// a PD controller's targets or a coupler's offset) gives an energy scale `v_hat^2 / R`
/// (its impulse `v_hat / R` times its velocity) beyond [`MAX_ENERGY_SCALE`] (infinite
/// when it overflowed); `Ok` within the range.
pub(crate) fn check_energy(owner: &'static str, index: usize, v_hat: f64, r: f64) -> Result<(), SapError> {
    let energy = v_hat / r * v_hat;
    if energy.is_nan() || energy > MAX_ENERGY_SCALE {
        return Err(SapError::OutOfRange {
            owner,
            index,
            quantity: "energy scale v_hat^2 / R of the stabilization velocity (from phi0 or the targets)",
            value: energy,
            bound: MAX_ENERGY_SCALE,
        });
    }
    Ok(())
}
