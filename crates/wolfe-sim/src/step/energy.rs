//! The energies of a [`Simulation`]'s state and the cache of the bodies' spatial
//! inertias that the kinetic energy fills for the next step's free motion.

use nalgebra::Matrix6;

use super::Simulation;
use crate::error::SimError;
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
    pub(super) fn kinetic_energy_cached(&mut self) -> Result<f64, SimError> {
        let bodies: f64 = (0..self.poses.len())
            .map(|i| {
                let s = self.spatial_velocity(i, &self.v);
                0.5 * s.dot(&(self.cached_spatial_inertia(i) * s))
            })
            .sum();
        let mut trees = 0.0;
        for (t, state) in self.trees.iter_mut().enumerate() {
            let Some(o) = self.tree_offsets[t] else { continue };
            let model = &self.world.trees()[t].model;
            let v = &self.v.as_slice()[o..o + model.nv()];
            trees += model.kinetic_energy(&mut state.data, state.q.as_slice(), v)?;
        }
        Ok(bodies + trees)
    }

    /// Kinetic energy `1/2 v^T M v` at the current state, J: `1/2 s^T M_6 s` per body
    /// with its spatial velocity `s = S v`.
    /// Articulated trees add their `1/2 v^T M(q) v` (computed in a copy of each
    /// tree's workspace).
    pub fn kinetic_energy(&self) -> Result<f64, SimError> {
        let bodies: f64 = (0..self.poses.len())
            .map(|i| {
                let s = self.spatial_velocity(i, &self.v);
                let m6 = self.world.bodies()[i].spatial_inertia(&self.poses[i].rotation);
                0.5 * s.dot(&(m6 * s))
            })
            .sum();
        let mut trees = 0.0;
        for (t, state) in self.trees.iter().enumerate() {
            let model = &self.world.trees()[t].model;
            let mut data = state.data.clone();
            trees += model.kinetic_energy(&mut data, state.q.as_slice(), self.tree_velocities(t))?;
        }
        Ok(bodies + trees)
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
        let trees: f64 = self
            .world
            .trees()
            .iter()
            .zip(&self.trees)
            .map(|(t, state)| super::tree::gravity_potential(&t.model, &state.data, &g))
            .sum();
        gravity + springs + trees
    }
}
