//! The scene names of `wolfe sim`, shared by the free-body and the robot scenes.

use std::path::PathBuf;

use clap::ValueEnum;

/// The scenes of `wolfe sim`: the papers' free-body scenes and studies and the robot
/// scenes (wolfe-lab), all on the one simulator (wolfe-sim).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Scene {
    /// SAP paper Section VI-B: a cylinder on a spring, rolling on the ground.
    SpringCylinder,
    /// SAP paper Section VI-C: spheres and boxes dropped into a container.
    Clutter,
    /// Growth-distance paper Fig. 6: random polytopes falling on the ground.
    Polytopes,
    /// SAP paper Fig. 11-12: clutter from 8 to 160 bodies, with and without walls.
    ClutterScaling,
    /// SAP paper Fig. 14: stiction slip against the regularization parameter sigma.
    ClutterSlip,
    /// The Panda PD-holding a pose over a table while 16 YCB hulls fall (5 s, dt 5 ms).
    PandaDrop,
    /// The Panda grasps a YCB object with its two fingers, lifts it 20 cm, holds it 2 s,
    /// sets it down (dt 5 ms); writes pick.json.
    PandaPick,
    /// Glass marbles (--bodies, default 30) poured into a procedural bowl, a triangle
    /// mesh kept as it is (3 s, dt 2 ms).
    Marbles,
    /// Any fixed-base URDF robot (--urdf) PD-holding its zero configuration while --drop
    /// YCB hulls fall onto it (raised onto the floor if it starts inside it).
    Urdf,
    /// An MJCF scene file (FILE after the name) as a whole world: free bodies, static
    /// geometry, robots with their actuators (default 2 s, dt 1 ms).
    Mjcf,
    /// SAP paper Section VI-D: a gripper with compliant (hydroelastic) bubbles holds a
    /// spatula while the grip force follows a square wave (30 s, dt 5 ms).
    SoftBubble,
}

/// The options of `wolfe sim` that every scene with its own runner reads (the MJCF and
/// marbles scenes), and whether an option it does not read was given: such options are
/// refused rather than ignored.
#[derive(Debug)]
pub struct SceneRun {
    /// Output folder.
    pub out: PathBuf,
    /// Time step, s (the scene's default when absent).
    pub dt: Option<f64>,
    /// Simulated seconds (the scene's default when absent).
    pub seconds: Option<f64>,
    /// Whether an option the scene does not read was given.
    pub other: bool,
}
