//! `wolfe bench sap` at a tiny scale: the CSV has the promised columns and one row per
//! solve, every solve converges with an honest e_m, dense, sparse and block agree on
//! the iterates, and the plots are written.

use wolfe_lab::bench::sap::{plots, run_scaled, Scale};
use wolfe_sap::SapStatus;

#[test]
fn tiny_bench_writes_csv_and_plot() {
    let out = std::env::temp_dir().join(format!("wolfe-bench-sap-{}", std::process::id()));
    let scale = Scale {
        sizes: vec![4, 8],
        problems: 1,
        repeats: 1,
        steps: 3,
    };
    let rows = run_scaled(&out, &scale, 3).unwrap();
    // 2 regimes x 2 patterns x 2 sizes x 1 problem x (3 solvers x 4 starts + 3 steps).
    assert_eq!(rows.len(), 2 * 2 * 2 * (3 * 4 + 3));
    for r in &rows {
        assert_eq!(r.status, SapStatus::Converged, "{r:?}");
        assert!(r.momentum_error < 1e-6 + 1e-9, "{r:?}");
        assert!(r.contacts > 0 && r.iterations > 0 && r.ns > 0);
    }
    // Dense, sparse and block solves of the same problem and start take the same
    // Newton steps up to round-off: same iteration counts.
    for (d, other) in rows
        .iter()
        .filter(|r| r.solver == "dense")
        .flat_map(|d| [(d, "sparse"), (d, "block")])
    {
        let s = rows
            .iter()
            .find(|s| {
                s.solver == other
                    && s.regime == d.regime
                    && s.pattern == d.pattern
                    && s.bodies == d.bodies
                    && s.perturbation == d.perturbation
                    && s.steps == 0
            })
            .unwrap();
        assert!(d.iterations.abs_diff(s.iterations) <= 1, "{d:?} vs {s:?}");
    }
    let csv = std::fs::read_to_string(out.join("sap.csv")).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    for column in [
        "bodies",
        "contacts",
        "warm",
        "iterations",
        "line_search_iterations",
        "momentum_error",
        "status",
        "ns",
    ] {
        assert!(header.contains(&column), "missing column {column}");
    }
    assert_eq!(lines.count(), rows.len());
    let files = plots(&out, &rows).unwrap();
    for stem in ["sap-iterations", "sap-time"] {
        assert!(files.contains(&out.join(format!("{stem}.png"))), "{files:?}");
        let svg = std::fs::read_to_string(out.join(format!("{stem}.svg"))).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("polyline"), "{stem}");
    }
    std::fs::remove_dir_all(&out).ok();
}
