//! Reading `problems.csv` against a shape table, every field checked and located.

use std::collections::HashMap;
use std::io;
use std::path::Path;

use wolfe::Pose;

use super::error::ProblemSetError;
use super::model::{NamedShape, Problem, PROBLEM_COLUMNS, SHAPES_FILE};

/// Reads a `problems.csv` file against a shape table.
///
/// Columns are found by header name (extra columns are ignored); every row must have as
/// many fields as the header.
pub fn read_problems(path: &Path, shapes: &[NamedShape]) -> Result<Vec<Problem>, ProblemSetError> {
    let file = std::fs::File::open(path).map_err(|source| ProblemSetError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let by_name: HashMap<&str, usize> = shapes
        .iter()
        .enumerate()
        .map(|(i, s)| (s.name.as_str(), i))
        .collect();
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
    let mut columns = [0usize; PROBLEM_COLUMNS.len()];
    for (slot, name) in columns.iter_mut().zip(PROBLEM_COLUMNS) {
        *slot = header
            .iter()
            .position(|h| h == name)
            .ok_or(ProblemSetError::MissingColumn {
                path: path.to_path_buf(),
                column: name,
            })?;
    }
    let mut problems = Vec::new();
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
        problems.push(row.parse(&by_name)?);
    }
    if problems.is_empty() {
        return Err(ProblemSetError::Csv {
            path: path.to_path_buf(),
            line: 1,
            message: "no problems: the file has a header but no rows".into(),
        });
    }
    Ok(problems)
}

/// One CSV record with its column map, for field access with located errors.
struct Row<'a> {
    path: &'a Path,
    line: u64,
    record: &'a csv::StringRecord,
    columns: &'a [usize; PROBLEM_COLUMNS.len()],
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
        match self.record.get(self.columns[column]) {
            Some(s) if !s.is_empty() => Ok(s),
            _ => Err(self.error(field, "missing value")),
        }
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

    fn parse(&self, by_name: &HashMap<&str, usize>) -> Result<Problem, ProblemSetError> {
        let id_text = self.text(0)?;
        let id = id_text
            .parse()
            .map_err(|_| self.error("id", format!("`{id_text}` is not a non-negative integer")))?;
        let category_text = self.text(18)?;
        Ok(Problem {
            id,
            line: self.line,
            shape_a: self.shape(1, by_name)?,
            shape_b: self.shape(2, by_name)?,
            pose_a: self.pose(3, "aq")?,
            pose_b: self.pose(10, "bq")?,
            dist: self.number(17)?,
            category: category_text
                .parse()
                .map_err(|m: String| self.error("category", m))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: &str, text: &str) -> Result<Vec<Problem>, ProblemSetError> {
        let path = std::env::temp_dir().join(format!("wolfe-problems-{name}-{}.csv", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let shapes = vec![NamedShape {
            name: "s".into(),
            shape: wolfe::Sphere::new(1.0).unwrap().into(),
        }];
        let r = read_problems(&path, &shapes);
        std::fs::remove_file(&path).ok();
        r
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
