//! Reading a trajectory folder (`scene.csv`, `trajectory.csv`, optional `contacts.csv`
//! and `patches.csv`, OBJ files); the format is `docs/trajectory-format.md`. Columns are
//! found by their header names (unknown columns are ignored), so that folders written
//! before the `mass` and `visual` columns, `contacts.csv` and `patches.csv` existed
//! still read (without masses, contacts and patches). Every bad field is a
//! [`TrajectoryError::BadField`] naming its file, line and column.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::error::TrajectoryError;
use crate::format::{rotate, PoseArray, ShapeKind, CONTACTS_FILE, PATCHES_FILE, SCENE_FILE, TRAJECTORY_FILE};
use crate::obj::{read_obj, TriMesh};

/// How far from 1 a quaternion's norm may be and still be taken as written: the files
/// hold unit quaternions in shortest round-trip digits, which read back exactly; one
/// further off (hand-written, rounded) is normalized.
pub const UNIT_TOLERANCE: f64 = 1e-12;

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

/// One polygon of a contact patch (`patches.csv`): a flat piece of the contact surface
/// of two objects in pressure-field (hydroelastic) contact, with the pressure at its
/// centroid. The same value is written ([`crate::TrajectoryWriter::patch`]) and read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PatchRecord {
    /// The first object (a `scene.csv` object index).
    pub a: usize,
    /// The second object (the polygon's normal points from `a` into `b`).
    pub b: usize,
    /// The pressure at the polygon's centroid, Pa (`>= 0`).
    pub pressure: f64,
    /// The polygon's area, m^2 (`>= 0`).
    pub area: f64,
    /// Its vertices in the world, m, in cyclic order (at least 3).
    pub vertices: Vec<[f64; 3]>,
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
    /// The contact patches' polygons of the step (empty without `patches.csv`).
    pub patches: Vec<PatchRecord>,
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
    /// Whether the folder has `patches.csv` (only runs with pressure-field contact).
    pub has_patches: bool,
}

/// A CSV file with its columns found by name.
struct Table {
    path: PathBuf,
    reader: csv::Reader<std::fs::File>,
    columns: HashMap<String, usize>,
}

impl Table {
    fn open(path: PathBuf) -> Result<Self, TrajectoryError> {
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .from_path(&path)
            .map_err(|source| TrajectoryError::Csv {
                path: path.clone(),
                source,
            })?;
        let headers = reader.headers().map_err(|source| TrajectoryError::Csv {
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

    fn column(&self, name: &'static str) -> Result<usize, TrajectoryError> {
        self.optional(name).ok_or_else(|| TrajectoryError::MissingColumn {
            path: self.path.clone(),
            column: name,
        })
    }

    fn optional(&self, name: &str) -> Option<usize> {
        self.columns.get(name).copied()
    }

    /// Calls `f` on every data row.
    fn rows(
        &mut self, mut f: impl FnMut(&Row<'_>) -> Result<(), TrajectoryError>,
    ) -> Result<(), TrajectoryError> {
        let mut record = csv::StringRecord::new();
        loop {
            let more = self
                .reader
                .read_record(&mut record)
                .map_err(|source| TrajectoryError::Csv {
                    path: self.path.clone(),
                    source,
                })?;
            if !more {
                return Ok(());
            }
            f(&Row {
                path: &self.path,
                record: &record,
                line: record.position().map_or(0, |p| p.line()),
            })?;
        }
    }
}

/// One data row of a [`Table`].
struct Row<'a> {
    path: &'a Path,
    record: &'a csv::StringRecord,
    /// The 1-based line of the file the row starts on.
    line: u64,
}

impl Row<'_> {
    /// The frame (index in `by_step`, keyed by step number) of the step in `column`.
    fn frame(&self, column: usize, by_step: &HashMap<u64, usize>) -> Result<usize, TrajectoryError> {
        let s = self
            .text(column)
            .parse::<u64>()
            .map_err(|_| self.bad("step", column, "expected a step number"))?;
        by_step
            .get(&s)
            .copied()
            .ok_or_else(|| self.bad("step", column, "a step that trajectory.csv does not record"))
    }

    fn text(&self, column: usize) -> &str {
        self.record.get(column).unwrap_or("")
    }

    fn bad(&self, column: &'static str, index: usize, reason: &'static str) -> TrajectoryError {
        TrajectoryError::BadField {
            path: self.path.to_path_buf(),
            line: self.line,
            column,
            value: self.text(index).to_string(),
            reason,
        }
    }

    fn number(&self, name: &'static str, index: usize) -> Result<f64, TrajectoryError> {
        match self.text(index).parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(self.bad(name, index, "expected a finite number")),
        }
    }

    fn index(&self, name: &'static str, index: usize) -> Result<usize, TrajectoryError> {
        self.text(index)
            .parse::<usize>()
            .map_err(|_| self.bad(name, index, "expected a non-negative integer"))
    }
}

/// The column indices of a pose (`x,y,z,qw,qx,qy,qz`).
fn pose_columns(table: &Table) -> Result<[(&'static str, usize); 7], TrajectoryError> {
    let names = ["x", "y", "z", "qw", "qx", "qy", "qz"];
    let mut out = [("", 0); 7];
    for (o, n) in out.iter_mut().zip(names) {
        *o = (n, table.column(n)?);
    }
    Ok(out)
}

/// Reads a pose: a zero quaternion is an error, one within [`UNIT_TOLERANCE`] of unit
/// norm is kept as written, any other normalized.
fn read_pose(row: &Row<'_>, columns: &[(&'static str, usize); 7]) -> Result<PoseArray, TrajectoryError> {
    let mut p = [0.0; 7];
    for (v, (name, i)) in p.iter_mut().zip(columns) {
        *v = row.number(name, *i)?;
    }
    let norm = (p[3] * p[3] + p[4] * p[4] + p[5] * p[5] + p[6] * p[6]).sqrt();
    if !(norm > 1e-6 && norm.is_finite()) {
        return Err(row.bad("qw", columns[3].1, "the quaternion must be non-zero"));
    }
    if (norm - 1.0).abs() > UNIT_TOLERANCE {
        for q in &mut p[3..] {
            *q /= norm;
        }
    }
    Ok(p)
}

fn read_scene(dir: &Path) -> Result<Vec<SceneObject>, TrajectoryError> {
    let mut table = Table::open(dir.join(SCENE_FILE))?;
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
        let k = ShapeKind::from_name(row.text(kind))
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
        let obj_file = |name: &'static str,
                        column: Option<usize>|
         -> Result<Option<TriMesh>, TrajectoryError> {
            match column.map(|c| row.text(c)).filter(|f| !f.is_empty()) {
                None => Ok(None),
                Some(f) if f.contains(['/', '\\']) || f.starts_with('.') => Err(TrajectoryError::BadField {
                    path: row.path.to_path_buf(),
                    line: row.line,
                    column: name,
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
            mesh: obj_file("mesh", mesh)?,
            mass: m,
            visual: obj_file("visual", visual)?,
        });
        Ok(())
    })?;
    Ok(objects)
}

fn read_trajectory(dir: &Path, bodies: usize) -> Result<Vec<Frame>, TrajectoryError> {
    let path = dir.join(TRAJECTORY_FILE);
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
                patches: Vec::new(),
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
        None => Err(TrajectoryError::Inconsistent {
            path,
            reason: "no recorded step".into(),
        }),
        Some(f) if f.poses.len() != bodies => Err(TrajectoryError::Inconsistent {
            path,
            reason: format!("the last step has {} of {bodies} bodies", f.poses.len()),
        }),
        Some(_) => Ok(frames),
    }
}

fn read_contacts(dir: &Path, objects: usize, frames: &mut [Frame]) -> Result<(), TrajectoryError> {
    let mut table = Table::open(dir.join(CONTACTS_FILE))?;
    let step = table.column("step")?;
    let (a, b) = (table.column("a")?, table.column("b")?);
    let point = [table.column("x")?, table.column("y")?, table.column("z")?];
    let normal = [table.column("nx")?, table.column("ny")?, table.column("nz")?];
    let (fnc, ftc) = (table.column("fn")?, table.column("ft")?);
    let by_step: HashMap<u64, usize> = frames.iter().enumerate().map(|(i, f)| (f.step, i)).collect();
    table.rows(|row| {
        let frame = row.frame(step, &by_step)?;
        let ia = row.index("a", a)?;
        if ia >= objects {
            return Err(row.bad("a", a, "object index out of range"));
        }
        let ib = row.index("b", b)?;
        if ib >= objects {
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

/// The polygon being read: its frame, its number within the step and the line its
/// first row is on.
#[derive(Clone, Copy)]
struct OpenPolygon {
    frame: usize,
    polygon: usize,
    line: u64,
}

/// Reads `patches.csv`: one row per vertex, a polygon's rows together, polygons
/// numbered 0, 1, 2, ... within their step, steps in order; every row of a polygon
/// repeats its objects, pressure and area.
fn read_patches(dir: &Path, objects: usize, frames: &mut [Frame]) -> Result<(), TrajectoryError> {
    let path = dir.join(PATCHES_FILE);
    let mut table = Table::open(path.clone())?;
    let (step, polygon) = (table.column("step")?, table.column("polygon")?);
    let (a, b) = (table.column("a")?, table.column("b")?);
    let (pressure, area) = (table.column("pressure")?, table.column("area")?);
    let point = [table.column("x")?, table.column("y")?, table.column("z")?];
    let by_step: HashMap<u64, usize> = frames.iter().enumerate().map(|(i, f)| (f.step, i)).collect();
    let too_few = |frames: &[Frame], open: OpenPolygon| {
        let n = frames[open.frame].patches[open.polygon].vertices.len();
        (n < 3).then(|| TrajectoryError::BadField {
            path: path.clone(),
            line: open.line,
            column: "polygon",
            value: open.polygon.to_string(),
            reason: "a polygon needs at least 3 vertices (rows)",
        })
    };
    let mut open: Option<OpenPolygon> = None;
    table.rows(|row| {
        let frame = row.frame(step, &by_step)?;
        let k = row.index("polygon", polygon)?;
        let object = |name: &'static str, column: usize| -> Result<usize, TrajectoryError> {
            let i = row.index(name, column)?;
            if i >= objects {
                return Err(row.bad(name, column, "object index out of range"));
            }
            Ok(i)
        };
        let non_negative =
            |name: &'static str, column: usize, reason: &'static str| -> Result<f64, TrajectoryError> {
                let v = row.number(name, column)?;
                if v < 0.0 {
                    return Err(row.bad(name, column, reason));
                }
                Ok(v)
            };
        let (ia, ib) = (object("a", a)?, object("b", b)?);
        let p = non_negative("pressure", pressure, "expected a non-negative pressure")?;
        let ar = non_negative("area", area, "expected a non-negative area")?;
        let mut vertex = [0.0; 3];
        for (k, v) in vertex.iter_mut().enumerate() {
            *v = row.number(["x", "y", "z"][k], point[k])?;
        }
        if let Some(o) = open.filter(|o| o.frame == frame && o.polygon == k) {
            // Another vertex of the open polygon: its fields must repeat the first row's.
            let poly = &mut frames[o.frame].patches[o.polygon];
            let same = [
                (ia == poly.a, "a", a),
                (ib == poly.b, "b", b),
                (p.to_bits() == poly.pressure.to_bits(), "pressure", pressure),
                (ar.to_bits() == poly.area.to_bits(), "area", area),
            ];
            for (equal, name, column) in same {
                if !equal {
                    return Err(row.bad(name, column, "differs from the polygon's first row"));
                }
            }
            poly.vertices.push(vertex);
            return Ok(());
        }
        if let Some(err) = open.and_then(|o| too_few(frames, o)) {
            return Err(err);
        }
        let next = match open {
            Some(o) if o.frame == frame => o.polygon + 1,
            Some(o) if frame < o.frame || !frames[frame].patches.is_empty() => {
                return Err(row.bad("step", step, "steps must be in order, each step's rows together"));
            }
            _ => 0,
        };
        if k != next {
            return Err(row.bad(
                "polygon",
                polygon,
                "polygons must be numbered 0, 1, 2, ... per step, each one's rows together",
            ));
        }
        frames[frame].patches.push(PatchRecord {
            a: ia,
            b: ib,
            pressure: p,
            area: ar,
            vertices: vec![vertex],
        });
        open = Some(OpenPolygon {
            frame,
            polygon: k,
            line: row.line,
        });
        Ok(())
    })?;
    match open.and_then(|o| too_few(frames, o)) {
        Some(err) => Err(err),
        None => Ok(()),
    }
}

impl Recording {
    /// Reads the trajectory folder `dir`.
    pub fn read(dir: &Path) -> Result<Self, TrajectoryError> {
        let objects = read_scene(dir)?;
        let bodies = objects.iter().take_while(|o| !o.is_static).count();
        if objects[bodies..].iter().any(|o| !o.is_static) {
            return Err(TrajectoryError::Inconsistent {
                path: dir.join(SCENE_FILE),
                reason: "static geometry must follow the bodies".into(),
            });
        }
        let mut frames = read_trajectory(dir, bodies)?;
        let has_contacts = dir.join(CONTACTS_FILE).is_file();
        if has_contacts {
            read_contacts(dir, objects.len(), &mut frames)?;
        }
        let has_patches = dir.join(PATCHES_FILE).is_file();
        if has_patches {
            read_patches(dir, objects.len(), &mut frames)?;
        }
        Ok(Self {
            objects,
            bodies,
            frames,
            has_contacts,
            has_patches,
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
