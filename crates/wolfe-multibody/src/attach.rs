//! Attaching one model to a frame of another as one tree (a hand welded to an arm's
//! flange): [`Model::attach`].

use crate::error::ModelError;
use crate::model::{Frame, Model};
use crate::spatial::Se3;
use crate::urdf::{Mimic, Robot};

impl Robot {
    /// The robot with `child` hanging from this robot's frame `frame` as one tree
    /// ([`Model::attach`]: a hand welded to an arm's flange), with both robots' collision
    /// and visual geometry (the child's world geometry now on the frame's body), movable
    /// joints (this robot's in its file order, then the child's) and mimic relations;
    /// the child's names get `prefix`.
    ///
    /// # Errors
    /// Those of [`Model::attach`].
    pub fn attach(
        &self, frame: &str, child: &Robot, placement: &Se3, prefix: &str,
    ) -> Result<Robot, ModelError> {
        let (model, start) = self.model.attach(frame, &child.model, placement, prefix)?;
        let nc = child.model.bodies().len();
        let own = |b: usize| if b < start { b } else { b + nc };
        let f = self.model.frame_index(frame).expect("attach checked the frame");
        let (at, frame_place) = (self.model.frames()[f].body, self.model.frames()[f].placement);
        let base = frame_place.compose(placement);
        let mut out = self.clone();
        out.model = model;
        for g in &mut out.collision {
            g.body = g.body.map(own);
        }
        for g in &mut out.visual {
            g.body = g.body.map(own);
        }
        // The child's geometry: its bodies shift by `start`, its world becomes the
        // frame's body, its world placements composed with the attachment.
        let moved = |body: Option<usize>, x: &Se3| match body {
            Some(b) => (Some(start + b), *x),
            None => (at.map(own), base.compose(x)),
        };
        for g in &child.collision {
            let mut g = g.clone();
            (g.body, g.placement) = moved(g.body, &g.placement);
            g.link = format!("{prefix}{}", g.link);
            out.collision.push(g);
        }
        for g in &child.visual {
            let mut g = g.clone();
            (g.body, g.placement) = moved(g.body, &g.placement);
            g.link = format!("{prefix}{}", g.link);
            out.visual.push(g);
        }
        out.file_order = (self.file_order.iter().map(|&b| own(b)))
            .chain(child.file_order.iter().map(|&b| start + b))
            .collect();
        out.mimics.extend(child.mimics.iter().map(|m| Mimic {
            joint: format!("{prefix}{}", m.joint),
            source: format!("{prefix}{}", m.source),
            ..m.clone()
        }));
        Ok(out)
    }
}

impl Model {
    /// The model with `child` hanging from this model's frame `frame`, the child's world
    /// frame placed at `placement` in that frame: the child's root bodies (those jointed
    /// to its world) become children of the frame's body (of the world when the frame
    /// is fixed to the world), with their placements composed; its frames fixed to its
    /// world become frames of that body. The child's body, joint and frame names get
    /// `prefix`. Gravity is this model's.
    ///
    /// Bodies stay depth first: the child's bodies come right after the subtree of the
    /// frame's body (at the end for the world). Returns the model and the index of the
    /// child's first body: this model's bodies below it keep their indices, the others
    /// and the child's shift by that block (and so do their `q`/`v` slices).
    ///
    /// # Errors
    /// [`ModelError::Attach`] when `frame` does not exist or a child root has a floating
    /// joint (a free body cannot be welded), and the errors of [`Model::add_body`].
    pub fn attach(
        &self, frame: &str, child: &Model, placement: &Se3, prefix: &str,
    ) -> Result<(Model, usize), ModelError> {
        let f = self.frame_index(frame).ok_or_else(|| ModelError::Attach {
            problem: format!("no frame '{frame}' in model '{}'", self.name),
        })?;
        let Frame {
            body: at,
            placement: frame_place,
            ..
        } = self.frames[f].clone();
        if let Some(b) = child
            .bodies
            .iter()
            .find(|b| b.parent.is_none() && b.joint.kind.nv() == 6)
        {
            return Err(ModelError::Attach {
                problem: format!("child body '{}' has a floating joint", b.name),
            });
        }
        let n = self.bodies.len();
        let start = at.map_or(n, |b| b + self.subtree_bodies[b]);
        let nc = child.bodies.len();
        let map = |i: usize| if i < start { i } else { i + nc };
        let base = frame_place.compose(placement);
        let mut out = Model::new(self.name.clone());
        out.gravity = self.gravity;
        for i in 0..=n {
            if i == start {
                for c in &child.bodies {
                    let (parent, x) = match c.parent {
                        Some(p) => (Some(start + p), c.placement),
                        None => (at, base.compose(&c.placement)),
                    };
                    let mut joint = c.joint.clone();
                    joint.name = format!("{prefix}{}", joint.name);
                    out.add_body(format!("{prefix}{}", c.name), parent, joint, x, c.inertia)?;
                }
            }
            if let Some(b) = self.bodies.get(i) {
                out.add_body(
                    b.name.clone(),
                    b.parent.map(map),
                    b.joint.clone(),
                    b.placement,
                    b.inertia,
                )?;
            }
        }
        out.frames = self
            .frames
            .iter()
            .map(|fr| Frame {
                body: fr.body.map(map),
                ..fr.clone()
            })
            .chain(child.frames.iter().map(|fr| Frame {
                name: format!("{prefix}{}", fr.name),
                body: fr.body.map(|b| start + b).or(at),
                placement: match fr.body {
                    Some(_) => fr.placement,
                    None => base.compose(&fr.placement),
                },
            }))
            .collect();
        Ok((out, start))
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::mjcf::{load_mjcf, MjcfOptions};
    use crate::spatial::{Mat3, SpatialInertia, Vec3};
    use crate::urdf::{load_urdf, UrdfOptions};
    use crate::{Data, Model};

    use super::*;

    fn arm_and_hand() -> (Model, Model) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots");
        let arm = load_urdf(&dir.join("kuka_iiwa/model.urdf"), UrdfOptions::default()).unwrap();
        let hand = load_mjcf(
            &dir.join("inspire_hand/inspire_right_hand.xml"),
            MjcfOptions {
                load_collision: false,
            },
        )
        .unwrap();
        (arm.model, hand.robot.model)
    }

    /// A robot attached with its geometry: every child geometry keeps its world pose
    /// relative to the attachment frame (checked against the child's own forward
    /// kinematics composed with the frame's placement), joints in both file orders.
    #[test]
    fn attached_robot_carries_geometry_and_joints() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots");
        let arm = load_urdf(&dir.join("kuka_iiwa/model.urdf"), UrdfOptions::default()).unwrap();
        let hand = load_mjcf(
            &dir.join("inspire_hand/inspire_right_hand.xml"),
            MjcfOptions::default(),
        )
        .unwrap()
        .robot;
        let x = Se3::new(
            *nalgebra::Rotation3::from_euler_angles(0.1, 0.2, -0.3).matrix(),
            Vec3::new(0.0, 0.0, 0.045),
        );
        let both = arm.attach("lbr_iiwa_link_7", &hand, &x, "r/").unwrap();
        assert_eq!(both.collision.len(), arm.collision.len() + hand.collision.len());
        assert_eq!(both.visual.len(), arm.visual.len() + hand.visual.len());
        assert_eq!(
            both.file_order.len(),
            arm.file_order.len() + hand.file_order.len()
        );
        assert_eq!(both.joint_names()[7], format!("r/{}", hand.joint_names()[0]));
        let q_arm = [0.3, -0.4, 0.2, -1.1, 0.5, 0.7, -0.2];
        let q_hand: Vec<f64> = (0..hand.model.nq()).map(|k| 0.05 * k as f64).collect();
        let q: Vec<f64> = q_arm.iter().chain(&q_hand).copied().collect();
        let (mut d_both, mut d_arm, mut d_hand) = (
            Data::new(&both.model),
            Data::new(&arm.model),
            Data::new(&hand.model),
        );
        both.model.frames_forward_kinematics(&mut d_both, &q).unwrap();
        arm.model.frames_forward_kinematics(&mut d_arm, &q_arm).unwrap();
        hand.model.forward_kinematics(&mut d_hand, &q_hand).unwrap();
        let f = arm.model.frame_index("lbr_iiwa_link_7").unwrap();
        let mount = d_arm.frame_placements()[f].compose(&x);
        let pose = |data: &Data, body: Option<usize>, p: &Se3| match body {
            Some(b) => data.body_placements()[b].compose(p),
            None => *p,
        };
        for (g, h) in both.collision[arm.collision.len()..].iter().zip(&hand.collision) {
            let expected = mount.compose(&pose(&d_hand, h.body, &h.placement));
            let got = pose(&d_both, g.body, &g.placement);
            assert!((got.pos - expected.pos).norm() < 1e-12 && (got.rot - expected.rot).norm() < 1e-12);
            assert!(g.body.is_some(), "welded to the arm, not the world");
        }
    }

    /// The hand on the iiwa's flange: the hand's block of M is the hand's own M (it
    /// does not depend on how its base moves), the arm's block is the arm's M with the
    /// hand welded to its last link as one rigid body (the hand's composite inertia at
    /// its configuration), and the coupling blocks are what is left.
    #[test]
    fn hand_on_the_arm_has_the_parts_mass_matrices() {
        let (arm, hand) = arm_and_hand();
        let x = Se3::new(
            *nalgebra::Rotation3::from_euler_angles(0.3, -0.2, 0.5).matrix(),
            Vec3::new(0.0, 0.01, 0.05),
        );
        let (both, start) = arm.attach("lbr_iiwa_link_7", &hand, &x, "hand/").unwrap();
        assert_eq!(start, arm.bodies().len());
        assert_eq!(
            (both.nq(), both.nv()),
            (arm.nq() + hand.nq(), arm.nv() + hand.nv())
        );
        assert!(both.frame_index("hand/grip_site").is_some());
        let qa: Vec<f64> = (0..arm.nq()).map(|k| 0.4 * (k as f64 + 1.0).sin()).collect();
        let qh: Vec<f64> = (0..hand.nq()).map(|k| 0.1 + 0.05 * k as f64).collect();
        let q: Vec<f64> = qa.iter().chain(&qh).copied().collect();
        let mut d = Data::new(&both);
        let m = both.mass_matrix(&mut d, &q).unwrap().clone_owned();
        let mut dh = Data::new(&hand);
        let mh = hand.mass_matrix(&mut dh, &qh).unwrap().clone_owned();
        let na = arm.nv();
        let hh = m.view((na, na), (hand.nv(), hand.nv()));
        assert!((hh - &mh).abs().max() <= 1e-12 * mh.abs().max());
        // The hand's composite inertia in its world frame, then on the flange.
        hand.forward_kinematics(&mut dh, &qh).unwrap();
        let mut composite = SpatialInertia::zero();
        for (b, p) in hand.bodies().iter().zip(dh.body_placements()) {
            composite += b.inertia.transformed(p);
        }
        let f = &arm.frames()[arm.frame_index("lbr_iiwa_link_7").unwrap()];
        let mut rigid = arm.clone();
        let last = f.body.unwrap();
        rigid.bodies[last].inertia += composite.transformed(&f.placement.compose(&x));
        let mut da = Data::new(&rigid);
        let ma = rigid.mass_matrix(&mut da, &qa).unwrap().clone_owned();
        let aa = m.view((0, 0), (na, na));
        assert!((aa - &ma).abs().max() <= 1e-12 * ma.abs().max());
    }

    #[test]
    fn attach_errors_are_typed() {
        let (arm, hand) = arm_and_hand();
        let r = arm.attach("no_such_frame", &hand, &Se3::identity(), "h/");
        assert!(matches!(r, Err(ModelError::Attach { .. })));
        let ball = Model::free_body("ball", 1.0, Vec3::zeros(), Mat3::identity() * 0.1).unwrap();
        let r = arm.attach("lbr_iiwa_link_7", &ball, &Se3::identity(), "b/");
        assert!(matches!(r, Err(ModelError::Attach { .. })));
    }
}
