//! Contact detection for one step (Section II-A): candidate pairs from the broad phase,
//! contact manifolds from the narrow phase within a margin.
//!
//! Bodies and posed static shapes go through the broad phase on their world boxes
//! (grown by half the margin each, so that pairs closer than the margin are found);
//! each candidate pair gets a manifold (GJK, EPA, face clipping: up to four points),
//! warm-started from the pair's [`PairCache`] of the previous step (GJK++ Sec. IV-E:
//! the separation direction, and the meshes' hill-climbing hints); a pair that leaves
//! the broad phase loses its cache.
//! Speculative margins: a body moving fast closes more than the margin in one step, and
//! a pair first seen already overlapping is pushed apart only after it has sunk in
//! (the clutter drop at 6 m/s closes 6 cm per 10 ms step against a 2 cm margin). Each
//! body therefore carries a reach, the farthest any of its points can travel during
//! the step, and a pair is kept up to `margin + reach_a + reach_b` apart: SAP sees the
//! contact as `phi0 > 0` with the closing velocity, and its constraint activates only
//! when `phi0 + dt v_n` would be negative (Eq. 18), so a far contact costs a row of
//! J but changes no impulse.
//! Half-spaces are unbounded and few: every body is tested against each in closed
//! form, unless its world box alone puts it beyond the margin (a cull that skips only
//! queries that would find nothing). A pair's warm-start state stays in place between
//! detections (`detect/slots.rs`), so that only indices move. Each manifold point becomes one contact of the SAP problem, with the pair's
//! combined material, located between its two witness points by the stiffnesses: the
//! stiffer side's surface dominates (the softer body deforms to it), so a compliant
//! body on rigid ground touches it on the ground, and equal materials meet halfway.
//!
//! [`ContactQuery::GrowthDistance`] takes the pairs' contacts from growth distance
//! instead (the growth paper's Fig. 6 setting; `detect/growth.rs` says how its growth
//! factor becomes a gap). Both queries keep their points in the one persistent manifold
//! (`detect/persistent.rs`), each with its own keep rule. Half-spaces stay in closed
//! form in both modes: a half-space is unbounded and has no centre to grow about.

mod composite;
mod growth;
mod halfspace;
mod patch;

pub use patch::{ContactPatches, PatchPolygon};
mod persistent;
mod slots;

use composite::{PartPairs, PartPlane};

use growth::{GrowthContact, GrowthContacts};
use halfspace::plane_contact;
use patch::Patches;
pub(crate) use persistent::moved;
use persistent::{KeepRule, Persistent, Reused, REUSE_SLACK};
use slots::PairSlots;
use wolfe::SweepAndPrune;
use wolfe::{
    Aabb, ContactManifold, ContactPoint, ContactSolver, ConvexShape, Geometry, ManifoldSettings, PairCache,
    Pose, Shape, SignedDistanceSettings, Vec3, WolfeError,
};

use crate::body::Material;
use crate::error::SimError;
use crate::tree::CollisionFilter;
use crate::world::{Collider, StaticGeometry, World};

/// The default of [`crate::SimSettings::reuse_tolerance`]: how far (m) every point of a
/// shape may have moved since its pair's manifold was computed for that manifold to be
/// reused.
pub const REUSE_TOLERANCE: f64 = 1e-9;

/// The query that gives the contacts of a pair of bounded shapes (body-body and
/// body-static shape; half-spaces are always in closed form).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ContactQuery {
    /// Signed distance (GJK, EPA when the cores overlap) and face clipping: up to four
    /// points per pair, each at its own signed distance, kept as persistent contacts.
    #[default]
    SignedDistance,
    /// Growth distance (Thirugnanam & Sreenath, Alg. 3), as the growth paper's Fig. 6
    /// simulation uses it: one point per pair and step, from the growth query's witness
    /// points and certificate normal, with gap `(1 - 1/alpha) <n, c_b - c_a>` (the
    /// distance between the shapes' supporting planes of normal `n`; never above the
    /// signed distance), kept in a persistent manifold of up to four points (Bullet's).
    /// A pair whose query does not converge falls back to signed distance.
    GrowthDistance,
}

/// A pair's state kept between detections: its warm-start cache, its persistent
/// points and its last manifold.
#[derive(Clone, Copy, Debug, Default)]
struct PairState {
    cache: PairCache,
    kept: Persistent,
    reused: Option<Reused>,
}

impl PairState {
    /// The pair's manifold for shapes at `xa`, `xb` (bounding radii `ra`, `rb`): the last
    /// one while it still fits (counted in `reused`), else `compute(wide margin, cache)`,
    /// kept for the next detection.
    #[allow(clippy::too_many_arguments)]
    fn manifold(
        &mut self, xa: &Pose, xb: &Pose, (ra, rb): (f64, f64), (margin, slack, tolerance): (f64, f64, f64),
        reused: &mut usize,
        compute: impl FnOnce(f64, &mut PairCache) -> Result<Option<ContactManifold>, WolfeError>,
    ) -> Result<Option<ContactManifold>, WolfeError> {
        if let Some(r) = self.reused.filter(|r| r.fits(xa, xb, ra, rb, margin, tolerance)) {
            *reused += 1;
            return Ok(r.manifold);
        }
        let wide = margin * slack;
        let m = compute(wide, &mut self.cache)?;
        self.reused = Some(Reused {
            xa: *xa,
            xb: *xb,
            margin: wide,
            manifold: m,
        });
        Ok(m)
    }

    /// The contact points of manifold `m` within `margin` into `out`, merged with the
    /// pair's kept points when `persistent`; returns how many.
    fn points(
        &mut self, m: Option<&ContactManifold>, (xa, xb): (&Pose, &Pose), margin: f64, angle_tolerance: f64,
        persistent: bool, out: &mut [ContactPoint; 8],
    ) -> usize {
        if persistent {
            let rule = KeepRule::manifold(margin, angle_tolerance);
            let fresh = m.map(|m| (&m.normal, m.points()));
            self.kept.merge(fresh, (xa, xb), margin, &rule, out)
        } else {
            copy_points(m, margin, out)
        }
    }
}

/// One contact point between two colliders.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DetectedContact {
    /// The first object (static geometry, when one side is static).
    pub a: Collider,
    /// The second object, always a rigid body or a link.
    pub b: Collider,
    /// The contact point (between the witness points, weighted by stiffness), world
    /// frame.
    pub point: Vec3,
    /// Unit normal from A to B.
    pub normal: Vec3,
    /// Signed distance at detection, metres (negative: penetration).
    pub phi0: f64,
    /// The pair's combined material.
    pub material: Material,
}

/// The posed moving shapes of one detection: rigid bodies' poses (body frames) and
/// links' world poses, with how far each may move in the coming step (speculative
/// contacts; empty: nothing moves).
#[derive(Clone, Copy, Debug)]
pub struct MovingShapes<'a> {
    /// Rigid body poses, one per [`World::bodies`].
    pub body_poses: &'a [Pose],
    /// How far any point of each rigid body may move in the step, metres.
    pub body_reach: &'a [f64],
    /// World poses of the link geometries, one per [`World::links`].
    pub link_poses: &'a [Pose],
    /// How far any point of each link geometry may move in the step, metres.
    pub link_reach: &'a [f64],
}

/// The caller-owned state of contact detection: narrow-phase solver, broad phase and
/// buffers, reused across steps.
#[derive(Debug)]
pub struct ContactDetector {
    settings: ManifoldSettings,
    query: ContactQuery,
    reuse_tolerance: f64,
    persistent: bool,
    narrow: ContactSolver,
    growth: GrowthContacts,
    broad: SweepAndPrune,
    aabbs: Vec<Aabb>,
    /// Each moving shape's world pose this detection (bodies, then links).
    shape_poses: Vec<Pose>,
    /// Each moving shape's world box, not inflated (the half-space cull).
    shape_boxes: Vec<Aabb>,
    /// Each moving shape's reach this detection.
    reach: Vec<f64>,
    /// Each broad-phase entry's bounding radius about its shape's origin (the reuse
    /// test), computed once per world.
    radii: Vec<f64>,
    pairs: Vec<(usize, usize)>,
    /// Indices of the static shapes in the broad phase (after the moving shapes).
    static_shapes: Vec<usize>,
    /// The state of each broad-phase pair, kept in place from one detection to the
    /// next (GJK++ Sec. IV-E warm starts, persistent points); a pair that leaves the
    /// broad phase loses it.
    states: PairSlots<PairState>,
    /// The same per (half-space, moving shape) pair.
    plane_states: PairSlots<PairState>,
    /// The pairs with a compound or a triangle mesh on a side: their part pairs' states.
    parts: PartPairs,
    /// Per broad-phase entry, a convex link's or static shape's geometry as a
    /// [`Geometry`] (cloned once per world), for its pairs with compounds and meshes;
    /// `None` for entries that hold a geometry already (bodies, static composites).
    owned: Vec<Option<Geometry>>,
    /// The contact surfaces of pairs with a compliant side (hydroelastic contact).
    patches: Patches,
    /// Narrow-phase queries of bounded pairs run by the last detection.
    pair_queries: usize,
    /// Manifolds reused by the last detection (nothing moved).
    reused: usize,
}

/// One broad-phase entry of a detection, looked up by index.
struct Entry<'w> {
    collider: Collider,
    /// The convex shape, when the entry is one (the convex queries' path).
    convex: Option<&'w Shape>,
    /// The whole geometry (a convex entry's too).
    geometry: &'w Geometry,
    pose: Pose,
    material: &'w Material,
    filter: CollisionFilter,
    reach: f64,
}

impl ContactDetector {
    /// A detector keeping contacts up to `margin` metres apart, with multi-point
    /// manifolds for faces within `angle_tolerance` radians of the normal, and the
    /// narrow phase run with `narrow_phase`.
    pub fn new(
        margin: f64, angle_tolerance: f64, narrow_phase: SignedDistanceSettings,
    ) -> Result<Self, SimError> {
        let settings = ManifoldSettings::default()
            .with_margin(margin)
            .with_angle_tolerance(angle_tolerance);
        settings.validate()?;
        Ok(Self {
            settings,
            query: ContactQuery::SignedDistance,
            reuse_tolerance: 0.0,
            persistent: false,
            narrow: ContactSolver::new(narrow_phase)?,
            parts: PartPairs::new(narrow_phase)?,
            owned: Vec::new(),
            growth: GrowthContacts::new()?,
            broad: SweepAndPrune::new(),
            aabbs: Vec::new(),
            shape_poses: Vec::new(),
            shape_boxes: Vec::new(),
            reach: Vec::new(),
            radii: Vec::new(),
            pairs: Vec::new(),
            static_shapes: Vec::new(),
            states: PairSlots::default(),
            plane_states: PairSlots::default(),
            patches: Patches::default(),
            pair_queries: 0,
            reused: 0,
        })
    }

    /// This detector with the contacts of bounded pairs taken from `query`.
    pub fn with_query(mut self, query: ContactQuery) -> Self {
        self.query = query;
        self
    }

    /// This detector reusing a pair's signed-distance manifold while neither shape has
    /// moved by more than `tolerance` metres (a bound over its points) since it was
    /// computed (0: only for shapes that did not move at all). The points and signed
    /// distances are then off by at most twice the tolerance.
    pub fn with_reuse_tolerance(mut self, tolerance: f64) -> Self {
        self.reuse_tolerance = tolerance;
        self
    }

    /// This detector keeping persistent contacts (see `detect/persistent.rs`).
    pub fn with_persistent_contacts(mut self, persistent: bool) -> Self {
        self.persistent = persistent;
        self
    }

    /// The query that gives the contacts of bounded pairs.
    pub fn query(&self) -> ContactQuery {
        self.query
    }

    /// Narrow-phase queries of bounded pairs (body-body, body-static shape) run by the
    /// last [`ContactDetector::detect`]; half-space tests are not counted.
    pub fn pair_queries(&self) -> usize {
        self.pair_queries
    }

    /// Contacts the last detection made from contact-surface polygons (pairs with a
    /// compliant hydroelastic side, see [`crate::hydroelastic`]).
    pub fn patch_contacts(&self) -> usize {
        self.patches.made.polygons.len()
    }

    /// The polygons of the last detection's contact surfaces that became contacts,
    /// with their vertices.
    pub fn contact_patches(&self) -> &ContactPatches {
        &self.patches.made
    }

    /// Manifolds the last detection reused because nothing had moved.
    pub fn reused_manifolds(&self) -> usize {
        self.reused
    }

    /// Of the last detection's pair queries under [`ContactQuery::GrowthDistance`], how
    /// many did not converge (or had coinciding centres) and were answered by signed
    /// distance instead.
    pub fn growth_fallbacks(&self) -> usize {
        self.growth.fallbacks
    }

    /// The contacts of the world with its moving shapes at `moving`, written to `out`
    /// (cleared first). Pairs are kept up to the margin plus both reaches apart.
    pub fn detect(
        &mut self, world: &World, moving: &MovingShapes<'_>, out: &mut Vec<DetectedContact>,
    ) -> Result<(), SimError> {
        out.clear();
        let margin = self.settings.margin;
        self.aabbs.clear();
        self.shape_poses.clear();
        self.shape_boxes.clear();
        self.reach.clear();
        let reach_of = |r: &[f64], i: usize| r.get(i).copied().unwrap_or(0.0);
        for (i, body) in world.bodies().iter().enumerate() {
            let pose = body.shape_world_pose(&moving.body_poses[i]);
            self.push_moving(body.shape.local_aabb(), pose, reach_of(moving.body_reach, i));
        }
        for (g, link) in world.links().iter().enumerate() {
            let reach = reach_of(moving.link_reach, g);
            self.push_moving(link.shape.local_aabb(), moving.link_poses[g], reach);
        }
        self.static_shapes.clear();
        for (k, s) in world.statics().iter().enumerate() {
            let local = match s {
                StaticGeometry::Shape(shape, pose, _) => shape.local_aabb().transformed(pose),
                StaticGeometry::Composite(g, pose, _) => g.local_aabb().transformed(pose),
                StaticGeometry::HalfSpace(..) => continue,
            };
            self.aabbs.push(local.inflated(0.5 * margin));
            self.static_shapes.push(k);
        }
        if self.radii.len() != self.aabbs.len() {
            self.owned = (0..self.aabbs.len())
                .map(|e| owned_geometry(world, &self.static_shapes, e))
                .collect();
            self.radii = (0..self.aabbs.len())
                .map(|e| {
                    let b = self.entry(world, &self.owned, e).geometry.local_aabb();
                    b.min.abs().sup(&b.max.abs()).norm()
                })
                .collect();
        }
        self.broad.update(&self.aabbs, &mut self.pairs);
        self.pair_queries = 0;
        self.reused = 0;
        self.patches.begin();
        self.growth.queries = 0;
        self.growth.fallbacks = 0;
        // The walks over the pairs end (slots freed) even when a query fails.
        let owned = std::mem::take(&mut self.owned);
        self.states.begin();
        self.parts.begin(PartPlane::Bounded);
        let walked = self.bounded_pairs(world, &owned, out);
        self.states.finish();
        self.parts.finish(PartPlane::Bounded);
        let walked = walked.and_then(|()| {
            self.plane_states.begin();
            self.parts.begin(PartPlane::HalfSpace);
            let walked = self.half_space_pairs(world, &owned, out);
            self.plane_states.finish();
            self.parts.finish(PartPlane::HalfSpace);
            walked
        });
        self.owned = owned;
        walked
    }

    /// The factor over a pair's margin its manifold is computed with: [`REUSE_SLACK`]
    /// when manifolds are reused, else 1 (the exact margin).
    fn slack(&self) -> f64 {
        if self.reuse_tolerance > 0.0 {
            REUSE_SLACK
        } else {
            1.0
        }
    }

    fn push_moving(&mut self, local: Aabb, pose: Pose, reach: f64) {
        let aabb = local.transformed(&pose);
        self.shape_poses.push(pose);
        self.shape_boxes.push(aabb);
        self.reach.push(reach);
        self.aabbs.push(aabb.inflated(0.5 * self.settings.margin + reach));
    }

    /// Broad-phase entry `e`: the moving shapes (bodies, then links), then the static
    /// shapes.
    fn entry<'w>(&self, world: &'w World, owned: &'w [Option<Geometry>], e: usize) -> Entry<'w> {
        let (nb, nl) = (world.bodies().len(), world.links().len());
        let placeholder = || -> &'w Geometry {
            owned
                .get(e)
                .and_then(Option::as_ref)
                .expect("the detector clones each convex link and static shape")
        };
        if e < nb {
            let b = &world.bodies()[e];
            Entry {
                collider: Collider::Body(e),
                convex: match &b.shape {
                    Geometry::Convex(s) => Some(s),
                    _ => None,
                },
                geometry: &b.shape,
                pose: self.shape_poses.get(e).copied().unwrap_or_else(Pose::identity),
                material: &b.material,
                filter: b.filter,
                reach: self.reach.get(e).copied().unwrap_or(0.0),
            }
        } else if e < nb + nl {
            let l = &world.links()[e - nb];
            Entry {
                collider: Collider::Link(e - nb),
                convex: Some(&l.shape),
                geometry: placeholder(),
                pose: self.shape_poses.get(e).copied().unwrap_or_else(Pose::identity),
                material: &l.material,
                filter: l.filter,
                reach: self.reach.get(e).copied().unwrap_or(0.0),
            }
        } else {
            let k = self.static_shapes[e - nb - nl];
            let (convex, geometry, pose, material) = match &world.statics()[k] {
                StaticGeometry::Shape(shape, pose, material) => (Some(shape), placeholder(), pose, material),
                StaticGeometry::Composite(g, pose, material) => (None, g, pose, material),
                StaticGeometry::HalfSpace(..) => unreachable!("half-spaces are not in the broad phase"),
            };
            Entry {
                collider: Collider::Static(k),
                convex,
                geometry,
                pose: *pose,
                material,
                filter: CollisionFilter::default(),
                reach: 0.0,
            }
        }
    }

    /// The contacts of the broad phase's pairs, each from its state in `self.states`
    /// and leaving it there for the next detection; inside a walk of `self.states`.
    fn bounded_pairs(
        &mut self, world: &World, owned: &[Option<Geometry>], out: &mut Vec<DetectedContact>,
    ) -> Result<(), SimError> {
        let moving = self.shape_poses.len();
        let margin = self.settings.margin;
        for pi in 0..self.pairs.len() {
            let (i, j) = self.pairs[pi];
            if i >= moving && j >= moving {
                continue;
            }
            // i < j: a static shape (index >= moving) is always j, and becomes A.
            let (ea, eb) = if j >= moving {
                (self.entry(world, owned, j), self.entry(world, owned, i))
            } else {
                (self.entry(world, owned, i), self.entry(world, owned, j))
            };
            if !pair_allowed(world, &ea, &eb) {
                continue;
            }
            if self.patches.pair(world, &ea, &eb, out) {
                self.pair_queries += 1;
                continue;
            }
            let (ra, rb) = if j >= moving {
                (self.radii[j], self.radii[i])
            } else {
                (self.radii[i], self.radii[j])
            };
            let slack = self.slack();
            let settings = self.settings.with_margin(margin + ea.reach + eb.reach);
            let (Some(shape_a), Some(shape_b)) = (ea.convex, eb.convex) else {
                let walk = Walk {
                    settings,
                    reuse: (slack, self.reuse_tolerance),
                    angle_tolerance: self.settings.angle_tolerance,
                    persistent: self.persistent,
                };
                let counts = (&mut self.pair_queries, &mut self.reused);
                self.parts.pair((i, j), (&ea, &eb), &walk, counts, out)?;
                continue;
            };
            let slot = self.states.slot((i, j));
            self.pair_queries += 1;
            let pair = Pair {
                a: (ea.collider, ea.material),
                b: (eb.collider, eb.material),
            };
            let state = self.states.state_mut(slot);
            let mut signed = self.query == ContactQuery::SignedDistance;
            if !signed {
                let query = self.growth.contact(
                    (shape_a, &ea.pose),
                    (shape_b, &eb.pose),
                    settings.margin,
                    &mut state.cache,
                )?;
                let mut points = [ContactPoint::default(); 8];
                let rule = KeepRule::single_point(margin);
                let poses = (&ea.pose, &eb.pose);
                match query {
                    GrowthContact::Point(normal, p) => {
                        let fresh = Some((&normal, std::slice::from_ref(&p)));
                        let count = state
                            .kept
                            .merge(fresh, poses, settings.margin, &rule, &mut points);
                        pair.push_points(&normal, &points[..count], out);
                    }
                    GrowthContact::Far => {
                        state.kept.merge(None, poses, settings.margin, &rule, &mut points);
                    }
                    GrowthContact::Fallback => signed = true,
                }
            }
            if signed {
                let narrow = &mut self.narrow;
                let manifold = state.manifold(
                    &ea.pose,
                    &eb.pose,
                    (ra, rb),
                    (settings.margin, slack, self.reuse_tolerance),
                    &mut self.reused,
                    |wide, cache| {
                        let wide = settings.with_margin(wide);
                        narrow.manifold(shape_a, &ea.pose, shape_b, &eb.pose, &wide, Some(cache))
                    },
                )?;
                let mut points = [ContactPoint::default(); 8];
                let count = state.points(
                    manifold.as_ref(),
                    (&ea.pose, &eb.pose),
                    settings.margin,
                    self.settings.angle_tolerance,
                    self.persistent,
                    &mut points,
                );
                if let Some(m) = &manifold {
                    pair.push_points(&m.normal, &points[..count], out);
                }
            }
        }
        Ok(())
    }

    /// The contacts of every moving shape with every half-space, in closed form,
    /// unless its world box alone puts it beyond the margin (a compound's: each part's,
    /// each part on its own); inside a walk of `self.plane_states`.
    fn half_space_pairs(
        &mut self, world: &World, owned: &[Option<Geometry>], out: &mut Vec<DetectedContact>,
    ) -> Result<(), SimError> {
        let margin = self.settings.margin;
        for (k, s) in world.statics().iter().enumerate() {
            let StaticGeometry::HalfSpace(plane, material) = s else {
                continue;
            };
            for e in 0..self.shape_poses.len() {
                let eb = self.entry(world, owned, e);
                if !eb.filter.touches_anything() {
                    continue;
                }
                if self.patches.plane(world, (k, plane, material), &eb, out) {
                    continue;
                }
                let walk = Walk {
                    settings: self.settings.with_margin(margin + eb.reach),
                    reuse: (self.slack(), self.reuse_tolerance),
                    angle_tolerance: self.settings.angle_tolerance,
                    persistent: self.persistent,
                };
                let Some(shape) = eb.convex else {
                    let plane = (k, plane, material);
                    self.parts.plane(plane, e, &eb, &walk, &mut self.reused, out)?;
                    continue;
                };
                let mut points = [ContactPoint::default(); 8];
                let body = (shape, &eb.pose, &self.shape_boxes[e], self.radii[e]);
                let slots = (&mut self.plane_states, (k, e));
                if let Some((normal, count)) =
                    plane_contact(plane, body, slots, &walk, &mut self.reused, &mut points)?
                {
                    let pair = Pair {
                        a: (Collider::Static(k), material),
                        b: (eb.collider, eb.material),
                    };
                    pair.push_points(&normal, &points[..count], out);
                }
            }
        }
        Ok(())
    }
}

/// The settings of one pair's detection: its manifold settings (margin with both
/// reaches), the reuse slack and tolerance, the angle tolerance of its kept points and
/// whether points persist.
struct Walk {
    settings: ManifoldSettings,
    reuse: (f64, f64),
    angle_tolerance: f64,
    persistent: bool,
}

/// Entry `e`'s convex geometry cloned as a [`Geometry`] when it is a link or a static
/// shape (the moving bodies come first, then the links, then the static shapes listed
/// in `static_shapes`), else `None`.
fn owned_geometry(world: &World, static_shapes: &[usize], e: usize) -> Option<Geometry> {
    let (nb, nl) = (world.bodies().len(), world.links().len());
    if e < nb {
        None
    } else if e < nb + nl {
        Some(Geometry::Convex(world.links()[e - nb].shape.clone()))
    } else {
        match &world.statics()[static_shapes[e - nb - nl]] {
            StaticGeometry::Shape(shape, ..) => Some(Geometry::Convex(shape.clone())),
            _ => None,
        }
    }
}

/// The error for growth distance in a world with a compound or a triangle mesh:
/// growth distance is defined for convex shapes only (Thirugnanam & Sreenath grow a
/// convex set about its centre), so the choice of query is refused when the
/// simulation is built rather than at the first contact.
pub(crate) fn check_query(world: &World, query: ContactQuery) -> Result<(), SimError> {
    if query != ContactQuery::GrowthDistance {
        return Ok(());
    }
    let body = world
        .bodies()
        .iter()
        .find(|b| !matches!(b.shape, Geometry::Convex(_)))
        .map(|b| (format!("body `{}`", b.name), b.shape.kind()));
    let statics = world.statics().iter().enumerate().find_map(|(k, s)| match s {
        StaticGeometry::Composite(g, ..) if !matches!(g, Geometry::Convex(_)) => {
            Some((format!("static geometry {k}"), g.kind()))
        }
        _ => None,
    });
    match body.or(statics) {
        None => Ok(()),
        Some((what, kind)) => Err(SimError::invalid(
            "contact query",
            format!(
                "growth distance is defined for convex shapes only, and {what} is a {kind}: \
                 use the signed-distance query (ContactQuery::SignedDistance)"
            ),
        )),
    }
}

/// The manifold's points within `margin` into `out` (no persistence); returns how many.
fn copy_points(m: Option<&ContactManifold>, margin: f64, out: &mut [ContactPoint; 8]) -> usize {
    let mut len = 0;
    for p in m.map_or(&[][..], |m| m.points()) {
        if p.signed_distance <= margin {
            out[len] = *p;
            len += 1;
        }
    }
    len
}

/// Whether two colliders may touch: their collision groups allow it, they were not
/// excluded, and they are not two links of one tree without self-collision, one
/// body's own geometries, parent and child, or a tree's root body and the link welded
/// to the world that it is jointed to (URDF robots' meshes overlap at their joints,
/// and users expect those pairs filtered).
fn pair_allowed(world: &World, a: &Entry<'_>, b: &Entry<'_>) -> bool {
    if !a.filter.allows(&b.filter) || world.excluded(a.collider, b.collider) {
        return false;
    }
    match (a.collider, b.collider) {
        (Collider::Link(ga), Collider::Link(gb)) => {
            let (la, lb) = (&world.links()[ga], &world.links()[gb]);
            if la.tree != lb.tree {
                return true;
            }
            let tree = &world.trees()[la.tree];
            if !tree.self_collision || la.body == lb.body {
                return false;
            }
            let bodies = tree.model.bodies();
            bodies[la.body].parent != Some(lb.body) && bodies[lb.body].parent != Some(la.body)
        }
        (Collider::Static(k), Collider::Link(g)) | (Collider::Link(g), Collider::Static(k)) => {
            let l = &world.links()[g];
            !(world.static_base(k) == Some(l.tree)
                && world.trees()[l.tree].model.bodies()[l.body].parent.is_none())
        }
        _ => true,
    }
}

/// The two sides of a pair and their materials, to turn its points into contacts.
struct Pair<'m> {
    a: (Collider, &'m Material),
    b: (Collider, &'m Material),
}

impl Pair<'_> {
    /// One contact per point, all with `normal`, at the point between the witness
    /// points weighted by the materials' stiffness.
    fn push_points(&self, normal: &Vec3, points: &[ContactPoint], out: &mut Vec<DetectedContact>) {
        let (ma, mb) = (self.a.1, self.b.1);
        let material = ma.combine(mb);
        let (ka, kb) = (ma.stiffness, mb.stiffness);
        let weight_a = match (ka.is_infinite(), kb.is_infinite()) {
            (true, true) => 0.5,
            (true, false) => 1.0,
            (false, true) => 0.0,
            (false, false) => ka / (ka + kb),
        };
        for p in points {
            out.push(DetectedContact {
                a: self.a.0,
                b: self.b.0,
                point: weight_a * p.point_a + (1.0 - weight_a) * p.point_b,
                normal: *normal,
                phi0: p.signed_distance,
                material,
            });
        }
    }
}
