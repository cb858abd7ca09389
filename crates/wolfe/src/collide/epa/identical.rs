//! The exact depth of two identical shapes at a translation, a lower bound that
//! certifies EPA where its polytope cannot (identical curved shapes: stacked copies).
//!
//! For A = K and B = K + t (the same shape, the same orientation), `D = A - B =
//! (K - K) - t`, so the depth of the origin in `D` is the depth of the point `t` in the
//! difference body `S = K - K`, which is centrally symmetric and known in closed form:
//!
//! - ellipsoid with semi-axes `e`: `S` is the ellipsoid with semi-axes `2 e`; the depth
//!   of an interior point is its distance to that surface (a 1D root, below);
//! - cylinder (radius `r`, half length `h`): `S` is the cylinder `(2 r, 2 h)`, depth
//!   `min(2 r - |t_xy|, 2 h - |t_z|)`;
//! - cone (base radius `r` at `z = -h`, apex at `z = h`): `S = conv(p - B, B - p, B - B)`
//!   with `p` the apex and `B` the base disc: discs of radius `r` at `z = +-2 h` and of
//!   radius `2 r` at `z = 0`, a body of revolution. Its support function depends only on
//!   the normal's angle to the axis, so the depth `min_n h_S(n) - <n, t>` takes its
//!   minimum in `t`'s meridian plane, where it is the depth of `(|t_xy|, t_z)` in the
//!   hexagon `(+-r, +-2 h), (+-2 r, 0)`: the smallest distance to its edges' lines.
//!
//! The depth is `min_{|n| = 1} h_D(n)`, so it is a lower bound of every support value EPA
//! computes, and EPA's upper bound meeting it is a certificate (as the inner balls'):
//! the normal of `S` at the point nearest `t` gives that upper bound with one support
//! call.

use crate::math::{Pose, Vec3};
use crate::shape::Shape;

/// Largest rotation between the two poses (radians) for which they count as the same
/// orientation; the rotation's effect, `angle * circumradius`, is taken off the bound.
const MAX_ANGLE: f64 = 1e-12;

/// Relative and absolute (in ulps of the scene's size) margins of the bound: the
/// closed forms are a few roundings each, the ellipsoid's root a bracket of adjacent
/// floats.
const RELATIVE_MARGIN: f64 = 1e-12;
const ROUNDING_FACTOR: f64 = 64.0;

/// A certified lower bound of the cores' depth, and the normal (A's frame) whose support
/// value meets it, when `b` is `a` at the relative pose
/// `pose_ab` (B in A's frame) without rotation: ellipsoids, cylinders and cones (other
/// shapes get `None`: their EPA is exact or their closed form runs instead), and only
/// when the cores overlap (`t` inside `S`).
pub(crate) fn identical_depth(a: &Shape, b: &Shape, pose_ab: &Pose) -> Option<(f64, Vec3)> {
    let t = &pose_ab.translation;
    let ((depth, normal), circumradius) = match (a, b) {
        (Shape::Ellipsoid(x), Shape::Ellipsoid(y)) if x == y => {
            let e = x.radii();
            (ellipsoid_depth(&(2.0 * e), t)?, e.amax())
        }
        (Shape::Cylinder(x), Shape::Cylinder(y)) if x == y => {
            let (r, h) = (x.disc_radius(), x.half_length());
            let (rho, radial) = radial(t);
            let (side, cap) = (2.0 * r - rho, 2.0 * h - t.z.abs());
            let depth = if side <= cap {
                (side, radial)
            } else {
                (cap, Vec3::new(0.0, 0.0, t.z.signum()))
            };
            (depth, r.hypot(h))
        }
        (Shape::Cone(x), Shape::Cone(y)) if x == y => {
            let (r, h) = (x.base_radius(), x.half_length());
            (cone_depth(r, h, t), r.hypot(h))
        }
        _ => return None,
    };
    // The rotation angle, `2 atan2(|v|, |w|)` (`acos(w)` loses half the digits near 0).
    let q = pose_ab.rotation.quaternion();
    let angle = 2.0 * q.imag().norm().atan2(q.w.abs());
    if !(angle <= MAX_ANGLE && depth > 0.0 && depth.is_finite()) {
        return None;
    }
    let scale = circumradius + t.norm();
    let bound =
        depth * (1.0 - RELATIVE_MARGIN) - angle * circumradius - ROUNDING_FACTOR * f64::EPSILON * scale;
    (bound > 0.0).then_some((bound, normal))
}

/// `|t_xy|` and the unit radial direction of `t` (the x axis on the axis).
fn radial(t: &Vec3) -> (f64, Vec3) {
    let rho = t.x.hypot(t.y);
    if rho > 0.0 {
        (rho, Vec3::new(t.x / rho, t.y / rho, 0.0))
    } else {
        (0.0, Vec3::x())
    }
}

/// The depth of `t` in the difference body of the cone (see the module notes) and the
/// outward normal of the nearest edge.
fn cone_depth(r: f64, h: f64, t: &Vec3) -> (f64, Vec3) {
    let big_h = 2.0 * h;
    let (rho, radial) = radial(t);
    let l = big_h.hypot(r);
    let slant = 2.0 * r * big_h - big_h * rho;
    let (c, s) = (big_h / l, r / l);
    let up = Vec3::z();
    [
        (big_h - t.z, up),
        (big_h + t.z, -up),
        ((slant - r * t.z) / l, c * radial + s * up),
        ((slant + r * t.z) / l, c * radial - s * up),
    ]
    .into_iter()
    .fold((f64::INFINITY, up), |b, c| if c.0 < b.0 { c } else { b })
}

/// The distance from `t` to the surface of the ellipsoid with semi-axes `e` (centred at
/// the origin, axis-aligned) when `t` is inside it, else `None`.
///
/// The nearest surface point is `x_i = e_i^2 t_i / (e_i^2 + l)` with `l` the root in
/// `(-m^2, 0)` (`m` the smallest semi-axis) of the decreasing `G(l) = sum_i (e_i t_i /
/// (e_i^2 + l))^2 = 1` (the Lagrange condition; the other roots lie below `-m^2` and
/// belong to farther points), and the distance `|x - t| = |l| |(t_i / (e_i^2 + l))|`
/// grows as `l` decreases: the bracket's upper end gives a lower bound. When `t` has no
/// component along the smallest axes and `G` stays at most 1 up to `-m^2`, the nearest
/// points are at `l = -m^2` (Eberly, "Distance from a point to an ellipse, an ellipsoid,
/// or a hyperellipsoid"). Also returns the outward normal at the nearest point,
/// `(x_i / e_i^2)` normalized.
fn ellipsoid_depth(e: &Vec3, t: &Vec3) -> Option<(f64, Vec3)> {
    let inside: f64 = (0..3).map(|i| (t[i] / e[i]).powi(2)).sum();
    if inside.is_nan() || inside >= 1.0 {
        return None;
    }
    let e2 = e.component_mul(e);
    let m2 = e2.min();
    let g = |l: f64| -> f64 { (0..3).map(|i| (e[i] * t[i] / (e2[i] + l)).powi(2)).sum() };
    let distance =
        |l: f64| -> f64 { l.abs() * (0..3).map(|i| (t[i] / (e2[i] + l)).powi(2)).sum::<f64>().sqrt() };
    let on_smallest = (0..3).any(|i| e2[i] == m2 && t[i] != 0.0);
    if !on_smallest {
        // `G` without the smallest axes' (zero) terms, at `l = -m^2`.
        let others = |i: usize| e2[i] > m2;
        let x = |i: usize| e2[i] * t[i] / (e2[i] - m2);
        let g_end: f64 = (0..3).filter(|&i| others(i)).map(|i| (x(i) / e[i]).powi(2)).sum();
        if g_end <= 1.0 {
            let along: f64 = (0..3).filter(|&i| others(i)).map(|i| (x(i) - t[i]).powi(2)).sum();
            // The nearest point: `x(i)` on the other axes, the rest on the first
            // smallest axis.
            let k = (0..3).find(|&i| !others(i)).unwrap_or(0);
            let mut p = Vec3::zeros();
            for i in (0..3).filter(|&i| others(i)) {
                p[i] = x(i);
            }
            p[k] = (m2 * (1.0 - g_end)).sqrt();
            let normal = p.component_div(&e2).normalize();
            return Some(((along + m2 * (1.0 - g_end)).sqrt(), normal));
        }
    }
    let (mut lo, mut hi) = (-m2, 0.0f64);
    for _ in 0..2100 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if g(mid) > 1.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let p = Vec3::from_fn(|i, _| e2[i] * t[i] / (e2[i] + hi));
    Some((distance(hi), p.component_div(&e2).normalize()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cone, Cylinder, Ellipsoid, Quat};

    fn at(t: Vec3) -> Pose {
        Pose::new(t, Quat::identity())
    }

    /// Unit directions on a latitude-longitude grid (`steps + 1` latitudes, `2 steps`
    /// longitudes).
    fn sphere_grid(steps: usize) -> impl Iterator<Item = Vec3> {
        let angle = move |k: usize| std::f64::consts::PI * k as f64 / steps as f64;
        (0..=steps).flat_map(move |i| {
            (0..2 * steps).map(move |j| {
                let (th, ph) = (angle(i), angle(j));
                Vec3::new(th.sin() * ph.cos(), th.sin() * ph.sin(), th.cos())
            })
        })
    }

    /// Spheres (an ellipsoid with equal axes): the depth of `t` in the ball of radius
    /// `2 r` is `2 r - |t|`; the same ellipsoid at the same place: twice its smallest
    /// semi-axis.
    #[test]
    fn ellipsoid_depths_match_closed_forms() {
        let s: Shape = Ellipsoid::new([0.3, 0.3, 0.3]).unwrap().into();
        let t = Vec3::new(0.1, -0.2, 0.05);
        let d = identical_depth(&s, &s, &at(t)).unwrap().0;
        assert!((d - (0.6 - t.norm())).abs() < 1e-12, "{d}");
        let e: Shape = Ellipsoid::new([0.3, 0.1, 0.5]).unwrap().into();
        let d = identical_depth(&e, &e, &at(Vec3::zeros())).unwrap().0;
        assert!((d - 0.2).abs() < 1e-12, "{d}");
        // Along the smallest axis: 2 * 0.1 - 0.05.
        let d = identical_depth(&e, &e, &at(Vec3::new(0.0, 0.05, 0.0))).unwrap().0;
        assert!((d - 0.15).abs() < 1e-12, "{d}");
        // Outside the difference body: none.
        assert!(identical_depth(&e, &e, &at(Vec3::new(0.0, 0.25, 0.0))).is_none());
    }

    /// The ellipsoid's depth against a brute-force search over surface points.
    #[test]
    fn ellipsoid_depth_matches_brute_force() {
        let e = Vec3::new(0.6, 0.2, 1.0);
        for t in [
            Vec3::new(0.1, 0.05, 0.3),
            Vec3::new(0.5, 0.0, 0.0),
            Vec3::new(0.0, 0.0, 0.9),
            Vec3::new(0.2, 0.15, -0.5),
        ] {
            let (d, n) = ellipsoid_depth(&e, &t).unwrap();
            let best = sphere_grid(400)
                .map(|u| (e.component_mul(&u) - t).norm())
                .fold(f64::INFINITY, f64::min);
            // Below every surface point's distance, within the grid's resolution of it.
            assert!(d <= best + 1e-12 && best - d < 2e-3, "{t:?}: {d} vs {best}");
            // The normal's support value meets the depth: `h_E(n) - <n, t> = d` (an
            // upper bound of the depth, as every support value is).
            let h = e.component_mul(&n).norm();
            assert!(
                (h - n.dot(&t) - d).abs() < 1e-12,
                "{t:?}: {} vs {d}",
                h - n.dot(&t)
            );
        }
    }

    /// Cylinders and cones: the depth against the smallest support value over many
    /// directions (`depth = min_n h_S(n) - <n, t>`, with `h_S(n) = h_K(n) + h_K(-n)`).
    #[test]
    fn cylinder_and_cone_depths_match_support_minimum() {
        use crate::shape::SupportMap;
        let shapes: [Shape; 2] = [
            Cylinder::new(0.3, 0.5).unwrap().into(),
            Cone::new(0.4, 0.3).unwrap().into(),
        ];
        for s in &shapes {
            for t in [
                Vec3::new(0.1, 0.05, 0.2),
                Vec3::new(0.0, 0.0, 0.0),
                Vec3::new(0.3, -0.2, -0.1),
            ] {
                let (d, n) = identical_depth(s, s, &at(t)).unwrap();
                let h_n = n.dot(&s.local_support(&n)) + (-n).dot(&s.local_support(&-n)) - n.dot(&t);
                assert!(
                    (h_n - d).abs() < 1e-9,
                    "{t:?}: the normal gives {h_n}, the depth is {d}"
                );
                let best = sphere_grid(300)
                    .map(|u| u.dot(&s.local_support(&u)) + (-u).dot(&s.local_support(&-u)) - u.dot(&t))
                    .fold(f64::INFINITY, f64::min);
                assert!(d <= best + 1e-12 && best - d < 5e-3, "{t:?}: {d} vs {best}");
            }
        }
    }
}
