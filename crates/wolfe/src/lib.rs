//! # wolfe
//!
//! Convex collision detection from the optimization view: GJK is fully-corrective
//! Frank-Wolfe on the Minkowski difference (GJK++, Montaut et al., Sec. II), and the
//! Polyak and Nesterov momentum schemes accelerate it (Sec. III, Alg. 6-7).
//!
//! ```
//! use wolfe::{distance, GjkSettings, Pose, Shape, Sphere, Cuboid};
//!
//! let a: Shape = Sphere::new(0.5).unwrap().into();
//! let b: Shape = Cuboid::new([0.5, 0.5, 0.5]).unwrap().into();
//! let pose_a = Pose::identity();
//! let pose_b = Pose::from_parts([2.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]).unwrap();
//! let out = distance(&a, &pose_a, &b, &pose_b, &GjkSettings::default()).unwrap();
//! assert!((out.distance - 1.0).abs() < 1e-9);
//! ```

pub mod broad;
mod builder;
pub mod collide;
pub mod composite;
pub mod error;
pub mod gradient;
pub mod hydroelastic;
pub mod math;
pub mod mesh;
pub mod shape;

pub use broad::{brute_force_pairs, SweepAndPrune, UniformGrid};
pub use collide::cache::PairCache;
pub use collide::contact::{
    signed_distance, Contact, ContactSolver, SignedDistanceOutput, SignedDistanceSettings,
};
pub use collide::distance::{distance, intersects, CollisionOutput, DistanceOutput, GjkSolver};
pub use collide::epa::{EpaSettings, EpaStatus};
pub use collide::feature::{ContactManifold, ContactPoint, ManifoldSettings};
pub use collide::gjk::{ConvergenceCriterion, GjkSettings, GjkStatus, GjkVariant, Normalization};
pub use collide::growth::{
    growth_collide, growth_distance, CenterPoint, GrowthCollisionOutput, GrowthIterate, GrowthOutput,
    GrowthSettings, GrowthSolver, GrowthStatus, GrowthTrace,
};
pub use collide::halfspace::{halfspace_manifold, HalfSpace};
pub use composite::{
    Bvh, CompositeCollision, CompositeContact, CompositeDistance, CompositeSolver, Compound, CompoundPart,
    Geometry, TriMesh, Triangle,
};
pub use error::{WolfeError, MAX_MAGNITUDE};
pub use gradient::{PoseGradient, PARALLEL_TOLERANCE};
pub use math::{Aabb, Pose, Quat, Vec3};
pub use mesh::ConvexMesh;
pub use shape::MassProperties;
pub use shape::{
    Capsule, Cone, ConvexShape, Cuboid, Cylinder, Ellipsoid, Inflated, ScaledAboutCenter, Shape, Sphere,
    SupportMap,
};

// Every ```rust block of the README compiles and runs as a doc test (issue 22).
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
