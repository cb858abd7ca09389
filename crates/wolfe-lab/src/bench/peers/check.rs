//! The checks: wolfe's answers against the generated reference, parry's against wolfe's.

use super::design::{PeerQuery, PeerRow, CONTACT_MARGIN, DEPTH_AGREEMENT, DISTANCE_AGREEMENT, PARRY};
use super::measure::parry_rows;
use crate::bench::ANSWER_TOLERANCE;

/// Why a wolfe answer disagrees with the generated reference, if it does.
fn reference_failure(r: &PeerRow) -> Option<String> {
    let sep = r.dist > 0.0;
    let ok = match (r.query, r.value) {
        (PeerQuery::Distance, Some(v)) if sep => (v - r.dist).abs() <= ANSWER_TOLERANCE * r.dist,
        (PeerQuery::Distance, Some(v)) => v == 0.0,
        (PeerQuery::Collision, Some(v)) => (v == 1.0) == (r.dist < 0.0),
        (PeerQuery::Contact, Some(v)) if sep => {
            r.dist <= CONTACT_MARGIN && (v - r.dist).abs() <= ANSWER_TOLERANCE * r.dist
        }
        // Overlap rows: the generator's `dist` bounds the depth from above.
        (PeerQuery::Contact, Some(v)) => v < 0.0 && -v <= -r.dist * (1.0 + ANSWER_TOLERANCE),
        (PeerQuery::Contact, None) => r.dist > CONTACT_MARGIN,
        (_, None) => false,
    };
    (!ok).then(|| format!("{:?} against the reference {}", r.value, r.dist))
}

/// Why parry's answer disagrees with wolfe's (vanilla GJK, EPA), if it does.
fn agreement_failure(ours: &PeerRow, theirs: &PeerRow) -> Option<String> {
    let ok = match (ours.query, ours.value, theirs.value) {
        (PeerQuery::Distance, Some(o), Some(t)) => (o - t).abs() <= DISTANCE_AGREEMENT,
        (PeerQuery::Collision, Some(o), Some(t)) => o == t,
        (PeerQuery::Contact, Some(o), Some(t)) => (o - t).abs() <= DEPTH_AGREEMENT,
        (PeerQuery::Contact, None, None) => true,
        _ => false,
    };
    (!ok).then(|| format!("wolfe {:?}, parry {:?}", ours.value, theirs.value))
}

/// Every disagreement, one line each: wolfe against the reference, parry against wolfe.
pub(super) fn check(rows: &[PeerRow]) -> Vec<String> {
    let parry = parry_rows(rows);
    let mut failures = Vec::new();
    for r in rows.iter().filter(|r| r.solver != PARRY) {
        let line = |why: String, who: &str| {
            format!(
                "peers {} problem {} [{} {}] ({}): {why}",
                r.family,
                r.id,
                who,
                r.query.name(),
                r.band.name()
            )
        };
        if let Some(why) = reference_failure(r) {
            failures.push(line(why, r.solver));
        }
        // parry against vanilla GJK (distance, collision) and EPA (contact).
        if r.solver == "nesterov" {
            continue;
        }
        match parry.get(&(r.family, r.id, r.query)) {
            Some(theirs) => {
                if let Some(why) = agreement_failure(r, theirs) {
                    failures.push(line(why, "parry vs wolfe"));
                }
            }
            None => failures.push(line("no parry answer".into(), PARRY)),
        }
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::peers::design::{Band, EPA};
    use crate::bench::peers::measure::set_ratios;

    fn row(query: PeerQuery, solver: &'static str, dist: f64, value: Option<f64>, ns: u64) -> PeerRow {
        PeerRow {
            family: "t",
            id: 0,
            dist,
            band: Band::of(dist),
            query,
            solver,
            value,
            iterations: None,
            ns,
            ratio: 0.0,
        }
    }

    #[test]
    fn checks_flag_each_kind_of_disagreement() {
        use PeerQuery::*;
        // Right answers, within the bars.
        let good = [
            (
                row(Distance, "gjk", 0.5, Some(0.5), 10),
                row(Distance, PARRY, 0.5, Some(0.5 + 5e-4), 20),
            ),
            (
                row(Collision, "gjk", -0.01, Some(1.0), 10),
                row(Collision, PARRY, -0.01, Some(1.0), 20),
            ),
            (
                row(Contact, EPA, 0.01, Some(0.01), 10),
                row(Contact, PARRY, 0.01, Some(0.0101), 20),
            ),
            (
                row(Contact, EPA, -0.05, Some(-0.04), 10),
                row(Contact, PARRY, -0.05, Some(-0.0405), 20),
            ),
            (
                row(Contact, EPA, 0.05, None, 10),
                row(Contact, PARRY, 0.05, None, 20),
            ),
        ];
        for (ours, theirs) in good {
            let mut rows = vec![ours, theirs];
            set_ratios(&mut rows);
            assert_eq!(rows[0].ratio, 0.5);
            assert!(check(&rows).is_empty(), "{:?}", check(&rows));
        }
        // Wrong: wolfe against the reference, parry against wolfe, or both.
        let bad = [
            (
                row(Distance, "gjk", 0.5, Some(0.51), 1),
                row(Distance, PARRY, 0.5, Some(0.51), 1),
                1,
            ),
            (
                row(Distance, "gjk", 0.5, Some(0.5), 1),
                row(Distance, PARRY, 0.5, Some(0.502), 1),
                1,
            ),
            (
                row(Collision, "gjk", 0.001, Some(0.0), 1),
                row(Collision, PARRY, 0.001, Some(1.0), 1),
                1,
            ),
            (
                row(Contact, EPA, 0.01, Some(0.01), 1),
                row(Contact, PARRY, 0.01, None, 1),
                1,
            ),
            (
                row(Contact, EPA, -0.05, Some(-0.06), 1),
                row(Contact, PARRY, -0.05, Some(-0.06), 1),
                1,
            ),
            (
                row(Contact, EPA, 0.05, Some(0.05), 1),
                row(Contact, PARRY, 0.05, None, 1),
                2,
            ),
        ];
        for (ours, theirs, n) in bad {
            let rows = vec![ours, theirs];
            assert_eq!(check(&rows).len(), n, "{:?}", check(&rows));
        }
        // A missing parry row is a failure too.
        assert_eq!(check(&[row(Distance, "gjk", 0.5, Some(0.5), 1)]).len(), 1);
    }
}
