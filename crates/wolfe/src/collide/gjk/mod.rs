//! The GJK family as fully-corrective Frank-Wolfe (GJK++ Sec. II-III).

mod settings;
mod solver;

pub use settings::{ConvergenceCriterion, GjkSettings, GjkVariant, Normalization};
pub(crate) use solver::{run_gjk, GjkRun, QueryKind};

/// How a GJK run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GjkStatus {
    /// The duality gap met the tolerance (or f64's rounding floor of it): the distance
    /// is certified by the reported gap.
    Converged,
    /// The shapes overlap (the origin lies in the simplex of the cores, or the cores are
    /// closer than the sum of the radii): the distance is 0.
    Intersecting,
    /// Boolean query only: a separating plane was found (GJK++ Eq. 19, Alg. 2).
    Separated,
    /// The iteration limit was reached; the bounds still hold.
    IterationLimit,
    /// The projection stopped lowering the iterate's norm while the gap still exceeded
    /// the tolerance: f64 ran out of precision for this problem. The bounds still hold.
    NumericalTrouble,
}
