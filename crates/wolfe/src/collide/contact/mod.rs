//! Signed distance, contacts and contact manifolds ([`ContactSolver`]).
//!
//! Signed distance: positive from GJK when the shapes are apart, negative when they
//! overlap (minus the penetration depth), with witness points on both shapes.
//!
//! A shape is a core plus a radius (DESIGN.md). GJK runs on the cores as the distance
//! query does; when it stops because the rounded shapes overlap (`|x| <= ra + rb`)
//! without the cores overlapping, it continues on the **cores alone** (radius 0, so it
//! converges to the cores' distance `|x|`), and then:
//!
//! - cores apart (`|x| > 0`): the signed distance is `|x| - ra - rb`, positive when the
//!   shapes are apart and negative when only the rounded parts overlap; no EPA;
//! - cores overlapping (GJK ends `Intersecting`): EPA (module `epa`) on the same
//!   Minkowski difference from GJK's final simplex gives the cores' depth `p` and the
//!   signed distance is `-(p + ra + rb)`.
//!
//! Both branches meet at `-(ra + rb)` when the cores touch, so the signed distance is
//! continuous across touching, with the normal of the touching point on both sides.
//! Conventions as in `distance.rs`: world-frame results, **normal from A to B**, and
//! `point_b - point_a = signed_distance * normal` (up to the solvers' tolerances).
//!
//! A **contact** is the signed distance with a cut-off: simulations keep contacts a
//! little before touching (the margin) so that their solver sees them coming, and GJK
//! stops as soon as the pair is certainly beyond the margin. A **manifold** adds up to
//! four points for flat contacts (`manifold.rs`).
//!
//! Files: `cores.rs` (GJK, then EPA, on the cores of a pair), `manifold.rs` (face
//! clipping around a contact).
//!
//! ```
//! use wolfe::{ContactSolver, Cuboid, PairCache, Pose, Shape, SignedDistanceSettings, Vec3};
//!
//! let a: Shape = Cuboid::new([1.0, 1.0, 1.0]).unwrap().into();
//! let b: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
//! let mut solver = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
//! let mut cache = PairCache::new(); // one per pair, kept across time steps
//! // B sunk 0.1 m into A's top face.
//! let pose_b = Pose::from_translation(Vec3::new(0.2, 0.0, 1.4));
//! let out = solver
//!     .signed_distance(&a, &Pose::identity(), &b, &pose_b, Some(&mut cache))
//!     .unwrap();
//! assert!((out.signed_distance + 0.1).abs() < 1e-12);
//! assert!((out.normal - Vec3::z()).norm() < 1e-12); // from A to B
//! ```

mod cores;
mod manifold;

use crate::builder::with_fields;
use crate::collide::cache::{PairCache, Separation, Start};
use crate::collide::closed_form::{closed_form_signed, CoreGeometry};
use crate::collide::epa::{EpaSettings, EpaStatus, Polytope};
use crate::collide::feature::{validate_margin, ContactManifold, ManifoldSettings};
use crate::collide::gjk::{GjkSettings, GjkStatus};
use crate::collide::simplex::Simplex;
use crate::error::WolfeError;
use crate::math::{Pose, Quat, Vec3};
use crate::shape::{ConvexShape, Shape};

use cores::{CoreRun, CLOSED_FORM_ROUNDING};

/// Settings of the signed-distance, contact and manifold queries.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[non_exhaustive]
pub struct SignedDistanceSettings {
    /// GJK on the cores. Its relative tolerance applies to the shapes' distance when
    /// they are apart, and to the cores' distance `|x|` (below the radii) when only the
    /// rounded parts overlap. `collision_margin` is not used.
    pub gjk: GjkSettings,
    /// EPA, when the cores overlap.
    pub epa: EpaSettings,
}

impl SignedDistanceSettings {
    with_fields! {
        /// This value with `gjk` set (GJK on the cores).
        with_gjk(gjk: GjkSettings);
        /// This value with `epa` set (EPA on overlapping cores).
        with_epa(epa: EpaSettings);
    }

    /// Checks both solvers' settings.
    pub fn validate(&self) -> Result<(), WolfeError> {
        self.gjk.validate()?;
        self.epa.validate()
    }
}

/// Result of a signed-distance query. Points and vectors are in world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct SignedDistanceOutput {
    /// Signed distance in metres: the distance when apart, minus the penetration depth
    /// (the length of the smallest translation of B that separates the shapes) when
    /// overlapping.
    pub signed_distance: f64,
    /// Point on A's surface (the deepest point of A inside B when overlapping).
    pub point_a: Vec3,
    /// Point on B's surface.
    pub point_b: Vec3,
    /// Unit normal from A to B: translating B by `-signed_distance * normal` makes the
    /// shapes touch. Always unit (for coincident cores without interior, such as two
    /// balls with the same centre, one valid direction of the many).
    pub normal: Vec3,
    /// Certified bounds: `lower_bound <= true signed distance <= upper_bound`.
    pub lower_bound: f64,
    /// See `lower_bound`.
    pub upper_bound: f64,
    /// GJK iterations (0 for the closed-form ball pairs).
    pub gjk_iterations: u32,
    /// EPA expansions (0 when EPA did not run).
    pub epa_iterations: u32,
    /// Support calls of GJK and EPA together.
    pub support_calls: u32,
    /// How GJK ended on the cores (`Intersecting` when EPA ran).
    pub gjk_status: GjkStatus,
    /// How EPA ended, `None` when the cores were apart and EPA did not run.
    pub epa_status: Option<EpaStatus>,
}

impl SignedDistanceOutput {
    /// Whether the answer is certified within the tolerances: GJK converged on apart
    /// cores, or EPA converged (or found a flat difference) on overlapping ones.
    pub fn is_certified(&self) -> bool {
        match self.epa_status {
            Some(s) => s.is_certified(),
            None => self.gjk_status == GjkStatus::Converged,
        }
    }
}

/// One contact between two shapes, in world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Contact {
    /// Unit normal from A to B.
    pub normal: Vec3,
    /// Signed distance in metres (negative: penetration depth).
    pub signed_distance: f64,
    /// Point on A's surface.
    pub point_a: Vec3,
    /// Point on B's surface (`point_b - point_a = signed_distance * normal`).
    pub point_b: Vec3,
    /// Whether the solvers certified the answer within their tolerances (see
    /// [`SignedDistanceOutput::is_certified`]); when not, the values are the
    /// best the solvers had, with valid bounds in the signed-distance query.
    pub certified: bool,
}

/// The solver of the queries that need the penetration depth as well as the distance:
/// signed distance, contact and contact manifold. It holds the settings, GJK's simplex
/// and EPA's polytope storage, allocated once by [`ContactSolver::new`] and reused, so
/// that queries allocate nothing (DESIGN.md: state belongs to the caller). What a query
/// leaves for the next query of the same pair lives in the caller's [`PairCache`],
/// passed as the queries' optional `cache` (without one they start cold).
#[derive(Clone, Debug)]
pub struct ContactSolver {
    settings: SignedDistanceSettings,
    simplex: Simplex,
    polytope: Polytope,
    manifold: manifold::ManifoldScratch,
}

impl ContactSolver {
    /// A solver with validated settings; allocates EPA's storage for
    /// `settings.epa.max_iterations` expansions.
    pub fn new(settings: SignedDistanceSettings) -> Result<Self, WolfeError> {
        settings.validate()?;
        Ok(Self {
            settings,
            simplex: Simplex::new(),
            polytope: Polytope::with_capacity(settings.epa.max_iterations as usize),
            manifold: manifold::ManifoldScratch::new(),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &SignedDistanceSettings {
        &self.settings
    }

    /// Signed distance between `a` at `pose_a` and `b` at `pose_b`, with witness points
    /// and normal (see the module documentation). With a `cache`, the query is
    /// warm-started from the pair's cache (cold when it is empty), which keeps the
    /// separation and mesh climbing hints found; without, it starts cold.
    pub fn signed_distance(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, cache: Option<&mut PairCache>,
    ) -> Result<SignedDistanceOutput, WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        Ok(match self.query(a, pose_a, b, pose_b, None, cache) {
            Queried::ClosedForm(out) => out,
            Queried::Cores(core) => self.output(&core, pose_a, (a.radius(), b.radius())),
        })
    }

    /// The contact between `a` at `pose_a` and `b` at `pose_b` if their signed distance
    /// is at most `margin` (metres, finite, `>= 0`), `None` otherwise; the `cache` as
    /// in [`ContactSolver::signed_distance`].
    pub fn contact(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, margin: f64,
        cache: Option<&mut PairCache>,
    ) -> Result<Option<Contact>, WolfeError> {
        validate_margin(margin)?;
        pose_a.validate()?;
        pose_b.validate()?;
        let out = match self.query(a, pose_a, b, pose_b, Some(margin), cache) {
            Queried::ClosedForm(out) => out,
            // GJK stopped early: the pair is certainly beyond the margin.
            Queried::Cores(core) if core.gjk.status == GjkStatus::Separated => return Ok(None),
            Queried::Cores(core) => self.output(&core, pose_a, (a.radius(), b.radius())),
        };
        Ok((out.signed_distance <= margin).then_some(Contact {
            normal: out.normal,
            signed_distance: out.signed_distance,
            point_a: out.point_a,
            point_b: out.point_b,
            certified: out.is_certified(),
        }))
    }

    /// The contact manifold of `a` at `pose_a` and `b` at `pose_b` (see `manifold.rs`),
    /// or `None` when they are farther apart than `settings.margin`; the `cache` as in
    /// [`ContactSolver::signed_distance`].
    pub fn manifold(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, settings: &ManifoldSettings,
        cache: Option<&mut PairCache>,
    ) -> Result<Option<ContactManifold>, WolfeError> {
        settings.validate()?;
        let c = self.contact(a, pose_a, b, pose_b, settings.margin, cache)?;
        Ok(c.map(|c| manifold::clip_manifold(&c, a, pose_a, b, pose_b, settings, &mut self.manifold)))
    }

    /// A query on the cores (poses validated by the caller): the closed form when the
    /// pair has one, else GJK (stopping once the pair is certainly beyond `within`),
    /// then EPA on overlapping cores, warm-started from `cache` when there is one, which
    /// keeps the cores' separation found (when non-zero) and the climbing hints. A cold
    /// query builds no cache for a closed form.
    #[inline(always)]
    fn query(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, within: Option<f64>,
        mut cache: Option<&mut PairCache>,
    ) -> Queried {
        let separation = cache.as_deref_mut().map(|c| &mut c.separation);
        if let Some(out) = self.closed_form(a, pose_a, b, pose_b, separation) {
            return Queried::ClosedForm(out);
        }
        // A cold run writes its separation and hints to a cache of its own.
        let mut cold = None;
        let (start, cache) = match cache {
            Some(cache) => (Start::Warm, cache),
            None => (Start::Cold, cold.insert(PairCache::new())),
        };
        let (x0, keep) = start.resolve(cache, pose_a);
        let pose_ab = pose_a.relative(pose_b);
        let core = self.run_cores(a, b, &pose_ab, x0, within, (keep, &mut cache.hints));
        if core.gjk.x.norm_squared() > 0.0 {
            cache.separation = Some(Separation::InA(core.gjk.x, pose_a.rotation));
        }
        Queried::Cores(core)
    }

    /// The signed distance of a pair with a closed form (`collide::closed_form`),
    /// built in world frame straight from the cores' geometry: no relative pose, no run
    /// of the cores to assemble, no rotation of the outputs (for these pairs, most of a
    /// query's cost). `None` when the closed forms are off or the pair has none; the
    /// cores' separation found is kept in `separation` when there is one.
    #[inline]
    fn closed_form(
        &self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose,
        separation: Option<&mut Option<Separation>>,
    ) -> Option<SignedDistanceOutput> {
        if !self.settings.gjk.closed_form_pairs {
            return None;
        }
        let geometry = closed_form_signed(a, pose_a, b, pose_b, CLOSED_FORM_ROUNDING)?;
        let (ra, rb) = (a.radius(), b.radius());
        let radius_sum = ra + rb;
        Some(match geometry {
            CoreGeometry::Apart { ca, cb, x } => {
                // World frame: stored with the identity rotation (as `distance` does).
                if let Some(separation) = separation {
                    *separation = Some(Separation::InA(x, Quat::identity()));
                }
                let x_norm = x.norm();
                let n = -x / x_norm;
                let sd = x_norm - radius_sum;
                SignedDistanceOutput {
                    signed_distance: sd,
                    point_a: ca + ra * n,
                    point_b: cb - rb * n,
                    normal: n,
                    lower_bound: sd,
                    upper_bound: sd,
                    gjk_iterations: 0,
                    epa_iterations: 0,
                    support_calls: 0,
                    gjk_status: GjkStatus::Converged,
                    epa_status: None,
                }
            }
            // The depth is exact: reported as EPA would report it, converged after no
            // expansion, with both bounds at the value.
            CoreGeometry::Overlap {
                ca,
                cb,
                depth,
                normal,
            } => {
                let sd = -(depth + radius_sum);
                SignedDistanceOutput {
                    signed_distance: sd,
                    point_a: ca + ra * normal,
                    point_b: cb - rb * normal,
                    normal,
                    lower_bound: sd,
                    upper_bound: sd,
                    gjk_iterations: 0,
                    epa_iterations: 0,
                    support_calls: 0,
                    gjk_status: GjkStatus::Intersecting,
                    epa_status: Some(EpaStatus::Converged),
                }
            }
        })
    }
}

/// What [`ContactSolver::query`] found: the output of a closed form, or the run on the
/// cores to form it from.
enum Queried {
    /// A pair with a closed form.
    ClosedForm(SignedDistanceOutput),
    /// GJK, then EPA on overlapping cores.
    Cores(CoreRun),
}

/// Signed distance between `a` at `pose_a` and `b` at `pose_b` with the given settings,
/// cold started. Allocates EPA's storage; for repeated queries keep a [`ContactSolver`].
pub fn signed_distance(
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, settings: &SignedDistanceSettings,
) -> Result<SignedDistanceOutput, WolfeError> {
    ContactSolver::new(*settings)?.signed_distance(a, pose_a, b, pose_b, None)
}
