//! Writing a set (for the generator): `shapes.json` and `problems.csv`, floats in the
//! shortest form that reads back exactly.

use std::io;
use std::path::Path;

use super::model::{Category, ShapeSpec, PROBLEM_COLUMNS};

/// One row of `problems.csv` as the generator writes it (poses as raw numbers, so that
/// what is written is exactly what was measured).
#[derive(Clone, Debug, PartialEq)]
pub struct ProblemRow {
    /// Row id.
    pub id: u64,
    /// Name of shape A.
    pub shape_a: String,
    /// Name of shape B.
    pub shape_b: String,
    /// Translation of A.
    pub translation_a: [f64; 3],
    /// Rotation of A as (w, x, y, z).
    pub quat_a: [f64; 4],
    /// Translation of B.
    pub translation_b: [f64; 3],
    /// Rotation of B as (w, x, y, z).
    pub quat_b: [f64; 4],
    /// Reference signed distance.
    pub dist: f64,
    /// Distance class.
    pub category: Category,
}

/// Writes `shapes.json`: one shape object a line inside a JSON array.
pub fn write_shapes(path: &Path, shapes: &[ShapeSpec]) -> io::Result<()> {
    let mut text = String::from("[\n");
    for (i, s) in shapes.iter().enumerate() {
        text.push_str(&serde_json::to_string(s).map_err(io::Error::other)?);
        text.push_str(if i + 1 < shapes.len() { ",\n" } else { "\n" });
    }
    text.push_str("]\n");
    std::fs::write(path, text)
}

/// Writes `problems.csv` with the header of [`PROBLEM_COLUMNS`]; floats are written in
/// the shortest form that reads back to the same `f64`.
pub fn write_problems(path: &Path, rows: &[ProblemRow]) -> io::Result<()> {
    let mut w = csv::Writer::from_path(path).map_err(io::Error::other)?;
    w.write_record(PROBLEM_COLUMNS).map_err(io::Error::other)?;
    let mut fields: Vec<String> = Vec::with_capacity(PROBLEM_COLUMNS.len());
    for r in rows {
        fields.clear();
        fields.push(r.id.to_string());
        fields.push(r.shape_a.clone());
        fields.push(r.shape_b.clone());
        let numbers = r
            .translation_a
            .iter()
            .chain(&r.quat_a)
            .chain(&r.translation_b)
            .chain(&r.quat_b)
            .chain(std::iter::once(&r.dist));
        fields.extend(numbers.map(|v| v.to_string()));
        fields.push(r.category.as_str().to_string());
        w.write_record(&fields).map_err(io::Error::other)?;
    }
    w.flush()
}
