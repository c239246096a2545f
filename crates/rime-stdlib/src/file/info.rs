//! File metadata: `getFileInfo`, `fileInfo`, `getCanonicalPath`, `fileGetMimeType`,
//! `isZipFile`, and the setters `fileSetLastModified`, `fileSetAccessMode`, `fileSetAttribute`.

use rime_runtime::{Args, CfResult, CfmlError, Ctx, Value};
use std::fs::Metadata;
use std::path::{Component, Path, PathBuf};

use super::{app_err, date_of, io_err, path_of, record, resolve, show};

/// Unix permission bits as Lucee prints a mode: three octal digits.
pub(crate) fn mode_string(meta: &Metadata) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        format!("{:03o}", meta.permissions().mode() & 0o777)
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        String::new()
    }
}

pub(crate) fn is_hidden(p: &Path) -> bool {
    p.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

pub(crate) fn can_read(p: &Path, meta: &Metadata) -> bool {
    if meta.is_dir() {
        std::fs::read_dir(p).is_ok()
    } else {
        std::fs::File::open(p).is_ok()
    }
}

pub(crate) fn can_write(p: &Path, meta: &Metadata) -> bool {
    if meta.is_dir() {
        !meta.permissions().readonly()
    } else {
        // Opening for writing without truncation changes nothing.
        std::fs::OpenOptions::new().write(true).open(p).is_ok()
    }
}

/// Lucee's attribute letters: `R` read-only, `H` hidden.
pub(crate) fn attributes(p: &Path, meta: &Metadata) -> String {
    let mut s = String::new();
    if !can_write(p, meta) {
        s.push('R');
    }
    if is_hidden(p) {
        s.push('H');
    }
    s
}

fn existing(ctx: &mut dyn Ctx, v: &Value) -> CfResult<(PathBuf, Metadata)> {
    let p = path_of(ctx, v)?;
    let meta = std::fs::metadata(&p).map_err(|_| {
        app_err(format!(
            "source file or directory [{}] does not exist",
            show(&p)
        ))
    })?;
    Ok((p, meta))
}

fn modified(meta: &Metadata) -> Value {
    meta.modified()
        .map(date_of)
        .unwrap_or_else(|_| date_of(std::time::UNIX_EPOCH))
}

/// `getFileInfo(file)`: Lucee's keys, `type` being `file` or `directory`.
pub(crate) fn get_file_info(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (p, meta) = existing(ctx, a.val(0)?)?;
    let abs = std::path::absolute(&p).unwrap_or_else(|_| p.clone());
    Ok(record(vec![
        ("canRead", Value::Bool(can_read(&p, &meta))),
        ("canWrite", Value::Bool(can_write(&p, &meta))),
        ("isHidden", Value::Bool(is_hidden(&p))),
        ("lastmodified", modified(&meta)),
        (
            "name",
            Value::from(
                p.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            ),
        ),
        (
            "parent",
            Value::from(abs.parent().map(show).unwrap_or_default()),
        ),
        ("path", Value::from(show(&abs))),
        ("size", Value::Num(meta.len() as f64)),
        (
            "type",
            Value::from(if meta.is_dir() {
                "directory"
            } else if meta.is_file() {
                "file"
            } else {
                ""
            }),
        ),
        ("isArchive", Value::Bool(false)),
        ("isSystem", Value::Bool(false)),
        ("scheme", Value::from("file")),
        ("isCaseSensitive", Value::Bool(cfg!(unix))),
        ("isAttributesSupported", Value::Bool(!cfg!(unix))),
        ("isModeSupported", Value::Bool(cfg!(unix))),
    ]))
}

fn md5_hex_lower(p: &Path) -> Option<String> {
    use md5::{Digest, Md5};
    use std::io::Read;
    let mut f = std::fs::File::open(p).ok()?;
    let mut h = Md5::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = f.read(&mut buf).ok()?;
        if n == 0 {
            break;
        }
        h.update(buf.get(..n)?);
    }
    Some(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// `fileInfo(file)`: the `cffile action="info"` struct (type `File`/`Dir`, mode, checksum).
pub(crate) fn file_info(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (p, meta) = existing(ctx, a.val(0)?)?;
    let mut pairs = vec![
        (
            "name",
            Value::from(
                p.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            ),
        ),
        ("size", Value::Num(meta.len() as f64)),
        (
            "type",
            Value::from(if meta.is_dir() { "Dir" } else { "File" }),
        ),
    ];
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        pairs.push((
            "execute",
            Value::Bool(meta.permissions().mode() & 0o111 != 0),
        ));
    }
    pairs.push(("read", Value::Bool(can_read(&p, &meta))));
    pairs.push(("write", Value::Bool(can_write(&p, &meta))));
    pairs.push(("dateLastModified", modified(&meta)));
    pairs.push(("attributes", Value::from(attributes(&p, &meta))));
    if cfg!(unix) {
        pairs.push(("mode", Value::from(mode_string(&meta))));
    }
    if meta.is_file() {
        if let Some(sum) = md5_hex_lower(&p) {
            pairs.push(("checksum", Value::from(sum)));
        }
    }
    Ok(record(pairs))
}

/// Remove `.` and `..` without touching the file system.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// `getCanonicalPath(path)`: absolute, with `.`/`..` and (for existing paths) links resolved.
pub(crate) fn get_canonical_path(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?;
    let p = resolve(ctx, &s)?;
    let canon = std::fs::canonicalize(&p)
        .unwrap_or_else(|_| normalize(&std::path::absolute(&p).unwrap_or_else(|_| p.clone())));
    let mut out = show(&canon);
    // Keep a trailing separator the caller gave.
    if (s.ends_with('/') || s.ends_with('\\')) && !out.ends_with(std::path::MAIN_SEPARATOR) {
        out.push(std::path::MAIN_SEPARATOR);
    }
    Ok(Value::from(out))
}

pub(crate) fn file_set_last_modified(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    use chrono::TimeZone;
    let (p, _) = existing(ctx, a.val(0)?)?;
    let d = a.val(1)?.to_date()?;
    let local = chrono::Local
        .from_local_datetime(&d.ndt())
        .earliest()
        .ok_or_else(|| {
            CfmlError::expression("The date does not exist in the server's time zone")
        })?;
    let ms = local.timestamp_millis();
    let t = if ms >= 0 {
        std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms as u64)
    } else {
        std::time::UNIX_EPOCH - std::time::Duration::from_millis(ms.unsigned_abs())
    };
    let f = std::fs::File::open(&p).map_err(|e| io_err("Can't open file", &p, &e))?;
    f.set_modified(t)
        .map_err(|e| io_err("Can't set the modification date of file", &p, &e))?;
    Ok(Value::Null)
}

/// Parse a Unix mode: octal digits (`644`, `0755`).
fn parse_mode(s: &str) -> Option<u32> {
    let t = s.trim();
    if t.is_empty() || t.len() > 4 || !t.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return None;
    }
    u32::from_str_radix(t, 8).ok()
}

#[cfg(unix)]
fn set_mode(p: &Path, mode: u32) -> CfResult<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode))
        .map_err(|e| io_err("Can't set the mode of file", p, &e))
}

#[cfg(not(unix))]
fn set_mode(p: &Path, mode: u32) -> CfResult<()> {
    let _ = mode;
    Err(app_err(format!(
        "Can't set the mode of file [{}]: modes are not supported on this system",
        show(&p)
    )))
}

pub(crate) fn file_set_access_mode(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (p, _) = existing(ctx, a.val(0)?)?;
    let m = a.str(1)?;
    let mode = parse_mode(&m).ok_or_else(|| {
        CfmlError::expression(format!(
            "Invalid argument [mode] for function [fileSetAccessMode]: [{m}] is not a valid mode, use octal digits like 644"
        ))
    })?;
    set_mode(&p, mode)?;
    Ok(Value::Null)
}

/// `fileSetAttribute(file, attribute)`: `readOnly` and `normal` remove or add the owner's write
/// permission (Java's `setWritable`, which Lucee calls); the
/// Windows-only `hidden`, `archive` and `system` flags have no Unix equivalent and are ignored
/// there, as Lucee's file resources ignore them.
pub(crate) fn file_set_attribute(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let (p, meta) = existing(ctx, a.val(0)?)?;
    let attr = a.str(1)?.trim().to_ascii_lowercase();
    let mut perms = meta.permissions();
    match attr.as_str() {
        "readonly" => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                perms.set_mode(perms.mode() & !0o200);
            }
            #[cfg(not(unix))]
            perms.set_readonly(true);
        }
        "normal" => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                perms.set_mode(perms.mode() | 0o200);
            }
            #[cfg(not(unix))]
            perms.set_readonly(false);
        }
        "hidden" | "archive" | "system" => return Ok(Value::Null),
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid argument [attribute] for function [fileSetAttribute]: invalid value [{other}], valid values are [normal,archive,hidden,system,readonly]"
            )))
        }
    }
    std::fs::set_permissions(&p, perms)
        .map_err(|e| io_err("Can't set the attributes of file", &p, &e))?;
    Ok(Value::Null)
}

/// Common types by extension.
const MIME_BY_EXT: &[(&str, &str)] = &[
    ("txt", "text/plain"),
    ("log", "text/plain"),
    ("csv", "text/csv"),
    ("htm", "text/html"),
    ("html", "text/html"),
    ("cfm", "text/html"),
    ("cfc", "text/plain"),
    ("css", "text/css"),
    ("js", "text/javascript"),
    ("mjs", "text/javascript"),
    ("json", "application/json"),
    ("xml", "application/xml"),
    ("md", "text/markdown"),
    ("pdf", "application/pdf"),
    ("zip", "application/zip"),
    ("gz", "application/gzip"),
    ("tar", "application/x-tar"),
    ("jar", "application/java-archive"),
    ("png", "image/png"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("gif", "image/gif"),
    ("bmp", "image/bmp"),
    ("webp", "image/webp"),
    ("svg", "image/svg+xml"),
    ("ico", "image/vnd.microsoft.icon"),
    ("tif", "image/tiff"),
    ("tiff", "image/tiff"),
    ("mp3", "audio/mpeg"),
    ("wav", "audio/wav"),
    ("ogg", "audio/ogg"),
    ("mp4", "video/mp4"),
    ("webm", "video/webm"),
    ("avi", "video/x-msvideo"),
    ("doc", "application/msword"),
    ("xls", "application/vnd.ms-excel"),
    ("ppt", "application/vnd.ms-powerpoint"),
    (
        "docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ),
    (
        "xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ),
    (
        "pptx",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ),
    ("rtf", "application/rtf"),
    ("woff", "font/woff"),
    ("woff2", "font/woff2"),
    ("ttf", "font/ttf"),
    ("wasm", "application/wasm"),
];

/// Magic numbers at the start of a file, and the MIME type each announces.
const MAGIC: &[(&[u8], &str)] = &[
    (b"%PDF-", "application/pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"PK\x03\x04", "application/zip"),
    (b"\x1f\x8b", "application/gzip"),
    (b"<?xml", "application/xml"),
    (b"{\\rtf", "application/rtf"),
    (b"ID3", "audio/mpeg"),
    (b"\xff\xfb", "audio/mpeg"),
    (b"OggS", "audio/ogg"),
    (b"II*\0", "image/tiff"),
    (b"MM\0*", "image/tiff"),
    (b"\0\0\x01\0", "image/x-icon"),
    (b"wOFF", "font/woff"),
    (b"wOF2", "font/woff2"),
    (b"MZ", "application/x-msdownload"),
    (b"\x7fELF", "application/x-executable"),
];

/// The type a file's first bytes announce.
fn sniff(head: &[u8]) -> Option<&'static str> {
    if let Some((_, m)) = MAGIC.iter().find(|(sig, _)| head.starts_with(sig)) {
        return Some(m);
    }
    // Signatures with a gap: a container's type further in, a BMP with its header.
    match (head.get(..4), head.get(4..8), head.get(8..12)) {
        (Some(b"RIFF"), _, Some(b"WEBP")) => Some("image/webp"),
        (Some(b"RIFF"), _, Some(b"WAVE")) => Some("audio/wav"),
        (_, Some(b"ftyp"), _) => Some("video/mp4"),
        _ if head.starts_with(b"BM") && head.len() > 14 => Some("image/bmp"),
        _ => None,
    }
}

/// The MIME type for a file name's extension (`application/octet-stream` when unknown).
pub fn mime_by_extension(name: &str) -> &'static str {
    let ext = std::path::Path::new(name)
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    MIME_BY_EXT
        .iter()
        .find(|(e, _)| *e == ext)
        .map_or("application/octet-stream", |(_, m)| *m)
}

/// `fileGetMimeType(file [, strict=true])`: with `strict`, the content decides (magic numbers,
/// then text or binary), else the extension. An empty or missing file is an error (Lucee 6).
pub(crate) fn file_get_mime_type(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = path_of(ctx, a.val(0)?)?;
    let strict = a.bool_or(1, true)?;
    let meta = std::fs::metadata(&p)
        .map_err(|_| app_err(format!("File [{}] does not exist", show(&p))))?;
    if !meta.is_file() || meta.len() == 0 {
        return Err(app_err(format!(
            "File [{}] is empty or not a file",
            show(&p)
        )));
    }
    if !strict {
        return Ok(Value::from(mime_by_extension(&p.to_string_lossy())));
    }
    let m =
        content_type(&p, &p.to_string_lossy()).map_err(|e| io_err("Can't read file", &p, &e))?;
    Ok(Value::from(m))
}

/// The MIME type of the file at `path` from its first bytes (magic numbers, then text or
/// binary); the extension of `name` only refines what the content leaves open (a zip that is an
/// Office document, text that is JSON or CSS).
pub(crate) fn content_type(path: &std::path::Path, name: &str) -> std::io::Result<&'static str> {
    use std::io::Read;
    let mut head = vec![0u8; 512];
    let n = std::fs::File::open(path)?.read(&mut head)?;
    head.truncate(n);
    let by_ext = Some(mime_by_extension(name)).filter(|m| *m != "application/octet-stream");
    if let Some(m) = sniff(&head) {
        // Office formats are zip files: the extension is more specific.
        if m == "application/zip" {
            if let Some(e) = by_ext.filter(|e| e.contains("openxml") || e.contains("java")) {
                return Ok(e);
            }
        }
        return Ok(m);
    }
    let text = std::str::from_utf8(&head).is_ok()
        || head
            .iter()
            .all(|&b| b >= 0x20 || matches!(b, b'\t' | b'\n' | b'\r'));
    Ok(match (text, by_ext) {
        (true, Some(m))
            if m.starts_with("text/")
                || m.contains("json")
                || m.contains("xml")
                || m.contains("svg") =>
        {
            m
        }
        (true, _) => "text/plain",
        (false, _) => "application/octet-stream",
    })
}

/// Walk a zip file's local headers as a streaming reader would: true when there is at least one
/// entry and every header up to the central directory is well formed.
fn zip_has_entries(data: &[u8]) -> bool {
    let u16_at = |i: usize| -> Option<usize> {
        Some(usize::from(u16::from_le_bytes([
            *data.get(i)?,
            *data.get(i + 1)?,
        ])))
    };
    let u32_at = |i: usize| -> Option<usize> {
        let b = data.get(i..i + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let mut pos = 0;
    let mut entries = 0;
    loop {
        match data.get(pos..pos + 4) {
            Some(b"PK\x03\x04") => {}
            // The central directory (or the end record) follows the last entry.
            Some(b"PK\x01\x02") | Some(b"PK\x05\x06") => return entries > 0,
            _ => return false,
        }
        let (Some(flags), Some(size), Some(name_len), Some(extra_len)) = (
            u16_at(pos + 6),
            u32_at(pos + 18),
            u16_at(pos + 26),
            u16_at(pos + 28),
        ) else {
            return false;
        };
        let data_at = pos + 30 + name_len + extra_len;
        if name_len == 0 || data_at > data.len() {
            return false;
        }
        entries += 1;
        if flags & 8 != 0 {
            // Sizes follow the data in a descriptor; a streaming reader inflates to find it.
            // The entry itself is well formed, which is what matters here.
            return true;
        }
        pos = data_at + size;
    }
}

/// `isZipFile(path)`: whether the file is a zip archive with at least one entry; false for
/// anything unreadable, as Lucee.
pub(crate) fn is_zip_file(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = match path_of(ctx, a.val(0)?) {
        Ok(p) => p,
        Err(_) => return Ok(Value::Bool(false)),
    };
    let ok = std::fs::metadata(&p)
        .ok()
        .filter(|m| m.is_file() && m.len() <= crate::array::MAX_STRING as u64)
        .and_then(|_| std::fs::read(&p).ok())
        .is_some_and(|d| zip_has_entries(&d));
    Ok(Value::Bool(ok))
}

#[cfg(test)]
mod tests {
    #[test]
    fn zips() {
        // One stored entry "a.txt" holding "hi", then an end record.
        let mut z = Vec::new();
        z.extend(b"PK\x03\x04");
        z.extend([20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        z.extend([0, 0, 0, 0]); // crc
        z.extend(2u32.to_le_bytes());
        z.extend(2u32.to_le_bytes());
        z.extend(5u16.to_le_bytes());
        z.extend(0u16.to_le_bytes());
        z.extend(b"a.txt");
        z.extend(b"hi");
        z.extend(b"PK\x05\x06");
        z.extend([0u8; 18]);
        assert!(super::zip_has_entries(&z));
        assert!(!super::zip_has_entries(b"PK\x05\x06"));
        assert!(!super::zip_has_entries(b"not a zip"));
        assert!(!super::zip_has_entries(&z[..20]));
    }
}
