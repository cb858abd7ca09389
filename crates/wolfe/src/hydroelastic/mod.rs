//! Hydroelastic contact: the pressure field model (Elandt, Drumwright, Sherman, Ruina,
//! IROS 2019; the SAP paper's ref. \[35\]) with the discrete approximation of its contact
//! patches (Masterjohn, Guoy, Shepherd, Castro 2021; ref. \[36\]), as the SAP paper's
//! Section VI-D uses it.
//!
//! A **compliant** geometry ([`CompliantGeometry`]) is a tetrahedral volume mesh
//! ([`VolumeMesh`]) carrying a pressure field `p = E e`, `E` the hydroelastic modulus
//! and `e` the normalized depth (0 on the surface, 1 deepest), linear on each
//! tetrahedron; [`CompliantGeometry::from_shape`] meshes every wolfe shape. A **rigid**
//! geometry is a surface: a half-space, or a closed triangle mesh ([`surface_mesh`]
//! tessellates any shape; a [`crate::TriMesh`] is used as it is).
//!
//! The **contact surface** ([`ContactSurface`], `surface.rs`) between a compliant
//! geometry and a rigid one, or two compliant ones, is a set of polygons, each with
//! its area, centroid, normal, pressure and the pressure's growth with the approach;
//! each polygon is one compliant point contact of stiffness `A g` at signed distance
//! `-p / g` (\[36\]), which is how the simulator's SAP problem takes it. A broad phase
//! over the tetrahedra (a [`crate::Bvh`]) visits only the tetrahedra that cross the
//! other geometry.

mod field;
mod generate;
mod polygon;
mod surface;
mod tessellate;
mod volume;

pub use field::{CompliantGeometry, LinearField};
pub use generate::MEDIAL_MAX_PLANES;
pub use surface::{compliant_surface, halfspace_surface, rigid_surface, ContactPolygon, ContactSurface};
pub use tessellate::{icosphere, icosphere_level, surface_mesh, surface_polytope, MAX_ICOSPHERE_LEVEL};
pub use volume::{VolumeMesh, MIN_TETRAHEDRON_QUALITY};
