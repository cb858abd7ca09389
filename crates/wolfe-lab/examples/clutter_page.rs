//! Simulates the clutter scene (SAP paper Section VI-C: 40 bodies, walls, 10 s at 10 ms
//! by default), records every step with contacts, writes `view.html` and `scene.glb` into
//! DIR and prints the file sizes.
//!
//! `cargo run --release -p wolfe-lab --example clutter_page -- DIR [BODIES] [SECONDS]`

use std::path::PathBuf;

use wolfe_lab::sim::scenes::Clutter;
use wolfe_sim::trajectory::TrajectoryWriter;
use wolfe_sim::Simulation;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: clutter_page DIR [BODIES] [SECONDS]")?);
    let bodies: usize = args.next().map_or(Ok(40), |a| a.parse())?;
    let seconds: f64 = args.next().map_or(Ok(10.0), |a| a.parse())?;
    std::fs::create_dir_all(&dir)?;
    let clutter = Clutter {
        bodies,
        ..Clutter::default()
    };
    let (world, settings) = clutter.build()?;
    let steps = (seconds / settings.time_step).round() as u64;
    let mut sim = Simulation::new(world, settings)?;
    let mut writer = TrajectoryWriter::create(&dir, sim.world())?;
    writer.record_simulation(0, &sim)?;
    for k in 1..=steps {
        sim.step()?;
        writer.record_simulation(k, &sim)?;
    }
    writer.finish()?;
    for f in ["trajectory.csv", "contacts.csv"] {
        println!("{f}: {} bytes", std::fs::metadata(dir.join(f))?.len());
    }
    let page = wolfe_view::write_html(&dir)?;
    println!("{}: {} bytes", page.display(), std::fs::metadata(&page)?.len());
    let glb = dir.join("scene.glb");
    wolfe_view::write_gltf(&dir, &glb)?;
    println!("{}: {} bytes", glb.display(), std::fs::metadata(&glb)?.len());
    Ok(())
}
