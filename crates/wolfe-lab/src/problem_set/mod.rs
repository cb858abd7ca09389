//! The problem-set format of `benchmark-format.md`: reading `shapes.json` and
//! `problems.csv` into typed values, and writing them back (for the generator).
//!
//! Every malformed input is reported as a [`ProblemSetError`] that names the file, the
//! shape (index and name) or the CSV line, and the field; reading never panics.
//!
//! One module per job: `model` (the values), `error` (what can be wrong),
//! `read_shapes`, `read_problems`, `write`; `geometry_set` reads sets with compounds and
//! triangle meshes ([`GeometrySet`]).

mod error;
mod geometry_set;
mod model;
mod read_problems;
mod read_shapes;
mod write;

use std::path::{Path, PathBuf};

use wolfe::Shape;

pub use error::ProblemSetError;
pub use geometry_set::{has_composites, read_geometries, GeometrySet};
pub use model::{
    Category, Named, NamedGeometry, NamedShape, PartSpec, Problem, ShapeKind, ShapeSpec, PROBLEMS_FILE,
    PROBLEM_COLUMNS, SHAPES_FILE,
};
pub use read_problems::{read_problems, read_problems_with, Reference};
pub use read_shapes::{parse_shape_specs, read_shapes};
pub use write::{write_problems, write_shapes, ProblemRow};

/// A problem set read from a directory.
#[derive(Clone, Debug)]
pub struct ProblemSet {
    /// The directory it was read from.
    pub dir: PathBuf,
    /// The shape table, in file order.
    pub shapes: Vec<NamedShape>,
    /// The problems, in file order.
    pub problems: Vec<Problem>,
    /// Whether the problems carry reference answers (`dist`, `category`). Always true
    /// for [`ProblemSet::load`]; when false (a set read by
    /// [`ProblemSet::load_without_reference`] that gives none), the problems' `dist`
    /// and `category` mean nothing.
    pub has_reference: bool,
}

impl ProblemSet {
    /// Reads `DIR/shapes.json` (loading each mesh file once) and `DIR/problems.csv`.
    /// Every row must give its reference answer (`dist` and `category`).
    pub fn load(dir: &Path) -> Result<Self, ProblemSetError> {
        Self::load_with(dir, Reference::Required)
    }

    /// As [`ProblemSet::load`], but the reference columns are optional
    /// ([`Reference::Optional`]): a set of poses to solve, with or without answers to
    /// check against ([`ProblemSet::has_reference`]).
    pub fn load_without_reference(dir: &Path) -> Result<Self, ProblemSetError> {
        Self::load_with(dir, Reference::Optional)
    }

    fn load_with(dir: &Path, reference: Reference) -> Result<Self, ProblemSetError> {
        let shapes = read_shapes(&dir.join(SHAPES_FILE))?;
        let (problems, has_reference) = read_problems_with(&dir.join(PROBLEMS_FILE), &shapes, reference)?;
        Ok(Self {
            dir: dir.to_path_buf(),
            shapes,
            problems,
            has_reference,
        })
    }

    /// The problems whose reference distance `dist` passes `keep`; with `at_most`, no
    /// more than that many of them, spread evenly (every `len / at_most`-th, from the
    /// first).
    pub fn problems_where(&self, keep: impl Fn(f64) -> bool, at_most: Option<usize>) -> Vec<&Problem> {
        let problems: Vec<&Problem> = self.problems.iter().filter(|p| keep(p.dist)).collect();
        match at_most {
            Some(n) if problems.len() > n => {
                let stride = problems.len() / n;
                problems.into_iter().step_by(stride).take(n).collect()
            }
            _ => problems,
        }
    }

    /// Shapes A and B of a problem.
    pub fn shapes_of(&self, problem: &Problem) -> (&Shape, &Shape) {
        (
            &self.shapes[problem.shape_a].shape,
            &self.shapes[problem.shape_b].shape,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_follow_the_format_thresholds() {
        assert_eq!(Category::of_distance(-0.1), Category::Overlap);
        assert_eq!(Category::of_distance(0.001), Category::Close);
        assert_eq!(Category::of_distance(0.1), Category::Close);
        assert_eq!(Category::of_distance(0.5), Category::Mid);
        assert_eq!(Category::of_distance(0.0), Category::Mid);
        assert_eq!(Category::of_distance(1.0), Category::Distant);
        for c in Category::ALL {
            assert_eq!(c.as_str().parse::<Category>(), Ok(c));
        }
    }

    /// Generated sets are measured before they are written: the numbers must read back
    /// bit for bit (serde_json needs its `float_roundtrip` feature for that).
    #[test]
    fn shape_parameters_round_trip_exactly() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let specs: Vec<ShapeSpec> = (0..2000)
            .map(|i| ShapeSpec {
                name: format!("e{i}"),
                kind: ShapeKind::Ellipsoid {
                    radii: [(); 3].map(|_| rng.random_range(0.05..0.5)),
                },
            })
            .collect();
        let path = std::env::temp_dir().join(format!("wolfe-cli-roundtrip-{}.json", std::process::id()));
        write_shapes(&path, &specs).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(parse_shape_specs(&path, &text).unwrap(), specs);
    }

    #[test]
    fn shape_specs_serialize_in_the_format() {
        let s = ShapeSpec {
            name: "c0".into(),
            kind: ShapeKind::Capsule {
                radius: 0.5,
                half_length: 1.0,
            },
        };
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"name":"c0","type":"capsule","radius":0.5,"half_length":1.0}"#
        );
        let text = format!("[{}]", serde_json::to_string(&s).unwrap());
        assert_eq!(parse_shape_specs(Path::new("x"), &text).unwrap(), vec![s]);
    }
}
