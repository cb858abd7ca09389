//! The bench's design: its seed, cases and sizes, and the row of one timed solve.

use wolfe::GrowthStatus;

/// Seed of the generated shapes and poses.
pub const SEED: u64 = 2024;

/// Sizes of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Table III: problems per case.
    pub problems: usize,
    /// Table III: shapes in each curved case's pool.
    pub pool: usize,
    /// Table III: random hulls in the `hulls` pool.
    pub hulls: usize,
    /// Table III: problems per case checked against the bisection reference.
    pub checks: usize,
    /// Fig. 4: pairs per vertex count.
    pub pairs: usize,
    /// Timed repeats per solve (the median is the problem's time).
    pub repeats: usize,
}

/// `--quick` and full sizes.
pub const SIZES: [Sizes; 2] = [
    Sizes {
        problems: 200,
        pool: 100,
        hulls: 14,
        checks: 30,
        pairs: 6,
        repeats: 20,
    },
    Sizes {
        problems: 10_000,
        pool: 1000,
        hulls: 70,
        checks: 500,
        pairs: 100,
        repeats: 100,
    },
];

/// Table III's cases, in order.
pub const CASES: [&str; 4] = ["ellipsoids", "primitives", "ycb", "hulls"];

/// The case name of Fig. 4's rows in `growth.csv`.
pub const VERTICES_CASE: &str = "vertices";

/// Fig. 4's vertex counts (log-spaced: doubling from 8 to 4096).
pub const VERTEX_COUNTS: [usize; 10] = [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/// Largest relative disagreement of two `alpha`s (warm and cold, hill-climbing and brute
/// force, solver and reference) that passes: the solver's tolerance is a relative gap of
/// `sqrt(f64::EPSILON)`, 1.5e-8.
pub const AGREEMENT: f64 = 1e-6;

/// How a solve was started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// No memory.
    Cold,
    /// From the inner approximation of a solve at poses moved by 1%.
    Warm,
}

impl Start {
    /// The name in `growth.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Start::Cold => "cold",
            Start::Warm => "warm",
        }
    }
}

/// The support function of the meshes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    /// The library's: hill-climbing over the vertex adjacency (brute force up to
    /// [`wolfe::mesh::SUPPORT_BRUTE_FORCE_MAX_VERTICES`]).
    HillClimbing,
    /// Every vertex checked ([`super::BruteForce`]).
    BruteForce,
}

impl Support {
    /// The name in `growth.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Support::HillClimbing => "hill",
            Support::BruteForce => "brute",
        }
    }
}

/// One timed solve.
#[derive(Clone, Debug)]
pub struct Row {
    /// One of [`CASES`] or [`VERTICES_CASE`].
    pub case: &'static str,
    /// Problem index in its case (per vertex count for Fig. 4).
    pub id: usize,
    /// Cold or warm.
    pub start: Start,
    /// The meshes' support function.
    pub support: Support,
    /// The larger hull vertex count of the pair (0 for curved shapes).
    pub vertices: usize,
    /// The growth distance found.
    pub alpha: f64,
    /// The bisection reference's growth distance, on the checked problems.
    pub reference: Option<f64>,
    /// Iterations of the solve.
    pub iterations: u32,
    /// How it ended.
    pub status: GrowthStatus,
    /// Median ns of the timed repeats.
    pub ns: u64,
}
