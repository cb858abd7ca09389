//! The expanding polytope algorithm (EPA): penetration depth of overlapping cores.
//!
//! GJK++ (Montaut et al.) Sec. I and IV-D: when GJK finds the shapes in collision, its
//! final simplex surrounds the origin, and EPA (van den Bergen, "Proximity queries and
//! penetration depth computation on 3D game objects", GDC 2001, the paper's ref. \[22\])
//! expands a polytope inside the Minkowski difference `D = A - B` from it, with support
//! points, towards the boundary point of `D` nearest to the origin. That point `v`
//! gives the penetration depth `|v|` and the direction of the smallest translation of B
//! that separates the shapes (GJK++ Sec. I: "the separation vector").
//!
//! Why it works, and the certificate we report: for the origin inside the convex set
//! `D`, the distance to `D`'s boundary is `depth = min_{|n| = 1} h_D(n)` with
//! `h_D(n) = max_{s in D} <n, s>` the support function. The polytope `P` has its
//! vertices in `D`, so `P` is inside `D`, and the distance from the origin to `P`'s
//! boundary, the smallest plane offset `d_f` of its faces, is a **lower bound** on the
//! depth; every support value `h_D(n_f)` in a face normal is an **upper bound**. EPA
//! adds the support point `S_D(n_f)` of the nearest face `f` to `P` (removing the faces
//! that see it and coning the horizon to it) until the gap `h_D(n_f) - d_f` is below the
//! tolerance. On a polytope `D` the support point lies on the face plane when `f` is a
//! face of `D`: the gap is then exactly 0 (up to rounding), so EPA is exact there; on
//! curved cores it converges like a cutting-plane method and needs the limits.
//!
//! Files: `polytope.rs` (storage, horizon, coning; capacity bound derived there),
//! `expand.rs` (initial tetrahedron from GJK's simplex, expansion loop), `identical.rs`
//! (the exact depth of two identical shapes at a translation, a lower bound that
//! certifies the loop on identical curved shapes).

mod expand;
mod identical;
mod polytope;

pub(crate) use expand::{run_epa, run_epa_bounded, EpaRun};
pub(crate) use identical::identical_depth;
pub(crate) use polytope::Polytope;

use crate::builder::with_fields;
use crate::error::{non_negative_setting, positive_setting, setting, WolfeError};

/// How an EPA run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EpaStatus {
    /// The gap between the upper and lower bounds on the depth met the tolerance (or
    /// f64's rounding floor of it).
    Converged,
    /// The Minkowski difference of the cores has no interior (a point, a segment or a
    /// flat polygon, e.g. two capsules whose axes cross, or two balls with the same
    /// centre): the depth of the cores is exactly 0 and the normal is orthogonal to the
    /// difference. A certified answer, not a failure.
    Flat,
    /// The iteration limit was reached; the bounds still hold.
    IterationLimit,
    /// The face storage ran out (only if rounding broke the polytope's topology; see the
    /// capacity bound in `polytope.rs`); the bounds still hold.
    FaceLimit,
    /// A new face was degenerate or the horizon was inconsistent: f64 ran out of
    /// precision for this problem. The bounds of the last valid polytope still hold.
    NumericalTrouble,
}

impl EpaStatus {
    /// Whether the answer is certified within the tolerance ([`EpaStatus::Converged`]
    /// or [`EpaStatus::Flat`]).
    pub fn is_certified(self) -> bool {
        matches!(self, EpaStatus::Converged | EpaStatus::Flat)
    }
}

/// Settings of EPA. The defaults suit simulation: depths to 1e-6 relative on curved
/// cores (to rounding on polytopes), at most 128 expansions.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct EpaSettings {
    /// Relative tolerance on the depth of the cores (dimensionless, nominal
    /// 1e-10 .. 1e-3, default 1e-6): stop when the support value in the nearest face's
    /// normal exceeds its offset by at most `tolerance * offset`. Applies to pairs with
    /// a curved core; polytope pairs (boxes, convex meshes) ignore it and run until the
    /// gap vanishes (to `absolute_tolerance` or the rounding floor), which EPA reaches
    /// in finitely many steps there: on the shipped random-hull set this changed neither
    /// the mean iterations (11.5) nor the time, and took the error from 6e-7 to 6e-12.
    pub tolerance: f64,
    /// Absolute floor of the tolerance, in metres (nominal 0 .. 1e-6, default 1e-10):
    /// lets touching contacts (depth ~0) converge without asking for a relative
    /// precision of a zero depth.
    pub absolute_tolerance: f64,
    /// Maximum number of expansions (support points added), default 128. It also sets
    /// the polytope's storage: `4 + max_iterations` vertices and
    /// `2 max_iterations + 4` faces (bound derived in `polytope.rs`), allocated once when
    /// the solver is made.
    pub max_iterations: u32,
}

impl Default for EpaSettings {
    fn default() -> Self {
        Self {
            tolerance: 1e-6,
            absolute_tolerance: 1e-10,
            max_iterations: 128,
        }
    }
}

/// Largest accepted `max_iterations`: the storage is allocated up front (64 bytes per
/// vertex and per face), and beyond a few thousand expansions a cutting-plane method has
/// stopped making progress in f64 anyway.
pub const MAX_EPA_ITERATIONS: u32 = 1 << 16;

impl EpaSettings {
    with_fields! {
        /// This value with `tolerance` set (relative).
        with_tolerance(tolerance: f64);
        /// This value with `absolute_tolerance` set (metres).
        with_absolute_tolerance(absolute_tolerance: f64);
        /// This value with `max_iterations` set (also the polytope's storage).
        with_max_iterations(max_iterations: u32);
    }

    /// Checks every field's range.
    pub fn validate(&self) -> Result<(), WolfeError> {
        positive_setting("epa.tolerance", self.tolerance)?;
        non_negative_setting("epa.absolute_tolerance", self.absolute_tolerance)?;
        let iterations = self.max_iterations;
        let ok = iterations > 0 && iterations <= MAX_EPA_ITERATIONS;
        setting(
            "epa.max_iterations",
            f64::from(iterations),
            ok,
            "must be in 1 ..= 65536",
        )
    }
}
