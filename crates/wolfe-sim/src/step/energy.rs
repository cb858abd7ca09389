//! The energies of a [`Simulation`]'s state and the cache of the bodies' spatial
//! inertias that the kinetic energy fills for the next step's free motion.

use nalgebra::Matrix6;

use super::Simulation;
use crate::world::SpringAnchor;

impl Simulation {
    /// Body `i`'s spatial inertia at its current orientation, from `inertia_cache` when
    /// it was computed at this very rotation (else computed and cached); returned by
    /// reference (a 288-byte copy per body was a `memcpy` call, 1% of the clutter step).
    pub(super) fn cached_spatial_inertia(&mut self, i: usize) -> &Matrix6<f64> {
        let rotation = self.poses[i].rotation;
        if self.inertia_cache.len() != self.poses.len() {
            let bodies = self.world.bodies();
            self.inertia_cache.clear();
            self.inertia_cache.extend(
                self.poses
                    .iter()
                    .zip(bodies)
                    .map(|(p, b)| (p.rotation, b.spatial_inertia(&p.rotation))),
            );
        }
        let (q, m6) = &mut self.inertia_cache[i];
        // Bit for bit (Quat's `==` also takes -q for q).
        let same = q
            .coords
            .iter()
            .zip(rotation.coords.iter())
            .all(|(a, b)| a.to_bits() == b.to_bits());
        if !same {
            *q = rotation;
            *m6 = self.world.bodies()[i].spatial_inertia(&rotation);
        }
        m6
    }

    /// [`Simulation::kinetic_energy`] (the same operations), with each body's spatial
    /// inertia left in `inertia_cache` for the next step's free motion.
    pub(super) fn kinetic_energy_cached(&mut self) -> f64 {
        (0..self.poses.len())
            .map(|i| {
                let s = self.spatial_velocity(i, &self.v);
                0.5 * s.dot(&(self.cached_spatial_inertia(i) * s))
            })
            .sum()
    }

    /// Kinetic energy `1/2 v^T M v` at the current state, J: `1/2 s^T M_6 s` per body
    /// with its spatial velocity `s = S v`.
    pub fn kinetic_energy(&self) -> f64 {
        (0..self.poses.len())
            .map(|i| {
                let s = self.spatial_velocity(i, &self.v);
                let m6 = self.world.bodies()[i].spatial_inertia(&self.poses[i].rotation);
                0.5 * s.dot(&(m6 * s))
            })
            .sum()
    }

    /// Gravity and spring potential energy at the current state, J (zero at z = 0
    /// for gravity, zero at rest length for springs).
    pub fn potential_energy(&self) -> f64 {
        let g = self.world.gravity;
        let gravity: f64 = self
            .world
            .bodies()
            .iter()
            .zip(&self.poses)
            .map(|(b, p)| -b.mass * g.dot(&p.translation))
            .sum();
        let springs: f64 = self
            .world
            .springs()
            .iter()
            .map(|s| {
                let p = self.poses[s.body].transform_point(&s.point);
                let a = match s.anchor {
                    SpringAnchor::World(a) => a,
                    SpringAnchor::Body { body, point } => self.poses[body].transform_point(&point),
                };
                let stretch = (a - p).norm() - s.rest_length;
                0.5 * s.stiffness * stretch * stretch
            })
            .sum();
        gravity + springs
    }
}
