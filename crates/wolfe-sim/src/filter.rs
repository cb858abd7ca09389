//! Collision groups of a geometry, whichever body holds it (a rigid body, a link of a
//! tree): below both, so that neither imports the other.

/// Collision groups (MuJoCo's `contype` and `conaffinity`): two geometries may touch only
/// when `group_a & mask_b != 0` or `group_b & mask_a != 0`. The default (1, 1) lets
/// everything touch; (0, 0) touches nothing (half-spaces included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CollisionFilter {
    /// The geometry's group bits (`contype`).
    pub group: u32,
    /// The groups it collides with (`conaffinity`).
    pub mask: u32,
}

impl Default for CollisionFilter {
    fn default() -> Self {
        Self { group: 1, mask: 1 }
    }
}

impl CollisionFilter {
    /// Whether the two may touch (MuJoCo's rule).
    pub fn allows(&self, other: &CollisionFilter) -> bool {
        self.group & other.mask != 0 || other.group & self.mask != 0
    }

    /// Whether it touches anything at all (half-spaces test this alone).
    pub fn touches_anything(&self) -> bool {
        self.group | self.mask != 0
    }
}
