//! Head-to-head benchmark: wolfe's GJK family against parry, on the same problems, in
//! one run.
//!
//! ```text
//! cargo bench -p wolfe-cli --bench peers -- [--quick] [--out DIR] [--family NAME]
//! ```
//!
//! `--family NAME` times only the families whose name contains `NAME` (for example
//! `"ycb>1000v close"`), for quick A/B runs of one target.
//!
//! The issue asks that wolfe's vanilla GJK be at least as fast per problem as the fastest
//! peer and more exact, and that the accelerated variants pay off where the GJK++ paper
//! says they do. This bench measures all of it in one process, so that the libraries see
//! the same machine state:
//!
//! - **Problems**: the shipped sets `primitives`, `meshes_random` and `ellipsoids`
//!   (`data/problem-sets`), and YCB hull pairs generated here with
//!   [`wolfe_cli::generate`] (fixed seed): one set over all hulls of `data/ycb`, one over
//!   the hulls with more than [`LARGE_MESH_VERTICES`] vertices (both hulls of every
//!   pair). Rows are kept by [`Band`]: close proximity (`0 < dist <= 0.1` m) everywhere,
//!   and shallow overlap (`-0.01 <= dist < 0`) for YCB.
//! - **Solvers**: wolfe vanilla, Polyak and Nesterov GJK at their default settings, one
//!   reused [`GjkSolver`] each (cold start from the bounding boxes, so no state carries
//!   from one problem to the next), and parry's `distance` / `intersection_test` at its
//!   defaults. parry has no ellipsoid: that family is wolfe only.
//! - **Timing** ([`wolfe_cli::timing`], the issue's method): per problem, solver and task,
//!   one untimed warm-up call (which also gives the value), then `N` repeats each timed
//!   alone, and their median. The solvers run interleaved, problem by problem.
//! - **Cold passes** (wolfe only, distance, mesh families): each solver in turn times every
//!   problem of the family once per pass, with no warm-up, so that a query finds the
//!   caches and branch predictors trained by the previous problems (often the same hull
//!   pair at another distance), not by repeats of itself, as a simulation meets each pair
//!   once per step; the per-problem median over the passes, then the median and mean over
//!   problems. Not the issue's method, which repeats each problem: it shows what the
//!   support calls cost when a query's climb path is not already in cache.
//! - **Accuracy**: against the set's reference `dist` (coal at 1e-12 for the shipped
//!   sets; wolfe's own vanilla GJK at 1e-12 for the generated YCB sets, so there the
//!   check is weaker for wolfe than for parry).
//!
//! Writes `DIR/peers.md` (the tables also printed to stdout) and `DIR/peers.csv` (one
//! row per problem, solver and task). `DIR` defaults to `target/peers`; a relative `DIR`
//! is taken from the workspace root.

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use parry3d_f64::math::Pose as ParryPose;
use parry3d_f64::query as parry_query;
use parry3d_f64::shape as parry_shape;
use wolfe::{ConvexMesh, GjkSolver};
use wolfe_cli::generate::{generate, Dataset, GenerateOptions};
use wolfe_cli::problem_set::{Problem, ProblemSet};
use wolfe_cli::run::{SolverChoice, Task};
use wolfe_cli::timing;

use wolfe_cli::bench::parry::{parry_pose, parry_shape, ParryShape};

/// Timed repeats per problem, solver and task (the issue's N).
const REPEATS: usize = 100;
/// Timed repeats with `--quick`.
const QUICK_REPEATS: usize = 5;
/// Problems per family with `--quick` (evenly spread over the family's rows).
const QUICK_PROBLEMS: usize = 40;
/// Seed of the generated YCB sets.
const YCB_SEED: u64 = 7;
/// YCB (pairs, poses per pair) for the all-hulls set, full and `--quick`.
const YCB_SIZE: [(usize, usize); 2] = [(100, 4), (10, 2)];
/// YCB (pairs, poses per pair) for the large-hulls set, full and `--quick`.
const YCB_LARGE_SIZE: [(usize, usize); 2] = [(50, 4), (6, 2)];
/// Hulls with more than this many vertices make the large YCB set (issue: "> 1000").
const LARGE_MESH_VERTICES: usize = 1000;
/// Cold passes per wolfe solver over a mesh family (see [`cold_passes`]), full and
/// `--quick`.
const COLD_PASSES: [usize; 2] = [15, 3];
/// Relative distance error above which a row counts as off (issue: "<= 1e-6").
const ACCURACY: f64 = 1e-6;
/// Largest accepted `|parry - wolfe|` on far-apart rows (>= 1 m), in metres. A shape
/// built with the wrong axis or hull is off by centimetres there; both libraries agree
/// to ~1e-6 m when the shapes match.
const FAR_AGREEMENT: f64 = 1e-4;

/// The solvers, in table order; the first three are wolfe's.
const SOLVERS: [&str; 4] = ["gjk", "polyak", "nesterov", "parry"];
const WOLFE: [SolverChoice; 3] = [SolverChoice::Gjk, SolverChoice::Polyak, SolverChoice::Nesterov];
const PARRY: usize = 3;
const SOLVERS_INDICES: [usize; 4] = [0, 1, 2, 3];
const TASKS: [Task; 2] = [Task::Distance, Task::Collision];

/// Which rows of a set a family keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Band {
    /// Close proximity: `0 < dist <= 0.1` m.
    Close,
    /// Shallow overlap: `-0.01 <= dist < 0` m.
    ShallowOverlap,
}

impl Band {
    fn contains(self, dist: f64) -> bool {
        match self {
            Band::Close => dist > 0.0 && dist <= 0.1,
            Band::ShallowOverlap => (-0.01..0.0).contains(&dist),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Band::Close => "close",
            Band::ShallowOverlap => "overlap",
        }
    }
}

/// A problem set with its parry shapes (by shape index).
struct Set {
    name: &'static str,
    set: ProblemSet,
    parry: Vec<Option<ParryShape>>,
}

impl Set {
    fn new(name: &'static str, set: ProblemSet) -> Self {
        let parry = set.shapes.iter().map(|s| parry_shape(&s.shape)).collect();
        Self { name, set, parry }
    }

    /// Both parry shapes of a problem with their parry poses, if parry has both.
    fn parry_pair(&self, p: &Problem) -> Option<[(ParryPose, &dyn parry_shape::Shape); 2]> {
        let a = self.parry[p.shape_a].as_ref()?;
        let b = self.parry[p.shape_b].as_ref()?;
        Some([
            (parry_pose(&p.pose_a, &a.offset), a.shape.as_ref()),
            (parry_pose(&p.pose_b, &b.offset), b.shape.as_ref()),
        ])
    }
}

/// One family of the tables: the rows of a set in a band.
struct Family<'s> {
    name: String,
    set: &'s Set,
    problems: Vec<&'s Problem>,
}

/// One solver's answer on one problem and task.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    /// Median ns per query.
    ns: u64,
    /// Distance, or 1 / 0 for collision.
    value: f64,
    /// wolfe's iterations (parry does not report them).
    iterations: Option<u32>,
}

/// All solvers on one problem and task (`None`: solver not run, parry without the shape).
struct Row {
    family: usize,
    task: Task,
    id: u64,
    /// The kinds of the two shapes, sorted (`"box"`, `"sphere"`, ...).
    pair: [&'static str; 2],
    reference: f64,
    outcomes: [Option<Outcome>; 4],
}

impl Row {
    /// Relative distance error of a solver on a separated row (distance task only).
    fn relative_error(&self, solver: usize) -> Option<f64> {
        let o = self.outcomes[solver]?;
        (self.task == Task::Distance && self.reference > 0.0)
            .then(|| (o.value - self.reference).abs() / self.reference)
    }

    /// Whether a solver's answer is off: relative error above [`ACCURACY`] when
    /// separated, a positive distance when overlapping, a wrong collision answer.
    fn is_off(&self, solver: usize) -> bool {
        let Some(o) = self.outcomes[solver] else {
            return false;
        };
        match self.task {
            Task::Distance if self.reference > 0.0 => {
                self.relative_error(solver).is_some_and(|e| e > ACCURACY)
            }
            Task::Distance => o.value > 0.0,
            Task::Collision => (o.value == 1.0) != (self.reference < 0.0),
            Task::Growth => (o.value < 1.0) != (self.reference < 0.0),
            Task::Penetration => false,
        }
    }
}

/// Times every solver on every problem of the family, both tasks; rows are appended.
fn run_family(index: usize, family: &Family, repeats: usize, rows: &mut Vec<Row>) {
    let mut solvers: Vec<GjkSolver> = WOLFE
        .iter()
        .map(|s| GjkSolver::new(s.settings()).expect("default settings are valid"))
        .collect();
    let mut times = vec![0u64; repeats];
    for task in TASKS {
        for p in &family.problems {
            let (a, b) = family.set.set.shapes_of(p);
            let (pa, pb) = (&p.pose_a, &p.pose_b);
            let mut outcomes = [None; 4];
            for (solver, outcome) in solvers.iter_mut().zip(&mut outcomes) {
                *outcome = Some(match task {
                    Task::Distance => {
                        let out = solver.distance(a, pa, b, pb).expect("valid problem");
                        let ns = timing::median_ns(&mut times, || {
                            solver.distance(black_box(a), black_box(pa), black_box(b), black_box(pb))
                        });
                        Outcome {
                            ns,
                            value: out.distance,
                            iterations: Some(out.iterations),
                        }
                    }
                    Task::Penetration => unreachable!("this bench times distance and collision"),
                    Task::Collision => {
                        let out = solver.intersects(a, pa, b, pb).expect("valid problem");
                        let ns = timing::median_ns(&mut times, || {
                            solver.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb))
                        });
                        Outcome {
                            ns,
                            value: f64::from(u8::from(out.intersecting)),
                            iterations: Some(out.iterations),
                        }
                    }
                    Task::Growth => unreachable!("TASKS holds distance and collision"),
                });
            }
            if let Some([(qa, sa), (qb, sb)]) = family.set.parry_pair(p) {
                let (qa, qb) = (&qa, &qb);
                outcomes[PARRY] = Some(match task {
                    Task::Distance => {
                        let value = parry_query::distance(qa, sa, qb, sb)
                            .expect("supported pair")
                            .distance;
                        let ns = timing::median_ns(&mut times, || {
                            parry_query::distance(black_box(qa), black_box(sa), black_box(qb), black_box(sb))
                        });
                        Outcome {
                            ns,
                            value,
                            iterations: None,
                        }
                    }
                    Task::Penetration => unreachable!("this bench times distance and collision"),
                    Task::Collision => {
                        let hit = parry_query::intersection_test(qa, sa, qb, sb).expect("supported pair");
                        let ns = timing::median_ns(&mut times, || {
                            parry_query::intersection_test(
                                black_box(qa),
                                black_box(sa),
                                black_box(qb),
                                black_box(sb),
                            )
                        });
                        Outcome {
                            ns,
                            value: f64::from(u8::from(hit.intersecting)),
                            iterations: None,
                        }
                    }
                    Task::Growth => unreachable!("TASKS holds distance and collision"),
                });
            }
            rows.push(Row {
                family: index,
                task,
                id: p.id,
                pair: {
                    let mut pair = [a.kind(), b.kind()];
                    pair.sort_unstable();
                    pair
                },
                reference: p.dist,
                outcomes,
            });
        }
    }
}

/// Cold passes of the wolfe solvers over a family, distance task: `passes` times, each
/// solver in turn times every problem once (no warm-up: the previous query was another
/// problem's). Per solver, the per-problem medians over the passes.
fn cold_passes(family: &Family, passes: usize) -> [Vec<u64>; 3] {
    let mut solvers: Vec<GjkSolver> = WOLFE
        .iter()
        .map(|s| GjkSolver::new(s.settings()).expect("default settings are valid"))
        .collect();
    let n = family.problems.len();
    // times[solver][problem][pass]
    let mut times: [Vec<Vec<u64>>; 3] = std::array::from_fn(|_| vec![vec![0u64; passes]; n]);
    for pass in 0..passes {
        for (solver, per_problem) in solvers.iter_mut().zip(times.iter_mut()) {
            for (p, t) in family.problems.iter().zip(per_problem.iter_mut()) {
                let (a, b) = family.set.set.shapes_of(p);
                let (pa, pb) = (&p.pose_a, &p.pose_b);
                let mut one = [0u64];
                timing::median_ns(&mut one, || {
                    solver.distance(black_box(a), black_box(pa), black_box(b), black_box(pb))
                });
                t[pass] = one[0];
            }
        }
    }
    times.map(|per_problem| {
        per_problem
            .into_iter()
            .map(|mut t| timing::median(&mut t))
            .collect()
    })
}

/// The cold-pass table: median and mean over problems of the per-problem medians, and
/// the accelerated variants' ratios to vanilla.
fn cold_table(md: &mut String, families: &[Family], cold: &[(usize, [Vec<u64>; 3])]) {
    if cold.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "\n## Cold passes, distance (each problem timed once per pass, no warm-up)\n\n\
         ns per query: median over problems of the per-problem median over passes (mean over \
         problems in brackets); ratios to vanilla of the medians (of the means)\n"
    );
    let _ = writeln!(
        md,
        "| family | problems | gjk | polyak | nesterov | polyak/gjk | nesterov/gjk |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|");
    for (index, medians) in cold {
        let stats: Vec<(u64, f64)> = medians
            .iter()
            .map(|m| {
                let mean = m.iter().map(|&t| t as f64).sum::<f64>() / m.len().max(1) as f64;
                (timing::median(&mut m.clone()), mean)
            })
            .collect();
        let ratio = |s: usize| {
            format!(
                "{:.2} ({:.2})",
                stats[s].0 as f64 / stats[0].0 as f64,
                stats[s].1 / stats[0].1
            )
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} ({:.0}) | {} ({:.0}) | {} ({:.0}) | {} | {} |",
            families[*index].name,
            medians[0].len(),
            stats[0].0,
            stats[0].1,
            stats[1].0,
            stats[1].1,
            stats[2].0,
            stats[2].1,
            ratio(1),
            ratio(2)
        );
    }
}

/// Checks that parry sees the same solids as wolfe: on the far-apart rows (`dist >= 1`
/// m) of a set, the largest `|parry - wolfe|` distance, in metres, and the row count.
/// Panics above [`FAR_AGREEMENT`] (a wrong axis or hull).
fn far_agreement(set: &Set) -> Option<(usize, f64)> {
    let mut solver = GjkSolver::new(SolverChoice::Gjk.settings()).expect("default settings are valid");
    let mut worst = (0, 0.0f64);
    for p in set.set.problems.iter().filter(|p| p.dist >= 1.0) {
        let Some([(qa, sa), (qb, sb)]) = set.parry_pair(p) else {
            continue;
        };
        let (a, b) = set.set.shapes_of(p);
        let ours = solver
            .distance(a, &p.pose_a, b, &p.pose_b)
            .expect("valid problem")
            .distance;
        let theirs = parry_query::distance(&qa, sa, &qb, sb)
            .expect("supported pair")
            .distance;
        let diff = (ours - theirs).abs();
        assert!(
            diff <= FAR_AGREEMENT,
            "{} problem {}: wolfe {ours} vs parry {theirs} m: the two libraries do not see the same shapes",
            set.name,
            p.id
        );
        worst = (worst.0 + 1, worst.1.max(diff));
    }
    (worst.0 > 0).then_some(worst)
}

/// Generates a YCB set from the `*.obj` files of `ycb_dir` into `out`.
fn generate_ycb(ycb_dir: &Path, out: &Path, (pairs, poses): (usize, usize)) -> ProblemSet {
    let options = GenerateOptions {
        dataset: Dataset::Ycb,
        out: out.to_path_buf(),
        pairs,
        poses,
        seed: YCB_SEED,
        ycb_dir: ycb_dir.to_path_buf(),
    };
    generate(&options, || {}).expect("YCB generation");
    ProblemSet::load(out).expect("generated set loads")
}

/// Copies the YCB hulls with more than [`LARGE_MESH_VERTICES`] vertices into `dir`.
fn large_ycb_hulls(ycb_dir: &Path, dir: &Path) -> usize {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("create the large-hull directory");
    let mut count = 0;
    for entry in std::fs::read_dir(ycb_dir).expect("read data/ycb") {
        let path = entry.expect("read data/ycb").path();
        if path.extension().is_none_or(|e| e != "obj") {
            continue;
        }
        let mesh = ConvexMesh::from_obj(&path).expect("YCB hull loads");
        if mesh.vertices().len() > LARGE_MESH_VERTICES {
            std::fs::copy(&path, dir.join(path.file_name().expect("a file"))).expect("copy a hull");
            count += 1;
        }
    }
    count
}

/// Command-line options (after `--`; cargo's own `--bench` is accepted and ignored).
struct Options {
    quick: bool,
    out: PathBuf,
    /// Time only the families whose name contains this (all when `None`).
    family: Option<String>,
}

fn options() -> Options {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut options = Options {
        quick: false,
        out: root.join("target/peers"),
        family: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => options.quick = true,
            // cargo runs benches from the package directory: resolve against the root.
            "--out" => options.out = root.join(args.next().expect("--out needs a directory")),
            "--family" => options.family = Some(args.next().expect("--family needs a name")),
            "--bench" => {}
            other => panic!("unknown argument {other:?}; usage: peers [--quick] [--out DIR] [--family NAME]"),
        }
    }
    options
}

fn main() {
    let options = options();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = root.join("data");
    let size = usize::from(options.quick);
    let repeats = if options.quick { QUICK_REPEATS } else { REPEATS };
    std::fs::create_dir_all(&options.out).expect("create the output directory");
    let load_before = load_average();

    let shipped = |name: &'static str| {
        let set = ProblemSet::load(&data.join("problem-sets").join(name)).expect("shipped set loads");
        Set::new(name, set)
    };
    let large_dir = options.out.join("sets/ycb-large-hulls");
    let large_hulls = large_ycb_hulls(&data.join("ycb"), &large_dir);
    let sets = [
        shipped("primitives"),
        shipped("meshes_random"),
        shipped("ellipsoids"),
        Set::new(
            "ycb",
            generate_ycb(&data.join("ycb"), &options.out.join("sets/ycb"), YCB_SIZE[size]),
        ),
        Set::new(
            "ycb>1000v",
            generate_ycb(
                &large_dir,
                &options.out.join("sets/ycb-large"),
                YCB_LARGE_SIZE[size],
            ),
        ),
    ];
    let bands = [
        (0, Band::Close),
        (1, Band::Close),
        (2, Band::Close),
        (3, Band::Close),
        (3, Band::ShallowOverlap),
        (4, Band::Close),
        (4, Band::ShallowOverlap),
    ];
    let families: Vec<Family> = bands
        .iter()
        .map(|&(s, band)| {
            let set = &sets[s];
            let mut problems: Vec<&Problem> = set
                .set
                .problems
                .iter()
                .filter(|p| band.contains(p.dist))
                .collect();
            if options.quick && problems.len() > QUICK_PROBLEMS {
                let stride = problems.len() / QUICK_PROBLEMS;
                problems = problems
                    .into_iter()
                    .step_by(stride)
                    .take(QUICK_PROBLEMS)
                    .collect();
            }
            Family {
                name: format!("{} {}", set.name, band.name()),
                set,
                problems,
            }
        })
        .filter(|f: &Family| {
            options
                .family
                .as_ref()
                .is_none_or(|n| f.name.contains(n.as_str()))
        })
        .collect();

    let mut md = String::new();
    header(&mut md, &options, repeats, large_hulls);
    let _ = writeln!(
        md,
        "\nFar-apart rows (dist >= 1 m), max |wolfe gjk - parry| distance:"
    );
    for set in &sets {
        if let Some((n, worst)) = far_agreement(set) {
            let _ = writeln!(md, "- {}: {worst:.1e} m over {n} rows", set.name);
        }
    }

    let mut rows = Vec::new();
    let mut cold = Vec::new();
    for (i, family) in families.iter().enumerate() {
        eprintln!("timing {} ({} problems)", family.name, family.problems.len());
        run_family(i, family, repeats, &mut rows);
        if family.set.name != "primitives" && family.set.name != "ellipsoids" {
            cold.push((i, cold_passes(family, COLD_PASSES[size])));
        }
    }
    tables(&mut md, &families, &rows);
    cold_table(&mut md, &families, &cold);
    by_pair(&mut md, "primitives close", &families, &rows);
    let _ = writeln!(
        md,
        "\nLoad average (1, 5, 15 min): {load_before} before, {} after.",
        load_average()
    );

    print!("{md}");
    std::fs::write(options.out.join("peers.md"), &md).expect("write peers.md");
    write_csv(&options.out.join("peers.csv"), &families, &rows);
    eprintln!("wrote {}", options.out.join("peers.{md,csv}").display());
}

/// The run's conditions: command, CPU, build, repeats, sets.
fn header(md: &mut String, options: &Options, repeats: usize, large_hulls: usize) {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    let build = if cfg!(debug_assertions) {
        "debug (not a benchmark build)"
    } else {
        "optimized (cargo bench profile)"
    };
    let quick = if options.quick { " --quick" } else { "" };
    let _ = writeln!(md, "# wolfe vs parry, head to head\n");
    let _ = writeln!(
        md,
        "- Command: `cargo bench -p wolfe-cli --bench peers --{quick}`"
    );
    let _ = writeln!(
        md,
        "- CPU: {cpu}, {} threads available, single-threaded run",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let _ = writeln!(
        md,
        "- Build: {build}, {}, target features avx2={} fma={} (generic x86-64 unless set)",
        std::env::consts::ARCH,
        cfg!(target_feature = "avx2"),
        cfg!(target_feature = "fma")
    );
    let _ = writeln!(
        md,
        "- Timing: per problem, solver and task, 1 warm-up + {repeats} repeats each timed \
         alone, median; tables give the median over problems of those medians (ns)"
    );
    let _ = writeln!(
        md,
        "- wolfe: default settings, one reused `GjkSolver` per variant; parry3d-f64 0.31 \
         defaults: `query::distance` / `query::intersection_test`"
    );
    let _ = writeln!(
        md,
        "- YCB sets generated here (seed {YCB_SEED}): `ycb` over all hulls of data/ycb, \
         `ycb>1000v` over the {large_hulls} hulls with > {LARGE_MESH_VERTICES} vertices \
         (both hulls of each pair); their reference `dist` is wolfe's own (tolerance 1e-12)"
    );
}

/// The timing table, the accuracy table and the issue's ratios.
fn tables(md: &mut String, families: &[Family], rows: &[Row]) {
    let _ = writeln!(md, "\n## Median ns per query\n");
    let _ = writeln!(
        md,
        "| family | task | problems | gjk | polyak | nesterov | parry | gjk/parry | gjk <= parry |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    for (f, family) in families.iter().enumerate() {
        for task in TASKS {
            let rows: Vec<&Row> = rows.iter().filter(|r| r.family == f && r.task == task).collect();
            let medians = SOLVERS_INDICES.map(|s| median_ns(&rows, s));
            let ns = medians.map(|m| m.map_or("-".into(), |m| m.to_string()));
            let (ratio, faster) = match (medians[0], medians[PARRY]) {
                (Some(ours), Some(theirs)) => {
                    let paired: Vec<_> = rows
                        .iter()
                        .filter_map(|r| Some((r.outcomes[0]?.ns, r.outcomes[PARRY]?.ns)))
                        .collect();
                    let wins = paired.iter().filter(|(o, t)| o <= t).count();
                    (
                        format!("{:.2}", ours as f64 / theirs as f64),
                        format!("{:.0}%", 100.0 * wins as f64 / paired.len() as f64),
                    )
                }
                _ => ("-".into(), "-".into()),
            };
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {ratio} | {faster} |",
                family.name,
                task.name(),
                rows.len(),
                ns[0],
                ns[1],
                ns[2],
                ns[3]
            );
        }
    }

    let _ = writeln!(md, "\n## Accuracy and iterations\n");
    let _ = writeln!(
        md,
        "max rel err: largest |d - dist| / dist over separated rows (distance task). off: rows \
         with rel err > {ACCURACY:.0e}, a positive distance on an overlap row, or a wrong \
         collision answer (gjk / polyak / nesterov / parry).\n"
    );
    let _ = writeln!(
        md,
        "| family | task | max rel err gjk | polyak | nesterov | parry | off | mean iterations gjk | polyak | nesterov |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|");
    for (f, family) in families.iter().enumerate() {
        for task in TASKS {
            let rows: Vec<&Row> = rows.iter().filter(|r| r.family == f && r.task == task).collect();
            let err = SOLVERS_INDICES.map(|s| {
                let ran = rows.iter().any(|r| r.outcomes[s].is_some());
                rows.iter()
                    .filter_map(|r| r.relative_error(s))
                    .reduce(f64::max)
                    .filter(|_| ran)
                    .map_or("-".into(), |e| format!("{e:.1e}"))
            });
            let off = SOLVERS_INDICES.map(|s| {
                if rows.iter().any(|r| r.outcomes[s].is_some()) {
                    rows.iter().filter(|r| r.is_off(s)).count().to_string()
                } else {
                    "-".into()
                }
            });
            let it = [0, 1, 2].map(|s| mean_iterations(&rows, s).map_or("-".into(), |m| format!("{m:.1}")));
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                family.name,
                task.name(),
                err[0],
                err[1],
                err[2],
                err[3],
                off.join(" / "),
                it[0],
                it[1],
                it[2]
            );
        }
    }

    let _ = writeln!(md, "\n## The issue's ratios\n");
    let find = |name: &str, task: Task| -> Vec<&Row> {
        let f = families.iter().position(|f| f.name == name);
        rows.iter()
            .filter(|r| Some(r.family) == f && r.task == task)
            .collect()
    };
    let ellipsoids = find("ellipsoids close", Task::Distance);
    if let (Some(gjk), Some(nesterov)) = (mean_iterations(&ellipsoids, 0), mean_iterations(&ellipsoids, 2)) {
        let _ = writeln!(
            md,
            "- Nesterov / vanilla mean iterations, ellipsoids close, distance: {:.2} (target <= 0.6)",
            nesterov / gjk
        );
    }
    for task in TASKS {
        let ycb = find("ycb>1000v close", task);
        if let [Some(gjk), Some(polyak), Some(nesterov)] = [0, 1, 2].map(|s| median_ns(&ycb, s)) {
            let _ = writeln!(
                md,
                "- Median time / vanilla's, YCB close, both hulls > {LARGE_MESH_VERTICES} vertices, {}: \
                 Polyak {:.2}, Nesterov {:.2} (target <= 0.8)",
                task.name(),
                polyak as f64 / gjk as f64,
                nesterov as f64 / gjk as f64
            );
        }
    }
}

/// One family's rows by pair of shape kinds: where each library wins, and why (the
/// closed forms parry has for balls, the iterations wolfe spends for its accuracy).
fn by_pair(md: &mut String, name: &str, families: &[Family], rows: &[Row]) {
    let Some(f) = families.iter().position(|f| f.name == name) else {
        return;
    };
    let _ = writeln!(md, "\n## {name}, by shape pair\n");
    let _ = writeln!(
        md,
        "| pair | task | problems | gjk ns | parry ns | gjk/parry | gjk <= parry | gjk mean iterations | parry max rel err |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    let mut pairs: Vec<[&str; 2]> = rows.iter().filter(|r| r.family == f).map(|r| r.pair).collect();
    pairs.sort_unstable();
    pairs.dedup();
    for task in TASKS {
        for pair in &pairs {
            let rows: Vec<&Row> = rows
                .iter()
                .filter(|r| r.family == f && r.task == task && r.pair == *pair)
                .collect();
            let (Some(ours), Some(theirs)) = (median_ns(&rows, 0), median_ns(&rows, PARRY)) else {
                continue;
            };
            let wins = rows
                .iter()
                .filter(|r| matches!((r.outcomes[0], r.outcomes[PARRY]), (Some(o), Some(t)) if o.ns <= t.ns))
                .count();
            let err = rows
                .iter()
                .filter_map(|r| r.relative_error(PARRY))
                .reduce(f64::max)
                .map_or("-".into(), |e| format!("{e:.1e}"));
            let _ = writeln!(
                md,
                "| {} | {} | {} | {ours} | {theirs} | {:.2} | {:.0}% | {:.1} | {err} |",
                pair.join("-"),
                task.name(),
                rows.len(),
                ours as f64 / theirs as f64,
                100.0 * wins as f64 / rows.len() as f64,
                mean_iterations(&rows, 0).unwrap_or(f64::NAN)
            );
        }
    }
}

/// Median over the rows of a solver's per-problem medians; `None` if it never ran.
fn median_ns(rows: &[&Row], solver: usize) -> Option<u64> {
    let mut ns: Vec<u64> = rows.iter().filter_map(|r| Some(r.outcomes[solver]?.ns)).collect();
    (!ns.is_empty()).then(|| timing::median(&mut ns))
}

/// Mean iterations of a wolfe solver over the rows.
fn mean_iterations(rows: &[&Row], solver: usize) -> Option<f64> {
    let it: Vec<u32> = rows
        .iter()
        .filter_map(|r| r.outcomes[solver]?.iterations)
        .collect();
    (!it.is_empty()).then(|| it.iter().map(|&i| f64::from(i)).sum::<f64>() / it.len() as f64)
}

/// One line per problem, solver and task.
fn write_csv(path: &Path, families: &[Family], rows: &[Row]) {
    let mut w = csv::Writer::from_path(path).expect("create peers.csv");
    w.write_record([
        "family",
        "id",
        "solver",
        "task",
        "ns",
        "value",
        "iterations",
        "dist",
    ])
    .expect("write peers.csv");
    for r in rows {
        for (s, o) in r.outcomes.iter().enumerate() {
            let Some(o) = o else { continue };
            w.write_record([
                families[r.family].name.as_str(),
                &r.id.to_string(),
                SOLVERS[s],
                r.task.name(),
                &o.ns.to_string(),
                &o.value.to_string(),
                &o.iterations.map_or(String::new(), |i| i.to_string()),
                &r.reference.to_string(),
            ])
            .expect("write peers.csv");
        }
    }
    w.flush().expect("write peers.csv");
}

/// `/proc/loadavg`'s first three fields (the machine is shared: say how busy it was).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
