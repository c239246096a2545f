//! The image value: [`Picture`] (the pixels, what kind of image they are, the format and file
//! they came from, the drawing colour) behind a mutex, held by [`ImageObj`], the
//! `NativeObject` a CFML variable holds (`Value::Native`). The functions that change an image
//! change that object, as Lucee's do, so every variable holding it sees the change.
//!
//! Also here: reading an image from bytes (format sniffed from the content, size checked before
//! the pixels are allocated, EXIF orientation applied as Lucee does) and writing it in a format,
//! and `imageInfo`'s struct.

use super::color;
use image::{DynamicImage, ImageFormat, ImageReader, Limits, Rgba, RgbaImage};
use parking_lot::Mutex;
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Native, NativeObject, Struct, Value};
use std::io::Cursor;
use std::path::PathBuf;
use std::sync::Arc;

/// The largest image made or read, in pixels (width × height): 100 megapixels, 400 MB of
/// pixels. Anything larger is refused before its memory is asked for.
pub(crate) const MAX_PIXELS: u64 = 100_000_000;

/// The class Lucee's image values have (`getMetadata(img)`, error messages).
pub(crate) const CLASS: &str = "org.lucee.extension.image.Image";

/// What the pixels are, as Java's image types tell it (`imageInfo().colormodel`): Rime keeps
/// every image as 8-bit RGBA and holds the kind to keep it (a grey image stays grey after
/// drawing, an opaque one opaque) and to write it back in kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Rgb,
    Rgba,
    Gray,
    GrayAlpha,
}

impl Kind {
    pub(crate) fn has_alpha(self) -> bool {
        matches!(self, Kind::Rgba | Kind::GrayAlpha)
    }
    fn is_gray(self) -> bool {
        matches!(self, Kind::Gray | Kind::GrayAlpha)
    }
}

/// The formats Rime reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    Png,
    Jpeg,
    Gif,
    Bmp,
    Webp,
}

/// Formats Lucee knows that Rime does not read or write (for a clearer error than "unknown").
const OTHER_FORMATS: &[&str] = &[
    "tiff", "tif", "ico", "psd", "wbmp", "jpeg2000", "heic", "heif", "pnm", "pgm", "pbm", "ppm",
    "pcx", "tga", "svg", "avif",
];

impl Format {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Jpeg => "jpeg",
            Format::Gif => "gif",
            Format::Bmp => "bmp",
            Format::Webp => "webp",
        }
    }

    pub(crate) fn mime(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::Gif => "image/gif",
            Format::Bmp => "image/bmp",
            Format::Webp => "image/webp",
        }
    }

    /// A format by name or file extension (`jpg`, `JPEG`, `png`...); None for any other.
    pub(crate) fn from_name(name: &str) -> Option<Format> {
        match name.trim().to_ascii_lowercase().as_str() {
            "png" => Some(Format::Png),
            "jpg" | "jpeg" | "jpe" => Some(Format::Jpeg),
            "gif" => Some(Format::Gif),
            "bmp" => Some(Format::Bmp),
            "webp" => Some(Format::Webp),
            _ => None,
        }
    }

    /// The format named by `name` (a `format` argument), or an error naming the ones Rime has.
    pub(crate) fn parse(name: &str) -> CfResult<Format> {
        Format::from_name(name).ok_or_else(|| {
            let n = name.trim().to_ascii_lowercase();
            let why = if OTHER_FORMATS.contains(&n.as_str()) {
                "is not supported by Rime"
            } else {
                "is unknown"
            };
            CfmlError::expression(format!(
                "the image format [{}] {why}; Rime reads and writes png, jpeg, gif, bmp and webp",
                name.trim()
            ))
        })
    }

    fn from_image_format(f: ImageFormat) -> Option<Format> {
        match f {
            ImageFormat::Png => Some(Format::Png),
            ImageFormat::Jpeg => Some(Format::Jpeg),
            ImageFormat::Gif => Some(Format::Gif),
            ImageFormat::Bmp => Some(Format::Bmp),
            ImageFormat::WebP => Some(Format::Webp),
            _ => None,
        }
    }

    fn image_format(self) -> ImageFormat {
        match self {
            Format::Png => ImageFormat::Png,
            Format::Jpeg => ImageFormat::Jpeg,
            Format::Gif => ImageFormat::Gif,
            Format::Bmp => ImageFormat::Bmp,
            Format::Webp => ImageFormat::WebP,
        }
    }
}

/// An image: its pixels and the state the drawing functions keep.
#[derive(Clone, Debug)]
pub(crate) struct Picture {
    /// Straight (not premultiplied) 8-bit RGBA, whatever the kind.
    pub px: RgbaImage,
    pub kind: Kind,
    /// Made by `imageNew` (Java's packed-int image types) rather than read from a file
    /// (`imageInfo().colormodel.colormodel_type`).
    pub packed: bool,
    /// Bits per channel of the file it was read from (16 for a 16-bit PNG; kept as 8 here).
    pub bits: u8,
    /// The format it was read in: what `imageWrite` without a known extension and
    /// `imageGetBlob` write.
    pub format: Option<Format>,
    /// The file it was read from (`imageInfo().source`, `imageWrite` without a destination).
    pub source: Option<PathBuf>,
    /// The drawing colour (`imageSetDrawingColor`); Java's default for a new graphics, white.
    pub color: Rgba<u8>,
}

/// A checked image size: at least 1×1, at most [`MAX_PIXELS`].
pub(crate) fn check_size(width: f64, height: f64, what: &str) -> CfResult<(u32, u32)> {
    if !(width.is_finite() && height.is_finite()) || width < 1.0 || height < 1.0 {
        return Err(CfmlError::expression(format!(
            "{what}: the image size [{} x {}] is invalid, width and height must be at least 1",
            rime_runtime::number::format(width.trunc()),
            rime_runtime::number::format(height.trunc())
        )));
    }
    let (w, h) = (width.trunc(), height.trunc());
    if w * h > MAX_PIXELS as f64 {
        return Err(CfmlError::expression(format!(
            "{what}: the image size [{} x {}] is too large, Rime handles images of at most {} \
             megapixels",
            rime_runtime::number::format(w),
            rime_runtime::number::format(h),
            MAX_PIXELS / 1_000_000
        )));
    }
    Ok((w as u32, h as u32))
}

impl Picture {
    /// A new image of `kind`, filled with `canvas` (black, or transparent for an image with
    /// alpha, without one), as `imageNew` makes it.
    pub(crate) fn blank(width: u32, height: u32, kind: Kind, canvas: Option<Rgba<u8>>) -> Picture {
        let fill = canvas.unwrap_or(if kind.has_alpha() {
            Rgba([0, 0, 0, 0])
        } else {
            Rgba([0, 0, 0, 255])
        });
        let mut p = Picture {
            px: RgbaImage::from_pixel(width, height, fill),
            kind,
            packed: kind != Kind::Gray,
            bits: 8,
            format: None,
            source: None,
            color: Rgba([255, 255, 255, 255]),
        };
        p.normalize();
        p
    }

    /// Read an image from the bytes of a file in one of the formats Rime knows, refusing a
    /// picture larger than [`MAX_PIXELS`] before decoding it.
    pub(crate) fn decode(bytes: &[u8], source: Option<PathBuf>) -> CfResult<Picture> {
        let not_image = || {
            CfmlError::application(match &source {
                Some(p) => format!(
                    "Unable to read image file [{}]: it is not an image in a format Rime reads \
                     (png, jpeg, gif, bmp, webp)",
                    crate::file::show(p)
                ),
                None => "Unable to read the image: the data is not an image in a format Rime \
                         reads (png, jpeg, gif, bmp, webp)"
                    .to_string(),
            })
        };
        let format = image::guess_format(bytes)
            .ok()
            .and_then(Format::from_image_format)
            .ok_or_else(not_image)?;
        let damaged = |e: image::ImageError| {
            CfmlError::application(match &source {
                Some(p) => format!(
                    "Unable to read image file [{}]: the {} data is damaged",
                    crate::file::show(p),
                    format.name()
                ),
                None => format!(
                    "Unable to read the image: the {} data is damaged",
                    format.name()
                ),
            })
            .with_detail(e.to_string())
        };
        let (w, h) = ImageReader::with_format(Cursor::new(bytes), format.image_format())
            .into_dimensions()
            .map_err(damaged)?;
        check_size(f64::from(w), f64::from(h), "imageRead")?;
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format.image_format());
        let mut limits = Limits::default();
        // The pixels at 16 bits a channel, and room for the decoder's own buffers.
        limits.max_alloc = Some(MAX_PIXELS * 8 + (64 << 20));
        reader.limits(limits);
        let mut decoder = reader.into_decoder().map_err(damaged)?;
        use image::ImageDecoder;
        let orientation = decoder.orientation().ok();
        let mut img = DynamicImage::from_decoder(decoder).map_err(damaged)?;
        if let Some(o) = orientation {
            img.apply_orientation(o);
        }
        let (kind, bits) = kind_of(&img);
        Ok(Picture {
            px: img.into_rgba8(),
            kind,
            packed: false,
            bits,
            format: Some(format),
            source,
            color: Rgba([255, 255, 255, 255]),
        })
    }

    /// The image in `format` (`quality` 0..1 for JPEG). An image with alpha written as JPEG
    /// or BMP loses it.
    pub(crate) fn encode(&self, format: Format, quality: f64) -> CfResult<Vec<u8>> {
        use image::codecs::{
            bmp::BmpEncoder, gif::GifEncoder, jpeg::JpegEncoder, png::PngEncoder, webp::WebPEncoder,
        };
        let rgba = DynamicImage::ImageRgba8(self.px.clone());
        let img = match (self.kind, format) {
            (Kind::Gray, _) => DynamicImage::ImageLuma8(rgba.to_luma8()),
            (Kind::GrayAlpha, Format::Jpeg | Format::Bmp) => {
                DynamicImage::ImageLuma8(rgba.to_luma8())
            }
            (Kind::GrayAlpha, _) => DynamicImage::ImageLumaA8(rgba.to_luma_alpha8()),
            (Kind::Rgb, _) | (Kind::Rgba, Format::Jpeg) => DynamicImage::ImageRgb8(rgba.to_rgb8()),
            (Kind::Rgba, _) => rgba,
        };
        let mut out = Vec::new();
        let r = match format {
            Format::Png => img.write_with_encoder(PngEncoder::new(&mut out)),
            Format::Jpeg => {
                let q = (quality * 100.0).round().clamp(1.0, 100.0) as u8;
                img.write_with_encoder(JpegEncoder::new_with_quality(&mut out, q))
            }
            Format::Gif => DynamicImage::ImageRgba8(img.to_rgba8())
                .write_with_encoder(GifEncoder::new(&mut out)),
            Format::Bmp => {
                let img = match img {
                    DynamicImage::ImageLumaA8(_) => DynamicImage::ImageLuma8(img.to_luma8()),
                    other => other,
                };
                img.write_with_encoder(BmpEncoder::new(&mut out))
            }
            Format::Webp => img.write_with_encoder(WebPEncoder::new_lossless(&mut out)),
        };
        r.map_err(|e| {
            CfmlError::application(format!("can't write the image as {}", format.name()))
                .with_detail(e.to_string())
        })?;
        Ok(out)
    }

    /// Keep the pixels to the kind after an operation that may have left them otherwise:
    /// grey images stay grey, images without alpha opaque.
    pub(crate) fn normalize(&mut self) {
        let kind = self.kind;
        if kind == Kind::Rgba {
            return;
        }
        for p in self.px.pixels_mut() {
            if kind.is_gray() {
                let [r, g, b, _] = p.0;
                let l = luma(r, g, b);
                p.0[0] = l;
                p.0[1] = l;
                p.0[2] = l;
            }
            if !kind.has_alpha() {
                p.0[3] = 255;
            }
        }
    }

    /// `imageInfo(image)`: the size, the file it came from and the colour model, with Lucee's
    /// keys (`colormodel` as Java's `ColorModel` describes the kind of image).
    pub(crate) fn info(&self) -> Struct {
        let s = Struct::new();
        s.set_str("height", Value::Num(f64::from(self.px.height())));
        s.set_str("width", Value::Num(f64::from(self.px.width())));
        s.set_str(
            "source",
            Value::from(
                self.source
                    .as_deref()
                    .map(crate::file::show)
                    .unwrap_or_default(),
            ),
        );
        let cm = Struct::new();
        let alpha = self.kind.has_alpha();
        let color_components: u8 = if self.kind.is_gray() { 1 } else { 3 };
        let components = color_components + u8::from(alpha);
        let bits = if self.packed { 8 } else { self.bits };
        cm.set_str("alpha_channel_support", Value::Bool(alpha));
        cm.set_str("alpha_premultiplied", Value::Bool(false));
        cm.set_str(
            "transparency",
            Value::from(if alpha { "TRANSLUCENT" } else { "OPAQUE" }),
        );
        let pixel_size = if self.packed && self.kind == Kind::Rgb {
            24
        } else {
            u32::from(components) * u32::from(bits)
        };
        cm.set_str("pixel_size", Value::Num(f64::from(pixel_size)));
        cm.set_str("num_components", Value::Num(f64::from(components)));
        cm.set_str(
            "num_color_components",
            Value::Num(f64::from(color_components)),
        );
        cm.set_str(
            "colorspace",
            Value::from(if self.kind.is_gray() {
                "Any of the family of GRAY color spaces"
            } else {
                "Any of the family of RGB color spaces"
            }),
        );
        let per: Vec<Value> = (0..components)
            .map(|_| Value::Num(f64::from(bits)))
            .collect();
        for (i, v) in per.iter().enumerate() {
            cm.set_str(&format!("bits_component_{}", i + 1), v.clone());
        }
        cm.set_str("bits_component", Value::Array(Array::from_vec(per)));
        cm.set_str(
            "colormodel_type",
            Value::from(if self.packed {
                "PackedColorModel"
            } else {
                "ComponentColorModel"
            }),
        );
        s.set_str("colormodel", Value::Struct(cm));
        s
    }

    /// What Lucee's image casts to as a string: an `<img>` tag with the image inline (PNG).
    fn img_tag(&self) -> Option<String> {
        use base64::Engine;
        let png = self.encode(Format::Png, 1.0).ok()?;
        Some(format!(
            "<img src=\"data:image/png;base64,{}\">",
            base64::engine::general_purpose::STANDARD.encode(png)
        ))
    }
}

/// The luminance of an sRGB colour (Rec. 709 weights, as the `image` crate computes it).
pub(crate) fn luma(r: u8, g: u8, b: u8) -> u8 {
    let l = 0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b);
    l.round().clamp(0.0, 255.0) as u8
}

fn kind_of(img: &DynamicImage) -> (Kind, u8) {
    use image::ColorType::*;
    match img.color() {
        L8 => (Kind::Gray, 8),
        L16 => (Kind::Gray, 16),
        La8 => (Kind::GrayAlpha, 8),
        La16 => (Kind::GrayAlpha, 16),
        Rgb8 => (Kind::Rgb, 8),
        Rgb16 | Rgb32F => (Kind::Rgb, 16),
        Rgba16 | Rgba32F => (Kind::Rgba, 16),
        _ => (Kind::Rgba, 8),
    }
}

/// A picture shared by every variable that holds the image.
pub(crate) type Shared = Arc<Mutex<Picture>>;

/// The `NativeObject` of an image value. Its methods are the image's member functions
/// (`img.resize(100, 50)`), which `super::call_member` runs through the builtins; its fields are
/// `imageInfo`'s keys (`img.width`), as Lucee's image is a struct of them.
#[derive(Debug)]
pub(crate) struct ImageObj {
    cell: Shared,
}

/// Whether a value is an image (`isImage`).
pub(crate) fn is_image(v: &Value) -> bool {
    matches!(v, Value::Native(n) if n.get().class_name() == CLASS)
}

/// The picture of an image value; None for any other value.
pub(crate) fn shared_of(v: &Value) -> Option<Shared> {
    let Value::Native(n) = v else {
        return None;
    };
    n.get()
        .as_any()
        .and_then(|o| o.downcast_ref::<ImageObj>())
        .map(|o| o.cell.clone())
}

/// A new image value holding `p`.
pub(crate) fn value_of(p: Picture) -> Value {
    Value::Native(Native::new(ImageObj {
        cell: Arc::new(Mutex::new(p)),
    }))
}

impl NativeObject for ImageObj {
    fn class_name(&self) -> &str {
        CLASS
    }

    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        super::call_member(this, ctx, name, args)
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn field(&self, name: &str) -> Option<Value> {
        let info = self.cell.lock().info();
        info.get(name)
    }

    fn to_text(&self) -> Option<String> {
        self.cell.lock().img_tag()
    }
}

/// The drawing colour named by `text` (see `color.rs`).
pub(crate) fn parse_color(text: &str) -> CfResult<Rgba<u8>> {
    color::parse(text)
}
