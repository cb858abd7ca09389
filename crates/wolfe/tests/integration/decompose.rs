//! Convex decomposition (feature `decompose`): parts, volume error and time on
//! procedural non-convex meshes, the compound's distances against the mesh's, the
//! cache file next to the mesh, bad settings.
#![cfg(feature = "decompose")]

use wolfe::composite::{cache_path, DecomposeSettings};
use wolfe::{Geometry, Pose, Shape, TriMesh, WolfeError};

#[test]
fn decomposition_keeps_the_shape_and_is_cached() {
    let meshes = [
        ("bowl", TriMesh::bowl(0.1, 0.01, 32).unwrap()),
        ("torus", TriMesh::torus(0.1, 0.03, 24).unwrap()),
    ];
    for (name, mesh) in &meshes {
        let t = std::time::Instant::now();
        let c = mesh.decompose(&DecomposeSettings::default()).unwrap();
        let elapsed = t.elapsed();
        let v_mesh = mesh.volume().unwrap();
        let v_parts: f64 = c
            .parts()
            .iter()
            .map(|p| p.shape.mass_properties(1.0).map_or(0.0, |m| m.mass))
            .sum();
        let v_hull = Shape::from(mesh.hull().unwrap())
            .mass_properties(1.0)
            .unwrap()
            .mass;
        println!(
            "{name}: {} parts in {elapsed:?}, parts' volume {:+.1}% of the mesh's (hull {:+.1}%)",
            c.parts().len(),
            100.0 * (v_parts / v_mesh - 1.0),
            100.0 * (v_hull / v_mesh - 1.0)
        );
        assert!(c.parts().len() > 1);
        // Far closer to the mesh than its hull is.
        assert!((v_parts / v_mesh - 1.0).abs() < 0.5 * (v_hull / v_mesh - 1.0).abs());
    }
    // The cache: written next to the mesh, then read back to the same parts.
    let dir = std::env::temp_dir().join(format!("wolfe-decompose-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("torus.stl");
    let torus = &meshes[1].1;
    let tris: Vec<stl_like::Tri> = torus
        .triangles()
        .iter()
        .map(|t| t.map(|i| torus.vertices()[i as usize]))
        .collect();
    stl_like::write(&path, &tris);
    let first = TriMesh::decompose_cached(&path, &DecomposeSettings::default()).unwrap();
    assert!(cache_path(&path).is_file());
    let again = TriMesh::decompose_cached(&path, &DecomposeSettings::default()).unwrap();
    assert_eq!(first.parts().len(), again.parts().len());
    let (g1, g2): (Geometry, Geometry) = (first.into(), again.into());
    let probe: Geometry = Shape::from(wolfe::Sphere::new(0.01).unwrap()).into();
    let mut s = wolfe::CompositeSolver::new(Default::default()).unwrap();
    let at = Pose::from_translation(wolfe::Vec3::new(0.2, 0.05, 0.0));
    let d1 = s
        .distance(&g1, &Pose::identity(), &probe, &at)
        .unwrap()
        .output
        .distance;
    let d2 = s
        .distance(&g2, &Pose::identity(), &probe, &at)
        .unwrap()
        .output
        .distance;
    assert!((d1 - d2).abs() < 1e-6, "{d1} vs {d2}");
    std::fs::remove_dir_all(&dir).ok();
    let bad = DecomposeSettings::default().with_resolution(0);
    assert!(matches!(
        torus.decompose(&bad),
        Err(WolfeError::InvalidSetting { .. })
    ));
}

/// A minimal ASCII STL writer for the test.
mod stl_like {
    use std::fmt::Write;
    pub type Tri = [wolfe::Vec3; 3];
    pub fn write(path: &std::path::Path, tris: &[Tri]) {
        let mut s = String::from("solid t\n");
        for t in tris {
            s += "facet normal 0 0 0\nouter loop\n";
            for v in t {
                writeln!(s, "vertex {} {} {}", v.x, v.y, v.z).unwrap();
            }
            s += "endloop\nendfacet\n";
        }
        s += "endsolid t\n";
        std::fs::write(path, s).unwrap();
    }
}
