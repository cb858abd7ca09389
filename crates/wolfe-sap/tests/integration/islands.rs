//! SAP solved island by island (`SapSettings::islands`) against the monolithic solve,
//! and the islands themselves against a brute-force connected-components search.
//!
//! - Random problems with several islands (contacts between trees and with the world,
//!   PD controllers, joint limits, trees with no constraint): the island solve and the
//!   monolithic solve, both at a tight tolerance, give the same velocities and
//!   impulses; at the default tolerance, Eq. 26 of the whole problem holds at the
//!   island solution, recomputed here with `wolfe_sap::evaluate`, and the reported
//!   momentum error is that of the whole problem.
//! - Trees with no constraint keep v = v* exactly.
//! - The union-find's islands are the connected components (breadth-first search).
//! - Bad input gives the same typed errors as the monolithic path.

use crate::common;

use nalgebra::DVector;
use rand::Rng;
use wolfe_sap::{evaluate, Islands, SapError, SapModel, SapProblem, SapSettings, SapSolver, SapStatus};

use common::{random_mixed_problem, rng};

/// (||D grad||, ||D A v||, ||D J^T gamma||) of the whole problem at v (Eq. 25, 26),
/// from the direct evaluation: J^T gamma = A (v - v*) - grad.
fn criterion_norms(problem: &SapProblem, model: &SapModel, v: &DVector<f64>) -> (f64, f64, f64) {
    let eval = evaluate(problem, model, v);
    let (mut ng, mut np, mut nj) = (0.0, 0.0, 0.0);
    for (t, tree) in problem.trees().iter().enumerate() {
        let o = problem.offset(t);
        let vt = v.rows(o, tree.dofs());
        let av = &tree.a * vt;
        let ar = &tree.a * (vt - &tree.v_star);
        for i in 0..tree.dofs() {
            let d = 1.0 / tree.a[(i, i)].sqrt();
            let g = eval.gradient[o + i];
            ng += (d * g).powi(2);
            np += (d * av[i]).powi(2);
            nj += (d * (ar[i] - g)).powi(2);
        }
    }
    (ng.sqrt(), np.sqrt(), nj.sqrt())
}

fn tight(islands: bool) -> SapSettings {
    SapSettings {
        relative_tolerance: 1e-12,
        absolute_tolerance: 0.0,
        islands,
        ..Default::default()
    }
}

/// Problem sizes: (trees, contacts, PD controllers, joint limits); fewer contacts than
/// trees leaves several islands and some trees without any constraint.
const SIZES: [(usize, usize, usize, usize); 5] = [
    (4, 2, 1, 1),
    (12, 6, 2, 2),
    (25, 12, 3, 4),
    (40, 30, 4, 4),
    (80, 50, 6, 6),
];

#[test]
fn island_and_monolithic_solves_agree() {
    let mut islands = Islands::new();
    let mut multi = 0;
    for (s, &(nt, nc, npd, nl)) in SIZES.iter().enumerate() {
        for seed in 0..12 {
            let mut r = rng(1000 * s as u64 + seed);
            let problem = random_mixed_problem(&mut r, nt, nc, npd, nl);
            let problem = common::with_couplers(&mut r, problem, npd);
            islands.find(&problem);
            multi += usize::from(islands.len() > 1);
            let v0 = DVector::from_fn(problem.num_velocities(), |_, _| r.random_range(-1.0..1.0));
            let by_islands = SapSolver::new(tight(true)).unwrap().solve(&problem, &v0).unwrap();
            let whole = SapSolver::new(tight(false))
                .unwrap()
                .solve(&problem, &v0)
                .unwrap();
            let case = format!("sizes {s} seed {seed}: {} islands", islands.len());
            // The solve's islands are those of the contacts active at the initial
            // guess and after each round: at least as many as the problem's.
            assert!(
                by_islands.stats.islands as usize >= islands.len().max(1),
                "{case}"
            );
            assert!(
                by_islands.stats.islands as usize <= problem.trees().len(),
                "{case}"
            );
            assert_eq!(whole.stats.islands, 1, "{case}");
            assert!(
                by_islands.stats.total_iterations >= by_islands.stats.iterations,
                "{case}"
            );
            // Both at e_m ~ 1e-12 (or stalled at round-off); the velocities of two
            // minimizers of the same strongly convex cost then agree to ~1e-9 of their
            // scale (the conditioning of H is at most ~1e3 here).
            for sol in [&by_islands, &whole] {
                assert!(
                    sol.stats.status == SapStatus::Converged || sol.stats.momentum_error < 1e-10,
                    "{case}: {:?} e_m {:e}",
                    sol.stats.status,
                    sol.stats.momentum_error
                );
            }
            let scale = 1.0 + whole.v.amax();
            let dv = (&by_islands.v - &whole.v).amax();
            assert!(dv <= 1e-7 * scale, "{case}: |v - v_whole| = {dv:e}");
            let g_scale = 1.0 + whole.gamma.iter().map(|g| g.amax()).fold(0.0, f64::max);
            for (a, b) in by_islands.gamma.iter().zip(&whole.gamma) {
                assert!((a - b).amax() <= 1e-7 * g_scale, "{case}: gamma {a} vs {b}");
            }
            for (a, b) in by_islands
                .pd_impulses
                .iter()
                .chain(&by_islands.limit_impulses)
                .chain(&by_islands.coupler_impulses)
                .zip(
                    whole
                        .pd_impulses
                        .iter()
                        .chain(&whole.limit_impulses)
                        .chain(&whole.coupler_impulses),
                )
            {
                assert!(
                    (a - b).abs() <= 1e-7 * (1.0 + b.abs()),
                    "{case}: joint impulse {a} vs {b}"
                );
            }
        }
    }
    assert!(multi >= 50, "only {multi} of 60 problems had several islands");
}

#[test]
fn island_solution_meets_the_whole_stopping_criterion() {
    let settings = SapSettings::default();
    let mut solver = SapSolver::new(settings).unwrap();
    for (s, &(nt, nc, npd, nl)) in SIZES.iter().enumerate() {
        for seed in 0..12 {
            let mut r = rng(7000 + 100 * s as u64 + seed);
            let problem = random_mixed_problem(&mut r, nt, nc, npd, nl);
            let v0 = DVector::from_fn(problem.num_velocities(), |_, _| r.random_range(-1.0..1.0));
            let stats = solver.solve_in_place(&problem, v0.as_slice()).unwrap().clone();
            let case = format!("sizes {s} seed {seed}");
            assert_eq!(stats.status, SapStatus::Converged, "{case}");
            let v = DVector::from_column_slice(solver.velocities());
            let (ng, np, nj) = criterion_norms(&problem, solver.model(), &v);
            let bound = settings.absolute_tolerance + settings.relative_tolerance * np.max(nj);
            assert!(ng < bound, "{case}: |D grad| = {ng:e} >= {bound:e}");
            // The reported e_m is the whole problem's (Eq. 32), up to the round-off of
            // the gradient's sums (~1e-14 of the momentum scale).
            let e_m = ng / np.max(nj);
            assert!(
                (stats.momentum_error - e_m).abs() <= 1e-6 * e_m + 1e-14,
                "{case}: reported {:e}, recomputed {e_m:e}",
                stats.momentum_error
            );
            // The impulses held are those of the returned velocities.
            let eval = evaluate(&problem, solver.model(), &v);
            for (a, b) in solver.contact_impulses().iter().zip(&eval.gamma) {
                assert!((a - b).amax() <= 1e-12 * (1.0 + b.amax()), "{case}");
            }
            let joints: Vec<f64> = eval
                .pd_impulses
                .iter()
                .chain(&eval.limit_impulses)
                .copied()
                .collect();
            assert_eq!(solver.joint_impulses().len(), joints.len(), "{case}");
            for (a, b) in solver.joint_impulses().iter().zip(&joints) {
                assert!((a - b).abs() <= 1e-12 * (1.0 + b.abs()), "{case}");
            }
        }
    }
}

#[test]
fn unconstrained_trees_keep_their_free_motion_exactly() {
    let mut islands = Islands::new();
    let mut checked = 0;
    for seed in 0..20 {
        let mut r = rng(500 + seed);
        let problem = random_mixed_problem(&mut r, 30, 6, 2, 2);
        islands.find(&problem);
        let v0 = DVector::from_fn(problem.num_velocities(), |_, _| r.random_range(-1.0..1.0));
        let sol = SapSolver::new(SapSettings::default())
            .unwrap()
            .solve(&problem, &v0)
            .unwrap();
        for i in (0..islands.len()).filter(|&i| !islands.is_constrained(i)) {
            for &t in islands.trees(i) {
                let o = problem.offset(t);
                let n = problem.trees()[t].dofs();
                assert_eq!(
                    sol.v.rows(o, n),
                    problem.v_star().rows(o, n),
                    "seed {seed} tree {t}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} unconstrained trees");
}

/// Components by breadth-first search: the component of each vertex, numbered in the
/// order of their smallest vertex.
fn brute_force_components(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    let mut adjacent = vec![Vec::new(); n];
    for &(a, b) in edges {
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    let mut component = vec![usize::MAX; n];
    let mut count = 0;
    for start in 0..n {
        if component[start] != usize::MAX {
            continue;
        }
        let mut queue = std::collections::VecDeque::from([start]);
        component[start] = count;
        while let Some(u) = queue.pop_front() {
            for &w in &adjacent[u] {
                if component[w] == usize::MAX {
                    component[w] = count;
                    queue.push_back(w);
                }
            }
        }
        count += 1;
    }
    component
}

#[test]
fn islands_are_the_connected_components() {
    let mut r = rng(3);
    let mut islands = Islands::new();
    for round in 0..500 {
        let n = r.random_range(0..60);
        let m = if n == 0 { 0 } else { r.random_range(0..2 * n) };
        let edges: Vec<(usize, usize)> = (0..m)
            .map(|_| (r.random_range(0..n), r.random_range(0..n)))
            .collect();
        // The same storage is reused across rounds of changing size.
        islands.connect(n, edges.iter().copied()).unwrap();
        let expected = brute_force_components(n, &edges);
        let count = expected.iter().map(|&c| c + 1).max().unwrap_or(0);
        assert_eq!(islands.len(), count, "round {round}");
        for (t, &component) in expected.iter().enumerate() {
            // Same numbering (by smallest tree): the partitions are equal.
            assert_eq!(islands.island_of_tree(t), component, "round {round} tree {t}");
            assert_eq!(
                islands.trees(islands.island_of_tree(t))[islands.local_index(t)],
                t
            );
        }
        let listed: usize = (0..count).map(|i| islands.trees(i).len()).sum();
        assert_eq!(listed, n, "round {round}");
        for i in 0..count {
            assert!(islands.trees(i).windows(2).all(|w| w[0] < w[1]), "round {round}");
        }
    }
}

#[test]
fn islands_of_a_problem_hold_its_constraints() {
    let mut islands = Islands::new();
    for seed in 0..30 {
        let mut r = rng(900 + seed);
        let problem = random_mixed_problem(&mut r, 20, 10, 4, 4);
        islands.find(&problem);
        let mut seen = (0, 0, 0);
        for i in 0..islands.len() {
            let dofs: usize = islands.trees(i).iter().map(|&t| problem.trees()[t].dofs()).sum();
            assert_eq!(islands.dofs(i), dofs);
            for &c in islands.contacts(i) {
                let contact = &problem.contacts()[c];
                assert_eq!(islands.island_of_tree(contact.tree_a), i);
                if let Some((b, _)) = &contact.tree_b {
                    assert_eq!(islands.island_of_tree(*b), i);
                }
            }
            for &p in islands.pd_controllers(i) {
                assert_eq!(islands.island_of_tree(problem.pd_controllers()[p].tree), i);
            }
            for &l in islands.joint_limits(i) {
                assert_eq!(islands.island_of_tree(problem.joint_limits()[l].tree), i);
            }
            seen.0 += islands.contacts(i).len();
            seen.1 += islands.pd_controllers(i).len();
            seen.2 += islands.joint_limits(i).len();
        }
        assert_eq!(
            seen,
            (10, 4, 4),
            "seed {seed}: every constraint in exactly one island"
        );
    }
}

#[test]
fn bad_initial_guess_gives_the_same_typed_error() {
    let mut r = rng(42);
    let problem = random_mixed_problem(&mut r, 20, 6, 2, 2);
    let mut islands = Islands::new();
    islands.find(&problem);
    assert!(islands.len() > 1);
    let n = problem.num_velocities();
    for islands_on in [true, false] {
        let settings = SapSettings {
            islands: islands_on,
            ..Default::default()
        };
        let mut solver = SapSolver::new(settings).unwrap();
        let mut v0 = problem.v_star().clone();
        v0[n / 2] = f64::NAN;
        let err = solver.solve(&problem, &v0).unwrap_err();
        assert!(
            matches!(err, SapError::InvalidInitialGuess { len, expected } if len == n && expected == n),
            "{err:?}"
        );
        let short = DVector::zeros(n - 1);
        let err = solver.solve(&problem, &short).unwrap_err();
        assert!(
            matches!(err, SapError::InvalidInitialGuess { len, .. } if len == n - 1),
            "{err:?}"
        );
        // The solver still works after the errors.
        assert_eq!(
            solver.solve_cold(&problem).unwrap().stats.status,
            SapStatus::Converged
        );
    }
}

/// Two particles (3 dofs, 1 kg) per pair, 1 mm apart, the upper one falling at 1 m/s
/// onto the lower one: from v0 = 0 their contact has no impulse (it is predicted
/// inactive and cut), but it closes the gap within the step, so it must join in a later
/// round. With one pair everything joins into one problem; with two pairs the second
/// round still has two islands. Both agree with the monolithic solve.
#[test]
fn a_cut_contact_that_turns_active_joins_in_a_later_round() {
    use nalgebra::DMatrix;
    use wolfe_sap::{ContactConstraint, Tree};
    for pairs in [1, 2, 3] {
        let mut trees = Vec::new();
        let mut contacts = Vec::new();
        for p in 0..pairs {
            let falling = DVector::from_column_slice(&[0.0, 0.0, -1.0 - 0.1 * p as f64]);
            trees.push(Tree::new(DMatrix::identity(3, 3), falling));
            trees.push(Tree::new(DMatrix::identity(3, 3), DVector::zeros(3)));
            // Contact frame = world frame, normal +z from the lower to the upper one.
            let c = ContactConstraint::between(
                2 * p,
                DMatrix::identity(3, 3),
                2 * p + 1,
                -DMatrix::identity(3, 3),
                1e-3,
            )
            .with_parameters(f64::INFINITY, 0.0, 0.5);
            contacts.push(c);
        }
        let problem = SapProblem::new(1e-2, trees, contacts).unwrap();
        let v0 = DVector::zeros(problem.num_velocities());
        let by_islands = SapSolver::new(tight(true)).unwrap().solve(&problem, &v0).unwrap();
        let whole = SapSolver::new(tight(false))
            .unwrap()
            .solve(&problem, &v0)
            .unwrap();
        assert_eq!(by_islands.stats.status, SapStatus::Converged, "{pairs} pairs");
        assert_eq!(
            by_islands.stats.islands as usize, pairs,
            "{pairs} pairs: the pairs joined"
        );
        for (k, g) in by_islands.gamma.iter().enumerate() {
            assert!(g.z > 0.0, "{pairs} pairs: contact {k} pushes");
        }
        assert!((&by_islands.v - &whole.v).amax() <= 1e-9, "{pairs} pairs");
        for (a, b) in by_islands.gamma.iter().zip(&whole.gamma) {
            assert!((a - b).amax() <= 1e-9, "{pairs} pairs");
        }
    }
}

/// An edge naming a tree that does not exist is a typed error naming the edge, not a
/// panic, and leaves no islands behind.
#[test]
fn an_edge_out_of_range_is_a_typed_error() {
    let mut islands = Islands::new();
    islands.connect(3, [(0, 1)]).unwrap();
    assert_eq!(islands.len(), 2);
    let err = islands.connect(3, [(0, 1), (2, 3)]).unwrap_err();
    assert_eq!(
        err,
        wolfe_sap::SapError::IslandEdge {
            edge: 1,
            trees: (2, 3),
            num_trees: 3
        }
    );
    assert!(err.to_string().contains("joins trees 2 and 3"));
    assert!(islands.is_empty());
}
