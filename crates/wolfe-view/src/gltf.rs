//! The animated scene as binary glTF 2.0 (`.glb`, Khronos glTF 2.0 specification):
//! a root node turning wolfe's z-up world into glTF's y-up; under it one node per body
//! (its centre-of-mass frame, animated) holding its shape's mesh at the shape pose, and
//! one node per static object (half-spaces as a square of their plane). One animation,
//! `simulation`, has a translation and a rotation sampler (linear; rotations slerp)
//! per body, keyed at the recorded times.

use serde_json::{json, Value};

use crate::camera::Camera;
use crate::error::ViewError;
use crate::recording::{Recording, ShapeKind};
use crate::tessellate::{surface, Surface};

const ARRAY_BUFFER: u32 = 34962;
const ELEMENT_ARRAY_BUFFER: u32 = 34963;
const FLOAT: u32 = 5126;
const UNSIGNED_INT: u32 = 5125;

/// The binary chunk and the accessors and buffer views describing it.
#[derive(Default)]
struct Builder {
    bin: Vec<u8>,
    views: Vec<Value>,
    accessors: Vec<Value>,
}

impl Builder {
    /// Appends `data` (4-byte components) as a buffer view and an accessor; returns the
    /// accessor's index.
    fn accessor(
        &mut self, data: Vec<u8>, count: usize, kind: &str, component: u32, target: Option<u32>,
        bounds: Option<(Vec<f32>, Vec<f32>)>,
    ) -> usize {
        let view = json!({"buffer": 0, "byteOffset": self.bin.len(), "byteLength": data.len()});
        let mut view = view;
        if let Some(t) = target {
            view["target"] = json!(t);
        }
        self.bin.extend(data);
        self.views.push(view);
        let mut acc = json!({"bufferView": self.views.len() - 1, "componentType": component, "count": count, "type": kind});
        if let Some((min, max)) = bounds {
            acc["min"] = json!(min);
            acc["max"] = json!(max);
        }
        self.accessors.push(acc);
        self.accessors.len() - 1
    }

    fn floats<const N: usize>(
        &mut self, values: &[[f32; N]], kind: &str, target: Option<u32>, bounds: bool,
    ) -> usize {
        let data = values.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
        let b = bounds.then(|| {
            let mut min = vec![f32::INFINITY; N];
            let mut max = vec![f32::NEG_INFINITY; N];
            for v in values {
                for k in 0..N {
                    min[k] = min[k].min(v[k]);
                    max[k] = max[k].max(v[k]);
                }
            }
            (min, max)
        });
        self.accessor(data, values.len(), kind, FLOAT, target, b)
    }

    /// A mesh primitive of `s`; returns the attributes and indices JSON.
    fn primitive(&mut self, s: &Surface, material: usize) -> Value {
        let position = self.floats(&s.positions, "VEC3", Some(ARRAY_BUFFER), true);
        let normal = self.floats(&s.normals, "VEC3", Some(ARRAY_BUFFER), false);
        let data = s.indices.iter().flat_map(|i| i.to_le_bytes()).collect();
        let indices = self.accessor(
            data,
            s.indices.len(),
            "SCALAR",
            UNSIGNED_INT,
            Some(ELEMENT_ARRAY_BUFFER),
            None,
        );
        json!({"attributes": {"POSITION": position, "NORMAL": normal}, "indices": indices, "material": material})
    }
}

/// Linear RGB of the page's body colour `i` (HSL hue `0.618034 i`, s 0.55, l 0.55).
fn body_color(i: usize) -> [f64; 4] {
    let h = (i as f64 * 0.618034).fract();
    let (s, l) = (0.55, 0.55);
    let c = (1.0 - (2.0 * l - 1.0f64).abs()) * s;
    let hue = |t: f64| {
        let t = (h + t).rem_euclid(1.0) * 6.0;
        let x = if t < 1.0 {
            t
        } else if t < 3.0 {
            1.0
        } else if t < 4.0 {
            4.0 - t
        } else {
            0.0
        };
        l - c / 2.0 + c * x
    };
    let srgb = [hue(1.0 / 3.0), hue(0.0), hue(-1.0 / 3.0)];
    let linear = srgb.map(|v| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    });
    [linear[0], linear[1], linear[2], 1.0]
}

/// `[x, y, z, w]` quaternion of a pose `[.., w, x, y, z]`, normalized in f32.
fn rotation(p: &[f64; 7]) -> [f32; 4] {
    let n = (p[3] * p[3] + p[4] * p[4] + p[5] * p[5] + p[6] * p[6]).sqrt();
    [p[4] / n, p[5] / n, p[6] / n, p[3] / n].map(|x| x as f32)
}

fn translation(p: &[f64; 7]) -> [f32; 3] {
    [p[0] as f32, p[1] as f32, p[2] as f32]
}

/// The `.glb` bytes of `rec`'s animated scene, the scene named `title`.
pub fn to_glb(rec: &Recording, title: &str) -> Result<Vec<u8>, ViewError> {
    if rec.frames.is_empty() {
        return Err(ViewError::Inconsistent {
            path: title.into(),
            reason: "no recorded step to animate".into(),
        });
    }
    let mut b = Builder::default();
    let camera = Camera::framing(rec);
    let extent = 2.0 * camera.scene_radius;
    let mut materials: Vec<Value> = (0..rec.bodies)
        .map(|i| json!({"name": format!("body{i}"), "pbrMetallicRoughness": {"baseColorFactor": body_color(i), "metallicFactor": 0.0, "roughnessFactor": 0.6}}))
        .collect();
    let static_material = materials.len();
    materials.push(json!({"name": "static", "alphaMode": "BLEND", "doubleSided": true,
        "pbrMetallicRoughness": {"baseColorFactor": [0.6, 0.65, 0.72, 0.25], "metallicFactor": 0.0, "roughnessFactor": 0.9}}));
    let ground_material = materials.len();
    materials.push(json!({"name": "ground", "doubleSided": true,
        "pbrMetallicRoughness": {"baseColorFactor": [0.75, 0.78, 0.82, 1.0], "metallicFactor": 0.0, "roughnessFactor": 1.0}}));

    let mut meshes = Vec::new();
    let mut nodes = vec![
        json!({"name": "world (z up)", "rotation": [-std::f64::consts::FRAC_1_SQRT_2, 0.0, 0.0, std::f64::consts::FRAC_1_SQRT_2], "children": []}),
    ];
    let mut body_nodes = Vec::new();
    for (k, o) in rec.objects.iter().enumerate() {
        let s = surface(o, extent);
        if s.indices.is_empty() {
            continue;
        }
        let material = match (o.is_static, o.kind) {
            (false, _) => k,
            (true, ShapeKind::HalfSpace) => ground_material,
            (true, _) => static_material,
        };
        let primitive = b.primitive(&s, material);
        meshes.push(json!({"name": o.name, "primitives": [primitive]}));
        let mesh = meshes.len() - 1;
        // A visual mesh is already in the body frame; a shape sits at its shape pose.
        let placed = if o.visual.is_some() && !o.is_static {
            json!({"name": format!("{} shape", o.name), "mesh": mesh})
        } else {
            json!({"name": format!("{} shape", o.name), "mesh": mesh, "translation": translation(&o.pose), "rotation": rotation(&o.pose)})
        };
        nodes.push(placed);
        let shape_node = nodes.len() - 1;
        let top = if o.is_static {
            shape_node
        } else {
            let p = &rec.frames[0].poses[k];
            nodes.push(json!({"name": o.name, "translation": translation(p), "rotation": rotation(p), "children": [shape_node]}));
            body_nodes.push((k, nodes.len() - 1));
            nodes.len() - 1
        };
        nodes[0]["children"]
            .as_array_mut()
            .expect("array")
            .push(json!(top));
    }

    // Keys at strictly increasing f32 times (glTF requires it).
    let mut keys = Vec::new();
    let mut last = f32::NEG_INFINITY;
    for (i, f) in rec.frames.iter().enumerate() {
        let t = f.time as f32;
        if t > last {
            keys.push(i);
            last = t;
        }
    }
    let mut animations = Vec::new();
    if !body_nodes.is_empty() && keys.len() > 1 {
        let times: Vec<[f32; 1]> = keys.iter().map(|&i| [rec.frames[i].time as f32]).collect();
        let input = b.floats(&times, "SCALAR", None, true);
        let mut samplers = Vec::new();
        let mut channels = Vec::new();
        for &(body, node) in &body_nodes {
            let t: Vec<[f32; 3]> = keys
                .iter()
                .map(|&i| translation(&rec.frames[i].poses[body]))
                .collect();
            let r: Vec<[f32; 4]> = keys
                .iter()
                .map(|&i| rotation(&rec.frames[i].poses[body]))
                .collect();
            for (path, output) in [
                ("translation", b.floats(&t, "VEC3", None, false)),
                ("rotation", b.floats(&r, "VEC4", None, false)),
            ] {
                samplers.push(json!({"input": input, "output": output, "interpolation": "LINEAR"}));
                channels.push(json!({"sampler": samplers.len() - 1, "target": {"node": node, "path": path}}));
            }
        }
        animations.push(json!({"name": "simulation", "samplers": samplers, "channels": channels}));
    }

    let mut doc = json!({
        "asset": {"version": "2.0", "generator": concat!("wolfe-view ", env!("CARGO_PKG_VERSION"))},
        "scene": 0,
        "scenes": [{"name": title, "nodes": [0]}],
        "nodes": nodes,
        "meshes": meshes,
        "materials": materials,
        "accessors": b.accessors,
        "bufferViews": b.views,
        "buffers": [{"byteLength": b.bin.len()}],
    });
    if !animations.is_empty() {
        doc["animations"] = json!(animations);
    }
    Ok(glb(doc.to_string().into_bytes(), b.bin))
}

/// The GLB container: a 12-byte header, the JSON chunk padded with spaces, the binary
/// chunk padded with zeros.
fn glb(mut json: Vec<u8>, mut bin: Vec<u8>) -> Vec<u8> {
    while json.len() % 4 != 0 {
        json.push(b' ');
    }
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut out = Vec::with_capacity(total);
    out.extend(b"glTF");
    out.extend(2u32.to_le_bytes());
    out.extend((total as u32).to_le_bytes());
    out.extend((json.len() as u32).to_le_bytes());
    out.extend(b"JSON");
    out.extend(json);
    out.extend((bin.len() as u32).to_le_bytes());
    out.extend(b"BIN\0");
    out.extend(bin);
    out
}
