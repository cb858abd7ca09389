//! URDF loading: the shipped robots as they are, geometry, inspect files, and a typed
//! error naming the element for each kind of malformed input.

use std::path::{Path, PathBuf};

use wolfe::Shape;
use wolfe_multibody::{
    inspect_file, load_urdf, parse_urdf, GeometryDesc, JointKind, ModelError, UrdfError, UrdfOptions,
};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots")
}

#[test]
fn panda_loads_as_shipped() {
    let robot = load_urdf(
        &data_dir().join("franka_panda/panda.urdf"),
        UrdfOptions::default(),
    )
    .unwrap();
    let m = &robot.model;
    assert_eq!((m.nq(), m.nv()), (9, 9));
    let names = robot.joint_names();
    assert_eq!(names[0], "panda_joint1");
    assert_eq!(names[7..], ["panda_finger_joint1", "panda_finger_joint2"]);
    // fixed joints weld: link8, hand and grasptarget are frames of link7's body
    let link7 = m.bodies().iter().position(|b| b.name == "panda_link7").unwrap();
    for l in ["panda_link8", "panda_hand", "panda_grasptarget"] {
        let f = &m.frames()[m.frame_index(l).unwrap()];
        assert_eq!(f.body, Some(link7), "{l}");
    }
    // the welded hand's mass is in link7's body, nothing is given mass
    assert!((m.bodies()[link7].inertia.mass - (0.2 + 0.81)).abs() < 1e-15);
    assert!((m.total_mass() - (2.7 + 2.73 + 2.04 + 2.08 + 3.0 + 1.3 + 0.2 + 0.81 + 0.2)).abs() < 1e-12);
    // finger limits and the mimic relation (kept, not enforced)
    let f2 = &m.bodies()[m.joint_index("panda_finger_joint2").unwrap()];
    assert!(matches!(f2.joint.kind, JointKind::Prismatic { .. }));
    assert_eq!(
        (
            f2.joint.limits.lower,
            f2.joint.limits.upper,
            f2.joint.limits.effort
        ),
        (0.0, 0.04, 20.0)
    );
    assert_eq!(robot.mimics.len(), 1);
    assert_eq!(robot.mimics[0].source, "panda_finger_joint1");
    // one convex hull per <collision>, 11 links with geometry, the root's on the world
    assert_eq!(robot.collision.len(), 11);
    assert!(robot
        .collision
        .iter()
        .all(|c| matches!(c.shape, Shape::ConvexMesh(_))));
    assert_eq!(robot.collision[0].body, None);
    // visual meshes: only the collision ones ship, the others are kept unresolved
    let link1_visual = robot.visual.iter().find(|v| v.link == "panda_link1").unwrap();
    assert!(link1_visual.path.is_none());
    assert!(
        matches!(&link1_visual.source, GeometryDesc::Mesh { filename, .. } if filename.contains("visual"))
    );
    let link0_visual = robot.visual.iter().find(|v| v.link == "panda_link0").unwrap();
    assert!(link0_visual.path.as_ref().unwrap().is_file());
    // the right finger's collision origin is rotated by pi about z
    let rf = robot
        .collision
        .iter()
        .find(|c| c.link == "panda_rightfinger")
        .unwrap();
    assert!((rf.placement.rot[(0, 0)] + 1.0).abs() < 1e-12);
}

#[test]
fn iiwa_loads_as_shipped() {
    let robot = load_urdf(&data_dir().join("kuka_iiwa/model.urdf"), UrdfOptions::default()).unwrap();
    let m = &robot.model;
    assert_eq!((m.nq(), m.nv()), (7, 7));
    assert!(m.damping().iter().all(|d| *d == 0.5));
    assert!(m
        .bodies()
        .iter()
        .all(|b| b.joint.limits.effort == 300.0 && b.joint.limits.velocity == 10.0));
    assert_eq!(robot.collision.len(), 8);
    // STL hulls: each hull's vertices are vertices of the file's point set, inside a box
    for c in &robot.collision {
        let Shape::ConvexMesh(h) = &c.shape else {
            panic!("mesh expected")
        };
        assert!(
            h.vertices().len() >= 4 && h.vertices().iter().all(|v| v.norm() < 0.5),
            "{}",
            c.link
        );
        assert!(c.path.as_ref().unwrap().extension().unwrap() == "stl");
    }
    assert!(robot
        .visual
        .iter()
        .all(|v| v.path.as_ref().unwrap().extension().unwrap() == "obj"));
}

#[test]
fn package_paths_resolve_against_ancestors() {
    // package://franka_panda/meshes/... from a URDF one folder below the robots folder
    let dir = data_dir().join("franka_panda/meshes");
    let p = wolfe_multibody::urdf::geometry::resolve_mesh(
        "package://franka_panda/meshes/collision/hand.obj",
        &dir,
    );
    assert_eq!(
        p.unwrap(),
        data_dir().join("franka_panda/meshes/collision/hand.obj")
    );
    // package://X/rest falls back to rest
    let p = wolfe_multibody::urdf::geometry::resolve_mesh("package://whatever/collision/hand.obj", &dir);
    assert_eq!(p.unwrap(), dir.join("collision/hand.obj"));
}

const HEAD: &str = r#"<robot name="t"><link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1"/></inertial></link>"#;

fn link(name: &str) -> String {
    format!(
        r#"<link name="{name}"><inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1"/></inertial></link>"#
    )
}

fn revolute(name: &str, parent: &str, child: &str) -> String {
    format!(
        r#"<joint name="{name}" type="revolute"><parent link="{parent}"/><child link="{child}"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>"#
    )
}

fn load(text: &str) -> Result<wolfe_multibody::Robot, UrdfError> {
    parse_urdf(text, &data_dir(), UrdfOptions::default())
}

#[test]
fn small_valid_urdf_with_primitives_loads() {
    let text = format!(
        r#"{HEAD}{}{}<material name="m"/><gazebo/><transmission name="t"/></robot>"#,
        link("b").replace(
            "</link>",
            r#"<collision><origin xyz="0 0 0.1"/><geometry><box size="0.2 0.4 0.6"/></geometry></collision><collision><geometry><cylinder radius="0.1" length="0.3"/></geometry></collision><collision><geometry><sphere radius="0.05"/></geometry></collision><collision><geometry><mesh filename="franka_panda/meshes/collision/hand.obj" scale="2 2 2"/></geometry></collision></link>"#
        ),
        revolute("j", "a", "b")
    );
    let robot = load(&text).unwrap();
    assert_eq!(robot.collision.len(), 4);
    match &robot.collision[0].shape {
        Shape::Cuboid(c) => assert_eq!(c.half_extents(), wolfe::Vec3::new(0.1, 0.2, 0.3)),
        s => panic!("{}", s.kind()),
    }
    match &robot.collision[1].shape {
        Shape::Cylinder(c) => assert_eq!((c.disc_radius(), c.half_length()), (0.1, 0.15)),
        s => panic!("{}", s.kind()),
    }
    // a scaled mesh hull is the scaled hull of the unscaled one
    let plain =
        wolfe::ConvexMesh::from_obj(data_dir().join("franka_panda/meshes/collision/hand.obj")).unwrap();
    let Shape::ConvexMesh(scaled) = &robot.collision[3].shape else {
        panic!()
    };
    let ext = |vs: &[wolfe::Vec3]| vs.iter().fold(0.0f64, |m, v| m.max(v.x.abs()));
    assert!((ext(scaled.vertices()) - 2.0 * ext(plain.vertices())).abs() < 1e-12);
}

fn assert_err(text: &str, check: impl Fn(&UrdfError) -> bool, needle: &str) {
    match load(text) {
        Ok(_) => panic!("loaded, expected an error mentioning '{needle}'"),
        Err(e) => {
            let msg = e.to_string();
            assert!(check(&e), "wrong kind: {msg}");
            assert!(msg.contains(needle), "'{msg}' does not name '{needle}'");
        }
    }
}

#[test]
fn malformed_urdfs_give_typed_errors_naming_the_element() {
    assert_err(
        "<robot><link name='a'>",
        |e| matches!(e, UrdfError::Xml(_)),
        "bad XML",
    );
    assert_err("<model/>", |e| matches!(e, UrdfError::NotARobot(_)), "model");
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b"),
        revolute("j", "a", "b").replace("revolute", "planar")
    );
    assert_err(&t, |e| matches!(e, UrdfError::UnknownJointType { .. }), "'j'");
    let t = format!("{HEAD}{}</robot>", revolute("j", "a", "nobody"));
    assert_err(
        &t,
        |e| matches!(e, UrdfError::MissingLink { role: "child", .. }),
        "nobody",
    );
    let t = format!("{HEAD}{}{}</robot>", link("b"), revolute("j", "ghost", "b"));
    assert_err(
        &t,
        |e| matches!(e, UrdfError::MissingLink { role: "parent", .. }),
        "ghost",
    );
    // a cycle b -> c -> b beside the root a
    let t = format!(
        "{HEAD}{}{}{}{}</robot>",
        link("b"),
        link("c"),
        revolute("j1", "b", "c"),
        revolute("j2", "c", "b")
    );
    assert_err(&t, |e| matches!(e, UrdfError::Cycle { .. }), "cycle");
    // two roots
    let t = format!("{HEAD}{}</robot>", link("b"));
    assert_err(&t, |e| matches!(e, UrdfError::Roots(_)), "\"b\"");
    // a link with two parents
    let t = format!(
        "{HEAD}{}{}{}{}</robot>",
        link("b"),
        link("c"),
        revolute("j1", "a", "c"),
        revolute("j2", "b", "c")
    );
    assert_err(&t, |e| matches!(e, UrdfError::TwoParents { .. }), "'c'");
    // missing mesh
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b").replace(
            "</link>",
            r#"<collision><geometry><mesh filename="package://x/no/such.obj"/></geometry></collision></link>"#
        ),
        revolute("j", "a", "b")
    );
    assert_err(&t, |e| matches!(e, UrdfError::MissingMesh { .. }), "no/such.obj");
    // negative mass
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b").replace(r#"value="1""#, r#"value="-2""#),
        revolute("j", "a", "b")
    );
    assert_err(
        &t,
        |e| matches!(e, UrdfError::Model(ModelError::NegativeMass { .. })),
        "'b'",
    );
    // inertia not positive definite
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b").replace(r#"ixx="0.1""#, r#"ixx="-0.1""#),
        revolute("j", "a", "b")
    );
    assert_err(
        &t,
        |e| matches!(e, UrdfError::Model(ModelError::InertiaNotPositiveDefinite { .. })),
        "'b'",
    );
    // lower > upper
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b"),
        revolute("j", "a", "b").replace(r#"lower="-1""#, r#"lower="2""#)
    );
    assert_err(
        &t,
        |e| matches!(e, UrdfError::Model(ModelError::BadLimits { .. })),
        "'j'",
    );
    // non-finite and unparsable numbers
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b").replace(r#"value="1""#, r#"value="nan""#),
        revolute("j", "a", "b")
    );
    assert_err(
        &t,
        |e| matches!(e, UrdfError::BadNumber { .. }),
        "link 'b' <inertial> <mass>",
    );
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b"),
        revolute("j", "a", "b").replace("0 0 1", "0 0 inf")
    );
    assert_err(
        &t,
        |e| matches!(e, UrdfError::BadNumber { .. }),
        "joint 'j' <axis>",
    );
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b"),
        revolute("j", "a", "b").replace("0 0 1", "0 1")
    );
    assert_err(
        &t,
        |e| matches!(e, UrdfError::BadNumber { .. }),
        "3 finite numbers",
    );
    // zero axis on a movable joint
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b"),
        revolute("j", "a", "b").replace("0 0 1", "0 0 0")
    );
    assert_err(
        &t,
        |e| matches!(e, UrdfError::Model(ModelError::BadAxis { .. })),
        "'j'",
    );
    // a massless leaf on a movable joint
    let t = format!("{HEAD}<link name='b'/>{}</robot>", revolute("j", "a", "b"));
    assert_err(
        &t,
        |e| matches!(e, UrdfError::Model(ModelError::MasslessSubtree { .. })),
        "'b'",
    );
    // missing <limit> on a revolute joint, missing attributes
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b"),
        revolute("j", "a", "b").replace(r#"<limit lower="-1" upper="1" effort="1" velocity="1"/>"#, "")
    );
    assert_err(&t, |e| matches!(e, UrdfError::Missing { .. }), "<limit>");
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b"),
        revolute("j", "a", "b").replace(r#"<parent link="a"/>"#, "")
    );
    assert_err(&t, |e| matches!(e, UrdfError::Missing { .. }), "<parent>");
    // duplicate names
    let t = format!("{HEAD}{}{}</robot>", link("a"), revolute("j", "a", "a"));
    assert_err(
        &t,
        |e| matches!(e, UrdfError::Duplicate { kind: "link", .. }),
        "'a'",
    );
    // unsupported mesh format
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b").replace(
            "</link>",
            r#"<collision><geometry><mesh filename="README.md"/></geometry></collision></link>"#
        ),
        revolute("j", "a", "b")
    );
    assert_err(
        &t,
        |e| matches!(e, UrdfError::BadMesh { .. }),
        "unsupported mesh format",
    );
    // a non-positive box
    let t = format!(
        "{HEAD}{}{}</robot>",
        link("b").replace(
            "</link>",
            r#"<collision><geometry><box size="0 1 1"/></geometry></collision></link>"#
        ),
        revolute("j", "a", "b")
    );
    assert_err(&t, |e| matches!(e, UrdfError::BadGeometry { .. }), "'b'");
}

#[test]
fn massless_links_weld_and_massless_intermediates_are_allowed() {
    // a massless link on a fixed joint adds nothing; a massless link on a movable joint
    // with mass below it is fine
    let t = format!(
        "{HEAD}<link name='m'/>{}<link name='f'/><joint name='w' type='fixed'><parent link='c'/><child link='f'/></joint>{}{}</robot>",
        link("c"),
        revolute("j1", "a", "m"),
        revolute("j2", "m", "c")
    );
    let robot = load(&t).unwrap();
    assert_eq!(robot.model.nv(), 2);
    assert_eq!(robot.model.bodies()[0].inertia.mass, 0.0);
    assert_eq!(robot.model.total_mass(), 1.0);
    assert_eq!(
        robot.model.frames()[robot.model.frame_index("f").unwrap()].body,
        Some(1)
    );
}

#[test]
fn inspect_file_round_trip() {
    let dir = std::env::temp_dir().join(format!("wolfe_inspect_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let states = dir.join("in.json");
    let out = dir.join("out.json");
    let q = [0.1, -0.2, 0.3, -1.5, 0.2, 1.8, 0.4, 0.01, 0.02];
    let z = [0.0; 9];
    let z3 = [0.0; 3];
    std::fs::write(
        &states,
        serde_json::json!({"states": [{"q": q, "v": z, "a": z}]}).to_string(),
    )
    .unwrap();
    let res = inspect_file(&data_dir().join("franka_panda/panda.urdf"), &states, &out).unwrap();
    let written: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(written["joint_names"].as_array().unwrap().len(), 9);
    assert_eq!(written["states"][0]["M"].as_array().unwrap().len(), 9);
    // v = a = 0: tau is g
    assert_eq!(res.states[0].tau, res.states[0].g);
    // the plain-array form reads the same; a wrong length is a typed error naming the state
    std::fs::write(
        &states,
        serde_json::json!([{"q": q, "v": z, "a": z}, {"q": z3, "v": z, "a": z}]).to_string(),
    )
    .unwrap();
    let err = inspect_file(&data_dir().join("franka_panda/panda.urdf"), &states, &out).unwrap_err();
    assert!(err.to_string().contains("state 1"), "{err}");
    std::fs::write(&states, "{\"nope\": 1}").unwrap();
    assert!(matches!(
        inspect_file(&data_dir().join("franka_panda/panda.urdf"), &states, &out),
        Err(wolfe_multibody::InspectError::Json { .. })
    ));
    std::fs::remove_dir_all(&dir).ok();
}
