//! The shapes with coal's class names and size conventions (full side lengths of a box,
//! full lengths `lz` of capsules, cylinders and cones), and convex meshes built as coal
//! builds them or, in wolfe's words, from a point array (hull) or an OBJ/STL file.

use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::PyClass;
use wolfe::{
    Capsule, Cone, ConvexShape, Cuboid, Cylinder, Ellipsoid, HalfSpace, Shape, Sphere, SupportMap, TriMesh,
    Vec3,
};

use crate::convert::{np_mat3, np_vec3, vec3};
use crate::enum_names::py_enum;
use crate::error::geometry;

/// Base class of every shape (coal's `CollisionGeometry`): a wolfe shape, a core plus a
/// radius.
#[pyclass(subclass, module = "wolfe")]
#[derive(Clone)]
pub struct CollisionGeometry {
    /// The wolfe shape (a placeholder, never used, when `flat` is set).
    pub shape: Shape,
    /// A `Halfspace` or `Plane`: unbounded, so not a convex [`Shape`].
    pub flat: Option<Flat>,
    /// A triangle mesh (`BVHModel*`, `TriangleP`, a flat `Convex`): not a convex
    /// [`Shape`] either; queried through wolfe's `CompositeSolver`.
    pub mesh: MeshSlot,
}

/// The triangle mesh of a [`CollisionGeometry`], if it has one.
#[derive(Clone, Debug, Default)]
pub enum MeshSlot {
    /// Not a mesh (a convex shape, a half-space or a plane).
    #[default]
    None,
    /// A `BVHModel` between `beginModel()` and `endModel()`: not usable in queries yet.
    Building,
    /// A built mesh, with the node type coal gives it.
    Built(Arc<TriMesh>, NODE_TYPE),
}

/// coal's `Halfspace` (`{x : <n, x> <= d}`) or `Plane` (`{x : <n, x> = d}`), in the
/// shape's frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flat {
    /// The half-space `<n, x> <= d` (for a plane: one of its two sides).
    pub halfspace: HalfSpace,
    /// Whether this is a plane (both sides are outside).
    pub plane: bool,
}

impl Flat {
    /// coal's class name.
    pub fn name(&self) -> &'static str {
        if self.plane {
            "Plane"
        } else {
            "Halfspace"
        }
    }
}

/// A query's geometry: a convex shape or a half-space/plane.
#[derive(Clone, Debug)]
pub enum Geom {
    /// A convex shape.
    Convex(Shape),
    /// A half-space or plane.
    Flat(Flat),
    /// A triangle mesh.
    Mesh(Arc<TriMesh>),
}

const SHAPE_NAMES: &str = "Sphere, Box, Capsule, Cylinder, Cone, Ellipsoid, Convex";

/// The geometry of a Python shape argument, half-spaces and planes included (`TypeError`
/// if it is not a shape).
pub fn geom_of(obj: &Bound<'_, PyAny>) -> PyResult<Geom> {
    match obj.downcast::<CollisionGeometry>() {
        Ok(g) => {
            let g = g.borrow();
            Ok(match (g.flat, &g.mesh) {
                (Some(f), _) => Geom::Flat(f),
                (None, MeshSlot::Built(m, _)) => Geom::Mesh(m.clone()),
                (None, MeshSlot::Building) => {
                    return Err(crate::error::value(
                        "a BVHModel is used before endModel(): finish it first",
                    ))
                }
                (None, MeshSlot::None) => Geom::Convex(g.shape.clone()),
            })
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a wolfe shape ({SHAPE_NAMES}, Halfspace, Plane), got {}",
            obj.get_type().name()?
        ))),
    }
}

/// The wolfe shape of a Python shape argument (`TypeError` if it is not one; a
/// `Halfspace` or `Plane`, which only `distance` and `collide` take, is `TypeError`
/// too).
pub fn shape_of(obj: &Bound<'_, PyAny>) -> PyResult<Shape> {
    match geom_of(obj) {
        Ok(Geom::Convex(s)) => Ok(s),
        Ok(Geom::Flat(f)) => Err(PyTypeError::new_err(format!(
            "a {} is unbounded: only distance and collide (and the collision objects and managers) take it; expected a convex shape ({SHAPE_NAMES})",
            f.name()
        ))),
        Ok(Geom::Mesh(_)) => Err(PyTypeError::new_err(format!(
            "a triangle mesh (BVHModel, TriangleP, a flat Convex) is not a convex shape: only distance and collide (and the collision objects and managers) take it; expected {SHAPE_NAMES}"
        ))),
        Err(e) if obj.is_instance_of::<CollisionGeometry>() => Err(e),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a wolfe shape ({SHAPE_NAMES}), got {}",
            obj.get_type().name()?
        ))),
    }
}

py_enum! {
/// coal's node types (the values of coal's `NODE_TYPE`, same numbers): what
/// `getNodeType()` answers. wolfe's shapes are the `GEOM_*` kinds; the others are
/// listed so that a coal script comparing with them runs.
///
/// Members:
/// - `BV_UNKNOWN`: Unknown (wolfe: an inflated shape, which coal does not have).
/// - `BV_AABB`, `BV_OBB`, `BV_RSS`, `BV_kIOS`, `BV_OBBRSS`, `BV_KDOP16`, `BV_KDOP18`, `BV_KDOP24`:
///   coal's bounding-volume hierarchies (not in wolfe).
/// - `GEOM_BOX`: `Box`.
/// - `GEOM_SPHERE`: `Sphere`.
/// - `GEOM_CAPSULE`: `Capsule`.
/// - `GEOM_CONE`: `Cone`.
/// - `GEOM_CYLINDER`: `Cylinder`.
/// - `GEOM_CONVEX`: `Convex`.
/// - `GEOM_PLANE`: `Plane`.
/// - `GEOM_HALFSPACE`: `Halfspace`.
/// - `GEOM_TRIANGLE`: coal's `TriangleP` (not in wolfe).
/// - `GEOM_OCTREE`: coal's `OcTree` (not in wolfe).
/// - `GEOM_ELLIPSOID`: `Ellipsoid`.
/// - `HF_AABB`, `HF_OBBRSS`: coal's height fields (not in wolfe).
pub enum NODE_TYPE, members NODE_TYPES {
    BV_UNKNOWN = 0, BV_AABB = 1, BV_OBB = 2, BV_RSS = 3, BV_kIOS = 4, BV_OBBRSS = 5, BV_KDOP16 = 6,
    BV_KDOP18 = 7, BV_KDOP24 = 8, GEOM_BOX = 9, GEOM_SPHERE = 10, GEOM_CAPSULE = 11, GEOM_CONE = 12,
    GEOM_CYLINDER = 13, GEOM_CONVEX = 14, GEOM_PLANE = 15, GEOM_HALFSPACE = 16, GEOM_TRIANGLE = 17,
    GEOM_OCTREE = 18, GEOM_ELLIPSOID = 19, HF_AABB = 20, HF_OBBRSS = 21,
}
}

py_enum! {
/// coal's object types (same numbers): what `getObjectType()` answers (`OT_GEOM` for
/// every wolfe shape).
///
/// Members:
/// - `OT_UNKNOWN`: Unknown.
/// - `OT_BVH`: coal's bounding-volume hierarchies (not in wolfe).
/// - `OT_GEOM`: A geometric shape: every wolfe shape.
/// - `OT_OCTREE`: coal's octrees (not in wolfe).
/// - `OT_HFIELD`: coal's height fields (not in wolfe).
pub enum OBJECT_TYPE, members OBJECT_TYPES {
    OT_UNKNOWN = 0, OT_BVH = 1, OT_GEOM = 2, OT_OCTREE = 3, OT_HFIELD = 4,
}
}

/// Mass, centre of mass and inertia of a shape of uniform density.
#[pyclass(module = "wolfe", get_all)]
pub struct MassProperties {
    /// Mass, kg.
    pub mass: f64,
    /// Centre of mass in the shape's frame, shape (3,).
    pub center: Py<numpy::PyArray1<f64>>,
    /// Inertia tensor about the centre of mass in the shape's axes, shape (3, 3).
    pub inertia: Py<numpy::PyArray2<f64>>,
}

#[pymethods]
impl MassProperties {
    fn __repr__(&self) -> String {
        format!("MassProperties(mass={})", self.mass)
    }
}

impl CollisionGeometry {
    /// The convex shape, or `TypeError` naming what a half-space, plane or mesh lacks.
    fn convex(&self, what: &str) -> PyResult<&Shape> {
        match (self.flat, &self.mesh) {
            (None, MeshSlot::None) => Ok(&self.shape),
            (Some(f), _) => Err(PyTypeError::new_err(format!(
                "{what} of a {}: it is unbounded (coal has none either)",
                f.name()
            ))),
            (None, _) => Err(PyTypeError::new_err(format!(
                "{what} of a triangle mesh: it is not a convex shape"
            ))),
        }
    }

    /// Mass properties at `density`: a convex shape's, or a closed mesh's (`ValueError`
    /// for an open one, which bounds no solid).
    fn mass(&self, density: f64, what: &str) -> PyResult<wolfe::MassProperties> {
        match &self.mesh {
            MeshSlot::Built(m, _) => m.mass_properties(density).map_err(geometry),
            _ => self.convex(what)?.mass_properties(density).map_err(geometry),
        }
    }
}

#[pymethods]
impl CollisionGeometry {
    /// The kind of shape (`"sphere"`, `"box"`, `"mesh"`, `"halfspace"`, `"plane"`, ...).
    #[getter]
    fn kind(&self) -> &'static str {
        match (self.flat, &self.mesh) {
            (Some(Flat { plane: true, .. }), _) => "plane",
            (Some(Flat { plane: false, .. }), _) => "halfspace",
            (None, MeshSlot::None) => self.shape.kind(),
            (None, _) => "trimesh",
        }
    }

    /// The radius added to the core (GJK runs on cores and adds radii at the end; 0 for
    /// a half-space or plane).
    #[getter]
    fn inflation_radius(&self) -> f64 {
        if self.flat.is_some() || !matches!(self.mesh, MeshSlot::None) {
            0.0
        } else {
            self.shape.radius()
        }
    }

    /// The shape inflated by `radius` (a Minkowski sum with a ball).
    fn inflated(&self, radius: f64) -> PyResult<CollisionGeometry> {
        Ok(CollisionGeometry {
            shape: self
                .convex("inflation")?
                .clone()
                .inflated(radius)
                .map_err(geometry)?,
            flat: None,
            mesh: MeshSlot::None,
        })
    }

    /// Mass properties at uniform `density` (kg/m^3): meshes by signed tetrahedra, the
    /// primitives in closed form.
    #[pyo3(signature = (density = 1.0))]
    fn mass_properties(&self, py: Python<'_>, density: f64) -> PyResult<MassProperties> {
        let m = self.mass(density, "mass properties")?;
        Ok(MassProperties {
            mass: m.mass,
            center: np_vec3(py, &m.local_center).unbind(),
            inertia: np_mat3(py, &m.inertia).unbind(),
        })
    }

    /// Volume (coal's name).
    fn computeVolume(&self) -> PyResult<f64> {
        Ok(self.mass(1.0, "volume")?.mass)
    }

    /// Centre of mass in the shape's frame (coal's name).
    fn computeCOM<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray1<f64>>> {
        Ok(np_vec3(py, &self.mass(1.0, "centre of mass")?.local_center))
    }

    /// coal's `computeMomentofInertia`: the inertia tensor at unit density about the
    /// shape frame's origin (the tensor about the centre of mass moved by the parallel
    /// axis theorem, `I_o = I_c + m (|c|^2 1 - c c^T)`).
    fn computeMomentofInertia<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        let m = self.mass(1.0, "moment of inertia")?;
        let c = m.local_center;
        let shift = (nalgebra::Matrix3::identity() * c.norm_squared() - c * c.transpose()) * m.mass;
        Ok(np_mat3(py, &(m.inertia + shift)))
    }

    /// coal's `computeMomentofInertiaRelatedToCOM`: the inertia tensor at unit density
    /// about the centre of mass, in the shape's axes.
    fn computeMomentofInertiaRelatedToCOM<'py>(
        &self, py: Python<'py>,
    ) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        Ok(np_mat3(py, &self.mass(1.0, "moment of inertia")?.inertia))
    }

    /// A support point of the shape (local frame) in direction `d`: a point of the
    /// shape maximizing `<d, p>`.
    fn support<'py>(
        &self, py: Python<'py>, d: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<f64>>> {
        let shape = self.convex("support point")?;
        let d = vec3(d, "direction")?;
        if d.iter().any(|v| !v.is_finite()) {
            return Err(geometry(wolfe::WolfeError::NonFiniteDirection));
        }
        let n = d.norm();
        let inflation = if n > 0.0 {
            d * (shape.radius() / n)
        } else {
            Vec3::zeros()
        };
        Ok(np_vec3(py, &(shape.local_support(&d) + inflation)))
    }

    /// coal's node type of the shape (`NODE_TYPE.GEOM_SPHERE`, ...; `BV_UNKNOWN` for an
    /// inflated shape, which coal does not have).
    fn getNodeType(&self) -> NODE_TYPE {
        match (self.flat, &self.mesh) {
            (Some(Flat { plane: true, .. }), _) => return NODE_TYPE::GEOM_PLANE,
            (Some(Flat { plane: false, .. }), _) => return NODE_TYPE::GEOM_HALFSPACE,
            (None, MeshSlot::Building) => return NODE_TYPE::BV_OBBRSS,
            (None, MeshSlot::Built(_, node)) => return *node,
            (None, MeshSlot::None) => {}
        }
        match &self.shape {
            Shape::Sphere(_) => NODE_TYPE::GEOM_SPHERE,
            Shape::Ellipsoid(_) => NODE_TYPE::GEOM_ELLIPSOID,
            Shape::Cuboid(_) => NODE_TYPE::GEOM_BOX,
            Shape::Capsule(_) => NODE_TYPE::GEOM_CAPSULE,
            Shape::Cylinder(_) => NODE_TYPE::GEOM_CYLINDER,
            Shape::Cone(_) => NODE_TYPE::GEOM_CONE,
            Shape::ConvexMesh(_) => NODE_TYPE::GEOM_CONVEX,
            Shape::Inflated(_) => NODE_TYPE::BV_UNKNOWN,
        }
    }

    /// coal's object type: `OBJECT_TYPE.OT_BVH` for a `BVHModel`, `OT_GEOM` for every
    /// other shape.
    fn getObjectType(&self) -> OBJECT_TYPE {
        match self.getNodeType() {
            NODE_TYPE::BV_OBBRSS => OBJECT_TYPE::OT_BVH,
            _ => OBJECT_TYPE::OT_GEOM,
        }
    }

    fn __repr__(&self) -> String {
        format!("<wolfe shape {}>", self.kind())
    }
}

/// The shape-value protocol of the concrete shape classes, as coal has it: `==`/`!=`
/// compare the class and the parameters, the hash is the object's identity (shapes are
/// mutable; coal hashes them so too), and `pickle` rebuilds the shape from
/// `__reduce__`'s constructor arguments.
trait ShapeValue: PyClass + Sized {
    /// Whether the parameters are the same.
    fn same_parameters(&self, o: &Self) -> bool;
    /// The constructor's arguments that rebuild the shape.
    fn init_args<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>>;
}

/// `self == other` for a [`ShapeValue`]: same class, same parameters.
fn same_shape<T: ShapeValue>(this: &T, other: &Bound<'_, PyAny>) -> bool {
    other
        .downcast::<T>()
        .is_ok_and(|o| this.same_parameters(&o.borrow()))
}

/// What `__reduce__` returns: a callable and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, Bound<'py, PyTuple>);

/// `__reduce__` of a [`ShapeValue`]: its class and constructor arguments.
fn reduce<'py, T: ShapeValue>(slf: &Bound<'py, T>) -> PyResult<Reduced<'py>> {
    let args = slf.borrow().init_args(slf.py())?;
    Ok((slf.as_any().get_type().into_any(), args))
}

fn with_base<T: PyClass<BaseType = CollisionGeometry>>(sub: T, shape: Shape) -> PyClassInitializer<T> {
    PyClassInitializer::from(CollisionGeometry {
        shape,
        flat: None,
        mesh: MeshSlot::None,
    })
    .add_subclass(sub)
}

/// The `#[pymethods]` of a [`ShapeValue`] class: the methods given, plus what every such
/// shape shares: equality by value, identity hash and pickling by constructor arguments.
///
/// `new_from_three(Wolfe, what, divisor)` adds the constructor of a [`vector_shape`]
/// class (here, not there: pyo3 names the `*args` tuple in the expansion that holds
/// `#[pymethods]`).
macro_rules! shape_pymethods {
    ($t:ident $(, new_from_three($wolfe:ident, $what:literal, $divisor:literal))? { $($methods:tt)* }) => {
        #[pymethods]
        impl $t {
            $(
                #[new]
                #[pyo3(signature = (*args))]
                fn new(args: &Bound<'_, PyTuple>) -> PyResult<PyClassInitializer<Self>> {
                    let v = three(args, $what)? / $divisor;
                    let s = $wolfe::new([v.x, v.y, v.z]).map_err(geometry)?;
                    Ok(with_base(Self { v }, s.into()))
                }
            )?

            $($methods)*

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                same_shape(self, other)
            }

            fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
                !same_shape(self, other)
            }

            fn __hash__(slf: &Bound<'_, Self>) -> isize {
                slf.as_ptr() as isize
            }

            /// Pickling: the class and its constructor arguments.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
                reduce(slf)
            }
        }
    };
}

/// A ball of radius `r`.
#[pyclass(name = "Sphere", extends = CollisionGeometry, module = "wolfe")]
pub struct PySphere {
    radius: f64,
}

shape_pymethods!(PySphere {
    #[new]
    fn new(r: f64) -> PyResult<PyClassInitializer<Self>> {
        let s = Sphere::new(r).map_err(geometry)?;
        Ok(with_base(Self { radius: r }, s.into()))
    }

    /// Radius; writable (`ValueError` unless finite and > 0).
    #[getter]
    fn radius(&self) -> f64 {
        self.radius
    }

    #[setter]
    fn set_radius(mut slf: PyRefMut<'_, Self>, r: f64) -> PyResult<()> {
        let s = Sphere::new(r).map_err(geometry)?;
        slf.radius = r;
        slf.as_super().shape = s.into();
        Ok(())
    }
});

impl ShapeValue for PySphere {
    fn same_parameters(&self, o: &Self) -> bool {
        self.radius == o.radius
    }
    fn init_args<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.radius])
    }
}

/// Three numbers given as `(x, y, z)` or as one array-like of 3.
fn three(args: &Bound<'_, PyTuple>, what: &str) -> PyResult<Vec3> {
    match args.len() {
        1 => vec3(&args.get_item(0)?, what),
        3 => {
            let v: (f64, f64, f64) = args.extract()?;
            Ok(Vec3::new(v.0, v.1, v.2))
        }
        n => Err(PyTypeError::new_err(format!(
            "{what}: expected 3 numbers or one 3-vector, got {n} arguments"
        ))),
    }
}

macro_rules! axial {
    ($rust:ident, $name:literal, $wolfe:ident, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(name = $name, extends = CollisionGeometry, module = "wolfe")]
        pub struct $rust {
            /// Radius.
            radius: f64,
            /// Half of the length along z.
            halfLength: f64,
        }

        shape_pymethods!($rust {
            #[new]
            fn new(radius: f64, lz: f64) -> PyResult<PyClassInitializer<Self>> {
                let s = $wolfe::new(radius, lz / 2.0).map_err(geometry)?;
                Ok(with_base(
                    Self {
                        radius,
                        halfLength: lz / 2.0,
                    },
                    s.into(),
                ))
            }

            /// Radius; writable (`ValueError` if the shape would be invalid).
            #[getter]
            fn radius(&self) -> f64 {
                self.radius
            }

            #[setter]
            fn set_radius(mut slf: PyRefMut<'_, Self>, r: f64) -> PyResult<()> {
                let s = $wolfe::new(r, slf.halfLength).map_err(geometry)?;
                slf.radius = r;
                slf.as_super().shape = s.into();
                Ok(())
            }

            /// Half of the length along z; writable (`ValueError` if the shape would be
            /// invalid).
            #[getter]
            fn halfLength(&self) -> f64 {
                self.halfLength
            }

            #[setter]
            fn set_halfLength(mut slf: PyRefMut<'_, Self>, h: f64) -> PyResult<()> {
                let s = $wolfe::new(slf.radius, h).map_err(geometry)?;
                slf.halfLength = h;
                slf.as_super().shape = s.into();
                Ok(())
            }
        });

        impl ShapeValue for $rust {
            fn same_parameters(&self, o: &Self) -> bool {
                self.radius == o.radius && self.halfLength == o.halfLength
            }
            fn init_args<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                PyTuple::new(py, [self.radius, 2.0 * self.halfLength])
            }
        }
    };
}

axial!(
    PyCapsule,
    "Capsule",
    Capsule,
    "A capsule of `radius` whose segment has full length `lz` along z (coal's convention)."
);
axial!(
    PyCylinder,
    "Cylinder",
    Cylinder,
    "A cylinder of `radius` and full length `lz` along z, centred."
);
axial!(
    PyCone,
    "Cone",
    Cone,
    "A cone of base `radius` and full length `lz` along z, apex at `+lz/2` (coal's convention)."
);

/// A shape class given by three numbers: the constructor's three, divided by `$divisor`,
/// are the wolfe shape's parameters and the writable vector attribute `$attr`.
macro_rules! vector_shape {
    ($rust:ident, $name:literal, $wolfe:ident, $doc:literal, $attr:ident, $what:literal, $divisor:literal, $attr_doc:literal) => {
        #[doc = $doc]
        #[pyclass(name = $name, extends = CollisionGeometry, module = "wolfe")]
        pub struct $rust {
            v: Vec3,
        }

        shape_pymethods!($rust, new_from_three($wolfe, $what, $divisor) {
            #[doc = $attr_doc]
            #[getter($attr)]
            fn get_vector<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
                np_vec3(py, &self.v)
            }

            #[setter($attr)]
            fn set_vector(mut slf: PyRefMut<'_, Self>, v: &Bound<'_, PyAny>) -> PyResult<()> {
                let v = vec3(v, stringify!($attr))?;
                let s = $wolfe::new([v.x, v.y, v.z]).map_err(geometry)?;
                slf.v = v;
                slf.as_super().shape = s.into();
                Ok(())
            }
        });

        impl ShapeValue for $rust {
            fn same_parameters(&self, o: &Self) -> bool {
                self.v == o.v
            }
            fn init_args<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                let v = self.v * $divisor;
                PyTuple::new(py, [v.x, v.y, v.z])
            }
        }
    };
}

vector_shape!(
    PyBox,
    "Box",
    Cuboid,
    "A box of full side lengths `x, y, z` (coal's convention), centred at the origin.",
    halfSide,
    "Box sides",
    2.0,
    "Half side lengths, shape (3,); writable (`ValueError` unless finite and > 0)."
);
vector_shape!(
    PyEllipsoid,
    "Ellipsoid",
    Ellipsoid,
    "An ellipsoid of semi-axes `rx, ry, rz`.",
    radii,
    "Ellipsoid radii",
    1.0,
    "Semi-axes, shape (3,); writable (`ValueError` unless finite and > 0)."
);

mod bvh;
mod convex;
mod flat;

pub use bvh::*;
pub use convex::*;
pub use flat::*;
