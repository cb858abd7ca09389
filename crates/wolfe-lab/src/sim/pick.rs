//! `panda-pick`: the Panda grasps a YCB foam brick lying on the table with its two
//! fingers, lifts it 20 cm, holds it 2 s and sets it down, by tracking joint-space
//! keyframes with PD controllers (the URDF's effort limits); the brick is held by
//! friction alone. Keyframes come from the damped-least-squares inverse kinematics of
//! `wolfe_multibody` ([`wolfe_multibody::Model::inverse_kinematics`]) of the hand's tool
//! point (position and orientation), interpolated by a
//! [`wolfe_multibody::JointTrajectory`].

use std::path::PathBuf;

use nalgebra::{DMatrix, Matrix3};
use wolfe::{ConvexShape, Quat, Vec3};
use wolfe_multibody::{Data, IkSettings, IkTarget, JointTrajectory, Model};
use wolfe_sim::step::SapStatus;
use wolfe_sim::{Material, PdGains, SimError, SimSettings, Simulation, World};

use super::options::{io, SimRunError};
use super::record::RunRecorder;
use super::robots::{add_floor_and_table, add_ycb_object, default_data_dir, load_panda, ycb_hull, PANDA_KP};

/// Options of [`panda_pick`].
#[derive(Clone, Debug, PartialEq)]
pub struct PandaPickOptions {
    /// Output folder.
    pub out: PathBuf,
    /// Time step, s (the paper's manipulation step is 5 ms).
    pub dt: f64,
    /// The folder holding `robots/` and `ycb/`.
    pub data_dir: PathBuf,
}

impl PandaPickOptions {
    /// The scene as specified (dt = 5 ms), writing to `out`.
    pub fn new(out: impl Into<PathBuf>) -> Self {
        Self {
            out: out.into(),
            dt: 5e-3,
            data_dir: default_data_dir(),
        }
    }
}

/// What `panda-pick` measured (also written to `pick.json`).
#[derive(Clone, Debug, PartialEq)]
pub struct PickReport {
    /// The object's rise above its start at the end of the hold, m.
    pub lift_m: f64,
    /// How long it stayed in the hand at the lifted height (within 5 mm of where it was
    /// relative to the hand when the lift ended), s.
    pub held_s: f64,
    /// How far it slid relative to the hand during the hold, m.
    pub slip_m: f64,
    /// Every step converged.
    pub all_converged: bool,
    /// `lift >= 0.19 m`, held 2 s, slip < 5 mm, every step converged.
    pub success: bool,
}

/// Tool point: 10.34 cm along the hand's z axis (between the fingertips).
const TCP: f64 = 0.1034;

/// The hand frame's world rotation and tool point at arm configuration `q`.
fn tcp(model: &Model, data: &mut Data, hand: usize, q: &[f64]) -> Result<(Matrix3<f64>, Vec3), SimError> {
    model.frames_forward_kinematics(data, q)?;
    let x = data.frame_placements()[hand];
    Ok((x.rot, x.transform_point(&Vec3::new(0.0, 0.0, TCP))))
}

/// The arm configuration (the 7 arm joints moved from `q0`, fingers kept) that puts
/// the tool point at `p` with the hand at rotation `r`: the public inverse kinematics
/// of `wolfe_multibody` (damped least squares, joint limits respected).
fn ik(
    model: &Model, data: &mut Data, hand: usize, q0: &[f64], p: &Vec3, r: &Matrix3<f64>,
) -> Result<Vec<f64>, SimError> {
    let target = IkTarget {
        frame: hand,
        point: Vec3::new(0.0, 0.0, TCP),
        position: *p,
        rotation: Some(*r),
    };
    let settings = IkSettings {
        dofs: Some((0..7).collect()),
        ..Default::default()
    };
    Ok(model.inverse_kinematics(data, &target, q0, &settings)?.q)
}

/// PD controllers tracking `(q, v)` with gains `kp`, critically damped at `M` (the arm's
/// mass matrix at the ready pose), feed-forward `g(q)`, the URDF's effort limits.
fn tracking(
    model: &Model, data: &mut Data, m: &DMatrix<f64>, kp: &[f64], q: &[f64], v: &[f64],
) -> Result<Vec<PdGains>, SimError> {
    let g = model.gravity_torques(data, q)?.clone_owned();
    let joints: Vec<usize> = (0..9).collect();
    Ok(joints
        .iter()
        .map(|&vi| {
            let e = model
                .bodies()
                .iter()
                .find(|b| b.v_index == vi)
                .map_or(f64::INFINITY, |b| b.joint.limits.effort);
            PdGains {
                dof: vi,
                kp: kp[vi],
                kd: 2.0 * (kp[vi] * m[(vi, vi)]).sqrt(),
                q_target: q[vi],
                v_target: v[vi],
                feed_forward: g[vi],
                effort_limit: if e > 0.0 { e } else { f64::INFINITY },
            }
        })
        .collect())
}

/// `panda-pick` (see the module docs). Writes the run's folder (as `panda-drop` does)
/// and `pick.json`.
pub fn panda_pick(options: &PandaPickOptions) -> Result<PickReport, SimRunError> {
    let dt = options.dt;
    if !(dt.is_finite() && dt > 0.0) {
        return Err(SimRunError::Option(format!("dt = {dt} s must be finite and > 0")));
    }
    let robot = load_panda(&options.data_dir)?;
    let model = robot.model.clone();
    let mut data = Data::new(&model);
    let hand = model
        .frame_index("panda_hand")
        .ok_or_else(|| SimRunError::Option("panda.urdf: no panda_hand frame".into()))?;
    // The file order of the Panda's joints is its model order (9 one-dof joints).
    let ready = [0.0, -0.3, 0.0, -2.2, 0.0, 1.9, 0.785, 0.04, 0.04];
    let (r_down, _) = tcp(&model, &mut data, hand, &ready)?;
    // The fingers open along the hand's y axis: lay the brick's narrow side (its x) along it.
    let finger_axis = r_down.column(1).into_owned();
    let yaw = finger_axis.y.atan2(finger_axis.x);
    let b = ycb_hull(&options.data_dir, "061_foam_brick")?.local_aabb();
    let rotation = Quat::from_axis_angle(&Vec3::z_axis(), yaw);
    let target = Vec3::new(0.5, 0.0, 0.2 + 0.5 * (b.max.z - b.min.z) + 1e-4);
    let material = Material::default();
    let mut world = World::default();
    add_floor_and_table(&mut world, material)?;
    let arm = world.add_robot(&robot, &ready, material)?;
    let object = add_ycb_object(
        &mut world,
        &options.data_dir,
        "061_foam_brick",
        target,
        rotation,
        material,
    )?;
    // Keyframes (arm from IK; fingers open 0.04 m, closed target 0).
    let above = ik(
        &model,
        &mut data,
        hand,
        &ready,
        &(target + Vec3::new(0.0, 0.0, 0.15)),
        &r_down,
    )?;
    let grasp = ik(&model, &mut data, hand, &above, &target, &r_down)?;
    let lift = ik(
        &model,
        &mut data,
        hand,
        &grasp,
        &(target + Vec3::new(0.0, 0.0, 0.2)),
        &r_down,
    )?;
    let with_fingers = |q: &[f64], f: f64| {
        let mut v = q[..7].to_vec();
        v.extend([f, f]);
        v
    };
    let keys = JointTrajectory::new(vec![
        (0.0, ready.to_vec()),
        (1.5, with_fingers(&above, 0.04)),
        (3.0, with_fingers(&grasp, 0.04)),
        (3.5, with_fingers(&grasp, 0.04)),
        (4.5, with_fingers(&grasp, 0.0)),
        (6.0, with_fingers(&lift, 0.0)),
        (8.5, with_fingers(&lift, 0.0)),
        (10.0, with_fingers(&grasp, 0.0)),
        (11.0, with_fingers(&grasp, 0.04)),
        (12.0, with_fingers(&above, 0.04)),
    ])
    .map_err(SimError::from)?;
    let (hold_start, hold_end) = (6.0, 8.5);
    let m = model
        .mass_matrix(&mut data, &ready)
        .map_err(SimError::from)?
        .clone_owned();
    let kp: Vec<f64> = PANDA_KP[..7].iter().copied().chain([400.0, 400.0]).collect();
    let (q, v) = keys.at(0.0);
    world.tree_mut(arm)?.controllers = tracking(&model, &mut data, &m, &kp, &q, &v)?;
    let settings = SimSettings {
        time_step: dt,
        persistent_contacts: true,
        ..Default::default()
    };
    let mut sim = Simulation::new(world, settings)?;
    let mut rec = RunRecorder::create(&options.out, &sim)?;
    let obj_z0 = sim.poses()[object].translation.z;
    let hand_body = model.frames()[hand].body.unwrap_or(0);
    let steps = (12.5 / dt).round() as u64;
    let mut all_converged = true;
    let (mut rel_ref, mut slip, mut held_s, mut lift_m) = (None::<Vec3>, 0.0f64, 0.0, 0.0);
    for _ in 0..steps {
        let (q, v) = keys.at(sim.time());
        *sim.controllers_mut(arm)? = tracking(&model, &mut data, &m, &kp, &q, &v)?;
        let stats = sim.step()?;
        if stats.sap_status.is_some_and(|s| s != SapStatus::Converged) {
            all_converged = false;
        }
        rec.record(&sim, &stats)?;
        let t = sim.time();
        let obj = sim.poses()[object].translation;
        let rel = sim.tree_placements(arm)[hand_body]
            .inverse()
            .transform_point(&obj);
        if t >= hold_start && t <= hold_end {
            let r0 = *rel_ref.get_or_insert(rel);
            let d = (rel - r0).norm();
            slip = slip.max(d);
            if d < 5e-3 && obj.z - obj_z0 > 0.15 {
                held_s += dt;
            }
            lift_m = obj.z - obj_z0;
        }
    }
    rec.finish()?;
    let success = lift_m >= 0.19 && held_s >= 2.0 - 1e-9 && slip < 5e-3 && all_converged;
    let json = serde_json::json!({
        "lift_m": lift_m, "held_s": held_s, "slip_m": slip, "success": success,
    });
    let path = options.out.join("pick.json");
    std::fs::write(&path, serde_json::to_string_pretty(&json).unwrap_or_default()).map_err(io(&path))?;
    Ok(PickReport {
        lift_m,
        held_s,
        slip_m: slip,
        all_converged,
        success,
    })
}
