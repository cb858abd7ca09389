//! `wolfe bench qp`: GJK++ Sec. IV-C and Table II, the GJK family against a general
//! convex solver on the quadratic program of the distance between two polytopes.
//!
//! For meshes `A_1 = {x : F_1 x <= g_1}` and `A_2 = {x : F_2 x <= g_2}` (one row per hull
//! triangle, in world frame) the distance is the square root of Eq. 2,
//! `min |x_1 - x_2|^2 s.t. F_1 x_1 <= g_1, F_2 x_2 <= g_2`, which the interior-point
//! solver clarabel solves as `min 1/2 z^T P z` over `z = (x_1, x_2)` with
//! `P = 2 [[I, -I], [-I, I]]` and the inequalities in the non-negative cone. As in the
//! paper, the pairs are identical meshes of growing size: a cube and the YCB hulls
//! nearest to 250 and 940 vertices, at random rotations, separated (the generator's
//! targets from 1 mm to 1 m). The clarabel time includes building the problem, since a
//! user would have to.
//!
//! The answers are judged by certificates, not by one number against another: clarabel's
//! primal point gives an upper bound on the distance and its dual objective a lower bound
//! (weak duality), GJK's duality gap gives its own bracket (GJK++ Eq. 17-18), and a
//! problem fails only if the two brackets lie apart by more than [`QP_AGREEMENT`] of the
//! distance. An interior-point answer at 1 mm is typically 3e-5 above the exact distance
//! (its point stays strictly inside the feasible set), which a comparison of values would
//! blame on GJK.
//!
//! Sizes: `--quick` 1 pose per mesh (up to 6 separated problems each), clarabel timed
//! once, GJK 5 times; full 10 poses, 3 and 30 repeats.

use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clarabel::algebra::CscMatrix;
use clarabel::solver::{
    DefaultSettingsBuilder, DefaultSolver, IPSolver, NonnegativeConeT, SolverStatus, SupportedConeT,
};
use wolfe::{ConvexMesh, GjkSolver, Pose, Shape};

use super::{BenchError, BenchOptions, BenchReport};
use crate::generate::{generate, Dataset, GenerateOptions};
use crate::plot::Chart;
use crate::plot::{RangeChart, RangeSeries};
use crate::problem_set::ProblemSet;
use crate::progress::progress_bar;
use crate::run::SolverChoice;
use crate::timing;

/// Seed of the generated problems.
pub const SEED: u64 = 13;
/// Vertex counts of the paper's Table II meshes after the cube (YCB hulls nearest).
pub const TABLE_VERTICES: [usize; 2] = [250, 940];
/// (poses per mesh, clarabel repeats, GJK repeats), `--quick` and full.
pub const SIZES: [(usize, usize, usize); 2] = [(1, 1, 5), (10, 3, 30)];
/// Largest accepted distance between GJK's certified bracket and clarabel's (its primal
/// value above, the square root of its dual objective below), relative to the distance.
pub const QP_AGREEMENT: f64 = 1e-5;
/// The GJK variants of Table II.
pub const SOLVERS: [SolverChoice; 3] = [SolverChoice::Gjk, SolverChoice::Nesterov, SolverChoice::Polyak];

/// One solve: the mesh, the solver, the distance found and the time.
#[derive(Clone, Debug)]
struct Row {
    mesh: String,
    vertices: usize,
    faces: usize,
    id: u64,
    solver: &'static str,
    value: f64,
    ns: u64,
}

/// clarabel's answer on Eq. 2 with its certificate: `lower <= distance <= upper`.
#[derive(Clone, Copy, Debug)]
struct QpAnswer {
    /// The distance of clarabel's primal point, `|x_1 - x_2|`.
    distance: f64,
    /// The square root of the dual objective: a lower bound on the distance.
    lower: f64,
    /// The primal point's distance (an interior point is feasible): an upper bound.
    upper: f64,
}

/// Generates, solves and tabulates the benchmark.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let (poses, qp_repeats, gjk_repeats) = SIZES[usize::from(!options.quick)];
    let meshes = table_meshes(options)?;
    let mut rows = Vec::new();
    let mut worst = 0.0f64;
    let mut worst_bracket = 0.0f64;
    let mut failures = Vec::new();
    for (name, file) in &meshes {
        // A folder with the mesh and its twin: the generator's only pair is identical.
        let src = options.out.join("sets").join(format!("qp-{name}-hulls"));
        std::fs::create_dir_all(&src).map_err(|source| BenchError::Io {
            path: src.clone(),
            source,
        })?;
        for twin in [format!("{name}.obj"), format!("{name}-twin.obj")] {
            let to = src.join(twin);
            std::fs::copy(file, &to).map_err(|source| BenchError::Io { path: to, source })?;
        }
        let dir = options.out.join("sets").join(format!("qp-{name}"));
        generate(
            &GenerateOptions {
                dataset: Dataset::Ycb,
                out: dir.clone(),
                pairs: 1,
                poses,
                seed: SEED,
                ycb_dir: src.clone(),
            },
            || {},
        )?;
        let set = ProblemSet::load(&dir)?;
        let separated: Vec<_> = set.problems.iter().filter(|p| p.dist > 0.0).collect();
        let bar = progress_bar(separated.len(), &format!("qp: {name}"));
        for p in separated {
            let (a, b) = set.shapes_of(p);
            let (Shape::ConvexMesh(ma), Shape::ConvexMesh(mb)) = (a, b) else {
                continue;
            };
            let mut qp = QpAnswer {
                distance: 0.0,
                lower: 0.0,
                upper: f64::INFINITY,
            };
            let mut times = vec![0u64; qp_repeats];
            for t in times.iter_mut() {
                let start = Instant::now();
                qp = black_box(qp_distance(ma, &p.pose_a, mb, &p.pose_b)?);
                *t = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
            }
            let meta = (name.clone(), ma.vertices().len(), ma.faces().len());
            rows.push(Row {
                mesh: meta.0.clone(),
                vertices: meta.1,
                faces: meta.2,
                id: p.id,
                solver: "clarabel",
                value: qp.distance,
                ns: timing::median(&mut times),
            });
            for solver in SOLVERS {
                let mut engine = GjkSolver::new(solver.settings()).map_err(|source| BenchError::Query {
                    id: p.id,
                    solver: solver.name(),
                    source,
                })?;
                let (pa, pb) = (&p.pose_a, &p.pose_b);
                let out = engine
                    .distance(a, pa, b, pb, None)
                    .map_err(|source| BenchError::Query {
                        id: p.id,
                        solver: solver.name(),
                        source,
                    })?;
                let mut times = vec![0u64; gjk_repeats];
                let ns = timing::median_ns(&mut times, || {
                    engine.distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                });
                worst = worst.max((out.distance - qp.distance).abs() / p.dist);
                // How far apart the two certified brackets lie (zero when they overlap).
                let apart = (out.lower_bound - qp.upper)
                    .max(qp.lower - out.upper_bound)
                    .max(0.0)
                    / p.dist;
                worst_bracket = worst_bracket.max(apart);
                if apart > QP_AGREEMENT {
                    failures.push(format!(
                        "qp {name} problem {} [{}]: [{}, {}] apart from clarabel's certified [{}, {}]",
                        p.id,
                        solver.name(),
                        out.lower_bound,
                        out.upper_bound,
                        qp.lower,
                        qp.upper
                    ));
                }
                rows.push(Row {
                    mesh: meta.0.clone(),
                    vertices: meta.1,
                    faces: meta.2,
                    id: p.id,
                    solver: solver.name(),
                    value: out.distance,
                    ns,
                });
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
    }
    let mut report = BenchReport::default();
    let csv = options.out.join("qp.csv");
    write_rows(&csv, &rows)?;
    report.files.push(csv);
    report
        .files
        .extend(chart(&meshes, &rows).write(&options.out, "qp-time")?);
    report.summary = summary(&meshes, &rows, worst, worst_bracket);
    report.failures = failures;
    Ok(report)
}

/// The cube (half extent 0.05 m) and the YCB hulls nearest to [`TABLE_VERTICES`], as
/// `(name, OBJ file)`; the cube is written into the output folder.
fn table_meshes(options: &BenchOptions) -> Result<Vec<(String, PathBuf)>, BenchError> {
    let dir = options.out.join("sets");
    std::fs::create_dir_all(&dir).map_err(|source| BenchError::Io {
        path: dir.clone(),
        source,
    })?;
    let cube = dir.join("qp-cube.obj");
    let mut obj = String::new();
    for i in 0..8 {
        let c = |bit: usize| if i & bit != 0 { 0.05 } else { -0.05 };
        let _ = writeln!(obj, "v {} {} {}", c(1), c(2), c(4));
    }
    // Two triangles per side (1-based indices; the vertex of bits x=1, y=2, z=4 is i + 1).
    for [a, b, c, d] in [
        [1, 3, 4, 2],
        [5, 6, 8, 7],
        [1, 2, 6, 5],
        [3, 7, 8, 4],
        [1, 5, 7, 3],
        [2, 4, 8, 6],
    ] {
        let _ = writeln!(obj, "f {a} {b} {c}\nf {a} {c} {d}");
    }
    std::fs::write(&cube, obj).map_err(|source| BenchError::Io {
        path: cube.clone(),
        source,
    })?;
    let mut meshes = vec![("cube".to_string(), cube)];
    let hulls: Vec<(PathBuf, usize)> = super::load_hulls(&options.ycb_dir)?
        .into_iter()
        .map(|(f, s)| {
            let n = super::vertex_count(&s);
            (f, n)
        })
        .collect();
    for target in TABLE_VERTICES {
        if let Some((f, _)) = hulls.iter().min_by_key(|(_, n)| n.abs_diff(target)) {
            let stem = f.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            meshes.push((stem, f.clone()));
        }
    }
    Ok(meshes)
}

/// The distance between two posed meshes by Eq. 2 solved with clarabel.
fn qp_distance(a: &ConvexMesh, pose_a: &Pose, b: &ConvexMesh, pose_b: &Pose) -> Result<QpAnswer, BenchError> {
    // Inequalities F x <= g, one per triangle, in world frame: rows of A over z = (x1, x2).
    let mut triplets: Vec<(usize, usize, f64)> = Vec::new();
    let mut rhs = Vec::new();
    for (k, (mesh, pose)) in [(a, pose_a), (b, pose_b)].into_iter().enumerate() {
        let v = mesh.vertices();
        for f in mesh.faces() {
            let [p, q, r] = f.map(|i| pose.transform_point(&v[i as usize]));
            let n = (q - p).cross(&(r - p));
            let len = n.norm();
            if len == 0.0 {
                continue;
            }
            let n = n / len;
            let row = rhs.len();
            for j in 0..3 {
                triplets.push((row, 3 * k + j, n[j]));
            }
            rhs.push(n.dot(&p));
        }
    }
    let m = rhs.len();
    // Column-major assembly of A (m x 6).
    let mut colptr = vec![0usize; 7];
    let mut rowval = Vec::with_capacity(triplets.len());
    let mut nzval = Vec::with_capacity(triplets.len());
    for col in 0..6 {
        for &(r, c, val) in &triplets {
            if c == col {
                rowval.push(r);
                nzval.push(val);
            }
        }
        colptr[col + 1] = rowval.len();
    }
    let a_mat = CscMatrix::new(m, 6, colptr, rowval, nzval);
    // P = 2 [[I, -I], [-I, I]], upper triangle only (clarabel reads the upper part).
    let mut p_col = vec![0usize];
    let (mut p_row, mut p_val) = (Vec::new(), Vec::new());
    for col in 0..6 {
        if col >= 3 {
            p_row.push(col - 3);
            p_val.push(-2.0);
        }
        p_row.push(col);
        p_val.push(2.0);
        p_col.push(p_row.len());
    }
    let p_mat = CscMatrix::new(6, 6, p_col, p_row, p_val);
    let cones: [SupportedConeT<f64>; 1] = [NonnegativeConeT(m)];
    // Tighter than the defaults (1e-8): the objective is d^2, so at d = 1 mm the default
    // absolute gap would leave the distance uncertain at the 1e-5 level.
    let settings = DefaultSettingsBuilder::default()
        .verbose(false)
        .tol_gap_abs(1e-14)
        .tol_gap_rel(1e-10)
        .tol_feas(1e-10)
        .build()
        .map_err(|e| BenchError::Reference(format!("clarabel settings: {e:?}")))?;
    let mut solver = DefaultSolver::new(&p_mat, &[0.0; 6], &a_mat, &rhs, &cones, settings)
        .map_err(|e| BenchError::Reference(format!("clarabel setup: {e:?}")))?;
    solver.solve();
    if !matches!(
        solver.solution.status,
        SolverStatus::Solved | SolverStatus::AlmostSolved
    ) {
        return Err(BenchError::Reference(format!(
            "clarabel did not solve the QP: {:?}",
            solver.solution.status
        )));
    }
    let x = &solver.solution.x;
    let d = ((x[0] - x[3]).powi(2) + (x[1] - x[4]).powi(2) + (x[2] - x[5]).powi(2)).sqrt();
    // The objective is d^2: by weak duality the dual objective bounds it from below.
    let dual = solver.solution.obj_val_dual;
    let lower = if dual.is_finite() {
        dual.max(0.0).sqrt().min(d)
    } else {
        0.0
    };
    Ok(QpAnswer {
        distance: d,
        lower,
        upper: d,
    })
}

fn write_rows(path: &Path, rows: &[Row]) -> Result<(), BenchError> {
    let io = |source| BenchError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut w = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
    writeln!(w, "mesh,vertices,faces,id,solver,value,ns").map_err(io)?;
    for r in rows {
        writeln!(
            w,
            "{},{},{},{},{},{},{}",
            r.mesh, r.vertices, r.faces, r.id, r.solver, r.value, r.ns
        )
        .map_err(io)?;
    }
    w.flush().map_err(io)
}

/// Table II: median (min-max) microseconds per solver and mesh, as the chart draws it.
fn summary(meshes: &[(String, PathBuf)], rows: &[Row], worst: f64, worst_bracket: f64) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "## Distance as a QP (GJK++ Table II)\n\nIdentical mesh pairs, separated (1 mm to 1 \
         m), seed {SEED}; clarabel 0.11 on Eq. 2 (problem built and solved per call) against \
         the GJK family; median (min-max) us per solve, as in `qp-time.png`. Largest |GJK - QP| / distance: {worst:.1e}; \
         largest gap between GJK's certified bracket and clarabel's (primal value, square \
         root of the dual objective), over the distance: {worst_bracket:.1e} (bar \
         {QP_AGREEMENT:.0e}).\n"
    );
    let header: Vec<String> = meshes
        .iter()
        .map(|(name, _)| {
            let r = rows.iter().find(|r| &r.mesh == name);
            match r {
                Some(r) => format!("{name} (Nv {}, Nf {})", r.vertices, r.faces),
                None => name.clone(),
            }
        })
        .collect();
    let _ = writeln!(s, "| solver | {} |", header.join(" | "));
    let _ = writeln!(s, "|---|{}", "---|".repeat(meshes.len()));
    for solver in ["clarabel", "gjk", "nesterov", "polyak"] {
        let cells: Vec<String> = meshes
            .iter()
            .map(|(name, _)| {
                let mut us: Vec<f64> = rows
                    .iter()
                    .filter(|r| r.solver == solver && &r.mesh == name)
                    .map(|r| r.ns as f64 / 1000.0)
                    .collect();
                us.sort_by(f64::total_cmp);
                match (us.first(), us.last()) {
                    (Some(lo), Some(hi)) => format!("{:.2} ({lo:.2}-{hi:.2})", us[us.len() / 2]),
                    _ => "-".into(),
                }
            })
            .collect();
        let _ = writeln!(s, "| {solver} | {} |", cells.join(" | "));
    }
    let _ = writeln!(s);
    s
}

/// Table II as a picture: time per solve of every solver on each mesh (median, min-max),
/// on a logarithmic axis since clarabel is 2-4 decades slower.
fn chart(meshes: &[(String, PathBuf)], rows: &[Row]) -> RangeChart {
    let series = ["clarabel", "gjk", "nesterov", "polyak"]
        .into_iter()
        .map(|solver| RangeSeries {
            name: solver.into(),
            points: meshes
                .iter()
                .enumerate()
                .filter_map(|(k, (name, _))| {
                    let mut us: Vec<f64> = rows
                        .iter()
                        .filter(|r| r.solver == solver && &r.mesh == name)
                        .map(|r| r.ns as f64 / 1000.0)
                        .collect();
                    if us.is_empty() {
                        return None;
                    }
                    us.sort_by(f64::total_cmp);
                    Some((k as f64, us[us.len() / 2], us[0], us[us.len() - 1]))
                })
                .collect(),
        })
        .collect();
    RangeChart {
        title: "Distance as a QP (GJK++ Table II): time per solve (median, min-max)".into(),
        x_label: "identical mesh pair".into(),
        y_label: "time (µs)".into(),
        x_ticks: meshes
            .iter()
            .map(|(name, _)| {
                let vertices = rows.iter().find(|r| &r.mesh == name).map_or(0, |r| r.vertices);
                format!("{name} ({vertices} vertices)")
            })
            .collect(),
        series,
    }
}
