//! The one world: trees (one-body trees as [`RigidBody`], articulated trees from
//! `wolfe_multibody`), static geometry, springs and gravity.

use nalgebra::DVector;
use wolfe::{Geometry, HalfSpace, Pose, Shape, Vec3};
use wolfe_multibody::{Robot, Se3};

use crate::body::{Material, RigidBody};
use crate::error::SimError;
use crate::hydroelastic::Hydroelastic;
use crate::tree::{ArticulatedTree, JointCoupler, LinkGeometry};

/// The coupler of each of `robot`'s mimic relations (see [`World::add_robot`]).
fn robot_couplers(robot: &Robot) -> Result<Vec<JointCoupler>, SimError> {
    let dof = |name: &str| -> Result<usize, SimError> {
        let body = robot.model.bodies().iter().find(|b| b.joint.name == name);
        match body {
            Some(b) if b.joint.kind.nv() == 1 => Ok(b.v_index),
            Some(_) => Err(SimError::invalid(
                "mimic joint",
                format!("'{name}' is not a one-dof joint"),
            )),
            None => Err(SimError::invalid(
                "mimic joint",
                format!("'{name}' is not a movable joint of the model"),
            )),
        }
    };
    robot
        .mimics
        .iter()
        .map(|m| {
            let (d, c) = (dof(&m.joint)?, dof(&m.source)?);
            if d == c || !(m.multiplier.is_finite() && m.offset.is_finite()) {
                return Err(SimError::invalid(
                    "mimic",
                    format!(
                        "'{}' = {} '{}' + {} must couple two joints with a finite ratio and offset",
                        m.joint, m.multiplier, m.source, m.offset
                    ),
                ));
            }
            Ok(JointCoupler {
                dof: d,
                coupled_dof: c,
                ratio: m.multiplier,
                offset: m.offset,
            })
        })
        .collect()
}

/// The first half of the key of static geometry in [`World::exclude`]'s pairs.
const STATIC_KEY: usize = usize::MAX - 1;

/// Geometry fixed in the world.
#[derive(Clone, Debug)]
pub enum StaticGeometry {
    /// A half-space (the ground, an ideal wall), with its material.
    HalfSpace(HalfSpace, Material),
    /// A posed convex shape (a box as a wall), with its material.
    Shape(Shape, Pose, Material),
    /// A posed geometry of any kind, with its material: a [`wolfe::Compound`] or a
    /// [`wolfe::TriMesh`] (a bowl, a shelf) as it is, its parts or triangles each
    /// touching on their own (see `detect/composite.rs`). A mesh is a surface: a body
    /// that gets wholly inside a closed one touches nothing.
    Composite(Geometry, Pose, Material),
}

impl StaticGeometry {
    /// Its material.
    pub fn material(&self) -> &Material {
        match self {
            StaticGeometry::HalfSpace(_, m)
            | StaticGeometry::Shape(_, _, m)
            | StaticGeometry::Composite(_, _, m) => m,
        }
    }
}

/// A body named in [`World::exclude`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExcludedBody {
    /// Rigid body `i`.
    Rigid(usize),
    /// Static geometry `k` (a geom of a body welded to the world).
    Static(usize),
    /// Body `body` of articulated tree `tree`.
    Tree {
        /// The tree.
        tree: usize,
        /// The body of its model.
        body: usize,
    },
}

/// Where a spring's other end is attached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpringAnchor {
    /// A fixed world point.
    World(Vec3),
    /// A point of a body, in its body (centre-of-mass) frame.
    Body {
        /// The body's index.
        body: usize,
        /// The point in its frame.
        point: Vec3,
    },
}

/// A linear spring-damper between a body point and an anchor: the force on the body
/// point is `k (|d| - L0) d_hat + c (d_hat . d_dot) d_hat`, `d` the vector from the
/// body point to the anchor (pulling it towards the anchor when stretched), and the
/// opposite on a body anchor. It is the `k1` part of the smooth forces of Section II-D
/// (its stiffness and damping enter the matrix `A` of Eq. 15).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spring {
    /// The body.
    pub body: usize,
    /// The attachment point in its body frame.
    pub point: Vec3,
    /// The other end.
    pub anchor: SpringAnchor,
    /// Stiffness k, N/m (finite, >= 0).
    pub stiffness: f64,
    /// Damping c, N s/m (finite, >= 0).
    pub damping: f64,
    /// Rest length L0, m (finite, >= 0; 0 makes the force linear: `k d`).
    pub rest_length: f64,
}

/// What a contact touches, and what a collision filter names: a rigid body, a body
/// (link) of an articulated tree, or static geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Collider {
    /// Rigid body `i` ([`World::bodies`]).
    Body(usize),
    /// Link geometry `g` ([`World::links`]).
    Link(usize),
    /// Static geometry `k` ([`World::statics`]).
    Static(usize),
}

/// The trees of a simulation and what they touch: rigid bodies (one-body trees with a
/// free or planar joint), articulated trees (robots), static geometry, springs and
/// gravity.
#[derive(Clone, Debug)]
pub struct World {
    /// Gravity, m/s^2 (default `(0, 0, -9.81)`).
    pub gravity: Vec3,
    bodies: Vec<RigidBody>,
    statics: Vec<StaticGeometry>,
    springs: Vec<Spring>,
    trees: Vec<ArticulatedTree>,
    links: Vec<LinkGeometry>,
    /// Per static geometry, the articulated tree whose base it is (a link welded to the
    /// world): that tree's root bodies are jointed to it and never touch it.
    static_base: Vec<Option<usize>>,
    /// Pairs that never touch (MJCF's `<exclude>`), sorted, the smaller first; a
    /// tree's body is `(tree, body)`, a rigid body `i` is `(usize::MAX, i)`, static
    /// geometry `k` is `(STATIC_KEY, k)`.
    excluded: Vec<((usize, usize), (usize, usize))>,
    /// The colliders with a hydroelastic representation, sorted by collider.
    hydroelastic: Vec<(Collider, Hydroelastic)>,
}

impl Default for World {
    fn default() -> Self {
        Self::new(Vec3::new(0.0, 0.0, -9.81))
    }
}

impl World {
    /// An empty world with the given gravity.
    pub fn new(gravity: Vec3) -> Self {
        Self {
            gravity,
            bodies: Vec::new(),
            statics: Vec::new(),
            springs: Vec::new(),
            trees: Vec::new(),
            links: Vec::new(),
            static_base: Vec::new(),
            excluded: Vec::new(),
            hydroelastic: Vec::new(),
        }
    }

    /// Adds a body after checking it; returns its index.
    pub fn add_body(&mut self, body: RigidBody) -> Result<usize, SimError> {
        body.validate(self.bodies.len())?;
        self.bodies.push(body);
        Ok(self.bodies.len() - 1)
    }

    /// Adds static geometry; returns its index.
    pub fn add_static(&mut self, geometry: StaticGeometry) -> Result<usize, SimError> {
        if let Err((name, value, reason)) = geometry.material().check() {
            return Err(SimError::InvalidSetting { name, value, reason });
        }
        if let StaticGeometry::Shape(_, pose, _) | StaticGeometry::Composite(_, pose, _) = &geometry {
            pose.validate()?;
        }
        self.statics.push(geometry);
        self.static_base.push(None);
        Ok(self.statics.len() - 1)
    }

    /// Gives `collider` a hydroelastic representation (see [`crate::hydroelastic`]),
    /// replacing any earlier one; its geometry is in the collider's shape frame. Set it
    /// before the world goes into a [`crate::Simulation`].
    ///
    /// Errors: [`SimError::InvalidSetting`] for a collider that does not exist, or a
    /// half-space (already a rigid hydroelastic surface).
    pub fn set_hydroelastic(&mut self, collider: Collider, model: Hydroelastic) -> Result<(), SimError> {
        let (exists, index) = match collider {
            Collider::Body(i) => (i < self.bodies.len(), i),
            Collider::Link(g) => (g < self.links.len(), g),
            Collider::Static(k) => (k < self.statics.len(), k),
        };
        if !exists {
            return Err(SimError::InvalidSetting {
                name: "hydroelastic collider",
                value: index as f64,
                reason: "no such body, link or static geometry in the world",
            });
        }
        if let Collider::Static(k) = collider {
            if matches!(self.statics[k], StaticGeometry::HalfSpace(..)) {
                return Err(SimError::InvalidSetting {
                    name: "hydroelastic collider",
                    value: k as f64,
                    reason: "a half-space is always a rigid hydroelastic surface",
                });
            }
        }
        match self.hydroelastic.binary_search_by_key(&collider, |(c, _)| *c) {
            Ok(i) => self.hydroelastic[i].1 = model,
            Err(i) => self.hydroelastic.insert(i, (collider, model)),
        }
        Ok(())
    }

    /// Every collider with a hydroelastic representation and that representation,
    /// sorted by collider.
    pub fn hydroelastic_colliders(&self) -> &[(Collider, Hydroelastic)] {
        &self.hydroelastic
    }

    /// The hydroelastic representation of `collider`, `None` for a point-contact one.
    pub fn hydroelastic(&self, collider: Collider) -> Option<&Hydroelastic> {
        if self.hydroelastic.is_empty() {
            return None;
        }
        self.hydroelastic
            .binary_search_by_key(&collider, |(c, _)| *c)
            .ok()
            .map(|i| &self.hydroelastic[i].1)
    }

    /// The flat ground `z <= 0` with a material.
    pub fn add_ground(&mut self, material: Material) -> Result<usize, SimError> {
        let plane = HalfSpace::new(Vec3::z(), 0.0)?;
        self.add_static(StaticGeometry::HalfSpace(plane, material))
    }

    /// Adds a spring after checking it; returns its index.
    pub fn add_spring(&mut self, spring: Spring) -> Result<usize, SimError> {
        let index = self.springs.len();
        let bad = |reason: String| SimError::InvalidSpring {
            spring: index,
            reason,
        };
        if spring.body >= self.bodies.len() {
            return Err(bad(format!("body {} does not exist", spring.body)));
        }
        if let SpringAnchor::Body { body, point } = spring.anchor {
            if body >= self.bodies.len() || body == spring.body {
                return Err(bad(format!(
                    "anchor body {body} does not exist or is the spring's body"
                )));
            }
            if point.iter().any(|x| !x.is_finite()) {
                return Err(bad("anchor point must be finite".into()));
            }
        }
        if let SpringAnchor::World(p) = spring.anchor {
            if p.iter().any(|x| !x.is_finite()) {
                return Err(bad("anchor point must be finite".into()));
            }
        }
        if spring.point.iter().any(|x| !x.is_finite()) {
            return Err(bad("attachment point must be finite".into()));
        }
        for (name, v) in [
            ("stiffness", spring.stiffness),
            ("damping", spring.damping),
            ("rest_length", spring.rest_length),
        ] {
            if !(v.is_finite() && v >= 0.0) {
                return Err(bad(format!("{name} = {v} must be finite and >= 0")));
            }
        }
        self.springs.push(spring);
        Ok(index)
    }

    /// Adds a robot: its model as an articulated tree at configuration `q0` (model
    /// order) at rest, its collision geometry with `material`; returns the tree's index.
    /// Links welded to the world become static geometry (never touching the tree's root
    /// bodies, which are jointed to them). Its mimic relations ([`Robot::mimics`]: URDF
    /// `<mimic>`, MJCF `<equality joint>`) become the tree's
    /// [`ArticulatedTree::couplers`], enforced at every step.
    ///
    /// # Errors
    /// [`SimError::Invalid`] for a `q0` of the wrong length or not finite, a tree
    /// without bodies, or a mimic relation that names a joint the model lacks or one
    /// that is not a one-dof joint, couples a joint with itself or has a ratio or offset
    /// that is not finite.
    pub fn add_robot(&mut self, robot: &Robot, q0: &[f64], material: Material) -> Result<usize, SimError> {
        // The world's gravity, so that PD gains held against gravity before the
        // simulation starts (`ArticulatedTree::hold_gains`) feed forward the right torque
        // (`Simulation::new` sets it again, for a gravity changed after this call).
        let mut model = robot.model.clone();
        model.gravity = self.gravity;
        if q0.len() != model.nq() || q0.iter().any(|x| !x.is_finite()) {
            return Err(SimError::invalid(
                "initial configuration",
                format!(
                    "{} values (finite) for a model with nq = {}",
                    q0.len(),
                    model.nq()
                ),
            ));
        }
        if let Err((name, value, reason)) = material.check() {
            return Err(SimError::InvalidSetting { name, value, reason });
        }
        let couplers = robot_couplers(robot)?;
        let tree = self.trees.len();
        for g in &robot.collision {
            match g.body {
                Some(body) => self.links.push(LinkGeometry {
                    name: g.link.clone(),
                    tree,
                    body,
                    placement: g.placement,
                    shape: g.shape.clone(),
                    material,
                    filter: Default::default(),
                }),
                None => {
                    self.statics.push(StaticGeometry::Shape(
                        g.shape.clone(),
                        g.placement.to_pose(),
                        material,
                    ));
                    self.static_base.push(Some(tree));
                }
            }
        }
        let joints = robot
            .file_order
            .iter()
            .map(|&b| {
                let body = &model.bodies()[b];
                (body.joint.name.clone(), body.q_index, body.v_index)
            })
            .collect();
        let nv = model.nv();
        self.trees.push(ArticulatedTree {
            q0: DVector::from_column_slice(q0),
            v0: DVector::zeros(nv),
            controllers: Vec::new(),
            joint_limits: true,
            self_collision: false,
            joints,
            couplers,
            model,
        });
        Ok(tree)
    }

    /// The articulated trees.
    pub fn trees(&self) -> &[ArticulatedTree] {
        &self.trees
    }

    /// Articulated tree `tree`, to set its controllers, initial state or filters before
    /// the simulation starts.
    ///
    /// # Errors
    /// [`SimError::Invalid`] for an index out of range.
    pub fn tree_mut(&mut self, tree: usize) -> Result<&mut ArticulatedTree, SimError> {
        let n = self.trees.len();
        self.trees
            .get_mut(tree)
            .ok_or_else(|| SimError::invalid("tree", format!("index {tree} of {n} trees")))
    }

    /// The collision geometry of the articulated trees' links.
    pub fn links(&self) -> &[LinkGeometry] {
        &self.links
    }

    /// Link geometry `g`, to set its material or collision groups.
    ///
    /// # Errors
    /// [`SimError::Invalid`] for an index out of range.
    pub fn link_mut(&mut self, g: usize) -> Result<&mut LinkGeometry, SimError> {
        let n = self.links.len();
        self.links
            .get_mut(g)
            .ok_or_else(|| SimError::invalid("link geometry", format!("index {g} of {n}")))
    }

    /// The articulated tree whose base static geometry `k` is (a link welded to the
    /// world), if any.
    pub fn static_base(&self, k: usize) -> Option<usize> {
        self.static_base.get(k).copied().flatten()
    }

    /// Excludes every contact between two bodies (MJCF's `<exclude body1 body2>`),
    /// whatever their collision groups: each is a rigid body ([`Collider::Body`]), a
    /// body of an articulated tree, given as `(tree, body)`, or static geometry.
    ///
    /// # Errors
    /// [`SimError::Invalid`] for an index out of range.
    pub fn exclude(&mut self, a: ExcludedBody, b: ExcludedBody) -> Result<(), SimError> {
        let key = |x: ExcludedBody| -> Result<(usize, usize), SimError> {
            match x {
                ExcludedBody::Rigid(i) if i < self.bodies.len() => Ok((usize::MAX, i)),
                ExcludedBody::Rigid(i) => Err(SimError::invalid(
                    "body",
                    format!("index {i} of {}", self.bodies.len()),
                )),
                ExcludedBody::Static(k) if k < self.statics.len() => Ok((STATIC_KEY, k)),
                ExcludedBody::Static(k) => Err(SimError::invalid(
                    "static geometry",
                    format!("index {k} of {}", self.statics.len()),
                )),
                ExcludedBody::Tree { tree, body } => {
                    let t = self.trees.get(tree).ok_or_else(|| {
                        SimError::invalid("tree", format!("index {tree} of {} trees", self.trees.len()))
                    })?;
                    if body >= t.model.bodies().len() {
                        return Err(SimError::invalid(
                            "body",
                            format!("index {body} of {} bodies of tree {tree}", t.model.bodies().len()),
                        ));
                    }
                    Ok((tree, body))
                }
            }
        };
        let (ka, kb) = (key(a)?, key(b)?);
        let pair = (ka.min(kb), ka.max(kb));
        if let Err(k) = self.excluded.binary_search(&pair) {
            self.excluded.insert(k, pair);
        }
        Ok(())
    }

    /// Whether the bodies carrying `a` and `b` were excluded by [`World::exclude`].
    pub(crate) fn excluded(&self, a: Collider, b: Collider) -> bool {
        if self.excluded.is_empty() {
            return false;
        }
        let key = |c: Collider| match c {
            Collider::Body(i) => Some((usize::MAX, i)),
            Collider::Link(g) => Some((self.links[g].tree, self.links[g].body)),
            Collider::Static(k) => Some((STATIC_KEY, k)),
        };
        let (Some(ka), Some(kb)) = (key(a), key(b)) else {
            return false;
        };
        self.excluded.binary_search(&(ka.min(kb), ka.max(kb))).is_ok()
    }

    /// The world pose of link geometry `g` for its body's placement `body` (world).
    pub fn link_pose(&self, g: usize, body: &Se3) -> Pose {
        body.compose(&self.links[g].placement).to_pose()
    }

    /// The bodies.
    pub fn bodies(&self) -> &[RigidBody] {
        &self.bodies
    }

    /// The static geometry.
    pub fn statics(&self) -> &[StaticGeometry] {
        &self.statics
    }

    /// The material of static geometry `k` (MJCF scenes set each geom's).
    pub(crate) fn static_material_mut(&mut self, k: usize) -> Option<&mut Material> {
        match self.statics.get_mut(k)? {
            StaticGeometry::HalfSpace(_, m)
            | StaticGeometry::Shape(_, _, m)
            | StaticGeometry::Composite(_, _, m) => Some(m),
        }
    }

    /// The springs.
    pub fn springs(&self) -> &[Spring] {
        &self.springs
    }

    /// Checks the whole world (every part was checked when added; gravity here).
    pub(crate) fn validate(&self) -> Result<(), SimError> {
        if let Some(g) = self.gravity.iter().find(|g| !g.is_finite()) {
            return Err(SimError::InvalidSetting {
                name: "gravity",
                value: *g,
                reason: "must be finite",
            });
        }
        Ok(())
    }
}
