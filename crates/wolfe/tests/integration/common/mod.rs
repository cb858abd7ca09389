//! Shared helpers of the integration tests: the GJK variants, an independent
//! brute-force distance between convex polytopes, and (from `wolfe-testkit`) seeded
//! random shapes and poses.
// Each test binary uses a different part of this module.
#![allow(dead_code, unused_imports)]

use wolfe::{ConvexMesh, ConvexShape, GjkSettings, GjkVariant, Normalization, Pose, Shape, SupportMap, Vec3};

// The seeded generators and the data paths are shared with the other crates' tests.
pub use wolfe_testkit::data::ycb_dir;
pub use wolfe_testkit::random::{random_points, random_pose, random_rotation, random_shape, rng};

/// The GJK variants with the closed forms for ball pairs off, so that each variant
/// itself runs on every pair: vanilla, Polyak, Nesterov (auto, always and never
/// normalized).
pub fn gjk_variants() -> Vec<(&'static str, GjkSettings)> {
    let gjk = |variant, normalization| {
        GjkSettings::with_variant(variant)
            .with_normalization(normalization)
            .with_closed_form_pairs(false)
    };
    vec![
        ("gjk", gjk(GjkVariant::Vanilla, Normalization::Auto)),
        ("polyak", gjk(GjkVariant::Polyak, Normalization::Auto)),
        ("nesterov", gjk(GjkVariant::Nesterov, Normalization::Auto)),
        ("nesterov-norm", gjk(GjkVariant::Nesterov, Normalization::Always)),
        ("nesterov-nonorm", gjk(GjkVariant::Nesterov, Normalization::Never)),
    ]
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

/// Distance between two disjoint triangles: the least of the vertex-triangle and
/// edge-edge distances (the caller rules out crossing triangles).
pub fn disjoint_triangle_distance(ta: &[Vec3; 3], tb: &[Vec3; 3]) -> f64 {
    let mut best = f64::INFINITY;
    for k in 0..3 {
        best = best.min((ta[k] - closest_point_triangle(ta[k], tb[0], tb[1], tb[2])).norm());
        best = best.min((tb[k] - closest_point_triangle(tb[k], ta[0], ta[1], ta[2])).norm());
        for l in 0..3 {
            let edge_b = (tb[l], tb[(l + 1) % 3]);
            best = best.min(segment_segment_distance(
                ta[k],
                ta[(k + 1) % 3],
                edge_b.0,
                edge_b.1,
            ));
        }
    }
    best
}

/// Exact distance between two disjoint convex polytopes given by their hull triangles in
/// world frame: the minimum over triangle pairs of [`disjoint_triangle_distance`].
/// Independent of GJK (no support function, no simplex).
pub fn polytope_distance(tris_a: &[[Vec3; 3]], tris_b: &[[Vec3; 3]]) -> f64 {
    tris_a
        .iter()
        .flat_map(|ta| tris_b.iter().map(move |tb| disjoint_triangle_distance(ta, tb)))
        .fold(f64::INFINITY, f64::min)
}

/// World-frame support point of a (rounded) shape at a pose in direction `d`.
pub fn world_support(s: &Shape, pose: &Pose, d: &Vec3) -> Vec3 {
    let local = pose.rotation.inverse() * d;
    let rounded = s.local_support(&local) + s.radius() * local.normalize();
    pose.transform_point(&rounded)
}

/// The shapes' own lower bound of the (signed) distance along the unit normal `n` from A
/// to B, independent of any solver: `min_B <n, x> - max_A <n, x>`.
pub fn plane_bound(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose, n: &Vec3) -> f64 {
    n.dot(&world_support(b, pb, &-n)) - n.dot(&world_support(a, pa, n))
}

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

/// B moved along the normal so that its distance to A is about `target`, by one
/// reference query (GJK at 1e-12); `None` when that query is not certified or finds
/// the shapes touching.
pub fn placed(a: &Shape, pa: &Pose, b: &Shape, pb: Pose, target: f64) -> Option<Pose> {
    let reference = GjkSettings::default().with_tolerance(1e-12);
    let out = wolfe::GjkSolver::new(reference)
        .ok()?
        .distance(a, pa, b, &pb, None)
        .ok()?;
    if out.status != wolfe::GjkStatus::Converged || out.distance <= 0.0 {
        return None;
    }
    let mut moved = pb;
    moved.translation += (target - out.distance) * out.normal;
    Some(moved)
}
