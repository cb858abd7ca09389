//! Property tests over random inputs: every GJK variant agrees with the others, the
//! duality-gap certificate holds against an independent exact distance, and boolean
//! queries agree with distances.

use crate::common;

use common::*;
use wolfe::{
    distance, intersects, ConvexMesh, DistanceOutput, GjkSettings, GjkSolver, GjkStatus, GjkVariant, Pose,
    Shape, Vec3,
};

/// Moves B along the separation normal so that the distance becomes `target` (exact for
/// convex shapes while the result is >= 0: the separating plane and the witness pair
/// both move by the same amount).
fn place_at_distance(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, target: f64) -> Option<Pose> {
    // Tight, so that the target is exact to well below the default tolerance.
    let tight = GjkSettings::default().with_tolerance(1e-10);
    let out = distance(a, pa, b, pb, &tight).ok()?;
    if out.status != GjkStatus::Converged || out.distance <= 0.0 {
        return None;
    }
    let mut moved = *pb;
    moved.translation += (target - out.distance) * out.normal;
    Some(moved)
}

/// Whether two runs' certified brackets `[lower_bound, upper_bound]` intersect within
/// `slack`: both hold the true distance, so they must.
fn brackets_intersect(a: &DistanceOutput, b: &DistanceOutput, slack: f64) -> bool {
    a.lower_bound <= b.upper_bound + slack && b.lower_bound <= a.upper_bound + slack
}

/// Asserts [`brackets_intersect`], naming the case `at` and both brackets on failure.
fn assert_brackets_intersect(a: &DistanceOutput, b: &DistanceOutput, slack: f64, at: &str) {
    assert!(
        brackets_intersect(a, b, slack),
        "{at}: [{}, {}] misses [{}, {}]",
        a.lower_bound,
        a.upper_bound,
        b.lower_bound,
        b.upper_bound
    );
}

/// The default relative tolerance: every converged distance is within it of the truth.
fn tolerance() -> f64 {
    GjkSettings::default().tolerance
}

#[test]
fn all_variants_agree_on_random_pairs_of_every_shape_kind() {
    let mut rng = rng(20261122);
    let vanilla = GjkSettings::default();
    let variants = gjk_variants();
    let (mut checked, mut queries, mut troubles) = (0, 0, 0);
    for case in 0..3000 {
        let size = [0.01, 0.1, 1.0][case % 3];
        let a = random_shape(&mut rng, case, size);
        let b = random_shape(&mut rng, case / 9, size);
        let pa = random_pose(&mut rng, 2.0 * size);
        let pb0 = random_pose(&mut rng, 2.0 * size);
        // Half of the cases at a controlled close distance, the rest wherever they fell.
        let pb = if case % 2 == 0 {
            let target = size * [1e-3, 1e-2, 0.1][case % 3];
            match place_at_distance(&a, &pa, &b, &pb0, target) {
                Some(p) => p,
                None => continue,
            }
        } else {
            pb0
        };
        let reference = distance(&a, &pa, &b, &pb, &vanilla).unwrap();
        let overlapping = reference.status == GjkStatus::Intersecting;
        for (name, out) in std::iter::once(("gjk", reference)).chain(
            variants
                .iter()
                .map(|(n, s)| (*n, distance(&a, &pa, &b, &pb, s).unwrap())),
        ) {
            queries += 1;
            if overlapping {
                assert_eq!(out.status, GjkStatus::Intersecting, "case {case} [{name}]");
                continue;
            }
            // Converged: within the default tolerance (relative) of the truth, so within
            // twice that of vanilla. NumericalTrouble (f64 could not certify it): the
            // certified brackets must still intersect, and the value be close.
            let tol = match (out.status, reference.status) {
                (GjkStatus::Converged, GjkStatus::Converged) => {
                    2.0 * tolerance() * reference.distance + 1e-13
                }
                (GjkStatus::Converged | GjkStatus::NumericalTrouble, _) => {
                    troubles += (out.status == GjkStatus::NumericalTrouble) as usize;
                    assert!(
                        brackets_intersect(&out, &reference, 1e-13),
                        "case {case} [{name}]: brackets {out:?} {reference:?}"
                    );
                    10.0 * tolerance() * reference.distance + 1e-13
                }
                _ => panic!("case {case} [{name}]: {out:?} ({} - {})", a.kind(), b.kind()),
            };
            assert!(
                (out.distance - reference.distance).abs() <= tol,
                "case {case} [{name}]: {} vs vanilla {} ({} - {})",
                out.distance,
                reference.distance,
                a.kind(),
                b.kind()
            );
        }
        for (name, s) in &variants {
            let col = intersects(&a, &pa, &b, &pb, s).unwrap();
            assert_eq!(col.intersecting, overlapping, "case {case} [{name}]");
        }
        checked += 1;
    }
    assert!(checked > 2500, "only {checked} cases ran");
    // When this test was written, 4 of 14,225 queries stalled at 1e-7 (mesh against
    // curved cores at 1e-3 relative distance; brackets within 2e-7), 20 at 1e-8.
    assert!(
        troubles * 1000 <= queries,
        "{troubles} of {queries} queries in NumericalTrouble"
    );
}

/// The accelerated variants hand over to vanilla GJK (fixed point of Eq. 31, a stalled
/// momentum step, or the momentum budget): at every budget and iteration limit, a run
/// stays within its limits, makes at most one support call beyond one per iteration (the
/// switch's), certifies what it reports, and with no momentum iterations at all is
/// vanilla GJK, bit for bit.
#[test]
fn accelerated_runs_hand_over_to_vanilla_at_every_budget() {
    let mut rng = rng(20261125);
    let (mut checked, mut converged) = (0, 0);
    for case in 0..600 {
        let size = [0.01, 0.1, 1.0][case % 3];
        let a = random_shape(&mut rng, case, size);
        let b = random_shape(&mut rng, case / 9, size);
        let pa = random_pose(&mut rng, 2.0 * size);
        let pb0 = random_pose(&mut rng, 2.0 * size);
        let Some(pb) = place_at_distance(&a, &pa, &b, &pb0, size * [1e-3, 1e-2, 0.1][case % 3]) else {
            continue;
        };
        let tight = GjkSettings::default()
            .with_tolerance(1e-10)
            .with_closed_form_pairs(false);
        let truth = distance(&a, &pa, &b, &pb, &tight).unwrap();
        if truth.status != GjkStatus::Converged {
            continue;
        }
        checked += 1;
        let slack = 1e-12 * size;
        for variant in [GjkVariant::Polyak, GjkVariant::Nesterov] {
            for max_iterations in [1, 2, 3, 128] {
                // Named, not the default: `Auto` runs Nesterov on strictly convex pairs.
                let vanilla = GjkSettings::with_variant(GjkVariant::Vanilla)
                    .with_max_iterations(max_iterations)
                    .with_closed_form_pairs(false);
                let plain = distance(&a, &pa, &b, &pb, &vanilla).unwrap();
                for budget in [0, 1, 2, 3, 32] {
                    let mut settings = vanilla.with_max_accelerated_iterations(budget);
                    settings.variant = variant;
                    let out = distance(&a, &pa, &b, &pb, &settings).unwrap();
                    let at = format!("case {case} {variant:?} limit {max_iterations} budget {budget}");
                    if budget == 0 {
                        assert_eq!(out.distance.to_bits(), plain.distance.to_bits(), "{at}");
                        assert_eq!(
                            (out.status, out.iterations, out.support_calls),
                            (plain.status, plain.iterations, plain.support_calls),
                            "{at}"
                        );
                        assert_eq!(out.duality_gap.to_bits(), plain.duality_gap.to_bits(), "{at}");
                    }
                    assert!(out.iterations <= max_iterations, "{at}: {out:?}");
                    assert!(
                        out.support_calls == out.iterations || out.support_calls == out.iterations + 1,
                        "{at}: {out:?}"
                    );
                    // Whatever the status, the certified brackets of this run and of the
                    // tight one (itself within 1e-10 relative) both hold the distance.
                    assert_brackets_intersect(&out, &truth, slack, &at);
                    if out.status == GjkStatus::Converged {
                        converged += 1;
                        assert!(
                            (out.distance - truth.distance).abs()
                                <= 1.01 * tolerance() * truth.distance + slack,
                            "{at}: {} vs {}",
                            out.distance,
                            truth.distance
                        );
                    } else {
                        assert!(
                            matches!(
                                out.status,
                                GjkStatus::IterationLimit | GjkStatus::NumericalTrouble
                            ),
                            "{at}: {out:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(checked > 450, "only {checked} cases ran");
    assert!(converged > 3000, "only {converged} runs converged");
}

#[test]
fn frank_wolfe_agrees_when_it_converges_and_brackets_otherwise() {
    let mut rng = rng(7);
    let fw = GjkSettings::with_variant(GjkVariant::FrankWolfe);
    let mut converged = 0;
    for case in 0..300 {
        let a = random_shape(&mut rng, case, 0.5);
        let b = random_shape(&mut rng, case + 3, 0.5);
        let pa = random_pose(&mut rng, 1.0);
        let pb = random_pose(&mut rng, 1.0);
        let reference = distance(&a, &pa, &b, &pb, &GjkSettings::default()).unwrap();
        let out = distance(&a, &pa, &b, &pb, &fw).unwrap();
        if reference.status == GjkStatus::Intersecting {
            // FW reaches the origin only in the limit; it must not claim a positive
            // lower bound.
            assert_eq!(out.lower_bound, 0.0, "case {case}");
            continue;
        }
        // Both brackets hold the true distance, so they intersect.
        assert_brackets_intersect(&out, &reference, 1e-12, &format!("case {case}"));
        if out.status == GjkStatus::Converged {
            converged += 1;
            assert!(
                (out.distance - reference.distance).abs() <= 2.0 * tolerance() * reference.distance + 1e-13
            );
        }
    }
    assert!(converged > 50, "FW converged on {converged} cases only");
}

#[test]
fn duality_gap_certifies_the_exact_polytope_distance() {
    let mut rng = rng(99);
    let mut settings: Vec<(&str, GjkSettings)> = vec![("gjk", GjkSettings::default())];
    settings.extend(gjk_variants());
    // A loose tolerance makes the certificate do real work.
    let loose = GjkSettings::default().with_tolerance(1e-3);
    settings.push(("gjk-loose", loose));
    for case in 0..400 {
        let scale = [0.01, 1.0, 100.0][case % 3];
        let ma =
            ConvexMesh::from_points(&random_points(&mut rng, 8 + case % 20, Vec3::repeat(scale))).unwrap();
        let mb =
            ConvexMesh::from_points(&random_points(&mut rng, 8 + case % 13, Vec3::repeat(scale))).unwrap();
        let pa = random_pose(&mut rng, scale);
        let mut pb = random_pose(&mut rng, scale);
        pb.translation = pa.translation + Vec3::new(3.6, 0.3, -0.2) * scale * (1.0 + (case % 5) as f64 * 0.1);
        let exact = polytope_distance(&world_triangles(&ma, &pa), &world_triangles(&mb, &pb));
        let a: Shape = ma.into();
        let b: Shape = mb.into();
        for (name, s) in &settings {
            let out = distance(&a, &pa, &b, &pb, s).unwrap();
            assert_eq!(
                out.status,
                GjkStatus::Converged,
                "case {case} [{name}] {out:?} exact {exact}"
            );
            let slack = 1e-13 * scale * scale;
            // GJK++ Eq. 18: |x_k|^2 - |x*|^2 <= g.
            assert!(
                out.distance.powi(2) - exact.powi(2) <= out.duality_gap + slack,
                "case {case} [{name}]: d = {}, exact {exact}, gap {}",
                out.distance,
                out.duality_gap
            );
            assert!(
                out.distance >= exact - 1e-12 * scale,
                "case {case} [{name}]: below the exact distance"
            );
            assert!(
                out.lower_bound <= exact + 1e-12 * scale,
                "case {case} [{name}]: lower bound too high"
            );
        }
    }
}

#[test]
fn ycb_hull_pairs_agree_across_variants_and_with_the_exact_distance() {
    let names = [
        "002_master_chef_can",
        "011_banana",
        "025_mug",
        "035_power_drill",
        "052_extra_large_clamp",
        "077_rubiks_cube",
    ];
    let meshes: Vec<ConvexMesh> = names
        .iter()
        .map(|n| ConvexMesh::from_obj(ycb_dir().join(format!("{n}.obj"))).unwrap())
        .collect();
    let shapes: Vec<Shape> = meshes.iter().cloned().map(Shape::from).collect();
    let mut rng = rng(3);
    let variants = gjk_variants();
    let mut solver = GjkSolver::new(GjkSettings::default()).unwrap();
    for case in 0..300 {
        let (i, j) = (case % names.len(), (case / names.len()) % names.len());
        let pa = random_pose(&mut rng, 0.2);
        let pb0 = random_pose(&mut rng, 0.2);
        let target = [0.001, 0.01, 0.05, 0.1][case % 4];
        let Some(pb) = place_at_distance(&shapes[i], &pa, &shapes[j], &pb0, target) else {
            continue;
        };
        let reference = solver.distance(&shapes[i], &pa, &shapes[j], &pb, None).unwrap();
        assert_eq!(reference.status, GjkStatus::Converged);
        assert!(
            (reference.distance - target).abs() <= tolerance() * target,
            "case {case}"
        );
        for (name, s) in &variants {
            let out = distance(&shapes[i], &pa, &shapes[j], &pb, s).unwrap();
            assert_eq!(out.status, GjkStatus::Converged, "case {case} [{name}]");
            assert!(
                (out.distance - target).abs() <= 2.0 * tolerance() * target,
                "case {case} [{name}]"
            );
        }
        // The exact triangle-pair distance on a few of them (it is O(faces^2)).
        if case < 6 {
            let exact = polytope_distance(
                &world_triangles(&meshes[i], &pa),
                &world_triangles(&meshes[j], &pb),
            );
            assert!(
                (reference.distance - exact).abs() <= 1e-10,
                "case {case}: {} vs exact {exact}",
                reference.distance
            );
        }
    }
}
