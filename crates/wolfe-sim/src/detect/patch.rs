//! Patch contacts of the pressure field model: a pair with a compliant side against a
//! compliant, rigid or half-space side gets its contact surface
//! (`wolfe::hydroelastic`), one contact per polygon at its centre of pressure (see
//! `crate::hydroelastic`).

use wolfe::hydroelastic::ContactPolygon;
use wolfe::hydroelastic::{compliant_surface, halfspace_surface, rigid_surface, ContactSurface};
use wolfe::{HalfSpace, Vec3};

use super::{DetectedContact, Entry};
use crate::body::Material;
use crate::hydroelastic::{pair_dissipation, polygon_material, Hydroelastic, MIN_ALIGNMENT};
use crate::world::{Collider, World};

/// The contact-surface buffer, reused across pairs and steps.
#[derive(Debug, Default)]
pub(super) struct Patches {
    surface: ContactSurface,
    /// The polygons (contacts) the last detection made, with their vertices.
    pub(super) made: ContactPatches,
}

impl Patches {
    /// Starts a detection.
    pub(super) fn begin(&mut self) {
        self.made.clear();
    }

    /// The contacts of bounded pair (a, b) into `out` when it makes patch contact (a
    /// compliant side and a compliant or rigid other side): `true` then, `false` for a
    /// point-contact pair.
    pub(super) fn pair(
        &mut self, world: &World, a: &Entry<'_>, b: &Entry<'_>, out: &mut Vec<DetectedContact>,
    ) -> bool {
        let (Some(ha), Some(hb)) = (world.hydroelastic(a.collider), world.hydroelastic(b.collider)) else {
            return false;
        };
        let flip = match (ha, hb) {
            (Hydroelastic::Compliant(ga, _), Hydroelastic::Compliant(gb, _)) => {
                compliant_surface(ga, &a.pose, gb, &b.pose, &mut self.surface);
                false
            }
            (Hydroelastic::Rigid(mesh), Hydroelastic::Compliant(g, _)) => {
                rigid_surface(mesh, &a.pose, g, &b.pose, &mut self.surface);
                false
            }
            (Hydroelastic::Compliant(g, _), Hydroelastic::Rigid(mesh)) => {
                // The surface's normal points from the rigid side (b) into a.
                rigid_surface(mesh, &b.pose, g, &a.pose, &mut self.surface);
                true
            }
            (Hydroelastic::Rigid(_), Hydroelastic::Rigid(_)) => return false,
        };
        let dissipation = pair_dissipation(Some(ha), hb);
        self.push(
            (a.collider, a.material),
            (b.collider, b.material),
            dissipation,
            flip,
            out,
        );
        true
    }

    /// The contacts of half-space `plane` (static geometry `k`) with entry `b` into
    /// `out` when `b` is compliant: `true` then.
    pub(super) fn plane(
        &mut self, world: &World, (k, plane, material): (usize, &HalfSpace, &Material), b: &Entry<'_>,
        out: &mut Vec<DetectedContact>,
    ) -> bool {
        let Some(hb @ Hydroelastic::Compliant(g, _)) = world.hydroelastic(b.collider) else {
            return false;
        };
        halfspace_surface(plane, g, &b.pose, &mut self.surface);
        let dissipation = pair_dissipation(None, hb);
        self.push(
            (Collider::Static(k), material),
            (b.collider, b.material),
            dissipation,
            false,
            out,
        );
        true
    }

    /// One contact per polygon of the surface (normals flipped when `flip`).
    fn push(
        &mut self, (a, ma): (Collider, &Material), (b, mb): (Collider, &Material), dissipation: f64,
        flip: bool, out: &mut Vec<DetectedContact>,
    ) {
        let friction = ma.combine(mb).friction;
        for f in &self.surface.polygons {
            // A polygon whose pressure grows (almost) along the surface has no point
            // contact that represents it (see crate::hydroelastic).
            let Some(phi0) = f.signed_distance().filter(|_| f.alignment >= MIN_ALIGNMENT) else {
                continue;
            };
            let mut polygon = *f;
            let start = self.made.vertices.len() as u32;
            self.made
                .vertices
                .extend_from_slice(self.surface.polygon_vertices(f));
            polygon.vertex_range = (start, self.made.vertices.len() as u32);
            if flip {
                polygon.normal = -polygon.normal;
            }
            self.made.polygons.push(PatchPolygon { a, b, polygon });
            out.push(DetectedContact {
                a,
                b,
                point: f.center_of_pressure,
                normal: if flip { -f.normal } else { f.normal },
                phi0,
                material: polygon_material(f, phi0, dissipation, friction),
            });
        }
    }
}

/// One polygon of the last detection's contact surfaces that became a contact: for
/// drawing the patches (the SAP paper's Fig. 16) and for inspecting them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatchPolygon {
    /// The pair's first collider.
    pub a: Collider,
    /// The pair's second collider.
    pub b: Collider,
    /// The polygon (world frame; its normal from `a` into `b`).
    pub polygon: ContactPolygon,
}

/// The polygons of the last detection's contact surfaces that became contacts, all
/// pairs together, with their vertices (the buffers are reused from step to step).
#[derive(Clone, Debug, Default)]
pub struct ContactPatches {
    /// The polygons, in the order their contacts were made.
    pub polygons: Vec<PatchPolygon>,
    /// Their vertices, world frame, m (each polygon's in its `vertex_range`).
    pub vertices: Vec<Vec3>,
}

impl ContactPatches {
    /// The vertices of `p` (world frame, cyclic order).
    pub fn vertices_of(&self, p: &PatchPolygon) -> &[Vec3] {
        &self.vertices[p.polygon.vertex_range.0 as usize..p.polygon.vertex_range.1 as usize]
    }

    /// Empties it, keeping the buffers.
    pub(crate) fn clear(&mut self) {
        self.polygons.clear();
        self.vertices.clear();
    }
}
