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
//! Conventions as in `query.rs`: world-frame results, **normal from A to B**, and
//! `point_b - point_a = signed_distance * normal` (up to the solvers' tolerances).
//!
//! ```
//! use wolfe::{Cuboid, EpaSolver, Pose, Shape, SignedDistanceSettings, Vec3};
//!
//! let a: Shape = Cuboid::new([1.0, 1.0, 1.0]).unwrap().into();
//! let b: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
//! let mut solver = EpaSolver::new(SignedDistanceSettings::default()).unwrap();
//! // B sunk 0.1 m into A's top face.
//! let pose_b = Pose::from_translation(Vec3::new(0.2, 0.0, 1.4));
//! let out = solver.signed_distance(&a, &Pose::identity(), &b, &pose_b).unwrap();
//! assert!((out.signed_distance + 0.1).abs() < 1e-12);
//! assert!((out.normal - Vec3::z()).norm() < 1e-12); // from A to B
//! ```

use crate::collide::closed_form::closed_form_run;
use crate::collide::epa::{run_epa, EpaRun, EpaSettings, EpaStatus, Polytope};
use crate::collide::gjk::{run_gjk, GjkRun, GjkSettings, GjkStatus, QueryKind};
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::query::WarmStart;
use crate::collide::simplex::{Simplex, SupportPoint};
use crate::error::WolfeError;
use crate::math::{Aabb, Pose, Vec3};
use crate::shape::{Shape, SupportMap};

/// Settings of the signed-distance, contact and manifold queries.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct SignedDistanceSettings {
    /// GJK on the cores. Its relative tolerance applies to the shapes' distance when
    /// they are apart, and to the cores' distance `|x|` (below the radii) when only the
    /// rounded parts overlap. `collision_margin` is not used.
    pub gjk: GjkSettings,
    /// EPA, when the cores overlap.
    pub epa: EpaSettings,
}

impl SignedDistanceSettings {
    /// Checks both solvers' settings.
    pub fn validate(&self) -> Result<(), WolfeError> {
        self.gjk.validate()?;
        self.epa.validate()
    }
}

/// Result of a signed-distance query. Points and vectors are in world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// The caller-owned state of the penetration queries (signed distance, contact,
/// manifold): settings, GJK's simplex and EPA's polytope storage, allocated once by
/// [`EpaSolver::new`] and reused, so that queries allocate nothing (DESIGN.md: state
/// belongs to the caller).
#[derive(Clone, Debug)]
pub struct EpaSolver {
    settings: SignedDistanceSettings,
    /// How the next query's GJK starts: the bounding-box centres (default), this
    /// solver's previous separation, or a caller's guess of the separation vector
    /// `point_a - point_b` in world frame (a simulation passes each pair's vector from
    /// the previous time step, GJK++ Sec. IV-E).
    pub warm_start: WarmStart,
    /// The cores' separation vector `point_a - point_b` of the last query whose GJK
    /// found one, world frame.
    previous_separation: Option<Vec3>,
    pub(crate) simplex: Simplex,
    pub(crate) polytope: Polytope,
}

impl EpaSolver {
    /// A solver with validated settings; allocates EPA's storage for
    /// `settings.epa.max_iterations` expansions.
    pub fn new(settings: SignedDistanceSettings) -> Result<Self, WolfeError> {
        settings.validate()?;
        Ok(Self {
            settings,
            warm_start: WarmStart::default(),
            previous_separation: None,
            simplex: Simplex::new(),
            polytope: Polytope::with_capacity(settings.epa.max_iterations as usize),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &SignedDistanceSettings {
        &self.settings
    }

    /// Signed distance between `a` at `pose_a` and `b` at `pose_b`, with witness points
    /// and normal (see the module documentation).
    pub fn signed_distance(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<SignedDistanceOutput, WolfeError> {
        let core = self.run_checked(a, pose_a, b, pose_b, None)?;
        Ok(self.output(&core, pose_a, (a.radius(), b.radius())))
    }

    /// The cores' separation vector `point_a - point_b` found by the last query's GJK,
    /// world frame (what [`WarmStart::Previous`] starts from); `None` before the first,
    /// and after a query whose cores overlapped from the start.
    pub fn previous_separation(&self) -> Option<Vec3> {
        self.previous_separation
    }

    /// Validates the poses and the warm start, then runs [`EpaSolver::run_cores`]
    /// from the warm start's direction.
    pub(crate) fn run_checked(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
        within: Option<f64>,
    ) -> Result<CoreRun, WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        let guess = match self.warm_start {
            WarmStart::BoundingBoxCenters => None,
            WarmStart::Previous => self.previous_separation,
            WarmStart::Direction(v) => {
                if !v.iter().all(|c| c.is_finite()) {
                    return Err(WolfeError::NonFiniteDirection);
                }
                Some(v)
            }
        };
        let x0 = guess.map(|v| pose_a.inverse_transform_vector(&v));
        let pose_ab = pose_a.relative(pose_b);
        let core = self.run_cores(a, b, &pose_ab, x0, within);
        self.previous_separation =
            (core.gjk.x.norm_squared() > 0.0).then(|| pose_a.transform_vector(&core.gjk.x));
        Ok(core)
    }

    /// GJK, then EPA if needed, on the cores in A's frame; GJK starts from `x0` (A's
    /// frame) when given, else from the bounding-box centres. With `within = Some(m)`
    /// GJK stops (status `Separated`) as soon as the signed distance is certainly
    /// above `m` (Eq. 19's lower bound), since a contact query needs nothing more.
    pub(crate) fn run_cores(
        &mut self,
        a: &Shape,
        b: &Shape,
        pose_ab: &Pose,
        x0: Option<Vec3>,
        within: Option<f64>,
    ) -> CoreRun {
        if self.settings.gjk.closed_form_pairs {
            // With A at the identity, the closed form's world frame is A's frame.
            let closed = closed_form_run(
                a,
                &Pose::identity(),
                b,
                pose_ab,
                a.radius() + b.radius(),
                QueryKind::Distance,
                0.0,
            );
            if let Some((run, ca, cb)) = closed {
                // EPA starts from the simplex of the single core point pair.
                self.simplex.clear();
                self.simplex.push(SupportPoint {
                    w: run.x,
                    a: ca,
                    b: cb,
                });
                self.simplex.lambdas[0] = 1.0;
                // The clamp is exact for the cores; EPA only when they meet. A core
                // point inside the other core comes back through a rotation and a
                // translation: zero up to the rounding of those.
                let scale = ca.norm() + cb.norm() + pose_ab.translation.norm();
                if run.x.norm() > CLOSED_FORM_ROUNDING * f64::EPSILON * scale {
                    let mut gjk = run;
                    gjk.status = GjkStatus::Converged;
                    return CoreRun {
                        gjk,
                        epa: None,
                        witness: (ca, cb),
                    };
                }
                let mut gjk = run;
                gjk.status = GjkStatus::Intersecting;
                let epa = visit_pair(
                    a,
                    b,
                    EpaOnly {
                        pose_ab,
                        settings: &self.settings.epa,
                        simplex: &self.simplex,
                        polytope: &mut self.polytope,
                    },
                );
                return CoreRun {
                    gjk,
                    epa: Some(epa),
                    witness: (epa.point_a, epa.point_b),
                };
            }
        }
        visit_pair(
            a,
            b,
            GjkEpa {
                pose_ab,
                x0,
                within,
                settings: &self.settings,
                simplex: &mut self.simplex,
                polytope: &mut self.polytope,
            },
        )
    }

    /// World-frame output from a run on the cores.
    pub(crate) fn output(&self, core: &CoreRun, pose_a: &Pose, (ra, rb): (f64, f64)) -> SignedDistanceOutput {
        let radius_sum = ra + rb;
        let gjk = &core.gjk;
        let (ca, cb) = core.witness;
        let (sd, n, lower, upper, epa_iterations, epa_calls) = match &core.epa {
            Some(e) => (
                -(e.depth + radius_sum),
                e.normal,
                -(e.upper_bound + radius_sum),
                -(e.depth + radius_sum),
                e.iterations,
                e.support_calls,
            ),
            None => {
                let x_norm = gjk.x.norm();
                let n = if x_norm > 0.0 { -gjk.x / x_norm } else { Vec3::x() };
                (
                    x_norm - radius_sum,
                    n,
                    gjk.lower_bound.min(x_norm) - radius_sum,
                    x_norm - radius_sum,
                    0,
                    0,
                )
            }
        };
        let (pa, pb) = (ca + ra * n, cb - rb * n);
        let rot = pose_a.rotation.to_rotation_matrix();
        SignedDistanceOutput {
            signed_distance: sd,
            point_a: rot * pa + pose_a.translation,
            point_b: rot * pb + pose_a.translation,
            normal: rot * n,
            lower_bound: lower,
            upper_bound: upper,
            gjk_iterations: gjk.iterations,
            epa_iterations,
            support_calls: gjk.support_calls + epa_calls,
            gjk_status: gjk.status,
            epa_status: core.epa.map(|e| e.status),
        }
    }
}

/// Signed distance between `a` at `pose_a` and `b` at `pose_b` with the given settings.
/// Allocates EPA's storage; for repeated queries keep an [`EpaSolver`].
pub fn signed_distance(
    a: &Shape,
    pose_a: &Pose,
    b: &Shape,
    pose_b: &Pose,
    settings: &SignedDistanceSettings,
) -> Result<SignedDistanceOutput, WolfeError> {
    EpaSolver::new(*settings)?.signed_distance(a, pose_a, b, pose_b)
}

/// GJK and EPA on the cores, in A's frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CoreRun {
    /// GJK on the cores (`Intersecting`: the cores overlap and `epa` is set).
    pub gjk: GjkRun,
    /// EPA, when the cores overlap.
    pub epa: Option<EpaRun>,
    /// Witness points on the cores (A's frame).
    pub witness: (Vec3, Vec3),
}

/// Rounding of the closed forms' core points, in ulps of the coordinates' size: a
/// point mapped to B's frame and back (two rotations, two translations).
const CLOSED_FORM_ROUNDING: f64 = 64.0;

/// A shape's core: the same support, radius 0, so that GJK converges on the cores.
struct Core<'s, S: ?Sized>(&'s S);

impl<S: SupportMap + ?Sized> SupportMap for Core<'_, S> {
    #[inline]
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        self.0.local_support(dir)
    }

    #[inline]
    fn local_support_hinted(&self, dir: &Vec3, hint: &mut u32) -> Vec3 {
        self.0.local_support_hinted(dir, hint)
    }

    fn is_strictly_convex(&self) -> bool {
        self.0.is_strictly_convex()
    }

    fn is_polytope(&self) -> bool {
        self.0.is_polytope()
    }

    fn local_aabb(&self) -> Aabb {
        self.0.local_aabb()
    }
}

/// Code generic in the concrete shape types of a pair, run by [`visit_pair`].
pub(crate) trait PairVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the concrete shapes.
    fn visit<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(self, a: &A, b: &B) -> Self::Output;
}

/// Dispatches on A's concrete type, then B's (one `match` per query; the visitor's loop
/// is monomorphized per pair, as in `query.rs`).
pub(crate) fn visit_pair<V: PairVisitor>(a: &Shape, b: &Shape, v: V) -> V::Output {
    match a {
        Shape::Sphere(s) => visit_b(s, b, v),
        Shape::Ellipsoid(s) => visit_b(s, b, v),
        Shape::Cuboid(s) => visit_b(s, b, v),
        Shape::Capsule(s) => visit_b(s, b, v),
        Shape::Cylinder(s) => visit_b(s, b, v),
        Shape::Cone(s) => visit_b(s, b, v),
        Shape::ConvexMesh(s) => visit_b(s.as_ref(), b, v),
        Shape::Inflated(s) => visit_b(s.as_ref(), b, v),
    }
}

fn visit_b<A: SupportMap + ?Sized, V: PairVisitor>(a: &A, b: &Shape, v: V) -> V::Output {
    match b {
        Shape::Sphere(s) => v.visit(a, s),
        Shape::Ellipsoid(s) => v.visit(a, s),
        Shape::Cuboid(s) => v.visit(a, s),
        Shape::Capsule(s) => v.visit(a, s),
        Shape::Cylinder(s) => v.visit(a, s),
        Shape::Cone(s) => v.visit(a, s),
        Shape::ConvexMesh(s) => v.visit(a, s.as_ref()),
        Shape::Inflated(s) => v.visit(a, s.as_ref()),
    }
}

/// GJK on the cores, then EPA when they overlap.
struct GjkEpa<'q> {
    pose_ab: &'q Pose,
    /// The first support direction (A's frame); `None`: the bounding-box centres.
    x0: Option<Vec3>,
    /// Stop once the shapes are certainly farther apart than this margin.
    within: Option<f64>,
    settings: &'q SignedDistanceSettings,
    simplex: &'q mut Simplex,
    polytope: &'q mut Polytope,
}

impl PairVisitor for GjkEpa<'_> {
    type Output = CoreRun;

    fn visit<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(self, a: &A, b: &B) -> CoreRun {
        // First GJK as the distance query runs it, with the radii: apart shapes get
        // their distance to the tolerance relative to the *shapes'* distance, at the
        // same cost as `distance`.
        let mut md = MinkowskiDifference::new(a, b, self.pose_ab);
        let x0 = match self.x0 {
            Some(x0) => x0,
            None => md.bounding_box_center_difference(),
        };
        let (kind, settings) = match self.within {
            Some(margin) => (
                QueryKind::Proximity,
                GjkSettings {
                    collision_margin: margin,
                    ..self.settings.gjk
                },
            ),
            None => (QueryKind::Distance, self.settings.gjk),
        };
        let gjk = run_gjk(&mut md, x0, &settings, kind, self.simplex);
        if gjk.status != GjkStatus::Intersecting {
            return CoreRun {
                gjk,
                epa: None,
                witness: self.simplex.witness_points(),
            };
        }
        if self.simplex.contains_origin() || gjk.x.norm_squared() <= core_overlap_sq(self.simplex) {
            // The cores overlap: EPA from this simplex (its supports are the cores').
            let epa = run_epa(&mut md, self.simplex, &self.settings.epa, self.polytope);
            return CoreRun {
                gjk,
                epa: Some(epa),
                witness: (epa.point_a, epa.point_b),
            };
        }
        // Only known that the rounded shapes overlap (GJK stops once `|x| <= radii`):
        // finish on the cores alone (radius 0), warm-started from `x`.
        let hints = (md.hint_a, md.hint_b);
        let (ca, cb) = (Core(a), Core(b));
        let mut md = MinkowskiDifference::new(&ca, &cb, self.pose_ab);
        let first = gjk;
        md.keep_hints(hints, &first.x);
        // The relative tolerance is meant for the signed distance `|x| - radii`, about
        // `radii - |x_first|` here: rescale it from the cores' distance to that.
        let radius_sum = a.radius() + b.radius();
        let x1 = first.x.norm();
        let mut settings = self.settings.gjk;
        settings.tolerance *= ((radius_sum - x1) / x1).clamp(MIN_TOLERANCE_SCALE, 1.0);
        let mut gjk = run_gjk(&mut md, first.x, &settings, QueryKind::Distance, self.simplex);
        gjk.iterations += first.iterations;
        gjk.support_calls += first.support_calls;
        if gjk.status == GjkStatus::Intersecting {
            let epa = run_epa(&mut md, self.simplex, &self.settings.epa, self.polytope);
            CoreRun {
                gjk,
                epa: Some(epa),
                witness: (epa.point_a, epa.point_b),
            }
        } else {
            CoreRun {
                gjk,
                epa: None,
                witness: self.simplex.witness_points(),
            }
        }
    }
}

/// Smallest rescaling of GJK's tolerance on the cores (the rounding floor of the gap
/// takes over below it anyway).
const MIN_TOLERANCE_SCALE: f64 = 1e-8;

/// Squared norm under which GJK's projection is the origin up to rounding (as GJK's
/// own overlap test: a few ulps of the simplex's size).
fn core_overlap_sq(simplex: &Simplex) -> f64 {
    let scale = simplex
        .vertices()
        .iter()
        .fold(0.0f64, |m, p| m.max(p.w.norm_squared()));
    let eps = 16.0 * f64::EPSILON;
    eps * eps * scale
}

/// EPA alone from the simplex already in the solver (the closed forms' single point).
struct EpaOnly<'q> {
    pose_ab: &'q Pose,
    settings: &'q EpaSettings,
    simplex: &'q Simplex,
    polytope: &'q mut Polytope,
}

impl PairVisitor for EpaOnly<'_> {
    type Output = EpaRun;

    fn visit<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(self, a: &A, b: &B) -> EpaRun {
        let (ca, cb) = (Core(a), Core(b));
        let mut md = MinkowskiDifference::new(&ca, &cb, self.pose_ab);
        run_epa(&mut md, self.simplex, self.settings, self.polytope)
    }
}
