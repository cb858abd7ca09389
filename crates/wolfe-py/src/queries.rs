//! The query core shared by `distance`, `collide` and the batches: one answer type with
//! its certificate, computed by GJK and (for overlapping pairs, when a signed distance
//! is asked for) EPA, on solvers kept per thread so that a call allocates nothing.

use std::cell::RefCell;

use wolfe::{
    CollisionOutput, Contact, ContactSolver, DistanceOutput, EpaStatus, GjkSolver, GjkStatus, PairCache,
    Pose, Shape, SignedDistanceSettings, Vec3, WolfeError,
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

/// How the queries of [`Solvers`] start.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Warm {
    /// From the bounding-box centres.
    #[default]
    Cold,
    /// From the solvers' kept pair caches (one pair only: the previous answers).
    Kept,
    /// From a guess of the separation `point_a - point_b` in world frame.
    Guess(Vec3),
}

/// A GJK solver and a contact solver (GJK + EPA) with the same settings, and how their
/// queries start.
#[derive(Clone, Debug)]
pub struct Solvers {
    gjk: GjkSolver,
    epa: ContactSolver,
    settings: SignedDistanceSettings,
    /// How the next queries start.
    pub warm: Warm,
    /// GJK's pair cache (used when `warm` is [`Warm::Kept`]).
    gjk_cache: PairCache,
    /// The contact solver's pair cache (used when `warm` is [`Warm::Kept`]).
    epa_cache: PairCache,
}

impl Solvers {
    /// Validated solvers, cold-starting.
    pub fn new(settings: SignedDistanceSettings) -> Result<Self, WolfeError> {
        Ok(Self {
            gjk: GjkSolver::new(settings.gjk)?,
            epa: ContactSolver::new(settings)?,
            settings,
            warm: Warm::Cold,
            gjk_cache: PairCache::new(),
            epa_cache: PairCache::new(),
        })
    }

    /// Forgets the kept pair caches.
    pub fn reset(&mut self) {
        self.gjk_cache.clear();
        self.epa_cache.clear();
    }

    /// The separation `point_a - point_b` of the cores that GJK's next query starts from
    /// (world frame); `None` when it starts from the bounding-box centres.
    pub fn previous_separation(&self) -> Option<Vec3> {
        self.gjk_cache.separation()
    }

    /// The cache a query starts from, by [`Solvers::warm`]: a copy of `kept`, or a new
    /// one (with the guess).
    fn start(&self, kept: &PairCache) -> Result<PairCache, WolfeError> {
        match self.warm {
            Warm::Cold => Ok(PairCache::new()),
            Warm::Kept => Ok(*kept),
            Warm::Guess(v) => {
                let mut c = PairCache::new();
                c.set_separation(v)?;
                Ok(c)
            }
        }
    }

    /// GJK distance, started by [`Solvers::warm`].
    fn gjk_distance(
        &mut self, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose,
    ) -> Result<DistanceOutput, WolfeError> {
        let mut c = self.start(&self.gjk_cache)?;
        let d = self.gjk.distance(a, pa, b, pb, Some(&mut c))?;
        if self.warm == Warm::Kept {
            self.gjk_cache = c;
        }
        Ok(d)
    }

    /// GJK intersection test (GJK++ Alg. 2), started by [`Solvers::warm`].
    pub fn intersects(
        &mut self, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose,
    ) -> Result<CollisionOutput, WolfeError> {
        let mut c = self.start(&self.gjk_cache)?;
        let d = self.gjk.intersects(a, pa, b, pb, Some(&mut c))?;
        if self.warm == Warm::Kept {
            self.gjk_cache = c;
        }
        Ok(d)
    }

    /// Contact within `margin` (GJK, then EPA on overlap), started by [`Solvers::warm`].
    pub fn contact(
        &mut self, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, margin: f64,
    ) -> Result<Option<Contact>, WolfeError> {
        let mut c = self.start(&self.epa_cache)?;
        let out = self.epa.contact(a, pa, b, pb, margin, Some(&mut c))?;
        if self.warm == Warm::Kept {
            self.epa_cache = c;
        }
        Ok(out)
    }

    /// The contact solver (its cold queries).
    pub fn contact_solver(&mut self) -> &mut ContactSolver {
        &mut self.epa
    }

    /// Distance between `a` and `b`; signed (EPA on overlap) when `signed`.
    pub fn distance(
        &mut self, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, signed: bool,
    ) -> Result<Answer, WolfeError> {
        let d = self.gjk_distance(a, pa, b, pb)?;
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
        let mut c = self.start(&self.epa_cache)?;
        let s = self.epa.signed_distance(a, pa, b, pb, Some(&mut c))?;
        if self.warm == Warm::Kept {
            self.epa_cache = c;
        }
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
    settings: &SignedDistanceSettings, f: impl FnOnce(&mut Solvers) -> Result<R, WolfeError>,
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
        solvers.warm = Warm::Cold;
        f(solvers)
    })
}
