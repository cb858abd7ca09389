//! Pose gradients of the proximity queries: the derivative of the distance, the signed
//! distance and the growth distance with respect to both shapes' poses.
//!
//! # Convention
//!
//! A [`PoseGradient`] is the derivative with respect to twelve coordinates,
//! `[t_a, r_a, t_b, r_b]` ([`PoseGradient::as_array`]):
//!
//! - `t` is a world-frame translation of the shape's pose: `x <- x + t`;
//! - `r` is a world-frame rotation vector applied on the left about the shape's own
//!   origin (the pose's translation), the translation unchanged: `R <- exp([r]x) R`.
//!
//! A point fixed to shape A at world position `x` then moves with velocity
//! `v_a(x) = t_a + r_a x (x - t_a)` (first order), and likewise for B.
//!
//! # API: one entry per query
//!
//! The gradient is a method of each query's result, given the shapes and poses the
//! query ran on: [`crate::DistanceOutput::pose_gradient`],
//! [`crate::SignedDistanceOutput::pose_gradient`] and
//! [`crate::GrowthOutput::pose_gradient`] (with the query's centre points). The queries
//! keep their single entries and cost nothing more when no gradient is asked for; the
//! gradient reads the witnesses and normal the query already found (and, for the
//! uniqueness test, the shapes' support sets in the normal).
//!
//! # Formulas
//!
//! **Distance and signed distance.** Both are `max_{|n|=1} min_{a in A, b in B} <n, b - a>`
//! (the separating-axis form; for overlapping shapes its value is minus the penetration
//! depth). At the optimum, with the unit normal `n` from A to B and the witness points
//! `p_a`, `p_b`, the envelope (Danskin) theorem gives `d phi = <n, v_b(p_b) - v_a(p_a)>`:
//!
//! ```text
//! d/dt_a = -n,   d/dr_a = -(p_a - t_a) x n,   d/dt_b = n,   d/dr_b = (p_b - t_b) x n.
//! ```
//!
//! **Growth distance** (Thirugnanam and Sreenath, Def. 3, Eq. 9; Prop. 1, Eq. 10-11).
//! With `n` the dual solution (the normal of the outer approximation's halfspace,
//! Eq. 12-13) and `z_1`, `z_2` the supports of A in `n` and of B in `-n`, the scaled
//! shapes touch at `x* = p_1 + alpha (z_1 - p_1) = p_2 + alpha (z_2 - p_2)` (Eq. 9c), and
//! their gap along `n` at scale `alpha`,
//! `g(alpha) = <n, p_2 + alpha (z_2 - p_2)> - <n, p_1 + alpha (z_1 - p_1)>`, vanishes
//! there. A scaled point `p_i + alpha (z_i - p_i)` moves with its shape as a point fixed
//! to it (scaling about a centre fixed to the shape commutes with the motion), so at fixed
//! `alpha` and `n` (envelope theorem), `dg = <n, v_2(x*) - v_1(x*)>`, while
//! `dg/dalpha = -(<n, z_1 - p_1> - <n, z_2 - p_2>) = -<n, p_2 - p_1> / alpha` (Eq. 9c
//! again). The implicit function theorem gives DGD's value derivative
//!
//! ```text
//! d alpha = alpha <n, v_2(x*) - v_1(x*)> / <n, p_2 - p_1>,
//! ```
//!
//! whose twist form, with `s = alpha / <n, p_2 - p_1>`, is
//! `d/dt_1 = -s n`, `d/dr_1 = -s (x* - t_1) x n`, `d/dt_2 = s n`, `d/dr_2 = s (x* - t_2) x n`.
//!
//! # Differentiability
//!
//! The formulas are the derivative where the optimal normal and the witness pair (the
//! touching point for growth distance) are unique. The test, with the angular tolerance
//! [`PARALLEL_TOLERANCE`] (the sine of an angle), classifies the support set of A in `n`
//! and of B in `-n` as a point, a segment (a box or mesh edge, a capsule's or cylinder's
//! side line, a cone's side generator) or a face (a box or mesh face, a cylinder's cap, a
//! cone's base): the witness pair is taken as several when both sets are more than a point,
//! except two segments that are not parallel (they cross in one point). For growth
//! distance the normal must be unique too: the normal cones at the two support sets
//! (1: smooth or a face; 2: an edge or a rim; 3: a vertex or an apex) share more than `n`
//! when their dimensions sum to 5 or more, or for two edges (rims) with parallel
//! creases. A distance normal is unique while the shapes are apart; for penetration the
//! ties between several equally deep directions (symmetric poses) are not detected.
//!
//! Where the test fails, the returned vector is the gradient of the chosen witness pair
//! (a subgradient: for the distance at parallel faces, it lies between the one-sided
//! derivatives, `phi'(x; +e) <= <g, e> <= -phi'(x; -e)` for every direction `e`) and
//! `differentiable` is false. It is false too when the query did not certify its answer.
//!
//! # Accuracy
//!
//! The gradient is as accurate as the normal, and the queries stop at their tolerance,
//! which on curved pairs leaves the normal off by about the square root of it. So the
//! gradient first refines the query's normal to rounding (`refine.rs`): Newton's
//! method on the optimality condition of the measure over unit normals (the gap
//! `<n, S_B(-n) - S_A(n)>` for distance and signed distance, the growth ratio of the
//! dual for growth distance), restricted to the directions the support features leave
//! free (none against a face or between two crossing segments, one along a segment,
//! two between points), with a Jacobian of forward differences of the support maps. A
//! constrained answer is kept only where it is a local maximum across the constraint
//! (the witness lies within the face or segment). The witnesses are then exact: a
//! support set that is a point is the witness; a face or segment takes the other
//! witness moved by the gap; two crossing segments meet at their lines' closest points.
//!
//! At the default tolerances, 2489 of 2562 differentiable gradients on random pairs
//! of every shape kind at distant, close and overlapping poses agree with central
//! differences of queries at tight tolerances to 1e-6 relative
//! (`tests/integration/gradients.rs`); the others, mostly cones and meshes under growth
//! distance, are kinks within the differences' reach that the flag does not see (one
//! coordinate off, the other eleven within 1e-11) or pairs where the refinement kept
//! the query's normal (then as accurate as the query, about 1e-3 at worst). The
//! refinement costs a few support calls (about 3 per Newton step, 2-3 steps) and
//! allocates nothing.
//!
//! ```
//! use wolfe::{distance, Cuboid, GjkSettings, Pose, Shape, Sphere, Vec3};
//!
//! let a: Shape = Sphere::new(0.5).unwrap().into();
//! let b: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
//! let (pose_a, pose_b) = (Pose::identity(), Pose::from_translation(Vec3::new(2.0, 0.0, 0.0)));
//! let out = distance(&a, &pose_a, &b, &pose_b, &GjkSettings::default()).unwrap();
//! let g = out.pose_gradient(&a, &pose_a, &b, &pose_b).unwrap();
//! // The ball meets the middle of a face: moving B along x moves the distance 1:1.
//! assert!(g.differentiable);
//! assert!((g.translation_b - Vec3::x()).norm() < 1e-9);
//! assert!((g.translation_a + Vec3::x()).norm() < 1e-9);
//! // Rotating the box about its centre keeps the face's middle in place to first order.
//! assert!(g.rotation_b.norm() < 1e-9);
//! assert_eq!(g.as_array()[6], 1.0);
//! ```

mod distance;
mod growth;
mod refine;
mod signed;
mod support;

use crate::math::{Pose, Vec3};

/// The angular tolerance (sine of an angle) under which a normal counts as orthogonal
/// to a face or an edge, and two edges as parallel, in the differentiability test.
pub const PARALLEL_TOLERANCE: f64 = 1e-6;

/// The derivative of a query's value with respect to both poses (see the module
/// documentation for the convention), with whether it is the derivative.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct PoseGradient {
    /// Derivative with respect to a world-frame translation of A.
    pub translation_a: Vec3,
    /// Derivative with respect to a world-frame rotation vector applied to A on the
    /// left, about A's origin.
    pub rotation_a: Vec3,
    /// Derivative with respect to a world-frame translation of B.
    pub translation_b: Vec3,
    /// Derivative with respect to a world-frame rotation vector applied to B on the
    /// left, about B's origin.
    pub rotation_b: Vec3,
    /// Whether the value is differentiable at these poses (the witnesses and normal are
    /// unique and the query certified its answer). When false, the vector is a
    /// subgradient: the gradient of one optimal witness pair.
    pub differentiable: bool,
}

impl PoseGradient {
    /// The twelve derivatives in the order `[t_a, r_a, t_b, r_b]`.
    pub fn as_array(&self) -> [f64; 12] {
        let mut out = [0.0; 12];
        for (k, v) in [
            self.translation_a,
            self.rotation_a,
            self.translation_b,
            self.rotation_b,
        ]
        .iter()
        .enumerate()
        {
            out[3 * k..3 * k + 3].copy_from_slice(v.as_slice());
        }
        out
    }

    /// The zero gradient with the given flag.
    fn zero(differentiable: bool) -> Self {
        Self {
            translation_a: Vec3::zeros(),
            rotation_a: Vec3::zeros(),
            translation_b: Vec3::zeros(),
            rotation_b: Vec3::zeros(),
            differentiable,
        }
    }

    /// The derivative `s <n, v_b(x_b) - v_a(x_a)>` of a gap along `n` between the
    /// points `x_a` fixed to A and `x_b` fixed to B, scaled by `s`.
    fn of_gap(s: f64, n: &Vec3, x_a: &Vec3, x_b: &Vec3, pose_a: &Pose, pose_b: &Pose) -> Self {
        Self {
            translation_a: -s * n,
            rotation_a: -s * (x_a - pose_a.translation).cross(n),
            translation_b: s * n,
            rotation_b: s * (x_b - pose_b.translation).cross(n),
            differentiable: true,
        }
    }
}

/// The gradient of the gap measure (distance and signed distance) at the query's
/// normal `n0` (from A to B), flagged differentiable where the witness pair is unique
/// and the query `certified` its answer.
///
/// The normal is refined first ([`refine`]); the witnesses are then exact: a support
/// set that is a point is the witness (`S_A(n)`, `S_B(-n)`, radii included); facing a
/// face or a segment, the other witness is that point moved by the gap along `n`; two
/// crossing segments meet (along `n`) at the closest points of their lines. Where the
/// pair is not unique, the query's witness of A with its partner along `n`, one optimal
/// pair, makes a subgradient (a saddle point of the separating-axis form).
fn gap_gradient(pair: &refine::Pair, n0: &Vec3, query_a: &Vec3, certified: bool) -> PoseGradient {
    if n0.norm_squared().is_nan() || n0.norm_squared() == 0.0 {
        return PoseGradient::zero(false);
    }
    let n = pair.refine(refine::Measure::Gap, n0);
    let (za, zb) = pair.supports(&n);
    let phi = n.dot(&(zb - za));
    let (fa, fb) = pair.features(&n, PARALLEL_TOLERANCE);
    let unique = !support::several_witness_pairs(&fa, &fb, PARALLEL_TOLERANCE);
    let (pa, pb) = match (fa.dim, fb.dim) {
        (0, 0) => (za, zb),
        (0, _) => (za, za + phi * n),
        (_, 0) => (zb - phi * n, zb),
        (1, 1) if unique => closest_on_lines(&za, &fa.segment, &zb, &fb.segment),
        _ => (*query_a, query_a + phi * n),
    };
    let mut g = PoseGradient::of_gap(1.0, &n, &pa, &pb, pair.pose_a, pair.pose_b);
    g.differentiable = certified && unique;
    g
}

/// The closest points of the lines `p + s u` and `q + t v` (unit, not parallel
/// directions).
fn closest_on_lines(p: &Vec3, u: &Vec3, q: &Vec3, v: &Vec3) -> (Vec3, Vec3) {
    let w = p - q;
    let (b, d, e) = (u.dot(v), u.dot(&w), v.dot(&w));
    let denom = 1.0 - b * b;
    let s = (b * e - d) / denom;
    let t = (e - b * d) / denom;
    (p + s * u, q + t * v)
}
