//! Contact detection between every collision geometry of the world (SAP paper, Section
//! II-A): candidate pairs by world boxes grown by the margin, contact manifolds from
//! [`crate::narrow`], one contact per manifold point.
//!
//! Temporal coherence: most pairs of a scene at rest do not move between steps, and
//! their manifold (GJK, EPA, the face search and clipping of wolfe's narrow phase) is
//! most of a step's time. Each candidate pair (and each geometry against each
//! half-space) keeps the manifold it last computed with the two world poses it was
//! computed at; while neither geometry has moved by more than
//! [`crate::StepSettings::reuse_tolerance`] (default [`REUSE_TOLERANCE`]) since (a bound over all of its points: `|dt| + r |dR|_F` with `r` the largest
//! distance of its bounding box from its origin), the cached manifold is returned.
//! Its points and signed distances are then off by at most twice that tolerance
//! (2 nm by default), far below SAP's near-rigid overlap; any larger motion recomputes it, and
//! the tolerance is measured from the pose of the computation, so slow creep cannot
//! accumulate.
//!
//! Speculative margins: a geometry that moved by `d` (a bound over its points) in the
//! last step is expected to move about as far in the next, so its contacts with the
//! static world (half-spaces, static shapes) are searched up to `margin + 2 d`, and a
//! falling or thrown object gets its floor and table contacts the step before it
//! would cross them instead of after. Pairs of moving geometries keep the plain margin
//! (their boxes and manifolds would grow for every moving pair: measured on
//! `panda-drop`, 40 % more narrow-phase time for no fewer Newton iterations).
//! SAP handles a contact that is still open (`phi0 > 0`) exactly: it pushes only when
//! the predicted gap `phi0 + dt v_n` closes (Section V). A cached manifold is reused
//! only when it was computed with a margin in `[m, 2 m]` for the current `m`.
//!
//! Persistent contacts: each pair keeps the (up to four) points it used in the last
//! step, anchored in both geometries' frames. The new manifold's points are merged with
//! them, each re-evaluated at the current poses along the new normal
//! (`phi = <n, p_b - p_a>`), as long as the normal turned by less than the angle
//! tolerance, the point is within the margin and its anchors slid apart along the
//! contact plane by less than a tenth of the margin; the union is reduced to four by
//! `wolfe::collide::halfspace::reduce_supported` (the largest area among the points
//! penetrating or within a tenth of the margin of the deepest, chosen by their positions
//! alone, then the rest). Why: the narrow phase picks one
//! incident face per call, and a round hull resting on a vertex or an edge flips
//! between adjacent faces with every micro-radian of rocking (`panda-drop`'s lemon on
//! the table: points {A, B, C} one step, {A, C, D} the next, dropping B while it
//! penetrated 13 µm). The body then sank at the dropped vertex, rocked back, and
//! chattered at 3e-4 m/s for seconds, and every step's warm start was far from its
//! solution. With the points kept, the resting piles settle: 1.0 Newton iteration per
//! step at rest instead of 3.3, 2.95 over the run instead of 5.29 (both with the
//! half-space reduction fix; `cargo run --release -p wolfe-robot --example
//! panda_drop_newton`). This is the persistent manifold of game physics engines
//! (Bullet's `btPersistentManifold`), with SAP's exact signed distances along the
//! normal instead of a penetration estimate.
//!
//! Filtering: two static geometries never pair; two geometries of one tree pair only
//! when the tree has [`crate::TreeEntry::self_collision`] set (off by default, as URDF
//! users expect for arms, whose link hulls overlap at the joints), and then never when
//! their bodies are the same or parent and child (adjacent links). User filters on top:
//! collision bits per geometry (MuJoCo's `contype`/`conaffinity`,
//! [`RobotWorld::set_collision_bits`]) and excluded body pairs (MJCF's `<exclude>`,
//! [`RobotWorld::exclude_bodies`]).

use wolfe::collide::halfspace::{reduce_supported, SUPPORT_BAND};
use wolfe::{Aabb, ContactManifold, ContactPoint, ConvexShape, Vec3};
use wolfe_multibody::Se3;

use crate::error::RobotError;
use crate::narrow::NarrowPhase;
use crate::world::{Geometry, Owner, RobotWorld};

/// The default of [`crate::StepSettings::reuse_tolerance`]: how far (m) every point of a
/// geometry may have moved since its pair's manifold was computed for the cached
/// manifold to be reused (see the module docs).
pub const REUSE_TOLERANCE: f64 = 1e-9;

/// A manifold computed at two world poses (the second geometry's pose is unused for
/// half-space pairs).
#[derive(Clone, Copy, Debug)]
struct Cached {
    xa: Se3,
    xb: Se3,
    margin: f64,
    manifold: Option<ContactManifold>,
}

impl Cached {
    /// Whether it holds every contact within `margin` (and few beyond).
    fn covers(&self, margin: f64) -> bool {
        self.margin >= margin && self.margin <= 2.0 * margin
    }
}

/// A contact point kept from the last step, anchored in the frames of its two
/// geometries (the world for a half-space).
#[derive(Clone, Copy, Debug, Default)]
struct Anchor {
    a: Vec3,
    b: Vec3,
}

/// The points a pair used in the last step (persistent contacts, see the module docs).
#[derive(Clone, Copy, Debug, Default)]
struct Persistent {
    normal: Vec3,
    anchors: [Anchor; 4],
    len: usize,
}

/// Persistent contacts: a kept point is dropped once its two anchors have slid apart
/// along the contact plane by more than this fraction of the margin.
const PERSIST_DRIFT: f64 = 0.1;

/// Persistent contacts: a kept point within this fraction of the margin of a new
/// point (on B) is the same point, and the new one is used.
const PERSIST_MERGE: f64 = 0.02;

/// An upper bound on how far any point within `radius` of the origin moved from `x0`
/// to `x1`: `|p1 - p0| + radius |R1 - R0|_F`.
fn moved(x0: &Se3, x1: &Se3, radius: f64) -> f64 {
    (x1.pos - x0.pos).norm() + radius * (x1.rot - x0.rot).norm()
}

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

/// Reused buffers of contact detection, and the manifold cache.
#[derive(Debug, Default)]
pub(crate) struct Detector {
    poses: Vec<wolfe::Pose>,
    world_poses: Vec<Se3>,
    /// The world poses of the previous call and each geometry's speculative margin.
    previous: Vec<Se3>,
    speculative: Vec<f64>,
    aabbs: Vec<Aabb>,
    /// Largest distance of each geometry's local bounding box from its origin.
    radii: Vec<f64>,
    /// Per geometry pair `i * n + j` (`i < j`), the last manifold.
    pairs: Vec<Option<Cached>>,
    /// Per half-space `k` and geometry `g`, `k * n + g`, the last manifold.
    planes: Vec<Option<Cached>>,
    /// The points each pair used in the last step (indexed as `pairs`, then `planes`
    /// after `n * n`).
    persistent: Vec<Persistent>,
    /// Manifolds computed / reused by the last [`Detector::detect`].
    pub(crate) computed: usize,
    pub(crate) reused: usize,
}

fn push_points(
    normal: &Vec3,
    points: &[ContactPoint],
    a: ContactObject,
    b: usize,
    friction: f64,
    out: &mut Vec<RobotContact>,
) {
    for p in points {
        out.push(RobotContact {
            a,
            b,
            point: 0.5 * (p.point_a + p.point_b),
            normal: *normal,
            phi0: p.signed_distance,
            friction,
        });
    }
}

/// Persistent contacts (see the module docs): the points of the pair's new manifold
/// `m` (geometries at `xa`, `xb`) merged with the points it used in the last step
/// (`slot`), re-evaluated at the current poses along the new normal, reduced to four
/// by [`reduce_supported`]; `slot` is updated to the points returned. `None` clears it.
fn persist(
    slot: &mut Persistent,
    m: Option<&ContactManifold>,
    xa: &Se3,
    xb: &Se3,
    margin: f64,
    angle_tolerance: f64,
    out: &mut [ContactPoint; 8],
) -> usize {
    let Some(m) = m else {
        slot.len = 0;
        return 0;
    };
    let n = m.normal;
    let mut len = 0;
    for p in m.points() {
        out[len] = *p;
        len += 1;
    }
    if slot.len > 0 && slot.normal.dot(&n) >= angle_tolerance.cos() {
        let merge2 = (PERSIST_MERGE * margin).powi(2);
        for k in 0..slot.len {
            let an = slot.anchors[k];
            let pa = xa.rot * an.a + xa.pos;
            let pb = xb.rot * an.b + xb.pos;
            let gap = pb - pa;
            let d = n.dot(&gap);
            let drift = (gap - d * n).norm();
            if d > margin || drift > PERSIST_DRIFT * margin {
                continue;
            }
            if out[..m.points().len()]
                .iter()
                .any(|q| (q.point_b - pb).norm_squared() <= merge2)
            {
                continue;
            }
            // ContactPoint is non-exhaustive: fill a default one.
            let mut c = ContactPoint::default();
            c.point_a = pa;
            c.point_b = pb;
            c.signed_distance = d;
            out[len] = c;
            len += 1;
        }
    }
    let mut chosen = [ContactPoint::default(); 4];
    let mut count = 0;
    for i in reduce_supported(&out[..len], &n, SUPPORT_BAND * margin, false)
        .into_iter()
        .flatten()
    {
        chosen[count] = out[i];
        count += 1;
    }
    out[..count].copy_from_slice(&chosen[..count]);
    let (ia, ib) = (xa.inverse(), xb.inverse());
    slot.normal = n;
    slot.len = count;
    for (anchor, p) in slot.anchors.iter_mut().zip(&chosen[..count]) {
        anchor.a = ia.rot * p.point_a + ia.pos;
        anchor.b = ib.rot * p.point_b + ib.pos;
    }
    count
}

impl Detector {
    /// The contacts of `world` at its trees' current body placements, into `out`.
    pub(crate) fn detect(
        &mut self,
        world: &RobotWorld,
        narrow: &mut NarrowPhase,
        reuse_tolerance: f64,
        out: &mut Vec<RobotContact>,
    ) -> Result<(), RobotError> {
        out.clear();
        let half = 0.5 * narrow.margin();
        let n = world.geometries.len();
        if self.radii.len() != n || self.planes.len() != n * world.half_spaces.len() {
            self.radii = world
                .geometries
                .iter()
                .map(|g| {
                    let b = g.shape.local_aabb();
                    b.min.abs().sup(&b.max.abs()).norm() + g.shape.radius()
                })
                .collect();
            self.pairs = vec![None; n * n];
            self.planes = vec![None; n * world.half_spaces.len()];
            self.persistent = vec![Persistent::default(); n * n + n * world.half_spaces.len()];
        }
        std::mem::swap(&mut self.previous, &mut self.world_poses);
        self.poses.clear();
        self.world_poses.clear();
        self.aabbs.clear();
        self.speculative.clear();
        for (g, geom) in world.geometries.iter().enumerate() {
            let x = world.geometry_pose(g);
            let pose = x.to_pose();
            let extra = match (geom.owner, self.previous.get(g)) {
                (Owner::Body { .. }, Some(x0)) => 2.0 * moved(x0, &x, self.radii[g]),
                _ => 0.0,
            };
            self.aabbs
                .push(geom.shape.local_aabb().transformed(&pose).inflated(half));
            self.poses.push(pose);
            self.world_poses.push(x);
            self.speculative.push(extra);
        }
        let margin = narrow.margin();
        self.computed = 0;
        self.reused = 0;
        let geoms = &world.geometries;
        for i in 0..geoms.len() {
            for j in i + 1..geoms.len() {
                if !pair_allowed(world, &geoms[i], &geoms[j]) {
                    continue;
                }
                // Speculation only against static geometry (see the module docs).
                let speculative = match (geoms[i].owner, geoms[j].owner) {
                    (Owner::World, _) => self.speculative[j],
                    (_, Owner::World) => self.speculative[i],
                    _ => 0.0,
                };
                if !self.aabbs[i].inflated(speculative).intersects(&self.aabbs[j]) {
                    self.persistent[i * n + j].len = 0;
                    continue;
                }
                // A static geometry is always A.
                let (a, b) = if geoms[j].owner == Owner::World {
                    (j, i)
                } else {
                    (i, j)
                };
                let (ga, gb) = (&geoms[a], &geoms[b]);
                let (xa, xb) = (self.world_poses[a], self.world_poses[b]);
                let pair_margin = margin + speculative;
                let slot = &mut self.pairs[i * n + j];
                let manifold = match slot {
                    Some(c)
                        if c.covers(pair_margin)
                            && moved(&c.xa, &xa, self.radii[a]) <= reuse_tolerance
                            && moved(&c.xb, &xb, self.radii[b]) <= reuse_tolerance =>
                    {
                        self.reused += 1;
                        c.manifold
                    }
                    _ => {
                        self.computed += 1;
                        let m = narrow.shapes(
                            &ga.shape,
                            &self.poses[a],
                            &gb.shape,
                            &self.poses[b],
                            pair_margin,
                        )?;
                        *slot = Some(Cached {
                            xa,
                            xb,
                            margin: pair_margin,
                            manifold: m,
                        });
                        m
                    }
                };
                let mut points = [ContactPoint::default(); 8];
                let count = persist(
                    &mut self.persistent[i * n + j],
                    manifold.as_ref(),
                    &xa,
                    &xb,
                    pair_margin,
                    narrow.angle_tolerance(),
                    &mut points,
                );
                if let Some(m) = manifold {
                    push_points(
                        &m.normal,
                        &points[..count],
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
                if geom.owner == Owner::World || geom.collision_type | geom.collision_affinity == 0 {
                    continue;
                }
                // The box test first: a geometry whose grown box lies outside the
                // plane by more than the margin has no contact with it.
                let b = &self.aabbs[g];
                let nrm = plane.normal();
                let lowest = Vec3::new(
                    if nrm.x > 0.0 { b.min.x } else { b.max.x },
                    if nrm.y > 0.0 { b.min.y } else { b.max.y },
                    if nrm.z > 0.0 { b.min.z } else { b.max.z },
                );
                let plane_margin = margin + self.speculative[g];
                if plane.signed_distance_to_point(&lowest) > margin + self.speculative[g] {
                    self.planes[k * n + g] = None;
                    self.persistent[n * n + k * n + g].len = 0;
                    continue;
                }
                let x = self.world_poses[g];
                let slot = &mut self.planes[k * n + g];
                let manifold = match slot {
                    Some(c)
                        if c.covers(plane_margin) && moved(&c.xa, &x, self.radii[g]) <= reuse_tolerance =>
                    {
                        self.reused += 1;
                        c.manifold
                    }
                    _ => {
                        self.computed += 1;
                        let m = narrow.half_space(plane, &geom.shape, &self.poses[g], plane_margin)?;
                        *slot = Some(Cached {
                            xa: x,
                            xb: x,
                            margin: plane_margin,
                            manifold: m,
                        });
                        m
                    }
                };
                let mut points = [ContactPoint::default(); 8];
                let count = persist(
                    &mut self.persistent[n * n + k * n + g],
                    manifold.as_ref(),
                    &Se3::identity(),
                    &x,
                    plane_margin,
                    narrow.angle_tolerance(),
                    &mut points,
                );
                if let Some(m) = manifold {
                    push_points(
                        &m.normal,
                        &points[..count],
                        ContactObject::HalfSpace(k),
                        g,
                        mu.min(geom.friction),
                        out,
                    );
                }
            }
        }
        Ok(())
    }
}

/// Whether two geometries may touch: not two static ones, not two links of one tree
/// without self-collision, not one body's own geometries, and not adjacent links
/// (parent and child, or a tree's root body and the link welded to the world that it
/// is jointed to: URDF robots' meshes overlap at their joints, and users expect those
/// pairs filtered).
fn pair_allowed(world: &RobotWorld, a: &Geometry, b: &Geometry) -> bool {
    if !a.bits_allow(b) || world.excluded(a.owner, b.owner) {
        return false;
    }
    match (a.owner, b.owner) {
        (Owner::World, Owner::World) => false,
        (Owner::Body { tree: ta, body: ba }, Owner::Body { tree: tb, body: bb }) if ta == tb => {
            let tree = &world.trees[ta];
            if !tree.self_collision || ba == bb {
                return false;
            }
            let bodies = tree.model.bodies();
            bodies[ba].parent != Some(bb) && bodies[bb].parent != Some(ba)
        }
        (Owner::World, Owner::Body { tree, body }) => !is_base_joint(world, a.base_of, tree, body),
        (Owner::Body { tree, body }, Owner::World) => !is_base_joint(world, b.base_of, tree, body),
        _ => true,
    }
}

/// Whether `body` of `tree` is a root body jointed to the welded link of tree
/// `base_of`.
fn is_base_joint(world: &RobotWorld, base_of: Option<usize>, tree: usize, body: usize) -> bool {
    base_of == Some(tree) && world.trees[tree].model.bodies()[body].parent.is_none()
}
