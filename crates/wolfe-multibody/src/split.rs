//! Splitting a robot with several root bodies (an MJCF scene: a hand, a free box, a
//! free can) into independent robots, one per group of roots: a simulator makes each
//! its own tree (its own SAP clique), so that a free box is a one-body floating tree
//! and not a block of the hand's mass matrix.

use crate::error::ModelError;
use crate::model::Model;
use crate::urdf::Robot;

impl Robot {
    /// The robot made of the subtrees of the root bodies `roots` (bodies hanging from
    /// the world), with their frames, collision and visual geometry, movable joints in
    /// this robot's file order, and the mimic relations between their joints; with
    /// `with_world`, also the frames and geometry fixed to the world. Returns it and,
    /// per body of this model, its index in the new one (`None`: not taken). Body
    /// order, joints, inertias, armature and damping are kept, so the new model's
    /// dynamics are those of its subtrees here.
    ///
    /// # Errors
    /// [`ModelError::InvalidArgument`] for a body in `roots` that does not exist or is not a
    /// root, or a mimic relation between a taken joint and one not taken; the errors
    /// of [`Model::add_body`].
    pub fn subtrees(
        &self, roots: &[usize], with_world: bool,
    ) -> Result<(Robot, Vec<Option<usize>>), ModelError> {
        let m = &self.model;
        let n = m.bodies.len();
        let mut keep = vec![false; n];
        for &r in roots {
            if r >= n || m.bodies[r].parent.is_some() {
                return Err(ModelError::InvalidArgument {
                    what: "subtrees",
                    problem: format!("body {r} is not a root body of model '{}'", m.name),
                });
            }
            keep[r..r + m.subtree_bodies[r]].fill(true);
        }
        let mut out = Model::new(m.name.clone());
        out.gravity = m.gravity;
        let mut map = vec![None; n];
        for (b, body) in m.bodies.iter().enumerate().filter(|(b, _)| keep[*b]) {
            // Depth first: a kept body's parent is kept and came before it.
            let parent = body.parent.and_then(|p| map[p]);
            map[b] = Some(out.add_body(
                body.name.clone(),
                parent,
                body.joint.clone(),
                body.placement,
                body.inertia,
            )?);
        }
        for f in &m.frames {
            let body = match f.body {
                Some(b) if keep[b] => map[b],
                None if with_world => None,
                _ => continue,
            };
            if out.frame_index(&f.name).is_none() {
                out.add_frame(f.name.clone(), body, f.placement)?;
            }
        }
        let taken = |b: Option<usize>| b.map_or(with_world, |b| keep[b]);
        let remap = |b: Option<usize>| b.and_then(|b| map[b]);
        let collision = (self.collision.iter())
            .filter(|g| taken(g.body))
            .map(|g| {
                let mut g = g.clone();
                g.body = remap(g.body);
                g
            })
            .collect();
        let visual = (self.visual.iter())
            .filter(|g| taken(g.body))
            .map(|g| {
                let mut g = g.clone();
                g.body = remap(g.body);
                g
            })
            .collect();
        let file_order = self.file_order.iter().filter_map(|&b| map[b]).collect();
        let has = |joint: &str| m.joint_index(joint).map(|b| keep[b]);
        let mut mimics = Vec::new();
        for mimic in &self.mimics {
            match (has(&mimic.joint), has(&mimic.source)) {
                (Some(true), Some(true)) => mimics.push(mimic.clone()),
                (Some(false), Some(false)) => {}
                _ => {
                    return Err(ModelError::InvalidArgument {
                        what: "subtrees",
                        problem: format!(
                            "the mimic '{}' of '{}' couples two separate trees",
                            mimic.joint, mimic.source
                        ),
                    })
                }
            }
        }
        let robot = Robot {
            model: out,
            collision,
            visual,
            file_order,
            mimics,
            base_dir: self.base_dir.clone(),
        };
        Ok((robot, map))
    }
}
