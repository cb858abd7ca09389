//! Timing one query: each repeat timed on its own, the median reported.
//!
//! The method is fixed by the benchmark issue so that wolfe's numbers compare with other
//! libraries' runners: one untimed warm-up call (done by the caller), then `N` repeats,
//! each bracketed by its own pair of [`Instant::now`] reads, and the median of the `N`
//! durations. Nothing here allocates: the caller owns the buffer of durations.

use std::hint::black_box;
use std::time::Instant;

use wolfe::{GrowthOutput, GrowthSolver, PairCache, Pose, Shape, WolfeError};

/// Runs `query` once per slot of `times`, stores each duration in ns, and returns the
/// median. `times` must not be empty.
///
/// The query's result goes through [`black_box`] before the clock is read again, so the
/// work cannot be moved out of the timed interval or optimized away.
pub fn median_ns<T>(times: &mut [u64], mut query: impl FnMut() -> T) -> u64 {
    for t in times.iter_mut() {
        let start = Instant::now();
        black_box(query());
        *t = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
    }
    median(times)
}

/// Like [`median_ns`], but each repeat first builds its input with `setup`, outside the
/// timed interval (warm-started queries time each repeat from the same solver state).
pub fn median_ns_with_setup<S, T>(
    times: &mut [u64], mut setup: impl FnMut() -> S, mut query: impl FnMut(&mut S) -> T,
) -> u64 {
    for t in times.iter_mut() {
        let mut input = setup();
        let start = Instant::now();
        black_box(query(&mut input));
        *t = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        black_box(input);
    }
    median(times)
}

/// The median of `values` (the mean of the two middle values, rounded down, for an even
/// count); reorders `values`; 0 for an empty slice.
pub fn median(values: &mut [u64]) -> u64 {
    let n = values.len();
    if n == 0 {
        return 0;
    }
    let (_, &mut upper, _) = values.select_nth_unstable(n / 2);
    if n % 2 == 1 {
        upper
    } else {
        let lower = *values[..n / 2].iter().max().unwrap_or(&upper);
        lower + (upper - lower) / 2
    }
}

/// One untimed call of `query` gives its answer (an error stops there), then
/// [`median_ns`] times `times.len()` calls; no repeats (`times` empty) report 0 ns.
pub fn first_then_timed<T, E>(
    times: &mut [u64], mut query: impl FnMut() -> Result<T, E>,
) -> Result<(T, u64), E> {
    let out = query()?;
    let ns = if times.is_empty() {
        0
    } else {
        median_ns(times, query)
    };
    Ok((out, ns))
}

/// A growth distance (Thirugnanam & Sreenath), timed; the output is an untimed call's.
/// Cold (`warm_from` `None`): [`median_ns`] times `times.len()` bare calls. Warm: a
/// fresh pair cache is first filled by a solve at the nearby poses `warm_from = (qa,
/// qb)`; the output is the solve at `pa`, `pb` from a copy of that cache, and
/// [`median_ns_with_setup`] times each repeat from its own copy (made outside the timed
/// interval).
pub fn growth_timed(
    solver: &mut GrowthSolver, (a, pa): (&Shape, &Pose), (b, pb): (&Shape, &Pose),
    warm_from: Option<(&Pose, &Pose)>, times: &mut [u64],
) -> Result<(GrowthOutput, u64), WolfeError> {
    let solve = |solver: &mut GrowthSolver, cache: Option<&mut PairCache>| {
        solver.growth_distance(
            black_box(a),
            black_box(pa),
            black_box(b),
            black_box(pb),
            None,
            cache,
        )
    };
    let Some((qa, qb)) = warm_from else {
        let out = solve(solver, None)?;
        return Ok((out, median_ns(times, || solve(solver, None))));
    };
    let mut cache = PairCache::new();
    solver.growth_distance(a, qa, b, qb, None, Some(&mut cache))?;
    let out = solve(solver, Some(&mut cache.clone()))?;
    let ns = median_ns_with_setup(times, || cache, |c| solve(solver, Some(c)));
    Ok((out, ns))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&mut []), 0);
        assert_eq!(median(&mut [7]), 7);
        assert_eq!(median(&mut [9, 1, 5]), 5);
        assert_eq!(median(&mut [10, 1, 4, 100]), 7);
        assert_eq!(median(&mut [3, 3, 3, 3]), 3);
    }

    #[test]
    fn every_repeat_is_timed() {
        let mut calls = 0;
        let mut times = [u64::MAX; 5];
        median_ns(&mut times, || calls += 1);
        assert_eq!(calls, 5);
        assert!(times.iter().all(|&t| t < u64::MAX));
    }
}
