//! Warm-started growth queries certify an interval that contains the answer (issue 21,
//! item 4): on random pairs, thin needles and plates included, the warm query's
//! certified interval and the cold query's intersect (both contain `alpha*`).

use crate::common;
use crate::growth_support;

use common::*;
use growth_support::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wolfe::{Cone, ConvexMesh, Cuboid, Cylinder, Shape, Vec3};

/// A needle or plate: a box, cylinder or cone with one or two dimensions 1e-4..1e-2 of
/// the others, or the hull of random points in such a box.
fn thin_shape(rng: &mut ChaCha8Rng) -> Shape {
    let big = rng.random_range(0.05..0.5);
    let thin = |rng: &mut ChaCha8Rng| big * 10f64.powf(rng.random_range(-5.0..-2.0));
    match rng.random_range(0..5) {
        0 => Cuboid::new([big, thin(rng), thin(rng)]).unwrap().into(),
        1 => Cuboid::new([big, big, thin(rng)]).unwrap().into(),
        2 => Cylinder::new(big, thin(rng)).unwrap().into(),
        3 => Cone::new(big, thin(rng)).unwrap().into(),
        _ => {
            let h = Vec3::new(big, thin(rng), thin(rng));
            let pts: Vec<Vec3> = (0..12)
                .map(|_| {
                    Vec3::new(
                        h.x * rng.random_range(-1.0..1.0),
                        h.y * rng.random_range(-1.0..1.0),
                        h.z * rng.random_range(-1.0..1.0),
                    )
                })
                .collect();
            ConvexMesh::from_points(&pts).unwrap().into()
        }
    }
}

#[test]
fn warm_intervals_contain_the_cold_answer_on_needles_and_primitives() {
    let mut rng = rng(63);
    let mut bad = Vec::new();
    let mut queries = 0;
    for case in 0..5000 {
        let a = if rng.random_bool(0.6) {
            thin_shape(&mut rng)
        } else {
            random_primitive(&mut rng)
        };
        let b = if rng.random_bool(0.6) {
            thin_shape(&mut rng)
        } else {
            random_primitive(&mut rng)
        };
        warm_trajectory(&mut rng, (&a, &b), |step, _, _, c, w| {
            queries += 1;
            if !(w.alpha_lower <= c.alpha_upper && c.alpha_lower <= w.alpha_upper) {
                bad.push(format!(
                    "case {case} step {step} {} {}: cold {:?} [{:.16e}, {:.16e}] warm {:?} [{:.16e}, {:.16e}]",
                    a.kind(),
                    b.kind(),
                    c.status,
                    c.alpha_lower,
                    c.alpha_upper,
                    w.status,
                    w.alpha_lower,
                    w.alpha_upper
                ));
            }
        });
    }
    assert!(bad.is_empty(), "{} of {queries}:\n{}", bad.len(), bad.join("\n"));
}
