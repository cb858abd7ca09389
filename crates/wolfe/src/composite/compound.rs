//! [`Compound`]: a shape made of convex parts, each at its local pose, with a BVH over
//! the parts.

use std::f64::consts::FRAC_PI_2;

use super::bvh::Bvh;
use super::trimesh::moments_to_properties;
use crate::error::{non_negative_setting, WolfeError};
use crate::math::{Aabb, Mat3, Pose, Quat, Vec3};
use crate::shape::{Capsule, ConvexShape, MassProperties, Shape, Sphere};

/// One convex part of a [`Compound`].
#[derive(Clone, Debug)]
pub struct CompoundPart {
    /// The convex shape.
    pub shape: Shape,
    /// Its pose in the compound's frame.
    pub pose: Pose,
    /// Its own friction coefficient, if it differs from the body's (finite, `>= 0`).
    pub friction: Option<f64>,
}

impl CompoundPart {
    /// A part at `pose`, without a friction of its own.
    pub fn new(shape: Shape, pose: Pose) -> Self {
        Self {
            shape,
            pose,
            friction: None,
        }
    }

    /// This part with its own friction coefficient.
    pub fn with_friction(mut self, friction: f64) -> Self {
        self.friction = Some(friction);
        self
    }
}

/// Convex parts with their local poses, and a [`Bvh`] over the parts' boxes. The
/// parts may overlap; queries take the minimum over part pairs (see `composite`).
#[derive(Clone, Debug)]
pub struct Compound {
    parts: Vec<CompoundPart>,
    /// Each part's box in the compound's frame.
    boxes: Vec<Aabb>,
    bvh: Bvh,
}

impl Compound {
    /// A dumbbell along the local x axis: two balls of radius `ball_radius` centred at
    /// `x = -half_span` and `x = +half_span`, joined by a bar (a capsule of radius
    /// `bar_radius` over the same span). Errors: a radius that is not finite and `> 0`,
    /// a `half_span` that is not finite and `>= 0` (the shapes' own checks).
    pub fn dumbbell(ball_radius: f64, half_span: f64, bar_radius: f64) -> Result<Self, WolfeError> {
        let ball = |x: f64| -> Result<CompoundPart, WolfeError> {
            let pose = Pose::from_translation(Vec3::new(x, 0.0, 0.0));
            Ok(CompoundPart::new(Sphere::new(ball_radius)?.into(), pose))
        };
        // A capsule's axis is its local z: a quarter turn about y lays it along x.
        let along_x = Pose::new(Vec3::zeros(), Quat::from_scaled_axis(Vec3::y() * FRAC_PI_2));
        let bar = CompoundPart::new(Capsule::new(bar_radius, half_span)?.into(), along_x);
        Self::new(vec![ball(-half_span)?, ball(half_span)?, bar])
    }

    /// A compound of `parts`. Errors: [`WolfeError::EmptyComposite`] without parts, a
    /// part pose's error ([`Pose::validate`]), [`WolfeError::InvalidSetting`] for a
    /// friction that is not finite and `>= 0`.
    pub fn new(parts: Vec<CompoundPart>) -> Result<Self, WolfeError> {
        if parts.is_empty() {
            return Err(WolfeError::EmptyComposite {
                what: "compound",
                reason: "it needs at least one convex part",
            });
        }
        for p in &parts {
            p.pose.validate()?;
            if let Some(f) = p.friction {
                non_negative_setting("part friction", f)?;
            }
        }
        let boxes: Vec<Aabb> = parts
            .iter()
            .map(|p| p.shape.local_aabb().transformed(&p.pose))
            .collect();
        let bvh = Bvh::build(&boxes);
        Ok(Self { parts, boxes, bvh })
    }

    /// The parts.
    pub fn parts(&self) -> &[CompoundPart] {
        &self.parts
    }

    /// Part `i`'s box in the compound's frame.
    #[inline]
    pub fn part_aabb(&self, i: u32) -> &Aabb {
        &self.boxes[i as usize]
    }

    /// The BVH over the parts.
    pub fn bvh(&self) -> &Bvh {
        &self.bvh
    }

    /// The local box around every part.
    pub fn local_aabb(&self) -> Aabb {
        self.bvh.root_aabb().expect("a Compound has at least one part")
    }

    /// Mass properties of the parts filled with `density` (kg/m^3), in the compound's
    /// frame: each part's ([`Shape::mass_properties`]) moved to its pose and summed
    /// (parallel axis theorem). Parts are taken as disjoint: where they overlap, the
    /// overlap counts once per part. Errors: those of [`Shape::mass_properties`].
    pub fn mass_properties(&self, density: f64) -> Result<MassProperties, WolfeError> {
        let mut volume = 0.0;
        let mut first = Vec3::zeros();
        let mut second = Mat3::zeros();
        for p in &self.parts {
            let m = p.shape.mass_properties(density)?;
            let v = m.mass / density;
            let r = p.pose.rotation.to_rotation_matrix().into_inner();
            let c = p.pose.transform_point(&m.local_center);
            // Central second moment of the part from its inertia: I = rho (tr(C) 1 - C)
            // gives C = tr(I)/(2 rho) 1 - I/rho.
            let inertia = r * m.inertia * r.transpose() / density;
            let central = Mat3::identity() * (inertia.trace() * 0.5) - inertia;
            volume += v;
            first += c * v;
            second += central + c * c.transpose() * v;
        }
        Ok(moments_to_properties(volume, first, second, density))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dumbbell_spans_its_balls_and_checks_its_sizes() {
        let d = Compound::dumbbell(0.03, 0.1, 0.01).unwrap();
        assert_eq!(d.parts().len(), 3);
        let b = d.local_aabb();
        // The balls reach half_span + ball_radius along x, their radius across; the bar
        // (radius 0.01, along x) stays inside that box.
        for (got, want) in [
            (b.min.x, -0.13),
            (b.max.x, 0.13),
            (b.max.y, 0.03),
            (b.max.z, 0.03),
        ] {
            assert!((got - want).abs() < 1e-12, "{got} vs {want}");
        }
        assert!(Compound::dumbbell(-0.03, 0.1, 0.01).is_err());
        assert!(Compound::dumbbell(0.03, f64::NAN, 0.01).is_err());
        assert!(Compound::dumbbell(0.03, 0.1, 0.0).is_err());
    }
}
