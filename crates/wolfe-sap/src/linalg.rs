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

use crate::error::SapError;
use crate::problem::SapProblem;

/// Which factorization of H to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinearSolver {
    /// Dense when the problem has at most [`crate::SapSettings::dense_max_dofs`]
    /// generalized velocities, sparse otherwise.
    Auto,
    /// Always a dense Cholesky factorization of the full n_v x n_v matrix H.
    Dense,
    /// Always faer's supernodal sparse Cholesky factorization.
    Sparse,
}

/// The block pattern of H: the dofs of each tree and the (lower, upper) tree pairs
/// coupled by at least one contact.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PatternKey {
    tree_sizes: Vec<usize>,
    pairs: Vec<(usize, usize)>,
}

impl PatternKey {
    fn of(problem: &SapProblem) -> Self {
        let tree_sizes = problem.trees().iter().map(|t| t.dofs()).collect();
        let mut pairs: Vec<(usize, usize)> = problem
            .contacts()
            .iter()
            .filter_map(|c| {
                c.tree_b
                    .as_ref()
                    .map(|(b, _)| (c.tree_a.min(*b), c.tree_a.max(*b)))
            })
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        Self { tree_sizes, pairs }
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

    /// Position in `values` of entry (row tree r, local i; column tree c, local j),
    /// r >= c, with i >= j when r == c.
    #[inline]
    fn block_start(&self, r: usize, c: usize, j: usize) -> usize {
        let col = self.offsets[c] + j;
        let n_c = self.key.tree_sizes[c];
        if r == c {
            self.col_ptr[col] - j
        } else {
            let k = self.neighbors[c]
                .binary_search_by_key(&r, |e| e.0)
                .unwrap_or_else(|_| unreachable!("pattern built from the same contacts"));
            self.col_ptr[col] + (n_c - j) + self.neighbors[c][k].1
        }
    }
}

/// Assembles, factorizes and solves with H; owns all its workspaces.
pub(crate) struct HessianSolver {
    dense: Mat<f64>,
    dense_mem: MemBuffer,
    sparse: Option<SparseH>,
    use_sparse: bool,
    /// Number of symbolic factorizations computed so far.
    pub symbolic_factorizations: usize,
}

impl HessianSolver {
    pub(crate) fn new() -> Self {
        Self {
            dense: Mat::zeros(0, 0),
            dense_mem: MemBuffer::new(StackReq::EMPTY),
            sparse: None,
            use_sparse: false,
            symbolic_factorizations: 0,
        }
    }

    /// Prepares for a solve of `problem`: chooses dense or sparse and (re)builds the
    /// pattern and symbolic factorization only when the pattern changed.
    pub(crate) fn prepare(&mut self, problem: &SapProblem, use_sparse: bool) -> Result<(), SapError> {
        self.use_sparse = use_sparse;
        let n = problem.num_velocities();
        if use_sparse {
            let key = PatternKey::of(problem);
            let reuse = self.sparse.as_ref().is_some_and(|s| s.key == key);
            if !reuse {
                self.sparse = Some(SparseH::new(key)?);
                self.symbolic_factorizations += 1;
            }
        } else if self.dense.nrows() != n {
            self.dense = Mat::zeros(n, n);
            self.dense_mem =
                MemBuffer::try_new(faer::linalg::cholesky::llt::factor::cholesky_in_place_scratch::<
                    f64,
                >(n, Par::Seq, Spec::<LltParams, f64>::default()))
                .map_err(|e| SapError::Factorization(format!("{e:?}")))?;
        }
        Ok(())
    }

    /// Assembles H = A + sum_i J_i^T G_i J_i (lower triangle).
    pub(crate) fn assemble(&mut self, problem: &SapProblem, g: &[Matrix3<f64>]) {
        if self.use_sparse {
            let Some(s) = self.sparse.as_mut() else {
                return;
            };
            s.values.fill(0.0);
            for (t, tree) in problem.trees().iter().enumerate() {
                let n = tree.dofs();
                for j in 0..n {
                    let start = s.block_start(t, t, j);
                    for i in j..n {
                        s.values[start + i] += tree.a[(i, j)];
                    }
                }
            }
            for (c, contact) in problem.contacts().iter().enumerate() {
                let gc = &g[c];
                let mut blocks: [(usize, &nalgebra::DMatrix<f64>); 2] =
                    [(contact.tree_a, &contact.jacobian_a); 2];
                let count = if let Some((tb, jb)) = &contact.tree_b {
                    blocks[1] = (*tb, jb);
                    2
                } else {
                    1
                };
                for &(tr, jr) in &blocks[..count] {
                    for &(tc, jc) in &blocks[..count] {
                        if tr < tc {
                            continue;
                        }
                        // Block (tr, tc) += J_r^T G J_c.
                        for j in 0..jc.ncols() {
                            let col = jc.column(j);
                            let gj = gc * nalgebra::Vector3::new(col[0], col[1], col[2]);
                            let start = s.block_start(tr, tc, j);
                            let i0 = if tr == tc { j } else { 0 };
                            for i in i0..jr.ncols() {
                                s.values[start + i] +=
                                    jr[(0, i)] * gj[0] + jr[(1, i)] * gj[1] + jr[(2, i)] * gj[2];
                            }
                        }
                    }
                }
            }
        } else {
            let h = &mut self.dense;
            h.fill(0.0);
            for (t, tree) in problem.trees().iter().enumerate() {
                let o = problem.offset(t);
                let n = tree.dofs();
                for j in 0..n {
                    for i in j..n {
                        h[(o + i, o + j)] += tree.a[(i, j)];
                    }
                }
            }
            for (c, contact) in problem.contacts().iter().enumerate() {
                let gc = &g[c];
                let mut blocks: [(usize, &nalgebra::DMatrix<f64>); 2] =
                    [(contact.tree_a, &contact.jacobian_a); 2];
                let count = if let Some((tb, jb)) = &contact.tree_b {
                    blocks[1] = (*tb, jb);
                    2
                } else {
                    1
                };
                for &(tr, jr) in &blocks[..count] {
                    for &(tc, jc) in &blocks[..count] {
                        let (or, oc) = (problem.offset(tr), problem.offset(tc));
                        for j in 0..jc.ncols() {
                            let col = jc.column(j);
                            let gj = gc * nalgebra::Vector3::new(col[0], col[1], col[2]);
                            for i in 0..jr.ncols() {
                                if or + i >= oc + j {
                                    h[(or + i, oc + j)] +=
                                        jr[(0, i)] * gj[0] + jr[(1, i)] * gj[1] + jr[(2, i)] * gj[2];
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Factorizes the assembled H and solves H x = rhs in place.
    pub(crate) fn factor_solve(&mut self, rhs: &mut [f64]) -> Result<(), SapError> {
        let n = rhs.len();
        if self.use_sparse {
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
