//! The papers' scenes, as worlds with their settings.
//!
//! - [`SpringCylinder`]: SAP paper Section VI-B (Fig. 4-7).
//! - [`Clutter`]: SAP paper Section VI-C (Fig. 8-14).
//! - [`Polytopes`]: growth-distance paper Fig. 6 (random polytopes falling on the
//!   ground at 240 Hz).

use nalgebra::Matrix3;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wolfe::{ConvexMesh, Cuboid, Cylinder, Pose, Quat, Shape, Sphere, Vec3};

use wolfe_sim::{
    Joint, Material, RigidBody, Scheme, SimError, SimSettings, Spring, SpringAnchor, StaticGeometry, World,
};

/// Standard gravity, m/s^2.
pub const GRAVITY: f64 = 9.81;

/// Parameters of the spring-cylinder (Section VI-B): a cylinder on the ground, free to
/// translate in x and z and to rotate about its axis (y), pulled towards `x = 0` by a
/// spring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpringCylinder {
    /// Radius R, m (0.05).
    pub radius: f64,
    /// Mass m, kg (0.5).
    pub mass: f64,
    /// Spring stiffness k_s, N/m (100).
    pub spring_stiffness: f64,
    /// Contact stiffness k, N/m (1e4).
    pub contact_stiffness: f64,
    /// Dissipation time scale tau_d, s (0.02).
    pub dissipation_time_scale: f64,
    /// Friction mu (0 or 1 in the paper).
    pub friction: f64,
    /// Initial stretch x0, m (0.1).
    pub x0: f64,
}

impl Default for SpringCylinder {
    fn default() -> Self {
        Self {
            radius: 0.05,
            mass: 0.5,
            spring_stiffness: 100.0,
            contact_stiffness: 1e4,
            dissipation_time_scale: 0.02,
            friction: 1.0,
            x0: 0.1,
        }
    }
}

impl SpringCylinder {
    /// Rotational inertia of the (solid) cylinder about its axis, `m R^2 / 2`.
    pub fn axial_inertia(&self) -> f64 {
        0.5 * self.mass * self.radius * self.radius
    }

    /// Height of the centre above the ground at static equilibrium, `R - m g / k`: the
    /// compliant contact sinks the cylinder by `m g / k`, and the contact point lies on
    /// the rigid ground, so this is the radius it rolls on.
    pub fn rolling_radius(&self) -> f64 {
        self.radius - self.mass * GRAVITY / self.contact_stiffness
    }

    /// The angular frequency of the exact solution: `sqrt(k_s / m)` without friction,
    /// `sqrt(k_s / (m + I / rho^2))` when the cylinder rolls without slipping on its
    /// rolling radius rho ([`SpringCylinder::rolling_radius`]; the paper writes R).
    pub fn frequency(&self) -> f64 {
        let m_eff = if self.friction > 0.0 {
            let rho = self.rolling_radius();
            self.mass + self.axial_inertia() / (rho * rho)
        } else {
            self.mass
        };
        (self.spring_stiffness / m_eff).sqrt()
    }

    /// The exact position of the centre, `x0 cos(omega t)`.
    pub fn exact_x(&self, t: f64) -> f64 {
        self.x0 * (self.frequency() * t).cos()
    }

    /// The world and settings for time step `dt` and `scheme`. The cylinder starts at
    /// rest at `x0`, sunk to its static equilibrium depth `m g / k` so that no vertical
    /// transient disturbs the horizontal oscillation; the spring is zero-length,
    /// anchored at the centre's height, so its force is `-k_s x` horizontally.
    pub fn build(&self, dt: f64, scheme: Scheme) -> Result<(World, SimSettings), SimError> {
        let mut world = World::default();
        world.add_ground(Material {
            friction: self.friction,
            ..Material::default()
        })?;
        let (r, m) = (self.radius, self.mass);
        let length = 2.0 * r;
        let shape: Shape = Cylinder::new(r, 0.5 * length)?.into();
        let side = m * (3.0 * r * r + length * length) / 12.0;
        let inertia = Matrix3::from_diagonal(&Vec3::new(side, self.axial_inertia(), side));
        let z = self.rolling_radius();
        let mut body = RigidBody::new(
            "cylinder",
            shape,
            m,
            inertia,
            Pose::from_translation(Vec3::new(self.x0, 0.0, z)),
        )
        .with_joint(Joint::Planar)
        .with_material(Material {
            stiffness: self.contact_stiffness,
            dissipation_time_scale: self.dissipation_time_scale,
            friction: self.friction,
        });
        // The cylinder's axis (local z) along world y.
        body.shape_pose = Pose {
            rotation: Quat::from_scaled_axis(Vec3::new(-std::f64::consts::FRAC_PI_2, 0.0, 0.0)),
            translation: Vec3::zeros(),
        };
        let id = world.add_body(body)?;
        world.add_spring(Spring {
            body: id,
            point: Vec3::zeros(),
            anchor: SpringAnchor::World(Vec3::new(0.0, 0.0, z)),
            stiffness: self.spring_stiffness,
            damping: 0.0,
            rest_length: 0.0,
        })?;
        let settings = SimSettings {
            time_step: dt,
            scheme,
            margin: 1e-3,
            ..SimSettings::default()
        };
        Ok((world, settings))
    }
}

/// Parameters of the clutter scene (Section VI-C): spheres (r = 5 cm, 1000 kg/m^3)
/// and boxes (10 cm, 1000 kg/m^3) dropped in four columns into an 80 cm container.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clutter {
    /// Number of bodies (split as evenly as possible over the four columns).
    pub bodies: usize,
    /// Whether the container has walls (boxes); without, only the ground.
    pub walls: bool,
    /// Time step, s (10 ms; tau_d equals it).
    pub time_step: f64,
    /// Contact stiffness of every pair, N/m (1e12: near-rigid).
    pub stiffness: f64,
    /// Friction of every pair (1).
    pub friction: f64,
    /// Seed of the assortment, placement and orientations.
    pub seed: u64,
}

impl Default for Clutter {
    fn default() -> Self {
        Self {
            bodies: 40,
            walls: true,
            time_step: 0.01,
            stiffness: 1e12,
            friction: 1.0,
            seed: 1,
        }
    }
}

/// Inner half-width of the clutter container, m (80 cm wide).
pub const CONTAINER_HALF_WIDTH: f64 = 0.4;

impl Clutter {
    /// The world and settings.
    pub fn build(&self) -> Result<(World, SimSettings), SimError> {
        if self.bodies == 0 {
            return Err(SimError::InvalidSetting {
                name: "bodies",
                value: 0.0,
                reason: "must be at least 1",
            });
        }
        // Every geometry gets twice the pair stiffness: in series, a pair has k.
        let material = Material {
            stiffness: 2.0 * self.stiffness,
            dissipation_time_scale: self.time_step,
            friction: self.friction,
        };
        let mut world = World::default();
        world.add_ground(material)?;
        if self.walls {
            let (w, t, h) = (CONTAINER_HALF_WIDTH, 0.025, 0.4);
            for (c, half) in [
                (Vec3::new(w + t, 0.0, h), [t, w + 2.0 * t, h]),
                (Vec3::new(-w - t, 0.0, h), [t, w + 2.0 * t, h]),
                (Vec3::new(0.0, w + t, h), [w + 2.0 * t, t, h]),
                (Vec3::new(0.0, -w - t, h), [w + 2.0 * t, t, h]),
            ] {
                world.add_static(StaticGeometry::Shape(
                    Cuboid::new(half)?.into(),
                    Pose::from_translation(c),
                    material,
                ))?;
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let (r, side, density) = (0.05, 0.1, 1000.0);
        let columns = [(-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)];
        // Vertical spacing: a rotated cube spans up to its diagonal (17.3 cm).
        let spacing = 0.2;
        for k in 0..self.bodies {
            let (cx, cy) = columns[k % 4];
            let level = (k / 4) as f64;
            let jitter = Vec3::new(rng.random_range(-0.01..0.01), rng.random_range(-0.01..0.01), 0.0);
            let center = Vec3::new(cx, cy, 0.1 + level * spacing) + jitter;
            let body = if rng.random_bool(0.5) {
                let m = density * 4.0 / 3.0 * std::f64::consts::PI * r * r * r;
                let i = 0.4 * m * r * r;
                RigidBody::new(
                    format!("sphere{k}"),
                    Sphere::new(r)?.into(),
                    m,
                    Matrix3::from_diagonal_element(i),
                    Pose::from_translation(center),
                )
            } else {
                let m = density * side * side * side;
                let i = m * side * side / 6.0;
                let rotation = random_rotation(&mut rng);
                RigidBody::new(
                    format!("box{k}"),
                    Cuboid::new([0.5 * side; 3])?.into(),
                    m,
                    Matrix3::from_diagonal_element(i),
                    Pose {
                        rotation,
                        translation: center,
                    },
                )
            };
            world.add_body(body.with_material(material))?;
        }
        Ok((world, dropped_objects_settings(self.time_step)))
    }
}

/// Settings of the scenes where objects are dropped (clutter, polytopes): symplectic
/// Euler, and a 2 cm detection margin so that SAP sees contacts closing at a few m/s
/// one 10 ms step ahead.
fn dropped_objects_settings(time_step: f64) -> SimSettings {
    SimSettings {
        time_step,
        scheme: Scheme::SymplecticEuler,
        margin: 0.02,
        ..SimSettings::default()
    }
}

/// A uniformly random rotation (Shoemake's method).
fn random_rotation(rng: &mut ChaCha8Rng) -> Quat {
    let (u1, u2, u3): (f64, f64, f64) = (rng.random(), rng.random(), rng.random());
    let tau = std::f64::consts::TAU;
    let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
    Quat::from_quaternion(nalgebra::Quaternion::new(
        b * (tau * u3).cos(),
        a * (tau * u2).sin(),
        a * (tau * u2).cos(),
        b * (tau * u3).sin(),
    ))
}
/// Parameters of the falling-polytopes scene (growth-distance paper, Fig. 6).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polytopes {
    /// Number of polytopes (50).
    pub bodies: usize,
    /// Fewest and most vertices of a polytope (8, 20).
    pub vertices: (usize, usize),
    /// Size (diameter of the sampling sphere), m (1).
    pub size: f64,
    /// Time step, s (1/240).
    pub time_step: f64,
    /// Seed of the shapes and placement.
    pub seed: u64,
}

impl Default for Polytopes {
    fn default() -> Self {
        Self {
            bodies: 50,
            vertices: (8, 20),
            size: 1.0,
            time_step: 1.0 / 240.0,
            seed: 1,
        }
    }
}

impl Polytopes {
    /// The world and settings: random convex hulls of 8-20 points on an ellipsoid of
    /// about `size`, density 1000 kg/m^3, random orientations, on a grid of 5 x 5 per
    /// layer, layers `1.5 size` apart, over rigid ground; pairs near-rigid (k = 1e12),
    /// tau_d = dt, mu = 1.
    pub fn build(&self) -> Result<(World, SimSettings), SimError> {
        let (lo, hi) = self.vertices;
        if lo < 4 || hi < lo {
            return Err(SimError::InvalidSetting {
                name: "vertices",
                value: lo as f64,
                reason: "need 4 <= fewest <= most",
            });
        }
        let material = Material {
            stiffness: 2e12,
            dissipation_time_scale: self.time_step,
            friction: 1.0,
        };
        let mut world = World::default();
        world.add_ground(material)?;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let pitch = 1.5 * self.size;
        for k in 0..self.bodies {
            let n = rng.random_range(lo..=hi);
            let axes = Vec3::new(
                rng.random_range(0.7..1.3),
                rng.random_range(0.7..1.3),
                rng.random_range(0.7..1.3),
            ) * (0.5 * self.size);
            let points: Vec<Vec3> = (0..n)
                .map(|_| {
                    let d = random_rotation(&mut rng) * Vec3::z();
                    d.component_mul(&axes)
                })
                .collect();
            let mesh = ConvexMesh::from_points(&points)?;
            let (layer, slot) = (k / 25, k % 25);
            let origin = Vec3::new(
                ((slot % 5) as f64 - 2.0) * pitch,
                ((slot / 5) as f64 - 2.0) * pitch,
                self.size + layer as f64 * pitch,
            );
            let pose = Pose {
                rotation: random_rotation(&mut rng),
                translation: origin,
            };
            let body = RigidBody::from_density(
                format!("polytope{k}"),
                Shape::ConvexMesh(mesh.into()),
                1000.0,
                pose,
            )?;
            world.add_body(body.with_material(material))?;
        }
        Ok((world, dropped_objects_settings(self.time_step)))
    }
}
