//! The composite geometries as trees of boxes ([`View`] as a [`BoxTree`]) for the
//! two-tree walk of `walk.rs`, and the close primitive pairs of two geometries.

use std::ops::ControlFlow;

use super::bvh::BvhNode;
use super::geometry::{Geometry, View};
use super::walk::{traverse, BoxTree};
use crate::math::{Aabb, Pose};

impl BoxTree for View<'_> {
    #[inline]
    fn pose(&self) -> &Pose {
        self.pose
    }

    #[inline]
    fn node(&self, i: u32) -> &BvhNode {
        View::node(self, i)
    }

    #[inline]
    fn items(&self, node: &BvhNode) -> &[u32] {
        View::items(self, node)
    }

    #[inline]
    fn item_aabb(&self, i: u32) -> Aabb {
        View::item_aabb(self, i)
    }
}

// The candidates of a contact query live here, beside the traversal that finds them
// (geometry.rs defines the shapes and their view; it does not import the traversal).
impl Geometry {
    /// The primitive pairs `(i of self, j of other)` whose boxes lie within `bound`
    /// (metres, `>= 0`) of each other, `self` at `pose` and `other` at `other_pose`,
    /// written to `out` (cleared first) in ascending order: the candidates of a contact
    /// query with margin `bound`, found by the BVH traversal of both trees. Nothing is
    /// allocated once `out` has grown.
    pub fn close_pairs(
        &self, pose: &Pose, other: &Geometry, other_pose: &Pose, bound: f64, out: &mut Vec<(u32, u32)>,
    ) {
        out.clear();
        let (va, vb) = (View::new(self, pose), View::new(other, other_pose));
        traverse(&va, &vb, bound, |i, j| {
            out.push((i, j));
            ControlFlow::Continue(bound)
        });
        out.sort_unstable();
    }
}
