//! Compatibility (issue 16): [`EpaSolver`], the former name of [`ContactSolver`], with
//! its warm start inside the solver. Removed once its callers keep a [`PairCache`] per
//! pair and call the `*_cached` queries of [`ContactSolver`].

use crate::collide::cache::{PairCache, Start, WarmStart};
use crate::collide::feature::{validate_margin, ContactManifold, ManifoldSettings};
use crate::error::WolfeError;
use crate::math::{Pose, Vec3};
use crate::shape::Shape;

use super::{Contact, ContactSolver, SignedDistanceOutput, SignedDistanceSettings};

/// A [`ContactSolver`] that keeps the warm start of one pair itself, as before issue 16.
///
/// Compatibility: use a [`ContactSolver`] and a [`PairCache`] per pair instead (an
/// empty cache is [`WarmStart::BoundingBoxCenters`], a kept one
/// [`WarmStart::Previous`], [`PairCache::set_separation`] is [`WarmStart::Direction`]).
/// Unlike a cache, it never keeps the meshes' climbing hints.
#[derive(Clone, Debug)]
pub struct EpaSolver {
    solver: ContactSolver,
    /// How the next query's GJK starts: the bounding-box centres (default), this
    /// solver's previous separation, or a caller's guess of the separation vector
    /// `point_a - point_b` in world frame.
    pub warm_start: WarmStart,
    /// The cores' separation of the last query whose GJK found one (its hints are
    /// never used: this solver did not keep them).
    cache: PairCache,
}

impl EpaSolver {
    /// A solver with validated settings; allocates EPA's storage for
    /// `settings.epa.max_iterations` expansions.
    pub fn new(settings: SignedDistanceSettings) -> Result<Self, WolfeError> {
        Ok(Self {
            solver: ContactSolver::new(settings)?,
            warm_start: WarmStart::default(),
            cache: PairCache::new(),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &SignedDistanceSettings {
        self.solver.settings()
    }

    /// The cores' separation vector `point_a - point_b` found by the last query's GJK,
    /// world frame (what [`WarmStart::Previous`] starts from); `None` before the first,
    /// and after a query whose cores overlapped from the start.
    pub fn previous_separation(&self) -> Option<Vec3> {
        self.cache.separation()
    }

    /// [`ContactSolver::signed_distance`] from [`EpaSolver::warm_start`].
    pub fn signed_distance(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
    ) -> Result<SignedDistanceOutput, WolfeError> {
        let start = self.start(pose_a, pose_b)?;
        self.solver
            .signed_distance_from(a, pose_a, b, pose_b, start, &mut self.cache)
    }

    /// [`ContactSolver::contact`] from [`EpaSolver::warm_start`].
    pub fn contact(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
        margin: f64,
    ) -> Result<Option<Contact>, WolfeError> {
        validate_margin(margin)?;
        let start = self.start(pose_a, pose_b)?;
        self.solver
            .contact_from(a, pose_a, b, pose_b, margin, start, &mut self.cache)
    }

    /// [`ContactSolver::manifold`] from [`EpaSolver::warm_start`].
    pub fn manifold(
        &mut self,
        a: &Shape,
        pose_a: &Pose,
        b: &Shape,
        pose_b: &Pose,
        settings: &ManifoldSettings,
    ) -> Result<Option<ContactManifold>, WolfeError> {
        settings.validate()?;
        let start = self.start(pose_a, pose_b)?;
        self.solver
            .manifold_from(a, pose_a, b, pose_b, settings, start, &mut self.cache)
    }

    /// How a query starts by the warm start (poses and direction checked); forgets the
    /// previous separation, which the query replaces (`None` when the cores overlapped
    /// from the start).
    fn start(&mut self, pose_a: &Pose, pose_b: &Pose) -> Result<Start, WolfeError> {
        pose_a.validate()?;
        pose_b.validate()?;
        let start = match self.warm_start {
            WarmStart::BoundingBoxCenters => Start::Cold,
            WarmStart::Previous => match self.cache.separation() {
                Some(v) => Start::Direction(v),
                None => Start::Cold,
            },
            WarmStart::Direction(v) => {
                if !v.iter().all(|c| c.is_finite()) {
                    return Err(WolfeError::NonFiniteDirection);
                }
                Start::Direction(v)
            }
        };
        self.cache.clear();
        Ok(start)
    }
}
