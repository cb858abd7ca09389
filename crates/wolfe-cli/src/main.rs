//! `wolfe`: run collision problem sets and generate new ones.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use indicatif::ProgressBar;
use wolfe_cli::bench::{self, BenchOptions};
use wolfe_cli::bench_sap::{self, BenchSapOptions};
use wolfe_cli::generate::{self, Dataset, GenerateOptions};
use wolfe_cli::problem_set::ProblemSet;
use wolfe_cli::progress::progress_bar;
use wolfe_cli::run::{self, RunOptions, SolverChoice, Task};
use wolfe_cli::sim::{self, SceneName, SimOptions};
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
    },
    /// Reproduce the papers' experiments: generate problems (seeded), solve them with
    /// every variant, write NAME.csv, PNG and SVG plots and summary.md into OUT.
    Bench {
        /// Which benchmark (`all` runs every one).
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
    },
    /// Simulate one of the papers' scenes with SAP contact; write steps.csv, plots,
    /// the trajectory (scene.csv, trajectory.csv) and summary.md into OUT.
    Sim {
        /// Which scene.
        #[arg(value_enum)]
        name: SceneName,
        /// Number of bodies (clutter 40, polytopes 50).
        #[arg(long)]
        bodies: Option<usize>,
        /// Simulated seconds (spring-cylinder 5, clutter 10, polytopes 10).
        #[arg(long, allow_negative_numbers = true)]
        seconds: Option<f64>,
        /// Clutter: a container with walls (the default).
        #[arg(long, overrides_with = "no_walls")]
        walls: bool,
        /// Clutter: only the ground.
        #[arg(long)]
        no_walls: bool,
        /// Time step in seconds (default: the scene's).
        #[arg(long, allow_negative_numbers = true)]
        dt: Option<f64>,
        /// Integration scheme: explicit-euler, symplectic-euler, implicit-euler, midpoint.
        #[arg(long)]
        scheme: Option<String>,
        /// Output directory (created if missing).
        #[arg(long)]
        out: PathBuf,
        /// clutter-scaling, clutter-slip: sizes small enough for CI.
        #[arg(long)]
        quick: bool,
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
}

/// The benchmarks of `wolfe bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum BenchName {
    /// GJK++ Fig. 7: iterations against distance on ellipsoid pairs.
    Ellipsoids,
    /// GJK++ Fig. 8-11 and Table I on the YCB hulls.
    Meshes,
    /// GJK++ Table II: the GJK family against clarabel on the distance QP (Eq. 2).
    Qp,
    /// GJK++ Fig. 13: four warm-start strategies on trajectories of two YCB hulls.
    Warmstart,
    /// The SAP contact solver on clutter-like problems (sap.csv, sap.svg).
    Sap,
    /// Growth distance paper, Table III and Fig. 4: solve times, cold and warm.
    Growth,
    /// wolfe against parry: distance, collision and contact, distant / close /
    /// overlapping (GJK++ Fig. 12 bands).
    Peers,
    /// Every benchmark above.
    All,
}

/// A progress bar on stderr when it is a terminal, a hidden one otherwise.
fn progress(len: usize, what: &str) -> ProgressBar {
    progress_bar(len, what)
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

fn name_of(name: BenchName) -> &'static str {
    match name {
        BenchName::Ellipsoids => "ellipsoids",
        BenchName::Meshes => "meshes",
        BenchName::Qp => "qp",
        BenchName::Warmstart => "warmstart",
        BenchName::Sap => "sap",
        BenchName::Growth => "growth",
        BenchName::Peers => "peers",
        BenchName::All => "all",
    }
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
            warm,
        } => {
            let options = RunOptions {
                solver,
                task,
                repeats,
                tolerance,
                max_iterations,
                warm,
            };
            options.validate()?;
            let problems = ProblemSet::load(&set)?;
            let results = run::ResultsFile::create(&out)?;
            let bar = progress(problems.problems.len(), "solving");
            let records = run::run_set(&problems, &options, || bar.inc(1))?;
            bar.finish_and_clear();
            results.write(&options, &records)?;
            println!(
                "{}: solver {}, task {}{}, median of {} repeats, single thread, CPU {}",
                set.display(),
                options.solver_name(),
                task.name(),
                if warm { " (warm start)" } else { "" },
                repeats,
                cpu_name()
            );
            println!("{}", Summary::of(task, &records));
            println!("results written to {}", out.display());
        }
        Command::Bench {
            name,
            quick,
            out,
            ycb_dir,
        } => {
            let options = BenchOptions {
                quick,
                out,
                ycb_dir: ycb_dir.unwrap_or_else(default_ycb_dir),
            };
            std::fs::create_dir_all(&options.out)?;
            let mut summary = format!(
                "# wolfe bench {}{}\n\nCPU {}, single thread, release build. Regenerate with \
                 `cargo run --release -- bench {}{} --out DIR`.\n\n",
                name_of(name),
                if quick { " --quick" } else { "" },
                cpu_name(),
                name_of(name),
                if quick { " --quick" } else { "" },
            );
            let mut files = Vec::new();
            let mut failures: Vec<String> = Vec::new();
            if matches!(name, BenchName::Ellipsoids | BenchName::All) {
                let r = bench::ellipsoids::run(&options)?;
                summary.push_str(&r.summary);
                files.extend(r.files);
                failures.extend(r.failures);
            }
            if matches!(name, BenchName::Meshes | BenchName::All) {
                let r = bench::meshes::run(&options)?;
                summary.push_str(&r.summary);
                files.extend(r.files);
                failures.extend(r.failures);
            }
            if matches!(name, BenchName::Qp | BenchName::All) {
                let r = bench::qp::run(&options)?;
                summary.push_str(&r.summary);
                files.extend(r.files);
                failures.extend(r.failures);
            }
            if matches!(name, BenchName::Warmstart | BenchName::All) {
                let r = bench::warmstart::run(&options)?;
                summary.push_str(&r.summary);
                files.extend(r.files);
                failures.extend(r.failures);
            }
            if matches!(name, BenchName::Sap | BenchName::All) {
                let sap = BenchSapOptions {
                    out: options.out.clone(),
                    quick,
                    seed: 0,
                };
                let rows = bench_sap::run(&sap)?;
                summary.push_str(&format!(
                    "## SAP contact solver\n\nClutter-like random problems (k = 1e12, tau_d = dt = \
                     10 ms, mu = 1), median wall time per solve; `sap.csv`, `sap.svg`.\n\n```text\n{}```\n\n",
                    bench_sap::summary(&rows)
                ));
                files.push(options.out.join("sap.csv"));
                files.push(options.out.join("sap.svg"));
            }
            if matches!(name, BenchName::Growth | BenchName::All) {
                let r = bench::growth::run(&options)?;
                summary.push_str(&r.summary);
                files.extend(r.files);
                failures.extend(r.failures);
            }
            if matches!(name, BenchName::Peers | BenchName::All) {
                let r = bench::peers::run(&options)?;
                summary.push_str(&r.summary);
                files.extend(r.files);
                failures.extend(r.failures);
            }
            if !failures.is_empty() {
                summary.push_str(&format!(
                    "## Failures\n\n{} answers disagree with their reference:\n\n",
                    failures.len()
                ));
                for f in &failures {
                    summary.push_str(&format!("- {f}\n"));
                }
            }
            let path = options.out.join("summary.md");
            std::fs::write(&path, &summary)?;
            files.push(path);
            println!("{summary}");
            println!(
                "wrote {} files to {}, tables in summary.md",
                files.len(),
                options.out.display()
            );
            if !failures.is_empty() {
                return Err(format!(
                    "{} answer checks failed (listed in summary.md), first: {}",
                    failures.len(),
                    failures[0]
                )
                .into());
            }
        }
        Command::Sim {
            name,
            bodies,
            seconds,
            walls,
            no_walls,
            dt,
            scheme,
            out,
            quick,
        } => {
            let scheme = match scheme {
                Some(s) => Some(wolfe_sim::Scheme::from_name(&s).ok_or_else(|| {
                    format!(
                        "unknown scheme {s:?}: explicit-euler, symplectic-euler, implicit-euler or midpoint"
                    )
                })?),
                None => None,
            };
            let options = SimOptions {
                scene: name,
                bodies,
                seconds,
                walls: walls || !no_walls,
                time_step: dt,
                scheme,
                out,
                quick,
            };
            let report = sim::run(&options, |len| {
                let bar = progress(len, "stepping");
                move || bar.inc(1)
            })?;
            println!("{}", report.summary);
            println!("wrote {} files to {}", report.files.len(), options.out.display());
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
    }
    Ok(())
}
