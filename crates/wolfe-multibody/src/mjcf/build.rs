//! From the element tree to the model: the body tree, joints, inertias, geoms, sites.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use wolfe::ConvexMesh;

use super::defaults::{Compiler, Defaults, FromGeom};
use super::eig3::as_mujoco;
use super::frames::frame;
use super::inertia::{MeshInertia, TriMesh, UnitInertia};
use super::xml::{bad, El};
use super::{Mjcf, MjcfBody, MjcfGeom, MjcfJoint, MjcfOptions, MjcfSite};
use crate::error::MjcfError;
use crate::joint::{Joint, JointKind, JointLimits};
use crate::model::{validate_inertia, Model};
use crate::spatial::{Mat3, Se3, SpatialInertia, Vec3};
use crate::urdf::{CollisionGeometry, Mimic, Robot, VisualGeometry};

/// Top-level elements ignored with a note (they do not change the dynamics).
const IGNORED_TOP: [&str; 4] = ["visual", "statistic", "sensor", "size"];

/// MuJoCo's `mjEPS`: geoms lighter than this do not enter a body's inertia.
const MJ_EPS: f64 = 1e-14;

/// A loaded mesh's cache key: its file and scale (bits).
pub(super) type MeshKey = (PathBuf, [u64; 3]);

/// A `<mesh>` asset.
pub(super) struct MeshAsset {
    pub path: PathBuf,
    pub scale: [f64; 3],
    pub rule: MeshInertia,
}

/// A mesh file read once per (path, scale), with what was derived from it.
pub(super) struct LoadedMesh {
    pub tri: TriMesh,
    pub hull: Option<Arc<ConvexMesh>>,
    pub unit: HashMap<MeshInertia, UnitInertia>,
}

/// Where an MJCF body's frame is: its model body (`None`: the world) and placement.
#[derive(Clone, Copy)]
pub(super) struct Place {
    pub body: Option<usize>,
    pub offset: Se3,
    /// The MJCF parent is the world body.
    pub world_child: bool,
}

/// What the children of an element (the world body or a body) see: its MJCF body
/// (`None`: the world body), where its frame is, the `childclass` in force, and whether
/// it is the world body.
#[derive(Clone, Copy)]
pub(super) struct Scope<'a> {
    pub mjcf_body: Option<usize>,
    pub place: Place,
    pub cc: Option<&'a str>,
    pub world: bool,
}

pub(super) struct Builder {
    pub compiler: Compiler,
    pub defaults: Arc<Defaults>,
    pub options: MjcfOptions,
    pub model: Model,
    pub out_bodies: Vec<MjcfBody>,
    pub joints: Vec<MjcfJoint>,
    pub geoms: Vec<MjcfGeom>,
    pub sites: Vec<MjcfSite>,
    pub collision: Vec<CollisionGeometry>,
    pub visual: Vec<VisualGeometry>,
    pub qpos0: Vec<f64>,
    pub notes: Vec<String>,
    pub(super) meshes: HashMap<String, MeshAsset>,
    pub(super) loaded: HashMap<MeshKey, LoadedMesh>,
    names: HashSet<(&'static str, String)>,
}

/// Builds the model of a parsed document.
pub(super) fn build(root: &El, dir: &Path, options: MjcfOptions) -> Result<Mjcf, MjcfError> {
    let mut notes = Vec::new();
    let compiler = Compiler::new(root, dir, &mut notes)?;
    let defaults = Defaults::new(root)?;
    let mut b = Builder {
        compiler,
        defaults: Arc::new(defaults),
        options,
        model: Model::new(root.attr("model").unwrap_or("mjcf")),
        out_bodies: Vec::new(),
        joints: Vec::new(),
        geoms: Vec::new(),
        sites: Vec::new(),
        collision: Vec::new(),
        visual: Vec::new(),
        qpos0: Vec::new(),
        notes,
        meshes: HashMap::new(),
        loaded: HashMap::new(),
        names: HashSet::new(),
    };
    b.top_level(root)?;
    for wb in root.children_named("worldbody") {
        b.world(wb)?;
    }
    b.model.check_masses()?;
    let extras = b.extras(root)?;
    let file_order = (0..b.model.bodies().len()).collect();
    // Couplings of two joints are the robot's mimic relations (what a simulator
    // enforces); one that holds a joint at a constant stays in `couplings` only.
    let mimics = extras
        .couplings
        .iter()
        .filter_map(|c| {
            c.source.as_ref().map(|s| Mimic {
                joint: c.joint.clone(),
                source: s.clone(),
                multiplier: c.multiplier,
                offset: c.offset,
            })
        })
        .collect();
    Ok(Mjcf {
        robot: Robot {
            model: b.model,
            collision: b.collision,
            visual: b.visual,
            file_order,
            mimics,
            base_dir: dir.to_path_buf(),
        },
        bodies: b.out_bodies,
        joints: b.joints,
        geoms: b.geoms,
        sites: b.sites,
        actuators: extras.actuators,
        couplings: extras.couplings,
        excludes: extras.excludes,
        pairs: extras.pairs,
        qpos0: b.qpos0,
        keyframe: extras.keyframe,
        custom_texts: extras.custom_texts,
        notes: b.notes,
    })
}

impl Builder {
    /// Checks the top-level elements, reads `<option>` and `<asset>`.
    fn top_level(&mut self, root: &El) -> Result<(), MjcfError> {
        for el in &root.children {
            match el.tag.as_str() {
                "compiler" | "default" | "worldbody" | "contact" | "equality" | "actuator" | "keyframe"
                | "custom" => {}
                "option" => self.option(el)?,
                "asset" => self.assets(el)?,
                "tendon" if el.children.is_empty() => {}
                t if IGNORED_TOP.contains(&t) => self.notes.push(format!("{}: ignored", el.loc())),
                _ => {
                    return Err(MjcfError::Unsupported {
                        element: el.loc(),
                        what: "element".into(),
                    })
                }
            }
        }
        Ok(())
    }

    fn option(&mut self, el: &El) -> Result<(), MjcfError> {
        for (k, v) in &el.attrs {
            if k == "gravity" {
                self.model.gravity = Vec3::from(super::xml::numbers::<3>(el, k, v)?);
            } else {
                self.notes
                    .push(format!("{}: '{k}' ignored (simulator setting)", el.loc()));
            }
        }
        for c in &el.children {
            if c.tag == "flag" && c.attr("gravity") == Some("disable") {
                self.model.gravity = Vec3::zeros();
            }
            self.notes
                .push(format!("{}: ignored apart from a gravity flag", c.loc()));
        }
        Ok(())
    }

    fn assets(&mut self, el: &El) -> Result<(), MjcfError> {
        for m in &el.children {
            match m.tag.as_str() {
                "mesh" => {}
                "material" | "texture" => continue,
                _ => {
                    self.notes.push(format!(
                        "{}: asset ignored (unused unless a geom names it)",
                        m.loc()
                    ));
                    continue;
                }
            }
            let a = self.defaults.attrs(m, None)?;
            for k in ["vertex", "face", "refpos", "refquat", "content_type"] {
                if m.attr(k).is_some() {
                    return Err(MjcfError::Unsupported {
                        element: m.loc(),
                        what: format!("mesh attribute '{k}'"),
                    });
                }
            }
            let file = a.get("file").ok_or_else(|| MjcfError::Missing {
                element: m.loc(),
                attribute: "file".into(),
            })?;
            let path = self.compiler.meshdir.join(file);
            let name = match m.attr("name") {
                Some(n) => n.to_string(),
                None => Path::new(file)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            };
            let rule = match a.get("inertia").unwrap_or("legacy") {
                "legacy" => MeshInertia::Legacy,
                "exact" => MeshInertia::Exact,
                "convex" => MeshInertia::Convex,
                other => {
                    return Err(MjcfError::Unsupported {
                        element: m.loc(),
                        what: format!("mesh inertia '{other}' (legacy, exact and convex are supported)"),
                    })
                }
            };
            let scale = a.vec_or::<3>("scale", [1.0; 3])?;
            self.unique(m, "mesh", &name)?;
            self.meshes.insert(name, MeshAsset { path, scale, rule });
        }
        Ok(())
    }

    /// Errors on a second element of `kind` called `name`.
    fn unique(&mut self, el: &El, kind: &'static str, name: &str) -> Result<(), MjcfError> {
        if !self.names.insert((kind, name.to_string())) {
            return Err(MjcfError::Duplicate {
                element: el.loc(),
                kind,
                name: name.to_string(),
            });
        }
        Ok(())
    }

    fn world(&mut self, wb: &El) -> Result<(), MjcfError> {
        let place = Place {
            body: None,
            offset: Se3::identity(),
            world_child: true,
        };
        let cc = wb.attr("childclass");
        let scope = Scope {
            mjcf_body: None,
            place,
            cc,
            world: true,
        };
        self.contents(wb, scope)?;
        Ok(())
    }

    /// Geoms, sites and child bodies of `el` (the world body or a body) in `scope`.
    fn contents(&mut self, el: &El, scope: Scope<'_>) -> Result<(), MjcfError> {
        let Scope { place, cc, world, .. } = scope;
        for c in &el.children {
            match c.tag.as_str() {
                "geom" => self.geom(c, scope)?,
                "site" => self.site(c, place, cc)?,
                "body" => {
                    let child_place = Place {
                        world_child: world,
                        ..place
                    };
                    self.body(c, child_place, cc)?
                }
                "joint" | "freejoint" | "inertial" => {}
                "camera" | "light" => {}
                _ => {
                    return Err(MjcfError::Unsupported {
                        element: c.loc(),
                        what: "element inside a body".into(),
                    })
                }
            }
        }
        Ok(())
    }

    fn body(&mut self, el: &El, parent: Place, inherited: Option<&str>) -> Result<(), MjcfError> {
        let a = self.defaults.attrs(el, None)?;
        let x_t = frame(&a, &self.compiler)?;
        if el.attr("mocap") == Some("true") || a.f64_or("gravcomp", 0.0)? != 0.0 {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: "mocap bodies and gravity compensation".into(),
            });
        }
        let cc = match el.attr("childclass") {
            Some(c) if !self.defaults.has_class(c) => {
                return Err(MjcfError::UnknownName {
                    element: el.loc(),
                    kind: "default class",
                    name: c.to_string(),
                })
            }
            Some(c) => Some(c),
            None => inherited,
        };
        let name = el
            .attr("name")
            .map(str::to_string)
            .unwrap_or_else(|| format!("body{}", self.out_bodies.len() + 1));
        self.unique(el, "body", &name)?;
        let own = self.body_inertia(el, cc)?;
        validate_inertia(&name, &own)?;
        let place = self.joints_of(el, &name, parent, x_t, own, cc)?;
        let index = self.out_bodies.len();
        self.out_bodies.push(MjcfBody {
            name: name.clone(),
            model_body: place.body,
            placement: place.offset,
            mass: own.mass,
            com: own.com(),
            inertia: own.inertia_com(),
        });
        let named = place
            .body
            .map(|b| self.model.bodies()[b].name == name)
            .unwrap_or(false);
        if !(named && place.offset == Se3::identity()) {
            self.model.add_frame(name, place.body, place.offset)?;
        }
        let scope = Scope {
            mjcf_body: Some(index),
            place,
            cc,
            world: false,
        };
        self.contents(el, scope)
    }

    /// Adds the model bodies of `el`'s joints (none: welded to the parent) and returns
    /// where the MJCF body's frame is.
    fn joints_of(
        &mut self, el: &El, name: &str, parent: Place, x_t: Se3, own: SpatialInertia, cc: Option<&str>,
    ) -> Result<Place, MjcfError> {
        let joints: Vec<&El> = el
            .children
            .iter()
            .filter(|c| c.tag == "joint" || c.tag == "freejoint")
            .collect();
        let frame_in_parent = parent.offset.compose(&x_t);
        if joints.is_empty() {
            if let Some(b) = parent.body {
                self.model.bodies[b].inertia += own.transformed(&frame_in_parent);
            }
            return Ok(Place {
                body: parent.body,
                offset: frame_in_parent,
                world_child: false,
            });
        }
        let mut cur = parent.body;
        let mut prev: Option<Vec3> = None;
        for (k, j) in joints.iter().enumerate() {
            let d = Arc::clone(&self.defaults);
            let a = d.attrs(j, cc)?;
            let kind = if j.tag == "freejoint" {
                "free"
            } else {
                a.get("type").unwrap_or("hinge")
            };
            let jname = j
                .attr("name")
                .map(str::to_string)
                .unwrap_or_else(|| format!("{name}_joint{k}"));
            self.unique(j, "joint", &jname)?;
            let p = Vec3::from(a.vec_or::<3>("pos", [0.0; 3])?);
            let last = k + 1 == joints.len();
            if kind == "free" {
                if !parent.world_child || joints.len() != 1 || p != Vec3::zeros() {
                    return Err(MjcfError::Unsupported {
                        element: j.loc(),
                        what:
                            "a free joint must be the only joint of a child of the world body, at its origin"
                                .into(),
                    });
                }
                let b = self.model.add_body(
                    name,
                    None,
                    Joint::new(jname.clone(), JointKind::Floating),
                    Se3::identity(),
                    own,
                )?;
                let q = nalgebra::UnitQuaternion::from_matrix(&frame_in_parent.rot);
                let p0 = frame_in_parent.pos;
                self.qpos0.extend([p0.x, p0.y, p0.z, q.i, q.j, q.k, q.w]);
                self.record_joint(jname, b, kind, &a)?;
                return Ok(Place {
                    body: Some(b),
                    offset: Se3::identity(),
                    world_child: false,
                });
            }
            let placement = match prev {
                None => frame_in_parent.compose(&Se3::new(Mat3::identity(), p)),
                Some(pp) => Se3::new(Mat3::identity(), p - pp),
            };
            let joint = self.joint(j, &a, kind, jname.clone())?;
            let body_name = if last && p == Vec3::zeros() {
                name.to_string()
            } else {
                format!("{name}/{jname}")
            };
            let inertia = if last {
                own.transformed(&Se3::new(Mat3::identity(), -p))
            } else {
                SpatialInertia::zero()
            };
            let b = self.model.add_body(body_name, cur, joint, placement, inertia)?;
            self.qpos0.push(0.0);
            self.record_joint(jname, b, kind, &a)?;
            cur = Some(b);
            prev = Some(p);
        }
        Ok(Place {
            body: cur,
            offset: Se3::new(Mat3::identity(), -prev.unwrap_or_else(Vec3::zeros)),
            world_child: false,
        })
    }

    fn record_joint(
        &mut self, name: String, body: usize, kind: &str, a: &super::defaults::Attrs,
    ) -> Result<(), MjcfError> {
        let stiffness = a.f64_or("stiffness", 0.0)?;
        let springref = a.f64_or("springref", 0.0)?;
        if stiffness != 0.0 {
            self.notes.push(format!(
                "{}: stiffness {stiffness} kept in the joint record; the model's dynamics have no springs",
                a.el.loc()
            ));
        }
        self.joints.push(MjcfJoint {
            name,
            body,
            kind: kind.to_string(),
            stiffness,
            springref,
        });
        Ok(())
    }

    /// A hinge or slide joint.
    fn joint(
        &self, el: &El, a: &super::defaults::Attrs, kind: &str, name: String,
    ) -> Result<Joint, MjcfError> {
        let axis = Vec3::from(a.vec_or::<3>("axis", [0.0, 0.0, 1.0])?);
        let (jk, angular) = match kind {
            "hinge" => (
                JointKind::Revolute {
                    axis,
                    continuous: false,
                },
                true,
            ),
            "slide" => (JointKind::Prismatic { axis }, false),
            other => {
                return Err(MjcfError::Unsupported {
                    element: el.loc(),
                    what: format!("joint type '{other}' (hinge, slide and free are supported)"),
                })
            }
        };
        if a.f64_or("ref", 0.0)? != 0.0 {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: "a non-zero joint 'ref'".into(),
            });
        }
        let range = a.list("range")?;
        let limited = match a.tristate("limited")? {
            Some(l) => l,
            None if self.compiler.autolimits => range.is_some(),
            None if range.is_some() => {
                return Err(MjcfError::Unsupported {
                    element: el.loc(),
                    what: "a range without 'limited' while autolimits is false".into(),
                })
            }
            None => false,
        };
        let mut limits = JointLimits::unlimited();
        if limited {
            let r = range.unwrap_or_else(|| vec![0.0, 0.0]);
            let text = a.get("range").unwrap_or("");
            if r.len() != 2 || r[0] > r[1] {
                return Err(bad(el, "range", text, "two numbers, lower <= upper"));
            }
            let conv = |x: f64| if angular { self.compiler.angle(x) } else { x };
            limits.lower = conv(r[0]);
            limits.upper = conv(r[1]);
        }
        let mut joint = Joint::new(name, jk);
        joint.limits = limits;
        joint.damping = a.f64_or("damping", 0.0)?;
        joint.armature = a.f64_or("armature", 0.0)?;
        joint.friction = a.f64_or("frictionloss", 0.0)?;
        if !(joint.damping >= 0.0 && joint.armature >= 0.0 && joint.friction >= 0.0) {
            return Err(bad(el, "damping/armature/frictionloss", "", "non-negative"));
        }
        Ok(joint)
    }

    /// The body's own mass properties in its frame (`<inertial>` or its geoms).
    fn body_inertia(&mut self, el: &El, cc: Option<&str>) -> Result<SpatialInertia, MjcfError> {
        let inertial = el.children_named("inertial").next();
        let use_geoms = match (self.compiler.from_geom, inertial) {
            (FromGeom::True, _) | (FromGeom::Auto, None) => true,
            (FromGeom::False, None) => return Ok(SpatialInertia::zero()),
            _ => false,
        };
        if !use_geoms {
            return self.inertial(inertial.expect("checked above"));
        }
        let (mut total, mut count) = (SpatialInertia::zero(), 0);
        for g in el.children_named("geom") {
            let a = self.defaults.attrs(g, cc)?;
            let group = a.int_or("group", 0)?;
            let [lo, hi] = self.compiler.group_range;
            if group < lo || group > hi {
                continue;
            }
            let spec = self.geom_spec(g, cc)?;
            if spec.mass <= MJ_EPS {
                continue;
            }
            count += 1;
            total += SpatialInertia::from_com(
                spec.mass,
                spec.local.transform_point(&spec.com),
                spec.local.rot * spec.inertia * spec.local.rot.transpose(),
            );
        }
        if count > 1 {
            // MuJoCo keeps the sum on its principal axes (mjCBody::InertiaFromGeom).
            total = SpatialInertia::from_com(total.mass, total.com(), as_mujoco(&total.inertia_com()));
        }
        Ok(total)
    }

    fn inertial(&self, el: &El) -> Result<SpatialInertia, MjcfError> {
        let a = self.defaults.attrs(el, None)?;
        let x = frame(&a, &self.compiler)?;
        let mass_text = a.get("mass").ok_or_else(|| MjcfError::Missing {
            element: el.loc(),
            attribute: "mass".into(),
        })?;
        let mass = a.f64_or("mass", 0.0)?;
        if mass < 0.0 {
            return Err(bad(el, "mass", mass_text, "a non-negative number"));
        }
        let i = if let Some(d) = a.get("diaginertia") {
            let d = super::xml::numbers::<3>(el, "diaginertia", d)?;
            Mat3::from_diagonal(&Vec3::from(d))
        } else if let Some(f) = a.get("fullinertia") {
            let f = super::xml::numbers::<6>(el, "fullinertia", f)?;
            as_mujoco(&Mat3::new(f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2]))
        } else {
            return Err(MjcfError::Missing {
                element: el.loc(),
                attribute: "diaginertia or fullinertia".into(),
            });
        };
        Ok(SpatialInertia::from_com(
            mass,
            x.pos,
            x.rot * i * x.rot.transpose(),
        ))
    }

    fn site(&mut self, el: &El, place: Place, cc: Option<&str>) -> Result<(), MjcfError> {
        let a = self.defaults.attrs(el, cc)?;
        let local = frame(&a, &self.compiler)?;
        let name = el
            .attr("name")
            .map(str::to_string)
            .unwrap_or_else(|| format!("site{}", self.sites.len() + 1));
        let placement = place.offset.compose(&local);
        self.model.add_frame(name.clone(), place.body, placement)?;
        self.sites.push(MjcfSite {
            name,
            body: place.body,
            placement,
        });
        Ok(())
    }
}
