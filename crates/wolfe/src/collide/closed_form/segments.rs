//! The closest points of two segments: the cores of two capsules.
//!
//! Ericson, *Real-Time Collision Detection* (2005), Sec. 5.1.9: minimise
//! `|r + s e1 - t e2|^2` over the square `s, t in [-1, 1]` (segments `c1 + s e1` and
//! `c2 + t e2`, `r = c1 - c2`): the unconstrained `s` clamped, the best `t` for it
//! clamped, and, when that clamp was active, the best `s` for the clamped `t`. Each step
//! minimises a convex quadratic in one variable over an interval, and the sequence ends
//! at the minimum of the square (Ericson's argument). Parallel segments (a singular
//! system) take `s = 0`, one of their many closest pairs.

use crate::math::Vec3;

/// The closest points of the segments `c1 + s e1` and `c2 + t e2`, `s, t in [-1, 1]`.
#[inline]
pub(crate) fn closest_segment_points(c1: &Vec3, e1: &Vec3, c2: &Vec3, e2: &Vec3) -> (Vec3, Vec3) {
    let r = c1 - c2;
    let a = e1.norm_squared();
    let e = e2.norm_squared();
    let b = e1.dot(e2);
    let c = e1.dot(&r);
    let f = e2.dot(&r);
    let denom = a * e - b * b;
    // `denom = a e sin^2(angle)`: below rounding of `a e`, the axes are parallel.
    let mut s = if denom > 4.0 * f64::EPSILON * a * e {
        ((b * f - c * e) / denom).clamp(-1.0, 1.0)
    } else {
        0.0
    };
    let t_free = (b * s + f) / e;
    let t = t_free.clamp(-1.0, 1.0);
    if t != t_free {
        s = ((b * t - c) / a).clamp(-1.0, 1.0);
    }
    (c1 + s * e1, c2 + t * e2)
}
