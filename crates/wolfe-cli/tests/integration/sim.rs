//! End-to-end runs of `wolfe sim`: every scene writes its files in the documented
//! format, the spring-cylinder's studies show the papers' orders, bad options fail.

use std::path::Path;

use crate::common;
use common::wolfe;

fn rows(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header = lines.next().unwrap().split(',').map(String::from).collect();
    let rows = lines.map(|l| l.split(',').map(String::from).collect()).collect();
    (header, rows)
}

fn sim_ok(args: &[&str], out: &Path) {
    let mut all = vec!["sim"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.to_str().unwrap()]);
    let o = wolfe(&all);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The columns the issue asks for, the step count, and a trajectory row per body and
/// recorded step.
fn check_common(out: &Path, steps: usize, bodies: usize) -> Vec<Vec<String>> {
    let (header, data) = rows(&out.join("steps.csv"));
    for col in [
        "step",
        "time",
        "contacts",
        "newton_iterations",
        "step_seconds",
        "kinetic_energy",
        "potential_energy",
        "max_penetration",
    ] {
        assert!(header.iter().any(|h| h == col), "steps.csv lacks {col}");
    }
    assert_eq!(data.len(), steps);
    let (_, traj) = rows(&out.join("trajectory.csv"));
    assert_eq!(traj.len(), (steps + 1) * bodies);
    for r in &traj {
        let q: Vec<f64> = r[6..10].iter().map(|x| x.parse().unwrap()).collect();
        let norm = q.iter().map(|x| x * x).sum::<f64>().sqrt();
        assert!((norm - 1.0).abs() < 1e-9, "unit quaternions in trajectory.csv");
    }
    let (_, scene) = rows(&out.join("scene.csv"));
    assert_eq!(scene.iter().filter(|r| r[3] == "0").count(), bodies);
    for stem in ["iterations", "step-time", "energy"] {
        for ext in ["png", "svg"] {
            assert!(out.join(format!("{stem}.{ext}")).is_file(), "{stem}.{ext}");
        }
    }
    assert!(out.join("summary.md").is_file());
    data
}

#[test]
fn spring_cylinder_writes_energy_and_order_studies() {
    let dir = std::env::temp_dir().join(format!("wolfe-sim-sc-{}", std::process::id()));
    sim_ok(&["spring-cylinder", "--seconds", "1"], &dir);
    check_common(&dir, 50, 1);
    let (header, order) = rows(&dir.join("order.csv"));
    assert_eq!(header, ["scheme", "dt", "error"]);
    let points = |scheme: &str| -> Vec<(f64, f64)> {
        order
            .iter()
            .filter(|r| r[0] == scheme)
            .map(|r| (r[1].parse().unwrap(), r[2].parse().unwrap()))
            .collect()
    };
    let midpoint = wolfe_lab::sim::fitted_slope(&points("midpoint"));
    assert!((1.8..=2.2).contains(&midpoint), "midpoint order {midpoint}");
    let symplectic = wolfe_lab::sim::fitted_slope(&points("symplectic-euler"));
    assert!(
        (0.8..=1.4).contains(&symplectic),
        "symplectic Euler order {symplectic}"
    );
    for f in [
        "energy.csv",
        "energy-friction.png",
        "energy-frictionless.png",
        "order.png",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn clutter_and_polytopes_run_small() {
    let dir = std::env::temp_dir().join(format!("wolfe-sim-clutter-{}", std::process::id()));
    sim_ok(
        &["clutter", "--bodies", "8", "--seconds", "0.5", "--no-walls"],
        &dir,
    );
    let data = check_common(&dir, 50, 8);
    // Everything falls: kinetic energy grows from zero while nothing touches.
    let ke: f64 = data[10][5].parse().unwrap();
    assert!(ke > 0.0);
    let dir2 = std::env::temp_dir().join(format!("wolfe-sim-poly-{}", std::process::id()));
    sim_ok(&["polytopes", "--bodies", "4", "--seconds", "0.25"], &dir2);
    check_common(&dir2, 60, 4);
    assert!(std::fs::read_dir(&dir2).unwrap().any(|e| e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .ends_with(".obj")));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&dir2).ok();
}

/// `--growth-contacts` runs a scene with growth distance as the contact query: the
/// run writes the same step record as the default query's.
#[test]
fn polytopes_run_with_growth_contacts() {
    let dir = std::env::temp_dir().join(format!("wolfe-sim-poly-growth-{}", std::process::id()));
    sim_ok(
        &[
            "polytopes",
            "--bodies",
            "4",
            "--seconds",
            "0.25",
            "--growth-contacts",
        ],
        &dir,
    );
    check_common(&dir, 60, 4);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_options_are_clear_errors() {
    let dir = std::env::temp_dir().join(format!("wolfe-sim-bad-{}", std::process::id()));
    let out = dir.to_str().unwrap();
    let o = wolfe(&["sim", "clutter", "--seconds", "-1", "--out", out]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--seconds"));
    // `--scheme` is a value enum: clap lists the schemes.
    let o = wolfe(&["sim", "clutter", "--scheme", "rk4", "--out", out]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("rk4") && err.contains("symplectic-euler") && err.contains("midpoint"),
        "{err}"
    );
    let o = wolfe(&["sim", "clutter", "--bodies", "0", "--out", out]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("bodies"));
    // A bad time step names `--dt`, not a material field derived from it.
    for dt in ["0", "-1", "nan", "inf"] {
        let o = wolfe(&["sim", "clutter", "--dt", dt, "--out", out]);
        assert_eq!(o.status.code(), Some(1), "--dt {dt}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("--dt") && err.contains("time step"),
            "--dt {dt}: {err}"
        );
        assert!(!err.contains("dissipation"), "--dt {dt}: {err}");
    }
    // Options a scene does not use are refused, naming the option and the scene.
    for (args, option) in [
        (&["spring-cylinder", "--bodies", "5"][..], "--bodies"),
        (&["polytopes", "--walls"][..], "--walls"),
        (&["polytopes", "--no-walls"][..], "--walls"),
        (&["spring-cylinder", "--walls"][..], "--walls"),
    ] {
        let mut all = vec!["sim"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--seconds", "0.05", "--out", out]);
        let o = wolfe(&all);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(option) && err.contains("not apply") && err.contains(args[0]),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A time step far too large (every body falls through the ground) stops with an error
/// that says the simulation diverged and suggests a smaller step, instead of reporting
/// hundreds of metres of penetration with exit 0.
#[test]
fn diverged_simulation_is_an_error() {
    let dir = std::env::temp_dir().join(format!("wolfe-sim-diverged-{}", std::process::id()));
    let out = dir.to_str().unwrap();
    let o = wolfe(&[
        "sim",
        "clutter",
        "--bodies",
        "8",
        "--dt",
        "10",
        "--seconds",
        "100",
        "--out",
        out,
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("diverged") && err.contains("smaller time step") && err.contains("--dt"),
        "{err}"
    );
    // A scene that would not fit in memory is refused before anything is allocated.
    let o = wolfe(&["sim", "clutter", "--bodies", "100000000", "--out", out]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--bodies 100000000"), "{err}");
    // The robot scenes too: the Panda with its falling objects, and any URDF robot.
    let panda = wolfe_testkit::data::repo_root().join("data/robots/franka_panda/panda.urdf");
    for scene in [
        vec!["sim", "panda-drop", "--dt", "10", "--seconds", "50", "--out", out],
        vec![
            "sim",
            "urdf",
            "--urdf",
            panda.to_str().unwrap(),
            "--dt",
            "10",
            "--seconds",
            "50",
            "--out",
            out,
        ],
    ] {
        let o = wolfe(&scene);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{scene:?}: {err}");
        assert!(
            err.contains("diverged") && err.contains("--dt"),
            "{scene:?}: {err}"
        );
    }
    // The same scene at its own step runs through.
    let o = wolfe(&[
        "sim",
        "clutter",
        "--bodies",
        "8",
        "--seconds",
        "0.5",
        "--out",
        out,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

/// Rows of a study table as numbers by column name (`true`/`false` read as 1/0).
fn table(path: &Path, columns: &[&str]) -> Vec<std::collections::HashMap<String, f64>> {
    let (header, data) = rows(path);
    assert_eq!(header, columns, "{}", path.display());
    data.iter()
        .map(|r| {
            header
                .iter()
                .zip(r)
                .map(|(h, v)| {
                    let x = match v.as_str() {
                        "true" => 1.0,
                        "false" => 0.0,
                        v => v.parse().unwrap_or_else(|_| panic!("{h} = {v}")),
                    };
                    (h.clone(), x)
                })
                .collect()
        })
        .collect()
}

#[test]
fn clutter_scaling_contacts_grow_with_bodies() {
    let dir = std::env::temp_dir().join(format!("wolfe-sim-scaling-{}", std::process::id()));
    sim_ok(&["clutter-scaling", "--quick"], &dir);
    let t = table(&dir.join("scaling.csv"), &wolfe_lab::sim::study::SCALING_COLUMNS);
    assert_eq!(t.len(), 6, "8, 16, 32 bodies, with and without walls");
    for walls in [1.0, 0.0] {
        let runs: Vec<_> = t.iter().filter(|r| r["walls"] == walls).collect();
        let bodies: Vec<f64> = runs.iter().map(|r| r["bodies"]).collect();
        assert_eq!(bodies, [8.0, 16.0, 32.0]);
        for pair in runs.windows(2) {
            assert!(
                pair[1]["final_contacts"] > pair[0]["final_contacts"],
                "walls {walls}: contacts {} at {} bodies, {} at {}",
                pair[0]["final_contacts"],
                pair[0]["bodies"],
                pair[1]["final_contacts"],
                pair[1]["bodies"]
            );
        }
        for r in runs {
            // Every body rests on something: at least one contact each.
            assert!(r["final_contacts"] >= r["bodies"]);
            assert_eq!(r["steps"], 200.0);
            assert!(r["mean_newton_iterations"] > 0.0);
            assert_eq!(r["not_converged"], 0.0);
            assert!(r["mean_solve_ms"] + r["mean_detection_ms"] <= r["mean_step_ms"]);
        }
    }
    for stem in [
        "contacts-vs-bodies",
        "step-time-vs-bodies",
        "iterations-vs-bodies",
    ] {
        for ext in ["png", "svg"] {
            assert!(dir.join(format!("{stem}.{ext}")).is_file(), "{stem}.{ext}");
        }
    }
    assert!(std::fs::read_to_string(dir.join("summary.md"))
        .unwrap()
        .contains("| walls | 32 |"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn clutter_slip_at_rest_stays_below_the_bound() {
    let dir = std::env::temp_dir().join(format!("wolfe-sim-slip-{}", std::process::id()));
    sim_ok(&["clutter-slip", "--quick"], &dir);
    let t = table(&dir.join("slip.csv"), &wolfe_lab::sim::study::SLIP_COLUMNS);
    assert_eq!(t.len(), 6, "three sigmas, with and without walls");
    for r in &t {
        // Eq. 31 with mu = 1, dt = 10 ms.
        let bound = r["sigma"] * 0.01 * 9.81;
        assert!((r["slip_bound"] - bound).abs() <= 1e-12 * bound);
        assert!(r["max_slip"] >= r["mean_slip"]);
        assert!(r["final_contacts"] >= r["touching_contacts"]);
        assert!(r["hessian_condition"] >= 1.0 && r["scaled_hessian_condition"] >= 1.0);
    }
    let at = |sigma: f64, walls: f64| {
        t.iter()
            .find(|r| (r["sigma"] / sigma - 1.0).abs() < 1e-9 && r["walls"] == walls)
            .unwrap()
    };
    // The paper's default sigma, objects piled in the container: at rest, every contact
    // in stiction, the mean slip below the regularization's bound.
    let r = at(1e-3, 1.0);
    assert!(
        r["final_kinetic_energy"] < 1e-3,
        "not at rest: {}",
        r["final_kinetic_energy"]
    );
    assert!(
        r["mean_slip"] < r["slip_bound"],
        "mean slip {} above the bound {}",
        r["mean_slip"],
        r["slip_bound"]
    );
    // Fig. 15: a smaller sigma makes stiction stiffer and H worse conditioned.
    for walls in [1.0, 0.0] {
        assert!(at(1e-4, walls)["scaled_hessian_condition"] > at(1e-2, walls)["scaled_hessian_condition"]);
    }
    for stem in ["slip-vs-sigma", "iterations-vs-sigma", "condition-vs-sigma"] {
        assert!(dir.join(format!("{stem}.png")).is_file(), "{stem}.png");
    }
    assert!(dir.join("summary.md").is_file());
    std::fs::remove_dir_all(&dir).ok();
}
