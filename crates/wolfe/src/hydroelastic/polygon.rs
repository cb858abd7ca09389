//! Convex polygons on the stack: a tetrahedron sliced by a plane, a polygon clipped by
//! a half-space (Sutherland-Hodgman) or by a tetrahedron, and a polygon's area and
//! centroid.

use crate::math::Vec3;

/// A polygon's capacity: a triangle clipped by a tetrahedron's four planes has at most
/// 3 + 4 = 7 vertices, a tetrahedron's slice (at most 4) clipped by four planes at most
/// 8 (each clip adds at most one vertex to a convex polygon).
const CAPACITY: usize = 12;

/// A tetrahedron's four face planes `(n, o)`, `n` outward (not normalized): the
/// tetrahedron is `{x : n . x <= o}` for all four.
pub(crate) type TetrahedronPlanes = [(Vec3, f64); 4];

/// The face planes of tetrahedron `tet` (positively oriented or not), outward.
pub(crate) fn tetrahedron_planes(tet: &[Vec3; 4]) -> TetrahedronPlanes {
    std::array::from_fn(|i| {
        let [a, b, c] = [tet[(i + 1) % 4], tet[(i + 2) % 4], tet[(i + 3) % 4]];
        let mut n = (b - a).cross(&(c - a));
        if n.dot(&(tet[i] - a)) > 0.0 {
            n = -n; // outward: away from the opposite vertex
        }
        (n, n.dot(&a))
    })
}

/// A convex polygon, vertices in cyclic order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Polygon {
    points: [Vec3; CAPACITY],
    len: usize,
}

impl Polygon {
    /// The triangle `p`.
    pub(crate) fn triangle(p: [Vec3; 3]) -> Self {
        let mut points = [Vec3::zeros(); CAPACITY];
        points[..3].copy_from_slice(&p);
        Self { points, len: 3 }
    }

    /// The section of tetrahedron `tet` by the plane `n . x = o`: 3 or 4 points in
    /// cyclic order, or none when the plane misses it.
    pub(crate) fn slice(tet: &[Vec3; 4], n: &Vec3, o: f64) -> Self {
        let s = tet.map(|v| n.dot(&v) - o);
        let mut out = Self {
            points: [Vec3::zeros(); CAPACITY],
            len: 0,
        };
        for i in 0..4 {
            for j in i + 1..4 {
                if (s[i] <= 0.0) != (s[j] <= 0.0) {
                    let t = s[i] / (s[i] - s[j]);
                    out.points[out.len] = tet[i] + (tet[j] - tet[i]) * t;
                    out.len += 1;
                }
            }
        }
        if out.len == 4 {
            // The crossed edges of a 2-2 split, found in the order (i, j) above, are
            // ac, ad, bc, bd for below = {a, b}: swapping the last two makes a cycle
            // ac, ad, bd, bc (each consecutive pair shares a tetrahedron face).
            out.points.swap(2, 3);
        }
        out
    }

    /// The vertices, in cyclic order.
    pub(crate) fn points(&self) -> &[Vec3] {
        &self.points[..self.len]
    }

    /// Clips to the half-space `n . x <= o`.
    pub(crate) fn clip(&mut self, n: &Vec3, o: f64) {
        let mut d = [0.0; CAPACITY];
        let (mut inside, mut outside) = (0, 0);
        for (di, p) in d.iter_mut().zip(&self.points[..self.len]) {
            *di = n.dot(p) - o;
            if *di <= 0.0 {
                inside += 1;
            } else {
                outside += 1;
            }
        }
        // Most clips of a surface walk keep the whole polygon or none of it.
        if outside == 0 {
            return;
        }
        if inside == 0 {
            self.len = 0;
            return;
        }
        let mut out = [Vec3::zeros(); CAPACITY];
        let mut len = 0;
        for i in 0..self.len {
            let j = if i + 1 == self.len { 0 } else { i + 1 };
            let (p, q, dp, dq) = (self.points[i], self.points[j], d[i], d[j]);
            if dp <= 0.0 && len < CAPACITY {
                out[len] = p;
                len += 1;
            }
            if (dp <= 0.0) != (dq <= 0.0) && len < CAPACITY {
                out[len] = p + (q - p) * (dp / (dp - dq));
                len += 1;
            }
        }
        self.points[..len].copy_from_slice(&out[..len]);
        self.len = len;
    }

    /// Clips to the intersection of half-spaces `n . x <= o` (a tetrahedron's face
    /// planes, [`TetrahedronPlanes`]), stopping once nothing is left.
    pub(crate) fn clip_to_planes(&mut self, planes: &TetrahedronPlanes) {
        for (n, o) in planes {
            if self.len < 3 {
                self.len = 0;
                return;
            }
            self.clip(n, *o);
        }
    }

    /// Clips to tetrahedron `tet` (positively oriented or not).
    #[cfg(test)]
    pub(crate) fn clip_to_tetrahedron(&mut self, tet: &[Vec3; 4]) {
        self.clip_to_planes(&tetrahedron_planes(tet));
    }

    /// Whether the polygon has no area left (fewer than three vertices).
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len < 3
    }

    /// The area, the centroid and the centre of pressure `int x p dA / int p dA` of
    /// the polygon (plane of unit normal `normal`) under the linear pressure `p`: a fan
    /// of triangles from the first vertex, each integrated exactly (for linear `f`, `g`
    /// on a triangle of area `A`, `int f g dA = A/12 (sum f_i g_i + sum f_i sum g_i)`).
    /// The centre of pressure is the centroid where the pressure integrates to zero.
    pub(crate) fn moments(&self, normal: &Vec3, p: impl Fn(&Vec3) -> f64) -> (f64, Vec3, Vec3) {
        let (area, centroid) = self.area_centroid(normal);
        if area == 0.0 {
            return (0.0, centroid, centroid);
        }
        let p0 = self.points[0];
        let f0 = p(&p0);
        let (mut force, mut moment) = (0.0, Vec3::zeros());
        for i in 1..self.len - 1 {
            let (v1, v2) = (self.points[i], self.points[i + 1]);
            let (f1, f2) = (p(&v1), p(&v2));
            let a = 0.5 * (v1 - p0).cross(&(v2 - p0)).dot(normal);
            force += a * (f0 + f1 + f2) / 3.0;
            moment += (p0 * f0 + v1 * f1 + v2 * f2 + (p0 + v1 + v2) * (f0 + f1 + f2)) * (a / 12.0);
        }
        let pressure_centre = if force.abs() > 0.0 {
            moment / force
        } else {
            centroid
        };
        (area, centroid, pressure_centre)
    }

    /// The area and centroid of the polygon (plane of unit normal `normal`): a fan of
    /// triangles from the first vertex, each weighted by its area.
    pub(crate) fn area_centroid(&self, normal: &Vec3) -> (f64, Vec3) {
        if self.len < 3 {
            return (0.0, Vec3::zeros());
        }
        let p0 = self.points[0];
        let (mut area, mut moment) = (0.0, Vec3::zeros());
        for i in 1..self.len - 1 {
            let (p, q) = (self.points[i], self.points[i + 1]);
            let a = 0.5 * (p - p0).cross(&(q - p0)).dot(normal);
            area += a;
            moment += (p0 + p + q) * (a / 3.0);
        }
        if area == 0.0 {
            return (0.0, p0);
        }
        (area.abs(), moment / area)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_tet() -> [Vec3; 4] {
        [Vec3::zeros(), Vec3::x(), Vec3::y(), Vec3::z()]
    }

    #[test]
    fn slices_of_the_unit_corner_have_their_exact_areas() {
        // z = h cuts the corner tetrahedron in a right triangle of legs 1 - h.
        for h in [0.1, 0.5, 0.9] {
            let p = Polygon::slice(&unit_tet(), &Vec3::z(), h);
            let (a, c) = p.area_centroid(&Vec3::z());
            assert!((a - 0.5 * (1.0 - h) * (1.0 - h)).abs() < 1e-14);
            assert!((c - Vec3::new((1.0 - h) / 3.0, (1.0 - h) / 3.0, h)).norm() < 1e-14);
        }
        // x = 0.25: a right triangle of legs 0.75.
        let p = Polygon::slice(&unit_tet(), &Vec3::x(), 0.25);
        let (a, _) = p.area_centroid(&Vec3::x());
        assert!((a - 0.5 * 0.75 * 0.75).abs() < 1e-14);
        let n = Vec3::new(1.0, 1.0, 0.0).normalize();
        let p = Polygon::slice(&unit_tet(), &n, 0.5 * n.x);
        assert_eq!(p.len, 4);
        let (a, _) = p.area_centroid(&n);
        // x + y = 0.5 (a 2-2 split): z <= 1 - x - y = 0.5 everywhere on it, so the
        // section is a rectangle, sqrt(2) / 2 along the line by 0.5 in z.
        assert!((a - 2f64.sqrt() / 4.0).abs() < 1e-14, "{a}");
    }

    #[test]
    fn a_triangle_clipped_by_a_tetrahedron_keeps_the_part_inside() {
        let big = [
            Vec3::new(-1.0, -1.0, 0.2),
            Vec3::new(3.0, -1.0, 0.2),
            Vec3::new(-1.0, 3.0, 0.2),
        ];
        let mut p = Polygon::triangle(big);
        p.clip_to_tetrahedron(&unit_tet());
        let (a, _) = p.area_centroid(&Vec3::z());
        assert!((a - 0.5 * 0.8 * 0.8).abs() < 1e-14);
        // Pressure 1 - x on the clipped triangle (legs l = 0.8 at the origin): the centre
        // of pressure is int x p dA / int p dA, integrated over y in [0, l - x] first.
        let (area, centroid, cop) = p.moments(&Vec3::z(), |x| 1.0 - x.x);
        let l: f64 = 0.8;
        let int_p = l * l / 2.0 - l * l * l / 6.0; // int_0^l (1 - x)(l - x) dx
        let int_xp = l * l * l / 6.0 - l.powi(4) / 12.0; // int_0^l x (1 - x)(l - x) dx
        assert!((area - l * l / 2.0).abs() < 1e-14 && (centroid.x - l / 3.0).abs() < 1e-14);
        assert!(
            (cop.x - int_xp / int_p).abs() < 1e-14,
            "{} vs {}",
            cop.x,
            int_xp / int_p
        );
        let mut outside = Polygon::triangle(big.map(|v| v + Vec3::new(0.0, 0.0, 2.0)));
        outside.clip_to_tetrahedron(&unit_tet());
        assert_eq!(outside.area_centroid(&Vec3::z()).0, 0.0);
    }
}
