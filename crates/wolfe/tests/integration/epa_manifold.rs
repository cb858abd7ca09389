//! Contact manifolds: a box resting flat on a larger box is supported at its four
//! corners with equal depth, a tilted box at the corners that touch, and the same holds
//! when either box is a convex mesh; curved contacts keep one point.

use wolfe::{
    Capsule, ContactSolver, ConvexMesh, Cuboid, ManifoldSettings, Pose, Quat, Shape, SignedDistanceSettings,
    Sphere, Vec3, WolfeError,
};

fn solver() -> ContactSolver {
    ContactSolver::new(SignedDistanceSettings::default()).unwrap()
}

fn box_mesh(h: [f64; 3]) -> Shape {
    let mut pts = Vec::new();
    for i in 0..8 {
        pts.push(Vec3::new(
            if i & 1 == 0 { -h[0] } else { h[0] },
            if i & 2 == 0 { -h[1] } else { h[1] },
            if i & 4 == 0 { -h[2] } else { h[2] },
        ));
    }
    ConvexMesh::from_points(&pts).unwrap().into()
}

/// The corners of a box `h` at `pose`, in world frame.
fn corners(h: [f64; 3], pose: &Pose) -> Vec<Vec3> {
    (0..8)
        .map(|i| {
            pose.transform_point(&Vec3::new(
                if i & 1 == 0 { -h[0] } else { h[0] },
                if i & 2 == 0 { -h[1] } else { h[1] },
                if i & 4 == 0 { -h[2] } else { h[2] },
            ))
        })
        .collect()
}

/// Every expected point is matched by a manifold point on B (the small box), and
/// every manifold point by an expected one.
fn assert_points_match(got: &[Vec3], want: &[Vec3], tol: f64) {
    assert_eq!(got.len(), want.len(), "got {got:?}, want {want:?}");
    for w in want {
        assert!(
            got.iter().any(|g| (g - w).norm() < tol),
            "missing {w:?} in {got:?}"
        );
    }
}

#[test]
fn box_resting_flat_on_a_larger_box_has_four_corners() {
    let big = [2.0, 2.0, 0.5];
    let small = [0.3, 0.2, 0.1];
    let depth = 0.01;
    let shapes: [(Shape, Shape); 4] = [
        (
            Cuboid::new(big).unwrap().into(),
            Cuboid::new(small).unwrap().into(),
        ),
        (box_mesh(big), Cuboid::new(small).unwrap().into()),
        (Cuboid::new(big).unwrap().into(), box_mesh(small)),
        (box_mesh(big), box_mesh(small)),
    ];
    let mut s = solver();
    let settings = ManifoldSettings::default();
    for (k, (a, b)) in shapes.iter().enumerate() {
        for yaw in [0.0, 0.4, -1.1] {
            let pa = Pose::from_translation(Vec3::new(0.1, -0.2, 0.0));
            let pb = Pose {
                rotation: Quat::from_euler_angles(0.0, 0.0, yaw),
                translation: Vec3::new(0.5, 0.3, 0.5 + 0.1 - depth),
            };
            let m = s
                .manifold(a, &pa, b, &pb, &settings, None)
                .unwrap()
                .expect("in contact");
            assert!((m.normal - Vec3::z()).norm() < 1e-9, "case {k}: {m:?}");
            for p in m.points() {
                assert!((p.signed_distance + depth).abs() < 1e-9, "case {k}: {m:?}");
                let r = p.point_b - p.point_a - p.signed_distance * m.normal;
                assert!(r.norm() < 1e-9, "case {k}: {m:?}");
            }
            let bottom: Vec<Vec3> = corners(small, &pb).into_iter().filter(|c| c.z < 0.5).collect();
            let got: Vec<Vec3> = m.points().iter().map(|p| p.point_b).collect();
            assert_points_match(&got, &bottom, 1e-9);
            // Swapped roles: the normal flips, the points are the same.
            let m2 = s
                .manifold(b, &pb, a, &pa, &settings, None)
                .unwrap()
                .expect("in contact");
            assert!((m2.normal + Vec3::z()).norm() < 1e-9, "case {k}: {m2:?}");
            let got: Vec<Vec3> = m2.points().iter().map(|p| p.point_a).collect();
            assert_points_match(&got, &bottom, 1e-9);
        }
    }
}

#[test]
fn overhanging_box_is_clipped_to_the_support_face() {
    let mut s = solver();
    let a: Shape = Cuboid::new([1.0, 1.0, 0.5]).unwrap().into();
    let b: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
    // B's centre over A's +x edge: half of its bottom face is over the void.
    let pb = Pose::from_translation(Vec3::new(1.0, 0.0, 1.0 - 0.02));
    let m = s
        .manifold(&a, &Pose::identity(), &b, &pb, &ManifoldSettings::default(), None)
        .unwrap()
        .unwrap();
    let got: Vec<Vec3> = m.points().iter().map(|p| p.point_b).collect();
    let want = [
        Vec3::new(0.5, -0.5, 0.48),
        Vec3::new(0.5, 0.5, 0.48),
        Vec3::new(1.0, -0.5, 0.48),
        Vec3::new(1.0, 0.5, 0.48),
    ];
    assert_points_match(&got, &want, 1e-9);
}

#[test]
fn tilted_box_touches_at_its_lowest_corners() {
    let mut s = solver();
    let big = [2.0, 2.0, 0.5];
    let small = [0.3, 0.2, 0.1];
    let a: Shape = Cuboid::new(big).unwrap().into();
    for (k, b) in [Shape::from(Cuboid::new(small).unwrap()), box_mesh(small)]
        .iter()
        .enumerate()
    {
        // Tilted about x: one bottom edge (two corners) lowest. About x and y: one corner.
        for (rotation, touching) in [
            (Quat::from_euler_angles(0.3, 0.0, 0.0), 2),
            (Quat::from_euler_angles(0.3, 0.2, 0.0), 1),
        ] {
            let mut pb = Pose {
                rotation,
                translation: Vec3::zeros(),
            };
            let low = corners(small, &pb).iter().fold(f64::INFINITY, |m, c| m.min(c.z));
            let depth = 0.005;
            pb.translation = Vec3::new(0.2, 0.1, 0.5 - low - depth);
            let m = s
                .manifold(&a, &Pose::identity(), b, &pb, &ManifoldSettings::default(), None)
                .unwrap()
                .unwrap();
            let want: Vec<Vec3> = corners(small, &pb)
                .into_iter()
                .filter(|c| c.z < 0.5 - depth + 1e-9)
                .collect();
            assert_eq!(want.len(), touching);
            let got: Vec<Vec3> = m.points().iter().map(|p| p.point_b).collect();
            assert_points_match(&got, &want, 1e-9);
            for p in m.points() {
                assert!((p.signed_distance + depth).abs() < 1e-9, "case {k}: {m:?}");
            }
            // A margin that reaches the raised corners of the bottom face brings them in.
            let settings = ManifoldSettings::default().with_margin(1.0);
            let m = s
                .manifold(&a, &Pose::identity(), b, &pb, &settings, None)
                .unwrap()
                .unwrap();
            assert_eq!(m.points().len(), 4, "case {k}: {m:?}");
            assert!((m.min_signed_distance() + depth).abs() < 1e-9);
        }
    }
}

#[test]
fn curved_and_segment_contacts() {
    let mut s = solver();
    let a: Shape = Cuboid::new([1.0, 1.0, 0.5]).unwrap().into();
    let ball: Shape = Sphere::new(0.2).unwrap().into();
    let m = s
        .manifold(
            &a,
            &Pose::identity(),
            &ball,
            &Pose::from_translation(Vec3::new(0.3, 0.0, 0.69)),
            &ManifoldSettings::default(),
            None,
        )
        .unwrap()
        .unwrap();
    assert_eq!(m.points().len(), 1);
    assert!((m.points()[0].signed_distance + 0.01).abs() < 1e-12);
    // A capsule lying on the box: its two segment ends.
    let cap: Shape = Capsule::new(0.1, 0.4).unwrap().into();
    let pc = Pose {
        rotation: Quat::from_euler_angles(std::f64::consts::FRAC_PI_2, 0.0, 0.3),
        translation: Vec3::new(0.0, 0.0, 0.5 + 0.1 - 0.02),
    };
    let m = s
        .manifold(
            &a,
            &Pose::identity(),
            &cap,
            &pc,
            &ManifoldSettings::default(),
            None,
        )
        .unwrap()
        .unwrap();
    assert_eq!(m.points().len(), 2, "{m:?}");
    let axis = pc.transform_vector(&Vec3::z());
    for (p, end) in m.points().iter().zip([-1.0, 1.0]) {
        assert!((p.signed_distance + 0.02).abs() < 1e-9, "{m:?}");
        let want = pc.translation + end * 0.4 * axis - Vec3::new(0.0, 0.0, 0.1);
        assert!(
            m.points().iter().any(|q| (q.point_b - want).norm() < 1e-9),
            "{want:?} in {m:?} ({p:?})"
        );
    }
    // Apart beyond the margin: none. Bad settings: typed errors.
    let far = Pose::from_translation(Vec3::new(0.0, 0.0, 3.0));
    assert!(s
        .manifold(
            &a,
            &Pose::identity(),
            &ball,
            &far,
            &ManifoldSettings::default(),
            None
        )
        .unwrap()
        .is_none());
    let bad = ManifoldSettings::default().with_angle_tolerance(2.0);
    assert!(matches!(
        s.manifold(&a, &Pose::identity(), &ball, &far, &bad, None),
        Err(WolfeError::InvalidSetting { .. })
    ));
}
