//! The stepper's settings and per-step statistics: the theta-method scheme (Section
//! II-C), the SAP and detection settings, and what each step reports.

use wolfe::SignedDistanceSettings;
use wolfe_sap::{SapSettings, SapStatus};

use crate::error::SimError;

/// A member of the theta-method family (Section II-C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scheme {
    /// `theta = theta_vq = 0`.
    ExplicitEuler,
    /// `theta = 0, theta_vq = 1`: bounded energy for conservative forces.
    SymplecticEuler,
    /// `theta = theta_vq = 1`: dissipative.
    ImplicitEuler,
    /// `theta = theta_vq = 1/2`: second order, conserves the energy of a linear spring.
    Midpoint,
}

impl Scheme {
    /// Every scheme.
    pub const ALL: [Scheme; 4] = [
        Scheme::ExplicitEuler,
        Scheme::SymplecticEuler,
        Scheme::ImplicitEuler,
        Scheme::Midpoint,
    ];

    /// `(theta, theta_vq)` of Eq. 6.
    pub fn theta(&self) -> (f64, f64) {
        match self {
            Scheme::ExplicitEuler => (0.0, 0.0),
            Scheme::SymplecticEuler => (0.0, 1.0),
            Scheme::ImplicitEuler => (1.0, 1.0),
            Scheme::Midpoint => (0.5, 0.5),
        }
    }

    /// A short name for files and command lines.
    pub fn name(&self) -> &'static str {
        match self {
            Scheme::ExplicitEuler => "explicit-euler",
            Scheme::SymplecticEuler => "symplectic-euler",
            Scheme::ImplicitEuler => "implicit-euler",
            Scheme::Midpoint => "midpoint",
        }
    }

    /// The scheme named `name` (as [`Scheme::name`] writes it).
    pub fn from_name(name: &str) -> Option<Scheme> {
        Scheme::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Settings of a simulation.
#[derive(Clone, Debug)]
pub struct SimSettings {
    /// Time step dt, seconds (finite, positive; the papers use 1e-3 .. 2e-2).
    pub time_step: f64,
    /// The integration scheme (default symplectic Euler).
    pub scheme: Scheme,
    /// Contacts are detected up to this signed distance, metres (finite, >= 0;
    /// default 5 mm). It should exceed the distance bodies close in one step, so that
    /// SAP sees a contact coming (`phi0 + dt v_n`) before it penetrates.
    pub margin: f64,
    /// Speculative contacts (default on): each pair is kept up to the margin plus the
    /// distance its bodies can travel in the step (`dt (|v| + |omega| r) + dt^2 |g|`
    /// each), so that a fast body meets SAP's constraint before it penetrates instead
    /// of after (see [`crate::detect`]).
    pub speculative_contacts: bool,
    /// Face-alignment tolerance of multi-point manifolds, radians (default 0.05).
    pub angle_tolerance: f64,
    /// Settings of the narrow phase (GJK, then EPA when the cores overlap) that finds
    /// each candidate pair's contact (default: the library's defaults).
    pub narrow_phase: SignedDistanceSettings,
    /// The query that gives the contacts of pairs of bounded shapes (default signed
    /// distance; growth distance is the growth paper's Fig. 6 setting, see
    /// [`crate::detect::ContactQuery`]).
    pub contact_query: crate::detect::ContactQuery,
    /// Settings of the SAP solver.
    pub sap: SapSettings,
    /// Relative residual of the free-motion balance (Eq. 13) at which stage one stops
    /// (default 1e-12).
    pub free_motion_tolerance: f64,
    /// Iteration cap of stage one (default 50).
    pub free_motion_max_iterations: u32,
    /// Largest penetration allowed between objects at the start, metres (default 1 mm);
    /// deeper overlaps are [`SimError::InitialOverlap`].
    pub max_initial_penetration: f64,
    /// Persistent contacts (default off): each pair keeps the points it used in the
    /// last step and merges them with the new manifold (see `detect/persistent.rs`):
    /// resting hulls that rock between faces settle (measured on `panda-drop`), but a
    /// rolling body drags its kept points along and brakes, so the free-body scenes of
    /// the papers leave it off.
    pub persistent_contacts: bool,
    /// A pair's signed-distance manifold is reused while neither shape has moved by
    /// more than this, metres, since it was computed (a bound over its points; default
    /// [`crate::detect::REUSE_TOLERANCE`], 1 nm; 0 recomputes every manifold whose
    /// shapes moved at all). Resting objects then cost no narrow-phase query.
    pub reuse_tolerance: f64,
    /// A generalized velocity above this magnitude (m/s or rad/s) stops the simulation
    /// as diverged ([`SimError::Diverged`]; default 1e3).
    pub max_speed: f64,
}

impl Default for SimSettings {
    fn default() -> Self {
        Self {
            time_step: 0.01,
            scheme: Scheme::SymplecticEuler,
            margin: 5e-3,
            speculative_contacts: true,
            angle_tolerance: 0.05,
            narrow_phase: SignedDistanceSettings::default(),
            contact_query: crate::detect::ContactQuery::SignedDistance,
            sap: SapSettings::default(),
            free_motion_tolerance: 1e-12,
            free_motion_max_iterations: 50,
            max_initial_penetration: 1e-3,
            persistent_contacts: false,
            reuse_tolerance: crate::detect::REUSE_TOLERANCE,
            max_speed: 1e3,
        }
    }
}

impl SimSettings {
    pub(crate) fn validate(&self) -> Result<(), SimError> {
        let bad = |name, value, reason| Err(SimError::InvalidSetting { name, value, reason });
        if !(self.time_step.is_finite() && self.time_step > 0.0) {
            return bad("time_step", self.time_step, "must be finite and positive");
        }
        if !(self.free_motion_tolerance.is_finite() && self.free_motion_tolerance > 0.0) {
            return bad(
                "free_motion_tolerance",
                self.free_motion_tolerance,
                "must be finite and positive",
            );
        }
        if self.free_motion_max_iterations == 0 {
            return bad("free_motion_max_iterations", 0.0, "must be at least 1");
        }
        if !(self.max_initial_penetration.is_finite() && self.max_initial_penetration >= 0.0) {
            return bad(
                "max_initial_penetration",
                self.max_initial_penetration,
                "must be finite and >= 0",
            );
        }
        if !(self.reuse_tolerance.is_finite() && self.reuse_tolerance >= 0.0) {
            return bad("reuse_tolerance", self.reuse_tolerance, "must be finite and >= 0");
        }
        if self.max_speed.is_nan() || self.max_speed <= 0.0 {
            return bad("max_speed", self.max_speed, "must be positive");
        }
        self.sap.validate()?;
        Ok(())
    }
}

/// Statistics of one step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepStats {
    /// Index of the step (1 for the first).
    pub step: u64,
    /// Time at the end of the step, seconds.
    pub time: f64,
    /// Contact points in the SAP problem.
    pub contacts: usize,
    /// Object pairs in contact at the step's start (signed distance <= 0 at one of their
    /// points at least): the count of the SAP paper's Fig. 11, where Drake's point
    /// contact makes one contact per penetrating pair. `contacts` counts instead every
    /// manifold point inside the (speculative) margin, up to four per pair.
    pub touching_pairs: usize,
    /// SAP Newton iterations (0 without contacts); solved by islands, the deepest
    /// island's (see [`wolfe_sap::SapStats::iterations`]).
    pub newton_iterations: u32,
    /// SAP Newton iterations summed over the islands (factorizations of an island's H;
    /// equal to `newton_iterations` for a solve of the whole problem, 0 without
    /// contacts).
    pub total_newton_iterations: u32,
    /// Islands SAP solved separately (1 for a solve of the whole problem, 0 without
    /// contacts; see [`wolfe_sap::SapSettings::islands`]).
    pub sap_islands: u32,
    /// SAP line-search iterations.
    pub line_search_iterations: u32,
    /// Stage-one (free motion) iterations.
    pub free_motion_iterations: u32,
    /// SAP's status (`None` without contacts).
    pub sap_status: Option<SapStatus>,
    /// SAP's momentum error e_m (Eq. 32), 0 without contacts.
    pub momentum_error: f64,
    /// Wall time of the whole step (detection, free motion, solve, positions), seconds.
    pub step_seconds: f64,
    /// Of which contact detection (broad and narrow phase), seconds.
    pub detection_seconds: f64,
    /// Of which the SAP solve (problem assembly included), seconds.
    pub solve_seconds: f64,
    /// Kinetic energy at the end of the step, J.
    pub kinetic_energy: f64,
    /// Gravity and spring potential energy at the end of the step, J.
    pub potential_energy: f64,
    /// Deepest penetration among the contacts detected at the start of the step,
    /// metres (0 when none penetrates).
    pub max_penetration: f64,
}
