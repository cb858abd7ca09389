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
//! ([`GrowthStatus::Converged`], tolerance-optimal, Def. 4), warm and cold `alpha` must
//! agree, and on the first problems of each case `alpha` is compared with an independent
//! reference, bisection on the sign of GJK distances between the shapes scaled about
//! their centres (to 1e-10 relative). A disagreement is reported in the summary and makes
//! the command fail (see [`BenchReport::failures`]).
//!
//! **Fig. 4** (solve time against the number of polytope vertices): pairs of hulls of `N`
//! random points on an ellipsoid surface of aspect ratio 10 (every point is a vertex), `N`
//! from 8 to 4096 (doubling), solved cold with the meshes' hill-climbing support and with
//! a brute-force support over all vertices (a [`SupportMap`] adapter of this module,
//! through [`GrowthSolver::growth_distance_of`]); median, minimum and maximum over the
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

use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Write as _;
use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe::collide::gjk::{run_gjk, QueryKind};
use wolfe::collide::minkowski::MinkowskiDifference;
use wolfe::collide::simplex::Simplex;
use wolfe::{
    Aabb, Capsule, CenterPoint, Cone, ConvexMesh, Cylinder, Ellipsoid, GjkSettings, GjkStatus,
    GrowthSettings, GrowthSolver, GrowthStatus, Pose, Quat, ScaledAboutCenter, Shape, Sphere, SupportMap,
    Vec3, WolfeError,
};

use super::{median, BenchError, BenchOptions, BenchReport};
use crate::generate::random_quaternion;
use crate::plot::{RangeChart, RangeSeries};
use crate::progress::progress_bar;
use crate::timing;

/// Seed of the generated shapes and poses.
pub const SEED: u64 = 2024;

/// Sizes of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Table III: problems per case.
    pub problems: usize,
    /// Table III: shapes in each curved case's pool.
    pub pool: usize,
    /// Table III: random hulls in the `hulls` pool.
    pub hulls: usize,
    /// Table III: problems per case checked against the bisection reference.
    pub checks: usize,
    /// Fig. 4: pairs per vertex count.
    pub pairs: usize,
    /// Timed repeats per solve (the median is the problem's time).
    pub repeats: usize,
}

/// `--quick` and full sizes.
pub const SIZES: [Sizes; 2] = [
    Sizes {
        problems: 200,
        pool: 100,
        hulls: 14,
        checks: 30,
        pairs: 6,
        repeats: 20,
    },
    Sizes {
        problems: 10_000,
        pool: 1000,
        hulls: 70,
        checks: 500,
        pairs: 100,
        repeats: 100,
    },
];

/// Table III's cases, in order.
pub const CASES: [&str; 4] = ["ellipsoids", "primitives", "ycb", "hulls"];

/// The case name of Fig. 4's rows in `growth.csv`.
pub const VERTICES_CASE: &str = "vertices";

/// Fig. 4's vertex counts (log-spaced: doubling from 8 to 4096).
pub const VERTEX_COUNTS: [usize; 10] = [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/// Largest relative disagreement of two `alpha`s (warm and cold, hill-climbing and brute
/// force, solver and reference) that passes: the solver's tolerance is a relative gap of
/// `sqrt(f64::EPSILON)`, 1.5e-8.
pub const AGREEMENT: f64 = 1e-6;

/// How a solve was started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// No memory.
    Cold,
    /// From the inner approximation of a solve at poses moved by 1%.
    Warm,
}

impl Start {
    /// The name in `growth.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Start::Cold => "cold",
            Start::Warm => "warm",
        }
    }
}

/// The support function of the meshes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    /// The library's: hill-climbing over the vertex adjacency (brute force up to
    /// [`wolfe::mesh::SUPPORT_BRUTE_FORCE_MAX_VERTICES`]).
    HillClimbing,
    /// Every vertex checked ([`BruteForce`]).
    BruteForce,
}

impl Support {
    /// The name in `growth.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Support::HillClimbing => "hill",
            Support::BruteForce => "brute",
        }
    }
}

/// One timed solve.
#[derive(Clone, Debug)]
pub struct Row {
    /// One of [`CASES`] or [`VERTICES_CASE`].
    pub case: &'static str,
    /// Problem index in its case (per vertex count for Fig. 4).
    pub id: usize,
    /// Cold or warm.
    pub start: Start,
    /// The meshes' support function.
    pub support: Support,
    /// The larger hull vertex count of the pair (0 for curved shapes).
    pub vertices: usize,
    /// The growth distance found.
    pub alpha: f64,
    /// The bisection reference's growth distance, on the checked problems.
    pub reference: Option<f64>,
    /// Iterations of the solve.
    pub iterations: u32,
    /// How it ended.
    pub status: GrowthStatus,
    /// Median ns of the timed repeats.
    pub ns: u64,
}

/// A convex mesh whose support checks every vertex: Fig. 4's "without hill-climbing".
pub struct BruteForce<'m>(pub &'m ConvexMesh);

impl SupportMap for BruteForce<'_> {
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        self.0.vertices()[self.0.support_vertex_brute_force(dir) as usize]
    }
    fn is_strictly_convex(&self) -> bool {
        false
    }
    fn is_polytope(&self) -> bool {
        true
    }
    fn local_aabb(&self) -> Aabb {
        self.0.local_aabb()
    }
    fn center(&self) -> Vec3 {
        self.0.center()
    }
    fn inradius(&self) -> f64 {
        self.0.inradius()
    }
}

/// A posed pair of shapes.
struct Problem<'s> {
    a: &'s Shape,
    b: &'s Shape,
    pose_a: Pose,
    pose_b: Pose,
}

impl Problem<'_> {
    /// Whether the shapes scaled by `alpha` about their centres are apart: vanilla GJK
    /// distance, tolerance 1e-12, between the scaled cores is above the scaled radii.
    fn scaled_apart(&self, alpha: f64) -> bool {
        // The bisection keeps alpha finite and positive; anything else is not "apart".
        let (Ok(sa), Ok(sb)) = (
            ScaledAboutCenter::new(self.a, alpha),
            ScaledAboutCenter::new(self.b, alpha),
        ) else {
            return false;
        };
        let pose_ab = self.pose_a.relative(&self.pose_b);
        let mut md = MinkowskiDifference::new(&sa, &sb, &pose_ab);
        let x0 = md.bounding_box_center_difference();
        let settings = GjkSettings {
            tolerance: 1e-12,
            max_iterations: 1000,
            ..GjkSettings::default()
        };
        let run = run_gjk(
            &mut md,
            x0,
            &settings,
            QueryKind::Distance,
            &mut Simplex::default(),
        );
        run.status != GjkStatus::Intersecting && run.x.norm() > sa.radius() + sb.radius()
    }

    /// The independent reference: bisection on [`Problem::scaled_apart`] to 1e-10
    /// relative, from a bracket around `guess` (widened until verified, at most 2^20
    /// either way); `None` when no bracket was found.
    fn bisection(&self, guess: f64) -> Option<f64> {
        let (mut lo, mut hi) = (guess * 0.5, guess * 2.0);
        for _ in 0..20 {
            if self.scaled_apart(lo) {
                break;
            }
            lo *= 0.5;
        }
        for _ in 0..20 {
            if !self.scaled_apart(hi) {
                break;
            }
            hi *= 2.0;
        }
        if !self.scaled_apart(lo) || self.scaled_apart(hi) {
            return None;
        }
        while hi - lo > 1e-10 * hi {
            let mid = 0.5 * (lo + hi);
            if self.scaled_apart(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(0.5 * (lo + hi))
    }
}

/// `0.25 * 10^u`, `u` uniform in `[-2, 0]`: log-uniform in `[0.0025, 0.25]` m.
fn log_uniform(rng: &mut ChaCha8Rng) -> f64 {
    0.25 * 10f64.powf(rng.random_range(-2.0..0.0))
}

/// A curved primitive with log-uniform parameters (ellipsoids only, or any kind).
fn curved(rng: &mut ChaCha8Rng, ellipsoids_only: bool) -> Result<Shape, WolfeError> {
    let kind = if ellipsoids_only {
        1
    } else {
        rng.random_range(0..5)
    };
    let mut r = || log_uniform(rng);
    Ok(match kind {
        0 => Sphere::new(r())?.into(),
        1 => Ellipsoid::new([r(), r(), r()])?.into(),
        2 => Capsule::new(r(), r())?.into(),
        3 => Cylinder::new(r(), r())?.into(),
        _ => Cone::new(r(), r())?.into(),
    })
}

/// A uniformly random unit vector.
fn unit(rng: &mut ChaCha8Rng) -> Vec3 {
    let d = crate::generate::random_direction(rng);
    Vec3::new(d[0], d[1], d[2])
}

/// The hull of `n` random points on the surface of an ellipsoid with semi-axes
/// `0.2 * (1, u, 1 / aspect)` m, `u` uniform in `[1 / aspect, 1]`.
fn random_hull(rng: &mut ChaCha8Rng, n: usize, aspect: f64) -> Result<ConvexMesh, WolfeError> {
    let axes = Vec3::new(1.0, rng.random_range(1.0 / aspect..=1.0), 1.0 / aspect) * 0.2;
    let points: Vec<Vec3> = (0..n).map(|_| unit(rng).component_mul(&axes)).collect();
    ConvexMesh::from_points(&points)
}

/// A uniformly random rotation and a translation uniform in `[-extent, extent]^3`.
fn random_pose(rng: &mut ChaCha8Rng, extent: f64) -> Result<Pose, WolfeError> {
    let q = random_quaternion(rng);
    let mut t = || rng.random_range(-extent..=extent);
    Pose::from_parts([t(), t(), t()], q)
}

/// The diagonal of a shape's local bounding box.
fn size_of(s: &Shape) -> f64 {
    let b = s.local_aabb();
    (b.max - b.min).norm()
}

/// The vertex count of a mesh, 0 for other shapes.
fn vertex_count(s: &Shape) -> usize {
    match s {
        Shape::ConvexMesh(m) => m.vertices().len(),
        _ => 0,
    }
}

/// `pose` moved by `step` along a random direction and turned by 0.01 rad about a
/// random axis.
fn nudge(rng: &mut ChaCha8Rng, pose: &Pose, step: f64) -> Pose {
    let axis = unit(rng);
    let dir = unit(rng);
    Pose {
        rotation: Quat::from_scaled_axis(axis * 0.01) * pose.rotation,
        translation: pose.translation + dir * step,
    }
}

/// The library error of a problem, as a bench error.
fn query_error(id: usize, solver: &'static str) -> impl Fn(WolfeError) -> BenchError {
    move |source| BenchError::Query {
        id: id as u64,
        solver,
        source,
    }
}

/// Runs Table III and Fig. 4, writes `growth.csv`, the plot and the summary.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let sizes = SIZES[usize::from(!options.quick)];
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let shape_error = query_error(0, "shapes");
    let mut pools: Vec<Vec<Shape>> = Vec::with_capacity(CASES.len());
    for case in CASES {
        let pool = match case {
            "ellipsoids" => (0..sizes.pool)
                .map(|_| curved(&mut rng, true))
                .collect::<Result<Vec<_>, _>>()
                .map_err(&shape_error)?,
            "primitives" => (0..sizes.pool)
                .map(|_| curved(&mut rng, false))
                .collect::<Result<Vec<_>, _>>()
                .map_err(&shape_error)?,
            "ycb" => super::load_hulls(&options.ycb_dir)?
                .into_iter()
                .map(|(_, s)| s)
                .collect(),
            _ => (0..sizes.hulls)
                .map(|k| random_hull(&mut rng, 32 << (k % 7), 10.0).map(Shape::from))
                .collect::<Result<Vec<_>, _>>()
                .map_err(&shape_error)?,
        };
        pools.push(pool);
    }

    let total = CASES.len() * sizes.problems + VERTEX_COUNTS.len() * sizes.pairs;
    let bar = progress_bar(total, "growth: solving");
    let mut rows = Vec::with_capacity(2 * total);
    for (case, pool) in CASES.iter().zip(&pools) {
        table_case(case, pool, &sizes, &mut rng, &mut rows, || bar.inc(1))?;
    }
    for &n in &VERTEX_COUNTS {
        vertices_case(n, &sizes, &mut rng, &mut rows, || bar.inc(1))?;
    }
    bar.finish_and_clear();

    let mut report = BenchReport::default();
    let csv = options.out.join("growth.csv");
    write_rows(&csv, &rows)?;
    report.files.push(csv);
    report
        .files
        .extend(vertices_chart(&rows).write(&options.out, "growth-vertices")?);
    report.failures = failures(&rows);
    report.summary = summary(&rows, &sizes, &pools, &report.failures);
    Ok(report)
}

/// Table III, one case: cold and warm rows per problem.
fn table_case(
    case: &'static str,
    pool: &[Shape],
    sizes: &Sizes,
    rng: &mut ChaCha8Rng,
    rows: &mut Vec<Row>,
    mut tick: impl FnMut(),
) -> Result<(), BenchError> {
    let settings = GrowthSettings::default();
    let mut cold = GrowthSolver::new(settings).map_err(query_error(0, "growth"))?;
    let mut times = vec![0u64; sizes.repeats.max(1)];
    for id in 0..sizes.problems {
        let a = &pool[rng.random_range(0..pool.len())];
        let b = &pool[rng.random_range(0..pool.len())];
        let extent = 0.25 * (size_of(a) + size_of(b));
        let problem = Problem {
            a,
            b,
            pose_a: random_pose(rng, extent).map_err(query_error(id, "pose"))?,
            pose_b: random_pose(rng, extent).map_err(query_error(id, "pose"))?,
        };
        let (pa, pb) = (&problem.pose_a, &problem.pose_b);
        let vertices = vertex_count(a).max(vertex_count(b));
        let error = query_error(id, "growth");

        let out = cold.growth_distance(a, pa, b, pb).map_err(&error)?;
        let ns = timing::median_ns(&mut times, || {
            cold.growth_distance(black_box(a), black_box(pa), black_box(b), black_box(pb))
        });
        let reference = if id < sizes.checks {
            Some(problem.bisection(out.alpha).unwrap_or(f64::NAN))
        } else {
            None
        };
        rows.push(Row {
            case,
            id,
            start: Start::Cold,
            support: Support::HillClimbing,
            vertices,
            alpha: out.alpha,
            reference,
            iterations: out.iterations,
            status: out.status,
            ns,
        });

        let mut state = GrowthSolver::new(settings).map_err(query_error(0, "growth"))?;
        state.warm_start = true;
        let (qa, qb) = (
            nudge(rng, pa, 0.01 * size_of(a)),
            nudge(rng, pb, 0.01 * size_of(b)),
        );
        state.growth_distance(a, &qa, b, &qb).map_err(&error)?;
        let out = state.clone().growth_distance(a, pa, b, pb).map_err(&error)?;
        let ns = timing::median_ns_with_setup(
            &mut times,
            || state.clone(),
            |s| s.growth_distance(black_box(a), black_box(pa), black_box(b), black_box(pb)),
        );
        rows.push(Row {
            case,
            id,
            start: Start::Warm,
            support: Support::HillClimbing,
            vertices,
            alpha: out.alpha,
            reference,
            iterations: out.iterations,
            status: out.status,
            ns,
        });
        tick();
    }
    Ok(())
}

/// Fig. 4, one vertex count: per pair, a cold solve with each support function.
fn vertices_case(
    n: usize,
    sizes: &Sizes,
    rng: &mut ChaCha8Rng,
    rows: &mut Vec<Row>,
    mut tick: impl FnMut(),
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

        let out = solver.growth_distance(&sa, &pa, &sb, &pb).map_err(&error)?;
        let ns = timing::median_ns(&mut times, || {
            solver.growth_distance(black_box(&sa), black_box(&pa), black_box(&sb), black_box(&pb))
        });
        rows.push(Row {
            case: VERTICES_CASE,
            id,
            start: Start::Cold,
            support: Support::HillClimbing,
            vertices,
            alpha: out.alpha,
            reference: None,
            iterations: out.iterations,
            status: out.status,
            ns,
        });

        let (ba, bb) = (BruteForce(&a), BruteForce(&b));
        let (ca, cb) = (CenterPoint::of(&ba), CenterPoint::of(&bb));
        let out = solver
            .growth_distance_of(&ba, &pa, &ca, &bb, &pb, &cb)
            .map_err(&error)?;
        let ns = timing::median_ns(&mut times, || {
            solver.growth_distance_of(
                black_box(&ba),
                black_box(&pa),
                &ca,
                black_box(&bb),
                black_box(&pb),
                &cb,
            )
        });
        rows.push(Row {
            case: VERTICES_CASE,
            id,
            start: Start::Cold,
            support: Support::BruteForce,
            vertices,
            alpha: out.alpha,
            reference: None,
            iterations: out.iterations,
            status: out.status,
            ns,
        });
        tick();
    }
    Ok(())
}

/// `|x - y| / |y|`.
fn relative(x: f64, y: f64) -> f64 {
    (x - y).abs() / y.abs()
}

/// Whether `x` and `y` agree within [`AGREEMENT`] relative (never for a NaN).
fn agree(x: f64, y: f64) -> bool {
    relative(x, y) <= AGREEMENT
}

/// Every check that failed, as lines for the summary.
fn failures(rows: &[Row]) -> Vec<String> {
    let mut out = Vec::new();
    for r in rows {
        if r.status != GrowthStatus::Converged {
            out.push(format!(
                "{} problem {} ({}, {}): status {:?}",
                r.case,
                r.id,
                r.start.name(),
                r.support.name(),
                r.status
            ));
        }
        if let Some(reference) = r.reference {
            // NaN (no bracket) fails too.
            if !agree(r.alpha, reference) {
                out.push(format!(
                    "{} problem {} ({}): alpha {} but the bisection reference gives {}",
                    r.case,
                    r.id,
                    r.start.name(),
                    r.alpha,
                    reference
                ));
            }
        }
    }
    // Pairs of rows that answer the same problem: cold and warm, hill and brute.
    for pair in rows.windows(2) {
        let (x, y) = (&pair[0], &pair[1]);
        if x.case == y.case && x.id == y.id && x.vertices == y.vertices && !agree(y.alpha, x.alpha) {
            out.push(format!(
                "{} problem {}: alpha {} ({}, {}) but {} ({}, {})",
                x.case,
                x.id,
                x.alpha,
                x.start.name(),
                x.support.name(),
                y.alpha,
                y.start.name(),
                y.support.name()
            ));
        }
    }
    out
}

/// Writes `growth.csv`.
fn write_rows(path: &Path, rows: &[Row]) -> Result<(), BenchError> {
    let io = |source| BenchError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut w = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
    writeln!(
        w,
        "case,id,start,support,vertices,alpha,reference,iterations,status,ns"
    )
    .map_err(io)?;
    for r in rows {
        writeln!(
            w,
            "{},{},{},{},{},{},{},{},{:?},{}",
            r.case,
            r.id,
            r.start.name(),
            r.support.name(),
            r.vertices,
            r.alpha,
            r.reference.map(|x| x.to_string()).unwrap_or_default(),
            r.iterations,
            r.status,
            r.ns
        )
        .map_err(io)?;
    }
    w.flush().map_err(io)
}

/// The nearest-rank `q`-quantile of `values` (0 for none).
pub fn percentile(mut values: Vec<f64>, q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let rank = (q * values.len() as f64).ceil() as usize;
    values[rank.clamp(1, values.len()) - 1]
}

/// Fig. 4: median solve time (µs) with the min-max range per vertex count and support.
fn vertices_chart(rows: &[Row]) -> RangeChart {
    let series = [Support::HillClimbing, Support::BruteForce]
        .into_iter()
        .map(|support| RangeSeries {
            name: match support {
                Support::HillClimbing => "hill-climbing support".into(),
                Support::BruteForce => "brute-force support".into(),
            },
            points: VERTEX_COUNTS
                .iter()
                .enumerate()
                .filter_map(|(k, &n)| {
                    let us: Vec<f64> = rows
                        .iter()
                        .filter(|r| r.case == VERTICES_CASE && r.support == support && r.vertices == n)
                        .map(|r| r.ns as f64 * 1e-3)
                        .collect();
                    if us.is_empty() {
                        return None;
                    }
                    let (lo, hi) = us
                        .iter()
                        .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
                    Some((k as f64, median(us), lo, hi))
                })
                .collect(),
        })
        .collect();
    RangeChart {
        title: "Growth distance vs polytope vertices (Fig. 4): median, min-max".into(),
        x_label: "vertices per polytope (log scale)".into(),
        y_label: "solve time (µs, log scale)".into(),
        x_ticks: VERTEX_COUNTS.iter().map(|n| n.to_string()).collect(),
        series,
    }
}

/// The Markdown section: Table III and Fig. 4's numbers, the checks.
fn summary(rows: &[Row], sizes: &Sizes, pools: &[Vec<Shape>], failures: &[String]) -> String {
    let mut s = String::new();
    let ycb_vertices: Vec<usize> = pools[2].iter().map(vertex_count).collect();
    let _ = writeln!(
        s,
        "## Growth distance (growth paper, Table III and Fig. 4)\n\n{} problems per case \
         (random pairs from pools of {} curved primitives, {} YCB hulls of {}-{} vertices, \
         {} random hulls of 32-2048 points; random poses; seed {SEED}); each solve's time \
         is the median of {} repeats, the percentiles are over the problems. Warm: solved \
         first at poses moved by 1% of the shapes' size. Plot: `growth-vertices.png`.\n",
        sizes.problems,
        sizes.pool,
        pools[2].len(),
        ycb_vertices.iter().min().unwrap_or(&0),
        ycb_vertices.iter().max().unwrap_or(&0),
        sizes.hulls,
        sizes.repeats
    );
    let _ = writeln!(
        s,
        "**Table III**: solve times (median, 99.99th percentile) in µs\n"
    );
    let _ = writeln!(
        s,
        "| case | cold (median, p99.99) | warm (median, p99.99) | mean iterations cold / warm | optimal | max rel. error vs reference |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|");
    for case in CASES {
        let of = |start: Start| rows.iter().filter(move |r| r.case == case && r.start == start);
        let times = |start: Start| {
            let us: Vec<f64> = of(start).map(|r| r.ns as f64 * 1e-3).collect();
            format!("({:.2}, {:.2})", median(us.clone()), percentile(us, 0.9999))
        };
        let iters = |start: Start| {
            let it: Vec<f64> = of(start).map(|r| f64::from(r.iterations)).collect();
            it.iter().sum::<f64>() / it.len().max(1) as f64
        };
        let all: Vec<&Row> = rows.iter().filter(|r| r.case == case).collect();
        let optimal = all.iter().filter(|r| r.status == GrowthStatus::Converged).count();
        let checked: Vec<f64> = all
            .iter()
            .filter_map(|r| r.reference.map(|x| relative(r.alpha, x)))
            .collect();
        let error = checked.iter().fold(0.0f64, |m, &e| {
            if m.is_nan() || e.is_nan() {
                f64::NAN
            } else {
                m.max(e)
            }
        });
        let _ = writeln!(
            s,
            "| {case} | {} | {} | {:.2} / {:.2} | {optimal}/{} | {error:.1e} ({} checked) |",
            times(Start::Cold),
            times(Start::Warm),
            iters(Start::Cold),
            iters(Start::Warm),
            all.len(),
            checked.len() / 2
        );
    }
    let _ = writeln!(
        s,
        "\nThe paper (C++, Intel Core i7-10870H laptop): curved primitives cold (1.86, 4.60), warm (2.01, \
         4.52); meshes cold (1.33, 4.70), warm (0.69, 3.57). Reference: bisection on the \
         sign of GJK distances between the shapes scaled about their centres.\n"
    );
    let _ = writeln!(
        s,
        "**Fig. 4**: cold solve time in µs against vertices per polytope, {} pairs of hulls \
         of random points on an ellipsoid of aspect 10 per count: median (min-max)\n",
        sizes.pairs
    );
    let _ = writeln!(s, "| vertices | hill-climbing | brute force | mean iterations |");
    let _ = writeln!(s, "|---|---|---|---|");
    for n in VERTEX_COUNTS {
        let cell = |support: Support| {
            let us: Vec<f64> = rows
                .iter()
                .filter(|r| r.case == VERTICES_CASE && r.support == support && r.vertices == n)
                .map(|r| r.ns as f64 * 1e-3)
                .collect();
            let (lo, hi) = us
                .iter()
                .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            format!("{:.2} ({lo:.2}-{hi:.2})", median(us))
        };
        let it: Vec<f64> = rows
            .iter()
            .filter(|r| r.case == VERTICES_CASE && r.vertices == n && r.support == Support::HillClimbing)
            .map(|r| f64::from(r.iterations))
            .collect();
        let _ = writeln!(
            s,
            "| {n} | {} | {} | {:.2} |",
            cell(Support::HillClimbing),
            cell(Support::BruteForce),
            it.iter().sum::<f64>() / it.len().max(1) as f64
        );
    }
    let _ = writeln!(s);
    if failures.is_empty() {
        let _ = writeln!(
            s,
            "Checks passed: every solve optimal, warm = cold and hill-climbing = brute force \
             within {AGREEMENT:e} relative, and the reference within {AGREEMENT:e}.\n"
        );
    } else {
        let _ = writeln!(s, "**FAILED checks ({}):**\n", failures.len());
        for f in failures.iter().take(20) {
            let _ = writeln!(s, "- {f}");
        }
        let _ = writeln!(s);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_is_the_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(v.clone(), 0.5), 50.0);
        assert_eq!(percentile(v.clone(), 0.9999), 100.0);
        assert_eq!(percentile(v, 0.0), 1.0);
        assert_eq!(percentile(Vec::new(), 0.5), 0.0);
    }

    #[test]
    fn failures_flag_statuses_references_and_disagreeing_pairs() {
        let row = |start, alpha, reference, status| Row {
            case: "ellipsoids",
            id: 0,
            start,
            support: Support::HillClimbing,
            vertices: 0,
            alpha,
            reference,
            iterations: 5,
            status,
            ns: 1,
        };
        let good = [
            row(Start::Cold, 2.0, Some(2.0 + 1e-9), GrowthStatus::Converged),
            row(Start::Warm, 2.0 + 1e-9, Some(2.0 + 1e-9), GrowthStatus::Converged),
        ];
        assert!(failures(&good).is_empty());
        let bad = [
            row(Start::Cold, 2.0, Some(f64::NAN), GrowthStatus::IterationLimit),
            row(Start::Warm, 2.1, None, GrowthStatus::Converged),
        ];
        // The status, the missing reference bracket, and warm against cold.
        assert_eq!(failures(&bad).len(), 3, "{:?}", failures(&bad));
    }

    #[test]
    fn random_hull_points_on_an_ellipsoid_are_all_vertices() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for n in [8, 64, 512] {
            let m = random_hull(&mut rng, n, 10.0).unwrap();
            assert_eq!(m.vertices().len(), n);
        }
    }

    #[test]
    fn bisection_gives_the_analytic_growth_distance_of_two_spheres() {
        // Spheres of radii 0.5 and 1.5, centres 4 apart: alpha* = 4 / 2 = 2.
        let a: Shape = Sphere::new(0.5).unwrap().into();
        let b: Shape = Sphere::new(1.5).unwrap().into();
        let p = Problem {
            a: &a,
            b: &b,
            pose_a: Pose::identity(),
            pose_b: Pose::from_parts([0.0, 4.0, 0.0], [1.0, 0.0, 0.0, 0.0]).unwrap(),
        };
        // A poor guess is widened into a bracket.
        let alpha = p.bisection(0.1).unwrap();
        assert!((alpha - 2.0).abs() < 1e-9, "{alpha}");
    }
}
