//! Why a solve stalled ([`StallReason`], in [`super::SapStats::stall`]).

/// Why a solve ended with [`super::SapStatus::Stalled`]: no further progress in floating
/// point before the stopping criterion (Eq. 26) held. The velocities and impulses
/// returned are finite and are the last iterate's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StallReason {
    /// The Newton direction (Algorithm 2) was not a descent direction of the cost: its
    /// slope `<dv, grad>` came out non-negative or NaN, which only round-off can do for
    /// the positive definite H of Eq. 25.
    NotDescent,
    /// The line search's step changed no velocity (the step is below round-off of v).
    NoProgress,
    /// Solved by islands: every island converged, but the whole problem's criterion
    /// fails by round-off in the sums over the islands.
    IslandsRoundOff,
}
