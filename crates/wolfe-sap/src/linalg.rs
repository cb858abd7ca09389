//! Assembly and factorization of the Newton matrix H = A + J^T G J (Section IV-A) with
//! the block sparsity of the tree/patch graph (Section IV-D): a dense Cholesky
//! factorization for small problems, faer's supernodal sparse Cholesky for large ones.
//! The symbolic sparse factorization is computed once per sparsity pattern and reused
//! across Newton iterations and across solves.

use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::linalg::cholesky::llt::factor::{LltParams, LltRegularization};
use faer::sparse::linalg::cholesky::{
    factorize_symbolic_cholesky, CholeskySymbolicParams, SymbolicCholesky, SymmetricOrdering,
};
use faer::sparse::linalg::SupernodalThreshold;
use faer::sparse::{SparseColMatRef, SymbolicSparseColMatRef};
use faer::{Conj, Mat, MatMut, Par, Side, Spec};
use nalgebra::Matrix3;

mod block;

use block::BlockCholesky;

use crate::copy::copy_small;
use crate::error::SapError;
use crate::model::SapModel;
use crate::problem::SapProblem;

/// Which factorization of H to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinearSolver {
    /// [`LinearSolver::Block`] when every tree has at most [`BLOCK_MAX_TREE_DOFS`]
    /// dofs; otherwise dense when the problem has at most
    /// [`crate::SapSettings::dense_max_dofs`] generalized velocities, sparse beyond.
    Auto,
    /// Always a dense Cholesky factorization of the full n_v x n_v matrix H.
    Dense,
    /// Always faer's supernodal sparse Cholesky factorization.
    Sparse,
    /// A block Cholesky factorization with one block per tree, eliminated in a
    /// minimum-degree order of the tree graph (Section IV-D).
    Block,
}

/// The largest tree (in dofs) for which [`LinearSolver::Auto`] picks the block
/// factorization: its diagonal blocks are factorized by plain loops, which lose to
/// faer's blocked kernels on large dense blocks.
pub const BLOCK_MAX_TREE_DOFS: usize = 24;

/// The factorization a [`HessianSolver`] is prepared for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Factorization {
    Dense,
    Sparse,
    Block,
}

impl LinearSolver {
    /// The factorization for `problem` with the dense threshold `dense_max_dofs`.
    pub(crate) fn pick(self, problem: &SapProblem, dense_max_dofs: usize) -> Factorization {
        match self {
            LinearSolver::Dense => Factorization::Dense,
            LinearSolver::Sparse => Factorization::Sparse,
            LinearSolver::Block => Factorization::Block,
            LinearSolver::Auto => {
                if problem.trees().iter().all(|t| t.dofs() <= BLOCK_MAX_TREE_DOFS) {
                    Factorization::Block
                } else if problem.num_velocities() > dense_max_dofs {
                    Factorization::Sparse
                } else {
                    Factorization::Dense
                }
            }
        }
    }
}

/// The block pattern of H: the dofs of each tree and the (lower, upper) tree pairs
/// coupled by at least one contact.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct PatternKey {
    tree_sizes: Vec<usize>,
    pairs: Vec<(usize, usize)>,
}

impl PatternKey {
    /// Refills the key with the pattern of `problem`, reusing its storage.
    fn fill(&mut self, problem: &SapProblem) {
        self.fill_where(problem, |_| true);
    }

    /// Refills the key with the pairs of trees coupled by a contact with `G != 0`:
    /// the nonzero blocks of H at this Newton iterate (a contact without impulse adds
    /// nothing to H).
    fn fill_active(&mut self, problem: &SapProblem, g: &[Matrix3<f64>]) {
        self.fill_where(problem, |c| g[c] != Matrix3::zeros());
    }

    /// Refills the key with the trees of `problem` and the pairs of trees coupled by a
    /// contact `c` for which `keep(c)` holds, sorted and deduplicated.
    fn fill_where(&mut self, problem: &SapProblem, keep: impl Fn(usize) -> bool) {
        self.tree_sizes.clear();
        self.tree_sizes.extend(problem.trees().iter().map(|t| t.dofs()));
        self.pairs.clear();
        self.pairs
            .extend(problem.contacts().iter().enumerate().filter_map(|(k, c)| {
                c.tree_b
                    .as_ref()
                    .filter(|_| keep(k))
                    .map(|(b, _)| (c.tree_a.min(*b), c.tree_a.max(*b)))
            }));
        self.pairs.sort_unstable();
        self.pairs.dedup();
    }
}

/// The lower triangle of H in compressed sparse column form, its symbolic Cholesky
/// factorization and the workspaces of the numeric factorization.
struct SparseH {
    key: PatternKey,
    offsets: Vec<usize>,
    col_ptr: Vec<usize>,
    row_idx: Vec<usize>,
    values: Vec<f64>,
    /// For each tree t, the trees coupled to t with a larger index, sorted, and the
    /// offset of their block in each of t's columns (after the diagonal part).
    neighbors: Vec<Vec<(usize, usize)>>,
    symbolic: SymbolicCholesky<usize>,
    l_values: Vec<f64>,
    mem: MemBuffer,
}

impl SparseH {
    fn new(key: PatternKey) -> Result<Self, SapError> {
        let nt = key.tree_sizes.len();
        let mut offsets = Vec::with_capacity(nt + 1);
        let mut total = 0;
        for &n in &key.tree_sizes {
            offsets.push(total);
            total += n;
        }
        offsets.push(total);
        let mut neighbors: Vec<Vec<(usize, usize)>> = vec![Vec::new(); nt];
        for &(lo, hi) in &key.pairs {
            neighbors[lo].push((hi, 0));
        }
        for list in &mut neighbors {
            let mut prefix = 0;
            for entry in list.iter_mut() {
                entry.1 = prefix;
                prefix += key.tree_sizes[entry.0];
            }
        }
        let mut col_ptr = Vec::with_capacity(total + 1);
        let mut row_idx = Vec::new();
        col_ptr.push(0);
        for t in 0..nt {
            let n = key.tree_sizes[t];
            for j in 0..n {
                row_idx.extend(offsets[t] + j..offsets[t] + n);
                for &(hi, _) in &neighbors[t] {
                    row_idx.extend(offsets[hi]..offsets[hi] + key.tree_sizes[hi]);
                }
                col_ptr.push(row_idx.len());
            }
        }
        let values = vec![0.0; row_idx.len()];
        let symbolic = {
            let sym = SymbolicSparseColMatRef::new_checked(total, total, &col_ptr, None, &row_idx);
            // Supernodal always, with faer's default amalgamation: measured on the
            // 40-body clutter pile (callgrind, 300 steps), the simplicial factorization
            // costs 15% more instructions, and looser or no amalgamation 8-16% more.
            let params = CholeskySymbolicParams {
                supernodal_flop_ratio_threshold: SupernodalThreshold::FORCE_SUPERNODAL,
                ..Default::default()
            };
            factorize_symbolic_cholesky(sym, Side::Lower, SymmetricOrdering::Amd, params)
                .map_err(|e| SapError::Factorization(format!("{e:?}")))?
        };
        let l_values = vec![0.0; symbolic.len_val()];
        let req = StackReq::any_of(&[
            symbolic.factorize_numeric_llt_scratch::<f64>(Par::Seq, Spec::<LltParams, f64>::default()),
            symbolic.solve_in_place_scratch::<f64>(1, Par::Seq),
        ]);
        let mem = MemBuffer::try_new(req).map_err(|e| SapError::Factorization(format!("{e:?}")))?;
        Ok(Self {
            key,
            offsets,
            col_ptr,
            row_idx,
            values,
            neighbors,
            symbolic,
            l_values,
            mem,
        })
    }

    /// Position in `values` of the diagonal-block entry (tree t, local row 0; local
    /// column j): the lower entries `i >= j` of that column are at `start + i`.
    #[inline]
    fn diag_start(&self, t: usize, j: usize) -> usize {
        self.col_ptr[self.offsets[t] + j] - j
    }

    /// Offset, after the diagonal part of each of tree c's columns, of the block of
    /// rows of tree r > c.
    #[inline]
    fn cross_offset(&self, r: usize, c: usize) -> usize {
        let k = self.neighbors[c]
            .binary_search_by_key(&r, |e| e.0)
            .unwrap_or_else(|_| unreachable!("pattern built from the same contacts"));
        self.neighbors[c][k].1
    }
}

/// Assembles, factorizes and solves with H; owns all its workspaces.
pub(crate) struct HessianSolver {
    dense: Mat<f64>,
    /// G_i J_i of the contact being assembled, 3 x (n_a + n_b), column-major.
    gj: Vec<f64>,
    dense_mem: MemBuffer,
    /// The size of H the scratch `dense_mem` was made for (enough for any smaller).
    dense_mem_n: usize,
    sparse: Option<SparseH>,
    block: BlockCholesky,
    /// The pattern of the problem being prepared (kept to reuse its storage).
    key: PatternKey,
    factorization: Factorization,
    /// Number of symbolic factorizations computed so far.
    pub symbolic_factorizations: usize,
}

impl HessianSolver {
    pub(crate) fn new() -> Self {
        Self {
            dense: Mat::zeros(0, 0),
            gj: Vec::new(),
            dense_mem: MemBuffer::new(StackReq::EMPTY),
            dense_mem_n: 0,
            sparse: None,
            block: BlockCholesky::default(),
            key: PatternKey::default(),
            factorization: Factorization::Dense,
            symbolic_factorizations: 0,
        }
    }

    /// Prepares for a solve of `problem` with `factorization`, (re)building the
    /// pattern and symbolic factorization only when the pattern changed.
    pub(crate) fn prepare(
        &mut self, problem: &SapProblem, factorization: Factorization,
    ) -> Result<(), SapError> {
        self.factorization = factorization;
        let use_sparse = factorization == Factorization::Sparse;
        let n = problem.num_velocities();
        let widest = problem
            .contacts()
            .iter()
            .map(|c| c.jacobian_a.ncols() + c.tree_b.as_ref().map_or(0, |(_, jb)| jb.ncols()))
            .max()
            .unwrap_or(0);
        if self.gj.len() < 3 * widest {
            self.gj.resize(3 * widest, 0.0);
        }
        if factorization == Factorization::Block {
            // The pattern is that of each Newton iterate's H (see `assemble`).
        } else if use_sparse {
            self.key.fill(problem);
            let reuse = self.sparse.as_ref().is_some_and(|s| s.key == self.key);
            if !reuse {
                self.sparse = Some(SparseH::new(self.key.clone())?);
                self.symbolic_factorizations += 1;
            }
        } else if self.dense.nrows() != n {
            // In place: the storage (and the scratch below) of the largest H seen is
            // kept, so that a solver reused for problems of changing size (the
            // islands of successive time steps) does not allocate.
            self.dense.resize_with(n, n, |_, _| 0.0);
        }
        if factorization == Factorization::Dense && n > self.dense_mem_n {
            self.dense_mem_n = n;
            self.dense_mem =
                MemBuffer::try_new(faer::linalg::cholesky::llt::factor::cholesky_in_place_scratch::<
                    f64,
                >(n, Par::Seq, Spec::<LltParams, f64>::default()))
                .map_err(|e| SapError::Factorization(format!("{e:?}")))?;
        }
        Ok(())
    }

    /// Assembles H = A + sum_i J_i^T G_i J_i (lower triangle).
    ///
    /// Per contact, `G_i J_i` is formed once per side (3 x n_t, in `gj`), and each
    /// lower block of H receives `J_r^T (G_i J_c)`: no allocation, one pass over the
    /// Jacobians' columns. A one-row constraint (row j within one tree, `joint_g` in the
    /// order of [`SapModel::joints`]) adds `G j^T j` inside its tree's diagonal block
    /// ([`crate::model::JointModel::add_hessian`]).
    pub(crate) fn assemble(
        &mut self, problem: &SapProblem, g: &[Matrix3<f64>], model: &SapModel, joint_g: &[f64],
    ) {
        let gj = &mut self.gj;
        if self.factorization == Factorization::Block {
            // Only the pairs coupled by a contact with an impulse: the speculative
            // contacts of a pile would otherwise couple (and fill) blocks that are
            // zero. The analysis is redone when that set changes (cheap: it works on
            // the trees, not the dofs).
            self.key.fill_active(problem, g);
            if !self.block.has_pattern(&self.key.tree_sizes, &self.key.pairs) {
                self.block.analyse(&self.key.tree_sizes, &self.key.pairs);
            }
            assemble_blocks(&mut self.block, gj, problem, g, model, joint_g);
        } else if self.factorization == Factorization::Sparse {
            let Some(s) = self.sparse.as_mut() else {
                return;
            };
            s.values.fill(0.0);
            for (t, tree) in problem.trees().iter().enumerate() {
                let n = tree.dofs();
                for (j, col) in tree.a.as_slice().chunks_exact(n).enumerate() {
                    let start = s.diag_start(t, j);
                    for (h, a) in s.values[start + j..start + n].iter_mut().zip(&col[j..]) {
                        *h += a;
                    }
                }
            }
            for (c, contact) in problem.contacts().iter().enumerate() {
                let (ja, jb) = (&contact.jacobian_a, contact.tree_b.as_ref());
                let na = ja.ncols();
                g_times(&g[c], ja, gj, 0);
                let ta = contact.tree_a;
                for j in 0..na {
                    let start = s.diag_start(ta, j);
                    add_jt_col(ja, &gj[3 * j..3 * j + 3], j, &mut s.values[start..start + na]);
                }
                let Some((tb, jb)) = jb else {
                    continue;
                };
                let (tb, nb) = (*tb, jb.ncols());
                g_times(&g[c], jb, gj, 3 * na);
                for j in 0..nb {
                    let start = s.diag_start(tb, j);
                    let col = &gj[3 * (na + j)..3 * (na + j) + 3];
                    add_jt_col(jb, col, j, &mut s.values[start..start + nb]);
                }
                // The cross block sits below the diagonal: rows of the larger tree.
                let (hi, lo, j_hi, n_lo, gj_lo) = if ta > tb {
                    (ta, tb, ja, nb, 3 * na)
                } else {
                    (tb, ta, jb, na, 0)
                };
                let cross = s.cross_offset(hi, lo);
                let n_hi = j_hi.ncols();
                for j in 0..n_lo {
                    let start = s.col_ptr[s.offsets[lo] + j] + (n_lo - j) + cross;
                    let col = &gj[gj_lo + 3 * j..gj_lo + 3 * j + 3];
                    add_jt_col(j_hi, col, 0, &mut s.values[start..start + n_hi]);
                }
            }
            for (m, &gm) in model.joints().zip(joint_g) {
                // Column c of a tree's diagonal block stores rows c.. of the tree first.
                m.add_hessian(gm, |r, c, x| s.values[s.col_ptr[c] + (r - c)] += x);
            }
        } else {
            let h = &mut self.dense;
            h.fill(0.0);
            for (t, tree) in problem.trees().iter().enumerate() {
                let o = problem.offset(t);
                let n = tree.dofs();
                for (j, col) in tree.a.as_slice().chunks_exact(n).enumerate() {
                    let hc = &mut h.col_as_slice_mut(o + j)[o + j..o + n];
                    for (hv, a) in hc.iter_mut().zip(&col[j..]) {
                        *hv += a;
                    }
                }
            }
            for (c, contact) in problem.contacts().iter().enumerate() {
                let mut sides: [(usize, &nalgebra::DMatrix<f64>); 2] =
                    [(problem.offset(contact.tree_a), &contact.jacobian_a); 2];
                let count = if let Some((tb, jb)) = &contact.tree_b {
                    sides[1] = (problem.offset(*tb), jb);
                    2
                } else {
                    1
                };
                let mut at = 0;
                for &(oc, jc) in &sides[..count] {
                    g_times(&g[c], jc, gj, at);
                    for j in 0..jc.ncols() {
                        let col = &gj[at + 3 * j..at + 3 * j + 3];
                        let hc = h.col_as_slice_mut(oc + j);
                        for &(or, jr) in &sides[..count] {
                            if or + jr.ncols() <= oc + j {
                                continue; // entirely above the diagonal
                            }
                            // Rows or + i >= oc + j only (lower triangle).
                            let i0 = (oc + j).saturating_sub(or);
                            add_jt_col(jr, col, i0, &mut hc[or..or + jr.ncols()]);
                        }
                    }
                    at += 3 * jc.ncols();
                }
            }
            for (m, &gm) in model.joints().zip(joint_g) {
                m.add_hessian(gm, |r, c, x| h.col_as_slice_mut(c)[r] += x);
            }
        }
    }

    /// Solves H x = rhs in place again with the factorization of the last
    /// [`Self::factor_solve`] (block or dense; the sparse one is not kept).
    pub(crate) fn solve_factored(&mut self, rhs: &mut [f64]) -> Result<(), SapError> {
        match self.factorization {
            Factorization::Block => self.block.solve_in_place(rhs),
            Factorization::Dense => faer::linalg::cholesky::llt::solve::solve_in_place_with_conj(
                self.dense.as_ref(),
                Conj::No,
                MatMut::from_column_major_slice_mut(rhs, rhs.len(), 1),
                Par::Seq,
                MemStack::new(&mut self.dense_mem),
            ),
            Factorization::Sparse => {
                return Err(SapError::Factorization("the sparse factor is not kept".into()))
            }
        }
        Ok(())
    }

    /// Factorizes the assembled H and solves H x = rhs in place.
    pub(crate) fn factor_solve(&mut self, rhs: &mut [f64]) -> Result<(), SapError> {
        let n = rhs.len();
        if self.factorization == Factorization::Block {
            self.block.factor().map_err(|e| {
                SapError::Factorization(format!(
                    "H is not positive definite in the block of tree {}",
                    e.tree
                ))
            })?;
            self.block.solve_in_place(rhs);
        } else if self.factorization == Factorization::Sparse {
            let Some(s) = self.sparse.as_mut() else {
                return Err(SapError::Factorization("no pattern".into()));
            };
            let sym = SymbolicSparseColMatRef::new_checked(n, n, &s.col_ptr, None, &s.row_idx);
            let a = SparseColMatRef::new(sym, &s.values);
            let stack = MemStack::new(&mut s.mem);
            let llt = s
                .symbolic
                .factorize_numeric_llt(
                    &mut s.l_values,
                    a,
                    Side::Lower,
                    LltRegularization::default(),
                    Par::Seq,
                    stack,
                    Spec::default(),
                )
                .map_err(|e| SapError::Factorization(format!("{e:?}")))?;
            let stack = MemStack::new(&mut s.mem);
            llt.solve_in_place_with_conj(
                Conj::No,
                MatMut::from_column_major_slice_mut(rhs, n, 1),
                Par::Seq,
                stack,
            );
        } else {
            let stack = MemStack::new(&mut self.dense_mem);
            faer::linalg::cholesky::llt::factor::cholesky_in_place(
                self.dense.as_mut(),
                LltRegularization::default(),
                Par::Seq,
                stack,
                Spec::default(),
            )
            .map_err(|e| SapError::Factorization(format!("{e:?}")))?;
            let stack = MemStack::new(&mut self.dense_mem);
            faer::linalg::cholesky::llt::solve::solve_in_place_with_conj(
                self.dense.as_ref(),
                Conj::No,
                MatMut::from_column_major_slice_mut(rhs, n, 1),
                Par::Seq,
                stack,
            );
        }
        Ok(())
    }
}

/// H = A + sum_i J_i^T G_i J_i into the blocks of `f` (lower triangles of the
/// diagonal blocks; each coupled pair's block once, in the orientation `f` stores).
fn assemble_blocks(
    f: &mut BlockCholesky, gj: &mut [f64], problem: &SapProblem, g: &[Matrix3<f64>], model: &SapModel,
    joint_g: &[f64],
) {
    // The diagonal blocks start as A's blocks (copied whole: the strict upper triangle
    // is never read), so only the coupling blocks need zeroing.
    f.clear_couplings();
    for (t, tree) in problem.trees().iter().enumerate() {
        copy_small(f.diagonal_mut(t), tree.a.as_slice());
    }
    for (c, contact) in problem.contacts().iter().enumerate() {
        // A contact without impulse (the no-contact region of Eq. 27, most of the
        // speculative ones) has G = 0: its blocks J^T G J are zero. Skipping them
        // adds nothing that was not +-0.
        if g[c] == Matrix3::zeros() {
            continue;
        }
        let (ta, ja) = (contact.tree_a, &contact.jacobian_a);
        let na = ja.ncols();
        g_times(&g[c], ja, gj, 0);
        add_jt_gj(f.diagonal_mut(ta), ja.as_slice(), &gj[..3 * na], na, na, true);
        let Some((tb, jb)) = &contact.tree_b else {
            continue;
        };
        let (tb, nb) = (*tb, jb.ncols());
        g_times(&g[c], jb, gj, 3 * na);
        add_jt_gj(
            f.diagonal_mut(tb),
            jb.as_slice(),
            &gj[3 * na..3 * (na + nb)],
            nb,
            nb,
            true,
        );
        // The stored block H_rc = J_r^T (G J_c), with c eliminated first.
        let (r, _, block) = f.coupling_mut(ta, tb);
        if r == ta {
            add_jt_gj(block, ja.as_slice(), &gj[3 * na..3 * (na + nb)], na, nb, false);
        } else {
            add_jt_gj(block, jb.as_slice(), &gj[..3 * na], nb, na, false);
        }
    }
    for (m, &gm) in model.joints().zip(joint_g) {
        // Every velocity of a one-row constraint lies in one tree.
        let t = tree_of_velocity(problem, m.velocity);
        let (o, n) = (problem.offset(t), problem.trees()[t].dofs());
        let block = f.diagonal_mut(t);
        m.add_hessian(gm, |r, c, x| block[(c - o) * n + (r - o)] += x);
    }
}

/// The tree whose dofs contain generalized velocity `v` (< n_v), by bisection on the
/// tree offsets.
fn tree_of_velocity(problem: &SapProblem, v: usize) -> usize {
    let (mut lo, mut hi) = (0, problem.trees().len());
    // Invariant: offset(lo) <= v < offset(hi) (offset(n_t) = n_v).
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if problem.offset(mid) <= v {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// `h += J_r^T (G J_c)` for the n_r x n_c column-major block `h`, with `j_r` (3 x n_r)
/// and `gj_c` (3 x n_c) column-major; only rows `i >= j` of column j when `lower`
/// (a diagonal block). Compiled with constant sizes for 6-dof trees (free bodies).
#[inline]
fn add_jt_gj(h: &mut [f64], j_r: &[f64], gj_c: &[f64], n_r: usize, n_c: usize, lower: bool) {
    if n_r == 6 && n_c == 6 {
        add_jt_gj_fixed::<6, 6>(h, j_r, gj_c, lower);
    } else {
        add_jt_gj_any(h, j_r, gj_c, n_r, lower);
    }
}

fn add_jt_gj_fixed<const R: usize, const C: usize>(h: &mut [f64], j_r: &[f64], gj_c: &[f64], lower: bool) {
    add_jt_gj_any(&mut h[..R * C], &j_r[..3 * R], &gj_c[..3 * C], R, lower);
}

#[inline(always)]
fn add_jt_gj_any(h: &mut [f64], j_r: &[f64], gj_c: &[f64], n_r: usize, lower: bool) {
    for (j, (hc, g)) in h.chunks_exact_mut(n_r).zip(gj_c.chunks_exact(3)).enumerate() {
        let i0 = if lower { j } else { 0 };
        for (hv, col) in hc[i0..].iter_mut().zip(j_r.chunks_exact(3).skip(i0)) {
            *hv += col[0] * g[0] + col[1] * g[1] + col[2] * g[2];
        }
    }
}

/// `out[at..]` = G J, column by column (3 entries per column).
#[inline]
fn g_times(g: &Matrix3<f64>, j: &nalgebra::DMatrix<f64>, out: &mut [f64], at: usize) {
    // Column-major G: entry (r, k) at g[3 k + r]; each row summed over k in order.
    let g: &[f64; 9] = g
        .as_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("a 3 x 3 matrix"));
    for (o, x) in out[at..].chunks_exact_mut(3).zip(j.as_slice().chunks_exact(3)) {
        let (x0, x1, x2) = (x[0], x[1], x[2]);
        o[0] = g[0] * x0 + g[3] * x1 + g[6] * x2;
        o[1] = g[1] * x0 + g[4] * x1 + g[7] * x2;
        o[2] = g[2] * x0 + g[5] * x1 + g[8] * x2;
    }
}

/// `h[i] += J[:, i] . gj` for the columns `i >= i0` of the 3 x n block `j`.
#[inline]
fn add_jt_col(j: &nalgebra::DMatrix<f64>, gj: &[f64], i0: usize, h: &mut [f64]) {
    for (hv, col) in h[i0..].iter_mut().zip(j.as_slice().chunks_exact(3).skip(i0)) {
        *hv += col[0] * gj[0] + col[1] * gj[1] + col[2] * gj[2];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::hessian;
    use crate::model::{RegularizationSettings, SapModel};
    use crate::problem::{Constraints, Tree};
    use crate::{ContactConstraint, CouplerConstraint, JointLimitConstraint, PdControllerConstraint};
    use nalgebra::{DMatrix, DVector};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The lower triangle of the assembled H, expanded to a full dense matrix.
    fn assembled(solver: &HessianSolver, n: usize) -> DMatrix<f64> {
        if solver.factorization == Factorization::Block {
            return solver.block.to_dense();
        }
        let mut h = DMatrix::zeros(n, n);
        if let Some(s) = solver
            .sparse
            .as_ref()
            .filter(|_| solver.factorization == Factorization::Sparse)
        {
            for col in 0..n {
                for k in s.col_ptr[col]..s.col_ptr[col + 1] {
                    h[(s.row_idx[k], col)] = s.values[k];
                }
            }
        } else {
            for col in 0..n {
                for row in col..n {
                    h[(row, col)] = solver.dense[(row, col)];
                }
            }
        }
        for col in 0..n {
            for row in 0..col {
                h[(row, col)] = h[(col, row)];
            }
        }
        h
    }

    fn random_problem(rng: &mut ChaCha8Rng) -> SapProblem {
        let nt = rng.random_range(2..8);
        let trees: Vec<Tree> = (0..nt)
            .map(|_| {
                let n = rng.random_range(1..=6);
                let b = DMatrix::from_fn(n, n, |_, _| rng.random_range(-1.0..1.0));
                let a = b.transpose() * b + DMatrix::identity(n, n);
                Tree::new(a, DVector::from_fn(n, |_, _| rng.random_range(-1.0..1.0)))
            })
            .collect();
        let contacts = (0..rng.random_range(1..12))
            .map(|_| {
                let a = rng.random_range(0..nt);
                let ja = DMatrix::from_fn(3, trees[a].dofs(), |_, _| rng.random_range(-1.0..1.0));
                let phi0 = rng.random_range(-1e-2..1e-2);
                let b = rng.random_range(0..nt);
                let c = if b != a && rng.random_bool(0.7) {
                    let jb = DMatrix::from_fn(3, trees[b].dofs(), |_, _| rng.random_range(-1.0..1.0));
                    ContactConstraint::between(a, ja, b, jb, phi0)
                } else {
                    ContactConstraint::with_world(a, ja, phi0)
                };
                c.with_parameters(1e4, 0.01, 0.5)
            })
            .collect();
        let dof = |rng: &mut ChaCha8Rng| {
            let t = rng.random_range(0..nt);
            (t, rng.random_range(0..trees[t].dofs()))
        };
        let pd_controllers = (0..rng.random_range(0..5))
            .map(|_| {
                let (t, k) = dof(rng);
                PdControllerConstraint::new(t, k, 0.1, 50.0, 2.0)
                    .with_target(rng.random_range(-1.0..1.0), 0.0)
                    .with_effort_limit(rng.random_range(0.5..5.0))
            })
            .collect();
        let joint_limits = (0..rng.random_range(0..5))
            .map(|_| {
                let (t, k) = dof(rng);
                let q0 = rng.random_range(-1.0..1.0);
                if rng.random_bool(0.5) {
                    JointLimitConstraint::lower(t, k, q0, q0 - 0.01)
                } else {
                    JointLimitConstraint::upper(t, k, q0, q0 + 0.01)
                }
            })
            .collect();
        let couplers = (0..rng.random_range(0..3))
            .filter_map(|_| {
                let t = rng.random_range(0..nt);
                let n = trees[t].dofs();
                (n > 1).then(|| {
                    let (i, j) = (rng.random_range(0..n - 1), n - 1);
                    CouplerConstraint::new(t, j, 0.1, i, 0.2, rng.random_range(-2.0..2.0))
                })
            })
            .collect();
        let constraints = Constraints {
            contacts,
            pd_controllers,
            joint_limits,
            couplers,
        };
        SapProblem::with_constraints(1e-2, trees, constraints).expect("valid by construction")
    }

    /// The three assemblies of H (dense, sparse, block) equal the reference `hessian` (built column by column from
    /// J e_k, independently of the block layout), on random problems of trees of 1-6
    /// dofs with contacts between one or two trees, in either tree order, and PD
    /// controllers, joint limits and couplers on random dofs.
    #[test]
    fn dense_and_sparse_assembly_equal_the_reference_hessian() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..200 {
            let problem = random_problem(&mut rng);
            let model = SapModel::new(&problem, &RegularizationSettings::default()).unwrap();
            let models = &model.contacts;
            let n = problem.num_velocities();
            let v = DVector::from_fn(n, |_, _| rng.random_range(-1.0..1.0));
            let reference = hessian(&problem, &model, &v);
            let g: Vec<_> = problem
                .contacts()
                .iter()
                .zip(models)
                .enumerate()
                .map(|(c, (_, m))| {
                    let vc = problem.contact_velocity(c, v.as_slice());
                    let y = nalgebra::Vector3::new(
                        -vc[0] / m.cone.r_t,
                        -vc[1] / m.cone.r_t,
                        -(vc[2] - m.v_hat_n) / m.cone.r_n,
                    );
                    m.cone.project_with_gradient(&y).1
                })
                .collect();
            for factorization in [Factorization::Dense, Factorization::Sparse, Factorization::Block] {
                let mut solver = HessianSolver::new();
                solver.prepare(&problem, factorization).unwrap();
                let joint_g: Vec<f64> = model
                    .joints()
                    .map(|m| {
                        m.interval
                            .project_with_gradient(m.constraint_velocity(v.as_slice()))
                            .1
                    })
                    .collect();
                solver.assemble(&problem, &g, &model, &joint_g);
                let h = assembled(&solver, n);
                let err = (&h - &reference).amax();
                assert!(
                    err <= 1e-9 * reference.amax(),
                    "{factorization:?}: |H - H_ref| = {err:e}"
                );
            }
        }
    }
}
