//! The caller-owned pair cache (issue 16): an empty or cleared cache is a cold query
//! (bit for bit); a kept cache changes no answer beyond the solvers' tolerances; and the
//! compatibility solvers that keep the warm start inside (`GjkSolver::warm_start`,
//! `GrowthSolver::warm_start`) answer exactly as a kept cache does.

mod common;

use common::*;
use rand::Rng;
use wolfe::{
    ContactSolver, ConvexMesh, GjkSettings, GjkSolver, GrowthSettings, GrowthSolver, PairCache, Pose, Shape,
    SignedDistanceSettings, Vec3, WarmStart,
};

/// A smooth relative motion, as between two simulation steps.
fn step(pose: &mut Pose) {
    pose.translation += Vec3::new(-0.0005, 0.0003, 0.0001);
    pose.rotation = nalgebra::UnitQuaternion::from_euler_angles(0.002, 0.001, -0.003) * pose.rotation;
}

#[test]
fn an_empty_or_cleared_cache_is_a_cold_query() {
    let mut rng = rng(1601);
    let mut gjk = GjkSolver::new(GjkSettings::default()).unwrap();
    let mut contact = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let mut growth = GrowthSolver::new(GrowthSettings::default()).unwrap();
    for case in 0..600 {
        let a = random_shape(&mut rng, case, 1.0);
        let b = random_shape(&mut rng, case / 9, 1.0);
        let pa = random_pose(&mut rng, 1.0);
        let pb = random_pose(&mut rng, 1.5);
        let elsewhere = random_pose(&mut rng, 1.5);
        // Fill the cache at another pose, then clear it.
        let mut cache = PairCache::new();
        gjk.distance_cached(&a, &pa, &b, &elsewhere, &mut cache).unwrap();
        contact
            .signed_distance_cached(&a, &pa, &b, &elsewhere, &mut cache)
            .unwrap();
        growth
            .growth_distance_cached(&a, &pa, &b, &elsewhere, &mut cache)
            .unwrap();
        assert!(!cache.is_empty());
        cache.clear();
        assert!(cache.is_empty());
        let mut fresh = PairCache::new();
        assert_eq!(
            gjk.distance_cached(&a, &pa, &b, &pb, &mut cache).unwrap(),
            gjk.distance(&a, &pa, &b, &pb).unwrap(),
            "case {case}"
        );
        assert_eq!(
            gjk.intersects_cached(&a, &pa, &b, &pb, &mut fresh).unwrap(),
            gjk.intersects(&a, &pa, &b, &pb).unwrap(),
            "case {case}"
        );
        cache.clear();
        assert_eq!(
            contact
                .signed_distance_cached(&a, &pa, &b, &pb, &mut cache)
                .unwrap(),
            contact.signed_distance(&a, &pa, &b, &pb).unwrap(),
            "case {case}"
        );
        cache.clear();
        assert_eq!(
            contact
                .contact_cached(&a, &pa, &b, &pb, 0.05, &mut cache)
                .unwrap(),
            contact.contact(&a, &pa, &b, &pb, 0.05).unwrap(),
            "case {case}"
        );
        cache.clear();
        assert_eq!(
            growth
                .growth_distance_cached(&a, &pa, &b, &pb, &mut cache)
                .unwrap(),
            growth.growth_distance(&a, &pa, &b, &pb).unwrap(),
            "case {case}"
        );
        cache.clear();
        assert_eq!(
            growth.collide_cached(&a, &pa, &b, &pb, &mut cache).unwrap(),
            growth.collide(&a, &pa, &b, &pb).unwrap(),
            "case {case}"
        );
    }
}

#[test]
fn one_cache_serves_every_query_of_its_pair() {
    // Distance, signed distance, contact and growth interleaved on one cache along a
    // coherent motion: every answer agrees with the cold one within the tolerances.
    let mut rng = rng(1602);
    let mut gjk = GjkSolver::new(GjkSettings::default()).unwrap();
    let mut contact = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let mut growth = GrowthSolver::new(GrowthSettings::default()).unwrap();
    for case in 0..120 {
        // Kinds 1..=8: no closed-form ball pairs, inflated meshes included (GJK continues
        // on the cores there, with the cache's hints).
        let a = random_shape(&mut rng, 1 + case % 8, 1.0);
        let b = random_shape(&mut rng, 1 + (case / 8) % 8, 1.0);
        let pa = random_pose(&mut rng, 0.3);
        let mut pb = random_pose(&mut rng, 2.0);
        let mut cache = PairCache::new();
        for k in 0..12 {
            match k % 3 {
                0 => {
                    let w = gjk.distance_cached(&a, &pa, &b, &pb, &mut cache).unwrap();
                    let c = gjk.distance(&a, &pa, &b, &pb).unwrap();
                    assert!(
                        (w.distance - c.distance).abs() <= 1e-6 * c.distance.max(1e-3),
                        "case {case} step {k}: {} vs {}",
                        w.distance,
                        c.distance
                    );
                }
                1 => {
                    let w = contact
                        .signed_distance_cached(&a, &pa, &b, &pb, &mut cache)
                        .unwrap();
                    let c = contact.signed_distance(&a, &pa, &b, &pb).unwrap();
                    assert!(
                        (w.signed_distance - c.signed_distance).abs()
                            <= 1e-6 * c.signed_distance.abs().max(1e-3),
                        "case {case} step {k}: {} vs {}",
                        w.signed_distance,
                        c.signed_distance
                    );
                }
                _ => {
                    let w = growth
                        .growth_distance_cached(&a, &pa, &b, &pb, &mut cache)
                        .unwrap();
                    let c = growth.growth_distance(&a, &pa, &b, &pb).unwrap();
                    assert!(
                        (w.alpha - c.alpha).abs() <= 1e-6 * c.alpha,
                        "case {case} step {k}: {} vs {}",
                        w.alpha,
                        c.alpha
                    );
                }
            }
            let dir = Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            );
            pb.translation += 0.01 * dir;
        }
    }
}

/// Compatibility (issue 16; removed with `GjkSolver::warm_start`): the solver's own
/// `WarmStart::Previous` is a kept cache, bit for bit, along a trajectory where every
/// query finds a separation.
#[test]
fn legacy_previous_warm_start_is_a_kept_cache() {
    let mut rng = rng(1603);
    let a: Shape = ConvexMesh::from_obj(ycb_dir().join("035_power_drill.obj"))
        .unwrap()
        .into();
    let b: Shape = ConvexMesh::from_obj(ycb_dir().join("025_mug.obj"))
        .unwrap()
        .into();
    let mut legacy = GjkSolver::new(GjkSettings::default()).unwrap();
    legacy.warm_start = WarmStart::Previous;
    let mut solver = GjkSolver::new(GjkSettings::default()).unwrap();
    let mut cache = PairCache::new();
    let pa = Pose::identity();
    let mut pb = Pose {
        rotation: random_rotation(&mut rng),
        translation: Vec3::new(0.3, 0.0, 0.0),
    };
    for k in 0..100 {
        step(&mut pb);
        if k % 2 == 0 {
            let l = legacy.distance(&a, &pa, &b, &pb).unwrap();
            assert_eq!(l, solver.distance_cached(&a, &pa, &b, &pb, &mut cache).unwrap());
        } else {
            let l = legacy.intersects(&a, &pa, &b, &pb).unwrap();
            assert_eq!(l, solver.intersects_cached(&a, &pa, &b, &pb, &mut cache).unwrap());
        }
        assert_eq!(legacy.previous_separation(), cache.separation());
    }
}

/// Compatibility (issue 16; removed with `GrowthSolver::warm_start`): the growth
/// solver's own warm start is a kept cache, bit for bit.
#[test]
fn legacy_growth_warm_start_is_a_kept_cache() {
    let mut rng = rng(1604);
    for case in 0..40 {
        let a = random_shape(&mut rng, 2 + case % 7, 1.0);
        let b = random_shape(&mut rng, 2 + (case / 7) % 7, 1.0);
        let pa = random_pose(&mut rng, 0.3);
        let mut pb = random_pose(&mut rng, 2.5);
        let mut legacy = GrowthSolver::new(GrowthSettings::default()).unwrap();
        legacy.warm_start = true;
        let mut solver = GrowthSolver::new(GrowthSettings::default()).unwrap();
        let mut cache = PairCache::new();
        for _ in 0..10 {
            step(&mut pb);
            assert_eq!(
                legacy.growth_distance(&a, &pa, &b, &pb).unwrap(),
                solver
                    .growth_distance_cached(&a, &pa, &b, &pb, &mut cache)
                    .unwrap(),
                "case {case}"
            );
        }
    }
}
