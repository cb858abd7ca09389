//! The step derivative ([`wolfe_sap::StepDerivative`]) against central differences of
//! the solve, on small clutter-like problems (boxes on the ground and on each other,
//! four corner contacts a face) built so that every contact stays in one mode (all
//! sticking, or all sliding) within the difference steps; and its reverse mode against
//! the forward Jacobians.

use nalgebra::{DMatrix, DVector, Matrix3, Vector3};
use wolfe_sap::{
    evaluate, ConeRegion, ContactConstraint, ContactParameter, SapError, SapProblem, SapSettings,
    SapSolution, SapSolver, StepDerivative, Tree,
};

use crate::common::{normal, rng};

const DT: f64 = 1e-2;
const GRAVITY: f64 = 9.81;
/// Box: 10 cm, 1 kg.
const HALF: f64 = 0.05;
const MASS: f64 = 1.0;
/// The relative agreement asked of the derivative.
const TOL: f64 = 1e-5;

/// The contact Jacobian block of a free body (`v = [linear, angular]`, world frame) at
/// the offset `p` from its centre, rows along `t1, t2, n` (`<c, w x p> = <w, p x c>`).
fn corner_jacobian(frame: &Matrix3<f64>, p: &Vector3<f64>, sign: f64) -> DMatrix<f64> {
    DMatrix::from_fn(3, 6, |r, k| {
        let c: Vector3<f64> = frame.row(r).transpose();
        sign * if k < 3 { c[k] } else { p.cross(&c)[k - 3] }
    })
}

/// A box tree with free-motion velocity `v_star`.
fn box_tree(v_star: DVector<f64>) -> Tree {
    let inertia = MASS * (2.0 * HALF) * (2.0 * HALF) / 6.0;
    let a = DMatrix::from_diagonal(&DVector::from_vec(vec![
        MASS, MASS, MASS, inertia, inertia, inertia,
    ]));
    Tree::new(a, v_star)
}

/// `columns` columns of boxes, `levels` high: each box on the ground or on the box
/// below by its four bottom corners (normal up), compliant contacts with friction `mu`.
/// `tangential(tree)` is the box's free-motion velocity along the ground.
fn stacks(columns: usize, levels: usize, mu: f64, tangential: impl Fn(usize) -> [f64; 2]) -> SapProblem {
    let mut r = rng(7 + columns as u64);
    let frame = Matrix3::identity(); // t1 = x, t2 = y, n = z
    let mut trees = Vec::new();
    let mut contacts = Vec::new();
    for c in 0..columns {
        for l in 0..levels {
            let t = trees.len();
            let [vx, vy] = tangential(t);
            let mut v = DVector::from_fn(6, |_, _| 1e-4 * normal(&mut r));
            v[0] += vx;
            v[1] += vy;
            v[2] -= GRAVITY * DT;
            trees.push(box_tree(v));
            for (sx, sy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                let corner = Vector3::new(sx * 0.9 * HALF, sy * 0.9 * HALF, -HALF);
                let ja = corner_jacobian(&frame, &corner, 1.0);
                let phi0 = -1e-3 * (1.0 + 0.1 * normal(&mut r).abs());
                let contact = if l == 0 {
                    ContactConstraint::with_world(t, ja, phi0)
                } else {
                    let top = Vector3::new(corner.x, corner.y, HALF);
                    ContactConstraint::between(t, ja, t - 1, corner_jacobian(&frame, &top, -1.0), phi0)
                };
                contacts.push(contact.with_parameters(2e4 * (1.0 + 0.1 * c as f64), 1e-2, mu));
            }
        }
    }
    SapProblem::new(DT, trees, contacts).expect("a valid problem")
}

fn settings() -> SapSettings {
    SapSettings {
        relative_tolerance: 1e-13,
        absolute_tolerance: 0.0,
        max_iterations: 200,
        ..Default::default()
    }
}

/// The solution and each contact's region there.
fn solve(problem: &SapProblem) -> (SapSolution, Vec<ConeRegion>) {
    let solution = SapSolver::new(settings()).unwrap().solve_cold(problem).unwrap();
    let regions = evaluate(problem, &solution.models, &solution.v).regions;
    (solution, regions)
}

/// The problem with its trees' free-motion velocities from `v_star`.
fn with_v_star(problem: &SapProblem, v_star: &DVector<f64>) -> SapProblem {
    let trees = problem
        .trees()
        .iter()
        .enumerate()
        .map(|(t, tree)| {
            Tree::new(
                tree.a.clone(),
                v_star.rows(problem.offset(t), tree.dofs()).into_owned(),
            )
        })
        .collect();
    SapProblem::new(DT, trees, problem.contacts().to_vec()).unwrap()
}

/// The problem with one contact's parameter set to `x`.
fn with_parameter(problem: &SapProblem, c: usize, p: ContactParameter, x: f64) -> SapProblem {
    let mut contacts = problem.contacts().to_vec();
    let k = &mut contacts[c];
    match p {
        ContactParameter::SignedDistance => k.phi0 = x,
        ContactParameter::Stiffness => k.stiffness = x,
        ContactParameter::DissipationTimeScale => k.dissipation_time_scale = x,
        ContactParameter::Friction => k.friction = x,
    }
    SapProblem::new(DT, problem.trees().to_vec(), contacts).unwrap()
}

fn parameter(contact: &ContactConstraint, p: ContactParameter) -> f64 {
    match p {
        ContactParameter::SignedDistance => contact.phi0,
        ContactParameter::Stiffness => contact.stiffness,
        ContactParameter::DissipationTimeScale => contact.dissipation_time_scale,
        ContactParameter::Friction => contact.friction,
    }
}

/// Central difference of the solved velocities between two perturbed problems, after
/// checking that no contact changed its mode.
fn difference(plus: &SapProblem, minus: &SapProblem, h: f64, regions: &[ConeRegion]) -> DVector<f64> {
    let ((sp, rp), (sm, rm)) = (solve(plus), solve(minus));
    assert_eq!(rp, regions, "the + step changed a contact's mode");
    assert_eq!(rm, regions, "the - step changed a contact's mode");
    (sp.v - sm.v) / (2.0 * h)
}

/// `max |a - b| <= TOL max |a|` (with a floor of `floor` on the scale).
fn assert_close(what: &str, a: &DMatrix<f64>, b: &DMatrix<f64>, floor: f64) {
    let scale = a.amax().max(floor);
    let err = (a - b).amax();
    assert!(
        err <= TOL * scale,
        "{what}: error {err:e}, scale {scale:e}\n{a}\n{b}"
    );
}

/// Every derivative of the step against central differences of the solve.
fn check_problem(problem: &SapProblem, mode: ConeRegion) {
    let (solution, regions) = solve(problem);
    assert!(
        regions.iter().all(|r| *r == mode),
        "not all {mode:?}: {regions:?}"
    );
    let mut d = StepDerivative::new(problem, &solution, &settings().regularization).unwrap();
    let n = problem.num_velocities();
    // v*: a step of 1e-6 m/s.
    let dv_star = d.wrt_free_velocities().unwrap();
    let h = 1e-6;
    let mut fd = DMatrix::zeros(n, n);
    for k in 0..n {
        let (mut p, mut m) = (problem.v_star().clone(), problem.v_star().clone());
        p[k] += h;
        m[k] -= h;
        fd.set_column(
            k,
            &difference(&with_v_star(problem, &p), &with_v_star(problem, &m), h, &regions),
        );
    }
    assert_close("dv/dv*", &dv_star, &fd, 0.0);
    // Generalized forces: v* moves by dt A^-1 e_k per unit force on dof k.
    let dtau = d.wrt_generalized_forces().unwrap();
    for k in 0..n {
        let t = (0..problem.trees().len())
            .rev()
            .find(|&t| problem.offset(t) <= k)
            .unwrap();
        let a = &problem.trees()[t].a;
        let mut e = DVector::zeros(a.nrows());
        e[k - problem.offset(t)] = DT * h;
        let shift = a.clone().cholesky().unwrap().solve(&e);
        let (mut p, mut m) = (problem.v_star().clone(), problem.v_star().clone());
        for i in 0..shift.len() {
            p[problem.offset(t) + i] += shift[i];
            m[problem.offset(t) + i] -= shift[i];
        }
        let fd = difference(&with_v_star(problem, &p), &with_v_star(problem, &m), h, &regions);
        let column = DMatrix::from_iterator(n, 1, dtau.column(k).iter().copied());
        let fd = DMatrix::from_iterator(n, 1, fd.iter().copied());
        assert_close(&format!("dv/dtau_{k}"), &column, &fd, dtau.amax());
    }
    // Contact parameters, each by a relative step of 1e-6.
    for p in ContactParameter::ALL {
        let mut analytic = DMatrix::zeros(n, problem.contacts().len());
        let mut fd = analytic.clone();
        for c in 0..problem.contacts().len() {
            let x = parameter(&problem.contacts()[c], p);
            let h = 1e-6 * x.abs().max(1e-3);
            analytic.set_column(c, &d.wrt_contact(c, p).unwrap());
            let col = difference(
                &with_parameter(problem, c, p, x + h),
                &with_parameter(problem, c, p, x - h),
                h,
                &regions,
            );
            fd.set_column(c, &col);
        }
        // A floor on the scale for the derivatives that vanish (the friction of
        // sticking contacts): a change of v of 1e-7 m/s per unit.
        assert_close(&format!("dv/d{p:?}"), &analytic, &fd, 1e-7);
    }
    // Reverse mode: one solve gives what the forward Jacobians give.
    let w = DVector::from_fn(n, |i, _| ((i * 7 % 5) as f64 - 2.0) * 0.3);
    let adjoint = d.vjp(&w).unwrap();
    let close = |a: &DVector<f64>, b: &DVector<f64>| (a - b).amax() <= 1e-10 * b.amax().max(1e-12);
    assert!(close(&adjoint.v_star, &(dv_star.transpose() * &w)));
    assert!(close(&adjoint.generalized_forces, &(dtau.transpose() * &w)));
    for (k, p) in ContactParameter::ALL.into_iter().enumerate() {
        let forward: Vec<f64> = (0..problem.contacts().len())
            .map(|c| d.wrt_contact(c, p).unwrap().dot(&w))
            .collect();
        let reverse: Vec<f64> = adjoint.contacts.iter().map(|row| row[k]).collect();
        assert!(
            close(&DVector::from_vec(reverse), &DVector::from_vec(forward)),
            "{p:?}"
        );
    }
}

#[test]
fn sticking_stacks_match_central_differences() {
    // Two columns of two boxes, nearly at rest, mu = 1: every contact sticks.
    check_problem(&stacks(2, 2, 1.0, |_| [0.0, 0.0]), ConeRegion::Stiction);
}

#[test]
fn sliding_boxes_match_central_differences() {
    // Three boxes on the ground pushed along different directions, mu = 0.3: every
    // contact slides.
    let push = |t: usize| {
        let angle = 1.3 * t as f64;
        [0.5 * angle.cos(), 0.5 * angle.sin()]
    };
    check_problem(&stacks(3, 1, 0.3, push), ConeRegion::Sliding);
}

#[test]
fn bad_inputs_are_typed_errors() {
    let problem = stacks(1, 1, 1.0, |_| [0.0, 0.0]);
    let (mut solution, _) = solve(&problem);
    let mut d = StepDerivative::new(&problem, &solution, &settings().regularization).unwrap();
    assert!(matches!(
        d.wrt_contact(99, ContactParameter::Friction),
        Err(SapError::DerivativeInput {
            what: "contact index",
            ..
        })
    ));
    assert!(matches!(
        d.vjp(&DVector::zeros(2)),
        Err(SapError::DerivativeInput { .. })
    ));
    assert!(matches!(
        d.vjp(&DVector::from_element(6, f64::NAN)),
        Err(SapError::DerivativeInput { .. })
    ));
    drop(d);
    solution.v[0] = f64::NAN;
    assert!(matches!(
        StepDerivative::new(&problem, &solution, &settings().regularization),
        Err(SapError::DerivativeInput {
            what: "velocities",
            ..
        })
    ));
}
