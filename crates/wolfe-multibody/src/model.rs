//! The constant description of one kinematic tree (pinocchio's `Model`): bodies in
//! topological order (every parent before its children), their joints, placements,
//! inertias, and the named frames attached to them.
//!
//! A world of the simulator holds several models, each one clique of the SAP problem
//! (the paper's Section IV-D: the Newton matrix is block sparse tree by tree). A
//! fixed-base robot is a model whose root bodies hang from the world (`parent = None`);
//! a free body is the one-body model of [`Model::free_body`].
//!
//! Coordinates: the configuration `q` (length [`Model::nq`]) and velocity `v` (length
//! [`Model::nv`]) are the joints' coordinates in body order, each joint's slice starting at
//! [`Body::q_index`] and [`Body::v_index`].

use nalgebra::{DVector, SymmetricEigen};

use crate::error::ModelError;
use crate::joint::{Joint, JointKind};
use crate::spatial::{Mat3, Se3, SpatialInertia, Vec3};

/// One rigid body: a link of the robot with all links welded to it by fixed joints.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    /// The name of its link (the URDF child link of its joint).
    pub name: String,
    /// The parent body, `None` for a body hanging from the world.
    pub parent: Option<usize>,
    /// The joint from the parent.
    pub joint: Joint,
    /// `X_T`: the joint frame at `q = 0` in the parent body's frame (world frame when
    /// `parent` is `None`).
    pub placement: Se3,
    /// Spatial inertia in the body frame, welded links included.
    pub inertia: SpatialInertia,
    /// Index of the joint's first coordinate in `q`.
    pub q_index: usize,
    /// Index of the joint's first velocity in `v`.
    pub v_index: usize,
}

/// A named frame fixed to a body (or to the world): every URDF link has one, welded links
/// included, so that geometry and end effectors can be placed.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Name (the URDF link name).
    pub name: String,
    /// The body it is fixed to, `None` for the world.
    pub body: Option<usize>,
    /// Its placement in the body's frame (world frame when `body` is `None`).
    pub placement: Se3,
}

/// Joint-space kinematic data cached per body for the hot loops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum JointCache {
    /// Revolute about a unit axis; `aligned` = Some(k) when the axis is `+e_k`.
    Revolute { axis: Vec3, aligned: Option<usize> },
    /// Prismatic along `axis`, with `R_T axis` precomputed.
    Prismatic { axis: Vec3, axis_in_parent: Vec3 },
    /// Floating.
    Floating,
}

/// The constant part of a kinematic tree (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The robot's name.
    pub name: String,
    pub(crate) bodies: Vec<Body>,
    pub(crate) frames: Vec<Frame>,
    pub(crate) cache: Vec<JointCache>,
    pub(crate) nq: usize,
    pub(crate) nv: usize,
    /// Gravity acceleration in the world frame (default `(0, 0, -9.81)`).
    pub gravity: Vec3,
    /// Body of each velocity index.
    pub(crate) dof_body: Vec<usize>,
    /// Number of velocities in each body's subtree (itself included): bodies are added
    /// depth first, so the subtree of body `i` is the velocity range
    /// `v_index .. v_index + subtree_nv[i]` (the CRBA fills M by these ranges).
    pub(crate) subtree_nv: Vec<usize>,
    /// Number of bodies in each body's subtree (itself included).
    pub(crate) subtree_bodies: Vec<usize>,
    pub(crate) armature: DVector<f64>,
    pub(crate) damping: DVector<f64>,
}

/// Standard gravity, m/s^2.
pub const STANDARD_GRAVITY: f64 = 9.81;

impl Model {
    /// An empty model (no bodies): add bodies with [`Model::add_body`].
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            bodies: Vec::new(),
            frames: Vec::new(),
            cache: Vec::new(),
            nq: 0,
            nv: 0,
            gravity: Vec3::new(0.0, 0.0, -STANDARD_GRAVITY),
            dof_body: Vec::new(),
            subtree_nv: Vec::new(),
            subtree_bodies: Vec::new(),
            armature: DVector::zeros(0),
            damping: DVector::zeros(0),
        }
    }

    /// A single free body (floating joint to the world, body frame = the given frame):
    /// the one-body floating case that the simulator's free bodies are.
    pub fn free_body(name: impl Into<String>, mass: f64, com: Vec3, i_com: Mat3) -> Result<Self, ModelError> {
        let name = name.into();
        let mut m = Model::new(name.clone());
        m.add_body(
            name.clone(),
            None,
            Joint::new(format!("{name}_free"), JointKind::Floating),
            Se3::identity(),
            SpatialInertia::from_com(mass, com, i_com),
        )?;
        Ok(m)
    }

    /// Appends a body hanging from `parent` (an existing body, or the world for `None`;
    /// bodies are added depth first: `parent` is the last added body or one of its
    /// ancestors)
    /// by `joint` placed at `placement` in the parent frame, with `inertia` in its own
    /// frame; also adds a frame of the body's name at its origin. Returns its index.
    ///
    /// Checks the axis (non-zero, normalized here), limits (`lower <= upper`, velocity and
    /// effort `>= 0`), damping and armature (finite, `>= 0`) and the inertia (finite,
    /// mass `>= 0`, rotational inertia about the centre of mass zero or positive
    /// definite). Whether a massless body carries mass below it is checked by
    /// [`Model::check_masses`] once the tree is complete.
    pub fn add_body(
        &mut self, name: impl Into<String>, parent: Option<usize>, mut joint: Joint, placement: Se3,
        inertia: SpatialInertia,
    ) -> Result<usize, ModelError> {
        let name = name.into();
        if let Some(p) = parent {
            if p >= self.bodies.len() {
                return Err(ModelError::BadParent {
                    body: name,
                    parent: p,
                });
            }
        }
        if let Some(p) = parent {
            // depth first: the parent's subtree must end where the new body goes
            if p + self.subtree_bodies[p] != self.bodies.len() {
                return Err(ModelError::NotDepthFirst {
                    body: name,
                    parent: p,
                });
            }
        }
        check_finite_se3(&placement, &format!("joint '{}' placement", joint.name))?;
        validate_inertia(&name, &inertia)?;
        let cache = normalize_joint(&mut joint, &placement)?;
        let index = self.bodies.len();
        let (q_index, v_index) = (self.nq, self.nv);
        let nv = joint.kind.nv();
        for _ in 0..nv {
            self.dof_body.push(index);
        }
        let (armature, damping) = match joint.kind {
            JointKind::Floating => (0.0, 0.0),
            _ => (joint.armature, joint.damping),
        };
        self.armature = extend(&self.armature, nv, armature);
        self.damping = extend(&self.damping, nv, damping);
        self.nq += joint.kind.nq();
        self.nv += nv;
        self.subtree_nv.push(nv);
        self.subtree_bodies.push(1);
        let mut up = parent;
        while let Some(p) = up {
            self.subtree_nv[p] += nv;
            self.subtree_bodies[p] += 1;
            up = self.bodies[p].parent;
        }
        self.frames.push(Frame {
            name: name.clone(),
            body: Some(index),
            placement: Se3::identity(),
        });
        self.bodies.push(Body {
            name,
            parent,
            joint,
            placement,
            inertia,
            q_index,
            v_index,
        });
        self.cache.push(cache);
        Ok(index)
    }

    /// Adds a named frame fixed to `body` (`None`: the world) at `placement`; returns its
    /// index.
    pub fn add_frame(
        &mut self, name: impl Into<String>, body: Option<usize>, placement: Se3,
    ) -> Result<usize, ModelError> {
        let name = name.into();
        if let Some(b) = body {
            if b >= self.bodies.len() {
                return Err(ModelError::BadFrameBody { frame: name, body: b });
            }
        }
        check_finite_se3(&placement, &format!("frame '{name}' placement"))?;
        self.frames.push(Frame {
            name,
            body,
            placement,
        });
        Ok(self.frames.len() - 1)
    }

    /// Errors when a body's whole subtree (itself and everything below it) has no mass:
    /// its joint's row of `M(q)` would be zero (prismatic) or depend on a rotational
    /// inertia alone, and a massless moving leaf is almost always a modelling mistake.
    pub fn check_masses(&self) -> Result<(), ModelError> {
        let mut subtree = self.bodies.iter().map(|b| b.inertia.mass).collect::<Vec<_>>();
        for i in (0..self.bodies.len()).rev() {
            if let Some(p) = self.bodies[i].parent {
                subtree[p] += subtree[i];
            }
        }
        for (b, m) in self.bodies.iter().zip(&subtree) {
            if *m <= 0.0 {
                return Err(ModelError::MasslessSubtree {
                    joint: b.joint.name.clone(),
                    link: b.name.clone(),
                });
            }
        }
        Ok(())
    }

    /// Number of configuration coordinates.
    pub fn nq(&self) -> usize {
        self.nq
    }

    /// Number of generalized velocities.
    pub fn nv(&self) -> usize {
        self.nv
    }

    /// The bodies, parents before children.
    pub fn bodies(&self) -> &[Body] {
        &self.bodies
    }

    /// The frames: one per body (its origin) and one per welded link or added frame.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// Index of the frame called `name`.
    pub fn frame_index(&self, name: &str) -> Option<usize> {
        self.frames.iter().position(|f| f.name == name)
    }

    /// Index of the body whose joint is called `name`.
    pub fn joint_index(&self, name: &str) -> Option<usize> {
        self.bodies.iter().position(|b| b.joint.name == name)
    }

    /// The body moved by each velocity index.
    pub fn velocity_bodies(&self) -> &[usize] {
        &self.dof_body
    }

    /// Armature per velocity index (added to `M`'s diagonal).
    pub fn armature(&self) -> &DVector<f64> {
        &self.armature
    }

    /// Viscous damping per velocity index: the diagonal of the SAP paper's damping matrix
    /// `D = -dk_1/dv` (Eq. 17) for the joint dampers `k_1 = -D v`.
    pub fn damping(&self) -> &DVector<f64> {
        &self.damping
    }

    /// Sets the armature of body `body`'s joint (all its velocities).
    pub fn set_armature(&mut self, body: usize, armature: f64) -> Result<(), ModelError> {
        let b = self.bodies.get_mut(body).ok_or(ModelError::BadFrameBody {
            frame: "armature".into(),
            body,
        })?;
        if !armature.is_finite() || armature < 0.0 {
            return Err(ModelError::NonFinite {
                what: format!("joint '{}' armature", b.joint.name),
            });
        }
        b.joint.armature = armature;
        for k in b.v_index..b.v_index + b.joint.kind.nv() {
            self.armature[k] = armature;
        }
        Ok(())
    }

    /// Total mass of all bodies.
    pub fn total_mass(&self) -> f64 {
        self.bodies.iter().map(|b| b.inertia.mass).sum()
    }

    /// The same model with everything hanging from the world moved by `base`: the
    /// placements of the bodies jointed to the world and of the frames fixed to the world
    /// become `base * placement` (the rest is relative to a body and stays). A fixed-base
    /// robot loaded at the world origin is then welded at `base`. Body, frame and
    /// velocity indices are unchanged.
    ///
    /// # Errors
    /// [`ModelError::NonFinite`] for a `base` that is not finite.
    pub fn placed(&self, base: &Se3) -> Result<Model, ModelError> {
        check_finite_se3(base, "base placement")?;
        let mut out = self.clone();
        for (k, b) in out.bodies.iter_mut().enumerate() {
            if b.parent.is_none() {
                b.placement = base.compose(&b.placement);
                // A prismatic joint caches its axis in the parent (world) frame.
                out.cache[k] = normalize_joint(&mut b.joint, &b.placement)?;
            }
        }
        for f in out.frames.iter_mut().filter(|f| f.body.is_none()) {
            f.placement = base.compose(&f.placement);
        }
        Ok(out)
    }

    /// Contiguous velocity ranges of the subtrees hanging from the world: each is an
    /// independent tree (a separate SAP clique) when the model has several. Assumes the
    /// bodies were added depth first (as [`crate::load_urdf`] does): a body hanging from
    /// the world starts a new range, every other body extends the current one.
    pub fn subtrees(&self) -> Vec<std::ops::Range<usize>> {
        let mut out: Vec<std::ops::Range<usize>> = Vec::new();
        for b in &self.bodies {
            let end = b.v_index + b.joint.kind.nv();
            match (b.parent, out.last_mut()) {
                (Some(_), Some(last)) => last.end = end,
                _ => out.push(b.v_index..end),
            }
        }
        out
    }
}

fn extend(v: &DVector<f64>, n: usize, value: f64) -> DVector<f64> {
    let mut out = DVector::from_element(v.len() + n, value);
    out.rows_mut(0, v.len()).copy_from(v);
    out
}

fn check_finite_se3(x: &Se3, what: &str) -> Result<(), ModelError> {
    if x.rot.iter().chain(x.pos.iter()).all(|v| v.is_finite()) {
        Ok(())
    } else {
        Err(ModelError::NonFinite {
            what: what.to_string(),
        })
    }
}

/// Checks a body's inertia: finite, mass `>= 0`, the rotational inertia about the centre
/// of mass zero (a point mass, or no inertial at all) or positive definite.
pub(crate) fn validate_inertia(body: &str, i: &SpatialInertia) -> Result<(), ModelError> {
    let finite = i.mass.is_finite() && i.h.iter().chain(i.inertia_o.iter()).all(|v| v.is_finite());
    if !finite {
        return Err(ModelError::NonFinite {
            what: format!("body '{body}' inertia"),
        });
    }
    if i.mass < 0.0 {
        return Err(ModelError::NegativeMass {
            body: body.to_string(),
            mass: i.mass,
        });
    }
    let ic = i.inertia_com();
    // Zero up to the round-off of the parallel-axis shift: a point mass (or no inertial).
    let scale = ic.abs().max().max(i.inertia_o.abs().max());
    if ic.abs().max() <= 1e-12 * scale || scale == 0.0 {
        return Ok(());
    }
    let sym = (ic + ic.transpose()) * 0.5;
    let min = SymmetricEigen::new(sym).eigenvalues.min();
    if min <= 1e-12 * ic.abs().max() {
        return Err(ModelError::InertiaNotPositiveDefinite {
            body: body.to_string(),
            min_eigenvalue: min,
        });
    }
    Ok(())
}

/// Normalizes the joint's axis, checks its parameters and builds the hot-loop cache.
fn normalize_joint(joint: &mut Joint, placement: &Se3) -> Result<JointCache, ModelError> {
    let name = joint.name.clone();
    let unit = |a: Vec3| -> Result<Vec3, ModelError> {
        let n = a.norm();
        if !n.is_finite() || n == 0.0 {
            return Err(ModelError::BadAxis { joint: name.clone() });
        }
        Ok(a / n)
    };
    let l = &joint.limits;
    if l.lower.is_nan() || l.upper.is_nan() || l.velocity.is_nan() || l.effort.is_nan() {
        return Err(ModelError::NonFinite {
            what: format!("joint '{}' limits", joint.name),
        });
    }
    if l.lower > l.upper {
        return Err(ModelError::BadLimits {
            joint: joint.name.clone(),
            problem: format!("lower {} > upper {}", l.lower, l.upper),
        });
    }
    if l.velocity < 0.0 || l.effort < 0.0 {
        return Err(ModelError::BadLimits {
            joint: joint.name.clone(),
            problem: format!("negative velocity {} or effort {} limit", l.velocity, l.effort),
        });
    }
    for (what, v) in [
        ("damping", joint.damping),
        ("friction", joint.friction),
        ("armature", joint.armature),
    ] {
        if !v.is_finite() || v < 0.0 {
            return Err(ModelError::NonFinite {
                what: format!("joint '{}' {what} (must be finite, >= 0)", joint.name),
            });
        }
    }
    Ok(match &mut joint.kind {
        JointKind::Revolute { axis, .. } => {
            *axis = unit(*axis)?;
            let aligned = (0..3).find(|&k| axis[k] == 1.0);
            JointCache::Revolute { axis: *axis, aligned }
        }
        JointKind::Prismatic { axis } => {
            *axis = unit(*axis)?;
            JointCache::Prismatic {
                axis: *axis,
                axis_in_parent: placement.rot * *axis,
            }
        }
        JointKind::Floating => JointCache::Floating,
    })
}
