//! `wolfe bench growth`: Table III and Fig. 4 of the growth distance paper (Thirugnanam &
//! Sreenath, "A Ray Intersection Algorithm for Fast Growth Distance Computation Between
//! Convex Sets", Sec. IV), on [`wolfe::GrowthSolver`].
//!
//! **Table III** (solve times, median and 99.99th percentile, cold and warm start). Four
//! cases, each a pool of shapes from which every problem draws a random pair, placed at
//! random poses (random rotations, centres in a box of the pair's size, so overlapping
//! and separated pairs mix):
//! - `ellipsoids`: semi-axes log-uniform in `[0.0025, 0.25]` m (the paper's two orders of
//!   magnitude: needles and sheets included);
//! - `primitives`: spheres, ellipsoids, capsules, cylinders and cones, every parameter
//!   log-uniform in `[0.0025, 0.25]` m (the paper's "curved primitives");
//! - `ycb`: the YCB convex hulls of `--ycb-dir` (the paper's "meshes");
//! - `hulls`: hulls of 32 to 2048 random points on ellipsoid surfaces (aspect up to 10).
//!
//! Cold: per problem one untimed solve (alpha, iterations, status), then the median of
//! `repeats` timed solves (the suite's timing method, [`crate::timing`]). Warm (Sec.
//! III-F.3, the paper's setting): the pair is first solved at poses moved by about 1% of
//! each shape's size (translation, and 0.01 rad of rotation), then the warm-started solve
//! at the problem's own poses is timed, each repeat from a copy of that same solver
//! state (the copy is made outside the timed interval). Warm and cold thus answer the
//! same problem, and their `alpha` must agree. The percentiles are over the per-problem
//! medians (nearest rank; with fewer than 10,000 problems the 99.99th is the maximum).
//!
//! The answers are checked, not only timed: every solve must end optimal
//! ([`wolfe::GrowthStatus::Converged`], tolerance-optimal, Def. 4), warm and cold `alpha` must
//! agree, and on the first problems of each case `alpha` is compared with an independent
//! reference, bisection on the sign of GJK distances between the shapes scaled about
//! their centres (to 1e-10 relative, `wolfe_testkit::oracle`). A disagreement is reported in the summary and makes
//! the command fail (see [`BenchReport::failures`]).
//!
//! **Fig. 4** (solve time against the number of polytope vertices): pairs of hulls of `N`
//! random points on an ellipsoid surface of aspect ratio 10 (every point is a vertex), `N`
//! from 8 to 4096 (doubling), solved cold with the meshes' hill-climbing support and with
//! a brute-force support over all vertices (a [`wolfe::SupportMap`] + [`wolfe::ConvexShape`] adapter,
//! through [`wolfe::GrowthSolver::growth_distance_of`]); median, minimum and maximum over the
//! pairs, as the paper's plot. Both supports must give the same `alpha`.
//!
//! Output: `growth.csv`, one row per measurement
//! (`case,id,start,support,vertices,alpha,reference,iterations,status,ns`; `vertices` is
//! the larger hull vertex count of the pair, 0 for curved shapes; `reference` is the
//! bisection's alpha or empty; `ns` the median time of the solve), `growth-vertices.png`
//! and `.svg` (Fig. 4), and the summary section.
//!
//! Sizes (see [`SIZES`]): `--quick` 200 problems per case, 20 repeats, 30 reference
//! checks; Fig. 4 with 6 pairs per size, 10 repeats. Full: 10,000 problems per case,
//! 100 repeats, 500 reference checks; Fig. 4 with 100 pairs per size, 100 repeats. (The
//! paper: 1000 pairs x 100 poses x 100 calls per case.)

//!
//! One module per stage: `design` (cases, sizes, rows), `shapes` (the generated shapes
//! and poses), `solve` (the timed solves and the reference), `report` (CSV, chart,
//! checks, summary).

mod design;
mod report;
mod shapes;
mod solve;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use wolfe::Shape;

use super::{BenchError, BenchOptions, BenchReport};
use crate::plot::Chart;
use crate::progress::progress_bar;

pub use design::{Row, Sizes, Start, Support, AGREEMENT, CASES, SEED, SIZES, VERTEX_COUNTS, VERTICES_CASE};
pub use report::percentile;
pub use shapes::BruteForce;

/// Runs Table III and Fig. 4, writes `growth.csv`, the plot and the summary.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let sizes = SIZES[usize::from(!options.quick)];
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let shape_error = solve::query_error(0, "shapes");
    let mut pools: Vec<Vec<Shape>> = Vec::with_capacity(CASES.len());
    for case in CASES {
        let pool = match case {
            "ellipsoids" => (0..sizes.pool)
                .map(|_| shapes::curved(&mut rng, true))
                .collect::<Result<Vec<_>, _>>()
                .map_err(&shape_error)?,
            "primitives" => (0..sizes.pool)
                .map(|_| shapes::curved(&mut rng, false))
                .collect::<Result<Vec<_>, _>>()
                .map_err(&shape_error)?,
            "ycb" => super::load_hulls(&options.ycb_dir)?
                .into_iter()
                .map(|(_, s)| s)
                .collect(),
            _ => (0..sizes.hulls)
                .map(|k| shapes::random_hull(&mut rng, 32 << (k % 7), 10.0).map(Shape::from))
                .collect::<Result<Vec<_>, _>>()
                .map_err(&shape_error)?,
        };
        pools.push(pool);
    }

    let total = CASES.len() * sizes.problems + VERTEX_COUNTS.len() * sizes.pairs;
    let bar = progress_bar(total, "growth: solving");
    let mut rows = Vec::with_capacity(2 * total);
    for (case, pool) in CASES.iter().zip(&pools) {
        solve::table_case(case, pool, &sizes, &mut rng, &mut rows, || bar.inc(1))?;
    }
    for &n in &VERTEX_COUNTS {
        solve::vertices_case(n, &sizes, &mut rng, &mut rows, || bar.inc(1))?;
    }
    bar.finish_and_clear();

    let mut report = BenchReport::default();
    let csv = options.out.join("growth.csv");
    report::write_rows(&csv, &rows)?;
    report.files.push(csv);
    report
        .files
        .extend(report::vertices_chart(&rows).write(&options.out, "growth-vertices")?);
    report.failures = report::failures(&rows);
    report.summary = report::summary(&rows, &sizes, &pools, &report.failures);
    Ok(report)
}
