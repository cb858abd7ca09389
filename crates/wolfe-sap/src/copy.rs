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
    if dst.len() == N {
        if let (Some(d), Some(s)) = (dst.first_chunk_mut::<N>(), src.first_chunk::<N>()) {
            *d = *s;
            return;
        }
    }
    dst.copy_from_slice(src);
}
