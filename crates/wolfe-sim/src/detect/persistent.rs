//! Persistent contacts of signed-distance manifolds: each pair keeps the (up to four)
//! points it used in the last step, anchored in both shapes' frames, and merges them
//! with the new manifold's points (Bullet's `btPersistentManifold`, with SAP's exact
//! signed distances along the normal instead of a penetration estimate).
//!
//! Why: the narrow phase picks one incident face per call, and a round hull resting on
//! a vertex or an edge flips between adjacent faces with every micro-radian of rocking
//! (a lemon on a table: points {A, B, C} one step, {A, C, D} the next, dropping B while
//! it penetrated 13 µm). The body then sank at the dropped vertex, rocked back, and
//! chattered for seconds, and every step's warm start was far from its solution. With
//! the points kept, resting piles settle (measured on `panda-drop`: 1.0 Newton
//! iteration per step at rest instead of 3.3).
//!
//! A kept point is re-evaluated at the current poses along the new normal
//! (`phi = <n, p_b - p_a>`) and kept while the normal turned by less than the angle
//! tolerance, the point is within the margin, its anchors slid apart along the contact
//! plane by less than [`DRIFT`] of the margin, and no new point lies within [`MERGE`]
//! of the margin of it; the union is reduced to four by
//! [`wolfe::collide::halfspace::reduce_supported`] (the largest area among the points
//! penetrating or within a tenth of the margin of the deepest).

use wolfe::collide::halfspace::{reduce_supported, SUPPORT_BAND};
use wolfe::{ContactManifold, ContactPoint, Pose, Vec3};

/// A kept point is dropped once its two anchors slid apart along the contact plane by
/// more than this fraction of the margin.
pub(crate) const DRIFT: f64 = 0.1;

/// A kept point within this fraction of the margin of a new point (on B) is the same
/// point, and the new one is used.
pub(crate) const MERGE: f64 = 0.02;

/// A point kept from the last step, anchored in the frames of its two shapes.
#[derive(Clone, Copy, Debug, Default)]
struct Anchor {
    a: Vec3,
    b: Vec3,
}

/// The points a pair used in the last step.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Persistent {
    normal: Vec3,
    anchors: [Anchor; 4],
    len: usize,
}

impl Persistent {
    /// The points of the pair's new manifold `m` (shapes at `xa`, `xb`) merged with the
    /// kept ones, reduced to four, written to `out`; returns how many. The kept points
    /// become those returned. `None` clears them.
    pub(crate) fn merge(
        &mut self,
        m: Option<&ContactManifold>,
        xa: &Pose,
        xb: &Pose,
        margin: f64,
        angle_tolerance: f64,
        out: &mut [ContactPoint; 8],
    ) -> usize {
        let Some(m) = m else {
            self.len = 0;
            return 0;
        };
        let n = m.normal;
        let mut len = 0;
        // A reused manifold was computed with some slack over the margin: its points
        // beyond the margin are dropped.
        for p in m.points().iter().filter(|p| p.signed_distance <= margin) {
            out[len] = *p;
            len += 1;
        }
        let fresh = len;
        if self.len > 0 && self.normal.dot(&n) >= angle_tolerance.cos() {
            let merge2 = (MERGE * margin).powi(2);
            for an in &self.anchors[..self.len] {
                let pa = xa.transform_point(&an.a);
                let pb = xb.transform_point(&an.b);
                let gap = pb - pa;
                let d = n.dot(&gap);
                let drift = (gap - d * n).norm();
                if d > margin || drift > DRIFT * margin {
                    continue;
                }
                if out[..fresh]
                    .iter()
                    .any(|q| (q.point_b - pb).norm_squared() <= merge2)
                {
                    continue;
                }
                // ContactPoint is non-exhaustive: fill a default one.
                let mut c = ContactPoint::default();
                c.point_a = pa;
                c.point_b = pb;
                c.signed_distance = d;
                out[len] = c;
                len += 1;
            }
        }
        let mut chosen = [ContactPoint::default(); 4];
        let mut count = 0;
        for i in reduce_supported(&out[..len], &n, SUPPORT_BAND * margin, false)
            .into_iter()
            .flatten()
        {
            chosen[count] = out[i];
            count += 1;
        }
        out[..count].copy_from_slice(&chosen[..count]);
        self.normal = n;
        self.len = count;
        for (anchor, p) in self.anchors.iter_mut().zip(&chosen[..count]) {
            anchor.a = xa.inverse_transform_point(&p.point_a);
            anchor.b = xb.inverse_transform_point(&p.point_b);
        }
        count
    }
}

/// An upper bound on how far any point within `radius` of the frame's origin moved
/// from `x0` to `x1`: `|t1 - t0| + 2 radius min(|q1 - q0|, |q1 + q0|)`. A rotation by
/// `theta` moves a point at distance `r` by `2 r sin(theta/2)`, and the nearer of `±q0`
/// lies `2 sin(theta/4)` from `q1`, so `2 r |q1 - q0| >= 4 r sin(theta/4) >= 2 r
/// sin(theta/2)`. (The rotation angle itself, `2 acos(|<q0, q1>|)`, rounds to about
/// 1e-8 rad for identical rotations, which would make a resting shape look moved.)
pub(crate) fn moved(x0: &Pose, x1: &Pose, radius: f64) -> f64 {
    let (q0, q1) = (x0.rotation.coords, x1.rotation.coords);
    let chord = (q1 - q0).norm().min((q1 + q0).norm());
    (x1.translation - x0.translation).norm() + 2.0 * radius * chord
}

/// How much wider than the pair's margin a reusable manifold is computed: the margin
/// of a pair moves with its shapes' speculative reach, and a manifold computed for
/// exactly the current margin would not cover the next step's if the reach grew by a
/// nanometre. Points beyond the current margin are dropped when the manifold is used.
pub(crate) const REUSE_SLACK: f64 = 1.02;

/// A manifold computed at two world poses, reused while neither shape moved by more
/// than the reuse tolerance (a bound over its points) and the margin still fits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reused {
    pub(crate) xa: Pose,
    pub(crate) xb: Pose,
    pub(crate) margin: f64,
    pub(crate) manifold: Option<ContactManifold>,
}

impl Reused {
    /// Whether it holds every contact within `margin` (and few beyond) for shapes that
    /// are now at `xa`, `xb` with bounding radii `ra`, `rb`.
    pub(crate) fn fits(&self, xa: &Pose, xb: &Pose, ra: f64, rb: f64, margin: f64, tolerance: f64) -> bool {
        self.margin >= margin
            && self.margin <= 2.0 * margin
            && moved(&self.xa, xa, ra) <= tolerance
            && moved(&self.xb, xb, rb) <= tolerance
    }
}
