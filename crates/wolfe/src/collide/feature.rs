//! Contact manifolds as data, and the geometry that builds them: the feature of a shape
//! facing a direction (a face polygon, a capsule's segment, or a point), polygon and
//! segment clipping (Sutherland-Hodgman), and the reduction to four points.
//!
//! The manifold query (`contact/manifold.rs`) and the half-space contacts
//! (`halfspace.rs`) both build on this file; it knows shapes, not solvers.

use crate::builder::with_fields;
use crate::error::{non_negative_setting, setting, WolfeError};
use crate::math::{Pose, Vec3};
use crate::mesh::ConvexMesh;
use crate::shape::{ConvexShape, Shape};

/// Most vertices kept of one face polygon. A box face has 4; convex-mesh faces are
/// triangles merged over coplanar vertices, and a face with more vertices than this
/// keeps this many, evenly spaced in angular order (an inscribed convex polygon, slightly
/// smaller; see `ConvexMesh`'s facets, which store at most this many).
pub const MAX_FACE_VERTICES: usize = crate::mesh::FACET_MAX_VERTICES;

/// Clipping buffer: clipping a convex polygon by one half-plane adds at most one
/// vertex (it removes a chain and adds two crossing points for one or more removed
/// vertices, or leaves it), so `N` incident vertices clipped by `M` side planes give
/// at most `N + M <= 2 MAX_FACE_VERTICES`.
pub(crate) const CLIP_CAPACITY: usize = 2 * MAX_FACE_VERTICES;

/// Settings of the manifold query.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct ManifoldSettings {
    /// Contacts are kept up to this signed distance, in metres (finite, `>= 0`,
    /// nominal 0 .. a few mm; default 0).
    pub margin: f64,
    /// Largest angle between a face normal and the contact normal for that face to be
    /// a reference face, and between a capsule's axis and the contact plane for its
    /// segment to be clipped, in radians (nominal 0.01 .. 0.2, default 0.05, about 3
    /// degrees). Larger angles give multi-point manifolds for more tilted contacts.
    pub angle_tolerance: f64,
}

impl Default for ManifoldSettings {
    fn default() -> Self {
        Self {
            margin: 0.0,
            angle_tolerance: 0.05,
        }
    }
}

impl ManifoldSettings {
    with_fields! {
        /// This value with `margin` set (metres).
        with_margin(margin: f64);
        /// This value with `angle_tolerance` set (radians).
        with_angle_tolerance(angle_tolerance: f64);
    }

    /// Checks the ranges.
    pub fn validate(&self) -> Result<(), WolfeError> {
        validate_margin(self.margin)?;
        let a = self.angle_tolerance;
        let ok = (0.0..std::f64::consts::FRAC_PI_2).contains(&a);
        setting("angle_tolerance", a, ok, "must be finite and in [0, pi/2)")
    }
}

/// One point of a manifold, in world frame.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[non_exhaustive]
pub struct ContactPoint {
    /// Point on A's surface.
    pub point_a: Vec3,
    /// Point on B's surface.
    pub point_b: Vec3,
    /// Signed distance of this point pair along the manifold's normal (negative:
    /// penetrating), in metres.
    pub signed_distance: f64,
}

/// Up to four contact points sharing one normal.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct ContactManifold {
    /// Unit normal from A to B (the reference face's normal for a clipped manifold).
    pub normal: Vec3,
    pub(crate) points: [ContactPoint; 4],
    pub(crate) len: usize,
    /// Whether the contact the manifold was built from is certified.
    pub certified: bool,
}

impl ContactManifold {
    /// The contact points (1 to 4).
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.len]
    }

    /// A manifold of 1 to 4 points (the first four are kept).
    pub(crate) fn from_points(normal: Vec3, points: &[ContactPoint], certified: bool) -> Self {
        let mut m = Self {
            normal,
            points: [points[0]; 4],
            len: points.len().min(4),
            certified,
        };
        m.points[..m.len].copy_from_slice(&points[..m.len]);
        m
    }

    /// The smallest signed distance of the points.
    pub fn min_signed_distance(&self) -> f64 {
        self.points()
            .iter()
            .fold(f64::INFINITY, |m, p| m.min(p.signed_distance))
    }
}

/// A feature of a shape's core in world frame, with the shape's radius. A polygon's
/// vertices live in a buffer the caller owns (`feature`'s `verts`), so that a query
/// neither zero-fills nor returns by value a `[Vec3; MAX_FACE_VERTICES]` for a
/// 4-vertex box face (issue 20: `feature` was ~230 instructions a call in the
/// 40-body clutter step, its memset and the copies of the returned array included).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Feature {
    /// A face polygon, its vertices `verts[..len]` of the caller's buffer in cyclic
    /// order, with its outward unit normal.
    Polygon { len: usize, normal: Vec3 },
    /// A segment (a capsule's core lying along the contact plane).
    Segment([Vec3; 2]),
    /// Nothing flat: the single contact point stays.
    Point,
}

/// The feature of `shape` at `pose` facing the world direction `dir` (unit), and the
/// radius around it. A polygon's vertices are written to `verts[..len]` (nothing
/// else of `verts` is written or read); `sin_tol` is the sine of the angle tolerance.
pub(crate) fn feature(
    shape: &Shape, pose: &Pose, dir: &Vec3, sin_tol: f64, verts: &mut [Vec3; MAX_FACE_VERTICES],
) -> (Feature, f64) {
    match shape {
        Shape::Cuboid(c) => (box_face(&c.half_extents(), pose, dir, verts), 0.0),
        Shape::ConvexMesh(m) => (mesh_face(m, pose, dir, verts), 0.0),
        Shape::Capsule(c) => {
            let f = match capsule_segment(c.half_length(), pose, dir, sin_tol) {
                Some(s) => Feature::Segment(s),
                None => Feature::Point,
            };
            (f, c.radius())
        }
        Shape::Inflated(s) => {
            let (f, r) = feature(s.core(), pose, dir, sin_tol, verts);
            (f, r + s.added_radius())
        }
        _ => (Feature::Point, shape.radius()),
    }
}

/// The segment feature of `shape` (a capsule, or an inflated one) at `pose` facing
/// `dir`, with the radius around it, or `None` (any other shape, or a capsule whose
/// axis is more than `angle_tolerance` off the contact plane). What `feature` gives
/// for a segment, for callers that need nothing else (the half-space contacts): the
/// sine is computed only when a capsule is found (it was a `sin` a query for every
/// ball on the ground).
pub(crate) fn segment_feature(
    shape: &Shape, pose: &Pose, dir: &Vec3, angle_tolerance: f64,
) -> Option<([Vec3; 2], f64)> {
    match shape {
        Shape::Capsule(c) => {
            capsule_segment(c.half_length(), pose, dir, angle_tolerance.sin()).map(|s| (s, c.radius()))
        }
        Shape::Inflated(s) => {
            segment_feature(s.core(), pose, dir, angle_tolerance).map(|(seg, r)| (seg, r + s.added_radius()))
        }
        _ => None,
    }
}

/// A capsule's core segment (half length `half_length` along the local z axis) when
/// its axis lies within the tolerance (`|<axis, dir>| <= sin_tol`) of the contact plane.
fn capsule_segment(half_length: f64, pose: &Pose, dir: &Vec3, sin_tol: f64) -> Option<[Vec3; 2]> {
    let axis = pose.transform_vector(&Vec3::z());
    (axis.dot(dir).abs() <= sin_tol).then(|| {
        let h = half_length * axis;
        [pose.translation - h, pose.translation + h]
    })
}

/// The face of the box `[-h, h]` whose outward normal is most aligned with `dir`, its
/// four vertices written to `verts[..4]`.
fn box_face(h: &Vec3, pose: &Pose, dir: &Vec3, verts: &mut [Vec3; MAX_FACE_VERTICES]) -> Feature {
    let d = pose.inverse_transform_vector(dir);
    let k = d.iamax();
    let s = if d[k] >= 0.0 { 1.0 } else { -1.0 };
    let (i, j) = ((k + 1) % 3, (k + 2) % 3);
    // The vertices' coordinates are selected, not written at the dynamic indices k, i,
    // j of a vector in memory: reading that vector back whole right after three scalar
    // stores stalled the store forwarding (5% of the clutter step's time, perf).
    let (hk, hi, hj) = (s * h[k], h[i], h[j]);
    let pick = |a: usize, u: f64, v: f64| {
        if a == k {
            hk
        } else if a == i {
            u * hi
        } else {
            v * hj
        }
    };
    for (slot, &(u, v)) in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
        .iter()
        .enumerate()
    {
        let p = Vec3::new(pick(0, u, v), pick(1, u, v), pick(2, u, v));
        verts[slot] = pose.transform_point(&p);
    }
    let axis = |a: usize| if a == k { s } else { 0.0 };
    Feature::Polygon {
        len: 4,
        normal: pose.transform_vector(&Vec3::new(axis(0), axis(1), axis(2))),
    }
}

/// The face polygon of a convex mesh most aligned with `dir` (written to `verts[..len]`): the facet (coplanar
/// triangles merged, unit normal and ordered polygon stored with the hull) of best
/// normal (`ConvexMesh::facet_toward`: one dot product a facet, instead of a cross
/// product and a square root a triangle, then a scan and a sort of the vertices, which
/// was 21-26% of `panda-drop` with YCB hulls of up to 11668 triangles).
fn mesh_face(mesh: &ConvexMesh, pose: &Pose, dir: &Vec3, verts: &mut [Vec3; MAX_FACE_VERTICES]) -> Feature {
    let d = pose.inverse_transform_vector(dir);
    let Some((n, poly)) = mesh.facet_toward(&d).and_then(|f| mesh.facet(f)) else {
        return Feature::Point;
    };
    if poly.len() < 3 {
        return Feature::Point;
    }
    let len = poly.len().min(MAX_FACE_VERTICES);
    for (slot, p) in verts.iter_mut().zip(&poly[..len]) {
        *slot = pose.transform_point(p);
    }
    Feature::Polygon {
        len,
        normal: pose.transform_vector(&n),
    }
}

/// Clips `poly[..len]` by the half-space `<n, x> <= d` (Sutherland-Hodgman).
pub(crate) fn clip(poly: &[Vec3], n: &Vec3, d: f64, out: &mut [Vec3; CLIP_CAPACITY]) -> usize {
    let mut m = 0;
    let count = poly.len();
    for i in 0..count {
        let (p, q) = (poly[i], poly[(i + 1) % count]);
        let (dp, dq) = (n.dot(&p) - d, n.dot(&q) - d);
        if dp <= 0.0 && m < CLIP_CAPACITY {
            out[m] = p;
            m += 1;
        }
        if ((dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0)) && m < CLIP_CAPACITY {
            out[m] = p + (q - p) * (dp / (dp - dq));
            m += 1;
        }
    }
    m
}

/// Clips a segment (2 points, or 1 after an earlier clip) by `<n, x> <= d`.
pub(crate) fn clip_segment(seg: &[Vec3], n: &Vec3, d: f64, out: &mut [Vec3; CLIP_CAPACITY]) -> usize {
    if seg.len() == 1 {
        if n.dot(&seg[0]) <= d {
            out[0] = seg[0];
            return 1;
        }
        return 0;
    }
    let (p, q) = (seg[0], seg[1]);
    let (dp, dq) = (n.dot(&p) - d, n.dot(&q) - d);
    match (dp <= 0.0, dq <= 0.0) {
        (true, true) => {
            out[0] = p;
            out[1] = q;
            2
        }
        (false, false) => 0,
        (true, false) => {
            out[0] = p;
            out[1] = p + (q - p) * (dp / (dp - dq));
            2
        }
        (false, true) => {
            out[0] = p + (q - p) * (dp / (dp - dq));
            out[1] = q;
            2
        }
    }
}

/// Up to four indices spanning the largest area: the deepest point, the farthest from
/// it, the point of largest triangle with those two, and the largest on the other side
/// of their line (Bullet's and Box2D's reduction, in spirit).
pub(crate) fn reduce(points: &[ContactPoint], n: &Vec3) -> [Option<usize>; 4] {
    if points.len() <= 4 {
        let mut out = [None; 4];
        for (i, slot) in out.iter_mut().enumerate().take(points.len()) {
            *slot = Some(i);
        }
        return out;
    }
    // The incident-side points (point on the reference plane would do as well).
    let p = |i: usize| points[i].point_a + points[i].point_b;
    let argmax = |f: &dyn Fn(usize) -> f64| {
        (0..points.len())
            .map(|i| (i, f(i)))
            .fold((0, f64::NEG_INFINITY), |b, c| if c.1 > b.1 { c } else { b })
    };
    let (i0, _) = argmax(&|i| -points[i].signed_distance);
    let (i1, _) = argmax(&|i| (p(i) - p(i0)).norm_squared());
    let area = |i: usize| n.dot(&(p(i1) - p(i0)).cross(&(p(i) - p(i0))));
    let (i2, a2) = argmax(&|i| area(i).abs());
    let s = if area(i2) >= 0.0 { -1.0 } else { 1.0 };
    let (i3, a3) = argmax(&|i| s * area(i));
    let mut out = [Some(i0), Some(i1), None, None];
    if a2 > 0.0 {
        out[2] = Some(i2);
    }
    if a3 > 0.0 {
        out[3] = Some(i3);
    }
    out
}

/// Checks a contact margin: finite and `>= 0`, in metres.
pub(crate) fn validate_margin(margin: f64) -> Result<(), WolfeError> {
    non_negative_setting("margin", margin)
}
