//! Reading `problems.csv` against a shape table, every field checked and located.

use std::collections::HashMap;
use std::io;
use std::path::Path;

use wolfe::Pose;

use super::error::ProblemSetError;
use super::model::{Category, Named, Problem, PROBLEM_COLUMNS, SHAPES_FILE};

/// Reads a `problems.csv` file against a shape table; every row must give the reference
/// (`dist` and `category`).
///
/// Columns are found by header name (extra columns are ignored); every row must have as
/// many fields as the header.
pub fn read_problems<S: Named>(path: &Path, shapes: &[S]) -> Result<Vec<Problem>, ProblemSetError> {
    read_problems_with(path, shapes, Reference::Required).map(|(problems, _)| problems)
}

/// Whether `problems.csv` must give the reference answer of every problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// The `dist` and `category` columns are required, with a value on every row.
    Required,
    /// The `dist` and `category` columns may be absent, or empty on every row (then the
    /// set has no reference); `category` may be absent when `dist` is given (it is then
    /// derived from `dist`). A `dist` given on some rows only is an error.
    Optional,
}

/// Reads a `problems.csv` file against a shape table; returns the problems and whether
/// they carry a reference distance. Without one (possible with [`Reference::Optional`]
/// only), every problem's `dist` is 0 and its `category` [`Category::Mid`], values that
/// mean nothing: see [`Problem::dist`].
pub fn read_problems_with<S: Named>(
    path: &Path, shapes: &[S], reference: Reference,
) -> Result<(Vec<Problem>, bool), ProblemSetError> {
    let file = std::fs::File::open(path).map_err(|source| ProblemSetError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let by_name: HashMap<&str, usize> = shapes.iter().enumerate().map(|(i, s)| (s.name(), i)).collect();
    let csv_error = |e: csv::Error| ProblemSetError::Csv {
        path: path.to_path_buf(),
        line: e.position().map_or(0, |p| p.line()),
        message: e.to_string(),
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .trim(csv::Trim::All)
        .from_reader(io::BufReader::new(file));
    let header = reader.headers().map_err(csv_error)?.clone();
    let mut columns = [None; PROBLEM_COLUMNS.len()];
    for (slot, name) in columns.iter_mut().zip(PROBLEM_COLUMNS) {
        *slot = header.iter().position(|h| h == name);
        let optional = reference == Reference::Optional && OPTIONAL_COLUMNS.contains(&name);
        if slot.is_none() && !optional {
            return Err(ProblemSetError::MissingColumn {
                path: path.to_path_buf(),
                column: name,
            });
        }
    }
    let mut problems = Vec::new();
    // Whether the rows give `dist`: decided by the first row, then held to.
    let mut has_reference = None;
    let mut record = csv::StringRecord::new();
    while reader.read_record(&mut record).map_err(csv_error)? {
        // The file line of the row, as `csv`'s own errors (a short row) report it.
        let line = record.position().map_or(0, |p| p.line());
        let row = Row {
            path,
            line,
            record: &record,
            columns: &columns,
        };
        let given = reference == Reference::Required || row.given(DIST);
        let expected = *has_reference.get_or_insert(given);
        if given != expected {
            return Err(row.error(
                "dist",
                if expected {
                    "missing value (the first row gives a reference distance: give one on every row or on none)"
                } else {
                    "the first row gives no reference distance: give one on every row or on none"
                },
            ));
        }
        problems.push(row.parse(&by_name, reference, expected)?);
    }
    if problems.is_empty() {
        return Err(ProblemSetError::Csv {
            path: path.to_path_buf(),
            line: 1,
            message: "no problems: the file has a header but no rows".into(),
        });
    }
    Ok((problems, has_reference.unwrap_or(false)))
}

/// Index of `dist` in [`PROBLEM_COLUMNS`].
const DIST: usize = 17;
/// Index of `category` in [`PROBLEM_COLUMNS`].
const CATEGORY: usize = 18;
/// The columns that [`Reference::Optional`] lets a file leave out.
const OPTIONAL_COLUMNS: [&str; 2] = [PROBLEM_COLUMNS[DIST], PROBLEM_COLUMNS[CATEGORY]];

/// One CSV record with its column map, for field access with located errors.
struct Row<'a> {
    path: &'a Path,
    line: u64,
    record: &'a csv::StringRecord,
    columns: &'a [Option<usize>; PROBLEM_COLUMNS.len()],
}

impl Row<'_> {
    fn error(&self, field: &'static str, message: impl Into<String>) -> ProblemSetError {
        ProblemSetError::Field {
            path: self.path.to_path_buf(),
            line: self.line,
            field,
            message: message.into(),
        }
    }

    /// The text of a column (columns are looked up in [`PROBLEM_COLUMNS`]).
    fn text(&self, column: usize) -> Result<&str, ProblemSetError> {
        let field = PROBLEM_COLUMNS[column];
        match self.columns[column].and_then(|c| self.record.get(c)) {
            Some(s) if !s.is_empty() => Ok(s),
            _ => Err(self.error(field, "missing value")),
        }
    }

    /// Whether the row has a non-empty value in a column.
    fn given(&self, column: usize) -> bool {
        self.text(column).is_ok()
    }

    fn number(&self, column: usize) -> Result<f64, ProblemSetError> {
        let field = PROBLEM_COLUMNS[column];
        let s = self.text(column)?;
        let v: f64 = s
            .parse()
            .map_err(|_| self.error(field, format!("`{s}` is not a number")))?;
        if !v.is_finite() {
            return Err(self.error(field, format!("`{s}` is not finite")));
        }
        Ok(v)
    }

    fn shape(&self, column: usize, by_name: &HashMap<&str, usize>) -> Result<usize, ProblemSetError> {
        let name = self.text(column)?;
        by_name.get(name).copied().ok_or_else(|| {
            self.error(
                PROBLEM_COLUMNS[column],
                format!("unknown shape name `{name}` (not in {SHAPES_FILE})"),
            )
        })
    }

    /// The pose whose seven columns start at `first` (x, y, z, qw, qx, qy, qz).
    fn pose(&self, first: usize, quat_field: &'static str) -> Result<Pose, ProblemSetError> {
        let mut v = [0.0; 7];
        for (k, slot) in v.iter_mut().enumerate() {
            *slot = self.number(first + k)?;
        }
        Pose::from_parts([v[0], v[1], v[2]], [v[3], v[4], v[5], v[6]]).map_err(|e| {
            self.error(
                quat_field,
                format!("bad quaternion ({}, {}, {}, {}): {e}", v[3], v[4], v[5], v[6]),
            )
        })
    }

    /// The problem of this row; `has_dist`: whether the row gives `dist` (else `dist`
    /// is 0 and `category` mid, see [`read_problems_with`]).
    fn parse(
        &self, by_name: &HashMap<&str, usize>, mode: Reference, has_dist: bool,
    ) -> Result<Problem, ProblemSetError> {
        let id_text = self.text(0)?;
        let id = id_text
            .parse()
            .map_err(|_| self.error("id", format!("`{id_text}` is not a non-negative integer")))?;
        let (dist, category) = if !has_dist {
            (0.0, Category::Mid)
        } else {
            let dist = self.number(DIST)?;
            // An optional category left out is the distance's.
            let category = if mode == Reference::Optional && !self.given(CATEGORY) {
                Category::of_distance(dist)
            } else {
                self.text(CATEGORY)?
                    .parse()
                    .map_err(|m: String| self.error("category", m))?
            };
            (dist, category)
        };
        Ok(Problem {
            id,
            line: self.line,
            shape_a: self.shape(1, by_name)?,
            shape_b: self.shape(2, by_name)?,
            pose_a: self.pose(3, "aq")?,
            pose_b: self.pose(10, "bq")?,
            dist,
            category,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem_set::NamedShape;

    fn read(name: &str, text: &str) -> Result<Vec<Problem>, ProblemSetError> {
        read_with(name, text, Reference::Required).map(|(p, _)| p)
    }

    fn read_with(name: &str, text: &str, mode: Reference) -> Result<(Vec<Problem>, bool), ProblemSetError> {
        let path = std::env::temp_dir().join(format!("wolfe-problems-{name}-{}.csv", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let shapes = vec![NamedShape {
            name: "s".into(),
            shape: wolfe::Sphere::new(1.0).unwrap().into(),
        }];
        let r = read_problems_with(&path, &shapes, mode);
        std::fs::remove_file(&path).ok();
        r
    }

    /// A problem row: two unit spheres 3 m apart (distance 1), `dist` and `category`
    /// as given.
    fn row(id: u32, dist: &str, category: &str) -> String {
        format!("{id},s,s,0,0,0,1,0,0,0,3,0,0,1,0,0,0,{dist},{category}")
    }

    #[test]
    fn optional_reference_columns() {
        use Reference::Optional;
        let header = PROBLEM_COLUMNS.join(",");
        // Empty on every row: no reference, same poses as with one.
        let text = format!("{header}\n{}\n{}\n", row(0, "", ""), row(1, "", ""));
        let (none, has) = read_with("opt_empty", &text, Optional).unwrap();
        assert!(!has);
        assert_eq!(none.len(), 2);
        let (with, has) = read_with(
            "opt_full",
            &format!("{header}\n{}\n", row(0, "1", "mid")),
            Optional,
        )
        .unwrap();
        assert!(has);
        assert_eq!((with[0].dist, with[0].category), (1.0, Category::Mid));
        assert_eq!(with[0].pose_b, none[0].pose_b);
        // Required: the empty value is the error it always was.
        let err = read_with("req_empty", &text, Reference::Required).unwrap_err();
        assert!(err.to_string().contains("field `dist`: missing value"), "{err}");
        // Columns left out: 17 columns, or `dist` without `category` (derived).
        let short = PROBLEM_COLUMNS[..17].join(",");
        let text = format!("{short}\n0,s,s,0,0,0,1,0,0,0,3,0,0,1,0,0,0\n");
        let (p, has) = read_with("opt_short", &text, Optional).unwrap();
        assert!(!has && p.len() == 1);
        let err = read_with("req_short", &text, Reference::Required).unwrap_err();
        assert!(
            matches!(err, ProblemSetError::MissingColumn { column: "dist", .. }),
            "{err}"
        );
        let text = format!("{short},dist\n0,s,s,0,0,0,1,0,0,0,3,0,0,1,0,0,0,-0.05\n");
        let (p, has) = read_with("opt_no_category", &text, Optional).unwrap();
        assert!(has);
        assert_eq!((p[0].dist, p[0].category), (-0.05, Category::Overlap));
        // Given on some rows only: refused, on the line that breaks the pattern.
        for (name, first, second) in [("mixed1", "1", ""), ("mixed2", "", "1")] {
            let text = format!("{header}\n{}\n{}\n", row(0, first, ""), row(1, second, ""));
            let err = read_with(name, &text, Optional).unwrap_err();
            assert_eq!(line_of(&err), 3, "{err}");
            assert!(err.to_string().contains("every row or on none"), "{err}");
        }
        // A bad value is still an error.
        let text = format!("{header}\n{}\n", row(0, "nan", ""));
        assert!(read_with("opt_nan", &text, Optional).is_err());
    }

    fn line_of(e: &ProblemSetError) -> u64 {
        match e {
            ProblemSetError::Csv { line, .. } | ProblemSetError::Field { line, .. } => *line,
            e => panic!("unexpected {e}"),
        }
    }

    #[test]
    fn header_only_is_refused_and_lines_are_file_lines() {
        let header = PROBLEM_COLUMNS.join(",");
        let err = read("empty", &format!("{header}\n")).unwrap_err();
        assert!(err.to_string().contains("no problems"), "{err}");
        let n = PROBLEM_COLUMNS.len();
        let mut row: Vec<String> = (0..n).map(|_| "0".to_string()).collect();
        for (i, c) in PROBLEM_COLUMNS.iter().enumerate() {
            if c.starts_with("shape") {
                row[i] = "s".into();
            }
            if c.ends_with("qw") {
                row[i] = "1".into();
            }
            if *c == "category" {
                row[i] = "mid".into();
            }
        }
        let good = row.join(",");
        assert_eq!(read("good", &format!("{header}\n{good}\n")).unwrap().len(), 1);
        // A NaN and a short row, both on file line 2, are both reported as line 2.
        let nan_col = PROBLEM_COLUMNS.iter().position(|c| *c == "ax").unwrap();
        let mut nan = row.clone();
        nan[nan_col] = "nan".into();
        let err = read("nan", &format!("{header}\n{}\n", nan.join(","))).unwrap_err();
        assert_eq!(line_of(&err), 2, "{err}");
        let err = read("short", &format!("{header}\n0,1\n")).unwrap_err();
        assert_eq!(line_of(&err), 2, "{err}");
        // And on line 3 after a good row.
        let err = read("nan3", &format!("{header}\n{good}\n{}\n", nan.join(","))).unwrap_err();
        assert_eq!(line_of(&err), 3, "{err}");
    }
}
