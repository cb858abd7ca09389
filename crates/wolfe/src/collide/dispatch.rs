//! The one dispatch from a pair of [`Shape`]s to code generic in their concrete types.
//!
//! Every query on `&Shape` (distance, intersection, signed distance, contact, manifold,
//! growth) states what it does on a concrete pair as a [`PairVisitor`] and calls
//! [`dispatch`] once at its boundary: one two-level `match` per query, and the
//! visitor's loop monomorphized per pair of shape types (64 pairs), so that no support
//! call of a hot loop goes through a `match`. Adding a shape kind touches this file and
//! `shape/`, nothing else in the narrow phase.

use crate::shape::{ConvexShape, Shape};

/// Code generic in the concrete shape types of a pair, run by [`dispatch`].
pub(crate) trait PairVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the concrete shapes (monomorphized per pair).
    fn visit<A: ConvexShape + ?Sized, B: ConvexShape + ?Sized>(self, a: &A, b: &B) -> Self::Output;
}

/// Dispatches on A's concrete type, then B's, and runs the visitor on the pair.
pub(crate) fn dispatch<V: PairVisitor>(a: &Shape, b: &Shape, v: V) -> V::Output {
    match a {
        Shape::Sphere(s) => dispatch_b(s, b, v),
        Shape::Ellipsoid(s) => dispatch_b(s, b, v),
        Shape::Cuboid(s) => dispatch_b(s, b, v),
        Shape::Capsule(s) => dispatch_b(s, b, v),
        Shape::Cylinder(s) => dispatch_b(s, b, v),
        Shape::Cone(s) => dispatch_b(s, b, v),
        Shape::ConvexMesh(s) => dispatch_b(s.as_ref(), b, v),
        Shape::Inflated(s) => dispatch_b(s.as_ref(), b, v),
    }
}

/// The second level of [`dispatch`]: B's concrete type, with A's already known.
pub(crate) fn dispatch_b<A: ConvexShape + ?Sized, V: PairVisitor>(a: &A, b: &Shape, v: V) -> V::Output {
    match b {
        Shape::Sphere(s) => v.visit(a, s),
        Shape::Ellipsoid(s) => v.visit(a, s),
        Shape::Cuboid(s) => v.visit(a, s),
        Shape::Capsule(s) => v.visit(a, s),
        Shape::Cylinder(s) => v.visit(a, s),
        Shape::Cone(s) => v.visit(a, s),
        Shape::ConvexMesh(s) => v.visit(a, s.as_ref()),
        Shape::Inflated(s) => v.visit(a, s.as_ref()),
    }
}
