//! Moving a robot out of collision by gradient steps on the signed distance.
//!
//! The Franka Panda (`data/robots/franka_panda`) starts with its forearm in a ball. For
//! each link's collision hull, [`wolfe::signed_distance`] gives the signed distance
//! `phi_i` to the ball and [`wolfe::SignedDistanceOutput::pose_gradient`] its derivative
//! with respect to the hull's pose (`[t, r]`: a world translation of the hull's origin
//! and a world rotation about it). The multibody crate's world-aligned Jacobian of the
//! hull's origin, `J = [J_v; J_w]` (6 x nv), maps joint velocities to exactly that twist,
//! so `d phi_i / dq = J_v^T g_t + J_w^T g_r`. Gradient descent on the penalty
//! `sum_i max(0, margin - phi_i)^2`, with a backtracking line search so that every
//! accepted step lowers it, ends when every link clears the ball by the margin.
//!
//! Run with `cargo run --release -p wolfe-sim --example planner`.

use std::path::Path;

use nalgebra::{DMatrix, DVector, UnitQuaternion};
use wolfe::{signed_distance, Pose, Shape, SignedDistanceSettings, Sphere, Vec3};
use wolfe_multibody::{load_urdf, Data, Robot};

/// The clearance the planner asks of every link (m).
const MARGIN: f64 = 0.01;

/// What a run of the planner did.
#[derive(Debug)]
struct Plan {
    /// The configuration it ended at.
    q: DVector<f64>,
    /// The penalty at every accepted iterate, the start first.
    penalties: Vec<f64>,
    /// The least signed distance over the links at every accepted iterate.
    clearances: Vec<f64>,
}

/// One link hull's signed distance to the ball, its gradient with respect to `q`, and
/// whether it is differentiable there.
type Distance = (f64, DVector<f64>, bool);

/// The signed distance of every collision hull of `robot` at `q` to the `ball` at
/// `center` (queries with `settings`), with its gradient with respect to `q`.
fn distances(
    robot: &Robot, data: &mut Data, q: &DVector<f64>, ball: &Shape, center: &Vec3,
    settings: &SignedDistanceSettings,
) -> Vec<Distance> {
    let model = &robot.model;
    model
        .forward_kinematics(data, q.as_slice())
        .expect("a valid configuration");
    let ball_pose = Pose::from_translation(*center);
    let mut jac = DMatrix::zeros(6, model.nv());
    let mut out = Vec::new();
    for geometry in robot.collision.iter() {
        let Some(body) = geometry.body else {
            continue; // the base, welded to the world: nothing to move
        };
        let x = data.body_placements()[body].compose(&geometry.placement);
        let pose = Pose::new(x.pos, UnitQuaternion::from_matrix(&x.rot));
        let sd = signed_distance(ball, &ball_pose, &geometry.shape, &pose, settings)
            .expect("valid shapes and poses");
        let g = sd
            .pose_gradient(ball, &ball_pose, &geometry.shape, &pose)
            .expect("valid poses");
        model
            .point_jacobian(data, Some(body), &x.pos, &mut jac)
            .expect("a 6 x nv Jacobian");
        // d phi / dq = J_v^T g_t + J_w^T g_r (the hull's twist about its own origin).
        let dq = jac.rows(0, 3).transpose() * g.translation_b + jac.rows(3, 3).transpose() * g.rotation_b;
        out.push((sd.signed_distance, dq, g.differentiable));
    }
    out
}

/// The penalty `sum_i max(0, margin - phi_i)^2`, its gradient, and the least distance.
fn penalty(
    robot: &Robot, data: &mut Data, q: &DVector<f64>, ball: &Shape, center: &Vec3,
) -> (f64, DVector<f64>, f64) {
    let mut value = 0.0;
    let mut grad = DVector::zeros(q.len());
    let mut least = f64::INFINITY;
    let settings = SignedDistanceSettings::default();
    for (phi, dphi, _) in distances(robot, data, q, ball, center, &settings) {
        least = least.min(phi);
        let violation = (MARGIN - phi).max(0.0);
        value += violation * violation;
        grad -= 2.0 * violation * dphi;
    }
    (value, grad, least)
}

/// Gradient descent with a backtracking (Armijo) line search from `q0`.
fn plan(robot: &Robot, q0: DVector<f64>, ball: &Shape, center: &Vec3) -> Plan {
    let mut data = Data::new(&robot.model);
    let mut q = q0;
    let (mut value, mut grad, least) = penalty(robot, &mut data, &q, ball, center);
    let (mut penalties, mut clearances) = (vec![value], vec![least]);
    let mut step = 1.0;
    for _ in 0..200 {
        if value == 0.0 {
            break;
        }
        let slope = grad.norm_squared();
        let mut accepted = false;
        while step > 1e-8 {
            let trial = &q - step * &grad;
            let (v, g, l) = penalty(robot, &mut data, &trial, ball, center);
            if v <= value - 1e-4 * step * slope {
                (q, value, grad) = (trial, v, g);
                penalties.push(v);
                clearances.push(l);
                accepted = true;
                step *= 2.0;
                break;
            }
            step *= 0.5;
        }
        if !accepted {
            break;
        }
    }
    Plan {
        q,
        penalties,
        clearances,
    }
}

/// The Panda with its collision hulls, a configuration and a ball through its forearm.
fn scene() -> (Robot, DVector<f64>, Shape, Vec3) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots/franka_panda/panda.urdf");
    let robot = load_urdf(&dir, Default::default()).expect("the Panda loads");
    let q0 = DVector::from_vec(vec![0.0, -0.3, 0.0, -2.2, 0.0, 2.0, 0.8, 0.02, 0.02]);
    let mut data = Data::new(&robot.model);
    robot
        .model
        .forward_kinematics(&mut data, q0.as_slice())
        .expect("valid q0");
    let link5 = robot
        .model
        .bodies()
        .iter()
        .position(|b| b.name == "panda_link5")
        .expect("the Panda has a link 5");
    // A ball of 6 cm radius at link 5's origin, pushed 3 cm sideways.
    let center = data.body_placements()[link5].pos + Vec3::new(0.0, 0.03, 0.0);
    let ball: Shape = Sphere::new(0.06).expect("a positive radius").into();
    (robot, q0, ball, center)
}

fn main() {
    let (robot, q0, ball, center) = scene();
    let plan = plan(&robot, q0.clone(), &ball, &center);
    for (k, (p, c)) in plan.penalties.iter().zip(&plan.clearances).enumerate() {
        println!("iterate {k:3}: penalty {p:.3e}, least signed distance {c:+.4} m");
    }
    println!("q0 = {:.3}", q0.transpose());
    println!("q  = {:.3}", plan.q.transpose());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_planner_moves_the_panda_out_of_the_ball() {
        let (robot, q0, ball, center) = scene();
        let plan = plan(&robot, q0, &ball, &center);
        // It started in collision and ended clear of the ball by the margin.
        assert!(plan.clearances[0] < 0.0, "start {:?}", plan.clearances[0]);
        let last = *plan.clearances.last().unwrap();
        assert!(last >= MARGIN - 1e-9, "ended at {last}");
        assert_eq!(*plan.penalties.last().unwrap(), 0.0);
        // Every accepted step lowered the penalty (the line search's condition).
        assert!(
            plan.penalties.windows(2).all(|w| w[1] < w[0]),
            "{:?}",
            plan.penalties
        );
        // An independent check of the end: a fresh query at the final configuration.
        let mut data = Data::new(&robot.model);
        let fresh = distances(&robot, &mut data, &plan.q, &ball, &center, &Default::default());
        assert!(fresh.iter().all(|(phi, ..)| *phi >= MARGIN - 1e-9));
    }

    #[test]
    fn the_joint_gradient_matches_finite_differences() {
        // The chain rule through the frame Jacobian against central differences of the
        // signed distances in q.
        let (robot, q0, ball, center) = scene();
        let mut data = Data::new(&robot.model);
        let base = distances(&robot, &mut data, &q0, &ball, &center, &Default::default());
        // The differences from queries at tight tolerances.
        let tight = SignedDistanceSettings::default()
            .with_gjk(wolfe::GjkSettings::default().with_tolerance(1e-12))
            .with_epa(wolfe::EpaSettings::default().with_tolerance(1e-12));
        let h = 1e-6;
        for k in 0..q0.len() {
            let (mut qp, mut qm) = (q0.clone(), q0.clone());
            qp[k] += h;
            qm[k] -= h;
            let (dp, dm) = (
                distances(&robot, &mut data, &qp, &ball, &center, &tight),
                distances(&robot, &mut data, &qm, &ball, &center, &tight),
            );
            for (i, (_, dphi, differentiable)) in base.iter().enumerate() {
                if !differentiable {
                    continue;
                }
                let fd = (dp[i].0 - dm[i].0) / (2.0 * h);
                assert!(
                    (fd - dphi[k]).abs() <= 1e-4 * (1.0 + dphi.amax()),
                    "hull {i}, q_{k}: {} vs fd {fd}",
                    dphi[k]
                );
            }
        }
    }
}
