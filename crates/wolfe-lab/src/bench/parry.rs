//! The parry counterparts of wolfe's shapes and poses, for the comparisons of the two
//! libraries (`wolfe bench peers`, and the criterion-free benches `peers` and
//! `penetration`).
//!
//! Every wolfe shape but the ellipsoid and the inflated shapes has a native parry shape
//! ([`parry_shape`](fn@parry_shape)), queried through parry's public dispatcher (`query::distance`,
//! `query::intersection_test`, `query::contact`). parry has no ellipsoid: [`PeerShape`]
//! adds one as a parry [`SupportMap`] ([`ParryEllipsoid`]), queried through the
//! functions parry's dispatcher itself calls for a pair of support-map shapes (GJK, and
//! EPA for contact), so that the ellipsoid benchmark also has a parry column.

use parry3d_f64::math::{Pose as ParryPose, Rotation, Vector};
use parry3d_f64::query::{self as parry_query, Unsupported};
use parry3d_f64::shape::{self as parry_shape, SupportMap};
use wolfe::{ConvexMesh, ConvexShape as _, Pose, Shape};

/// A parry shape with the fixed rotation from wolfe's local frame to parry's.
pub struct ParryShape {
    /// The parry shape.
    pub shape: Box<dyn parry_shape::Shape>,
    /// parry-local to wolfe-local: `parry pose = wolfe pose * offset`.
    pub offset: ParryPose,
}

/// The same solid in parry, or `None` where parry has no such shape (ellipsoids,
/// inflated shapes) or rejects the hull.
///
/// parry's cylinder and cone have their axis along y (cone apex at `+half_height`, base
/// at `-half_height`), wolfe's along z (apex at `+half_length`): the quarter turn about
/// x maps y to z, so the offset is that rotation. Meshes go over as wolfe's hull
/// (vertices and outward triangles), so both libraries see the same polytope.
pub fn parry_shape(shape: &Shape) -> Option<ParryShape> {
    let same_axes = ParryPose::IDENTITY;
    let y_to_z = ParryPose::from_rotation(Rotation::from_rotation_x(std::f64::consts::FRAC_PI_2));
    let (shape, offset): (Box<dyn parry_shape::Shape>, ParryPose) = match shape {
        Shape::Sphere(s) => (Box::new(parry_shape::Ball::new(s.ball_radius())), same_axes),
        Shape::Cuboid(s) => (
            Box::new(parry_shape::Cuboid::new(vector(&s.half_extents()))),
            same_axes,
        ),
        Shape::Capsule(s) => (
            Box::new(parry_shape::Capsule::new_z(s.half_length(), s.radius())),
            same_axes,
        ),
        Shape::Cylinder(s) => (
            Box::new(parry_shape::Cylinder::new(s.half_length(), s.disc_radius())),
            y_to_z,
        ),
        Shape::Cone(s) => (
            Box::new(parry_shape::Cone::new(s.half_length(), s.base_radius())),
            y_to_z,
        ),
        Shape::ConvexMesh(m) => (Box::new(parry_polyhedron(m)?), same_axes),
        Shape::Ellipsoid(_) | Shape::Inflated(_) => return None,
    };
    Some(ParryShape { shape, offset })
}

/// wolfe's hull as a parry polyhedron (from its triangles; parry's own hull of the
/// vertices if parry rejects them); `None` if parry rejects both.
pub fn parry_polyhedron(mesh: &ConvexMesh) -> Option<parry_shape::ConvexPolyhedron> {
    let points: Vec<Vector> = mesh.vertices().iter().map(vector).collect();
    parry_shape::ConvexPolyhedron::from_convex_mesh(points.clone(), mesh.faces())
        .or_else(|| parry_shape::ConvexPolyhedron::from_convex_hull(&points))
}

/// A wolfe vector as parry's.
pub fn vector(v: &wolfe::Vec3) -> Vector {
    Vector::new(v.x, v.y, v.z)
}

/// A wolfe pose of a shape as the parry pose of its parry counterpart.
pub fn parry_pose(pose: &Pose, offset: &ParryPose) -> ParryPose {
    let q = pose.rotation.quaternion();
    let rotation = Rotation::from_xyzw(q.i, q.j, q.k, q.w);
    ParryPose::from_parts(vector(&pose.translation), rotation) * *offset
}

/// An axis-aligned ellipsoid `x^2/a^2 + y^2/b^2 + z^2/c^2 <= 1` as a parry support
/// map. Its support in direction `d` is `diag(r)^2 d / |diag(r) d|`: the maximizer of
/// `<d, x>` on the ellipsoid, from the Lagrange condition `d = 2 lambda diag(r)^-2 x`.
#[derive(Clone, Copy, Debug)]
pub struct ParryEllipsoid {
    radii: Vector,
    radii_sq: Vector,
}

impl ParryEllipsoid {
    /// The ellipsoid of semi-axes `radii` (metres, along the local x, y, z axes).
    pub fn new(radii: Vector) -> Self {
        Self {
            radii,
            radii_sq: radii * radii,
        }
    }
}

impl SupportMap for ParryEllipsoid {
    fn local_support_point(&self, dir: Vector) -> Vector {
        let n = (dir * self.radii).length();
        if n > 0.0 {
            dir * self.radii_sq / n
        } else {
            Vector::new(self.radii.x, 0.0, 0.0)
        }
    }
}

/// A wolfe shape on the parry side: a native parry shape, or an ellipsoid as a support
/// map (which parry lacks).
pub enum PeerShape {
    /// A parry shape (with its frame offset).
    Native(ParryShape),
    /// An ellipsoid (same local frame as wolfe's).
    Ellipsoid(ParryEllipsoid),
}

impl PeerShape {
    /// The parry counterpart of `shape`, `None` where there is none (inflated shapes,
    /// hulls parry rejects).
    pub fn of(shape: &Shape) -> Option<Self> {
        match shape {
            Shape::Ellipsoid(e) => Some(PeerShape::Ellipsoid(ParryEllipsoid::new(vector(&e.radii())))),
            other => parry_shape(other).map(PeerShape::Native),
        }
    }

    /// The parry pose of this shape for the wolfe pose `pose`.
    pub fn pose(&self, pose: &Pose) -> ParryPose {
        match self {
            PeerShape::Native(s) => parry_pose(pose, &s.offset),
            PeerShape::Ellipsoid(_) => parry_pose(pose, &ParryPose::IDENTITY),
        }
    }

    /// The support map, if the shape has one.
    fn support_map(&self) -> Option<&dyn SupportMap> {
        match self {
            PeerShape::Native(s) => s.shape.as_support_map(),
            PeerShape::Ellipsoid(e) => Some(e),
        }
    }
}

/// What parry does with a pair: its dispatcher for two native shapes, its GJK / EPA on
/// support maps otherwise.
enum Pair<'s> {
    Native(&'s dyn parry_shape::Shape, &'s dyn parry_shape::Shape),
    SupportMaps(&'s dyn SupportMap, &'s dyn SupportMap),
}

fn pair<'s>(a: &'s PeerShape, b: &'s PeerShape) -> Result<Pair<'s>, Unsupported> {
    match (a, b) {
        (PeerShape::Native(a), PeerShape::Native(b)) => Ok(Pair::Native(a.shape.as_ref(), b.shape.as_ref())),
        _ => match (a.support_map(), b.support_map()) {
            (Some(a), Some(b)) => Ok(Pair::SupportMaps(a, b)),
            _ => Err(Unsupported),
        },
    }
}

/// parry's distance between `a` at `pose_a` and `b` at `pose_b` (parry poses, see
/// [`PeerShape::pose`]); 0 when they overlap.
pub fn distance(
    pose_a: &ParryPose, a: &PeerShape, pose_b: &ParryPose, b: &PeerShape,
) -> Result<f64, Unsupported> {
    match pair(a, b)? {
        Pair::Native(a, b) => parry_query::distance(pose_a, a, pose_b, b).map(|d| d.distance),
        Pair::SupportMaps(a, b) => Ok(parry_query::details::distance_support_map_support_map(
            &pose_a.inv_mul(pose_b),
            a,
            b,
        )),
    }
}

/// parry's boolean intersection test.
pub fn intersects(
    pose_a: &ParryPose, a: &PeerShape, pose_b: &ParryPose, b: &PeerShape,
) -> Result<bool, Unsupported> {
    match pair(a, b)? {
        Pair::Native(a, b) => parry_query::intersection_test(pose_a, a, pose_b, b).map(|i| i.intersecting),
        Pair::SupportMaps(a, b) => Ok(parry_query::details::intersection_test_support_map_support_map(
            &pose_a.inv_mul(pose_b),
            a,
            b,
        )),
    }
}

/// parry's contact with prediction `margin`: the signed distance (negative: minus the
/// penetration depth) when it is at most `margin`, `None` otherwise.
pub fn contact(
    pose_a: &ParryPose, a: &PeerShape, pose_b: &ParryPose, b: &PeerShape, margin: f64,
) -> Result<Option<f64>, Unsupported> {
    match pair(a, b)? {
        Pair::Native(a, b) => parry_query::contact(pose_a, a, pose_b, b, margin).map(|c| c.map(|c| c.dist)),
        Pair::SupportMaps(a, b) => {
            Ok(
                parry_query::details::contact_support_map_support_map(&pose_a.inv_mul(pose_b), a, b, margin)
                    .map(|c| c.dist),
            )
        }
    }
}

/// The two comparison cells of a wolfe-against-parry table row: the ratio of the median
/// times `ours / theirs` (two decimals) and the share of problems on which wolfe was at
/// least as fast (`paired`: per problem, wolfe's ns and parry's); `"-"` for both when
/// either median is missing.
pub fn ratio_cells(ours: Option<u64>, theirs: Option<u64>, paired: &[(u64, u64)]) -> (String, String) {
    match (ours, theirs) {
        (Some(o), Some(t)) if !paired.is_empty() => {
            let wins = paired.iter().filter(|(o, t)| o <= t).count();
            (
                format!("{:.2}", o as f64 / t as f64),
                format!("{:.0}%", 100.0 * wins as f64 / paired.len() as f64),
            )
        }
        _ => ("-".into(), "-".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_cells_give_the_median_ratio_and_the_share_of_wins() {
        let paired = [(1, 2), (3, 3), (5, 4), (2, 8)];
        assert_eq!(
            ratio_cells(Some(3), Some(4), &paired),
            ("0.75".to_string(), "75%".to_string())
        );
        assert_eq!(
            ratio_cells(None, Some(4), &paired),
            ("-".to_string(), "-".to_string())
        );
        assert_eq!(
            ratio_cells(Some(3), Some(4), &[]),
            ("-".to_string(), "-".to_string())
        );
    }
    use wolfe::{
        Cone, ContactSolver, Cuboid, Ellipsoid, GjkSettings, GjkSolver, SignedDistanceSettings, Sphere,
    };

    /// A pose from a translation and a quaternion `(w, x, y, z)` of any norm.
    fn pose(t: [f64; 3], q: [f64; 4]) -> Pose {
        let n = q.iter().map(|c| c * c).sum::<f64>().sqrt();
        Pose::from_parts(t, q.map(|c| c / n)).unwrap()
    }

    /// Poses from far apart to overlapping (B's centre 3 m to 0.1 m from A's).
    fn poses() -> Vec<(Pose, Pose)> {
        [3.0, 1.2, 0.6, 0.45, 0.1]
            .into_iter()
            .enumerate()
            .map(|(i, gap)| {
                (
                    pose([0.1, -0.2, 0.3], [0.9, 0.1, -0.3, 0.2 + 0.1 * i as f64]),
                    pose([0.1 + gap, -0.1, 0.3], [0.5, -0.5, 0.4, 0.3]),
                )
            })
            .collect()
    }

    #[test]
    fn ellipsoid_support_maximizes_the_dot_product_on_the_surface() {
        let e = ParryEllipsoid::new(Vector::new(0.3, 0.1, 0.5));
        for d in [
            Vector::new(1.0, 2.0, -3.0),
            Vector::new(-0.2, 0.0, 0.1),
            Vector::Z,
        ] {
            let s = e.local_support_point(d);
            // On the surface.
            let q = (s / Vector::new(0.3, 0.1, 0.5)).length_squared();
            assert!((q - 1.0).abs() < 1e-12);
            // No surface point of a fine sweep beats it.
            for i in 0..40 {
                for j in 0..20 {
                    let (t, p) = (i as f64 * 0.157, j as f64 * 0.157);
                    let x = Vector::new(0.3 * t.cos() * p.sin(), 0.1 * t.sin() * p.sin(), 0.5 * p.cos());
                    assert!(x.dot(d) <= s.dot(d) + 1e-12);
                }
            }
        }
        assert_eq!(e.local_support_point(Vector::ZERO), Vector::new(0.3, 0.0, 0.0));
    }

    /// Both libraries see the same solids: distances agree far apart, and the boolean
    /// and contact answers agree everywhere, for an ellipsoid pair (support maps), a
    /// cone with its axis offset, and a box pair (parry's dispatcher).
    #[test]
    fn parry_and_wolfe_answer_the_same_problems_alike() {
        let shapes: [(Shape, Shape); 3] = [
            (
                Ellipsoid::new([0.3, 0.1, 0.5]).unwrap().into(),
                Ellipsoid::new([0.2, 0.4, 0.1]).unwrap().into(),
            ),
            (
                Cone::new(0.3, 0.2).unwrap().into(),
                Cuboid::new([0.2, 0.1, 0.3]).unwrap().into(),
            ),
            (
                Cuboid::new([0.3, 0.2, 0.1]).unwrap().into(),
                Sphere::new(0.25).unwrap().into(),
            ),
        ];
        let mut gjk = GjkSolver::new(GjkSettings::default()).unwrap();
        let mut epa = ContactSolver::new(SignedDistanceSettings::default()).unwrap();
        for (a, b) in &shapes {
            let (pa, pb) = (PeerShape::of(a).unwrap(), PeerShape::of(b).unwrap());
            for (wa, wb) in poses() {
                let (qa, qb) = (pa.pose(&wa), pb.pose(&wb));
                let ours = gjk.distance(a, &wa, b, &wb, None).unwrap().distance;
                let theirs = distance(&qa, &pa, &qb, &pb).unwrap();
                assert!((ours - theirs).abs() <= 1e-6 * (1.0 + ours), "{ours} vs {theirs}");
                let hit = gjk.intersects(a, &wa, b, &wb, None).unwrap().intersecting;
                assert_eq!(hit, intersects(&qa, &pa, &qb, &pb).unwrap());
                let sd = epa.signed_distance(a, &wa, b, &wb, None).unwrap().signed_distance;
                let c = contact(&qa, &pa, &qb, &pb, 10.0).unwrap().unwrap();
                assert!((sd - c).abs() <= 1e-5, "{sd} vs {c}");
                assert_eq!(contact(&qa, &pa, &qb, &pb, 0.0).unwrap().is_some(), sd <= 0.0);
            }
        }
        // The poses above include separated and overlapping ones for every pair.
        for (a, b) in &shapes {
            let hits: Vec<bool> = poses()
                .iter()
                .map(|(wa, wb)| gjk.intersects(a, wa, b, wb, None).unwrap().intersecting)
                .collect();
            assert!(hits.contains(&true) && hits.contains(&false), "{hits:?}");
        }
    }
}
