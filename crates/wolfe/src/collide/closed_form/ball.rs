//! A point against a primitive core, in the core's local frame: the closest point of
//! the core when the point is outside, the depth and exit direction when it is inside.
//!
//! A cylinder and a cone are solids of revolution about z: in the half-plane through
//! the point and the axis they are a rectangle and a triangle, whose closest point is a
//! clamp or a projection on an edge, and whose nearest boundary point from inside lies
//! on the nearest edge line (a convex polygon's interior point is nearest to the line of
//! one of its edges, whose foot lies on that edge).

use crate::math::Vec3;
use crate::shape::Shape;

/// Where a point stands against a core, in the core's local frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum PointOnCore {
    /// The point `p` is outside (or on) the core; `d = q - p` is the offset to the
    /// core's closest point `q`.
    Closest(Vec3),
    /// The point is inside the solid core: its distance to the boundary `depth >= 0`
    /// and the unit outward normal `m` of the nearest boundary point, which is
    /// `p + depth * m`. Moving the point by `depth * m` takes it out: the smallest such
    /// move (the penetration depth of the core and the point).
    Inside {
        /// Distance of the point to the core's boundary.
        depth: f64,
        /// Unit outward normal of the core at the nearest boundary point.
        m: Vec3,
    },
}

/// `x` clamped to `[lo, hi]` (`lo <= hi`; the queries validated their input, and a NaN
/// `x` stays NaN). Not `f64::clamp`, whose `lo <= hi` assertion kept it out of line (a
/// call per coordinate on the box-sphere path), nor `f64::max` / `f64::min`, whose
/// NaN-dropping rule costs a blend of four instructions each: the two selects below are
/// one `maxsd` and one `minsd`.
#[inline(always)]
pub(crate) fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    let y = if lo > x { lo } else { x };
    if y > hi {
        hi
    } else {
        y
    }
}

/// The offset `d = q - p` from a point `p` to the nearest point `q` of a core, both in
/// the core's local frame, and its length `|d|`; `None` for cores that need GJK.
///
/// The offset is formed directly, not as `q - p` after `q`: for a cylinder's or cone's
/// rim the radial part is `(q_rho - rho) / rho` times `p`'s radial part, with no
/// cancellation, and the length comes from the half-plane (the gaps to the edges), so
/// that a ball beside a face pays no second square root.
#[inline(always)]
pub(crate) fn core_offset(shape: &Shape, p: &Vec3) -> Option<(Vec3, f64)> {
    Some(match shape {
        Shape::Sphere(_) => (-p, p.norm()),
        Shape::Cuboid(c) => {
            let h = c.half_extents();
            let d = Vec3::new(
                clamp(p.x, -h.x, h.x) - p.x,
                clamp(p.y, -h.y, h.y) - p.y,
                clamp(p.z, -h.z, h.z) - p.z,
            );
            (d, d.norm())
        }
        Shape::Capsule(c) => {
            let h = c.half_length();
            let d = Vec3::new(-p.x, -p.y, clamp(p.z, -h, h) - p.z);
            (d, d.norm())
        }
        Shape::Cylinder(c) => cylinder_offset(c.disc_radius(), c.half_length(), p),
        Shape::Cone(c) => cone_offset(c.base_radius(), c.half_length(), p),
        _ => return None,
    })
}

/// [`core_offset`] for the solid cylinder of radius `r` and half length `h` about z: in
/// the half-plane of `p` a rectangle, whose closest point clamps `rho` to `[0, r]` and
/// `z` to `[-h, h]`.
#[inline(always)]
fn cylinder_offset(r: f64, h: f64, p: &Vec3) -> (Vec3, f64) {
    let rho2 = p.x * p.x + p.y * p.y;
    let dz = clamp(p.z, -h, h) - p.z;
    if rho2 <= r * r {
        // Over a cap (or inside): the radial part stays.
        return (Vec3::new(0.0, 0.0, dz), dz.abs());
    }
    let rho = rho2.sqrt();
    let gap = rho - r;
    // Onto the rim: the radial part shrinks by `gap / rho`.
    let k = -gap / rho;
    let d = Vec3::new(k * p.x, k * p.y, dz);
    // Beside the side face the length is the radial gap, with no second square root.
    let len = if dz == 0.0 {
        gap
    } else {
        (gap * gap + dz * dz).sqrt()
    };
    (d, len)
}

/// [`core_offset`] for the solid cone (apex `(0, 0, h)`, base disc of radius `r` at
/// `z = -h`), through the half-plane of `p` and the axis: see [`cone_plane_offset`].
#[inline(always)]
fn cone_offset(r: f64, h: f64, p: &Vec3) -> (Vec3, f64) {
    // Off the chain of dependent operations: the slant's squared length, inverted while
    // `rho`'s square root runs.
    let inv_slant_sq = 1.0 / (r * r + 4.0 * h * h);
    let rho = (p.x * p.x + p.y * p.y).sqrt();
    let z = p.z;
    if z >= -h && 2.0 * h * rho <= r * (h - z) {
        return (Vec3::zeros(), 0.0);
    }
    let (dr, dz) = cone_plane_offset(r, h, rho, z, inv_slant_sq);
    // Back to 3D along the point's radial direction. On the axis the closest point is
    // on the axis too (the apex or the base centre): `dr = 0`.
    let k = if rho > 0.0 { dr / rho } else { 0.0 };
    (Vec3::new(k * p.x, k * p.y, dz), (dr * dr + dz * dz).sqrt())
}

/// The offset `(q_rho - rho, q_z - z)` from a point `(rho, z)` outside the cone's
/// half-plane triangle to its closest point `q`; `inv_slant_sq = 1 / |B - A|^2`.
///
/// In the half-plane of a point and the axis, with `rho = |(p_x, p_y)| >= 0`, the cone
/// is the triangle apex `A = (0, h)`, rim `B = (r, -h)`, base centre `(0, -h)`. A point
/// with `rho >= 0` lies on the side of the lateral edge `AB`, so when it is outside,
/// its closest point is the nearer of its projections on the edge `AB` and on the base
/// segment (`rho` clamped to `[0, r]`, `z = -h`).
#[inline(always)]
fn cone_plane_offset(r: f64, h: f64, rho: f64, z: f64, inv_slant_sq: f64) -> (f64, f64) {
    // Projection on the edge A + t (B - A), B - A = (r, -2 h), t in [0, 1].
    let t = clamp((rho * r - (z - h) * 2.0 * h) * inv_slant_sq, 0.0, 1.0);
    let (edge_r, edge_z) = (t * r - rho, h - 2.0 * h * t - z);
    // Projection on the base segment.
    let (base_r, base_z) = (if rho > r { r - rho } else { 0.0 }, -h - z);
    if edge_r * edge_r + edge_z * edge_z <= base_r * base_r + base_z * base_z {
        (edge_r, edge_z)
    } else {
        (base_r, base_z)
    }
}

/// [`core_offset`]'s offset, or the depth and exit normal when `p` is inside a solid core
/// (box, cylinder, cone). Points and segments have no inside: a point on them is
/// `Closest(0)`, zero distance, and the caller hands that case to EPA (any direction
/// normal to them is a valid normal). `None` for cores that need GJK.
#[inline]
pub(crate) fn point_on_core(shape: &Shape, p: &Vec3) -> Option<PointOnCore> {
    Some(match shape {
        Shape::Cuboid(c) => {
            let h = c.half_extents();
            let d = Vec3::new(h.x - p.x.abs(), h.y - p.y.abs(), h.z - p.z.abs());
            if d.x < 0.0 || d.y < 0.0 || d.z < 0.0 {
                return core_offset(shape, p).map(|(d, _)| PointOnCore::Closest(d));
            }
            // The nearest face: the axis of least slack, towards the point's side.
            let (k, depth) = if d.x <= d.y && d.x <= d.z {
                (0, d.x)
            } else if d.y <= d.z {
                (1, d.y)
            } else {
                (2, d.z)
            };
            let mut m = Vec3::zeros();
            m[k] = if p[k] < 0.0 { -1.0 } else { 1.0 };
            PointOnCore::Inside { depth, m }
        }
        Shape::Cylinder(c) => {
            let (r, h) = (c.disc_radius(), c.half_length());
            let rho2 = p.x * p.x + p.y * p.y;
            let axial = h - p.z.abs();
            if rho2 > r * r || axial < 0.0 {
                return core_offset(shape, p).map(|(d, _)| PointOnCore::Closest(d));
            }
            let rho = rho2.sqrt();
            let radial = r - rho;
            if axial <= radial {
                let m = Vec3::new(0.0, 0.0, if p.z < 0.0 { -1.0 } else { 1.0 });
                PointOnCore::Inside { depth: axial, m }
            } else {
                PointOnCore::Inside {
                    depth: radial,
                    m: radial_direction(p, rho),
                }
            }
        }
        Shape::Cone(c) => {
            let (r, h) = (c.base_radius(), c.half_length());
            let rho = (p.x * p.x + p.y * p.y).sqrt();
            // In the half-plane: the base line z = -h (outward -z) and the lateral line
            // through the apex (0, h) and the rim (r, -h), outward normal (2h, r) / L.
            let base = p.z + h;
            let len = (4.0 * h * h + r * r).sqrt();
            let lateral = (r * (h - p.z) - 2.0 * h * rho) / len;
            if base < 0.0 || lateral < 0.0 {
                let (dr, dz) = cone_plane_offset(r, h, rho, p.z, 1.0 / (len * len));
                let k = if rho > 0.0 { dr / rho } else { 0.0 };
                return Some(PointOnCore::Closest(Vec3::new(k * p.x, k * p.y, dz)));
            }
            if base <= lateral {
                PointOnCore::Inside {
                    depth: base,
                    m: -Vec3::z(),
                }
            } else {
                let u = radial_direction(p, rho);
                PointOnCore::Inside {
                    depth: lateral,
                    m: Vec3::new(2.0 * h * u.x / len, 2.0 * h * u.y / len, r / len),
                }
            }
        }
        _ => PointOnCore::Closest(core_offset(shape, p)?.0),
    })
}

/// The unit radial direction of `p` (at distance `rho` from the z axis); on the axis,
/// where every radial direction is nearest alike, `x`.
#[inline]
fn radial_direction(p: &Vec3, rho: f64) -> Vec3 {
    if rho > 0.0 {
        Vec3::new(p.x / rho, p.y / rho, 0.0)
    } else {
        Vec3::x()
    }
}
