//! Contact manifolds: up to four contact points for flat contacts, so that a box
//! resting on a face is supported at its corners, not at one point.
//!
//! One contact ([`super::ContactSolver::contact`]) gives the normal. Then, as in Box2D's polygon
//! collider and Bullet's polyhedral clipping: each shape's *feature* most aligned with
//! the normal is found (a face polygon of a box or convex mesh, the segment of a
//! capsule); the face best aligned with the normal within
//! [`ManifoldSettings::angle_tolerance`] is the **reference face**, the other shape's
//! feature the **incident** one. The incident polygon (or segment) is clipped by the
//! side planes of the reference face (Sutherland-Hodgman), and each clipped point within
//! the margin of the reference plane is a contact, with its own signed distance
//! measured along the reference normal. More than four are reduced to four that span
//! the largest area (the deepest point, the farthest from it, then the largest
//! triangles on either side). Curved contacts (balls, ellipsoids, cylinder rims,
//! cones) and edge-edge contacts keep the single contact point.
//!
//! Cost: a box's face is found in closed form; a convex mesh's by a scan of its
//! stored facet normals (coplanar triangles merged when the hull is built, one dot
//! product per facet), whose polygon is stored in order.

use crate::collide::feature::{
    clip, clip_segment, feature, reduce, Feature, CLIP_CAPACITY, MAX_FACE_VERTICES,
};
use crate::collide::feature::{ContactManifold, ContactPoint, ManifoldSettings};
use crate::math::{Pose, Vec3};
use crate::shape::Shape;

use super::Contact;

/// Buffers of the manifold query, kept in the [`super::ContactSolver`] and overwritten
/// by each query (only what a query wrote is read back), so that a query neither
/// zero-fills nor copies stack arrays it may not use (issue 20).
#[derive(Clone, Debug)]
pub(super) struct ManifoldScratch {
    /// The face polygon of A's feature, then B's (`feature`'s `verts`).
    verts: [[Vec3; MAX_FACE_VERTICES]; 2],
    /// The two clipping buffers (each clip reads one and writes the other).
    clip: [[Vec3; CLIP_CAPACITY]; 2],
    /// The clipped points within the margin, before the reduction to four.
    cands: [ContactPoint; CLIP_CAPACITY],
    /// The angle tolerance last seen (NaN: none yet) and its sine and cosine, so that
    /// `sincos` runs once per setting, not once a manifold (issue 20: it was ~100
    /// instructions a manifold in the clutter step). The same calls on the same value:
    /// the same bits.
    tolerance: (f64, f64, f64),
}

impl ManifoldScratch {
    /// Buffers for any manifold query.
    pub(super) fn new() -> Self {
        Self {
            verts: [[Vec3::zeros(); MAX_FACE_VERTICES]; 2],
            clip: [[Vec3::zeros(); CLIP_CAPACITY]; 2],
            cands: [ContactPoint::default(); CLIP_CAPACITY],
            tolerance: (f64::NAN, f64::NAN, f64::NAN),
        }
    }
}

/// The manifold around the contact `c` of `a` at `pose_a` and `b` at `pose_b` (see the
/// module documentation): the clipped face points, or the single contact point when
/// nothing flat meets.
pub(super) fn clip_manifold(
    c: &Contact, a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose, settings: &ManifoldSettings,
    scratch: &mut ManifoldScratch,
) -> ContactManifold {
    let single = ContactManifold {
        normal: c.normal,
        points: [ContactPoint {
            point_a: c.point_a,
            point_b: c.point_b,
            signed_distance: c.signed_distance,
        }; 4],
        len: 1,
        certified: c.certified,
    };
    let n = c.normal;
    let angle = settings.angle_tolerance;
    if scratch.tolerance.0.to_bits() != angle.to_bits() {
        scratch.tolerance = (angle, angle.sin(), angle.cos());
    }
    let (_, sin_tol, cos_tol) = scratch.tolerance;
    let ManifoldScratch {
        verts: [verts_a, verts_b],
        clip: [buf_a, buf_b],
        cands,
        ..
    } = scratch;
    let (fa, ra) = feature(a, pose_a, &n, sin_tol, verts_a);
    let (fb, rb) = feature(b, pose_b, &-n, sin_tol, verts_b);
    let align = |f: &Feature, dir: &Vec3| match f {
        Feature::Polygon { normal, .. } if normal.dot(dir) >= cos_tol => Some(normal.dot(dir)),
        _ => None,
    };
    // Reference: the better aligned face (A on a tie).
    let a_is_reference = match (align(&fa, &n), align(&fb, &-n)) {
        (Some(x), Some(y)) => x >= y,
        (Some(_), None) => true,
        (None, Some(_)) => false,
        (None, None) => return single,
    };
    let (reference, incident, r_ref, r_inc) = if a_is_reference {
        (&fa, &fb, ra, rb)
    } else {
        (&fb, &fa, rb, ra)
    };
    let (ref_verts, inc_verts) = if a_is_reference {
        (&*verts_a, &*verts_b)
    } else {
        (&*verts_b, &*verts_a)
    };
    let &Feature::Polygon {
        len: ref_len,
        normal: n_ref,
    } = reference
    else {
        return single;
    };
    let mut count = match *incident {
        Feature::Polygon { len, .. } => {
            buf_a[..len].copy_from_slice(&inc_verts[..len]);
            len
        }
        Feature::Segment(ref s) => {
            buf_a[..2].copy_from_slice(s);
            2
        }
        Feature::Point => return single,
    };
    let segment = matches!(incident, Feature::Segment(_));
    // Clip from `src` into `dst`, then swap the references (not the arrays).
    let (mut src, mut dst) = (buf_a, buf_b);
    let ref_poly = &ref_verts[..ref_len];
    let centroid = ref_poly.iter().sum::<Vec3>() / ref_len as f64;
    for i in 0..ref_len {
        let (p, q) = (ref_poly[i], ref_poly[(i + 1) % ref_len]);
        let mut side = (q - p).cross(&n_ref);
        let len = side.norm();
        if len <= 0.0 {
            continue;
        }
        side /= len;
        if side.dot(&(centroid - p)) > 0.0 {
            side = -side;
        }
        let d = side.dot(&p);
        count = if segment {
            clip_segment(&src[..count], &side, d, dst)
        } else {
            clip(&src[..count], &side, d, dst)
        };
        std::mem::swap(&mut src, &mut dst);
        if count == 0 {
            return single;
        }
    }
    // Points of the incident surface facing the reference plane, and their depths.
    let plane = n_ref.dot(&ref_poly[0]) + r_ref;
    let mut kept = 0;
    for p in &src[..count] {
        let surface = p - r_inc * n_ref;
        let sd = n_ref.dot(&surface) - plane;
        if sd <= settings.margin {
            let on_ref = surface - sd * n_ref;
            let (point_a, point_b) = if a_is_reference {
                (on_ref, surface)
            } else {
                (surface, on_ref)
            };
            cands[kept] = ContactPoint {
                point_a,
                point_b,
                signed_distance: sd,
            };
            kept += 1;
        }
    }
    if kept == 0 {
        return single;
    }
    let normal = if a_is_reference { n_ref } else { -n_ref };
    let mut m = ContactManifold {
        normal,
        points: [cands[0]; 4],
        len: 0,
        certified: c.certified,
    };
    for (slot, i) in reduce(&cands[..kept], &n_ref).into_iter().flatten().enumerate() {
        m.points[slot] = cands[i];
        m.len = slot + 1;
    }
    m
}
