//! Distance and boolean intersection between two posed shapes ([`GjkSolver`]).
//!
//! Conventions (pinned by tests): poses map shape-local to world coordinates; results
//! are in world frame; the **normal points from A to B**; distances are in metres and
//! are 0 when the shapes overlap (the penetration depth is EPA's job).
//!
//! The queries validate their input, compute the relative pose once, run GJK in A's
//! frame on the cores (DESIGN.md: a shape is a core plus a radius), and add the radii at
//! the end. The pair is dispatched once (`dispatch.rs`); the loop is monomorphized per
//! pair. Warm starts come from the caller's [`PairCache`] (the queries' optional `cache`).

use crate::collide::cache::{ClimbHints, PairCache, Separation, Start};
use crate::collide::closed_form::{closed_form_separation, CoreSeparation};
use crate::collide::dispatch::{dispatch, PairVisitor};
use crate::collide::gjk::{run_gjk, GjkRun, GjkSettings, GjkStatus, QueryKind};
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::Simplex;
use crate::error::WolfeError;
use crate::math::{Pose, Quat, Vec3};
use crate::shape::{ConvexShape, Shape};

/// Result of a distance query. All points and vectors are in world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct DistanceOutput {
    /// Distance between the shapes in metres, >= 0; 0 when they overlap.
    pub distance: f64,
    /// Closest point on A (on A's surface when separated).
    pub point_a: Vec3,
    /// Closest point on B.
    pub point_b: Vec3,
    /// Unit normal from A to B (`(point_b - point_a) / distance` when separated). Zero
    /// when the cores overlap, where GJK has no direction to give.
    pub normal: Vec3,
    /// Certified bounds on the distance: `lower_bound <= true distance <= upper_bound`
    /// (`upper_bound` is `distance` unless the shapes overlap).
    pub lower_bound: f64,
    /// See `lower_bound`.
    pub upper_bound: f64,
    /// The Frank-Wolfe duality gap of the cores, in m^2 (GJK++ Eq. 17-18):
    /// `|x|^2 - |x*|^2 <= duality_gap` for the core separation `x`. Infinite when no gap
    /// was computed (iteration limit inside the accelerated phase, or overlap).
    pub duality_gap: f64,
    /// Iterations of the solver.
    pub iterations: u32,
    /// Support calls of the Minkowski difference.
    pub support_calls: u32,
    /// How the solver ended: `Converged`, `Intersecting`, or a failure with bounds.
    pub status: GjkStatus,
}

/// Result of a boolean collision query. Vectors are in world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct CollisionOutput {
    /// Whether the shapes are closer than the collision margin (touching counts). When
    /// the solver did not finish (`IterationLimit`, `NumericalTrouble`) this is the
    /// conservative answer: `true` unless a separating plane was found.
    pub intersecting: bool,
    /// A certified lower bound on the distance (positive when separated).
    pub lower_bound: f64,
    /// The normal of a separating plane, from A to B, unit; zero when none was found.
    pub separating_normal: Vec3,
    /// Iterations of the solver.
    pub iterations: u32,
    /// Support calls of the Minkowski difference.
    pub support_calls: u32,
    /// How the solver ended: `Separated` (early exit on a separating plane, Eq. 19),
    /// `Intersecting`, `Converged` (decided by the distance), or a failure.
    pub status: GjkStatus,
}

/// A reusable GJK solver: the settings and the simplex (scratch space), so that queries
/// allocate nothing (DESIGN.md: state belongs to the caller). What a query leaves for
/// the next query of the same pair (separation direction, mesh climbing hints) lives in
/// the caller's [`PairCache`], passed as the queries' optional `cache`.
#[derive(Clone, Debug, Default)]
pub struct GjkSolver {
    settings: GjkSettings,
    simplex: Simplex,
}

impl GjkSolver {
    /// A solver with validated settings.
    pub fn new(settings: GjkSettings) -> Result<Self, WolfeError> {
        settings.validate()?;
        Ok(Self {
            settings,
            ..Self::default()
        })
    }

    /// The settings.
    pub fn settings(&self) -> &GjkSettings {
        &self.settings
    }

    /// Distance between `a` at `pose_a` and `b` at `pose_b`. With a `cache`, the query
    /// is warm-started from the pair's cache (cold when it is empty), which keeps this
    /// query's separation and mesh climbing hints for the next one; without, it starts
    /// cold, from the bounding-box centres (GJK++ Sec. IV).
    pub fn distance(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, cache: Option<&mut PairCache>,
    ) -> Result<DistanceOutput, WolfeError> {
        validate_poses(pose_a, pose_b)?;
        let q = Query::new(a, pose_a, b, pose_b);
        Ok(query(&self.settings, &mut self.simplex, &q, cache))
    }

    /// Whether `a` at `pose_a` and `b` at `pose_b` intersect (within the settings'
    /// collision margin), with early exit on a separating plane (GJK++ Alg. 2); the
    /// `cache` as in [`GjkSolver::distance`].
    pub fn intersects(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, cache: Option<&mut PairCache>,
    ) -> Result<CollisionOutput, WolfeError> {
        validate_poses(pose_a, pose_b)?;
        let q = Query::new(a, pose_a, b, pose_b);
        Ok(query(&self.settings, &mut self.simplex, &q, cache))
    }
}

/// The shapes and poses of a query.
#[derive(Clone, Copy)]
struct Query<'q> {
    a: &'q Shape,
    pose_a: &'q Pose,
    b: &'q Shape,
    pose_b: &'q Pose,
}

impl<'q> Query<'q> {
    #[inline(always)]
    fn new(a: &'q Shape, pose_a: &'q Pose, b: &'q Shape, pose_b: &'q Pose) -> Self {
        Self { a, pose_a, b, pose_b }
    }
}

/// The output of a query kind, formed from a closed form or from a GJK run.
trait QueryOutput {
    /// What GJK computes for this kind.
    const KIND: QueryKind;
    /// The output of a pair with a closed form.
    fn from_closed_form(c: ClosedForm, radii: (f64, f64), settings: &GjkSettings) -> Self;
    /// The output of a GJK run (in A's frame at `pose_a`).
    fn from_run(solved: &Solved, pose_a: &Pose, settings: &GjkSettings) -> Self;
}

impl QueryOutput for DistanceOutput {
    const KIND: QueryKind = QueryKind::Distance;

    #[inline(always)]
    fn from_closed_form(c: ClosedForm, (ra, rb): (f64, f64), _: &GjkSettings) -> Self {
        closed_form_distance(c, ra, rb)
    }

    #[inline(always)]
    fn from_run(solved: &Solved, pose_a: &Pose, _: &GjkSettings) -> Self {
        distance_output(solved, pose_a)
    }
}

impl QueryOutput for CollisionOutput {
    const KIND: QueryKind = QueryKind::Collision;

    #[inline(always)]
    fn from_closed_form(c: ClosedForm, (ra, rb): (f64, f64), settings: &GjkSettings) -> Self {
        closed_form_collision(c, ra + rb, settings.collision_margin)
    }

    #[inline(always)]
    fn from_run(solved: &Solved, pose_a: &Pose, settings: &GjkSettings) -> Self {
        collision_output(solved, pose_a, settings.collision_margin)
    }
}

/// A query (inputs validated): the closed form of a pair with a ball when enabled and
/// available (see `collide::closed_form`; for these pairs the fixed cost of a query is
/// most of its cost), else GJK, warm-started from `cache` when there is one. The
/// closest points of a closed form are remembered in the cache as the separation. A
/// cold query builds no cache for a closed form (a [`PairCache`] holds the growth
/// solver's memory too, and filling it was a visible part of these queries' cost).
#[inline(always)]
fn query<O: QueryOutput>(
    settings: &GjkSettings, simplex: &mut Simplex, q: &Query<'_>, mut cache: Option<&mut PairCache>,
) -> O {
    if settings.closed_form_pairs {
        if let Some(c) = closed_form_separation(q.a, q.pose_a, q.b, q.pose_b) {
            if let Some(cache) = cache.as_deref_mut() {
                // World frame: stored with the identity rotation.
                cache.separation = Some(Separation::InA(c.x, Quat::identity()));
            }
            return O::from_closed_form(c, (q.a.radius(), q.b.radius()), settings);
        }
    }
    // A cold run writes its separation and hints to a cache of its own.
    let mut cold = None;
    let (start, cache) = match cache {
        Some(cache) => (Start::Warm, cache),
        None => (Start::Cold, cold.insert(PairCache::new())),
    };
    let solved = solve(settings, simplex, q, O::KIND, start, cache);
    O::from_run(&solved, q.pose_a, settings)
}

/// The GJK path of a query (inputs already validated): starts as `start` says from
/// `cache`, and writes the separation found (when non-zero) and the climbing hints
/// back.
#[inline]
fn solve(
    settings: &GjkSettings, simplex: &mut Simplex, q: &Query<'_>, kind: QueryKind, start: Start,
    cache: &mut PairCache,
) -> Solved {
    let radii = (q.a.radius(), q.b.radius());
    let pose_a = q.pose_a;
    let pose_ab = pose_a.relative(q.pose_b);
    let (guess, keep) = start.resolve(cache, pose_a);
    let run = dispatch(
        q.a,
        q.b,
        Runner {
            pose_ab: &pose_ab,
            guess,
            settings,
            kind,
            simplex,
            keep,
            hints: &mut cache.hints,
        },
    );
    if run.x.norm_squared() > 0.0 {
        cache.separation = Some(Separation::InA(run.x, pose_a.rotation));
    }
    Solved {
        run,
        witness: simplex.witness_points(),
        in_world_frame: false,
        radii,
    }
}

/// Rejects invalid poses. Always inlined: out of line, its `Result` went through memory
/// on every query.
#[inline(always)]
fn validate_poses(pose_a: &Pose, pose_b: &Pose) -> Result<(), WolfeError> {
    pose_a.validate()?;
    pose_b.validate()
}

/// The closest points of two cores from a closed form, in world frame, their separation
/// `x = ca - cb` and its length.
type ClosedForm = CoreSeparation;

/// The distance output of a closed form: exact, zero gap, no iteration. The same values
/// as [`distance_output`] gives for the equivalent zero-iteration run.
#[inline]
fn closed_form_distance(c: ClosedForm, ra: f64, rb: f64) -> DistanceOutput {
    let x_norm = c.norm;
    let radius_sum = ra + rb;
    if x_norm <= radius_sum {
        // Overlap: no normal, the cores' points.
        return DistanceOutput {
            distance: 0.0,
            point_a: c.ca,
            point_b: c.cb,
            normal: Vec3::zeros(),
            lower_bound: 0.0,
            upper_bound: 0.0,
            duality_gap: f64::INFINITY,
            iterations: 0,
            support_calls: 0,
            status: GjkStatus::Intersecting,
        };
    }
    // Normal from A to B; the separation x = a - b points from B to A. One division,
    // three products (not three divisions).
    let normal = c.x * (-1.0 / x_norm);
    let distance = x_norm - radius_sum;
    let point_a = c.ca + ra * normal;
    DistanceOutput {
        distance,
        point_a,
        point_b: point_a + distance * normal,
        normal,
        lower_bound: distance.max(0.0),
        upper_bound: distance,
        duality_gap: 0.0,
        iterations: 0,
        support_calls: 0,
        status: GjkStatus::Converged,
    }
}

/// The collision output of a closed form: intersecting within the margin, otherwise
/// separated with the exact distance as the lower bound and the exact normal as the
/// separating one (the same values as [`collision_output`] on the equivalent run).
#[inline]
fn closed_form_collision(c: ClosedForm, radius_sum: f64, margin: f64) -> CollisionOutput {
    let x_norm = c.norm;
    if x_norm <= radius_sum + margin {
        return CollisionOutput {
            intersecting: true,
            lower_bound: 0.0,
            separating_normal: Vec3::zeros(),
            iterations: 0,
            support_calls: 0,
            status: GjkStatus::Intersecting,
        };
    }
    CollisionOutput {
        intersecting: false,
        lower_bound: (x_norm - radius_sum).max(0.0),
        separating_normal: c.x * (-1.0 / x_norm),
        iterations: 0,
        support_calls: 0,
        status: GjkStatus::Separated,
    }
}

/// A finished run before the outputs are formed: the run, the closest points of the
/// cores, and whether they are already in world frame (closed forms) or in A's (GJK).
struct Solved {
    run: GjkRun,
    witness: (Vec3, Vec3),
    in_world_frame: bool,
    radii: (f64, f64),
}

/// Distance between `a` at `pose_a` and `b` at `pose_b` with the given settings, cold
/// started from the bounding-box centres. For repeated queries, keep a [`GjkSolver`]
/// (and a [`PairCache`] per pair).
pub fn distance(
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, settings: &GjkSettings,
) -> Result<DistanceOutput, WolfeError> {
    GjkSolver::new(*settings)?.distance(a, pose_a, b, pose_b, None)
}

/// Whether `a` at `pose_a` and `b` at `pose_b` intersect (within the settings' collision
/// margin), with early exit on a separating plane (GJK++ Alg. 2).
pub fn intersects(
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, settings: &GjkSettings,
) -> Result<CollisionOutput, WolfeError> {
    GjkSolver::new(*settings)?.intersects(a, pose_a, b, pose_b, None)
}

fn distance_output(solved: &Solved, pose_a: &Pose) -> DistanceOutput {
    let Solved {
        run,
        witness: (ca, cb),
        in_world_frame,
        radii: (ra, rb),
    } = solved;
    let x_norm = run.x.norm();
    let radius_sum = ra + rb;
    let overlapping = run.status == GjkStatus::Intersecting || x_norm <= radius_sum;
    // Normal from A to B: the core separation x = a - b points from B to A.
    let n = if run.status != GjkStatus::Intersecting && x_norm > 0.0 {
        // The certified face's normal when GJK ended on one (issue 21).
        if run.face_normal != Vec3::zeros() {
            -run.face_normal
        } else {
            -run.x / x_norm
        }
    } else {
        Vec3::zeros()
    };
    let (pa, pb) = (ca + *ra * n, cb - *rb * n);
    let (distance, upper, lower) = if overlapping {
        (0.0, 0.0, 0.0)
    } else {
        (
            x_norm - radius_sum,
            x_norm - radius_sum,
            (run.lower_bound - radius_sum).max(0.0),
        )
    };
    // Two rotations for the three outputs: when separated, `point_b` is `point_a` moved
    // by the distance along the normal (exact up to rounding), so only overlapping
    // results rotate `pb` as well. None for closed forms, already in world frame.
    let (point_a, normal) = if *in_world_frame {
        (pa, n)
    } else {
        (pose_a.transform_point(&pa), pose_a.transform_vector(&n))
    };
    let point_b = if !overlapping {
        point_a + distance * normal
    } else if *in_world_frame {
        pb
    } else {
        pose_a.transform_point(&pb)
    };
    DistanceOutput {
        distance,
        point_a,
        point_b,
        normal,
        lower_bound: lower,
        upper_bound: upper,
        duality_gap: if run.status == GjkStatus::Intersecting {
            f64::INFINITY
        } else {
            run.duality_gap
        },
        iterations: run.iterations,
        support_calls: run.support_calls,
        status: if overlapping {
            GjkStatus::Intersecting
        } else {
            run.status
        },
    }
}

fn collision_output(solved: &Solved, pose_a: &Pose, margin: f64) -> CollisionOutput {
    let run = &solved.run;
    let radius_sum = solved.radii.0 + solved.radii.1;
    let x_norm = run.x.norm();
    let intersecting = match run.status {
        GjkStatus::Separated => false,
        GjkStatus::Intersecting => true,
        // Decided by the distance when no early exit fired.
        GjkStatus::Converged => x_norm <= radius_sum + margin,
        // Undecided: conservative. Without a separating plane (Eq. 19) the shapes may
        // touch, so report a possible collision; the status tells the caller why.
        GjkStatus::IterationLimit | GjkStatus::NumericalTrouble => run.lower_bound <= radius_sum + margin,
    };
    let d = run.separating_direction;
    let separating_normal = if !intersecting && run.lower_bound > 0.0 && d.norm() > 0.0 {
        // d separates: <d, s> > 0 for every s = a - b, so -d points from A to B.
        let n = -d / d.norm();
        if solved.in_world_frame {
            n
        } else {
            pose_a.transform_vector(&n)
        }
    } else {
        Vec3::zeros()
    };
    CollisionOutput {
        intersecting,
        lower_bound: (run.lower_bound - radius_sum).max(0.0),
        separating_normal,
        iterations: run.iterations,
        support_calls: run.support_calls,
        status: run.status,
    }
}

/// The generic part of a query: everything that needs the concrete shape types.
struct Runner<'q> {
    pose_ab: &'q Pose,
    guess: Option<Vec3>,
    settings: &'q GjkSettings,
    kind: QueryKind,
    simplex: &'q mut Simplex,
    /// The climbing hints to start from (`None`: the meshes' seeds).
    keep: Option<ClimbHints>,
    /// Where the run's last support vertices are written.
    hints: &'q mut Option<ClimbHints>,
}

impl PairVisitor for Runner<'_> {
    type Output = GjkRun;

    fn visit<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(self, a: &A, b: &B) -> GjkRun {
        let mut md = MinkowskiDifference::new(a, b, self.pose_ab);
        let x0 = self.guess.unwrap_or_else(|| md.bounding_box_center_difference());
        if let Some(h) = self.keep {
            md.keep_hints((h.a, h.b), &x0);
        }
        let run = run_gjk(&mut md, x0, self.settings, self.kind, self.simplex);
        *self.hints = Some(ClimbHints {
            a: md.hint_a,
            b: md.hint_b,
        });
        run
    }
}
