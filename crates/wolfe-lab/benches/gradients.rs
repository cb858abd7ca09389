//! The cost of the pose gradients (`wolfe::gradient`): each query alone against the
//! query followed by its `pose_gradient`, on the shipped problem sets.
//!
//! ```text
//! cargo bench -p wolfe-lab --bench gradients -- [--quick]
//! ```
//!
//! - **Problems**: every row of `data/problem-sets/{primitives,ellipsoids,meshes_random}`
//!   (evenly spread `--quick`: 60 a set); distance and growth distance on every row
//!   (distance is 0 on the overlapping ones), signed distance on every row.
//! - **Solvers**: one reused `GjkSolver`, `ContactSolver` and `GrowthSolver` at default
//!   settings, cold (no pair cache).
//! - **Timing** ([`wolfe_lab::timing`]): per problem, an untimed warm-up, then `N`
//!   repeats of the query alone and `N` of the query with its gradient, interleaved in
//!   rounds, each timed alone; the per-problem ratio is the ratio of the two medians.
//!   Printed: the median over the problems of that ratio, and of the absolute times.
//! - **Step derivative** (`wolfe_sap::StepDerivative`): on the 40-body problems of
//!   `wolfe bench sap` (both patterns, both regimes), the median time of one cold SAP
//!   solve against the derivative at its solution: the factorization of H with one
//!   reverse-mode gradient (`vjp`: a loss's gradient with respect to v*, the forces and
//!   every contact's four parameters), and the full Jacobian dv/dv* (240 solves).

use std::hint::black_box;
use std::path::Path;

use nalgebra::DVector;
use wolfe::{ContactSolver, GjkSettings, GjkSolver, GrowthSettings, GrowthSolver, SignedDistanceSettings};
use wolfe_lab::bench::sap::{problem as sap_problem, Pattern, Regime};
use wolfe_lab::problem_set::{Problem, ProblemSet};
use wolfe_lab::timing::{median, median_ns};
use wolfe_sap::{SapSettings, SapSolver, StepDerivative};
use wolfe_testkit::machine::{cpu_name, load_average};

/// Timed repeats per problem and variant.
const REPEATS: usize = 31;
/// Problems per set with `--quick`.
const QUICK_PROBLEMS: usize = 60;

/// One query family's per-problem medians (ns): alone, with the gradient.
#[derive(Default)]
struct Times {
    alone: Vec<u64>,
    with_gradient: Vec<u64>,
}

impl Times {
    /// Times `alone` and `with` (each a full query) `REPEATS` times each.
    fn push<A, B>(&mut self, buf: &mut [u64], mut alone: impl FnMut() -> A, mut with: impl FnMut() -> B) {
        black_box(alone());
        black_box(with());
        self.alone.push(median_ns(buf, &mut alone));
        self.with_gradient.push(median_ns(buf, &mut with));
    }

    /// `(median alone, median with, median of the per-problem ratio)`.
    fn summary(&self) -> (u64, u64, f64) {
        let mut ratios: Vec<f64> = self
            .alone
            .iter()
            .zip(&self.with_gradient)
            .map(|(a, w)| *w as f64 / (*a).max(1) as f64)
            .collect();
        ratios.sort_by(f64::total_cmp);
        let ratio = ratios.get(ratios.len() / 2).copied().unwrap_or(f64::NAN);
        let (mut a, mut w) = (self.alone.clone(), self.with_gradient.clone());
        (median(&mut a), median(&mut w), ratio)
    }
}

fn run_set(set: &ProblemSet, problems: &[&Problem]) -> [Times; 3] {
    // Two solvers of each kind, one a variant (they hold no state between queries).
    let gjk = || GjkSolver::new(GjkSettings::default()).expect("default settings");
    let contact = || ContactSolver::new(SignedDistanceSettings::default()).expect("default settings");
    let growth = || GrowthSolver::new(GrowthSettings::default()).expect("default settings");
    let (mut gjk, mut gjk2) = (gjk(), gjk());
    let (mut contact, mut contact2) = (contact(), contact());
    let (mut growth, mut growth2) = (growth(), growth());
    let mut times: [Times; 3] = Default::default();
    let mut buf = vec![0u64; REPEATS];
    for p in problems {
        let (a, b) = (&set.shapes[p.shape_a].shape, &set.shapes[p.shape_b].shape);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        times[0].push(
            &mut buf,
            || gjk.distance(a, pa, b, pb, None).map(|o| o.distance),
            || {
                let o = gjk2.distance(a, pa, b, pb, None).expect("valid problem");
                o.pose_gradient(a, pa, b, pb)
            },
        );
        times[1].push(
            &mut buf,
            || {
                contact
                    .signed_distance(a, pa, b, pb, None)
                    .map(|o| o.signed_distance)
            },
            || {
                let o = contact2
                    .signed_distance(a, pa, b, pb, None)
                    .expect("valid problem");
                o.pose_gradient(a, pa, b, pb)
            },
        );
        times[2].push(
            &mut buf,
            || growth.growth_distance(a, pa, b, pb, None, None).map(|o| o.alpha),
            || {
                let o = growth2
                    .growth_distance(a, pa, b, pb, None, None)
                    .expect("valid problem");
                o.pose_gradient(a, pa, b, pb, None)
            },
        );
    }
    times
}

/// The step derivative's cost against one solve on the 40-body problems.
fn step_derivative(repeats: usize) {
    println!("\n| 40-body problem | solve (us) | H factor + vjp (us) | ratio | dv/dv* full (us) | ratio |");
    println!("|---|---|---|---|---|---|");
    let settings = SapSettings::default();
    let mut buf = vec![0u64; repeats];
    for pattern in [Pattern::Island, Pattern::Pile] {
        for regime in [Regime::Transient, Regime::Resting] {
            let problem = sap_problem(pattern, regime, 40, 0).expect("a valid problem");
            let mut solver = SapSolver::new(settings).expect("default settings");
            let solution = solver.solve_cold(&problem).expect("a solve");
            let solve = median_ns(&mut buf, || {
                solver.solve_cold(&problem).map(|s| s.stats.iterations)
            });
            let w = DVector::from_fn(problem.num_velocities(), |i, _| (i % 3) as f64 - 1.0);
            let reg = &settings.regularization;
            let vjp = median_ns(&mut buf, || {
                let mut d = StepDerivative::new(&problem, &solution, reg).expect("H factorizes");
                d.vjp(&w).expect("a valid loss gradient")
            });
            let full = median_ns(&mut buf, || {
                let mut d = StepDerivative::new(&problem, &solution, reg).expect("H factorizes");
                d.wrt_free_velocities().expect("solves")
            });
            let us = |ns: u64| ns as f64 / 1e3;
            println!(
                "| {} {} | {:.0} | {:.0} | {:.2} | {:.0} | {:.2} |",
                pattern.name(),
                regime.name(),
                us(solve),
                us(vjp),
                vjp as f64 / solve as f64,
                us(full),
                full as f64 / solve as f64
            );
        }
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/problem-sets");
    println!("cpu: {}; load average: {}", cpu_name(), load_average());
    println!("| set | query | problems | alone (ns, median) | with gradient (ns, median) | ratio (median per problem) |");
    println!("|---|---|---|---|---|---|");
    let mut all: [Vec<f64>; 3] = Default::default();
    for name in ["primitives", "ellipsoids", "meshes_random"] {
        let set = ProblemSet::load(&root.join(name)).expect("the shipped set loads");
        let problems = set.problems_where(|_| true, quick.then_some(QUICK_PROBLEMS));
        let times = run_set(&set, &problems);
        for (k, (t, query)) in times
            .iter()
            .zip(["distance", "signed distance", "growth distance"])
            .enumerate()
        {
            let (alone, with, ratio) = t.summary();
            all[k].extend(
                t.alone
                    .iter()
                    .zip(&t.with_gradient)
                    .map(|(a, w)| *w as f64 / (*a).max(1) as f64),
            );
            println!(
                "| {name} | {query} | {} | {alone} | {with} | {ratio:.3} |",
                problems.len()
            );
        }
    }
    for (ratios, query) in all
        .iter_mut()
        .zip(["distance", "signed distance", "growth distance"])
    {
        ratios.sort_by(f64::total_cmp);
        let ratio = ratios.get(ratios.len() / 2).copied().unwrap_or(f64::NAN);
        println!(
            "all sets, {query}: median ratio {ratio:.3} over {} problems",
            ratios.len()
        );
    }
    step_derivative(if quick { 5 } else { 21 });
}
