//! The output folder of a robot scene, as `wolfe sim` writes it: `steps.csv` (one row per
//! step, with one `q_<joint>` column per movable joint of every robot) and the trajectory
//! of `docs/trajectory-format.md` (`scene.csv` with one object per collision geometry:
//! the movable ones first, each moving with its link's body frame, then the static ones
//! and the half-spaces; `trajectory.csv`; `contacts.csv`) that `wolfe_view::write_html`
//! draws.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use wolfe_sim::trajectory::{self, shape_columns};

use wolfe::{Pose, Quat, Shape, Vec3};
use wolfe_multibody::Se3;
use wolfe_sap::SapStatus;

use crate::detect::ContactObject;
use crate::error::RobotError;
use crate::step::{Simulator, StepStats};
use crate::world::Owner;

/// Writes a run's files step by step.
#[derive(Debug)]
pub struct Recorder {
    dir: PathBuf,
    steps: BufWriter<File>,
    trajectory: BufWriter<File>,
    contacts: BufWriter<File>,
    /// Scene object of each geometry.
    object_of_geometry: Vec<usize>,
    /// Scene object of each half-space.
    object_of_half_space: Vec<usize>,
    /// Movable geometries in object order.
    movable: Vec<usize>,
}

/// The trajectory format's pose columns of a placement (wolfe-sim writes the format).
fn pose_columns(p: &Se3) -> String {
    trajectory::pose_columns(&p.to_pose())
}

fn csv_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if matches!(c, ',' | '"' | '\n' | '\r') {
                '_'
            } else {
                c
            }
        })
        .collect()
}

fn write_obj(path: &Path, mesh: &wolfe::ConvexMesh) -> Result<(), RobotError> {
    trajectory::write_obj(path, mesh).map_err(RobotError::io(path))
}

fn create(dir: &Path, name: &str) -> Result<BufWriter<File>, RobotError> {
    let path = dir.join(name);
    Ok(BufWriter::new(
        File::create(&path).map_err(RobotError::io(&path))?,
    ))
}

impl Recorder {
    /// Creates `dir` (if needed), writes `scene.csv` (and `mesh_N.obj` files) for the
    /// simulator's world and opens the per-step files with their headers.
    pub fn create(dir: &Path, sim: &Simulator) -> Result<Self, RobotError> {
        std::fs::create_dir_all(dir).map_err(RobotError::io(dir))?;
        let world = sim.world();
        let geoms = world.geometries();
        let movable: Vec<usize> = (0..geoms.len())
            .filter(|&g| geoms[g].owner != Owner::World)
            .collect();
        let statics: Vec<usize> = (0..geoms.len())
            .filter(|&g| geoms[g].owner == Owner::World)
            .collect();
        let mut object_of_geometry = vec![0; geoms.len()];
        let scene_path = dir.join("scene.csv");
        let io = RobotError::io(&scene_path);
        let mut scene = create(dir, "scene.csv")?;
        writeln!(
            scene,
            "object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh,mass,visual"
        )
        .map_err(&io)?;
        for (object, &g) in movable.iter().chain(&statics).enumerate() {
            object_of_geometry[g] = object;
            let geom = &geoms[g];
            let (kind, p) = shape_columns(&geom.shape);
            let mesh = if let Shape::ConvexMesh(m) = &geom.shape {
                let name = format!("mesh_{object}.obj");
                write_obj(&dir.join(&name), m)?;
                name
            } else {
                String::new()
            };
            let is_static = geom.owner == Owner::World;
            let mass = if is_static {
                String::new()
            } else {
                geom.mass.to_string()
            };
            writeln!(
                scene,
                "{object},{},{kind},{},{},{},{},{},{mesh},{mass},",
                csv_name(&geom.name),
                u8::from(is_static),
                pose_columns(&geom.placement),
                p[0],
                p[1],
                p[2]
            )
            .map_err(&io)?;
        }
        let mut object_of_half_space = Vec::new();
        for (k, (h, _)) in world.half_spaces().iter().enumerate() {
            let object = geoms.len() + k;
            object_of_half_space.push(object);
            let n = h.normal();
            let rotation = Quat::rotation_between(&Vec3::z(), &n)
                .unwrap_or_else(|| Quat::from_scaled_axis(Vec3::new(std::f64::consts::PI, 0.0, 0.0)));
            let pose = Se3::from_pose(&Pose {
                rotation,
                translation: h.offset() * n,
            });
            writeln!(
                scene,
                "{object},ground{k},halfspace,1,{},0,0,0,,,",
                pose_columns(&pose)
            )
            .map_err(&io)?;
        }
        scene.flush().map_err(&io)?;
        let mut steps = create(dir, "steps.csv")?;
        let mut header = String::from(
            "step,time,contacts,max_penetration,momentum_error,sap_status,newton_iterations,step_seconds",
        );
        for t in world.trees() {
            for (name, _, _) in &t.joints {
                header.push_str(&format!(",q_{}", csv_name(name)));
            }
        }
        writeln!(steps, "{header}").map_err(RobotError::io(&dir.join("steps.csv")))?;
        let mut trajectory = create(dir, "trajectory.csv")?;
        writeln!(trajectory, "step,time,body,x,y,z,qw,qx,qy,qz").map_err(RobotError::io(dir))?;
        let mut contacts = create(dir, "contacts.csv")?;
        writeln!(contacts, "step,time,a,b,x,y,z,nx,ny,nz,fn,ft").map_err(RobotError::io(dir))?;
        let mut rec = Self {
            dir: dir.to_path_buf(),
            steps,
            trajectory,
            contacts,
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
        let time = sim.time();
        let io = RobotError::io(&self.dir);
        for (object, &g) in self.movable.iter().enumerate() {
            let Owner::Body { tree, body } = world.geometries()[g].owner else {
                continue;
            };
            let x = world.trees()[tree].data.body_placements()[body];
            writeln!(self.trajectory, "{step},{time},{object},{}", pose_columns(&x)).map_err(&io)?;
        }
        Ok(())
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
        let io = RobotError::io(&self.dir);
        for (c, g) in sim.contacts().iter().zip(sim.contact_impulses()) {
            if g.z <= 0.0 {
                continue;
            }
            let a = match c.a {
                ContactObject::Geometry(k) => self.object_of_geometry[k],
                ContactObject::HalfSpace(k) => self.object_of_half_space[k],
            };
            let b = self.object_of_geometry[c.b];
            let (p, n) = (c.point, c.normal);
            writeln!(
                self.contacts,
                "{step},{time},{a},{b},{},{},{},{},{},{},{},{}",
                p.x,
                p.y,
                p.z,
                n.x,
                n.y,
                n.z,
                g.z / dt,
                g.x.hypot(g.y) / dt
            )
            .map_err(&io)?;
        }
        Ok(())
    }

    /// Flushes the files.
    pub fn finish(mut self) -> Result<(), RobotError> {
        let io = RobotError::io(&self.dir);
        self.steps.flush().map_err(&io)?;
        self.contacts.flush().map_err(&io)?;
        self.trajectory.flush().map_err(&io)
    }
}
