//! The timed answers: every query of every problem by every solver, interleaved, and
//! each one's time ratio to parry's.

use std::collections::HashMap;
use std::hint::black_box;

use wolfe::{ContactSolver, GjkSolver, SignedDistanceSettings};

use super::design::{Band, PeerQuery, PeerRow, CONTACT_MARGIN, EPA, GJK_SOLVERS, PARRY};
use crate::bench::parry::{self as peer, PeerShape};
use crate::bench::BenchError;
use crate::problem_set::ProblemSet;
use crate::timing;

/// Every query of every problem of `set` by every solver; `ratio` is left at 0 (see
/// [`set_ratios`]). `tick` is called once per problem.
pub(super) fn measure(
    family: &'static str, set: &ProblemSet, repeats: usize, mut tick: impl FnMut(),
) -> Result<Vec<PeerRow>, BenchError> {
    let mut gjk = Vec::with_capacity(GJK_SOLVERS.len());
    for s in GJK_SOLVERS {
        gjk.push(GjkSolver::new(s.settings()).map_err(|source| BenchError::Query {
            id: 0,
            solver: s.name(),
            source,
        })?);
    }
    let mut epa =
        ContactSolver::new(SignedDistanceSettings::default()).map_err(|source| BenchError::Query {
            id: 0,
            solver: EPA,
            source,
        })?;
    let mut peers = Vec::with_capacity(set.shapes.len());
    for s in &set.shapes {
        peers.push(PeerShape::of(&s.shape).ok_or_else(|| BenchError::Peer {
            id: 0,
            what: format!("no parry shape for {} ({})", s.name, s.shape.kind()),
        })?);
    }
    let repeats = repeats.max(1);
    let mut times = vec![0u64; repeats];
    let mut rows = Vec::with_capacity(set.problems.len() * 8);
    for p in &set.problems {
        let (a, b) = set.shapes_of(p);
        let (pa, pb) = (&p.pose_a, &p.pose_b);
        let (sa, sb) = (&peers[p.shape_a], &peers[p.shape_b]);
        let (qa, qb) = (sa.pose(pa), sb.pose(pb));
        let (qa, qb) = (&qa, &qb);
        let wolfe_error = |solver: &'static str| {
            move |source| BenchError::Query {
                id: p.id,
                solver,
                source,
            }
        };
        let parry_error = |_| BenchError::Peer {
            id: p.id,
            what: format!("parry does not support {} - {}", a.kind(), b.kind()),
        };
        let mut push = |query, solver, value, iterations, ns| {
            rows.push(PeerRow {
                family,
                id: p.id,
                dist: p.dist,
                band: Band::of(p.dist),
                query,
                solver,
                value,
                iterations,
                ns,
                ratio: 0.0,
            });
        };

        // Distance.
        for (engine, s) in gjk.iter_mut().zip(GJK_SOLVERS) {
            let o = engine
                .distance(a, pa, b, pb, None)
                .map_err(wolfe_error(s.name()))?;
            let ns = timing::median_ns(&mut times, || {
                engine.distance(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
            });
            push(
                PeerQuery::Distance,
                s.name(),
                Some(o.distance),
                Some(o.iterations),
                ns,
            );
        }
        let d = peer::distance(qa, sa, qb, sb).map_err(parry_error)?;
        let ns = timing::median_ns(&mut times, || {
            peer::distance(black_box(qa), black_box(sa), black_box(qb), black_box(sb))
        });
        push(PeerQuery::Distance, PARRY, Some(d), None, ns);

        // Collision.
        for (engine, s) in gjk.iter_mut().zip(GJK_SOLVERS) {
            let o = engine
                .intersects(a, pa, b, pb, None)
                .map_err(wolfe_error(s.name()))?;
            let ns = timing::median_ns(&mut times, || {
                engine.intersects(black_box(a), black_box(pa), black_box(b), black_box(pb), None)
            });
            let hit = f64::from(u8::from(o.intersecting));
            push(PeerQuery::Collision, s.name(), Some(hit), Some(o.iterations), ns);
        }
        let hit = peer::intersects(qa, sa, qb, sb).map_err(parry_error)?;
        let ns = timing::median_ns(&mut times, || {
            peer::intersects(black_box(qa), black_box(sa), black_box(qb), black_box(sb))
        });
        push(
            PeerQuery::Collision,
            PARRY,
            Some(f64::from(u8::from(hit))),
            None,
            ns,
        );

        // Contact.
        let sd = epa
            .signed_distance(a, pa, b, pb, None)
            .map_err(wolfe_error(EPA))?;
        let c = epa
            .contact(a, pa, b, pb, CONTACT_MARGIN, None)
            .map_err(wolfe_error(EPA))?;
        let ns = timing::median_ns(&mut times, || {
            epa.contact(
                black_box(a),
                black_box(pa),
                black_box(b),
                black_box(pb),
                black_box(CONTACT_MARGIN),
                None,
            )
        });
        push(
            PeerQuery::Contact,
            EPA,
            c.map(|c| c.signed_distance),
            Some(sd.gjk_iterations + sd.epa_iterations),
            ns,
        );
        let c = peer::contact(qa, sa, qb, sb, CONTACT_MARGIN).map_err(parry_error)?;
        let ns = timing::median_ns(&mut times, || {
            peer::contact(
                black_box(qa),
                black_box(sa),
                black_box(qb),
                black_box(sb),
                black_box(CONTACT_MARGIN),
            )
        });
        push(PeerQuery::Contact, PARRY, c, None, ns);
        tick();
    }
    Ok(rows)
}

/// Key of a problem and query.
pub(super) type Key = (&'static str, u64, PeerQuery);

/// parry's row of every problem and query.
pub(super) fn parry_rows(rows: &[PeerRow]) -> HashMap<Key, &PeerRow> {
    rows.iter()
        .filter(|r| r.solver == PARRY)
        .map(|r| ((r.family, r.id, r.query), r))
        .collect()
}

/// Sets every row's `ratio`: its time over parry's on the same problem and query.
pub(super) fn set_ratios(rows: &mut [PeerRow]) {
    let parry: HashMap<Key, u64> = parry_rows(rows).into_iter().map(|(k, r)| (k, r.ns)).collect();
    for r in rows.iter_mut() {
        let theirs = parry.get(&(r.family, r.id, r.query)).copied().unwrap_or(0);
        r.ratio = r.ns.max(1) as f64 / theirs.max(1) as f64;
    }
}
