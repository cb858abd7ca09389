//! What the bench writes: `peers.csv`, the plots and the summary's section.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::design::{
    Band, Family, PeerQuery, PeerRow, CONTACT_MARGIN, DEPTH_AGREEMENT, DISTANCE_AGREEMENT, EPA, PARRY,
};
use super::measure::{parry_rows, Key};
use crate::bench::{write_csv, BenchError};
use crate::generate::TARGETS;
use crate::plot::Chart;
use crate::plot::{PlotError, RangeChart, RangeSeries};

/// The x tick of a band, with its distance range.
pub(super) fn band_label(band: Band) -> String {
    match band {
        Band::Distant => "distant (d > 0.1 m)".into(),
        Band::Close => "close (0 < d <= 0.1 m)".into(),
        Band::Overlapping => "overlapping (d < 0)".into(),
    }
}

/// Writes `path`: `family,id,band,dist,query,solver,value,iterations,ns,ratio`, one row
/// per problem, query and solver (`value` empty for no contact, `iterations` for parry).
pub(super) fn write_rows(path: &Path, rows: &[PeerRow]) -> Result<(), BenchError> {
    let header = "family,id,band,dist,query,solver,value,iterations,ns,ratio";
    write_csv(path, header, rows, |w, r| {
        writeln!(
            w,
            "{},{},{},{},{},{},{},{},{},{}",
            r.family,
            r.id,
            r.band.name(),
            r.dist,
            r.query.name(),
            r.solver,
            r.value.map_or(String::new(), |v| v.to_string()),
            r.iterations.map_or(String::new(), |i| i.to_string()),
            r.ns,
            r.ratio
        )
    })
}

/// The `q`-quantile (0 to 1) of sorted values, by linear interpolation (0 for none).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n => {
            let x = q.clamp(0.0, 1.0) * (n - 1) as f64;
            let (i, f) = (x.floor() as usize, x.fract());
            let j = (i + 1).min(n - 1);
            sorted[i] + f * (sorted[j] - sorted[i])
        }
    }
}

/// The rows of a family, query, solver and band.
fn select<'r>(
    rows: &'r [PeerRow], family: &'r str, query: PeerQuery, solver: &'r str, band: Band,
) -> impl Iterator<Item = &'r PeerRow> + 'r {
    rows.iter()
        .filter(move |r| r.family == family && r.query == query && r.solver == solver && r.band == band)
}

/// Sorted values of `f` over the selected rows.
fn sorted(rows: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut v: Vec<f64> = rows.collect();
    v.sort_by(f64::total_cmp);
    v
}

/// Median and 10-90% range of a solver's per-problem ratios, per band.
pub(super) fn ratio_series(rows: &[PeerRow], family: &str, query: PeerQuery, solver: &str) -> RangeSeries {
    band_series(rows, family, query, solver, |r| r.ratio)
}

/// Median and 10-90% range of `value` over a solver's rows, per band.
pub(super) fn band_series(
    rows: &[PeerRow], family: &str, query: PeerQuery, solver: &str, value: impl Fn(&PeerRow) -> f64,
) -> RangeSeries {
    let points = Band::ALL
        .iter()
        .enumerate()
        .filter_map(|(i, &band)| {
            let v = sorted(select(rows, family, query, solver, band).map(&value));
            (!v.is_empty()).then(|| (i as f64, quantile(&v, 0.5), quantile(&v, 0.1), quantile(&v, 0.9)))
        })
        .collect();
    RangeSeries {
        name: solver.to_string(),
        points,
    }
}

/// Largest `|parry - wolfe|` (vanilla GJK / EPA) over the rows of a family, query and
/// band where both answered with a number.
fn max_difference(
    rows: &[PeerRow], parry: &HashMap<Key, &PeerRow>, family: &str, query: PeerQuery, band: Band,
) -> f64 {
    let ours = if query == PeerQuery::Contact { EPA } else { "gjk" };
    select(rows, family, query, ours, band)
        .filter_map(|r| {
            let t = parry.get(&(r.family, r.id, r.query))?.value?;
            Some((r.value? - t).abs())
        })
        .fold(0.0, f64::max)
}

/// The Markdown section: per family, query, wolfe solver and band, the median ns of
/// wolfe and parry and the median of the per-problem ratios; then the agreement.
pub(super) fn summary(
    rows: &[PeerRow], families: &[Family], counts: &[usize], poses: usize, repeats: usize,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "## wolfe vs parry (GJK++ Fig. 12 bands)\n\nThe same generated problems through wolfe \
         and parry3d-f64 0.31 (defaults); distant d > 0.1 m, close 0 < d <= 0.1 m, \
         overlapping d < 0. Per problem the median of {repeats} calls, single thread; a \
         cell is `wolfe ns / parry ns (median per-problem ratio wolfe/parry)`, medians \
         over the band's problems (< 1: wolfe faster). Contact: margin {CONTACT_MARGIN} m \
         on both sides. Plots: `peers-QUERY-FAMILY.png` (ratios), \
         `peers-time-QUERY-FAMILY.png` (times, as Fig. 12); every measurement in `peers.csv`.\n"
    );
    let parry = parry_rows(rows);
    for (family, &n) in families.iter().zip(counts) {
        let per_band: Vec<usize> = Band::ALL
            .iter()
            .map(|&b| select(rows, family.name, PeerQuery::Distance, PARRY, b).count())
            .collect();
        let _ = writeln!(
            s,
            "**{}** ({n} problems: {} pairs x {poses} poses x {} distances, seed {}; \
             {} distant, {} close, {} overlapping)\n",
            family.title,
            family.pairs,
            TARGETS.len(),
            family.seed,
            per_band[0],
            per_band[1],
            per_band[2]
        );
        let _ = writeln!(s, "| query | wolfe | distant | close | overlapping |");
        let _ = writeln!(s, "|---|---|---|---|---|");
        for query in PeerQuery::ALL {
            for &solver in query.wolfe_solvers() {
                let cells: Vec<String> = Band::ALL
                    .iter()
                    .map(|&band| {
                        let ours =
                            sorted(select(rows, family.name, query, solver, band).map(|r| r.ns as f64));
                        let theirs =
                            sorted(select(rows, family.name, query, PARRY, band).map(|r| r.ns as f64));
                        let ratio = sorted(select(rows, family.name, query, solver, band).map(|r| r.ratio));
                        if ours.is_empty() {
                            "-".into()
                        } else {
                            format!(
                                "{:.0} / {:.0} ({:.2})",
                                quantile(&ours, 0.5),
                                quantile(&theirs, 0.5),
                                quantile(&ratio, 0.5)
                            )
                        }
                    })
                    .collect();
                let _ = writeln!(s, "| {} | {solver} | {} |", query.name(), cells.join(" | "));
            }
        }
        let _ = writeln!(
            s,
            "\nAgreement, largest |parry - wolfe| (m; distance against vanilla GJK, contact \
             signed distance against EPA; bars {DISTANCE_AGREEMENT:.0e} and \
             {DEPTH_AGREEMENT:.0e} m; collision answers must be equal):\n"
        );
        let _ = writeln!(s, "| query | distant | close | overlapping |");
        let _ = writeln!(s, "|---|---|---|---|");
        for query in [PeerQuery::Distance, PeerQuery::Contact] {
            let cells: Vec<String> = Band::ALL
                .iter()
                .map(|&band| format!("{:.1e}", max_difference(rows, &parry, family.name, query, band)))
                .collect();
            let _ = writeln!(s, "| {} | {} |", query.name(), cells.join(" | "));
        }
        let _ = writeln!(s);
    }
    s
}

/// The plots of every family and query: the per-problem time ratio wolfe / parry
/// (`peers-QUERY-FAMILY`) and the times of every solver (`peers-time-QUERY-FAMILY`, as
/// Fig. 12), per band.
pub(super) fn charts(dir: &Path, rows: &[PeerRow], families: &[Family]) -> Result<Vec<PathBuf>, PlotError> {
    let mut files = Vec::new();
    for family in families {
        for query in PeerQuery::ALL {
            let chart = RangeChart {
                title: format!(
                    "{}, {}: wolfe / parry time per problem (median, 10-90%)",
                    family.title,
                    query.name()
                ),
                x_label: "pairs (GJK++ Fig. 12 bands)".into(),
                y_label: "time ratio wolfe / parry (< 1: wolfe faster)".into(),
                x_ticks: Band::ALL.iter().map(|b| band_label(*b)).collect(),
                series: query
                    .wolfe_solvers()
                    .iter()
                    .map(|&solver| ratio_series(rows, family.name, query, solver))
                    .collect(),
            };
            files.extend(chart.write(dir, &format!("peers-{}-{}", query.name(), family.name))?);
            // Fig. 12 itself: the times of every solver, parry included.
            let solvers = query.wolfe_solvers().iter().chain(std::iter::once(&PARRY));
            let chart = RangeChart {
                title: format!(
                    "{}, {} (GJK++ Fig. 12): time per query (median, 10-90%)",
                    family.title,
                    query.name()
                ),
                x_label: "pairs (GJK++ Fig. 12 bands)".into(),
                y_label: "time (ns)".into(),
                x_ticks: Band::ALL.iter().map(|b| band_label(*b)).collect(),
                series: solvers
                    .map(|&solver| band_series(rows, family.name, query, solver, |r| r.ns as f64))
                    .collect(),
            };
            files.extend(chart.write(dir, &format!("peers-time-{}-{}", query.name(), family.name))?);
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_interpolate_sorted_values() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&v, 0.5), 3.0);
        assert_eq!(quantile(&v, 0.0), 1.0);
        assert_eq!(quantile(&v, 1.0), 5.0);
        assert!((quantile(&v, 0.1) - 1.4).abs() < 1e-12);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }
}
