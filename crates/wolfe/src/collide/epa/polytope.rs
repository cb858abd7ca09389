//! The expanding polytope: a closed triangle mesh around the origin inside the Minkowski
//! difference, in fixed-capacity storage owned by the caller.
//!
//! **Capacity bound.** EPA starts from a tetrahedron (4 vertices, 4 faces) and each
//! expansion adds exactly one vertex, so after `k` expansions the polytope has
//! `V = 4 + k` vertices. It stays a closed triangulated sphere (the visible faces form
//! a disk whose boundary, the horizon, is re-coned to the new vertex), so Euler's
//! formula `V - E + F = 2` with `3F = 2E` gives `F = 2V - 4` live faces. Removed faces go
//! to a free list before the new ones are made, so face slots never exceed
//! `2 (4 + max_iterations) - 4 = 2 max_iterations + 4`. The horizon has at most as many
//! edges as there are faces. If rounding ever broke the sphere topology, the count is
//! still checked before every allocation and the expansion stops with
//! [`super::EpaStatus::FaceLimit`] instead of writing out of bounds.

use crate::collide::simplex::SupportPoint;
use crate::math::Vec3;

/// Index of "no face".
pub(crate) const NONE: u32 = u32::MAX;

/// One triangle of the polytope, counter-clockwise seen from outside.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Face {
    /// Vertex indices.
    pub v: [u32; 3],
    /// `adj[i]`: the face across the edge `v[i] -> v[i + 1]`.
    pub adj: [u32; 3],
    /// Unit outward normal.
    pub n: Vec3,
    /// Signed distance of the face's plane from the origin, `<n, w_0>`.
    pub d: f64,
    /// Whether the face is part of the polytope.
    pub alive: bool,
    /// The expansion in which the face was last visited (horizon search).
    pub pass: u32,
}

/// A horizon edge: the kept face, the index of its edge that borders a removed face, and
/// that edge's vertices `p -> q` as the kept face runs it (read once in the search, so
/// that coning does not load the kept face again).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct HorizonEdge {
    pub face: u32,
    pub edge: u8,
    pub p: u32,
    pub q: u32,
}

impl HorizonEdge {
    /// The edge of `kept` (face index `index`) across which lies the face `removed`;
    /// `None` when `kept` does not border it (broken adjacency).
    #[inline]
    fn back_to(index: u32, kept: &Face, removed: u32) -> Option<Self> {
        let edge = kept.adj.iter().position(|&x| x == removed)?;
        Some(Self {
            face: index,
            edge: edge as u8,
            p: kept.v[edge],
            q: kept.v[(edge + 1) % 3],
        })
    }
}

/// Why a face could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FaceError {
    /// No free slot (the capacity bound was broken by a non-spherical horizon).
    Full,
    /// The triangle's area is rounding noise: it has no normal.
    Degenerate,
}

/// Vertices, faces, a free list and the scratch of the horizon search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Polytope {
    pub vertices: Vec<SupportPoint>,
    pub faces: Vec<Face>,
    /// `faces[i].d` for a live face, `+inf` for a removed one: the nearest-face search
    /// scans this dense array (8 bytes a face) instead of the faces (64).
    dist: Vec<f64>,
    free: Vec<u32>,
    /// Horizon edges of the current expansion.
    pub horizon: Vec<HorizonEdge>,
    /// Depth-first search stack of the horizon search.
    stack: Vec<u32>,
    /// Faces removed in the current expansion (freed once the horizon is known).
    removed: Vec<u32>,
    /// For the linking of new faces: the new face starting at each vertex.
    new_face_at: Vec<u32>,
    vertex_capacity: usize,
    face_capacity: usize,
    pass: u32,
}

/// Rounding bound of a triangle's doubled area relative to the product of its edges: a
/// cross product below `AREA_EPS |u| |v|` has no reliable direction.
const AREA_EPS: f64 = 64.0 * f64::EPSILON;

impl Polytope {
    /// Storage for `max_iterations` expansions (see the module documentation).
    pub fn with_capacity(max_iterations: usize) -> Self {
        let vertex_capacity = 4 + max_iterations;
        let face_capacity = 2 * vertex_capacity - 4;
        Self {
            vertices: Vec::with_capacity(vertex_capacity),
            faces: Vec::with_capacity(face_capacity),
            dist: Vec::with_capacity(face_capacity),
            free: Vec::with_capacity(face_capacity),
            horizon: Vec::with_capacity(face_capacity),
            stack: Vec::with_capacity(face_capacity),
            removed: Vec::with_capacity(face_capacity),
            new_face_at: vec![NONE; vertex_capacity],
            vertex_capacity,
            face_capacity,
            pass: 0,
        }
    }

    /// Empties the polytope (keeps the storage).
    pub fn clear(&mut self) {
        self.vertices.clear();
        self.faces.clear();
        self.dist.clear();
        self.free.clear();
        self.horizon.clear();
        self.pass = 0;
    }

    /// Whether one more vertex fits.
    pub fn vertex_room(&self) -> bool {
        self.vertices.len() < self.vertex_capacity
    }

    /// Adds a vertex (the caller checked [`Polytope::vertex_room`]).
    pub fn push_vertex(&mut self, p: SupportPoint) -> u32 {
        self.vertices.push(p);
        (self.vertices.len() - 1) as u32
    }

    /// Makes the face `a, b, c` (counter-clockwise from outside), adjacency unset.
    pub fn make_face(&mut self, a: u32, b: u32, c: u32) -> Result<u32, FaceError> {
        let (pa, pb, pc) = (
            self.vertices[a as usize].w,
            self.vertices[b as usize].w,
            self.vertices[c as usize].w,
        );
        let (u, v) = (pb - pa, pc - pa);
        let n = u.cross(&v);
        // `|u x v| > AREA_EPS |u| |v|` in squares: one square root per face, not three.
        let len_sq = n.norm_squared();
        if !exceeds(len_sq, AREA_EPS * AREA_EPS * u.norm_squared() * v.norm_squared()) {
            return Err(FaceError::Degenerate);
        }
        let n = n * (1.0 / len_sq.sqrt());
        // The plane offset from the vertex nearest the origin's projection is no better
        // than the mean; the mean of three halves the rounding.
        let d = n.dot(&(pa + pb + pc)) * (1.0 / 3.0);
        let face = Face {
            v: [a, b, c],
            adj: [NONE; 3],
            n,
            d,
            alive: true,
            pass: self.pass,
        };
        let index = if let Some(i) = self.free.pop() {
            self.faces[i as usize] = face;
            self.dist[i as usize] = d;
            i
        } else if self.faces.len() < self.face_capacity {
            self.faces.push(face);
            self.dist.push(d);
            (self.faces.len() - 1) as u32
        } else {
            return Err(FaceError::Full);
        };
        Ok(index)
    }

    /// Links faces `f` (edge `i`) and `g` (edge `j`) as neighbours.
    pub fn link(&mut self, f: u32, i: usize, g: u32, j: usize) {
        self.faces[f as usize].adj[i] = g;
        self.faces[g as usize].adj[j] = f;
    }

    /// The live face with the smallest plane distance (`NONE` if there is none, or if
    /// every live distance is NaN or `+inf`); the first such face on ties.
    ///
    /// Four independent running minima (faces `i` with `i % 4 = lane`), merged at the
    /// end: one running minimum is a chain of dependent compares, a third of EPA's own
    /// time on curved pairs (`perf`); the lanes overlap.
    #[inline]
    pub fn nearest_face(&self) -> u32 {
        let mut best = [NONE; 4];
        let mut best_d = [f64::INFINITY; 4];
        let chunks = self.dist.chunks_exact(4);
        let tail = chunks.remainder();
        for (c, chunk) in chunks.enumerate() {
            for lane in 0..4 {
                if chunk[lane] < best_d[lane] {
                    best_d[lane] = chunk[lane];
                    best[lane] = (4 * c + lane) as u32;
                }
            }
        }
        let base = self.dist.len() - tail.len();
        for (lane, &d) in tail.iter().enumerate() {
            if d < best_d[lane] {
                best_d[lane] = d;
                best[lane] = (base + lane) as u32;
            }
        }
        // Smallest distance, the smallest index on ties (the single scan's choice).
        let mut f = best[0];
        let mut f_d = best_d[0];
        for lane in 1..4 {
            if best_d[lane] < f_d || (best_d[lane] == f_d && best[lane] < f) {
                f = best[lane];
                f_d = best_d[lane];
            }
        }
        f
    }

    /// Marks face `f` removed in this pass.
    #[inline]
    fn remove(&mut self, f: u32, pass: u32) {
        let face = &mut self.faces[f as usize];
        face.alive = false;
        face.pass = pass;
        self.dist[f as usize] = f64::INFINITY;
    }

    /// Builds the tetrahedron of vertices `0..4` (any orientation, non-zero volume) with
    /// outward faces and their adjacency.
    pub fn tetrahedron(&mut self) -> Result<(), FaceError> {
        let p = |i: usize| self.vertices[i].w;
        let det = (p(1) - p(0)).cross(&(p(2) - p(0))).dot(&(p(3) - p(0)));
        if det < 0.0 {
            self.vertices.swap(0, 1);
        }
        // Positive orientation: (1 - 0) x (2 - 0) points towards vertex 3, so these
        // faces are counter-clockwise seen from outside.
        let tris = [[1, 2, 3], [0, 3, 2], [0, 1, 3], [0, 2, 1]];
        let mut ids = [0u32; 4];
        for (k, t) in tris.iter().enumerate() {
            ids[k] = self.make_face(t[0], t[1], t[2])?;
        }
        // Each edge a -> b of one face is b -> a of exactly one other face.
        for fi in 0..4 {
            for e in 0..3 {
                let (a, b) = (tris[fi][e], tris[fi][(e + 1) % 3]);
                for gi in 0..4 {
                    if gi == fi {
                        continue;
                    }
                    for k in 0..3 {
                        if tris[gi][k] == b && tris[gi][(k + 1) % 3] == a {
                            self.faces[ids[fi] as usize].adj[e] = ids[gi];
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Removes the faces that see `w` (beyond their plane by more than `eps`), grown
    /// from `seed` across edges so that the removed region is connected, and records the
    /// horizon edges. `seed` itself is always removed. Returns `false` when the horizon
    /// search broke an invariant (a missing neighbour).
    pub fn carve(&mut self, seed: u32, w: &Vec3, eps: f64) -> bool {
        self.pass = self.pass.wrapping_add(1);
        let pass = self.pass;
        self.horizon.clear();
        self.stack.clear();
        self.removed.clear();
        self.remove(seed, pass);
        self.removed.push(seed);
        self.stack.push(seed);
        while let Some(f) = self.stack.pop() {
            for e in 0..3 {
                let g = self.faces[f as usize].adj[e];
                if g == NONE {
                    return false;
                }
                // Fields read through a reference: a copy of the face to the stack
                // re-read at another alignment stalled store forwarding (`perf`: a
                // fifth of the search's time on the normal's load).
                let face = &self.faces[g as usize];
                if face.pass == pass {
                    if face.alive {
                        // Already known to be kept: one more horizon edge of it.
                        let Some(edge) = HorizonEdge::back_to(g, face, f) else {
                            return false;
                        };
                        self.horizon.push(edge);
                    }
                    continue;
                }
                let p0 = self.vertices[face.v[0] as usize].w;
                let visible = face.alive && face.n.dot(&(w - p0)) > eps;
                if visible {
                    self.remove(g, pass);
                    self.removed.push(g);
                    self.stack.push(g);
                } else {
                    let Some(edge) = HorizonEdge::back_to(g, face, f) else {
                        return false;
                    };
                    self.horizon.push(edge);
                    self.faces[g as usize].pass = pass;
                }
            }
        }
        self.free.extend_from_slice(&self.removed);
        true
    }

    /// Cones the horizon to vertex `apex`: one new face per horizon edge, linked to the
    /// kept face across the edge and to its two new neighbours.
    pub fn cone(&mut self, apex: u32) -> Result<(), FaceError> {
        let result = self.cone_inner(apex);
        // Leave the lookup empty for the next expansion, whatever happened.
        for h in &self.horizon {
            if let Some(slot) = self.new_face_at.get_mut(h.q as usize) {
                *slot = NONE;
            }
        }
        result
    }

    fn cone_inner(&mut self, apex: u32) -> Result<(), FaceError> {
        if self.horizon.len() > self.face_capacity {
            return Err(FaceError::Full);
        }
        for k in 0..self.horizon.len() {
            let h = self.horizon[k];
            // The kept face has p -> q; the new face has q -> p, then the apex.
            let f = self.make_face(h.q, h.p, apex)?;
            self.link(f, 0, h.face, h.edge as usize);
            self.new_face_at[h.q as usize] = f;
        }
        // Face [q, p, apex]: edge 1 (p -> apex) borders the new face starting at p, whose
        // edge 2 is apex -> p.
        for k in 0..self.horizon.len() {
            let HorizonEdge { p, q, .. } = self.horizon[k];
            let f = self.new_face_at[q as usize];
            let g = self.new_face_at[p as usize];
            if g == NONE || self.faces[g as usize].v[0] != p {
                return Err(FaceError::Degenerate);
            }
            self.link(f, 1, g, 2);
        }
        Ok(())
    }
}

/// `a > b`, false for NaN: negated, it sends NaN to the degenerate branch.
#[inline]
pub(crate) fn exceeds(a: f64, b: f64) -> bool {
    a > b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sp(w: Vec3) -> SupportPoint {
        SupportPoint {
            w,
            a: w,
            b: Vec3::zeros(),
        }
    }

    /// Every live face's neighbours are live and point back across the same edge.
    fn assert_consistent(p: &Polytope) {
        for (i, f) in p.faces.iter().enumerate().filter(|(_, f)| f.alive) {
            for e in 0..3 {
                let g = &p.faces[f.adj[e] as usize];
                assert!(g.alive, "face {i} edge {e}");
                let (a, b) = (f.v[e], f.v[(e + 1) % 3]);
                let k = g.adj.iter().position(|&x| x as usize == i).expect("back link");
                assert_eq!((g.v[k], g.v[(k + 1) % 3]), (b, a), "face {i} edge {e}");
            }
        }
    }

    /// Growing a polytope by points on a sphere keeps the Euler count `F = 2V - 4`
    /// within the capacity bound, with consistent adjacency.
    #[test]
    fn expansion_keeps_euler_count_and_capacity() {
        let n = 200;
        let mut p = Polytope::with_capacity(n);
        for w in [
            Vec3::new(1.0, 1.0, 1.0),
            Vec3::new(1.0, -1.0, -1.0),
            Vec3::new(-1.0, 1.0, -1.0),
            Vec3::new(-1.0, -1.0, 1.0),
        ] {
            p.push_vertex(sp(w * 0.5));
        }
        p.tetrahedron().unwrap();
        assert_consistent(&p);
        for k in 0..n {
            // Golden-angle spiral on the unit sphere, outside the tetrahedron.
            let z = 1.0 - (2 * k + 1) as f64 / n as f64;
            let r = (1.0 - z * z).sqrt();
            let t = 2.399_963_229_728_653 * k as f64;
            let w = Vec3::new(r * t.cos(), r * t.sin(), z);
            // The face nearest to being seen: the one of largest <n, w> - d.
            let seed = (0..p.faces.len())
                .filter(|&i| p.faces[i].alive)
                .max_by(|&i, &j| {
                    let s = |f: &Face| f.n.dot(&w) - f.d;
                    s(&p.faces[i]).total_cmp(&s(&p.faces[j]))
                })
                .unwrap() as u32;
            assert!(p.faces[seed as usize].n.dot(&w) > p.faces[seed as usize].d);
            assert!(p.vertex_room());
            let apex = p.push_vertex(sp(w));
            assert!(p.carve(seed, &w, 1e-12));
            p.cone(apex).unwrap();
            // Euler on the vertices still on the surface (the first tetrahedron's lie
            // inside the sphere and get swallowed), so the bound on all vertices holds.
            let live = p.faces.iter().filter(|f| f.alive).count();
            let mut on_surface = vec![false; p.vertices.len()];
            for f in p.faces.iter().filter(|f| f.alive) {
                for &v in &f.v {
                    on_surface[v as usize] = true;
                }
            }
            let v_surface = on_surface.iter().filter(|&&b| b).count();
            assert_eq!(live, 2 * v_surface - 4);
            assert!(live <= 2 * p.vertices.len() - 4);
            assert!(p.faces.len() <= 2 * n + 4);
        }
        assert_consistent(&p);
        assert!(!p.vertex_room());
    }
}
