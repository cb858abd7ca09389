//! [`CompositeSolver`]: distance, intersection, signed distance and contacts between
//! any two [`Geometry`] values (convex, compound, triangle mesh, on either side).

use std::ops::ControlFlow;

use super::geometry::{Geometry, View};
use super::pair::{PairSolver, Prim};
use super::walk::traverse;
use crate::collide::cache::PairCache;
use crate::collide::contact::{Contact, SignedDistanceSettings};
use crate::collide::distance::DistanceOutput;
use crate::collide::feature::{ContactManifold, ContactPoint, ManifoldSettings};
use crate::collide::gjk::GjkStatus;
use crate::error::{non_negative_setting, WolfeError};
use crate::math::Pose;

/// The closest primitive pair of two geometries and its distance output.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct CompositeDistance {
    /// The distance output of the closest pair (world frame, normal from A to B), with
    /// its status and duality gap; `lower_bound` is the smallest certified lower bound
    /// over every pair the search computed, so it bounds the geometries' distance.
    pub output: DistanceOutput,
    /// The primitive of A: 0 for a convex shape, the part index of a compound, the
    /// triangle index of a mesh.
    pub part_a: u32,
    /// The primitive of B, as `part_a`.
    pub part_b: u32,
    /// How many primitive pairs were computed (the rest were pruned by the BVHs).
    pub pairs_tested: u32,
}

/// One contact between primitives of two geometries.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct CompositeContact {
    /// The contact (world frame, normal from A to B).
    pub contact: Contact,
    /// The primitive of A (see [`CompositeDistance::part_a`]).
    pub part_a: u32,
    /// The primitive of B.
    pub part_b: u32,
}

/// Whether two geometries intersect, and the first pair found that does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CompositeCollision {
    /// Whether some primitive pair intersects within the GJK collision margin.
    pub intersecting: bool,
    /// The pair that does (`(part_a, part_b)`), `None` when separated.
    pub pair: Option<(u32, u32)>,
}

/// The queries between composite geometries. It holds the primitive solvers (GJK's
/// simplex, EPA's polytope) allocated once; a query allocates nothing (the contact
/// list is the caller's, reused).
///
/// Every query is exact over primitive pairs: the minimum (or the set) over all pairs
/// of convex parts / triangles, found by branch and bound over the BVHs. Triangles are
/// flat convex sets: a mesh is a surface of zero thickness (see `composite`).
#[derive(Clone, Debug)]
pub struct CompositeSolver {
    pairs: PairSolver,
}

impl CompositeSolver {
    /// A solver with validated settings: GJK's (its `collision_margin` is the margin of
    /// [`CompositeSolver::intersects`]) and EPA's.
    pub fn new(settings: SignedDistanceSettings) -> Result<Self, WolfeError> {
        settings.validate()?;
        Ok(Self {
            pairs: PairSolver::new(settings)?,
        })
    }

    /// The settings.
    pub fn settings(&self) -> &SignedDistanceSettings {
        self.pairs.contact.settings()
    }

    /// The distance between `a` at `pose_a` and `b` at `pose_b`: the minimum over
    /// primitive pairs, with the closest pair's witness points, normal and certificate.
    /// Stops at the first overlapping pair (distance 0, status `Intersecting`).
    pub fn distance(
        &mut self, a: &Geometry, pose_a: &Pose, b: &Geometry, pose_b: &Pose,
    ) -> Result<CompositeDistance, WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        let (va, vb) = (View::new(a, pose_a), View::new(b, pose_b));
        let mut best: Option<CompositeDistance> = None;
        let mut lower = f64::INFINITY;
        let mut tested = 0u32;
        let pairs = &mut self.pairs;
        traverse(&va, &vb, f64::INFINITY, |i, j| {
            let bound = best.map_or(f64::INFINITY, |b| b.output.distance);
            tested += 1;
            if let Some(d) = pairs.distance(&va.prim(i), &vb.prim(j), bound) {
                lower = lower.min(d.lower_bound);
                if d.distance < bound || best.is_none() {
                    best = Some(CompositeDistance {
                        output: d,
                        part_a: i,
                        part_b: j,
                        pairs_tested: 0,
                    });
                }
            }
            let bound = best.map_or(f64::INFINITY, |b| b.output.distance);
            if bound <= 0.0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(bound)
            }
        });
        let mut best = best.ok_or(WolfeError::Undefined {
            quantity: "distance",
            geometry: "pair of geometries",
            reason: "no primitive pair gave an answer",
        })?;
        best.output.lower_bound = best.output.lower_bound.min(lower);
        best.pairs_tested = tested;
        Ok(best)
    }

    /// Whether `a` at `pose_a` and `b` at `pose_b` intersect within the GJK settings'
    /// collision margin: the first intersecting primitive pair ends the search.
    pub fn intersects(
        &mut self, a: &Geometry, pose_a: &Pose, b: &Geometry, pose_b: &Pose,
    ) -> Result<CompositeCollision, WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        let (va, vb) = (View::new(a, pose_a), View::new(b, pose_b));
        let margin = self.settings().gjk.collision_margin;
        let mut pair = None;
        let pairs = &mut self.pairs;
        traverse(&va, &vb, margin, |i, j| {
            if pairs.intersects(&va.prim(i), &vb.prim(j)) {
                pair = Some((i, j));
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(margin)
            }
        });
        Ok(CompositeCollision {
            intersecting: pair.is_some(),
            pair,
        })
    }

    /// Every primitive pair whose signed distance is at most `margin` (metres, finite,
    /// `>= 0`), each with its own contact, written to `out` (cleared first; reuse it
    /// across calls so that nothing is allocated once it has grown). A marble in a bowl
    /// gets one contact per wall part or triangle it touches.
    pub fn contacts(
        &mut self, a: &Geometry, pose_a: &Pose, b: &Geometry, pose_b: &Pose, margin: f64,
        out: &mut Vec<CompositeContact>,
    ) -> Result<(), WolfeError> {
        self.first_contacts(a, pose_a, b, pose_b, margin, usize::MAX, out)
    }

    /// As [`CompositeSolver::contacts`], but the search stops once `max` contacts are
    /// found: the first `max` pairs in the BVH traversal's order (not the deepest), as
    /// a collision query that wants a few contacts needs (coal's `num_max_contacts`).
    /// `max = 0` finds none.
    // The query's six inputs of `contacts` plus the limit.
    #[allow(clippy::too_many_arguments)]
    pub fn first_contacts(
        &mut self, a: &Geometry, pose_a: &Pose, b: &Geometry, pose_b: &Pose, margin: f64, max: usize,
        out: &mut Vec<CompositeContact>,
    ) -> Result<(), WolfeError> {
        non_negative_setting("margin", margin)?;
        pose_a.validate()?;
        pose_b.validate()?;
        out.clear();
        if max == 0 {
            return Ok(());
        }
        let (va, vb) = (View::new(a, pose_a), View::new(b, pose_b));
        let pairs = &mut self.pairs;
        traverse(&va, &vb, margin, |i, j| {
            if let Some(contact) = pairs.contact(&va.prim(i), &vb.prim(j), margin) {
                out.push(CompositeContact {
                    contact,
                    part_a: i,
                    part_b: j,
                });
                if out.len() >= max {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(margin)
        });
        Ok(())
    }

    /// The contact manifold of one primitive pair, primitive `i` of `a` (at `pose_a`)
    /// and primitive `j` of `b`, or `None` when they are farther apart than
    /// `settings.margin`: two convex shapes (a convex geometry, compound parts) get
    /// [`ContactSolver::manifold`](crate::ContactSolver::manifold) on the parts at their
    /// world poses (with `cache`, so that a pair kept across steps is warm-started), a
    /// pair with a triangle gets its one contact point (GJK and EPA on the triangle as a
    /// flat convex set; no cache). Errors: an invalid pose or settings, a primitive index
    /// out of range ([`WolfeError::InvalidSetting`]).
    pub fn primitive_manifold(
        &mut self, (a, pose_a, i): (&Geometry, &Pose, u32), (b, pose_b, j): (&Geometry, &Pose, u32),
        settings: &ManifoldSettings, cache: Option<&mut PairCache>,
    ) -> Result<Option<ContactManifold>, WolfeError> {
        settings.validate()?;
        pose_a.validate()?;
        pose_b.validate()?;
        for (g, k) in [(a, i), (b, j)] {
            if k as usize >= g.primitive_count() {
                return Err(WolfeError::InvalidSetting {
                    name: "primitive index",
                    value: k as f64,
                    reason: "must be below the geometry's primitive count",
                });
            }
        }
        let (va, vb) = (View::new(a, pose_a), View::new(b, pose_b));
        let (pa, pb) = (va.prim(i), vb.prim(j));
        if let (Prim::Shape(sa, xa), Prim::Shape(sb, xb)) = (&pa, &pb) {
            return self.pairs.contact.manifold(sa, xa, sb, xb, settings, cache);
        }
        Ok(self.pairs.contact(&pa, &pb, settings.margin).map(|c| {
            let point = ContactPoint {
                point_a: c.point_a,
                point_b: c.point_b,
                signed_distance: c.signed_distance,
            };
            ContactManifold::from_points(c.normal, &[point], c.certified)
        }))
    }

    /// The signed distance: the distance when the geometries are apart, else the
    /// smallest signed distance (deepest penetration) over the overlapping primitive
    /// pairs. For compounds whose parts overlap each other and for meshes (surfaces of
    /// zero thickness), this is the deepest pair's depth, not the depth of the union as
    /// a solid. The output's `certified` is that of the pair reported.
    pub fn signed_distance(
        &mut self, a: &Geometry, pose_a: &Pose, b: &Geometry, pose_b: &Pose,
    ) -> Result<CompositeContact, WolfeError> {
        let d = self.distance(a, pose_a, b, pose_b)?;
        if d.output.status != GjkStatus::Intersecting {
            let o = d.output;
            return Ok(CompositeContact {
                contact: Contact {
                    normal: o.normal,
                    signed_distance: o.distance,
                    point_a: o.point_a,
                    point_b: o.point_b,
                    certified: o.status == GjkStatus::Converged,
                },
                part_a: d.part_a,
                part_b: d.part_b,
            });
        }
        let (va, vb) = (View::new(a, pose_a), View::new(b, pose_b));
        let mut deepest: Option<CompositeContact> = None;
        let pairs = &mut self.pairs;
        // Only pairs whose boxes overlap can penetrate.
        traverse(&va, &vb, 0.0, |i, j| {
            if let Some(c) = pairs.contact(&va.prim(i), &vb.prim(j), f64::INFINITY) {
                if deepest.is_none_or(|d| c.signed_distance < d.contact.signed_distance) {
                    deepest = Some(CompositeContact {
                        contact: c,
                        part_a: i,
                        part_b: j,
                    });
                }
            }
            ControlFlow::Continue(0.0)
        });
        deepest.ok_or(WolfeError::Undefined {
            quantity: "signed distance",
            geometry: "pair of geometries",
            reason: "no primitive pair gave an answer",
        })
    }
}
