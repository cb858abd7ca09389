//! Compliant geometries of wolfe's shapes: a tetrahedral mesh and the normalized depth
//! at its vertices (the pressure field model's `e(x)`, Elandt et al. 2019),
//! at a resolution hint (an edge length, metres).
//!
//! - **Sphere, ellipsoid**: the star of the centre over an icosphere (scaled by the
//!   radii), depth 1 at the centre and 0 on the surface. For a sphere the field is the
//!   exact normalized depth `1 - r/R` up to the chords of the tessellation (second
//!   order in the resolution); for an ellipsoid it is `1 - rho`, `rho` the ellipsoidal
//!   radius (the sphere's field, scaled).
//! - **Polytopes with at most [`MEDIAL_MAX_PLANES`] facet planes** (every box; convex
//!   meshes and coarse tessellations): the exact normalized depth, `d(x) / d_max` with
//!   `d(x) = min_f (o_f - n_f . x)` the distance to the boundary. `d` is linear on the
//!   region where facet `f` is nearest, `{x : o_f - n_f . x <= o_g - n_g . x for all g}`,
//!   a convex polytope (the cells of the medial axis), so meshing each cell (the star of
//!   its centroid) makes the piecewise-linear field exact.
//! - **Other shapes** (capsules, cylinders, cones and finely tessellated meshes): the
//!   star of the centroid over the surface polytope ([`super::surface_polytope`]),
//!   depth 1 at the centroid and falling linearly to 0 along each ray to the surface.

use super::field::CompliantGeometry;
use super::tessellate::{icosphere, icosphere_level, surface_polytope};
use super::volume::VolumeMesh;
use crate::error::{positive, WolfeError};
use crate::math::Vec3;
use crate::mesh::ConvexMesh;
use crate::shape::{ConvexShape, Shape};

/// The most facet planes a polytope may have for its exact distance field (the cells'
/// vertices are found among triples of `2F - 1` planes per cell: `O(F^4)` in all).
pub const MEDIAL_MAX_PLANES: usize = 32;

impl CompliantGeometry {
    /// The compliant geometry of `shape` (its local frame) with hydroelastic modulus
    /// `modulus` (Pa), meshed with edges of about `resolution` metres on curved
    /// surfaces (see the module documentation for each shape's field).
    ///
    /// Errors: [`WolfeError::InvalidShapeParameter`] for a modulus or resolution that is
    /// not finite and positive; the mesh's errors for a shape too thin to mesh.
    pub fn from_shape(shape: &Shape, modulus: f64, resolution: f64) -> Result<Self, WolfeError> {
        positive("hydroelastic mesh", "resolution", resolution)?;
        positive("compliant geometry", "hydroelastic modulus", modulus)?;
        let (mesh, depth) = match shape {
            Shape::Sphere(s) => ball(Vec3::repeat(s.radius()), resolution)?,
            Shape::Ellipsoid(e) => ball(e.radii(), resolution)?,
            _ => polytope(surface_polytope(shape, resolution)?.as_ref())?,
        };
        Self::new(mesh, &depth, modulus)
    }
}

/// The star of the origin over the unit icosphere scaled by `radii`: every
/// tetrahedron joins the centre to one surface triangle.
fn ball(radii: Vec3, resolution: f64) -> Result<(VolumeMesh, Vec<f64>), WolfeError> {
    let (dirs, triangles) = icosphere(icosphere_level(radii.max(), resolution));
    let mut vertices: Vec<Vec3> = dirs.iter().map(|d| d.component_mul(&radii)).collect();
    let centre = vertices.len() as u32;
    vertices.push(Vec3::zeros());
    let mut depth = vec![0.0; vertices.len()];
    depth[centre as usize] = 1.0;
    let tets = triangles.iter().map(|&[a, b, c]| [centre, a, b, c]).collect();
    Ok((VolumeMesh::new(vertices, tets)?, depth))
}

/// A polytope's mesh and depth: the exact field when it has few facet planes, else
/// the star of its centroid.
fn polytope(m: &ConvexMesh) -> Result<(VolumeMesh, Vec<f64>), WolfeError> {
    let planes = facet_planes(m);
    if planes.len() <= MEDIAL_MAX_PLANES {
        if let Some(cells) = medial_cells(&planes)? {
            return Ok(cells);
        }
    }
    let mut vertices = m.vertices().to_vec();
    let centre = vertices.len() as u32;
    vertices.push(m.centroid());
    let mut depth = vec![0.0; vertices.len()];
    depth[centre as usize] = 1.0;
    let tets = m.faces().iter().map(|&[a, b, c]| [centre, a, b, c]).collect();
    Ok((VolumeMesh::new(vertices, tets)?, depth))
}

/// A plane `{x : n . x = o}` (`n` unit and outward for a facet).
#[derive(Clone, Copy, Debug)]
struct Plane {
    n: Vec3,
    o: f64,
}

/// The distinct planes of `m`'s triangles (coplanar triangles give one plane).
fn facet_planes(m: &ConvexMesh) -> Vec<Plane> {
    let scale = m
        .vertices()
        .iter()
        .map(|v| v.amax())
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    let mut planes: Vec<Plane> = Vec::new();
    for (face, n) in m.faces().iter().zip(m.face_normals()) {
        let o = n.dot(&m.vertices()[face[0] as usize]);
        let same = |p: &Plane| (p.n - n).amax() < 1e-9 && (p.o - o).abs() < 1e-9 * scale;
        if !planes.iter().any(same) {
            planes.push(Plane { n: *n, o });
        }
    }
    planes
}

/// The cells of the medial axis of the polytope `{x : n_f . x <= o_f}`, each meshed as
/// the star of its centroid, with the exact normalized depth at every vertex; `None`
/// when no cell spans a solid (numerically degenerate input).
fn medial_cells(planes: &[Plane]) -> Result<Option<(VolumeMesh, Vec<f64>)>, WolfeError> {
    let scale = planes
        .iter()
        .map(|p| p.o.abs())
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    let (mut vertices, mut raw, mut tets) = (Vec::new(), Vec::new(), Vec::new());
    for f in planes {
        // The cell of f: inside every facet, and nearer to f than to any other facet.
        let cell: Vec<Plane> = planes
            .iter()
            .copied()
            .chain(
                planes
                    .iter()
                    .filter(|g| (g.n - f.n).amax() > 0.0 || g.o != f.o)
                    .map(|g| Plane {
                        n: g.n - f.n,
                        o: g.o - f.o,
                    }),
            )
            .collect();
        let corners = cell_vertices(&cell, scale);
        let Ok(hull) = ConvexMesh::from_points(&corners) else {
            continue; // a cell without volume (a facet with no interior region)
        };
        let base = vertices.len() as u32;
        let centroid = hull.vertices().iter().sum::<Vec3>() / hull.vertices().len() as f64;
        for v in hull.vertices().iter().chain(std::iter::once(&centroid)) {
            vertices.push(*v);
            raw.push((f.o - f.n.dot(v)).max(0.0));
        }
        let centre = vertices.len() as u32 - 1;
        tets.extend(
            hull.faces()
                .iter()
                .map(|&[a, b, c]| [centre, base + a, base + b, base + c]),
        );
    }
    let deepest = raw.iter().copied().fold(0.0, f64::max);
    if tets.is_empty() || deepest <= 0.0 {
        return Ok(None);
    }
    let depth = raw.iter().map(|d| (d / deepest).min(1.0)).collect();
    Ok(Some((VolumeMesh::new(vertices, tets)?, depth)))
}

/// The vertices of `{x : n . x <= o for every plane}`: the feasible solutions of every
/// triple of planes, without duplicates (tolerances relative to `scale`).
fn cell_vertices(planes: &[Plane], scale: f64) -> Vec<Vec3> {
    let mut out: Vec<Vec3> = Vec::new();
    for i in 0..planes.len() {
        for j in i + 1..planes.len() {
            let nij = planes[i].n.cross(&planes[j].n);
            for k in j + 1..planes.len() {
                let (a, b, c) = (&planes[i], &planes[j], &planes[k]);
                let det = nij.dot(&c.n);
                if det.abs() < 1e-12 * a.n.norm() * b.n.norm() * c.n.norm() {
                    continue;
                }
                // Cramer's rule in the cross-product form.
                let x = (b.n.cross(&c.n) * a.o + c.n.cross(&a.n) * b.o + nij * c.o) / det;
                let inside = planes
                    .iter()
                    .all(|p| p.n.dot(&x) <= p.o + 1e-9 * scale * (1.0 + p.n.norm()));
                if inside && !out.iter().any(|y| (y - x).amax() < 1e-9 * scale) {
                    out.push(x);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Cuboid, Sphere};

    /// The exact distance to a box's boundary over its smallest half-extent.
    fn box_depth(h: &Vec3, x: &Vec3) -> f64 {
        (0..3).map(|i| h[i] - x[i].abs()).fold(f64::INFINITY, f64::min) / h.min()
    }

    #[test]
    fn a_box_field_is_its_exact_normalized_depth() {
        let h = Vec3::new(0.3, 0.2, 0.05);
        let g =
            CompliantGeometry::from_shape(&Shape::Cuboid(Cuboid::new(h.into()).unwrap()), 1e6, 0.1).unwrap();
        assert!((g.mesh().volume() - 8.0 * h.x * h.y * h.z).abs() < 1e-12);
        // Random points inside each tetrahedron (barycentric), against the exact field.
        let mut s = 1u64;
        let mut rand = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 53) as f64
        };
        for t in 0..g.mesh().tetrahedra().len() {
            let p = g.mesh().tetrahedron(t);
            let w = [rand(), rand(), rand(), rand()];
            let sum: f64 = w.iter().sum();
            let x = (0..4).map(|i| p[i] * (w[i] / sum)).sum::<Vec3>();
            let want = 1e6 * box_depth(&h, &x);
            assert!(
                (g.field(t).at(&x) - want).abs() < 1e-6,
                "tet {t}: {} vs {want}",
                g.field(t).at(&x)
            );
        }
    }

    #[test]
    fn a_sphere_field_approaches_one_minus_r_over_radius() {
        let r = 0.1;
        let g = CompliantGeometry::from_shape(&Shape::Sphere(Sphere::new(r).unwrap()), 1.0, 0.01).unwrap();
        let volume = 4.0 / 3.0 * std::f64::consts::PI * r * r * r;
        assert!((g.mesh().volume() - volume).abs() < 0.01 * volume);
        for t in (0..g.mesh().tetrahedra().len()).step_by(97) {
            let p = g.mesh().tetrahedron(t);
            let x = (p[0] + p[1] + p[2] + p[3]) / 4.0;
            assert!((g.field(t).at(&x) - (1.0 - x.norm() / r)).abs() < 2e-3);
        }
    }
}
