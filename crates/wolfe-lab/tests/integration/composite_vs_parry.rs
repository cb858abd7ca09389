//! wolfe's composite queries against parry's `TriMesh` and `Compound` (an independent
//! library) on non-convex meshes, and a geometry problem set measured by
//! `run_geometry_set` against a brute force over the part pairs.

use std::io::Write;

use parry3d_f64::math::Pose as ParryPose;
use parry3d_f64::query as parry_query;
use parry3d_f64::shape as parry_shape;
use wolfe::{
    CompositeSolver, Compound, CompoundPart, Cuboid, Geometry, GjkSettings, Pose, Quat, Shape,
    SignedDistanceSettings, Sphere, TriMesh, Vec3,
};
use wolfe_lab::bench::parry::{parry_pose, parry_shape, vector};
use wolfe_lab::problem_set::{has_composites, GeometrySet};
use wolfe_lab::run::{RunOptions, SolverChoice, Task};
use wolfe_lab::run_geometry::run_geometry_set;

fn solver() -> CompositeSolver {
    CompositeSolver::new(
        SignedDistanceSettings::default().with_gjk(GjkSettings::default().with_tolerance(1e-12)),
    )
    .unwrap()
}

fn parry_mesh(m: &TriMesh) -> parry_shape::TriMesh {
    let v = m.vertices().iter().map(vector).collect();
    parry_shape::TriMesh::new(v, m.triangles().to_vec()).unwrap()
}

fn pose(t: [f64; 3], r: [f64; 3]) -> Pose {
    Pose::new(Vec3::from(t), Quat::from_scaled_axis(Vec3::from(r)))
}

/// parry's distances carry its GJK tolerance (a few 1e-6 relative: a capsule against
/// the mug's triangles came 2.6e-6 above wolfe's certified upper bound): agreement to
/// 1e-5 relative, and the same boolean away from touching. The 1e-9 agreement is with
/// the brute forces of `crates/wolfe/tests/composite.rs`.
fn agree(wolfe: f64, parry: f64) -> bool {
    (wolfe - parry).abs() <= 1e-5 * (1e-3 + wolfe.abs().max(parry.abs()))
}

#[test]
fn trimesh_distances_agree_with_parry() {
    let root = wolfe_testkit::data::repo_root().join("data/robots/kuka_iiwa/meshes");
    let meshes = [
        TriMesh::bowl(0.1, 0.01, 24).unwrap(),
        TriMesh::torus(0.1, 0.03, 16).unwrap(),
        TriMesh::mug(0.04, 0.09, 0.005, 16).unwrap(),
        TriMesh::load(root.join("link_2.stl")).unwrap(),
    ];
    let convex: [Shape; 3] = [
        Sphere::new(0.02).unwrap().into(),
        Cuboid::new([0.03, 0.01, 0.02]).unwrap().into(),
        wolfe::Capsule::new(0.01, 0.03).unwrap().into(),
    ];
    let mut s = solver();
    let mut checked = 0;
    for (k, mesh) in meshes.iter().enumerate() {
        let g: Geometry = mesh.clone().into();
        let pm = parry_mesh(mesh);
        let b = mesh.local_aabb();
        let size = (b.max - b.min).norm();
        for (j, shape) in convex.iter().enumerate() {
            let gs: Geometry = shape.clone().into();
            let ps = parry_shape(shape).unwrap();
            for i in 0..30 {
                let t = (i * 7 + j * 3 + k) as f64 * 0.61;
                let c = b.center() + 0.6 * size * Vec3::new(t.sin(), (1.3 * t).cos(), (0.7 * t).sin());
                let pa = pose([0.0, 0.0, 0.0], [0.2, -0.1, 0.3]);
                let pb = pose(c.into(), [t, 0.3 * t, -0.5]);
                let ours = s.distance(&g, &pa, &gs, &pb).unwrap().output.distance;
                let theirs = parry_query::distance(
                    &parry_pose(&pa, &ParryPose::IDENTITY),
                    &pm,
                    &parry_pose(&pb, &ps.offset),
                    ps.shape.as_ref(),
                )
                .unwrap()
                .distance;
                assert!(
                    agree(ours, theirs),
                    "mesh {k} shape {j} #{i}: {ours} vs parry {theirs}"
                );
                if ours.abs() > 1e-6 {
                    let hit = s.intersects(&g, &pa, &gs, &pb).unwrap().intersecting;
                    let phit = parry_query::intersection_test(
                        &parry_pose(&pa, &ParryPose::IDENTITY),
                        &pm,
                        &parry_pose(&pb, &ps.offset),
                        ps.shape.as_ref(),
                    )
                    .unwrap()
                    .intersecting;
                    assert_eq!(hit, phit, "mesh {k} shape {j} #{i}: distance {ours}");
                }
                checked += 1;
            }
        }
        // Mesh against mesh (the torus against each).
        let other = &meshes[1];
        let (go, po): (Geometry, _) = (other.clone().into(), parry_mesh(other));
        for i in 0..10 {
            let t = i as f64 * 1.3 + k as f64;
            let pb = pose(
                (b.center() + 0.5 * size * Vec3::new(t.cos(), t.sin(), 0.3)).into(),
                [0.4, t, 0.1],
            );
            let ours = s
                .distance(&g, &Pose::identity(), &go, &pb)
                .unwrap()
                .output
                .distance;
            let theirs = parry_query::distance(
                &ParryPose::IDENTITY,
                &pm,
                &parry_pose(&pb, &ParryPose::IDENTITY),
                &po,
            )
            .unwrap()
            .distance;
            assert!(
                agree(ours, theirs),
                "mesh {k} vs torus #{i}: {ours} vs parry {theirs}"
            );
        }
    }
    assert!(checked >= 300);
}

#[test]
fn compound_distances_agree_with_parry() {
    let mut parts = Vec::new();
    let mut parry_parts = Vec::new();
    for k in 0..10 {
        let t = std::f64::consts::TAU * k as f64 / 10.0;
        let shape: Shape = Cuboid::new([0.005, 0.03, 0.04]).unwrap().into();
        let p = pose([0.08 * t.cos(), 0.08 * t.sin(), 0.0], [0.0, 0.0, t]);
        let ps = parry_shape(&shape).unwrap();
        parry_parts.push((
            parry_pose(&p, &ps.offset),
            parry_shape::SharedShape(ps.shape.into()),
        ));
        parts.push(CompoundPart::new(shape, p));
    }
    let g: Geometry = Compound::new(parts).unwrap().into();
    let pc = parry_shape::Compound::new(parry_parts);
    let ball: Shape = Sphere::new(0.015).unwrap().into();
    let gb: Geometry = ball.clone().into();
    let pbl = parry_shape(&ball).unwrap();
    let mut s = solver();
    for i in 0..100 {
        let t = i as f64 * 0.37;
        let pb = pose([0.12 * t.sin(), 0.12 * (1.7 * t).cos(), 0.05 * t.cos()], [0.0; 3]);
        let ours = s
            .distance(&g, &Pose::identity(), &gb, &pb)
            .unwrap()
            .output
            .distance;
        let theirs = parry_query::distance(
            &ParryPose::IDENTITY,
            &pc,
            &parry_pose(&pb, &pbl.offset),
            pbl.shape.as_ref(),
        )
        .unwrap()
        .distance;
        assert!(agree(ours, theirs), "#{i}: {ours} vs parry {theirs}");
    }
}

/// A set with a trimesh (OBJ written here), a compound and a sphere: read, measured by
/// `run_geometry_set`, and checked against the composite solver's brute force.
#[test]
fn geometry_set_runs_trimesh_and_compound_entries() {
    let dir = wolfe_testkit::data::temp_dir("geometry-set");
    let bowl = TriMesh::bowl(0.1, 0.01, 16).unwrap();
    let mut obj = std::fs::File::create(dir.join("bowl.obj")).unwrap();
    for v in bowl.vertices() {
        writeln!(obj, "v {} {} {}", v.x, v.y, v.z).unwrap();
    }
    for t in bowl.triangles() {
        writeln!(obj, "f {} {} {}", t[0] + 1, t[1] + 1, t[2] + 1).unwrap();
    }
    drop(obj);
    std::fs::write(
        dir.join("shapes.json"),
        r#"[{"name": "bowl", "type": "trimesh", "file": "bowl.obj", "source": "procedural"},
            {"name": "pair", "type": "compound", "parts": [
                {"type": "box", "half_extents": [0.01, 0.01, 0.01], "pose": [0, 0, 0, 1, 0, 0, 0]},
                {"type": "sphere", "radius": 0.01, "pose": [0.03, 0, 0, 1, 0, 0, 0]}]},
            {"name": "ball", "type": "sphere", "radius": 0.01}]"#,
    )
    .unwrap();
    let mut csv = String::from("id,shape_a,shape_b,ax,ay,az,aqw,aqx,aqy,aqz,bx,by,bz,bqw,bqx,bqy,bqz\n");
    for i in 0..12 {
        let z = -0.1 + 0.02 * i as f64;
        let b = if i % 2 == 0 { "pair" } else { "ball" };
        csv += &format!("{i},bowl,{b},0,0,0,1,0,0,0,0.01,0,{z},1,0,0,0\n");
    }
    std::fs::write(dir.join("problems.csv"), csv).unwrap();
    assert!(has_composites(&dir).unwrap());
    assert!(wolfe_lab::problem_set::ProblemSet::load_without_reference(&dir).is_err());
    let set = GeometrySet::load_without_reference(&dir).unwrap();
    assert!(matches!(set.shapes[0].geometry, Geometry::TriMesh(_)));
    let options = RunOptions {
        solver: SolverChoice::Gjk,
        task: Task::Distance,
        repeats: 3,
        tolerance: None,
        max_iterations: None,
        warm: false,
    };
    let records = run_geometry_set(&set, &options, || {}).unwrap();
    assert_eq!(records.len(), 12);
    let mut s = solver();
    for (r, p) in records.iter().zip(&set.problems) {
        let (a, b) = set.geometries_of(p);
        let d = s.distance(a, &p.pose_a, b, &p.pose_b).unwrap().output.distance;
        assert!(
            (r.value - d).abs() <= 1e-6 * (1e-3 + d),
            "{}: {} vs {d}",
            r.id,
            r.value
        );
    }
    let collision = RunOptions {
        task: Task::Collision,
        ..options
    };
    let hits = run_geometry_set(&set, &collision, || {}).unwrap();
    for (h, r) in hits.iter().zip(&records) {
        if r.value > 1e-6 {
            assert_eq!(h.value, 0.0);
        } else if r.value == 0.0 {
            assert_eq!(h.value, 1.0);
        }
    }
    let growth = RunOptions {
        task: Task::Growth,
        ..options
    };
    let err = run_geometry_set(&set, &growth, || {}).unwrap_err();
    assert!(err.to_string().contains("convex shapes only"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Side-by-side timing against parry (run by hand: `cargo test -p wolfe-lab --test
/// composite_vs_parry -- --ignored --nocapture`): median ns per query of distance and
/// intersection, on one core, for a box against non-convex meshes at distant, close
/// and overlapping poses. Prints a table; asserts only that both answered alike.
#[test]
#[ignore]
fn timing_against_parry() {
    let root = wolfe_testkit::data::repo_root().join("data/robots/kuka_iiwa/meshes");
    let meshes = [
        ("bowl 48", TriMesh::bowl(0.1, 0.01, 48).unwrap()),
        ("torus 64", TriMesh::torus(0.1, 0.03, 64).unwrap()),
        ("iiwa link_1", TriMesh::load(root.join("link_1.stl")).unwrap()),
    ];
    let bx: Shape = Cuboid::new([0.02, 0.01, 0.015]).unwrap().into();
    let gb: Geometry = bx.clone().into();
    let pbx = parry_shape(&bx).unwrap();
    let mut s = CompositeSolver::new(SignedDistanceSettings::default()).unwrap();
    let median = |f: &mut dyn FnMut()| {
        let mut t: Vec<u128> = (0..41)
            .map(|_| {
                let start = std::time::Instant::now();
                for _ in 0..20 {
                    f();
                }
                start.elapsed().as_nanos() / 20
            })
            .collect();
        t.sort_unstable();
        t[20]
    };
    println!("| mesh | triangles | BVH build | pose | wolfe dist ns | parry dist ns | wolfe hit ns | parry hit ns |");
    for (name, mesh) in &meshes {
        let t0 = std::time::Instant::now();
        let rebuilt = TriMesh::new(mesh.vertices().to_vec(), mesh.triangles().to_vec()).unwrap();
        let build = t0.elapsed();
        let g: Geometry = rebuilt.into();
        let pm = parry_mesh(mesh);
        let b = mesh.local_aabb();
        let size = (b.max - b.min).norm();
        // Poses: far outside, near the surface (searched along a ray), overlapping.
        let dir = Vec3::new(0.3, 0.5, 0.8).normalize();
        let mut close = b.center() + dir * size;
        for _ in 0..60 {
            let d = s
                .distance(&g, &Pose::identity(), &gb, &Pose::from_translation(close))
                .unwrap()
                .output
                .distance;
            if d < 0.002 {
                break;
            }
            close -= dir * (0.8 * d);
        }
        let overlap_at = mesh.vertices()[mesh.vertices().len() / 2];
        for (label, at) in [
            ("distant", b.center() + dir * 2.0 * size),
            ("close", close),
            ("overlap", overlap_at),
        ] {
            let pb = pose(at.into(), [0.3, 0.2, 0.1]);
            let (ppa, ppb) = (ParryPose::IDENTITY, parry_pose(&pb, &pbx.offset));
            let ours = s
                .distance(&g, &Pose::identity(), &gb, &pb)
                .unwrap()
                .output
                .distance;
            let theirs = parry_query::distance(&ppa, &pm, &ppb, pbx.shape.as_ref())
                .unwrap()
                .distance;
            assert!(
                agree(ours, theirs) || (ours - theirs).abs() < 1e-9,
                "{name} {label}: {ours} vs {theirs}"
            );
            let wd = median(&mut || {
                std::hint::black_box(s.distance(&g, &Pose::identity(), &gb, &pb).unwrap());
            });
            let pd = median(&mut || {
                std::hint::black_box(parry_query::distance(&ppa, &pm, &ppb, pbx.shape.as_ref()).unwrap());
            });
            let wi = median(&mut || {
                std::hint::black_box(s.intersects(&g, &Pose::identity(), &gb, &pb).unwrap());
            });
            let pi = median(&mut || {
                std::hint::black_box(
                    parry_query::intersection_test(&ppa, &pm, &ppb, pbx.shape.as_ref()).unwrap(),
                );
            });
            println!(
                "| {name} | {} | {build:?} | {label} ({ours:.4} m) | {wd} | {pd} | {wi} | {pi} |",
                mesh.triangles().len()
            );
        }
    }
}
