//! Hydroelastic (pressure field) contact from Python: `CompliantGeometry` (a wolfe
//! shape's tetrahedral mesh carrying the pressure field `p = E e` of Elandt et al.
//! 2019, the SAP paper's ref. \[35\]), `contact_surface` (the polygons of the discrete
//! contact surface of Masterjohn et al. 2021, ref. \[36\], as numpy arrays,
//! [`wolfe::hydroelastic`]) and the models `World.set_hydroelastic` gives a collider
//! (`hydroelastic_model`, wolfe_sim's `Hydroelastic`).

use std::sync::Arc;

use numpy::PyArray1;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use wolfe::hydroelastic::{
    compliant_surface, halfspace_surface, rigid_surface, surface_mesh, CompliantGeometry, ContactSurface,
};
use wolfe::{Geometry, Pose, Shape, TriMesh};
use wolfe_sim::{Collider, Hydroelastic, StaticGeometry};

use crate::coal_api::flat::world_sides;
use crate::convert::{np_rows, np_vec, np_vec3, vec3, NonNegative};
use crate::error::{geometry, sim, value};
use crate::geometry::{geom_of, shape_of, Geom};
use crate::transform::pose_arg;

/// A compliant geometry: a wolfe shape meshed into tetrahedra (edges of about
/// `resolution` metres on curved surfaces) carrying the pressure field `E e`, `E` the
/// hydroelastic modulus (Pa) and `e` the normalized depth (0 on the surface, 1 at the
/// deepest point), linear on each tetrahedron. `ValueError` for a modulus or
/// resolution that is not finite and positive, `TypeError` for what is not a convex
/// shape.
#[pyclass(name = "CompliantGeometry", module = "wolfe", frozen)]
pub struct PyCompliantGeometry {
    /// The geometry, in the shape's frame.
    pub geometry: Arc<CompliantGeometry>,
}

#[pymethods]
impl PyCompliantGeometry {
    #[new]
    fn new(py: Python<'_>, shape: &Bound<'_, PyAny>, modulus: f64, resolution: f64) -> PyResult<Self> {
        let shape = shape_of(shape)?;
        let g = py
            .allow_threads(|| CompliantGeometry::from_shape(&shape, modulus, resolution))
            .map_err(geometry)?;
        Ok(Self {
            geometry: Arc::new(g),
        })
    }

    /// The hydroelastic modulus `E`, Pa.
    #[getter]
    fn modulus(&self) -> f64 {
        self.geometry.modulus()
    }

    /// The number of tetrahedra of the mesh.
    #[getter]
    fn tetrahedra(&self) -> usize {
        self.geometry.mesh().tetrahedra().len()
    }

    /// The number of vertices of the mesh.
    #[getter]
    fn vertices(&self) -> usize {
        self.geometry.mesh().vertices().len()
    }

    /// The mesh's volume, m^3.
    #[getter]
    fn volume(&self) -> f64 {
        self.geometry.mesh().volume()
    }

    fn __repr__(&self) -> String {
        format!(
            "CompliantGeometry(modulus={}, tetrahedra={}, volume={})",
            self.modulus(),
            self.tetrahedra(),
            self.volume()
        )
    }
}

/// The contact surface of a geometry A and a compliant geometry B: one row per
/// polygon, world frame, normals from A into B; the force and moment act on B.
#[pyclass(name = "ContactSurface", module = "wolfe", frozen)]
pub struct PyContactSurface {
    surface: ContactSurface,
}

/// A numpy array of shape (n, 3) of one vector per polygon.
type Rows<'py> = PyResult<Bound<'py, numpy::PyArray2<f64>>>;

impl PyContactSurface {
    /// One number per polygon, shape (n,).
    fn column<'py>(
        &self, py: Python<'py>, f: impl Fn(&wolfe::hydroelastic::ContactPolygon) -> f64,
    ) -> Bound<'py, PyArray1<f64>> {
        np_vec(py, self.surface.polygons.iter().map(f).collect())
    }

    /// One 3-vector per polygon, shape (n, 3).
    fn rows<'py>(
        &self, py: Python<'py>, f: impl Fn(&wolfe::hydroelastic::ContactPolygon) -> wolfe::Vec3,
    ) -> Rows<'py> {
        let data = self
            .surface
            .polygons
            .iter()
            .flat_map(|p| {
                let v = f(p);
                [v.x, v.y, v.z]
            })
            .collect();
        np_rows(py, data, 3)
    }
}

#[pymethods]
impl PyContactSurface {
    /// Each polygon's area, m^2, shape (n,).
    #[getter]
    fn area<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.column(py, |p| p.area)
    }

    /// Each polygon's centroid, m, shape (n, 3).
    #[getter]
    fn centroid<'py>(&self, py: Python<'py>) -> Rows<'py> {
        self.rows(py, |p| p.centroid)
    }

    /// Each polygon's centre of pressure `int x p dA / int p dA`, m, shape (n, 3).
    #[getter]
    fn center_of_pressure<'py>(&self, py: Python<'py>) -> Rows<'py> {
        self.rows(py, |p| p.center_of_pressure)
    }

    /// Each polygon's unit normal from A into B, shape (n, 3).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Rows<'py> {
        self.rows(py, |p| p.normal)
    }

    /// The pressure at each centroid, Pa, shape (n,).
    #[getter]
    fn pressure<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.column(py, |p| p.pressure)
    }

    /// The growth of each polygon's pressure per metre of approach along its normal,
    /// Pa/m, shape (n,) (`<= 0` only on a half-space's plane where B's pressure grows
    /// parallel to it: such a polygon carries force but no stiffness).
    #[getter]
    fn pressure_gradient<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.column(py, |p| p.pressure_gradient)
    }

    /// The cosine of the angle between each normal and the pressure gradient, shape (n,).
    #[getter]
    fn alignment<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.column(py, |p| p.alignment)
    }

    /// The net force on B, `sum A p n`, N, shape (3,).
    #[getter]
    fn force<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        np_vec3(py, &self.surface.force())
    }

    /// The total area, m^2.
    #[getter]
    fn total_area(&self) -> f64 {
        self.surface.area()
    }

    /// The net moment of the tractions on B about `point` (3 numbers, world frame),
    /// N m, shape (3,): exact for the piecewise-linear field (each polygon's force at
    /// its centre of pressure).
    fn moment_about<'py>(
        &self, py: Python<'py>, point: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let p = vec3(point, "point")?;
        if p.iter().any(|v| !v.is_finite()) {
            return Err(value("point has a NaN or infinite component"));
        }
        Ok(np_vec3(py, &self.surface.moment_about(&p)))
    }

    fn __len__(&self) -> usize {
        self.surface.polygons.len()
    }

    fn __repr__(&self) -> String {
        let f = self.surface.force();
        format!(
            "ContactSurface(polygons={}, area={}, force=[{}, {}, {}])",
            self.surface.polygons.len(),
            self.surface.area(),
            f.x,
            f.y,
            f.z
        )
    }
}

/// What the first side of [`contact_surface`] is.
enum Side {
    HalfSpace(wolfe::HalfSpace),
    Rigid(Arc<TriMesh>),
    Compliant(Arc<CompliantGeometry>),
}

/// A resolution argument that a convex shape needs to be meshed.
fn resolution_for(resolution: Option<f64>, what: &str) -> PyResult<f64> {
    resolution.ok_or_else(|| {
        value(format!(
            "{what}: give resolution (m), the edge length of its surface mesh"
        ))
    })
}

/// The first side of [`contact_surface`] at `pose`.
fn side_of(a: &Bound<'_, PyAny>, pose: &Pose, resolution: Option<f64>) -> PyResult<Side> {
    if let Ok(g) = a.downcast::<PyCompliantGeometry>() {
        return Ok(Side::Compliant(g.get().geometry.clone()));
    }
    if !a.is_instance_of::<crate::geometry::CollisionGeometry>() {
        return Err(PyTypeError::new_err(format!(
            "contact_surface: a must be a Halfspace, a shape, a BVHModel or a CompliantGeometry, got {}",
            a.get_type().name()?
        )));
    }
    match geom_of(a)? {
        Geom::Flat(f) if f.plane => Err(PyTypeError::new_err(
            "a Plane has no inside to press with: use a Halfspace",
        )),
        Geom::Flat(f) => Ok(Side::HalfSpace(world_sides(&f, pose).map_err(geometry)?.0)),
        Geom::Mesh(m) => Ok(Side::Rigid(m)),
        Geom::Convex(s) => {
            let r = resolution_for(resolution, "a rigid convex shape")?;
            Ok(Side::Rigid(Arc::new(surface_mesh(&s, r).map_err(geometry)?)))
        }
    }
}

/// The hydroelastic contact surface of `a` at `pose_a` and the compliant geometry `b`
/// at `pose_b` (SAP paper refs. \[35\], \[36\]): `a` a `Halfspace` (rigid), a rigid shape
/// (a convex shape meshed with edges of `resolution` metres, or a triangle mesh as it
/// is, counter-clockwise seen from outside) or another `CompliantGeometry` (the
/// surface of equal pressure). Poses as everywhere (a `Transform3s`, `None`, a 7-vector
/// `(x, y, z, qw, qx, qy, qz)` or a 4x4 matrix). Runs without the GIL.
#[pyfunction]
#[pyo3(signature = (a, pose_a, b, pose_b, resolution = None))]
pub fn contact_surface(
    py: Python<'_>, a: &Bound<'_, PyAny>, pose_a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>,
    pose_b: &Bound<'_, PyAny>, resolution: Option<f64>,
) -> PyResult<PyContactSurface> {
    let b = b.downcast::<PyCompliantGeometry>().map_err(|_| {
        PyTypeError::new_err(format!(
            "contact_surface: b must be a CompliantGeometry, got {}",
            b.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })?;
    let b = b.get().geometry.clone();
    let (pose_a, pose_b) = (pose_arg(pose_a)?, pose_arg(pose_b)?);
    pose_a.validate().map_err(geometry)?;
    pose_b.validate().map_err(geometry)?;
    let a = side_of(a, &pose_a, resolution)?;
    let mut surface = ContactSurface::default();
    py.allow_threads(|| match &a {
        Side::HalfSpace(h) => halfspace_surface(h, &b, &pose_b, &mut surface),
        Side::Rigid(m) => rigid_surface(m, &pose_a, &b, &pose_b, &mut surface),
        Side::Compliant(g) => compliant_surface(g, &pose_a, &b, &pose_b, &mut surface),
    });
    Ok(PyContactSurface { surface })
}

/// The collider of `World.set_hydroelastic`'s keywords: exactly one of `body`, `link`,
/// `static`.
pub(crate) fn collider_arg(
    body: Option<NonNegative<usize>>, link: Option<NonNegative<usize>>, fixed: Option<NonNegative<usize>>,
) -> PyResult<Collider> {
    match (body, link, fixed) {
        (Some(i), None, None) => Ok(Collider::Body(i.0)),
        (None, Some(g), None) => Ok(Collider::Link(g.0)),
        (None, None, Some(k)) => Ok(Collider::Static(k.0)),
        _ => Err(value(
            "set_hydroelastic: give exactly one of body, link or static (an index)",
        )),
    }
}

/// The geometry of `collider` in `world` (its shape's frame), `ValueError` for one
/// that does not exist or a half-space (always a rigid hydroelastic surface).
fn collider_geometry(world: &wolfe_sim::World, collider: Collider) -> PyResult<Geometry> {
    let missing =
        |what: &str, i: usize, n: usize| value(format!("{what} {i} does not exist ({n} in the world)"));
    match collider {
        Collider::Body(i) => world
            .bodies()
            .get(i)
            .map(|b| b.shape.clone())
            .ok_or_else(|| missing("body", i, world.bodies().len())),
        Collider::Link(g) => world
            .links()
            .get(g)
            .map(|l| Geometry::Convex(l.shape.clone()))
            .ok_or_else(|| missing("link geometry", g, world.links().len())),
        Collider::Static(k) => match world.statics().get(k) {
            None => Err(missing("static geometry", k, world.statics().len())),
            Some(StaticGeometry::HalfSpace(..)) => Err(value(format!(
                "static geometry {k} is a half-space: always a rigid hydroelastic surface, it takes no setting"
            ))),
            Some(StaticGeometry::Shape(s, ..)) => Ok(Geometry::Convex(s.clone())),
            Some(StaticGeometry::Composite(g, ..)) => Ok(g.clone()),
        },
    }
}

/// The hydroelastic model `World.set_hydroelastic` gives `collider`: compliant with
/// `modulus` (Pa; meshed at `resolution` m, Hunt-Crossley `dissipation` s/m, default
/// 0) or, without a modulus, rigid (a convex shape's surface meshed at `resolution`,
/// a triangle mesh as it is). `ValueError` naming what is wrong.
pub(crate) fn hydroelastic_model(
    world: &wolfe_sim::World, collider: Collider, modulus: Option<f64>, resolution: Option<f64>,
    dissipation: Option<f64>,
) -> PyResult<Hydroelastic> {
    let geometry = collider_geometry(world, collider)?;
    let convex = |g: &Geometry, what: &str| -> PyResult<Shape> {
        match g {
            Geometry::Convex(s) => Ok(s.clone()),
            _ => Err(value(format!(
                "set_hydroelastic: {what} is a compound or a triangle mesh; only a convex shape can be {}",
                if modulus.is_some() { "compliant" } else { "meshed" }
            ))),
        }
    };
    let what = format!("{collider:?}").to_lowercase();
    match modulus {
        Some(e) => {
            let shape = convex(&geometry, &what)?;
            let r = resolution_for(resolution, "a compliant geometry")?;
            let g = CompliantGeometry::from_shape(&shape, e, r).map_err(crate::error::geometry)?;
            Hydroelastic::compliant(g, dissipation.unwrap_or(0.0)).map_err(sim)
        }
        None if dissipation.is_some() => Err(value(
            "set_hydroelastic: dissipation is a compliant geometry's (give modulus too)",
        )),
        None => match geometry {
            Geometry::TriMesh(m) => Ok(Hydroelastic::Rigid(m)),
            g => {
                let shape = convex(&g, &what)?;
                let r = resolution_for(resolution, "a rigid shape")?;
                Ok(Hydroelastic::rigid(
                    surface_mesh(&shape, r).map_err(crate::error::geometry)?,
                ))
            }
        },
    }
}
