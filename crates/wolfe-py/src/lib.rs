//! # wolfe for Python
//!
//! The Python module `wolfe` (built by maturin: `pip install ./crates/wolfe-py`):
//!
//! - [`geometry`], [`transform`], [`coal_api`]: coal 3.0's API with the same names,
//!   argument order and size conventions (`Sphere`, `Box`, `Capsule`, `Cylinder`,
//!   `Cone`, `Ellipsoid`, `Convex`, `Transform3s`, `DistanceRequest`/`Result`,
//!   `CollisionRequest`/`Result`, `distance`, `collide`, `Halfspace`, `Plane`), so that
//!   `import wolfe as coal` runs a coal script unchanged. Differences in meaning are
//!   listed in `docs/coal-compat.md` and in `python/wolfe/_wolfe.pyi`.
//! - [`broadphase`]: coal's `CollisionObject`, broad-phase managers and callbacks.
//! - [`penetration`], [`growth`], [`warm`]: what coal lacks: certificates, signed
//!   distance, contact manifolds, growth distance, warm starts through `PairCache`.
//! - [`batch`]: `distance_batch` over numpy poses on every core without the GIL.
//! - [`rollout`]: `rollout`, many worlds stepped in parallel without the GIL.
//! - [`sim`], [`tree`], [`record`]: the simulator (wolfe_sim) from Python: rigid bodies
//!   and URDF robots (articulated trees with PD controllers) in one `World`, writing
//!   `wolfe sim`'s output folder.
//! - [`hydroelastic`]: pressure field contact: `CompliantGeometry`, `contact_surface`
//!   (the polygons as numpy arrays) and `World.set_hydroelastic`.
//!
//! Bad input raises `ValueError`, `TypeError` or `OSError` carrying wolfe's typed error
//! message ([`error`]); nothing panics.

// coal's camelCase names (`getNearestPoint1`, `isCollision`, `halfSide`) are the API.
#![allow(non_snake_case)]
// Python functions take their keyword arguments one by one.
#![allow(clippy::too_many_arguments)]

pub mod batch;
pub mod broadphase;
pub mod coal_api;
pub mod collision_object;
pub mod convert;
pub mod enum_names;
pub mod error;
pub mod geometry;
pub mod growth;
pub mod growth2d;
pub mod hydroelastic;
pub mod penetration;
pub mod queries;
pub mod record;
pub mod rollout;
pub mod sim;
pub mod transform;
pub mod tree;
pub mod warm;

use pyo3::prelude::*;
use pyo3::PyClass;

/// Registers enum members as module attributes, as coal exposes them (`coal.DefaultGJK`).
fn add_members<T: PyClass + Clone + for<'py> IntoPyObject<'py>>(
    m: &Bound<'_, PyModule>, members: &[(&str, T)],
) -> PyResult<()> {
    for (name, v) in members {
        m.add(*name, v.clone())?;
    }
    Ok(())
}

/// The Python module.
#[pymodule]
#[pyo3(name = "_wolfe")]
fn wolfe_py(m: &Bound<'_, PyModule>) -> PyResult<()> {
    use coal_api::*;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<geometry::CollisionGeometry>()?;
    m.add_class::<geometry::PySphere>()?;
    m.add_class::<geometry::PyBox>()?;
    m.add_class::<geometry::PyCapsule>()?;
    m.add_class::<geometry::PyCylinder>()?;
    m.add_class::<geometry::PyCone>()?;
    m.add_class::<geometry::PyEllipsoid>()?;
    m.add_class::<geometry::PyConvex>()?;
    m.add_class::<geometry::PyHalfspace>()?;
    m.add_class::<geometry::PyPlane>()?;
    m.add_class::<geometry::StdVecVec3s>()?;
    m.add_class::<geometry::Triangle>()?;
    m.add_class::<geometry::StdVecTriangle>()?;
    m.add_class::<geometry::PyBVHModel>()?;
    m.add_class::<geometry::BVHBuildState>()?;
    m.add_class::<geometry::BVHModelType>()?;
    add_members(m, geometry::BVH_BUILD_STATES)?;
    add_members(m, geometry::BVH_MODEL_TYPES)?;
    let bvh = m.getattr("BVHModelOBBRSS")?;
    for alias in geometry::BVH_MODEL_ALIASES {
        m.add(alias, &bvh)?;
    }
    m.add_class::<geometry::PyTriangleP>()?;
    m.add_class::<geometry::MeshLoader>()?;
    m.add("CachedMeshLoader", m.getattr("MeshLoader")?)?;
    m.add_class::<geometry::MassProperties>()?;
    m.add_class::<geometry::NODE_TYPE>()?;
    m.add_class::<geometry::OBJECT_TYPE>()?;
    add_members(m, geometry::NODE_TYPES)?;
    add_members(m, geometry::OBJECT_TYPES)?;
    m.add_function(wrap_pyfunction!(geometry::convex_hull, m)?)?;
    m.add_function(wrap_pyfunction!(geometry::load_convex, m)?)?;
    m.add_class::<transform::Quaternion>()?;
    m.add_class::<transform::Transform3s>()?;
    m.add_class::<GJKVariant>()?;
    m.add_class::<GJKInitialGuess>()?;
    m.add_class::<GJKConvergenceCriterion>()?;
    m.add_class::<GJKConvergenceCriterionType>()?;
    m.add_class::<CollisionRequestFlag>()?;
    m.add_class::<Status>()?;
    m.add_class::<EpaStatus>()?;
    add_members(m, GJK_VARIANTS)?;
    add_members(m, GJK_INITIAL_GUESSES)?;
    add_members(m, GJK_CONVERGENCE_CRITERIA)?;
    add_members(m, GJK_CONVERGENCE_CRITERION_TYPES)?;
    add_members(m, COLLISION_REQUEST_FLAGS)?;
    m.add_class::<DistanceRequest>()?;
    m.add_class::<DistanceResult>()?;
    m.add_class::<CollisionRequest>()?;
    m.add_class::<CollisionResult>()?;
    m.add_class::<Contact>()?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(collide, m)?)?;
    m.add_class::<broadphase::AABB>()?;
    m.add_class::<broadphase::CollisionObject>()?;
    m.add_class::<broadphase::CollisionData>()?;
    m.add_class::<broadphase::DistanceData>()?;
    m.add_class::<broadphase::CollisionCallBackBase>()?;
    m.add_class::<broadphase::CollisionCallBackDefault>()?;
    m.add_class::<broadphase::DistanceCallBackBase>()?;
    m.add_class::<broadphase::DistanceCallBackDefault>()?;
    m.add_class::<broadphase::BroadPhaseCollisionManager>()?;
    let manager = m.getattr("DynamicAABBTreeCollisionManager")?;
    m.add("BroadPhaseCollisionManager", &manager)?;
    for alias in broadphase::MANAGER_ALIASES {
        m.add(alias, &manager)?;
    }
    m.add_class::<penetration::ContactManifold>()?;
    m.add_function(wrap_pyfunction!(penetration::signed_distance, m)?)?;
    m.add_function(wrap_pyfunction!(penetration::contact_manifold, m)?)?;
    m.add_class::<growth::PyGrowthStatus>()?;
    m.add_class::<growth::GrowthResult>()?;
    m.add_class::<growth::GrowthCollision>()?;
    m.add_function(wrap_pyfunction!(growth::growth_distance, m)?)?;
    m.add_function(wrap_pyfunction!(growth::growth_collide, m)?)?;
    m.add_class::<growth2d::Shape2D>()?;
    m.add_class::<growth2d::GrowthResult2D>()?;
    m.add_function(wrap_pyfunction!(growth2d::growth_distance_2d_py, m)?)?;
    m.add_function(wrap_pyfunction!(growth2d::growth_collide_2d_py, m)?)?;
    m.add_class::<warm::PairCache>()?;
    m.add_class::<batch::BatchResult>()?;
    m.add_function(wrap_pyfunction!(batch::distance_batch, m)?)?;
    m.add_function(wrap_pyfunction!(rollout::rollout, m)?)?;
    m.add_class::<sim::Material>()?;
    m.add_class::<sim::World>()?;
    m.add_class::<sim::Simulation>()?;
    m.add_class::<sim::StepInfo>()?;
    m.add_class::<hydroelastic::PyCompliantGeometry>()?;
    m.add_class::<hydroelastic::PyContactSurface>()?;
    m.add_function(wrap_pyfunction!(hydroelastic::contact_surface, m)?)?;
    Ok(())
}
