//! The trajectory files a viewer plays: plain CSV, one folder per run.
//!
//! - `scene.csv`, one row per object, columns
//!   `object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh`:
//!   `object` is the body index (static geometry follows the bodies);
//!   `kind` is `sphere`, `ellipsoid`, `box`, `capsule`, `cylinder`, `cone`, `mesh`,
//!   `inflated` or `halfspace`; for a body, the pose columns place the **shape** in the
//!   body frame (the body frame moves, see below); for static geometry they place it in
//!   the world (a half-space is `z <= 0` of that frame). `p0..p2` are the shape's
//!   parameters: sphere radius; ellipsoid semi-axes; box half-extents; capsule,
//!   cylinder and cone radius then half-length (axis z, a cone's apex at +z); an
//!   inflated shape's added radius (its core is not described). `mesh` names an OBJ file
//!   beside `scene.csv` holding a mesh's hull (vertices and triangles).
//! - `trajectory.csv`, one row per body per recorded step, columns
//!   `step,time,body,x,y,z,qw,qx,qy,qz`: the body frame (centre of mass) in world,
//!   position in metres and orientation as a unit quaternion. Step 0 is the initial
//!   state. A shape's world pose is the body pose composed with its `scene.csv` pose.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use wolfe::{Pose, Quat, Shape, Vec3};

use crate::world::{StaticGeometry, World};

/// Writes `scene.csv` (and mesh OBJ files) once, then `trajectory.csv` row by row.
#[derive(Debug)]
pub struct TrajectoryWriter {
    out: BufWriter<File>,
}

fn pose_columns(p: &Pose) -> String {
    let t = p.translation;
    let q = p.rotation.quaternion();
    format!("{},{},{},{},{},{},{}", t.x, t.y, t.z, q.w, q.i, q.j, q.k)
}

fn shape_columns(shape: &Shape) -> (&'static str, [f64; 3]) {
    match shape {
        Shape::Sphere(s) => ("sphere", [s.ball_radius(), 0.0, 0.0]),
        Shape::Ellipsoid(e) => {
            let r = e.radii();
            ("ellipsoid", [r.x, r.y, r.z])
        }
        Shape::Cuboid(c) => {
            let h = c.half_extents();
            ("box", [h.x, h.y, h.z])
        }
        Shape::Capsule(c) => ("capsule", [wolfe::SupportMap::radius(c), c.half_length(), 0.0]),
        Shape::Cylinder(c) => ("cylinder", [c.disc_radius(), c.half_length(), 0.0]),
        Shape::Cone(c) => ("cone", [c.base_radius(), c.half_length(), 0.0]),
        Shape::ConvexMesh(_) => ("mesh", [0.0; 3]),
        Shape::Inflated(s) => ("inflated", [s.added_radius(), 0.0, 0.0]),
    }
}

fn write_obj(path: &Path, mesh: &wolfe::ConvexMesh) -> std::io::Result<()> {
    let mut f = BufWriter::new(File::create(path)?);
    for v in mesh.vertices() {
        writeln!(f, "v {} {} {}", v.x, v.y, v.z)?;
    }
    for t in mesh.faces() {
        writeln!(f, "f {} {} {}", t[0] + 1, t[1] + 1, t[2] + 1)?;
    }
    f.flush()
}

impl TrajectoryWriter {
    /// Writes `dir/scene.csv` (and `dir/mesh_N.obj` per mesh) for `world`, and opens
    /// `dir/trajectory.csv` with its header.
    pub fn create(dir: &Path, world: &World) -> std::io::Result<Self> {
        let mut scene = BufWriter::new(File::create(dir.join("scene.csv"))?);
        writeln!(scene, "object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh")?;
        let mut object = 0;
        for b in world.bodies() {
            let (kind, p) = shape_columns(&b.shape);
            let mesh = if let Shape::ConvexMesh(m) = &b.shape {
                let name = format!("mesh_{object}.obj");
                write_obj(&dir.join(&name), m)?;
                name
            } else {
                String::new()
            };
            writeln!(
                scene,
                "{object},{},{kind},0,{},{},{},{},{mesh}",
                b.name,
                pose_columns(&b.shape_pose),
                p[0],
                p[1],
                p[2]
            )?;
            object += 1;
        }
        for s in world.statics() {
            let (kind, pose, p, mesh) = match s {
                StaticGeometry::HalfSpace(h, _) => {
                    let n = h.normal();
                    let rotation = Quat::rotation_between(&Vec3::z(), &n)
                        .unwrap_or_else(|| Quat::from_scaled_axis(Vec3::new(std::f64::consts::PI, 0.0, 0.0)));
                    let pose = Pose {
                        rotation,
                        translation: h.offset() * n,
                    };
                    ("halfspace", pose, [0.0; 3], String::new())
                }
                StaticGeometry::Shape(shape, pose, _) => {
                    let (kind, p) = shape_columns(shape);
                    let mesh = if let Shape::ConvexMesh(m) = shape {
                        let name = format!("mesh_{object}.obj");
                        write_obj(&dir.join(&name), m)?;
                        name
                    } else {
                        String::new()
                    };
                    (kind, *pose, p, mesh)
                }
            };
            writeln!(
                scene,
                "{object},static{object},{kind},1,{},{},{},{},{mesh}",
                pose_columns(&pose),
                p[0],
                p[1],
                p[2]
            )?;
            object += 1;
        }
        scene.flush()?;
        let mut out = BufWriter::new(File::create(dir.join("trajectory.csv"))?);
        writeln!(out, "step,time,body,x,y,z,qw,qx,qy,qz")?;
        Ok(Self { out })
    }

    /// Appends the body poses of one step.
    pub fn record(&mut self, step: u64, time: f64, poses: &[Pose]) -> std::io::Result<()> {
        for (i, p) in poses.iter().enumerate() {
            writeln!(self.out, "{step},{time},{i},{}", pose_columns(p))?;
        }
        Ok(())
    }

    /// Flushes the trajectory file.
    pub fn finish(mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}
