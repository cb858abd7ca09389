//! `wolfe sim`: the papers' scenes and the clutter studies.

use std::path::PathBuf;

use clap::Args;
use wolfe_lab::progress::progress_bar;
use wolfe_lab::sim::{self, SceneName, SimOptions};
use wolfe_sim::Scheme;

use super::scene::{Scene, SceneRun};
use super::CommandResult;
use super::{marbles, mjcf_sim, robot_sim, soft_bubble};

// The arguments of `wolfe sim` (the doc comments are the command's help).
#[derive(Debug, Args)]
pub struct SimArgs {
    /// Which scene.
    #[arg(value_enum)]
    name: Scene,
    /// mjcf: the scene file.
    file: Option<PathBuf>,
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
    /// Integration scheme (default: the scene's; spring-cylinder: midpoint).
    #[arg(long, value_enum)]
    scheme: Option<SchemeArg>,
    /// Output directory (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// clutter-scaling, clutter-slip: sizes small enough for CI.
    #[arg(long)]
    quick: bool,
    /// spring-cylinder, clutter, polytopes: contacts of bounded pairs from growth
    /// distance instead of signed distance (the growth paper's Fig. 6 setting;
    /// half-spaces stay in closed form).
    #[arg(long)]
    growth_contacts: bool,
    /// urdf: the robot's URDF file.
    #[arg(long)]
    urdf: Option<PathBuf>,
    /// urdf: how many YCB hulls fall onto the robot (default 4).
    #[arg(long)]
    drop: Option<usize>,
    /// soft-bubble: the bubbles' hydroelastic modulus, Pa (default 1.5e5).
    #[arg(long, allow_negative_numbers = true)]
    modulus: Option<f64>,
    /// soft-bubble: the bubbles' mesh resolution, m.
    #[arg(long, allow_negative_numbers = true)]
    resolution: Option<f64>,
    /// soft-bubble: the bubbles' Hunt-Crossley dissipation, s/m (default 5).
    #[arg(long, allow_negative_numbers = true)]
    dissipation: Option<f64>,
    /// soft-bubble: SAP's relative tolerance eps_r (default 1e-3).
    #[arg(long, allow_negative_numbers = true)]
    tolerance: Option<f64>,
    /// soft-bubble: solve every step's problem again by SAP and by an interior-point
    /// method (clarabel) and compare them (ipm.csv and a table in summary.md).
    #[arg(long)]
    compare_ipm: bool,
}

/// The integration schemes, as `--scheme` values (the theta-method family of the SAP
/// paper, Section II-C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SchemeArg {
    /// theta = theta_vq = 0.
    ExplicitEuler,
    /// theta = 0, theta_vq = 1: bounded energy for conservative forces.
    SymplecticEuler,
    /// theta = theta_vq = 1: dissipative.
    ImplicitEuler,
    /// theta = theta_vq = 1/2: second order.
    Midpoint,
}

impl From<SchemeArg> for Scheme {
    fn from(s: SchemeArg) -> Self {
        match s {
            SchemeArg::ExplicitEuler => Scheme::ExplicitEuler,
            SchemeArg::SymplecticEuler => Scheme::SymplecticEuler,
            SchemeArg::ImplicitEuler => Scheme::ImplicitEuler,
            SchemeArg::Midpoint => Scheme::Midpoint,
        }
    }
}

/// Runs the scene or study, prints its summary. A run that fails after its output
/// folder exists leaves `INCOMPLETE.md` there, saying why, beside what it wrote.
pub fn sim(args: SimArgs) -> CommandResult {
    let out = args.out.clone();
    let result = run_scene(args);
    if let Err(e) = &result {
        if out.is_dir() {
            let note = format!(
                "# This run is incomplete\n\nIt stopped with an error: {e}\n\n\
                 The other files in this folder hold what it wrote up to then.\n"
            );
            // The run's own error is what the user needs; a failure to write the note
            // must not replace it.
            let _ = std::fs::write(out.join("INCOMPLETE.md"), note);
        }
    }
    result
}

impl SimArgs {
    /// Whether an option of the clutter, polytopes, robot or soft-bubble scenes was
    /// given (the mjcf and marbles scenes refuse them).
    fn other_scenes_options(&self) -> bool {
        self.robot_and_clutter_options() || self.soft_bubble_options()
    }

    /// Whether an option of the clutter, polytopes or robot scenes was given.
    fn robot_and_clutter_options(&self) -> bool {
        self.scheme.is_some()
            || self.walls
            || self.no_walls
            || self.quick
            || self.growth_contacts
            || self.urdf.is_some()
            || self.drop.is_some()
    }

    /// Whether an option only the soft-bubble scene reads was given.
    fn soft_bubble_options(&self) -> bool {
        self.modulus.is_some()
            || self.resolution.is_some()
            || self.dissipation.is_some()
            || self.tolerance.is_some()
            || self.compare_ipm
    }

    /// The options the mjcf and marbles scenes read; `other` says whether one they do
    /// not read was given.
    fn scene_run(&self, other: bool) -> SceneRun {
        SceneRun {
            out: self.out.clone(),
            dt: self.dt,
            seconds: self.seconds,
            other,
        }
    }
}

fn run_scene(args: SimArgs) -> CommandResult {
    if args.soft_bubble_options() && !matches!(args.name, Scene::SoftBubble | Scene::Mjcf | Scene::Marbles) {
        return Err(
            "--modulus, --resolution, --dissipation, --tolerance and --compare-ipm apply to the soft-bubble scene only"
                .into(),
        );
    }
    let scene = match args.name {
        Scene::SpringCylinder => SceneName::SpringCylinder,
        Scene::Clutter => SceneName::Clutter,
        Scene::Polytopes => SceneName::Polytopes,
        Scene::ClutterScaling => SceneName::ClutterScaling,
        Scene::ClutterSlip => SceneName::ClutterSlip,
        Scene::PandaDrop | Scene::PandaPick | Scene::Urdf => {
            return robot_sim::run(args.name, &(&args).into())
        }
        Scene::Mjcf => {
            let other = args.bodies.is_some() || args.other_scenes_options();
            return mjcf_sim::run(args.file.clone(), &args.scene_run(other));
        }
        Scene::Marbles => {
            let other = args.file.is_some() || args.other_scenes_options();
            return marbles::run(args.bodies, &args.scene_run(other));
        }
        Scene::SoftBubble => {
            let other = args.file.is_some() || args.bodies.is_some() || args.robot_and_clutter_options();
            let bubble = soft_bubble::BubbleArgs {
                modulus: args.modulus,
                resolution: args.resolution,
                dissipation: args.dissipation,
                tolerance: args.tolerance,
                compare_ipm: args.compare_ipm,
            };
            return soft_bubble::run(&args.scene_run(other), &bubble);
        }
    };
    if args.file.is_some() {
        return Err("FILE applies to the mjcf scene only".into());
    }
    if args.urdf.is_some() || args.drop.is_some() {
        return Err("--urdf and --drop apply to the urdf scene only".into());
    }
    let scheme = args.scheme.map(Scheme::from);
    // `--walls` / `--no-walls` only when given: the lab rejects them outside clutter.
    let walls = if args.no_walls {
        Some(false)
    } else if args.walls {
        Some(true)
    } else {
        None
    };
    let options = SimOptions {
        scene,
        bodies: args.bodies,
        seconds: args.seconds,
        walls,
        time_step: args.dt,
        scheme,
        out: args.out,
        quick: args.quick,
        growth_contacts: args.growth_contacts,
    };
    let report = sim::run(&options, |len| {
        let bar = progress_bar(len, "stepping");
        move || bar.inc(1)
    })?;
    println!("{}", report.summary);
    println!("wrote {} files to {}", report.files.len(), options.out.display());
    Ok(())
}

impl From<&SimArgs> for robot_sim::RobotSimArgs {
    fn from(a: &SimArgs) -> Self {
        Self {
            out: a.out.clone(),
            dt: a.dt,
            seconds: a.seconds,
            urdf: a.urdf.clone(),
            drop: a.drop,
            bodies: a.bodies,
            scheme: a.scheme.is_some(),
            walls: a.walls || a.no_walls,
        }
    }
}
