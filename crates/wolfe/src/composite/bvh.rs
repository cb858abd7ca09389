//! A bounding-volume hierarchy of axis-aligned boxes over a set of items (triangles of a
//! [`super::TriMesh`], parts of a [`super::Compound`]), built once and queried without
//! allocation.
//!
//! Build: top-down, each node split at the median of its items' box centres along the
//! longest axis of those centres' box (`select_nth_unstable`, `O(n log n)` in all),
//! until a node holds at most [`BVH_LEAF_SIZE`] items. Median splits keep the tree
//! balanced, so its depth is at most `ceil(log2(n / BVH_LEAF_SIZE)) + 1`, which bounds
//! the traversal stacks below ([`BVH_MAX_DEPTH`]).
//!
//! Nodes are stored flat, children of a node next to each other, so a traversal is a
//! loop over `u32` indices with a fixed-size stack ([`BVH_STACK`]): no allocation per
//! query. Traversals prune by a lower bound on the distance between boxes against the
//! best distance found so far (branch and bound), visiting nearer children first.

use crate::math::{Aabb, Vec3};

/// Most items in a leaf. Four keeps the tree shallow (half the nodes of a leaf size of
/// two) while a leaf's tests stay cheaper than a descent.
pub const BVH_LEAF_SIZE: usize = 4;

/// A bound on the depth of any tree [`Bvh::build`] makes: median splits halve the item
/// count per level, so a tree over `n <= u32::MAX` items has depth at most
/// `ceil(log2(2^32 / 1)) + 1 = 33`; 64 leaves room.
pub const BVH_MAX_DEPTH: usize = 64;

/// Capacity of a traversal stack: a depth-first traversal of one tree keeps at most one
/// pending sibling per level (`BVH_MAX_DEPTH`); a traversal of two trees at once descends
/// one of them per step, so at most one pending pair per level of either tree
/// (`2 BVH_MAX_DEPTH`).
pub const BVH_STACK: usize = 2 * BVH_MAX_DEPTH;

/// One node: its box, and either two children (`count == 0`: children at `first` and
/// `first + 1`) or a leaf (`count > 0`: items `order[first..first + count]`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BvhNode {
    /// The box around every item below the node, in the owner's local frame.
    pub aabb: Aabb,
    /// First child, or first entry of the leaf's items in [`Bvh::items`].
    pub first: u32,
    /// Number of items of a leaf; 0 for an inner node.
    pub count: u32,
}

impl BvhNode {
    /// Whether the node is a leaf.
    #[inline]
    pub fn is_leaf(&self) -> bool {
        self.count > 0
    }
}

/// A bounding-volume hierarchy over item boxes (see the module documentation).
#[derive(Clone, Debug)]
pub struct Bvh {
    nodes: Vec<BvhNode>,
    order: Vec<u32>,
}

impl Bvh {
    /// Builds the tree over `boxes` (item `i` has box `boxes[i]`), in `O(n log n)`.
    /// An empty slice gives an empty tree (no nodes); callers reject empty inputs first.
    pub fn build(boxes: &[Aabb]) -> Self {
        let n = boxes.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        let mut nodes = Vec::with_capacity((2 * n / BVH_LEAF_SIZE + 1).max(1));
        if n == 0 {
            return Self { nodes, order };
        }
        let centres: Vec<Vec3> = boxes.iter().map(Aabb::center).collect();
        nodes.push(leaf_node(boxes, &order, 0, n));
        // Explicit work list of (node, range start, range end): no recursion.
        let mut work = vec![(0usize, 0usize, n)];
        while let Some((node, start, end)) = work.pop() {
            if end - start <= BVH_LEAF_SIZE {
                continue;
            }
            let items = &mut order[start..end];
            let axis = widest_axis(items, &centres);
            let mid = items.len() / 2;
            items.select_nth_unstable_by(mid, |&i, &j| {
                centres[i as usize][axis].total_cmp(&centres[j as usize][axis])
            });
            let left = nodes.len();
            nodes.push(leaf_node(boxes, &order, start, start + mid));
            nodes.push(leaf_node(boxes, &order, start + mid, end));
            nodes[node].first = left as u32;
            nodes[node].count = 0;
            work.push((left, start, start + mid));
            work.push((left + 1, start + mid, end));
        }
        nodes.shrink_to_fit();
        Self { nodes, order }
    }

    /// The nodes; the root is node 0 (absent for an empty tree).
    #[inline]
    pub fn nodes(&self) -> &[BvhNode] {
        &self.nodes
    }

    /// The item indices of a leaf node.
    #[inline]
    pub fn items(&self, node: &BvhNode) -> &[u32] {
        &self.order[node.first as usize..(node.first + node.count) as usize]
    }

    /// The box around everything (the root's), `None` for an empty tree.
    pub fn root_aabb(&self) -> Option<Aabb> {
        self.nodes.first().map(|n| n.aabb)
    }

    /// Memory held by the tree, in bytes (nodes and the item order).
    pub fn memory_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<BvhNode>() + self.order.capacity() * 4
    }

    /// The depth of the tree (1 for a single leaf, 0 when empty).
    pub fn depth(&self) -> usize {
        fn depth_of(nodes: &[BvhNode], i: usize) -> usize {
            let n = &nodes[i];
            if n.is_leaf() {
                1
            } else {
                1 + depth_of(nodes, n.first as usize).max(depth_of(nodes, n.first as usize + 1))
            }
        }
        if self.nodes.is_empty() {
            0
        } else {
            depth_of(&self.nodes, 0)
        }
    }
}

/// A leaf over `order[start..end]` with the box of those items.
fn leaf_node(boxes: &[Aabb], order: &[u32], start: usize, end: usize) -> BvhNode {
    let mut b = boxes[order[start] as usize];
    for &i in &order[start + 1..end] {
        let o = &boxes[i as usize];
        b.min = b.min.inf(&o.min);
        b.max = b.max.sup(&o.max);
    }
    BvhNode {
        aabb: b,
        first: start as u32,
        count: (end - start) as u32,
    }
}

/// The axis along which the items' centres spread most.
fn widest_axis(items: &[u32], centres: &[Vec3]) -> usize {
    let first = centres[items[0] as usize];
    let (mut lo, mut hi) = (first, first);
    for &i in &items[1..] {
        lo = lo.inf(&centres[i as usize]);
        hi = hi.sup(&centres[i as usize]);
    }
    (hi - lo).imax()
}

/// The squared distance between two boxes (0 when they overlap): a lower bound on the
/// squared distance of anything inside them.
#[inline]
pub fn aabb_distance_squared(a: &Aabb, b: &Aabb) -> f64 {
    let mut d2 = 0.0;
    for k in 0..3 {
        let gap = (a.min[k] - b.max[k]).max(b.min[k] - a.max[k]).max(0.0);
        d2 += gap * gap;
    }
    d2
}

/// A fixed-capacity stack of traversal entries ([`BVH_STACK`]); no allocation.
pub(crate) struct Stack<T: Copy + Default> {
    items: [T; BVH_STACK],
    len: usize,
}

impl<T: Copy + Default> Stack<T> {
    /// An empty stack.
    #[inline]
    pub(crate) fn new() -> Self {
        Self {
            items: [T::default(); BVH_STACK],
            len: 0,
        }
    }

    /// Pushes an entry. The capacity is derived in [`BVH_STACK`]: trees from
    /// [`Bvh::build`] never exceed it.
    #[inline]
    pub(crate) fn push(&mut self, t: T) {
        debug_assert!(self.len < BVH_STACK);
        if self.len < BVH_STACK {
            self.items[self.len] = t;
            self.len += 1;
        }
    }

    /// Pops the last entry.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes(n: usize) -> Vec<Aabb> {
        (0..n)
            .map(|i| {
                let t = i as f64 * 0.37;
                let c = Vec3::new(t.sin() * 3.0, (t * 1.7).cos() * 2.0, t * 0.01);
                Aabb::new(c - Vec3::repeat(0.05), c + Vec3::repeat(0.05))
            })
            .collect()
    }

    /// Every item appears in exactly one leaf, and every node's box holds its items'.
    #[test]
    fn leaves_partition_items_and_boxes_nest() {
        for n in [1, 3, 4, 5, 17, 1000] {
            let b = boxes(n);
            let bvh = Bvh::build(&b);
            let mut seen = vec![0; n];
            let mut stack = vec![0usize];
            while let Some(i) = stack.pop() {
                let node = bvh.nodes()[i];
                if node.is_leaf() {
                    assert!(node.count as usize <= BVH_LEAF_SIZE);
                    for &k in bvh.items(&node) {
                        seen[k as usize] += 1;
                        let kb = b[k as usize];
                        assert!(
                            (0..3).all(|a| node.aabb.min[a] <= kb.min[a] && kb.max[a] <= node.aabb.max[a])
                        );
                    }
                } else {
                    for c in [node.first as usize, node.first as usize + 1] {
                        let cb = bvh.nodes()[c].aabb;
                        assert!(
                            (0..3).all(|a| node.aabb.min[a] <= cb.min[a] && cb.max[a] <= node.aabb.max[a])
                        );
                        stack.push(c);
                    }
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "n = {n}");
            let bound = ((n as f64 / BVH_LEAF_SIZE as f64).log2().ceil().max(0.0)) as usize + 1;
            assert!(bvh.depth() <= bound, "depth {} > {bound}", bvh.depth());
        }
        assert!(Bvh::build(&[]).nodes().is_empty());
    }

    #[test]
    fn box_distance_is_exact_for_axis_gaps() {
        let a = Aabb::new(Vec3::zeros(), Vec3::repeat(1.0));
        let b = Aabb::new(Vec3::new(2.0, 3.0, 0.5), Vec3::new(3.0, 4.0, 0.7));
        assert!((aabb_distance_squared(&a, &b) - 5.0).abs() < 1e-15);
        assert_eq!(aabb_distance_squared(&a, &a), 0.0);
    }
}
