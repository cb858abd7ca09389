//! The query core shared by `distance`, `collide` and the batches: one answer type with
//! its certificate, computed by GJK and (for overlapping pairs, when a signed distance
//! is asked for) EPA, on solvers kept per thread so that a call allocates nothing.

use std::cell::RefCell;

use wolfe::{
    EpaSolver, EpaStatus, GjkSolver, GjkStatus, Pose, Shape, SignedDistanceSettings, Vec3, WarmStart,
    WolfeError,
};

/// A distance answer with its certificate (world frame).
#[derive(Clone, Copy, Debug)]
pub struct Answer {
    /// Distance; negative (penetration depth) when signed and overlapping, else >= 0.
    pub distance: f64,
    /// Witness point on A.
    pub point_a: Vec3,
    /// Witness point on B.
    pub point_b: Vec3,
    /// Unit normal from A to B (zero when unsigned and overlapping).
    pub normal: Vec3,
    /// Certified lower bound on the (signed) distance.
    pub lower_bound: f64,
    /// Certified upper bound on the (signed) distance.
    pub upper_bound: f64,
    /// Frank-Wolfe duality gap of GJK, m^2 (infinite when none was computed).
    pub duality_gap: f64,
    /// GJK iterations.
    pub iterations: u32,
    /// EPA iterations (0 when EPA did not run).
    pub epa_iterations: u32,
    /// Support calls.
    pub support_calls: u32,
    /// GJK's status.
    pub status: GjkStatus,
    /// EPA's status when it ran.
    pub epa_status: Option<EpaStatus>,
}

impl Answer {
    /// A placeholder (only overwritten).
    pub const EMPTY: Answer = Answer {
        distance: f64::NAN,
        point_a: Vec3::new(f64::NAN, f64::NAN, f64::NAN),
        point_b: Vec3::new(f64::NAN, f64::NAN, f64::NAN),
        normal: Vec3::new(f64::NAN, f64::NAN, f64::NAN),
        lower_bound: f64::NAN,
        upper_bound: f64::NAN,
        duality_gap: f64::NAN,
        iterations: 0,
        epa_iterations: 0,
        support_calls: 0,
        status: GjkStatus::NumericalTrouble,
        epa_status: None,
    };
}

/// A GJK solver and an EPA solver with the same settings.
#[derive(Clone, Debug)]
pub struct Solvers {
    /// GJK (distance, intersection).
    pub gjk: GjkSolver,
    /// GJK + EPA (signed distance, contacts).
    pub epa: EpaSolver,
    settings: SignedDistanceSettings,
}

impl Solvers {
    /// Validated solvers.
    pub fn new(settings: SignedDistanceSettings) -> Result<Self, WolfeError> {
        Ok(Self {
            gjk: GjkSolver::new(settings.gjk)?,
            epa: EpaSolver::new(settings)?,
            settings,
        })
    }

    /// Forgets every warm-start state (fresh solvers with the same settings).
    pub fn reset(&mut self) {
        if let Ok(fresh) = Solvers::new(self.settings) {
            *self = fresh;
        }
    }

    /// Sets how both solvers start.
    pub fn set_warm_start(&mut self, w: WarmStart) {
        self.gjk.warm_start = w;
        self.epa.warm_start = w;
    }

    /// Distance between `a` and `b`; signed (EPA on overlap) when `signed`.
    pub fn distance(
        &mut self,
        a: &Shape,
        pa: &Pose,
        b: &Shape,
        pb: &Pose,
        signed: bool,
    ) -> Result<Answer, WolfeError> {
        let d = self.gjk.distance(a, pa, b, pb)?;
        if !(signed && d.status == GjkStatus::Intersecting) {
            return Ok(Answer {
                distance: d.distance,
                point_a: d.point_a,
                point_b: d.point_b,
                normal: d.normal,
                lower_bound: d.lower_bound,
                upper_bound: d.upper_bound,
                duality_gap: d.duality_gap,
                iterations: d.iterations,
                epa_iterations: 0,
                support_calls: d.support_calls,
                status: d.status,
                epa_status: None,
            });
        }
        let s = self.epa.signed_distance(a, pa, b, pb)?;
        Ok(Answer {
            distance: s.signed_distance,
            point_a: s.point_a,
            point_b: s.point_b,
            normal: s.normal,
            lower_bound: s.lower_bound,
            upper_bound: s.upper_bound,
            duality_gap: d.duality_gap,
            iterations: s.gjk_iterations,
            epa_iterations: s.epa_iterations,
            support_calls: s.support_calls,
            status: s.gjk_status,
            epa_status: s.epa_status,
        })
    }
}

thread_local! {
    static CACHED: RefCell<Option<Solvers>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's cold-starting solvers for `settings` (made once per
/// thread and settings, so that repeated calls allocate nothing).
pub fn with_solvers<R>(
    settings: &SignedDistanceSettings,
    f: impl FnOnce(&mut Solvers) -> Result<R, WolfeError>,
) -> Result<R, WolfeError> {
    CACHED.with(|cell| {
        let mut slot = cell.borrow_mut();
        let fresh = match slot.as_ref() {
            Some(s) => s.settings != *settings,
            None => true,
        };
        if fresh {
            *slot = Some(Solvers::new(*settings)?);
        }
        let solvers = slot.as_mut().expect("set above");
        solvers.set_warm_start(WarmStart::BoundingBoxCenters);
        f(solvers)
    })
}
