//! The self-contained page: the HTML template, the bundled viewer script (three.js and
//! fflate inside, built from `web/` by `npm run build`) and the recording's data, all
//! in one file that needs no network.
//!
//! The data travel as a JSON header (scene, frame times, camera, quantization) and one
//! gzip-compressed binary block, base64-encoded:
//! - body poses as `i16`: positions quantized on the box around every recorded position
//!   (step `extent / 64000`, 0.03 mm for a 2 m scene), quaternions times 32767;
//! - contacts per frame: points as `i16` on the same grid, normals as `i8` (times 127),
//!   the two objects as `u16`, the normal and friction forces as `f32`.
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
                .chain(f.contacts.iter().map(|c| c.point));
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
    for &i in kept {
        let f = &rec.frames[i];
        offsets.extend(count.to_le_bytes());
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
    fn html_escape_removes_markup() {
        assert_eq!(html_escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
