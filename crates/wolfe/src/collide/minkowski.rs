//! Support points of the Minkowski difference `D = A - B`, computed in A's frame.
//!
//! GJK++ Eq. 11: a support of `D` in direction `d` is the difference of supports of the
//! shapes, `S_D(d) = S_A(-d) - S_B(d)` with the papers' *minimizing* support
//! `S_D(d) = argmin_{s in D} <d, s>` (Eq. 8). Working in A's frame means a support call
//! rotates one direction into B's frame and one point back (DESIGN.md: queries run in
//! A's frame), never a whole mesh.

use super::simplex::SupportPoint;
use crate::math::{Mat3, Pose, Vec3};
use crate::shape::ConvexShape;

/// The Minkowski difference of two posed shapes' cores, seen from A's frame, with the
/// hill-climbing hints of both shapes (the previous support vertex of this query) and
/// the radii around the cores (`MinkowskiDifference::drop_radii` leaves the cores
/// alone, with every hint kept).
pub struct MinkowskiDifference<'s, A: ?Sized, B: ?Sized> {
    a: &'s A,
    b: &'s B,
    /// Rotation taking B-local vectors to A-local ones.
    rot_ab: Mat3,
    /// Its transpose: A-local to B-local.
    rot_ba: Mat3,
    /// Whether the radii are dropped (`drop_radii`): a flag rather than the sum, so that
    /// the sum stays a compile-time constant for shapes without a radius (meshes,
    /// boxes), which the loops fold into their thresholds.
    radii_dropped: bool,
    /// B's origin in A's frame.
    t_ab: Vec3,
    /// Hill-climbing hint of A (index of its previous support vertex).
    pub(crate) hint_a: u32,
    /// Hill-climbing hint of B.
    pub(crate) hint_b: u32,
    /// Whether a core is a polytope, whose climbs re-seed when the direction turns.
    reseed: bool,
    /// The direction the hints were found for (zero before the first support call).
    hint_direction: HintDirection,
}

/// Re-seed the hill climbs when the direction turned by more than about 6 degrees:
/// `<d, d_prev>^2 < RESEED_COS2 |d|^2 |d_prev|^2` (or `<d, d_prev> <= 0`). The cube-map
/// seed (about one cell per vertex, `mesh/seeds.rs`) is then nearer the answer than the
/// previous support vertex, which may lie across the mesh: GJK's first directions, every
/// direction of an overlapping pair or of EPA, and the growth solver's first facet
/// normals turn by tens of degrees. Instructions of the growth queries on the
/// `meshes_random` set (callgrind, 3 repeats of 2000 problems) by threshold: 0.5
/// (45 degrees): 124.4 M; 0.9: 113.9 M; 0.99: 112.5 M; always re-seed: 119.4 M. GJK on
/// the close rows of that set: -31% instructions against never re-seeding (with the climb
/// graph of `mesh/support.rs`), and overlapping YCB pairs of > 1000 vertices 4.7x faster.
const RESEED_COS2: f64 = 0.99;

/// The direction a pair of hill-climbing hints was found for, and the rule that
/// re-seeds them ([`RESEED_COS2`]); shared by GJK and the growth solver.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HintDirection {
    direction: Vec3,
    /// `|direction|^2`, kept with it (the test needs it every call).
    norm2: f64,
}

impl HintDirection {
    /// Hints found for direction `d` (zero: none yet, the next call re-seeds).
    pub(crate) fn new(d: Vec3) -> Self {
        Self {
            direction: d,
            norm2: d.norm_squared(),
        }
    }

    /// The direction of the hints.
    pub(crate) fn direction(&self) -> Vec3 {
        self.direction
    }

    /// Whether the climbs for `d` should re-seed (`d` turned by more than about 6 degrees
    /// from the hints' direction); `d` becomes the hints' direction.
    #[inline]
    pub(crate) fn turned(&mut self, d: &Vec3) -> bool {
        let c = d.dot(&self.direction);
        let norm2 = d.norm_squared();
        let turned = c <= 0.0 || c * c < RESEED_COS2 * norm2 * self.norm2;
        self.direction = *d;
        self.norm2 = norm2;
        turned
    }
}

impl<'s, A: ConvexShape + ?Sized, B: ConvexShape + ?Sized> MinkowskiDifference<'s, A, B> {
    /// The difference of `a` and `b`, where `pose_ab` maps B-local to A-local coordinates
    /// (`pose_a.relative(pose_b)`).
    pub fn new(a: &'s A, b: &'s B, pose_ab: &Pose) -> Self {
        let rot_ab = pose_ab.rotation.to_rotation_matrix().into_inner();
        Self {
            a,
            b,
            rot_ab,
            rot_ba: rot_ab.transpose(),
            radii_dropped: false,
            t_ab: pose_ab.translation,
            hint_a: 0,
            hint_b: 0,
            reseed: a.is_polytope() || b.is_polytope(),
            hint_direction: HintDirection::new(Vec3::zeros()),
        }
    }

    /// Starts the climbs from given hints (a previous query's support vertices of this
    /// pair), found for the direction `d`: the next support call re-seeds only if its
    /// direction turned away from `d`.
    pub(crate) fn keep_hints(&mut self, (hint_a, hint_b): (u32, u32), d: &Vec3) {
        self.hint_a = hint_a;
        self.hint_b = hint_b;
        self.hint_direction = HintDirection::new(*d);
    }

    /// `S_D(d) = argmin_{s in D} <d, s>` (GJK++ Eq. 8, 11), with the shape points it is
    /// made of, in A's frame. Always inlined: the solver loops call it once per
    /// iteration, and a call returns the support point through memory.
    #[inline(always)]
    pub fn support(&mut self, d: &Vec3) -> SupportPoint {
        // Quotients (`SupportMap::local_support_quotient`): B's rotation into A's frame
        // runs while the normalization's square root and division do.
        let d_b = self.rot_ba * d;
        if self.reseed && self.hint_direction.turned(d) {
            self.hint_a = self.a.seed_hint(&-d);
            self.hint_b = self.b.seed_hint(&d_b);
        }
        let (a, n_a) = self.a.local_support_quotient(&-d, &mut self.hint_a);
        let a = a / n_a;
        let (b, n_b) = self.b.local_support_quotient(&d_b, &mut self.hint_b);
        let b = (self.rot_ab * b) / n_b + self.t_ab;
        SupportPoint { w: a - b, a, b }
    }

    /// A point of `D`'s interior-ish: the difference of the shapes' bounding-box centres,
    /// the paper's default first direction (GJK++ Sec. IV, "Initialization strategy").
    pub fn bounding_box_center_difference(&self) -> Vec3 {
        let ca = self.a.local_aabb().center();
        let cb = self.rot_ab * self.b.local_aabb().center() + self.t_ab;
        ca - cb
    }

    /// Sum of the two shapes' radii (added around the cores).
    #[inline]
    pub fn radius_sum(&self) -> f64 {
        if self.radii_dropped {
            0.0
        } else {
            self.a.radius() + self.b.radius()
        }
    }

    /// Makes this the difference of the bare cores (radii 0), so that GJK converges on
    /// the cores' own distance; supports, seeds and climbing hints are unchanged.
    pub(crate) fn drop_radii(&mut self) {
        self.radii_dropped = true;
    }

    /// Whether both cores are polytopes (then `D`'s core is one too).
    pub(crate) fn polytopes(&self) -> bool {
        self.a.is_polytope() && self.b.is_polytope()
    }

    /// Whether both cores are strictly convex (then `D`'s core is too).
    pub(crate) fn strictly_convex(&self) -> bool {
        self.a.is_strictly_convex() && self.b.is_strictly_convex()
    }

    /// A ball inside `D`'s core, in A's frame: centre `c_A - c_B` (the shapes' centres)
    /// and radius the sum of the cores' inradii about them. A shape `K + B(r)` holding
    /// `B(c, rho)` has `h_K(n) >= <c, n> + rho - r` for every `n`, so its core holds
    /// `B(c, rho - r)`; the difference of two such balls lies in `D`. EPA's lower bound
    /// when its polytope cannot certify one (issue 21: coaxial cylinders, whose nearest
    /// points of `D` form a ring). Not on a hot path: a few flops, once per EPA run.
    pub(crate) fn core_inner_ball(&self) -> (Vec3, f64) {
        let ca = self.a.center();
        let cb = self.rot_ab * self.b.center() + self.t_ab;
        let ra = (self.a.inradius() - self.a.radius()).max(0.0);
        let rb = (self.b.inradius() - self.b.radius()).max(0.0);
        (ca - cb, ra + rb)
    }
}
