//! The timed solves: Table III's cold and warm solves with the bisection reference on
//! the first problems, Fig. 4's solves with both support functions.

use std::hint::black_box;

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wolfe::{CenterPoint, GrowthOutput, GrowthSettings, GrowthSolver, Shape, WolfeError};
use wolfe_testkit::oracle::growth_bisection;

use super::design::{Row, Sizes, Start, Support, VERTICES_CASE};
use super::shapes::{nudge, random_hull, random_pose, size_of, vertex_count, BruteForce};
use crate::bench::BenchError;
use crate::timing;

/// Relative resolution of the bisection reference.
const REFERENCE_TOLERANCE: f64 = 1e-10;

/// The library error of a problem, as a bench error.
pub(super) fn query_error(id: usize, solver: &'static str) -> impl Fn(WolfeError) -> BenchError {
    move |source| BenchError::Query {
        id: id as u64,
        solver,
        source,
    }
}

/// The row of one timed solve of problem `id` of `case` (`vertices`: its larger hull
/// vertex count).
fn row(
    (case, id, vertices): (&'static str, usize, usize), (start, support): (Start, Support),
    out: &GrowthOutput, reference: Option<f64>, ns: u64,
) -> Row {
    Row {
        case,
        id,
        start,
        support,
        vertices,
        alpha: out.alpha,
        reference,
        iterations: out.iterations,
        status: out.status,
        ns,
    }
}

/// Table III, one case: cold and warm rows per problem.
pub(super) fn table_case(
    case: &'static str, pool: &[Shape], sizes: &Sizes, rng: &mut ChaCha8Rng, rows: &mut Vec<Row>,
    mut tick: impl FnMut(),
) -> Result<(), BenchError> {
    let settings = GrowthSettings::default();
    let mut cold = GrowthSolver::new(settings).map_err(query_error(0, "growth"))?;
    let mut times = vec![0u64; sizes.repeats.max(1)];
    for id in 0..sizes.problems {
        let a = &pool[rng.random_range(0..pool.len())];
        let b = &pool[rng.random_range(0..pool.len())];
        let extent = 0.25 * (size_of(a) + size_of(b));
        let pose_a = random_pose(rng, extent).map_err(query_error(id, "pose"))?;
        let pose_b = random_pose(rng, extent).map_err(query_error(id, "pose"))?;
        let (pa, pb) = (&pose_a, &pose_b);
        let vertices = vertex_count(a).max(vertex_count(b));
        let error = query_error(id, "growth");

        let (out, ns) =
            timing::growth_timed(&mut cold, (a, pa), (b, pb), None, &mut times).map_err(&error)?;
        let reference = if id < sizes.checks {
            Some(growth_bisection(a, pa, b, pb, out.alpha, REFERENCE_TOLERANCE).unwrap_or(f64::NAN))
        } else {
            None
        };
        rows.push(row(
            (case, id, vertices),
            (Start::Cold, Support::HillClimbing),
            &out,
            reference,
            ns,
        ));

        let mut state = GrowthSolver::new(settings).map_err(query_error(0, "growth"))?;
        let (qa, qb) = (
            nudge(rng, pa, 0.01 * size_of(a)),
            nudge(rng, pb, 0.01 * size_of(b)),
        );
        let (out, ns) = timing::growth_timed(&mut state, (a, pa), (b, pb), Some((&qa, &qb)), &mut times)
            .map_err(&error)?;
        rows.push(row(
            (case, id, vertices),
            (Start::Warm, Support::HillClimbing),
            &out,
            reference,
            ns,
        ));
        tick();
    }
    Ok(())
}

/// Fig. 4, one vertex count: per pair, a cold solve with each support function.
pub(super) fn vertices_case(
    n: usize, sizes: &Sizes, rng: &mut ChaCha8Rng, rows: &mut Vec<Row>, mut tick: impl FnMut(),
) -> Result<(), BenchError> {
    let mut solver = GrowthSolver::new(GrowthSettings::default()).map_err(query_error(0, "growth"))?;
    let mut times = vec![0u64; sizes.repeats.max(1)];
    for id in 0..sizes.pairs {
        let error = query_error(id, "growth");
        let a = random_hull(rng, n, 10.0).map_err(&error)?;
        let b = random_hull(rng, n, 10.0).map_err(&error)?;
        let (sa, sb) = (Shape::from(a.clone()), Shape::from(b.clone()));
        let extent = 0.25 * (size_of(&sa) + size_of(&sb));
        let pa = random_pose(rng, extent).map_err(&error)?;
        let pb = random_pose(rng, extent).map_err(&error)?;
        let vertices = a.vertices().len().max(b.vertices().len());

        let (out, ns) =
            timing::growth_timed(&mut solver, (&sa, &pa), (&sb, &pb), None, &mut times).map_err(&error)?;
        rows.push(row(
            (VERTICES_CASE, id, vertices),
            (Start::Cold, Support::HillClimbing),
            &out,
            None,
            ns,
        ));

        let (ba, bb) = (BruteForce(&a), BruteForce(&b));
        let (ca, cb) = (CenterPoint::of(&ba), CenterPoint::of(&bb));
        let out = solver
            .growth_distance_of(&ba, &pa, &bb, &pb, Some(&[ca, cb]))
            .map_err(&error)?;
        let ns = timing::median_ns(&mut times, || {
            solver.growth_distance_of(
                black_box(&ba),
                black_box(&pa),
                black_box(&bb),
                black_box(&pb),
                Some(&[ca, cb]),
            )
        });
        rows.push(row(
            (VERTICES_CASE, id, vertices),
            (Start::Cold, Support::BruteForce),
            &out,
            None,
            ns,
        ));
        tick();
    }
    Ok(())
}
