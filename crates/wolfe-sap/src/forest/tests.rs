//! Unit tests of the forest's private helpers and block kernels.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The inverse by 3 x 3 blocks of a free body's block `[m I, 0; 0, I_w]` and the
/// 6 x 6 path for a coupled block both invert: `A A^{-1} = I`; a block with a
/// non-positive part is refused by both paths.
#[test]
fn spd_inverse_by_blocks_and_whole_invert() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut out = DMatrix::zeros(0, 0);
    for coupled in [false, true] {
        for _ in 0..200 {
            let b = DMatrix::from_fn(6, 6, |_, _| rng.random_range(-1.0..1.0));
            let mut a = b.transpose() * b + DMatrix::identity(6, 6) * 0.1;
            if !coupled {
                a.view_mut((0, 3), (3, 3)).fill(0.0);
                a.view_mut((3, 0), (3, 3)).fill(0.0);
            }
            assert_eq!(block_diagonal_3x3(&a), !coupled);
            assert_eq!(
                spd_inverse_into(&a, &mut out, &mut DMatrix::zeros(0, 0)),
                Some(!coupled)
            );
            let err = (&a * &out - DMatrix::identity(6, 6)).amax();
            assert!(err < 1e-9, "coupled = {coupled}: |A A^-1 - I| = {err:e}");
            a[(4, 4)] = -1.0;
            assert_eq!(spd_inverse_into(&a, &mut out, &mut DMatrix::zeros(0, 0)), None);
        }
    }
}

/// A random SPD 3 x 3 block of one of the kinds a tree holds: `m I` (a body's mass
/// block), `R diag(I) R^T` (its rotational inertia, scales over decades), a random
/// Gram matrix.
fn random_spd3(rng: &mut ChaCha8Rng) -> nalgebra::Matrix3<f64> {
    let scale = 10f64.powf(rng.random_range(-6.0..4.0));
    match rng.random_range(0..3) {
        0 => nalgebra::Matrix3::identity() * scale,
        1 => {
            let axis = nalgebra::Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0));
            let r = nalgebra::Rotation3::new(axis * 3.0);
            let d = nalgebra::Vector3::from_fn(|_, _| scale * rng.random_range(0.01..1.0));
            r * nalgebra::Matrix3::from_diagonal(&d) * r.transpose()
        }
        _ => {
            let b = nalgebra::Matrix3::from_fn(|_, _| rng.random_range(-1.0..1.0));
            (b.transpose() * b + nalgebra::Matrix3::identity() * 1e-3) * scale
        }
    }
}

/// The written-out 3 x 3 Cholesky inverse gives nalgebra's `Cholesky::new(m)
/// .inverse()` bit for bit, at both block positions of a 6 x 6 slice, and refuses
/// exactly the blocks nalgebra refuses (indefinite, singular, NaN).
#[test]
fn cholesky_inverse3_is_nalgebras_bit_for_bit() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut out = [0.0; 36];
    for case in 0..20_000 {
        let mut m = random_spd3(&mut rng);
        if case % 10 == 9 {
            // Indefinite, singular or NaN on some pivot.
            let i = rng.random_range(0..3);
            m[(i, i)] = [-1.0, 0.0, f64::NAN][case / 10 % 3];
        }
        let k = 3 * (case % 2);
        let mut a = [0.0; 36];
        for j in 0..3 {
            for i in 0..3 {
                a[(k + i) + (k + j) * 6] = m[(i, j)];
            }
        }
        let reference = nalgebra::Cholesky::new(m).map(|c| c.inverse());
        let ok = blocks::cholesky_inverse3(&a, 6, k, &mut out);
        let positive = |c: &nalgebra::Cholesky<f64, nalgebra::U3>| (0..3).all(|i| c.l_dirty()[(i, i)] > 0.0);
        let accepted = nalgebra::Cholesky::new(m).is_some_and(|c| positive(&c));
        assert_eq!(ok, accepted, "case {case}: {m}");
        if let (true, Some(inv)) = (ok, reference) {
            for j in 0..3 {
                for i in 0..3 {
                    assert_eq!(
                        out[(k + i) + (k + j) * 6].to_bits(),
                        inv[(i, j)].to_bits(),
                        "case {case} entry ({i}, {j})"
                    );
                }
            }
        }
    }
}

/// Random entries of mixed signs over a few decades.
fn random_slice(rng: &mut ChaCha8Rng, len: usize) -> Vec<f64> {
    (0..len)
        .map(|_| rng.random_range(-1.0..1.0) * 10f64.powf(rng.random_range(-3.0..3.0)))
        .collect()
}

/// The fixed-size products with a tree block (A x) and a contact block (J x,
/// J^T g) give the generic path's bits on random inputs, for 3 and 6 dofs.
#[test]
fn fixed_size_products_are_the_generic_ones_bit_for_bit() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    for _ in 0..2000 {
        for n in [3, 6] {
            let a = random_slice(&mut rng, n * n);
            let x = random_slice(&mut rng, n);
            let j = random_slice(&mut rng, 3 * n);
            let g = [rng.random_range(-1.0..1.0), rng.random_range(-5.0..5.0), 1e-3];
            let (mut y_fast, mut y_generic) = (vec![7.0; n], vec![7.0; n]);
            blocks::mul_block(&a, &x, &mut y_fast);
            blocks::mul_block_generic(&a, &x, &mut y_generic);
            assert_eq!(bits(&y_fast), bits(&y_generic));
            let (mut vc_fast, mut vc_generic) = ([0.5, -1.0, 2.0], [0.5, -1.0, 2.0]);
            blocks::add_jx(&j, &x, &mut vc_fast);
            blocks::add_jx_generic(&j, &x, &mut vc_generic);
            assert_eq!(bits(&vc_fast), bits(&vc_generic));
            let (mut jt_fast, mut jt_generic) = (x.clone(), x.clone());
            blocks::add_jtg(&j, &g, &mut jt_fast);
            blocks::add_jtg_generic(&j, &g, &mut jt_generic);
            assert_eq!(bits(&jt_fast), bits(&jt_generic));
        }
    }
}

/// The Delassus estimate `J A^{-1} J^T` of a 6-dof tree: the fixed-size path and
/// the free-body path (zero off-diagonal blocks skipped) equal the generic path on
/// random Jacobians and inverses from `spd_inverse_into`, and agree with the dense
/// DMatrix product to 1e-12 relative; a 3-dof tree likewise.
#[test]
fn delassus_fast_paths_match_generic_and_dense() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut a_inv = DMatrix::zeros(0, 0);
    for case in 0..3000 {
        let n = if case % 5 == 4 { 3 } else { 6 };
        let mut a = DMatrix::zeros(n, n);
        if n == 6 && case % 2 == 0 {
            // A free body: [m I, 0; 0, R I R^T].
            a.fixed_view_mut::<3, 3>(0, 0)
                .copy_from(&(nalgebra::Matrix3::identity() * rng.random_range(0.01..10.0)));
            a.fixed_view_mut::<3, 3>(3, 3).copy_from(&random_spd3(&mut rng));
        } else {
            let b = DMatrix::from_fn(n, n, |_, _| rng.random_range(-1.0..1.0));
            a = b.transpose() * b + DMatrix::identity(n, n) * 0.1;
        }
        let Some(block_diagonal) = spd_inverse_into(&a, &mut a_inv, &mut DMatrix::zeros(0, 0)) else {
            panic!("case {case}: SPD block refused");
        };
        assert_eq!(block_diagonal, n == 6 && case % 2 == 0);
        let j = DMatrix::from_column_slice(3, n, &random_slice(&mut rng, 3 * n));
        let mut w_fast = [[0.0; 3]; 3];
        let mut w_generic = [[0.0; 3]; 3];
        blocks::add_delassus(j.as_slice(), a_inv.as_slice(), block_diagonal, &mut w_fast);
        blocks::add_delassus_generic(j.as_slice(), a_inv.as_slice(), &mut w_generic);
        assert_eq!(w_fast, w_generic, "case {case}");
        let dense = &j * &a_inv * j.transpose();
        let scale = dense.amax();
        for r in 0..3 {
            for s in 0..3 {
                let err = (w_fast[s][r] - dense[(r, s)]).abs();
                assert!(
                    err <= 1e-12 * scale,
                    "case {case} ({r}, {s}): {err:e} of {scale:e}"
                );
            }
        }
    }
}
