//! Mass properties of MJCF geoms as MuJoCo's compiler computes them
//! (`mjCGeom::GetVolume`, `mjCGeom::SetInertia`, `mjCMesh::ComputeVolume` and
//! `mjCMesh::ComputeInertia` of MuJoCo 3.x and 4.0): solid primitives of uniform density,
//! and meshes by one of the `<mesh inertia>` rules:
//!
//! - `legacy` (MuJoCo's default): the volume and centre of mass are sums over the
//!   triangles of the tetrahedra from the area-weighted face centroid, each volume taken
//!   in **absolute value** (a non-convex mesh's volume is over-counted); the inertia is
//!   the sum over the tetrahedra from that centre of mass, again with absolute volumes
//!   (the volume reported is this second sum).
//! - `exact`: the same sums with signed volumes (the divergence theorem; the mesh must
//!   be closed and consistently oriented).
//! - `convex`: the exact rule on the convex hull of the vertices.
//! - `shell` is not supported (a typed error).
//!
//! Vertices are read as the files store them (STL: 32-bit floats), widened to `f64` and
//! scaled, as MuJoCo does, so that masses and inertias agree with MuJoCo's to rounding.

use std::path::Path;

use wolfe::ConvexMesh;

use crate::spatial::{Mat3, Vec3};

/// MuJoCo's `mjMINVAL`.
const MIN_VAL: f64 = 1e-15;

/// The `<mesh inertia>` rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeshInertia {
    /// Absolute tetrahedron volumes (MuJoCo's default).
    Legacy,
    /// Signed volumes of the closed mesh.
    Exact,
    /// Signed volumes of the convex hull.
    Convex,
}

/// A triangle mesh as read from a file (vertices scaled).
#[derive(Clone, Debug)]
pub(crate) struct TriMesh {
    pub vertices: Vec<Vec3>,
    pub faces: Vec<[u32; 3]>,
}

/// Volume, centre of mass and the inertia tensor about it for unit density.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UnitInertia {
    pub volume: f64,
    pub com: Vec3,
    pub inertia: Mat3,
}

/// Reads an STL (binary or ASCII) or OBJ file's triangles, vertices scaled per axis
/// (faces flipped when the scale mirrors).
pub(crate) fn read_mesh(path: &Path, scale: [f64; 3]) -> Result<TriMesh, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut mesh = match ext.as_str() {
        "stl" => read_stl(&bytes)?,
        "obj" => read_obj(std::str::from_utf8(&bytes).map_err(|e| e.to_string())?)?,
        _ => return Err(format!("unsupported mesh format '.{ext}' (OBJ and STL load)")),
    };
    if scale.iter().any(|s| !s.is_finite() || *s == 0.0) {
        return Err(format!("scale {scale:?} must be finite and non-zero"));
    }
    let s = Vec3::from(scale);
    for v in &mut mesh.vertices {
        *v = v.component_mul(&s);
    }
    if scale[0] * scale[1] * scale[2] < 0.0 {
        for f in &mut mesh.faces {
            f.swap(1, 2);
        }
    }
    if mesh.vertices.len() < 4 || mesh.faces.is_empty() {
        return Err("at least 4 vertices and one face required".into());
    }
    Ok(mesh)
}

fn read_stl(bytes: &[u8]) -> Result<TriMesh, String> {
    let binary_len = |n: usize| 84 + 50 * n;
    if bytes.len() >= 84 {
        let n = u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as usize;
        if n.checked_mul(50).map(|x| x + 84) == Some(bytes.len()) || !bytes.starts_with(b"solid") {
            if binary_len(n) > bytes.len() {
                return Err(format!(
                    "binary STL announces {n} triangles but is {} bytes",
                    bytes.len()
                ));
            }
            return stl_triangles((0..n).map(|t| {
                let at = 84 + 50 * t + 12;
                std::array::from_fn(|k| {
                    let o = at + 4 * k;
                    f32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]) as f64
                })
            }));
        }
    }
    let text = std::str::from_utf8(bytes).map_err(|_| "STL is neither binary nor ASCII".to_string())?;
    let mut coords = Vec::new();
    for line in text.lines() {
        let mut it = line.split_whitespace();
        if it.next() == Some("vertex") {
            for _ in 0..3 {
                let t = it.next().ok_or("ASCII STL vertex with fewer than 3 numbers")?;
                let x: f32 = t.parse().map_err(|_| format!("ASCII STL: bad number '{t}'"))?;
                coords.push(x as f64);
            }
        }
    }
    if coords.len() % 9 != 0 {
        return Err("ASCII STL: vertex count is not a multiple of 3".into());
    }
    stl_triangles(coords.chunks(9).map(|c| std::array::from_fn(|k| c[k])))
}

/// Triangles with repeated vertices merged (as MuJoCo merges them).
fn stl_triangles(tris: impl Iterator<Item = [f64; 9]>) -> Result<TriMesh, String> {
    let mut index = std::collections::HashMap::new();
    let mut mesh = TriMesh {
        vertices: Vec::new(),
        faces: Vec::new(),
    };
    for t in tris {
        if t.iter().any(|x| !x.is_finite()) {
            return Err("non-finite vertex coordinate".into());
        }
        let f = std::array::from_fn(|k| {
            let v = Vec3::new(t[3 * k], t[3 * k + 1], t[3 * k + 2]);
            let key = [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()];
            *index.entry(key).or_insert_with(|| {
                mesh.vertices.push(v);
                (mesh.vertices.len() - 1) as u32
            })
        });
        mesh.faces.push(f);
    }
    Ok(mesh)
}

fn read_obj(text: &str) -> Result<TriMesh, String> {
    let mut mesh = TriMesh {
        vertices: Vec::new(),
        faces: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        let mut it = line.split_whitespace();
        match it.next() {
            Some("v") => {
                let mut p = [0.0; 3];
                for x in &mut p {
                    let t = it
                        .next()
                        .ok_or(format!("line {}: vertex with fewer than 3 numbers", n + 1))?;
                    let v: f32 = t
                        .parse()
                        .map_err(|_| format!("line {}: bad number '{t}'", n + 1))?;
                    if !v.is_finite() {
                        return Err(format!("line {}: non-finite vertex", n + 1));
                    }
                    *x = v as f64;
                }
                mesh.vertices.push(Vec3::from(p));
            }
            Some("f") => {
                let nv = mesh.vertices.len() as i64;
                let idx = it
                    .map(|t| {
                        let i: i64 = t
                            .split('/')
                            .next()
                            .unwrap_or("")
                            .parse()
                            .map_err(|_| format!("line {}: bad face index '{t}'", n + 1))?;
                        let i = if i < 0 { nv + i } else { i - 1 };
                        if i < 0 || i >= nv {
                            return Err(format!("line {}: face index {t} out of range", n + 1));
                        }
                        Ok(i as u32)
                    })
                    .collect::<Result<Vec<u32>, String>>()?;
                if idx.len() < 3 {
                    return Err(format!("line {}: face with fewer than 3 vertices", n + 1));
                }
                for k in 1..idx.len() - 1 {
                    mesh.faces.push([idx[0], idx[k], idx[k + 1]]);
                }
            }
            _ => {}
        }
    }
    Ok(mesh)
}

/// Area, unit normal (zero for a degenerate face) and centroid of a triangle.
fn triangle(a: &Vec3, b: &Vec3, c: &Vec3) -> (f64, Vec3, Vec3) {
    let center = (a + b + c) / 3.0;
    let n = (b - a).cross(&(c - a));
    let len = n.norm();
    if len < MIN_VAL {
        return (0.0, Vec3::zeros(), center);
    }
    (0.5 * len, n / len, center)
}

/// Volume, centre of mass and unit-density inertia of a mesh by `rule`.
pub(crate) fn mesh_inertia(
    mesh: &TriMesh, hull: Option<&ConvexMesh>, rule: MeshInertia,
) -> Result<UnitInertia, String> {
    let hull_faces;
    let (vertices, faces): (&[Vec3], &[[u32; 3]]) = match rule {
        MeshInertia::Convex => {
            let h = hull.ok_or("no convex hull")?;
            hull_faces = h.faces().to_vec();
            (h.vertices(), &hull_faces)
        }
        _ => (&mesh.vertices, &mesh.faces),
    };
    let abs = rule == MeshInertia::Legacy;
    let tri = |f: &[u32; 3]| {
        [
            vertices[f[0] as usize],
            vertices[f[1] as usize],
            vertices[f[2] as usize],
        ]
    };
    // Area-weighted centroid of the faces (mjCMesh::ComputeFaceCentroid).
    let (mut facecen, mut area_sum) = (Vec3::zeros(), 0.0);
    for f in &mesh.faces {
        let [a, b, c] = [
            mesh.vertices[f[0] as usize],
            mesh.vertices[f[1] as usize],
            mesh.vertices[f[2] as usize],
        ];
        let (area, _, center) = triangle(&a, &b, &c);
        facecen += center * area;
        area_sum += area;
    }
    if area_sum < MIN_VAL {
        return Err("mesh surface area is too small".into());
    }
    facecen /= area_sum;
    // Volume and centre of mass (mjCMesh::ComputeVolume).
    let (mut volume, mut com) = (0.0, Vec3::zeros());
    for f in faces {
        let [a, b, c] = tri(f);
        let (area, normal, center) = triangle(&a, &b, &c);
        let mut v = (center - facecen).dot(&normal) * area / 3.0;
        if abs {
            v = v.abs();
        }
        volume += v;
        com += (center * 0.75 + facecen * 0.25) * v;
    }
    if volume < MIN_VAL {
        return Err(if volume < 0.0 {
            "mesh volume is negative (misoriented triangles)".into()
        } else {
            "mesh volume is too small".into()
        });
    }
    com /= volume;
    // Products of inertia about the centre of mass (mjCMesh::ComputeInertia).
    let mut p = [0.0; 6];
    let k = [(0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2)];
    let mut total = 0.0;
    for f in faces {
        let [d, e, g] = tri(f).map(|v| v - com);
        let (area, normal, center) = triangle(&d, &e, &g);
        let mut v = center.dot(&normal) * area / 3.0;
        if abs {
            v = v.abs();
        }
        total += v;
        for (j, &(r, s)) in k.iter().enumerate() {
            p[j] += v / 20.0
                * (2.0 * (d[r] * d[s] + e[r] * e[s] + g[r] * g[s])
                    + d[r] * e[s]
                    + d[s] * e[r]
                    + d[r] * g[s]
                    + d[s] * g[r]
                    + e[r] * g[s]
                    + e[s] * g[r]);
        }
    }
    if total < MIN_VAL {
        return Err("mesh volume is too small".into());
    }
    let inertia = Mat3::new(
        p[1] + p[2],
        -p[3],
        -p[4],
        -p[3],
        p[0] + p[2],
        -p[5],
        -p[4],
        -p[5],
        p[0] + p[1],
    );
    Ok(UnitInertia {
        volume: total,
        com,
        inertia,
    })
}

/// Volume and the diagonal inertia per unit mass of a solid primitive in its own frame
/// (`size` as MuJoCo's: radii and half lengths).
pub(crate) fn primitive(kind: &str, size: &[f64; 3]) -> (f64, [f64; 3]) {
    use std::f64::consts::PI;
    let [a, b, c] = *size;
    match kind {
        "sphere" => (4.0 * PI * a * a * a / 3.0, [2.0 * a * a / 5.0; 3]),
        "capsule" => {
            let (r, h) = (a, 2.0 * b);
            let vol = PI * (r * r * h + 4.0 * r * r * r / 3.0);
            let ms = 4.0 * r / (4.0 * r + 3.0 * h);
            let mc = 1.0 - ms;
            let si = 2.0 * ms * r * r / 5.0;
            let ix = mc * (3.0 * r * r + h * h) / 12.0 + si + ms * h * (3.0 * r + 2.0 * h) / 8.0;
            (vol, [ix, ix, mc * r * r / 2.0 + si])
        }
        "cylinder" => {
            let (r, h) = (a, 2.0 * b);
            let ix = (3.0 * r * r + h * h) / 12.0;
            (PI * r * r * h, [ix, ix, r * r / 2.0])
        }
        "ellipsoid" => (
            4.0 * PI * a * b * c / 3.0,
            [
                (b * b + c * c) / 5.0,
                (a * a + c * c) / 5.0,
                (a * a + b * b) / 5.0,
            ],
        ),
        "box" => (
            8.0 * a * b * c,
            [
                (b * b + c * c) / 3.0,
                (a * a + c * c) / 3.0,
                (a * a + b * b) / 3.0,
            ],
        ),
        _ => (0.0, [0.0; 3]),
    }
}
