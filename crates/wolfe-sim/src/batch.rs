//! Many independent worlds stepped in parallel: [`Batch`].
//!
//! Each world is its own [`Simulation`] (Algorithm 1 of the SAP paper, unchanged), and a
//! world is stepped by one thread from its first step to its last: worlds are the unit
//! of parallel work (rayon), never a step's parts. A world's trajectory is therefore
//! bit-identical to stepping it alone with [`Simulation::step`], whatever the thread
//! count and whatever the other worlds do (the tests compare them bit for bit). A world
//! that fails (a diverged state, a failed solve) stops where it failed and is reported
//! with its step and typed error; the others run on.
//!
//! The worlds of one batch share a layout (the same numbers of bodies, generalized
//! velocities, tree configurations and PD controllers), so that states come out as
//! contiguous world-major arrays ([`Rollout`]): copies of one world with per-world
//! parameters (masses, friction, time step, initial state) or different worlds of one
//! shape.

use rayon::prelude::*;

use crate::error::SimError;
use crate::step::{SimSettings, Simulation, StepStats};
use crate::world::World;

/// Columns of [`Rollout::stats`], one row per world and step.
pub const STAT_COLUMNS: [&str; 12] = [
    "time",
    "contacts",
    "touching_pairs",
    "newton_iterations",
    "line_search_iterations",
    "free_motion_iterations",
    "momentum_error",
    "kinetic_energy",
    "potential_energy",
    "max_penetration",
    "step_seconds",
    "sap_converged",
];

/// A world that stopped: the step that failed (1 for the first step of the batch's
/// life) and why.
#[derive(Debug)]
pub struct WorldFailure {
    /// The world's index in the batch.
    pub world: usize,
    /// The failed step's index in its rollout (1 for the rollout's first step).
    pub step: usize,
    /// The simulator's error.
    pub error: SimError,
}

/// The sizes shared by every world of a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchLayout {
    /// Rigid bodies per world.
    pub bodies: usize,
    /// Generalized velocities per world (rigid bodies' then trees').
    pub nv: usize,
    /// Tree configurations per world (all trees, concatenated in tree order).
    pub nq: usize,
    /// PD controllers per world (all trees, in tree then controller order): the
    /// columns of the controls.
    pub controls: usize,
}

impl BatchLayout {
    /// The layout of a simulation.
    fn of(sim: &Simulation) -> Self {
        let trees = sim.world().trees();
        Self {
            bodies: sim.poses().len(),
            nv: sim.velocities().len(),
            nq: (0..trees.len()).map(|t| sim.tree_configuration(t).len()).sum(),
            controls: trees.iter().map(|t| t.controllers.len()).sum(),
        }
    }
}

/// States and statistics of a rollout, world-major and contiguous (row-major arrays).
///
/// Frame `j` of `frames` holds the state after step `min(j * every, steps)` of the
/// rollout (frame 0: the state before its first step). A world that failed keeps its
/// last good state in its later frames and zeros in its later statistics rows;
/// `completed` and `failures` say where it stopped.
#[derive(Debug)]
pub struct Rollout {
    /// The shared layout.
    pub layout: BatchLayout,
    /// Worlds.
    pub worlds: usize,
    /// Steps asked for.
    pub steps: usize,
    /// Recorded frames per world.
    pub frames: usize,
    /// Body poses, shape (worlds, frames, bodies, 7): position then quaternion (w, x, y, z).
    pub poses: Vec<f64>,
    /// Generalized velocities, shape (worlds, frames, nv).
    pub velocities: Vec<f64>,
    /// Tree configurations, shape (worlds, frames, nq).
    pub joints: Vec<f64>,
    /// Step statistics, shape (worlds, steps, [`STAT_COLUMNS`].len()).
    pub stats: Vec<f64>,
    /// Steps each world completed in this rollout (`steps` unless it failed).
    pub completed: Vec<usize>,
    /// The worlds that failed in this rollout.
    pub failures: Vec<WorldFailure>,
}

/// One world's rows of a [`Rollout`].
struct WorldRows<'a> {
    poses: &'a mut [f64],
    velocities: &'a mut [f64],
    joints: &'a mut [f64],
    stats: &'a mut [f64],
}

/// N independent simulations stepped in parallel on a rayon pool.
pub struct Batch {
    sims: Vec<Simulation>,
    /// Whether world i failed in an earlier rollout (it is not stepped again).
    stopped: Vec<bool>,
    layout: BatchLayout,
    pool: rayon::ThreadPool,
}

impl Batch {
    /// A batch of the given worlds, each with its settings, on `threads` threads
    /// (`None`: one per core).
    ///
    /// # Errors
    /// The first world that [`Simulation::new`] rejects (named by index);
    /// [`SimError::Invalid`] for an empty batch, zero threads, or worlds whose layouts
    /// differ.
    pub fn new(worlds: Vec<(World, SimSettings)>, threads: Option<usize>) -> Result<Self, SimError> {
        if worlds.is_empty() {
            return Err(SimError::invalid("batch", "it has no worlds"));
        }
        let sims = worlds
            .into_iter()
            .enumerate()
            .map(|(i, (w, s))| {
                Simulation::new(w, s).map_err(|e| SimError::invalid("batch", format!("world {i}: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_simulations(sims, threads)
    }

    /// A batch of `n` copies of `world`, copy `i` changed by `vary(i, world, settings)`
    /// (per-world parameters: masses, friction, time step, initial states).
    ///
    /// # Errors
    /// As [`Batch::new`], and `vary`'s own errors.
    pub fn replicate(
        world: &World, settings: &SimSettings, n: usize, threads: Option<usize>,
        mut vary: impl FnMut(usize, &mut World, &mut SimSettings) -> Result<(), SimError>,
    ) -> Result<Self, SimError> {
        let mut worlds = Vec::with_capacity(n);
        for i in 0..n {
            let (mut w, mut s) = (world.clone(), settings.clone());
            vary(i, &mut w, &mut s)?;
            worlds.push((w, s));
        }
        Self::new(worlds, threads)
    }

    /// A batch of simulations already built (their states as they are).
    ///
    /// # Errors
    /// As [`Batch::new`].
    pub fn from_simulations(sims: Vec<Simulation>, threads: Option<usize>) -> Result<Self, SimError> {
        let Some(first) = sims.first() else {
            return Err(SimError::invalid("batch", "it has no worlds"));
        };
        let layout = BatchLayout::of(first);
        if let Some((i, other)) = sims
            .iter()
            .map(BatchLayout::of)
            .enumerate()
            .find(|(_, l)| *l != layout)
        {
            return Err(SimError::invalid(
                "batch",
                format!(
                    "world {i} has layout {other:?}, world 0 has {layout:?}: the worlds of a batch share one"
                ),
            ));
        }
        if threads == Some(0) {
            return Err(SimError::invalid(
                "threads",
                "0: a batch needs one thread at least",
            ));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .build()
            .map_err(|e| SimError::invalid("threads", format!("the thread pool failed to start: {e}")))?;
        let stopped = vec![false; sims.len()];
        Ok(Self {
            sims,
            stopped,
            layout,
            pool,
        })
    }

    /// The number of worlds.
    pub fn len(&self) -> usize {
        self.sims.len()
    }

    /// Whether the batch has no worlds (never: [`Batch::new`] refuses that).
    pub fn is_empty(&self) -> bool {
        self.sims.is_empty()
    }

    /// The shared layout.
    pub fn layout(&self) -> BatchLayout {
        self.layout
    }

    /// Threads of the pool.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// The simulations, to read their states.
    pub fn simulations(&self) -> &[Simulation] {
        &self.sims
    }

    /// Simulation `i`, to change its controllers or tree states between rollouts.
    ///
    /// # Errors
    /// [`SimError::Invalid`] for an index out of range.
    pub fn simulation_mut(&mut self, i: usize) -> Result<&mut Simulation, SimError> {
        let n = self.sims.len();
        self.sims
            .get_mut(i)
            .ok_or_else(|| SimError::invalid("world", format!("index {i} out of range (batch of {n})")))
    }

    /// Whether world `i` failed in an earlier rollout (it is no longer stepped).
    pub fn stopped(&self, i: usize) -> bool {
        self.stopped.get(i).copied().unwrap_or(false)
    }

    /// Steps every world `steps` times in parallel, recording a frame every `every`
    /// steps (and after the last). `controls`, when given, holds the PD targets
    /// `q_target` of shape (worlds, steps, layout.controls), set before each step.
    ///
    /// # Errors
    /// [`SimError::Invalid`] for `every == 0`, controls of the wrong length or with a
    /// value that is not finite. A world's own failure is not an error of the rollout:
    /// it is in [`Rollout::failures`].
    pub fn rollout(
        &mut self, steps: usize, every: usize, controls: Option<&[f64]>,
    ) -> Result<Rollout, SimError> {
        if every == 0 {
            return Err(SimError::invalid(
                "every",
                "0: record a frame every 1 step or more",
            ));
        }
        let (n, l) = (self.sims.len(), self.layout);
        if let Some(c) = controls {
            let want = n * steps * l.controls;
            if c.len() != want {
                return Err(SimError::invalid(
                    "controls",
                    format!(
                        "{} values for shape ({n}, {steps}, {}) = {want}",
                        c.len(),
                        l.controls
                    ),
                ));
            }
            if let Some(k) = c.iter().position(|x| !x.is_finite()) {
                return Err(SimError::invalid("controls", format!("value {k} is {}", c[k])));
            }
        }
        let frames = steps.div_ceil(every) + 1;
        let mut out = Rollout {
            layout: l,
            worlds: n,
            steps,
            frames,
            poses: vec![0.0; n * frames * l.bodies * 7],
            velocities: vec![0.0; n * frames * l.nv],
            joints: vec![0.0; n * frames * l.nq],
            stats: vec![0.0; n * steps * STAT_COLUMNS.len()],
            completed: vec![0; n],
            failures: Vec::new(),
        };
        let rows = split_rows(&mut out, n);
        let per_world = steps * l.controls;
        let results: Vec<(usize, Option<WorldFailure>)> = self.pool.install(|| {
            self.sims
                .par_iter_mut()
                .zip(self.stopped.par_iter())
                .zip(rows)
                .enumerate()
                .map(|(i, ((sim, &stopped), mut rows))| {
                    let c = controls.map(|c| &c[i * per_world..(i + 1) * per_world]);
                    run_world(sim, stopped, (steps, every, frames), c, &mut rows, i)
                })
                .collect()
        });
        for (i, (done, failure)) in results.into_iter().enumerate() {
            out.completed[i] = done;
            if let Some(f) = failure {
                self.stopped[i] = true;
                out.failures.push(f);
            }
        }
        Ok(out)
    }
}

/// Splits the rollout's buffers into each world's rows.
fn split_rows(out: &mut Rollout, n: usize) -> Vec<WorldRows<'_>> {
    let (f, l) = (out.frames, out.layout);
    let sizes = [
        f * l.bodies * 7,
        f * l.nv,
        f * l.nq,
        out.steps * STAT_COLUMNS.len(),
    ];
    let (mut p, mut v, mut q, mut s) = (
        out.poses.as_mut_slice(),
        out.velocities.as_mut_slice(),
        out.joints.as_mut_slice(),
        out.stats.as_mut_slice(),
    );
    let mut rows = Vec::with_capacity(n);
    for _ in 0..n {
        let (a, rest_p) = std::mem::take(&mut p).split_at_mut(sizes[0]);
        let (b, rest_v) = std::mem::take(&mut v).split_at_mut(sizes[1]);
        let (c, rest_q) = std::mem::take(&mut q).split_at_mut(sizes[2]);
        let (d, rest_s) = std::mem::take(&mut s).split_at_mut(sizes[3]);
        (p, v, q, s) = (rest_p, rest_v, rest_q, rest_s);
        rows.push(WorldRows {
            poses: a,
            velocities: b,
            joints: c,
            stats: d,
        });
    }
    rows
}

/// Steps one world (on one thread): its frames and statistics rows, the steps
/// completed and its failure.
fn run_world(
    sim: &mut Simulation, stopped: bool, (steps, every, frames): (usize, usize, usize),
    controls: Option<&[f64]>, rows: &mut WorldRows<'_>, world: usize,
) -> (usize, Option<WorldFailure>) {
    let width = STAT_COLUMNS.len();
    write_frame(sim, rows, 0);
    let mut frame = 1;
    let mut failure = None;
    let mut done = 0;
    if !stopped {
        for k in 0..steps {
            if let Some(c) = controls {
                let per_step = c.len() / steps;
                set_targets(sim, &c[k * per_step..(k + 1) * per_step]);
            }
            match sim.step() {
                Ok(s) => write_stats(&s, &mut rows.stats[k * width..(k + 1) * width]),
                Err(error) => {
                    failure = Some(WorldFailure {
                        world,
                        step: k + 1,
                        error,
                    });
                    break;
                }
            }
            done = k + 1;
            if done % every == 0 || done == steps {
                write_frame(sim, rows, frame);
                frame += 1;
            }
        }
    }
    // A stopped world keeps its last state in its remaining frames.
    for j in frame..frames {
        write_frame(sim, rows, j);
    }
    (done, failure)
}

/// Total tree configurations of a simulation.
fn joint_count(sim: &Simulation) -> usize {
    (0..sim.world().trees().len())
        .map(|t| sim.tree_configuration(t).len())
        .sum()
}

/// Sets the PD targets of every controller (tree then controller order).
fn set_targets(sim: &mut Simulation, targets: &[f64]) {
    let mut k = 0;
    for t in 0..sim.world().trees().len() {
        if let Ok(controllers) = sim.controllers_mut(t) {
            for c in controllers.iter_mut() {
                c.q_target = targets[k];
                k += 1;
            }
        }
    }
}

/// Writes the current state into frame `j` of a world's rows.
fn write_frame(sim: &Simulation, rows: &mut WorldRows<'_>, j: usize) {
    let nb = sim.poses().len();
    for (b, pose) in sim.poses().iter().enumerate() {
        let t = pose.translation;
        let q = pose.rotation.quaternion();
        let at = (j * nb + b) * 7;
        rows.poses[at..at + 7].copy_from_slice(&[t.x, t.y, t.z, q.w, q.i, q.j, q.k]);
    }
    let nv = sim.velocities().len();
    rows.velocities[j * nv..(j + 1) * nv].copy_from_slice(sim.velocities().as_slice());
    let nq = joint_count(sim);
    let mut at = j * nq;
    for t in 0..sim.world().trees().len() {
        let q = sim.tree_configuration(t);
        rows.joints[at..at + q.len()].copy_from_slice(q);
        at += q.len();
    }
}

/// One step's statistics as the [`STAT_COLUMNS`] row.
fn write_stats(s: &StepStats, row: &mut [f64]) {
    let converged = match s.sap_status {
        None => 1.0,
        Some(status) => f64::from(u8::from(status == wolfe_sap::SapStatus::Converged)),
    };
    row.copy_from_slice(&[
        s.time,
        s.contacts as f64,
        s.touching_pairs as f64,
        f64::from(s.newton_iterations),
        f64::from(s.line_search_iterations),
        f64::from(s.free_motion_iterations),
        s.momentum_error,
        s.kinetic_energy,
        s.potential_energy,
        s.max_penetration,
        s.step_seconds,
        converged,
    ]);
}
