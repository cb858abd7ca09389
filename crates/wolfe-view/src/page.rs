//! The self-contained page: the HTML template, the bundled viewer script (three.js and
//! fflate inside, built from `web/` by `npm run build`) and the recording's data, all
//! in one file that needs no network.
//!
//! The data travel as a JSON header (scene, frame times, camera, quantization) and one
//! gzip-compressed binary block, base64-encoded:
//! - body poses as `i16`: positions quantized on the box around every recorded position
//!   (step `extent / 64000`, 0.03 mm for a 2 m scene), quaternions times 32767;
//! - contacts per frame: points as `i16` on the same grid, normals as `i8` (times 127),
//!   the two objects as `u16`, the normal and friction forces as `f32`;
//! - contact patch polygons per frame (runs with pressure-field contact): vertex counts
//!   as `u8`, vertices as `i16` on the same grid, the two objects as `u16`, pressure and
//!   area as `f32`; the header's `pressureScale` is the top of the page's colour map.
//!
//! Every recorded step is kept when the page fits in [`PAGE_BUDGET_BYTES`]; otherwise
//! every k-th step (the smallest k that fits, the last step always kept).

use std::io::Write;

use base64::Engine;
use serde::Serialize;
use serde_json::json;

use crate::camera::{shape_radius, Camera};
use crate::error::ViewError;
use crate::recording::{Recording, ShapeKind, TriMesh};

/// The most bytes a page may take (the issue asks for under 5 MB).
pub const PAGE_BUDGET_BYTES: usize = 4_800_000;

/// The HTML template: `{{TITLE}}`, `{{DATA}}` and `{{SCRIPT}}` are replaced.
const TEMPLATE: &str = include_str!("../assets/page.html");
/// The bundled viewer (three.js, its OrbitControls and CSS2DRenderer, fflate, web/viewer.js).
const SCRIPT: &str = include_str!("../assets/vendor/viewer.js");

/// Positions are quantized to `i16` in `[-QUANT, QUANT]`.
const QUANT: f64 = 32000.0;

/// The percentile of the recorded polygon pressures that tops the page's pressure colour
/// map: a few extreme polygons (small slivers at a deep point) do not wash the others
/// out; higher pressures take the top colour.
pub const PRESSURE_PERCENTILE: f64 = 0.99;

/// The binary block: typed arrays, each at a 4-byte aligned offset.
#[derive(Default)]
struct Blob {
    bytes: Vec<u8>,
    sections: Vec<serde_json::Value>,
}

impl Blob {
    fn push(&mut self, name: &str, kind: &str, data: Vec<u8>, count: usize) {
        while self.bytes.len() % 4 != 0 {
            self.bytes.push(0);
        }
        self.sections
            .push(json!({"name": name, "type": kind, "offset": self.bytes.len(), "count": count}));
        self.bytes.extend(data);
    }
}

/// A mesh as flat `f32` vertex and `u32` index arrays for the JSON header.
#[derive(Serialize)]
struct MeshJson {
    vertices: Vec<f32>,
    triangles: Vec<u32>,
}

fn mesh_json(m: &Option<TriMesh>) -> Option<MeshJson> {
    m.as_ref().map(|m| MeshJson {
        vertices: m.vertices.iter().flat_map(|v| v.map(|x| x as f32)).collect(),
        triangles: m.triangles.iter().flatten().copied().collect(),
    })
}

/// Quantization of world positions: `x = offset + scale * q`.
struct Grid {
    offset: [f64; 3],
    scale: f64,
}

impl Grid {
    fn new(rec: &Recording) -> Self {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for f in &rec.frames {
            let points = f
                .poses
                .iter()
                .map(|p| [p[0], p[1], p[2]])
                .chain(f.contacts.iter().map(|c| c.point))
                .chain(f.patches.iter().flat_map(|p| p.vertices.iter().copied()));
            for p in points {
                for k in 0..3 {
                    lo[k] = lo[k].min(p[k]);
                    hi[k] = hi[k].max(p[k]);
                }
            }
        }
        if lo[0] > hi[0] {
            return Self {
                offset: [0.0; 3],
                scale: 1.0,
            };
        }
        let extent = (0..3).map(|k| hi[k] - lo[k]).fold(0.0f64, f64::max);
        Self {
            offset: [
                0.5 * (lo[0] + hi[0]),
                0.5 * (lo[1] + hi[1]),
                0.5 * (lo[2] + hi[2]),
            ],
            scale: (0.5 * extent / QUANT).max(1e-9),
        }
    }

    fn quantize(&self, p: &[f64; 3], out: &mut Vec<u8>) {
        for (x, o) in p.iter().zip(&self.offset) {
            let q = ((x - o) / self.scale).round().clamp(-QUANT, QUANT) as i16;
            out.extend(q.to_le_bytes());
        }
    }
}

/// The patch sections of the binary block, frame by frame.
#[derive(Default)]
struct Patches {
    /// Frames + 1 offsets into the polygons (`u32`).
    offsets: Vec<u8>,
    /// Per polygon: its vertex count (`u8`), objects `a, b` (`u16`), pressure and area
    /// (`f32`).
    sizes: Vec<u8>,
    objects: Vec<u8>,
    pressure: Vec<u8>,
    area: Vec<u8>,
    /// Every polygon's vertices in turn, on the grid (`i16`).
    vertices: Vec<u8>,
    polygons: u32,
    vertex_count: usize,
    frames: usize,
}

impl Patches {
    /// Appends frame `f`'s polygons (their vertex counts are checked by
    /// [`render_html`]: at most 255).
    fn push_frame(&mut self, f: &crate::recording::Frame, grid: &Grid) {
        self.offsets.extend(self.polygons.to_le_bytes());
        for p in &f.patches {
            self.sizes.push(p.vertices.len() as u8);
            self.objects.extend((p.a as u16).to_le_bytes());
            self.objects.extend((p.b as u16).to_le_bytes());
            self.pressure.extend((p.pressure as f32).to_le_bytes());
            self.area.extend((p.area as f32).to_le_bytes());
            for v in &p.vertices {
                grid.quantize(v, &mut self.vertices);
            }
            self.vertex_count += p.vertices.len();
            self.polygons += 1;
        }
        self.frames += 1;
    }

    /// Writes the sections into `blob`.
    fn finish(mut self, blob: &mut Blob) {
        self.offsets.extend(self.polygons.to_le_bytes());
        let n = self.polygons as usize;
        blob.push("patchOffsets", "u32", self.offsets, self.frames + 1);
        blob.push("patchPressure", "f32", self.pressure, n);
        blob.push("patchArea", "f32", self.area, n);
        blob.push("patchVertices", "i16", self.vertices, 3 * self.vertex_count);
        blob.push("patchObjects", "u16", self.objects, 2 * n);
        blob.push("patchSizes", "u8", self.sizes, n);
    }
}

/// The top of the pressure colour map, Pa: the [`PRESSURE_PERCENTILE`] of every recorded
/// polygon's pressure (0 without patches).
pub fn pressure_scale(rec: &Recording) -> f64 {
    let mut p: Vec<f64> = rec
        .frames
        .iter()
        .flat_map(|f| f.patches.iter().map(|p| p.pressure))
        .collect();
    if p.is_empty() {
        return 0.0;
    }
    let k = ((p.len() - 1) as f64 * PRESSURE_PERCENTILE).round() as usize;
    let (_, x, _) = p.select_nth_unstable_by(k, f64::total_cmp);
    *x
}

/// The recorded frames a page with stride `k` keeps: 0, k, 2k, ... and the last.
fn kept_frames(n: usize, k: usize) -> Vec<usize> {
    let mut kept: Vec<usize> = (0..n).step_by(k).collect();
    if kept.last() != Some(&(n - 1)) {
        kept.push(n - 1);
    }
    kept
}

/// The gzip-compressed binary block of the frames `kept`.
fn encode_frames(
    rec: &Recording, grid: &Grid, kept: &[usize],
) -> Result<(Vec<u8>, Vec<serde_json::Value>), ViewError> {
    let mut blob = Blob::default();
    let mut offsets = Vec::with_capacity(4 * (kept.len() + 1));
    let mut fnorm = Vec::new();
    let mut ftan = Vec::new();
    let mut poses = Vec::new();
    let mut points = Vec::new();
    let mut objects = Vec::new();
    let mut normals = Vec::new();
    let mut count = 0u32;
    let mut patches = Patches::default();
    for &i in kept {
        let f = &rec.frames[i];
        offsets.extend(count.to_le_bytes());
        patches.push_frame(f, grid);
        for p in &f.poses {
            grid.quantize(&[p[0], p[1], p[2]], &mut poses);
            for q in &p[3..] {
                poses.extend((((q * 32767.0).round()) as i16).to_le_bytes());
            }
        }
        for c in &f.contacts {
            fnorm.extend((c.normal_force as f32).to_le_bytes());
            ftan.extend((c.friction_force as f32).to_le_bytes());
            grid.quantize(&c.point, &mut points);
            objects.extend((c.a as u16).to_le_bytes());
            objects.extend((c.b as u16).to_le_bytes());
            normals.extend(
                c.normal
                    .map(|n| ((n * 127.0).round().clamp(-127.0, 127.0) as i8) as u8),
            );
            count += 1;
        }
    }
    offsets.extend(count.to_le_bytes());
    let n = count as usize;
    blob.push("contactOffsets", "u32", offsets, kept.len() + 1);
    blob.push("normalForce", "f32", fnorm, n);
    blob.push("frictionForce", "f32", ftan, n);
    blob.push("poses", "i16", poses, kept.len() * rec.bodies * 7);
    blob.push("contactPoints", "i16", points, 3 * n);
    blob.push("contactObjects", "u16", objects, 2 * n);
    blob.push("contactNormals", "i8", normals, 3 * n);
    patches.finish(&mut blob);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&blob.bytes).expect("writing to memory");
    Ok((gz.finish().expect("writing to memory"), blob.sections))
}

/// The force one arrow length unit stands for: the mean body weight (`m g`), else the
/// median recorded normal force, else 1 N.
fn reference_force(rec: &Recording) -> f64 {
    let masses: Vec<f64> = rec.objects.iter().filter_map(|o| o.mass).collect();
    if !masses.is_empty() {
        return 9.81 * masses.iter().sum::<f64>() / masses.len() as f64;
    }
    let mut forces: Vec<f64> = rec
        .frames
        .iter()
        .flat_map(|f| f.contacts.iter().map(|c| c.normal_force))
        .collect();
    if forces.is_empty() {
        return 1.0;
    }
    forces.sort_by(f64::total_cmp);
    forces[forces.len() / 2].max(1e-9)
}

/// The scene part of the JSON header.
fn scene_json(rec: &Recording) -> serde_json::Value {
    let objects: Vec<_> = rec
        .objects
        .iter()
        .map(|o| {
            json!({
                "name": o.name,
                "kind": o.kind.name(),
                "static": o.is_static,
                "pose": o.pose,
                "params": o.params,
                "mass": o.mass,
                "radius": shape_radius(o),
                "mesh": mesh_json(&o.mesh),
                "visual": mesh_json(&o.visual),
            })
        })
        .collect();
    json!(objects)
}

/// Escapes text for HTML element content.
fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page for `rec`, titled `title`.
pub fn render_html(rec: &Recording, title: &str) -> Result<String, ViewError> {
    let widest = rec
        .frames
        .iter()
        .flat_map(|f| f.patches.iter().map(|p| p.vertices.len()))
        .max()
        .unwrap_or(0);
    if widest > usize::from(u8::MAX) {
        return Err(ViewError::Inconsistent {
            path: title.into(),
            reason: format!("a page draws patch polygons of at most 255 vertices (one has {widest})"),
        });
    }
    if rec.frames.is_empty() || rec.objects.len() > usize::from(u16::MAX) {
        return Err(ViewError::Inconsistent {
            path: title.into(),
            reason: format!(
                "a page needs at least one frame and at most 65535 objects (has {} frames, {} objects)",
                rec.frames.len(),
                rec.objects.len()
            ),
        });
    }
    let camera = Camera::framing(rec);
    let grid = Grid::new(rec);
    let has_halfspace = rec.objects.iter().any(|o| o.kind == ShapeKind::HalfSpace);
    let n = rec.frames.len();
    let pressure_scale = pressure_scale(rec);
    let mut stride = 1;
    loop {
        let kept = kept_frames(n, stride);
        let (gz, sections) = encode_frames(rec, &grid, &kept)?;
        let header = json!({
            "format": 1,
            "title": title,
            "bodies": rec.bodies,
            "objects": scene_json(rec),
            "times": kept.iter().map(|&i| rec.frames[i].time).collect::<Vec<_>>(),
            "steps": kept.iter().map(|&i| rec.frames[i].step).collect::<Vec<_>>(),
            "recordedSteps": n,
            "stride": stride,
            "hasContacts": rec.has_contacts,
            "hasPatches": rec.has_patches,
            "pressureScale": pressure_scale,
            "hasHalfSpace": has_halfspace,
            "grid": {"offset": grid.offset, "scale": grid.scale},
            "camera": camera,
            "sceneRadius": camera.scene_radius,
            "referenceForce": reference_force(rec),
            "sections": sections,
            "blob": base64::engine::general_purpose::STANDARD.encode(&gz),
        });
        // `<` only occurs inside JSON strings, where `\u003c` means the same: no
        // `</script>` can end the data block early.
        let data = header.to_string().replace('<', "\\u003c");
        let page = TEMPLATE
            .replace("{{TITLE}}", &html_escape(title))
            .replace("{{SCRIPT}}", &SCRIPT.replace("</script", "<\\/script"))
            .replace("{{DATA}}", &data);
        if page.len() <= PAGE_BUDGET_BYTES || kept.len() <= 2 {
            return Ok(page);
        }
        // Shrink the kept frames in proportion to the excess (at least one more step).
        let ratio = page.len() as f64 / PAGE_BUDGET_BYTES as f64;
        stride = ((stride as f64 * ratio * 1.05).ceil() as usize).max(stride + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_frames_start_at_zero_end_at_the_last_and_step_by_k() {
        assert_eq!(kept_frames(5, 1), vec![0, 1, 2, 3, 4]);
        assert_eq!(kept_frames(10, 3), vec![0, 3, 6, 9]);
        assert_eq!(kept_frames(11, 3), vec![0, 3, 6, 9, 10]);
        assert_eq!(kept_frames(1, 4), vec![0]);
    }

    #[test]
    fn the_pressure_scale_is_the_99th_percentile_of_the_polygon_pressures() {
        use crate::recording::{Frame, PatchRecord};
        let polygon = |pressure| PatchRecord {
            pressure,
            vertices: vec![[0.0; 3]; 3],
            ..PatchRecord::default()
        };
        // 1001 pressures 0, 10, ..., 10000 Pa over two frames, shuffled: the 99th
        // percentile is the 991st smallest, 9900 Pa.
        let mut all: Vec<f64> = (0..=1000).map(|k| 10.0 * ((k * 379) % 1001) as f64).collect();
        let second = all.split_off(400);
        let frame = |step, p: &[f64]| Frame {
            step,
            time: 0.0,
            poses: Vec::new(),
            contacts: Vec::new(),
            patches: p.iter().map(|&x| polygon(x)).collect(),
        };
        let rec = Recording {
            objects: Vec::new(),
            bodies: 0,
            frames: vec![frame(0, &all), frame(1, &second)],
            has_contacts: false,
            has_patches: true,
        };
        assert_eq!(pressure_scale(&rec), 9900.0);
        let none = Recording {
            frames: vec![frame(0, &[])],
            ..rec
        };
        assert_eq!(pressure_scale(&none), 0.0);
    }

    #[test]
    fn html_escape_removes_markup() {
        assert_eq!(html_escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
