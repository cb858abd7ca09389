//! The summary `wolfe run` prints: speed per category and agreement with the reference.

use std::fmt;

use wolfe::GjkStatus;

use crate::problem_set::Category;
use crate::run::{RunRecord, Task};
use crate::timing;

/// Statistics of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The query that ran.
    pub task: Task,
    /// Number of problems.
    pub rows: usize,
    /// Mean iterations over all problems.
    pub mean_iterations: f64,
    /// Per category present in the set: (category, problems, median of `ns_per_query`);
    /// one entry with category `None` over problems without reference.
    pub median_ns: Vec<(Option<Category>, usize, u64)>,
    /// Number of problems with a reference answer (0 for a set without).
    pub reference_rows: usize,
    /// Number of separated problems (reference `dist > 0`).
    pub separated_rows: usize,
    /// Task distance only: the largest `|value - dist| / dist` over separated problems,
    /// with the id of that problem.
    pub max_relative_error: Option<(f64, u64)>,
    /// Problems whose collision answer (task collision: the boolean; task distance:
    /// `distance == 0`) disagrees with `dist < 0` (of those with a reference).
    pub collision_disagreements: usize,
    /// Problems whose status is neither converged nor a certified answer
    /// ([`GjkStatus::IterationLimit`], [`GjkStatus::NumericalTrouble`]).
    pub non_converged: usize,
}

impl Summary {
    /// Computes the summary of a run's records.
    pub fn of(task: Task, records: &[RunRecord]) -> Self {
        let rows = records.len();
        let mean_iterations = if rows == 0 {
            0.0
        } else {
            records.iter().map(|r| f64::from(r.iterations)).sum::<f64>() / rows as f64
        };
        let median_ns = Category::ALL
            .into_iter()
            .map(Some)
            .chain([None])
            .filter_map(|c| {
                let mut ns: Vec<u64> = records
                    .iter()
                    .filter(|r| r.category == c)
                    .map(|r| r.ns_per_query)
                    .collect();
                (!ns.is_empty()).then(|| (c, ns.len(), timing::median(&mut ns)))
            })
            .collect();
        let with_reference = records.iter().filter_map(|r| r.reference.map(|d| (r, d)));
        let reference_rows = with_reference.clone().count();
        let separated = with_reference.clone().filter(|(_, d)| *d > 0.0);
        let separated_rows = separated.clone().count();
        let max_relative_error = match task {
            Task::Distance | Task::Penetration => separated
                .map(|(r, d)| ((r.value - d).abs() / d, r.id))
                .fold(None, |best: Option<(f64, u64)>, (e, id)| match best {
                    // A NaN error (a NaN distance) counts as the worst.
                    Some((b, _)) if b >= e || b.is_nan() => best,
                    _ => Some((e, id)),
                }),
            Task::Collision | Task::Growth => None,
        };
        let collision_disagreements = with_reference
            .filter(|(r, d)| {
                let says_overlap = match task {
                    Task::Distance | Task::Penetration => r.value <= 0.0,
                    Task::Collision => r.value != 0.0,
                    // alpha* < 1: the shapes overlap (alpha* = 1 is touching).
                    Task::Growth => r.value < 1.0,
                };
                says_overlap != (*d < 0.0)
            })
            .count();
        let non_converged = records
            .iter()
            .filter(|r| matches!(r.status, GjkStatus::IterationLimit | GjkStatus::NumericalTrouble))
            .count();
        Self {
            task,
            rows,
            mean_iterations,
            median_ns,
            reference_rows,
            separated_rows,
            max_relative_error,
            collision_disagreements,
            non_converged,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "rows                 {}", self.rows)?;
        writeln!(f, "mean iterations      {:.2}", self.mean_iterations)?;
        write!(f, "median ns/query     ")?;
        for (c, n, ns) in &self.median_ns {
            match c {
                Some(c) => write!(f, " {c} {ns} ({n} rows);")?,
                None => write!(f, " {ns} ({n} rows without reference);")?,
            }
        }
        writeln!(f)?;
        if let Some((e, id)) = self.max_relative_error {
            writeln!(
                f,
                "max rel. error       {e:.3e} over {} separated rows (worst: id {id})",
                self.separated_rows
            )?;
        }
        let what = match self.task {
            Task::Distance => "distance == 0",
            Task::Penetration => "signed distance <= 0",
            Task::Collision => "collision answer",
            Task::Growth => "growth factor < 1",
        };
        if self.reference_rows == 0 {
            writeln!(f, "reference            none in the set: answers not checked")?;
        } else {
            writeln!(
                f,
                "disagreements        {} ({what} vs reference dist < 0)",
                self.collision_disagreements
            )?;
        }
        write!(
            f,
            "non-converged        {} (iteration limit or numerical trouble)",
            self.non_converged
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: u64, reference: f64, value: f64, ns: u64) -> RunRecord {
        RunRecord {
            id,
            category: Some(Category::of_distance(reference)),
            reference: Some(reference),
            value,
            iterations: 4,
            status: GjkStatus::Converged,
            ns_per_query: ns,
        }
    }

    #[test]
    fn distance_summary() {
        let records = [
            record(0, -0.1, 0.0, 10),
            record(1, 0.01, 0.0101, 30),
            record(2, 1.0, 1.0, 50),
            record(3, -0.001, 0.5, 20),
        ];
        let s = Summary::of(Task::Distance, &records);
        assert_eq!(s.rows, 4);
        assert_eq!(s.mean_iterations, 4.0);
        assert_eq!(s.separated_rows, 2);
        let (e, id) = s.max_relative_error.unwrap();
        assert!((e - 0.01).abs() < 1e-9 && id == 1);
        // Row 3 overlaps but reports a positive distance; row 1 is separated but
        // distance 0 would be a disagreement too (it is not 0 here).
        assert_eq!(s.collision_disagreements, 1);
        assert_eq!(
            s.median_ns,
            vec![
                (Some(Category::Overlap), 2, 15),
                (Some(Category::Close), 1, 30),
                (Some(Category::Distant), 1, 50)
            ]
        );
        assert!(s.to_string().contains("max rel. error"));
    }

    #[test]
    fn collision_summary() {
        let records = [record(0, -0.1, 1.0, 10), record(1, 0.1, 1.0, 10)];
        let s = Summary::of(Task::Collision, &records);
        assert_eq!(s.max_relative_error, None);
        assert_eq!(s.collision_disagreements, 1);
    }

    #[test]
    fn summary_without_reference() {
        let records: Vec<RunRecord> = [(0, 10), (1, 30), (2, 20)]
            .into_iter()
            .map(|(id, ns)| RunRecord {
                category: None,
                reference: None,
                ..record(id, 1.0, 0.5, ns)
            })
            .collect();
        let s = Summary::of(Task::Distance, &records);
        assert_eq!((s.rows, s.reference_rows, s.separated_rows), (3, 0, 0));
        assert_eq!(s.max_relative_error, None);
        assert_eq!(s.collision_disagreements, 0);
        assert_eq!(s.median_ns, vec![(None, 3, 20)]);
        let text = s.to_string();
        assert!(text.contains("answers not checked"), "{text}");
        assert!(!text.contains("disagreements"), "{text}");
    }
}
