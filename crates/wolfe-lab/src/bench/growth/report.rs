//! What the bench writes and checks: `growth.csv`, Fig. 4's chart, the failed checks and
//! the summary's section.

use std::fmt::Write as _;
use std::path::Path;

use wolfe::{GrowthStatus, Shape};

use super::design::{Row, Sizes, Start, Support, AGREEMENT, CASES, SEED, VERTEX_COUNTS, VERTICES_CASE};
use super::shapes::vertex_count;
use crate::bench::{median, write_csv, BenchError};
use crate::plot::{RangeChart, RangeSeries};

/// `|x - y| / |y|`.
fn relative(x: f64, y: f64) -> f64 {
    (x - y).abs() / y.abs()
}

/// Whether `x` and `y` agree within [`AGREEMENT`] relative (never for a NaN).
fn agree(x: f64, y: f64) -> bool {
    relative(x, y) <= AGREEMENT
}

/// Every check that failed, as lines for the summary.
pub(super) fn failures(rows: &[Row]) -> Vec<String> {
    let mut out = Vec::new();
    for r in rows {
        if r.status != GrowthStatus::Converged {
            out.push(format!(
                "{} problem {} ({}, {}): status {:?}",
                r.case,
                r.id,
                r.start.name(),
                r.support.name(),
                r.status
            ));
        }
        if let Some(reference) = r.reference {
            // NaN (no bracket) fails too.
            if !agree(r.alpha, reference) {
                out.push(format!(
                    "{} problem {} ({}): alpha {} but the bisection reference gives {}",
                    r.case,
                    r.id,
                    r.start.name(),
                    r.alpha,
                    reference
                ));
            }
        }
    }
    // Pairs of rows that answer the same problem: cold and warm, hill and brute.
    for pair in rows.windows(2) {
        let (x, y) = (&pair[0], &pair[1]);
        if x.case == y.case && x.id == y.id && x.vertices == y.vertices && !agree(y.alpha, x.alpha) {
            out.push(format!(
                "{} problem {}: alpha {} ({}, {}) but {} ({}, {})",
                x.case,
                x.id,
                x.alpha,
                x.start.name(),
                x.support.name(),
                y.alpha,
                y.start.name(),
                y.support.name()
            ));
        }
    }
    out
}

/// Writes `growth.csv`.
pub(super) fn write_rows(path: &Path, rows: &[Row]) -> Result<(), BenchError> {
    let header = "case,id,start,support,vertices,alpha,reference,iterations,status,ns";
    write_csv(path, header, rows, |w, r| {
        writeln!(
            w,
            "{},{},{},{},{},{},{},{},{:?},{}",
            r.case,
            r.id,
            r.start.name(),
            r.support.name(),
            r.vertices,
            r.alpha,
            r.reference.map(|x| x.to_string()).unwrap_or_default(),
            r.iterations,
            r.status,
            r.ns
        )
    })
}

/// The nearest-rank `q`-quantile of `values` (0 for none).
pub fn percentile(mut values: Vec<f64>, q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let rank = (q * values.len() as f64).ceil() as usize;
    values[rank.clamp(1, values.len()) - 1]
}

/// Fig. 4: median solve time (µs) with the min-max range per vertex count and support.
pub(super) fn vertices_chart(rows: &[Row]) -> RangeChart {
    let series = [Support::HillClimbing, Support::BruteForce]
        .into_iter()
        .map(|support| RangeSeries {
            name: match support {
                Support::HillClimbing => "hill-climbing support".into(),
                Support::BruteForce => "brute-force support".into(),
            },
            points: VERTEX_COUNTS
                .iter()
                .enumerate()
                .filter_map(|(k, &n)| {
                    let us: Vec<f64> = rows
                        .iter()
                        .filter(|r| r.case == VERTICES_CASE && r.support == support && r.vertices == n)
                        .map(|r| r.ns as f64 * 1e-3)
                        .collect();
                    if us.is_empty() {
                        return None;
                    }
                    let (lo, hi) = us
                        .iter()
                        .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
                    Some((k as f64, median(us), lo, hi))
                })
                .collect(),
        })
        .collect();
    RangeChart {
        title: "Growth distance vs polytope vertices (Fig. 4): median, min-max".into(),
        x_label: "vertices per polytope (log scale)".into(),
        y_label: "solve time (µs, log scale)".into(),
        x_ticks: VERTEX_COUNTS.iter().map(|n| n.to_string()).collect(),
        series,
    }
}

/// The Markdown section: Table III and Fig. 4's numbers, the checks.
pub(super) fn summary(rows: &[Row], sizes: &Sizes, pools: &[Vec<Shape>], failures: &[String]) -> String {
    let mut s = String::new();
    let ycb_vertices: Vec<usize> = pools[2].iter().map(vertex_count).collect();
    let _ = writeln!(
        s,
        "## Growth distance (growth paper, Table III and Fig. 4)\n\n{} problems per case \
         (random pairs from pools of {} curved primitives, {} YCB hulls of {}-{} vertices, \
         {} random hulls of 32-2048 points; random poses; seed {SEED}); each solve's time \
         is the median of {} repeats, the percentiles are over the problems. Warm: solved \
         first at poses moved by 1% of the shapes' size. Plot: `growth-vertices.png`.\n",
        sizes.problems,
        sizes.pool,
        pools[2].len(),
        ycb_vertices.iter().min().unwrap_or(&0),
        ycb_vertices.iter().max().unwrap_or(&0),
        sizes.hulls,
        sizes.repeats
    );
    let _ = writeln!(
        s,
        "**Table III**: solve times (median, 99.99th percentile) in µs\n"
    );
    let _ = writeln!(
        s,
        "| case | cold (median, p99.99) | warm (median, p99.99) | mean iterations cold / warm | optimal | max rel. error vs reference |"
    );
    let _ = writeln!(s, "|---|---|---|---|---|---|");
    for case in CASES {
        let of = |start: Start| rows.iter().filter(move |r| r.case == case && r.start == start);
        let times = |start: Start| {
            let us: Vec<f64> = of(start).map(|r| r.ns as f64 * 1e-3).collect();
            format!("({:.2}, {:.2})", median(us.clone()), percentile(us, 0.9999))
        };
        let iters = |start: Start| {
            let it: Vec<f64> = of(start).map(|r| f64::from(r.iterations)).collect();
            it.iter().sum::<f64>() / it.len().max(1) as f64
        };
        let all: Vec<&Row> = rows.iter().filter(|r| r.case == case).collect();
        let optimal = all.iter().filter(|r| r.status == GrowthStatus::Converged).count();
        let checked: Vec<f64> = all
            .iter()
            .filter_map(|r| r.reference.map(|x| relative(r.alpha, x)))
            .collect();
        let error = checked.iter().fold(0.0f64, |m, &e| {
            if m.is_nan() || e.is_nan() {
                f64::NAN
            } else {
                m.max(e)
            }
        });
        let _ = writeln!(
            s,
            "| {case} | {} | {} | {:.2} / {:.2} | {optimal}/{} | {error:.1e} ({} checked) |",
            times(Start::Cold),
            times(Start::Warm),
            iters(Start::Cold),
            iters(Start::Warm),
            all.len(),
            checked.len() / 2
        );
    }
    let _ = writeln!(
        s,
        "\nThe paper (C++, Intel Core i7-10870H laptop): curved primitives cold (1.86, 4.60), warm (2.01, \
         4.52); meshes cold (1.33, 4.70), warm (0.69, 3.57). Reference: bisection on the \
         sign of GJK distances between the shapes scaled about their centres.\n"
    );
    let _ = writeln!(
        s,
        "**Fig. 4**: cold solve time in µs against vertices per polytope, {} pairs of hulls \
         of random points on an ellipsoid of aspect 10 per count: median (min-max)\n",
        sizes.pairs
    );
    let _ = writeln!(s, "| vertices | hill-climbing | brute force | mean iterations |");
    let _ = writeln!(s, "|---|---|---|---|");
    for n in VERTEX_COUNTS {
        let cell = |support: Support| {
            let us: Vec<f64> = rows
                .iter()
                .filter(|r| r.case == VERTICES_CASE && r.support == support && r.vertices == n)
                .map(|r| r.ns as f64 * 1e-3)
                .collect();
            let (lo, hi) = us
                .iter()
                .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            format!("{:.2} ({lo:.2}-{hi:.2})", median(us))
        };
        let it: Vec<f64> = rows
            .iter()
            .filter(|r| r.case == VERTICES_CASE && r.vertices == n && r.support == Support::HillClimbing)
            .map(|r| f64::from(r.iterations))
            .collect();
        let _ = writeln!(
            s,
            "| {n} | {} | {} | {:.2} |",
            cell(Support::HillClimbing),
            cell(Support::BruteForce),
            it.iter().sum::<f64>() / it.len().max(1) as f64
        );
    }
    let _ = writeln!(s);
    if failures.is_empty() {
        let _ = writeln!(
            s,
            "Checks passed: every solve optimal, warm = cold and hill-climbing = brute force \
             within {AGREEMENT:e} relative, and the reference within {AGREEMENT:e}.\n"
        );
    } else {
        let _ = writeln!(s, "**FAILED checks ({}):**\n", failures.len());
        for f in failures.iter().take(20) {
            let _ = writeln!(s, "- {f}");
        }
        let _ = writeln!(s);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_is_the_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(v.clone(), 0.5), 50.0);
        assert_eq!(percentile(v.clone(), 0.9999), 100.0);
        assert_eq!(percentile(v, 0.0), 1.0);
        assert_eq!(percentile(Vec::new(), 0.5), 0.0);
    }

    #[test]
    fn failures_flag_statuses_references_and_disagreeing_pairs() {
        let row = |start, alpha, reference, status| Row {
            case: "ellipsoids",
            id: 0,
            start,
            support: Support::HillClimbing,
            vertices: 0,
            alpha,
            reference,
            iterations: 5,
            status,
            ns: 1,
        };
        let good = [
            row(Start::Cold, 2.0, Some(2.0 + 1e-9), GrowthStatus::Converged),
            row(Start::Warm, 2.0 + 1e-9, Some(2.0 + 1e-9), GrowthStatus::Converged),
        ];
        assert!(failures(&good).is_empty());
        let bad = [
            row(Start::Cold, 2.0, Some(f64::NAN), GrowthStatus::IterationLimit),
            row(Start::Warm, 2.1, None, GrowthStatus::Converged),
        ];
        // The status, the missing reference bracket, and warm against cold.
        assert_eq!(failures(&bad).len(), 3, "{:?}", failures(&bad));
    }
}
