//! Hard inputs: right answers or clear errors, never a panic or a silent wrong answer.

use crate::common;

use common::*;
use wolfe::{
    distance, intersects, ConvexMesh, Cuboid, GjkSettings, GjkSolver, GjkStatus, GjkVariant, PairCache, Pose,
    Shape, Sphere, Vec3, WolfeError,
};

fn variants() -> Vec<GjkSettings> {
    [GjkVariant::Vanilla, GjkVariant::Polyak, GjkVariant::Nesterov]
        .into_iter()
        .map(GjkSettings::with_variant)
        .collect()
}

#[test]
fn touching_boxes_are_intersecting_with_zero_distance() {
    let a: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
    // Face to face, edge to edge, corner to corner: exactly touching.
    for t in [[1.0, 0.2, -0.1], [1.0, 1.0, 0.3], [1.0, 1.0, 1.0]] {
        let pb = Pose::from_translation(Vec3::from(t));
        for s in variants() {
            let out = distance(&a, &Pose::identity(), &a, &pb, &s).unwrap();
            assert!(out.distance.abs() <= 1e-12, "{t:?}: {out:?}");
            assert!(
                matches!(out.status, GjkStatus::Intersecting | GjkStatus::Converged),
                "{t:?}: {out:?}"
            );
            assert!(
                intersects(&a, &Pose::identity(), &a, &pb, &s)
                    .unwrap()
                    .intersecting,
                "{t:?}"
            );
        }
    }
}

#[test]
fn identical_shapes_at_the_same_pose_intersect() {
    let mut rng = rng(5);
    for kind in 0..9 {
        let a = random_shape(&mut rng, kind, 0.3);
        let p = random_pose(&mut rng, 1.0);
        for s in variants() {
            let out = distance(&a, &p, &a, &p, &s).unwrap();
            assert_eq!(out.status, GjkStatus::Intersecting, "{}", a.kind());
            assert_eq!(out.distance, 0.0);
            assert!(intersects(&a, &p, &a, &p, &s).unwrap().intersecting);
        }
    }
}

#[test]
fn flat_meshes_are_refused_as_solids_and_work_as_polygons() {
    // A unit square in the plane z = 0, with interior and duplicate points.
    let pts: Vec<Vec3> = [
        [-1.0, -1.0, 0.0],
        [1.0, -1.0, 0.0],
        [1.0, 1.0, 0.0],
        [-1.0, 1.0, 0.0],
        [0.2, 0.3, 0.0],
        [1.0, 1.0, 0.0],
    ]
    .iter()
    .map(|p| Vec3::from(*p))
    .collect();
    assert!(matches!(
        ConvexMesh::from_points(&pts),
        Err(WolfeError::DegeneratePoints { dimension: 2 })
    ));
    let square: Shape = ConvexMesh::from_points_lenient(&pts).unwrap().into();
    let ball: Shape = Sphere::new(0.25).unwrap().into();
    for s in variants() {
        // Above the face, and beside an edge.
        let above = distance(
            &square,
            &Pose::identity(),
            &ball,
            &Pose::from_translation(Vec3::new(0.3, -0.4, 2.0)),
            &s,
        )
        .unwrap();
        assert!((above.distance - 1.75).abs() < 1e-9, "{above:?}");
        let beside = distance(
            &square,
            &Pose::identity(),
            &ball,
            &Pose::from_translation(Vec3::new(3.0, 0.0, 0.0)),
            &s,
        )
        .unwrap();
        assert!((beside.distance - 1.75).abs() < 1e-9, "{beside:?}");
    }
    assert!(matches!(
        ConvexMesh::from_points(&[Vec3::zeros(), Vec3::x(), 2.0 * Vec3::x()]),
        Err(WolfeError::DegeneratePoints { dimension: 1 })
    ));
    assert!(matches!(ConvexMesh::from_points(&[]), Err(WolfeError::EmptyMesh)));
}

#[test]
fn needles_and_sheets_at_aspect_1000() {
    let needle: Shape = Cuboid::new([1.0, 1e-3, 1e-3]).unwrap().into();
    let sheet: Shape = Cuboid::new([1.0, 1.0, 1e-3]).unwrap().into();
    let ball: Shape = Sphere::new(0.1).unwrap().into();
    let rot = Pose::from_parts([0.0; 3], [0.8, 0.0, 0.6, 0.0]).unwrap();
    for s in variants() {
        let d = distance(
            &needle,
            &Pose::identity(),
            &ball,
            &Pose::from_translation(Vec3::new(0.5, 0.0, 0.2)),
            &s,
        )
        .unwrap();
        assert!((d.distance - (0.2 - 1e-3 - 0.1)).abs() < 1e-10, "needle: {d:?}");
        let d = distance(
            &sheet,
            &Pose::identity(),
            &ball,
            &Pose::from_translation(Vec3::new(0.3, -0.9, 0.5)),
            &s,
        )
        .unwrap();
        assert!((d.distance - (0.5 - 1e-3 - 0.1)).abs() < 1e-10, "sheet: {d:?}");
        // A needle crossing over a sheet at 1 mm, rotated.
        let pb = Pose {
            translation: Vec3::new(0.1, 0.2, 1e-3 + 1e-3 + 1e-3),
            rotation: Pose::from_parts([0.0; 3], [0.9238795325112867, 0.0, 0.0, 0.3826834323650898])
                .unwrap()
                .rotation,
        };
        let d = distance(&sheet, &Pose::identity(), &needle, &pb, &s).unwrap();
        assert!((d.distance - 1e-3).abs() < 1e-12, "needle over sheet: {d:?}");
        let d = distance(
            &needle,
            &rot,
            &needle,
            &rot.compose(&Pose::from_translation(Vec3::new(0.0, 0.01, 0.0))),
            &s,
        )
        .unwrap();
        assert!(
            (d.distance - (0.01 - 2e-3)).abs() < 1e-12,
            "parallel needles: {d:?}"
        );
    }
}

#[test]
fn scales_from_a_millimetre_to_a_kilometre() {
    let mut rng = rng(11);
    for scale in [1e-3, 1e-2, 1.0, 1e2, 1e3] {
        let a: Shape = Cuboid::new([0.5 * scale, 0.2 * scale, 0.3 * scale])
            .unwrap()
            .into();
        let b: Shape = Cuboid::new([0.1 * scale, 0.4 * scale, 0.2 * scale])
            .unwrap()
            .into();
        let pa = Pose {
            rotation: random_rotation(&mut rng),
            translation: Vec3::new(1.0, -2.0, 0.5) * scale,
        };
        // B beside A's +x face, axis-aligned with A: distance 0.05 * scale.
        let pb = pa.compose(&Pose::from_translation(Vec3::new(
            0.65 * scale,
            0.05 * scale,
            0.0,
        )));
        for s in variants() {
            let out = distance(&a, &pa, &b, &pb, &s).unwrap();
            assert_eq!(out.status, GjkStatus::Converged);
            assert!(
                (out.distance - 0.05 * scale).abs() <= 1e-9 * 0.05 * scale,
                "scale {scale}: {out:?}"
            );
        }
    }
}

#[test]
fn very_distant_shapes() {
    let a: Shape = Sphere::new(0.5).unwrap().into();
    let b: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
    for s in variants() {
        let out = distance(
            &a,
            &Pose::identity(),
            &b,
            &Pose::from_translation(Vec3::new(1e4, 0.0, 0.0)),
            &s,
        )
        .unwrap();
        assert_eq!(out.status, GjkStatus::Converged);
        // Within the default relative tolerance, as the certificate promises.
        assert!((out.distance - (1e4 - 1.0)).abs() <= s.tolerance * 1e4);
        assert!(out.lower_bound <= 1e4 - 1.0 && 1e4 - 1.0 <= out.upper_bound + 1e-9);
        let col = intersects(
            &a,
            &Pose::identity(),
            &b,
            &Pose::from_translation(Vec3::new(1e4, 1.0, 2.0)),
            &s,
        )
        .unwrap();
        assert!(!col.intersecting);
        assert_eq!(col.status, GjkStatus::Separated);
        // The separating plane's normal points from A to B.
        assert!(col.separating_normal.x > 0.99);
    }
}

#[test]
fn nan_and_bad_inputs_are_typed_errors() {
    let a: Shape = Sphere::new(0.5).unwrap().into();
    let good = Pose::identity();
    let mut nan = Pose::identity();
    nan.translation.x = f64::NAN;
    let s = GjkSettings::default();
    assert!(matches!(
        distance(&a, &nan, &a, &good, &s),
        Err(WolfeError::NonFinitePose)
    ));
    assert!(matches!(
        intersects(&a, &good, &a, &nan, &s),
        Err(WolfeError::NonFinitePose)
    ));
    let mut inf = Pose::identity();
    inf.translation.y = f64::INFINITY;
    assert!(matches!(
        distance(&a, &inf, &a, &good, &s),
        Err(WolfeError::NonFinitePose)
    ));
    let mut bad = s;
    bad.tolerance = -1.0;
    assert!(matches!(
        distance(&a, &good, &a, &good, &bad),
        Err(WolfeError::InvalidSetting { .. })
    ));
    bad = s;
    bad.max_iterations = 0;
    assert!(GjkSolver::new(bad).is_err());
    let mut cache = PairCache::new();
    assert!(matches!(
        cache.set_separation(Vec3::new(f64::NAN, 0.0, 0.0)),
        Err(WolfeError::NonFiniteDirection)
    ));
}

#[test]
fn warm_start_gives_the_same_answer_with_fewer_iterations() {
    let mut rng = rng(17);
    let a: Shape = ConvexMesh::from_obj(ycb_dir().join("035_power_drill.obj"))
        .unwrap()
        .into();
    let b: Shape = ConvexMesh::from_obj(ycb_dir().join("025_mug.obj"))
        .unwrap()
        .into();
    let mut cold = GjkSolver::new(GjkSettings::default()).unwrap();
    let mut warm = GjkSolver::new(GjkSettings::default()).unwrap();
    let mut cache = PairCache::new();
    let pa = Pose::identity();
    let mut pb = Pose {
        rotation: random_rotation(&mut rng),
        translation: Vec3::new(0.3, 0.0, 0.0),
    };
    let (mut it_cold, mut it_warm) = (0, 0);
    for _ in 0..200 {
        // A smooth relative motion, as between two simulation steps.
        pb.translation += Vec3::new(-0.0005, 0.0003, 0.0001);
        pb.rotation = nalgebra::UnitQuaternion::from_euler_angles(0.002, 0.001, -0.003) * pb.rotation;
        let c = cold.distance(&a, &pa, &b, &pb, None).unwrap();
        let w = warm.distance(&a, &pa, &b, &pb, Some(&mut cache)).unwrap();
        assert_eq!(c.status, w.status);
        assert!((c.distance - w.distance).abs() <= 1e-9 * c.distance.max(1e-6));
        it_cold += c.iterations;
        it_warm += w.iterations;
    }
    assert!(it_warm < it_cold, "warm {it_warm} vs cold {it_cold}");
}
