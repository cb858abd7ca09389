//! Contacts between a half-space (a simulation's ground or an ideal wall) and any
//! shape.
//!
//! A half-space has no support function (it is unbounded), so it is not a
//! [`SupportMap`] and GJK does not apply. It does not need it: the
//! signed distance of a convex shape to the plane is exact in closed form, from the
//! shape's support point in the direction into the plane,
//! `phi = <n, s(-n)> - offset`. Flat features resting on the plane (a box face, a mesh
//! face, a capsule's segment) give up to four points, chosen like the clipped manifolds
//! of `contact/manifold.rs` (the plane is an infinite reference face, so nothing is
//! clipped: every vertex within the margin is a candidate).

use crate::collide::feature::{
    segment_feature, validate_margin, ContactManifold, ContactPoint, ManifoldSettings, MAX_FACE_VERTICES,
};
use crate::error::{in_range, WolfeError};
use crate::math::{Pose, Vec3};
use crate::shape::{ConvexShape, Shape, SupportMap};

/// The closed half-space `{x : <n, x> <= offset}` with unit outward normal `n`.
///
/// The ground `z <= 0` is `HalfSpace::new(Vec3::z(), 0.0)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HalfSpace {
    normal: Vec3,
    offset: f64,
}

impl HalfSpace {
    /// The half-space `{x : <n, x> <= offset}` with `n = normal / |normal|`. The normal
    /// must be finite and non-zero and the offset finite (metres).
    pub fn new(normal: Vec3, offset: f64) -> Result<Self, WolfeError> {
        let len = normal.norm();
        let bad = |parameter, value| WolfeError::InvalidShapeParameter {
            shape: "half-space",
            parameter,
            value,
            reason: "must be finite (and the normal non-zero)",
        };
        if !(len.is_finite() && len > 0.0) {
            return Err(bad("normal", len));
        }
        if !offset.is_finite() {
            return Err(bad("offset", offset));
        }
        in_range("half-space offset", offset / len)?;
        Ok(Self {
            normal: normal / len,
            offset: offset / len,
        })
    }

    /// The unit outward normal.
    pub fn normal(&self) -> Vec3 {
        self.normal
    }

    /// The offset of the boundary plane along the normal, in metres.
    pub fn offset(&self) -> f64 {
        self.offset
    }

    /// Signed distance of a point to the boundary plane (negative inside).
    pub fn signed_distance_to_point(&self, p: &Vec3) -> f64 {
        self.normal.dot(p) - self.offset
    }
}

/// The contact manifold between the half-space (shape A) and `shape` at `pose`
/// (shape B), or `None` when the shape is farther than `settings.margin` from the
/// plane. The normal is the plane's outward normal (from A to B); each point's
/// `point_a` lies on the plane, `point_b` on the shape's surface. Always certified:
/// the distance is exact up to rounding.
pub fn halfspace_manifold(
    plane: &HalfSpace, shape: &Shape, pose: &Pose, settings: &ManifoldSettings,
) -> Result<Option<ContactManifold>, WolfeError> {
    settings.validate()?;
    validate_margin(settings.margin)?;
    pose.validate()?;
    let n = plane.normal;
    let into = pose.inverse_transform_vector(&-n);
    let deepest = pose.transform_point(&shape.local_support(&into)) - shape.radius() * n;
    let sd = plane.signed_distance_to_point(&deepest);
    if sd > settings.margin {
        return Ok(None);
    }
    let single = ContactPoint {
        point_a: deepest - sd * n,
        point_b: deepest,
        signed_distance: sd,
    };
    // Candidates: a polytope (or a rounded one) touches the plane at every vertex within
    // the margin, with no face alignment needed, so a box resting on an edge or tilted
    // in a pile keeps its two or more supports; a capsule lying along the plane touches
    // at both ends of its segment; curved shapes at the single deepest point. The
    // deepest candidates (at most MAX_FACE_VERTICES) are kept, then reduced to four.
    // The candidate buffer is sized to what the shape can give (8 box corners, 2
    // segment ends, none for a curved shape), so that a ball or a box does not
    // zero-fill 16 points a query (issue 20); with at most that many candidates none
    // is ever replaced, so the manifold is the one of a 16-point buffer.
    let manifold =
        if let Some((core, radius)) = polytope_core(shape) {
            match core {
                Shape::Cuboid(c) => {
                    let h = c.half_extents();
                    supported_manifold::<8>(plane, settings, single, &mut |consider| {
                        for k in 0..8 {
                            let sign = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
                            consider(
                                pose.transform_point(&Vec3::new(sign(1) * h.x, sign(2) * h.y, sign(4) * h.z)),
                                radius,
                            );
                        }
                    })
                }
                Shape::ConvexMesh(m) => {
                    // Most hull vertices lie far above the plane: screen them in the mesh's
                    // frame with one dot product, `<R^T n, v> + <n, t> - offset - radius`,
                    // before transforming any. The screen keeps a slack of a few ulps of the
                    // scene's size over the margin, so that every vertex `consider` would
                    // keep still reaches it and the manifold is the same as without it.
                    let n_local = pose.inverse_transform_vector(&n);
                    let base = n.dot(&pose.translation) - plane.offset - radius;
                    let b = m.bounding_box();
                    let reach = b.min.amax().max(b.max.amax());
                    let scale = reach + pose.translation.amax() + plane.offset.abs() + radius;
                    let screen = settings.margin + 64.0 * f64::EPSILON * scale;
                    //
                    // Only the deepest MAX_FACE_VERTICES screened vertices can be kept, and a
                    // best-first walk from the support vertex finds them (`mesh/cap.rs`) at the
                    // cost of those few instead of the hull: a YCB hull resting on its flat
                    // bottom has hundreds of vertices within the margin, of thousands. The scan
                    // remains for a walk whose fixed buffers overflow.
                    let below = -n_local;
                    let mut deepest = [0u32; MAX_FACE_VERTICES];
                    let found =
                        m.deepest_vertices(&below, base - screen, m.support_vertex(&below), &mut deepest);
                    supported_manifold::<MAX_FACE_VERTICES>(plane, settings, single, &mut |consider| {
                        match found {
                            Some(k) => {
                                for &i in &deepest[..k] {
                                    consider(pose.transform_point(&m.vertices()[i as usize]), radius);
                                }
                            }
                            None => {
                                for v in m.vertices() {
                                    if n_local.dot(v) + base <= screen {
                                        consider(pose.transform_point(v), radius);
                                    }
                                }
                            }
                        }
                    })
                }
                _ => unreachable!("polytope_core returns boxes and meshes"),
            }
        } else if let Some((segment, radius)) = segment_feature(shape, pose, &-n, settings.angle_tolerance) {
            supported_manifold::<2>(plane, settings, single, &mut |consider| {
                segment.iter().for_each(|p| consider(*p, radius))
            })
        } else {
            ContactManifold::from_points(n, &[single], true)
        };
    Ok(Some(manifold))
}

/// What `supported_manifold` hands its visitor: `consider(core point, radius)`.
type Consider<'a> = dyn FnMut(Vec3, f64) + 'a;

/// The manifold of the points `visit` hands to its `consider(core point, radius)`
/// (each within the margin a candidate, the deepest `N` kept), reduced to four by
/// [`reduce_supported`], or of `single` (the deepest point) when none is.
fn supported_manifold<const N: usize>(
    plane: &HalfSpace, settings: &ManifoldSettings, single: ContactPoint,
    visit: &mut dyn FnMut(&mut Consider<'_>),
) -> ContactManifold {
    let n = plane.normal;
    let mut cands = [ContactPoint::default(); N];
    let mut kept = 0;
    visit(&mut |core_point: Vec3, radius: f64| {
        let surface = core_point - radius * n;
        let d = plane.signed_distance_to_point(&surface);
        if d > settings.margin {
            return;
        }
        let c = ContactPoint {
            point_a: surface - d * n,
            point_b: surface,
            signed_distance: d,
        };
        if kept < N {
            cands[kept] = c;
            kept += 1;
        } else if let Some((worst, _)) = cands
            .iter()
            .enumerate()
            .max_by(|(_, p), (_, q)| p.signed_distance.total_cmp(&q.signed_distance))
        {
            if d < cands[worst].signed_distance {
                cands[worst] = c;
            }
        }
    });
    let kept = drop_shadowed(&mut cands[..kept], &n);
    if kept == 0 {
        return ContactManifold::from_points(n, &[single], true);
    }
    let mut out = [cands[0]; 4];
    let mut len = 0;
    let band = SUPPORT_BAND * settings.margin;
    for (slot, i) in reduce_supported(&cands[..kept], &n, band, true)
        .into_iter()
        .flatten()
        .enumerate()
    {
        out[slot] = cands[i];
        len = slot + 1;
    }
    ContactManifold::from_points(n, &out[..len], true)
}

/// The depth band of the supporting candidates, as a fraction of the margin (see
/// [`reduce_supported`]).
pub const SUPPORT_BAND: f64 = 0.1;

/// Up to four of `cands` (at most [`MAX_FACE_VERTICES`] contact points sharing the
/// normal `n`, within a contact margin) that keep the support: with `deepest_first`,
/// the deepest point (the manifold then carries the exact penetration depth, as
/// [`halfspace_manifold`] does); then the largest-area additions among the
/// *supporting* points, those penetrating or within `band` of the deepest
/// (`d <= max(d_min + band, 0)`); then, in the slots left, the largest-area additions
/// among the rest (speculative points higher up in the margin: a box tilted on an edge
/// keeps its two edge corners and adds the two corners it would fall onto). Without
/// `deepest_first` the first point is the supporting point farthest from their
/// centroid, so that the choice depends only on the points' positions in the plane and
/// not on which of several nearly equally deep vertices is deepest at this step (what a
/// simulator's persistent contacts need; the deepest point is then within `band` of
/// the chosen ones).
///
/// Why not the area reduction of the clipped manifolds (`feature::reduce`) on all
/// candidates: it maximizes area over every point in the margin, so on a scanned hull
/// resting on an uneven patch (`panda-drop`'s gelatin box lying on the floor: eight
/// vertices within 90 µm of each other, and vertices 60 µm above the floor farther out)
/// it dropped vertices penetrating 60 µm for points above the floor. The box rested on
/// points that did not hold it, the chosen set changed with every micro-radian of
/// rocking, and it rocked in a limit cycle for seconds, which cost SAP most of its
/// Newton iterations at rest (measured on `wolfe sim panda-drop`).
pub fn reduce_supported(
    cands: &[ContactPoint], n: &Vec3, band: f64, deepest_first: bool,
) -> [Option<usize>; 4] {
    let mut out = [None; 4];
    let cands = &cands[..cands.len().min(MAX_FACE_VERTICES)];
    if cands.len() <= 4 {
        for (i, slot) in out.iter_mut().enumerate().take(cands.len()) {
            *slot = Some(i);
        }
        return out;
    }
    let d_min = cands
        .iter()
        .map(|c| c.signed_distance)
        .fold(f64::INFINITY, f64::min);
    let threshold = (d_min + band).max(0.0);
    let supporting = |i: usize| cands[i].signed_distance <= threshold;
    // In-plane coordinates (the midpoint of the two witnesses, projected).
    let (t1, t2) = plane_basis(n);
    let mut xy = [(0.0, 0.0); MAX_FACE_VERTICES];
    for (k, c) in cands.iter().enumerate() {
        let p = 0.5 * (c.point_a + c.point_b);
        xy[k] = (t1.dot(&p), t2.dot(&p));
    }
    let xy = &xy[..cands.len()];
    let mut len = 0;
    if deepest_first {
        let deepest = (0..cands.len())
            .min_by(|&i, &j| cands[i].signed_distance.total_cmp(&cands[j].signed_distance))
            .unwrap_or(0);
        out[0] = Some(deepest);
        len = 1;
    }
    grow_by_area(xy, &mut out, &mut len, &supporting);
    grow_by_area(xy, &mut out, &mut len, &|i| !supporting(i));
    out
}

/// Two unit vectors spanning the plane orthogonal to the unit vector `n`.
fn plane_basis(n: &Vec3) -> (Vec3, Vec3) {
    let a = if n.x.abs() < 0.6 { Vec3::x() } else { Vec3::y() };
    let t1 = n.cross(&a).normalize();
    (t1, n.cross(&t1))
}

/// Twice the signed area of the triangle `a b c`.
fn area2(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Adds to `out[..len]` points of the pool `allowed` greedily, each the one that grows
/// the convex hull of the chosen points the most (for a first point of an empty choice:
/// the farthest from the pool's centroid; a second: the farthest from the first; a
/// third: the largest triangle; a fourth: the largest hull, whose area is half the sum
/// of the four triangles of the four points in any position), until four are chosen or
/// no point adds area (or length).
fn grow_by_area(
    xy: &[(f64, f64)], out: &mut [Option<usize>; 4], len: &mut usize, allowed: &dyn Fn(usize) -> bool,
) {
    while *len < 4 {
        let mut c = [(0.0, 0.0); 4];
        for (k, i) in out[..*len].iter().flatten().enumerate() {
            c[k] = xy[*i];
        }
        let gain = |p: (f64, f64)| -> f64 {
            match *len {
                1 => (p.0 - c[0].0).powi(2) + (p.1 - c[0].1).powi(2),
                2 => area2(c[0], c[1], p).abs(),
                // The hull of four points is half the sum of their four triangles
                // (either way they lie), so the doubled hull minus the doubled
                // triangle is the sum of the three triangles with p less the triangle.
                _ => {
                    area2(p, c[0], c[1]).abs() + area2(p, c[0], c[2]).abs() + area2(p, c[1], c[2]).abs()
                        - area2(c[0], c[1], c[2]).abs()
                }
            }
        };
        let mut best: Option<(usize, f64)> = None;
        if *len == 0 {
            let (mut m, mut cx, mut cy) = (0.0, 0.0, 0.0);
            for (i, p) in xy.iter().enumerate() {
                if allowed(i) {
                    m += 1.0;
                    cx += p.0;
                    cy += p.1;
                }
            }
            if m == 0.0 {
                return;
            }
            let (cx, cy) = (cx / m, cy / m);
            for (i, p) in xy.iter().enumerate() {
                let g = (p.0 - cx).powi(2) + (p.1 - cy).powi(2);
                if allowed(i) && best.is_none_or(|(_, b)| g > b) {
                    best = Some((i, g));
                }
            }
        } else {
            for (i, p) in xy.iter().enumerate() {
                if !allowed(i) || out[..*len].contains(&Some(i)) {
                    continue;
                }
                let g = gain(*p);
                if g > 0.0 && best.is_none_or(|(_, b)| g > b) {
                    best = Some((i, g));
                }
            }
        }
        let Some((i, _)) = best else { return };
        out[*len] = Some(i);
        *len += 1;
    }
}

/// `cos^2` of the half-angle of the cone above a candidate (about the plane's normal)
/// in which the candidates it shadows lie: 45 degrees.
const SHADOW_COS2: f64 = 0.5;

/// Removes the candidates that lie above a deeper one, within 45 degrees of the plane's
/// normal `n` (issue 21), and returns how many are left (moved to the front, in order).
///
/// Why: with a margin beyond a small box's height, its top corners are within the
/// margin too; on a box resting flat they project onto the plane next to the bottom
/// ones, and the area-based reduction then took two top corners for two bottom ones
/// (1 in 34 resting boxes of `tests/halfspace_resting.rs`), so the box rested on 2
/// supports. A vertex `v` above a vertex `w` in that cone is never a support in a
/// direction within 45 degrees of `-n` (`<d, v - w> < 0` there), so it touches the
/// plane only after the body turns by more than 45 degrees: no contact of this step.
/// A box tilted less than 45 degrees keeps its lower face's corners, and on an edge its
/// edge and the speculative corners beside it. `O(k^2)` on at most `MAX_FACE_VERTICES`
/// candidates.
fn drop_shadowed(cands: &mut [ContactPoint], n: &Vec3) -> usize {
    let mut kept = 0;
    for i in 0..cands.len() {
        let v = cands[i];
        let shadowed = cands.iter().enumerate().any(|(j, w)| {
            let up = v.point_b - w.point_b;
            let height = n.dot(&up);
            // Deeper (ties broken by index, so that one of two equal points stays).
            let deeper =
                w.signed_distance < v.signed_distance || (w.signed_distance == v.signed_distance && j < i);
            j != i && deeper && height > 0.0 && height * height >= SHADOW_COS2 * up.norm_squared()
        });
        if !shadowed {
            cands[kept] = v;
            kept += 1;
        }
    }
    kept
}

/// The polytope core (a box or a convex mesh) of a shape and the radius around it, if
/// the shape is one (possibly inflated).
fn polytope_core(shape: &Shape) -> Option<(&Shape, f64)> {
    match shape {
        Shape::Cuboid(_) | Shape::ConvexMesh(_) => Some((shape, 0.0)),
        Shape::Inflated(s) => polytope_core(s.core()).map(|(c, r)| (c, r + s.added_radius())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Capsule, Cuboid, Cylinder, Sphere};
    use nalgebra::UnitQuaternion;

    fn ground() -> HalfSpace {
        HalfSpace::new(Vec3::z(), 0.0).unwrap()
    }

    #[test]
    fn sphere_above_ground_has_one_point_at_its_bottom() {
        let s: Shape = Sphere::new(0.5).unwrap().into();
        let pose = Pose::from_translation(Vec3::new(1.0, 2.0, 0.49));
        let m = halfspace_manifold(&ground(), &s, &pose, &ManifoldSettings::default())
            .unwrap()
            .unwrap();
        assert_eq!(m.points().len(), 1);
        let p = m.points()[0];
        assert!((p.signed_distance + 0.01).abs() < 1e-15);
        assert!((p.point_b - Vec3::new(1.0, 2.0, -0.01)).norm() < 1e-15);
        assert!((p.point_a - Vec3::new(1.0, 2.0, 0.0)).norm() < 1e-15);
        assert_eq!(m.normal, Vec3::z());
    }

    #[test]
    fn margin_cuts_off() {
        let s: Shape = Sphere::new(0.5).unwrap().into();
        let pose = Pose::from_translation(Vec3::new(0.0, 0.0, 0.52));
        let settings = ManifoldSettings {
            margin: 0.01,
            ..Default::default()
        };
        assert!(halfspace_manifold(&ground(), &s, &pose, &settings)
            .unwrap()
            .is_none());
        let settings = ManifoldSettings {
            margin: 0.03,
            ..Default::default()
        };
        assert!(halfspace_manifold(&ground(), &s, &pose, &settings)
            .unwrap()
            .is_some());
    }

    #[test]
    fn box_resting_flat_has_its_four_corners() {
        let b: Shape = Cuboid::new([0.05, 0.05, 0.05]).unwrap().into();
        let rot = UnitQuaternion::from_euler_angles(0.0, 0.0, 0.3);
        let pose = Pose {
            translation: Vec3::new(0.2, -0.1, 0.05 - 1e-4),
            rotation: rot,
        };
        let m = halfspace_manifold(&ground(), &b, &pose, &ManifoldSettings::default())
            .unwrap()
            .unwrap();
        assert_eq!(m.points().len(), 4);
        for p in m.points() {
            assert!((p.signed_distance + 1e-4).abs() < 1e-12);
            assert!(p.point_a.z.abs() < 1e-15);
            // Each point is a bottom corner of the box.
            let local = pose.inverse_transform_point(&p.point_b);
            assert!((local.abs() - Vec3::new(0.05, 0.05, 0.05)).norm() < 1e-12);
        }
    }

    #[test]
    fn tilted_box_touches_at_its_lowest_corner_only() {
        let b: Shape = Cuboid::new([0.05, 0.05, 0.05]).unwrap().into();
        let rot = UnitQuaternion::from_euler_angles(0.4, 0.3, 0.0);
        let mut pose = Pose {
            translation: Vec3::zeros(),
            rotation: rot,
        };
        let lowest = (0..8)
            .map(|i| {
                let c = Vec3::new(
                    if i & 1 == 0 { -0.05 } else { 0.05 },
                    if i & 2 == 0 { -0.05 } else { 0.05 },
                    if i & 4 == 0 { -0.05 } else { 0.05 },
                );
                pose.transform_point(&c).z
            })
            .fold(f64::INFINITY, f64::min);
        pose.translation.z = -lowest - 1e-3;
        let m = halfspace_manifold(&ground(), &b, &pose, &ManifoldSettings::default())
            .unwrap()
            .unwrap();
        assert_eq!(m.points().len(), 1);
        assert!((m.points()[0].signed_distance + 1e-3).abs() < 1e-12);
    }

    #[test]
    fn box_resting_on_an_edge_has_both_ends_of_the_edge() {
        let b: Shape = Cuboid::new([0.05, 0.05, 0.05]).unwrap().into();
        // Rotated 30 degrees about x: the edge along x is lowest.
        let rotation = UnitQuaternion::from_euler_angles(0.5, 0.0, 0.0);
        let mut pose = Pose {
            translation: Vec3::zeros(),
            rotation,
        };
        let low = (0..8)
            .map(|k| {
                let s = |bit: usize| if k & bit == 0 { -0.05 } else { 0.05 };
                pose.transform_point(&Vec3::new(s(1), s(2), s(4))).z
            })
            .fold(f64::INFINITY, f64::min);
        pose.translation.z = -low - 2e-4;
        let m = halfspace_manifold(&ground(), &b, &pose, &ManifoldSettings::default())
            .unwrap()
            .unwrap();
        assert_eq!(m.points().len(), 2);
        for p in m.points() {
            assert!((p.signed_distance + 2e-4).abs() < 1e-12);
        }
        let gap = (m.points()[0].point_b - m.points()[1].point_b).norm();
        assert!((gap - 0.1).abs() < 1e-12, "the two ends of the edge");
    }

    #[test]
    fn capsule_and_cylinder_lying_down() {
        let lying = Pose {
            translation: Vec3::new(0.0, 0.0, 0.099),
            rotation: UnitQuaternion::from_euler_angles(std::f64::consts::FRAC_PI_2, 0.0, 0.0),
        };
        let c: Shape = Capsule::new(0.1, 0.3).unwrap().into();
        let m = halfspace_manifold(&ground(), &c, &lying, &ManifoldSettings::default())
            .unwrap()
            .unwrap();
        assert_eq!(m.points().len(), 2, "both ends of the segment");
        for p in m.points() {
            assert!((p.signed_distance + 1e-3).abs() < 1e-12);
        }
        // A cylinder's rim is curved: one point, at the right depth.
        let cyl: Shape = Cylinder::new(0.1, 0.3).unwrap().into();
        let m = halfspace_manifold(&ground(), &cyl, &lying, &ManifoldSettings::default())
            .unwrap()
            .unwrap();
        assert!((m.min_signed_distance() + 1e-3).abs() < 1e-12);
    }

    #[test]
    fn signed_distance_matches_the_support_function_on_random_poses() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let plane = HalfSpace::new(Vec3::new(0.3, -0.2, 1.0), 0.4).unwrap();
        let shapes: Vec<Shape> = vec![
            Cuboid::new([0.1, 0.2, 0.3]).unwrap().into(),
            Cylinder::new(0.2, 0.1).unwrap().into(),
            Capsule::new(0.2, 0.1).unwrap().into(),
        ];
        for _ in 0..200 {
            let q = UnitQuaternion::from_euler_angles(
                rng.random_range(-3.0..3.0),
                rng.random_range(-3.0..3.0),
                rng.random_range(-3.0..3.0),
            );
            let t = Vec3::new(rng.random(), rng.random(), rng.random());
            let pose = Pose {
                translation: t,
                rotation: q,
            };
            for s in &shapes {
                let settings = ManifoldSettings {
                    margin: 10.0,
                    ..Default::default()
                };
                let m = halfspace_manifold(&plane, s, &pose, &settings).unwrap().unwrap();
                // Brute force: the lowest of many surface samples along the normal.
                let mut lowest = f64::INFINITY;
                for _ in 0..2000 {
                    let d = Vec3::new(
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-1.0..1.0),
                    );
                    let p = s.local_support(&d) + s.radius() * d.normalize();
                    lowest = lowest.min(plane.signed_distance_to_point(&pose.transform_point(&p)));
                }
                assert!(m.min_signed_distance() <= lowest + 1e-12);
                assert!(
                    m.min_signed_distance() >= lowest - 0.05,
                    "close to sampled minimum"
                );
                for p in m.points() {
                    assert!(plane.signed_distance_to_point(&p.point_a).abs() < 1e-12);
                }
            }
        }
    }

    #[test]
    fn penetrating_vertices_are_kept_before_higher_ones() {
        // A flat-bottomed hull: a 2 cm square bottom 50 µm into the ground and a wider
        // octagon 1 mm above it (within the 5 mm margin), then a top.
        let mut pts = Vec::new();
        for (x, y) in [(-0.01, -0.01), (0.01, -0.01), (0.01, 0.01), (-0.01, 0.01)] {
            pts.push(Vec3::new(x, y, -5e-5));
        }
        for k in 0..8 {
            let t = std::f64::consts::TAU * (k as f64 + 0.5) / 8.0;
            pts.push(Vec3::new(0.03 * t.cos(), 0.03 * t.sin(), 1e-3 - 5e-5));
            pts.push(Vec3::new(0.03 * t.cos(), 0.03 * t.sin(), 0.05));
        }
        let mesh: Shape = crate::mesh::ConvexMesh::from_points(&pts).unwrap().into();
        let settings = ManifoldSettings::default().with_margin(5e-3);
        for yaw in [0.0, 0.3, 1.1] {
            let pose = Pose {
                translation: Vec3::new(0.2, -0.4, 0.0),
                rotation: UnitQuaternion::from_euler_angles(0.0, 0.0, yaw),
            };
            let m = halfspace_manifold(&ground(), &mesh, &pose, &settings)
                .unwrap()
                .unwrap();
            assert_eq!(m.points().len(), 4);
            for p in m.points() {
                assert!((p.signed_distance + 5e-5).abs() < 1e-12, "{}", p.signed_distance);
            }
        }
    }

    #[test]
    fn bad_planes_are_errors() {
        assert!(HalfSpace::new(Vec3::zeros(), 0.0).is_err());
        assert!(HalfSpace::new(Vec3::new(f64::NAN, 0.0, 1.0), 0.0).is_err());
        assert!(HalfSpace::new(Vec3::z(), f64::INFINITY).is_err());
        let s: Shape = Sphere::new(0.5).unwrap().into();
        let mut pose = Pose::identity();
        pose.translation.x = f64::NAN;
        assert!(halfspace_manifold(&ground(), &s, &pose, &ManifoldSettings::default()).is_err());
    }
}
