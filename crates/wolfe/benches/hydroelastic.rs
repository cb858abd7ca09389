//! Contact-surface time of the soft-bubble gripper's pair (the SAP paper's Sec. VI-D):
//! a compliant ellipsoid bubble (semi-axes 45 x 20 x 30 mm, E = 1.5e5 Pa) pressed into a
//! rigid box handle (half-extents 80 x 6 x 12 mm, its 12-triangle surface mesh), at the
//! depths of the loose (1 N, about 1 mm) and the secure (16 N, about 4.5 mm) grip, the
//! handle pitched by 20 degrees, at bubble resolutions of 8 mm (the scene's default)
//! and 4 mm. One iteration = one `rigid_surface` call into a reused surface. The
//! polygon counts are printed first.
//!
//! Run: `cargo bench -p wolfe --bench hydroelastic`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;
use wolfe::hydroelastic::{rigid_surface, surface_mesh, CompliantGeometry, ContactSurface};
use wolfe::{Cuboid, Ellipsoid, Pose, Quat, Shape, Vec3};

fn bench(c: &mut Criterion) {
    let handle = Shape::Cuboid(Cuboid::new([0.08, 0.006, 0.012]).unwrap());
    let mesh = surface_mesh(&handle, 1.0).unwrap();
    let bubble_shape = Shape::Ellipsoid(Ellipsoid::new([0.045, 0.02, 0.03]).unwrap());
    let handle_pose = Pose::new(
        Vec3::new(0.015, 0.0, 0.0),
        Quat::from_axis_angle(&Vec3::y_axis(), 20f64.to_radians()),
    );
    let mut group = c.benchmark_group("hydroelastic/bubble_on_handle");
    group.measurement_time(Duration::from_secs(3));
    for resolution in [8e-3, 4e-3] {
        let bubble = CompliantGeometry::from_shape(&bubble_shape, 1.5e5, resolution).unwrap();
        for (grip, depth) in [("loose", 1e-3), ("secure", 4.5e-3)] {
            // The bubble's flat side (its y semi-axis, 20 mm) against the handle's
            // face at y = 6 mm, `depth` into it.
            let bubble_pose = Pose::from_translation(Vec3::new(0.0, 0.006 + 0.02 - depth, 0.0));
            let mut surface = ContactSurface::default();
            rigid_surface(&mesh, &handle_pose, &bubble, &bubble_pose, &mut surface);
            println!(
                "resolution {} mm, {grip}: {} tetrahedra, {} polygons",
                resolution * 1e3,
                bubble.mesh().tetrahedra().len(),
                surface.polygons.len()
            );
            let id = format!("{}mm-{grip}", resolution * 1e3);
            group.bench_function(BenchmarkId::from_parameter(id), |b| {
                b.iter(|| {
                    rigid_surface(
                        &mesh,
                        &handle_pose,
                        &bubble,
                        black_box(&bubble_pose),
                        &mut surface,
                    );
                    black_box(surface.polygons.len())
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
