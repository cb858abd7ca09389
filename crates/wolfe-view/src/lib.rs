//! See a simulation: a self-contained 3D web viewer and a glTF 2.0 export for the
//! trajectory folders the simulators write through [`wolfe_trajectory`] (format:
//! `docs/trajectory-format.md`).
//!
//! - [`write_html`]: `DIR/view.html`, one file with the data and the code (three.js,
//!   bundled from the npm registry at development time, its license in
//!   `assets/vendor/THREE-LICENSE`) that opens offline by double-click and plays the run:
//!   every body drawn from its shape, half-spaces as a ground grid, orbit / pan / zoom,
//!   play / pause / scrub / speed, contact points and normal-force arrows, contact
//!   patches coloured by pressure, body names, click a body for its name, mass, speed,
//!   contacts and patches; `?t=SECONDS&paused=1` opens
//!   it at an instant.
//! - [`write_gltf`]: the animated scene as a binary glTF 2.0 file (`.glb`): one mesh per
//!   body, node animation with translation and rotation samplers.
//!
//! Layers: [`recording`] reads a folder (through [`wolfe_trajectory`]); [`camera`] frames it; [`page`] and [`gltf`]
//! write the two outputs ([`tessellate`] gives the glTF its triangle meshes).

pub mod camera;
pub mod error;
pub mod gltf;
pub mod page;
pub mod recording;
pub mod tessellate;

use std::path::{Path, PathBuf};

pub use camera::Camera;
pub use error::ViewError;
pub use recording::{ContactRecord, Frame, PatchRecord, Recording, SceneObject, ShapeKind, TriMesh};

/// The name of the page [`write_html`] writes.
pub const PAGE_NAME: &str = "view.html";

/// A title for the folder `dir`: its last component.
fn folder_title(dir: &Path) -> String {
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    dir.file_name().map_or_else(
        || "wolfe".to_string(),
        |n| format!("wolfe: {}", n.to_string_lossy()),
    )
}

/// Reads the trajectory folder `dir` and (re)writes `dir/view.html`; returns its path.
pub fn write_html(dir: &Path) -> Result<PathBuf, ViewError> {
    let rec = Recording::read(dir)?;
    let html = page::render_html(&rec, &folder_title(dir))?;
    let path = dir.join(PAGE_NAME);
    std::fs::write(&path, html).map_err(ViewError::io(&path))?;
    Ok(path)
}

/// Reads the trajectory folder `dir` and writes its animated scene as binary glTF 2.0
/// to `out`.
pub fn write_gltf(dir: &Path, out: &Path) -> Result<(), ViewError> {
    let rec = Recording::read(dir)?;
    let glb = gltf::to_glb(&rec, &folder_title(dir))?;
    std::fs::write(out, glb).map_err(ViewError::io(out))
}
