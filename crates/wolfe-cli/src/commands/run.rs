//! `wolfe run`: one solver on every problem of a set.

use std::path::PathBuf;

use clap::Args;
use wolfe_lab::problem_set::{has_composites, GeometrySet, ProblemSet};
use wolfe_lab::progress::progress_bar;
use wolfe_lab::run::{self, RunOptions, SolverChoice, Task};
use wolfe_lab::run_geometry::run_geometry_set;
use wolfe_lab::summary::Summary;

use super::CommandResult;

// The arguments of `wolfe run` (the doc comments are the command's help).
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Problem-set directory (shapes.json + problems.csv; the reference columns dist
    /// and category may be left out or empty, then answers are not checked).
    #[arg(long)]
    set: PathBuf,
    /// Solver.
    #[arg(long, value_enum, default_value = "gjk")]
    solver: SolverChoice,
    /// Query to time.
    #[arg(long, value_enum, default_value = "distance")]
    task: Task,
    /// Timed repeats per problem (after one untimed warm-up call); the median is
    /// reported.
    #[arg(long, default_value_t = 100)]
    repeats: usize,
    /// Results file (id,solver,task,value,iterations,ns_per_query).
    #[arg(long, default_value = "results.csv")]
    out: PathBuf,
    /// Stopping tolerance (default: the solver's, 1e-7 relative on the distance).
    #[arg(long, allow_negative_numbers = true)]
    tolerance: Option<f64>,
    /// Iteration cap (default: the solver's).
    #[arg(long)]
    max_iterations: Option<u32>,
    /// Task growth: time warm-started solves (each problem first solved at poses
    /// moved by 1% of the shapes' size).
    #[arg(long)]
    warm: bool,
}

/// Solves and times the set, writes the results file, prints the summary.
pub fn run(args: RunArgs) -> CommandResult {
    let options = RunOptions {
        solver: args.solver,
        task: args.task,
        repeats: args.repeats,
        tolerance: args.tolerance,
        max_iterations: args.max_iterations,
        warm: args.warm,
    };
    options.validate()?;
    // Sets with compounds or triangle meshes run the composite queries.
    let records = if has_composites(&args.set)? {
        let set = GeometrySet::load_without_reference(&args.set)?;
        let results = run::ResultsFile::create(&args.out)?;
        let bar = progress_bar(set.problems.len(), "solving");
        let records = run_geometry_set(&set, &options, || bar.inc(1))?;
        bar.finish_and_clear();
        (results, records)
    } else {
        let problems = ProblemSet::load_without_reference(&args.set)?;
        let results = run::ResultsFile::create(&args.out)?;
        let bar = progress_bar(problems.problems.len(), "solving");
        let records = run::run_set(&problems, &options, || bar.inc(1))?;
        bar.finish_and_clear();
        (results, records)
    };
    let (results, records) = records;
    results.write(&options, &records)?;
    println!("{}", run::run_header(&args.set, &options));
    println!("{}", Summary::of(args.task, &records));
    println!("results written to {}", args.out.display());
    Ok(())
}
