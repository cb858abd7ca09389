//! Worlds from MJCF scenes: a free box dropped on an MJCF plane rests at the height
//! its contact stiffness gives, an Inspire hand holds a pose with its position
//! actuators under gravity, and what the simulator cannot model is a typed error.

use std::path::{Path, PathBuf};

use wolfe_multibody::mjcf::Keyframe;
use wolfe_multibody::{load_mjcf, parse_mjcf, MjcfOptions};
use wolfe_sim::{Material, MjcfWorldOptions, SimError, SimSettings, Simulation, StaticGeometry, World};

use super::couplers::run_for;

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(rel)
}

#[test]
fn free_box_comes_to_rest_on_the_plane_at_the_analytic_height() {
    let mjcf = load_mjcf(&repo("data/scenes/box_on_plane.xml"), MjcfOptions::default()).unwrap();
    let k = 1e4;
    let options = MjcfWorldOptions {
        material: Material {
            stiffness: k,
            dissipation_time_scale: 0.01,
            friction: 1.0,
        },
        ..Default::default()
    };
    let mut world = World::default();
    let scene = world.add_mjcf(&mjcf, options).unwrap();
    assert_eq!(scene.trees.len(), 1, "the box is one floating tree");
    // The plane is a half-space with the geom's friction.
    let planes: Vec<_> = (world.statics().iter())
        .filter(|s| matches!(s, StaticGeometry::HalfSpace(..)))
        .collect();
    assert_eq!(planes.len(), 1);
    assert_eq!(planes[0].material().friction, 0.8);
    let t = scene.trees[0];
    // The keyframe's [p; w x y z] became [p; x y z w].
    let q0 = world.trees()[t].q0.clone();
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let expected = [0.1, 0.0, 0.06, 0.0, 0.0, h, h];
    assert!((0..7).all(|i| (q0[i] - expected[i]).abs() < 1e-12), "{q0}");
    let sim = run_for(world, 1e-3, 1500);
    let q = sim.tree_configuration(t).to_vec();
    let v = sim.tree_velocities(t);
    assert!(v.iter().all(|x| x.abs() < 1e-4), "at rest: {v:?}");
    // Static balance: the touching points share m g, each a spring of the pair's
    // series stiffness k/2 (box and plane both k) compressed by delta.
    let touching = sim.contacts().iter().filter(|c| c.phi0 <= 0.0).count();
    assert!(touching >= 4, "{touching} touching points");
    let delta = 1.0 * 9.81 / (touching as f64 * k / 2.0);
    let z = q[2];
    assert!(
        (z - (0.05 - delta)).abs() < 0.02 * delta,
        "rest height {z}, analytic {} (delta {delta:e}, {touching} points)",
        0.05 - delta
    );
    assert!((q[0] - 0.1).abs() < 1e-3 && q[1].abs() < 1e-3, "no drift: {q:?}");
}

/// The worst joint error of the right Inspire hand (palm welded to the world) after
/// `seconds` holding mid-range targets with its position actuators, from a keyframe
/// at those targets.
fn inspire_hold_error(gravity_compensation: bool, seconds: f64) -> f64 {
    let path = repo("data/robots/inspire_hand/inspire_right_hand.xml");
    let mut mjcf = load_mjcf(&path, MjcfOptions::default()).unwrap();
    let model = &mjcf.robot.model;
    let mid: Vec<f64> = (model.bodies().iter())
        .map(|b| 0.5 * (b.joint.limits.lower + b.joint.limits.upper))
        .collect();
    assert_eq!(mid.len(), 12);
    let ctrl = (mjcf.actuators.iter())
        .map(|a| mid[model.joint_index(&a.joint).unwrap()])
        .collect();
    mjcf.keyframe = Some(Keyframe {
        name: "mid".into(),
        qpos: Some(mid.clone()),
        ctrl: Some(ctrl),
    });
    let mut world = World::default();
    let options = MjcfWorldOptions {
        gravity_compensation,
        ..Default::default()
    };
    let scene = world.add_mjcf(&mjcf, options).unwrap();
    assert_eq!(scene.trees.len(), 1);
    assert_eq!(world.trees()[0].controllers.len(), 12);
    let mut sim = Simulation::new(world, SimSettings::default()).unwrap();
    let steps = (seconds / sim.settings().time_step).round() as usize;
    for _ in 0..steps {
        sim.step().unwrap();
    }
    let q = sim.tree_configuration(0);
    // One body per joint, in model order: q index = body index.
    q.iter().zip(&mid).map(|(q, m)| (q - m).abs()).fold(0.0, f64::max)
}

#[test]
fn inspire_hand_holds_its_pose_under_gravity() {
    let error = inspire_hold_error(true, 2.0);
    assert!(error <= 1e-3, "worst joint error {error:e} rad after 2 s");
}

const TWO_LINKS: &str = r#"<mujoco>
  <worldbody>
    <body name="a"><joint name="j1" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.01" mass="0.1"/>
      <body name="b" pos="0.1 0 0"><joint name="j2" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.01" mass="0.1"/>
      </body>
    </body>
  </worldbody>
  EXTRA
</mujoco>"#;

fn add(extra: &str) -> Result<wolfe_sim::MjcfScene, SimError> {
    let text = TWO_LINKS.replace("EXTRA", extra);
    let mjcf = parse_mjcf(&text, Path::new("."), MjcfOptions::default()).unwrap();
    World::default().add_mjcf(&mjcf, MjcfWorldOptions::default())
}

#[test]
fn what_the_simulator_cannot_model_is_a_typed_error() {
    assert!(add("").is_ok());
    let held = add(r#"<equality><joint joint1="j2" polycoef="0.2 0 0 0 0"/></equality>"#).unwrap_err();
    assert!(
        matches!(held, SimError::Invalid { .. }) && held.to_string().contains("j2"),
        "{held}"
    );
    let asym =
        add(r#"<actuator><position joint="j1" kp="5" forcelimited="true" forcerange="-1 2"/></actuator>"#)
            .unwrap_err();
    assert!(asym.to_string().contains("forcerange"), "{asym}");
    let gear = add(r#"<actuator><motor joint="j1" gear="2"/></actuator>"#).unwrap_err();
    assert!(gear.to_string().contains("gear"), "{gear}");
}

#[test]
fn actuators_become_pd_controllers() {
    let text = TWO_LINKS.replace(
        "EXTRA",
        r#"<actuator><position joint="j2" kp="5" kv="0.5" ctrlrange="-0.5 0.5" forcelimited="true" forcerange="-3 3"/>
        <velocity joint="j1" kv="2"/></actuator>
        <keyframe><key qpos="0.1 0.2" ctrl="0.9 0.3"/></keyframe>"#,
    );
    let mjcf = parse_mjcf(&text, Path::new("."), MjcfOptions::default()).unwrap();
    let mut world = World::default();
    world.add_mjcf(&mjcf, MjcfWorldOptions::default()).unwrap();
    let tree = &world.trees()[0];
    assert_eq!(tree.q0.as_slice(), &[0.1, 0.2]);
    let (p, v) = (&tree.controllers[0], &tree.controllers[1]);
    // Position: kp, kd = kv, target = ctrl clamped to ctrlrange, effort = forcerange.
    assert_eq!(
        (p.dof, p.kp, p.kd, p.q_target, p.effort_limit),
        (1, 5.0, 0.5, 0.5, 3.0)
    );
    // Velocity: kd = kv tracking v = ctrl.
    assert_eq!((v.dof, v.kp, v.kd, v.v_target), (0, 0.0, 2.0, 0.3));
}

/// A compliant ball declared by the scene file's `<custom>` entry rests on the MJCF
/// plane on its contact patch, whose pressure integral carries its weight; what the
/// entry cannot mean is a typed error naming it.
#[test]
fn custom_hydroelastic_entries_make_patch_contact() {
    let scene = |entry: &str| {
        format!(
            r#"<mujoco>
  <worldbody>
    <geom name="floor" type="plane" size="1 1 0.1"/>
    <body name="ball" pos="0 0 0.049">
      <freejoint/>
      <geom name="ball" type="sphere" size="0.05" mass="0.5"/>
    </body>
  </worldbody>
  <custom>{entry}</custom>
</mujoco>"#
        )
    };
    let world_of = |entry: &str| {
        let mjcf = parse_mjcf(&scene(entry), Path::new("."), MjcfOptions::default()).unwrap();
        let mut world = World::default();
        world
            .add_mjcf(&mjcf, MjcfWorldOptions::default())
            .map(|s| (world, s))
    };
    let (world, scene_map) = world_of(
        r#"<text name="hydroelastic:ball" data="compliant modulus=1e6 resolution=0.01 dissipation=2"/>"#,
    )
    .unwrap();
    let ball = scene_map.geoms[1].expect("the ball collides");
    match world.hydroelastic(ball) {
        Some(wolfe_sim::Hydroelastic::Compliant(g, d)) => assert!(g.modulus() == 1e6 && *d == 2.0),
        other => panic!("{other:?}"),
    }
    let mut sim = Simulation::new(world, SimSettings::default()).unwrap();
    for _ in 0..400 {
        sim.step().unwrap();
    }
    let patches = sim.contact_patches();
    assert!(patches.polygons.len() > 10, "{} polygons", patches.polygons.len());
    let force: f64 = patches.polygons.iter().map(|p| p.polygon.force()).sum();
    assert!(
        (force - 0.5 * 9.81).abs() < 0.02 * 0.5 * 9.81,
        "patch force {force} N against the weight"
    );
    for (entry, needle) in [
        (r#"<text name="hydroelastic:nothing" data="rigid"/>"#, "nothing"),
        (r#"<text name="hydroelastic:floor" data="rigid"/>"#, "plane"),
        (
            r#"<text name="hydroelastic:ball" data="compliant resolution=0.01"/>"#,
            "modulus",
        ),
        (
            r#"<text name="hydroelastic:ball" data="compliant modulus=1e6 resolution=0.01 stiffness=3"/>"#,
            "unknown key",
        ),
        (
            r#"<text name="hydroelastic:ball" data="rigid modulus=1e6"/>"#,
            "resolution only",
        ),
        (
            r#"<text name="hydroelastic:ball" data="soft modulus=1e6"/>"#,
            "first word",
        ),
        (
            r#"<text name="hydroelastic:ball" data="compliant modulus=-1 resolution=0.01"/>"#,
            "hydroelastic modulus",
        ),
    ] {
        let e = world_of(entry).unwrap_err();
        assert!(e.to_string().contains(needle), "{entry}: {e}");
    }
}
