//! Reading a trajectory folder (`scene.csv`, `trajectory.csv`, optional `contacts.csv`,
//! OBJ files) as written by `wolfe_sim::trajectory`; the format is
//! `docs/trajectory-format.md`. Columns are found by their header names, so that
//! folders written before the `mass` and `visual` columns and `contacts.csv` existed
//! still read (without masses and contacts).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::error::ViewError;

/// The kind of an object's shape (the `kind` column of `scene.csv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeKind {
    /// Ball: `p0` radius.
    Sphere,
    /// Ellipsoid: semi-axes `p0, p1, p2`.
    Ellipsoid,
    /// Box: half-extents `p0, p1, p2`.
    Box,
    /// Capsule along z: radius `p0`, half-length `p1`.
    Capsule,
    /// Cylinder along z: radius `p0`, half-length `p1`.
    Cylinder,
    /// Cone along z, apex at `+p1`, base disc of radius `p0` at `-p1`.
    Cone,
    /// Convex mesh: its hull in the `mesh` OBJ file.
    Mesh,
    /// A shape inflated by the radius `p0`; drawn from the sampled hull in `mesh`.
    Inflated,
    /// The half-space `z <= 0` of its pose.
    HalfSpace,
}

impl ShapeKind {
    /// Every kind.
    pub const ALL: [ShapeKind; 9] = [
        ShapeKind::Sphere,
        ShapeKind::Ellipsoid,
        ShapeKind::Box,
        ShapeKind::Capsule,
        ShapeKind::Cylinder,
        ShapeKind::Cone,
        ShapeKind::Mesh,
        ShapeKind::Inflated,
        ShapeKind::HalfSpace,
    ];

    /// The name `scene.csv` uses.
    pub fn name(&self) -> &'static str {
        match self {
            ShapeKind::Sphere => "sphere",
            ShapeKind::Ellipsoid => "ellipsoid",
            ShapeKind::Box => "box",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Cylinder => "cylinder",
            ShapeKind::Cone => "cone",
            ShapeKind::Mesh => "mesh",
            ShapeKind::Inflated => "inflated",
            ShapeKind::HalfSpace => "halfspace",
        }
    }
}

/// A triangle mesh read from an OBJ file.
#[derive(Clone, Debug, PartialEq)]
pub struct TriMesh {
    /// Vertex positions, metres.
    pub vertices: Vec<[f64; 3]>,
    /// Triangles as vertex indices, counter-clockwise seen from outside.
    pub triangles: Vec<[u32; 3]>,
}

/// A rigid pose: translation `[x, y, z]` then unit quaternion `[w, x, y, z]`.
pub type PoseArray = [f64; 7];

/// One row of `scene.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneObject {
    /// Its name.
    pub name: String,
    /// Its shape kind.
    pub kind: ShapeKind,
    /// Whether it is static geometry (else a body, indexed as in `trajectory.csv`).
    pub is_static: bool,
    /// A body's shape pose in its body frame, or static geometry's pose in world.
    pub pose: PoseArray,
    /// The shape parameters `p0, p1, p2`.
    pub params: [f64; 3],
    /// The hull of a mesh or inflated shape, in the shape frame.
    pub mesh: Option<TriMesh>,
    /// A body's mass, kg (`None` for static geometry and old folders).
    pub mass: Option<f64>,
    /// A visual mesh in the body frame, drawn in place of the shape.
    pub visual: Option<TriMesh>,
}

/// One contact point of `contacts.csv`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactRecord {
    /// The first object (a `scene.csv` object index: a body or static geometry).
    pub a: usize,
    /// The second object, a body.
    pub b: usize,
    /// The contact point, world frame, metres.
    pub point: [f64; 3],
    /// The unit normal from `a` to `b`.
    pub normal: [f64; 3],
    /// Mean normal force on `b` over the step, N.
    pub normal_force: f64,
    /// Mean tangential (friction) force magnitude on `b` over the step, N.
    pub friction_force: f64,
}

/// One recorded step.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The step index (0: the initial state).
    pub step: u64,
    /// Simulated time, seconds.
    pub time: f64,
    /// The body poses (centre-of-mass frames in world), one per body.
    pub poses: Vec<PoseArray>,
    /// The contacts that carried a force during the step.
    pub contacts: Vec<ContactRecord>,
}

/// A whole trajectory folder.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    /// The objects: the bodies first (indices `0..bodies`), then static geometry.
    pub objects: Vec<SceneObject>,
    /// Number of bodies.
    pub bodies: usize,
    /// The recorded steps in order of time.
    pub frames: Vec<Frame>,
    /// Whether the folder has `contacts.csv` (old folders do not).
    pub has_contacts: bool,
}

/// A CSV file with its columns found by name.
struct Table {
    path: PathBuf,
    reader: csv::Reader<std::fs::File>,
    columns: HashMap<String, usize>,
}

impl Table {
    fn open(path: PathBuf) -> Result<Self, ViewError> {
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .from_path(&path)
            .map_err(|source| ViewError::Csv {
                path: path.clone(),
                source,
            })?;
        let headers = reader.headers().map_err(|source| ViewError::Csv {
            path: path.clone(),
            source,
        })?;
        let columns = headers
            .iter()
            .enumerate()
            .map(|(i, h)| (h.to_string(), i))
            .collect();
        Ok(Self {
            path,
            reader,
            columns,
        })
    }

    fn column(&self, name: &'static str) -> Result<usize, ViewError> {
        self.optional(name).ok_or_else(|| ViewError::MissingColumn {
            path: self.path.clone(),
            column: name,
        })
    }

    fn optional(&self, name: &str) -> Option<usize> {
        self.columns.get(name).copied()
    }

    /// Calls `f` on every data row with its 1-based row number.
    fn rows(&mut self, mut f: impl FnMut(&Row<'_>) -> Result<(), ViewError>) -> Result<(), ViewError> {
        let mut record = csv::StringRecord::new();
        let mut row = 0;
        loop {
            let more = self
                .reader
                .read_record(&mut record)
                .map_err(|source| ViewError::Csv {
                    path: self.path.clone(),
                    source,
                })?;
            if !more {
                return Ok(());
            }
            row += 1;
            f(&Row {
                path: &self.path,
                record: &record,
                row,
            })?;
        }
    }
}

/// One data row of a [`Table`].
struct Row<'a> {
    path: &'a Path,
    record: &'a csv::StringRecord,
    row: usize,
}

impl Row<'_> {
    fn text(&self, column: usize) -> &str {
        self.record.get(column).unwrap_or("")
    }

    fn bad(&self, column: &'static str, index: usize, reason: &'static str) -> ViewError {
        ViewError::BadField {
            path: self.path.to_path_buf(),
            row: self.row,
            column,
            value: self.text(index).to_string(),
            reason,
        }
    }

    fn number(&self, name: &'static str, index: usize) -> Result<f64, ViewError> {
        match self.text(index).parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(self.bad(name, index, "expected a finite number")),
        }
    }

    fn index(&self, name: &'static str, index: usize) -> Result<usize, ViewError> {
        self.text(index)
            .parse::<usize>()
            .map_err(|_| self.bad(name, index, "expected a non-negative integer"))
    }
}

/// The column indices of a pose (`x,y,z,qw,qx,qy,qz` or `nx..` names).
fn pose_columns(table: &Table) -> Result<[(&'static str, usize); 7], ViewError> {
    let names = ["x", "y", "z", "qw", "qx", "qy", "qz"];
    let mut out = [("", 0); 7];
    for (o, n) in out.iter_mut().zip(names) {
        *o = (n, table.column(n)?);
    }
    Ok(out)
}

/// Reads a pose and normalizes its quaternion (a zero quaternion is an error).
fn read_pose(row: &Row<'_>, columns: &[(&'static str, usize); 7]) -> Result<PoseArray, ViewError> {
    let mut p = [0.0; 7];
    for (v, (name, i)) in p.iter_mut().zip(columns) {
        *v = row.number(name, *i)?;
    }
    let norm = (p[3] * p[3] + p[4] * p[4] + p[5] * p[5] + p[6] * p[6]).sqrt();
    if !(norm > 1e-6 && norm.is_finite()) {
        return Err(row.bad("qw", columns[3].1, "the quaternion must be non-zero"));
    }
    for q in &mut p[3..] {
        *q /= norm;
    }
    Ok(p)
}

/// Reads the triangles of an OBJ file (polygons are fanned into triangles).
pub fn read_obj(path: &Path) -> Result<TriMesh, ViewError> {
    let options = tobj::LoadOptions {
        triangulate: true,
        single_index: true,
        ..Default::default()
    };
    let (models, _) = tobj::load_obj(path, &options).map_err(|e| ViewError::Mesh {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    let mut mesh = TriMesh {
        vertices: Vec::new(),
        triangles: Vec::new(),
    };
    for m in models {
        let base = mesh.vertices.len() as u32;
        let p = &m.mesh.positions;
        if p.iter().any(|x| !x.is_finite()) {
            return Err(ViewError::Mesh {
                path: path.to_path_buf(),
                reason: "a vertex coordinate is not finite".into(),
            });
        }
        mesh.vertices
            .extend(p.chunks_exact(3).map(|c| [c[0], c[1], c[2]]));
        mesh.triangles.extend(
            m.mesh
                .indices
                .chunks_exact(3)
                .map(|t| [base + t[0], base + t[1], base + t[2]]),
        );
    }
    if mesh.triangles.is_empty() {
        return Err(ViewError::Mesh {
            path: path.to_path_buf(),
            reason: "no triangles".into(),
        });
    }
    Ok(mesh)
}

fn read_scene(dir: &Path) -> Result<Vec<SceneObject>, ViewError> {
    let mut table = Table::open(dir.join("scene.csv"))?;
    let object = table.column("object")?;
    let name = table.column("name")?;
    let kind = table.column("kind")?;
    let stat = table.column("static")?;
    let pose = pose_columns(&table)?;
    let params = [table.column("p0")?, table.column("p1")?, table.column("p2")?];
    let (mesh, mass, visual) = (
        table.optional("mesh"),
        table.optional("mass"),
        table.optional("visual"),
    );
    let mut objects = Vec::new();
    table.rows(|row| {
        if row.index("object", object)? != objects.len() {
            return Err(row.bad("object", object, "objects must be numbered 0, 1, 2, ... in order"));
        }
        let k = ShapeKind::ALL
            .into_iter()
            .find(|k| k.name() == row.text(kind))
            .ok_or_else(|| row.bad("kind", kind, "unknown shape kind"))?;
        let is_static = match row.text(stat) {
            "0" => false,
            "1" => true,
            _ => return Err(row.bad("static", stat, "expected 0 or 1")),
        };
        let mut p = [0.0; 3];
        for (v, (i, n)) in p.iter_mut().zip(params.iter().zip(["p0", "p1", "p2"])) {
            *v = row.number(n, *i)?;
        }
        let obj_file = |column: Option<usize>| -> Result<Option<TriMesh>, ViewError> {
            match column.map(|c| row.text(c)).filter(|f| !f.is_empty()) {
                None => Ok(None),
                Some(f) if f.contains(['/', '\\']) || f.starts_with('.') => Err(ViewError::BadField {
                    path: row.path.to_path_buf(),
                    row: row.row,
                    column: "mesh",
                    value: f.to_string(),
                    reason: "must name a file beside scene.csv",
                }),
                Some(f) => read_obj(&dir.join(f)).map(Some),
            }
        };
        let m = match mass.map(|c| (c, row.text(c))).filter(|(_, t)| !t.is_empty()) {
            None => None,
            Some((c, _)) => {
                let m = row.number("mass", c)?;
                if m <= 0.0 {
                    return Err(row.bad("mass", c, "expected a positive mass"));
                }
                Some(m)
            }
        };
        objects.push(SceneObject {
            name: row.text(name).to_string(),
            kind: k,
            is_static,
            pose: read_pose(row, &pose)?,
            params: p,
            mesh: obj_file(mesh)?,
            mass: m,
            visual: obj_file(visual)?,
        });
        Ok(())
    })?;
    Ok(objects)
}

fn read_trajectory(dir: &Path, bodies: usize) -> Result<Vec<Frame>, ViewError> {
    let path = dir.join("trajectory.csv");
    let mut table = Table::open(path.clone())?;
    let (step, time, body) = (
        table.column("step")?,
        table.column("time")?,
        table.column("body")?,
    );
    let pose = pose_columns(&table)?;
    let mut frames: Vec<Frame> = Vec::new();
    table.rows(|row| {
        let s = row
            .text(step)
            .parse::<u64>()
            .map_err(|_| row.bad("step", step, "expected a step number"))?;
        let b = row.index("body", body)?;
        if frames.last().is_none_or(|f| f.step != s) {
            if let Some(f) = frames.last() {
                if f.poses.len() != bodies || s < f.step {
                    return Err(row.bad("step", step, "each step needs one row per body, steps in order"));
                }
            }
            frames.push(Frame {
                step: s,
                time: row.number("time", time)?,
                poses: Vec::with_capacity(bodies),
                contacts: Vec::new(),
            });
        }
        let f = frames.last_mut().expect("pushed above");
        if b != f.poses.len() || b >= bodies {
            return Err(row.bad(
                "body",
                body,
                "bodies must be listed 0, 1, 2, ... per step as in scene.csv",
            ));
        }
        f.poses.push(read_pose(row, &pose)?);
        Ok(())
    })?;
    match frames.last() {
        None => Err(ViewError::Inconsistent {
            path,
            reason: "no recorded step".into(),
        }),
        Some(f) if f.poses.len() != bodies => Err(ViewError::Inconsistent {
            path,
            reason: format!("the last step has {} of {bodies} bodies", f.poses.len()),
        }),
        Some(_) => Ok(frames),
    }
}

fn read_contacts(dir: &Path, objects: usize, frames: &mut [Frame]) -> Result<(), ViewError> {
    let mut table = Table::open(dir.join("contacts.csv"))?;
    let step = table.column("step")?;
    let (a, b) = (table.column("a")?, table.column("b")?);
    let point = [table.column("x")?, table.column("y")?, table.column("z")?];
    let normal = [table.column("nx")?, table.column("ny")?, table.column("nz")?];
    let (fnc, ftc) = (table.column("fn")?, table.column("ft")?);
    let by_step: HashMap<u64, usize> = frames.iter().enumerate().map(|(i, f)| (f.step, i)).collect();
    table.rows(|row| {
        let s = row
            .text(step)
            .parse::<u64>()
            .map_err(|_| row.bad("step", step, "expected a step number"))?;
        let Some(&frame) = by_step.get(&s) else {
            return Err(row.bad("step", step, "a step that trajectory.csv does not record"));
        };
        let ia = row.index("a", a)?;
        let ib = row.index("b", b)?;
        if ia >= objects || ib >= objects {
            return Err(row.bad("b", b, "object index out of range"));
        }
        let mut c = ContactRecord {
            a: ia,
            b: ib,
            point: [0.0; 3],
            normal: [0.0; 3],
            normal_force: row.number("fn", fnc)?,
            friction_force: row.number("ft", ftc)?,
        };
        for k in 0..3 {
            c.point[k] = row.number(["x", "y", "z"][k], point[k])?;
            c.normal[k] = row.number(["nx", "ny", "nz"][k], normal[k])?;
        }
        frames[frame].contacts.push(c);
        Ok(())
    })
}

impl Recording {
    /// Reads the trajectory folder `dir`.
    pub fn read(dir: &Path) -> Result<Self, ViewError> {
        let objects = read_scene(dir)?;
        let bodies = objects.iter().take_while(|o| !o.is_static).count();
        if objects[bodies..].iter().any(|o| !o.is_static) {
            return Err(ViewError::Inconsistent {
                path: dir.join("scene.csv"),
                reason: "static geometry must follow the bodies".into(),
            });
        }
        let mut frames = read_trajectory(dir, bodies)?;
        let has_contacts = dir.join("contacts.csv").is_file();
        if has_contacts {
            read_contacts(dir, objects.len(), &mut frames)?;
        }
        Ok(Self {
            objects,
            bodies,
            frames,
            has_contacts,
        })
    }

    /// The world position of body `i`'s shape frame origin in `frame` (the body pose
    /// composed with its shape pose).
    pub fn shape_origin(&self, frame: usize, body: usize) -> [f64; 3] {
        let p = &self.frames[frame].poses[body];
        let local = &self.objects[body].pose;
        let r = rotate(&[p[3], p[4], p[5], p[6]], &[local[0], local[1], local[2]]);
        [p[0] + r[0], p[1] + r[1], p[2] + r[2]]
    }
}

/// `q v q*` for a unit quaternion `q = [w, x, y, z]`.
pub fn rotate(q: &[f64; 4], v: &[f64; 3]) -> [f64; 3] {
    let (w, u) = (q[0], [q[1], q[2], q[3]]);
    let cross = |a: &[f64; 3], b: &[f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let t = cross(&u, v).map(|x| 2.0 * x);
    let c = cross(&u, &t);
    [
        v[0] + w * t[0] + c[0],
        v[1] + w * t[1] + c[1],
        v[2] + w * t[2] + c[2],
    ]
}
