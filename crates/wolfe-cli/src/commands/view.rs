//! `wolfe view`: (re)write the viewer page of a simulation folder, optionally export glTF.

use std::path::PathBuf;

use clap::Args;

use super::CommandResult;

// The arguments of `wolfe view` (the doc comments are the command's help).
#[derive(Debug, Args)]
pub struct ViewArgs {
    /// A folder written by `wolfe sim` (scene.csv + trajectory.csv, contacts.csv if any).
    dir: PathBuf,
    /// Also export the animated scene as binary glTF 2.0 to this file (.glb).
    #[arg(long)]
    gltf: Option<PathBuf>,
}

/// Writes DIR/view.html and, with --gltf, the .glb file; prints their paths.
pub fn view(args: ViewArgs) -> CommandResult {
    let page = wolfe_view::write_html(&args.dir)?;
    println!("wrote {}", page.display());
    if let Some(file) = args.gltf {
        wolfe_view::write_gltf(&args.dir, &file)?;
        println!("wrote {}", file.display());
    }
    Ok(())
}
