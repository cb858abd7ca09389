//! The output folder of a robot scene, as `wolfe sim` writes it: `steps.csv` (one row per
//! step, with one `q_<joint>` column per movable joint of every robot) and the trajectory
//! of `docs/trajectory-format.md` (`scene.csv` with one object per collision geometry:
//! the movable ones first, each moving with its link's body frame, then the static ones
//! and the half-spaces; `trajectory.csv`; `contacts.csv`) that `wolfe_view::write_html`
//! draws.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use wolfe_sap::SapStatus;
use wolfe_trajectory::{csv_name, Body, ContactRecord, SceneWriter, TrajectoryError, TrajectoryWriter};

use crate::detect::ContactObject;
use crate::error::RobotError;
use crate::step::{Simulator, StepStats};
use crate::world::Owner;

/// Writes a run's files step by step.
#[derive(Debug)]
pub struct Recorder {
    dir: PathBuf,
    steps: BufWriter<File>,
    /// `trajectory.csv` and `contacts.csv`, through the format's one writer.
    trajectory: TrajectoryWriter,
    /// Scene object of each geometry.
    object_of_geometry: Vec<usize>,
    /// Scene object of each half-space.
    object_of_half_space: Vec<usize>,
    /// Movable geometries in object order.
    movable: Vec<usize>,
}

/// A trajectory-format error as the robot crate's I/O error on `dir`.
fn format_error(dir: &Path) -> impl Fn(TrajectoryError) -> RobotError + '_ {
    move |e| RobotError::io(dir)(e.into())
}

impl Recorder {
    /// Creates `dir` (if needed), writes `scene.csv` (and `mesh_N.obj` files) for the
    /// simulator's world and opens the per-step files with their headers.
    pub fn create(dir: &Path, sim: &Simulator) -> Result<Self, RobotError> {
        let world = sim.world();
        let geoms = world.geometries();
        let movable: Vec<usize> = (0..geoms.len())
            .filter(|&g| geoms[g].owner != Owner::World)
            .collect();
        let statics = (0..geoms.len()).filter(|&g| geoms[g].owner == Owner::World);
        let err = format_error(dir);
        let mut scene = SceneWriter::create(dir).map_err(&err)?;
        let mut object_of_geometry = vec![0; geoms.len()];
        for &g in &movable {
            let geom = &geoms[g];
            object_of_geometry[g] = scene
                .body(&Body {
                    name: &geom.name,
                    shape: &geom.shape,
                    shape_pose: geom.placement.to_pose(),
                    mass: Some(geom.mass).filter(|m| *m > 0.0),
                    visual: None,
                })
                .map_err(&err)?;
        }
        for g in statics {
            let geom = &geoms[g];
            object_of_geometry[g] = scene
                .static_shape(&geom.name, &geom.shape, &geom.placement.to_pose())
                .map_err(&err)?;
        }
        let mut object_of_half_space = Vec::new();
        for (k, (h, _)) in world.half_spaces().iter().enumerate() {
            object_of_half_space.push(scene.half_space(&format!("ground{k}"), h).map_err(&err)?);
        }
        let trajectory = scene.finish().map_err(&err)?;
        let steps_path = dir.join("steps.csv");
        let mut steps = BufWriter::new(File::create(&steps_path).map_err(RobotError::io(&steps_path))?);
        let mut header = String::from(
            "step,time,contacts,max_penetration,momentum_error,sap_status,newton_iterations,step_seconds",
        );
        for t in world.trees() {
            for (name, _, _) in &t.joints {
                header.push_str(&format!(",q_{}", csv_name(name)));
            }
        }
        writeln!(steps, "{header}").map_err(RobotError::io(&steps_path))?;
        let mut rec = Self {
            dir: dir.to_path_buf(),
            steps,
            trajectory,
            object_of_geometry,
            object_of_half_space,
            movable,
        };
        rec.poses(0, sim)?;
        Ok(rec)
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The poses of the movable geometries' bodies now (the world's kinematics must be
    /// current: see [`crate::RobotWorld::forward_kinematics`]).
    fn poses(&mut self, step: u64, sim: &Simulator) -> Result<(), RobotError> {
        let world = sim.world();
        let poses = self
            .movable
            .iter()
            .filter_map(|&g| match world.geometries()[g].owner {
                Owner::Body { tree, body } => {
                    Some(world.trees()[tree].data.body_placements()[body].to_pose())
                }
                Owner::World => None,
            });
        self.trajectory
            .frame_from(step, sim.time(), poses)
            .map_err(format_error(&self.dir))
    }

    /// Records the step just taken: its `steps.csv` row, the poses and the contacts that
    /// carried a normal impulse. Updates the world's kinematics to the new state.
    pub fn record(&mut self, sim: &mut Simulator, stats: &StepStats) -> Result<(), RobotError> {
        sim.world_mut().forward_kinematics()?;
        let step = sim.steps();
        let time = sim.time();
        let dt = sim.settings().time_step;
        let status = match stats.status {
            None => "none",
            Some(SapStatus::Converged) => "converged",
            Some(SapStatus::IterationLimit) => "iteration_limit",
            Some(SapStatus::Stalled) => "stalled",
        };
        let mut row = format!(
            "{step},{time},{},{},{},{status},{},{}",
            stats.contacts,
            stats.max_penetration,
            stats.momentum_error,
            stats.newton_iterations,
            stats.seconds
        );
        for t in sim.world().trees() {
            for (_, qi, _) in &t.joints {
                row.push_str(&format!(",{}", t.q[*qi]));
            }
        }
        writeln!(self.steps, "{row}").map_err(RobotError::io(&self.dir))?;
        self.poses(step, sim)?;
        let err = format_error(&self.dir);
        for (c, g) in sim.contacts().iter().zip(sim.contact_impulses()) {
            if g.z <= 0.0 {
                continue;
            }
            let a = match c.a {
                ContactObject::Geometry(k) => self.object_of_geometry[k],
                ContactObject::HalfSpace(k) => self.object_of_half_space[k],
            };
            let record = ContactRecord {
                a,
                b: self.object_of_geometry[c.b],
                point: c.point.into(),
                normal: c.normal.into(),
                normal_force: g.z / dt,
                friction_force: g.x.hypot(g.y) / dt,
            };
            self.trajectory.contact(step, time, &record).map_err(&err)?;
        }
        Ok(())
    }

    /// Flushes the files.
    pub fn finish(mut self) -> Result<(), RobotError> {
        self.steps.flush().map_err(RobotError::io(&self.dir))?;
        self.trajectory.finish().map_err(format_error(&self.dir))
    }
}
