//! Mass, centre of mass and inertia of a uniform-density shape.
//!
//! Every shape is reduced to its volume moments about the local origin,
//! `V = ∫ dV`, `f = ∫ x dV`, `S = ∫ x x^T dV`, which add over disjoint pieces. Then
//! `c = f / V`, the central second moment is `C = S - V c c^T` (parallel axis), and the
//! inertia tensor about `c` is `I = density (tr(C) 1 - C)`: `I_xx = density ∫ (y^2 + z^2)`
//! and `I_xy = -density ∫ x y`.

use super::{Cone, ConvexShape, Cuboid, Ellipsoid, Shape};
use crate::error::WolfeError;
use crate::math::{Mat3, Vec3};
use crate::mesh::ConvexMesh;
use std::f64::consts::PI;

/// Mass properties of a rigid body of uniform density.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MassProperties {
    /// Mass, in kg.
    pub mass: f64,
    /// Centre of mass in the shape's frame, in m.
    pub local_center: Vec3,
    /// Inertia tensor about `local_center`, on the axes of the shape's frame, in kg m^2.
    /// Symmetric positive definite; its eigenvalues (principal moments) satisfy the
    /// triangle inequality `I_1 <= I_2 + I_3`.
    pub inertia: nalgebra::Matrix3<f64>,
}

/// Volume moments about the local origin: `volume = ∫ dV`, `first = ∫ x dV`,
/// `second = ∫ x x^T dV`. Additive over disjoint pieces.
#[derive(Clone, Copy, Debug)]
struct Moments {
    volume: f64,
    first: Vec3,
    second: Mat3,
}

impl Moments {
    /// A solid centred at the origin, symmetric under each axis mirror, with
    /// `∫ x_k^2 dV = diag[k]`.
    fn centred(volume: f64, diag: Vec3) -> Self {
        Self {
            volume,
            first: Vec3::zeros(),
            second: Mat3::from_diagonal(&diag),
        }
    }

    fn add(self, o: Moments) -> Self {
        Self {
            volume: self.volume + o.volume,
            first: self.first + o.first,
            second: self.second + o.second,
        }
    }

    fn scale(self, k: f64) -> Self {
        Self {
            volume: self.volume * k,
            first: self.first * k,
            second: self.second * k,
        }
    }

    /// The same solid moved by `t`: `∫ (x + t)(x + t)^T = S + f t^T + t f^T + V t t^T`.
    fn translated(self, t: Vec3) -> Self {
        Self {
            volume: self.volume,
            first: self.first + t * self.volume,
            second: self.second
                + self.first * t.transpose()
                + t * self.first.transpose()
                + t * t.transpose() * self.volume,
        }
    }

    /// The same solid rotated by `r`: `S -> r S r^T`, `f -> r f`.
    fn rotated(self, r: &Mat3) -> Self {
        Self {
            volume: self.volume,
            first: r * self.first,
            second: r * self.second * r.transpose(),
        }
    }

    fn into_properties(self, density: f64) -> MassProperties {
        let c = self.first / self.volume;
        let central = self.second - c * c.transpose() * self.volume;
        let central = (central + central.transpose()) * 0.5;
        let inertia = (Mat3::identity() * central.trace() - central) * density;
        MassProperties {
            mass: self.volume * density,
            local_center: c,
            inertia,
        }
    }
}

impl Shape {
    /// Mass, centre of mass and inertia (about the centre of mass, in the shape's axes)
    /// of this shape filled with a uniform `density`, in kg/m^3.
    ///
    /// Exact closed forms for every primitive; for a [`ConvexMesh`], the sum over signed
    /// tetrahedra from an interior point to the hull's triangles. An [`super::Inflated`]
    /// shape is exact where the rounded solid has a closed form: an inflated sphere,
    /// capsule, box (rounded box), cylinder (rounded cylinder), cone, or a mesh that is a
    /// point or a segment, and any of these inflated again.
    ///
    /// Errors: [`WolfeError::InvalidSetting`] for a density that is not finite and
    /// positive; [`WolfeError::DegeneratePoints`] for a flat (or lower-dimensional)
    /// mesh, which has no volume; [`WolfeError::OutOfRange`] when the mass or inertia
    /// would overflow f64 (the inertia grows as density times size^5);
    /// [`WolfeError::NoClosedForm`] for the other inflated
    /// shapes (inflated ellipsoids, solid or flat meshes), rather than an
    /// approximation.
    pub fn mass_properties(&self, density: f64) -> Result<MassProperties, WolfeError> {
        if !(density.is_finite() && density > 0.0) {
            return Err(WolfeError::InvalidSetting {
                name: "density",
                value: density,
                reason: "must be finite and > 0 (kg/m^3)",
            });
        }
        let moments = shape_moments(self, 0.0)?;
        if !(moments.volume > 0.0 && moments.volume.is_finite()) {
            // A solid hull whose tetrahedra sum to no volume (points coplanar up to
            // rounding); every primitive has a positive volume.
            return Err(WolfeError::DegeneratePoints { dimension: 2 });
        }
        let props = moments.into_properties(density);
        // Sizes within the supported range still reach f64's limit here: the inertia
        // grows as density * size^5 (issue 21: a 1 x 1 x 1e150 box gave inf and NaN).
        let worst = props.inertia.iter().chain(props.local_center.iter()).fold(
            if props.mass.is_finite() {
                props.mass.abs()
            } else {
                f64::INFINITY
            },
            |m, v| {
                if v.is_finite() {
                    m.max(v.abs())
                } else {
                    f64::INFINITY
                }
            },
        );
        if worst > f64::MAX {
            return Err(WolfeError::OutOfRange {
                what: "mass properties (density times size^5)",
                value: worst,
                limit: f64::MAX,
            });
        }
        Ok(props)
    }
}

/// The moments of `shape` inflated by `extra` (>= 0) more than its own radius.
fn shape_moments(shape: &Shape, extra: f64) -> Result<Moments, WolfeError> {
    let no_closed_form = |shape: &'static str, reason: &'static str| {
        Err(WolfeError::NoClosedForm {
            quantity: "mass properties",
            shape,
            reason,
        })
    };
    Ok(match shape {
        Shape::Sphere(s) => sphere(s.ball_radius() + extra),
        Shape::Capsule(c) => capsule(c.radius() + extra, c.half_length()),
        Shape::Inflated(i) => shape_moments(i.core(), extra + i.added_radius())?,
        Shape::Cuboid(b) if extra == 0.0 => cuboid(b.half_extents()),
        Shape::Cuboid(b) => rounded_box(b, extra),
        Shape::Cylinder(c) if extra == 0.0 => cylinder(c.disc_radius(), c.half_length()),
        Shape::Cylinder(c) => rounded_cylinder(c.disc_radius(), c.half_length(), extra),
        Shape::ConvexMesh(m) if extra == 0.0 => mesh(m)?,
        Shape::ConvexMesh(m) if m.dimension() == 0 => sphere(extra).translated(m.vertices()[0]),
        Shape::ConvexMesh(m) if m.dimension() == 1 => inflated_segment(m, extra),
        Shape::ConvexMesh(_) => {
            return no_closed_form(
                "inflated mesh",
                "a polytope inflated by a radius needs the spherical polygons at its vertices; \
                 use the hull of its vertices offset along many directions instead",
            )
        }
        Shape::Ellipsoid(e) if extra == 0.0 => ellipsoid(e),
        Shape::Ellipsoid(_) => {
            return no_closed_form(
                "inflated ellipsoid",
                "the parallel body of an ellipsoid involves elliptic integrals",
            )
        }
        Shape::Cone(c) if extra == 0.0 => cone(c),
        Shape::Cone(c) => rounded_cone(c, extra),
    })
}

/// Ball of radius `r`: `V = 4/3 pi r^3`, `∫ x^2 = V r^2 / 5`.
fn sphere(r: f64) -> Moments {
    let v = 4.0 / 3.0 * PI * r.powi(3);
    Moments::centred(v, Vec3::repeat(v * r * r / 5.0))
}

/// Ellipsoid with semi-axes `(a, b, c)`: `V = 4/3 pi a b c`, `∫ x^2 = V a^2 / 5`.
fn ellipsoid(e: &Ellipsoid) -> Moments {
    let r = e.radii();
    let v = 4.0 / 3.0 * PI * r.x * r.y * r.z;
    Moments::centred(v, r.component_mul(&r) * (v / 5.0))
}

/// Box of half extents `h`: `V = 8 hx hy hz`, `∫ x^2 = V hx^2 / 3`.
fn cuboid(h: Vec3) -> Moments {
    let v = 8.0 * h.x * h.y * h.z;
    Moments::centred(v, h.component_mul(&h) * (v / 3.0))
}

/// Cylinder of radius `r`, `|z| <= h`: `V = 2 pi r^2 h`, `∫ x^2 = V r^2 / 4`,
/// `∫ z^2 = V h^2 / 3`.
fn cylinder(r: f64, h: f64) -> Moments {
    let v = 2.0 * PI * r * r * h;
    Moments::centred(v, Vec3::new(v * r * r / 4.0, v * r * r / 4.0, v * h * h / 3.0))
}

/// Capsule (radius `r`, core segment `|z| <= h`): the cylinder plus two hemispheres.
/// The hemispheres together: `V_s = 4/3 pi r^3`, `∫ x^2 = V_s r^2 / 5`, and, each
/// centred at `z = ±h` with its centroid at `3 r / 8` from the cut,
/// `∫ z^2 = V_s (h^2 + 3 h r / 4 + r^2 / 5)`.
fn capsule(r: f64, h: f64) -> Moments {
    let vs = 4.0 / 3.0 * PI * r.powi(3);
    let caps = Moments::centred(
        vs,
        Vec3::new(
            vs * r * r / 5.0,
            vs * r * r / 5.0,
            vs * (h * h + 0.75 * h * r + r * r / 5.0),
        ),
    );
    if h > 0.0 {
        cylinder(r, h).add(caps)
    } else {
        caps
    }
}

/// Cone of base radius `r` at `z = -h`, apex at `z = +h` (height `H = 2h`): volume
/// `pi r^2 H / 3`, centroid at `H / 4` above the base (`z = -h / 2`), central moments
/// `∫ x^2 = V 3 r^2 / 20`, `∫ z^2 = V 3 H^2 / 80 = V 3 h^2 / 20` (so `I_zz = 3/10 m r^2`,
/// `I_xx = m (3/20 r^2 + 3/80 H^2)`).
fn cone(c: &Cone) -> Moments {
    let (r, h) = (c.base_radius(), c.half_length());
    let v = 2.0 / 3.0 * PI * r * r * h;
    let xx = v * 0.15 * r * r;
    Moments::centred(v, Vec3::new(xx, xx, v * 0.15 * h * h)).translated(Vec3::new(0.0, 0.0, -0.5 * h))
}

/// A solid hull: the signed tetrahedra `(p, a, b, c)` from the vertex mean `p` (interior)
/// to each outward triangle. With `u, v, w` the corners relative to `p`, a tetrahedron
/// has volume `det[u v w] / 6`, first moment `V (u + v + w) / 4` and second moment
/// `V / 20 (u u^T + v v^T + w w^T + s s^T)`, `s = u + v + w` (about `p`).
fn mesh(m: &ConvexMesh) -> Result<Moments, WolfeError> {
    if m.dimension() < 3 {
        return Err(WolfeError::DegeneratePoints {
            dimension: m.dimension(),
        });
    }
    let p = m.centroid();
    let verts = m.vertices();
    let mut acc = Moments::centred(0.0, Vec3::zeros());
    for f in m.faces() {
        let [u, v, w] = f.map(|i| verts[i as usize] - p);
        let vol = u.dot(&v.cross(&w)) / 6.0;
        let s = u + v + w;
        acc.volume += vol;
        acc.first += s * (vol / 4.0);
        acc.second +=
            (u * u.transpose() + v * v.transpose() + w * w.transpose() + s * s.transpose()) * (vol / 20.0);
    }
    Ok(acc.translated(p))
}

/// A segment mesh (two vertices) inflated by `r`: a capsule along the segment.
fn inflated_segment(m: &ConvexMesh, r: f64) -> Moments {
    let (a, b) = (m.vertices()[0], m.vertices()[m.vertices().len() - 1]);
    let axis = b - a;
    let moments = capsule(r, 0.5 * axis.norm());
    // A rotation taking e_z to the segment's direction (identity for a zero segment,
    // which a dimension-1 hull never has).
    let rot = nalgebra::Rotation3::rotation_between(&Vec3::z(), &axis)
        .unwrap_or_else(|| nalgebra::Rotation3::from_axis_angle(&Vec3::x_axis(), PI));
    moments.rotated(rot.matrix()).translated((a + b) * 0.5)
}

/// The box of half extents `h` inflated by `r` (a rounded box), as disjoint pieces: the
/// three slabs `(h + r e_k)` (the box grown along one axis; together they cover the
/// core three times, so the core is taken off twice), 12 quarter cylinders of radius `r`
/// along the edges and 8 ball octants at the corners.
///
/// A quarter cylinder along z at the corner `(a, b)` (polar `x = a + t cos φ`,
/// `y = b + t sin φ`, `φ ∈ [0, π/2]`, length `L = 2 h_z`) has `V = π r^2 L / 4`,
/// `∫ x^2 = L (a^2 π r^2 / 4 + 2 a r^3 / 3 + π r^4 / 16)` and `∫ z^2 = (π r^2 / 4)
/// L^3 / 12`; a ball octant at the corner `c` has `V = π r^3 / 6`,
/// `∫ x^2 = c_x^2 V + 2 c_x π r^4 / 16 + π r^5 / 30`. The mirror images have the same
/// diagonal moments, and the off-diagonal ones cancel over them.
fn rounded_box(b: &Cuboid, r: f64) -> Moments {
    let h = b.half_extents();
    let core = cuboid(h);
    let mut m = core.scale(-2.0);
    for k in 0..3 {
        let mut g = h;
        g[k] += r;
        m = m.add(cuboid(g));
    }
    let mut diag = Vec3::zeros();
    let mut volume = 0.0;
    // Quarter cylinders: four along each axis k, across the other two axes i, j.
    let quarter_disc = PI * r * r / 4.0;
    for k in 0..3 {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        let len = 2.0 * h[k];
        let across =
            |a: f64| len * (a * a * quarter_disc + 2.0 * a * r.powi(3) / 3.0 + PI * r.powi(4) / 16.0);
        volume += 4.0 * quarter_disc * len;
        diag[i] += 4.0 * across(h[i]);
        diag[j] += 4.0 * across(h[j]);
        diag[k] += 4.0 * quarter_disc * len.powi(3) / 12.0;
    }
    // Ball octants.
    let vo = PI * r.powi(3) / 6.0;
    volume += 8.0 * vo;
    for k in 0..3 {
        diag[k] += 8.0 * (h[k] * h[k] * vo + 2.0 * h[k] * PI * r.powi(4) / 16.0 + PI * r.powi(5) / 30.0);
    }
    m.add(Moments::centred(volume, diag))
}

/// The cylinder of radius `a`, `|z| <= h`, inflated by `r` (a rounded cylinder): the
/// cylinder of radius `a + r`, plus at each end a disc slab (radius `a`, thickness `r`)
/// and a quarter torus, the quarter disc `ρ = a + t cos φ`, `z = h + t sin φ`
/// (`t <= r`, `φ ∈ [0, π/2]`) revolved about z (`dV = 2 π ρ t dt dφ`):
///
/// - `V = 2 π (π a r^2 / 4 + r^3 / 3)`,
/// - `∫ ρ^2 = 2 π (π a^3 r^2 / 4 + a^2 r^3 + 3 π a r^4 / 16 + 2 r^5 / 15)`,
/// - `∫ z^2 = 2 π (π a h^2 r^2 / 4 + h^2 r^3 / 3 + 2 a h r^3 / 3 + h r^4 / 4
///   + π a r^4 / 16 + r^5 / 15)`,
///
/// and `∫ x^2 = ∫ y^2 = ∫ ρ^2 / 2` by symmetry about the axis.
fn rounded_cylinder(a: f64, h: f64, r: f64) -> Moments {
    let side = cylinder(a + r, h);
    let tau = 2.0 * PI;
    let torus_v = tau * (PI * a * r * r / 4.0 + r.powi(3) / 3.0);
    let torus_rho2 = tau
        * (PI * a.powi(3) * r * r / 4.0
            + a * a * r.powi(3)
            + 3.0 * PI * a * r.powi(4) / 16.0
            + 2.0 * r.powi(5) / 15.0);
    let torus_z2 = tau
        * (PI * a * h * h * r * r / 4.0
            + h * h * r.powi(3) / 3.0
            + 2.0 * a * h * r.powi(3) / 3.0
            + h * r.powi(4) / 4.0
            + PI * a * r.powi(4) / 16.0
            + r.powi(5) / 15.0);
    let slab_v = PI * a * a * r;
    let slab_rho2 = PI * a.powi(4) / 2.0 * r;
    let slab_z2 = PI * a * a * ((h + r).powi(3) - h.powi(3)) / 3.0;
    let (v, rho2, z2) = (torus_v + slab_v, torus_rho2 + slab_rho2, torus_z2 + slab_z2);
    // Both ends (mirror images in z).
    let ends = Moments::centred(2.0 * v, Vec3::new(rho2, rho2, 2.0 * z2));
    side.add(ends)
}

/// Moments of a solid of revolution about z from its meridian region in the `(ρ, z)`
/// half-plane: `V = ∫ 2 π ρ dA`, `∫ z dV = ∫ 2 π ρ z dA`, `∫ ρ^2 dV = ∫ 2 π ρ^3 dA`,
/// `∫ z^2 dV = ∫ 2 π ρ z^2 dA`; `∫ x^2 dV = ∫ y^2 dV = ∫ ρ^2 dV / 2`.
#[derive(Clone, Copy, Debug, Default)]
struct Revolved {
    v: f64,
    z: f64,
    rho2: f64,
    z2: f64,
}

impl Revolved {
    fn add(self, o: Revolved) -> Self {
        Self {
            v: self.v + o.v,
            z: self.z + o.z,
            rho2: self.rho2 + o.rho2,
            z2: self.z2 + o.z2,
        }
    }

    fn moments(self) -> Moments {
        Moments {
            volume: self.v,
            first: Vec3::new(0.0, 0.0, self.z),
            second: Mat3::from_diagonal(&Vec3::new(0.5 * self.rho2, 0.5 * self.rho2, self.z2)),
        }
    }

    /// The disc sector `ρ = ρ0 + t cos φ`, `z = z0 + t sin φ`, `t <= r`,
    /// `φ ∈ [φ0, φ1]` (`dA = t dt dφ`), revolved. With `c = cos φ`, `s = sin φ`, the
    /// integrands expand into `t^i c^j s^k`, integrated exactly by
    /// `∫ t^i = r^(i+1) / (i+1)` and the antiderivatives of `c^j s^k` (`j + k <= 3`).
    fn sector(rho0: f64, z0: f64, r: f64, phi0: f64, phi1: f64) -> Self {
        let anti = |f: &dyn Fn(f64) -> f64| f(phi1) - f(phi0);
        let p00 = phi1 - phi0;
        let p10 = anti(&|x: f64| x.sin());
        let p01 = anti(&|x: f64| -x.cos());
        let p11 = anti(&|x: f64| 0.5 * x.sin().powi(2));
        let p20 = anti(&|x: f64| 0.5 * x + 0.25 * (2.0 * x).sin());
        let p02 = anti(&|x: f64| 0.5 * x - 0.25 * (2.0 * x).sin());
        let p30 = anti(&|x: f64| x.sin() - x.sin().powi(3) / 3.0);
        let p12 = anti(&|x: f64| x.sin().powi(3) / 3.0);
        let (a, b) = (rho0, z0);
        let (r2, r3, r4, r5) = (r * r / 2.0, r.powi(3) / 3.0, r.powi(4) / 4.0, r.powi(5) / 5.0);
        let tau = 2.0 * PI;
        Self {
            // ρ t = a t + t^2 c
            v: tau * (a * r2 * p00 + r3 * p10),
            // ρ z t = a b t + a t^2 s + b t^2 c + t^3 c s
            z: tau * (a * b * r2 * p00 + a * r3 * p01 + b * r3 * p10 + r4 * p11),
            // ρ^3 t = a^3 t + 3 a^2 t^2 c + 3 a t^3 c^2 + t^4 c^3
            rho2: tau * (a.powi(3) * r2 * p00 + 3.0 * a * a * r3 * p10 + 3.0 * a * r4 * p20 + r5 * p30),
            // ρ z^2 t = a b^2 t + 2 a b t^2 s + a t^3 s^2 + b^2 t^2 c + 2 b t^3 c s + t^4 c s^2
            z2: tau
                * (a * b * b * r2 * p00
                    + 2.0 * a * b * r3 * p01
                    + a * r4 * p02
                    + b * b * r3 * p10
                    + 2.0 * b * r4 * p11
                    + r5 * p12),
        }
    }

    /// The rectangle `p + σ e + υ n`, `σ ∈ [0, len]`, `υ ∈ [0, r]`, for orthonormal
    /// `e`, `n` (unit Jacobian), revolved. `ρ` and `z` are linear in `(σ, υ)`, so every
    /// integrand is at most cubic in each variable and the 2 x 2 Gauss-Legendre rule
    /// (nodes `±1/√3`, exact to degree 3) integrates it exactly.
    fn band(p: [f64; 2], e: [f64; 2], n: [f64; 2], len: f64, r: f64) -> Self {
        let g = 0.5 / 3f64.sqrt();
        let mut out = Self::default();
        for sg in [0.5 - g, 0.5 + g] {
            for ug in [0.5 - g, 0.5 + g] {
                let (sigma, upsilon) = (sg * len, ug * r);
                let rho = p[0] + sigma * e[0] + upsilon * n[0];
                let z = p[1] + sigma * e[1] + upsilon * n[1];
                let w = 2.0 * PI * rho * 0.25 * len * r;
                out.v += w;
                out.z += w * z;
                out.rho2 += w * rho * rho;
                out.z2 += w * z * z;
            }
        }
        out
    }
}

/// The cone of base radius `a` at `z = -h`, apex `(0, 0, h)`, inflated by `r`: a solid
/// of revolution whose meridian (`ρ >= 0`) is the half triangle `(0, -h), (a, -h),
/// (0, h)` offset by `r`, split into disjoint pieces: the cone itself, the base slab
/// (`ρ <= a`, `z ∈ [-h - r, -h]`), the band along the slant edge (width `r` along its
/// outward normal `n = (2h, a) / L`, `L = sqrt(4 h^2 + a^2)`), the rim sector at
/// `(a, -h)` from the base normal `-e_z` to `n`, and the apex sector at `(0, h)` from
/// `n` to `+e_z`.
fn rounded_cone(c: &Cone, r: f64) -> Moments {
    let (a, h) = (c.base_radius(), c.half_length());
    let len = (4.0 * h * h + a * a).sqrt();
    let (n, e) = ([2.0 * h / len, a / len], [-a / len, 2.0 * h / len]);
    let theta = a.atan2(2.0 * h);
    let slab = Revolved {
        v: PI * a * a * r,
        z: PI * a * a * (h * h - (h + r).powi(2)) / 2.0,
        rho2: PI * a.powi(4) / 2.0 * r,
        z2: PI * a * a * ((h + r).powi(3) - h.powi(3)) / 3.0,
    };
    let rounded = slab
        .add(Revolved::band([a, -h], e, n, len, r))
        .add(Revolved::sector(a, -h, r, -0.5 * PI, theta))
        .add(Revolved::sector(0.0, h, r, theta, 0.5 * PI));
    cone(c).add(rounded.moments())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The revolved pieces (sectors by antiderivatives, bands by Gauss-Legendre) rebuild
    /// the rounded cylinder, whose moments were integrated by hand: two independent
    /// derivations of the same solid.
    #[test]
    fn revolved_pieces_rebuild_the_rounded_cylinder() {
        let (a, h, r) = (0.3, 0.2, 0.07);
        let half = 0.5 * PI;
        let slab = |z0: f64, z1: f64| Revolved {
            v: PI * a * a * (z1 - z0),
            z: PI * a * a * (z1 * z1 - z0 * z0) / 2.0,
            rho2: PI * a.powi(4) / 2.0 * (z1 - z0),
            z2: PI * a * a * (z1.powi(3) - z0.powi(3)) / 3.0,
        };
        let pieces = slab(-h - r, h + r)
            .add(Revolved::band([a, -h], [0.0, 1.0], [1.0, 0.0], 2.0 * h, r))
            .add(Revolved::sector(a, h, r, 0.0, half))
            .add(Revolved::sector(a, -h, r, -half, 0.0))
            .moments();
        let hand = rounded_cylinder(a, h, r);
        assert!((pieces.volume - hand.volume).abs() < 1e-14 * hand.volume);
        assert!(pieces.first.norm() < 1e-15 * hand.volume);
        let d = (pieces.second - hand.second).abs().max();
        assert!(
            d < 1e-14 * hand.second.abs().max(),
            "{:?} vs {:?}",
            pieces.second,
            hand.second
        );
    }
}
