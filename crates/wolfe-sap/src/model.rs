//! The model stage, between the problem and the solver: the regularization R and the
//! stabilization velocity v_hat of every constraint from its physical parameters
//! (Section V), each kind by its [`SapConstraint::model`](crate::constraint::SapConstraint::model): R_n by Eq. 29 with the
//! near-rigid switch, R_t = sigma w (Eq. 30) and v_hat (Section V-A) for contacts; R,
//! v_hat and the impulse interval of the one-row constraints (PD controllers, joint
//! limits and couplers, Section VII). Together they are the [`SapModel`] of a problem.

pub use crate::contact::ContactModel;
use crate::error::SapError;
pub use crate::interval::JointModel;
pub use crate::kinds::SapModel;
use crate::kinds::{for_each_kind, Kind, KindVisitor};
use crate::problem::SapProblem;
pub use crate::regularization::RegularizationSettings;

impl SapModel {
    /// The models of all constraints of `problem`.
    ///
    /// # Errors
    /// [`SapError::InvalidSetting`] for bad settings, [`SapError::DegenerateContact`] for a
    /// contact with a zero Jacobian, [`SapError::InvalidContactParameter`] or
    /// [`SapError::InvalidJointConstraint`] when a regularization is not finite, and
    /// [`SapError::OutOfRange`] when a constraint's energy scale `v_hat^2 / R` exceeds
    /// [`crate::problem::MAX_ENERGY_SCALE`] (the supported range).
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
        &mut self, problem: &SapProblem, settings: &RegularizationSettings,
    ) -> Result<(), SapError> {
        settings.validate()?;
        struct Update<'a>(&'a mut SapModel, &'a SapProblem, &'a RegularizationSettings);
        impl KindVisitor for Update<'_> {
            fn visit<C: Kind>(&mut self) -> Result<(), SapError> {
                let out = C::models_mut(self.0);
                out.clear();
                let forest = self.1.forest();
                for (i, c) in self.1.list::<C>().iter().enumerate() {
                    out.push(c.model(i, forest, self.2)?);
                }
                Ok(())
            }
        }
        for_each_kind(&mut Update(self, problem, settings))
    }
}
