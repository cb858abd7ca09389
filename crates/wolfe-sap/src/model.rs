//! Regularization from physical parameters (Section V): R_n by Eq. 29 with the
//! near-rigid switch, R_t = sigma w (Eq. 30), and the stabilization velocity v_hat
//! (Section V-A), for contacts; R, v_hat and the impulse interval of the one-dof
//! constraints (PD controllers and joint limits, Section VII). Together they are the
//! [`SapModel`] of a problem, the step between the problem and the solver.

use crate::cone::ConeParams;
use crate::error::JointConstraintKind;
use crate::error::SapError;
use crate::interval::IntervalParams;
use crate::problem::{SapProblem, MAX_ENERGY_SCALE};

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

/// The model of a one-dof constraint (PD controller or joint limit): where it acts, its
/// regularization, stabilization velocity and impulse interval ([`crate::interval`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointModel {
    /// Index of the dof in the stacked velocities v (tree offset + local dof).
    pub velocity: usize,
    /// Sign s of the Jacobian row `s e_dof^T`: `v_c = s v[velocity]`.
    pub sign: f64,
    /// R, v_hat and the impulse bounds.
    pub interval: IntervalParams,
    /// `w = (A_t^{-1})_{dof,dof}`, the Delassus operator of the row (1/kg or
    /// 1/(kg m^2)).
    pub w: f64,
    /// Whether the near-rigid regularization was taken (Eq. 29 for a joint limit, the
    /// gain clamp of [`RegularizationSettings::controller_beta`] for a PD controller).
    pub near_rigid: bool,
}

impl JointModel {
    /// The constraint velocity `v_c = s v[velocity]` at the stacked velocities `v`.
    #[inline]
    pub fn constraint_velocity(&self, v: &[f64]) -> f64 {
        self.sign * v[self.velocity]
    }
}

/// The model of a problem (Section V): the regularization and stabilization of every
/// constraint, computed from the physical parameters once per solve.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SapModel {
    /// One per contact, in the problem's order.
    pub contacts: Vec<ContactModel>,
    /// One per PD controller, in the problem's order.
    pub pd_controllers: Vec<JointModel>,
    /// One per joint limit, in the problem's order.
    pub joint_limits: Vec<JointModel>,
}

impl SapModel {
    /// The models of all constraints of `problem`.
    ///
    /// # Errors
    /// [`SapError::InvalidSetting`] for bad settings, [`SapError::DegenerateContact`] for a
    /// contact with a zero Jacobian, [`SapError::InvalidContactParameter`] or
    /// [`SapError::InvalidJointConstraint`] when a regularization is not finite, and
    /// [`SapError::OutOfRange`] when a constraint's energy scale `v_hat^2 / R` exceeds
    /// [`MAX_ENERGY_SCALE`] (the supported range).
    pub fn new(problem: &SapProblem, settings: &RegularizationSettings) -> Result<Self, SapError> {
        let mut model = Self::default();
        model.update(problem, settings)?;
        Ok(model)
    }

    /// Recomputes the models of all constraints of `problem` in place, reusing the
    /// storage (no allocation once it has held as many constraints): what a solver
    /// called every time step needs.
    ///
    /// # Errors
    /// As [`SapModel::new`]; the model is then incomplete and must not be used.
    pub fn update(
        &mut self,
        problem: &SapProblem,
        settings: &RegularizationSettings,
    ) -> Result<(), SapError> {
        contact_model_list(problem, settings, &mut self.contacts)?;
        pd_models(problem, settings, &mut self.pd_controllers)?;
        limit_models(problem, settings, &mut self.joint_limits)
    }

    /// The one-dof constraints, PD controllers first, then joint limits.
    pub fn joints(&self) -> impl Iterator<Item = &JointModel> {
        self.pd_controllers.iter().chain(&self.joint_limits)
    }

    /// Number of one-dof constraints.
    pub fn num_joints(&self) -> usize {
        self.pd_controllers.len() + self.joint_limits.len()
    }
}

/// The PD controller models (see [`crate::joint::PdControllerConstraint`]):
/// `R = 1 / (dt (dt kp + kd))`, `v_hat = (kp (q_target - q0) + kd v_target + u_ff) /
/// (dt kp + kd)`, impulses in `[-e dt, e dt]`, with the near-rigid gain clamp of
/// [`RegularizationSettings::controller_beta`].
fn pd_models(
    problem: &SapProblem,
    settings: &RegularizationSettings,
    out: &mut Vec<JointModel>,
) -> Result<(), SapError> {
    let dt = problem.time_step();
    let beta2_4pi2 = settings.controller_beta.powi(2) / (4.0 * std::f64::consts::PI.powi(2));
    out.clear();
    for (i, pd) in problem.pd_controllers().iter().enumerate() {
        let w = problem.dof_inverse_mass(pd.tree, pd.dof);
        let (mut kp, mut kd) = (pd.kp, pd.kd);
        let mut r = 1.0 / (dt * (dt * kp + kd));
        let r_rigid = beta2_4pi2 * w;
        let near_rigid = r < r_rigid;
        if near_rigid {
            // Same kd / kp, scaled so that R = r_rigid.
            let scale = r / r_rigid;
            kp *= scale;
            kd *= scale;
            r = r_rigid;
        }
        let denominator = dt * kp + kd;
        let v_hat = (kp * (pd.q_target - pd.q0) + kd * pd.v_target + pd.feed_forward) / denominator;
        if !(r.is_finite() && r > 0.0 && v_hat.is_finite()) {
            return Err(SapError::InvalidJointConstraint {
                kind: JointConstraintKind::PdController,
                index: i,
                parameter: "kp and kd (regularization not finite)",
                value: r,
            });
        }
        if let Some(energy) = beyond_energy_range(v_hat, r) {
            return Err(out_of_range("PD controller", i, energy));
        }
        let bound = pd.effort_limit * dt;
        out.push(JointModel {
            velocity: problem.offset(pd.tree) + pd.dof,
            sign: 1.0,
            interval: IntervalParams {
                r,
                v_hat,
                lower: -bound,
                upper: bound,
            },
            w,
            near_rigid,
        });
    }
    Ok(())
}

/// The joint limit models (see [`crate::joint::JointLimitConstraint`]): Eq. 29 with the
/// exact `w` of the selector row, `v_hat = -phi0 / (dt + tau_d)`, impulses in `[0, inf)`.
fn limit_models(
    problem: &SapProblem,
    settings: &RegularizationSettings,
    out: &mut Vec<JointModel>,
) -> Result<(), SapError> {
    let dt = problem.time_step();
    let beta2_4pi2 = settings.beta * settings.beta / (4.0 * std::f64::consts::PI.powi(2));
    out.clear();
    for (i, limit) in problem.joint_limits().iter().enumerate() {
        let w = problem.dof_inverse_mass(limit.tree, limit.dof);
        let tau = limit.dissipation_time_scale;
        let compliant = 1.0 / (dt * limit.stiffness * (dt + tau));
        let rigid = beta2_4pi2 * w;
        let near_rigid = rigid >= compliant;
        let r = rigid.max(compliant);
        if !(r.is_finite() && r > 0.0) {
            return Err(SapError::InvalidJointConstraint {
                kind: JointConstraintKind::JointLimit,
                index: i,
                parameter: "stiffness",
                value: limit.stiffness,
            });
        }
        let v_hat = -limit.phi0() / (dt + tau);
        if let Some(energy) = beyond_energy_range(v_hat, r) {
            return Err(out_of_range("joint limit", i, energy));
        }
        out.push(JointModel {
            velocity: problem.offset(limit.tree) + limit.dof,
            sign: limit.side.sign(),
            interval: IntervalParams {
                r,
                v_hat,
                lower: 0.0,
                upper: f64::INFINITY,
            },
            w,
            near_rigid,
        });
    }
    Ok(())
}

/// The energy scale `v_hat^2 / R` of a constraint (its impulse `v_hat / R` times its
/// velocity) when it exceeds [`MAX_ENERGY_SCALE`] (issue 21; infinite when it
/// overflowed), `None` within the range.
fn beyond_energy_range(v_hat: f64, r: f64) -> Option<f64> {
    let energy = v_hat / r * v_hat;
    (energy.is_nan() || energy > MAX_ENERGY_SCALE).then_some(energy)
}

/// The range error of a constraint whose stabilization velocity `v_hat` (from `phi0`, or
/// a PD controller's targets) gives the energy scale `energy`.
fn out_of_range(owner: &'static str, index: usize, energy: f64) -> SapError {
    SapError::OutOfRange {
        owner,
        index,
        quantity: "energy scale v_hat^2 / R of the stabilization velocity (from phi0 or the targets)",
        value: energy,
        bound: MAX_ENERGY_SCALE,
    }
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
fn contact_model_list(
    problem: &SapProblem,
    settings: &RegularizationSettings,
    out: &mut Vec<ContactModel>,
) -> Result<(), SapError> {
    settings.validate()?;
    let dt = problem.time_step();
    let beta2_4pi2 = settings.beta * settings.beta / (4.0 * std::f64::consts::PI.powi(2));
    out.clear();
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
        let v_hat_n = -contact.phi0 / (dt + tau);
        if let Some(energy) = beyond_energy_range(v_hat_n, r_n) {
            return Err(out_of_range("contact", c, energy));
        }
        let r_t = settings.sigma * w;
        out.push(ContactModel {
            cone: ConeParams {
                mu: contact.friction,
                r_t,
                r_n,
            },
            v_hat_n,
            w,
            near_rigid,
        });
    }
    Ok(())
}
