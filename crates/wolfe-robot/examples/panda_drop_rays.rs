//! Why `panda-drop`'s Newton steps are short: for every Newton iteration of the steps in
//! a window, compares the constraint regions at the iterate with those at the full
//! Newton step (alpha = 1) and at the chosen step, and counts, per kind of constraint
//! (contact by region pair, PD controller, joint limit), which ones cross a region
//! boundary along the Newton ray. Also prints the initial momentum error and the
//! regions at the warm start versus at the solution.
//!
//! `cargo run --release -p wolfe-robot --example panda_drop_rays [FIRST] [LAST]`
//! (steps, default 400 and 1000). Environment: `TRACE=1` prints every step's Newton
//! iterations; `VEL=NAME` the velocities of the trees whose name contains NAME;
//! `WATCH=NAME` the contacts of the geometries whose name contains NAME (points,
//! normals, phi0, regions at the warm start and at the solution, impulses) and each
//! iteration's momentum error for the first 12 steps of the window.

use std::collections::BTreeMap;

use nalgebra::DVector;
use wolfe_robot::{panda_drop_world, ContactObject, PandaDropOptions, Simulator};
use wolfe_sap::{evaluate, ConeRegion, Evaluation, SapModel};

fn short(r: ConeRegion) -> &'static str {
    match r {
        ConeRegion::Stiction => "St",
        ConeRegion::Sliding => "Sl",
        ConeRegion::NoContact => "No",
    }
}

/// Saturation state of each PD controller: -1, 0, +1.
fn pd_state(model: &SapModel, e: &Evaluation) -> Vec<i8> {
    model
        .pd_controllers
        .iter()
        .zip(&e.pd_impulses)
        .map(|(m, g)| {
            if *g >= m.interval.upper {
                1
            } else if *g <= m.interval.lower {
                -1
            } else {
                0
            }
        })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let first: u64 = args.next().map_or(Ok(400), |s| s.parse())?;
    let last: u64 = args.next().map_or(Ok(1000), |s| s.parse())?;
    let (world, mut settings) = panda_drop_world(&PandaDropOptions::new("/tmp/unused"))?;
    settings.sap.record_history = true;
    let mut sim = Simulator::new(world, settings)?;
    sim.world_mut().forward_kinematics()?;
    let names: Vec<String> = sim.world().geometries().iter().map(|g| g.name.clone()).collect();
    let mut crossings: BTreeMap<String, usize> = BTreeMap::new();
    let mut alpha_hist = [0usize; 6];
    let mut its = 0u64;
    let mut steps = 0u64;
    let mut start_vs_end: BTreeMap<String, usize> = BTreeMap::new();
    let mut e0_sum = 0.0;
    let mut tree_grad = vec![0.0; 64];
    for k in 1..=last {
        sim.step()?;
        if k < first {
            continue;
        }
        let (Some(stats), Some(problem)) = (sim.last_sap_stats(), sim.last_sap_problem()) else {
            continue;
        };
        steps += 1;
        its += u64::from(stats.iterations);
        if let Ok(w) = std::env::var("VEL") {
            for t in sim.world().trees() {
                if t.model.name.contains(&w) {
                    let v: Vec<String> = t.v.iter().map(|x| format!("{:+.2e}", x)).collect();
                    println!(
                        "{k} {} v [{}] its {}",
                        t.model.name,
                        v.join(" "),
                        stats.iterations
                    );
                }
            }
        }
        if std::env::var("TRACE").is_ok() {
            print!("{k}:{} ", stats.iterations);
            if k % 20 == 0 {
                println!();
            }
        }
        let model = SapModel::new(problem, &settings.sap.regularization)?;
        // Final velocities: the trees' v now (stacked as SAP stacks them).
        let mut v_end = Vec::new();
        for t in sim.world().trees() {
            v_end.extend(t.v.iter());
        }
        let v_end = DVector::from_vec(v_end);
        let hist = &stats.history;
        if let Some(h0) = hist.first() {
            e0_sum += h0.momentum_error;
            // Which tree carries the initial gradient (scaled, Eq. 25).
            let e0 = evaluate(problem, &model, &DVector::from_column_slice(&h0.v));
            let mut off = 0;
            for (t, tree) in problem.trees().iter().enumerate() {
                let n = tree.dofs();
                let g: f64 = (0..n)
                    .map(|i| (e0.gradient[off + i] / tree.a[(i, i)].sqrt()).powi(2))
                    .sum::<f64>()
                    .sqrt();
                tree_grad[t] += g;
                off += n;
            }
            let e_end = evaluate(problem, &model, &v_end);
            for (c, (a, b)) in h0.regions.iter().zip(&e_end.regions).enumerate() {
                if a != b {
                    let rc = &sim.contacts()[c];
                    let an = match rc.a {
                        ContactObject::Geometry(g) => names[g].clone(),
                        ContactObject::HalfSpace(_) => "floor".into(),
                    };
                    *start_vs_end
                        .entry(format!("{}->{} {an}/{}", short(*a), short(*b), names[rc.b]))
                        .or_default() += 1;
                }
            }
        }
        if let Ok(watch) = std::env::var("WATCH") {
            if k < first + 12 {
                let e_end = evaluate(problem, &model, &v_end);
                let e0 = hist
                    .first()
                    .map(|h0| evaluate(problem, &model, &DVector::from_column_slice(&h0.v)));
                println!(
                    "step {k}: {} its, alphas {:?}",
                    stats.iterations,
                    hist.iter()
                        .map(|h| (h.alpha * 1000.0).round() / 1000.0)
                        .collect::<Vec<_>>()
                );
                for (i, h) in hist.iter().enumerate() {
                    let changed: Vec<usize> = hist
                        .get(i + 1)
                        .map(|nx| {
                            (0..h.regions.len())
                                .filter(|&c| h.regions[c] != nx.regions[c])
                                .collect()
                        })
                        .unwrap_or_default();
                    println!(
                        "    it {i}: e_m {:.3e} dec {:.3e} alpha {:.4} changes after {:?}",
                        h.momentum_error, h.newton_decrement, h.alpha, changed
                    );
                }
                println!("    final e_m {:.3e}", stats.momentum_error);
                for (c, rc) in sim.contacts().iter().enumerate() {
                    let an = match rc.a {
                        ContactObject::Geometry(g) => names[g].clone(),
                        ContactObject::HalfSpace(_) => "floor".into(),
                    };
                    let bn = &names[rc.b];
                    if !(an.contains(&watch) || bn.contains(&watch)) {
                        continue;
                    }
                    let r0 = e0.as_ref().map_or("--", |e| short(e.regions[c]));
                    let g = e_end.gamma[c];
                    println!(
                        "  {an}/{bn} p ({:.5},{:.5},{:.5}) n ({:.3},{:.3},{:.3}) phi0 {:.3e} {r0}->{} gamma ({:.2e},{:.2e},{:.2e})",
                        rc.point.x, rc.point.y, rc.point.z, rc.normal.x, rc.normal.y, rc.normal.z,
                        rc.phi0, short(e_end.regions[c]), g.x, g.y, g.z
                    );
                }
            }
        }
        for (m, h) in hist.iter().enumerate() {
            let v_m = DVector::from_column_slice(&h.v);
            let v_next = hist
                .get(m + 1)
                .map_or(v_end.clone(), |n| DVector::from_column_slice(&n.v));
            let bucket = ((h.alpha * 5.0) as usize).min(5);
            alpha_hist[bucket] += 1;
            if h.alpha >= 0.99 || h.alpha == 0.0 {
                continue;
            }
            let dv = (&v_next - &v_m) / h.alpha;
            let e_m = evaluate(problem, &model, &v_m);
            let e_full = evaluate(problem, &model, &(&v_m + &dv));
            for (c, (a, b)) in e_m.regions.iter().zip(&e_full.regions).enumerate() {
                if a != b {
                    let rc = &sim.contacts()[c];
                    let an = match rc.a {
                        ContactObject::Geometry(g) => names[g].clone(),
                        ContactObject::HalfSpace(_) => "floor".into(),
                    };
                    let _ = an;
                    *crossings
                        .entry(format!("contact {}->{}", short(*a), short(*b)))
                        .or_default() += 1;
                }
            }
            let (pa, pb) = (pd_state(&model, &e_m), pd_state(&model, &e_full));
            for (a, b) in pa.iter().zip(&pb) {
                if a != b {
                    *crossings.entry(format!("pd {a}->{b}")).or_default() += 1;
                }
            }
            for (a, b) in e_m.limit_impulses.iter().zip(&e_full.limit_impulses) {
                if (*a > 0.0) != (*b > 0.0) {
                    *crossings.entry("limit".into()).or_default() += 1;
                }
            }
            let sliding = e_m.regions.iter().filter(|r| **r == ConeRegion::Sliding).count();
            *crossings
                .entry(format!("short step with {sliding:>2} sliding at iterate"))
                .or_default() += 1;
        }
    }
    println!(
        "steps {first}..{last}: {steps} solves, {:.2} it/step, mean initial e_m {:.3e}",
        its as f64 / steps.max(1) as f64,
        e0_sum / steps.max(1) as f64
    );
    let tnames: Vec<String> = sim.world().trees().iter().map(|t| t.model.name.clone()).collect();
    for (t, g) in tree_grad.iter().enumerate().take(tnames.len()) {
        println!(
            "  tree {:<24} mean initial |D grad| {:.3e}",
            tnames[t],
            g / steps.max(1) as f64
        );
    }
    println!("alpha histogram (0-0.2, .., 0.8-1.0, >=1): {alpha_hist:?}");
    println!("crossings along the Newton ray of short steps:");
    for (k, n) in &crossings {
        println!("  {n:7} {k}");
    }
    let mut top: Vec<_> = start_vs_end.into_iter().collect();
    top.sort_by_key(|e| std::cmp::Reverse(e.1));
    println!("regions at the warm start vs the solution:");
    for (k, n) in top.iter().take(25) {
        println!("  {n:7} {k}");
    }
    Ok(())
}
