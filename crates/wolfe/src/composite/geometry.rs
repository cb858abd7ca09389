//! [`Geometry`]: a convex shape, a compound or a triangle mesh, and the uniform view of
//! each as a tree of convex primitives that the queries traverse.

use std::sync::Arc;

use super::bvh::BvhNode;
use super::compound::Compound;
use super::pair::Prim;
use super::trimesh::TriMesh;
use crate::error::WolfeError;
use crate::math::{Aabb, Pose};
use crate::shape::{ConvexShape, MassProperties, Shape};

/// Any geometry a composite query takes: a convex [`Shape`] (the convex queries'
/// type, kept convex), a [`Compound`] of convex parts or a [`TriMesh`]. The composites
/// are shared (`Arc`), since they are large and built once.
#[derive(Clone, Debug)]
pub enum Geometry {
    /// One convex shape.
    Convex(Shape),
    /// Convex parts at local poses.
    Compound(Arc<Compound>),
    /// A triangle mesh as given.
    TriMesh(Arc<TriMesh>),
}

impl Geometry {
    /// A short name of the kind of geometry, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Geometry::Convex(_) => "convex shape",
            Geometry::Compound(_) => "compound",
            Geometry::TriMesh(_) => "triangle mesh",
        }
    }

    /// The local box around the whole geometry.
    pub fn local_aabb(&self) -> Aabb {
        match self {
            Geometry::Convex(s) => s.local_aabb(),
            Geometry::Compound(c) => c.local_aabb(),
            Geometry::TriMesh(m) => m.local_aabb(),
        }
    }

    /// The convex shape, or [`WolfeError::ConvexOnly`] naming `query` for a composite:
    /// the gate of queries defined for convex shapes only (growth distance).
    pub fn as_convex(&self, query: &'static str) -> Result<&Shape, WolfeError> {
        match self {
            Geometry::Convex(s) => Ok(s),
            _ => Err(WolfeError::ConvexOnly {
                query,
                geometry: self.kind(),
            }),
        }
    }

    /// Mass properties filled with `density`: [`Shape::mass_properties`],
    /// [`Compound::mass_properties`] or [`TriMesh::mass_properties`] (closed meshes only).
    pub fn mass_properties(&self, density: f64) -> Result<MassProperties, WolfeError> {
        match self {
            Geometry::Convex(s) => s.mass_properties(density),
            Geometry::Compound(c) => c.mass_properties(density),
            Geometry::TriMesh(m) => m.mass_properties(density),
        }
    }

    /// The world pose of primitive `i` for the geometry at `pose`: the geometry's own
    /// pose for a convex shape and for a mesh's triangles (given in the mesh's frame),
    /// `pose * part.pose` for a compound's part. Out-of-range parts get `pose`.
    pub fn primitive_pose(&self, pose: &Pose, i: u32) -> Pose {
        match self {
            Geometry::Compound(c) => c.parts().get(i as usize).map_or(*pose, |p| pose.compose(&p.pose)),
            Geometry::Convex(_) | Geometry::TriMesh(_) => *pose,
        }
    }

    /// The radius of a ball about primitive `i`'s frame origin (see
    /// [`Geometry::primitive_pose`]) that holds the primitive: the farthest corner of its
    /// local box (a shape's, a part's own shape's, a triangle's in the mesh frame).
    pub fn primitive_radius(&self, i: u32) -> f64 {
        let b = match self {
            Geometry::Convex(s) => s.local_aabb(),
            Geometry::Compound(c) => c
                .parts()
                .get(i as usize)
                .map_or_else(|| c.local_aabb(), |p| p.shape.local_aabb()),
            Geometry::TriMesh(m) => m.triangle(i).aabb(),
        };
        b.min.abs().sup(&b.max.abs()).norm()
    }

    /// The friction coefficient of primitive `i` where it has its own (a compound part's
    /// [`CompoundPart::friction`](super::CompoundPart::friction)), else `None`.
    pub fn primitive_friction(&self, i: u32) -> Option<f64> {
        match self {
            Geometry::Compound(c) => c.parts().get(i as usize).and_then(|p| p.friction),
            Geometry::Convex(_) | Geometry::TriMesh(_) => None,
        }
    }

    /// How many convex primitives it has (1, parts, triangles).
    pub fn primitive_count(&self) -> usize {
        match self {
            Geometry::Convex(_) => 1,
            Geometry::Compound(c) => c.parts().len(),
            Geometry::TriMesh(m) => m.triangles().len(),
        }
    }
}

impl From<Shape> for Geometry {
    fn from(s: Shape) -> Self {
        Geometry::Convex(s)
    }
}
impl From<Compound> for Geometry {
    fn from(c: Compound) -> Self {
        Geometry::Compound(Arc::new(c))
    }
}
impl From<TriMesh> for Geometry {
    fn from(m: TriMesh) -> Self {
        Geometry::TriMesh(Arc::new(m))
    }
}

/// The one item of a convex shape's one-leaf tree.
static SINGLE: [u32; 1] = [0];

/// A posed geometry seen as a tree of boxes over convex primitives (a convex shape is
/// a tree of one leaf).
#[derive(Clone, Copy)]
pub(crate) struct View<'g> {
    geometry: &'g Geometry,
    pub(crate) pose: &'g Pose,
    /// The root of a convex shape's one-leaf tree.
    single: BvhNode,
}

impl<'g> View<'g> {
    pub(crate) fn new(geometry: &'g Geometry, pose: &'g Pose) -> Self {
        let single = BvhNode {
            aabb: geometry.local_aabb(),
            first: 0,
            count: 1,
        };
        Self {
            geometry,
            pose,
            single,
        }
    }

    /// Node `i` (the root is 0).
    #[inline]
    pub(crate) fn node(&self, i: u32) -> &BvhNode {
        match self.geometry {
            Geometry::Convex(_) => &self.single,
            Geometry::Compound(c) => &c.bvh().nodes()[i as usize],
            Geometry::TriMesh(m) => &m.bvh().nodes()[i as usize],
        }
    }

    /// The items of a leaf.
    #[inline]
    pub(crate) fn items(&self, node: &BvhNode) -> &'g [u32] {
        match self.geometry {
            Geometry::Convex(_) => &SINGLE,
            Geometry::Compound(c) => c.bvh().items(node),
            Geometry::TriMesh(m) => m.bvh().items(node),
        }
    }

    /// Item `i`'s box in the geometry's frame.
    #[inline]
    pub(crate) fn item_aabb(&self, i: u32) -> Aabb {
        match self.geometry {
            Geometry::Convex(_) => self.single.aabb,
            Geometry::Compound(c) => *c.part_aabb(i),
            Geometry::TriMesh(m) => m.triangle(i).aabb(),
        }
    }

    /// Item `i` as a posed primitive.
    #[inline]
    pub(crate) fn prim(&self, i: u32) -> Prim<'g> {
        match self.geometry {
            Geometry::Convex(s) => Prim::Shape(s, *self.pose),
            Geometry::Compound(c) => {
                let part = &c.parts()[i as usize];
                Prim::Shape(&part.shape, self.pose.compose(&part.pose))
            }
            Geometry::TriMesh(m) => Prim::Tri(m.triangle(i), *self.pose),
        }
    }
}
