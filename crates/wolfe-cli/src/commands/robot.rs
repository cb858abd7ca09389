//! `wolfe robot`: look at a robot's model (URDF or MJCF).

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
    /// For each state {"q", "v", "a"} (movable joints in file order; a URDF's base fixed)
    /// write the mass matrix M(q), the inverse dynamics tau = M a + c(q, v) + g(q) and
    /// the gravity torques g(q) (gravity -9.81 z, an MJCF's own) as
    /// {"joint_names": [...], "states": [{"M": [[...]], "tau": [...], "g": [...]}]}.
    /// An MJCF free joint: q = [p; x y z w], v = [linear; angular] in the body frame.
    Inspect {
        /// The model: URDF (.urdf) or MJCF (.xml, .mjcf), by its extension.
        #[arg(long, required_unless_present = "urdf", conflicts_with = "urdf")]
        model: Option<PathBuf>,
        /// The robot's URDF file (package:// and relative mesh paths resolve from its folder).
        #[arg(long)]
        urdf: Option<PathBuf>,
        /// A JSON file: a list of states, or {"states": [...]}.
        #[arg(long)]
        states: PathBuf,
        /// The JSON file to write.
        #[arg(long)]
        out: PathBuf,
        /// Another model (URDF or MJCF) welded at --at: one tree, its joints after the
        /// model's (an Inspire hand on the iiwa's flange).
        #[arg(long, requires = "at")]
        attach: Option<PathBuf>,
        /// --attach: the model's frame (a link, site or body name) the attached model's
        /// world is welded to.
        #[arg(long, requires = "attach")]
        at: Option<String>,
        /// --attach: a prefix for the attached model's names (default none).
        #[arg(long, default_value = "", requires = "attach")]
        prefix: String,
    },
}

/// Runs the robot subcommand.
pub fn robot(args: RobotArgs) -> CommandResult {
    match args.command {
        RobotCommand::Inspect {
            model,
            urdf,
            states,
            out,
            attach,
            at,
            prefix,
        } => {
            let (path, output) = match (model, urdf) {
                (Some(m), _) if attach.is_some() => {
                    let (child, frame) = (attach.unwrap_or_default(), at.unwrap_or_default());
                    let o =
                        wolfe_multibody::inspect_attached_file(&m, &child, &frame, &prefix, &states, &out)?;
                    (m, o)
                }
                (None, Some(_)) if attach.is_some() => {
                    return Err("--attach needs --model FILE (not --urdf)".into())
                }
                (Some(m), _) => {
                    let o = wolfe_multibody::inspect_model_file(&m, &states, &out)?;
                    (m, o)
                }
                (None, Some(u)) => {
                    let o = wolfe_multibody::inspect_file(&u, &states, &out)?;
                    (u, o)
                }
                (None, None) => return Err("robot inspect needs --model FILE (or --urdf FILE)".into()),
            };
            println!(
                "{}: {} joints, {} states -> {}",
                path.display(),
                output.joint_names.len(),
                output.states.len(),
                out.display()
            );
            Ok(())
        }
    }
}
