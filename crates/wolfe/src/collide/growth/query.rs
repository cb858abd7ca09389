//! Growth distance and growth-based collision between posed 3D shapes.

use super::answer::{
    certified_alphas, output, separating_plane, Answer, Continued, GrowthCollisionOutput, GrowthOutput,
};
use super::core::{self, GrowthTrace, Mode, PairSupport, Problem, Run, V};
use super::frame::{prepare, CenterPoint, Query};
use super::newton::{self, Smooth, SmoothQuery};
use super::settings::{GrowthSettings, GrowthStatus};
use crate::collide::cache::{GrowthMemory, PairCache};
use crate::collide::dispatch::{dispatch, PairVisitor};
use crate::collide::minkowski::HintDirection;
use crate::error::WolfeError;
use crate::math::{Mat3, Pose, Vec3};
use crate::shape::{ConvexShape, Shape};

/// A reusable growth distance solver: the settings (it needs no scratch space). Queries
/// allocate nothing.
///
/// Each query scales the shapes about their default centres ([`CenterPoint::of`]) or
/// about the `centers` given (A's, then B's, in the shapes' local frames).
///
/// With a `cache`, a query starts from the inner approximation of the pair's previous
/// query, kept in the caller's [`PairCache`] and moved by the shapes' new poses
/// (Sec. III-F.3); an empty cache starts cold, and the centres must be those of the
/// query that filled the cache. Pairs of strictly convex shapes (spheres, ellipsoids)
/// always start cold: their solver ends with the basis clustered at the answer (see the
/// interpolated-normal step in `core.rs`), and warm start gains nothing on curved sets
/// (Sec. IV-B). The meshes' hill-climbing hints carry over too.
#[derive(Clone, Debug, Default)]
pub struct GrowthSolver {
    settings: GrowthSettings,
}

impl GrowthSolver {
    /// A solver with validated settings.
    pub fn new(settings: GrowthSettings) -> Result<Self, WolfeError> {
        settings.validate()?;
        Ok(Self { settings })
    }

    /// The settings.
    pub fn settings(&self) -> &GrowthSettings {
        &self.settings
    }

    /// Growth distance between `a` at `pose_a` and `b` at `pose_b`, scaled about the
    /// default centres or the `centers` given, warm-started from the pair's `cache` when
    /// there is one (see [`GrowthSolver`]).
    pub fn growth_distance(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, centers: Option<&[CenterPoint; 2]>,
        cache: Option<&mut PairCache>,
    ) -> Result<GrowthOutput, WolfeError> {
        let centers = centers_of(a, b, centers);
        self.distance_shapes(a, pose_a, b, pose_b, &centers, cache, &mut ())
    }

    /// [`GrowthSolver::growth_distance`], cold started, reporting the bounds of every
    /// iteration to `trace` (a closure `FnMut(GrowthIterate)` works): the instrumented
    /// form of the same code.
    pub fn growth_distance_traced<T: GrowthTrace>(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, centers: Option<&[CenterPoint; 2]>,
        trace: &mut T,
    ) -> Result<GrowthOutput, WolfeError> {
        let centers = centers_of(a, b, centers);
        self.distance_shapes(a, pose_a, b, pose_b, &centers, None, trace)
    }

    /// [`GrowthSolver::growth_distance`] (cold started) between any two
    /// [`ConvexShape`]s, not only [`Shape`]s: custom support functions (a wrapper that
    /// counts or changes support calls, a shape type of the caller's), monomorphized for
    /// `A` and `B`. The answer is that of the `Shape` queries.
    ///
    /// ```
    /// use wolfe::{ConvexMesh, ConvexShape, GrowthSettings, GrowthSolver, Pose, Shape, SupportMap, Vec3};
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
    /// let mut solver = GrowthSolver::new(GrowthSettings::default()).unwrap();
    /// let out = solver
    ///     .growth_distance_of(&a, &Pose::identity(), &b, &pose_b, None)
    ///     .unwrap();
    /// // Unit cubes 3 apart along x: they touch when scaled by 3 about their centres.
    /// assert!((out.alpha - 3.0).abs() < 1e-7);
    /// ```
    pub fn growth_distance_of<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
        &mut self, a: &A, pose_a: &Pose, b: &B, pose_b: &Pose, centers: Option<&[CenterPoint; 2]>,
    ) -> Result<GrowthOutput, WolfeError> {
        let [ca, cb] = centers_of(a, b, centers);
        let mut cold = GrowthMemory::default();
        let memory = memory_use(None, &mut cold);
        distance_with(
            &self.settings,
            memory,
            pose_a,
            &ca,
            pose_b,
            &cb,
            &mut (),
            None,
            |r| r.visit(a, b),
        )
    }

    /// Growth-based collision test with early exit (Sec. III-F.4) between `a` at
    /// `pose_a` and `b` at `pose_b`; `centers` and `cache` as in
    /// [`GrowthSolver::growth_distance`].
    pub fn collide(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, centers: Option<&[CenterPoint; 2]>,
        cache: Option<&mut PairCache>,
    ) -> Result<GrowthCollisionOutput, WolfeError> {
        let [ca, cb] = centers_of(a, b, centers);
        let mut cold = GrowthMemory::default();
        let memory = memory_use(cache, &mut cold);
        collide_with(&self.settings, memory, a, pose_a, &ca, b, pose_b, &cb)
    }

    /// The distance query on [`Shape`]s (dispatched once, Newton first on smooth pairs),
    /// out of line: the public entries only pick the centres.
    #[allow(clippy::too_many_arguments)]
    fn distance_shapes<T: GrowthTrace>(
        &mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, [ca, cb]: &[CenterPoint; 2],
        cache: Option<&mut PairCache>, trace: &mut T,
    ) -> Result<GrowthOutput, WolfeError> {
        // Initialized on the cold path only: a warm query writes no memory of its own.
        let mut cold;
        let memory = match cache {
            Some(cache) => (&mut cache.growth, true),
            None => {
                cold = GrowthMemory::default();
                (&mut cold, false)
            }
        };
        let smooth = Smooth::of(a).zip(Smooth::of(b));
        distance_with(
            &self.settings,
            memory,
            pose_a,
            ca,
            pose_b,
            cb,
            trace,
            smooth,
            |r| dispatch(a, b, r),
        )
    }
}

/// The pair's growth memory to start from and write to: the cache's, or `cold` (a
/// query without a cache starts cold).
#[inline(always)]
fn memory_use<'m>(cache: Option<&'m mut PairCache>, cold: &'m mut GrowthMemory) -> MemoryUse<'m> {
    match cache {
        Some(cache) => (&mut cache.growth, true),
        None => (cold, false),
    }
}

/// The centres a query scales the shapes about: the ones given, or the defaults.
#[inline(always)]
fn centers_of<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    a: &A, b: &B, centers: Option<&[CenterPoint; 2]>,
) -> [CenterPoint; 2] {
    match centers {
        Some(c) => *c,
        None => [CenterPoint::of(a), CenterPoint::of(b)],
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
    settings: &GrowthSettings, (memory, warm): MemoryUse<'_>, pose_a: &Pose, center_a: &CenterPoint,
    pose_b: &Pose, center_b: &CenterPoint, trace: &mut T, smooth: Option<(Smooth, Smooth)>,
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
        let answer = Answer::from_newton(&run, settings.tolerance);
        if answer.status == GrowthStatus::Converged || run.iterations >= settings.max_iterations {
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
    settings: &GrowthSettings, (memory, warm): MemoryUse<'_>, a: &Shape, pose_a: &Pose,
    center_a: &CenterPoint, b: &Shape, pose_b: &Pose, center_b: &CenterPoint,
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
    let (separating_normal, offset_a, offset_b) =
        separating_plane(&run, &q.c1, &q.p, |n| rot * n, &pose_a.translation);
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
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, settings: &GrowthSettings,
) -> Result<GrowthOutput, WolfeError> {
    GrowthSolver::new(*settings)?.growth_distance(a, pose_a, b, pose_b, None, None)
}

/// Growth-based collision test between `a` and `b` (default centres), cold started.
pub fn growth_collide(
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, settings: &GrowthSettings,
) -> Result<GrowthCollisionOutput, WolfeError> {
    GrowthSolver::new(*settings)?.collide(a, pose_a, b, pose_b, None, None)
}
