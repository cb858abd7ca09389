//! `wolfe bench peers`: wolfe against parry (parry3d-f64) on the same problems, for
//! distance, boolean collision and contact, split into distant / close / overlapping
//! pairs as the GJK++ paper's Fig. 12 (Sec. IV-C) splits its comparison of libraries.
//!
//! Problems: ellipsoid pairs and YCB hull pairs generated as in [`super::ellipsoids`] and
//! [`super::meshes`] ([`crate::generate`], own seeds), every target distance of
//! [`TARGETS`], grouped into the three [`Band`]s. parry has no ellipsoid: there it is a
//! support map of its own ([`super::parry::ParryEllipsoid`]) under parry's GJK and EPA,
//! the functions parry's dispatcher calls for any pair of support-map shapes; hulls are
//! parry `ConvexPolyhedron`s of wolfe's hulls, under parry's public queries.
//!
//! Per problem, interleaved (all solvers see the same machine state), each query once
//! untimed (the answer) and then the median of `repeats` timed calls, single thread:
//!
//! - distance: wolfe vanilla and Nesterov GJK ([`GjkSolver::distance`]) against
//!   `parry::query::distance`;
//! - collision: wolfe [`GjkSolver::intersects`] (vanilla and Nesterov) against
//!   `parry::query::intersection_test`;
//! - contact: wolfe [`EpaSolver::contact`] (GJK, then EPA when the shapes overlap)
//!   against `parry::query::contact`, both with the margin [`CONTACT_MARGIN`].
//!
//! The time ratio wolfe / parry is taken per problem (< 1: wolfe faster). Checks, each
//! disagreement a failure: wolfe's answers against the generated reference (as in every
//! benchmark: distance within [`ANSWER_TOLERANCE`], the boolean `dist < 0`, the contact's
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

use std::collections::HashMap;
use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Write as _;
use std::path::Path;

use wolfe::{EpaSolver, GjkSolver, SignedDistanceSettings};

use super::parry::{self as peer, PeerShape};
use super::{BenchError, BenchOptions, BenchReport, ANSWER_TOLERANCE};
use crate::generate::{generate, Dataset, GenerateOptions, TARGETS};
use crate::plot::{RangeChart, RangeSeries};
use crate::problem_set::ProblemSet;
use crate::progress::progress_bar;
use crate::run::SolverChoice;
use crate::timing;

/// Seeds of the generated ellipsoid and YCB sets.
pub const SEEDS: [u64; 2] = [23, 29];
/// (ellipsoid pairs, YCB pairs, poses per pair, timed repeats) for `--quick` and the
/// full run.
pub const SIZES: [(usize, usize, usize, usize); 2] = [(5, 10, 2, 5), (200, 200, 10, 30)];
/// The contact margin of both libraries (parry's `prediction`), in metres: a contact
/// is reported when the signed distance is at most this. It lies between the targets
/// 0.01 and 0.05 m, so that no problem sits on it.
pub const CONTACT_MARGIN: f64 = 0.02;
/// Largest accepted `|parry - wolfe|` distance, in metres: parry's GJK stops at an
/// absolute tolerance or after 100 iterations, so the bar is absolute; the full run's
/// largest difference is 3e-5 m (distance) and 9e-5 m (contact), and a shape built with
/// a wrong axis or hull is off by centimetres.
pub const DISTANCE_AGREEMENT: f64 = 1e-3;
/// Largest accepted `|parry - wolfe|` contact signed distance (penetration depth), in
/// metres (EPA on both sides, each to its own tolerance).
pub const DEPTH_AGREEMENT: f64 = 1e-3;
/// The wolfe GJK variants timed for distance and collision.
pub const GJK_SOLVERS: [SolverChoice; 2] = [SolverChoice::Gjk, SolverChoice::Nesterov];
/// Name of wolfe's contact solver in the CSV and tables.
pub const EPA: &str = "epa";
/// Name of the peer in the CSV and tables.
pub const PARRY: &str = "parry";

/// The three distance categories of GJK++ Fig. 12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Band {
    /// Apart by more than 0.1 m (the targets 0.5 and 1 m; Fig. 12a takes >= 1 m).
    Distant,
    /// Close proximity, `0 < d <= 0.1` m (Fig. 12b).
    Close,
    /// Overlapping, `d < 0` (Fig. 12c).
    Overlapping,
}

impl Band {
    /// All bands, in table order.
    pub const ALL: [Band; 3] = [Band::Distant, Band::Close, Band::Overlapping];

    /// The band of a signed distance (m).
    pub fn of(dist: f64) -> Band {
        if dist > 0.1 {
            Band::Distant
        } else if dist > 0.0 {
            Band::Close
        } else {
            Band::Overlapping
        }
    }

    /// The name in CSV files and tables.
    pub fn name(self) -> &'static str {
        match self {
            Band::Distant => "distant",
            Band::Close => "close",
            Band::Overlapping => "overlapping",
        }
    }
}

/// The three queries compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PeerQuery {
    /// Distance (0 when overlapping).
    Distance,
    /// Boolean collision.
    Collision,
    /// Contact within [`CONTACT_MARGIN`]: the signed distance, or none.
    Contact,
}

impl PeerQuery {
    /// All queries, in table order.
    pub const ALL: [PeerQuery; 3] = [PeerQuery::Distance, PeerQuery::Collision, PeerQuery::Contact];

    /// The name in CSV files and tables.
    pub fn name(self) -> &'static str {
        match self {
            PeerQuery::Distance => "distance",
            PeerQuery::Collision => "collision",
            PeerQuery::Contact => "contact",
        }
    }

    /// The wolfe solvers of this query.
    pub fn wolfe_solvers(self) -> &'static [&'static str] {
        match self {
            PeerQuery::Distance | PeerQuery::Collision => &["gjk", "nesterov"],
            PeerQuery::Contact => &[EPA],
        }
    }
}

/// One solver's answer to one query on one problem.
#[derive(Clone, Debug)]
pub struct PeerRow {
    /// `ellipsoids` or `ycb`.
    pub family: &'static str,
    /// Problem id in its generated set.
    pub id: u64,
    /// The problem's reference signed distance (m).
    pub dist: f64,
    /// Its band.
    pub band: Band,
    /// The query.
    pub query: PeerQuery,
    /// `gjk`, `nesterov`, `epa` or `parry`.
    pub solver: &'static str,
    /// The answer: the distance, 1 / 0 for intersecting / separated, the contact's
    /// signed distance (`None`: no contact within the margin).
    pub value: Option<f64>,
    /// wolfe's iterations (GJK plus EPA for contact); `None` for parry.
    pub iterations: Option<u32>,
    /// Median ns per query.
    pub ns: u64,
    /// `ns` over parry's on the same problem and query (1 for parry).
    pub ratio: f64,
}

/// One generated family: its name, dataset, pairs.
struct Family {
    name: &'static str,
    title: &'static str,
    dataset: Dataset,
    pairs: usize,
    seed: u64,
}

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
        rows.extend(measure(family.name, &set, repeats, || bar.inc(1))?);
        bar.finish_and_clear();
        counts.push(set.problems.len());
    }
    set_ratios(&mut rows);

    let mut report = BenchReport::default();
    let csv = options.out.join("peers.csv");
    write_rows(&csv, &rows)?;
    report.files.push(csv);
    for family in &families {
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
                    .map(|&solver| ratio_series(&rows, family.name, query, solver))
                    .collect(),
            };
            report
                .files
                .extend(chart.write(&options.out, &format!("peers-{}-{}", query.name(), family.name))?);
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
                    .map(|&solver| band_series(&rows, family.name, query, solver, |r| r.ns as f64))
                    .collect(),
            };
            report.files.extend(chart.write(
                &options.out,
                &format!("peers-time-{}-{}", query.name(), family.name),
            )?);
        }
    }
    report.failures = check(&rows);
    report.summary = summary(&rows, &families, &counts, poses, repeats);
    Ok(report)
}

/// The x tick of a band, with its distance range.
fn band_label(band: Band) -> String {
    match band {
        Band::Distant => "distant (d > 0.1 m)".into(),
        Band::Close => "close (0 < d <= 0.1 m)".into(),
        Band::Overlapping => "overlapping (d < 0)".into(),
    }
}

/// Every query of every problem of `set` by every solver; `ratio` is left at 0 (see
/// [`set_ratios`]). `tick` is called once per problem.
fn measure(
    family: &'static str,
    set: &ProblemSet,
    repeats: usize,
    mut tick: impl FnMut(),
) -> Result<Vec<PeerRow>, BenchError> {
    let mut gjk = Vec::with_capacity(GJK_SOLVERS.len());
    for s in GJK_SOLVERS {
        gjk.push(GjkSolver::new(s.settings()).map_err(|source| BenchError::Query {
            id: 0,
            solver: s.name(),
            source,
        })?);
    }
    let mut epa = EpaSolver::new(SignedDistanceSettings::default()).map_err(|source| BenchError::Query {
        id: 0,
        solver: EPA,
        source,
    })?;
    let mut peers = Vec::with_capacity(set.shapes.len());
    for s in &set.shapes {
        peers.push(PeerShape::of(&s.shape).ok_or_else(|| BenchError::Peer {
            id: 0,
            what: format!("no parry shape for {} ({})", s.name, s.shape.kind()),
        })?);
    }
    let repeats = repeats.max(1);
    let mut times = vec![0u64; repeats];
    let mut rows = Vec::with_capacity(set.problems.len() * 8);
    for p in &set.problems {
        let (a, b) = set.shapes_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        let (sa, sb) = (&peers[p.shape_a], &peers[p.shape_b]);
        let (qa, qb) = (sa.pose(pa), sb.pose(pb));
        let (qa, qb) = (&qa, &qb);
        let wolfe_error = |solver: &'static str| {
            move |source| BenchError::Query {
                id: p.id,
                solver,
                source,
            }
        };
        let parry_error = |_| BenchError::Peer {
            id: p.id,
            what: format!("parry does not support {} - {}", a.kind(), b.kind()),
        };
        let mut push = |query, solver, value, iterations, ns| {
            rows.push(PeerRow {
                family,
                id: p.id,
                dist: p.dist,
                band: Band::of(p.dist),
                query,
                solver,
                value,
                iterations,
                ns,
                ratio: 0.0,
            });
        };

        // Distance.
        for (engine, s) in gjk.iter_mut().zip(GJK_SOLVERS) {
            let o = engine.distance(a, pa, b, pb).map_err(wolfe_error(s.name()))?;
            let ns = timing::median_ns(&mut times, || {
                engine.distance(black_box(a), black_box(pa), black_box(b), black_box(pb))
            });
            push(
                PeerQuery::Distance,
                s.name(),
                Some(o.distance),
                Some(o.iterations),
                ns,
            );
        }
        let d = peer::distance(qa, sa, qb, sb).map_err(parry_error)?;
        let ns = timing::median_ns(&mut times, || {
            peer::distance(black_box(qa), black_box(sa), black_box(qb), black_box(sb))
        });
        push(PeerQuery::Distance, PARRY, Some(d), None, ns);

        // Collision.
        for (engine, s) in gjk.iter_mut().zip(GJK_SOLVERS) {
            let o = engine.intersects(a, pa, b, pb).map_err(wolfe_error(s.name()))?;
            let ns = timing::median_ns(&mut times, || {
                engine.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb))
            });
            let hit = f64::from(u8::from(o.intersecting));
            push(PeerQuery::Collision, s.name(), Some(hit), Some(o.iterations), ns);
        }
        let hit = peer::intersects(qa, sa, qb, sb).map_err(parry_error)?;
        let ns = timing::median_ns(&mut times, || {
            peer::intersects(black_box(qa), black_box(sa), black_box(qb), black_box(sb))
        });
        push(
            PeerQuery::Collision,
            PARRY,
            Some(f64::from(u8::from(hit))),
            None,
            ns,
        );

        // Contact.
        let sd = epa.signed_distance(a, pa, b, pb).map_err(wolfe_error(EPA))?;
        let c = epa
            .contact(a, pa, b, pb, CONTACT_MARGIN)
            .map_err(wolfe_error(EPA))?;
        let ns = timing::median_ns(&mut times, || {
            epa.contact(
                black_box(a),
                black_box(pa),
                black_box(b),
                black_box(pb),
                black_box(CONTACT_MARGIN),
            )
        });
        push(
            PeerQuery::Contact,
            EPA,
            c.map(|c| c.signed_distance),
            Some(sd.gjk_iterations + sd.epa_iterations),
            ns,
        );
        let c = peer::contact(qa, sa, qb, sb, CONTACT_MARGIN).map_err(parry_error)?;
        let ns = timing::median_ns(&mut times, || {
            peer::contact(
                black_box(qa),
                black_box(sa),
                black_box(qb),
                black_box(sb),
                black_box(CONTACT_MARGIN),
            )
        });
        push(PeerQuery::Contact, PARRY, c, None, ns);
        tick();
    }
    Ok(rows)
}

/// Key of a problem and query.
type Key = (&'static str, u64, PeerQuery);

/// parry's row of every problem and query.
fn parry_rows(rows: &[PeerRow]) -> HashMap<Key, &PeerRow> {
    rows.iter()
        .filter(|r| r.solver == PARRY)
        .map(|r| ((r.family, r.id, r.query), r))
        .collect()
}

/// Sets every row's `ratio`: its time over parry's on the same problem and query.
fn set_ratios(rows: &mut [PeerRow]) {
    let parry: HashMap<Key, u64> = parry_rows(rows).into_iter().map(|(k, r)| (k, r.ns)).collect();
    for r in rows.iter_mut() {
        let theirs = parry.get(&(r.family, r.id, r.query)).copied().unwrap_or(0);
        r.ratio = r.ns.max(1) as f64 / theirs.max(1) as f64;
    }
}

/// Writes `path`: `family,id,band,dist,query,solver,value,iterations,ns,ratio`, one row
/// per problem, query and solver (`value` empty for no contact, `iterations` for parry).
fn write_rows(path: &Path, rows: &[PeerRow]) -> Result<(), BenchError> {
    let io = |source| BenchError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::create(path).map_err(io)?;
    let mut w = std::io::BufWriter::new(file);
    writeln!(w, "family,id,band,dist,query,solver,value,iterations,ns,ratio").map_err(io)?;
    for r in rows {
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
        .map_err(io)?;
    }
    w.flush().map_err(io)
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
    rows: &'r [PeerRow],
    family: &'r str,
    query: PeerQuery,
    solver: &'r str,
    band: Band,
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
fn ratio_series(rows: &[PeerRow], family: &str, query: PeerQuery, solver: &str) -> RangeSeries {
    band_series(rows, family, query, solver, |r| r.ratio)
}

/// Median and 10-90% range of `value` over a solver's rows, per band.
fn band_series(
    rows: &[PeerRow],
    family: &str,
    query: PeerQuery,
    solver: &str,
    value: impl Fn(&PeerRow) -> f64,
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

/// Why a wolfe answer disagrees with the generated reference, if it does.
fn reference_failure(r: &PeerRow) -> Option<String> {
    let sep = r.dist > 0.0;
    let ok = match (r.query, r.value) {
        (PeerQuery::Distance, Some(v)) if sep => (v - r.dist).abs() <= ANSWER_TOLERANCE * r.dist,
        (PeerQuery::Distance, Some(v)) => v == 0.0,
        (PeerQuery::Collision, Some(v)) => (v == 1.0) == (r.dist < 0.0),
        (PeerQuery::Contact, Some(v)) if sep => {
            r.dist <= CONTACT_MARGIN && (v - r.dist).abs() <= ANSWER_TOLERANCE * r.dist
        }
        // Overlap rows: the generator's `dist` bounds the depth from above.
        (PeerQuery::Contact, Some(v)) => v < 0.0 && -v <= -r.dist * (1.0 + ANSWER_TOLERANCE),
        (PeerQuery::Contact, None) => r.dist > CONTACT_MARGIN,
        (_, None) => false,
    };
    (!ok).then(|| format!("{:?} against the reference {}", r.value, r.dist))
}

/// Why parry's answer disagrees with wolfe's (vanilla GJK, EPA), if it does.
fn agreement_failure(ours: &PeerRow, theirs: &PeerRow) -> Option<String> {
    let ok = match (ours.query, ours.value, theirs.value) {
        (PeerQuery::Distance, Some(o), Some(t)) => (o - t).abs() <= DISTANCE_AGREEMENT,
        (PeerQuery::Collision, Some(o), Some(t)) => o == t,
        (PeerQuery::Contact, Some(o), Some(t)) => (o - t).abs() <= DEPTH_AGREEMENT,
        (PeerQuery::Contact, None, None) => true,
        _ => false,
    };
    (!ok).then(|| format!("wolfe {:?}, parry {:?}", ours.value, theirs.value))
}

/// Every disagreement, one line each: wolfe against the reference, parry against wolfe.
fn check(rows: &[PeerRow]) -> Vec<String> {
    let parry = parry_rows(rows);
    let mut failures = Vec::new();
    for r in rows.iter().filter(|r| r.solver != PARRY) {
        let line = |why: String, who: &str| {
            format!(
                "peers {} problem {} [{} {}] ({}): {why}",
                r.family,
                r.id,
                who,
                r.query.name(),
                r.band.name()
            )
        };
        if let Some(why) = reference_failure(r) {
            failures.push(line(why, r.solver));
        }
        // parry against vanilla GJK (distance, collision) and EPA (contact).
        if r.solver == "nesterov" {
            continue;
        }
        match parry.get(&(r.family, r.id, r.query)) {
            Some(theirs) => {
                if let Some(why) = agreement_failure(r, theirs) {
                    failures.push(line(why, "parry vs wolfe"));
                }
            }
            None => failures.push(line("no parry answer".into(), PARRY)),
        }
    }
    failures
}

/// Largest `|parry - wolfe|` (vanilla GJK / EPA) over the rows of a family, query and
/// band where both answered with a number.
fn max_difference(
    rows: &[PeerRow],
    parry: &HashMap<Key, &PeerRow>,
    family: &str,
    query: PeerQuery,
    band: Band,
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
fn summary(rows: &[PeerRow], families: &[Family], counts: &[usize], poses: usize, repeats: usize) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_split_the_targets_as_fig_12() {
        let bands: Vec<Band> = TARGETS.iter().map(|&t| Band::of(t)).collect();
        assert_eq!(bands[..4], [Band::Overlapping; 4]);
        assert_eq!(bands[4..8], [Band::Close; 4]);
        assert_eq!(bands[8..], [Band::Distant; 2]);
        assert_eq!(Band::of(0.0), Band::Overlapping);
        // The contact margin is not a target.
        assert!(TARGETS.iter().all(|t| (t - CONTACT_MARGIN).abs() > 1e-3));
    }

    #[test]
    fn quantiles_interpolate_sorted_values() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&v, 0.5), 3.0);
        assert_eq!(quantile(&v, 0.0), 1.0);
        assert_eq!(quantile(&v, 1.0), 5.0);
        assert!((quantile(&v, 0.1) - 1.4).abs() < 1e-12);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }

    fn row(query: PeerQuery, solver: &'static str, dist: f64, value: Option<f64>, ns: u64) -> PeerRow {
        PeerRow {
            family: "t",
            id: 0,
            dist,
            band: Band::of(dist),
            query,
            solver,
            value,
            iterations: None,
            ns,
            ratio: 0.0,
        }
    }

    #[test]
    fn checks_flag_each_kind_of_disagreement() {
        use PeerQuery::*;
        // Right answers, within the bars.
        let good = [
            (
                row(Distance, "gjk", 0.5, Some(0.5), 10),
                row(Distance, PARRY, 0.5, Some(0.5 + 5e-4), 20),
            ),
            (
                row(Collision, "gjk", -0.01, Some(1.0), 10),
                row(Collision, PARRY, -0.01, Some(1.0), 20),
            ),
            (
                row(Contact, EPA, 0.01, Some(0.01), 10),
                row(Contact, PARRY, 0.01, Some(0.0101), 20),
            ),
            (
                row(Contact, EPA, -0.05, Some(-0.04), 10),
                row(Contact, PARRY, -0.05, Some(-0.0405), 20),
            ),
            (
                row(Contact, EPA, 0.05, None, 10),
                row(Contact, PARRY, 0.05, None, 20),
            ),
        ];
        for (ours, theirs) in good {
            let mut rows = vec![ours, theirs];
            set_ratios(&mut rows);
            assert_eq!(rows[0].ratio, 0.5);
            assert!(check(&rows).is_empty(), "{:?}", check(&rows));
        }
        // Wrong: wolfe against the reference, parry against wolfe, or both.
        let bad = [
            (
                row(Distance, "gjk", 0.5, Some(0.51), 1),
                row(Distance, PARRY, 0.5, Some(0.51), 1),
                1,
            ),
            (
                row(Distance, "gjk", 0.5, Some(0.5), 1),
                row(Distance, PARRY, 0.5, Some(0.502), 1),
                1,
            ),
            (
                row(Collision, "gjk", 0.001, Some(0.0), 1),
                row(Collision, PARRY, 0.001, Some(1.0), 1),
                1,
            ),
            (
                row(Contact, EPA, 0.01, Some(0.01), 1),
                row(Contact, PARRY, 0.01, None, 1),
                1,
            ),
            (
                row(Contact, EPA, -0.05, Some(-0.06), 1),
                row(Contact, PARRY, -0.05, Some(-0.06), 1),
                1,
            ),
            (
                row(Contact, EPA, 0.05, Some(0.05), 1),
                row(Contact, PARRY, 0.05, None, 1),
                2,
            ),
        ];
        for (ours, theirs, n) in bad {
            let rows = vec![ours, theirs];
            assert_eq!(check(&rows).len(), n, "{:?}", check(&rows));
        }
        // A missing parry row is a failure too.
        assert_eq!(check(&[row(Distance, "gjk", 0.5, Some(0.5), 1)]).len(), 1);
    }
}
