//! Growth distance at every scale of separation (issue 21, item 3): the answer keeps
//! its relative tolerance and the certified bounds contain the exact value for centres
//! 1 to 1e20 apart (spheres and boxes with analytic answers, 3D and 2D).

use crate::common;
use crate::growth_support;

use common::*;
use growth_support::*;
use rand::Rng;
use wolfe::collide::growth::{growth_distance_2d, Pose2, Shape2, Vec2};
use wolfe::{Cuboid, GrowthSettings, GrowthStatus, Pose, Shape, Sphere, Vec3};

/// The answer is optimal, within the tolerance of `exact`, and certified around it.
fn assert_certified(out: &wolfe::GrowthOutput, exact: f64, what: &str) {
    assert_eq!(out.status, GrowthStatus::Converged, "{what}: {out:?}");
    assert!(
        (out.alpha - exact).abs() <= 2.0 * TOL * exact,
        "{what}: alpha {} exact {exact} (rel {:e})",
        out.alpha,
        (out.alpha - exact).abs() / exact
    );
    assert!(
        out.alpha_lower <= exact && exact <= out.alpha_upper,
        "{what}: bounds [{}, {}] exclude {exact}",
        out.alpha_lower,
        out.alpha_upper
    );
    assert!(
        out.point_a
            .iter()
            .chain(out.point_b.iter())
            .all(|x| x.is_finite()),
        "{what}"
    );
    assert!(out.contact_point.iter().all(|x| x.is_finite()), "{what}");
}

#[test]
fn two_unit_spheres_1e20_apart() {
    let a: Shape = Sphere::new(1.0).unwrap().into();
    let mut s = solver();
    for d in [1e20, -1e20] {
        let pb = pose([d, 0.0, 0.0]);
        let out = s
            .growth_distance(&a, &Pose::identity(), &a, &pb, None, None)
            .unwrap();
        assert_certified(&out, 5e19, "spheres 1e20 apart");
        assert!((out.normal - Vec3::new(d.signum(), 0.0, 0.0)).norm() < 1e-6);
        // Both spheres scaled by alpha meet half way.
        assert!((out.contact_point.x - 0.5 * d).abs() <= 1e-6 * d.abs());
    }
    // Far from the origin too: both at 1e18, 1e20 apart.
    let pa = pose([1e18, -1e18, 1e18]);
    let pb = pose([1e18, -1e18, 1e18 + 1e20]);
    let out = s.growth_distance(&a, &pa, &a, &pb, None, None).unwrap();
    assert_certified(&out, 5e19, "spheres away from the origin");
}

#[test]
fn spheres_at_distances_1_to_1e20_in_random_directions() {
    let mut rng = rng(60);
    let mut s = solver();
    for case in 0..400 {
        let (ra, rb) = (rng.random_range(0.01..2.0), rng.random_range(0.01..2.0));
        let (a, b): (Shape, Shape) = (Sphere::new(ra).unwrap().into(), Sphere::new(rb).unwrap().into());
        let d = 10f64.powf(rng.random_range(0.0..20.0));
        let dir = random_pose(&mut rng, 1.0).translation.normalize();
        let pa = random_pose(&mut rng, 10.0);
        let pb = Pose {
            translation: pa.translation + d * dir,
            ..random_pose(&mut rng, 1.0)
        };
        // The exact answer from the poses as given: |c_b - c_a| / (ra + rb).
        let exact = (pb.translation - pa.translation).norm() / (ra + rb);
        let out = s.growth_distance(&a, &pa, &b, &pb, None, None).unwrap();
        assert_certified(&out, exact, &format!("case {case} d {d:e}"));
    }
}

#[test]
fn boxes_and_box_sphere_at_distances_1_to_1e20_along_axes() {
    let mut rng = rng(61);
    let mut s = solver();
    for case in 0..400 {
        let h = [
            rng.random_range(0.01..2.0),
            rng.random_range(0.01..2.0),
            rng.random_range(0.01..2.0),
        ];
        let g = [
            rng.random_range(0.01..2.0),
            rng.random_range(0.01..2.0),
            rng.random_range(0.01..2.0),
        ];
        let a: Shape = Cuboid::new(h).unwrap().into();
        let axis = rng.random_range(0..3);
        let sign = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
        let d = 10f64.powf(rng.random_range(0.0..20.0));
        let (b, reach_b): (Shape, f64) = if case % 2 == 0 {
            (Cuboid::new(g).unwrap().into(), g[axis])
        } else {
            (Sphere::new(g[0]).unwrap().into(), g[0])
        };
        let mut t = [0.0; 3];
        t[axis] = sign * d;
        // B is off the axis by less than the faces' overlap: the faces meet first.
        let side = (axis + 1) % 3;
        t[side] = 0.1 * h[side].min(g[side]) * rng.random_range(-1.0..1.0);
        let pb = pose(t);
        // Along the axis A reaches alpha h, B alpha reach_b, and the off-axis offset
        // scales too: the faces touch at alpha (h + reach_b) = d.
        let exact = d / (h[axis] + reach_b);
        let out = s
            .growth_distance(&a, &Pose::identity(), &b, &pb, None, None)
            .unwrap();
        assert_certified(&out, exact, &format!("case {case} d {d:e} axis {axis}"));
    }
}

#[test]
fn discs_at_distances_1_to_1e20_in_2d() {
    let mut rng = rng(62);
    let settings = GrowthSettings::default();
    for case in 0..200 {
        let (ra, rb) = (rng.random_range(0.01..2.0), rng.random_range(0.01..2.0));
        let d = 10f64.powf(rng.random_range(0.0..20.0));
        let angle: f64 = rng.random_range(0.0..std::f64::consts::TAU);
        let pb = Pose2::new([d * angle.cos(), d * angle.sin()], 0.3);
        let out = growth_distance_2d(
            &Shape2::disc(ra).unwrap(),
            &Pose2::new([0.0, 0.0], -0.2),
            &Shape2::disc(rb).unwrap(),
            &pb,
            &settings,
        )
        .unwrap();
        let exact = Vec2::new(d * angle.cos(), d * angle.sin()).norm() / (ra + rb);
        assert_eq!(out.status, GrowthStatus::Converged, "case {case}");
        assert!(
            (out.alpha - exact).abs() <= 2.0 * TOL * exact,
            "case {case} d {d:e}"
        );
        assert!(
            out.alpha_lower <= exact && exact <= out.alpha_upper,
            "case {case} d {d:e}: [{}, {}] {exact}",
            out.alpha_lower,
            out.alpha_upper
        );
    }
}
