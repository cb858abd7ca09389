//! Fast path of the distance sub-algorithm: only the regions that contain the newest
//! vertex, each answer certified, `None` (fall back to signed volumes) when unsure.
//!
//! **Why the newest vertex.** In GJK (E. G. Gilbert, D. W. Johnson, S. S. Keerthi, "A fast
//! procedure for computing the distance between complex objects in three-dimensional
//! space", IEEE J. Robotics and Automation 4(2), 1988, Sec. III-IV) the simplex before a
//! push is the minimal set of the previous projection `x` (every weight positive), and
//! the new support `s` satisfies `<x, s> < <x, x>` whenever the run has not converged.
//! Moving from `x` towards `s` then lowers `|x|` (`d/dt |x + t (s - x)|^2 = 2 <x, s - x>
//! < 0` at `t = 0`), so the new projection cannot lie in the hull of the old vertices: its
//! support contains `s`. Of the 1, 3, 7 sub-simplices of a segment, triangle and
//! tetrahedron that do, we test only those (classic GJK's Voronoi-region tests, also the
//! premise of Montanari et al. 2017, Sec. 3, on which the signed-volume fallback rests).
//!
//! **Certification instead of trust.** The premise fails in accelerated GJK (the support
//! direction is not `x`), after rounding, and for simplices not built by GJK. So no
//! region is *assumed* away: a candidate support set `S` (containing the newest vertex
//! `d`) is accepted only when the optimality (KKT) conditions of `min |y|` over the
//! whole simplex hold for it:
//! * the affine projection `y` of the origin onto `aff(S)` has all weights `> 0`;
//! * `<y, w_j - y> >= 0` for every vertex `w_j` not in `S` (the origin's side of the
//!   supporting plane through `y`).
//!
//! Together they make `y` the projection onto the hull with the minimal support set `S`,
//! unique, so at most one candidate passes and the order of the tests is only a matter
//! of speed. For an edge `(a, d)` the second condition is the sign of `b`'s weight in the
//! triangle `(a, b, d)`; for a face of the tetrahedron it is the sign of the signed
//! volume of the opposite vertex (Montanari's S3D test); so every quantity below is one
//! of a few shared polynomials.
//!
//! **Quantities.** With `d` the newest vertex and `e_i = w_i - d` (differences relative
//! to `d`, so that a simplex far from the origin keeps the precision of its own size):
//! `D_i = -d . e_i`, `E_ij = e_i . e_j` and the weight numerators of the origin's
//! projection onto the triangle `(i, j, d)`, by the normal equations (Cramer's rule on
//! the Gram matrix):
//! `u_i^(ij) = D_i E_jj - D_j E_ij`, `u_j^(ij) = D_j E_ii - D_i E_ij`,
//! `u_d^(ij) = |e_i x e_j|^2 - u_i^(ij) - u_j^(ij)`, all over `|e_i x e_j|^2`. On an edge
//! `(i, d)`: `D_i` and `E_ii - D_i` over `E_ii`. No square root; one division per weight,
//! at the end.
//!
//! **Error bounds.** Every sign is trusted only beyond a conservative bound on its
//! rounding error (standard forward error analysis, unit roundoff `u = eps / 2`, the
//! differences `e_i` rounded once): with `L` the longest `|e_i|` and `m = L + |d|`,
//! * degree 2 (`D_i`, `E_ii - D_i`): `|err| <= 3 eps L m`, tested against `K2 = 16 eps`;
//! * degree 3 (`n . d`, `det`): the cross product is off by `12 u L^2` (1-norm bound),
//!   the dot adds `3 u`: `|err| <= 8 eps L^2 m`, tested against `K3 = 32 eps`, and the
//!   sum of four of them (the tetrahedron's last signed volume) against `4 K3`;
//! * degree 4 (`u`): `|err| <= 11 eps |d| L^3` from the products and `13.5 eps L^4` from
//!   `|n|^2`, together `<= 24 eps L^3 m`, tested against `K4 = 64 eps`.
//!
//! A quantity `q` of degree `k` is *certainly positive* when `q > 0` and
//! `q^2 > 2 K_k^2 L^(2k-2) (L^2 + |d|^2)`, which exceeds `(K_k L^(k-1) m)^2`; squares keep
//! square roots out. A NaN or an overflow fails every test, and so does a scale outside
//! `[1e-30, 1e30]` (checked up front; outside it the bounds could underflow or overflow),
//! which sends the simplex to the fallback. So does a thin face or tetrahedron, whose
//! weights the fallback refines ([`REFINE_RATIO`]): the fast path answers only where the
//! signed-volume code would not refine, and both are accurate to rounding there.
//!
//! **Fallback** (`None`): a sign needed by the answer within its bound (the origin
//! within rounding of a region boundary, a repeated or collinear vertex, a flat
//! tetrahedron), a thin answer, or no certified candidate (the projection does not
//! contain the newest vertex).

use super::{Projection, SupportPoint, MAX_RANK, REFINE_RATIO};
use crate::math::Vec3;

/// The simplex's vertices, read in place (positions are their `w`).
type Points = [SupportPoint; MAX_RANK];

/// Error-bound factor of degree-2 quantities (derived in the module documentation).
const K2: f64 = 16.0 * f64::EPSILON;
/// Error-bound factor of degree-3 quantities.
const K3: f64 = 32.0 * f64::EPSILON;
/// Error-bound factor of degree-4 quantities.
const K4: f64 = 64.0 * f64::EPSILON;

/// A face `(i, j, d)` is answered only when `|e_i x e_j|^2 >= FACE_RATIO (E_ii + E_jj)^2`.
/// Its longest edge satisfies `l^2 <= 2 (E_ii + E_jj)`, so this implies
/// `|n|^2 >= REFINE_RATIO l^4`: the signed-volume code would not refine it.
const FACE_RATIO: f64 = 4.0 * REFINE_RATIO;

/// The tetrahedron's interior is answered only when `det^2 >= TETRA_RATIO L^6`. Its longest
/// edge is at most `2 L`, so this implies `det^2 >= REFINE_RATIO l^6`.
const TETRA_RATIO: f64 = 64.0 * REFINE_RATIO;

/// Squared scales (`L^2` from below, `L^2 + |d|^2` from above) between which the squared
/// error bounds (up to degree 8 in the coordinates) neither underflow nor overflow.
const MIN_SCALE2: f64 = 1e-60;
/// See [`MIN_SCALE2`].
const MAX_SCALE2: f64 = 1e60;

/// Squared error bounds of the degree-2, -3 and -4 quantities.
#[derive(Clone, Copy)]
struct Bounds {
    b2: f64,
    b3: f64,
    b4: f64,
}

impl Bounds {
    /// `l2`: the largest `E_ii`; `dd = |d|^2`. `None` outside the safe scale range (or for
    /// a repeated point, `l2 == 0`).
    #[inline]
    fn new(l2: f64, dd: f64) -> Option<Self> {
        let s = l2 + dd;
        if !(l2 >= MIN_SCALE2 && s <= MAX_SCALE2) {
            return None;
        }
        let b2 = 2.0 * K2 * K2 * l2 * s;
        let b3 = 2.0 * K3 * K3 * l2 * l2 * s;
        let b4 = 2.0 * K4 * K4 * l2 * l2 * l2 * s;
        Some(Self { b2, b3, b4 })
    }
}

/// `q` is positive beyond the error bound whose square is `b2`.
#[inline]
fn pos(q: f64, b2: f64) -> bool {
    q > 0.0 && q * q > b2
}

/// `q` is negative beyond the error bound whose square is `b2`.
#[inline]
fn neg(q: f64, b2: f64) -> bool {
    q < 0.0 && q * q > b2
}

/// The certified projection of the origin onto `conv(w[..rank])` if its support contains
/// the newest vertex `w[rank - 1]` and every sign it rests on is beyond rounding; `None`
/// otherwise (the caller falls back to signed volumes). `newest` is `w[rank - 1].w`,
/// passed by value so that a caller who just computed it (GJK's loop) need not wait for
/// the store to the simplex to be read back: every quantity of the tests starts from it
/// (-3% time of vanilla GJK on close ellipsoid pairs, interleaved A/B runs).
#[inline(always)]
pub(super) fn project(w: &Points, rank: usize, newest: Vec3) -> Option<Projection> {
    match rank {
        1 => Some(Projection::vertex(w, 0)),
        2 => segment(w, newest),
        3 => triangle(w, newest),
        4 => tetrahedron(w, newest),
        _ => None,
    }
}

/// Rank 2, old vertex `a = w[0]`, newest `d = w[1]`: the vertex `d` (`D_a < 0`) or the
/// edge (`D_a > 0` and `E_aa - D_a > 0`, the weights of `a` and `d` times `E_aa`).
#[inline(always)]
fn segment(w: &Points, d: Vec3) -> Option<Projection> {
    let e = w[0].w - d;
    let ee = e.norm_squared();
    let b = Bounds::new(ee, d.norm_squared())?;
    let da = -d.dot(&e);
    if neg(da, b.b2) {
        return Some(Projection::vertex(w, 1));
    }
    edge(w, 0, 1, da, ee, b)
}

/// The edge `(w[i], w[last])` when both weights are certainly positive (the conditions on
/// the other vertices are the caller's).
#[inline(always)]
fn edge(w: &Points, i: usize, last: usize, di: f64, eii: f64, b: Bounds) -> Option<Projection> {
    let wd = eii - di;
    if pos(di, b.b2) && pos(wd, b.b2) {
        let s = di + wd;
        Some(Projection::combination(
            w,
            [i, last, 0, 0],
            [di / s, wd / s, 0.0, 0.0],
            2,
        ))
    } else {
        None
    }
}

/// The face `(w[i], w[j], w[last])` (`i < j`, edges `ei`, `ej` from the newest vertex
/// `d`, normal `n = ei x ej`) when its three weights are certainly positive and it is not
/// thin (the condition on a fourth vertex is the caller's).
///
/// The weight numerators are the triple products `u_i = (e_j x d) . n` and
/// `u_j = (d x e_i) . n`, `u_d = |n|^2 - u_i - u_j` (the Gram numerators of the module
/// documentation: expand the cross products). They cancel only by `L^2 / |n|`, the
/// conditioning of the triangle itself, where the Gram form cancels by its square, so
/// they are both the certified signs and the weights. Their rounding error is below
/// the degree-4 bound: `4.4 eps L^3 |d|` for `u_i`, `u_j` (two cross products of error
/// `2 sqrt(2) u` relative, a dot of `3 u`) and `11 eps L^3 m` for `u_d`, under `K4`.
///
/// The answer keeps `w[i]` and `w[j]` in their slots and moves the newest vertex into
/// slot `dropped` (the old vertex the face leaves out, or `last` itself for a triangle):
/// one support point moves instead of up to three when the oldest vertex is dropped
/// (-1% instructions of vanilla GJK on close ellipsoid pairs, callgrind). The order of the
/// kept vertices carries no meaning: the fast path only needs the newest vertex last
/// after the next push.
///
/// Always inlined: a call passes its vectors through memory and returns the projection
/// there, about a quarter of the face test's instructions on GJK's tetrahedra
/// (callgrind, close ellipsoid pairs).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn face(
    w: &Points, [i, j, last]: [usize; 3], dropped: usize, (ei, ej, d): (&Vec3, &Vec3, &Vec3), n: &Vec3,
    (eii, ejj): (f64, f64), b: Bounds,
) -> Option<Projection> {
    // One numerator at a time, so that a face tried in vain (the origin beyond two
    // planes through `d`) can stop after the first.
    let ui = ej.cross(d).dot(n);
    if !pos(ui, b.b4) {
        return None;
    }
    let uj = d.cross(ei).dot(n);
    if !pos(uj, b.b4) {
        return None;
    }
    let nn = n.norm_squared();
    let ud = nn - ui - uj;
    let width = eii + ejj;
    if !(pos(ud, b.b4) && nn >= FACE_RATIO * width * width) {
        return None;
    }
    let s = ui + uj + ud;
    let mut idx = [0, 1, 2, 0];
    let mut lambdas = [0.0; MAX_RANK];
    (idx[i], idx[j], idx[dropped]) = (i, j, last);
    (lambdas[i], lambdas[j], lambdas[dropped]) = (ui / s, uj / s, ud / s);
    // The point as `sum u_k w_k / s` rather than `sum (u_k / s) w_k`: the products run
    // while the division does, and GJK's next support direction waits for this point
    // (-2% time of vanilla GJK on close ellipsoid pairs). A convex combination of the
    // vertices all the same, agreeing with the weights to rounding.
    let point = (ui * w[i].w + uj * w[j].w + ud * *d) / s;
    Some(Projection {
        idx,
        lambdas,
        rank: 3,
        point,
        norm2: point.norm_squared(),
    })
}

/// Rank 3, old vertices `a = w[0]`, `b = w[1]`, newest `d = w[2]`. Candidates: the face
/// (all three weights positive), the edge `(a, d)` (its weights positive and `b`'s face
/// weight negative: `b` beyond the origin's supporting line), `(b, d)` likewise, the
/// vertex `d` (`D_a, D_b < 0`).
#[inline(always)]
fn triangle(w: &Points, d: Vec3) -> Option<Projection> {
    let (ea, eb) = (w[0].w - d, w[1].w - d);
    let (eaa, ebb, eab) = (ea.norm_squared(), eb.norm_squared(), ea.dot(&eb));
    let bnd = Bounds::new(eaa.max(ebb), d.norm_squared())?;
    let (da, db) = (-d.dot(&ea), -d.dot(&eb));
    let ua = da * ebb - db * eab;
    let ub = db * eaa - da * eab;
    if ua > 0.0 && ub > 0.0 {
        // Only the face can have both old weights positive (each edge or the vertex `d`
        // needs one of them non-positive).
        return face(w, [0, 1, 2], 2, (&ea, &eb, &d), &ea.cross(&eb), (eaa, ebb), bnd);
    }
    if neg(ub, bnd.b4) {
        if let Some(p) = edge(w, 0, 2, da, eaa, bnd) {
            return Some(p);
        }
    }
    if neg(ua, bnd.b4) {
        if let Some(p) = edge(w, 1, 2, db, ebb, bnd) {
            return Some(p);
        }
    }
    if neg(da, bnd.b2) && neg(db, bnd.b2) {
        return Some(Projection::vertex(w, 2));
    }
    None
}

/// Rank 4, old vertices `a, b, c = w[0..3]`, newest `d = w[3]`. With
/// `det = (e_a x e_b) . e_c` and the normals `n_a = e_b x e_c`, `n_b = e_c x e_a`,
/// `n_c = e_a x e_b` of the faces through `d` opposite `a`, `b`, `c`, the origin's weight
/// of vertex `k` in the tetrahedron is `-(n_k . d) / det` (Montanari's signed volumes
/// relative to `d`). Candidates: a face opposite `k` (the origin certainly beyond its
/// plane, i.e. `k`'s weight negative, and its own three weights positive); an edge
/// `(i, d)` (its weights positive, both other old vertices' face weights negative); the
/// vertex `d`; the interior (all four weights positive). A tetrahedron whose `det` is
/// within rounding is flat: fallback.
#[inline(always)]
fn tetrahedron(w: &Points, d: Vec3) -> Option<Projection> {
    let (ea, eb, ec) = (w[0].w - d, w[1].w - d, w[2].w - d);
    let (eaa, ebb, ecc) = (ea.norm_squared(), eb.norm_squared(), ec.norm_squared());
    let bnd = Bounds::new(eaa.max(ebb).max(ecc), d.norm_squared())?;
    // At most one candidate is certified, so the order of the tests is free: the faces,
    // GJK's usual answer, come first, and `D_k` (vertex and edges only) after them.
    let vertex_d = || {
        let (da, db, dc) = (-d.dot(&ea), -d.dot(&eb), -d.dot(&ec));
        neg(da, bnd.b2) && neg(db, bnd.b2) && neg(dc, bnd.b2)
    };
    let (na, nb, nc) = (eb.cross(&ec), ec.cross(&ea), ea.cross(&eb));
    let det = nc.dot(&ec);
    if det * det <= bnd.b3 {
        return vertex_d().then(|| Projection::vertex(w, 3));
    }
    // t_k > 0: the origin is beyond the face opposite k (k's weight is negative).
    let sign = det.signum();
    let (ta, tb, tc) = (sign * na.dot(&d), sign * nb.dot(&d), sign * nc.dot(&d));
    // Faces dropping the oldest vertex first (measured neutral on close ellipsoid
    // pairs: 1.37 face tests per projection either way).
    if pos(ta, bnd.b3) {
        if let Some(p) = face(w, [1, 2, 3], 0, (&eb, &ec, &d), &na, (ebb, ecc), bnd) {
            return Some(p);
        }
    }
    if pos(tb, bnd.b3) {
        if let Some(p) = face(w, [0, 2, 3], 1, (&ea, &ec, &d), &(-nb), (eaa, ecc), bnd) {
            return Some(p);
        }
    }
    if pos(tc, bnd.b3) {
        if let Some(p) = face(w, [0, 1, 3], 2, (&ea, &eb, &d), &nc, (eaa, ebb), bnd) {
            return Some(p);
        }
    }
    if vertex_d() {
        return Some(Projection::vertex(w, 3));
    }
    let (da, db, dc) = (-d.dot(&ea), -d.dot(&eb), -d.dot(&ec));
    // Edges: the face weight numerators u_i^(ij) of the Gram form, needed only here
    // (most GJK projections end on a face, above).
    let (eab, ebc, eca) = (ea.dot(&eb), eb.dot(&ec), ec.dot(&ea));
    let (ua_ab, ub_ab) = (da * ebb - db * eab, db * eaa - da * eab);
    let (ub_bc, uc_bc) = (db * ecc - dc * ebc, dc * ebb - db * ebc);
    let (ua_ac, uc_ac) = (da * ecc - dc * eca, dc * eaa - da * eca);
    if neg(ub_ab, bnd.b4) && neg(uc_ac, bnd.b4) {
        if let Some(p) = edge(w, 0, 3, da, eaa, bnd) {
            return Some(p);
        }
    }
    if neg(ua_ab, bnd.b4) && neg(uc_bc, bnd.b4) {
        if let Some(p) = edge(w, 1, 3, db, ebb, bnd) {
            return Some(p);
        }
    }
    if neg(ua_ac, bnd.b4) && neg(ub_bc, bnd.b4) {
        if let Some(p) = edge(w, 2, 3, dc, ecc, bnd) {
            return Some(p);
        }
    }
    // Interior: d's weight is (det + sum n_k . d) / det, a sum of four degree-3 terms.
    let td = sign * det + ta + tb + tc;
    let l2 = eaa.max(ebb).max(ecc);
    if neg(ta, bnd.b3)
        && neg(tb, bnd.b3)
        && neg(tc, bnd.b3)
        && pos(td, 16.0 * bnd.b3)
        && det * det >= TETRA_RATIO * l2 * l2 * l2
    {
        let s = td - ta - tb - tc;
        return Some(Projection {
            idx: [0, 1, 2, 3],
            lambdas: [-ta / s, -tb / s, -tc / s, td / s],
            rank: 4,
            point: Vec3::zeros(),
            norm2: 0.0,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project_last(w: &Points, rank: usize) -> Option<Projection> {
        project(w, rank, w[rank - 1].w)
    }

    fn arr(ws: &[Vec3]) -> Points {
        let mut w = [SupportPoint::default(); MAX_RANK];
        for (p, &x) in w.iter_mut().zip(ws) {
            p.w = x;
        }
        w
    }

    #[test]
    fn each_region_of_the_newest_vertex_is_certified() {
        // Tetrahedron above the plane z = 1 with the newest vertex d = w[3] below it.
        let (a, b, c) = (
            Vec3::new(-1.0, -1.0, 2.0),
            Vec3::new(2.0, -1.0, 2.0),
            Vec3::new(-1.0, 2.0, 2.0),
        );
        // Face (a', b', d) in the plane z = 1 under the old vertex c' = (0, 0, 3): the
        // projection (0, 0, 1) is inside it.
        let (a1, b1, c1) = (a - Vec3::z(), b - Vec3::z(), Vec3::new(0.0, 0.0, 3.0));
        let p = project_last(&arr(&[a1, b1, c1, Vec3::new(-1.0, 2.0, 1.0)]), 4).unwrap();
        assert_eq!((p.rank, &p.idx[..3]), (3, &[0, 1, 3][..]));
        assert!(p.lambdas[..3].iter().all(|&l| l > 0.0));
        assert!((p.point - Vec3::new(0.0, 0.0, 1.0)).norm() < 1e-15);
        // Vertex d.
        let p = project_last(&arr(&[a, b, c, Vec3::new(0.0, 0.0, 1.0)]), 4).unwrap();
        assert_eq!((p.rank, p.idx[0], p.point), (1, 3, Vec3::new(0.0, 0.0, 1.0)));
        // Interior: the origin inside.
        let p = project_last(&arr(&[a, b, c, Vec3::new(0.0, 0.0, -3.0)]), 4).unwrap();
        assert_eq!((p.rank, p.point), (4, Vec3::zeros()));
        // Edge (a, d) of a triangle in the plane y = 1: segment from (-1, 1, 1) to
        // (3, 1, 1), the old vertex b above it; the origin's projection onto the plane,
        // (0, 1, 0), is beyond the edge. (On the edge's line, at z = 0, the sign of b's
        // weight would be zero: uncertain, fallback.)
        let w = arr(&[
            Vec3::new(-1.0, 1.0, 1.0),
            Vec3::new(1.0, 1.0, 5.0),
            Vec3::new(3.0, 1.0, 1.0),
        ]);
        let p = project_last(&w, 3).unwrap();
        assert_eq!((p.rank, p.idx[0], p.idx[1]), (2, 0, 2));
        assert!((p.point - Vec3::new(0.0, 1.0, 1.0)).norm() < 1e-15);
    }

    #[test]
    fn uncertain_or_excluded_newest_vertex_falls_back() {
        let p = Vec3::new(1.0, 2.0, 3.0);
        // Repeated point.
        assert!(project_last(&arr(&[p, p]), 2).is_none());
        // The projection is the old vertex, not the newest one.
        assert!(project_last(&arr(&[p, 2.0 * p]), 2).is_none());
        // Collinear triangle and coplanar tetrahedron.
        let (u, v) = (Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0));
        assert!(project_last(&arr(&[p, p + u, p + 2.0 * u]), 3).is_none());
        assert!(project_last(&arr(&[p, p + u, p + v, p + u + v]), 4).is_none());
    }
}
