//! `<cfimage>` (the VM's `tags/image.rs` calls [`image_tag`]): the actions `read`, `info`,
//! `resize`, `rotate`, `write`, `convert` and `writeToBrowser`, on the same pictures as the
//! functions. As in Lucee, an image variable given as `source` is changed in place by `resize`
//! and `rotate`; a path (or base64 data with `isBase64`) is read into a new image. `border` and
//! `captcha` are not supported.
//!
//! `writeToBrowser` writes the image inline (`<img src="data:image/png;base64,…">`, Lucee's
//! `base64="true"` form): Rime has no `/lucee/graph.cfm` to serve a temporary file from.

use super::ops::{self, Sampling};
use super::picture::{shared_of, value_of, Format, Shared};
use super::{load, load_source, resize_to, write_image};
use crate::file::resolve;
use base64::Engine;
use rime_runtime::{CfResult, CfmlError, Ctx, Struct, Value};

const ACTIONS: &str = "border,captcha,convert,info,read,resize,rotate,write,writeToBrowser";

/// Run `<cfimage>` with its attributes; the variable to set (`name`, `structName`), if any.
pub fn image_tag(ctx: &mut dyn Ctx, a: &Struct) -> CfResult<Option<(String, Value)>> {
    let action_raw = a.get_text("action")?.unwrap_or_default();
    let action = match action_raw.trim().to_ascii_lowercase().as_str() {
        "" | "read" => "read",
        "info" => "info",
        "resize" => "resize",
        "rotate" => "rotate",
        "write" => "write",
        "convert" => "convert",
        "writetobrowser" | "write-to-browser" | "write_to_browser" => "writetobrowser",
        "border" | "captcha" => {
            return Err(CfmlError::application(format!(
                "the action [{}] of the tag [image] is not supported by Rime",
                action_raw.trim()
            )))
        }
        _ => {
            return Err(CfmlError::application(format!(
                "invalid action [{}], valid actions are [{ACTIONS}]",
                action_raw.trim()
            )))
        }
    };
    let text = |k: &str| -> CfResult<Option<String>> {
        Ok(a.get_text(k)?
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty()))
    };
    let label = match action_raw.trim() {
        "" => "read".to_string(),
        other => other.to_string(),
    };
    let format = match text("format")? {
        None => Format::Png,
        Some(f) => Format::from_name(&f).ok_or_else(|| {
            CfmlError::application(format!(
                "invalid format [{f}], valid formats are [gif,jpg,png,bmp,webp]"
            ))
        })?,
    };
    let quality = match a.get("quality").filter(|v| !v.is_null()) {
        Some(v) => v.to_num()?,
        None => 0.75,
    };
    if !(0.0..=1.0).contains(&quality) {
        return Err(CfmlError::application(format!(
            "quality ({}) has to be a value between 0 and 1",
            rime_runtime::number::format(quality)
        )));
    }
    let flag = |k: &str| -> CfResult<bool> {
        match a.get(k).filter(|v| !v.is_null()) {
            Some(v) => v.to_bool(),
            None => Ok(false),
        }
    };
    let (overwrite, is_base64) = (flag("overwrite")?, flag("isbase64")?);
    let name = text("name")?;
    let struct_name = match text("structname")? {
        Some(s) => Some(s),
        None => text("result")?,
    };
    let destination = match text("destination")? {
        Some(d) => Some(resolve(ctx, &d)?),
        None => None,
    };
    // The source: an image value itself (changed in place), else one read from it.
    let v = a
        .get("source")
        .filter(|v| !v.is_null())
        .ok_or_else(|| required(&label, "source"))?;
    let (shared, value) = match shared_of(&v) {
        Some(s) if !is_base64 => (s, v),
        _ => {
            let p = if is_base64 {
                load_source(ctx, &v.to_str()?)?
            } else {
                load(ctx, &v)?
            };
            let value = value_of(p);
            let s = shared_of(&value).ok_or_else(|| required(&label, "source"))?;
            (s, value)
        }
    };
    let p = Params {
        a,
        label,
        name,
        struct_name,
        destination,
        format,
        quality,
        overwrite,
    };
    run(ctx, action, &shared, &value, &p)
}

/// Lucee's error for an attribute the action needs.
fn required(action: &str, attr: &str) -> Box<CfmlError> {
    CfmlError::application(format!(
        "Missing attribute [{attr}]. The action [{action}] requires the attribute [{attr}]."
    ))
}

/// The attributes an action reads, once parsed.
struct Params<'a> {
    a: &'a Struct,
    /// The action as written, for error messages.
    label: String,
    name: Option<String>,
    struct_name: Option<String>,
    destination: Option<std::path::PathBuf>,
    format: Format,
    quality: f64,
    overwrite: bool,
}

fn run(
    ctx: &mut dyn Ctx,
    action: &str,
    shared: &Shared,
    value: &Value,
    p: &Params<'_>,
) -> CfResult<Option<(String, Value)>> {
    // Lucee's `write()` after a change: to the destination, and into `name`.
    let finish = || -> CfResult<Option<(String, Value)>> {
        if let Some(dest) = &p.destination {
            write_image(shared, dest, p.overwrite, p.quality)?;
        }
        Ok(p.name.clone().map(|n| (n, value.clone())))
    };
    let required = |attr: &str| required(&p.label, attr);
    match action {
        "read" => {
            let name = p.name.clone().ok_or_else(|| required("name"))?;
            Ok(Some((name, value.clone())))
        }
        "info" => {
            let name = p
                .struct_name
                .clone()
                .ok_or_else(|| required("structname"))?;
            let info = shared.lock().info();
            Ok(Some((name, Value::Struct(info))))
        }
        "resize" => {
            let dim = |k: &str| -> CfResult<Option<String>> {
                Ok(p.a
                    .get_text(k)?
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty()))
            };
            let (w, h) = (dim("width")?, dim("height")?);
            let filter = ops::filter_of("automatic").ok_or_else(|| required("interpolation"))?;
            resize_to(&mut shared.lock(), w, h, filter, 1.0, "cfimage")?;
            finish()
        }
        "rotate" => {
            let angle = match p.a.get("angle").filter(|v| !v.is_null()) {
                Some(v) => v.to_num()?.trunc(),
                None => return Err(required("angle")),
            };
            ops::rotate(&mut shared.lock(), angle, Sampling::Nearest)?;
            finish()
        }
        "write" | "convert" => {
            let dest = p
                .destination
                .clone()
                .ok_or_else(|| required("destination"))?;
            write_image(shared, &dest, p.overwrite, p.quality)?;
            Ok(None)
        }
        _ => {
            // writeToBrowser: into `name` when one is given, else inline into the page.
            if p.name.is_some() || p.destination.is_some() {
                return finish();
            }
            let (bytes, w, h) = {
                let pic = shared.lock();
                (
                    pic.encode(p.format, p.quality)?,
                    pic.px.width(),
                    pic.px.height(),
                )
            };
            let passthrough =
                p.a.get_text("passthrough")?
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| format!(" {s}"))
                    .unwrap_or_default();
            let b64 = base64::engine::general_purpose::STANDARD.encode(bytes);
            ctx.write(&format!(
                "<img src=\"data:{};base64,{b64}\" width=\"{w}\" height=\"{h}\"{passthrough} />",
                p.format.mime()
            ));
            Ok(None)
        }
    }
}
