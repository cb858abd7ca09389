use wolfe::{ContactSolver, ConvexMesh, GjkSettings, GjkSolver, Pose, Shape, SignedDistanceSettings, Sphere};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A YCB mug (a convex hull from an OBJ file shipped in data/ycb) and a 5 cm ball.
    let mug_file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/ycb/025_mug.obj");
    let mug: Shape = ConvexMesh::from_obj(mug_file)?.into();
    let ball: Shape = Sphere::new(0.05)?.into();
    let beside = Pose::from_translation_wxyz([0.2, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0])?;

    // Distance with witness points, normal (from A to B), status and certificate.
    let mut gjk = GjkSolver::new(GjkSettings::default())?;
    let d = gjk.distance(&mug, &Pose::identity(), &ball, &beside, None)?;
    println!(
        "distance {:.6} m ({:?}), certified in [{:.6}, {:.6}]",
        d.distance, d.status, d.lower_bound, d.upper_bound
    );
    println!(
        "witness on the mug {:?}, on the ball {:?}, normal {:?}",
        d.point_a, d.point_b, d.normal
    );

    // Push the ball into the mug: signed distance (EPA) is negative.
    let inside = Pose::from_translation_wxyz([0.05, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0])?;
    let mut contact = ContactSolver::new(SignedDistanceSettings::default())?;
    let c = contact.signed_distance(&mug, &Pose::identity(), &ball, &inside, None)?;
    println!(
        "signed distance {:.6} m, normal {:?}",
        c.signed_distance, c.normal
    );
    assert!(d.distance > 0.0 && c.signed_distance < 0.0);
    Ok(())
}
