//! The spring-cylinder studies of the SAP paper (Fig. 5-7): energy of the three
//! implicit-family schemes with and without friction, and the order of the position
//! error against the exact solution.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::sim::scenes::SpringCylinder;
use wolfe_sim::{Scheme, Simulation};

use super::options::{io, SimRunError};
use crate::plot::Chart;
use crate::plot::{Curve, LineChart};

/// The three implicit-family schemes of Fig. 5-7.
const STUDY_SCHEMES: [Scheme; 3] = [Scheme::SymplecticEuler, Scheme::ImplicitEuler, Scheme::Midpoint];

/// Fig. 5-7 of the SAP paper: energy of the three schemes with and without friction,
/// and the position error against the exact solution versus the time step.
pub(crate) fn spring_cylinder_studies<P: FnMut()>(
    dir: &Path, seconds: f64, progress: &mut impl FnMut(usize) -> P,
) -> Result<(String, Vec<PathBuf>), SimRunError> {
    let mut files = Vec::new();
    let path = dir.join("energy.csv");
    let mut energy_csv = BufWriter::new(File::create(&path).map_err(io(&path))?);
    writeln!(energy_csv, "scheme,friction,time,energy").map_err(io(&path))?;
    let mut text = String::from("## Spring-cylinder energy (Fig. 5, 6), dt = 0.02 s\n\n| friction | scheme | peak-to-peak energy / initial |\n|---|---|---|\n");
    for (friction, stem) in [(0.0, "energy-frictionless"), (1.0, "energy-friction")] {
        let scene = SpringCylinder {
            friction,
            ..SpringCylinder::default()
        };
        let mut series = Vec::new();
        for scheme in STUDY_SCHEMES {
            let (world, settings) = scene.build(0.02, scheme)?;
            let mut sim = Simulation::new(world, settings)?;
            let steps = (seconds / 0.02).round() as usize;
            let mut points = vec![(0.0, sim.kinetic_energy()? + sim.potential_energy())];
            let mut tick = progress(steps);
            for _ in 0..steps {
                let s = sim.step()?;
                points.push((s.time, s.kinetic_energy + s.potential_energy));
                tick();
            }
            // Gravity potential is constant: show the spring and kinetic energy.
            let base = points[0].1 - 0.5 * scene.spring_stiffness * scene.x0 * scene.x0;
            for p in &mut points {
                p.1 -= base;
                writeln!(energy_csv, "{},{friction},{},{}", scheme.name(), p.0, p.1).map_err(io(&path))?;
            }
            let (lo, hi) = points
                .iter()
                .fold((f64::MAX, f64::MIN), |(l, h), p| (l.min(p.1), h.max(p.1)));
            text.push_str(&format!(
                "| {friction} | {} | {:.2e} |\n",
                scheme.name(),
                (hi - lo) / points[0].1
            ));
            series.push(Curve {
                name: scheme.name().into(),
                points,
                dashed: false,
                color: None,
            });
        }
        files.extend(
            LineChart {
                title: format!("spring-cylinder, mu = {friction}: total mechanical energy"),
                x_label: "time (s)".into(),
                y_label: "energy (J)".into(),
                log_x: false,
                log_y: false,
                x_ticks: Vec::new(),
                series,
            }
            .write(dir, stem)?,
        );
    }
    energy_csv.flush().map_err(io(&path))?;
    files.push(path);
    // Fig. 7: L2 position error over T against x0 cos(omega t).
    let scene = SpringCylinder::default();
    let horizon = seconds;
    let dts = [0.02, 0.01, 0.005, 0.0025, 0.00125];
    let path = dir.join("order.csv");
    let mut order_csv = BufWriter::new(File::create(&path).map_err(io(&path))?);
    writeln!(order_csv, "scheme,dt,error").map_err(io(&path))?;
    text.push_str(&format!(
        "\n## Spring-cylinder convergence (Fig. 7), mu = 1, T = {horizon} s\n\n| scheme | {} | fitted order |\n|---|{}---|\n",
        dts.iter().map(|d| format!("dt = {d}")).collect::<Vec<_>>().join(" | "),
        "---|".repeat(dts.len())
    ));
    let mut series = Vec::new();
    for scheme in STUDY_SCHEMES {
        let mut points = Vec::new();
        for dt in dts {
            let (world, settings) = scene.build(dt, scheme)?;
            let mut sim = Simulation::new(world, settings)?;
            let steps = (horizon / dt).round() as usize;
            let mut err2 = 0.0;
            let mut tick = progress(steps);
            for _ in 0..steps {
                sim.step()?;
                let x = sim.poses()[0].translation.x;
                err2 += (x - scene.exact_x(sim.time())).powi(2) * dt;
                tick();
            }
            let error = (err2 / horizon).sqrt();
            writeln!(order_csv, "{},{dt},{error}", scheme.name()).map_err(io(&path))?;
            points.push((dt, error));
        }
        let order = fitted_slope(&points);
        text.push_str(&format!(
            "| {} | {} | {order:.2} |\n",
            scheme.name(),
            points
                .iter()
                .map(|p| format!("{:.2e}", p.1))
                .collect::<Vec<_>>()
                .join(" | ")
        ));
        series.push(Curve {
            name: scheme.name().into(),
            points,
            dashed: false,
            color: None,
        });
    }
    order_csv.flush().map_err(io(&path))?;
    files.push(path);
    // First- and second-order reference lines through the midpoint's coarsest error.
    let anchor = series[2].points[0];
    for (name, p) in [("first order", 1.0), ("second order", 2.0)] {
        series.push(Curve {
            name: name.into(),
            points: dts
                .iter()
                .map(|&d| (d, anchor.1 * (d / anchor.0).powf(p)))
                .collect(),
            dashed: true,
            color: None,
        });
    }
    files.extend(
        LineChart {
            title: "spring-cylinder (mu = 1): L2 position error".into(),
            x_label: "time step (s)".into(),
            y_label: "position error (m)".into(),
            log_x: true,
            log_y: true,
            // Ticks at the steps run, not at round numbers between them.
            x_ticks: dts.to_vec(),
            series,
        }
        .write(dir, "order")?,
    );
    Ok((text, files))
}

/// Least-squares slope of log(error) against log(dt).
pub fn fitted_slope(points: &[(f64, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| p.0 > 0.0 && p.1 > 0.0)
        .map(|p| (p.0.ln(), p.1.ln()))
        .collect();
    let n = logs.len() as f64;
    let (mx, my) = (
        logs.iter().map(|p| p.0).sum::<f64>() / n,
        logs.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let cov: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let var: f64 = logs.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    cov / var
}
