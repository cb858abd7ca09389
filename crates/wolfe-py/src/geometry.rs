//! The shapes with coal's class names and size conventions (full side lengths of a box,
//! full lengths `lz` of capsules, cylinders and cones), and convex meshes built as coal
//! builds them or, in wolfe's words, from a point array (hull) or an OBJ/STL file.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::PyClass;
use wolfe::{
    Capsule, Cone, ConvexMesh, ConvexShape, Cuboid, Cylinder, Ellipsoid, HalfSpace, Shape, Sphere,
    SupportMap, Vec3,
};

use crate::convert::{float_array, np_mat3, np_rows, np_vec3, vec3, NonNegative};
use crate::error::{geometry, value};

/// Base class of every shape (coal's `CollisionGeometry`): a wolfe shape, a core plus a
/// radius.
#[pyclass(subclass, module = "wolfe")]
#[derive(Clone)]
pub struct CollisionGeometry {
    /// The wolfe shape (a placeholder, never used, when `flat` is set).
    pub shape: Shape,
    /// A `Halfspace` or `Plane`: unbounded, so not a convex [`Shape`].
    pub flat: Option<Flat>,
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
}

const SHAPE_NAMES: &str = "Sphere, Box, Capsule, Cylinder, Cone, Ellipsoid, Convex";

/// The geometry of a Python shape argument, half-spaces and planes included (`TypeError`
/// if it is not a shape).
pub fn geom_of(obj: &Bound<'_, PyAny>) -> PyResult<Geom> {
    match obj.downcast::<CollisionGeometry>() {
        Ok(g) => {
            let g = g.borrow();
            Ok(match g.flat {
                Some(f) => Geom::Flat(f),
                None => Geom::Convex(g.shape.clone()),
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
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a wolfe shape ({SHAPE_NAMES}), got {}",
            obj.get_type().name()?
        ))),
    }
}

/// coal's node types (the values of coal's `NODE_TYPE`, same numbers): what
/// `getNodeType()` answers. wolfe's shapes are the `GEOM_*` kinds; the others are
/// listed so that a coal script comparing with them runs.
#[pyclass(eq, eq_int, hash, frozen, module = "wolfe")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(non_camel_case_types)]
pub enum NODE_TYPE {
    /// Unknown (wolfe: an inflated shape, which coal does not have).
    BV_UNKNOWN = 0,
    /// coal's bounding-volume hierarchies (not in wolfe).
    BV_AABB = 1,
    /// coal's bounding-volume hierarchies (not in wolfe).
    BV_OBB = 2,
    /// coal's bounding-volume hierarchies (not in wolfe).
    BV_RSS = 3,
    /// coal's bounding-volume hierarchies (not in wolfe).
    BV_kIOS = 4,
    /// coal's bounding-volume hierarchies (not in wolfe).
    BV_OBBRSS = 5,
    /// coal's bounding-volume hierarchies (not in wolfe).
    BV_KDOP16 = 6,
    /// coal's bounding-volume hierarchies (not in wolfe).
    BV_KDOP18 = 7,
    /// coal's bounding-volume hierarchies (not in wolfe).
    BV_KDOP24 = 8,
    /// `Box`.
    GEOM_BOX = 9,
    /// `Sphere`.
    GEOM_SPHERE = 10,
    /// `Capsule`.
    GEOM_CAPSULE = 11,
    /// `Cone`.
    GEOM_CONE = 12,
    /// `Cylinder`.
    GEOM_CYLINDER = 13,
    /// `Convex`.
    GEOM_CONVEX = 14,
    /// `Plane`.
    GEOM_PLANE = 15,
    /// `Halfspace`.
    GEOM_HALFSPACE = 16,
    /// coal's `TriangleP` (not in wolfe).
    GEOM_TRIANGLE = 17,
    /// coal's `OcTree` (not in wolfe).
    GEOM_OCTREE = 18,
    /// `Ellipsoid`.
    GEOM_ELLIPSOID = 19,
    /// coal's height fields (not in wolfe).
    HF_AABB = 20,
    /// coal's height fields (not in wolfe).
    HF_OBBRSS = 21,
}

/// Every [`NODE_TYPE`] with its name, for the module attributes (`wolfe.GEOM_BOX`).
pub const NODE_TYPES: [(&str, NODE_TYPE); 22] = [
    ("BV_UNKNOWN", NODE_TYPE::BV_UNKNOWN),
    ("BV_AABB", NODE_TYPE::BV_AABB),
    ("BV_OBB", NODE_TYPE::BV_OBB),
    ("BV_RSS", NODE_TYPE::BV_RSS),
    ("BV_kIOS", NODE_TYPE::BV_kIOS),
    ("BV_OBBRSS", NODE_TYPE::BV_OBBRSS),
    ("BV_KDOP16", NODE_TYPE::BV_KDOP16),
    ("BV_KDOP18", NODE_TYPE::BV_KDOP18),
    ("BV_KDOP24", NODE_TYPE::BV_KDOP24),
    ("GEOM_BOX", NODE_TYPE::GEOM_BOX),
    ("GEOM_SPHERE", NODE_TYPE::GEOM_SPHERE),
    ("GEOM_CAPSULE", NODE_TYPE::GEOM_CAPSULE),
    ("GEOM_CONE", NODE_TYPE::GEOM_CONE),
    ("GEOM_CYLINDER", NODE_TYPE::GEOM_CYLINDER),
    ("GEOM_CONVEX", NODE_TYPE::GEOM_CONVEX),
    ("GEOM_PLANE", NODE_TYPE::GEOM_PLANE),
    ("GEOM_HALFSPACE", NODE_TYPE::GEOM_HALFSPACE),
    ("GEOM_TRIANGLE", NODE_TYPE::GEOM_TRIANGLE),
    ("GEOM_OCTREE", NODE_TYPE::GEOM_OCTREE),
    ("GEOM_ELLIPSOID", NODE_TYPE::GEOM_ELLIPSOID),
    ("HF_AABB", NODE_TYPE::HF_AABB),
    ("HF_OBBRSS", NODE_TYPE::HF_OBBRSS),
];

/// coal's object types (same numbers): what `getObjectType()` answers (`OT_GEOM` for
/// every wolfe shape).
#[pyclass(eq, eq_int, hash, frozen, module = "wolfe")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(non_camel_case_types)]
pub enum OBJECT_TYPE {
    /// Unknown.
    OT_UNKNOWN = 0,
    /// coal's bounding-volume hierarchies (not in wolfe).
    OT_BVH = 1,
    /// A geometric shape: every wolfe shape.
    OT_GEOM = 2,
    /// coal's octrees (not in wolfe).
    OT_OCTREE = 3,
    /// coal's height fields (not in wolfe).
    OT_HFIELD = 4,
}

/// Every [`OBJECT_TYPE`] with its name, for the module attributes (`wolfe.OT_GEOM`).
pub const OBJECT_TYPES: [(&str, OBJECT_TYPE); 5] = [
    ("OT_UNKNOWN", OBJECT_TYPE::OT_UNKNOWN),
    ("OT_BVH", OBJECT_TYPE::OT_BVH),
    ("OT_GEOM", OBJECT_TYPE::OT_GEOM),
    ("OT_OCTREE", OBJECT_TYPE::OT_OCTREE),
    ("OT_HFIELD", OBJECT_TYPE::OT_HFIELD),
];

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
    /// The convex shape, or `TypeError` naming what a half-space or plane lacks.
    fn convex(&self, what: &str) -> PyResult<&Shape> {
        match self.flat {
            None => Ok(&self.shape),
            Some(f) => Err(PyTypeError::new_err(format!(
                "{what} of a {}: it is unbounded (coal has none either)",
                f.name()
            ))),
        }
    }
}

#[pymethods]
impl CollisionGeometry {
    /// The kind of shape (`"sphere"`, `"box"`, `"mesh"`, `"halfspace"`, `"plane"`, ...).
    #[getter]
    fn kind(&self) -> &'static str {
        match self.flat {
            Some(Flat { plane: true, .. }) => "plane",
            Some(Flat { plane: false, .. }) => "halfspace",
            None => self.shape.kind(),
        }
    }

    /// The radius added to the core (GJK runs on cores and adds radii at the end; 0 for
    /// a half-space or plane).
    #[getter]
    fn inflation_radius(&self) -> f64 {
        if self.flat.is_some() {
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
        })
    }

    /// Mass properties at uniform `density` (kg/m^3): meshes by signed tetrahedra, the
    /// primitives in closed form.
    #[pyo3(signature = (density = 1.0))]
    fn mass_properties(&self, py: Python<'_>, density: f64) -> PyResult<MassProperties> {
        let m = self
            .convex("mass properties")?
            .mass_properties(density)
            .map_err(geometry)?;
        Ok(MassProperties {
            mass: m.mass,
            center: np_vec3(py, &m.local_center).unbind(),
            inertia: np_mat3(py, &m.inertia).unbind(),
        })
    }

    /// Volume (coal's name).
    fn computeVolume(&self) -> PyResult<f64> {
        Ok(self
            .convex("volume")?
            .mass_properties(1.0)
            .map_err(geometry)?
            .mass)
    }

    /// Centre of mass in the shape's frame (coal's name).
    fn computeCOM<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray1<f64>>> {
        Ok(np_vec3(
            py,
            &self
                .convex("centre of mass")?
                .mass_properties(1.0)
                .map_err(geometry)?
                .local_center,
        ))
    }

    /// A support point of the shape (local frame) in direction `d`: a point of the
    /// shape maximizing `<d, p>`.
    fn support<'py>(
        &self,
        py: Python<'py>,
        d: &Bound<'py, PyAny>,
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
        match self.flat {
            Some(Flat { plane: true, .. }) => return NODE_TYPE::GEOM_PLANE,
            Some(Flat { plane: false, .. }) => return NODE_TYPE::GEOM_HALFSPACE,
            None => {}
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

    /// coal's object type: `OBJECT_TYPE.OT_GEOM` for every wolfe shape.
    fn getObjectType(&self) -> OBJECT_TYPE {
        OBJECT_TYPE::OT_GEOM
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
    PyClassInitializer::from(CollisionGeometry { shape, flat: None }).add_subclass(sub)
}

/// A ball of radius `r`.
#[pyclass(name = "Sphere", extends = CollisionGeometry, module = "wolfe")]
pub struct PySphere {
    radius: f64,
}

#[pymethods]
impl PySphere {
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

/// A box of full side lengths `x, y, z` (coal's convention), centred at the origin.
#[pyclass(name = "Box", extends = CollisionGeometry, module = "wolfe")]
pub struct PyBox {
    half: Vec3,
}

#[pymethods]
impl PyBox {
    #[new]
    #[pyo3(signature = (*args))]
    fn new(args: &Bound<'_, PyTuple>) -> PyResult<PyClassInitializer<Self>> {
        let half = three(args, "Box sides")? / 2.0;
        let s = Cuboid::new([half.x, half.y, half.z]).map_err(geometry)?;
        Ok(with_base(Self { half }, s.into()))
    }

    /// Half side lengths, shape (3,); writable (`ValueError` unless finite and > 0).
    #[getter]
    fn halfSide<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.half)
    }

    #[setter]
    fn set_halfSide(mut slf: PyRefMut<'_, Self>, v: &Bound<'_, PyAny>) -> PyResult<()> {
        let half = vec3(v, "halfSide")?;
        let s = Cuboid::new([half.x, half.y, half.z]).map_err(geometry)?;
        slf.half = half;
        slf.as_super().shape = s.into();
        Ok(())
    }

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

impl ShapeValue for PyBox {
    fn same_parameters(&self, o: &Self) -> bool {
        self.half == o.half
    }
    fn init_args<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let full = self.half * 2.0;
        PyTuple::new(py, [full.x, full.y, full.z])
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

        #[pymethods]
        impl $rust {
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

/// An ellipsoid of semi-axes `rx, ry, rz`.
#[pyclass(name = "Ellipsoid", extends = CollisionGeometry, module = "wolfe")]
pub struct PyEllipsoid {
    r: Vec3,
}

#[pymethods]
impl PyEllipsoid {
    #[new]
    #[pyo3(signature = (*args))]
    fn new(args: &Bound<'_, PyTuple>) -> PyResult<PyClassInitializer<Self>> {
        let r = three(args, "Ellipsoid radii")?;
        let s = Ellipsoid::new([r.x, r.y, r.z]).map_err(geometry)?;
        Ok(with_base(Self { r }, s.into()))
    }

    /// Semi-axes, shape (3,); writable (`ValueError` unless finite and > 0).
    #[getter]
    fn radii<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec3(py, &self.r)
    }

    #[setter]
    fn set_radii(mut slf: PyRefMut<'_, Self>, v: &Bound<'_, PyAny>) -> PyResult<()> {
        let r = vec3(v, "radii")?;
        let s = Ellipsoid::new([r.x, r.y, r.z]).map_err(geometry)?;
        slf.r = r;
        slf.as_super().shape = s.into();
        Ok(())
    }

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

impl ShapeValue for PyEllipsoid {
    fn same_parameters(&self, o: &Self) -> bool {
        self.r == o.r
    }
    fn init_args<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.r.x, self.r.y, self.r.z])
    }
}

/// coal's `std::vector<Vec3s>`: a list of 3D points.
#[pyclass(name = "StdVec_Vec3s", module = "wolfe")]
#[derive(Default)]
pub struct StdVecVec3s {
    /// The points.
    pub points: Vec<Vec3>,
}

#[pymethods]
impl StdVecVec3s {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// Appends a point (any array-like of 3 numbers).
    fn append(&mut self, p: &Bound<'_, PyAny>) -> PyResult<()> {
        self.points.push(vec3(p, "point")?);
        Ok(())
    }

    /// Appends every point of an iterable (or the rows of an (N, 3) array).
    fn extend(&mut self, ps: &Bound<'_, PyAny>) -> PyResult<()> {
        for p in ps.try_iter()? {
            self.points.push(vec3(&p?, "point")?);
        }
        Ok(())
    }

    fn __len__(&self) -> usize {
        self.points.len()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, i: isize) -> PyResult<Bound<'py, numpy::PyArray1<f64>>> {
        let n = self.points.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "point index out of range",
            ));
        }
        Ok(np_vec3(py, &self.points[j as usize]))
    }
}

/// A triangle of vertex indices, `Triangle(i, j, k)`.
#[pyclass(module = "wolfe")]
#[derive(Clone, Copy)]
pub struct Triangle {
    idx: [u32; 3],
}

#[pymethods]
impl Triangle {
    #[new]
    fn new(i: NonNegative<u32>, j: NonNegative<u32>, k: NonNegative<u32>) -> Self {
        Self { idx: [i.0, j.0, k.0] }
    }

    /// The `n`-th index (0, 1 or 2).
    fn get(&self, n: NonNegative<usize>) -> PyResult<u32> {
        self.idx
            .get(n.0)
            .copied()
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("a triangle has 3 indices"))
    }

    /// The `n`-th index; negative `n` counts from the end, as for a list.
    fn __getitem__(&self, n: isize) -> PyResult<u32> {
        let j = if n < 0 { n + 3 } else { n };
        if !(0..3).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "a triangle has 3 indices",
            ));
        }
        Ok(self.idx[j as usize])
    }

    fn __repr__(&self) -> String {
        format!("Triangle({}, {}, {})", self.idx[0], self.idx[1], self.idx[2])
    }
}

/// coal's `std::vector<Triangle>`.
#[pyclass(name = "StdVec_Triangle", module = "wolfe")]
#[derive(Default)]
pub struct StdVecTriangle {
    tris: Vec<[u32; 3]>,
}

#[pymethods]
impl StdVecTriangle {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// Appends a triangle.
    fn append(&mut self, t: &Triangle) {
        self.tris.push(t.idx);
    }

    /// Appends every triangle of an iterable.
    fn extend(&mut self, ts: &Bound<'_, PyAny>) -> PyResult<()> {
        for t in ts.try_iter()? {
            self.tris.push(t?.extract::<PyRef<Triangle>>()?.idx);
        }
        Ok(())
    }

    fn __len__(&self) -> usize {
        self.tris.len()
    }
}

/// A convex polytope. `Convex(points, triangles)` as coal builds it (wolfe takes the
/// convex hull of the points: the triangles are checked for valid indices, then the
/// hull's own faces are used), or `wolfe.convex_hull(array)` / `wolfe.load_convex(path)`.
#[pyclass(name = "Convex", extends = CollisionGeometry, module = "wolfe")]
pub struct PyConvex {
    mesh: Arc<ConvexMesh>,
}

fn convex_init(mesh: ConvexMesh) -> PyClassInitializer<PyConvex> {
    let mesh = Arc::new(mesh);
    with_base(PyConvex { mesh: mesh.clone() }, Shape::ConvexMesh(mesh))
}

/// Points from an (N, 3) array-like.
fn points_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec3>> {
    let a = float_array(obj)?;
    let shape = a.shape();
    if shape.len() != 2 || shape[1] != 3 {
        return Err(value(format!("points must have shape (N, 3), got {shape:?}")));
    }
    Ok(a.values()?
        .chunks_exact(3)
        .map(|c| Vec3::new(c[0], c[1], c[2]))
        .collect())
}

#[pymethods]
impl PyConvex {
    #[new]
    fn new(points: &StdVecVec3s, triangles: &StdVecTriangle) -> PyResult<PyClassInitializer<Self>> {
        let n = points.points.len();
        if let Some(t) = triangles.tris.iter().find(|t| t.iter().any(|&i| i as usize >= n)) {
            return Err(geometry(wolfe::WolfeError::MalformedMesh(format!(
                "triangle {t:?} refers to a vertex >= {n}"
            ))));
        }
        Ok(convex_init(
            ConvexMesh::from_points(&points.points).map_err(geometry)?,
        ))
    }

    /// Number of hull vertices.
    #[getter]
    fn num_points(&self) -> usize {
        self.mesh.vertices().len()
    }

    /// Hull vertices, shape (N, 3).
    fn vertices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        np_rows(
            py,
            self.mesh
                .vertices()
                .iter()
                .flat_map(|v| [v.x, v.y, v.z])
                .collect(),
            3,
        )
    }

    /// Hull triangles (vertex indices), shape (M, 3).
    fn faces<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<u32>> {
        let flat: Vec<u32> = self.mesh.faces().iter().flatten().copied().collect();
        let n = flat.len() / 3;
        numpy::IntoPyArray::into_pyarray(
            numpy::ndarray::Array2::from_shape_vec((n, 3), flat).expect("3 indices per face"),
            py,
        )
    }

    // Equality, hash and pickling of `Convex`: two hulls are equal when they have the
    // same vertex set (the same polytope); the hash is the identity, as coal's; pickling
    // stores the hull's vertices and takes their hull again (`wolfe.convex_hull`).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(o) = other.downcast::<PyConvex>() else {
            return false;
        };
        let o = o.borrow();
        if Arc::ptr_eq(&self.mesh, &o.mesh) {
            return true;
        }
        let sorted = |m: &ConvexMesh| {
            let mut v: Vec<[f64; 3]> = m.vertices().iter().map(|p| [p.x, p.y, p.z]).collect();
            v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
            v
        };
        sorted(&self.mesh) == sorted(&o.mesh)
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    fn __hash__(slf: &Bound<'_, Self>) -> isize {
        slf.as_ptr() as isize
    }

    /// Pickling: `wolfe.convex_hull` of the hull's vertices.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let hull = py.import("wolfe")?.getattr("convex_hull")?;
        Ok((hull, PyTuple::new(py, [slf.borrow().vertices(py)?])?))
    }
}

/// The convex hull of an (N, 3) array of points, as a `Convex` (computed without the
/// GIL: a large cloud takes a while).
#[pyfunction]
pub fn convex_hull(py: Python<'_>, points: &Bound<'_, PyAny>) -> PyResult<Py<PyConvex>> {
    let pts = points_of(points)?;
    let mesh = py
        .allow_threads(|| ConvexMesh::from_points(&pts))
        .map_err(geometry)?;
    Py::new(py, convex_init(mesh))
}

/// The convex hull of the vertices of an OBJ or STL file (chosen by extension), as a
/// `Convex`, read and built without the GIL. Raises `OSError` if the file cannot be
/// read, `ValueError` if it cannot be parsed or its points are degenerate.
#[pyfunction]
pub fn load_convex(py: Python<'_>, path: PathBuf) -> PyResult<Py<PyConvex>> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let mesh = match ext.as_str() {
        "obj" => py.allow_threads(|| ConvexMesh::from_obj(&path)),
        "stl" => py.allow_threads(|| ConvexMesh::from_stl(&path)),
        _ => {
            return Err(value(format!(
                "{}: unknown mesh format (expected .obj or .stl)",
                path.display()
            )))
        }
    }
    .map_err(geometry)?;
    Py::new(py, convex_init(mesh))
}

/// The `(n, d)` of a `Halfspace` or `Plane` constructor: `()` (n = x axis, d = 0, as
/// coal), `(n, d)`, `(a, b, c, d)`, or another one of the same class (a copy).
fn flat_args(args: &Bound<'_, PyTuple>, plane: bool) -> PyResult<Flat> {
    let name = if plane { "Plane" } else { "Halfspace" };
    let (n, d) = match args.len() {
        0 => (Vec3::x(), 0.0),
        1 => {
            let a = args.get_item(0)?;
            match a.downcast::<CollisionGeometry>() {
                Ok(g) => match g.borrow().flat {
                    Some(f) if f.plane == plane => return Ok(f),
                    _ => {
                        return Err(PyTypeError::new_err(format!(
                            "{name}(other): other must be a {name}"
                        )))
                    }
                },
                Err(_) => {
                    return Err(PyTypeError::new_err(format!(
                        "{name}: expected (), (n, d), (a, b, c, d) or a {name}"
                    )))
                }
            }
        }
        2 => (
            vec3(&args.get_item(0)?, "normal n")?,
            args.get_item(1)?.extract()?,
        ),
        4 => {
            let v: (f64, f64, f64, f64) = args.extract()?;
            (Vec3::new(v.0, v.1, v.2), v.3)
        }
        k => {
            return Err(PyTypeError::new_err(format!(
                "{name}: expected (), (n, d), (a, b, c, d) or a {name}, got {k} arguments"
            )))
        }
    };
    Ok(Flat {
        halfspace: HalfSpace::new(n, d).map_err(geometry)?,
        plane,
    })
}

macro_rules! flat_class {
    ($(#[$doc:meta])* $rust:ident, $py:literal, $plane:literal) => {
        $(#[$doc])*
        #[pyclass(name = $py, extends = CollisionGeometry, module = "wolfe")]
        pub struct $rust {}

        #[pymethods]
        impl $rust {
            #[new]
            #[pyo3(signature = (*args))]
            fn new(args: &Bound<'_, PyTuple>) -> PyResult<PyClassInitializer<Self>> {
                let flat = flat_args(args, $plane)?;
                // The placeholder shape is never used: every query checks `flat` first.
                let shape = Sphere::new(1.0).map_err(geometry)?.into();
                Ok(PyClassInitializer::from(CollisionGeometry {
                    shape,
                    flat: Some(flat),
                })
                .add_subclass(Self {}))
            }

            /// Unit normal, shape (3,); writable (normalized, `d` unchanged; `ValueError`
            /// if zero or not finite). The constructors divide `d` by the normal's norm,
            /// as coal does.
            #[getter]
            fn n<'py>(slf: PyRef<'py, Self>, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
                np_vec3(py, &flat_of(&slf).halfspace.normal())
            }

            #[setter]
            fn set_n(mut slf: PyRefMut<'_, Self>, v: &Bound<'_, PyAny>) -> PyResult<()> {
                let n = vec3(v, "normal n")?;
                let d = flat_of_mut(&mut slf).halfspace.offset();
                // Only the direction changes: d stays (HalfSpace::new refuses a zero or
                // non-finite normal).
                let len = n.norm();
                let unit = if len.is_finite() && len > 0.0 { n / len } else { n };
                let h = HalfSpace::new(unit, d).map_err(geometry)?;
                set_flat(&mut slf, h);
                Ok(())
            }

            /// Offset along the normal, metres; writable (`ValueError` unless finite).
            #[getter]
            fn d(slf: PyRef<'_, Self>) -> f64 {
                flat_of(&slf).halfspace.offset()
            }

            #[setter]
            fn set_d(mut slf: PyRefMut<'_, Self>, d: f64) -> PyResult<()> {
                let n = flat_of_mut(&mut slf).halfspace.normal();
                let h = HalfSpace::new(n, d).map_err(geometry)?;
                set_flat(&mut slf, h);
                Ok(())
            }

            /// Signed distance of a point (shape frame) to the boundary plane: negative
            /// inside the half-space (for a plane: below it).
            fn signedDistance(slf: PyRef<'_, Self>, p: &Bound<'_, PyAny>) -> PyResult<f64> {
                let p = vec3(p, "point")?;
                Ok(flat_of(&slf).halfspace.signed_distance_to_point(&p))
            }

            /// Distance of a point (shape frame) to the boundary plane.
            fn distance(slf: PyRef<'_, Self>, p: &Bound<'_, PyAny>) -> PyResult<f64> {
                let p = vec3(p, "point")?;
                Ok(flat_of(&slf).halfspace.signed_distance_to_point(&p).abs())
            }

            fn __eq__(slf: PyRef<'_, Self>, other: &Bound<'_, PyAny>) -> bool {
                let mine = flat_of(&slf);
                other.downcast::<Self>().is_ok_and(|o| flat_of(&o.borrow()) == mine)
            }

            fn __ne__(slf: PyRef<'_, Self>, other: &Bound<'_, PyAny>) -> bool {
                !Self::__eq__(slf, other)
            }

            fn __hash__(slf: &Bound<'_, Self>) -> isize {
                slf.as_ptr() as isize
            }

            /// Pickling: the class and `(n, d)`.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
                let py = slf.py();
                let h = flat_of(&slf.borrow()).halfspace;
                let args = (np_vec3(py, &h.normal()), h.offset()).into_pyobject(py)?;
                Ok((slf.as_any().get_type().into_any(), args))
            }

            fn __repr__(slf: PyRef<'_, Self>) -> String {
                let h = flat_of(&slf).halfspace;
                let n = h.normal();
                format!("{}(n=[{}, {}, {}], d={})", $py, n.x, n.y, n.z, h.offset())
            }
        }
    };
}

/// The [`Flat`] of a `Halfspace` or `Plane` (always set by their constructors).
fn flat_of<T: PyClass<BaseType = CollisionGeometry>>(slf: &PyRef<'_, T>) -> Flat {
    slf.as_super()
        .flat
        .expect("Halfspace and Plane always hold their half-space")
}

/// [`flat_of`] through a mutable borrow.
fn flat_of_mut<T: PyClass<BaseType = CollisionGeometry, Frozen = pyo3::pyclass::boolean_struct::False>>(
    slf: &mut PyRefMut<'_, T>,
) -> Flat {
    slf.as_super()
        .flat
        .expect("Halfspace and Plane always hold their half-space")
}

/// Replaces the half-space of a `Halfspace` or `Plane`.
fn set_flat<T: PyClass<BaseType = CollisionGeometry, Frozen = pyo3::pyclass::boolean_struct::False>>(
    slf: &mut PyRefMut<'_, T>,
    h: HalfSpace,
) {
    if let Some(f) = slf.as_super().flat.as_mut() {
        f.halfspace = h;
    }
}

flat_class!(
    /// The half-space `{x : <n, x> <= d}` (coal's `Halfspace`), unbounded: `distance`
    /// and `collide` take it against any convex shape (in closed form, exact); other
    /// queries refuse it with `TypeError`.
    PyHalfspace,
    "Halfspace",
    false
);

flat_class!(
    /// The plane `{x : <n, x> = d}` (coal's `Plane`), unbounded: a shape on either side
    /// is separated from it, one crossing it penetrates by the smaller of its depths
    /// below and above. `distance` and `collide` take it against any convex shape.
    PyPlane,
    "Plane",
    true
);
