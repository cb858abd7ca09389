//! SAP against an interior-point method (clarabel) on the soft-bubble gripper's own
//! problems: on every step of a short run both solve the step's problem to their
//! tolerance, measured alike by the momentum error (Eq. 32), and their velocities agree
//! as those tolerances allow; SAP's fresh solve repeats the simulator's own.

use wolfe_lab::sim::soft_bubble::{soft_bubble, SoftBubbleOptions};

#[test]
fn sap_and_clarabel_agree_on_every_soft_bubble_step() {
    let dir = std::env::temp_dir().join(format!("wolfe-ipm-compare-{}", std::process::id()));
    let options = SoftBubbleOptions {
        seconds: 0.3,
        compare_ipm: true,
        ..SoftBubbleOptions::new(&dir)
    };
    let report = soft_bubble(&options).unwrap();
    let ipm = report.ipm.expect("the comparison ran");
    println!("{ipm:#?}");
    let eps_r = options.tolerance;
    // Every step solves a problem (the PD controllers of the fingers at least).
    assert_eq!(ipm.steps, 60);
    assert_eq!(ipm.sap_not_converged, 0);
    assert_eq!(ipm.ipm_not_solved, 0);
    // Same problem, guess and settings: the simulator's own iterations.
    assert_eq!(ipm.iterations_differ, 0);
    // Both answers meet SAP's accuracy by the same measure.
    assert!(
        ipm.sap_max_momentum_error < eps_r,
        "{}",
        ipm.sap_max_momentum_error
    );
    assert!(
        ipm.ipm_max_momentum_error < eps_r,
        "{}",
        ipm.ipm_max_momentum_error
    );
    // Strong convexity (H >= A): the answers' momentum difference is at most the sum
    // of their gradients, each below eps_r times the momentum scale; D A D is not
    // diagonal (the spatula's rotational inertia), hence the margin of 2.
    assert!(
        ipm.max_velocity_difference < 4.0 * eps_r,
        "{}",
        ipm.max_velocity_difference
    );
    let csv = std::fs::read_to_string(dir.join("ipm.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 60);
    assert!(csv.starts_with(wolfe_lab::sim::ipm_compare::IPM_HEADER));
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    assert!(summary.contains("## SAP against an interior-point method"));
    std::fs::remove_dir_all(&dir).ok();
}
