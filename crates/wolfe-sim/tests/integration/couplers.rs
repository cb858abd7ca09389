//! Coupled joints in the stepper: an MJCF `<equality joint>` holds its error at the
//! near-rigid compliance of SAP (Section V-B) under a gravity load, and a URDF
//! `<mimic>` finger follows the finger it mimics.

use std::path::Path;

use wolfe_multibody::{parse_mjcf, parse_urdf, Data, MjcfOptions, UrdfOptions};
use wolfe_sim::{Material, PdGains, SimError, SimSettings, Simulation, World};

/// A palm welded to the world with two horizontal fingers on hinges about y, on either
/// side; `j2 = 0.1 - j1` by an equality.
const TWO_FINGERS: &str = r#"<mujoco model="two_fingers">
  <worldbody>
    <body name="palm">
      <geom type="box" size="0.02 0.02 0.02" contype="0" conaffinity="0"/>
      <body name="f1" pos="0.05 0 0">
        <joint name="j1" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.01" mass="0.1" contype="0" conaffinity="0"/>
      </body>
      <body name="f2" pos="-0.05 0 0">
        <joint name="j2" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 -0.1 0 0" size="0.01" mass="0.1" contype="0" conaffinity="0"/>
      </body>
    </body>
  </worldbody>
  <equality><joint joint1="j2" joint2="j1" polycoef="0.1 -1 0 0 0"/></equality>
</mujoco>"#;

#[test]
fn equality_coupling_error_is_the_near_rigid_compliance_under_load() {
    let mjcf = parse_mjcf(TWO_FINGERS, Path::new("."), MjcfOptions::default()).unwrap();
    assert_eq!(mjcf.robot.mimics.len(), 1);
    let model = &mjcf.robot.model;
    let (b1, b2) = (model.joint_index("j1").unwrap(), model.joint_index("j2").unwrap());
    let (i1, i2) = (model.bodies()[b1].v_index, model.bodies()[b2].v_index);
    let (rho, offset) = (-1.0, 0.1);
    let q1 = 0.3;
    let mut q0 = vec![0.0; 2];
    q0[i1] = q1;
    q0[i2] = rho * q1 + offset;
    let mut world = World::default();
    let t = world.add_robot(&mjcf.robot, &q0, Material::default()).unwrap();
    // j1 held at its target by a stiff PD with gravity feed-forward; j2 only by the
    // coupler, which carries the gravity load of finger 2.
    let mut data = Data::new(model);
    let g = model.gravity_torques(&mut data, &q0).unwrap().clone_owned();
    world.tree_mut(t).unwrap().controllers = vec![PdGains {
        dof: i1,
        kp: 50.0,
        kd: 1.0,
        q_target: q1,
        v_target: 0.0,
        feed_forward: g[i1],
        effort_limit: f64::INFINITY,
    }];
    let dt = 1e-3;
    let sim = run_for(world, dt, 1000);
    let q = sim.tree_configuration(t).to_vec();
    let error = q[i2] - rho * q[i1] - offset;
    // At rest the coupler's impulse gamma carries finger 2's gravity torque over the
    // step, |gamma| = dt |g_2(q)|, and the near-rigid regularization
    // R = beta^2 w / (4 pi^2) (Eq. 29, beta = 1; the fingers are separate branches, so
    // M is diagonal and the row j = e_2 - rho e_1 has w = 1 / M_22 + rho^2 / M_11)
    // leaves the error |g0| = R dt |gamma|.
    let m = model.mass_matrix(&mut data, &q).unwrap().clone_owned();
    assert!(m[(i1, i2)].abs() < 1e-12, "separate branches");
    let g = model.gravity_torques(&mut data, &q).unwrap().clone_owned();
    let w = 1.0 / m[(i2, i2)] + rho * rho / m[(i1, i1)];
    let bound = w / (4.0 * std::f64::consts::PI.powi(2)) * dt * dt * g[i2].abs();
    assert!(g[i2].abs() > 1e-2, "finger 2 is loaded: {}", g[i2]);
    assert!(
        (error.abs() - bound).abs() <= 1e-3 * bound,
        "coupler error {error:e}, compliance of the near-rigid coupler {bound:e}"
    );
    // And the driving finger stays at its target.
    assert!((q[i1] - q1).abs() < 1e-3, "j1 = {}", q[i1]);
}

/// `world` simulated `steps` steps of `dt` (default settings otherwise).
pub(super) fn run_for(world: World, dt: f64, steps: usize) -> Simulation {
    let settings = SimSettings {
        time_step: dt,
        ..Default::default()
    };
    let mut sim = Simulation::new(world, settings).unwrap();
    for _ in 0..steps {
        sim.step().unwrap();
    }
    sim
}

/// A base with two prismatic fingers along y; `finger2` mimics `finger1` when `mimic`.
fn gripper(mimic: &str) -> wolfe_multibody::Robot {
    let finger = |name: &str, y: &str| {
        format!(
            r#"<link name="{name}"><inertial><mass value="0.05"/>
            <inertia ixx="1e-5" ixy="0" ixz="0" iyy="1e-5" iyz="0" izz="1e-5"/></inertial></link>"#
        ) + &format!(
            r#"<joint name="{name}_joint" type="prismatic"><parent link="base"/><child link="{name}"/>
            <axis xyz="0 {y} 0"/><limit lower="0" upper="0.04" effort="100" velocity="1"/>{}</joint>"#,
            if name == "finger2" { mimic } else { "" }
        )
    };
    let text = format!(
        r#"<robot name="gripper"><link name="base"/>{}{}</robot>"#,
        finger("finger1", "1"),
        finger("finger2", "-1")
    );
    parse_urdf(&text, Path::new("."), UrdfOptions::default()).unwrap()
}

/// Runs the gripper 0.5 s with finger 1 driven from 0 to 0.03 m by a PD; returns the
/// worst `|q2 - q1|` over the run and the final `(q1, q2)`.
fn drive_gripper(mimic: &str) -> (f64, f64, f64) {
    let robot = gripper(mimic);
    let mut world = World::default();
    let t = world.add_robot(&robot, &[0.0, 0.0], Material::default()).unwrap();
    world.tree_mut(t).unwrap().controllers = vec![PdGains {
        dof: 0,
        kp: 200.0,
        kd: 5.0,
        q_target: 0.03,
        v_target: 0.0,
        feed_forward: 0.0,
        effort_limit: f64::INFINITY,
    }];
    let mut sim = Simulation::new(world, SimSettings::default()).unwrap();
    let mut worst = 0.0f64;
    let steps = (0.5 / sim.settings().time_step).round() as usize;
    for _ in 0..steps {
        sim.step().unwrap();
        let q = sim.tree_configuration(t);
        worst = worst.max((q[1] - q[0]).abs());
    }
    let q = sim.tree_configuration(t);
    (worst, q[0], q[1])
}

#[test]
fn urdf_mimic_finger_follows_its_source() {
    // Without the mimic, nothing moves finger 2 (no gravity along y).
    let (_, q1, q2) = drive_gripper("");
    assert!((q1 - 0.03).abs() < 1e-3 && q2.abs() < 1e-12, "free: {q1} {q2}");
    let (worst, q1, q2) = drive_gripper(r#"<mimic joint="finger1_joint" multiplier="1" offset="0"/>"#);
    assert!((q1 - 0.03).abs() < 1e-3, "finger 1 at {q1}");
    assert!((q2 - q1).abs() < 1e-6, "finger 2 at {q2}, finger 1 at {q1}");
    // While it moves, the near-rigid coupler's compliance lets finger 2 lag a little:
    // below 1% of the 3 cm stroke.
    assert!(worst < 3e-4, "worst mimic error {worst:e}");
}

#[test]
fn mimic_of_a_missing_joint_is_a_typed_error() {
    let mut robot = gripper("");
    robot.mimics.push(wolfe_multibody::Mimic {
        joint: "finger2_joint".into(),
        source: "nope".into(),
        multiplier: 1.0,
        offset: 0.0,
    });
    let err = World::default()
        .add_robot(&robot, &[0.0, 0.0], Material::default())
        .unwrap_err();
    assert!(matches!(err, SimError::Invalid { .. }), "{err}");
    assert!(err.to_string().contains("nope"), "{err}");
}
