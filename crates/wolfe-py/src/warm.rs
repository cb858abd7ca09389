//! Warm starts: the caller-owned per-pair state (the Rust crate's solvers with kept
//! `wolfe::PairCache`s) behind one Python object, `PairCache`. Every use of wolfe's warm-start types is in this module.

use pyo3::prelude::*;

use crate::coal_api::{DistanceRequest, DistanceResult};
use crate::convert::{np_vec3, NonNegative};
use crate::error::geometry;
use crate::geometry::shape_of;
use crate::growth::{
    growth_queries, growth_settings, GrowthCache, GrowthCollision, GrowthPair, GrowthResult,
};
use crate::penetration::request_settings;
use crate::queries::{Solvers, Warm};
use crate::transform::pose_arg;

/// The warm-start state of one pair of shapes, owned by the caller: each query starts
/// from this cache's previous answer for the pair (GJK/EPA from the previous separation
/// vector and the meshes' hill-climbing hints; growth distance from the previous inner
/// approximation). Use one cache per pair (same shapes, same order); `reset()` before
/// reusing it for another pair.
#[pyclass(module = "wolfe", unsendable)]
pub struct PairCache {
    solvers: Solvers,
    signed: bool,
    growth: GrowthCache,
}

growth_queries! {
impl PairCache {
    #[new]
    #[pyo3(signature = (request = None, growth_tolerance = None, growth_max_iterations = None))]
    fn new(
        request: Option<PyRef<'_, DistanceRequest>>,
        growth_tolerance: Option<f64>,
        growth_max_iterations: Option<NonNegative<u32>>,
    ) -> PyResult<Self> {
        let growth_max_iterations = growth_max_iterations.map(|m| m.0);
        let settings = request_settings(request.as_deref());
        let mut solvers = Solvers::new(settings).map_err(geometry)?;
        solvers.warm = Warm::Kept;
        Ok(Self {
            solvers,
            signed: request.as_deref().is_none_or(|r| r.enable_signed_distance),
            growth: GrowthCache::new(growth_settings(growth_tolerance, growth_max_iterations), true)?,
        })
    }

    /// Distance (signed unless the request turned it off), warm started.
    #[allow(non_snake_case)]
    fn distance(
        &mut self,
        s1: &Bound<'_, PyAny>,
        M1: &Bound<'_, PyAny>,
        s2: &Bound<'_, PyAny>,
        M2: &Bound<'_, PyAny>,
    ) -> PyResult<DistanceResult> {
        let (a, b) = (shape_of(s1)?, shape_of(s2)?);
        let (pa, pb) = (pose_arg(M1)?, pose_arg(M2)?);
        let answer = self
            .solvers
            .distance(&a, &pa, &b, &pb, self.signed)
            .map_err(geometry)?;
        Ok(DistanceResult::from_answer(answer, &pa))
    }

    /// The separation `point_a - point_b` of the cores found by the last distance query
    /// (world frame), `None` before the first.
    #[getter]
    fn previous_separation<'py>(&self, py: Python<'py>) -> Option<Bound<'py, numpy::PyArray1<f64>>> {
        self.solvers.previous_separation().map(|v| np_vec3(py, &v))
    }

    /// Forgets the warm-start state (before using the cache for another pair).
    fn reset(&mut self) {
        self.solvers.reset();
        if let Some(c) = self.growth.cache.as_mut() {
            c.clear();
        }
    }
}
self.growth;
    /// Growth distance, warm started from this cache's previous growth query.
    growth_distance -> GrowthResult = distance;
    /// Growth-based collision test, warm started.
    growth_collide -> GrowthCollision = collide;
}
