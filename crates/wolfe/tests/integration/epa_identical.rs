//! Identical curved shapes overlapping (stacked copies): the same cone, ellipsoid or
//! cylinder at the same orientation and a translation `t` overlap by the depth of `t`
//! in the difference body `K - K`. EPA alone stopped at its iteration limit on these
//! (36% of identical cones, 19% of identical ellipsoids in the property run); with the
//! exact depth as its lower bound every answer is certified. Checked against closed
//! forms at `t = 0` (the smallest width of the shape) and for balls (`2 r - |t|`), and
//! against the smallest support value of `D` over many directions, an independent upper
//! bound of the depth.

use crate::common;

use common::*;
use rand::Rng;
use wolfe::{Cone, ContactSolver, Cylinder, Ellipsoid, Pose, Shape, SignedDistanceSettings, Vec3};

/// `min_n h_D(n)` by a search over directions (a grid, then a pattern search about its
/// best): the support value of `D = A - B` in each (`-plane_bound`) is an upper bound of
/// the depth, and the search's minimum approaches it.
fn searched_depth(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose) -> f64 {
    let h = |u: &Vec3| -plane_bound(a, pa, b, pb, &u.normalize());
    let n = 60;
    let mut best = (f64::INFINITY, Vec3::z());
    for i in 0..=n {
        let th = std::f64::consts::PI * i as f64 / n as f64;
        for j in 0..2 * n {
            let ph = std::f64::consts::PI * j as f64 / n as f64;
            let u = Vec3::new(th.sin() * ph.cos(), th.sin() * ph.sin(), th.cos());
            let v = h(&u);
            if v < best.0 {
                best = (v, u);
            }
        }
    }
    let mut step = 0.05;
    while step > 1e-9 {
        let u = best.1;
        let t1 = u
            .cross(&if u.x.abs() < 0.9 { Vec3::x() } else { Vec3::y() })
            .normalize();
        let t2 = u.cross(&t1);
        let mut moved = false;
        for (x, y) in [
            (1.0, 0.0),
            (-1.0, 0.0),
            (0.0, 1.0),
            (0.0, -1.0),
            (1.0, 1.0),
            (1.0, -1.0),
            (-1.0, 1.0),
            (-1.0, -1.0),
        ] {
            let w = (u + step * (x * t1 + y * t2)).normalize();
            let v = h(&w);
            if v < best.0 {
                best = (v, w);
                moved = true;
            }
        }
        if !moved {
            step *= 0.5;
        }
    }
    best.0
}

/// The certified depth of `s` at `pa` against itself at `pb`; the reported normal's
/// support value, computed here from the shape's own supports, must meet it (an
/// independent upper bound: translating B by the depth along the normal separates).
fn depth(c: &mut ContactSolver, s: &Shape, pa: &Pose, pb: &Pose, what: &str) -> f64 {
    let sd = c.signed_distance(s, pa, s, pb, None).unwrap();
    let along = -plane_bound(s, pa, s, pb, &sd.normal);
    assert!(
        (along + sd.signed_distance).abs() <= 1e-6 * along.abs() + 1e-12,
        "{what}: the normal's support value {along} against {sd:?}"
    );
    assert!(sd.is_certified(), "{what}: {sd:?}");
    assert!(
        sd.lower_bound <= sd.signed_distance && sd.signed_distance <= sd.upper_bound,
        "{what}: {sd:?}"
    );
    assert!(
        sd.upper_bound - sd.lower_bound <= 1e-6 * sd.signed_distance.abs() + 1e-12,
        "{what}: {sd:?}"
    );
    -sd.signed_distance
}

#[test]
fn identical_shapes_at_the_same_place_overlap_by_their_smallest_width() {
    let mut c = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let mut rng = rng(45_2029);
    for _ in 0..50 {
        let pose = random_pose(&mut rng, 1.0);
        let (r, h) = (rng.random_range(0.05..1.0), rng.random_range(0.05..1.0));
        let e = [
            rng.random_range(0.05..1.0),
            rng.random_range(0.05..1.0),
            rng.random_range(0.05..1.0),
        ];
        // Widths: ellipsoid 2 min(e); cylinder min(2 r, 2 h); cone min(2 h, its slant
        // width 4 r h / sqrt(4 h^2 + r^2)) (the double frustum of `K - K`).
        let cases: [(Shape, f64); 3] = [
            (
                Ellipsoid::new(e).unwrap().into(),
                2.0 * e.iter().cloned().fold(f64::INFINITY, f64::min),
            ),
            (Cylinder::new(r, h).unwrap().into(), (2.0 * r).min(2.0 * h)),
            (
                Cone::new(r, h).unwrap().into(),
                (2.0 * h).min(4.0 * r * h / (4.0 * h * h + r * r).sqrt()),
            ),
        ];
        for (s, width) in &cases {
            let d = depth(&mut c, s, &pose, &pose, s.kind());
            assert!((d - width).abs() <= 1e-6 * width, "{}: {d} vs {width}", s.kind());
        }
    }
}

#[test]
fn identical_shapes_at_a_translation_match_closed_forms_and_supports() {
    let mut c = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let mut rng = rng(45_2030);
    for _ in 0..40 {
        let size = rng.random_range(0.05..1.0);
        let r = |rng: &mut rand_chacha::ChaCha8Rng| rng.random_range(0.2 * size..size);
        let ball = r(&mut rng);
        let shapes: [Shape; 4] = [
            Ellipsoid::new([ball, ball, ball]).unwrap().into(),
            Ellipsoid::new([r(&mut rng), r(&mut rng), r(&mut rng)])
                .unwrap()
                .into(),
            Cylinder::new(r(&mut rng), r(&mut rng)).unwrap().into(),
            Cone::new(r(&mut rng), r(&mut rng)).unwrap().into(),
        ];
        let pa = random_pose(&mut rng, 1.0);
        for (k, s) in shapes.iter().enumerate() {
            for shift in [1e-6 * size, 0.05 * size, 0.2 * size] {
                let dir = random_rotation(&mut rng).transform_vector(&Vec3::x());
                let mut pb = pa;
                pb.translation += shift * dir;
                let d = depth(&mut c, s, &pa, &pb, s.kind());
                if k == 0 {
                    let exact = 2.0 * ball - shift;
                    assert!((d - exact).abs() <= 1e-9 * exact, "ball: {d} vs {exact}");
                }
                // Any direction's support value is an upper bound: the searched minimum
                // never falls below the depth.
                let searched = searched_depth(s, &pa, s, &pb);
                assert!(d <= searched * (1.0 + 1e-9), "{}: {d} above {searched}", s.kind());
            }
        }
    }
}
