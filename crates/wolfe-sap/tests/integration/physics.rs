//! Physics checks of Sections V-A and V-B: a particle resting on the ground, pushed at
//! the friction limit (Eq. 31), sliding (deceleration mu g), far from the ground.

use nalgebra::{DMatrix, DVector, Vector3};
use wolfe_sap::{ContactConstraint, SapProblem, SapSettings, SapSolver, SapStatus, Tree};

const G: f64 = 9.81;

/// One time step of a particle of mass m over the ground (contact frame = world
/// frame, z up): returns (v, gamma).
fn step(
    solver: &mut SapSolver, m: f64, dt: f64, v0: &Vector3<f64>, force: &Vector3<f64>, phi: f64, mu: f64,
) -> (Vector3<f64>, Vector3<f64>) {
    let v_star = v0 + (force / m + Vector3::new(0.0, 0.0, -G)) * dt;
    let tree = Tree::new(
        DMatrix::identity(3, 3) * m,
        DVector::from_column_slice(v_star.as_slice()),
    );
    let contact = ContactConstraint::with_world(0, DMatrix::identity(3, 3), phi).with_parameters(
        f64::INFINITY,
        0.0,
        mu,
    );
    let problem = SapProblem::new(dt, vec![tree], vec![contact]).unwrap();
    let sol = solver
        .solve(&problem, &DVector::from_column_slice(v0.as_slice()))
        .unwrap();
    assert_eq!(sol.stats.status, SapStatus::Converged);
    assert!(
        sol.stats.momentum_error <= solver.settings().relative_tolerance,
        "{:?}",
        sol.stats
    );
    (Vector3::new(sol.v[0], sol.v[1], sol.v[2]), sol.gamma[0])
}

fn solver() -> SapSolver {
    SapSolver::new(SapSettings {
        relative_tolerance: 1e-12,
        // Pure relative criterion, so that converged means e_m < 1e-12 exactly.
        absolute_tolerance: 0.0,
        ..Default::default()
    })
    .unwrap()
}

/// Steps a resting particle until steady state; returns (v, gamma, phi).
fn settle(solver: &mut SapSolver, m: f64, dt: f64, mu: f64) -> (Vector3<f64>, Vector3<f64>, f64) {
    let (mut v, mut phi) = (Vector3::zeros(), 0.0);
    let mut gamma = Vector3::zeros();
    for _ in 0..400 {
        let (vn, g) = step(solver, m, dt, &v, &Vector3::zeros(), phi, mu);
        phi += dt * vn.z;
        v = vn;
        gamma = g;
    }
    (v, gamma, phi)
}

#[test]
fn resting_particle_carries_its_weight() {
    let mut solver = solver();
    for (m, dt) in [(1.0, 1e-2), (0.1, 1e-3), (30.0, 5e-3)] {
        let (v, gamma, phi) = settle(&mut solver, m, dt, 0.5);
        assert!((gamma.z - m * G * dt).abs() <= 1e-8 * m * G * dt, "{gamma}");
        assert!(gamma.x.abs() + gamma.y.abs() <= 1e-12 * gamma.z);
        assert!(v.norm() <= 1e-8 * G * dt);
        // Near-rigid penetration (Section V-B) with beta = 1, tau_d = 0: R_n = w / (4 pi^2)
        // and phi = -g dt^2 m w / (4 pi^2), with w = |W|_F / 3 = 1 / (sqrt(3) m) here.
        let expected = -G * dt * dt / (3f64.sqrt() * 4.0 * std::f64::consts::PI.powi(2));
        assert!(
            (phi - expected).abs() <= 1e-6 * expected.abs(),
            "{phi} vs {expected}"
        );
    }
}

#[test]
fn slip_at_the_friction_limit_is_bounded_by_mu_sigma_g_dt() {
    let mut solver = solver();
    let sigma = solver.settings().regularization.sigma;
    for (m, dt, mu) in [(1.0, 1e-2, 0.5), (0.2, 1e-3, 1.0), (5.0, 2e-3, 0.3)] {
        let (v, _, phi) = settle(&mut solver, m, dt, mu);
        // Push horizontally with F = mu m g: friction right at the cone's boundary.
        let force = Vector3::new(mu * m * G, 0.0, 0.0);
        let (vn, gamma) = step(&mut solver, m, dt, &v, &force, phi, mu);
        let bound = mu * sigma * G * dt;
        assert!(
            vn.x > 0.0 && vn.x <= bound * (1.0 + 1e-6),
            "slip {} bound {bound}",
            vn.x
        );
        // The analytic stiction slip: m (v - v*) = -v / R_t with R_t = sigma w,
        // w = 1 / (sqrt(3) m): v = mu g dt s / (1 + s), s = sigma / sqrt(3).
        let s = sigma / 3f64.sqrt();
        let exact = mu * G * dt * s / (1.0 + s);
        assert!((vn.x - exact).abs() <= 1e-6 * exact, "slip {} vs {exact}", vn.x);
        // Still in stiction with gamma_n = m g dt.
        assert!((gamma.z - m * G * dt).abs() <= 1e-6 * m * G * dt);
        assert!(gamma.x.hypot(gamma.y) < mu * gamma.z);
    }
}

#[test]
fn sliding_block_decelerates_at_mu_g() {
    let mut solver = solver();
    let (m, dt, mu) = (2.0, 1e-3, 0.4);
    let (_, _, mut phi) = settle(&mut solver, m, dt, mu);
    let mut v = Vector3::new(1.0, 0.5, 0.0);
    let mut speeds = Vec::new();
    for _ in 0..150 {
        let (vn, _) = step(&mut solver, m, dt, &v, &Vector3::zeros(), phi, mu);
        phi += dt * vn.z;
        v = vn;
        speeds.push(v.x.hypot(v.y));
    }
    // The convex approximation's gliding artifact (Section V-A): a rigid contact that
    // starts sliding at speed |v_t| is first lifted (v_n jumps to about mu |v_t|), lands
    // after some 80 steps, then glides at phi = dt mu |v_t|.
    let glide = dt * mu * speeds[149];
    assert!((phi - glide).abs() <= 1e-2 * glide, "phi {phi} vs glide {glide}");
    // While gliding, the speed drops by mu g dt per step.
    let (a, b) = (speeds[99], speeds[149]);
    let decel = (a - b) / (50.0 * dt);
    assert!(
        (decel - mu * G).abs() <= 1e-3 * mu * G,
        "deceleration {decel} vs {}",
        mu * G
    );
    // Friction opposes the sliding direction: the direction is kept.
    assert!((v.y / v.x - 0.5).abs() <= 1e-6);
}

#[test]
fn distant_contact_gives_no_impulse() {
    let mut solver = solver();
    let m = 1.0;
    for dt in [1e-3, 1e-2] {
        let v0 = Vector3::new(0.3, -0.2, -1.0);
        // phi0 far beyond what one step can close (|v| dt << phi0).
        let (v, gamma) = step(&mut solver, m, dt, &v0, &Vector3::zeros(), 1.0, 0.5);
        assert_eq!(gamma, Vector3::zeros());
        let v_star = v0 + Vector3::new(0.0, 0.0, -G * dt);
        assert!((v - v_star).norm() <= 1e-14);
    }
}
