//! Branch and bound over two trees of boxes at once: every pair of items whose boxes lie
//! within a bound is handed to a callback, which may lower the bound (the best distance
//! so far) or stop the walk (an intersection found). Generic over [`BoxTree`]: the
//! composite geometries' views and the hydroelastic volume meshes walk the same way.
//!
//! Both trees' boxes are compared in A's frame: a box of B is mapped by the relative
//! pose to the box around its rotated self (`|R| h` half-extents), so the box distance
//! is a lower bound of the distance of anything inside. Nearer pairs go first (the
//! farther child pair is pushed first), so the bound falls early and prunes most of the
//! rest. The stack is fixed-size ([`BVH_STACK`](super::bvh::BVH_STACK)): no allocation.

use std::ops::ControlFlow;

use super::bvh::{aabb_distance_squared, BvhNode, Stack};
use crate::math::{Aabb, Mat3, Pose, Vec3};

/// A posed tree of item boxes ([`super::Bvh`] nodes over items in the owner's frame).
pub(crate) trait BoxTree {
    /// The owner's pose.
    fn pose(&self) -> &Pose;
    /// Node `i` (the root is 0).
    fn node(&self, i: u32) -> &BvhNode;
    /// The items of a leaf.
    fn items(&self, node: &BvhNode) -> &[u32];
    /// Item `i`'s box in the owner's frame.
    fn item_aabb(&self, i: u32) -> Aabb;
}

/// The map of B-local boxes into A's frame.
#[derive(Clone, Copy)]
pub(crate) struct BoxMap {
    rot: Mat3,
    abs: Mat3,
    t: Vec3,
}

impl BoxMap {
    /// The map for `pose_ab` (B-local to A-local).
    pub(crate) fn new(pose_ab: &Pose) -> Self {
        let rot = pose_ab.rotation.to_rotation_matrix().into_inner();
        Self {
            rot,
            abs: rot.abs(),
            t: pose_ab.translation,
        }
    }

    /// The box in A's frame around the box `b` of B's frame.
    #[inline]
    pub(crate) fn map(&self, b: &Aabb) -> Aabb {
        let c = self.rot * b.center() + self.t;
        let h = self.abs * b.half_extents();
        Aabb::new(c - h, c + h)
    }
}

/// Whether a squared box distance `d2` is within `bound` (a distance, `>= 0`; infinite:
/// everything is).
#[inline]
fn within(d2: f64, bound: f64) -> bool {
    d2 <= bound * bound
}

/// Visits every primitive pair `(item of a, item of b)` whose boxes lie within
/// `*bound` of each other, nearer node pairs first. `leaf` returns the new bound
/// (`Continue`) or stops the traversal (`Break`).
pub(crate) fn traverse<A: BoxTree, B: BoxTree>(
    a: &A, b: &B, mut bound: f64, mut leaf: impl FnMut(u32, u32) -> ControlFlow<(), f64>,
) {
    let map = BoxMap::new(&a.pose().relative(b.pose()));
    let mut stack: Stack<(u32, u32, f64)> = Stack::new();
    let d2 = aabb_distance_squared(&a.node(0).aabb, &map.map(&b.node(0).aabb));
    if !within(d2, bound) {
        return;
    }
    stack.push((0, 0, d2));
    while let Some((ia, ib, d2)) = stack.pop() {
        if !within(d2, bound) {
            continue;
        }
        let (na, nb) = (a.node(ia), b.node(ib));
        if na.is_leaf() && nb.is_leaf() {
            match leaf_pairs(a, b, na, nb, &map, bound, &mut leaf) {
                ControlFlow::Continue(new_bound) => bound = new_bound,
                ControlFlow::Break(()) => return,
            }
            continue;
        }
        let split_a = !na.is_leaf() && (nb.is_leaf() || size(&na.aabb) >= size(&nb.aabb));
        let pairs = if split_a {
            [(na.first, ib), (na.first + 1, ib)]
        } else {
            [(ia, nb.first), (ia, nb.first + 1)]
        };
        let [p0, p1] = pairs.map(|(i, j)| {
            let d2 = aabb_distance_squared(&a.node(i).aabb, &map.map(&b.node(j).aabb));
            (i, j, d2)
        });
        let (near, far) = if p0.2 <= p1.2 { (p0, p1) } else { (p1, p0) };
        if within(far.2, bound) {
            stack.push(far);
        }
        if within(near.2, bound) {
            stack.push(near);
        }
    }
}

/// The item pairs of two leaves within the bound, tested on the items' own boxes first.
#[inline]
fn leaf_pairs<A: BoxTree, B: BoxTree>(
    a: &A, b: &B, na: &BvhNode, nb: &BvhNode, map: &BoxMap, mut bound: f64,
    leaf: &mut impl FnMut(u32, u32) -> ControlFlow<(), f64>,
) -> ControlFlow<(), f64> {
    let (items_a, items_b) = (a.items(na), b.items(nb));
    for &j in items_b {
        let box_b = map.map(&b.item_aabb(j));
        for &i in items_a {
            if within(aabb_distance_squared(&a.item_aabb(i), &box_b), bound) {
                bound = leaf(i, j)?;
            }
        }
    }
    ControlFlow::Continue(bound)
}

/// A box's size for the split choice: the sum of its extents.
#[inline]
fn size(b: &Aabb) -> f64 {
    let e = b.max - b.min;
    e.x + e.y + e.z
}
