//! The robot scenes, short runs.

use wolfe_lab::sim::robots::default_data_dir;
use wolfe_lab::sim::{
    panda_drop, panda_pick, urdf_scene, PandaDropOptions, PandaPickOptions, UrdfSceneOptions,
};

fn out_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wolfe-lab-robot-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The `urdf` scene's options at its time step (5 ms) and SAP tolerance (1e-6).
fn urdf_options(
    urdf: std::path::PathBuf, drop: usize, seconds: f64, out: std::path::PathBuf,
    data_dir: std::path::PathBuf,
) -> UrdfSceneOptions {
    UrdfSceneOptions {
        urdf,
        drop,
        seconds,
        dt: 5e-3,
        out,
        data_dir,
        relative_tolerance: 1e-6,
    }
}

/// panda-drop for 0.5 s (objects fall onto the arm, table and floor): every step finite
/// and converged, the momentum error within SAP's tolerance, the files and the viewer
/// page written.
#[test]
fn panda_drop_short_run_converges() {
    let out = out_dir("panda-drop");
    let mut options = PandaDropOptions::new(&out);
    options.seconds = 0.5;
    let r = panda_drop(&options).unwrap();
    println!("{r:#?}");
    assert_eq!(r.run.steps, 100);
    assert_eq!(r.run.not_converged, 0);
    assert!(r.max_momentum_error < 1e-6, "{}", r.max_momentum_error);
    assert!(r.min_object_height > -1e-3, "{}", r.min_object_height);
    // The arm holds q* against gravity before anything reaches it (feed-forward g(q*)).
    assert!(r.joint_error_at_rest < 0.05, "{}", r.joint_error_at_rest);
    for f in [
        "steps.csv",
        "scene.csv",
        "trajectory.csv",
        "contacts.csv",
        "joints.csv",
        "summary.md",
        "view.html",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
    let joints = std::fs::read_to_string(out.join("joints.csv")).unwrap();
    let header = joints.lines().next().unwrap();
    assert!(
        header.contains("q_panda_joint1") && header.contains("v_panda_finger_joint2"),
        "{header}"
    );
    // The initial state and one row per step.
    assert_eq!(joints.lines().count(), 102);
    let steps = std::fs::read_to_string(out.join("steps.csv")).unwrap();
    assert_eq!(steps.lines().count(), 101);
    let _ = std::fs::remove_dir_all(&out);
}

/// The generic URDF scene on the iiwa with two objects.
#[test]
fn urdf_scene_iiwa_runs() {
    let out = out_dir("iiwa");
    let data = default_data_dir();
    let r = urdf_scene(&urdf_options(
        data.join("robots/kuka_iiwa/model.urdf"),
        2,
        0.2,
        out.clone(),
        data,
    ))
    .unwrap();
    assert_eq!(r.run.steps, 40);
    assert_eq!(r.run.not_converged, 0);
    assert!(r.joint_error_at_rest < 0.05, "{}", r.joint_error_at_rest);
    let _ = std::fs::remove_dir_all(&out);
}

/// The objects of the `urdf` scene fall onto the robot, not beside it: on the iiwa and
/// the Panda, some step has a contact between an object and a link.
#[test]
fn urdf_scene_objects_land_on_the_robot() {
    let data = default_data_dir();
    for robot in ["kuka_iiwa/model.urdf", "franka_panda/panda.urdf"] {
        let out = out_dir("on-robot");
        let r = urdf_scene(&urdf_options(
            data.join("robots").join(robot),
            4,
            0.4,
            out.clone(),
            data.clone(),
        ))
        .unwrap();
        assert!(r.robot_contact_steps > 0, "{robot}: {r:#?}");
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// A fixed-base robot whose base is its trunk (the quadruped, legs down) is raised so
/// that its collision geometry starts on the floor, not 0.34 m inside it, and the
/// summary says so.
#[test]
fn urdf_scene_raises_a_robot_that_starts_inside_the_floor() {
    let data = default_data_dir();
    let out = out_dir("quadruped");
    let urdf = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../wolfe-multibody/tests/reference/quadruped.urdf");
    let r = urdf_scene(&UrdfSceneOptions {
        urdf,
        drop: 0,
        seconds: 0.05,
        dt: 5e-3,
        out: out.clone(),
        data_dir: data,
        relative_tolerance: 1e-6,
    })
    .unwrap();
    assert!(r.run.max_penetration < 1e-3, "{} m", r.run.max_penetration);
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains("inside the floor") && summary.contains("raised"),
        "{summary}"
    );
    let _ = std::fs::remove_dir_all(&out);
}

/// The iiwa's first link is jointed to its base (`lbr_iiwa_link_0`, welded to the world,
/// hence static geometry), and their collision meshes overlap by about 10 mm at the
/// joint. The adjacent-link filter must skip that pair as it skips parent and child
/// within the tree: with nothing dropped, the robot touches nothing. (Before the base
/// link was recognised, this pair gave 4 contacts 10.0 mm deep, with normal forces of about 3e6 N.)
#[test]
fn urdf_scene_iiwa_base_joint_is_not_a_contact() {
    let out = out_dir("iiwa-base");
    let data = default_data_dir();
    let r = urdf_scene(&urdf_options(
        data.join("robots/kuka_iiwa/model.urdf"),
        0,
        0.05,
        out.clone(),
        data,
    ))
    .unwrap();
    assert_eq!(r.run.not_converged, 0);
    assert_eq!(r.run.max_penetration, 0.0, "{} m", r.run.max_penetration);
    let _ = std::fs::remove_dir_all(&out);
}

/// The full scene (5 s): run with `--ignored` to measure.
#[test]
#[ignore]
fn panda_drop_full() {
    let out = std::env::var("PANDA_DROP_OUT").map_or_else(|_| out_dir("panda-drop-full"), Into::into);
    let mut options = PandaDropOptions::new(&out);
    if let Some(t) = std::env::var("PANDA_DROP_RTOL").ok().and_then(|s| s.parse().ok()) {
        options.relative_tolerance = t;
    }
    let r = panda_drop(&options).unwrap();
    println!("{r:#?}");
}

/// panda-pick (12.5 s simulated, about half a second of compute): the brick rises
/// about 20 cm (the PD arm sags a few mm under the load), stays in the hand through the
/// hold with slip below 5 mm, every step converged; pick.json written.
#[test]
fn panda_pick_lifts_and_holds() {
    let out = std::env::var("PANDA_PICK_OUT").map_or_else(|_| out_dir("panda-pick"), Into::into);
    let r = panda_pick(&PandaPickOptions::new(&out)).unwrap();
    println!("{r:#?}");
    assert!(r.lift_m > 0.19 && r.lift_m < 0.21, "{}", r.lift_m);
    assert!(r.held_s >= 2.0, "{}", r.held_s);
    assert!(r.slip_m < 5e-3, "{}", r.slip_m);
    assert!(r.all_converged && r.success);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("pick.json")).unwrap()).unwrap();
    assert_eq!(json["success"], serde_json::Value::Bool(true));
    assert!(out.join("view.html").is_file());
}
