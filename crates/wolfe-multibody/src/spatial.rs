//! Featherstone's spatial algebra on fixed-size nalgebra types.
//!
//! A spatial **motion** vector (velocity, acceleration, a joint's motion subspace column)
//! is `m = [w; v]`: the angular part `w` and the linear velocity `v` of the point that
//! coincides with the origin of the frame the vector is expressed in (Featherstone,
//! *Rigid Body Dynamics Algorithms*, 2008, Ch. 2). A spatial **force** is `f = [n; f]`:
//! the moment `n` about that origin and the linear force `f`. The pairing `m . f =
//! w . n + v . f` is power and does not depend on the frame.
//!
//! A rigid transform [`Se3`] `(R, p)` maps child coordinates to parent coordinates,
//! `x_parent = R x_child + p`. For motion and force vectors the same transform acts as
//! (Featherstone Eq. 2.24 written for `R, p` rather than `E, r`)
//!
//! ```text
//! X m = [R w;  R v + p x R w]        X* f = [R n + p x R f;  R f]
//! ```
//!
//! The cross products are `m1 x m2 = [w1 x w2; w1 x v2 + v1 x w2]` for motions and
//! `m x* f = [w x n + v x f; w x f]` for forces (Eqs. 2.31, 2.32).
//!
//! A [`SpatialInertia`] is stored as `(m, h = m c, I_o)`: the mass, the first moment
//! of mass and the rotational inertia about the frame's **origin** (not the centre of
//! mass), so that `I m = [I_o w + h x v; m v - h x w]` (Eq. 2.63) and inertias expressed
//! in one frame simply add (the composite inertia of the CRBA).

use nalgebra::{Matrix3, UnitQuaternion, Vector3};
use wolfe::Pose;

/// 3-vector.
pub type Vec3 = Vector3<f64>;
/// 3x3 matrix.
pub type Mat3 = Matrix3<f64>;

/// A spatial motion vector `[w; v]` (angular first), see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Motion {
    /// Angular part.
    pub w: Vec3,
    /// Linear part: velocity of the point at the frame's origin.
    pub v: Vec3,
}

/// A spatial force vector `[n; f]` (moment about the origin first).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Force {
    /// Moment about the frame's origin.
    pub n: Vec3,
    /// Linear force.
    pub f: Vec3,
}

impl Motion {
    /// The zero motion.
    #[inline]
    pub fn zero() -> Self {
        Self {
            w: Vec3::zeros(),
            v: Vec3::zeros(),
        }
    }

    /// A motion from its angular and linear parts.
    #[inline]
    pub fn new(w: Vec3, v: Vec3) -> Self {
        Self { w, v }
    }

    /// `self x m` (Featherstone Eq. 2.31).
    #[inline]
    pub fn cross_motion(&self, m: &Motion) -> Motion {
        Motion {
            w: self.w.cross(&m.w),
            v: self.w.cross(&m.v) + self.v.cross(&m.w),
        }
    }

    /// `self x* f` (Featherstone Eq. 2.32).
    #[inline]
    pub fn cross_force(&self, f: &Force) -> Force {
        Force {
            n: self.w.cross(&f.n) + self.v.cross(&f.f),
            f: self.w.cross(&f.f),
        }
    }

    /// The power pairing `self . f`.
    #[inline]
    pub fn dot(&self, f: &Force) -> f64 {
        self.w.dot(&f.n) + self.v.dot(&f.f)
    }

    /// `self + k m`.
    #[inline]
    pub fn add_scaled(&self, m: &Motion, k: f64) -> Motion {
        Motion {
            w: self.w + m.w * k,
            v: self.v + m.v * k,
        }
    }

    /// The velocity of the point `p` (same coordinates) under this motion: `v + w x p`.
    #[inline]
    pub fn point_velocity(&self, p: &Vec3) -> Vec3 {
        self.v + self.w.cross(p)
    }
}

impl std::ops::Add for Motion {
    type Output = Motion;
    #[inline]
    fn add(self, o: Motion) -> Motion {
        Motion {
            w: self.w + o.w,
            v: self.v + o.v,
        }
    }
}

impl Force {
    /// The zero force.
    #[inline]
    pub fn zero() -> Self {
        Self {
            n: Vec3::zeros(),
            f: Vec3::zeros(),
        }
    }
}

impl std::ops::Add for Force {
    type Output = Force;
    #[inline]
    fn add(self, o: Force) -> Force {
        Force {
            n: self.n + o.n,
            f: self.f + o.f,
        }
    }
}

impl std::ops::AddAssign for Force {
    #[inline]
    fn add_assign(&mut self, o: Force) {
        self.n += o.n;
        self.f += o.f;
    }
}

/// A rigid transform `x_parent = rot x_child + pos` with a rotation matrix (the hot
/// paths compose and apply transforms; a matrix does both with fewer flops than a
/// quaternion).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Se3 {
    /// Rotation (orthonormal, det +1).
    pub rot: Mat3,
    /// Translation.
    pub pos: Vec3,
}

impl Default for Se3 {
    fn default() -> Self {
        Self::identity()
    }
}

impl Se3 {
    /// The identity.
    #[inline]
    pub fn identity() -> Self {
        Self {
            rot: Mat3::identity(),
            pos: Vec3::zeros(),
        }
    }

    /// A transform from its parts.
    #[inline]
    pub fn new(rot: Mat3, pos: Vec3) -> Self {
        Self { rot, pos }
    }

    /// The URDF `<origin xyz rpy>` transform: `R = Rz(yaw) Ry(pitch) Rx(roll)`.
    pub fn from_xyz_rpy(xyz: [f64; 3], rpy: [f64; 3]) -> Self {
        let rot = *nalgebra::Rotation3::from_euler_angles(rpy[0], rpy[1], rpy[2]).matrix();
        Self {
            rot,
            pos: Vec3::from(xyz),
        }
    }

    /// `self * other`: first `other`, then `self`.
    #[inline]
    pub fn compose(&self, other: &Se3) -> Se3 {
        Se3 {
            rot: self.rot * other.rot,
            pos: self.rot * other.pos + self.pos,
        }
    }

    /// The inverse transform.
    #[inline]
    pub fn inverse(&self) -> Se3 {
        let rt = self.rot.transpose();
        Se3 {
            rot: rt,
            pos: -(rt * self.pos),
        }
    }

    /// Maps a point from child to parent coordinates.
    #[inline]
    pub fn transform_point(&self, p: &Vec3) -> Vec3 {
        self.rot * p + self.pos
    }

    /// `X m` (see the module docs).
    #[inline]
    pub fn act_motion(&self, m: &Motion) -> Motion {
        let w = self.rot * m.w;
        Motion {
            w,
            v: self.rot * m.v + self.pos.cross(&w),
        }
    }

    /// `X* f` (see the module docs).
    #[inline]
    pub fn act_force(&self, f: &Force) -> Force {
        let lin = self.rot * f.f;
        Force {
            n: self.rot * f.n + self.pos.cross(&lin),
            f: lin,
        }
    }

    /// The same transform as a wolfe [`Pose`] (unit quaternion + translation).
    pub fn to_pose(&self) -> Pose {
        let rot = nalgebra::Rotation3::from_matrix_unchecked(self.rot);
        Pose {
            rotation: UnitQuaternion::from_rotation_matrix(&rot),
            translation: self.pos,
        }
    }

    /// The transform of a wolfe [`Pose`].
    pub fn from_pose(pose: &Pose) -> Se3 {
        Se3 {
            rot: *pose.rotation.to_rotation_matrix().matrix(),
            pos: pose.translation,
        }
    }
}

/// Rotation by `angle` about the unit `axis` (Rodrigues' formula).
#[inline]
pub fn axis_angle(axis: &Vec3, angle: f64) -> Mat3 {
    let (s, c) = angle.sin_cos();
    let k = skew(axis);
    Mat3::identity() + k * s + k * k * (1.0 - c)
}

/// The cross-product matrix `[a]x` with `[a]x b = a x b`.
#[inline]
pub fn skew(a: &Vec3) -> Mat3 {
    Mat3::new(0.0, -a.z, a.y, a.z, 0.0, -a.x, -a.y, a.x, 0.0)
}

/// A rigid body's spatial inertia `(m, h = m c, I_o)` about the origin of the frame it is
/// expressed in (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpatialInertia {
    /// Mass.
    pub mass: f64,
    /// First moment of mass `m c` (`c` the centre of mass).
    pub h: Vec3,
    /// Rotational inertia about the frame's origin (symmetric).
    pub inertia_o: Mat3,
}

impl Default for SpatialInertia {
    fn default() -> Self {
        Self::zero()
    }
}

impl SpatialInertia {
    /// No mass, no inertia.
    #[inline]
    pub fn zero() -> Self {
        Self {
            mass: 0.0,
            h: Vec3::zeros(),
            inertia_o: Mat3::zeros(),
        }
    }

    /// From mass, centre of mass `c` and the rotational inertia `i_com` about the centre
    /// of mass (axes of the frame): `I_o = I_com - m [c]x [c]x` (parallel axis theorem).
    pub fn from_com(mass: f64, com: Vec3, i_com: Mat3) -> Self {
        let cx = skew(&com);
        Self {
            mass,
            h: com * mass,
            inertia_o: i_com - cx * cx * mass,
        }
    }

    /// The centre of mass `h / m` (the origin when massless).
    pub fn com(&self) -> Vec3 {
        if self.mass > 0.0 {
            self.h / self.mass
        } else {
            Vec3::zeros()
        }
    }

    /// The rotational inertia about the centre of mass: `I_o + [h]x [h]x / m`.
    pub fn inertia_com(&self) -> Mat3 {
        if self.mass > 0.0 {
            let hx = skew(&self.h);
            self.inertia_o + hx * hx / self.mass
        } else {
            self.inertia_o
        }
    }

    /// `I m` (Featherstone Eq. 2.63 in the `(m, h, I_o)` form).
    #[inline]
    pub fn mul_motion(&self, m: &Motion) -> Force {
        Force {
            n: self.inertia_o * m.w + self.h.cross(&m.v),
            f: m.v * self.mass - self.h.cross(&m.w),
        }
    }

    /// The same inertia expressed in the parent frame of `x` (`X* I X^-1`).
    ///
    /// With `h_r = R h`: `h' = h_r + m p` and, from `I_o = I_com - m [c]x^2` in both
    /// frames with `c' = R c + p`,
    /// `I_o' = R I_o R^T - ([h_r]x [p]x + [p]x [h_r]x + m [p]x^2)`, evaluated with
    /// `[a]x [b]x = b a^T - (a . b) 1` as
    /// `I_o' = R I_o R^T - (p h_r^T + h_r p^T + m p p^T) + (2 h_r . p + m p . p) 1`.
    #[inline(always)]
    pub fn transformed(&self, x: &Se3) -> SpatialInertia {
        let (r, p, m) = (&x.rot, &x.pos, self.mass);
        let hr = r * self.h;
        let ri = r * self.inertia_o;
        let mp = p * m;
        let d = 2.0 * hr.dot(p) + mp.dot(p);
        // symmetric result: the six distinct entries
        let e = |a: usize, b: usize| {
            let rirt = ri[(a, 0)] * r[(b, 0)] + ri[(a, 1)] * r[(b, 1)] + ri[(a, 2)] * r[(b, 2)];
            rirt - (p[a] * hr[b] + hr[a] * p[b] + mp[a] * p[b]) + if a == b { d } else { 0.0 }
        };
        let (xx, yy, zz, xy, xz, yz) = (e(0, 0), e(1, 1), e(2, 2), e(0, 1), e(0, 2), e(1, 2));
        SpatialInertia {
            mass: m,
            h: hr + mp,
            inertia_o: Mat3::new(xx, xy, xz, xy, yy, yz, xz, yz, zz),
        }
    }

    /// Kinetic energy `1/2 m^T I m` of a body with this inertia moving at `m`.
    #[inline]
    pub fn kinetic_energy(&self, m: &Motion) -> f64 {
        0.5 * m.dot(&self.mul_motion(m))
    }
}

impl std::ops::Add for SpatialInertia {
    type Output = SpatialInertia;
    #[inline]
    fn add(self, o: SpatialInertia) -> SpatialInertia {
        SpatialInertia {
            mass: self.mass + o.mass,
            h: self.h + o.h,
            inertia_o: self.inertia_o + o.inertia_o,
        }
    }
}

impl std::ops::AddAssign for SpatialInertia {
    #[inline]
    fn add_assign(&mut self, o: SpatialInertia) {
        self.mass += o.mass;
        self.h += o.h;
        self.inertia_o += o.inertia_o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x() -> Se3 {
        Se3::new(
            axis_angle(&Vec3::new(1.0, 2.0, -0.5).normalize(), 0.7),
            Vec3::new(0.3, -0.2, 0.9),
        )
    }

    #[test]
    fn power_is_frame_invariant() {
        let m = Motion::new(Vec3::new(0.1, -0.4, 2.0), Vec3::new(1.0, 0.2, -0.3));
        let f = Force {
            n: Vec3::new(0.5, 0.5, -1.0),
            f: Vec3::new(-2.0, 0.1, 0.7),
        };
        let t = x();
        assert!((m.dot(&f) - t.act_motion(&m).dot(&t.act_force(&f))).abs() < 1e-14);
    }

    #[test]
    fn transformed_inertia_commutes_with_transforms() {
        let i = SpatialInertia::from_com(
            2.5,
            Vec3::new(0.1, 0.2, -0.05),
            Mat3::new(0.3, 0.01, 0.0, 0.01, 0.2, 0.02, 0.0, 0.02, 0.25),
        );
        let t = x();
        let m = Motion::new(Vec3::new(0.1, -0.4, 2.0), Vec3::new(1.0, 0.2, -0.3));
        // X* (I m) == (X* I X^-1) (X m)
        let a = t.act_force(&i.mul_motion(&m));
        let b = i.transformed(&t).mul_motion(&t.act_motion(&m));
        assert!((a.n - b.n).norm() < 1e-13 && (a.f - b.f).norm() < 1e-13);
        // and the centre of mass / inertia about it are those of a moved body
        let it = i.transformed(&t);
        assert!((it.com() - t.transform_point(&i.com())).norm() < 1e-14);
        let rot_icom = t.rot * i.inertia_com() * t.rot.transpose();
        assert!((it.inertia_com() - rot_icom).norm() < 1e-13);
    }

    #[test]
    fn rpy_is_z_y_x() {
        let t = Se3::from_xyz_rpy([0.0; 3], [0.3, -0.2, 1.1]);
        let r = axis_angle(&Vec3::z(), 1.1) * axis_angle(&Vec3::y(), -0.2) * axis_angle(&Vec3::x(), 0.3);
        assert!((t.rot - r).norm() < 1e-14);
    }
}
