//! Reading problem sets: the shipped sets parse, malformed files give located errors.

use std::collections::HashSet;
use std::sync::Arc;

use wolfe::Shape;
use wolfe_lab::problem_set::{Category, ProblemSet, ProblemSetError};
use wolfe_testkit::data::{shipped_set, temp_dir};
use wolfe_testkit::sets::{write_set, HEADER, SPHERE_ROW, TWO_SPHERES};

#[test]
fn shipped_sets_parse() {
    for (name, rows) in [
        ("ellipsoids", 1994),
        ("primitives", 1926),
        ("meshes_random", 2000),
    ] {
        let set = ProblemSet::load(&shipped_set(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(set.problems.len(), rows, "{name}");
        assert!(!set.shapes.is_empty());
        for p in &set.problems {
            assert!(p.shape_a < set.shapes.len() && p.shape_b < set.shapes.len());
            assert!(p.dist.is_finite());
            // The shipped sets use the three named categories, consistent with the sign.
            assert_eq!(
                p.category == Category::Overlap,
                p.dist < 0.0,
                "{name} id {}",
                p.id
            );
        }
        let ids: HashSet<u64> = set.problems.iter().map(|p| p.id).collect();
        assert_eq!(ids.len(), rows, "{name}: ids are unique");
    }
}

#[test]
fn shipped_sets_have_the_expected_shape_kinds() {
    let kinds = |name: &str| -> HashSet<&'static str> {
        let set = ProblemSet::load(&shipped_set(name)).unwrap();
        set.shapes.iter().map(|s| s.shape.kind()).collect()
    };
    assert_eq!(kinds("ellipsoids"), HashSet::from(["ellipsoid"]));
    assert_eq!(kinds("meshes_random"), HashSet::from(["mesh"]));
    let prims = kinds("primitives");
    for k in ["sphere", "box", "capsule", "cylinder", "cone"] {
        assert!(prims.contains(k), "primitives lacks {k}: {prims:?}");
    }
}

#[test]
fn each_mesh_file_is_loaded_once() {
    let dir = temp_dir("mesh_once");
    std::fs::create_dir(dir.join("meshes")).unwrap();
    std::fs::write(
        dir.join("meshes/tet.obj"),
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("shapes.json"),
        r#"[{"name":"a","type":"mesh","file":"meshes/tet.obj"},
            {"name":"b","type":"mesh","file":"meshes/tet.obj"}]"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("problems.csv"),
        format!("{HEADER}\n0,a,b,0,0,0,1,0,0,0,3,0,0,1,0,0,0,2,distant\n"),
    )
    .unwrap();
    let set = ProblemSet::load(&dir).unwrap();
    match (&set.shapes[0].shape, &set.shapes[1].shape) {
        (Shape::ConvexMesh(a), Shape::ConvexMesh(b)) => assert!(Arc::ptr_eq(a, b)),
        other => panic!("expected two meshes, got {other:?}"),
    }
}

/// Loads a set expected to be malformed and returns the error and its message.
fn load_err(test: &str, shapes: &str, problems: &str) -> (ProblemSetError, String) {
    let dir = write_set(test, shapes, problems);
    let err = ProblemSet::load(&dir).expect_err("set should be rejected");
    let msg = err.to_string();
    (err, msg)
}

fn valid_problems() -> String {
    format!("{HEADER}\n{SPHERE_ROW}\n")
}

#[test]
fn unknown_shape_type() {
    let shapes = r#"[{"name":"s0","type":"sphere","radius":1},{"name":"t1","type":"torus","radius":1}]"#;
    let (err, msg) = load_err("unknown_type", shapes, &valid_problems());
    assert!(
        matches!(&err, ProblemSetError::ShapeField { index: 1, name, field, .. } if name == "t1" && field == "type"),
        "{err:?}"
    );
    assert!(msg.contains("shapes.json") && msg.contains("torus"), "{msg}");
}

#[test]
fn missing_shape_field() {
    let shapes = r#"[{"name":"s0","type":"sphere"}]"#;
    let (err, msg) = load_err("missing_field", shapes, &valid_problems());
    assert!(
        matches!(&err, ProblemSetError::ShapeField { index: 0, field, .. } if field == "radius"),
        "{err:?}"
    );
    assert!(msg.contains("missing field"), "{msg}");
    let (err, _) = load_err(
        "missing_name",
        r#"[{"type":"sphere","radius":1}]"#,
        &valid_problems(),
    );
    assert!(
        matches!(&err, ProblemSetError::ShapeField { field, .. } if field == "name"),
        "{err:?}"
    );
}

#[test]
fn ill_typed_and_invalid_shape_fields() {
    let (err, _) = load_err(
        "bad_radii",
        r#"[{"name":"e","type":"ellipsoid","radii":[1,2]}]"#,
        &valid_problems(),
    );
    assert!(
        matches!(&err, ProblemSetError::ShapeField { field, .. } if field == "radii"),
        "{err:?}"
    );
    let (err, msg) = load_err(
        "negative_radius",
        r#"[{"name":"s","type":"sphere","radius":-1}]"#,
        &valid_problems(),
    );
    assert!(
        matches!(&err, ProblemSetError::ShapeField { field, .. } if field == "radius"),
        "{err:?}"
    );
    assert!(msg.contains("-1"), "{msg}");
}

#[test]
fn invalid_json_names_line_and_column() {
    let (err, msg) = load_err("bad_json", "[\n{\"name\": \"s0\",, }\n]", &valid_problems());
    assert!(matches!(err, ProblemSetError::Json { line: 2, .. }), "{err:?}");
    assert!(msg.contains("shapes.json:2:"), "{msg}");
    let (err, _) = load_err("not_array", r#"{"name":"s0"}"#, &valid_problems());
    assert!(matches!(err, ProblemSetError::NotAShapeArray { .. }), "{err:?}");
}

#[test]
fn duplicate_shape_name() {
    let shapes = r#"[{"name":"s","type":"sphere","radius":1},{"name":"s","type":"sphere","radius":2}]"#;
    let (err, _) = load_err("duplicate", shapes, &valid_problems());
    assert!(
        matches!(&err, ProblemSetError::DuplicateShapeName { index: 1, name, .. } if name == "s"),
        "{err:?}"
    );
}

#[test]
fn missing_mesh_file() {
    let shapes = r#"[{"name":"m","type":"mesh","file":"meshes/nope.obj"}]"#;
    let (err, msg) = load_err("missing_mesh", shapes, &valid_problems());
    assert!(
        matches!(&err, ProblemSetError::MissingMeshFile { shape, .. } if shape == "m"),
        "{err:?}"
    );
    assert!(msg.contains("nope.obj"), "{msg}");
}

#[test]
fn unknown_shape_name_in_a_row() {
    let problems = format!("{HEADER}\n{SPHERE_ROW}\n1,s0,s9,0,0,0,1,0,0,0,2,0,0,1,0,0,0,1.25,distant\n");
    let (err, msg) = load_err("unknown_name", TWO_SPHERES, &problems);
    assert!(
        matches!(
            err,
            ProblemSetError::Field {
                line: 3,
                field: "shape_b",
                ..
            }
        ),
        "{err:?}"
    );
    assert!(
        msg.contains("problems.csv: line 3") && msg.contains("s9"),
        "{msg}"
    );
}

#[test]
fn bad_quaternion() {
    let problems = format!("{HEADER}\n0,s0,s1,0,0,0,1,1,0,0,2,0,0,1,0,0,0,1.25,distant\n");
    let (err, msg) = load_err("bad_quat", TWO_SPHERES, &problems);
    assert!(
        matches!(
            err,
            ProblemSetError::Field {
                line: 2,
                field: "aq",
                ..
            }
        ),
        "{err:?}"
    );
    assert!(msg.contains("quaternion"), "{msg}");
    let problems = format!("{HEADER}\n0,s0,s1,0,0,0,1,0,0,0,2,0,0,0,0,0,0,1.25,distant\n");
    let (err, _) = load_err("zero_quat", TWO_SPHERES, &problems);
    assert!(
        matches!(err, ProblemSetError::Field { field: "bq", .. }),
        "{err:?}"
    );
}

#[test]
fn nan_and_non_numbers() {
    let problems = format!("{HEADER}\n0,s0,s1,0,0,0,1,0,0,0,2,0,0,1,0,0,0,NaN,distant\n");
    let (err, msg) = load_err("nan_dist", TWO_SPHERES, &problems);
    assert!(
        matches!(
            err,
            ProblemSetError::Field {
                line: 2,
                field: "dist",
                ..
            }
        ),
        "{err:?}"
    );
    assert!(msg.contains("not finite"), "{msg}");
    let problems = format!("{HEADER}\n0,s0,s1,0,zero,0,1,0,0,0,2,0,0,1,0,0,0,1.25,distant\n");
    let (err, _) = load_err("text_number", TWO_SPHERES, &problems);
    assert!(
        matches!(err, ProblemSetError::Field { field: "ay", .. }),
        "{err:?}"
    );
    let problems = format!("{HEADER}\n0,s0,s1,0,0,0,1,0,0,0,inf,0,0,1,0,0,0,1.25,distant\n");
    let (err, _) = load_err("inf_number", TWO_SPHERES, &problems);
    assert!(
        matches!(err, ProblemSetError::Field { field: "bx", .. }),
        "{err:?}"
    );
}

#[test]
fn empty_field_and_bad_id_and_category() {
    let problems = format!("{HEADER}\n0,s0,s1,0,0,,1,0,0,0,2,0,0,1,0,0,0,1.25,distant\n");
    let (err, msg) = load_err("empty_field", TWO_SPHERES, &problems);
    assert!(
        matches!(err, ProblemSetError::Field { field: "az", .. }),
        "{err:?}"
    );
    assert!(msg.contains("missing value"), "{msg}");
    let problems = format!("{HEADER}\n-3,s0,s1,0,0,0,1,0,0,0,2,0,0,1,0,0,0,1.25,distant\n");
    let (err, _) = load_err("bad_id", TWO_SPHERES, &problems);
    assert!(
        matches!(err, ProblemSetError::Field { field: "id", .. }),
        "{err:?}"
    );
    let problems = format!("{HEADER}\n0,s0,s1,0,0,0,1,0,0,0,2,0,0,1,0,0,0,1.25,faraway\n");
    let (err, _) = load_err("bad_category", TWO_SPHERES, &problems);
    assert!(
        matches!(
            err,
            ProblemSetError::Field {
                field: "category",
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn missing_column_and_ragged_rows() {
    let header = HEADER.replace(",dist", ",distance");
    let (err, _) = load_err(
        "missing_column",
        TWO_SPHERES,
        &format!("{header}\n{SPHERE_ROW}\n"),
    );
    assert!(
        matches!(err, ProblemSetError::MissingColumn { column: "dist", .. }),
        "{err:?}"
    );
    let problems = format!("{HEADER}\n{SPHERE_ROW}\n1,s0,s1,0,0,0\n");
    let (err, msg) = load_err("ragged", TWO_SPHERES, &problems);
    assert!(matches!(err, ProblemSetError::Csv { line: 3, .. }), "{err:?}");
    assert!(msg.contains("problems.csv"), "{msg}");
}

#[test]
fn missing_files() {
    let dir = temp_dir("missing_files");
    let err = ProblemSet::load(&dir).unwrap_err();
    assert!(matches!(err, ProblemSetError::Io { .. }), "{err:?}");
    assert!(err.to_string().contains("shapes.json"));
    std::fs::write(dir.join("shapes.json"), TWO_SPHERES).unwrap();
    let err = ProblemSet::load(&dir).unwrap_err();
    assert!(err.to_string().contains("problems.csv"), "{err}");
}

#[test]
fn a_valid_hand_written_set() {
    let dir = write_set("valid", TWO_SPHERES, &valid_problems());
    let set = ProblemSet::load(&dir).unwrap();
    assert_eq!(set.problems.len(), 1);
    let p = &set.problems[0];
    assert_eq!(
        (p.id, p.line, p.dist, p.category),
        (0, 2, 1.25, Category::Distant)
    );
    assert_eq!(p.pose_b.translation.x, 2.0);
    assert_eq!(set.shapes[p.shape_b].name, "s1");
}
