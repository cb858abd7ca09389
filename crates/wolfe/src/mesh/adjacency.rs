//! Vertex adjacency of a hull in compressed sparse row (CSR) form: the neighbours of
//! vertex `v` are `indices[offsets[v]..offsets[v + 1]]`. One allocation for all lists,
//! so that the hill-climbing support walks contiguous memory.

/// CSR vertex adjacency.
#[derive(Clone, Debug, Default)]
pub(crate) struct Adjacency {
    offsets: Vec<u32>,
    indices: Vec<u32>,
}

impl Adjacency {
    /// Adjacency of a closed triangle mesh with `n` vertices. Each directed edge `a -> b`
    /// of a face adds `b` to `a`'s list; in a closed, consistently oriented mesh every
    /// undirected edge appears once in each direction, so each neighbour is listed once.
    pub(crate) fn from_faces(n: usize, faces: &[[u32; 3]]) -> Self {
        let mut offsets = vec![0u32; n + 1];
        for f in faces {
            for &a in f {
                offsets[a as usize + 1] += 1;
            }
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut indices = vec![0u32; offsets[n] as usize];
        for f in faces {
            for e in 0..3 {
                let (a, b) = (f[e] as usize, f[(e + 1) % 3]);
                indices[fill[a] as usize] = b;
                fill[a] += 1;
            }
        }
        Self { offsets, indices }
    }

    /// Adjacency of a cycle `0 - 1 - ... - (n-1) - 0` (a convex polygon); for `n = 2` the
    /// two endpoints of a segment see each other, for `n = 1` the point has no neighbour.
    pub(crate) fn from_cycle(n: usize) -> Self {
        let lists: Vec<Vec<u32>> = match n {
            0 | 1 => vec![Vec::new(); n],
            2 => vec![vec![1], vec![0]],
            _ => (0..n)
                .map(|i| vec![((i + n - 1) % n) as u32, ((i + 1) % n) as u32])
                .collect(),
        };
        let mut offsets = vec![0u32];
        let mut indices = Vec::new();
        for l in lists {
            indices.extend(l);
            offsets.push(indices.len() as u32);
        }
        Self { offsets, indices }
    }

    /// The range `start..end` of `v`'s neighbours in [`Adjacency::indices`]; `(0, 0)` for
    /// an index out of range.
    #[inline]
    pub(crate) fn range(&self, v: usize) -> (u32, u32) {
        match (self.offsets.get(v), self.offsets.get(v + 1)) {
            (Some(&s), Some(&e)) => (s, e),
            _ => (0, 0),
        }
    }

    /// Every vertex's neighbours, one list after the other (see [`Adjacency::range`]).
    #[inline]
    pub(crate) fn indices(&self) -> &[u32] {
        &self.indices
    }

    /// The neighbours of `v`; empty for an index out of range.
    #[inline]
    pub(crate) fn neighbors(&self, v: usize) -> &[u32] {
        let (s, e) = self.range(v);
        self.indices.get(s as usize..e as usize).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tetrahedron_and_cycles() {
        let faces = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]];
        let a = Adjacency::from_faces(4, &faces);
        for v in 0..4 {
            let mut n = a.neighbors(v).to_vec();
            n.sort();
            let expect: Vec<u32> = (0..4).filter(|&w| w != v as u32).collect();
            assert_eq!(n, expect);
        }
        assert!(a.neighbors(4).is_empty());
        let c = Adjacency::from_cycle(5);
        assert_eq!(c.neighbors(0), &[4, 1]);
        assert_eq!(c.neighbors(4), &[3, 0]);
        assert_eq!(Adjacency::from_cycle(2).neighbors(1), &[0]);
        assert!(Adjacency::from_cycle(1).neighbors(0).is_empty());
    }
}
