//! The world: rigid bodies, static geometry, springs and gravity.

use wolfe::{HalfSpace, Pose, Shape, Vec3};

use crate::body::{Material, RigidBody};
use crate::error::SimError;

/// Geometry fixed in the world.
#[derive(Clone, Debug)]
pub enum StaticGeometry {
    /// A half-space (the ground, an ideal wall), with its material.
    HalfSpace(HalfSpace, Material),
    /// A posed convex shape (a box as a wall), with its material.
    Shape(Shape, Pose, Material),
}

impl StaticGeometry {
    /// Its material.
    pub fn material(&self) -> &Material {
        match self {
            StaticGeometry::HalfSpace(_, m) | StaticGeometry::Shape(_, _, m) => m,
        }
    }
}

/// Where a spring's other end is attached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpringAnchor {
    /// A fixed world point.
    World(Vec3),
    /// A point of a body, in its body (centre-of-mass) frame.
    Body {
        /// The body's index.
        body: usize,
        /// The point in its frame.
        point: Vec3,
    },
}

/// A linear spring-damper between a body point and an anchor: the force on the body
/// point is `k (|d| - L0) d_hat + c (d_hat . d_dot) d_hat`, `d` the vector from the
/// body point to the anchor (pulling it towards the anchor when stretched), and the
/// opposite on a body anchor. It is the `k1` part of the smooth forces of Section II-D
/// (its stiffness and damping enter the matrix `A` of Eq. 15).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spring {
    /// The body.
    pub body: usize,
    /// The attachment point in its body frame.
    pub point: Vec3,
    /// The other end.
    pub anchor: SpringAnchor,
    /// Stiffness k, N/m (finite, >= 0).
    pub stiffness: f64,
    /// Damping c, N s/m (finite, >= 0).
    pub damping: f64,
    /// Rest length L0, m (finite, >= 0; 0 makes the force linear: `k d`).
    pub rest_length: f64,
}

/// Bodies, static geometry, springs and gravity.
#[derive(Clone, Debug)]
pub struct World {
    /// Gravity, m/s^2 (default `(0, 0, -9.81)`).
    pub gravity: Vec3,
    bodies: Vec<RigidBody>,
    statics: Vec<StaticGeometry>,
    springs: Vec<Spring>,
}

impl Default for World {
    fn default() -> Self {
        Self::new(Vec3::new(0.0, 0.0, -9.81))
    }
}

impl World {
    /// An empty world with the given gravity.
    pub fn new(gravity: Vec3) -> Self {
        Self {
            gravity,
            bodies: Vec::new(),
            statics: Vec::new(),
            springs: Vec::new(),
        }
    }

    /// Adds a body after checking it; returns its index.
    pub fn add_body(&mut self, body: RigidBody) -> Result<usize, SimError> {
        body.validate(self.bodies.len())?;
        self.bodies.push(body);
        Ok(self.bodies.len() - 1)
    }

    /// Adds static geometry; returns its index.
    pub fn add_static(&mut self, geometry: StaticGeometry) -> Result<usize, SimError> {
        if let Err((name, value, reason)) = geometry.material().check() {
            return Err(SimError::InvalidSetting { name, value, reason });
        }
        if let StaticGeometry::Shape(_, pose, _) = &geometry {
            pose.validate()?;
        }
        self.statics.push(geometry);
        Ok(self.statics.len() - 1)
    }

    /// The flat ground `z <= 0` with a material.
    pub fn add_ground(&mut self, material: Material) -> Result<usize, SimError> {
        let plane = HalfSpace::new(Vec3::z(), 0.0)?;
        self.add_static(StaticGeometry::HalfSpace(plane, material))
    }

    /// Adds a spring after checking it; returns its index.
    pub fn add_spring(&mut self, spring: Spring) -> Result<usize, SimError> {
        let index = self.springs.len();
        let bad = |reason: String| SimError::InvalidSpring {
            spring: index,
            reason,
        };
        if spring.body >= self.bodies.len() {
            return Err(bad(format!("body {} does not exist", spring.body)));
        }
        if let SpringAnchor::Body { body, point } = spring.anchor {
            if body >= self.bodies.len() || body == spring.body {
                return Err(bad(format!(
                    "anchor body {body} does not exist or is the spring's body"
                )));
            }
            if point.iter().any(|x| !x.is_finite()) {
                return Err(bad("anchor point must be finite".into()));
            }
        }
        if let SpringAnchor::World(p) = spring.anchor {
            if p.iter().any(|x| !x.is_finite()) {
                return Err(bad("anchor point must be finite".into()));
            }
        }
        if spring.point.iter().any(|x| !x.is_finite()) {
            return Err(bad("attachment point must be finite".into()));
        }
        for (name, v) in [
            ("stiffness", spring.stiffness),
            ("damping", spring.damping),
            ("rest_length", spring.rest_length),
        ] {
            if !(v.is_finite() && v >= 0.0) {
                return Err(bad(format!("{name} = {v} must be finite and >= 0")));
            }
        }
        self.springs.push(spring);
        Ok(index)
    }

    /// The bodies.
    pub fn bodies(&self) -> &[RigidBody] {
        &self.bodies
    }

    /// The static geometry.
    pub fn statics(&self) -> &[StaticGeometry] {
        &self.statics
    }

    /// The springs.
    pub fn springs(&self) -> &[Spring] {
        &self.springs
    }

    /// Checks the whole world (every part was checked when added; gravity here).
    pub(crate) fn validate(&self) -> Result<(), SimError> {
        if let Some(g) = self.gravity.iter().find(|g| !g.is_finite()) {
            return Err(SimError::InvalidSetting {
                name: "gravity",
                value: *g,
                reason: "must be finite",
            });
        }
        Ok(())
    }
}
