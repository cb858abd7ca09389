//! The GJK family as fully-corrective Frank-Wolfe (GJK++ Sec. II-III).

mod settings;

pub use settings::{ConvergenceCriterion, GjkSettings, GjkVariant, Normalization};

/// How a GJK run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GjkStatus {
    /// The duality gap met the tolerance: the distance is certified by the gap.
    Converged,
    /// The cores overlap: the origin lies in the simplex (distance 0).
    Intersecting,
    /// Boolean query only: a separating plane was found (GJK++ Eq. 19, Alg. 2).
    Separated,
    /// The iteration limit was reached; the bounds still hold.
    IterationLimit,
    /// No further progress is possible in f64 (the new support point does not lower
    /// the iterate's norm) before the tolerance was met; the bounds still hold.
    NumericalTrouble,
}
