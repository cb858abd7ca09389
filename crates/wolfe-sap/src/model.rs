//! Regularization from physical parameters (Section V): R_n by Eq. 29 with the
//! near-rigid switch, R_t = sigma w (Eq. 30), and the stabilization velocity v_hat
//! (Section V-A).

use crate::cone::ConeParams;
use crate::error::SapError;
use crate::problem::SapProblem;

/// The dimensionless parameters of Section V-B.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RegularizationSettings {
    /// beta: near-rigid contacts get the time scale T_n = beta dt (Eq. 29). Default 1.
    pub beta: f64,
    /// sigma: R_t = sigma w (Eq. 30), bounds the stiction slip by mu sigma g dt (Eq. 31).
    /// Default 1e-3.
    pub sigma: f64,
}

impl Default for RegularizationSettings {
    fn default() -> Self {
        Self {
            beta: 1.0,
            sigma: 1e-3,
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
        Ok(())
    }
}

/// The regularization and stabilization velocity of one contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactModel {
    /// Friction and regularization R = diag(R_t, R_t, R_n).
    pub cone: ConeParams,
    /// v_hat_n = -phi0 / (dt + tau_d) (Section V-A); v_hat = [0, 0, v_hat_n].
    pub v_hat_n: f64,
    /// The diagonal Delassus estimate w = ||W_ii||_rms (Section V-B).
    pub w: f64,
    /// Whether the near-rigid branch of Eq. 29 was taken.
    pub near_rigid: bool,
}

/// Computes the contact models of all contacts (Eqs. 29, 30, Section V-A).
///
/// The per-contact effective inverse mass uses the O(n) approximation
/// `W_ii ~ sum over the contact's trees of J_it A_t^{-1} J_it^T`, and
/// `w_i = ||W_ii||_F / 3`.
///
/// # Errors
/// [`SapError::InvalidSetting`] for bad settings, [`SapError::DegenerateContact`] for a
/// contact with a zero Jacobian.
pub fn contact_models(
    problem: &SapProblem,
    settings: &RegularizationSettings,
) -> Result<Vec<ContactModel>, SapError> {
    settings.validate()?;
    let dt = problem.time_step();
    let beta2_4pi2 = settings.beta * settings.beta / (4.0 * std::f64::consts::PI.powi(2));
    let mut out = Vec::with_capacity(problem.contacts().len());
    for (c, contact) in problem.contacts().iter().enumerate() {
        let w_ii = problem.delassus_block(c);
        let w = w_ii.norm() / 3.0;
        if !(w.is_finite() && w > 0.0) {
            return Err(SapError::DegenerateContact(c));
        }
        let tau = contact.dissipation_time_scale;
        let compliant = 1.0 / (dt * contact.stiffness * (dt + tau));
        let rigid = beta2_4pi2 * w;
        let near_rigid = rigid >= compliant;
        let r_n = rigid.max(compliant);
        if !r_n.is_finite() {
            return Err(SapError::InvalidContactParameter {
                contact: c,
                parameter: "stiffness",
                value: contact.stiffness,
            });
        }
        let r_t = settings.sigma * w;
        out.push(ContactModel {
            cone: ConeParams {
                mu: contact.friction,
                r_t,
                r_n,
            },
            v_hat_n: -contact.phi0 / (dt + tau),
            w,
            near_rigid,
        });
    }
    Ok(out)
}
