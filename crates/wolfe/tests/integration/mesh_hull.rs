//! Convex hull and mesh support: exact invariants on random and degenerate point sets,
//! the shipped YCB hulls as an oracle, and hill-climbing against brute force.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use robust::{orient3d, Coord3D};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use wolfe::{ConvexMesh, SupportMap, Vec3, WolfeError};

fn c3(p: &Vec3) -> Coord3D<f64> {
    Coord3D {
        x: p.x,
        y: p.y,
        z: p.z,
    }
}

/// Exact: `> 0` when `p` is strictly outside the outward triangle `(a, b, c)`.
/// (`robust::orient3d` is positive *below* the counter-clockwise plane.)
fn outside(a: &Vec3, b: &Vec3, c: &Vec3, p: &Vec3) -> f64 {
    -orient3d(c3(a), c3(b), c3(c), c3(p))
}

fn key(p: &Vec3) -> [u64; 3] {
    // +0.0 so that -0.0 and 0.0 are one key.
    [p.x + 0.0, p.y + 0.0, p.z + 0.0].map(f64::to_bits)
}

/// Every exact property of a solid hull of `points`: vertices are input points, the
/// triangles form a closed, consistently oriented 2-manifold of genus 0 with no
/// degenerate triangle, every input point is inside or on every face plane, and every
/// face has the solid strictly below it.
fn check_solid(points: &[Vec3], mesh: &ConvexMesh) {
    let input: HashSet<[u64; 3]> = points.iter().map(key).collect();
    let v = mesh.vertices();
    let f = mesh.faces();
    assert_eq!(mesh.dimension(), 3);
    assert!(v.len() >= 4 && f.len() >= 4);
    for p in v {
        assert!(input.contains(&key(p)), "hull vertex {p:?} is not an input point");
    }
    let distinct: HashSet<[u64; 3]> = v.iter().map(key).collect();
    assert_eq!(distinct.len(), v.len(), "duplicate hull vertices");
    // Closed and consistently oriented: each directed edge once, with its reverse.
    let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
    let mut used = vec![false; v.len()];
    for t in f {
        for e in 0..3 {
            let (a, b) = (t[e], t[(e + 1) % 3]);
            assert!((a as usize) < v.len() && a != b);
            used[a as usize] = true;
            *directed.entry((a, b)).or_default() += 1;
        }
        let [a, b, c] = t.map(|i| v[i as usize]);
        let n = (b - a).cross(&(c - a));
        // Not collinear, exactly: some projected orientation is non-zero.
        let col = [(0, 1), (1, 2), (2, 0)].iter().all(|&(i, j)| {
            robust::orient2d(
                robust::Coord { x: a[i], y: a[j] },
                robust::Coord { x: b[i], y: b[j] },
                robust::Coord { x: c[i], y: c[j] },
            ) == 0.0
        });
        assert!(!col, "degenerate triangle {t:?} (float normal {n:?})");
    }
    assert!(used.iter().all(|&u| u), "a hull vertex is in no face");
    for (&(a, b), &count) in &directed {
        assert_eq!(count, 1, "edge {a}->{b} used {count} times");
        assert_eq!(directed.get(&(b, a)), Some(&1), "edge {a}->{b} has no twin");
    }
    let edges = directed.len() / 2;
    assert_eq!(
        v.len() as i64 - edges as i64 + f.len() as i64,
        2,
        "Euler characteristic"
    );
    // Every input point inside or on, exactly.
    for t in f {
        let [a, b, c] = t.map(|i| v[i as usize]);
        for p in points {
            assert!(outside(&a, &b, &c, p) <= 0.0, "{p:?} is outside face {t:?}");
        }
    }
    // Outward, exactly: every face has some hull vertex strictly inside its plane (with
    // the twin-edge check above this rules out an inside-out or flat "solid").
    for t in f {
        let [a, b, c] = t.map(|i| v[i as usize]);
        assert!(
            v.iter().any(|p| outside(&a, &b, &c, p) < 0.0),
            "face {t:?} has nothing below it"
        );
    }
    // Adjacency is the edge graph of the triangulation.
    for (i, _) in v.iter().enumerate() {
        let mut nb: Vec<u32> = mesh.neighbors(i as u32).to_vec();
        nb.sort();
        let mut expect: Vec<u32> = directed.keys().filter(|e| e.0 == i as u32).map(|e| e.1).collect();
        expect.sort();
        assert_eq!(nb, expect);
    }
}

/// Every hull vertex is extreme: strictly outside the hull of the other vertices.
fn check_extreme(mesh: &ConvexMesh) {
    let v = mesh.vertices();
    for i in 0..v.len() {
        let others: Vec<Vec3> = v
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, p)| *p)
            .collect();
        let Ok(h) = ConvexMesh::from_points(&others) else {
            continue; // the others are flat: then v[i] is off their plane, extreme
        };
        let hv = h.vertices();
        let out = h.faces().iter().any(|t| {
            let [a, b, c] = t.map(|k| hv[k as usize]);
            outside(&a, &b, &c, &v[i]) > 0.0
        });
        assert!(out, "hull vertex {:?} is not extreme", v[i]);
    }
}

fn check_support(mesh: &ConvexMesh, rng: &mut ChaCha8Rng, queries: usize) {
    let v = mesh.vertices();
    let scale = v.iter().map(|p| p.norm()).fold(0.0, f64::max);
    let mut hint = 0u32;
    for k in 0..queries {
        let d = Vec3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        );
        if k % 2 == 0 {
            hint = rng.random_range(0..v.len() as u32 + 3); // out of range now and then
        }
        let brute = v.iter().map(|p| d.dot(p)).fold(f64::NEG_INFINITY, f64::max);
        let s = mesh.local_support_hinted(&d, &mut hint);
        assert_eq!(v[hint as usize], s, "hint must name the returned vertex");
        let tol = 1e-12 * scale * d.norm();
        assert!(
            d.dot(&s) >= brute - tol,
            "support {} < brute {brute} in {d:?}",
            d.dot(&s)
        );
        let climbed = mesh.support_vertex_hill_climb(&d, rng.random_range(0..v.len() as u32));
        assert!(d.dot(&v[climbed as usize]) >= brute - tol, "climb short in {d:?}");
        let cold = mesh.local_support(&d);
        assert!(d.dot(&cold) >= brute - tol);
    }
}

fn random_points(rng: &mut ChaCha8Rng, n: usize) -> Vec<Vec3> {
    (0..n)
        .map(|_| Vec3::new(rng.random::<f64>(), rng.random::<f64>(), rng.random::<f64>()))
        .collect()
}

fn sphere_points(rng: &mut ChaCha8Rng, n: usize) -> Vec<Vec3> {
    (0..n)
        .map(|_| loop {
            let p = Vec3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            );
            if p.norm() > 0.1 && p.norm() <= 1.0 {
                break p.normalize();
            }
        })
        .collect()
}

#[test]
fn random_and_sphere_points() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for n in [4, 5, 10, 50, 300, 2000] {
        let pts = random_points(&mut rng, n);
        let m = ConvexMesh::from_points(&pts).unwrap();
        check_solid(&pts, &m);
        if n <= 50 {
            check_extreme(&m);
        }
        check_support(&m, &mut rng, 200);
        let pts = sphere_points(&mut rng, n);
        let m = ConvexMesh::from_points(&pts).unwrap();
        check_solid(&pts, &m);
        check_support(&m, &mut rng, 200);
    }
}

#[test]
fn grids_have_only_corner_vertices() {
    // Integer grids: massive coplanarity and collinearity, duplicated points.
    for (nx, ny, nz) in [(2, 2, 2), (3, 3, 3), (5, 4, 3), (10, 10, 10)] {
        let mut pts = Vec::new();
        for i in 0..nx {
            for j in 0..ny {
                for k in 0..nz {
                    pts.push(Vec3::new(i as f64, j as f64, k as f64) * 0.1);
                }
            }
        }
        let dup = pts.clone();
        pts.extend(dup);
        let m = ConvexMesh::from_points(&pts).unwrap();
        check_solid(&pts, &m);
        assert_eq!(m.vertices().len(), 8, "grid {nx}x{ny}x{nz}");
        assert_eq!(m.faces().len(), 12);
    }
}

#[test]
fn cylinder_plateaus_climb_to_a_maximizer() {
    // Two regular 300-gons: the caps are plateaus for d = +-z, and every side face is a
    // plateau for its horizontal normal.
    let n = 300;
    let mut pts = Vec::new();
    for k in 0..n {
        let t = std::f64::consts::TAU * k as f64 / n as f64;
        pts.push(Vec3::new(t.cos(), t.sin(), -1.0));
        pts.push(Vec3::new(t.cos(), t.sin(), 1.0));
    }
    let m = ConvexMesh::from_points(&pts).unwrap();
    check_solid(&pts, &m);
    assert_eq!(m.vertices().len(), 2 * n);
    for start in 0..m.vertices().len() as u32 {
        for d in [Vec3::z(), -Vec3::z(), Vec3::new(0.0, 0.0, 1.0 + 1e-17)] {
            let mut hint = start;
            let s = m.local_support_hinted(&d, &mut hint);
            assert_eq!(s.z, d.z.signum(), "start {start}");
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    check_support(&m, &mut rng, 2000);
}

#[test]
fn nearly_coplanar_points() {
    // A disk of points in z = 0 plus perturbations of 1e-15 to 1e-9: many thin slivers.
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for eps in [1e-15, 1e-12, 1e-9] {
        let mut pts: Vec<Vec3> = (0..400)
            .map(|_| {
                let (x, y): (f64, f64) = (rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0));
                Vec3::new(
                    x,
                    y,
                    if rng.random::<f64>() < 0.5 {
                        0.0
                    } else {
                        eps * rng.random_range(-1.0..1.0)
                    },
                )
            })
            .collect();
        pts.push(Vec3::new(0.0, 0.0, eps));
        let m = ConvexMesh::from_points(&pts).unwrap();
        check_solid(&pts, &m);
        check_support(&m, &mut rng, 500);
    }
}

#[test]
fn degenerate_sets_error_or_go_lenient() {
    let p = Vec3::new(0.5, -1.0, 2.0);
    assert!(matches!(ConvexMesh::from_points(&[]), Err(WolfeError::EmptyMesh)));
    assert!(matches!(
        ConvexMesh::from_points_lenient(&[]),
        Err(WolfeError::EmptyMesh)
    ));
    assert!(matches!(
        ConvexMesh::from_points(&[p, p, p]),
        Err(WolfeError::DegeneratePoints { dimension: 0 })
    ));
    let pts = [p, Vec3::new(f64::NAN, 0.0, 0.0)];
    assert!(matches!(
        ConvexMesh::from_points_lenient(&pts),
        Err(WolfeError::NonFinitePoint { index: 1 })
    ));

    let single = ConvexMesh::from_points_lenient(&[p, p]).unwrap();
    assert_eq!(
        (single.dimension(), single.vertices(), single.neighbors(0)),
        (0, &[p][..], &[][..])
    );
    assert_eq!(single.local_support(&Vec3::x()), p);

    // Collinear, with duplicates and interior points: the two ends.
    let line: Vec<Vec3> = [3.0, -1.0, 0.0, 2.0, -1.0, 0.5]
        .iter()
        .map(|&t| p + Vec3::new(1.0, 2.0, -0.5) * t)
        .collect();
    assert!(matches!(
        ConvexMesh::from_points(&line),
        Err(WolfeError::DegeneratePoints { dimension: 1 })
    ));
    let seg = ConvexMesh::from_points_lenient(&line).unwrap();
    assert_eq!(seg.dimension(), 1);
    let ends: HashSet<[u64; 3]> = seg.vertices().iter().map(key).collect();
    assert_eq!(ends, [line[0], line[1]].iter().map(key).collect());
    assert_eq!(seg.neighbors(0), &[1]);
    assert!(seg.faces().is_empty());
}

#[test]
fn coplanar_sets_give_convex_polygons() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..50 {
        // Integer points on the plane z = 2x - y + 3 (exactly representable).
        let n = rng.random_range(3..200);
        let pts: Vec<Vec3> = (0..n)
            .map(|_| {
                let (x, y) = (rng.random_range(-20..20) as f64, rng.random_range(-20..20) as f64);
                Vec3::new(x, y, 2.0 * x - y + 3.0)
            })
            .collect();
        let poly = match ConvexMesh::from_points_lenient(&pts) {
            Ok(m) if m.dimension() == 2 => m,
            Ok(m) => {
                assert!(m.dimension() < 2); // a random draw can be collinear
                continue;
            }
            Err(e) => panic!("{e}"),
        };
        assert!(matches!(
            ConvexMesh::from_points(&pts),
            Err(WolfeError::DegeneratePoints { dimension: 2 })
        ));
        let v = poly.vertices();
        let k = v.len();
        let o2 = |a: &Vec3, b: &Vec3, c: &Vec3| {
            robust::orient2d(
                robust::Coord { x: a.x, y: a.y },
                robust::Coord { x: b.x, y: b.y },
                robust::Coord { x: c.x, y: c.y },
            )
        };
        // The (x, y) projection is a bijection of this plane: the polygon must be
        // strictly convex with a consistent turn, and contain every point.
        let turn = o2(&v[0], &v[1], &v[2]).signum();
        assert!(turn != 0.0);
        for i in 0..k {
            let (a, b) = (v[i], v[(i + 1) % k]);
            assert_eq!(o2(&a, &b, &v[(i + 2) % k]).signum(), turn, "not strictly convex");
            for p in &pts {
                assert!(o2(&a, &b, p) * turn >= 0.0, "{p:?} outside the polygon");
            }
            assert_eq!(poly.neighbors(i as u32).len(), 2);
            assert!(poly.neighbors(i as u32).contains(&(((i + 1) % k) as u32)));
        }
        assert!(poly.faces().is_empty());
        let mut r = ChaCha8Rng::seed_from_u64(19);
        check_support(&poly, &mut r, 50);
    }
}

fn ycb_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ycb")
}

fn obj_vertices(path: &Path) -> Vec<Vec3> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("v "))
        .map(|l| {
            let c: Vec<f64> = l.split_whitespace().map(|s| s.parse().unwrap()).collect();
            Vec3::new(c[0], c[1], c[2])
        })
        .collect()
}

fn obj_faces(path: &Path) -> Vec<[u32; 3]> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("f "))
        .map(|l| {
            let c: Vec<u32> = l
                .split_whitespace()
                .map(|s| s.parse::<u32>().unwrap() - 1)
                .collect();
            [c[0], c[1], c[2]]
        })
        .collect()
}

fn ycb_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(ycb_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "obj"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 78);
    files
}

/// The shipped YCB hulls (Qhull 2020.2 via scipy, default facet merging, written with
/// 9 significant digits) are reproduced exactly by the exact quickhull run on their own
/// vertices: same vertex set and same oriented triangles on all 78 files. So rounding
/// to 9 digits left every vertex strictly extreme and no four vertices of a facet
/// exactly coplanar (no flat dihedral, asserted below); the exact checks of
/// `check_solid` (closed, outward, every file vertex inside or on) hold as well.
#[test]
fn ycb_hulls_are_reproduced() {
    let mut report = Vec::new();
    for path in ycb_files() {
        let file_v = obj_vertices(&path);
        let mesh = ConvexMesh::from_obj(&path).unwrap();
        check_solid(&file_v, &mesh);
        let ours: HashSet<[u64; 3]> = mesh.vertices().iter().map(key).collect();
        let theirs: HashSet<[u64; 3]> = file_v.iter().map(key).collect();
        // Triangles as vertex-key triples, rotated to start at the smallest key (this
        // keeps the orientation): equal sets mean the same oriented triangulation.
        let tri_keys = |v: &[Vec3], f: &[[u32; 3]]| -> HashSet<[[u64; 3]; 3]> {
            f.iter()
                .map(|t| {
                    let k = t.map(|i| key(&v[i as usize]));
                    let r = (0..3).min_by_key(|&i| k[i]).unwrap();
                    [k[r], k[(r + 1) % 3], k[(r + 2) % 3]]
                })
                .collect()
        };
        // No flat dihedral: across every edge, the far vertex of the neighbouring
        // triangle is strictly below (so no facet has four coplanar vertices).
        let (v, f) = (mesh.vertices(), mesh.faces());
        let mut far: HashMap<(u32, u32), u32> = HashMap::new();
        for t in f {
            for e in 0..3 {
                far.insert((t[e], t[(e + 1) % 3]), t[(e + 2) % 3]);
            }
        }
        let flat = f
            .iter()
            .flat_map(|t| (0..3).map(move |e| (t, e)))
            .filter(|&(t, e)| {
                let w = far[&(t[(e + 1) % 3], t[e])];
                let [a, b, c] = t.map(|i| v[i as usize]);
                outside(&a, &b, &c, &v[w as usize]) == 0.0
            })
            .count();
        if flat > 0 {
            report.push(format!("{}: {flat} flat edges", path.display()));
        }
        let file_f = obj_faces(&path);
        let same_faces = tri_keys(mesh.vertices(), mesh.faces()) == tri_keys(&file_v, &file_f);
        if !same_faces {
            report.push(format!("{}: triangulation differs", path.display()));
        }
        let missing = theirs.difference(&ours).count();
        let extra = ours.difference(&theirs).count();
        if missing + extra > 0 {
            report.push(format!(
                "{}: file {} vertices, ours {}, missing {missing}, extra {extra}",
                path.file_name().unwrap().to_string_lossy(),
                theirs.len(),
                ours.len()
            ));
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn ycb_hill_climbing_matches_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for path in ycb_files() {
        let mesh = ConvexMesh::from_obj(&path).unwrap();
        check_support(&mesh, &mut rng, 2000);
    }
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let p = std::env::temp_dir().join(format!("wolfe-mesh-{}-{name}", std::process::id()));
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn file_errors_are_typed() {
    let missing = Path::new("/definitely/not/here.obj");
    assert!(matches!(
        ConvexMesh::from_obj(missing),
        Err(WolfeError::Io { .. })
    ));
    assert!(matches!(
        ConvexMesh::from_stl(missing),
        Err(WolfeError::Io { .. })
    ));
    let empty = temp_file("empty.obj", b"");
    assert!(matches!(ConvexMesh::from_obj(&empty), Err(WolfeError::EmptyMesh)));
    let bad = temp_file("bad.obj", b"v 1 2 x\nf 1 1 1\n");
    assert!(matches!(
        ConvexMesh::from_obj(&bad),
        Err(WolfeError::Parse { .. })
    ));
    let nan = temp_file("nan.obj", b"v 0 0 0\nv 1 0 0\nv 0 NaN 0\nv 0 0 1\nf 1 2 3 4\n");
    assert!(matches!(
        ConvexMesh::from_obj(&nan),
        Err(WolfeError::NonFinitePoint { index: 2 })
    ));
    let flat = temp_file("flat.obj", b"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3 4\n");
    assert!(matches!(
        ConvexMesh::from_obj(&flat),
        Err(WolfeError::DegeneratePoints { dimension: 2 })
    ));
    let tetra = temp_file(
        "t.stl",
        b"solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\n\
facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\nendsolid t\n",
    );
    assert_eq!(ConvexMesh::from_stl(&tetra).unwrap().vertices().len(), 4);
    let bad_stl = temp_file(
        "bad.stl",
        b"solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0\n",
    );
    assert!(matches!(
        ConvexMesh::from_stl(&bad_stl),
        Err(WolfeError::Parse { .. })
    ));
    for p in [empty, bad, nan, flat, tetra, bad_stl] {
        let _ = std::fs::remove_file(p);
    }
}

/// Point sets mixing random, duplicated, coplanar, collinear and grid points.
fn point_set() -> impl Strategy<Value = Vec<Vec3>> {
    let coord = prop_oneof![(-4i32..4).prop_map(|i| i as f64 * 0.25), -1.0f64..1.0];
    let point = (coord.clone(), coord.clone(), coord).prop_map(|(x, y, z)| Vec3::new(x, y, z));
    (proptest::collection::vec(point, 1..60), 0usize..5).prop_map(|(mut pts, mode)| {
        match mode {
            1 => {
                // flatten onto z = x/2 + y/4 (exact for quarter-grid x, y)
                for p in &mut pts {
                    p.z = p.x * 0.5 + p.y * 0.25;
                }
            }
            2 => {
                let dup = pts.clone();
                pts.extend(dup.iter().rev());
            }
            3 => {
                // a collinear tail: extreme along the line, or not
                let (a, b) = (pts[0], pts[pts.len() - 1]);
                pts.extend((0..5).map(|k| a + (b - a) * (k as f64 * 0.5)));
            }
            4 => {
                // on the unit sphere, rounded to 1/16: many exactly coplanar quadruples
                // among nearly spherical points, as in rounded scans
                for p in &mut pts {
                    let q = if p.norm() > 0.0 { p.normalize() } else { Vec3::x() };
                    *p = q.map(|c| (c * 16.0).round() / 16.0);
                }
            }
            _ => {}
        }
        pts
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn hull_invariants_hold_on_any_point_set(pts in point_set()) {
        let lenient = ConvexMesh::from_points_lenient(&pts).unwrap();
        match ConvexMesh::from_points(&pts) {
            Ok(m) => {
                check_solid(&pts, &m);
                check_extreme(&m);
                prop_assert_eq!(lenient.vertices().len(), m.vertices().len());
            }
            Err(WolfeError::DegeneratePoints { dimension }) => {
                prop_assert!(dimension < 3);
                prop_assert_eq!(lenient.dimension(), dimension);
                prop_assert!(lenient.faces().is_empty());
            }
            Err(e) => prop_assert!(false, "unexpected error {}", e),
        }
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        check_support(&lenient, &mut rng, 20);
    }
}
