//! Settings that are physically unreasonable, warned about before a run starts: a time
//! step much larger than the scene's smallest contact time scale.
//!
//! A body's contact time scale is the shortest time in which its contacts can form or
//! break: the time to fall its own smallest half-extent `h` from rest under gravity,
//! `sqrt(2 h / |g|)`, and the time to cross `h` at its initial speed, `h / |v|`. Contact
//! detection looks one step ahead (speculative contacts, SAP paper Section V) and the
//! near-rigid regime sets the contact's compliance from the step (Eq. 29), so a step
//! longer than these scales lets a body pass through another between two steps.

use wolfe_sim::World;

/// How many times the smallest contact time scale a step may be before the warning.
pub const DT_WARNING_FACTOR: f64 = 10.0;

/// The smallest contact time scale of the world's free bodies, in seconds, with the name
/// of the body that has it; `None` when no body moves (no gravity, no velocity) or the
/// world has no free body.
pub fn smallest_contact_time_scale(world: &World) -> Option<(f64, String)> {
    let g = world.gravity.norm();
    world
        .bodies()
        .iter()
        .filter_map(|body| {
            let aabb = body.shape.local_aabb();
            let h = 0.5 * (aabb.max - aabb.min).min();
            let speed = body.linear_velocity.norm();
            let fall = (g > 0.0).then(|| (2.0 * h / g).sqrt());
            let cross = (speed > 0.0).then(|| h / speed);
            let t = match (fall, cross) {
                (Some(a), Some(b)) => a.min(b),
                (a, b) => a.or(b)?,
            };
            (h > 0.0 && t.is_finite()).then(|| (t, body.name.clone()))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

/// The warning for a time step `dt` more than [`DT_WARNING_FACTOR`] times the world's
/// smallest contact time scale, naming both numbers; `None` when the step is reasonable.
pub fn dt_warning(world: &World, dt: f64) -> Option<String> {
    let (t, body) = smallest_contact_time_scale(world)?;
    (dt > DT_WARNING_FACTOR * t).then(|| {
        format!(
            "the time step dt = {dt} s is {:.0}x the scene's smallest contact time scale, \
             {t:.3e} s (body `{body}` falls or moves its own half-size in that time): \
             contacts may be missed and the run may diverge; a step below {:.3e} s is reasonable",
            dt / t,
            t
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wolfe::{Pose, Shape, Sphere};
    use wolfe_sim::{Material, RigidBody};

    fn world_with_ball(radius: f64, velocity: [f64; 3]) -> World {
        let mut world = World::new(wolfe::Vec3::new(0.0, 0.0, -9.81));
        world.add_ground(Material::default()).unwrap();
        let shape: Shape = Sphere::new(radius).unwrap().into();
        let props = shape.mass_properties(1000.0).unwrap();
        let mut body = RigidBody::new("ball", shape, props.mass, props.inertia, Pose::identity());
        body.linear_velocity = wolfe::Vec3::from(velocity);
        world.add_body(body).unwrap();
        world
    }

    #[test]
    fn the_scale_is_the_fall_through_the_half_size_or_the_crossing_time() {
        // A 5 cm ball at rest: sqrt(2 * 0.05 / 9.81).
        let (t, name) = smallest_contact_time_scale(&world_with_ball(0.05, [0.0; 3])).unwrap();
        assert!(
            (t - (0.1f64 / 9.81).sqrt()).abs() < 1e-12 && name == "ball",
            "{t}"
        );
        // At 10 m/s it crosses its radius in 5 ms, faster than it falls it.
        let (t, _) = smallest_contact_time_scale(&world_with_ball(0.05, [10.0, 0.0, 0.0])).unwrap();
        assert!((t - 0.005).abs() < 1e-12, "{t}");
        // Nothing moves: no scale.
        let mut still = World::new(wolfe::Vec3::zeros());
        let shape: Shape = Sphere::new(0.05).unwrap().into();
        let p = shape.mass_properties(1000.0).unwrap();
        still
            .add_body(RigidBody::new("b", shape, p.mass, p.inertia, Pose::identity()))
            .unwrap();
        assert_eq!(smallest_contact_time_scale(&still), None);
    }

    #[test]
    fn the_warning_names_both_numbers_only_beyond_ten_times_the_scale() {
        let world = world_with_ball(0.05, [0.0; 3]);
        let t = (0.1f64 / 9.81).sqrt(); // 0.101 s
        assert_eq!(dt_warning(&world, 0.01), None);
        assert_eq!(dt_warning(&world, 9.9 * t), None);
        let w = dt_warning(&world, 10.0).unwrap();
        assert!(
            w.contains("dt = 10 s") && w.contains("1.010e-1 s") && w.contains("ball"),
            "{w}"
        );
    }
}
