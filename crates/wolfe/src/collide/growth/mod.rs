//! Growth distance between convex sets: the ray-intersection algorithm of Thirugnanam &
//! Sreenath, "A Ray Intersection Algorithm for Fast Growth Distance Computation Between
//! Convex Sets" (`papers/growth_distance_ray_intersection.txt`).
//!
//! The growth distance `alpha*` of two shapes is the smallest factor by which both,
//! scaled about their centre points, intersect (Def. 3): `alpha* < 1` when they overlap,
//! `> 1` when they are separated. It is the inverse of the ray intersection value
//! `beta* = max {beta : beta p in C}` on `C = (A - c_a) - (B - c_b)`, `p = c_b - c_a`
//! (Prop. 1), computed with inner (vertex) and outer (halfspace) polyhedral
//! approximations of `C` (Alg. 1-3), warm start (Sec. III-F.3) and collision test with
//! early exit (Sec. III-F.4).
//!
//! - `core.rs`: the dimension-generic loop (`N = 2, 3`), the robust simplex pivot.
//! - `newton.rs`: Newton's method on the dual plane for smooth pairs (spheres,
//!   ellipsoids), with the same certificate; the loop is its fallback.
//! - `frame.rs`: [`CenterPoint`] and the query in A's frame (the ray between the centres).
//! - `answer.rs`: the outputs, the certified bounds of either method and their world-frame
//!   form.
//! - `settings.rs`: [`GrowthSettings`] and [`GrowthStatus`].
//! - `query.rs`: 3D queries on [`crate::shape::Shape`] ([`GrowthSolver`]).
//! - `planar.rs`: 2D shapes and queries ([`growth_distance_2d`], [`growth_collide_2d`]).
//!
//! **Centre points** (the answer depends on them): by default each shape's
//! [`crate::shape::ConvexShape::center`], the local origin of a primitive and the mean of the
//! hull vertices of a mesh, with the shape's [`crate::shape::ConvexShape::inradius`] about it.
//! Explicit centres go through [`CenterPoint`].
//!
//! ```
//! use wolfe::{GrowthSettings, GrowthSolver, Pose, Shape, Sphere};
//!
//! let a: Shape = Sphere::new(0.5).unwrap().into();
//! let b: Shape = Sphere::new(1.5).unwrap().into();
//! let pose_b = Pose::from_parts([4.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]).unwrap();
//! let mut solver = GrowthSolver::new(GrowthSettings::default()).unwrap();
//! let out = solver.growth_distance(&a, &Pose::identity(), &b, &pose_b, None, None).unwrap();
//! // Two spheres: alpha* = |c_b - c_a| / (r_a + r_b).
//! assert!((out.alpha - 2.0).abs() < 1e-7);
//! ```

mod answer;
mod core;
mod frame;
mod newton;
mod planar;
mod query;
mod settings;

pub use self::core::{GrowthIterate, GrowthTrace};
pub use answer::{GrowthCollisionOutput, GrowthOutput};
pub use frame::CenterPoint;
pub use planar::{
    growth_collide_2d, growth_distance_2d, growth_distance_2d_traced, GrowthCollisionOutput2, GrowthOutput2,
    Polygon, Pose2, Shape2, Vec2,
};
pub use query::{growth_collide, growth_distance, GrowthSolver};
pub use settings::{GrowthSettings, GrowthStatus};
