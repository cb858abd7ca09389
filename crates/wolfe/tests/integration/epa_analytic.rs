//! EPA and the signed distance against analytic answers: balls, axis-aligned boxes, a
//! ball in a box, capsules; the normal's direction (A to B) pinned.

use crate::common;

use common::*;
use rand::Rng;
use wolfe::{
    Capsule, ContactSolver, Cuboid, EpaStatus, GjkStatus, Pose, Quat, Shape, SignedDistanceOutput,
    SignedDistanceSettings, Sphere, Vec3,
};

fn solver() -> ContactSolver {
    ContactSolver::new(SignedDistanceSettings::default()).unwrap()
}

fn at(x: f64, y: f64, z: f64) -> Pose {
    Pose::from_translation(Vec3::new(x, y, z))
}

/// `point_b - point_a = signed_distance * normal`, the normal unit, the bounds bracket.
fn assert_consistent(out: &SignedDistanceOutput, tol: f64) {
    assert!((out.normal.norm() - 1.0).abs() < 1e-12, "{out:?}");
    let r = out.point_b - out.point_a - out.signed_distance * out.normal;
    assert!(r.norm() <= tol, "witness residual {} in {out:?}", r.norm());
    assert!(
        out.lower_bound <= out.signed_distance + tol && out.signed_distance <= out.upper_bound + tol,
        "{out:?}"
    );
}

#[test]
fn sphere_sphere_overlap_and_coincident_centres() {
    let mut s = solver();
    let a: Shape = Sphere::new(0.5).unwrap().into();
    let b: Shape = Sphere::new(0.3).unwrap().into();
    let out = s
        .signed_distance(&a, &at(0.0, 0.0, 0.0), &b, &at(0.6, 0.0, 0.0), None)
        .unwrap();
    assert!((out.signed_distance - (0.6 - 0.8)).abs() < 1e-12, "{out:?}");
    assert!(
        (out.normal - Vec3::x()).norm() < 1e-12,
        "normal from A to B: {out:?}"
    );
    assert!((out.point_a - Vec3::new(0.5, 0.0, 0.0)).norm() < 1e-12);
    assert!((out.point_b - Vec3::new(0.3, 0.0, 0.0)).norm() < 1e-12);
    assert_consistent(&out, 1e-12);
    // Same centre: depth = sum of radii, any unit normal.
    let out = s
        .signed_distance(&a, &at(1.0, 2.0, 3.0), &b, &at(1.0, 2.0, 3.0), None)
        .unwrap();
    assert!((out.signed_distance + 0.8).abs() < 1e-12, "{out:?}");
    assert_eq!(out.epa_status, Some(EpaStatus::Flat));
    assert_consistent(&out, 1e-12);
}

#[test]
fn axis_aligned_boxes_depth_is_the_smallest_axis_overlap() {
    let mut s = solver();
    let mut rng = rng(31);
    for case in 0..500 {
        let ha = Vec3::new(
            rng.random_range(0.1..1.0),
            rng.random_range(0.1..1.0),
            rng.random_range(0.1..1.0),
        );
        let hb = Vec3::new(
            rng.random_range(0.1..1.0),
            rng.random_range(0.1..1.0),
            rng.random_range(0.1..1.0),
        );
        let a: Shape = Cuboid::new(ha.into()).unwrap().into();
        let b: Shape = Cuboid::new(hb.into()).unwrap().into();
        let ta = Vec3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        );
        // Overlapping centres: |tb - ta| < ha + hb per axis.
        let off = Vec3::from_fn(|i, _| rng.random_range(-0.95..0.95) * (ha[i] + hb[i]));
        let pa = Pose::from_translation(ta);
        let pb = Pose::from_translation(ta + off);
        let overlaps = Vec3::from_fn(|i, _| ha[i] + hb[i] - off[i].abs());
        let k = overlaps.imin();
        let out = s.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        assert!(
            (out.signed_distance + overlaps[k]).abs() < 1e-12,
            "case {case}: {} vs {}",
            out.signed_distance,
            -overlaps[k]
        );
        assert_eq!(out.epa_status, Some(EpaStatus::Converged), "case {case}");
        // Normal along axis k, from A to B.
        let want = Vec3::ith(k, off[k].signum());
        assert!((out.normal - want).norm() < 1e-9, "case {case}: {out:?}");
        assert_consistent(&out, 1e-12);
    }
}

#[test]
fn sphere_in_a_box() {
    let mut s = solver();
    let a: Shape = Cuboid::new([1.0, 0.5, 0.25]).unwrap().into();
    let b: Shape = Sphere::new(0.1).unwrap().into();
    // Centre inside, nearest the +y face (0.5 - 0.35 = 0.15 < 1 - 0.2, 0.25 - 0.05).
    let q = Quat::from_euler_angles(0.3, -0.2, 0.9);
    let pa = Pose {
        rotation: q,
        translation: Vec3::new(0.5, -1.0, 2.0),
    };
    let c_local = Vec3::new(0.2, 0.35, -0.05);
    let pb = Pose::from_translation(pa.transform_point(&c_local));
    let out = s.signed_distance(&a, &pa, &b, &pb, None).unwrap();
    assert!((out.signed_distance + 0.15 + 0.1).abs() < 1e-12, "{out:?}");
    assert!(
        (out.normal - pa.transform_vector(&Vec3::y())).norm() < 1e-12,
        "{out:?}"
    );
    assert_consistent(&out, 1e-12);
    // Swapped: the normal flips.
    let out2 = s.signed_distance(&b, &pb, &a, &pa, None).unwrap();
    assert!(
        (out2.signed_distance - out.signed_distance).abs() < 1e-12,
        "{out2:?}"
    );
    assert!((out2.normal + out.normal).norm() < 1e-12);
    // Only the radius overlaps: no EPA.
    let pb = Pose::from_translation(pa.transform_point(&Vec3::new(0.2, 0.55, 0.0)));
    let out = s.signed_distance(&a, &pa, &b, &pb, None).unwrap();
    assert!((out.signed_distance + 0.05).abs() < 1e-12, "{out:?}");
    assert_eq!(out.epa_status, None);
}

#[test]
fn capsules() {
    let mut s = solver();
    let a: Shape = Capsule::new(0.2, 1.0).unwrap().into();
    let b: Shape = Capsule::new(0.1, 0.5).unwrap().into();
    // Parallel axes 0.25 apart: only the radii overlap.
    let out = s
        .signed_distance(&a, &at(0.0, 0.0, 0.0), &b, &at(0.25, 0.0, 0.3), None)
        .unwrap();
    assert!((out.signed_distance - (0.25 - 0.3)).abs() < 1e-9, "{out:?}");
    assert!((out.normal - Vec3::x()).norm() < 1e-6);
    assert_consistent(&out, 1e-9);
    // Crossing axes: the cores meet, depth = radii along the common normal.
    let q = Quat::from_euler_angles(std::f64::consts::FRAC_PI_2, 0.0, 0.0);
    let pb = Pose {
        rotation: q,
        translation: Vec3::new(0.0, 0.0, 0.2),
    };
    let out = s.signed_distance(&a, &Pose::identity(), &b, &pb, None).unwrap();
    assert!((out.signed_distance + 0.3).abs() < 1e-12, "{out:?}");
    assert!(
        out.normal.x.abs() > 1.0 - 1e-12,
        "the common normal of the axes: {out:?}"
    );
    assert_consistent(&out, 1e-12);
    // Axes crossing at a small offset: cores 0.05 apart.
    let pb = Pose {
        rotation: q,
        translation: Vec3::new(0.05, 0.0, 0.2),
    };
    let out = s.signed_distance(&a, &Pose::identity(), &b, &pb, None).unwrap();
    assert!((out.signed_distance - (0.05 - 0.3)).abs() < 1e-9, "{out:?}");
    assert_eq!(out.gjk_status, GjkStatus::Converged);
}

#[test]
fn deep_overlap_of_identical_shapes() {
    let mut s = solver();
    let mut rng = rng(5);
    for case in 0..100 {
        let shape = random_shape(&mut rng, case, 1.0);
        let pose = random_pose(&mut rng, 1.0);
        let out = s.signed_distance(&shape, &pose, &shape, &pose, None).unwrap();
        assert!(
            out.signed_distance < 0.0 && out.signed_distance.is_finite(),
            "case {case}: {out:?}"
        );
        assert!(
            out.is_certified() || out.epa_status == Some(EpaStatus::IterationLimit),
            "case {case}: {out:?}"
        );
        assert!((out.normal.norm() - 1.0).abs() < 1e-12);
    }
}
