//! The closed forms (`collide/closed_form/`) against GJK and EPA on random poses: a ball
//! against a ball, box, capsule, cylinder or cone, and two capsules, for the distance
//! and the signed distance, apart and overlapping (the ball's centre inside a solid
//! core included, where the closed form replaces EPA).
//!
//! The reference is the same solver with `closed_form_pairs` off (GJK, then EPA, at
//! tight tolerances): an independent computation. Besides agreeing with it, every
//! closed-form answer must satisfy the outputs' own promises: unit normal,
//! `point_b - point_a = signed_distance * normal`, bounds around the value, certified.

use proptest::prelude::*;
use wolfe::{
    Capsule, Cone, ContactSolver, Cuboid, Cylinder, EpaSettings, GjkSettings, GjkSolver, GjkStatus, Pose,
    Shape, SignedDistanceSettings, Sphere, Vec3,
};

/// A primitive of kind `kind` (0 ball, 1 box, 2 capsule, 3 cylinder, 4 cone) with sizes
/// from `s` (each in [0.02, 0.5]).
fn primitive(kind: u8, s: [f64; 3]) -> Shape {
    match kind {
        0 => Sphere::new(s[0]).unwrap().into(),
        1 => Cuboid::new(s).unwrap().into(),
        2 => Capsule::new(s[0], s[1]).unwrap().into(),
        3 => Cylinder::new(s[0], s[1]).unwrap().into(),
        _ => Cone::new(s[0], s[1]).unwrap().into(),
    }
}

/// A pose from a translation and four numbers normalised to a quaternion (the
/// identity rotation when they are all near 0).
fn pose(t: [f64; 3], q: [f64; 4]) -> Pose {
    let n = q.iter().map(|v| v * v).sum::<f64>().sqrt();
    if n < 1e-3 {
        return Pose::from_translation(Vec3::from(t));
    }
    Pose::from_parts(t, q.map(|v| v / n)).unwrap()
}

fn tight() -> SignedDistanceSettings {
    SignedDistanceSettings::default()
        .with_gjk(GjkSettings::default().with_tolerance(1e-12))
        .with_epa(EpaSettings::default().with_tolerance(1e-10))
}

fn without_closed_forms() -> SignedDistanceSettings {
    let s = tight();
    s.with_gjk(s.gjk.with_closed_form_pairs(false))
}

/// The pairs with a closed form: a ball with anything primitive, two capsules.
fn pair_kinds() -> impl Strategy<Value = (u8, u8)> {
    prop_oneof![
        (0u8..5).prop_map(|k| (0, k)),
        (0u8..5).prop_map(|k| (k, 0)),
        Just((2, 2)),
    ]
}

fn size() -> impl Strategy<Value = [f64; 3]> {
    [0.02f64..0.5, 0.02f64..0.5, 0.02f64..0.5]
}

fn quat() -> impl Strategy<Value = [f64; 4]> {
    [-1.0f64..1.0, -1.0f64..1.0, -1.0f64..1.0, -1.0f64..1.0]
}

fn translation() -> impl Strategy<Value = [f64; 3]> {
    [-0.8f64..0.8, -0.8f64..0.8, -0.8f64..0.8]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Signed distance: the closed form agrees with GJK/EPA and keeps every promise.
    #[test]
    fn signed_distance_agrees_with_gjk_epa(
        (ka, kb) in pair_kinds(),
        sa in size(), sb in size(),
        ta in translation(), qa in quat(), tb in translation(), qb in quat(),
    ) {
        let (a, b) = (primitive(ka, sa), primitive(kb, sb));
        let (pa, pb) = (pose(ta, qa), pose(tb, qb));
        let ours = ContactSolver::new(tight()).unwrap().signed_distance(&a, &pa, &b, &pb, None).unwrap();
        let reference = ContactSolver::new(without_closed_forms())
            .unwrap()
            .signed_distance(&a, &pa, &b, &pb, None)
            .unwrap();
        prop_assume!(reference.is_certified());
        let sd = ours.signed_distance;
        let scale = 1.0 + sd.abs();
        prop_assert!(ours.is_certified(), "{ours:?}");
        prop_assert!(
            (sd - reference.signed_distance).abs() <= 1e-7 * scale,
            "closed form {sd} vs GJK/EPA {} ({ka}, {kb})", reference.signed_distance
        );
        prop_assert!((ours.normal.norm() - 1.0).abs() <= 1e-12);
        prop_assert!(
            (ours.point_b - ours.point_a - sd * ours.normal).norm() <= 1e-12 * scale,
            "witness points do not span the signed distance"
        );
        prop_assert!(ours.lower_bound <= sd + 1e-12 * scale && sd <= ours.upper_bound + 1e-12 * scale);
        // Where the normal is unique (no tie between faces), both methods find it.
        if ours.epa_status.is_none() && sd.abs() > 1e-6 && (ka, kb) != (2, 2) {
            prop_assert!(
                (ours.normal - reference.normal).norm() <= 1e-4,
                "normal {:?} vs {:?} ({ka}, {kb}, sd {sd})", ours.normal, reference.normal
            );
        }
        // The depth is a translation that separates: B moved out by it touches A.
        if sd < -1e-6 {
            let moved = Pose::new(pb.translation - sd * ours.normal, pb.rotation);
            let d = GjkSolver::new(GjkSettings::default().with_tolerance(1e-12).with_closed_form_pairs(false))
                .unwrap()
                .distance(&a, &pa, &b, &moved, None)
                .unwrap();
            prop_assert!(d.distance <= 1e-7 * scale, "moved out by the depth: {}", d.distance);
        }
    }

    /// Distance: the closed form (now two capsules too) agrees with GJK.
    #[test]
    fn distance_agrees_with_gjk(
        (ka, kb) in pair_kinds(),
        sa in size(), sb in size(),
        ta in translation(), qa in quat(), tb in translation(), qb in quat(),
    ) {
        let (a, b) = (primitive(ka, sa), primitive(kb, sb));
        let (pa, pb) = (pose(ta, qa), pose(tb, qb));
        let settings = GjkSettings::default().with_tolerance(1e-12);
        let ours = GjkSolver::new(settings).unwrap().distance(&a, &pa, &b, &pb, None).unwrap();
        let reference = GjkSolver::new(settings.with_closed_form_pairs(false))
            .unwrap()
            .distance(&a, &pa, &b, &pb, None)
            .unwrap();
        prop_assume!(matches!(reference.status, GjkStatus::Converged | GjkStatus::Intersecting));
        let scale = 1.0 + ours.distance;
        prop_assert!((ours.distance - reference.distance).abs() <= 1e-9 * scale,
            "{} vs {} ({ka}, {kb})", ours.distance, reference.distance);
        prop_assert!(ours.lower_bound <= ours.distance && ours.distance <= ours.upper_bound);
        if ours.distance > 0.0 {
            prop_assert!((ours.normal.norm() - 1.0).abs() <= 1e-12);
            prop_assert!((ours.point_b - ours.point_a - ours.distance * ours.normal).norm() <= 1e-12 * scale);
        }
    }
}

/// A ball whose centre is inside a box: the depth is the centre's distance to the
/// nearest face plus the radius, along that face's normal (analytic).
#[test]
fn ball_inside_a_box_exits_through_the_nearest_face() {
    let a: Shape = Cuboid::new([0.5, 0.3, 0.2]).unwrap().into();
    let b: Shape = Sphere::new(0.1).unwrap().into();
    let pb = Pose::from_translation(Vec3::new(0.1, 0.25, -0.05));
    let out = ContactSolver::new(SignedDistanceSettings::default())
        .unwrap()
        .signed_distance(&a, &Pose::identity(), &b, &pb, None)
        .unwrap();
    // Slack per axis: 0.4, 0.05, 0.15: out through +y, depth 0.05 + 0.1.
    assert!((out.signed_distance + 0.15).abs() < 1e-15, "{out:?}");
    assert_eq!(out.normal, Vec3::y());
    assert!((out.point_a - Vec3::new(0.1, 0.3, -0.05)).norm() < 1e-15);
    assert!(out.is_certified());
    assert_eq!(out.epa_iterations, 0);
}

/// A ball inside a cone near its lateral surface and one near its base.
#[test]
fn ball_inside_a_cone_exits_through_the_nearest_side() {
    let (r, h) = (0.3, 0.4);
    let a: Shape = Cone::new(r, h).unwrap().into();
    let b: Shape = Sphere::new(0.05).unwrap().into();
    let mut solver = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    // On the axis just above the base: out through the base.
    let out = solver
        .signed_distance(
            &a,
            &Pose::identity(),
            &b,
            &Pose::from_translation(Vec3::new(0.0, 0.0, -0.35)),
            None,
        )
        .unwrap();
    assert!((out.signed_distance + 0.1).abs() < 1e-15);
    assert_eq!(out.normal, -Vec3::z());
    // In the x-z plane, near the lateral line: its distance to the line through the apex
    // (0, h) and the rim (r, -h), along the line's normal (2h, r) / |(2h, r)|.
    let p = Vec3::new(0.1, 0.0, 0.0);
    let len = (4.0 * h * h + r * r).sqrt();
    let depth = (r * (h - p.z) - 2.0 * h * p.x) / len;
    let out = solver
        .signed_distance(&a, &Pose::identity(), &b, &Pose::from_translation(p), None)
        .unwrap();
    assert!((out.signed_distance + depth + 0.05).abs() < 1e-15);
    assert!((out.normal - Vec3::new(2.0 * h / len, 0.0, r / len)).norm() < 1e-15);
}

/// Two capsules with crossing axes have touching cores: GJK/EPA answer (EPA's `Flat`),
/// with depth the sum of the radii.
#[test]
fn crossing_capsules_fall_back_to_epa() {
    let c: Shape = Capsule::new(0.1, 0.5).unwrap().into();
    let turned = Pose::from_parts([0.0, 0.0, 0.0], [0.5f64.sqrt(), 0.5f64.sqrt(), 0.0, 0.0]).unwrap();
    let out = ContactSolver::new(SignedDistanceSettings::default())
        .unwrap()
        .signed_distance(&c, &Pose::identity(), &c, &turned, None)
        .unwrap();
    assert!((out.signed_distance + 0.2).abs() < 1e-12, "{out:?}");
    assert!(out.is_certified());
}

/// The distance path's offsets for the solids of revolution (`core_offset`), against
/// analytic answers, with the ball on either side and the core at a rotated pose: beside
/// a cylinder's side the distance is the radial gap; beyond its rim, the hypotenuse of
/// the radial and axial gaps; beside a cone's lateral surface, the distance to the
/// lateral line; under its base, the axial gap.
#[test]
fn ball_distances_to_cylinder_and_cone_are_analytic() {
    let mut solver = GjkSolver::new(GjkSettings::default()).unwrap();
    let rb = 0.05;
    let ball: Shape = Sphere::new(rb).unwrap().into();
    let (r, h) = (0.3, 0.4);
    let cylinder: Shape = Cylinder::new(r, h).unwrap().into();
    let cone: Shape = Cone::new(r, h).unwrap().into();
    let pose = Pose::from_parts([0.2, -0.1, 0.3], [0.6, 0.0, 0.8, 0.0]).unwrap();
    let at = |p: Vec3| Pose::from_translation(pose.transform_point(&p));
    let len = (4.0 * h * h + r * r).sqrt();
    // (core, local ball centre, exact distance, local unit normal from the core out)
    let cases = [
        // Beside the side: rho = 0.5.
        (
            &cylinder,
            Vec3::new(0.4, 0.3, 0.1),
            0.5 - r - rb,
            Vec3::new(0.8, 0.6, 0.0),
        ),
        // Beyond the rim: radial and axial gaps 0.2 each.
        (
            &cylinder,
            Vec3::new(0.4, 0.3, 0.6),
            0.08f64.sqrt() - rb,
            Vec3::new(0.8, 0.6, 1.0) / 2.0f64.sqrt(),
        ),
        // Over the cap.
        (&cylinder, Vec3::new(0.1, -0.1, -0.55), 0.15 - rb, -Vec3::z()),
        // Beside the lateral surface (the foot inside the edge).
        (
            &cone,
            Vec3::new(0.3, 0.0, 0.1),
            (2.0 * h * 0.3 - r * (h - 0.1)) / len - rb,
            Vec3::new(2.0 * h, 0.0, r) / len,
        ),
        // Under the base.
        (&cone, Vec3::new(0.1, 0.1, -0.6), 0.2 - rb, -Vec3::z()),
    ];
    for (core, p, exact, m) in cases {
        let m = pose.rotation * m;
        let ball_pose = at(p);
        let out = solver.distance(core, &pose, &ball, &ball_pose, None).unwrap();
        assert!(
            (out.distance - exact).abs() < 1e-14,
            "{} at {p:?}: {out:?}",
            core.kind()
        );
        assert!(
            (out.normal - m).norm() < 1e-14,
            "{} at {p:?}: {out:?}",
            core.kind()
        );
        let swapped = solver.distance(&ball, &ball_pose, core, &pose, None).unwrap();
        assert!((swapped.distance - exact).abs() < 1e-14);
        assert!((swapped.normal + m).norm() < 1e-14);
        assert_eq!(out.iterations, 0, "a closed form");
    }
}
