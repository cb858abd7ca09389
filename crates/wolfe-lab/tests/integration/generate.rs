//! The generator: determinism, and generated rows at their target distances.

use std::path::{Path, PathBuf};

use wolfe::{distance, intersects, GjkSettings, GjkStatus};
use wolfe_lab::generate::{generate, placement_settings, Dataset, GenerateOptions, TARGETS};
use wolfe_lab::problem_set::{Category, ProblemSet};
use wolfe_testkit::data::temp_dir;

fn options(dataset: Dataset, out: PathBuf, pairs: usize, poses: usize, seed: u64) -> GenerateOptions {
    GenerateOptions {
        dataset,
        out,
        pairs,
        poses,
        seed,
        ycb_dir: wolfe_testkit::data::ycb_dir(),
    }
}

/// Every file under `dir`, relative path and bytes, sorted.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                ));
            }
        }
    }
    out.sort();
    out
}

/// Checks a generated set: ids, categories, separated rows at their targets within
/// 1e-9 m (re-measured here), overlap rows intersecting with `dist` = target; returns
/// the number of rows.
fn check_targets(dir: &Path) -> usize {
    let set = ProblemSet::load(dir).unwrap();
    let settings = placement_settings();
    for (i, p) in set.problems.iter().enumerate() {
        assert_eq!(p.id, i as u64);
        // Overlap rows carry their target exactly; separated rows the nearest one.
        let target = TARGETS
            .into_iter()
            .min_by(|x, y| (x - p.dist).abs().total_cmp(&(y - p.dist).abs()))
            .unwrap();
        assert_eq!(p.category, Category::of_distance(target), "id {}", p.id);
        let (a, b) = set.shapes_of(p);
        if target > 0.0 {
            let out = distance(a, &p.pose_a, b, &p.pose_b, &settings).unwrap();
            assert_eq!(out.status, GjkStatus::Converged, "id {}", p.id);
            assert!(
                (out.distance - target).abs() <= 1e-9,
                "id {}: measured {} for target {target}",
                p.id,
                out.distance
            );
            assert_eq!(
                p.dist, out.distance,
                "id {}: dist is the re-measured distance",
                p.id
            );
            // The library's default settings agree to their tolerance (relative).
            let default = distance(a, &p.pose_a, b, &p.pose_b, &GjkSettings::default()).unwrap();
            assert!(
                (default.distance - target).abs() <= GjkSettings::default().tolerance * target,
                "id {}",
                p.id
            );
        } else {
            assert_eq!(p.dist, target, "id {}", p.id);
            let out = intersects(a, &p.pose_a, b, &p.pose_b, &settings).unwrap();
            assert!(out.intersecting, "id {} (target {target}) should overlap", p.id);
        }
    }
    set.problems.len()
}

#[test]
fn ellipsoids_are_deterministic_and_on_target() {
    let root = temp_dir("gen_ellipsoids");
    let (a, b, c) = (root.join("a"), root.join("b"), root.join("c"));
    let ra = generate(&options(Dataset::Ellipsoids, a.clone(), 3, 4, 11), || {}).unwrap();
    generate(&options(Dataset::Ellipsoids, b.clone(), 3, 4, 11), || {}).unwrap();
    generate(&options(Dataset::Ellipsoids, c.clone(), 3, 4, 12), || {}).unwrap();
    assert_eq!(ra.shapes, 6);
    assert_eq!(ra.problems + ra.dropped, 3 * 4 * TARGETS.len());
    let fa = files(&a);
    assert_eq!(
        fa.iter().map(|(p, _)| p.to_str().unwrap()).collect::<Vec<_>>(),
        ["README.md", "problems.csv", "shapes.json"]
    );
    assert_eq!(fa, files(&b), "same seed, same files");
    assert_ne!(fa, files(&c), "another seed, other files");
    assert_eq!(check_targets(&a), ra.problems);
    let set = ProblemSet::load(&a).unwrap();
    for s in &set.shapes {
        assert_eq!(s.shape.kind(), "ellipsoid");
    }
}

#[test]
fn ycb_is_deterministic_copies_meshes_and_is_on_target() {
    let root = temp_dir("gen_ycb");
    let (a, b) = (root.join("a"), root.join("b"));
    let ra = generate(&options(Dataset::Ycb, a.clone(), 2, 2, 3), || {}).unwrap();
    generate(&options(Dataset::Ycb, b.clone(), 2, 2, 3), || {}).unwrap();
    assert_eq!(files(&a), files(&b), "same seed, same files");
    assert!((2..=4).contains(&ra.shapes));
    let meshes = std::fs::read_dir(a.join("meshes")).unwrap().count();
    assert_eq!(meshes, ra.shapes, "one copied OBJ per shape");
    assert_eq!(ra.problems + ra.dropped, 2 * 2 * TARGETS.len());
    assert_eq!(check_targets(&a), ra.problems);
}

#[test]
fn readme_documents_the_meaning_of_dist() {
    let dir = temp_dir("gen_readme");
    generate(&options(Dataset::Ellipsoids, dir.clone(), 1, 1, 0), || {}).unwrap();
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(readme.contains("upper bound on the depth"), "{readme}");
    assert!(readme.contains("re-measured by wolfe"), "{readme}");
    assert!(readme.contains("--seed 0"), "{readme}");
}
