//! What the writer and the reader share: the file names and headers, the shape kinds
//! and their parameters, poses as seven numbers.

use wolfe::{ConvexShape, Pose, Quat, Shape, Vec3};

/// The scene file: one row per object.
pub const SCENE_FILE: &str = "scene.csv";
/// The trajectory file: one row per body per recorded step.
pub const TRAJECTORY_FILE: &str = "trajectory.csv";
/// The contacts file: one row per contact point that carried a force in a step.
pub const CONTACTS_FILE: &str = "contacts.csv";
/// The contact patches file (optional: runs with pressure-field contact): one row per
/// vertex of each contact polygon of a step.
pub const PATCHES_FILE: &str = "patches.csv";

/// The `scene.csv` header.
pub const SCENE_HEADER: &str = "object,name,kind,static,x,y,z,qw,qx,qy,qz,p0,p1,p2,mesh,mass,visual";
/// The `trajectory.csv` header.
pub const TRAJECTORY_HEADER: &str = "step,time,body,x,y,z,qw,qx,qy,qz";
/// The `contacts.csv` header.
pub const CONTACTS_HEADER: &str = "step,time,a,b,x,y,z,nx,ny,nz,fn,ft";
/// The `patches.csv` header.
pub const PATCHES_HEADER: &str = "step,time,polygon,a,b,pressure,area,x,y,z";

/// A rigid pose as the files hold it: translation `[x, y, z]` then unit quaternion
/// `[w, x, y, z]`.
pub type PoseArray = [f64; 7];

/// The seven numbers of a pose (its quaternion as stored, not renormalized).
pub fn pose_array(p: &Pose) -> PoseArray {
    let t = p.translation;
    let q = p.rotation.quaternion();
    [t.x, t.y, t.z, q.w, q.i, q.j, q.k]
}

/// The pose of seven numbers (the quaternion taken as unit, as the reader gives it).
pub fn to_pose(p: &PoseArray) -> Pose {
    Pose {
        translation: Vec3::new(p[0], p[1], p[2]),
        rotation: Quat::new_unchecked(nalgebra::Quaternion::new(p[3], p[4], p[5], p[6])),
    }
}

/// `q v q*` for a unit quaternion `q = [w, x, y, z]`.
pub fn rotate(q: &[f64; 4], v: &[f64; 3]) -> [f64; 3] {
    let (w, u) = (q[0], [q[1], q[2], q[3]]);
    let cross = |a: &[f64; 3], b: &[f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let t = cross(&u, v).map(|x| 2.0 * x);
    let c = cross(&u, &t);
    [
        v[0] + w * t[0] + c[0],
        v[1] + w * t[1] + c[1],
        v[2] + w * t[2] + c[2],
    ]
}

/// The kind of an object's shape (the `kind` column of `scene.csv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeKind {
    /// Ball: `p0` radius.
    Sphere,
    /// Ellipsoid: semi-axes `p0, p1, p2`.
    Ellipsoid,
    /// Box: half-extents `p0, p1, p2`.
    Box,
    /// Capsule along z: radius `p0`, half-length `p1`.
    Capsule,
    /// Cylinder along z: radius `p0`, half-length `p1`.
    Cylinder,
    /// Cone along z, apex at `+p1`, base disc of radius `p0` at `-p1`.
    Cone,
    /// Convex mesh: its hull in the `mesh` OBJ file.
    Mesh,
    /// A shape inflated by the radius `p0`; drawn from the sampled hull in `mesh`.
    Inflated,
    /// The half-space `z <= 0` of its pose.
    HalfSpace,
}

impl ShapeKind {
    /// Every kind.
    pub const ALL: [ShapeKind; 9] = [
        ShapeKind::Sphere,
        ShapeKind::Ellipsoid,
        ShapeKind::Box,
        ShapeKind::Capsule,
        ShapeKind::Cylinder,
        ShapeKind::Cone,
        ShapeKind::Mesh,
        ShapeKind::Inflated,
        ShapeKind::HalfSpace,
    ];

    /// The name `scene.csv` uses.
    pub fn name(&self) -> &'static str {
        match self {
            ShapeKind::Sphere => "sphere",
            ShapeKind::Ellipsoid => "ellipsoid",
            ShapeKind::Box => "box",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Cylinder => "cylinder",
            ShapeKind::Cone => "cone",
            ShapeKind::Mesh => "mesh",
            ShapeKind::Inflated => "inflated",
            ShapeKind::HalfSpace => "halfspace",
        }
    }

    /// The kind named `name` in `scene.csv`.
    pub fn from_name(name: &str) -> Option<ShapeKind> {
        ShapeKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The kind and the parameters `p0, p1, p2` of a shape (zeros where unused).
    pub fn of_shape(shape: &Shape) -> (ShapeKind, [f64; 3]) {
        match shape {
            Shape::Sphere(s) => (ShapeKind::Sphere, [s.ball_radius(), 0.0, 0.0]),
            Shape::Ellipsoid(e) => {
                let r = e.radii();
                (ShapeKind::Ellipsoid, [r.x, r.y, r.z])
            }
            Shape::Cuboid(c) => {
                let h = c.half_extents();
                (ShapeKind::Box, [h.x, h.y, h.z])
            }
            Shape::Capsule(c) => (ShapeKind::Capsule, [ConvexShape::radius(c), c.half_length(), 0.0]),
            Shape::Cylinder(c) => (ShapeKind::Cylinder, [c.disc_radius(), c.half_length(), 0.0]),
            Shape::Cone(c) => (ShapeKind::Cone, [c.base_radius(), c.half_length(), 0.0]),
            Shape::ConvexMesh(_) => (ShapeKind::Mesh, [0.0; 3]),
            Shape::Inflated(s) => (ShapeKind::Inflated, [s.added_radius(), 0.0, 0.0]),
        }
    }
}

/// The pose of a half-space `n . x <= offset` whose frame's `z <= 0` is the half-space:
/// the rotation taking `+z` to the outward normal, the translation `offset n`.
pub fn half_space_pose(half_space: &wolfe::HalfSpace) -> Pose {
    let n = half_space.normal();
    let rotation = Quat::rotation_between(&Vec3::z(), &n)
        .unwrap_or_else(|| Quat::from_scaled_axis(Vec3::new(std::f64::consts::PI, 0.0, 0.0)));
    Pose {
        rotation,
        translation: half_space.offset() * n,
    }
}
