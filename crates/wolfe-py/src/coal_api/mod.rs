//! coal 3.0's query API: requests, results, `distance` and `collide`, with wolfe's
//! certificate added to the results (see the module docs for every difference).

use pyo3::prelude::*;
use wolfe::{
    ConvergenceCriterion, EpaSettings, GjkSettings, GjkStatus, GjkVariant, Pose, SignedDistanceSettings, Vec3,
};

use crate::convert::{np_vec3, vec3, NonNegative};
use crate::error::geometry;
use crate::geometry::{geom_of, Geom};
use crate::queries::{with_solvers, Answer, Warm};

mod enums;
pub(crate) mod flat;
mod mesh;

pub use enums::*;
pub use flat::*;
pub use mesh::*;

/// The GJK/EPA fields common to coal's two requests.
#[derive(Clone, Copy)]
pub struct GjkFields {
    variant: GJKVariant,
    tolerance: f64,
    max_iterations: u32,
    guess: GJKInitialGuess,
    criterion: GJKConvergenceCriterion,
    criterion_type: GJKConvergenceCriterionType,
    cached_guess: Vec3,
    epa_max_iterations: u32,
    epa_tolerance: f64,
}

impl Default for GjkFields {
    fn default() -> Self {
        Self {
            variant: GJKVariant::DefaultGJK,
            tolerance: 1e-6,
            max_iterations: 128,
            guess: GJKInitialGuess::DefaultGuess,
            criterion: GJKConvergenceCriterion::Default,
            criterion_type: GJKConvergenceCriterionType::Relative,
            cached_guess: Vec3::new(1.0, 0.0, 0.0),
            epa_max_iterations: 64,
            epa_tolerance: 1e-6,
        }
    }
}

impl GjkFields {
    /// wolfe's settings for these fields.
    pub fn settings(&self) -> SignedDistanceSettings {
        let mut gjk = GjkSettings::default()
            .with_criterion(match self.criterion_type {
                GJKConvergenceCriterionType::Relative => ConvergenceCriterion::RelativeGap,
                GJKConvergenceCriterionType::Absolute => ConvergenceCriterion::AbsoluteGap,
            })
            .with_tolerance(self.tolerance)
            .with_max_iterations(self.max_iterations);
        gjk.variant = match self.variant {
            GJKVariant::DefaultGJK => GjkVariant::Vanilla,
            GJKVariant::PolyakAcceleration => GjkVariant::Polyak,
            GJKVariant::NesterovAcceleration => GjkVariant::Nesterov,
        };
        let epa = EpaSettings::default()
            .with_tolerance(self.epa_tolerance)
            .with_max_iterations(self.epa_max_iterations);
        SignedDistanceSettings::default().with_gjk(gjk).with_epa(epa)
    }

    /// How GJK starts for a pair whose A is at `pose_a`.
    pub fn warm_start(&self, pose_a: &Pose) -> Warm {
        match self.guess {
            GJKInitialGuess::CachedGuess => Warm::Guess(pose_a.rotation * self.cached_guess),
            _ => Warm::Cold,
        }
    }
}

/// The getter/setter pairs of [`GjkFields`] on a request class: one `(doc, getter,
/// setter, field, type taken by the setter)` each; the setter stores `v.into()`.
macro_rules! gjk_field_accessors {
    ($t:ty; [$($extra:tt)*]; $(($doc:literal, $get:ident, $set:ident, $field:ident, $ty:ty, $arg:ty)),* $(,)?) => {
        #[pymethods]
        impl $t {
            $($extra)*

            $(
                #[doc = $doc]
                #[getter]
                fn $get(&self) -> $ty {
                    self.f.$field
                }
                #[setter]
                fn $set(&mut self, v: $arg) {
                    self.f.$field = v.into();
                }
            )*

            /// The separation guess `p1 - p2` in shape 1's frame (for `CachedGuess`).
            #[getter]
            fn cached_gjk_guess<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
                np_vec3(py, &self.f.cached_guess)
            }
            #[setter]
            fn set_cached_gjk_guess(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
                self.f.cached_guess = vec3(v, "cached_gjk_guess")?;
                Ok(())
            }
        }
    };
}

/// The request class `$t` with the methods given and the accessors of its GJK/EPA
/// fields.
macro_rules! gjk_accessors {
    ($t:ty; $($extra:tt)*) => {
        gjk_field_accessors!($t; [$($extra)*];
            ("GJK variant.", gjk_variant, set_gjk_variant, variant, GJKVariant, GJKVariant),
            ("GJK tolerance (relative precision of the distance, or gap in m^2 when `gjk_convergence_criterion_type` is `Absolute`).",
                gjk_tolerance, set_gjk_tolerance, tolerance, f64, f64),
            ("GJK iteration limit.", gjk_max_iterations, set_gjk_max_iterations, max_iterations, u32, NonNegative<u32>),
            ("GJK's first direction.", gjk_initial_guess, set_gjk_initial_guess, guess, GJKInitialGuess, GJKInitialGuess),
            ("GJK's stopping test (always the duality gap in wolfe).", gjk_convergence_criterion,
                set_gjk_convergence_criterion, criterion, GJKConvergenceCriterion, GJKConvergenceCriterion),
            ("Relative or absolute tolerance.", gjk_convergence_criterion_type, set_gjk_convergence_criterion_type,
                criterion_type, GJKConvergenceCriterionType, GJKConvergenceCriterionType),
            ("EPA iteration limit.", epa_max_iterations, set_epa_max_iterations, epa_max_iterations, u32, NonNegative<u32>),
            ("EPA relative tolerance.", epa_tolerance, set_epa_tolerance, epa_tolerance, f64, f64),
        );
    };
}

/// coal's `DistanceRequest`.
#[pyclass(module = "wolfe")]
#[derive(Clone)]
pub struct DistanceRequest {
    /// GJK/EPA fields.
    pub f: GjkFields,
    /// Signed distance (EPA) on overlap, as coal's default; else 0 on overlap.
    #[pyo3(get, set)]
    pub enable_signed_distance: bool,
    /// Accepted for coal compatibility (wolfe always computes the witness points).
    #[pyo3(get, set)]
    pub enable_nearest_points: bool,
    /// Accepted for coal compatibility (unused).
    #[pyo3(get, set)]
    pub rel_err: f64,
    /// Accepted for coal compatibility (unused).
    #[pyo3(get, set)]
    pub abs_err: f64,
}

impl Default for DistanceRequest {
    fn default() -> Self {
        Self {
            f: GjkFields::default(),
            enable_signed_distance: true,
            enable_nearest_points: true,
            rel_err: 0.0,
            abs_err: 0.0,
        }
    }
}

gjk_accessors!(DistanceRequest;
    #[new]
    #[pyo3(signature = (enable_nearest_points = true, rel_err = 0.0, abs_err = 0.0))]
    fn new(enable_nearest_points: bool, rel_err: f64, abs_err: f64) -> Self {
        Self {
            enable_nearest_points,
            rel_err,
            abs_err,
            ..Self::default()
        }
    }

    /// Copies a result's separation guess into `cached_gjk_guess`.
    fn updateGuess(&mut self, result: &DistanceResult) {
        self.f.cached_guess = result.cached_guess;
    }
);

/// coal's `DistanceResult`, plus wolfe's certificate (`status`, `lower_bound`,
/// `upper_bound`, `duality_gap`, `iterations`, `epa_status`, ...).
#[pyclass(module = "wolfe")]
#[derive(Clone)]
pub struct DistanceResult {
    /// The answer (filled by `distance`).
    pub answer: Answer,
    cached_guess: Vec3,
    /// wolfe: how GJK ended.
    #[pyo3(get)]
    status: Status,
    /// wolfe: how EPA ended (`None` when it did not run).
    #[pyo3(get)]
    epa_status: Option<EpaStatus>,
    /// wolfe: certified lower bound on the (signed) distance.
    #[pyo3(get)]
    lower_bound: f64,
    /// wolfe: certified upper bound on the (signed) distance.
    #[pyo3(get)]
    upper_bound: f64,
    /// wolfe: GJK's Frank-Wolfe duality gap on the cores, m^2 (GJK++ Eq. 17).
    #[pyo3(get)]
    duality_gap: f64,
    /// wolfe: GJK iterations.
    #[pyo3(get)]
    iterations: u32,
    /// wolfe: EPA iterations.
    #[pyo3(get)]
    epa_iterations: u32,
    /// wolfe: support calls.
    #[pyo3(get)]
    support_calls: u32,
}

impl DistanceResult {
    /// An empty result (`DistanceResult()`).
    pub fn empty() -> Self {
        Self::new()
    }

    /// A result holding `answer`, whose A is at `pose_a`.
    pub fn from_answer(answer: Answer, pose_a: &Pose) -> Self {
        let sep = answer.point_a - answer.point_b;
        let sep = if sep.norm() > 0.0 { sep } else { -answer.normal };
        Self::with_guess(answer, pose_a.rotation.inverse() * sep)
    }

    /// A result holding `answer` and the guess `cached_guess`; the certificate getters
    /// read the answer's copy made here (the answer is never changed in place).
    fn with_guess(answer: Answer, cached_guess: Vec3) -> Self {
        Self {
            answer,
            cached_guess,
            status: answer.status.into(),
            epa_status: answer.epa_status.map(Into::into),
            lower_bound: answer.lower_bound,
            upper_bound: answer.upper_bound,
            duality_gap: answer.duality_gap,
            iterations: answer.iterations,
            epa_iterations: answer.epa_iterations,
            support_calls: answer.support_calls,
        }
    }
}

#[pymethods]
impl DistanceResult {
    #[new]
    fn new() -> Self {
        // coal's initial value.
        let answer = Answer {
            distance: f64::MAX,
            ..Answer::EMPTY
        };
        Self::with_guess(answer, Vec3::new(1.0, 0.0, 0.0))
    }

    /// Resets the result.
    fn clear(&mut self) {
        *self = Self::new();
    }

    /// Distance; negative (minus the penetration depth) when the shapes overlap and the
    /// request asked for a signed distance (coal's default).
    #[getter]
    fn min_distance(&self) -> f64 {
        self.answer.distance
    }

    /// Unit normal from shape 1 to shape 2 (world frame), as coal's.
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.answer.normal)
    }

    /// Witness point on shape 1 (world frame).
    fn getNearestPoint1<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.answer.point_a)
    }

    /// Witness point on shape 2 (world frame).
    fn getNearestPoint2<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.answer.point_b)
    }

    /// Both witness points.
    #[getter]
    fn nearest_points<'py>(
        &self, py: Python<'py>,
    ) -> (Bound<'py, numpy::PyArray1<f64>>, Bound<'py, numpy::PyArray1<f64>>) {
        (
            np_vec3(py, &self.answer.point_a),
            np_vec3(py, &self.answer.point_b),
        )
    }

    /// The separation `p1 - p2` in shape 1's frame (feed back with
    /// `DistanceRequest.updateGuess`).
    #[getter]
    fn cached_gjk_guess<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.cached_guess)
    }

    fn __repr__(&self) -> String {
        format!(
            "DistanceResult(min_distance={}, status={:?}, bounds=[{}, {}])",
            self.answer.distance, self.answer.status, self.answer.lower_bound, self.answer.upper_bound
        )
    }
}

/// The four or six arguments of coal's `distance`/`collide`: `(o1, o2, req, res)` on
/// collision objects, or `(s1, M1, s2, M2, req, res)` on shapes.
type QueryArgs<'a, 'py> = (
    (Geom, Pose),
    (Geom, Pose),
    &'a Bound<'py, PyAny>,
    &'a Bound<'py, PyAny>,
);

fn query_args<'a, 'py>(
    what: &str, s1: &'a Bound<'py, PyAny>, M1: &'a Bound<'py, PyAny>, s2: &'a Bound<'py, PyAny>,
    M2: &'a Bound<'py, PyAny>, req: Option<&'a Bound<'py, PyAny>>, res: Option<&'a Bound<'py, PyAny>>,
) -> PyResult<QueryArgs<'a, 'py>> {
    if let Some((a, b)) = crate::collision_object::object_pair(s1.py(), s1, M1)? {
        if req.is_some() || res.is_some() {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "{what}(o1, o2, req, res) on collision objects takes four arguments"
            )));
        }
        return Ok((a, b, s2, M2));
    }
    let (Some(req), Some(res)) = (req, res) else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{what}: expected (s1, M1, s2, M2, req, res) or (o1, o2, req, res) with collision objects"
        )));
    };
    let a = (geom_of(s1)?, crate::transform::pose_arg(M1)?);
    let b = (geom_of(s2)?, crate::transform::pose_arg(M2)?);
    Ok((a, b, req, res))
}

/// The distance between `s1` at `M1` and `s2` at `M2` (coal's `distance`), or between
/// two `CollisionObject`s (`distance(o1, o2, req, res)`): fills `res` and returns
/// `res.min_distance`.
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (s1, M1, s2, M2, req = None, res = None))]
pub fn distance(
    s1: &Bound<'_, PyAny>, M1: &Bound<'_, PyAny>, s2: &Bound<'_, PyAny>, M2: &Bound<'_, PyAny>,
    req: Option<&Bound<'_, PyAny>>, res: Option<&Bound<'_, PyAny>>,
) -> PyResult<f64> {
    let ((ga, pa), (gb, pb), req, res) = query_args("distance", s1, M1, s2, M2, req, res)?;
    let req = req.downcast::<DistanceRequest>()?.borrow();
    let mut res = res.downcast::<DistanceResult>()?.borrow_mut();
    let answer = distance_answer(&ga, &pa, &gb, &pb, &req)?;
    *res = DistanceResult::from_answer(answer, &pa);
    Ok(answer.distance)
}

/// The answer of [`distance`] for two geometries.
pub fn distance_answer(a: &Geom, pa: &Pose, b: &Geom, pb: &Pose, req: &DistanceRequest) -> PyResult<Answer> {
    if is_mesh_pair(a, b) {
        return mesh_distance(a, pa, b, pb, req);
    }
    let signed = req.enable_signed_distance;
    let (a, b) = match (a, b) {
        (Geom::Convex(a), Geom::Convex(b)) => (a, b),
        _ => {
            let c = flat_pair(a, pa, b, pb)?;
            let d = if signed {
                c.signed_distance
            } else {
                c.signed_distance.max(0.0)
            };
            let normal = if signed || c.signed_distance >= 0.0 {
                c.normal
            } else {
                Vec3::zeros()
            };
            return Ok(Answer {
                distance: d,
                point_a: c.point_a,
                point_b: c.point_b,
                normal,
                lower_bound: d,
                upper_bound: d,
                duality_gap: 0.0,
                iterations: 0,
                epa_iterations: 0,
                support_calls: 1 + u32::from(c.plane),
                status: if c.signed_distance < 0.0 {
                    GjkStatus::Intersecting
                } else {
                    GjkStatus::Converged
                },
                epa_status: None,
            });
        }
    };
    let settings = req.f.settings();
    let warm = req.f.warm_start(pa);
    with_solvers(&settings, |s| {
        s.warm = warm;
        s.distance(a, pa, b, pb, signed)
    })
    .map_err(geometry)
}

/// coal's `CollisionRequest`.
#[pyclass(module = "wolfe")]
#[derive(Clone)]
pub struct CollisionRequest {
    /// GJK/EPA fields.
    pub f: GjkFields,
    /// Maximum contacts reported (wolfe reports at most 1, as coal does for a pair of
    /// shapes; use `wolfe.contact_manifold` for several points).
    #[pyo3(get)]
    pub num_max_contacts: usize,
    /// Whether a contact is reported.
    #[pyo3(get, set)]
    pub enable_contact: bool,
    /// The shapes collide when their signed distance is below this (metres).
    #[pyo3(get, set)]
    pub security_margin: f64,
    /// Accepted for coal compatibility (unused).
    #[pyo3(get, set)]
    pub break_distance: f64,
    /// Accepted for coal compatibility (unused).
    #[pyo3(get, set)]
    pub distance_upper_bound: f64,
    /// Accepted for coal compatibility (wolfe always reports the bound).
    #[pyo3(get, set)]
    pub enable_distance_lower_bound: bool,
}

gjk_accessors!(CollisionRequest;
    /// `CollisionRequest()` or `CollisionRequest(flag, num_max_contacts)` as in coal.
    #[new]
    #[pyo3(signature = (flag = None, num_max_contacts = NonNegative(1)))]
    fn new(flag: Option<&Bound<'_, PyAny>>, num_max_contacts: NonNegative<usize>) -> PyResult<Self> {
        let num_max_contacts = num_max_contacts.0;
        let flag: i64 = match flag {
            None => 1,
            Some(f) => match f.downcast::<CollisionRequestFlag>() {
                Ok(e) => *e.borrow() as i64,
                Err(_) => f.extract()?,
            },
        };
        Ok(Self {
            f: GjkFields::default(),
            num_max_contacts,
            enable_contact: flag & 1 != 0,
            security_margin: 0.0,
            break_distance: 1e-3,
            distance_upper_bound: f64::MAX,
            enable_distance_lower_bound: flag & 2 != 0,
        })
    }

    #[setter]
    fn set_num_max_contacts(&mut self, v: NonNegative<usize>) {
        self.num_max_contacts = v.0;
    }
);

/// A contact of a colliding pair (coal's `Contact`).
#[pyclass(module = "wolfe")]
#[derive(Clone, Copy)]
pub struct Contact {
    point_a: Vec3,
    point_b: Vec3,
    normal: Vec3,
    depth: f64,
    b1: i64,
    b2: i64,
}

#[pymethods]
impl Contact {
    /// Midpoint of the witness points (world frame), as coal's.
    #[getter]
    fn pos<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &((self.point_a + self.point_b) / 2.0))
    }

    /// Unit normal from shape 1 to shape 2, as coal's.
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.normal)
    }

    /// The signed distance: negative when penetrating, as coal 3's.
    #[getter]
    fn penetration_depth(&self) -> f64 {
        self.depth
    }

    /// The primitive of geometry 1 in contact: a mesh's triangle index, -1 (coal's
    /// `Contact.NONE`) for a shape.
    #[getter]
    fn b1(&self) -> i64 {
        self.b1
    }

    /// The primitive of geometry 2 in contact, as `b1`.
    #[getter]
    fn b2(&self) -> i64 {
        self.b2
    }

    /// Witness point on shape 1.
    fn getNearestPoint1<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.point_a)
    }

    /// Witness point on shape 2.
    fn getNearestPoint2<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.point_b)
    }
}

/// coal's `CollisionResult`, plus wolfe's `status` and `iterations`.
#[pyclass(module = "wolfe")]
#[derive(Clone, Default)]
pub struct CollisionResult {
    contacts: Vec<Contact>,
    collision: bool,
    /// Certified lower bound on the signed distance (negative: the depth, when
    /// colliding).
    #[pyo3(get)]
    distance_lower_bound: f64,
    status: Option<Status>,
    /// wolfe: GJK iterations of the boolean test.
    #[pyo3(get)]
    iterations: u32,
}

#[pymethods]
impl CollisionResult {
    #[new]
    fn new() -> Self {
        Self {
            distance_lower_bound: f64::MAX,
            ..Self::default()
        }
    }

    /// Whether the shapes collide.
    fn isCollision(&self) -> bool {
        self.collision
    }

    /// Number of contacts (0 or 1).
    fn numContacts(&self) -> usize {
        self.contacts.len()
    }

    /// The `i`-th contact.
    fn getContact(&self, i: NonNegative<usize>) -> PyResult<Contact> {
        let i = i.0;
        self.contacts.get(i).copied().ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!("contact {i} of {}", self.contacts.len()))
        })
    }

    /// Every contact.
    fn getContacts(&self) -> Vec<Contact> {
        self.contacts.clone()
    }

    /// Resets the result.
    fn clear(&mut self) {
        *self = Self::new();
    }

    /// wolfe: how the boolean GJK test ended (`None` before a query).
    #[getter]
    fn status(&self) -> Option<Status> {
        self.status
    }
}

/// Whether `s1` at `M1` and `s2` at `M2` collide (signed distance below
/// `req.security_margin`), coal's `collide`: fills `res` and returns the number of
/// contacts.
/// Also `collide(o1, o2, req, res)` on two `CollisionObject`s.
#[pyfunction]
#[allow(non_snake_case)]
#[pyo3(signature = (s1, M1, s2, M2, req = None, res = None))]
pub fn collide(
    s1: &Bound<'_, PyAny>, M1: &Bound<'_, PyAny>, s2: &Bound<'_, PyAny>, M2: &Bound<'_, PyAny>,
    req: Option<&Bound<'_, PyAny>>, res: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    let ((ga, pa), (gb, pb), req, res) = query_args("collide", s1, M1, s2, M2, req, res)?;
    let req = req.downcast::<CollisionRequest>()?.borrow();
    let mut res = res.downcast::<CollisionResult>()?.borrow_mut();
    let out = collide_result(&ga, &pa, &gb, &pb, &req)?;
    let n = out.contacts.len();
    *res = out;
    Ok(n)
}

impl CollisionRequest {
    /// coal's default request (`CollisionRequest()`).
    pub fn default_request() -> Self {
        Self {
            f: GjkFields::default(),
            num_max_contacts: 1,
            enable_contact: true,
            security_margin: 0.0,
            break_distance: 1e-3,
            distance_upper_bound: f64::MAX,
            enable_distance_lower_bound: false,
        }
    }
}

impl CollisionResult {
    /// An empty result (`CollisionResult()`).
    pub fn empty() -> Self {
        Self::new()
    }

    /// Adds a pair's result to this one, as coal's callbacks accumulate: the pair's
    /// contacts up to `max_contacts` in all, the collision flag, the smaller lower bound.
    pub fn merge(&mut self, pair: CollisionResult, max_contacts: usize) {
        self.collision |= pair.collision;
        for c in pair.contacts {
            if self.contacts.len() < max_contacts {
                self.contacts.push(c);
            }
        }
        self.distance_lower_bound = self.distance_lower_bound.min(pair.distance_lower_bound);
        if pair.status.is_some() {
            self.status = pair.status;
        }
        self.iterations += pair.iterations;
    }

    /// Whether it collides with at least `n` contacts (when a callback is done).
    pub fn has_contacts(&self, n: usize) -> bool {
        self.collision && self.contacts.len() >= n
    }
}

/// The result of [`collide`] for two geometries.
pub fn collide_result(
    a: &Geom, pa: &Pose, b: &Geom, pb: &Pose, req: &CollisionRequest,
) -> PyResult<CollisionResult> {
    let mut settings = req.f.settings();
    let margin = req.security_margin;
    if !margin.is_finite() {
        return Err(crate::error::value(format!(
            "security_margin = {margin}: must be finite"
        )));
    }
    if is_mesh_pair(a, b) {
        return mesh_collide(a, pa, b, pb, req);
    }
    let (a, b) = match (a, b) {
        (Geom::Convex(a), Geom::Convex(b)) => (a, b),
        _ => {
            let (c, contact) = flat_contact(a, pa, b, pb, margin)?;
            let mut out = CollisionResult::new();
            out.status = Some(if c.signed_distance < 0.0 {
                Status::Intersecting
            } else {
                Status::Converged
            });
            out.distance_lower_bound = c.signed_distance;
            out.collision = contact.is_some();
            if let Some(k) = contact {
                if req.enable_contact && req.num_max_contacts > 0 {
                    out.contacts.push(Contact {
                        point_a: k.point_a,
                        point_b: k.point_b,
                        normal: k.normal,
                        depth: k.signed_distance,
                        b1: -1,
                        b2: -1,
                    });
                }
            }
            return Ok(out);
        }
    };
    settings.gjk.collision_margin = margin.max(0.0);
    let warm = req.f.warm_start(pa);
    let (test, contact) = with_solvers(&settings, |s| {
        s.warm = warm;
        let test = s.intersects(a, pa, b, pb)?;
        if !test.intersecting {
            return Ok((test, None));
        }
        Ok((test, s.contact(a, pa, b, pb, margin.max(0.0))?))
    })
    .map_err(geometry)?;
    let mut out = CollisionResult::new();
    out.status = Some(test.status.into());
    out.iterations = test.iterations;
    out.distance_lower_bound = test.lower_bound;
    if let Some(c) = contact {
        out.distance_lower_bound = c.signed_distance;
        if c.signed_distance <= margin {
            out.contacts.push(Contact {
                point_a: c.point_a,
                point_b: c.point_b,
                normal: c.normal,
                depth: c.signed_distance,
                b1: -1,
                b2: -1,
            });
        }
    }
    out.collision = !out.contacts.is_empty();
    let keep = if req.enable_contact {
        req.num_max_contacts.min(1)
    } else {
        0
    };
    out.contacts.truncate(keep);
    Ok(out)
}
