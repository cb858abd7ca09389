//! Plots of the benchmarks, as PNG and SVG, with no system font or graphics library.
//!
//! Text is measured (and in the PNG, rasterized with `ab_glyph`) from the DejaVu Sans font
//! shipped in `assets/` (Bitstream Vera licence, `assets/DejaVuSans-LICENSE.txt`),
//! registered once per process; so a clean CI machine renders the same pictures as a
//! desktop. The PNG is drawn through the `raster` module, which sets text and thick lines
//! as the SVG does (plotters' bitmap backend shifts glyphs with a negative side bearing,
//! "G JK", and draws miter spikes on spiky curves). Ticks are placed here (the `axis`
//! module): 1-2-5 steps on linear axes, decades or 1-2-5 on logarithmic ones, or the
//! values a study ran; legends go in the corner their curves leave emptiest.

mod axis;
mod raster;

pub use axis::tick_label;

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;

/// The font every plot uses.
const FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
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

/// The colour of palette entry `i` (wrapping), for curves that share a colour by choice.
pub fn palette_color(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
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
    /// The drawn y range, in log10: out to 1-2-5 values around every positive value.
    fn y_range(&self) -> (f64, f64) {
        let values = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().flat_map(|p| [p.1, p.2, p.3]))
            .filter(|v| v.is_finite() && *v > 0.0);
        let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
        if lo > hi {
            return (-1.0, 1.0);
        }
        axis::log_range(lo.log10(), hi.log10())
    }
}

/// The plot area of a drawn chart in pixels: `((left, top), (right, bottom))`.
pub type PixelArea = ((i32, i32), (i32, i32));

/// The pixel rectangle of a plotting area.
fn pixel_area(range: (Range<i32>, Range<i32>)) -> PixelArea {
    let (x, y) = range;
    ((x.start, y.start), (x.end, y.end))
}

/// Light grey grid lines: bold at labelled ticks, lighter between.
fn grid_styles() -> (ShapeStyle, ShapeStyle) {
    (
        RGBColor(200, 200, 200).stroke_width(1),
        RGBColor(236, 236, 236).stroke_width(1),
    )
}

/// The frame every chart shares: a white background, the caption, the margins and
/// label areas, the light grid, the tick labels (`fx`, `fy`) and the axis titles
/// (`labels`); returns the chart to draw series on. `y_label_width` is the pixel width
/// of the y tick labels' area.
fn framed<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>, title: &str, axes: (axis::Axis, axis::Axis), labels: (&str, &str),
    y_label_width: u32, fx: &dyn Fn(&f64) -> String, fy: &dyn Fn(&f64) -> String,
) -> Result<ChartContext<'a, DB, Cartesian2d<axis::Axis, axis::Axis>>, String> {
    area.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FAMILY, 22))
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(y_label_width)
        .build_cartesian_2d(axes.0, axes.1)
        .map_err(|e| e.to_string())?;
    let (bold, light) = grid_styles();
    chart
        .configure_mesh()
        .bold_line_style(bold)
        .light_line_style(light)
        .x_label_formatter(fx)
        .y_label_formatter(fy)
        .x_desc(labels.0)
        .y_desc(labels.1)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(chart)
}

/// Draws the legend of `chart` at `position`.
fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>, position: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font((FAMILY, 14))
        .position(position)
        .draw()
        .map_err(|e| e.to_string())
}

/// A categorical x axis: positions `0..n`, each ticked, from -0.5 to n - 0.5.
fn categories(n: usize) -> axis::Axis {
    let ticks = axis::Ticks {
        major: (0..n).map(|i| i as f64).collect(),
        minor: Vec::new(),
    };
    axis::Axis::new(-0.5, n as f64 - 0.5, ticks)
}

/// Tick positions `0..n` of a categorical axis, with their labels.
fn category_formatter(ticks: &[String]) -> impl Fn(&f64) -> String + '_ {
    move |x: &f64| {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < ticks.len() {
            ticks[i as usize].clone()
        } else {
            String::new()
        }
    }
}

impl Chart for RangeChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<PixelArea, String> {
        let n = self.x_ticks.len().max(1);
        let (y_lo, y_hi) = self.y_range();
        let yt = axis::log_ticks(y_lo, y_hi);
        let x_axis = categories(n);
        let y_axis = axis::Axis::new(y_lo, y_hi, yt);
        let fx = category_formatter(&self.x_ticks);
        let mut chart = framed(
            area,
            &self.title,
            (x_axis, y_axis),
            (&self.x_label, &self.y_label),
            64,
            &fx,
            &|y| tick_label(10f64.powf(*y)),
        )?;
        let log = |v: f64| {
            if v > 0.0 {
                v.log10().clamp(y_lo, y_hi)
            } else {
                y_lo
            }
        };
        let mut occupied = Vec::new();
        for (k, s) in self.series.iter().enumerate() {
            let color = series_color(&s.name, k);
            let mut band: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, log(p.3))).collect();
            band.extend(s.points.iter().rev().map(|p| (p.0, log(p.2))));
            chart
                .draw_series(std::iter::once(Polygon::new(band, color.mix(0.18).filled())))
                .map_err(|e| e.to_string())?;
            let line: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, log(p.1))).collect();
            occupied.extend(axis::densify(
                &line.iter().map(|p| chart.backend_coord(p)).collect::<Vec<_>>(),
            ));
            chart
                .draw_series(LineSeries::new(line.iter().copied(), color.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(&s.name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart
                .draw_series(line.iter().map(|p| Circle::new(*p, 3, color.filled())))
                .map_err(|e| e.to_string())?;
        }
        let plot = pixel_area(chart.plotting_area().get_pixel_range());
        let size = axis::legend_size(self.series.iter().map(|s| s.name.as_str()));
        legend(&mut chart, axis::emptiest_corner(plot, size, &occupied))?;
        area.present().map_err(|e| e.to_string())?;
        Ok(plot)
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
    /// A palette entry ([`palette_color`]) that curves belonging together share, such as
    /// one configuration's solid and dashed lines; `None`: the colour of the name, else
    /// of the curve's position.
    pub color: Option<usize>,
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
    /// The x values to label (e.g. the time steps a convergence study ran); empty: 1-2-5
    /// steps (decades on a long logarithmic axis).
    pub x_ticks: Vec<f64>,
    /// The curves.
    pub series: Vec<Curve>,
}

impl LineChart {
    /// The points as drawn: log10 of the log axes, non-finite dropped.
    fn drawn(&self, c: &Curve) -> Vec<(f64, f64)> {
        let t = |log: bool, v: f64| {
            if log {
                (v > 0.0).then(|| v.log10())
            } else {
                Some(v)
            }
        };
        c.points
            .iter()
            .filter_map(|&(x, y)| Some((t(self.log_x, x)?, t(self.log_y, y)?)))
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .collect()
    }

    /// The drawn range of one axis and its ticks, from the drawn values `values`.
    fn axis(&self, values: &[f64], log: bool, explicit: &[f64]) -> (f64, f64, axis::Ticks) {
        let (lo, hi) = values
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
        let (lo, hi) = if lo > hi { (0.0, 1.0) } else { (lo, hi) };
        let explicit: Vec<f64> = explicit
            .iter()
            .filter(|v| !log || **v > 0.0)
            .map(|&v| if log { v.log10() } else { v })
            .collect();
        if !explicit.is_empty() {
            let lo = explicit.iter().fold(lo, |a, &b| a.min(b));
            let hi = explicit.iter().fold(hi, |a, &b| a.max(b));
            let pad = 0.04 * (hi - lo).max(1e-9);
            let ticks = axis::Ticks {
                major: explicit,
                minor: Vec::new(),
            };
            return (lo - pad, hi + pad, ticks);
        }
        if log {
            let (lo, hi) = axis::log_range(lo, hi);
            return (lo, hi, axis::log_ticks(lo, hi));
        }
        let (lo, hi) = if hi - lo < 1e-12 * lo.abs().max(1e-300) {
            (lo - 0.5 * lo.abs().max(1.0), hi + 0.5 * hi.abs().max(1.0))
        } else {
            let pad = 0.04 * (hi - lo);
            (lo - pad, hi + pad)
        };
        (lo, hi, axis::linear_ticks(lo, hi))
    }
}

impl Chart for LineChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<PixelArea, String> {
        let drawn: Vec<Vec<(f64, f64)>> = self.series.iter().map(|c| self.drawn(c)).collect();
        let xs: Vec<f64> = drawn.iter().flatten().map(|p| p.0).collect();
        let ys: Vec<f64> = drawn.iter().flatten().map(|p| p.1).collect();
        let (x_lo, x_hi, xt) = self.axis(&xs, self.log_x, &self.x_ticks);
        let (y_lo, y_hi, yt) = self.axis(&ys, self.log_y, &[]);
        let label = |log: bool| move |v: &f64| tick_label(if log { 10f64.powf(*v) } else { *v });
        let (fx, fy) = (label(self.log_x), label(self.log_y));
        let mut chart = framed(
            area,
            &self.title,
            (axis::Axis::new(x_lo, x_hi, xt), axis::Axis::new(y_lo, y_hi, yt)),
            (&self.x_label, &self.y_label),
            72,
            &fx,
            &fy,
        )?;
        let mut occupied = Vec::new();
        for (k, (c, pts)) in self.series.iter().zip(drawn).enumerate() {
            let color = c.color.map_or_else(|| series_color(&c.name, k), palette_color);
            occupied.extend(axis::densify(
                &pts.iter().map(|p| chart.backend_coord(p)).collect::<Vec<_>>(),
            ));
            let style = color.stroke_width(2);
            if c.dashed {
                chart
                    .draw_series(DashedLineSeries::new(pts, 8, 5, style))
                    .map_err(|e| e.to_string())?
                    .label(&c.name)
                    .legend(move |(x, y)| {
                        EmptyElement::at((x, y))
                            + PathElement::new(vec![(0, 0), (8, 0)], style)
                            + PathElement::new(vec![(13, 0), (20, 0)], style)
                    });
            } else {
                chart
                    .draw_series(LineSeries::new(pts, style))
                    .map_err(|e| e.to_string())?
                    .label(&c.name)
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
            }
        }
        let plot = pixel_area(chart.plotting_area().get_pixel_range());
        let size = axis::legend_size(self.series.iter().map(|c| c.name.as_str()));
        legend(&mut chart, axis::emptiest_corner(plot, size, &occupied))?;
        area.present().map_err(|e| e.to_string())?;
        Ok(plot)
    }
}

/// A chart that any plotters backend can draw, and that writes itself as PNG and SVG.
pub trait Chart {
    /// Draws the chart; returns the plot area in pixels.
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<PixelArea, String>;

    /// Writes `stem.png` and `stem.svg` into `dir`; returns their paths.
    fn write(&self, dir: &Path, stem: &str) -> Result<Vec<PathBuf>, PlotError>
    where
        Self: Sized,
    {
        write_both(dir, stem, self)
    }
}

impl Chart for BandChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<PixelArea, String> {
        let n = self.x_ticks.len().max(1);
        let y_max = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1 + p.2))
            .fold(0.0f64, f64::max)
            .max(1e-9)
            * 1.08;
        let yt = axis::linear_ticks(0.0, y_max);
        let x_axis = categories(n);
        let y_axis = axis::Axis::new(0.0, y_max, yt);
        let fx = category_formatter(&self.x_ticks);
        let mut chart = framed(
            area,
            &self.title,
            (x_axis, y_axis),
            (&self.x_label, &self.y_label),
            64,
            &fx,
            &|y| tick_label(*y),
        )?;
        let mut occupied = Vec::new();
        for (k, s) in self.series.iter().enumerate() {
            let color = series_color(&s.name, k);
            let mut band: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, (p.1 + p.2).max(0.0))).collect();
            band.extend(s.points.iter().rev().map(|p| (p.0, (p.1 - p.2).max(0.0))));
            chart
                .draw_series(std::iter::once(Polygon::new(band, color.mix(0.18).filled())))
                .map_err(|e| e.to_string())?;
            let line: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, p.1)).collect();
            occupied.extend(axis::densify(
                &line.iter().map(|p| chart.backend_coord(p)).collect::<Vec<_>>(),
            ));
            chart
                .draw_series(LineSeries::new(line, color.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(&s.name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
        }
        let plot = pixel_area(chart.plotting_area().get_pixel_range());
        let size = axis::legend_size(self.series.iter().map(|s| s.name.as_str()));
        legend(&mut chart, axis::emptiest_corner(plot, size, &occupied))?;
        area.present().map_err(|e| e.to_string())?;
        Ok(plot)
    }
}

impl HistogramChart {
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

impl Chart for HistogramChart {
    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<PixelArea, String> {
        let fractions = self.fractions();
        let y_max = fractions
            .iter()
            .flatten()
            .fold(0.0f64, |m, &f| m.max(f))
            .max(1e-3)
            * 1.1;
        let (lo, hi) = (self.edges[0], *self.edges.last().unwrap_or(&1.0));
        let (xt, yt) = (axis::linear_ticks(lo, hi), axis::linear_ticks(0.0, y_max));
        let mut chart = framed(
            area,
            &self.title,
            (axis::Axis::new(lo, hi, xt), axis::Axis::new(0.0, y_max, yt)),
            (&self.x_label, "fraction of problems"),
            64,
            &|x| tick_label(*x),
            &|y| tick_label(*y),
        )?;
        let k_total = self.samples.len().max(1) as f64;
        let mut occupied = Vec::new();
        for (k, ((name, _), fr)) in self.samples.iter().zip(&fractions).enumerate() {
            let color = series_color(name, k);
            // Side-by-side bars inside each bin.
            let bars: Vec<[(f64, f64); 2]> = self
                .edges
                .windows(2)
                .zip(fr)
                .map(|(e, &f)| {
                    let w = (e[1] - e[0]) / k_total;
                    let x0 = e[0] + w * k as f64;
                    [(x0, 0.0), (x0 + w * 0.9, f)]
                })
                .collect();
            for bar in &bars {
                // A bar occupies its whole column up to its top.
                let (a, b) = (chart.backend_coord(&bar[0]), chart.backend_coord(&bar[1]));
                occupied.extend(axis::densify(&[
                    (a.0, b.1),
                    (b.0, b.1),
                    (b.0, a.1),
                    (a.0, a.1),
                    (a.0, b.1),
                ]));
            }
            chart
                .draw_series(
                    bars.into_iter()
                        .map(|b| Rectangle::new(b, color.mix(0.8).filled())),
                )
                .map_err(|e| e.to_string())?
                .label(name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], color.filled()));
        }
        let plot = pixel_area(chart.plotting_area().get_pixel_range());
        let size = axis::legend_size(self.samples.iter().map(|s| s.0.as_str()));
        legend(&mut chart, axis::emptiest_corner(plot, size, &occupied))?;
        area.present().map_err(|e| e.to_string())?;
        Ok(plot)
    }
}

/// Draws the same picture to `dir/stem.png` and `dir/stem.svg`.
fn write_both(dir: &Path, stem: &str, picture: &impl Chart) -> Result<Vec<PathBuf>, PlotError> {
    register_font();
    let png = dir.join(format!("{stem}.png"));
    let svg = dir.join(format!("{stem}.svg"));
    let fail = |path: &Path| {
        let path = path.to_path_buf();
        move |message: String| PlotError { path, message }
    };
    {
        let area = raster::Raster(BitMapBackend::new(&png, SIZE)).into_drawing_area();
        picture.draw(&area).map_err(fail(&png))?;
    }
    {
        let area = SVGBackend::new(&svg, SIZE).into_drawing_area();
        picture.draw(&area).map_err(fail(&svg))?;
    }
    Ok(vec![png, svg])
}

#[cfg(test)]
mod tests;
