//! The forest of a SAP problem (Section IV-D): its trees (dense SPD blocks of the
//! momentum matrix A and free-motion velocities v*, Eq. 18), their offsets in the
//! stacked velocities, the inverses of their blocks (for the Delassus estimates of
//! Section V-B) and the scaling D of Eq. 25. Validated once per problem; every
//! constraint kind reads it ([`crate::constraint::SapConstraint`]).

use nalgebra::constraint::{SameNumberOfColumns, SameNumberOfRows, ShapeConstraint};
use nalgebra::{DMatrix, DVector, Dim, Dyn, Matrix, RawStorage};

use crate::copy::copy_small;
use crate::error::SapError;

pub(crate) mod blocks;

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

/// Writes the inverse of the SPD block `a` into `out` by its Cholesky factorization;
/// `Some(block_diagonal)` on success, `None` when `a` is numerically not positive
/// definite. The 6 x 6 block of a free body (the clutter scenes' every tree) is factored
/// on the stack, and `out` is reused when its shape already matches (no allocation in a
/// time step, measured: 6% of the clutter step went to this function with the dynamic
/// path). `block_diagonal` says that `a` is 6 x 6 with zero off-diagonal 3 x 3 blocks, so
/// that `out` has them too. Other sizes (an arm's tree) are factored in `factor`'s
/// storage and solved against the identity in `out`'s (what `Cholesky::inverse` does, in
/// storage kept between calls), so a resting step allocates nothing for them either.
fn spd_inverse_into(a: &DMatrix<f64>, out: &mut DMatrix<f64>, factor: &mut DMatrix<f64>) -> Option<bool> {
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
    if factor.shape() != (n, n) {
        *factor = DMatrix::zeros(n, n);
    }
    factor.copy_from(a);
    // An empty matrix holds no heap storage: taking the factor's out allocates nothing
    // (a failed factorization drops it, and the next call allocates it again).
    let chol = nalgebra::Cholesky::new(std::mem::replace(factor, DMatrix::zeros(0, 0)))?;
    let definite = (0..n).all(|i| positive(chol.l_dirty()[(i, i)]));
    if definite {
        out.fill_with_identity();
        chol.solve_mut(out);
    }
    *factor = chol.unpack_dirty();
    definite.then_some(false)
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
pub(crate) fn copy_matrix<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(
    m: &Matrix<f64, R, C, S>, out: &mut DMatrix<f64>,
) where
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
pub(crate) fn copy_dmatrix(m: &DMatrix<f64>, out: &mut DMatrix<f64>) {
    if out.shape() != m.shape() {
        *out = DMatrix::zeros(m.nrows(), m.ncols());
    }
    copy_small(out.as_mut_slice(), m.as_slice());
}

/// Makes `live` `n` long: a surplus is moved to `spare`, a shortfall is taken from
/// `spare` (or made by `make`). The items kept are left as they are, for the caller
/// to overwrite.
pub(crate) fn resize_from_spares<T>(
    live: &mut Vec<T>, spare: &mut Vec<T>, n: usize, mut make: impl FnMut() -> T,
) {
    if live.len() > n {
        spare.extend(live.drain(n..));
    }
    while live.len() < n {
        live.push(spare.pop().unwrap_or_else(&mut make));
    }
}

/// Item `k` of `live` (at most `live.len()`), appended first when `k` is past its end:
/// taken from `spare`, or made by `make`.
pub(crate) fn slot<'v, T>(
    live: &'v mut Vec<T>, spare: &mut Vec<T>, k: usize, make: impl FnOnce() -> T,
) -> &'v mut T {
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
pub(crate) fn all_finite(x: &[f64]) -> bool {
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

/// The validated trees of a problem and what is derived from them once per problem.
///
/// Read-only outside the crate: a [`crate::SapProblem`] owns it, and every constraint
/// kind reads it to compute its model ([`crate::constraint::SapConstraint::model`]).
#[derive(Debug, Clone)]
pub struct Forest {
    time_step: f64,
    pub(crate) trees: Vec<Tree>,
    /// `offsets[t]`: the first velocity of tree t; `offsets[n_t]` = n_v.
    offsets: Vec<usize>,
    /// Inverse of each block of A (for the Delassus estimate of Section V-B).
    a_inv: Vec<DMatrix<f64>>,
    /// Per tree: whether `a_inv` is a 6 x 6 block with zero off-diagonal 3 x 3 blocks
    /// (a free body), whose zero blocks the Delassus estimate skips.
    block_diagonal: Vec<bool>,
    /// diag(A)^{-1/2} (Eq. 25), stacked.
    d_scale: DVector<f64>,
    v_star: DVector<f64>,
    /// Trees kept between refills so that a problem rebuilt every time step reuses
    /// their matrices instead of allocating them.
    pub(crate) spare_trees: Vec<Tree>,
    /// Storage of the Cholesky factor of the blocks inverted by the generic path of
    /// `spd_inverse_into` (trees of other than 6 dofs), kept between refills.
    factor: DMatrix<f64>,
}

impl Forest {
    /// No trees, time step `time_step` (not validated until [`Forest::prepare`]).
    pub(crate) fn new(time_step: f64, trees: Vec<Tree>) -> Self {
        Self {
            time_step,
            trees,
            offsets: vec![0],
            a_inv: Vec::new(),
            block_diagonal: Vec::new(),
            d_scale: DVector::zeros(0),
            v_star: DVector::zeros(0),
            spare_trees: Vec::new(),
            factor: DMatrix::zeros(0, 0),
        }
    }

    /// Sets the time step (validated by the next [`Forest::prepare`]).
    pub(crate) fn set_time_step(&mut self, time_step: f64) {
        self.time_step = time_step;
    }

    /// Appends tree `k` (the next one) by copying `a` and `v_star` into storage kept
    /// from earlier problems; returns `k`.
    pub(crate) fn push_tree<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(
        &mut self, k: usize, a: &Matrix<f64, R, C, S>, v_star: &[f64],
    ) -> usize
    where
        ShapeConstraint: SameNumberOfRows<Dyn, R> + SameNumberOfColumns<Dyn, C>,
    {
        let tree = slot(&mut self.trees, &mut self.spare_trees, k, || {
            Tree::new(DMatrix::zeros(0, 0), DVector::zeros(0))
        });
        copy_matrix(a, &mut tree.a);
        if tree.v_star.len() == v_star.len() {
            tree.v_star.as_mut_slice().copy_from_slice(v_star);
        } else {
            tree.v_star = DVector::from_column_slice(v_star);
        }
        k
    }

    /// Keeps the first `n` trees, moving the others to the spare pool.
    pub(crate) fn truncate(&mut self, n: usize) {
        self.spare_trees
            .extend(self.trees.drain(n.min(self.trees.len())..));
    }

    /// Validates the trees and computes the offsets, the inverses of the blocks of A,
    /// the scaling D and the stacked v*, reusing their storage.
    pub(crate) fn prepare(&mut self) -> Result<(), SapError> {
        let time_step = self.time_step;
        if !(time_step.is_finite() && time_step > 0.0) {
            return Err(SapError::InvalidTimeStep(time_step));
        }
        let offsets = &mut self.offsets;
        offsets.clear();
        let mut total = 0;
        for (t, tree) in self.trees.iter().enumerate() {
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
            let Some(block_diagonal) = spd_inverse_into(&tree.a, &mut self.a_inv[t], &mut self.factor) else {
                return Err(SapError::NotPositiveDefinite(t));
            };
            self.block_diagonal[t] = block_diagonal;
            offsets.push(total);
            total += n;
        }
        offsets.push(total);
        resize_in_place(&mut self.d_scale, total);
        resize_in_place(&mut self.v_star, total);
        for (t, tree) in self.trees.iter().enumerate() {
            let (o, n) = (offsets[t], tree.dofs());
            let d = &mut self.d_scale.as_mut_slice()[o..o + n];
            for (i, di) in d.iter_mut().enumerate() {
                *di = 1.0 / tree.a[(i, i)].sqrt();
            }
            self.v_star.as_mut_slice()[o..o + n].copy_from_slice(tree.v_star.as_slice());
        }
        Ok(())
    }

    /// Fills this forest with the trees `trees` of `parent`, in that order (with their
    /// inverses of Section V-B, copied): an island's forest. `parent` was validated,
    /// so nothing is checked again. Storage is reused: no allocation once this forest
    /// has held as many trees of these sizes.
    pub(crate) fn fill_from(&mut self, parent: &Forest, trees: &[usize]) {
        // Trees are overwritten in place (an island of the same shape as the last one,
        // the common case from one time step to the next, moves nothing); only a
        // surplus goes to the spare pool, and a shortfall comes from it.
        resize_from_spares(&mut self.trees, &mut self.spare_trees, trees.len(), || {
            Tree::new(DMatrix::zeros(0, 0), DVector::zeros(0))
        });
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
        resize_in_place(&mut self.d_scale, total);
        resize_in_place(&mut self.v_star, total);
        for (k, &t) in trees.iter().enumerate() {
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

    /// Total number of generalized velocities n_v.
    pub fn num_velocities(&self) -> usize {
        self.offsets[self.trees.len()]
    }

    /// Offset of tree `t`'s velocities in the stacked vector v.
    pub fn offset(&self, t: usize) -> usize {
        self.offsets[t]
    }

    /// The offsets of all trees, then n_v.
    #[inline]
    pub(crate) fn offsets(&self) -> &[usize] {
        &self.offsets
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

    /// `(A_t^{-1})_{i,j}` for dofs `i`, `j` of tree `t`: the exact Delassus operator
    /// `J A^{-1} J^T` of a row acting on one tree is a sum of these (Section V-B).
    pub fn inverse_mass(&self, t: usize, i: usize, j: usize) -> f64 {
        self.a_inv[t][(i, j)]
    }

    /// `w += J A_t^{-1} J^T` (`w[s][r]` is entry (r, s)) for the 3 x n_t Jacobian block
    /// `j` of tree `t`, without allocating (`blocks::add_delassus`; a free body's zero
    /// blocks of `A_t^{-1}` skipped).
    pub(crate) fn add_delassus(&self, t: usize, j: &DMatrix<f64>, w: &mut [[f64; 3]; 3]) {
        blocks::add_delassus(j.as_slice(), self.a_inv[t].as_slice(), self.block_diagonal[t], w);
    }
}

#[cfg(test)]
mod tests;
