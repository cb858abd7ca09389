//! `wolfe bench`: the papers' experiments.

use std::path::PathBuf;

use clap::Args;
use wolfe_lab::bench::suite::{run_suite, BenchName};
use wolfe_lab::bench::BenchOptions;
use wolfe_lab::generate::default_ycb_dir;

use super::CommandResult;

// The arguments of `wolfe bench` (the doc comments are the command's help).
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Which benchmark (all runs every one).
    #[arg(value_enum)]
    name: BenchName,
    /// Sizes small enough for CI (well under two minutes on two cores).
    #[arg(long)]
    quick: bool,
    /// Output directory (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// Directory of YCB hulls (*.obj) [default: data/ycb, else the repository's].
    #[arg(long)]
    ycb_dir: Option<PathBuf>,
}

/// Runs the benchmarks and prints a digest (the sections, the checks, where
/// `summary.md` is); an error when an answer check failed (after everything is written).
pub fn bench(args: BenchArgs) -> CommandResult {
    let options = BenchOptions {
        quick: args.quick,
        out: args.out,
        ycb_dir: args.ycb_dir.unwrap_or_else(default_ycb_dir),
    };
    let report = run_suite(args.name, &options)?;
    println!("{}", report.digest(&options.out));
    match report.failures.first() {
        None => Ok(()),
        Some(first) => Err(format!(
            "{} answer checks failed (listed in summary.md), first: {first}",
            report.failures.len()
        )
        .into()),
    }
}
