//! `marbles`: glass marbles poured into a procedural bowl standing on the ground (the
//! first scene of the SAP paper's manipulation setting, Sec. VI-E: marbles and a bowl,
//! without the robot). The bowl is a closed triangle mesh taken as it is
//! ([`TriMesh::bowl`]: a hemispherical shell), static; each marble touches the
//! triangles it rests on, so it lies on the inner wall, not on the hull's lid at the
//! rim (see `wolfe_sim::detect`).
//!
//! Measured (never asserted here: the test and the summary hold the targets): the
//! deepest penetration into the bowl's wall over the run (impacts) and at the last
//! step (rest), the same over every contact, how many marbles end inside the bowl,
//! and the step time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use nalgebra::Matrix3;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe::{Pose, Sphere, TriMesh, Vec3};
use wolfe_sim::{Collider, Material, RigidBody, Scheme, SimSettings, Simulation, StaticGeometry, World};

use super::options::{io, SimRunError};
use super::record::{RunRecorder, RunSummary};

/// The marbles scene's parameters.
#[derive(Clone, Debug)]
pub struct MarblesOptions {
    /// Output folder (`None`: run without writing anything, as the tests do).
    pub out: Option<PathBuf>,
    /// Number of marbles.
    pub marbles: usize,
    /// Marble radius, m.
    pub radius: f64,
    /// Bowl outer radius, m (rim at this height above the ground).
    pub bowl_radius: f64,
    /// Bowl wall thickness, m.
    pub bowl_thickness: f64,
    /// Segments around the bowl's axis.
    pub bowl_segments: usize,
    /// Simulated seconds.
    pub seconds: f64,
    /// Time step, s.
    pub dt: f64,
    /// Seed of the marbles' jitter.
    pub seed: u64,
}

impl MarblesOptions {
    /// The default scene (30 marbles of 1 cm radius into a 10 cm bowl, 3 s at 2 ms)
    /// writing into `out`.
    pub fn new(out: Option<&Path>) -> Self {
        Self {
            out: out.map(Path::to_path_buf),
            marbles: 30,
            radius: 0.01,
            bowl_radius: 0.1,
            bowl_thickness: 0.006,
            bowl_segments: 48,
            seconds: 3.0,
            dt: 0.002,
            seed: 3,
        }
    }
}

/// What a marbles run measured.
#[derive(Clone, Debug)]
pub struct MarblesReport {
    /// The run's step statistics: steps, mean step time, Newton iterations, unconverged
    /// solves, mean contacts, deepest penetration over every contact (marble-marble,
    /// ground too).
    pub run: RunSummary,
    /// Deepest penetration of a marble into the bowl over the run, m.
    pub max_bowl_penetration: f64,
    /// Deepest penetration of a marble into the bowl at the last step, m.
    pub bowl_penetration_at_rest: f64,
    /// Deepest penetration over every contact at the last step, m.
    pub penetration_at_rest: f64,
    /// Marbles whose centre ends inside the bowl's cavity (below the rim, within the
    /// inner radius less the marble's of the bowl's centre, to 1 mm).
    pub inside: usize,
    /// Number of marbles.
    pub marbles: usize,
    /// Fastest marble at the end, m/s.
    pub max_final_speed: f64,
}

/// Glass: 2500 kg/m^3.
const GLASS_DENSITY: f64 = 2500.0;

/// The world and settings: ground, bowl (rim at `bowl_radius`), and the marbles in
/// rings of six above it, each ring a little higher and turned, jittered by the seed.
pub fn marbles_world(o: &MarblesOptions) -> Result<(World, SimSettings), SimRunError> {
    if o.marbles == 0 || o.marbles > super::MAX_BODIES {
        return Err(SimRunError::Option(format!(
            "--bodies {}: the marbles scene takes 1 to {} marbles",
            o.marbles,
            super::MAX_BODIES
        )));
    }
    for (name, v) in [("radius", o.radius), ("dt", o.dt), ("seconds", o.seconds)] {
        if !(v.is_finite() && v > 0.0) {
            return Err(SimRunError::Option(format!(
                "{name} = {v}: must be finite and positive"
            )));
        }
    }
    let material = Material {
        stiffness: f64::INFINITY,
        dissipation_time_scale: o.dt,
        friction: 0.5,
    };
    let mut world = World::default();
    world.add_ground(material)?;
    let bowl =
        TriMesh::bowl(o.bowl_radius, o.bowl_thickness, o.bowl_segments).map_err(wolfe_sim::SimError::from)?;
    let rim = Pose::from_translation(Vec3::new(0.0, 0.0, o.bowl_radius));
    world.add_static(StaticGeometry::Composite(bowl.into(), rim, material))?;
    let r = o.radius;
    let mass = GLASS_DENSITY * 4.0 / 3.0 * std::f64::consts::PI * r.powi(3);
    let inertia = Matrix3::from_diagonal_element(0.4 * mass * r * r);
    let sphere: wolfe::Shape = Sphere::new(r).map_err(wolfe_sim::SimError::from)?.into();
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    // Rings of six on a circle where neighbours are 3 r apart, 2.5 r between rings.
    let ring = 3.0 * r;
    for k in 0..o.marbles {
        let level = (k / 6) as f64;
        let angle = std::f64::consts::TAU * (k % 6) as f64 / 6.0 + 0.5 * level;
        let jitter = Vec3::new(rng.random_range(-0.1..0.1), rng.random_range(-0.1..0.1), 0.0) * r;
        let c = Vec3::new(
            ring * angle.cos(),
            ring * angle.sin(),
            o.bowl_radius + 3.0 * r + 2.5 * r * level,
        ) + jitter;
        let body = RigidBody::new(
            format!("marble{k}"),
            sphere.clone(),
            mass,
            inertia,
            Pose::from_translation(c),
        )
        .with_material(material);
        world.add_body(body)?;
    }
    let settings = SimSettings {
        time_step: o.dt,
        scheme: Scheme::SymplecticEuler,
        ..SimSettings::default()
    };
    Ok((world, settings))
}

/// Runs the scene; with an output folder, writes `steps.csv`, the trajectory, the
/// viewer page and `summary.md` there.
pub fn marbles(o: &MarblesOptions) -> Result<MarblesReport, SimRunError> {
    let (world, settings) = marbles_world(o)?;
    let mut sim = Simulation::new(world, settings)?;
    let mut rec = match &o.out {
        Some(dir) => Some(RunRecorder::create(dir, &sim)?),
        None => None,
    };
    let steps = (o.seconds / o.dt).round().max(1.0) as u64;
    let bowl = Collider::Static(1);
    let mut all = Vec::with_capacity(steps as usize);
    let (mut max_bowl, mut last_bowl) = (0.0f64, 0.0);
    for _ in 0..steps {
        let stats = sim.step()?;
        last_bowl = sim
            .contacts()
            .iter()
            .filter(|c| c.a == bowl)
            .fold(0.0f64, |m, c| m.max(-c.phi0));
        max_bowl = max_bowl.max(last_bowl);
        if let Some(rec) = &mut rec {
            rec.record(&sim, &stats)?;
        }
        all.push(stats);
    }
    let centre = Vec3::new(0.0, 0.0, o.bowl_radius);
    let inner = o.bowl_radius - o.bowl_thickness;
    let inside = sim
        .poses()
        .iter()
        .filter(|p| {
            p.translation.z < o.bowl_radius && (p.translation - centre).norm() <= inner - o.radius + 1e-3
        })
        .count();
    let max_final_speed = (0..o.marbles)
        .map(|i| sim.body_velocity(i).0.norm())
        .fold(0.0, f64::max);
    let report = MarblesReport {
        run: RunSummary::of(&all),
        max_bowl_penetration: max_bowl,
        bowl_penetration_at_rest: last_bowl,
        penetration_at_rest: all.last().map_or(0.0, |s| s.max_penetration),
        inside,
        marbles: o.marbles,
        max_final_speed,
    };
    if let (Some(rec), Some(dir)) = (rec, &o.out) {
        rec.finish()?;
        let path = dir.join("summary.md");
        std::fs::write(&path, summary(o, &report)).map_err(io(&path))?;
    }
    Ok(report)
}

/// `summary.md`: the scene and what was measured (targets quoted beside, not checked).
fn summary(o: &MarblesOptions, r: &MarblesReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# wolfe sim marbles\n");
    let _ = writeln!(
        s,
        "{} glass marbles (radius {} m) poured into a procedural bowl (triangle mesh: outer \
         radius {} m, wall {} m, {} segments, closed, static) on the ground; dt = {} s, \
         symplectic Euler, {} s simulated ({} steps), single thread, release build.\n",
        o.marbles, o.radius, o.bowl_radius, o.bowl_thickness, o.bowl_segments, o.dt, o.seconds, r.run.steps
    );
    let _ = writeln!(s, "| measured | value | target |\n|---|---|---|");
    let mm = |x: f64| format!("{:.4} mm", 1e3 * x);
    let rows = [
        (
            "max penetration into the bowl (impacts)",
            mm(r.max_bowl_penetration),
            "<= 2 mm",
        ),
        (
            "penetration into the bowl at the last step (rest)",
            mm(r.bowl_penetration_at_rest),
            "<= 0.1 mm",
        ),
        (
            "penetration at the last step, all contacts",
            mm(r.penetration_at_rest),
            "",
        ),
        (
            "marbles inside the bowl at the end",
            format!("{} of {}", r.inside, r.marbles),
            "all",
        ),
        (
            "fastest marble at the end",
            format!("{:.4} m/s", r.max_final_speed),
            "",
        ),
    ];
    let run = r.run.rows().map(|(what, value)| (what, value, ""));
    for (what, value, target) in rows.into_iter().chain(run) {
        let _ = writeln!(s, "| {what} | {value} | {target} |");
    }
    s
}
