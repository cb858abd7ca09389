//! Convex shapes described by their support functions.
//!
//! A shape is a **core plus a radius** (DESIGN.md): a sphere is a point inflated by its
//! radius, a capsule a segment inflated by its radius. GJK iterates on the cores and adds
//! the radii at the end, which converges faster than iterating on rounded shapes.
//!
//! Support convention: [`SupportMap::local_support`] returns a point of the core that
//! *maximizes* `<dir, x>`. The papers' support of the Minkowski difference
//! `S_D(d) = argmin_{s in D} <d, s>` (GJK++ Eq. 8) is then
//! `S_A(-d) - S_B(d)` (Eq. 11), built in `collide::minkowski`.

mod axial;
mod capsule;
mod cone;
mod convex_mesh;
mod cuboid;
mod cylinder;
mod ellipsoid;
mod inflated;
mod mass;
mod scaled;
mod sphere;

use std::sync::Arc;

pub use capsule::Capsule;
pub use cone::Cone;
pub use cuboid::Cuboid;
pub use cylinder::Cylinder;
pub use ellipsoid::Ellipsoid;
pub use inflated::Inflated;
pub use mass::MassProperties;
pub use scaled::ScaledAboutCenter;
pub use sphere::Sphere;

use crate::math::{Aabb, Vec3};
use crate::mesh::ConvexMesh;

/// A convex set given by its support function, in its own local frame: the one-method
/// support trait (as parry's `SupportMap`).
///
/// One method is required; the hinted and quotient variants have defaults that fit most
/// shapes. The queries about a shape (radius, convexity, box, centre, inradius, seed
/// hint) are on [`ConvexShape`].
pub trait SupportMap {
    /// A point of the core that maximizes `<dir, x>`, in the local frame.
    ///
    /// `dir` need not be unit. For `dir = 0` any point of the core is a valid answer.
    fn local_support(&self, dir: &Vec3) -> Vec3;

    /// The same, warm-started: `hint` carries the index of the previous support vertex
    /// of the same query, so that meshes hill-climb from it (GJK++ Sec. II, "Computing
    /// support vector on meshes"). Shapes with closed-form supports ignore it.
    #[inline]
    fn local_support_hinted(&self, dir: &Vec3, hint: &mut u32) -> Vec3 {
        let _ = hint;
        self.local_support(dir)
    }

    /// The hinted support point as a quotient `(v, n)`, `support = v / n` with `n > 0`,
    /// for callers that map it linearly before dividing: the Minkowski difference
    /// rotates B's support into A's frame, and dividing after the rotation takes the
    /// rotation off the chain of dependent operations through the square root and
    /// division of a normalizing support (the ellipsoid's `D^2 d / |D d|`; -4% time of
    /// vanilla GJK on close ellipsoid pairs, interleaved A/B runs). Shapes without a
    /// normalization return `n = 1`, which the compiler folds away.
    #[inline]
    fn local_support_quotient(&self, dir: &Vec3, hint: &mut u32) -> (Vec3, f64) {
        (self.local_support_hinted(dir, hint), 1.0)
    }
}

/// The queries about a shape, beside its support function: the radius it is inflated
/// by, strict convexity, whether it is a polytope, its box, centre, inradius and a seed
/// hint for warm-started supports.
///
/// The queries of `collide` need these besides the support points; every wolfe shape
/// implements both traits. The defaults fit most shapes.
pub trait ConvexShape: SupportMap {
    /// The radius the core is inflated by (0 for shapes that are their own core).
    #[inline]
    fn radius(&self) -> f64 {
        0.0
    }

    /// Whether the core is strictly convex, i.e. its support point is unique for every
    /// direction (points and ellipsoids are; boxes, segments, cylinders and polytopes are
    /// not). Nesterov-accelerated GJK normalizes its support direction (GJK++ Alg. 7)
    /// only when a core of the pair is not strictly convex.
    fn is_strictly_convex(&self) -> bool;

    /// Whether the core is a polytope (boxes and convex meshes): Nesterov-accelerated
    /// GJK picks its momentum schedule by it (see `collide::gjk`).
    #[inline]
    fn is_polytope(&self) -> bool {
        false
    }

    /// A local-frame box around the whole shape (core and radius).
    fn local_aabb(&self) -> Aabb;

    /// The shape's centre point in the local frame: the point about which growth
    /// distance scales it by default (`collide::growth`). The local origin for the
    /// primitives, the mean of the hull vertices for meshes.
    #[inline]
    fn center(&self) -> Vec3 {
        Vec3::zeros()
    }

    /// A lower bound of the inradius of the whole shape (core and radius) about
    /// [`ConvexShape::center`]: the radius of a ball about the centre contained in the
    /// shape (growth distance paper, Def. 2, Alg. 1). The default 0 is always valid but
    /// useless; every wolfe shape gives its exact inradius.
    #[inline]
    fn inradius(&self) -> f64 {
        0.0
    }

    /// A good first hint for [`SupportMap::local_support_hinted`] in direction `dir`
    /// when there is no previous support vertex (a cold query) or the direction turned
    /// far from the previous one. Meshes look the direction up in a cube map of support
    /// vertices (about one cell per vertex), so that the climb is a step or two; other
    /// shapes ignore hints and return 0.
    #[inline]
    fn seed_hint(&self, dir: &Vec3) -> u32 {
        let _ = dir;
        0
    }
}

/// Any wolfe shape. Queries take `&Shape` and dispatch once, at the boundary, to generic
/// code monomorphized for the pair of concrete shapes.
#[derive(Clone, Debug)]
pub enum Shape {
    /// A ball.
    Sphere(Sphere),
    /// An axis-aligned (in its frame) ellipsoid.
    Ellipsoid(Ellipsoid),
    /// A box.
    Cuboid(Cuboid),
    /// A capsule along the local z axis.
    Capsule(Capsule),
    /// A cylinder along the local z axis.
    Cylinder(Cylinder),
    /// A cone along the local z axis, apex at `+half_length`.
    Cone(Cone),
    /// A convex polytope (shared, since meshes are large).
    ConvexMesh(Arc<ConvexMesh>),
    /// Any shape inflated by a radius (a swept sphere).
    Inflated(Box<Inflated<Shape>>),
}

impl Shape {
    /// A short name of the kind of shape, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Shape::Sphere(_) => "sphere",
            Shape::Ellipsoid(_) => "ellipsoid",
            Shape::Cuboid(_) => "box",
            Shape::Capsule(_) => "capsule",
            Shape::Cylinder(_) => "cylinder",
            Shape::Cone(_) => "cone",
            Shape::ConvexMesh(_) => "mesh",
            Shape::Inflated(_) => "inflated",
        }
    }

    /// This shape inflated by `radius` (must be finite and >= 0).
    pub fn inflated(self, radius: f64) -> Result<Shape, crate::error::WolfeError> {
        Ok(Shape::Inflated(Box::new(Inflated::new(self, radius)?)))
    }
}

impl From<Sphere> for Shape {
    fn from(s: Sphere) -> Self {
        Shape::Sphere(s)
    }
}
impl From<Ellipsoid> for Shape {
    fn from(s: Ellipsoid) -> Self {
        Shape::Ellipsoid(s)
    }
}
impl From<Cuboid> for Shape {
    fn from(s: Cuboid) -> Self {
        Shape::Cuboid(s)
    }
}
impl From<Capsule> for Shape {
    fn from(s: Capsule) -> Self {
        Shape::Capsule(s)
    }
}
impl From<Cylinder> for Shape {
    fn from(s: Cylinder) -> Self {
        Shape::Cylinder(s)
    }
}
impl From<Cone> for Shape {
    fn from(s: Cone) -> Self {
        Shape::Cone(s)
    }
}
impl From<ConvexMesh> for Shape {
    fn from(s: ConvexMesh) -> Self {
        Shape::ConvexMesh(Arc::new(s))
    }
}
impl From<Arc<ConvexMesh>> for Shape {
    fn from(s: Arc<ConvexMesh>) -> Self {
        Shape::ConvexMesh(s)
    }
}

/// Dynamic dispatch over the enum, for code that does not need monomorphized speed
/// (inflated wrappers of `Shape`, tests).
impl SupportMap for Shape {
    fn local_support(&self, dir: &Vec3) -> Vec3 {
        match self {
            Shape::Sphere(s) => s.local_support(dir),
            Shape::Ellipsoid(s) => s.local_support(dir),
            Shape::Cuboid(s) => s.local_support(dir),
            Shape::Capsule(s) => s.local_support(dir),
            Shape::Cylinder(s) => s.local_support(dir),
            Shape::Cone(s) => s.local_support(dir),
            Shape::ConvexMesh(s) => s.local_support(dir),
            Shape::Inflated(s) => s.local_support(dir),
        }
    }

    fn local_support_hinted(&self, dir: &Vec3, hint: &mut u32) -> Vec3 {
        match self {
            Shape::ConvexMesh(s) => s.local_support_hinted(dir, hint),
            Shape::Inflated(s) => s.local_support_hinted(dir, hint),
            _ => self.local_support(dir),
        }
    }

    fn local_support_quotient(&self, dir: &Vec3, hint: &mut u32) -> (Vec3, f64) {
        match self {
            Shape::Ellipsoid(s) => s.local_support_quotient(dir, hint),
            Shape::Inflated(s) => s.local_support_quotient(dir, hint),
            _ => (self.local_support_hinted(dir, hint), 1.0),
        }
    }
}

impl ConvexShape for Shape {
    #[inline]
    fn radius(&self) -> f64 {
        match self {
            Shape::Sphere(s) => s.radius(),
            Shape::Ellipsoid(s) => s.radius(),
            Shape::Cuboid(s) => s.radius(),
            Shape::Capsule(s) => s.radius(),
            Shape::Cylinder(s) => s.radius(),
            Shape::Cone(s) => s.radius(),
            Shape::ConvexMesh(s) => s.radius(),
            Shape::Inflated(s) => s.radius(),
        }
    }

    fn is_strictly_convex(&self) -> bool {
        match self {
            Shape::Sphere(s) => s.is_strictly_convex(),
            Shape::Ellipsoid(s) => s.is_strictly_convex(),
            Shape::Cuboid(s) => s.is_strictly_convex(),
            Shape::Capsule(s) => s.is_strictly_convex(),
            Shape::Cylinder(s) => s.is_strictly_convex(),
            Shape::Cone(s) => s.is_strictly_convex(),
            Shape::ConvexMesh(s) => s.is_strictly_convex(),
            Shape::Inflated(s) => s.is_strictly_convex(),
        }
    }

    fn is_polytope(&self) -> bool {
        match self {
            Shape::Cuboid(_) | Shape::ConvexMesh(_) => true,
            Shape::Inflated(s) => s.is_polytope(),
            _ => false,
        }
    }

    fn local_aabb(&self) -> Aabb {
        match self {
            Shape::Sphere(s) => s.local_aabb(),
            Shape::Ellipsoid(s) => s.local_aabb(),
            Shape::Cuboid(s) => s.local_aabb(),
            Shape::Capsule(s) => s.local_aabb(),
            Shape::Cylinder(s) => s.local_aabb(),
            Shape::Cone(s) => s.local_aabb(),
            Shape::ConvexMesh(s) => s.local_aabb(),
            Shape::Inflated(s) => s.local_aabb(),
        }
    }

    fn center(&self) -> Vec3 {
        match self {
            Shape::ConvexMesh(s) => s.center(),
            Shape::Inflated(s) => s.center(),
            _ => Vec3::zeros(),
        }
    }

    fn seed_hint(&self, dir: &Vec3) -> u32 {
        match self {
            Shape::ConvexMesh(s) => s.seed_hint(dir),
            Shape::Inflated(s) => s.seed_hint(dir),
            _ => 0,
        }
    }

    fn inradius(&self) -> f64 {
        match self {
            Shape::Sphere(s) => s.inradius(),
            Shape::Ellipsoid(s) => s.inradius(),
            Shape::Cuboid(s) => s.inradius(),
            Shape::Capsule(s) => s.inradius(),
            Shape::Cylinder(s) => s.inradius(),
            Shape::Cone(s) => s.inradius(),
            Shape::ConvexMesh(s) => s.inradius(),
            Shape::Inflated(s) => s.inradius(),
        }
    }
}

/// `+1` for `x >= 0`, `-1` otherwise: a sign that never returns 0, so that supports of
/// flat faces pick a vertex deterministically.
#[inline]
pub(crate) fn sign_nonzero(x: f64) -> f64 {
    if x >= 0.0 {
        1.0
    } else {
        -1.0
    }
}

#[cfg(test)]
pub(crate) mod test_util {
    use super::*;

    /// Checks the defining property of a support point by sampling: `<d, s>` is not
    /// below `<d, p>` for points `p` of the core reached by supports in other directions.
    pub fn assert_support_is_max<S: SupportMap>(shape: &S, dirs: &[Vec3]) {
        for d in dirs {
            let s = shape.local_support(d);
            for e in dirs {
                let p = shape.local_support(e);
                assert!(
                    d.dot(&s) >= d.dot(&p) - 1e-12 * (1.0 + p.norm()),
                    "support in {d:?} = {s:?} is beaten by {p:?}"
                );
            }
        }
    }

    /// A deterministic set of directions covering the sphere, axes and diagonals included.
    pub fn directions() -> Vec<Vec3> {
        let mut v = Vec::new();
        for i in -2..=2 {
            for j in -2..=2 {
                for k in -2..=2 {
                    if i != 0 || j != 0 || k != 0 {
                        v.push(Vec3::new(i as f64, j as f64 * 0.7, k as f64 * 1.3));
                    }
                }
            }
        }
        v
    }
}
