//! `wolfe`: run collision problem sets and generate new ones.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use wolfe_cli::bench_sap::{self, BenchSapOptions};
use wolfe_cli::generate::{self, Dataset, GenerateOptions};
use wolfe_cli::problem_set::ProblemSet;
use wolfe_cli::run::{self, RunOptions, SolverChoice, Task};
use wolfe_cli::summary::Summary;

/// Convex collision detection with the GJK family (vanilla, Polyak, Nesterov).
#[derive(Debug, Parser)]
#[command(name = "wolfe", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve and time every problem of a set; write results.csv and print a summary.
    Run {
        /// Problem-set directory (shapes.json + problems.csv).
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
        /// Stopping tolerance (default: the solver's, 1e-8 relative on the distance).
        #[arg(long, allow_negative_numbers = true)]
        tolerance: Option<f64>,
        /// Iteration cap (default: the solver's).
        #[arg(long)]
        max_iterations: Option<u32>,
    },
    /// Generate a problem set as in the GJK++ paper, Sec. IV.
    Generate {
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
    },
    /// Run a benchmark and write its CSV and plot.
    Bench {
        /// Which benchmark.
        #[arg(value_enum)]
        name: BenchName,
        /// A short run (well under a minute).
        #[arg(long)]
        quick: bool,
        /// Output directory.
        #[arg(long, default_value = "bench-out")]
        out: PathBuf,
        /// Seed of the random problems.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

/// The benchmarks of `wolfe bench`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum BenchName {
    /// The SAP contact solver on clutter-like problems (sap.csv, sap.svg).
    Sap,
}

/// A progress bar on stderr when it is a terminal, a hidden one otherwise.
fn progress(len: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_string());
    bar
}

/// The YCB directory when none is given: `data/ycb` under the current directory, else
/// the one of the repository this binary was built from.
fn default_ycb_dir() -> PathBuf {
    let local = PathBuf::from("data/ycb");
    if local.is_dir() {
        local
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/ycb")
    }
}

/// The CPU model, for timings (Linux's `/proc/cpuinfo`; "unknown" elsewhere).
fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, name)| name.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match execute(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Every error's message already includes its cause.
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn execute(command: Command) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        Command::Run {
            set,
            solver,
            task,
            repeats,
            out,
            tolerance,
            max_iterations,
        } => {
            let options = RunOptions {
                solver,
                task,
                repeats,
                tolerance,
                max_iterations,
            };
            options.validate()?;
            let problems = ProblemSet::load(&set)?;
            let results = run::ResultsFile::create(&out)?;
            let bar = progress(problems.problems.len(), "solving");
            let records = run::run_set(&problems, &options, || bar.inc(1))?;
            bar.finish_and_clear();
            results.write(&options, &records)?;
            println!(
                "{}: solver {}, task {}, median of {} repeats, single thread, CPU {}",
                set.display(),
                solver.name(),
                task.name(),
                repeats,
                cpu_name()
            );
            println!("{}", Summary::of(task, &records));
            println!("results written to {}", out.display());
        }
        Command::Generate {
            dataset,
            out,
            pairs,
            poses,
            seed,
            ycb_dir,
        } => {
            let options = GenerateOptions {
                dataset,
                out,
                pairs,
                poses,
                seed,
                ycb_dir: ycb_dir.unwrap_or_else(default_ycb_dir),
            };
            let bar = progress(pairs.saturating_mul(poses), "generating");
            let report = generate::generate(&options, || bar.inc(1))?;
            bar.finish_and_clear();
            println!(
                "{}: {} problems, {} shapes (seed {}; {} poses redrawn, {} overlap rows \
                 dropped)",
                options.out.display(),
                report.problems,
                report.shapes,
                seed,
                report.redrawn,
                report.dropped
            );
        }
        Command::Bench {
            name: BenchName::Sap,
            quick,
            out,
            seed,
        } => {
            let options = BenchSapOptions { out, quick, seed };
            let rows = bench_sap::run(&options)?;
            println!(
                "SAP on clutter-like problems (k = 1e12, tau_d = dt = 10 ms, mu = 1), median \
                 wall time per solve, single thread, CPU {}",
                cpu_name()
            );
            print!("{}", bench_sap::summary(&rows));
            println!(
                "results written to {} and {}",
                options.out.join("sap.csv").display(),
                options.out.join("sap.svg").display()
            );
        }
    }
    Ok(())
}
