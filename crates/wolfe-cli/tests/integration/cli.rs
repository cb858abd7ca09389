//! End-to-end runs of the `wolfe` binary.

use std::path::Path;

use wolfe_lab::problem_set::ProblemSet;
use wolfe_testkit::sets::{subset, write_set, HEADER, SPHERE_ROW, TWO_SPHERES};

use crate::common;
use common::{text, wolfe};

/// Runs `wolfe run` on `set`, asserts success, returns stdout and the result rows.
fn run_ok(set: &Path, solver: &str, task: &str, repeats: &str) -> (String, Vec<Vec<String>>) {
    let out = set.join(format!("results-{solver}-{task}.csv"));
    let o = wolfe(&[
        "run",
        "--set",
        set.to_str().unwrap(),
        "--solver",
        solver,
        "--task",
        task,
        "--repeats",
        repeats,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{solver} {task}: {}", text(&o.stderr));
    let csv = std::fs::read_to_string(&out).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("id,solver,task,value,iterations,ns_per_query"));
    let rows = lines
        .map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>())
        .collect();
    (text(&o.stdout), rows)
}

#[test]
fn distance_run_matches_the_reference() {
    let dir = subset("cli_distance", "primitives", 60);
    let set = ProblemSet::load(&dir).unwrap();
    let (stdout, rows) = run_ok(&dir, "gjk", "distance", "3");
    assert_eq!(rows.len(), set.problems.len());
    for (row, p) in rows.iter().zip(&set.problems) {
        assert_eq!(row.len(), 6);
        assert_eq!(row[0], p.id.to_string());
        assert_eq!((row[1].as_str(), row[2].as_str()), ("gjk", "distance"));
        let value: f64 = row[3].parse().unwrap();
        let _: u32 = row[4].parse().unwrap();
        let _: u64 = row[5].parse().unwrap();
        if p.dist > 0.0 {
            let rel = (value - p.dist).abs() / p.dist;
            assert!(rel <= 1e-6, "id {}: {value} vs reference {}", p.id, p.dist);
        } else {
            assert_eq!(value, 0.0, "id {} overlaps", p.id);
        }
    }
    for needle in [
        "rows",
        "mean iterations",
        "median ns/query",
        "max rel. error",
        "non-converged",
    ] {
        assert!(stdout.contains(needle), "summary lacks {needle}:\n{stdout}");
    }
}

#[test]
fn collision_run_agrees_with_the_sign_of_the_reference() {
    let dir = subset("cli_collision", "ellipsoids", 40);
    let set = ProblemSet::load(&dir).unwrap();
    let (stdout, rows) = run_ok(&dir, "nesterov", "collision", "2");
    assert_eq!(rows.len(), set.problems.len());
    for (row, p) in rows.iter().zip(&set.problems) {
        let expected = if p.dist < 0.0 { "1" } else { "0" };
        assert_eq!(row[3], expected, "id {}", p.id);
    }
    assert!(stdout.contains("disagreements        0"), "{stdout}");
}

#[test]
fn every_solver_runs_on_meshes() {
    let dir = subset("cli_solvers", "meshes_random", 20);
    for solver in [
        "gjk",
        "polyak",
        "nesterov",
        "nesterov-norm",
        "nesterov-nonorm",
        "fw",
        "auto",
    ] {
        let (_, rows) = run_ok(&dir, solver, "distance", "1");
        assert_eq!(rows.len(), 20, "{solver}");
        assert!(rows.iter().all(|r| r[1] == solver));
    }
}

#[test]
fn user_errors_exit_nonzero_without_panicking() {
    let check = |args: &[&str], needle: &str| {
        let o = wolfe(args);
        let err = text(&o.stderr);
        assert!(!o.status.success(), "{args:?} should fail");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: expected `{needle}` in\n{err}");
    };
    let missing = std::env::temp_dir().join("wolfe-cli-no-such-set");
    check(&["run", "--set", missing.to_str().unwrap()], "shapes.json");
    let bad = write_set(
        "cli_bad_row",
        TWO_SPHERES,
        &format!("{HEADER}\n{SPHERE_ROW}\n1,s0,s1,0,0,0,1,0,0,0,2,0,0,2,0,0,0,1.25,distant\n"),
    );
    check(&["run", "--set", bad.to_str().unwrap()], "line 3, field `bq`");
    let good = write_set("cli_good", TWO_SPHERES, &format!("{HEADER}\n{SPHERE_ROW}\n"));
    let g = good.to_str().unwrap();
    check(&["run", "--set", g, "--solver", "newton"], "invalid value");
    check(&["run", "--set", g, "--repeats", "0"], "--repeats");
    check(&["run", "--set", g, "--tolerance", "-1"], "tolerance");
    let out_in_missing_dir = good.join("no/such/dir/results.csv");
    check(
        &[
            "run",
            "--set",
            g,
            "--repeats",
            "1",
            "--out",
            out_in_missing_dir.to_str().unwrap(),
        ],
        "cannot write",
    );
}

#[test]
fn generate_then_run() {
    let dir = wolfe_testkit::data::temp_dir("cli_generate");
    let set = dir.join("set");
    let o = wolfe(&[
        "generate",
        "ellipsoids",
        "--out",
        set.to_str().unwrap(),
        "--pairs",
        "2",
        "--poses",
        "2",
        "--seed",
        "5",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("40 problems"), "{}", text(&o.stdout));
    let (_, rows) = run_ok(&set, "polyak", "distance", "1");
    assert_eq!(rows.len(), 40);
}

/// `wolfe run --task growth [--warm]` rows: the library's alpha* at the problem's poses.
fn growth_rows(set: &Path, warm: bool) -> Vec<Vec<String>> {
    let out = set.join(format!("results-growth-{warm}.csv"));
    let mut args = vec![
        "run",
        "--set",
        set.to_str().unwrap(),
        "--task",
        "growth",
        "--repeats",
        "3",
        "--out",
        out.to_str().unwrap(),
    ];
    if warm {
        args.push("--warm");
    }
    let o = wolfe(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("task growth"));
    let csv = std::fs::read_to_string(&out).unwrap();
    csv.lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn growth_run_cold_and_warm_give_the_library_answer() {
    let tol = f64::EPSILON.sqrt();
    for family in ["primitives", "meshes_random"] {
        let dir = subset(&format!("cli_growth_{family}"), family, 40);
        let set = ProblemSet::load(&dir).unwrap();
        let cold = growth_rows(&dir, false);
        let warm = growth_rows(&dir, true);
        assert_eq!((cold.len(), warm.len()), (set.problems.len(), set.problems.len()));
        let mut solver = wolfe::GrowthSolver::new(wolfe::GrowthSettings::default()).unwrap();
        for ((c, w), p) in cold.iter().zip(&warm).zip(&set.problems) {
            assert_eq!((c[1].as_str(), c[2].as_str()), ("growth", "growth"));
            let (a, b) = set.shapes_of(p);
            let want = solver
                .growth_distance(a, &p.pose_a, b, &p.pose_b, None, None)
                .unwrap()
                .alpha;
            for row in [c, w] {
                let value: f64 = row[3].parse().unwrap();
                assert!(
                    (value - want).abs() <= 2.0 * tol * want,
                    "id {}: {value} vs {want}",
                    p.id
                );
            }
            // alpha* < 1 exactly when the shapes overlap (away from touching).
            if p.dist.abs() > 1e-6 {
                assert_eq!(want < 1.0, p.dist < 0.0, "id {}", p.id);
            }
        }
    }
    // --warm is for task growth only.
    let dir = subset("cli_growth_bad", "primitives", 5);
    let o = wolfe(&[
        "run",
        "--set",
        dir.to_str().unwrap(),
        "--task",
        "distance",
        "--warm",
    ]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("--warm"));
}

#[test]
fn penetration_run_gives_signed_distances() {
    let dir = subset("cli_penetration", "primitives", 60);
    let set = ProblemSet::load(&dir).unwrap();
    let (stdout, rows) = run_ok(&dir, "gjk", "penetration", "3");
    assert_eq!(rows.len(), set.problems.len());
    let mut overlaps = 0;
    for (row, p) in rows.iter().zip(&set.problems) {
        assert_eq!((row[1].as_str(), row[2].as_str()), ("gjk", "penetration"));
        let value: f64 = row[3].parse().unwrap();
        // The shipped references are exact signed distances, depths included.
        let rel = (value - p.dist).abs() / p.dist.abs();
        assert!(rel <= 1.5e-6, "id {}: {value} vs reference {}", p.id, p.dist);
        overlaps += usize::from(p.dist < 0.0);
    }
    assert!(overlaps > 0, "the subset has overlap rows");
    assert!(stdout.contains("signed distance <= 0"), "{stdout}");
}

/// `wolfe run` on a set without reference answers: the reference columns empty, or
/// left out of the header. The values are those of the same set with its reference.
#[test]
fn run_without_reference_columns() {
    let with = write_set("cli_ref_with", TWO_SPHERES, &format!("{HEADER}\n{SPHERE_ROW}\n"));
    let (_, reference_rows) = run_ok(&with, "gjk", "distance", "1");
    let empty_row = SPHERE_ROW.replace(",1.25,distant", ",,");
    let short_header = HEADER.replace(",dist,category", "");
    let short_row = SPHERE_ROW.replace(",1.25,distant", "");
    for (name, problems) in [
        ("cli_ref_empty", format!("{HEADER}\n{empty_row}\n")),
        ("cli_ref_absent", format!("{short_header}\n{short_row}\n")),
    ] {
        let dir = write_set(name, TWO_SPHERES, &problems);
        for task in ["distance", "collision", "penetration", "growth"] {
            let (stdout, rows) = run_ok(&dir, "gjk", task, "1");
            assert_eq!(rows.len(), 1, "{name} {task}");
            assert!(stdout.contains("answers not checked"), "{name} {task}:\n{stdout}");
            assert!(!stdout.contains("disagreements"), "{name} {task}:\n{stdout}");
            if task == "distance" {
                assert_eq!(rows[0][3], reference_rows[0][3], "{name}: the same distance");
                assert_eq!(rows[0][3].parse::<f64>().unwrap(), 1.25);
            }
        }
    }
    // A reference on some rows only is refused, naming the line and the field.
    let second = SPHERE_ROW.replacen("0,", "1,", 1);
    let dir = write_set(
        "cli_ref_mixed",
        TWO_SPHERES,
        &format!("{HEADER}\n{empty_row}\n{second}\n"),
    );
    let out = dir.join("results.csv");
    let o = wolfe(&[
        "run",
        "--set",
        dir.to_str().unwrap(),
        "--repeats",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let stderr = text(&o.stderr);
    assert!(
        stderr.contains("line 3, field `dist`") && stderr.contains("every row or on none"),
        "{stderr}"
    );
}
