//! `wolfe robot`: look at a URDF robot's model.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::CommandResult;

// The arguments of `wolfe robot` (the doc comments are the command's help).
#[derive(Debug, Args)]
pub struct RobotArgs {
    #[command(subcommand)]
    command: RobotCommand,
}

#[derive(Debug, Subcommand)]
enum RobotCommand {
    /// For each state {"q", "v", "a"} (movable joints in URDF file order, fixed base)
    /// write the mass matrix M(q), the inverse dynamics tau = M a + c(q, v) + g(q) and
    /// the gravity torques g(q) (gravity -9.81 z) as
    /// {"joint_names": [...], "states": [{"M": [[...]], "tau": [...], "g": [...]}]}.
    Inspect {
        /// The robot's URDF file (package:// and relative mesh paths resolve from its folder).
        #[arg(long)]
        urdf: PathBuf,
        /// A JSON file: a list of states, or {"states": [...]}.
        #[arg(long)]
        states: PathBuf,
        /// The JSON file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

/// Runs the robot subcommand.
pub fn robot(args: RobotArgs) -> CommandResult {
    match args.command {
        RobotCommand::Inspect { urdf, states, out } => {
            let output = wolfe_multibody::inspect_file(&urdf, &states, &out)?;
            println!(
                "{}: {} joints, {} states -> {}",
                urdf.display(),
                output.joint_names.len(),
                output.states.len(),
                out.display()
            );
            Ok(())
        }
    }
}
