//! 3D quickhull (Barber, Dobkin, Huhdanpaa 1996) decided by exact orientation predicates.
//!
//! Each face keeps the points *strictly* outside it (its conflict list). Repeatedly, the
//! point farthest (in floats, a heuristic) from a face with a non-empty list becomes the
//! eye; the faces the eye sees are removed and replaced by a cone of new triangles from
//! the eye to the horizon; the removed faces' points are re-assigned to the new faces.
//!
//! Degeneracies, handled exactly:
//! - A point that is not strictly outside any face is inside or on the hull and is
//!   discarded: a point on a face plane never becomes a vertex on its own account.
//! - Visibility is *weak*: starting from a face the eye is strictly outside, the removed
//!   region also takes every connected face whose plane contains the eye. Then every
//!   horizon edge borders a kept face that has the eye strictly inside, so a new triangle
//!   (u, v, eye) can never be degenerate (the eye on line uv would put it on the kept
//!   face's plane). It also removes vertices made non-extreme by the eye: if `w`
//!   becomes a convex combination involving the eye, every face around `w` has the eye
//!   on or above its plane, so the whole star of `w` is removed. Hence the output
//!   vertices are exactly the extreme points of the input.
//! - Re-assigning a removed face's points only to the new faces is complete: a point
//!   strictly above a removed face that is outside the new hull leaves it through the
//!   cone, i.e. it is strictly above a new face.
//!
//! The horizon of a point outside a convex polytope bounds a disk, so it is one simple
//! cycle; this is checked, and a violation (possible only when the predicates underflow
//! on inputs with a dynamic range beyond ~1e-300) is reported as an error, not a panic.

use super::predicates::side;
use crate::error::WolfeError;
use crate::math::Vec3;

/// Marks "no face" / "no vertex" in the scratch arrays.
const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Face {
    /// Vertices, counter-clockwise seen from outside.
    v: [u32; 3],
    /// `adj[e]` is the face across the edge `v[e] -> v[(e + 1) % 3]`.
    adj: [u32; 3],
    /// Float normal `(b - a) x (c - a)`, only to rank the conflict points by distance.
    normal: Vec3,
    /// Points strictly outside this face, owned by it.
    outside: Vec<u32>,
    alive: bool,
    /// Visibility-search stamp and result for the current eye.
    stamp: u32,
    visible: bool,
}

struct State<'a> {
    pts: &'a [Vec3],
    faces: Vec<Face>,
    stamp: u32,
}

impl State<'_> {
    fn new_face(&mut self, v: [u32; 3]) -> u32 {
        let [a, b, c] = v.map(|i| self.pts[i as usize]);
        self.faces.push(Face {
            v,
            adj: [NONE; 3],
            normal: (b - a).cross(&(c - a)),
            outside: Vec::new(),
            alive: true,
            stamp: 0,
            visible: false,
        });
        (self.faces.len() - 1) as u32
    }

    /// Exact side of point `p` with respect to face `f` (> 0: strictly outside).
    fn side(&self, f: u32, p: u32) -> f64 {
        let v = self.faces[f as usize].v;
        let q = |i: u32| &self.pts[i as usize];
        side(q(v[0]), q(v[1]), q(v[2]), q(p))
    }

    /// Gives `p` to the first face of `candidates` it is strictly outside; returns
    /// whether one was found (if not, `p` is inside or on the hull).
    fn assign(&mut self, p: u32, candidates: std::ops::Range<u32>) -> bool {
        for f in candidates {
            if self.side(f, p) > 0.0 {
                self.faces[f as usize].outside.push(p);
                return true;
            }
        }
        false
    }

    /// The point of `f`'s conflict list farthest from its plane (float estimate).
    fn farthest(&self, f: u32) -> u32 {
        let face = &self.faces[f as usize];
        let a = self.pts[face.v[0] as usize];
        let mut best = (face.outside[0], f64::NEG_INFINITY);
        for &p in &face.outside {
            let d = face.normal.dot(&(self.pts[p as usize] - a));
            if d > best.1 {
                best = (p, d);
            }
        }
        best.0
    }
}

/// Links the `adj` fields of faces that share an edge (used for the initial simplex).
fn link_all(faces: &mut [Face]) {
    for f in 0..faces.len() {
        for e in 0..3 {
            let (a, b) = (faces[f].v[e], faces[f].v[(e + 1) % 3]);
            for g in 0..faces.len() {
                if let Some(k) = (0..3).find(|&k| faces[g].v[k] == b && faces[g].v[(k + 1) % 3] == a) {
                    faces[f].adj[e] = g as u32;
                    faces[g].adj[k] = f as u32;
                }
            }
        }
    }
}

fn broken(what: &str) -> WolfeError {
    WolfeError::MalformedMesh(format!(
        "convex hull: {what} (exact predicates under- or overflowed?)"
    ))
}

/// The hull of `pts` (distinct, finite, spanning 3D), given four affinely independent
/// seed indices. Returns the used point indices (ascending) and the triangles indexing
/// into that list, outward counter-clockwise.
pub(crate) fn quickhull(pts: &[Vec3], seed: [usize; 4]) -> Result<(Vec<u32>, Vec<[u32; 3]>), WolfeError> {
    let n = pts.len();
    let mut st = State {
        pts,
        faces: Vec::with_capacity(8 * 4 + 4 * n.min(1 << 16)),
        stamp: 0,
    };
    let [mut a, mut b, c, d] = seed.map(|i| i as u32);
    // Orient the base so that the fourth point is strictly inside it.
    if st_side(pts, [a, b, c], d) > 0.0 {
        std::mem::swap(&mut a, &mut b);
    }
    for v in [[a, b, c], [a, d, b], [b, d, c], [c, d, a]] {
        st.new_face(v);
    }
    link_all(&mut st.faces);
    for p in 0..n as u32 {
        if ![a, b, c, d].contains(&p) {
            st.assign(p, 0..4);
        }
    }

    let mut stack: Vec<u32> = (0..4).collect();
    let mut visible: Vec<u32> = Vec::new();
    let mut horizon: Vec<(u32, u32, u32)> = Vec::new();
    let mut orphans: Vec<u32> = Vec::new();
    // Per-vertex scratch for the horizon cycle: the horizon edge starting at a vertex.
    let mut start_of = vec![NONE; n];
    let mut start_stamp = vec![0u32; n];

    while let Some(f0) = stack.pop() {
        let face = &st.faces[f0 as usize];
        if !face.alive || face.outside.is_empty() {
            continue;
        }
        let eye = st.farthest(f0);
        st.stamp += 1;
        let stamp = st.stamp;

        // Weakly visible region connected to f0 (see the module doc).
        visible.clear();
        visible.push(f0);
        st.faces[f0 as usize].stamp = stamp;
        st.faces[f0 as usize].visible = true;
        let mut k = 0;
        while k < visible.len() {
            let f = visible[k];
            k += 1;
            for e in 0..3 {
                let g = st.faces[f as usize].adj[e];
                if st.faces[g as usize].stamp == stamp {
                    continue;
                }
                let vis = st.side(g, eye) >= 0.0;
                let gf = &mut st.faces[g as usize];
                gf.stamp = stamp;
                gf.visible = vis;
                if vis {
                    visible.push(g);
                }
            }
        }

        // Horizon edges, oriented as in the removed faces, with the kept face beyond.
        horizon.clear();
        for &f in &visible {
            let face = &st.faces[f as usize];
            for e in 0..3 {
                let g = face.adj[e];
                if !st.faces[g as usize].visible {
                    let (u, v) = (face.v[e], face.v[(e + 1) % 3]);
                    if start_stamp[u as usize] == stamp {
                        return Err(broken("horizon visits a vertex twice"));
                    }
                    start_stamp[u as usize] = stamp;
                    start_of[u as usize] = horizon.len() as u32;
                    horizon.push((u, v, g));
                }
            }
        }
        check_cycle(&horizon, &start_of, &start_stamp, stamp)?;

        // Cone of new faces from the eye.
        let base = st.faces.len() as u32;
        for &(u, v, _) in &horizon {
            st.new_face([u, v, eye]);
        }
        for (k, &(u, v, g)) in horizon.iter().enumerate() {
            let nf = base + k as u32;
            let next = base + start_of[v as usize];
            st.faces[nf as usize].adj[0] = g;
            st.faces[nf as usize].adj[1] = next;
            st.faces[next as usize].adj[2] = nf;
            let gf = &mut st.faces[g as usize];
            match (0..3).find(|&e| gf.v[e] == v && gf.v[(e + 1) % 3] == u) {
                Some(e) => gf.adj[e] = nf,
                None => return Err(broken("kept face does not share the horizon edge")),
            }
        }

        // Retire the visible faces and re-assign their conflict points.
        orphans.clear();
        for &f in &visible {
            let face = &mut st.faces[f as usize];
            face.alive = false;
            orphans.append(&mut face.outside);
        }
        let end = st.faces.len() as u32;
        for &p in &orphans {
            if p != eye {
                st.assign(p, base..end);
            }
        }
        stack.extend((base..end).filter(|&f| !st.faces[f as usize].outside.is_empty()));
    }

    Ok(compact(&st.faces, n))
}

/// The horizon is one simple cycle: following end -> start from the first edge returns
/// to it after exactly `horizon.len()` steps, and not before.
fn check_cycle(
    horizon: &[(u32, u32, u32)], start_of: &[u32], start_stamp: &[u32], stamp: u32,
) -> Result<(), WolfeError> {
    let mut at = 0usize;
    for step in 1..=horizon.len() {
        let v = horizon[at].1 as usize;
        if start_stamp[v] != stamp {
            return Err(broken("horizon is not closed"));
        }
        at = start_of[v] as usize;
        if at == 0 && step < horizon.len() {
            return Err(broken("horizon is not one cycle"));
        }
    }
    if at != 0 || horizon.len() < 3 {
        return Err(broken("horizon is not one cycle"));
    }
    Ok(())
}

/// Compacts the hull: the live faces of `faces` and the vertices they use (of `n`
/// points), in ascending input order, with the faces indexing into that list.
fn compact(faces: &[Face], n: usize) -> (Vec<u32>, Vec<[u32; 3]>) {
    let mut remap = vec![NONE; n];
    for f in faces.iter().filter(|f| f.alive) {
        for &v in &f.v {
            remap[v as usize] = 0;
        }
    }
    let mut used = Vec::new();
    for (i, r) in remap.iter_mut().enumerate() {
        if *r == 0 {
            *r = used.len() as u32;
            used.push(i as u32);
        }
    }
    let faces = faces
        .iter()
        .filter(|f| f.alive)
        .map(|f| f.v.map(|v| remap[v as usize]))
        .collect();
    (used, faces)
}

fn st_side(pts: &[Vec3], f: [u32; 3], p: u32) -> f64 {
    let q = |i: u32| &pts[i as usize];
    side(q(f[0]), q(f[1]), q(f[2]), q(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube_with_face_points() -> Vec<Vec3> {
        // A 3x3x3 grid: 8 corners, and 19 points on faces, edges, or inside.
        let mut pts = Vec::new();
        for i in 0..3 {
            for j in 0..3 {
                for k in 0..3 {
                    pts.push(Vec3::new(i as f64, j as f64, k as f64));
                }
            }
        }
        pts
    }

    #[test]
    fn grid_cube_keeps_only_corners() {
        let pts = cube_with_face_points();
        // Seed with three collinear-free corners and an edge midpoint: the midpoint is
        // later made non-extreme and must be removed again.
        let (used, faces) = quickhull(&pts, [0, 2, 6, 19]).unwrap();
        assert_eq!(used.len(), 8, "{used:?}");
        assert_eq!(faces.len(), 12);
        for &u in &used {
            let p = pts[u as usize];
            assert!(p.iter().all(|&c| c == 0.0 || c == 2.0), "{p:?}");
        }
    }

    #[test]
    fn faces_are_outward_and_nothing_is_outside() {
        let pts = cube_with_face_points();
        let (used, faces) = quickhull(&pts, [0, 2, 6, 18]).unwrap();
        for f in &faces {
            let [a, b, c] = f.map(|i| pts[used[i as usize] as usize]);
            assert!((b - a).cross(&(c - a)).dot(&(a - Vec3::repeat(1.0))) > 0.0);
            for p in &pts {
                assert!(side(&a, &b, &c, p) <= 0.0);
            }
        }
    }
}
