//! Newton's method on the growth problem of smooth pairs (spheres, ellipsoids, and
//! either inflated), with a primal-dual certificate on every iterate.
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
//! needs 16 support calls on the Table III ellipsoids, this one 4 to 6.
//!
//! Certificate (every iterate, as Theorem 2's bounds): the upper bound of `beta*` is
//! the least `h_C(lambda) / <lambda, p>` seen (Eq. 13); the lower bound is the ray's
//! exit from the convex hull of the last support point `z` and the inscribed ball
//! `B_r(0)` of `C` (`r = r1 + r2`, Alg. 1), both inside `C`: the cone from `z` tangent
//! to the ball crosses the ray at `t = r d^2 / (a r + delta sqrt(d^2 - r^2))` (`a`,
//! `delta`: `z`'s components along and across the ray, `d = |z|`), within
//! `O(delta / r)` of `z`'s height, and `delta` is the gradient, which Newton squares at
//! each step. The witness points are that hull's convex combination (Eq. 28).
//!
//! Globalization: a step that does not lower `h_C` is quartered (backtracking from the
//! last accepted point); a step longer than [`MAX_STEP`] is shortened to it; a
//! non-positive-definite model or [`MAX_NEWTON`] iterations end the run, and the caller
//! falls back to the cutting-plane loop (the certified method for every pair).

use super::core::{GrowthIterate, GrowthTrace, MARGIN, V};
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

    /// The support point at the local direction `d != 0` and the Hessian of the
    /// support function there, projected on `(e1, e2)` (local frame): `[h11, h12, h22]`.
    /// Ellipsoid `x^T D^-2 x <= 1`: `h(d) = |D d|`, `s = D^2 d / |D d|`,
    /// `H = (D^2 - s s^T) / |D d|`; a ball of radius `r`: `s = r d / |d|`,
    /// `H = r (I - d d^T / |d|^2) / |d|`.
    #[inline(always)]
    fn support_hessian(&self, d: &Vec3, e1: &Vec3, e2: &Vec3) -> (Vec3, [f64; 3]) {
        let mut s = Vec3::zeros();
        let mut h = [0.0; 3];
        if let Core::Ellipsoid { radii, radii_sq } = self.core {
            let n = d.component_mul(&radii).norm();
            let inv = 1.0 / n;
            s = d.component_mul(&radii_sq) * inv;
            let (s1, s2) = (s.dot(e1), s.dot(e2));
            let d1 = e1.component_mul(&radii_sq);
            h = [
                (d1.dot(e1) - s1 * s1) * inv,
                (d1.dot(e2) - s1 * s2) * inv,
                (e2.component_mul(&radii_sq).dot(e2) - s2 * s2) * inv,
            ];
        }
        if self.radius > 0.0 {
            let inv = 1.0 / d.norm();
            let u = d * inv;
            s += self.radius * u;
            let w = self.radius * inv;
            let (u1, u2) = (u.dot(e1), u.dot(e2));
            h[0] += w * (e1.dot(e1) - u1 * u1);
            h[1] += w * (e1.dot(e2) - u1 * u2);
            h[2] += w * (e2.dot(e2) - u2 * u2);
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
    /// Upper bound of `beta*`, at the unit normal `lambda_upper`, with its support
    /// offsets.
    pub beta_upper: f64,
    /// See `beta_upper`.
    pub lambda_upper: Vec3,
    /// See `beta_upper`.
    pub upper_a: Vec3,
    /// See `beta_upper`.
    pub upper_b: Vec3,
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
    // An orthonormal pair orthogonal to u (Duff et al., branchless ONB).
    let sgn = if u.z >= 0.0 { 1.0 } else { -1.0 };
    let k = -1.0 / (sgn + u.z);
    let m = u.x * u.y * k;
    let e1 = Vec3::new(1.0 + sgn * u.x * u.x * k, sgn * m, -sgn * u.x);
    let e2 = Vec3::new(m, sgn + u.y * u.y * k, -u.y);
    // B's side in B's frame (its support is at -lambda).
    let rot_ba = q.rot_ab.transpose();
    let (e1b, e2b) = (rot_ba * e1, rot_ba * e2);
    let ub = rot_ba * u;
    let r = q.r1 + q.r2;
    let (ka, kb) = (q.a.inverse_radii_sq(), q.b.inverse_radii_sq());

    let mut y = [0.0f64; 2];
    if let Some(n) = q.start {
        let nu = n.dot(&u);
        if nu > 0.0 && n.iter().all(|x| x.is_finite()) {
            y = [n.dot(&e1) / nu, n.dot(&e2) / nu];
        }
    }
    let mut out = SmoothRun {
        beta_lower: r / p_norm,
        witness_a: q.r1 * u,
        witness_b: -q.r2 * u,
        margin_lower: MARGIN,
        beta_upper: f64::INFINITY,
        lambda_upper: u,
        upper_a: Vec3::zeros(),
        upper_b: Vec3::zeros(),
        margin_upper: 0.0,
        iterations: 0,
        converged: false,
    };
    // The last accepted point: its coordinates, value and Newton step.
    let mut accepted: Option<([f64; 2], f64, [f64; 2])> = None;
    let one_plus_tol = 1.0 + q.tolerance;
    let limit = q.max_iterations.min(MAX_NEWTON);
    while out.iterations < limit {
        out.iterations += 1;
        let lambda = u + y[0] * e1 + y[1] * e2;
        let (sa, ha) = q.a.support_hessian(&lambda, &e1, &e2);
        let lb = -(y[0] * e1b + y[1] * e2b + ub);
        let (sb, hb) = q.b.support_hessian(&lb, &e1b, &e2b);
        let za = sa - q.c1;
        let zb = *q.rot_ab * (sb - q.cb);
        let z = za - zb;
        // <lambda, p> = |p| on the plane: the outer bound of Eq. 13.
        let f = lambda.dot(&z);
        if f < out.beta_upper * p_norm {
            out.beta_upper = f / p_norm;
            let ln = lambda.norm();
            out.lambda_upper = lambda * (1.0 / ln);
            out.upper_a = za;
            out.upper_b = zb;
            out.margin_upper = MARGIN * (1.0 + ln * (za.norm() + zb.norm()) / f);
        }
        // The inner bound: the ray's exit from conv({z} u B_r(0)).
        let g = [z.dot(&e1), z.dot(&e2)];
        let (t, wa, wb) = cone_exit(&za, &zb, &u, q.r1, q.r2);
        if t > out.beta_lower * p_norm {
            out.beta_lower = t / p_norm;
            out.witness_a = wa;
            out.witness_b = wb;
            out.margin_lower = MARGIN * (1.0 + z.amax() / t);
        }
        // Second-order inner bounds: C contains A' - zb and za - B', translates of the
        // shapes that touch z and osculate C there (a Minkowski sum is flatter than
        // either part), so the ray's exit from them trails beta* by O(delta^2) where the
        // cone's trails by O(delta). With 0 in C, the whole segment up to the exit is in
        // C. A' - zb: c1 + zb + t u in A; za - B': cb + R_ba za - t R_ba u in B.
        if let Some(k) = ka {
            if let Some((t, cond)) = exit(&k, &(q.c1 + zb), &u) {
                if t > out.beta_lower * p_norm {
                    out.beta_lower = t / p_norm;
                    out.witness_a = zb + t * u;
                    out.witness_b = zb;
                    out.margin_lower = MARGIN * (1.0 + cond + (zb.norm() + z.norm()) / t);
                }
            }
        }
        if let Some(k) = kb {
            if let Some((t, cond)) = exit(&k, &(q.cb + rot_ba * za), &-ub) {
                if t > out.beta_lower * p_norm {
                    out.beta_lower = t / p_norm;
                    out.witness_a = za;
                    out.witness_b = za - t * u;
                    out.margin_lower = MARGIN * (1.0 + cond + (za.norm() + z.norm()) / t);
                }
            }
        }
        trace.record(GrowthIterate {
            iteration: out.iterations,
            beta_lower: out.beta_lower,
            beta_upper: out.beta_upper,
        });
        if out.beta_upper <= out.beta_lower * one_plus_tol {
            out.converged = true;
            break;
        }
        // Backtracking: a point that does not lower h_C quarters the last step.
        if let Some((y0, f0, step)) = accepted {
            if f >= f0 {
                let step = [0.25 * step[0], 0.25 * step[1]];
                if step[0].abs().max(step[1].abs()) < 1e-15 {
                    break;
                }
                y = [y0[0] + step[0], y0[1] + step[1]];
                accepted = Some((y0, f0, step));
                continue;
            }
        }
        // Newton's step: the 2x2 model with the projected Hessians of both supports.
        let h = [ha[0] + hb[0], ha[1] + hb[1], ha[2] + hb[2]];
        let det = h[0] * h[2] - h[1] * h[1];
        if !(h[0] > 0.0 && det > 0.0 && det.is_finite()) {
            break;
        }
        let inv = 1.0 / det;
        let mut step = [
            (h[1] * g[1] - h[2] * g[0]) * inv,
            (h[1] * g[0] - h[0] * g[1]) * inv,
        ];
        let len = step[0].hypot(step[1]);
        if !len.is_finite() {
            break;
        }
        if len > MAX_STEP {
            step = [step[0] * MAX_STEP / len, step[1] * MAX_STEP / len];
        }
        accepted = Some((y, f, step));
        y = [y[0] + step[0], y[1] + step[1]];
    }
    out
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

/// The ray's exit `t` (along the unit `u`) from the convex hull of the point
/// `z = za - zb` of `C` and the inscribed ball `B_r(0)`, `r = r1 + r2` (Alg. 1), with
/// the witness offsets of the exit point (the hull's convex combination, the ball's
/// point split as in Alg. 1). The cone from `z` tangent to the ball crosses the ray at
/// `t = r d^2 / (a r + delta sqrt(d^2 - r^2))` (`a`, `delta`: `z`'s components along
/// and across the ray, `d = |z|`): `a` when `z` is on the ray, `r` at worst.
pub(crate) fn cone_exit<const N: usize>(
    za: &V<N>,
    zb: &V<N>,
    u: &V<N>,
    r1: f64,
    r2: f64,
) -> (f64, V<N>, V<N>) {
    let r = r1 + r2;
    let z = za - zb;
    let a = z.dot(u);
    let across = z - a * u;
    let delta = across.norm();
    let d2 = a * a + delta * delta;
    if a > 0.0 && d2 > r * r {
        if delta == 0.0 {
            return (a, *za, *zb);
        }
        let root = (d2 - r * r).sqrt();
        let cos = (a * r + delta * root) / d2;
        let sin = (delta * r - a * root) / d2;
        if cos > 0.0 && sin < 0.0 {
            let s = delta / (delta - r * sin);
            let w = r * (cos * u + (sin / delta) * across);
            let wa = (1.0 - s) * za + (s * r1 / r) * w;
            let wb = (1.0 - s) * zb - (s * r2 / r) * w;
            return (r / cos, wa, wb);
        }
    }
    (r, r1 * u, -r2 * u)
}
