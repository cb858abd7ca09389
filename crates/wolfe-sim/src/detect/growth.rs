//! Growth distance as the contact query: the growth-distance paper's simulation setting
//! (Thirugnanam & Sreenath, Sec. IV-C.1 and Fig. 6, where it replaces Bullet's signed
//! distance as the collision detector and contact frame backend).
//!
//! **One query, one point.** A converged growth query (Alg. 3) gives the growth factor
//! `alpha` of the pair scaled about its centres `c_a`, `c_b`, the common point `x*` of
//! the scaled shapes, the unscaled witness points `p_a = c_a + (x* - c_a) / alpha` on
//! A's surface and `p_b` on B's (Eq. 28), and the unit normal `n` of the dual
//! certificate (the outer approximation's supporting halfspace). Scaling preserves
//! normals, so `p_a` and `p_b` are the support points of A along `n` and of B along
//! `-n`, and the gap used for the contact is the distance between those two supporting
//! planes:
//!
//! `phi = <n, p_b - p_a> = (1 - 1/alpha) <n, c_b - c_a>`
//!
//! (the two forms are equal since `p_b - p_a = (1 - 1/alpha)(c_b - c_a)`). It is 0 at
//! `alpha = 1`, positive when separated, negative when overlapping, and never above the
//! signed distance (which is the largest plane gap over all unit normals), so contacts
//! come no later than signed distance's and penetration is, if anything, overstated.
//! At contact both queries give the same point and normal (the paper's remark).
//!
//! **Persistent manifold.** One point per pair and step cannot hold a face at rest, so,
//! as in the paper's Bullet, the points of the last steps are kept per pair in both
//! shapes' frames, in the detector's one persistent manifold (`detect/persistent.rs`)
//! with its single-point rule: each step moves them with the shapes, measures them
//! along the new normal, drops a point whose gap exceeds the pair's margin or whose
//! two ends drifted apart sideways by more than the base margin, merges the new point
//! with a kept one closer than the base margin, and keeps at most four.
//!
//! **Fallback.** A query that does not converge, or whose centres coincide (no normal),
//! is answered by signed distance for that pair and step (counted).

use wolfe::{
    ContactPoint, GrowthSettings, GrowthSolver, GrowthStatus, PairCache, Pose, Shape, Vec3, WolfeError,
};

/// What a pair's growth query gave.
pub(crate) enum GrowthContact {
    /// The normal (A to B) and the step's one point, with its gap as signed distance.
    Point(Vec3, ContactPoint),
    /// Farther apart than the margin: no contact.
    Far,
    /// No certified answer: the caller asks signed distance for this pair.
    Fallback,
}

/// The growth narrow phase: the solver and counters.
#[derive(Clone, Debug)]
pub(crate) struct GrowthContacts {
    solver: GrowthSolver,
    /// Growth queries run by the last detection.
    pub(crate) queries: usize,
    /// Of those, answered by signed distance instead (not converged, or no normal).
    pub(crate) fallbacks: usize,
}

impl GrowthContacts {
    pub(crate) fn new() -> Result<Self, WolfeError> {
        Ok(Self {
            solver: GrowthSolver::new(GrowthSettings::default())?,
            queries: 0,
            fallbacks: 0,
        })
    }

    /// The pair's contact point from one growth query, warm-started from `cache`.
    /// `margin` is the pair's detection distance (speculative reach included).
    pub(crate) fn contact(
        &mut self, (a, pose_a): (&Shape, &Pose), (b, pose_b): (&Shape, &Pose), margin: f64,
        cache: &mut PairCache,
    ) -> Result<GrowthContact, WolfeError> {
        self.queries += 1;
        let g = self
            .solver
            .growth_distance(a, pose_a, b, pose_b, None, Some(cache))?;
        let n = g.normal;
        if g.status != GrowthStatus::Converged || !g.alpha.is_finite() || n.norm_squared() < 0.5 {
            self.fallbacks += 1;
            return Ok(GrowthContact::Fallback);
        }
        let phi = n.dot(&(g.point_b - g.point_a));
        if phi > margin {
            return Ok(GrowthContact::Far);
        }
        // ContactPoint is non-exhaustive: fill a default one.
        let mut p = ContactPoint::default();
        p.point_a = g.point_a;
        p.point_b = g.point_b;
        p.signed_distance = phi;
        Ok(GrowthContact::Point(n, p))
    }
}

#[cfg(test)]
mod tests {
    use super::super::persistent::{KeepRule, Persistent};
    use super::*;

    /// A unit cube on a wide slab: the gap of `phi = (1 - 1/alpha) <n, c_b - c_a>` is
    /// the exact distance between the faces (parallel faces: every plane gap along the
    /// normal equals the distance), and the persistent manifold keeps at most four
    /// points of repeated queries, each at the gap.
    #[test]
    fn cube_over_a_slab_gets_the_face_gap_and_at_most_four_points() {
        let slab: Shape = wolfe::Cuboid::new([5.0, 5.0, 0.5]).unwrap().into();
        let cube: Shape = wolfe::Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
        let pose_a = Pose::from_translation(Vec3::new(0.0, 0.0, -0.5));
        let mut g = GrowthContacts::new().unwrap();
        let (mut cache, mut kept) = (PairCache::new(), Persistent::default());
        let mut out = [ContactPoint::default(); 8];
        for (k, gap) in [3e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4].into_iter().enumerate() {
            let angle = 1e-3 * k as f64;
            let pose_b = Pose::new(
                Vec3::new(0.01 * k as f64, 0.0, 0.5 + gap),
                wolfe::Quat::from_axis_angle(&Vec3::z_axis(), angle),
            );
            let r = g
                .contact((&slab, &pose_a), (&cube, &pose_b), 5e-3, &mut cache)
                .unwrap();
            let GrowthContact::Point(n, p) = r else {
                panic!("gap {gap}: no point");
            };
            assert!((n - Vec3::z()).norm() < 1e-6, "{n}");
            let rule = KeepRule::single_point(5e-3);
            let len = kept.merge(Some((&n, &[p])), (&pose_a, &pose_b), 5e-3, &rule, &mut out);
            assert!((1..=4).contains(&len));
            // Parallel faces: every kept point, moved with the shapes, is at the gap.
            for p in &out[..len] {
                assert!(
                    (p.signed_distance - gap).abs() < 1e-7,
                    "{} vs {gap}",
                    p.signed_distance
                );
            }
        }
        assert_eq!(g.fallbacks, 0);
    }

    /// The gap from growth distance never exceeds the signed distance (it is one plane
    /// gap, the signed distance the largest) and has its sign; at contact both queries
    /// give the same point and a common normal (the paper's remark at `alpha = 1`).
    /// Random hulls, placed by translating B along the signed-distance normal, which
    /// sets their signed distance exactly when separated.
    #[test]
    fn growth_gap_bounds_signed_distance_and_normals_agree_at_contact() {
        use rand::{Rng, SeedableRng};
        use wolfe::SupportMap as _;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        let hull = |rng: &mut rand_chacha::ChaCha8Rng| -> Shape {
            let points: Vec<Vec3> = (0..12)
                .map(|_| {
                    Vec3::new(
                        rng.random_range(-0.1..0.1),
                        rng.random_range(-0.1..0.1),
                        rng.random_range(-0.05..0.05),
                    )
                })
                .collect();
            Shape::ConvexMesh(wolfe::ConvexMesh::from_points(&points).unwrap().into())
        };
        let rotation = |rng: &mut rand_chacha::ChaCha8Rng| {
            wolfe::Quat::from_scaled_axis(Vec3::new(
                rng.random_range(-3.0..3.0),
                rng.random_range(-3.0..3.0),
                rng.random_range(-3.0..3.0),
            ))
        };
        let mut sd = wolfe::ContactSolver::new(wolfe::SignedDistanceSettings::default()).unwrap();
        let mut g = GrowthContacts::new().unwrap();
        let mut angles = Vec::new();
        for case in 0..400 {
            let (a, b) = (hull(&mut rng), hull(&mut rng));
            let pose_a = Pose::new(Vec3::zeros(), rotation(&mut rng));
            let dir = Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            );
            let mut pose_b = Pose::new(0.15 * dir, rotation(&mut rng));
            let target = [1e-9, 1e-3, 1e-2, 0.05, -1e-3][case % 5];
            // Exact in one move when separated; overlapping, the penetration direction
            // moves with B, so the move is repeated.
            let mut exact = sd.signed_distance(&a, &pose_a, &b, &pose_b, None).unwrap();
            for _ in 0..4 {
                pose_b.translation += (target - exact.signed_distance) * exact.normal;
                exact = sd.signed_distance(&a, &pose_a, &b, &pose_b, None).unwrap();
            }
            let e = exact.signed_distance;
            assert!((e - target).abs() < 1e-6, "case {case}: {e} vs {target}");
            let mut cache = PairCache::new();
            let r = g.contact((&a, &pose_a), (&b, &pose_b), 1.0, &mut cache).unwrap();
            let GrowthContact::Point(n, p) = r else {
                panic!("case {case}: one point expected");
            };
            let phi = p.signed_distance;
            assert!(
                phi <= exact.signed_distance + 1e-9,
                "case {case}: {phi} > {}",
                exact.signed_distance
            );
            if target.abs() >= 1e-3 {
                assert_eq!(
                    phi > 0.0,
                    exact.signed_distance > 0.0,
                    "case {case}: {phi} vs {target}"
                );
            } else {
                assert!(phi.abs() < 1e-6, "case {case}: gap {phi} at contact");
                // The contact point is unique (generic hulls touch at one point):
                // both queries find it.
                assert!((p.point_a - exact.point_a).norm() < 1e-6, "case {case}");
                assert!((p.point_b - exact.point_b).norm() < 1e-6, "case {case}");
                // Growth's normal supports both shapes there: it is a contact normal.
                // Where the contact normal is unique (vertex-face, edge-edge), it is
                // signed distance's; at a vertex touching a vertex or an edge, any
                // normal of the cone is one, and the two may differ.
                let support = |shape: &Shape, pose: &Pose, d: Vec3| {
                    pose.transform_point(&shape.local_support(&(pose.rotation.inverse() * d)))
                };
                assert!(
                    n.dot(&(support(&a, &pose_a, n) - p.point_a)) < 1e-9,
                    "case {case}"
                );
                assert!(
                    n.dot(&(p.point_b - support(&b, &pose_b, -n))) < 1e-9,
                    "case {case}"
                );
                angles.push(n.dot(&exact.normal).clamp(-1.0, 1.0).acos());
            }
        }
        assert_eq!(angles.len(), 80);
        angles.sort_by(f64::total_cmp);
        assert!(angles[40] < 1e-6, "median angle {} rad at contact", angles[40]);
        assert_eq!(g.fallbacks, 0);
    }

    /// A box resting on a ground box at 240 Hz with near-rigid contact (the Fig. 6
    /// scene's material) stays at rest when its contacts come from growth distance:
    /// after 2 s its speed, tilt and penetration (measured by signed distance) are
    /// within the bounds the signed-distance run meets.
    #[test]
    fn a_box_rests_on_the_ground_with_the_growth_query() {
        use crate::{Material, RigidBody, SimSettings, Simulation, StaticGeometry, World};
        let dt = 1.0 / 240.0;
        let material = Material {
            stiffness: 2e12,
            dissipation_time_scale: dt,
            friction: 1.0,
        };
        let ground: Shape = wolfe::Cuboid::new([2.0, 2.0, 0.5]).unwrap().into();
        let ground_pose = Pose::from_translation(Vec3::new(0.0, 0.0, -0.5));
        let cube: Shape = wolfe::Cuboid::new([0.2, 0.15, 0.1]).unwrap().into();
        let start = Pose::new(
            Vec3::new(0.1, -0.2, 0.1 + 1e-4),
            wolfe::Quat::from_scaled_axis(Vec3::new(0.0, 0.0, 0.4)),
        );
        for query in [
            super::super::ContactQuery::GrowthDistance,
            super::super::ContactQuery::SignedDistance,
        ] {
            let mut world = World::default();
            world
                .add_static(StaticGeometry::Shape(ground.clone(), ground_pose, material))
                .unwrap();
            let body = RigidBody::from_density("box", cube.clone(), 1000.0, start)
                .unwrap()
                .with_material(material);
            world.add_body(body).unwrap();
            let settings = SimSettings {
                time_step: dt,
                margin: 0.02,
                contact_query: query,
                ..SimSettings::default()
            };
            let mut sim = Simulation::new(world, settings).unwrap();
            for _ in 0..480 {
                sim.step().unwrap();
            }
            let (v, w) = sim.body_velocity(0);
            let pose = sim.world().bodies()[0].shape_world_pose(&sim.poses()[0]);
            let mut sd = wolfe::ContactSolver::new(wolfe::SignedDistanceSettings::default()).unwrap();
            let phi = sd
                .signed_distance(&ground, &ground_pose, &cube, &pose, None)
                .unwrap()
                .signed_distance;
            let tilt = (pose.rotation * Vec3::z()).angle(&Vec3::z());
            let at = format!("{query:?}: v {v}, w {w}, phi {phi}, tilt {tilt}");
            assert!(v.norm() < 1e-4 && w.norm() < 1e-3, "{at}");
            assert!(phi > -1e-4 && phi < 1e-4, "{at}");
            assert!(tilt < 1e-3, "{at}");
            assert!(
                (pose.translation.xy() - start.translation.xy()).norm() < 1e-3,
                "{at}"
            );
        }
    }
}
