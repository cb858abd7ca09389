//! The bench's random problems: free bodies in near-rigid frictional contact, in two
//! contact patterns and two regimes, and the problems derived from one (the next
//! linearized time step, a neighbouring problem).

use nalgebra::{DMatrix, DVector, Matrix3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_sap::{contact_frame, ContactConstraint, SapError, SapProblem, Tree};

/// The contact pattern of a generated problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// No walls: independent groups of 4 stacked bodies.
    Island,
    /// Walls: 4 columns with neighbour contacts across columns.
    Pile,
}

impl Pattern {
    /// Name in the CSV.
    pub fn name(self) -> &'static str {
        match self {
            Self::Island => "island",
            Self::Pile => "pile",
        }
    }
}

/// The state of the generated problems.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regime {
    /// Like the paper's energetic initial transient: body velocities of about 5 cm/s,
    /// previous signed distances from -1 mm to 0.2 mm (many contact-mode transitions).
    Transient,
    /// Like the paper's steady state: bodies nearly at rest (velocities of about
    /// 1 mm/s), signed distances from -0.1 mm to 0.01 mm.
    Resting,
}

impl Regime {
    /// Name in the CSV.
    pub fn name(self) -> &'static str {
        match self {
            Self::Transient => "transient",
            Self::Resting => "resting",
        }
    }

    fn velocity(self) -> f64 {
        match self {
            Self::Transient => 0.05,
            Self::Resting => 1e-3,
        }
    }

    fn phi_range(self) -> std::ops::Range<f64> {
        match self {
            Self::Transient => -1e-3..2e-4,
            Self::Resting => -1e-4..1e-5,
        }
    }
}

/// Gravity, m/s^2.
pub(crate) const GRAVITY: f64 = 9.81;
/// Time step, s.
pub(crate) const DT: f64 = 1e-2;
/// Warm start perturbation like the change of velocity between two steps at steady
/// state: the stiction slip bound mu sigma g dt of Eq. 31 (about 1e-4 m/s).
pub(crate) const SMALL_PERTURBATION: f64 = 1e-3 * GRAVITY * DT;
/// A tenth of [`SMALL_PERTURBATION`] (about 1e-5 m/s): perturbations below the slip bound
/// leave most contacts in their stick/slip region, so the count measures the solver's
/// convergence from a near start rather than its identification of flipped regions (the
/// iterations grow about as log2 of the flipped contacts, plus 2-3 quadratic steps).
pub(crate) const TINY_PERTURBATION: f64 = 1e-4 * GRAVITY * DT;
/// A large warm start perturbation, 10% of g dt (about 1e-2 m/s).
pub(crate) const LARGE_PERTURBATION: f64 = 0.1 * GRAVITY * DT;

/// Jacobian block of a free body (v = [linear, angular], world frame) at the point
/// `p` relative to its center: C [I, -[p]x].
fn body_jacobian(c: &Matrix3<f64>, p: &Vector3<f64>, sign: f64) -> DMatrix<f64> {
    let mut j = DMatrix::zeros(3, 6);
    let ang = -(c * p.cross_matrix());
    for r in 0..3 {
        for k in 0..3 {
            j[(r, k)] = sign * c[(r, k)];
            j[(r, 3 + k)] = sign * ang[(r, k)];
        }
    }
    j
}

/// Every regime and contact pattern of the bench, in table order.
pub(crate) const CASES: [(Regime, Pattern); 4] = [
    (Regime::Transient, Pattern::Island),
    (Regime::Transient, Pattern::Pile),
    (Regime::Resting, Pattern::Island),
    (Regime::Resting, Pattern::Pile),
];

/// The seeded generator of the bench's problems.
pub(crate) struct Generator {
    rng: ChaCha8Rng,
    /// The regime of the next problems.
    pub(crate) regime: Regime,
    /// Whether each body of the problem being generated is a sphere.
    spheres: Vec<bool>,
}

impl Generator {
    /// A generator seeded with `seed`, starting in the transient regime.
    pub(crate) fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            regime: Regime::Transient,
            spheres: Vec::new(),
        }
    }

    /// A standard normal number (Box-Muller).
    pub(crate) fn normal(&mut self) -> f64 {
        let u: f64 = self.rng.random_range(1e-12..1.0);
        let v: f64 = self.rng.random_range(0.0..1.0);
        (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
    }

    /// A box (1 kg, 10 cm) or sphere (0.524 kg, radius 5 cm) with a random velocity.
    fn body(&mut self) -> Tree {
        let sphere = self.rng.random_bool(0.5);
        self.spheres.push(sphere);
        let (m, i) = if sphere {
            (0.524, 0.4 * 0.524 * 0.05 * 0.05)
        } else {
            (1.0, 1.0 * 0.01 / 6.0)
        };
        let mut a = DMatrix::zeros(6, 6);
        for k in 0..3 {
            a[(k, k)] = m;
            a[(3 + k, 3 + k)] = i;
        }
        let mut v = DVector::zeros(6);
        for k in 0..6 {
            v[k] = self.regime.velocity() * self.normal();
        }
        v[2] -= GRAVITY * DT;
        Tree::new(a, v)
    }

    /// The contact points between `a` (above / beside) and `b` (or the world), normal
    /// `n` pointing from b to a: one point on the line of centers when a sphere is
    /// involved, else 1-4 points at the corners of a 10 cm face (a box on an edge, a
    /// corner or a face).
    fn patch(&mut self, a: usize, b: Option<usize>, n: &Vector3<f64>, out: &mut Vec<ContactConstraint>) {
        let any_sphere = self.spheres[a] || b.is_some_and(|b| self.spheres[b]);
        let count = if any_sphere {
            1
        } else {
            self.rng.random_range(1..=4)
        };
        let c = contact_frame(n).transpose();
        let (t1, t2) = (c.row(0).transpose(), c.row(1).transpose());
        let corners = [(1.0, 1.0), (-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0)];
        for &(s1, s2) in &corners[..count] {
            let offset = if any_sphere {
                Vector3::zeros()
            } else {
                (t1 * s1 + t2 * s2) * 0.045
            };
            let pa = -n * 0.05 + offset;
            let pb = n * 0.05 + offset;
            let phi0 = self.rng.random_range(self.regime.phi_range());
            let contact = match b {
                Some(b) => ContactConstraint::between(
                    a,
                    body_jacobian(&c, &pa, 1.0),
                    b,
                    body_jacobian(&c, &pb, -1.0),
                    phi0,
                ),
                None => ContactConstraint::with_world(a, body_jacobian(&c, &pa, 1.0), phi0),
            };
            out.push(contact.with_parameters(1e12, DT, 1.0));
        }
    }

    pub(crate) fn problem(&mut self, pattern: Pattern, bodies: usize) -> Result<SapProblem, SapError> {
        self.spheres.clear();
        let trees: Vec<Tree> = (0..bodies).map(|_| self.body()).collect();
        let mut contacts = Vec::new();
        let up = Vector3::z();
        match pattern {
            Pattern::Island => {
                // Groups of 4: a stack of 2-4 bodies on the ground, the rest on the
                // ground next to it, touching the stack's bottom body.
                for group in (0..bodies).step_by(4) {
                    let members: Vec<usize> = (group..(group + 4).min(bodies)).collect();
                    let height = self.rng.random_range(2..=4).min(members.len());
                    for (k, &t) in members.iter().enumerate() {
                        if k == 0 || k >= height {
                            self.patch(t, None, &up, &mut contacts);
                        } else {
                            self.patch(t, Some(members[k - 1]), &up, &mut contacts);
                        }
                        if k >= height {
                            let side = Vector3::new(1.0, 0.2 * self.normal(), 0.0).normalize();
                            self.patch(t, Some(members[0]), &side, &mut contacts);
                        }
                    }
                }
            }
            Pattern::Pile => {
                // 4 columns; body t sits in column t % 4 at level t / 4.
                let side = Vector3::x();
                for t in 0..bodies {
                    let (col, level) = (t % 4, t / 4);
                    if level == 0 {
                        self.patch(t, None, &up, &mut contacts);
                    } else {
                        self.patch(t, Some(t - 4), &up, &mut contacts);
                    }
                    if col > 0 {
                        self.patch(t, Some(t - 1), &side, &mut contacts);
                    } else {
                        self.patch(t, None, &side, &mut contacts);
                    }
                    if col == 3 {
                        self.patch(t, None, &(-side), &mut contacts);
                    }
                }
            }
        }
        SapProblem::new(DT, trees, contacts)
    }
}

/// The problem's trees with new free-motion velocities: `v_star(offset, tree)` gives
/// each tree's, `offset` being its first dof in the stacked velocity.
fn trees_with_v_star(problem: &SapProblem, v_star: impl Fn(usize, &Tree) -> DVector<f64>) -> Vec<Tree> {
    let trees = problem.trees().iter().enumerate();
    trees
        .map(|(t, tree)| Tree::new(tree.a.clone(), v_star(problem.offset(t), tree)))
        .collect()
}

/// The next linearized time step: phi0 += dt v_n per contact, v* = v + g dt.
pub(crate) fn next_step(problem: &SapProblem, v: &DVector<f64>) -> Result<SapProblem, SapError> {
    let dt = problem.time_step();
    let trees = trees_with_v_star(problem, |o, tree| {
        let mut v_star = v.rows(o, tree.dofs()).into_owned();
        v_star[2] -= GRAVITY * dt;
        v_star
    });
    let contacts = problem
        .contacts()
        .iter()
        .map(|c| {
            let mut vn = 0.0;
            let mut add = |t: usize, j: &DMatrix<f64>| {
                let o = problem.offset(t);
                for k in 0..j.ncols() {
                    vn += j[(2, k)] * v[o + k];
                }
            };
            add(c.tree_a, &c.jacobian_a);
            if let Some((tb, jb)) = &c.tree_b {
                add(*tb, jb);
            }
            let mut next = c.clone();
            next.phi0 += dt * vn;
            next
        })
        .collect();
    SapProblem::new(dt, trees, contacts)
}

/// The problem with v* perturbed by `perturbation * noise` (same contacts): like the
/// previous time step at steady state, a problem whose solution is near, with contact
/// modes consistent with its own impulses.
pub(crate) fn neighbour(
    problem: &SapProblem, noise: &[f64], perturbation: f64,
) -> Result<SapProblem, SapError> {
    let trees = trees_with_v_star(problem, |o, tree| {
        let mut v_star = tree.v_star.clone();
        for (k, v) in v_star.iter_mut().enumerate() {
            *v += perturbation * noise[o + k];
        }
        v_star
    });
    SapProblem::new(problem.time_step(), trees, problem.contacts().to_vec())
}
