//! The certified lower bound of `beta*` and the convergence test on the certified
//! interval: a run is `Converged` only when the interval it returns, after every rounding
//! margin, meets the tolerance ([`Run::certify`]).
//!
//! Two certificates of the lower bound, both from points of `C`:
//!
//! - the cone exit ([`Run::cone_lower`]): the hull of the witness `x` (a convex
//!   combination of the basis, Eq. 28) and the inscribed ball `B_r(0)` (Alg. 1). It
//!   loses `|across| / r` relative, `across` being `x`'s rounding off the ray: nothing
//!   for ordinary shapes, but `1e-16 / 1e-9 = 1e-7` for plates or needles of 1e-9 m,
//!   whose inradius is that small (the thin plates of the long property run: 18,719 of
//!   20,000 queries claimed `Converged` with a certified gap above the tolerance).
//! - the facet plane ([`Run::facet_lower`]): when the ray's point lies inside the basis
//!   facet with room to spare, the exact point of the facet on the ray is `x` moved
//!   within the facet's plane by `|across| (1 + tan theta)` at most (`theta`: the angle
//!   between the ray and the facet normal), so the bound loses `|across| tan theta / |x|`
//!   relative, independent of the inradius. Computed only when the cone exit does not
//!   meet the tolerance, so ordinary queries pay nothing for it.

use super::{Dim, Geometry, Run, Stop, MARGIN, V};

/// A certified lower bound of `beta*`: `1 / beta_lower` (before its margin), its
/// relative rounding margin and the witness offsets (see [`Run::certified_lower`]).
pub(crate) type Certificate<const N: usize> = (f64, f64, V<N>, V<N>);

/// How many iterations may end with the raw bounds within the tolerance but the
/// certified interval not, before the run stops with `NumericalTrouble` (see
/// [`super::solve`]).
pub(super) const MAX_UNCERTIFIED: u32 = 4;

/// The smaller growth factor (after its margin) of two certificates: both are valid, so
/// the tighter one is.
#[inline]
fn better<const N: usize>(a: Certificate<N>, b: Option<Certificate<N>>) -> Certificate<N> {
    match b {
        Some(b) if b.0 * (1.0 + b.1) < a.0 * (1.0 + a.1) => b,
        _ => a,
    }
}

impl<const N: usize> Run<N>
where
    Dim: Geometry<N>,
{
    /// The certified lower bound of `beta*`, as its reciprocal `1 / beta_lower` (the
    /// growth factor before its margin), with its relative rounding margin and the
    /// witness offsets: the certificate [`Run::certify`] accepted for a `Converged` run,
    /// the cone exit ([`Run::cone_lower`]) on the early exits of a collision query, and
    /// the best of both certificates when the run ended without converging.
    #[inline(always)]
    pub fn certified_lower(&self, p: &V<N>) -> Certificate<N> {
        if let (Stop::Converged, Some(c)) = (self.stop, self.cert) {
            return c;
        }
        let fast = self.cone_lower(p);
        if matches!(self.stop, Stop::NumericalTrouble | Stop::IterationLimit) {
            return better(better(fast, self.facet_lower(p)), self.cert);
        }
        fast
    }

    /// Whether the certified interval meets the relative tolerance `tolerance`: the
    /// growth factors `alpha_upper = inv (1 + m_lower)` and `alpha_lower = (1 -
    /// m_upper) / beta_upper` that the answer reports (with a few ulps for their own
    /// rounding). Called once the raw bounds meet it; keeps the best certificate for
    /// [`Run::certified_lower`]. The facet certificate runs only when the cone exit
    /// falls short.
    pub fn certify(&mut self, p: &V<N>, tolerance: f64) -> bool {
        let m_upper = self.upper_margin();
        let limit = (1.0 + tolerance) * (1.0 - m_upper) * (1.0 - 8.0 * f64::EPSILON);
        let within = |c: &Certificate<N>| c.0 * (1.0 + c.1) * self.beta_upper <= limit;
        let mut best = better(self.cone_lower(p), self.cert);
        if !within(&best) {
            best = better(best, self.facet_lower(p));
        }
        self.cert = Some(best);
        within(&best)
    }

    /// The facet-plane certificate (see the module notes), or `None` when the ray's
    /// point is not inside the facet with room to spare or the facet is nearly parallel
    /// to the ray.
    ///
    /// With the unnormalized weights `w_m` of the ray's point (`S = sum_m w_m`), `X =
    /// sum_m w_m z_m = S x` is computed with an error below `e_x`; `rho = |across(X)| +
    /// e_x` bounds the exact point's distance from the ray (times `S`). The facet's exact
    /// point on the ray is `x + v`, `v = -across + c u` in the facet plane (normal `n`,
    /// computed within `e_n`), `|c| <= rho |n| / |<n, u>|`; it lies in the facet when
    /// `|v|` is below `x`'s distance `mu_m |n| / extent_m` to every side (`mu_m = w_m /
    /// S`, the barycentric coordinates, [`Geometry::opposite_extents`]). Its height
    /// along the ray, `(<X, u> + c) / S`, bounds `beta* |p|` from below.
    pub fn facet_lower(&self, p: &V<N>) -> Option<Certificate<N>> {
        let w = self.weights(p);
        let mut sum = 0.0;
        let (mut xa, mut xb) = (V::<N>::zeros(), V::<N>::zeros());
        let (mut reach, mut zinf) = (0.0f64, 0.0f64);
        for ((wm, (pa, pb)), z) in w.iter().zip(self.pa.iter().zip(&self.pb)).zip(&self.zs) {
            sum += wm;
            xa += *wm * pa;
            xb += *wm * pb;
            reach = reach.max(pa.amax() + pb.amax());
            zinf = zinf.max(z.amax());
        }
        if !(sum > 0.0 && sum.is_finite() && w.iter().all(|x| *x >= 0.0)) {
            return None;
        }
        let u = &self.p_hat;
        let x = xa - xb;
        let along = x.dot(u);
        let across = x - along * u;
        // Rounding of the weighted sums and of `along`, `across` (generous: `4 MARGIN`
        // = 128 eps per unit of the summands' size).
        let e_x = 4.0 * MARGIN * reach * sum;
        let rho = across.norm() + e_x;
        let n = <Dim as Geometry<N>>::cofactors(&self.zs)
            .iter()
            .fold(V::<N>::zeros(), |s, c| s + c);
        let e_n = 4.0 * MARGIN * zinf * zinf;
        let (n_norm, n_u) = (n.norm(), n.dot(u).abs());
        if !(n_u > 2.0 * e_n && n_norm.is_finite()) {
            return None;
        }
        let slope = (n_norm + e_n) / (n_u - e_n);
        let shift = rho * (1.0 + slope);
        let extents = <Dim as Geometry<N>>::opposite_extents(&self.zs);
        // mu_m |n| / extent_m > 2 |v| (a factor 2 for the rounding of this test); a NaN
        // fails it.
        let inside = w
            .iter()
            .zip(&extents)
            .all(|(wm, ext)| wm * (n_norm - e_n) > 2.0 * shift * (ext + 2.0 * MARGIN * zinf));
        let height = along - e_x - rho * slope;
        if !inside || height.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            return None;
        }
        let inv_t = (sum / height) * (1.0 + 8.0 * f64::EPSILON);
        let margin = MARGIN * (1.0 + reach * inv_t);
        let inv_sum = 1.0 / sum;
        Some((self.p_norm * inv_t, margin, xa * inv_sum, xb * inv_sum))
    }
}
