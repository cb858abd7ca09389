//! The MJCF loader's behaviour: defaults and classes, what is recorded for the
//! simulator (actuators, couplings, excludes, pairs, geoms and sites), geometry of the
//! Inspire hand, typed errors naming element and line, and properties of the mesh
//! inertia rules (a closed non-convex mesh: exact = convex hull minus the notch;
//! legacy over-counts).

use std::path::{Path, PathBuf};

use wolfe_multibody::mjcf::{ActuatorKind, Mjcf};
use wolfe_multibody::{load_mjcf, parse_mjcf, Data, JointKind, MjcfError, MjcfOptions};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mjcf")
}

fn tree() -> Mjcf {
    load_mjcf(&data_dir().join("tree.xml"), MjcfOptions::default()).unwrap()
}

fn parse(text: &str) -> Result<Mjcf, MjcfError> {
    parse_mjcf(text, &data_dir(), MjcfOptions::default())
}

fn joint<'a>(m: &'a Mjcf, name: &str) -> &'a wolfe_multibody::Joint {
    let b = m.robot.model.joint_index(name).unwrap();
    &m.robot.model.bodies()[b].joint
}

#[test]
fn defaults_classes_and_childclass_apply_in_order() {
    let m = tree();
    // knee: class "knee" (nested in "limb"): axis, range in degrees, armature; damping
    // from the main class.
    let knee = joint(&m, "l_knee");
    assert_eq!(knee.armature, 0.05);
    assert_eq!(knee.damping, 0.1);
    assert!((knee.limits.upper - 120f64.to_radians()).abs() < 1e-15);
    assert!(matches!(knee.kind, JointKind::Revolute { axis, .. } if axis == nalgebra::Vector3::y()));
    // l_hip_y: its own armature and damping win over the childclass "limb".
    let hip = joint(&m, "l_hip_y");
    assert_eq!((hip.armature, hip.damping), (0.02, 0.5));
    // l_hip_x: armature from childclass "limb", range converted from degrees.
    let hx = joint(&m, "l_hip_x");
    assert_eq!(hx.armature, 0.01);
    assert!((hx.limits.lower + 45f64.to_radians()).abs() < 1e-15);
    // The arm is outside the childclass: main defaults only.
    assert_eq!(joint(&m, "shoulder").armature, 0.0);
    // Slide ranges are lengths (not converted).
    let s = joint(&m, "r_slide");
    assert_eq!((s.limits.lower, s.limits.upper), (-0.1, 0.1));
    // Geoms: friction from main, rgba from "limb".
    let g = m.geoms.iter().find(|g| g.name == "torso_box").unwrap();
    assert_eq!(g.friction, [0.8, 0.005, 0.0001]);
    assert_eq!(g.rgba, Some([0.5, 0.5, 0.5, 1.0]));
    let post = m.geoms.iter().find(|g| g.name == "post").unwrap();
    assert_eq!(post.rgba, None);
    assert!(post.body.is_none());
}

#[test]
fn scene_records_actuators_couplings_contacts_and_sites() {
    let m = tree();
    assert_eq!(m.actuators.len(), 3);
    let p = &m.actuators[0];
    assert_eq!(p.kind, ActuatorKind::Position { kp: 50.0, kv: 5.0 });
    assert_eq!(
        (p.ctrlrange, p.forcerange),
        (Some([-1.0, 1.0]), Some([-10.0, 10.0]))
    );
    assert_eq!(m.actuators[1].kind, ActuatorKind::Velocity { kv: 3.0 });
    assert_eq!(m.actuators[1].ctrlrange, None);
    assert_eq!(
        (m.actuators[2].kind, m.actuators[2].gear),
        (ActuatorKind::Motor, 2.0)
    );
    let c = &m.couplings[0];
    assert_eq!((c.joint.as_str(), c.source.as_deref()), ("fb", Some("fa")));
    assert_eq!((c.multiplier, c.offset), (-1.0, 0.1));
    assert_eq!(m.excludes, vec![("torso".to_string(), "left_upper".to_string())]);
    assert_eq!(m.pairs[0].geom2, "floor");
    // The plane has no convex shape; the visual-only sphere is visual geometry.
    let floor = m.geoms.iter().find(|g| g.name == "floor").unwrap();
    assert!(floor.shape.is_none() && floor.collides());
    assert!(m.robot.visual.iter().any(|v| v.link == "right_upper"));
    // Stiffness is kept and noted.
    let toe = m.joints.iter().find(|j| j.name == "r_toe").unwrap();
    assert_eq!((toe.stiffness, toe.springref), (2.0, 0.1));
    assert!(m.notes.iter().any(|n| n.contains("stiffness")));
    // Sites are frames where the file puts them.
    let model = &m.robot.model;
    let mut data = Data::new(model);
    model.frames_forward_kinematics(&mut data, &m.qpos0).unwrap();
    let imu = data.frame_placements()[model.frame_index("imu").unwrap()];
    let torso = data.frame_placements()[model.frame_index("torso").unwrap()];
    let expected = torso.transform_point(&nalgebra::Vector3::new(0.0, 0.0, 0.05));
    assert!((imu.pos - expected).norm() < 1e-14);
    assert!((torso.pos - nalgebra::Vector3::new(0.0, 0.0, 1.0)).norm() < 1e-14);
}

#[test]
fn a_joint_away_from_the_body_origin_turns_the_body_about_its_anchor() {
    // A hinge at pos p: the body frame moves as T(p) R(q) T(-p) (MuJoCo's anchor).
    let text = r#"<mujoco><compiler angle="radian"/><worldbody>
        <body name="b" pos="1 0 0"><joint name="j" axis="0 0 1" pos="0.5 0 0"/>
        <geom type="sphere" size="0.1" pos="1 0 0"/></body></worldbody></mujoco>"#;
    let m = parse(text).unwrap();
    let model = &m.robot.model;
    let mut data = Data::new(model);
    model
        .frames_forward_kinematics(&mut data, &[std::f64::consts::FRAC_PI_2])
        .unwrap();
    let b = data.frame_placements()[model.frame_index("b").unwrap()];
    // The origin (1, 0, 0) turns a quarter about (1.5, 0, 0): to (1.5, -0.5, 0).
    assert!((b.pos - nalgebra::Vector3::new(1.5, -0.5, 0.0)).norm() < 1e-14);
}

#[test]
fn inspire_hand_loads_with_hulls_visuals_and_actuators() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots/inspire_hand");
    for side in ["right", "left"] {
        let m = load_mjcf(
            &dir.join(format!("inspire_{side}_hand.xml")),
            MjcfOptions::default(),
        )
        .unwrap();
        assert_eq!(m.robot.model.nv(), 12);
        assert_eq!(m.robot.collision.len(), 13);
        assert_eq!(m.robot.visual.len(), 13);
        assert_eq!(m.actuators.len(), 12);
        assert_eq!(m.excludes.len(), 10);
        assert!(m.actuators.iter().all(|a| a.forcerange == Some([-20.0, 20.0])));
        assert!(m.robot.model.frame_index("grip_site").is_some());
        // Visual and collision geoms share each mesh file: one hull each.
        for g in &m.robot.collision {
            let wolfe::Shape::ConvexMesh(h) = &g.shape else {
                panic!("a mesh")
            };
            assert!(h.vertices().len() >= 4);
        }
    }
}

#[test]
fn mesh_inertia_rules_order_as_volumes_do() {
    // The L prism: exact volume 3 cells (a 2x2 square minus one cell), its hull 3.5
    // cells; legacy (absolute tetrahedron volumes) counts at least the exact volume.
    let text = |rule: &str| {
        format!(
            r#"<mujoco><asset><mesh name="w" file="wedge.obj" inertia="{rule}"/></asset><worldbody>
            <body name="b"><freejoint/><geom type="mesh" mesh="w" density="1"/></body></worldbody></mujoco>"#
        )
    };
    let mass = |rule: &str| parse(&text(rule)).unwrap().bodies[0].mass;
    // (Vertices are read as 32-bit floats, as MuJoCo reads them: 1e-6 relative.)
    let cell = 0.05 * 0.05 * 0.04;
    assert!((mass("exact") - 3.0 * cell).abs() < 1e-6 * cell);
    assert!((mass("convex") - 3.5 * cell).abs() < 1e-6 * cell);
    assert!(mass("legacy") >= mass("exact") * (1.0 - 1e-12));
}

fn err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn malformed_and_unsupported_files_give_typed_errors_with_lines() {
    assert!(matches!(parse("<mujoco><worldbody>"), Err(MjcfError::Xml { .. })));
    assert!(matches!(parse("<robot/>"), Err(MjcfError::NotMujoco { .. })));
    let e = err("<mujoco>\n<worldbody>\n<body name=\"b\"><joint type=\"ball\"/><geom size=\"1\"/></body></worldbody></mujoco>");
    assert!(e.contains(":3 <joint>") && e.contains("ball"), "{e}");
    let e = err("<mujoco><worldbody><body><geom class=\"nope\" size=\"1\"/></body></worldbody></mujoco>");
    assert!(e.contains("default class 'nope'"), "{e}");
    let e = err("<mujoco><worldbody><body><joint/><geom size=\"-1\"/></body></worldbody></mujoco>");
    assert!(e.contains("size"), "{e}");
    let e =
        err("<mujoco><worldbody><body><joint/><geom type=\"mesh\" mesh=\"m\"/></body></worldbody></mujoco>");
    assert!(e.contains("mesh 'm' does not exist"), "{e}");
    let e = err(
        r#"<mujoco><asset><mesh name="m" file="missing.stl"/></asset><worldbody><body><joint/><geom type="mesh" mesh="m"/></body></worldbody></mujoco>"#,
    );
    assert!(e.contains("missing.stl"), "{e}");
    let e = err("<mujoco><worldbody><body><joint/></body></worldbody></mujoco>");
    assert!(e.contains("massless"), "{e}");
    let e = err("<mujoco><worldbody><body><joint/><geom size=\"1\"/></body></worldbody><equality><weld body1=\"b\"/></equality></mujoco>");
    assert!(e.contains("equality"), "{e}");
    let e = err("<mujoco><worldbody><body><joint name=\"j\"/><geom size=\"1\"/></body></worldbody><actuator><muscle joint=\"j\"/></actuator></mujoco>");
    assert!(e.contains("actuator kind"), "{e}");
    let e = err("<mujoco><compiler settotalmass=\"3\"/></mujoco>");
    assert!(e.contains("settotalmass"), "{e}");
    let e = err(
        "<mujoco><worldbody><body><body><freejoint/><geom size=\"1\"/></body></body></worldbody></mujoco>",
    );
    assert!(e.contains("free joint"), "{e}");
    let e =
        err("<mujoco><worldbody><body><joint range=\"1 0\"/><geom size=\"1\"/></body></worldbody></mujoco>");
    assert!(e.contains("range"), "{e}");
    let e =
        err("<mujoco><worldbody><body><joint axis=\"0 0 x\"/><geom size=\"1\"/></body></worldbody></mujoco>");
    assert!(e.contains("axis"), "{e}");
}

#[test]
fn include_cycles_are_errors() {
    let dir = std::env::temp_dir().join(format!("wolfe-mjcf-include-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.xml"), "<mujoco><include file=\"b.xml\"/></mujoco>").unwrap();
    std::fs::write(dir.join("b.xml"), "<mujoco><include file=\"a.xml\"/></mujoco>").unwrap();
    let r = load_mjcf(&dir.join("a.xml"), MjcfOptions::default());
    assert!(matches!(r, Err(MjcfError::IncludeCycle { .. })), "{r:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
