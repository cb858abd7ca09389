//! `wolfe bench growth-sim`: the growth-distance paper's Fig. 6 scene (50 random
//! polytopes falling on the ground at 240 Hz, `crate::sim::scenes::Polytopes`) with
//! growth distance as the simulation's contact query, as the paper runs it in Bullet.
//!
//! The scene runs twice from the same start, on a ground box (25 x 25 x 0.5 m half
//! extents) in place of the scene's half-space, as the paper's ground is a shape that
//! its growth distance queries (a half-space is unbounded and has no centre):
//! - driven by growth distance (`ContactQuery::GrowthDistance`: one point per pair and
//!   step, gap `(1 - 1/alpha) <n, c_b - c_a>`, Bullet's persistent manifold; see
//!   `wolfe_sim::detect`);
//! - driven by signed distance (GJK/EPA and face clipping, wolfe-sim's default).
//!
//! After every step of either run, two probe detectors, one per query, detect the
//! contacts of the same poses (timed: speed per pair query), and the signed-distance
//! probe's deepest point gives the true penetration (growth's own gap overstates it).
//! On the growth-driven run, every pair of polytopes whose world boxes, grown by the
//! 2 cm margin, overlap is also queried with growth distance warm and cold and with
//! signed distance: the paper's claims checked are that growth distance answers every
//! query (all optimal), agrees with signed distance on whether the pair overlaps
//! (`alpha < 1` iff `phi < 0`), and in contact (`alpha` = 1) gives the same normal.
//!
//! Sizes: `--quick` 25 polytopes for 0.6 s (144 steps: they land); full 50 for 10 s
//! (2400 steps), as the paper.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::sim::scenes::Polytopes;
use wolfe::{
    Aabb, ContactSolver, Cuboid, GrowthSettings, GrowthSolver, GrowthStatus, PairCache, Pose, Shape,
    SignedDistanceSettings, Vec3,
};
use wolfe_sim::detect::{ContactDetector, ContactQuery, DetectedContact};
use wolfe_sim::{Simulation, StaticGeometry, World};

use super::warmstart::{overlap, world_aabb};
use super::{median, BenchError, BenchOptions, BenchReport};
use crate::progress::progress_bar;

/// Simulated seconds, `--quick` and full: the quick run is long enough for its one
/// layer to land (it starts 0.35-0.65 m above the ground), so that it measures contacts.
pub const SECONDS: [f64; 2] = [0.6, 10.0];
/// Polytopes, `--quick` (the first layer of 5 x 5) and full (the paper's 50).
pub const BODIES: [usize; 2] = [25, 50];
/// Signed distance (m) within which a pair counts as in contact for the normal
/// comparison (the growth distance is then within about `1e-4 / size` of 1).
pub const CONTACT_BAND: f64 = 1e-4;
/// Half extents of the ground box (m); its top face is at z = 0, as the half-space's.
pub const GROUND_HALF_EXTENTS: [f64; 3] = [25.0, 25.0, 0.5];
/// The last seconds of a run over which the penetration "at rest" is taken.
const REST_WINDOW: f64 = 1.0;

/// One growth query on a simulated pair.
struct Sample {
    step: usize,
    alpha: f64,
    signed_distance: f64,
    /// Angle (rad) between growth distance's and signed distance's normals.
    normal_angle: f64,
    warm_ns: u64,
    cold_ns: u64,
    warm_iterations: u32,
    cold_iterations: u32,
    optimal: bool,
}

/// One step of a run.
struct StepRow {
    step: usize,
    kinetic_energy: f64,
    contacts: usize,
    touching_pairs: usize,
    /// Deepest signed distance of the step's poses, as the signed-distance probe
    /// finds it (m, >= 0).
    penetration: f64,
    step_seconds: f64,
    detection_seconds: f64,
}

/// A run driven by one contact query.
struct Drive {
    query: ContactQuery,
    rows: Vec<StepRow>,
    /// Probe totals per query `[signed, growth]`: nanoseconds and pair queries.
    probe_ns: [u64; 2],
    probe_queries: [usize; 2],
    /// Growth queries answered by signed distance instead (growth probe).
    fallbacks: usize,
}

impl Drive {
    fn name(&self) -> &'static str {
        match self.query {
            ContactQuery::SignedDistance => "signed distance",
            ContactQuery::GrowthDistance => "growth distance",
        }
    }
}

/// World box of `shape` at `pose` grown by `margin`.
fn world_box(shape: &Shape, pose: &Pose, margin: f64) -> Aabb {
    let b = world_aabb(shape, pose);
    Aabb {
        min: b.min - Vec3::repeat(margin),
        max: b.max + Vec3::repeat(margin),
    }
}

/// The scene's bodies over a ground box (top face at z = 0) of the ground's material.
fn boxed_ground(scene: &World) -> Result<World, BenchError> {
    let material = *scene
        .statics()
        .first()
        .ok_or_else(|| BenchError::Empty("growth-sim: the scene has no ground".into()))?
        .material();
    // The scene's world is `World::default()`'s gravity.
    let mut world = World::default();
    let ground = Cuboid::new(GROUND_HALF_EXTENTS).map_err(|source| BenchError::Query {
        id: 0,
        solver: "growth-sim",
        source,
    })?;
    let pose = Pose::from_translation(Vec3::new(0.0, 0.0, -GROUND_HALF_EXTENTS[2]));
    world.add_static(StaticGeometry::Shape(Shape::from(ground), pose, material))?;
    for b in scene.bodies() {
        world.add_body(b.clone())?;
    }
    Ok(world)
}

/// Runs the scene driven by `query`; on the growth-driven run, also queries every
/// close pair (`samples`).
fn drive(
    scene: &Polytopes, query: ContactQuery, steps: usize, samples: &mut Vec<Sample>,
) -> Result<Drive, BenchError> {
    let (scene_world, mut settings) = scene.build()?;
    let world = boxed_ground(&scene_world)?;
    let margin = settings.margin;
    settings.contact_query = query;
    let probe = |q| {
        ContactDetector::new(margin, settings.angle_tolerance, settings.narrow_phase).map(|d| d.with_query(q))
    };
    let mut probes = [
        probe(ContactQuery::SignedDistance)?,
        probe(ContactQuery::GrowthDistance)?,
    ];
    let mut sim = Simulation::new(world, settings)?;
    let n = sim.world().bodies().len();
    let error = |source| BenchError::Query {
        id: 0,
        solver: "growth-sim",
        source,
    };
    let mut growth = GrowthSolver::new(GrowthSettings::default()).map_err(error)?;
    let mut contact = ContactSolver::new(SignedDistanceSettings::default()).map_err(error)?;
    let mut caches: Vec<PairCache> = vec![PairCache::new(); n * n];
    let mut out = Drive {
        query,
        rows: Vec::with_capacity(steps),
        probe_ns: [0; 2],
        probe_queries: [0; 2],
        fallbacks: 0,
    };
    let mut found: Vec<DetectedContact> = Vec::new();
    let bar = progress_bar(steps, "growth-sim: polytopes");
    for step in 0..steps {
        let stats = sim.step()?;
        bar.inc(1);
        let mut penetration = 0.0f64;
        for (k, probe) in probes.iter_mut().enumerate() {
            let t = Instant::now();
            let moving = wolfe_sim::detect::MovingShapes {
                body_poses: sim.poses(),
                body_reach: &[],
                link_poses: sim.link_poses(),
                link_reach: &[],
            };
            probe.detect(sim.world(), &moving, &mut found)?;
            out.probe_ns[k] += t.elapsed().as_nanos() as u64;
            out.probe_queries[k] += probe.pair_queries();
            if k == 0 {
                penetration = found.iter().fold(0.0, |m, c| m.max(-c.phi0));
            } else {
                out.fallbacks += probe.growth_fallbacks();
            }
        }
        out.rows.push(StepRow {
            step,
            kinetic_energy: stats.kinetic_energy,
            contacts: stats.contacts,
            touching_pairs: stats.touching_pairs,
            penetration,
            step_seconds: stats.step_seconds,
            detection_seconds: stats.detection_seconds,
        });
        if query != ContactQuery::GrowthDistance {
            continue;
        }
        let bodies = sim.world().bodies();
        let poses: Vec<Pose> = bodies
            .iter()
            .zip(sim.poses())
            .map(|(b, p)| b.shape_world_pose(p))
            .collect();
        // Growth distance runs on convex bodies only (the simulation refuses others).
        let shapes = bodies
            .iter()
            .map(|b| b.shape.as_convex("growth distance"))
            .collect::<Result<Vec<_>, _>>()
            .map_err(error)?;
        let boxes: Vec<Aabb> = shapes
            .iter()
            .zip(&poses)
            .map(|(s, p)| world_box(s, p, margin))
            .collect();
        for i in 0..n {
            for j in i + 1..n {
                let cache = &mut caches[i * n + j];
                if !overlap(&boxes[i], &boxes[j]) {
                    cache.clear();
                    continue;
                }
                let (a, b) = (shapes[i], shapes[j]);
                let (pa, pb) = (&poses[i], &poses[j]);
                let t = Instant::now();
                let warm = growth
                    .growth_distance(a, pa, b, pb, None, Some(cache))
                    .map_err(error)?;
                let warm_ns = t.elapsed().as_nanos() as u64;
                let t = Instant::now();
                let cold = growth.growth_distance(a, pa, b, pb, None, None).map_err(error)?;
                let cold_ns = t.elapsed().as_nanos() as u64;
                let sd = contact.signed_distance(a, pa, b, pb, None).map_err(error)?;
                let cos = warm.normal.dot(&sd.normal).clamp(-1.0, 1.0);
                samples.push(Sample {
                    step,
                    alpha: warm.alpha,
                    signed_distance: sd.signed_distance,
                    normal_angle: cos.acos(),
                    warm_ns,
                    cold_ns,
                    warm_iterations: warm.iterations,
                    cold_iterations: cold.iterations,
                    optimal: warm.status == GrowthStatus::Converged && cold.status == GrowthStatus::Converged,
                });
            }
        }
    }
    bar.finish_and_clear();
    Ok(out)
}

/// Runs the scene driven by each query, writes `growth-sim.csv` (the pair queries),
/// `growth-sim-steps.csv` (both runs' steps) and the summary.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let full = usize::from(!options.quick);
    let scene = Polytopes {
        bodies: BODIES[full],
        ..Polytopes::default()
    };
    let seconds = SECONDS[full];
    let steps = (seconds / scene.time_step).round() as usize;
    let started = Instant::now();
    let mut samples = Vec::new();
    let drives = [
        drive(&scene, ContactQuery::GrowthDistance, steps, &mut samples)?,
        drive(&scene, ContactQuery::SignedDistance, steps, &mut Vec::new())?,
    ];
    let elapsed = started.elapsed().as_secs_f64();

    let mut report = BenchReport::default();
    report.files.push(write_samples(&options.out, &samples)?);
    report.files.push(write_steps(&options.out, &drives)?);

    // Disagreements on overlap, beyond the rounding of either answer near contact.
    let disagree: Vec<&Sample> = samples
        .iter()
        .filter(|s| s.signed_distance.abs() > 1e-6 && (s.alpha < 1.0) != (s.signed_distance < 0.0))
        .collect();
    report.failures.extend(
        samples
            .iter()
            .filter(|s| !s.optimal)
            .map(|s| format!("growth-sim step {}: growth distance did not converge", s.step)),
    );
    report.failures.extend(disagree.iter().map(|s| {
        format!(
            "growth-sim step {}: growth distance {} against signed distance {}",
            s.step, s.alpha, s.signed_distance
        )
    }));
    let touching: Vec<f64> = samples
        .iter()
        .filter(|s| s.signed_distance.abs() <= CONTACT_BAND)
        .map(|s| s.normal_angle)
        .collect();
    let max_angle = touching.iter().fold(0.0f64, |m, &a| m.max(a));
    let mean = |f: &dyn Fn(&Sample) -> f64| samples.iter().map(f).sum::<f64>() / samples.len().max(1) as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "## Growth distance as the contact query (growth paper, Fig. 6)\n\n{} polytopes \
         ({}-{} vertices) falling on a ground box at {:.0} Hz for {seconds} s ({steps} \
         steps; both runs and the queries took {elapsed:.1} s), once with the contacts \
         from growth distance, once from signed distance.\n",
        scene.bodies,
        scene.vertices.0,
        scene.vertices.1,
        1.0 / scene.time_step,
    );
    let _ = writeln!(
        s,
        "| contact query | ms per step | detection ms per step | probe ns per pair query, \
         signed / growth | growth fallbacks | mean contacts | largest penetration (m) | \
         at rest, last {REST_WINDOW} s (m) | kinetic energy at the end (J) | touching \
         pairs at the end |\n|---|---|---|---|---|---|---|---|---|---|"
    );
    let rest_from = steps.saturating_sub((REST_WINDOW / scene.time_step).round() as usize);
    for d in &drives {
        let k = d.rows.len().max(1) as f64;
        let per = |i: usize| d.probe_ns[i] as f64 / d.probe_queries[i].max(1) as f64;
        let last = d.rows.last();
        let _ = writeln!(
            s,
            "| {} | {:.3} | {:.3} | {:.0} / {:.0} | {} of {} | {:.1} | {:.3e} | {:.3e} | {:.3e} | {} |",
            d.name(),
            1e3 * d.rows.iter().map(|r| r.step_seconds).sum::<f64>() / k,
            1e3 * d.rows.iter().map(|r| r.detection_seconds).sum::<f64>() / k,
            per(0),
            per(1),
            d.fallbacks,
            d.probe_queries[1],
            d.rows.iter().map(|r| r.contacts as f64).sum::<f64>() / k,
            d.rows.iter().fold(0.0f64, |m, r| m.max(r.penetration)),
            d.rows[rest_from.min(d.rows.len())..]
                .iter()
                .fold(0.0f64, |m, r| m.max(r.penetration)),
            last.map_or(0.0, |r| r.kinetic_energy),
            last.map_or(0, |r| r.touching_pairs),
        );
    }
    let _ = writeln!(
        s,
        "\nPenetration is measured by signed distance on both runs (growth's gap, \
         `(1 - 1/alpha) <n, c_b - c_a>`, is a lower bound of the signed distance). The \
         paper (Bullet): largest penetration 1.39 cm with growth distance, 1.50 cm with \
         signed distance; kinetic energy 0.00 J at 10 s; 7.87e5 growth calls.\n\nPair \
         queries on the growth-driven run: {} calls, {} converged. Median time warm / cold: \
         {:.0} / {:.0} ns; mean iterations {:.2} / {:.2}. Overlap decided alike by growth \
         and signed distance on {} of {} pairs; on the {} pairs in contact (|phi| <= \
         {CONTACT_BAND} m) the normals differ by {:.2e} rad at most (median {:.2e}).\n",
        samples.len(),
        samples.iter().filter(|s| s.optimal).count(),
        median(samples.iter().map(|s| s.warm_ns as f64).collect()),
        median(samples.iter().map(|s| s.cold_ns as f64).collect()),
        mean(&|s| f64::from(s.warm_iterations)),
        mean(&|s| f64::from(s.cold_iterations)),
        samples.len() - disagree.len(),
        samples.len(),
        touching.len(),
        max_angle,
        median(touching.clone()),
    );
    report.summary = s;
    Ok(report)
}

/// `growth-sim.csv` in `out`: one row per probed pair query; returns its path.
fn write_samples(out: &Path, samples: &[Sample]) -> Result<PathBuf, BenchError> {
    let csv = out.join("growth-sim.csv");
    let io = |source| BenchError::Io {
        path: csv.clone(),
        source,
    };
    let mut w = std::io::BufWriter::new(std::fs::File::create(&csv).map_err(io)?);
    writeln!(
        w,
        "step,alpha,signed_distance,normal_angle,warm_ns,cold_ns,warm_iterations,cold_iterations,optimal"
    )
    .map_err(io)?;
    for s in samples {
        writeln!(
            w,
            "{},{},{},{},{},{},{},{},{}",
            s.step,
            s.alpha,
            s.signed_distance,
            s.normal_angle,
            s.warm_ns,
            s.cold_ns,
            s.warm_iterations,
            s.cold_iterations,
            s.optimal
        )
        .map_err(io)?;
    }
    w.flush().map_err(io)?;
    Ok(csv)
}

/// `growth-sim-steps.csv` in `out`: one row per step of each run; returns its path.
fn write_steps(out: &Path, drives: &[Drive]) -> Result<PathBuf, BenchError> {
    let csv = out.join("growth-sim-steps.csv");
    let io = |source| BenchError::Io {
        path: csv.clone(),
        source,
    };
    let mut w = std::io::BufWriter::new(std::fs::File::create(&csv).map_err(io)?);
    writeln!(
        w,
        "query,step,kinetic_energy,contacts,touching_pairs,penetration,step_seconds,detection_seconds"
    )
    .map_err(io)?;
    for d in drives {
        for r in &d.rows {
            writeln!(
                w,
                "{},{},{},{},{},{},{},{}",
                d.name(),
                r.step,
                r.kinetic_energy,
                r.contacts,
                r.touching_pairs,
                r.penetration,
                r.step_seconds,
                r.detection_seconds
            )
            .map_err(io)?;
        }
    }
    w.flush().map_err(io)?;
    Ok(csv)
}
