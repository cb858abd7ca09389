//! The trajectory files a viewer plays (`scene.csv`, `trajectory.csv`, `contacts.csv`,
//! `patches.csv` for runs with hydroelastic contact, mesh OBJ files; one folder per
//! run), written through the format's one module, [`wolfe_trajectory`] (described in
//! full in `docs/trajectory-format.md`). This adapter maps a [`World`] to the scene (its
//! rigid bodies, then its link geometries, then its static geometry in order: static
//! geometry `k` is object `bodies + links + k`) and a [`Simulation`]'s state to frames.

use std::path::Path;

use wolfe::{ConvexMesh, Geometry, Pose, Shape};
use wolfe_trajectory::obj::{sampled_hull, shape_mesh};
use wolfe_trajectory::{Body, ContactRecord, PatchRecord, SceneWriter, TriMesh};

use crate::step::Simulation;
use crate::world::{Collider, StaticGeometry, World};

/// The drawn surface of a geometry in the frame where `pose` places its own: a mesh's
/// triangles as given; a compound's parts, each a convex shape drawn by its hull
/// (sampled for curved primitives: [`sampled_hull`]) at its pose; a convex shape's
/// likewise.
fn geometry_mesh(g: &Geometry, pose: &Pose) -> TriMesh {
    let mut out = TriMesh {
        vertices: Vec::new(),
        triangles: Vec::new(),
    };
    let mut push = |mesh: &TriMesh, at: &Pose| {
        let base = out.vertices.len() as u32;
        out.vertices.extend(mesh.vertices.iter().map(|v| {
            let p = at.transform_point(&wolfe::Vec3::new(v[0], v[1], v[2]));
            [p.x, p.y, p.z]
        }));
        out.triangles
            .extend(mesh.triangles.iter().map(|t| t.map(|i| i + base)));
    };
    let convex = |s: &Shape| shape_mesh(s).or_else(|| sampled_hull(s).map(|m| TriMesh::from_convex_mesh(&m)));
    match g {
        Geometry::Convex(s) => {
            if let Some(m) = convex(s) {
                push(&m, pose);
            }
        }
        Geometry::Compound(c) => {
            for part in c.parts() {
                if let Some(m) = convex(&part.shape) {
                    push(&m, &pose.compose(&part.pose));
                }
            }
        }
        Geometry::TriMesh(m) => {
            let mesh = TriMesh {
                vertices: m.vertices().iter().map(|v| [v.x, v.y, v.z]).collect(),
                triangles: m.triangles().to_vec(),
            };
            push(&mesh, pose);
        }
    }
    out
}

/// The hull of a drawn surface, as the collision-shape column of a composite body's
/// row (its real surface is the row's visual mesh).
fn hull_of(mesh: &TriMesh, name: &str) -> std::io::Result<Shape> {
    let points: Vec<wolfe::Vec3> = mesh
        .vertices
        .iter()
        .map(|v| wolfe::Vec3::new(v[0], v[1], v[2]))
        .collect();
    ConvexMesh::from_points(&points)
        .map(|m| Shape::ConvexMesh(m.into()))
        .map_err(|e| std::io::Error::other(format!("body `{name}`: no hull to draw: {e}")))
}

/// Writes `scene.csv` (and mesh OBJ files) once, then `trajectory.csv` (and
/// `contacts.csv`, and `patches.csv` once there are contact patches) step by step.
#[derive(Debug)]
pub struct TrajectoryWriter {
    writer: wolfe_trajectory::TrajectoryWriter,
    /// Rigid bodies and link geometries of the world.
    bodies: usize,
    links: usize,
    /// A frame's poses: the bodies', then the links'.
    frame: Vec<Pose>,
    /// One patch polygon's row data, its vertex buffer reused from polygon to polygon.
    patch: PatchRecord,
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
            let (shape, visual) = match &b.shape {
                Geometry::Convex(s) => (s.clone(), None),
                g => {
                    let visual = geometry_mesh(g, &b.shape_pose);
                    (hull_of(&visual, &b.name)?, Some(visual))
                }
            };
            scene.body(&Body {
                name: &b.name,
                shape: &shape,
                shape_pose: b.shape_pose,
                mass: Some(b.mass),
                visual: visual.as_ref(),
            })?;
        }
        for l in world.links() {
            let mass = world.trees()[l.tree].model.bodies()[l.body].inertia.mass;
            scene.body(&Body {
                name: &l.name,
                shape: &l.shape,
                shape_pose: Pose::identity(),
                mass: Some(mass),
                visual: None,
            })?;
        }
        for s in world.statics() {
            let name = format!("static{}", scene.next_object());
            match s {
                StaticGeometry::HalfSpace(h, _) => scene.half_space(&name, h)?,
                StaticGeometry::Shape(shape, pose, _) => scene.static_shape(&name, shape, pose)?,
                StaticGeometry::Composite(Geometry::Convex(shape), pose, _) => {
                    scene.static_shape(&name, shape, pose)?
                }
                StaticGeometry::Composite(g, pose, _) => {
                    scene.static_mesh(&name, &geometry_mesh(g, &Pose::identity()), pose)?
                }
            };
        }
        Ok(Self {
            writer: scene.finish()?,
            bodies: world.bodies().len(),
            links: world.links().len(),
            frame: Vec::new(),
            patch: PatchRecord::default(),
        })
    }

    /// Appends the poses of one step: the rigid bodies', then (for worlds with
    /// articulated trees) the link geometries' world poses (no contacts: see
    /// [`TrajectoryWriter::record_simulation`]).
    pub fn record(&mut self, step: u64, time: f64, poses: &[Pose]) -> std::io::Result<()> {
        Ok(self.writer.frame(step, time, poses)?)
    }

    /// Appends the body and link poses of `sim` now as step `step`, the contacts of its
    /// last step that carried a force (a positive normal impulse) with their mean normal
    /// and friction forces (impulse / dt), and the polygons of its last step's contact
    /// patches as detected at the step's start ([`Simulation::contact_patches`]:
    /// hydroelastic pairs only; the first one creates `patches.csv`) with their pressure
    /// and area. Before the first step there are none.
    pub fn record_simulation(&mut self, step: u64, sim: &Simulation) -> std::io::Result<()> {
        let time = sim.time();
        let world = sim.world();
        let mut frame = std::mem::take(&mut self.frame);
        frame.clear();
        frame.extend_from_slice(sim.poses());
        for (g, l) in world.links().iter().enumerate() {
            frame.push(world.link_pose(g, &sim.tree_placements(l.tree)[l.body]));
        }
        let written = self.record(step, time, &frame);
        self.frame = frame;
        written?;
        let dt = sim.settings().time_step;
        let (bodies, links) = (self.bodies, self.links);
        let object = |c: Collider| match c {
            Collider::Body(i) => i,
            Collider::Link(g) => bodies + g,
            Collider::Static(k) => bodies + links + k,
        };
        for (c, g) in sim.contacts().iter().zip(sim.contact_impulses()) {
            if g.z <= 0.0 {
                continue;
            }
            let record = ContactRecord {
                a: object(c.a),
                b: object(c.b),
                point: c.point.into(),
                normal: c.normal.into(),
                normal_force: g.z / dt,
                friction_force: g.x.hypot(g.y) / dt,
            };
            self.writer.contact(step, time, &record)?;
        }
        // Before the first step the patches are those of the initial overlap check (at
        // this frame's pose, not at a step's start) and no impulses exist: like the
        // contacts, none are written. After a step without contacts there are none.
        if sim.contact_impulses().is_empty() {
            return Ok(());
        }
        let patches = sim.contact_patches();
        for p in &patches.polygons {
            let record = &mut self.patch;
            record.a = object(p.a);
            record.b = object(p.b);
            // The field is >= 0 inside the geometry: a centroid pressure below 0 is
            // rounding, which the format (pressure >= 0) must not refuse a run for.
            record.pressure = p.polygon.pressure.max(0.0);
            record.area = p.polygon.area;
            record.vertices.clear();
            record
                .vertices
                .extend(patches.vertices_of(p).iter().map(|v| [v.x, v.y, v.z]));
            self.writer.patch(step, time, record)?;
        }
        Ok(())
    }

    /// Flushes the trajectory, contact and patch files.
    pub fn finish(self) -> std::io::Result<()> {
        Ok(self.writer.finish()?)
    }
}
