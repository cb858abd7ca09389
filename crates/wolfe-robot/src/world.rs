//! A world of kinematic trees and static geometry: fixed-base robots from URDF and free
//! objects (one-body floating trees), each tree one SAP clique (SAP paper, Section
//! IV-D), plus half-spaces and posed static shapes.

use nalgebra::DVector;
use wolfe::{HalfSpace, Pose, Shape};
use wolfe_multibody::{Data, JointKind, Model, Robot, Se3};

use crate::error::RobotError;

/// A PD controller on one movable one-dof joint (revolute or prismatic), Section VII:
/// `u = clamp(-kp (q - q_target) - kd (v - v_target) + feed_forward, -e, e)`, implicit in
/// the next velocity (see [`wolfe_sap::PdControllerConstraint`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PdGains {
    /// The velocity index of the joint in its tree.
    pub dof: usize,
    /// Proportional gain (N m/rad or N/m).
    pub kp: f64,
    /// Derivative gain (N m s/rad or N s/m).
    pub kd: f64,
    /// Target position (rad or m).
    pub q_target: f64,
    /// Target velocity (rad/s or m/s).
    pub v_target: f64,
    /// Feed-forward effort (N m or N).
    pub feed_forward: f64,
    /// Effort limit (N m or N), `f64::INFINITY` for none.
    pub effort_limit: f64,
}

/// Who carries a collision geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// Body `body` of tree `tree`.
    Body {
        /// The tree.
        tree: usize,
        /// The body of that tree's model.
        body: usize,
    },
    /// The world: static (a posed static shape, or a link welded to the world).
    World,
}

/// One convex collision geometry.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// A name (link or object name).
    pub name: String,
    /// Its carrier.
    pub owner: Owner,
    /// Its pose in the carrier's body frame (in the world for [`Owner::World`]).
    pub placement: Se3,
    /// The shape.
    pub shape: Shape,
    /// Friction coefficient.
    pub friction: f64,
    /// Mass of the carrying body (kg), for the record; 0 for static geometry.
    pub mass: f64,
    /// For a link welded to the world ([`Owner::World`]), the tree whose base it is:
    /// that tree's root bodies are jointed to it, so the adjacent-link filter skips
    /// their pairs (as it skips parent and child within a tree). `None` otherwise.
    pub base_of: Option<usize>,
    /// Collision group bits (MuJoCo's `contype`, default 1): two geometries may touch
    /// only when `type_a & affinity_b != 0` or `type_b & affinity_a != 0` (see
    /// [`RobotWorld::set_collision_bits`]).
    pub collision_type: u32,
    /// Collision mask bits (MuJoCo's `conaffinity`, default 1).
    pub collision_affinity: u32,
}

impl Geometry {
    /// Whether the collision bits of `self` and `other` let them touch (MuJoCo's rule:
    /// `contype_a & conaffinity_b || contype_b & conaffinity_a`).
    pub fn bits_allow(&self, other: &Geometry) -> bool {
        self.collision_type & other.collision_affinity != 0
            || other.collision_type & self.collision_affinity != 0
    }
}

/// One kinematic tree and its state.
#[derive(Clone, Debug)]
pub struct TreeEntry {
    /// The tree's model.
    pub model: Model,
    /// Its workspace.
    pub data: Data,
    /// Configuration (length nq).
    pub q: DVector<f64>,
    /// Generalized velocities (length nv).
    pub v: DVector<f64>,
    /// PD controllers.
    pub controllers: Vec<PdGains>,
    /// Whether the URDF position limits of its joints are SAP constraints (default true).
    pub joint_limits: bool,
    /// Whether its links collide with each other (default false: URDF arms are modelled
    /// with overlapping link hulls at the joints, so users expect no self-collision).
    pub self_collision: bool,
    /// Movable joint names and their (q index, v index), in URDF file order for robots.
    pub joints: Vec<(String, usize, usize)>,
    /// Whether this tree is a free object (a one-body floating tree).
    pub free_object: bool,
}

impl TreeEntry {
    /// PD controllers holding `q_target` on every movable one-dof joint (Section VII):
    /// `kp`, `q_target` and the optional `kd` give one value per entry of
    /// [`TreeEntry::joints`] (URDF file order). Without `kd`, each joint is critically
    /// damped alone at the target, `kd = 2 sqrt(kp M_ii(q_target))`; with
    /// `gravity_compensation` the feed-forward is `g(q_target)`, the torque that holds
    /// the target exactly at rest (else 0). Effort limits come from the URDF (none where
    /// it gives 0). Joints with more than one dof (floating) get no controller. Returns
    /// the controllers without installing them (assign them to
    /// [`TreeEntry::controllers`]); the tree's state is left as it was, only its
    /// kinematics workspace is used.
    ///
    /// # Errors
    /// [`RobotError::Invalid`] for a length that is not the number of movable joints, a
    /// gain that is negative or not finite, or a target that is not finite.
    pub fn hold_gains(
        &mut self,
        q_target: &[f64],
        kp: &[f64],
        kd: Option<&[f64]>,
        gravity_compensation: bool,
    ) -> Result<Vec<PdGains>, RobotError> {
        let n = self.joints.len();
        let lengths = [
            ("q_target", Some(q_target.len())),
            ("kp", Some(kp.len())),
            ("kd", kd.map(<[f64]>::len)),
        ];
        for (what, len) in lengths {
            if let Some(len) = len.filter(|&l| l != n) {
                return Err(RobotError::invalid(
                    what,
                    format!("{len} values for {n} movable joints"),
                ));
            }
        }
        let gains = [("kp", Some(kp)), ("kd", kd)];
        for (what, v) in gains {
            if v.is_some_and(|v| v.iter().any(|x| !(x.is_finite() && *x >= 0.0))) {
                return Err(RobotError::invalid(what, "must be finite and >= 0"));
            }
        }
        if q_target.iter().any(|x| !x.is_finite()) {
            return Err(RobotError::invalid("q_target", "has a NaN or infinite value"));
        }
        // M(q*) and g(q*) at the targets: the critical damping and the feed-forward
        // that holds q* exactly at rest.
        let mut q = self.q.clone();
        for ((_, qi, _), &x) in self.joints.iter().zip(q_target) {
            q[*qi] = x;
        }
        let m = self
            .model
            .mass_matrix(&mut self.data, q.as_slice())?
            .clone_owned();
        let g = self
            .model
            .gravity_torques(&mut self.data, q.as_slice())?
            .clone_owned();
        let mut controllers = Vec::new();
        for (k, (_, _, vi)) in self.joints.iter().enumerate() {
            let body = self
                .model
                .bodies()
                .iter()
                .find(|b| b.v_index == *vi && b.joint.kind.nv() == 1);
            let Some(body) = body else { continue };
            let e = body.joint.limits.effort;
            controllers.push(PdGains {
                dof: *vi,
                kp: kp[k],
                kd: kd.map_or_else(|| 2.0 * (kp[k] * m[(*vi, *vi)]).sqrt(), |kd| kd[k]),
                q_target: q_target[k],
                v_target: 0.0,
                feed_forward: if gravity_compensation { g[*vi] } else { 0.0 },
                effort_limit: if e > 0.0 && e.is_finite() {
                    e
                } else {
                    f64::INFINITY
                },
            });
        }
        Ok(controllers)
    }
}

/// A world: trees, their collision geometry, and static half-spaces.
#[derive(Clone, Debug, Default)]
pub struct RobotWorld {
    pub(crate) trees: Vec<TreeEntry>,
    pub(crate) geometries: Vec<Geometry>,
    pub(crate) half_spaces: Vec<(HalfSpace, f64)>,
    /// Body pairs that never touch (MJCF's `<exclude>`), each `((tree, body), (tree,
    /// body))` with the smaller pair first, sorted.
    pub(crate) excluded: Vec<((usize, usize), (usize, usize))>,
}

impl RobotWorld {
    /// An empty world.
    pub fn new() -> Self {
        Self::default()
    }

    /// The trees.
    pub fn trees(&self) -> &[TreeEntry] {
        &self.trees
    }

    /// Mutable access to a tree (state, controllers, filters).
    pub fn tree_mut(&mut self, tree: usize) -> Option<&mut TreeEntry> {
        self.trees.get_mut(tree)
    }

    /// The collision geometries.
    pub fn geometries(&self) -> &[Geometry] {
        &self.geometries
    }

    /// The half-spaces and their friction coefficients.
    pub fn half_spaces(&self) -> &[(HalfSpace, f64)] {
        &self.half_spaces
    }

    /// Sets geometry `g`'s collision bits (MuJoCo's `contype` and `conaffinity`): two
    /// geometries may touch only when `type_a & affinity_b` or `type_b & affinity_a`
    /// is non-zero (both default to 1: everything touches). Half-spaces touch every
    /// geometry whose `collision_type` or `collision_affinity` is non-zero.
    ///
    /// # Errors
    /// [`RobotError::Invalid`] for a geometry index out of range.
    pub fn set_collision_bits(
        &mut self,
        g: usize,
        collision_type: u32,
        collision_affinity: u32,
    ) -> Result<(), RobotError> {
        let n = self.geometries.len();
        let geom = self
            .geometries
            .get_mut(g)
            .ok_or_else(|| RobotError::invalid("geometry", format!("index {g} of {n} geometries")))?;
        geom.collision_type = collision_type;
        geom.collision_affinity = collision_affinity;
        Ok(())
    }

    /// Excludes every contact between body `body_a` of tree `tree_a` and body `body_b`
    /// of tree `tree_b` (MJCF's `<exclude body1 body2>`), whatever their geometries'
    /// collision bits.
    ///
    /// # Errors
    /// [`RobotError::Invalid`] for a tree or body index out of range.
    pub fn exclude_bodies(
        &mut self,
        tree_a: usize,
        body_a: usize,
        tree_b: usize,
        body_b: usize,
    ) -> Result<(), RobotError> {
        for (tree, body) in [(tree_a, body_a), (tree_b, body_b)] {
            let t = self.trees.get(tree).ok_or_else(|| {
                RobotError::invalid("tree", format!("index {tree} of {} trees", self.trees.len()))
            })?;
            if body >= t.model.bodies().len() {
                return Err(RobotError::invalid(
                    "body",
                    format!("index {body} of {} bodies of tree {tree}", t.model.bodies().len()),
                ));
            }
        }
        let pair = (
            (tree_a, body_a).min((tree_b, body_b)),
            (tree_a, body_a).max((tree_b, body_b)),
        );
        if let Err(k) = self.excluded.binary_search(&pair) {
            self.excluded.insert(k, pair);
        }
        Ok(())
    }

    /// Whether the bodies of `a` and `b` were excluded by [`RobotWorld::exclude_bodies`].
    pub(crate) fn excluded(&self, a: Owner, b: Owner) -> bool {
        let (Owner::Body { tree: ta, body: ba }, Owner::Body { tree: tb, body: bb }) = (a, b) else {
            return false;
        };
        !self.excluded.is_empty()
            && self
                .excluded
                .binary_search(&((ta, ba).min((tb, bb)), (ta, ba).max((tb, bb))))
                .is_ok()
    }

    /// Adds a half-space with friction `friction`; returns its index.
    pub fn add_half_space(&mut self, plane: HalfSpace, friction: f64) -> usize {
        self.half_spaces.push((plane, friction));
        self.half_spaces.len() - 1
    }

    /// Adds a static posed shape; returns its geometry index.
    pub fn add_static_shape(&mut self, name: &str, shape: Shape, pose: &Pose, friction: f64) -> usize {
        self.geometries.push(Geometry {
            name: name.to_string(),
            owner: Owner::World,
            placement: Se3::from_pose(pose),
            shape,
            friction,
            mass: 0.0,
            base_of: None,
            collision_type: 1,
            collision_affinity: 1,
        });
        self.geometries.len() - 1
    }

    /// Adds a robot (its model, collision geometry with friction `friction`) at
    /// configuration `q0` (model order) at rest; returns its tree index. Links welded to
    /// the world become static geometry.
    pub fn add_robot(&mut self, robot: &Robot, q0: &[f64], friction: f64) -> Result<usize, RobotError> {
        let model = robot.model.clone();
        if q0.len() != model.nq() {
            return Err(RobotError::invalid(
                "initial configuration",
                format!("{} values for a model with nq = {}", q0.len(), model.nq()),
            ));
        }
        let tree = self.trees.len();
        for g in &robot.collision {
            let owner = match g.body {
                Some(body) => Owner::Body { tree, body },
                None => Owner::World,
            };
            let mass = g.body.map_or(0.0, |b| model.bodies()[b].inertia.mass);
            self.geometries.push(Geometry {
                name: g.link.clone(),
                owner,
                placement: g.placement,
                shape: g.shape.clone(),
                friction,
                mass,
                base_of: g.body.is_none().then_some(tree),
                collision_type: 1,
                collision_affinity: 1,
            });
        }
        let joints = robot
            .file_order
            .iter()
            .map(|&b| {
                let body = &model.bodies()[b];
                (body.joint.name.clone(), body.q_index, body.v_index)
            })
            .collect();
        self.push_tree(model, q0, joints, false);
        Ok(tree)
    }

    /// Adds a free object: `shape` filled with `density` (kg/m^3), its shape frame at
    /// `pose`, at rest; returns its tree index (a one-body floating tree whose body frame
    /// is the shape frame).
    pub fn add_free_object(
        &mut self,
        name: &str,
        shape: Shape,
        density: f64,
        pose: &Pose,
        friction: f64,
    ) -> Result<usize, RobotError> {
        let mp = shape.mass_properties(density)?;
        let model = Model::free_body(name, mp.mass, mp.local_center, mp.inertia)?;
        let tree = self.trees.len();
        self.geometries.push(Geometry {
            name: name.to_string(),
            owner: Owner::Body { tree, body: 0 },
            placement: Se3::identity(),
            shape,
            friction,
            mass: mp.mass,
            base_of: None,
            collision_type: 1,
            collision_affinity: 1,
        });
        let t = pose.translation;
        let r = pose.rotation.quaternion();
        let q0 = [t.x, t.y, t.z, r.i, r.j, r.k, r.w];
        self.push_tree(model, &q0, Vec::new(), true);
        Ok(tree)
    }

    fn push_tree(
        &mut self,
        model: Model,
        q0: &[f64],
        joints: Vec<(String, usize, usize)>,
        free_object: bool,
    ) {
        let data = Data::new(&model);
        let nv = model.nv();
        self.trees.push(TreeEntry {
            data,
            q: DVector::from_column_slice(q0),
            v: DVector::zeros(nv),
            controllers: Vec::new(),
            joint_limits: true,
            self_collision: false,
            joints,
            free_object,
            model,
        });
    }

    /// The world pose of geometry `g` at the body placements of the last kinematics
    /// query of its tree.
    pub fn geometry_pose(&self, g: usize) -> Se3 {
        let geom = &self.geometries[g];
        match geom.owner {
            Owner::Body { tree, body } => {
                self.trees[tree].data.body_placements()[body].compose(&geom.placement)
            }
            Owner::World => geom.placement,
        }
    }

    /// Updates the body placements of every tree at its current configuration.
    pub fn forward_kinematics(&mut self) -> Result<(), RobotError> {
        for t in &mut self.trees {
            t.model.forward_kinematics(&mut t.data, t.q.as_slice())?;
        }
        Ok(())
    }
}

/// Whether joint `kind` has one coordinate that a PD controller or a limit can act on,
/// and its position limits when they are finite and the joint is not continuous.
pub(crate) fn one_dof_limits(kind: &JointKind, lower: f64, upper: f64) -> Option<(f64, f64)> {
    match kind {
        JointKind::Revolute { continuous: true, .. } | JointKind::Floating => None,
        _ if lower.is_finite() && upper.is_finite() && lower <= upper => Some((lower, upper)),
        _ => None,
    }
}
