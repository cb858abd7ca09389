//! Convex hull of exactly coplanar points (Andrew's monotone chain on a coordinate
//! projection).
//!
//! Why a projection is exact: the points lie on one plane whose normal has a non-zero
//! component along the dropped axis, so dropping that coordinate is an affine bijection
//! of the plane onto the coordinate plane. It maps distinct points to distinct points and
//! preserves every orientation up to one global sign, and dropping a coordinate involves
//! no rounding, so the exact 2D predicate on the projection decides exactly.

use super::predicates::{orient_projected, PROJECTIONS};
use crate::math::Vec3;

/// Indices of the vertices of the convex polygon spanned by the coplanar, distinct
/// `points`, in cycle order (counter-clockwise in the chosen projection). Collinear
/// boundary points are dropped: only extreme points are returned.
///
/// `seed` holds three exactly non-collinear points, used to choose the projection.
pub(crate) fn convex_polygon(points: &[Vec3], seed: [usize; 3]) -> Vec<u32> {
    let [a, b, c] = seed.map(|i| points[i]);
    // The projection in which the seed triangle is the largest (non-zero since the seed
    // is not collinear); any non-zero one would be exact, the largest is best conditioned
    // for nothing but readability of intermediate values.
    let proj = PROJECTIONS
        .iter()
        .copied()
        .max_by(|&p, &q| {
            orient_projected(&a, &b, &c, p)
                .abs()
                .total_cmp(&orient_projected(&a, &b, &c, q).abs())
        })
        .unwrap_or(PROJECTIONS[0]);
    let (i, j) = proj;
    let mut order: Vec<u32> = (0..points.len() as u32).collect();
    order.sort_unstable_by(|&p, &q| {
        let (p, q) = (&points[p as usize], &points[q as usize]);
        p[i].total_cmp(&q[i]).then(p[j].total_cmp(&q[j]))
    });
    // Strict left turns only: a point collinear with its two chain neighbours is popped.
    let left = |h: &[u32], k: u32| {
        let n = h.len();
        orient_projected(
            &points[h[n - 2] as usize],
            &points[h[n - 1] as usize],
            &points[k as usize],
            proj,
        ) > 0.0
    };
    let mut hull: Vec<u32> = Vec::with_capacity(order.len() + 1);
    for &k in &order {
        while hull.len() >= 2 && !left(&hull, k) {
            hull.pop();
        }
        hull.push(k);
    }
    let lower_len = hull.len() + 1;
    for &k in order.iter().rev().skip(1) {
        while hull.len() >= lower_len && !left(&hull, k) {
            hull.pop();
        }
        hull.push(k);
    }
    hull.pop(); // the first point again
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_with_edge_and_interior_points() {
        // A tilted square (in the plane z = x + y) with points on its edges and inside.
        let mut pts = Vec::new();
        for i in 0..=4 {
            for j in 0..=4 {
                let (x, y) = (i as f64, j as f64);
                pts.push(Vec3::new(x, y, x + y));
            }
        }
        let poly = convex_polygon(&pts, [0, 4, 20]);
        let mut corners: Vec<Vec3> = poly.iter().map(|&k| pts[k as usize]).collect();
        assert_eq!(corners.len(), 4);
        // Consecutive corners share one coordinate (a cycle, not a bow tie).
        for w in 0..4 {
            let (p, q) = (corners[w], corners[(w + 1) % 4]);
            assert!(p.x == q.x || p.y == q.y, "{p:?} {q:?}");
        }
        corners.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        assert_eq!(corners[0], Vec3::new(0.0, 0.0, 0.0));
        assert_eq!(corners[3], Vec3::new(4.0, 4.0, 8.0));
    }

    #[test]
    fn vertical_plane_uses_another_projection() {
        // Plane x = 1: the (x, y) projection would collapse it to a line.
        let pts = [
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(1.0, 1.0, 0.0),
            Vec3::new(1.0, 0.0, 1.0),
            Vec3::new(1.0, 0.25, 0.25),
        ];
        let poly = convex_polygon(&pts, [0, 1, 2]);
        assert_eq!(poly.len(), 3);
        assert!(!poly.contains(&3));
    }
}
