//! Growth distance (Thirugnanam & Sreenath): the factor by which both shapes, scaled
//! about their centre points, touch; with bounds, centre points and warm start.

use pyo3::prelude::*;
use wolfe::{
    CenterPoint, GrowthCollisionOutput, GrowthOutput, GrowthSettings, GrowthSolver, GrowthStatus, Pose,
    Shape, SignedDistanceSettings, Sphere,
};

use crate::convert::{np_vec3, vec3, NonNegative};
use crate::enum_names::py_enum;
use crate::error::{geometry, value};
use crate::geometry::shape_of;
use crate::queries::with_solvers;
use crate::transform::pose_arg;

py_enum! {
/// How a growth query ended.
///
/// Members:
/// - `Converged`: Relative gap within the tolerance.
/// - `IterationLimit`: Iteration limit; bounds valid.
/// - `NumericalTrouble`: Degenerate pivot in f64; bounds valid.
/// - `Separated`: Collision query: separated (early exit).
/// - `Overlapping`: Collision query: overlapping (early exit).
as "GrowthStatus" pub enum PyGrowthStatus, members GROWTH_STATUSES {
    Converged = 0, IterationLimit = 1, NumericalTrouble = 2, Separated = 3, Overlapping = 4,
}
}

impl From<GrowthStatus> for PyGrowthStatus {
    fn from(s: GrowthStatus) -> Self {
        match s {
            GrowthStatus::Converged => Self::Converged,
            GrowthStatus::IterationLimit => Self::IterationLimit,
            GrowthStatus::NumericalTrouble => Self::NumericalTrouble,
            GrowthStatus::Separated => Self::Separated,
            GrowthStatus::Overlapping => Self::Overlapping,
        }
    }
}

/// Result of a growth distance query (world frame).
#[pyclass(module = "wolfe", get_all)]
pub struct GrowthResult {
    /// Growth distance (`< 1` overlapping, `> 1` separated): the feasible end of the
    /// bounds.
    pub alpha: f64,
    /// Certified lower bound.
    pub alpha_lower: f64,
    /// Certified upper bound (= `alpha`).
    pub alpha_upper: f64,
    /// Witness point of A scaled by `alpha`.
    pub point_a: Py<numpy::PyArray1<f64>>,
    /// Witness point of B scaled by `alpha`.
    pub point_b: Py<numpy::PyArray1<f64>>,
    /// Common point of the scaled shapes.
    pub contact_point: Py<numpy::PyArray1<f64>>,
    /// Unit normal from A to B.
    pub normal: Py<numpy::PyArray1<f64>>,
    /// Iterations.
    pub iterations: u32,
    /// How it ended.
    pub status: PyGrowthStatus,
}

impl GrowthResult {
    /// From wolfe's output.
    pub fn new(py: Python<'_>, o: &GrowthOutput) -> Self {
        Self {
            alpha: o.alpha,
            alpha_lower: o.alpha_lower,
            alpha_upper: o.alpha_upper,
            point_a: np_vec3(py, &o.point_a).unbind(),
            point_b: np_vec3(py, &o.point_b).unbind(),
            contact_point: np_vec3(py, &o.contact_point).unbind(),
            normal: np_vec3(py, &o.normal).unbind(),
            iterations: o.iterations,
            status: o.status.into(),
        }
    }
}

#[pymethods]
impl GrowthResult {
    fn __repr__(&self) -> String {
        format!("GrowthResult(alpha={}, lower={})", self.alpha, self.alpha_lower)
    }
}

/// Result of a growth-based collision test.
#[pyclass(module = "wolfe", get_all)]
pub struct GrowthCollision {
    /// Whether the shapes intersect.
    pub intersecting: bool,
    /// Certified lower bound of the growth distance.
    pub alpha_lower: f64,
    /// Certified upper bound.
    pub alpha_upper: f64,
    /// A separating plane's normal from A to B when separated (else zeros).
    pub separating_normal: Py<numpy::PyArray1<f64>>,
    /// Iterations.
    pub iterations: u32,
    /// How it ended.
    pub status: PyGrowthStatus,
}

impl GrowthCollision {
    /// From wolfe's output.
    pub fn new(py: Python<'_>, o: &GrowthCollisionOutput) -> Self {
        Self {
            intersecting: o.intersecting,
            alpha_lower: o.alpha_lower,
            alpha_upper: o.alpha_upper,
            separating_normal: np_vec3(py, &o.separating_normal).unbind(),
            iterations: o.iterations,
            status: o.status.into(),
        }
    }
}

/// A centre argument: `None` (the shape's default centre and inradius) or
/// `(point, inradius)` in the shape's local frame. The ball of radius `inradius` about
/// `point` must lie in the shape (the growth algorithm trusts it and would give a
/// meaningless answer otherwise): a point outside the shape, or an inradius larger than
/// the point's depth in the shape, is a `ValueError`. Checked by the signed distance
/// from the shape to a ball about the point (its certified lower bound, so that only a
/// sure violation is refused).
pub fn center_arg(shape: &Shape, c: Option<&Bound<'_, PyAny>>) -> PyResult<CenterPoint> {
    let Some(c) = c else {
        return Ok(CenterPoint::of(shape));
    };
    let (p, r): (Bound<'_, PyAny>, f64) = c.extract()?;
    let point = vec3(&p, "centre point")?;
    if !point.iter().all(|x| x.is_finite()) {
        return Err(value("centre point has a NaN or infinite coordinate"));
    }
    if !(r.is_finite() && r >= 0.0) {
        return Err(value(format!("centre inradius = {r} must be finite and >= 0")));
    }
    // A ball about the point (the radius only has to be positive): its signed distance
    // to the shape plus its radius is the point's signed distance to the shape.
    let probe = r.max(1e-6);
    let ball: Shape = Sphere::new(probe).map_err(geometry)?.into();
    let settings = SignedDistanceSettings::default();
    let answer = with_solvers(&settings, |s| {
        s.distance(
            shape,
            &Pose::identity(),
            &ball,
            &Pose::from_translation(point),
            true,
        )
    })
    .map_err(geometry)?;
    let point_distance = answer.lower_bound + probe;
    // Rounding of the bound, relative to the sizes involved.
    let slack = 1e-9 * (1.0 + r + answer.lower_bound.abs());
    if point_distance > slack {
        return Err(value(format!(
            "centre point {:?} lies outside the shape (at distance {point_distance:.6e})",
            [point.x, point.y, point.z]
        )));
    }
    if -point_distance < r - slack {
        return Err(value(format!(
            "centre inradius {r} is larger than the depth {:.6e} of the centre point in the shape \
             (the ball of that radius about it must lie in the shape)",
            -point_distance
        )));
    }
    Ok(CenterPoint { point, inradius: r })
}

/// Growth settings from keyword arguments.
pub fn growth_settings(tolerance: Option<f64>, max_iterations: Option<u32>) -> GrowthSettings {
    let d = GrowthSettings::default();
    GrowthSettings::default()
        .with_tolerance(tolerance.unwrap_or(d.tolerance))
        .with_max_iterations(max_iterations.unwrap_or(d.max_iterations))
}

/// The growth queries between `shape_a` at `pose_a` and `shape_b` at `pose_b`, scaled
/// about `center_a` / `center_b`, written once: `receiver` is `fn` for the module's cold
/// functions (with `tolerance` and `max_iterations`) or `impl T { methods }
/// self.growth` for the warm methods of `PairCache` (its whole `#[pymethods]` block,
/// since pyo3 does not expand macros inside one).
macro_rules! growth_queries {
    (fn; $($(#[$doc:meta])* $name:ident -> $out:ty = $method:ident;)*) => {$(
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (shape_a, pose_a, shape_b, pose_b, center_a = None, center_b = None, tolerance = None, max_iterations = None))]
        pub fn $name(
            py: Python<'_>,
            shape_a: &Bound<'_, PyAny>,
            pose_a: &Bound<'_, PyAny>,
            shape_b: &Bound<'_, PyAny>,
            pose_b: &Bound<'_, PyAny>,
            center_a: Option<&Bound<'_, PyAny>>,
            center_b: Option<&Bound<'_, PyAny>>,
            tolerance: Option<f64>,
            max_iterations: Option<NonNegative<u32>>,
        ) -> PyResult<$out> {
            let pair = GrowthPair::new(shape_a, pose_a, shape_b, pose_b, center_a, center_b)?;
            GrowthCache::cold(tolerance, max_iterations)?.$method(py, &pair)
        }
    )*};
    // pyo3 expands no macro inside `#[pymethods]`: this arm writes the whole block.
    (impl $t:ty { $($extra:tt)* } self.growth; $($(#[$doc:meta])* $name:ident -> $out:ty = $method:ident;)*) => {
        #[pymethods]
        impl $t {
            $($extra)*
            $(
                $(#[$doc])*
                #[pyo3(signature = (shape_a, pose_a, shape_b, pose_b, center_a = None, center_b = None))]
                fn $name(
                    &mut self,
                    py: Python<'_>,
                    shape_a: &Bound<'_, PyAny>,
                    pose_a: &Bound<'_, PyAny>,
                    shape_b: &Bound<'_, PyAny>,
                    pose_b: &Bound<'_, PyAny>,
                    center_a: Option<&Bound<'_, PyAny>>,
                    center_b: Option<&Bound<'_, PyAny>>,
                ) -> PyResult<$out> {
                    let pair = GrowthPair::new(shape_a, pose_a, shape_b, pose_b, center_a, center_b)?;
                    self.growth.$method(py, &pair)
                }
            )*
        }
    };
}
pub(crate) use growth_queries;

growth_queries! { fn;
    /// Growth distance between `shape_a` at `pose_a` and `shape_b` at `pose_b`, scaled
    /// about `center_a` / `center_b` (`None`: the shape's centre; or `(point, inradius)`
    /// in the shape's frame), cold started (use `PairCache.growth_distance` for warm
    /// starts).
    growth_distance -> GrowthResult = distance;
    /// Growth-based collision test with early exit (Sec. III-F.4).
    growth_collide -> GrowthCollision = collide;
}

/// A growth solver, cold or warm (then with the pair's cache).
pub struct GrowthCache {
    solver: GrowthSolver,
    /// The pair's cache, for warm queries (`PairCache.reset()` clears it).
    pub(crate) cache: Option<wolfe::PairCache>,
}

impl GrowthCache {
    /// A solver with validated settings.
    pub fn new(settings: GrowthSettings, warm: bool) -> PyResult<Self> {
        let solver = GrowthSolver::new(settings).map_err(geometry)?;
        Ok(Self {
            solver,
            cache: warm.then(wolfe::PairCache::new),
        })
    }

    /// A cold solver with the keyword arguments' settings.
    fn cold(tolerance: Option<f64>, max_iterations: Option<NonNegative<u32>>) -> PyResult<Self> {
        Self::new(growth_settings(tolerance, max_iterations.map(|m| m.0)), false)
    }

    /// Growth distance.
    pub fn distance(&mut self, py: Python<'_>, pair: &GrowthPair) -> PyResult<GrowthResult> {
        let (p, cache) = (pair, self.cache.as_mut());
        let o = self
            .solver
            .growth_distance(&p.a, &p.pa, &p.b, &p.pb, Some(&p.centers), cache);
        Ok(GrowthResult::new(py, &o.map_err(geometry)?))
    }

    /// Growth-based collision test.
    pub fn collide(&mut self, py: Python<'_>, pair: &GrowthPair) -> PyResult<GrowthCollision> {
        let (p, cache) = (pair, self.cache.as_mut());
        let o = self
            .solver
            .collide(&p.a, &p.pa, &p.b, &p.pb, Some(&p.centers), cache);
        Ok(GrowthCollision::new(py, &o.map_err(geometry)?))
    }
}

/// The two shapes, poses and centres of a growth query, read from Python's arguments.
pub struct GrowthPair {
    a: Shape,
    pa: Pose,
    b: Shape,
    pb: Pose,
    centers: [CenterPoint; 2],
}

impl GrowthPair {
    /// Reads the arguments of `growth_distance`/`growth_collide` (see [`center_arg`]).
    pub fn new(
        shape_a: &Bound<'_, PyAny>, pose_a: &Bound<'_, PyAny>, shape_b: &Bound<'_, PyAny>,
        pose_b: &Bound<'_, PyAny>, center_a: Option<&Bound<'_, PyAny>>, center_b: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let (a, b) = (shape_of(shape_a)?, shape_of(shape_b)?);
        let (pa, pb) = (pose_arg(pose_a)?, pose_arg(pose_b)?);
        let centers = [center_arg(&a, center_a)?, center_arg(&b, center_b)?];
        Ok(Self {
            a,
            pa,
            b,
            pb,
            centers,
        })
    }
}
