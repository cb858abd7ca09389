//! End-effector control: the damped-least-squares inverse kinematics reaches poses
//! that forward kinematics of random configurations produced (checked by forward
//! kinematics, not by the solver's own report), never leaves the joint limits, and
//! keyframe trajectories interpolate their keys.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_multibody::spatial::{Mat3, Vec3};
use wolfe_multibody::{
    load_urdf, Data, IkSettings, IkTarget, JointTrajectory, Model, ModelError, UrdfOptions,
};

fn iiwa() -> Model {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots/kuka_iiwa/model.urdf");
    load_urdf(&path, UrdfOptions::default()).unwrap().model
}

/// A random configuration within the joint limits (shrunk by `margin` of the range).
fn random_q(model: &Model, rng: &mut ChaCha8Rng, margin: f64) -> Vec<f64> {
    model
        .bodies()
        .iter()
        .map(|b| {
            let (lo, hi) = (b.joint.limits.lower, b.joint.limits.upper);
            let m = margin * (hi - lo);
            rng.random_range(lo + m..hi - m)
        })
        .collect()
}

fn within_limits(model: &Model, q: &[f64]) -> bool {
    model
        .bodies()
        .iter()
        .all(|b| (b.joint.limits.lower..=b.joint.limits.upper).contains(&q[b.q_index]))
}

#[test]
fn reaches_poses_of_random_configurations() {
    let model = iiwa();
    let mut data = Data::new(&model);
    let frame = model.frame_index("lbr_iiwa_link_7").unwrap();
    let tool = Vec3::new(0.0, 0.0, 0.1);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut reached = 0;
    for _ in 0..20 {
        let goal = random_q(&model, &mut rng, 0.1);
        model.frames_forward_kinematics(&mut data, &goal).unwrap();
        let x = data.frame_placements()[frame];
        let target = IkTarget {
            frame,
            point: tool,
            position: x.transform_point(&tool),
            rotation: Some(x.rot),
        };
        // Start nearby, as a keyframe tracker does (each solve from the last one).
        let start: Vec<f64> = goal.iter().map(|q| q + rng.random_range(-0.3..0.3)).collect();
        let start: Vec<f64> = (model.bodies().iter())
            .map(|b| start[b.q_index].clamp(b.joint.limits.lower, b.joint.limits.upper))
            .collect();
        let s = model
            .inverse_kinematics(&mut data, &target, &start, &IkSettings::default())
            .unwrap();
        assert!(within_limits(&model, &s.q), "{:?}", s.q);
        // Check by forward kinematics at the solution.
        model.frames_forward_kinematics(&mut data, &s.q).unwrap();
        let y = data.frame_placements()[frame];
        let position_error = (y.transform_point(&tool) - target.position).norm();
        let rotation_error = (y.rot - x.rot).norm();
        if s.converged {
            reached += 1;
            assert!(position_error < 1e-6, "{position_error:e}");
            assert!(rotation_error < 1e-5, "{rotation_error:e}");
        }
        assert!((position_error - s.position_error).abs() < 1e-9);
    }
    assert!(reached >= 18, "reached {reached} of 20");
}

#[test]
fn unreachable_targets_end_within_the_limits() {
    let model = iiwa();
    let mut data = Data::new(&model);
    let frame = model.frame_index("lbr_iiwa_link_7").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..10 {
        // Beyond the arm's reach (about 1.3 m from its base).
        let dir = Vec3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(0.0..1.0),
        );
        let target = IkTarget {
            frame,
            point: Vec3::zeros(),
            position: 3.0 * dir.normalize(),
            rotation: None,
        };
        let q0 = random_q(&model, &mut rng, 0.0);
        let s = model
            .inverse_kinematics(&mut data, &target, &q0, &IkSettings::default())
            .unwrap();
        assert!(!s.converged);
        assert!(within_limits(&model, &s.q), "{:?}", s.q);
        assert!(s.position_error > 1.0);
    }
}

#[test]
fn only_the_chosen_dofs_move() {
    let model = iiwa();
    let mut data = Data::new(&model);
    let frame = model.frame_index("lbr_iiwa_link_7").unwrap();
    let q0 = vec![0.3; 7];
    model.frames_forward_kinematics(&mut data, &q0).unwrap();
    let p = data.frame_placements()[frame].pos + Vec3::new(0.02, 0.0, -0.02);
    let target = IkTarget {
        frame,
        point: Vec3::zeros(),
        position: p,
        rotation: None,
    };
    let settings = IkSettings {
        dofs: Some(vec![1, 3, 5]),
        ..Default::default()
    };
    let s = model
        .inverse_kinematics(&mut data, &target, &q0, &settings)
        .unwrap();
    for k in [0, 2, 4, 6] {
        assert_eq!(s.q[k], q0[k]);
    }
    assert!(s.converged && s.position_error < 1e-6);
}

#[test]
fn bad_arguments_are_typed_errors() {
    let model = iiwa();
    let mut data = Data::new(&model);
    let target = IkTarget {
        frame: 10_000,
        point: Vec3::zeros(),
        position: Vec3::zeros(),
        rotation: None,
    };
    let q0 = vec![0.0; 7];
    let bad = |t: &IkTarget, q: &[f64], s: &IkSettings, data: &mut Data| {
        matches!(
            model.inverse_kinematics(data, t, q, s),
            Err(ModelError::InvalidArgument { .. })
        )
    };
    let d = IkSettings::default();
    assert!(bad(&target, &q0, &d, &mut data));
    let ok = IkTarget {
        frame: 0,
        ..target.clone()
    };
    assert!(bad(&ok, &q0[..6], &d, &mut data));
    let nan = IkTarget {
        position: Vec3::new(f64::NAN, 0.0, 0.0),
        ..ok.clone()
    };
    assert!(bad(&nan, &q0, &d, &mut data));
    let dofs = IkSettings {
        dofs: Some(vec![7]),
        ..Default::default()
    };
    assert!(bad(&ok, &q0, &dofs, &mut data));
    let free = Model::free_body("b", 1.0, Vec3::zeros(), Mat3::identity()).unwrap();
    let mut fdata = Data::new(&free);
    let s = IkSettings {
        dofs: Some(vec![0]),
        ..Default::default()
    };
    let r = free.inverse_kinematics(&mut fdata, &ok, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0], &s);
    assert!(matches!(r, Err(ModelError::InvalidArgument { .. })), "{r:?}");
}

#[test]
fn trajectories_interpolate_their_keys() {
    let keys = vec![
        (0.0, vec![0.0, 1.0]),
        (2.0, vec![1.0, 1.0]),
        (3.0, vec![1.0, -1.0]),
    ];
    let tr = JointTrajectory::new(keys.clone()).unwrap();
    for (t, q) in &keys {
        assert_eq!(&tr.at(*t).0, q);
    }
    let (q, v) = tr.at(1.0);
    assert_eq!((q, v), (vec![0.5, 1.0], vec![0.5, 0.0]));
    let (q, v) = tr.at(5.0);
    assert_eq!((q, v), (vec![1.0, -1.0], vec![0.0, 0.0]));
    for bad in [
        vec![],
        vec![(0.0, vec![0.0]), (0.0, vec![1.0])],
        vec![(0.0, vec![0.0]), (1.0, vec![1.0, 2.0])],
        vec![(0.0, vec![f64::NAN])],
    ] {
        assert!(matches!(
            JointTrajectory::new(bad),
            Err(ModelError::InvalidArgument { .. })
        ));
    }
}

#[test]
fn cartesian_keys_become_joint_keys_that_reach_them() {
    let model = iiwa();
    let mut data = Data::new(&model);
    let frame = model.frame_index("lbr_iiwa_link_7").unwrap();
    let q0 = vec![0.2, 0.4, 0.0, -1.2, 0.0, 0.8, 0.0];
    model.frames_forward_kinematics(&mut data, &q0).unwrap();
    let x = data.frame_placements()[frame];
    let key = |t: f64, dz: f64| {
        (
            t,
            IkTarget {
                frame,
                point: Vec3::zeros(),
                position: x.pos + Vec3::new(0.0, 0.0, dz),
                rotation: Some(x.rot),
            },
        )
    };
    let keys = [key(0.0, 0.0), key(1.0, 0.1), key(2.0, -0.1)];
    let (tr, solutions) =
        JointTrajectory::from_targets(&model, &mut data, &q0, &keys, &IkSettings::default()).unwrap();
    assert_eq!(tr.keys().len(), 3);
    for ((t, target), s) in keys.iter().zip(&solutions) {
        assert!(s.converged);
        let (q, _) = tr.at(*t);
        model.frames_forward_kinematics(&mut data, &q).unwrap();
        let p = data.frame_placements()[frame].pos;
        assert!((p - target.position).norm() < 1e-6);
    }
}
