//! The settings of the growth solver and how a query ended.

use super::core::Stop;
use crate::builder::with_fields;
use crate::error::{iteration_budget, setting, WolfeError};

/// Settings of the growth distance algorithm (Alg. 3).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct GrowthSettings {
    /// Relative gap tolerance `eps_tol`: the loop stops when
    /// `beta_upper / beta_lower - 1 <= tolerance` (Sec. III-D). Default: the square root
    /// of the machine epsilon, as in the paper's benchmarks (Sec. IV-A).
    pub tolerance: f64,
    /// Iteration limit `K_max` (default 100, Sec. IV-A).
    pub max_iterations: u32,
}

impl Default for GrowthSettings {
    fn default() -> Self {
        Self {
            tolerance: f64::EPSILON.sqrt(),
            max_iterations: 100,
        }
    }
}

impl GrowthSettings {
    with_fields! {
        /// This value with `tolerance` set (relative gap).
        with_tolerance(tolerance: f64);
        /// This value with `max_iterations` set (`K_max`).
        with_max_iterations(max_iterations: u32);
    }

    /// Checks the ranges: `tolerance` finite and `>= f64::EPSILON`, `max_iterations >= 1`.
    pub fn validate(&self) -> Result<(), WolfeError> {
        let tolerance = self.tolerance;
        let ok = tolerance.is_finite() && tolerance >= f64::EPSILON;
        setting("tolerance", tolerance, ok, "must be finite and >= f64::EPSILON")?;
        iteration_budget("max_iterations", self.max_iterations)
    }
}

/// How a growth query ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrowthStatus {
    /// The relative gap is within the tolerance: `alpha` is tolerance-optimal (Def. 4).
    /// Also the answer (`alpha = 0`) when the centre points coincide (Alg. 3 line 2).
    Converged,
    /// The iteration limit was reached; the bounds are valid and `alpha` is feasible,
    /// `(alpha_upper / alpha_lower - 1)`-optimal.
    IterationLimit,
    /// A pivot of the inner approximation came out degenerate in floating point; the
    /// bounds are valid and `alpha` feasible, but the gap is above the tolerance.
    NumericalTrouble,
    /// Collision query: `beta_upper < 1`, the shapes are separated (early exit,
    /// Sec. III-F.4).
    Separated,
    /// Collision query: `beta_lower > 1`, the shapes overlap (early exit).
    Overlapping,
}

impl GrowthStatus {
    pub(super) fn from_stop(stop: Stop) -> Self {
        match stop {
            Stop::Converged => GrowthStatus::Converged,
            Stop::IterationLimit => GrowthStatus::IterationLimit,
            Stop::NumericalTrouble => GrowthStatus::NumericalTrouble,
            Stop::Separated => GrowthStatus::Separated,
            Stop::Overlapping => GrowthStatus::Overlapping,
        }
    }
}
