//! Copies of the small f64 blocks the solver moves around (a 6 x 6 block of A or of H,
//! a 3 x 6 Jacobian block, a 6-entry segment of a vector).

/// `dst.copy_from_slice(src)`, with the lengths of a free body's blocks (36, 18, 6)
/// copied as fixed-size arrays: a slice copy of unknown length is a call to `memcpy`,
/// whose per-call cost was 5% of the clutter step's time (perf) for copies of 48 to
/// 288 bytes.
///
/// # Panics
/// If the lengths differ, as `copy_from_slice`.
#[inline(always)]
pub(crate) fn copy_small(dst: &mut [f64], src: &[f64]) {
    match src.len() {
        36 => copy_fixed::<36>(dst, src),
        18 => copy_fixed::<18>(dst, src),
        6 => copy_fixed::<6>(dst, src),
        _ => dst.copy_from_slice(src),
    }
}

#[inline(always)]
fn copy_fixed<const N: usize>(dst: &mut [f64], src: &[f64]) {
    if dst.len() == N && src.len() == N {
        // In pieces of at most 8 entries (64 bytes), which the compiler copies with
        // register moves: a whole 144- or 288-byte array is lowered to a `memcpy` call.
        for (d, s) in dst.chunks_mut(8).zip(src.chunks(8)) {
            match (d.first_chunk_mut::<8>(), s.first_chunk::<8>()) {
                (Some(d8), Some(s8)) => *d8 = *s8,
                _ => {
                    for (x, y) in d.iter_mut().zip(s) {
                        *x = *y;
                    }
                }
            }
        }
        return;
    }
    dst.copy_from_slice(src);
}
