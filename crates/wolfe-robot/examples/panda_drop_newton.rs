//! Where `panda-drop`'s Newton iterations go: steps the scene with SAP's per-iteration
//! history and prints, per 0.25 s window, the mean iterations, the mean step length,
//! how many contacts change cone region between iterations, and which bodies those
//! contacts join; then one detailed step.
//!
//! `cargo run --release -p wolfe-robot --example panda_drop_newton [STEPS] [DETAIL_STEP]
//! [TAU_D_OVER_DT] [MARGIN]`: the contacts' dissipation time scale as a multiple of dt
//! and the contact margin (m) default to the scene's.

use std::collections::BTreeMap;

use wolfe_robot::{panda_drop_world, ContactObject, PandaDropOptions, Simulator};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let steps: u64 = args.next().map_or(Ok(1000), |s| s.parse())?;
    let detail: u64 = args.next().map_or(Ok(900), |s| s.parse())?;
    let (world, mut settings) = panda_drop_world(&PandaDropOptions::new("/tmp/unused"))?;
    if let Some(f) = args.next() {
        settings.dissipation_time_scale = f.parse::<f64>()? * settings.time_step;
    }
    if let Some(m) = args.next() {
        settings.margin = m.parse()?;
    }
    println!(
        "tau_d {} s, margin {} m",
        settings.dissipation_time_scale, settings.margin
    );
    settings.sap.record_history = true;
    let start = std::time::Instant::now();
    let mut seconds = 0.0;
    let mut sim = Simulator::new(world, settings)?;
    sim.world_mut().forward_kinematics()?;
    let names: Vec<String> = sim.world().geometries().iter().map(|g| g.name.clone()).collect();
    let mut window = (0u64, 0u64, 0.0f64, 0usize, 0usize);
    let mut culprits: BTreeMap<String, usize> = BTreeMap::new();
    for k in 1..=steps {
        let stats = sim.step()?;
        seconds += stats.seconds;
        let Some(sap) = sim.last_sap_stats() else { continue };
        window.0 += 1;
        window.1 += u64::from(stats.newton_iterations);
        for h in &sap.history {
            window.2 += h.alpha;
        }
        window.3 += sap.history.len();
        let contacts = sim.contacts();
        for w in sap.history.windows(2) {
            for (c, (a, b)) in w[0].regions.iter().zip(&w[1].regions).enumerate() {
                if a != b {
                    window.4 += 1;
                    let rc = &contacts[c];
                    let an = match rc.a {
                        ContactObject::Geometry(g) => names[g].clone(),
                        ContactObject::HalfSpace(_) => "floor".into(),
                    };
                    *culprits.entry(format!("{an} / {}", names[rc.b])).or_default() += 1;
                }
            }
        }
        if k == detail {
            println!(
                "step {k}: {} contacts, {} iterations",
                contacts.len(),
                stats.newton_iterations
            );
            for (i, h) in sap.history.iter().enumerate() {
                let changed: Vec<usize> = sap
                    .history
                    .get(i + 1)
                    .map(|n| {
                        (0..h.regions.len())
                            .filter(|&c| h.regions[c] != n.regions[c])
                            .collect()
                    })
                    .unwrap_or_default();
                println!(
                    "  it {i}: e_m {:.3e} decrement {:.3e} alpha {:.4} ls {} region changes after: {:?}",
                    h.momentum_error, h.newton_decrement, h.alpha, h.line_search_iterations, changed
                );
            }
            for (c, rc) in contacts.iter().enumerate() {
                let an = match rc.a {
                    ContactObject::Geometry(g) => names[g].clone(),
                    ContactObject::HalfSpace(_) => "floor".into(),
                };
                let regs: Vec<String> = sap
                    .history
                    .iter()
                    .map(|h| format!("{:?}", h.regions[c]).chars().take(2).collect())
                    .collect();
                println!(
                    "  contact {c}: {an} / {} phi0 {:.2e} regions {}",
                    names[rc.b],
                    rc.phi0,
                    regs.join(" ")
                );
            }
        }
        if k % 250 == 0 {
            let (n, it, alpha, hl, ch) = window;
            println!(
                "t {:.2}: {:.2} it/step, mean alpha {:.3}, region changes/step {:.2}",
                k as f64 * 0.005,
                it as f64 / n.max(1) as f64,
                alpha / hl.max(1) as f64,
                ch as f64 / n.max(1) as f64
            );
            window = (0, 0, 0.0, 0, 0);
        }
    }
    println!(
        "mean step {:.3} ms (with history recording; wall {:.2} s)",
        1e3 * seconds / steps.max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    let mut top: Vec<_> = culprits.into_iter().collect();
    top.sort_by_key(|e| std::cmp::Reverse(e.1));
    println!("region changes by pair:");
    for (pair, n) in top.iter().take(20) {
        println!("  {n:6} {pair}");
    }
    Ok(())
}
