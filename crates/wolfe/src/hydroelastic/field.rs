//! [`CompliantGeometry`]: a volume mesh with the pressure field of the pressure field
//! model (Elandt et al. 2019, the SAP paper's ref. \[35\]), linear on each tetrahedron.
//!
//! The field is `p(x) = E e(x)`: `E` the hydroelastic modulus (Pa) and `e` the
//! normalized depth, 0 on the surface and 1 at the deepest point (\[35\]).
//! Given at the vertices, it is interpolated linearly on each tetrahedron, so each
//! tetrahedron `t` carries `p(x) = g_t . x + c_t` with a constant gradient `g_t` (Pa/m):
//! what the contact surface needs (its pressure at a polygon's centroid and the
//! gradient along the normal, Masterjohn et al. 2021, the SAP paper's ref. \[36\]).

use nalgebra::Matrix3;

use super::polygon::{tetrahedron_planes, TetrahedronPlanes};
use super::volume::VolumeMesh;
use crate::composite::{BoxTree, Bvh, BvhNode};
use crate::error::{positive, WolfeError};
use crate::math::{Aabb, Pose, Vec3};

/// A linear pressure field on one tetrahedron: `p(x) = gradient . x + offset` in the
/// geometry's frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearField {
    /// The constant gradient, Pa/m.
    pub gradient: Vec3,
    /// The value at the frame's origin, Pa.
    pub offset: f64,
}

impl LinearField {
    /// The pressure at `x` (geometry frame), Pa.
    #[inline]
    pub fn at(&self, x: &Vec3) -> f64 {
        self.gradient.dot(x) + self.offset
    }
}

/// A compliant hydroelastic geometry: a [`VolumeMesh`] in the geometry's frame, the
/// pressure at its vertices (`E` times the normalized depth), the linear field of each
/// tetrahedron, and a [`Bvh`] over the tetrahedra (so a contact visits only the
/// tetrahedra near the other geometry).
#[derive(Clone, Debug)]
pub struct CompliantGeometry {
    mesh: VolumeMesh,
    pressure: Vec<f64>,
    fields: Vec<LinearField>,
    boxes: Vec<Aabb>,
    /// Each tetrahedron's outward face planes (the contact surface clips by them).
    planes: Vec<TetrahedronPlanes>,
    bvh: Bvh,
    modulus: f64,
}

impl CompliantGeometry {
    /// The geometry of `mesh` with hydroelastic modulus `modulus` (Pa) and the
    /// normalized depth `depth` at each vertex (0 on the surface, 1 at the deepest
    /// point; the pressure is `modulus * depth`).
    ///
    /// Errors: [`WolfeError::InvalidShapeParameter`] for a modulus that is not finite and
    /// positive, a depth per vertex missing, or a depth outside `[0, 1]` or NaN;
    /// [`WolfeError::Undefined`] when every depth is zero (no pressure anywhere).
    pub fn new(mesh: VolumeMesh, depth: &[f64], modulus: f64) -> Result<Self, WolfeError> {
        positive("compliant geometry", "hydroelastic modulus", modulus)?;
        if depth.len() != mesh.vertices().len() {
            return Err(WolfeError::InvalidShapeParameter {
                shape: "compliant geometry",
                parameter: "depth",
                value: depth.len() as f64,
                reason: "one normalized depth per vertex is needed",
            });
        }
        if let Some(&d) = depth.iter().find(|d| !(0.0..=1.0).contains(*d)) {
            return Err(WolfeError::InvalidShapeParameter {
                shape: "compliant geometry",
                parameter: "depth",
                value: d,
                reason: "a normalized depth lies in [0, 1]",
            });
        }
        if depth.iter().all(|&d| d == 0.0) {
            return Err(WolfeError::Undefined {
                quantity: "pressure field",
                geometry: "compliant geometry",
                reason: "every vertex has depth 0: the field is zero everywhere",
            });
        }
        let pressure: Vec<f64> = depth.iter().map(|d| modulus * d).collect();
        let fields = (0..mesh.tetrahedra().len())
            .map(|t| {
                linear_field(
                    &mesh.tetrahedron(t),
                    &mesh.tetrahedra()[t].map(|i| pressure[i as usize]),
                )
            })
            .collect();
        let boxes: Vec<Aabb> = (0..mesh.tetrahedra().len())
            .map(|t| mesh.tetrahedron_aabb(t))
            .collect();
        let planes = (0..mesh.tetrahedra().len())
            .map(|t| tetrahedron_planes(&mesh.tetrahedron(t)))
            .collect();
        let bvh = Bvh::build(&boxes);
        Ok(Self {
            mesh,
            pressure,
            fields,
            boxes,
            planes,
            bvh,
            modulus,
        })
    }

    /// The volume mesh.
    #[inline]
    pub fn mesh(&self) -> &VolumeMesh {
        &self.mesh
    }

    /// The hydroelastic modulus `E`, Pa.
    #[inline]
    pub fn modulus(&self) -> f64 {
        self.modulus
    }

    /// The pressure at each vertex, Pa.
    #[inline]
    pub fn vertex_pressures(&self) -> &[f64] {
        &self.pressure
    }

    /// Tetrahedron `t`'s linear field.
    #[inline]
    pub fn field(&self, t: usize) -> &LinearField {
        &self.fields[t]
    }

    /// The BVH over the tetrahedra.
    #[inline]
    pub fn bvh(&self) -> &Bvh {
        &self.bvh
    }

    /// The box around the mesh, geometry frame.
    pub fn local_aabb(&self) -> Aabb {
        self.bvh.root_aabb().expect("a volume mesh has tetrahedra")
    }

    /// Tetrahedron `t`'s box, geometry frame.
    #[inline]
    pub(crate) fn tetrahedron_aabb(&self, t: u32) -> Aabb {
        self.boxes[t as usize]
    }

    /// Tetrahedron `t`'s outward face planes, in the geometry's frame.
    #[inline]
    pub(crate) fn tetrahedron_planes(&self, t: u32) -> &TetrahedronPlanes {
        &self.planes[t as usize]
    }
}

/// The linear function on tetrahedron `p` taking the values `values` at its vertices:
/// its gradient `g` solves `(p_i - p_0) . g = v_i - v_0` (i = 1..3).
fn linear_field(p: &[Vec3; 4], values: &[f64; 4]) -> LinearField {
    let m = Matrix3::from_rows(&[
        (p[1] - p[0]).transpose(),
        (p[2] - p[0]).transpose(),
        (p[3] - p[0]).transpose(),
    ]);
    let rhs = Vec3::new(
        values[1] - values[0],
        values[2] - values[0],
        values[3] - values[0],
    );
    // VolumeMesh::new refused slivers: m is invertible.
    let gradient = m.lu().solve(&rhs).unwrap_or_else(Vec3::zeros);
    LinearField {
        gradient,
        offset: values[0] - gradient.dot(&p[0]),
    }
}

/// A posed compliant geometry as a tree of tetrahedron boxes (for the two-tree walk).
pub(crate) struct TetTree<'g> {
    pub(crate) geometry: &'g CompliantGeometry,
    pub(crate) pose: &'g Pose,
}

impl BoxTree for TetTree<'_> {
    #[inline]
    fn pose(&self) -> &Pose {
        self.pose
    }

    #[inline]
    fn node(&self, i: u32) -> &BvhNode {
        &self.geometry.bvh.nodes()[i as usize]
    }

    #[inline]
    fn items(&self, node: &BvhNode) -> &[u32] {
        self.geometry.bvh.items(node)
    }

    #[inline]
    fn item_aabb(&self, i: u32) -> Aabb {
        self.geometry.tetrahedron_aabb(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_linear_field_interpolates_the_vertex_values() {
        let p = [
            Vec3::new(0.1, 0.0, -0.2),
            Vec3::new(1.0, 0.3, 0.0),
            Vec3::new(0.0, 1.2, 0.1),
            Vec3::new(0.2, 0.1, 0.9),
        ];
        let values = [3.0, -1.0, 2.5, 0.7];
        let f = linear_field(&p, &values);
        for (x, v) in p.iter().zip(values) {
            assert!((f.at(x) - v).abs() < 1e-12);
        }
    }

    #[test]
    fn bad_modulus_and_depths_are_refused() {
        let mesh = VolumeMesh::new(
            vec![Vec3::zeros(), Vec3::x(), Vec3::y(), Vec3::z()],
            vec![[0, 1, 2, 3]],
        )
        .unwrap();
        for e in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(CompliantGeometry::new(mesh.clone(), &[1.0, 0.0, 0.0, 0.0], e).is_err());
        }
        assert!(CompliantGeometry::new(mesh.clone(), &[1.0, 0.0, 0.0], 1e5).is_err());
        assert!(CompliantGeometry::new(mesh.clone(), &[f64::NAN, 0.0, 0.0, 0.0], 1e5).is_err());
        assert!(CompliantGeometry::new(mesh.clone(), &[0.0; 4], 1e5).is_err());
        assert!(CompliantGeometry::new(mesh, &[1.0, 0.0, 0.0, 0.0], 1e5).is_ok());
    }
}
