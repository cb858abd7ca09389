//! The values of a problem set: file names and columns, distance categories, shape
//! descriptions, named shapes and problems.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use wolfe::{Geometry, Pose, Shape};

/// File name of the shape table inside a set directory.
pub const SHAPES_FILE: &str = "shapes.json";
/// File name of the problem table inside a set directory.
pub const PROBLEMS_FILE: &str = "problems.csv";
/// The columns of `problems.csv`, in the order the format writes them.
pub const PROBLEM_COLUMNS: [&str; 19] = [
    "id", "shape_a", "shape_b", "ax", "ay", "az", "aqw", "aqx", "aqy", "aqz", "bx", "by", "bz", "bqw", "bqx",
    "bqy", "bqz", "dist", "category",
];

/// Distance class of a problem (benchmark-format.md, thresholds of the GJK++ paper).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// The shapes overlap (`dist < 0`).
    Overlap,
    /// Close proximity: `0 < dist <= 0.1` m.
    Close,
    /// Anything between the named classes (e.g. `dist = 0.5` m, or exactly 0); the
    /// format names no class for it.
    Mid,
    /// Far apart: `dist >= 1` m.
    Distant,
}

impl Category {
    /// Every category, in increasing distance.
    pub const ALL: [Category; 4] = [
        Category::Overlap,
        Category::Close,
        Category::Mid,
        Category::Distant,
    ];

    /// The category of a signed distance, in metres.
    pub fn of_distance(dist: f64) -> Category {
        if dist < 0.0 {
            Category::Overlap
        } else if dist > 0.0 && dist <= 0.1 {
            Category::Close
        } else if dist >= 1.0 {
            Category::Distant
        } else {
            Category::Mid
        }
    }

    /// The name written in `problems.csv`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Overlap => "overlap",
            Category::Close => "close",
            Category::Mid => "mid",
            Category::Distant => "distant",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Category {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Category::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| format!("unknown category `{s}` (expected overlap, close, mid or distant)"))
    }
}

/// The description of one shape as written in `shapes.json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShapeSpec {
    /// Unique name, referenced by `problems.csv`.
    pub name: String,
    /// Type and parameters.
    #[serde(flatten)]
    pub kind: ShapeKind,
}

/// Type and parameters of a shape (lengths in metres; axis z for the round shapes).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ShapeKind {
    /// A ball.
    Sphere {
        /// Radius.
        radius: f64,
    },
    /// An axis-aligned ellipsoid.
    Ellipsoid {
        /// Semi-axes along x, y, z.
        radii: [f64; 3],
    },
    /// A box.
    Box {
        /// Half extents along x, y, z.
        half_extents: [f64; 3],
    },
    /// A capsule along z.
    Capsule {
        /// Radius.
        radius: f64,
        /// Half length of the segment.
        half_length: f64,
    },
    /// A cylinder along z.
    Cylinder {
        /// Disc radius.
        radius: f64,
        /// Half height.
        half_length: f64,
    },
    /// A cone along z, apex at `+half_length`, base disc at `-half_length`.
    Cone {
        /// Base radius.
        radius: f64,
        /// Half height.
        half_length: f64,
    },
    /// The convex hull of an OBJ file's vertices.
    Mesh {
        /// Path relative to the set directory.
        file: String,
    },
    /// A triangle mesh taken as it is (OBJ or STL, triangles as given, no hull).
    #[serde(rename = "trimesh")]
    TriMesh {
        /// Path relative to the set directory.
        file: String,
    },
    /// Convex parts at poses in the compound's frame.
    Compound {
        /// The parts.
        parts: Vec<PartSpec>,
    },
}

impl ShapeKind {
    /// Whether this is a convex kind (not a triangle mesh or a compound).
    pub fn is_convex(&self) -> bool {
        !matches!(self, ShapeKind::TriMesh { .. } | ShapeKind::Compound { .. })
    }
}

/// One part of a compound: a convex shape object and its pose
/// `[x, y, z, qw, qx, qy, qz]` in the compound's frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PartSpec {
    /// The convex shape (any kind but `trimesh` and `compound`).
    #[serde(flatten)]
    pub kind: ShapeKind,
    /// Translation, then the unit quaternion scalar first.
    pub pose: [f64; 7],
}

/// Anything with a name in a shape table (what `problems.csv` refers to).
pub trait Named {
    /// The name.
    fn name(&self) -> &str;
}

impl Named for NamedShape {
    fn name(&self) -> &str {
        &self.name
    }
}

/// A geometry of a set (convex, compound or triangle mesh) with its name.
#[derive(Clone, Debug)]
pub struct NamedGeometry {
    /// The name used by `problems.csv`.
    pub name: String,
    /// The geometry.
    pub geometry: Geometry,
}

impl Named for NamedGeometry {
    fn name(&self) -> &str {
        &self.name
    }
}

/// A shape of a set with its name.
#[derive(Clone, Debug)]
pub struct NamedShape {
    /// The name used by `problems.csv`.
    pub name: String,
    /// The shape.
    pub shape: Shape,
}

/// One collision problem: two posed shapes and the reference answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Problem {
    /// The `id` column.
    pub id: u64,
    /// 1-based line of the row in `problems.csv` (for messages).
    pub line: u64,
    /// Index of shape A in [`super::ProblemSet::shapes`].
    pub shape_a: usize,
    /// Index of shape B in [`super::ProblemSet::shapes`].
    pub shape_b: usize,
    /// Pose of A (shape-local to world).
    pub pose_a: Pose,
    /// Pose of B (shape-local to world).
    pub pose_b: Pose,
    /// Reference signed distance in metres (negative: minus the penetration depth). 0,
    /// meaning nothing, in a set without reference (`ProblemSet::has_reference`).
    pub dist: f64,
    /// Distance class ([`Category::Mid`], meaning nothing, in a set without reference).
    pub category: Category,
}
