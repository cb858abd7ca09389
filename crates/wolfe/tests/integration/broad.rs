//! The sweep-and-prune broad phase against the brute-force reference: random box sets
//! of several kinds (clutter piles, uniform scatter, touching lattices, identical boxes,
//! boxes sharing one coordinate), over many consecutive small motions (the incremental
//! insertion-sort path), with the box count changing, teleports, and NaN boxes. The
//! uniform grid is checked on the same inputs.

use crate::common;

use proptest::prelude::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wolfe::{brute_force_pairs, Aabb, SweepAndPrune, UniformGrid, Vec3};

fn cube(c: Vec3, h: Vec3) -> Aabb {
    Aabb::new(c - h, c + h)
}

/// 10 cm cubes (boxes of half-size 5 to 7 cm, as rotated cubes) in four columns on a
/// 0.8 m floor, stacked about 10 cm apart with a jitter that makes neighbours touch,
/// overlap or separate: the clutter scene of the SAP paper (Sec. VI-C).
fn clutter(rng: &mut ChaCha8Rng, n: usize) -> Vec<Aabb> {
    let columns = [(-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)];
    (0..n)
        .map(|k| {
            let (x, y) = columns[k % 4];
            let level = (k / 4) as f64;
            let c = Vec3::new(
                x + rng.random_range(-0.03..0.03),
                y + rng.random_range(-0.03..0.03),
                0.05 + 0.1 * level + rng.random_range(-0.01..0.01),
            );
            cube(c, Vec3::repeat(rng.random_range(0.05..0.07)))
        })
        .collect()
}

/// Uniform scatter of boxes of random size in a cube holding them at ~10% volume
/// fraction.
fn uniform(rng: &mut ChaCha8Rng, n: usize) -> Vec<Aabb> {
    let side = (n as f64 * 0.01).cbrt();
    (0..n)
        .map(|_| {
            let c = Vec3::from_fn(|_, _| rng.random_range(0.0..side));
            let h = Vec3::from_fn(|_, _| rng.random_range(0.01..0.1));
            cube(c, h)
        })
        .collect()
}

/// Cubes of side 1/4 on a lattice of spacing 1/4 (exact in binary): face, edge and
/// corner neighbours all touch exactly. Some cells left empty.
fn touching(rng: &mut ChaCha8Rng, n: usize) -> Vec<Aabb> {
    let mut v = Vec::new();
    let m = ((n as f64).cbrt().ceil() as i32).max(2);
    for i in 0..m {
        for j in 0..m {
            for k in 0..m {
                if v.len() < n && rng.random_bool(0.8) {
                    let lo = Vec3::new(i as f64, j as f64, k as f64) * 0.25;
                    v.push(Aabb::new(lo, lo + Vec3::repeat(0.25)));
                }
            }
        }
    }
    v
}

/// Groups of identical boxes.
fn identical(rng: &mut ChaCha8Rng, n: usize) -> Vec<Aabb> {
    let distinct: Vec<Aabb> = uniform(rng, n.div_ceil(5).max(1));
    (0..n).map(|k| distinct[k % distinct.len()]).collect()
}

/// Every box has the same minimum x (a wall of boxes against a plane), and half of
/// them the same z range too: the sweep axis sees long runs of equal keys.
fn one_coordinate(rng: &mut ChaCha8Rng, n: usize) -> Vec<Aabb> {
    (0..n)
        .map(|k| {
            let y = rng.random_range(0.0..(n as f64).sqrt() * 0.1);
            let (z0, z1) = if k % 2 == 0 {
                (0.0, 0.1)
            } else {
                (0.05, rng.random_range(0.1..0.3))
            };
            Aabb::new(
                Vec3::new(0.0, y, z0),
                Vec3::new(rng.random_range(0.05..0.2), y + 0.1, z1),
            )
        })
        .collect()
}

type Generator = fn(&mut ChaCha8Rng, usize) -> Vec<Aabb>;

const GENERATORS: [(&str, Generator); 5] = [
    ("clutter", clutter),
    ("uniform", uniform),
    ("touching", touching),
    ("identical", identical),
    ("one coordinate", one_coordinate),
];

/// Moves every box by up to `step` per axis (random walk), keeping its size.
fn jiggle(rng: &mut ChaCha8Rng, boxes: &mut [Aabb], step: f64) {
    for b in boxes {
        let d = Vec3::from_fn(|_, _| rng.random_range(-step..step));
        b.min += d;
        b.max += d;
    }
}

fn check(sap: &mut SweepAndPrune, boxes: &[Aabb], pairs: &mut Vec<(usize, usize)>, what: &str) {
    let mut expected = Vec::new();
    brute_force_pairs(boxes, &mut expected);
    sap.update(boxes, pairs);
    assert_eq!(*pairs, expected, "{what}");
    // The grid, rebuilt each call, gives the same answer.
    let mut grid_pairs = Vec::new();
    UniformGrid::new().update(boxes, &mut grid_pairs);
    assert_eq!(grid_pairs, expected, "grid: {what}");
}

#[test]
fn equals_brute_force_on_every_kind_of_box_set_over_many_small_motions() {
    for (name, gen) in GENERATORS {
        for (seed, n) in [(1u64, 2usize), (2, 9), (3, 40), (4, 160), (5, 600)] {
            let mut rng = common::rng(seed * 1000 + name.len() as u64);
            let mut boxes = gen(&mut rng, n);
            let mut sap = SweepAndPrune::new();
            let mut pairs = Vec::new();
            let mut incremental = 0;
            let mut swaps = 0;
            for step in 0..40 {
                check(
                    &mut sap,
                    &boxes,
                    &mut pairs,
                    &format!("{name}, seed {seed}, n {n}, step {step}"),
                );
                if step == 0 {
                    assert!(sap.last_rebuilt());
                } else if !sap.last_rebuilt() {
                    incremental += 1;
                    swaps += sap.last_swaps();
                }
                jiggle(&mut rng, &mut boxes, 0.005);
            }
            // The incremental path is what ran (the axis rarely changes), and it sorted.
            assert!(incremental >= 20, "{name} n {n}: {incremental} incremental steps");
            if n >= 40 && name != "identical" {
                assert!(swaps > 0, "{name} n {n}: motion never reordered the boxes");
            }
        }
    }
}

#[test]
fn equals_brute_force_while_boxes_are_added_removed_and_teleported() {
    let mut rng = common::rng(77);
    let mut sap = SweepAndPrune::new();
    let mut pairs = Vec::new();
    let mut boxes = clutter(&mut rng, 40);
    for step in 0..200 {
        let what = format!("step {step}, n {}", boxes.len());
        check(&mut sap, &boxes, &mut pairs, &what);
        match step % 10 {
            3 => {
                let extra = rng.random_range(1..20);
                boxes.extend(uniform(&mut rng, extra));
                check(&mut sap, &boxes, &mut pairs, &format!("{what}, added {extra}"));
                assert!(sap.last_rebuilt(), "a new box count rebuilds");
            }
            6 if boxes.len() > 10 => {
                let keep = rng.random_range(1..boxes.len());
                boxes.truncate(keep);
            }
            8 => {
                // Teleport: every box somewhere else (the insertion sort has many swaps).
                boxes = uniform(&mut rng, boxes.len());
            }
            _ => jiggle(&mut rng, &mut boxes, 0.02),
        }
    }
    // And after an explicit invalidate.
    sap.invalidate();
    check(&mut sap, &boxes, &mut pairs, "after invalidate");
    assert!(sap.last_rebuilt());
}

#[test]
fn the_sweep_axis_follows_the_spread_and_the_answer_stays_exact() {
    let mut rng = common::rng(5);
    let mut sap = SweepAndPrune::new();
    let mut pairs = Vec::new();
    for axis in [0usize, 1, 2, 0] {
        // A long row along `axis`.
        let boxes: Vec<Aabb> = (0..100)
            .map(|k| {
                let mut c = Vec3::from_fn(|_, _| rng.random_range(0.0..0.3));
                c[axis] = k as f64 * 0.08;
                cube(c, Vec3::repeat(0.05))
            })
            .collect();
        check(&mut sap, &boxes, &mut pairs, &format!("row along {axis}"));
        assert_eq!(sap.axis(), Some(axis));
    }
}

#[test]
fn nan_and_infinite_boxes_match_brute_force_and_never_hang() {
    let mut rng = common::rng(11);
    let mut sap = SweepAndPrune::new();
    let mut pairs = Vec::new();
    let mut boxes = uniform(&mut rng, 200);
    for step in 0..60 {
        let mut b = boxes.clone();
        for _ in 0..rng.random_range(0..20) {
            let k = rng.random_range(0..b.len());
            let c = rng.random_range(0..3);
            let v = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY][rng.random_range(0..3)];
            if rng.random_bool(0.5) {
                b[k].min[c] = v;
            } else {
                b[k].max[c] = v;
            }
        }
        check(&mut sap, &b, &mut pairs, &format!("step {step}"));
        jiggle(&mut rng, &mut boxes, 0.01);
    }
    // Every box NaN.
    let all_nan = vec![Aabb::new(Vec3::repeat(f64::NAN), Vec3::repeat(f64::NAN)); 50];
    check(&mut sap, &all_nan, &mut pairs, "all NaN");
    assert!(pairs.is_empty());
}

#[test]
fn floors_walls_and_far_away_boxes_match_brute_force() {
    let mut rng = common::rng(13);
    let mut sap = SweepAndPrune::new();
    let mut pairs = Vec::new();
    for step in 0..20 {
        let mut boxes = clutter(&mut rng, 100);
        // A floor, a wall, a box far away, one enormous box, one reaching infinity.
        boxes.push(Aabb::new(
            Vec3::new(-50.0, -50.0, -0.1),
            Vec3::new(50.0, 50.0, 0.0),
        ));
        boxes.push(Aabb::new(Vec3::new(0.3, -1.0, 0.0), Vec3::new(0.31, 1.0, 2.0)));
        boxes.push(cube(Vec3::repeat(1e7), Vec3::repeat(0.05)));
        boxes.push(Aabb::new(Vec3::repeat(-1e300), Vec3::repeat(1e300)));
        boxes.push(Aabb::new(
            Vec3::new(0.0, 0.0, 0.5),
            Vec3::new(f64::INFINITY, 0.1, 0.6),
        ));
        let k = rng.random_range(0..boxes.len());
        boxes.swap(k, 0);
        check(&mut sap, &boxes, &mut pairs, &format!("step {step}"));
    }
}

#[test]
fn inverted_boxes_are_compared_as_intersects_compares_them() {
    let mut rng = common::rng(12);
    let mut sap = SweepAndPrune::new();
    let mut pairs = Vec::new();
    for step in 0..30 {
        let mut boxes = uniform(&mut rng, 150);
        for b in boxes.iter_mut().step_by(7) {
            std::mem::swap(&mut b.min, &mut b.max);
        }
        check(&mut sap, &boxes, &mut pairs, &format!("step {step}"));
    }
}

/// Boxes on a coarse integer grid: many exactly equal and touching coordinates.
fn grid_boxes() -> impl Strategy<Value = Vec<Aabb>> {
    let one = (0i32..6, 0i32..6, 0i32..6, 0i32..3, 0i32..3, 0i32..3).prop_map(|(x, y, z, a, b, c)| {
        let lo = Vec3::new(x as f64, y as f64, z as f64);
        Aabb::new(lo, lo + Vec3::new(a as f64, b as f64, c as f64))
    });
    proptest::collection::vec(one, 0..60)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A sequence of grid box sets, each the previous one with a few boxes moved by one
    /// unit (ties broken and made again), then a fresh set: every answer is exact.
    #[test]
    fn grid_sequences_equal_brute_force(first in grid_boxes(), moves in proptest::collection::vec((0usize..60, 0usize..3, -1i32..=1), 0..40), second in grid_boxes()) {
        let mut sap = SweepAndPrune::new();
        let mut pairs = Vec::new();
        let mut expected = Vec::new();
        let mut boxes = first;
        for (k, axis, d) in moves {
            sap.update(&boxes, &mut pairs);
            brute_force_pairs(&boxes, &mut expected);
            prop_assert_eq!(&pairs, &expected);
            if let Some(b) = boxes.get_mut(k) {
                b.min[axis] += d as f64;
                b.max[axis] += d as f64;
            }
        }
        let mut grid = UniformGrid::new();
        for b in [boxes, second] {
            sap.update(&b, &mut pairs);
            brute_force_pairs(&b, &mut expected);
            prop_assert_eq!(&pairs, &expected);
            grid.update(&b, &mut pairs);
            prop_assert_eq!(&pairs, &expected);
        }
    }
}
