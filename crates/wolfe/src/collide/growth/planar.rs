//! Growth distance in the plane: small 2D shapes and the same algorithm at `N = 2`.
//!
//! The paper benchmarks 2D sets too (Sec. IV-B, last paragraph). The loop is the
//! dimension-generic one of `core.rs`; this module only brings 2D shapes, poses and the
//! query.

use nalgebra::{Rotation2, Vector2};

use super::answer::{certified_alphas, separating_plane};
use super::core::{self, unit, GrowthTrace, Mode, PairSupport, Problem, V};
use super::settings::{GrowthSettings, GrowthStatus};
use crate::error::{positive, WolfeError};

/// A 2D vector or point.
pub type Vec2 = Vector2<f64>;

/// A convex 2D shape, centred at its local origin except polygons (vertex mean).
#[derive(Clone, Debug, PartialEq)]
pub enum Shape2 {
    /// A disc of the given radius.
    Disc {
        /// Radius, > 0.
        radius: f64,
    },
    /// An axis-aligned (in its frame) ellipse.
    Ellipse {
        /// Semi-axes, > 0.
        radii: Vec2,
    },
    /// An axis-aligned (in its frame) rectangle.
    Rectangle {
        /// Half extents, > 0.
        half_extents: Vec2,
    },
    /// A convex polygon: build with [`Shape2::polygon`].
    Polygon(Polygon),
}

/// A convex polygon: the hull vertices in counter-clockwise order, with its vertex mean
/// and inradius about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Polygon {
    vertices: Vec<Vec2>,
    centroid: Vec2,
    inradius: f64,
}

impl Polygon {
    /// The hull vertices, counter-clockwise.
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices
    }
}

impl Shape2 {
    /// A disc; `radius` finite and > 0.
    pub fn disc(radius: f64) -> Result<Self, WolfeError> {
        Ok(Shape2::Disc {
            radius: positive("disc", "radius", radius)?,
        })
    }

    /// An ellipse; semi-axes finite and > 0.
    pub fn ellipse(radii: [f64; 2]) -> Result<Self, WolfeError> {
        positive("ellipse", "radii.x", radii[0])?;
        positive("ellipse", "radii.y", radii[1])?;
        Ok(Shape2::Ellipse {
            radii: Vec2::from(radii),
        })
    }

    /// A rectangle; half extents finite and > 0.
    pub fn rectangle(half_extents: [f64; 2]) -> Result<Self, WolfeError> {
        positive("rectangle", "half_extents.x", half_extents[0])?;
        positive("rectangle", "half_extents.y", half_extents[1])?;
        Ok(Shape2::Rectangle {
            half_extents: Vec2::from(half_extents),
        })
    }

    /// The convex hull of `points` (Andrew's monotone chain). Errors on an empty set, a
    /// non-finite coordinate, or points spanning less than a polygon.
    pub fn polygon(points: &[Vec2]) -> Result<Self, WolfeError> {
        if points.is_empty() {
            return Err(WolfeError::EmptyMesh);
        }
        if let Some(index) = points.iter().position(|p| !(p.x.is_finite() && p.y.is_finite())) {
            return Err(WolfeError::NonFinitePoint { index });
        }
        let mut pts = points.to_vec();
        pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        pts.dedup();
        let cross = |o: &Vec2, a: &Vec2, b: &Vec2| (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
        let mut hull: Vec<Vec2> = Vec::with_capacity(2 * pts.len());
        for pass in 0..2 {
            let start = hull.len();
            let iter: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
                Box::new(pts.iter())
            } else {
                Box::new(pts.iter().rev())
            };
            for p in iter {
                while hull.len() >= start + 2 && cross(&hull[hull.len() - 2], &hull[hull.len() - 1], p) <= 0.0
                {
                    hull.pop();
                }
                hull.push(*p);
            }
            hull.pop();
        }
        if hull.len() < 3 {
            return Err(WolfeError::DegeneratePoints {
                dimension: hull.len().saturating_sub(1),
            });
        }
        let centroid = hull.iter().sum::<Vec2>() / hull.len() as f64;
        let n = hull.len();
        let inradius = (0..n)
            .map(|i| {
                let (a, b) = (hull[i], hull[(i + 1) % n]);
                let e = b - a;
                // Outward normal of a counter-clockwise edge: (e.y, -e.x).
                let nrm = Vec2::new(e.y, -e.x);
                nrm.dot(&(a - centroid)) / nrm.norm()
            })
            .fold(f64::INFINITY, f64::min)
            .max(0.0);
        Ok(Shape2::Polygon(Polygon {
            vertices: hull,
            centroid,
            inradius,
        }))
    }

    /// A point maximizing `<dir, x>` over the whole shape, local frame (`dir` unit for
    /// the disc; any non-zero length otherwise).
    #[inline]
    pub fn local_support(&self, dir: &Vec2) -> Vec2 {
        match self {
            Shape2::Disc { radius } => {
                let n = dir.norm();
                if n > 0.0 {
                    dir * (radius / n)
                } else {
                    Vec2::new(*radius, 0.0)
                }
            }
            Shape2::Ellipse { radii } => {
                let n = dir.component_mul(radii).norm();
                if n > 0.0 {
                    dir.component_mul(radii).component_mul(radii) / n
                } else {
                    Vec2::new(radii.x, 0.0)
                }
            }
            Shape2::Rectangle { half_extents: h } => Vec2::new(
                if dir.x >= 0.0 { h.x } else { -h.x },
                if dir.y >= 0.0 { h.y } else { -h.y },
            ),
            Shape2::Polygon(poly) => {
                let mut best = poly.vertices[0];
                let mut best_v = dir.dot(&best);
                for v in &poly.vertices[1..] {
                    let d = dir.dot(v);
                    if d > best_v {
                        best_v = d;
                        best = *v;
                    }
                }
                best
            }
        }
    }

    /// The default centre: the local origin, or the vertex mean of a polygon.
    pub fn center(&self) -> Vec2 {
        match self {
            Shape2::Polygon(p) => p.centroid,
            _ => Vec2::zeros(),
        }
    }

    /// The inradius about [`Shape2::center`].
    pub fn inradius(&self) -> f64 {
        match self {
            Shape2::Disc { radius } => *radius,
            Shape2::Ellipse { radii } => radii.min(),
            Shape2::Rectangle { half_extents } => half_extents.min(),
            Shape2::Polygon(p) => p.inradius,
        }
    }
}

/// A rigid 2D pose: `x_world = R(angle) x_local + translation`.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Pose2 {
    /// Translation.
    pub translation: Vec2,
    /// Rotation angle in radians, counter-clockwise.
    pub angle: f64,
}

impl Pose2 {
    /// A pose from a translation and an angle.
    pub fn new(translation: [f64; 2], angle: f64) -> Self {
        Self {
            translation: Vec2::from(translation),
            angle,
        }
    }

    fn validate(&self) -> Result<(), WolfeError> {
        if self.translation.iter().all(|x| x.is_finite()) && self.angle.is_finite() {
            Ok(())
        } else {
            Err(WolfeError::NonFinitePose)
        }
    }
}

/// Result of a 2D growth distance query (world frame); fields as in
/// [`super::GrowthOutput`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct GrowthOutput2 {
    /// Growth distance (feasible end, `alpha_upper`).
    pub alpha: f64,
    /// Certified lower bound.
    pub alpha_lower: f64,
    /// Certified upper bound (= `alpha`).
    pub alpha_upper: f64,
    /// Witness point of A.
    pub point_a: Vec2,
    /// Witness point of B.
    pub point_b: Vec2,
    /// Common point of the shapes scaled by `alpha`.
    pub contact_point: Vec2,
    /// Unit normal from A to B of the outer halfspace.
    pub normal: Vec2,
    /// Iterations.
    pub iterations: u32,
    /// How the solver ended.
    pub status: GrowthStatus,
}

struct Pair2<'s> {
    a: &'s Shape2,
    b: &'s Shape2,
    rot_ab: Rotation2<f64>,
    /// The centres, A's in A's frame and B's in B's: supports are offsets from them.
    c1: Vec2,
    cb: Vec2,
}

impl PairSupport<2> for Pair2<'_> {
    #[inline]
    fn supports(&mut self, lambda: &V<2>) -> (V<2>, V<2>) {
        let sa = self.a.local_support(lambda);
        let d_b = -(self.rot_ab.inverse() * lambda);
        (sa - self.c1, self.rot_ab * (self.b.local_support(&d_b) - self.cb))
    }
}

/// Growth distance between 2D shapes scaled about their default centres.
pub fn growth_distance_2d(
    a: &Shape2, pose_a: &Pose2, b: &Shape2, pose_b: &Pose2, settings: &GrowthSettings,
) -> Result<GrowthOutput2, WolfeError> {
    growth_distance_2d_traced(a, pose_a, b, pose_b, settings, &mut ())
}

/// [`growth_distance_2d`], reporting every iteration's bounds to `trace`.
pub fn growth_distance_2d_traced<T: GrowthTrace>(
    a: &Shape2, pose_a: &Pose2, b: &Shape2, pose_b: &Pose2, settings: &GrowthSettings, trace: &mut T,
) -> Result<GrowthOutput2, WolfeError> {
    let f = Frame2::new(a, pose_a, b, pose_b, settings)?;
    if f.p == Vec2::zeros() {
        let c = f.world(f.c1);
        return Ok(GrowthOutput2 {
            alpha: 0.0,
            alpha_lower: 0.0,
            alpha_upper: 0.0,
            point_a: c,
            point_b: c,
            contact_point: c,
            normal: Vec2::zeros(),
            iterations: 0,
            status: GrowthStatus::Converged,
        });
    }
    let run = f.solve(a, b, settings, Mode::Distance, trace);
    let (alpha_lower, alpha, wa, wb) = certified_alphas(&run, &f.p);
    Ok(GrowthOutput2 {
        alpha,
        alpha_lower,
        alpha_upper: alpha,
        point_a: f.world(f.c1 + wa),
        point_b: f.world(f.c1 + f.p + wb),
        contact_point: f.world(f.c1 + alpha * wa),
        normal: f.rot_a * unit(&run.lambda_upper),
        iterations: run.iterations,
        status: match run.stop {
            core::Stop::Converged => GrowthStatus::Converged,
            core::Stop::IterationLimit => GrowthStatus::IterationLimit,
            _ => GrowthStatus::NumericalTrouble,
        },
    })
}

/// Result of a 2D growth-based collision test (world frame); fields as in
/// [`super::GrowthCollisionOutput`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct GrowthCollisionOutput2 {
    /// Whether the shapes intersect (touching counts; conservative `true` when undecided
    /// without a separating line).
    pub intersecting: bool,
    /// Certified lower bound of the growth distance.
    pub alpha_lower: f64,
    /// Certified upper bound of the growth distance.
    pub alpha_upper: f64,
    /// When separated: unit normal, from A to B, of a separating line:
    /// `<n, x> <= offset_a` on A, `<n, x> >= offset_b` on B, `offset_a < offset_b`.
    /// Zero when none was found.
    pub separating_normal: Vec2,
    /// See `separating_normal`.
    pub offset_a: f64,
    /// See `separating_normal`.
    pub offset_b: f64,
    /// When overlapping: a point of both shapes.
    pub common_point: Option<Vec2>,
    /// Iterations.
    pub iterations: u32,
    /// `Separated` / `Overlapping` on early exit, `Converged` when touching, or a failure.
    pub status: GrowthStatus,
}

/// Growth-based collision test with early exit (Sec. III-F.4) between 2D shapes scaled
/// about their default centres.
pub fn growth_collide_2d(
    a: &Shape2, pose_a: &Pose2, b: &Shape2, pose_b: &Pose2, settings: &GrowthSettings,
) -> Result<GrowthCollisionOutput2, WolfeError> {
    let f = Frame2::new(a, pose_a, b, pose_b, settings)?;
    if f.p == Vec2::zeros() {
        return Ok(GrowthCollisionOutput2 {
            intersecting: true,
            alpha_lower: 0.0,
            alpha_upper: 0.0,
            separating_normal: Vec2::zeros(),
            offset_a: 0.0,
            offset_b: 0.0,
            common_point: Some(f.world(f.c1)),
            iterations: 0,
            status: GrowthStatus::Overlapping,
        });
    }
    let run = f.solve(a, b, settings, Mode::Collision, &mut ());
    let (alpha_lower, alpha_upper, wa, _) = certified_alphas(&run, &f.p);
    let (separating_normal, offset_a, offset_b) =
        separating_plane(&run, &f.c1, &f.p, |n| f.rot_a * n, &pose_a.translation);
    let common_point = (alpha_upper <= 1.0).then(|| f.world(f.c1 + alpha_upper * wa));
    let separated = run.beta_upper < 1.0;
    Ok(GrowthCollisionOutput2 {
        intersecting: !separated,
        alpha_lower,
        alpha_upper,
        separating_normal,
        offset_a,
        offset_b,
        common_point,
        iterations: run.iterations,
        status: GrowthStatus::from_stop(run.stop),
    })
}

/// A 2D query in A's frame: the ray `p` between the centres (Prop. 1; the supports are
/// offsets from the centres) and A's pose to map answers back to world frame.
struct Frame2 {
    rot_a: Rotation2<f64>,
    translation_a: Vec2,
    rot_ab: Rotation2<f64>,
    /// A's centre (A's frame) and B's (B's frame).
    c1: Vec2,
    cb: Vec2,
    /// `c2 - c1` in A's frame.
    p: Vec2,
}

impl Frame2 {
    /// Validates the inputs and computes the query in A's frame.
    fn new(
        a: &Shape2, pose_a: &Pose2, b: &Shape2, pose_b: &Pose2, settings: &GrowthSettings,
    ) -> Result<Self, WolfeError> {
        settings.validate()?;
        pose_a.validate()?;
        pose_b.validate()?;
        let rot_a = Rotation2::new(pose_a.angle);
        let rot_ab = Rotation2::new(pose_b.angle - pose_a.angle);
        let t_ab = rot_a.inverse() * (pose_b.translation - pose_a.translation);
        let (c1, cb) = (a.center(), b.center());
        Ok(Self {
            rot_a,
            translation_a: pose_a.translation,
            rot_ab,
            c1,
            cb,
            p: (rot_ab * cb - c1) + t_ab,
        })
    }

    /// A point of A's frame in world frame.
    fn world(&self, x: Vec2) -> Vec2 {
        self.rot_a * x + self.translation_a
    }

    /// The loop of `core.rs` on the pair, cold started.
    fn solve<T: GrowthTrace>(
        &self, a: &Shape2, b: &Shape2, settings: &GrowthSettings, mode: Mode, trace: &mut T,
    ) -> core::Run<2> {
        let (rot_ab, c1, cb) = (self.rot_ab, self.c1, self.cb);
        let mut pair = Pair2 { a, b, rot_ab, c1, cb };
        let problem = Problem {
            p: self.p,
            r1: a.inradius(),
            r2: b.inradius(),
            tolerance: settings.tolerance,
            max_iterations: settings.max_iterations,
            warm: None,
            mode,
        };
        core::solve(&mut pair, &problem, trace)
    }
}
