//! EPA against an exact oracle on small polytopes, and the signed distance's defining
//! properties on every shape kind: translating B by the depth along the normal makes
//! the shapes touch, by 99% of it leaves them overlapping, and no direction separates
//! them with a shorter translation.

use crate::common;

use common::*;
use rand::Rng;
use wolfe::{
    distance, ContactSolver, ConvexMesh, ConvexShape, EpaStatus, GjkSettings, GjkStatus, Pose, Shape,
    SignedDistanceSettings, SupportMap, Vec3,
};

/// Exact penetration depth of two polytopes given by world-frame vertices, independent
/// of EPA: the hull of all vertex differences is `D = A - B`, and the depth is the
/// smallest offset of its face planes (the origin inside). `None` if the origin is not
/// strictly inside (separated or touching).
fn oracle_depth(va: &[Vec3], vb: &[Vec3]) -> Option<f64> {
    let diffs: Vec<Vec3> = va.iter().flat_map(|a| vb.iter().map(move |b| a - b)).collect();
    let d = ConvexMesh::from_points(&diffs).ok()?;
    let v = d.vertices();
    let mut best = f64::INFINITY;
    for f in d.faces() {
        let (a, b, c) = (v[f[0] as usize], v[f[1] as usize], v[f[2] as usize]);
        let n = (b - a).cross(&(c - a)).normalize();
        best = best.min(n.dot(&a));
    }
    (best > 1e-6).then_some(best)
}

fn depth_of(out: &wolfe::SignedDistanceOutput) -> f64 {
    out.signed_distance.abs()
}

/// Support value `max_{x in shape} <u, x>` of a posed shape (core plus radius).
fn support_value(shape: &Shape, pose: &Pose, u: &Vec3) -> f64 {
    let ul = pose.inverse_transform_vector(u);
    let s = shape.local_support(&ul) + shape.radius() * ul / ul.norm();
    u.dot(&pose.transform_point(&s))
}

#[test]
fn epa_matches_the_exact_depth_of_small_polytopes() {
    let mut rng = rng(4242);
    let mut solver = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let (mut checked, mut iterations) = (0, 0);
    for case in 0..2000 {
        let na = rng.random_range(4..12);
        let nb = rng.random_range(4..12);
        let sa = Vec3::new(
            rng.random_range(0.2..1.0),
            rng.random_range(0.2..1.0),
            rng.random_range(0.2..1.0),
        );
        let sb = Vec3::new(
            rng.random_range(0.2..1.0),
            rng.random_range(0.2..1.0),
            rng.random_range(0.2..1.0),
        );
        let Ok(ma) = ConvexMesh::from_points(&random_points(&mut rng, na, sa)) else {
            continue;
        };
        let Ok(mb) = ConvexMesh::from_points(&random_points(&mut rng, nb, sb)) else {
            continue;
        };
        let pa = random_pose(&mut rng, 0.3);
        let pb = random_pose(&mut rng, 0.3);
        let wa: Vec<Vec3> = ma.vertices().iter().map(|p| pa.transform_point(p)).collect();
        let wb: Vec<Vec3> = mb.vertices().iter().map(|p| pb.transform_point(p)).collect();
        let Some(depth) = oracle_depth(&wa, &wb) else {
            continue;
        };
        let (a, b): (Shape, Shape) = (ma.into(), mb.into());
        let out = solver.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        assert_eq!(out.epa_status, Some(EpaStatus::Converged), "case {case}: {out:?}");
        assert!(
            (out.signed_distance + depth).abs() <= 1e-9,
            "case {case}: EPA {} vs exact {}",
            -out.signed_distance,
            depth
        );
        let r = out.point_b - out.point_a - out.signed_distance * out.normal;
        assert!(r.norm() < 1e-9, "case {case}: witness residual {}", r.norm());
        checked += 1;
        iterations += out.epa_iterations;
    }
    assert!(checked > 1000, "only {checked} overlapping pairs");
    eprintln!(
        "{checked} pairs, mean EPA iterations {:.1}",
        iterations as f64 / checked as f64
    );
}

#[test]
fn translating_by_the_depth_makes_every_shape_kind_touch() {
    let mut rng = rng(777);
    let mut solver = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
    let gjk = GjkSettings::default();
    let mut checked = 0;
    let mut epa_runs = 0;
    let (mut uncertified, mut worst_bracket) = (0, 0.0f64);
    for case in 0..1800 {
        let size = [0.1, 1.0][case % 2];
        let a = random_shape(&mut rng, case, size);
        let b = random_shape(&mut rng, case / 9, size);
        let pa = random_pose(&mut rng, 0.5 * size);
        let pb = random_pose(&mut rng, 0.5 * size);
        let out = solver.signed_distance(&a, &pa, &b, &pb, None).unwrap();
        assert!(
            out.signed_distance.is_finite() && (out.normal.norm() - 1.0).abs() < 1e-9,
            "case {case}: {out:?}"
        );
        if out.signed_distance >= 0.0 {
            continue;
        }
        // Uncertified outcomes still bracket the answer: a GJK stalled in rounding
        // tightly, an EPA at its iteration limit on curved cores loosely (it converges
        // like a cutting-plane method there).
        let bracket = out.upper_bound - out.lower_bound;
        if !out.is_certified() {
            uncertified += 1;
            worst_bracket = worst_bracket.max(bracket / depth_of(&out));
        }
        assert!(
            out.is_certified() || bracket <= 1e-4 * depth_of(&out),
            "case {case} ({} vs {}): {out:?}",
            a.kind(),
            b.kind()
        );
        if out.epa_status.is_some() {
            epa_runs += 1;
        }
        let depth = -out.signed_distance;
        let moved = |t: f64| Pose {
            translation: pb.translation + t * depth * out.normal,
            ..pb
        };
        // Touching: the distance after moving by the depth is ~0. EPA stops when the
        // support value in the reported normal exceeds the depth by at most its
        // relative tolerance (1e-6), which bounds the radial distance of `D` along the
        // normal; GJK's own tolerance adds 1e-7 of the cores' distance (<= size); an
        // uncertified run (iteration limit on curved cores) is off by about its bracket.
        let tol = 1e-6 * size + 2e-6 * depth + 2.0 * (out.upper_bound - out.lower_bound);
        let touch = distance(&a, &pa, &b, &moved(1.0), &gjk).unwrap();
        assert!(
            touch.distance <= tol,
            "case {case} ({} vs {}): distance {} after moving by the depth {depth}: {out:?}",
            a.kind(),
            b.kind(),
            touch.distance
        );
        let again = solver.signed_distance(&a, &pa, &b, &moved(1.0), None).unwrap();
        assert!(
            again.signed_distance.abs() <= tol,
            "case {case} ({} vs {}): {again:?} after {out:?}",
            a.kind(),
            b.kind()
        );
        // Still overlapping at 99%.
        let deep = distance(&a, &pa, &b, &moved(0.99), &gjk).unwrap();
        assert_eq!(deep.status, GjkStatus::Intersecting, "case {case}: {deep:?}");
        // No direction separates with a shorter translation: depth <= h_A(u) + h_B(-u).
        for _ in 0..50 {
            let u = Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            );
            if u.norm() < 1e-3 {
                continue;
            }
            let u = u.normalize();
            let h = support_value(&a, &pa, &u) + support_value(&b, &pb, &-u);
            assert!(depth <= h + tol, "case {case}: depth {depth} > {h} along {u:?}");
        }
        checked += 1;
    }
    eprintln!("{checked} overlapping, {epa_runs} with EPA, {uncertified} uncertified (worst relative bracket {worst_bracket:.1e})");
    assert!(
        checked > 500 && epa_runs > 300,
        "{checked} overlapping, {epa_runs} with EPA"
    );
    assert!(
        uncertified * 100 <= checked,
        "{uncertified} of {checked} uncertified"
    );
}
