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
//! (`phi = <n, p_b - p_a>`) and kept while the normal turned by less than the rule's
//! angle, the point is within the margin, its anchors slid apart along the contact
//! plane by less than the rule's drift, and no new point lies within the rule's merge
//! radius of it; the union is reduced to four by
//! [`wolfe::collide::halfspace::reduce_supported`] (the largest area among the points
//! penetrating or within a tenth of the margin of the deepest).
//!
//! Both contact queries keep their points here, each with its own [`KeepRule`]: the
//! signed-distance manifolds ([`KeepRule::manifold`]), and growth distance's one point
//! per step ([`KeepRule::single_point`], the growth paper's Bullet setting of Fig. 6,
//! where a face at rest is held by the points of the last steps).

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

/// When a kept point is still the same contact: the rule of one contact query.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeepRule {
    /// Most sideways slide of a point's two anchors along the contact plane, metres.
    pub(crate) drift: f64,
    /// A kept point this close (on B) to a new point is that point, metres.
    pub(crate) merge: f64,
    /// Kept points are dropped when the normal turned by more than this, radians.
    pub(crate) max_turn: f64,
}

impl KeepRule {
    /// For signed-distance manifolds of a pair with detection distance `margin`: drift
    /// [`DRIFT`] and merge radius [`MERGE`] of the margin, and the manifold's angle
    /// tolerance (a manifold gives up to four points each step; kept points only fill
    /// the gaps of a face that flips between neighbours).
    pub(crate) fn manifold(margin: f64, angle_tolerance: f64) -> Self {
        Self {
            drift: DRIFT * margin,
            merge: MERGE * margin,
            max_turn: angle_tolerance,
        }
    }

    /// For a query that gives one point per step (growth distance): a point within the
    /// detector's base margin of a kept one replaces it, a point whose ends slid apart
    /// by more than the base margin goes (Bullet's `getContactBreakingThreshold`, as the
    /// growth paper's simulation keeps its points), and the kept points are measured
    /// along any new normal: with one point per step, they are the manifold.
    pub(crate) fn single_point(base_margin: f64) -> Self {
        Self {
            drift: base_margin,
            merge: base_margin,
            max_turn: std::f64::consts::PI,
        }
    }
}

/// The points a pair used in the last step.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Persistent {
    normal: Vec3,
    anchors: [Anchor; 4],
    len: usize,
}

impl Persistent {
    /// The step's new points `fresh` (normal A to B, shapes at `xa`, `xb`) merged with
    /// the kept ones by `rule`, reduced to four, written to `out`; returns how many. The
    /// kept points become those returned. `None` (no contact) clears them.
    pub(crate) fn merge(
        &mut self, fresh: Option<(&Vec3, &[ContactPoint])>, (xa, xb): (&Pose, &Pose), margin: f64,
        rule: &KeepRule, out: &mut [ContactPoint; 8],
    ) -> usize {
        let Some((&n, points)) = fresh else {
            self.len = 0;
            return 0;
        };
        let mut len = 0;
        // A reused manifold was computed with some slack over the margin: its points
        // beyond the margin are dropped.
        for p in points.iter().filter(|p| p.signed_distance <= margin).take(4) {
            out[len] = *p;
            len += 1;
        }
        let fresh = len;
        if self.len > 0 && self.normal.dot(&n) >= rule.max_turn.cos() {
            let merge2 = rule.merge.powi(2);
            for an in &self.anchors[..self.len] {
                let pa = xa.transform_point(&an.a);
                let pb = xb.transform_point(&an.b);
                let gap = pb - pa;
                let d = n.dot(&gap);
                let drift = (gap - d * n).norm();
                if d > margin || drift > rule.drift {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn point(x: f64, y: f64, phi: f64) -> ContactPoint {
        let mut p = ContactPoint::default();
        p.point_a = Vec3::new(x, y, 0.0);
        p.point_b = p.point_a + phi * Vec3::z();
        p.signed_distance = phi;
        p
    }

    /// One point per step at a square's corners and its centre, shapes at rest: the
    /// single-point rule keeps the four corners (the largest area), and keeps the
    /// centre when it is the only point that holds the shape (the corners above the
    /// support band of the deepest).
    #[test]
    fn single_points_build_the_largest_manifold_and_keep_the_deepest() {
        let n = Vec3::z();
        let x = Pose::identity();
        let rule = KeepRule::single_point(0.01);
        // (corner gap, centre gap): all touching; or the centre alone holding the
        // shape, the corners 2 mm above it.
        for (corner, centre) in [(0.0, 0.0), (2e-3, -1e-3)] {
            let steps = [
                point(0.0, 0.0, corner),
                point(1.0, 0.0, corner),
                point(1.0, 1.0, corner),
                point(0.5, 0.5, centre),
                point(0.0, 1.0, corner),
            ];
            let mut kept = Persistent::default();
            let mut out = [ContactPoint::default(); 8];
            let mut len = 0;
            for p in &steps {
                len = kept.merge(
                    Some((&n, std::slice::from_ref(p))),
                    (&x, &x),
                    0.01,
                    &rule,
                    &mut out,
                );
            }
            assert_eq!(len, 4, "{:?}", &out[..len]);
            let has_centre = out[..len]
                .iter()
                .any(|p| (p.point_a - Vec3::new(0.5, 0.5, 0.0)).norm() < 1e-12);
            assert_eq!(has_centre, centre < 0.0, "centre gap {centre}: {:?}", &out[..len]);
        }
    }

    /// A kept point beyond the margin, or slid sideways by more than the rule's drift,
    /// is dropped; one within the merge radius of the new point is replaced by it.
    #[test]
    fn kept_points_leave_by_gap_drift_and_merge() {
        let n = Vec3::z();
        let a = Pose::identity();
        let rule = KeepRule::single_point(0.01);
        let mut kept = Persistent::default();
        let mut out = [ContactPoint::default(); 8];
        let first = point(0.0, 0.0, 0.0);
        kept.merge(
            Some((&n, std::slice::from_ref(&first))),
            (&a, &a),
            0.01,
            &rule,
            &mut out,
        );
        // B slid by 2 cm: the kept point's ends drifted apart, only the new one stays.
        let slid = Pose::from_translation(Vec3::new(0.02, 0.0, 0.0));
        let second = point(1.0, 0.0, 0.0);
        let len = kept.merge(
            Some((&n, std::slice::from_ref(&second))),
            (&a, &slid),
            0.01,
            &rule,
            &mut out,
        );
        assert_eq!(len, 1);
        // B rose by 2 cm: beyond the margin.
        let risen = Pose::from_translation(Vec3::new(0.02, 0.0, 0.02));
        let third = point(0.0, 1.0, 0.0);
        let len = kept.merge(
            Some((&n, std::slice::from_ref(&third))),
            (&a, &risen),
            0.01,
            &rule,
            &mut out,
        );
        assert_eq!(len, 1);
        // Back at rest: a new point 5 mm from the kept one replaces it.
        let near = point(0.005, 1.0, 0.0);
        let len = kept.merge(
            Some((&n, std::slice::from_ref(&near))),
            (&a, &a),
            0.01,
            &rule,
            &mut out,
        );
        assert_eq!(len, 1);
        assert_eq!(out[0].point_a, near.point_a);
    }
}
