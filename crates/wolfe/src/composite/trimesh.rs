//! [`TriMesh`]: a triangle mesh taken as it is (closed or open, non-convex), with a BVH
//! over its triangles.

use std::collections::HashMap;

use super::bvh::Bvh;
use super::triangle::Triangle;
use crate::error::{WolfeError, MAX_MAGNITUDE};
use crate::math::{Aabb, Mat3, Vec3};
use crate::mesh::ConvexMesh;
use crate::shape::MassProperties;

/// A triangle mesh: vertices and triangles as given (no hull, no welding, no reordering),
/// and a [`Bvh`] over the triangles built once by [`TriMesh::new`].
///
/// The mesh may be open or closed; [`TriMesh::is_closed`] says which (every edge shared
/// by exactly two triangles that traverse it in opposite directions). Queries treat each
/// triangle as a flat convex set (a surface of zero thickness): distances are to the
/// surface, and a contact is between a shape and the triangles it touches. Only a closed
/// mesh bounds a solid, and only then are its volume and mass properties defined.
#[derive(Clone, Debug)]
pub struct TriMesh {
    vertices: Vec<Vec3>,
    triangles: Vec<[u32; 3]>,
    bvh: Bvh,
    closed: bool,
}

impl TriMesh {
    /// A mesh from vertices and triangles (indices into `vertices`, counter-clockwise seen
    /// from outside for a closed mesh).
    ///
    /// Errors: [`WolfeError::EmptyMesh`] without vertices,
    /// [`WolfeError::EmptyComposite`] without triangles, [`WolfeError::NonFinitePoint`]
    /// for a NaN or infinite coordinate, [`WolfeError::OutOfRange`] for a coordinate
    /// beyond [`MAX_MAGNITUDE`], [`WolfeError::TriangleIndexOutOfRange`] for an index
    /// past the vertices, [`WolfeError::DegenerateTriangle`] for a triangle that repeats
    /// a vertex or whose vertices are collinear (no area; see
    /// [`TriMesh::new_skipping_degenerate`] to drop those explicitly).
    pub fn new(vertices: Vec<Vec3>, triangles: Vec<[u32; 3]>) -> Result<Self, WolfeError> {
        validate_vertices(&vertices)?;
        if triangles.is_empty() {
            return Err(WolfeError::EmptyComposite {
                what: "triangle mesh",
                reason: "it needs at least one triangle",
            });
        }
        for (t, tri) in triangles.iter().enumerate() {
            check_triangle(&vertices, t, tri)?;
        }
        Ok(Self::assemble(vertices, triangles))
    }

    /// As [`TriMesh::new`], but triangles without area (repeated vertices, collinear
    /// vertices) are dropped rather than refused; returns the mesh and how many were
    /// dropped. Out-of-range indices and bad coordinates are still errors, and so is a
    /// mesh left with no triangle.
    pub fn new_skipping_degenerate(
        vertices: Vec<Vec3>, triangles: Vec<[u32; 3]>,
    ) -> Result<(Self, usize), WolfeError> {
        validate_vertices(&vertices)?;
        let total = triangles.len();
        let mut kept = Vec::with_capacity(total);
        for (t, tri) in triangles.into_iter().enumerate() {
            match check_triangle(&vertices, t, &tri) {
                Ok(()) => kept.push(tri),
                Err(WolfeError::DegenerateTriangle { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        let dropped = total - kept.len();
        Ok((Self::new(vertices, kept)?, dropped))
    }

    fn assemble(vertices: Vec<Vec3>, triangles: Vec<[u32; 3]>) -> Self {
        let boxes: Vec<Aabb> = triangles
            .iter()
            .map(|t| triangle_of(&vertices, t).aabb())
            .collect();
        let bvh = Bvh::build(&boxes);
        let closed = is_closed(&vertices, &triangles);
        Self {
            vertices,
            triangles,
            bvh,
            closed,
        }
    }

    /// The vertices, as given.
    pub fn vertices(&self) -> &[Vec3] {
        &self.vertices
    }

    /// The triangles, as given.
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Triangle `i` (panics when `i` is out of range, as slice indexing does).
    #[inline]
    pub fn triangle(&self, i: u32) -> Triangle {
        triangle_of(&self.vertices, &self.triangles[i as usize])
    }

    /// The BVH over the triangles.
    pub fn bvh(&self) -> &Bvh {
        &self.bvh
    }

    /// Whether the mesh is closed and consistently oriented: every edge is shared by
    /// exactly two triangles that traverse it in opposite directions (vertices at the
    /// same position count as one).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The local box around the mesh.
    pub fn local_aabb(&self) -> Aabb {
        self.bvh.root_aabb().expect("a TriMesh has at least one triangle")
    }

    /// Memory held by the mesh and its BVH, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.vertices.capacity() * std::mem::size_of::<Vec3>()
            + self.triangles.capacity() * 12
            + self.bvh.memory_bytes()
    }

    /// The convex hull of the vertices, as an explicit choice (a solid
    /// [`ConvexMesh`]). Errors as [`ConvexMesh::from_points`] (flat meshes).
    pub fn hull(&self) -> Result<ConvexMesh, WolfeError> {
        ConvexMesh::from_points(&self.vertices)
    }

    /// The signed volume enclosed, by the divergence theorem (the sum of the signed
    /// tetrahedra from the origin to each triangle): positive for a closed mesh whose
    /// triangles face outwards. [`WolfeError::Undefined`] for an open mesh.
    pub fn volume(&self) -> Result<f64, WolfeError> {
        Ok(self.moments()?.0)
    }

    /// Mass properties of the solid a closed mesh bounds, filled with `density`
    /// (kg/m^3), by the divergence theorem: the volume moments `∫ dV`, `∫ x dV`,
    /// `∫ x x^T dV` are sums over the signed tetrahedra `(0, a, b, c)` of the triangles,
    /// `V = det/6`, `∫ x = V (a + b + c) / 4`,
    /// `∫ x x^T = det/120 (a a^T + b b^T + c c^T + s s^T)` with `s = a + b + c`
    /// (Tonon, J. Math. Stat. 1(1), 2005). An inward-oriented closed mesh gives the same
    /// answer (its moments change sign together).
    ///
    /// Errors: [`WolfeError::Undefined`] for an open mesh; [`WolfeError::InvalidSetting`]
    /// for a density that is not finite and positive; [`WolfeError::DegeneratePoints`]
    /// for a closed mesh of no volume.
    pub fn mass_properties(&self, density: f64) -> Result<MassProperties, WolfeError> {
        crate::error::positive_setting("density", density)?;
        let (volume, first, second) = self.moments()?;
        let s = volume.signum();
        let (volume, first, second) = (volume * s, first * s, second * s);
        if !(volume > 0.0 && volume.is_finite()) {
            return Err(WolfeError::DegeneratePoints { dimension: 2 });
        }
        Ok(moments_to_properties(volume, first, second, density))
    }

    /// The signed volume moments of a closed mesh (see [`TriMesh::mass_properties`]).
    fn moments(&self) -> Result<(f64, Vec3, Mat3), WolfeError> {
        if !self.closed {
            return Err(WolfeError::Undefined {
                quantity: "volume",
                geometry: "open triangle mesh",
                reason:
                    "only a closed, consistently oriented mesh bounds a solid (use hull() or a decomposition)",
            });
        }
        let mut volume = 0.0;
        let mut first = Vec3::zeros();
        let mut second = Mat3::zeros();
        for t in &self.triangles {
            let [a, b, c] = triangle_of(&self.vertices, t).vertices;
            let det = a.dot(&b.cross(&c));
            let s = a + b + c;
            volume += det / 6.0;
            first += s * (det / 24.0);
            second += (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose())
                * (det / 120.0);
        }
        Ok((volume, first, second))
    }
}

/// Mass properties from volume moments about the origin (as `shape::mass` does):
/// centre `f / V`, central second moment `C = S - V c c^T`, inertia
/// `density (tr(C) 1 - C)`.
pub(crate) fn moments_to_properties(volume: f64, first: Vec3, second: Mat3, density: f64) -> MassProperties {
    let c = first / volume;
    let central = second - c * c.transpose() * volume;
    let central = (central + central.transpose()) * 0.5;
    MassProperties {
        mass: volume * density,
        local_center: c,
        inertia: (Mat3::identity() * central.trace() - central) * density,
    }
}

#[inline]
fn triangle_of(vertices: &[Vec3], t: &[u32; 3]) -> Triangle {
    Triangle::new(
        vertices[t[0] as usize],
        vertices[t[1] as usize],
        vertices[t[2] as usize],
    )
}

fn validate_vertices(vertices: &[Vec3]) -> Result<(), WolfeError> {
    if vertices.is_empty() {
        return Err(WolfeError::EmptyMesh);
    }
    for (index, v) in vertices.iter().enumerate() {
        if !v.iter().all(|c| c.is_finite()) {
            return Err(WolfeError::NonFinitePoint { index });
        }
        let m = v.amax();
        if m > MAX_MAGNITUDE {
            return Err(WolfeError::OutOfRange {
                what: "point coordinate",
                value: m,
                limit: MAX_MAGNITUDE,
            });
        }
    }
    Ok(())
}

/// Relative size below which a triangle's doubled area `|e1 x e2|` counts as zero
/// against `|e1| |e2|` (the sine of its angle at the first vertex): a few ulps of the
/// cross product's rounding, so that only triangles collinear up to rounding are refused.
const COLLINEAR_SINE: f64 = 64.0 * f64::EPSILON;

fn check_triangle(vertices: &[Vec3], t: usize, tri: &[u32; 3]) -> Result<(), WolfeError> {
    for &index in tri {
        if index as usize >= vertices.len() {
            return Err(WolfeError::TriangleIndexOutOfRange {
                triangle: t,
                index,
                vertices: vertices.len(),
            });
        }
    }
    if tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2] {
        return Err(WolfeError::DegenerateTriangle {
            triangle: t,
            reason: "it repeats a vertex",
        });
    }
    let [a, b, c] = triangle_of(vertices, tri).vertices;
    let (e1, e2) = (b - a, c - a);
    let cross = e1.cross(&e2).norm();
    // Vertices are finite (checked first), so the comparison is never with NaN.
    if cross <= COLLINEAR_SINE * e1.norm() * e2.norm() {
        return Err(WolfeError::DegenerateTriangle {
            triangle: t,
            reason: "its vertices are collinear (no area)",
        });
    }
    Ok(())
}

/// Whether every directed edge `(i, j)` appears once and has exactly one opposite
/// `(j, i)`, with vertices at the same position taken as one (OBJ files repeat a
/// position once per normal or texture coordinate).
fn is_closed(vertices: &[Vec3], triangles: &[[u32; 3]]) -> bool {
    let mut ids: HashMap<[u64; 3], u32> = HashMap::with_capacity(vertices.len());
    let canonical: Vec<u32> = vertices
        .iter()
        .map(|v| {
            let key = [v.x, v.y, v.z].map(|c| (c + 0.0).to_bits());
            let next = ids.len() as u32;
            *ids.entry(key).or_insert(next)
        })
        .collect();
    let mut edges: HashMap<(u32, u32), u32> = HashMap::with_capacity(3 * triangles.len());
    for t in triangles {
        let t = t.map(|i| canonical[i as usize]);
        for k in 0..3 {
            *edges.entry((t[k], t[(k + 1) % 3])).or_insert(0) += 1;
        }
    }
    edges
        .iter()
        .all(|(&(i, j), &n)| n == 1 && edges.get(&(j, i)) == Some(&1))
}
