//! The timed runs: every solver on every problem of a family, the cold passes, and the
//! check that parry sees the same solids as wolfe.

use std::hint::black_box;

use parry3d_f64::query as parry_query;
use wolfe::GjkSolver;
use wolfe_lab::run::{SolverChoice, Task};
use wolfe_lab::timing;

use crate::setup::{Family, Outcome, Row, Set, FAR_AGREEMENT, PARRY, TASKS, WOLFE};

/// Times every solver on every problem of the family, both tasks; rows are appended.
pub(crate) fn run_family(index: usize, family: &Family, repeats: usize, rows: &mut Vec<Row>) {
    let mut solvers: Vec<GjkSolver> = WOLFE
        .iter()
        .map(|s| GjkSolver::new(s.settings()).expect("default settings are valid"))
        .collect();
    let mut times = vec![0u64; repeats];
    for task in TASKS {
        for p in &family.problems {
            let (a, b) = family.set.set.shapes_of(p);
            let (pa, pb) = (&p.pose_a, &p.pose_b);
            let mut outcomes = [None; 4];
            for (solver, outcome) in solvers.iter_mut().zip(&mut outcomes) {
                *outcome = Some(match task {
                    Task::Distance => {
                        let out = solver.distance(a, pa, b, pb, None).expect("valid problem");
                        let ns = timing::median_ns(&mut times, || {
                            solver.distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                        });
                        Outcome {
                            ns,
                            value: out.distance,
                            iterations: Some(out.iterations),
                        }
                    }
                    Task::Penetration => unreachable!("this bench times distance and collision"),
                    Task::Collision => {
                        let out = solver.intersects(a, pa, b, pb, None).expect("valid problem");
                        let ns = timing::median_ns(&mut times, || {
                            solver.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                        });
                        Outcome {
                            ns,
                            value: f64::from(u8::from(out.intersecting)),
                            iterations: Some(out.iterations),
                        }
                    }
                    Task::Growth => unreachable!("TASKS holds distance and collision"),
                });
            }
            if let Some([(qa, sa), (qb, sb)]) = family.set.parry_pair(p) {
                let (qa, qb) = (&qa, &qb);
                outcomes[PARRY] = Some(match task {
                    Task::Distance => {
                        let value = parry_query::distance(qa, sa, qb, sb)
                            .expect("supported pair")
                            .distance;
                        let ns = timing::median_ns(&mut times, || {
                            parry_query::distance(black_box(qa), black_box(sa), black_box(qb), black_box(sb))
                        });
                        Outcome {
                            ns,
                            value,
                            iterations: None,
                        }
                    }
                    Task::Penetration => unreachable!("this bench times distance and collision"),
                    Task::Collision => {
                        let hit = parry_query::intersection_test(qa, sa, qb, sb).expect("supported pair");
                        let ns = timing::median_ns(&mut times, || {
                            parry_query::intersection_test(
                                black_box(qa),
                                black_box(sa),
                                black_box(qb),
                                black_box(sb),
                            )
                        });
                        Outcome {
                            ns,
                            value: f64::from(u8::from(hit.intersecting)),
                            iterations: None,
                        }
                    }
                    Task::Growth => unreachable!("TASKS holds distance and collision"),
                });
            }
            rows.push(Row {
                family: index,
                task,
                id: p.id,
                pair: {
                    let mut pair = [a.kind(), b.kind()];
                    pair.sort_unstable();
                    pair
                },
                reference: p.dist,
                outcomes,
            });
        }
    }
}

/// Cold passes of the wolfe solvers over a family, distance task: `passes` times, each
/// solver in turn times every problem once (no warm-up: the previous query was another
/// problem's). Per solver, the per-problem medians over the passes.
pub(crate) fn cold_passes(family: &Family, passes: usize) -> [Vec<u64>; 3] {
    let mut solvers: Vec<GjkSolver> = WOLFE
        .iter()
        .map(|s| GjkSolver::new(s.settings()).expect("default settings are valid"))
        .collect();
    let n = family.problems.len();
    // times[solver][problem][pass]
    let mut times: [Vec<Vec<u64>>; 3] = std::array::from_fn(|_| vec![vec![0u64; passes]; n]);
    for pass in 0..passes {
        for (solver, per_problem) in solvers.iter_mut().zip(times.iter_mut()) {
            for (p, t) in family.problems.iter().zip(per_problem.iter_mut()) {
                let (a, b) = family.set.set.shapes_of(p);
                let (pa, pb) = (&p.pose_a, &p.pose_b);
                let mut one = [0u64];
                timing::median_ns(&mut one, || {
                    solver.distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
                });
                t[pass] = one[0];
            }
        }
    }
    times.map(|per_problem| {
        per_problem
            .into_iter()
            .map(|mut t| timing::median(&mut t))
            .collect()
    })
}

/// Checks that parry sees the same solids as wolfe: on the far-apart rows (`dist >= 1`
/// m) of a set, the largest `|parry - wolfe|` distance, in metres, and the row count.
/// Panics above [`FAR_AGREEMENT`] (a wrong axis or hull).
pub(crate) fn far_agreement(set: &Set) -> Option<(usize, f64)> {
    let mut solver = GjkSolver::new(SolverChoice::Gjk.settings()).expect("default settings are valid");
    let mut worst = (0, 0.0f64);
    for p in set.set.problems.iter().filter(|p| p.dist >= 1.0) {
        let Some([(qa, sa), (qb, sb)]) = set.parry_pair(p) else {
            continue;
        };
        let (a, b) = set.set.shapes_of(p);
        let ours = solver
            .distance(a, &p.pose_a, b, &p.pose_b, None)
            .expect("valid problem")
            .distance;
        let theirs = parry_query::distance(&qa, sa, &qb, sb)
            .expect("supported pair")
            .distance;
        let diff = (ours - theirs).abs();
        assert!(
            diff <= FAR_AGREEMENT,
            "{} problem {}: wolfe {ours} vs parry {theirs} m: the two libraries do not see the same shapes",
            set.name,
            p.id
        );
        worst = (worst.0 + 1, worst.1.max(diff));
    }
    (worst.0 > 0).then_some(worst)
}
