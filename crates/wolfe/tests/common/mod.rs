//! Shared helpers of the integration tests: seeded random shapes and poses, and an
//! independent brute-force distance between convex polytopes.
#![allow(dead_code)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe::{
    Capsule, Cone, ConvexMesh, Cuboid, Cylinder, Ellipsoid, GjkSettings, GjkVariant, Normalization, Pose,
    Quat, Shape, Sphere, Vec3,
};

/// The GJK variants with the closed forms for ball pairs off, so that each variant
/// itself runs on every pair: vanilla, Polyak, Nesterov (auto, always and never
/// normalized).
pub fn gjk_variants() -> Vec<(&'static str, GjkSettings)> {
    let gjk = |variant, normalization| GjkSettings {
        normalization,
        closed_form_pairs: false,
        ..GjkSettings::with_variant(variant)
    };
    vec![
        ("gjk", gjk(GjkVariant::Vanilla, Normalization::Auto)),
        ("polyak", gjk(GjkVariant::Polyak, Normalization::Auto)),
        ("nesterov", gjk(GjkVariant::Nesterov, Normalization::Auto)),
        ("nesterov-norm", gjk(GjkVariant::Nesterov, Normalization::Always)),
        ("nesterov-nonorm", gjk(GjkVariant::Nesterov, Normalization::Never)),
    ]
}

/// A seeded generator; every test uses its own fixed seed.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniformly random rotation (Shoemake's method).
pub fn random_rotation(rng: &mut ChaCha8Rng) -> Quat {
    let (u1, u2, u3): (f64, f64, f64) = (rng.random(), rng.random(), rng.random());
    let tau = std::f64::consts::TAU;
    let q = nalgebra::Quaternion::new(
        (u1).sqrt() * (tau * u3).cos(),
        (1.0 - u1).sqrt() * (tau * u2).sin(),
        (1.0 - u1).sqrt() * (tau * u2).cos(),
        (u1).sqrt() * (tau * u3).sin(),
    );
    Quat::new_normalize(q)
}

/// A random pose with translation in `[-extent, extent]^3`.
pub fn random_pose(rng: &mut ChaCha8Rng, extent: f64) -> Pose {
    Pose {
        rotation: random_rotation(rng),
        translation: Vec3::new(
            rng.random_range(-extent..extent),
            rng.random_range(-extent..extent),
            rng.random_range(-extent..extent),
        ),
    }
}

/// Random points in a box of half-size `scale`, stretched per axis.
pub fn random_points(rng: &mut ChaCha8Rng, n: usize, scale: Vec3) -> Vec<Vec3> {
    (0..n)
        .map(|_| {
            Vec3::new(
                rng.random_range(-1.0..1.0) * scale.x,
                rng.random_range(-1.0..1.0) * scale.y,
                rng.random_range(-1.0..1.0) * scale.z,
            )
        })
        .collect()
}

/// One random shape of each kind, sizes in `[size/10, size]`, kind picked by `kind`.
pub fn random_shape(rng: &mut ChaCha8Rng, kind: usize, size: f64) -> Shape {
    let r = |rng: &mut ChaCha8Rng| rng.random_range(0.1 * size..size);
    match kind % 9 {
        0 => Sphere::new(r(rng)).unwrap().into(),
        1 => Ellipsoid::new([r(rng), r(rng), r(rng)]).unwrap().into(),
        2 => Cuboid::new([r(rng), r(rng), r(rng)]).unwrap().into(),
        3 => Capsule::new(r(rng), r(rng)).unwrap().into(),
        4 => Cylinder::new(r(rng), r(rng)).unwrap().into(),
        5 => Cone::new(r(rng), r(rng)).unwrap().into(),
        6 => {
            let s = Vec3::new(r(rng), r(rng), r(rng));
            let n = 8 + (r(rng) / size * 30.0) as usize;
            ConvexMesh::from_points(&random_points(rng, n, s)).unwrap().into()
        }
        7 => Shape::from(Cuboid::new([r(rng), r(rng), r(rng)]).unwrap())
            .inflated(0.3 * r(rng))
            .unwrap(),
        _ => {
            let s = Vec3::new(r(rng), r(rng), r(rng));
            let radius = 0.2 * r(rng);
            Shape::from(ConvexMesh::from_points(&random_points(rng, 12, s)).unwrap())
                .inflated(radius)
                .unwrap()
        }
    }
}

/// Closest point to `p` on the triangle `abc` (Ericson, Real-Time Collision Detection,
/// 5.1.5: Voronoi regions of the vertices, edges and face).
pub fn closest_point_triangle(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> Vec3 {
    let ab = b - a;
    let ac = c - a;
    let ap = p - a;
    let d1 = ab.dot(&ap);
    let d2 = ac.dot(&ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = p - b;
    let d3 = ab.dot(&bp);
    let d4 = ac.dot(&bp);
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return a + ab * (d1 / (d1 - d3));
    }
    let cp = p - c;
    let d5 = ab.dot(&cp);
    let d6 = ac.dot(&cp);
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = 1.0 / (va + vb + vc);
    a + ab * (vb * denom) + ac * (vc * denom)
}

/// Distance between segments `[p1, q1]` and `[p2, q2]` (Ericson 5.1.9).
pub fn segment_segment_distance(p1: Vec3, q1: Vec3, p2: Vec3, q2: Vec3) -> f64 {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let a = d1.dot(&d1);
    let e = d2.dot(&d2);
    let f = d2.dot(&r);
    let (s, t);
    if a <= 1e-300 && e <= 1e-300 {
        return r.norm();
    }
    if a <= 1e-300 {
        s = 0.0;
        t = (f / e).clamp(0.0, 1.0);
    } else {
        let c = d1.dot(&r);
        if e <= 1e-300 {
            t = 0.0;
            s = (-c / a).clamp(0.0, 1.0);
        } else {
            let b = d1.dot(&d2);
            let denom = a * e - b * b;
            let mut s0 = if denom > 0.0 {
                ((b * f - c * e) / denom).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let mut t0 = (b * s0 + f) / e;
            if t0 < 0.0 {
                t0 = 0.0;
                s0 = (-c / a).clamp(0.0, 1.0);
            } else if t0 > 1.0 {
                t0 = 1.0;
                s0 = ((b - c) / a).clamp(0.0, 1.0);
            }
            s = s0;
            t = t0;
        }
    }
    ((p1 + d1 * s) - (p2 + d2 * t)).norm()
}

/// Exact distance between two disjoint convex polytopes given by their hull triangles in
/// world frame: the minimum over triangle pairs of the vertex-triangle and edge-edge
/// distances. Independent of GJK (no support function, no simplex).
pub fn polytope_distance(tris_a: &[[Vec3; 3]], tris_b: &[[Vec3; 3]]) -> f64 {
    let mut best = f64::INFINITY;
    for ta in tris_a {
        for tb in tris_b {
            for p in ta {
                best = best.min((closest_point_triangle(*p, tb[0], tb[1], tb[2]) - p).norm());
            }
            for p in tb {
                best = best.min((closest_point_triangle(*p, ta[0], ta[1], ta[2]) - p).norm());
            }
            for i in 0..3 {
                for j in 0..3 {
                    best = best.min(segment_segment_distance(
                        ta[i],
                        ta[(i + 1) % 3],
                        tb[j],
                        tb[(j + 1) % 3],
                    ));
                }
            }
        }
    }
    best
}

/// The hull triangles of a mesh in world frame.
pub fn world_triangles(mesh: &ConvexMesh, pose: &Pose) -> Vec<[Vec3; 3]> {
    let v = mesh.vertices();
    mesh.faces()
        .iter()
        .map(|f| {
            [
                pose.transform_point(&v[f[0] as usize]),
                pose.transform_point(&v[f[1] as usize]),
                pose.transform_point(&v[f[2] as usize]),
            ]
        })
        .collect()
}

/// Path of the shipped YCB hulls.
pub fn ycb_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ycb")
}
