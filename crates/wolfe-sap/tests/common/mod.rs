//! Random SAP problems for the tests.

#![allow(dead_code)]

use nalgebra::{DMatrix, DVector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_sap::{Contact, SapProblem, Tree};

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A standard normal sample.
pub fn normal(rng: &mut ChaCha8Rng) -> f64 {
    // Box-Muller.
    let u: f64 = rng.random_range(1e-12..1.0);
    let v: f64 = rng.random_range(0.0..1.0);
    (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

/// A matrix of standard normal entries.
pub fn random_matrix(rng: &mut ChaCha8Rng, r: usize, c: usize) -> DMatrix<f64> {
    DMatrix::from_fn(r, c, |_, _| normal(rng))
}

/// A random SPD matrix with moderate conditioning.
pub fn random_spd(rng: &mut ChaCha8Rng, n: usize) -> DMatrix<f64> {
    let b = random_matrix(rng, n, n);
    let scale = rng.random_range(0.5..5.0);
    (b.transpose() * b) * (0.3 * scale) + DMatrix::identity(n, n) * scale
}

/// A random problem: `nt` trees of 1-6 dofs, `nc` contacts with one or two trees,
/// random signed distances around zero, mixed compliant and near-rigid parameters.
pub fn random_problem(rng: &mut ChaCha8Rng, nt: usize, nc: usize) -> SapProblem {
    let dt = 1e-2;
    let trees: Vec<Tree> = (0..nt)
        .map(|_| {
            let n = rng.random_range(1..=6);
            let v = DVector::from_fn(n, |_, _| normal(rng));
            Tree::new(random_spd(rng, n), v)
        })
        .collect();
    let contacts = (0..nc)
        .map(|_| {
            let a = rng.random_range(0..nt);
            let ja = random_matrix(rng, 3, trees[a].dofs());
            let phi0 = rng.random_range(-2e-2..1e-2);
            let c = if nt > 1 && rng.random_bool(0.6) {
                let mut b = rng.random_range(0..nt - 1);
                if b >= a {
                    b += 1;
                }
                let jb = random_matrix(rng, 3, trees[b].dofs());
                Contact::between(a, ja, b, jb, phi0)
            } else {
                Contact::with_world(a, ja, phi0)
            };
            let k = if rng.random_bool(0.3) {
                f64::INFINITY
            } else {
                10f64.powf(rng.random_range(1.0..5.0))
            };
            let tau = rng.random_range(0.0..0.05);
            let mu = rng.random_range(0.0..1.5);
            c.with_parameters(k, tau, mu)
        })
        .collect();
    SapProblem::new(dt, trees, contacts).expect("valid random problem")
}

/// A vector of normal entries with standard deviation `scale`.
pub fn random_vector(rng: &mut ChaCha8Rng, n: usize, scale: f64) -> DVector<f64> {
    DVector::from_fn(n, |_, _| scale * normal(rng))
}
