//! SAP solved island by island ([`SapSettings::islands`](super::SapSettings::islands)).
//!
//! The cost (24) of a problem whose tree graph has islands (connected components, see
//! [`crate::island`]) is the sum of the islands' costs, each over its own velocities,
//! so the minimizer is the union of the islands' minimizers. Each island is copied
//! into a problem of its own (from a pool kept between solves, so that a warm time step
//! does not allocate) and solved by Algorithm 2 with its own Newton iterations, exact
//! line search and factorization; an island with no constraint needs no iteration: its
//! minimizer is v = v* exactly. The velocities and impulses are gathered, and the cost
//! and the stopping criterion are then those of the whole problem (see below).
//!
//! The graph's edges are the two-tree contacts with a nonzero impulse at the initial
//! guess, not every contact: in a falling pile the speculative (margin) contacts would
//! join every tree into one island. A contact left out whose trees end in different
//! islands (a cut contact) is in no island's problem; the islands' minimizers are the
//! whole problem's exactly when every cut contact's impulse is zero there (its term of
//! the gradient, `J^T gamma`, vanishes). After each round the cut contacts are
//! evaluated at the gathered velocities; those with a nonzero impulse join the graph and the islands are
//! solved again from the gathered velocities (islands already at their minimizer stop
//! at once). This ends when Eq. 26 holds on the whole problem, or when no cut contact is
//! active (then some island did not converge, which the status reports).
//!
//! # Why the whole problem's stopping criterion (Eq. 26) still holds
//!
//! Write `g`, `p~ = D A v`, `j~ = D J^T gamma` for the scaled gradient, momentum and
//! constraint impulse of the whole problem (Eq. 25), and `g_i`, `p_i`, `j_i` for
//! their restrictions to the dofs of island i. Because A is block diagonal by tree
//! and each constraint acts on the trees of one island only, `g_i`, `p_i`, `j_i` are
//! exactly the quantities of island i's own problem, and
//! `|g|^2 = sum_i |g_i|^2`, `|p~|^2 = sum_i |p_i|^2`, `|j~|^2 = sum_i |j_i|^2`.
//! (In a round with cut contacts this holds once their impulses are zero, which is
//! when the rounds stop with the whole problem converged.)
//! Islands without constraint have `g_i = 0` exactly (v = v*, gamma = 0). Each of the
//! k constrained islands stops when
//!
//! `|g_i| < eps_a / sqrt(k) + eps_r s_i`, with `s_i = sqrt((|p_i|^2 + |j_i|^2) / 2)`.
//!
//! Then, by the triangle inequality in R^k (Minkowski),
//!
//! `|g| = |(|g_i|)_i| < |(eps_a / sqrt(k))_i| + eps_r |(s_i)_i|
//!      = eps_a + eps_r sqrt((|p~|^2 + |j~|^2) / 2) <= eps_a + eps_r max(|p~|, |j~|)`,
//!
//! which is Eq. 26 for the whole problem with the caller's tolerances. (The same eps_r
//! with each island's own `max(|p_i|, |j_i|)` would not imply it: the global bound
//! could be missed by up to a factor sqrt(2).) The reported momentum error and status
//! come from Eq. 26 of the whole problem at the gathered velocities, not from this
//! argument: when no cut contact has an impulse there, `|g|^2`, `|p~|^2` and `|j~|^2`
//! are exactly the sums of the islands' own (the identities above), which each
//! island's solver computed at its returned velocities, so they are summed instead of
//! evaluated again; otherwise the whole problem is evaluated.

use nalgebra::Vector3;

use super::{SapSettings, SapSolver, SapStats, SapStatus, StallReason};
use crate::cone::ConeRegion;
use crate::error::SapError;
use crate::island::Islands;
use crate::kinds::{for_each_kind, for_each_row_kind, Kind, KindVisitor, RowVisitor};
use crate::model::{JointModel, SapModel};
use crate::problem::SapProblem;

/// The islands of the last problem and a pool of problems and solvers for them, reused
/// across solves.
#[derive(Default)]
pub(crate) struct IslandPool {
    islands: Islands,
    slots: Vec<Slot>,
    /// The slot of each island in this solve (`usize::MAX` for islands without
    /// constraint).
    slot_of: Vec<usize>,
    used: Vec<bool>,
    /// The slots ordered by (size, index), and per group of equal size (at the
    /// group's first position) the next position to hand out: `assign` in
    /// O(n log n) instead of a scan of the slots per island.
    by_size: Vec<usize>,
    next_of_size: Vec<usize>,
    /// Per contact, whether it is an edge of the graph this round.
    couples: Vec<bool>,
    /// The velocities the round starts from.
    v: Vec<f64>,
    /// Per tree, whether its island changed since the last round (and must be solved
    /// again: an unchanged island is still at its minimizer).
    dirty: Vec<bool>,
    /// Per island, at its first (smallest) tree: `[|D grad_i|^2, |D A v_i|^2,
    /// |D J^T gamma_i|^2, cost_i]` at its last solve (kept for islands not solved
    /// again in a later round).
    sums: Vec<[f64; 4]>,
}

/// One island's problem and solver; `dofs` is the size of the island it last held, so
/// that an island of the same size (the same island, most often, from one time step to
/// the next) takes the same slot and reuses its storage and factorization.
struct Slot {
    problem: SapProblem,
    solver: SapSolver,
    v0: Vec<f64>,
    dofs: usize,
}

impl IslandPool {
    /// Symbolic sparse factorizations computed by the islands' solvers.
    pub(crate) fn symbolic_factorizations(&self) -> usize {
        self.slots
            .iter()
            .map(|s| s.solver.symbolic_factorizations())
            .sum()
    }

    /// Assigns a slot to every constrained island: first the free slots that last
    /// held an island of the same size, then any free slot, then new ones.
    fn assign(&mut self, settings: &SapSettings, time_step: f64) -> Result<(), SapError> {
        let count = self.islands.len();
        self.slot_of.clear();
        self.slot_of.resize(count, usize::MAX);
        self.used.clear();
        self.used.resize(self.slots.len(), false);
        // First pass: a free slot that last held an island of the same size, the one
        // of lowest index (islands in order), found by binary search in `by_size`.
        let slots = &self.slots;
        self.by_size.clear();
        self.by_size.extend(0..slots.len());
        self.by_size.sort_unstable_by_key(|&j| (slots[j].dofs, j));
        self.next_of_size.clear();
        self.next_of_size.extend(0..slots.len());
        for i in 0..count {
            if !self.islands.is_constrained(i) {
                continue;
            }
            let dofs = self.islands.dofs(i);
            let group = self.by_size.partition_point(|&j| slots[j].dofs < dofs);
            if group == self.by_size.len() {
                continue;
            }
            let next = self.next_of_size[group];
            if let Some(&j) = self.by_size.get(next).filter(|&&j| slots[j].dofs == dofs) {
                self.next_of_size[group] = next + 1;
                self.used[j] = true;
                self.slot_of[i] = j;
            }
        }
        // Second pass: the free slot of lowest index, then new ones. Slots below
        // `free` are all in use, so one forward scan serves every island.
        let mut free = 0;
        for i in 0..count {
            if !self.islands.is_constrained(i) || self.slot_of[i] != usize::MAX {
                continue;
            }
            while free < self.slots.len() && self.used[free] {
                free += 1;
            }
            let j = if free < self.slots.len() {
                free
            } else {
                let mut solver = SapSolver::new(SapSettings {
                    islands: false,
                    ..*settings
                })?;
                solver.rms_scale = true;
                // The cost history of any solve (at most max_iterations + 2
                // entries), so that a slot that takes more iterations than it ever
                // did does not allocate in a time step.
                solver.stats.cost.reserve(settings.max_iterations as usize + 2);
                self.slots.push(Slot {
                    problem: SapProblem::empty(time_step)?,
                    solver,
                    v0: Vec::new(),
                    dofs: 0,
                });
                self.used.push(false);
                self.slots.len() - 1
            };
            self.used[j] = true;
            self.slot_of[i] = j;
        }
        Ok(())
    }
}

impl SapSolver {
    /// The rounds of the island solve: the graph's edges are the two-tree contacts
    /// predicted active (a nonzero impulse at the initial guess; the 2 cm speculative
    /// contacts of a falling pile would otherwise join every tree into one island);
    /// after each round, cut contacts whose impulse is nonzero at the gathered
    /// velocities join the graph and the islands are solved again from there. The
    /// rounds end when Eq. 26 holds on the whole problem (all cut contacts then have a
    /// zero impulse: the islands' minimizers are the whole problem's) or nothing more
    /// can join; at most one round per contact, and a single island is solved whole.
    pub(super) fn island_rounds(
        &mut self, pool: &mut IslandPool, problem: &SapProblem, v0: &[f64], model: &SapModel,
        stats: &mut SapStats,
    ) -> Result<(), SapError> {
        pool.couples.clear();
        // Predicted active: overlapping at the start of the step (phi0 <= 0), or a
        // nonzero impulse at the initial guess (the last step's velocities). Measured on
        // the 40-body drop (first 2 s): 200 first rounds, 148 second and 15 third ones
        // (154 and 21 without the phi0 test; adding "active at the free motion v*"
        // changed nothing). A miss costs a round, not accuracy.
        let active = |c: usize| {
            let m = &model.contacts[c];
            let y = m.y(&problem.contact_velocity(c, v0));
            m.cone.project(&y).1 != ConeRegion::NoContact
        };
        pool.couples.extend(
            problem
                .contacts()
                .iter()
                .enumerate()
                .map(|(c, contact)| contact.tree_b.is_none() || contact.phi0 <= 0.0 || active(c)),
        );
        // Trees whose island must be solved this round: all in the first.
        pool.dirty.clear();
        pool.dirty.resize(problem.trees().len(), true);
        pool.sums.clear();
        pool.sums.resize(problem.trees().len(), [0.0; 4]);
        pool.v.clear();
        pool.v.extend_from_slice(v0);
        let symbolic_before = pool.symbolic_factorizations();
        stats.reset(None, false);
        for round in 0.. {
            let couples = &pool.couples;
            pool.islands.find_with(problem, |c| couples[c]);
            if pool.islands.len() <= 1 {
                if round == 0 {
                    return self.iterate(problem, v0, model, stats);
                }
                // Everything joined: finish on the whole problem from the last round.
                let (depth, total, searches, cost0) = (
                    stats.iterations,
                    stats.total_iterations,
                    stats.line_search_iterations,
                    stats.cost.first().copied().unwrap_or(f64::NAN),
                );
                let (sparse, block) = (stats.sparse, stats.block);
                self.iterate(problem, &pool.v, model, stats)?;
                stats.iterations += depth;
                stats.total_iterations += total;
                stats.line_search_iterations += searches;
                stats.sparse |= sparse;
                stats.block |= block;
                let last = stats.cost.last().copied().unwrap_or(f64::NAN);
                stats.cost.clear();
                stats.cost.push(cost0);
                stats.cost.push(last);
                return Ok(());
            }
            if round == 0 {
                // The whole problem's workspaces and A v* (for `evaluate_state`), once
                // for every round.
                self.resize_workspaces(problem);
            }
            if self.solve_islands(pool, problem, model, stats)? {
                break;
            }
            let mut grew = false;
            pool.dirty.fill(false);
            for &c in pool.islands.cut_contacts() {
                if self.gamma[c] != Vector3::zeros() {
                    pool.couples[c] = true;
                    grew = true;
                    let contact = &problem.contacts()[c];
                    pool.dirty[contact.tree_a] = true;
                    if let Some((b, _)) = &contact.tree_b {
                        pool.dirty[*b] = true;
                    }
                }
            }
            if !grew {
                break;
            }
            pool.v.copy_from_slice(&self.v);
        }
        stats.symbolic_reused = stats.sparse && pool.symbolic_factorizations() == symbolic_before;
        Ok(())
    }

    /// One round: solves every island of `pool.islands` (more than one) from
    /// `pool.v`, evaluates the whole problem at the gathered velocities and adds to
    /// `stats` (the round's deepest island to `iterations`). Returns whether Eq. 26
    /// holds on the whole problem.
    fn solve_islands(
        &mut self, pool: &mut IslandPool, problem: &SapProblem, model: &SapModel, stats: &mut SapStats,
    ) -> Result<bool, SapError> {
        pool.assign(&self.settings, problem.time_step())?;
        let v0 = pool.v.as_slice();
        // Islands not solved again this round keep the velocities of the last one.
        self.v.copy_from_slice(v0);
        let count = pool.islands.len();
        stats.islands = count as u32;
        let constrained = (0..count).filter(|&i| pool.islands.is_constrained(i)).count();
        // eps_a / sqrt(k): see the proof in the module documentation.
        let absolute_tolerance = self.settings.absolute_tolerance / (constrained.max(1) as f64).sqrt();
        let (mut cost0, mut depth, mut failed) = (0.0, 0, None);
        let v_star = problem.v_star();
        let d = problem.d_scale();
        for i in 0..count {
            if !pool.islands.trees(i).iter().any(|&t| pool.dirty[t]) {
                continue;
            }
            let first = pool.islands.trees(i)[0];
            let Some(slot) = pool.slots.get_mut(pool.slot_of[i]) else {
                // No constraint: the island's cost is (v - v*)^T A (v - v*) / 2, whose
                // minimizer is v*; its cost at the initial guess enters cost[0]. At v*
                // its gradient and impulses are zero and its momentum is A v*.
                let mut np = 0.0;
                for &t in pool.islands.trees(i) {
                    let (o, nt) = (problem.offset(t), problem.trees()[t].dofs());
                    let a = &problem.trees()[t].a;
                    for col in 0..nt {
                        let rc = v0[o + col] - v_star[o + col];
                        for row in 0..nt {
                            cost0 += 0.5 * (v0[o + row] - v_star[o + row]) * a[(row, col)] * rc;
                        }
                    }
                    self.v[o..o + nt].copy_from_slice(&v_star.as_slice()[o..o + nt]);
                    for k in o..o + nt {
                        np += (d[k] * self.av_star[k]).powi(2);
                    }
                }
                pool.sums[first] = [0.0, np, 0.0, 0.0];
                continue;
            };
            slot.dofs = pool.islands.dofs(i);
            pool.islands.fill_problem(problem, i, &mut slot.problem);
            island_model(
                problem,
                model,
                &pool.islands,
                i,
                &slot.problem,
                &mut slot.solver.model,
            );
            slot.v0.clear();
            for &t in pool.islands.trees(i) {
                let (o, nt) = (problem.offset(t), problem.trees()[t].dofs());
                slot.v0.extend_from_slice(&v0[o..o + nt]);
            }
            slot.solver.settings.absolute_tolerance = absolute_tolerance;
            let sub_model = std::mem::take(&mut slot.solver.model);
            let mut sub = std::mem::replace(&mut slot.solver.stats, SapStats::empty());
            let result = slot.solver.iterate(&slot.problem, &slot.v0, &sub_model, &mut sub);
            slot.solver.model = sub_model;
            result?;
            let mut local = 0;
            for &t in pool.islands.trees(i) {
                let (o, nt) = (problem.offset(t), problem.trees()[t].dofs());
                self.v[o..o + nt].copy_from_slice(&slot.solver.v[local..local + nt]);
                local += nt;
            }
            // The island's impulses and its terms of Eq. 26 at its returned velocities.
            for (k, &c) in pool.islands.contacts(i).iter().enumerate() {
                self.gamma[c] = slot.solver.gamma[k];
            }
            let _ = for_each_row_kind(&mut GatherRows {
                whole: &mut self.joint_gamma,
                part: &slot.solver.joint_gamma,
                problem,
                islands: &pool.islands,
                island: i,
                offsets: (0, 0),
            });
            let [ng, np, nj] = slot.solver.sums;
            pool.sums[first] = [ng, np, nj, sub.cost.last().copied().unwrap_or(0.0)];
            depth = depth.max(sub.iterations);
            stats.total_iterations += sub.iterations;
            stats.line_search_iterations += sub.line_search_iterations;
            cost0 += sub.cost.first().copied().unwrap_or(0.0);
            stats.sparse |= sub.sparse;
            stats.block |= sub.block;
            if sub.status != SapStatus::Converged && failed.is_none() {
                failed = Some((sub.status, sub.stall));
            }
            slot.solver.stats = sub;
        }
        stats.iterations += depth;
        // The cut contacts at the gathered velocities. When none has an impulse, the
        // whole problem's gradient, momentum and impulse are the islands' stacked
        // (A is block diagonal by tree, every other constraint lies in one island),
        // so Eq. 26 follows from the islands' sums of squares without evaluating the
        // whole problem again; otherwise it is evaluated whole.
        let mut cut_active = false;
        for &c in pool.islands.cut_contacts() {
            let m = &model.contacts[c];
            let (gc, region) = m.cone.project(&m.y(&problem.contact_velocity(c, &self.v)));
            self.gamma[c] = gc;
            cut_active |= region != ConeRegion::NoContact;
        }
        let (cost, converged, e_m) = if cut_active {
            self.evaluate_state(problem, model)
        } else {
            let mut total = [0.0; 4];
            for i in 0..count {
                let part = &pool.sums[pool.islands.trees(i)[0]];
                for (t, p) in total.iter_mut().zip(part) {
                    *t += p;
                }
            }
            let (converged, e_m) = self.stopping_criterion([total[0], total[1], total[2]]);
            (total[3], converged, e_m)
        };
        if stats.cost.is_empty() {
            stats.cost.push(cost0);
        }
        stats.cost.truncate(1);
        stats.cost.push(cost);
        stats.momentum_error = e_m;
        (stats.status, stats.stall) = if converged {
            (SapStatus::Converged, None)
        } else {
            // Every island converged but the whole criterion fails: only round-off
            // can do that (see the proof above); report it as no further progress.
            failed.unwrap_or((SapStatus::Stalled, Some(StallReason::IslandsRoundOff)))
        };
        Ok(converged)
    }
}

/// The models of island `i`'s constraints, copied from the whole problem's `model`
/// (the regularization of a constraint depends only on its own trees, Section V-B),
/// with the velocities they refer to renumbered to `sub`'s.
fn island_model(
    problem: &SapProblem, model: &SapModel, islands: &Islands, i: usize, sub: &SapProblem, out: &mut SapModel,
) {
    struct CopyModels<'a> {
        problem: &'a SapProblem,
        model: &'a SapModel,
        islands: &'a Islands,
        i: usize,
        sub: &'a SapProblem,
        out: &'a mut SapModel,
    }
    impl KindVisitor for CopyModels<'_> {
        fn visit<C: Kind>(&mut self) -> Result<(), SapError> {
            let (list, models) = (self.problem.list::<C>(), C::models(self.model));
            let out = C::models_mut(self.out);
            out.clear();
            let (problem, sub, islands) = (self.problem, self.sub, self.islands);
            for &k in islands.items(C::INDEX, self.i) {
                // A velocity of the constraint's first tree moves by that tree's shift of
                // offset (the velocities of a one-row constraint all lie in its one
                // tree; a contact's model names none, and this is never called).
                let shift = |v: usize| {
                    let t = list[k].cliques().0;
                    v - problem.offset(t) + sub.offset(islands.local_index(t))
                };
                let mut m = models[k];
                C::renumber_model(&mut m, shift);
                out.push(m);
            }
            Ok(())
        }
    }
    let _ = for_each_kind(&mut CopyModels {
        problem,
        model,
        islands,
        i,
        sub,
        out,
    });
}

/// Copies the impulses of island `island`'s one-row constraints (`part`, in the
/// island's order) into the whole problem's (`whole`): kind by kind, each kind's
/// impulses after those of the earlier kinds (`offsets`: where the current kind starts
/// in `whole` and in `part`).
struct GatherRows<'a> {
    whole: &'a mut [f64],
    part: &'a [f64],
    problem: &'a SapProblem,
    islands: &'a Islands,
    island: usize,
    offsets: (usize, usize),
}

impl RowVisitor for GatherRows<'_> {
    fn visit<C: Kind<Model = JointModel>>(&mut self) -> Result<(), SapError> {
        let (whole, part) = self.offsets;
        let items = self.islands.items(C::INDEX, self.island);
        for (k, &j) in items.iter().enumerate() {
            self.whole[whole + j] = self.part[part + k];
        }
        self.offsets = (whole + self.problem.list::<C>().len(), part + items.len());
        Ok(())
    }
}
