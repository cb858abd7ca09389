//! Contacts of pairs with a compound or a triangle mesh on a side: every primitive pair
//! (part against part, part against triangle) that the BVH traversal finds within the
//! pair's margin ([`Geometry::close_pairs`]) gets a manifold of its own
//! ([`CompositeSolver::primitive_manifold`]: clipped faces for two convex parts, one
//! point for a pair with a triangle), with its own warm-start cache and persistent
//! points, exactly as a pair of convex shapes does (`detect.rs`).
//!
//! Why one state per part pair, not one manifold whose points carry a part id: each
//! part pair has its own normal (a marble touching the bowl's floor and its wall, a
//! dumbbell's two ends on the ground), and the persistent merge, the reuse test and
//! the warm start (GJK++ Sec. IV-E) are all defined for one pair of convex sets with
//! one normal. Keeping them per part pair reuses that code unchanged, and a compound
//! of one part behaves exactly as its convex part (the same queries on the same poses:
//! tested bit for bit).
//!
//! Memory is bounded: a part pair has a state only while it is close (the traversal
//! finds it); the states live in [`PairSlots`] keyed by (broad-phase pair, part pair),
//! whose slots are freed when the pair is not found again and reused, so the slab grows
//! to the largest number of close part pairs at once and then stays (no allocation in
//! a steady step). Half-spaces take each part of a compound in closed form, with the
//! same per-part cull and state as a convex shape.

use wolfe::{CompositeSolver, ContactPoint, ConvexShape, Geometry, HalfSpace, SignedDistanceSettings};

use super::persistent::MERGE;
use super::slots::{PairKey, PairSlots};
use super::DetectedContact;
use super::{plane_contact, Entry, Pair, PairState, Walk};
use crate::body::Material;
use crate::error::SimError;
use crate::world::Collider;

/// A part pair's key: the broad-phase pair (or the (half-space, moving shape) pair)
/// and the primitives' indices.
type PartKey = (PairKey, (u32, u32));

/// Which walk of [`PartPairs`]: the broad phase's pairs or the half-space pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PartPlane {
    /// Pairs of bounded geometry (body-body, body-static).
    Bounded,
    /// A half-space against a compound's parts.
    HalfSpace,
}

/// The primitive queries and the per-part-pair states of composite pairs.
#[derive(Debug)]
pub(super) struct PartPairs {
    solver: CompositeSolver,
    states: PairSlots<PairState, PartKey>,
    plane_states: PairSlots<PairState, PartKey>,
    /// One pair's close primitive pairs, reused.
    close: Vec<(u32, u32)>,
}

impl PartPairs {
    /// With the narrow phase's settings (those of the convex pairs).
    pub(super) fn new(narrow_phase: SignedDistanceSettings) -> Result<Self, SimError> {
        Ok(Self {
            solver: CompositeSolver::new(narrow_phase)?,
            states: PairSlots::default(),
            plane_states: PairSlots::default(),
            close: Vec::new(),
        })
    }

    fn slots(&mut self, which: PartPlane) -> &mut PairSlots<PairState, PartKey> {
        match which {
            PartPlane::Bounded => &mut self.states,
            PartPlane::HalfSpace => &mut self.plane_states,
        }
    }

    /// Starts a detection's walk of `which` (pairs must come in ascending order).
    pub(super) fn begin(&mut self, which: PartPlane) {
        self.slots(which).begin();
    }

    /// Ends it: part pairs not seen are forgotten.
    pub(super) fn finish(&mut self, which: PartPlane) {
        self.slots(which).finish();
    }

    /// The contacts of broad-phase pair `key` (entries `ea`, `eb`, A static when one
    /// is) into `out`: one manifold per close primitive pair, from its kept state.
    /// `counts`: the detector's pair queries and reused manifolds.
    pub(super) fn pair(
        &mut self, key: PairKey, (ea, eb): (&Entry<'_>, &Entry<'_>), walk: &Walk,
        (queries, reused): (&mut usize, &mut usize), out: &mut Vec<DetectedContact>,
    ) -> Result<(), SimError> {
        let (ga, gb) = (ea.geometry, eb.geometry);
        let margin = walk.settings.margin;
        let start = out.len();
        ga.close_pairs(&ea.pose, gb, &eb.pose, margin, &mut self.close);
        for c in 0..self.close.len() {
            let (pa, pb) = self.close[c];
            let xa = ga.primitive_pose(&ea.pose, pa);
            let xb = gb.primitive_pose(&eb.pose, pb);
            let radii = (ga.primitive_radius(pa), gb.primitive_radius(pb));
            let slot = self.states.slot((key, (pa, pb)));
            *queries += 1;
            let state = self.states.state_mut(slot);
            let solver = &mut self.solver;
            let manifold = state.manifold(
                &xa,
                &xb,
                radii,
                (margin, walk.reuse.0, walk.reuse.1),
                reused,
                |wide, cache| {
                    let settings = walk.settings.with_margin(wide);
                    let m = solver.primitive_manifold(
                        (ga, &ea.pose, pa),
                        (gb, &eb.pose, pb),
                        &settings,
                        Some(cache),
                    )?;
                    Ok(m.filter(|m| front_facing(m.normal, (ga, &ea.pose, pa), (gb, &eb.pose, pb))))
                },
            )?;
            let mut points = [ContactPoint::default(); 8];
            let count = state.points(
                manifold.as_ref(),
                (&xa, &xb),
                margin,
                walk.angle_tolerance,
                walk.persistent,
                &mut points,
            );
            if let Some(m) = &manifold {
                let ma = part_material(ea.material, ga.primitive_friction(pa));
                let mb = part_material(eb.material, gb.primitive_friction(pb));
                let pair = Pair {
                    a: (ea.collider, &ma),
                    b: (eb.collider, &mb),
                };
                pair.push_points(&m.normal, &points[..count], out);
            }
        }
        let merge = MERGE * walk.settings.margin;
        let len = start + merge_duplicates(&mut out[start..], merge, walk.angle_tolerance.cos());
        out.truncate(len);
        Ok(())
    }

    /// The contacts of half-space `k` (with its material) and moving entry `e` (`eb`, a
    /// compound) into `out`: each part in closed form, culled by its own world box.
    pub(super) fn plane(
        &mut self, (k, plane, material): (usize, &HalfSpace, &Material), e: usize, eb: &Entry<'_>,
        walk: &Walk, reused: &mut usize, out: &mut Vec<DetectedContact>,
    ) -> Result<(), SimError> {
        let Geometry::Compound(compound) = eb.geometry else {
            // Moving meshes are refused when the body is added; a convex entry never
            // comes here.
            return Ok(());
        };
        for (p, part) in compound.parts().iter().enumerate() {
            let pose = eb.pose.compose(&part.pose);
            let aabb = part.shape.local_aabb().transformed(&pose);
            let radius = eb.geometry.primitive_radius(p as u32);
            let mut points = [ContactPoint::default(); 8];
            let slots = (&mut self.plane_states, ((k, e), (p as u32, 0)));
            if let Some((normal, count)) = plane_contact(
                plane,
                (&part.shape, &pose, &aabb, radius),
                slots,
                walk,
                reused,
                &mut points,
            )? {
                let mb = part_material(eb.material, part.friction);
                let pair = Pair {
                    a: (Collider::Static(k), material),
                    b: (eb.collider, &mb),
                };
                pair.push_points(&normal, &points[..count], out);
            }
        }
        Ok(())
    }
}

/// Whether a contact of normal `n` (A to B) between primitive `pa` of `ga` and `pb` of
/// `gb` touches a closed mesh's triangle from its front (outside the solid the mesh
/// bounds): a closed mesh is the boundary of a solid, and a shape outside it reaches a
/// triangle only from the side its outward normal points to. The triangles seen from
/// behind (the outer wall of a bowl, seen by a marble inside it, within the margin
/// through the wall's thickness) give no contact. Open meshes are surfaces with two
/// sides: every contact counts.
fn front_facing(
    n: wolfe::Vec3, (ga, xa, pa): (&Geometry, &wolfe::Pose, u32),
    (gb, xb, pb): (&Geometry, &wolfe::Pose, u32),
) -> bool {
    let facing = |g: &Geometry, x: &wolfe::Pose, p: u32, towards: wolfe::Vec3| match g {
        Geometry::TriMesh(m) if m.is_closed() => {
            x.transform_vector(&m.triangle(p).normal()).dot(&towards) >= 0.0
        }
        _ => true,
    };
    facing(ga, xa, pa, n) && facing(gb, xb, pb, -n)
}

/// Merges the contacts of one pair that are the same contact found through several
/// primitives, in place: a sphere on a mesh vertex touches each triangle around it at
/// that vertex with the same normal, and an edge's two triangles both report a point
/// on it. Contacts whose points lie within `radius` of each other with normals within
/// the angle of cosine `cos_angle` are one: the deepest is kept (each primitive pair
/// keeps its own state all the same). Returns how many remain, first in the slice.
fn merge_duplicates(contacts: &mut [DetectedContact], radius: f64, cos_angle: f64) -> usize {
    let mut kept = 0;
    for k in 0..contacts.len() {
        let c = contacts[k];
        let same = contacts[..kept]
            .iter()
            .position(|d| (d.point - c.point).norm() <= radius && d.normal.dot(&c.normal) >= cos_angle);
        match same {
            Some(d) if c.phi0 < contacts[d].phi0 => contacts[d] = c,
            Some(_) => {}
            None => {
                contacts[kept] = c;
                kept += 1;
            }
        }
    }
    kept
}

/// A side's material with a part's own friction, where it has one.
fn part_material(material: &Material, friction: Option<f64>) -> Material {
    match friction {
        Some(friction) => Material {
            friction,
            ..*material
        },
        None => *material,
    }
}
