//! Properties of the dynamics with no external oracle: M symmetric positive definite,
//! RNEA(q, 0, 0) = g, CRBA columns = RNEA(q, 0, e_i) - g, RNEA = M a + bias, Jacobians
//! against central differences of forward kinematics, kinetic energy against the
//! classical sum over links, analytic double pendulum and free body.

use std::path::Path;

use nalgebra::{DMatrix, DVector, Matrix3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_multibody::{load_urdf, Data, Joint, JointKind, Model, Se3, SpatialInertia, UrdfOptions};

fn robot(rel: &str, floating: bool) -> Model {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    load_urdf(
        &p,
        UrdfOptions {
            floating_base: floating,
            load_collision: false,
        },
    )
    .unwrap()
    .model
}

fn models() -> Vec<(&'static str, Model)> {
    vec![
        ("panda", robot("../../data/robots/franka_panda/panda.urdf", false)),
        ("iiwa", robot("../../data/robots/kuka_iiwa/model.urdf", false)),
        ("quadruped", robot("tests/reference/quadruped.urdf", false)),
        (
            "quadruped floating",
            robot("tests/reference/quadruped.urdf", true),
        ),
        ("free body", free_body()),
        ("double pendulum", double_pendulum(1.3, 0.7, 0.9, 0.6)),
    ]
}

fn free_body() -> Model {
    let i = Matrix3::new(0.3, 0.02, -0.01, 0.02, 0.5, 0.03, -0.01, 0.03, 0.4);
    Model::free_body("box", 2.5, Vector3::new(0.1, -0.05, 0.2), i).unwrap()
}

/// Two links swinging about y, point masses at the link ends (length l along -z).
fn double_pendulum(m1: f64, m2: f64, l1: f64, l2: f64) -> Model {
    let mut m = Model::new("double pendulum");
    let j = |n: &str| {
        Joint::new(
            n,
            JointKind::Revolute {
                axis: Vector3::y(),
                continuous: true,
            },
        )
    };
    let point =
        |mass: f64, l: f64| SpatialInertia::from_com(mass, Vector3::new(0.0, 0.0, -l), Matrix3::zeros());
    let b1 = m
        .add_body("l1", None, j("j1"), Se3::identity(), point(m1, l1))
        .unwrap();
    let place = Se3::new(Matrix3::identity(), Vector3::new(0.0, 0.0, -l1));
    m.add_body("l2", Some(b1), j("j2"), place, point(m2, l2)).unwrap();
    m
}

fn random_q(model: &Model, rng: &mut ChaCha8Rng) -> DVector<f64> {
    let mut q = model.neutral();
    for b in model.bodies() {
        match b.joint.kind {
            JointKind::Floating => {
                let quat: Vec<f64> = (0..4).map(|_| rng.random_range(-1.0..1.0)).collect();
                let n = quat.iter().map(|x| x * x).sum::<f64>().sqrt();
                for k in 0..3 {
                    q[b.q_index + k] = rng.random_range(-1.0..1.0);
                }
                for k in 0..4 {
                    q[b.q_index + 3 + k] = quat[k] / n;
                }
            }
            _ => {
                let l = b.joint.limits;
                let (lo, hi) = if l.lower.is_finite() {
                    (l.lower, l.upper)
                } else {
                    (-3.1, 3.1)
                };
                q[b.q_index] = rng.random_range(lo..=hi);
            }
        }
    }
    q
}

fn random_v(n: usize, rng: &mut ChaCha8Rng) -> DVector<f64> {
    DVector::from_fn(n, |_, _| rng.random_range(-2.0..2.0))
}

fn max_abs(m: &DMatrix<f64>) -> f64 {
    m.iter().fold(0.0f64, |a, x| a.max(x.abs()))
}

#[test]
fn mass_matrix_is_spd_and_matches_rnea_columns() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (name, model) in models() {
        let mut data = Data::new(&model);
        let nv = model.nv();
        for _ in 0..10 {
            let q = random_q(&model, &mut rng);
            let m = model.mass_matrix(&mut data, q.as_slice()).unwrap().clone();
            let scale = max_abs(&m);
            assert!(
                max_abs(&(&m - m.transpose())) <= 1e-15 * scale,
                "{name}: not symmetric"
            );
            let eig = m.clone().symmetric_eigenvalues();
            assert!(
                eig.min() > 0.0,
                "{name}: not positive definite, eigenvalues {eig}"
            );
            assert!(m.clone().cholesky().is_some(), "{name}");
            // RNEA with v = 0, a = 0 is g; each column of M is RNEA(q, 0, e_i) - g.
            let zero = DVector::zeros(nv);
            let g = model.gravity_torques(&mut data, q.as_slice()).unwrap().clone();
            let g2 = model
                .inverse_dynamics(&mut data, q.as_slice(), zero.as_slice(), zero.as_slice())
                .unwrap()
                .clone();
            assert!((&g - &g2).amax() <= 1e-13 * g.amax().max(1.0), "{name}: g");
            let g3 = model
                .bias_forces(&mut data, q.as_slice(), zero.as_slice())
                .unwrap()
                .clone();
            assert!(
                (&g - &g3).amax() <= 1e-13 * g.amax().max(1.0),
                "{name}: bias(q, 0)"
            );
            for i in 0..nv {
                let mut e = DVector::zeros(nv);
                e[i] = 1.0;
                let t = model
                    .inverse_dynamics(&mut data, q.as_slice(), zero.as_slice(), e.as_slice())
                    .unwrap();
                let col = t - &g;
                assert!((col - m.column(i)).amax() <= 1e-12 * scale, "{name}: column {i}");
            }
            // RNEA(q, v, a) = M a + bias(q, v)
            let v = random_v(nv, &mut rng);
            let a = random_v(nv, &mut rng);
            let tau = model
                .inverse_dynamics(&mut data, q.as_slice(), v.as_slice(), a.as_slice())
                .unwrap()
                .clone();
            let bias = model
                .bias_forces(&mut data, q.as_slice(), v.as_slice())
                .unwrap()
                .clone();
            let expect = &m * &a + bias;
            assert!(
                (&tau - &expect).amax() <= 1e-12 * expect.amax().max(1.0),
                "{name}: M a + bias"
            );
        }
    }
}

/// Position of a frame and its rotation at `q`.
fn frame_pose(model: &Model, data: &mut Data, q: &[f64], f: usize) -> Se3 {
    model.frames_forward_kinematics(data, q).unwrap();
    data.frame_placements()[f]
}

/// Rotation vector of a small rotation `r`: `sin(t) axis` from its skew part (the acos
/// of the trace would lose half the digits at these angles).
fn log(r: &Matrix3<f64>) -> Vector3<f64> {
    Vector3::new(
        r[(2, 1)] - r[(1, 2)],
        r[(0, 2)] - r[(2, 0)],
        r[(1, 0)] - r[(0, 1)],
    ) * 0.5
}

#[test]
fn jacobians_match_finite_differences_of_forward_kinematics() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (name, model) in models() {
        let mut data = Data::new(&model);
        let nv = model.nv();
        let mut jac = DMatrix::zeros(6, nv);
        let (mut qp, mut qm) = (vec![0.0; model.nq()], vec![0.0; model.nq()]);
        for _ in 0..5 {
            let q = random_q(&model, &mut rng);
            let v = random_v(nv, &mut rng);
            let eps = 1e-6;
            model.integrate(q.as_slice(), v.as_slice(), eps, &mut qp).unwrap();
            model
                .integrate(q.as_slice(), v.as_slice(), -eps, &mut qm)
                .unwrap();
            for f in 0..model.frames().len() {
                let x = frame_pose(&model, &mut data, q.as_slice(), f);
                model.frame_jacobian(&mut data, f, &mut jac).unwrap();
                let jv = &jac * &v;
                let xp = frame_pose(&model, &mut data, &qp, f);
                let xm = frame_pose(&model, &mut data, &qm, f);
                let lin = (xp.pos - xm.pos) / (2.0 * eps);
                let ang = log(&(xp.rot * xm.rot.transpose())) / (2.0 * eps);
                let scale = jv.amax().max(1.0);
                for r in 0..3 {
                    assert!(
                        (jv[r] - lin[r]).abs() < 1e-7 * scale,
                        "{name} frame {f}: linear {jv} vs {lin}"
                    );
                    assert!(
                        (jv[r + 3] - ang[r]).abs() < 1e-7 * scale,
                        "{name} frame {f}: angular {jv} vs {ang}"
                    );
                }
                // the velocity query agrees with J v exactly
                model
                    .forward_kinematics_velocity(&mut data, q.as_slice(), v.as_slice())
                    .unwrap();
                model.update_frames(&mut data);
                let (fl, fa) = model.frame_velocity(&data, f).unwrap();
                assert!((fl - jv.fixed_rows::<3>(0)).amax() < 1e-12 * scale, "{name}");
                assert!((fa - jv.fixed_rows::<3>(3)).amax() < 1e-12 * scale, "{name}");
                assert!(x.pos.iter().all(|c| c.is_finite()));
            }
        }
    }
}

#[test]
fn kinetic_energy_is_the_sum_of_link_energies() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (name, model) in models() {
        let mut data = Data::new(&model);
        for _ in 0..10 {
            let q = random_q(&model, &mut rng);
            let v = random_v(model.nv(), &mut rng);
            let m = model.mass_matrix(&mut data, q.as_slice()).unwrap().clone();
            let quad = 0.5 * v.dot(&(&m * &v));
            // classical: 1/2 m |v_com|^2 + 1/2 w^T (R I_com R^T) w per body
            model
                .forward_kinematics_velocity(&mut data, q.as_slice(), v.as_slice())
                .unwrap();
            let mut sum = 0.0;
            for (i, b) in model.bodies().iter().enumerate() {
                let x = data.body_placements()[i];
                let twist = data.body_velocities()[i];
                let com = x.transform_point(&b.inertia.com());
                let vc = twist.point_velocity(&com);
                let ic = x.rot * b.inertia.inertia_com() * x.rot.transpose();
                sum += 0.5 * b.inertia.mass * vc.norm_squared() + 0.5 * twist.w.dot(&(ic * twist.w));
            }
            let body_sum = model
                .kinetic_energy(&mut data, q.as_slice(), v.as_slice())
                .unwrap();
            assert!(
                (quad - sum).abs() <= 1e-12 * quad.max(1.0),
                "{name}: {quad} vs {sum}"
            );
            assert!(
                (quad - body_sum).abs() <= 1e-12 * quad.max(1.0),
                "{name}: {quad} vs {body_sum}"
            );
        }
    }
}

#[test]
fn double_pendulum_matches_lagrange() {
    let (m1, m2, l1, l2, g) = (1.3, 0.7, 0.9, 0.6, 9.81);
    let model = double_pendulum(m1, m2, l1, l2);
    let mut data = Data::new(&model);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20 {
        let q: [f64; 2] = [rng.random_range(-3.0..3.0), rng.random_range(-3.0..3.0)];
        let v: [f64; 2] = [rng.random_range(-2.0..2.0), rng.random_range(-2.0..2.0)];
        let c2 = q[1].cos();
        let m = model.mass_matrix(&mut data, &q).unwrap().clone();
        let m11 = (m1 + m2) * l1 * l1 + m2 * l2 * l2 + 2.0 * m2 * l1 * l2 * c2;
        let m12 = m2 * l2 * l2 + m2 * l1 * l2 * c2;
        let m22 = m2 * l2 * l2;
        let exact = DMatrix::from_row_slice(2, 2, &[m11, m12, m12, m22]);
        assert!((&m - &exact).amax() < 1e-13, "{m} vs {exact}");
        // V = -(m1 + m2) g l1 cos q1 - m2 g l2 cos(q1 + q2): g(q) = dV/dq
        let gq = model.gravity_torques(&mut data, &q).unwrap().clone();
        let s12 = (q[0] + q[1]).sin();
        let g1 = (m1 + m2) * g * l1 * q[0].sin() + m2 * g * l2 * s12;
        let g2 = m2 * g * l2 * s12;
        assert!(
            (gq[0] - g1).abs() < 1e-12 && (gq[1] - g2).abs() < 1e-12,
            "{gq} vs {g1} {g2}"
        );
        // Coriolis: c = [-h (2 v1 v2 + v2^2), h v1^2], h = m2 l1 l2 sin q2
        let h = m2 * l1 * l2 * q[1].sin();
        let bias = model.bias_forces(&mut data, &q, &v).unwrap().clone();
        let c1 = -h * (2.0 * v[0] * v[1] + v[1] * v[1]) + g1;
        let c2v = h * v[0] * v[0] + g2;
        assert!(
            (bias[0] - c1).abs() < 1e-12 && (bias[1] - c2v).abs() < 1e-12,
            "{bias} vs {c1} {c2v}"
        );
    }
}

#[test]
fn free_body_matches_newton_euler_in_the_body_frame() {
    let model = free_body();
    let b = &model.bodies()[0];
    let (mass, c, ic) = (b.inertia.mass, b.inertia.com(), b.inertia.inertia_com());
    let mut data = Data::new(&model);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let cx = wolfe_multibody::spatial::skew(&c);
    for _ in 0..10 {
        let q = random_q(&model, &mut rng);
        let m = model.mass_matrix(&mut data, q.as_slice()).unwrap().clone();
        // body-frame coordinates [v_lin; w]: M = [[m 1, -m [c]x], [m [c]x, I_com - m [c]x^2]]
        let mut exact = DMatrix::zeros(6, 6);
        exact
            .view_mut((0, 0), (3, 3))
            .copy_from(&(Matrix3::identity() * mass));
        exact.view_mut((0, 3), (3, 3)).copy_from(&(-cx * mass));
        exact.view_mut((3, 0), (3, 3)).copy_from(&(cx * mass));
        exact.view_mut((3, 3), (3, 3)).copy_from(&(ic - cx * cx * mass));
        assert!((&m - &exact).amax() < 1e-13, "{m} vs {exact}");
        // gravity: the weight m g pulled back into the body frame, at the centre of mass
        let x = data.body_placements()[0];
        let w = x.rot.transpose() * Vector3::new(0.0, 0.0, 9.81 * mass);
        let g = model.gravity_torques(&mut data, q.as_slice()).unwrap().clone();
        let torque = c.cross(&w);
        for k in 0..3 {
            assert!(
                (g[k] - w[k]).abs() < 1e-12 && (g[k + 3] - torque[k]).abs() < 1e-12,
                "{g}"
            );
        }
    }
}

#[test]
fn queries_reject_bad_input() {
    let model = free_body();
    let mut data = Data::new(&model);
    assert!(model.mass_matrix(&mut data, &[0.0; 6]).is_err());
    assert!(
        model.mass_matrix(&mut data, &[0.0; 7]).is_err(),
        "zero quaternion"
    );
    let mut q = model.neutral();
    q[0] = f64::NAN;
    assert!(model.gravity_torques(&mut data, q.as_slice()).is_err());
    let q = model.neutral();
    assert!(model
        .inverse_dynamics(&mut data, q.as_slice(), &[0.0; 5], &[0.0; 6])
        .is_err());
    assert!(model
        .inverse_dynamics(&mut data, q.as_slice(), &[f64::INFINITY; 6], &[0.0; 6])
        .is_err());
}

#[test]
fn bodies_must_be_added_depth_first() {
    let mut m = Model::new("two roots");
    let j = |n: &str| Joint::new(n, JointKind::Prismatic { axis: Vector3::x() });
    let i = SpatialInertia::from_com(1.0, Vector3::zeros(), Matrix3::identity() * 0.1);
    let a = m.add_body("a", None, j("ja"), Se3::identity(), i).unwrap();
    let b = m.add_body("b", None, j("jb"), Se3::identity(), i).unwrap();
    // a's subtree is closed once b is added: a child of a would break contiguity
    let err = m.add_body("c", Some(a), j("jc"), Se3::identity(), i).unwrap_err();
    assert!(
        matches!(err, wolfe_multibody::ModelError::NotDepthFirst { .. }),
        "{err}"
    );
    m.add_body("c", Some(b), j("jc"), Se3::identity(), i).unwrap();
    assert_eq!(m.subtrees(), vec![0..1, 1..3]);
    assert_eq!(m.velocity_bodies(), &[0, 1, 2]);
    // two independent trees: M is block diagonal
    let mut data = Data::new(&m);
    let mm = m.mass_matrix(&mut data, &[0.1, 0.2, 0.3]).unwrap();
    assert_eq!(
        (mm[(0, 1)], mm[(0, 2)], mm[(1, 0)], mm[(2, 0)]),
        (0.0, 0.0, 0.0, 0.0)
    );
    assert!((mm[(1, 1)] - 2.0).abs() < 1e-15 && (mm[(1, 2)] - 1.0).abs() < 1e-15);
}
