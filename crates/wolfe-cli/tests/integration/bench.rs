//! `wolfe bench all --quick` end to end: every file written, every problem measured by
//! every solver, the plots real pictures, and the paper's headline iteration result on
//! the seeded ellipsoid set.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::Command;

use wolfe_lab::bench::growth;
use wolfe_lab::problem_set::ProblemSet;
use wolfe_testkit::data::ycb_dir;

/// The rows of a bench CSV as maps from column to value.
fn read_rows(path: &Path) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(
        header,
        [
            "family",
            "id",
            "solver",
            "task",
            "target",
            "dist",
            "value",
            "iterations",
            "status",
            "ns"
        ]
    );
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header.iter().cloned().zip(r.iter().map(str::to_string)).collect()
        })
        .collect()
}

#[test]
fn quick_suite_writes_every_measurement_plot_and_table() {
    let out = std::env::temp_dir().join(format!("wolfe-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let o = Command::new(env!("CARGO_BIN_EXE_wolfe"))
        .args(["bench", "all", "--quick", "--out"])
        .arg(&out)
        .arg("--ycb-dir")
        .arg(ycb_dir())
        .arg("--page")
        .arg(out.join("benchmarks.md"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The benchmarks page (docs/benchmarks.md's generator) on the quick outputs: the
    // header names machine, date, commit and command, and every section of summary.md
    // is on it, unchanged.
    let page = std::fs::read_to_string(out.join("benchmarks.md")).unwrap();
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    for field in [
        "| command | `",
        "| machine | ",
        "hardware threads",
        "| date (UTC) | 20",
        "| commit | ",
    ] {
        assert!(page.contains(field), "{field} missing from the page");
    }
    assert!(
        page.contains("bench all --quick --out"),
        "the page names its command"
    );
    let sections = &summary[summary.find("\n## ").unwrap() + 1..];
    assert!(
        page.trim_end().ends_with(sections.trim_end()),
        "the page carries summary.md's sections unchanged"
    );
    assert!(
        sections.matches("\n## ").count() >= 7,
        "every suite has its section"
    );
    // The terminal gets a digest, not the 230 lines of summary.md.
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.lines().count() <= 15, "{stdout}");
    assert!(
        stdout.contains("summary.md") && stdout.contains("answer checks: all passed"),
        "{stdout}"
    );

    // Pictures: PNG signature and an SVG document, for every plot.
    for stem in [
        "ellipsoids-distance",
        "ellipsoids-collision",
        "meshes-iterations-distance",
        "meshes-time-distance",
        "meshes-iterations-collision",
        "meshes-time-collision",
        "meshes-speedup-distance",
        "meshes-speedup-collision",
        "warmstart-distance",
        "warmstart-collision",
    ] {
        let png = std::fs::read(out.join(format!("{stem}.png"))).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{stem}.png");
        let svg = std::fs::read_to_string(out.join(format!("{stem}.svg"))).unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"), "{stem}.svg");
        // The legend's text is in the SVG: the font path works.
        assert!(svg.contains("polyak"), "{stem}.svg has no legend");
    }
    // Table II as a picture.
    let svg = std::fs::read_to_string(out.join("qp-time.svg")).unwrap();
    assert!(
        svg.contains("clarabel") && svg.contains("polyak"),
        "qp-time.svg has no legend"
    );
    assert_eq!(
        &std::fs::read(out.join("qp-time.png")).unwrap()[..8],
        b"\x89PNG\r\n\x1a\n"
    );
    // The quick growth-sim measures contacts: both runs' polytopes land.
    let steps = std::fs::read_to_string(out.join("growth-sim-steps.csv")).unwrap();
    for query in ["growth distance", "signed distance"] {
        let most = steps
            .lines()
            .filter(|l| l.starts_with(query))
            .filter_map(|l| l.split(',').nth(3)?.parse::<usize>().ok())
            .max();
        assert!(most.is_some_and(|n| n > 0), "{query}: no contacts in growth-sim");
    }
    // The SAP bench draws through the same plot module: PNG and SVG.
    for stem in ["sap-iterations", "sap-time"] {
        let png = std::fs::read(out.join(format!("{stem}.png"))).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{stem}.png");
        let svg = std::fs::read_to_string(out.join(format!("{stem}.svg"))).unwrap();
        assert!(
            svg.contains("island") && svg.contains("pile"),
            "{stem}.svg has no legend"
        );
    }

    // Every problem of each generated set, by every solver, for both tasks, once.
    for (csv, set, solvers) in [("ellipsoids.csv", "ellipsoids", 3), ("meshes.csv", "ycb", 4)] {
        let problems = ProblemSet::load(&out.join("sets").join(set)).unwrap();
        let rows = read_rows(&out.join(csv));
        assert_eq!(rows.len(), problems.problems.len() * solvers * 2, "{csv}");
        let keys: HashSet<(String, String, String)> = rows
            .iter()
            .map(|r| (r["id"].clone(), r["solver"].clone(), r["task"].clone()))
            .collect();
        assert_eq!(keys.len(), rows.len(), "{csv}: a duplicate row");
        for r in &rows {
            let target: f64 = r["target"].parse().unwrap();
            let dist: f64 = r["dist"].parse().unwrap();
            assert!((target - dist).abs() <= 1e-6, "{csv}: row {r:?} off its target");
            // Every answer agrees with the generator's reference distance.
            let value: f64 = r["value"].parse().unwrap();
            if r["task"] == "collision" {
                assert_eq!(value == 1.0, dist < 0.0, "{csv}: {r:?}");
            } else if dist > 0.0 {
                assert!((value - dist).abs() <= 1e-6 * dist, "{csv}: {r:?}");
            } else {
                assert_eq!(value, 0.0, "{csv}: {r:?}");
            }
            assert_ne!(r["status"], "IterationLimit", "{csv}: {r:?}");
            assert!(r["iterations"].parse::<u32>().unwrap() <= 128);
            // Meshes are timed, ellipsoids only counted.
            let ns: u64 = r["ns"].parse().unwrap();
            assert_eq!(ns > 0, csv == "meshes.csv", "{csv}: {r:?}");
        }
    }

    // GJK++ Sec. IV-A on the seeded set: Nesterov needs at most 0.6x vanilla's
    // iterations in close proximity (0 < d <= 0.1 m) for distance queries.
    let rows = read_rows(&out.join("ellipsoids.csv"));
    let mean = |solver: &str| {
        let v: Vec<f64> = rows
            .iter()
            .filter(|r| r["solver"] == solver && r["task"] == "distance")
            .filter(|r| {
                let t: f64 = r["target"].parse().unwrap();
                t > 0.0 && t <= 0.1
            })
            .map(|r| r["iterations"].parse::<f64>().unwrap())
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    assert!(
        mean("nesterov") <= 0.6 * mean("gjk"),
        "{} vs {}",
        mean("nesterov"),
        mean("gjk")
    );

    // Table II: an independent general solver (clarabel on Eq. 2) gives GJK's distances,
    // on every mesh size and problem.
    let mut reader = csv::Reader::from_path(out.join("qp.csv")).unwrap();
    let mut by_problem: HashMap<(String, String), HashMap<String, f64>> = HashMap::new();
    for r in reader.records() {
        let r = r.unwrap();
        by_problem
            .entry((r[0].to_string(), r[3].to_string()))
            .or_default()
            .insert(r[4].to_string(), r[5].parse().unwrap());
    }
    let meshes: HashSet<&String> = by_problem.keys().map(|k| &k.0).collect();
    assert_eq!(meshes.len(), 3, "cube and two YCB sizes");
    for (key, values) in &by_problem {
        let qp = values["clarabel"];
        assert!(qp > 0.0, "{key:?}");
        for solver in ["gjk", "polyak", "nesterov"] {
            let d = values[solver];
            assert!(
                (d - qp).abs() <= 1e-5 * qp + 1e-9,
                "{key:?} {solver}: {d} vs QP {qp}"
            );
        }
    }

    // Warm starts change the work, never the answer: per step and task, every variant
    // and strategy gives the same boolean, and distances within twice the tolerance.
    let mut reader = csv::Reader::from_path(out.join("warmstart.csv")).unwrap();
    let mut answers: HashMap<(String, String, String), Vec<f64>> = HashMap::new();
    for r in reader.records() {
        let r = r.unwrap();
        answers
            .entry((r[0].to_string(), r[1].to_string(), r[3].to_string()))
            .or_default()
            .push(r[5].parse().unwrap());
    }
    assert!(!answers.is_empty());
    for (key, values) in &answers {
        assert_eq!(values.len(), 3 * 4, "{key:?}: 3 variants x 4 strategies");
        let (lo, hi) = values
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
        assert!(hi - lo <= 2e-7 * hi + 1e-12, "{key:?}: {values:?}");
    }

    check_growth(&out);
    check_peers(&out);

    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(!summary.contains("## Failures"), "{summary}");
    for section in [
        "## Ellipsoids",
        "## YCB hulls",
        "**Table I**",
        "(Fig. 8)",
        "Table II",
        "**Table III**",
        "**Fig. 4**",
        "## wolfe vs parry",
    ] {
        assert!(summary.contains(section), "summary.md lacks {section}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// Growth distance (Table III, Fig. 4): every problem of every case cold and warm, every
/// vertex count with both supports, all optimal, the same answer from both starts and
/// both supports and from the bisection reference, and Fig. 4 drawn.
fn check_growth(out: &Path) {
    let mut reader = csv::Reader::from_path(out.join("growth.csv")).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(
        header,
        [
            "case",
            "id",
            "start",
            "support",
            "vertices",
            "alpha",
            "reference",
            "iterations",
            "status",
            "ns"
        ]
    );
    let sizes = growth::SIZES[0];
    // (case, id, vertices for Fig. 4) -> (start or support) -> alpha.
    let mut answers: HashMap<(String, String, String), HashMap<String, f64>> = HashMap::new();
    let mut references = 0;
    for r in reader.records() {
        let r = r.unwrap();
        let (case, id, start, support) = (&r[0], &r[1], &r[2], &r[3]);
        assert_eq!(&r[8], "Converged", "{r:?}: not optimal");
        assert!(r[9].parse::<u64>().unwrap() > 0, "{r:?}: not timed");
        let iterations: u32 = r[7].parse().unwrap();
        assert!((1..=100).contains(&iterations), "{r:?}");
        let alpha: f64 = r[5].parse().unwrap();
        assert!(alpha.is_finite() && alpha > 0.0, "{r:?}");
        if !r[6].is_empty() {
            let reference: f64 = r[6].parse().unwrap();
            assert!(
                (alpha - reference).abs() <= growth::AGREEMENT * reference,
                "{r:?}: the bisection reference disagrees"
            );
            references += 1;
        }
        let (key, variant) = if case == growth::VERTICES_CASE {
            assert_eq!(start, "cold");
            ((case, id, &r[4]), support)
        } else {
            assert_eq!(support, "hill");
            ((case, id, ""), start)
        };
        let previous = answers
            .entry((key.0.to_string(), key.1.to_string(), key.2.to_string()))
            .or_default()
            .insert(variant.to_string(), alpha);
        assert!(previous.is_none(), "{r:?}: a duplicate row");
    }
    // Every problem of each case, both starts; every pair of each vertex count, both
    // supports.
    for case in growth::CASES {
        for id in 0..sizes.problems {
            let a = &answers[&(case.to_string(), id.to_string(), String::new())];
            assert_eq!(a.len(), 2, "{case} {id}: {a:?}");
            let (cold, warm) = (a["cold"], a["warm"]);
            assert!(
                (cold - warm).abs() <= growth::AGREEMENT * cold,
                "{case} {id}: {a:?}"
            );
        }
    }
    for n in growth::VERTEX_COUNTS {
        for id in 0..sizes.pairs {
            let key = (growth::VERTICES_CASE.to_string(), id.to_string(), n.to_string());
            let a = &answers[&key];
            assert_eq!(a.len(), 2, "{key:?}: {a:?}");
            let (hill, brute) = (a["hill"], a["brute"]);
            assert!((hill - brute).abs() <= growth::AGREEMENT * hill, "{key:?}: {a:?}");
        }
    }
    assert_eq!(
        answers.len(),
        growth::CASES.len() * sizes.problems + growth::VERTEX_COUNTS.len() * sizes.pairs
    );
    assert_eq!(references, 2 * growth::CASES.len() * sizes.checks);

    let png = std::fs::read(out.join("growth-vertices.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let svg = std::fs::read_to_string(out.join("growth-vertices.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("</svg>"));
    assert!(
        svg.contains("hill-climbing") && svg.contains("brute-force"),
        "no legend"
    );
}

/// wolfe against parry (GJK++ Fig. 12 bands): every problem of both generated sets has
/// every query by every solver once, each row in the band of its distance, with a
/// positive time and the ratio to parry's time on the same problem; the answers agree
/// with the reference; the plots are drawn.
fn check_peers(out: &Path) {
    use wolfe_lab::bench::peers::{Band, CONTACT_MARGIN};
    let mut reader = csv::Reader::from_path(out.join("peers.csv")).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(
        header,
        [
            "family",
            "id",
            "band",
            "dist",
            "query",
            "solver",
            "value",
            "iterations",
            "ns",
            "ratio"
        ]
    );
    // (family, id, query) -> solver -> (ns, ratio to parry)
    type Key = (String, String, String);
    let mut by_problem: HashMap<Key, HashMap<String, (u64, f64)>> = HashMap::new();
    for r in reader.records() {
        let r = r.unwrap();
        let dist: f64 = r[3].parse().unwrap();
        assert_eq!(&r[2], Band::of(dist).name(), "{r:?}");
        let value: Option<f64> = (!r[6].is_empty()).then(|| r[6].parse().unwrap());
        let ns: u64 = r[8].parse().unwrap();
        assert!(ns > 0, "{r:?}: not timed");
        assert_eq!(r[7].is_empty(), &r[5] == "parry", "{r:?}: iterations are wolfe's");
        match (&r[4], value) {
            ("distance", Some(v)) if dist > 0.0 => assert!((v - dist).abs() <= 1e-3, "{r:?}"),
            ("distance", Some(v)) => assert!(v.abs() <= 1e-9, "{r:?}"),
            ("collision", Some(v)) => assert_eq!(v == 1.0, dist < 0.0, "{r:?}"),
            ("contact", Some(v)) => assert!(dist <= CONTACT_MARGIN && (v - dist).abs() <= 0.1, "{r:?}"),
            ("contact", None) => assert!(dist > CONTACT_MARGIN, "{r:?}"),
            _ => panic!("{r:?}: no answer"),
        }
        let key = (r[0].to_string(), r[1].to_string(), r[4].to_string());
        let ratio: f64 = r[9].parse().unwrap();
        let previous = by_problem
            .entry(key)
            .or_default()
            .insert(r[5].to_string(), (ns, ratio));
        assert!(previous.is_none(), "{r:?}: a duplicate row");
    }
    for (family, set) in [("ellipsoids", "peers-ellipsoids"), ("ycb", "peers-ycb")] {
        let problems = ProblemSet::load(&out.join("sets").join(set)).unwrap();
        // Every band is represented.
        for band in Band::ALL {
            assert!(
                problems.problems.iter().any(|p| Band::of(p.dist) == band),
                "{family}: no {band:?}"
            );
        }
        for p in &problems.problems {
            for (query, solvers) in [
                ("distance", &["gjk", "nesterov", "parry"][..]),
                ("collision", &["gjk", "nesterov", "parry"][..]),
                ("contact", &["epa", "parry"][..]),
            ] {
                let key = (family.to_string(), p.id.to_string(), query.to_string());
                let answers = &by_problem[&key];
                let mut names: Vec<&str> = answers.keys().map(String::as_str).collect();
                names.sort_unstable();
                let mut expected = solvers.to_vec();
                expected.sort_unstable();
                assert_eq!(names, expected, "{key:?}");
                let parry_ns = answers["parry"].0 as f64;
                for (solver, &(ns, ratio)) in answers {
                    assert!(
                        (ratio - ns as f64 / parry_ns).abs() <= 1e-9 * ratio,
                        "{key:?} {solver}"
                    );
                }
            }
        }
    }
    assert_eq!(by_problem.len() % 3, 0);
    for query in ["distance", "collision", "contact"] {
        for family in ["ellipsoids", "ycb"] {
            let stem = format!("peers-{query}-{family}");
            let png = std::fs::read(out.join(format!("{stem}.png"))).unwrap();
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{stem}.png");
            let svg = std::fs::read_to_string(out.join(format!("{stem}.svg"))).unwrap();
            assert!(svg.contains("<svg") && svg.contains("</svg>"), "{stem}.svg");
            let legend = if query == "contact" { "epa" } else { "nesterov" };
            assert!(svg.contains(legend), "{stem}.svg has no legend");
            let svg = std::fs::read_to_string(out.join(format!("peers-time-{query}-{family}.svg"))).unwrap();
            assert!(
                svg.contains(legend) && svg.contains("parry"),
                "peers-time-{query}-{family}.svg"
            );
            let png = std::fs::read(out.join(format!("peers-time-{query}-{family}.png"))).unwrap();
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        }
    }
}

#[test]
fn bench_rejects_an_unknown_name_and_a_missing_ycb_folder() {
    let o = Command::new(env!("CARGO_BIN_EXE_wolfe"))
        .args(["bench", "nonsense", "--quick", "--out", "/tmp/x"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let out = std::env::temp_dir().join(format!("wolfe-bench-missing-{}", std::process::id()));
    let o = Command::new(env!("CARGO_BIN_EXE_wolfe"))
        .args(["bench", "meshes", "--quick", "--out"])
        .arg(&out)
        .args(["--ycb-dir", "/nonexistent/ycb"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/nonexistent/ycb"), "{err}");
    let _ = std::fs::remove_dir_all(&out);
}
