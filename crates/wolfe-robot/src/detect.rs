//! Contact detection between every collision geometry of the world (SAP paper, Section
//! II-A): candidate pairs by world boxes grown by the margin, contact manifolds from
//! [`crate::narrow`], one contact per manifold point.
//!
//! Filtering: two static geometries never pair; two geometries of one tree pair only
//! when the tree has [`crate::TreeEntry::self_collision`] set (off by default, as URDF
//! users expect for arms, whose link hulls overlap at the joints), and then never when
//! their bodies are the same or parent and child (adjacent links).

use wolfe::{Aabb, ContactManifold, ConvexShape, Vec3};

use crate::error::RobotError;
use crate::narrow::NarrowPhase;
use crate::world::{Owner, RobotWorld};

/// What a contact touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactObject {
    /// A collision geometry (index into [`RobotWorld::geometries`]).
    Geometry(usize),
    /// A half-space (index into [`RobotWorld::half_spaces`]).
    HalfSpace(usize),
}

/// One contact point, detected at the start of a step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RobotContact {
    /// The first object.
    pub a: ContactObject,
    /// The second object, always a geometry.
    pub b: usize,
    /// The contact point in the world (midway between the two witness points), m.
    pub point: Vec3,
    /// Unit normal from A to B.
    pub normal: Vec3,
    /// Signed distance at detection, m (negative: penetration).
    pub phi0: f64,
    /// Friction coefficient of the pair (the smaller of the two).
    pub friction: f64,
}

/// Reused buffers of contact detection.
#[derive(Debug, Default)]
pub(crate) struct Detector {
    poses: Vec<wolfe::Pose>,
    aabbs: Vec<Aabb>,
}

fn push(m: &ContactManifold, a: ContactObject, b: usize, friction: f64, out: &mut Vec<RobotContact>) {
    for p in m.points() {
        out.push(RobotContact {
            a,
            b,
            point: 0.5 * (p.point_a + p.point_b),
            normal: m.normal,
            phi0: p.signed_distance,
            friction,
        });
    }
}

impl Detector {
    /// The contacts of `world` at its trees' current body placements, into `out`.
    pub(crate) fn detect(
        &mut self,
        world: &RobotWorld,
        narrow: &mut NarrowPhase,
        out: &mut Vec<RobotContact>,
    ) -> Result<(), RobotError> {
        out.clear();
        let half = 0.5 * narrow.margin();
        self.poses.clear();
        self.aabbs.clear();
        for (g, geom) in world.geometries.iter().enumerate() {
            let pose = world.geometry_pose(g).to_pose();
            self.aabbs
                .push(geom.shape.local_aabb().transformed(&pose).inflated(half));
            self.poses.push(pose);
        }
        let geoms = &world.geometries;
        for i in 0..geoms.len() {
            for j in i + 1..geoms.len() {
                if !pair_allowed(world, geoms[i].owner, geoms[j].owner)
                    || !self.aabbs[i].intersects(&self.aabbs[j])
                {
                    continue;
                }
                // A static geometry is always A.
                let (a, b) = if geoms[j].owner == Owner::World {
                    (j, i)
                } else {
                    (i, j)
                };
                let (ga, gb) = (&geoms[a], &geoms[b]);
                if let Some(m) = narrow.shapes(&ga.shape, &self.poses[a], &gb.shape, &self.poses[b])? {
                    push(
                        &m,
                        ContactObject::Geometry(a),
                        b,
                        ga.friction.min(gb.friction),
                        out,
                    );
                }
            }
        }
        for (k, (plane, mu)) in world.half_spaces.iter().enumerate() {
            for (g, geom) in geoms.iter().enumerate() {
                if geom.owner == Owner::World {
                    continue;
                }
                if let Some(m) = narrow.half_space(plane, &geom.shape, &self.poses[g])? {
                    push(&m, ContactObject::HalfSpace(k), g, mu.min(geom.friction), out);
                }
            }
        }
        Ok(())
    }
}

fn pair_allowed(world: &RobotWorld, a: Owner, b: Owner) -> bool {
    match (a, b) {
        (Owner::World, Owner::World) => false,
        (Owner::Body { tree: ta, body: ba }, Owner::Body { tree: tb, body: bb }) if ta == tb => {
            let tree = &world.trees[ta];
            if !tree.self_collision || ba == bb {
                return false;
            }
            let bodies = tree.model.bodies();
            bodies[ba].parent != Some(bb) && bodies[bb].parent != Some(ba)
        }
        _ => true,
    }
}
