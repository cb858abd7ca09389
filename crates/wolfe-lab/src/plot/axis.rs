//! Ticks, tick labels and legend placement shared by every chart.

use std::ops::Range;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::prelude::SeriesLabelPosition;

/// A tick label with at most four significant digits and no trailing zeros: `1000`,
/// `0.5`, `0.00125`; scientific (`1e5`, `2.5e-4`) outside [1e-3, 1e5).
pub fn tick_label(v: f64) -> String {
    if !v.is_finite() {
        return String::new();
    }
    let a = v.abs();
    if a == 0.0 {
        return "0".into();
    }
    if !(1e-3..1e5).contains(&a) {
        let s = format!("{v:.3e}");
        let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
        let mantissa = trim_zeros(mantissa);
        return format!("{mantissa}e{exponent}");
    }
    let decimals = (3 - a.log10().floor() as i32).max(0) as usize;
    trim_zeros(&format!("{v:.decimals$}")).to_string()
}

/// `"1.500"` -> `"1.5"`, `"2.000"` -> `"2"`; integers are left alone.
fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// Major and minor tick positions of one axis, in drawn coordinates (log10 of the value
/// on a logarithmic axis).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Ticks {
    /// Labelled ticks with a grid line.
    pub major: Vec<f64>,
    /// Unlabelled light grid lines.
    pub minor: Vec<f64>,
}

/// A linear axis over `[lo, hi]` with the tick positions chosen here (plotters' own
/// `WithKeyPoints` on `f64` cannot take a label formatter).
#[derive(Clone, Debug)]
pub(super) struct Axis {
    /// The drawn range.
    pub lo: f64,
    /// See `lo`.
    pub hi: f64,
    /// Where ticks and grid lines go.
    pub ticks: Ticks,
}

impl Axis {
    /// The axis over `[lo, hi]` with `ticks`.
    pub fn new(lo: f64, hi: f64, ticks: Ticks) -> Self {
        Self { lo, hi, ticks }
    }
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        if self.hi == self.lo {
            return (limit.0 + limit.1) / 2;
        }
        let t = (value - self.lo) / (self.hi - self.lo);
        // Far outside values are pinned a little beyond the area (plotters clips there).
        let t = t.clamp(-1.0, 2.0);
        limit.0 + (f64::from(limit.1 - limit.0) * t + 1e-3).floor() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        // Asked for light points, plotters draws the light grid; else the labelled ticks.
        if hint.weight().allow_light_points() {
            self.ticks.minor.clone()
        } else {
            self.ticks.major.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.lo..self.hi
    }
}

/// Ticks of a linear axis over `[lo, hi]`: steps of 1, 2 or 5 times a power of ten, at
/// most 8 labels, one light line between two labels.
pub(super) fn linear_ticks(lo: f64, hi: f64) -> Ticks {
    let span = (hi - lo).abs().max(f64::MIN_POSITIVE);
    let base = 10f64.powf((span / 8.0).log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * base)
        .find(|s| span / s <= 8.0)
        .unwrap_or(10.0 * base);
    // Integer multiples of the step, so that zero is exactly zero.
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    let major: Vec<f64> = (first..=last).map(|k| k as f64 * step).collect();
    let minor = (first - 1..=last)
        .map(|k| (k as f64 + 0.5) * step)
        .filter(|v| (lo..=hi).contains(v))
        .collect();
    Ticks { major, minor }
}

/// Ticks of a logarithmic axis whose drawn range is `[lo, hi]` in log10: at every decade
/// (every second or third on a long axis) with light lines at 2..9 times the decade;
/// on an axis of less than three decades at 1, 2 and 5 times each decade.
pub(super) fn log_ticks(lo: f64, hi: f64) -> Ticks {
    let inside = |v: &f64| *v >= lo - 1e-9 && *v <= hi + 1e-9;
    let decades = (lo.floor() as i64)..=(hi.ceil() as i64);
    let at = |d: i64, m: f64| d as f64 + m.log10();
    if hi - lo < 3.0 {
        let major = decades
            .clone()
            .flat_map(|d| [1.0, 2.0, 5.0].map(|m| at(d, m)))
            .filter(inside)
            .collect();
        let minor = decades
            .flat_map(|d| [3.0, 4.0, 6.0, 7.0, 8.0, 9.0].map(|m| at(d, m)))
            .filter(inside)
            .collect();
        return Ticks { major, minor };
    }
    let stride = ((hi - lo) / 8.0).ceil().max(1.0) as i64;
    let major = decades
        .clone()
        .filter(|d| d % stride == 0)
        .map(|d| d as f64)
        .filter(inside)
        .collect();
    let minor = if stride == 1 {
        decades
            .flat_map(|d| (2..10).map(move |m| at(d, f64::from(m))))
            .filter(inside)
            .collect()
    } else {
        decades
            .filter(|d| d % stride != 0)
            .map(|d| d as f64)
            .filter(inside)
            .collect()
    };
    Ticks { major, minor }
}

/// The drawn range of a logarithmic axis over values whose log10 spans `[lo, hi]`: out
/// to the nearest 1, 2 or 5 times a power of ten, so that the last data point has a tick
/// beyond it.
pub(super) fn log_range(lo: f64, hi: f64) -> (f64, f64) {
    let nice = [1.0f64, 2.0, 5.0, 10.0].map(f64::log10);
    let down = |v: f64| {
        let d = v.floor();
        d + nice
            .iter()
            .rev()
            .find(|m| d + **m <= v + 1e-9)
            .copied()
            .unwrap_or(0.0)
    };
    let up = |v: f64| {
        let d = v.floor();
        d + nice.iter().find(|m| d + **m >= v - 1e-9).copied().unwrap_or(1.0)
    };
    let (a, b) = (down(lo), up(hi));
    if b - a < 1e-9 {
        (a - 0.5, b + 0.5)
    } else {
        (a, b)
    }
}

/// The corner of the plot area where a legend of `size` pixels covers the fewest of
/// `points` (pixel positions of the drawn curves, densely sampled); ties go to the upper
/// right, upper left, lower right, lower left in that order.
pub(super) fn emptiest_corner(
    area: ((i32, i32), (i32, i32)), size: (i32, i32), points: &[(i32, i32)],
) -> SeriesLabelPosition {
    let ((x0, y0), (x1, y1)) = area;
    // plotters' legend margin is 5 pixels from the area's edge.
    let (w, h) = (size.0 + 10, size.1 + 10);
    let corners = [
        (SeriesLabelPosition::UpperRight, (x1 - w, y0)),
        (SeriesLabelPosition::UpperLeft, (x0, y0)),
        (SeriesLabelPosition::LowerRight, (x1 - w, y1 - h)),
        (SeriesLabelPosition::LowerLeft, (x0, y1 - h)),
    ];
    let covered = |(cx, cy): (i32, i32)| {
        points
            .iter()
            .filter(|p| p.0 >= cx && p.0 <= cx + w && p.1 >= cy && p.1 <= cy + h)
            .count()
    };
    let mut best = (usize::MAX, SeriesLabelPosition::UpperRight);
    for (position, corner) in corners {
        let n = covered(corner);
        if n < best.0 {
            best = (n, position);
        }
    }
    best.1
}

/// The legend's size in pixels for labels of 14 px: the longest label plus the sample
/// line, one row of 20 px per entry.
pub(super) fn legend_size<'a>(names: impl Iterator<Item = &'a str>) -> (i32, i32) {
    let (mut rows, mut longest) = (0, 0);
    for name in names {
        rows += 1;
        longest = longest.max(name.chars().count() as i32);
    }
    (8 * longest + 45, 20 * rows + 10)
}

/// Points every few pixels along the polyline through `points` (pixel coordinates), so
/// that a legend over a long straight segment counts as covering it.
pub(super) fn densify(points: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let n = ((b.0 - a.0).abs().max((b.1 - a.1).abs()) / 4).max(1);
        for i in 0..n {
            out.push((a.0 + (b.0 - a.0) * i / n, a.1 + (b.1 - a.1) * i / n));
        }
    }
    out.extend(points.last());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_are_short_and_clean() {
        assert_eq!(tick_label(1000.0), "1000");
        assert_eq!(tick_label(0.5), "0.5");
        assert_eq!(tick_label(45.0), "45");
        assert_eq!(tick_label(0.00125), "0.00125");
        assert_eq!(tick_label(0.1 + 0.2), "0.3");
        assert_eq!(tick_label(1e5), "1e5");
        assert_eq!(tick_label(2.5e-5), "2.5e-5");
        assert_eq!(tick_label(-0.01), "-0.01");
        assert_eq!(tick_label(0.0), "0");
    }

    #[test]
    fn linear_ticks_step_by_one_two_or_five() {
        let t = linear_ticks(0.0, 45.0);
        assert_eq!(t.major, vec![0.0, 10.0, 20.0, 30.0, 40.0]);
        assert!(t.minor.iter().all(|v| (0.0..=45.0).contains(v)));
        assert_eq!(t.minor.len(), 5);
        let labels: Vec<String> = linear_ticks(-0.1, 0.1)
            .major
            .iter()
            .map(|v| tick_label(*v))
            .collect();
        assert_eq!(labels, ["-0.1", "-0.05", "0", "0.05", "0.1"]);
    }

    #[test]
    fn a_short_log_axis_gets_one_two_five_ticks_past_the_data() {
        // Bodies 8 to 160: the SAP bench's x axis.
        let (lo, hi) = log_range(8f64.log10(), 160f64.log10());
        assert!((10f64.powf(lo) - 5.0).abs() < 1e-9 && (10f64.powf(hi) - 200.0).abs() < 1e-9);
        let values: Vec<String> = log_ticks(lo, hi)
            .major
            .iter()
            .map(|v| tick_label(10f64.powf(*v)))
            .collect();
        assert_eq!(values, ["5", "10", "20", "50", "100", "200"]);
    }

    #[test]
    fn a_long_log_axis_gets_decades_only() {
        let t = log_ticks(-5.0, 1.0);
        assert_eq!(t.major, vec![-5.0, -4.0, -3.0, -2.0, -1.0, 0.0, 1.0]);
        assert_eq!(t.minor.len(), 6 * 8);
    }

    #[test]
    fn the_legend_goes_where_no_curve_is() {
        let area = ((0, 0), (100, 100));
        // A curve along the top edge and down the left: the lower right is empty.
        let curve = densify(&[(100, 2), (2, 2), (2, 100)]);
        assert!(matches!(
            emptiest_corner(area, (30, 20), &curve),
            SeriesLabelPosition::LowerRight
        ));
    }
}
