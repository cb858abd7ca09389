//! The trajectory files a viewer plays: plain CSV, one folder per run. The full
//! description (units, frames, what a viewer may assume, how old folders read) is
//! `docs/trajectory-format.md`; in short:
//!
//! - `scene.csv`, one row per object, columns
//!   `object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh,mass,visual`:
//!   `object` is the body index (the link geometries of articulated trees follow the
//!   bodies, static geometry follows them);
//!   `kind` is `sphere`, `ellipsoid`, `box`, `capsule`, `cylinder`, `cone`, `mesh`,
//!   `inflated` or `halfspace`; for a body, the pose columns place the **shape** in the
//!   body frame (the body frame moves, see below); for static geometry they place it in
//!   the world (a half-space is `z <= 0` of that frame). `p0..p2` are the shape's
//!   parameters: sphere radius; ellipsoid semi-axes; box half-extents; capsule,
//!   cylinder and cone radius then half-length (axis z, a cone's apex at +z); an
//!   inflated shape's added radius. `mesh` names an OBJ file beside `scene.csv` holding
//!   the hull of a mesh, or of an inflated shape (sampled from its support function), in
//!   the shape frame. `mass` is a body's mass in kg (empty for static geometry).
//!   `visual` optionally names an OBJ file in the **body** frame that a viewer draws in
//!   place of the collision shape (a robot link's visual mesh; empty when none).
//!   Folders written before `mass` and `visual` existed lack the two columns.
//! - `trajectory.csv`, one row per body per recorded step, columns
//!   `step,time,body,x,y,z,qw,qx,qy,qz`: the body frame (centre of mass) in world,
//!   position in metres and orientation as a unit quaternion. Step 0 is the initial
//!   state. A shape's world pose is the body pose composed with its `scene.csv` pose.
//! - `contacts.csv` (written by [`TrajectoryWriter::record_simulation`]), one row per
//!   contact point that carried a force during a recorded step, columns
//!   `step,time,a,b,x,y,z,nx,ny,nz,fn,ft`: `a` the first object (a `scene.csv` object
//!   index: a body or static geometry), `b` the second (a body); the contact point in
//!   world (metres) and the unit normal from `a` to `b`, both as detected at the step's
//!   start; `fn` and `ft` the mean normal and tangential (friction) force on `b` over the
//!   step, N (SAP impulse / dt; `a` feels the opposite).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use wolfe::{ConvexShape, Pose, Quat, Shape, SupportMap, Vec3};

use crate::step::Simulation;
use crate::world::{Collider, StaticGeometry, World};

/// Writes `scene.csv` (and mesh OBJ files) once, then `trajectory.csv` (and
/// `contacts.csv`) row by row.
#[derive(Debug)]
pub struct TrajectoryWriter {
    out: BufWriter<File>,
    contacts: BufWriter<File>,
    bodies: usize,
    links: usize,
}

/// The seven pose columns `x,y,z,qw,qx,qy,qz` of the trajectory format.
pub fn pose_columns(p: &Pose) -> String {
    let t = p.translation;
    let q = p.rotation.quaternion();
    format!("{},{},{},{},{},{},{}", t.x, t.y, t.z, q.w, q.i, q.j, q.k)
}

/// The `kind` and `p0..p2` columns of `scene.csv` for a shape.
pub fn shape_columns(shape: &Shape) -> (&'static str, [f64; 3]) {
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
        Shape::Capsule(c) => ("capsule", [wolfe::ConvexShape::radius(c), c.half_length(), 0.0]),
        Shape::Cylinder(c) => ("cylinder", [c.disc_radius(), c.half_length(), 0.0]),
        Shape::Cone(c) => ("cone", [c.base_radius(), c.half_length(), 0.0]),
        Shape::ConvexMesh(_) => ("mesh", [0.0; 3]),
        Shape::Inflated(s) => ("inflated", [s.added_radius(), 0.0, 0.0]),
    }
}

/// Writes a mesh's hull as an OBJ file (vertices and triangles), as `scene.csv` names it.
pub fn write_obj(path: &Path, mesh: &wolfe::ConvexMesh) -> std::io::Result<()> {
    let mut f = BufWriter::new(File::create(path)?);
    for v in mesh.vertices() {
        writeln!(f, "v {} {} {}", v.x, v.y, v.z)?;
    }
    for t in mesh.faces() {
        writeln!(f, "f {} {} {}", t[0] + 1, t[1] + 1, t[2] + 1)?;
    }
    f.flush()
}

/// Directions over the sphere (a Fibonacci lattice) at which an inflated shape's
/// support function is sampled for its drawn hull.
const HULL_SAMPLES: usize = 256;

/// The hull of an inflated shape sampled at [`HULL_SAMPLES`] support points
/// `S(d) = S_core(d) + r d` (unit `d`), for drawing (`None` if the hull is degenerate).
fn sampled_hull(shape: &Shape) -> Option<wolfe::ConvexMesh> {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let r = shape.radius();
    let points: Vec<Vec3> = (0..HULL_SAMPLES)
        .map(|k| {
            let z = 1.0 - 2.0 * (k as f64 + 0.5) / HULL_SAMPLES as f64;
            let rho = (1.0 - z * z).sqrt();
            let phi = golden * k as f64;
            let d = Vec3::new(rho * phi.cos(), rho * phi.sin(), z);
            shape.local_support(&d) + r * d
        })
        .collect();
    wolfe::ConvexMesh::from_points(&points).ok()
}

/// Writes the OBJ file a shape needs (meshes: the mesh; inflated shapes: a sampled
/// hull) as `mesh_{object}.obj` and returns its name, or an empty name.
fn shape_obj(dir: &Path, object: usize, shape: &Shape) -> std::io::Result<String> {
    let hull;
    let mesh = match shape {
        Shape::ConvexMesh(m) => m.as_ref(),
        Shape::Inflated(_) => match sampled_hull(shape) {
            Some(m) => {
                hull = m;
                &hull
            }
            None => return Ok(String::new()),
        },
        _ => return Ok(String::new()),
    };
    let name = format!("mesh_{object}.obj");
    write_obj(&dir.join(&name), mesh)?;
    Ok(name)
}

/// The `scene.csv` header.
pub const SCENE_HEADER: &str = "object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh,mass,visual";
/// The `trajectory.csv` header.
pub const TRAJECTORY_HEADER: &str = "step,time,body,x,y,z,qw,qx,qy,qz";
/// The `contacts.csv` header.
pub const CONTACTS_HEADER: &str = "step,time,a,b,x,y,z,nx,ny,nz,fn,ft";

/// A name safe for one CSV field: commas, quotes and line breaks become `_`.
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

impl TrajectoryWriter {
    /// Writes `dir/scene.csv` (and `dir/mesh_N.obj` per mesh or inflated shape) for
    /// `world`, and opens `dir/trajectory.csv` and `dir/contacts.csv` with their headers.
    pub fn create(dir: &Path, world: &World) -> std::io::Result<Self> {
        let mut scene = BufWriter::new(File::create(dir.join("scene.csv"))?);
        writeln!(scene, "{SCENE_HEADER}")?;
        let mut object = 0;
        for b in world.bodies() {
            let (kind, p) = shape_columns(&b.shape);
            let mesh = shape_obj(dir, object, &b.shape)?;
            writeln!(
                scene,
                "{object},{},{kind},0,{},{},{},{},{mesh},{},",
                csv_name(&b.name),
                pose_columns(&b.shape_pose),
                p[0],
                p[1],
                p[2],
                b.mass
            )?;
            object += 1;
        }
        for l in world.links() {
            let (kind, p) = shape_columns(&l.shape);
            let mesh = shape_obj(dir, object, &l.shape)?;
            let mass = world.trees()[l.tree].model.bodies()[l.body].inertia.mass;
            writeln!(
                scene,
                "{object},{},{kind},0,{},{},{},{},{mesh},{mass},",
                csv_name(&l.name),
                pose_columns(&Pose::identity()),
                p[0],
                p[1],
                p[2],
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
                    (kind, *pose, p, shape_obj(dir, object, shape)?)
                }
            };
            writeln!(
                scene,
                "{object},static{object},{kind},1,{},{},{},{},{mesh},,",
                pose_columns(&pose),
                p[0],
                p[1],
                p[2]
            )?;
            object += 1;
        }
        scene.flush()?;
        let mut out = BufWriter::new(File::create(dir.join("trajectory.csv"))?);
        writeln!(out, "{TRAJECTORY_HEADER}")?;
        let mut contacts = BufWriter::new(File::create(dir.join("contacts.csv"))?);
        writeln!(contacts, "{CONTACTS_HEADER}")?;
        Ok(Self {
            out,
            contacts,
            bodies: world.bodies().len(),
            links: world.links().len(),
        })
    }

    /// Appends the body poses of one step (no contacts: see
    /// [`TrajectoryWriter::record_simulation`]).
    pub fn record(&mut self, step: u64, time: f64, poses: &[Pose]) -> std::io::Result<()> {
        for (i, p) in poses.iter().enumerate() {
            writeln!(self.out, "{step},{time},{i},{}", pose_columns(p))?;
        }
        Ok(())
    }

    /// Appends the body poses of `sim` now as step `step`, and the contacts of its last
    /// step that carried a force (a positive normal impulse) with their mean normal and
    /// friction forces (impulse / dt). Before the first step there are none.
    pub fn record_simulation(&mut self, step: u64, sim: &Simulation) -> std::io::Result<()> {
        let time = sim.time();
        self.record(step, time, sim.poses())?;
        let world = sim.world();
        for (g, l) in world.links().iter().enumerate() {
            let pose = world.link_pose(g, &sim.tree_placements(l.tree)[l.body]);
            writeln!(
                self.out,
                "{step},{time},{},{}",
                self.bodies + g,
                pose_columns(&pose)
            )?;
        }
        let dt = sim.settings().time_step;
        for (c, g) in sim.contacts().iter().zip(sim.contact_impulses()) {
            if g.z <= 0.0 {
                continue;
            }
            let object = |c: Collider| match c {
                Collider::Body(i) => i,
                Collider::Link(g) => self.bodies + g,
                Collider::Static(k) => self.bodies + self.links + k,
            };
            let (a, b) = (object(c.a), object(c.b));
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
            )?;
        }
        Ok(())
    }

    /// Flushes the trajectory and contact files.
    pub fn finish(mut self) -> std::io::Result<()> {
        self.contacts.flush()?;
        self.out.flush()
    }
}
