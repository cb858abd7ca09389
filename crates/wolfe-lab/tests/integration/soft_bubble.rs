//! The soft-bubble gripper (the SAP paper's Section VI-D, Fig. 17): over one period of
//! the grip-force square wave the spatula pitches during the loose grip and is held
//! during the secure grip, on patch contacts (many polygons, fewer when loose), with
//! SAP converging at every step.

use wolfe_lab::sim::soft_bubble::{grip_force, soft_bubble, SoftBubbleOptions, GRIP_FORCES};

#[test]
fn the_square_wave_grip_lets_the_spatula_pitch_and_catches_it() {
    assert_eq!(grip_force(0.0), GRIP_FORCES.0);
    assert_eq!(grip_force(4.49), GRIP_FORCES.0);
    assert_eq!(grip_force(4.51), GRIP_FORCES.1);
    assert_eq!(grip_force(6.01), GRIP_FORCES.0);
    let dir = std::env::temp_dir().join(format!("wolfe-soft-bubble-{}", std::process::id()));
    let options = SoftBubbleOptions {
        seconds: 7.5,
        ..SoftBubbleOptions::new(&dir)
    };
    let report = soft_bubble(&options).unwrap();
    println!("{report:#?}");
    let p = report.periods[0];
    assert_eq!(report.run.not_converged, 0);
    // Every step converged, so SAP's momentum error (Eq. 32) is below its tolerance.
    assert!(
        report.max_momentum_error <= options.tolerance,
        "{}",
        report.max_momentum_error
    );
    assert!(p.loose_pitch_change < -0.02, "pitches when loose: {p:?}");
    assert!(
        p.secure_pitch_drift < 0.1 * p.loose_pitch_change.abs(),
        "held when secure: {p:?}"
    );
    assert!(p.contacts.1 > p.contacts.0 && p.contacts.0 >= 3.0, "{p:?}");
    let steps = std::fs::read_to_string(dir.join("steps.csv")).unwrap();
    let header = steps.lines().next().unwrap();
    for column in [
        "time",
        "grip_force",
        "pitch",
        "contacts",
        "newton_iterations",
        "momentum_error",
        "sap_status",
    ] {
        assert!(header.split(',').any(|c| c == column), "{column} in {header}");
    }
    assert_eq!(steps.lines().count(), 1 + 1500);
    // The RunRecorder records the bubbles' contact patches beside the contacts.
    for file in [
        "grip.png",
        "contacts.png",
        "summary.md",
        "view.html",
        "patches.csv",
    ] {
        assert!(dir.join(file).exists(), "{file}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The scene file declares the bubbles compliant with the runner's default modulus,
/// resolution and dissipation (one scene, two places that must agree), and the
/// handle rigid.
#[test]
fn the_scene_file_declares_the_runners_defaults() {
    use wolfe_lab::sim::soft_bubble::SOFT_BUBBLE_MJCF;
    let mjcf = wolfe_multibody::parse_mjcf(
        SOFT_BUBBLE_MJCF,
        std::path::Path::new("."),
        wolfe_multibody::MjcfOptions::default(),
    )
    .unwrap();
    let defaults = SoftBubbleOptions::new("unused");
    let entry = |name: &str| {
        mjcf.custom_texts
            .iter()
            .find(|t| t.name == format!("hydroelastic:{name}"))
            .unwrap_or_else(|| panic!("no entry for {name}"))
            .data
            .clone()
    };
    for bubble in ["left_bubble", "right_bubble"] {
        let data = entry(bubble);
        let mut words = data.split_whitespace();
        assert_eq!(words.next(), Some("compliant"));
        for word in words {
            let (key, value) = word.split_once('=').unwrap();
            let value: f64 = value.parse().unwrap();
            let default = match key {
                "modulus" => defaults.modulus,
                "resolution" => defaults.resolution,
                "dissipation" => defaults.dissipation,
                _ => panic!("{key}"),
            };
            assert_eq!(value, default, "{bubble}: {key}");
        }
    }
    assert_eq!(entry("handle"), "rigid");
}
