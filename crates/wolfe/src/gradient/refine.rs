//! Refinement of a query's normal before its gradient is taken: the gradient is as
//! accurate as the normal (a normal off by `e` radians moves the gradient by about `e`
//! relative), and the queries stop at their tolerance, which on curved pairs leaves the
//! normal off by about the square root of it (1e-4 to 1e-3 at the defaults).
//!
//! Both measures are maxima over unit directions `n` (from A to B) of a function of the
//! support points `z_a = S_A(n)`, `z_b = S_B(-n)` (with the shapes' radii):
//!
//! - the gap `phi(n) = <n, z_b - z_a> = -(h_A(n) + h_B(-n))`, whose maximum is the
//!   distance, or minus the penetration depth (the separating-axis form, see
//!   [`crate::gradient`]); its gradient on the sphere is `P_n (z_b - z_a)`
//!   (`P_n = I - n n^T`);
//! - the growth ratio `alpha(n) = <n, p> / H(n)`, `p = p_2 - p_1`,
//!   `H(n) = <n, z_a - p_1> - <n, z_b - p_2>` (the dual of the growth distance,
//!   Thirugnanam and Sreenath, Eq. 12-13), whose gradient is a positive multiple of
//!   `p H(n) - <n, p> grad H(n)` with `grad H = (z_a - p_1) - (z_b - p_2)`.
//!
//! The query's normal `n_0` is refined by Newton's method on the stationarity condition
//! (that gradient, in a basis of the directions left free), with a Jacobian of forward
//! differences (the support maps are smooth within one support feature). The features
//! decide which directions are free:
//!
//! - a face of A (or of B): `n` is its normal, nothing to solve;
//! - two crossing segments: `n` is along the cross product of their directions;
//! - one segment (a polytope's edge, a cylinder's or capsule's side line, a cone's side
//!   generator): `n` stays orthogonal to it, one free direction;
//! - two points (a vertex, a rim point, a smooth surface's point): two free directions.
//!
//! The features are read at `n_0` with a loose angular tolerance (the query's normal
//! is that far off), and a constrained answer is kept only if it is a local maximum in
//! the directions the constraint fixed (the other shape's witness lies within the face or
//! segment: tilting `n` there lowers the measure); otherwise the next tolerance, and at
//! last the unconstrained solve, is tried. Where no solve converges the query's normal is
//! kept.

use super::support::{feature, parallel, world_support, Feature};
use crate::error::WolfeError;
use crate::math::{Pose, Vec3};
use crate::shape::Shape;

/// The measure whose maximizing normal is refined.
#[derive(Clone, Copy, Debug)]
pub(super) enum Measure {
    /// The gap `<n, S_B(-n) - S_A(n)>` (distance and signed distance).
    Gap,
    /// The growth ratio `<n, p_2 - p_1> / H(n)`, with the centre points in the world.
    Growth {
        /// A's centre point.
        p1: Vec3,
        /// B's centre point.
        p2: Vec3,
    },
}

/// The two shapes at their poses.
#[derive(Clone, Copy)]
pub(super) struct Pair<'a> {
    pub(super) a: &'a Shape,
    pub(super) pose_a: &'a Pose,
    pub(super) b: &'a Shape,
    pub(super) pose_b: &'a Pose,
}

/// Angular tolerances (sines) at which the features are read before the unconstrained
/// solve: above the query's normal error at its default tolerances, then tighter.
const FEATURE_TOLERANCES: [f64; 2] = [1e-2, 1e-4];
/// Forward-difference step of the Newton Jacobian (radians).
const JACOBIAN_STEP: f64 = 1e-7;
/// Newton stops after a step this small (radians).
const CONVERGED_STEP: f64 = 1e-12;
/// Most Newton steps.
const MAX_STEPS: usize = 8;
/// A Newton step longer than this (radians) means the solve left the feature: given up.
const MAX_STEP: f64 = 0.2;
/// The farthest (radians) a refined normal may lie from the query's: beyond the
/// queries' normal error at their default tolerances (about 1e-3 for EPA's 1e-6), a
/// refinement that went that far found another stationary point and is not kept.
const MAX_MOVE: f64 = 3e-3;
/// The tilt (radians) of the local-maximum test of a constrained answer.
const TILT: f64 = 1e-5;

impl<'a> Pair<'a> {
    /// The pair, once both poses are checked.
    ///
    /// Errors: [`WolfeError`] for an invalid pose.
    pub(super) fn new(
        a: &'a Shape, pose_a: &'a Pose, b: &'a Shape, pose_b: &'a Pose,
    ) -> Result<Self, WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        Ok(Self { a, pose_a, b, pose_b })
    }

    /// The support points `S_A(n)` and `S_B(-n)` (world frame, radii included).
    pub(super) fn supports(&self, n: &Vec3) -> (Vec3, Vec3) {
        (
            world_support(self.a, self.pose_a, n),
            world_support(self.b, self.pose_b, &-n),
        )
    }

    /// The support features of A in `n` and of B in `-n` at the angular tolerance `tol`.
    pub(super) fn features(&self, n: &Vec3, tol: f64) -> (Feature, Feature) {
        (
            feature(self.a, self.pose_a, n, tol),
            feature(self.b, self.pose_b, &-n, tol),
        )
    }

    /// The measure at the unit direction `n`.
    fn value(&self, m: Measure, n: &Vec3) -> f64 {
        let (za, zb) = self.supports(n);
        match m {
            Measure::Gap => n.dot(&(zb - za)),
            Measure::Growth { p1, p2 } => n.dot(&(p2 - p1)) / n.dot(&((za - p1) - (zb - p2))),
        }
    }

    /// A positive multiple of the measure's gradient on the sphere at `n`.
    fn ascent(&self, m: Measure, n: &Vec3) -> Vec3 {
        let (za, zb) = self.supports(n);
        match m {
            Measure::Gap => {
                let v = zb - za;
                v - n * n.dot(&v)
            }
            Measure::Growth { p1, p2 } => {
                let p = p2 - p1;
                let grad_h = (za - p1) - (zb - p2);
                p * n.dot(&grad_h) - grad_h * n.dot(&p)
            }
        }
    }

    /// The maximizing unit normal near `n0` (see the module documentation), or `n0`
    /// where no solve converges.
    pub(super) fn refine(&self, m: Measure, n0: &Vec3) -> Vec3 {
        // The answer maximizes the measure, so it must not be below the query's normal,
        // and lies within the query's error of it.
        let floor = self.value(m, n0);
        let slack = 1e-12 * floor.abs().max(self.scale(m, n0));
        let better = |n: &Vec3| (n - n0).norm() <= MAX_MOVE && self.value(m, n) >= floor - slack;
        for tol in FEATURE_TOLERANCES {
            let (fa, fb) = self.features(n0, tol);
            let Some((start, free)) = constraint(&fa, &fb, n0, tol) else {
                continue;
            };
            if let Some(n) = self.newton(m, &start, free) {
                if better(&n) && self.is_local_max(m, &n, free) {
                    return n;
                }
            }
        }
        match self.newton(m, n0, Free::two(n0)) {
            Some(n) if better(&n) => n,
            _ => *n0,
        }
    }

    /// The length (gap) or ratio (growth) scale of the measure near `n`, for its
    /// rounding.
    fn scale(&self, m: Measure, n: &Vec3) -> f64 {
        match m {
            Measure::Gap => {
                let (za, zb) = self.supports(n);
                (za - self.pose_a.translation).norm() + (zb - self.pose_b.translation).norm()
            }
            Measure::Growth { .. } => self.value(m, n).abs(),
        }
    }

    /// Newton's method on the ascent's components along the free directions, from `n0`.
    fn newton(&self, m: Measure, n0: &Vec3, free: Free) -> Option<Vec3> {
        let basis = free.basis();
        let k = basis.len();
        let at = |u: &[f64; 2]| {
            if k == 1 {
                // Rodrigues: n0 turned by u[0] about the pivot.
                let (s, c) = u[0].sin_cos();
                let p = free.pivot;
                return n0 * c + p.cross(n0) * s + p * (p.dot(n0) * (1.0 - c));
            }
            let mut v = *n0;
            for (e, uj) in basis.iter().zip(u) {
                v += *uj * e;
            }
            v.normalize()
        };
        let residual = |u: &[f64; 2]| {
            let r = self.ascent(m, &at(u));
            let mut out = [0.0; 2];
            for (o, e) in out.iter_mut().zip(basis) {
                *o = e.dot(&r);
            }
            out
        };
        let mut u = [0.0; 2];
        if k == 0 {
            return Some(*n0);
        }
        for _ in 0..MAX_STEPS {
            let r0 = residual(&u);
            // jac[i][j] = d r_i / d u_j.
            let mut jac = [[0.0; 2]; 2];
            for j in 0..k {
                let mut uj = u;
                uj[j] += JACOBIAN_STEP;
                let rj = residual(&uj);
                for i in 0..k {
                    jac[i][j] = (rj[i] - r0[i]) / JACOBIAN_STEP;
                }
            }
            let du = solve(&jac, &r0, k)?;
            let len = du[0].hypot(du[1]);
            if !len.is_finite() || len > MAX_STEP {
                return None;
            }
            u[0] += du[0];
            u[1] += du[1];
            if len <= CONVERGED_STEP {
                return Some(at(&u));
            }
        }
        None
    }

    /// Whether tilting `n` by [`TILT`] along the directions the constraint fixed (the
    /// tangent directions not in `free`) lowers the measure, or leaves it within
    /// rounding: the constrained stationary point is then the maximum.
    fn is_local_max(&self, m: Measure, n: &Vec3, free: Free) -> bool {
        let f0 = self.value(m, n);
        let (t1, t2) = tangents(n);
        let fixed: [Option<Vec3>; 2] = match free.count {
            0 => [Some(t1), Some(t2)],
            1 => [Some(free.dirs[0].cross(n).normalize()), None],
            _ => [None, None],
        };
        let slack = 1e-7 * TILT * self.scale(m, n);
        fixed.iter().flatten().all(|t| {
            [1.0, -1.0].iter().all(|s| {
                let tilted = (n + s * TILT * t).normalize();
                self.value(m, &tilted) <= f0 + slack
            })
        })
    }
}

/// The directions in which the refined normal may move from its start: the first
/// `count` of `dirs` (unit, orthogonal to the start and to each other). With one
/// direction, the normal turns about `pivot` (the start's rotation about it keeps a
/// segment the support set).
#[derive(Clone, Copy, Debug)]
struct Free {
    dirs: [Vec3; 2],
    count: usize,
    pivot: Vec3,
}

impl Free {
    /// No free direction: the features fix the normal.
    fn none() -> Self {
        Self {
            dirs: [Vec3::zeros(); 2],
            count: 0,
            pivot: Vec3::zeros(),
        }
    }

    /// Turning about the unit `pivot` from the unit `start`.
    fn one(pivot: Vec3, start: &Vec3) -> Self {
        Self {
            dirs: [pivot.cross(start).normalize(), Vec3::zeros()],
            count: 1,
            pivot,
        }
    }

    fn two(n: &Vec3) -> Self {
        let (t1, t2) = tangents(n);
        Self {
            dirs: [t1, t2],
            count: 2,
            pivot: Vec3::zeros(),
        }
    }

    fn basis(&self) -> &[Vec3] {
        &self.dirs[..self.count]
    }
}

/// The start of the constrained solve and its free directions for the features `fa`
/// (A's in `n0`) and `fb` (B's in `-n0`), `None` when neither is more than a point.
fn constraint(fa: &Feature, fb: &Feature, n0: &Vec3, tol: f64) -> Option<(Vec3, Free)> {
    if fa.dim == 2 {
        return Some((fa.normal, Free::none()));
    }
    if fb.dim == 2 {
        return Some((-fb.normal, Free::none()));
    }
    let (start, pivot) = match (fa.dim, fb.dim) {
        (1, 1) if !parallel(&fa.segment, &fb.segment, tol) => {
            let c = fa.segment.cross(&fb.segment).normalize();
            return Some((c * c.dot(n0).signum(), Free::none()));
        }
        (1, _) => (fa.normal, fa.pivot),
        (_, 1) => (-fb.normal, fb.pivot),
        _ => return None,
    };
    Some((start, Free::one(pivot, &start)))
}

/// Two orthonormal directions orthogonal to the unit `n`.
fn tangents(n: &Vec3) -> (Vec3, Vec3) {
    let helper = if n.x.abs() < 0.6 { Vec3::x() } else { Vec3::y() };
    let t1 = n.cross(&helper).normalize();
    (t1, n.cross(&t1))
}

/// The Newton step `-J^-1 r` in the first `k` coordinates (`None` for a singular `J`).
fn solve(jac: &[[f64; 2]; 2], r: &[f64; 2], k: usize) -> Option<[f64; 2]> {
    if k == 1 {
        let j = jac[0][0];
        return (j != 0.0).then(|| [-r[0] / j, 0.0]);
    }
    let det = jac[0][0] * jac[1][1] - jac[0][1] * jac[1][0];
    let size = jac.iter().flatten().fold(0.0_f64, |m, x| m.max(x.abs()));
    if det.abs() <= 1e-12 * size * size {
        return None;
    }
    Some([
        -(jac[1][1] * r[0] - jac[0][1] * r[1]) / det,
        -(jac[0][0] * r[1] - jac[1][0] * r[0]) / det,
    ])
}
