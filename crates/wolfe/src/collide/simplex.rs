//! GJK's simplex and its distance sub-algorithm by signed volumes.
//!
//! Every GJK iteration (GJK++ Sec. II, Alg. 3 line 5 and Alg. 4) projects the origin onto
//! the convex hull of the current simplex `W` (1 to 4 support points of the Minkowski
//! difference) and keeps only the vertices needed to express the projection. This is the
//! *distance sub-algorithm* (GJK++ footnote 1). The classic Johnson sub-algorithm solves
//! it by enumerating sub-simplices and testing Cramer-rule cofactors, and fails on nearly
//! degenerate simplices, which GJK meets near convergence. We implement the *signed
//! volumes* method of M. Montanari, N. Petrinic and E. Barbieri, "Improving the GJK
//! algorithm for faster and more reliable distance queries between convex objects", ACM
//! TOG 36(3), 2017, Sec. 4 (subroutines S1D, S2D, S3D):
//!
//! * **S3D** (tetrahedron, Montanari Alg. 2): the barycentric coordinates of the origin
//!   are ratios of signed volumes `C_i / det`. If every `C_i` has the sign of `det` the
//!   origin is inside; otherwise the projection lies on a face whose opposite vertex has
//!   a disagreeing sign (that face's plane separates the origin from the tetrahedron), so
//!   only those faces are searched by S2D and the closest result is kept.
//! * **S2D** (triangle, Montanari Alg. 3): project the origin onto the plane, then take
//!   signed areas in the coordinate plane where the triangle's projected area is largest
//!   (the largest component of the normal). Areas there are the best-conditioned 2x2
//!   determinants available, which is what keeps thin triangles robust. Disagreeing signs
//!   send the search to the edges (S1D).
//! * **S1D** (segment, Montanari Alg. 4): the parameter of the origin's projection on the
//!   line; outside `(0, 1)` the nearer vertex.
//!
//! Departures from the paper, for robustness (each is argued where it is coded):
//! * signed volumes and areas are formed from vertex *differences*, so a simplex far
//!   from the origin keeps the relative precision of its own size;
//! * a sign is trusted only beyond its rounding bound (`SIGN_ERR`): "inside" is claimed
//!   only when certain, uncertain faces are searched, and a determinant within rounding
//!   of zero (coplanar or collinear vertices, repeated points) searches every face or
//!   edge instead of dividing by it;
//! * thin simplices refine their weights iteratively (`REFINE_RATIO`) and thin
//!   triangles compare their interior with their edges (`THIN_RATIO`);
//! * S1D uses the exact line parameter instead of a one-axis projection.
//!
//! **Fast path** (module `fast`): GJK (Gilbert, Johnson, Keerthi 1988) pushes a support
//! point that must belong to the new projection's support set, so
//! `Simplex::project_origin` first tests only the regions containing the newest vertex,
//! in closed form relative to it, and accepts an answer only when its optimality
//! conditions hold beyond their rounding bounds; anything else (degenerate, thin, a sign
//! within rounding, a projection without the newest vertex) runs the signed volumes.
//!
//! Limitation: a sliver whose signed volumes are below their rounding error (e.g. a
//! needle tetrahedron of width `t` with `t^2 |w| < ~eps |w|^3`) is treated as flat; if
//! the origin lies inside it, the result is the nearest face, up to `t` away.

use crate::math::Vec3;

mod fast;

/// A support point of the Minkowski difference `D = A - B`, with the two shape points
/// it came from (all in A's frame): `w = a - b`.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct SupportPoint {
    /// The point of `D`.
    pub w: Vec3,
    /// The point of shape A's core.
    pub a: Vec3,
    /// The point of shape B's core.
    pub b: Vec3,
}

impl SupportPoint {
    /// The longest of its vectors (`w = a - b`, `a`, `b`): the size of the coordinates
    /// `w` was computed from, hence of its rounding. A gap test's floor takes `|w|`,
    /// which is that size but for touching shapes, where the support along the iterate
    /// is itself near the origin (two ellipsoids touching at 1e-16 m stalled with a floor
    /// of 1e-31 m): the certificates of a run that ended without one take the shapes'
    /// points instead.
    pub(crate) fn coordinate_scale(&self) -> Vec3 {
        [self.a, self.b].into_iter().fold(
            self.w,
            |m, v| if v.norm_squared() > m.norm_squared() { v } else { m },
        )
    }
}

/// Largest simplex rank in 3D: a tetrahedron has `3 + 1 = 4` vertices, and GJK adds one
/// support point to a simplex of rank at most 3 after each projection (the projection of
/// an exterior origin lies on a proper face, GJK++ Sec. II), so 4 slots always suffice.
pub const MAX_RANK: usize = 4;

/// Relative rounding-error bound of a signed volume `C = q . (u x v)` formed from
/// exactly rounded differences `u`, `v`: `|dC| <= SIGN_ERR * |q| |u| |v|`. The cross
/// product adds at most about `2 eps |u| |v|` per component, the dot product and the
/// differences a few `eps` more; 16 `eps` leaves a margin. A sign is trusted only when
/// `|C|` exceeds this bound; the same bound, with `|u| |v|`, decides that a triangle is
/// collinear (its doubled area `|u x v|` is rounding noise).
const SIGN_ERR: f64 = 16.0 * f64::EPSILON;

/// A triangle is *thin* when its width (doubled area over longest edge) is below
/// `sqrt(THIN_RATIO)` times its longest edge, i.e. `|n|^2 < THIN_RATIO * max_edge^4`.
/// Its barycentric coordinates are then ill-conditioned (rounding moves the interior
/// point along the triangle by about `eps / width_ratio` even after refinement), while
/// its edges are within one width of every point of it; so the interior candidate is
/// compared with the edges and the closer kept. `1e-12` is a width ratio of `1e-6`.
const THIN_RATIO: f64 = 1e-12;

/// Simplices thinner than `sqrt(REFINE_RATIO)` relative (a triangle with
/// `|n|^2 < REFINE_RATIO max_edge^4`, a tetrahedron with
/// `det^2 < REFINE_RATIO max_edge^6`) get iterative refinement of their interior
/// weights. Their signed areas or volumes carry an absolute error `~eps max_edge^d`,
/// i.e. a relative weight error `~eps / thinness`, so the weights no longer reproduce
/// the projection; each refinement step recomputes the residual (accurate to `~eps |w|`)
/// and corrects the weights by their exact affine dependence on the point, squaring the
/// relative error. Wider simplices are accurate to `~1e-13` and skip it.
const REFINE_RATIO: f64 = 1e-6;

/// Most refinement steps: the error goes `(eps / thinness)^(s+1)`, so four steps bring a
/// `1e-12`-thin simplex (`eps / thinness ~ 2e-4`) to `~eps`. Steps stop early when a
/// correction would make a weight non-positive (the weight is then at rounding level).
const REFINE_STEPS: usize = 4;

/// A simplex of rank 0 to 4 with the barycentric coordinates of the point it represents.
#[derive(Clone, Copy, Debug, Default)]
pub struct Simplex {
    /// The vertices; only the first `rank` are meaningful.
    pub points: [SupportPoint; MAX_RANK],
    /// Barycentric coordinates of the last projection, for the first `rank` vertices.
    pub lambdas: [f64; MAX_RANK],
    /// Number of vertices in use.
    pub rank: usize,
}

impl Simplex {
    /// An empty simplex.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the simplex.
    pub fn clear(&mut self) {
        self.rank = 0;
    }

    /// Adds a vertex (the caller keeps `rank < 4` before pushing).
    pub fn push(&mut self, p: SupportPoint) {
        debug_assert!(self.rank < MAX_RANK);
        self.points[self.rank] = p;
        self.rank += 1;
    }

    /// The vertices in use.
    pub fn vertices(&self) -> &[SupportPoint] {
        &self.points[..self.rank]
    }

    /// Projects the origin onto `conv(points[..rank])` and returns the projection
    /// `x = sum(lambdas[i] * points[i].w)`: the distance sub-algorithm of GJK.
    ///
    /// It first tries the fast path of GJK (Gilbert, Johnson and Keerthi 1988): closed-form
    /// tests of only the regions that contain the newest vertex `points[rank - 1]`, where
    /// GJK's projection lies after a push ([`Simplex::project_origin_fast`]). That answer
    /// is certified by the optimality conditions with rounding-error bounds; when it is
    /// not (a degenerate or thin simplex, the origin within rounding of a region boundary,
    /// a projection that leaves out the newest vertex), the robust signed-volumes method
    /// runs ([`Simplex::project_origin_signed_volumes`], Montanari et al. 2017). So it is
    /// correct for arbitrary simplices and fast on GJK's.
    ///
    /// Afterwards only the vertices with positive weight are kept: the smallest set whose
    /// hull contains `x` (GJK++ Alg. 4 line 2), moved to the front (in their original
    /// relative order, except that a face of a tetrahedron puts the newest vertex in the
    /// slot of the vertex it drops), with their barycentric coordinates in `lambdas[..rank]` (each
    /// `> 0`, summing to 1 up to rounding). If the origin is strictly inside a
    /// full-dimensional tetrahedron, `rank` stays 4 and the result is exactly zero (see
    /// [`Simplex::contains_origin`]). A degenerate simplex (repeated points, collinear or
    /// coplanar vertices) whose hull contains the origin gives a point of norm at the
    /// rounding level with a rank below 4.
    ///
    /// The vertices must be finite. Never divides by a zero pivot and never returns NaN
    /// for finite input. Calling it on an empty simplex is a caller bug (debug assertion);
    /// release builds return zero and leave the simplex empty.
    pub fn project_origin(&mut self) -> Vec3 {
        self.project_origin_inlined()
    }

    /// [`Simplex::project_origin`], inlined into the caller: the vanilla GJK loop, where a
    /// call would pass the simplex and the result through memory (-4% instructions of
    /// vanilla GJK on close ellipsoid pairs, callgrind). The signed-volume fallback stays
    /// a call.
    #[inline(always)]
    pub(crate) fn project_origin_inlined(&mut self) -> Vec3 {
        self.project_with_newest(self.newest())
    }

    /// Pushes `p` and projects: [`Simplex::project_origin_inlined`] with the newest
    /// vertex passed on in registers (the caller keeps `rank < 4` before pushing).
    #[inline(always)]
    pub(crate) fn push_and_project(&mut self, p: SupportPoint) -> Vec3 {
        self.push(p);
        self.project_with_newest(p.w)
    }

    /// The body of [`Simplex::project_origin_inlined`]; `newest` is the last vertex.
    #[inline(always)]
    fn project_with_newest(&mut self, newest: Vec3) -> Vec3 {
        let proj = match fast::project(&self.points, self.rank, newest) {
            Some(p) => p,
            None => match self.signed_volumes_fallback() {
                Some(p) => p,
                None => return Vec3::zeros(),
            },
        };
        self.apply(&proj)
    }

    /// The signed-volumes projection of the current simplex, kept out of line.
    #[inline(never)]
    fn signed_volumes_fallback(&mut self) -> Option<Projection> {
        let w = self.positions();
        self.signed_volumes(&w)
    }

    /// The fast path of [`Simplex::project_origin`] alone: the projection if its support
    /// contains the newest vertex and every sign test it rests on is beyond its rounding
    /// bound, with the simplex reduced as there; `None`, leaving the simplex untouched,
    /// otherwise (see the `fast` module for the region tests and the bounds).
    pub fn project_origin_fast(&mut self) -> Option<Vec3> {
        let proj = fast::project(&self.points, self.rank, self.newest())?;
        Some(self.apply(&proj))
    }

    /// The robust path of [`Simplex::project_origin`] alone: the signed-volumes distance
    /// sub-algorithm (Montanari et al. 2017; see the module documentation) on all
    /// sub-simplices, with the same result conventions.
    pub fn project_origin_signed_volumes(&mut self) -> Vec3 {
        let w = self.positions();
        match self.signed_volumes(&w) {
            Some(p) => self.apply(&p),
            None => Vec3::zeros(),
        }
    }

    /// The last vertex pushed (slot 0 of an empty simplex).
    #[inline(always)]
    fn newest(&self) -> Vec3 {
        self.points[self.rank.max(1) - 1].w
    }

    /// The vertex positions (all four slots; only `rank` are meaningful).
    #[inline]
    fn positions(&self) -> [Vec3; MAX_RANK] {
        [
            self.points[0].w,
            self.points[1].w,
            self.points[2].w,
            self.points[3].w,
        ]
    }

    /// S1D, S2D or S3D on the whole simplex; `None` (and an emptied simplex) for rank 0.
    fn signed_volumes(&mut self, w: &[Vec3; MAX_RANK]) -> Option<Projection> {
        match self.rank {
            1 => Some(Projection::vertex(w, 0)),
            2 => Some(s1d(w, 0, 1)),
            3 => Some(s2d(w, [0, 1, 2])),
            4 => Some(s3d(w)),
            _ => {
                debug_assert!(false, "project_origin on a simplex of rank {}", self.rank);
                self.rank = 0;
                None
            }
        }
    }

    /// Keeps the vertices of `proj` (ascending indices, so moving them forward in place
    /// never overwrites one still to be read) with their weights; returns the point.
    #[inline(always)]
    fn apply(&mut self, proj: &Projection) -> Vec3 {
        for slot in 0..proj.rank {
            let from = proj.idx[slot];
            if from != slot {
                self.points[slot] = self.points[from];
            }
            self.lambdas[slot] = proj.lambdas[slot];
        }
        self.rank = proj.rank;
        proj.point
    }

    /// Whether the last [`Simplex::project_origin`] found the origin strictly inside a
    /// full-dimensional tetrahedron (rank 4 survives a projection only in that case).
    /// A zero-norm projection with a lower rank (the origin on a face, an edge, or in a
    /// degenerate simplex) is reported by the returned point, not here.
    pub fn contains_origin(&self) -> bool {
        self.rank == MAX_RANK
    }

    /// The points of A and B represented by the barycentric coordinates.
    pub fn witness_points(&self) -> (Vec3, Vec3) {
        let mut a = Vec3::zeros();
        let mut b = Vec3::zeros();
        for i in 0..self.rank {
            a += self.lambdas[i] * self.points[i].a;
            b += self.lambdas[i] * self.points[i].b;
        }
        (a, b)
    }
}

/// The projection onto one sub-simplex: which vertices (indices into the caller's array,
/// ascending), their weights, the point and its squared norm (the search key).
#[derive(Clone, Copy, Debug)]
struct Projection {
    idx: [usize; MAX_RANK],
    lambdas: [f64; MAX_RANK],
    rank: usize,
    point: Vec3,
    norm2: f64,
}

/// Read access to vertex positions by index: a copied position array (signed volumes)
/// or the simplex's own support points (the fast path reads them in place).
trait Positions {
    /// The position of vertex `i`.
    fn at(&self, i: usize) -> Vec3;
}

impl Positions for [Vec3; MAX_RANK] {
    #[inline(always)]
    fn at(&self, i: usize) -> Vec3 {
        self[i]
    }
}

impl Positions for [SupportPoint; MAX_RANK] {
    #[inline(always)]
    fn at(&self, i: usize) -> Vec3 {
        self[i].w
    }
}

impl Projection {
    /// The single vertex `i`.
    #[inline(always)]
    fn vertex<P: Positions>(w: &P, i: usize) -> Self {
        let p = w.at(i);
        Self {
            idx: [i, 0, 0, 0],
            lambdas: [1.0, 0.0, 0.0, 0.0],
            rank: 1,
            point: p,
            norm2: p.norm_squared(),
        }
    }

    /// The convex combination of `w[idx[..rank]]` with weights `lambdas[..rank]`; the
    /// point is formed from the weights so that the weights reproduce it.
    #[inline(always)]
    fn combination<P: Positions>(
        w: &P, idx: [usize; MAX_RANK], lambdas: [f64; MAX_RANK], rank: usize,
    ) -> Self {
        let mut point = Vec3::zeros();
        for k in 0..rank {
            point += lambdas[k] * w.at(idx[k]);
        }
        Self {
            idx,
            lambdas,
            rank,
            point,
            norm2: point.norm_squared(),
        }
    }

    /// The closer of a new candidate and the best so far; on a tie, the one with fewer
    /// vertices (the minimal set), then the earlier one.
    fn closer(self, best: Option<Self>) -> Self {
        match best {
            Some(b) if b.norm2 < self.norm2 || (b.norm2 == self.norm2 && b.rank <= self.rank) => b,
            _ => self,
        }
    }
}

/// Whether `a` and `b` are both strictly positive or both strictly negative
/// (Montanari's `compareSigns`); a zero never agrees, so a zero determinant sends the
/// search to every sub-simplex.
fn same_sign(a: f64, b: f64) -> bool {
    (a > 0.0 && b > 0.0) || (a < 0.0 && b < 0.0)
}

/// S1D: projection of the origin onto the segment `[w[i], w[j]]` (`i < j`).
///
/// Montanari's S1D projects the origin onto the line and reads the barycentric
/// coordinates on the coordinate axis of largest extent of `t = w[j] - w[i]`. In exact
/// arithmetic that ratio equals the line parameter `mu = -(w[i] . t) / (t . t)` of the
/// projection `w[i] + mu t`, which we compute directly: it skips the rounding of the
/// intermediate projected point and uses all three components of `t` rather than one.
/// A repeated point (`t . t == 0`) is a single vertex.
fn s1d(w: &[Vec3; MAX_RANK], i: usize, j: usize) -> Projection {
    let a = w[i];
    let t = w[j] - a;
    let tt = t.norm_squared();
    if tt <= 0.0 {
        return Projection::vertex(w, i);
    }
    let mu = -a.dot(&t) / tt;
    if mu <= 0.0 {
        Projection::vertex(w, i)
    } else if mu >= 1.0 {
        Projection::vertex(w, j)
    } else {
        Projection::combination(w, [i, j, 0, 0], [1.0 - mu, mu, 0.0, 0.0], 2)
    }
}

/// 2D cross product of `u` and `v` in the coordinate plane orthogonal to axis `k`, with
/// the two remaining axes in cyclic order so that it equals the `k`-th component of the
/// 3D cross product.
fn cross2(u: &Vec3, v: &Vec3, k: usize) -> f64 {
    let (x, y) = ((k + 1) % 3, (k + 2) % 3);
    u[x] * v[y] - u[y] * v[x]
}

/// The closest candidate among the S1D projections onto the edges selected by `mask`
/// (edge `e` is opposite vertex `v[e]`), or `None` when none is selected.
fn edges(w: &[Vec3; MAX_RANK], v: [usize; 3], mask: [bool; 3]) -> Option<Projection> {
    let pairs = [(v[1], v[2]), (v[0], v[2]), (v[0], v[1])];
    let mut best: Option<Projection> = None;
    for (e, &(i, j)) in pairs.iter().enumerate() {
        if mask[e] {
            let cand = s1d(w, i, j);
            best = Some(cand.closer(best));
        }
    }
    best
}

/// S2D: projection of the origin onto the triangle `w[v[0]], w[v[1]], w[v[2]]` (indices
/// ascending).
///
/// Montanari Alg. 3: with `n = (b - a) x (c - a)`, the origin's projection onto the
/// plane is `p = (a . n / n . n) n`. Projecting the triangle and `p` along the axis `k`
/// of largest `|n_k|` is an affine bijection of the plane (it scales areas by
/// `|n_k| / |n|`, the largest factor available), so barycentric coordinates are ratios
/// of 2D signed areas there: `C_a = area(p, b, c)` and cyclically, `n_k = C_a + C_b + C_c`.
/// If all `C` share the sign of `n_k`, `p` is inside; otherwise the projection lies on an
/// edge opposite a vertex whose `C` disagrees (that edge's line separates `p` from the
/// triangle), searched by S1D.
///
/// Robustness additions: the areas are formed from `b - p`, `c - p`, differences of
/// nearby points, so a triangle far from the origin keeps the precision of its own size;
/// a triangle whose `|n|` is rounding noise (`SIGN_ERR`: collinear vertices, repeated
/// points) has no plane and searches its three edges; nearly collinear triangles refine
/// their weights (`REFINE_RATIO`) and compare the interior with the edges
/// (`THIN_RATIO`).
fn s2d(w: &[Vec3; MAX_RANK], v: [usize; 3]) -> Projection {
    let (a, b, c) = (w[v[0]], w[v[1]], w[v[2]]);
    let (ab, ac, bc) = (b - a, c - a, c - b);
    let (ab2, ac2, bc2) = (ab.norm_squared(), ac.norm_squared(), bc.norm_squared());
    let n = ab.cross(&ac);
    let nn = n.norm_squared();
    if nn <= SIGN_ERR * SIGN_ERR * ab2 * ac2 {
        // Collinear or repeated vertices: no plane, the hull is the union of the edges.
        return edges(w, v, [true; 3]).unwrap_or_else(|| Projection::vertex(w, v[0]));
    }
    let max_edge2 = ab2.max(ac2).max(bc2);
    let thin = nn < THIN_RATIO * max_edge2 * max_edge2;
    let p = (a.dot(&n) / nn) * n;
    let k = n.iamax();
    let nu = n[k];
    let (pa, pb, pc) = (a - p, b - p, c - p);
    let cof = [cross2(&pb, &pc, k), cross2(&pc, &pa, k), cross2(&pa, &pb, k)];
    if !cof.iter().all(|&ci| same_sign(ci, nu)) {
        let mask = if thin {
            // Signs of a thin triangle's areas are unreliable: search every edge.
            [true; 3]
        } else {
            [
                !same_sign(cof[0], nu),
                !same_sign(cof[1], nu),
                !same_sign(cof[2], nu),
            ]
        };
        return edges(w, v, mask).unwrap_or_else(|| Projection::vertex(w, v[0]));
    }
    let sum = cof[0] + cof[1] + cof[2];
    let mut lam = [cof[0] / sum, cof[1] / sum, cof[2] / sum];
    if nn < REFINE_RATIO * max_edge2 * max_edge2 {
        // The weights of a displacement r are affine in it:
        // d(lam_a) = area(r, b - c) / n_k and cyclically (they sum to zero).
        let ca = a - c;
        for _ in 0..REFINE_STEPS {
            let r = p - (lam[0] * a + lam[1] * b + lam[2] * c);
            let refined = [
                lam[0] + cross2(&r, &bc, k) / nu,
                lam[1] + cross2(&r, &ca, k) / nu,
                lam[2] + cross2(&r, &ab, k) / nu,
            ];
            if !refined.iter().all(|&l| l > 0.0) {
                break;
            }
            let s = refined[0] + refined[1] + refined[2];
            lam = [refined[0] / s, refined[1] / s, refined[2] / s];
        }
    }
    let interior = Projection::combination(w, [v[0], v[1], v[2], 0], [lam[0], lam[1], lam[2], 0.0], 3);
    if !thin {
        return interior;
    }
    // A thin triangle's edges are within one width of its interior; keep the interior
    // only when it is closer by more than the rounding of the norms (so that a collinear
    // configuration keeps the minimal set, an edge).
    match edges(w, v, [true; 3]) {
        Some(edge) => {
            let scale = a.norm().max(b.norm()).max(c.norm());
            let noise = 8.0 * f64::EPSILON * scale * edge.norm2.sqrt();
            if interior.norm2 < edge.norm2 - noise {
                interior
            } else {
                edge
            }
        }
        None => interior,
    }
}

/// S3D: projection of the origin onto the tetrahedron `w[0..4]`.
///
/// Montanari Alg. 2: the barycentric coordinates of the origin are `C_i / det`, where
/// `C_i` is the signed volume of the tetrahedron with the origin in place of vertex `i`
/// (the cofactors of the last row of `[[w_0 w_1 w_2 w_3]; [1 1 1 1]]`) and
/// `det = sum C_i`. All `C_i` with the sign of `det`: the origin is inside, the result
/// is exactly zero and all four vertices stay. Otherwise the projection lies on a face
/// whose opposite `C_i` disagrees in sign (its plane separates the origin from the
/// tetrahedron); those faces are searched by S2D and the closest result is kept.
///
/// Robustness additions. Each `C_i` is a face vertex dotted with the face normal built
/// from edge differences, e.g. `C_0 = w_1 . ((w_2 - w_1) x (w_3 - w_1))`, which keeps the
/// relative precision of a tetrahedron far from the origin (a raw determinant of the
/// coordinates would lose it quadratically in the offset). Signs are only trusted beyond
/// their rounding bound `e_i` (`SIGN_ERR`): the origin is declared inside only when
/// every `C_i` agrees with `det` by more than `e_i` (then every exact `C_i` agrees too,
/// so the claim is certain even for a nearly flat tetrahedron, whose noisy volumes
/// could otherwise all agree by chance); a face whose sign is uncertain is searched; and
/// when `|det| <= sum e_i` (coplanar or collinear vertices, repeated points) every face is
/// searched. Searching an extra face never hurts: the closest candidate is kept.
fn s3d(w: &[Vec3; MAX_RANK]) -> Projection {
    let [w0, w1, w2, w3] = *w;
    let (d01, d02, d03) = (w1 - w0, w2 - w0, w3 - w0);
    let (d12, d13) = (w2 - w1, w3 - w1);
    let (n01, n02, n03) = (d01.norm_squared(), d02.norm_squared(), d03.norm_squared());
    let (n12, n13) = (d12.norm_squared(), d13.norm_squared());
    let (q0, q1) = (w0.norm_squared(), w1.norm_squared());
    let cof = [
        w1.dot(&d12.cross(&d13)),
        -w0.dot(&d02.cross(&d03)),
        -w0.dot(&d03.cross(&d01)),
        -w0.dot(&d01.cross(&d02)),
    ];
    let err = [
        SIGN_ERR * (q1 * n12 * n13).sqrt(),
        SIGN_ERR * (q0 * n02 * n03).sqrt(),
        SIGN_ERR * (q0 * n03 * n01).sqrt(),
        SIGN_ERR * (q0 * n01 * n02).sqrt(),
    ];
    let det = cof[0] + cof[1] + cof[2] + cof[3];
    let certain = |i: usize| same_sign(cof[i], det) && cof[i].abs() > err[i];
    if (0..4).all(certain) {
        let mut lam = [cof[0] / det, cof[1] / det, cof[2] / det, cof[3] / det];
        let n23 = (w3 - w2).norm_squared();
        let l2 = n01.max(n02).max(n03).max(n12).max(n13).max(n23);
        if det * det < REFINE_RATIO * l2 * l2 * l2 {
            // C_i(q), the volume with the point q in place of vertex i, is affine in q:
            // C_0(q) = C_0 - q . (d12 x d13), C_i(q) = C_i + q . g_i otherwise, so the
            // weights of the residual r = sum(lam_i w_i) (the target is 0) are removed by
            // lam_i -= dC_i(r) / det.
            let g = [
                -d12.cross(&d13),
                d02.cross(&d03),
                d03.cross(&d01),
                d01.cross(&d02),
            ];
            for _ in 0..REFINE_STEPS {
                let r = lam[0] * w0 + lam[1] * w1 + lam[2] * w2 + lam[3] * w3;
                let refined = [
                    lam[0] - g[0].dot(&r) / det,
                    lam[1] - g[1].dot(&r) / det,
                    lam[2] - g[2].dot(&r) / det,
                    lam[3] - g[3].dot(&r) / det,
                ];
                if !refined.iter().all(|&l| l > 0.0) {
                    break;
                }
                let s = refined.iter().sum::<f64>();
                lam = refined.map(|l| l / s);
            }
        }
        return Projection {
            idx: [0, 1, 2, 3],
            lambdas: lam,
            rank: 4,
            point: Vec3::zeros(),
            norm2: 0.0,
        };
    }
    let det_uncertain = det.abs() <= err[0] + err[1] + err[2] + err[3];
    // Faces opposite vertex 0, 1, 2, 3 (indices ascending).
    let faces = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];
    let mut best: Option<Projection> = None;
    for (l, face) in faces.iter().enumerate() {
        if det_uncertain || !certain(l) {
            best = Some(s2d(w, *face).closer(best));
        }
    }
    // Not every face is certain, so at least one face was searched.
    best.unwrap_or_else(|| s2d(w, faces[3]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simplex(ws: &[Vec3]) -> Simplex {
        let mut s = Simplex::new();
        for (i, &w) in ws.iter().enumerate() {
            s.push(SupportPoint {
                w,
                a: w + Vec3::new(i as f64, 0.0, 0.0),
                b: Vec3::new(i as f64, 0.0, 0.0),
            });
        }
        s
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-14 * (1.0 + a.abs().max(b.abs()))
    }

    #[test]
    fn origin_inside_tetrahedron_is_zero_rank_4() {
        let ws = [
            Vec3::new(1.0, 1.0, 1.0),
            Vec3::new(-1.0, -1.0, 1.0),
            Vec3::new(-1.0, 1.0, -1.0),
            Vec3::new(1.0, -1.0, -1.0),
        ];
        let mut s = simplex(&ws);
        let x = s.project_origin();
        assert_eq!(x, Vec3::zeros());
        assert_eq!(s.rank, 4);
        assert!(s.contains_origin());
        // The origin is the centroid of this regular tetrahedron.
        for l in &s.lambdas {
            assert!(close(*l, 0.25), "{l}");
        }
        let (a, b) = s.witness_points();
        assert!((a - b).norm() < 1e-15);
    }

    #[test]
    fn origin_projects_onto_an_edge() {
        // Segment from (-1, 1, 0) to (3, 1, 0): projection (0, 1, 0) at parameter 1/4.
        let ws = [Vec3::new(-1.0, 1.0, 0.0), Vec3::new(3.0, 1.0, 0.0)];
        let mut s = simplex(&ws);
        let x = s.project_origin();
        assert_eq!(s.rank, 2);
        assert!((x - Vec3::new(0.0, 1.0, 0.0)).norm() < 1e-15);
        assert!(close(s.lambdas[0], 0.75) && close(s.lambdas[1], 0.25));

        // The same edge as part of a triangle whose third vertex is far away (z = 5).
        let ws = [ws[0], Vec3::new(1.0, 1.0, 5.0), ws[1]];
        let mut s = simplex(&ws);
        let x = s.project_origin();
        assert_eq!(s.rank, 2);
        assert!((x - Vec3::new(0.0, 1.0, 0.0)).norm() < 1e-15);
        assert_eq!(s.points[0].w, ws[0]);
        assert_eq!(s.points[1].w, ws[2]);
        assert!(close(s.lambdas[0], 0.75) && close(s.lambdas[1], 0.25));
        let (a, b) = s.witness_points();
        assert!((a - b - x).norm() < 1e-15);
    }

    #[test]
    fn vertex_region_gives_rank_1() {
        let ws = [
            Vec3::new(1.0, 1.0, 1.0),
            Vec3::new(2.0, 1.0, 1.0),
            Vec3::new(1.0, 2.0, 1.0),
            Vec3::new(1.0, 1.0, 2.0),
        ];
        for r in 1..=4 {
            let mut s = simplex(&ws[..r]);
            let x = s.project_origin();
            assert_eq!(s.rank, 1, "rank {r}");
            assert_eq!(x, ws[0]);
            assert_eq!(s.lambdas[0], 1.0);
        }
    }

    #[test]
    fn origin_projects_into_a_face() {
        // Face z = 1 of a tetrahedron above the origin; the projection is (0, 0, 1).
        let ws = [
            Vec3::new(0.0, 0.0, 3.0),
            Vec3::new(-1.0, -1.0, 1.0),
            Vec3::new(2.0, -1.0, 1.0),
            Vec3::new(-1.0, 2.0, 1.0),
        ];
        let mut s = simplex(&ws);
        let x = s.project_origin();
        assert_eq!(s.rank, 3);
        assert!((x - Vec3::new(0.0, 0.0, 1.0)).norm() < 1e-15);
        // The kept vertices are those of the face, the newest in the dropped one's slot.
        assert_eq!(
            [s.points[0].w, s.points[1].w, s.points[2].w],
            [ws[3], ws[1], ws[2]]
        );
        for (l, want) in s.lambdas[..3].iter().zip([1.0 / 3.0; 3]) {
            assert!(close(*l, want), "{l}");
        }
    }

    #[test]
    fn degenerate_simplices() {
        let p = Vec3::new(1.0, 2.0, 3.0);
        // Repeated point.
        let mut s = simplex(&[p, p]);
        assert_eq!(s.project_origin(), p);
        assert_eq!(s.rank, 1);
        // Collinear triangle whose line passes at (0, 1, 0).
        let ws = [
            Vec3::new(-1.0, 1.0, 0.0),
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::new(3.0, 1.0, 0.0),
        ];
        let mut s = simplex(&ws);
        let x = s.project_origin();
        assert!((x - Vec3::new(0.0, 1.0, 0.0)).norm() < 1e-15);
        assert_eq!(s.rank, 2);
        // Coplanar tetrahedron (z = 0) containing the origin inside one of its faces
        // (on no diagonal): zero (to rounding) with rank 3.
        let ws = [
            Vec3::new(-1.0, -1.0, 0.0),
            Vec3::new(3.0, -1.0, 0.0),
            Vec3::new(0.5, 2.0, 0.0),
            Vec3::new(-1.0, 1.0, 0.0),
        ];
        let mut s = simplex(&ws);
        let x = s.project_origin();
        assert!(x.norm() < 1e-15);
        assert_eq!(s.rank, 3);
        assert!(!s.contains_origin());
        // A square centred on the origin: the origin is on both diagonals, an edge of
        // some face, so the minimal set is that diagonal (rank 2).
        let ws = [
            Vec3::new(-1.0, -1.0, 0.0),
            Vec3::new(1.0, -1.0, 0.0),
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::new(-1.0, 1.0, 0.0),
        ];
        let mut s = simplex(&ws);
        assert_eq!(s.project_origin().norm(), 0.0);
        assert_eq!(s.rank, 2);
        // Four copies of one point.
        let mut s = simplex(&[p; 4]);
        assert_eq!(s.project_origin(), p);
        assert_eq!(s.rank, 1);
    }

    #[test]
    fn cofactors_sum_to_the_determinant() {
        let ws = [
            Vec3::new(0.3, -1.2, 0.7),
            Vec3::new(2.0, 0.1, -0.4),
            Vec3::new(-0.5, 0.9, 1.1),
            Vec3::new(0.2, 0.4, -1.3),
        ];
        let [w0, w1, w2, w3] = ws;
        let det = (w1 - w0).dot(&(w2 - w0).cross(&(w3 - w0)));
        let c0 = w1.dot(&(w2 - w1).cross(&(w3 - w1)));
        let c1 = -w0.dot(&(w2 - w0).cross(&(w3 - w0)));
        let c2 = -w0.dot(&(w3 - w0).cross(&(w1 - w0)));
        let c3 = -w0.dot(&(w1 - w0).cross(&(w2 - w0)));
        assert!(close(c0 + c1 + c2 + c3, det));
        // C_0 is the volume with the origin in place of w_0: det[w1 - 0, w2 - 0, w3 - 0].
        assert!(close(c0, w1.dot(&w2.cross(&w3))));
    }
}
