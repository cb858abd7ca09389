//! Closed non-convex triangle meshes built procedurally (solids of revolution): a bowl,
//! a torus and a mug, for scenes, tests and benchmarks.

use std::f64::consts::{PI, TAU};

use super::trimesh::TriMesh;
use crate::error::{positive, WolfeError};
use crate::math::Vec3;

/// A profile polyline in the `(r, z)` half-plane revolved about the z axis in
/// `segments` steps. A point with `r == 0` (only the first or last) is a pole, one
/// vertex; every other point is a ring of `segments` vertices. `closed_loop` joins
/// the last point back to the first (a torus's circle). The triangles are oriented
/// outwards (flipped if the profile's direction made them face in).
fn revolve(profile: &[(f64, f64)], closed_loop: bool, segments: usize) -> Result<TriMesh, WolfeError> {
    let mut vertices = Vec::new();
    // For each profile point: Err(pole vertex) or Ok(first ring vertex).
    let mut rings: Vec<Result<u32, u32>> = Vec::with_capacity(profile.len());
    for &(r, z) in profile {
        if r == 0.0 {
            rings.push(Err(vertices.len() as u32));
            vertices.push(Vec3::new(0.0, 0.0, z));
        } else {
            rings.push(Ok(vertices.len() as u32));
            for k in 0..segments {
                let t = TAU * k as f64 / segments as f64;
                vertices.push(Vec3::new(r * t.cos(), r * t.sin(), z));
            }
        }
    }
    let n = segments as u32;
    let mut triangles = Vec::new();
    let steps = if closed_loop {
        profile.len()
    } else {
        profile.len() - 1
    };
    for i in 0..steps {
        let (p, q) = (rings[i], rings[(i + 1) % profile.len()]);
        for k in 0..n {
            let k1 = (k + 1) % n;
            match (p, q) {
                (Ok(a), Ok(b)) => {
                    triangles.push([a + k, a + k1, b + k1]);
                    triangles.push([a + k, b + k1, b + k]);
                }
                (Err(pole), Ok(b)) => triangles.push([pole, b + k1, b + k]),
                (Ok(a), Err(pole)) => triangles.push([a + k, a + k1, pole]),
                (Err(_), Err(_)) => {}
            }
        }
    }
    let mesh = TriMesh::new(vertices.clone(), triangles.clone())?;
    if mesh.volume()? < 0.0 {
        let flipped = triangles.into_iter().map(|[a, b, c]| [a, c, b]).collect();
        return TriMesh::new(vertices, flipped);
    }
    Ok(mesh)
}

fn check_segments(segments: usize) -> Result<(), WolfeError> {
    if (3..=100_000).contains(&segments) {
        Ok(())
    } else {
        Err(WolfeError::InvalidSetting {
            name: "segments",
            value: segments as f64,
            reason: "must be in 3..=100000",
        })
    }
}

impl TriMesh {
    /// A hemispherical bowl, opening upwards: outer radius `radius`, wall `thickness`
    /// (`< radius`), rim at `z = 0`, bottom at `z = -radius`; `segments` around the
    /// axis and `segments / 2` along a quarter circle. Closed and non-convex.
    pub fn bowl(radius: f64, thickness: f64, segments: usize) -> Result<TriMesh, WolfeError> {
        positive("bowl", "radius", radius)?;
        positive("bowl", "thickness", thickness)?;
        check_segments(segments)?;
        if thickness >= radius {
            return Err(WolfeError::InvalidShapeParameter {
                shape: "bowl",
                parameter: "thickness",
                value: thickness,
                reason: "must be less than the radius",
            });
        }
        let m = (segments / 2).max(2);
        let inner = radius - thickness;
        let mut profile = Vec::with_capacity(2 * m + 2);
        for j in 0..=m {
            let t = -PI / 2.0 + PI / 2.0 * j as f64 / m as f64;
            profile.push((radius * t.cos(), radius * t.sin()));
        }
        for j in (0..=m).rev() {
            let t = -PI / 2.0 + PI / 2.0 * j as f64 / m as f64;
            profile.push((inner * t.cos(), inner * t.sin()));
        }
        // The poles: exactly on the axis.
        profile[0].0 = 0.0;
        profile.last_mut().expect("non-empty").0 = 0.0;
        revolve(&profile, false, segments)
    }

    /// A torus about the z axis: `major` radius of the tube's centre circle, `minor`
    /// radius of the tube (`< major`), `segments` around both circles.
    pub fn torus(major: f64, minor: f64, segments: usize) -> Result<TriMesh, WolfeError> {
        positive("torus", "major", major)?;
        positive("torus", "minor", minor)?;
        check_segments(segments)?;
        if minor >= major {
            return Err(WolfeError::InvalidShapeParameter {
                shape: "torus",
                parameter: "minor",
                value: minor,
                reason: "must be less than the major radius",
            });
        }
        let profile: Vec<(f64, f64)> = (0..segments)
            .map(|j| {
                let t = TAU * j as f64 / segments as f64;
                (major + minor * t.cos(), minor * t.sin())
            })
            .collect();
        revolve(&profile, true, segments)
    }

    /// A mug: a cylindrical cup (outer `radius`, `height`, wall and bottom
    /// `thickness`, base at `z = 0`, open at the top) and a torus handle on the `+x`
    /// side whose tube runs into the wall. Two closed components in one mesh (the
    /// handle overlaps the wall, so its volume counts twice there).
    pub fn mug(radius: f64, height: f64, thickness: f64, segments: usize) -> Result<TriMesh, WolfeError> {
        positive("mug", "radius", radius)?;
        positive("mug", "height", height)?;
        positive("mug", "thickness", thickness)?;
        check_segments(segments)?;
        if thickness >= radius.min(height) {
            return Err(WolfeError::InvalidShapeParameter {
                shape: "mug",
                parameter: "thickness",
                value: thickness,
                reason: "must be less than the radius and the height",
            });
        }
        let inner = radius - thickness;
        let cup = [
            (0.0, 0.0),
            (radius, 0.0),
            (radius, height),
            (inner, height),
            (inner, thickness),
            (0.0, thickness),
        ];
        let cup = revolve(&cup, false, segments)?;
        let (major, minor) = (0.3 * height, 0.3 * thickness.max(0.1 * height));
        let handle = TriMesh::torus(major, minor, segments.clamp(3, 24))?;
        // The handle upright in the xz plane, its centre just outside the wall.
        let centre = Vec3::new(radius + 0.5 * major, 0.0, 0.5 * height);
        let mut vertices = cup.vertices().to_vec();
        let offset = vertices.len() as u32;
        vertices.extend(
            handle
                .vertices()
                .iter()
                .map(|v| Vec3::new(v.x, v.z, v.y) + centre),
        );
        let mut triangles = cup.triangles().to_vec();
        // The swap of y and z mirrors the handle: reverse its triangles to keep them
        // facing out.
        triangles.extend(
            handle
                .triangles()
                .iter()
                .map(|&[a, b, c]| [a + offset, c + offset, b + offset]),
        );
        TriMesh::new(vertices, triangles)
    }
}
