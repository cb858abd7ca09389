//! Convex decomposition of a [`TriMesh`] into a [`Compound`] with VHACD (Mamou and
//! Ghorbel, "A simple and efficient approach for 3D mesh approximate convex
//! decomposition", ICIP 2009), as implemented by parry3d-f64; behind the cargo feature
//! `decompose` (off by default: it pulls in parry). The parts are the exact convex hulls
//! of the mesh's triangles clipped to each voxel part (`compute_exact_convex_hulls`),
//! so that they hug the surface rather than the voxels.
//!
//! A decomposition is cached as an OBJ file of one object per part
//! ([`TriMesh::decompose_cached`]): a scene decomposes a mesh once.

use std::io::Write;
use std::path::{Path, PathBuf};

use parry3d_f64::math::Vector;
use parry3d_f64::transformation::vhacd::{VHACDParameters, VHACD};

use crate::builder::with_fields;

use super::compound::{Compound, CompoundPart};
use super::trimesh::TriMesh;
use crate::error::WolfeError;
use crate::math::{Pose, Vec3};
use crate::mesh::ConvexMesh;
use crate::shape::Shape;

/// Settings of [`TriMesh::decompose`] (VHACD's main knobs).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct DecomposeSettings {
    /// Voxels along the longest side of the mesh's box (nominal 32 .. 256, default 64):
    /// finer resolves thinner walls, at cubic cost.
    pub resolution: u32,
    /// Largest concavity accepted in a part, relative to the mesh's size (nominal
    /// 0.001 .. 0.05, default 0.01).
    pub concavity: f64,
    /// Most parts (default 64).
    pub max_parts: u32,
}

impl Default for DecomposeSettings {
    fn default() -> Self {
        Self {
            resolution: 64,
            concavity: 0.01,
            max_parts: 64,
        }
    }
}

impl DecomposeSettings {
    with_fields! {
        /// This value with `resolution` set (voxels along the longest side).
        with_resolution(resolution: u32);
        /// This value with `concavity` set (relative to the mesh's size).
        with_concavity(concavity: f64);
        /// This value with `max_parts` set.
        with_max_parts(max_parts: u32);
    }

    fn validate(&self) -> Result<(), WolfeError> {
        crate::error::setting(
            "resolution",
            f64::from(self.resolution),
            (8..=1024).contains(&self.resolution),
            "must be in 8..=1024",
        )?;
        crate::error::positive_setting("concavity", self.concavity)?;
        crate::error::setting(
            "max_parts",
            f64::from(self.max_parts),
            self.max_parts >= 1,
            "must be at least 1",
        )
    }
}

impl TriMesh {
    /// Convex decomposition of the mesh (VHACD) into a compound of convex hulls at the
    /// identity pose. Errors: [`WolfeError::InvalidSetting`] for bad settings,
    /// [`WolfeError::DecompositionFailed`] when VHACD panics or gives no part.
    pub fn decompose(&self, settings: &DecomposeSettings) -> Result<Compound, WolfeError> {
        settings.validate()?;
        let points: Vec<Vector> = self
            .vertices()
            .iter()
            .map(|v| Vector::new(v.x, v.y, v.z))
            .collect();
        let params = VHACDParameters {
            resolution: settings.resolution,
            concavity: settings.concavity,
            max_convex_hulls: settings.max_parts,
            ..VHACDParameters::default()
        };
        let triangles = self.triangles();
        // VHACD is third-party code: a panic inside becomes a typed error.
        let hulls = std::panic::catch_unwind(|| {
            VHACD::decompose(&params, &points, triangles, true).compute_exact_convex_hulls(&points, triangles)
        })
        .map_err(|_| WolfeError::DecompositionFailed {
            reason: "VHACD panicked on this mesh".into(),
        })?;
        let parts: Vec<Vec<Vec3>> = hulls
            .into_iter()
            .map(|(v, _)| v.iter().map(|p| Vec3::new(p.x, p.y, p.z)).collect())
            .collect();
        compound_of_hulls(&parts)
    }

    /// The decomposition of the mesh file `path`, read from the cache file next to it
    /// (`<path>.parts.obj`, one OBJ object per part) when that exists and is newer than
    /// the mesh, else computed with `settings` and written there. The cache holds the
    /// parts' hull vertices; their hulls are recomputed on load (exact, cheap).
    pub fn decompose_cached(
        path: impl AsRef<Path>, settings: &DecomposeSettings,
    ) -> Result<Compound, WolfeError> {
        let path = path.as_ref();
        let cache = cache_path(path);
        if is_fresh(&cache, path) {
            return read_parts(&cache);
        }
        let compound = TriMesh::load(path)?.decompose(settings)?;
        write_parts(&cache, &compound)?;
        Ok(compound)
    }
}

/// A compound of the convex hulls of point sets (flat ones as their polygons).
fn compound_of_hulls(parts: &[Vec<Vec3>]) -> Result<Compound, WolfeError> {
    let mut out = Vec::with_capacity(parts.len());
    for points in parts.iter().filter(|p| !p.is_empty()) {
        let hull = ConvexMesh::from_points_lenient(points)?;
        out.push(CompoundPart::new(Shape::from(hull), Pose::identity()));
    }
    if out.is_empty() {
        return Err(WolfeError::DecompositionFailed {
            reason: "no part was produced".into(),
        });
    }
    Compound::new(out)
}

/// The cache file of a mesh file: `<file>.parts.obj`.
pub fn cache_path(mesh: &Path) -> PathBuf {
    let mut name = mesh.file_name().unwrap_or_default().to_os_string();
    name.push(".parts.obj");
    mesh.with_file_name(name)
}

fn is_fresh(cache: &Path, mesh: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    matches!((modified(cache), modified(mesh)), (Some(c), Some(m)) if c >= m)
}

fn io_error(path: &Path, source: std::io::Error) -> WolfeError {
    WolfeError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes each part's hull vertices and triangles as one OBJ object.
fn write_parts(path: &Path, compound: &Compound) -> Result<(), WolfeError> {
    let mut text = String::new();
    let mut offset = 1;
    for (k, part) in compound.parts().iter().enumerate() {
        let Shape::ConvexMesh(m) = &part.shape else {
            continue;
        };
        text += &format!("o part_{k}\n");
        for v in m.vertices() {
            text += &format!("v {:?} {:?} {:?}\n", v.x, v.y, v.z);
        }
        for f in m.faces() {
            text += &format!("f {} {} {}\n", f[0] + offset, f[1] + offset, f[2] + offset);
        }
        if m.faces().is_empty() {
            // A flat part: its polygon as a fan, so that its vertices are referenced.
            for i in 1..m.vertices().len().saturating_sub(1) as u32 {
                text += &format!("f {} {} {}\n", offset, i + offset, i + 1 + offset);
            }
        }
        offset += m.vertices().len() as u32;
    }
    std::fs::File::create(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| io_error(path, e))
}

/// Reads a cache file (the format [`write_parts`] writes): one convex part per OBJ
/// object, its `v` lines the hull's vertices (faces are recomputed).
fn read_parts(path: &Path) -> Result<Compound, WolfeError> {
    let text = std::fs::read_to_string(path).map_err(|e| io_error(path, e))?;
    let bad = |line: usize, message: &str| WolfeError::Parse {
        path: path.to_path_buf(),
        message: format!("line {}: {message}", line + 1),
    };
    let mut parts: Vec<Vec<Vec3>> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("o") => parts.push(Vec::new()),
            Some("v") => {
                let xyz: Vec<f64> = words
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|_| bad(n, "bad number"))?;
                let [x, y, z] = xyz[..] else {
                    return Err(bad(n, "a vertex needs 3 coordinates"));
                };
                parts
                    .last_mut()
                    .ok_or_else(|| bad(n, "a vertex before the first `o` line"))?
                    .push(Vec3::new(x, y, z));
            }
            _ => {}
        }
    }
    compound_of_hulls(&parts)
}
