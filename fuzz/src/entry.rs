//! The entry points of wolfe's fuzz targets (issue 21), one function per target, shared
//! by the libFuzzer binaries in `fuzz_targets/` and by the regression replay test
//! `crates/wolfe-lab/tests/fuzz_regressions.rs` (which includes this file by path,
//! so that a saved input is replayed through exactly the code that found it). The
//! including crate provides `crate::problem_set` (wolfe-lab's module).
//!
//! Every entry point takes raw bytes and panics on a violated property: a panic inside
//! wolfe, an `Ok` answer holding NaN or infinity, or a wrong answer against an analytic
//! pair. Typed errors are fine: bad input must get one.
//!
//! This file must stay one module without `mod` items (it is included with `#[path]`).

use crate::problem_set::{parse_shape_specs, ProblemSet};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use arbitrary::{Result as AResult, Unstructured};
use wolfe::{
    Capsule, Cone, ContactSolver, ConvexMesh, Cuboid, Cylinder, Ellipsoid, GjkSettings, GjkSolver, GjkStatus,
    GrowthSettings, GrowthSolver, Inflated, ManifoldSettings, PairCache, Pose, Quat, Shape,
    SignedDistanceSettings, Sphere, Vec3,
};

// ---------------------------------------------------------------------------------------
// Parsers
// ---------------------------------------------------------------------------------------

/// A scratch folder of the calling thread (the parsers read files, not byte slices),
/// removed when the thread ends: one per thread, since the replay tests run in parallel
/// threads. It lies under `WOLFE_FUZZ_SCRATCH` when set, else in memory (`/dev/shm`:
/// the file targets write an input per run, 60 times faster than on disk here), else in
/// the temporary folder.
pub fn scratch_dir() -> PathBuf {
    thread_local! {
        static DIR: Scratch = Scratch::new();
    }
    DIR.with(|d| d.0.clone())
}

/// A scratch folder, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Self {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let shm = Path::new("/dev/shm");
        let base = match std::env::var_os("WOLFE_FUZZ_SCRATCH") {
            Some(b) => PathBuf::from(b),
            None if shm.is_dir() => shm.to_path_buf(),
            None => std::env::temp_dir(),
        };
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let dir = base.join(format!("wolfe-fuzz-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create the fuzz scratch folder");
        // A valid mesh that shapes.json and URDF inputs may name (`cube.obj`).
        std::fs::write(dir.join("cube.obj"), CUBE_OBJ).expect("write cube.obj");
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A unit cube as OBJ: the mesh a fuzzed problem set or URDF can refer to.
const CUBE_OBJ: &str = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n\
f 1 2 3\nf 1 3 4\nf 5 6 7\nf 5 7 8\nf 1 2 6\nf 1 6 5\nf 2 3 7\nf 2 7 6\nf 3 4 8\nf 3 8 7\nf 4 1 5\nf 4 5 8\n";

fn write_scratch(name: &str, data: &[u8]) -> PathBuf {
    let path = scratch_dir().join(name);
    std::fs::write(&path, data).expect("write a fuzz input file");
    path
}

/// A loaded hull must be usable: finite vertices, at least 4 of them (a solid), and a
/// finite support point in every axis direction.
fn check_mesh(mesh: &ConvexMesh, what: &str) {
    let v = mesh.vertices();
    assert!(v.len() >= 4, "{what}: Ok hull with {} vertices", v.len());
    for p in v {
        assert!(
            p.iter().all(|c| c.is_finite()),
            "{what}: Ok hull with vertex {p:?}"
        );
    }
}

/// OBJ loading: `ConvexMesh::from_obj` on the bytes (written to a scratch file).
pub fn obj(data: &[u8]) {
    obj_with(data, strict_from_env());
}

/// [`obj`], strict or not as told (the OBJ checks are the same either way since
/// `from_obj` refuses the relative indices that made `tobj` panic).
pub fn obj_with(data: &[u8], _strict: bool) {
    let path = write_scratch("input.obj", data);
    if let Ok(mesh) = ConvexMesh::from_obj(&path) {
        check_mesh(&mesh, "from_obj");
    }
}

/// STL loading (ASCII or binary): `ConvexMesh::from_stl` on the bytes.
pub fn stl(data: &[u8]) {
    let path = write_scratch("input.stl", data);
    if let Ok(mesh) = ConvexMesh::from_stl(&path) {
        check_mesh(&mesh, "from_stl");
    }
}

/// Problem sets: the bytes up to the first NUL are `shapes.json`, the rest
/// `problems.csv`; both are read with `ProblemSet::load` (the folder also holds
/// `cube.obj`), and the JSON alone with `parse_shape_specs`.
pub fn problem_set(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (json, csv) = (&data[..split], data.get(split + 1..).unwrap_or(&[]));
    if let Ok(text) = std::str::from_utf8(json) {
        let _ = parse_shape_specs(Path::new("shapes.json"), text);
    }
    let dir = scratch_dir().join("set");
    std::fs::create_dir_all(&dir).expect("create the problem-set folder");
    std::fs::write(dir.join("shapes.json"), json).expect("write shapes.json");
    std::fs::write(dir.join("problems.csv"), csv).expect("write problems.csv");
    std::fs::write(dir.join("cube.obj"), CUBE_OBJ).expect("write cube.obj");
    if let Ok(set) = ProblemSet::load(&dir) {
        for p in &set.problems {
            assert!(p.shape_a < set.shapes.len() && p.shape_b < set.shapes.len());
            assert!(p.dist.is_finite(), "problem {} with distance {}", p.id, p.dist);
            for pose in [&p.pose_a, &p.pose_b] {
                assert!(
                    pose.validate().is_ok(),
                    "problem {} with invalid pose {pose:?}",
                    p.id
                );
            }
        }
    }
}

/// URDF: `parse_urdf` on the text (first byte: options), relative mesh paths against
/// the scratch folder (which holds `cube.obj`). A loaded robot's mass matrix and
/// gravity torques at the neutral configuration must be finite.
pub fn urdf(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let options = wolfe_multibody::UrdfOptions {
        floating_base: flags & 1 != 0,
        load_collision: flags & 2 != 0,
    };
    let Ok(robot) = wolfe_multibody::parse_urdf(text, &scratch_dir(), options) else {
        return;
    };
    let model = &robot.model;
    let q = model.neutral();
    let mut data = wolfe_multibody::Data::new(model);
    if let Ok(m) = model.mass_matrix(&mut data, q.as_slice()) {
        assert!(m.iter().all(|x| x.is_finite()), "URDF: Ok mass matrix with {m}");
    }
    if let Ok(g) = model.gravity_torques(&mut data, q.as_slice()) {
        assert!(g.iter().all(|x| x.is_finite()), "URDF: Ok gravity torques {g}");
    }
}

/// MJCF: `parse_mjcf` on the text (first byte: bit 0 builds collision hulls), includes
/// and relative mesh paths against the scratch folder (which holds `cube.obj`). A loaded
/// model's mass matrix and gravity torques at its default configuration must be finite,
/// and so must every body's mass and inertia.
pub fn mjcf(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let options = wolfe_multibody::MjcfOptions {
        load_collision: flags & 1 != 0,
    };
    let Ok(mjcf) = wolfe_multibody::parse_mjcf(text, &scratch_dir(), options) else {
        return;
    };
    for b in &mjcf.bodies {
        assert!(
            b.mass.is_finite() && b.inertia.iter().all(|x| x.is_finite()),
            "MJCF: body {b:?}"
        );
    }
    let model = &mjcf.robot.model;
    let q = &mjcf.qpos0;
    assert_eq!(q.len(), model.nq(), "MJCF: qpos0 length");
    let mut data = wolfe_multibody::Data::new(model);
    if let Ok(m) = model.mass_matrix(&mut data, q) {
        assert!(m.iter().all(|x| x.is_finite()), "MJCF: Ok mass matrix with {m}");
    }
    if let Ok(g) = model.gravity_torques(&mut data, q) {
        assert!(g.iter().all(|x| x.is_finite()), "MJCF: Ok gravity torques {g}");
    }
}

// ---------------------------------------------------------------------------------------
// The query API on arbitrary floats
// ---------------------------------------------------------------------------------------

/// Floats that break arithmetic: zeros, the overflow edge of a squared norm (1.35e154),
/// the extremes, the non-finite values.
const SPECIAL: [f64; 18] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    1e-300,
    1e-9,
    1e9,
    1e20,
    1.35e154,
    -1.35e154,
    1e300,
    f64::MAX,
    f64::MIN_POSITIVE,
    5e-324,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
];

/// A float drawn from the specials, from raw bits, from a grid of small values, or with
/// a decimal exponent in +-12 (the range where simulations live, and beyond).
pub fn float(u: &mut Unstructured) -> AResult<f64> {
    Ok(match u.int_in_range(0u8..=3)? {
        0 => SPECIAL[u.choose_index(SPECIAL.len())?],
        1 => f64::from_bits(u.arbitrary()?),
        2 => f64::from(u.arbitrary::<i16>()?) / 64.0,
        _ => {
            let m = f64::from(u.arbitrary::<i16>()?) / 4096.0;
            m * 10f64.powi(u.int_in_range(-12i32..=12)?)
        }
    })
}

/// A shape's description: kind and parameters, as drawn (maybe invalid).
#[derive(Clone, Debug)]
pub enum ShapeDesc {
    /// `Sphere::new(r)`.
    Sphere(f64),
    /// `Ellipsoid::new(radii)`.
    Ellipsoid([f64; 3]),
    /// `Cuboid::new(half_extents)`.
    Cuboid([f64; 3]),
    /// `Capsule::new(r, h)`.
    Capsule(f64, f64),
    /// `Cylinder::new(r, h)`.
    Cylinder(f64, f64),
    /// `Cone::new(r, h)`.
    Cone(f64, f64),
    /// `ConvexMesh::from_points`.
    Hull(Vec<[f64; 3]>),
    /// `Inflated::new(core, r)`.
    Inflated(Box<ShapeDesc>, f64),
}

impl ShapeDesc {
    /// Draws a description (depth-limited nesting for `Inflated`).
    pub fn draw(u: &mut Unstructured, depth: u32) -> AResult<Self> {
        let top = if depth == 0 { 6 } else { 7 };
        Ok(match u.int_in_range(0u8..=top)? {
            0 => Self::Sphere(float(u)?),
            1 => Self::Ellipsoid([float(u)?, float(u)?, float(u)?]),
            2 => Self::Cuboid([float(u)?, float(u)?, float(u)?]),
            3 => Self::Capsule(float(u)?, float(u)?),
            4 => Self::Cylinder(float(u)?, float(u)?),
            5 => Self::Cone(float(u)?, float(u)?),
            6 => {
                let n = u.int_in_range(1usize..=12)?;
                let mut pts = Vec::with_capacity(n);
                for _ in 0..n {
                    pts.push([float(u)?, float(u)?, float(u)?]);
                }
                Self::Hull(pts)
            }
            _ => Self::Inflated(Box::new(Self::draw(u, depth - 1)?), float(u)?),
        })
    }

    /// The numbers of the description.
    pub fn params(&self) -> Vec<f64> {
        match self {
            Self::Sphere(r) => vec![*r],
            Self::Ellipsoid(v) | Self::Cuboid(v) => v.to_vec(),
            Self::Capsule(r, h) | Self::Cylinder(r, h) | Self::Cone(r, h) => vec![*r, *h],
            Self::Hull(p) => p.iter().flatten().copied().collect(),
            Self::Inflated(core, r) => {
                let mut v = core.params();
                v.push(*r);
                v
            }
        }
    }

    /// Builds the shape; a constructor's typed error is returned as is.
    pub fn build(&self) -> Result<Shape, wolfe::WolfeError> {
        Ok(match self {
            Self::Sphere(r) => Sphere::new(*r)?.into(),
            Self::Ellipsoid(v) => Ellipsoid::new(*v)?.into(),
            Self::Cuboid(v) => Cuboid::new(*v)?.into(),
            Self::Capsule(r, h) => Capsule::new(*r, *h)?.into(),
            Self::Cylinder(r, h) => Cylinder::new(*r, *h)?.into(),
            Self::Cone(r, h) => Cone::new(*r, *h)?.into(),
            Self::Hull(p) => {
                let pts: Vec<Vec3> = p.iter().map(|q| Vec3::from(*q)).collect();
                Arc::new(ConvexMesh::from_points(&pts)?).into()
            }
            Self::Inflated(core, r) => Shape::Inflated(Box::new(Inflated::new(core.build()?, *r)?)),
        })
    }
}

/// A pose as drawn: through the checked constructor, or field by field (which may hold a
/// non-unit or non-finite quaternion that the queries must refuse).
#[derive(Clone, Debug)]
pub struct PoseDesc {
    /// Translation.
    pub t: [f64; 3],
    /// Quaternion, `[w, x, y, z]`.
    pub q: [f64; 4],
    /// 0: `Pose::from_parts`; 1: normalized quaternion put in unchecked; 2: raw
    /// quaternion put in unchecked.
    pub mode: u8,
}

impl PoseDesc {
    /// Draws a pose description; a third of the rotations are exact axis rotations.
    pub fn draw(u: &mut Unstructured) -> AResult<Self> {
        let t = [float(u)?, float(u)?, float(u)?];
        let q = if u.ratio(1, 3)? {
            let s = std::f64::consts::FRAC_1_SQRT_2;
            [
                [1.0, 0.0, 0.0, 0.0],
                [s, s, 0.0, 0.0],
                [s, 0.0, s, 0.0],
                [s, 0.0, 0.0, s],
                [0.0, 1.0, 0.0, 0.0],
            ][u.choose_index(5)?]
        } else {
            [float(u)?, float(u)?, float(u)?, float(u)?]
        };
        Ok(Self {
            t,
            q,
            mode: u.int_in_range(0u8..=2)?,
        })
    }

    /// The pose, or `None` when the checked constructor refused it (with a typed error).
    pub fn build(&self) -> Option<Pose> {
        let t = Vec3::from(self.t);
        let raw = nalgebra::Quaternion::new(self.q[0], self.q[1], self.q[2], self.q[3]);
        match self.mode {
            0 => Pose::from_parts(self.t, self.q).ok(),
            1 => Some(Pose::new(t, Quat::new_normalize(raw))),
            _ => Some(Pose::new(t, Quat::new_unchecked(raw))),
        }
    }
}

/// One query case: two shapes, two poses, a margin.
#[derive(Clone, Debug)]
pub struct QueryCase {
    /// Shape A.
    pub a: ShapeDesc,
    /// Pose of A.
    pub pose_a: PoseDesc,
    /// Shape B.
    pub b: ShapeDesc,
    /// Pose of B.
    pub pose_b: PoseDesc,
    /// Contact and manifold margin.
    pub margin: f64,
}

impl QueryCase {
    /// Draws a case from fuzzer bytes.
    pub fn draw(u: &mut Unstructured) -> AResult<Self> {
        Ok(Self {
            a: ShapeDesc::draw(u, 1)?,
            pose_a: PoseDesc::draw(u)?,
            b: ShapeDesc::draw(u, 1)?,
            pose_b: PoseDesc::draw(u)?,
            margin: if u.arbitrary()? { 0.0 } else { float(u)? },
        })
    }

    /// Whether every number is in the range where wolfe is expected to answer right
    /// today: 0 or a magnitude in [1e-6, 1e6], hulls of at least 1e-3 of their extent
    /// in every direction aside (not checked here: flat hulls are refused). Outside it
    /// only "no panic, no hang" is checked unless `strict` (issue 21 items 1-2: huge
    /// translations and sizes overflow squared norms today).
    pub fn moderate(&self) -> bool {
        let ok = |x: f64| x == 0.0 || (1e-6..=1e6).contains(&x.abs());
        self.a.params().into_iter().all(ok)
            && self.b.params().into_iter().all(ok)
            && self.pose_a.t.iter().chain(&self.pose_b.t).all(|&x| ok(x))
            && ok(self.margin)
    }
}

/// What one case did, for the long property run's counts.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// wolfe calls made.
    pub calls: u64,
    /// Calls that returned a typed error.
    pub errors: u64,
    /// `Ok` answers holding NaN or infinity (checked cases).
    pub nan_in_ok: u64,
    /// Wrong answers: against an analytic pair, a violated invariant (negative distance,
    /// crossed bounds), or an `Ok` for an invalid pose.
    pub wrong: u64,
    /// Signed-distance answers without a certificate.
    pub uncertified: u64,
    /// Cases whose numbers were outside the moderate range (only panics checked).
    pub extreme_cases: u64,
    /// First few violations, for the report.
    pub messages: Vec<String>,
}

impl Tally {
    fn flag(&mut self, nan: bool, msg: String) {
        if nan {
            self.nan_in_ok += 1;
        } else {
            self.wrong += 1;
        }
        if self.messages.len() < 20 {
            self.messages.push(msg);
        }
    }

    /// Adds another tally.
    pub fn add(&mut self, o: &Tally) {
        self.calls += o.calls;
        self.errors += o.errors;
        self.nan_in_ok += o.nan_in_ok;
        self.wrong += o.wrong;
        self.uncertified += o.uncertified;
        self.extreme_cases += o.extreme_cases;
        for m in &o.messages {
            if self.messages.len() < 20 {
                self.messages.push(m.clone());
            }
        }
    }

    /// Whether a violation was found.
    pub fn failed(&self) -> bool {
        self.nan_in_ok + self.wrong > 0
    }
}

fn finite3(v: &Vec3) -> bool {
    v.iter().all(|c| c.is_finite())
}

/// The exact signed distance of analytic pairs: sphere-sphere, sphere-box and
/// box-box with the same rotation and the boxes' axes aligned in that frame.
pub fn analytic_signed_distance(a: &ShapeDesc, pa: &Pose, b: &ShapeDesc, pb: &Pose) -> Option<f64> {
    use ShapeDesc as S;
    match (a, b) {
        (S::Sphere(ra), S::Sphere(rb)) => Some((pb.translation - pa.translation).norm() - ra - rb),
        (S::Cuboid(h), S::Sphere(r)) => Some(point_box(h, &pa.inverse_transform_point(&pb.translation)) - r),
        (S::Sphere(r), S::Cuboid(h)) => Some(point_box(h, &pb.inverse_transform_point(&pa.translation)) - r),
        (S::Cuboid(ha), S::Cuboid(hb)) if pa.rotation.angle_to(&pb.rotation) == 0.0 => {
            let c = pa.inverse_transform_point(&pb.translation);
            let gap: Vec<f64> = (0..3).map(|i| c[i].abs() - ha[i] - hb[i]).collect();
            if gap.iter().all(|&g| g < 0.0) {
                gap.iter().copied().reduce(f64::max)
            } else {
                Some(gap.iter().map(|g| g.max(0.0).powi(2)).sum::<f64>().sqrt())
            }
        }
        _ => None,
    }
}

/// Signed distance from a point to a box centred at the origin (negative inside).
fn point_box(h: &[f64; 3], p: &Vec3) -> f64 {
    let q: Vec<f64> = (0..3).map(|i| p[i].abs() - h[i]).collect();
    let outside = q.iter().map(|x| x.max(0.0).powi(2)).sum::<f64>().sqrt();
    let inside = q.iter().copied().reduce(f64::max).unwrap_or(0.0).min(0.0);
    outside + inside
}

/// Runs every query on a case and checks it. `strict`: check NaN-in-Ok and analytic
/// answers on every case, not only on moderate ones.
pub fn check_case(case: &QueryCase, strict: bool, solvers: &mut Solvers) -> Tally {
    let mut t = Tally::default();
    let checked = strict || case.moderate();
    if !checked {
        t.extreme_cases += 1;
    }
    let (sa, sb) = (case.a.build(), case.b.build());
    t.calls += 2;
    for s in [&sa, &sb] {
        match s {
            Err(_) => t.errors += 1,
            Ok(shape) => {
                t.calls += 1;
                match shape.mass_properties(1000.0) {
                    Err(_) => t.errors += 1,
                    Ok(m) => {
                        let fin = m.mass.is_finite()
                            && finite3(&m.local_center)
                            && m.inertia.iter().all(|x| x.is_finite());
                        if checked && !fin {
                            t.flag(
                                true,
                                format!("mass_properties NaN/inf in Ok: {m:?} for {shape:?}"),
                            );
                        }
                    }
                }
            }
        }
    }
    let (Ok(a), Ok(b)) = (sa, sb) else {
        return t;
    };
    let (Some(pa), Some(pb)) = (case.pose_a.build(), case.pose_b.build()) else {
        t.calls += 1;
        t.errors += 1;
        return t;
    };
    let valid = pa.validate().is_ok() && pb.validate().is_ok();
    let exact = analytic_signed_distance(&case.a, &pa, &case.b, &pb);
    // Tolerance of an exact comparison: relative to the scene's size.
    let scale = 1.0
        + case
            .a
            .params()
            .iter()
            .chain(case.b.params().iter())
            .fold(0.0f64, |m, x| m.max(x.abs()))
        + (pa.translation - pb.translation).norm();
    let tol = 1e-6 * scale;

    // An Ok for an invalid pose is wrong; an Err for a valid pose and shapes is fine
    // only as a typed error (no further check).
    macro_rules! ok_or_count {
        ($name:expr, $call:expr) => {{
            t.calls += 1;
            match $call {
                Err(_) => {
                    t.errors += 1;
                    None
                }
                Ok(v) => {
                    if !valid {
                        t.flag(false, format!("{}: Ok for an invalid pose {pa:?} {pb:?}", $name));
                        None
                    } else {
                        Some(v)
                    }
                }
            }
        }};
    }

    let d = ok_or_count!("distance", solvers.gjk.distance(&a, &pa, &b, &pb, None));
    if let (Some(d), true) = (&d, checked) {
        if !(d.distance.is_finite() && finite3(&d.point_a) && finite3(&d.point_b) && finite3(&d.normal)) {
            t.flag(true, format!("distance: NaN/inf in Ok {d:?} for {case:?}"));
        } else if d.distance < 0.0 {
            t.flag(false, format!("distance: negative {d:?} for {case:?}"));
        } else if let Some(e) = exact {
            let certified = matches!(d.status, GjkStatus::Converged | GjkStatus::Intersecting);
            if certified && (d.distance - e.max(0.0)).abs() > tol {
                t.flag(
                    false,
                    format!(
                        "distance {} vs exact {} ({:?}) for {case:?}",
                        d.distance,
                        e.max(0.0),
                        d.status
                    ),
                );
            }
        }
    }
    let c = ok_or_count!("intersects", solvers.gjk.intersects(&a, &pa, &b, &pb, None));
    if let (Some(c), true) = (&c, checked) {
        if c.lower_bound.is_nan() || !finite3(&c.separating_normal) {
            t.flag(true, format!("intersects: NaN in Ok {c:?} for {case:?}"));
        } else if let Some(e) = exact {
            if (e > tol && c.intersecting) || (e < -tol && !c.intersecting) {
                t.flag(
                    false,
                    format!(
                        "intersects {} vs exact signed distance {e} for {case:?}",
                        c.intersecting
                    ),
                );
            }
        }
    }
    let mut cache = PairCache::new();
    for warm in [false, true] {
        let cache = if warm { Some(&mut cache) } else { None };
        let sd = ok_or_count!(
            if warm {
                "signed_distance (cached)"
            } else {
                "signed_distance"
            },
            solvers.contact.signed_distance(&a, &pa, &b, &pb, cache)
        );
        if let (Some(s), true) = (&sd, checked) {
            if !s.is_certified() {
                t.uncertified += 1;
            }
            let fin = s.signed_distance.is_finite()
                && finite3(&s.point_a)
                && finite3(&s.point_b)
                && finite3(&s.normal)
                && !s.lower_bound.is_nan()
                && !s.upper_bound.is_nan();
            if !fin {
                t.flag(true, format!("signed_distance: NaN/inf in Ok {s:?} for {case:?}"));
            } else if s.lower_bound > s.upper_bound {
                t.flag(
                    false,
                    format!("signed_distance: bounds crossed {s:?} for {case:?}"),
                );
            } else if let Some(e) = exact {
                if s.is_certified() && (s.signed_distance - e).abs() > tol {
                    t.flag(
                        false,
                        format!(
                            "signed_distance {} vs exact {e} (certified) for {case:?}",
                            s.signed_distance
                        ),
                    );
                }
            }
        }
    }
    let margin = case.margin;
    let ct = ok_or_count!("contact", solvers.contact.contact(&a, &pa, &b, &pb, margin, None));
    if let (Some(Some(ct)), true) = (&ct, checked) {
        if !(ct.signed_distance.is_finite()
            && finite3(&ct.normal)
            && finite3(&ct.point_a)
            && finite3(&ct.point_b))
        {
            t.flag(true, format!("contact: NaN/inf in Ok {ct:?} for {case:?}"));
        } else if ct.signed_distance > margin {
            t.flag(
                false,
                format!("contact beyond the margin {margin}: {ct:?} for {case:?}"),
            );
        }
    }
    let ms = ManifoldSettings::default().with_margin(margin);
    let m = ok_or_count!("manifold", solvers.contact.manifold(&a, &pa, &b, &pb, &ms, None));
    if let (Some(Some(m)), true) = (&m, checked) {
        let fin = finite3(&m.normal)
            && m.points()
                .iter()
                .all(|p| finite3(&p.point_a) && finite3(&p.point_b) && p.signed_distance.is_finite());
        if !fin {
            t.flag(true, format!("manifold: NaN/inf in Ok {m:?} for {case:?}"));
        } else if m.points().is_empty() {
            t.flag(false, format!("manifold: Some with no point for {case:?}"));
        }
    }
    let g = ok_or_count!(
        "growth_distance",
        solvers.growth.growth_distance(&a, &pa, &b, &pb, None, None)
    );
    if let (Some(g), true) = (&g, checked) {
        let fin = g.alpha.is_finite()
            && !g.alpha_lower.is_nan()
            && !g.alpha_upper.is_nan()
            && finite3(&g.point_a)
            && finite3(&g.point_b)
            && finite3(&g.contact_point)
            && finite3(&g.normal);
        if !fin {
            t.flag(true, format!("growth_distance: NaN/inf in Ok {g:?} for {case:?}"));
        } else if g.alpha < 0.0 || g.alpha_lower > g.alpha_upper {
            t.flag(
                false,
                format!(
                    "growth_distance: alpha {} bounds [{}, {}] for {case:?}",
                    g.alpha, g.alpha_lower, g.alpha_upper
                ),
            );
        }
    }
    t
}

/// The solvers, built once per process (they keep scratch storage).
pub struct Solvers {
    /// GJK.
    pub gjk: GjkSolver,
    /// GJK + EPA.
    pub contact: ContactSolver,
    /// Growth distance.
    pub growth: GrowthSolver,
}

impl Solvers {
    /// Default settings everywhere.
    pub fn new() -> Self {
        Self {
            gjk: GjkSolver::new(GjkSettings::default()).expect("default GJK settings"),
            contact: ContactSolver::new(SignedDistanceSettings::default()).expect("default settings"),
            growth: GrowthSolver::new(GrowthSettings::default()).expect("default growth settings"),
        }
    }
}

impl Default for Solvers {
    fn default() -> Self {
        Self::new()
    }
}

/// Whether `WOLFE_FUZZ_STRICT=1` asks for the checks on every case (not only moderate
/// ones): for use once issue 21's overflow items are fixed.
pub fn strict_from_env() -> bool {
    static STRICT: OnceLock<bool> = OnceLock::new();
    *STRICT.get_or_init(|| std::env::var("WOLFE_FUZZ_STRICT").is_ok_and(|v| v == "1"))
}

/// The query target: a case drawn from the bytes, every query run and checked; panics
/// on a violation.
pub fn query_with(data: &[u8], strict: bool) {
    let mut u = Unstructured::new(data);
    let Ok(case) = QueryCase::draw(&mut u) else {
        return;
    };
    let mut solvers = Solvers::new();
    let t = check_case(&case, strict, &mut solvers);
    assert!(!t.failed(), "query violations: {:#?}", t.messages);
}

/// [`query_with`], strict as the environment says.
pub fn query(data: &[u8]) {
    query_with(data, strict_from_env());
}
