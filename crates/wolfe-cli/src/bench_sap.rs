//! `wolfe bench sap`: Newton iterations and wall time of the SAP solver on random
//! problems shaped like the clutter case of the SAP paper (Section VI-C): free bodies
//! (6 dofs each) in near-rigid frictional contact (k = 1e12 N/m, tau_d = dt = 10 ms,
//! mu = 1), 1-4 contact points per touching pair, 8 to 160 bodies.
//!
//! Two contact patterns: `island` (no walls: groups of 4 bodies, each a short stack on
//! the ground, no coupling between groups) and `pile` (with walls: 4 columns of bodies
//! stacked on the ground, each body also touching its neighbours in the adjacent
//! columns, the outer columns touching the walls). Every problem is solved cold (from
//! v*) and warm-started from its solution perturbed by normal noise per component, of
//! 1e-4 g dt (a tenth of the stiction slip bound mu sigma g dt of Eq. 31), 1e-3 g dt
//! (the slip bound itself, about the change of velocity between steps at steady state)
//! and 0.1 g dt, each with the dense and with the sparse factorization.
//!
//! The perturbed solution is not what a simulation step starts from: independent noise
//! of the size of the stiction slip bound flips the stick/slip mode of 5-30% of the
//! contacts (40 bodies), and Newton iterations are spent identifying modes. A time step
//! starts from the solution of a neighbouring problem, whose contact modes are
//! consistent with its impulses. So every perturbed row also records the iterations of
//! a warm start from the solution of the neighbouring problem with v* perturbed by the
//! same noise (`iterations_from_neighbour`).
//!
//! Output: `DIR/sap.csv`, one row per solve (median wall time over the repeats), and
//! `DIR/sap.svg`, iterations and time versus bodies.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use nalgebra::{DMatrix, DVector, Matrix3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe_sap::{Contact, LinearSolver, SapError, SapProblem, SapSettings, SapSolver, SapStatus, Tree};

use crate::timing::median;

/// Errors of `wolfe bench sap`.
#[derive(Debug, thiserror::Error)]
pub enum BenchSapError {
    /// Writing an output file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The solver rejected a generated problem.
    #[error("SAP: {0}")]
    Sap(#[from] SapError),
    /// Drawing the plot failed.
    #[error("plot: {0}")]
    Plot(String),
}

/// Options of `wolfe bench sap`.
#[derive(Debug, Clone)]
pub struct BenchSapOptions {
    /// Output directory.
    pub out: PathBuf,
    /// Fewer sizes, problems and repeats (well under a minute).
    pub quick: bool,
    /// Seed of the random problems.
    pub seed: u64,
}

/// The sizes and counts of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchSapScale {
    /// Numbers of bodies.
    pub sizes: Vec<usize>,
    /// Random problems per size, pattern and regime.
    pub problems: usize,
    /// Timed repeats per solve (the median is reported).
    pub repeats: usize,
    /// Linearized time steps warm-started from the previous step.
    pub steps: usize,
}

impl BenchSapScale {
    /// The scale of `wolfe bench sap` (`quick`: well under a minute).
    pub fn of(quick: bool) -> Self {
        if quick {
            Self {
                sizes: vec![8, 16, 40, 80, 160],
                problems: 2,
                repeats: 2,
                steps: 10,
            }
        } else {
            Self {
                sizes: vec![8, 12, 16, 24, 40, 60, 80, 120, 160],
                problems: 5,
                repeats: 7,
                steps: 30,
            }
        }
    }
}

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

/// One row of `sap.csv`.
#[derive(Debug, Clone)]
pub struct Row {
    /// Contact pattern.
    pub pattern: Pattern,
    /// State of the problem.
    pub regime: Regime,
    /// Index of the random problem at this size.
    pub problem: usize,
    /// Number of bodies (trees).
    pub bodies: usize,
    /// Number of contact constraints.
    pub contacts: usize,
    /// "dense" or "sparse".
    pub solver: &'static str,
    /// Warm-started from a perturbed solution.
    pub warm: bool,
    /// Standard deviation of the perturbation of the warm start, m/s or rad/s (0 for
    /// cold solves).
    pub perturbation: f64,
    /// Newton iterations.
    pub iterations: u32,
    /// For perturbed warm starts: Newton iterations of the warm start from the
    /// solution of the neighbouring problem (v* perturbed by the same noise); 0
    /// otherwise.
    pub iterations_from_neighbour: u32,
    /// e_m (Eq. 32) of that warm start; 0 when there is none.
    pub momentum_error_from_neighbour: f64,
    /// Line-search iterations (total).
    pub line_search_iterations: u32,
    /// e_m (Eq. 32).
    pub momentum_error: f64,
    /// Solver status.
    pub status: SapStatus,
    /// For warm starts from the previous step: the index of the linearized time step
    /// after the first (cold) solve; 0 otherwise.
    pub steps: usize,
    /// Median wall time per solve, ns.
    pub ns: u64,
}

const GRAVITY: f64 = 9.81;
const DT: f64 = 1e-2;
/// Warm start perturbation like the change of velocity between two steps at steady
/// state: the stiction slip bound mu sigma g dt of Eq. 31 (about 1e-4 m/s).
const SMALL_PERTURBATION: f64 = 1e-3 * GRAVITY * DT;
/// A tenth of [`SMALL_PERTURBATION`] (about 1e-5 m/s): perturbations below the slip bound
/// leave most contacts in their stick/slip region, so the count measures the solver's
/// convergence from a near start rather than its identification of flipped regions (the
/// iterations grow about as log2 of the flipped contacts, plus 2-3 quadratic steps).
const TINY_PERTURBATION: f64 = 1e-4 * GRAVITY * DT;
/// A large warm start perturbation, 10% of g dt (about 1e-2 m/s).
const LARGE_PERTURBATION: f64 = 0.1 * GRAVITY * DT;

fn skew(p: &Vector3<f64>) -> Matrix3<f64> {
    Matrix3::new(0.0, -p.z, p.y, p.z, 0.0, -p.x, -p.y, p.x, 0.0)
}

/// Rows t1, t2, n of a contact frame with normal `n`.
fn frame(n: &Vector3<f64>) -> Matrix3<f64> {
    let a = if n.x.abs() < 0.9 {
        Vector3::x()
    } else {
        Vector3::y()
    };
    let t1 = n.cross(&a).normalize();
    let t2 = n.cross(&t1);
    Matrix3::from_rows(&[t1.transpose(), t2.transpose(), n.transpose()])
}

/// Jacobian block of a free body (v = [linear, angular], world frame) at the point
/// `p` relative to its center: C [I, -[p]x].
fn body_jacobian(c: &Matrix3<f64>, p: &Vector3<f64>, sign: f64) -> DMatrix<f64> {
    let mut j = DMatrix::zeros(3, 6);
    let ang = -(c * skew(p));
    for r in 0..3 {
        for k in 0..3 {
            j[(r, k)] = sign * c[(r, k)];
            j[(r, 3 + k)] = sign * ang[(r, k)];
        }
    }
    j
}

/// Every regime and contact pattern of the bench, in table order.
const CASES: [(Regime, Pattern); 4] = [
    (Regime::Transient, Pattern::Island),
    (Regime::Transient, Pattern::Pile),
    (Regime::Resting, Pattern::Island),
    (Regime::Resting, Pattern::Pile),
];

struct Generator {
    rng: ChaCha8Rng,
    regime: Regime,
    /// Whether each body of the problem being generated is a sphere.
    spheres: Vec<bool>,
}

impl Generator {
    /// A generator seeded with `seed`, starting in the transient regime.
    fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            regime: Regime::Transient,
            spheres: Vec::new(),
        }
    }

    fn normal(&mut self) -> f64 {
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
    fn patch(&mut self, a: usize, b: Option<usize>, n: &Vector3<f64>, out: &mut Vec<Contact>) {
        let any_sphere = self.spheres[a] || b.is_some_and(|b| self.spheres[b]);
        let count = if any_sphere {
            1
        } else {
            self.rng.random_range(1..=4)
        };
        let c = frame(n);
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
                Some(b) => Contact::between(
                    a,
                    body_jacobian(&c, &pa, 1.0),
                    b,
                    body_jacobian(&c, &pb, -1.0),
                    phi0,
                ),
                None => Contact::with_world(a, body_jacobian(&c, &pa, 1.0), phi0),
            };
            out.push(contact.with_parameters(1e12, DT, 1.0));
        }
    }

    fn problem(&mut self, pattern: Pattern, bodies: usize) -> Result<SapProblem, SapError> {
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

/// The next linearized time step: phi0 += dt v_n per contact, v* = v + g dt.
fn next_step(problem: &SapProblem, v: &DVector<f64>) -> Result<SapProblem, SapError> {
    let dt = problem.time_step();
    let trees = problem
        .trees()
        .iter()
        .enumerate()
        .map(|(t, tree)| {
            let o = problem.offset(t);
            let mut v_star = v.rows(o, tree.dofs()).into_owned();
            v_star[2] -= GRAVITY * dt;
            Tree::new(tree.a.clone(), v_star)
        })
        .collect();
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
fn neighbour(problem: &SapProblem, noise: &[f64], perturbation: f64) -> Result<SapProblem, SapError> {
    let trees = problem
        .trees()
        .iter()
        .enumerate()
        .map(|(t, tree)| {
            let o = problem.offset(t);
            let mut v_star = tree.v_star.clone();
            for (k, v) in v_star.iter_mut().enumerate() {
                *v += perturbation * noise[o + k];
            }
            Tree::new(tree.a.clone(), v_star)
        })
        .collect();
    SapProblem::new(problem.time_step(), trees, problem.contacts().to_vec())
}

/// Runs the benchmark, writes `sap.csv` and `sap.svg` under `options.out`, returns the
/// rows.
///
/// # Errors
/// [`BenchSapError`] if a file cannot be written or a solve fails.
pub fn run(options: &BenchSapOptions) -> Result<Vec<Row>, BenchSapError> {
    run_scaled(options, &BenchSapScale::of(options.quick))
}

/// [`run`] at a given scale (`options.quick` is ignored).
///
/// # Errors
/// [`BenchSapError`] if a file cannot be written or a solve fails.
pub fn run_scaled(options: &BenchSapOptions, scale: &BenchSapScale) -> Result<Vec<Row>, BenchSapError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BenchSapError::Io {
            path: path.clone(),
            source,
        }
    };
    let (sizes, problems, steps) = (&scale.sizes, scale.problems, scale.steps);
    let repeats = scale.repeats.max(1);
    std::fs::create_dir_all(&options.out).map_err(io(&options.out))?;
    let mut gen = Generator::new(options.seed);
    let mut rows = Vec::new();
    let mut times = vec![0u64; repeats];
    for (regime, pattern) in CASES {
        gen.regime = regime;
        for &bodies in sizes {
            for p in 0..problems {
                let problem = gen.problem(pattern, bodies)?;
                let n = problem.num_velocities();
                // One unit noise vector per problem: dense and sparse solves start from
                // the same perturbed points.
                let noise: Vec<f64> = (0..n).map(|_| gen.normal()).collect();
                // The solutions of the neighbouring problems (v* + perturbation * noise),
                // computed once: dense and sparse warm starts begin at the same points.
                let mut near_solver = SapSolver::new(SapSettings::default())?;
                let mut near_starts = Vec::new();
                for perturbation in [TINY_PERTURBATION, SMALL_PERTURBATION, LARGE_PERTURBATION] {
                    let near = neighbour(&problem, &noise, perturbation)?;
                    near_starts.push((perturbation, near_solver.solve_cold(&near)?.v));
                }
                for (name, linear_solver) in
                    [("dense", LinearSolver::Dense), ("sparse", LinearSolver::Sparse)]
                {
                    let mut solver = SapSolver::new(SapSettings {
                        linear_solver,
                        ..Default::default()
                    })?;
                    let cold = solver.solve_cold(&problem)?;
                    for perturbation in [0.0, TINY_PERTURBATION, SMALL_PERTURBATION, LARGE_PERTURBATION] {
                        let warm = perturbation > 0.0;
                        let v0 = if warm {
                            let mut v0 = cold.v.clone();
                            for (k, e) in noise.iter().enumerate() {
                                v0[k] += perturbation * e;
                            }
                            v0
                        } else {
                            problem.v_star().clone()
                        };
                        let mut last = None;
                        for t in times.iter_mut() {
                            let start = Instant::now();
                            let sol = solver.solve(&problem, &v0)?;
                            *t = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                            last = Some(sol);
                        }
                        let Some(sol) = last else { continue };
                        let (mut near_iterations, mut near_em) = (0, 0.0);
                        if let Some((_, v_near)) = near_starts.iter().find(|(q, _)| *q == perturbation) {
                            let near = solver.solve(&problem, v_near)?;
                            if near.stats.status != SapStatus::Converged {
                                near_em = f64::INFINITY;
                            } else {
                                near_em = near.stats.momentum_error;
                            }
                            near_iterations = near.stats.iterations;
                        }
                        rows.push(Row {
                            pattern,
                            regime,
                            problem: p,
                            bodies,
                            contacts: problem.contacts().len(),
                            solver: name,
                            warm,
                            perturbation,
                            iterations: sol.stats.iterations,
                            iterations_from_neighbour: near_iterations,
                            momentum_error_from_neighbour: near_em,
                            line_search_iterations: sol.stats.line_search_iterations,
                            momentum_error: sol.stats.momentum_error,
                            status: sol.stats.status,
                            steps: 0,
                            ns: median(&mut times),
                        });
                    }
                    if linear_solver != LinearSolver::Sparse {
                        continue;
                    }
                    // Warm starts as in time stepping: linearized steps (phi0 += dt v_n,
                    // v* = v + g dt, same Jacobians), each warm-started from the
                    // previous step's velocities; same pattern, so the symbolic
                    // factorization is reused.
                    let mut current = problem.clone();
                    let mut v = cold.v.clone();
                    for step in 1..=steps {
                        current = next_step(&current, &v)?;
                        let mut last = None;
                        for t in times.iter_mut() {
                            let start = Instant::now();
                            let sol = solver.solve(&current, &v)?;
                            *t = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                            last = Some(sol);
                        }
                        let Some(sol) = last else { continue };
                        rows.push(Row {
                            pattern,
                            regime,
                            problem: p,
                            bodies,
                            contacts: current.contacts().len(),
                            solver: name,
                            warm: true,
                            perturbation: 0.0,
                            iterations: sol.stats.iterations,
                            iterations_from_neighbour: 0,
                            momentum_error_from_neighbour: 0.0,
                            line_search_iterations: sol.stats.line_search_iterations,
                            momentum_error: sol.stats.momentum_error,
                            status: sol.stats.status,
                            steps: step,
                            ns: median(&mut times),
                        });
                        v = sol.v;
                    }
                }
            }
        }
    }
    let csv = options.out.join("sap.csv");
    write_csv(&csv, &rows).map_err(io(&csv))?;
    plot(&options.out.join("sap.svg"), &rows)?;
    Ok(rows)
}

fn write_csv(path: &Path, rows: &[Row]) -> std::io::Result<()> {
    let mut f = BufWriter::new(File::create(path)?);
    writeln!(
        f,
        "regime,pattern,problem,bodies,contacts,solver,warm,perturbation,steps,iterations,line_search_iterations,momentum_error,status,ns,iterations_from_neighbour,momentum_error_from_neighbour"
    )?;
    for r in rows {
        writeln!(
            f,
            "{},{},{},{},{},{},{},{:e},{},{},{},{:e},{:?},{},{},{:e}",
            r.regime.name(),
            r.pattern.name(),
            r.problem,
            r.bodies,
            r.contacts,
            r.solver,
            u8::from(r.warm),
            r.perturbation,
            r.steps,
            r.iterations,
            r.line_search_iterations,
            r.momentum_error,
            r.status,
            r.ns,
            r.iterations_from_neighbour,
            r.momentum_error_from_neighbour
        )?;
    }
    f.flush()
}

/// Mean of `f` over the rows selected by `keep`, per number of bodies.
pub fn mean_by_bodies(
    rows: &[Row],
    keep: impl Fn(&Row) -> bool,
    f: impl Fn(&Row) -> f64,
) -> Vec<(usize, f64)> {
    let mut sizes: Vec<usize> = rows.iter().map(|r| r.bodies).collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
        .into_iter()
        .filter_map(|b| {
            let vals: Vec<f64> = rows.iter().filter(|r| r.bodies == b && keep(r)).map(&f).collect();
            (!vals.is_empty()).then(|| (b, vals.iter().sum::<f64>() / vals.len() as f64))
        })
        .collect()
}

fn plot(path: &Path, rows: &[Row]) -> Result<(), BenchSapError> {
    use plotters::prelude::*;
    let err = |e: &dyn std::fmt::Display| BenchSapError::Plot(e.to_string());
    crate::plot::register_font();
    let root = SVGBackend::new(path, (1100, 450)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let (left, right) = root.split_horizontally(550);
    let max_bodies = rows.iter().map(|r| r.bodies).max().unwrap_or(1) as f64;
    let colors = [
        RED,
        BLUE,
        GREEN,
        MAGENTA,
        CYAN,
        BLACK,
        RGBColor(255, 140, 0),
        RGBColor(128, 128, 128),
    ];
    // Iterations versus bodies (sparse solves; dense ones iterate identically).
    let max_it = rows.iter().map(|r| r.iterations).max().unwrap_or(1) as f64;
    let mut chart = ChartBuilder::on(&left)
        .caption("SAP Newton iterations (mean, sparse)", ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(45)
        .build_cartesian_2d(0.0..max_bodies * 1.05, 0.0..max_it * 1.1)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("bodies")
        .y_desc("iterations")
        .draw()
        .map_err(|e| err(&e))?;
    let mut k = 0;
    for pattern in [Pattern::Island, Pattern::Pile] {
        for (regime, perturbation, stepped, what) in [
            (Regime::Transient, 0.0, false, "transient cold"),
            (
                Regime::Transient,
                LARGE_PERTURBATION,
                false,
                "transient warm 1e-2",
            ),
            (Regime::Resting, SMALL_PERTURBATION, false, "resting warm 1e-4"),
            (Regime::Resting, 0.0, true, "resting, previous step"),
        ] {
            let pts = mean_by_bodies(
                rows,
                |r| {
                    r.regime == regime
                        && r.pattern == pattern
                        && r.perturbation == perturbation
                        && (r.steps > 0) == stepped
                        && r.solver == "sparse"
                },
                |r| f64::from(r.iterations),
            );
            let color = colors[k % colors.len()];
            k += 1;
            let label = format!("{} {what}", pattern.name());
            chart
                .draw_series(LineSeries::new(pts.iter().map(|&(b, v)| (b as f64, v)), color))
                .map_err(|e| err(&e))?
                .label(label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 15, y)], color));
        }
    }
    chart
        .configure_series_labels()
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    // Time versus bodies, log scale, cold solves.
    let max_ms = rows.iter().map(|r| r.ns as f64 * 1e-6).fold(1e-3, f64::max);
    let min_ms = rows
        .iter()
        .map(|r| r.ns as f64 * 1e-6)
        .fold(max_ms, f64::min)
        .max(1e-4);
    let mut chart = ChartBuilder::on(&right)
        .caption("SAP time per cold solve, transient (mean)", ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(35)
        .y_label_area_size(55)
        .build_cartesian_2d(
            (6.0..max_bodies * 1.1).log_scale(),
            (min_ms * 0.8..max_ms * 1.25).log_scale(),
        )
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("bodies")
        .y_desc("ms")
        .draw()
        .map_err(|e| err(&e))?;
    let mut k = 0;
    for pattern in [Pattern::Island, Pattern::Pile] {
        for solver in ["dense", "sparse"] {
            let pts = mean_by_bodies(
                rows,
                |r| r.regime == Regime::Transient && r.pattern == pattern && !r.warm && r.solver == solver,
                |r| r.ns as f64 * 1e-6,
            );
            let color = colors[k % colors.len()];
            k += 1;
            chart
                .draw_series(LineSeries::new(pts.iter().map(|&(b, v)| (b as f64, v)), color))
                .map_err(|e| err(&e))?
                .label(format!("{} {solver}", pattern.name()))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 15, y)], color));
        }
    }
    chart
        .configure_series_labels()
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

/// A printed summary: per pattern and size, mean iterations cold/warm and mean
/// milliseconds dense/sparse.
pub fn summary(rows: &[Row]) -> String {
    let mut out = String::from(
        "regime    pattern  bodies contacts  it_cold it_step(all) it_step(last5) it_warm(1e-5) it_warm(1e-4) it_warm(1e-2) it_near(1e-4) it_near(1e-2)  ms_dense_cold ms_sparse_cold ms_sparse_warm(1e-4) ms_sparse_step  max_e_m  not_converged\n",
    );
    for (regime, pattern) in CASES {
        let sel = move |b: usize| {
            rows.iter()
                .filter(move |r| r.regime == regime && r.pattern == pattern && r.bodies == b)
        };
        let mut sizes: Vec<usize> = rows
            .iter()
            .filter(|r| r.regime == regime && r.pattern == pattern)
            .map(|r| r.bodies)
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        for b in sizes {
            let mean = |keep: &dyn Fn(&Row) -> bool, f: &dyn Fn(&Row) -> f64| {
                let v: Vec<f64> = sel(b).filter(|r| keep(r)).map(f).collect();
                v.iter().sum::<f64>() / v.len().max(1) as f64
            };
            let contacts = mean(&|_| true, &|r| r.contacts as f64);
            let it_cold = mean(&|r| !r.warm, &|r| f64::from(r.iterations));
            let ms_step = mean(&|r| r.steps > 0, &|r| r.ns as f64 * 1e-6);
            let last_step = sel(b).map(|r| r.steps).max().unwrap_or(0);
            let it_step = mean(&|r| r.steps > 0, &|r| f64::from(r.iterations));
            let it_last = mean(&|r| r.steps + 5 > last_step && r.steps > 0, &|r| {
                f64::from(r.iterations)
            });
            let it_tiny = mean(&|r| r.perturbation == TINY_PERTURBATION, &|r| {
                f64::from(r.iterations)
            });
            let it_small = mean(&|r| r.perturbation == SMALL_PERTURBATION, &|r| {
                f64::from(r.iterations)
            });
            let it_large = mean(&|r| r.perturbation == LARGE_PERTURBATION, &|r| {
                f64::from(r.iterations)
            });
            let it_near = |perturbation: f64| {
                mean(&|r| r.perturbation == perturbation, &|r| {
                    f64::from(r.iterations_from_neighbour)
                })
            };
            let ms = |solver: &str, perturbation: f64| {
                mean(
                    &|r| r.solver == solver && r.perturbation == perturbation && r.steps == 0,
                    &|r| r.ns as f64 * 1e-6,
                )
            };
            let max_em = sel(b)
                .map(|r| r.momentum_error.max(r.momentum_error_from_neighbour))
                .fold(0.0, f64::max);
            // A neighbour start that did not converge has an infinite e_m.
            let bad = sel(b)
                .filter(|r| r.status != SapStatus::Converged || r.momentum_error_from_neighbour.is_infinite())
                .count();
            out.push_str(&format!(
                "{:<9} {:<8} {:>6} {:>8.0} {:>8.2} {:>12.2} {:>14.2} {:>13.2} {:>13.2} {:>13.2} {:>13.2} {:>13.2} {:>14.3} {:>14.3} {:>20.3} {:>12.3} {:>8.1e} {:>14}\n",
                regime.name(),
                pattern.name(),
                b,
                contacts,
                it_cold,
                it_step,
                it_last,
                it_tiny,
                it_small,
                it_large,
                it_near(SMALL_PERTURBATION),
                it_near(LARGE_PERTURBATION),
                ms("dense", 0.0),
                ms("sparse", 0.0),
                ms("sparse", SMALL_PERTURBATION),
                ms_step,
                max_em,
                bad
            ));
        }
    }
    out
}

/// The per-iteration history of warm-started solves of `bodies`-body problems (the
/// first `problems` random problems of every regime and pattern, drawn by the generator
/// of [`run`] from `seed`), as a text table: for the warm start from the solution perturbed by
/// [`SMALL_PERTURBATION`] and from the solution of the neighbouring problem, per Newton
/// iteration m: e_m (Eq. 32), the distance to the solution ||v_m - v||_D (D = diag(A))
/// and its ratio to the previous one (a constant ratio is the linear phase of
/// Appendix E, a squared one the quadratic phase), the Newton decrement, the step
/// alpha_m (and whether the line search stopped at alpha_max), the contacts in each
/// region (stiction / sliding / no contact, Appendix C), the contacts whose region
/// changed since the previous iterate and those whose region differs from the
/// solution's.
///
/// # Errors
/// [`BenchSapError::Sap`] if a solve fails.
pub fn iteration_histories(
    seed: u64,
    bodies: usize,
    problems: usize,
    settings: &SapSettings,
) -> Result<String, BenchSapError> {
    use std::fmt::Write as _;
    use wolfe_sap::{contact_models, evaluate, ConeRegion};
    let mut gen = Generator::new(seed);
    let mut out = String::new();
    let settings = SapSettings {
        record_history: true,
        ..*settings
    };
    let tight = SapSettings {
        relative_tolerance: 1e-12,
        ..settings
    };
    let count = |regions: &[ConeRegion], which: ConeRegion| regions.iter().filter(|r| **r == which).count();
    let differ = |a: &[ConeRegion], b: &[ConeRegion]| a.iter().zip(b).filter(|(x, y)| x != y).count();
    for (regime, pattern) in CASES {
        gen.regime = regime;
        for p in 0..problems {
            let problem = gen.problem(pattern, bodies)?;
            let n = problem.num_velocities();
            let noise: Vec<f64> = (0..n).map(|_| gen.normal()).collect();
            let mut solver = SapSolver::new(settings)?;
            let exact = SapSolver::new(tight)?.solve_cold(&problem)?;
            let models = contact_models(&problem, &settings.regularization)?;
            let at_solution = evaluate(&problem, &models, &exact.v).regions;
            let near = neighbour(&problem, &noise, SMALL_PERTURBATION)?;
            let v_near = SapSolver::new(tight)?.solve_cold(&near)?.v;
            let mut v_perturbed = exact.v.clone();
            for (v, e) in v_perturbed.iter_mut().zip(&noise) {
                *v += SMALL_PERTURBATION * e;
            }
            let diag: Vec<f64> = problem
                .trees()
                .iter()
                .flat_map(|t| (0..t.dofs()).map(move |i| t.a[(i, i)]))
                .collect();
            let distance = |v: &[f64]| {
                v.iter()
                    .zip(exact.v.iter())
                    .zip(&diag)
                    .map(|((a, b), d)| d * (a - b) * (a - b))
                    .sum::<f64>()
                    .sqrt()
            };
            let _ = writeln!(
                out,
                "\n{} {} problem {p}: {} contacts, at the solution {} stiction / {} sliding / {} no contact",
                regime.name(),
                pattern.name(),
                problem.contacts().len(),
                count(&at_solution, ConeRegion::Stiction),
                count(&at_solution, ConeRegion::Sliding),
                count(&at_solution, ConeRegion::NoContact),
            );
            for (start, v0) in [("perturbed", &v_perturbed), ("neighbour", &v_near)] {
                let sol = solver.solve(&problem, v0)?;
                let _ = writeln!(
                    out,
                    "  from {start}: {} iterations, {:?}, e_m {:.1e}",
                    sol.stats.iterations, sol.stats.status, sol.stats.momentum_error
                );
                let _ = writeln!(
                    out,
                    "     m      e_m   |v-v*|_D   ratio  decrement    alpha ls  stick slide   none changed wrong"
                );
                let mut previous: Option<(&[ConeRegion], f64)> = None;
                for (m, rec) in sol.stats.history.iter().enumerate() {
                    let d = distance(&rec.v);
                    let (changed, ratio) =
                        previous.map_or((0, f64::NAN), |(r, d0)| (differ(r, &rec.regions), d / d0));
                    let capped = if rec.alpha == settings.alpha_max { "*" } else { " " };
                    let _ = writeln!(
                        out,
                        "  {m:>4} {:>8.1e} {d:>10.2e} {ratio:>7.3} {:>10.2e} {:>8.4}{capped}{:>2} {:>6} {:>5} {:>6} {changed:>7} {:>5}",
                        rec.momentum_error,
                        rec.newton_decrement,
                        rec.alpha,
                        rec.line_search_iterations,
                        count(&rec.regions, ConeRegion::Stiction),
                        count(&rec.regions, ConeRegion::Sliding),
                        count(&rec.regions, ConeRegion::NoContact),
                        differ(&rec.regions, &at_solution),
                    );
                    previous = Some((&rec.regions, d));
                }
                let last = evaluate(&problem, &models, &sol.v).regions;
                let _ = writeln!(
                    out,
                    "  last     {:>8.1e} {:>10.2e}  (regions differing from the solution: {})",
                    sol.stats.momentum_error,
                    distance(sol.v.as_slice()),
                    differ(&last, &at_solution)
                );
            }
        }
    }
    Ok(out)
}

/// Perturbation sizes of [`warm_start_study`], in units of g dt.
pub const STUDY_PERTURBATIONS: [f64; 5] = [1e-6, 1e-5, 1e-4, 1e-3, 1e-2];

/// Mean Newton iterations of warm-started solves of `bodies`-body problems (`problems`
/// random problems per regime and pattern, drawn by the generator of [`run`] from
/// `seed`) with the given settings, as a text table, one row per regime and pattern:
/// cold (from v*); from the solution perturbed by each of [`STUDY_PERTURBATIONS`] (times g dt) per
/// component, with the mean number of contacts whose region (Appendix C) at the start
/// differs from the solution's; from the solution of the neighbouring problem (v*
/// perturbed by 1e-3 g dt); and over `steps` linearized time steps warm-started from
/// the previous step (all, last 5). The last columns count the solves that did not
/// converge, the largest e_m among those that did, and the mean line-search
/// iterations per Newton iteration over all the row's solves.
///
/// # Errors
/// [`BenchSapError::Sap`] if a solve fails.
pub fn warm_start_study(
    seed: u64,
    bodies: usize,
    problems: usize,
    steps: usize,
    settings: &SapSettings,
) -> Result<String, BenchSapError> {
    use std::fmt::Write as _;
    use wolfe_sap::{contact_models, evaluate};
    let mut gen = Generator::new(seed);
    let mut out = String::from("regime    pattern  contacts  it_cold");
    for q in STUDY_PERTURBATIONS {
        let _ = write!(out, " it({q:.0e}) wrong");
    }
    out.push_str("  it_near  it_step it_last5 not_conv   max_e_m  ls/newton\n");
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    for (regime, pattern) in CASES {
        gen.regime = regime;
        let (mut contacts, mut cold_iterations) = (Vec::new(), Vec::new());
        let mut perturbed = vec![(Vec::new(), Vec::new()); STUDY_PERTURBATIONS.len()];
        let (mut near, mut step_all, mut step_last) = (Vec::new(), Vec::new(), Vec::new());
        let (mut not_converged, mut max_em) = (0, 0.0_f64);
        let (mut newton, mut line_search) = (0_u64, 0_u64);
        for _ in 0..problems {
            let problem = gen.problem(pattern, bodies)?;
            contacts.push(problem.contacts().len() as f64);
            let n = problem.num_velocities();
            let noise: Vec<f64> = (0..n).map(|_| gen.normal()).collect();
            let mut solver = SapSolver::new(*settings)?;
            let mut note = |sol: &wolfe_sap::SapSolution| {
                if sol.stats.status == SapStatus::Converged {
                    max_em = max_em.max(sol.stats.momentum_error);
                } else {
                    not_converged += 1;
                }
                newton += u64::from(sol.stats.iterations);
                line_search += u64::from(sol.stats.line_search_iterations);
                f64::from(sol.stats.iterations)
            };
            let cold = solver.solve_cold(&problem)?;
            cold_iterations.push(note(&cold));
            let models = contact_models(&problem, &settings.regularization)?;
            let at_solution = evaluate(&problem, &models, &cold.v).regions;
            for (k, q) in STUDY_PERTURBATIONS.iter().enumerate() {
                let mut v0 = cold.v.clone();
                for (v, e) in v0.iter_mut().zip(&noise) {
                    *v += q * GRAVITY * DT * e;
                }
                let start = evaluate(&problem, &models, &v0).regions;
                let wrong = start.iter().zip(&at_solution).filter(|(a, b)| a != b).count();
                let sol = solver.solve(&problem, &v0)?;
                perturbed[k].0.push(note(&sol));
                perturbed[k].1.push(wrong as f64);
            }
            let v_near = solver
                .solve_cold(&neighbour(&problem, &noise, SMALL_PERTURBATION)?)?
                .v;
            let sol = solver.solve(&problem, &v_near)?;
            near.push(note(&sol));
            let mut current = problem.clone();
            let mut v = cold.v.clone();
            for step in 1..=steps {
                current = next_step(&current, &v)?;
                let sol = solver.solve(&current, &v)?;
                let it = note(&sol);
                step_all.push(it);
                if step + 5 > steps {
                    step_last.push(it);
                }
                v = sol.v;
            }
        }
        let _ = write!(
            out,
            "{:<9} {:<8} {:>8.0} {:>8.2}",
            regime.name(),
            pattern.name(),
            mean(&contacts),
            mean(&cold_iterations)
        );
        for (it, wrong) in &perturbed {
            let _ = write!(out, " {:>9.2} {:>5.1}", mean(it), mean(wrong));
        }
        let _ = writeln!(
            out,
            " {:>8.2} {:>8.2} {:>8.2} {:>8} {:>9.1e} {:>10.2}",
            mean(&near),
            mean(&step_all),
            mean(&step_last),
            not_converged,
            max_em,
            line_search as f64 / newton.max(1) as f64
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prints the per-iteration history of warm-started 40-body solves:
    /// `cargo test --release -p wolfe-cli --lib bench_sap -- --ignored --nocapture`.
    #[test]
    #[ignore = "diagnostic output, run by hand"]
    fn print_iteration_histories() {
        let report = iteration_histories(0, 40, 2, &SapSettings::default()).expect("solves");
        println!("{report}");
    }

    /// Prints the mean warm-start iterations at 40 bodies for several line-search and
    /// regularization settings:
    /// `cargo test --release -p wolfe-cli --lib bench_sap -- --ignored --nocapture`.
    #[test]
    #[ignore = "diagnostic output, run by hand"]
    fn print_warm_start_study() {
        let base = SapSettings::default();
        let variants = [
            ("default", base),
            (
                "alpha_max 1",
                SapSettings {
                    alpha_max: 1.0,
                    ..base
                },
            ),
            (
                "alpha_max 4",
                SapSettings {
                    alpha_max: 4.0,
                    ..base
                },
            ),
            (
                "line search tolerance 1e-8",
                SapSettings {
                    line_search_tolerance: 1e-8,
                    ..base
                },
            ),
            (
                "backtracking",
                SapSettings {
                    line_search: wolfe_sap::LineSearch::Backtracking,
                    ..base
                },
            ),
            (
                "eps_r 1e-5",
                SapSettings {
                    relative_tolerance: 1e-5,
                    ..base
                },
            ),
            (
                "sigma 1e-2 (changes the model)",
                SapSettings {
                    regularization: wolfe_sap::RegularizationSettings {
                        sigma: 1e-2,
                        ..base.regularization
                    },
                    ..base
                },
            ),
            (
                "sigma 1e-4 (changes the model)",
                SapSettings {
                    regularization: wolfe_sap::RegularizationSettings {
                        sigma: 1e-4,
                        ..base.regularization
                    },
                    ..base
                },
            ),
        ];
        for (name, settings) in variants {
            let report = warm_start_study(0, 40, 5, 30, &settings).expect("solves");
            println!("{name}\n{report}");
        }
    }
}
