//! `Batch`: each world's trajectory bit-identical to stepping it alone on 1 and 2
//! threads, a diverged world reported alone while the others finish, PD targets as
//! controls, the recorded frames, typed errors for bad input.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe::{Cuboid, HalfSpace, Pose, Quat, Shape, Sphere, Vec3};
use wolfe_multibody::{parse_urdf, UrdfOptions};
use wolfe_sim::{
    Batch, Material, PdGains, RigidBody, Rollout, SimError, SimSettings, Simulation, StaticGeometry, World,
    STAT_COLUMNS,
};

/// A pendulum on a PD-controlled revolute joint about z (one tree, one controller).
fn pendulum() -> wolfe_multibody::Robot {
    let text = r#"<robot name="r"><link name="base"/>
        <link name="l1"><inertial><origin xyz="0.3 0 0"/><mass value="2"/>
        <inertia ixx="1e-3" ixy="0" ixz="0" iyy="1e-3" iyz="0" izz="1e-3"/></inertial></link>
        <joint name="j1" type="continuous"><parent link="base"/><child link="l1"/>
        <origin xyz="0 0 2"/><axis xyz="0 0 1"/></joint></robot>"#;
    parse_urdf(text, Path::new("."), UrdfOptions::default()).unwrap()
}

/// Six boxes and spheres dropped in a heap on the floor (random poses from `seed`,
/// friction `mu`), beside a PD pendulum: contacts between bodies, a tree, controls.
fn scene(seed: u64, mu: f64, dt: f64) -> (World, SimSettings) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut world = World::default();
    let material = Material {
        friction: mu,
        ..Material::default()
    };
    let floor = HalfSpace::new(Vec3::z(), 0.0).unwrap();
    world
        .add_static(StaticGeometry::HalfSpace(floor, material))
        .unwrap();
    for i in 0..6 {
        let shape = if i % 2 == 0 {
            Shape::Cuboid(Cuboid::new([0.05, 0.04, 0.03]).unwrap())
        } else {
            Shape::Sphere(Sphere::new(0.04).unwrap())
        };
        let axis = Vec3::new(rng.random(), rng.random(), rng.random()).normalize();
        let pose = Pose {
            rotation: Quat::from_axis_angle(&nalgebra::Unit::new_normalize(axis), rng.random::<f64>() * 3.0),
            translation: Vec3::new(
                rng.random_range(-0.03..0.03),
                rng.random_range(-0.03..0.03),
                0.08 + 0.11 * i as f64,
            ),
        };
        let body = RigidBody::from_density(format!("b{i}"), shape, 800.0, pose)
            .unwrap()
            .with_material(material);
        world.add_body(body).unwrap();
    }
    let tree = world.add_robot(&pendulum(), &[0.0], material).unwrap();
    world.tree_mut(tree).unwrap().controllers = vec![PdGains {
        dof: 0,
        kp: 40.0,
        kd: 2.0,
        q_target: 0.5,
        v_target: 0.0,
        feed_forward: 0.0,
        effort_limit: f64::INFINITY,
    }];
    let settings = SimSettings {
        time_step: dt,
        ..Default::default()
    };
    (world, settings)
}

fn worlds() -> Vec<(World, SimSettings)> {
    (0..5)
        .map(|i| scene(i, 0.2 + 0.15 * i as f64, [5e-3, 1e-2][i as usize % 2]))
        .collect()
}

/// The statistics `alone` records, in its order: found in a rollout by their names in
/// [`STAT_COLUMNS`], so that the test checks the columns' names as well as their values.
const COMPARED: [&str; 5] = [
    "time",
    "contacts",
    "newton_iterations",
    "kinetic_energy",
    "max_penetration",
];

/// The frames and the [`COMPARED`] statistics of one world stepped alone, in the
/// `Rollout` layout.
fn alone(
    world: World, settings: SimSettings, steps: usize, controls: Option<&[f64]>,
) -> (Vec<f64>, Vec<f64>) {
    let mut sim = Simulation::new(world, settings).unwrap();
    let mut state = Vec::new();
    let mut stats = Vec::new();
    let frame = |sim: &Simulation, state: &mut Vec<f64>| {
        for p in sim.poses() {
            let q = p.rotation.quaternion();
            state.extend([
                p.translation.x,
                p.translation.y,
                p.translation.z,
                q.w,
                q.i,
                q.j,
                q.k,
            ]);
        }
        state.extend(sim.velocities().iter());
        state.extend(sim.tree_configuration(0));
    };
    frame(&sim, &mut state);
    for k in 0..steps {
        if let Some(c) = controls {
            sim.controllers_mut(0).unwrap()[0].q_target = c[k];
        }
        let s = sim.step().unwrap();
        stats.extend([
            s.time,
            s.contacts as f64,
            f64::from(s.newton_iterations),
            s.kinetic_energy,
            s.max_penetration,
        ]);
        frame(&sim, &mut state);
    }
    (state, stats)
}

/// World `i`'s frames and statistics of a rollout, in the layout of `alone`.
fn world_of(r: &Rollout, i: usize) -> (Vec<f64>, Vec<f64>) {
    let l = r.layout;
    let mut state = Vec::new();
    for j in 0..r.frames {
        let p = ((i * r.frames + j) * l.bodies) * 7;
        state.extend(&r.poses[p..p + 7 * l.bodies]);
        let v = (i * r.frames + j) * l.nv;
        state.extend(&r.velocities[v..v + l.nv]);
        let q = (i * r.frames + j) * l.nq;
        state.extend(&r.joints[q..q + l.nq]);
    }
    let w = STAT_COLUMNS.len();
    let columns = COMPARED.map(|name| STAT_COLUMNS.iter().position(|c| *c == name).unwrap());
    let mut stats = Vec::new();
    for k in 0..r.steps {
        let row = &r.stats[(i * r.steps + k) * w..(i * r.steps + k + 1) * w];
        stats.extend(columns.iter().map(|&c| row[c]));
    }
    (state, stats)
}

fn bits(x: &[f64]) -> Vec<u64> {
    x.iter().map(|v| v.to_bits()).collect()
}

#[test]
fn every_world_is_bit_identical_to_stepping_it_alone_on_1_and_2_threads() {
    let steps = 120;
    let expected: Vec<_> = worlds()
        .into_iter()
        .map(|(w, s)| alone(w, s, steps, None))
        .collect();
    // The heap must touch, or the test would not exercise contact.
    assert!(expected
        .iter()
        .all(|(_, stats)| stats.chunks(COMPARED.len()).any(|r| r[1] > 0.0)));
    for threads in [1, 2] {
        let mut batch = Batch::new(worlds(), Some(threads)).unwrap();
        assert_eq!(batch.threads(), threads);
        let r = batch.rollout(steps, 1, None).unwrap();
        assert!(r.failures.is_empty(), "{:?}", r.failures);
        assert_eq!(r.completed, vec![steps; 5]);
        for (i, (state, stats)) in expected.iter().enumerate() {
            let (s, t) = world_of(&r, i);
            assert_eq!(
                bits(&s),
                bits(state),
                "world {i}, {threads} threads: states differ"
            );
            assert_eq!(
                bits(&t),
                bits(stats),
                "world {i}, {threads} threads: statistics differ"
            );
        }
    }
}

#[test]
fn a_second_rollout_continues_where_the_first_stopped() {
    let (w, s) = scene(7, 0.5, 5e-3);
    let (state, _) = alone(w.clone(), s.clone(), 60, None);
    let mut batch = Batch::new(vec![(w, s)], Some(1)).unwrap();
    let first = batch.rollout(30, 30, None).unwrap();
    let second = batch.rollout(30, 30, None).unwrap();
    let frame = state.len() / 61;
    assert_eq!(
        bits(&world_of(&first, 0).0[frame..]),
        bits(&state[30 * frame..31 * frame])
    );
    assert_eq!(bits(&world_of(&second, 0).0[frame..]), bits(&state[60 * frame..]));
}

#[test]
fn a_diverged_world_is_reported_and_the_others_finish() {
    let mut list = worlds();
    // World 2's time step is far beyond stability: it diverges on its first steps.
    list[2].1.time_step = 1e3;
    let expected: Vec<_> = worlds().into_iter().map(|(w, s)| alone(w, s, 50, None)).collect();
    let mut batch = Batch::new(list, Some(2)).unwrap();
    let r = batch.rollout(50, 10, None).unwrap();
    assert_eq!(r.failures.len(), 1);
    let f = &r.failures[0];
    assert_eq!(f.world, 2);
    assert!(f.step >= 1 && f.step <= 50);
    assert!(
        matches!(
            f.error,
            SimError::Diverged { .. } | SimError::NonFiniteState { .. }
        ),
        "{}",
        f.error
    );
    assert_eq!(r.completed[2], f.step - 1);
    assert!(batch.stopped(2));
    assert!(r
        .poses
        .iter()
        .chain(&r.velocities)
        .chain(&r.joints)
        .chain(&r.stats)
        .all(|x| x.is_finite()));
    for i in [0, 1, 3, 4] {
        assert_eq!(r.completed[i], 50);
        let (state, _) = &expected[i];
        let frame = state.len() / 51;
        let (s, _) = world_of(&r, i);
        for j in 0..r.frames {
            let k = j * 10;
            assert_eq!(
                bits(&s[j * frame..(j + 1) * frame]),
                bits(&state[k * frame..(k + 1) * frame])
            );
        }
    }
    // A stopped world is not stepped again: its state stays.
    let again = batch.rollout(5, 1, None).unwrap();
    assert!(again.failures.is_empty());
    assert_eq!(again.completed[2], 0);
}

#[test]
fn controls_are_the_pd_targets_of_each_step() {
    let steps = 80;
    let list: Vec<_> = (0..3).map(|i| scene(i, 0.5, 5e-3)).collect();
    let controls: Vec<f64> = (0..3 * steps).map(|k| ((k as f64) * 0.05).sin()).collect();
    let mut batch = Batch::new(list.clone(), Some(2)).unwrap();
    assert_eq!(batch.layout().controls, 1);
    let r = batch.rollout(steps, 1, Some(&controls)).unwrap();
    for (i, (w, s)) in list.into_iter().enumerate() {
        let (state, _) = alone(w, s, steps, Some(&controls[i * steps..(i + 1) * steps]));
        assert_eq!(bits(&world_of(&r, i).0), bits(&state), "world {i}");
    }
}

#[test]
fn replicate_varies_each_copy() {
    let (w, s) = scene(3, 0.5, 5e-3);
    let mut batch = Batch::replicate(&w, &s, 4, None, |i, _, s| {
        s.time_step = 2e-3 * (i + 1) as f64;
        Ok(())
    })
    .unwrap();
    let r = batch.rollout(10, 10, None).unwrap();
    let w = STAT_COLUMNS.len();
    for i in 0..4 {
        let t = r.stats[(i * 10 + 9) * w];
        assert!((t - 10.0 * 2e-3 * (i + 1) as f64).abs() < 1e-12, "{t}");
    }
    assert_eq!(r.frames, 2);
}

#[test]
fn bad_input_gives_typed_errors() {
    let invalid = |r: Result<Batch, SimError>| matches!(r, Err(SimError::Invalid { .. }));
    assert!(invalid(Batch::new(Vec::new(), None)));
    assert!(invalid(Batch::new(worlds(), Some(0))));
    let mut other = World::default();
    other
        .add_body(
            RigidBody::from_density(
                "b",
                Shape::Sphere(Sphere::new(0.1).unwrap()),
                800.0,
                Pose::identity(),
            )
            .unwrap(),
        )
        .unwrap();
    let mut list = worlds();
    list.push((other, SimSettings::default()));
    let err = Batch::new(list, None).err().unwrap();
    assert!(err.to_string().contains("world 5"), "{err}");
    let mut bad = worlds();
    bad[1].1.time_step = -1.0;
    let err = Batch::new(bad, None).err().unwrap();
    assert!(err.to_string().contains("world 1"), "{err}");
    let mut batch = Batch::new(worlds(), Some(1)).unwrap();
    assert!(batch.rollout(3, 0, None).is_err());
    assert!(batch.rollout(3, 1, Some(&[0.0; 4])).is_err());
    let mut nan = vec![0.0; 15];
    nan[4] = f64::NAN;
    assert!(matches!(
        batch.rollout(3, 1, Some(&nan)),
        Err(SimError::Invalid { .. })
    ));
    assert!(batch.simulation_mut(5).is_err());
}
