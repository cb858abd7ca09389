//! `GjkVariant::Auto` on strictly convex pairs (issue 23, item 5): its answers agree
//! with vanilla GJK's and Nesterov's, with a certificate, on random ellipsoid pairs that
//! overlap, nearly touch or lie far apart; and its nearness gate (the far test after the
//! first support) picks the variant it documents on constructed cases. Nothing is timed:
//! which variant ran is read from the run itself, since the gated run takes exactly the
//! other variant's steps (same iterations, same support calls, the same distance bits).

use crate::common;

use common::*;
use rand::Rng;
use wolfe::{
    distance, signed_distance, ConvexShape, DistanceOutput, Ellipsoid, GjkSettings, GjkStatus, GjkVariant,
    Pose, Quat, Shape, SignedDistanceSettings, Vec3,
};

/// The three regimes of the RSS paper's and GJK++'s benchmarks, as signed distances of
/// the shapes (metres, for ellipsoids with semi-axes 0.05-0.5 m).
const OVERLAPPING: (f64, f64) = (-0.1, -0.001);
const CLOSE: (f64, f64) = (1e-4, 0.1);
const FAR: (f64, f64) = (0.5, 2.0);

fn settings(variant: GjkVariant) -> GjkSettings {
    GjkSettings::with_variant(variant)
}

fn random_ellipsoid(rng: &mut rand_chacha::ChaCha8Rng) -> Shape {
    let mut r = || rng.random_range(0.05..0.5);
    Ellipsoid::new([r(), r(), r()]).unwrap().into()
}

/// B placed so that the pair's signed distance is `target` (up to EPA's and GJK's
/// tolerances): along the normal of a tight signed-distance run, which moves the witness
/// pair and the supporting planes by the same amount for convex shapes. `None` when the
/// first placement lands in another regime.
fn place(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, target: f64) -> Option<Pose> {
    let tight =
        SignedDistanceSettings::default().with_gjk(settings(GjkVariant::Vanilla).with_tolerance(1e-10));
    let out = signed_distance(a, pa, b, pb, &tight).ok()?;
    let mut moved = *pb;
    moved.translation += (target - out.signed_distance) * out.normal;
    let check = signed_distance(a, pa, b, &moved, &tight).ok()?;
    ((check.signed_distance - target).abs() <= 1e-3 * target.abs().max(1e-3)).then_some(moved)
}

/// The certificate of a converged distance: the bracket holds the distance and is
/// within the relative tolerance (Eq. 18-19).
fn certified(out: &DistanceOutput, tol: f64) -> bool {
    out.lower_bound <= out.distance + 1e-15
        && out.distance <= out.upper_bound + 1e-15
        && out.upper_bound - out.lower_bound <= 2.0 * tol * out.distance + 1e-12
}

#[test]
fn auto_agrees_with_vanilla_and_nesterov_in_every_regime() {
    let mut rng = rng(20261125);
    let tol = GjkSettings::default().tolerance;
    let sd = |v| SignedDistanceSettings::default().with_gjk(settings(v));
    let mut counts = [0usize; 3];
    for case in 0..600 {
        let regime = case % 3;
        let (lo, hi) = [OVERLAPPING, CLOSE, FAR][regime];
        let target = if regime == 1 {
            // Log-uniform: touching pairs from 0.1 mm to 10 cm.
            lo * (hi / lo).powf(rng.random_range(0.0..1.0))
        } else {
            rng.random_range(lo..hi)
        };
        let (a, b) = (random_ellipsoid(&mut rng), random_ellipsoid(&mut rng));
        let pa = random_pose(&mut rng, 1.0);
        let pb0 = random_pose(&mut rng, 1.0);
        let Some(pb) = place(&a, &pa, &b, &pb0, target) else {
            continue;
        };
        counts[regime] += 1;
        let run = |v| distance(&a, &pa, &b, &pb, &settings(v)).unwrap();
        let (auto, vanilla, nesterov) = (
            run(GjkVariant::Auto),
            run(GjkVariant::Vanilla),
            run(GjkVariant::Nesterov),
        );
        if regime == 0 {
            for out in [&auto, &vanilla, &nesterov] {
                assert_eq!(out.status, GjkStatus::Intersecting, "case {case}");
                assert_eq!(out.distance, 0.0, "case {case}");
            }
            // The depth, from EPA on each variant's final simplex.
            let depth = |v| signed_distance(&a, &pa, &b, &pb, &sd(v)).unwrap();
            let (da, dv) = (depth(GjkVariant::Auto), depth(GjkVariant::Vanilla));
            assert!(da.lower_bound <= da.signed_distance && da.signed_distance <= da.upper_bound);
            let scale = target.abs();
            assert!(
                (da.signed_distance - dv.signed_distance).abs() <= 1e-6 * scale.max(1e-3),
                "case {case}: auto {} vanilla {}",
                da.signed_distance,
                dv.signed_distance
            );
            continue;
        }
        for (name, out) in [("auto", &auto), ("vanilla", &vanilla), ("nesterov", &nesterov)] {
            assert_eq!(out.status, GjkStatus::Converged, "case {case} {name}: {out:?}");
            assert!(certified(out, tol), "case {case} {name}: {out:?}");
        }
        for other in [&vanilla, &nesterov] {
            assert!(
                (auto.distance - other.distance).abs() <= 2.0 * tol * other.distance + 1e-12,
                "case {case}: auto {} other {}",
                auto.distance,
                other.distance
            );
        }
        assert!((auto.distance - target).abs() <= 1e-3 * target, "case {case}");
    }
    for (n, regime) in counts.iter().zip(["overlapping", "close", "far"]) {
        assert!(*n >= 150, "only {n} {regime} cases placed");
    }
}

/// Whether two runs took the same steps: the gated run is then that variant.
fn same_run(x: &DistanceOutput, y: &DistanceOutput) -> bool {
    x.iterations == y.iterations
        && x.support_calls == y.support_calls
        && x.distance.to_bits() == y.distance.to_bits()
        && x.status == y.status
}

/// Which variant `Auto` ran on the pair: "vanilla", "nesterov", or "neither".
fn picked(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose) -> &'static str {
    let run = |v| distance(a, pa, b, pb, &settings(v)).unwrap();
    let (auto, vanilla, nesterov) = (
        run(GjkVariant::Auto),
        run(GjkVariant::Vanilla),
        run(GjkVariant::Nesterov),
    );
    // Make sure the two differ, so that the pick is observable.
    assert!(
        !same_run(&vanilla, &nesterov),
        "vanilla and Nesterov took the same steps"
    );
    if same_run(&auto, &vanilla) {
        "vanilla"
    } else if same_run(&auto, &nesterov) {
        "nesterov"
    } else {
        "neither"
    }
}

#[test]
fn the_gate_runs_vanilla_far_apart_and_nesterov_near_contact() {
    // Two elongated ellipsoids, turned so that their contact is not along an axis (where
    // one support would end both variants at once).
    let a: Shape = Ellipsoid::new([0.4, 0.15, 0.1]).unwrap().into();
    let b: Shape = Ellipsoid::new([0.1, 0.3, 0.2]).unwrap().into();
    let pa = Pose {
        rotation: Quat::from_euler_angles(0.3, -0.5, 0.8),
        translation: Vec3::zeros(),
    };
    let pose_b = |centre: f64| Pose {
        rotation: Quat::from_euler_angles(-0.7, 0.2, 1.1),
        translation: Vec3::new(centre, 0.25 * centre, -0.1 * centre),
    };
    let at = |d: f64| place(&a, &pa, &b, &pose_b(1.0), d).expect("placed");
    // Far: the gap is several times the shapes' extent along the line of centres.
    for d in [1.0, 3.0, 10.0] {
        assert_eq!(picked(&a, &pa, &b, &at(d)), "vanilla", "distance {d}");
    }
    // Near contact: momentum pays (RSS paper, GJK++ Fig. 7).
    for d in [1e-4, 1e-3, 1e-2, 0.05] {
        assert_eq!(picked(&a, &pa, &b, &at(d)), "nesterov", "distance {d}");
    }
    // Overlapping: the first support cannot tell a shallow overlap from a near touch
    // (documented on `GjkVariant::Auto`), so the gate keeps Nesterov there.
    for d in [-0.01, -0.05] {
        assert_eq!(picked(&a, &pa, &b, &at(d)), "nesterov", "distance {d}");
    }
}

#[test]
fn auto_runs_vanilla_on_flat_sided_pairs() {
    // Meshes, boxes and the other pairs with a flat-sided core never take the momentum
    // branch, near or far.
    let mut rng = rng(7);
    for case in 0..200 {
        let a = random_shape(&mut rng, case, 0.3);
        let b = random_shape(&mut rng, case / 9, 0.3);
        if a.is_strictly_convex() && b.is_strictly_convex() {
            continue;
        }
        let pa = random_pose(&mut rng, 0.6);
        let pb = random_pose(&mut rng, 0.6);
        let s = |v| settings(v).with_closed_form_pairs(false);
        let auto = distance(&a, &pa, &b, &pb, &s(GjkVariant::Auto)).unwrap();
        let vanilla = distance(&a, &pa, &b, &pb, &s(GjkVariant::Vanilla)).unwrap();
        assert!(same_run(&auto, &vanilla), "case {case}");
    }
}
