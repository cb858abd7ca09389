//! A clutter-like sequence of SAP time steps, for timing and instruction counts of
//! the solver alone: 40 free bodies (boxes and spheres) in 4 columns on the ground
//! between walls, in near-rigid frictional contact (the pile of the SAP bench), stepped
//! by rebuilding the problem in place ([`SapProblem::refill`]) and solving it warm
//! ([`SapSolver::solve_in_place`]), with the signed distances advanced by
//! `dt v_n` and gravity added to v* every step, as a simulator does.
//!
//! `cargo run --release -p wolfe-sap --example pile_steps -- [STEPS] [BODIES]` prints
//! the mean time per step and the Newton iterations.

use std::time::Instant;

use nalgebra::{DMatrix, Matrix3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_sap::{contact_frame, SapError, SapProblem, SapSolver};

const DT: f64 = 1e-2;
const GRAVITY: f64 = 9.81;

/// The Jacobian block `sign C [I, -[p]x]` of a free body at the point `p`.
fn body_jacobian(c: &Matrix3<f64>, p: &Vector3<f64>, sign: f64) -> DMatrix<f64> {
    let ang = -(c * p.cross_matrix());
    DMatrix::from_fn(3, 6, |r, k| {
        sign * if k < 3 { c[(r, k)] } else { ang[(r, k - 3)] }
    })
}

/// One contact of the scene: trees, Jacobian blocks, signed distance.
struct Contact {
    a: usize,
    ja: DMatrix<f64>,
    b: Option<(usize, DMatrix<f64>)>,
    phi0: f64,
}

/// The pile: body t in column t % 4 at level t / 4, on the body below (or the ground),
/// beside its left neighbour (or a wall), the last column against the other wall.
fn pile(rng: &mut ChaCha8Rng, bodies: usize) -> (Vec<DMatrix<f64>>, Vec<Contact>) {
    let mut masses = Vec::new();
    let mut spheres = Vec::new();
    for _ in 0..bodies {
        let sphere = rng.random_bool(0.5);
        let (m, i) = if sphere {
            (0.524, 0.4 * 0.524 * 0.0025)
        } else {
            (1.0, 0.01 / 6.0)
        };
        masses.push(DMatrix::from_diagonal(&nalgebra::DVector::from_vec(vec![
            m, m, m, i, i, i,
        ])));
        spheres.push(sphere);
    }
    let mut contacts = Vec::new();
    let mut patch = |rng: &mut ChaCha8Rng, a: usize, b: Option<usize>, n: Vector3<f64>| {
        let one = spheres[a] || b.is_some_and(|b| spheres[b]);
        // Rows t1, t2, n: the transpose of the contact frame C.
        let c = contact_frame(&n).transpose();
        let (t1, t2) = (c.row(0).transpose(), c.row(1).transpose());
        let corners = [(1.0, 1.0), (-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0)];
        for &(s1, s2) in &corners[..if one { 1 } else { 4 }] {
            let offset = if one {
                Vector3::zeros()
            } else {
                (t1 * s1 + t2 * s2) * 0.045
            };
            contacts.push(Contact {
                a,
                ja: body_jacobian(&c, &(-n * 0.05 + offset), 1.0),
                b: b.map(|b| (b, body_jacobian(&c, &(n * 0.05 + offset), -1.0))),
                phi0: rng.random_range(-1e-4..1e-5),
            });
        }
    };
    for t in 0..bodies {
        let (col, level) = (t % 4, t / 4);
        patch(rng, t, (level > 0).then(|| t - 4), Vector3::z());
        patch(rng, t, (col > 0).then(|| t - 1), Vector3::x());
        if col == 3 {
            patch(rng, t, None, -Vector3::x());
        }
    }
    (masses, contacts)
}

fn main() -> Result<(), SapError> {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a count"));
    let steps = args.next().unwrap_or(300);
    let bodies = args.next().unwrap_or(40);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (masses, mut contacts) = pile(&mut rng, bodies);
    let mut v: Vec<f64> = (0..6 * bodies)
        .map(|_| 1e-3 * rng.random_range(-1.0..1.0))
        .collect();
    let mut v_star = v.clone();
    let mut problem = SapProblem::empty(DT)?;
    let mut solver = SapSolver::new(Default::default())?;
    let (mut iterations, start) = (0u64, Instant::now());
    for _ in 0..steps {
        for (vs, vi) in v_star.iter_mut().zip(&v) {
            *vs = *vi;
        }
        for t in 0..bodies {
            v_star[6 * t + 2] -= GRAVITY * DT;
        }
        problem.refill(DT, |f| {
            for (t, a) in masses.iter().enumerate() {
                f.push_tree(a, &v_star[6 * t..6 * t + 6]);
            }
            for c in &contacts {
                let contact = f.push_contact(c.a, &c.ja, c.b.as_ref().map(|(b, jb)| (*b, jb)));
                contact.phi0 = c.phi0;
                contact.stiffness = 1e12;
                contact.dissipation_time_scale = DT;
                contact.friction = 1.0;
            }
            Ok::<(), SapError>(())
        })?;
        iterations += u64::from(solver.solve_in_place(&problem, &v)?.iterations);
        v.copy_from_slice(solver.velocities());
        // phi0 += dt v_n.
        for c in &mut contacts {
            let mut vn = (0..6).map(|k| c.ja[(2, k)] * v[6 * c.a + k]).sum::<f64>();
            if let Some((b, jb)) = &c.b {
                vn += (0..6).map(|k| jb[(2, k)] * v[6 * b + k]).sum::<f64>();
            }
            c.phi0 += DT * vn;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{steps} steps of {bodies} bodies, {} contacts: {:.1} us per step, {:.2} Newton iterations per step",
        contacts.len(),
        1e6 * seconds / steps as f64,
        iterations as f64 / steps as f64
    );
    Ok(())
}
