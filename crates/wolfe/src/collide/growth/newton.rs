//! Newton's method on the growth problem of smooth pairs (spheres, ellipsoids, and
//! either inflated), with a primal-dual certificate on the iterates that can certify.
//!
//! The dual of the ray intersection problem (Eq. 10) is the outer bound of Eq. 13
//! minimized over the normals: `beta* = min_{<lambda, p> = |p|} h_C(lambda) / |p|`, with
//! `h_C(lambda) = h_A'(lambda) + h_B'(-lambda)` the support function of
//! `C = (A - c1) - (B - c2)`. On the plane `lambda = u + y1 e1 + y2 e2` (`u = p / |p|`,
//! `e1, e2` orthonormal in `u`'s complement) it is a smooth convex function of `y` in
//! two variables whose gradient is the support point's offset from the ray,
//! `(e_i . z(lambda))`, and whose Hessian is the projected Hessian of the support
//! functions, `e_i^T (H_A'(lambda) + H_B'(-lambda)) e_j` (closed forms below). Newton's
//! step on it is DGD's second-order step (the growth distance library's default on
//! smooth pairs) and converges quadratically; the cutting-plane loop of `core.rs`
//! needs 16 support calls on the Table III ellipsoids, this one about 4.
//!
//! Three stages (issue 20):
//! - Cold start at the minimizer of both shapes' quadratic models
//!   ([`PlaneSupport::model`]): on the plane an ellipsoid's support function is a
//!   hyperbola about the normal where the ray leaves it, so the start is that normal
//!   for one shape and a curvature-weighted mix for two (6.3 -> 3.9 evaluations on the
//!   Table III ellipsoids). A warm start takes the previous normal instead.
//! - Uncertified iterations on the closed forms in `y` ([`plane_newton`]: two square
//!   roots per iteration, no 3D vector), until the Newton decrement predicts that the
//!   next iterate certifies.
//! - The certified loop ([`solve`]): 3D support points, the outer bound and, where the
//!   decrement allows the tolerance, the inner bounds; usually one iteration.
//!
//! Certificate (Theorem 2's bounds): the upper bound of `beta*` is the least
//! `h_C(lambda) / <lambda, p>` evaluated in 3D (Eq. 13); the lower bound is the ray's
//! exit from a subset of `C` through the support point `z`: translates of the shapes
//! osculating `C` at `z` (second order, ellipsoids and balls), or else the convex hull
//! of `z` and the inscribed ball `B_r(0)` of `C` (`r = r1 + r2`, Alg. 1): the cone from
//! `z` tangent to the ball crosses the ray at
//! `t = r d^2 / (a r + delta sqrt(d^2 - r^2))` (`a`, `delta`: `z`'s components along
//! and across the ray, `d = |z|`), within `O(delta / r)` of `z`'s height. The witness
//! points are that subset's points on the ray (Eq. 28).
//!
//! Globalization: a step that does not lower `h_C` is quartered (backtracking from the
//! last accepted point); a step longer than [`MAX_STEP`] is shortened to it; a
//! non-positive-definite model or [`MAX_NEWTON`] iterations end the run, and the caller
//! falls back to the cutting-plane loop (the certified method for every pair).

use super::core::{cone_exit, GrowthIterate, GrowthTrace, MARGIN};
use crate::math::{Mat3, Vec3};
use crate::shape::Shape;

/// Longest step in the plane's coordinates (a turn of the normal by at most 45 degrees).
const MAX_STEP: f64 = 1.0;

/// Newton iterations before the caller falls back to the cutting-plane loop.
pub(crate) const MAX_NEWTON: u32 = 32;

/// The core of a smooth shape (its support function has a Hessian everywhere but 0).
#[derive(Clone, Copy, Debug)]
enum Core {
    /// A point at the local origin (a sphere's core).
    Point,
    /// An ellipsoid about the local origin: semi-axes and their squares.
    Ellipsoid { radii: Vec3, radii_sq: Vec3 },
}

/// A smooth shape: a [`Core`] inflated by `radius >= 0`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Smooth {
    core: Core,
    radius: f64,
}

impl Smooth {
    /// The smooth description of `shape`, or `None` when its support function has no
    /// Hessian (flat or ruled parts: boxes, meshes, capsules, cylinders, cones).
    pub(crate) fn of(shape: &Shape) -> Option<Self> {
        match shape {
            Shape::Sphere(s) => Some(Self {
                core: Core::Point,
                radius: s.ball_radius(),
            }),
            Shape::Ellipsoid(e) => {
                let radii = e.radii();
                Some(Self {
                    core: Core::Ellipsoid {
                        radii,
                        radii_sq: radii.component_mul(&radii),
                    },
                    radius: 0.0,
                })
            }
            Shape::Inflated(i) => {
                let inner = Self::of(i.core())?;
                Some(Self {
                    radius: inner.radius + i.added_radius(),
                    ..inner
                })
            }
            _ => None,
        }
    }

    /// `1 / radii^2` of the shape when it is an ellipsoid (a ball counts: three equal
    /// radii); `None` for an inflated ellipsoid (no closed-form ray intersection).
    fn inverse_radii_sq(&self) -> Option<Vec3> {
        match self.core {
            Core::Point if self.radius > 0.0 => Some(Vec3::repeat(1.0 / (self.radius * self.radius))),
            Core::Ellipsoid { radii_sq, .. } if self.radius == 0.0 => Some(radii_sq.map(|x| 1.0 / x)),
            _ => None,
        }
    }

    /// The core's `D^2` projected on the plane `(e1, e2)` (local frame, orthonormal):
    /// `[e1.D^2 e1, e1.D^2 e2, e2.D^2 e2]`, the constant part of the support function's
    /// projected Hessian (see [`Smooth::support_hessian`]), computed once per query.
    #[inline(always)]
    fn projected(&self, e1: &Vec3, e2: &Vec3) -> [f64; 3] {
        match self.core {
            Core::Ellipsoid { radii_sq, .. } => {
                let d1 = e1.component_mul(&radii_sq);
                [d1.dot(e1), d1.dot(e2), e2.component_mul(&radii_sq).dot(e2)]
            }
            Core::Point => [0.0; 3],
        }
    }

    /// The support point at the local direction `d != 0` and the Hessian of the
    /// support function there, projected on the orthonormal `(e1, e2)` (local frame):
    /// `[h11, h12, h22]`; `dd` is [`Smooth::projected`]. Ellipsoid `x^T D^-2 x <= 1`:
    /// `h(d) = |D d|`, `s = D^2 d / |D d|`, `H = (D^2 - s s^T) / |D d|`; a ball of radius
    /// `r`: `s = r d / |d|`, `H = r (I - d d^T / |d|^2) / |d|`.
    #[inline(always)]
    fn support_hessian(&self, d: &Vec3, e1: &Vec3, e2: &Vec3, dd: &[f64; 3]) -> (Vec3, [f64; 3]) {
        let mut s = Vec3::zeros();
        let mut h = [0.0; 3];
        if let Core::Ellipsoid { radii, radii_sq } = self.core {
            let n = d.component_mul(&radii).norm();
            let inv = 1.0 / n;
            s = d.component_mul(&radii_sq) * inv;
            let (s1, s2) = (s.dot(e1), s.dot(e2));
            h = [
                (dd[0] - s1 * s1) * inv,
                (dd[1] - s1 * s2) * inv,
                (dd[2] - s2 * s2) * inv,
            ];
        }
        if self.radius > 0.0 {
            let inv = 1.0 / d.norm();
            let u = d * inv;
            s += self.radius * u;
            let w = self.radius * inv;
            let (u1, u2) = (u.dot(e1), u.dot(e2));
            // e1, e2 orthonormal: e_i . e_j = delta_ij.
            h[0] += w * (1.0 - u1 * u1);
            h[1] -= w * (u1 * u2);
            h[2] += w * (1.0 - u2 * u2);
        }
        (s, h)
    }
}

/// The query of a smooth pair in A's frame.
pub(crate) struct SmoothQuery<'q> {
    /// The shapes.
    pub a: &'q Smooth,
    /// See `a`.
    pub b: &'q Smooth,
    /// B's orientation in A's frame.
    pub rot_ab: &'q Mat3,
    /// A's centre (A's frame) and B's (B's frame).
    pub c1: Vec3,
    /// See `c1`.
    pub cb: Vec3,
    /// `c2 - c1` in A's frame, nonzero.
    pub p: Vec3,
    /// Inradius lower bounds about the centres, `r1 + r2 > 0`.
    pub r1: f64,
    /// See `r1`.
    pub r2: f64,
    /// Relative gap tolerance.
    pub tolerance: f64,
    /// Iteration limit.
    pub max_iterations: u32,
    /// A normal to start from (A's frame; the previous query's), if any.
    pub start: Option<Vec3>,
}

/// What a Newton run found: bounds of `beta*`, the dual normal, the primal witness.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SmoothRun {
    /// Lower bound of `beta*` and its witness offsets `a - c1`, `b - c2` (A's frame).
    pub beta_lower: f64,
    /// See `beta_lower`.
    pub witness_a: Vec3,
    /// See `beta_lower`.
    pub witness_b: Vec3,
    /// Relative rounding margin of `beta_lower` (see `core::Run::upper_margin`).
    pub margin_lower: f64,
    /// Upper bound of `beta*`, at the unit normal `lambda_upper`.
    pub beta_upper: f64,
    /// See `beta_upper`.
    pub lambda_upper: Vec3,
    /// Relative rounding margin of `beta_upper`.
    pub margin_upper: f64,
    /// Support calls.
    pub iterations: u32,
    /// Whether the gap closed to the tolerance.
    pub converged: bool,
}

/// Newton's method with backtracking on the dual plane; see the module doc.
pub(crate) fn solve<T: GrowthTrace>(q: &SmoothQuery<'_>, trace: &mut T) -> SmoothRun {
    let p_norm = q.p.norm();
    let u = q.p * (1.0 / p_norm);
    let (e1, e2) = orthonormal_pair(&u);
    // B's side in B's frame (its support is at -lambda).
    let rot_ba = q.rot_ab.transpose();
    let (e1b, e2b) = (rot_ba * e1, rot_ba * e2);
    let ub = rot_ba * u;
    let (dda, ddb) = (q.a.projected(&e1, &e2), q.b.projected(&e1b, &e2b));
    let r = q.r1 + q.r2;
    let (ka, kb) = (q.a.inverse_radii_sq(), q.b.inverse_radii_sq());

    let y = plane_point(q.start, &u, &e1, &e2);
    // The uncertified iterations on the plane's closed forms, then the certified loop
    // from where they stopped (its first iterate usually certifies the tolerance).
    let (pre, y) = {
        let plane_a = PlaneSupport::new(q.a, &u, &e1, &e2, &dda);
        let plane_b = PlaneSupport::new(q.b, &ub, &e1b, &e2b, &ddb);
        // The centres' part of h_C: <lambda, R cb - c1> (zero for default centres).
        let w = *q.rot_ab * q.cb - q.c1;
        let linear = (w.dot(&u), [w.dot(&e1), w.dot(&e2)]);
        let start = if q.start.is_some() {
            y
        } else {
            model_minimizer(&plane_a, &plane_b, &linear.1).unwrap_or(y)
        };
        let limit = q.max_iterations.min(MAX_NEWTON).saturating_sub(1);
        plane_newton(&plane_a, &plane_b, linear, start, q.tolerance, limit)
    };
    let mut y = y;
    for k in 1..=pre {
        trace.record(GrowthIterate {
            iteration: k,
            beta_lower: r / p_norm,
            beta_upper: f64::INFINITY,
        });
    }
    // Bounds in units of |p| (`beta * |p|`): the least support value seen on the plane
    // (Eq. 13) with its normal and support offsets, whose margin is computed once at
    // the end; the inner bound's exit `t` with its witness offsets and margin.
    let mut upper = (f64::INFINITY, u, Vec3::zeros(), Vec3::zeros());
    let mut lower = (r, q.r1 * u, -q.r2 * u, MARGIN);
    let mut iterations = pre;
    let mut converged = false;
    // The last accepted point: its coordinates, value and Newton step.
    let mut accepted: Option<([f64; 2], f64, [f64; 2])> = None;
    let one_plus_tol = 1.0 + q.tolerance;
    // An iterate whose Newton decrement `g^T H^-1 g` (twice the model's predicted
    // decrease of `h_C`, the upper bound's excess over `beta* |p|`) exceeds this share
    // of `h_C` cannot certify the tolerance: its inner bounds, which are what costs in
    // an iteration (square roots, divisions), are skipped. The factor leaves room for a
    // model that overestimates the excess; the answer does not depend on it.
    let certifiable = CERTIFIABLE * q.tolerance;
    let limit = q.max_iterations.min(MAX_NEWTON);
    while iterations < limit {
        iterations += 1;
        let lambda = u + y[0] * e1 + y[1] * e2;
        let (sa, ha) = q.a.support_hessian(&lambda, &e1, &e2, &dda);
        let lb = -(y[0] * e1b + y[1] * e2b + ub);
        let (sb, hb) = q.b.support_hessian(&lb, &e1b, &e2b, &ddb);
        let za = sa - q.c1;
        let zb = *q.rot_ab * (sb - q.cb);
        let z = za - zb;
        // <lambda, p> = |p| on the plane: the outer bound of Eq. 13.
        let f = lambda.dot(&z);
        if f < upper.0 {
            upper = (f, lambda, za, zb);
        }
        // Backtracking: a point that does not lower h_C quarters the last step.
        if let Some((y0, f0, step)) = accepted {
            if f >= f0 {
                trace.record(iterate(iterations, lower.0, upper.0, p_norm));
                let step = [0.25 * step[0], 0.25 * step[1]];
                if step[0].abs().max(step[1].abs()) < 1e-15 {
                    break;
                }
                y = [y0[0] + step[0], y0[1] + step[1]];
                accepted = Some((y0, f0, step));
                continue;
            }
        }
        // Newton's step: the 2x2 model with the projected Hessians of both supports,
        // gradient the support point's offset from the ray.
        let g = [z.dot(&e1), z.dot(&e2)];
        let (definite, step) = newton_step(&g, &ha, &hb);
        let decrement = -(g[0] * step[0] + g[1] * step[1]);
        // (A NaN decrement fails the comparison: no inner bounds.)
        let can_certify = definite && decrement <= certifiable * f;
        if !can_certify {
            trace.record(iterate(iterations, lower.0, upper.0, p_norm));
        } else {
            inner_bounds(q, &u, &ub, &rot_ba, (ka, kb), (&za, &zb, &z), &mut lower);
            trace.record(iterate(iterations, lower.0, upper.0, p_norm));
            if upper.0 <= lower.0 * one_plus_tol {
                converged = true;
                break;
            }
        }
        if !definite {
            break;
        }
        let len_sq = step[0] * step[0] + step[1] * step[1];
        if !len_sq.is_finite() {
            break;
        }
        let step = if len_sq > MAX_STEP * MAX_STEP {
            let scale = MAX_STEP / len_sq.sqrt();
            [step[0] * scale, step[1] * scale]
        } else {
            step
        };
        accepted = Some((y, f, step));
        y = [y[0] + step[0], y[1] + step[1]];
    }
    finish(upper, lower, &u, p_norm, iterations, converged)
}

/// An orthonormal pair orthogonal to the unit `u` (Duff et al., branchless ONB).
#[inline(always)]
fn orthonormal_pair(u: &Vec3) -> (Vec3, Vec3) {
    let sgn = if u.z >= 0.0 { 1.0 } else { -1.0 };
    let k = -1.0 / (sgn + u.z);
    let m = u.x * u.y * k;
    let e1 = Vec3::new(1.0 + sgn * u.x * u.x * k, sgn * m, -sgn * u.x);
    let e2 = Vec3::new(m, sgn + u.y * u.y * k, -u.y);
    (e1, e2)
}

/// The plane coordinates `y` of a warm start's normal `n` (`lambda = u + y1 e1 + y2
/// e2` parallel to it), or the origin of the plane (`lambda = u`) without a usable one.
#[inline(always)]
fn plane_point(start: Option<Vec3>, u: &Vec3, e1: &Vec3, e2: &Vec3) -> [f64; 2] {
    if let Some(n) = start {
        let nu = n.dot(u);
        if nu > 0.0 && n.iter().all(|x| x.is_finite()) {
            return [n.dot(e1) / nu, n.dot(e2) / nu];
        }
    }
    [0.0; 2]
}

/// Iteration `k`'s bounds of `beta*` for the trace, from the bounds in units of `|p|`.
#[inline(always)]
fn iterate(k: u32, lower: f64, upper: f64, p_norm: f64) -> GrowthIterate {
    GrowthIterate {
        iteration: k,
        beta_lower: lower / p_norm,
        beta_upper: upper / p_norm,
    }
}

/// Newton's step on the plane: the 2x2 model with the projected Hessians `ha`, `hb` of
/// both supports (upper triangles) and the gradient `g`, the support point's offset
/// from the ray; whether the model is positive definite (else a zero step).
#[inline(always)]
fn newton_step(g: &[f64; 2], ha: &[f64; 3], hb: &[f64; 3]) -> (bool, [f64; 2]) {
    let h = [ha[0] + hb[0], ha[1] + hb[1], ha[2] + hb[2]];
    let det = h[0] * h[2] - h[1] * h[1];
    let definite = h[0] > 0.0 && det > 0.0 && det.is_finite();
    let step = if definite {
        let inv = 1.0 / det;
        [
            (h[1] * g[1] - h[2] * g[0]) * inv,
            (h[1] * g[0] - h[0] * g[1]) * inv,
        ]
    } else {
        [0.0; 2]
    };
    (definite, step)
}

/// The run's answer from its bounds in units of `|p|`: the least support value seen
/// (`upper`: value, normal, support offsets; its margin computed here) and the inner
/// bound (`lower`: exit, witness offsets, margin).
#[inline(always)]
fn finish(
    upper: (f64, Vec3, Vec3, Vec3), lower: (f64, Vec3, Vec3, f64), u: &Vec3, p_norm: f64, iterations: u32,
    converged: bool,
) -> SmoothRun {
    let (f, lambda, za, zb) = upper;
    let (beta_upper, lambda_upper, margin_upper) = if f.is_finite() {
        let ln = lambda.norm();
        (
            f / p_norm,
            lambda * (1.0 / ln),
            MARGIN * (1.0 + ln * (za.norm() + zb.norm()) / f),
        )
    } else {
        (f64::INFINITY, *u, 0.0)
    };
    SmoothRun {
        beta_lower: lower.0 / p_norm,
        witness_a: lower.1,
        witness_b: lower.2,
        margin_lower: lower.3,
        beta_upper,
        lambda_upper,
        margin_upper,
        iterations,
        converged,
    }
}

/// A smooth shape's support function on the plane `d = v + y1 f1 + y2 f2` of its
/// local frame (`v` unit, `f1, f2` orthonormal in its complement; for B, `d = -lambda`
/// in B's frame, whose sign the quadratic form ignores): an ellipsoid core gives
/// `|D d| = sqrt(c + 2 b.y + y^T Q y)`, the radius `r |d| = r sqrt(1 + |y|^2)`. Closed
/// forms in `y`, two square roots per evaluation of both shapes and no 3D vector: the
/// plane Newton iterations ([`plane_newton`]) cost a fraction of a certified one.
struct PlaneSupport {
    /// Whether the core is an ellipsoid (else a point).
    ellipsoid: bool,
    c: f64,
    b: [f64; 2],
    q: [f64; 3],
    radius: f64,
}

impl PlaneSupport {
    fn new(s: &Smooth, v: &Vec3, f1: &Vec3, f2: &Vec3, dd: &[f64; 3]) -> Self {
        match s.core {
            Core::Ellipsoid { radii_sq, .. } => {
                let dv = v.component_mul(&radii_sq);
                Self {
                    ellipsoid: true,
                    c: dv.dot(v),
                    b: [dv.dot(f1), dv.dot(f2)],
                    q: *dd,
                    radius: s.radius,
                }
            }
            Core::Point => Self {
                ellipsoid: false,
                c: 0.0,
                b: [0.0; 2],
                q: [0.0; 3],
                radius: s.radius,
            },
        }
    }

    /// The quadratic model of the support function about its own minimizer on the
    /// plane, as the weight `W` (`[w11, w12, w22]`) and the weighted centre `W y*`. The
    /// ellipsoid part is a hyperbola, `sqrt(a^2 + (y - y*)^T Q (y - y*))` with
    /// `y* = -Q^-1 b` (the normal where the ray leaves the ellipsoid) and
    /// `a^2 = c + b.y*`, modelled by `W = Q / a`, `W y* = -b / a`; the radius part,
    /// `r sqrt(1 + |y|^2)`, by `W = r I` about 0.
    #[inline(always)]
    fn model(&self) -> ([f64; 3], [f64; 2]) {
        let mut w = [0.0; 3];
        let mut wy = [0.0; 2];
        if self.ellipsoid {
            let [q0, q1, q2] = self.q;
            let inv = 1.0 / (q0 * q2 - q1 * q1);
            let ys = [
                (q1 * self.b[1] - q2 * self.b[0]) * inv,
                (q1 * self.b[0] - q0 * self.b[1]) * inv,
            ];
            let a2 = self.c + self.b[0] * ys[0] + self.b[1] * ys[1];
            if a2 > 0.0 && a2.is_finite() && ys[0].is_finite() && ys[1].is_finite() {
                let ia = 1.0 / a2.sqrt();
                w = [q0 * ia, q1 * ia, q2 * ia];
                wy = [-self.b[0] * ia, -self.b[1] * ia];
            }
        }
        if self.radius > 0.0 {
            w[0] += self.radius;
            w[2] += self.radius;
        }
        (w, wy)
    }

    /// Value, gradient and Hessian `[h11, h12, h22]` in `y`.
    #[inline(always)]
    fn eval(&self, y: &[f64; 2]) -> (f64, [f64; 2], [f64; 3]) {
        let mut h = 0.0;
        let mut g = [0.0; 2];
        let mut hh = [0.0; 3];
        if self.ellipsoid {
            let qy = [
                self.b[0] + self.q[0] * y[0] + self.q[1] * y[1],
                self.b[1] + self.q[1] * y[0] + self.q[2] * y[1],
            ];
            let v = self.c + self.b[0] * y[0] + self.b[1] * y[1] + qy[0] * y[0] + qy[1] * y[1];
            let n = v.max(0.0).sqrt();
            let inv = 1.0 / n;
            h = n;
            g = [qy[0] * inv, qy[1] * inv];
            hh = [
                (self.q[0] - g[0] * g[0]) * inv,
                (self.q[1] - g[0] * g[1]) * inv,
                (self.q[2] - g[1] * g[1]) * inv,
            ];
        }
        if self.radius > 0.0 {
            let s = (1.0 + y[0] * y[0] + y[1] * y[1]).sqrt();
            let inv = 1.0 / s;
            let (v0, v1) = (y[0] * inv, y[1] * inv);
            let w = self.radius * inv;
            h += self.radius * s;
            g[0] += self.radius * v0;
            g[1] += self.radius * v1;
            hh[0] += w * (1.0 - v0 * v0);
            hh[1] -= w * (v0 * v1);
            hh[2] += w * (1.0 - v1 * v1);
        }
        (h, g, hh)
    }
}

/// A cold start: the minimizer of the sum of both shapes' quadratic models
/// ([`PlaneSupport::model`]) and the centres' linear part. Each model is exact at its
/// own minimizer (the normal where the ray leaves that shape alone), so the start is
/// exact when one shape is a point and weighs the two normals by curvature otherwise;
/// from the plain start `y = 0` Newton's first steps on a needle or a sheet are clamped
/// turns. `None` when the models' sum is not positive definite.
fn model_minimizer(a: &PlaneSupport, b: &PlaneSupport, linear: &[f64; 2]) -> Option<[f64; 2]> {
    let ((wa, ya), (wb, yb)) = (a.model(), b.model());
    let w = [wa[0] + wb[0], wa[1] + wb[1], wa[2] + wb[2]];
    let r = [ya[0] + yb[0] - linear[0], ya[1] + yb[1] - linear[1]];
    let det = w[0] * w[2] - w[1] * w[1];
    if !(w[0] > 0.0 && det > 0.0 && det.is_finite()) {
        return None;
    }
    let inv = 1.0 / det;
    let y = [
        (w[2] * r[0] - w[1] * r[1]) * inv,
        (w[0] * r[1] - w[1] * r[0]) * inv,
    ];
    (y[0].is_finite() && y[1].is_finite()).then_some(y)
}

/// Newton's method with backtracking on `h_C` restricted to the plane, in the closed
/// forms of [`PlaneSupport`] (`linear`: the centres' linear part, its value at `y = 0`
/// and its gradient), from
/// `y`, without certificates: it stops where the Newton decrement (relative to `h_C`)
/// is below a tenth of the tolerance's square root (the next iterate, returned, is then
/// about within the tolerance) or after `limit` iterations, and returns the iterations
/// and the point. The certified loop of [`solve`] goes on from there, so that rounding or a
/// stall here costs iterations, never correctness.
fn plane_newton(
    a: &PlaneSupport, b: &PlaneSupport, (constant, linear): (f64, [f64; 2]), mut y: [f64; 2], tolerance: f64,
    limit: u32,
) -> (u32, [f64; 2]) {
    let mut k = 0;
    let mut accepted: Option<([f64; 2], f64, [f64; 2])> = None;
    let handover = 0.1 * tolerance.sqrt();
    while k < limit {
        k += 1;
        let (fa, ga, ha) = a.eval(&y);
        let (fb, gb, hb) = b.eval(&y);
        let f = fa + fb + constant + linear[0] * y[0] + linear[1] * y[1];
        if let Some((y0, f0, step)) = accepted {
            if f >= f0 {
                let step = [0.25 * step[0], 0.25 * step[1]];
                if step[0].abs().max(step[1].abs()) < 1e-15 {
                    return (k, y0);
                }
                y = [y0[0] + step[0], y0[1] + step[1]];
                accepted = Some((y0, f0, step));
                continue;
            }
        }
        let g = [ga[0] + gb[0] + linear[0], ga[1] + gb[1] + linear[1]];
        let h = [ha[0] + hb[0], ha[1] + hb[1], ha[2] + hb[2]];
        let det = h[0] * h[2] - h[1] * h[1];
        if !(h[0] > 0.0 && det > 0.0 && det.is_finite() && f.is_finite()) {
            return (k, y);
        }
        let inv = 1.0 / det;
        let mut step = [
            (h[1] * g[1] - h[2] * g[0]) * inv,
            (h[1] * g[0] - h[0] * g[1]) * inv,
        ];
        let decrement = -(g[0] * step[0] + g[1] * step[1]);
        // The step's length only matters beyond MAX_STEP: compared squared (glibc's
        // `hypot` was 12% of an ellipsoid query).
        let len_sq = step[0] * step[0] + step[1] * step[1];
        if !len_sq.is_finite() {
            return (k, y);
        }
        if len_sq > MAX_STEP * MAX_STEP {
            let scale = MAX_STEP / len_sq.sqrt();
            step = [step[0] * scale, step[1] * scale];
        }
        let next = [y[0] + step[0], y[1] + step[1]];
        // Quadratic convergence: the next iterate's decrement is about the square of this
        // one's (relative to h_C), within the tolerance once this one is below a tenth of
        // its square root; the certified loop evaluates that iterate.
        if decrement <= handover * f.abs() {
            return (k, next);
        }
        accepted = Some((y, f, step));
        y = next;
    }
    (k, y)
}

/// See `certifiable` in [`solve`].
const CERTIFIABLE: f64 = 64.0;

/// The inner bounds at the support point `z = za - zb` of `C` (in units of `|p|`,
/// along the unit ray `u`), raising `lower = (t, witness_a, witness_b, margin)`:
/// - second order: `C` contains `A' - zb` and `za - B'`, translates of the shapes that
///   touch `z` and osculate `C` there (a Minkowski sum is flatter than either part), so
///   the ray's exit from them trails `beta*` by `O(delta^2)`. With 0 in `C`, the whole
///   segment up to the exit is in `C`. `A' - zb`: `c1 + zb + t u` in A; `za - B'`:
///   `cb + R_ba za - t R_ba u` in B. Closed forms on ellipsoids and balls.
/// - first order, where neither applies (inflated ellipsoids): the ray's exit from the
///   convex hull of `z` and the inscribed ball `B_r(0)` ([`cone_exit`]).
#[inline(always)]
fn inner_bounds(
    q: &SmoothQuery<'_>, u: &Vec3, ub: &Vec3, rot_ba: &Mat3, (ka, kb): (Option<Vec3>, Option<Vec3>),
    (za, zb, z): (&Vec3, &Vec3, &Vec3), lower: &mut (f64, Vec3, Vec3, f64),
) {
    let mut closed = false;
    if let Some(k) = ka {
        if let Some((t, cond)) = exit(&k, &(q.c1 + zb), u) {
            closed = true;
            if t > lower.0 {
                *lower = (
                    t,
                    zb + t * u,
                    *zb,
                    MARGIN * (1.0 + cond + (zb.norm() + z.norm()) / t),
                );
            }
        }
    }
    if let Some(k) = kb {
        if let Some((t, cond)) = exit(&k, &(q.cb + rot_ba * za), &-ub) {
            closed = true;
            if t > lower.0 {
                *lower = (
                    t,
                    *za,
                    za - t * u,
                    MARGIN * (1.0 + cond + (za.norm() + z.norm()) / t),
                );
            }
        }
    }
    if !closed {
        let (t, wa, wb) = cone_exit(za, zb, u, q.r1, q.r2);
        if t > lower.0 {
            *lower = (t, wa, wb, MARGIN * (1.0 + z.amax() / t));
        }
    }
}

/// The larger `t` with `w + t v` on the ellipsoid `sum_i k_i x_i^2 <= 1` (`k = 1 /
/// radii^2`) and the relative condition number of its rounding (the quadratic's
/// discriminant cancels where the line grazes the ellipsoid), or `None` when the line
/// misses it.
#[inline(always)]
fn exit(k: &Vec3, w: &Vec3, v: &Vec3) -> Option<(f64, f64)> {
    let kv = k.component_mul(v);
    let a = kv.dot(v);
    let b = kv.dot(w);
    let kw = k.component_mul(w).dot(w);
    let c = kw - 1.0;
    let disc = b * b - a * c;
    if !(disc > 0.0 && a > 0.0) {
        return None;
    }
    let sq = disc.sqrt();
    let num = sq - b;
    let cond = ((b * b + a * (kw + 1.0)) / (2.0 * sq) + b.abs()) / num.abs();
    Some((num / a, cond))
}
