//! Head-to-head benchmark of penetration queries: wolfe's signed distance (GJK, then
//! EPA on overlapping cores) against parry's `query::contact`, on the same overlapping
//! problems, in one run.
//!
//! ```text
//! cargo bench -p wolfe-lab --bench penetration -- [--quick] [--out DIR] [--family NAME]
//! ```
//!
//! `--family NAME` times only the families whose name contains `NAME` (for example
//! `primitives`, for quick A/B runs; the YCB set is then not generated either).
//!
//! - **Problems**: the overlap rows (`-0.1 <= dist < 0` m) of the shipped sets
//!   `primitives`, `meshes_random`, `ellipsoids` (wolfe only: parry has no ellipsoid),
//!   and of a YCB hull set generated here with [`wolfe_lab::generate`] (seed 7).
//! - **Solvers**: one reused [`ContactSolver`] at default settings; parry3d-f64's
//!   `query::contact` with prediction 0 at its defaults (GJK + EPA for support-map pairs,
//!   closed forms for ball pairs and box-box SAT).
//! - **Timing** ([`wolfe_lab::timing`]): per problem and solver, one untimed warm-up
//!   call (which gives the value), then `N` repeats each timed alone, their median; the
//!   solvers run interleaved, problem by problem.
//! - **Accuracy**: the shipped sets' overlap rows carry an independent penetration depth
//!   (README of `data/problem-sets`); the generated YCB rows only an upper bound on the
//!   depth (`-dist`), so there the check is that no depth exceeds it.
//!
//! Writes `DIR/penetration.md` (also printed) and `DIR/penetration.csv`; `DIR` defaults
//! to `target/penetration`, a relative `DIR` is taken from the workspace root.

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use parry3d_f64::query as parry_query;
use wolfe::{ContactSolver, SignedDistanceSettings};
use wolfe_lab::generate::{generate, Dataset, GenerateOptions};
use wolfe_lab::problem_set::{Problem, ProblemSet};
use wolfe_lab::timing;
use wolfe_testkit::machine::{cpu_name, load_average};

use wolfe_lab::bench::parry::{parry_pose, parry_shape, ratio_cells, ParryShape};

/// Timed repeats per problem and solver.
const REPEATS: usize = 100;
/// Timed repeats with `--quick`.
const QUICK_REPEATS: usize = 5;
/// Problems per family with `--quick` (evenly spread).
const QUICK_PROBLEMS: usize = 40;
/// Seed and (pairs, poses per pair) of the generated YCB set, full and `--quick`.
const YCB_SEED: u64 = 7;
const YCB_SIZE: [(usize, usize); 2] = [(100, 4), (10, 2)];

/// One family: a set's overlap rows, with parry's shapes.
struct Family {
    name: &'static str,
    set: ProblemSet,
    parry: Vec<Option<ParryShape>>,
    /// Whether `dist` is the exact signed distance (shipped) or an upper bound on the
    /// depth (generated YCB).
    exact_reference: bool,
}

/// One problem's outcome.
struct Row {
    family: usize,
    id: u64,
    pair: [&'static str; 2],
    reference: f64,
    wolfe_ns: u64,
    wolfe_value: f64,
    wolfe_certified: bool,
    gjk_iterations: u32,
    epa_iterations: u32,
    parry: Option<(u64, f64)>,
}

fn run_family(index: usize, family: &Family, problems: &[&Problem], repeats: usize, rows: &mut Vec<Row>) {
    let mut solver = ContactSolver::new(SignedDistanceSettings::default()).expect("default settings");
    let mut times = vec![0u64; repeats];
    for p in problems {
        let (a, b) = family.set.shapes_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        let out = solver.signed_distance(a, pa, b, pb, None).expect("valid problem");
        let wolfe_ns = timing::median_ns(&mut times, || {
            solver.signed_distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
        });
        let parry = match (&family.parry[p.shape_a], &family.parry[p.shape_b]) {
            (Some(sa), Some(sb)) => {
                let (qa, qb) = (parry_pose(pa, &sa.offset), parry_pose(pb, &sb.offset));
                let (ga, gb) = (sa.shape.as_ref(), sb.shape.as_ref());
                let c = parry_query::contact(&qa, ga, &qb, gb, 0.0).expect("supported pair");
                let ns = timing::median_ns(&mut times, || {
                    parry_query::contact(black_box(&qa), black_box(ga), black_box(&qb), black_box(gb), 0.0)
                });
                Some((ns, c.map_or(f64::NAN, |c| c.dist)))
            }
            _ => None,
        };
        let mut pair = [a.kind(), b.kind()];
        pair.sort_unstable();
        rows.push(Row {
            family: index,
            id: p.id,
            pair,
            reference: p.dist,
            wolfe_ns,
            wolfe_value: out.signed_distance,
            wolfe_certified: out.is_certified(),
            gjk_iterations: out.gjk_iterations,
            epa_iterations: out.epa_iterations,
            parry,
        });
    }
}

fn median(mut v: Vec<u64>) -> Option<u64> {
    (!v.is_empty()).then(|| timing::median(&mut v))
}

/// The error of a value against the reference: relative error for exact references;
/// for upper bounds, how far the depth exceeds the bound (0 when within).
fn error(value: f64, reference: f64, exact: bool) -> f64 {
    if exact {
        (value - reference).abs() / reference.abs()
    } else {
        (reference - value).max(0.0) / reference.abs()
    }
}

fn table(md: &mut String, title: &str, groups: &[(String, Vec<&Row>)], families: &[Family]) {
    let _ = writeln!(md, "\n## {title}\n");
    let _ = writeln!(
        md,
        "| family | problems | wolfe ns | parry ns | wolfe/parry | wolfe <= parry | wolfe certified | \
         max err wolfe | max err parry | mean GJK it | mean EPA it |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, rows) in groups {
        if rows.is_empty() {
            continue;
        }
        let ours = median(rows.iter().map(|r| r.wolfe_ns).collect());
        let theirs = median(rows.iter().filter_map(|r| Some(r.parry?.0)).collect());
        let paired: Vec<(u64, u64)> = rows
            .iter()
            .filter_map(|r| Some((r.wolfe_ns, r.parry?.0)))
            .collect();
        let certified = rows.iter().filter(|r| r.wolfe_certified).count();
        let exact = families[rows[0].family].exact_reference;
        let err_w = rows
            .iter()
            .map(|r| error(r.wolfe_value, r.reference, exact))
            .fold(0.0f64, f64::max);
        let err_p = rows
            .iter()
            .filter_map(|r| Some(error(r.parry?.1, r.reference, exact)))
            .reduce(f64::max);
        let n = rows.len() as f64;
        let git = rows.iter().map(|r| f64::from(r.gjk_iterations)).sum::<f64>() / n;
        let eit = rows.iter().map(|r| f64::from(r.epa_iterations)).sum::<f64>() / n;
        let fmt = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
        let (ratio, win) = ratio_cells(ours, theirs, &paired);
        let _ = writeln!(
            md,
            "| {name} | {} | {} | {} | {ratio} | {win} | {certified}/{} | {err_w:.1e} | {} | {git:.1} | {eit:.1} |",
            rows.len(),
            fmt(ours),
            fmt(theirs),
            rows.len(),
            err_p.map_or("-".into(), |e| format!("{e:.1e}")),
        );
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut quick = false;
    let mut only: Option<String> = None;
    let mut out_dir = root.join("target/penetration");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => quick = true,
            "--out" => out_dir = root.join(args.next().expect("--out needs a directory")),
            "--family" => only = Some(args.next().expect("--family needs a name")),
            "--bench" => {}
            other => {
                panic!("unknown argument {other:?}; usage: penetration [--quick] [--out DIR] [--family NAME]")
            }
        }
    }
    let size = usize::from(quick);
    let repeats = if quick { QUICK_REPEATS } else { REPEATS };
    std::fs::create_dir_all(&out_dir).expect("create the output directory");
    let data = root.join("data");
    let family = |name: &'static str, set: ProblemSet, exact_reference: bool| Family {
        name,
        parry: set.shapes.iter().map(|s| parry_shape(&s.shape)).collect(),
        set,
        exact_reference,
    };
    let shipped = |name: &'static str| {
        family(
            name,
            ProblemSet::load(&data.join("problem-sets").join(name)).expect("shipped set loads"),
            true,
        )
    };
    let wanted = |name: &str| only.as_ref().is_none_or(|n| name.contains(n.as_str()));
    let ycb_out: PathBuf = out_dir.join("sets/ycb");
    let (pairs, poses) = YCB_SIZE[size];
    if wanted("ycb") {
        generate(
            &GenerateOptions {
                dataset: Dataset::Ycb,
                out: ycb_out.clone(),
                pairs,
                poses,
                seed: YCB_SEED,
                ycb_dir: data.join("ycb"),
            },
            || {},
        )
        .expect("YCB generation");
    }
    let mut families = Vec::new();
    for name in ["primitives", "meshes_random", "ellipsoids"] {
        if wanted(name) {
            families.push(shipped(name));
        }
    }
    if wanted("ycb") {
        families.push(family(
            "ycb",
            ProblemSet::load(&ycb_out).expect("generated set loads"),
            false,
        ));
    }
    let load_before = load_average();
    let mut rows = Vec::new();
    for (i, f) in families.iter().enumerate() {
        let overlapping = |d: f64| (-0.1..0.0).contains(&d);
        let problems = f.set.problems_where(overlapping, quick.then_some(QUICK_PROBLEMS));
        eprintln!("timing {} ({} problems)", f.name, problems.len());
        run_family(i, f, &problems, repeats, &mut rows);
    }

    let cpu = cpu_name();
    let mut md = String::new();
    let _ = writeln!(md, "# Penetration: wolfe signed distance vs parry contact\n");
    let _ = writeln!(
        md,
        "- Command: `cargo bench -p wolfe-lab --bench penetration --{}`",
        if quick { " --quick" } else { "" }
    );
    let _ = writeln!(md, "- CPU: {cpu}, single-threaded; {repeats} repeats per problem, median; tables give the median over problems");
    let _ = writeln!(
        md,
        "- Rows: overlap rows (-0.1 <= dist < 0 m). Errors: relative to the shipped sets' independent depth; \
         for the generated YCB set (reference = an upper bound on the depth) the relative excess of the depth over the bound"
    );
    let by_family: Vec<(String, Vec<&Row>)> = families
        .iter()
        .enumerate()
        .map(|(i, f)| {
            (
                f.name.to_string(),
                rows.iter().filter(|r| r.family == i).collect(),
            )
        })
        .collect();
    table(&mut md, "By family", &by_family, &families);
    let primitives = families.iter().position(|f| f.name == "primitives");
    let in_primitives = |r: &Row| Some(r.family) == primitives;
    let mut pairs: Vec<[&str; 2]> = rows.iter().filter(|r| in_primitives(r)).map(|r| r.pair).collect();
    pairs.sort_unstable();
    pairs.dedup();
    let by_pair: Vec<(String, Vec<&Row>)> = pairs
        .iter()
        .map(|pair| {
            (
                pair.join("-"),
                rows.iter()
                    .filter(|r| in_primitives(r) && r.pair == *pair)
                    .collect(),
            )
        })
        .collect();
    table(&mut md, "primitives by shape pair", &by_pair, &families);
    let _ = writeln!(
        md,
        "\nLoad average (1, 5, 15 min): {load_before} before, {} after.",
        load_average()
    );
    print!("{md}");
    std::fs::write(out_dir.join("penetration.md"), &md).expect("write penetration.md");
    let mut w = csv::Writer::from_path(out_dir.join("penetration.csv")).expect("create penetration.csv");
    w.write_record([
        "family",
        "id",
        "pair",
        "dist",
        "wolfe_ns",
        "wolfe_value",
        "wolfe_certified",
        "gjk_iterations",
        "epa_iterations",
        "parry_ns",
        "parry_value",
    ])
    .expect("write penetration.csv");
    for r in &rows {
        w.write_record([
            families[r.family].name.to_string(),
            r.id.to_string(),
            r.pair.join("-"),
            r.reference.to_string(),
            r.wolfe_ns.to_string(),
            r.wolfe_value.to_string(),
            r.wolfe_certified.to_string(),
            r.gjk_iterations.to_string(),
            r.epa_iterations.to_string(),
            r.parry.map_or(String::new(), |p| p.0.to_string()),
            r.parry.map_or(String::new(), |p| p.1.to_string()),
        ])
        .expect("write penetration.csv");
    }
    w.flush().expect("write penetration.csv");
    eprintln!("wrote {}", out_dir.join("penetration.{md,csv}").display());
}
