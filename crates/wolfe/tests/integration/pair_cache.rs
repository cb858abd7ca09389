//! The caller-owned pair cache (issue 16): an empty or cleared cache is a cold query
//! (bit for bit); a kept cache changes no answer beyond the solvers' tolerances.

use crate::common;

use common::*;
use rand::Rng;
use wolfe::{
    ContactSolver, GjkSettings, GjkSolver, GrowthSettings, GrowthSolver, PairCache, SignedDistanceSettings,
    Vec3,
};

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
        gjk.distance(&a, &pa, &b, &elsewhere, Some(&mut cache)).unwrap();
        contact
            .signed_distance(&a, &pa, &b, &elsewhere, Some(&mut cache))
            .unwrap();
        growth
            .growth_distance(&a, &pa, &b, &elsewhere, None, Some(&mut cache))
            .unwrap();
        assert!(!cache.is_empty());
        cache.clear();
        assert!(cache.is_empty());
        let mut fresh = PairCache::new();
        assert_eq!(
            gjk.distance(&a, &pa, &b, &pb, Some(&mut cache)).unwrap(),
            gjk.distance(&a, &pa, &b, &pb, None).unwrap(),
            "case {case}"
        );
        assert_eq!(
            gjk.intersects(&a, &pa, &b, &pb, Some(&mut fresh)).unwrap(),
            gjk.intersects(&a, &pa, &b, &pb, None).unwrap(),
            "case {case}"
        );
        cache.clear();
        assert_eq!(
            contact
                .signed_distance(&a, &pa, &b, &pb, Some(&mut cache))
                .unwrap(),
            contact.signed_distance(&a, &pa, &b, &pb, None).unwrap(),
            "case {case}"
        );
        cache.clear();
        assert_eq!(
            contact.contact(&a, &pa, &b, &pb, 0.05, Some(&mut cache)).unwrap(),
            contact.contact(&a, &pa, &b, &pb, 0.05, None).unwrap(),
            "case {case}"
        );
        cache.clear();
        assert_eq!(
            growth
                .growth_distance(&a, &pa, &b, &pb, None, Some(&mut cache))
                .unwrap(),
            growth.growth_distance(&a, &pa, &b, &pb, None, None).unwrap(),
            "case {case}"
        );
        cache.clear();
        assert_eq!(
            growth.collide(&a, &pa, &b, &pb, None, Some(&mut cache)).unwrap(),
            growth.collide(&a, &pa, &b, &pb, None, None).unwrap(),
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
                    let w = gjk.distance(&a, &pa, &b, &pb, Some(&mut cache)).unwrap();
                    let c = gjk.distance(&a, &pa, &b, &pb, None).unwrap();
                    assert!(
                        (w.distance - c.distance).abs() <= 1e-6 * c.distance.max(1e-3),
                        "case {case} step {k}: {} vs {}",
                        w.distance,
                        c.distance
                    );
                }
                1 => {
                    let w = contact
                        .signed_distance(&a, &pa, &b, &pb, Some(&mut cache))
                        .unwrap();
                    let c = contact.signed_distance(&a, &pa, &b, &pb, None).unwrap();
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
                        .growth_distance(&a, &pa, &b, &pb, None, Some(&mut cache))
                        .unwrap();
                    let c = growth.growth_distance(&a, &pa, &b, &pb, None, None).unwrap();
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
