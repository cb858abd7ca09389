//! `wolfe`: the command line over `wolfe-lab`. Parses the arguments and hands each
//! command to its function in [`commands`]; every error is printed on one line and
//! exits with status 1.

mod commands;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    Run(commands::run::RunArgs),
    /// Reproduce the papers' experiments: generate problems (seeded), solve them with
    /// every variant, write NAME.csv, PNG and SVG plots and summary.md into OUT.
    Bench(commands::bench::BenchArgs),
    /// Simulate one of the papers' scenes with SAP contact; write steps.csv, plots,
    /// the trajectory (scene.csv, trajectory.csv, contacts.csv), the 3D viewer page
    /// view.html and summary.md into OUT.
    Sim(commands::sim::SimArgs),
    /// Generate a problem set as in the GJK++ paper, Sec. IV.
    Generate(commands::generate::GenerateArgs),
    /// (Re)write the 3D viewer page DIR/view.html of a simulation folder; --gltf also
    /// exports the animated scene as glTF 2.0.
    View(commands::view::ViewArgs),
    /// Robots from URDF: `robot inspect` writes M(q), inverse dynamics and gravity torques.
    Robot(commands::robot::RobotArgs),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Run(args) => commands::run::run(args),
        Command::Bench(args) => commands::bench::bench(args),
        Command::Sim(args) => commands::sim::sim(args),
        Command::Generate(args) => commands::generate::generate(args),
        Command::View(args) => commands::view::view(args),
        Command::Robot(args) => commands::robot::robot(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Every error's message already includes its cause.
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
