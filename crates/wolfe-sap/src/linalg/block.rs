//! A block Cholesky factorization of H with one block row and column per tree: the
//! tree-level sparsity of Section IV-D.
//!
//! H = A + J^T G J couples two trees only through a contact between them, so its
//! nonzero blocks are the trees' diagonal blocks and one block per coupled pair. The
//! trees are eliminated in a minimum-degree order of that graph (computed on the trees,
//! not on the dofs: tens of vertices instead of hundreds), the fill of each elimination
//! is a clique of the eliminated tree's remaining neighbours, and the numeric
//! factorization works on dense blocks. On the clutter scene's islands (6-dof free
//! bodies, each touching a few others) the blocks are 6 x 6, for which the kernels below
//! are compiled with constant sizes; other tree sizes take the same kernels with sizes
//! known at run time. faer's supernodal factorization of the same matrices spends most
//! of its time on the bookkeeping of supernodes a few columns wide.
//!
//! All storage is kept between factorizations; a new pattern (different trees or
//! coupled pairs) is analysed again without allocating once the storage has held as
//! large a pattern.

use crate::copy::copy_small;

/// The pattern, elimination order, fill and values of the block factorization.
#[derive(Debug, Default)]
pub(crate) struct BlockCholesky {
    /// Dofs of each tree (tree order).
    sizes: Vec<usize>,
    /// Offset of each tree's dofs in a vector of all dofs (tree order).
    offsets: Vec<usize>,
    /// The coupled pairs `(lo, hi)` the pattern was analysed for, sorted.
    pairs: Vec<(usize, usize)>,
    /// The tree eliminated at each position.
    order: Vec<usize>,
    /// The position of each tree.
    position: Vec<usize>,
    /// Per position k, the range `col_start[k]..col_start[k + 1]` of `rows`: the later
    /// positions i > k with a block L_ik, ascending, each with the offset of that block
    /// (n_i x n_k, column-major) in `values`.
    col_start: Vec<usize>,
    rows: Vec<(usize, usize)>,
    /// Per position, the offset of its diagonal block (n x n, column-major, lower
    /// triangle used) in `values`; entry `len` is the end of the values.
    diag: Vec<usize>,
    /// The blocks of H (after `clear`, as assembled), then of L (after `factor`).
    values: Vec<f64>,
    /// Per position k, in the order the factorization visits the pairs (i, j) of
    /// column k's rows with j < i: the offset of the block (i, j) it updates (found
    /// once per pattern instead of searched in every factorization).
    targets: Vec<usize>,
    /// Scratch for the analysis: adjacency bitsets (words per row) and the
    /// eliminated tree's neighbours.
    adjacency: Vec<u64>,
    neighbours: Vec<u64>,
    alive: Vec<u64>,
    /// Scratch for the solve: one tree's part of the right-hand side.
    scratch: Vec<f64>,
}

/// The factorization met a pivot that is not positive (H not positive definite to
/// working precision) in the diagonal block of `tree`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NotPositiveDefinite {
    /// The tree whose diagonal block failed.
    pub tree: usize,
}

impl BlockCholesky {
    /// Whether the analysed pattern is that of `sizes` and the sorted, deduplicated
    /// `pairs`.
    pub(crate) fn has_pattern(&self, sizes: &[usize], pairs: &[(usize, usize)]) -> bool {
        self.sizes == sizes && self.pairs == pairs
    }

    /// Analyses the pattern of trees of `sizes` dofs coupled by `pairs` (`(lo, hi)`,
    /// `lo < hi < sizes.len()`, sorted, no duplicates): a minimum-degree order of the
    /// trees, the fill, and the layout of the blocks.
    pub(crate) fn analyse(&mut self, sizes: &[usize], pairs: &[(usize, usize)]) {
        let nt = sizes.len();
        self.sizes.clear();
        self.sizes.extend_from_slice(sizes);
        self.pairs.clear();
        self.pairs.extend_from_slice(pairs);
        self.offsets.clear();
        let mut total = 0;
        for &n in sizes {
            self.offsets.push(total);
            total += n;
        }
        let words = nt.div_ceil(64);
        self.adjacency.clear();
        self.adjacency.resize(nt * words, 0);
        for &(lo, hi) in pairs {
            self.adjacency[lo * words + hi / 64] |= 1 << (hi % 64);
            self.adjacency[hi * words + lo / 64] |= 1 << (lo % 64);
        }
        self.alive.clear();
        self.alive.resize(words, 0);
        for t in 0..nt {
            self.alive[t / 64] |= 1 << (t % 64);
        }
        // Minimum degree: eliminate the live tree with the fewest live neighbours (ties:
        // fewer dofs, then the smaller index); its live neighbours become a clique.
        // The neighbours at elimination are kept (`neighbours`, per tree) for the layout.
        self.neighbours.clear();
        self.neighbours.resize(nt * words, 0);
        self.order.clear();
        self.position.clear();
        self.position.resize(nt, usize::MAX);
        for k in 0..nt {
            let mut best = (usize::MAX, usize::MAX, usize::MAX);
            for t in (0..nt).filter(|&t| self.position[t] == usize::MAX) {
                let row = &self.adjacency[t * words..(t + 1) * words];
                let degree: u32 = row
                    .iter()
                    .zip(&self.alive)
                    .map(|(r, a)| (r & a).count_ones())
                    .sum();
                best = best.min((degree as usize, sizes[t], t));
            }
            let p = best.2;
            self.position[p] = k;
            self.order.push(p);
            self.alive[p / 64] &= !(1 << (p % 64));
            for w in 0..words {
                self.neighbours[p * words + w] = self.adjacency[p * words + w] & self.alive[w];
            }
            for u in (0..nt).filter(|&u| self.neighbours[p * words + u / 64] & (1 << (u % 64)) != 0) {
                for w in 0..words {
                    self.adjacency[u * words + w] |= self.neighbours[p * words + w];
                }
                self.adjacency[u * words + u / 64] &= !(1 << (u % 64));
            }
        }
        // Layout: per position, the diagonal block, then the blocks below it in the
        // order of their positions.
        self.col_start.clear();
        self.rows.clear();
        self.diag.clear();
        let mut at = 0;
        for k in 0..nt {
            let p = self.order[k];
            let nk = sizes[p];
            self.col_start.push(self.rows.len());
            self.diag.push(at);
            at += nk * nk;
            let first = self.rows.len();
            for u in 0..nt {
                if self.neighbours[p * words + u / 64] & (1 << (u % 64)) != 0 {
                    self.rows.push((self.position[u], 0));
                }
            }
            self.rows[first..].sort_unstable();
            for entry in &mut self.rows[first..] {
                entry.1 = at;
                at += sizes[self.order[entry.0]] * nk;
            }
        }
        self.col_start.push(self.rows.len());
        self.diag.push(at);
        self.values.clear();
        self.values.resize(at, 0.0);
        self.targets.clear();
        for k in 0..nt {
            let below = &self.rows[self.col_start[k]..self.col_start[k + 1]];
            for (x, &(i, _)) in below.iter().enumerate() {
                for &(j, _) in &below[..x] {
                    let list = &self.rows[self.col_start[j]..self.col_start[j + 1]];
                    let at = list
                        .binary_search_by_key(&i, |e| e.0)
                        .map(|q| list[q].1)
                        .unwrap_or_else(|_| unreachable!("the fill is a clique by construction"));
                    self.targets.push(at);
                }
            }
        }
        let widest = sizes.iter().copied().max().unwrap_or(0);
        self.scratch.clear();
        self.scratch.resize(widest, 0.0);
    }

    /// Sets every stored block to zero, for a new assembly.
    #[cfg(test)]
    pub(crate) fn clear(&mut self) {
        self.values.fill(0.0);
    }

    /// Sets the off-diagonal blocks (couplings and fill) to zero, for an assembly that
    /// writes every diagonal block whole.
    pub(crate) fn clear_couplings(&mut self) {
        for k in 0..self.order.len() {
            let nk = self.sizes[self.order[k]];
            self.values[self.diag[k] + nk * nk..self.diag[k + 1]].fill(0.0);
        }
    }

    /// The diagonal block of tree `t` (n_t x n_t, column-major; the assembly fills its
    /// lower triangle).
    pub(crate) fn diagonal_mut(&mut self, t: usize) -> &mut [f64] {
        let k = self.position[t];
        let n = self.sizes[t];
        &mut self.values[self.diag[k]..self.diag[k] + n * n]
    }

    /// For coupled trees `a != b`: the stored off-diagonal block, `(r, c, block)`, with
    /// `block` the n_r x n_c column-major block H_rc, where `{r, c} = {a, b}` and r is
    /// eliminated after c.
    pub(crate) fn coupling_mut(&mut self, a: usize, b: usize) -> (usize, usize, &mut [f64]) {
        let (r, c) = if self.position[a] > self.position[b] {
            (a, b)
        } else {
            (b, a)
        };
        let (kr, kc) = (self.position[r], self.position[c]);
        let list = &self.rows[self.col_start[kc]..self.col_start[kc + 1]];
        let at = list
            .binary_search_by_key(&kr, |e| e.0)
            .map(|i| list[i].1)
            .unwrap_or_else(|_| unreachable!("coupled trees have a block by construction"));
        let len = self.sizes[r] * self.sizes[c];
        (r, c, &mut self.values[at..at + len])
    }

    /// Factorizes the assembled blocks in place: H = L L^T, right-looking by block
    /// column in the elimination order.
    pub(crate) fn factor(&mut self) -> Result<(), NotPositiveDefinite> {
        let nt = self.order.len();
        let mut targets = self.targets.iter();
        for k in 0..nt {
            let nk = self.sizes[self.order[k]];
            // Layout by position: D_k, then column k's blocks below it, then the later
            // positions' blocks, which are the only ones this column updates.
            let base = self.diag[k] + nk * nk;
            let (head, tail) = self.values.split_at_mut(base);
            let d = &mut head[self.diag[k]..];
            if !cholesky_in_place(d, nk) {
                return Err(NotPositiveDefinite { tree: self.order[k] });
            }
            let d = &head[self.diag[k]..];
            let below = &self.rows[self.col_start[k]..self.col_start[k + 1]];
            let rest_base = self.diag[k + 1];
            let (col, rest) = tail.split_at_mut(rest_base - base);
            for &(i, at) in below {
                let ni = self.sizes[self.order[i]];
                solve_right_lower_transpose(&mut col[at - base..at - base + ni * nk], d, ni, nk);
            }
            for (x, &(i, at_i)) in below.iter().enumerate() {
                let ni = self.sizes[self.order[i]];
                let l_ik = &col[at_i - base..at_i - base + ni * nk];
                // Diagonal block of position i.
                let di = self.diag[i] - rest_base;
                syrk_lower_sub(&mut rest[di..di + ni * ni], l_ik, ni, nk);
                for &(j, at_j) in &below[..x] {
                    // j < i: the block (i, j) sits in column j.
                    let nj = self.sizes[self.order[j]];
                    let l_jk = &col[at_j - base..at_j - base + nj * nk];
                    let Some(&at) = targets.next() else {
                        unreachable!("one target per pair, listed by `analyse`");
                    };
                    let t = &mut rest[at - rest_base..at - rest_base + ni * nj];
                    gemm_nt_sub(t, l_ik, l_jk, ni, nj, nk);
                }
            }
        }
        Ok(())
    }

    /// Solves H x = rhs in place with the factorization (`rhs` in tree order: tree t's
    /// dofs at its offset).
    pub(crate) fn solve_in_place(&mut self, rhs: &mut [f64]) {
        let nt = self.order.len();
        // Forward: L y = b.
        for k in 0..nt {
            let p = self.order[k];
            let (o, nk) = (self.offsets[p], self.sizes[p]);
            let d = &self.values[self.diag[k]..self.diag[k] + nk * nk];
            let y = &mut self.scratch[..nk];
            copy_small(y, &rhs[o..o + nk]);
            forward_lower(d, y, nk);
            copy_small(&mut rhs[o..o + nk], y);
            for &(i, at) in &self.rows[self.col_start[k]..self.col_start[k + 1]] {
                let q = self.order[i];
                let (oi, ni) = (self.offsets[q], self.sizes[q]);
                let l = &self.values[at..at + ni * nk];
                gemv_sub(&mut rhs[oi..oi + ni], l, y, ni, nk);
            }
        }
        // Backward: L^T x = y.
        for k in (0..nt).rev() {
            let p = self.order[k];
            let (o, nk) = (self.offsets[p], self.sizes[p]);
            let x = &mut self.scratch[..nk];
            copy_small(x, &rhs[o..o + nk]);
            for &(i, at) in &self.rows[self.col_start[k]..self.col_start[k + 1]] {
                let q = self.order[i];
                let (oi, ni) = (self.offsets[q], self.sizes[q]);
                let l = &self.values[at..at + ni * nk];
                gemv_t_sub(x, l, &rhs[oi..oi + ni], ni, nk);
            }
            let d = &self.values[self.diag[k]..self.diag[k] + nk * nk];
            backward_lower_transpose(d, x, nk);
            copy_small(&mut rhs[o..o + nk], x);
        }
    }
}

#[cfg(test)]
impl BlockCholesky {
    /// The stored (assembled, not yet factorized) matrix, expanded to a full
    /// symmetric matrix in tree order.
    pub(crate) fn to_dense(&self) -> nalgebra::DMatrix<f64> {
        let total: usize = self.sizes.iter().sum();
        let mut h = nalgebra::DMatrix::zeros(total, total);
        for k in 0..self.order.len() {
            let p = self.order[k];
            let (o, n) = (self.offsets[p], self.sizes[p]);
            for c in 0..n {
                for r in c..n {
                    let v = self.values[self.diag[k] + c * n + r];
                    h[(o + r, o + c)] = v;
                    h[(o + c, o + r)] = v;
                }
            }
            for &(i, at) in &self.rows[self.col_start[k]..self.col_start[k + 1]] {
                let q = self.order[i];
                let (oi, ni) = (self.offsets[q], self.sizes[q]);
                for c in 0..n {
                    for r in 0..ni {
                        let v = self.values[at + c * ni + r];
                        h[(oi + r, o + c)] = v;
                        h[(o + c, oi + r)] = v;
                    }
                }
            }
        }
        h
    }
}

#[inline(always)]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Cholesky factorization of the n x n column-major block `d` in place (lower
/// triangle; the strict upper triangle is not read). False at a pivot that is not
/// positive and finite.
fn cholesky_in_place(d: &mut [f64], n: usize) -> bool {
    if n == 6 {
        cholesky_fixed::<6>(d)
    } else {
        cholesky_any(d, n)
    }
}

#[inline(always)]
fn cholesky_any(d: &mut [f64], n: usize) -> bool {
    for j in 0..n {
        let pivot = d[j * n + j];
        if !(pivot > 0.0 && pivot.is_finite()) {
            return false;
        }
        let s = pivot.sqrt();
        let inv = 1.0 / s;
        d[j * n + j] = s;
        for i in j + 1..n {
            d[j * n + i] *= inv;
        }
        // Right-looking update of the trailing lower triangle.
        for c in j + 1..n {
            let lc = d[j * n + c];
            for i in c..n {
                d[c * n + i] -= d[j * n + i] * lc;
            }
        }
    }
    true
}

fn cholesky_fixed<const N: usize>(d: &mut [f64]) -> bool {
    cholesky_any(&mut d[..N * N], N)
}

/// `x <- x L^{-T}` for the m x n column-major block `x` and the factor `l` (n x n,
/// lower): column j of the result is `(x_j - sum_{q<j} L[j, q] x'_q) / L[j, j]`.
fn solve_right_lower_transpose(x: &mut [f64], l: &[f64], m: usize, n: usize) {
    if m == 6 && n == 6 {
        solve_right_fixed::<6, 6>(x, l)
    } else {
        solve_right_any(x, l, m, n)
    }
}

#[inline(always)]
fn solve_right_any(x: &mut [f64], l: &[f64], m: usize, n: usize) {
    for j in 0..n {
        let (done, rest) = x.split_at_mut(j * m);
        let xj = &mut rest[..m];
        for q in 0..j {
            let ljq = l[q * n + j];
            for (a, b) in xj.iter_mut().zip(&done[q * m..(q + 1) * m]) {
                *a -= ljq * b;
            }
        }
        let inv = 1.0 / l[j * n + j];
        for a in xj.iter_mut() {
            *a *= inv;
        }
    }
}

fn solve_right_fixed<const M: usize, const N: usize>(x: &mut [f64], l: &[f64]) {
    solve_right_any(&mut x[..M * N], &l[..N * N], M, N)
}

/// `t <- t - a a^T` for the m x m diagonal block `t`, with `a` m x p. The whole block
/// is updated (the strict upper triangle is never read): full columns vectorize, and
/// measured on the clutter scene (callgrind) they cost a fifth of the instructions of
/// the lower triangle's ragged ones.
#[inline(always)]
fn syrk_lower_sub(t: &mut [f64], a: &[f64], m: usize, p: usize) {
    gemm_nt_sub(t, a, a, m, m, p)
}

/// `t <- t - a b^T` for the m x n block `t`, with `a` m x p and `b` n x p.
fn gemm_nt_sub(t: &mut [f64], a: &[f64], b: &[f64], m: usize, n: usize, p: usize) {
    if m == 6 && n == 6 && p == 6 {
        gemm_fixed::<6, 6, 6>(t, a, b)
    } else {
        gemm_any(t, a, b, m, n, p)
    }
}

#[inline(always)]
fn gemm_any(t: &mut [f64], a: &[f64], b: &[f64], m: usize, n: usize, p: usize) {
    for c in 0..n {
        let tc = &mut t[c * m..(c + 1) * m];
        for l in 0..p {
            let bcl = b[l * n + c];
            for (tv, av) in tc.iter_mut().zip(&a[l * m..(l + 1) * m]) {
                *tv -= av * bcl;
            }
        }
    }
}

fn gemm_fixed<const M: usize, const N: usize, const P: usize>(t: &mut [f64], a: &[f64], b: &[f64]) {
    gemm_any(&mut t[..M * N], &a[..M * P], &b[..N * P], M, N, P)
}

/// `b <- b - l y` for the m x n column-major block `l`.
fn gemv_sub(b: &mut [f64], l: &[f64], y: &[f64], m: usize, n: usize) {
    if m == 6 && n == 6 {
        gemv_fixed::<6, 6>(b, l, y)
    } else {
        gemv_any(b, l, y, m, n)
    }
}

#[inline(always)]
fn gemv_any(b: &mut [f64], l: &[f64], y: &[f64], m: usize, n: usize) {
    for (yc, lc) in y[..n].iter().zip(l.chunks_exact(m)) {
        for (bv, lv) in b[..m].iter_mut().zip(lc) {
            *bv -= lv * yc;
        }
    }
}

fn gemv_fixed<const M: usize, const N: usize>(b: &mut [f64], l: &[f64], y: &[f64]) {
    gemv_any(&mut b[..M], &l[..M * N], &y[..N], M, N)
}

/// `x <- x - l^T b` for the m x n column-major block `l`.
fn gemv_t_sub(x: &mut [f64], l: &[f64], b: &[f64], m: usize, n: usize) {
    if m == 6 && n == 6 {
        gemv_t_fixed::<6, 6>(x, l, b)
    } else {
        gemv_t_any(x, l, b, m, n)
    }
}

#[inline(always)]
fn gemv_t_any(x: &mut [f64], l: &[f64], b: &[f64], m: usize, n: usize) {
    for (xc, lc) in x[..n].iter_mut().zip(l.chunks_exact(m)) {
        *xc -= dot(&lc[..m], &b[..m]);
    }
}

fn gemv_t_fixed<const M: usize, const N: usize>(x: &mut [f64], l: &[f64], b: &[f64]) {
    gemv_t_any(&mut x[..N], &l[..M * N], &b[..M], M, N)
}

/// `y <- L^{-1} y` for the n x n lower factor `l`.
fn forward_lower(l: &[f64], y: &mut [f64], n: usize) {
    if n == 6 {
        forward_fixed::<6>(l, y)
    } else {
        forward_any(l, y, n)
    }
}

/// [`forward_lower`] compiled for n = N (bounds known, loops unrolled).
fn forward_fixed<const N: usize>(l: &[f64], y: &mut [f64]) {
    forward_any(&l[..N * N], &mut y[..N], N)
}

#[inline(always)]
fn forward_any(l: &[f64], y: &mut [f64], n: usize) {
    for j in 0..n {
        y[j] /= l[j * n + j];
        let yj = y[j];
        for i in j + 1..n {
            y[i] -= l[j * n + i] * yj;
        }
    }
}

/// `x <- L^{-T} x` for the n x n lower factor `l`.
fn backward_lower_transpose(l: &[f64], x: &mut [f64], n: usize) {
    if n == 6 {
        backward_fixed::<6>(l, x)
    } else {
        backward_any(l, x, n)
    }
}

/// [`backward_lower_transpose`] compiled for n = N.
fn backward_fixed<const N: usize>(l: &[f64], x: &mut [f64]) {
    backward_any(&l[..N * N], &mut x[..N], N)
}

#[inline(always)]
fn backward_any(l: &[f64], x: &mut [f64], n: usize) {
    for j in (0..n).rev() {
        let s = dot(&l[j * n + j + 1..(j + 1) * n], &x[j + 1..n]);
        x[j] = (x[j] - s) / l[j * n + j];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{DMatrix, DVector};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A random SPD matrix with the block pattern of `sizes` and `pairs`, assembled
    /// into `f` (lower blocks) and returned whole.
    fn random_spd(
        rng: &mut ChaCha8Rng, sizes: &[usize], pairs: &[(usize, usize)], f: &mut BlockCholesky,
    ) -> DMatrix<f64> {
        let offsets: Vec<usize> = sizes
            .iter()
            .scan(0, |s, &n| {
                let o = *s;
                *s += n;
                Some(o)
            })
            .collect();
        let total: usize = sizes.iter().sum();
        // H = B + sum over pairs of C_p^T C_p, with B block diagonal SPD: the pattern
        // is exactly the pairs' blocks.
        let mut h = DMatrix::zeros(total, total);
        for (t, &n) in sizes.iter().enumerate() {
            let b = DMatrix::from_fn(n, n, |_, _| rng.random_range(-1.0..1.0));
            let d = b.transpose() * b + DMatrix::identity(n, n);
            h.view_mut((offsets[t], offsets[t]), (n, n)).copy_from(&d);
        }
        for &(lo, hi) in pairs {
            let c = DMatrix::from_fn(3, total, |_, col| {
                let inside = |t: usize| col >= offsets[t] && col < offsets[t] + sizes[t];
                if inside(lo) || inside(hi) {
                    rng.random_range(-1.0..1.0)
                } else {
                    0.0
                }
            });
            h += c.transpose() * c;
        }
        f.clear();
        for (t, &n) in sizes.iter().enumerate() {
            let d = f.diagonal_mut(t);
            for c in 0..n {
                for r in c..n {
                    d[c * n + r] = h[(offsets[t] + r, offsets[t] + c)];
                }
            }
        }
        for &(lo, hi) in pairs {
            let (r, c, block) = f.coupling_mut(lo, hi);
            for j in 0..sizes[c] {
                for i in 0..sizes[r] {
                    block[j * sizes[r] + i] = h[(offsets[r] + i, offsets[c] + j)];
                }
            }
        }
        h
    }

    /// On random tree graphs (sizes 1-9, dense and sparse couplings, including the
    /// 6 x 6 fast paths), the block factorization solves H x = b to the accuracy of a
    /// dense LU solve of the same H: |H x - b| small relative to |H| |x|.
    #[test]
    fn solves_random_block_sparse_systems() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut f = BlockCholesky::default();
        for case in 0..300 {
            let nt = rng.random_range(1..14);
            let sizes: Vec<usize> = (0..nt)
                .map(|_| if case % 2 == 0 { 6 } else { rng.random_range(1..10) })
                .collect();
            let density = rng.random_range(0.0..1.0);
            let mut pairs = Vec::new();
            for hi in 0..nt {
                for lo in 0..hi {
                    if rng.random_bool(density) {
                        pairs.push((lo, hi));
                    }
                }
            }
            if !f.has_pattern(&sizes, &pairs) {
                f.analyse(&sizes, &pairs);
            }
            let h = random_spd(&mut rng, &sizes, &pairs, &mut f);
            let n = h.nrows();
            let b = DVector::from_fn(n, |_, _| rng.random_range(-1.0..1.0));
            f.factor().expect("SPD by construction");
            let mut x = b.clone();
            f.solve_in_place(x.as_mut_slice());
            let reference = h.clone().lu().solve(&b).expect("invertible");
            let residual = (&h * &x - &b).norm();
            assert!(
                residual <= 1e-12 * (h.norm() * x.norm() + b.norm()),
                "case {case}: |Hx - b| = {residual:e}"
            );
            assert!(
                (&x - &reference).norm() <= 1e-8 * reference.norm().max(1.0),
                "case {case}"
            );
        }
    }

    /// A matrix that is not positive definite is reported with the tree whose pivot
    /// failed, never factorized into NaN.
    #[test]
    fn reports_an_indefinite_block() {
        let mut f = BlockCholesky::default();
        f.analyse(&[2, 3], &[(0, 1)]);
        f.clear();
        let d0 = f.diagonal_mut(0);
        d0[0] = 1.0;
        d0[3] = 1.0;
        let d1 = f.diagonal_mut(1);
        d1[0] = 1.0;
        d1[4] = -1.0;
        d1[8] = 1.0;
        let err = f.factor().expect_err("indefinite");
        assert_eq!(err, NotPositiveDefinite { tree: 1 });
        f.clear();
        f.diagonal_mut(0)[0] = f64::NAN;
        assert!(f.factor().is_err());
    }

    /// The elimination order is a permutation and every fill block exists: a chain of
    /// trees (tridiagonal blocks) gets no fill, so it stores exactly its blocks.
    #[test]
    fn a_chain_has_no_fill() {
        let mut f = BlockCholesky::default();
        let sizes = [6; 8];
        let pairs: Vec<_> = (0..7).map(|t| (t, t + 1)).collect();
        f.analyse(&sizes, &pairs);
        let mut seen = f.order.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..8).collect::<Vec<_>>());
        assert_eq!(f.rows.len(), pairs.len());
        assert_eq!(f.values.len(), 8 * 36 + 7 * 36);
    }
}
