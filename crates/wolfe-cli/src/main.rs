//! `wolfe`: the command line over `wolfe` (one-line queries) and `wolfe-lab`. Parses
//! the arguments and hands each command to its function in [`commands`]; every error
//! is printed on one line and exits with status 1.

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
    /// Distance between two shapes (0 when they overlap), with witness points, the
    /// normal, status and certificate. A shape is a primitive (sphere:0.1,
    /// box:0.1,0.2,0.3, ...) or a mesh file (.obj, .stl).
    Distance(commands::query::QueryArgs),
    /// Signed distance between two shapes (negative: minus the penetration depth), with
    /// witness points, the normal, status and certified bounds.
    Contact(commands::query::QueryArgs),
    /// Growth distance between two shapes: the factor by which both, scaled about
    /// their centres, touch (< 1 overlapping, > 1 apart), with bounds and witnesses.
    Growth(commands::query::QueryArgs),
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
    /// Robots from URDF or MJCF: `robot inspect` writes M(q), inverse dynamics and gravity torques.
    Robot(commands::robot::RobotArgs),
}

fn main() -> ExitCode {
    use commands::query::{query, Query};
    let result = match Cli::parse().command {
        Command::Distance(args) => query(Query::Distance, args),
        Command::Contact(args) => query(Query::Contact, args),
        Command::Growth(args) => query(Query::Growth, args),
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
