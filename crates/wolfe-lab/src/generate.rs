//! `wolfe generate`: problem sets built as in the GJK++ paper (Montaut et al.), Sec. IV
//! ("Shapes datasets", "Ellipsoids", "YCB meshes").
//!
//! For each random shape pair and each of `poses` random relative poses: uniformly
//! random rotations of A and B, a random position of A, and B placed along a uniformly
//! random direction far enough that the shapes are apart. wolfe's vanilla GJK (default
//! settings) then gives the distance `d` and the unit normal `n` (A to B), and for every
//! target `t` of [`TARGETS`] B is translated by `(t - d) n`. GJK runs at the tight
//! [`PLACEMENT_TOLERANCE`] rather than the default 1e-8, so that separated rows land on
//! their targets to ~1e-12 m.
//!
//! Why that lands on the target: with witness points `p_a`, `p_b = p_a + d n`, the plane
//! through `p_a` orthogonal to `n` supports A (A lies in `<n, x> <= <n, p_a>`) and the
//! plane through `p_b` supports B (B lies in `<n, x> >= <n, p_b>`); both follow from the
//! optimality of the closest pair for convex sets. After translating B by `s n` with
//! `d + s >= 0`, B lies in `<n, x> >= <n, p_b> + s`, so the distance is at least `d + s`,
//! and the points `p_a`, `p_b + s n` are `d + s` apart: the distance is exactly `d + s`.
//! The computed `n` differs from the exact normal by a small angle `theta`, which moves
//! the result by `O(|s| theta^2)`; separated rows therefore store the distance re-measured
//! by wolfe, not the target. For negative targets the shapes overlap by `|t|` along `n`:
//! translating B back by `|t| n` separates them, so the true penetration depth is at
//! most `|t|`; overlap rows store `t` itself (an upper bound on the depth). Moving B by
//! `|t|` along `-n` can also carry a thin shape right through the other one: overlap
//! rows that wolfe's boolean query does not find intersecting are dropped (counted in
//! [`GenerateReport::dropped`]), as the reference sets drop rows that fail a check.
//!
//! Determinism: one `ChaCha8Rng` seeded from `--seed` draws everything in a fixed order.

use std::f64::consts::PI;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe::{ConvexMesh, ConvexShape, Ellipsoid, GjkSettings, GjkSolver, GjkStatus, Pose, Shape, WolfeError};

use crate::problem_set::{
    write_problems, write_shapes, Category, ProblemRow, ShapeKind, ShapeSpec, PROBLEMS_FILE, SHAPES_FILE,
};

/// Target signed distances in metres (GJK++ Sec. IV: from -0.1 m to 1 m).
pub const TARGETS: [f64; 10] = [-0.1, -0.05, -0.01, -0.001, 0.001, 0.01, 0.05, 0.1, 0.5, 1.0];
/// Range of the ellipsoids' semi-axes, in metres.
pub const ELLIPSOID_RADII: (f64, f64) = (0.05, 0.5);
/// Half width of the cube, centred on the origin, in which A's position is drawn (m).
pub const POSITION_RANGE: f64 = 1.0;
/// Gap left between the bounding spheres of A and B at the initial placement (m).
pub const INITIAL_GAP: f64 = 0.1;
/// How many times a pose is redrawn when GJK does not converge on it before giving up.
pub const MAX_ATTEMPTS: usize = 100;
/// Relative tolerance of the distances that place B and of the re-measured `dist`
/// (the library's default is 1e-8; GJK also stops at f64's rounding floor of the gap).
pub const PLACEMENT_TOLERANCE: f64 = 1e-12;
/// Name of the folder of copied meshes inside a generated YCB set.
pub const MESH_DIR: &str = "meshes";

/// Which set to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Dataset {
    /// Pairs of random ellipsoids (strictly convex: GJK's worst case).
    Ellipsoids,
    /// Pairs of YCB convex hulls (copied into DIR/meshes/).
    Ycb,
}

impl Dataset {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Dataset::Ellipsoids => "ellipsoids",
            Dataset::Ycb => "ycb",
        }
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    /// Which set.
    pub dataset: Dataset,
    /// Output directory (created if needed).
    pub out: PathBuf,
    /// Number of random shape pairs.
    pub pairs: usize,
    /// Random relative poses per pair; each gives one row per target.
    pub poses: usize,
    /// Seed of the random generator.
    pub seed: u64,
    /// Directory of the YCB hulls (`*.obj`), for [`Dataset::Ycb`].
    pub ycb_dir: PathBuf,
}

/// What a generation produced.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateReport {
    /// Rows written to `problems.csv`.
    pub problems: usize,
    /// Shapes written to `shapes.json`.
    pub shapes: usize,
    /// Poses that were drawn again because GJK did not converge on them.
    pub redrawn: usize,
    /// Overlap rows left out because the shapes did not intersect after the translation
    /// (a thin shape pushed through the other).
    pub dropped: usize,
}

/// What can go wrong while generating.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// `--pairs 0` or `--poses 0`.
    #[error("--pairs and --poses must be at least 1")]
    Empty,
    /// A file or directory could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// The YCB directory has fewer than two `*.obj` files.
    #[error("{}: need at least two *.obj files for YCB pairs, found {found}", dir.display())]
    NotEnoughMeshes {
        /// The directory searched.
        dir: PathBuf,
        /// How many were found.
        found: usize,
    },
    /// A shape or mesh could not be built.
    #[error("{what}: {source}")]
    Shape {
        /// The shape or file.
        what: String,
        /// The library's error.
        source: WolfeError,
    },
    /// GJK failed to converge on every pose drawn for one pair.
    #[error("pair {pair} ({a}, {b}): GJK did not converge on {MAX_ATTEMPTS} random poses in a row")]
    NoConvergence {
        /// Pair index.
        pair: usize,
        /// Name of shape A.
        a: String,
        /// Name of shape B.
        b: String,
    },
}

/// One shape of the set being built.
struct GenShape {
    spec: ShapeSpec,
    shape: Shape,
    /// Radius of a ball around the shape's origin that contains the shape.
    bounding_radius: f64,
}

/// Generates a set into `options.out`; `on_pose` is called after each pose (progress).
pub fn generate(
    options: &GenerateOptions, mut on_pose: impl FnMut(),
) -> Result<GenerateReport, GenerateError> {
    if options.pairs == 0 || options.poses == 0 {
        return Err(GenerateError::Empty);
    }
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| GenerateError::Io { path, source }
    };
    std::fs::create_dir_all(&options.out).map_err(io_error(&options.out))?;
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let (shapes, pairs) = match options.dataset {
        Dataset::Ellipsoids => ellipsoid_pairs(&mut rng, options.pairs)?,
        Dataset::Ycb => ycb_pairs(&mut rng, options)?,
    };
    let mut solver = GjkSolver::new(placement_settings()).map_err(|source| GenerateError::Shape {
        what: "GJK settings".into(),
        source,
    })?;
    let mut rows = Vec::with_capacity(pairs.len() * options.poses * TARGETS.len());
    let mut redrawn = 0;
    let mut dropped = 0;
    for (pair, &(ia, ib)) in pairs.iter().enumerate() {
        let (a, b) = (&shapes[ia], &shapes[ib]);
        for _ in 0..options.poses {
            let mut attempt = 0;
            let placed = loop {
                if let Some(placed) = place_pair(&mut rng, &mut solver, a, b) {
                    break placed;
                }
                attempt += 1;
                redrawn += 1;
                if attempt == MAX_ATTEMPTS {
                    return Err(GenerateError::NoConvergence {
                        pair,
                        a: a.spec.name.clone(),
                        b: b.spec.name.clone(),
                    });
                }
            };
            dropped += TARGETS.len() - placed.rows.len();
            for (translation_b, dist, target) in placed.rows {
                rows.push(ProblemRow {
                    id: rows.len() as u64,
                    shape_a: a.spec.name.clone(),
                    shape_b: b.spec.name.clone(),
                    translation_a: placed.translation_a,
                    quat_a: placed.quat_a,
                    translation_b,
                    quat_b: placed.quat_b,
                    dist,
                    // By the target, so that a re-measured 0.99999999999 stays `distant`.
                    category: Category::of_distance(target),
                });
            }
            on_pose();
        }
    }
    let specs: Vec<ShapeSpec> = shapes.into_iter().map(|s| s.spec).collect();
    let shapes_path = options.out.join(SHAPES_FILE);
    write_shapes(&shapes_path, &specs).map_err(io_error(&shapes_path))?;
    let problems_path = options.out.join(PROBLEMS_FILE);
    write_problems(&problems_path, &rows).map_err(io_error(&problems_path))?;
    let readme_path = options.out.join("README.md");
    std::fs::write(&readme_path, readme(options, rows.len(), specs.len(), dropped))
        .map_err(io_error(&readme_path))?;
    Ok(GenerateReport {
        problems: rows.len(),
        shapes: specs.len(),
        redrawn,
        dropped,
    })
}

/// The settings of every distance the generator computes: vanilla GJK, defaults but
/// for the tolerance ([`PLACEMENT_TOLERANCE`]).
pub fn placement_settings() -> GjkSettings {
    GjkSettings::default().with_tolerance(PLACEMENT_TOLERANCE)
}

/// One random relative pose of a pair and B's translation for every target kept.
struct Placed {
    translation_a: [f64; 3],
    quat_a: [f64; 4],
    quat_b: [f64; 4],
    /// (translation of B, reference dist, target) per target kept.
    rows: Vec<([f64; 3], f64, f64)>,
}

/// Draws one pose and places B at every target; `None` when GJK does not converge on
/// the initial or a re-measured distance (the caller draws again). Overlap targets at
/// which the shapes do not intersect are left out.
fn place_pair(rng: &mut ChaCha8Rng, solver: &mut GjkSolver, a: &GenShape, b: &GenShape) -> Option<Placed> {
    let quat_a = random_quaternion(rng);
    let quat_b = random_quaternion(rng);
    let translation_a = [(); 3].map(|_| rng.random_range(-POSITION_RANGE..=POSITION_RANGE));
    let u = random_direction(rng);
    // Bounding balls `INITIAL_GAP` apart: the shapes are separated.
    let r = a.bounding_radius + b.bounding_radius + INITIAL_GAP;
    let translation_b0 = [0, 1, 2].map(|i| translation_a[i] + r * u[i]);
    let pose_a = Pose::from_parts(translation_a, quat_a).ok()?;
    let pose_b0 = Pose::from_parts(translation_b0, quat_b).ok()?;
    let out = solver
        .distance(&a.shape, &pose_a, &b.shape, &pose_b0, None)
        .ok()?;
    if out.status != GjkStatus::Converged || out.distance.is_nan() || out.distance <= 0.0 {
        return None;
    }
    let mut rows = Vec::with_capacity(TARGETS.len());
    for target in TARGETS {
        let s = target - out.distance;
        let translation_b = [0, 1, 2].map(|i| translation_b0[i] + s * out.normal[i]);
        let pose_b = Pose::from_parts(translation_b, quat_b).ok()?;
        let dist = if target > 0.0 {
            let m = solver.distance(&a.shape, &pose_a, &b.shape, &pose_b, None).ok()?;
            if m.status != GjkStatus::Converged {
                return None;
            }
            m.distance
        } else {
            let c = solver
                .intersects(&a.shape, &pose_a, &b.shape, &pose_b, None)
                .ok()?;
            if !c.intersecting {
                continue;
            }
            target
        };
        rows.push((translation_b, dist, target));
    }
    Some(Placed {
        translation_a,
        quat_a,
        quat_b,
        rows,
    })
}

/// A uniformly random unit quaternion `(w, x, y, z)` (Shoemake, "Uniform random
/// rotations", Graphics Gems III, 1992).
pub fn random_quaternion(rng: &mut impl Rng) -> [f64; 4] {
    let u1: f64 = rng.random();
    let u2: f64 = rng.random();
    let u3: f64 = rng.random();
    let (s1, s2) = ((1.0 - u1).sqrt(), u1.sqrt());
    let (t2, t3) = (2.0 * PI * u2, 2.0 * PI * u3);
    let q = [s2 * t3.cos(), s1 * t2.sin(), s1 * t2.cos(), s2 * t3.sin()];
    let n = q.iter().map(|v| v * v).sum::<f64>().sqrt();
    q.map(|v| v / n)
}

/// A uniformly random unit vector (Archimedes: `z` uniform in [-1, 1]).
pub fn random_direction(rng: &mut impl Rng) -> [f64; 3] {
    let z: f64 = rng.random_range(-1.0..=1.0);
    let phi = 2.0 * PI * rng.random::<f64>();
    let rho = (1.0 - z * z).max(0.0).sqrt();
    [rho * phi.cos(), rho * phi.sin(), z]
}

/// Radius of a ball around the local origin containing the shape's local box.
fn bounding_radius(shape: &Shape) -> f64 {
    let aabb = shape.local_aabb();
    aabb.min.abs().sup(&aabb.max.abs()).norm()
}

type Pairs = (Vec<GenShape>, Vec<(usize, usize)>);

/// `pairs` pairs of fresh ellipsoids `e{2i}`, `e{2i+1}`, semi-axes uniform in
/// [`ELLIPSOID_RADII`].
fn ellipsoid_pairs(rng: &mut ChaCha8Rng, pairs: usize) -> Result<Pairs, GenerateError> {
    let mut shapes = Vec::with_capacity(2 * pairs);
    for i in 0..2 * pairs {
        let radii = [(); 3].map(|_| rng.random_range(ELLIPSOID_RADII.0..=ELLIPSOID_RADII.1));
        let name = format!("e{i}");
        let shape: Shape = Ellipsoid::new(radii)
            .map_err(|source| GenerateError::Shape {
                what: name.clone(),
                source,
            })?
            .into();
        shapes.push(GenShape {
            bounding_radius: bounding_radius(&shape),
            spec: ShapeSpec {
                name,
                kind: ShapeKind::Ellipsoid { radii },
            },
            shape,
        });
    }
    let pairs = (0..pairs).map(|i| (2 * i, 2 * i + 1)).collect();
    Ok((shapes, pairs))
}

/// `pairs` pairs of two distinct YCB hulls drawn uniformly; each used file is loaded
/// once, copied to `out/meshes/`, and named after its file stem.
fn ycb_pairs(rng: &mut ChaCha8Rng, options: &GenerateOptions) -> Result<Pairs, GenerateError> {
    let dir = &options.ycb_dir;
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| GenerateError::Io { path, source }
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io_error(dir))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "obj") && p.is_file())
        .collect();
    files.sort();
    if files.len() < 2 {
        return Err(GenerateError::NotEnoughMeshes {
            dir: dir.clone(),
            found: files.len(),
        });
    }
    let mesh_dir = options.out.join(MESH_DIR);
    std::fs::create_dir_all(&mesh_dir).map_err(io_error(&mesh_dir))?;
    // Index in `files` -> index in `shapes`.
    let mut loaded: Vec<Option<usize>> = vec![None; files.len()];
    let mut shapes: Vec<GenShape> = Vec::new();
    let mut pairs = Vec::with_capacity(options.pairs);
    for _ in 0..options.pairs {
        let a = rng.random_range(0..files.len());
        let mut b = rng.random_range(0..files.len() - 1);
        if b >= a {
            b += 1;
        }
        let mut index_of = |k: usize| -> Result<usize, GenerateError> {
            if let Some(i) = loaded[k] {
                return Ok(i);
            }
            let file = &files[k];
            let stem = file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mesh = ConvexMesh::from_obj(file).map_err(|source| GenerateError::Shape {
                what: file.display().to_string(),
                source,
            })?;
            let copy = mesh_dir.join(format!("{stem}.obj"));
            std::fs::copy(file, &copy).map_err(io_error(&copy))?;
            let shape: Shape = Arc::new(mesh).into();
            shapes.push(GenShape {
                bounding_radius: bounding_radius(&shape),
                spec: ShapeSpec {
                    kind: ShapeKind::Mesh {
                        file: format!("{MESH_DIR}/{stem}.obj"),
                    },
                    name: stem,
                },
                shape,
            });
            loaded[k] = Some(shapes.len() - 1);
            Ok(shapes.len() - 1)
        };
        let ia = index_of(a)?;
        let ib = index_of(b)?;
        pairs.push((ia, ib));
    }
    Ok((shapes, pairs))
}

/// The README written into a generated set.
fn readme(options: &GenerateOptions, problems: usize, shapes: usize, dropped: usize) -> String {
    let source = match options.dataset {
        Dataset::Ellipsoids => format!(
            "{} pairs of fresh ellipsoids, semi-axes uniform in [{}, {}] m.",
            options.pairs, ELLIPSOID_RADII.0, ELLIPSOID_RADII.1
        ),
        Dataset::Ycb => format!(
            "{} pairs of two distinct YCB convex hulls drawn uniformly from the `*.obj` \
             files of the repository's `data/ycb/` (see its README for source and \
             CC BY 4.0 attribution); the files used are copied into `{MESH_DIR}/`.",
            options.pairs
        ),
    };
    let targets: Vec<String> = TARGETS.iter().map(|t| t.to_string()).collect();
    format!(
        "# Generated problem set: {name}\n\n\
         Made by `wolfe generate {name} --pairs {pairs} --poses {poses} --seed {seed}` \
         ({problems} problems, {shapes} shapes), as in the GJK++ paper (Montaut et al.), \
         Sec. IV. Format: `benchmark-format.md`. The same command and seed give \
         identical files.\n\n\
         - Shapes: {source}\n\
         - Poses: for each pair, {poses} random relative poses: uniformly random \
         rotations of A and B (random unit quaternions), A's position uniform in \
         [-{range}, {range}]^3 m, B placed along a uniformly random direction with the \
         bounding balls {gap} m apart.\n\
         - Targets: wolfe's distance query (vanilla GJK, default settings but a relative \
         tolerance of {tolerance:e}) gives the \
         distance d and unit normal n (A to B); for each target t in [{targets}] m, B is \
         translated by (t - d) n. For convex shapes this changes the distance by exactly \
         t - d while it stays >= 0 (separating-plane argument, see `generate.rs`).\n\n\
         ## Meaning of `dist`\n\n\
         - Separated rows (t > 0): `dist` is the distance re-measured by wolfe (vanilla \
         GJK with the settings above), equal to t up to the solver's accuracy \
         (about 1e-12 m).\n\
         - Overlap rows (t < 0): the shapes overlap by |t| along n, and `dist` is t \
         itself. Moving B back by |t| n separates them, so the true penetration depth is \
         at most |t|: `-dist` = |t| is an **upper bound on the depth**, not the exact depth \
         (the two are equal when n is also the direction of least penetration, as for \
         two spheres, and differ in general). Moving B can also carry a thin shape \
         right through the other: overlap rows that wolfe's boolean query does not find \
         intersecting are left out ({dropped} rows here), so a pose may have fewer than \
         10 rows.\n\n\
         ## Categories\n\n\
         By the target t (benchmark-format.md): `overlap` t < 0, `close` 0 < t <= 0.1, \
         `distant` t >= 1, and `mid` for anything else (t = 0.5), which the format \
         does not name.\n",
        name = options.dataset.name(),
        pairs = options.pairs,
        poses = options.poses,
        seed = options.seed,
        range = POSITION_RANGE,
        gap = INITIAL_GAP,
        targets = targets.join(", "),
        tolerance = PLACEMENT_TOLERANCE,
    )
}

/// The YCB folder when none is given: `data/ycb` under the current folder, else the one
/// of the repository this crate was built from.
pub fn default_ycb_dir() -> PathBuf {
    let local = PathBuf::from("data/ycb");
    if local.is_dir() {
        local
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/ycb")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_rotations_and_directions_are_unit() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..1000 {
            let q = random_quaternion(&mut rng);
            assert!(
                (q.iter().map(|v| v * v).sum::<f64>() - 1.0).abs() < 1e-14,
                "{q:?}"
            );
            let d = random_direction(&mut rng);
            assert!(
                (d.iter().map(|v| v * v).sum::<f64>() - 1.0).abs() < 1e-14,
                "{d:?}"
            );
        }
    }

    #[test]
    fn bounding_radius_contains_the_box() {
        let e: Shape = Ellipsoid::new([0.1, 0.2, 0.3]).unwrap().into();
        let r = bounding_radius(&e);
        assert!(r >= 0.3 && r <= (0.14f64).sqrt() + 1e-12);
    }
}
