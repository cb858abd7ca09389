//! `distance` and `collide` when a triangle mesh (`BVHModelOBBRSS`, `TriangleP`) is on
//! one side and a convex shape or another mesh on the other: wolfe's `CompositeSolver`
//! (branch and bound over the BVHs, exact over triangle pairs; each triangle a flat
//! convex set, so a mesh is a surface of zero thickness), on a solver kept per thread.

use std::cell::RefCell;

use pyo3::prelude::*;
use wolfe::{
    CompositeContact, CompositeSolver, Geometry, GjkStatus, Pose, SignedDistanceSettings, WolfeError,
};

use super::{CollisionRequest, CollisionResult, Contact, DistanceRequest, Status};
use crate::error::geometry;
use crate::geometry::Geom;
use crate::queries::Answer;

/// The composite geometry of a query argument (`None` for a half-space or plane).
fn composite(g: &Geom) -> Option<Geometry> {
    match g {
        Geom::Convex(s) => Some(Geometry::Convex(s.clone())),
        Geom::Mesh(m) => Some(Geometry::TriMesh(m.clone())),
        Geom::Flat(_) => None,
    }
}

/// Whether a pair goes through [`mesh_distance`] / [`mesh_collide`]: a mesh on one side
/// and no half-space or plane on the other.
pub fn is_mesh_pair(a: &Geom, b: &Geom) -> bool {
    matches!(
        (a, b),
        (Geom::Mesh(_), Geom::Mesh(_) | Geom::Convex(_)) | (Geom::Convex(_), Geom::Mesh(_))
    )
}

thread_local! {
    static COMPOSITE: RefCell<Option<CompositeSolver>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's composite solver for `settings` (made once per thread and
/// settings, so that repeated calls allocate nothing).
fn with_composite<R>(
    settings: &SignedDistanceSettings, f: impl FnOnce(&mut CompositeSolver) -> Result<R, WolfeError>,
) -> Result<R, WolfeError> {
    COMPOSITE.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|s| s.settings() != settings) {
            *slot = Some(CompositeSolver::new(*settings)?);
        }
        f(slot.as_mut().expect("set above"))
    })
}

fn pair(a: &Geom, b: &Geom) -> PyResult<(Geometry, Geometry)> {
    match (composite(a), composite(b)) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(crate::error::value(
            "internal error: a half-space or plane reached the mesh queries",
        )),
    }
}

/// The distance between a mesh and a shape or mesh: the minimum over triangle pairs
/// (0 with status `Intersecting` when they overlap); when `req.enable_signed_distance`
/// and they overlap, the deepest overlapping pair's signed distance (a surface's
/// depth, not that of a solid).
pub fn mesh_distance(a: &Geom, pa: &Pose, b: &Geom, pb: &Pose, req: &DistanceRequest) -> PyResult<Answer> {
    let (ga, gb) = pair(a, b)?;
    let settings = req.f.settings();
    let signed = req.enable_signed_distance;
    with_composite(&settings, |s| {
        let d = s.distance(&ga, pa, &gb, pb)?;
        let o = d.output;
        let mut answer = Answer {
            distance: o.distance,
            point_a: o.point_a,
            point_b: o.point_b,
            normal: o.normal,
            lower_bound: o.lower_bound,
            upper_bound: o.upper_bound,
            duality_gap: o.duality_gap,
            iterations: o.iterations,
            epa_iterations: 0,
            support_calls: o.support_calls,
            status: o.status,
            epa_status: None,
        };
        if signed && o.status == GjkStatus::Intersecting {
            let c = s.signed_distance(&ga, pa, &gb, pb)?.contact;
            answer.distance = c.signed_distance;
            answer.point_a = c.point_a;
            answer.point_b = c.point_b;
            answer.normal = c.normal;
            answer.upper_bound = c.signed_distance;
            answer.lower_bound = answer.lower_bound.min(c.signed_distance);
        }
        Ok(answer)
    })
    .map_err(geometry)
}

/// `collide` of a mesh and a shape or mesh: the first `num_max_contacts` triangle pairs
/// found within `security_margin` give a contact each (`b1`/`b2`: the triangle
/// indices, -1 for a convex shape, as coal), deepest first; the search stops there, as
/// coal's does.
pub fn mesh_collide(
    a: &Geom, pa: &Pose, b: &Geom, pb: &Pose, req: &CollisionRequest,
) -> PyResult<CollisionResult> {
    let (ga, gb) = pair(a, b)?;
    let margin = req.security_margin;
    let mut settings = req.f.settings();
    settings.gjk.collision_margin = margin.max(0.0);
    let keep = if req.enable_contact {
        req.num_max_contacts
    } else {
        0
    };
    let mut contacts: Vec<CompositeContact> = Vec::new();
    let test = with_composite(&settings, |s| {
        let test = s.intersects(&ga, pa, &gb, pb)?;
        if test.intersecting {
            s.first_contacts(&ga, pa, &gb, pb, margin.max(0.0), keep, &mut contacts)?;
        }
        Ok(test)
    })
    .map_err(geometry)?;
    contacts.retain(|c| c.contact.signed_distance <= margin);
    contacts.sort_by(|x, y| x.contact.signed_distance.total_cmp(&y.contact.signed_distance));
    let mut out = CollisionResult::new();
    // Without contacts asked for, the intersection test decides (within the margin).
    out.collision = if keep == 0 {
        test.intersecting
    } else {
        !contacts.is_empty()
    };
    out.status = Some(if out.collision {
        Status::Intersecting
    } else {
        Status::Converged
    });
    out.distance_lower_bound = contacts
        .first()
        .map_or(if test.intersecting { 0.0 } else { margin.max(0.0) }, |c| {
            c.contact.signed_distance
        });
    let primitive = |g: &Geometry, i: u32| match g {
        Geometry::Convex(_) => -1,
        _ => i64::from(i),
    };
    out.contacts = contacts
        .iter()
        .take(keep)
        .map(|c| Contact {
            point_a: c.contact.point_a,
            point_b: c.contact.point_b,
            normal: c.contact.normal,
            depth: c.contact.signed_distance,
            b1: primitive(&ga, c.part_a),
            b2: primitive(&gb, c.part_b),
        })
        .collect();
    Ok(out)
}
