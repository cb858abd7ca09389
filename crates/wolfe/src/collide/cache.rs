//! The warm-start state of one shape pair, owned by the caller (as Box2D v3's simplex
//! cache): what a query of the pair leaves for the next query of the same pair.
//!
//! Solvers hold settings and scratch memory only; everything that belongs to a pair of
//! shapes lives in a [`PairCache`] that the caller keeps per pair (a simulation keeps
//! one per body pair across steps) and passes it to the queries as their optional
//! `cache` (`Some(&mut cache)`). A new or cleared cache, or none, makes a cold query.

use crate::error::WolfeError;
use crate::math::{Pose, Quat, Vec3};

/// The warm-start state of one ordered pair of shapes (A, B).
///
/// - **Separation direction**: the cores' separation vector `point_a - point_b` of the
///   last GJK run of the pair that found one (distance, intersection, signed distance,
///   contact, manifold), or a guess set with [`PairCache::set_separation`]. GJK starts
///   from it instead of the bounding-box centres (GJK++ Sec. IV-E, "WS prev").
/// - **Hill-climbing hints**: the support vertices of meshes A and B at the end of that
///   run, so that the next run's climbs start where the last ones ended (GJK++ Sec. II).
/// - **Growth basis**: the growth solver's inner approximation and its own climbing
///   hints (Thirugnanam & Sreenath, Sec. III-F.3).
///
/// A cache is only valid for the pair it was filled by, in the same order: pass a
/// cleared (or new) cache for another pair. It is plain data (`Copy`, no allocation).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PairCache {
    pub(crate) separation: Option<Separation>,
    pub(crate) hints: Option<ClimbHints>,
    pub(crate) growth: GrowthMemory,
}

impl PairCache {
    /// An empty cache: the next query of the pair starts cold.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets everything: the next query starts cold, as after a step where the broad
    /// phase filtered the pair out.
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// The cores' separation vector `point_a - point_b` in world frame that the next
    /// GJK run starts from (the last run's, or the one set); `None` when it starts from
    /// the bounding-box centres. Callers with their own motion model (GJK++ Sec. IV-E,
    /// "WS T(prev)") transform it and set it back.
    pub fn separation(&self) -> Option<Vec3> {
        self.separation.map(|s| s.world())
    }

    /// Sets the direction the next GJK run of the pair starts from: a guess of the
    /// separation vector `point_a - point_b` in world frame (note the sign: from B to
    /// A, opposite to the normal). The meshes' climbing hints are kept (a climb
    /// re-seeds itself when the direction turned far from the hints'). Errors on a
    /// non-finite vector.
    pub fn set_separation(&mut self, v: Vec3) -> Result<(), WolfeError> {
        if !v.iter().all(|c| c.is_finite()) {
            return Err(WolfeError::NonFiniteDirection);
        }
        self.separation = Some(Separation::World(v));
        Ok(())
    }

    /// Whether the cache holds anything (a cold query would leave it non-empty).
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// A separation vector of the cores, kept in the frame it was found in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Separation {
    /// In A's frame at the time, with A's rotation then: world frame on demand (most
    /// queries never need it).
    InA(Vec3, Quat),
    /// In world frame (a caller's guess).
    World(Vec3),
}

impl Separation {
    /// The vector in world frame.
    pub(crate) fn world(&self) -> Vec3 {
        match self {
            Separation::InA(v, rot) => rot * v,
            Separation::World(v) => *v,
        }
    }

    /// The vector in the frame of A at `pose_a`.
    #[inline]
    pub(crate) fn in_frame_of(&self, pose_a: &Pose) -> Vec3 {
        pose_a.inverse_transform_vector(&self.world())
    }
}

/// How a query starts from the pair cache it writes to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Start {
    /// From the bounding-box centres, with seeded climbs (the cache is only written).
    Cold,
    /// From the cache's separation (the box centres without one) and climbing hints.
    Warm,
}

impl Start {
    /// The first direction in the frame of A at `pose_a` (`None`: the bounding-box
    /// centres) and the climbing hints to keep (`None`: seed the climbs).
    #[inline(always)]
    pub(crate) fn resolve(self, cache: &PairCache, pose_a: &Pose) -> (Option<Vec3>, Option<ClimbHints>) {
        match self {
            Start::Cold => (None, None),
            Start::Warm => (cache.separation.map(|s| s.in_frame_of(pose_a)), cache.hints),
        }
    }
}

/// The hill-climbing hints of a pair: the index of the last support vertex of each
/// shape (meshes only; other shapes ignore them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ClimbHints {
    /// A's last support vertex.
    pub a: u32,
    /// B's last support vertex.
    pub b: u32,
}

/// The growth solver's memory of a pair: the inner approximation's shape points of the
/// last query, in the shapes' local frames (Sec. III-F.3), and its climbing hints.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct GrowthMemory {
    /// Points of A and B and the normal of `C` they were the supports for (zero when
    /// unknown), all in A's frame except B's points (B's frame); `None`: cold.
    pub points: Option<[(Vec3, Vec3, Vec3); 3]>,
    /// A's last support vertex.
    pub hint_a: u32,
    /// B's last support vertex.
    pub hint_b: u32,
    /// The last support direction (A's frame) the hints belong to.
    pub direction: Vec3,
}
