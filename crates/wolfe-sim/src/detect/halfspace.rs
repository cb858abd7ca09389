//! Half-spaces in the detection: every body against each half-space in closed form
//! (`halfspace_manifold`), culled by the body's world box when the box alone puts it
//! beyond the margin.

use wolfe::{halfspace_manifold, Aabb, ContactPoint, HalfSpace, Pose, Shape, Vec3};

use super::slots::PairSlots;
use super::{PairState, Walk};
use crate::error::SimError;

/// The contact of a half-space with one convex shape (at `pose`, world box `aabb`,
/// bounding radius `radius` about its origin), from the pair's state at `key` in
/// `slots`: its normal and the number of points written to `points`, or `None` when
/// there is none. A shape whose box alone puts it beyond the margin is skipped (no
/// slot: its state is forgotten, as a pair that leaves the broad phase).
pub(super) fn plane_contact<K: Ord + Copy>(
    plane: &HalfSpace, (shape, pose, aabb, radius): (&Shape, &Pose, &Aabb, f64),
    (slots, key): (&mut PairSlots<PairState, K>, K), walk: &Walk, reused: &mut usize,
    points: &mut [ContactPoint; 8],
) -> Result<Option<(Vec3, usize)>, SimError> {
    let pair_margin = walk.settings.margin;
    if beyond_halfspace(plane, aabb, pair_margin) {
        // The query would find no contact; its pose check still runs, so that a bad
        // pose fails here as it would there.
        pose.validate()?;
        return Ok(None);
    }
    let slot = slots.slot(key);
    let state = slots.state_mut(slot);
    let manifold = state.manifold(
        pose,
        pose,
        (radius, 0.0),
        (pair_margin, walk.reuse.0, walk.reuse.1),
        reused,
        |wide, _| halfspace_manifold(plane, shape, pose, &walk.settings.with_margin(wide)),
    )?;
    let count = state.points(
        manifold.as_ref(),
        (&Pose::identity(), pose),
        pair_margin,
        walk.angle_tolerance,
        walk.persistent,
        points,
    );
    Ok(manifold.map(|m| (m.normal, count)))
}

/// Whether a shape inside the world box `aabb` lies farther than `margin` above the
/// half-space `plane` (outside along its normal), so that [`halfspace_manifold`] would
/// find no contact: the box's lowest point along the normal bounds the shape's from
/// below. Boxes settled on the ground pass the test; bodies in the air and high in a
/// pile skip the query. The test keeps a slack of a few ulps of the scene's size over
/// the margin (the rounding of the box and of the query's own support point), so that
/// it skips only pairs the query rejects: the contacts are the same as without it.
/// NaN anywhere: false (the query runs and reports it).
fn beyond_halfspace(plane: &HalfSpace, aabb: &Aabb, margin: f64) -> bool {
    let n = plane.normal();
    let lowest = n.dot(&aabb.center()) - n.abs().dot(&aabb.half_extents()) - plane.offset();
    let scale = aabb.min.amax().max(aabb.max.amax()) + plane.offset().abs() + margin.abs();
    lowest > margin + 64.0 * f64::EPSILON * scale
}

#[cfg(test)]
mod tests {
    use super::*;
    use wolfe::ManifoldSettings;

    /// The half-space cull skips only queries that find no contact: every shape kind,
    /// random planes and rotations, placed at random gaps and at gaps within a few
    /// ulps of the margin (where the box's bound and the query's support point round
    /// differently). Whenever the cull fires, `halfspace_manifold` returns `None`; and
    /// it does fire for most shapes well beyond the margin (boxes that fit tightly).
    #[test]
    fn halfspace_cull_skips_only_pairs_without_contact() {
        use rand::{Rng, SeedableRng};
        use wolfe::{Capsule, Cone, ConvexShape, Cuboid, Cylinder, Ellipsoid, Shape, Sphere};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let hull: Vec<Vec3> = (0..16)
            .map(|_| {
                Vec3::new(
                    rng.random_range(-0.1..0.1),
                    rng.random_range(-0.05..0.05),
                    rng.random_range(-0.08..0.08),
                )
            })
            .collect();
        let shapes: Vec<Shape> = vec![
            Sphere::new(0.05).unwrap().into(),
            Cuboid::new([0.05, 0.03, 0.08]).unwrap().into(),
            Capsule::new(0.02, 0.1).unwrap().into(),
            Cylinder::new(0.04, 0.06).unwrap().into(),
            Cone::new(0.05, 0.07).unwrap().into(),
            Ellipsoid::new([0.05, 0.02, 0.07]).unwrap().into(),
            Shape::ConvexMesh(wolfe::ConvexMesh::from_points(&hull).unwrap().into()),
            Shape::Inflated(Box::new(
                wolfe::Inflated::new(Shape::from(Cuboid::new([0.03, 0.03, 0.03]).unwrap()), 0.01).unwrap(),
            )),
        ];
        let unit = |rng: &mut rand_chacha::ChaCha8Rng| {
            Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            )
            .normalize()
        };
        let margin = 0.02;
        let probe = ManifoldSettings::default().with_margin(1e3);
        let settings = ManifoldSettings::default().with_margin(margin);
        let (mut culled, mut far) = (0, 0);
        for case in 0..4000 {
            let shape = &shapes[case % shapes.len()];
            // Half the planes axis-aligned (the ground), half random.
            let normal = if case % 2 == 0 { Vec3::z() } else { unit(&mut rng) };
            let plane = HalfSpace::new(normal, rng.random_range(-2.0..2.0)).unwrap();
            let rotation = if case % 4 == 0 {
                wolfe::Quat::identity()
            } else {
                wolfe::Quat::from_scaled_axis(3.0 * unit(&mut rng))
            };
            let mut pose = Pose::new(rng.random_range(-3.0..3.0) * unit(&mut rng), rotation);
            // The shape's signed distance to the plane, then moved to the target gap.
            let gap = |pose: &Pose| {
                halfspace_manifold(&plane, shape, pose, &probe)
                    .unwrap()
                    .expect("within the probe's margin")
                    .points()
                    .iter()
                    .map(|p| p.signed_distance)
                    .fold(f64::INFINITY, f64::min)
            };
            let target = match case % 3 {
                0 => rng.random_range(-0.05..0.5),
                _ => margin * (1.0 + rng.random_range(-64.0..64.0) * f64::EPSILON),
            };
            for _ in 0..2 {
                pose.translation += (target - gap(&pose)) * plane.normal();
            }
            let aabb = shape.local_aabb().transformed(&pose);
            let query = halfspace_manifold(&plane, shape, &pose, &settings).unwrap();
            if beyond_halfspace(&plane, &aabb, margin) {
                culled += 1;
                assert!(query.is_none(), "case {case}: culled a contact at {target}");
            }
            if case % 3 == 0 && target > 2.0 * margin {
                far += 1;
            }
        }
        // Most shapes far beyond the margin are culled (a rotated box's world box
        // reaches below the shape, so not all).
        assert!(culled * 2 > far, "{culled} culled of {far} far");
    }
}
