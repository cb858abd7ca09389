//! Issue 21: the half-space manifold of a box resting flat at tiny rotations. The 4
//! points must be the 4 corners of the face that rests on the plane, with their exact
//! signed distances, and the normal the plane's, whatever the margin, the box's size
//! and the rotation's rounding: a simulation's resting box needs its 4 supports every
//! step, and a 3-point or top-corner manifold rocks it.

use crate::common;

use common::rng;
use nalgebra::UnitQuaternion;
use rand::Rng;
use wolfe::*;

/// A box resting on one of its faces on the plane `<n, x> <= offset`, tilted by
/// `tilt` radians about a random axis, at the signed distance `sd` (its lowest corner's).
/// Returns the pose and the box-local outward normal of the resting face.
fn resting_box(
    r: &mut rand_chacha::ChaCha8Rng, plane: &HalfSpace, h: Vec3, tilt: f64, sd: f64,
) -> (Pose, Vec3) {
    // Which face rests: local axis k, sign s; it points along -n.
    let k = r.random_range(0..3);
    let s = if r.random_bool(0.5) { 1.0 } else { -1.0 };
    let face = Vec3::ith(k, s);
    let align = UnitQuaternion::rotation_between(&face, &-plane.normal())
        .unwrap_or_else(|| UnitQuaternion::from_axis_angle(&Vec3::x_axis(), std::f64::consts::PI));
    let yaw = UnitQuaternion::from_axis_angle(
        &nalgebra::Unit::new_normalize(plane.normal()),
        r.random_range(0.0..std::f64::consts::TAU),
    );
    let axis = Vec3::new(
        r.random_range(-1.0..1.0),
        r.random_range(-1.0..1.0),
        r.random_range(-1.0..1.0),
    );
    let tilt_q = UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_normalize(axis), tilt);
    let rotation = tilt_q * yaw * align;
    let mut pose = Pose {
        translation: Vec3::new(
            r.random_range(-5.0..5.0),
            r.random_range(-5.0..5.0),
            r.random_range(-5.0..5.0),
        ),
        rotation,
    };
    let lowest = corners(h)
        .iter()
        .map(|c| plane.signed_distance_to_point(&pose.transform_point(c)))
        .fold(f64::INFINITY, f64::min);
    pose.translation += (sd - lowest) * plane.normal();
    (pose, face)
}

fn corners(h: Vec3) -> [Vec3; 8] {
    std::array::from_fn(|i| {
        let s = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
        Vec3::new(s(1) * h.x, s(2) * h.y, s(4) * h.z)
    })
}

/// Boxes of 1 cm to 40 cm resting flat (1e-4 m into the plane) on a random face, tilted
/// by 1e-14..1e-4 rad, with margins 0 to 5 cm (beyond the height of the small boxes): 4
/// points, the 4 corners of the resting face, exact depths, the plane's normal.
#[test]
fn resting_box_keeps_its_four_bottom_corners() {
    let mut r = rng(2131);
    let plane = HalfSpace::new(Vec3::new(0.2, -0.1, 1.0), 0.3).unwrap();
    let mut failures = Vec::new();
    for case in 0..4000 {
        let h = Vec3::new(
            r.random_range(0.005..0.2),
            r.random_range(0.005..0.2),
            r.random_range(0.005..0.2),
        );
        let b: Shape = Cuboid::new(h.into()).unwrap().into();
        let tilt = 10f64.powf(r.random_range(-14.0..-4.0));
        let margin = [0.0, 1e-3, 0.02, 0.05][case % 4];
        let (pose, face) = resting_box(&mut r, &plane, h, tilt, -1e-4);
        let settings = ManifoldSettings::default().with_margin(margin);
        let m = halfspace_manifold(&plane, &b, &pose, &settings).unwrap().unwrap();
        assert_eq!(m.normal, plane.normal(), "case {case}");
        let bottom: Vec<Vec3> = corners(h).into_iter().filter(|c| c.dot(&face) > 0.0).collect();
        let ok = m.points().len() == 4
            && m.points().iter().all(|p| {
                let local = pose.inverse_transform_point(&p.point_b);
                let exact = plane.signed_distance_to_point(&p.point_b);
                bottom.iter().any(|c| (c - local).norm() <= 1e-12)
                    && (p.signed_distance - exact).abs() <= 1e-12
                    && plane.signed_distance_to_point(&p.point_a).abs() <= 1e-12
            })
            && bottom.iter().all(|c| {
                m.points()
                    .iter()
                    .any(|p| (pose.inverse_transform_point(&p.point_b) - c).norm() <= 1e-12)
            });
        if !ok {
            failures.push(format!(
                "case {case}: h {h:?} tilt {tilt:e} margin {margin}: {} points, {:?}",
                m.points().len(),
                m.points()
                    .iter()
                    .map(|p| pose.inverse_transform_point(&p.point_b).dot(&face))
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures, first: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
}
