//! Writes `view.html` (and with `--gltf FILE.glb` the glTF export) for a trajectory
//! folder, and prints their sizes: what `wolfe view DIR [--gltf FILE.glb]` will do.
//!
//! `cargo run --release -p wolfe-view --example view -- DIR [--gltf FILE.glb]`

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: view DIR [--gltf FILE.glb]")?);
    let page = wolfe_view::write_html(&dir)?;
    println!("{}: {} bytes", page.display(), std::fs::metadata(&page)?.len());
    if args.next().as_deref() == Some("--gltf") {
        let out = PathBuf::from(args.next().ok_or("--gltf needs a file")?);
        wolfe_view::write_gltf(&dir, &out)?;
        println!("{}: {} bytes", out.display(), std::fs::metadata(&out)?.len());
    }
    Ok(())
}
