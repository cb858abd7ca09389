//! `wolfe sim soft-bubble`: the SAP paper's Section VI-D experiment (Figs. 16-17) on
//! wolfe's build of the scene (`data/scenes/soft_bubble.xml`): a parallel-jaw gripper
//! anchored to the world, with air-filled bubbles on its fingers, holds a spatula
//! horizontally by the handle while the grip force follows a square wave between 1 N
//! and 16 N (6 s period, 75% duty). The bubbles are compliant hydroelastic geometries
//! and the handle a rigid one (`wolfe::hydroelastic`): each polygon of their contact
//! surfaces is one SAP contact (the paper's ref. \[36\]). During the loose grip the
//! spatula pitches under its weight; the secure grip catches and holds it.
//!
//! The grip force is the fingers' PD controllers' effort limit (their targets lie
//! past the handle, so both saturate at it): a force-controlled gripper.
//!
//! Outputs: `steps.csv` (the standard columns and `grip_force` (N), `pitch` (rad, the
//! handle's long axis above the horizontal)), the trajectory and `view.html`,
//! `grip.png`/`.svg` (Fig. 17: force and pitch against time), `contacts.png`/`.svg`,
//! and `summary.md`.

use std::path::{Path, PathBuf};

use wolfe::hydroelastic::CompliantGeometry;
use wolfe_multibody::{parse_mjcf, MjcfOptions};
use wolfe_sim::record::RunSummary;
use wolfe_sim::{Collider, Hydroelastic, MjcfWorldOptions, SimSettings, Simulation, StepStats, World};

use super::options::{io, SimRunError};
use super::record::RunRecorder;
use crate::plot::{Chart, Curve, LineChart};

/// The scene file (shipped in the repository's `data/scenes`).
pub const SOFT_BUBBLE_MJCF: &str = include_str!("../../../../data/scenes/soft_bubble.xml");

/// The grip-force square wave's period, s.
pub const GRIP_PERIOD: f64 = 6.0;
/// The share of the period at the secure grip.
pub const GRIP_DUTY: f64 = 0.75;
/// The secure and the loose grip force, N.
pub const GRIP_FORCES: (f64, f64) = (16.0, 1.0);

/// The commanded grip force at time `t` (s): secure for the first 75% of each period,
/// loose for the rest.
pub fn grip_force(t: f64) -> f64 {
    if t.rem_euclid(GRIP_PERIOD) < GRIP_DUTY * GRIP_PERIOD {
        GRIP_FORCES.0
    } else {
        GRIP_FORCES.1
    }
}

/// The fingers' PD target (m along each slide joint, closing): past the handle, so
/// that the controllers saturate at the grip force.
pub const FINGER_TARGET: f64 = 0.03;

/// Options of [`soft_bubble`].
#[derive(Clone, Debug, PartialEq)]
pub struct SoftBubbleOptions {
    /// Output folder.
    pub out: PathBuf,
    /// Simulated seconds (default 30: five periods).
    pub seconds: f64,
    /// Time step, s (default 5 ms, the paper's).
    pub dt: f64,
    /// The bubbles' hydroelastic modulus, Pa (default 1.5e5).
    pub modulus: f64,
    /// The bubbles' Hunt-Crossley dissipation, s/m (default 5).
    pub dissipation: f64,
    /// The bubbles' mesh resolution, m (default 8 mm).
    pub resolution: f64,
    /// SAP's relative tolerance eps_r (default 1e-3, the paper's for this scene).
    pub tolerance: f64,
    /// Solve every step's problem again by SAP and by an interior-point method
    /// (clarabel) and compare them ([`super::ipm_compare`]: `ipm.csv` and a section of
    /// `summary.md`; default false).
    pub compare_ipm: bool,
}

impl SoftBubbleOptions {
    /// The defaults, writing to `out`.
    pub fn new(out: impl Into<PathBuf>) -> Self {
        Self {
            out: out.into(),
            seconds: 30.0,
            dt: 5e-3,
            modulus: 1.5e5,
            dissipation: 5.0,
            resolution: 8e-3,
            tolerance: 1e-3,
            compare_ipm: false,
        }
    }
}

/// The pitch of the spatula over one period of the grip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GripPeriod {
    /// The period's index (from 0).
    pub period: usize,
    /// How far the spatula pitched during the loose grip (rad; negative: the blade
    /// dropped).
    pub loose_pitch_change: f64,
    /// The largest pitch change during the secure grip, from half a second after it
    /// began to its end (rad): how well it is held.
    pub secure_pitch_drift: f64,
    /// Mean contacts per step during the loose and the secure grip.
    pub contacts: (f64, f64),
}

/// What [`soft_bubble`] measured.
#[derive(Clone, Debug)]
pub struct SoftBubbleReport {
    /// The whole run's statistics.
    pub run: RunSummary,
    /// Each complete period's pitch and contacts.
    pub periods: Vec<GripPeriod>,
    /// The largest momentum error of any step (Eq. 32, relative).
    pub max_momentum_error: f64,
    /// The bubbles' tetrahedra (each).
    pub tetrahedra: usize,
    /// The run folder.
    pub out: PathBuf,
    /// SAP against the interior-point method, with [`SoftBubbleOptions::compare_ipm`].
    pub ipm: Option<super::IpmSummary>,
}

/// The world of the scene: the MJCF file with the bubbles compliant and the handle
/// rigid. Returns it with the spatula's tree and the gripper's tree, and the bubbles'
/// tetrahedra.
pub fn soft_bubble_world(options: &SoftBubbleOptions) -> Result<(World, usize, usize, usize), SimRunError> {
    let mjcf = parse_mjcf(SOFT_BUBBLE_MJCF, Path::new("."), MjcfOptions::default())?;
    let mut world = World::default();
    let scene = world.add_mjcf(&mjcf, MjcfWorldOptions::default())?;
    let body = |name: &str| {
        let b = mjcf.robot.model.bodies().iter().position(|b| b.name == name);
        b.map(|b| scene.bodies[b].0)
            .ok_or_else(|| SimRunError::Option(format!("the scene has no body '{name}'")))
    };
    let (spatula, gripper) = (body("spatula")?, body("left_finger")?);
    // The scene file makes the bubbles compliant and the handle rigid (its <custom>
    // entries); the bubbles are rebuilt with these options' modulus, resolution and
    // dissipation.
    let mut tetrahedra = 0;
    let compliant: Vec<Collider> = world
        .hydroelastic_colliders()
        .iter()
        .filter(|(_, h)| matches!(h, Hydroelastic::Compliant(..)))
        .map(|(c, _)| *c)
        .collect();
    for c in compliant {
        let Collider::Link(g) = c else {
            return Err(SimRunError::Option(format!(
                "the scene's compliant {c:?} is not a finger"
            )));
        };
        let bubble =
            CompliantGeometry::from_shape(&world.links()[g].shape, options.modulus, options.resolution)
                .map_err(wolfe_sim::SimError::from)?;
        tetrahedra = bubble.mesh().tetrahedra().len();
        world.set_hydroelastic(c, Hydroelastic::compliant(bubble, options.dissipation)?)?;
    }
    Ok((world, spatula, gripper, tetrahedra))
}

/// The pitch of the spatula (rad): its long (x) axis's angle above the horizontal.
fn pitch(sim: &Simulation, spatula: usize) -> f64 {
    let r = sim.tree_placements(spatula)[0].rot.column(0).into_owned();
    r.z.atan2((r.x * r.x + r.y * r.y).sqrt())
}

/// Runs the scene (see the module docs).
pub fn soft_bubble(options: &SoftBubbleOptions) -> Result<SoftBubbleReport, SimRunError> {
    let (dt, seconds) = (options.dt, options.seconds);
    if !(dt.is_finite() && dt > 0.0 && seconds.is_finite() && seconds >= 0.0) {
        return Err(SimRunError::Option(format!(
            "dt = {dt} s must be finite and > 0, seconds = {seconds} finite and >= 0"
        )));
    }
    let (world, spatula, gripper, tetrahedra) = soft_bubble_world(options)?;
    let mut settings = SimSettings {
        time_step: dt,
        ..Default::default()
    };
    settings.sap.relative_tolerance = options.tolerance;
    let mut sim = Simulation::new(world, settings)?;
    let out = &options.out;
    let mut recorder = RunRecorder::create_with_columns(out, &sim, &["grip_force", "pitch"])?;
    let mut ipm = options
        .compare_ipm
        .then(|| super::IpmComparison::new(&sim))
        .transpose()?;
    let steps = (seconds / dt).round() as u64;
    let mut stats: Vec<StepStats> = Vec::with_capacity(steps as usize);
    let mut series: Vec<(f64, f64, f64)> = Vec::with_capacity(steps as usize);
    for _ in 0..steps {
        let force = grip_force(sim.time());
        for pd in sim.controllers_mut(gripper)?.iter_mut() {
            pd.q_target = FINGER_TARGET;
            pd.effort_limit = force;
        }
        let s = match &mut ipm {
            Some(compare) => compare.step(&mut sim)?,
            None => sim.step()?,
        };
        let p = pitch(&sim, spatula);
        recorder.record_with(&sim, &s, &[force, p])?;
        series.push((s.time, force, p));
        stats.push(s);
    }
    recorder.finish()?;
    let report = SoftBubbleReport {
        run: RunSummary::of(&stats),
        periods: periods(&stats, &series),
        max_momentum_error: stats.iter().map(|s| s.momentum_error).fold(0.0, f64::max),
        tetrahedra,
        out: out.clone(),
        ipm: ipm.as_ref().map(|c| c.summary()),
    };
    plots(&stats, &series, out)?;
    write_summary(&report, options)?;
    ipm.map_or(Ok(()), |c| c.write(out))?;
    Ok(report)
}

/// Each complete period's pitch changes and contacts.
fn periods(stats: &[StepStats], series: &[(f64, f64, f64)]) -> Vec<GripPeriod> {
    let end = series.last().map_or(0.0, |s| s.0);
    let count = (end / GRIP_PERIOD + 1e-9).floor() as usize;
    let at = |t: f64| {
        let i = series.partition_point(|s| s.0 < t - 1e-9);
        series[i.min(series.len() - 1)].2
    };
    (0..count)
        .map(|k| {
            let t0 = k as f64 * GRIP_PERIOD;
            let loose = t0 + GRIP_DUTY * GRIP_PERIOD;
            let held: Vec<f64> = series
                .iter()
                .filter(|s| s.0 >= t0 + 0.5 && s.0 < loose)
                .map(|s| s.2)
                .collect();
            let drift = held.iter().fold(f64::NEG_INFINITY, |m, p| m.max(*p))
                - held.iter().fold(f64::INFINITY, |m, p| m.min(*p));
            let mean = |lo: f64, hi: f64| {
                let c: Vec<f64> = stats
                    .iter()
                    .filter(|s| s.time >= lo && s.time < hi)
                    .map(|s| s.contacts as f64)
                    .collect();
                c.iter().sum::<f64>() / c.len().max(1) as f64
            };
            GripPeriod {
                period: k,
                loose_pitch_change: at(t0 + GRIP_PERIOD) - at(loose),
                secure_pitch_drift: if held.is_empty() { 0.0 } else { drift },
                contacts: (mean(loose, t0 + GRIP_PERIOD), mean(t0 + 0.5, loose)),
            }
        })
        .collect()
}

/// Fig. 17 (grip force and pitch against time) and the contact count.
fn plots(stats: &[StepStats], series: &[(f64, f64, f64)], dir: &Path) -> Result<(), SimRunError> {
    let curve = |name: &str, points: Vec<(f64, f64)>| Curve {
        name: name.into(),
        points,
        dashed: false,
        color: None,
    };
    let chart = |title: &str, y: &str, series: Vec<Curve>| LineChart {
        title: title.into(),
        x_label: "time (s)".into(),
        y_label: y.into(),
        log_x: false,
        log_y: false,
        x_ticks: Vec::new(),
        series,
    };
    chart(
        "soft bubble: grip force (N) and pitch (degrees)",
        "force (N), pitch (deg)",
        vec![
            curve("grip force (N)", series.iter().map(|s| (s.0, s.1)).collect()),
            curve(
                "pitch (deg)",
                series.iter().map(|s| (s.0, s.2.to_degrees())).collect(),
            ),
        ],
    )
    .write(dir, "grip")?;
    chart(
        "soft bubble: contact constraints per step",
        "contacts",
        vec![curve(
            "contacts",
            stats.iter().map(|s| (s.time, s.contacts as f64)).collect(),
        )],
    )
    .write(dir, "contacts")?;
    Ok(())
}

fn write_summary(report: &SoftBubbleReport, options: &SoftBubbleOptions) -> Result<(), SimRunError> {
    let mut text = format!(
        "# soft bubble\n\nThe SAP paper's Section VI-D scene on wolfe's build: dt = {} s, {} s, \
         bubbles of modulus {} Pa, dissipation {} s/m, resolution {} m, {} tetrahedra each; \
         SAP relative tolerance {}.\n\n| quantity | value |\n|---|---|\n",
        options.dt,
        options.seconds,
        options.modulus,
        options.dissipation,
        options.resolution,
        report.tetrahedra,
        options.tolerance
    );
    for (name, value) in report.run.rows() {
        text.push_str(&format!("| {name} | {value} |\n"));
    }
    text.push_str(&format!(
        "| max momentum error | {:.3e} |\n",
        report.max_momentum_error
    ));
    text.push_str(
        "\n## Periods\n\n| period | pitch change, loose grip (deg) | pitch drift, secure grip (deg) | \
         contacts loose | contacts secure |\n|---|---|---|---|---|\n",
    );
    for p in &report.periods {
        text.push_str(&format!(
            "| {} | {:.2} | {:.3} | {:.1} | {:.1} |\n",
            p.period,
            p.loose_pitch_change.to_degrees(),
            p.secure_pitch_drift.to_degrees(),
            p.contacts.0,
            p.contacts.1
        ));
    }
    let path = options.out.join("summary.md");
    std::fs::write(&path, text).map_err(io(&path))
}
