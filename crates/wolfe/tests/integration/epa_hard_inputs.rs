//! EPA on hard inputs: exact touching, nearly flat shapes, tiny iteration budgets,
//! far-from-origin poses, curved cores; never a NaN, never a hang, honest statuses.

use crate::common;

use common::*;
use wolfe::{
    Cone, ContactSolver, ConvexMesh, Cuboid, Cylinder, Ellipsoid, EpaSettings, EpaStatus, Pose, Quat, Shape,
    SignedDistanceSettings, Vec3, WolfeError,
};

fn solver_with(epa: EpaSettings) -> ContactSolver {
    ContactSolver::new(SignedDistanceSettings::default().with_epa(epa)).unwrap()
}

#[test]
fn touching_boxes_have_zero_depth() {
    let mut s = solver_with(EpaSettings::default());
    let a: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
    let b: Shape = Cuboid::new([0.25, 0.5, 0.75]).unwrap().into();
    for (t, n) in [
        (Vec3::new(0.75, 0.1, 0.2), Vec3::x()),
        (Vec3::new(0.1, -1.0, 0.3), -Vec3::y()),
        (Vec3::new(0.75, 1.0, 1.25), Vec3::new(1.0, 1.0, 1.0).normalize()),
    ] {
        let out = s
            .signed_distance(&a, &Pose::identity(), &b, &Pose::from_translation(t), None)
            .unwrap();
        assert!(out.signed_distance.abs() < 1e-12, "{t:?}: {out:?}");
        assert!(out.is_certified(), "{out:?}");
        // Face contacts have one normal; the corner contact any of its cone.
        if n.x.abs() == 1.0 || n.y.abs() == 1.0 {
            assert!((out.normal - n).norm() < 1e-9, "{t:?}: {out:?}");
        } else {
            assert!(out.normal.dot(&n) > 0.0, "{out:?}");
        }
    }
}

#[test]
fn nearly_flat_shapes() {
    let mut s = solver_with(EpaSettings::default());
    let mut rng = rng(99);
    for (case, thickness) in [1e-3, 1e-6, 1e-9, 1e-12].into_iter().enumerate() {
        // A thin slab through a box, tilted: depth = the smaller way out.
        let slab: Shape = Cuboid::new([1.0, 1.0, thickness]).unwrap().into();
        let b: Shape = Cuboid::new([0.2, 0.3, 0.4]).unwrap().into();
        for _ in 0..50 {
            let pa = random_pose(&mut rng, 0.1);
            let pb = Pose {
                translation: pa.translation + Vec3::new(0.01, -0.02, 0.0),
                rotation: random_rotation(&mut rng),
            };
            let out = s.signed_distance(&slab, &pa, &b, &pb, None).unwrap();
            assert!(
                out.signed_distance.is_finite() && out.signed_distance < 0.0,
                "case {case}: {out:?}"
            );
            assert!(out.lower_bound <= out.upper_bound, "{out:?}");
            assert!((out.normal.norm() - 1.0).abs() < 1e-12);
        }
        // A flat polygon (a mesh one ulp thick at most) crossing a box.
        let pts: Vec<Vec3> = (0..12)
            .map(|k| {
                let t = k as f64 * std::f64::consts::FRAC_PI_6;
                Vec3::new(t.cos(), t.sin(), thickness * (k % 2) as f64)
            })
            .collect();
        if let Ok(m) = ConvexMesh::from_points(&pts) {
            let m: Shape = m.into();
            let out = s
                .signed_distance(
                    &m,
                    &Pose::identity(),
                    &b,
                    &Pose::from_translation(Vec3::new(0.1, 0.0, 0.0)),
                    None,
                )
                .unwrap();
            assert!(out.signed_distance.is_finite(), "{out:?}");
            assert!(
                out.signed_distance <= 0.0 && out.signed_distance >= -0.41,
                "{out:?}"
            );
        }
    }
}

#[test]
fn tiny_iteration_budgets_report_the_limit_with_valid_bounds() {
    let mut fine = solver_with(
        EpaSettings::default()
            .with_tolerance(1e-10)
            .with_max_iterations(1000),
    );
    let a: Shape = Ellipsoid::new([0.5, 0.3, 0.2]).unwrap().into();
    let b: Shape = Cylinder::new(0.3, 0.4).unwrap().into();
    let pb = Pose {
        rotation: Quat::from_euler_angles(0.3, 0.7, -0.2),
        translation: Vec3::new(0.3, 0.2, 0.1),
    };
    let reference = fine
        .signed_distance(&a, &Pose::identity(), &b, &pb, None)
        .unwrap();
    assert!(reference.is_certified(), "{reference:?}");
    for budget in [1, 2, 5, 10] {
        let mut s = solver_with(
            EpaSettings::default()
                .with_max_iterations(budget)
                .with_tolerance(1e-10),
        );
        let out = s.signed_distance(&a, &Pose::identity(), &b, &pb, None).unwrap();
        assert_eq!(out.epa_status, Some(EpaStatus::IterationLimit), "{out:?}");
        assert!(out.epa_iterations <= budget);
        let sd = reference.signed_distance;
        assert!(
            out.lower_bound <= sd + 1e-9 && sd <= out.upper_bound + 1e-9,
            "budget {budget}: [{}, {}] misses {sd}",
            out.lower_bound,
            out.upper_bound
        );
    }
}

#[test]
fn curved_cores_converge_within_the_default_budget() {
    let mut s = solver_with(EpaSettings::default());
    let mut rng = rng(123);
    let mut limits = 0;
    for case in 0..300 {
        let a: Shape = match case % 3 {
            0 => Ellipsoid::new([0.5, 0.1, 0.3]).unwrap().into(),
            1 => Cone::new(0.3, 0.5).unwrap().into(),
            _ => Cylinder::new(0.2, 0.6).unwrap().into(),
        };
        let b: Shape = Ellipsoid::new([0.2, 0.4, 0.3]).unwrap().into();
        let pa = random_pose(&mut rng, 0.2);
        let pb = random_pose(&mut rng, 0.2);
        let out = s.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        assert!(out.signed_distance.is_finite());
        assert!(out.lower_bound <= out.signed_distance && out.signed_distance <= out.upper_bound + 1e-15);
        if out.epa_status == Some(EpaStatus::IterationLimit) {
            limits += 1;
        }
    }
    assert!(limits <= 3, "{limits} of 300 at the iteration limit");
}

#[test]
fn far_from_the_origin_and_repeatable() {
    let mut s = solver_with(EpaSettings::default());
    let mut rng = rng(8);
    for case in 0..200 {
        let a = random_shape(&mut rng, case, 1.0);
        let b = random_shape(&mut rng, case / 9, 1.0);
        let mut pa = random_pose(&mut rng, 0.3);
        let mut pb = random_pose(&mut rng, 0.3);
        let near = s.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        let again = s.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        assert_eq!(near, again, "case {case}: a reused solver carries no state");
        let far = Vec3::new(1e5, -3e5, 2e5);
        pa.translation += far;
        pb.translation += far;
        let out = s.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        // Coordinates of 3e5 m carry ulps of ~6e-11 m; the answer moves by a few of them
        // times the conditioning of the contact.
        assert!(
            (out.signed_distance - near.signed_distance).abs() <= 1e-6 * (1.0 + near.signed_distance.abs()),
            "case {case}: {} vs {}",
            out.signed_distance,
            near.signed_distance
        );
    }
}

#[test]
fn invalid_settings_are_typed_errors() {
    for epa in [
        EpaSettings::default().with_tolerance(-1.0),
        EpaSettings::default().with_absolute_tolerance(f64::NAN),
        EpaSettings::default().with_max_iterations(0),
    ] {
        let r = ContactSolver::new(SignedDistanceSettings::default().with_epa(epa));
        assert!(matches!(r, Err(WolfeError::InvalidSetting { .. })), "{epa:?}");
    }
    let mut s = solver_with(EpaSettings::default());
    let a: Shape = Cuboid::new([1.0; 3]).unwrap().into();
    let mut bad = Pose::identity();
    bad.translation.x = f64::NAN;
    assert!(matches!(
        s.signed_distance(&a, &bad, &a, &Pose::identity(), None),
        Err(WolfeError::NonFinitePose)
    ));
}
