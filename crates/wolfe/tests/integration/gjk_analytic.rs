//! Distances with closed-form answers, for every GJK variant, and the conventions
//! (normal from A to B, world-frame witness points) pinned down.

use crate::common;

use common::gjk_variants;
use wolfe::{
    distance, intersects, Capsule, Cone, Cuboid, Cylinder, Ellipsoid, GjkSettings, GjkStatus, GjkVariant,
    Pose, Shape, Sphere, Vec3,
};

/// Every GJK variant with the closed forms for ball pairs off (so that GJK itself runs
/// on them), plus the defaults (closed forms on) and plain Frank-Wolfe.
fn all_settings() -> Vec<(&'static str, GjkSettings)> {
    let mut all = vec![("default", GjkSettings::default())];
    all.extend(gjk_variants());
    all.push((
        "fw",
        GjkSettings::with_variant(GjkVariant::FrankWolfe).with_closed_form_pairs(false),
    ));
    all
}

fn pose(t: [f64; 3], q: [f64; 4]) -> Pose {
    let n = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).sqrt();
    Pose::from_parts(t, [q[0] / n, q[1] / n, q[2] / n, q[3] / n]).unwrap()
}

/// Checks the distance for every variant: 1e-9 relative for the GJK variants; plain
/// Frank-Wolfe is sublinear on curved or face-to-face problems, so it gets the
/// tolerance its certificate proves instead.
fn check(name: &str, a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, expected: f64) {
    for (variant, s) in all_settings() {
        let out = distance(a, pa, b, pb, &s).unwrap();
        let tol = if variant == "fw" { 1e-4 } else { 1e-9 };
        assert!(
            (out.distance - expected).abs() <= tol * expected.abs().max(1e-3),
            "{name} [{variant}]: distance {} expected {expected} ({:?})",
            out.distance,
            out.status
        );
        if variant != "fw" {
            assert_eq!(out.status, GjkStatus::Converged, "{name} [{variant}]");
        }
        // Witness points realize the distance and the normal points from A to B.
        let gap = out.point_b - out.point_a;
        assert!(
            (gap.norm() - out.distance).abs() <= 1e-8 * (1.0 + out.distance),
            "{name} [{variant}]"
        );
        assert!(
            (gap - out.distance * out.normal).norm() <= 1e-7 * (1.0 + out.distance),
            "{name} [{variant}]"
        );
        assert!(out.lower_bound <= expected + 1e-12 && expected <= out.upper_bound + 1e-12);
        let col = intersects(a, pa, b, pb, &s).unwrap();
        assert!(!col.intersecting, "{name} [{variant}] collision");
    }
}

#[test]
fn sphere_sphere() {
    let a: Shape = Sphere::new(0.5).unwrap().into();
    let b: Shape = Sphere::new(0.25).unwrap().into();
    let pa = pose([1.0, 2.0, 3.0], [0.3, 0.1, -0.5, 0.7]);
    let pb = pose([1.0 + 2.0, 2.0 - 1.0, 3.0 + 0.5], [0.9, 0.1, 0.2, 0.3]);
    let d = Vec3::new(2.0, -1.0, 0.5).norm() - 0.75;
    check("sphere-sphere", &a, &pa, &b, &pb, d);
}

#[test]
fn sphere_box_face_edge_corner() {
    let s: Shape = Sphere::new(0.1).unwrap().into();
    let b: Shape = Cuboid::new([1.0, 2.0, 3.0]).unwrap().into();
    let pb = Pose::identity();
    // Face region, edge region, corner region.
    for (c, d) in [
        (Vec3::new(1.5, 0.3, -0.2), 0.5 - 0.1),
        (Vec3::new(1.3, 2.4, 0.0), (0.3f64 * 0.3 + 0.4 * 0.4).sqrt() - 0.1),
        (Vec3::new(-1.2, -2.2, 3.2), (3.0f64 * 0.04).sqrt() - 0.1),
    ] {
        check("sphere-box", &s, &Pose::from_translation(c), &b, &pb, d);
        check("box-sphere", &b, &pb, &s, &Pose::from_translation(c), d);
    }
}

#[test]
fn axis_aligned_boxes() {
    let a: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
    let b: Shape = Cuboid::new([0.2, 1.0, 0.3]).unwrap().into();
    // Separated along x only, then along x and y (edge to edge), then all three.
    for (t, d) in [
        ([1.0, 0.3, 0.1], 0.3),
        ([1.0, 2.0, 0.0], (0.09f64 + 0.25).sqrt()),
        ([1.0, 2.0, 1.3], (0.09f64 + 0.25 + 0.25).sqrt()),
    ] {
        check(
            "box-box",
            &a,
            &Pose::identity(),
            &b,
            &Pose::from_translation(Vec3::from(t)),
            d,
        );
    }
}

/// Distance between segments [p0, p1] and [q0, q1] by dense sampling refined by
/// ternary search (an independent method).
fn segment_distance(p0: Vec3, p1: Vec3, q0: Vec3, q1: Vec3) -> f64 {
    let dist_to_seg = |x: Vec3| {
        let e = q1 - q0;
        let t = ((x - q0).dot(&e) / e.norm_squared()).clamp(0.0, 1.0);
        (x - (q0 + t * e)).norm()
    };
    let f = |s: f64| dist_to_seg(p0 + s * (p1 - p0));
    // f is convex in s: ternary search.
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..200 {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        if f(m1) < f(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    f(0.5 * (lo + hi))
}

#[test]
fn capsule_capsule_is_segment_distance() {
    let a: Shape = Capsule::new(0.1, 0.5).unwrap().into();
    let b: Shape = Capsule::new(0.2, 0.3).unwrap().into();
    let cases = [
        (
            pose([0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]),
            pose([1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]),
        ),
        (
            pose([0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]),
            pose([0.3, 0.2, 1.5], [0.8, 0.6, 0.0, 0.0]),
        ),
        (
            pose([0.1, -0.4, 0.2], [0.5, 0.5, 0.5, 0.5]),
            pose([1.2, 0.7, -0.3], [0.2, 0.9, 0.1, 0.3]),
        ),
    ];
    for (pa, pb) in cases {
        let z = Vec3::z();
        let p0 = pa.transform_point(&(-0.5 * z));
        let p1 = pa.transform_point(&(0.5 * z));
        let q0 = pb.transform_point(&(-0.3 * z));
        let q1 = pb.transform_point(&(0.3 * z));
        let d = segment_distance(p0, p1, q0, q1) - 0.3;
        assert!(d > 0.0);
        check("capsule-capsule", &a, &pa, &b, &pb, d);
    }
}

#[test]
fn cylinder_end_cap_and_cone_apex() {
    let cyl: Shape = Cylinder::new(0.3, 0.5).unwrap().into();
    let ball: Shape = Sphere::new(0.05).unwrap().into();
    // A ball above the end cap, inside the rim's projection.
    check(
        "cylinder-cap",
        &cyl,
        &Pose::identity(),
        &ball,
        &Pose::from_translation(Vec3::new(0.1, -0.1, 0.8)),
        0.8 - 0.5 - 0.05,
    );
    // A ball beyond the rim: distance to the circle edge.
    let c = Vec3::new(0.6, 0.0, 0.7);
    check(
        "cylinder-rim",
        &cyl,
        &Pose::identity(),
        &ball,
        &Pose::from_translation(c),
        (0.3f64 * 0.3 + 0.2 * 0.2).sqrt() - 0.05,
    );
    let cone: Shape = Cone::new(0.2, 0.4).unwrap().into();
    check(
        "cone-apex",
        &cone,
        &Pose::identity(),
        &ball,
        &Pose::from_translation(Vec3::new(0.0, 0.0, 1.0)),
        1.0 - 0.4 - 0.05,
    );
}

#[test]
fn inflated_shapes_add_their_radius() {
    let core: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
    let rounded = core.clone().inflated(0.1).unwrap();
    let ball: Shape = Sphere::new(0.2).unwrap().into();
    let p = Pose::from_translation(Vec3::new(2.0, 0.0, 0.0));
    check(
        "inflated-box",
        &rounded,
        &Pose::identity(),
        &ball,
        &p,
        2.0 - 0.5 - 0.1 - 0.2,
    );
    let twice = rounded.inflated(0.05).unwrap();
    check(
        "inflated-twice",
        &twice,
        &Pose::identity(),
        &ball,
        &p,
        2.0 - 0.5 - 0.15 - 0.2,
    );
}

#[test]
fn ellipsoid_along_its_axis() {
    let e: Shape = Ellipsoid::new([0.5, 0.2, 0.1]).unwrap().into();
    let ball: Shape = Sphere::new(0.1).unwrap().into();
    for (c, d) in [
        (Vec3::new(1.0, 0.0, 0.0), 0.4),
        (Vec3::new(0.0, -0.7, 0.0), 0.4),
        (Vec3::new(0.0, 0.0, 0.35), 0.15),
    ] {
        check(
            "ellipsoid-sphere",
            &e,
            &Pose::identity(),
            &ball,
            &Pose::from_translation(c),
            d,
        );
    }
}

#[test]
fn normal_points_from_a_to_b() {
    let a: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
    let b: Shape = Sphere::new(0.5).unwrap().into();
    let out = distance(
        &a,
        &Pose::identity(),
        &b,
        &Pose::from_translation(Vec3::new(0.0, 3.0, 0.0)),
        &GjkSettings::default(),
    )
    .unwrap();
    assert!((out.normal - Vec3::y()).norm() < 1e-12);
    assert!((out.point_a - Vec3::new(out.point_a.x, 0.5, out.point_a.z)).norm() < 1e-12);
    assert!((out.point_b - Vec3::new(0.0, 2.5, 0.0)).norm() < 1e-12);
}

#[test]
fn overlapping_shapes_intersect_for_every_variant() {
    let a: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
    let b: Shape = Cylinder::new(0.3, 0.4).unwrap().into();
    let pb = pose([0.6, 0.1, 0.2], [0.9, 0.3, 0.1, 0.2]);
    for (variant, s) in all_settings() {
        let out = distance(&a, &Pose::identity(), &b, &pb, &s).unwrap();
        assert_eq!(out.status, GjkStatus::Intersecting, "{variant}");
        assert_eq!(out.distance, 0.0);
        assert!(
            intersects(&a, &Pose::identity(), &b, &pb, &s)
                .unwrap()
                .intersecting,
            "{variant}"
        );
    }
}
