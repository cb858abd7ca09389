//! Rigid bodies, their joints to the world and their contact materials.
//!
//! A body's frame is its **centre-of-mass frame**; its shape sits in it at
//! [`RigidBody::shape_pose`]. Each body is one tree of the SAP problem (Section IV-D):
//! its generalized velocities `v` (6 for a free body, 3 for a planar one) map to its
//! spatial velocity (linear velocity of the centre of mass and angular velocity, both in
//! world frame) by a constant `6 x n` selection matrix `S` ([`Joint::spatial_map`]).
//! Everything the stepper needs follows from `S`: the mass matrix `S^T M_6 S`, the
//! Jacobian of a point `[I, -[r]x] S`, the generalized forces `S^T f_6`, and the
//! kinematic map (Eq. 1) as the motion of the frame under the spatial velocity `S v`.

use nalgebra::{DMatrix, Matrix3, SMatrix, SVector};
use wolfe::{Geometry, Pose, Quat, Shape, Vec3};

use crate::error::SimError;
use crate::filter::CollisionFilter;

/// How a body moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Joint {
    /// Six degrees of freedom: `v = [v_com (world), omega (world)]`.
    Free,
    /// The plane `y = const`: translation along x and z and rotation about y, as the
    /// paper's spring-cylinder (Section VI-B): `v = [xdot, zdot, thetadot_y]`. The
    /// body's initial pose must lie in the plane (rotation about y only).
    Planar,
}

impl Joint {
    /// Number of generalized velocities.
    pub fn dofs(&self) -> usize {
        match self {
            Joint::Free => 6,
            Joint::Planar => 3,
        }
    }

    /// The `6 x n` map from generalized velocities to the spatial velocity
    /// `[v_com; omega]` in world frame.
    pub fn spatial_map(&self) -> DMatrix<f64> {
        match self {
            Joint::Free => DMatrix::identity(6, 6),
            Joint::Planar => {
                let mut s = DMatrix::zeros(6, 3);
                s[(0, 0)] = 1.0; // x
                s[(2, 1)] = 1.0; // z
                s[(4, 2)] = 1.0; // rotation about y
                s
            }
        }
    }
}

/// Contact parameters of one geometry (Section II-B, Eq. 2). A pair combines its two
/// materials by [`Material::combine`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    /// Stiffness k, N/m (positive; `f64::INFINITY` for a rigid geometry).
    pub stiffness: f64,
    /// Dissipation time scale tau_d, seconds (non-negative).
    pub dissipation_time_scale: f64,
    /// Coefficient of friction mu (non-negative).
    pub friction: f64,
}

impl Default for Material {
    /// Rigid (the near-rigid regime of Section V-B then sets the compliance), no
    /// dissipation time scale, mu = 1.
    fn default() -> Self {
        Self {
            stiffness: f64::INFINITY,
            dissipation_time_scale: 0.0,
            friction: 1.0,
        }
    }
}

impl Material {
    /// The pair's parameters, combined as Drake combines point-contact parameters:
    /// stiffnesses in series (`k = k1 k2 / (k1 + k2)`, a rigid side leaves the other's
    /// stiffness), dissipation time scales weighted by the other side's stiffness
    /// (`tau = (k2 tau1 + k1 tau2) / (k1 + k2)`, so that the softer side dominates, and
    /// the same value for equal materials), friction `2 mu1 mu2 / (mu1 + mu2)`.
    pub fn combine(&self, other: &Material) -> Material {
        let (k1, k2) = (self.stiffness, other.stiffness);
        let (stiffness, w1) = match (k1.is_infinite(), k2.is_infinite()) {
            (true, true) => (f64::INFINITY, 0.5),
            (true, false) => (k2, 0.0),
            (false, true) => (k1, 1.0),
            (false, false) => (k1 * k2 / (k1 + k2), k2 / (k1 + k2)),
        };
        let tau = w1 * self.dissipation_time_scale + (1.0 - w1) * other.dissipation_time_scale;
        let (m1, m2) = (self.friction, other.friction);
        let friction = if m1 + m2 > 0.0 {
            2.0 * m1 * m2 / (m1 + m2)
        } else {
            0.0
        };
        Material {
            stiffness,
            dissipation_time_scale: tau,
            friction,
        }
    }

    /// Checks the ranges.
    pub(crate) fn check(&self) -> Result<(), (&'static str, f64, &'static str)> {
        if self.stiffness.is_nan() || self.stiffness <= 0.0 {
            return Err((
                "stiffness",
                self.stiffness,
                "must be positive (infinite for rigid)",
            ));
        }
        if !(self.dissipation_time_scale.is_finite() && self.dissipation_time_scale >= 0.0) {
            return Err((
                "dissipation_time_scale",
                self.dissipation_time_scale,
                "must be finite and >= 0",
            ));
        }
        if !(self.friction.is_finite() && self.friction >= 0.0) {
            return Err(("friction", self.friction, "must be finite and >= 0"));
        }
        Ok(())
    }
}

/// A rigid body: geometry, inertia, joint, contact material and initial state.
///
/// Its geometry is a convex [`wolfe::Shape`] or a [`wolfe::Compound`] of convex parts
/// (each part touches on its own: see `detect/composite.rs`). A triangle mesh may only
/// be static geometry ([`crate::StaticGeometry::Composite`]): a moving mesh has no
/// volume to give it mass and no inside for a contact to push out of, so a body with
/// one is refused at [`crate::World::add_body`] with the advice to decompose it.
#[derive(Clone, Debug)]
pub struct RigidBody {
    /// A name for messages and output files.
    pub name: String,
    /// Its geometry: a convex shape or a compound.
    pub shape: Geometry,
    /// Pose of the shape's frame in the body (centre-of-mass) frame.
    pub shape_pose: Pose,
    /// Mass, kg (finite, positive).
    pub mass: f64,
    /// Rotational inertia about the centre of mass, body axes, kg m^2 (symmetric
    /// positive definite).
    pub inertia: Matrix3<f64>,
    /// How it moves.
    pub joint: Joint,
    /// Contact parameters.
    pub material: Material,
    /// Initial pose of the body frame in world.
    pub pose: Pose,
    /// Initial linear velocity of the centre of mass, world frame, m/s.
    pub linear_velocity: Vec3,
    /// Initial angular velocity, world frame, rad/s.
    pub angular_velocity: Vec3,
    /// Collision groups (default: touches everything).
    pub filter: CollisionFilter,
}

impl RigidBody {
    /// A free body at rest at `pose`, its shape's frame at the centre of mass, with the
    /// default material.
    pub fn new(name: impl Into<String>, shape: Shape, mass: f64, inertia: Matrix3<f64>, pose: Pose) -> Self {
        Self::from_geometry(name, Geometry::Convex(shape), mass, inertia, pose)
    }

    /// As [`RigidBody::new`] for any geometry: a convex shape or a compound (a triangle
    /// mesh is refused when the body is added: see [`RigidBody`]).
    pub fn from_geometry(
        name: impl Into<String>, shape: Geometry, mass: f64, inertia: Matrix3<f64>, pose: Pose,
    ) -> Self {
        Self {
            name: name.into(),
            shape,
            shape_pose: Pose::identity(),
            mass,
            inertia,
            joint: Joint::Free,
            material: Material::default(),
            pose,
            linear_velocity: Vec3::zeros(),
            angular_velocity: Vec3::zeros(),
            filter: CollisionFilter::default(),
        }
    }

    /// A free body at rest whose mass, centre of mass and inertia come from the shape
    /// and a uniform `density` (kg/m^3). `pose` places the shape's frame in world;
    /// the body frame is put at the centre of mass with the shape's axes.
    pub fn from_density(
        name: impl Into<String>, shape: Shape, density: f64, pose: Pose,
    ) -> Result<Self, SimError> {
        Self::from_geometry_density(name, Geometry::Convex(shape), density, pose)
    }

    /// As [`RigidBody::from_density`] for any geometry. A compound's mass properties
    /// are its parts' summed ([`wolfe::Compound::mass_properties`]: exact for
    /// primitives, a mesh part's from its hull's volume); a triangle mesh is refused
    /// (see [`RigidBody`]).
    pub fn from_geometry_density(
        name: impl Into<String>, shape: Geometry, density: f64, pose: Pose,
    ) -> Result<Self, SimError> {
        if let Geometry::TriMesh(_) = shape {
            return Err(dynamic_mesh_error(&format!("`{}`", name.into())));
        }
        let props = shape.mass_properties(density)?;
        let shape_pose = Pose::from_translation(-props.local_center);
        let body_pose = Pose {
            rotation: pose.rotation,
            translation: pose.transform_point(&props.local_center),
        };
        let mut body = Self::from_geometry(name, shape, props.mass, props.inertia, body_pose);
        body.shape_pose = shape_pose;
        Ok(body)
    }

    /// Sets the material.
    pub fn with_material(mut self, material: Material) -> Self {
        self.material = material;
        self
    }

    /// Sets the collision groups.
    pub fn with_filter(mut self, filter: CollisionFilter) -> Self {
        self.filter = filter;
        self
    }

    /// Sets the joint.
    pub fn with_joint(mut self, joint: Joint) -> Self {
        self.joint = joint;
        self
    }

    /// Sets the initial velocities (world frame).
    pub fn with_velocity(mut self, linear: Vec3, angular: Vec3) -> Self {
        self.linear_velocity = linear;
        self.angular_velocity = angular;
        self
    }

    /// The shape's pose in world for the body pose `pose`.
    pub fn shape_world_pose(&self, pose: &Pose) -> Pose {
        pose.compose(&self.shape_pose)
    }

    /// The radius of a ball about the body's origin (its centre of mass) that holds the
    /// shape: the farthest corner of the shape's box in the body frame.
    pub(crate) fn bounding_radius(&self) -> f64 {
        let b = self.shape.local_aabb().transformed(&self.shape_pose);
        let far = b.min.abs().sup(&b.max.abs());
        far.norm()
    }

    /// Checks the parameters; `index` names the body in errors.
    pub(crate) fn validate(&self, index: usize) -> Result<(), SimError> {
        let bad = |parameter, value, reason| SimError::InvalidBody {
            body: index,
            name: self.name.clone(),
            parameter,
            value,
            reason,
        };
        if let Geometry::TriMesh(_) = self.shape {
            return Err(dynamic_mesh_error(&format!("body {index} ({})", self.name)));
        }
        if !(self.mass.is_finite() && self.mass > 0.0) {
            return Err(bad("mass", self.mass, "must be finite and positive"));
        }
        let i = &self.inertia;
        if i.iter().any(|x| !x.is_finite()) || (i - i.transpose()).norm() > 1e-9 * i.norm() {
            return Err(bad("inertia", i.norm(), "must be finite and symmetric"));
        }
        let min_eig = i.symmetric_eigenvalues().min();
        if min_eig.is_nan() || min_eig <= 0.0 {
            return Err(bad(
                "inertia",
                min_eig,
                "must be positive definite (smallest eigenvalue)",
            ));
        }
        self.pose
            .validate()
            .map_err(|_| bad("pose", f64::NAN, "must be finite with a unit quaternion"))?;
        self.shape_pose
            .validate()
            .map_err(|_| bad("shape_pose", f64::NAN, "must be finite with a unit quaternion"))?;
        for (parameter, v) in [
            ("linear_velocity", &self.linear_velocity),
            ("angular_velocity", &self.angular_velocity),
        ] {
            if let Some(x) = v.iter().find(|x| !x.is_finite()) {
                return Err(bad(parameter, *x, "must be finite"));
            }
        }
        if let Err((parameter, value, reason)) = self.material.check() {
            return Err(bad(parameter, value, reason));
        }
        if self.joint == Joint::Planar {
            let y_axis = self.pose.rotation * Vec3::y();
            if (y_axis - Vec3::y()).norm() > 1e-9 {
                return Err(bad(
                    "pose",
                    (y_axis - Vec3::y()).norm(),
                    "of a planar body must rotate about y only",
                ));
            }
            let ang = self.angular_velocity;
            if ang.x != 0.0 || ang.z != 0.0 || self.linear_velocity.y != 0.0 {
                return Err(bad(
                    "velocity",
                    ang.x.abs() + ang.z.abs() + self.linear_velocity.y.abs(),
                    "of a planar body must lie in its plane (no y velocity, no x/z rotation)",
                ));
            }
        }
        Ok(())
    }

    /// The initial generalized velocities.
    pub(crate) fn initial_velocities(&self) -> Vec<f64> {
        let (l, w) = (self.linear_velocity, self.angular_velocity);
        match self.joint {
            Joint::Free => vec![l.x, l.y, l.z, w.x, w.y, w.z],
            Joint::Planar => vec![l.x, l.z, w.y],
        }
    }

    /// The 6 x 6 spatial inertia `diag(m I, R I_body R^T)` at orientation `rotation`.
    pub(crate) fn spatial_inertia(&self, rotation: &Quat) -> SMatrix<f64, 6, 6> {
        let r = rotation.to_rotation_matrix();
        let iw = r * self.inertia * r.transpose();
        let mut m = SMatrix::<f64, 6, 6>::zeros();
        for k in 0..3 {
            m[(k, k)] = self.mass;
        }
        m.fixed_view_mut::<3, 3>(3, 3).copy_from(&iw);
        m
    }
}

/// The error for a moving triangle mesh: it must be decomposed into a compound.
fn dynamic_mesh_error(name: &str) -> SimError {
    SimError::invalid(
        "body geometry",
        format!(
            "{name} is a triangle mesh, which may only be static geometry: decompose it \
             into a compound of convex parts (`TriMesh::decompose`, feature `decompose`) \
             or use its hull for a moving body"
        ),
    )
}

/// The pose reached from `pose` under the spatial velocity `[lin; ang]` held for `h`
/// seconds: translation by `h lin`, rotation by the exponential map of `h ang` (the
/// kinematic map of Eq. 1 integrated exactly for a constant velocity; it keeps the
/// quaternion unit without renormalization).
pub(crate) fn advance(pose: &Pose, lin: &Vec3, ang: &Vec3, h: f64) -> Pose {
    Pose {
        translation: pose.translation + h * lin,
        rotation: Quat::from_scaled_axis(h * ang) * pose.rotation,
    }
}

/// The 3 x 6 Jacobian of the velocity of the world point `p` of a body whose centre of
/// mass is at `c`: `v_p = v + omega x (p - c) = [I, -[p - c]x] [v; omega]`.
pub(crate) fn point_jacobian6(p: &Vec3, c: &Vec3) -> SMatrix<f64, 3, 6> {
    let r = p - c;
    let mut j = SMatrix::<f64, 3, 6>::zeros();
    j.fixed_view_mut::<3, 3>(0, 0).copy_from(&Matrix3::identity());
    // -[r]x
    j.fixed_view_mut::<3, 3>(0, 3).copy_from(&(-r.cross_matrix()));
    j
}

/// `S point_jacobian6(p, c)` for `S = sign R^T`, `R` = `frame` (the contact frame's axes
/// as columns, `sign` = +-1 for the two sides of a contact): the Jacobian of a point's
/// velocity in the frame's axes, written out. The left 3 x 3 block is `S`; each entry of
/// the right block `S (-[r]x)` is the sum of its two nonzero products in the order of
/// the matrix product. Only zero terms are left out, so the values are those of the
/// product (tested): the contact Jacobians of every step cost a fifth of the product.
pub(crate) fn frame_jacobian6(frame: &Matrix3<f64>, p: &Vec3, c: &Vec3, sign: f64) -> SMatrix<f64, 3, 6> {
    let r = p - c;
    let mut j = SMatrix::<f64, 3, 6>::zeros();
    for i in 0..3 {
        // Row i of S: sign times column i of the frame (exact).
        let s = sign * frame.column(i);
        j[(i, 0)] = s.x;
        j[(i, 1)] = s.y;
        j[(i, 2)] = s.z;
        // -[r]x has the columns (0, -r_z, r_y), (r_z, 0, -r_x), (-r_y, r_x, 0).
        j[(i, 3)] = s.y * -r.z + s.z * r.y;
        j[(i, 4)] = s.x * r.z + s.z * -r.x;
        j[(i, 5)] = s.x * -r.y + s.y * r.x;
    }
    j
}

/// Solves `M x = b` for a free body's spatial inertia `M = diag(m I, I_w)` (exactly zero
/// off-diagonal blocks, as [`RigidBody::spatial_inertia`] builds it) by the Cholesky
/// factorization of each 3 x 3 block; `None` when one fails to factor. The 6 x 6
/// factorization gives the same values (its terms from the zero blocks are zeros;
/// tested) at about twice the cost.
pub(crate) fn solve_free_body(m6: &SMatrix<f64, 6, 6>, b: &SVector<f64, 6>) -> Option<SVector<f64, 6>> {
    let lin = m6.fixed_view::<3, 3>(0, 0).into_owned().cholesky()?;
    let ang = m6.fixed_view::<3, 3>(3, 3).into_owned().cholesky()?;
    let mut x = SVector::<f64, 6>::zeros();
    x.fixed_rows_mut::<3>(0)
        .copy_from(&lin.solve(&b.fixed_rows::<3>(0).into_owned()));
    x.fixed_rows_mut::<3>(3)
        .copy_from(&ang.solve(&b.fixed_rows::<3>(3).into_owned()));
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The written-out contact Jacobian equals `R^T J` and `(-R^T) J` computed by the
    /// matrix product, entry for entry, on random frames and points.
    #[test]
    fn frame_jacobian_is_the_matrix_product() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..5000 {
            let mut v = || {
                Vec3::new(
                    rng.random_range(-2.0..2.0),
                    rng.random_range(-2.0..2.0),
                    rng.random_range(-2.0..2.0),
                )
            };
            let (p, c, n) = (v(), v(), v().normalize());
            let frame = wolfe_sap::contact_frame(&n);
            let rt = frame.transpose();
            assert_eq!(frame_jacobian6(&frame, &p, &c, 1.0), rt * point_jacobian6(&p, &c));
            assert_eq!(
                frame_jacobian6(&frame, &p, &c, -1.0),
                -rt * point_jacobian6(&p, &c)
            );
        }
    }

    /// The block-by-block solve of a free body's spatial inertia gives the 6 x 6
    /// Cholesky solve's values on random bodies and right-hand sides.
    #[test]
    fn free_body_solve_is_the_6x6_solve() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for _ in 0..5000 {
            let b = Matrix3::from_fn(|_, _| rng.random_range(-1.0..1.0));
            let inertia = b.transpose() * b + Matrix3::identity() * 1e-3;
            let mass = rng.random_range(0.01..10.0);
            let body = RigidBody::new(
                "b",
                wolfe::Sphere::new(0.1).unwrap().into(),
                mass,
                inertia,
                Pose::identity(),
            );
            let axis = Vec3::new(
                rng.random_range(-3.0..3.0),
                rng.random_range(-3.0..3.0),
                rng.random_range(-3.0..3.0),
            );
            let m6 = body.spatial_inertia(&Quat::from_scaled_axis(axis));
            let rhs = SVector::<f64, 6>::from_fn(|_, _| rng.random_range(-10.0..10.0));
            let whole = m6.cholesky().map(|c| c.solve(&rhs));
            assert_eq!(solve_free_body(&m6, &rhs), whole);
        }
    }

    #[test]
    fn combined_material_is_symmetric_and_keeps_equal_materials() {
        let a = Material {
            stiffness: 2e4,
            dissipation_time_scale: 0.02,
            friction: 1.0,
        };
        let b = Material {
            stiffness: 1e4,
            dissipation_time_scale: 0.01,
            friction: 0.5,
        };
        assert_eq!(a.combine(&b), b.combine(&a));
        let aa = a.combine(&a);
        assert!((aa.stiffness - 1e4).abs() < 1e-9);
        assert!((aa.dissipation_time_scale - 0.02).abs() < 1e-15);
        assert!((aa.friction - 1.0).abs() < 1e-15);
        let rigid = Material::default();
        let r = rigid.combine(&a);
        assert_eq!(r.stiffness, a.stiffness);
        assert_eq!(r.dissipation_time_scale, a.dissipation_time_scale);
    }

    #[test]
    fn point_jacobian_gives_rigid_velocity() {
        let c = Vec3::new(1.0, 2.0, 3.0);
        let p = Vec3::new(1.5, 2.0, 2.0);
        let (v, w) = (Vec3::new(0.1, -0.2, 0.3), Vec3::new(2.0, 1.0, -1.0));
        let mut s = nalgebra::SVector::<f64, 6>::zeros();
        s.fixed_rows_mut::<3>(0).copy_from(&v);
        s.fixed_rows_mut::<3>(3).copy_from(&w);
        let vp = point_jacobian6(&p, &c) * s;
        assert!((vp - (v + w.cross(&(p - c)))).norm() < 1e-15);
    }

    #[test]
    fn advance_rotates_by_the_exponential_map() {
        let pose = Pose::identity();
        let w = Vec3::new(0.0, 0.0, std::f64::consts::PI);
        let p = advance(&pose, &Vec3::x(), &w, 0.5);
        assert!((p.translation - Vec3::new(0.5, 0.0, 0.0)).norm() < 1e-15);
        assert!((p.rotation * Vec3::x() - Vec3::y()).norm() < 1e-15);
    }
}
