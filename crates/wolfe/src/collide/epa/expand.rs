//! EPA proper: the initial tetrahedron grown from GJK's final simplex, then the
//! expansion loop with its certificate (see the module documentation of `epa`).

use super::polytope::exceeds;
use super::polytope::{Face, FaceError, Polytope, NONE};
use super::{EpaSettings, EpaStatus};
use crate::collide::minkowski::MinkowskiDifference;
use crate::collide::simplex::{Simplex, SupportPoint};
use crate::math::Vec3;
use crate::shape::ConvexShape;

/// The raw result of an EPA run on the cores, in A's frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EpaRun {
    /// How the run ended.
    pub status: EpaStatus,
    /// Penetration depth of the cores (>= 0): the reported lower bound.
    pub depth: f64,
    /// Unit outward normal of `D` at the nearest boundary point: the direction in which
    /// translating B by `depth` separates the cores (from A to B).
    pub normal: Vec3,
    /// Point of A's core (`point_a - point_b = depth * normal`, up to rounding).
    pub point_a: Vec3,
    /// Point of B's core.
    pub point_b: Vec3,
    /// Certified upper bound on the depth of the cores (the smallest support value).
    pub upper_bound: f64,
    /// Expansions done.
    pub iterations: u32,
    /// Support calls of `D` (blow-up included).
    pub support_calls: u32,
}

/// A support point is off an affine subspace of the simplex when its distance from it
/// exceeds `FLAT_FACTOR * eps * scale` (`scale` the largest `|w|` seen). Below that the
/// difference is flat to the precision of its coordinates: a width of a few thousand
/// ulps is no volume a tetrahedron could be built on reliably, and treating it as flat
/// errs on the depth by at most that width.
const FLAT_FACTOR: f64 = 4096.0;

/// Rounding floor of the gap, in units of `eps * scale`: support values and plane
/// offsets are dot products of coordinates of size `scale`, exact to a few ulps; 64
/// leaves room for the normal's own rounding.
const GAP_ROUNDING_FACTOR: f64 = 64.0;

/// The largest `|w|` of the points.
fn scale_of(points: &[SupportPoint]) -> f64 {
    points.iter().fold(0.0f64, |m, p| m.max(p.w.norm()))
}

/// `S_D` maximizing `<n, s>` (the minimizing support of Eq. 8 in direction `-n`).
#[inline]
fn support_max<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, n: &Vec3, calls: &mut u32,
) -> SupportPoint {
    *calls += 1;
    md.support(&-n)
}

/// The outcome of growing GJK's simplex into a tetrahedron.
enum Enclosed {
    /// Vertices 0..4 of the polytope are a tetrahedron of non-zero volume.
    Tetrahedron,
    /// `D` is flat: no support point leaves the simplex's affine hull in the directions
    /// tried; the unit normal is orthogonal to it.
    Flat(Vec3),
    /// Rounding kept the growth from settling (never seen; a guard).
    Failed,
}

/// Grows the simplex (rank 1 to 4, its hull containing the origin up to rounding) into
/// a tetrahedron by adding support points off its affine hull, as in the classic
/// blow-up of GJK-EPA implementations: a point on a segment through the origin, then off
/// the segment's line, then off the triangle's plane, keeps the origin in the hull at
/// every step (on its boundary at worst). Per step, the farthest of the candidate
/// supports is kept (the best-conditioned tetrahedron).
fn enclose_origin<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, simplex: &Simplex, poly: &mut Polytope, calls: &mut u32,
) -> Enclosed {
    poly.clear();
    for p in simplex.vertices() {
        poly.push_vertex(*p);
    }
    if poly.vertices.is_empty() {
        let p = support_max(md, &Vec3::x(), calls);
        poly.push_vertex(p);
    }
    // Each step adds a vertex or drops to a lower rank once; a few rounds suffice, and
    // the cap makes termination obvious whatever rounding does.
    for _ in 0..MAX_BLOW_UP_STEPS {
        let mut scale = scale_of(&poly.vertices);
        let w = |poly: &Polytope, i: usize| poly.vertices[i].w;
        match poly.vertices.len() {
            1 => {
                let w0 = w(poly, 0);
                let mut best: Option<(f64, SupportPoint)> = None;
                for d in [Vec3::x(), Vec3::y(), Vec3::z()] {
                    for s in [1.0, -1.0] {
                        let p = support_max(md, &(s * d), calls);
                        scale = scale.max(p.w.norm());
                        let dist = (p.w - w0).norm();
                        if best.is_none_or(|(b, _)| dist > b) {
                            best = Some((dist, p));
                        }
                    }
                }
                match best {
                    Some((dist, p)) if dist > FLAT_FACTOR * f64::EPSILON * scale => {
                        poly.push_vertex(p);
                    }
                    _ => return Enclosed::Flat(Vec3::x()),
                }
            }
            2 => {
                let (w0, w1) = (w(poly, 0), w(poly, 1));
                let u = w1 - w0;
                let un = u.norm();
                if !exceeds(un, FLAT_FACTOR * f64::EPSILON * scale) {
                    poly.vertices.truncate(1);
                    continue;
                }
                let u = u / un;
                // The coordinate axis least aligned with the segment gives the
                // best-conditioned orthogonal directions.
                let k = u.iamin();
                let d1 = u.cross(&Vec3::ith(k, 1.0)).normalize();
                let d2 = u.cross(&d1);
                let mut best: Option<(f64, SupportPoint)> = None;
                for d in [d1, -d1, d2, -d2] {
                    let p = support_max(md, &d, calls);
                    scale = scale.max(p.w.norm());
                    let dist = (p.w - w0).cross(&u).norm();
                    if best.is_none_or(|(b, _)| dist > b) {
                        best = Some((dist, p));
                    }
                }
                match best {
                    Some((dist, p)) if dist > FLAT_FACTOR * f64::EPSILON * scale => {
                        poly.push_vertex(p);
                    }
                    _ => return Enclosed::Flat(d1),
                }
            }
            3 => {
                let (w0, w1, w2) = (w(poly, 0), w(poly, 1), w(poly, 2));
                let n = (w1 - w0).cross(&(w2 - w0));
                let nn = n.norm();
                if !exceeds(
                    nn,
                    FLAT_FACTOR * f64::EPSILON * scale * (w1 - w0).norm().max((w2 - w0).norm()),
                ) {
                    // Collinear: keep the longest edge and grow from it.
                    let pairs = [(0, 1), (0, 2), (1, 2)];
                    let len = |&(i, j): &(usize, usize)| (w(poly, j) - w(poly, i)).norm();
                    let (i, j) = pairs
                        .iter()
                        .copied()
                        .fold((0, 1), |b, p| if len(&p) > len(&b) { p } else { b });
                    let (pi, pj) = (poly.vertices[i], poly.vertices[j]);
                    poly.vertices.clear();
                    poly.vertices.push(pi);
                    poly.vertices.push(pj);
                    continue;
                }
                let n = n / nn;
                let mut best: Option<(f64, SupportPoint)> = None;
                for d in [n, -n] {
                    let p = support_max(md, &d, calls);
                    scale = scale.max(p.w.norm());
                    let dist = n.dot(&(p.w - w0)).abs();
                    if best.is_none_or(|(b, _)| dist > b) {
                        best = Some((dist, p));
                    }
                }
                match best {
                    Some((dist, p)) if dist > FLAT_FACTOR * f64::EPSILON * scale => {
                        poly.push_vertex(p);
                    }
                    _ => return Enclosed::Flat(n),
                }
                // Grown by us off the plane: a tetrahedron by construction.
                return Enclosed::Tetrahedron;
            }
            _ => {
                let p = |i: usize| poly.vertices[i].w;
                let (u, v, t) = (p(1) - p(0), p(2) - p(0), p(3) - p(0));
                let det = u.cross(&v).dot(&t);
                let bound = FLAT_FACTOR * f64::EPSILON * u.norm() * v.norm() * t.norm();
                if det.abs() > bound {
                    return Enclosed::Tetrahedron;
                }
                // GJK's tetrahedron is flat to rounding: grow again from a face of it.
                poly.vertices.truncate(3);
            }
        }
    }
    Enclosed::Failed
}

/// Bound on the rounds of [`enclose_origin`].
const MAX_BLOW_UP_STEPS: usize = 8;

/// Runs EPA on `D` from GJK's final simplex (whose hull contains the origin up to
/// rounding: GJK ended `Intersecting` on the cores). `poly` is the caller's storage.
pub(crate) fn run_epa<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, simplex: &Simplex, settings: &EpaSettings, poly: &mut Polytope,
) -> EpaRun {
    run_epa_bounded(md, simplex, settings, poly, None)
}

/// [`run_epa`] with a certified lower bound of the depth known beforehand and the
/// normal expected to meet it (the exact depth of identical shapes,
/// [`super::identical_depth`]): the bound serves as the inner balls' does, and the
/// normal's support value (one call, with the first face's) as an upper bound, so that
/// the two certify the answer.
pub(crate) fn run_epa_bounded<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, simplex: &Simplex, settings: &EpaSettings, poly: &mut Polytope,
    known: Option<(f64, Vec3)>,
) -> EpaRun {
    let (lower, mut hint) = known.map_or((f64::NEG_INFINITY, None), |(bound, n)| (bound, Some(n)));
    let mut calls = 0u32;
    let mut out = EpaRun {
        status: EpaStatus::NumericalTrouble,
        depth: 0.0,
        normal: Vec3::x(),
        point_a: Vec3::zeros(),
        point_b: Vec3::zeros(),
        upper_bound: f64::INFINITY,
        iterations: 0,
        support_calls: 0,
    };
    match enclose_origin(md, simplex, poly, &mut calls) {
        Enclosed::Flat(n) => {
            // The cores meet in a set without interior: depth exactly 0. GJK's weights
            // give a common point (`a - b = x ~ 0`).
            let (a, b) = simplex.witness_points();
            out.status = EpaStatus::Flat;
            out.normal = n;
            out.point_a = a;
            out.point_b = b;
            out.upper_bound = 0.0;
            out.support_calls = calls;
            return out;
        }
        Enclosed::Tetrahedron if poly.tetrahedron().is_ok() => {}
        // No enclosing tetrahedron, or none the polytope could start from.
        Enclosed::Tetrahedron | Enclosed::Failed => {
            out.support_calls = calls;
            return out;
        }
    }
    let mut scale = scale_of(&poly.vertices);
    let mut upper = f64::INFINITY;
    let mut best: Option<Face> = None;
    out.status = EpaStatus::IterationLimit;
    let max_iterations = settings.max_iterations;
    // Polytope pairs run to the rounding floor (see `EpaSettings::tolerance`).
    let relative = if md.polytopes() { 0.0 } else { settings.tolerance };
    let mut k = 0u32;
    // A certified lower bound that needs no polytope: the cores' inner balls (below).
    let ball_bound = inner_ball_bound(md).max(lower);
    // The face of the best upper bound so far, with its support point, and the one
    // that met the ball bound.
    let mut lowest: Option<(Face, SupportPoint)> = None;
    let mut by_ball: Option<(Face, SupportPoint)> = None;
    let mut refined = false;
    loop {
        let f = poly.nearest_face();
        if f == NONE {
            out.status = EpaStatus::NumericalTrouble;
            break;
        }
        let face = poly.faces[f as usize];
        best = Some(face);
        let s = support_max(md, &face.n, &mut calls);
        // `max |w|` through squares: the square root only when the scale grows (rarely
        // after the first expansions; `sqrt` is monotone, so the value is the same).
        let s_sq = s.w.norm_squared();
        if s_sq > scale * scale {
            scale = scale.max(s_sq.sqrt());
        }
        let h = face.n.dot(&s.w);
        if h < upper {
            upper = h;
            lowest = Some((face, s));
        }
        if let Some(m) = hint.take() {
            hinted_upper(md, &m, &face, (&mut upper, &mut lowest), &mut calls);
        }
        let floor = GAP_ROUNDING_FACTOR * f64::EPSILON * scale;
        let tol = (relative * face.d.max(0.0))
            .max(settings.absolute_tolerance)
            .max(floor);
        // The gap of this face's own normal, not `upper - d`: then translating B by the
        // depth along the reported normal separates up to `tol` (the radial distance of
        // `D` along `n` lies between `d` and `h`), whereas the best upper bound may come
        // from another direction, and on a nearly round difference a face with a close
        // offset can still have a normal far from the best one.
        if h - face.d <= tol {
            out.status = EpaStatus::Converged;
            break;
        }
        // When the nearest points of `D` form a ring (coaxial cylinders: every
        // horizontal normal is a tie), the polytope's faces only bound the depth from
        // below once the ring is refined to the tolerance everywhere: chords of a
        // circle of radius `R` at angle `t` fall short by `R t^2 / 8`, so 1e-6 needs
        // about 2,200 vertices on the ring, far beyond `max_iterations`. The inner ball
        // certifies the depth there at once: `ball <= depth <= upper`, the upper bound
        // the support value in one face's normal (the one reported).
        if ball_bound > face.d {
            let ball_tol = tol.max(relative * ball_bound);
            if !refined && upper - ball_bound > ball_tol {
                // Faces spanning the ring's two rims lean, and the support value grows
                // linearly with the lean (`R cos t + H sin t`): search the plane of the
                // best normal and its support point once for a normal without lean.
                refined = true;
                if let Some((best_face, best_s)) = lowest {
                    if let Some((h2, m, s2)) =
                        lowest_in_plane(md, &best_face.n, &best_s, ball_bound + ball_tol, &mut calls)
                    {
                        if h2 < upper {
                            upper = h2;
                            lowest = Some((Face { n: m, ..best_face }, s2));
                        }
                    }
                }
            }
            if upper - ball_bound <= ball_tol {
                out.status = EpaStatus::Converged;
                by_ball = lowest;
                break;
            }
        }
        if k >= max_iterations || !poly.vertex_room() {
            out.status = EpaStatus::IterationLimit;
            break;
        }
        let apex = poly.push_vertex(s);
        if !poly.carve(f, &s.w, floor) {
            out.status = EpaStatus::NumericalTrouble;
            break;
        }
        k += 1;
        match poly.cone(apex) {
            Ok(()) => {}
            Err(FaceError::Full) => {
                out.status = EpaStatus::FaceLimit;
                break;
            }
            Err(FaceError::Degenerate) => {
                out.status = EpaStatus::NumericalTrouble;
                break;
            }
        }
    }
    out.iterations = k;
    out.support_calls = calls;
    out.upper_bound = upper.max(0.0);
    if let Some((face, s)) = by_ball {
        ball_answer(&mut out, &face.n, &s, ball_bound);
    } else if let Some(face) = best {
        face_answer(&mut out, poly, &face, scale);
    }
    out
}

/// The support value in the known normal `m` ([`run_epa_bounded`]), kept as the upper
/// bound (with `face`'s data and `m` as its normal) when it is the lowest.
#[cold]
fn hinted_upper<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, m: &Vec3, face: &Face,
    (upper, lowest): (&mut f64, &mut Option<(Face, SupportPoint)>), calls: &mut u32,
) {
    let s = support_max(md, m, calls);
    let h = m.dot(&s.w);
    if h < *upper {
        *upper = h;
        *lowest = Some((Face { n: *m, ..*face }, s));
    }
}

/// The answer certified by the inner balls: the depth lies in `[depth, h]`, `h = <n,
/// s>` within the tolerance of the lower bound. The witnesses are the support point's
/// shape points moved along the face of `D` normal to `n` (half each), so that
/// `point_a - point_b = h n`: each stays on its shape's supporting plane of normal `n`.
fn ball_answer(out: &mut EpaRun, n: &Vec3, s: &SupportPoint, depth: f64) {
    let h = n.dot(&s.w);
    let t = 0.5 * (s.w - h * n);
    out.depth = depth;
    out.normal = *n;
    out.point_a = s.a - t;
    out.point_b = s.b + t;
    out.upper_bound = out.upper_bound.min(h).max(depth);
}

/// The answer of the polytope's nearest `face`: its offset is the depth and the
/// witnesses are the barycentric combination of its vertices' shape points at the
/// origin's projection.
fn face_answer(out: &mut EpaRun, poly: &Polytope, face: &Face, scale: f64) {
    let depth = face.d.max(0.0);
    let v = depth * face.n;
    // Coplanar faces tie (flat faces of D, e.g. boxes): `v` lies in one of them, not
    // necessarily in the one found first. Walk across the edges towards it while the
    // neighbours are coplanar (only on an intact polytope).
    let mut f = *face;
    if out.status == EpaStatus::Converged {
        let tol = GAP_ROUNDING_FACTOR * f64::EPSILON * scale;
        for _ in 0..poly.faces.len() {
            let l = barycentric_unclamped(&v, &f.v.map(|i| poly.vertices[i as usize].w));
            let (i, &m) = l
                .iter()
                .enumerate()
                .fold((0, &l[0]), |b, c| if c.1 < b.1 { c } else { b });
            if m >= -COPLANAR_WALK_EPS {
                break;
            }
            let g = f.adj[(i + 1) % 3];
            let Some(next) = poly.faces.get(g as usize) else {
                break;
            };
            if !next.alive || next.n.dot(&face.n) < 1.0 - COPLANAR_WALK_EPS || (next.d - face.d).abs() > tol {
                break;
            }
            f = *next;
        }
    }
    let tri = f.v.map(|i| poly.vertices[i as usize]);
    let l = barycentric(&v, &tri.map(|p| p.w));
    out.depth = depth;
    out.normal = face.n;
    out.point_a = l[0] * tri[0].a + l[1] * tri[1].a + l[2] * tri[2].a;
    out.point_b = l[0] * tri[0].b + l[1] * tri[1].b + l[2] * tri[2].b;
    // Both bounds are dot products exact to a few ulps: at convergence on a face of `D`
    // they may cross by one; keep the reported bracket ordered.
    out.upper_bound = out.upper_bound.max(depth);
}

/// Rounding of the inner-ball bound, in ulps of the scene's size: the centres' mapping
/// into A's frame (a rotation and a translation) and the norm of their difference.
const BALL_ROUNDING_FACTOR: f64 = 16.0;

/// The depth bound of the cores' inner balls ([`MinkowskiDifference::core_inner_ball`]):
/// `D` holds the ball `B(c, rho)`, and the origin (inside `D`) is at least
/// `rho - |c|` from `D`'s boundary. Negative (useless) unless the origin is inside the
/// ball, as for shapes with the same centre.
fn inner_ball_bound<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &MinkowskiDifference<'_, A, B>,
) -> f64 {
    let (c, rho) = md.core_inner_ball();
    let c_norm = c.norm();
    let bound = rho - c_norm - BALL_ROUNDING_FACTOR * f64::EPSILON * (rho + c_norm);
    if bound.is_finite() {
        bound
    } else {
        f64::NEG_INFINITY
    }
}

/// Support calls of [`lowest_in_plane`].
const PLANE_SEARCH_CALLS: u32 = 24;

/// The smallest support value of `D` over the unit normals in the plane of `n` and the
/// support point `s` in direction `n`, sought by a 2D cutting-plane search (2D EPA on
/// the projection of `D`, whose support function in the plane's directions is `D`'s)
/// on the side `s` leans away from, until a value `<= target` or the call budget.
/// Returns the best `(h, normal, support point)` found, `None` without a plane.
///
/// Why this plane: for a body of revolution the support point in direction `n` lies in
/// the meridian plane of `n`, which holds the normal without lean; for a cylinder the
/// projection is a rectangle and one cut finds its side exactly. Cold: it runs only
/// when the inner balls bound the depth better than the polytope (shapes sharing a
/// centre), and is kept out of the expansion loop's code.
#[cold]
#[inline(never)]
fn lowest_in_plane<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(
    md: &mut MinkowskiDifference<'_, A, B>, n: &Vec3, s: &SupportPoint, target: f64, calls: &mut u32,
) -> Option<(f64, Vec3, SupportPoint)> {
    let t = s.w - n.dot(&s.w) * n;
    let t_norm = t.norm();
    if !exceeds(t_norm, FLAT_FACTOR * f64::EPSILON * s.w.norm()) {
        return None;
    }
    let (e1, e2) = (*n, t / t_norm);
    let to2 = |w: &Vec3| (e1.dot(w), e2.dot(w));
    let dir = |(x, y): (f64, f64)| {
        let m = x * e1 + y * e2;
        m / m.norm()
    };
    // The bracket: `s` (lean +) and the support 45 degrees to the other side.
    let mut left = (to2(&s.w), *s);
    let m = dir((1.0, -1.0));
    let p = support_max(md, &m, calls);
    let mut best: Option<(f64, Vec3, SupportPoint)> = None;
    let consider = |h: f64, m: Vec3, p: SupportPoint, best: &mut Option<(f64, Vec3, SupportPoint)>| {
        if best.is_none_or(|b| h < b.0) {
            *best = Some((h, m, p));
        }
    };
    consider(m.dot(&p.w), m, p, &mut best);
    let mut right = (to2(&p.w), p);
    for _ in 2..PLANE_SEARCH_CALLS {
        let ((lx, ly), (rx, ry)) = (left.0, right.0);
        // The outward normal of the edge from right to left (the origin is inside).
        let (nx, ny) = (ly - ry, rx - lx);
        let len = (nx * nx + ny * ny).sqrt();
        if !exceeds(len, 0.0) {
            break;
        }
        let (mut nx, mut ny) = (nx / len, ny / len);
        let mut offset = nx * lx + ny * ly;
        if offset < 0.0 {
            (nx, ny, offset) = (-nx, -ny, -offset);
        }
        let m = dir((nx, ny));
        let p = support_max(md, &m, calls);
        let h = m.dot(&p.w);
        consider(h, m, p, &mut best);
        if best.is_some_and(|b| b.0 <= target) || h - offset <= FLAT_FACTOR * f64::EPSILON * s.w.norm() {
            break;
        }
        // Keep the half of the edge whose cut is nearer the origin (2D EPA).
        let q = to2(&p.w);
        let off = |a: (f64, f64), b: (f64, f64)| {
            let (ex, ey) = (a.1 - b.1, b.0 - a.0);
            let l = (ex * ex + ey * ey).sqrt();
            if l > 0.0 {
                (ex * a.0 + ey * a.1).abs() / l
            } else {
                f64::INFINITY
            }
        };
        if off(left.0, q) <= off(q, right.0) {
            right = (q, p);
        } else {
            left = (q, p);
        }
    }
    best
}

/// Tolerance of the walk over coplanar faces: a barycentric coordinate above `-1e-12`
/// counts as inside, a normal within `1e-12` (cosine) as the same plane.
const COPLANAR_WALK_EPS: f64 = 1e-12;

/// Barycentric coordinates of `v` in the triangle's plane (not clamped).
fn barycentric_unclamped(v: &Vec3, t: &[Vec3; 3]) -> [f64; 3] {
    let (e0, e1, r) = (t[1] - t[0], t[2] - t[0], v - t[0]);
    let (d00, d01, d11) = (e0.dot(&e0), e0.dot(&e1), e1.dot(&e1));
    let (d20, d21) = (r.dot(&e0), r.dot(&e1));
    let denom = d00 * d11 - d01 * d01;
    if !exceeds(denom, 0.0) {
        return [1.0, 0.0, 0.0];
    }
    let l1 = (d11 * d20 - d01 * d21) / denom;
    let l2 = (d00 * d21 - d01 * d20) / denom;
    [1.0 - l1 - l2, l1, l2]
}

/// Barycentric coordinates of `v` (a point of the triangle's plane) in the triangle,
/// clamped to the triangle (non-negative, summing to 1). The nearest face's plane point
/// `d n` lies in the face in exact arithmetic (it is in the polytope, on the face's
/// plane), so the clamp only removes rounding.
fn barycentric(v: &Vec3, t: &[Vec3; 3]) -> [f64; 3] {
    let l = barycentric_unclamped(v, t).map(|x| x.max(0.0));
    let sum = l[0] + l[1] + l[2];
    if !exceeds(sum, 0.0) {
        return [1.0, 0.0, 0.0];
    }
    [l[0] / sum, l[1] / sum, l[2] / sum]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn barycentric_reproduces_interior_points() {
        let t = [
            Vec3::new(1.0, 0.0, 0.3),
            Vec3::new(0.0, 2.0, -0.1),
            Vec3::new(-1.0, -1.0, 0.5),
        ];
        let l = [0.2, 0.5, 0.3];
        let v = l[0] * t[0] + l[1] * t[1] + l[2] * t[2];
        let got = barycentric(&v, &t);
        for i in 0..3 {
            assert!((got[i] - l[i]).abs() < 1e-14);
        }
        // Outside: clamped, non-negative, summing to 1.
        let got = barycentric(&(3.0 * t[0]), &t);
        assert!(got.iter().all(|&x| x >= 0.0) && (got.iter().sum::<f64>() - 1.0).abs() < 1e-15);
    }
}
