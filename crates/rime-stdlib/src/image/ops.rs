//! The pixel work of the image functions, on a [`Picture`] in place: resizing, rotating,
//! flipping, cropping, blurring, grey scale, negative, drawing lines, rectangles and text,
//! pasting one image onto another. Sizes are checked ([`check_size`]) before any new buffer
//! is allocated; drawing is clipped to the image first, so coordinates far outside it cost
//! nothing.
//!
//! Drawing follows Java2D without antialiasing, as Lucee's image does by default: a line covers
//! both end points, `drawRect(x, y, w, h)` covers `w + 1` × `h + 1` pixels outlined or filled,
//! colours with alpha are blended over what is there (source over).

use super::picture::{check_size, luma, Kind, Picture};
use image::imageops::FilterType;
use image::{Rgba, RgbaImage};
use rime_runtime::CfResult;

/// Coordinates beyond this (in pixels) are clamped, so that the arithmetic stays in range;
/// they lie far outside any image Rime makes.
const FAR: f64 = 1e12;

pub(crate) fn coord(v: f64) -> i64 {
    if v.is_nan() {
        0
    } else {
        v.clamp(-FAR, FAR) as i64
    }
}

/// How to sample when rotating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sampling {
    Nearest,
    Bilinear,
    Bicubic,
}

/// `imageFlip`'s transposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Transpose {
    Vertical,
    Horizontal,
    Diagonal,
    AntiDiagonal,
    Rotate90,
    Rotate180,
    Rotate270,
}

/// `src` blended over `dst` (straight alpha, source over).
fn over(dst: Rgba<u8>, src: Rgba<u8>) -> Rgba<u8> {
    let sa = u32::from(src.0[3]);
    if sa == 255 {
        return src;
    }
    if sa == 0 {
        return dst;
    }
    let da = u32::from(dst.0[3]);
    // Alpha and colours scaled by 255 * 255.
    let out_a = sa * 255 + da * (255 - sa);
    if out_a == 0 {
        return Rgba([0, 0, 0, 0]);
    }
    let mut px = [0u8; 4];
    for (i, c) in px.iter_mut().take(3).enumerate() {
        let v = u32::from(src.0[i]) * sa * 255 + u32::from(dst.0[i]) * da * (255 - sa);
        *c = ((v + out_a / 2) / out_a).min(255) as u8;
    }
    px[3] = ((out_a + 127) / 255).min(255) as u8;
    Rgba(px)
}

/// Blend `color` into the pixel at (x, y) when it lies inside the image.
fn plot(px: &mut RgbaImage, x: i64, y: i64, color: Rgba<u8>) {
    if x < 0 || y < 0 || x >= i64::from(px.width()) || y >= i64::from(px.height()) {
        return;
    }
    let p = px.get_pixel_mut(x as u32, y as u32);
    *p = over(*p, color);
}

/// `round(a / b)` for `b != 0`, half away from zero.
fn div_round(a: i128, b: i128) -> i128 {
    let (a, b) = if b < 0 { (-a, -b) } else { (a, b) };
    if a >= 0 {
        (a + b / 2) / b
    } else {
        -((-a + b / 2) / b)
    }
}

/// A one-pixel line from (x1, y1) to (x2, y2), both ends included, in the drawing colour. Only
/// the part inside the image is walked.
pub(crate) fn draw_line(p: &mut Picture, x1: i64, y1: i64, x2: i64, y2: i64) {
    let color = p.color;
    line(&mut p.px, x1, y1, x2, y2, color);
    p.normalize();
}

fn line(px: &mut RgbaImage, x1: i64, y1: i64, x2: i64, y2: i64, color: Rgba<u8>) {
    let (w, h) = (i64::from(px.width()), i64::from(px.height()));
    let (dx, dy) = (i128::from(x2 - x1), i128::from(y2 - y1));
    if dx == 0 && dy == 0 {
        plot(px, x1, y1, color);
        return;
    }
    if dx.abs() >= dy.abs() {
        let lo = x1.min(x2).max(0);
        let hi = x1.max(x2).min(w - 1);
        for x in lo..=hi {
            let y = i128::from(y1) + div_round(i128::from(x - x1) * dy, dx);
            plot(px, x, y as i64, color);
        }
    } else {
        let lo = y1.min(y2).max(0);
        let hi = y1.max(y2).min(h - 1);
        for y in lo..=hi {
            let x = i128::from(x1) + div_round(i128::from(y - y1) * dx, dy);
            plot(px, x as i64, y, color);
        }
    }
}

/// `drawRect`: the outline of, or (`filled`) the whole, rectangle from (x, y) to
/// (x + width, y + height), both included.
pub(crate) fn draw_rect(p: &mut Picture, x: i64, y: i64, width: i64, height: i64, filled: bool) {
    let color = p.color;
    let (x2, y2) = (x.saturating_add(width), y.saturating_add(height));
    if filled {
        fill(&mut p.px, x, y, x2, y2, color);
    } else {
        line(&mut p.px, x, y, x2, y, color);
        line(&mut p.px, x, y2, x2, y2, color);
        line(&mut p.px, x, y, x, y2, color);
        line(&mut p.px, x2, y, x2, y2, color);
    }
    p.normalize();
}

/// Blend `color` over the pixels from (x1, y1) to (x2, y2), both included, clipped.
fn fill(px: &mut RgbaImage, x1: i64, y1: i64, x2: i64, y2: i64, color: Rgba<u8>) {
    let (w, h) = (i64::from(px.width()), i64::from(px.height()));
    let (xa, xb) = (x1.min(x2).max(0), x1.max(x2).min(w - 1));
    let (ya, yb) = (y1.min(y2).max(0), y1.max(y2).min(h - 1));
    for y in ya..=yb {
        for x in xa..=xb {
            plot(px, x, y, color);
        }
    }
}

/// `imagePaste`: `top` drawn over the image with its top left corner at (x, y).
pub(crate) fn paste(p: &mut Picture, top: &RgbaImage, x: i64, y: i64) {
    let (w, h) = (i64::from(p.px.width()), i64::from(p.px.height()));
    let (tw, th) = (i64::from(top.width()), i64::from(top.height()));
    let (xa, xb) = (x.max(0), x.saturating_add(tw).min(w));
    let (ya, yb) = (y.max(0), y.saturating_add(th).min(h));
    for dy in ya..yb {
        for dx in xa..xb {
            let src = *top.get_pixel((dx - x) as u32, (dy - y) as u32);
            plot(&mut p.px, dx, dy, src);
        }
    }
    p.normalize();
}

/// The `image` crate's filter for one of Lucee's interpolation names; None for a name Lucee
/// does not know.
pub(crate) fn filter_of(name: &str) -> Option<FilterType> {
    Some(match name.trim().to_ascii_lowercase().as_str() {
        "nearest" | "point" | "speed" | "highestperformance" | "highperformance" => {
            FilterType::Nearest
        }
        "bilinear" | "balanced" | "triangle" | "mediumperformance" | "box" => FilterType::Triangle,
        "bicubic" | "cubic" | "catrom" | "mediumquality" | "quality" | "mitchell" | "hermite"
        | "quadratic" => FilterType::CatmullRom,
        "gaussian" | "bessel" | "blackmanbessel" => FilterType::Gaussian,
        "automatic" | "highestquality" | "highquality" | "ultraquality" | "lanczos"
        | "blackman" | "blackmansinc" | "hamming" | "hanning" => FilterType::Lanczos3,
        _ => return None,
    })
}

/// Scale to `width` × `height` (already checked). A blur factor above 1 softens the result
/// (Lucee widens its resampling filter; Rime blurs after resampling, a Gaussian of sigma
/// `(blurFactor - 1) / 2`).
pub(crate) fn resize(
    p: &mut Picture,
    width: u32,
    height: u32,
    filter: FilterType,
    blur_factor: f64,
) {
    if (width, height) != p.px.dimensions() {
        p.px = image::imageops::resize(&p.px, width, height, filter);
    }
    if blur_factor > 1.0 {
        p.px = image::imageops::blur(&p.px, ((blur_factor - 1.0) / 2.0) as f32);
    }
    p.normalize();
}

/// `imageCrop`: the area from (x, y) of `width` × `height`, clipped to the image as Lucee
/// clips it (a negative x or y counts as 0). None when nothing of the image is left.
pub(crate) fn crop(p: &mut Picture, x: i64, y: i64, width: i64, height: i64) -> Option<()> {
    let (w, h) = (i64::from(p.px.width()), i64::from(p.px.height()));
    let (x, y) = (x.max(0), y.max(0));
    let (cw, ch) = (width.min(w - x), height.min(h - y));
    if cw <= 0 || ch <= 0 {
        return None;
    }
    p.px = image::imageops::crop_imm(&p.px, x as u32, y as u32, cw as u32, ch as u32).to_image();
    Some(())
}

/// `imageFlip`.
pub(crate) fn flip(p: &mut Picture, t: Transpose) {
    use image::imageops;
    let src = &p.px;
    let (w, h) = src.dimensions();
    p.px = match t {
        Transpose::Vertical => imageops::flip_vertical(src),
        Transpose::Horizontal => imageops::flip_horizontal(src),
        Transpose::Rotate90 => imageops::rotate90(src),
        Transpose::Rotate180 => imageops::rotate180(src),
        Transpose::Rotate270 => imageops::rotate270(src),
        // What Lucee's transforms do to a square image: `diagonal` mirrors across the diagonal
        // from the top right to the bottom left corner, `antidiagonal` across the other one.
        Transpose::Diagonal => {
            RgbaImage::from_fn(h, w, |x, y| *src.get_pixel(w - 1 - y, h - 1 - x))
        }
        Transpose::AntiDiagonal => RgbaImage::from_fn(h, w, |x, y| *src.get_pixel(y, x)),
    };
}

/// `imageRotate`: by `angle` degrees clockwise about the centre, on a canvas grown to hold the
/// whole rotated image (the corners black, or transparent in an image with alpha). Quarter
/// turns are exact.
pub(crate) fn rotate(p: &mut Picture, angle: f64, sampling: Sampling) -> CfResult<()> {
    let a = angle.rem_euclid(360.0);
    if a == 0.0 {
        return Ok(());
    }
    if a == 90.0 || a == 180.0 || a == 270.0 {
        let t = match a as u32 {
            90 => Transpose::Rotate90,
            180 => Transpose::Rotate180,
            _ => Transpose::Rotate270,
        };
        flip(p, t);
        return Ok(());
    }
    let rad = angle.to_radians();
    let (c, s) = (rad.cos(), rad.sin());
    let (w, h) = (f64::from(p.px.width()), f64::from(p.px.height()));
    let nw = (w * c.abs() + h * s.abs()).round();
    let nh = (h * c.abs() + w * s.abs()).round();
    let (nw_u, nh_u) = check_size(nw, nh, "imageRotate")?;
    let opaque = !p.kind.has_alpha();
    let src = &p.px;
    let out = RgbaImage::from_fn(nw_u, nh_u, |dx, dy| {
        let px = f64::from(dx) + 0.5 - nw / 2.0;
        let py = f64::from(dy) + 0.5 - nh / 2.0;
        let sx = px * c + py * s + w / 2.0;
        let sy = -px * s + py * c + h / 2.0;
        let pre = match sampling {
            Sampling::Nearest => premul_at(src, sx.floor() as i64, sy.floor() as i64),
            Sampling::Bilinear => bilinear(src, sx - 0.5, sy - 0.5),
            Sampling::Bicubic => bicubic(src, sx - 0.5, sy - 0.5),
        };
        unpremul(pre, opaque)
    });
    p.px = out;
    p.normalize();
    Ok(())
}

/// A pixel as premultiplied floats (0..1); outside the image transparent black.
fn premul_at(src: &RgbaImage, x: i64, y: i64) -> [f64; 4] {
    if x < 0 || y < 0 || x >= i64::from(src.width()) || y >= i64::from(src.height()) {
        return [0.0; 4];
    }
    let [r, g, b, a] = src.get_pixel(x as u32, y as u32).0;
    let a = f64::from(a) / 255.0;
    [
        f64::from(r) / 255.0 * a,
        f64::from(g) / 255.0 * a,
        f64::from(b) / 255.0 * a,
        a,
    ]
}

/// Back to 8-bit straight alpha; an opaque image shows what was sampled over black.
fn unpremul(v: [f64; 4], opaque: bool) -> Rgba<u8> {
    let to8 = |x: f64| (x * 255.0).round().clamp(0.0, 255.0) as u8;
    let a = v[3].clamp(0.0, 1.0);
    if opaque {
        return Rgba([to8(v[0]), to8(v[1]), to8(v[2]), 255]);
    }
    if a <= 0.0 {
        return Rgba([0, 0, 0, 0]);
    }
    Rgba([to8(v[0] / a), to8(v[1] / a), to8(v[2] / a), to8(a)])
}

fn bilinear(src: &RgbaImage, x: f64, y: f64) -> [f64; 4] {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (x0, y0) = (x0 as i64, y0 as i64);
    let mut out = [0.0; 4];
    for (ox, oy, wgt) in [
        (0, 0, (1.0 - fx) * (1.0 - fy)),
        (1, 0, fx * (1.0 - fy)),
        (0, 1, (1.0 - fx) * fy),
        (1, 1, fx * fy),
    ] {
        if wgt == 0.0 {
            continue;
        }
        let v = premul_at(src, x0 + ox, y0 + oy);
        for (o, c) in out.iter_mut().zip(v) {
            *o += c * wgt;
        }
    }
    out
}

/// Catmull-Rom weights for the four samples around a fraction `t`.
fn cubic_weights(t: f64) -> [f64; 4] {
    let (t2, t3) = (t * t, t * t * t);
    [
        0.5 * (-t3 + 2.0 * t2 - t),
        0.5 * (3.0 * t3 - 5.0 * t2 + 2.0),
        0.5 * (-3.0 * t3 + 4.0 * t2 + t),
        0.5 * (t3 - t2),
    ]
}

fn bicubic(src: &RgbaImage, x: f64, y: f64) -> [f64; 4] {
    let (x0, y0) = (x.floor(), y.floor());
    let (wx, wy) = (cubic_weights(x - x0), cubic_weights(y - y0));
    let (x0, y0) = (x0 as i64, y0 as i64);
    let mut out = [0.0; 4];
    for (j, wyj) in wy.iter().enumerate() {
        for (i, wxi) in wx.iter().enumerate() {
            let v = premul_at(src, x0 - 1 + i as i64, y0 - 1 + j as i64);
            for (o, c) in out.iter_mut().zip(v) {
                *o += c * wxi * wyj;
            }
        }
    }
    // Catmull-Rom overshoots; keep the colours within the alpha.
    let a = out[3].clamp(0.0, 1.0);
    [
        out[0].clamp(0.0, a),
        out[1].clamp(0.0, a),
        out[2].clamp(0.0, a),
        a,
    ]
}

/// `imageBlur`: the mean of the `n` × `n` pixels around each pixel (Lucee's box kernel). As
/// Java's convolution without edge handling, pixels the kernel does not fit around stay as
/// they are. Runs in time independent of `n` (running sums).
pub(crate) fn blur(p: &mut Picture, n: u32) {
    let (w, h) = (p.px.width() as usize, p.px.height() as usize);
    let n = n as usize;
    if n < 2 || w < n || h < n {
        return;
    }
    let o = (n - 1) / 2;
    let src = p.px.clone();
    let raw = src.as_raw();
    // The sums of the n pixels of row `y` ending at x - o + n - 1, for each valid x.
    let row_sums = |y: usize| -> Vec<[u32; 4]> {
        let mut out = vec![[0u32; 4]; w];
        let row = &raw[y * w * 4..(y + 1) * w * 4];
        let mut acc = [0u32; 4];
        for x in 0..w {
            for c in 0..4 {
                acc[c] += u32::from(row[x * 4 + c]);
                if x >= n {
                    acc[c] -= u32::from(row[(x - n) * 4 + c]);
                }
            }
            if x + 1 >= n {
                // The window x + 1 - n ..= x, centred (as Java's kernel origin) on x + 1 - n + o.
                out[x + 1 - n + o] = acc;
            }
        }
        out
    };
    let nn = (n * n) as u32;
    let mut acc = vec![[0u32; 4]; w];
    for k in 0..n {
        for (a, r) in acc.iter_mut().zip(row_sums(k)) {
            for c in 0..4 {
                a[c] += r[c];
            }
        }
    }
    for y in o..=(h - n + o) {
        for (x, sums) in acc.iter().enumerate().take(w - n + o + 1).skip(o) {
            let mut px = [0u8; 4];
            for (v, s) in px.iter_mut().zip(sums) {
                *v = ((s + nn / 2) / nn).min(255) as u8;
            }
            p.px.put_pixel(x as u32, y as u32, Rgba(px));
        }
        if y < h - n + o {
            let (old, new) = (row_sums(y - o), row_sums(y - o + n));
            for ((a, r_old), r_new) in acc.iter_mut().zip(old).zip(new) {
                for c in 0..4 {
                    a[c] = a[c] + r_new[c] - r_old[c];
                }
            }
        }
    }
}

/// `imageGrayscale`: the image becomes a grey one (Java's 8-bit grey), transparent parts
/// showing black as they do when Java draws them onto a new grey image.
pub(crate) fn grayscale(p: &mut Picture) {
    for px in p.px.pixels_mut() {
        let [r, g, b, a] = px.0;
        let l = (u32::from(luma(r, g, b)) * u32::from(a) + 127) / 255;
        let l = l.min(255) as u8;
        *px = Rgba([l, l, l, 255]);
    }
    p.kind = Kind::Gray;
    p.packed = false;
    p.bits = 8;
}

/// `imageNegative`: every colour channel inverted, alpha kept.
pub(crate) fn negative(p: &mut Picture) {
    for px in p.px.pixels_mut() {
        let [r, g, b, a] = px.0;
        *px = Rgba([255 - r, 255 - g, 255 - b, a]);
    }
}

/// How `imageDrawText` draws (its `attributeCollection`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextStyle {
    /// The font size in pixels (Lucee's default: 10).
    pub size: f64,
    pub bold: bool,
    pub italic: bool,
    pub underline: bool,
    pub strikethrough: bool,
}

/// The 8×8 glyph of a character (`?` for one the font lacks).
fn glyph(c: char) -> [u8; 8] {
    use font8x8::legacy::{BASIC_LEGACY, LATIN_LEGACY};
    let code = c as usize;
    let g = match code {
        0..=127 => BASIC_LEGACY.get(code).copied(),
        0xA0..=0xFF => LATIN_LEGACY.get(code - 0xA0).copied(),
        _ => None,
    };
    g.or_else(|| BASIC_LEGACY.get(usize::from(b'?')).copied())
        .unwrap_or([0; 8])
}

/// `imageDrawText`: `text` in the drawing colour, its baseline at `y`, starting at `x`, in Rime's
/// built-in bitmap font (8×8 glyphs scaled to the size; Lucee draws with a system font).
pub(crate) fn draw_text(p: &mut Picture, text: &str, x: i64, y: i64, style: TextStyle) {
    let color = p.color;
    let size = style.size.clamp(1.0, 100_000.0);
    let scale = size / 8.0;
    let cell = (8.0 * scale).round().max(1.0) as i64;
    let ascent = (7.0 * scale).round() as i64;
    let top = y - ascent;
    let (w, h) = (i64::from(p.px.width()), i64::from(p.px.height()));
    let bold = if style.bold {
        (scale / 2.0).ceil().max(1.0) as i64
    } else {
        0
    };
    let mut pen = x;
    for ch in text.chars() {
        if pen >= w + cell {
            break;
        }
        if ch.is_whitespace() && ch != ' ' {
            continue;
        }
        let g = glyph(ch);
        // The cell's rows that lie inside the image.
        for cy in (-top).clamp(0, cell)..cell {
            let dy = top + cy;
            if dy < 0 {
                continue;
            }
            if dy >= h {
                break;
            }
            let bits = g[((cy * 8) / cell).clamp(0, 7) as usize];
            if bits == 0 {
                continue;
            }
            // Italic: rows lean right the higher they are (a shear of 1/5).
            let lean = if style.italic {
                ((ascent - cy) as f64 * 0.2).round() as i64
            } else {
                0
            };
            let x0 = pen + lean;
            let first = (-x0).max(0);
            let last = (w - x0).min(cell + bold);
            for cx in first..last {
                let on = |cx: i64| {
                    (0..cell).contains(&cx) && bits >> ((cx * 8) / cell).clamp(0, 7) & 1 == 1
                };
                if (0..=bold).any(|b| on(cx - b)) {
                    plot(&mut p.px, x0 + cx, dy, color);
                }
            }
        }
        pen = pen.saturating_add(cell + bold);
    }
    let thick = (scale / 2.0).round().max(1.0) as i64;
    if pen <= x {
        p.normalize();
        return;
    }
    if style.underline {
        let uy = y + (scale).round().max(1.0) as i64;
        fill(&mut p.px, x, uy, pen - 1, uy + thick - 1, color);
    }
    if style.strikethrough {
        let sy = y - (3.0 * scale).round() as i64;
        fill(&mut p.px, x, sy, pen - 1, sy + thick - 1, color);
    }
    p.normalize();
}
