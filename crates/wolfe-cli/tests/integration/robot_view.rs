//! End-to-end runs of `wolfe robot inspect` (against pinocchio's reference answers) and
//! `wolfe view` (the viewer page and the glTF export of a simulation folder).

use std::path::Path;

use serde_json::Value;
use wolfe_testkit::data::{repo_root, temp_dir};

use crate::common;
use common::wolfe;

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

fn numbers(v: &Value) -> Vec<f64> {
    match v {
        Value::Array(items) => items.iter().flat_map(numbers).collect(),
        Value::Number(n) => vec![n.as_f64().unwrap()],
        other => panic!("not a number: {other}"),
    }
}

/// The relative difference of two flattened arrays: max |a - b| / max(1, max |b|).
fn relative_difference(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    let scale = b.iter().fold(1.0_f64, |m, x| m.max(x.abs()));
    a.iter().zip(b).fold(0.0_f64, |m, (x, y)| m.max((x - y).abs())) / scale
}

#[test]
fn robot_inspect_agrees_with_pinocchio_on_both_shipped_robots() {
    let root = repo_root();
    let dir = temp_dir("cli-robot-inspect");
    for (name, urdf) in [
        ("panda", "data/robots/franka_panda/panda.urdf"),
        ("iiwa", "data/robots/kuka_iiwa/model.urdf"),
    ] {
        let reference = read_json(&root.join(format!("crates/wolfe-multibody/tests/reference/{name}.json")));
        let states = dir.join(format!("{name}-states.json"));
        std::fs::write(&states, reference["states"].to_string()).unwrap();
        let out = dir.join(format!("{name}-out.json"));
        let o = wolfe(&[
            "robot",
            "inspect",
            "--urdf",
            root.join(urdf).to_str().unwrap(),
            "--states",
            states.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let got = read_json(&out);
        assert_eq!(
            got["joint_names"], reference["joint_names"],
            "{name}: joint order"
        );
        let (got, want) = (
            got["states"].as_array().unwrap(),
            reference["results"].as_array().unwrap(),
        );
        assert_eq!(got.len(), want.len());
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            for key in ["M", "tau", "g"] {
                let err = relative_difference(&numbers(&g[key]), &numbers(&w[key]));
                assert!(err < 1e-10, "{name} state {i} {key}: relative difference {err:e}");
            }
        }
    }
}

#[test]
fn robot_inspect_names_bad_input() {
    let dir = temp_dir("cli-robot-bad");
    let urdf = dir.join("bad.urdf");
    std::fs::write(&urdf, "<robot name='r'><link name='a'/><joint name='j' type='wobbly'><parent link='a'/><child link='b'/></joint><link name='b'/></robot>").unwrap();
    let states = dir.join("states.json");
    std::fs::write(&states, "[]").unwrap();
    let out = dir.join("out.json");
    let o = wolfe(&[
        "robot",
        "inspect",
        "--urdf",
        urdf.to_str().unwrap(),
        "--states",
        states.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("wobbly"), "the error names the joint type: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn sim_writes_a_viewer_page_and_view_exports_gltf() {
    let dir = temp_dir("cli-view");
    let o = wolfe(&[
        "sim",
        "clutter",
        "--bodies",
        "6",
        "--seconds",
        "0.3",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = std::fs::read_to_string(dir.join("view.html")).expect("sim writes view.html");
    assert!(
        page.contains("<html") && page.len() > 100_000,
        "a page with its script embedded"
    );
    assert!(!page.contains("src=\"http"), "nothing fetched from the network");
    // The contacts recorded for the viewer carry forces.
    let contacts = std::fs::read_to_string(dir.join("contacts.csv")).unwrap();
    assert!(
        contacts.lines().count() > 1,
        "bodies landed: contacts were recorded"
    );
    std::fs::remove_file(dir.join("view.html")).unwrap();
    let glb = dir.join("scene.glb");
    let o = wolfe(&["view", dir.to_str().unwrap(), "--gltf", glb.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(dir.join("view.html").exists(), "view rewrites the page");
    let bytes = std::fs::read(&glb).unwrap();
    assert_eq!(&bytes[0..4], b"glTF", "binary glTF magic");
    assert_eq!(
        u32::from_le_bytes(bytes[4..8].try_into().unwrap()),
        2,
        "glTF version 2"
    );
    assert_eq!(
        u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize,
        bytes.len()
    );
    // A folder that is not a simulation folder is a clear error.
    let empty = temp_dir("cli-view-empty");
    let o = wolfe(&["view", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("scene.csv"));
}

#[test]
fn sim_panda_pick_lifts_and_holds_the_object() {
    let dir = temp_dir("cli-panda-pick");
    let o = wolfe(&["sim", "panda-pick", "--out", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pick = read_json(&dir.join("pick.json"));
    let lift = pick["lift_m"].as_f64().unwrap();
    let held = pick["held_s"].as_f64().unwrap();
    let slip = pick["slip_m"].as_f64().unwrap();
    assert!(lift > 0.19 && lift < 0.21, "rises about 20 cm: {lift}");
    assert!(held >= 2.0, "held for 2 s: {held}");
    assert!(slip < 5e-3, "slides less than 5 mm in the hand: {slip}");
    assert_eq!(pick["success"], Value::Bool(true));
    assert!(dir.join("view.html").is_file() && dir.join("steps.csv").is_file());
    let steps = std::fs::read_to_string(dir.join("steps.csv")).unwrap();
    let header = steps.lines().next().unwrap();
    assert!(header.contains("momentum_error"), "{header}");
    let joints = std::fs::read_to_string(dir.join("joints.csv")).unwrap();
    let header = joints.lines().next().unwrap();
    assert!(
        header.contains("q_panda_joint1") && header.contains("v_panda_finger_joint2"),
        "{header}"
    );
}

#[test]
fn robot_scenes_refuse_options_they_do_not_read() {
    let dir = temp_dir("cli-robot-scene-bad");
    let out = dir.to_str().unwrap();
    for args in [
        vec!["sim", "urdf", "--out", out],
        vec!["sim", "panda-drop", "--bodies", "3", "--out", out],
        vec!["sim", "clutter", "--urdf", "x.urdf", "--out", out],
        vec!["sim", "panda-drop", "--dt", "-1", "--out", out],
    ] {
        let o = wolfe(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.starts_with("error:") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}
