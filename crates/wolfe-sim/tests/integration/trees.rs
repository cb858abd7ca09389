//! Tree dynamics of the stepper without contact: energy of a frictionless double
//! pendulum, the discrete PD response, a joint limit under load, a divergence error,
//! a box at rest on the floor beside them; the `joints.csv` rows of the run folders.

use std::path::Path;

use wolfe::{Cuboid, Pose, Quat, Shape, Vec3};
use wolfe_multibody::{parse_urdf, Data, UrdfOptions};
use wolfe_sim::{Material, PdGains, RigidBody, Scheme, SimError, SimSettings, Simulation, World};

fn link(name: &str, mass: f64, com_x: f64) -> String {
    format!(
        r#"<link name="{name}"><inertial><origin xyz="{com_x} 0 0"/><mass value="{mass}"/>
        <inertia ixx="1e-3" ixy="0" ixz="0" iyy="1e-3" iyz="0" izz="1e-3"/></inertial></link>"#
    )
}

fn joint(name: &str, kind: &str, parent: &str, child: &str, x: f64, axis: &str, limit: &str) -> String {
    format!(
        r#"<joint name="{name}" type="{kind}"><parent link="{parent}"/><child link="{child}"/>
        <origin xyz="{x} 0 0"/><axis xyz="{axis}"/>{limit}</joint>"#
    )
}

fn robot(body: &str) -> wolfe_multibody::Robot {
    let text = format!(r#"<robot name="r"><link name="base"/>{body}</robot>"#);
    parse_urdf(&text, Path::new("."), UrdfOptions::default()).unwrap()
}

fn settings(dt: f64) -> SimSettings {
    SimSettings {
        time_step: dt,
        ..Default::default()
    }
}

/// The worst relative energy error of a frictionless double pendulum (continuous joints
/// about y, no constraints: v = v*) released at rest from (0.3, -0.2) rad over `seconds`.
fn pendulum_energy_error(dt: f64, seconds: f64) -> f64 {
    pendulum_energy_history(dt, seconds, Scheme::SymplecticEuler, (0.3, -0.2))
        .iter()
        .fold(0.0f64, |m, e| m.max(e.abs()))
}

/// Two 1 kg links of 1 m (centres at 0.5 m) on continuous joints about y: the double
/// pendulum.
fn double_pendulum() -> wolfe_multibody::Robot {
    robot(&format!(
        "{}{}{}{}",
        link("l1", 1.0, 0.5),
        link("l2", 1.0, 0.5),
        joint("j1", "continuous", "base", "l1", 0.0, "0 1 0", ""),
        joint("j2", "continuous", "l1", "l2", 1.0, "0 1 0", "")
    ))
}

/// The relative energy error `(E_n - E_0) / (m g L)` after every step of the
/// frictionless double pendulum released at rest from `q0`.
fn pendulum_energy_history(dt: f64, seconds: f64, scheme: Scheme, q0: (f64, f64)) -> Vec<f64> {
    let r = double_pendulum();
    let mut world = World::default();
    world.add_robot(&r, &[q0.0, q0.1], Material::default()).unwrap();
    let model = r.model.clone();
    let mut data = Data::new(&model);
    let mut energy = |q: &[f64], v: &[f64]| {
        let ke = model.kinetic_energy(&mut data, q, v).unwrap();
        model.forward_kinematics(&mut data, q).unwrap();
        let pe: f64 = model
            .bodies()
            .iter()
            .zip(data.body_placements())
            .map(|(b, x)| b.inertia.mass * 9.81 * x.transform_point(&b.inertia.com()).z)
            .sum();
        ke + pe
    };
    let e0 = energy(&[q0.0, q0.1], &[0.0, 0.0]);
    // Scale: the potential energy range of the motion, m g L.
    let scale = 9.81;
    let mut sim = Simulation::new(
        world,
        SimSettings {
            scheme,
            ..settings(dt)
        },
    )
    .unwrap();
    (0..(seconds / dt).round() as usize)
        .map(|_| {
            let s = sim.step().unwrap();
            assert!(s.sap_status.is_none());
            let t = state(&sim, 0);
            (energy(t.q.as_slice(), t.v.as_slice()) - e0) / scale
        })
        .collect()
}

/// A tree's configuration and velocities now.
struct TreeNow {
    q: nalgebra::DVector<f64>,
    v: nalgebra::DVector<f64>,
}

fn state(sim: &Simulation, tree: usize) -> TreeNow {
    TreeNow {
        q: nalgebra::DVector::from_column_slice(sim.tree_configuration(tree)),
        v: nalgebra::DVector::from_column_slice(sim.tree_velocities(tree)),
    }
}

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len() as f64
}

/// The midpoint rule (theta = theta_vq = 1/2) on the frictionless double pendulum.
///
/// Not exact energy conservation: no Runge-Kutta method conserves a non-quadratic
/// energy exactly, and the pendulum's `1/2 v^T M(q) v + V(q)` is not quadratic. What the
/// midpoint rule gives is a symmetric (time-reversible) second-order scheme, so the
/// energy error is an O(dt^2) oscillation with no secular drift (Hairer, Lubich and
/// Wanner, Geometric Numerical Integration, Ch. XI). Tested over 10^4 steps at dt = 1 ms
/// (10 s), released at rest 0.2 and -0.1 rad from hanging (quasi-periodic motion),
/// energies relative to m g L:
/// - drift, the mean error over the last 1000 steps minus that over the first 1000:
///   below 1e-10 (measured 1.1e-11, 0.3 % of the oscillation's amplitude: both windows
///   average the same bounded oscillation, so what is left is their phase difference
///   and round-off), while the first-order scheme drifts by 3.1e-5 over the same run
///   (asserted at least 1000x more);
/// - the oscillation is second order: its amplitude is below 1e-8 (measured 3.7e-9)
///   and grows by 4 (3.9-4.1, measured 4.0001) when dt doubles;
/// - bounded, not growing: the amplitude over the last 1000 steps is within 5 % of
///   that over the first 1000 (measured equal to 4 digits).
#[test]
fn double_pendulum_midpoint_energy_has_no_drift() {
    // Links along x at q = 0, joints about y: q1 = pi/2 hangs straight down.
    let q0 = (std::f64::consts::FRAC_PI_2 + 0.2, -0.1);
    let e1 = pendulum_energy_history(1e-3, 10.0, Scheme::Midpoint, q0);
    let e2 = pendulum_energy_history(2e-3, 10.0, Scheme::Midpoint, q0);
    let symplectic = pendulum_energy_history(1e-3, 10.0, Scheme::SymplecticEuler, q0);
    assert_eq!(e1.len(), 10_000);
    let n = e1.len();
    let drift = mean(&e1[n - 1000..]) - mean(&e1[..1000]);
    let drift_euler = mean(&symplectic[n - 1000..]) - mean(&symplectic[..1000]);
    let amp = |e: &[f64]| e.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let (a1, a2) = (amp(&e1), amp(&e2));
    let (first, last) = (amp(&e1[..1000]), amp(&e1[n - 1000..]));
    println!(
        "midpoint: drift {drift:e}, amplitude dt=1ms {a1:e}, dt=2ms {a2:e} (ratio {}), \
         first/last window {first:e}/{last:e}; symplectic Euler drift {drift_euler:e}",
        a2 / a1
    );
    assert!(drift.abs() < 1e-10, "{drift}");
    assert!(drift_euler.abs() > 1e3 * drift.abs(), "{drift_euler}");
    assert!(a1 < 1e-8, "{a1}");
    assert!((3.9..=4.1).contains(&(a2 / a1)), "{a2} / {a1}");
    assert!(last <= 1.05 * first, "{first} {last}");
}

/// The default scheme (symplectic Euler: forces explicit at (q0, v0), positions with the
/// new velocities) is first order and does not conserve energy exactly: on a
/// frictionless double pendulum the energy error over a fixed horizon is O(dt). Tested:
/// halving dt halves the worst error over 2 s (ratio within [1.6, 2.5]), and at 1 ms it
/// is below 2 % of m g L (measured 1.04 %, ratio 2.03).
#[test]
fn double_pendulum_energy_error_is_first_order() {
    let e2 = pendulum_energy_error(2e-3, 2.0);
    let e1 = pendulum_energy_error(1e-3, 2.0);
    println!(
        "energy error: dt = 2 ms {e2:e}, dt = 1 ms {e1:e}, ratio {}",
        e2 / e1
    );
    assert!(e1 < 2e-2, "{e1}");
    assert!((1.6..=2.5).contains(&(e2 / e1)), "{e2} / {e1}");
}

/// One link turning about the vertical z axis (no gravity torque), PD-held without an
/// effort limit: each step is the implicit-Euler PD update
/// `v1 = (I v0 - dt kp (q0 - q*)) / (I + dt^2 kp + dt kd)`, `q1 = q0 + dt v1`.
#[test]
fn pd_joint_follows_the_discrete_response() {
    let r = robot(&format!(
        "{}{}",
        link("l1", 2.0, 0.3),
        joint("j1", "continuous", "base", "l1", 0.0, "0 0 1", "")
    ));
    let mut data = Data::new(&r.model);
    let inertia = r.model.mass_matrix(&mut data, &[0.0]).unwrap()[(0, 0)];
    let mut world = World::default();
    let tree = world.add_robot(&r, &[0.0], Material::default()).unwrap();
    let (kp, kd, target, dt) = (50.0, 3.0, 1.0, 5e-3);
    world.tree_mut(tree).unwrap().controllers = vec![PdGains {
        dof: 0,
        kp,
        kd,
        q_target: target,
        v_target: 0.0,
        feed_forward: 0.0,
        effort_limit: f64::INFINITY,
    }];
    let mut sim = Simulation::new(world, settings(dt)).unwrap();
    let (mut q, mut v) = (0.0f64, 0.0f64);
    for _ in 0..400 {
        let s = sim.step().unwrap();
        assert_eq!(s.sap_status, Some(wolfe_sap::SapStatus::Converged));
        v = (inertia * v - dt * kp * (q - target)) / (inertia + dt * dt * kp + dt * kd);
        q += dt * v;
        let t = state(&sim, 0);
        assert!((t.q[0] - q).abs() < 1e-6 * (1.0 + q.abs()), "{} vs {q}", t.q[0]);
        assert!((t.v[0] - v).abs() < 1e-5 * (1.0 + v.abs()), "{} vs {v}", t.v[0]);
    }
    assert!((q - target).abs() < 0.05, "{q}");
}

/// A horizontal link on a joint about y falls under gravity onto its limit and stays
/// there: the limit holds within SAP's near-rigid overlap (well below 1 mrad).
#[test]
fn joint_limit_holds_under_gravity() {
    let r = robot(&format!(
        "{}{}",
        link("l1", 2.0, 0.5),
        joint(
            "j1",
            "revolute",
            "base",
            "l1",
            0.0,
            "0 1 0",
            r#"<limit lower="-0.2" upper="0.3" effort="10" velocity="2"/>"#
        )
    ));
    let mut world = World::default();
    world.add_robot(&r, &[0.0], Material::default()).unwrap();
    let mut sim = Simulation::new(world, settings(5e-3)).unwrap();
    for _ in 0..400 {
        sim.step().unwrap();
    }
    let t = state(&sim, 0);
    // Gravity (-z) on a link along +x about +y turns it towards +q.
    assert!((t.q[0] - 0.3).abs() < 1e-3, "{}", t.q[0]);
    assert!(t.v[0].abs() < 1e-3, "{}", t.v[0]);
}

/// A box resting on the floor settles with penetration below 1 mm.
#[test]
fn box_rests_on_the_floor() {
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let shape = Shape::Cuboid(Cuboid::new([0.05, 0.05, 0.05]).unwrap());
    let pose = Pose {
        rotation: Quat::identity(),
        translation: Vec3::new(0.0, 0.0, 0.06),
    };
    world
        .add_body(RigidBody::from_density("box", shape, 800.0, pose).unwrap())
        .unwrap();
    let mut sim = Simulation::new(world, settings(5e-3)).unwrap();
    let mut last = None;
    for _ in 0..200 {
        last = Some(sim.step().unwrap());
    }
    let s = last.unwrap();
    assert!(s.contacts >= 4, "{}", s.contacts);
    assert!(s.max_penetration < 1e-3, "{}", s.max_penetration);
    let z = sim.poses()[0].translation.z;
    assert!((z - 0.05).abs() < 1e-3, "{z}");
    assert!(sim.velocities().norm() < 1e-3);
}

/// A huge time step runs away and returns the typed error suggesting a smaller dt.
#[test]
fn huge_time_step_returns_divergence_error() {
    let mut world = World::default();
    let shape = Shape::Cuboid(Cuboid::new([0.05, 0.05, 0.05]).unwrap());
    let pose = Pose {
        rotation: Quat::identity(),
        translation: Vec3::new(0.0, 0.0, 1.0),
    };
    world
        .add_body(RigidBody::from_density("box", shape, 800.0, pose).unwrap())
        .unwrap();
    let mut sim = Simulation::new(world, settings(1e3)).unwrap();
    let err = sim.step().unwrap_err();
    assert!(matches!(err, SimError::Diverged { .. }), "{err}");
    assert!(err.to_string().contains("smaller time step"), "{err}");
    assert!(Simulation::new(World::default(), settings(f64::NAN)).is_err());
}

/// `TreeEntry::hold_gains`: critical damping `kd = 2 sqrt(kp M_ii(q*))` and the
/// feed-forward `g(q*)` by default, given `kd` and no feed-forward on request, effort
/// limits from the URDF, typed errors for bad input.
#[test]
fn hold_gains_are_critical_damping_and_gravity_at_the_target() {
    let limit = r#"<limit lower="-2" upper="2" effort="7" velocity="2"/>"#;
    let r = robot(&format!(
        "{}{}{}{}",
        link("l1", 2.0, 0.3),
        joint("j1", "revolute", "base", "l1", 0.0, "0 1 0", limit),
        link("l2", 1.0, 0.2),
        joint("j2", "continuous", "l1", "l2", 0.5, "0 1 0", "")
    ));
    let target = [0.4, -0.7];
    let kp = [80.0, 30.0];
    let mut data = Data::new(&r.model);
    let m = r.model.mass_matrix(&mut data, &target).unwrap().clone_owned();
    let g = r.model.gravity_torques(&mut data, &target).unwrap().clone_owned();
    let mut world = World::default();
    let tree = world.add_robot(&r, &[0.0, 0.0], Material::default()).unwrap();
    let t = world.tree_mut(tree).unwrap();
    let gains = t.hold_gains(&target, &kp, None, true).unwrap();
    assert_eq!(gains.len(), 2);
    for (k, pd) in gains.iter().enumerate() {
        assert_eq!(pd.dof, k);
        assert_eq!(pd.kp, kp[k]);
        assert!((pd.kd - 2.0 * (kp[k] * m[(k, k)]).sqrt()).abs() < 1e-12 * pd.kd);
        assert!((pd.feed_forward - g[k]).abs() < 1e-12 * (1.0 + g[k].abs()));
        assert!(g[k].abs() > 0.1, "gravity loads the joint");
        assert_eq!(pd.q_target, target[k]);
    }
    assert_eq!(gains[0].effort_limit, 7.0);
    assert_eq!(gains[1].effort_limit, f64::INFINITY);
    // The state is left as it was.
    assert_eq!(t.q0.as_slice(), &[0.0, 0.0]);
    let given = t.hold_gains(&target, &kp, Some(&[1.5, 2.5]), false).unwrap();
    assert_eq!((given[0].kd, given[1].kd), (1.5, 2.5));
    assert_eq!((given[0].feed_forward, given[1].feed_forward), (0.0, 0.0));
    for (bad, what) in [
        (t.hold_gains(&target, &[1.0], None, true), "kp"),
        (t.hold_gains(&target, &[1.0, -1.0], None, true), "kp"),
        (t.hold_gains(&target, &kp, Some(&[f64::NAN, 1.0]), true), "kd"),
        (t.hold_gains(&[f64::INFINITY, 0.0], &kp, None, true), "q_target"),
    ] {
        match bad {
            Err(SimError::Invalid { what: w, .. }) => assert_eq!(w, what),
            other => panic!("{what}: {other:?}"),
        }
    }
}

/// The two-link tree of the tests below: a revolute shoulder (effort limit
/// `shoulder_effort`) and a continuous elbow, both about y, so gravity loads both.
fn two_links(shoulder_effort: f64) -> wolfe_multibody::Robot {
    let limit = format!(r#"<limit lower="-2" upper="2" effort="{shoulder_effort}" velocity="2"/>"#);
    robot(&format!(
        "{}{}{}{}",
        link("l1", 2.0, 0.3),
        joint("j1", "revolute", "base", "l1", 0.0, "0 1 0", &limit),
        link("l2", 1.0, 0.2),
        joint("j2", "continuous", "l1", "l2", 0.5, "0 1 0", "")
    ))
}

/// Held by PD with the feed-forward `g(q*)` from its target at rest, the tree stays at
/// the target: at `(q*, 0)` the controller's impulse `dt g(q*)` is exactly the one
/// that cancels gravity, so `v = 0` solves SAP's problem and the warm start `v0 = 0`
/// is already converged.
#[test]
fn gravity_compensated_pd_holds_its_target() {
    let r = two_links(100.0);
    let target = [0.4, -0.7];
    let mut world = World::default();
    let tree = world.add_robot(&r, &target, Material::default()).unwrap();
    let t = world.tree_mut(tree).unwrap();
    let gains = t.hold_gains(&target, &[80.0, 30.0], None, true).unwrap();
    assert!(gains.iter().all(|g| g.feed_forward.abs() < g.effort_limit));
    t.controllers = gains;
    let mut sim = Simulation::new(world, settings(5e-3)).unwrap();
    for _ in 0..400 {
        let s = sim.step().unwrap();
        assert_eq!(s.sap_status, Some(wolfe_sap::SapStatus::Converged));
    }
    let t = state(&sim, 0);
    for (k, &target_k) in target.iter().enumerate() {
        assert!(
            (t.q[k] - target_k).abs() < 1e-9,
            "joint {k}: {} vs {}",
            t.q[k],
            target_k
        );
        assert!(t.v[k].abs() < 1e-9, "joint {k}: v {}", t.v[k]);
    }
}

/// The same hold fails when gravity at the target exceeds the shoulder's effort limit
/// (about 11.8 N m here against a limit of 7): the controller saturates and the arm sags.
/// Holding the target needs `|g(q*)| < effort limit`, which `hold_gains` does not
/// check (it reports the limit; the feed-forward is clamped with the rest of the
/// effort).
#[test]
fn pd_hold_beyond_the_effort_limit_sags() {
    let r = two_links(7.0);
    let target = [0.4, -0.7];
    let mut world = World::default();
    let tree = world.add_robot(&r, &target, Material::default()).unwrap();
    let t = world.tree_mut(tree).unwrap();
    let gains = t.hold_gains(&target, &[80.0, 30.0], None, true).unwrap();
    assert!(gains[0].feed_forward.abs() > gains[0].effort_limit);
    t.controllers = gains;
    let mut sim = Simulation::new(world, settings(5e-3)).unwrap();
    for _ in 0..200 {
        sim.step().unwrap();
    }
    let t = state(&sim, 0);
    assert!((t.q[0] - target[0]).abs() > 1e-2, "{}", t.q[0]);
}

/// Without feed-forward, a PD controller under gravity settles where its spring holds
/// the gravity torque: `kp (q* - q) = g(q)` (the steady state of
/// `M a + c + g = kp (q* - q) - kd v` with `v = a = 0`), solved here by fixed-point
/// iteration on the model's own `g`; the error is about `g / kp`.
#[test]
fn pd_without_feed_forward_settles_at_the_gravity_offset() {
    let r = two_links(100.0);
    let target = [0.4, -0.7];
    let kp = [80.0, 30.0];
    let mut data = Data::new(&r.model);
    let mut q = target;
    for _ in 0..200 {
        let g = r.model.gravity_torques(&mut data, &q).unwrap().clone_owned();
        q = [target[0] - g[0] / kp[0], target[1] - g[1] / kp[1]];
    }
    let g = r.model.gravity_torques(&mut data, &q).unwrap().clone_owned();
    for k in 0..2 {
        assert!((kp[k] * (target[k] - q[k]) - g[k]).abs() < 1e-12, "fixed point");
    }
    let mut world = World::default();
    let tree = world.add_robot(&r, &target, Material::default()).unwrap();
    let t = world.tree_mut(tree).unwrap();
    t.controllers = t.hold_gains(&target, &kp, None, false).unwrap();
    let mut sim = Simulation::new(world, settings(5e-3)).unwrap();
    for _ in 0..2000 {
        sim.step().unwrap();
    }
    let t = state(&sim, 0);
    for k in 0..2 {
        assert!((t.q[k] - q[k]).abs() < 1e-6, "joint {k}: {} vs {}", t.q[k], q[k]);
        assert!((target[k] - q[k]).abs() > 1e-2, "gravity offsets joint {k}");
    }
}

#[test]
fn joints_rows_are_the_trees_state() {
    use wolfe_sim::record::{joints_header, joints_row};
    assert_eq!(joints_header(&World::default()), None); // no trees, no joints.csv
    let r = double_pendulum();
    let mut world = World::default();
    world.add_robot(&r, &[0.3, -0.2], Material::default()).unwrap();
    world.add_robot(&r, &[0.1, 0.0], Material::default()).unwrap();
    let header = joints_header(&world).unwrap();
    // Two trees of one URDF: every column is named once, by tree.
    assert_eq!(
        header,
        "step,time,t0.q_j1,t0.q_j2,t0.v_j1,t0.v_j2,t1.q_j1,t1.q_j2,t1.v_j1,t1.v_j2"
    );
    let mut sim = Simulation::new(world, settings(1e-3)).unwrap();
    for _ in 0..20 {
        sim.step().unwrap();
    }
    let row: Vec<f64> = joints_row(20, &sim)
        .split(',')
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(row.len(), header.split(',').count());
    assert_eq!((row[0], row[1]), (20.0, sim.time()));
    for t in 0..2 {
        let (q, v) = (sim.tree_configuration(t), sim.tree_velocities(t));
        // Numbers round-trip: the row holds the state bit for bit.
        assert_eq!(&row[2 + 4 * t..4 + 4 * t], q);
        assert_eq!(&row[4 + 4 * t..6 + 4 * t], v);
    }
    // The pendulums swing under gravity: the row is not the initial state.
    assert!(row[4] != 0.0 && row[8] != 0.0);
}
