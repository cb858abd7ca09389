//! End-effector control: inverse kinematics of a frame's point (and orientation) by
//! damped least squares on the frame Jacobians, joint limits respected, and joint
//! trajectories through keyframes (joint-space, or Cartesian solved by the inverse
//! kinematics) that a simulator tracks with PD controllers.
//!
//! **Damped least squares** (Wampler 1986; Buss, "Introduction to inverse kinematics
//! with Jacobian transpose, pseudoinverse and damped least squares methods", 2004,
//! Eq. 11): with the task error `e` (the point's position error, and the orientation
//! error `e_r = 1/2 sum_i r_i x r*_i` over the columns of the current and target
//! rotations) and the task Jacobian `J` (the rows of the world-aligned point Jacobian,
//! the columns of the moving joints), each iteration takes
//! `dq = J^T (J J^T + lambda^2 I)^{-1} e` and projects `q + dq` onto the joint limits
//! (clamping each limited one-dof joint). The damping keeps the step bounded near
//! singular configurations at the cost of slower convergence there.

use nalgebra::{DMatrix, DVector};

use crate::data::Data;
use crate::error::ModelError;
use crate::joint::JointKind;
use crate::model::Model;
use crate::spatial::{Mat3, Vec3};

/// What the inverse kinematics reaches for: a point fixed to a frame at a world
/// position and, optionally, the frame at a world orientation.
#[derive(Clone, Debug, PartialEq)]
pub struct IkTarget {
    /// The frame (index into [`Model::frames`]).
    pub frame: usize,
    /// The point, in the frame's coordinates (the tool point).
    pub point: Vec3,
    /// Where the point should be, world frame.
    pub position: Vec3,
    /// The frame's world orientation wanted (`None`: position only).
    pub rotation: Option<Mat3>,
}

/// How the inverse kinematics iterates.
#[derive(Clone, Debug, PartialEq)]
pub struct IkSettings {
    /// Most iterations (default 200).
    pub max_iterations: usize,
    /// lambda of the damped least squares, in units of the error (default 1e-2).
    pub damping: f64,
    /// Stop when the position error (m) and the orientation error (rad) are below it
    /// (default 1e-6).
    pub tolerance: f64,
    /// The velocity indices of the joints that move (one-dof joints); `None`: every
    /// one-dof joint.
    pub dofs: Option<Vec<usize>>,
}

impl Default for IkSettings {
    fn default() -> Self {
        Self {
            max_iterations: 200,
            damping: 1e-2,
            tolerance: 1e-6,
            dofs: None,
        }
    }
}

/// The result of [`Model::inverse_kinematics`].
#[derive(Clone, Debug, PartialEq)]
pub struct IkSolution {
    /// The configuration reached (within the joint limits).
    pub q: Vec<f64>,
    /// The distance from the point to its target, m.
    pub position_error: f64,
    /// The norm of the orientation error `1/2 sum_i r_i x r*_i` (about the sine of the
    /// angle between the rotations; 0 without a target rotation).
    pub rotation_error: f64,
    /// Iterations taken.
    pub iterations: usize,
    /// Whether both errors reached the tolerance.
    pub converged: bool,
}

impl Model {
    /// Moves the joints of `settings.dofs` from `q0` until frame `target.frame`'s point
    /// reaches its target (see the module docs): damped least squares on the frame
    /// Jacobian, joint limits respected. An unreachable target ends at the nearest
    /// configuration the iterations find, with `converged = false`.
    ///
    /// # Errors
    /// [`ModelError::InvalidArgument`] for a frame that does not exist, a `q0` of the
    /// wrong length or not finite, a target or setting that is not finite (damping and
    /// tolerance must be > 0), a dof that does not exist or is not a one-dof joint's.
    pub fn inverse_kinematics(
        &self, data: &mut Data, target: &IkTarget, q0: &[f64], settings: &IkSettings,
    ) -> Result<IkSolution, ModelError> {
        let (dofs, limits) = self.ik_check(target, q0, settings)?;
        let body = self.frames[target.frame].body;
        let rows = if target.rotation.is_some() { 6 } else { 3 };
        let q_of = dofs_q(self, &dofs);
        let mut q = q0.to_vec();
        let mut j6 = DMatrix::zeros(6, self.nv);
        let mut j = DMatrix::zeros(rows, dofs.len());
        let mut e = DVector::zeros(rows);
        let lambda2 = settings.damping * settings.damping;
        let mut iterations = 0;
        loop {
            let (ep, er) = self.ik_error(data, target, &q)?;
            let converged = ep.norm() < settings.tolerance && er.norm() < settings.tolerance;
            if converged || iterations == settings.max_iterations {
                return Ok(IkSolution {
                    q,
                    position_error: ep.norm(),
                    rotation_error: er.norm(),
                    iterations,
                    converged,
                });
            }
            iterations += 1;
            let x = data.frame_placements()[target.frame].transform_point(&target.point);
            self.point_jacobian(data, body, &x, &mut j6)?;
            for (c, &d) in dofs.iter().enumerate() {
                for r in 0..rows {
                    j[(r, c)] = j6[(r, d)];
                }
            }
            e.rows_mut(0, 3).copy_from(&ep);
            if rows == 6 {
                e.rows_mut(3, 3).copy_from(&er);
            }
            let jjt = &j * j.transpose() + DMatrix::identity(rows, rows) * lambda2;
            let Some(chol) = jjt.cholesky() else {
                // Only a non-finite Jacobian fails here (lambda^2 I makes it SPD).
                return Err(ModelError::NonFinite {
                    what: "inverse kinematics Jacobian".into(),
                });
            };
            let dq = j.transpose() * chol.solve(&e);
            for ((&qi, &(lo, hi)), d) in q_of.iter().zip(&limits).zip(dq.iter()) {
                q[qi] = (q[qi] + d).clamp(lo, hi);
            }
        }
    }

    /// The position and orientation errors of `target` at `q` (frames updated).
    fn ik_error(&self, data: &mut Data, target: &IkTarget, q: &[f64]) -> Result<(Vec3, Vec3), ModelError> {
        self.frames_forward_kinematics(data, q)?;
        let x = data.frame_placements()[target.frame];
        let ep = target.position - x.transform_point(&target.point);
        let mut er = Vec3::zeros();
        if let Some(r) = &target.rotation {
            for i in 0..3 {
                er += 0.5 * x.rot.column(i).cross(&r.column(i));
            }
        }
        Ok((ep, er))
    }

    /// Checks the arguments of [`Model::inverse_kinematics`]; returns the moving dofs
    /// and their limits (infinite where unlimited or continuous).
    fn ik_check(
        &self, target: &IkTarget, q0: &[f64], settings: &IkSettings,
    ) -> Result<(Vec<usize>, Vec<Limits>), ModelError> {
        let bad = |problem: String| ModelError::InvalidArgument {
            what: "inverse kinematics",
            problem,
        };
        if target.frame >= self.frames.len() {
            return Err(bad(format!("frame {} of {}", target.frame, self.frames.len())));
        }
        if q0.len() != self.nq || q0.iter().any(|x| !x.is_finite()) {
            return Err(bad(format!(
                "q0 needs {} finite values, got {}",
                self.nq,
                q0.len()
            )));
        }
        let rotation = target.rotation.iter().flat_map(|r| r.iter());
        if target
            .point
            .iter()
            .chain(target.position.iter())
            .chain(rotation)
            .any(|x| !x.is_finite())
        {
            return Err(bad("the target is not finite".into()));
        }
        if !(settings.damping.is_finite() && settings.damping > 0.0 && settings.tolerance > 0.0) {
            return Err(bad("damping and tolerance must be finite and > 0".into()));
        }
        let one_dof = |d: usize| self.bodies[self.dof_body[d]].joint.kind.nv() == 1;
        let dofs = match &settings.dofs {
            Some(d) => d.clone(),
            None => (0..self.nv).filter(|&d| one_dof(d)).collect(),
        };
        let mut limits = Vec::with_capacity(dofs.len());
        for &d in &dofs {
            if d >= self.nv || !one_dof(d) {
                return Err(bad(format!("dof {d} is not a one-dof joint's velocity index")));
            }
            let j = &self.bodies[self.dof_body[d]].joint;
            let continuous = matches!(j.kind, JointKind::Revolute { continuous: true, .. });
            limits.push(if continuous || j.limits.lower > j.limits.upper {
                (f64::NEG_INFINITY, f64::INFINITY)
            } else {
                (j.limits.lower, j.limits.upper)
            });
        }
        Ok((dofs, limits))
    }
}

/// A joint's position limits `(lower, upper)`.
type Limits = (f64, f64);

/// The configuration index of each one-dof velocity index.
fn dofs_q(model: &Model, dofs: &[usize]) -> Vec<usize> {
    dofs.iter()
        .map(|&d| model.bodies[model.dof_body[d]].q_index)
        .collect()
}

/// A joint trajectory through keyframes `(time, configuration)`, linearly
/// interpolated: the PD targets `(q(t), v(t))` of a tracking controller.
#[derive(Clone, Debug, PartialEq)]
pub struct JointTrajectory {
    keys: Vec<(f64, Vec<f64>)>,
}

impl JointTrajectory {
    /// The trajectory through `keys`.
    ///
    /// # Errors
    /// [`ModelError::InvalidArgument`] for no keys, times that are not finite and
    /// strictly increasing, configurations of different lengths or not finite.
    pub fn new(keys: Vec<(f64, Vec<f64>)>) -> Result<Self, ModelError> {
        let bad = |problem: String| ModelError::InvalidArgument {
            what: "joint trajectory",
            problem,
        };
        let n = keys.first().ok_or_else(|| bad("no keyframes".into()))?.1.len();
        for (k, (t, q)) in keys.iter().enumerate() {
            if !t.is_finite() || (k > 0 && *t <= keys[k - 1].0) {
                return Err(bad(format!("key {k}: time {t} not finite and increasing")));
            }
            if q.len() != n || q.iter().any(|x| !x.is_finite()) {
                return Err(bad(format!("key {k}: {} values (finite) for {n}", q.len())));
            }
        }
        Ok(Self { keys })
    }

    /// The trajectory of the configurations the inverse kinematics reaches for each
    /// Cartesian key `(time, target)` in turn, each solve starting from the previous
    /// one's configuration (the first from `q_start`); also returns the solutions, to
    /// check their errors.
    ///
    /// # Errors
    /// Those of [`Model::inverse_kinematics`] and [`JointTrajectory::new`].
    pub fn from_targets(
        model: &Model, data: &mut Data, q_start: &[f64], keys: &[(f64, IkTarget)], settings: &IkSettings,
    ) -> Result<(Self, Vec<IkSolution>), ModelError> {
        let mut q = q_start.to_vec();
        let mut solutions = Vec::with_capacity(keys.len());
        let mut joint_keys = Vec::with_capacity(keys.len());
        for (t, target) in keys {
            let s = model.inverse_kinematics(data, target, &q, settings)?;
            q.clone_from(&s.q);
            joint_keys.push((*t, s.q.clone()));
            solutions.push(s);
        }
        Ok((Self::new(joint_keys)?, solutions))
    }

    /// The keyframes.
    pub fn keys(&self) -> &[(f64, Vec<f64>)] {
        &self.keys
    }

    /// The configuration and velocity at time `t`: on the segment `[t_k, t_k+1]` that
    /// holds `t`, the linear interpolation and its slope; before the first key, the
    /// first configuration with the first segment's slope; from the last key on, the
    /// last configuration at rest.
    pub fn at(&self, t: f64) -> (Vec<f64>, Vec<f64>) {
        let keys = &self.keys;
        let k = keys.iter().rposition(|(tk, _)| *tk <= t).unwrap_or(0);
        if k + 1 >= keys.len() {
            return (keys[k].1.clone(), vec![0.0; keys[k].1.len()]);
        }
        let (t0, q0) = &keys[k];
        let (t1, q1) = &keys[k + 1];
        let s = ((t - t0) / (t1 - t0)).clamp(0.0, 1.0);
        let q = q0.iter().zip(q1).map(|(a, b)| a + s * (b - a)).collect();
        let v = q0.iter().zip(q1).map(|(a, b)| (b - a) / (t1 - t0)).collect();
        (q, v)
    }
}
