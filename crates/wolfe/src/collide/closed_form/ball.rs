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
    /// The point is outside (or on) the core; `q` is the core's closest point to it.
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

/// The closest point of a point-like or clampable core to a point `p`, both in the
/// core's local frame; `None` for cores that need GJK.
#[inline]
pub(crate) fn closest_core_point(shape: &Shape, p: &Vec3) -> Option<Vec3> {
    match shape {
        Shape::Sphere(_) => Some(Vec3::zeros()),
        Shape::Cuboid(c) => {
            let h = c.half_extents();
            Some(Vec3::new(
                p.x.clamp(-h.x, h.x),
                p.y.clamp(-h.y, h.y),
                p.z.clamp(-h.z, h.z),
            ))
        }
        Shape::Capsule(c) => Some(Vec3::new(0.0, 0.0, p.z.clamp(-c.half_length(), c.half_length()))),
        Shape::Cylinder(c) => {
            let (r, h) = (c.disc_radius(), c.half_length());
            let rho2 = p.x * p.x + p.y * p.y;
            // Inside the disc the radial part stays; outside it is scaled onto the rim.
            let k = if rho2 <= r * r { 1.0 } else { r / rho2.sqrt() };
            Some(Vec3::new(k * p.x, k * p.y, p.z.clamp(-h, h)))
        }
        Shape::Cone(c) => Some(closest_cone_point(c.base_radius(), c.half_length(), p)),
        _ => None,
    }
}

/// [`closest_core_point`], or the depth and exit normal when `p` is inside a solid core
/// (box, cylinder, cone). Points and segments have no inside: a point on them is
/// `Closest(p)`, zero distance, and the caller hands that case to EPA (any direction
/// normal to them is a valid normal). `None` for cores that need GJK.
#[inline]
pub(crate) fn point_on_core(shape: &Shape, p: &Vec3) -> Option<PointOnCore> {
    Some(match shape {
        Shape::Cuboid(c) => {
            let h = c.half_extents();
            let d = Vec3::new(h.x - p.x.abs(), h.y - p.y.abs(), h.z - p.z.abs());
            if d.x < 0.0 || d.y < 0.0 || d.z < 0.0 {
                return closest_core_point(shape, p).map(PointOnCore::Closest);
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
                return closest_core_point(shape, p).map(PointOnCore::Closest);
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
                return Some(PointOnCore::Closest(closest_cone_point(r, h, p)));
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
        _ => PointOnCore::Closest(closest_core_point(shape, p)?),
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

/// The closest point of the solid cone (apex `(0, 0, h)`, base disc of radius `r` at
/// `z = -h`) to `p`.
///
/// In the half-plane of `p` and the axis, with `rho = |(p_x, p_y)|`, the cone is the
/// triangle apex `A = (0, h)`, rim `B = (r, -h)`, base centre `(0, -h)`. A point with
/// `rho >= 0` lies on the side of the lateral edge `AB`, so when it is outside, its
/// closest point is the nearer of its projections on the edge `AB` and on the base
/// segment (`rho` clamped to `[0, r]`, `z = -h`).
pub(crate) fn closest_cone_point(r: f64, h: f64, p: &Vec3) -> Vec3 {
    let rho = (p.x * p.x + p.y * p.y).sqrt();
    let z = p.z;
    // Inside: above the base and under the lateral edge, `rho <= r (h - z) / (2 h)`.
    if z >= -h && 2.0 * h * rho <= r * (h - z) {
        return *p;
    }
    // Projection on the edge A + t (B - A), t in [0, 1].
    let (ex, ez) = (r, -2.0 * h);
    let t = ((rho * ex + (z - h) * ez) / (ex * ex + ez * ez)).clamp(0.0, 1.0);
    let (er, ezz) = (t * ex, h + t * ez);
    // Projection on the base segment.
    let (br, bz) = (rho.min(r), -h);
    let edge_d2 = (rho - er) * (rho - er) + (z - ezz) * (z - ezz);
    let base_d2 = (rho - br) * (rho - br) + (z - bz) * (z - bz);
    let (qr, qz) = if edge_d2 <= base_d2 { (er, ezz) } else { (br, bz) };
    // Back to 3D along the point's radial direction (any direction on the axis, where
    // the closest point is on the axis too: qr = 0).
    let k = if rho > 0.0 { qr / rho } else { 0.0 };
    Vec3::new(k * p.x, k * p.y, qz)
}
