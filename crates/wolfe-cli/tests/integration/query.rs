//! `wolfe distance|contact|growth`: analytic answers, JSON against text, the library
//! called directly, and bad input.

use std::path::{Path, PathBuf};

use serde_json::Value;
use wolfe::{ConvexMesh, GjkSettings, Pose, Shape, Sphere, Vec3};

use crate::common;
use common::{text, wolfe};

/// Runs a query with `--json`, asserts success, returns the object and stderr.
fn json(args: &[&str]) -> (Value, String) {
    let mut all = args.to_vec();
    all.push("--json");
    let o = wolfe(&all);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    let v =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}\n{}", text(&o.stdout)));
    (v, text(&o.stderr))
}

fn vec3(v: &Value) -> Vec3 {
    let a = v.as_array().unwrap_or_else(|| panic!("not a vector: {v}"));
    assert_eq!(a.len(), 3);
    Vec3::new(
        a[0].as_f64().unwrap(),
        a[1].as_f64().unwrap(),
        a[2].as_f64().unwrap(),
    )
}

fn num(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` is not a number: {v}"))
}

/// The text output's value of each line, as JSON: `key value  (comment)`.
fn text_fields(stdout: &str) -> Vec<(String, Value)> {
    stdout
        .lines()
        .map(|line| {
            let (key, rest) = line.split_once(' ').unwrap_or_else(|| panic!("line `{line}`"));
            let value = rest.trim().split("  (").next().unwrap().trim();
            let v = if value == "none" {
                Value::Null
            } else if let Some(inner) = value.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
                Value::Array(
                    inner
                        .split(", ")
                        .map(|x| serde_json::json!(x.parse::<f64>().unwrap()))
                        .collect(),
                )
            } else if let Ok(x) = value.parse::<f64>() {
                serde_json::json!(x)
            } else if let Ok(b) = value.parse::<bool>() {
                Value::Bool(b)
            } else {
                Value::String(value.to_string())
            };
            (key.to_string(), v)
        })
        .collect()
}

/// Runs the query as text and as JSON; every text line's value is the JSON field's.
fn text_agrees_with_json(args: &[&str]) -> Value {
    let (v, _) = json(args);
    let o = wolfe(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    let fields = text_fields(&text(&o.stdout));
    assert!(fields.len() >= 8, "{args:?}: {fields:?}");
    for (k, t) in fields {
        let j = &v[&k];
        match (j, &t) {
            (Value::Number(a), Value::Number(b)) => {
                assert_eq!(a.as_f64(), b.as_f64(), "{args:?} {k}");
            }
            (Value::Array(a), Value::Array(b)) => {
                let a: Vec<_> = a.iter().map(Value::as_f64).collect();
                let b: Vec<_> = b.iter().map(Value::as_f64).collect();
                assert_eq!(a, b, "{args:?} {k}");
            }
            _ => assert_eq!(j, &t, "{args:?} {k}"),
        }
    }
    v
}

/// Two balls: radii 0.1 and 0.2 at centres `c1` and `c2` (off axis, A moved too).
const C1: [f64; 3] = [0.1, -0.2, 0.3];

fn c2(offset: [f64; 3]) -> [f64; 3] {
    [C1[0] + offset[0], C1[1] + offset[1], C1[2] + offset[2]]
}

fn pose_arg(p: [f64; 3]) -> String {
    format!("{},{},{}", p[0], p[1], p[2])
}

fn sphere_args(query: &'static str, offset: [f64; 3]) -> Vec<String> {
    vec![
        query.into(),
        "sphere:0.1".into(),
        "sphere:0.2".into(),
        "--pose-a".into(),
        pose_arg(C1),
        "--pose-b".into(),
        pose_arg(c2(offset)),
    ]
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn two_spheres_distance_and_signed_distance_are_analytic() {
    let (r1, r2) = (0.1, 0.2);
    let c1 = Vec3::from(C1);
    // Apart (0.5 m between centres), then overlapping by 0.1 (0.2 m between them).
    for (offset, query, key) in [
        ([0.3, 0.4, 0.0], "distance", "distance"),
        ([0.3, 0.4, 0.0], "contact", "signed_distance"),
        ([0.12, 0.0, -0.16], "contact", "signed_distance"),
    ] {
        let args = sphere_args(query, offset);
        let v = text_agrees_with_json(&strs(&args));
        let c2 = Vec3::from(c2(offset));
        let centres = (c2 - c1).norm();
        let expected = centres - r1 - r2;
        let d = num(&v, key);
        assert!(
            (d - expected).abs() < 1e-12,
            "{query} {offset:?}: {d} vs {expected}"
        );
        let (pa, pb, n) = (vec3(&v["point_a"]), vec3(&v["point_b"]), vec3(&v["normal"]));
        assert!(((pa - c1).norm() - r1).abs() < 1e-12, "point_a on A");
        assert!(((pb - c2).norm() - r2).abs() < 1e-12, "point_b on B");
        assert!(
            (n - (c2 - c1) / centres).norm() < 1e-12,
            "normal along the centre line"
        );
        assert!((pb - pa - d * n).norm() < 1e-12, "point_b - point_a = d n");
        assert!(num(&v, "lower_bound") <= d + 1e-12 && d <= num(&v, "upper_bound") + 1e-12);
        assert_eq!(v["query"], query);
        assert_eq!(v["a"]["kind"], "sphere");
        assert_eq!(vec3(&v["b"]["pose"]["translation"]), c2);
        if query == "distance" {
            assert_eq!(v["status"], "Converged");
        } else {
            assert_eq!(v["certified"], true);
        }
    }
}

#[test]
fn two_spheres_growth_distance_is_the_centre_distance_over_the_radii() {
    let (r1, r2) = (0.1, 0.2);
    let c1 = Vec3::from(C1);
    // 0.6 m apart: both must double to touch; 0.15 m: halve.
    for offset in [[0.0, 0.36, 0.48], [0.09, 0.0, 0.12]] {
        let args = sphere_args("growth", offset);
        let v = text_agrees_with_json(&strs(&args));
        let c2 = Vec3::from(c2(offset));
        let expected = (c2 - c1).norm() / (r1 + r2);
        let alpha = num(&v, "growth_distance");
        assert!(
            (alpha - expected).abs() <= 1e-6 * expected,
            "{alpha} vs {expected}"
        );
        assert_eq!(v["status"], "Converged");
        assert!(num(&v, "lower_bound") <= alpha && alpha <= num(&v, "upper_bound"));
        // The witnesses are on the unscaled balls; scaled by alpha they meet.
        let (pa, pb, cp) = (
            vec3(&v["point_a"]),
            vec3(&v["point_b"]),
            vec3(&v["contact_point"]),
        );
        assert!(((pa - c1).norm() - r1).abs() < 1e-6 * r1);
        assert!(((pb - c2).norm() - r2).abs() < 1e-6 * r2);
        assert!((c1 + alpha * (pa - c1) - cp).norm() < 1e-6);
        assert!((c2 + alpha * (pb - c2) - cp).norm() < 1e-6);
        let n = vec3(&v["normal"]);
        assert!((n - (c2 - c1).normalize()).norm() < 1e-6);
    }
}

#[test]
fn box_box_overlap_depth_and_rotation() {
    // A: half extents 0.5; B: 0.3 x 0.1 x 0.25 half extents at x = 0.55. Unrotated, B
    // reaches x = 0.25 (depth 0.25 along x); turned a quarter about z, its x half extent
    // is 0.1, so it reaches 0.45: depth 0.05, along +x either way.
    for (pose_b, depth) in [("0.55,0,0", 0.25), ("0.55,0,0,0.7071068,0,0,0.7071068", 0.05)] {
        let args = [
            "contact",
            "box:0.5,0.5,0.5",
            "box:0.3,0.1,0.25",
            "--pose-b",
            pose_b,
        ];
        let v = text_agrees_with_json(&args);
        let sd = num(&v, "signed_distance");
        assert!((sd + depth).abs() < 1e-9, "{pose_b}: {sd} vs -{depth}");
        assert!((vec3(&v["normal"]) - Vec3::x()).norm() < 1e-9, "{v}");
        assert_eq!(v["certified"], true);
        let pa = vec3(&v["point_a"]);
        assert!((pa.x - 0.5).abs() < 1e-9, "A's point on its +x face: {pa:?}");
        // Distance: 0 when overlapping.
        let (d, _) = json(&[
            "distance",
            "box:0.5,0.5,0.5",
            "box:0.3,0.1,0.25",
            "--pose-b",
            pose_b,
        ]);
        assert_eq!(num(&d, "distance"), 0.0);
    }
}

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)
}

#[test]
fn a_mesh_file_answers_as_the_library_does() {
    let mug = repo_file("data/ycb/025_mug.obj");
    let mug = mug.to_str().unwrap();
    let (v, stderr) =
        text_agrees_with_json_with_stderr(&["distance", mug, "sphere:0.05", "--pose-b", "0.2,0,0"]);
    assert!(
        !stderr.contains("not convex"),
        "the YCB hulls are convex: {stderr}"
    );
    assert_eq!(v["a"]["kind"], "mesh");
    assert_eq!(v["a"]["convex"], true);
    let hull = ConvexMesh::from_obj(mug).unwrap();
    assert_eq!(v["a"]["hull_vertices"], serde_json::json!(hull.vertices().len()));
    let a: Shape = hull.into();
    let b: Shape = Sphere::new(0.05).unwrap().into();
    let pose_b = Pose::from_translation(Vec3::new(0.2, 0.0, 0.0));
    let lib = wolfe::distance(&a, &Pose::identity(), &b, &pose_b, &GjkSettings::default()).unwrap();
    assert!(lib.distance > 0.0);
    assert_eq!(num(&v, "distance"), lib.distance);
    assert_eq!(vec3(&v["point_a"]), lib.point_a);
    assert_eq!(v["status"], format!("{:?}", lib.status));
}

fn text_agrees_with_json_with_stderr(args: &[&str]) -> (Value, String) {
    let v = text_agrees_with_json(args);
    let (_, stderr) = json(args);
    (v, stderr)
}

/// The unit cube with its top face dented: four triangles down to (0.5, 0.5, 0.5).
const DENTED_CUBE: &str =
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\nv 0.5 0.5 0.5\n\
f 1 3 2\nf 1 4 3\nf 1 2 6\nf 1 6 5\nf 2 3 7\nf 2 7 6\nf 3 4 8\nf 3 8 7\nf 4 1 5\nf 4 5 8\n\
f 5 6 9\nf 6 7 9\nf 7 8 9\nf 8 5 9\n";

fn temp_file(name: &str, content: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wolfe-cli-query-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

#[test]
fn a_non_convex_mesh_is_hulled_with_a_note() {
    let path = temp_file("dented.obj", DENTED_CUBE);
    let p = path.to_str().unwrap();
    // A ball of radius 0.1 centred 0.5 above the dent's rim: 0.4 from the hull's top
    // face (the dent itself is 0.9 away).
    let (v, stderr) = json(&["distance", p, "sphere:0.1", "--pose-b", "0.5,0.5,1.5"]);
    assert!(
        stderr.contains("shape A") && stderr.contains("not convex") && stderr.contains("convex hull"),
        "{stderr}"
    );
    assert!(stderr.contains("4 of its 14 triangles"), "{stderr}");
    assert_eq!(v["a"]["convex"], false);
    assert!((num(&v, "distance") - 0.4).abs() < 1e-12, "{v}");
    assert!((vec3(&v["normal"]) - Vec3::z()).norm() < 1e-12);
    // The same cube without the dent (its top as two triangles) gets no note.
    let convex = DENTED_CUBE
        .replace("v 0.5 0.5 0.5\n", "")
        .replace("f 5 6 9\nf 6 7 9\nf 7 8 9\nf 8 5 9\n", "f 5 6 7\nf 5 7 8\n");
    let path = temp_file("cube.obj", &convex);
    let (v, stderr) = json(&[
        "distance",
        path.to_str().unwrap(),
        "sphere:0.1",
        "--pose-b",
        "0.5,0.5,1.5",
    ]);
    assert!(!stderr.contains("not convex"), "{stderr}");
    assert_eq!(v["a"]["convex"], true);
    assert!((num(&v, "distance") - 0.4).abs() < 1e-12);
}

#[test]
fn an_stl_file_loads() {
    // The unit tetrahedron, ASCII STL, outward normals.
    let facet = |n: &str, p: [&str; 3]| {
        format!(
            "facet normal {n}\nouter loop\nvertex {}\nvertex {}\nvertex {}\nendloop\nendfacet\n",
            p[0], p[1], p[2]
        )
    };
    let (o, x, y, z) = ("0 0 0", "1 0 0", "0 1 0", "0 0 1");
    let stl = format!(
        "solid t\n{}{}{}{}endsolid t\n",
        facet("0 0 -1", [o, y, x]),
        facet("0 -1 0", [o, x, z]),
        facet("-1 0 0", [o, z, y]),
        facet("0.57735 0.57735 0.57735", [x, y, z])
    );
    let path = temp_file("tet.stl", &stl);
    // A ball of radius 0.1 at (-0.5, 0.2, 0.2): 0.4 from the face x = 0.
    let (v, stderr) = json(&[
        "distance",
        path.to_str().unwrap(),
        "sphere:0.1",
        "--pose-b",
        "-0.5,0.2,0.2",
    ]);
    assert!(!stderr.contains("not convex"), "{stderr}");
    assert_eq!(v["a"]["hull_vertices"], serde_json::json!(4));
    assert!((num(&v, "distance") - 0.4).abs() < 1e-9, "{v}");
    assert!((vec3(&v["normal"]) + Vec3::x()).norm() < 1e-9);
}

#[test]
fn bad_input_fails_with_a_message_naming_the_problem() {
    let garbage = temp_file("garbage.obj", "v 1 2\nf 1 1 1\n");
    let garbage = garbage.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["distance", "sphere:abc", "sphere:1"],
            "shape A: `sphere:abc`: `abc` is not a finite number",
        ),
        (
            &["distance", "sphere:1", "sphere:NaN"],
            "shape B: `sphere:NaN`: `NaN` is not a finite number",
        ),
        (&["contact", "torus:1,2", "sphere:1"], "unknown shape `torus:1,2`"),
        (
            &["growth", "sphere:1", "box:1,2"],
            "box takes 3 number(s) (HX,HY,HZ (half extents)), got 2",
        ),
        (&["distance", "sphere:-1", "sphere:1"], "invalid sphere parameter"),
        (
            &["distance", "no_such_mesh.obj", "sphere:1"],
            "mesh file no_such_mesh.obj does not exist",
        ),
        (&["distance", garbage, "sphere:1"], "mesh file"),
        (
            &["distance", "sphere:1", "sphere:1", "--pose-b", "1,2"],
            "--pose-b: pose `1,2`: expected x,y,z or x,y,z,qw,qx,qy,qz (7 numbers), got 2",
        ),
        (
            &["distance", "sphere:1", "sphere:1", "--pose-a", "0,0,0,1,0,0,1"],
            "--pose-a: pose `0,0,0,1,0,0,1`: the quaternion",
        ),
        (
            &["distance", "sphere:1", "sphere:1", "--pose-a", "0,nan,0"],
            "`nan` is not a finite number",
        ),
        (
            &["distance", "sphere:1", "sphere:1", "--pose-a", "1e300,0,0"],
            "--pose-a",
        ),
    ];
    for (args, needle) in cases {
        for json in [false, true] {
            let mut all = args.to_vec();
            if json {
                all.push("--json");
            }
            let o = wolfe(&all);
            let stderr = text(&o.stderr);
            assert!(!o.status.success(), "{all:?} succeeded: {}", text(&o.stdout));
            assert_eq!(o.status.code(), Some(1), "{all:?}: {stderr}");
            assert!(stderr.contains(needle), "{all:?}: `{needle}` not in: {stderr}");
            assert!(!stderr.contains("panicked"), "{all:?}: {stderr}");
            assert!(o.stdout.is_empty(), "{all:?}: {}", text(&o.stdout));
        }
    }
}
