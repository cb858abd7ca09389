//! The plots drawn to pixels and checked: text without gaps, no curve outside its area,
//! labels present, PNG and SVG of one size.

use plotters_backend::text_anchor::{HPos, VPos};

use super::*;

/// Blank columns inside the ink of `text` at font size `size`: the widest run.
fn widest_gap(text: &str, size: f32) -> usize {
    let pixels = raster::text_pixels(text, size, HPos::Left, VPos::Top);
    let x0 = pixels.iter().map(|p| p.0).min().unwrap_or(0);
    let x1 = pixels.iter().map(|p| p.0).max().unwrap_or(0);
    let mut ink = vec![false; (x1 - x0 + 1) as usize];
    for p in pixels.iter().filter(|p| p.2 > 0.25) {
        ink[(p.0 - x0) as usize] = true;
    }
    let (mut widest, mut run) = (0, 0);
    for &i in &ink {
        run = if i { 0 } else { run + 1 };
        widest = widest.max(run);
    }
    widest
}

#[test]
fn letters_that_reach_left_of_their_origin_sit_against_their_neighbours() {
    // DejaVu's J reaches left of its origin: plotters' own drawing shifted it right by
    // its whole left side and left a gap before it ("G JK"). Set at their true
    // positions, no gap in "GJK" is wider than the ordinary gap between G and K.
    let em = 22.0;
    let natural = widest_gap("GK", em);
    assert!(
        widest_gap("GJK", em) <= natural + 1,
        "gap of {} px in GJK, {natural} in GK",
        widest_gap("GJK", em)
    );
    // A space (about a third of an em) is a gap the measure sees.
    assert!(widest_gap("G JK", em) >= natural + 2);
    // The J itself starts left of its origin, as its outline does (plotters' drawing
    // starts every glyph's ink at the origin).
    let j = raster::text_pixels("J", em, HPos::Left, VPos::Top);
    assert!(j.iter().map(|p| p.0).min().unwrap() < 0);
}

#[test]
fn text_is_anchored_as_the_svg_anchors_it() {
    let size = 20.0;
    // DejaVu Sans: ascent + descent = 2384 units of 2048 per em.
    let em = size * 2048.0 / 2384.0;
    let top = raster::text_pixels("H", size, HPos::Left, VPos::Top);
    let bottom = raster::text_pixels("H", size, HPos::Right, VPos::Bottom);
    // Top: baseline 0.76 em below the anchor, so the cap height (0.73 em) starts near it.
    let (t0, t1) = (
        top.iter().map(|p| p.1).min().unwrap(),
        top.iter().map(|p| p.1).max().unwrap(),
    );
    assert!((0..=2).contains(&t0), "top of H at {t0}");
    assert!((t1 - (0.76 * em) as i32).abs() <= 1, "baseline at {t1}");
    // Right-aligned text ends at the anchor.
    let right = bottom.iter().map(|p| p.0).max().unwrap();
    assert!((-4..=0).contains(&right), "right edge at {right}");
}

/// A chart like the simulations' step time: spikes of 100 between zeros.
fn spiky() -> LineChart {
    LineChart {
        title: "GJK: wall time per step".into(),
        x_label: "time (s)".into(),
        y_label: "step time (ms)".into(),
        log_x: false,
        log_y: false,
        x_ticks: Vec::new(),
        series: vec![Curve {
            name: "step time".into(),
            points: (0..400)
                .map(|i| (f64::from(i) * 0.01, if i % 7 == 3 { 100.0 } else { 0.1 }))
                .collect(),
            dashed: false,
            color: None,
        }],
    }
}

/// Draws `picture` into memory through the PNG path; returns RGB pixels and the plot area.
fn render(picture: &impl Chart) -> (Vec<u8>, PixelArea) {
    register_font();
    let mut buffer = vec![0u8; (SIZE.0 * SIZE.1 * 3) as usize];
    let area = {
        let root = raster::Raster(BitMapBackend::with_buffer(&mut buffer, SIZE)).into_drawing_area();
        picture.draw(&root).expect("draws")
    };
    (buffer, area)
}

fn pixel(buffer: &[u8], x: i32, y: i32) -> [u8; 3] {
    let i = 3 * (y as usize * SIZE.0 as usize + x as usize);
    [buffer[i], buffer[i + 1], buffer[i + 2]]
}

#[test]
fn no_pixel_of_a_spiky_curve_leaves_the_plot_area() {
    let chart = spiky();
    let (buffer, ((x0, y0), (x1, y1))) = render(&chart);
    let c = series_color("step time", 0);
    let curve = [c.0, c.1, c.2];
    let stroke = 3; // half the stroke width plus rounding
    let mut outside = 0;
    let mut inside = 0;
    for y in 0..SIZE.1 as i32 {
        for x in 0..SIZE.0 as i32 {
            if pixel(&buffer, x, y) != curve {
                continue;
            }
            if x < x0 - stroke || x > x1 + stroke || y < y0 - stroke || y > y1 + stroke {
                outside += 1;
            } else {
                inside += 1;
            }
        }
    }
    assert_eq!(outside, 0, "{outside} curve pixels outside the plot area");
    assert!(inside > 1000, "the curve is drawn ({inside} pixels)");
    // The title band and the tick labels below the axis hold text (dark pixels).
    let dark = |ys: std::ops::Range<i32>| {
        ys.flat_map(|y| (0..SIZE.0 as i32).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(&buffer, x, y).iter().all(|&v| v < 90))
            .count()
    };
    assert!(dark(0..y0 - 2) > 100, "title drawn");
    assert!(
        dark(y1 + 4..SIZE.1 as i32) > 100,
        "tick labels and axis label drawn"
    );
}

#[test]
fn written_png_decodes_to_the_svg_size() {
    let dir = std::env::temp_dir().join(format!("wolfe-plot-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = spiky().write(&dir, "spiky").unwrap();
    let decoder = png::Decoder::new(std::fs::File::open(&files[0]).unwrap());
    let reader = decoder.read_info().unwrap();
    let (w, h) = (reader.info().width, reader.info().height);
    let svg = std::fs::read_to_string(&files[1]).unwrap();
    assert!(svg.contains(&format!("width=\"{w}\"")) && svg.contains(&format!("height=\"{h}\"")));
    assert_eq!((w, h), SIZE);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn range_chart_y_range_reaches_a_one_two_five_value_past_every_value() {
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
    let (lo, hi) = chart.y_range();
    assert!((10f64.powf(lo) - 0.2).abs() < 1e-12 && (10f64.powf(hi) - 200.0).abs() < 1e-9);
}

#[test]
fn a_convergence_plot_is_ticked_at_the_steps_it_ran() {
    let dts = [0.02, 0.01, 0.005, 0.0025, 0.00125];
    let chart = LineChart {
        log_x: true,
        log_y: true,
        x_ticks: dts.to_vec(),
        series: vec![Curve {
            name: "midpoint".into(),
            points: dts.iter().map(|&d| (d, d * d)).collect(),
            dashed: false,
            color: None,
        }],
        ..spiky()
    };
    let xs: Vec<f64> = dts.iter().map(|d| d.log10()).collect();
    let (_, _, ticks) = chart.axis(&xs, true, &chart.x_ticks);
    let labels: Vec<String> = ticks.major.iter().map(|v| tick_label(10f64.powf(*v))).collect();
    assert_eq!(labels, ["0.02", "0.01", "0.005", "0.0025", "0.00125"]);
    // And the chart draws.
    render(&chart);
}
