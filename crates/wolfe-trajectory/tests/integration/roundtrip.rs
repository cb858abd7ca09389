//! What the writer writes, the reader gives back exactly: names, shape kinds and
//! parameters, meshes, masses, poses, times and contacts; the rows are those of
//! `docs/trajectory-format.md`; data the format cannot hold are refused.

use std::path::Path;

use wolfe::{
    Capsule, Cone, ConvexMesh, Cuboid, Cylinder, Ellipsoid, HalfSpace, Pose, Quat, Shape, Sphere, Vec3,
};
use wolfe_trajectory::{
    pose_array, to_pose, Body, ContactRecord, Recording, SceneWriter, ShapeKind, TrajectoryError, TriMesh,
};

/// A pose with all seven numbers non-trivial (irrational angles and offsets), the
/// `k`-th of a deterministic sequence.
fn pose(k: usize) -> Pose {
    let t = k as f64 + 1.0;
    Pose::new(
        Vec3::new(0.1 * t.sqrt(), -0.3 / t, std::f64::consts::E * t),
        Quat::from_euler_angles(0.7 * t, -0.2 * t.ln_1p(), 1.3 / t),
    )
}

fn tetrahedron() -> ConvexMesh {
    ConvexMesh::from_points(&[
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(0.1, 0.0, 0.0),
        Vec3::new(0.0, 0.1, 0.0),
        Vec3::new(0.0, 0.0, 0.1),
    ])
    .unwrap()
}

/// Every shape kind as a body, with its expected kind and parameters.
fn bodies() -> Vec<(Shape, ShapeKind, [f64; 3])> {
    vec![
        (
            Sphere::new(0.05).unwrap().into(),
            ShapeKind::Sphere,
            [0.05, 0.0, 0.0],
        ),
        (
            Ellipsoid::new([0.1, 0.2, 0.3]).unwrap().into(),
            ShapeKind::Ellipsoid,
            [0.1, 0.2, 0.3],
        ),
        (
            Cuboid::new([0.1, 0.2, 1.0 / 3.0]).unwrap().into(),
            ShapeKind::Box,
            [0.1, 0.2, 1.0 / 3.0],
        ),
        (
            Capsule::new(0.05, 0.2).unwrap().into(),
            ShapeKind::Capsule,
            [0.05, 0.2, 0.0],
        ),
        (
            Cylinder::new(0.07, 0.1).unwrap().into(),
            ShapeKind::Cylinder,
            [0.07, 0.1, 0.0],
        ),
        (
            Cone::new(0.08, 0.15).unwrap().into(),
            ShapeKind::Cone,
            [0.08, 0.15, 0.0],
        ),
        (tetrahedron().into(), ShapeKind::Mesh, [0.0; 3]),
        (
            Shape::from(Cuboid::new([0.1, 0.1, 0.1]).unwrap())
                .inflated(0.02)
                .unwrap(),
            ShapeKind::Inflated,
            [0.02, 0.0, 0.0],
        ),
    ]
}

fn visual() -> TriMesh {
    TriMesh {
        vertices: vec![[0.0, 0.0, 0.0], [0.1, 0.0, 0.0], [0.0, 0.1, 0.0], [0.0, 0.0, 0.1]],
        triangles: vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]],
    }
}

/// Frames of `n` bodies: `(step, time, poses)`.
fn frames(n: usize) -> Vec<(u64, f64, Vec<Pose>)> {
    (0..4u64)
        .map(|s| {
            (
                s,
                s as f64 * 0.01 / 3.0,
                (0..n).map(|b| pose(10 * s as usize + b)).collect(),
            )
        })
        .collect()
}

fn contact(k: usize, a: usize, b: usize) -> ContactRecord {
    let p = pose(k);
    let n = p.rotation * Vec3::z();
    ContactRecord {
        a,
        b,
        point: [p.translation.x, p.translation.y, p.translation.z],
        normal: [n.x, n.y, n.z],
        normal_force: 9.81 / (k as f64 + 3.0),
        friction_force: 0.1 / (k as f64 + 7.0),
    }
}

/// Writes the scene of [`bodies`] (body 0 with a visual mesh and a name needing
/// escapes), a static box and a tilted half-space, the frames and two contacts per
/// step after the first.
fn write(dir: &Path) -> Vec<(Shape, ShapeKind, [f64; 3])> {
    let shapes = bodies();
    let mesh = visual();
    let mut scene = SceneWriter::create(dir).unwrap();
    for (i, (shape, _, _)) in shapes.iter().enumerate() {
        let name = if i == 0 {
            "a, \"b\"\nc".to_string()
        } else {
            format!("body{i}")
        };
        let object = scene
            .body(&Body {
                name: &name,
                shape,
                shape_pose: pose(100 + i),
                mass: Some(0.1 * (i as f64 + 1.0) / 3.0),
                visual: (i == 0).then_some(&mesh),
            })
            .unwrap();
        assert_eq!(object, i);
    }
    let table: Shape = Cuboid::new([1.0, 0.5, 0.02]).unwrap().into();
    scene.static_shape("table", &table, &pose(200)).unwrap();
    let tilted = HalfSpace::new(Vec3::new(0.1, 0.0, 1.0), -0.25).unwrap();
    scene.half_space("ground", &tilted).unwrap();
    let mut run = scene.finish().unwrap();
    for (step, time, poses) in frames(shapes.len()) {
        run.frame(step, time, &poses).unwrap();
        if step > 0 {
            run.contact(step, time, &contact(step as usize, shapes.len() + 1, 3))
                .unwrap();
            run.contact(step, time, &contact(step as usize + 50, 0, 1))
                .unwrap();
        }
    }
    run.finish().unwrap();
    shapes
}

#[test]
fn a_written_folder_reads_back_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let shapes = write(dir.path());
    let rec = Recording::read(dir.path()).unwrap();
    let n = shapes.len();
    assert_eq!((rec.bodies, rec.objects.len()), (n, n + 2));
    for (i, ((_, kind, params), o)) in shapes.iter().zip(&rec.objects).enumerate() {
        assert_eq!(
            (o.kind, o.params, o.is_static),
            (*kind, *params, false),
            "body {i}"
        );
        assert_eq!(o.pose, pose_array(&pose(100 + i)), "body {i}: shape pose exact");
        assert_eq!(o.mass, Some(0.1 * (i as f64 + 1.0) / 3.0));
        assert_eq!(o.visual.is_some(), i == 0);
        assert_eq!(
            o.mesh.is_some(),
            matches!(kind, ShapeKind::Mesh | ShapeKind::Inflated)
        );
    }
    assert_eq!(rec.objects[0].name, "a_ _b__c");
    assert_eq!(rec.objects[1].name, "body1");
    assert_eq!(rec.objects[0].visual, Some(visual()));
    // The mesh body's OBJ is its hull, vertex for vertex.
    let hull = TriMesh::from_convex_mesh(&tetrahedron());
    assert_eq!(rec.objects[6].mesh.as_ref(), Some(&hull));
    // The inflated box's drawn hull is its support function sampled: within the box
    // inflated by the radius, and reaching it (corner distance |h| + r).
    let inflated = rec.objects[7].mesh.as_ref().unwrap();
    let reach = inflated
        .vertices
        .iter()
        .map(|v| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt())
        .fold(0.0, f64::max);
    let corner = 0.1 * 3f64.sqrt() + 0.02;
    assert!(
        reach <= corner + 1e-12 && reach > corner - 0.01,
        "{reach} vs {corner}"
    );
    // The statics: a box in the world, the half-space n.x <= d as the z <= 0 of a frame
    // whose +z is the unit normal and whose origin is on the plane.
    let (table, ground) = (&rec.objects[n], &rec.objects[n + 1]);
    assert_eq!(
        (table.name.as_str(), table.kind, table.mass),
        ("table", ShapeKind::Box, None)
    );
    assert_eq!(table.pose, pose_array(&pose(200)));
    assert_eq!(
        (ground.name.as_str(), ground.kind),
        ("ground", ShapeKind::HalfSpace)
    );
    assert!(ground.is_static && table.is_static);
    let g = to_pose(&ground.pose);
    // (`n.x <= d` with n = (0.1, 0, 1) is `u.x <= d / |n|` with the unit normal u.)
    let normal = Vec3::new(0.1, 0.0, 1.0).normalize();
    let offset = -0.25 / Vec3::new(0.1, 0.0, 1.0).norm();
    assert!((g.rotation * Vec3::z() - normal).norm() < 1e-14);
    assert!((g.translation.dot(&normal) - offset).abs() < 1e-14);
    assert!(
        (g.translation - offset * normal).norm() < 1e-14,
        "origin on the plane"
    );
    // Frames: steps, times and poses exact; contacts exact and in their steps.
    let expected = frames(n);
    assert_eq!(rec.frames.len(), expected.len());
    for (f, (step, time, poses)) in rec.frames.iter().zip(&expected) {
        assert_eq!((f.step, f.time), (*step, *time));
        for (read, written) in f.poses.iter().zip(poses) {
            assert_eq!(*read, pose_array(written));
            assert_eq!(to_pose(read), *written);
        }
        let contacts = if *step == 0 {
            vec![]
        } else {
            vec![
                contact(*step as usize, n + 1, 3),
                contact(*step as usize + 50, 0, 1),
            ]
        };
        assert_eq!(f.contacts, contacts);
    }
    assert!(rec.has_contacts);
}

#[test]
fn the_rows_are_those_of_the_format_description() {
    let dir = tempfile::tempdir().unwrap();
    let mut scene = SceneWriter::create(dir.path()).unwrap();
    let cube: Shape = Cuboid::new([0.05; 3]).unwrap().into();
    let ball: Shape = Sphere::new(0.05).unwrap().into();
    let body = |name, shape, mass| Body {
        name,
        shape,
        shape_pose: Pose::identity(),
        mass,
        visual: None,
    };
    scene.body(&body("box0", &cube, Some(1.0))).unwrap();
    scene
        .body(&body("sphere1", &ball, Some(std::f64::consts::FRAC_PI_6)))
        .unwrap();
    scene
        .half_space("static2", &HalfSpace::new(Vec3::z(), 0.0).unwrap())
        .unwrap();
    let mut run = scene.finish().unwrap();
    let start = Pose::from_translation(Vec3::new(-0.2, -0.2, 0.1));
    run.frame(0, 0.0, &[start, Pose::identity()]).unwrap();
    run.contact(
        1,
        0.01,
        &ContactRecord {
            a: 2,
            b: 0,
            point: [0.21, -0.19, 0.0],
            normal: [0.0, 0.0, 1.0],
            normal_force: 5.13,
            friction_force: 0.002,
        },
    )
    .unwrap();
    run.finish().unwrap();
    let read = |f: &str| std::fs::read_to_string(dir.path().join(f)).unwrap();
    assert_eq!(
        read("scene.csv"),
        "object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh,mass,visual\n\
         0,box0,box,0,0,0,0,1,0,0,0,0.05,0.05,0.05,,1,\n\
         1,sphere1,sphere,0,0,0,0,1,0,0,0,0.05,0,0,,0.5235987755982989,\n\
         2,static2,halfspace,1,0,0,0,1,0,0,0,0,0,0,,,\n"
    );
    assert_eq!(
        read("trajectory.csv"),
        "step,time,body,x,y,z,qw,qx,qy,qz\n0,0,0,-0.2,-0.2,0.1,1,0,0,0\n0,0,1,0,0,0,1,0,0,0\n"
    );
    assert_eq!(
        read("contacts.csv"),
        "step,time,a,b,x,y,z,nx,ny,nz,fn,ft\n1,0.01,2,0,0.21,-0.19,0,0,0,1,5.13,0.002\n"
    );
}

fn bad_input(result: Result<impl std::fmt::Debug, TrajectoryError>, file: &str, words: &str) {
    match result {
        Err(TrajectoryError::BadInput { path, reason }) => {
            assert!(path.ends_with(file), "{path:?}");
            assert!(reason.contains(words), "{reason}");
        }
        other => panic!("expected BadInput about {words}, got {other:?}"),
    }
}

#[test]
fn data_the_format_cannot_hold_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ball: Shape = Sphere::new(0.05).unwrap().into();
    let body = |name, mass| Body {
        name,
        shape: &ball,
        shape_pose: Pose::identity(),
        mass,
        visual: None,
    };
    let mut scene = SceneWriter::create(dir.path()).unwrap();
    bad_input(scene.body(&body("light", Some(0.0))), "scene.csv", "not positive");
    bad_input(
        scene.body(&body("nan", Some(f64::NAN))),
        "scene.csv",
        "not positive",
    );
    let nan_pose = Pose::from_translation(Vec3::new(f64::NAN, 0.0, 0.0));
    bad_input(
        scene.static_shape("lost", &ball, &nan_pose),
        "scene.csv",
        "not finite",
    );
    assert_eq!(scene.body(&body("ball", Some(1.0))).unwrap(), 0);
    scene
        .half_space("ground", &HalfSpace::new(Vec3::z(), 0.0).unwrap())
        .unwrap();
    bad_input(scene.body(&body("late", None)), "scene.csv", "bodies come first");
    assert_eq!(scene.next_object(), 2);
    let mut run = scene.finish().unwrap();
    bad_input(run.frame(0, 0.0, &[]), "trajectory.csv", "0 of 1");
    bad_input(
        run.frame(0, 0.0, &[Pose::identity(); 2]),
        "trajectory.csv",
        "1 of 1",
    );
    bad_input(
        run.frame(0, f64::INFINITY, &[Pose::identity()]),
        "trajectory.csv",
        "0 of 1",
    );
    let c = ContactRecord {
        a: 2,
        b: 0,
        point: [0.0; 3],
        normal: [0.0, 0.0, 1.0],
        normal_force: 1.0,
        friction_force: 0.0,
    };
    bad_input(run.contact(1, 0.01, &c), "contacts.csv", "objects 2 and 0 of 2");
    let c = ContactRecord {
        normal_force: f64::NAN,
        a: 1,
        ..c
    };
    bad_input(run.contact(1, 0.01, &c), "contacts.csv", "not finite");
}
