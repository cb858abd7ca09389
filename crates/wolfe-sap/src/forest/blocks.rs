//! Kernels on the blocks of a problem: the products with a tree's block of A and with a
//! contact's Jacobian block, the Delassus estimate of Section V-B, and the inverse of a
//! free body's 3 x 3 blocks.
//!
//! Each has a generic path (any size) and fixed-size paths for the common sizes (6 dofs:
//! a free body, every tree of the clutter scenes; 3 dofs: a planar body), which the
//! compiler unrolls. The fixed-size paths do the same floating-point operations in the
//! same order as the generic one, so that they give the same bits (the tests in
//! `problem.rs` compare them on random inputs); they exist because the dynamic-size
//! loops cost more than the arithmetic at these sizes (measured on the 40-body clutter
//! at rest: `mul_a` 3%, `contact_velocity` 2.5%, the Delassus estimate 4% of the step).

/// `x` as consecutive arrays of `N` entries (a shorter remainder is left out): the
/// form of `<[f64]>::as_chunks` that the workspace's minimum Rust version has.
#[inline(always)]
fn arrays<const N: usize>(x: &[f64]) -> impl Iterator<Item = &[f64; N]> {
    x.chunks_exact(N).flat_map(<&[f64; N]>::try_from)
}

/// `y = A x` for the n x n column-major block `a`, `n = x.len() = y.len()`: each `y_i`
/// summed over the columns in order, from zero.
#[inline(always)]
pub(crate) fn mul_block(a: &[f64], x: &[f64], y: &mut [f64]) {
    match x.len() {
        6 => {
            if let (Some(x), Some(y)) = (x.first_chunk::<6>(), y.first_chunk_mut::<6>()) {
                mul_block_fixed(a, x, y);
            }
        }
        3 => {
            if let (Some(x), Some(y)) = (x.first_chunk::<3>(), y.first_chunk_mut::<3>()) {
                mul_block_fixed(a, x, y);
            }
        }
        _ => mul_block_generic(a, x, y),
    }
}

/// The generic path of [`mul_block`].
pub(crate) fn mul_block_generic(a: &[f64], x: &[f64], y: &mut [f64]) {
    let n = x.len();
    y.fill(0.0);
    // Column-major: y += x_j * column j.
    for (col, &xj) in a.chunks_exact(n).zip(x) {
        for (yi, aij) in y.iter_mut().zip(col) {
            *yi += aij * xj;
        }
    }
}

/// The fixed-size path of [`mul_block`].
#[inline]
pub(crate) fn mul_block_fixed<const N: usize>(a: &[f64], x: &[f64; N], y: &mut [f64; N]) {
    let mut acc = [0.0; N];
    for (col, &xj) in arrays::<N>(a).zip(x) {
        for (yi, aij) in acc.iter_mut().zip(col) {
            *yi += aij * xj;
        }
    }
    *y = acc;
}

/// `vc += J x` for the 3 x n column-major block `j`, `x` holding at least its n entries:
/// each row summed over the columns in order.
#[inline(always)]
pub(crate) fn add_jx(j: &[f64], x: &[f64], vc: &mut [f64; 3]) {
    match j.len() {
        18 => {
            if let Some(x) = x.first_chunk::<6>() {
                add_jx_fixed(j, x, vc);
            }
        }
        9 => {
            if let Some(x) = x.first_chunk::<3>() {
                add_jx_fixed(j, x, vc);
            }
        }
        _ => add_jx_generic(j, x, vc),
    }
}

/// The generic path of [`add_jx`].
pub(crate) fn add_jx_generic(j: &[f64], x: &[f64], vc: &mut [f64; 3]) {
    // A 3 x n block is stored column by column: 3 entries per dof.
    for (col, xv) in j.chunks_exact(3).zip(x) {
        vc[0] += col[0] * xv;
        vc[1] += col[1] * xv;
        vc[2] += col[2] * xv;
    }
}

/// The fixed-size path of [`add_jx`].
#[inline]
pub(crate) fn add_jx_fixed<const N: usize>(j: &[f64], x: &[f64; N], vc: &mut [f64; 3]) {
    for (col, xv) in arrays::<3>(j).zip(x) {
        vc[0] += col[0] * xv;
        vc[1] += col[1] * xv;
        vc[2] += col[2] * xv;
    }
}

/// `y += J^T g` for the 3 x n column-major block `j`, `y` holding at least n entries:
/// `y_k += J[0, k] g_0 + J[1, k] g_1 + J[2, k] g_2`.
#[inline(always)]
pub(crate) fn add_jtg(j: &[f64], g: &[f64; 3], y: &mut [f64]) {
    match j.len() {
        18 => {
            if let Some(y) = y.first_chunk_mut::<6>() {
                add_jtg_fixed(j, g, y);
            }
        }
        9 => {
            if let Some(y) = y.first_chunk_mut::<3>() {
                add_jtg_fixed(j, g, y);
            }
        }
        _ => add_jtg_generic(j, g, y),
    }
}

/// The generic path of [`add_jtg`].
pub(crate) fn add_jtg_generic(j: &[f64], g: &[f64; 3], y: &mut [f64]) {
    for (col, yv) in j.chunks_exact(3).zip(y) {
        *yv += col[0] * g[0] + col[1] * g[1] + col[2] * g[2];
    }
}

/// The fixed-size path of [`add_jtg`].
#[inline]
pub(crate) fn add_jtg_fixed<const N: usize>(j: &[f64], g: &[f64; 3], y: &mut [f64; N]) {
    for (col, yv) in arrays::<3>(j).zip(y) {
        *yv += col[0] * g[0] + col[1] * g[1] + col[2] * g[2];
    }
}

/// `w += J A^{-1} J^T` (3 x 3, `w[s][r]` is entry (r, s)) for the 3 x n Jacobian block
/// `j` and the n x n inverse `a_inv` of its tree's block of A, as
/// `sum_k (J A^{-1})[:, k] J[:, k]^T` with `(J A^{-1})[:, k] = sum_i (A^{-1})_{ik} J[:, i]`
/// (sums in index order, from zero). `block_diagonal`: `a_inv` is a 6 x 6 block whose
/// off-diagonal 3 x 3 blocks are exactly zero (a free body, see `spd_inverse_into`);
/// their terms are then skipped. They are `+-0` (J is finite), and adding `+-0` to a
/// sum changes at most the sign of a zero, so the result has the same values.
#[inline(always)]
pub(crate) fn add_delassus(j: &[f64], a_inv: &[f64], block_diagonal: bool, w: &mut [[f64; 3]; 3]) {
    match (j.len(), block_diagonal) {
        (18, true) => add_delassus_free(j, a_inv, w),
        (18, false) => add_delassus_fixed::<6>(j, a_inv, w),
        (9, _) => add_delassus_fixed::<3>(j, a_inv, w),
        _ => add_delassus_generic(j, a_inv, w),
    }
}

/// The generic path of [`add_delassus`].
#[inline(always)]
pub(crate) fn add_delassus_generic(j: &[f64], a_inv: &[f64], w: &mut [[f64; 3]; 3]) {
    let n = j.len() / 3;
    for (k, inv_col) in a_inv.chunks_exact(n).enumerate() {
        let jk = &j[3 * k..3 * k + 3];
        let mut u = [0.0; 3];
        for (ji, &aik) in j.chunks_exact(3).zip(inv_col) {
            u[0] += ji[0] * aik;
            u[1] += ji[1] * aik;
            u[2] += ji[2] * aik;
        }
        for (ws, &jks) in w.iter_mut().zip(jk) {
            for (wrs, ur) in ws.iter_mut().zip(&u) {
                *wrs += ur * jks;
            }
        }
    }
}

/// The fixed-size path of [`add_delassus`] for a full n x n inverse: the generic loop
/// compiled for n = N.
#[inline]
pub(crate) fn add_delassus_fixed<const N: usize>(j: &[f64], a_inv: &[f64], w: &mut [[f64; 3]; 3]) {
    add_delassus_generic(&j[..3 * N], &a_inv[..N * N], w);
}

/// The path of [`add_delassus`] for a free body's block-diagonal 6 x 6 inverse: column
/// k of `a_inv` is nonzero only in the rows of its own 3 x 3 block.
#[inline]
fn add_delassus_free(j: &[f64], a_inv: &[f64], w: &mut [[f64; 3]; 3]) {
    // The same sums in the same order as the generic loop, written on fixed-size
    // arrays (indexing a slice through `chunks_exact` and `lo..lo + 3` ranges kept the
    // bounds checks and index arithmetic in the loop).
    let (Ok(j), Ok(a)) = (<&[f64; 18]>::try_from(j), <&[f64; 36]>::try_from(a_inv)) else {
        return add_delassus_generic(j, a_inv, w);
    };
    for k in 0..6 {
        let lo = if k < 3 { 0 } else { 3 };
        let mut u = [0.0; 3];
        for i in lo..lo + 3 {
            let aik = a[6 * k + i];
            u[0] += j[3 * i] * aik;
            u[1] += j[3 * i + 1] * aik;
            u[2] += j[3 * i + 2] * aik;
        }
        for s in 0..3 {
            let jks = j[3 * k + s];
            for r in 0..3 {
                w[s][r] += u[r] * jks;
            }
        }
    }
}

/// The inverse of the symmetric 3 x 3 block of `a` (column-major, leading dimension
/// `lda`) at rows and columns `k..k + 3`, written into the same block of `out` (same
/// layout); `false` when the block is numerically not positive definite. Only the
/// lower triangle is read.
///
/// It is nalgebra's `Cholesky::new(m).inverse()` written out for 3 x 3: the same
/// operations in the same order (the column-wise factorization with its `axpy`
/// updates, a forward solve by `L` and a backward solve by `L^T` with dot products
/// summed from zero, on each column of the identity), hence the same bits (tested
/// against nalgebra on random blocks); without nalgebra's dynamic-range loops it costs
/// a fraction (the inverse of the blocks of A was 6% of the clutter step at rest).
pub(crate) fn cholesky_inverse3(a: &[f64], lda: usize, k: usize, out: &mut [f64]) -> bool {
    let at = |i: usize, j: usize| a[(k + i) + (k + j) * lda];
    // nalgebra's test: a zero or negative (or NaN) pivot has no square root.
    let root = |d: f64| (d > 0.0).then(|| d.sqrt());
    if [at(1, 0), at(2, 0), at(2, 1)].iter().all(|x| x.to_bits() == 0) {
        // A diagonal block (a body's mass block m I): the general path's L is
        // diag(sqrt(a_ii)), its inverse's diagonal (1 / l_ii) / l_ii and every other
        // entry +0 (the signs worked through; tested bit for bit).
        let mut l = [0.0; 3];
        for (i, li) in l.iter_mut().enumerate() {
            match root(at(i, i)) {
                Some(d) if d > 0.0 => *li = d,
                _ => return false,
            }
        }
        for j in 0..3 {
            for i in 0..3 {
                out[(k + i) + (k + j) * lda] = if i == j { 1.0 / l[i] / l[i] } else { 0.0 };
            }
        }
        return true;
    }
    let Some(l00) = root(at(0, 0)) else {
        return false;
    };
    let l10 = at(1, 0) / l00;
    let l20 = at(2, 0) / l00;
    let a11 = -l10 * l10 + at(1, 1);
    let a21 = -l10 * l20 + at(2, 1);
    let Some(l11) = root(a11) else {
        return false;
    };
    let l21 = a21 / l11;
    let a22 = -l20 * l20 + at(2, 2);
    let a22 = -l21 * l21 + a22;
    let Some(l22) = root(a22) else {
        return false;
    };
    if ![l00, l11, l22].iter().all(|&d| !d.is_nan() && d > 0.0) {
        return false;
    }
    for c in 0..3 {
        let mut b = [0.0; 3];
        b[c] = 1.0;
        // L y = e_c.
        let c0 = b[0] / l00;
        b[0] = c0;
        b[1] += -c0 * l10;
        b[2] += -c0 * l20;
        let c1 = b[1] / l11;
        b[1] = c1;
        b[2] += -c1 * l21;
        b[2] /= l22;
        // L^T x = y; nalgebra's dot products start from zero.
        b[2] = (b[2] - 0.0) / l22;
        b[1] = (b[1] - (0.0 + l21 * b[2])) / l11;
        b[0] = (b[0] - (0.0 + l10 * b[1] + l20 * b[2])) / l00;
        for (i, bi) in b.into_iter().enumerate() {
            out[(k + i) + (k + c) * lda] = bi;
        }
    }
    true
}
