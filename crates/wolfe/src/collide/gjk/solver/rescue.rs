//! The cheap certificates a run tries before it reports
//! [`GjkStatus::NumericalTrouble`] or [`GjkStatus::IterationLimit`] ([`rescue`]).
//!
//! A stalled or exhausted run often holds a certificate it never computed: the loop
//! tests the duality gap (GJK++ Eq. 16-18) with the support taken *before* the last
//! projection, so the final iterate `x` was never tested; its support is one call of
//! each shape away. The long property run found 0.66% of distance calls on random hulls
//! and primitives at 1e-9..1e-6 m ending in `NumericalTrouble` where that one support
//! certified the distance to 6e-8 relative (tolerance 1e-7). Where the iterate itself
//! is off (a momentum run, or a warm start, stalled on a sliver simplex 2e-5 relative
//! from the distance), a fresh vanilla run usually finishes with a certificate.

use super::face::face_certified;
use super::features::feature_certified;
use super::{gap_converged, run_vanilla, GjkRun, QueryKind, Thresholds};
use crate::collide::gjk::settings::GjkSettings;
use crate::collide::gjk::GjkStatus;
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::Simplex;
use crate::shape::ConvexShape;

/// Relative rounding allowance of the inner-ball test: the ball's centre and radius come
/// from a rotation and sums of a few terms, a few ulps each.
const BALL_ROUNDING: f64 = 1e-12;

/// Whether a run's status is a certificate (anything but the two failures).
fn certified(run: &GjkRun) -> bool {
    !matches!(
        run.status,
        GjkStatus::NumericalTrouble | GjkStatus::IterationLimit
    )
}

/// Tries, in order, the certificates of a run that ended without one (only on that
/// rare path, hence out of line and cold):
///
/// 1. the cheap certificates of the run as it ended ([`cheap`]);
/// 2. a fresh vanilla GJK run from the bounding-box centres (Alg. 4), with the same
///    cheap certificates: a run that stalled on a sliver simplex, after momentum
///    (Polyak at 2e-5 relative off on a cone against a thin box at 8e-6 m) or from a
///    warm start far from the answer, does not carry its simplex over. It runs within
///    the iterations left of `max_iterations` (none after an `IterationLimit`) and is
///    kept when it is certified or nearer ([`retry`]);
/// 3. the normals of the contact features near the final iterate
///    ([`feature_certified`]): faces of either shape and edge pairs, whose planes bound
///    the distance where the iterate's direction is off by rounding;
/// 4. for booleans, the inner balls of both shapes
///    ([`MinkowskiDifference::core_inner_ball`]): when they overlap (within the radii
///    and the margin), the shapes do.
///
/// A certified run is `Converged` (`Separated`, `Intersecting`) with its bounds;
/// otherwise it keeps its status and the best bound found.
#[cold]
#[inline(never)]
pub(super) fn rescue<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, settings: &GjkSettings, kind: QueryKind, simplex: &mut Simplex,
    out: GjkRun,
) -> GjkRun {
    let t = Thresholds::new(md.radius_sum(), settings, kind);
    let mut out = cheap(md, settings, &t, simplex, out);
    if certified(&out) {
        return out;
    }
    let budget = settings.max_iterations.saturating_sub(out.iterations);
    if budget > 0 {
        out = retry(md, &settings.with_max_iterations(budget), kind, &t, simplex, out);
    }
    if !certified(&out) && feature_certified(md, settings, &t, simplex, &mut out) {
        out.status = if t.early_exit && out.lower_bound > t.separation {
            GjkStatus::Separated
        } else {
            GjkStatus::Converged
        };
    }
    if certified(&out) || kind != QueryKind::Collision {
        // A distance run that ends `Intersecting` hands its simplex to EPA (signed
        // distance), which needs the origin in it: the balls decide booleans only.
        return out;
    }
    let (c, rho) = md.core_inner_ball();
    let c_norm = c.norm();
    let reach = (c_norm - rho).max(0.0) * (1.0 + BALL_ROUNDING) + BALL_ROUNDING * (c_norm + rho);
    if (rho > 0.0 && reach * reach < t.radii_overlap_sq) || c_norm * (1.0 + BALL_ROUNDING) < rho {
        out.lower_bound = 0.0;
        out.status = GjkStatus::Intersecting;
    }
    out
}

/// Step 2 of [`rescue`]: a fresh vanilla run within the iteration budget left
/// (`settings`), kept when certified or nearer; else the first run with the better of
/// both lower bounds (each is valid). The iterations add up (the total stays within the
/// caller's limit); the retry's support calls are counted one per iteration, so that
/// `support_calls - iterations <= 1` still holds (its extra call, like the face check's,
/// is not counted).
fn retry<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, settings: &GjkSettings, kind: QueryKind, t: &Thresholds,
    simplex: &mut Simplex, mut out: GjkRun,
) -> GjkRun {
    let kept = *simplex;
    let x0 = md.bounding_box_center_difference();
    let mut again = run_vanilla(md, x0, settings, kind, simplex);
    if !certified(&again) {
        again = cheap(md, settings, t, simplex, again);
    }
    let calls = out.support_calls + again.iterations;
    let iterations = out.iterations + again.iterations;
    if certified(&again) || again.x.norm_squared() < out.x.norm_squared() {
        if !certified(&again) && out.lower_bound > again.lower_bound {
            again.lower_bound = out.lower_bound;
            again.separating_direction = out.separating_direction;
        }
        out = again;
    } else {
        *simplex = kept;
        if again.lower_bound > out.lower_bound {
            out.lower_bound = again.lower_bound;
            out.separating_direction = again.separating_direction;
        }
    }
    out.iterations = iterations;
    out.support_calls = calls;
    out
}

/// The certificates a run that ended without one holds or is one support away from:
///
/// 1. the support of `D` at the final iterate `x` (one call of each shape): its plane
///    bound (Eq. 19) and the duality gap at `x` (Eq. 16-18); for booleans, a separating
///    plane beyond the margin ends the query as `Separated` (Alg. 2);
/// 2. the best lower bound of the whole run, `lb` from any direction (Eq. 19): `|x|^2 -
///    |x*|^2 <= 2 |x| (|x| - lb)` is a gap too (Eq. 18), tested with the rounding floor
///    of the shapes' coordinates (`SupportPoint::coordinate_scale`);
/// 3. the plane of the simplex's face ([`face_certified`]).
///
/// The support calls here are not counted in `support_calls`, like the face check's.
fn cheap<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, settings: &GjkSettings, t: &Thresholds, simplex: &Simplex,
    mut out: GjkRun,
) -> GjkRun {
    let x = out.x;
    let x_sq = x.norm_squared();
    if !(x_sq > 0.0 && x_sq.is_finite()) {
        return out;
    }
    let x_norm = x_sq.sqrt();
    let s = md.support(&x);
    if t.separated(&mut out, &x, x_norm, &s) {
        out.status = GjkStatus::Separated;
        return out;
    }
    let g = 2.0 * x.dot(&(x - s.w));
    if t.certified(&mut out, settings, g, x_norm, &s.w) {
        out.status = GjkStatus::Converged;
        return out;
    }
    let g_lb = (2.0 * x_norm * (x_norm - out.lower_bound)).max(0.0);
    if gap_converged(settings, g_lb, x_norm, &s.coordinate_scale(), t.radius_sum) {
        out.duality_gap = g_lb;
        out.status = GjkStatus::Converged;
        return out;
    }
    if face_certified(md, settings, t, simplex, &s, x).certifies(&mut out) {
        out.status = if t.early_exit && out.lower_bound > t.separation {
            GjkStatus::Separated
        } else {
            GjkStatus::Converged
        };
    }
    out
}
