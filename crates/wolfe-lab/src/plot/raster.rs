//! The PNG side of the plots: a drawing backend that wraps plotters' bitmap backend and
//! replaces the two things it draws differently from the SVG.
//!
//! - **Text.** plotters' `ab_glyph` text drawing places each glyph's pixels from its
//!   bounding box's left edge, ignoring the glyph's left side bearing; a glyph that
//!   reaches left of its origin (DejaVu's `J` and `j`) is drawn too far right, so "GJK"
//!   reads "G JK". Here glyphs are placed at their true positions and the baseline sits
//!   where the SVG backend puts it (`dy` of 0.76 em, 0.5 ex, -0.5 ex for top, centre,
//!   bottom). The scale stays plotters' (ascent minus descent equals the size), the one
//!   its layout measures text with, so that legend boxes and label areas fit the text.
//! - **Thick lines.** plotters' bitmap backend joins the segments of a path wider than
//!   one pixel with miter joins, whose length grows without bound as the angle between
//!   segments closes: on spiky data (a step time per step) the joins become long vertical
//!   lines through the title and below the axis. Here each segment is a filled quad and
//!   each joint a filled disc (round joins), which never leave the stroke's width.

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};
use plotters::prelude::DrawingBackend;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};

use super::FONT;

/// Height of the lowercase `x` of DejaVu Sans in ems (1120 / 2048 font units): the "ex"
/// by which the SVG backend centres text vertically.
const EX_PER_EM: f32 = 1120.0 / 2048.0;

/// A backend that draws text and thick paths as the SVG does (see the module docs) and
/// forwards everything else to the backend it wraps.
pub(super) struct Raster<B>(pub(super) B);

impl<B: DrawingBackend> DrawingBackend for Raster<B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.present()
    }

    fn draw_pixel(
        &mut self, point: BackendCoord, color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self, from: BackendCoord, to: BackendCoord, style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        if style.stroke_width() > 1 {
            return self.draw_path([from, to], style);
        }
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self, upper_left: BackendCoord, bottom_right: BackendCoord, style: &S, fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self, path: I, style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let width = style.stroke_width();
        if width <= 1 {
            return self.0.draw_path(path, style);
        }
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        let half = f64::from(width) / 2.0;
        let points: Vec<BackendCoord> = path.into_iter().collect();
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (dx, dy) = (f64::from(b.0 - a.0), f64::from(b.1 - a.1));
            let len = dx.hypot(dy);
            if len == 0.0 {
                continue;
            }
            // The segment's rectangle: its ends moved by half the width along the normal.
            let (nx, ny) = (-dy / len * half, dx / len * half);
            let corner = |p: BackendCoord, s: f64| {
                (
                    (f64::from(p.0) + s * nx).round() as i32,
                    (f64::from(p.1) + s * ny).round() as i32,
                )
            };
            self.0.fill_polygon(
                [corner(a, 1.0), corner(b, 1.0), corner(b, -1.0), corner(a, -1.0)],
                style,
            )?;
        }
        // Round joins and caps: a disc of the stroke's width at every vertex.
        let radius = (width / 2).max(1);
        for &p in &points {
            self.0.draw_circle(p, radius, style, true)?;
        }
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self, center: BackendCoord, radius: u32, style: &S, fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self, vert: I, style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.fill_polygon(vert, style)
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self, text: &str, style: &TStyle, pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        for (x, y, coverage) in text_pixels(
            text,
            style.size() as f32,
            style.anchor().h_pos,
            style.anchor().v_pos,
        ) {
            let (x, y) = style.transform().transform(x, y);
            let c = BackendColor {
                alpha: color.alpha * f64::from(coverage.min(1.0)),
                rgb: color.rgb,
            };
            self.0.draw_pixel((pos.0 + x, pos.1 + y), c)?;
        }
        Ok(())
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self, text: &str, style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        // plotters measures with the scale drawn here (see `layout`).
        self.0.estimate_text_size(text, style)
    }

    fn blit_bitmap(
        &mut self, pos: BackendCoord, (iw, ih): (u32, u32), src: &[u8],
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.0.blit_bitmap(pos, (iw, ih), src)
    }
}

/// The glyphs of `text` at font size `size` along a baseline at y = 0 from x = 0 (at
/// their advances, with kerning), and the advance width of the whole. The size is
/// ab_glyph's scale (ascent minus descent), as plotters' layout measures text.
fn layout(text: &str, size: f32) -> (Vec<ab_glyph::Glyph>, f32) {
    let Ok(font) = FontRef::try_from_slice(FONT) else {
        return (Vec::new(), 0.0);
    };
    let scale = PxScale::from(size);
    let scaled = font.as_scaled(scale);
    let mut glyphs = Vec::with_capacity(text.len());
    let mut x = 0.0f32;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            x += scaled.kern(p, id);
        }
        glyphs.push(id.with_scale_and_position(scale, point(x, 0.0)));
        x += scaled.h_advance(id);
        previous = Some(id);
    }
    (glyphs, x)
}

/// The pixels of `text` set in the shipped font at font size `size` (see [`layout`]),
/// relative to the anchor point, as `(x, y, coverage)`: glyphs at their advance (with kerning) and side
/// bearings, the baseline placed as the SVG backend places it.
pub(super) fn text_pixels(text: &str, size: f32, h: HPos, v: VPos) -> Vec<(i32, i32, f32)> {
    let Ok(font) = FontRef::try_from_slice(FONT) else {
        return Vec::new();
    };
    let (glyphs, x) = layout(text, size);
    let em = size * font.units_per_em().unwrap_or(2048.0) / font.height_unscaled();
    let dx = match h {
        HPos::Left => 0.0,
        HPos::Center => -x / 2.0,
        HPos::Right => -x,
    };
    let baseline = match v {
        VPos::Top => 0.76 * em,
        VPos::Center => 0.5 * EX_PER_EM * em,
        VPos::Bottom => -0.5 * EX_PER_EM * em,
    };
    let mut pixels = Vec::new();
    for glyph in glyphs {
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            let (x0, y0) = (
                (bounds.min.x + dx).round() as i32,
                (bounds.min.y + baseline).round() as i32,
            );
            outline.draw(|gx, gy, coverage| {
                if coverage > 0.0 {
                    pixels.push((x0 + gx as i32, y0 + gy as i32, coverage));
                }
            });
        }
    }
    pixels
}
