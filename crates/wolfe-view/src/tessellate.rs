//! Triangle surfaces of the shapes for the glTF export: round shapes as surfaces of
//! revolution about z, boxes and half-spaces as quads, meshes flat-shaded. Triangles
//! are counter-clockwise seen from outside, normals unit and outward.

use crate::recording::{SceneObject, ShapeKind, TriMesh};

/// An indexed triangle surface with per-vertex normals.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Surface {
    /// Vertex positions.
    pub positions: Vec<[f32; 3]>,
    /// Unit vertex normals.
    pub normals: Vec<[f32; 3]>,
    /// Triangles, three indices each.
    pub indices: Vec<u32>,
}

/// Segments around the axis of round shapes.
const SEGMENTS: usize = 32;
/// Rings from pole to pole of a sphere.
const RINGS: usize = 16;

fn unit(v: [f64; 3]) -> [f32; 3] {
    let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if n > 0.0 {
        v.map(|x| (x / n) as f32)
    } else {
        [0.0, 0.0, 1.0]
    }
}

impl Surface {
    fn vertex(&mut self, p: [f64; 3], n: [f64; 3]) -> u32 {
        self.positions.push(p.map(|x| x as f32));
        self.normals.push(unit(n));
        (self.positions.len() - 1) as u32
    }

    /// Revolves a profile strip about z: points `(r, z, n_r, n_z)` from bottom to top.
    fn revolve(&mut self, profile: &[(f64, f64, f64, f64)]) {
        let base = self.positions.len() as u32;
        let ring = (SEGMENTS + 1) as u32;
        for &(r, z, nr, nz) in profile {
            for j in 0..=SEGMENTS {
                let a = std::f64::consts::TAU * j as f64 / SEGMENTS as f64;
                let (s, c) = a.sin_cos();
                self.vertex([r * c, r * s, z], [nr * c, nr * s, nz]);
            }
        }
        for i in 0..profile.len() - 1 {
            for j in 0..SEGMENTS as u32 {
                let a = base + i as u32 * ring + j;
                let (b, c, d) = (a + 1, a + ring + 1, a + ring);
                if profile[i].0 > 0.0 {
                    self.indices.extend([a, b, c]);
                }
                if profile[i + 1].0 > 0.0 {
                    self.indices.extend([a, c, d]);
                }
            }
        }
    }

    /// A flat quad `a b c d` (counter-clockwise from outside).
    fn quad(&mut self, corners: [[f64; 3]; 4], n: [f64; 3]) {
        let v: Vec<u32> = corners.iter().map(|p| self.vertex(*p, n)).collect();
        self.indices.extend([v[0], v[1], v[2], v[0], v[2], v[3]]);
    }

    /// Flat-shaded triangles of `m`; with `convex`, each is turned to face away from
    /// the centroid.
    fn flat(&mut self, m: &TriMesh, convex: bool) {
        let n = m.vertices.len().max(1) as f64;
        let centroid = m.vertices.iter().fold([0.0; 3], |c, v| {
            [c[0] + v[0] / n, c[1] + v[1] / n, c[2] + v[2] / n]
        });
        for t in &m.triangles {
            let [mut a, b, mut c] = t.map(|i| m.vertices[i as usize]);
            let e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            let e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
            let mut nrm = [
                e1[1] * e2[2] - e1[2] * e2[1],
                e1[2] * e2[0] - e1[0] * e2[2],
                e1[0] * e2[1] - e1[1] * e2[0],
            ];
            if nrm.iter().all(|x| *x == 0.0) {
                continue;
            }
            let out = [a[0] - centroid[0], a[1] - centroid[1], a[2] - centroid[2]];
            if convex && nrm[0] * out[0] + nrm[1] * out[1] + nrm[2] * out[2] < 0.0 {
                std::mem::swap(&mut a, &mut c);
                nrm = nrm.map(|x| -x);
            }
            for p in [a, b, c] {
                let i = self.vertex(p, nrm);
                self.indices.push(i);
            }
        }
    }
}

/// Whether every vertex of `m` lies on one side of every triangle's plane (within a
/// millionth of the mesh's size): a convex mesh, whichever way its triangles wind.
fn is_convex(m: &TriMesh) -> bool {
    let size = m
        .vertices
        .iter()
        .flat_map(|v| v.iter())
        .fold(0.0f64, |s, x| s.max(x.abs()));
    let tolerance = 1e-6 * size.max(f64::MIN_POSITIVE);
    m.triangles.iter().all(|t| {
        let [a, b, c] = t.map(|i| m.vertices[i as usize]);
        let e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        let n = [
            e1[1] * e2[2] - e1[2] * e2[1],
            e1[2] * e2[0] - e1[0] * e2[2],
            e1[0] * e2[1] - e1[1] * e2[0],
        ];
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        if len == 0.0 {
            return true;
        }
        let side = |v: &[f64; 3]| (n[0] * (v[0] - a[0]) + n[1] * (v[1] - a[1]) + n[2] * (v[2] - a[2])) / len;
        let (lo, hi) = m
            .vertices
            .iter()
            .map(side)
            .fold((0.0f64, 0.0f64), |(lo, hi), d| (lo.min(d), hi.max(d)));
        lo >= -tolerance || hi <= tolerance
    })
}

/// An ellipsoid's surface (a sphere when the semi-axes are equal).
fn ellipsoid(r: [f64; 3]) -> Surface {
    let mut s = Surface::default();
    let unit_profile: Vec<_> = (0..=RINGS)
        .map(|i| {
            let phi = std::f64::consts::PI * (i as f64 / RINGS as f64 - 0.5);
            (phi.cos(), phi.sin(), phi.cos(), phi.sin())
        })
        .collect();
    s.revolve(&unit_profile);
    for (p, n) in s.positions.iter_mut().zip(s.normals.iter_mut()) {
        let q = [p[0] as f64 * r[0], p[1] as f64 * r[1], p[2] as f64 * r[2]];
        *n = unit([q[0] / (r[0] * r[0]), q[1] / (r[1] * r[1]), q[2] / (r[2] * r[2])]);
        *p = q.map(|x| x as f32);
    }
    s
}

fn capsule(r: f64, h: f64) -> Surface {
    let mut s = Surface::default();
    let half = RINGS / 2;
    let profile: Vec<_> = (0..=RINGS + 1)
        .map(|i| {
            // Rings 0..=half: the lower cap; half+1..: the upper cap.
            let (k, dz) = if i <= half { (i, -h) } else { (i - 1, h) };
            let phi = std::f64::consts::PI * (k as f64 / RINGS as f64 - 0.5);
            (r * phi.cos(), r * phi.sin() + dz, phi.cos(), phi.sin())
        })
        .collect();
    s.revolve(&profile);
    s
}

fn cylinder(r: f64, h: f64) -> Surface {
    let mut s = Surface::default();
    s.revolve(&[(0.0, -h, 0.0, -1.0), (r, -h, 0.0, -1.0)]);
    s.revolve(&[(r, -h, 1.0, 0.0), (r, h, 1.0, 0.0)]);
    s.revolve(&[(r, h, 0.0, 1.0), (0.0, h, 0.0, 1.0)]);
    s
}

fn cone(r: f64, h: f64) -> Surface {
    let mut s = Surface::default();
    s.revolve(&[(0.0, -h, 0.0, -1.0), (r, -h, 0.0, -1.0)]);
    // The side's normal is perpendicular to the slant (r, -2h) -> (2h, r).
    s.revolve(&[(r, -h, 2.0 * h, r), (0.0, h, 2.0 * h, r)]);
    s
}

fn cuboid(e: [f64; 3]) -> Surface {
    let mut s = Surface::default();
    for axis in 0..3 {
        for sign in [-1.0, 1.0] {
            let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
            let corner = |a: f64, b: f64| {
                let mut p = [0.0; 3];
                p[axis] = sign * e[axis];
                p[u] = a * e[u];
                p[v] = b * e[v];
                p
            };
            let mut n = [0.0; 3];
            n[axis] = sign;
            let mut c = [
                corner(-1.0, -1.0),
                corner(1.0, -1.0),
                corner(1.0, 1.0),
                corner(-1.0, 1.0),
            ];
            if sign < 0.0 {
                c.reverse();
            }
            s.quad(c, n);
        }
    }
    s
}

/// The drawn surface of an object in its shape frame (a half-space: the square of side
/// `2 half_space_extent` of its boundary plane; a visual mesh, when present, in the body
/// frame instead: see [`SceneObject::visual`]).
pub fn surface(o: &SceneObject, half_space_extent: f64) -> Surface {
    let p = o.params;
    if let Some(v) = &o.visual {
        let mut s = Surface::default();
        s.flat(v, false);
        return s;
    }
    match o.kind {
        ShapeKind::Sphere => ellipsoid([p[0]; 3]),
        ShapeKind::Ellipsoid => ellipsoid(p),
        ShapeKind::Box => cuboid(p),
        ShapeKind::Capsule => capsule(p[0], p[1]),
        ShapeKind::Cylinder => cylinder(p[0], p[1]),
        ShapeKind::Cone => cone(p[0], p[1]),
        ShapeKind::Mesh | ShapeKind::Inflated => match &o.mesh {
            Some(m) => {
                // A hull is turned outward whatever its winding; a non-convex mesh (a
                // static bowl drawn as its real triangles) keeps the winding it has.
                let mut s = Surface::default();
                s.flat(m, is_convex(m));
                s
            }
            None => ellipsoid([p[0].max(1e-3); 3]),
        },
        ShapeKind::HalfSpace => {
            let e = half_space_extent;
            let mut s = Surface::default();
            s.quad(
                [[-e, -e, 0.0], [e, -e, 0.0], [e, e, 0.0], [-e, e, 0.0]],
                [0.0, 0.0, 1.0],
            );
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The volume enclosed by a closed surface, by the divergence theorem (each triangle
    /// with the origin spans a signed tetrahedron): positive for outward winding.
    fn volume(s: &Surface) -> f64 {
        s.indices
            .chunks_exact(3)
            .map(|t| {
                let [a, b, c] = [0, 1, 2].map(|k| s.positions[t[k] as usize].map(f64::from));
                let cross = [
                    b[1] * c[2] - b[2] * c[1],
                    b[2] * c[0] - b[0] * c[2],
                    b[0] * c[1] - b[1] * c[0],
                ];
                (a[0] * cross[0] + a[1] * cross[1] + a[2] * cross[2]) / 6.0
            })
            .sum()
    }

    fn object(kind: ShapeKind, params: [f64; 3]) -> SceneObject {
        SceneObject {
            name: "x".into(),
            kind,
            is_static: false,
            pose: [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0],
            params,
            mesh: None,
            mass: None,
            visual: None,
        }
    }

    /// A closed non-convex mesh (a bowl) is drawn with its own winding, so its surface
    /// encloses its own volume (the divergence theorem over the triangles as given); a
    /// hull written with its triangles turned inward is turned back outward.
    #[test]
    fn a_non_convex_mesh_keeps_its_winding() {
        let bowl = wolfe::TriMesh::bowl(0.1, 0.01, 24).unwrap();
        let mesh = TriMesh {
            vertices: bowl.vertices().iter().map(|v| [v.x, v.y, v.z]).collect(),
            triangles: bowl.triangles().to_vec(),
        };
        assert!(!is_convex(&mesh));
        let mut o = object(ShapeKind::Mesh, [0.0; 3]);
        o.mesh = Some(mesh);
        let drawn = volume(&surface(&o, 1.0));
        let solid = bowl.mass_properties(1.0).unwrap().mass;
        assert!((drawn - solid).abs() < 1e-4 * solid, "{drawn} vs {solid}");
        let cube = wolfe::ConvexMesh::from_points(
            &[-1.0, 1.0]
                .iter()
                .flat_map(|&x| {
                    [-1.0, 1.0]
                        .into_iter()
                        .flat_map(move |y| [-1.0, 1.0].map(|z| wolfe::Vec3::new(x, y, z)))
                })
                .collect::<Vec<_>>(),
        )
        .unwrap();
        let mut inward = TriMesh::from_convex_mesh(&cube);
        for t in &mut inward.triangles {
            t.swap(1, 2);
        }
        assert!(is_convex(&inward));
        o.mesh = Some(inward);
        assert!((volume(&surface(&o, 1.0)) - 8.0).abs() < 1e-9);
    }

    #[test]
    fn surfaces_are_outward_and_enclose_their_analytic_volumes() {
        use std::f64::consts::PI;
        let cases = [
            (object(ShapeKind::Box, [0.1, 0.2, 0.3]), 8.0 * 0.1 * 0.2 * 0.3),
            (object(ShapeKind::Sphere, [0.5, 0.0, 0.0]), 4.0 / 3.0 * PI * 0.125),
            (
                object(ShapeKind::Ellipsoid, [0.1, 0.2, 0.3]),
                4.0 / 3.0 * PI * 0.006,
            ),
            (object(ShapeKind::Cylinder, [0.2, 0.5, 0.0]), PI * 0.04),
            (object(ShapeKind::Cone, [0.2, 0.5, 0.0]), PI * 0.04 / 3.0),
            (
                object(ShapeKind::Capsule, [0.2, 0.5, 0.0]),
                PI * 0.04 + 4.0 / 3.0 * PI * 0.008,
            ),
        ];
        for (o, exact) in cases {
            let s = surface(&o, 1.0);
            let v = volume(&s);
            // Polygons inscribed with 32 segments and 16 rings lose up to ~3%.
            assert!(
                v > 0.95 * exact && v <= exact * (1.0 + 1e-6),
                "{:?}: {v} vs {exact}",
                o.kind
            );
            for n in &s.normals {
                let len = n.iter().map(|x| x * x).sum::<f32>().sqrt();
                assert!((len - 1.0).abs() < 1e-5);
            }
        }
    }

    #[test]
    fn a_convex_mesh_is_turned_outward_whatever_its_winding() {
        // A tetrahedron listed with inward (clockwise from outside) triangles.
        let m = TriMesh {
            vertices: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            triangles: vec![[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]],
        };
        let mut o = object(ShapeKind::Mesh, [0.0; 3]);
        o.mesh = Some(m);
        let v = volume(&surface(&o, 1.0));
        assert!((v - 1.0 / 6.0).abs() < 1e-7, "{v}");
    }
}
