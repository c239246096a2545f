//! Image functions, as Lucee's image extension has them: `imageNew`, `imageRead`,
//! `imageWrite`, `imageResize`, `imageScaleToFit`, `imageCrop`, `imageRotate`, `imageFlip`,
//! `imageInfo`, `imageGetWidth`/`Height`, `imageGetBlob`, `imageWriteBase64`,
//! `imageReadBase64`, `imageDrawLine`, `imageDrawRect`, `imageDrawText`,
//! `imageSetDrawingColor`, `imagePaste`, `imageBlur`, `imageGrayscale`, `imageNegative`,
//! `isImage` and `isImageFile`, on the pure-Rust `image` crate (png, jpeg, gif, bmp, webp).
//!
//! An image is a `Value::Native` ([`picture::ImageObj`]) over a shared, locked [`Picture`]. The
//! functions that change an image in Lucee (resize, crop, rotate, flip, the drawing ones, blur,
//! grey scale, negative, paste, setDrawingColor) change that object in place and return
//! nothing; as member functions (`img.resize(100, 50)`, listed in [`MEMBERS`]) they run the
//! same builtin with the image first and return the image, for chaining. Where a function
//! takes an image, a path, a URL, binary data or a base64 string (a `data:` URL or not) also
//! does, read into a new image as Lucee's `toImage` does.
//!
//! Paths resolve as every file function's (`crate::file::resolve`: relative to the template,
//! `ram://`, the file sandbox). Sizes are checked before pixels are allocated (at most
//! [`picture::MAX_PIXELS`]); bad arguments are `expression` errors in Lucee's wording, files that
//! are not images `application` errors.
//!
//! `ops.rs` holds the pixel work, `picture.rs` the value and its codecs, `color.rs` colour
//! names.

mod color;
mod ops;
mod picture;
mod tag;
#[cfg(test)]
mod tests;

pub use tag::image_tag;

use crate::file::{app_err, io_err, resolve, show};
use crate::string::util::arg_error;
use base64::Engine;
use ops::{Sampling, TextStyle, Transpose};
use parking_lot::Mutex;
use picture::{check_size, is_image, shared_of, value_of, Format, Kind, Picture, Shared};
use rime_runtime::{
    def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, Native, Struct, Value,
};
use std::path::Path;
use std::sync::Arc;

/// The image argument, which Lucee names `image` and also takes as `name`.
const IMAGE: rime_runtime::ParamDef = req("image").alias(&["name"]);

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "imageNew",
        &[
            opt("source"),
            opt("width"),
            opt("height"),
            opt("imageType").alias(&["type"]),
            opt("canvasColor"),
        ],
        image_new,
    ),
    def("imageRead", &[req("path").alias(&["source"])], image_read),
    def(
        "imageWrite",
        &[
            IMAGE,
            opt("destination"),
            opt("quality"),
            opt("overwrite"),
            opt("noMetaData"),
        ],
        image_write,
    ),
    def(
        "imageResize",
        &[
            IMAGE,
            req("width"),
            opt("height"),
            opt("interpolation"),
            opt("blurFactor"),
        ],
        image_resize,
    ),
    def(
        "imageScaleToFit",
        &[
            IMAGE,
            req("fitWidth"),
            req("fitHeight"),
            opt("interpolation"),
            opt("blurFactor"),
        ],
        image_scale_to_fit,
    ),
    def(
        "imageCrop",
        &[IMAGE, req("x"), req("y"), req("width"), req("height")],
        image_crop,
    ),
    def(
        "imageRotate",
        &[
            IMAGE,
            opt("x"),
            opt("y"),
            opt("angle"),
            opt("interpolation"),
        ],
        image_rotate,
    ),
    def("imageFlip", &[IMAGE, opt("transpose")], image_flip),
    def("imageInfo", &[opt("image").alias(&["name"])], image_info),
    def("imageGetWidth", &[IMAGE], |ctx, a| {
        let s = image_arg(ctx, a, 0)?;
        let w = s.lock().px.width();
        Ok(Value::Num(f64::from(w)))
    }),
    def("imageGetHeight", &[IMAGE], |ctx, a| {
        let s = image_arg(ctx, a, 0)?;
        let h = s.lock().px.height();
        Ok(Value::Num(f64::from(h)))
    }),
    def(
        "imageGetBlob",
        &[req("image").alias(&["source", "name"])],
        image_get_blob,
    ),
    def(
        "imageWriteBase64",
        &[
            IMAGE,
            req("destination"),
            req("format"),
            opt("inHTMLFormat"),
        ],
        image_write_base64,
    ),
    def(
        "imageReadBase64",
        &[req("string").alias(&["b64str", "data"])],
        image_read_base64,
    ),
    def(
        "imageDrawLine",
        &[IMAGE, req("x1"), req("y1"), req("x2"), req("y2")],
        image_draw_line,
    ),
    def(
        "imageDrawRect",
        &[
            IMAGE,
            req("x"),
            req("y"),
            req("width"),
            req("height"),
            opt("filled"),
        ],
        image_draw_rect,
    ),
    def(
        "imageDrawText",
        &[
            IMAGE,
            req("string").alias(&["str", "text"]),
            req("x"),
            req("y"),
            opt("attributeCollection"),
        ],
        image_draw_text,
    ),
    def(
        "imageSetDrawingColor",
        &[IMAGE, req("color").alias(&["colour"])],
        image_set_drawing_color,
    ),
    def(
        "imagePaste",
        &[req("image1"), req("image2"), opt("x"), opt("y")],
        image_paste,
    ),
    def("imageBlur", &[IMAGE, opt("blurRadius")], image_blur),
    def("imageGrayscale", &[IMAGE], |ctx, a| {
        mutate(ctx, a, |p| {
            ops::grayscale(p);
            Ok(())
        })
    }),
    def("imageNegative", &[IMAGE], |ctx, a| {
        mutate(ctx, a, |p| {
            ops::negative(p);
            Ok(())
        })
    }),
    def(
        "isImage",
        &[req("image").alias(&["value", "object", "name"])],
        |_, a| Ok(Value::Bool(is_image(a.val(0)?))),
    ),
    def(
        "isImageFile",
        &[req("path").alias(&["value", "file"])],
        is_image_file,
    ),
];

/// The member functions of an image: (member name, builtin, returns the image), as Lucee's
/// image extension declares them (`member-chaining` for the ones that change the image).
pub(crate) const MEMBERS: &[(&str, &str, bool)] = &[
    ("blur", "imageBlur", true),
    ("crop", "imageCrop", true),
    ("drawLine", "imageDrawLine", true),
    ("drawRect", "imageDrawRect", true),
    ("drawText", "imageDrawText", true),
    ("flip", "imageFlip", true),
    ("getBlob", "imageGetBlob", false),
    ("getHeight", "imageGetHeight", false),
    ("getWidth", "imageGetWidth", false),
    ("grayscale", "imageGrayscale", true),
    ("info", "imageInfo", false),
    ("negative", "imageNegative", true),
    ("paste", "imagePaste", true),
    ("resize", "imageResize", true),
    ("rotate", "imageRotate", true),
    ("scaleToFit", "imageScaleToFit", true),
    ("setDrawingColor", "imageSetDrawingColor", true),
    ("write", "imageWrite", true),
    ("writeBase64", "imageWriteBase64", false),
];

/// `img.name(args)`: the builtin the member stands for, with the image as its first argument,
/// its arity checked as the VM checks a builtin's.
pub(crate) fn call_member(
    this: &Native,
    ctx: &mut dyn Ctx,
    name: &str,
    args: Vec<Value>,
) -> CfResult<Value> {
    let found = MEMBERS
        .iter()
        .find(|(m, _, _)| m.eq_ignore_ascii_case(name))
        .and_then(|(_, f, chain)| FUNCTIONS.iter().find(|d| d.name == *f).map(|d| (d, *chain)));
    let Some((def, chain)) = found else {
        return Err(CfmlError::expression(format!(
            "No matching member function [{name}] found for type [image]"
        )));
    };
    let mut values = Vec::with_capacity(args.len() + 1);
    values.push(Some(Value::Native(this.clone())));
    values.extend(args.into_iter().map(Some));
    def.check_arity(&values)?;
    let r = (def.func)(ctx, &Args::new(def.name, values))?;
    Ok(if chain {
        Value::Native(this.clone())
    } else {
        r
    })
}

// ---------------------------------------------------------------------------------------------
// Images from arguments
// ---------------------------------------------------------------------------------------------

/// The image argument `i`: the image itself, or one read from what the argument names.
fn image_arg(ctx: &mut dyn Ctx, a: &Args, i: usize) -> CfResult<Shared> {
    let v = a.val(i)?;
    if let Some(s) = shared_of(v) {
        return Ok(s);
    }
    Ok(Arc::new(Mutex::new(load(ctx, v)?)))
}

/// An image read from a value that is not one: binary data, or a string naming a file, a URL
/// or holding base64 data.
fn load(ctx: &mut dyn Ctx, v: &Value) -> CfResult<Picture> {
    match v {
        Value::Binary(b) => Picture::decode(b, None),
        v if v.is_simple() => load_source(ctx, &v.to_str()?),
        other => Err(CfmlError::expression(format!(
            "Can't cast Object type [{}] to a value of type [Image]",
            other.type_title()
        ))),
    }
}

/// A copy of an image value (`imageNew(img)`, `imageRead(img)`), or an image read from
/// anything else.
fn image_copy(ctx: &mut dyn Ctx, v: &Value) -> CfResult<Picture> {
    match shared_of(v) {
        Some(s) => Ok(s.lock().clone()),
        None => load(ctx, v),
    }
}

/// As Lucee's image reads a string: a URL, else an existing file (a string shorter than 4000
/// characters), else base64 data (with or without a `data:image/...;base64,` head). The error
/// is the file's when the string is neither.
fn load_source(ctx: &mut dyn Ctx, text: &str) -> CfResult<Picture> {
    let t = text.trim();
    if t.is_empty() {
        return Err(CfmlError::expression("the image source is empty"));
    }
    let head = t.get(..8).unwrap_or(t).to_ascii_lowercase();
    if head.starts_with("http://") || head.starts_with("https://") {
        return fetch_url(ctx, t);
    }
    let mut file_err = None;
    if t.len() < 4000 && !head.starts_with("data:") {
        match resolve(ctx, t) {
            Ok(p) if p.is_file() => return read_file(&p),
            Ok(p) if p.is_dir() => {
                file_err = Some(app_err(format!(
                    "[{}] is a directory, not an image file",
                    show(&p)
                )))
            }
            Ok(_) => {
                file_err = Some(CfmlError::expression(format!(
                    "file or directory [{t}] does not exist"
                )))
            }
            // Base64 data may look like an absolute path (a JPEG's starts with `/9j/`).
            Err(e) => file_err = Some(e),
        }
    }
    match base64_bytes(t) {
        Some(bytes) => Picture::decode(&bytes, None).map_err(|e| file_err.unwrap_or(e)),
        None => Err(file_err
            .unwrap_or_else(|| CfmlError::expression("Unable to decode image from base64 string"))),
    }
}

/// The bytes of base64 text (a `data:` URL's payload, or the whole string); None when the text
/// is not base64.
fn base64_bytes(t: &str) -> Option<Vec<u8>> {
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
    let payload = match t.find("base64,") {
        Some(i) => t.get(i + 7..)?,
        None => t,
    };
    let clean: String = payload.chars().filter(|c| !c.is_whitespace()).collect();
    if clean.is_empty()
        || !clean
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'-' | b'_'))
    {
        return None;
    }
    let bare = clean.trim_end_matches('=');
    STANDARD
        .decode(&clean)
        .or_else(|_| STANDARD_NO_PAD.decode(bare))
        .or_else(|_| URL_SAFE.decode(&clean))
        .or_else(|_| URL_SAFE_NO_PAD.decode(bare))
        .ok()
}

/// An image file from disk (at most as large as a file `fileReadBinary` reads).
fn read_file(p: &Path) -> CfResult<Picture> {
    let meta = std::fs::metadata(p).map_err(|e| io_err("Can't read file", p, &e))?;
    if meta.len() > crate::array::MAX_STRING as u64 {
        return Err(app_err(format!(
            "File [{}] is too large to read as an image ({} bytes)",
            show(p),
            meta.len()
        )));
    }
    let bytes = std::fs::read(p).map_err(|e| io_err("Can't read file", p, &e))?;
    Picture::decode(&bytes, Some(p.to_path_buf()))
}

/// An image from an http(s) URL, fetched as `<cfhttp>` fetches (errors raised).
fn fetch_url(ctx: &mut dyn Ctx, url: &str) -> CfResult<Picture> {
    let attrs = Struct::new();
    attrs.set_str("url", Value::from(url));
    attrs.set_str("method", Value::from("GET"));
    attrs.set_str("getAsBinary", Value::from("yes"));
    attrs.set_str("throwOnError", Value::Bool(true));
    let mut out = None;
    ctx.blocking(&mut || out = Some(crate::http::execute(&attrs, &[])));
    let result = out.unwrap_or_else(|| Err(app_err("the image could not be fetched")))?;
    match result.get("fileContent") {
        Some(Value::Binary(b)) => Picture::decode(&b, None),
        _ => Err(app_err(format!("[{url}] returned no image data"))),
    }
}

/// Run `f` on the image argument's picture, in place; the builtin returns nothing.
fn mutate(
    ctx: &mut dyn Ctx,
    a: &Args,
    f: impl FnOnce(&mut Picture) -> CfResult<()>,
) -> CfResult<Value> {
    let s = image_arg(ctx, a, 0)?;
    let mut p = s.lock();
    f(&mut p)?;
    Ok(Value::Null)
}

/// An optional argument as text; None when missing, null or blank.
fn text_arg(a: &Args, i: usize) -> CfResult<Option<String>> {
    Ok(match a.get(i) {
        Some(v) => {
            let s = v.to_str()?.trim().to_string();
            (!s.is_empty()).then_some(s)
        }
        None => None,
    })
}

fn number(s: &str) -> CfResult<f64> {
    rime_runtime::number::parse(s.trim()).ok_or_else(|| {
        CfmlError::expression(format!(
            "Can't cast String [{s}] to a value of type [number]"
        ))
    })
}

// ---------------------------------------------------------------------------------------------
// The builtins
// ---------------------------------------------------------------------------------------------

/// `imageNew([source, width, height, imageType, canvasColor])`: a copy of an image, an image
/// read from a source, or a new one of `width` × `height` (`rgb`, `argb` or `grayscale`),
/// black (transparent for `argb`) or of the canvas colour.
fn image_new(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let source = a
        .get(0)
        .filter(|v| !matches!(v, Value::Str(s) if s.is_empty()));
    let (width, height) = (text_arg(a, 1)?, text_arg(a, 2)?);
    if width.is_none() && height.is_none() {
        return match source {
            Some(v) => Ok(value_of(image_copy(ctx, v)?)),
            None => Err(CfmlError::expression(
                "imageNew needs a source, or a width and a height: Rime has no empty images",
            )),
        };
    }
    let width = width.ok_or_else(|| arg_error(a.fname, 2, "width", "missing argument"))?;
    let height = height.ok_or_else(|| arg_error(a.fname, 3, "height", "missing argument"))?;
    if source.is_some() {
        return Err(arg_error(
            a.fname,
            1,
            "source",
            "if you define width and height, source has to be empty",
        ));
    }
    let kind = match text_arg(a, 3)?.map(|s| s.to_ascii_lowercase()).as_deref() {
        None | Some("rgb") => Kind::Rgb,
        Some("argb") => Kind::Rgba,
        Some("gray" | "grayscale") => Kind::Gray,
        Some(other) => {
            return Err(arg_error(
                a.fname,
                4,
                "imageType",
                format!(
                "imageType has an invalid value [{other}], valid values are [rgb,argb,grayscale]"
            ),
            ))
        }
    };
    let canvas = text_arg(a, 4)?
        .map(|c| picture::parse_color(&c))
        .transpose()?;
    let (w, h) = check_size(number(&width)?, number(&height)?, a.fname)?;
    Ok(value_of(Picture::blank(w, h, kind, canvas)))
}

/// `imageRead(path)`: an image from a file (or a URL, or base64 data); a copy of an image.
fn image_read(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let v = a.val(0)?;
    Ok(value_of(image_copy(ctx, v)?))
}

/// `imageWrite(image [, destination, quality=0.75, overwrite=true, noMetaData])`: the image to
/// a file, in the format of its extension (or the format it was read in); without a
/// destination, back to the file it was read from (an image that has none: nothing is
/// written, as in Lucee). Rime writes no metadata either way.
fn image_write(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = image_arg(ctx, a, 0)?;
    let quality = a.num_or(2, 0.75)?;
    if !(0.0..=1.0).contains(&quality) {
        return Err(arg_error(
            a.fname,
            3,
            "quality",
            "value have to be between 0 and 1",
        ));
    }
    let overwrite = a.bool_or(3, true)?;
    let dest = match text_arg(a, 1)? {
        Some(d) => Some(resolve(ctx, &d)?),
        None => s.lock().source.clone(),
    };
    let Some(dest) = dest else {
        return Ok(Value::Null);
    };
    write_image(&s, &dest, overwrite, quality)?;
    Ok(Value::Null)
}

/// Write an image to `dest` in the format of its extension (or the one it was read in), as
/// `imageWrite` and `<cfimage action="write">` do.
fn write_image(s: &Shared, dest: &Path, overwrite: bool, quality: f64) -> CfResult<()> {
    let by_extension = dest
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_name);
    let format = match by_extension.or(s.lock().format) {
        Some(f) => f,
        None => {
            return Err(app_err(format!(
                "could not find a format for [{}]",
                show(dest)
            )))
        }
    };
    if let Some(parent) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(app_err(format!(
                "destination folder [ {} ] doesn't exist",
                show(parent)
            )));
        }
    }
    if dest.exists() && !overwrite {
        return Err(app_err(format!(
            "can't overwrite existing image [{}]",
            show(dest)
        )));
    }
    let bytes = s.lock().encode(format, quality)?;
    std::fs::write(dest, bytes).map_err(|e| io_err("Can't write image file", dest, &e))
}

/// A new width or height as Lucee reads one: blank for "keep the proportions", `50%`, or a
/// positive number of pixels.
fn dimension(label: &str, v: Option<String>, original: u32) -> CfResult<Option<f64>> {
    let Some(s) = v else {
        return Ok(None);
    };
    if let Some(pct) = s.strip_suffix('%') {
        return Ok(Some(f64::from(original) * number(pct)? / 100.0));
    }
    let d = number(&s)?;
    if d <= 0.0 {
        return Err(CfmlError::expression(format!(
            "{label} has to be a none negative number"
        )));
    }
    Ok(Some(d))
}

/// The interpolation and blur factor arguments of `imageResize` and `imageScaleToFit`.
fn resampling(a: &Args, at: usize) -> CfResult<(image::imageops::FilterType, f64)> {
    let name = text_arg(a, at)?.unwrap_or_else(|| "automatic".to_string());
    let filter = ops::filter_of(&name).ok_or_else(|| {
        CfmlError::expression(format!(
            "interpolation definition [{}] is invalid",
            name.to_ascii_lowercase()
        ))
    })?;
    let blur = a.num_or(at + 1, 1.0)?;
    if !(0.0..=10.0).contains(&blur) {
        return Err(CfmlError::expression(format!(
            "argument [blurFactor] must be between 0 and 10, was [{}]",
            rime_runtime::number::format(blur)
        )));
    }
    Ok((filter, blur))
}

/// Resize to `width` × `height`, either blank for "in proportion to the other".
fn resize_to(
    p: &mut Picture,
    width: Option<String>,
    height: Option<String>,
    filter: image::imageops::FilterType,
    blur: f64,
    fname: &str,
) -> CfResult<()> {
    let (w0, h0) = p.px.dimensions();
    let w = dimension("width", width, w0)?;
    let h = dimension("height", height, h0)?;
    // Java truncates the dimensions to whole pixels, then rounds the proportional one.
    let (w, h) = match (w.map(f64::trunc), h.map(f64::trunc)) {
        (None, None) => {
            return Err(CfmlError::expression("you have to define width or height"));
        }
        (Some(w), Some(h)) => (w, h),
        (Some(w), None) => (w, (f64::from(h0) * (w / f64::from(w0))).round()),
        (None, Some(h)) => ((f64::from(w0) * (h / f64::from(h0))).round(), h),
    };
    let (w, h) = check_size(w, h, fname)?;
    ops::resize(p, w, h, filter, blur);
    Ok(())
}

/// `imageResize(image, width [, height, interpolation, blurFactor])`.
fn image_resize(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (width, height) = (text_arg(a, 1)?, text_arg(a, 2)?);
    let (filter, blur) = resampling(a, 3)?;
    mutate(ctx, a, |p| {
        resize_to(p, width, height, filter, blur, a.fname)
    })
}

/// `imageScaleToFit(image, fitWidth, fitHeight [, interpolation, blurFactor])`: the largest size
/// in proportion that fits the box (a blank side: fit the other one only).
fn image_scale_to_fit(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (fit_w, fit_h) = (text_arg(a, 1)?, text_arg(a, 2)?);
    let (filter, blur) = resampling(a, 3)?;
    mutate(ctx, a, |p| {
        let (w0, h0) = p.px.dimensions();
        let (w, h) = match (&fit_w, &fit_h) {
            (Some(fw), Some(fh)) => {
                if number(fw)? / f64::from(w0) < number(fh)? / f64::from(h0) {
                    (fit_w.clone(), None)
                } else {
                    (None, fit_h.clone())
                }
            }
            _ => (fit_w.clone(), fit_h.clone()),
        };
        resize_to(p, w, h, filter, blur, a.fname)
    })
}

/// The width and height arguments (4 and 5) of `imageCrop`/`imageDrawRect`, refused when negative
/// as Lucee refuses them.
fn non_negative_size(a: &Args, w: f64, h: f64) -> CfResult<()> {
    for (v, pos, name) in [(w, 4, "width"), (h, 5, "height")] {
        if v < 0.0 {
            return Err(arg_error(
                a.fname,
                pos,
                name,
                format!("{name} must contain a none negative value"),
            ));
        }
    }
    Ok(())
}

/// `imageCrop(image, x, y, width, height)`.
fn image_crop(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, y) = (a.num(1)?, a.num(2)?);
    let (w, h) = (a.num(3)?, a.num(4)?);
    non_negative_size(a, w, h)?;
    mutate(ctx, a, |p| {
        let (iw, ih) = p.px.dimensions();
        ops::crop(
            p,
            ops::coord(x),
            ops::coord(y),
            ops::coord(w),
            ops::coord(h),
        )
        .ok_or_else(|| {
            CfmlError::expression(format!(
                "the crop area [x={}, y={}, width={}, height={}] leaves nothing of the image \
                 [{iw} x {ih}]",
                ops::coord(x),
                ops::coord(y),
                ops::coord(w),
                ops::coord(h)
            ))
        })
    })
}

/// `imageRotate(image, [x, y,] angle [, interpolation])`: as Lucee reads its arguments, one
/// after the image is the angle, two are the angle and the interpolation, three or four are
/// `x, y, angle [, interpolation]`. Lucee rotates about the centre whatever `x` and `y` say,
/// and so does Rime.
fn image_rotate(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (angle, interpolation) = if a.get(3).is_some() {
        (a.num(3)?, text_arg(a, 4)?)
    } else if a.get(1).is_some() {
        let interp = match text_arg(a, 2)? {
            Some(i) => Some(i),
            None => text_arg(a, 4)?,
        };
        (a.num(1)?, interp)
    } else {
        return Err(arg_error(a.fname, 2, "angle", "missing argument"));
    };
    let sampling = match interpolation
        .unwrap_or_else(|| "nearest".to_string())
        .to_ascii_lowercase()
        .as_str()
    {
        "nearest" | "none" => Sampling::Nearest,
        "bilinear" => Sampling::Bilinear,
        "bicubic" => Sampling::Bicubic,
        other => {
            return Err(CfmlError::expression(format!(
                "invalid interpolation definition [{other}], valid values are [nearest,bilinear,bicubic]"
            )))
        }
    };
    if !angle.is_finite() {
        return Err(arg_error(a.fname, 4, "angle", "the angle must be a number"));
    }
    mutate(ctx, a, |p| ops::rotate(p, angle, sampling))
}

/// `imageFlip(image [, transpose=vertical])`.
fn image_flip(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = text_arg(a, 1)?.unwrap_or_else(|| "vertical".to_string());
    let t = match name.to_ascii_lowercase().as_str() {
        "vertical" => Transpose::Vertical,
        "horizontal" => Transpose::Horizontal,
        "diagonal" => Transpose::Diagonal,
        "antidiagonal" | "anti diagonal" | "anti-diagonal" | "anti_diagonal" => {
            Transpose::AntiDiagonal
        }
        "90" => Transpose::Rotate90,
        "180" => Transpose::Rotate180,
        "270" => Transpose::Rotate270,
        other => {
            return Err(arg_error(
                a.fname,
                2,
                "transpose",
                format!("invalid transpose definition [{other}], valid transpose values are [vertical,horizontal,diagonal,90,180,270]"),
            ))
        }
    };
    mutate(ctx, a, |p| {
        ops::flip(p, t);
        Ok(())
    })
}

/// `imageInfo(image)`; without an image, the version of the image support (as Lucee gives its
/// extension's).
fn image_info(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    if a.get(0).is_none() {
        let s = Struct::new();
        s.set_str("version", Value::from(env!("CARGO_PKG_VERSION")));
        return Ok(Value::Struct(s));
    }
    let s = image_arg(ctx, a, 0)?;
    let info = s.lock().info();
    Ok(Value::Struct(info))
}

/// `imageGetBlob(image)`: the image's bytes in the format it was read in (PNG for an image
/// made by `imageNew`, which Lucee refuses for want of a format).
fn image_get_blob(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = image_arg(ctx, a, 0)?;
    let p = s.lock();
    let bytes = p.encode(p.format.unwrap_or(Format::Png), 1.0)?;
    Ok(Value::Binary(Arc::new(bytes)))
}

/// `imageWriteBase64(image, destination, format [, inHTMLFormat=false])`: the image as base64
/// text in `format`, written to `destination` (or the file the image was read from) and
/// returned; `inHTMLFormat` puts a `data:image/...;base64,` head in front.
fn image_write_base64(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = image_arg(ctx, a, 0)?;
    let format = Format::parse(&a.str(2)?)?;
    let html = a.bool_or(3, false)?;
    let dest = match text_arg(a, 1)? {
        Some(d) => resolve(ctx, &d)?,
        None => s
            .lock()
            .source
            .clone()
            .ok_or_else(|| app_err("missing destination file"))?,
    };
    let bytes = s.lock().encode(format, 1.0)?;
    let mut content = base64::engine::general_purpose::STANDARD.encode(bytes);
    if html {
        content = format!("data:image/{};base64,{content}", format.name());
    }
    if let Some(parent) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(app_err(format!(
                "destination folder [ {} ] doesn't exist",
                show(parent)
            )));
        }
    }
    std::fs::write(&dest, content.as_bytes()).map_err(|e| io_err("Can't write file", &dest, &e))?;
    Ok(Value::from(content))
}

/// `imageReadBase64(string)`: an image from base64 text (a `data:` URL or not).
fn image_read_base64(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?;
    Ok(value_of(load_source(ctx, &s)?))
}

/// `imageDrawLine(image, x1, y1, x2, y2)` in the drawing colour.
fn image_draw_line(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let c: Vec<i64> = (1..=4)
        .map(|i| a.num(i).map(ops::coord))
        .collect::<CfResult<_>>()?;
    mutate(ctx, a, |p| {
        if let [x1, y1, x2, y2] = c.as_slice() {
            ops::draw_line(p, *x1, *y1, *x2, *y2);
        }
        Ok(())
    })
}

/// `imageDrawRect(image, x, y, width, height [, filled=false])` in the drawing colour.
fn image_draw_rect(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, y, w, h) = (a.num(1)?, a.num(2)?, a.num(3)?, a.num(4)?);
    non_negative_size(a, w, h)?;
    let filled = a.bool_or(5, false)?;
    mutate(ctx, a, |p| {
        ops::draw_rect(
            p,
            ops::coord(x),
            ops::coord(y),
            ops::coord(w),
            ops::coord(h),
            filled,
        );
        Ok(())
    })
}

/// `imageDrawText(image, string, x, y [, attributeCollection])`: `size` (10), `style` (plain,
/// bold, italic, bolditalic), `underline`, `strikethrough`; `font` is accepted and not used
/// (Rime has one built-in bitmap font).
fn image_draw_text(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let text = a.str(1)?.into_owned();
    let (x, y) = (ops::coord(a.num(2)?), ops::coord(a.num(3)?));
    let mut style = TextStyle {
        size: 10.0,
        bold: false,
        italic: false,
        underline: false,
        strikethrough: false,
    };
    if let Some(v) = a.get(4) {
        let Value::Struct(attrs) = v else {
            return Err(arg_error(
                a.fname,
                5,
                "attributeCollection",
                format!("can't cast {} to a struct", v.type_name()),
            ));
        };
        if let Some(size) = attrs.get("size").filter(|v| !v.is_null()) {
            style.size = size.to_num()?.trunc();
        }
        if let Some(st) = attrs.get_text("style")? {
            let st: String = st
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_ascii_lowercase();
            match st.as_str() {
                "" | "plain" => {}
                "bold" => style.bold = true,
                "italic" => style.italic = true,
                "bolditalic" | "bold,italic" | "italicbold" | "italic,bold" => {
                    style.bold = true;
                    style.italic = true;
                }
                other => {
                    return Err(CfmlError::expression(format!(
                        "key style of argument attributeCollection has an invalid value [{other}], valid values are [plain,bold,italic,bolditalic]"
                    )))
                }
            }
        }
        let flag = |k: &str| -> CfResult<bool> {
            match attrs.get(k).filter(|v| !v.is_null()) {
                Some(v) => v.to_bool(),
                None => Ok(false),
            }
        };
        style.underline = flag("underline")?;
        style.strikethrough = flag("strikethrough")?;
    }
    mutate(ctx, a, |p| {
        // Java draws nothing in a font of size 0 or less.
        if style.size >= 1.0 {
            ops::draw_text(p, &text, x, y, style);
        }
        Ok(())
    })
}

/// `imageSetDrawingColor(image, color)`: the colour the drawing functions use from now on.
fn image_set_drawing_color(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let color = picture::parse_color(&a.str(1)?)?;
    mutate(ctx, a, |p| {
        p.color = color;
        Ok(())
    })
}

/// `imagePaste(image1, image2 [, x=0, y=0])`: `image2` drawn onto `image1` at (x, y).
fn image_paste(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (x, y) = (ops::coord(a.num_or(2, 0.0)?), ops::coord(a.num_or(3, 0.0)?));
    let bottom = image_arg(ctx, a, 0)?;
    let top = image_arg(ctx, a, 1)?;
    // A copy of the top image's pixels first: the two may be one image.
    let pixels = top.lock().px.clone();
    ops::paste(&mut bottom.lock(), &pixels, x, y);
    Ok(Value::Null)
}

/// `imageBlur(image [, blurRadius=3])`: the radius (the kernel's size) from 3 to 10.
fn image_blur(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let r = a.num_or(1, 3.0)?;
    if !(3.0..=10.0).contains(&r) {
        return Err(arg_error(
            a.fname,
            2,
            "blurRadius",
            format!(
                "invalid value [{}], value have to be between 3 and 10",
                rime_runtime::number::format(r)
            ),
        ));
    }
    mutate(ctx, a, |p| {
        ops::blur(p, r as u32);
        Ok(())
    })
}

/// `isImageFile(path)`: whether the path names a file Rime reads as an image.
fn is_image_file(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?;
    let ok = match resolve(ctx, &s) {
        Ok(p) => p.is_file() && read_file(&p).is_ok(),
        Err(_) => false,
    };
    Ok(Value::Bool(ok))
}
