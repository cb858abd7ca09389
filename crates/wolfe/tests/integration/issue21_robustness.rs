//! Issue 21 ("every answer right or flagged"): regression tests of the numbered cases
//! 1, 2 and 5-8, and the property tests behind them. Each reproducer failed before the
//! fix it names.

use crate::common;

use common::{random_pose, random_rotation, random_shape, rng};
use rand::Rng;
use wolfe::*;

/// The rotation of the reproducers 5 and 6, (w, x, y, z).
const Q: [f64; 4] = [
    0.01234104349564831,
    -0.23541744830315894,
    -0.9691425226762704,
    0.07203536923305587,
];

fn all_finite(v: &[f64]) -> bool {
    v.iter().all(|x| x.is_finite())
}

fn vec_finite(v: &Vec3) -> bool {
    all_finite(v.as_slice())
}

/// Every query on one pair: each answer is an error or finite throughout.
fn assert_every_query_finite_or_err(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose) -> bool {
    let mut any_ok = false;
    let what = format!(
        "{} at {:?} vs {} at {:?}",
        a.kind(),
        pa.translation,
        b.kind(),
        pb.translation
    );
    if let Ok(o) = distance(a, pa, b, pb, &GjkSettings::default()) {
        any_ok = true;
        assert!(
            all_finite(&[o.distance, o.lower_bound, o.upper_bound])
                && vec_finite(&o.point_a)
                && vec_finite(&o.point_b)
                && vec_finite(&o.normal),
            "distance {what}: {o:?}"
        );
        // Up to rounding: both are formed from the radii and a norm.
        assert!(
            o.lower_bound <= o.upper_bound * (1.0 + 1e-12),
            "distance {what}: {o:?}"
        );
    }
    if let Ok(o) = intersects(a, pa, b, pb, &GjkSettings::default()) {
        assert!(
            o.lower_bound.is_finite() && vec_finite(&o.separating_normal),
            "{what}: {o:?}"
        );
    }
    let mut solver = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    if let Ok(o) = solver.signed_distance(a, pa, b, pb, None) {
        assert!(
            all_finite(&[o.signed_distance, o.lower_bound, o.upper_bound])
                && vec_finite(&o.point_a)
                && vec_finite(&o.point_b)
                && vec_finite(&o.normal),
            "signed distance {what}: {o:?}"
        );
    }
    let settings = ManifoldSettings::default().with_margin(1e-3);
    if let Ok(Some(m)) = solver.manifold(a, pa, b, pb, &settings, None) {
        assert!(vec_finite(&m.normal), "manifold {what}: {m:?}");
        for p in m.points() {
            assert!(
                p.signed_distance.is_finite() && vec_finite(&p.point_a) && vec_finite(&p.point_b),
                "manifold {what}: {m:?}"
            );
        }
    }
    any_ok
}

/// Item 1: two unit boxes 1.35e154 apart gave `Ok` with distance 0 (`Intersecting`),
/// two unit spheres d = inf with NaN witness points. Now a typed error names the
/// translation beyond the supported range.
#[test]
fn huge_translation_is_out_of_range() {
    let far = Pose::from_translation(Vec3::new(1.35e154, 0.0, 0.0));
    let id = Pose::identity();
    let cube: Shape = Cuboid::new([1.0; 3]).unwrap().into();
    let ball: Shape = Sphere::new(1.0).unwrap().into();
    for s in [&cube, &ball] {
        let d = distance(s, &id, s, &far, &GjkSettings::default());
        assert!(matches!(d, Err(WolfeError::OutOfRange { .. })), "{d:?}");
        let sd = signed_distance(s, &id, s, &far, &SignedDistanceSettings::default());
        assert!(matches!(sd, Err(WolfeError::OutOfRange { .. })), "{sd:?}");
        let i = intersects(s, &far, s, &id, &GjkSettings::default());
        assert!(matches!(i, Err(WolfeError::OutOfRange { .. })), "{i:?}");
    }
    // At the edge of the range the answer is right.
    let edge = Pose::from_translation(Vec3::new(MAX_MAGNITUDE, 0.0, 0.0));
    for s in [&cube, &ball] {
        let d = distance(s, &id, s, &edge, &GjkSettings::default()).unwrap();
        assert!(
            (d.distance - MAX_MAGNITUDE).abs() <= 1e-12 * MAX_MAGNITUDE,
            "{d:?}"
        );
        assert_eq!(d.status, GjkStatus::Converged);
        assert!(assert_every_query_finite_or_err(s, &id, s, &edge));
    }
}

/// Item 2: extreme sizes gave NaN or inf inside `Ok` (ellipsoid radii 1e103, a cylinder
/// or cone radius of f64::MAX, a cone half-length of 1e300, a point cloud of size 1e200,
/// the mass properties of a 1 x 1 x 1e150 box). Now the constructors refuse sizes beyond
/// the range, and mass properties that would overflow are an error.
#[test]
fn extreme_sizes_are_refused_or_finite() {
    assert!(Ellipsoid::new([1e103; 3]).is_err());
    assert!(Cylinder::new(f64::MAX, 1.0).is_err());
    assert!(Cone::new(f64::MAX, 1.0).is_err());
    assert!(Cone::new(1.0, 1e300).is_err());
    assert!(Cuboid::new([1.0, 1.0, 1e150]).is_err());
    let cloud: Vec<Vec3> = (0..8)
        .map(|i| Vec3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64) * 1e200)
        .collect();
    assert!(matches!(
        ConvexMesh::from_points(&cloud),
        Err(WolfeError::OutOfRange { .. })
    ));
    // The ellipsoid query, at the largest accepted size: finite.
    let big: Shape = Ellipsoid::new([MAX_MAGNITUDE; 3]).unwrap().into();
    let ball: Shape = Sphere::new(1.0).unwrap().into();
    let at3 = Pose::from_translation(Vec3::new(3.0, 0.0, 0.0));
    assert!(assert_every_query_finite_or_err(
        &big,
        &Pose::identity(),
        &ball,
        &at3
    ));
    // Mass properties: right at 1e60 with a unit density, an error when they overflow.
    let tall: Shape = Cuboid::new([1.0, 1.0, MAX_MAGNITUDE]).unwrap().into();
    let m = tall.mass_properties(1.0).unwrap();
    assert!(all_finite(m.inertia.as_slice()) && m.mass.is_finite());
    let expected_ixx = m.mass * (1.0 + MAX_MAGNITUDE * MAX_MAGNITUDE) / 3.0;
    assert!((m.inertia[(0, 0)] - expected_ixx).abs() <= 1e-12 * expected_ixx);
    let huge: Shape = Cuboid::new([MAX_MAGNITUDE; 3]).unwrap().into();
    assert!(matches!(
        huge.mass_properties(1e10),
        Err(WolfeError::OutOfRange { .. })
    ));
}

/// Items 1-2 as a property: every shape kind, sizes from 1e-3 to 1e60 and translations
/// up to 1e60, every query: `Ok` answers are finite throughout.
#[test]
fn every_scale_within_the_range_gives_finite_answers() {
    let mut r = rng(2101);
    let mut ok = 0;
    for i in 0..600 {
        let size = 10f64.powf(r.random_range(-3.0..57.0));
        let offset = 10f64.powf(r.random_range(-3.0..60.0));
        let a = random_shape(&mut r, i, size);
        let size_b = size * 10f64.powf(r.random_range(-3.0..1.0));
        let b = random_shape(&mut r, i / 9, size_b);
        let pa = Pose::new(Vec3::zeros(), random_rotation(&mut r));
        let dir = Vec3::new(
            r.random_range(-1.0..1.0),
            r.random_range(-1.0..1.0),
            r.random_range(-1.0..1.0),
        );
        let pb = Pose::new(dir * offset.min(0.5 * MAX_MAGNITUDE), random_rotation(&mut r));
        if assert_every_query_finite_or_err(&a, &pa, &b, &pb) {
            ok += 1;
        }
    }
    assert!(ok > 500, "only {ok} of 600 pairs were accepted");
}

/// Item 5: B rests on A's top face (signed distance 3.4e-14), both rotated; the manifold's
/// 4 points lay on A's *bottom* face with depth -4.6953 = -2 (hA_z + hB_z), because the
/// normal came from GJK's last iterate, whose direction is noise at that distance. Now
/// the normal is that of the face GJK ended on, and the reference face is A's top.
#[test]
fn rotated_resting_boxes_manifold_on_the_top_face() {
    let a: Shape = Cuboid::new([0.78125, 0.0166015625, 2.25]).unwrap().into();
    let b: Shape = Cuboid::new([0.0107421875, 0.0205078125, 0.09765625])
        .unwrap()
        .into();
    let mut solver = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let settings = ManifoldSettings::default().with_margin(1e-3);
    for origin in [[-187.75, 939.21875, -999.4375], [0.0; 3]] {
        let shift = Vec3::from(origin) - Vec3::new(-187.75, 939.21875, -999.4375);
        let pa = Pose::from_parts(origin, Q).unwrap();
        let tb = Vec3::new(-187.8857819243421, 938.9045995879901, -1001.7600767276497) + shift;
        let pb = Pose::from_parts(tb.into(), Q).unwrap();
        let sd = solver.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        let up = pa.transform_vector(&Vec3::z());
        assert!(sd.signed_distance.abs() < 1e-12, "{sd:?}");
        assert!(sd.lower_bound <= 1e-13 && sd.upper_bound >= -1e-13, "{sd:?}");
        assert!(
            (sd.normal - up).norm() < 1e-9,
            "normal {:?}, A's top {up:?}",
            sd.normal
        );
        let m = solver
            .manifold(&a, &pa, &b, &pb, &settings, None)
            .unwrap()
            .unwrap();
        assert_eq!(m.points().len(), 4, "{m:?}");
        assert!((m.normal - up).norm() < 1e-9, "{m:?}");
        for p in m.points() {
            assert!(p.signed_distance.abs() < 1e-12, "{m:?}");
            // On A's top face: local z = +hA_z.
            let local = pa.inverse_transform_point(&p.point_a);
            assert!((local.z - 2.25).abs() < 1e-9, "{local:?}");
        }
    }
}

/// Item 6: near-touching rotated boxes (B 1.05e-13 beyond A's +y face) lost the normal:
/// `NumericalTrouble`, a normal a few thousandths to tenths off A's +y axis. Now every
/// variant is certified with A's +y normal and a 4-point manifold.
#[test]
fn near_touching_rotated_boxes_keep_the_face_normal() {
    let a: Shape = Cuboid::new([0.0107421875, 0.09375, 0.015625]).unwrap().into();
    let b: Shape = Cuboid::new([0.0185546875, 0.01123046875, 1.3125]).unwrap().into();
    let q = Quat::from_quaternion(nalgebra::Quaternion::new(Q[0], Q[1], Q[2], Q[3]));
    let mut solver = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let settings = ManifoldSettings::default().with_margin(1e-3);
    for base in [
        Vec3::zeros(),
        Vec3::new(-187.75, 939.21875, -999.4375),
        Vec3::new(0.3, 0.7, -0.2),
    ] {
        for lateral in [
            Vec3::zeros(),
            Vec3::new(0.005, 0.0, 0.01),
            Vec3::new(-0.02, 0.0, 1.0),
        ] {
            let pa = Pose::new(base, q);
            let local = lateral + Vec3::new(0.0, 0.09375 + 0.01123046875 + 1.05e-13, 0.0);
            let pb = Pose::new(base + q * local, q);
            let sd = solver.signed_distance(&a, &pa, &b, &pb, None).unwrap();
            let n_local = pa.inverse_transform_vector(&sd.normal);
            assert!(
                (n_local - Vec3::y()).norm() < 1e-9,
                "base {base:?} lateral {lateral:?}: {sd:?}"
            );
            assert!(sd.is_certified(), "base {base:?} lateral {lateral:?}: {sd:?}");
            assert!(sd.signed_distance.abs() < 1e-12, "{sd:?}");
            let m = solver
                .manifold(&a, &pa, &b, &pb, &settings, None)
                .unwrap()
                .unwrap();
            assert_eq!(m.points().len(), 4, "{m:?}");
            assert!((pa.inverse_transform_vector(&m.normal) - Vec3::y()).norm() < 1e-9);
        }
    }
}

/// Random rotated face-to-face boxes: B on a random face of A, laterally inside it, at
/// the gap `gap_rel` times the boxes' size. Returns (signed distance output, exact gap).
fn face_to_face(r: &mut rand_chacha::ChaCha8Rng, gap_rel: f64) -> (SignedDistanceOutput, f64) {
    let ha = Vec3::new(
        r.random_range(0.05..1.0),
        r.random_range(0.05..1.0),
        r.random_range(0.05..1.0),
    );
    let hb = Vec3::new(
        r.random_range(0.02..0.5),
        r.random_range(0.02..0.5),
        r.random_range(0.02..0.5),
    );
    let a: Shape = Cuboid::new(ha.into()).unwrap().into();
    let b: Shape = Cuboid::new(hb.into()).unwrap().into();
    let q = random_rotation(r);
    let k = r.random_range(0..3);
    let sign = if r.random_bool(0.5) { 1.0 } else { -1.0 };
    let size = ha.max().max(hb.max());
    let gap = gap_rel * size;
    let mut local = Vec3::zeros();
    for j in 0..3 {
        if j != k {
            local[j] = r.random_range(-1.0..1.0) * ha[j].min(hb[j]) * 0.9;
        }
    }
    local[k] = sign * (ha[k] + hb[k] + gap);
    let t = Vec3::new(
        r.random_range(-10.0..10.0),
        r.random_range(-10.0..10.0),
        r.random_range(-10.0..10.0),
    );
    let pa = Pose::new(t, q);
    let pb = Pose::new(t + q * local, q);
    let out = signed_distance(&a, &pa, &b, &pb, &SignedDistanceSettings::default()).unwrap();
    (out, gap)
}

/// Item 7: rotated face-to-face boxes at gaps of 1e-8..1e-6 of their size ended
/// `NumericalTrouble` in 50-60% of queries (the lower bound dropped to 0). Now every one
/// is certified, and its bounds hold the exact gap (up to the rounding of the poses).
#[test]
fn face_to_face_boxes_at_small_gaps_are_certified() {
    let mut r = rng(2107);
    for i in 0..2000 {
        let gap_rel = 10f64.powf(r.random_range(-8.0..-6.0));
        let (out, gap) = face_to_face(&mut r, gap_rel);
        let slack = 1e-13;
        assert!(out.is_certified(), "case {i}: gap {gap:e}: {out:?}");
        assert_eq!(out.gjk_status, GjkStatus::Converged, "case {i}: {out:?}");
        assert!(
            out.lower_bound <= gap + slack && gap <= out.upper_bound + slack,
            "case {i}: gap {gap:e} outside [{:e}, {:e}]",
            out.lower_bound,
            out.upper_bound
        );
        assert!(
            (out.signed_distance - gap).abs() <= 1e-7 * gap + slack,
            "case {i}: {out:?}"
        );
    }
}

/// Item 7, the count behind the rates (run with `--ignored --nocapture`):
/// uncertified answers over random hull and primitive pairs near contact, and over
/// face-to-face boxes at rest (gap 0) and at 1e-8..1e-6 of their size.
#[test]
#[ignore]
fn count_uncertified_answers() {
    let mut r = rng(2199);
    let n = 100_000;
    let mut uncertified = 0;
    let mut solver = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    for i in 0..n {
        let a = random_shape(&mut r, i, 1.0);
        let b = random_shape(&mut r, i / 9, 1.0);
        let pa = random_pose(&mut r, 1.0);
        let pb = random_pose(&mut r, 1.0);
        let o = solver.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        if !o.is_certified() {
            uncertified += 1;
        }
    }
    println!(
        "random pairs: {uncertified} of {n} uncertified ({:.3}%)",
        100.0 * uncertified as f64 / n as f64
    );
    for (label, lo, hi) in [("at rest (gap 0)", 0.0, 0.0), ("gap 1e-8..1e-6", -8.0, -6.0)] {
        let mut bad = 0;
        let m = 20_000;
        for _ in 0..m {
            let g = if hi == 0.0 {
                0.0
            } else {
                10f64.powf(r.random_range(lo..hi))
            };
            let (o, _) = face_to_face(&mut r, g);
            if !o.is_certified() {
                bad += 1;
            }
        }
        println!("face-to-face boxes {label}: {bad} of {m} uncertified");
    }
}

/// Item 8: a 1e-9-thin hull against itself gave +1.5e-10 with bounds [0, 1.5e-10], while
/// the true signed distance is minus the hull's width (-7e-10). Now the bounds contain
/// it: when GJK cannot certify that the cores are apart, the lower bound is the plane
/// bound `min_{s in D} <u, s>` of the signed distance, not 0.
#[test]
fn thin_hull_against_itself_bounds_contain_minus_width() {
    let mut r = rng(2108);
    for case in 0..300 {
        let pts: Vec<Vec3> = (0..12)
            .map(|_| {
                Vec3::new(
                    r.random_range(-1.0..1.0),
                    r.random_range(-1.0..1.0),
                    r.random_range(0.0..1e-9),
                )
            })
            .collect();
        let Ok(hull) = ConvexMesh::from_points(&pts) else {
            continue;
        };
        let width = min_width(&hull);
        let shape: Shape = hull.into();
        let pose = random_pose(&mut r, 1.0);
        let out = signed_distance(&shape, &pose, &shape, &pose, &SignedDistanceSettings::default()).unwrap();
        // The bounds hold -width up to the rounding of coordinates of size ~1.
        let slack = 1e-15;
        assert!(
            out.lower_bound <= -width + slack && -width <= out.upper_bound + slack,
            "case {case}: -width {:e} outside [{:e}, {:e}] ({:?}, {:?})",
            -width,
            out.lower_bound,
            out.upper_bound,
            out.gjk_status,
            out.epa_status
        );
    }
}

/// The minimum width of a polytope: the least extent over its face normals and the
/// cross products of its edge pairs (the directions where it is attained).
fn min_width(hull: &ConvexMesh) -> f64 {
    let v = hull.vertices();
    let mut edges = Vec::new();
    let mut dirs = Vec::new();
    for f in hull.faces() {
        let [a, b, c] = f.map(|i| v[i as usize]);
        dirs.push((b - a).cross(&(c - a)));
        edges.extend([b - a, c - b, a - c]);
    }
    for (i, e) in edges.iter().enumerate() {
        for f in &edges[i + 1..] {
            dirs.push(e.cross(f));
        }
    }
    dirs.iter()
        .filter(|d| d.norm() > 0.0)
        .map(|d| {
            let u = d.normalize();
            let (lo, hi) = v.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
                (lo.min(u.dot(p)), hi.max(u.dot(p)))
            });
            hi - lo
        })
        .fold(f64::MAX, f64::min)
}
