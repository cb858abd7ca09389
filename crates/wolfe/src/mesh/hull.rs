//! Convex hull of a finite point set: validation, de-duplication, affine dimension, and
//! the dispatch to the 3D quickhull ([`super::quickhull`]) or the lower-dimensional hulls
//! ([`super::hull2d`]).
//!
//! All topological decisions use exact predicates ([`super::predicates`]), so the result
//! is the exact convex hull of the (finite, de-duplicated) input: every hull vertex is an
//! extreme input point, and every input point is inside or on the hull. Floating-point
//! arithmetic only *chooses* among exactly valid options (which point to add first),
//! which affects speed, never correctness.

use super::predicates::{collinear, side};
use super::{hull2d, quickhull};
use crate::error::WolfeError;
use crate::math::Vec3;

/// The convex hull of a point set, in the dimension the points span.
#[derive(Clone, Debug)]
pub(crate) struct Hull {
    /// Affine dimension of the input, 0..=3.
    pub dimension: usize,
    /// Hull vertices (input points). For dimension 2 in cycle order, for dimension 1 the
    /// two endpoints, for dimension 0 the single point.
    pub vertices: Vec<Vec3>,
    /// Outward counter-clockwise triangles (dimension 3 only, else empty).
    pub faces: Vec<[u32; 3]>,
}

/// Computes the exact convex hull of `points` in whatever dimension they span.
///
/// Errors: [`WolfeError::EmptyMesh`] for no points, [`WolfeError::NonFinitePoint`] for a
/// NaN or infinite coordinate, [`WolfeError::MalformedMesh`] for more than `u32::MAX - 1`
/// points (indices are `u32`).
pub(crate) fn convex_hull(points: &[Vec3]) -> Result<Hull, WolfeError> {
    if points.is_empty() {
        return Err(WolfeError::EmptyMesh);
    }
    if let Some(index) = points.iter().position(|p| !p.iter().all(|c| c.is_finite())) {
        return Err(WolfeError::NonFinitePoint { index });
    }
    if points.len() >= u32::MAX as usize {
        return Err(WolfeError::MalformedMesh(format!(
            "{} points: at most {} are supported (u32 indices)",
            points.len(),
            u32::MAX - 1
        )));
    }
    let original = dedup(points);
    let scaled = scale_by_power_of_two(&original);
    let n = original.len();
    let pick = |idx: &[u32]| idx.iter().map(|&i| original[i as usize]).collect::<Vec<_>>();

    if n == 1 {
        return Ok(Hull {
            dimension: 0,
            vertices: original,
            faces: Vec::new(),
        });
    }
    // Start from the lexicographically smallest point (an extreme point) and the point
    // farthest from it: a well-conditioned first edge makes the float heuristics below
    // (which only choose, never decide) pick good seeds.
    let p0 = 0usize;
    let p1 = argmax(1..n, |i| (scaled[i] - scaled[p0]).norm_squared()).unwrap_or(1);
    let Some(p2) = first_exact(
        n,
        |i| {
            (scaled[p1] - scaled[p0])
                .cross(&(scaled[i] - scaled[p0]))
                .norm_squared()
        },
        |i| !collinear(&scaled[p0], &scaled[p1], &scaled[i]),
    ) else {
        // Collinear: sorted lexicographically, the first and last points are the ends
        // of the segment (the lexicographic order is monotone along any line).
        return Ok(Hull {
            dimension: 1,
            vertices: vec![original[0], original[n - 1]],
            faces: Vec::new(),
        });
    };
    let Some(p3) = first_exact(
        n,
        |i| side(&scaled[p0], &scaled[p1], &scaled[p2], &scaled[i]).abs(),
        |i| side(&scaled[p0], &scaled[p1], &scaled[p2], &scaled[i]) != 0.0,
    ) else {
        let cycle = hull2d::convex_polygon(&scaled, [p0, p1, p2]);
        return Ok(Hull {
            dimension: 2,
            vertices: pick(&cycle),
            faces: Vec::new(),
        });
    };
    let (used, faces) = quickhull::quickhull(&scaled, [p0, p1, p2, p3])?;
    Ok(Hull {
        dimension: 3,
        vertices: pick(&used),
        faces,
    })
}

/// Sorts lexicographically and removes exact duplicates; `-0.0` becomes `+0.0` first so
/// that the two zeros, equal as numbers, are one point.
fn dedup(points: &[Vec3]) -> Vec<Vec3> {
    let mut pts: Vec<Vec3> = points.iter().map(|p| p.map(|c| c + 0.0)).collect();
    pts.sort_unstable_by(|a, b| {
        a.x.total_cmp(&b.x)
            .then(a.y.total_cmp(&b.y))
            .then(a.z.total_cmp(&b.z))
    });
    pts.dedup();
    pts
}

/// The points multiplied by the power of two that brings the largest coordinate
/// magnitude into `[0.5, 1)`. Scaling by a power of two is exact (barring underflow of
/// coordinates ~1e300 times smaller than the largest), so every orientation sign is
/// unchanged, while the predicates' products can no longer overflow (inputs near 1e300
/// would otherwise give infinite or NaN determinants).
fn scale_by_power_of_two(points: &[Vec3]) -> Vec<Vec3> {
    let m = points.iter().map(|p| p.amax()).fold(0.0f64, f64::max);
    if m == 0.0 {
        return points.to_vec();
    }
    // Exponent e with m = f * 2^e, f in [0.5, 1): read from the float's bits for normal
    // numbers, from log2 for subnormals (both exact enough: any power of two works).
    let e = if m.is_normal() {
        ((m.to_bits() >> 52) & 0x7ff) as i32 - 1022
    } else {
        m.log2().floor() as i32 + 1
    };
    // Two factors, each a normal power of two (|exponent| <= 538), so neither the
    // factors nor the intermediate products leave the normal range.
    let h = -e / 2;
    let (f1, f2) = (2f64.powi(h), 2f64.powi(-e - h));
    points.iter().map(|p| p * f1 * f2).collect()
}

/// Index in `range` with the largest finite `score`.
fn argmax(range: std::ops::Range<usize>, score: impl Fn(usize) -> f64) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for i in range {
        let s = score(i);
        if s.is_finite() && best.is_none_or(|(_, b)| s > b) {
            best = Some((i, s));
        }
    }
    best.map(|(i, _)| i)
}

/// The float-best candidate by `score` if it passes the exact test `accept`, else the
/// first index that passes it (the float score can be 0 or misleading on tiny or
/// nearly degenerate inputs; the exact test decides).
fn first_exact(n: usize, score: impl Fn(usize) -> f64, accept: impl Fn(usize) -> bool) -> Option<usize> {
    match argmax(0..n, score) {
        Some(i) if accept(i) => Some(i),
        _ => (0..n).find(|&i| accept(i)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimensions_of_degenerate_sets() {
        let one = [Vec3::new(1.0, 2.0, 3.0); 5];
        let h = convex_hull(&one).unwrap();
        assert_eq!((h.dimension, h.vertices.len()), (0, 1));

        let line: Vec<Vec3> = (0..10).map(|i| Vec3::new(1.0, 2.0, 3.0) * i as f64).collect();
        let h = convex_hull(&line).unwrap();
        assert_eq!(h.dimension, 1);
        assert_eq!(h.vertices, vec![line[0], line[9]]);

        let mut grid = Vec::new();
        for i in 0..5 {
            for j in 0..5 {
                grid.push(Vec3::new(i as f64, j as f64, 0.5 * i as f64));
            }
        }
        let h = convex_hull(&grid).unwrap();
        assert_eq!(h.dimension, 2);
        assert_eq!(h.vertices.len(), 4, "{:?}", h.vertices);
        assert!(h.faces.is_empty());
    }

    #[test]
    fn errors_are_typed() {
        assert!(matches!(convex_hull(&[]), Err(WolfeError::EmptyMesh)));
        let pts = [Vec3::zeros(), Vec3::new(0.0, f64::NAN, 0.0)];
        assert!(matches!(
            convex_hull(&pts),
            Err(WolfeError::NonFinitePoint { index: 1 })
        ));
        let pts = [Vec3::new(f64::INFINITY, 0.0, 0.0)];
        assert!(matches!(
            convex_hull(&pts),
            Err(WolfeError::NonFinitePoint { index: 0 })
        ));
    }

    #[test]
    fn signed_zeros_are_one_point() {
        let pts = [Vec3::new(0.0, -0.0, 0.0), Vec3::new(-0.0, 0.0, 0.0)];
        assert_eq!(convex_hull(&pts).unwrap().dimension, 0);
    }

    #[test]
    fn power_of_two_scaling_keeps_huge_and_tiny_inputs_exact() {
        for s in [1e-300, 1e-160, 1.0, 1e150, 1e300] {
            let cube: Vec<Vec3> = (0..8)
                .map(|i| Vec3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64) * s)
                .chain([Vec3::repeat(0.5 * s)])
                .collect();
            let h = convex_hull(&cube).unwrap();
            assert_eq!(h.dimension, 3, "scale {s}");
            assert_eq!(h.vertices.len(), 8, "scale {s}");
            assert_eq!(h.faces.len(), 12, "scale {s}");
        }
    }
}
