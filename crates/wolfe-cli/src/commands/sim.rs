//! `wolfe sim`: the papers' scenes and the clutter studies.

use std::path::PathBuf;

use clap::Args;
use wolfe_lab::progress::progress_bar;
use wolfe_lab::sim::{self, SceneName, SimOptions};
use wolfe_sim::Scheme;

use super::CommandResult;

// The arguments of `wolfe sim` (the doc comments are the command's help).
#[derive(Debug, Args)]
pub struct SimArgs {
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
}

/// Runs the scene or study, prints its summary.
pub fn sim(args: SimArgs) -> CommandResult {
    let scheme = match args.scheme {
        Some(s) => Some(Scheme::from_name(&s).ok_or_else(|| {
            format!("unknown scheme {s:?}: explicit-euler, symplectic-euler, implicit-euler or midpoint")
        })?),
        None => None,
    };
    let options = SimOptions {
        scene: args.name,
        bodies: args.bodies,
        seconds: args.seconds,
        walls: args.walls || !args.no_walls,
        time_step: args.dt,
        scheme,
        out: args.out,
        quick: args.quick,
    };
    let report = sim::run(&options, |len| {
        let bar = progress_bar(len, "stepping");
        move || bar.inc(1)
    })?;
    println!("{}", report.summary);
    println!("wrote {} files to {}", report.files.len(), options.out.display());
    Ok(())
}
