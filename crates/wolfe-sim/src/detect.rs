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
//! factor becomes a gap and keeps a persistent manifold). Half-spaces stay in closed
//! form in both modes: a half-space is unbounded and has no centre to grow about.

mod growth;
mod slots;

use growth::{GrowthContact, GrowthContacts, GrowthPoint, Persistent};
use slots::PairSlots;
use wolfe::SweepAndPrune;
use wolfe::{
    halfspace_manifold, Aabb, ContactManifold, ContactSolver, HalfSpace, ManifoldSettings, PairCache, Pose,
    SignedDistanceSettings, Vec3,
};

use crate::body::Material;
use crate::error::SimError;
use crate::world::{StaticGeometry, World};

/// The query that gives the contacts of a pair of bounded shapes (body-body and
/// body-static shape; half-spaces are always in closed form).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ContactQuery {
    /// Signed distance (GJK, EPA when the cores overlap) and face clipping: up to four
    /// points per pair, each at its own signed distance.
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

/// A broad-phase pair's state kept between detections: its warm-start cache and, for
/// [`ContactQuery::GrowthDistance`], its persistent points.
#[derive(Clone, Copy, Debug, Default)]
struct PairState {
    cache: PairCache,
    kept: Persistent,
}

/// One contact point between a body and another body or static geometry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DetectedContact {
    /// The first object: a body, or `None` for static geometry.
    pub body_a: Option<usize>,
    /// The static geometry's index when `body_a` is `None`.
    pub static_a: Option<usize>,
    /// The second object, always a body.
    pub body_b: usize,
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

/// The caller-owned state of contact detection: narrow-phase solver, broad phase and
/// buffers, reused across steps.
#[derive(Debug)]
pub struct ContactDetector {
    settings: ManifoldSettings,
    query: ContactQuery,
    narrow: ContactSolver,
    growth: GrowthContacts,
    broad: SweepAndPrune,
    aabbs: Vec<Aabb>,
    /// Each body's shape pose in world this detection, computed once for its box, its
    /// pairs and the half-spaces.
    shape_poses: Vec<Pose>,
    /// Each body's world box, not inflated (the half-space cull).
    body_boxes: Vec<Aabb>,
    pairs: Vec<(usize, usize)>,
    /// Indices of the static shapes in the broad phase (after the bodies).
    static_shapes: Vec<usize>,
    /// The warm-start cache (and persistent points) of each broad-phase pair, kept in
    /// place from one detection to the next: the next step's queries start from it
    /// (issue 7, GJK++ Sec. IV-E). A pair that leaves the broad phase loses it.
    states: PairSlots<PairState>,
    /// Narrow-phase queries of bounded pairs run by the last detection.
    pair_queries: usize,
}

impl ContactDetector {
    /// A detector keeping contacts up to `margin` metres apart, with multi-point
    /// manifolds for faces within `angle_tolerance` radians of the normal, and the
    /// narrow phase run with `narrow_phase`.
    pub fn new(
        margin: f64,
        angle_tolerance: f64,
        narrow_phase: SignedDistanceSettings,
    ) -> Result<Self, SimError> {
        let settings = ManifoldSettings::default()
            .with_margin(margin)
            .with_angle_tolerance(angle_tolerance);
        settings.validate()?;
        Ok(Self {
            settings,
            query: ContactQuery::SignedDistance,
            narrow: ContactSolver::new(narrow_phase)?,
            growth: GrowthContacts::new()?,
            broad: SweepAndPrune::new(),
            aabbs: Vec::new(),
            shape_poses: Vec::new(),
            body_boxes: Vec::new(),
            pairs: Vec::new(),
            static_shapes: Vec::new(),
            states: PairSlots::default(),
            pair_queries: 0,
        })
    }

    /// This detector with the contacts of bounded pairs taken from `query`.
    pub fn with_query(mut self, query: ContactQuery) -> Self {
        self.query = query;
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

    /// Of the last detection's pair queries under [`ContactQuery::GrowthDistance`], how
    /// many did not converge (or had coinciding centres) and were answered by signed
    /// distance instead.
    pub fn growth_fallbacks(&self) -> usize {
        self.growth.fallbacks
    }

    /// The contacts of the world at the body poses `poses` (body frames), written to
    /// `out` (cleared first). `reach[i]` bounds how far any point of body `i` moves
    /// during the coming step, metres (finite, >= 0; empty: no body moves): pairs are
    /// kept up to the margin plus both reaches apart.
    pub fn detect(
        &mut self,
        world: &World,
        poses: &[Pose],
        reach: &[f64],
        out: &mut Vec<DetectedContact>,
    ) -> Result<(), SimError> {
        out.clear();
        let bodies = world.bodies();
        let margin = self.settings.margin;
        let reach_of = |i: usize| reach.get(i).copied().unwrap_or(0.0);
        self.aabbs.clear();
        self.shape_poses.clear();
        self.body_boxes.clear();
        for (i, (body, pose)) in bodies.iter().zip(poses).enumerate() {
            let shape_pose = body.shape_world_pose(pose);
            let aabb = body.world_aabb(pose);
            self.shape_poses.push(shape_pose);
            self.body_boxes.push(aabb);
            self.aabbs.push(aabb.inflated(0.5 * margin + reach_of(i)));
        }
        self.static_shapes.clear();
        for (k, s) in world.statics().iter().enumerate() {
            if let StaticGeometry::Shape(shape, pose, _) = s {
                use wolfe::ConvexShape;
                self.aabbs
                    .push(shape.local_aabb().transformed(pose).inflated(0.5 * margin));
                self.static_shapes.push(k);
            }
        }
        self.broad.update(&self.aabbs, &mut self.pairs);
        self.pair_queries = 0;
        self.growth.queries = 0;
        self.growth.fallbacks = 0;
        // The walk over the pairs ends (slots freed) even when a query fails.
        self.states.begin();
        let walked = self.bounded_pairs(world, reach, out);
        self.states.finish();
        walked?;
        for (k, s) in world.statics().iter().enumerate() {
            if let StaticGeometry::HalfSpace(plane, mat) = s {
                for (i, b) in bodies.iter().enumerate() {
                    let pose = &self.shape_poses[i];
                    let pair_margin = margin + reach_of(i);
                    if beyond_halfspace(plane, &self.body_boxes[i], pair_margin) {
                        // The query would find no contact; its pose check still runs,
                        // so that a bad pose fails here as it would there.
                        pose.validate()?;
                        continue;
                    }
                    let settings = self.settings.with_margin(pair_margin);
                    let manifold = halfspace_manifold(plane, &b.shape, pose, &settings);
                    if let Ok(Some(m)) = &manifold {
                        let pair = Pair {
                            body_a: None,
                            static_a: Some(k),
                            body_b: i,
                            material_a: mat,
                            material_b: &b.material,
                        };
                        pair.push_manifold(m, out);
                    } else {
                        manifold?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The contacts of the broad phase's pairs (body-body and body-static shape), each
    /// warm-started from its state in `self.states` and leaving it there for the next
    /// detection; inside a walk of `self.states` (`begin` done, `finish` to follow).
    fn bounded_pairs(
        &mut self,
        world: &World,
        reach: &[f64],
        out: &mut Vec<DetectedContact>,
    ) -> Result<(), SimError> {
        let bodies = world.bodies();
        let nb = bodies.len();
        let margin = self.settings.margin;
        let reach_of = |i: usize| reach.get(i).copied().unwrap_or(0.0);
        for &(i, j) in &self.pairs {
            if i >= nb && j >= nb {
                continue;
            }
            let slot = self.states.slot((i, j));
            let state = self.states.state_mut(slot);
            // i < j: a static shape (index >= nb) is always j.
            let (a, pose_a, mat_a, body_a, static_a) = if j >= nb {
                let k = self.static_shapes[j - nb];
                let StaticGeometry::Shape(shape, pose, m) = &world.statics()[k] else {
                    unreachable!("only static shapes are in the broad phase")
                };
                (shape, pose, m, None, Some(k))
            } else {
                let b = &bodies[i];
                (&b.shape, &self.shape_poses[i], &b.material, Some(i), None)
            };
            let body_b = if j >= nb { i } else { j };
            let b = &bodies[body_b];
            let pose_b = &self.shape_poses[body_b];
            let pair_reach = body_a.map_or(0.0, reach_of) + reach_of(body_b);
            let settings = self.settings.with_margin(margin + pair_reach);
            self.pair_queries += 1;
            let pair = Pair {
                body_a,
                static_a,
                body_b,
                material_a: mat_a,
                material_b: &b.material,
            };
            let mut signed = self.query == ContactQuery::SignedDistance;
            if !signed {
                let mut points = [GrowthPoint::default(); 4];
                match self.growth.contact(
                    a,
                    pose_a,
                    &b.shape,
                    pose_b,
                    settings.margin,
                    margin,
                    &mut state.cache,
                    &mut state.kept,
                    &mut points,
                )? {
                    GrowthContact::Points(normal, len) => {
                        let ends = points[..len].iter().map(|p| (p.point_a, p.point_b, p.phi));
                        pair.push(normal, ends, out);
                    }
                    GrowthContact::Far => {}
                    GrowthContact::Fallback => signed = true,
                }
            }
            if signed {
                let manifold =
                    self.narrow
                        .manifold(a, pose_a, &b.shape, pose_b, &settings, Some(&mut state.cache));
                // Read where it lies: moving the manifold out (`?`, then `if let
                // Some(m)`) made three copies of it per pair.
                if let Ok(Some(m)) = &manifold {
                    pair.push_manifold(m, out);
                } else {
                    manifold?;
                }
            }
        }
        Ok(())
    }
}

/// Whether a shape inside the world box `aabb` lies farther than `margin` above the
/// half-space `plane` (outside along its normal), so that [`halfspace_manifold`] would
/// find no contact: the box's lowest point along the normal bounds the shape's from
/// below. Boxes settled on the ground pass the test; bodies in the air and high in a
/// pile skip the query. The test keeps a slack of a few ulps of the scene's size over
/// the margin (the rounding of the box and of the query's own support point), so that
/// it skips only pairs the query rejects: the contacts are the same as without it.
/// NaN anywhere: false (the query runs and reports it).
fn beyond_halfspace(plane: &HalfSpace, aabb: &Aabb, margin: f64) -> bool {
    let n = plane.normal();
    let lowest = n.dot(&aabb.center()) - n.abs().dot(&aabb.half_extents()) - plane.offset();
    let scale = aabb.min.amax().max(aabb.max.amax()) + plane.offset().abs() + margin.abs();
    lowest > margin + 64.0 * f64::EPSILON * scale
}

/// The two objects of a pair and their materials, to turn its points into contacts.
struct Pair<'m> {
    body_a: Option<usize>,
    static_a: Option<usize>,
    body_b: usize,
    material_a: &'m Material,
    material_b: &'m Material,
}

impl Pair<'_> {
    fn push_manifold(&self, m: &ContactManifold, out: &mut Vec<DetectedContact>) {
        let ends = m
            .points()
            .iter()
            .map(|p| (p.point_a, p.point_b, p.signed_distance));
        self.push(m.normal, ends, out);
    }

    /// One contact per `(point_a, point_b, phi0)`, all with `normal`.
    fn push(
        &self,
        normal: Vec3,
        ends: impl Iterator<Item = (Vec3, Vec3, f64)>,
        out: &mut Vec<DetectedContact>,
    ) {
        let material = self.material_a.combine(self.material_b);
        let (ka, kb) = (self.material_a.stiffness, self.material_b.stiffness);
        let weight_a = match (ka.is_infinite(), kb.is_infinite()) {
            (true, true) => 0.5,
            (true, false) => 1.0,
            (false, true) => 0.0,
            (false, false) => ka / (ka + kb),
        };
        for (point_a, point_b, phi0) in ends {
            out.push(DetectedContact {
                body_a: self.body_a,
                static_a: self.static_a,
                body_b: self.body_b,
                point: weight_a * point_a + (1.0 - weight_a) * point_b,
                normal,
                phi0,
                material,
            });
        }
    }
}

/// A rotation whose third column is the unit vector `n`: the contact frame `C` of
/// Section II-A (z along the normal; the tangents are any orthonormal completion,
/// built without a branch-dependent discontinuity near the poles as in Frisvad's
/// construction with the sign fix of Duff et al.).
pub(crate) fn contact_frame(n: &Vec3) -> nalgebra::Matrix3<f64> {
    let sign = 1.0f64.copysign(n.z);
    let a = -1.0 / (sign + n.z);
    let b = n.x * n.y * a;
    let t1 = Vec3::new(1.0 + sign * n.x * n.x * a, sign * b, -sign * n.x);
    let t2 = Vec3::new(b, sign + n.y * n.y * a, -n.y);
    nalgebra::Matrix3::from_columns(&[t1, t2, *n])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The half-space cull skips only queries that find no contact: every shape kind,
    /// random planes and rotations, placed at random gaps and at gaps within a few
    /// ulps of the margin (where the box's bound and the query's support point round
    /// differently). Whenever the cull fires, `halfspace_manifold` returns `None`; and
    /// it does fire for most shapes well beyond the margin (boxes that fit tightly).
    #[test]
    fn halfspace_cull_skips_only_pairs_without_contact() {
        use rand::{Rng, SeedableRng};
        use wolfe::{Capsule, Cone, ConvexShape, Cuboid, Cylinder, Ellipsoid, Shape, Sphere};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let hull: Vec<Vec3> = (0..16)
            .map(|_| {
                Vec3::new(
                    rng.random_range(-0.1..0.1),
                    rng.random_range(-0.05..0.05),
                    rng.random_range(-0.08..0.08),
                )
            })
            .collect();
        let shapes: Vec<Shape> = vec![
            Sphere::new(0.05).unwrap().into(),
            Cuboid::new([0.05, 0.03, 0.08]).unwrap().into(),
            Capsule::new(0.02, 0.1).unwrap().into(),
            Cylinder::new(0.04, 0.06).unwrap().into(),
            Cone::new(0.05, 0.07).unwrap().into(),
            Ellipsoid::new([0.05, 0.02, 0.07]).unwrap().into(),
            Shape::ConvexMesh(wolfe::ConvexMesh::from_points(&hull).unwrap().into()),
            Shape::Inflated(Box::new(
                wolfe::Inflated::new(Shape::from(Cuboid::new([0.03, 0.03, 0.03]).unwrap()), 0.01).unwrap(),
            )),
        ];
        let unit = |rng: &mut rand_chacha::ChaCha8Rng| {
            Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            )
            .normalize()
        };
        let margin = 0.02;
        let probe = ManifoldSettings::default().with_margin(1e3);
        let settings = ManifoldSettings::default().with_margin(margin);
        let (mut culled, mut far) = (0, 0);
        for case in 0..4000 {
            let shape = &shapes[case % shapes.len()];
            // Half the planes axis-aligned (the ground), half random.
            let normal = if case % 2 == 0 { Vec3::z() } else { unit(&mut rng) };
            let plane = HalfSpace::new(normal, rng.random_range(-2.0..2.0)).unwrap();
            let rotation = if case % 4 == 0 {
                wolfe::Quat::identity()
            } else {
                wolfe::Quat::from_scaled_axis(3.0 * unit(&mut rng))
            };
            let mut pose = Pose::new(rng.random_range(-3.0..3.0) * unit(&mut rng), rotation);
            // The shape's signed distance to the plane, then moved to the target gap.
            let gap = |pose: &Pose| {
                halfspace_manifold(&plane, shape, pose, &probe)
                    .unwrap()
                    .expect("within the probe's margin")
                    .points()
                    .iter()
                    .map(|p| p.signed_distance)
                    .fold(f64::INFINITY, f64::min)
            };
            let target = match case % 3 {
                0 => rng.random_range(-0.05..0.5),
                _ => margin * (1.0 + rng.random_range(-64.0..64.0) * f64::EPSILON),
            };
            for _ in 0..2 {
                pose.translation += (target - gap(&pose)) * plane.normal();
            }
            let aabb = shape.local_aabb().transformed(&pose);
            let query = halfspace_manifold(&plane, shape, &pose, &settings).unwrap();
            if beyond_halfspace(&plane, &aabb, margin) {
                culled += 1;
                assert!(query.is_none(), "case {case}: culled a contact at {target}");
            }
            if case % 3 == 0 && target > 2.0 * margin {
                far += 1;
            }
        }
        // Most shapes far beyond the margin are culled (a rotated box's world box
        // reaches below the shape, so not all).
        assert!(culled * 2 > far, "{culled} culled of {far} far");
    }

    #[test]
    fn contact_frame_is_a_rotation_with_z_along_the_normal() {
        for n in [
            Vec3::z(),
            -Vec3::z(),
            Vec3::x(),
            Vec3::new(0.3, -0.4, 0.866).normalize(),
            Vec3::new(1e-9, 0.0, -1.0).normalize(),
        ] {
            let r = contact_frame(&n);
            assert!((r.transpose() * r - nalgebra::Matrix3::identity()).norm() < 1e-12);
            assert!((r.determinant() - 1.0).abs() < 1e-12);
            assert!((r.column(2) - n).norm() < 1e-15);
        }
    }
}
