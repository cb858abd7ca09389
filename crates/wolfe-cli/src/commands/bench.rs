//! `wolfe bench`: the papers' experiments.

use std::path::{Path, PathBuf};

use clap::Args;
use wolfe_lab::bench::page::{render, PageHeader};
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
    /// Also write the benchmarks page (docs/benchmarks.md) from this run: a header with
    /// the machine, date, commit and this command, then every table of summary.md.
    #[arg(long, value_name = "FILE")]
    page: Option<PathBuf>,
}

/// Runs the benchmarks and prints a digest (the sections, the checks, where
/// `summary.md` is); an error when an answer check failed (after everything is written).
pub fn bench(args: BenchArgs) -> CommandResult {
    let options = BenchOptions {
        quick: args.quick,
        out: args.out,
        ycb_dir: args.ycb_dir.unwrap_or_else(default_ycb_dir),
    };
    // The command as typed, the binary's path relative to the current directory (it
    // names the build profile: target/release/wolfe, target/dist/wolfe).
    let command = std::env::args()
        .enumerate()
        .map(|(i, a)| match (i, std::env::current_dir()) {
            (0, Ok(cwd)) => Path::new(&a)
                .strip_prefix(&cwd)
                .map_or(a.clone(), |p| p.display().to_string()),
            _ => a,
        })
        .collect::<Vec<_>>()
        .join(" ");
    // The page's commit is that of the checkout the page is written into; the load
    // average is taken before the run.
    let header = args.page.as_ref().map(|page| {
        let folder = page.parent().filter(|p| !p.as_os_str().is_empty());
        PageHeader::here(command, folder.unwrap_or(Path::new(".")))
    });
    let report = run_suite(args.name, &options)?;
    println!("{}", report.digest(&options.out));
    if let (Some(page), Some(header)) = (&args.page, &header) {
        std::fs::write(page, render(&report.summary, header))
            .map_err(|e| format!("cannot write {}: {e}", page.display()))?;
        println!("wrote the benchmarks page {}", page.display());
    }
    match report.failures.first() {
        None => Ok(()),
        Some(first) => Err(format!(
            "{} answer checks failed (listed in summary.md), first: {first}",
            report.failures.len()
        )
        .into()),
    }
}
