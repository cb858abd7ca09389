//! coal's enums of the query API: GJK variants, initial guesses, convergence criteria,
//! request flags, and the GJK and EPA statuses.

use pyo3::prelude::*;
use wolfe::GjkStatus;

use crate::enum_names::py_enum;

py_enum! {
/// GJK variant (coal's names): vanilla GJK, Polyak or Nesterov acceleration.
pub enum GJKVariant, members GJK_VARIANTS {
    /// Vanilla GJK (GJK++ Alg. 4).
    DefaultGJK = 0,
    /// Polyak-accelerated GJK (Alg. 6).
    PolyakAcceleration = 1,
    /// Nesterov-accelerated GJK with normalization (Alg. 6-7).
    NesterovAcceleration = 2,
}
}

py_enum! {
/// GJK's first direction (coal's names). wolfe starts `DefaultGuess` and
/// `BoundingVolumeGuess` alike from the bounding-box centres; `CachedGuess` from the
/// request's `cached_gjk_guess`.
pub enum GJKInitialGuess, members GJK_INITIAL_GUESSES {
    /// Bounding-box centres in wolfe (coal: the x axis).
    DefaultGuess = 0,
    /// The request's `cached_gjk_guess`.
    CachedGuess = 1,
    /// Bounding-box centres.
    BoundingVolumeGuess = 2,
}
}

py_enum! {
/// GJK's stopping test (coal's names). wolfe always tests the Frank-Wolfe duality gap
/// (GJK++ Eq. 17), which certifies the answer; the three names select the same test.
pub enum GJKConvergenceCriterion, members GJK_CONVERGENCE_CRITERIA {
    /// Duality gap in wolfe.
    Default = 0,
    /// Duality gap.
    DualityGap = 1,
    /// Duality gap in wolfe.
    Hybrid = 2,
}
}

py_enum! {
/// Whether `gjk_tolerance` is relative (to the distance) or absolute (a gap in m^2).
pub enum GJKConvergenceCriterionType, members GJK_CONVERGENCE_CRITERION_TYPES {
    /// `gjk_tolerance` is the relative precision of the distance.
    Relative = 0,
    /// `gjk_tolerance` bounds the duality gap in m^2 (the paper's criterion).
    Absolute = 1,
}
}

py_enum! {
/// coal's collision request flags.
pub enum CollisionRequestFlag, members COLLISION_REQUEST_FLAGS {
    /// Contacts are reported.
    CONTACT = 1,
    /// The distance lower bound is reported (wolfe always reports it).
    DISTANCE_LOWER_BOUND = 2,
    /// Only the boolean answer.
    NO_REQUEST = 0,
}
}

py_enum! {
/// How a GJK query ended (wolfe's certificate; coal has no equivalent).
pub enum Status, members STATUSES {
    /// The duality gap met the tolerance: the distance is certified.
    Converged = 0,
    /// The shapes overlap.
    Intersecting = 1,
    /// Boolean query: a separating plane was found.
    Separated = 2,
    /// Iteration limit; the bounds still hold.
    IterationLimit = 3,
    /// f64 ran out of precision; the bounds still hold.
    NumericalTrouble = 4,
}
}

impl From<GjkStatus> for Status {
    fn from(s: GjkStatus) -> Self {
        match s {
            GjkStatus::Converged => Status::Converged,
            GjkStatus::Intersecting => Status::Intersecting,
            GjkStatus::Separated => Status::Separated,
            GjkStatus::IterationLimit => Status::IterationLimit,
            GjkStatus::NumericalTrouble => Status::NumericalTrouble,
        }
    }
}

py_enum! {
/// How EPA ended, when it ran.
pub enum EpaStatus, members EPA_STATUSES {
    /// Depth certified to the tolerance.
    Converged = 0,
    /// The Minkowski difference is flat: depth 0, certified.
    Flat = 1,
    /// Iteration limit; bounds hold.
    IterationLimit = 2,
    /// Face storage ran out; bounds hold.
    FaceLimit = 3,
    /// f64 ran out of precision; bounds hold.
    NumericalTrouble = 4,
}
}

impl From<wolfe::EpaStatus> for EpaStatus {
    fn from(s: wolfe::EpaStatus) -> Self {
        match s {
            wolfe::EpaStatus::Converged => EpaStatus::Converged,
            wolfe::EpaStatus::Flat => EpaStatus::Flat,
            wolfe::EpaStatus::IterationLimit => EpaStatus::IterationLimit,
            wolfe::EpaStatus::FaceLimit => EpaStatus::FaceLimit,
            wolfe::EpaStatus::NumericalTrouble => EpaStatus::NumericalTrouble,
        }
    }
}
