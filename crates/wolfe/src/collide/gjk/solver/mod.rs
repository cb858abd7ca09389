//! One loop for the whole GJK family (GJK++ Alg. 3, 4, 6, 7 and Alg. 2 for booleans).
//!
//! The problem is the minimum-norm point of the Minkowski difference,
//! `min_{x in D} ||x||^2` (GJK++ Eq. 4), solved by Frank-Wolfe steps whose linear
//! minimization oracle is the support function of `D` (Eq. 7-11):
//!
//! - the **support direction** `d_k` is the gradient direction `x_k` (vanilla, FW) or the
//!   momentum direction of Eq. 28b (Polyak, Nesterov), normalized per Eq. 33 (Alg. 7);
//! - the **active set** is GJK's simplex (fully corrective, Alg. 4), or the iterate
//!   alone for plain Frank-Wolfe (Alg. 3);
//! - the **stopping criterion** is the Frank-Wolfe duality gap `g = 2 <x, x - s>`
//!   (Eq. 16-18), valid only when `s` was computed in direction `x`; accelerated runs
//!   switch back to vanilla GJK on the fixed-point condition `g <= eps` (Eq. 31-32,
//!   Alg. 6 lines 5-7), exactly as the paper does.
//!
//! We take `f(x) = ||x||^2 / 2`, whose gradient is `x` itself: the minimizer and the
//! support directions are those of the paper's `f = ||x||^2` (supports are scale
//! invariant, Eq. 9), and it keeps the momentum recursion (Eq. 28b) consistent with
//! `d_{-1} = x_0`. The reported gap is the paper's `g = 2 <x, x - s>`, in m^2.

use super::settings::{ConvergenceCriterion, GjkSettings, GjkVariant, Normalization};
use super::GjkStatus;
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::{Simplex, SupportPoint};
use crate::math::Vec3;
use crate::shape::ConvexShape;

mod face;
mod features;
mod frank_wolfe;
mod rescue;

use face::face_certified;
use frank_wolfe::run_frank_wolfe;
use rescue::rescue;

/// What the caller wants to know: the distance, or only whether the shapes intersect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryKind {
    /// Run to the duality-gap tolerance.
    Distance,
    /// Stop as soon as a separating plane (Eq. 19) or an overlap is certain (Alg. 2).
    Collision,
    /// Run to the duality-gap tolerance, but stop as soon as a separating plane puts
    /// the shapes farther apart than `collision_margin` (Eq. 19's lower bound): contact
    /// queries with a margin need no distance beyond it.
    Proximity,
}

/// The raw result of a GJK run, in A's frame, on the cores.
#[derive(Clone, Copy, Debug)]
pub struct GjkRun {
    /// How the run ended.
    pub status: GjkStatus,
    /// The last iterate `x_k`, the point of minimum norm found in `D`'s core
    /// (`x = a - b`).
    pub x: Vec3,
    /// Number of iterations (each adds one support point to the active set).
    pub iterations: u32,
    /// Number of support calls of `D` (one more than `iterations` on the iteration where
    /// an accelerated run switches back to vanilla).
    pub support_calls: u32,
    /// The smallest Frank-Wolfe duality gap computed in the gradient direction, in m^2;
    /// infinite if none was computed. It certifies the final iterate too
    /// (`||x||^2 - ||x*||^2 <= gap`, Eq. 18), since `||x_k||` never increases.
    pub duality_gap: f64,
    /// A lower bound on the distance between the cores: the best
    /// `max(0, <d / |d|, S_D(d)>)` over all support calls (Eq. 19).
    pub lower_bound: f64,
    /// The support direction of the best lower bound (a separating-plane normal from B
    /// towards A when `lower_bound > 0`; A-frame, not normalized).
    pub separating_direction: Vec3,
    /// The unit normal (A's frame, from B towards A as `x`) of the face of `D` whose
    /// plane certified the run at a stall ([`face_certificate`]); zero otherwise. Near
    /// touching, `x`'s own direction is only known to rounding over `|x|`, the face's to
    /// rounding over its size, so the outputs take their normal from this one when set.
    pub face_normal: Vec3,
    /// The plane bound `min_{s in D} <face_normal, s>` of that face, in metres: a lower
    /// bound of the cores' *signed* distance (negative when the origin is behind the
    /// face), `-inf` when `face_normal` is zero.
    pub face_bound: f64,
}

/// Rounding floor of the gap test, in units of `ulp * |s|`. The gap
/// `2 <x, x - s>` is computed from coordinates of size `|s|`, so it cannot be resolved
/// below a few `f64::EPSILON * |s| * |x|`; 16 leaves room for the accumulation in the
/// simplex projection. Stopping there is convergence to the precision f64 allows, not a
/// failure: without it, touching shapes would spin until the iteration limit.
const GAP_ROUNDING_FACTOR: f64 = 16.0;

/// How many plain Frank-Wolfe steps may rescue a stalled fully-corrective run before it
/// reports [`GjkStatus::NumericalTrouble`].
const MAX_FRANK_WOLFE_RESCUES: u32 = 32;

/// Whether the duality gap `g` at the iterate `x_k` meets the settings (Eq. 16-18).
///
/// Since `g = 2 |x| (|x| - lb)` with `lb = <x/|x|, s>` a lower bound of the core distance
/// (Eq. 19), `g / (2 |x|)` bounds the error of the distance in metres. The relative
/// criterion compares it with `tolerance` times the distance of the *shapes*
/// (`|x| - radius_sum`), not of the cores: a sphere of radius 0.4 m at 1 mm needs its
/// centre distance to 2.5e-3 of the relative precision. Either criterion also accepts
/// the rounding floor, a distance error of `GAP_ROUNDING_FACTOR` ulps of the support
/// point's size, below which f64 cannot resolve the gap.
#[inline]
fn gap_converged(settings: &GjkSettings, g: f64, x_norm: f64, s: &Vec3, radius_sum: f64) -> bool {
    let threshold = match settings.criterion {
        ConvergenceCriterion::AbsoluteGap => settings.tolerance,
        ConvergenceCriterion::RelativeGap => {
            2.0 * x_norm
                * (settings.tolerance * (x_norm - radius_sum).max(0.0)).max(settings.absolute_tolerance)
        }
    };
    // The rounding floor `g <= c max(|s|, |x|)` with `c = 2 |x| F eps`, compared in
    // squares for `|s|` so that no square root runs on the hot path.
    let c = 2.0 * x_norm * GAP_ROUNDING_FACTOR * f64::EPSILON;
    g <= threshold || g <= c * x_norm || g * g <= c * c * s.norm_squared()
}

/// Runs the GJK family on `D = A - B` from the initial direction `x0` (A's frame).
///
/// `x0` need not lie in `D` (the paper's default, the difference of bounding-box
/// centres, usually does not): it only seeds the first support direction, and the
/// duality gap is first tested once `x_k` is a projection onto the simplex, hence in
/// `D`. `simplex` is caller-owned scratch (no allocation in the query); on return it
/// holds the final simplex, whose barycentric coordinates give the witness points.
///
/// Each variant has its own loop, so that a query pays only for the state its variant
/// carries: `run_vanilla` (Alg. 4), `run_accelerated` (Alg. 6 with Alg. 7, handing
/// over to vanilla GJK when momentum ends) and `run_frank_wolfe` (Alg. 3).
pub fn run_gjk<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, x0: Vec3, settings: &GjkSettings, kind: QueryKind,
    simplex: &mut Simplex,
) -> GjkRun {
    // The momentum variant and whether `Auto`'s far gate applies, `None` for vanilla
    // GJK. One call site per loop: with two (`Vanilla` and `Auto`'s vanilla arm), the
    // vanilla loop was no longer inlined here, an extra call per query.
    let accelerated = match settings.variant {
        GjkVariant::Vanilla => None,
        GjkVariant::Polyak | GjkVariant::Nesterov => Some((settings.variant, false)),
        // `Auto`'s gate (see `GjkVariant::Auto`): momentum only near contact.
        GjkVariant::Auto => md.strictly_convex().then_some((GjkVariant::Nesterov, true)),
        GjkVariant::FrankWolfe => {
            let run = run_frank_wolfe(md, x0, settings, kind, simplex);
            return finished(md, settings, kind, simplex, run);
        }
    };
    let run = match accelerated {
        None => run_vanilla(md, x0, settings, kind, simplex),
        Some((variant, gated)) => run_accelerated(md, x0, settings, variant, kind, simplex, gated),
    };
    finished(md, settings, kind, simplex, run)
}

/// The run, or on the rare path where it ended without a certificate
/// (`NumericalTrouble`, `IterationLimit`) what the cheap certificates make of it
/// ([`rescue`]).
#[inline(always)]
fn finished<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, settings: &GjkSettings, kind: QueryKind, simplex: &mut Simplex,
    run: GjkRun,
) -> GjkRun {
    if matches!(
        run.status,
        GjkStatus::NumericalTrouble | GjkStatus::IterationLimit
    ) {
        rescue(md, settings, kind, simplex, run)
    } else {
        run
    }
}

/// `Auto`'s far gate ([`far_after_first_support`]): a pair whose distance bound after
/// the first support exceeds `FAR_GATE` times the shapes' combined extent along the
/// first direction runs vanilla GJK. On the shipped ellipsoid set, that ratio is at most
/// 0.43 on every row at 0.1 m or less (where Nesterov takes 0.47-0.67x of vanilla's
/// iterations) and at least 0.52 on every row at 0.5 m or more (where it takes
/// 1.3-1.6x); 0.5 lies between.
const FAR_GATE: f64 = 0.5;

/// `Auto`'s far test after iteration 0 (the same step in vanilla GJK and Alg. 6:
/// `d_0 = x_0`), from the first direction `x0` and its support `s0`.
///
/// `lb = <x0, s0> / |x0|` bounds the distance from below (Eq. 19), and
/// `w = <x0, c - s0> / |x0|`, with `c` the bounding-box centres' difference, is the sum
/// of the two shapes' extents from their centres along `x0` (the part of `|c|` along
/// `x0` that the shapes fill). The pair is far when `lb > FAR_GATE w`, tested as
/// `(1 + FAR_GATE) <x0, s0> > FAR_GATE <x0, c>` (no division). Momentum pays only near
/// contact (RSS paper Fig. 5 and GJK++ Fig. 7 measure close proximity; wolfe's
/// ellipsoids at 0.5-1 m take Nesterov 1.3-1.6x vanilla's iterations), so far pairs
/// finish as vanilla GJK from iteration 1 on. With a warm start, `x0` is the previous
/// separation vector and `lb` nearly the distance itself.
#[inline]
fn far_after_first_support<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &MinkowskiDifference<'_, A, B>, x0: &Vec3, s0: &Vec3,
) -> bool {
    // `lb > 0` first: it is necessary (`w >= 0`) and decides overlapping pairs and most
    // close ones without computing `c`.
    let x0_s0 = x0.dot(s0);
    x0_s0 > 0.0 && (1.0 + FAR_GATE) * x0_s0 > FAR_GATE * x0.dot(&md.bounding_box_center_difference())
}

/// The first iterate: `x0` if it is a usable direction, else the x axis.
#[inline]
fn first_iterate(x0: Vec3) -> Vec3 {
    if x0.iter().all(|v| v.is_finite()) && x0.norm_squared() > 0.0 {
        x0
    } else {
        Vec3::x()
    }
}

impl GjkRun {
    /// A run that has not iterated yet, at the first iterate `x`.
    fn start(x: Vec3) -> Self {
        Self {
            status: GjkStatus::IterationLimit,
            x,
            iterations: 0,
            support_calls: 0,
            duality_gap: f64::INFINITY,
            lower_bound: 0.0,
            separating_direction: x,
            face_normal: Vec3::zeros(),
            face_bound: f64::NEG_INFINITY,
        }
    }

    /// Ends the run after `iterations` iterations and `extra_calls` support calls beyond
    /// one per iteration, at the iterate `x`.
    #[inline]
    fn finish(mut self, status: GjkStatus, iterations: u32, extra_calls: u32, x: Vec3) -> Self {
        self.status = status;
        self.iterations = iterations;
        self.support_calls = iterations + extra_calls;
        self.x = x;
        self
    }
}

/// The early-exit thresholds of a query, hoisted out of the loops.
#[derive(Clone, Copy)]
struct Thresholds {
    /// Sum of the shapes' radii.
    radius_sum: f64,
    /// Alg. 2: the shapes are separated when the cores are farther apart than the radii
    /// plus the collision margin `eps_col`.
    separation: f64,
    /// Whether a separating plane beyond `separation` ends the query.
    early_exit: bool,
    /// `|x|^2` at or below which the rounded shapes overlap (an upper bound of the core
    /// distance below the radii, or the margin for booleans): the distance is 0 whatever
    /// the cores do next.
    radii_overlap_sq: f64,
}

impl Thresholds {
    fn new(radius_sum: f64, settings: &GjkSettings, kind: QueryKind) -> Self {
        let separation = radius_sum + settings.collision_margin;
        let overlap = if kind == QueryKind::Collision {
            separation
        } else {
            radius_sum
        };
        Self {
            radius_sum,
            separation,
            early_exit: kind != QueryKind::Distance,
            radii_overlap_sq: overlap * overlap,
        }
    }

    /// Records the lower bound of the support `s` in direction `d` (`|d| = d_norm`,
    /// Eq. 19) and tells whether it separates the shapes beyond the margin, which ends a
    /// boolean query (Alg. 2), whatever the direction.
    #[inline(always)]
    fn separated(&self, out: &mut GjkRun, d: &Vec3, d_norm: f64, s: &SupportPoint) -> bool {
        record_lower_bound(out, d, d_norm, s);
        self.early_exit && out.lower_bound > self.separation
    }

    /// Records the duality gap `g` at `x_k` (`|x_k| = x_norm`; a certificate when `s` was
    /// computed in direction `x_k`, Eq. 16-18) and tells whether it meets the settings;
    /// the reported gap is then `g` itself.
    #[inline(always)]
    fn certified(&self, out: &mut GjkRun, settings: &GjkSettings, g: f64, x_norm: f64, s: &Vec3) -> bool {
        out.duality_gap = out.duality_gap.min(g.max(0.0));
        if gap_converged(settings, g, x_norm, s, self.radius_sum) {
            out.duality_gap = g.max(0.0);
            return true;
        }
        false
    }

    /// Whether the shapes overlap after a projection to `x` with `|x|^2 = x_sq`: Alg. 4
    /// line 1 (the origin is in the simplex: the cores overlap, and `out`'s lower bound
    /// becomes 0), or an upper bound `|x|` below the radii.
    #[inline(always)]
    fn overlap(&self, out: &mut GjkRun, x_sq: f64, simplex: &Simplex, support_scale_sq: f64) -> bool {
        if simplex.rank == 4
            || (x_sq <= 2.0 * overlap_threshold_sq_bound(support_scale_sq)
                && x_sq <= overlap_threshold_sq(simplex))
        {
            out.lower_bound = 0.0;
            return true;
        }
        x_sq <= self.radii_overlap_sq
    }
}

/// Where vanilla GJK takes over: the iterate and the counters of the run so far.
struct Handover {
    /// The iterate `x_k` and `|x_k|^2`.
    x: Vec3,
    x_sq: f64,
    /// The iteration vanilla GJK runs first.
    k: u32,
    /// Whether `x_k` is a projection, a point of `D` whose gap may be tested.
    x_in_d: bool,
    /// Support calls so far beyond one per iteration.
    extra_calls: u32,
    /// The largest squared norm of a support point so far: it bounds every simplex
    /// vertex's (a collapsed iterate is a convex combination of them), so the overlap
    /// test ([`Thresholds::overlap`]) runs its exact threshold only when it can pass.
    support_scale_sq: f64,
}

/// Vanilla GJK (GJK++ Alg. 4, with Alg. 2's early exits): `d_k = x_k` throughout, so it
/// carries no momentum state and computes each quantity once: the settings' thresholds
/// are hoisted, and `|x_k|^2` is carried over from the projection instead of recomputed.
fn run_vanilla<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, x0: Vec3, settings: &GjkSettings, kind: QueryKind,
    simplex: &mut Simplex,
) -> GjkRun {
    simplex.clear();
    let x = first_iterate(x0);
    let from = Handover {
        x,
        x_sq: x.norm_squared(),
        k: 0,
        x_in_d: false,
        extra_calls: 0,
        support_scale_sq: 0.0,
    };
    let thresholds = Thresholds::new(md.radius_sum(), settings, kind);
    vanilla_from(md, settings, &thresholds, simplex, GjkRun::start(x), from)
}

/// The vanilla GJK loop from iteration `from.k` on: all of [`run_vanilla`], and the
/// rest of an accelerated run once momentum ends (Alg. 6 lines 5-7).
#[inline(always)]
fn vanilla_from<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, settings: &GjkSettings, t: &Thresholds, simplex: &mut Simplex,
    mut out: GjkRun, from: Handover,
) -> GjkRun {
    let Handover {
        mut x,
        mut x_sq,
        extra_calls,
        mut support_scale_sq,
        ..
    } = from;
    // The first iteration whose iterate is a projection, where the gap is valid.
    let gap_from = if from.x_in_d { from.k } else { from.k + 1 };
    let mut fw_rescues = 0;

    for k in from.k..settings.max_iterations {
        let x_norm = x_sq.sqrt();
        let s = md.support(&x);
        if t.separated(&mut out, &x, x_norm, &s) {
            return out.finish(GjkStatus::Separated, k + 1, extra_calls, x);
        }
        // Eq. 16-18: the gap at x_k, a point of D from the first projection on.
        if k >= gap_from {
            let g = 2.0 * x.dot(&(x - s.w));
            if t.certified(&mut out, settings, g, x_norm, &s.w) {
                return out.finish(GjkStatus::Converged, k + 1, extra_calls, x);
            }
        }

        support_scale_sq = support_scale_sq.max(s.w.norm_squared());
        let x_new = simplex.push_and_project(s);
        let x_new_sq = x_new.norm_squared();
        let stalled = k >= gap_from && x_new_sq >= x_sq;
        x = x_new;
        x_sq = x_new_sq;

        if t.overlap(&mut out, x_sq, simplex, support_scale_sq) {
            return out.finish(GjkStatus::Intersecting, k + 1, extra_calls, x);
        }
        if stalled {
            // Near a flat face of D (face-to-face contacts) the plane of the simplex
            // certifies what x's direction cannot (issue 21).
            if fw_rescues == 0 && face_certified(md, settings, t, simplex, &s, x).certifies(&mut out) {
                return out.finish(GjkStatus::Converged, k + 1, extra_calls, x);
            }
            // The fully-corrective projection is stuck on a sliver simplex (nearly
            // coincident supports near the optimum): plain Frank-Wolfe rescues it.
            if fw_rescues < MAX_FRANK_WOLFE_RESCUES {
                fw_rescues += 1;
                if let Some((x_fw, x_fw_sq)) = frank_wolfe_step(simplex, s, x, x_sq) {
                    x = x_fw;
                    x_sq = x_fw_sq;
                    continue;
                }
            }
            // The projection cannot lower ||x|| although the gap exceeds the tolerance:
            // f64 has run out of precision for this problem, unless the face does.
            if face_certified(md, settings, t, simplex, &s, x).certifies(&mut out) {
                return out.finish(GjkStatus::Converged, k + 1, extra_calls, x);
            }
            return out.finish(GjkStatus::NumericalTrouble, k + 1, extra_calls, x);
        }
    }
    out.finish(GjkStatus::IterationLimit, settings.max_iterations, extra_calls, x)
}

/// Polyak- and Nesterov-accelerated GJK (GJK++ Alg. 6, with the direction normalization
/// of Alg. 7 for Nesterov per [`Normalization`]), then vanilla GJK ([`vanilla_from`])
/// once momentum ends: at the fixed point of Eq. 31 (Alg. 6 lines 5-7), when rounding
/// stalls a momentum step, or after `max_accelerated_iterations`.
///
/// While momentum runs, the support direction `d_k` differs from `x_k`, so no duality
/// gap is a certificate (Eq. 32 holds only for `d_k = x_k`): the gap computed with the
/// momentum support only detects the fixed point, and every reported gap comes from the
/// vanilla iterations.
///
/// Normalization (Eq. 33, `d_k = delta d_{k-1}/|d_{k-1}| + (1 - delta) y_k/|y_k|`) runs
/// scaled by `|y_k|`: supports are scale invariant (Eq. 9), and the scaled form puts one
/// square root and no division between `x_k` and the support call, the loop's dependency
/// chain; `d_k`'s own norm and unit vector, needed only by the lower bound and the next
/// iteration, run beside the support call.
fn run_accelerated<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, x0: Vec3, settings: &GjkSettings, variant: GjkVariant,
    kind: QueryKind, simplex: &mut Simplex, gated: bool,
) -> GjkRun {
    simplex.clear();
    let t = Thresholds::new(md.radius_sum(), settings, kind);
    // Alg. 7 is Nesterov's: by default (`Auto`) Polyak, which has no intermediate point
    // y_k, runs without it, as the paper's experiments do (Sec. III-B); `Always`
    // normalizes Polyak's direction too (`d_k = delta d_{k-1}/|d_{k-1}| + (1 - delta)
    // x_k/|x_k|`), the Polyak arm of Fig. 8.
    let nesterov = variant == GjkVariant::Nesterov;
    let normalize = match settings.normalization {
        Normalization::Always => true,
        Normalization::Never => false,
        Normalization::Auto => nesterov && !md.strictly_convex(),
    };
    let normalized_polytopes = nesterov && normalize && md.polytopes();

    let mut x = first_iterate(x0);
    let mut x_sq = x.norm_squared();
    let mut out = GjkRun::start(x);
    // Alg. 6: d_{-1} = s_{-1} = x_0, with x_0 the initial guess, as in the paper's
    // experiments (Sec. IV: the bounding-box centres' difference for all three variants).
    // Alg. 6 asks x_0 in D, which the guess is not; keeping it in the momentum is what
    // makes the acceleration pay in close proximity. Measured on close YCB pairs of
    // > 1000 vertices (733 problems), mean iterations of Nesterov / Polyak: 6.22 / 6.53
    // with the guess; 10.25 / 9.27 with x_0 = S(guess), a point of D; 8.89 / 7.33 with a
    // plain GJK step at k = 1 (an early exit with a certificate for easy problems) before
    // the momentum; vanilla needs 8.47. With d_{-1} = s_{-1} = x_0, d_0 = x_0 (y_0 = x_0
    // in Eq. 28a), so iteration 0 takes x_0 as it is and sets d_0 (its unit vector when
    // normalizing) at its end.
    let mut d_prev = x;
    let mut s_prev = x;
    let mut support_scale_sq = 0.0f64;
    // The safeguard (ours, not the paper's): the fixed-point switch of Alg. 6 may never
    // fire when supports keep drifting on curved cores, so momentum ends after
    // `max_accelerated_iterations` and vanilla GJK finishes with its certificate.
    let momentum_iterations = settings.max_accelerated_iterations.min(settings.max_iterations);

    for k in 0..momentum_iterations {
        // Alg. 6 lines 1-3 (Eq. 28b), with Alg. 7 (Eq. 33).
        let d = if k == 0 {
            x
        } else {
            let delta = momentum(variant, normalized_polytopes, k);
            if nesterov {
                let y = delta * x + (1.0 - delta) * s_prev;
                if normalize {
                    let y_norm = y.norm();
                    if y_norm > 0.0 {
                        (delta * y_norm) * d_prev + (1.0 - delta) * y
                    } else {
                        d_prev
                    }
                } else {
                    delta * d_prev + (1.0 - delta) * y
                }
            } else if normalize {
                // Polyak with Eq. 33, scaled by |x_k| as Nesterov's above.
                (delta * x_sq.sqrt()) * d_prev + (1.0 - delta) * x
            } else {
                delta * d_prev + (1.0 - delta) * x
            }
        };
        let d_sq = d.norm_squared();
        let (d, d_sq) = if d_sq > 0.0 { (d, d_sq) } else { (x, x_sq) };
        let d_norm = d_sq.sqrt();

        let s = md.support(&d);
        if t.separated(&mut out, &d, d_norm, &s) {
            return out.finish(GjkStatus::Separated, k + 1, 0, x);
        }
        if k > 0 {
            // Eq. 31-32: the fixed point of the accelerated scheme. Vanilla GJK takes
            // over at this iteration and computes s_k in direction x_k (one more
            // support call, Alg. 6 line 7). Its climbs re-seed by the usual rule: when
            // x_k turned from d_k, the cube-map seed is nearer than the momentum
            // support's vertices (callgrind, close YCB pairs > 1000 vertices: climbing
            // from those vertices instead costs 0.7% more instructions).
            let g = 2.0 * x.dot(&(x - s.w));
            if gap_converged(settings, g, x_sq.sqrt(), &s.w, t.radius_sum) {
                let from = Handover {
                    x,
                    x_sq,
                    k,
                    x_in_d: true,
                    extra_calls: 1,
                    support_scale_sq,
                };
                return vanilla_from(md, settings, &t, simplex, out, from);
            }
        }

        // Alg. 4: augment the active set and project the origin on its hull.
        support_scale_sq = support_scale_sq.max(s.w.norm_squared());
        let x_new = simplex.push_and_project(s);
        let x_new_sq = x_new.norm_squared();
        let stalled = k > 0 && x_new_sq >= x_sq;
        // `Auto`'s far gate, once, after iteration 0 (which is vanilla's too).
        let far = gated && k == 0 && far_after_first_support(md, &x, &s.w);
        x = x_new;
        x_sq = x_new_sq;

        if t.overlap(&mut out, x_sq, simplex, support_scale_sq) {
            return out.finish(GjkStatus::Intersecting, k + 1, 0, x);
        }
        if stalled || far {
            // Rounding stalled the momentum step, or `Auto`'s gate found the pair far
            // apart: continue as vanilla GJK.
            let from = Handover {
                x,
                x_sq,
                k: k + 1,
                x_in_d: true,
                extra_calls: 0,
                support_scale_sq,
            };
            return vanilla_from(md, settings, &t, simplex, out, from);
        }
        s_prev = s.w;
        d_prev = if normalize { d * (1.0 / d_norm) } else { d };
    }
    let from = Handover {
        x,
        x_sq,
        k: momentum_iterations,
        x_in_d: momentum_iterations > 0,
        extra_calls: 0,
        support_scale_sq,
    };
    vanilla_from(md, settings, &t, simplex, out, from)
}

/// One plain Frank-Wolfe step (Alg. 3) from the iterate `x` (`|x|^2 = x_sq`) towards the
/// support `s`: the simplex collapses to the iterate, a point of D, and the origin is
/// projected on the segment to `s`, which is well conditioned and lowers `||x||`
/// whenever the gap is positive. Its decrease of `||x||^2` is second order in the gap
/// and may vanish in rounding, but the step turns `x` towards the optimum, so the next
/// support can improve the gap: any move that does not lengthen `x` is accepted (the new
/// iterate and its squared norm); `None` when there is none.
#[inline(never)]
fn frank_wolfe_step(simplex: &mut Simplex, s: SupportPoint, x: Vec3, x_sq: f64) -> Option<(Vec3, f64)> {
    collapse_to_iterate(simplex);
    simplex.push(s);
    let x_fw = simplex.project_origin();
    let x_fw_sq = x_fw.norm_squared();
    (x_fw != x && x_fw_sq <= x_sq).then_some((x_fw, x_fw_sq))
}

/// The momentum parameter `delta_k` of Eq. 28b.
///
/// Nesterov: `delta_k = (k + 1) / (k + 3)`, as Alg. 6 line 1 writes it, except for
/// normalized directions (Alg. 7) between two polytopes, where we take the authors'
/// implementation's `(k + 2) / (k + 3)` (HPP-FCL/coal use it with normalization, which
/// they enable only for mesh pairs). Measured on close YCB pairs with > 1000 vertices
/// (2000 problems): 6.81 -> 6.16 mean iterations and 9% less time; on boxes, cones and
/// cylinders the larger momentum cost iterations instead (primitives set: 4.9 -> 7.5),
/// hence the restriction to polytope pairs.
///
/// Polyak: `delta_k = 1 / (k + 1)`, the schedule of the authors' own implementation,
/// which the paper's experiments ran; with the text's `(k + 1) / (k + 3)` the
/// heavy-ball direction barely turns once `delta_k` nears 1, and on the shipped
/// ellipsoid set we measured 67 mean iterations on close pairs against 42 for vanilla,
/// with 10% of queries at the iteration limit; with `1 / (k + 1)` Polyak needs 40 and
/// always converges.
fn momentum(variant: GjkVariant, normalized_polytopes: bool, k: u32) -> f64 {
    let k = k as f64;
    match variant {
        GjkVariant::Polyak => 1.0 / (k + 1.0),
        _ if normalized_polytopes => (k + 2.0) / (k + 3.0),
        _ => (k + 1.0) / (k + 3.0),
    }
}

/// Updates the lower bound on the distance with the plane of normal `d` through the
/// support `s` (GJK++ Eq. 19: `<d/|d|, S_D(d)>` bounds `dist(A, B)` from below).
#[inline]
fn record_lower_bound(out: &mut GjkRun, d: &Vec3, n: f64, s: &SupportPoint) {
    // Compare before dividing: the bound rarely improves, the division is on the hot path.
    let dot = d.dot(&s.w);
    if n > 0.0 && dot > out.lower_bound * n {
        out.lower_bound = dot / n;
        out.separating_direction = *d;
    }
}

/// Squared norm under which the projection is the origin up to rounding: the simplex
/// coordinates carry absolute errors of a few ulps of their size.
#[inline]
fn overlap_threshold_sq(simplex: &Simplex) -> f64 {
    let scale = simplex
        .vertices()
        .iter()
        .fold(0.0f64, |m, p| m.max(p.w.norm_squared()));
    let eps = GAP_ROUNDING_FACTOR * f64::EPSILON;
    eps * eps * scale
}

/// An upper bound of [`overlap_threshold_sq`] from an upper bound of the vertices'
/// squared norms; the factor 2 the caller applies covers the rounding of a collapsed
/// iterate's norm above its vertices'.
#[inline]
fn overlap_threshold_sq_bound(scale_sq: f64) -> f64 {
    let eps = GAP_ROUNDING_FACTOR * f64::EPSILON;
    eps * eps * scale_sq
}

/// Alg. 3 line 6: plain Frank-Wolfe keeps only the iterate as its active set. The
/// iterate is stored as one support point whose shape points are the same convex
/// combination, so witness points stay exact.
fn collapse_to_iterate(simplex: &mut Simplex) {
    let mut p = SupportPoint::default();
    for (v, l) in simplex.vertices().iter().zip(simplex.lambdas.iter()) {
        p.w += *l * v.w;
        p.a += *l * v.a;
        p.b += *l * v.b;
    }
    simplex.clear();
    simplex.push(p);
}

#[cfg(test)]
mod tests {
    use crate::{Cuboid, Ellipsoid, GjkSettings, GjkSolver, GjkVariant, Normalization, Pose, Shape, Vec3};

    /// Two ellipsoids 1 mm apart along x (their tips face each other, so the distance
    /// is exact) and two boxes 1 mm apart along x, offset sideways (face to face).
    fn pairs() -> [(Shape, Pose, Shape, Pose, f64); 2] {
        let e: Shape = Ellipsoid::new([0.3, 0.1, 0.2]).unwrap().into();
        let b: Shape = Cuboid::new([0.2, 0.1, 0.15]).unwrap().into();
        [
            (
                e.clone(),
                Pose::identity(),
                e,
                Pose::from_translation(Vec3::new(0.601, 0.0, 0.0)),
                1e-3,
            ),
            (
                b.clone(),
                Pose::identity(),
                b,
                Pose::from_translation(Vec3::new(0.401, 0.05, 0.02)),
                1e-3,
            ),
        ]
    }

    /// `Auto` runs Nesterov on strictly convex pairs and vanilla GJK on the others: the
    /// same iterations as the variant it picks, and the exact distance.
    #[test]
    fn auto_runs_nesterov_on_strictly_convex_pairs_and_vanilla_otherwise() {
        let run = |settings: GjkSettings, (a, pa, b, pb, _): &(Shape, Pose, Shape, Pose, f64)| {
            GjkSolver::new(settings)
                .unwrap()
                .distance(a, pa, b, pb, None)
                .unwrap()
        };
        let [ellipsoids, boxes] = pairs();
        let auto = GjkSettings::with_variant(GjkVariant::Auto);
        for (pair, picked) in [(&ellipsoids, GjkVariant::Nesterov), (&boxes, GjkVariant::Vanilla)] {
            let a = run(auto, pair);
            let p = run(GjkSettings::with_variant(picked), pair);
            assert_eq!(a.iterations, p.iterations);
            assert_eq!(a.distance, p.distance);
            assert!((a.distance - pair.4).abs() <= 1e-7 * pair.4, "{}", a.distance);
        }
    }

    /// Polyak with Alg. 7's normalization (`Always`, GJK++ Fig. 8) converges to the same
    /// distance as vanilla GJK, within the tolerance, on a curved and a flat pair.
    #[test]
    fn normalized_polyak_converges_to_the_distance() {
        let settings =
            GjkSettings::with_variant(GjkVariant::Polyak).with_normalization(Normalization::Always);
        for (a, pa, b, pb, d) in pairs() {
            let out = GjkSolver::new(settings)
                .unwrap()
                .distance(&a, &pa, &b, &pb, None)
                .unwrap();
            assert!((out.distance - d).abs() <= 1e-7 * d, "{} vs {d}", out.distance);
        }
    }
}
