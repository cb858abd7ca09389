//! Queries with a half-space or a plane on one side, in closed form: the support point
//! of the convex shape into the plane (exact up to rounding).

use pyo3::prelude::*;
use wolfe::{
    halfspace_manifold, ConvexShape, HalfSpace, ManifoldSettings, Pose, Shape, SupportMap, TriMesh, Vec3,
    WolfeError,
};

use crate::error::geometry;
use crate::geometry::{Flat, Geom};

/// The closest (or deepest) pair of points between a half-space or plane and a convex
/// shape, in closed form (exact up to rounding).
#[derive(Clone, Copy, Debug)]
pub struct FlatContact {
    /// Signed distance (negative: the penetration depth).
    pub signed_distance: f64,
    /// Witness point on the first geometry.
    pub point_a: Vec3,
    /// Witness point on the second geometry.
    pub point_b: Vec3,
    /// Unit normal from the first geometry to the second.
    pub normal: Vec3,
    /// Whether a plane was involved (two sides tried).
    pub plane: bool,
}

/// The half-space of `flat` at `pose`, in world frame, and (for a plane) its other side.
pub(crate) fn world_sides(flat: &Flat, pose: &Pose) -> Result<(HalfSpace, Option<HalfSpace>), WolfeError> {
    pose.validate()?;
    let n = pose.rotation * flat.halfspace.normal();
    let d = flat.halfspace.offset() + n.dot(&pose.translation);
    let side = HalfSpace::new(n, d)?;
    let other = if flat.plane {
        Some(HalfSpace::new(-n, -d)?)
    } else {
        None
    };
    Ok((side, other))
}

/// The bounded side of a half-space or plane query: a convex shape, or a triangle
/// mesh, whose support point is its extreme vertex (a linear function's minimum over
/// triangles is at a corner).
#[derive(Clone, Copy)]
enum Body<'a> {
    Shape(&'a Shape),
    Mesh(&'a TriMesh),
}

impl Body<'_> {
    /// The support point in local direction `d`, and the radius added to it.
    fn support(&self, d: &Vec3) -> (Vec3, f64) {
        match self {
            Body::Shape(s) => (s.local_support(d), s.radius()),
            Body::Mesh(m) => {
                let best = m
                    .vertices()
                    .iter()
                    .max_by(|p, q| p.dot(d).total_cmp(&q.dot(d)))
                    .copied()
                    .unwrap_or_else(Vec3::zeros);
                (best, 0.0)
            }
        }
    }
}

/// Signed distance, witness points and normal (half-space to shape) of `body` at
/// `pose` against the world half-space `h`: the body's support point into the plane,
/// as `wolfe::halfspace_manifold` computes it.
fn halfspace_to_shape(h: &HalfSpace, body: Body<'_>, pose: &Pose) -> FlatContact {
    let n = h.normal();
    let into = pose.inverse_transform_vector(&-n);
    let (support, radius) = body.support(&into);
    let deepest = pose.transform_point(&support) - radius * n;
    let sd = h.signed_distance_to_point(&deepest);
    FlatContact {
        signed_distance: sd,
        point_a: deepest - sd * n,
        point_b: deepest,
        normal: n,
        plane: false,
    }
}

/// [`FlatContact`] of a pair where at least one geometry is a half-space or plane
/// (`NotImplementedError` when both are).
pub fn flat_pair(a: &Geom, pa: &Pose, b: &Geom, pb: &Pose) -> PyResult<FlatContact> {
    let (flat, pf, shape, ps, swapped) = match (a, b) {
        (Geom::Flat(f), Geom::Convex(s)) => (f, pa, Body::Shape(s), pb, false),
        (Geom::Convex(s), Geom::Flat(f)) => (f, pb, Body::Shape(s), pa, true),
        (Geom::Flat(f), Geom::Mesh(m)) => (f, pa, Body::Mesh(m), pb, false),
        (Geom::Mesh(m), Geom::Flat(f)) => (f, pb, Body::Mesh(m), pa, true),
        (Geom::Flat(f), Geom::Flat(g)) => {
            return Err(pyo3::exceptions::PyNotImplementedError::new_err(format!(
                "distance and collision between a {} and a {} are not provided (both unbounded)",
                f.name(),
                g.name()
            )))
        }
        _ => {
            return Err(crate::error::value(
                "flat_pair: neither geometry is a Halfspace or Plane",
            ))
        }
    };
    let (side, other) = world_sides(flat, pf).map_err(geometry)?;
    ps.validate().map_err(geometry)?;
    let mut c = halfspace_to_shape(&side, shape, ps);
    if let Some(o) = other {
        // A plane: the shape is outside on the side where it is farther out (when it
        // crosses the plane, the smaller of the two depths).
        let c2 = halfspace_to_shape(&o, shape, ps);
        if c2.signed_distance > c.signed_distance {
            c = c2;
        }
        c.plane = true;
    }
    if !c.signed_distance.is_finite() {
        return Err(crate::error::value(format!(
            "{} distance is not finite ({}): the pose or shape is out of range",
            flat.name(),
            c.signed_distance
        )));
    }
    if swapped {
        c = reversed(c);
    }
    Ok(c)
}

/// The contact of `collide` for a half-space or plane pair within `margin`: the deepest
/// point of `wolfe::halfspace_manifold` on the side found by [`flat_pair`].
pub(super) fn flat_contact(
    a: &Geom, pa: &Pose, b: &Geom, pb: &Pose, margin: f64,
) -> PyResult<(FlatContact, Option<FlatContact>)> {
    let c = flat_pair(a, pa, b, pb)?;
    if c.signed_distance > margin {
        return Ok((c, None));
    }
    let (flat, pf, shape, ps, swapped) = match (a, b) {
        (Geom::Flat(f), Geom::Convex(s)) => (f, pa, s, pb, false),
        (Geom::Convex(s), Geom::Flat(f)) => (f, pb, s, pa, true),
        _ => return Ok((c, Some(c))),
    };
    // The side `flat_pair` chose: its outward normal is `c.normal` from the flat to the
    // shape.
    let n_out = if swapped { -c.normal } else { c.normal };
    let (side, other) = world_sides(flat, pf).map_err(geometry)?;
    let h = match other {
        Some(o) if o.normal().dot(&n_out) > side.normal().dot(&n_out) => o,
        _ => side,
    };
    let mut settings = ManifoldSettings::default();
    settings.margin = margin.max(0.0);
    let m = halfspace_manifold(&h, shape, ps, &settings).map_err(geometry)?;
    let deepest = m.and_then(|m| {
        m.points()
            .iter()
            .copied()
            .min_by(|x, y| x.signed_distance.total_cmp(&y.signed_distance))
    });
    let Some(p) = deepest else {
        return Ok((c, Some(c)));
    };
    let mut out = FlatContact {
        signed_distance: p.signed_distance,
        point_a: p.point_a,
        point_b: p.point_b,
        normal: h.normal(),
        plane: c.plane,
    };
    if swapped {
        out = reversed(out);
    }
    Ok((c, Some(out)))
}

/// The contact seen from the other shape: witness points exchanged, normal reversed.
fn reversed(c: FlatContact) -> FlatContact {
    FlatContact {
        point_a: c.point_b,
        point_b: c.point_a,
        normal: -c.normal,
        ..c
    }
}
