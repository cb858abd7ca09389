//! Hydroelastic contact in the world (the SAP paper's Section VI-D): which colliders
//! carry a pressure field or a rigid surface, and how a contact surface's polygons
//! become SAP contacts.
//!
//! A collider is **compliant** ([`Hydroelastic::Compliant`]: a
//! [`wolfe::hydroelastic::CompliantGeometry`] in its shape's frame, with a Hunt-Crossley
//! dissipation), **rigid** ([`Hydroelastic::Rigid`]: a closed triangle mesh of its
//! surface), or, by default, a point-contact geometry as before. A pair makes patch
//! contact when one side is compliant and the other is compliant, rigid, or a
//! half-space (every half-space is a rigid hydroelastic surface); any other pair makes
//! point contact with its materials.
//!
//! Each polygon of the contact surface becomes one SAP contact (Masterjohn et al.
//! 2021, the SAP paper's ref. \[36\]): stiffness `k = A g`, signed distance
//! `phi0 = -p / g` (so that `-k phi0 = A p`, the polygon's force), friction from the
//! pair's materials. \[36\] places it at the polygon's centroid; it is placed here at
//! the polygon's centre of pressure, which gives the same force and, in addition, the
//! polygon's exact moment (the pressure is linear on it, not constant). Polygons whose
//! pressure grows less than [`MIN_ALIGNMENT`] of its gradient with the approach (the
//! normal more than about 84 degrees from the gradient, or facing away) are left out:
//! as point contacts they would carry a vanishing stiffness at a signed distance of
//! many times the depth (`-p / g` grows without bound as `g` falls to 0), as Drake
//! leaves out faces whose normal is far from the pressure gradient. Hunt-Crossley dissipation
//! `f = k (-phi) (1 - d v_n)` enters SAP's linear dissipation of Section V-A
//! (`f = -k (phi + tau_d v_n)`) linearized at the step's start: `tau_d = d (-phi0)`.

use std::sync::Arc;

use wolfe::hydroelastic::{surface_mesh, CompliantGeometry, ContactPolygon};
use wolfe::{Shape, TriMesh};

use crate::body::Material;
use crate::error::SimError;

/// The least [`wolfe::hydroelastic::ContactPolygon::alignment`] (cosine of the angle
/// between the normal and the pressure gradient) of a polygon that becomes a contact.
pub const MIN_ALIGNMENT: f64 = 0.1;

/// How a collider takes part in hydroelastic contact.
#[derive(Clone, Debug)]
pub enum Hydroelastic {
    /// A compliant geometry: its pressure field (shape frame) and its Hunt-Crossley
    /// dissipation `d`, s/m (finite, `>= 0`).
    Compliant(Arc<CompliantGeometry>, f64),
    /// A rigid geometry: its surface as a closed triangle mesh (shape frame, triangles
    /// counter-clockwise seen from outside).
    Rigid(Arc<TriMesh>),
}

impl Hydroelastic {
    /// A compliant geometry with Hunt-Crossley dissipation `dissipation` (s/m).
    pub fn compliant(geometry: CompliantGeometry, dissipation: f64) -> Result<Self, SimError> {
        if !(dissipation.is_finite() && dissipation >= 0.0) {
            return Err(SimError::InvalidSetting {
                name: "hunt_crossley_dissipation",
                value: dissipation,
                reason: "must be finite and >= 0 (s/m)",
            });
        }
        Ok(Self::Compliant(Arc::new(geometry), dissipation))
    }

    /// A rigid geometry of surface `mesh`.
    pub fn rigid(mesh: TriMesh) -> Self {
        Self::Rigid(Arc::new(mesh))
    }

    /// The model that `spec` describes for `shape` (in its own frame): `compliant
    /// modulus=E resolution=H [dissipation=D]` (E in Pa, H the mesh's edge length in m,
    /// D the Hunt-Crossley dissipation in s/m, default 0) or `rigid [resolution=H]`
    /// (the surface mesh's edge length on curved surfaces, default 1 m: a polytope's
    /// exact faces). This is the text of a scene file's `<custom><text
    /// name="hydroelastic:GEOM" data="..."/>` entry ([`crate::World::add_mjcf`]).
    ///
    /// Errors: [`SimError::InvalidSetting`] naming the word, key or value that is not
    /// understood, missing or out of range; the geometry's own errors.
    pub fn from_spec(shape: &Shape, spec: &str) -> Result<Self, SimError> {
        let invalid = |reason: &'static str| SimError::InvalidSetting {
            name: "hydroelastic spec",
            value: f64::NAN,
            reason,
        };
        let mut words = spec.split_whitespace();
        let kind = words
            .next()
            .ok_or(invalid("empty: 'compliant ...' or 'rigid ...' expected"))?;
        let (mut modulus, mut resolution, mut dissipation) = (None, None, None);
        for word in words {
            let (key, value) = word.split_once('=').ok_or(invalid(
                "each setting is key=value (modulus, resolution, dissipation)",
            ))?;
            let value: f64 = value
                .parse()
                .map_err(|_| invalid("a setting's value is not a number"))?;
            if !value.is_finite() {
                return Err(SimError::InvalidSetting {
                    name: "hydroelastic spec",
                    value,
                    reason: "settings must be finite",
                });
            }
            let slot = match key {
                "modulus" => &mut modulus,
                "resolution" => &mut resolution,
                "dissipation" => &mut dissipation,
                _ => {
                    return Err(invalid(
                        "unknown key (modulus, resolution and dissipation are known)",
                    ))
                }
            };
            if slot.replace(value).is_some() {
                return Err(invalid("a key is given twice"));
            }
        }
        match kind {
            "compliant" => {
                let modulus = modulus.ok_or(invalid("a compliant geometry needs modulus=E (Pa)"))?;
                let resolution = resolution.ok_or(invalid("a compliant geometry needs resolution=H (m)"))?;
                let geometry = CompliantGeometry::from_shape(shape, modulus, resolution)?;
                Self::compliant(geometry, dissipation.unwrap_or(0.0))
            }
            "rigid" => {
                if modulus.is_some() || dissipation.is_some() {
                    return Err(invalid("a rigid geometry takes resolution only"));
                }
                Ok(Self::rigid(surface_mesh(shape, resolution.unwrap_or(1.0))?))
            }
            _ => Err(invalid("the first word is 'compliant' or 'rigid'")),
        }
    }

    /// The compliant side's dissipation, `None` for a rigid geometry.
    pub(crate) fn dissipation(&self) -> Option<f64> {
        match self {
            Self::Compliant(_, d) => Some(*d),
            Self::Rigid(_) => None,
        }
    }

    /// The hydroelastic modulus of a compliant side, `None` for a rigid one.
    pub(crate) fn modulus(&self) -> Option<f64> {
        match self {
            Self::Compliant(g, _) => Some(g.modulus()),
            Self::Rigid(_) => None,
        }
    }
}

/// The Hunt-Crossley dissipation of a pair (s/m): the compliant side's, or for two
/// compliant sides the mean weighted by the other side's modulus (the softer side
/// deforms more and dominates, as [`Material::combine`] weights dissipation time
/// scales).
pub(crate) fn pair_dissipation(a: Option<&Hydroelastic>, b: &Hydroelastic) -> f64 {
    match (a.and_then(Hydroelastic::modulus), b.modulus()) {
        (Some(ea), Some(eb)) => {
            let (da, db) = (
                a.and_then(Hydroelastic::dissipation).unwrap_or(0.0),
                b.dissipation().unwrap_or(0.0),
            );
            (eb * da + ea * db) / (ea + eb)
        }
        (Some(_), None) => a.and_then(Hydroelastic::dissipation).unwrap_or(0.0),
        (None, _) => b.dissipation().unwrap_or(0.0),
    }
}

/// The contact material of polygon `f` at signed distance `phi0`: stiffness `A g`,
/// dissipation time scale `d (-phi0)`, and the pair's friction.
pub(crate) fn polygon_material(f: &ContactPolygon, phi0: f64, dissipation: f64, friction: f64) -> Material {
    Material {
        stiffness: f.stiffness(),
        dissipation_time_scale: dissipation * (-phi0).max(0.0),
        friction,
    }
}
