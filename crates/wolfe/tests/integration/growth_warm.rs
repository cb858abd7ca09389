//! Warm-started growth queries (Sec. III-F.3): the cold answer, and certified bounds
//! that contain the cold query's answer.

use crate::common;
use crate::growth_support;

use common::*;
use growth_support::*;
use rand::Rng;
use wolfe::PairCache;

// ----------------------------------------------------------------------- warm start

#[test]
fn warm_start_gives_the_cold_answer() {
    let mut shapes = ycb_shapes(&["035_power_drill", "006_mustard_bottle"]);
    let mut rng = rng(50);
    shapes.extend((0..6).map(|_| random_primitive(&mut rng)));
    shapes.push(random_shape(&mut rng, 6, 0.2));
    let mut cold = solver();
    let mut warm = solver();
    let mut cache = PairCache::new();
    for case in 0..300 {
        let i = rng.random_range(0..shapes.len());
        let j = rng.random_range(0..shapes.len());
        let (a, b) = (&shapes[i], &shapes[j]);
        let (mut pa, mut pb) = (random_pose(&mut rng, 0.2), random_pose(&mut rng, 0.2));
        cache.clear();
        warm.growth_distance(a, &pa, b, &pb, None, Some(&mut cache))
            .unwrap();
        for step in 0..5 {
            pa = nudge(&mut rng, &pa, size_of(a));
            pb = nudge(&mut rng, &pb, size_of(b));
            let c = cold.growth_distance(a, &pa, b, &pb, None, None).unwrap();
            let w = warm
                .growth_distance(a, &pa, b, &pb, None, Some(&mut cache))
                .unwrap();
            check_answer(a, &pa, b, &pb, &w, &format!("warm case {case} step {step}"));
            assert!(
                (c.alpha - w.alpha).abs() <= 2.0 * TOL * c.alpha,
                "case {case} step {step}"
            );
            // Collision queries warm-start from distance queries and vice versa.
            let wc = warm.collide(a, &pa, b, &pb, None, Some(&mut cache)).unwrap();
            if (c.alpha - 1.0).abs() > 1e-6 {
                assert_eq!(wc.intersecting, c.alpha < 1.0, "case {case} step {step}");
            }
        }
    }
}
