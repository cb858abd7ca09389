//! The public queries: distance and boolean intersection between two posed shapes.
//!
//! Conventions (pinned by tests): poses map shape-local to world coordinates; results
//! are in world frame; the **normal points from A to B**; distances are in metres and
//! are 0 when the shapes overlap (the penetration depth is EPA's job).
//!
//! The queries validate their input, compute the relative pose once, run GJK in A's
//! frame on the cores (DESIGN.md: a shape is a core plus a radius), and add the radii at
//! the end. `match (a, b)` happens once here; the loop is monomorphized per pair.

use crate::collide::closed_form::closed_form_cores;
use crate::collide::gjk::{run_gjk, GjkRun, GjkSettings, GjkStatus, QueryKind};
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::Simplex;
use crate::error::WolfeError;
use crate::math::{Pose, Quat, Vec3};
use crate::shape::{Shape, SupportMap};

/// Result of a distance query. All points and vectors are in world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// Where a query starts its first support direction (GJK++ Sec. IV-E compares these).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum WarmStart {
    /// Difference of the bounding-box centres (GJK++ Sec. IV default).
    #[default]
    BoundingBoxCenters,
    /// The separation vector of this solver's previous query (falls back to the box
    /// centres on the first query). Also keeps the meshes' hill-climbing hints.
    Previous,
    /// A guess of the separation vector `point_a - point_b` in world frame, for example
    /// the previous time step's (note the sign: from B to A, opposite to the normal).
    Direction(Vec3),
}

/// A reusable solver: the settings plus the warm-start cache and scratch space, owned by
/// the caller (DESIGN.md: state belongs to the caller), so that queries allocate nothing.
#[derive(Clone, Debug, Default)]
pub struct GjkSolver {
    settings: GjkSettings,
    /// How the next query starts.
    pub warm_start: WarmStart,
    simplex: Simplex,
    /// Separation vector `point_a - point_b` of the cores at the last query, in A's
    /// frame, with A's rotation then (world frame on demand: most queries never need it).
    previous_separation: Option<(Vec3, Quat)>,
    hint_a: u32,
    hint_b: u32,
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

    /// The separation vector `point_a - point_b` of the cores at the last query that
    /// found one, in world frame (what [`WarmStart::Previous`] starts from); `None`
    /// before the first. Callers with their own motion model (GJK++ Sec. IV-E, "WS
    /// T(prev)") transform it and pass it back as [`WarmStart::Direction`].
    pub fn previous_separation(&self) -> Option<Vec3> {
        self.previous_separation.map(|(v, rot)| rot * v)
    }

    /// Forgets the previous separation (and the meshes' hill-climbing hints), so that
    /// [`WarmStart::Previous`] falls back to the bounding boxes, as after a step where
    /// the broad phase filtered the pair out.
    pub fn forget_previous(&mut self) {
        self.previous_separation = None;
        self.hint_a = 0;
        self.hint_b = 0;
    }

    /// Distance between `a` at `pose_a` and `b` at `pose_b`.
    pub fn distance(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<DistanceOutput, WolfeError> {
        self.validate(pose_a, pose_b)?;
        if let Some(c) = self.closed_form(a, pose_a, b, pose_b) {
            return Ok(closed_form_distance(c, a.radius(), b.radius()));
        }
        let solved = self.solve(a, pose_a, b, pose_b, QueryKind::Distance);
        Ok(distance_output(&solved, pose_a))
    }

    /// Whether `a` at `pose_a` and `b` at `pose_b` intersect (GJK++ Alg. 2).
    pub fn intersects(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<CollisionOutput, WolfeError> {
        self.validate(pose_a, pose_b)?;
        if let Some(c) = self.closed_form(a, pose_a, b, pose_b) {
            return Ok(closed_form_collision(
                c,
                a.radius() + b.radius(),
                self.settings.collision_margin,
            ));
        }
        let solved = self.solve(a, pose_a, b, pose_b, QueryKind::Collision);
        Ok(collision_output(&solved, pose_a, self.settings.collision_margin))
    }

    /// Rejects invalid poses and a non-finite warm-start direction.
    #[inline]
    fn validate(&self, pose_a: &Pose, pose_b: &Pose) -> Result<(), WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        if let WarmStart::Direction(v) = self.warm_start {
            if !v.iter().all(|c| c.is_finite()) {
                return Err(WolfeError::NonFiniteDirection);
            }
        }
        Ok(())
    }

    /// The closed form of a pair with a ball (see `collide::closed_form`), when enabled
    /// and available: the closest points of the cores in world frame, remembered as the
    /// previous separation. The caller forms its output from them directly: for these
    /// pairs the fixed cost of a query is most of its cost.
    #[inline]
    fn closed_form(&mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose) -> Option<ClosedForm> {
        if !self.settings.closed_form_pairs {
            return None;
        }
        let (ca, cb) = closed_form_cores(a, pose_a, b, pose_b)?;
        let x = ca - cb;
        // World frame: stored with the identity rotation.
        self.previous_separation = Some((x, Quat::identity()));
        Some(ClosedForm { ca, cb, x })
    }

    /// The GJK path of a query (inputs already validated).
    #[inline]
    fn solve(&mut self, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, kind: QueryKind) -> Solved {
        let radii = (a.radius(), b.radius());
        let pose_ab = pose_a.relative(pose_b);
        let keep_hints = self.warm_start == WarmStart::Previous && self.previous_separation.is_some();
        let guess = match self.warm_start {
            WarmStart::BoundingBoxCenters => {
                self.hint_a = 0;
                self.hint_b = 0;
                None
            }
            WarmStart::Previous => self
                .previous_separation
                .map(|(v, rot)| pose_a.inverse_transform_vector(&(rot * v))),
            WarmStart::Direction(v) => Some(pose_a.inverse_transform_vector(&v)),
        };
        let run = visit_pair(
            a,
            b,
            Runner {
                pose_ab: &pose_ab,
                guess,
                settings: &self.settings,
                kind,
                simplex: &mut self.simplex,
                hints: (&mut self.hint_a, &mut self.hint_b),
                keep_hints,
            },
        );
        if run.x.norm_squared() > 0.0 {
            self.previous_separation = Some((run.x, pose_a.rotation));
        }
        Solved {
            run,
            witness: self.simplex.witness_points(),
            in_world_frame: false,
            radii,
        }
    }
}

/// The closest points of two cores from a closed form, in world frame, and their
/// separation `x = ca - cb`.
#[derive(Clone, Copy)]
struct ClosedForm {
    ca: Vec3,
    cb: Vec3,
    x: Vec3,
}

/// The distance output of a closed form: exact, zero gap, no iteration. The same values
/// as [`distance_output`] gives for the equivalent zero-iteration run.
#[inline]
fn closed_form_distance(c: ClosedForm, ra: f64, rb: f64) -> DistanceOutput {
    let x_norm = c.x.norm();
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
    // Normal from A to B; the separation x = a - b points from B to A.
    let normal = -c.x / x_norm;
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
    let x_norm = c.x.norm();
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
        separating_normal: -c.x / x_norm,
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
/// started from the bounding-box centres. For repeated queries, keep a [`GjkSolver`].
pub fn distance(
    a: &Shape,
    pose_a: &Pose,
    b: &Shape,
    pose_b: &Pose,
    settings: &GjkSettings,
) -> Result<DistanceOutput, WolfeError> {
    GjkSolver::new(*settings)?.distance(a, pose_a, b, pose_b)
}

/// Whether `a` at `pose_a` and `b` at `pose_b` intersect (within the settings' collision
/// margin), with early exit on a separating plane (GJK++ Alg. 2).
pub fn intersects(
    a: &Shape,
    pose_a: &Pose,
    b: &Shape,
    pose_b: &Pose,
    settings: &GjkSettings,
) -> Result<CollisionOutput, WolfeError> {
    GjkSolver::new(*settings)?.intersects(a, pose_a, b, pose_b)
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
        -run.x / x_norm
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
    hints: (&'q mut u32, &'q mut u32),
    /// Whether the hints belong to this pair (a [`WarmStart::Previous`] query after one
    /// that ran GJK); otherwise the climbs start from the meshes' seeds.
    keep_hints: bool,
}

impl Runner<'_> {
    fn run<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(self, a: &A, b: &B) -> GjkRun {
        let mut md = MinkowskiDifference::new(a, b, self.pose_ab);
        let x0 = self.guess.unwrap_or_else(|| md.bounding_box_center_difference());
        if self.keep_hints {
            md.keep_hints((*self.hints.0, *self.hints.1), &x0);
        }
        let run = run_gjk(&mut md, x0, self.settings, self.kind, self.simplex);
        *self.hints.0 = md.hint_a;
        *self.hints.1 = md.hint_b;
        run
    }
}

/// Dispatches on A's concrete type, then B's: 64 monomorphized loops, one `match` each
/// per query instead of one per support call.
fn visit_pair(a: &Shape, b: &Shape, r: Runner<'_>) -> GjkRun {
    match a {
        Shape::Sphere(s) => visit_b(s, b, r),
        Shape::Ellipsoid(s) => visit_b(s, b, r),
        Shape::Cuboid(s) => visit_b(s, b, r),
        Shape::Capsule(s) => visit_b(s, b, r),
        Shape::Cylinder(s) => visit_b(s, b, r),
        Shape::Cone(s) => visit_b(s, b, r),
        Shape::ConvexMesh(s) => visit_b(s.as_ref(), b, r),
        Shape::Inflated(s) => visit_b(s.as_ref(), b, r),
    }
}

fn visit_b<A: SupportMap + ?Sized>(a: &A, b: &Shape, r: Runner<'_>) -> GjkRun {
    match b {
        Shape::Sphere(s) => r.run(a, s),
        Shape::Ellipsoid(s) => r.run(a, s),
        Shape::Cuboid(s) => r.run(a, s),
        Shape::Capsule(s) => r.run(a, s),
        Shape::Cylinder(s) => r.run(a, s),
        Shape::Cone(s) => r.run(a, s),
        Shape::ConvexMesh(s) => r.run(a, s.as_ref()),
        Shape::Inflated(s) => r.run(a, s.as_ref()),
    }
}
