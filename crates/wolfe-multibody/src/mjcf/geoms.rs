//! Geoms: shapes, mass properties (primitives and meshes as MuJoCo computes them),
//! contact parameters and the collision or visual geometry of the robot.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use wolfe::{Capsule, ConvexMesh, Cuboid, Cylinder, Ellipsoid, Shape, Sphere};

use super::build::{Builder, LoadedMesh, MeshKey, Scope};
use super::eig3::{eig3, from_principal};
use super::frames::{frame, z_to};
use super::inertia::{mesh_inertia, primitive, read_mesh, MeshInertia, UnitInertia};
use super::xml::{bad, El};
use super::MjcfGeom;
use crate::error::MjcfError;
use crate::spatial::{Mat3, Se3, Vec3};
use crate::urdf::{CollisionGeometry, GeometryDesc, VisualGeometry};

/// A geom's description, frame and mass properties (in its own frame).
pub(super) struct GeomSpec {
    pub desc: GeometryDesc,
    pub kind: String,
    pub size: [f64; 3],
    pub local: Se3,
    pub mass: f64,
    pub com: Vec3,
    pub inertia: Mat3,
    pub path: Option<PathBuf>,
    pub mesh_key: Option<(PathBuf, [u64; 3])>,
}

impl Builder {
    /// Reads a geom's shape and mass properties.
    pub(super) fn geom_spec(&mut self, el: &El, cc: Option<&str>) -> Result<GeomSpec, MjcfError> {
        let d = Arc::clone(&self.defaults);
        let a = d.attrs(el, cc)?;
        let kind = a.get("type").unwrap_or("sphere").to_string();
        if a.get("shellinertia") == Some("true") || a.get("fitscale").is_some() {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: "shell inertia and fitted geoms".into(),
            });
        }
        let size_list = a.list("size")?.unwrap_or_default();
        let mut size = [0.0; 3];
        for (s, v) in size.iter_mut().zip(&size_list) {
            *s = *v;
        }
        let mut local = frame(&a, &self.compiler)?;
        if let Some(t) = a.get("fromto") {
            let f = super::xml::numbers::<6>(el, "fromto", t)?;
            let (p0, p1) = (Vec3::new(f[0], f[1], f[2]), Vec3::new(f[3], f[4], f[5]));
            if !matches!(kind.as_str(), "capsule" | "cylinder") || (p1 - p0).norm() < 1e-15 {
                return Err(bad(
                    el,
                    "fromto",
                    t,
                    "two distinct points of a capsule or cylinder",
                ));
            }
            local = Se3::new(*z_to(&(p1 - p0)).to_rotation_matrix().matrix(), (p0 + p1) / 2.0);
            size[1] = (p1 - p0).norm() / 2.0;
        }
        let need = match kind.as_str() {
            "sphere" => 1,
            "capsule" | "cylinder" => 2,
            "ellipsoid" | "box" => 3,
            "plane" | "mesh" => 0,
            other => {
                return Err(MjcfError::Unsupported {
                    element: el.loc(),
                    what: format!("geom type '{other}'"),
                })
            }
        };
        if size[..need].iter().any(|s| *s <= 0.0) {
            return Err(bad(
                el,
                "size",
                a.get("size").unwrap_or(""),
                &format!("{need} positive numbers for a {kind}"),
            ));
        }
        if kind != "mesh" && a.get("mesh").is_some() {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: "a mesh on a geom whose type is not 'mesh' (fitting a primitive to a mesh)".into(),
            });
        }
        let (desc, volume, unit_com, principal, path, key) = if kind == "mesh" {
            let (path, key, unit) = self.mesh_of(el, &a)?;
            let desc = GeometryDesc::Mesh {
                filename: path.display().to_string(),
                scale: self.meshes[a.get("mesh").unwrap_or_default()].scale,
            };
            (
                desc,
                unit.volume,
                unit.com,
                eig3(&unit.inertia),
                Some(path),
                Some(key),
            )
        } else {
            let (v, d) = primitive(&kind, &size);
            let desc = match kind.as_str() {
                "sphere" => GeometryDesc::Sphere { radius: size[0] },
                "capsule" => GeometryDesc::Capsule {
                    radius: size[0],
                    length: 2.0 * size[1],
                },
                "cylinder" => GeometryDesc::Cylinder {
                    radius: size[0],
                    length: 2.0 * size[1],
                },
                "ellipsoid" => GeometryDesc::Ellipsoid { radii: size },
                "box" => GeometryDesc::Box {
                    size: size.map(|s| 2.0 * s),
                },
                _ => GeometryDesc::Plane { size },
            };
            (desc, v, Vec3::zeros(), (d, [1.0, 0.0, 0.0, 0.0]), None, None)
        };
        let mass = match a.get("mass") {
            Some(t) => {
                let m = a.f64_or("mass", 0.0)?;
                if m < 0.0 {
                    return Err(bad(el, "mass", t, "a non-negative number"));
                }
                m
            }
            None => {
                let rho = a.f64_or("density", 1000.0)?;
                if rho < 0.0 {
                    return Err(bad(
                        el,
                        "density",
                        a.get("density").unwrap_or(""),
                        "a non-negative number",
                    ));
                }
                rho * volume
            }
        };
        let inertia = if kind == "mesh" {
            // MuJoCo's mesh geom: the principal moments through the sides of the
            // equivalent box (mjCMesh::Process, mjCGeom::SetInertia).
            let (e, q) = principal;
            let side = |a: f64, b: f64, c: f64| 0.5 * (6.0 * (a + b - c) / volume).max(0.0).sqrt();
            let bx = [
                side(e[1], e[2], e[0]),
                side(e[0], e[2], e[1]),
                side(e[0], e[1], e[2]),
            ];
            let d = [
                mass * (bx[1] * bx[1] + bx[2] * bx[2]) / 3.0,
                mass * (bx[0] * bx[0] + bx[2] * bx[2]) / 3.0,
                mass * (bx[0] * bx[0] + bx[1] * bx[1]) / 3.0,
            ];
            from_principal(&d, &q)
        } else {
            Mat3::from_diagonal(&Vec3::from(principal.0)) * mass
        };
        Ok(GeomSpec {
            desc,
            kind,
            size,
            local,
            mass,
            com: unit_com,
            inertia,
            path,
            mesh_key: key,
        })
    }

    /// The mesh of a mesh geom: its file, cache key and unit-density inertia.
    fn mesh_of(
        &mut self, el: &El, a: &super::defaults::Attrs,
    ) -> Result<(PathBuf, MeshKey, UnitInertia), MjcfError> {
        let name = a.get("mesh").ok_or_else(|| MjcfError::Missing {
            element: el.loc(),
            attribute: "mesh".into(),
        })?;
        let asset = self.meshes.get(name).ok_or_else(|| MjcfError::UnknownName {
            element: el.loc(),
            kind: "mesh",
            name: name.to_string(),
        })?;
        let (path, scale, rule) = (asset.path.clone(), asset.scale, asset.rule);
        let key = (path.clone(), scale.map(f64::to_bits));
        let bad_mesh = |message: String| MjcfError::BadMesh {
            element: el.loc(),
            path: path.clone(),
            message,
        };
        if !self.loaded.contains_key(&key) {
            let tri = read_mesh(&path, scale).map_err(bad_mesh)?;
            self.loaded.insert(
                key.clone(),
                LoadedMesh {
                    tri,
                    hull: None,
                    unit: HashMap::new(),
                },
            );
        }
        if rule == MeshInertia::Convex {
            self.hull(&key).map_err(bad_mesh)?;
        }
        let entry = self.loaded.get_mut(&key).expect("inserted above");
        let unit = match entry.unit.get(&rule) {
            Some(u) => *u,
            None => {
                let u = mesh_inertia(&entry.tri, entry.hull.as_deref(), rule).map_err(bad_mesh)?;
                entry.unit.insert(rule, u);
                u
            }
        };
        Ok((path, key, unit))
    }

    /// The convex hull of a loaded mesh (built once).
    pub(super) fn hull(&mut self, key: &(PathBuf, [u64; 3])) -> Result<Arc<ConvexMesh>, String> {
        let entry = self.loaded.get_mut(key).ok_or("mesh not loaded")?;
        if let Some(h) = &entry.hull {
            return Ok(h.clone());
        }
        let h = Arc::new(ConvexMesh::from_points(&entry.tri.vertices).map_err(|e| e.to_string())?);
        entry.hull = Some(h.clone());
        Ok(h)
    }

    /// A geom of the element whose `scope` it is in: its shape, mass and contact
    /// parameters, as collision or visual geometry.
    pub(super) fn geom(&mut self, el: &El, scope: Scope<'_>) -> Result<(), MjcfError> {
        let Scope {
            mjcf_body,
            place,
            cc,
            world,
        } = scope;
        let spec = self.geom_spec(el, cc)?;
        let d = Arc::clone(&self.defaults);
        let a = d.attrs(el, cc)?;
        if spec.kind == "plane" && !(world || place.body.is_none()) {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: "a plane on a moving body".into(),
            });
        }
        let name = el
            .attr("name")
            .map(str::to_string)
            .unwrap_or_else(|| format!("geom{}", self.geoms.len() + 1));
        let contype = a.int_or("contype", 1)?;
        let conaffinity = a.int_or("conaffinity", 1)?;
        let condim = a.int_or("condim", 3)?;
        if contype < 0 || conaffinity < 0 || !matches!(condim, 1 | 3 | 4 | 6) {
            return Err(bad(
                el,
                "contype/conaffinity/condim",
                "",
                "non-negative bits and condim 1, 3, 4 or 6",
            ));
        }
        let mut friction = [1.0, 0.005, 0.0001];
        if let Some(f) = a.list("friction")? {
            if f.len() > 3 || f.iter().any(|x| *x < 0.0) {
                return Err(bad(
                    el,
                    "friction",
                    a.get("friction").unwrap_or(""),
                    "1 to 3 non-negative numbers",
                ));
            }
            friction[..f.len()].copy_from_slice(&f);
        }
        let rgba = a
            .get("rgba")
            .map(|t| super::xml::numbers::<4>(el, "rgba", t))
            .transpose()?;
        let placement = place.offset.compose(&spec.local);
        let collides = contype != 0 || conaffinity != 0;
        let shape = self.shape(el, &spec, collides)?;
        let link = mjcf_body
            .map(|b| self.out_bodies[b].name.clone())
            .unwrap_or_else(|| "world".into());
        if collides {
            if let Some(s) = &shape {
                self.collision.push(CollisionGeometry {
                    link: link.clone(),
                    body: place.body,
                    placement,
                    shape: s.clone(),
                    source: spec.desc.clone(),
                    path: spec.path.clone(),
                });
            }
        } else {
            self.visual.push(VisualGeometry {
                link,
                body: place.body,
                placement,
                source: spec.desc.clone(),
                path: spec.path.clone(),
            });
        }
        self.geoms.push(MjcfGeom {
            name,
            mjcf_body,
            body: place.body,
            placement,
            desc: spec.desc,
            shape,
            mass: spec.mass,
            contype: contype as u32,
            conaffinity: conaffinity as u32,
            condim: condim as u32,
            group: a.int_or("group", 0)?,
            friction,
            rgba,
            path: spec.path,
        });
        Ok(())
    }

    /// The convex shape of a geom (hulls only for collision geoms when loading them).
    fn shape(&mut self, el: &El, spec: &GeomSpec, collides: bool) -> Result<Option<Shape>, MjcfError> {
        let s = spec.size;
        let bad_shape = |e: wolfe::WolfeError| bad(el, "size", "", &format!("a valid {} ({e})", spec.kind));
        Ok(Some(match spec.kind.as_str() {
            "sphere" => Shape::Sphere(Sphere::new(s[0]).map_err(bad_shape)?),
            "capsule" => Shape::Capsule(Capsule::new(s[0], s[1]).map_err(bad_shape)?),
            "cylinder" => Shape::Cylinder(Cylinder::new(s[0], s[1]).map_err(bad_shape)?),
            "ellipsoid" => Shape::Ellipsoid(Ellipsoid::new(s).map_err(bad_shape)?),
            "box" => Shape::Cuboid(Cuboid::new(s).map_err(bad_shape)?),
            "mesh" if collides && self.options.load_collision => {
                let key = spec.mesh_key.clone().expect("mesh geoms have a key");
                let path = key.0.clone();
                let h = self.hull(&key).map_err(|message| MjcfError::BadMesh {
                    element: el.loc(),
                    path,
                    message,
                })?;
                Shape::ConvexMesh(h)
            }
            _ => return Ok(None),
        }))
    }
}
