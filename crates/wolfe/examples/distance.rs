//! Distance and collision between two YCB objects with every GJK variant.
//!
//! `cargo run --release -p wolfe --example distance`

use std::path::Path;
use wolfe::{ConvexMesh, GjkSettings, GjkSolver, GjkVariant, PairCache, Pose, Shape, Vec3};

fn main() -> Result<(), wolfe::WolfeError> {
    let ycb = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ycb");
    let drill: Shape = ConvexMesh::from_obj(ycb.join("035_power_drill.obj"))?.into();
    let mug: Shape = ConvexMesh::from_obj(ycb.join("025_mug.obj"))?.into();
    let pose_drill = Pose::identity();
    let pose_mug = Pose::from_parts(
        [0.25, 0.05, 0.0],
        [0.9238795325112867, 0.0, 0.3826834323650898, 0.0],
    )?;

    for variant in [GjkVariant::Vanilla, GjkVariant::Polyak, GjkVariant::Nesterov] {
        let mut solver = GjkSolver::new(GjkSettings::with_variant(variant))?;
        let d = solver.distance(&drill, &pose_drill, &mug, &pose_mug, None)?;
        let c = solver.intersects(&drill, &pose_drill, &mug, &pose_mug, None)?;
        println!(
            "{variant:?}: distance {:.9} m ({:?}, {} iterations, gap {:.1e} m^2), intersecting: {}",
            d.distance, d.status, d.iterations, d.duality_gap, c.intersecting
        );
        println!(
            "  normal A->B {:?}, point on drill {:?}",
            d.normal.as_slice(),
            d.point_a.as_slice()
        );
    }

    // Warm starts across a short trajectory: the pair's cache keeps the previous
    // separation and the meshes' climbing hints.
    let mut solver = GjkSolver::new(GjkSettings::default())?;
    let mut cache = PairCache::new();
    let mut pose = pose_mug;
    for step in 0..5 {
        pose.translation -= Vec3::new(0.01, 0.0, 0.0);
        let d = solver.distance(&drill, &pose_drill, &mug, &pose, Some(&mut cache))?;
        println!(
            "step {step}: distance {:.6} m in {} iterations",
            d.distance, d.iterations
        );
    }
    Ok(())
}
