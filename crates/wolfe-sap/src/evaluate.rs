//! The cost (24) of a problem at given velocities, its gradient, the impulses and the
//! Newton matrix H, evaluated directly (allocating): for checks, studies and the
//! reference of the tests. The solver's loop ([`crate::solver`]) does the same without
//! allocation.

use nalgebra::{DMatrix, DVector, Matrix3, Vector3};

use crate::cone::ConeRegion;
use crate::model::SapModel;
use crate::problem::SapProblem;

/// Cost, gradient and impulses at v (Sections III-C, IV-A).
#[derive(Debug, Clone)]
pub struct Evaluation {
    /// ell_p(v), Eq. (24), with the cost of every constraint.
    pub cost: f64,
    /// grad ell_p(v) = A (v - v*) - J^T gamma.
    pub gradient: DVector<f64>,
    /// Contact impulses gamma_i = P_F(y_i(v)) (N s).
    pub gamma: Vec<Vector3<f64>>,
    /// Contact blocks G_i (Appendix D).
    pub g: Vec<Matrix3<f64>>,
    /// The region of each contact's y_i (Appendix C).
    pub regions: Vec<ConeRegion>,
    /// PD controller impulses `dt u` (N m s or N s), in the problem's order.
    pub pd_impulses: Vec<f64>,
    /// Joint limit impulses (>= 0, N m s or N s), in the problem's order; the
    /// generalized impulse on the dof is `s gamma` (`s = -1` for an upper limit).
    pub limit_impulses: Vec<f64>,
    /// Coupler impulses (N m s or N s), in the problem's order; the generalized
    /// impulse is `gamma` on the driven dof and `-rho gamma` on the coupled one.
    pub coupler_impulses: Vec<f64>,
}

/// Evaluates the cost (24), its gradient, the impulses and G at v.
///
/// # Panics
/// If `v` or `model` do not match the problem (use the [`SapModel`] of this problem).
pub fn evaluate(problem: &SapProblem, model: &SapModel, v: &DVector<f64>) -> Evaluation {
    let n = problem.num_velocities();
    assert_eq!(v.len(), n);
    let models = &model.contacts;
    assert_eq!(models.len(), problem.contacts().len());
    assert_eq!(model.pd_controllers.len(), problem.pd_controllers().len());
    assert_eq!(model.joint_limits.len(), problem.joint_limits().len());
    assert_eq!(model.couplers.len(), problem.couplers().len());
    let dv: DVector<f64> = v - problem.v_star();
    let mut adv = DVector::zeros(n);
    problem.mul_a(dv.as_slice(), adv.as_mut_slice());
    let mut cost = 0.5 * dv.dot(&adv);
    let mut gradient = adv;
    let mut gamma = Vec::with_capacity(models.len());
    let mut g = Vec::with_capacity(models.len());
    let mut regions = Vec::with_capacity(models.len());
    for (c, model) in models.iter().enumerate() {
        let y = model.y(&problem.contact_velocity(c, v.as_slice()));
        let (gc, region) = model.cone.project(&y);
        cost += model.regularizer_cost(&gc);
        problem.add_jt(c, &[-gc.x, -gc.y, -gc.z], gradient.as_mut_slice());
        gamma.push(gc);
        g.push(model.cone.gradient(&y, region));
        regions.push(region);
    }
    let mut joint = |m: &crate::model::JointModel| {
        let (c, gj, _) = m.interval.evaluate(m.constraint_velocity(v.as_slice()));
        cost += c;
        m.add_jt(-gj, gradient.as_mut_slice());
        gj
    };
    let pd_impulses = model.pd_controllers.iter().map(&mut joint).collect();
    let limit_impulses = model.joint_limits.iter().map(&mut joint).collect();
    let coupler_impulses = model.couplers.iter().map(&mut joint).collect();
    Evaluation {
        cost,
        gradient,
        gamma,
        g,
        regions,
        pd_impulses,
        limit_impulses,
        coupler_impulses,
    }
}

/// The Newton matrix H = A + J^T G J at v (Appendix D-C), dense, for checks: contact
/// blocks from J e_k column by column, and `G j^T j` of each one-row constraint.
pub fn hessian(problem: &SapProblem, model: &SapModel, v: &DVector<f64>) -> DMatrix<f64> {
    let n = problem.num_velocities();
    let eval = evaluate(problem, model, v);
    let mut h = DMatrix::zeros(n, n);
    for (t, tree) in problem.trees().iter().enumerate() {
        let o = problem.offset(t);
        h.view_mut((o, o), (tree.dofs(), tree.dofs())).copy_from(&tree.a);
    }
    let mut col = vec![0.0; n];
    for (c, gc) in eval.g.iter().enumerate() {
        // Column k of J_c^T G_c J_c = J_c^T G_c (J_c e_k).
        for k in 0..n {
            col.fill(0.0);
            col[k] = 1.0;
            let jk = problem.contact_velocity(c, &col);
            let gj = gc * Vector3::new(jk[0], jk[1], jk[2]);
            let mut out = vec![0.0; n];
            problem.add_jt(c, &[gj.x, gj.y, gj.z], &mut out);
            for i in 0..n {
                h[(i, k)] += out[i];
            }
        }
    }
    for m in model.joints() {
        let (_, g) = m
            .interval
            .project_with_gradient(m.constraint_velocity(v.as_slice()));
        m.add_hessian(g, |r, c, x| {
            h[(r, c)] += x;
            if r != c {
                h[(c, r)] += x;
            }
        });
    }
    h
}
