//! A whole world from an MJCF scene ([`World::add_mjcf`]): the loader of
//! `wolfe_multibody` reads the file; this module maps what it read onto the simulator.
//! It lives here, not in `wolfe_multibody` (which knows nothing of worlds, contact or
//! controllers) nor in the CLI (Python and Rust users need it too).
//!
//! What each part becomes:
//! - **Initial state.** The `<keyframe>`'s `qpos` when the file has one, else the
//!   default configuration; at rest.
//! - **Trees.** Each `<freejoint>` body is its own floating tree (its own SAP clique,
//!   Section IV-D); every other moving body goes into one tree with several roots (the
//!   robots: a hand, an arm). MuJoCo collides the bodies of a tree with each other
//!   except parent and child, so the trees get self-collision.
//! - **Static geometry.** Planes become half-spaces; other geoms of bodies welded to
//!   the world become static shapes (meshes: their convex hulls), never touching the
//!   root bodies jointed to them (as for URDF robots).
//! - **Contact parameters.** Each geom's `contype`/`conaffinity` become its
//!   [`CollisionFilter`] (static geometry keeps the default groups) and its sliding
//!   friction the material's; `<exclude>` pairs are [`World::exclude`]d (a body welded
//!   to the world: its static geometry). `<pair>` (contacts beyond the filter), torsional and rolling
//!   friction are not modelled: a note says so.
//! - **Actuators** become PD controllers (SAP paper Section VII): a `position`
//!   actuator holds `ctrl` with `kp` and `kd = kv`, a `velocity` actuator tracks
//!   `v = ctrl` with `kd = kv`, a `motor` pushes `gear ctrl`; a symmetric `forcerange`
//!   is the effort limit; `ctrl` is the `<keyframe>`'s when the file has one, else the
//!   joint's default position (`qpos0`; 0 for velocity and motor), clamped to
//!   `ctrlrange`. Optionally the feed-forward compensates gravity at the target.
//! - **Couplings.** `<equality joint>` of two joints: coupler constraints (through the
//!   robot's mimic relations, [`World::add_robot`]).
//! - **Hydroelastic contact** (which MJCF has no attribute for): a `<custom>` entry
//!   `<text name="hydroelastic:GEOM" data="compliant modulus=E resolution=H
//!   dissipation=D"/>` (or `data="rigid"`) gives geom GEOM that model
//!   ([`Hydroelastic::from_spec`]); MuJoCo loads such a file and ignores the entry.
//!
//! Anything else that would change the physics is an error ([`SimError::Invalid`]).

use wolfe::HalfSpace;
use wolfe_multibody::mjcf::{ActuatorKind, Mjcf, MjcfGeom};
use wolfe_multibody::{Data, JointKind, Robot};

use crate::body::Material;
use crate::error::SimError;
use crate::filter::CollisionFilter;
use crate::hydroelastic::Hydroelastic;
use crate::tree::PdGains;
use crate::world::{Collider, ExcludedBody, StaticGeometry, World};

/// How [`World::add_mjcf`] builds the world (default: [`Material::default`], no
/// gravity compensation).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MjcfWorldOptions {
    /// The material of every geom, its friction replaced by the geom's sliding friction.
    pub material: Material,
    /// Feed forward the gravity torque at the position actuators' targets (MuJoCo does
    /// not; default false).
    pub gravity_compensation: bool,
}

/// Where the geoms went while a scene is added: the static geometry of each geom of a
/// body welded to the world (its MJCF body, its static index), and each geom's collider.
type GeomsPlaced<'a> = (&'a mut Vec<(Option<usize>, usize)>, &'a mut [Option<Collider>]);

/// What [`World::add_mjcf`] added.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MjcfScene {
    /// The articulated trees added, in the order of their first body in the file.
    pub trees: Vec<usize>,
    /// Per body of the MJCF model (`Mjcf::robot.model`), its `(tree, body)` in the
    /// world.
    pub bodies: Vec<(usize, usize)>,
    /// Per geom of the MJCF file (`Mjcf::geoms`), what it became in the world: a link
    /// or static geometry (`None` for a geom that does not collide).
    pub geoms: Vec<Option<Collider>>,
    /// What was not modelled (besides the loader's notes).
    pub notes: Vec<String>,
}

impl World {
    /// Adds the MJCF scene `mjcf` (see the module docs): its trees, static geometry,
    /// contact filters and excludes, actuators as PD controllers and couplings; sets
    /// the world's gravity to the file's.
    ///
    /// # Errors
    /// [`SimError::Invalid`] for what the simulator cannot model: an equality holding a
    /// joint at a constant, an actuator with a gear other than 1 or an asymmetric force
    /// range, a `<freejoint>` body with child bodies; and the errors of
    /// [`World::add_robot`].
    pub fn add_mjcf(&mut self, mjcf: &Mjcf, options: MjcfWorldOptions) -> Result<MjcfScene, SimError> {
        if let Some(c) = mjcf.couplings.iter().find(|c| c.source.is_none()) {
            return Err(SimError::invalid(
                "MJCF equality",
                format!(
                    "joint '{}' held at a constant (no joint2) is not supported",
                    c.joint
                ),
            ));
        }
        let robot = &mjcf.robot;
        let model = &robot.model;
        self.gravity = model.gravity;
        let bodies = model.bodies();
        let roots = (0..bodies.len()).filter(|&b| bodies[b].parent.is_none());
        let (free, fixed): (Vec<usize>, Vec<usize>) =
            roots.partition(|&b| matches!(bodies[b].joint.kind, JointKind::Floating));
        if let Some(&b) = free
            .iter()
            .find(|&&b| b + 1 < bodies.len() && bodies[b + 1].parent == Some(b))
        {
            return Err(SimError::invalid(
                "MJCF free body",
                format!(
                    "'{}' has child bodies (a free body with children)",
                    bodies[b].name
                ),
            ));
        }
        let mut scene = MjcfScene {
            bodies: vec![(usize::MAX, usize::MAX); bodies.len()],
            geoms: vec![None; mjcf.geoms.len()],
            ..Default::default()
        };
        // The static geometry of each geom welded to the world: (its MJCF body, index).
        let mut statics: Vec<(Option<usize>, usize)> = Vec::new();
        let collision: Vec<(usize, &MjcfGeom)> = mjcf
            .geoms
            .iter()
            .enumerate()
            .filter(|(_, g)| g.collides() && g.shape.is_some())
            .collect();
        let mut groups: Vec<(Vec<usize>, bool)> = free.iter().map(|&b| (vec![b], false)).collect();
        if !fixed.is_empty() {
            groups.push((fixed, true));
        } else {
            self.add_world_geoms(&collision, &options, &mut statics, &mut scene.geoms)?;
        }
        groups.sort_by_key(|(roots, _)| roots[0]);
        for (roots, with_world) in groups {
            let (sub, map) = robot.subtrees(&roots, with_world)?;
            let part = (&sub, &map[..], with_world);
            let t = self.add_mjcf_tree(mjcf, part, &collision, &options, (&mut statics, &mut scene.geoms))?;
            for (b, k) in map.iter().enumerate() {
                if let Some(k) = k {
                    scene.bodies[b] = (t, *k);
                }
            }
            scene.trees.push(t);
        }
        for (i, g) in mjcf
            .geoms
            .iter()
            .enumerate()
            .filter(|(_, g)| g.shape.is_none() && g.collides())
        {
            let n = g.placement.rot.column(2).into_owned();
            let plane = HalfSpace::new(n, n.dot(&g.placement.pos))?;
            if (g.contype, g.conaffinity) != (1, 1) {
                scene.notes.push(format!(
                    "plane '{}': contype/conaffinity other than 1 not applied to half-spaces",
                    g.name
                ));
            }
            let k = self.add_static(StaticGeometry::HalfSpace(plane, material(g, &options)))?;
            scene.geoms[i] = Some(Collider::Static(k));
        }
        self.mjcf_hydroelastic(mjcf, &scene.geoms)?;
        self.mjcf_excludes(mjcf, &scene.bodies.clone(), &statics, &mut scene.notes)?;
        if !mjcf.pairs.is_empty() {
            scene
                .notes
                .push(format!("{} <contact><pair> not modelled", mjcf.pairs.len()));
        }
        if mjcf
            .geoms
            .iter()
            .any(|g| g.friction[1] != 0.0 || g.friction[2] != 0.0)
        {
            scene
                .notes
                .push("torsional and rolling friction not modelled (sliding friction only)".into());
        }
        Ok(scene)
    }

    /// Static shapes for the collision geoms welded to the world (no robot tree to
    /// carry them).
    fn add_world_geoms(
        &mut self, collision: &[(usize, &MjcfGeom)], options: &MjcfWorldOptions,
        statics: &mut Vec<(Option<usize>, usize)>, geoms: &mut [Option<Collider>],
    ) -> Result<(), SimError> {
        for (i, g) in collision.iter().filter(|(_, g)| g.body.is_none()) {
            let shape = g.shape.clone().expect("collision geoms have shapes");
            let k = self.add_static(StaticGeometry::Shape(
                shape,
                g.placement.to_pose(),
                material(g, options),
            ))?;
            statics.push((g.mjcf_body, k));
            geoms[*i] = Some(Collider::Static(k));
        }
        Ok(())
    }

    /// The scene's `<custom><text name="hydroelastic:GEOM" data="SPEC"/>` entries: geom
    /// GEOM gets the hydroelastic model of [`Hydroelastic::from_spec`].
    fn mjcf_hydroelastic(&mut self, mjcf: &Mjcf, geoms: &[Option<Collider>]) -> Result<(), SimError> {
        for text in &mjcf.custom_texts {
            let Some(name) = text.name.strip_prefix("hydroelastic:") else {
                continue;
            };
            let invalid = |what: String| SimError::invalid("MJCF custom text", what);
            let g = mjcf
                .geoms
                .iter()
                .position(|g| g.name == name)
                .ok_or_else(|| invalid(format!("'{}': the scene has no geom '{name}'", text.name)))?;
            let collider = geoms[g]
                .ok_or_else(|| invalid(format!("'{}': geom '{name}' is not a collision geom", text.name)))?;
            let shape = match collider {
                Collider::Link(l) => Some(&self.links()[l].shape),
                Collider::Static(k) => match &self.statics()[k] {
                    StaticGeometry::Shape(shape, ..) => Some(shape),
                    _ => None,
                },
                Collider::Body(_) => None,
            }
            .ok_or_else(|| {
                invalid(format!(
                    "'{}': geom '{name}' is a plane (always a rigid hydroelastic surface)",
                    text.name
                ))
            })?;
            let model = Hydroelastic::from_spec(shape, &text.data)
                .map_err(|e| invalid(format!("'{}' = \"{}\": {e}", text.name, text.data)))?;
            self.set_hydroelastic(collider, model)?;
        }
        Ok(())
    }

    /// Adds one tree of the scene (`sub`, its bodies `map`ped from the scene model's,
    /// `with_world`: with the geometry welded to the world, whose static indices go
    /// into `statics`): its initial state, geometry parameters and actuators.
    fn add_mjcf_tree(
        &mut self, mjcf: &Mjcf, (sub, map, with_world): (&Robot, &[Option<usize>], bool),
        collision: &[(usize, &MjcfGeom)], options: &MjcfWorldOptions, (statics, geoms): GeomsPlaced<'_>,
    ) -> Result<usize, SimError> {
        let full = &mjcf.robot.model;
        let qpos = mjcf
            .keyframe
            .as_ref()
            .and_then(|k| k.qpos.as_ref())
            .unwrap_or(&mjcf.qpos0);
        let mut q0 = vec![0.0; sub.model.nq()];
        for (b, k) in map.iter().enumerate() {
            if let Some(k) = k {
                let (from, to) = (&full.bodies()[b], &sub.model.bodies()[*k]);
                let nq = from.joint.kind.nq();
                q0[to.q_index..to.q_index + nq].copy_from_slice(&qpos[from.q_index..from.q_index + nq]);
            }
        }
        let (first_link, first_static) = (self.links().len(), self.statics().len());
        let t = self.add_robot(sub, &q0, options.material)?;
        // add_robot appends the links and statics in the order of the robot's collision
        // geometry, which keeps the scene's order.
        let (mut link, mut stat) = (first_link, first_static);
        for &(i, g) in collision {
            match g.body {
                Some(b) if map[b].is_some() => {
                    geoms[i] = Some(Collider::Link(link));
                    let l = self.link_mut(link)?;
                    l.material = material(g, options);
                    l.filter = CollisionFilter {
                        group: g.contype,
                        mask: g.conaffinity,
                    };
                    link += 1;
                }
                None if with_world => {
                    if let Some(m) = self.static_material_mut(stat) {
                        *m = material(g, options);
                    }
                    statics.push((g.mjcf_body, stat));
                    geoms[i] = Some(Collider::Static(stat));
                    stat += 1;
                }
                _ => {}
            }
        }
        let controllers = actuators(mjcf, sub, &q0, options)?;
        let tree = self.tree_mut(t)?;
        tree.self_collision = true;
        tree.controllers = controllers;
        Ok(t)
    }

    /// The scene's `<exclude>` pairs: between two moving bodies, or between the static
    /// geometry of a body welded to the world and a moving body.
    fn mjcf_excludes(
        &mut self, mjcf: &Mjcf, bodies: &[(usize, usize)], statics: &[(Option<usize>, usize)],
        notes: &mut Vec<String>,
    ) -> Result<(), SimError> {
        let find = |name: &str| mjcf.bodies.iter().position(|b| b.name == name);
        let tree_body = |m: usize| ExcludedBody::Tree {
            tree: bodies[m].0,
            body: bodies[m].1,
        };
        for (a, b) in &mjcf.excludes {
            let (Some(x), Some(y)) = (find(a), find(b)) else {
                // The world body (the loader checked the other names).
                notes.push(format!("exclude '{a}'-'{b}' with the world body not applied"));
                continue;
            };
            match (mjcf.bodies[x].model_body, mjcf.bodies[y].model_body) {
                (Some(p), Some(q)) => self.exclude(tree_body(p), tree_body(q))?,
                (None, Some(m)) | (Some(m), None) => {
                    let welded = if mjcf.bodies[x].model_body.is_none() { x } else { y };
                    for &(_, k) in statics.iter().filter(|(mb, _)| *mb == Some(welded)) {
                        self.exclude(ExcludedBody::Static(k), tree_body(m))?;
                    }
                }
                (None, None) => {}
            }
        }
        Ok(())
    }
}

/// The options' material with geom `g`'s sliding friction.
fn material(g: &MjcfGeom, options: &MjcfWorldOptions) -> Material {
    Material {
        friction: g.friction[0],
        ..options.material
    }
}

/// The PD controllers of the actuators on `sub`'s joints (see the module docs).
fn actuators(
    mjcf: &Mjcf, sub: &Robot, q0: &[f64], options: &MjcfWorldOptions,
) -> Result<Vec<PdGains>, SimError> {
    let model = &sub.model;
    let mut targets = q0.to_vec();
    let mut out = Vec::new();
    for a in &mjcf.actuators {
        let Some(b) = model.joint_index(&a.joint) else {
            continue;
        };
        let body = &model.bodies()[b];
        if body.joint.kind.nv() != 1 || a.gear != 1.0 {
            return Err(SimError::invalid(
                "MJCF actuator",
                format!(
                    "'{}': a gear of 1 on a one-dof joint is supported (gear {})",
                    a.name, a.gear
                ),
            ));
        }
        let effort_limit = match a.forcerange {
            None => f64::INFINITY,
            Some([lo, hi]) if lo == -hi => hi,
            Some([lo, hi]) => {
                return Err(SimError::invalid(
                    "MJCF actuator",
                    format!("'{}': forcerange [{lo}, {hi}] is not symmetric", a.name),
                ))
            }
        };
        let clamp = |x: f64| a.ctrlrange.map_or(x, |[lo, hi]| x.clamp(lo, hi));
        let mut pd = PdGains {
            dof: body.v_index,
            kp: 0.0,
            kd: 0.0,
            q_target: 0.0,
            v_target: 0.0,
            feed_forward: 0.0,
            effort_limit,
        };
        match a.kind {
            ActuatorKind::Position { kp, kv } => {
                let target = clamp(keyframe_ctrl(mjcf, &a.name).unwrap_or(q0[body.q_index]));
                targets[body.q_index] = target;
                (pd.kp, pd.kd, pd.q_target) = (kp, kv, target);
            }
            ActuatorKind::Velocity { kv } => {
                (pd.kd, pd.v_target) = (kv, clamp(keyframe_ctrl(mjcf, &a.name).unwrap_or(0.0)));
            }
            ActuatorKind::Motor => pd.feed_forward = clamp(keyframe_ctrl(mjcf, &a.name).unwrap_or(0.0)),
        }
        out.push(pd);
    }
    if options.gravity_compensation {
        let mut model = model.clone();
        model.gravity = mjcf.robot.model.gravity;
        let mut data = Data::new(&model);
        let g = model.gravity_torques(&mut data, &targets)?;
        for (pd, a) in out.iter_mut().zip(
            mjcf.actuators
                .iter()
                .filter(|a| model.joint_index(&a.joint).is_some()),
        ) {
            if matches!(a.kind, ActuatorKind::Position { .. }) {
                pd.feed_forward = g[pd.dof];
            }
        }
    }
    Ok(out)
}

/// The keyframe's control of actuator `name`, when the file has a keyframe with
/// controls.
fn keyframe_ctrl(mjcf: &Mjcf, name: &str) -> Option<f64> {
    let ctrl = mjcf.keyframe.as_ref()?.ctrl.as_ref()?;
    let k = mjcf.actuators.iter().position(|a| a.name == name)?;
    ctrl.get(k).copied()
}
