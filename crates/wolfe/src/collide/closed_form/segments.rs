//! The closest points of two segments: the cores of two capsules.
//!
//! Ericson, *Real-Time Collision Detection* (2005), Sec. 5.1.9: minimise
//! `|r + s e1 - t e2|^2` over the square `s, t in [-1, 1]` (segments `c1 + s e1` and
//! `c2 + t e2`, `r = c1 - c2`): the unconstrained `s` clamped, the best `t` for it
//! clamped, and, when that clamp was active, the best `s` for the clamped `t`. Each step
//! minimises a convex quadratic in one variable over an interval, and the sequence ends
//! at the minimum of the square (Ericson's argument). Parallel segments (a singular
//! system) take `s = 0`, one of their many closest pairs.

use super::ball::clamp;
use crate::math::Vec3;

/// The closest points of the segments `c1 + s e1` and `c2 + t e2`, `s, t in [-1, 1]`;
/// either segment may have zero length.
#[inline]
pub(crate) fn closest_segment_points(c1: &Vec3, e1: &Vec3, c2: &Vec3, e2: &Vec3) -> (Vec3, Vec3) {
    let r = c1 - c2;
    let a = e1.norm_squared();
    let e = e2.norm_squared();
    let b = e1.dot(e2);
    let c = e1.dot(&r);
    let f = e2.dot(&r);
    // A segment of zero length (a capsule of half-length 0, or one whose squared
    // half-length underflows) is a point: the divisions below would be 0 / 0.
    if e == 0.0 {
        let s = if a > 0.0 { clamp(-c / a, -1.0, 1.0) } else { 0.0 };
        return (c1 + s * e1, *c2);
    }
    let denom = a * e - b * b;
    // `denom = a e sin^2(angle)`: below rounding of `a e`, the axes are parallel.
    let mut s = if denom > 4.0 * f64::EPSILON * a * e {
        clamp((b * f - c * e) / denom, -1.0, 1.0)
    } else {
        0.0
    };
    let t_free = (b * s + f) / e;
    let t = clamp(t_free, -1.0, 1.0);
    // With `a = 0` the first segment is a point and `s` stays 0.
    if t != t_free && a > 0.0 {
        s = clamp((b * t - c) / a, -1.0, 1.0);
    }
    (c1 + s * e1, c2 + t * e2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squared distance of the closest pair on a fine grid of `(s, t)`: an
    /// independent (brute-force) minimum to compare with.
    fn grid_min(c1: &Vec3, e1: &Vec3, c2: &Vec3, e2: &Vec3) -> f64 {
        let n = 400;
        let mut best = f64::INFINITY;
        for i in 0..=n {
            let s = -1.0 + 2.0 * i as f64 / n as f64;
            for j in 0..=n {
                let t = -1.0 + 2.0 * j as f64 / n as f64;
                best = best.min((c1 + s * e1 - c2 - t * e2).norm_squared());
            }
        }
        best
    }

    /// Zero-length segments (a capsule of half-length 0, or 1e-300 whose square
    /// underflows) gave 0 / 0 = NaN points (strict long run, issue 21): now finite and
    /// at the brute-force minimum.
    #[test]
    fn zero_length_segments_give_finite_closest_points() {
        let c1 = Vec3::new(0.3, -0.2, 0.1);
        let c2 = Vec3::new(-0.5, 0.4, 0.9);
        let long = Vec3::new(0.2, 0.7, -0.4);
        for tiny in [Vec3::zeros(), Vec3::new(0.0, 0.0, 1e-300)] {
            for (e1, e2) in [(tiny, long), (long, tiny), (tiny, tiny)] {
                let (p, q) = closest_segment_points(&c1, &e1, &c2, &e2);
                assert!(p.iter().chain(q.iter()).all(|v| v.is_finite()), "{e1:?} {e2:?}");
                let d2 = (p - q).norm_squared();
                let g = grid_min(&c1, &e1, &c2, &e2);
                assert!(d2 <= g + 1e-12 && d2 >= g - 1e-4, "{d2} vs grid {g}");
            }
        }
    }
}
