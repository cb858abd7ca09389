//! Convex polytopes as pure geometry: loading (OBJ, STL), exact convex hull, vertex
//! adjacency, the hill-climbing graph of support vertices and its cold-start seeds. It
//! knows nothing of shapes: the support map of a [`ConvexMesh`] is in `shape/`.
//!
//! - [`ConvexMesh`]: the type (`convex_mesh.rs`); support vertices by hill climbing
//!   (`support.rs`) or by brute force over the vertices stored in pairs (`scan.rs`).
//! - Hull: exact quickhull (`quickhull.rs`), lower-dimensional hulls (`hull2d.rs`),
//!   dispatch on the affine dimension (`hull.rs`), predicates (`predicates.rs`).
//! - Cold-start seeds of the climbs: a cube map of support vertices (`seeds.rs`).
//! - The deepest vertices in a direction, by a best-first walk from the support vertex
//!   (`cap.rs`).
//! - The facet normal most aligned with a direction, through a grid of the normals
//!   (`normal_grid.rs`).
//! - Files: [`ConvexMesh::from_obj`], [`ConvexMesh::from_stl`] (`io.rs`).

mod adjacency;
mod cap;
mod convex_mesh;
mod hull;
mod hull2d;
pub(crate) mod io;
mod normal_grid;
mod predicates;
mod quickhull;
mod scan;
mod seeds;
mod support;

pub(crate) use convex_mesh::FACET_MAX_VERTICES;
pub use convex_mesh::{ConvexMesh, SUPPORT_BRUTE_FORCE_MAX_VERTICES};
