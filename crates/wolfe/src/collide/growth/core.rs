//! The dimension-generic growth distance loop: inner and outer polyhedral approximations
//! of the Minkowski difference set (Thirugnanam & Sreenath, Alg. 1-3).
//!
//! Notation follows the paper (Tab. II). In the common frame of the query, with centre
//! points `c1` of A and `c2` of B, the set is `C = (A - c1) - (B - c2)` and the ray is
//! spanned by `p = c2 - c1`; `beta* = max {beta : beta p in C}` (Eq. 10) and the growth
//! distance is `alpha* = 1 / beta*` (Prop. 1). (The paper writes `C = A - B + {p}`: the
//! same set.)
//!
//! - Outer approximation: one halfspace, the best so far (Eq. 13, 22).
//! - Inner approximation: the optimal simplex basis of the LP (15), `N` points of `C`
//!   whose cone contains `p`. With the pruning of Rem. 2 (2D and 3D: keep only the
//!   basis), adding the new support point to the LP is solved by exactly one simplex
//!   pivot: the entering column is the new point (its reduced cost is `d < 0`, Eq. 25)
//!   and the leaving column gets a positive reduced cost `-d / x_out` after the pivot, so
//!   the new basis is optimal.
//! - Robust pivoting (Sec. III-F.2): the ratio test (26) `argmin nu_m / x_m` over
//!   `x_m > 0` compares ratios of signed volumes: with the cofactor vectors `c_m` of the
//!   basis matrix `Z`, `det(Z with column m replaced by q) = <q, c_m>`, so
//!   `nu_m / x_m = <p, c_m> / <z_k, c_m>` (Cramer's rule, `det Z` cancels). No inverse of
//!   `Z` is formed and the test divides by nothing (it cross-multiplies). The
//!   coefficients of the solution are the barycentric coordinates
//!   `mu_m = <p, c_m> / sum_n <p, c_n>` of the ray's point on the basis facet (Eq. 31,
//!   signed volumes); the facet normal `lambda = sum_m c_m` is Eq. 24 up to a positive
//!   factor. A pivot whose facet normal or lower bound comes out degenerate is undone
//!   (the old basis stays primal feasible) and the run stops with `NumericalTrouble`.
//! - Interpolated-normal step (an extension of Alg. 3, strictly convex pairs only): the
//!   paper's search direction is the facet normal of the basis (Alg. 2), a first-order
//!   estimate of the normal of `C` at the ray's point. Every basis point `z_m` beyond
//!   the initial simplex is the support point of a known direction `lambda_m`, an outward
//!   normal of `C` at `z_m`; combining the unit `lambda_m` with the barycentric
//!   coordinates of the ray's point on the facet (Eq. 31) estimates that normal to
//!   second order (exactly on a quadric in the facet's parametrization), so the next
//!   support point lands next to the ray. The bounds stay valid for any direction
//!   (Eq. 13 holds for every `lambda` with `<lambda, p> > 0`; the lower bound comes from
//!   points of `C`, and a point is still only entered when its reduced cost is
//!   negative, Eq. 25), so Theorem 2's monotone gap holds. A step that stalls (nothing
//!   enters, or the gap shrinks by less than [`STALL_RATIO`]) suspends the
//!   interpolation for a doubling number of facet steps. Ellipsoid pairs of the Table
//!   III benchmark: 32 iterations on average with facet normals, 16 with this step.
//!   Polytopes, capsules, cylinders and cones keep to facet normals: their support
//!   points jump between vertices or rims, and the interpolated normals build slivers.
//! - The normal is normalized after every update (Alg. 3 line 9) by the infinity norm,
//!   rounded to a power of two so that the scaling is exact and costs no division or
//!   square root on the loop's critical path (the loop is invariant to positive
//!   scaling of the normal; rounded shapes divide by its length in their support).

use nalgebra::SVector;

/// A vector of the working space.
pub(crate) type V<const N: usize> = SVector<f64, N>;

/// The dimension-specific geometry: cofactors (signed volumes) and the initial simplex.
/// Implemented for 2 and 3 on [`Dim`].
pub trait Geometry<const N: usize> {
    /// The cofactor vectors `c_m` of the matrix `Z = [z_0 .. z_{N-1}]`:
    /// `det(Z with column m replaced by q) = <q, c_m>`.
    fn cofactors(z: &[V<N>; N]) -> [V<N>; N];
    /// `N` linearly independent points of the ball of radius `r` about the origin whose
    /// cone contains `p_hat` in its interior (Eq. 16-17).
    fn initial_simplex(p_hat: &V<N>, r: f64) -> [V<N>; N];
    /// Per vertex `z_m` of the basis facet, the length of the side opposite it (1 in 2D),
    /// so that `|sum_m c_m| / extent_m` is the facet's height over that side
    /// ([`Run::facet_lower`]).
    fn opposite_extents(z: &[V<N>; N]) -> [f64; N];
}

/// Marker type carrying the [`Geometry`] of the supported dimensions (2 and 3).
#[derive(Clone, Copy, Debug)]
pub struct Dim;

impl Geometry<2> for Dim {
    #[inline]
    fn cofactors(z: &[V<2>; 2]) -> [V<2>; 2] {
        // det(q, z1) = q.x z1.y - q.y z1.x; det(z0, q) = z0.x q.y - z0.y q.x.
        [V::<2>::new(z[1].y, -z[1].x), V::<2>::new(-z[0].y, z[0].x)]
    }

    fn initial_simplex(p_hat: &V<2>, r: f64) -> [V<2>; 2] {
        let u = V::<2>::new(-p_hat.y, p_hat.x);
        // |z| = r * sqrt(0.5^2 + 0.8^2) < r: inside the ball, strictly.
        let h = 0.5 * r * *p_hat;
        [h + 0.8 * r * u, h - 0.8 * r * u]
    }

    fn opposite_extents(_: &[V<2>; 2]) -> [f64; 2] {
        [1.0, 1.0]
    }
}

impl Geometry<3> for Dim {
    #[inline]
    fn cofactors(z: &[V<3>; 3]) -> [V<3>; 3] {
        [z[1].cross(&z[2]), z[2].cross(&z[0]), z[0].cross(&z[1])]
    }

    fn initial_simplex(p_hat: &V<3>, r: f64) -> [V<3>; 3] {
        // An orthonormal pair orthogonal to p_hat (Duff et al., branchless ONB).
        let (x, y, z) = (p_hat.x, p_hat.y, p_hat.z);
        let s = if z >= 0.0 { 1.0 } else { -1.0 };
        let a = -1.0 / (s + z);
        let b = x * y * a;
        let u1 = V::<3>::new(1.0 + s * x * x * a, s * b, -s * x);
        let u2 = V::<3>::new(b, s + y * y * a, -y);
        // An equilateral triangle at height r/2 along p_hat, circumradius 0.8 r:
        // |z| = r * sqrt(0.25 + 0.64) < r.
        let h = 0.5 * r * *p_hat;
        let k = 0.8 * r;
        let (s3, c3) = (0.5 * 3f64.sqrt(), -0.5);
        [
            h + k * u1,
            h + k * (c3 * u1 + s3 * u2),
            h + k * (c3 * u1 - s3 * u2),
        ]
    }

    fn opposite_extents(z: &[V<3>; 3]) -> [f64; 3] {
        [(z[2] - z[1]).norm(), (z[0] - z[2]).norm(), (z[1] - z[0]).norm()]
    }
}

/// Support oracle of a pair of shapes in the common frame.
pub(crate) trait PairSupport<const N: usize> {
    /// A point of A maximizing `<lambda, x>` and a point of B minimizing it (so that
    /// their difference maximizes it over `A - B`), each as its offset from the shape's
    /// centre point (`a - c1`, `b - c2`): offsets keep their relative precision when the
    /// centres are far apart, where `(a - c1) - (b - c2)` formed from absolute points
    /// would cancel (issue 21: at `|p| = 1e20` the offsets of two unit spheres would be
    /// rounded to multiples of 1e4). `lambda` is not unit (its infinity norm lies in
    /// `[1, 2)`).
    fn supports(&mut self, lambda: &V<N>) -> (V<N>, V<N>);

    /// Whether `C` is strictly convex (both shapes are): its support points then move
    /// continuously with the direction, and the interpolated-normal step applies (see
    /// [`solve`]). On flat or ruled parts (polytopes, cylinders, capsules) the supports
    /// jump between vertices or rims and that step builds sliver facets; those pairs
    /// keep to facet normals (Alg. 2).
    fn strictly_convex(&self) -> bool {
        false
    }
}

/// Why the loop stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// Relative gap within the tolerance.
    Converged,
    /// Iteration limit.
    IterationLimit,
    /// A pivot came out degenerate; the bounds are valid but the gap is open.
    NumericalTrouble,
    /// Collision mode: `beta_upper < 1`.
    Separated,
    /// Collision mode: `beta_lower > 1`.
    Overlapping,
}

/// What the loop computes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mode {
    /// Growth distance to the tolerance.
    Distance,
    /// Boolean collision with early exit (Sec. III-F.4).
    Collision,
}

/// One iteration's bounds on `beta* = 1 / alpha*`, given to a [`GrowthTrace`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct GrowthIterate {
    /// Iteration `k >= 1` (0 after the warm-start points were added).
    pub iteration: u32,
    /// Lower bound `beta_lower` of the ray intersection value (from the inner
    /// approximation; `alpha* <= 1 / beta_lower`).
    pub beta_lower: f64,
    /// Upper bound `beta_upper` (from the outer approximation; infinite before the
    /// first support call).
    pub beta_upper: f64,
}

impl GrowthIterate {
    /// The relative gap `beta_upper / beta_lower - 1` (Sec. III-D).
    pub fn relative_gap(&self) -> f64 {
        self.beta_upper / self.beta_lower - 1.0
    }
}

/// Receives the bounds after every iteration (Theorem 2 tests, convergence plots).
/// `()` records nothing and costs nothing.
pub trait GrowthTrace {
    /// Called once per iteration after both approximations were updated.
    fn record(&mut self, iterate: GrowthIterate);
}

impl GrowthTrace for () {
    #[inline(always)]
    fn record(&mut self, _iterate: GrowthIterate) {}
}

impl<F: FnMut(GrowthIterate)> GrowthTrace for F {
    #[inline]
    fn record(&mut self, iterate: GrowthIterate) {
        self(iterate)
    }
}

/// The state and result of a run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run<const N: usize> {
    /// The optimal basis of the inner approximation: points `z_m` of `C`...
    pub zs: [V<N>; N],
    /// ... made of the points `a_m` of A (as offsets `a_m - c1`) ...
    pub pa: [V<N>; N],
    /// ... and `b_m` of B (offsets `b_m - c2`): `z_m = pa_m - pb_m` (kept for Eq. 28).
    pub pb: [V<N>; N],
    /// Cofactors of the basis.
    cof: [V<N>; N],
    /// Unit outward normals of `C` at the basis points: the directions whose support
    /// points they are (zero for the initial points, which have none).
    pub normals: [V<N>; N],
    /// Bit `m` set when `normals[m]` is known.
    pub known: u32,
    /// Facet normal of the basis, `<lambda, p> > 0`, infinity norm in `[1, 2)`.
    pub lambda: V<N>,
    /// `<lambda, z_m>` (the same for every basis point).
    height: f64,
    /// `beta_lower` (Eq. 14).
    pub beta_lower: f64,
    /// `beta_upper` (Eq. 13, 22).
    pub beta_upper: f64,
    /// The normal achieving `beta_upper` (zero until the first support call; infinity
    /// norm in `[1, 2)`, not unit).
    pub lambda_upper: V<N>,
    /// The support points of A and B at `lambda_upper` (offsets from the centres).
    pub upper_a: V<N>,
    /// See `upper_a`.
    pub upper_b: V<N>,
    /// The inradius lower bounds about the centres (Alg. 1).
    r1: f64,
    /// See `r1`.
    r2: f64,
    /// `|p|` and the unit ray `p / |p|`, kept from [`Run::initialize`] for the certified
    /// bound at the end ([`Run::certified_lower`]): its chain of dependent operations
    /// is the fixed cost of every query (issue 20, "nothing else slower").
    p_norm: f64,
    /// See `p_norm`.
    p_hat: V<N>,
    /// Iterations (support calls).
    pub iterations: u32,
    /// Why the loop stopped.
    pub stop: Stop,
    /// The best certified lower bound computed during the run ([`Run::certify`]), as
    /// [`Run::certified_lower`] returns it; the answer of a `Converged` run.
    cert: Option<Certificate<N>>,
}

/// `v / |v|`, or zero for a zero vector.
pub(crate) fn unit<const N: usize>(v: &V<N>) -> V<N> {
    let n = v.norm();
    if n > 0.0 {
        v / n
    } else {
        V::zeros()
    }
}

/// `K eps`, the unit of the bounds' rounding margins ([`Run::upper_margin`]).
pub(crate) const MARGIN: f64 = 32.0 * f64::EPSILON;

/// Relative decrease of `beta_lower` tolerated on a pivot as rounding (a degenerate
/// pivot keeps `beta_lower` exactly, Sec. III-C.2); a larger decrease undoes the pivot.
const DEGENERATE_PIVOT_SLACK: f64 = 64.0 * f64::EPSILON;

/// An interpolated-normal step must shrink the relative gap by this factor, or the next
/// step takes the facet normal (see [`solve`]).
const STALL_RATIO: f64 = 0.25;

enum Pivot {
    /// The new point replaced basis point `usize`.
    Done(usize),
    NotEntering,
    Failed,
}

/// The facet of a basis: cofactors, unit normal, height and lower bound.
struct Facet<const N: usize> {
    cof: [V<N>; N],
    lambda: V<N>,
    height: f64,
    beta: f64,
}

/// The facet of the basis `zs`: its unit normal oriented with `<lambda, p> > 0`
/// (Eq. 24 up to a positive factor: `sum_m c_m` is orthogonal to every `z_m - z_n`), its
/// height `<lambda, z_m>` and the lower bound `beta = <lambda, z_m> / <lambda, p>`, or
/// `None` when the facet is degenerate (zero normal, parallel to the ray, or not in
/// front of the origin).
#[inline(always)]
fn facet<const N: usize>(zs: &[V<N>; N], p: &V<N>) -> Option<Facet<N>>
where
    Dim: Geometry<N>,
{
    let cof = <Dim as Geometry<N>>::cofactors(zs);
    let mut n = cof[0];
    for c in &cof[1..] {
        n += c;
    }
    let np = n.dot(p);
    // <n, z_m> = det Z for every m; the mean evens out the rounding.
    let mut h = 0.0;
    for z in zs {
        h += n.dot(z);
    }
    h *= 1.0 / N as f64;
    let n_max = n.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let beta = h / np;
    // Plain comparisons (NaN fails them all) instead of `is_finite`, which compiled to
    // bit tests on every pivot.
    if !(n_max > 0.0 && n_max < f64::INFINITY && beta > 0.0 && beta < f64::INFINITY) {
        return None;
    }
    // Alg. 3 line 9: normalize by the infinity norm, here to within a factor 2 by an
    // exact power of two (no division or square root on the loop's critical path).
    // `np` is finite and nonzero here (`beta` is), so its sign is all `signum` gives.
    let sign = if np < 0.0 { -1.0 } else { 1.0 };
    let inv = sign * pow2_inverse(n_max);
    Some(Facet {
        cof,
        lambda: n * inv,
        height: h * inv,
        beta,
    })
}

impl<const N: usize> Run<N>
where
    Dim: Geometry<N>,
{
    /// The bounds after iteration `k`, for the caller's trace.
    #[inline(always)]
    fn iterate(&self, k: u32) -> GrowthIterate {
        GrowthIterate {
            iteration: k,
            beta_lower: self.beta_lower,
            beta_upper: self.beta_upper,
        }
    }

    /// Alg. 1: the initial simplex inside `B_r(0) ⊂ C`, split into points of the
    /// shapes' inscribed balls: `a - c1 = (r1 / r) z`, `b - c2 = -(r2 / r) z`. Requires
    /// `r = r1 + r2 > 0` and `p != 0`.
    fn initialize(p: &V<N>, r1: f64, r2: f64) -> Self {
        let r = r1 + r2;
        let p_norm = p.norm();
        let p_hat = p / p_norm;
        let zs = <Dim as Geometry<N>>::initial_simplex(&p_hat, r);
        let (w1, w2) = (r1 / r, r2 / r);
        let pa = zs.map(|z| w1 * z);
        let pb = zs.map(|z| -w2 * z);
        // The initial facet is orthogonal to p_hat at height r / 2.
        let f = facet(&zs, p).unwrap_or(Facet {
            cof: <Dim as Geometry<N>>::cofactors(&zs),
            lambda: p_hat,
            height: 0.5 * r,
            beta: 0.5 * r / p_norm,
        });
        Self {
            zs,
            pa,
            pb,
            cof: f.cof,
            normals: [V::zeros(); N],
            known: 0,
            lambda: f.lambda,
            height: f.height,
            beta_lower: f.beta,
            beta_upper: f64::INFINITY,
            lambda_upper: V::zeros(),
            upper_a: V::zeros(),
            upper_b: V::zeros(),
            r1,
            r2,
            p_norm,
            p_hat,
            iterations: 0,
            stop: Stop::IterationLimit,
            cert: None,
        }
    }

    /// One simplex pivot of the LP (15) with the new column `z` (Sec. III-C.2), with the
    /// signed-volume ratio test (Sec. III-F.2).
    #[inline(always)]
    fn pivot(&mut self, z: V<N>, a: V<N>, b: V<N>, p: &V<N>) -> Pivot {
        // Reduced cost d < 0 (Eq. 25) iff the point lies beyond the facet.
        if self.lambda.dot(&z) <= self.height {
            return Pivot::NotEntering;
        }
        let mut sum_p = 0.0;
        let mut dp = [0.0; N];
        let mut dz = [0.0; N];
        for m in 0..N {
            dp[m] = p.dot(&self.cof[m]);
            dz[m] = z.dot(&self.cof[m]);
            sum_p += dp[m];
        }
        // sign(det Z) = sign(sum_m <p, c_m>) since sum_m nu_m > 0.
        let s = if sum_p >= 0.0 { 1.0 } else { -1.0 };
        let mut out = usize::MAX;
        let (mut best_num, mut best_den) = (0.0, 1.0);
        for m in 0..N {
            let den = s * dz[m];
            if den > 0.0 {
                let num = (s * dp[m]).max(0.0);
                // num / den < best_num / best_den, cross-multiplied (both dens > 0).
                if out == usize::MAX || num * best_den < best_num * den {
                    out = m;
                    best_num = num;
                    best_den = den;
                }
            }
        }
        if out == usize::MAX {
            return Pivot::Failed;
        }
        // The candidate basis, selected column by column in registers: written into
        // `self.zs` at the dynamic index `out` and read back at once by `facet`, the
        // basis went through the stack with loads that straddle the two stores of the
        // new column (a 16- and an 8-byte store), which stalled store forwarding on every
        // pivot (issue 20: 1.2x on the polytope cases, same iterations).
        let zs: [V<N>; N] = std::array::from_fn(|m| if m == out { z } else { self.zs[m] });
        match facet(&zs, p) {
            // A degenerate pivot (the ray through a facet edge) keeps beta in exact
            // arithmetic; allow its rounding, and keep the better of two valid bounds.
            Some(f) if f.beta >= self.beta_lower * (1.0 - DEGENERATE_PIVOT_SLACK) => {
                self.zs = zs;
                self.pa[out] = a;
                self.pb[out] = b;
                self.cof = f.cof;
                self.lambda = f.lambda;
                self.height = f.height;
                // Both are finite: a plain comparison, not `max`'s NaN handling.
                if f.beta > self.beta_lower {
                    self.beta_lower = f.beta;
                }
                self.known &= !(1 << out);
                Pivot::Done(out)
            }
            _ => Pivot::Failed,
        }
    }

    /// The search direction of the next support call when the normals of `C` at all
    /// basis points are known: their combination with the barycentric coordinates of the
    /// ray's point on the facet (signed volumes, unnormalized: the direction's scale does
    /// not matter), scaled to infinity norm `[1, 2)`. On a smooth boundary this is the
    /// normal at the ray's point to second order (exact on quadrics in the facet's
    /// parametrization), where the facet normal is only first-order accurate: the support
    /// point lands next to the ray and the bounds close in far fewer iterations. `None`
    /// when a normal is unknown or the combination does not face the ray
    /// (`<lambda, p> <= 0`); the caller then uses the facet normal (Alg. 2).
    #[inline(always)]
    fn interpolated_normal(&self, p: &V<N>) -> Option<V<N>> {
        if self.known != (1 << N) - 1 {
            return None;
        }
        let mut w = [0.0; N];
        let mut sum = 0.0;
        for (x, c) in w.iter_mut().zip(&self.cof) {
            *x = p.dot(c);
            sum += *x;
        }
        let s = if sum >= 0.0 { 1.0 } else { -1.0 };
        let mut n = V::<N>::zeros();
        for (x, nm) in w.iter().zip(&self.normals) {
            n += (s * x).max(0.0) * nm;
        }
        let n_max = n.amax();
        if !(n_max > 0.0 && n_max.is_finite() && n.dot(p) > 0.0) {
            return None;
        }
        Some(n * pow2_inverse(n_max))
    }

    /// The barycentric coordinates of the ray's point `beta_lower p` on the basis
    /// facet, unnormalized: the signed volumes `<p, c_m>` (signed as `det Z`), clamped
    /// at 0; all ones where they sum to 0 or overflow.
    #[inline(always)]
    fn weights(&self, p: &V<N>) -> [f64; N] {
        let mut w = self.cof.map(|c| p.dot(&c));
        let t = w.iter().skip(1).fold(w[0], |t, x| t + x);
        let s = if t >= 0.0 { 1.0 } else { -1.0 };
        for x in &mut w {
            *x = (s * *x).max(0.0);
        }
        let sum = w.iter().skip(1).fold(w[0], |t, x| t + x);
        if sum > 0.0 && sum < f64::INFINITY {
            w
        } else {
            [1.0; N]
        }
    }

    /// Barycentric coordinates of the ray's point `beta_lower p` on the basis facet
    /// (signed volumes, clamped to the simplex). The queries use the unnormalized
    /// [`Run::weights`] ([`Run::certified_lower`]); the tests check these.
    #[cfg(test)]
    pub fn barycentric(&self, p: &V<N>) -> [f64; N] {
        let mut mu = self.weights(p);
        let sum: f64 = mu.iter().sum();
        for x in &mut mu {
            *x /= sum;
        }
        mu
    }

    /// The certified lower bound of `beta*`, as its reciprocal `1 / beta_lower` (the
    /// growth factor before its margin), with its relative rounding margin and the
    /// witness offsets. The facet's bound (Eq. 14) is a ratio of determinants whose
    /// rounding grows with the basis' conditioning (a small or sliver facet far from the
    /// origin: issue 21, 3.7e-11 relative on a pair of inflated ellipsoids), so the bound
    /// is re-derived from points of `C`: the witness `x = sum_m mu_m z_m` (Eq. 28, a
    /// convex combination, in `C` whatever the rounding of `mu`) and the inscribed ball
    /// `B_r(0)`, whose convex hull the ray leaves at `t` ([`cone_exit`]).
    ///
    /// Where the facet was accurate, `x` lies on the ray up to rounding: `x = a u +
    /// across` with `e = |across|_1 / r` a few `eps`. There the exit is taken at
    /// `t = s a`, `s = 1 - e <= r / (r + |across|)`, from the point `s x + (1 - s) y` with
    /// `y = -(s / (1 - s)) across` in the ball, without the cone's two square roots; it
    /// trails the cone's exit by less than `2 e` relative and is taken only for
    /// `e <= MARGIN`, so the answer is the cone's to rounding. It is also written with the
    /// unnormalized weights `w_m` (`x = X / S`, `X = sum_m w_m z_m`, `S = sum_m w_m`), so
    /// that the bound `1 / beta_lower = |p| S (1 + 2 e) / <X, u>` takes one division
    /// after the weighted sums, not three dependent ones (`mu`, `t`, then `1 / beta`):
    /// this chain is the fixed cost of every query (issue 20, "nothing else slower":
    /// it added 60 ns to a 460 ns Fig. 4 brute-force solve).
    #[inline(always)]
    pub fn cone_lower(&self, p: &V<N>) -> Certificate<N> {
        let w = self.weights(p);
        // Sums from the first term (`0.0 + x` is not folded away: it turns -0 into 0).
        let (mut sum, mut xa, mut xb) = (w[0], w[0] * self.pa[0], w[0] * self.pb[0]);
        for ((wm, pa), pb) in w.iter().zip(&self.pa).zip(&self.pb).skip(1) {
            sum += wm;
            xa += *wm * pa;
            xb += *wm * pb;
        }
        let inv_sum = 1.0 / sum;
        let mut reach = 0.0f64;
        for (a, b) in self.pa.iter().zip(&self.pb) {
            reach = reach.max(a.amax() + b.amax());
        }
        let (r1, r2) = (self.r1, self.r2);
        let r = r1 + r2;
        let inv_r = 1.0 / r;
        let u = &self.p_hat;
        let x = xa - xb;
        let along = x.dot(u);
        let across = x - along * u;
        // e = |across / S|_1 / r.
        let e = across.abs().sum() * (inv_sum * inv_r);
        if along > r * sum && e <= MARGIN {
            // 1 / (s a) <= (1 + 2 e) / a for e <= 1/2, a = <X, u> / S. The split of
            // `(1 - s) y = -s across` as in Alg. 1: `(r1 / r)` of it to A, `-(r2 / r)`
            // to B.
            let inv_t = sum * (1.0 / along);
            let inv_t = inv_t + (2.0 * e) * inv_t;
            let s = (1.0 - e) * inv_sum;
            let wa = s * xa - (s * r1 * inv_r) * across;
            let wb = s * xb + (s * r2 * inv_r) * across;
            let margin = MARGIN * (1.0 + reach * inv_t);
            return (self.p_norm * inv_t, margin, wa, wb);
        }
        let (t, a, b) = cone_exit(&(xa * inv_sum), &(xb * inv_sum), u, r1, r2);
        let margin = MARGIN * (1.0 + reach / t);
        (self.p_norm / t, margin, a, b)
    }

    /// The relative margin `m` that covers the rounding of the upper bound:
    /// `beta_upper (1 + m)` bounds `beta*` in exact arithmetic. The bound is a ratio of
    /// support values (Eq. 13); each support point and the rotation into the common
    /// frame carry an error of a few `eps |z|`, and the dot product one of a few
    /// `eps |lambda| |z|`, so the relative error is `K eps |lambda| |z| / <lambda, z>`
    /// (`K = 32` with infinity norms, which cost no square root, covers the products,
    /// the rotation and the ray `p`). Small but not zero: on a converged query of
    /// spheres the two bounds can be closer than it (issue 21: the certified interval
    /// must contain the exact answer). The lower bound's is [`Run::certified_lower`]'s.
    pub fn upper_margin(&self) -> f64 {
        let vu = self.lambda_upper.dot(&(self.upper_a - self.upper_b));
        if vu > 0.0 {
            let reach = self.upper_a.amax() + self.upper_b.amax();
            (MARGIN * (1.0 + self.lambda_upper.amax() * reach / vu)).min(0.5)
        } else {
            0.0
        }
    }
}

/// The ray's exit `t` (along the unit `u`) from the convex hull of the point
/// `z = za - zb` of `C` and the inscribed ball `B_r(0)`, `r = r1 + r2` (Alg. 1), with
/// the witness offsets of the exit point (the hull's convex combination, the ball's
/// point split as in Alg. 1). The cone from `z` tangent to the ball crosses the ray at
/// `t = r d^2 / (a r + delta sqrt(d^2 - r^2))` (`a`, `delta`: `z`'s components along
/// and across the ray, `d = |z|`): `a` when `z` is on the ray, `r` at worst.
pub(crate) fn cone_exit<const N: usize>(
    za: &V<N>, zb: &V<N>, u: &V<N>, r1: f64, r2: f64,
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

/// `2^-floor(log2 x)` for a positive finite `x` (so `x * pow2_inverse(x)` lies in
/// `[1, 2)`), read off the exponent bits; `1 / x` where that power is not a normal f64.
#[inline(always)]
pub(crate) fn pow2_inverse(x: f64) -> f64 {
    let biased = ((x.to_bits() >> 52) & 0x7ff) as i64;
    let e = 2046 - biased;
    if (1..=2046).contains(&e) {
        f64::from_bits((e as u64) << 52)
    } else {
        1.0 / x
    }
}

/// Inputs of [`solve`] besides the support oracle.
pub(crate) struct Problem<'w, const N: usize> {
    /// The ray `p = c2 - c1` between the centres in the common frame.
    pub p: V<N>,
    /// Inradius lower bound of A about `c1`.
    pub r1: f64,
    /// Inradius lower bound of B about `c2`.
    pub r2: f64,
    /// Relative gap tolerance.
    pub tolerance: f64,
    /// Iteration limit.
    pub max_iterations: u32,
    /// Warm-start points (shape points as offsets from their centres, in the common
    /// frame), Sec. III-F.3, with the unit normal of `C` each was the support point for
    /// (zero when it had none).
    pub warm: Option<&'w [(V<N>, V<N>, V<N>); N]>,
    /// Distance or collision.
    pub mode: Mode,
}

/// Alg. 3 (with Sec. III-F.3 warm start and III-F.4 early exit). Requires
/// `p != 0` and `r1 + r2 > 0`.
pub(crate) fn solve<const N: usize, S: PairSupport<N>, T: GrowthTrace>(
    oracle: &mut S, pr: &Problem<'_, N>, trace: &mut T,
) -> Run<N>
where
    Dim: Geometry<N>,
{
    let p = pr.p;
    let mut run = Run::<N>::initialize(&p, pr.r1, pr.r2);
    let smooth = oracle.strictly_convex();
    // Strictly convex pairs start cold: their interpolated-normal steps end with the
    // basis clustered at the previous answer, a facet too small to give a normal, and
    // on curved sets warm start gains nothing anyway (Sec. IV-B).
    if let Some(warm) = pr.warm.filter(|_| !smooth) {
        for (a, b, n) in warm.iter() {
            let z = a - b;
            if z.iter().all(|x| x.is_finite()) {
                if let Pivot::Done(out) = run.pivot(z, *a, *b, &p) {
                    // The previous query's normal, a good guess after a small motion.
                    if n.iter().all(|x| x.is_finite()) && n.amax() > 0.0 {
                        run.normals[out] = *n;
                        run.known |= 1 << out;
                    }
                }
            }
        }
        trace.record(run.iterate(0));
    }
    let one_plus_eps = 1.0 + pr.tolerance;
    let mut k = 0;
    // Interpolated-normal steps (strictly convex pairs only): a step that stalls (no
    // entering point, or the gap shrank by less than `STALL_RATIO`) suspends them for
    // `penalty` facet steps, and doubles the penalty, so that a hard instance falls
    // back to the plain algorithm after a few wasted iterations.
    let mut cooldown = 0u32;
    let mut penalty = 1u32;
    let mut last_gap = f64::INFINITY;
    // Iterations whose raw bounds met the tolerance but whose certified interval did
    // not ([`Run::certify`]): a few more pivots may tighten the witness, beyond that
    // f64 cannot certify the pair (needles of 1e-9 m) and the run says so.
    let mut uncertified = 0u32;
    run.stop = Stop::IterationLimit;
    while k < pr.max_iterations {
        k += 1;
        let interpolated = if smooth && cooldown == 0 {
            run.interpolated_normal(&p)
        } else {
            None
        };
        cooldown = cooldown.saturating_sub(u32::from(interpolated.is_none()));
        let lambda = interpolated.unwrap_or(run.lambda);
        let (a, b) = oracle.supports(&lambda);
        let z = a - b;
        // Outer approximation update (Eq. 22): valid for any lambda with <lambda, p> > 0.
        let lp = lambda.dot(&p);
        let v = lambda.dot(&z);
        if v < run.beta_upper * lp {
            run.beta_upper = v / lp;
            run.lambda_upper = lambda;
            run.upper_a = a;
            run.upper_b = b;
        }
        if matches!(pr.mode, Mode::Collision) && run.beta_upper < 1.0 {
            trace.record(run.iterate(k));
            run.stop = Stop::Separated;
            break;
        }
        if run.beta_upper <= run.beta_lower * one_plus_eps && run.certify(&p, pr.tolerance) {
            trace.record(run.iterate(k));
            run.stop = Stop::Converged;
            break;
        }
        // Inner approximation update: one pivot solves the pruned LP (Rem. 2).
        let pivot = run.pivot(z, a, b, &p);
        trace.record(run.iterate(k));
        match pivot {
            Pivot::Done(out) if smooth => {
                // `lambda` is an outward normal of C at its support point z.
                run.normals[out] = lambda * (1.0 / lambda.norm());
                run.known |= 1 << out;
                // An interpolated step that did not shrink the gap well: the basis'
                // other points are too far from the ray.
                let gap = run.beta_upper / run.beta_lower - 1.0;
                if interpolated.is_some() && gap > STALL_RATIO * last_gap {
                    cooldown = penalty;
                    penalty = penalty.saturating_mul(2);
                }
                last_gap = gap;
            }
            Pivot::Done(_) => {}
            Pivot::NotEntering | Pivot::Failed if interpolated.is_some() => {
                cooldown = penalty;
                penalty = penalty.saturating_mul(2);
            }
            Pivot::NotEntering | Pivot::Failed => {
                run.stop = if run.beta_upper <= run.beta_lower * one_plus_eps && run.certify(&p, pr.tolerance)
                {
                    Stop::Converged
                } else {
                    Stop::NumericalTrouble
                };
                break;
            }
        }
        if matches!(pr.mode, Mode::Collision) && run.beta_lower > 1.0 {
            run.stop = Stop::Overlapping;
            break;
        }
        if run.beta_upper <= run.beta_lower * one_plus_eps {
            if run.certify(&p, pr.tolerance) {
                run.stop = Stop::Converged;
                break;
            }
            uncertified += 1;
            if uncertified >= MAX_UNCERTIFIED {
                run.stop = Stop::NumericalTrouble;
                break;
            }
        }
    }
    run.iterations = k;
    run
}

mod certify;
pub(crate) use certify::Certificate;
use certify::MAX_UNCERTIFIED;
#[cfg(test)]
mod tests;
