//! The glTF export: the Khronos glTF-Validator (npm `gltf-validator`, run by node)
//! finds no error in it, and its animation keys are the recorded poses.

use crate::common;

use std::process::Command;

use wolfe_view::Recording;

/// The JSON chunk and the binary chunk of a `.glb`.
fn chunks(glb: &[u8]) -> (serde_json::Value, &[u8]) {
    assert_eq!(&glb[..4], b"glTF");
    assert_eq!(u32::from_le_bytes(glb[4..8].try_into().unwrap()), 2);
    assert_eq!(
        u32::from_le_bytes(glb[8..12].try_into().unwrap()) as usize,
        glb.len()
    );
    let json_len = u32::from_le_bytes(glb[12..16].try_into().unwrap()) as usize;
    assert_eq!(&glb[16..20], b"JSON");
    let json = serde_json::from_slice(&glb[20..20 + json_len]).unwrap();
    let bin = &glb[20 + json_len + 8..];
    assert_eq!(&glb[20 + json_len + 4..20 + json_len + 8], b"BIN\0");
    (json, bin)
}

/// The floats of accessor `a`.
fn floats(doc: &serde_json::Value, bin: &[u8], a: usize) -> Vec<f32> {
    let acc = &doc["accessors"][a];
    let view = &doc["bufferViews"][acc["bufferView"].as_u64().unwrap() as usize];
    let start = view["byteOffset"].as_u64().unwrap() as usize;
    let len = view["byteLength"].as_u64().unwrap() as usize;
    bin[start..start + len]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn the_export_animates_every_body_through_its_recorded_poses() {
    let dir = tempfile::tempdir().unwrap();
    common::clutter(6, 40, dir.path());
    let out = dir.path().join("scene.glb");
    wolfe_view::write_gltf(dir.path(), &out).unwrap();
    let rec = Recording::read(dir.path()).unwrap();
    let glb = std::fs::read(&out).unwrap();
    let (doc, bin) = chunks(&glb);
    let animation = &doc["animations"][0];
    let channels = animation["channels"].as_array().unwrap();
    assert_eq!(channels.len(), 2 * rec.bodies);
    let times = floats(
        &doc,
        bin,
        animation["samplers"][0]["input"].as_u64().unwrap() as usize,
    );
    assert_eq!(times.len(), rec.frames.len());
    for (k, f) in rec.frames.iter().enumerate() {
        assert_eq!(times[k], f.time as f32);
    }
    for (body, pair) in channels.chunks(2).enumerate() {
        let node = pair[0]["target"]["node"].as_u64().unwrap() as usize;
        assert_eq!(doc["nodes"][node]["name"], rec.objects[body].name.as_str());
        assert_eq!(pair[0]["target"]["path"], "translation");
        assert_eq!(pair[1]["target"]["path"], "rotation");
        let sampler = |c: &serde_json::Value| &animation["samplers"][c["sampler"].as_u64().unwrap() as usize];
        let t = floats(&doc, bin, sampler(&pair[0])["output"].as_u64().unwrap() as usize);
        let r = floats(&doc, bin, sampler(&pair[1])["output"].as_u64().unwrap() as usize);
        for (k, f) in rec.frames.iter().enumerate() {
            let p = f.poses[body];
            for c in 0..3 {
                assert_eq!(t[3 * k + c], p[c] as f32);
            }
            // glTF quaternions are [x, y, z, w].
            for (c, q) in [p[4], p[5], p[6], p[3]].iter().enumerate() {
                assert!((f64::from(r[4 * k + c]) - q).abs() < 1e-6);
            }
        }
    }
}

#[test]
fn the_khronos_validator_finds_no_error() {
    let Some(node) = common::require(
        common::node_with_packages("gltf-validator"),
        "node with web/node_modules (npm ci in crates/wolfe-view/web)",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    common::clutter(8, 30, dir.path());
    let out = dir.path().join("scene.glb");
    wolfe_view::write_gltf(dir.path(), &out).unwrap();
    let result = Command::new(node)
        .arg(common::web_dir().join("validate-gltf.mjs"))
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&result.stdout).unwrap();
    let issues = &report["issues"];
    assert_eq!(
        issues["numErrors"],
        0,
        "{}",
        serde_json::to_string_pretty(issues).unwrap()
    );
    assert_eq!(
        issues["numWarnings"],
        0,
        "{}",
        serde_json::to_string_pretty(issues).unwrap()
    );
    assert_eq!(report["info"]["animationCount"], 1);
    println!("glTF-Validator {}: {}", report["validatorVersion"], issues);
}
