//! `wolfe run` on a set with compounds or triangle meshes ([`GeometrySet`]): the
//! composite queries of `wolfe::CompositeSolver`, timed as [`crate::run::run_set`]
//! times the convex ones.

use std::hint::black_box;

use wolfe::{CompositeSolver, GjkStatus, WolfeError};

use crate::problem_set::GeometrySet;
use crate::run::{query_error, record_each, RunError, RunOptions, RunRecord, Task};
use crate::timing;

/// Solves and times every problem of `set`, single thread, in file order: task
/// distance (the minimum over primitive pairs), collision (1.0 / 0.0) and penetration
/// (the signed distance of `CompositeSolver::signed_distance`). Growth distance is
/// defined for convex shapes only: a set with a composite gets the typed error
/// [`WolfeError::ConvexOnly`] in [`RunError::Query`]. Iterations are the closest
/// pair's GJK iterations.
pub fn run_geometry_set(
    set: &GeometrySet, options: &RunOptions, on_problem: impl FnMut(),
) -> Result<Vec<RunRecord>, RunError> {
    options.validate()?;
    let mut solver = CompositeSolver::new(options.penetration_settings()).map_err(RunError::Settings)?;
    let rows = (&set.problems[..], set.has_reference, options.repeats);
    record_each(rows, on_problem, |p, times| {
        let query_error = query_error(p);
        let (a, b) = set.geometries_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        Ok(match options.task {
            Task::Distance => {
                let out = solver.distance(a, pa, b, pb).map_err(query_error)?;
                let ns = timing::median_ns(times, || {
                    solver.distance(black_box(a), black_box(pa), black_box(b), black_box(pb))
                });
                (out.output.distance, out.output.iterations, out.output.status, ns)
            }
            Task::Collision => {
                let out = solver.intersects(a, pa, b, pb).map_err(query_error)?;
                let ns = timing::median_ns(times, || {
                    solver.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb))
                });
                let (value, status) = if out.intersecting {
                    (1.0, GjkStatus::Intersecting)
                } else {
                    (0.0, GjkStatus::Separated)
                };
                (value, 0, status, ns)
            }
            Task::Penetration => {
                let out = solver.signed_distance(a, pa, b, pb).map_err(query_error)?;
                let ns = timing::median_ns(times, || {
                    solver.signed_distance(black_box(a), black_box(pa), black_box(b), black_box(pb))
                });
                let status = if out.contact.signed_distance <= 0.0 {
                    GjkStatus::Intersecting
                } else {
                    GjkStatus::Converged
                };
                (out.contact.signed_distance, 0, status, ns)
            }
            Task::Growth => {
                let composite = if a.as_convex("growth distance").is_err() {
                    a
                } else {
                    b
                };
                let source = composite
                    .as_convex("growth distance")
                    .err()
                    .unwrap_or(WolfeError::ConvexOnly {
                        query: "growth distance on a geometry set",
                        geometry: "set with compounds or triangle meshes",
                    });
                return Err(query_error(source));
            }
        })
    })
}
