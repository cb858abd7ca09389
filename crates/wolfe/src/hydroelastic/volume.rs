//! [`VolumeMesh`]: a tetrahedral mesh of a solid, the support of a compliant geometry's
//! piecewise-linear pressure field.

use crate::error::{WolfeError, MAX_MAGNITUDE};
use crate::math::{Aabb, Vec3};

/// The smallest `|6 V| / l^3` (signed volume over the cube of the longest edge) a
/// tetrahedron may have: below it the tetrahedron is a sliver whose linear field has an
/// unbounded gradient (a regular tetrahedron has `sqrt(2) ~ 1.41`).
pub const MIN_TETRAHEDRON_QUALITY: f64 = 1e-9;

/// A tetrahedral mesh: vertices and tetrahedra (four vertex indices each), every
/// tetrahedron of positive volume (its vertices reordered on construction if given
/// with a negative orientation).
#[derive(Clone, Debug)]
pub struct VolumeMesh {
    vertices: Vec<Vec3>,
    tetrahedra: Vec<[u32; 4]>,
}

impl VolumeMesh {
    /// A mesh from vertices and tetrahedra (indices into `vertices`).
    ///
    /// Errors: [`WolfeError::EmptyMesh`] without vertices,
    /// [`WolfeError::EmptyComposite`] without tetrahedra,
    /// [`WolfeError::NonFinitePoint`] and [`WolfeError::OutOfRange`] for a bad
    /// coordinate, [`WolfeError::TriangleIndexOutOfRange`] (its `triangle` field then
    /// names the tetrahedron) for an index past the vertices, and
    /// [`WolfeError::DegenerateTetrahedron`] for a tetrahedron that repeats a vertex or
    /// whose volume is below [`MIN_TETRAHEDRON_QUALITY`] of its longest edge cubed.
    pub fn new(vertices: Vec<Vec3>, mut tetrahedra: Vec<[u32; 4]>) -> Result<Self, WolfeError> {
        if vertices.is_empty() {
            return Err(WolfeError::EmptyMesh);
        }
        if tetrahedra.is_empty() {
            return Err(WolfeError::EmptyComposite {
                what: "volume mesh",
                reason: "it has no tetrahedra",
            });
        }
        for (index, v) in vertices.iter().enumerate() {
            if !v.iter().all(|x| x.is_finite()) {
                return Err(WolfeError::NonFinitePoint { index });
            }
            if let Some(x) = v.iter().find(|x| x.abs() > MAX_MAGNITUDE) {
                return Err(WolfeError::OutOfRange {
                    what: "volume mesh vertex coordinate",
                    value: *x,
                    limit: MAX_MAGNITUDE,
                });
            }
        }
        for (t, tet) in tetrahedra.iter_mut().enumerate() {
            if let Some(&index) = tet.iter().find(|&&i| i as usize >= vertices.len()) {
                return Err(WolfeError::TriangleIndexOutOfRange {
                    triangle: t,
                    index,
                    vertices: vertices.len(),
                });
            }
            let distinct = (0..4).all(|i| (i + 1..4).all(|j| tet[i] != tet[j]));
            if !distinct {
                return Err(WolfeError::DegenerateTetrahedron {
                    tetrahedron: t,
                    reason: "it repeats a vertex",
                });
            }
            let p = tet.map(|i| vertices[i as usize]);
            let six_v = signed_volume6(&p);
            let longest = (0..4)
                .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
                .map(|(i, j)| (p[i] - p[j]).norm())
                .fold(0.0, f64::max);
            if six_v.is_nan() || six_v.abs() <= MIN_TETRAHEDRON_QUALITY * longest.powi(3) {
                return Err(WolfeError::DegenerateTetrahedron {
                    tetrahedron: t,
                    reason:
                        "its volume is zero or it is a sliver (volume below 1e-9 of its longest edge cubed)",
                });
            }
            if six_v < 0.0 {
                tet.swap(2, 3);
            }
        }
        Ok(Self { vertices, tetrahedra })
    }

    /// The vertices.
    #[inline]
    pub fn vertices(&self) -> &[Vec3] {
        &self.vertices
    }

    /// The tetrahedra, each positively oriented (`(v1 - v0) x (v2 - v0) . (v3 - v0) > 0`).
    #[inline]
    pub fn tetrahedra(&self) -> &[[u32; 4]] {
        &self.tetrahedra
    }

    /// Tetrahedron `t`'s four vertices.
    #[inline]
    pub fn tetrahedron(&self, t: usize) -> [Vec3; 4] {
        self.tetrahedra[t].map(|i| self.vertices[i as usize])
    }

    /// The volume of the mesh (the sum of its tetrahedra's), m^3.
    pub fn volume(&self) -> f64 {
        (0..self.tetrahedra.len())
            .map(|t| signed_volume6(&self.tetrahedron(t)) / 6.0)
            .sum()
    }

    /// Tetrahedron `t`'s box.
    pub fn tetrahedron_aabb(&self, t: usize) -> Aabb {
        let p = self.tetrahedron(t);
        Aabb::from_points(p.iter()).expect("a tetrahedron has four points")
    }
}

/// Six times the signed volume of the tetrahedron `p`.
#[inline]
pub(crate) fn signed_volume6(p: &[Vec3; 4]) -> f64 {
    (p[1] - p[0]).cross(&(p[2] - p[0])).dot(&(p[3] - p[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corner() -> Vec<Vec3> {
        vec![
            Vec3::zeros(),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
            Vec3::new(0.0, 0.0, 1.0),
        ]
    }

    #[test]
    fn orientation_is_made_positive_and_volume_is_exact() {
        let m = VolumeMesh::new(corner(), vec![[0, 1, 3, 2]]).unwrap();
        assert!(signed_volume6(&m.tetrahedron(0)) > 0.0);
        assert!((m.volume() - 1.0 / 6.0).abs() < 1e-15);
    }

    #[test]
    fn bad_tetrahedra_get_typed_errors() {
        let flat = vec![
            Vec3::zeros(),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
            Vec3::new(1.0, 1.0, 0.0),
        ];
        assert!(matches!(
            VolumeMesh::new(flat, vec![[0, 1, 2, 3]]),
            Err(WolfeError::DegenerateTetrahedron { tetrahedron: 0, .. })
        ));
        assert!(matches!(
            VolumeMesh::new(corner(), vec![[0, 1, 1, 2]]),
            Err(WolfeError::DegenerateTetrahedron { .. })
        ));
        assert!(matches!(
            VolumeMesh::new(corner(), vec![[0, 1, 2, 4]]),
            Err(WolfeError::TriangleIndexOutOfRange { index: 4, .. })
        ));
        let mut nan = corner();
        nan[2].y = f64::NAN;
        assert!(matches!(
            VolumeMesh::new(nan, vec![[0, 1, 2, 3]]),
            Err(WolfeError::NonFinitePoint { index: 2 })
        ));
        assert!(matches!(
            VolumeMesh::new(corner(), vec![]),
            Err(WolfeError::EmptyComposite { .. })
        ));
    }
}
