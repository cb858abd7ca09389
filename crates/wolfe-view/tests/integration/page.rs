//! The page's embedded data: decoded here independently of the page's script, they
//! give back the recorded poses, contacts and contact patches within the quantization
//! steps, and a run too long for the size budget keeps every k-th step within it.

use std::io::Read;

use base64::Engine;
use wolfe_view::page::{render_html, PAGE_BUDGET_BYTES};
use wolfe_view::{ContactRecord, Frame, PatchRecord, Recording, SceneObject, ShapeKind};

/// A xorshift generator: reproducible pseudo-random numbers in [0, 1).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `bodies` boxes in a random walk for `frames` frames of 10 ms, `contacts` random
/// contacts per frame and `patches` random patch polygons per frame (3 to 8 vertices)
/// from the second frame on, over the ground.
fn random_recording(bodies: usize, frames: usize, contacts: usize, patches: usize, seed: u64) -> Recording {
    let mut rng = Rng(seed);
    let mut objects: Vec<SceneObject> = (0..bodies)
        .map(|i| SceneObject {
            name: format!("box{i}"),
            kind: ShapeKind::Box,
            is_static: false,
            pose: [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0],
            params: [0.05; 3],
            mesh: None,
            mass: Some(1.0),
            visual: None,
        })
        .collect();
    objects.push(SceneObject {
        name: "ground".into(),
        kind: ShapeKind::HalfSpace,
        is_static: true,
        pose: [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0],
        params: [0.0; 3],
        mesh: None,
        mass: None,
        visual: None,
    });
    let mut pos: Vec<[f64; 3]> = (0..bodies)
        .map(|_| [rng.next() - 0.5, rng.next() - 0.5, 2.0 * rng.next()])
        .collect();
    let frames = (0..frames)
        .map(|f| {
            let poses = pos
                .iter_mut()
                .map(|p| {
                    for x in p.iter_mut() {
                        *x += 0.01 * (rng.next() - 0.5);
                    }
                    let q = [
                        rng.next() - 0.5,
                        rng.next() - 0.5,
                        rng.next() - 0.5,
                        rng.next() - 0.5,
                    ];
                    let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
                    [p[0], p[1], p[2], q[0] / n, q[1] / n, q[2] / n, q[3] / n]
                })
                .collect();
            let contacts = (0..contacts)
                .map(|_| {
                    let n = [rng.next() - 0.5, rng.next() - 0.5, rng.next() + 0.1];
                    let len = n.iter().map(|x| x * x).sum::<f64>().sqrt();
                    ContactRecord {
                        a: bodies,
                        b: (rng.next() * bodies as f64) as usize,
                        point: [rng.next() - 0.5, rng.next() - 0.5, rng.next()],
                        normal: n.map(|x| x / len),
                        normal_force: 20.0 * rng.next(),
                        friction_force: 5.0 * rng.next(),
                    }
                })
                .collect();
            let patches = (0..if f == 0 { 0 } else { patches })
                .map(|_| {
                    let n = 3 + (rng.next() * 6.0) as usize;
                    let c = [rng.next() - 0.5, rng.next() - 0.5, rng.next()];
                    PatchRecord {
                        a: bodies,
                        b: (rng.next() * bodies as f64) as usize,
                        pressure: 1e5 * rng.next(),
                        area: 1e-5 * rng.next(),
                        vertices: (0..n).map(|_| c.map(|x| x + 0.01 * (rng.next() - 0.5))).collect(),
                    }
                })
                .collect();
            Frame {
                step: f as u64,
                time: 0.01 * f as f64,
                poses,
                contacts,
                patches,
            }
        })
        .collect();
    Recording {
        objects,
        bodies,
        frames,
        has_contacts: true,
        has_patches: patches > 0,
    }
}

/// The JSON header embedded in `page`, and its binary block inflated.
fn embedded(page: &str) -> (serde_json::Value, Vec<u8>) {
    let start = page
        .find("<script id=\"wolfe-data\" type=\"application/json\">")
        .unwrap();
    let rest = &page[start..];
    let body = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    let header: serde_json::Value = serde_json::from_str(body).unwrap();
    let gz = base64::engine::general_purpose::STANDARD
        .decode(header["blob"].as_str().unwrap())
        .unwrap();
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut bytes)
        .unwrap();
    (header, bytes)
}

/// Section `name` of the block as raw little-endian bytes and its count.
fn section<'a>(header: &serde_json::Value, bytes: &'a [u8], name: &str, size: usize) -> Vec<&'a [u8]> {
    let s = header["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap();
    let (offset, count) = (
        s["offset"].as_u64().unwrap() as usize,
        s["count"].as_u64().unwrap() as usize,
    );
    assert_eq!(offset % 4, 0, "{name} is aligned");
    bytes[offset..offset + count * size].chunks_exact(size).collect()
}

fn u32s(chunks: &[&[u8]]) -> Vec<u32> {
    chunks
        .iter()
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn f32s(chunks: &[&[u8]]) -> Vec<f32> {
    chunks
        .iter()
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn i16s(chunks: &[&[u8]]) -> Vec<f64> {
    chunks
        .iter()
        .map(|c| f64::from(i16::from_le_bytes([c[0], c[1]])))
        .collect()
}

#[test]
fn decoded_page_data_give_back_poses_and_contacts_within_their_quantization() {
    let rec = random_recording(5, 30, 4, 6, 7);
    let page = render_html(&rec, "test <run>").unwrap();
    assert!(page.contains("<title>test &lt;run&gt;</title>"));
    assert!(
        !page.contains("<script src") && !page.contains("<link"),
        "nothing to fetch"
    );
    let (h, bytes) = embedded(&page);
    assert_eq!(h["stride"], 1);
    assert_eq!(h["times"].as_array().unwrap().len(), 30);
    let offset: Vec<f64> = h["grid"]["offset"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    let scale = h["grid"]["scale"].as_f64().unwrap();
    let poses = i16s(&section(&h, &bytes, "poses", 2));
    let points = i16s(&section(&h, &bytes, "contactPoints", 2));
    let normals: Vec<f64> = section(&h, &bytes, "contactNormals", 1)
        .iter()
        .map(|c| f64::from(c[0] as i8))
        .collect();
    let fnorm: Vec<f32> = section(&h, &bytes, "normalForce", 4)
        .iter()
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let objects: Vec<u16> = section(&h, &bytes, "contactObjects", 2)
        .iter()
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let offsets: Vec<u32> = section(&h, &bytes, "contactOffsets", 4)
        .iter()
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(offsets.len(), 31);
    for (f, frame) in rec.frames.iter().enumerate() {
        for (i, p) in frame.poses.iter().enumerate() {
            let b = (f * rec.bodies + i) * 7;
            for k in 0..3 {
                let x = offset[k] + scale * poses[b + k];
                assert!((x - p[k]).abs() <= 0.5 * scale + 1e-12, "frame {f} body {i}");
            }
            for k in 0..4 {
                assert!((poses[b + 3 + k] / 32767.0 - p[3 + k]).abs() <= 0.5 / 32767.0 + 1e-12);
            }
        }
        assert_eq!(offsets[f + 1] - offsets[f], frame.contacts.len() as u32);
        for (j, c) in frame.contacts.iter().enumerate() {
            let j = offsets[f] as usize + j;
            assert_eq!((objects[2 * j] as usize, objects[2 * j + 1] as usize), (c.a, c.b));
            assert!((f64::from(fnorm[j]) - c.normal_force).abs() < 1e-5 * c.normal_force.max(1.0));
            for k in 0..3 {
                assert!((offset[k] + scale * points[3 * j + k] - c.point[k]).abs() <= 0.5 * scale + 1e-12);
                assert!((normals[3 * j + k] / 127.0 - c.normal[k]).abs() <= 0.5 / 127.0 + 1e-12);
            }
        }
    }

    // The patches: per frame its polygons, each with its objects, pressure, area and
    // vertices (on the position grid).
    assert_eq!(h["hasPatches"], true);
    let patch_offsets = u32s(&section(&h, &bytes, "patchOffsets", 4));
    let sizes: Vec<usize> = section(&h, &bytes, "patchSizes", 1)
        .iter()
        .map(|c| usize::from(c[0]))
        .collect();
    let pressure = f32s(&section(&h, &bytes, "patchPressure", 4));
    let area = f32s(&section(&h, &bytes, "patchArea", 4));
    let patch_objects: Vec<u16> = section(&h, &bytes, "patchObjects", 2)
        .iter()
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let vertices = i16s(&section(&h, &bytes, "patchVertices", 2));
    assert_eq!(patch_offsets.len(), 31);
    assert_eq!(
        *patch_offsets.last().unwrap(),
        29 * 6,
        "6 polygons in each frame but the first"
    );
    let mut v = 0;
    for (f, frame) in rec.frames.iter().enumerate() {
        assert_eq!(
            patch_offsets[f + 1] - patch_offsets[f],
            frame.patches.len() as u32
        );
        for (j, p) in frame.patches.iter().enumerate() {
            let j = patch_offsets[f] as usize + j;
            assert_eq!(sizes[j], p.vertices.len());
            assert_eq!(
                (patch_objects[2 * j] as usize, patch_objects[2 * j + 1] as usize),
                (p.a, p.b)
            );
            assert!((f64::from(pressure[j]) - p.pressure).abs() <= 1e-7 * p.pressure);
            assert!((f64::from(area[j]) - p.area).abs() <= 1e-7 * p.area);
            for x in &p.vertices {
                for k in 0..3 {
                    assert!((offset[k] + scale * vertices[3 * v + k] - x[k]).abs() <= 0.5 * scale + 1e-12);
                }
                v += 1;
            }
        }
    }
    assert_eq!(v, sizes.iter().sum::<usize>());
    assert_eq!(v * 3, vertices.len());
    // The colour map tops at the 99th percentile of the pressures: below the largest,
    // above all but 1 % of them.
    let scale_p = h["pressureScale"].as_f64().unwrap();
    let all: Vec<f64> = rec
        .frames
        .iter()
        .flat_map(|f| f.patches.iter().map(|p| p.pressure))
        .collect();
    let above = all.iter().filter(|&&p| p > scale_p).count();
    assert!(
        above <= all.len() / 100 + 1 && above > 0,
        "{above} of {} above {scale_p}",
        all.len()
    );
}

#[test]
fn a_page_without_patches_says_so_and_refuses_polygons_it_cannot_draw() {
    let rec = random_recording(2, 3, 1, 0, 5);
    let (h, bytes) = embedded(&render_html(&rec, "points").unwrap());
    assert_eq!(
        (h["hasPatches"].as_bool(), h["pressureScale"].as_f64()),
        (Some(false), Some(0.0))
    );
    assert_eq!(u32s(&section(&h, &bytes, "patchOffsets", 4)), [0; 4]);
    // A hand-written polygon of 256 vertices is more than the page's u8 counts hold.
    let mut rec = random_recording(2, 3, 1, 1, 5);
    rec.frames[1].patches[0].vertices = vec![[0.0; 3]; 256];
    let err = render_html(&rec, "wide").unwrap_err();
    assert!(err.to_string().contains("at most 255 vertices"), "{err}");
}

#[test]
fn a_run_too_long_for_the_budget_keeps_every_kth_step_and_fits() {
    // 40 bodies, 60 s at 10 ms with 150 random contacts per step: random data do not
    // compress, so the page must drop steps.
    let rec = random_recording(40, 6000, 150, 0, 3);
    let page = render_html(&rec, "long").unwrap();
    assert!(page.len() <= PAGE_BUDGET_BYTES, "{} bytes", page.len());
    let (h, _) = embedded(&page);
    let stride = h["stride"].as_u64().unwrap() as usize;
    assert!(stride > 1);
    let steps: Vec<u64> = h["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(steps[0], 0);
    assert_eq!(*steps.last().unwrap(), 5999, "the last step is kept");
    assert!(steps
        .windows(2)
        .all(|w| w[1] > w[0] && w[1] - w[0] <= stride as u64));
    // Not many more steps dropped than needed: the page uses most of its budget.
    assert!(
        page.len() > PAGE_BUDGET_BYTES / 2,
        "{} bytes at stride {stride}",
        page.len()
    );
}
