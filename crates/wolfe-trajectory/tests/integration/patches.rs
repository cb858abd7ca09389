//! `patches.csv`: the contact polygons the writer writes read back exactly, in the rows
//! of `docs/trajectory-format.md`; a run without patches has no such file; the writer
//! refuses polygons the format cannot hold and the reader names the line and column of
//! a malformed row.

use std::path::Path;

use wolfe::{HalfSpace, Pose, Shape, Sphere, Vec3};
use wolfe_trajectory::{Body, PatchRecord, Recording, SceneWriter, TrajectoryError};

/// Polygon `k` of a deterministic sequence: `3 + k % 4` vertices on a circle about an
/// irrational centre, irrational pressure and area, objects `(2, k % 2)`.
fn polygon(k: usize) -> PatchRecord {
    let t = k as f64 + 1.0;
    let n = 3 + k % 4;
    let centre = [0.1 * t.sqrt(), -0.3 / t, 0.01 * t.ln()];
    PatchRecord {
        a: 2,
        b: k % 2,
        pressure: 1.5e5 / (t + std::f64::consts::PI),
        area: 1e-6 * t.sqrt(),
        vertices: (0..n)
            .map(|j| {
                let angle = std::f64::consts::TAU * j as f64 / n as f64 + 0.1 * t;
                [
                    centre[0] + 1e-3 * angle.cos(),
                    centre[1] + 1e-3 * angle.sin(),
                    centre[2],
                ]
            })
            .collect(),
    }
}

/// Writes two balls and the ground, frames 0..=3, and `patches(step)` per step.
fn write(dir: &Path, patches: impl Fn(u64) -> Vec<PatchRecord>) {
    let ball: Shape = Sphere::new(0.05).unwrap().into();
    let mut scene = SceneWriter::create(dir).unwrap();
    for name in ["ball0", "ball1"] {
        scene
            .body(&Body {
                name,
                shape: &ball,
                shape_pose: Pose::identity(),
                mass: Some(0.5),
                visual: None,
            })
            .unwrap();
    }
    scene
        .half_space("ground", &HalfSpace::new(Vec3::z(), 0.0).unwrap())
        .unwrap();
    let mut run = scene.finish().unwrap();
    for step in 0..=3u64 {
        let time = step as f64 * 0.005;
        run.frame(step, time, &[Pose::identity(); 2]).unwrap();
        for p in patches(step) {
            run.patch(step, time, &p).unwrap();
        }
    }
    run.finish().unwrap();
}

/// Steps 1 and 3 have polygons (3 and 5 of them), steps 0 and 2 none.
fn some_patches(step: u64) -> Vec<PatchRecord> {
    match step {
        1 => (0..3).map(polygon).collect(),
        3 => (10..15).map(polygon).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn written_patches_read_back_exactly_in_their_steps() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), some_patches);
    let rec = Recording::read(dir.path()).unwrap();
    assert!(rec.has_patches);
    assert_eq!(rec.frames.len(), 4);
    for f in &rec.frames {
        assert_eq!(f.patches, some_patches(f.step), "step {}", f.step);
    }
    // Every vertex count from 3 to 6 was written.
    let counts: Vec<usize> = rec.frames[3].patches.iter().map(|p| p.vertices.len()).collect();
    assert_eq!(counts, [5, 6, 3, 4, 5]);
}

#[test]
fn a_run_without_patches_has_no_patches_file() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), |_| Vec::new());
    assert!(!dir.path().join("patches.csv").exists());
    let rec = Recording::read(dir.path()).unwrap();
    assert!(!rec.has_patches);
    assert!(rec.frames.iter().all(|f| f.patches.is_empty()));
}

#[test]
fn the_rows_are_those_of_the_format_description() {
    let dir = tempfile::tempdir().unwrap();
    let triangle = PatchRecord {
        a: 2,
        b: 0,
        pressure: 12500.5,
        area: 5e-7,
        vertices: vec![[0.001, 0.0, 0.0], [0.0, 0.001, 0.0], [-0.001, 0.0, 0.0]],
    };
    let square = PatchRecord {
        pressure: 8000.0,
        area: 1e-6,
        vertices: vec![
            [0.002, 0.0, 0.0],
            [0.003, 0.0, 0.0],
            [0.003, 0.001, 0.0],
            [0.002, 0.001, 0.0],
        ],
        ..triangle.clone()
    };
    write(dir.path(), |step| {
        if step == 1 {
            vec![triangle.clone(), square.clone()]
        } else {
            Vec::new()
        }
    });
    let text = std::fs::read_to_string(dir.path().join("patches.csv")).unwrap();
    assert_eq!(
        text,
        "step,time,polygon,a,b,pressure,area,x,y,z\n\
         1,0.005,0,2,0,12500.5,0.0000005,0.001,0,0\n\
         1,0.005,0,2,0,12500.5,0.0000005,0,0.001,0\n\
         1,0.005,0,2,0,12500.5,0.0000005,-0.001,0,0\n\
         1,0.005,1,2,0,8000,0.000001,0.002,0,0\n\
         1,0.005,1,2,0,8000,0.000001,0.003,0,0\n\
         1,0.005,1,2,0,8000,0.000001,0.003,0.001,0\n\
         1,0.005,1,2,0,8000,0.000001,0.002,0.001,0\n"
    );
}

#[test]
fn polygons_the_format_cannot_hold_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ball: Shape = Sphere::new(0.05).unwrap().into();
    let mut scene = SceneWriter::create(dir.path()).unwrap();
    scene
        .body(&Body {
            name: "ball",
            shape: &ball,
            shape_pose: Pose::identity(),
            mass: Some(1.0),
            visual: None,
        })
        .unwrap();
    let mut run = scene.finish().unwrap();
    let good = PatchRecord {
        b: 0,
        a: 0,
        ..polygon(0)
    };
    let cases = [
        (PatchRecord { a: 1, ..good.clone() }, "objects 1 and 0 of 1"),
        (
            PatchRecord {
                vertices: good.vertices[..2].to_vec(),
                ..good.clone()
            },
            "2 vertices",
        ),
        (
            PatchRecord {
                pressure: -1.0,
                ..good.clone()
            },
            "negative pressure",
        ),
        (
            PatchRecord {
                area: f64::NAN,
                ..good.clone()
            },
            "not finite",
        ),
    ];
    for (p, words) in cases {
        match run.patch(1, 0.01, &p) {
            Err(TrajectoryError::BadInput { path, reason }) => {
                assert!(path.ends_with("patches.csv"), "{path:?}");
                assert!(reason.contains(words), "{reason}");
            }
            other => panic!("expected BadInput about {words}, got {other:?}"),
        }
    }
    // Nothing refused was written: no file yet.
    assert!(!dir.path().join("patches.csv").exists());
    run.patch(2, 0.02, &good).unwrap();
    assert!(matches!(
        run.patch(1, 0.01, &good),
        Err(TrajectoryError::BadInput { reason, .. }) if reason.contains("before the last patch")
    ));
}

const HEADER: &str = "step,time,polygon,a,b,pressure,area,x,y,z\n";

/// A good polygon's three rows: step `step`, number `k`.
fn rows(step: u64, k: usize) -> String {
    (0..3)
        .map(|j| format!("{step},0,{k},2,0,1000,0.000001,{j},0,0\n"))
        .collect()
}

/// The error of reading a good folder whose `patches.csv` is `text`.
fn error_with(text: &str) -> TrajectoryError {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), |_| Vec::new());
    std::fs::write(dir.path().join("patches.csv"), text).unwrap();
    let err = Recording::read(dir.path()).unwrap_err();
    assert!(err.path().ends_with("patches.csv"), "{err}");
    assert!(err.to_string().contains("patches.csv"), "{err}");
    err
}

#[test]
fn a_hand_written_file_reads_and_a_malformed_one_names_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), |_| Vec::new());
    let good = format!("{HEADER}{}{}{}", rows(1, 0), rows(1, 1), rows(3, 0));
    std::fs::write(dir.path().join("patches.csv"), &good).unwrap();
    let rec = Recording::read(dir.path()).unwrap();
    let counts: Vec<usize> = rec.frames.iter().map(|f| f.patches.len()).collect();
    assert_eq!(counts, [0, 2, 0, 1]);
    assert_eq!(rec.frames[3].patches[0].vertices[2], [2.0, 0.0, 0.0]);

    // (text, line, column, reason); the header is line 1.
    let two = |step: u64, k: usize| {
        rows(step, k)
            .lines()
            .take(2)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    };
    #[rustfmt::skip]
    let cases: Vec<(String, u64, &str, &str)> = vec![
        (format!("{HEADER}{}", rows(7, 0)), 2, "step", "does not record"),
        (format!("{HEADER}{}", rows(1, 0).replacen(",2,0,", ",9,0,", 1)), 2, "a", "out of range"),
        (format!("{HEADER}{}", rows(1, 0).replacen(",1000,", ",-5,", 1)), 2, "pressure", "non-negative"),
        (format!("{HEADER}{}", rows(1, 0).replacen(",0.000001,", ",NaN,", 1)), 2, "area", "finite number"),
        (format!("{HEADER}{}", rows(1, 0).replacen(",0,0\n", ",inf,0\n", 1)), 2, "y", "finite number"),
        (format!("{HEADER}{}", rows(1, 1)), 2, "polygon", "numbered 0, 1, 2"),
        (format!("{HEADER}{}{}", rows(1, 0), rows(1, 2)), 5, "polygon", "numbered 0, 1, 2"),
        (format!("{HEADER}{}", rows(1, 0).replace(",2,0,1000,0.000001,2,", ",2,1,1000,0.000001,2,")), 4, "b", "first row"),
        (format!("{HEADER}{}", rows(1, 0).replace("1000,0.000001,1,", "999,0.000001,1,")), 3, "pressure", "first row"),
        (format!("{HEADER}{}{}", two(1, 0), rows(1, 1)), 2, "polygon", "at least 3 vertices"),
        (format!("{HEADER}{}{}", rows(1, 0), two(1, 1)), 5, "polygon", "at least 3 vertices"),
        (format!("{HEADER}{}{}", rows(3, 0), rows(1, 0)), 5, "step", "in order"),
        (format!("{HEADER}{}{}{}", rows(1, 0), rows(3, 0), rows(1, 1)), 8, "step", "in order"),
        (format!("{HEADER}{}", rows(1, 0).replacen("1,0,0,", "1,0,x,", 1)), 2, "polygon", "non-negative integer"),
    ];
    for (text, line, column, reason) in cases {
        match error_with(&text) {
            TrajectoryError::BadField {
                line: l,
                column: c,
                reason: r,
                ..
            } => {
                assert_eq!((l, c), (line, column), "{text}");
                assert!(r.contains(reason), "{r}: {text}");
            }
            other => panic!("expected a bad field, got {other}: {text}"),
        }
    }
    let err = error_with(&format!("{}{}", HEADER.replace(",area,", ",areas,"), rows(1, 0)));
    assert!(
        matches!(err, TrajectoryError::MissingColumn { column: "area", .. }),
        "{err}"
    );
    // The message reads `path:line: column ...`.
    let err = error_with(&format!("{HEADER}{}", rows(7, 0)));
    assert!(err.to_string().contains("patches.csv:2: column `step`"), "{err}");
}
