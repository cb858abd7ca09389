//! The line search of Algorithm 2 (step 4): the exact one (rtsafe on d(ell)/d(alpha),
//! Section IV-B) and backtracking with Armijo's criterion, both on the O(n_c)
//! evaluation of ell(alpha) and its derivatives along the Newton direction (Section IV-C).

use nalgebra::Vector3;

use super::SapSolver;
use crate::cone::LineCone;
use crate::model::{ContactModel, SapModel};

/// One live contact along the Newton direction (Section IV-C): `y(alpha) = y0 + alpha
/// w`, with `y0 = -R^{-1} (v_c - v_hat)` and `w = -R^{-1} dv_c`, built once per Newton
/// iteration so that the line search's evaluations divide by nothing but y_r.
#[derive(Debug, Clone, Copy)]
pub(super) struct LineContact {
    y0: Vector3<f64>,
    w: [f64; 3],
    dvc: [f64; 3],
    cone: LineCone,
}

impl LineContact {
    /// The line of contact `model` from its velocity `vc` and its change `dvc` along dv.
    pub(super) fn new(model: &ContactModel, vc: &[f64; 3], dvc: &[f64; 3]) -> Self {
        let cone = &model.cone;
        Self {
            y0: model.y(vc),
            w: [-dvc[0] / cone.r_t, -dvc[1] / cone.r_t, -dvc[2] / cone.r_n],
            dvc: *dvc,
            cone: LineCone::new(cone),
        }
    }
}

/// Scalars of the line search along v + alpha dv (Section IV-C).
pub(super) struct LineData {
    /// dv^T A (v - v*).
    pub(super) dp_r: f64,
    /// sum_i |(A dv)_i (v - v*)_i|, the magnitude of the terms of `dp_r` (its
    /// round-off scale).
    pub(super) dp_r_abs: f64,
    /// dv^T A dv.
    pub(super) dv_dp: f64,
    /// (v - v*)^T A (v - v*) / 2.
    pub(super) half_r_a_r: f64,
}

impl SapSolver {
    /// ell(alpha) and its first two derivatives along v + alpha dv (Section IV-C),
    /// in O(n_c) given the precomputed line data, and the round-off level of the
    /// first derivative: a few units in the last place of the magnitude of the terms
    /// it sums, `|dp^T r| + alpha dv^T A dv + sum_i |dv_c,i^T gamma_i|` (below it, the
    /// sign of d(ell)/d(alpha) is noise). The contacts are those of `self.line` (the
    /// live ones); the cost is evaluated only with `COST` (backtracking), the exact
    /// search needing only the derivatives.
    pub(super) fn line_eval<const COST: bool>(
        &self, model: &SapModel, line: &LineData, alpha: f64,
    ) -> (f64, f64, f64, f64) {
        let mut cost = line.half_r_a_r + alpha * line.dp_r + 0.5 * alpha * alpha * line.dv_dp;
        let mut d1 = line.dp_r + alpha * line.dv_dp;
        let mut d1_abs = line.dp_r_abs + alpha.abs() * line.dv_dp;
        let mut d2 = line.dv_dp;
        for lc in &self.line {
            let y = Vector3::new(
                lc.y0.x + alpha * lc.w[0],
                lc.y0.y + alpha * lc.w[1],
                lc.y0.z + alpha * lc.w[2],
            );
            let (gc, d2c) = lc.cone.project_with_curvature(&y, &lc.w);
            if COST {
                cost += lc.cone.regularizer_cost(&gc);
            }
            let dvc = &lc.dvc;
            let dvc_gc = dvc[0] * gc.x + dvc[1] * gc.y + dvc[2] * gc.z;
            d1 -= dvc_gc;
            d1_abs += dvc_gc.abs();
            d2 += d2c;
        }
        for ((m, vc), dvc) in model.joints().zip(&self.joint_vc).zip(&self.joint_dvc) {
            let (c, gj, gm) = m.interval.evaluate(vc + alpha * dvc);
            if COST {
                cost += c;
            }
            let dvc_gj = dvc * gj;
            d1 -= dvc_gj;
            d1_abs += dvc_gj.abs();
            d2 += dvc * gm * dvc;
        }
        (cost, d1, d2, LINE_SEARCH_ROUNDOFF * d1_abs)
    }

    /// Exact line search: root of d(ell)/d(alpha) by rtsafe (Newton-Raphson safeguarded
    /// by bisection) on (0, alpha_max]. Returns (alpha, iterations).
    pub(super) fn exact_line_search(&self, models: &SapModel, line: &LineData, slope0: f64) -> (f64, u32) {
        let s = &self.settings;
        let a_max = s.alpha_max;
        let (mut lo, mut hi) = (0.0, a_max);
        let mut alpha = if a_max > 1.0 { 1.0 } else { 0.5 * a_max };
        let mut dx_old = hi - lo;
        let mut dx = dx_old;
        let (_, mut f, mut df, mut f_noise) = self.line_eval::<false>(models, line, alpha);
        let mut iters = 1;
        // d(ell)/d(alpha) is nondecreasing (ell is convex along the ray): when it is
        // already >= 0 at the first trial the root lies below it, and d(ell)/d(alpha) at
        // alpha_max is positive without evaluating it (one evaluation saved in most
        // Newton iterations of a transient, where steps are short).
        if f < 0.0 {
            let (_, d1_max, _, _) = self.line_eval::<false>(models, line, a_max);
            iters += 1;
            if d1_max <= 0.0 {
                // The minimum along the ray is at or beyond alpha_max.
                return (a_max, iters);
            }
        }
        let f_tol = s.line_search_tolerance * slope0.abs();
        while iters < s.line_search_max_iterations {
            // Converged, or d(ell)/d(alpha) is zero to round-off: its sign, which
            // drives the bracket, is noise from here on.
            if f.abs() <= f_tol.max(f_noise) {
                break;
            }
            if f < 0.0 {
                lo = alpha;
            } else {
                hi = alpha;
            }
            let newton_out = ((alpha - hi) * df - f) * ((alpha - lo) * df - f) > 0.0;
            let slow = (2.0 * f).abs() > (dx_old * df).abs();
            dx_old = dx;
            if newton_out || slow || df <= 0.0 {
                dx = 0.5 * (hi - lo);
                alpha = lo + dx;
            } else {
                dx = f / df;
                alpha -= dx;
            }
            if dx.abs() <= s.line_search_tolerance * alpha.abs() || hi - lo <= f64::EPSILON * hi {
                break;
            }
            (_, f, df, f_noise) = self.line_eval::<false>(models, line, alpha);
            iters += 1;
        }
        (alpha, iters)
    }

    /// Backtracking line search with Armijo's criterion (Section IV-B).
    pub(super) fn backtracking(
        &self, models: &SapModel, line: &LineData, cost0: f64, slope0: f64,
    ) -> (f64, u32) {
        let s = &self.settings;
        let mut alpha = s.backtracking_alpha_max;
        let mut iters = 0;
        loop {
            let (cost, _, _, _) = self.line_eval::<true>(models, line, alpha);
            iters += 1;
            if cost < cost0 + s.armijo_c * alpha * slope0 || iters >= s.line_search_max_iterations {
                return (alpha, iters);
            }
            alpha *= s.backtracking_rho;
        }
    }
}

/// Relative round-off level of d(ell)/d(alpha) in units of the magnitude of its terms
/// (a few ulps: each term carries about one rounding, the sums a few more).
const LINE_SEARCH_ROUNDOFF: f64 = 4.0 * f64::EPSILON;
