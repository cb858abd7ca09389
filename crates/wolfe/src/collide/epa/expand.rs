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
    md: &mut MinkowskiDifference<'_, A, B>,
    n: &Vec3,
    calls: &mut u32,
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
    md: &mut MinkowskiDifference<'_, A, B>,
    simplex: &Simplex,
    poly: &mut Polytope,
    calls: &mut u32,
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
    md: &mut MinkowskiDifference<'_, A, B>,
    simplex: &Simplex,
    settings: &EpaSettings,
    poly: &mut Polytope,
) -> EpaRun {
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
        Enclosed::Tetrahedron => {}
        Enclosed::Failed => {
            out.support_calls = calls;
            return out;
        }
    }
    if poly.tetrahedron().is_err() {
        out.support_calls = calls;
        return out;
    }
    let mut scale = scale_of(&poly.vertices);
    let mut upper = f64::INFINITY;
    let mut best: Option<Face> = None;
    out.status = EpaStatus::IterationLimit;
    let max_iterations = settings.max_iterations;
    // Polytope pairs run to the rounding floor (see `EpaSettings::tolerance`).
    let relative = if md.polytopes() { 0.0 } else { settings.tolerance };
    let mut k = 0u32;
    loop {
        let f = poly.nearest_face();
        if f == NONE {
            out.status = EpaStatus::NumericalTrouble;
            break;
        }
        let face = poly.faces[f as usize];
        best = Some(face);
        let s = support_max(md, &face.n, &mut calls);
        scale = scale.max(s.w.norm());
        let h = face.n.dot(&s.w);
        upper = upper.min(h);
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
    if let Some(face) = best {
        let depth = face.d.max(0.0);
        let v = depth * face.n;
        // Coplanar faces tie (flat faces of D, e.g. boxes): `v` lies in one of them, not
        // necessarily in the one found first. Walk across the edges towards it while the
        // neighbours are coplanar (only on an intact polytope).
        let mut f = face;
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
                if !next.alive
                    || next.n.dot(&face.n) < 1.0 - COPLANAR_WALK_EPS
                    || (next.d - face.d).abs() > tol
                {
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
        // Both bounds are dot products exact to a few ulps: at convergence on a face
        // of `D` they may cross by one; keep the reported bracket ordered.
        out.upper_bound = out.upper_bound.max(depth);
    }
    out
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
