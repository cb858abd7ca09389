//! `.name` and `.value` on the members of the module's enums, as Python's and coal's
//! (boost.python) enums have them: `wolfe.NODE_TYPE.GEOM_BOX.name == "GEOM_BOX"`.

use pyo3::prelude::*;

use crate::coal_api::{
    CollisionRequestFlag, EpaStatus, GJKConvergenceCriterion, GJKConvergenceCriterionType, GJKInitialGuess,
    GJKVariant, Status,
};
use crate::geometry::{BVHBuildState, BVHModelType, NODE_TYPE, OBJECT_TYPE};
use crate::growth::PyGrowthStatus;

/// The `#[pymethods]` of each enum named: `name` (the member's name, its Rust variant
/// name) and `value` (its number).
macro_rules! enum_names {
    ($($t:ty),* $(,)?) => {
        $(
            #[pymethods]
            impl $t {
                /// The member's name.
                #[getter]
                fn name(&self) -> String {
                    format!("{self:?}")
                }

                /// The member's number.
                #[getter]
                fn value(&self) -> isize {
                    *self as isize
                }
            }
        )*
    };
}

enum_names!(
    GJKVariant,
    GJKInitialGuess,
    GJKConvergenceCriterion,
    GJKConvergenceCriterionType,
    CollisionRequestFlag,
    Status,
    EpaStatus,
    NODE_TYPE,
    OBJECT_TYPE,
    BVHBuildState,
    BVHModelType,
    PyGrowthStatus,
);
