//! The support features of a shape in a direction, as the gradients' uniqueness tests
//! need them: the dimension of the support set (a point, a segment, a face) and of the
//! normal cone at it, with the directions that decide whether two of them are parallel.

use crate::math::{Pose, Vec3};
use crate::mesh::ConvexMesh;
use crate::shape::{ConvexShape, Shape, SupportMap};

/// The support set of a shape in a direction, and the normal cone there.
#[derive(Clone, Copy, Debug)]
pub(super) struct Feature {
    /// Dimension of the support set: 0 a point, 1 a segment, 2 a face.
    pub(super) dim: u8,
    /// World direction of the segment when `dim == 1` (unit).
    pub(super) segment: Vec3,
    /// Dimension of the normal cone at the support set: 1 where the surface is smooth
    /// or on a face, 2 on an edge or a rim (a wedge), 3 at a vertex or an apex.
    pub(super) cone: u8,
    /// When `cone == 2`: the world direction orthogonal to the wedge's plane (the edge,
    /// or the rim's tangent), unit.
    pub(super) crease: Vec3,
    /// When `dim == 2`: the face's unit outward normal (world frame), the one exact
    /// direction in which this face is the support set. When `dim == 1`: the direction
    /// nearest the query's in which this segment is the support set exactly.
    pub(super) normal: Vec3,
    /// When `dim == 1`: the axis (unit, world) about which that direction turns while
    /// this segment stays the support set (the segment itself; a cone's axis for its
    /// side generators).
    pub(super) pivot: Vec3,
}

impl Feature {
    fn point(cone: u8) -> Self {
        Self {
            dim: 0,
            segment: Vec3::zeros(),
            cone,
            crease: Vec3::zeros(),
            normal: Vec3::zeros(),
            pivot: Vec3::zeros(),
        }
    }

    /// A face of outward unit normal `normal`.
    fn face(normal: Vec3) -> Self {
        Self {
            dim: 2,
            segment: Vec3::zeros(),
            cone: 1,
            crease: Vec3::zeros(),
            normal,
            pivot: Vec3::zeros(),
        }
    }

    /// A segment along `axis` (unit), seen from the direction `d`; an edge of a
    /// polytope when `sharp` (normal cone a wedge orthogonal to it), a line of a smooth
    /// side otherwise. Its exact directions are those orthogonal to `axis`.
    fn segment(axis: Vec3, sharp: bool, d: &Vec3) -> Self {
        Self {
            dim: 1,
            segment: axis,
            cone: if sharp { 2 } else { 1 },
            crease: if sharp { axis } else { Vec3::zeros() },
            normal: (d - axis * axis.dot(d)).normalize(),
            pivot: axis,
        }
    }

    /// A rim point whose normal cone is the wedge orthogonal to `tangent`.
    fn rim(tangent: Vec3) -> Self {
        Self {
            dim: 0,
            segment: Vec3::zeros(),
            cone: 2,
            crease: tangent,
            normal: Vec3::zeros(),
            pivot: Vec3::zeros(),
        }
    }

    /// The same support set on a shape inflated by a positive radius: smooth there.
    fn rounded(self) -> Self {
        Self {
            cone: 1,
            crease: Vec3::zeros(),
            ..self
        }
    }

    fn to_world(self, pose: &Pose) -> Self {
        Self {
            segment: pose.transform_vector(&self.segment),
            crease: pose.transform_vector(&self.crease),
            normal: pose.transform_vector(&self.normal),
            pivot: pose.transform_vector(&self.pivot),
            ..self
        }
    }
}

/// Whether two unit directions are parallel: the sine of their angle at most `tol`.
pub(super) fn parallel(u: &Vec3, v: &Vec3, tol: f64) -> bool {
    u.cross(v).norm() <= tol
}

/// Whether the pair of support sets (A's in `n`, B's in `-n`) can hold more than one
/// pair of witness points: both are more than a point, and not two segments crossing at
/// an angle (whose projections along `n` meet in one point). Conservative: a segment
/// over a face, or two faces, count as several pairs even where their projections
/// would meet in one point only (a corner touching a corner: not generic).
pub(super) fn several_witness_pairs(fa: &Feature, fb: &Feature, tol: f64) -> bool {
    if fa.dim == 0 || fb.dim == 0 {
        return false;
    }
    !(fa.dim == 1 && fb.dim == 1 && !parallel(&fa.segment, &fb.segment, tol))
}

/// Whether the normal cones of A at its support set and of B at its support set (in
/// `-n`) share more than the ray of `n`: generically when their dimensions sum to 5 or
/// more (a vertex against an edge or a vertex), or two wedges of parallel creases.
pub(super) fn several_normals(fa: &Feature, fb: &Feature, tol: f64) -> bool {
    fa.cone + fb.cone >= 5 || (fa.cone == 2 && fb.cone == 2 && parallel(&fa.crease, &fb.crease, tol))
}

/// The support feature of `shape` at `pose` in the world direction `n` (unit), with the
/// angular tolerance `tol` (sine of an angle) for "parallel to a face or an edge".
pub(super) fn feature(shape: &Shape, pose: &Pose, n: &Vec3, tol: f64) -> Feature {
    let d = pose.inverse_transform_vector(n);
    let d = d / d.norm();
    local_feature(shape, &d, tol).to_world(pose)
}

/// The support point of the whole shape (core and radius) at `pose` in the world
/// direction `n` (unit): `max_{x in shape} <n, x>`.
pub(super) fn world_support(shape: &Shape, pose: &Pose, n: &Vec3) -> Vec3 {
    let core = pose.transform_point(&shape.local_support(&pose.inverse_transform_vector(n)));
    core + shape.radius() * n
}

fn local_feature(shape: &Shape, d: &Vec3, tol: f64) -> Feature {
    let z = Vec3::z();
    let rho = (d.x * d.x + d.y * d.y).sqrt();
    // The unit radial direction of `d` and the rim's tangent there.
    let radial = || Vec3::new(d.x / rho, d.y / rho, 0.0);
    let tangent = || z.cross(&radial());
    match shape {
        Shape::Sphere(_) | Shape::Ellipsoid(_) => Feature::point(1),
        Shape::Capsule(_) => {
            if d.z.abs() <= tol {
                Feature::segment(z, false, d)
            } else {
                Feature::point(1)
            }
        }
        Shape::Cuboid(_) => {
            let flat = |i: usize| d[i].abs() <= tol;
            match (0..3).filter(|&i| flat(i)).count() {
                0 => Feature::point(3),
                1 => Feature::segment(Vec3::ith((0..3).find(|&i| flat(i)).unwrap_or(0), 1.0), true, d),
                _ => {
                    // The one axis along which `d` is not flat (the largest component).
                    let i = d.iamax();
                    Feature::face(Vec3::ith(i, d[i].signum()))
                }
            }
        }
        Shape::Cylinder(_) => {
            if rho <= tol {
                Feature::face(Vec3::ith(2, d.z.signum()))
            } else if d.z.abs() <= tol {
                Feature::segment(z, false, d)
            } else {
                Feature::rim(tangent())
            }
        }
        Shape::Cone(c) => {
            let (r, h) = (c.base_radius(), c.half_length());
            if rho <= tol && d.z < 0.0 {
                return Feature::face(-z);
            }
            // Sine of the angle between `d` and the side's normal (2h u, r) / |.|.
            let side = (2.0 * h * d.z - r * rho) / (4.0 * h * h + r * r).sqrt();
            if side.abs() <= tol && rho > tol {
                let axis = (2.0 * h * z - r * radial()).normalize();
                // The side's normals: (2h u + r z) / |.| for the radial unit u, turning
                // about the cone's axis.
                Feature {
                    normal: (2.0 * h * radial() + r * z).normalize(),
                    pivot: z,
                    ..Feature::segment(axis, false, d)
                }
            } else if side > 0.0 {
                Feature::point(3) // the apex
            } else {
                Feature::rim(tangent())
            }
        }
        Shape::ConvexMesh(m) => mesh_feature(m, d, tol),
        Shape::Inflated(s) => {
            let core = local_feature(s.core(), d, tol);
            if s.added_radius() > 0.0 {
                core.rounded()
            } else {
                core
            }
        }
    }
}

/// A mesh's support set: the support vertex and its neighbours within `tol` times the
/// mesh's size of the support plane, classified by their spread (one point, an edge, or
/// a face, whose normal is that of the plane through the support vertex and two of those
/// neighbours most aligned with `d`). The neighbours suffice: a face or an edge of the
/// support set holds edges of the hull from the support vertex. No allocation.
fn mesh_feature(mesh: &ConvexMesh, d: &Vec3, tol: f64) -> Feature {
    let verts = mesh.vertices();
    let i0 = mesh.support_vertex(d);
    let v0 = verts[i0 as usize];
    let eps = tol * (v0 - mesh.centroid()).norm().max(f64::MIN_POSITIVE);
    let near = || {
        mesh.neighbors(i0)
            .iter()
            .map(|&j| verts[j as usize])
            .filter(move |v| d.dot(&(v - v0)) >= -eps)
    };
    let Some(first) = near().next() else {
        return Feature::point(3);
    };
    let mut best: Option<Vec3> = None;
    for (k, u) in near().enumerate() {
        for w in near().skip(k + 1) {
            let m = (u - v0).cross(&(w - v0));
            let len = m.norm();
            // `w` within `eps` of the line through `v0` and `u`: no plane.
            if len <= eps * (u - v0).norm() {
                continue;
            }
            let m = m * (m.dot(d).signum() / len);
            if best.is_none_or(|b| m.dot(d) > b.dot(d)) {
                best = Some(m);
            }
        }
    }
    match best {
        Some(normal) => Feature::face(normal),
        None => Feature::segment((first - v0).normalize(), true, d),
    }
}
