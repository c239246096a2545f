//! Unit tests of the image functions: sizes refused before allocation, colours, the pixel
//! operations, the codecs, and the member functions' dispatch.

use super::picture::{check_size, value_of, Kind, Picture, MAX_PIXELS};
use super::*;
use crate::array::test_support::{n, st, TestCtx};
use image::Rgba;

/// Unwrapping for tests, which the workspace's lints keep out of `unwrap`/`expect`.
trait Must<T> {
    fn must(self) -> T;
}

impl<T> Must<T> for CfResult<T> {
    fn must(self) -> T {
        match self {
            Ok(v) => v,
            Err(e) => panic!("unexpected error: {}", e.message),
        }
    }
}

impl<T> Must<T> for Option<T> {
    fn must(self) -> T {
        match self {
            Some(v) => v,
            None => panic!("unexpected None"),
        }
    }
}

/// The message of a call that must fail.
trait Fails {
    fn fails(self) -> String;
}

impl<T> Fails for CfResult<T> {
    fn fails(self) -> String {
        match self {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.message,
        }
    }
}

fn call(name: &str, args: Vec<Value>) -> CfResult<Value> {
    crate::array::test_support::call(name, args)
}

fn err(name: &str, args: Vec<Value>) -> String {
    match call(name, args) {
        Ok(v) => panic!("{name} should fail, gave {}", v.type_name()),
        Err(e) => e.message,
    }
}

fn new_image(w: f64, h: f64, kind: &str, color: &str) -> Value {
    call("imageNew", vec![st(""), n(w), n(h), st(kind), st(color)]).must()
}

fn picture(v: &Value) -> Picture {
    shared_of(v).must().lock().clone()
}

fn pixel(v: &Value, x: u32, y: u32) -> [u8; 4] {
    picture(v).px.get_pixel(x, y).0
}

fn num(v: CfResult<Value>) -> f64 {
    v.and_then(|v| v.to_num()).must()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("rime-image-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::create_dir_all(&d);
    d
}

#[test]
fn huge_and_empty_sizes_are_refused_before_allocating() {
    let m = err("imageNew", vec![st(""), n(1e6), n(1e6)]);
    assert!(m.contains("too large"), "{m}");
    let m = err("imageNew", vec![st(""), n(-5.0), n(10.0)]);
    assert!(m.contains("invalid"), "{m}");
    assert!(check_size(10_000.0, 10_000.0, "t").is_ok());
    assert!(check_size(10_001.0, 10_000.0, "t").is_err());
    assert!(check_size(f64::NAN, 1.0, "t").is_err());
    assert!(check_size(f64::INFINITY, 1.0, "t").is_err());
    assert_eq!(MAX_PIXELS, 100_000_000);
    let img = new_image(10.0, 10.0, "rgb", "red");
    let m = err("imageResize", vec![img.clone(), n(1e7), n(1e7)]);
    assert!(m.contains("too large"), "{m}");
    let m = err("imageResize", vec![img.clone(), st("100000000%")]);
    assert!(m.contains("too large"), "{m}");
    // Rotating a long thin image by 45 degrees would need a huge square canvas.
    let long = new_image(100_000.0, 1.0, "rgb", "");
    let m = err("imageRotate", vec![long, n(45.0)]);
    assert!(m.contains("too large"), "{m}");
    assert_eq!(num(call("imageGetWidth", vec![img])), 10.0);
}

/// CRC-32 (PNG's), for a hand-made chunk.
fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xffff_ffffu32;
    for &b in data {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[test]
fn a_picture_too_large_in_its_file_header_is_refused() {
    // A PNG header claiming 60000 x 60000 pixels, and no pixel data after it.
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend_from_slice(&60000u32.to_be_bytes());
    ihdr.extend_from_slice(&60000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0d".to_vec();
    png.extend_from_slice(&ihdr);
    png.extend_from_slice(&crc32(&ihdr).to_be_bytes());
    // An IDAT chunk with a little (too little) zlib data: the decoder reads the header up to it.
    let idat = b"IDAT\x78\x9c".to_vec();
    png.extend_from_slice(&2u32.to_be_bytes());
    png.extend_from_slice(&idat);
    png.extend_from_slice(&crc32(&idat).to_be_bytes());
    let m = Picture::decode(&png, None).fails();
    assert!(m.contains("[60000 x 60000] is too large"), "{m}");
    let m = Picture::decode(b"\x89PNG\r\n\x1a\nxx", None).fails();
    assert!(m.contains("damaged"), "{m}");
    let m = Picture::decode(b"hello", None).fails();
    assert!(m.contains("not an image"), "{m}");
}

#[test]
fn colours() {
    use super::color::parse;
    assert_eq!(parse("red").map(|c| c.0).ok(), Some([255, 0, 0, 255]));
    assert_eq!(parse(" Green ").map(|c| c.0).ok(), Some([0, 255, 0, 255]));
    assert_eq!(parse("#00f").map(|c| c.0).ok(), Some([0, 0, 255, 255]));
    assert_eq!(parse("#102030").map(|c| c.0).ok(), Some([16, 32, 48, 255]));
    assert_eq!(parse("102030").map(|c| c.0).ok(), Some([16, 32, 48, 255]));
    assert_eq!(parse("#ff000080").map(|c| c.0).ok(), Some([255, 0, 0, 128]));
    assert_eq!(
        parse("rgb(1, 2, 3)").map(|c| c.0).ok(),
        Some([1, 2, 3, 255])
    );
    assert_eq!(parse("4,5,6").map(|c| c.0).ok(), Some([4, 5, 6, 255]));
    assert_eq!(
        parse("cornflowerblue").map(|c| c.0).ok(),
        Some([0x64, 0x95, 0xed, 255])
    );
    for bad in ["", "nocolor", "#12", "#gggggg", "256,0,0", "rgb(1,2)"] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    let m = parse("nocolor").fails();
    assert_eq!(m, "invalid color definition [nocolor]");
    let img = new_image(2.0, 2.0, "rgb", "");
    assert!(err("imageSetDrawingColor", vec![img, st("blurple")]).contains("invalid color"));
    assert!(err(
        "imageNew",
        vec![st(""), n(2.0), n(2.0), st("rgb"), st("x1")]
    )
    .contains("invalid color"));
}

#[test]
fn new_images_and_their_info() {
    let img = new_image(4.0, 3.0, "rgb", "red");
    assert_eq!(pixel(&img, 3, 2), [255, 0, 0, 255]);
    let info = match call("imageInfo", vec![img.clone()]) {
        Ok(Value::Struct(s)) => s,
        _ => panic!("imageInfo"),
    };
    assert_eq!(info.get("width").map(|v| v.to_num().ok()), Some(Some(4.0)));
    assert_eq!(info.get("height").map(|v| v.to_num().ok()), Some(Some(3.0)));
    let cm = match info.get("colormodel") {
        Some(Value::Struct(s)) => s,
        _ => panic!("colormodel"),
    };
    assert_eq!(
        cm.get_text("colormodel_type").ok().flatten().as_deref(),
        Some("PackedColorModel")
    );
    assert_eq!(
        cm.get("num_components").and_then(|v| v.to_num().ok()),
        Some(3.0)
    );
    let argb = new_image(2.0, 2.0, "argb", "");
    assert_eq!(pixel(&argb, 0, 0), [0, 0, 0, 0]);
    let gray = new_image(2.0, 2.0, "grayscale", "red");
    assert_eq!(pixel(&gray, 0, 0), [54, 54, 54, 255]);
    assert_eq!(picture(&gray).kind, Kind::Gray);
    assert!(err("imageNew", vec![st(""), n(2.0), n(2.0), st("cmyk")]).contains("imageType"));
    assert!(err("imageNew", vec![st(""), n(2.0)]).contains("height"));
    assert!(is_image(&img));
    assert!(!is_image(&st("x")));
}

#[test]
fn resize_scale_crop() {
    let img = new_image(200.0, 100.0, "rgb", "blue");
    call("imageResize", vec![img.clone(), n(50.0)]).must();
    assert_eq!(picture(&img).px.dimensions(), (50, 25));
    call("imageResize", vec![img.clone(), st(""), st("200%")]).must();
    assert_eq!(picture(&img).px.dimensions(), (100, 50));
    assert!(err("imageResize", vec![img.clone(), st(""), st("")]).contains("width or height"));
    assert!(err("imageResize", vec![img.clone(), n(-3.0)]).contains("none negative"));
    assert!(err(
        "imageResize",
        vec![img.clone(), n(3.0), n(3.0), st("fancy")]
    )
    .contains("invalid"));
    assert!(err(
        "imageResize",
        vec![img.clone(), n(3.0), n(3.0), st("bilinear"), n(11.0)]
    )
    .contains("blurFactor"));
    call("imageScaleToFit", vec![img.clone(), n(20.0), n(20.0)]).must();
    assert_eq!(picture(&img).px.dimensions(), (20, 10));
    call(
        "imageCrop",
        vec![img.clone(), n(-5.0), n(2.0), n(15.0), n(100.0)],
    )
    .must();
    assert_eq!(picture(&img).px.dimensions(), (15, 8));
    assert!(err(
        "imageCrop",
        vec![img.clone(), n(50.0), n(0.0), n(5.0), n(5.0)]
    )
    .contains("nothing"));
    assert!(err(
        "imageCrop",
        vec![img.clone(), n(0.0), n(0.0), n(-1.0), n(5.0)]
    )
    .contains("none negative"));
    assert_eq!(pixel(&img, 0, 0), [0, 0, 255, 255]);
}

#[test]
fn rotate_and_flip() {
    let img = new_image(4.0, 2.0, "rgb", "black");
    call("imageSetDrawingColor", vec![img.clone(), st("white")]).must();
    call(
        "imageDrawLine",
        vec![img.clone(), n(0.0), n(0.0), n(0.0), n(0.0)],
    )
    .must();
    // Clockwise: the top left corner goes to the top right.
    call("imageRotate", vec![img.clone(), n(90.0)]).must();
    let p = picture(&img);
    assert_eq!(p.px.dimensions(), (2, 4));
    assert_eq!(p.px.get_pixel(1, 0).0, [255, 255, 255, 255]);
    call("imageFlip", vec![img.clone(), st("horizontal")]).must();
    assert_eq!(pixel(&img, 0, 0), [255, 255, 255, 255]);
    call("imageFlip", vec![img.clone()]).must();
    assert_eq!(pixel(&img, 0, 3), [255, 255, 255, 255]);
    call("imageFlip", vec![img.clone(), st("antidiagonal")]).must();
    assert_eq!(picture(&img).px.dimensions(), (4, 2));
    assert_eq!(pixel(&img, 3, 0), [255, 255, 255, 255]);
    assert!(err("imageFlip", vec![img.clone(), st("sideways")]).contains("transpose"));
    call("imageRotate", vec![img.clone(), n(45.0), st("bilinear")]).must();
    // 4x2 turned by 45 degrees: round(4 cos 45 + 2 sin 45) = 4 on both sides.
    assert_eq!(picture(&img).px.dimensions(), (4, 4));
    call(
        "imageRotate",
        vec![img.clone(), n(2.0), n(2.0), n(30.0), st("bicubic")],
    )
    .must();
    assert!(err("imageRotate", vec![img.clone(), n(30.0), st("sinc")]).contains("interpolation"));
    assert!(err("imageRotate", vec![img]).contains("angle"));
}

#[test]
fn drawing_is_clipped_and_blended() {
    let img = new_image(10.0, 10.0, "rgb", "black");
    call("imageSetDrawingColor", vec![img.clone(), st("red")]).must();
    call(
        "imageDrawLine",
        vec![img.clone(), n(-1e15), n(5.0), n(1e15), n(5.0)],
    )
    .must();
    assert_eq!(pixel(&img, 0, 5), [255, 0, 0, 255]);
    assert_eq!(pixel(&img, 9, 5), [255, 0, 0, 255]);
    assert_eq!(pixel(&img, 9, 4), [0, 0, 0, 255]);
    call(
        "imageDrawRect",
        vec![
            img.clone(),
            n(1.0),
            n(1.0),
            n(2.0),
            n(2.0),
            Value::Bool(true),
        ],
    )
    .must();
    assert_eq!(pixel(&img, 3, 3), [255, 0, 0, 255]);
    assert_eq!(pixel(&img, 4, 4), [0, 0, 0, 255]);
    call("imageSetDrawingColor", vec![img.clone(), st("#0000ff80")]).must();
    call(
        "imageDrawRect",
        vec![img.clone(), n(6.0), n(6.0), n(2.0), n(2.0)],
    )
    .must();
    assert_eq!(pixel(&img, 6, 7), [0, 0, 128, 255]);
    assert_eq!(pixel(&img, 7, 7), [0, 0, 0, 255]);
    assert!(err(
        "imageDrawRect",
        vec![img.clone(), n(0.0), n(0.0), n(-2.0), n(2.0)]
    )
    .contains("none negative"));
    call("imageSetDrawingColor", vec![img.clone(), st("white")]).must();
    let attrs = Struct::new();
    attrs.set_str("size", n(16.0));
    attrs.set_str("style", st("bold italic"));
    attrs.set_str("underline", Value::Bool(true));
    call(
        "imageDrawText",
        vec![img.clone(), st("Hi"), n(-3.0), n(8.0), Value::Struct(attrs)],
    )
    .must();
    let lit = picture(&img)
        .px
        .pixels()
        .filter(|p| p.0 == [255, 255, 255, 255])
        .count();
    assert!(lit > 5, "{lit}");
    let bad = Struct::new();
    bad.set_str("style", st("wavy"));
    assert!(err(
        "imageDrawText",
        vec![img, st("x"), n(0.0), n(0.0), Value::Struct(bad)]
    )
    .contains("style"));
}

#[test]
fn paste_blur_grayscale_negative() {
    let img = new_image(10.0, 10.0, "rgb", "white");
    let dot = new_image(2.0, 2.0, "rgb", "#ff0000");
    call("imagePaste", vec![img.clone(), dot, n(8.0), n(-1.0)]).must();
    assert_eq!(pixel(&img, 9, 0), [255, 0, 0, 255]);
    assert_eq!(pixel(&img, 9, 1), [255, 255, 255, 255]);
    // An image pasted onto itself.
    call("imagePaste", vec![img.clone(), img.clone(), n(1.0), n(1.0)]).must();
    call("imageNegative", vec![img.clone()]).must();
    assert_eq!(pixel(&img, 0, 0), [0, 0, 0, 255]);
    let m = err("imageBlur", vec![img.clone(), n(2.0)]);
    assert!(m.contains("between 3 and 10"), "{m}");
    let b = new_image(5.0, 5.0, "rgb", "black");
    call("imageSetDrawingColor", vec![b.clone(), st("white")]).must();
    call(
        "imageDrawLine",
        vec![b.clone(), n(2.0), n(2.0), n(2.0), n(2.0)],
    )
    .must();
    call("imageBlur", vec![b.clone(), n(3.0)]).must();
    // The centre 3x3 pixels are the mean of their neighbourhoods; the edges stay.
    assert_eq!(pixel(&b, 2, 2), [28, 28, 28, 255]);
    assert_eq!(pixel(&b, 1, 1), [28, 28, 28, 255]);
    assert_eq!(pixel(&b, 0, 0), [0, 0, 0, 255]);
    call("imageGrayscale", vec![img.clone()]).must();
    let p = picture(&img);
    assert_eq!(p.kind, Kind::Gray);
    assert!(p.px.pixels().all(|q| q.0[0] == q.0[1] && q.0[1] == q.0[2]));
}

#[test]
fn write_read_and_base64_round_trips() {
    let d = scratch("rw");
    let img = new_image(6.0, 4.0, "argb", "#00ff00");
    for ext in ["png", "jpg", "gif", "bmp", "webp"] {
        let path = d.join(format!("a.{ext}"));
        let p = st(&path.to_string_lossy());
        call("imageWrite", vec![img.clone(), p.clone()]).must();
        assert_eq!(
            call("isImageFile", vec![p.clone()])
                .ok()
                .map(|v| v.to_bool().ok()),
            Some(Some(true))
        );
        let back = call("imageRead", vec![p]).must();
        assert_eq!(picture(&back).px.dimensions(), (6, 4), "{ext}");
        let [r, g, b, _] = pixel(&back, 1, 1);
        assert!(r < 30 && g > 220 && b < 30, "{ext}: {r} {g} {b}");
    }
    let txt = d.join("n.txt");
    let _ = std::fs::write(&txt, "not an image");
    let t = st(&txt.to_string_lossy());
    assert_eq!(
        call("isImageFile", vec![t.clone()])
            .ok()
            .map(|v| v.to_bool().ok()),
        Some(Some(false))
    );
    assert!(err("imageRead", vec![t]).contains("Unable to read image file"));
    let missing = st(&d.join("missing.png").to_string_lossy());
    assert!(err("imageRead", vec![missing.clone()]).contains("does not exist"));
    assert_eq!(
        call("isImageFile", vec![missing])
            .ok()
            .map(|v| v.to_bool().ok()),
        Some(Some(false))
    );
    let p = st(&d.join("a.png").to_string_lossy());
    let m = err(
        "imageWrite",
        vec![img.clone(), p, n(0.75), Value::Bool(false)],
    );
    assert!(m.contains("overwrite"), "{m}");
    let nodir = st(&d.join("no/dir/x.png").to_string_lossy());
    assert!(err("imageWrite", vec![img.clone(), nodir]).contains("doesn't exist"));
    let b64 = call(
        "imageWriteBase64",
        vec![
            img.clone(),
            st(&d.join("b.txt").to_string_lossy()),
            st("png"),
            Value::Bool(true),
        ],
    )
    .and_then(|v| v.to_str().map(|s| s.into_owned()))
    .must();
    assert!(b64.starts_with("data:image/png;base64,"));
    let back = call("imageReadBase64", vec![st(&b64)]).must();
    assert_eq!(pixel(&back, 0, 0), [0, 255, 0, 255]);
    let bare = b64.trim_start_matches("data:image/png;base64,");
    let back = call("imageNew", vec![st(bare)]).must();
    assert_eq!(picture(&back).px.dimensions(), (6, 4));
    assert!(err(
        "imageWriteBase64",
        vec![
            img.clone(),
            st(&d.join("c.txt").to_string_lossy()),
            st("tiff")
        ]
    )
    .contains("not supported"));
    let blob = call("imageGetBlob", vec![img]).must();
    let Value::Binary(bytes) = &blob else {
        panic!("binary")
    };
    assert!(bytes.starts_with(b"\x89PNG"));
    let from_blob = call("imageNew", vec![blob]).must();
    assert_eq!(picture(&from_blob).format, Some(picture::Format::Png));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn copies_are_independent_and_members_chain() {
    let img = new_image(8.0, 8.0, "rgb", "white");
    let copy = call("imageNew", vec![img.clone()]).must();
    call("imageResize", vec![copy.clone(), n(4.0), n(4.0)]).must();
    assert_eq!(picture(&img).px.dimensions(), (8, 8));
    assert_eq!(picture(&copy).px.dimensions(), (4, 4));
    let Value::Native(native) = &img else {
        panic!("native")
    };
    let mut ctx = TestCtx::default();
    let r = call_member(native, &mut ctx, "RESIZE", vec![n(2.0), n(3.0)]).must();
    assert!(is_image(&r));
    assert_eq!(picture(&img).px.dimensions(), (2, 3));
    let w = call_member(native, &mut ctx, "getWidth", vec![]).must();
    assert_eq!(w.to_num().ok(), Some(2.0));
    let m = call_member(native, &mut ctx, "explode", vec![]).fails();
    assert!(m.contains("No matching member function"), "{m}");
    let m = call_member(native, &mut ctx, "crop", vec![n(1.0)]).fails();
    assert!(m.contains("requires at least"), "{m}");
    let m = call_member(native, &mut ctx, "getWidth", vec![n(1.0)]).fails();
    assert!(m.contains("too many"), "{m}");
    assert_eq!(
        native.get().field("WIDTH").and_then(|v| v.to_num().ok()),
        Some(2.0)
    );
    let tag = native.get().to_text().unwrap_or_default();
    assert!(
        tag.starts_with("<img src=\"data:image/png;base64,"),
        "{tag}"
    );
    let from_value = value_of(Picture::blank(1, 1, Kind::Rgb, Some(Rgba([1, 2, 3, 255]))));
    assert_eq!(pixel(&from_value, 0, 0), [1, 2, 3, 255]);
}
