//! Cross-check against an independent conic solver: the primal problem (19) solved as a
//! second-order cone program by clarabel gives the same velocities and impulses.

mod common;

use clarabel::algebra::CscMatrix;
use clarabel::solver::{DefaultSettingsBuilder, DefaultSolver, IPSolver, SolverStatus, SupportedConeT};
use nalgebra::DMatrix;
use wolfe_sap::{contact_models, SapProblem, SapSettings, SapSolver, SapStatus};

fn csc(m: &DMatrix<f64>, upper_only: bool) -> CscMatrix<f64> {
    let (mut colptr, mut rowval, mut nzval) = (vec![0], Vec::new(), Vec::new());
    for j in 0..m.ncols() {
        for i in 0..m.nrows() {
            if (upper_only && i > j) || m[(i, j)] == 0.0 {
                continue;
            }
            rowval.push(i);
            nzval.push(m[(i, j)]);
        }
        colptr.push(rowval.len());
    }
    CscMatrix::new(m.nrows(), m.ncols(), colptr, rowval, nzval)
}

/// Solves (19): min 1/2 |v - v*|_A^2 + 1/2 |sigma|_R^2 s.t. J v - v_hat + R sigma in F*,
/// with F* = {mu |g_t| <= g_n} written as the second-order cone (g_n, mu g_t).
/// Returns (v, sigma = gamma).
fn clarabel_solve(problem: &SapProblem) -> (Vec<f64>, Vec<f64>) {
    let models = contact_models(problem, &Default::default()).unwrap();
    let n = problem.num_velocities();
    let nc = models.len();
    let nx = n + 3 * nc;
    let mut p = DMatrix::zeros(nx, nx);
    let mut q = vec![0.0; nx];
    for (t, tree) in problem.trees().iter().enumerate() {
        let o = problem.offset(t);
        p.view_mut((o, o), (tree.dofs(), tree.dofs())).copy_from(&tree.a);
        let aq = &tree.a * &tree.v_star;
        for i in 0..tree.dofs() {
            q[o + i] = -aq[i];
        }
    }
    let mut a = DMatrix::zeros(3 * nc, nx);
    let mut b = vec![0.0; 3 * nc];
    for (c, (contact, model)) in problem.contacts().iter().zip(&models).enumerate() {
        let r = [model.cone.r_t, model.cone.r_t, model.cone.r_n];
        for k in 0..3 {
            p[(n + 3 * c + k, n + 3 * c + k)] = r[k];
        }
        // Row order of the cone: (n, t_x, t_y) scaled by (1, mu, mu); s = b - A x.
        let rows = [(2, 1.0), (0, model.cone.mu), (1, model.cone.mu)];
        for (slot, &(k, scale)) in rows.iter().enumerate() {
            let row = 3 * c + slot;
            let mut put = |tree: usize, j: &DMatrix<f64>| {
                let o = problem.offset(tree);
                for col in 0..j.ncols() {
                    a[(row, o + col)] -= scale * j[(k, col)];
                }
            };
            put(contact.tree_a, &contact.jacobian_a);
            if let Some((tb, jb)) = &contact.tree_b {
                put(*tb, jb);
            }
            a[(row, n + 3 * c + k)] = -scale * r[k];
            if k == 2 {
                b[row] = -scale * model.v_hat_n;
            }
        }
    }
    let cones = vec![SupportedConeT::SecondOrderConeT(3); nc];
    let settings = DefaultSettingsBuilder::default()
        .verbose(false)
        .tol_gap_abs(1e-13)
        .tol_gap_rel(1e-13)
        .tol_feas(1e-13)
        .tol_ktratio(1e-10)
        .max_iter(400)
        .build()
        .unwrap();
    let mut solver = DefaultSolver::new(&csc(&p, true), &q, &csc(&a, false), &b, &cones, settings).unwrap();
    solver.solve();
    assert!(
        matches!(
            solver.solution.status,
            SolverStatus::Solved | SolverStatus::AlmostSolved
        ),
        "clarabel: {:?}",
        solver.solution.status
    );
    let x = &solver.solution.x;
    (x[..n].to_vec(), x[n..].to_vec())
}

#[test]
fn primal_socp_by_clarabel_gives_the_same_velocities_and_impulses() {
    let mut rng = common::rng(20);
    for case in 0..25 {
        let nt = 1 + case % 5;
        let nc = 1 + (case * 3) % 7;
        let problem = common::random_problem(&mut rng, nt, nc);
        let mut sap = SapSolver::new(SapSettings {
            relative_tolerance: 1e-12,
            ..Default::default()
        })
        .unwrap();
        let sol = sap.solve_cold(&problem).unwrap();
        assert_eq!(sol.stats.status, SapStatus::Converged);
        let (v, sigma) = clarabel_solve(&problem);
        let v_err: f64 = sol
            .v
            .iter()
            .zip(&v)
            .map(|(a, b)| (a - b).powi(2))
            .sum::<f64>()
            .sqrt();
        assert!(
            v_err <= 1e-6 * sol.v.norm().max(1e-3),
            "case {case}: v error {v_err}"
        );
        let g: Vec<f64> = sol.gamma.iter().flat_map(|g| [g.x, g.y, g.z]).collect();
        let g_norm = g.iter().map(|x| x * x).sum::<f64>().sqrt();
        let g_err = g
            .iter()
            .zip(&sigma)
            .map(|(a, b)| (a - b).powi(2))
            .sum::<f64>()
            .sqrt();
        // Impulses compared relative to the momentum scale (|A (v - v*)| ~ |J^T gamma|).
        assert!(
            g_err <= 1e-6 * g_norm.max(1e-6),
            "case {case}: gamma error {g_err} norm {g_norm}"
        );
    }
}
