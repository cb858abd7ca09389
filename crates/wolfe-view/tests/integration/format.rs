//! The trajectory folder format: what wolfe-sim writes reads back exactly, contact
//! forces balance gravity at rest, old folders still read, a bad file's typed error reaches the caller.

use crate::common;

use wolfe::{Pose, Sphere, Vec3};
use wolfe_sim::{Material, RigidBody, SimSettings, World};
use wolfe_trajectory::TrajectoryError;
use wolfe_view::{Recording, ShapeKind, ViewError};

/// One ball of radius 5 cm resting on the ground; returns the world and its mass.
fn resting_sphere_world() -> (World, f64) {
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let r = 0.05;
    let body = RigidBody::from_density(
        "ball",
        Sphere::new(r).unwrap().into(),
        1000.0,
        Pose::from_translation(Vec3::new(0.1, -0.2, r)),
    )
    .unwrap();
    let mass = body.mass;
    world.add_body(body).unwrap();
    (world, mass)
}

#[test]
fn a_resting_ball_reads_back_exactly_and_its_contact_forces_carry_its_weight() {
    let dir = tempfile::tempdir().unwrap();
    let (world, mass) = resting_sphere_world();
    let sim = common::record(world, SimSettings::default(), 100, dir.path());
    let rec = Recording::read(dir.path()).unwrap();
    assert_eq!(rec.bodies, 1);
    assert_eq!(rec.objects.len(), 2);
    assert_eq!(rec.objects[0].kind, ShapeKind::Sphere);
    assert_eq!(rec.objects[0].mass, Some(mass));
    assert_eq!(rec.objects[1].kind, ShapeKind::HalfSpace);
    assert!(rec.has_contacts);
    assert_eq!(rec.frames.len(), 101);
    // Poses are written with Rust's shortest round-trip formatting: exact.
    let last = rec.frames.last().unwrap();
    let p = sim.poses()[0];
    let q = p.rotation.quaternion();
    assert_eq!(last.step, 100);
    assert_eq!(last.time, sim.time());
    assert_eq!(
        last.poses[0][..3],
        [p.translation.x, p.translation.y, p.translation.z]
    );
    let norm = (q.w * q.w + q.i * q.i + q.j * q.j + q.k * q.k).sqrt();
    for (a, b) in last.poses[0][3..].iter().zip([q.w, q.i, q.j, q.k]) {
        assert!((a - b / norm).abs() < 1e-15);
    }
    // The initial state has no contact forces yet; at rest the normal forces on the
    // ball (from the ground, object 1) carry its weight m g.
    assert!(rec.frames[0].contacts.is_empty());
    let total: f64 = last.contacts.iter().map(|c| c.normal_force).sum();
    let weight = mass * 9.81;
    assert!((total - weight).abs() < 1e-3 * weight, "{total} vs {weight}");
    for c in &last.contacts {
        assert_eq!((c.a, c.b), (1, 0));
        assert!(
            (c.normal[2] - 1.0).abs() < 1e-9,
            "normal from the ground up to the ball"
        );
        assert!(c.point[2].abs() < 1e-3, "contact on the ground plane");
        assert!(c.friction_force < 1e-6 * weight, "nothing pushes sideways");
    }
}

#[test]
fn clutter_contacts_name_existing_objects_and_balance_the_settled_pile() {
    let dir = tempfile::tempdir().unwrap();
    let sim = common::clutter(8, 200, dir.path());
    let rec = Recording::read(dir.path()).unwrap();
    assert_eq!(rec.bodies, 8);
    // Ground and four walls follow the bodies.
    assert_eq!(rec.objects.len(), 13);
    assert!(rec.objects[8..].iter().all(|o| o.is_static));
    let last = rec.frames.last().unwrap();
    assert!(!last.contacts.is_empty());
    for c in &last.contacts {
        assert!(c.a < rec.objects.len() && c.b < rec.bodies && c.a != c.b);
        let n = c.normal;
        assert!(((n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt() - 1.0).abs() < 1e-9);
        assert!(c.normal_force > 0.0 && c.friction_force >= 0.0);
    }
    // After 2 s the pile is nearly at rest: the vertical contact forces from the static
    // geometry carry the total weight (body-body forces cancel in pairs).
    let weight: f64 = rec.objects.iter().filter_map(|o| o.mass).sum::<f64>() * 9.81;
    let support: f64 = last
        .contacts
        .iter()
        .filter(|c| c.a >= rec.bodies)
        .map(|c| c.normal_force * c.normal[2])
        .sum();
    let ke = sim.kinetic_energy().unwrap();
    assert!(ke < 1e-2, "settled: kinetic energy {ke}");
    assert!((support - weight).abs() < 0.05 * weight, "{support} vs {weight}");
}

/// A folder as written before `mass`, `visual` and `contacts.csv` existed.
fn old_folder(dir: &std::path::Path) {
    std::fs::write(
        dir.join("scene.csv"),
        "object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh\n\
         0,box0,box,0,0,0,0,1,0,0,0,0.05,0.05,0.05,\n\
         1,static1,halfspace,1,0,0,0,1,0,0,0,0,0,0,\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("trajectory.csv"),
        "step,time,body,x,y,z,qw,qx,qy,qz\n0,0,0,0,0,0.5,1,0,0,0\n1,0.01,0,0,0,0.49,1,0,0,0\n",
    )
    .unwrap();
}

#[test]
fn an_old_folder_reads_without_masses_and_contacts_and_gets_a_page() {
    let dir = tempfile::tempdir().unwrap();
    old_folder(dir.path());
    let rec = Recording::read(dir.path()).unwrap();
    assert_eq!(rec.objects[0].mass, None);
    assert!(!rec.has_contacts);
    assert_eq!(rec.frames[1].poses[0][2], 0.49);
    let page = wolfe_view::write_html(dir.path()).unwrap();
    let html = std::fs::read_to_string(page).unwrap();
    assert!(html.contains("\"hasContacts\":false"));
}

#[test]
fn a_bad_file_stops_the_page_with_the_readers_error() {
    // wolfe-trajectory's tests cover every malformed case; the viewer passes its typed
    // error (file, line, column) through unchanged.
    let dir = tempfile::tempdir().unwrap();
    old_folder(dir.path());
    let scene = std::fs::read_to_string(dir.path().join("scene.csv")).unwrap();
    std::fs::write(
        dir.path().join("scene.csv"),
        scene.replace("0,box0,box", "0,box0,blob"),
    )
    .unwrap();
    let err = wolfe_view::write_html(dir.path()).unwrap_err();
    assert!(err.to_string().contains("scene.csv:2: column `kind`"), "{err}");
    assert!(matches!(
        err,
        ViewError::Trajectory(TrajectoryError::BadField {
            line: 2,
            column: "kind",
            ..
        })
    ));
    assert!(!dir.path().join(wolfe_view::PAGE_NAME).exists());
}

#[test]
fn a_body_with_a_visual_mesh_is_drawn_from_it() {
    let dir = tempfile::tempdir().unwrap();
    old_folder(dir.path());
    std::fs::write(
        dir.path().join("scene.csv"),
        "object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh,mass,visual\n\
         0,link0,box,0,0,0,0,1,0,0,0,0.05,0.05,0.05,,2.5,link0.obj\n\
         1,static1,halfspace,1,0,0,0,1,0,0,0,0,0,0,,,\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("link0.obj"),
        "v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 0 0 0.1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n",
    )
    .unwrap();
    let rec = Recording::read(dir.path()).unwrap();
    let visual = rec.objects[0].visual.as_ref().unwrap();
    assert_eq!((visual.vertices.len(), visual.triangles.len()), (4, 4));
    assert_eq!(rec.objects[0].mass, Some(2.5));
    // The glTF mesh of the body is the visual mesh (4 flat triangles), not the box (12).
    let glb_path = dir.path().join("x.glb");
    wolfe_view::write_gltf(dir.path(), &glb_path).unwrap();
    let glb = std::fs::read(glb_path).unwrap();
    let json_len = u32::from_le_bytes(glb[12..16].try_into().unwrap()) as usize;
    let doc: serde_json::Value = serde_json::from_slice(&glb[20..20 + json_len]).unwrap();
    let indices = doc["meshes"][0]["primitives"][0]["indices"].as_u64().unwrap() as usize;
    assert_eq!(doc["accessors"][indices]["count"], 12);
    let html = std::fs::read_to_string(wolfe_view::write_html(dir.path()).unwrap()).unwrap();
    assert!(html.contains("\"visual\":{"), "the page carries the visual mesh");
    // A mesh file outside the folder is refused.
    let text = std::fs::read_to_string(dir.path().join("scene.csv")).unwrap();
    std::fs::write(
        dir.path().join("scene.csv"),
        text.replace("link0.obj", "../link0.obj"),
    )
    .unwrap();
    assert!(matches!(
        Recording::read(dir.path()),
        Err(TrajectoryError::BadField { column: "visual", .. })
    ));
}
