//! Plots of the benchmarks, as PNG and SVG, with no system font or graphics library.
//!
//! Text is rasterized by plotters' `ab_glyph` backend from the DejaVu Sans font shipped in
//! `assets/` (Bitstream Vera licence, `assets/DejaVuSans-LICENSE.txt`), registered once
//! per process; so a clean CI machine renders the same pictures as a desktop.

use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;

/// The font every plot uses.
const FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
/// Family name under which [`FONT`] is registered.
const FAMILY: &str = "sans-serif";
/// Picture size in pixels.
const SIZE: (u32, u32) = (900, 600);

/// A plot that could not be drawn or written.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw {}: {message}", path.display())]
pub struct PlotError {
    /// The picture being written.
    pub path: PathBuf,
    /// What the drawing backend said.
    pub message: String,
}

/// Colours of the series, in order (colour-blind safe, Okabe-Ito).
const PALETTE: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
];

/// The colour of a series: fixed per solver name, so that a solver looks the same in
/// every plot; other series take the remaining colours in order.
pub fn series_color(name: &str, k: usize) -> RGBColor {
    match name {
        "gjk" => PALETTE[0],
        "polyak" => PALETTE[1],
        "nesterov" => PALETTE[2],
        "nesterov-nonorm" => PALETTE[3],
        // The peer library of `wolfe bench peers`, and wolfe's contact solver there.
        "parry" => RGBColor(0, 0, 0),
        "epa" => PALETTE[4],
        _ => PALETTE[(4 + k) % PALETTE.len()],
    }
}

/// Registers the shipped font with plotters (once per process); every drawing of text
/// needs it, since no system font is looked up.
pub fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in and known good; a failure would only lose text.
        let _ = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT);
    });
}

/// One curve: a mean with a shaded band of plus or minus one standard deviation.
#[derive(Clone, Debug)]
pub struct BandSeries {
    /// Legend entry.
    pub name: String,
    /// `(x, mean, std)` per point, in increasing `x`.
    pub points: Vec<(f64, f64, f64)>,
}

/// A chart of [`BandSeries`] over categorical x positions `0..labels.len()` (the
/// benchmark's target distances, which a linear axis would crowd near zero).
#[derive(Clone, Debug)]
pub struct BandChart {
    /// Title on top.
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Label of the y axis.
    pub y_label: String,
    /// Tick label of x position `i`.
    pub x_ticks: Vec<String>,
    /// The curves.
    pub series: Vec<BandSeries>,
}

/// A histogram of several samples on shared bins.
#[derive(Clone, Debug)]
pub struct HistogramChart {
    /// Title on top.
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Bin edges, increasing (`edges.len() - 1` bins); values outside are clamped
    /// into the first or last bin.
    pub edges: Vec<f64>,
    /// `(legend, values)` per sample.
    pub samples: Vec<(String, Vec<f64>)>,
}

/// One curve of a [`RangeChart`]: a middle value (a median) with a shaded range (e.g.
/// minimum to maximum).
#[derive(Clone, Debug)]
pub struct RangeSeries {
    /// Legend entry.
    pub name: String,
    /// `(x, middle, low, high)` per point, in increasing `x`; values must be positive
    /// (the y axis is logarithmic).
    pub points: Vec<(f64, f64, f64, f64)>,
}

/// A chart of [`RangeSeries`] over categorical x positions `0..x_ticks.len()` on a
/// **logarithmic y axis**: quantities that span decades, such as solve times against
/// log-spaced sizes (log-spaced categories make the x axis logarithmic too).
#[derive(Clone, Debug)]
pub struct RangeChart {
    /// Title on top.
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Label of the y axis.
    pub y_label: String,
    /// Tick label of x position `i`.
    pub x_ticks: Vec<String>,
    /// The curves.
    pub series: Vec<RangeSeries>,
}

impl RangeChart {
    /// Writes `stem.png` and `stem.svg` into `dir`; returns their paths.
    pub fn write(&self, dir: &Path, stem: &str) -> Result<Vec<PathBuf>, PlotError> {
        write_both(dir, stem, self)
    }

    /// The y range: the decades around every positive value.
    fn y_range(&self) -> (f64, f64) {
        let values = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().flat_map(|p| [p.1, p.2, p.3]))
            .filter(|v| v.is_finite() && *v > 0.0);
        let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
        if lo > hi {
            return (0.1, 10.0);
        }
        let lo = 10f64.powf(lo.log10().floor());
        let hi = 10f64.powf(hi.log10().ceil()).max(lo * 10.0);
        (lo, hi)
    }
}

/// A log-axis tick label with at most three significant digits and no trailing zeros.
fn log_tick(y: f64) -> String {
    if y >= 1.0 {
        format!("{y:.0}")
    } else {
        let digits = (-y.log10().floor()) as usize + 2;
        let s = format!("{y:.digits$}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

impl Picture for RangeChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        area.fill(&WHITE).map_err(|e| e.to_string())?;
        let n = self.x_ticks.len().max(1);
        let (y_lo, y_hi) = self.y_range();
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FAMILY, 22))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), (y_lo..y_hi).log_scale())
            .map_err(|e| e.to_string())?;
        let ticks = self.x_ticks.clone();
        chart
            .configure_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < ticks.len() {
                    ticks[i as usize].clone()
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| log_tick(*y))
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 16))
            .draw()
            .map_err(|e| e.to_string())?;
        let clamp = |v: f64| v.clamp(y_lo, y_hi);
        for (k, s) in self.series.iter().enumerate() {
            let color = series_color(&s.name, k);
            let mut band: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, clamp(p.3))).collect();
            band.extend(s.points.iter().rev().map(|p| (p.0, clamp(p.2))));
            chart
                .draw_series(std::iter::once(Polygon::new(band, color.mix(0.18).filled())))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().map(|p| (p.0, clamp(p.1))),
                    color.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?
                .label(&s.name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart
                .draw_series(
                    s.points
                        .iter()
                        .map(|p| Circle::new((p.0, clamp(p.1)), 3, color.filled())),
                )
                .map_err(|e| e.to_string())?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FAMILY, 14))
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|e| e.to_string())?;
        area.present().map_err(|e| e.to_string())
    }
}

/// One curve of a [`LineChart`].
#[derive(Clone, Debug)]
pub struct Curve {
    /// Legend entry (a solver or scheme name picks its fixed colour).
    pub name: String,
    /// The points `(x, y)`, drawn in order.
    pub points: Vec<(f64, f64)>,
    /// Dashed (reference lines) instead of solid.
    pub dashed: bool,
}

/// Curves over a continuous x axis (time series, convergence plots), either axis
/// linear or logarithmic.
#[derive(Clone, Debug)]
pub struct LineChart {
    /// Title above the plot.
    pub title: String,
    /// X axis label, with units.
    pub x_label: String,
    /// Y axis label, with units.
    pub y_label: String,
    /// Logarithmic x axis (non-positive x are dropped).
    pub log_x: bool,
    /// Logarithmic y axis (non-positive y are dropped).
    pub log_y: bool,
    /// The curves.
    pub series: Vec<Curve>,
}

impl LineChart {
    /// Writes `stem.png` and `stem.svg` into `dir`; returns their paths.
    pub fn write(&self, dir: &Path, stem: &str) -> Result<Vec<PathBuf>, PlotError> {
        write_both(dir, stem, self)
    }

    /// The points as drawn: log10 of the log axes, non-finite dropped.
    fn drawn(&self, c: &Curve) -> Vec<(f64, f64)> {
        let tx = |v: f64| {
            if self.log_x {
                (v > 0.0).then(|| v.log10())
            } else {
                Some(v)
            }
        };
        let ty = |v: f64| {
            if self.log_y {
                (v > 0.0).then(|| v.log10())
            } else {
                Some(v)
            }
        };
        c.points
            .iter()
            .filter_map(|&(x, y)| Some((tx(x)?, ty(y)?)))
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .collect()
    }
}

impl Picture for LineChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        area.fill(&WHITE).map_err(|e| e.to_string())?;
        let all: Vec<(f64, f64)> = self.series.iter().flat_map(|c| self.drawn(c)).collect();
        let range = |f: &dyn Fn(&(f64, f64)) -> f64| {
            let (lo, hi) = all
                .iter()
                .map(f)
                .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
            if lo > hi {
                (0.0, 1.0)
            } else if hi - lo < 1e-12 * lo.abs().max(1e-300) {
                (lo - 0.5 * lo.abs().max(1.0), hi + 0.5 * hi.abs().max(1.0))
            } else {
                let pad = 0.04 * (hi - lo);
                (lo - pad, hi + pad)
            }
        };
        let (x_lo, x_hi) = range(&|p| p.0);
        let (y_lo, y_hi) = range(&|p| p.1);
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FAMILY, 22))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(72)
            .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
            .map_err(|e| e.to_string())?;
        let fmt = |log: bool| {
            move |v: &f64| {
                if log {
                    log_tick(10f64.powf(*v))
                } else {
                    let a = v.abs();
                    if a != 0.0 && !(1e-3..1e5).contains(&a) {
                        format!("{v:.1e}")
                    } else {
                        format!("{}", (v * 1e4).round() / 1e4)
                    }
                }
            }
        };
        let (fx, fy) = (fmt(self.log_x), fmt(self.log_y));
        chart
            .configure_mesh()
            .x_label_formatter(&fx)
            .y_label_formatter(&fy)
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 16))
            .draw()
            .map_err(|e| e.to_string())?;
        for (k, c) in self.series.iter().enumerate() {
            let color = series_color(&c.name, k);
            let pts = self.drawn(c);
            let style = color.stroke_width(2);
            if c.dashed {
                chart
                    .draw_series(DashedLineSeries::new(pts, 8, 5, style))
                    .map_err(|e| e.to_string())?
                    .label(&c.name)
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(1)));
            } else {
                chart
                    .draw_series(LineSeries::new(pts, style))
                    .map_err(|e| e.to_string())?
                    .label(&c.name)
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            }
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FAMILY, 14))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| e.to_string())?;
        area.present().map_err(|e| e.to_string())
    }
}

/// A picture that any plotters backend can draw.
trait Picture {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

impl BandChart {
    /// Writes `stem.png` and `stem.svg` into `dir`; returns their paths.
    pub fn write(&self, dir: &Path, stem: &str) -> Result<Vec<PathBuf>, PlotError> {
        write_both(dir, stem, self)
    }
}

impl Picture for BandChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        area.fill(&WHITE).map_err(|e| e.to_string())?;
        let n = self.x_ticks.len().max(1);
        let y_max = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1 + p.2))
            .fold(0.0f64, f64::max)
            .max(1e-9)
            * 1.08;
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FAMILY, 22))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0.0f64..y_max)
            .map_err(|e| e.to_string())?;
        let ticks = self.x_ticks.clone();
        chart
            .configure_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < ticks.len() {
                    ticks[i as usize].clone()
                } else {
                    String::new()
                }
            })
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 16))
            .draw()
            .map_err(|e| e.to_string())?;
        for (k, s) in self.series.iter().enumerate() {
            let color = series_color(&s.name, k);
            let mut band: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, (p.1 + p.2).max(0.0))).collect();
            band.extend(s.points.iter().rev().map(|p| (p.0, (p.1 - p.2).max(0.0))));
            chart
                .draw_series(std::iter::once(Polygon::new(band, color.mix(0.18).filled())))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().map(|p| (p.0, p.1)),
                    color.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?
                .label(&s.name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FAMILY, 14))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| e.to_string())?;
        area.present().map_err(|e| e.to_string())
    }
}

impl HistogramChart {
    /// Writes `stem.png` and `stem.svg` into `dir`; returns their paths.
    pub fn write(&self, dir: &Path, stem: &str) -> Result<Vec<PathBuf>, PlotError> {
        write_both(dir, stem, self)
    }

    /// Fraction of each sample per bin.
    fn fractions(&self) -> Vec<Vec<f64>> {
        let bins = self.edges.len().saturating_sub(1).max(1);
        self.samples
            .iter()
            .map(|(_, values)| {
                let mut counts = vec![0.0; bins];
                for &v in values {
                    let i = self.edges[1..].iter().position(|&e| v < e).unwrap_or(bins - 1);
                    counts[i.min(bins - 1)] += 1.0;
                }
                let total = values.len().max(1) as f64;
                counts.iter().map(|c| c / total).collect()
            })
            .collect()
    }
}

impl Picture for HistogramChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<(), String> {
        area.fill(&WHITE).map_err(|e| e.to_string())?;
        let fractions = self.fractions();
        let y_max = fractions
            .iter()
            .flatten()
            .fold(0.0f64, |m, &f| m.max(f))
            .max(1e-3)
            * 1.1;
        let (lo, hi) = (self.edges[0], *self.edges.last().unwrap_or(&1.0));
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FAMILY, 22))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(64)
            .build_cartesian_2d(lo..hi, 0.0f64..y_max)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc(&self.x_label)
            .y_desc("fraction of problems")
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 16))
            .draw()
            .map_err(|e| e.to_string())?;
        let k_total = self.samples.len().max(1) as f64;
        for (k, ((name, _), fr)) in self.samples.iter().zip(&fractions).enumerate() {
            let color = series_color(name, k);
            // Side-by-side bars inside each bin.
            let bars = self.edges.windows(2).zip(fr).map(move |(e, &f)| {
                let w = (e[1] - e[0]) / k_total;
                let x0 = e[0] + w * k as f64;
                Rectangle::new([(x0, 0.0), (x0 + w * 0.9, f)], color.mix(0.8).filled())
            });
            chart
                .draw_series(bars)
                .map_err(|e| e.to_string())?
                .label(name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], color.filled()));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FAMILY, 14))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| e.to_string())?;
        area.present().map_err(|e| e.to_string())
    }
}

/// Draws the same picture to `dir/stem.png` and `dir/stem.svg`.
fn write_both(dir: &Path, stem: &str, picture: &impl Picture) -> Result<Vec<PathBuf>, PlotError> {
    register_font();
    let png = dir.join(format!("{stem}.png"));
    let svg = dir.join(format!("{stem}.svg"));
    let fail = |path: &Path| {
        let path = path.to_path_buf();
        move |message: String| PlotError { path, message }
    };
    {
        let area = BitMapBackend::new(&png, SIZE).into_drawing_area();
        picture.draw(&area).map_err(fail(&png))?;
    }
    {
        let area = SVGBackend::new(&svg, SIZE).into_drawing_area();
        picture.draw(&area).map_err(fail(&svg))?;
    }
    Ok(vec![png, svg])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_keep_significant_digits_only() {
        assert_eq!(log_tick(100.0), "100");
        assert_eq!(log_tick(1.0), "1");
        assert_eq!(log_tick(0.5), "0.5");
        assert_eq!(log_tick(0.02), "0.02");
    }

    #[test]
    fn range_chart_y_range_spans_whole_decades_around_every_value() {
        let chart = RangeChart {
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            x_ticks: vec!["a".into(), "b".into()],
            series: vec![RangeSeries {
                name: "s".into(),
                points: vec![(0.0, 0.5, 0.3, 0.7), (1.0, 40.0, 20.0, 130.0)],
            }],
        };
        assert_eq!(chart.y_range(), (0.1, 1000.0));
    }
}
