//! Plain Frank-Wolfe (GJK++ Alg. 3), the reference member of the family: the
//! fully-corrective loops of `solver` are what production queries run.

use super::{
    collapse_to_iterate, first_iterate, frank_wolfe_step, GjkRun, QueryKind, Thresholds,
    MAX_FRANK_WOLFE_RESCUES,
};
use crate::collide::gjk::settings::GjkSettings;
use crate::collide::gjk::GjkStatus;
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::Simplex;
use crate::math::Vec3;
use crate::shape::ConvexShape;

/// Plain Frank-Wolfe with exact line search (GJK++ Alg. 3): the active set is the
/// iterate alone, kept as one support point ([`collapse_to_iterate`]), and each step
/// projects the origin on the segment from it to the new support. A reference, not a
/// production solver: it converges sublinearly.
pub(super) fn run_frank_wolfe<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, x0: Vec3, settings: &GjkSettings, kind: QueryKind,
    simplex: &mut Simplex,
) -> GjkRun {
    simplex.clear();
    let t = Thresholds::new(md.radius_sum(), settings, kind);
    let mut x = first_iterate(x0);
    let mut x_sq = x.norm_squared();
    let mut out = GjkRun::start(x);
    let mut support_scale_sq = 0.0f64;
    let mut fw_rescues = 0;

    for k in 0..settings.max_iterations {
        let x_norm = x_sq.sqrt();
        let s = md.support(&x);
        if t.separated(&mut out, &x, x_norm, &s) {
            return out.finish(GjkStatus::Separated, k + 1, 0, x);
        }
        if k > 0 {
            let g = 2.0 * x.dot(&(x - s.w));
            if t.certified(&mut out, settings, g, x_norm, &s.w) {
                return out.finish(GjkStatus::Converged, k + 1, 0, x);
            }
        }
        // Alg. 3 line 6: the active set is the iterate and the new support.
        if simplex.rank > 0 {
            collapse_to_iterate(simplex);
        }
        support_scale_sq = support_scale_sq.max(s.w.norm_squared());
        let x_new = simplex.push_and_project(s);
        let x_new_sq = x_new.norm_squared();
        let stalled = k > 0 && x_new_sq >= x_sq;
        x = x_new;
        x_sq = x_new_sq;

        if t.overlap(&mut out, x_sq, simplex, support_scale_sq) {
            return out.finish(GjkStatus::Intersecting, k + 1, 0, x);
        }
        if stalled {
            // Rounding lengthened x: retry from the new iterate (as the fully-corrective
            // loops' rescue does), then report that f64 has run out of precision.
            if fw_rescues < MAX_FRANK_WOLFE_RESCUES {
                fw_rescues += 1;
                if let Some((x_fw, x_fw_sq)) = frank_wolfe_step(simplex, s, x, x_sq) {
                    x = x_fw;
                    x_sq = x_fw_sq;
                    continue;
                }
            }
            return out.finish(GjkStatus::NumericalTrouble, k + 1, 0, x);
        }
    }
    out.finish(GjkStatus::IterationLimit, settings.max_iterations, 0, x)
}
