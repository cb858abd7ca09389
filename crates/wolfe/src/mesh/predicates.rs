//! Exact orientation predicates (Shewchuk's adaptive arithmetic, crate `robust`) in the
//! sign convention of the hull code.
//!
//! `robust::orient3d(a, b, c, p)` is *positive when `p` lies below* the plane of
//! `a, b, c`, "below" meaning the side opposite to the normal `(b - a) x (c - a)`. The
//! hull stores triangles with that normal pointing out of the solid, so [`side`] negates
//! it: positive means strictly outside. Only the sign is exact; the magnitude is a
//! float approximation of six times the signed volume and is never used for topology.

use crate::math::Vec3;
use robust::{Coord, Coord3D};

#[inline]
fn c3(p: &Vec3) -> Coord3D<f64> {
    Coord3D {
        x: p.x,
        y: p.y,
        z: p.z,
    }
}

/// Exact side of `p` with respect to the oriented triangle `(a, b, c)`: `> 0` strictly
/// outside (on the side of `(b - a) x (c - a)`), `0` exactly on its plane, `< 0` inside.
#[inline]
pub(crate) fn side(a: &Vec3, b: &Vec3, c: &Vec3, p: &Vec3) -> f64 {
    -robust::orient3d(c3(a), c3(b), c3(c), c3(p))
}

/// The three coordinate projections `(x, y)`, `(y, z)`, `(z, x)`, as index pairs.
pub(crate) const PROJECTIONS: [(usize, usize); 3] = [(0, 1), (1, 2), (2, 0)];

/// Exact 2D orientation of `a, b, c` projected on the coordinate plane `(i, j)`:
/// `> 0` counter-clockwise. Dropping a coordinate is exact, so this is the exact sign of
/// one component of `(b - a) x (c - a)`.
#[inline]
pub(crate) fn orient_projected(a: &Vec3, b: &Vec3, c: &Vec3, (i, j): (usize, usize)) -> f64 {
    robust::orient2d(
        Coord { x: a[i], y: a[j] },
        Coord { x: b[i], y: b[j] },
        Coord { x: c[i], y: c[j] },
    )
}

/// Whether `a, b, c` are exactly collinear: `(b - a) x (c - a) = 0` exactly, i.e. all
/// three components (the three projected orientations) vanish.
#[inline]
pub(crate) fn collinear(a: &Vec3, b: &Vec3, c: &Vec3) -> bool {
    PROJECTIONS.iter().all(|&ij| orient_projected(a, b, c, ij) == 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_is_positive_on_the_normal_side() {
        let a = Vec3::new(0.0, 0.0, 0.0);
        let b = Vec3::new(1.0, 0.0, 0.0);
        let c = Vec3::new(0.0, 1.0, 0.0);
        // (b - a) x (c - a) = +z.
        assert!(side(&a, &b, &c, &Vec3::new(0.2, 0.2, 1.0)) > 0.0);
        assert!(side(&a, &b, &c, &Vec3::new(0.2, 0.2, -1.0)) < 0.0);
        assert_eq!(side(&a, &b, &c, &Vec3::new(5.0, -3.0, 0.0)), 0.0);
    }

    #[test]
    fn side_is_exact_where_floats_round() {
        // p = a + tiny * z on a plane far from the origin: the naive determinant loses
        // the 1e-30 offset entirely, the adaptive one keeps its sign.
        let a = Vec3::new(1e8, 1e8, 1.0);
        let b = Vec3::new(1e8 + 1.0, 1e8, 1.0);
        let c = Vec3::new(1e8, 1e8 + 1.0, 1.0);
        let above = Vec3::new(1e8 + 0.5, 1e8 + 0.25, 1.0 + 2f64.powi(-52));
        assert!(side(&a, &b, &c, &above) > 0.0);
        let on = Vec3::new(1e8 + 3.0, 1e8 - 7.0, 1.0);
        assert_eq!(side(&a, &b, &c, &on), 0.0);
    }

    #[test]
    fn collinear_detects_exact_lines_only() {
        // Dyadic coordinates, so that the third point is exactly on the line.
        let a = Vec3::new(0.5, 1.0, 1.5);
        let b = Vec3::new(1.5, 3.0, 4.5);
        assert!(collinear(&a, &b, &Vec3::new(2.5, 5.0, 7.5)));
        assert!(!collinear(&a, &b, &Vec3::new(2.5, 5.0, 7.5 + 1e-12)));
        // Counter-clockwise in the (x, y) projection is positive.
        let o = Vec3::zeros();
        assert!(orient_projected(&o, &Vec3::x(), &Vec3::y(), (0, 1)) > 0.0);
    }
}
