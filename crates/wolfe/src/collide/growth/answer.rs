//! The answer of a 3D growth query: the outputs ([`GrowthOutput`],
//! [`GrowthCollisionOutput`]), the certified bounds of either method (the
//! cutting-plane loop, Newton's method), their combination, and the world-frame output.

use super::core::{self, unit, GrowthIterate, GrowthTrace, Run, V};
use super::frame::Query;
use super::newton::SmoothRun;
use super::settings::GrowthStatus;
use crate::math::{Pose, Vec3};

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

/// A run's answer in A's frame: the bounds of `beta*` with their rounding margins, the
/// witness offsets of the lower bound and the normal of the upper bound. The lower
/// bound is kept as its reciprocal `1 / beta_lower`, the growth factor before its margin
/// (see [`Run::certified_lower`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Answer {
    pub(super) inv_lower: f64,
    pub(super) margin_lower: f64,
    pub(super) witness_a: Vec3,
    pub(super) witness_b: Vec3,
    pub(super) beta_upper: f64,
    pub(super) margin_upper: f64,
    pub(super) normal: Vec3,
    pub(super) iterations: u32,
    pub(super) status: GrowthStatus,
}

impl Answer {
    #[inline(always)]
    pub(super) fn from_run(run: &Run<3>, p: &Vec3) -> Self {
        let (inv_lower, margin_lower, witness_a, witness_b) = run.certified_lower(p);
        let margin_upper = run.upper_margin();
        Self {
            inv_lower,
            margin_lower,
            witness_a,
            witness_b,
            beta_upper: run.beta_upper,
            margin_upper,
            normal: unit(&run.lambda_upper),
            iterations: run.iterations,
            status: GrowthStatus::from_stop(run.stop),
        }
    }

    /// Newton's answer; `Converged` only when its certified interval, after both
    /// rounding margins, meets `tolerance` (else the cutting-plane loop runs on).
    pub(super) fn from_newton(run: &SmoothRun, tolerance: f64) -> Self {
        let mut answer = Self {
            inv_lower: 1.0 / run.beta_lower,
            margin_lower: run.margin_lower,
            witness_a: run.witness_a,
            witness_b: run.witness_b,
            beta_upper: run.beta_upper,
            margin_upper: run.margin_upper,
            normal: run.lambda_upper,
            iterations: run.iterations,
            status: GrowthStatus::IterationLimit,
        };
        if run.converged && answer.certified_within(tolerance) {
            answer.status = GrowthStatus::Converged;
        }
        answer
    }

    /// Whether the interval the answer reports ([`output`]: both bounds widened by their
    /// rounding margins, with a few ulps for their own rounding) has a relative gap
    /// within `tolerance`.
    pub(super) fn certified_within(&self, tolerance: f64) -> bool {
        let alpha_upper = self.inv_lower * (1.0 + self.margin_lower);
        alpha_upper * self.beta_upper
            <= (1.0 + tolerance) * (1.0 - self.margin_upper) * (1.0 - 8.0 * f64::EPSILON)
    }

    /// The better bound of each side, from `self` (the fallback run) and `first` (the
    /// Newton run before it); both are valid, so their intersection is.
    pub(super) fn combine(mut self, first: &Answer, tolerance: f64) -> Self {
        if first.inv_lower < self.inv_lower {
            self.inv_lower = first.inv_lower;
            self.margin_lower = first.margin_lower;
            self.witness_a = first.witness_a;
            self.witness_b = first.witness_b;
        }
        if first.beta_upper < self.beta_upper {
            self.beta_upper = first.beta_upper;
            self.margin_upper = first.margin_upper;
            self.normal = first.normal;
        }
        self.iterations += first.iterations;
        if self.certified_within(tolerance) {
            self.status = GrowthStatus::Converged;
        }
        self
    }
}

/// The world-frame output of an answer; the bounds widened by their rounding margins.
#[inline(always)]
pub(super) fn output(q: &Query, pose_a: &Pose, pose_b: &Pose, answer: &Answer) -> GrowthOutput {
    let alpha_upper = answer.inv_lower * (1.0 + answer.margin_lower);
    let alpha_lower = if answer.beta_upper.is_finite() {
        ((1.0 / answer.beta_upper) * (1.0 - answer.margin_upper)).min(alpha_upper)
    } else {
        0.0
    };
    let rot = pose_a.rotation.to_rotation_matrix();
    let world = |x: Vec3| rot * x + pose_a.translation;
    GrowthOutput {
        alpha: alpha_upper,
        alpha_lower,
        alpha_upper,
        point_a: world(q.c1 + answer.witness_a),
        point_b: pose_b.transform_point(&(q.cb + q.rot_ab.transpose() * answer.witness_b)),
        contact_point: world(q.c1 + alpha_upper * answer.witness_a),
        normal: rot * answer.normal,
        iterations: answer.iterations,
        status: answer.status,
    }
}

/// The trace of a fallback run after Newton's iterations: numbered on from them, with
/// the bounds Newton already certified (so that the reported bounds stay monotone).
pub(super) struct Continued<'t, T> {
    /// The caller's trace.
    pub(super) inner: &'t mut T,
    /// Newton's iterations.
    pub(super) offset: u32,
    /// Newton's bounds of `beta*`.
    pub(super) lower: f64,
    /// See `lower`.
    pub(super) upper: f64,
}

impl<T: GrowthTrace> GrowthTrace for Continued<'_, T> {
    #[inline]
    fn record(&mut self, it: GrowthIterate) {
        self.inner.record(GrowthIterate {
            iteration: if it.iteration == 0 {
                0
            } else {
                it.iteration + self.offset
            },
            beta_lower: it.beta_lower.max(self.lower),
            beta_upper: it.beta_upper.min(self.upper),
        });
    }
}

/// The certified `(alpha_lower, alpha_upper)` of a run: `1 / beta_upper` and
/// `1 / beta_lower` widened by the rounding margins of the bounds
/// ([`Run::upper_margin`]), so that the interval holds the exact answer, and the
/// witness offsets of `alpha_upper` ([`Run::certified_lower`]).
pub(crate) fn certified_alphas<const N: usize>(run: &Run<N>, p: &V<N>) -> (f64, f64, V<N>, V<N>)
where
    core::Dim: core::Geometry<N>,
{
    let (inv_lower, m_lower, wa, wb) = run.certified_lower(p);
    let m_upper = run.upper_margin();
    let alpha_upper = inv_lower * (1.0 + m_lower);
    let alpha_lower = if run.beta_upper.is_finite() {
        ((1.0 / run.beta_upper) * (1.0 - m_upper)).min(alpha_upper)
    } else {
        0.0
    };
    (alpha_lower, alpha_upper, wa, wb)
}

/// The plane separating the shapes of a collision run that found one (`beta_upper <
/// 1`, Sec. III-F.4): its unit normal from A to B in world frame and the offsets of A
/// and B along it (`<n, x> <= offset_a` on A, `>= offset_b` on B); zeros otherwise.
/// `c1` is A's centre and `p` the ray to B's, in A's frame; `rotate` and `translation`
/// are A's pose.
pub(super) fn separating_plane<const N: usize>(
    run: &Run<N>, c1: &V<N>, p: &V<N>, rotate: impl Fn(V<N>) -> V<N>, translation: &V<N>,
) -> (V<N>, f64, f64) {
    if run.beta_upper < 1.0 {
        let n = unit(&run.lambda_upper);
        let nw = rotate(n);
        let shift = nw.dot(translation);
        (
            nw,
            n.dot(&(c1 + run.upper_a)) + shift,
            n.dot(&(c1 + p + run.upper_b)) + shift,
        )
    } else {
        (V::zeros(), 0.0, 0.0)
    }
}
