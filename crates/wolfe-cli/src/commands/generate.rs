//! `wolfe generate`: a problem set as in the GJK++ paper.

use std::path::PathBuf;

use clap::Args;
use wolfe_lab::generate::{self, default_ycb_dir, Dataset, GenerateOptions};
use wolfe_lab::progress::progress_bar;

use super::CommandResult;

// The arguments of `wolfe generate` (the doc comments are the command's help).
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Which set.
    #[arg(value_enum)]
    dataset: Dataset,
    /// Output directory.
    #[arg(long)]
    out: PathBuf,
    /// Number of random shape pairs.
    #[arg(long, default_value_t = 20)]
    pairs: usize,
    /// Random poses per pair (each gives 10 rows, one per target distance).
    #[arg(long, default_value_t = 10)]
    poses: usize,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Directory of YCB hulls (*.obj) [default: data/ycb, else the repository's].
    #[arg(long)]
    ycb_dir: Option<PathBuf>,
}

/// Generates the set, prints what it holds.
pub fn generate(args: GenerateArgs) -> CommandResult {
    let options = GenerateOptions {
        dataset: args.dataset,
        out: args.out,
        pairs: args.pairs,
        poses: args.poses,
        seed: args.seed,
        ycb_dir: args.ycb_dir.unwrap_or_else(default_ycb_dir),
    };
    let bar = progress_bar(args.pairs.saturating_mul(args.poses), "generating");
    let report = generate::generate(&options, || bar.inc(1))?;
    bar.finish_and_clear();
    println!(
        "{}: {} problems, {} shapes (seed {}; {} poses redrawn, {} overlap rows dropped)",
        options.out.display(),
        report.problems,
        report.shapes,
        args.seed,
        report.redrawn,
        report.dropped
    );
    Ok(())
}
