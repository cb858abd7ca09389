//! The contact-feature certificate, the last cheap certificate a run that ended
//! without one tries ([`feature_certified`]).
//!
//! Near contact the Eq. 19 bound along the iterate's direction is weak: an error `theta`
//! in the direction costs about `theta` times the contact face's extent (flat parts) or
//! `R theta^2` (curved parts, radius `R`), while `|x|` errs only by `|x| theta^2`. On the
//! long property run (distances 1e-9..1e-6 m between unit-size hulls, cones and
//! cylinders) 4-6% of the distance calls stalled with `|x|` right to 1e-9 and the bound
//! 1e-7..1e-2 below it: the projection onto a sliver simplex cannot turn `x` any closer.
//!
//! Between flat features the exact normal is a property of the shapes, not of `x`: a
//! face normal of A, a face normal of B, or the cross product of an edge of A and an
//! edge of B (the faces of `D = A - B`, the separating-axis candidates). The points of
//! A and B that the supports near the iterate's direction return span those features,
//! so the normals of their planes and of their edge pairs contain the exact one up to
//! rounding of the *edges'* directions (not of `D`'s points over the distance, as for
//! `x`). Each candidate is scored against the collected points of `D` (an upper bound
//! of its Eq. 19 bound), and the best few are evaluated with one support call each: a
//! valid lower bound whatever the candidate, a certificate when it meets the gap test.

use super::{gap_converged, GjkRun, Thresholds};
use crate::collide::gjk::settings::GjkSettings;
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::{Simplex, SupportPoint};
use crate::math::Vec3;
use crate::shape::ConvexShape;

/// Angles (radians) of the perturbed support directions about the iterate's: the
/// larger reaches the neighbouring vertices of a face, the smaller the points of a
/// curved rim next to the contact.
const PERTURBATIONS: [f64; 2] = [1e-3, 1e-6];

/// Most support points collected: the simplex (at most 4), the direction itself, four
/// perturbations per angle and the evaluated candidates' supports.
const MAX_POINTS: usize = 4 + 1 + 4 * PERTURBATIONS.len() + EVALUATED;

/// Most candidates evaluated with a support call, the best by their score first.
const EVALUATED: usize = 12;

/// Candidates kept for evaluation (the best by their first score).
const POOL: usize = 32;

/// A candidate's direction must lie within this angle (as `1 - cos`) of the iterate's:
/// the exact normal is close to `x`'s when the run got as far as a stall.
const MAX_TURN: f64 = 1e-2;

/// Relative rounding of a point of `D` on a plane bound's plane, in ulps of the points'
/// size (the plane bound and each dot product are off by a few).
const PLANE_ROUNDING_FACTOR: f64 = 64.0;

/// Up to [`MAX_POINTS`] distinct support points.
struct Points {
    p: [SupportPoint; MAX_POINTS],
    len: usize,
}

impl Points {
    /// Adds `s` unless it is not finite, already there or there is no room; tells
    /// whether it was added.
    fn push(&mut self, s: SupportPoint) -> bool {
        let finite =
            s.w.iter()
                .chain(s.a.iter())
                .chain(s.b.iter())
                .all(|v| v.is_finite());
        if finite && self.len < MAX_POINTS && !self.p[..self.len].iter().any(|q| q.w == s.w) {
            self.p[self.len] = s;
            self.len += 1;
            return true;
        }
        false
    }

    fn all(&self) -> &[SupportPoint] {
        &self.p[..self.len]
    }

    /// `min_i <n, w_i>`: an upper bound of `n`'s plane bound (Eq. 19), whose exact value
    /// is the minimum over all of `D`.
    fn score(&self, n: &Vec3) -> f64 {
        self.all().iter().fold(f64::INFINITY, |m, s| m.min(n.dot(&s.w)))
    }
}

/// The candidate normals with their scores, the best [`POOL`] by their first score.
struct Pool {
    n: [Vec3; POOL],
    score: [f64; POOL],
    len: usize,
    /// Candidates scoring at or below this are not worth a support call.
    floor: f64,
}

impl Pool {
    /// Offers the direction `n` (any length, any sign): oriented along `x_hat`, unit,
    /// within [`MAX_TURN`] of it, then kept when it scores above the floor and among
    /// the best.
    fn offer(&mut self, n: Vec3, x_hat: &Vec3, points: &Points) {
        let len = n.norm();
        if !(len > 0.0 && len.is_finite()) {
            return;
        }
        let mut n = n / len;
        let c = n.dot(x_hat);
        if c < 0.0 {
            n = -n;
        }
        if c.abs() < 1.0 - MAX_TURN {
            return;
        }
        let score = points.score(&n);
        if score.is_nan() || score <= self.floor {
            return;
        }
        if self.len < POOL {
            self.n[self.len] = n;
            self.score[self.len] = score;
            self.len += 1;
            return;
        }
        let worst = self.worst();
        if score > self.score[worst] {
            self.n[worst] = n;
            self.score[worst] = score;
        }
    }

    fn worst(&self) -> usize {
        (0..self.len).fold(0, |w, i| if self.score[i] < self.score[w] { i } else { w })
    }

    /// Removes and returns the best-scoring candidate above the floor.
    fn pop_best(&mut self) -> Option<Vec3> {
        let best = (0..self.len).fold(None, |b: Option<usize>, i| match b {
            Some(j) if self.score[j] >= self.score[i] => Some(j),
            _ => Some(i),
        })?;
        if self.score[best].is_nan() || self.score[best] <= self.floor {
            return None;
        }
        let n = self.n[best];
        self.len -= 1;
        self.n[best] = self.n[self.len];
        self.score[best] = self.score[self.len];
        Some(n)
    }

    /// Lowers every score by a new point of `D`.
    fn rescore(&mut self, w: &Vec3) {
        for i in 0..self.len {
            self.score[i] = self.score[i].min(self.n[i].dot(w));
        }
    }
}

/// `v / |v|`, or zero.
fn unit(v: &Vec3) -> Vec3 {
    let n = v.norm();
    if n > 0.0 && n.is_finite() {
        v / n
    } else {
        Vec3::zeros()
    }
}

/// Two unit vectors orthogonal to the unit `u` and to each other (Duff et al.).
fn orthonormal_pair(u: &Vec3) -> (Vec3, Vec3) {
    let s = if u.z >= 0.0 { 1.0 } else { -1.0 };
    let a = -1.0 / (s + u.z);
    let b = u.x * u.y * a;
    (
        Vec3::new(1.0 + s * u.x * u.x * a, s * b, -s * u.x),
        Vec3::new(b, s + u.y * u.y * a, -u.y),
    )
}

/// The normal of the plane through three points, from the two shortest of its edges
/// (their cross product is the best conditioned on a sliver).
fn plane_normal(p: &Vec3, q: &Vec3, r: &Vec3) -> Vec3 {
    let (e1, e2, e3) = (q - p, r - q, p - r);
    let (l1, l2, l3) = (e1.norm_squared(), e2.norm_squared(), e3.norm_squared());
    if l1 >= l2 && l1 >= l3 {
        e2.cross(&e3)
    } else if l2 >= l3 {
        e3.cross(&e1)
    } else {
        e1.cross(&e2)
    }
}

/// Offers the face normals of the shape whose points `pick` returns: the planes
/// through three of its distinct points.
fn offer_faces(best: &mut Pool, points: &Points, x_hat: &Vec3, pick: impl Fn(&SupportPoint) -> Vec3) {
    let p = points.all();
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            for k in j + 1..p.len() {
                let (u, v, w) = (pick(&p[i]), pick(&p[j]), pick(&p[k]));
                if u != v && v != w && u != w {
                    best.offer(plane_normal(&u, &v, &w), x_hat, points);
                }
            }
        }
    }
}

/// Offers, per pair of points of `D`, the normal from the origin to the line through
/// them, made exactly orthogonal to the line: the normal of a vertex-edge contact,
/// whose plane bound is then off only to second order in its remaining error.
fn offer_lines(best: &mut Pool, points: &Points, x_hat: &Vec3) {
    let p = points.all();
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            let e = p[j].w - p[i].w;
            let ee = e.norm_squared();
            if ee.is_nan() || ee <= 0.0 {
                continue;
            }
            let y = p[i].w - (p[i].w.dot(&e) / ee) * e;
            let e_hat = e / ee.sqrt();
            best.offer(y - y.dot(&e_hat) * e_hat, x_hat, points);
        }
    }
}

/// Offers the cross products of an edge of A's points and an edge of B's.
fn offer_edge_pairs(best: &mut Pool, points: &Points, x_hat: &Vec3) {
    let p = points.all();
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            let ea = p[i].a - p[j].a;
            if ea == Vec3::zeros() {
                continue;
            }
            for k in 0..p.len() {
                for l in k + 1..p.len() {
                    let eb = p[k].b - p[l].b;
                    if eb != Vec3::zeros() {
                        best.offer(ea.cross(&eb), x_hat, points);
                    }
                }
            }
        }
    }
}

/// The contact-feature certificate (see the module notes) of a run that ended without
/// a certificate at the iterate `out.x`: records the best plane bound found in the run
/// (a valid lower bound in any case) and tells whether it certifies the run as a
/// duality gap would (`|x|^2 - |x*|^2 <= 2 |x| (|x| - lb)`, Eq. 18-19), after the
/// iterate was moved to the projection onto the contact face when that is shorter
/// ([`closer_on_plane`], [`closer_near_normal`]). Its support calls (at most
/// `1 + 4 * 2 + EVALUATED + 1 + 3 * 7` a round) are not counted in `support_calls`, like the
/// face check's; it runs only on that rare path.
pub(super) fn feature_certified<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, settings: &GjkSettings, t: &Thresholds, simplex: &mut Simplex,
    out: &mut GjkRun,
) -> bool {
    for _ in 0..ROUNDS {
        let before = (out.x.norm_squared(), out.lower_bound);
        if feature_round(md, settings, t, simplex, out) {
            return true;
        }
        if out.x.norm_squared() >= before.0 && out.lower_bound <= before.1 {
            return false;
        }
    }
    false
}

/// Rounds of [`feature_certified`]: each starts from the iterate the previous one left,
/// whose direction is nearer the exact normal, so the next candidates are too.
const ROUNDS: usize = 3;

/// One round of [`feature_certified`] about the iterate `out.x`.
fn feature_round<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, settings: &GjkSettings, t: &Thresholds, simplex: &mut Simplex,
    out: &mut GjkRun,
) -> bool {
    let x = out.x;
    let x_norm = x.norm();
    if !(x_norm > 0.0 && x_norm.is_finite()) {
        return false;
    }
    let x_hat = x / x_norm;
    let mut points = Points {
        p: [SupportPoint::default(); MAX_POINTS],
        len: 0,
    };
    for s in simplex.vertices() {
        points.push(*s);
    }
    let (t1, t2) = orthonormal_pair(&x_hat);
    points.push(md.support(&x_hat));
    for eps in PERTURBATIONS {
        for d in [t1, -t1, t2, -t2] {
            points.push(md.support(&(x_hat + eps * d)));
        }
    }
    let mut pool = Pool {
        n: [Vec3::zeros(); POOL],
        score: [0.0; POOL],
        len: 0,
        floor: out.lower_bound,
    };
    offer_faces(&mut pool, &points, &x_hat, |s| s.a);
    offer_faces(&mut pool, &points, &x_hat, |s| s.b);
    offer_edge_pairs(&mut pool, &points, &x_hat);
    offer_lines(&mut pool, &points, &x_hat);
    // Lazy evaluation: the best-scoring candidate gets a support call, whose point lowers
    // every score; a candidate whose bound meets its score is the best of the pool.
    let mut plane: Option<(Vec3, f64)> = None;
    for _ in 0..EVALUATED {
        let Some(n) = pool.pop_best() else {
            break;
        };
        let s = md.support(&n);
        let lb = n.dot(&s.w);
        if points.push(s) {
            pool.rescore(&s.w);
        }
        if lb > pool.floor {
            pool.floor = lb;
            plane = Some((n, lb));
        }
    }
    let (n, lb) = match plane {
        Some(p) => p,
        None if out.lower_bound > 0.0 => (unit(&out.separating_direction), out.lower_bound),
        None => return false,
    };
    if n.norm_squared().is_nan() || n.norm_squared() <= 0.0 {
        return false;
    }
    out.lower_bound = lb;
    out.separating_direction = n;
    let (x_norm, w) = closer_on_plane(&points, simplex, out, &n, lb, x_norm);
    let x_norm = closer_near_normal(md, simplex, out, &n, x_norm);
    let g = (2.0 * x_norm * (x_norm - lb)).max(0.0);
    out.duality_gap = out.duality_gap.min(g);
    if gap_converged(settings, g, x_norm, &w, t.radius_sum) {
        out.duality_gap = g;
        out.face_normal = n;
        out.face_bound = lb;
        return true;
    }
    false
}

/// Angles (radians) of the supports about the best normal whose hull
/// [`closer_near_normal`] projects the origin onto: on a curved part of `D` (radius `R`)
/// the hull lies within `R delta^2` of the surface, and its points must straddle the
/// closest point, off the normal's by the normal's own error.
const HULL_SPREADS: [f64; 7] = [1e-5, 1e-6, 1e-7, 3e-8, 1e-8, 3e-9, 1e-9];

/// The upper bound near a curved contact: the projection of the origin onto the hull of
/// the supports at the normal `n` and at three directions about it (spread by each of
/// [`HULL_SPREADS`]), points of `D` around its closest point. Where it is shorter than
/// the iterate it replaces it (and `simplex` becomes that hull's face). Returns `|x|`.
fn closer_near_normal<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, simplex: &mut Simplex, out: &mut GjkRun, n: &Vec3, x_norm: f64,
) -> f64 {
    let (t1, t2) = orthonormal_pair(n);
    let centre = md.support(n);
    let mut best = x_norm;
    for delta in HULL_SPREADS {
        let mut hull = Simplex::new();
        hull.push(centre);
        for (c, s) in [
            (1.0, 0.0),
            (-0.5, 0.866_025_403_784_438_6),
            (-0.5, -0.866_025_403_784_438_6),
        ] {
            hull.push(md.support(&(n + delta * (c * t1 + s * t2))));
        }
        if hull.vertices().iter().any(|p| !p.w.iter().all(|v| v.is_finite())) {
            continue;
        }
        let y = hull.project_origin();
        let y_norm = y.norm();
        if hull.rank < 4 && y_norm < best {
            best = y_norm;
            out.x = y;
            *simplex = hull;
        }
    }
    best
}

/// Most points of `D` on the plane bound's plane that [`closer_on_plane`] keeps.
const MAX_PLANE_POINTS: usize = 32;

/// Most steps of the exact GJK over those points (each adds one to the simplex).
const PLANE_STEPS: usize = 32;

/// The upper bound of the plane `<n, w> = lb` (a plane bound, Eq. 19): the point of
/// smallest norm in the hull of the points of `D` on that plane (up to rounding), which
/// are points of the contact face. They are taken among every combination `a_i - b_j`
/// of the collected points of A and B (all in `D`): against a face of B, a curved A
/// touches with one point `a` and the face's corners come from other supports. The
/// hull's nearest point comes from GJK over that finite set (exact: the support of a
/// finite set is its minimum). Where it is shorter than the iterate it replaces it,
/// and `simplex` becomes its face (for the witness points). Returns `|x|` and the size
/// of the supports' coordinates, for the gap test's rounding floor
/// ([`SupportPoint::coordinate_scale`]).
fn closer_on_plane(
    points: &Points, simplex: &mut Simplex, out: &mut GjkRun, n: &Vec3, lb: f64, x_norm: f64,
) -> (f64, Vec3) {
    let all = points.all();
    let largest = all
        .iter()
        .map(SupportPoint::coordinate_scale)
        .fold(Vec3::zeros(), |m, c| {
            if c.norm_squared() > m.norm_squared() {
                c
            } else {
                m
            }
        });
    let window = PLANE_ROUNDING_FACTOR * f64::EPSILON * largest.norm();
    let mut plane = [SupportPoint::default(); MAX_PLANE_POINTS];
    let mut len = 0;
    for pa in all {
        for pb in all {
            let w = pa.a - pb.b;
            if len < MAX_PLANE_POINTS && n.dot(&w) <= lb + window && !plane[..len].iter().any(|q| q.w == w) {
                plane[len] = SupportPoint { w, a: pa.a, b: pb.b };
                len += 1;
            }
        }
    }
    if len == 0 {
        return (x_norm, largest);
    }
    let mut face = Simplex::new();
    face.push(plane[0]);
    let mut y = face.project_origin();
    for _ in 0..PLANE_STEPS {
        let y_sq = y.norm_squared();
        let Some(q) = plane[..len]
            .iter()
            .min_by(|p, q| y.dot(&p.w).total_cmp(&y.dot(&q.w)))
        else {
            break;
        };
        // No point below the iterate's plane (to rounding): `y` is the hull's nearest.
        if y.dot(&q.w) >= y_sq * (1.0 - 4.0 * f64::EPSILON)
            || face.rank >= 3 && face.vertices().iter().any(|v| v.w == q.w)
        {
            break;
        }
        face.push(*q);
        y = face.project_origin();
        if face.rank >= 4 || y.norm_squared() >= y_sq {
            break;
        }
    }
    let y_norm = y.norm();
    if y_norm < x_norm && y_norm.is_finite() && face.rank < 4 {
        out.x = y;
        *simplex = face;
        return (y_norm, largest);
    }
    (x_norm, largest)
}
