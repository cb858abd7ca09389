//! Non-convex geometry (`wolfe::composite`) against independent oracles: closed-form
//! point-triangle and triangle-triangle distances, brute force over every part or
//! triangle pair, analytic mass properties; property tests over random poses; bad
//! input.

use std::sync::Arc;

use proptest::prelude::*;

use crate::common::{closest_point_triangle, disjoint_triangle_distance};
use wolfe::{
    CompositeSolver, Compound, CompoundPart, ConvexMesh, Cuboid, Geometry, GjkSettings, Pose, Quat, Shape,
    SignedDistanceSettings, Sphere, TriMesh, Vec3, WolfeError,
};

fn tight() -> SignedDistanceSettings {
    SignedDistanceSettings::default().with_gjk(GjkSettings::default().with_tolerance(1e-13))
}

fn solver() -> CompositeSolver {
    CompositeSolver::new(tight()).unwrap()
}

/// Whether segment `pq` crosses triangle `abc` (Möller-Trumbore, closed).
fn segment_hits_triangle(p: Vec3, q: Vec3, [a, b, c]: [Vec3; 3]) -> bool {
    let d = q - p;
    let (e1, e2) = (b - a, c - a);
    let h = d.cross(&e2);
    let det = e1.dot(&h);
    if det.abs() < 1e-300 {
        return false;
    }
    let s = p - a;
    let u = s.dot(&h) / det;
    let qv = s.cross(&e1);
    let v = d.dot(&qv) / det;
    let t = e2.dot(&qv) / det;
    (0.0..=1.0).contains(&u) && v >= 0.0 && u + v <= 1.0 && (0.0..=1.0).contains(&t)
}

/// Triangle-triangle distance in closed form: 0 if an edge of one crosses the other,
/// else the least of the vertex-triangle and edge-edge distances.
fn triangle_distance(t1: [Vec3; 3], t2: [Vec3; 3]) -> f64 {
    for k in 0..3 {
        if segment_hits_triangle(t1[k], t1[(k + 1) % 3], t2)
            || segment_hits_triangle(t2[k], t2[(k + 1) % 3], t1)
        {
            return 0.0;
        }
    }
    disjoint_triangle_distance(&t1, &t2)
}

fn world_triangles(m: &TriMesh, pose: &Pose) -> Vec<[Vec3; 3]> {
    m.triangles()
        .iter()
        .map(|t| t.map(|i| pose.transform_point(&m.vertices()[i as usize])))
        .collect()
}

fn pose(t: [f64; 3], axis_angle: [f64; 3]) -> Pose {
    Pose::new(Vec3::from(t), Quat::from_scaled_axis(Vec3::from(axis_angle)))
}

fn rel_close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()))
}

#[test]
fn sphere_against_bowl_matches_point_triangle_brute_force() {
    let bowl: Geometry = TriMesh::bowl(0.1, 0.01, 32).unwrap().into();
    let Geometry::TriMesh(mesh) = &bowl else {
        unreachable!()
    };
    let mut s = solver();
    let pb = pose([0.02, -0.03, 0.01], [0.3, 0.2, -0.1]);
    let tris = world_triangles(mesh, &pb);
    let r = 0.012;
    let ball: Geometry = Shape::from(Sphere::new(r).unwrap()).into();
    let mut n = 0;
    for i in 0..400 {
        let t = i as f64 * 0.618;
        let c = Vec3::new(
            0.13 * t.sin(),
            0.13 * (1.7 * t).cos(),
            0.12 * (0.9 * t).sin() - 0.04,
        );
        let oracle = tris
            .iter()
            .map(|t| (c - closest_point_triangle(c, t[0], t[1], t[2])).norm())
            .fold(f64::INFINITY, f64::min)
            - r;
        let out = s.distance(&bowl, &pb, &ball, &Pose::from_translation(c)).unwrap();
        if oracle > 1e-9 {
            n += 1;
            assert!(
                rel_close(out.output.distance, oracle, 1e-9),
                "{i}: {} vs {oracle}",
                out.output.distance
            );
            // Witness points: on B's sphere and at the distance.
            assert!(((out.output.point_b - c).norm() - r).abs() < 1e-9);
            assert!(rel_close(
                (out.output.point_b - out.output.point_a).norm(),
                oracle,
                1e-9
            ));
        } else if oracle < -1e-9 {
            assert_eq!(out.output.distance, 0.0, "{i}");
        }
        // The boolean agrees with the distance (0 wrong answers away from touching).
        if oracle.abs() > 1e-9 {
            let hit = s
                .intersects(&bowl, &pb, &ball, &Pose::from_translation(c))
                .unwrap();
            assert_eq!(hit.intersecting, oracle < 0.0, "{i}: oracle {oracle}");
        }
    }
    assert!(n > 100, "too few separated samples: {n}");
}

#[test]
fn torus_against_torus_matches_triangle_brute_force() {
    let a = TriMesh::torus(0.1, 0.03, 10).unwrap();
    let b = TriMesh::torus(0.06, 0.02, 8).unwrap();
    let (ga, gb): (Geometry, Geometry) = (a.clone().into(), b.clone().into());
    let mut s = solver();
    let pa = pose([0.0, 0.0, 0.0], [0.1, 0.0, 0.0]);
    let mut wrong = 0;
    for i in 0..40 {
        let t = i as f64 * 0.77;
        let pb = pose(
            [0.25 * t.sin(), 0.2 * (1.3 * t).cos(), 0.1 * (0.7 * t).sin()],
            [1.5 * t.cos(), 0.3, t.sin()],
        );
        let (ta, tb) = (world_triangles(&a, &pa), world_triangles(&b, &pb));
        let oracle = ta
            .iter()
            .flat_map(|x| tb.iter().map(move |y| triangle_distance(*x, *y)))
            .fold(f64::INFINITY, f64::min);
        let out = s.distance(&ga, &pa, &gb, &pb).unwrap();
        assert!(
            rel_close(out.output.distance, oracle, 1e-9),
            "{i}: {} vs {oracle}",
            out.output.distance
        );
        if oracle > 0.0 {
            let (ia, ib) = (out.part_a as usize, out.part_b as usize);
            assert!(rel_close(triangle_distance(ta[ia], tb[ib]), oracle, 1e-9));
        }
        let hit = s.intersects(&ga, &pa, &gb, &pb).unwrap().intersecting;
        if hit != (oracle == 0.0) {
            wrong += 1;
        }
    }
    assert_eq!(wrong, 0);
}

/// A compound bowl: `n` boxes around a ring, tilted, and a floor box.
fn box_ring(n: usize) -> Compound {
    let mut parts = vec![CompoundPart::new(
        Cuboid::new([0.06, 0.06, 0.005]).unwrap().into(),
        Pose::from_translation(Vec3::new(0.0, 0.0, -0.05)),
    )];
    for k in 0..n {
        let t = std::f64::consts::TAU * k as f64 / n as f64;
        let rot = Quat::from_axis_angle(&Vec3::z_axis(), t) * Quat::from_axis_angle(&Vec3::y_axis(), -0.3);
        parts.push(
            CompoundPart::new(
                Cuboid::new([0.005, 0.03, 0.04]).unwrap().into(),
                Pose::new(Vec3::new(0.08 * t.cos(), 0.08 * t.sin(), 0.0), rot),
            )
            .with_friction(0.5),
        );
    }
    Compound::new(parts).unwrap()
}

#[test]
fn compound_distance_matches_parts_brute_force() {
    let c = box_ring(12);
    let g: Geometry = c.clone().into();
    let mut s = solver();
    let pa = pose([0.01, 0.0, 0.02], [0.0, 0.2, 0.1]);
    let shapes: [Shape; 2] = [
        Sphere::new(0.015).unwrap().into(),
        Cuboid::new([0.01, 0.02, 0.005]).unwrap().into(),
    ];
    let settings = tight().gjk;
    for (k, shape) in shapes.iter().enumerate() {
        let gb: Geometry = shape.clone().into();
        for i in 0..100 {
            let t = i as f64 * 0.41 + k as f64;
            let pb = pose(
                [0.12 * t.sin(), 0.12 * (1.1 * t).cos(), 0.08 * (0.6 * t).sin()],
                [t, 0.5 * t, 0.2],
            );
            let oracle = c
                .parts()
                .iter()
                .map(|p| {
                    wolfe::distance(&p.shape, &pa.compose(&p.pose), shape, &pb, &settings)
                        .unwrap()
                        .distance
                })
                .fold(f64::INFINITY, f64::min);
            let out = s.distance(&g, &pa, &gb, &pb).unwrap();
            assert!(
                rel_close(out.output.distance, oracle, 1e-9),
                "{k} {i}: {} vs {oracle}",
                out.output.distance
            );
            // Swapped sides: the same distance, the normal reversed.
            let sw = s.distance(&gb, &pb, &g, &pa).unwrap();
            assert!(rel_close(sw.output.distance, oracle, 1e-9));
            if oracle > 1e-6 {
                assert!((sw.output.normal + out.output.normal).norm() < 1e-6);
                let hit = s.intersects(&g, &pa, &gb, &pb).unwrap();
                assert!(!hit.intersecting);
            } else if oracle == 0.0 {
                assert!(s.intersects(&g, &pa, &gb, &pb).unwrap().intersecting);
            }
        }
    }
}

#[test]
fn compound_against_compound_and_mesh_against_compound() {
    let c = box_ring(8);
    let mesh = TriMesh::mug(0.04, 0.09, 0.005, 24).unwrap();
    let (gc, gm): (Geometry, Geometry) = (c.clone().into(), mesh.clone().into());
    let mut s = solver();
    let settings = tight().gjk;
    for i in 0..20 {
        let t = i as f64 * 0.9;
        let pa = pose([0.0, 0.0, 0.0], [0.1 * t, 0.0, 0.3]);
        let pb = pose([0.25 * t.sin(), 0.2 * t.cos(), 0.05], [0.2, t, 0.0]);
        // Compound against itself moved: brute force over part pairs.
        let oracle = c
            .parts()
            .iter()
            .flat_map(|p| c.parts().iter().map(move |q| (p, q)))
            .map(|(p, q)| {
                wolfe::distance(
                    &p.shape,
                    &pa.compose(&p.pose),
                    &q.shape,
                    &pb.compose(&q.pose),
                    &settings,
                )
                .unwrap()
                .distance
            })
            .fold(f64::INFINITY, f64::min);
        let out = s.distance(&gc, &pa, &gc, &pb).unwrap();
        assert!(
            rel_close(out.output.distance, oracle, 1e-9),
            "{i}: {} vs {oracle}",
            out.output.distance
        );
        // Mesh against compound: brute force over every triangle as its own mesh.
        let tris = world_triangles(&mesh, &pb);
        let oracle = tris
            .iter()
            .map(|t| {
                let one: Geometry = TriMesh::new(t.to_vec(), vec![[0, 1, 2]]).unwrap().into();
                s.distance(&gc, &pa, &one, &Pose::identity())
                    .unwrap()
                    .output
                    .distance
            })
            .fold(f64::INFINITY, f64::min);
        let out = s.distance(&gc, &pa, &gm, &pb).unwrap();
        assert!(
            rel_close(out.output.distance, oracle, 1e-9),
            "{i}: {} vs {oracle}",
            out.output.distance
        );
        assert!(
            out.pairs_tested < (tris.len() * c.parts().len()) as u32 / 4,
            "{} pairs",
            out.pairs_tested
        );
    }
}

/// The first complaint: a cube floating inside a bowl's cavity is apart from
/// the bowl (its hull reported it penetrating), and a marble resting in the bowl
/// touches the inner wall, with a normal from the bowl up into the marble.
#[test]
fn cube_in_cavity_is_apart_and_marble_touches_inner_wall() {
    let (radius, thickness) = (0.1, 0.01);
    let bowl: Geometry = TriMesh::bowl(radius, thickness, 48).unwrap().into();
    let mut s = solver();
    let cube: Geometry = Shape::from(Cuboid::new([0.005; 3]).unwrap()).into();
    let d = s
        .distance(
            &bowl,
            &Pose::identity(),
            &cube,
            &Pose::from_translation(Vec3::new(0.0, 0.0, -0.04)),
        )
        .unwrap();
    assert!(d.output.distance > 0.03, "{}", d.output.distance);
    assert!(
        !s.intersects(
            &bowl,
            &Pose::identity(),
            &cube,
            &Pose::from_translation(Vec3::new(0.0, 0.0, -0.04))
        )
        .unwrap()
        .intersecting
    );
    let mut hull_solver = wolfe::GjkSolver::new(GjkSettings::default()).unwrap();
    let Geometry::TriMesh(m) = &bowl else {
        unreachable!()
    };
    let hull: Shape = m.hull().unwrap().into();
    let on_hull = hull_solver
        .distance(
            &hull,
            &Pose::identity(),
            &Shape::from(Cuboid::new([0.005; 3]).unwrap()),
            &Pose::from_translation(Vec3::new(0.0, 0.0, -0.04)),
            None,
        )
        .unwrap();
    assert_eq!(on_hull.distance, 0.0);
    // A marble of radius 1 cm resting 0.1 mm into the inner bottom.
    let r = 0.01;
    let inner = radius - thickness;
    let marble: Geometry = Shape::from(Sphere::new(r).unwrap()).into();
    let pm = Pose::from_translation(Vec3::new(0.0, 0.0, -inner + r - 1e-4));
    let mut contacts = Vec::new();
    s.contacts(&bowl, &Pose::identity(), &marble, &pm, 1e-3, &mut contacts)
        .unwrap();
    assert!(!contacts.is_empty());
    for c in &contacts {
        assert!(c.contact.normal.z > 0.9, "{:?}", c.contact.normal);
        assert!(c.contact.signed_distance < 1e-3 && c.contact.signed_distance > -2e-4);
    }
    let deepest = contacts
        .iter()
        .map(|c| c.contact.signed_distance)
        .fold(f64::INFINITY, f64::min);
    // The polygonal wall lies inside the sphere's surface: depth a little below 0.1 mm.
    assert!(deepest < -5e-5, "{deepest}");
    let sd = s.signed_distance(&bowl, &Pose::identity(), &marble, &pm).unwrap();
    assert!((sd.contact.signed_distance - deepest).abs() < 1e-9);
    // Against the side wall: pushed sideways, normal pointing inwards (-x).
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let pm = Pose::from_translation(Vec3::new(h * (inner - r + 1e-4), 0.0, -h * (inner - r + 1e-4)));
    s.contacts(&bowl, &Pose::identity(), &marble, &pm, 1e-3, &mut contacts)
        .unwrap();
    assert!(!contacts.is_empty());
    // Every contact points from the wall into the bowl; the penetrating ones (the
    // triangles under the marble) along the wall's normal.
    for c in &contacts {
        let n = c.contact.normal;
        let along = n.dot(&Vec3::new(-h, 0.0, h));
        assert!(
            along > 0.5 && (c.contact.signed_distance > 0.0 || along > 0.95),
            "{n:?} {}",
            c.contact.signed_distance
        );
    }
    assert!(contacts.iter().any(|c| c.contact.signed_distance < 0.0));
}

#[test]
fn mass_properties_of_closed_meshes_and_compounds() {
    // A box as 12 triangles against the cuboid's closed form.
    let h = Vec3::new(0.3, 0.2, 0.1);
    let corners: Vec<Vec3> = (0..8)
        .map(|i| {
            Vec3::new(
                if i & 1 == 0 { -h.x } else { h.x },
                if i & 2 == 0 { -h.y } else { h.y },
                if i & 4 == 0 { -h.z } else { h.z },
            ) + Vec3::new(1.0, -2.0, 0.5)
        })
        .collect();
    let hull = ConvexMesh::from_points(&corners).unwrap();
    let mesh = TriMesh::new(hull.vertices().to_vec(), hull.faces().to_vec()).unwrap();
    assert!(mesh.is_closed());
    let got = mesh.mass_properties(1000.0).unwrap();
    let want = Shape::from(Cuboid::new([h.x, h.y, h.z]).unwrap())
        .mass_properties(1000.0)
        .unwrap();
    assert!(rel_close(got.mass, want.mass, 1e-12));
    assert!((got.local_center - Vec3::new(1.0, -2.0, 0.5)).norm() < 1e-12);
    assert!((got.inertia - want.inertia).norm() < 1e-12 * want.inertia.norm());
    // An inward-facing copy gives the same; an open mesh has no volume.
    let flipped: Vec<[u32; 3]> = hull.faces().iter().map(|&[a, b, c]| [a, c, b]).collect();
    let inside_out = TriMesh::new(hull.vertices().to_vec(), flipped.clone()).unwrap();
    assert!(rel_close(
        inside_out.mass_properties(1000.0).unwrap().mass,
        want.mass,
        1e-12
    ));
    let open = TriMesh::new(hull.vertices().to_vec(), flipped[1..].to_vec()).unwrap();
    assert!(!open.is_closed());
    assert!(matches!(
        open.mass_properties(1.0),
        Err(WolfeError::Undefined { .. })
    ));
    // The bowl's volume tends to the hemispherical shell's 2/3 pi (R^3 - r^3).
    let bowl = TriMesh::bowl(0.1, 0.01, 128).unwrap();
    let v = bowl.volume().unwrap();
    let exact = 2.0 / 3.0 * std::f64::consts::PI * (0.1f64.powi(3) - 0.09f64.powi(3));
    assert!((v - exact).abs() < 2e-3 * exact, "{v} vs {exact}");
    // A compound of two boxes: masses add, centre and inertia by the parallel axis rule.
    let a: Shape = Cuboid::new([0.1, 0.1, 0.1]).unwrap().into();
    let c = Compound::new(vec![
        CompoundPart::new(a.clone(), Pose::from_translation(Vec3::new(-0.5, 0.0, 0.0))),
        CompoundPart::new(a.clone(), pose([0.5, 0.0, 0.0], [0.0, 0.0, 0.7])),
    ])
    .unwrap();
    let m = c.mass_properties(10.0).unwrap();
    let one = a.mass_properties(10.0).unwrap();
    assert!(rel_close(m.mass, 2.0 * one.mass, 1e-12));
    assert!(m.local_center.norm() < 1e-12);
    // A cube's inertia is isotropic, so rotating it changes nothing.
    let expect_yy = 2.0 * (one.inertia[(1, 1)] + one.mass * 0.25);
    assert!(
        rel_close(m.inertia[(1, 1)], expect_yy, 1e-12),
        "{} vs {expect_yy}",
        m.inertia[(1, 1)]
    );
    assert!(rel_close(m.inertia[(0, 0)], 2.0 * one.inertia[(0, 0)], 1e-12));
}

#[test]
fn bad_input_gets_typed_errors() {
    let v = vec![Vec3::zeros(), Vec3::x(), Vec3::y()];
    assert!(matches!(
        TriMesh::new(vec![], vec![[0, 1, 2]]),
        Err(WolfeError::EmptyMesh)
    ));
    assert!(matches!(
        TriMesh::new(v.clone(), vec![]),
        Err(WolfeError::EmptyComposite { .. })
    ));
    let mut nan = v.clone();
    nan[1].y = f64::NAN;
    assert!(matches!(
        TriMesh::new(nan, vec![[0, 1, 2]]),
        Err(WolfeError::NonFinitePoint { index: 1 })
    ));
    assert!(matches!(
        TriMesh::new(v.clone(), vec![[0, 1, 3]]),
        Err(WolfeError::TriangleIndexOutOfRange {
            triangle: 0,
            index: 3,
            vertices: 3
        })
    ));
    assert!(matches!(
        TriMesh::new(v.clone(), vec![[0, 1, 1]]),
        Err(WolfeError::DegenerateTriangle { .. })
    ));
    let line = vec![Vec3::zeros(), Vec3::x(), Vec3::x() * 2.0];
    let err = TriMesh::new(line.clone(), vec![[0, 1, 2]]).unwrap_err();
    assert!(err.to_string().contains("collinear"), "{err}");
    // Dropping degenerate triangles is an explicit choice, and a soup of only those is
    // still an error.
    let (m, dropped) = TriMesh::new_skipping_degenerate(v.clone(), vec![[0, 1, 2], [0, 0, 1]]).unwrap();
    assert_eq!((m.triangles().len(), dropped), (1, 1));
    assert!(matches!(
        TriMesh::new_skipping_degenerate(line, vec![[0, 1, 2]]),
        Err(WolfeError::EmptyComposite { .. })
    ));
    assert!(matches!(
        Compound::new(vec![]),
        Err(WolfeError::EmptyComposite { .. })
    ));
    let part = CompoundPart::new(Sphere::new(1.0).unwrap().into(), Pose::identity());
    assert!(matches!(
        Compound::new(vec![part.clone().with_friction(-1.0)]),
        Err(WolfeError::InvalidSetting { .. })
    ));
    let mut bad_pose = part.clone();
    bad_pose.pose.translation.x = f64::INFINITY;
    assert!(matches!(
        Compound::new(vec![bad_pose]),
        Err(WolfeError::NonFinitePose)
    ));
    // Growth distance is for convex shapes only.
    let g: Geometry = Compound::new(vec![part]).unwrap().into();
    let err = g.as_convex("growth distance").unwrap_err();
    assert!(
        matches!(err, WolfeError::ConvexOnly { .. }) && err.to_string().contains("compound"),
        "{err}"
    );
    // Queries refuse bad poses and margins.
    let mut s = solver();
    let mut p = Pose::identity();
    p.translation.z = f64::NAN;
    assert!(s.distance(&g, &p, &g, &Pose::identity()).is_err());
    assert!(s
        .contacts(
            &g,
            &Pose::identity(),
            &g,
            &Pose::identity(),
            -1.0,
            &mut Vec::new()
        )
        .is_err());
    assert!(TriMesh::bowl(0.1, 0.2, 16).is_err() && TriMesh::torus(1.0, 0.5, 2).is_err());
}

#[test]
fn bvh_size_and_build_time_are_reported() {
    let t = std::time::Instant::now();
    let m = TriMesh::torus(1.0, 0.3, 300).unwrap();
    let built = t.elapsed();
    let n = m.triangles().len();
    let per_tri = m.bvh().memory_bytes() as f64 / n as f64;
    println!(
        "torus {n} triangles: mesh + BVH built in {built:?}, BVH {per_tri:.1} bytes/triangle, depth {}",
        m.bvh().depth()
    );
    assert!(per_tri < 64.0, "{per_tri}");
    assert!(m.is_closed());
    let _ = Arc::new(m);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A box at random poses against a torus: the BVH search equals the brute force
    /// over every triangle, and the boolean agrees with it.
    #[test]
    fn box_against_torus_equals_brute_force(
        t in prop::array::uniform3(-0.2f64..0.2),
        r in prop::array::uniform3(-3.0f64..3.0),
    ) {
        let mesh = TriMesh::torus(0.1, 0.03, 12).unwrap();
        let g: Geometry = mesh.clone().into();
        let bx: Geometry = Shape::from(Cuboid::new([0.02, 0.01, 0.03]).unwrap()).into();
        let pb = pose(t, r);
        let mut s = solver();
        let oracle = mesh
            .triangles()
            .iter()
            .map(|tri| {
                let one: Geometry = TriMesh::new(tri.map(|i| mesh.vertices()[i as usize]).to_vec(), vec![[0, 1, 2]]).unwrap().into();
                s.distance(&one, &Pose::identity(), &bx, &pb).unwrap().output.distance
            })
            .fold(f64::INFINITY, f64::min);
        let out = s.distance(&g, &Pose::identity(), &bx, &pb).unwrap();
        prop_assert!(rel_close(out.output.distance, oracle, 1e-9), "{} vs {}", out.output.distance, oracle);
        let hit = s.intersects(&g, &Pose::identity(), &bx, &pb).unwrap().intersecting;
        prop_assert_eq!(hit, oracle == 0.0);
    }
}

/// The robots' collision meshes load as they are (no hull) and a ball's distance to
/// each matches the point-triangle brute force; the non-convex ones are told apart
/// from their hulls by volume.
#[test]
fn robot_collision_meshes_load_as_meshes_and_match_brute_force() {
    let root = wolfe_testkit::data::repo_root().join("data/robots");
    let mut files: Vec<_> = ["franka_panda/meshes/collision", "kuka_iiwa/meshes"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "obj" || e == "stl"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    let mut s = solver();
    let mut non_convex = 0;
    for path in &files {
        let (mesh, dropped) = TriMesh::load_skipping_degenerate(path).unwrap();
        let hull_volume = Shape::from(mesh.hull().unwrap())
            .mass_properties(1.0)
            .unwrap()
            .mass;
        if let Ok(v) = mesh.volume() {
            if v.abs() < 0.97 * hull_volume {
                non_convex += 1;
            }
        }
        let b = mesh.local_aabb();
        let tris = world_triangles(&mesh, &Pose::identity());
        let r = 0.1 * (b.max - b.min).min();
        let ball: Geometry = Shape::from(Sphere::new(r).unwrap()).into();
        let g: Geometry = mesh.clone().into();
        for i in 0..12 {
            let t = i as f64 * 0.83;
            let u = Vec3::new(
                0.5 + 0.6 * t.sin(),
                0.5 + 0.6 * (1.3 * t).cos(),
                0.5 + 0.6 * (0.7 * t).sin(),
            );
            let c = b.min + (b.max - b.min).component_mul(&u);
            let oracle = tris
                .iter()
                .map(|t| (c - closest_point_triangle(c, t[0], t[1], t[2])).norm())
                .fold(f64::INFINITY, f64::min)
                - r;
            let out = s
                .distance(&g, &Pose::identity(), &ball, &Pose::from_translation(c))
                .unwrap();
            if oracle > 1e-9 {
                assert!(
                    rel_close(out.output.distance, oracle, 1e-9),
                    "{path:?} {i}: {} vs {oracle}",
                    out.output.distance
                );
            } else if oracle < -1e-9 {
                assert_eq!(out.output.distance, 0.0);
            }
        }
        println!(
            "{}: {} triangles ({dropped} degenerate dropped), closed {}, BVH {:.1} B/triangle",
            path.file_name().unwrap().to_string_lossy(),
            mesh.triangles().len(),
            mesh.is_closed(),
            mesh.bvh().memory_bytes() as f64 / mesh.triangles().len() as f64
        );
    }
    println!(
        "{non_convex} of {} closed meshes are non-convex (volume < 97% of the hull's)",
        files.len()
    );
    assert!(matches!(TriMesh::load("x.ply"), Err(WolfeError::Parse { .. })));
    assert!(matches!(
        TriMesh::load("/nonexistent/x.obj"),
        Err(WolfeError::Io { .. })
    ));
}
