//! Queries between two convex primitives of composite geometries: a convex [`Shape`]
//! at a pose, or a mesh [`Triangle`] in its mesh's frame.
//!
//! Shape against shape goes through the library's own solvers ([`GjkSolver`],
//! [`ContactSolver`]: closed forms, warm starts and all). A pair with a triangle runs
//! the same GJK loop (GJK++ Alg. 4-7 through `run_gjk`) and EPA on the Minkowski
//! difference of the triangle's support map and the concrete shape type, dispatched
//! once, with the triangle always as A (a triangle on B's side is swapped and the
//! outputs flipped).

use super::triangle::Triangle;
use crate::collide::contact::{Contact, ContactSolver, SignedDistanceSettings};
use crate::collide::dispatch::{dispatch_b, PairVisitor};
use crate::collide::distance::{DistanceOutput, GjkSolver};
use crate::collide::epa::{run_epa, EpaRun, EpaSettings, Polytope};
use crate::collide::gjk::{run_gjk, GjkRun, GjkSettings, GjkStatus, QueryKind};
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::Simplex;
use crate::error::WolfeError;
use crate::math::{Pose, Vec3};
use crate::shape::{ConvexShape, Shape};

/// A convex primitive of a composite geometry, posed in the world.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Prim<'g> {
    /// A convex shape at its world pose.
    Shape(&'g Shape, Pose),
    /// A triangle (in its mesh's frame) and the mesh's world pose.
    Tri(Triangle, Pose),
}

/// The solvers and scratch of the primitive queries (allocated once).
#[derive(Clone, Debug)]
pub(crate) struct PairSolver {
    pub(crate) gjk: GjkSolver,
    pub(crate) contact: ContactSolver,
    simplex: Simplex,
    polytope: Polytope,
}

/// What a triangle run computes: GJK with the radii (a distance or a boolean, stopping
/// once beyond `margin` for `Proximity`/`Collision`), or GJK on the cores then EPA
/// (signed distance).
#[derive(Clone, Copy, Debug)]
enum Mode {
    Gjk(QueryKind, f64),
    Signed,
}

/// A triangle run's result, in the triangle's frame (A).
struct TriRun {
    run: GjkRun,
    witness: (Vec3, Vec3),
    epa: Option<EpaRun>,
    radius_b: f64,
}

impl PairSolver {
    /// Solvers with `settings` (validated).
    pub(crate) fn new(settings: SignedDistanceSettings) -> Result<Self, WolfeError> {
        Ok(Self {
            gjk: GjkSolver::new(settings.gjk)?,
            contact: ContactSolver::new(settings)?,
            simplex: Simplex::new(),
            polytope: Polytope::with_capacity(settings.epa.max_iterations as usize),
        })
    }

    fn settings(&self) -> &SignedDistanceSettings {
        self.contact.settings()
    }

    /// The distance of a pair, or `None` when GJK proved it farther than `beyond` (a
    /// best distance found so far; infinite: always computed).
    pub(crate) fn distance(&mut self, a: &Prim<'_>, b: &Prim<'_>, beyond: f64) -> Option<DistanceOutput> {
        match (a, b) {
            (Prim::Shape(sa, pa), Prim::Shape(sb, pb)) => self.gjk.distance(sa, pa, sb, pb, None).ok(),
            (Prim::Tri(..), _) => self.tri_distance(a, b, beyond),
            (Prim::Shape(..), Prim::Tri(..)) => self.tri_distance(b, a, beyond).map(flip_distance),
        }
    }

    /// Whether a pair intersects within the GJK settings' collision margin (undecided
    /// runs count as intersecting unless a separating plane was found, as
    /// [`GjkSolver::intersects`] answers).
    pub(crate) fn intersects(&mut self, a: &Prim<'_>, b: &Prim<'_>) -> bool {
        let margin = self.settings().gjk.collision_margin;
        let (t, other) = match (a, b) {
            (Prim::Shape(sa, pa), Prim::Shape(sb, pb)) => {
                return self
                    .gjk
                    .intersects(sa, pa, sb, pb, None)
                    .map_or(true, |c| c.intersecting)
            }
            (Prim::Tri(..), _) => (a, b),
            (Prim::Shape(..), Prim::Tri(..)) => (b, a),
        };
        let r = self.tri_run(t, other, Mode::Gjk(QueryKind::Collision, margin));
        let x = r.run.x.norm();
        match r.run.status {
            GjkStatus::Separated => false,
            GjkStatus::Intersecting => true,
            GjkStatus::Converged => x <= r.radius_b + margin,
            GjkStatus::IterationLimit | GjkStatus::NumericalTrouble => {
                r.run.lower_bound <= r.radius_b + margin
            }
        }
    }

    /// The contact of a pair if its signed distance is at most `margin`.
    pub(crate) fn contact(&mut self, a: &Prim<'_>, b: &Prim<'_>, margin: f64) -> Option<Contact> {
        match (a, b) {
            (Prim::Shape(sa, pa), Prim::Shape(sb, pb)) => {
                self.contact.contact(sa, pa, sb, pb, margin, None).ok().flatten()
            }
            (Prim::Tri(..), _) => self.tri_contact(a, b, margin),
            (Prim::Shape(..), Prim::Tri(..)) => self.tri_contact(b, a, margin).map(flip_contact),
        }
    }

    /// Distance with the triangle `t` as A.
    fn tri_distance(&mut self, t: &Prim<'_>, other: &Prim<'_>, beyond: f64) -> Option<DistanceOutput> {
        let mode = if beyond.is_finite() {
            Mode::Gjk(QueryKind::Proximity, beyond)
        } else {
            Mode::Gjk(QueryKind::Distance, 0.0)
        };
        let r = self.tri_run(t, other, mode);
        if r.run.status == GjkStatus::Separated {
            return None;
        }
        Some(distance_output(&r, pose_of(t)))
    }

    /// Contact with the triangle `t` as A: GJK on the cores, EPA when they overlap.
    fn tri_contact(&mut self, t: &Prim<'_>, other: &Prim<'_>, margin: f64) -> Option<Contact> {
        let r = self.tri_run(t, other, Mode::Signed);
        let pose = pose_of(t);
        let rb = r.radius_b;
        let (sd, n, (ca, cb), certified) = match &r.epa {
            Some(e) => (
                -(e.depth + rb),
                e.normal,
                (e.point_a, e.point_b),
                e.status.is_certified(),
            ),
            None => {
                let x = r.run.x.norm();
                let n = if r.run.face_normal != Vec3::zeros() {
                    -r.run.face_normal
                } else if x > 0.0 {
                    -r.run.x / x
                } else {
                    Vec3::z()
                };
                (x - rb, n, r.witness, r.run.status == GjkStatus::Converged)
            }
        };
        if sd > margin {
            return None;
        }
        Some(Contact {
            normal: pose.transform_vector(&n),
            signed_distance: sd,
            point_a: pose.transform_point(&ca),
            point_b: pose.transform_point(&(cb - rb * n)),
            certified,
        })
    }

    /// GJK (then EPA in `Mode::Signed`) of triangle `t` (A) against `other`, in `t`'s
    /// mesh frame.
    fn tri_run(&mut self, t: &Prim<'_>, other: &Prim<'_>, mode: Mode) -> TriRun {
        let Prim::Tri(tri, pose_t) = t else {
            unreachable!("the caller puts the triangle first")
        };
        let (gjk, epa) = (self.settings().gjk, self.settings().epa);
        let visitor = TriVisitor {
            pose_ab: Pose::identity(),
            gjk: &gjk,
            epa: &epa,
            mode,
            simplex: &mut self.simplex,
            polytope: &mut self.polytope,
        };
        match other {
            Prim::Shape(s, pose_s) => {
                let v = TriVisitor {
                    pose_ab: pose_t.relative(pose_s),
                    ..visitor
                };
                let mut r = dispatch_b(tri, s, v);
                r.radius_b = s.radius();
                r
            }
            Prim::Tri(tb, pose_b) => TriVisitor {
                pose_ab: pose_t.relative(pose_b),
                ..visitor
            }
            .visit(tri, tb),
        }
    }
}

#[inline]
fn pose_of(t: &Prim<'_>) -> Pose {
    match t {
        Prim::Shape(_, p) | Prim::Tri(_, p) => *p,
    }
}

/// GJK (and EPA) on a triangle and a concrete shape.
struct TriVisitor<'q> {
    pose_ab: Pose,
    gjk: &'q GjkSettings,
    epa: &'q EpaSettings,
    mode: Mode,
    simplex: &'q mut Simplex,
    polytope: &'q mut Polytope,
}

impl PairVisitor for TriVisitor<'_> {
    type Output = TriRun;

    fn visit<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(self, a: &A, b: &B) -> TriRun {
        let mut md = MinkowskiDifference::new(a, b, &self.pose_ab);
        let x0 = md.bounding_box_center_difference();
        let (run, epa) = match self.mode {
            Mode::Gjk(kind, margin) => {
                let settings = GjkSettings {
                    collision_margin: margin,
                    ..*self.gjk
                };
                (run_gjk(&mut md, x0, &settings, kind, self.simplex), None)
            }
            Mode::Signed => {
                // The cores alone, so that GJK converges to their own distance.
                md.drop_radii();
                let run = run_gjk(&mut md, x0, self.gjk, QueryKind::Distance, self.simplex);
                let epa = (run.status == GjkStatus::Intersecting)
                    .then(|| run_epa(&mut md, self.simplex, self.epa, self.polytope));
                (run, epa)
            }
        };
        TriRun {
            run,
            witness: self.simplex.witness_points(),
            epa,
            radius_b: b.radius(),
        }
    }
}

/// The distance output of a triangle run (the triangle has no radius), as
/// `collide::distance` forms it: world frame, normal from A to B.
fn distance_output(r: &TriRun, pose_a: Pose) -> DistanceOutput {
    let run = &r.run;
    let rb = r.radius_b;
    let x_norm = run.x.norm();
    let overlapping = run.status == GjkStatus::Intersecting || x_norm <= rb;
    let (ca, cb) = r.witness;
    if overlapping {
        return DistanceOutput {
            distance: 0.0,
            point_a: pose_a.transform_point(&ca),
            point_b: pose_a.transform_point(&cb),
            normal: Vec3::zeros(),
            lower_bound: 0.0,
            upper_bound: 0.0,
            duality_gap: f64::INFINITY,
            iterations: run.iterations,
            support_calls: run.support_calls,
            status: GjkStatus::Intersecting,
        };
    }
    let n = if run.face_normal != Vec3::zeros() {
        -run.face_normal
    } else {
        -run.x / x_norm
    };
    let distance = x_norm - rb;
    let point_a = pose_a.transform_point(&ca);
    let normal = pose_a.transform_vector(&n);
    DistanceOutput {
        distance,
        point_a,
        point_b: point_a + distance * normal,
        normal,
        lower_bound: (run.lower_bound - rb).max(0.0),
        upper_bound: distance,
        duality_gap: run.duality_gap,
        iterations: run.iterations,
        support_calls: run.support_calls,
        status: run.status,
    }
}

/// The output of the pair (B, A) from that of (A, B).
fn flip_distance(mut d: DistanceOutput) -> DistanceOutput {
    std::mem::swap(&mut d.point_a, &mut d.point_b);
    d.normal = -d.normal;
    d
}

fn flip_contact(mut c: Contact) -> Contact {
    std::mem::swap(&mut c.point_a, &mut c.point_b);
    c.normal = -c.normal;
    c
}
