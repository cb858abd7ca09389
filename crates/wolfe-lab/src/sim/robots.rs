//! The robot scenes: `panda-drop` (the comparison scene run in Drake and MuJoCo: the
//! Panda PD-holding a pose over a table while 16 YCB hulls fall) and `urdf` (any
//! fixed-base URDF robot holding its zero configuration while YCB hulls fall onto it),
//! both worlds of the one simulator: the robot an articulated tree, the objects rigid
//! bodies (one-body floating trees), the table and floor static geometry.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use wolfe::{ConvexMesh, ConvexShape, Cuboid, HalfSpace, Pose, Quat, Shape, SupportMap, Vec3};
use wolfe_multibody::{load_urdf, JointKind, Robot, UrdfOptions};
use wolfe_sim::{Collider, Material, RigidBody, SimError, SimSettings, Simulation, StaticGeometry, World};

use super::options::{io, SimRunError};
use super::record::{RunRecorder, RunSummary};

/// The 16 YCB objects of `panda-drop`, in placement order.
pub const PANDA_DROP_OBJECTS: [&str; 16] = [
    "005_tomato_soup_can",
    "007_tuna_fish_can",
    "009_gelatin_box",
    "010_potted_meat_can",
    "008_pudding_box",
    "061_foam_brick",
    "077_rubiks_cube",
    "026_sponge",
    "012_strawberry",
    "013_apple",
    "014_lemon",
    "017_orange",
    "018_plum",
    "015_peach",
    "055_baseball",
    "056_tennis_ball",
];

/// The arm and finger targets of `panda-drop`, rad and m, URDF file order.
pub const PANDA_Q_STAR: [f64; 9] = [0.0, 0.2, 0.0, -1.9, 0.0, 2.1, 0.785, 0.02, 0.02];
/// The proportional gains of `panda-drop`: N m/rad for the arm, N/m for the fingers.
pub const PANDA_KP: [f64; 9] = [400.0, 400.0, 400.0, 400.0, 250.0, 150.0, 100.0, 100.0, 100.0];

/// Density of the dropped objects, kg/m^3.
const OBJECT_DENSITY: f64 = 800.0;

/// The repository's `data` folder (robots and YCB hulls).
pub fn default_data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

/// Options of [`panda_drop`].
#[derive(Clone, Debug, PartialEq)]
pub struct PandaDropOptions {
    /// Output folder.
    pub out: PathBuf,
    /// Time step, s (the scene's is 5 ms).
    pub dt: f64,
    /// Simulated duration, s (the scene's is 5 s).
    pub seconds: f64,
    /// The folder holding `robots/` and `ycb/` (default: the repository's `data`).
    pub data_dir: PathBuf,
    /// SAP's relative tolerance eps_r (Eq. 26): the bound on every step's momentum
    /// error. Default 1e-6 (Drake's default); the paper uses 1e-3 for manipulation.
    pub relative_tolerance: f64,
}

impl PandaDropOptions {
    /// The scene as specified (dt = 5 ms, 5 s), writing to `out`.
    pub fn new(out: impl Into<PathBuf>) -> Self {
        Self {
            out: out.into(),
            dt: 5e-3,
            seconds: 5.0,
            data_dir: default_data_dir(),
            relative_tolerance: 1e-6,
        }
    }
}

/// Options of [`urdf_scene`].
#[derive(Clone, Debug, PartialEq)]
pub struct UrdfSceneOptions {
    /// The robot (fixed base).
    pub urdf: PathBuf,
    /// How many YCB hulls fall onto it (cycling through [`PANDA_DROP_OBJECTS`]).
    pub drop: usize,
    /// Simulated duration, s.
    pub seconds: f64,
    /// Time step, s.
    pub dt: f64,
    /// Output folder.
    pub out: PathBuf,
    /// The folder holding `ycb/` (default: the repository's `data`).
    pub data_dir: PathBuf,
    /// SAP's relative tolerance eps_r (Eq. 26), e.g. 1e-6.
    pub relative_tolerance: f64,
}

/// What a robot scene measured (also written to `summary.md`).
#[derive(Clone, Debug, PartialEq)]
pub struct SceneReport {
    /// The output folder.
    pub out: PathBuf,
    /// The run's step statistics: steps, mean wall-clock time per step (the step alone,
    /// not the recording), Newton iterations, unconverged solves, the largest
    /// penetration of the whole run.
    pub run: RunSummary,
    /// The largest momentum error e_m of any step.
    pub max_momentum_error: f64,
    /// The largest penetration detected at the last step (the state at rest), m.
    pub penetration_at_rest: f64,
    /// `max |q - q_target|` over the controlled arm joints at the end, rad (or m).
    pub joint_error_at_rest: f64,
    /// The lowest point of any free object over the run, m (the floor is z = 0).
    pub min_object_height: f64,
    /// The lowest point of any free object at the end, m.
    pub final_min_object_height: f64,
    /// Steps in which a free object touched the robot (a contact between a rigid body
    /// and a link geometry or the robot's static base).
    pub robot_contact_steps: u64,
    /// The fastest point speed bound of any free object at the end,
    /// `|v| + |w| r` (m/s; `r` the farthest corner of its shape's box): whether the
    /// scene came to rest.
    pub final_max_object_speed: f64,
    /// The viewer page.
    pub view: PathBuf,
}

/// A YCB hull from `data_dir/ycb/NAME.obj`.
pub fn ycb_hull(data_dir: &Path, name: &str) -> Result<Shape, SimRunError> {
    let mesh =
        ConvexMesh::from_obj(data_dir.join("ycb").join(format!("{name}.obj"))).map_err(SimError::from)?;
    Ok(Shape::ConvexMesh(Arc::new(mesh)))
}

/// The robot scenes' contact material: near-rigid (Section V-B), friction 1, with the
/// dissipation time scale `tau_d = dt` of the paper's manipulation and clutter runs
/// (Section VI-C: inelastic contact). With `tau_d = 0` a resting object is an undamped
/// oscillator of period ~dt on its contacts and rocks at the micrometre level for
/// seconds, switching contacts between cone regions and costing Newton iterations.
pub fn robot_material(dt: f64) -> Material {
    Material {
        stiffness: f64::INFINITY,
        dissipation_time_scale: dt,
        friction: 1.0,
    }
}

/// Adds a YCB object as a rigid body: its bounding-box centre at `centre` with
/// orientation `rotation`, density 800 kg/m^3.
pub fn add_ycb_object(
    world: &mut World, data_dir: &Path, name: &str, centre: Vec3, rotation: Quat, material: Material,
) -> Result<usize, SimRunError> {
    let shape = ycb_hull(data_dir, name)?;
    let b = shape.local_aabb();
    let pose = Pose {
        rotation,
        translation: centre - rotation * (0.5 * (b.min + b.max)),
    };
    let body = RigidBody::from_density(name, shape, OBJECT_DENSITY, pose)?.with_material(material);
    Ok(world.add_body(body)?)
}

/// The k-th drop position of `panda-drop`: `(0.39 + 0.14 i, -0.21 + 0.14 j, 0.65 + 0.05 k)`
/// with `(i, j) = divmod(k, 4)`.
pub fn drop_position(k: usize) -> Vec3 {
    let (i, j) = (k / 4, k % 4);
    Vec3::new(
        0.39 + 0.14 * i as f64,
        -0.21 + 0.14 * j as f64,
        0.65 + 0.05 * k as f64,
    )
}

/// PD controllers holding `q_target` (URDF file order) from
/// [`wolfe_sim::ArticulatedTree::hold_gains`] (`kd = 2 sqrt(kp M_ii(q_target))`,
/// feed-forward `g(q_target)`), and the tree started at the target.
fn hold(world: &mut World, tree: usize, q_target: &[f64], kp: &[f64]) -> Result<(), SimRunError> {
    let t = world.tree_mut(tree)?;
    t.controllers = t.hold_gains(q_target, kp, None, true)?;
    for ((_, qi, _), &qt) in t.joints.iter().zip(q_target) {
        t.q0[*qi] = qt;
    }
    Ok(())
}

/// The Panda of the repository's data.
pub fn load_panda(data_dir: &Path) -> Result<Robot, SimRunError> {
    Ok(load_urdf(
        &data_dir.join("robots/franka_panda/panda.urdf"),
        UrdfOptions::default(),
    )?)
}

fn check_run(dt: f64, seconds: f64) -> Result<u64, SimRunError> {
    if !(dt.is_finite() && dt > 0.0) {
        return Err(SimRunError::Option(format!("dt = {dt} s must be finite and > 0")));
    }
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(SimRunError::Option(format!(
            "seconds = {seconds} must be finite and >= 0"
        )));
    }
    Ok((seconds / dt).round() as u64)
}

/// The floor and the box table of the manipulation scenes (centre (0.6, 0, 0.1), half
/// extents (0.3, 0.35, 0.1)).
pub fn add_floor_and_table(world: &mut World, material: Material) -> Result<(), SimRunError> {
    world.add_static(StaticGeometry::HalfSpace(
        HalfSpace::new(Vec3::z(), 0.0).map_err(SimError::from)?,
        material,
    ))?;
    let table = Shape::Cuboid(Cuboid::new([0.3, 0.35, 0.1]).map_err(SimError::from)?);
    let table_pose = Pose::from_translation(Vec3::new(0.6, 0.0, 0.1));
    world.add_static(StaticGeometry::Shape(table, table_pose, material))?;
    Ok(())
}

/// `panda-drop`: the Panda welded at the origin on a floor half-space PD-holding q*
/// (gains [`PANDA_KP`], `kd = 2 sqrt(kp M_ii(q*))`, feed-forward `g(q*)`, the URDF's effort
/// limits), a box table centred at (0.6, 0, 0.1) with half extents (0.3, 0.35, 0.1), and
/// the 16 [`PANDA_DROP_OBJECTS`] (800 kg/m^3, friction 1) falling from
/// [`drop_position`]. Writes the run's folder and returns what it measured.
pub fn panda_drop(options: &PandaDropOptions) -> Result<SceneReport, SimRunError> {
    let steps = check_run(options.dt, options.seconds)?;
    let (world, settings) = panda_drop_world(options)?;
    run(world, settings, steps, &options.out, "panda-drop", 7)
}

/// The world and settings of [`panda_drop`] at time 0 (for benchmarks and studies that
/// step the scene themselves).
pub fn panda_drop_world(options: &PandaDropOptions) -> Result<(World, SimSettings), SimRunError> {
    let robot = load_panda(&options.data_dir)?;
    let material = robot_material(options.dt);
    let mut world = World::default();
    add_floor_and_table(&mut world, material)?;
    let q0 = robot.model.neutral();
    let arm = world.add_robot(&robot, q0.as_slice(), material)?;
    if world.trees()[arm].joints.len() != 9 {
        return Err(SimRunError::Option(
            "panda.urdf: expected 9 movable joints".into(),
        ));
    }
    hold(&mut world, arm, &PANDA_Q_STAR, &PANDA_KP)?;
    for (k, name) in PANDA_DROP_OBJECTS.iter().enumerate() {
        add_ycb_object(
            &mut world,
            &options.data_dir,
            name,
            drop_position(k),
            Quat::identity(),
            material,
        )?;
    }
    Ok((world, robot_settings(options.dt, options.relative_tolerance)))
}

/// `urdf`: the robot of `options.urdf` welded to the world on a floor half-space,
/// PD-holding its zero configuration clamped into its limits (`kp = 400 M_ii` per joint,
/// a 20 rad/s loop, `kd = 2 sqrt(kp M_ii)`, feed-forward `g`, the URDF's effort limits)
/// while `options.drop` YCB hulls fall onto it: a 4 x 4 grid over the box of its
/// collision geometry, 0.15 m above its top, one layer 0.3 m higher for every further
/// 16. A robot whose collision geometry starts below the floor (a fixed-base robot whose
/// base is its trunk, legs down) is raised until it starts on the floor, and the
/// summary says by how much.
pub fn urdf_scene(options: &UrdfSceneOptions) -> Result<SceneReport, SimRunError> {
    let steps = check_run(options.dt, options.seconds)?;
    let robot = load_urdf(&options.urdf, UrdfOptions::default())?;
    let material = robot_material(options.dt);
    let settings = robot_settings(options.dt, options.relative_tolerance);
    let (mut lo, mut hi) = robot_box(&urdf_world(&robot, material, false)?.0, &settings)?;
    let (mut world, tree) = urdf_world(&robot, material, true)?;
    let mut note = String::new();
    if lo.z < 0.0 {
        let lift = -lo.z;
        let mut raised = robot.clone();
        let base =
            wolfe_multibody::spatial::Se3::new(nalgebra::Matrix3::identity(), Vec3::new(0.0, 0.0, lift));
        raised.model = robot
            .model
            .placed(&base)
            .map_err(|e| SimRunError::Option(e.to_string()))?;
        (world, _) = urdf_world(&raised, material, true)?;
        (lo.z, hi.z) = (0.0, hi.z + lift);
        note = format!(
            "The robot's collision geometry started {:.1} mm inside the floor at its held configuration; it was raised by that much.",
            1e3 * lift
        );
    }
    let centre = 0.5 * (lo + hi);
    let spacing = ((hi.x - lo.x).max(hi.y - lo.y) / 3.0).clamp(0.08, 0.14);
    // The grid's cells, the four inner ones first (over the robot's middle).
    const CELLS: [(usize, usize); 16] = [
        (1, 1),
        (2, 2),
        (1, 2),
        (2, 1),
        (0, 0),
        (3, 3),
        (0, 3),
        (3, 0),
        (0, 1),
        (1, 0),
        (2, 3),
        (3, 2),
        (0, 2),
        (2, 0),
        (1, 3),
        (3, 1),
    ];
    for k in 0..options.drop {
        let name = PANDA_DROP_OBJECTS[k % 16];
        let (i, j) = CELLS[k % 16];
        let p = Vec3::new(
            centre.x + spacing * (i as f64 - 1.5),
            centre.y + spacing * (j as f64 - 1.5),
            hi.z + 0.15 + 0.05 * (k % 16) as f64 + 0.3 * (k / 16) as f64,
        );
        add_ycb_object(&mut world, &options.data_dir, name, p, Quat::identity(), material)?;
    }
    let title = options
        .urdf
        .file_stem()
        .map_or("urdf".into(), |s| s.to_string_lossy().into_owned());
    let arm_joints = world.trees()[tree].controllers.len();
    let report = run(world, settings.clone(), steps, &options.out, &title, arm_joints)?;
    if !note.is_empty() {
        let path = options.out.join("summary.md");
        let text = std::fs::read_to_string(&path).map_err(io(&path))?;
        std::fs::write(&path, format!("{text}\n{note}\n")).map_err(io(&path))?;
    }
    Ok(report)
}

/// `robot` welded to the world (on the floor, with `floor`), PD-holding its zero
/// configuration clamped into its limits; returns the world and the robot's tree.
fn urdf_world(robot: &Robot, material: Material, floor: bool) -> Result<(World, usize), SimRunError> {
    let mut world = World::default();
    if floor {
        world.add_static(StaticGeometry::HalfSpace(
            HalfSpace::new(Vec3::z(), 0.0).map_err(SimError::from)?,
            material,
        ))?;
    }
    let q0 = robot.model.neutral();
    let tree = world.add_robot(robot, q0.as_slice(), material)?;
    let (target, kp) = {
        let t = &world.trees()[tree];
        let mut data = wolfe_multibody::Data::new(&t.model);
        let m = t
            .model
            .mass_matrix(&mut data, q0.as_slice())
            .map_err(SimError::from)?
            .clone_owned();
        let mut target = Vec::new();
        let mut kp = Vec::new();
        for (_, qi, vi) in &t.joints {
            let body = t.model.bodies().iter().find(|b| b.q_index == *qi);
            let limited =
                body.filter(|b| !matches!(b.joint.kind, JointKind::Revolute { continuous: true, .. }));
            let q = match limited {
                Some(b) if b.joint.limits.lower <= b.joint.limits.upper => {
                    0.0f64.clamp(b.joint.limits.lower, b.joint.limits.upper)
                }
                _ => 0.0,
            };
            target.push(if q.is_finite() { q } else { 0.0 });
            kp.push(400.0 * m[(*vi, *vi)]);
        }
        (target, kp)
    };
    hold(&mut world, tree, &target, &kp)?;
    Ok((world, tree))
}

/// The world box (lowest and highest corner) of the robots' collision geometry in
/// `world` as it starts: the link geometries at the trees' initial configurations and
/// the static shapes (a welded base), not the floor.
fn robot_box(world: &World, settings: &SimSettings) -> Result<(Vec3, Vec3), SimRunError> {
    let sim = Simulation::new(world.clone(), settings.clone())?;
    let mut lo = Vec3::repeat(f64::INFINITY);
    let mut hi = Vec3::repeat(f64::NEG_INFINITY);
    let shapes = world
        .links()
        .iter()
        .zip(sim.link_poses())
        .map(|(l, x)| (&l.shape, *x))
        .chain(world.statics().iter().filter_map(|s| match s {
            StaticGeometry::Shape(shape, x, _) => Some((shape, *x)),
            _ => None,
        }));
    for (shape, x) in shapes {
        for k in 0..3 {
            let axis = Vec3::ith(k, 1.0);
            lo[k] = lo[k].min(world_support(shape, &x, &-axis)[k]);
            hi[k] = hi[k].max(world_support(shape, &x, &axis)[k]);
        }
    }
    if lo.iter().chain(hi.iter()).all(|v| v.is_finite()) {
        Ok((lo, hi))
    } else {
        Err(SimRunError::Option(
            "the robot has no collision geometry to drop objects onto".into(),
        ))
    }
}

/// The point of `shape` at pose `x` farthest along the world direction `d` (unit).
fn world_support(shape: &Shape, x: &Pose, d: &Vec3) -> Vec3 {
    let local = x.rotation.inverse() * d;
    // A mesh's support from its cube-map seed: `local_support` climbs from vertex 0
    // across the hull (5% of a `panda-drop` run, every object every step).
    let s = match shape {
        Shape::ConvexMesh(m) => m.vertices()[m.support_vertex(&local) as usize],
        shape => shape.local_support(&local),
    };
    x.transform_point(&(s + shape.radius() * local))
}

/// The robot scenes' settings: time step `dt`, SAP's tolerance eps_r, persistent
/// contacts (resting hulls that rock between faces settle with them), the rest the
/// simulator's defaults (margin 5 mm, symplectic Euler).
pub fn robot_settings(dt: f64, relative_tolerance: f64) -> SimSettings {
    let mut s = SimSettings {
        time_step: dt,
        persistent_contacts: true,
        ..Default::default()
    };
    s.sap.relative_tolerance = relative_tolerance;
    s
}

/// The lowest world z of any rigid body's shape now.
pub fn lowest_object_point(sim: &Simulation) -> f64 {
    let down = Vec3::new(0.0, 0.0, -1.0);
    let mut low = f64::INFINITY;
    for (b, pose) in sim.world().bodies().iter().zip(sim.poses()) {
        let x = b.shape_world_pose(pose);
        low = low.min(match &b.shape {
            wolfe::Geometry::Convex(s) => world_support(s, &x, &down).z,
            wolfe::Geometry::Compound(c) => c
                .parts()
                .iter()
                .map(|p| world_support(&p.shape, &x.compose(&p.pose), &down).z)
                .fold(f64::INFINITY, f64::min),
            wolfe::Geometry::TriMesh(m) => m
                .vertices()
                .iter()
                .map(|v| x.transform_point(v).z)
                .fold(f64::INFINITY, f64::min),
        });
    }
    low
}

/// Steps a scene, records it (the one run folder: steps.csv, the trajectory,
/// view.html), writes summary.md. `arm_joints`: how many of the first tree's
/// controllers count for the joint error at rest.
pub(super) fn run(
    world: World, settings: SimSettings, steps: u64, out: &Path, title: &str, arm_joints: usize,
) -> Result<SceneReport, SimRunError> {
    let mut sim = Simulation::new(world, settings.clone())?;
    let mut rec = RunRecorder::create(out, &sim)?;
    let mut all = Vec::with_capacity(steps as usize);
    let mut min_height = lowest_object_point(&sim);
    let mut robot_contact_steps = 0;
    for _ in 0..steps {
        let stats = sim.step()?;
        rec.record(&sim, &stats)?;
        min_height = min_height.min(lowest_object_point(&sim));
        if sim.contacts().iter().any(|c| touches_robot(sim.world(), c)) {
            robot_contact_steps += 1;
        }
        all.push(stats);
    }
    let view = rec.finish()?;
    let joint_error = joint_error(&sim, 0, arm_joints);
    let report = SceneReport {
        out: out.to_path_buf(),
        run: RunSummary::of(&all),
        max_momentum_error: all.iter().fold(0.0, |m, s| m.max(s.momentum_error)),
        penetration_at_rest: all.last().map_or(0.0, |s| s.max_penetration),
        joint_error_at_rest: joint_error,
        min_object_height: min_height,
        final_min_object_height: lowest_object_point(&sim),
        robot_contact_steps,
        final_max_object_speed: max_object_speed(&sim),
        view,
    };
    write_summary(&report, title, &settings)?;
    Ok(report)
}

/// Whether a contact is between a free object and a robot: a rigid body against a
/// link geometry, or against the static shape of a welded robot base.
fn touches_robot(world: &World, c: &wolfe_sim::detect::DetectedContact) -> bool {
    use wolfe_sim::Collider::{Body, Link, Static};
    let robot = |x: Collider| match x {
        Link(_) => true,
        Static(k) => world.static_base(k).is_some(),
        Body(_) => false,
    };
    let body = |x: Collider| matches!(x, Body(_));
    (body(c.a) && robot(c.b)) || (body(c.b) && robot(c.a))
}

/// The largest `|v| + |w| r` of any rigid body now (`r`: the farthest corner of its
/// shape's local box).
fn max_object_speed(sim: &Simulation) -> f64 {
    (0..sim.world().bodies().len())
        .map(|i| {
            let (v, w) = sim.body_velocity(i);
            let b = sim.world().bodies()[i].shape.local_aabb();
            v.norm() + w.norm() * b.min.norm().max(b.max.norm())
        })
        .fold(0.0, f64::max)
}

/// `max |q - q_target|` over the first `count` controllers of tree `tree` (0 without
/// trees).
fn joint_error(sim: &Simulation, tree: usize, count: usize) -> f64 {
    let Some(t) = sim.world().trees().get(tree) else {
        return 0.0;
    };
    let q = sim.tree_configuration(tree);
    t.controllers
        .iter()
        .take(count)
        .map(|pd| {
            let qi = t.joints.iter().find(|j| j.2 == pd.dof).map_or(pd.dof, |j| j.1);
            (q[qi] - pd.q_target).abs()
        })
        .fold(0.0, f64::max)
}

fn write_summary(r: &SceneReport, title: &str, s: &SimSettings) -> Result<(), SimRunError> {
    let mut t = String::new();
    let _ = writeln!(t, "# {title}\n");
    let _ = writeln!(
        t,
        "{} steps of dt = {} s ({} s simulated), SAP with tolerance eps_r = {:e}.\n",
        r.run.steps,
        s.time_step,
        r.run.steps as f64 * s.time_step,
        s.sap.relative_tolerance
    );
    let _ = writeln!(t, "| measure | value |\n| --- | --- |");
    let rows = [
        (
            "penetration at rest (last step)",
            format!("{:.3} mm", 1e3 * r.penetration_at_rest),
        ),
        (
            "max \\|q - q*\\| of the arm at rest",
            format!("{:.2e} rad", r.joint_error_at_rest),
        ),
        ("max momentum error", format!("{:.2e}", r.max_momentum_error)),
        (
            "min object height (lowest point, whole run)",
            format!("{:.4} m", r.min_object_height),
        ),
        (
            "min object height at the end",
            format!("{:.4} m", r.final_min_object_height),
        ),
        (
            "steps with an object touching the robot",
            format!("{} of {}", r.robot_contact_steps, r.run.steps),
        ),
        (
            "fastest object at the end (\\|v\\| + \\|w\\| r)",
            format!("{:.2e} m/s", r.final_max_object_speed),
        ),
    ];
    for (what, value) in r.run.rows().into_iter().chain(rows) {
        let _ = writeln!(t, "| {what} | {value} |");
    }
    let _ = writeln!(t, "\nStep times are wall-clock; recording is not timed.");
    let path = r.out.join("summary.md");
    std::fs::write(&path, t).map_err(io(&path))
}
