//! The bench's design: seeds, sizes, margins and bars, the bands and queries compared,
//! the row of one answer, and the generated families.

use crate::generate::Dataset;
use crate::run::SolverChoice;

/// Seeds of the generated ellipsoid and YCB sets.
pub const SEEDS: [u64; 2] = [23, 29];
/// (ellipsoid pairs, YCB pairs, poses per pair, timed repeats) for `--quick` and the
/// full run.
pub const SIZES: [(usize, usize, usize, usize); 2] = [(5, 10, 2, 5), (200, 200, 10, 30)];
/// The contact margin of both libraries (parry's `prediction`), in metres: a contact
/// is reported when the signed distance is at most this. It lies between the targets
/// 0.01 and 0.05 m, so that no problem sits on it.
pub const CONTACT_MARGIN: f64 = 0.02;
/// Largest accepted `|parry - wolfe|` distance, in metres: parry's GJK stops at an
/// absolute tolerance or after 100 iterations, so the bar is absolute; the full run's
/// largest difference is 3e-5 m (distance) and 9e-5 m (contact), and a shape built with
/// a wrong axis or hull is off by centimetres.
pub const DISTANCE_AGREEMENT: f64 = 1e-3;
/// Largest accepted `|parry - wolfe|` contact signed distance (penetration depth), in
/// metres (EPA on both sides, each to its own tolerance).
pub const DEPTH_AGREEMENT: f64 = 1e-3;
/// The wolfe GJK variants timed for distance and collision.
pub const GJK_SOLVERS: [SolverChoice; 2] = [SolverChoice::Gjk, SolverChoice::Nesterov];
/// Name of wolfe's contact solver in the CSV and tables.
pub const EPA: &str = "epa";
/// Name of the peer in the CSV and tables.
pub const PARRY: &str = "parry";

/// The three distance categories of GJK++ Fig. 12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Band {
    /// Apart by more than 0.1 m (the targets 0.5 and 1 m; Fig. 12a takes >= 1 m).
    Distant,
    /// Close proximity, `0 < d <= 0.1` m (Fig. 12b).
    Close,
    /// Overlapping, `d < 0` (Fig. 12c).
    Overlapping,
}

impl Band {
    /// All bands, in table order.
    pub const ALL: [Band; 3] = [Band::Distant, Band::Close, Band::Overlapping];

    /// The band of a signed distance (m).
    pub fn of(dist: f64) -> Band {
        if dist > 0.1 {
            Band::Distant
        } else if dist > 0.0 {
            Band::Close
        } else {
            Band::Overlapping
        }
    }

    /// The name in CSV files and tables.
    pub fn name(self) -> &'static str {
        match self {
            Band::Distant => "distant",
            Band::Close => "close",
            Band::Overlapping => "overlapping",
        }
    }
}

/// The three queries compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PeerQuery {
    /// Distance (0 when overlapping).
    Distance,
    /// Boolean collision.
    Collision,
    /// Contact within [`CONTACT_MARGIN`]: the signed distance, or none.
    Contact,
}

impl PeerQuery {
    /// All queries, in table order.
    pub const ALL: [PeerQuery; 3] = [PeerQuery::Distance, PeerQuery::Collision, PeerQuery::Contact];

    /// The name in CSV files and tables.
    pub fn name(self) -> &'static str {
        match self {
            PeerQuery::Distance => "distance",
            PeerQuery::Collision => "collision",
            PeerQuery::Contact => "contact",
        }
    }

    /// The wolfe solvers of this query.
    pub fn wolfe_solvers(self) -> &'static [&'static str] {
        match self {
            PeerQuery::Distance | PeerQuery::Collision => &["gjk", "nesterov"],
            PeerQuery::Contact => &[EPA],
        }
    }
}

/// One solver's answer to one query on one problem.
#[derive(Clone, Debug)]
pub struct PeerRow {
    /// `ellipsoids` or `ycb`.
    pub family: &'static str,
    /// Problem id in its generated set.
    pub id: u64,
    /// The problem's reference signed distance (m).
    pub dist: f64,
    /// Its band.
    pub band: Band,
    /// The query.
    pub query: PeerQuery,
    /// `gjk`, `nesterov`, `epa` or `parry`.
    pub solver: &'static str,
    /// The answer: the distance, 1 / 0 for intersecting / separated, the contact's
    /// signed distance (`None`: no contact within the margin).
    pub value: Option<f64>,
    /// wolfe's iterations (GJK plus EPA for contact); `None` for parry.
    pub iterations: Option<u32>,
    /// Median ns per query.
    pub ns: u64,
    /// `ns` over parry's on the same problem and query (1 for parry).
    pub ratio: f64,
}

/// One generated family: its name, dataset, pairs.
pub(crate) struct Family {
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    pub(crate) dataset: Dataset,
    pub(crate) pairs: usize,
    pub(crate) seed: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::TARGETS;

    #[test]
    fn bands_split_the_targets_as_fig_12() {
        let bands: Vec<Band> = TARGETS.iter().map(|&t| Band::of(t)).collect();
        assert_eq!(bands[..4], [Band::Overlapping; 4]);
        assert_eq!(bands[4..8], [Band::Close; 4]);
        assert_eq!(bands[8..], [Band::Distant; 2]);
        assert_eq!(Band::of(0.0), Band::Overlapping);
        // The contact margin is not a target.
        assert!(TARGETS.iter().all(|t| (t - CONTACT_MARGIN).abs() > 1e-3));
    }
}
