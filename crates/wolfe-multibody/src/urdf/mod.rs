//! URDF loading: a [`Model`] for the dynamics plus the links' collision and visual
//! geometry (pinocchio's model / geometry-model split).
//!
//! What the loader does with each part of the file:
//! - **Tree.** Exactly one root link (no parent joint); every other link is the child of
//!   exactly one joint; every link is reachable from the root (else a cycle). Bodies are
//!   numbered depth first from the root, children in the file order of their joints, so
//!   every parent precedes its children and each subtree is a contiguous range of `v`.
//!   For the two shipped robots this is the file order.
//! - **Base.** Fixed by default: the root link is welded to the world (its inertia does
//!   not enter the dynamics, its geometry is world geometry). With
//!   [`UrdfOptions::floating_base`] the root hangs from the world by a floating joint
//!   named `root_joint` (as pinocchio's `JointModelFreeFlyer` root).
//! - **Joints.** `revolute`, `continuous`, `prismatic` and `floating` become movable
//!   joints; `fixed` joints **weld** their child link into the parent's body: its inertia
//!   is added (transformed into the body frame) and it becomes a [`crate::Frame`] of that
//!   body. `planar` and unknown types are errors. `<limit>` is required for revolute and
//!   prismatic joints (lower/upper default to 0, velocity and effort must be given, as
//!   the URDF specification says); `<dynamics damping friction>` default to 0.
//! - **Mimic joints** (`<mimic>`) stay independent degrees of freedom, as pinocchio
//!   treats them by default: the dynamics (M, tau, g) do not couple the Panda's two
//!   fingers. The relation is kept in [`Robot::mimics`]; wolfe-sim enforces it as a SAP
//!   coupler constraint.
//! - **Inertials.** Taken as written: mass, centre of mass and the inertia tensor about it
//!   in the `<origin rpy>` frame. A link with no `<inertial>` or mass 0 is massless; it is
//!   never given mass. Massless links on fixed joints simply weld; a movable joint whose
//!   whole subtree is massless is an error naming it (`M(q)` would be singular). A
//!   mass-0 inertial with a non-zero inertia tensor keeps that rotational inertia, as
//!   pinocchio does (the Panda's `panda_link8` and `panda_grasptarget` add 0.1 kg m^2
//!   each to the hand).
//! - **Geometry.** `<collision>`: box, cylinder, sphere and mesh (OBJ or STL, `scale`
//!   applied), a mesh becoming the convex hull of its vertices (one hull per element).
//!   `<visual>`: kept with its resolved path (or `None` when the file is missing: the
//!   Panda ships only collision meshes) for a viewer. Mesh paths: see
//!   [`geometry::mesh_candidates`].
//! - Skipped: `<material>`, `<gazebo>`, `<transmission>`, `<safety_controller>`,
//!   `<calibration>`, `<contact>`.

pub mod geometry;
mod xml;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use wolfe::Pose;

pub use geometry::{CollisionGeometry, VisualGeometry};
pub use xml::GeometryDesc;

use crate::error::{ModelError, UrdfError};
use crate::joint::{Joint, JointKind, JointLimits};
use crate::model::{validate_inertia, Model};
use crate::spatial::{Se3, SpatialInertia};
use xml::{RawJoint, RawLink};

/// How to load a URDF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UrdfOptions {
    /// Give the root link a floating joint (default: welded to the world).
    pub floating_base: bool,
    /// Load collision meshes into convex hulls (default). Without it, collision
    /// geometry is empty and mesh files are not looked at: enough for dynamics only.
    pub load_collision: bool,
}

impl Default for UrdfOptions {
    fn default() -> Self {
        Self {
            floating_base: false,
            load_collision: true,
        }
    }
}

/// A `<mimic>` relation `q_joint = multiplier q_source + offset` (URDF `<mimic>`, MJCF
/// `<equality joint>` of two joints): the model keeps both joints as independent dofs;
/// a simulator enforces the relation as a constraint (wolfe-sim's coupler).
#[derive(Clone, Debug, PartialEq)]
pub struct Mimic {
    /// The mimicking joint.
    pub joint: String,
    /// The joint it follows.
    pub source: String,
    /// Multiplier.
    pub multiplier: f64,
    /// Offset.
    pub offset: f64,
}

/// A loaded robot: dynamics model, geometry and URDF bookkeeping.
#[derive(Clone, Debug)]
pub struct Robot {
    /// The kinematic tree.
    pub model: Model,
    /// Collision geometry (empty without [`UrdfOptions::load_collision`]).
    pub collision: Vec<CollisionGeometry>,
    /// Visual geometry.
    pub visual: Vec<VisualGeometry>,
    /// Bodies of the movable joints in the order the file lists the joints (the order of
    /// `robot inspect`'s vectors).
    pub file_order: Vec<usize>,
    /// Mimic relations (independent dofs in the model; see [`Mimic`]).
    pub mimics: Vec<Mimic>,
    /// The folder mesh paths were resolved against.
    pub base_dir: PathBuf,
}

impl Robot {
    /// Movable joint names in file order.
    pub fn joint_names(&self) -> Vec<String> {
        self.file_order
            .iter()
            .map(|&b| self.model.bodies()[b].joint.name.clone())
            .collect()
    }

    /// For each movable joint in file order, its `(q_index, nq, v_index, nv)` in the
    /// model.
    pub fn file_order_slices(&self) -> Vec<(usize, usize, usize, usize)> {
        self.file_order
            .iter()
            .map(|&b| {
                let body = &self.model.bodies()[b];
                (
                    body.q_index,
                    body.joint.kind.nq(),
                    body.v_index,
                    body.joint.kind.nv(),
                )
            })
            .collect()
    }
    /// The robot with its base at `base` instead of the world origin (where the URDF
    /// loader welds the root link): the model's bodies and frames hanging from the world
    /// ([`Model::placed`]) and the collision and visual geometry fixed to the world are
    /// moved by `base`. Bodies, joints and geometry keep their indices.
    ///
    /// # Errors
    /// [`ModelError::NonFinite`] for a pose that is not finite.
    pub fn placed(&self, base: &Pose) -> Result<Robot, ModelError> {
        let x = Se3::from_pose(base);
        let mut out = self.clone();
        out.model = self.model.placed(&x)?;
        for g in out.collision.iter_mut().filter(|g| g.body.is_none()) {
            g.placement = x.compose(&g.placement);
        }
        for g in out.visual.iter_mut().filter(|g| g.body.is_none()) {
            g.placement = x.compose(&g.placement);
        }
        Ok(out)
    }
}

/// Loads a URDF file (meshes resolved against its folder).
pub fn load_urdf(path: &Path, options: UrdfOptions) -> Result<Robot, UrdfError> {
    let text = std::fs::read_to_string(path).map_err(|e| UrdfError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let dir = if dir.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        dir
    };
    parse_urdf(&text, &dir, options)
}

/// Loads URDF text; relative mesh paths resolve against `base_dir`.
pub fn parse_urdf(text: &str, base_dir: &Path, options: UrdfOptions) -> Result<Robot, UrdfError> {
    let raw = xml::parse(text)?;
    let tree = Tree::new(&raw.links, &raw.joints)?;
    for link in &raw.links {
        validate_inertia(&link.name, &link_inertia(link))?;
    }
    let mut b = Builder {
        raw_links: &raw.links,
        model: Model::new(raw.name.clone()),
        link_place: HashMap::new(),
        body_of_joint: HashMap::new(),
        collision: Vec::new(),
        visual: Vec::new(),
        loader: geometry::ShapeLoader::default(),
        base_dir,
        options,
    };
    b.build(&tree, &raw.joints)?;
    b.model.check_masses()?;
    let file_order = raw
        .joints
        .iter()
        .filter_map(|j| b.body_of_joint.get(&j.name).copied())
        .collect();
    let mimics = raw
        .joints
        .iter()
        .filter_map(|j| {
            j.mimic.as_ref().map(|m| Mimic {
                joint: j.name.clone(),
                source: m.joint.clone(),
                multiplier: m.multiplier,
                offset: m.offset,
            })
        })
        .collect();
    Ok(Robot {
        model: b.model,
        collision: b.collision,
        visual: b.visual,
        file_order,
        mimics,
        base_dir: base_dir.to_path_buf(),
    })
}

/// A link's spatial inertia in its own frame (zero without `<inertial>`).
fn link_inertia(link: &RawLink) -> SpatialInertia {
    match &link.inertial {
        None => SpatialInertia::zero(),
        Some(i) => {
            let r = i.origin.rot;
            SpatialInertia::from_com(i.mass, i.origin.pos, r * i.inertia * r.transpose())
        }
    }
}

/// The checked link/joint graph.
struct Tree {
    root: usize,
    /// For each link, the joints (indices) whose parent it is, in file order.
    children: Vec<Vec<usize>>,
    /// Child link index of each joint.
    child_link: Vec<usize>,
}

impl Tree {
    fn new(links: &[RawLink], joints: &[RawJoint]) -> Result<Self, UrdfError> {
        let mut index = HashMap::new();
        for (i, l) in links.iter().enumerate() {
            if index.insert(l.name.as_str(), i).is_some() {
                return Err(UrdfError::Duplicate {
                    kind: "link",
                    name: l.name.clone(),
                });
            }
        }
        let mut joint_names = HashMap::new();
        let mut parent_joint: Vec<Option<usize>> = vec![None; links.len()];
        let mut children = vec![Vec::new(); links.len()];
        let mut child_link = Vec::with_capacity(joints.len());
        for (j, joint) in joints.iter().enumerate() {
            if joint_names.insert(joint.name.as_str(), j).is_some() {
                return Err(UrdfError::Duplicate {
                    kind: "joint",
                    name: joint.name.clone(),
                });
            }
            let find = |name: &str, role| {
                index.get(name).copied().ok_or_else(|| UrdfError::MissingLink {
                    joint: joint.name.clone(),
                    role,
                    link: name.to_string(),
                })
            };
            let p = find(&joint.parent, "parent")?;
            let c = find(&joint.child, "child")?;
            if let Some(first) = parent_joint[c] {
                return Err(UrdfError::TwoParents {
                    link: joint.child.clone(),
                    first: joints[first].name.clone(),
                    second: joint.name.clone(),
                });
            }
            parent_joint[c] = Some(j);
            children[p].push(j);
            child_link.push(c);
        }
        let roots: Vec<usize> = (0..links.len()).filter(|&l| parent_joint[l].is_none()).collect();
        match roots.len() {
            1 => {}
            0 if !links.is_empty() => {
                return Err(UrdfError::Cycle {
                    link: links[0].name.clone(),
                })
            }
            _ => {
                return Err(UrdfError::Roots(
                    roots.iter().map(|&l| links[l].name.clone()).collect(),
                ))
            }
        }
        let tree = Tree {
            root: roots[0],
            children,
            child_link,
        };
        let mut reached = vec![false; links.len()];
        let mut stack = vec![tree.root];
        while let Some(l) = stack.pop() {
            reached[l] = true;
            stack.extend(tree.children[l].iter().map(|&j| tree.child_link[j]));
        }
        if let Some(l) = reached.iter().position(|r| !r) {
            return Err(UrdfError::Cycle {
                link: links[l].name.clone(),
            });
        }
        Ok(tree)
    }
}

struct Builder<'a> {
    raw_links: &'a [RawLink],
    model: Model,
    /// For each link reached: its body (None: world) and its placement in that body.
    link_place: HashMap<usize, (Option<usize>, Se3)>,
    body_of_joint: HashMap<String, usize>,
    collision: Vec<CollisionGeometry>,
    visual: Vec<VisualGeometry>,
    loader: geometry::ShapeLoader,
    base_dir: &'a Path,
    options: UrdfOptions,
}

impl Builder<'_> {
    fn build(&mut self, tree: &Tree, joints: &[RawJoint]) -> Result<(), UrdfError> {
        let root = &self.raw_links[tree.root];
        if self.options.floating_base {
            let joint = Joint::new("root_joint", JointKind::Floating);
            let b = self.model.add_body(
                root.name.clone(),
                None,
                joint,
                Se3::identity(),
                link_inertia(root),
            )?;
            self.link_place.insert(tree.root, (Some(b), Se3::identity()));
            self.body_of_joint.insert("root_joint".to_string(), b);
        } else {
            self.model.add_frame(root.name.clone(), None, Se3::identity())?;
            self.link_place.insert(tree.root, (None, Se3::identity()));
        }
        self.add_geometry(tree.root)?;
        // Depth first, children in file order (a stack of joints, reversed on push).
        let mut stack: Vec<usize> = tree.children[tree.root].iter().rev().copied().collect();
        while let Some(j) = stack.pop() {
            let joint = &joints[j];
            let parent_link = self
                .raw_links
                .iter()
                .position(|l| l.name == joint.parent)
                .unwrap_or(0);
            let child = tree.child_link[j];
            let (body, place) = self.link_place[&parent_link];
            let x = place.compose(&joint.origin);
            let link = &self.raw_links[child];
            match joint_kind(joint)? {
                None => {
                    if let Some(b) = body {
                        let inertia = link_inertia(link).transformed(&x);
                        self.model.bodies[b].inertia += inertia;
                    }
                    self.model.add_frame(link.name.clone(), body, x)?;
                    self.link_place.insert(child, (body, x));
                }
                Some(kind) => {
                    let mut mj = Joint::new(joint.name.clone(), kind);
                    mj.damping = joint.damping;
                    mj.friction = joint.friction;
                    mj.limits = limits(joint, &kind)?;
                    let b = self
                        .model
                        .add_body(link.name.clone(), body, mj, x, link_inertia(link))?;
                    self.body_of_joint.insert(joint.name.clone(), b);
                    self.link_place.insert(child, (Some(b), Se3::identity()));
                }
            }
            self.add_geometry(child)?;
            stack.extend(tree.children[child].iter().rev());
        }
        Ok(())
    }

    fn add_geometry(&mut self, link: usize) -> Result<(), UrdfError> {
        let (body, place) = self.link_place[&link];
        let l = &self.raw_links[link];
        for g in &l.visuals {
            let path = match &g.geometry {
                GeometryDesc::Mesh { filename, .. } => geometry::resolve_mesh(filename, self.base_dir).ok(),
                _ => None,
            };
            self.visual.push(VisualGeometry {
                link: l.name.clone(),
                body,
                placement: place.compose(&g.origin),
                source: g.geometry.clone(),
                path,
            });
        }
        if self.options.load_collision {
            for g in &l.collisions {
                let (shape, path) = self.loader.shape(&l.name, &g.geometry, self.base_dir)?;
                self.collision.push(CollisionGeometry {
                    link: l.name.clone(),
                    body,
                    placement: place.compose(&g.origin),
                    shape,
                    source: g.geometry.clone(),
                    path,
                });
            }
        }
        Ok(())
    }
}

/// The movable kind of a joint, `None` for fixed.
fn joint_kind(j: &RawJoint) -> Result<Option<JointKind>, UrdfError> {
    Ok(match j.type_name.as_str() {
        "fixed" => None,
        "revolute" => Some(JointKind::Revolute {
            axis: j.axis,
            continuous: false,
        }),
        "continuous" => Some(JointKind::Revolute {
            axis: j.axis,
            continuous: true,
        }),
        "prismatic" => Some(JointKind::Prismatic { axis: j.axis }),
        "floating" => Some(JointKind::Floating),
        other => {
            return Err(UrdfError::UnknownJointType {
                joint: j.name.clone(),
                type_name: other.to_string(),
            })
        }
    })
}

fn limits(j: &RawJoint, kind: &JointKind) -> Result<JointLimits, UrdfError> {
    let needs_limit = matches!(
        kind,
        JointKind::Revolute {
            continuous: false,
            ..
        } | JointKind::Prismatic { .. }
    );
    let mut out = JointLimits::unlimited();
    match &j.limit {
        Some(l) => {
            out.velocity = l.velocity;
            out.effort = l.effort;
            if needs_limit {
                out.lower = l.lower;
                out.upper = l.upper;
            }
        }
        None if needs_limit => {
            return Err(UrdfError::Missing {
                element: format!("joint '{}'", j.name),
                what: format!("<limit> (required for {} joints)", j.type_name),
            })
        }
        None => {}
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Data;
    use wolfe::{Quat, Vec3};

    fn close(a: &Se3, b: &Se3) -> bool {
        (a.rot - b.rot).abs().max() < 1e-12 && (a.pos - b.pos).abs().max() < 1e-12
    }

    /// A base pose: a rotation about a tilted axis and a shift.
    fn base() -> Pose {
        Pose {
            rotation: Quat::from_axis_angle(&nalgebra::Unit::new_normalize(Vec3::new(0.3, -0.2, 1.0)), 0.9),
            translation: Vec3::new(1.0, -0.5, 0.2),
        }
    }

    #[test]
    fn placed_panda_is_the_panda_seen_from_its_base() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots/franka_panda/panda.urdf");
        let robot = load_urdf(&path, UrdfOptions::default()).unwrap();
        let x = Se3::from_pose(&base());
        let moved = robot.placed(&base()).unwrap();
        assert_eq!(moved.joint_names(), robot.joint_names());
        let (m0, m1) = (&robot.model, &moved.model);
        let (mut d0, mut d1) = (Data::new(m0), Data::new(m1));
        for k in 0..4 {
            let q: Vec<f64> = (0..m0.nq()).map(|i| 0.3 * ((i + k) as f64).sin()).collect();
            m0.frames_forward_kinematics(&mut d0, &q).unwrap();
            m1.frames_forward_kinematics(&mut d1, &q).unwrap();
            // Every body and frame is where the original puts it, seen from the base.
            for (a, b) in d0.body_placements().iter().zip(d1.body_placements()) {
                assert!(close(&x.compose(a), b));
            }
            for (a, b) in d0.frame_placements().iter().zip(d1.frame_placements()) {
                assert!(close(&x.compose(a), b));
            }
            // The mass matrix does not depend on where the base stands.
            let ma = m0.mass_matrix(&mut d0, &q).unwrap().clone_owned();
            let mb = m1.mass_matrix(&mut d1, &q).unwrap().clone_owned();
            assert!((ma - mb).abs().max() < 1e-9);
        }
        // World-welded geometry (the base link) moves; link geometry is relative to its
        // body and stays.
        let welded = robot.collision.iter().filter(|g| g.body.is_none()).count();
        assert!(welded > 0);
        for (a, b) in robot.collision.iter().zip(&moved.collision) {
            match a.body {
                None => assert!(close(&x.compose(&a.placement), &b.placement)),
                Some(_) => assert_eq!(a.placement, b.placement),
            }
        }
    }

    #[test]
    fn placed_prismatic_root_slides_along_the_moved_axis() {
        let urdf = r#"<robot name="slider">
            <link name="rail"/>
            <link name="cart"><inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial></link>
            <joint name="slide" type="prismatic"><parent link="rail"/><child link="cart"/>
              <axis xyz="1 0 0"/><limit lower="-1" upper="1" effort="10" velocity="1"/></joint>
        </robot>"#;
        let robot = parse_urdf(urdf, Path::new("."), UrdfOptions::default()).unwrap();
        let moved = robot.placed(&base()).unwrap();
        let mut data = Data::new(&moved.model);
        moved.model.forward_kinematics(&mut data, &[0.4]).unwrap();
        let b = base();
        let expected = b.translation + b.rotation * Vec3::new(0.4, 0.0, 0.0);
        assert!((data.body_placements()[0].pos - expected).norm() < 1e-12);
        let nan = Pose::from_translation(Vec3::new(f64::NAN, 0.0, 0.0));
        assert!(matches!(robot.placed(&nan), Err(ModelError::NonFinite { .. })));
    }
}
