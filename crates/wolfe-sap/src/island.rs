//! The islands of a problem: the connected components of its tree graph.
//!
//! Two trees are coupled only by a constraint between them (its second clique,
//! [`crate::constraint::SapConstraint::cliques`]; of the kinds so far only a contact between two trees has
//! one): the momentum matrix A is block diagonal by tree (Eq. 15), and PD controllers,
//! joint limits and couplers act on one tree (Section VII). The cost (24) is therefore a sum of independent convex costs, one per
//! component, each over its own velocities; its minimizer is the union of the
//! components' minimizers, so each component (an island) can be solved alone.
//!
//! [`Islands::find`] computes them with a union-find over the trees and lists, per
//! island, its trees and its constraints of every kind, in the problem's order.
//! All storage is kept between calls: no allocation once it has held as large a problem.

use crate::contact::ContactConstraint;
use crate::coupler::CouplerConstraint;
use crate::error::SapError;
use crate::joint::{JointLimitConstraint, PdControllerConstraint};
use crate::kinds::{for_each_kind, Kind, KindVisitor, NUM_KINDS};
use crate::problem::SapProblem;

/// The islands (connected components of the tree graph) of a problem, with the trees
/// and constraints of each. Islands are numbered in the order of their smallest tree.
#[derive(Debug, Clone, Default)]
pub struct Islands {
    /// Union-find parent of each tree (a root is its own parent).
    parent: Vec<usize>,
    /// The island of each tree.
    island_of_tree: Vec<usize>,
    /// The position of each tree in its island's list of trees.
    local: Vec<usize>,
    /// Per island, ranges into the lists below (compressed, `len + 1` entries each).
    tree_start: Vec<usize>,
    trees: Vec<usize>,
    /// Per kind (by [`Kind::INDEX`]), the same for its constraints.
    item_start: [Vec<usize>; NUM_KINDS],
    items: [Vec<usize>; NUM_KINDS],
    /// The edges of the graph (scratch).
    edges: Vec<(usize, usize)>,
    /// Generalized velocities per island.
    dofs: Vec<usize>,
    /// Contacts between two trees left out of the graph whose trees ended in
    /// different islands (see [`Islands::find_with`]).
    cut: Vec<usize>,
    /// Scratch: the next free slot of each island while bucketing.
    cursor: Vec<usize>,
}

impl Islands {
    /// No islands (storage grows on first use).
    pub fn new() -> Self {
        Self::default()
    }

    /// The root of tree `t`, with path halving.
    fn root(&mut self, mut t: usize) -> usize {
        while self.parent[t] != t {
            self.parent[t] = self.parent[self.parent[t]];
            t = self.parent[t];
        }
        t
    }

    /// The connected components of the graph on `num_trees` vertices with the given
    /// edges (pairs of tree indices, each `< num_trees`): fills the island of every
    /// tree and the trees of every island. Constraint lists are left empty; use
    /// [`Islands::find`] for a problem.
    ///
    /// # Errors
    /// [`SapError::IslandEdge`] if an edge names a vertex `>= num_trees`; the islands
    /// are then empty.
    pub fn connect(
        &mut self, num_trees: usize, edges: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<(), SapError> {
        self.parent.clear();
        self.parent.extend(0..num_trees);
        for (edge, (a, b)) in edges.into_iter().enumerate() {
            if a >= num_trees || b >= num_trees {
                self.parent.clear();
                self.island_of_tree.clear();
                self.dofs.clear();
                return Err(SapError::IslandEdge {
                    edge,
                    trees: (a, b),
                    num_trees,
                });
            }
            let (ra, rb) = (self.root(a), self.root(b));
            // The smaller index becomes the root: the root of a component is its
            // smallest tree, which numbers the islands in that order below.
            if ra < rb {
                self.parent[rb] = ra;
            } else if rb < ra {
                self.parent[ra] = rb;
            }
        }
        self.island_of_tree.clear();
        self.island_of_tree.resize(num_trees, usize::MAX);
        let mut count = 0;
        for t in 0..num_trees {
            let r = self.root(t);
            // r <= t, so the root's island is already numbered unless r == t.
            let island = if r == t {
                count += 1;
                count - 1
            } else {
                self.island_of_tree[r]
            };
            self.island_of_tree[t] = island;
        }
        let (island_of, cursor) = (&self.island_of_tree, &mut self.cursor);
        bucket(
            count,
            island_of.iter().map(|&i| Some(i)),
            cursor,
            &mut self.tree_start,
            &mut self.trees,
        );
        self.local.clear();
        self.local.resize(num_trees, 0);
        for i in 0..count {
            for (k, &t) in self.trees[self.tree_start[i]..self.tree_start[i + 1]]
                .iter()
                .enumerate()
            {
                self.local[t] = k;
            }
        }
        self.dofs.clear();
        self.dofs.resize(count, 0);
        for (start, items) in self.item_start.iter_mut().zip(&mut self.items) {
            start.clear();
            start.resize(count + 1, 0);
            items.clear();
        }
        self.cut.clear();
        Ok(())
    }

    /// The islands of `problem`: trees coupled by two-tree constraints, and per island
    /// its trees, its constraints of every kind (each in the problem's order) and
    /// number of velocities.
    pub fn find(&mut self, problem: &SapProblem) {
        self.find_with(problem, |_| true);
    }

    /// As [`Islands::find`], with only the two-tree contacts `c` for which
    /// `couples(c)` holds as edges of the graph (every other two-tree constraint is
    /// one). A contact left out whose trees are still connected (by other contacts)
    /// belongs to their island; one whose trees end in different islands belongs to
    /// none and is listed by [`Islands::cut_contacts`]. The islands are then those of
    /// the problem without the cut contacts: the whole problem's minimizer when the cut
    /// contacts' impulses vanish there.
    pub fn find_with(&mut self, problem: &SapProblem, couples: impl Fn(usize) -> bool) {
        struct Edges<'a, F>(&'a mut Vec<(usize, usize)>, &'a SapProblem, F);
        impl<F: Fn(usize) -> bool> KindVisitor for Edges<'_, F> {
            fn visit<C: Kind>(&mut self) -> Result<(), SapError> {
                let contacts = C::INDEX == ContactConstraint::INDEX;
                for (k, c) in self.1.list::<C>().iter().enumerate() {
                    if let (a, Some(b)) = c.cliques() {
                        if !contacts || (self.2)(k) {
                            self.0.push((a, b));
                        }
                    }
                }
                Ok(())
            }
        }
        let mut edges = std::mem::take(&mut self.edges);
        edges.clear();
        let _ = for_each_kind(&mut Edges(&mut edges, problem, couples));
        self.connect(problem.trees().len(), edges.iter().copied())
            .unwrap_or_else(|_| unreachable!("a validated problem's constraints name its trees"));
        self.edges = edges;
        let _ = for_each_kind(&mut Bucket(self, problem));
        for (t, tree) in problem.trees().iter().enumerate() {
            self.dofs[self.island_of_tree[t]] += tree.dofs();
        }
    }

    /// The constraints of kind `kind` ([`Kind::INDEX`]) in island `i`, increasing.
    pub(crate) fn items(&self, kind: usize, i: usize) -> &[usize] {
        let start = &self.item_start[kind];
        &self.items[kind][start[i]..start[i + 1]]
    }

    /// Fills `out` with island `i` of `problem` (the problem these islands were found
    /// for): its trees and constraints, with tree indices local to the island
    /// ([`Islands::local_index`]).
    pub(crate) fn fill_problem(&self, problem: &SapProblem, i: usize, out: &mut SapProblem) {
        out.fill_part(
            problem,
            self.trees(i),
            |kind| self.items(kind, i),
            |t| self.local[t],
        );
    }

    /// Number of islands.
    pub fn len(&self) -> usize {
        self.dofs.len()
    }

    /// Whether there is no island (no tree).
    pub fn is_empty(&self) -> bool {
        self.dofs.is_empty()
    }

    /// The island of tree `t`.
    pub fn island_of_tree(&self, t: usize) -> usize {
        self.island_of_tree[t]
    }

    /// The position of tree `t` in the list [`Islands::trees`] of its island (its index
    /// in the island's own problem).
    pub fn local_index(&self, t: usize) -> usize {
        self.local[t]
    }

    /// The trees of island `i`, increasing.
    pub fn trees(&self, i: usize) -> &[usize] {
        &self.trees[self.tree_start[i]..self.tree_start[i + 1]]
    }

    /// The contacts of island `i`, increasing.
    pub fn contacts(&self, i: usize) -> &[usize] {
        self.items(ContactConstraint::INDEX, i)
    }

    /// The PD controllers of island `i`, increasing.
    pub fn pd_controllers(&self, i: usize) -> &[usize] {
        self.items(PdControllerConstraint::INDEX, i)
    }

    /// The joint limits of island `i`, increasing.
    pub fn joint_limits(&self, i: usize) -> &[usize] {
        self.items(JointLimitConstraint::INDEX, i)
    }

    /// The couplers of island `i`, increasing.
    pub fn couplers(&self, i: usize) -> &[usize] {
        self.items(CouplerConstraint::INDEX, i)
    }

    /// The contacts between two islands left out by [`Islands::find_with`], increasing.
    pub fn cut_contacts(&self) -> &[usize] {
        &self.cut
    }

    /// The number of generalized velocities of island `i`.
    pub fn dofs(&self, i: usize) -> usize {
        self.dofs[i]
    }

    /// Whether island `i` has at least one constraint (otherwise its minimizer is
    /// v = v*, with no Newton iteration).
    pub fn is_constrained(&self, i: usize) -> bool {
        (0..NUM_KINDS).any(|kind| !self.items(kind, i).is_empty())
    }
}

/// Buckets the constraints of every kind by island; a constraint whose two trees are
/// in different islands (a cut contact: the only kind left out of the graph) goes to
/// [`Islands::cut_contacts`].
struct Bucket<'a>(&'a mut Islands, &'a SapProblem);

impl KindVisitor for Bucket<'_> {
    fn visit<C: Kind>(&mut self) -> Result<(), SapError> {
        let islands = &mut *self.0;
        let list = self.1.list::<C>();
        let island_of = &islands.island_of_tree;
        let island_of_item = |c: &C| match c.cliques() {
            (a, Some(b)) if island_of[b] != island_of[a] => None,
            (a, _) => Some(island_of[a]),
        };
        if C::INDEX == ContactConstraint::INDEX {
            islands.cut.clear();
            islands.cut.extend(
                list.iter()
                    .enumerate()
                    .filter(|(_, c)| island_of_item(c).is_none())
                    .map(|(k, _)| k),
            );
        }
        bucket(
            islands.dofs.len(),
            list.iter().map(island_of_item),
            &mut islands.cursor,
            &mut islands.item_start[C::INDEX],
            &mut islands.items[C::INDEX],
        );
        Ok(())
    }
}

/// Counting sort of the items `0..` by their island (`None`: in no island): `start`
/// gets `count + 1` offsets and `list` the items grouped by island, in increasing order
/// within each island.
fn bucket(
    count: usize, island_of_item: impl Iterator<Item = Option<usize>> + Clone, cursor: &mut Vec<usize>,
    start: &mut Vec<usize>, list: &mut Vec<usize>,
) {
    start.clear();
    start.resize(count + 1, 0);
    let mut n = 0;
    for i in island_of_item.clone().flatten() {
        start[i + 1] += 1;
        n += 1;
    }
    for i in 0..count {
        start[i + 1] += start[i];
    }
    cursor.clear();
    cursor.extend_from_slice(&start[..count]);
    list.clear();
    list.resize(n, 0);
    for (item, i) in island_of_item.enumerate() {
        let Some(i) = i else { continue };
        list[cursor[i]] = item;
        cursor[i] += 1;
    }
}
