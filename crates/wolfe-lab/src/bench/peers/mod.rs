//! `wolfe bench peers`: wolfe against parry (parry3d-f64) on the same problems, for
//! distance, boolean collision and contact, split into distant / close / overlapping
//! pairs as the GJK++ paper's Fig. 12 (Sec. IV-C) splits its comparison of libraries.
//!
//! Problems: ellipsoid pairs and YCB hull pairs generated as in [`crate::bench::ellipsoids`] and
//! [`crate::bench::meshes`] ([`crate::generate`], own seeds), every target distance of
//! [`crate::generate::TARGETS`], grouped into the three [`Band`]s. parry has no ellipsoid: there it is a
//! support map of its own ([`crate::bench::parry::ParryEllipsoid`]) under parry's GJK and EPA,
//! the functions parry's dispatcher calls for any pair of support-map shapes; hulls are
//! parry `ConvexPolyhedron`s of wolfe's hulls, under parry's public queries.
//!
//! Per problem, interleaved (all solvers see the same machine state), each query once
//! untimed (the answer) and then the median of `repeats` timed calls, single thread:
//!
//! - distance: wolfe vanilla and Nesterov GJK ([`wolfe::GjkSolver::distance`]) against
//!   `parry::query::distance`;
//! - collision: wolfe [`wolfe::GjkSolver::intersects`] (vanilla and Nesterov) against
//!   `parry::query::intersection_test`;
//! - contact: wolfe [`wolfe::ContactSolver::contact`] (GJK, then EPA when the shapes overlap)
//!   against `parry::query::contact`, both with the margin [`CONTACT_MARGIN`].
//!
//! The time ratio wolfe / parry is taken per problem (< 1: wolfe faster). Checks, each
//! disagreement a failure: wolfe's answers against the generated reference (as in every
//! benchmark: distance within [`super::ANSWER_TOLERANCE`], the boolean `dist < 0`, the contact's
//! signed distance within the tolerance when apart and its depth at most the overlap
//! row's upper bound `-dist`), and parry's against wolfe's: distances within
//! [`DISTANCE_AGREEMENT`], the same boolean, a contact on the same problems with signed
//! distances within [`DEPTH_AGREEMENT`].
//!
//! Writes `peers.csv` (every measurement, with its ratio), per query and family
//! `peers-QUERY-FAMILY.{png,svg}` (the ratio's median and 10-90% range per band) and
//! `peers-time-QUERY-FAMILY.{png,svg}` (the times of every solver per band, as Fig. 12),
//! and a section of `summary.md`.
//!
//! Sizes: `--quick` 5 ellipsoid pairs and 10 YCB pairs x 2 poses (about 300 problems),
//! 5 repeats; full 200 pairs x 10 poses each (about 40,000 problems), 30 repeats.
//!
//! One module per stage: `design` (sizes, bands, rows), `measure` (the timed answers),
//! `check` (the agreement checks), `report` (CSV, plots, summary).

mod check;
mod design;
mod measure;
mod report;

pub use design::{
    Band, PeerQuery, PeerRow, CONTACT_MARGIN, DEPTH_AGREEMENT, DISTANCE_AGREEMENT, EPA, GJK_SOLVERS, PARRY,
    SEEDS, SIZES,
};

use super::{BenchError, BenchOptions, BenchReport};
use crate::generate::{generate, Dataset, GenerateOptions};
use crate::problem_set::ProblemSet;
use crate::progress::progress_bar;
use design::Family;

/// Generates, solves, checks, plots and summarizes the benchmark.
pub fn run(options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let (ellipsoid_pairs, ycb_pairs, poses, repeats) = SIZES[usize::from(!options.quick)];
    let families = [
        Family {
            name: "ellipsoids",
            title: "Ellipsoids",
            dataset: Dataset::Ellipsoids,
            pairs: ellipsoid_pairs,
            seed: SEEDS[0],
        },
        Family {
            name: "ycb",
            title: "YCB hulls",
            dataset: Dataset::Ycb,
            pairs: ycb_pairs,
            seed: SEEDS[1],
        },
    ];
    let mut rows = Vec::new();
    let mut counts = Vec::new();
    for family in &families {
        let dir = options.out.join("sets").join(format!("peers-{}", family.name));
        let bar = progress_bar(
            family.pairs * poses,
            &format!("peers: generating {}", family.name),
        );
        generate(
            &GenerateOptions {
                dataset: family.dataset,
                out: dir.clone(),
                pairs: family.pairs,
                poses,
                seed: family.seed,
                ycb_dir: options.ycb_dir.clone(),
            },
            || bar.inc(1),
        )?;
        bar.finish_and_clear();
        let set = ProblemSet::load(&dir)?;
        let bar = progress_bar(set.problems.len(), &format!("peers: solving {}", family.name));
        rows.extend(measure::measure(family.name, &set, repeats, || bar.inc(1))?);
        bar.finish_and_clear();
        counts.push(set.problems.len());
    }
    measure::set_ratios(&mut rows);

    let mut out = BenchReport::default();
    let csv = options.out.join("peers.csv");
    report::write_rows(&csv, &rows)?;
    out.files.push(csv);
    out.files.extend(report::charts(&options.out, &rows, &families)?);
    out.failures = check::check(&rows);
    out.summary = report::summary(&rows, &families, &counts, poses, repeats);
    Ok(out)
}
