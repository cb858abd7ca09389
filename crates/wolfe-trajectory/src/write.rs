//! Writing a trajectory folder: [`SceneWriter`] writes `scene.csv` (and the OBJ files it
//! names) object by object, then [`TrajectoryWriter`] appends `trajectory.csv` and
//! `contacts.csv` frame by frame (and `patches.csv`, created with the first patch). Numbers use Rust's shortest round-trip formatting, so
//! that [`crate::Recording::read`] gives back the `f64` values exactly.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use wolfe::{Pose, Shape};

use crate::error::TrajectoryError;
use crate::format::{
    half_space_pose, pose_array, ShapeKind, CONTACTS_FILE, CONTACTS_HEADER, PATCHES_FILE, PATCHES_HEADER,
    SCENE_FILE, SCENE_HEADER, TRAJECTORY_FILE, TRAJECTORY_HEADER,
};
use crate::obj::{shape_mesh, write_obj, TriMesh};
use crate::read::{ContactRecord, PatchRecord};

/// A body of the scene: a `scene.csv` row with `static = 0`, moved by `trajectory.csv`.
#[derive(Clone, Copy, Debug)]
pub struct Body<'a> {
    /// Its name (commas, quotes and line breaks are written as `_`).
    pub name: &'a str,
    /// Its collision shape.
    pub shape: &'a Shape,
    /// The pose of the shape frame in the body (centre-of-mass) frame.
    pub shape_pose: Pose,
    /// Its mass, kg (positive), or `None` where the writer has none to give (a massless
    /// carrier): the `mass` field is then empty.
    pub mass: Option<f64>,
    /// A mesh in the body frame that a viewer draws in place of the shape (written as
    /// `visual_N.obj`), or `None`.
    pub visual: Option<&'a TriMesh>,
}

/// Writes `scene.csv`: the bodies first, then the static geometry.
#[derive(Debug)]
pub struct SceneWriter {
    dir: PathBuf,
    path: PathBuf,
    scene: BufWriter<File>,
    objects: usize,
    bodies: usize,
}

/// Appends the recorded steps to `trajectory.csv`, their contacts to `contacts.csv` and
/// their contact patches to `patches.csv` (created with the first patch: a run without
/// patches has no such file).
#[derive(Debug)]
pub struct TrajectoryWriter {
    trajectory_path: PathBuf,
    contacts_path: PathBuf,
    patches_path: PathBuf,
    trajectory: BufWriter<File>,
    contacts: BufWriter<File>,
    patches: Option<BufWriter<File>>,
    /// The step of the last patch written and the number of its step's polygons.
    patch_step: Option<(u64, usize)>,
    bodies: usize,
    objects: usize,
    /// One row's text, reused from row to row.
    row: String,
}

/// A name safe for one CSV field: commas, quotes and line breaks become `_`.
pub fn csv_name(name: &str) -> String {
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

/// Appends `,x,y,z,qw,qx,qy,qz` to `row`.
fn push_pose(row: &mut String, p: &Pose) {
    for v in pose_array(p) {
        // Writing to a String cannot fail.
        let _ = write!(row, ",{v}");
    }
}

fn creating(path: &Path) -> Result<BufWriter<File>, TrajectoryError> {
    Ok(BufWriter::new(
        File::create(path).map_err(TrajectoryError::io(path))?,
    ))
}

impl SceneWriter {
    /// Creates the folder `dir` (if needed) and `dir/scene.csv` with its header.
    pub fn create(dir: &Path) -> Result<Self, TrajectoryError> {
        std::fs::create_dir_all(dir).map_err(TrajectoryError::io(dir))?;
        let path = dir.join(SCENE_FILE);
        let mut scene = creating(&path)?;
        writeln!(scene, "{SCENE_HEADER}").map_err(TrajectoryError::io(&path))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            path,
            scene,
            objects: 0,
            bodies: 0,
        })
    }

    /// The index the next object gets (`scene.csv`'s `object` column).
    pub fn next_object(&self) -> usize {
        self.objects
    }

    fn bad_input(&self, reason: String) -> TrajectoryError {
        TrajectoryError::BadInput {
            path: self.path.clone(),
            reason,
        }
    }

    /// Writes the OBJ file `{prefix}_{object}.obj` and returns its name.
    fn obj(&self, prefix: &str, mesh: Option<&TriMesh>) -> Result<String, TrajectoryError> {
        let Some(mesh) = mesh else {
            return Ok(String::new());
        };
        let name = format!("{prefix}_{}.obj", self.objects);
        write_obj(&self.dir.join(&name), mesh)?;
        Ok(name)
    }

    /// Writes one row; `mass` and `visual` are empty for static geometry.
    fn row(
        &mut self, name: &str, kind: ShapeKind, is_static: bool, pose: &Pose, params: [f64; 3],
        files: [&str; 3],
    ) -> Result<usize, TrajectoryError> {
        let numbers = pose_array(pose).into_iter().chain(params);
        if numbers.clone().any(|v| !v.is_finite()) {
            return Err(self.bad_input(format!(
                "object {}: a pose or shape parameter is not finite",
                self.objects
            )));
        }
        let mut row = format!(
            "{},{},{},{}",
            self.objects,
            csv_name(name),
            kind.name(),
            u8::from(is_static)
        );
        push_pose(&mut row, pose);
        let [mesh, mass, visual] = files;
        let _ = write!(
            row,
            ",{},{},{},{mesh},{mass},{visual}",
            params[0], params[1], params[2]
        );
        writeln!(self.scene, "{row}").map_err(TrajectoryError::io(&self.path))?;
        self.objects += 1;
        Ok(self.objects - 1)
    }

    /// Writes a body (and its `mesh_N.obj` / `visual_N.obj` files); returns its object
    /// index, which is also its body index in `trajectory.csv`. Bodies must come before
    /// any static geometry, and their masses (where given) must be positive.
    pub fn body(&mut self, body: &Body<'_>) -> Result<usize, TrajectoryError> {
        if self.bodies != self.objects {
            return Err(self.bad_input(format!(
                "body `{}` after static geometry: bodies come first",
                body.name
            )));
        }
        if let Some(m) = body.mass.filter(|m| !(*m > 0.0 && m.is_finite())) {
            return Err(self.bad_input(format!("body `{}`: mass {m} is not positive", body.name)));
        }
        let (kind, params) = ShapeKind::of_shape(body.shape);
        let mesh = self.obj("mesh", shape_mesh(body.shape).as_ref())?;
        let visual = self.obj("visual", body.visual)?;
        let mass = body.mass.map_or_else(String::new, |m| m.to_string());
        let object = self.row(
            body.name,
            kind,
            false,
            &body.shape_pose,
            params,
            [&mesh, &mass, &visual],
        )?;
        self.bodies += 1;
        Ok(object)
    }

    /// Writes static geometry `shape` at `pose` in the world (and its `mesh_N.obj`);
    /// returns its object index.
    pub fn static_shape(&mut self, name: &str, shape: &Shape, pose: &Pose) -> Result<usize, TrajectoryError> {
        let (kind, params) = ShapeKind::of_shape(shape);
        let mesh = self.obj("mesh", shape_mesh(shape).as_ref())?;
        self.row(name, kind, true, pose, params, [&mesh, "", ""])
    }

    /// Writes static geometry given by its surface, `mesh` at `pose` in the world (a
    /// non-convex triangle mesh as it is, a compound's parts' surfaces), as a `mesh`
    /// row whose OBJ file holds those triangles; returns its object index.
    pub fn static_mesh(&mut self, name: &str, mesh: &TriMesh, pose: &Pose) -> Result<usize, TrajectoryError> {
        let file = self.obj("mesh", Some(mesh))?;
        self.row(name, ShapeKind::Mesh, true, pose, [0.0; 3], [&file, "", ""])
    }

    /// Writes a half-space (static): its frame's `z <= 0` is the half-space
    /// ([`half_space_pose`]); returns its object index.
    pub fn half_space(
        &mut self, name: &str, half_space: &wolfe::HalfSpace,
    ) -> Result<usize, TrajectoryError> {
        self.row(
            name,
            ShapeKind::HalfSpace,
            true,
            &half_space_pose(half_space),
            [0.0; 3],
            ["", "", ""],
        )
    }

    /// Flushes `scene.csv` and opens `trajectory.csv` and `contacts.csv` with their
    /// headers.
    pub fn finish(mut self) -> Result<TrajectoryWriter, TrajectoryError> {
        self.scene.flush().map_err(TrajectoryError::io(&self.path))?;
        let trajectory_path = self.dir.join(TRAJECTORY_FILE);
        let mut trajectory = creating(&trajectory_path)?;
        writeln!(trajectory, "{TRAJECTORY_HEADER}").map_err(TrajectoryError::io(&trajectory_path))?;
        let contacts_path = self.dir.join(CONTACTS_FILE);
        let mut contacts = creating(&contacts_path)?;
        writeln!(contacts, "{CONTACTS_HEADER}").map_err(TrajectoryError::io(&contacts_path))?;
        Ok(TrajectoryWriter {
            trajectory_path,
            contacts_path,
            patches_path: self.dir.join(PATCHES_FILE),
            trajectory,
            contacts,
            patches: None,
            patch_step: None,
            bodies: self.bodies,
            objects: self.objects,
            row: String::new(),
        })
    }
}

impl TrajectoryWriter {
    /// The number of bodies each frame has.
    pub fn bodies(&self) -> usize {
        self.bodies
    }

    /// Appends the body poses (centre-of-mass frames in the world, one per body in
    /// body order) of step `step` at simulated time `time`.
    pub fn frame(&mut self, step: u64, time: f64, poses: &[Pose]) -> Result<(), TrajectoryError> {
        self.frame_from(step, time, poses.iter().copied())
    }

    /// [`TrajectoryWriter::frame`] from an iterator of poses (no collecting needed where
    /// the poses are computed per body). Errors, after writing the rows it had, when
    /// the iterator does not give exactly one pose per body or a number is not finite.
    pub fn frame_from(
        &mut self, step: u64, time: f64, poses: impl IntoIterator<Item = Pose>,
    ) -> Result<(), TrajectoryError> {
        let mut count = 0;
        let mut refused = false;
        for p in poses {
            if count >= self.bodies || !time.is_finite() || pose_array(&p).iter().any(|v| !v.is_finite()) {
                refused = true;
                break;
            }
            self.row.clear();
            let _ = write!(self.row, "{step},{time},{count}");
            push_pose(&mut self.row, &p);
            writeln!(self.trajectory, "{}", self.row).map_err(TrajectoryError::io(&self.trajectory_path))?;
            count += 1;
        }
        if refused || count != self.bodies {
            return Err(TrajectoryError::BadInput {
                path: self.trajectory_path.clone(),
                reason: format!(
                    "step {step}: wrote {count} of {} body poses (too many or too few poses, or a number not finite)",
                    self.bodies
                ),
            });
        }
        Ok(())
    }

    /// Appends one contact of step `step` (the step that ends at `time`); `a` and `b`
    /// are `scene.csv` object indices.
    pub fn contact(&mut self, step: u64, time: f64, c: &ContactRecord) -> Result<(), TrajectoryError> {
        let numbers = c
            .point
            .iter()
            .chain(&c.normal)
            .chain([&c.normal_force, &c.friction_force, &time]);
        if c.a >= self.objects || c.b >= self.objects || numbers.into_iter().any(|v| !v.is_finite()) {
            return Err(TrajectoryError::BadInput {
                path: self.contacts_path.clone(),
                reason: format!(
                    "step {step}: contact between objects {} and {} of {} (or a number not finite)",
                    c.a, c.b, self.objects
                ),
            });
        }
        let (p, n) = (c.point, c.normal);
        writeln!(
            self.contacts,
            "{step},{time},{},{},{},{},{},{},{},{},{},{}",
            c.a, c.b, p[0], p[1], p[2], n[0], n[1], n[2], c.normal_force, c.friction_force
        )
        .map_err(TrajectoryError::io(&self.contacts_path))
    }

    /// Appends one polygon of the contact patches of step `step` (the step that ends at
    /// `time`): one row per vertex, the polygon numbered after the step's earlier ones.
    /// `a` and `b` are `scene.csv` object indices. The first patch creates
    /// `patches.csv`. Refuses (writing nothing) a polygon of fewer than 3 vertices, an
    /// object out of range, a negative pressure or area, a number not finite, or a
    /// step before the last patch's.
    pub fn patch(&mut self, step: u64, time: f64, p: &PatchRecord) -> Result<(), TrajectoryError> {
        let finite = [time, p.pressure, p.area]
            .iter()
            .chain(p.vertices.iter().flatten())
            .all(|v| v.is_finite());
        let refusal = if p.a >= self.objects || p.b >= self.objects {
            Some(format!("objects {} and {} of {}", p.a, p.b, self.objects))
        } else if !finite {
            Some("a number not finite".to_string())
        } else if p.pressure < 0.0 || p.area < 0.0 {
            Some(format!("a negative pressure {} or area {}", p.pressure, p.area))
        } else if p.vertices.len() < 3 {
            Some(format!("a polygon of {} vertices (at least 3)", p.vertices.len()))
        } else if self.patch_step.is_some_and(|(s, _)| step < s) {
            Some("a step before the last patch's".to_string())
        } else {
            None
        };
        if let Some(reason) = refusal {
            return Err(TrajectoryError::BadInput {
                path: self.patches_path.clone(),
                reason: format!("step {step}: {reason}"),
            });
        }
        let polygon = match self.patch_step {
            Some((s, n)) if s == step => n,
            _ => 0,
        };
        let path = &self.patches_path;
        if self.patches.is_none() {
            let mut out = creating(path)?;
            writeln!(out, "{PATCHES_HEADER}").map_err(TrajectoryError::io(path))?;
            self.patches = Some(out);
        }
        let out = self.patches.as_mut().expect("created above");
        for v in &p.vertices {
            self.row.clear();
            let _ = write!(
                self.row,
                "{step},{time},{polygon},{},{},{},{},{},{},{}",
                p.a, p.b, p.pressure, p.area, v[0], v[1], v[2]
            );
            writeln!(out, "{}", self.row).map_err(TrajectoryError::io(path))?;
        }
        self.patch_step = Some((step, polygon + 1));
        Ok(())
    }

    /// Flushes the trajectory, contact and patch files.
    pub fn finish(mut self) -> Result<(), TrajectoryError> {
        if let Some(patches) = &mut self.patches {
            patches.flush().map_err(TrajectoryError::io(&self.patches_path))?;
        }
        self.contacts
            .flush()
            .map_err(TrajectoryError::io(&self.contacts_path))?;
        self.trajectory
            .flush()
            .map_err(TrajectoryError::io(&self.trajectory_path))
    }
}
