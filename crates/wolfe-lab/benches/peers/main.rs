//! Head-to-head benchmark: wolfe's GJK family against parry, on the same problems, in
//! one run.
//!
//! ```text
//! cargo bench -p wolfe-lab --bench peers -- [--quick] [--out DIR] [--family NAME]
//! ```
//!
//! `--family NAME` times only the families whose name contains `NAME` (for example
//! `"ycb>1000v close"`), for quick A/B runs of one target.
//!
//! The issue asks that wolfe's vanilla GJK be at least as fast per problem as the fastest
//! peer and more exact, and that the accelerated variants pay off where the GJK++ paper
//! says they do. This bench measures all of it in one process, so that the libraries see
//! the same machine state:
//!
//! - **Problems**: the shipped sets `primitives`, `meshes_random` and `ellipsoids`
//!   (`data/problem-sets`), and YCB hull pairs generated here with
//!   [`wolfe_lab::generate`] (fixed seed): one set over all hulls of `data/ycb`, one over
//!   the hulls with more than [`LARGE_MESH_VERTICES`] vertices (both hulls of every
//!   pair). Rows are kept by [`Band`]: close proximity (`0 < dist <= 0.1` m) everywhere,
//!   and shallow overlap (`-0.01 <= dist < 0`) for YCB.
//! - **Solvers**: wolfe vanilla, Polyak and Nesterov GJK at their default settings, one
//!   reused [`GjkSolver`] each (cold start from the bounding boxes, so no state carries
//!   from one problem to the next), and parry's `distance` / `intersection_test` at its
//!   defaults. parry has no ellipsoid: that family is wolfe only.
//! - **Timing** ([`wolfe_lab::timing`], the issue's method): per problem, solver and task,
//!   one untimed warm-up call (which also gives the value), then `N` repeats each timed
//!   alone, and their median. The solvers run interleaved, problem by problem.
//! - **Cold passes** (wolfe only, distance, mesh families): each solver in turn times every
//!   problem of the family once per pass, with no warm-up, so that a query finds the
//!   caches and branch predictors trained by the previous problems (often the same hull
//!   pair at another distance), not by repeats of itself, as a simulation meets each pair
//!   once per step; the per-problem median over the passes, then the median and mean over
//!   problems. Not the issue's method, which repeats each problem: it shows what the
//!   support calls cost when a query's climb path is not already in cache.
//! - **Accuracy**: against the set's reference `dist` (coal at 1e-12 for the shipped
//!   sets; wolfe's own vanilla GJK at 1e-12 for the generated YCB sets, so there the
//!   check is weaker for wolfe than for parry).
//!
//! Writes `DIR/peers.md` (the tables also printed to stdout) and `DIR/peers.csv` (one
//! row per problem, solver and task). `DIR` defaults to `target/peers`; a relative `DIR`
//! is taken from the workspace root.

mod measure;
mod report;
mod setup;

use std::fmt::Write as _;
use std::path::Path;

use measure::{cold_passes, far_agreement, run_family};
use report::{by_pair, cold_table, header, tables, write_csv};
use setup::{
    generate_ycb, large_ycb_hulls, options, Band, Family, Set, COLD_PASSES, QUICK_PROBLEMS, QUICK_REPEATS,
    REPEATS, YCB_LARGE_SIZE, YCB_SIZE,
};
use wolfe_lab::problem_set::ProblemSet;
use wolfe_testkit::machine::load_average;

/// The median time of an empty call timed as the queries are (two clock reads): the
/// part of every row's time that is the method's, not the query's.
fn timer_floor(repeats: usize) -> u64 {
    let mut times = vec![0u64; repeats];
    wolfe_lab::timing::median_ns(&mut times, || ())
}

fn main() {
    let options = options();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = root.join("data");
    let size = usize::from(options.quick);
    let repeats = if options.quick { QUICK_REPEATS } else { REPEATS };
    std::fs::create_dir_all(&options.out).expect("create the output directory");
    let load_before = load_average();

    let shipped = |name: &'static str| {
        let set = ProblemSet::load(&data.join("problem-sets").join(name)).expect("shipped set loads");
        Set::new(name, set)
    };
    let large_dir = options.out.join("sets/ycb-large-hulls");
    let large_hulls = large_ycb_hulls(&data.join("ycb"), &large_dir);
    let sets = [
        shipped("primitives"),
        shipped("meshes_random"),
        shipped("ellipsoids"),
        Set::new(
            "ycb",
            generate_ycb(&data.join("ycb"), &options.out.join("sets/ycb"), YCB_SIZE[size]),
        ),
        Set::new(
            "ycb>1000v",
            generate_ycb(
                &large_dir,
                &options.out.join("sets/ycb-large"),
                YCB_LARGE_SIZE[size],
            ),
        ),
    ];
    let bands = [
        (0, Band::Close),
        (1, Band::Close),
        (2, Band::Close),
        (3, Band::Close),
        (3, Band::ShallowOverlap),
        (4, Band::Close),
        (4, Band::ShallowOverlap),
    ];
    let families: Vec<Family> = bands
        .iter()
        .map(|&(s, band)| {
            let set = &sets[s];
            let at_most = options.quick.then_some(QUICK_PROBLEMS);
            let problems = set.set.problems_where(|d| band.contains(d), at_most);
            Family {
                name: format!("{} {}", set.name, band.name()),
                set,
                problems,
            }
        })
        .filter(|f: &Family| {
            options
                .family
                .as_ref()
                .is_none_or(|n| f.name.contains(n.as_str()))
        })
        .collect();

    let mut md = String::new();
    header(&mut md, &options, repeats, large_hulls);
    let _ = writeln!(
        md,
        "\nFar-apart rows (dist >= 1 m), max |wolfe gjk - parry| distance:"
    );
    for set in &sets {
        if let Some((n, worst)) = far_agreement(set) {
            let _ = writeln!(md, "- {}: {worst:.1e} m over {n} rows", set.name);
        }
    }

    let mut rows = Vec::new();
    let mut cold = Vec::new();
    for (i, family) in families.iter().enumerate() {
        eprintln!("timing {} ({} problems)", family.name, family.problems.len());
        run_family(i, family, repeats, &mut rows);
        if family.set.name != "primitives" && family.set.name != "ellipsoids" {
            cold.push((i, cold_passes(family, COLD_PASSES[size])));
        }
    }
    tables(&mut md, &families, &rows);
    cold_table(&mut md, &families, &cold);
    by_pair(&mut md, "primitives close", &families, &rows);
    let _ = writeln!(
        md,
        "\nTimer floor (every time above includes it): an empty call timed the same way, median of {} repeats: {} ns.",
        repeats.max(1000),
        timer_floor(repeats.max(1000))
    );
    let _ = writeln!(
        md,
        "\nLoad average (1, 5, 15 min): {load_before} before, {} after.",
        load_average()
    );

    print!("{md}");
    std::fs::write(options.out.join("peers.md"), &md).expect("write peers.md");
    write_csv(&options.out.join("peers.csv"), &families, &rows);
    eprintln!("wrote {}", options.out.join("peers.{md,csv}").display());
}
