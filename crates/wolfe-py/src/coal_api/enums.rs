//! coal's enums of the query API: GJK variants, initial guesses, convergence criteria,
//! request flags, and the GJK and EPA statuses.

use pyo3::prelude::*;
use wolfe::GjkStatus;

use crate::enum_names::py_enum;

py_enum! {
/// GJK variant (coal's names): vanilla GJK, Polyak or Nesterov acceleration.
///
/// Members:
/// - `DefaultGJK`: Vanilla GJK (GJK++ Alg. 4).
/// - `PolyakAcceleration`: Polyak-accelerated GJK (Alg. 6).
/// - `NesterovAcceleration`: Nesterov-accelerated GJK with normalization (Alg. 6-7).
pub enum GJKVariant, members GJK_VARIANTS {
    DefaultGJK = 0, PolyakAcceleration = 1, NesterovAcceleration = 2,
}
}

py_enum! {
/// GJK's first direction (coal's names). wolfe starts `DefaultGuess` and
/// `BoundingVolumeGuess` alike from the bounding-box centres; `CachedGuess` from the
/// request's `cached_gjk_guess`.
///
/// Members:
/// - `DefaultGuess`: Bounding-box centres in wolfe (coal: the x axis).
/// - `CachedGuess`: The request's `cached_gjk_guess`.
/// - `BoundingVolumeGuess`: Bounding-box centres.
pub enum GJKInitialGuess, members GJK_INITIAL_GUESSES {
    DefaultGuess = 0, CachedGuess = 1, BoundingVolumeGuess = 2,
}
}

py_enum! {
/// GJK's stopping test (coal's names). wolfe always tests the Frank-Wolfe duality gap
/// (GJK++ Eq. 17), which certifies the answer; the three names select the same test.
///
/// Members:
/// - `Default`: Duality gap in wolfe.
/// - `DualityGap`: Duality gap.
/// - `Hybrid`: Duality gap in wolfe.
pub enum GJKConvergenceCriterion, members GJK_CONVERGENCE_CRITERIA {
    Default = 0, DualityGap = 1, Hybrid = 2,
}
}

py_enum! {
/// Whether `gjk_tolerance` is relative (to the distance) or absolute (a gap in m^2).
///
/// Members:
/// - `Relative`: `gjk_tolerance` is the relative precision of the distance.
/// - `Absolute`: `gjk_tolerance` bounds the duality gap in m^2 (the paper's criterion).
pub enum GJKConvergenceCriterionType, members GJK_CONVERGENCE_CRITERION_TYPES {
    Relative = 0, Absolute = 1,
}
}

py_enum! {
/// coal's collision request flags.
///
/// Members:
/// - `CONTACT`: Contacts are reported.
/// - `DISTANCE_LOWER_BOUND`: The distance lower bound is reported (wolfe always reports it).
/// - `NO_REQUEST`: Only the boolean answer.
pub enum CollisionRequestFlag, members COLLISION_REQUEST_FLAGS {
    CONTACT = 1, DISTANCE_LOWER_BOUND = 2, NO_REQUEST = 0,
}
}

py_enum! {
/// How a GJK query ended (wolfe's certificate; coal has no equivalent).
///
/// Members:
/// - `Converged`: The duality gap met the tolerance: the distance is certified.
/// - `Intersecting`: The shapes overlap.
/// - `Separated`: Boolean query: a separating plane was found.
/// - `IterationLimit`: Iteration limit; the bounds still hold.
/// - `NumericalTrouble`: f64 ran out of precision; the bounds still hold.
pub enum Status, members STATUSES {
    Converged = 0, Intersecting = 1, Separated = 2, IterationLimit = 3, NumericalTrouble = 4,
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
///
/// Members:
/// - `Converged`: Depth certified to the tolerance.
/// - `Flat`: The Minkowski difference is flat: depth 0, certified.
/// - `IterationLimit`: Iteration limit; bounds hold.
/// - `FaceLimit`: Face storage ran out; bounds hold.
/// - `NumericalTrouble`: f64 ran out of precision; bounds hold.
pub enum EpaStatus, members EPA_STATUSES {
    Converged = 0, Flat = 1, IterationLimit = 2, FaceLimit = 3, NumericalTrouble = 4,
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
