//! The bench's setup: its sizes and bars, the sets with their parry shapes, the
//! families and rows of the tables, the generated YCB sets, the options.

use std::path::{Path, PathBuf};

use parry3d_f64::math::Pose as ParryPose;
use parry3d_f64::shape as parry_shape;
use wolfe::ConvexMesh;
use wolfe_lab::bench::parry::{parry_pose, parry_shape, ParryShape};
use wolfe_lab::generate::{generate, Dataset, GenerateOptions};
use wolfe_lab::problem_set::{Problem, ProblemSet};
use wolfe_lab::run::{SolverChoice, Task};

/// Timed repeats per problem, solver and task (the N).
pub(crate) const REPEATS: usize = 100;
/// Timed repeats with `--quick`.
pub(crate) const QUICK_REPEATS: usize = 5;
/// Problems per family with `--quick` (evenly spread over the family's rows).
pub(crate) const QUICK_PROBLEMS: usize = 40;
/// Seed of the generated YCB sets.
pub(crate) const YCB_SEED: u64 = 7;
/// YCB (pairs, poses per pair) for the all-hulls set, full and `--quick`.
pub(crate) const YCB_SIZE: [(usize, usize); 2] = [(100, 4), (10, 2)];
/// YCB (pairs, poses per pair) for the large-hulls set, full and `--quick`.
pub(crate) const YCB_LARGE_SIZE: [(usize, usize); 2] = [(50, 4), (6, 2)];
/// Hulls with more than this many vertices make the large YCB set (issue: "> 1000").
pub(crate) const LARGE_MESH_VERTICES: usize = 1000;
/// Cold passes per wolfe solver over a mesh family (see [`cold_passes`]), full and
/// `--quick`.
pub(crate) const COLD_PASSES: [usize; 2] = [15, 3];
/// Relative distance error above which a row counts as off (issue: "<= 1e-6").
pub(crate) const ACCURACY: f64 = 1e-6;
/// Largest accepted `|parry - wolfe|` on far-apart rows (>= 1 m), in metres. A shape
/// built with the wrong axis or hull is off by centimetres there; both libraries agree
/// to ~1e-6 m when the shapes match.
pub(crate) const FAR_AGREEMENT: f64 = 1e-4;

/// The solvers, in table order; the first three are wolfe's.
pub(crate) const SOLVERS: [&str; 4] = ["gjk", "polyak", "nesterov", "parry"];
pub(crate) const WOLFE: [SolverChoice; 3] = [SolverChoice::Gjk, SolverChoice::Polyak, SolverChoice::Nesterov];
pub(crate) const PARRY: usize = 3;
pub(crate) const SOLVERS_INDICES: [usize; 4] = [0, 1, 2, 3];
pub(crate) const TASKS: [Task; 2] = [Task::Distance, Task::Collision];

/// Which rows of a set a family keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Band {
    /// Close proximity: `0 < dist <= 0.1` m.
    Close,
    /// Shallow overlap: `-0.01 <= dist < 0` m.
    ShallowOverlap,
}

impl Band {
    pub(crate) fn contains(self, dist: f64) -> bool {
        match self {
            Band::Close => dist > 0.0 && dist <= 0.1,
            Band::ShallowOverlap => (-0.01..0.0).contains(&dist),
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Band::Close => "close",
            Band::ShallowOverlap => "overlap",
        }
    }
}

/// A problem set with its parry shapes (by shape index).
pub(crate) struct Set {
    pub(crate) name: &'static str,
    pub(crate) set: ProblemSet,
    pub(crate) parry: Vec<Option<ParryShape>>,
}

impl Set {
    pub(crate) fn new(name: &'static str, set: ProblemSet) -> Self {
        let parry = set.shapes.iter().map(|s| parry_shape(&s.shape)).collect();
        Self { name, set, parry }
    }

    /// Both parry shapes of a problem with their parry poses, if parry has both.
    pub(crate) fn parry_pair(&self, p: &Problem) -> Option<[(ParryPose, &dyn parry_shape::Shape); 2]> {
        let a = self.parry[p.shape_a].as_ref()?;
        let b = self.parry[p.shape_b].as_ref()?;
        Some([
            (parry_pose(&p.pose_a, &a.offset), a.shape.as_ref()),
            (parry_pose(&p.pose_b, &b.offset), b.shape.as_ref()),
        ])
    }
}

/// One family of the tables: the rows of a set in a band.
pub(crate) struct Family<'s> {
    pub(crate) name: String,
    pub(crate) set: &'s Set,
    pub(crate) problems: Vec<&'s Problem>,
}

/// One solver's answer on one problem and task.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    /// Median ns per query.
    pub(crate) ns: u64,
    /// Distance, or 1 / 0 for collision.
    pub(crate) value: f64,
    /// wolfe's iterations (parry does not report them).
    pub(crate) iterations: Option<u32>,
}

/// All solvers on one problem and task (`None`: solver not run, parry without the shape).
pub(crate) struct Row {
    pub(crate) family: usize,
    pub(crate) task: Task,
    pub(crate) id: u64,
    /// The kinds of the two shapes, sorted (`"box"`, `"sphere"`, ...).
    pub(crate) pair: [&'static str; 2],
    pub(crate) reference: f64,
    pub(crate) outcomes: [Option<Outcome>; 4],
}

impl Row {
    /// Relative distance error of a solver on a separated row (distance task only).
    pub(crate) fn relative_error(&self, solver: usize) -> Option<f64> {
        let o = self.outcomes[solver]?;
        (self.task == Task::Distance && self.reference > 0.0)
            .then(|| (o.value - self.reference).abs() / self.reference)
    }

    /// Whether a solver's answer is off: relative error above [`ACCURACY`] when
    /// separated, a positive distance when overlapping, a wrong collision answer.
    pub(crate) fn is_off(&self, solver: usize) -> bool {
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

/// Generates a YCB set from the `*.obj` files of `ycb_dir` into `out`.
pub(crate) fn generate_ycb(ycb_dir: &Path, out: &Path, (pairs, poses): (usize, usize)) -> ProblemSet {
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
pub(crate) fn large_ycb_hulls(ycb_dir: &Path, dir: &Path) -> usize {
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
pub(crate) struct Options {
    pub(crate) quick: bool,
    pub(crate) out: PathBuf,
    /// Time only the families whose name contains this (all when `None`).
    pub(crate) family: Option<String>,
}

pub(crate) fn options() -> Options {
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
