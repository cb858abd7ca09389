//! `ContactSolver::contact` with a margin stops GJK once the pair is certainly beyond
//! the margin: it must answer exactly as the full signed distance does. Warm starts from
//! the pair's cache (a simulation's previous time step) must not change the answer, and
//! on a coherent motion they save GJK iterations.

use crate::common;

use common::*;
use rand::Rng;
use wolfe::{ContactSolver, PairCache, Pose, SignedDistanceSettings, Vec3, WolfeError};

#[test]
fn contact_with_margin_agrees_with_the_full_signed_distance() {
    let mut rng = rng(4242);
    let mut full = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let mut early = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let (mut inside, mut outside) = (0, 0);
    for case in 0..3000 {
        let size = [0.1, 1.0][case % 2];
        let a = random_shape(&mut rng, case, size);
        let b = random_shape(&mut rng, case / 9, size);
        let pa = random_pose(&mut rng, 1.5 * size);
        let pb = random_pose(&mut rng, 1.5 * size);
        let margin = [0.0, 1e-3, 0.02, 0.3][case % 4] * size;
        let sd = full.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        let c = early.contact(&a, &pa, &b, &pb, margin, None).unwrap();
        // Away from the margin (by the solvers' tolerance), the answers must agree.
        let band = 1e-6 * size;
        if sd.signed_distance > margin + band {
            assert!(
                c.is_none(),
                "case {case}: sd {} > margin {margin}",
                sd.signed_distance
            );
            outside += 1;
        } else if sd.signed_distance < margin - band {
            let c = c.unwrap_or_else(|| panic!("case {case}: sd {} < margin {margin}", sd.signed_distance));
            assert!(
                (c.signed_distance - sd.signed_distance).abs() <= 1e-6 * size.max(sd.signed_distance.abs()),
                "case {case}: {} vs {}",
                c.signed_distance,
                sd.signed_distance
            );
            assert!((c.normal - sd.normal).norm() <= 1e-3, "case {case}");
            inside += 1;
        }
    }
    assert!(
        inside > 500 && outside > 500,
        "{inside} inside, {outside} outside"
    );
}

#[test]
fn warm_start_from_the_previous_step_keeps_the_answer_and_saves_iterations() {
    let mut rng = rng(99);
    let mut cold = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let mut warm = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let (mut cold_iters, mut warm_iters) = (0u64, 0u64);
    for case in 0..400 {
        // Curved and polytope kinds (random_shape kinds 1.. avoid the closed-form
        // ball pairs, which run no GJK).
        let a = random_shape(&mut rng, 1 + case % 8, 1.0);
        let b = random_shape(&mut rng, 1 + (case / 8) % 8, 1.0);
        let pa = random_pose(&mut rng, 0.3);
        let mut pb = random_pose(&mut rng, 3.0);
        let step = Vec3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        ) * 0.01;
        // One cache per pair, kept across the steps, as the simulation does.
        let mut cache = PairCache::new();
        for _ in 0..10 {
            let c = cold.signed_distance(&a, &pa, &b, &pb, None).unwrap();
            let w = warm.signed_distance(&a, &pa, &b, &pb, Some(&mut cache)).unwrap();
            assert!(
                (c.signed_distance - w.signed_distance).abs() <= 1e-6 * c.signed_distance.abs().max(1e-3),
                "case {case}: cold {} warm {}",
                c.signed_distance,
                w.signed_distance
            );
            cold_iters += u64::from(c.gjk_iterations);
            warm_iters += u64::from(w.gjk_iterations);
            pb = Pose {
                translation: pb.translation + step,
                ..pb
            };
        }
    }
    assert!(
        warm_iters < cold_iters,
        "warm {warm_iters} vs cold {cold_iters} GJK iterations"
    );
    println!("GJK iterations over a coherent motion: cold {cold_iters}, warm {warm_iters}");
}

#[test]
fn non_finite_warm_start_direction_is_a_typed_error() {
    let mut cache = PairCache::new();
    assert!(matches!(
        cache.set_separation(Vec3::new(f64::NAN, 0.0, 1.0)),
        Err(WolfeError::NonFiniteDirection)
    ));
    assert!(matches!(
        cache.set_separation(Vec3::new(0.0, f64::INFINITY, 1.0)),
        Err(WolfeError::NonFiniteDirection)
    ));
    assert!(cache.is_empty() && cache.separation().is_none());
    // A finite guess is kept as given (world frame), and a query replaces it with the
    // separation it finds.
    let v = Vec3::new(-1.0, 0.0, 0.5);
    cache.set_separation(v).unwrap();
    assert_eq!(cache.separation(), Some(v));
    let a = random_shape(&mut rng(1), 2, 1.0);
    let far = Pose::from_translation(Vec3::new(5.0, 0.0, 0.0));
    let mut s = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let out = s
        .signed_distance(&a, &Pose::identity(), &a, &far, Some(&mut cache))
        .unwrap();
    let x = cache.separation().unwrap();
    // The cores' separation points from B to A, against the normal.
    assert!(x.dot(&out.normal) < 0.0 && (x.normalize() + out.normal).norm() < 1e-6);
}
