//! The marbles-in-a-bowl scene, shortened: twelve marbles dropped from above the rim hit
//! the bowl's inner wall and each other, then settle. The targets hold: at most
//! 2 mm of penetration into the bowl during the impacts, 0.1 mm at rest, every marble
//! inside the bowl at the end (a hulled bowl would hold them on its lid at the rim).

use wolfe_lab::sim::{marbles, MarblesOptions};

#[test]
fn marbles_stay_in_the_bowl_without_passing_its_wall() {
    let mut o = MarblesOptions::new(None);
    o.marbles = 12;
    o.seconds = 1.5;
    let r = marbles(&o).expect("scene runs");
    // Impacts happened: the marbles fell ~5 cm or more onto the wall and each other.
    assert!(r.max_bowl_penetration > 0.0, "no marble ever touched the bowl");
    assert!(
        r.max_bowl_penetration <= 2e-3,
        "impact penetration {} m",
        r.max_bowl_penetration
    );
    assert!(
        r.bowl_penetration_at_rest <= 1e-4,
        "rest penetration {} m",
        r.bowl_penetration_at_rest
    );
    assert!(
        r.penetration_at_rest <= 1e-4,
        "rest penetration (all contacts) {} m",
        r.penetration_at_rest
    );
    assert_eq!(r.inside, r.marbles, "marbles outside the bowl");
    assert!(
        r.max_final_speed < 0.05,
        "still moving at {} m/s",
        r.max_final_speed
    );
}
