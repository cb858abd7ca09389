//! Non-convex geometry: [`Compound`] (convex parts at local poses) and [`TriMesh`]
//! (triangles as given), each with a bounding-volume hierarchy ([`Bvh`]), and the
//! queries between any two [`Geometry`] values ([`CompositeSolver`]).
//!
//! [`Shape`](crate::Shape) stays convex (as parry keeps `Shape` apart from its composite
//! shapes): a composite is a tree of convex primitives, and every query is exact over
//! primitive pairs:
//!
//! - **distance**: the minimum over primitive pairs, by branch and bound over both
//!   trees (boxes farther than the best distance so far are pruned, and GJK on a
//!   triangle pair stops as soon as Eq. 19's lower bound exceeds it), with the closest
//!   pair's witness points, normal, status and indices;
//! - **intersects**: the first intersecting pair ends the search;
//! - **contacts**: every pair within a margin, each with its own points and normal (a
//!   marble in a bowl touches the wall part or triangles it rests on);
//! - **signed distance**: the distance when apart, else the deepest pair's signed
//!   distance;
//! - **mass properties**: of a compound (parts summed, parallel axis), of a closed
//!   mesh (divergence theorem).
//!
//! Growth distance is defined for convex shapes only: [`Geometry::as_convex`] gives the
//! typed error [`WolfeError::ConvexOnly`](crate::WolfeError::ConvexOnly) for a composite.
//!
//! ## Meshes are surfaces
//! Each triangle is a flat convex set. A distance to a mesh is the distance to its
//! surface; a shape wholly inside a closed mesh is at a positive distance from it (it
//! touches no triangle). A contact with a mesh is a contact with the triangles the
//! shape touches, each on its own: GJK and EPA on the triangle and the shape, so the
//! normal of a penetrating contact is the triangle's separating direction as a solid of
//! zero thickness, which near a triangle's edge may point along the surface (internal
//! edges are not yet filtered with adjacency). For an open mesh this is the only
//! meaning a contact has; for a closed one, the triangles' contacts are those of its
//! boundary. Shapes whose cores stay outside (a sphere's centre above the surface) get
//! the exact normal from the closest point.
//!
//! The whole-geometry queries here start each part pair cold; a caller that keeps part
//! pairs across queries (the simulator keeps one per close part pair) passes each its
//! own [`crate::PairCache`] through [`CompositeSolver::primitive_manifold`].

mod bvh;
mod compound;
#[cfg(feature = "decompose")]
mod decompose;
mod geometry;
mod io;
mod pair;
mod procedural;
mod query;
mod traverse;
mod triangle;
mod trimesh;
mod walk;

pub(crate) use bvh::Stack;
pub use bvh::{aabb_distance_squared, Bvh, BvhNode, BVH_LEAF_SIZE, BVH_MAX_DEPTH, BVH_STACK};
pub use compound::{Compound, CompoundPart};
#[cfg(feature = "decompose")]
pub use decompose::{cache_path, DecomposeSettings};
pub use geometry::Geometry;
pub use io::read_triangles;
pub use query::{CompositeCollision, CompositeContact, CompositeDistance, CompositeSolver};
pub use triangle::Triangle;
pub use trimesh::TriMesh;
pub(crate) use walk::{traverse, BoxTree};
