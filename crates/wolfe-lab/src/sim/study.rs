//! `wolfe sim clutter-scaling` and `wolfe sim clutter-slip`: the clutter studies of the
//! SAP paper, Section VI-C.
//!
//! - `clutter-scaling` (Section VI-C-1, Fig. 11-12): clutter (see
//!   [`crate::sim::scenes::Clutter`]) with 8, 16, ..., 160 bodies (`--bodies` sets the
//!   largest), each with and without walls, 10 s at dt = 10 ms. Writes `scaling.csv`
//!   (one row per run, columns [`SCALING_COLUMNS`]), the plots `contacts-vs-bodies.*`
//!   (pairs touching at the end as Fig. 11 counts them, and manifold points), `step-time-vs-bodies.*` (whole step and SAP solve
//!   per step; the paper's Fig. 12 is a speedup against Gurobi, which we do not run) and
//!   `iterations-vs-bodies.*`, and `summary.md`. `--quick`: 8, 16, 32 bodies for 2 s.
//! - `clutter-slip` (Section VI-C-2, Fig. 14-15): clutter with 40 bodies, dt = 10 ms,
//!   10 s, for the slip parameter sigma of Eq. 30 from 1e-5 to 1e-1 (half decades),
//!   with and without walls. At the end, the mean slip speed `|v_t|`
//!   ([`wolfe_sim::Simulation::contact_slip_speeds`]) over the touching contacts
//!   (`phi0 <= 0`, the set a penetration-only query such as Drake's reports; also over
//!   all contacts within the detection margin, `mean_slip_all`) against the bound
//!   `v_s = sigma mu dt g` of Eq. 31, the mean Newton iterations over the run (Fig. 15
//!   left), and the condition number of SAP's Newton matrix `H` at the final
//!   configuration (Fig. 15 right; [`wolfe_sim::Simulation::next_step_hessian`]), plain
//!   and Jacobi-scaled (`D^-1/2 H D^-1/2`, `D = diag(H)`, which removes the spread of
//!   units between masses and rotational inertias). Writes `slip.csv` (columns
//!   [`SLIP_COLUMNS`]), `slip-vs-sigma.*` (log-log, bound dashed),
//!   `iterations-vs-sigma.*`, `condition-vs-sigma.*` and `summary.md`. `--quick`:
//!   8 bodies, 4 s, sigma in {1e-4, 1e-3, 1e-2}.
//!
//! Both take `--seconds` and `--dt`; the per-run trajectories are not written.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::sim::scenes::{Clutter, GRAVITY};
use nalgebra::DMatrix;
use wolfe_sim::{Simulation, StepStats};

use super::options::{io, SimOptions, SimReport, SimRunError};
use super::record::RunSummary;
use crate::plot::Chart;
use crate::plot::{Curve, LineChart};

/// Columns of `scaling.csv`.
pub const SCALING_COLUMNS: [&str; 18] = [
    "bodies",
    "walls",
    "steps",
    "mean_contacts",
    "final_contacts",
    "final_touching_pairs",
    "mean_newton_iterations",
    "steady_newton_iterations",
    "max_newton_iterations",
    "mean_step_ms",
    "steady_step_ms",
    "mean_solve_ms",
    "mean_detection_ms",
    "real_time_factor",
    "steady_real_time_factor",
    "max_penetration",
    "final_kinetic_energy",
    "not_converged",
];

/// Columns of `slip.csv`.
pub const SLIP_COLUMNS: [&str; 16] = [
    "sigma",
    "walls",
    "bodies",
    "steps",
    "slip_bound",
    "mean_slip",
    "max_slip",
    "mean_slip_all",
    "touching_contacts",
    "final_contacts",
    "mean_newton_iterations",
    "mean_step_ms",
    "hessian_condition",
    "scaled_hessian_condition",
    "final_kinetic_energy",
    "not_converged",
];

/// Steps `sim` for `steps` steps, ticking `tick` after each.
fn run_steps(
    sim: &mut Simulation, steps: usize, mut tick: impl FnMut(),
) -> Result<Vec<StepStats>, SimRunError> {
    let mut stats = Vec::with_capacity(steps);
    for _ in 0..steps {
        stats.push(sim.step()?);
        tick();
    }
    Ok(stats)
}

fn checked_seconds(options: &SimOptions, default: f64) -> Result<f64, SimRunError> {
    match options.seconds {
        Some(s) if !(s.is_finite() && s > 0.0) => Err(SimRunError::Option(format!(
            "--seconds {s}: must be finite and positive"
        ))),
        Some(s) => Ok(s),
        None => Ok(default),
    }
}

/// What a clutter study starts with: its folder `--out` (created), the simulated
/// seconds and the (largest) body count, each `--seconds`/`--bodies` or the default
/// given as `(quick, full)`.
fn study_start(
    options: &SimOptions, seconds: (f64, f64), bodies: (usize, usize),
) -> Result<(&Path, f64, usize), SimRunError> {
    let dir = &options.out;
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let pick = |(quick, full): (f64, f64)| if options.quick { quick } else { full };
    let seconds = checked_seconds(options, pick(seconds))?;
    let (quick_bodies, full_bodies) = bodies;
    let bodies = if options.quick { quick_bodies } else { full_bodies };
    Ok((dir, seconds, options.bodies.unwrap_or(bodies)))
}

fn walls_name(walls: bool) -> &'static str {
    if walls {
        "walls"
    } else {
        "no walls"
    }
}

/// `wolfe sim clutter-scaling`: clutter from 8 bodies up to `--bodies` (160; quick 32)
/// in steps of 8 (quick: doubling), with and without walls.
pub fn scaling<P: FnMut()>(
    options: &SimOptions, progress: &mut impl FnMut(usize) -> P,
) -> Result<SimReport, SimRunError> {
    let (dir, seconds, largest) = study_start(options, (2.0, 10.0), (32, 160))?;
    let quick = options.quick;
    if largest == 0 {
        return Err(SimRunError::Option("--bodies 0: must be at least 1".into()));
    }
    let counts = scaling_counts(quick, largest);
    let path = dir.join("scaling.csv");
    let mut csv = BufWriter::new(File::create(&path).map_err(io(&path))?);
    writeln!(csv, "{}", SCALING_COLUMNS.join(",")).map_err(io(&path))?;
    let mut rows: Vec<(usize, bool, RunSummary)> = Vec::new();
    let mut dt = 0.01;
    for walls in [true, false] {
        for &bodies in &counts {
            let scene = Clutter {
                bodies,
                walls,
                time_step: options.time_step.unwrap_or(0.01),
                ..Clutter::default()
            };
            let (world, settings) = scene.build()?;
            dt = settings.time_step;
            let steps = (seconds / dt).round().max(1.0) as usize;
            let mut sim = Simulation::new(world, settings)?;
            let stats = run_steps(&mut sim, steps, progress(steps))?;
            let r = RunSummary::of(&stats);
            writeln!(
                csv,
                "{bodies},{walls},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                r.steps,
                r.mean_contacts,
                r.final_contacts,
                r.final_touching_pairs,
                r.mean_newton_iterations,
                r.steady_newton_iterations,
                r.max_newton_iterations,
                r.mean_step_ms,
                r.steady_step_ms,
                r.mean_solve_ms,
                r.mean_detection_ms,
                1e3 * dt / r.mean_step_ms,
                1e3 * dt / r.steady_step_ms,
                r.max_penetration,
                r.final_kinetic_energy,
                r.not_converged
            )
            .map_err(io(&path))?;
            rows.push((bodies, walls, r));
        }
    }
    csv.flush().map_err(io(&path))?;
    let mut files = vec![path];
    let series = |f: &dyn Fn(&RunSummary) -> f64, suffix: &str| -> Vec<Curve> {
        [true, false]
            .into_iter()
            .map(|walls| Curve {
                name: format!("{}{suffix}", walls_name(walls)),
                points: rows
                    .iter()
                    .filter(|r| r.1 == walls)
                    .map(|r| (r.0 as f64, f(&r.2)))
                    .collect(),
                dashed: !suffix.is_empty(),
                // A configuration's solid and dashed lines share its colour.
                color: Some(usize::from(!walls)),
            })
            .collect()
    };
    let chart = |title: &str, y_label: &str, series: Vec<Curve>| LineChart {
        title: title.into(),
        x_label: "bodies".into(),
        y_label: y_label.into(),
        log_x: false,
        log_y: false,
        x_ticks: Vec::new(),
        series,
    };
    // Fig. 11 counts Drake's point contacts: one per penetrating pair. Dashed: every
    // manifold point inside the detection margin, what SAP solves with here.
    let mut contact_series = series(&|r| r.final_touching_pairs as f64, "");
    contact_series.extend(series(&|r| r.final_contacts as f64, ": manifold points"));
    files.extend(
        chart(
            "clutter: pairs in contact at the end (SAP paper Fig. 11; dashed: manifold points)",
            "contacts",
            contact_series,
        )
        .write(dir, "contacts-vs-bodies")?,
    );
    let mut time_series = series(&|r| r.mean_step_ms, "");
    time_series.extend(series(&|r| r.mean_solve_ms, ": SAP solve"));
    files.extend(
        chart(
            "clutter: mean wall time per step (whole step; dashed: SAP solve)",
            "time per step (ms)",
            time_series,
        )
        .write(dir, "step-time-vs-bodies")?,
    );
    files.extend(
        chart(
            "clutter: mean SAP Newton iterations per step",
            "Newton iterations",
            series(&|r| r.mean_newton_iterations, ""),
        )
        .write(dir, "iterations-vs-bodies")?,
    );
    let mut summary = format!(
        "# wolfe sim clutter-scaling\n\nClutter (SAP paper Section VI-C-1), dt = {dt} s, {seconds} s \
         simulated per run, symplectic Euler, single thread. Whole run means unless marked \
         steady (second half).\n\n\
         | walls | bodies | final touching pairs (Fig. 11) | final contacts | mean contacts | mean iterations | steady iterations | \
         mean ms/step | steady ms/step | solve ms | detection ms | real-time factor | final KE (J) | not converged |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    );
    for (bodies, walls, r) in &rows {
        let _ = writeln!(
            summary,
            "| {} | {bodies} | {} | {} | {:.1} | {:.2} | {:.2} | {:.3} | {:.3} | {:.3} | {:.3} | {:.1} | {:.2e} | {} |",
            walls_name(*walls),
            r.final_touching_pairs,
            r.final_contacts,
            r.mean_contacts,
            r.mean_newton_iterations,
            r.steady_newton_iterations,
            r.mean_step_ms,
            r.steady_step_ms,
            r.mean_solve_ms,
            r.mean_detection_ms,
            1e3 * dt / r.mean_step_ms,
            r.final_kinetic_energy,
            r.not_converged
        );
    }
    let path = dir.join("summary.md");
    std::fs::write(&path, &summary).map_err(io(&path))?;
    files.push(path);
    Ok(SimReport { summary, files })
}

/// The body counts of the scaling study up to `largest`: doubling from 8 when `quick`,
/// else every multiple of 8.
fn scaling_counts(quick: bool, largest: usize) -> Vec<usize> {
    if quick {
        std::iter::successors(Some(8usize), |n| Some(n * 2))
            .take_while(|&n| n < largest)
            .chain([largest])
            .collect()
    } else {
        (1..=largest.div_ceil(8)).map(|k| (8 * k).min(largest)).collect()
    }
}

/// The condition number of the SPD matrix `h`, plain and Jacobi-scaled: the ratio of its
/// extreme eigenvalues (`f64::INFINITY` when the smallest is not positive).
pub fn condition_numbers(h: &DMatrix<f64>) -> (f64, f64) {
    let cond = |m: DMatrix<f64>| {
        let e = m.symmetric_eigenvalues();
        let (lo, hi) = e
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, u), &x| (l.min(x), u.max(x)));
        if lo > 0.0 {
            hi / lo
        } else {
            f64::INFINITY
        }
    };
    let d: Vec<f64> = h.diagonal().iter().map(|x| 1.0 / x.abs().sqrt()).collect();
    let scaled = DMatrix::from_fn(h.nrows(), h.ncols(), |i, j| h[(i, j)] * d[i] * d[j]);
    (cond(h.clone()), cond(scaled))
}

/// One run of the slip study.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SlipRow {
    sigma: f64,
    walls: bool,
    bound: f64,
    mean_slip: f64,
    max_slip: f64,
    mean_slip_all: f64,
    touching: usize,
    condition: (f64, f64),
    run: RunSummary,
}

/// `wolfe sim clutter-slip`: the slip study over sigma (Fig. 14-15).
pub fn slip<P: FnMut()>(
    options: &SimOptions, progress: &mut impl FnMut(usize) -> P,
) -> Result<SimReport, SimRunError> {
    let (dir, seconds, bodies) = study_start(options, (4.0, 10.0), (8, 40))?;
    let quick = options.quick;
    let sigmas: Vec<f64> = if quick {
        vec![1e-4, 1e-3, 1e-2]
    } else {
        (0..=8).map(|k| 10f64.powf(-5.0 + 0.5 * f64::from(k))).collect()
    };
    let (rows, dt) = slip_runs(options, bodies, seconds, &sigmas, progress)?;
    let mut files = vec![write_slip_csv(dir, bodies, &rows)?];
    files.extend(slip_plots(dir, bodies, &rows)?);
    let summary = slip_summary(bodies, dt, seconds, &rows);
    let path = dir.join("summary.md");
    std::fs::write(&path, &summary).map_err(io(&path))?;
    files.push(path);
    Ok(SimReport { summary, files })
}

/// The clutter runs of the slip study, one per wall setting and `sigma`, and their
/// time step.
fn slip_runs<P: FnMut()>(
    options: &SimOptions, bodies: usize, seconds: f64, sigmas: &[f64], progress: &mut impl FnMut(usize) -> P,
) -> Result<(Vec<SlipRow>, f64), SimRunError> {
    let mut rows = Vec::new();
    let mut dt = 0.01;
    for walls in [true, false] {
        for &sigma in sigmas {
            let scene = Clutter {
                bodies,
                walls,
                time_step: options.time_step.unwrap_or(0.01),
                ..Clutter::default()
            };
            let (world, mut settings) = scene.build()?;
            settings.sap.regularization.sigma = sigma;
            dt = settings.time_step;
            let steps = (seconds / dt).round().max(1.0) as usize;
            let mut sim = Simulation::new(world, settings)?;
            let stats = run_steps(&mut sim, steps, progress(steps))?;
            let slips = sim.contact_slip_speeds()?;
            let n = slips.len().max(1) as f64;
            let touching: Vec<f64> = sim
                .contacts()
                .iter()
                .zip(&slips)
                .filter(|(c, _)| c.phi0 <= 0.0)
                .map(|(_, s)| *s)
                .collect();
            let condition = match sim.next_step_hessian()? {
                Some(h) => condition_numbers(&h),
                None => (f64::NAN, f64::NAN),
            };
            rows.push(SlipRow {
                sigma,
                walls,
                bound: sigma * scene.friction * dt * GRAVITY,
                mean_slip: touching.iter().sum::<f64>() / touching.len().max(1) as f64,
                max_slip: touching.iter().fold(0.0, |m: f64, s| m.max(*s)),
                mean_slip_all: slips.iter().sum::<f64>() / n,
                touching: touching.len(),
                condition,
                run: RunSummary::of(&stats),
            });
        }
    }
    Ok((rows, dt))
}

/// `slip.csv` in `dir`, one row per run; returns its path.
fn write_slip_csv(dir: &Path, bodies: usize, rows: &[SlipRow]) -> Result<PathBuf, SimRunError> {
    let path = dir.join("slip.csv");
    let mut csv = BufWriter::new(File::create(&path).map_err(io(&path))?);
    writeln!(csv, "{}", SLIP_COLUMNS.join(",")).map_err(io(&path))?;
    for r in rows {
        writeln!(
            csv,
            "{},{},{bodies},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            r.sigma,
            r.walls,
            r.run.steps,
            r.bound,
            r.mean_slip,
            r.max_slip,
            r.mean_slip_all,
            r.touching,
            r.run.final_contacts,
            r.run.mean_newton_iterations,
            r.run.mean_step_ms,
            r.condition.0,
            r.condition.1,
            r.run.final_kinetic_energy,
            r.run.not_converged
        )
        .map_err(io(&path))?;
    }
    csv.flush().map_err(io(&path))?;
    Ok(path)
}

/// The slip study's plots (Fig. 14 and 15) in `dir`; returns their paths.
fn slip_plots(dir: &Path, bodies: usize, rows: &[SlipRow]) -> Result<Vec<PathBuf>, SimRunError> {
    let mut files = Vec::new();
    let series = |f: &dyn Fn(&SlipRow) -> f64| -> Vec<Curve> {
        [true, false]
            .into_iter()
            .map(|walls| Curve {
                name: walls_name(walls).into(),
                points: rows
                    .iter()
                    .filter(|r| r.walls == walls)
                    .map(|r| (r.sigma, f(r)))
                    .collect(),
                dashed: false,
                color: Some(usize::from(!walls)),
            })
            .collect()
    };
    let chart = |title: &str, y_label: &str, log_y: bool, series: Vec<Curve>| LineChart {
        title: title.into(),
        x_label: "slip parameter sigma".into(),
        y_label: y_label.into(),
        log_x: true,
        log_y,
        x_ticks: Vec::new(),
        series,
    };
    let mut slip_series = series(&|r| r.mean_slip);
    for c in series(&|r| r.mean_slip_all) {
        slip_series.push(Curve {
            name: format!("{}, all contacts", c.name),
            dashed: true,
            ..c
        });
    }
    slip_series.push(Curve {
        name: "bound sigma mu dt g (Eq. 31)".into(),
        points: rows
            .iter()
            .filter(|r| r.walls)
            .map(|r| (r.sigma, r.bound))
            .collect(),
        dashed: true,
        color: Some(2),
    });
    files.extend(
        chart(
            &format!("clutter, {bodies} bodies: mean slip speed at the end (Fig. 14)"),
            "mean slip speed (m/s)",
            true,
            slip_series,
        )
        .write(dir, "slip-vs-sigma")?,
    );
    files.extend(
        chart(
            "clutter: mean SAP Newton iterations per step (Fig. 15 left)",
            "Newton iterations",
            false,
            series(&|r| r.run.mean_newton_iterations),
        )
        .write(dir, "iterations-vs-sigma")?,
    );
    let mut cond_series = series(&|r| r.condition.0);
    for c in series(&|r| r.condition.1) {
        cond_series.push(Curve {
            name: format!("{}, Jacobi-scaled", c.name),
            dashed: true,
            ..c
        });
    }
    files.extend(
        chart(
            "clutter: condition number of H at the end (Fig. 15 right)",
            "condition number",
            true,
            cond_series,
        )
        .write(dir, "condition-vs-sigma")?,
    );
    Ok(files)
}

/// The slip study's `summary.md` text.
fn slip_summary(bodies: usize, dt: f64, seconds: f64, rows: &[SlipRow]) -> String {
    let mut summary = format!(
        "# wolfe sim clutter-slip\n\nClutter (SAP paper Section VI-C-2), {bodies} bodies, dt = {dt} s, \
         {seconds} s per run, mu = 1. Slip speeds |v_t| at the end over the touching contacts \
         (phi0 <= 0: the contacts a penetration-only query such as Drake's reports), and over \
         all contacts within the 2 cm detection margin; bound v_s = sigma mu dt g (Eq. 31). \
         Condition numbers of SAP's Newton matrix H = A + J^T G J for the next step at the \
         end, at its solution.\n\n\
         | walls | sigma | bound (m/s) | mean slip (m/s) | max slip | mean slip, all contacts | contacts (touching) | \
         mean iterations | ms/step | cond(H) | cond scaled | final KE (J) |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n"
    );
    for r in rows {
        let _ = writeln!(
            summary,
            "| {} | {:.1e} | {:.2e} | {:.2e} | {:.2e} | {:.2e} | {} ({}) | {:.2} | {:.3} | {:.2e} | {:.2e} | {:.2e} |",
            walls_name(r.walls),
            r.sigma,
            r.bound,
            r.mean_slip,
            r.max_slip,
            r.mean_slip_all,
            r.run.final_contacts,
            r.touching,
            r.run.mean_newton_iterations,
            r.run.mean_step_ms,
            r.condition.0,
            r.condition.1,
            r.run.final_kinetic_energy
        );
    }
    summary
}
