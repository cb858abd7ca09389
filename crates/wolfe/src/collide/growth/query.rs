//! Growth distance and growth-based collision between posed 3D shapes.

use super::answer::{certified_alphas, output, Answer, Continued};
use super::core::{self, GrowthTrace, Mode, PairSupport, Problem, Run, V};
use super::newton::{self, Smooth, SmoothQuery};
use super::settings::{GrowthSettings, GrowthStatus};
use crate::collide::cache::{GrowthMemory, PairCache};
use crate::collide::dispatch::{dispatch, PairVisitor};
use crate::collide::minkowski::HintDirection;
use crate::error::WolfeError;
use crate::math::{Mat3, Pose, Vec3};
use crate::shape::{ConvexShape, Shape};

/// The point a shape is scaled about, with a lower bound of the shape's inradius there.
///
/// The growth distance depends on the centre points. The default
/// ([`CenterPoint::of`]) is the shape's [`ConvexShape::center`]: the local origin of the
/// primitives (the centre of a sphere, box, ellipsoid, capsule, cylinder, and the
/// mid-axis point of a cone) and the mean of the hull vertices of a mesh.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CenterPoint {
    /// The centre, in the shape's local frame. Must lie in the shape (and in its interior
    /// when `inradius > 0`).
    pub point: Vec3,
    /// A lower bound (>= 0) of the radius of a ball about `point` contained in the
    /// shape. The algorithm trusts it: a value above the true inradius gives wrong
    /// answers. At least one of the two shapes of a query needs a positive one.
    pub inradius: f64,
}

impl CenterPoint {
    /// The shape's default centre ([`ConvexShape::center`]) with its exact inradius
    /// ([`ConvexShape::inradius`]).
    pub fn of<S: ConvexShape + ?Sized>(shape: &S) -> Self {
        Self {
            point: shape.center(),
            inradius: shape.inradius(),
        }
    }

    fn validate(&self) -> Result<(), WolfeError> {
        if !self.point.iter().all(|x| x.is_finite()) {
            return Err(WolfeError::InvalidCenterPoint {
                reason: "the point has a NaN or infinite coordinate",
            });
        }
        if !(self.inradius.is_finite() && self.inradius >= 0.0) {
            return Err(WolfeError::InvalidCenterPoint {
                reason: "the inradius must be finite and >= 0",
            });
        }
        Ok(())
    }
}

/// Result of a growth distance query. Points and vectors are in world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct GrowthOutput {
    /// The growth distance: the scale factor at which the shapes, scaled about their
    /// centre points, touch (`< 1`: overlapping, `> 1`: separated). It is the feasible
    /// end of the bounds, `alpha_upper` (Eq. 28): the shapes scaled by `alpha` intersect
    /// at `contact_point`.
    pub alpha: f64,
    /// Certified lower bound, `1 / beta_upper` (from the outer approximation).
    pub alpha_lower: f64,
    /// Certified upper bound, `1 / beta_lower` (= `alpha`).
    pub alpha_upper: f64,
    /// Witness point of shape A (in A, unscaled), Eq. 28: scaling it about A's centre by
    /// `alpha` gives `contact_point`.
    pub point_a: Vec3,
    /// Witness point of shape B (in B, unscaled); scaled about B's centre by `alpha` it
    /// gives `contact_point` too.
    pub point_b: Vec3,
    /// The common point of the scaled shapes: `c_a + alpha (point_a - c_a)`.
    pub contact_point: Vec3,
    /// Unit normal from A to B of the outer approximation's halfspace (the dual
    /// solution): the shapes scaled by `alpha_lower` are separated (weakly) by a plane
    /// orthogonal to it. Zero when the centres coincide.
    pub normal: Vec3,
    /// Iterations (one support call of each shape per iteration).
    pub iterations: u32,
    /// How the solver ended.
    pub status: GrowthStatus,
}

impl GrowthOutput {
    /// The relative gap `beta_upper / beta_lower - 1 = alpha_upper / alpha_lower - 1`.
    pub fn relative_gap(&self) -> f64 {
        self.alpha_upper / self.alpha_lower - 1.0
    }
}

/// Result of a growth-based collision query (Sec. III-F.4). World frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct GrowthCollisionOutput {
    /// Whether the shapes intersect (touching counts: when the bounds converge around
    /// `alpha* = 1`, the answer is `true`). When the solver did not finish, the
    /// conservative answer `true` unless a separating plane was found.
    pub intersecting: bool,
    /// Certified lower bound of the growth distance.
    pub alpha_lower: f64,
    /// Certified upper bound of the growth distance.
    pub alpha_upper: f64,
    /// When separated: unit normal, from A to B, of a plane separating the shapes:
    /// `<n, x> <= offset_a` on A and `<n, x> >= offset_b` on B with `offset_a < offset_b`.
    /// Zero when none was found.
    pub separating_normal: Vec3,
    /// See `separating_normal` (`max_{x in A} <n, x>`; 0 when none was found).
    pub offset_a: f64,
    /// See `separating_normal` (`min_{x in B} <n, x>`; 0 when none was found).
    pub offset_b: f64,
    /// When overlapping: a point of both shapes.
    pub common_point: Option<Vec3>,
    /// Iterations.
    pub iterations: u32,
    /// `Separated` or `Overlapping` on early exit; `Converged` when the bounds met
    /// around 1 (touching); a failure otherwise.
    pub status: GrowthStatus,
}

/// A reusable growth distance solver: the settings (it needs no scratch space). Queries
/// allocate nothing.
///
/// The `*_cached` queries start from the inner approximation of the pair's previous
/// query, kept in the caller's [`PairCache`] and moved by the shapes' new poses
/// (Sec. III-F.3); an empty cache starts cold. Pairs of strictly convex shapes
/// (spheres, ellipsoids) always start cold: their solver ends with the basis clustered
/// at the answer (see the interpolated-normal step in `core.rs`), and warm start gains
/// nothing on curved sets (Sec. IV-B). The meshes' hill-climbing hints carry over too.
#[derive(Clone, Debug, Default)]
pub struct GrowthSolver {
    settings: GrowthSettings,
}

impl GrowthSolver {
    /// A solver with validated settings, cold-starting.
    pub fn new(settings: GrowthSettings) -> Result<Self, WolfeError> {
        settings.validate()?;
        Ok(Self { settings })
    }

    /// The settings.
    pub fn settings(&self) -> &GrowthSettings {
        &self.settings
    }

    /// [`GrowthSolver::growth_distance`], warm-started from the pair's `cache` (cold
    /// when it holds no growth basis), which keeps this query's basis for the next.
    pub fn growth_distance_cached(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
        cache: &mut PairCache,
    ) -> Result<GrowthOutput, WolfeError> {
        let (ca, cb) = (CenterPoint::of(a), CenterPoint::of(b));
        self.growth_distance_about_cached(a, pose_a, &ca, b, pose_b, &cb, cache)
    }

    /// [`GrowthSolver::growth_distance_about`], warm-started from the pair's `cache` as
    /// [`GrowthSolver::growth_distance_cached`] (the centres must be those of the
    /// query that filled the cache).
    #[allow(clippy::too_many_arguments)]
    pub fn growth_distance_about_cached(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        center_a: &CenterPoint,
        b: &Shape,
        pose_b: &Pose,
        center_b: &CenterPoint,
        cache: &mut PairCache,
    ) -> Result<GrowthOutput, WolfeError> {
        let memory = (&mut cache.growth, true);
        distance_with(
            &self.settings,
            memory,
            pose_a,
            center_a,
            pose_b,
            center_b,
            &mut (),
            Smooth::of(a).zip(Smooth::of(b)),
            |r| dispatch(a, b, r),
        )
    }

    /// [`GrowthSolver::collide`], warm-started from the pair's `cache`.
    pub fn collide_cached(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
        cache: &mut PairCache,
    ) -> Result<GrowthCollisionOutput, WolfeError> {
        let (ca, cb) = (CenterPoint::of(a), CenterPoint::of(b));
        self.collide_about_cached(a, pose_a, &ca, b, pose_b, &cb, cache)
    }

    /// [`GrowthSolver::collide_about`], warm-started from the pair's `cache`.
    #[allow(clippy::too_many_arguments)]
    pub fn collide_about_cached(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        center_a: &CenterPoint,
        b: &Shape,
        pose_b: &Pose,
        center_b: &CenterPoint,
        cache: &mut PairCache,
    ) -> Result<GrowthCollisionOutput, WolfeError> {
        collide_with(
            &self.settings,
            (&mut cache.growth, true),
            a,
            pose_a,
            center_a,
            b,
            pose_b,
            center_b,
        )
    }

    /// Growth distance between `a` and `b`, each scaled about its default centre
    /// ([`CenterPoint::of`]).
    pub fn growth_distance(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<GrowthOutput, WolfeError> {
        self.growth_distance_about(a, pose_a, &CenterPoint::of(a), b, pose_b, &CenterPoint::of(b))
    }

    /// Growth distance with explicit centre points (in the shapes' local frames).
    pub fn growth_distance_about(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        center_a: &CenterPoint,
        b: &Shape,
        pose_b: &Pose,
        center_b: &CenterPoint,
    ) -> Result<GrowthOutput, WolfeError> {
        self.growth_distance_traced(a, pose_a, center_a, b, pose_b, center_b, &mut ())
    }

    /// [`GrowthSolver::growth_distance_about`], reporting the bounds of every iteration
    /// to `trace` (a closure `FnMut(GrowthIterate)` works).
    #[allow(clippy::too_many_arguments)]
    pub fn growth_distance_traced<T: GrowthTrace>(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        center_a: &CenterPoint,
        b: &Shape,
        pose_b: &Pose,
        center_b: &CenterPoint,
        trace: &mut T,
    ) -> Result<GrowthOutput, WolfeError> {
        let memory = (&mut GrowthMemory::default(), false);
        distance_with(
            &self.settings,
            memory,
            pose_a,
            center_a,
            pose_b,
            center_b,
            trace,
            Smooth::of(a).zip(Smooth::of(b)),
            |r| dispatch(a, b, r),
        )
    }

    /// [`GrowthSolver::growth_distance_about`] between any two [`ConvexShape`]s, not only
    /// [`Shape`]s: custom support functions (a wrapper that counts or changes support
    /// calls, a shape type of the caller's), monomorphized for `A` and `B`. The answer
    /// and the warm-start rules are those of the `Shape` queries.
    ///
    /// ```
    /// use wolfe::{CenterPoint, ConvexMesh, ConvexShape, GrowthSettings, GrowthSolver, Pose, Shape, SupportMap, Vec3};
    /// use wolfe::Aabb;
    ///
    /// /// A mesh whose support checks every vertex (no hill climbing).
    /// struct BruteForce(ConvexMesh);
    /// impl SupportMap for BruteForce {
    ///     fn local_support(&self, d: &Vec3) -> Vec3 {
    ///         self.0.vertices()[self.0.support_vertex_brute_force(d) as usize]
    ///     }
    /// }
    /// impl ConvexShape for BruteForce {
    ///     fn is_strictly_convex(&self) -> bool { false }
    ///     fn is_polytope(&self) -> bool { true }
    ///     fn local_aabb(&self) -> Aabb { self.0.local_aabb() }
    ///     fn center(&self) -> Vec3 { self.0.center() }
    ///     fn inradius(&self) -> f64 { self.0.inradius() }
    /// }
    ///
    /// let cube: Vec<Vec3> = (0..8)
    ///     .map(|i| Vec3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let mesh = ConvexMesh::from_points(&cube).unwrap();
    /// let pose_b = Pose::from_parts([3.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]).unwrap();
    /// let (a, b) = (BruteForce(mesh.clone()), BruteForce(mesh));
    /// let (ca, cb) = (CenterPoint::of(&a), CenterPoint::of(&b));
    /// let mut solver = GrowthSolver::new(GrowthSettings::default()).unwrap();
    /// let out = solver
    ///     .growth_distance_of(&a, &Pose::identity(), &ca, &b, &pose_b, &cb)
    ///     .unwrap();
    /// // Unit cubes 3 apart along x: they touch when scaled by 3 about their centres.
    /// assert!((out.alpha - 3.0).abs() < 1e-7);
    /// ```
    pub fn growth_distance_of<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
        &mut self,
        a: &A,
        pose_a: &Pose,
        center_a: &CenterPoint,
        b: &B,
        pose_b: &Pose,
        center_b: &CenterPoint,
    ) -> Result<GrowthOutput, WolfeError> {
        let memory = (&mut GrowthMemory::default(), false);
        distance_with(
            &self.settings,
            memory,
            pose_a,
            center_a,
            pose_b,
            center_b,
            &mut (),
            None,
            |r| r.visit(a, b),
        )
    }

    /// Growth-based collision test with early exit (Sec. III-F.4), default centres.
    pub fn collide(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<GrowthCollisionOutput, WolfeError> {
        self.collide_about(a, pose_a, &CenterPoint::of(a), b, pose_b, &CenterPoint::of(b))
    }

    /// Growth-based collision test with explicit centre points.
    pub fn collide_about(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        center_a: &CenterPoint,
        b: &Shape,
        pose_b: &Pose,
        center_b: &CenterPoint,
    ) -> Result<GrowthCollisionOutput, WolfeError> {
        let memory = (&mut GrowthMemory::default(), false);
        collide_with(&self.settings, memory, a, pose_a, center_a, b, pose_b, center_b)
    }
}

/// A pair's growth memory and whether the query may start from it.
type MemoryUse<'m> = (&'m mut GrowthMemory, bool);

/// The distance query around `solve`, which runs the cutting-plane loop on the concrete
/// pair. Smooth pairs (`smooth`: spheres, ellipsoids, either inflated) run Newton's
/// method first (`newton.rs`); when it does not certify the tolerance, the loop runs
/// from cold as the certified fallback and the answer keeps the better of the two
/// runs' bounds.
#[allow(clippy::too_many_arguments)]
fn distance_with<T: GrowthTrace>(
    settings: &GrowthSettings,
    (memory, warm): MemoryUse<'_>,
    pose_a: &Pose,
    center_a: &CenterPoint,
    pose_b: &Pose,
    center_b: &CenterPoint,
    trace: &mut T,
    smooth: Option<(Smooth, Smooth)>,
    solve: impl FnOnce(Runner<'_, Continued<'_, T>>) -> Run<3>,
) -> Result<GrowthOutput, WolfeError> {
    let q = prepare(pose_a, center_a, pose_b, center_b)?;
    let Some(q) = q else {
        let c = pose_a.transform_point(&center_a.point);
        return Ok(GrowthOutput {
            alpha: 0.0,
            alpha_lower: 0.0,
            alpha_upper: 0.0,
            point_a: c,
            point_b: c,
            contact_point: c,
            normal: Vec3::zeros(),
            iterations: 0,
            status: GrowthStatus::Converged,
        });
    };
    // Newton's answer and its lower bound of `beta*` (for the fallback's trace).
    let mut newton = None;
    if let Some((sa, sb)) = &smooth {
        let start = (warm && memory.points.is_some()).then_some(memory.direction);
        let run = newton::solve(
            &SmoothQuery {
                a: sa,
                b: sb,
                rot_ab: &q.rot_ab,
                c1: q.c1,
                cb: q.cb,
                p: q.p,
                r1: q.r1,
                r2: q.r2,
                tolerance: settings.tolerance,
                max_iterations: settings.max_iterations,
                start,
            },
            trace,
        );
        let rot_ba = q.rot_ab.transpose();
        memory.direction = run.lambda_upper;
        let point = (
            q.c1 + run.witness_a,
            q.cb + rot_ba * run.witness_b,
            run.lambda_upper,
        );
        memory.points = Some([point; 3]);
        let answer = Answer::from_newton(&run);
        if run.converged || run.iterations >= settings.max_iterations {
            return finite(output(&q, pose_a, pose_b, &answer));
        }
        newton = Some((answer, run.beta_lower));
    }
    let offset = newton.map_or(0, |n| n.0.iterations);
    let mut continued = Continued {
        inner: trace,
        offset,
        lower: newton.map_or(0.0, |n| n.1),
        upper: newton.map_or(f64::INFINITY, |n| n.0.beta_upper),
    };
    let cutting = settings.with_max_iterations(settings.max_iterations - offset);
    let run = solve(Runner {
        q: &q,
        mode: Mode::Distance,
        settings: &cutting,
        memory,
        warm: warm && newton.is_none(),
        trace: &mut continued,
    });
    let mut answer = Answer::from_run(&run, &q.p);
    if let Some((n, _)) = newton {
        answer = answer.combine(&n, settings.tolerance);
    }
    finite(output(&q, pose_a, pose_b, &answer))
}

/// The answer when it is finite; else the growth factor left f64 (shapes of almost no
/// size, 1e-300 m, far apart: alpha ~ distance / size overflows, and the contact point
/// with it), which is [`WolfeError::OutOfRange`], never an `Ok` holding inf or NaN
/// (issue 21; found by the long property run).
///
/// One test for the 15 numbers (issue 20: 15 `is_finite` compiled to bit tests and
/// branches were a visible part of a small query's fixed cost): `x * 0` is 0 for a
/// finite `x` and NaN otherwise, so the sum of the products is 0 exactly when all are
/// finite (no sum of the values themselves, which could overflow).
#[inline(always)]
fn finite(out: GrowthOutput) -> Result<GrowthOutput, WolfeError> {
    let zero = |v: &Vec3| v * 0.0;
    let points = zero(&out.point_a) + zero(&out.point_b) + zero(&out.contact_point) + zero(&out.normal);
    let probe = (out.alpha * 0.0 + out.alpha_upper * 0.0)
        + (out.alpha_lower * 0.0 + (points.x + points.y + points.z));
    if probe == 0.0 {
        Ok(out)
    } else {
        Err(WolfeError::OutOfRange {
            what: "growth factor alpha (the shapes are too small for their distance)",
            value: out.alpha_upper,
            limit: f64::MAX,
        })
    }
}

/// The collision query.
#[allow(clippy::too_many_arguments)]
fn collide_with(
    settings: &GrowthSettings,
    (memory, warm): MemoryUse<'_>,
    a: &Shape,
    pose_a: &Pose,
    center_a: &CenterPoint,
    b: &Shape,
    pose_b: &Pose,
    center_b: &CenterPoint,
) -> Result<GrowthCollisionOutput, WolfeError> {
    let Some(q) = prepare(pose_a, center_a, pose_b, center_b)? else {
        // Coincident centres: a common point of both shapes.
        return Ok(GrowthCollisionOutput {
            intersecting: true,
            alpha_lower: 0.0,
            alpha_upper: 0.0,
            separating_normal: Vec3::zeros(),
            offset_a: 0.0,
            offset_b: 0.0,
            common_point: Some(pose_a.transform_point(&center_a.point)),
            iterations: 0,
            status: GrowthStatus::Overlapping,
        });
    };
    let runner = Runner {
        q: &q,
        mode: Mode::Collision,
        settings,
        memory,
        warm,
        trace: &mut (),
    };
    let run = dispatch(a, b, runner);
    let rot = pose_a.rotation.to_rotation_matrix();
    let (alpha_lower, alpha_upper, wa, _) = certified_alphas(&run, &q.p);
    let separated = run.beta_upper < 1.0;
    let intersecting = !separated;
    let (separating_normal, offset_a, offset_b) = if separated {
        let n = unit(&run.lambda_upper);
        let nw = rot * n;
        let shift = nw.dot(&pose_a.translation);
        let c2 = q.c1 + q.p;
        (
            nw,
            n.dot(&(q.c1 + run.upper_a)) + shift,
            n.dot(&(c2 + run.upper_b)) + shift,
        )
    } else {
        (Vec3::zeros(), 0.0, 0.0)
    };
    // With alpha_upper <= 1, the point scaled by alpha_upper about either centre lies
    // in both shapes (each shape contains its centre and is convex).
    let common_point = if alpha_upper <= 1.0 {
        Some(rot * (q.c1 + alpha_upper * wa) + pose_a.translation)
    } else {
        None
    };
    Ok(GrowthCollisionOutput {
        intersecting,
        alpha_lower,
        alpha_upper,
        separating_normal,
        offset_a,
        offset_b,
        common_point,
        iterations: run.iterations,
        status: GrowthStatus::from_stop(run.stop),
    })
}

/// Validates and computes the query in A's frame; `None` when the centres coincide.
fn prepare(
    pose_a: &Pose,
    center_a: &CenterPoint,
    pose_b: &Pose,
    center_b: &CenterPoint,
) -> Result<Option<Query>, WolfeError> {
    pose_a.validate()?;
    pose_b.validate()?;
    center_a.validate()?;
    center_b.validate()?;
    if center_a.inradius + center_b.inradius <= 0.0 {
        return Err(WolfeError::InvalidCenterPoint {
            reason: "at least one shape needs a positive inradius about its centre",
        });
    }
    let pose_ab = pose_a.relative(pose_b);
    let rot_ab = pose_ab.rotation.to_rotation_matrix().into_inner();
    let c1 = center_a.point;
    // The ray between the centres; the support points are taken as offsets from the
    // centres (see `Pair3`), so that nothing of size |t_ab| enters them.
    let p = (rot_ab * center_b.point - c1) + pose_ab.translation;
    if p == Vec3::zeros() {
        return Ok(None);
    }
    Ok(Some(Query {
        rot_ab,
        c1,
        cb: center_b.point,
        p,
        r1: center_a.inradius,
        r2: center_b.inradius,
    }))
}

/// `v / |v|`, or zero for a zero vector.
pub(crate) fn unit<const N: usize>(v: &V<N>) -> V<N> {
    let n = v.norm();
    if n > 0.0 {
        v / n
    } else {
        V::zeros()
    }
}

/// A query in A's frame.
pub(super) struct Query {
    pub(super) rot_ab: Mat3,
    /// A's centre point (A's frame).
    pub(super) c1: Vec3,
    /// B's centre point (B's frame).
    pub(super) cb: Vec3,
    /// `c2 - c1` in A's frame.
    pub(super) p: Vec3,
    r1: f64,
    r2: f64,
}

/// The support oracle of a posed pair in A's frame, whole shapes (core plus radius).
struct Pair3<'s, A: ?Sized, B: ?Sized> {
    a: &'s A,
    b: &'s B,
    rot_ab: Mat3,
    rot_ba: Mat3,
    /// The centre points, A's in A's frame, B's in B's: the supports are returned as
    /// offsets from them (see [`PairSupport::supports`]).
    c1: Vec3,
    cb: Vec3,
    ra: f64,
    rb: f64,
    /// Whether `ra + rb > 0`.
    rounded: bool,
    hint_a: u32,
    hint_b: u32,
    /// Whether a shape hill-climbs (a polytope): then a direction that turned far from
    /// the previous one re-seeds the climbs (see `supports`).
    reseed: bool,
    /// The direction of the hints: the previous support call's, or the one the hints
    /// were seeded for.
    hint_direction: HintDirection,
}

impl<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized> PairSupport<3> for Pair3<'_, A, B> {
    #[inline]
    fn supports(&mut self, lambda: &V<3>) -> (V<3>, V<3>) {
        let d_b = -(self.rot_ba * lambda);
        if self.reseed {
            // The first directions of a cold run turn by up to 90 degrees (the facets of
            // the initial simplex are steep): a climb from the previous support vertex
            // would cross much of the mesh, one from the cube map's vertex
            // ([`ConvexShape::seed_hint`]) is a step or two.
            if self.hint_direction.turned(lambda) {
                self.hint_a = self.a.seed_hint(lambda);
                self.hint_b = self.b.seed_hint(&d_b);
            }
        }
        let mut sa = self.a.local_support_hinted(lambda, &mut self.hint_a);
        let mut sb = self.b.local_support_hinted(&d_b, &mut self.hint_b);
        if self.rounded {
            // The radii add `r lambda / |lambda|` (`lambda` is not unit, see core.rs).
            let inv = 1.0 / lambda.norm();
            sa += (self.ra * inv) * lambda;
            sb += (self.rb * inv) * d_b;
        }
        (sa - self.c1, self.rot_ab * (sb - self.cb))
    }

    #[inline]
    fn strictly_convex(&self) -> bool {
        self.a.is_strictly_convex() && self.b.is_strictly_convex()
    }
}

struct Runner<'q, T> {
    q: &'q Query,
    mode: Mode,
    settings: &'q GrowthSettings,
    memory: &'q mut GrowthMemory,
    warm: bool,
    trace: &'q mut T,
}

impl<T: GrowthTrace> PairVisitor for Runner<'_, T> {
    type Output = Run<3>;

    fn visit<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(self, a: &A, b: &B) -> Run<3> {
        let q = self.q;
        let rot_ba = q.rot_ab.transpose();
        // Cold queries seed the meshes' hill climbs near the first directions (+-p).
        let (hint_a, hint_b, previous) = if self.warm && self.memory.points.is_some() {
            (self.memory.hint_a, self.memory.hint_b, self.memory.direction)
        } else {
            let p = q.p;
            (a.seed_hint(&p), b.seed_hint(&-(rot_ba * p)), p)
        };
        let mut pair = Pair3 {
            a,
            b,
            rot_ab: q.rot_ab,
            rot_ba,
            c1: q.c1,
            cb: q.cb,
            ra: a.radius(),
            rb: b.radius(),
            rounded: a.radius() + b.radius() > 0.0,
            hint_a,
            hint_b,
            reseed: a.is_polytope() || b.is_polytope(),
            hint_direction: HintDirection::new(previous),
        };
        // Sec. III-F.3 / Eq. 31: the previous inner approximation's points, A's in A's
        // frame (unchanged), B's moved by B's new pose relative to A, as offsets from
        // the centres.
        let warm = match (self.warm, self.memory.points) {
            (true, Some(pts)) => Some(pts.map(|(pa, pb, n)| (pa - q.c1, q.rot_ab * (pb - q.cb), n))),
            _ => None,
        };
        let problem = Problem {
            p: q.p,
            r1: q.r1,
            r2: q.r2,
            tolerance: self.settings.tolerance,
            max_iterations: self.settings.max_iterations,
            warm: warm.as_ref(),
            mode: self.mode,
        };
        let run = core::solve(&mut pair, &problem, self.trace);
        self.memory.hint_a = pair.hint_a;
        self.memory.hint_b = pair.hint_b;
        self.memory.direction = pair.hint_direction.direction();
        let mut points = [(Vec3::zeros(), Vec3::zeros(), Vec3::zeros()); 3];
        for (m, pt) in points.iter_mut().enumerate() {
            let n = if run.known & (1 << m) != 0 {
                run.normals[m]
            } else {
                Vec3::zeros()
            };
            *pt = (q.c1 + run.pa[m], q.cb + rot_ba * run.pb[m], n);
        }
        self.memory.points = Some(points);
        run
    }
}

/// Growth distance between `a` and `b` scaled about their default centres, cold
/// started. For repeated queries keep a [`GrowthSolver`].
pub fn growth_distance(
    a: &Shape,
    pose_a: &Pose,
    b: &Shape,
    pose_b: &Pose,
    settings: &GrowthSettings,
) -> Result<GrowthOutput, WolfeError> {
    GrowthSolver::new(*settings)?.growth_distance(a, pose_a, b, pose_b)
}

/// Growth-based collision test between `a` and `b` (default centres), cold started.
pub fn growth_collide(
    a: &Shape,
    pose_a: &Pose,
    b: &Shape,
    pose_b: &Pose,
    settings: &GrowthSettings,
) -> Result<GrowthCollisionOutput, WolfeError> {
    GrowthSolver::new(*settings)?.collide(a, pose_a, b, pose_b)
}
