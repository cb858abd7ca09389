//! The trajectory files a viewer plays (`scene.csv`, `trajectory.csv`, `contacts.csv`,
//! mesh OBJ files; one folder per run), written through the format's one module,
//! [`wolfe_trajectory`] (described in full in `docs/trajectory-format.md`). This
//! adapter maps a [`World`] to the scene (its bodies, then its static geometry in order:
//! static geometry `k` is object `bodies + k`) and a [`Simulation`]'s state to frames.

use std::path::Path;

use wolfe::Pose;
use wolfe_trajectory::{Body, ContactRecord, SceneWriter};

use crate::step::Simulation;
use crate::world::{StaticGeometry, World};

/// Writes `scene.csv` (and mesh OBJ files) once, then `trajectory.csv` (and
/// `contacts.csv`) step by step.
#[derive(Debug)]
pub struct TrajectoryWriter {
    writer: wolfe_trajectory::TrajectoryWriter,
}

impl TrajectoryWriter {
    /// Creates `dir` (if needed) and writes `dir/scene.csv` (and `dir/mesh_N.obj` per
    /// mesh or inflated shape) for `world`, and opens `dir/trajectory.csv` and
    /// `dir/contacts.csv` with their headers. Errors (as [`std::io::Error`] carrying the
    /// [`wolfe_trajectory::TrajectoryError`]) on an unwritable folder or a non-finite
    /// pose or shape.
    pub fn create(dir: &Path, world: &World) -> std::io::Result<Self> {
        let mut scene = SceneWriter::create(dir)?;
        for b in world.bodies() {
            scene.body(&Body {
                name: &b.name,
                shape: &b.shape,
                shape_pose: b.shape_pose,
                mass: Some(b.mass),
                visual: None,
            })?;
        }
        for s in world.statics() {
            let name = format!("static{}", scene.next_object());
            match s {
                StaticGeometry::HalfSpace(h, _) => scene.half_space(&name, h)?,
                StaticGeometry::Shape(shape, pose, _) => scene.static_shape(&name, shape, pose)?,
            };
        }
        Ok(Self {
            writer: scene.finish()?,
        })
    }

    /// Appends the body poses of one step (no contacts: see
    /// [`TrajectoryWriter::record_simulation`]).
    pub fn record(&mut self, step: u64, time: f64, poses: &[Pose]) -> std::io::Result<()> {
        Ok(self.writer.frame(step, time, poses)?)
    }

    /// Appends the body poses of `sim` now as step `step`, and the contacts of its last
    /// step that carried a force (a positive normal impulse) with their mean normal and
    /// friction forces (impulse / dt). Before the first step there are none.
    pub fn record_simulation(&mut self, step: u64, sim: &Simulation) -> std::io::Result<()> {
        let time = sim.time();
        self.record(step, time, sim.poses())?;
        let dt = sim.settings().time_step;
        let bodies = self.writer.bodies();
        for (c, g) in sim.contacts().iter().zip(sim.contact_impulses()) {
            if g.z <= 0.0 {
                continue;
            }
            let a = match (c.body_a, c.static_a) {
                (Some(a), _) => a,
                (None, Some(k)) => bodies + k,
                // Static geometry of unknown index: not drawable, skip.
                (None, None) => continue,
            };
            let record = ContactRecord {
                a,
                b: c.body_b,
                point: c.point.into(),
                normal: c.normal.into(),
                normal_force: g.z / dt,
                friction_force: g.x.hypot(g.y) / dt,
            };
            self.writer.contact(step, time, &record)?;
        }
        Ok(())
    }

    /// Flushes the trajectory and contact files.
    pub fn finish(self) -> std::io::Result<()> {
        Ok(self.writer.finish()?)
    }
}
