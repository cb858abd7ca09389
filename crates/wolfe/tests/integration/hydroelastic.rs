//! The pressure field model's contact surfaces against analytic answers and against
//! each other: a compliant box on a plane (the exact integral of its distance field),
//! a compliant sphere pressed into a plane (the integrated field, converging as the
//! mesh is refined), a tilted box's moment (quadrature of the analytic field), two
//! equal spheres (the mid-plane), a rigid box mesh against the half-space of its top
//! face, and bad input.

use std::f64::consts::PI;

use wolfe::hydroelastic::{
    compliant_surface, halfspace_surface, rigid_surface, surface_mesh, CompliantGeometry, ContactSurface,
    VolumeMesh,
};
use wolfe::{Cuboid, HalfSpace, Pose, Quat, Shape, Sphere, Vec3, WolfeError};

fn ground() -> HalfSpace {
    HalfSpace::new(Vec3::z(), 0.0).unwrap()
}

fn cuboid(h: [f64; 3]) -> Shape {
    Shape::Cuboid(Cuboid::new(h).unwrap())
}

/// `int int min(delta, u, v) du dv` over `[0, a] x [0, b]` for `delta <= min(a, b)`:
/// `delta a b` less the deficit where `u` or `v` is below `delta`.
fn box_slice_integral(delta: f64, a: f64, b: f64) -> f64 {
    let deficit = 0.5 * delta * delta * (a + b - 2.0 * delta) + 2.0 / 3.0 * delta.powi(3);
    delta * a * b - deficit
}

#[test]
fn a_compliant_box_on_a_plane_carries_its_exact_integrated_pressure() {
    let (a, b, c, e) = (0.1, 0.07, 0.02, 2e5);
    let g = CompliantGeometry::from_shape(&cuboid([a, b, c]), e, 0.05).unwrap();
    let mut s = ContactSurface::default();
    for delta in [1e-5, 1e-4, 1e-3, 5e-3] {
        let pose = Pose::from_translation(Vec3::new(0.0, 0.0, c - delta));
        halfspace_surface(&ground(), &g, &pose, &mut s);
        // p = E depth / c with depth = min(delta, a - |x|, b - |y|) on the plane.
        let exact = e / c * 4.0 * box_slice_integral(delta, a, b);
        let f = s.force();
        assert!(
            (f.z - exact).abs() <= 1e-9 * exact,
            "delta {delta}: {} vs {exact}",
            f.z
        );
        assert!(f.x.abs() + f.y.abs() <= 1e-9 * exact);
        // The elastic-foundation law F = E A delta / h (h = c, the depth scale of the
        // field) within 1% while the edges' share is small.
        let foundation = e * 4.0 * a * b * delta / c;
        if delta <= 1e-4 {
            assert!((f.z - foundation).abs() <= 0.01 * foundation);
        }
        assert!((s.area() - 4.0 * a * b).abs() <= 1e-12);
        for p in &s.polygons {
            assert!(p.pressure >= 0.0);
            // The bottom face's cell: the pressure grows with the approach, and the
            // polygon as a point contact carries its force; the side faces' cells grow
            // parallel to the plane (no stiffness).
            match p.signed_distance() {
                Some(phi) => assert!((p.stiffness() * -phi - p.force()).abs() <= 1e-9 * p.force()),
                None => assert!(p.pressure_gradient.abs() <= 1e-9 * e / c),
            }
        }
    }
}

/// The force of the field `E (1 - r/R)` on the plane `d = R - delta` from the centre:
/// `2 pi E int_0^a (1 - sqrt(d^2 + rho^2) / R) rho d rho`, `a^2 = R^2 - d^2`.
fn sphere_force(e: f64, r: f64, delta: f64) -> f64 {
    let d = r - delta;
    let a2 = r * r - d * d;
    2.0 * PI * e * (0.5 * a2 - (r.powi(3) - d.powi(3)) / (3.0 * r))
}

#[test]
fn a_compliant_sphere_force_converges_to_the_integrated_field() {
    let (r, e, delta) = (0.05, 1e5, 0.01);
    let exact = sphere_force(e, r, delta);
    let pose = Pose::from_translation(Vec3::new(0.0, 0.0, r - delta));
    let mut errors = Vec::new();
    let mut s = ContactSurface::default();
    println!("resolution/R  tetrahedra  force (N)  relative error");
    for k in 0..=5 {
        let resolution = r / 2f64.powi(k);
        let g =
            CompliantGeometry::from_shape(&Shape::Sphere(Sphere::new(r).unwrap()), e, resolution).unwrap();
        halfspace_surface(&ground(), &g, &pose, &mut s);
        let err = (s.force().z - exact).abs() / exact;
        println!(
            "{:>12.4}  {:>10}  {:>9.5}  {err:.3e}",
            resolution / r,
            g.mesh().tetrahedra().len(),
            s.force().z
        );
        errors.push(err);
    }
    assert!(*errors.last().unwrap() < 0.01, "{errors:?}");
    // Second order: each halving of the edges cuts the error about fourfold once the
    // cap is resolved (at least threefold over the last three levels).
    for w in errors[3..].windows(2) {
        assert!(w[1] < w[0] / 3.0, "{errors:?}");
    }
}

#[test]
fn a_tilted_box_moment_matches_quadrature_of_its_field() {
    let h = Vec3::new(0.08, 0.05, 0.03);
    let e = 1e5;
    let g = CompliantGeometry::from_shape(&cuboid(h.into()), e, 0.05).unwrap();
    let rotation = Quat::from_axis_angle(&Vec3::x_axis(), 0.3) * Quat::from_axis_angle(&Vec3::y_axis(), -0.2);
    let lowest = (0..8)
        .map(|k| {
            let corner = Vec3::new(
                if k & 1 == 0 { h.x } else { -h.x },
                if k & 2 == 0 { h.y } else { -h.y },
                if k & 4 == 0 { h.z } else { -h.z },
            );
            (rotation * corner).z
        })
        .fold(f64::INFINITY, f64::min);
    let pose = Pose::new(Vec3::new(0.01, -0.02, -lowest - 0.012), rotation);
    let mut s = ContactSurface::default();
    halfspace_surface(&ground(), &g, &pose, &mut s);
    let about = pose.translation;
    let (force, moment) = (s.force(), s.moment_about(&about));
    // Midpoint quadrature of p = E depth(x) / h_min over the plane z = 0.
    let n = 1200;
    let half = h.norm();
    let cell = 2.0 * half / n as f64;
    let (mut qf, mut qm) = (0.0, Vec3::zeros());
    for i in 0..n {
        for j in 0..n {
            let x = Vec3::new(
                pose.translation.x - half + (i as f64 + 0.5) * cell,
                pose.translation.y - half + (j as f64 + 0.5) * cell,
                0.0,
            );
            let local = pose.inverse_transform_point(&x);
            let depth = (0..3)
                .map(|k| h[k] - local[k].abs())
                .fold(f64::INFINITY, f64::min);
            if depth > 0.0 {
                let df = e * depth / h.min() * cell * cell;
                qf += df;
                qm += (x - about).cross(&Vec3::new(0.0, 0.0, df));
            }
        }
    }
    assert!(
        force.z > 0.0 && (force.z - qf).abs() < 2e-3 * qf,
        "{} vs {qf}",
        force.z
    );
    assert!(
        (moment - qm).norm() < 2e-3 * moment.norm(),
        "{moment:?} vs {qm:?}"
    );
    assert!(
        moment.norm() > 1e-3 * force.z * h.min(),
        "the tilt gives the patch a moment"
    );
}

#[test]
fn two_equal_spheres_meet_on_their_mid_plane() {
    let (r, e, overlap) = (0.04, 3e5, 0.006);
    let g = CompliantGeometry::from_shape(&Shape::Sphere(Sphere::new(r).unwrap()), e, r / 8.0).unwrap();
    let (pa, pb) = (
        Pose::identity(),
        Pose::from_translation(Vec3::new(0.0, 0.0, 2.0 * r - overlap)),
    );
    let mut both = ContactSurface::default();
    compliant_surface(&g, &pa, &g, &pb, &mut both);
    // The same sphere half as deep into a rigid plane (the mid-plane, mirrored).
    let mut half = ContactSurface::default();
    let plane = HalfSpace::new(Vec3::z(), r - 0.5 * overlap).unwrap();
    halfspace_surface(&plane, &g, &pb, &mut half);
    let (fb, fh) = (both.force(), half.force());
    assert!(fb.z > 0.0 && (fb - fh).norm() <= 1e-9 * fh.z, "{fb:?} vs {fh:?}");
    for p in &both.polygons {
        assert!((p.centroid.z - (r - 0.5 * overlap)).abs() < 1e-12);
        // Two equal fields in series: half the stiffness of one.
        assert!(p.pressure_gradient > 0.0);
    }
    assert!((both.area() - half.area()).abs() <= 1e-9 * half.area());
    // Apart: nothing.
    let far = Pose::from_translation(Vec3::new(0.0, 0.0, 2.0 * r + 1e-3));
    compliant_surface(&g, &pa, &g, &far, &mut both);
    assert!(both.polygons.is_empty());
}

#[test]
fn a_rigid_box_mesh_presses_like_the_half_space_of_its_top_face() {
    let (r, e, delta) = (0.05, 1e5, 0.008);
    let sphere = CompliantGeometry::from_shape(&Shape::Sphere(Sphere::new(r).unwrap()), e, r / 8.0).unwrap();
    let pose = Pose::from_translation(Vec3::new(0.003, -0.002, r - delta));
    let table = surface_mesh(&cuboid([0.5, 0.4, 0.1]), 1.0).unwrap();
    let table_pose = Pose::from_translation(Vec3::new(0.0, 0.0, -0.1));
    let (mut mesh, mut plane) = (ContactSurface::default(), ContactSurface::default());
    rigid_surface(&table, &table_pose, &sphere, &pose, &mut mesh);
    halfspace_surface(&ground(), &sphere, &pose, &mut plane);
    let (fm, fp) = (mesh.force(), plane.force());
    assert!(fp.z > 0.0 && (fm - fp).norm() <= 1e-9 * fp.z, "{fm:?} vs {fp:?}");
    let (mm, mp) = (
        mesh.moment_about(&Vec3::zeros()),
        plane.moment_about(&Vec3::zeros()),
    );
    assert!((mm - mp).norm() <= 1e-9 * fp.z * r);
}

#[test]
fn bad_volume_meshes_and_moduli_get_typed_errors() {
    let sphere = Shape::Sphere(Sphere::new(0.1).unwrap());
    for e in [0.0, -5.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(
            CompliantGeometry::from_shape(&sphere, e, 0.01),
            Err(WolfeError::InvalidShapeParameter { .. })
        ));
    }
    for res in [0.0, -1.0, f64::NAN] {
        assert!(CompliantGeometry::from_shape(&sphere, 1e5, res).is_err());
    }
    let flat = vec![Vec3::zeros(), Vec3::x(), Vec3::y(), Vec3::new(0.5, 0.5, 0.0)];
    assert!(matches!(
        VolumeMesh::new(flat, vec![[0, 1, 2, 3]]),
        Err(WolfeError::DegenerateTetrahedron { .. })
    ));
}
