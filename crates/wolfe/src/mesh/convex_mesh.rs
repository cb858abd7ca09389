//! The convex polytope type: hull vertices, outward triangles, CSR vertex adjacency, the
//! hill-climbing graph and the cube map of seeds (its support map is in `shape/`), and
//! the face table of the manifold's reference-face search: unit triangle normals, the
//! triangles' edge adjacency and the coplanar facets as ordered polygons.

use super::adjacency::Adjacency;
use super::hull::{convex_hull, Hull};
use super::normal_grid::NormalGrid;
use super::scan::PairedVertices;
use super::seeds::SeedTable;
use super::support::{self, ClimbGraph};
use crate::error::{in_range, WolfeError};
use crate::math::{Aabb, Vec3};
use std::collections::HashMap;

/// Meshes with at most this many vertices compute their support point by brute force;
/// larger ones hill-climb over the vertex adjacency from the hint.
///
/// Measured with `cargo bench -p wolfe --bench support` (criterion; hulls of random
/// points on a sphere; GJK-like direction sequences, each direction the previous one
/// plus a perturbation of relative size 0.25, the hint the previous support vertex;
/// 2-core shared Linux box, release profile; 2026-11-26, brute force over the vertices
/// stored in pairs, `scan.rs`). Nanoseconds per query, median:
///
/// | vertices      | 4   | 6   | 8   | 12  | 16  | 24   | 32   | 64   |
/// |---------------|-----|-----|-----|-----|-----|------|------|------|
/// | brute force   | 3.3 | 4.2 | 5.2 | 7.2 | 9.4 | 12.8 | 17.0 | 33.7 |
/// | hill-climbing | 3.6 | 4.4 | 5.2 | 5.4 | 5.7 | 6.1  | 6.8  | 7.5  |
///
/// Brute force costs about 0.5 ns per vertex; a warm-started climb is a few steps of
/// ~5 neighbours each, so it wins from 12 vertices on and the crossover lies between 8
/// and 12. Every solid hull has at least 4 vertices, so only tetrahedra up to small
/// hulls (a box has 8) take the brute-force path.
pub const SUPPORT_BRUTE_FORCE_MAX_VERTICES: usize = 8;

/// A convex polytope given by the exact convex hull of a point set.
///
/// Stores the hull vertices (a subset of the input points, exactly the extreme ones), the
/// outward counter-clockwise triangles (for solids), and the vertex adjacency used by
/// the hill-climbing support function. Lower-dimensional hulls (a polygon, a segment, a
/// point) are allowed through [`ConvexMesh::from_points_lenient`]; they have no faces,
/// and their adjacency is the polygon cycle, the segment, or nothing.
#[derive(Clone, Debug)]
pub struct ConvexMesh {
    vertices: Vec<Vec3>,
    faces: Vec<[u32; 3]>,
    adjacency: Adjacency,
    /// The adjacency with the neighbours' coordinates, for the hill climbs
    /// (`support.rs`).
    climb: ClimbGraph,
    /// The vertices two by two, by axis, for the brute-force scan (`scan.rs`).
    paired: PairedVertices,
    dimension: usize,
    centroid: Vec3,
    /// Distance from the centroid to the nearest face plane (0 unless solid).
    inradius: f64,
    /// Support vertices of a cube map of directions (seeds for cold hill climbs).
    seeds: SeedTable,
    aabb: Aabb,
    /// Unit normals, edge adjacency and facets of the triangles (empty unless solid).
    face_table: FaceTable,
}

impl ConvexMesh {
    /// The solid convex hull of `points` (quickhull on exact orientation predicates).
    ///
    /// Duplicates, and points inside or on the hull (coplanar with a face, on an edge)
    /// are dropped: the vertices are exactly the extreme points. Errors:
    /// [`WolfeError::EmptyMesh`], [`WolfeError::NonFinitePoint`],
    /// [`WolfeError::OutOfRange`] for a hull vertex coordinate beyond
    /// [`crate::MAX_MAGNITUDE`] (the queries' supported range), and
    /// [`WolfeError::DegeneratePoints`] when the points span fewer than 3 dimensions
    /// (`dimension` 2 for coplanar, 1 for collinear, 0 for a single distinct point).
    pub fn from_points(points: &[Vec3]) -> Result<Self, WolfeError> {
        let hull = convex_hull(points)?;
        check_range(&hull.vertices)?;
        if hull.dimension < 3 {
            return Err(WolfeError::DegeneratePoints {
                dimension: hull.dimension,
            });
        }
        Ok(Self::from_hull(hull))
    }

    /// Like [`ConvexMesh::from_points`], but also accepts point sets of lower dimension:
    /// exactly coplanar points give their convex polygon (vertices in cycle order, no
    /// faces), collinear points the segment's two endpoints, and a single distinct point
    /// itself. Still errors on an empty set, a non-finite coordinate, or a hull vertex
    /// beyond [`crate::MAX_MAGNITUDE`].
    pub fn from_points_lenient(points: &[Vec3]) -> Result<Self, WolfeError> {
        let hull = convex_hull(points)?;
        check_range(&hull.vertices)?;
        Ok(Self::from_hull(hull))
    }

    fn from_hull(hull: Hull) -> Self {
        let Hull {
            dimension,
            vertices,
            faces,
        } = hull;
        let n = vertices.len();
        let adjacency = if dimension == 3 {
            Adjacency::from_faces(n, &faces)
        } else {
            Adjacency::from_cycle(n)
        };
        let centroid = vertices.iter().sum::<Vec3>() / n as f64;
        // A hull always has at least one vertex; the fallback box is never used.
        let aabb = Aabb::from_points(&vertices).unwrap_or(Aabb::new(centroid, centroid));
        let inradius = if dimension == 3 {
            faces
                .iter()
                .map(|f| {
                    let [a, b, c] = f.map(|i| vertices[i as usize]);
                    let n = (b - a).cross(&(c - a));
                    let len = n.norm();
                    if len > 0.0 {
                        (n.dot(&(a - centroid)) / len).max(0.0)
                    } else {
                        0.0
                    }
                })
                .fold(f64::INFINITY, f64::min)
        } else {
            0.0
        };
        let inradius = if inradius.is_finite() { inradius } else { 0.0 };
        let climb = ClimbGraph::new(&vertices, &adjacency);
        let seeds = SeedTable::new(&vertices, &climb);
        let paired = PairedVertices::new(&vertices);
        let face_table = FaceTable::new(&vertices, &faces, &aabb);
        Self {
            vertices,
            faces,
            adjacency,
            climb,
            paired,
            dimension,
            centroid,
            inradius,
            seeds,
            aabb,
            face_table,
        }
    }

    /// The hull vertices (never empty).
    pub fn vertices(&self) -> &[Vec3] {
        &self.vertices
    }

    /// The hull triangles as indices into [`ConvexMesh::vertices`], counter-clockwise
    /// seen from outside: `(b - a) x (c - a)` points out. Empty when `dimension() < 3`.
    pub fn faces(&self) -> &[[u32; 3]] {
        &self.faces
    }

    /// The unit outward normal of each triangle of [`ConvexMesh::faces`] (same order),
    /// computed once with the hull; a zero vector for a triangle of zero area (an exact
    /// hull has none). Empty when `dimension() < 3`.
    pub fn face_normals(&self) -> &[Vec3] {
        &self.face_table.normals
    }

    /// The facet (a maximal group of coplanar triangles, see [`FaceTable`]) whose normal
    /// is most aligned with the unit direction `dir` (mesh frame), by a scan of the
    /// stored facet normals (one dot product each). `None` without faces or for a
    /// non-finite `dir`.
    ///
    /// Why not a hill climb over the facets' adjacency: scanned hulls (the YCB cans'
    /// caps) have near-coplanar sliver facets whose normals make local maxima; a climb
    /// from the support vertex with a two-facet look-ahead still stopped 0.053 rad from
    /// a face 0.024 rad from the direction (outside the manifold's default 0.05 rad
    /// tolerance, so a standing can would lose its face manifold). Hulls of more than
    /// 64 facets search a grid of the normals (`normal_grid.rs`: exact, the scan's
    /// answer); smaller ones, and the rare direction the grid leaves undecided, scan
    /// (about 1 ns a facet).
    pub(crate) fn facet_toward(&self, dir: &Vec3) -> Option<usize> {
        let normals = &self.face_table.facet_normals;
        if normals.is_empty() || !dir.iter().all(|x| x.is_finite()) {
            return None;
        }
        if let Some(k) = self.face_table.facet_grid.most_aligned(normals, dir) {
            return Some(k);
        }
        let mut best = (0, f64::NEG_INFINITY);
        for (k, n) in normals.iter().enumerate() {
            let s = n.dot(dir);
            if s > best.1 {
                best = (k, s);
            }
        }
        Some(best.0)
    }

    /// The unit normal and the polygon (mesh frame, counter-clockwise seen from outside,
    /// at most [`FACET_MAX_VERTICES`] vertices) of facet `facet` of
    /// [`ConvexMesh::facet_toward`]; `None` for an index out of range.
    pub(crate) fn facet(&self, facet: usize) -> Option<(Vec3, &[Vec3])> {
        let t = &self.face_table;
        let n = *t.facet_normals.get(facet)?;
        let (a, b) = (
            t.facet_offsets[facet] as usize,
            t.facet_offsets[facet + 1] as usize,
        );
        Some((n, &t.facet_vertices[a..b]))
    }

    /// The vertices adjacent to `vertex` on the hull (edges of the triangulation, the
    /// polygon cycle, or the segment). Empty for an index out of range.
    pub fn neighbors(&self, vertex: u32) -> &[u32] {
        self.adjacency.neighbors(vertex as usize)
    }

    /// Affine dimension of the hull: 3 for a solid, 2 polygon, 1 segment, 0 point.
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// The mean of the hull vertices (a point inside the hull, not its center of mass).
    pub fn centroid(&self) -> Vec3 {
        self.centroid
    }

    /// The distance from the centroid to the nearest face plane (exact for the solid
    /// hull; 0 for lower-dimensional hulls, which have no interior).
    pub(crate) fn centroid_inradius(&self) -> f64 {
        self.inradius
    }

    /// The box of the hull vertices.
    pub(crate) fn bounding_box(&self) -> Aabb {
        self.aabb
    }

    /// The support vertex of the centre of `dir`'s cell in the hull's cube-map seed table
    /// (about one cell per vertex, computed once with the hull: `seeds.rs`): a start of
    /// a hill climb that is a step or two from the answer. 0 for hulls of at most
    /// [`SUPPORT_BRUTE_FORCE_MAX_VERTICES`] vertices: their support scans every vertex
    /// and reads no start ([`ConvexMesh::support_index`]).
    #[inline]
    pub(crate) fn seed_vertex(&self, dir: &Vec3) -> u32 {
        if self.vertices.len() <= SUPPORT_BRUTE_FORCE_MAX_VERTICES {
            0
        } else {
            self.seeds.seed(dir)
        }
    }

    /// Index of a vertex maximizing `<dir, x>` without a hint: hill climbing from the
    /// seed of `dir`'s cell in the cube map (a step or two), brute force for small hulls.
    /// A climb from an arbitrary vertex crosses the hull (tens of steps on a YCB hull).
    pub fn support_vertex(&self, dir: &Vec3) -> u32 {
        self.support_index(dir, self.seed_vertex(dir))
    }

    /// Index of a vertex maximizing `<dir, x>`, by checking every vertex (the first one
    /// of equal value; vertex 0 for a NaN direction). The scan runs over a copy of the
    /// vertices stored two by two (`scan.rs`: both lanes of a 128-bit register).
    #[inline]
    pub fn support_vertex_brute_force(&self, dir: &Vec3) -> u32 {
        self.paired.support(dir)
    }

    /// Index of a vertex maximizing `<dir, x>`, by hill-climbing over the adjacency from
    /// vertex `start` (clamped to 0 when out of range): the support of a warm-started
    /// query (GJK++ Sec. II, "Computing support vector on meshes").
    ///
    /// Inlined (also across crates): as a call, the growth loop spilled and reloaded its
    /// registers around each of its two climbs per iteration.
    #[inline]
    pub fn support_vertex_hill_climb(&self, dir: &Vec3, start: u32) -> u32 {
        let start = if (start as usize) < self.vertices.len() {
            start
        } else {
            0
        };
        support::hill_climb(&self.climb, dir, start)
    }

    /// Index of a support vertex: brute force up to
    /// [`SUPPORT_BRUTE_FORCE_MAX_VERTICES`], hill-climbing from `hint` above.
    #[inline]
    pub(crate) fn support_index(&self, dir: &Vec3, hint: u32) -> u32 {
        if self.vertices.len() <= SUPPORT_BRUTE_FORCE_MAX_VERTICES {
            self.paired.support(dir)
        } else {
            self.support_vertex_hill_climb(dir, hint)
        }
    }
}

/// Most vertices stored of one facet polygon (the contact manifold's polygon buffer is
/// this size: `MAX_FACE_VERTICES` in `collide/feature.rs`). A facet with more (the flat
/// cap of a can hull) keeps this many, evenly spaced in angular order: an inscribed
/// convex polygon close to the whole.
pub(crate) const FACET_MAX_VERTICES: usize = 16;

/// Relative tolerance (of the hull's bounding-box diagonal) for a vertex to lie on a
/// facet's plane: hull triangles are exact, and coplanar ones come from points read
/// with 9 to 16 digits.
pub(crate) const COPLANAR_TOLERANCE: f64 = 1e-9;

/// The triangles of a solid hull arranged for the reference-face search of contact
/// manifolds (`collide/feature.rs`), built once with the hull.
///
/// - Unit outward normals of the triangles, and their edge adjacency (to grow facets).
/// - Facets: maximal edge-connected groups of triangles within
///   [`COPLANAR_TOLERANCE`] of a plane (a box face is two triangles, a can's cap many),
///   each with the area-weighted unit normal of its triangles and its polygon: the
///   distinct vertices ordered by angle around their centroid.
#[derive(Clone, Debug, Default)]
struct FaceTable {
    /// Unit normal of each triangle (zero for a triangle of zero area).
    normals: Vec<Vec3>,
    /// Per facet: its unit normal and its polygon
    /// (`facet_vertices[facet_offsets[k]..facet_offsets[k + 1]]`).
    facet_normals: Vec<Vec3>,
    facet_offsets: Vec<u32>,
    facet_vertices: Vec<Vec3>,
    /// The facet normals by direction, for [`ConvexMesh::facet_toward`] on large hulls.
    facet_grid: NormalGrid,
}

impl FaceTable {
    fn new(vertices: &[Vec3], faces: &[[u32; 3]], aabb: &Aabb) -> Self {
        if faces.is_empty() {
            return Self::default();
        }
        let area_normal = |f: &[u32; 3]| {
            let [a, b, c] = f.map(|i| vertices[i as usize]);
            (b - a).cross(&(c - a))
        };
        let normals: Vec<Vec3> = faces
            .iter()
            .map(|f| {
                let n = area_normal(f);
                let len = n.norm();
                if len > 0.0 {
                    n / len
                } else {
                    Vec3::zeros()
                }
            })
            .collect();
        // Each undirected edge of a closed, consistently oriented hull appears once in
        // each direction: the triangle across `a -> b` holds `b -> a`.
        let mut edge_face = HashMap::with_capacity(3 * faces.len());
        for (i, f) in faces.iter().enumerate() {
            for e in 0..3 {
                edge_face.insert((f[e], f[(e + 1) % 3]), i as u32);
            }
        }
        let neighbors: Vec<[u32; 3]> = faces
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let across = |e: usize| *edge_face.get(&(f[(e + 1) % 3], f[e])).unwrap_or(&(i as u32));
                [across(0), across(1), across(2)]
            })
            .collect();
        let tol = COPLANAR_TOLERANCE * (aabb.max - aabb.min).norm();
        let mut facet_of = vec![u32::MAX; faces.len()];
        let mut facet_normals = Vec::new();
        let mut facet_offsets = vec![0u32];
        let mut facet_vertices = Vec::new();
        let mut stack = Vec::new();
        let mut members: Vec<u32> = Vec::new();
        for seed in 0..faces.len() {
            if facet_of[seed] != u32::MAX {
                continue;
            }
            let k = facet_normals.len() as u32;
            let n = normals[seed];
            let offset = faces[seed]
                .iter()
                .map(|&v| n.dot(&vertices[v as usize]))
                .fold(f64::NEG_INFINITY, f64::max);
            let on_plane = |f: &[u32; 3]| {
                f.iter()
                    .all(|&v| (n.dot(&vertices[v as usize]) - offset).abs() <= tol)
            };
            facet_of[seed] = k;
            stack.clear();
            stack.push(seed);
            members.clear();
            let mut sum = Vec3::zeros();
            while let Some(t) = stack.pop() {
                sum += area_normal(&faces[t]);
                members.extend_from_slice(&faces[t]);
                for &g in &neighbors[t] {
                    let g = g as usize;
                    if facet_of[g] == u32::MAX && n != Vec3::zeros() && on_plane(&faces[g]) {
                        facet_of[g] = k;
                        stack.push(g);
                    }
                }
            }
            let len = sum.norm();
            let normal = if len > 0.0 { sum / len } else { n };
            facet_normals.push(normal);
            members.sort_unstable();
            members.dedup();
            let poly: Vec<Vec3> = members.iter().map(|&v| vertices[v as usize]).collect();
            facet_vertices.extend(ordered_polygon(&poly, &normal));
            facet_offsets.push(facet_vertices.len() as u32);
        }
        Self {
            normals,
            facet_grid: NormalGrid::new(&facet_normals),
            facet_normals,
            facet_offsets,
            facet_vertices,
        }
    }
}

/// The points of a convex planar polygon with normal `n`, ordered counter-clockwise
/// about `n` by angle around their centroid; more than [`FACET_MAX_VERTICES`] keep that
/// many, evenly spaced in that order.
fn ordered_polygon(points: &[Vec3], n: &Vec3) -> Vec<Vec3> {
    if points.len() < 3 {
        return points.to_vec();
    }
    let c = points.iter().sum::<Vec3>() / points.len() as f64;
    let u = (points[0] - c).normalize();
    let w = n.cross(&u);
    let angle = |p: &Vec3| (p - c).dot(&w).atan2((p - c).dot(&u));
    let mut sorted = points.to_vec();
    sorted.sort_by(|a, b| angle(a).total_cmp(&angle(b)));
    if sorted.len() <= FACET_MAX_VERTICES {
        return sorted;
    }
    let len = sorted.len();
    (0..FACET_MAX_VERTICES)
        .map(|k| sorted[k * len / FACET_MAX_VERTICES])
        .collect()
}

/// Rejects a hull vertex beyond the queries' supported range (issue 21: a point cloud
/// of size 1e200 gave infinite growth distances). The hull itself is exact at any
/// scale (power-of-two scaling); the support-function queries are not.
fn check_range(vertices: &[Vec3]) -> Result<(), WolfeError> {
    for p in vertices {
        for c in p.iter() {
            in_range("mesh vertex coordinate", *c)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A uniform unit vector by Archimedes' theorem (z uniform in [-1, 1], the azimuth
    /// uniform): the unit tests stay inside this crate, below the test kit that
    /// depends on it.
    fn unit(rng: &mut ChaCha8Rng) -> Vec3 {
        let z: f64 = rng.random_range(-1.0..=1.0);
        let phi = rng.random_range(0.0..std::f64::consts::TAU);
        let r = (1.0 - z * z).max(0.0).sqrt();
        Vec3::new(r * phi.cos(), r * phi.sin(), z)
    }

    /// `facet_toward` returns a facet as aligned as the best triangle of a scan of every
    /// stored triangle normal (to the facets' coplanarity tolerance), for random
    /// directions.
    fn check_against_scan(mesh: &ConvexMesh, rng: &mut ChaCha8Rng, queries: usize) {
        let normals = mesh.face_normals();
        for _ in 0..queries {
            let d = unit(rng);
            let best = normals
                .iter()
                .map(|n| n.dot(&d))
                .fold(f64::NEG_INFINITY, f64::max);
            let facet = mesh.facet_toward(&d).unwrap();
            let found = mesh.face_table.facet_normals[facet].dot(&d);
            assert!(found >= best - 1e-9, "facet {found} < scan {best}, d {d:?}");
        }
    }

    #[test]
    fn facet_search_finds_the_best_face_on_sphere_hulls() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for n in [4, 8, 30, 200, 2000] {
            let pts: Vec<Vec3> = (0..n).map(|_| unit(&mut rng)).collect();
            let mesh = ConvexMesh::from_points(&pts).unwrap();
            check_against_scan(&mesh, &mut rng, 500);
        }
    }

    #[test]
    fn facet_search_finds_the_best_face_on_ycb_hulls() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ycb");
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for name in [
            "005_tomato_soup_can",
            "009_gelatin_box",
            "015_peach",
            "077_rubiks_cube",
        ] {
            let mesh = ConvexMesh::from_obj(dir.join(format!("{name}.obj"))).unwrap();
            check_against_scan(&mesh, &mut rng, 2000);
        }
    }

    #[test]
    fn face_normals_are_unit_and_outward() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let pts: Vec<Vec3> = (0..300).map(|_| unit(&mut rng)).collect();
        let mesh = ConvexMesh::from_points(&pts).unwrap();
        assert_eq!(mesh.face_normals().len(), mesh.faces().len());
        for (f, n) in mesh.faces().iter().zip(mesh.face_normals()) {
            assert!((n.norm() - 1.0).abs() < 1e-14);
            let [a, b, c] = f.map(|i| mesh.vertices()[i as usize]);
            assert!(n.dot(&(a - mesh.centroid())) > 0.0);
            assert!(n.dot(&(b - a)).abs() < 1e-12 && n.dot(&(c - a)).abs() < 1e-12);
        }
    }

    #[test]
    fn box_facets_are_its_six_squares() {
        let mut pts = Vec::new();
        for k in 0..8 {
            let s = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
            pts.push(Vec3::new(s(1) * 1.0, s(2) * 2.0, s(4) * 3.0));
        }
        let mesh = ConvexMesh::from_points(&pts).unwrap();
        assert_eq!(mesh.face_table.facet_normals.len(), 6);
        for axis in 0..3 {
            for sign in [-1.0, 1.0] {
                let d = Vec3::ith(axis, sign);
                // Tilted a little: still the same face.
                let tilted = (d + Vec3::new(0.01, -0.02, 0.015)).normalize();
                let (n, poly) = mesh.facet(mesh.facet_toward(&tilted).unwrap()).unwrap();
                assert!((n - d).norm() < 1e-15, "{axis} {sign} {n:?}");
                assert_eq!(poly.len(), 4);
                for p in poly {
                    assert_eq!(p[axis], sign * [1.0, 2.0, 3.0][axis]);
                }
                // Counter-clockwise seen from outside.
                let area = (poly[1] - poly[0]).cross(&(poly[2] - poly[0]));
                assert!(area.dot(&d) > 0.0);
            }
        }
    }

    #[test]
    fn large_facets_keep_evenly_spaced_vertices() {
        // A 40-gon prism: each cap is one facet of 40 vertices, stored as 16.
        let mut pts = Vec::new();
        for k in 0..40 {
            let a = std::f64::consts::TAU * k as f64 / 40.0;
            pts.push(Vec3::new(a.cos(), a.sin(), 0.0));
            pts.push(Vec3::new(a.cos(), a.sin(), 1.0));
        }
        let mesh = ConvexMesh::from_points(&pts).unwrap();
        let (n, poly) = mesh.facet(mesh.facet_toward(&Vec3::z()).unwrap()).unwrap();
        assert!((n - Vec3::z()).norm() < 1e-12);
        assert_eq!(poly.len(), FACET_MAX_VERTICES);
        // Evenly spaced: consecutive vertices 40/16 = 2.5 steps of 9 degrees apart.
        for i in 0..poly.len() {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            let step = p.xy().angle(&q.xy()).to_degrees();
            assert!((18.0 - 1e-9..=27.0 + 1e-9).contains(&step), "{step}");
            assert!(p.xy().perp(&q.xy()) > 0.0);
        }
        assert!(mesh.facet_toward(&Vec3::new(f64::NAN, 0.0, 1.0)).is_none());
    }
}
