//! Problem data of SAP: trees (dense SPD blocks of A and free-motion velocities) and
//! the constraints acting on them (Sections II-D, IV-D, VII of the SAP paper): contacts
//! between one or two trees, PD controllers and joint limits on one dof of one tree.

use nalgebra::constraint::{SameNumberOfColumns, SameNumberOfRows, ShapeConstraint};
use nalgebra::{DMatrix, DVector, Dim, Dyn, Matrix, RawStorage};

use crate::contact::ContactConstraint;
use crate::copy::copy_small;
use crate::error::{JointConstraintKind, SapError};
use crate::island::Islands;
use crate::joint::{JointLimitConstraint, PdControllerConstraint};

mod blocks;
mod filler;

pub use filler::{ProblemFiller, Side};

/// One tree of the forest (Section IV-D): its diagonal block of A (Eq. 15), n_t x n_t,
/// symmetric positive definite, and its free-motion velocities v* (Eq. 13).
#[derive(Debug, Clone)]
pub struct Tree {
    /// The block A_t of the linearized momentum balance (Eq. 18).
    pub a: DMatrix<f64>,
    /// The free-motion velocities v*_t.
    pub v_star: DVector<f64>,
}

impl Tree {
    /// A tree from its block of A and its free-motion velocities.
    pub fn new(a: DMatrix<f64>, v_star: DVector<f64>) -> Self {
        Self { a, v_star }
    }

    /// Number of dofs n_t.
    pub fn dofs(&self) -> usize {
        self.v_star.len()
    }
}

/// The constraints of a problem, by kind. Each kind is a convex SAP constraint with its
/// own projection, impulse and Hessian block: contacts (3 rows, friction cone, see
/// [`ContactConstraint`]), PD controllers and joint limits (1 row each, an interval, see
/// [`crate::joint`]).
#[derive(Debug, Clone, Default)]
pub struct Constraints {
    /// Frictional contacts.
    pub contacts: Vec<ContactConstraint>,
    /// PD controllers with effort limits.
    pub pd_controllers: Vec<PdControllerConstraint>,
    /// One-sided joint position limits.
    pub joint_limits: Vec<JointLimitConstraint>,
}

/// A validated SAP problem: the time step, the trees, the constraints.
///
/// Built by [`SapProblem::new`] (contacts only) or [`SapProblem::with_constraints`],
/// which check every input; the data is read-only afterwards so that it stays valid.
#[derive(Debug, Clone)]
pub struct SapProblem {
    time_step: f64,
    trees: Vec<Tree>,
    contacts: Vec<ContactConstraint>,
    pd_controllers: Vec<PdControllerConstraint>,
    joint_limits: Vec<JointLimitConstraint>,
    offsets: Vec<usize>,
    /// Inverse of each block of A (for the Delassus estimate of Section V-B).
    a_inv: Vec<DMatrix<f64>>,
    /// Per tree: whether `a_inv` is a 6 x 6 block with zero off-diagonal 3 x 3 blocks
    /// (a free body), whose zero blocks the Delassus estimate skips.
    block_diagonal: Vec<bool>,
    /// diag(A)^{-1/2} (Eq. 25), stacked.
    d_scale: DVector<f64>,
    v_star: DVector<f64>,
    /// Storage kept between [`SapProblem::refill`]s so that a problem rebuilt every
    /// time step reuses its matrices instead of allocating them (trees, contacts, and
    /// the second-side Jacobians of contacts that now touch the world).
    spare_trees: Vec<Tree>,
    spare_contacts: Vec<ContactConstraint>,
    spare_jacobians: Vec<DMatrix<f64>>,
}

/// The largest energy scale SAP accepts, in the problem's units of `v^T A v` (J for
/// SI models): a tree's `max|A| max|v*|^2 n_t`, and a constraint's `v_hat^2 / R`
/// (the impulse `v_hat / R` times the velocity `v_hat`, Eqs. 29-30) must stay below it.
///
/// Why: the cost (Eq. 19) and its gradient are sums of such products, the line search
/// compares differences of costs, and the Newton step squares velocities once more.
/// Beyond about 1e300 they overflow f64 (issue 21: v* = 1e152 gave NaN impulses inside
/// `Ok`, a penetration of 1e306 m infinite ones); 1e200 leaves a hundred decades for
/// the sums over constraints and the Hessian's products. A particle of 1 kg is then
/// accepted up to 1e100 m/s and a rigid contact of it up to about 1e98 m of penetration
/// per time step of 10 ms, which covers every physical input.
pub const MAX_ENERGY_SCALE: f64 = 1e200;

fn check_dof(
    trees: &[Tree],
    kind: JointConstraintKind,
    index: usize,
    tree: usize,
    dof: usize,
) -> Result<(), SapError> {
    if trees.get(tree).is_some_and(|t| dof < t.dofs()) {
        Ok(())
    } else {
        Err(SapError::JointConstraintDof {
            kind,
            index,
            tree,
            dof,
        })
    }
}

/// Writes the inverse of the SPD block `a` into `out` by its Cholesky factorization;
/// `Some(block_diagonal)` on success, `None` when `a` is numerically not positive
/// definite. The 6 x 6 block of a free body (the clutter scenes' every tree) is factored
/// on the stack, and `out` is reused when its shape already matches (no allocation in a
/// time step, measured: 6% of the clutter step went to this function with the dynamic
/// path). `block_diagonal` says that `a` is 6 x 6 with zero off-diagonal 3 x 3 blocks, so
/// that `out` has them too.
fn spd_inverse_into(a: &DMatrix<f64>, out: &mut DMatrix<f64>) -> Option<bool> {
    let positive = |d: f64| !d.is_nan() && d > 0.0;
    let n = a.nrows();
    if out.shape() != (n, n) {
        *out = DMatrix::zeros(n, n);
    }
    if n == 6 && block_diagonal_3x3(a) {
        // A free body's block [m I, 0; 0, I_w]: the inverse of each 3 x 3 block, a
        // third of the work of the 6 x 6 factorization (measured: this function was
        // 9% of the resting clutter step with the 6 x 6 path), by nalgebra's Cholesky
        // written out for 3 x 3 (same bits, `blocks::cholesky_inverse3`).
        let out = out.as_mut_slice();
        out.fill(0.0);
        return (blocks::cholesky_inverse3(a.as_slice(), 6, 0, out)
            && blocks::cholesky_inverse3(a.as_slice(), 6, 3, out))
        .then_some(true);
    }
    if n == 6 {
        let m = nalgebra::Matrix6::from_column_slice(a.as_slice());
        let chol = nalgebra::Cholesky::new(m)?;
        if !(0..6).all(|i| positive(chol.l_dirty()[(i, i)])) {
            return None;
        }
        out.as_mut_slice().copy_from_slice(chol.inverse().as_slice());
        return Some(false);
    }
    let chol = nalgebra::Cholesky::new(a.clone())?;
    if !(0..n).all(|i| positive(chol.l_dirty()[(i, i)])) {
        return None;
    }
    *out = chol.inverse();
    Some(false)
}

/// Resizes `x` to `n` entries (zeros), keeping its storage: no allocation when it has
/// held as many (a problem refilled with islands of changing size).
fn resize_in_place(x: &mut DVector<f64>, n: usize) {
    if x.len() != n {
        let mut data: Vec<f64> = std::mem::replace(x, DVector::zeros(0)).data.into();
        data.clear();
        data.resize(n, 0.0);
        *x = DVector::from_vec(data);
    }
}

/// Whether the 6 x 6 block `a` has exactly zero off-diagonal 3 x 3 blocks.
fn block_diagonal_3x3(a: &DMatrix<f64>) -> bool {
    // Column-major: column j holds a[6 j..6 j + 6]; the upper-right block is rows 0..3
    // of columns 3..6, the lower-left rows 3..6 of columns 0..3.
    let a = a.as_slice();
    (0..3).all(|j| a[6 * j + 3..6 * j + 6].iter().all(|&x| x == 0.0))
        && (3..6).all(|j| a[6 * j..6 * j + 3].iter().all(|&x| x == 0.0))
}

/// Copies the matrix `m` into `out`, reusing `out`'s storage when the shapes match.
fn copy_matrix<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(m: &Matrix<f64, R, C, S>, out: &mut DMatrix<f64>)
where
    ShapeConstraint: SameNumberOfRows<Dyn, R> + SameNumberOfColumns<Dyn, C>,
{
    let (r, c) = m.shape();
    if out.shape() != (r, c) {
        *out = DMatrix::zeros(r, c);
    }
    // nalgebra's copy without per-entry bounds checks (a strided iterator was 3x
    // slower, measured on the clutter step), column by column: a column of a static
    // row count (a 3 x n Jacobian) is copied in registers, where the whole matrix
    // was a `memcpy` call.
    for (mut o, c) in out.column_iter_mut().zip(m.column_iter()) {
        o.copy_from(&c);
    }
}

/// Copies `m` into `out` as one slice copy (both are contiguous), reusing `out`'s
/// storage when the shapes match: the island copies of [`SapProblem::fill_island`],
/// where nalgebra's entry-wise copy of small blocks cost a few percent of the clutter
/// step.
fn copy_dmatrix(m: &DMatrix<f64>, out: &mut DMatrix<f64>) {
    if out.shape() != m.shape() {
        *out = DMatrix::zeros(m.nrows(), m.ncols());
    }
    copy_small(out.as_mut_slice(), m.as_slice());
}

/// Makes `live` `n` long: a surplus is moved to `spare`, a shortfall is taken from
/// `spare` (or made by `make`). The items kept are left as they are, for the caller
/// to overwrite.
fn resize_from_spares<T>(live: &mut Vec<T>, spare: &mut Vec<T>, n: usize, mut make: impl FnMut() -> T) {
    if live.len() > n {
        spare.extend(live.drain(n..));
    }
    while live.len() < n {
        live.push(spare.pop().unwrap_or_else(&mut make));
    }
}

/// Sets a contact's second side to `side` (its tree, and a writer of its Jacobian
/// into storage reused from the old side or from `spare`), or clears it, returning an
/// old Jacobian to `spare`.
fn set_side_b(
    tree_b: &mut Option<(usize, DMatrix<f64>)>,
    spare: &mut Vec<DMatrix<f64>>,
    side: Option<(usize, impl FnOnce(&mut DMatrix<f64>))>,
) {
    let old = tree_b.take().map(|(_, j)| j);
    *tree_b = match side {
        Some((tree, write)) => {
            let mut j = old
                .or_else(|| spare.pop())
                .unwrap_or_else(|| DMatrix::zeros(0, 0));
            write(&mut j);
            Some((tree, j))
        }
        None => {
            spare.extend(old);
            None
        }
    };
}

/// Item `k` of `live` (at most `live.len()`), appended first when `k` is past its end:
/// taken from `spare`, or made by `make`.
fn slot<'v, T>(live: &'v mut Vec<T>, spare: &mut Vec<T>, k: usize, make: impl FnOnce() -> T) -> &'v mut T {
    if k == live.len() {
        live.push(spare.pop().unwrap_or_else(make));
    }
    &mut live[k]
}

/// Checks tree `t`'s block `a` (n x n, column-major, finite) against the energy range and
/// symmetry: the tests of [`SapProblem::prepare`] in its order, written on the slice
/// so that a 6 x 6 block (`n` a constant after inlining) costs one pass.
#[inline(always)]
fn check_tree_block(t: usize, a: &[f64], v_star: &[f64], n: usize) -> Result<(), SapError> {
    if !(all_finite(a) && all_finite(v_star)) {
        return Err(SapError::NonFiniteTree(t));
    }
    // Finite entries: a plain comparison is the maximum (`f64::max` adds a NaN blend).
    let abs_max = |x: &[f64]| {
        x.iter().fold(0.0f64, |m, x| {
            let ax = x.abs();
            if ax > m {
                ax
            } else {
                m
            }
        })
    };
    let (a_max, v_max) = (abs_max(a), abs_max(v_star));
    // The supported range (issue 21); an overflow to inf fails the test too.
    let energy = a_max * v_max * v_max * n as f64;
    if energy.is_nan() || energy > MAX_ENERGY_SCALE {
        return Err(SapError::OutOfRange {
            owner: "tree",
            index: t,
            quantity: "free-motion energy scale max|A| max|v*|^2 n_t",
            value: energy,
            bound: MAX_ENERGY_SCALE,
        });
    }
    for i in 0..n {
        for j in 0..i {
            if (a[i + n * j] - a[j + n * i]).abs() > 1e-10 * a_max {
                return Err(SapError::NotSymmetric(t));
            }
        }
    }
    Ok(())
}

/// Whether every entry is finite: a pass over the slice without early exit, which the
/// compiler vectorizes (nalgebra's element iterator was most of `prepare`'s contact
/// checks, measured).
fn all_finite(x: &[f64]) -> bool {
    // x * 0 is +-0 for a finite x and NaN for an infinite or NaN one, so the sums stay
    // zero exactly when every entry is finite; four independent sums vectorize (the
    // boolean fold took three instructions per entry, the largest part of `prepare`).
    let mut acc = [0.0f64; 4];
    let mut chunks = x.chunks_exact(4);
    for c in &mut chunks {
        for (a, v) in acc.iter_mut().zip(c) {
            *a += v * 0.0;
        }
    }
    for (a, v) in acc.iter_mut().zip(chunks.remainder()) {
        *a += v * 0.0;
    }
    acc.iter().sum::<f64>() == 0.0
}

impl SapProblem {
    /// Validates the data and builds a contact-only problem.
    ///
    /// # Errors
    /// [`SapError`] for a bad time step, a tree block that is not square, symmetric or
    /// positive definite, sizes that do not match, NaN or infinite entries, contact
    /// parameters out of range; [`SapError::OutOfRange`] for a tree whose free motion
    /// exceeds [`MAX_ENERGY_SCALE`].
    pub fn new(time_step: f64, trees: Vec<Tree>, contacts: Vec<ContactConstraint>) -> Result<Self, SapError> {
        Self::with_constraints(
            time_step,
            trees,
            Constraints {
                contacts,
                ..Default::default()
            },
        )
    }

    /// Validates the data and builds a problem with constraints of every kind.
    ///
    /// # Errors
    /// As [`SapProblem::new`], and [`SapError::JointConstraintDof`] or
    /// [`SapError::InvalidJointConstraint`] for a PD controller or joint limit that names
    /// a missing tree or dof or has a parameter out of range.
    pub fn with_constraints(
        time_step: f64,
        trees: Vec<Tree>,
        constraints: Constraints,
    ) -> Result<Self, SapError> {
        let Constraints {
            contacts,
            pd_controllers,
            joint_limits,
        } = constraints;
        let mut problem = Self {
            time_step,
            trees,
            contacts,
            pd_controllers,
            joint_limits,
            offsets: Vec::new(),
            a_inv: Vec::new(),
            block_diagonal: Vec::new(),
            d_scale: DVector::zeros(0),
            v_star: DVector::zeros(0),
            spare_trees: Vec::new(),
            spare_contacts: Vec::new(),
            spare_jacobians: Vec::new(),
        };
        problem.prepare()?;
        Ok(problem)
    }

    /// An empty problem (no trees, no constraints) with time step `time_step`, to be
    /// filled by [`SapProblem::refill`].
    ///
    /// # Errors
    /// [`SapError::InvalidTimeStep`] for a time step that is not finite and positive.
    pub fn empty(time_step: f64) -> Result<Self, SapError> {
        Self::with_constraints(time_step, Vec::new(), Constraints::default())
    }

    /// Rebuilds the problem in place: `fill` pushes the trees and constraints (see
    /// [`ProblemFiller`]), then the whole problem is validated exactly as by
    /// [`SapProblem::with_constraints`]. The storage of the previous problem (blocks of
    /// A, Jacobians, the inverses of Section V-B) is reused, so that a simulator that
    /// rebuilds its problem every time step allocates only when the problem outgrows
    /// every earlier one (or a block changes shape).
    ///
    /// On an error (from `fill` or from the validation) the problem is left empty, with
    /// its previous time step: still a valid problem.
    ///
    /// # Errors
    /// As [`SapProblem::with_constraints`], or the error `fill` returns.
    pub fn refill<E: From<SapError>>(
        &mut self,
        time_step: f64,
        fill: impl FnOnce(&mut ProblemFiller<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let previous = self.time_step;
        // The trees and contacts stay in place for the filler to overwrite in order
        // (moving them all to the spare pools and back cost two moves per contact per
        // time step); the ones left over go to the pools after the fill.
        self.pd_controllers.clear();
        self.joint_limits.clear();
        self.time_step = time_step;
        let mut filler = ProblemFiller {
            problem: self,
            trees: 0,
            contacts: 0,
        };
        let filled = fill(&mut filler);
        let (trees, contacts) = (filler.trees, filler.contacts);
        self.spare_trees.extend(self.trees.drain(trees..));
        self.spare_contacts.extend(self.contacts.drain(contacts..));
        let result = filled.and_then(|()| self.prepare().map_err(E::from));
        if result.is_err() {
            self.recycle();
            self.time_step = previous;
            self.prepare().map_err(E::from)?;
        }
        result
    }

    /// Moves every tree and contact to the spare pools: an empty problem.
    fn recycle(&mut self) {
        self.spare_trees.append(&mut self.trees);
        self.spare_contacts.append(&mut self.contacts);
        self.pd_controllers.clear();
        self.joint_limits.clear();
        self.offsets.clear();
        self.offsets.push(0);
    }

    /// Validates the data and computes the offsets, the inverses of the blocks of A,
    /// the scaling D and the stacked v*, reusing their storage.
    fn prepare(&mut self) -> Result<(), SapError> {
        let time_step = self.time_step;
        let trees = &self.trees;
        let contacts = &self.contacts;
        let pd_controllers = &self.pd_controllers;
        let joint_limits = &self.joint_limits;
        if !(time_step.is_finite() && time_step > 0.0) {
            return Err(SapError::InvalidTimeStep(time_step));
        }
        let offsets = &mut self.offsets;
        offsets.clear();
        let mut total = 0;
        for (t, tree) in trees.iter().enumerate() {
            let n = tree.v_star.len();
            if n == 0 {
                return Err(SapError::EmptyTree(t));
            }
            if tree.a.nrows() != n || tree.a.ncols() != n {
                return Err(SapError::TreeSize {
                    tree: t,
                    what: "block of A is not n_t x n_t with n_t = len(v*)",
                });
            }
            let (a, v) = (tree.a.as_slice(), tree.v_star.as_slice());
            match n {
                6 => check_tree_block(t, a, v, 6)?,
                _ => check_tree_block(t, a, v, n)?,
            }
            if self.a_inv.len() <= t {
                self.a_inv.push(DMatrix::zeros(0, 0));
                self.block_diagonal.push(false);
            }
            let Some(block_diagonal) = spd_inverse_into(&tree.a, &mut self.a_inv[t]) else {
                return Err(SapError::NotPositiveDefinite(t));
            };
            self.block_diagonal[t] = block_diagonal;
            offsets.push(total);
            total += n;
        }
        offsets.push(total);
        for (c, contact) in contacts.iter().enumerate() {
            let check_block = |tree: usize, j: &DMatrix<f64>| -> Result<(), SapError> {
                if tree >= trees.len() {
                    return Err(SapError::ContactTrees {
                        contact: c,
                        what: "tree index out of range",
                    });
                }
                let n = trees[tree].dofs();
                if j.nrows() != 3 || j.ncols() != n {
                    return Err(SapError::JacobianSize {
                        contact: c,
                        rows: j.nrows(),
                        cols: j.ncols(),
                        expected_cols: n,
                    });
                }
                if !all_finite(j.as_slice()) {
                    return Err(SapError::NonFiniteContact(c));
                }
                Ok(())
            };
            check_block(contact.tree_a, &contact.jacobian_a)?;
            if let Some((tb, jb)) = &contact.tree_b {
                if *tb == contact.tree_a {
                    return Err(SapError::ContactTrees {
                        contact: c,
                        what: "both sides name the same tree",
                    });
                }
                check_block(*tb, jb)?;
            }
            if !contact.phi0.is_finite() {
                return Err(SapError::NonFiniteContact(c));
            }
            let bad = |parameter, value| SapError::InvalidContactParameter {
                contact: c,
                parameter,
                value,
            };
            if contact.stiffness.is_nan() || contact.stiffness <= 0.0 {
                return Err(bad("stiffness", contact.stiffness));
            }
            let tau = contact.dissipation_time_scale;
            if !(tau.is_finite() && tau >= 0.0) {
                return Err(bad("dissipation_time_scale", tau));
            }
            let mu = contact.friction;
            if !(mu.is_finite() && mu >= 0.0) {
                return Err(bad("friction", mu));
            }
        }
        for (i, pd) in pd_controllers.iter().enumerate() {
            check_dof(trees, JointConstraintKind::PdController, i, pd.tree, pd.dof)?;
            let bad = |parameter, value| SapError::InvalidJointConstraint {
                kind: JointConstraintKind::PdController,
                index: i,
                parameter,
                value,
            };
            for (name, value) in [
                ("q0", pd.q0),
                ("q_target", pd.q_target),
                ("v_target", pd.v_target),
                ("feed_forward", pd.feed_forward),
            ] {
                if !value.is_finite() {
                    return Err(bad(name, value));
                }
            }
            if !(pd.kp.is_finite() && pd.kp >= 0.0) {
                return Err(bad("kp", pd.kp));
            }
            if !(pd.kd.is_finite() && pd.kd >= 0.0) {
                return Err(bad("kd", pd.kd));
            }
            if time_step * pd.kp + pd.kd <= 0.0 {
                return Err(bad("kp and kd (both zero)", 0.0));
            }
            if pd.effort_limit.is_nan() || pd.effort_limit < 0.0 {
                return Err(bad("effort_limit", pd.effort_limit));
            }
        }
        for (i, limit) in joint_limits.iter().enumerate() {
            check_dof(trees, JointConstraintKind::JointLimit, i, limit.tree, limit.dof)?;
            let bad = |parameter, value| SapError::InvalidJointConstraint {
                kind: JointConstraintKind::JointLimit,
                index: i,
                parameter,
                value,
            };
            for (name, value) in [("q0", limit.q0), ("limit", limit.limit)] {
                if !value.is_finite() {
                    return Err(bad(name, value));
                }
            }
            if limit.stiffness.is_nan() || limit.stiffness <= 0.0 {
                return Err(bad("stiffness", limit.stiffness));
            }
            let tau = limit.dissipation_time_scale;
            if !(tau.is_finite() && tau >= 0.0) {
                return Err(bad("dissipation_time_scale", tau));
            }
        }
        resize_in_place(&mut self.d_scale, total);
        resize_in_place(&mut self.v_star, total);
        for (t, tree) in trees.iter().enumerate() {
            let (o, n) = (offsets[t], tree.dofs());
            let d = &mut self.d_scale.as_mut_slice()[o..o + n];
            for (i, di) in d.iter_mut().enumerate() {
                *di = 1.0 / tree.a[(i, i)].sqrt();
            }
            self.v_star.as_mut_slice()[o..o + n].copy_from_slice(tree.v_star.as_slice());
        }
        Ok(())
    }

    /// Fills this problem with island `i` of `parent` (see [`Islands`]): its trees in
    /// the island's order (with their inverses of Section V-B, copied), its contacts,
    /// PD controllers and joint limits with tree indices local to the island. `parent`
    /// was validated, and an island of it is valid by construction, so nothing is
    /// checked again. Storage is reused as by [`SapProblem::refill`]: no allocation
    /// once this problem has held an island with as many trees, constraints and dofs.
    pub(crate) fn fill_island(&mut self, parent: &SapProblem, islands: &Islands, i: usize) {
        // Trees and contacts are overwritten in place (an island of the same shape as
        // the last one, the common case from one time step to the next, moves nothing);
        // only a surplus goes to the spare pools, and a shortfall comes from them.
        let (trees, contacts) = (islands.trees(i), islands.contacts(i));
        resize_from_spares(&mut self.trees, &mut self.spare_trees, trees.len(), || {
            Tree::new(DMatrix::zeros(0, 0), DVector::zeros(0))
        });
        resize_from_spares(
            &mut self.contacts,
            &mut self.spare_contacts,
            contacts.len(),
            || ContactConstraint::with_world(0, DMatrix::zeros(0, 0), 0.0),
        );
        self.pd_controllers.clear();
        self.joint_limits.clear();
        self.time_step = parent.time_step;
        self.offsets.clear();
        let mut total = 0;
        for (k, &t) in trees.iter().enumerate() {
            let src = &parent.trees[t];
            let tree = &mut self.trees[k];
            copy_dmatrix(&src.a, &mut tree.a);
            resize_in_place(&mut tree.v_star, src.v_star.len());
            copy_small(tree.v_star.as_mut_slice(), src.v_star.as_slice());
            if self.a_inv.len() <= k {
                self.a_inv.push(DMatrix::zeros(0, 0));
                self.block_diagonal.push(false);
            }
            copy_dmatrix(&parent.a_inv[t], &mut self.a_inv[k]);
            self.block_diagonal[k] = parent.block_diagonal[t];
            self.offsets.push(total);
            total += src.dofs();
        }
        self.offsets.push(total);
        for (contact, &c) in self.contacts.iter_mut().zip(contacts) {
            let src = &parent.contacts[c];
            contact.tree_a = islands.local_index(src.tree_a);
            copy_dmatrix(&src.jacobian_a, &mut contact.jacobian_a);
            set_side_b(
                &mut contact.tree_b,
                &mut self.spare_jacobians,
                src.tree_b.as_ref().map(|(tb, jb)| {
                    (islands.local_index(*tb), |j: &mut DMatrix<f64>| {
                        copy_dmatrix(jb, j)
                    })
                }),
            );
            contact.phi0 = src.phi0;
            contact.stiffness = src.stiffness;
            contact.dissipation_time_scale = src.dissipation_time_scale;
            contact.friction = src.friction;
        }
        for &p in islands.pd_controllers(i) {
            let mut pd = parent.pd_controllers[p].clone();
            pd.tree = islands.local_index(pd.tree);
            self.pd_controllers.push(pd);
        }
        for &l in islands.joint_limits(i) {
            let mut limit = parent.joint_limits[l].clone();
            limit.tree = islands.local_index(limit.tree);
            self.joint_limits.push(limit);
        }
        resize_in_place(&mut self.d_scale, total);
        resize_in_place(&mut self.v_star, total);
        for (k, &t) in islands.trees(i).iter().enumerate() {
            let n = parent.trees[t].dofs();
            let (o, po) = (self.offsets[k], parent.offsets[t]);
            copy_small(
                &mut self.d_scale.as_mut_slice()[o..o + n],
                &parent.d_scale.as_slice()[po..po + n],
            );
            copy_small(
                &mut self.v_star.as_mut_slice()[o..o + n],
                &parent.v_star.as_slice()[po..po + n],
            );
        }
    }

    /// The time step delta t.
    pub fn time_step(&self) -> f64 {
        self.time_step
    }

    /// The trees.
    pub fn trees(&self) -> &[Tree] {
        &self.trees
    }

    /// The contacts.
    pub fn contacts(&self) -> &[ContactConstraint] {
        &self.contacts
    }

    /// The PD controllers.
    pub fn pd_controllers(&self) -> &[PdControllerConstraint] {
        &self.pd_controllers
    }

    /// The joint limits.
    pub fn joint_limits(&self) -> &[JointLimitConstraint] {
        &self.joint_limits
    }

    /// Total number of generalized velocities n_v.
    pub fn num_velocities(&self) -> usize {
        self.offsets[self.trees.len()]
    }

    /// Offset of tree `t`'s velocities in the stacked vector v.
    pub fn offset(&self, t: usize) -> usize {
        self.offsets[t]
    }

    /// The stacked free-motion velocities v*.
    pub fn v_star(&self) -> &DVector<f64> {
        &self.v_star
    }

    /// diag(A)^{-1/2}, the scaling D of Eq. 25.
    pub(crate) fn d_scale(&self) -> &DVector<f64> {
        &self.d_scale
    }

    /// y = A x, block by block (each row summed over the columns in order; fixed-size
    /// paths for 6- and 3-dof trees, see `blocks`).
    pub(crate) fn mul_a(&self, x: &[f64], y: &mut [f64]) {
        for (tree, w) in self.trees.iter().zip(self.offsets.windows(2)) {
            let (o, e) = (w[0], w[1]);
            blocks::mul_block(tree.a.as_slice(), &x[o..e], &mut y[o..e]);
        }
    }

    /// The contact velocity of contact `c`: J_c x (side a, then side b).
    #[inline]
    pub(crate) fn contact_velocity(&self, c: usize, x: &[f64]) -> [f64; 3] {
        let contact = &self.contacts[c];
        let mut vc = [0.0; 3];
        blocks::add_jx(
            contact.jacobian_a.as_slice(),
            &x[self.offsets[contact.tree_a]..],
            &mut vc,
        );
        if let Some((tb, jb)) = &contact.tree_b {
            blocks::add_jx(jb.as_slice(), &x[self.offsets[*tb]..], &mut vc);
        }
        vc
    }

    /// y += J_c^T g for contact `c`.
    #[inline]
    pub(crate) fn add_jt(&self, c: usize, g: &[f64; 3], y: &mut [f64]) {
        let contact = &self.contacts[c];
        blocks::add_jtg(
            contact.jacobian_a.as_slice(),
            g,
            &mut y[self.offsets[contact.tree_a]..],
        );
        if let Some((tb, jb)) = &contact.tree_b {
            blocks::add_jtg(jb.as_slice(), g, &mut y[self.offsets[*tb]..]);
        }
    }

    /// `(A_t^{-1})_{dof,dof}`: the Delassus operator `J A^{-1} J^T` of a selector row
    /// on dof `dof` of tree `t` (exact, Section V-B), for the joint constraints.
    pub(crate) fn dof_inverse_mass(&self, t: usize, dof: usize) -> f64 {
        self.a_inv[t][(dof, dof)]
    }

    /// The block-diagonal approximation of the Delassus operator of contact `c`
    /// (Section V-B): `W_cc ~ sum over its trees of J_t A_t^{-1} J_t^T`, 3 x 3, computed
    /// without allocating as `sum_{i,k} (A_t^{-1})_{ik} J_t[:, i] J_t[:, k]^T`
    /// (`blocks::add_delassus`; a free body's zero blocks of `A_t^{-1}` skipped).
    pub(crate) fn delassus_block(&self, c: usize) -> nalgebra::Matrix3<f64> {
        let contact = &self.contacts[c];
        // w[s][r] is entry (r, s): the column-major layout of Matrix3.
        let mut w = [[0.0; 3]; 3];
        let mut add = |tree: usize, j: &DMatrix<f64>| {
            blocks::add_delassus(
                j.as_slice(),
                self.a_inv[tree].as_slice(),
                self.block_diagonal[tree],
                &mut w,
            );
        };
        add(contact.tree_a, &contact.jacobian_a);
        if let Some((tb, jb)) = &contact.tree_b {
            add(*tb, jb);
        }
        nalgebra::Matrix3::from_fn(|r, s| w[s][r])
    }
}

#[cfg(test)]
mod tests;
