//! `fileUpload` and `fileUploadAll` (and `<cffile action="upload">`, which calls them): move a
//! file the server received with a multipart form from its temporary place to a destination,
//! checking the accepted types and resolving name conflicts, and describe the result the way
//! Lucee's `cffile` struct does.

use super::show;
use super::{app_err, date_of, io_err, resolve};
use rime_runtime::{Args, Array, CfResult, Ctx, Struct, Value};
use std::path::{Path, PathBuf};

/// What a request's upload looks like once the server has stored it.
struct Received {
    field: String,
    client_file: String,
    content_type: String,
    path: PathBuf,
}

fn received(ctx: &mut dyn Ctx) -> Vec<Received> {
    ctx.uploaded_files()
        .into_iter()
        .filter_map(|s| {
            let text = |k: &str| s.get_text(k).ok().flatten().unwrap_or_default();
            let r = Received {
                field: text("field"),
                client_file: text("clientFile"),
                content_type: text("contentType"),
                path: PathBuf::from(text("path")),
            };
            // A file input left empty sends a part with no file name: nothing was uploaded.
            (!r.client_file.is_empty()).then_some(r)
        })
        .collect()
}

/// The client's file name without any directory part (browsers may send a full path).
fn base_name(client_file: &str) -> &str {
    client_file
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(client_file)
        .trim()
}

fn split_ext(name: &str) -> (&str, &str) {
    match name.rfind('.') {
        Some(i) if i > 0 => (&name[..i], &name[i + 1..]),
        _ => (name, ""),
    }
}

/// `accept`: a list of MIME types (`image/*`, `text/plain`) and extensions (`.txt`, `*.txt`),
/// checked against the file's name and `content_type`.
fn accepted(accept: &str, file: &str, content_type: &str) -> bool {
    let accept = accept.trim();
    if accept.is_empty() || accept == "*" || accept == "*/*" {
        return true;
    }
    let (_, ext) = split_ext(file);
    let ct = content_type.to_ascii_lowercase();
    accept.split(',').map(str::trim).any(|a| {
        let a = a.to_ascii_lowercase();
        if let Some(e) = a.strip_prefix("*.").or_else(|| a.strip_prefix('.')) {
            e.eq_ignore_ascii_case(ext)
        } else if let Some(major) = a.strip_suffix("/*") {
            ct.split('/').next() == Some(major)
        } else {
            ct.split(';').next().map(str::trim) == Some(a.as_str())
        }
    })
}

/// The type `accept` is checked against: with `strict` (the default), what the file's first
/// bytes say it is, so a page named `photo.png` sent as `image/png` is text, not an image;
/// the browser's word only when the content is binary of a kind not recognised.
fn checked_type<'a>(up: &'a Received, client: &str, strict: bool) -> &'a str {
    if !strict {
        return &up.content_type;
    }
    match super::info::content_type(&up.path, client) {
        Ok("application/octet-stream") | Err(_) => &up.content_type,
        Ok(detected) => detected,
    }
}

/// The extensions no upload may be saved with when the application sets no
/// `this.blockedExtForFileUpload` (nor the environment `LUCEE_UPLOAD_BLOCKLIST`, as Lucee
/// reads it): files a server could run, CFML first.
const DEFAULT_BLOCKED: &[&str] = &[
    "cfm", "cfml", "cfc", "cfs", "cfr", "lucee", "lex", "jsp", "jspx", "php", "php3", "php4",
    "php5", "phtml", "asp", "aspx", "ascx", "ashx", "exe", "dll", "bat", "cmd", "com", "sh", "cgi",
    "pl", "py", "jar", "war", "vbs", "ps1", "htaccess",
];

/// Which extensions uploads may not have.
enum Blocked {
    /// `*`: every file.
    All,
    List(Vec<String>),
}

fn blocked_extensions(ctx: &mut dyn Ctx) -> CfResult<Blocked> {
    let setting = ctx
        .application_settings()
        .and_then(|s| s.get("blockedExtForFileUpload"));
    let list: Vec<String> = match setting {
        Some(Value::Array(a)) => a
            .to_vec()
            .iter()
            .map(|v| v.to_str().map(|s| s.into_owned()))
            .collect::<CfResult<_>>()?,
        Some(v) => v.to_str()?.split(',').map(str::to_string).collect(),
        None => match std::env::var("LUCEE_UPLOAD_BLOCKLIST") {
            Ok(env) => env.split(',').map(str::to_string).collect(),
            Err(_) => DEFAULT_BLOCKED.iter().map(|s| s.to_string()).collect(),
        },
    };
    let list: Vec<String> = list
        .iter()
        .map(|e| e.trim().trim_start_matches('.').to_ascii_lowercase())
        .filter(|e| !e.is_empty())
        .collect();
    Ok(if list.iter().any(|e| e == "*") {
        Blocked::All
    } else {
        Blocked::List(list)
    })
}

/// The error for a file name whose extension is blocked, if it is.
fn check_blocked(blocked: &Blocked, name: &str) -> CfResult<()> {
    let trimmed = name.trim_end_matches(['.', ' ']);
    let ext = trimmed
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    let refused = match blocked {
        Blocked::All => true,
        Blocked::List(list) => !ext.is_empty() && list.contains(&ext),
    };
    if refused {
        return Err(app_err(format!(
            "Upload of the file [{name}] is not permitted: its extension [{ext}] is blocked (this.blockedExtForFileUpload)"
        )));
    }
    Ok(())
}

/// Move one upload to `destination` (a folder, or a file path) and describe what happened.
fn save(
    ctx: &mut dyn Ctx,
    up: &Received,
    destination: &str,
    accept: &str,
    conflict: &str,
    strict: bool,
) -> CfResult<Struct> {
    let client = base_name(&up.client_file);
    if client.is_empty() || client == "." || client == ".." {
        return Err(app_err(format!(
            "the uploaded file name [{}] is not usable",
            up.client_file
        )));
    }
    let ct = checked_type(up, client, strict);
    if !accepted(accept, client, ct) {
        return Err(app_err(format!(
            "The MIME type or the Extension of the uploaded file [{client}] ({ct}) was not accepted by the server. Only this [{accept}] mime types are accepted"
        )));
    }
    let blocked = blocked_extensions(ctx)?;
    check_blocked(&blocked, client)?;
    let dest = resolve(ctx, destination)?;
    let ends_as_dir = destination.ends_with('/') || destination.ends_with('\\');
    let (dir, file_name) = if dest.is_dir() || ends_as_dir {
        (dest.clone(), client.to_string())
    } else {
        let dir = dest.parent().map(Path::to_path_buf).unwrap_or_default();
        let name = dest
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| client.to_string());
        (dir, name)
    };
    // The name it is saved under counts too (a destination file path the page chose).
    check_blocked(&blocked, &file_name)?;
    if !dir.is_dir() {
        return Err(app_err(format!(
            "the upload destination folder [{}] does not exist",
            show(&dir)
        )));
    }
    let mut target = dir.join(&file_name);
    let existed = target.exists();
    let old_size = std::fs::metadata(&target).map(|m| m.len()).unwrap_or(0);
    let (mut saved, mut renamed, mut overwritten) = (true, false, false);
    if existed {
        match conflict.trim().to_ascii_lowercase().as_str() {
            "skip" => saved = false,
            "overwrite" => overwritten = true,
            "makeunique" | "unique" => {
                let (stem, ext) = split_ext(&file_name);
                let dot = if ext.is_empty() { "" } else { "." };
                let mut n = 1;
                while target.exists() {
                    target = dir.join(format!("{stem}{n}{dot}{ext}"));
                    n += 1;
                }
                renamed = true;
            }
            _ => {
                return Err(app_err(format!(
                    "the destination file [{}] already exists (nameConflict=error)",
                    show(&target)
                )))
            }
        }
    }
    if saved && std::fs::rename(&up.path, &target).is_err() {
        // Another file system: copy instead (the server removes the temporary file).
        std::fs::copy(&up.path, &target)
            .map_err(|e| io_err("Can't save the uploaded file to", &target, &e))?;
    }
    let server_file = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (client_name, client_ext) = split_ext(client);
    let (server_name, server_ext) = split_ext(&server_file);
    let (major, minor) = up
        .content_type
        .split(';')
        .next()
        .unwrap_or("")
        .split_once('/')
        .unwrap_or((&up.content_type, ""));
    let meta = std::fs::metadata(if saved { &target } else { &up.path }).ok();
    let time = |t: Option<std::time::SystemTime>| t.map_or(Value::from(""), date_of);
    let s = Struct::with_flags(true);
    let set = |k: &str, v: Value| s.set_str(k, v);
    let dir_text = dir.to_string_lossy().into_owned();
    set("attemptedServerFile", Value::from(file_name.as_str()));
    set("clientDirectory", Value::from(""));
    set("clientFile", Value::from(client));
    set("clientFileExt", Value::from(client_ext));
    set("clientFileName", Value::from(client_name));
    set("contentSubType", Value::from(minor.trim()));
    set("contentType", Value::from(major.trim()));
    set(
        "dateLastAccessed",
        time(meta.as_ref().and_then(|m| m.accessed().ok())),
    );
    set("fileExisted", Value::Bool(existed));
    set(
        "fileSize",
        Value::Num(meta.as_ref().map_or(0.0, |m| m.len() as f64)),
    );
    set("fileWasAppended", Value::Bool(false));
    set("fileWasOverwritten", Value::Bool(overwritten));
    set("fileWasRenamed", Value::Bool(renamed));
    set("fileWasSaved", Value::Bool(saved));
    set("oldFileSize", Value::Num(old_size as f64));
    set("serverDirectory", Value::from(dir_text.as_str()));
    set("serverFile", Value::from(server_file.as_str()));
    set("serverFileExt", Value::from(server_ext));
    set("serverFileName", Value::from(server_name));
    set(
        "timeCreated",
        time(meta.as_ref().and_then(|m| m.created().ok())),
    );
    set(
        "timeLastModified",
        time(meta.as_ref().and_then(|m| m.modified().ok())),
    );
    Ok(s)
}

/// `fileUpload(destination [, fileField [, accept [, nameConflict]]])`: the file of `fileField`
/// (`doc` or `form.doc`), or the first uploaded file.
pub(crate) fn file_upload(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let destination = a.str(0)?.into_owned();
    let field = a.str_or(1, "")?.trim().to_string();
    let field = field
        .strip_prefix("form.")
        .or_else(|| field.strip_prefix("FORM."))
        .unwrap_or(&field)
        .to_string();
    let accept = a.str_or(2, "")?.into_owned();
    let conflict = a.str_or(3, "error")?.into_owned();
    let strict = a.bool_or(4, true)?;
    let uploads = received(ctx);
    let up = uploads
        .iter()
        .find(|u| field.is_empty() || u.field.eq_ignore_ascii_case(&field))
        .ok_or_else(|| {
            app_err(if field.is_empty() {
                "no file was uploaded with this request".to_string()
            } else {
                format!("no file was uploaded in the form field [{field}]")
            })
        })?;
    save(ctx, up, &destination, &accept, &conflict, strict).map(Value::Struct)
}

/// `fileUploadAll(destination [, accept [, nameConflict [, strict]]])`: every uploaded file, an
/// array of results.
pub(crate) fn file_upload_all(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let destination = a.str(0)?.into_owned();
    let accept = a.str_or(1, "")?.into_owned();
    let conflict = a.str_or(2, "error")?.into_owned();
    let strict = a.bool_or(3, true)?;
    let out = Array::new();
    for up in received(ctx) {
        out.push(Value::Struct(save(
            ctx,
            &up,
            &destination,
            &accept,
            &conflict,
            strict,
        )?));
    }
    Ok(Value::Array(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocked_extensions_refuse_runnable_files() {
        let list = Blocked::List(DEFAULT_BLOCKED.iter().map(|s| s.to_string()).collect());
        for bad in ["shell.cfm", "x.CFC", "a.php", "run.exe.", "b.jsp "] {
            assert!(check_blocked(&list, bad).is_err(), "{bad}");
        }
        for ok in ["photo.png", "notes.txt", "README", "archive.cfm.zip"] {
            assert!(check_blocked(&list, ok).is_ok(), "{ok}");
        }
        assert!(check_blocked(&Blocked::All, "photo.png").is_err());
    }

    #[test]
    fn accept_lists_match_types_and_extensions() {
        assert!(accepted("", "a.txt", "text/plain"));
        assert!(accepted("image/*", "a.png", "image/png"));
        assert!(!accepted("image/*", "a.txt", "text/plain"));
        assert!(accepted(
            ".txt, .csv",
            "notes.TXT",
            "application/octet-stream"
        ));
        assert!(accepted("text/plain", "x", "text/plain; charset=utf-8"));
        assert!(!accepted(".pdf", "x.txt", "text/plain"));
    }

    #[test]
    fn client_paths_are_reduced_to_a_name() {
        assert_eq!(base_name("C:\\Users\\me\\notes.txt"), "notes.txt");
        assert_eq!(base_name("../../etc/passwd"), "passwd");
        assert_eq!(split_ext("archive.tar.gz"), ("archive.tar", "gz"));
        assert_eq!(split_ext(".env"), (".env", ""));
    }
}
