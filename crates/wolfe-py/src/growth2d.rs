//! Growth distance in 2D (planar shapes: disc, ellipse, rectangle, convex polygon).
//!
//! The 2D solver lives at `wolfe::collide::growth` (not re-exported at the crate's top
//! level); this module is the only user of that path.

use pyo3::prelude::*;
use wolfe::collide::growth::{
    growth_collide_2d, growth_distance_2d, GrowthCollisionOutput2, GrowthOutput2, Pose2, Shape2, Vec2,
};
use wolfe::GrowthStatus;

use crate::convert::{float_array, np_vec, NonNegative};
use crate::error::{geometry, value};
use crate::growth::{growth_settings, PyGrowthStatus};

/// A planar convex shape for the 2D growth distance.
#[pyclass(module = "wolfe")]
#[derive(Clone)]
pub struct Shape2D {
    shape: Shape2,
}

#[pymethods]
impl Shape2D {
    /// A disc of `radius`.
    #[staticmethod]
    fn disc(radius: f64) -> PyResult<Self> {
        Ok(Self {
            shape: Shape2::disc(radius).map_err(geometry)?,
        })
    }

    /// An ellipse of semi-axes `rx, ry`.
    #[staticmethod]
    fn ellipse(rx: f64, ry: f64) -> PyResult<Self> {
        Ok(Self {
            shape: Shape2::ellipse([rx, ry]).map_err(geometry)?,
        })
    }

    /// A rectangle of full sides `x, y` (coal's size convention), centred.
    #[staticmethod]
    fn rectangle(x: f64, y: f64) -> PyResult<Self> {
        Ok(Self {
            shape: Shape2::rectangle([x / 2.0, y / 2.0]).map_err(geometry)?,
        })
    }

    /// The convex hull of an (N, 2) array of points.
    #[staticmethod]
    fn polygon(points: &Bound<'_, PyAny>) -> PyResult<Self> {
        let a = float_array(points)?;
        if a.shape().len() != 2 || a.shape()[1] != 2 {
            return Err(value(format!(
                "points must have shape (N, 2), got {:?}",
                a.shape()
            )));
        }
        let pts: Vec<Vec2> = a
            .values()?
            .chunks_exact(2)
            .map(|c| Vec2::new(c[0], c[1]))
            .collect();
        Ok(Self {
            shape: Shape2::polygon(&pts).map_err(geometry)?,
        })
    }
}

/// Result of a 2D growth query (world frame).
#[pyclass(module = "wolfe", get_all)]
pub struct GrowthResult2D {
    /// Growth distance (`< 1` overlapping, `> 1` separated).
    pub alpha: f64,
    /// Certified lower bound.
    pub alpha_lower: f64,
    /// Certified upper bound.
    pub alpha_upper: f64,
    /// Witness point of A, shape (2,).
    pub point_a: Py<numpy::PyArray1<f64>>,
    /// Witness point of B.
    pub point_b: Py<numpy::PyArray1<f64>>,
    /// Unit normal from A to B.
    pub normal: Py<numpy::PyArray1<f64>>,
    /// Whether the shapes intersect (collision queries; `alpha <= 1` for distances).
    pub intersecting: bool,
    /// Iterations.
    pub iterations: u32,
    /// How it ended.
    pub status: PyGrowthStatus,
}

fn pose2(p: (f64, f64, f64)) -> Pose2 {
    Pose2::new([p.0, p.1], p.2)
}

fn vec2<'py>(py: Python<'py>, v: &Vec2) -> Py<numpy::PyArray1<f64>> {
    np_vec(py, vec![v.x, v.y]).unbind()
}

/// The 2D growth queries, written once: each `#[pyfunction]` takes the two shapes, their
/// poses `(x, y, angle)` and the solver's settings, runs `$query` and turns its output
/// into a [`GrowthResult2D`] with `$finish`.
macro_rules! growth_2d_queries {
    ($($(#[$doc:meta])* $pyname:literal $name:ident = $query:ident then $finish:ident;)*) => {$(
        $(#[$doc])*
        #[pyfunction(name = $pyname)]
        #[pyo3(signature = (shape_a, pose_a, shape_b, pose_b, tolerance = None, max_iterations = None))]
        pub fn $name(
            py: Python<'_>,
            shape_a: &Shape2D,
            pose_a: (f64, f64, f64),
            shape_b: &Shape2D,
            pose_b: (f64, f64, f64),
            tolerance: Option<f64>,
            max_iterations: Option<NonNegative<u32>>,
        ) -> PyResult<GrowthResult2D> {
            let s = growth_settings(tolerance, max_iterations.map(|m| m.0));
            let o = $query(&shape_a.shape, &pose2(pose_a), &shape_b.shape, &pose2(pose_b), &s).map_err(geometry)?;
            Ok($finish(py, o))
        }
    )*};
}

growth_2d_queries! {
    /// 2D growth distance between `shape_a` at `pose_a = (x, y, angle)` and `shape_b` at
    /// `pose_b`, both scaled about their centres.
    "growth_distance_2d" growth_distance_2d_py = growth_distance_2d then distance_result;
    /// 2D growth-based collision test with early exit.
    "growth_collide_2d" growth_collide_2d_py = growth_collide_2d then collision_result;
}

/// The result of a 2D growth distance.
fn distance_result(py: Python<'_>, o: GrowthOutput2) -> GrowthResult2D {
    GrowthResult2D {
        alpha: o.alpha,
        alpha_lower: o.alpha_lower,
        alpha_upper: o.alpha_upper,
        point_a: vec2(py, &o.point_a),
        point_b: vec2(py, &o.point_b),
        normal: vec2(py, &o.normal),
        intersecting: o.alpha <= 1.0,
        iterations: o.iterations,
        status: o.status.into(),
    }
}

/// The result of a 2D growth collision test: the common point on both sides when
/// intersecting (NaN otherwise), `alpha` only when it converged.
fn collision_result(py: Python<'_>, o: GrowthCollisionOutput2) -> GrowthResult2D {
    let nan = Vec2::new(f64::NAN, f64::NAN);
    let common = o.common_point.unwrap_or(nan);
    GrowthResult2D {
        alpha: if o.status == GrowthStatus::Converged {
            o.alpha_upper
        } else {
            f64::NAN
        },
        alpha_lower: o.alpha_lower,
        alpha_upper: o.alpha_upper,
        point_a: vec2(py, &common),
        point_b: vec2(py, &common),
        normal: vec2(py, &o.separating_normal),
        intersecting: o.intersecting,
        iterations: o.iterations,
        status: o.status.into(),
    }
}
