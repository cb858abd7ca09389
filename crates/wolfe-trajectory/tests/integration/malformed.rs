//! Malformed folders give typed errors naming the file, and for a bad field its line
//! and column; folders written before `mass`, `visual`, `contacts.csv` and
//! `patches.csv` still read.

use std::path::Path;

use wolfe_trajectory::{Recording, TrajectoryError};

const SCENE: &str = "object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh\n\
                     0,box0,box,0,0,0,0,1,0,0,0,0.05,0.05,0.05,\n\
                     1,static1,halfspace,1,0,0,0,1,0,0,0,0,0,0,\n";
const TRAJECTORY: &str =
    "step,time,body,x,y,z,qw,qx,qy,qz\n0,0,0,0,0,0.5,1,0,0,0\n1,0.01,0,0,0,0.49,1,0,0,0\n";
const CONTACTS: &str = "step,time,a,b,x,y,z,nx,ny,nz,fn,ft\n";

/// A folder as written before `mass`, `visual` and `contacts.csv` existed.
fn old_folder(dir: &Path) {
    std::fs::write(dir.join("scene.csv"), SCENE).unwrap();
    std::fs::write(dir.join("trajectory.csv"), TRAJECTORY).unwrap();
}

/// The error of reading the old folder with `file` replaced by `text`.
fn error_with(file: &str, text: &str) -> TrajectoryError {
    let dir = tempfile::tempdir().unwrap();
    old_folder(dir.path());
    std::fs::write(dir.path().join(file), text).unwrap();
    let err = Recording::read(dir.path()).unwrap_err();
    assert!(err.path().ends_with(file), "{file}: {err}");
    assert!(err.to_string().contains(file), "{err}");
    err
}

#[test]
fn an_old_folder_reads_without_masses_and_contacts() {
    let dir = tempfile::tempdir().unwrap();
    old_folder(dir.path());
    let rec = Recording::read(dir.path()).unwrap();
    assert_eq!((rec.bodies, rec.objects.len(), rec.frames.len()), (1, 2, 2));
    assert_eq!(rec.objects[0].mass, None);
    assert!(!rec.has_contacts && !rec.has_patches);
    assert_eq!(rec.frames[1].poses[0][2], 0.49);
    // Unknown columns are ignored, a hand-written quaternion is normalized.
    let extra = "step,time,body,x,y,z,qw,qx,qy,qz,note\n0,0,0,0,0,0.5,2,0,0,0,hello\n";
    std::fs::write(dir.path().join("trajectory.csv"), extra).unwrap();
    let rec = Recording::read(dir.path()).unwrap();
    assert_eq!(rec.frames[0].poses[0][3..], [1.0, 0.0, 0.0, 0.0]);
}

#[test]
fn a_bad_field_names_its_file_line_and_column() {
    #[rustfmt::skip]
    let cases: Vec<(&str, String, u64, &str, &str)> = vec![
        ("scene.csv", SCENE.replace("0,box0,box", "0,box0,blob"), 2, "kind", "unknown shape kind"),
        ("scene.csv", SCENE.replace("0.05,0.05,0.05", "0.05,NaN,0.05"), 2, "p1", "finite number"),
        ("scene.csv", SCENE.replace("1,static1,halfspace,1", "1,static1,halfspace,2"), 3, "static", "0 or 1"),
        ("scene.csv", SCENE.replace("1,static1", "2,static1"), 3, "object", "in order"),
        ("scene.csv", SCENE.replace("0.05,\n", "0.05,../box.obj\n"), 2, "mesh", "beside scene.csv"),
        ("trajectory.csv", TRAJECTORY.replace("0.5,1,0", "0.5,0,0"), 2, "qw", "non-zero"),
        ("trajectory.csv", TRAJECTORY.replace("0.01,0,0", "0.01,1,0"), 3, "body", "listed 0, 1, 2"),
        ("trajectory.csv", TRAJECTORY.replace("1,0.01", "x,0.01"), 3, "step", "step number"),
        ("contacts.csv", format!("{CONTACTS}1,0,1,0,0,0,0,0,0,1,1,0\n7,0,1,0,0,0,0,0,0,1,1,0\n"), 3, "step", "does not record"),
        ("contacts.csv", format!("{CONTACTS}1,0,9,0,0,0,0,0,0,1,1,0\n"), 2, "a", "out of range"),
        ("contacts.csv", format!("{CONTACTS}1,0,1,5,0,0,0,0,0,1,1,0\n"), 2, "b", "out of range"),
        ("contacts.csv", format!("{CONTACTS}1,0,1,0,0,0,0,0,0,1,inf,0\n"), 2, "fn", "finite number"),
    ];
    for (file, text, line, column, reason) in cases {
        match error_with(file, &text) {
            TrajectoryError::BadField {
                line: l,
                column: c,
                reason: r,
                ..
            } => {
                assert_eq!((l, c), (line, column), "{file}: {text}");
                assert!(r.contains(reason), "{file}: {r}");
            }
            other => panic!("{file}: expected a bad field, got {other}"),
        }
    }
    // The message reads `path:line: column ...`.
    let err = error_with("scene.csv", &SCENE.replace("0,box0,box", "0,box0,blob"));
    assert!(err.to_string().contains("scene.csv:2: column `kind`"), "{err}");
}

#[test]
fn missing_columns_files_and_steps_and_bad_meshes_are_typed_errors() {
    let err = error_with("scene.csv", &SCENE.replace(",p2,", ",q2,"));
    assert!(
        matches!(err, TrajectoryError::MissingColumn { column: "p2", .. }),
        "{err}"
    );
    let err = error_with("trajectory.csv", "step,time,body,x,y,z,qw,qx,qy,qz\n");
    assert!(matches!(&err, TrajectoryError::Inconsistent { reason, .. } if reason == "no recorded step"));
    let err = error_with(
        "trajectory.csv",
        "step,time,body,x,y,z,qw,qx,qy,qz\n0,0,0,0,0,0.5,1,0,0,0\n0,0,1,0,0,0.5,1,0,0,0\n",
    );
    assert!(
        matches!(
            err,
            TrajectoryError::BadField {
                line: 3,
                column: "body",
                ..
            }
        ),
        "{err}"
    );
    let err = error_with("contacts.csv", "step,time,a,b\n");
    assert!(
        matches!(err, TrajectoryError::MissingColumn { column: "x", .. }),
        "{err}"
    );
    let err = error_with(
        "scene.csv",
        &SCENE
            .replace("1,static1,halfspace,1", "1,static1,box,0")
            .replace("0,box0,box,0", "0,box0,box,1"),
    );
    assert!(
        matches!(err, TrajectoryError::Inconsistent { .. }),
        "statics follow the bodies: {err}"
    );
    // A ragged row is the CSV reader's error, with the file named.
    let err = error_with("scene.csv", &SCENE.replace("0.05,0.05,0.05,", "0.05,0.05"));
    assert!(matches!(err, TrajectoryError::Csv { .. }), "{err}");
    // No folder at all.
    let empty = tempfile::tempdir().unwrap();
    let err = Recording::read(empty.path()).unwrap_err();
    assert!(matches!(err, TrajectoryError::Csv { .. }) && err.path().ends_with("scene.csv"));
    // An OBJ file without triangles, and one that is missing.
    let dir = tempfile::tempdir().unwrap();
    old_folder(dir.path());
    std::fs::write(
        dir.path().join("scene.csv"),
        SCENE.replace("0.05,\n", "0.05,box.obj\n"),
    )
    .unwrap();
    std::fs::write(dir.path().join("box.obj"), "v 0 0 0\nv 1 0 0\n").unwrap();
    let err = Recording::read(dir.path()).unwrap_err();
    assert!(
        matches!(&err, TrajectoryError::Mesh { path, .. } if path.ends_with("box.obj")),
        "{err}"
    );
    // A bad OBJ line is named by its number.
    for (obj, words) in [
        ("v 0 0 0\nv 1 0 0\nv 0 nan 1\nf 1 2 3\n", "line 3"),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n", "line 4"),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 x\n", "line 4"),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n", "beyond the 3 vertices"),
    ] {
        std::fs::write(dir.path().join("box.obj"), obj).unwrap();
        let err = Recording::read(dir.path()).unwrap_err();
        assert!(
            matches!(&err, TrajectoryError::Mesh { reason, .. } if reason.contains(words)),
            "{err}"
        );
    }
    // Polygons are fanned, negative indices count back, texture and normal indices are
    // skipped.
    std::fs::write(
        dir.path().join("box.obj"),
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvn 0 0 1\nf -4//1 -3//1 3/1/1 4\n",
    )
    .unwrap();
    let rec = Recording::read(dir.path()).unwrap();
    assert_eq!(
        rec.objects[0].mesh.as_ref().unwrap().triangles,
        [[0, 1, 2], [0, 2, 3]]
    );
    std::fs::remove_file(dir.path().join("box.obj")).unwrap();
    assert!(matches!(
        Recording::read(dir.path()),
        Err(TrajectoryError::Mesh { .. })
    ));
}
