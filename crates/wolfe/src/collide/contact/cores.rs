//! GJK, then EPA when the cores overlap, on the cores of a pair in A's frame: the
//! computation behind every query of [`ContactSolver`] (see the module documentation
//! of `contact`).

use crate::collide::cache::ClimbHints;
use crate::collide::closed_form::closed_form_cores;
use crate::collide::dispatch::{dispatch, PairVisitor};
use crate::collide::epa::{identical_depth, run_epa, run_epa_bounded, EpaRun, EpaSettings, Polytope};
use crate::collide::gjk::{run_gjk, GjkRun, GjkSettings, GjkStatus, QueryKind};
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::{Simplex, SupportPoint};
use crate::math::{Pose, Vec3};
use crate::shape::{ConvexShape, Shape};

use super::{ContactSolver, SignedDistanceOutput, SignedDistanceSettings};

impl ContactSolver {
    /// GJK, then EPA if needed, on the cores in A's frame; GJK starts from `x0` (A's
    /// frame) when given, else from the bounding-box centres, and the meshes' climbs
    /// from the hints `keep` when given (the run's last support vertices are written to
    /// `hints`). With `within = Some(m)`
    /// GJK stops (status `Separated`) as soon as the signed distance is certainly
    /// above `m` (Eq. 19's lower bound), since a contact query needs nothing more.
    pub(crate) fn run_cores(
        &mut self, a: &Shape, b: &Shape, pose_ab: &Pose, x0: Option<Vec3>, within: Option<f64>,
        (keep, hints): (Option<ClimbHints>, &mut Option<ClimbHints>),
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
                        lower: gjk.lower_bound,
                    };
                }
                let mut gjk = run;
                gjk.status = GjkStatus::Intersecting;
                let epa = dispatch(
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
                    lower: f64::NEG_INFINITY,
                };
            }
        }
        dispatch(
            a,
            b,
            GjkEpa {
                shapes: (a, b),
                pose_ab,
                x0,
                within,
                keep,
                hints,
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
                // The certified face's normal when GJK ended on one (issue 21).
                let n = if gjk.face_normal != Vec3::zeros() {
                    -gjk.face_normal
                } else if x_norm > 0.0 {
                    -gjk.x / x_norm
                } else {
                    Vec3::x()
                };
                (
                    x_norm - radius_sum,
                    n,
                    core.lower.min(x_norm) - radius_sum,
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

/// The exact result for a pair with a ball on at least one side and a ball, box,
/// capsule, cylinder or cone on the other: a GJK run (0 iterations, zero gap) and the
/// closest points of the cores, all **in world frame**; `None` when the pair needs GJK.
/// `radius_sum` is the sum of the shapes' radii (the caller has it already).
///
/// World frame because a ball needs no rotation: two balls cost no rotation at all, and
/// a ball against another core costs one rotation of the ball's centre into that core's
/// frame and one of the closest point back, fewer than the relative pose and the output
/// rotations of the A-frame path.
fn closed_form_run(
    a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, radius_sum: f64, kind: QueryKind,
    collision_margin: f64,
) -> Option<(GjkRun, Vec3, Vec3)> {
    if matches!((a, b), (Shape::Capsule(_), Shape::Capsule(_))) {
        // Crossing axes (the only case that reaches here): GJK's simplex, then EPA.
        return None;
    }
    let (ca, cb) = closed_form_cores(a, pose_a, b, pose_b)?;
    let x = ca - cb;
    let x_norm = x.norm();
    let threshold = match kind {
        // The closed form is exact and cheap: proximity queries take the distance.
        QueryKind::Distance | QueryKind::Proximity => radius_sum,
        QueryKind::Collision => radius_sum + collision_margin,
    };
    let status = if x_norm <= threshold {
        GjkStatus::Intersecting
    } else if kind == QueryKind::Collision {
        GjkStatus::Separated
    } else {
        GjkStatus::Converged
    };
    let run = GjkRun {
        status,
        x,
        iterations: 0,
        support_calls: 0,
        duality_gap: 0.0,
        lower_bound: if status == GjkStatus::Intersecting {
            0.0
        } else {
            x_norm
        },
        separating_direction: x,
        face_normal: Vec3::zeros(),
        face_bound: f64::NEG_INFINITY,
    };
    Some((run, ca, cb))
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
    /// A certified lower bound of the cores' signed distance when EPA did not run
    /// ([`signed_lower_bound`]); unused when it did.
    pub lower: f64,
}

/// Rounding of the closed forms' core points, in ulps of the coordinates' size: a
/// point mapped to B's frame and back (two rotations, two translations).
pub(crate) const CLOSED_FORM_ROUNDING: f64 = 64.0;

/// GJK on the cores, then EPA when they overlap.
struct GjkEpa<'q> {
    /// The pair, for the exact depth of identical shapes ([`identical_depth`]).
    shapes: (&'q Shape, &'q Shape),
    pose_ab: &'q Pose,
    /// The first support direction (A's frame); `None`: the bounding-box centres.
    x0: Option<Vec3>,
    /// Stop once the shapes are certainly farther apart than this margin.
    within: Option<f64>,
    /// The climbing hints to start from (`None`: the meshes' seeds).
    keep: Option<ClimbHints>,
    /// Where the run's last support vertices are written.
    hints: &'q mut Option<ClimbHints>,
    settings: &'q SignedDistanceSettings,
    simplex: &'q mut Simplex,
    polytope: &'q mut Polytope,
}

impl PairVisitor for GjkEpa<'_> {
    type Output = CoreRun;

    fn visit<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(self, a: &A, b: &B) -> CoreRun {
        // First GJK as the distance query runs it, with the radii: apart shapes get
        // their distance to the tolerance relative to the *shapes'* distance, at the
        // same cost as `distance`.
        let mut md = MinkowskiDifference::new(a, b, self.pose_ab);
        let x0 = match self.x0 {
            Some(x0) => x0,
            None => md.bounding_box_center_difference(),
        };
        if let Some(h) = self.keep {
            md.keep_hints((h.a, h.b), &x0);
        }
        let hints = self.hints;
        // A certified depth bound of identical shapes, computed only when EPA runs.
        let (sa, sb, pose_ab) = (self.shapes.0, self.shapes.1, self.pose_ab);
        let identical = || identical_depth(sa, sb, pose_ab);
        let run = gjk_epa(
            &mut md,
            x0,
            self.within,
            self.settings,
            (self.simplex, self.polytope),
            identical,
        );
        *hints = Some(ClimbHints {
            a: md.hint_a,
            b: md.hint_b,
        });
        run
    }
}

/// The body of [`GjkEpa`] on its Minkowski difference, from `x0`; `identical` gives
/// EPA's lower bound of identical shapes ([`run_epa_bounded`]).
#[inline]
fn gjk_epa<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, x0: Vec3, within: Option<f64>,
    sd_settings: &SignedDistanceSettings, (simplex, polytope): (&mut Simplex, &mut Polytope),
    identical: impl Fn() -> Option<(f64, Vec3)>,
) -> CoreRun {
    let (kind, settings) = match within {
        Some(margin) => (
            QueryKind::Proximity,
            GjkSettings {
                collision_margin: margin,
                ..sd_settings.gjk
            },
        ),
        None => (QueryKind::Distance, sd_settings.gjk),
    };
    let mut gjk = run_gjk(md, x0, &settings, kind, simplex);
    if gjk.status != GjkStatus::Intersecting {
        let lower = signed_lower_bound(md, &mut gjk);
        return CoreRun {
            gjk,
            epa: None,
            witness: simplex.witness_points(),
            lower,
        };
    }
    if simplex.contains_origin() || gjk.x.norm_squared() <= core_overlap_sq(simplex) {
        // The cores overlap: EPA from this simplex (its supports are the cores').
        let epa = run_epa_bounded(md, simplex, &sd_settings.epa, polytope, identical());
        return CoreRun {
            gjk,
            epa: Some(epa),
            witness: (epa.point_a, epa.point_b),
            lower: f64::NEG_INFINITY,
        };
    }
    // Only known that the rounded shapes overlap (GJK stops once `|x| <= radii`):
    // finish on the cores alone (radius 0), warm-started from `x`.
    let first = gjk;
    let radius_sum = md.radius_sum();
    md.drop_radii();
    md.keep_hints((md.hint_a, md.hint_b), &first.x);
    // The relative tolerance is meant for the signed distance `|x| - radii`, about
    // `radii - |x_first|` here: rescale it from the cores' distance to that.
    let x1 = first.x.norm();
    let mut settings = sd_settings.gjk;
    settings.tolerance *= ((radius_sum - x1) / x1).clamp(MIN_TOLERANCE_SCALE, 1.0);
    let mut gjk = run_gjk(md, first.x, &settings, QueryKind::Distance, simplex);
    gjk.iterations += first.iterations;
    gjk.support_calls += first.support_calls;
    if gjk.status == GjkStatus::Intersecting {
        let epa = run_epa_bounded(md, simplex, &sd_settings.epa, polytope, identical());
        CoreRun {
            gjk,
            epa: Some(epa),
            witness: (epa.point_a, epa.point_b),
            lower: f64::NEG_INFINITY,
        }
    } else {
        let lower = signed_lower_bound(md, &mut gjk);
        CoreRun {
            gjk,
            epa: None,
            witness: simplex.witness_points(),
            lower,
        }
    }
}

/// A certified lower bound of the cores' signed distance after a GJK run that did not
/// find them overlapping (issue 21).
///
/// For any unit `u`, `sd >= min_{s in D} <u, s>`: apart, Eq. 19; overlapping, the depth
/// `min_v max_{s in D} <v, s>` is at most its value at `v = -u`. GJK's Eq. 19 bound is
/// clamped at 0, which is a bound of the *distance* only: when GJK ends uncertified
/// (a stall, the iteration limit) on cores that may overlap, as a 1e-9-thin hull
/// against itself, `0` excludes the true, negative value. There the bound is taken in
/// the directions `+-x` (two support calls, on that rare path only) and the certified
/// face's, whichever is best.
#[inline(never)]
fn signed_lower_bound<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, gjk: &mut GjkRun,
) -> f64 {
    let x_norm = gjk.x.norm();
    if gjk.face_normal != Vec3::zeros() && gjk.status == GjkStatus::Converged {
        return gjk.face_bound.max(gjk.lower_bound.min(x_norm));
    }
    if gjk.lower_bound > 0.0 || gjk.status == GjkStatus::Converged || gjk.status == GjkStatus::Separated {
        return gjk.lower_bound;
    }
    let mut best = gjk.face_bound;
    if x_norm > 0.0 {
        let u = gjk.x / x_norm;
        let (s_pos, s_neg) = (md.support(&u), md.support(&-u));
        best = best.max(u.dot(&s_pos.w)).max(-u.dot(&s_neg.w));
        gjk.support_calls += 2;
    }
    best
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

    fn visit<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(self, a: &A, b: &B) -> EpaRun {
        let mut md = MinkowskiDifference::new(a, b, self.pose_ab);
        run_epa(&mut md, self.simplex, self.settings, self.polytope)
    }
}
