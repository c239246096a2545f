//! File functions: reading and writing whole files, copies and moves, file metadata, open file
//! handles (`handle`), directories (`dir`), INI profile files (`ini`), uploaded files (`upload`),
//! values saved to files (`objectSave`/`objectLoad`), the components of a package
//! (`componentListPackage`), zip archives (`zip`, for `<cfzip>`) and `compress`/`extract`
//! (`archive`: zip, tar, tgz, tbz, gzip, bzip2).
//!
//! These are the stdlib's only file-system I/O, all impure. Relative paths resolve against the
//! current template's directory (`expandPath`); absolute paths are used as given. Failures are
//! `application` errors naming the path; nothing here panics on bad input or I/O errors.

mod archive;
mod dir;
mod handle;
mod info;
pub use info::mime_by_extension;
mod ini;
mod ram;
#[cfg(test)]
mod tests;
mod upload;
pub mod zip;

use rime_runtime::{
    def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, DateTime, Struct, Value,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::array::MAX_STRING;
use crate::conversion::{charset, decode, encode, Charset};

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "fileRead",
        &[req("file"), opt("charsetOrBufferSize")],
        file_read,
    ),
    def("fileReadBinary", &[req("file")], file_read_binary),
    def("getVFSMetaData", &[req("scheme")], vfs_metadata),
    def("objectSave", &[req("input"), opt("filepath")], object_save),
    def("objectLoad", &[req("input")], object_load),
    def(
        "componentListPackage",
        &[req("package")],
        component_list_package,
    ),
    def(
        "fileWrite",
        &[req("file"), req("data"), opt("charset")],
        file_write,
    ),
    def(
        "fileAppend",
        &[req("file"), req("data"), opt("charset")],
        file_append,
    ),
    def(
        "fileExists",
        &[req("source"), opt("allowRealPath")],
        file_exists,
    ),
    def("fileDelete", &[req("file")], file_delete),
    // A file object is what `fileOpen` returns.
    def("isFileObject", &[req("value")], |_, a| {
        Ok(Value::Bool(handle::handle_id(a.val(0)?).is_some()))
    }),
    def("getFreeSpace", &[req("filepath")], |ctx, a| {
        space(ctx, a, "getFreeSpace", |p| fs4::available_space(p))
    }),
    def("getTotalSpace", &[req("filepath")], |ctx, a| {
        space(ctx, a, "getTotalSpace", |p| fs4::total_space(p))
    }),
    def(
        "fileUpload",
        &[
            req("destination"),
            opt("fileField"),
            opt("accept"),
            opt("nameConflict"),
            opt("strict"),
        ],
        upload::file_upload,
    ),
    def(
        "fileUploadAll",
        &[
            req("destination"),
            opt("accept"),
            opt("nameConflict"),
            opt("strict"),
        ],
        upload::file_upload_all,
    ),
    def("fileCopy", &[req("source"), req("destination")], file_copy),
    def("fileMove", &[req("source"), req("destination")], file_move),
    def("fileTouch", &[req("file"), opt("createPath")], file_touch),
    def(
        "fileOpen",
        &[req("file"), opt("mode"), opt("charset"), opt("seekable")],
        handle::file_open,
    ),
    def("fileClose", &[req("file")], handle::file_close),
    def("fileReadLine", &[req("file")], handle::file_read_line),
    def(
        "fileWriteLine",
        &[req("file"), req("data")],
        handle::file_write_line,
    ),
    def("fileIsEOF", &[req("file")], handle::file_is_eof),
    def("fileSeek", &[req("file"), req("pos")], handle::file_seek),
    def(
        "fileSkipBytes",
        &[req("file"), req("len")],
        handle::file_skip_bytes,
    ),
    def("getFileInfo", &[req("file")], info::get_file_info),
    def("fileInfo", &[req("file")], info::file_info),
    def(
        "fileSetLastModified",
        &[req("file"), req("date")],
        info::file_set_last_modified,
    ),
    def(
        "fileSetAccessMode",
        &[req("file"), req("mode")],
        info::file_set_access_mode,
    ),
    def(
        "fileSetAttribute",
        &[req("file"), req("attribute")],
        info::file_set_attribute,
    ),
    def(
        "fileGetMimeType",
        &[req("file"), opt("strict")],
        info::file_get_mime_type,
    ),
    def("getCanonicalPath", &[req("path")], info::get_canonical_path),
    def("isZipFile", &[req("path")], info::is_zip_file),
    def(
        "compress",
        &[
            req("format"),
            req("source"),
            req("target"),
            opt("includeBaseFolder"),
            opt("mode"),
        ],
        archive::compress,
    ),
    def(
        "extract",
        &[req("format"), req("source"), req("target")],
        archive::extract,
    ),
    def(
        "directoryCreate",
        &[req("path"), opt("createPath"), opt("ignoreExists")],
        dir::directory_create,
    ),
    def(
        "directoryDelete",
        &[req("path"), opt("recurse")],
        dir::directory_delete,
    ),
    def(
        "directoryExists",
        &[req("path"), opt("allowRealPath")],
        dir::directory_exists,
    ),
    def(
        "directoryList",
        &[
            req("path"),
            opt("recurse"),
            opt("listInfo"),
            opt("filter"),
            opt("sort"),
            opt("type"),
        ],
        dir::directory_list,
    ),
    def(
        "directoryRename",
        &[req("oldPath"), req("newPath"), opt("createPath")],
        dir::directory_rename,
    ),
    def(
        "directoryCopy",
        &[
            req("source"),
            req("destination"),
            opt("recurse"),
            opt("filter"),
            opt("createPath"),
        ],
        dir::directory_copy,
    ),
    def("directoryInfo", &[req("path")], dir::directory_info),
    def(
        "getProfileString",
        &[req("iniPath"), req("section"), req("entry")],
        ini::get_profile_string,
    ),
    def(
        "setProfileString",
        &[req("iniPath"), req("section"), req("entry"), req("value")],
        ini::set_profile_string,
    ),
    def(
        "getProfileSections",
        &[req("iniPath")],
        ini::get_profile_sections,
    ),
];

// ---------------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------------

pub(crate) fn app_err(msg: impl Into<String>) -> Box<CfmlError> {
    CfmlError::application(msg)
}

/// An I/O failure on `path`, with the operating system's reason as the detail.
pub(crate) fn io_err(what: &str, path: &Path, e: &std::io::Error) -> Box<CfmlError> {
    app_err(format!("{what} [{}]", show(path))).with_detail(e.to_string())
}

/// A path argument as a file-system path: absolute as given, relative to the current template.
/// A file handle from `fileOpen` stands for its file.
pub(crate) fn path_of(ctx: &mut dyn Ctx, v: &Value) -> CfResult<PathBuf> {
    if let Some(p) = handle::handle_path(v) {
        return Ok(p);
    }
    let s = v.to_str()?;
    resolve(ctx, &s)
}

/// A path a template names, as a file-system path: absolute as given, relative to the current
/// template. An absolute path that leads nowhere on disk (neither it nor its folder exists) is
/// read as Lucee does, relative to the web root or a mapping (`fileRead("/data/x.txt")`); `\`
/// separates folders as `/` does; `ram://` is the process's in-memory file system (`ram.rs`).
/// With the file sandbox on, a path outside the allowed folders (and `ram://`) is a `security`
/// error. Every file access of the stdlib and the VM's file tags goes through here.
pub fn resolve(ctx: &mut dyn Ctx, s: &str) -> CfResult<PathBuf> {
    let s = s.trim_end_matches(['\r', '\n']);
    if s.trim().is_empty() {
        return Err(app_err("The path must not be empty"));
    }
    if let Some(p) = ram::path(s) {
        return Ok(p);
    }
    let unix;
    let s = if cfg!(windows) || !s.contains('\\') {
        s
    } else {
        unix = s.replace('\\', "/");
        unix.as_str()
    };
    let p = Path::new(s);
    let path = if p.is_absolute() {
        // A file that exists, or one to be made in a folder that exists (not the file-system
        // root itself), is on disk as written; otherwise the web root or a mapping may hold it.
        // (The folder first: one `stat` for the usual path whose folder exists.)
        let on_disk = p
            .parent()
            .is_some_and(|d| d.parent().is_some() && d.is_dir())
            || p.exists();
        let virtual_path = (!on_disk && s.starts_with('/'))
            .then(|| PathBuf::from(ctx.expand_path(s)))
            .filter(|v| v.exists() || v.parent().is_some_and(Path::is_dir));
        virtual_path.unwrap_or_else(|| p.to_path_buf())
    } else {
        let expanded = PathBuf::from(ctx.expand_path(s));
        if expanded.is_absolute() {
            expanded
        } else {
            // A template without a directory (source run from memory) counts as living in the
            // web root, so relative paths never land in the process's working directory.
            PathBuf::from(ctx.expand_path("/")).join(s)
        }
    };
    check_sandbox(&path, ctx.file_sandbox().as_deref())?;
    Ok(path)
}

/// The file sandbox's verdict on `path` (`allowed`: None when the sandbox is off).
pub fn check_sandbox(path: &Path, allowed: Option<&[PathBuf]>) -> CfResult<()> {
    match allowed {
        Some(allowed) if !sandboxed(path, allowed) => Err(CfmlError::new(
            "security",
            format!(
                "access to [{}] is denied: the server's file sandbox allows only its web root, \
                 the temporary directory and the folders its configuration lists",
                show(path)
            ),
        )),
        _ => Ok(()),
    }
}

/// Whether `path` lies inside one of the `allowed` folders (canonical paths). `..` is taken
/// away lexically and the deepest existing ancestor is resolved through symbolic links, so
/// neither a `../` nor a link out of an allowed folder escapes it.
fn sandboxed(path: &Path, allowed: &[PathBuf]) -> bool {
    let mut clean = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                clean.pop();
            }
            std::path::Component::CurDir => {}
            other => clean.push(other),
        }
    }
    // The part that exists, resolved; the rest (a file about to be written) appended.
    let mut existing = clean.clone();
    let mut rest = Vec::new();
    let real = loop {
        match existing.canonicalize() {
            Ok(r) => break r,
            Err(_) => match (
                existing.file_name().map(|n| n.to_os_string()),
                existing.parent(),
            ) {
                (Some(name), Some(parent)) => {
                    rest.push(name);
                    existing = parent.to_path_buf();
                }
                _ => return false,
            },
        }
    };
    let full = rest.iter().rev().fold(real, |p, n| p.join(n));
    allowed.iter().any(|root| full.starts_with(root))
}

pub(crate) fn charset_or_default(a: &Args, i: usize) -> CfResult<Charset> {
    match a.get(i) {
        Some(v) if !v.to_str()?.trim().is_empty() => charset(&v.to_str()?),
        _ => charset("utf-8"),
    }
}

/// The date a file time stands for, in the server's zone at millisecond precision.
pub(crate) fn date_of(t: std::time::SystemTime) -> Value {
    use chrono::Timelike;
    let local: chrono::DateTime<chrono::Local> = t.into();
    let n = local.naive_local();
    let ms = n.nanosecond() / 1_000_000 * 1_000_000;
    Value::Date(DateTime::new(n.with_nanosecond(ms).unwrap_or(n)))
}

/// The path as CFML shows it.
/// Bytes of the file system holding a path (`getFreeSpace`: what an unprivileged process may
/// still write, as Java's `getUsableSpace`; `getTotalSpace`).
fn space(
    ctx: &mut dyn Ctx,
    a: &Args,
    fname: &str,
    of: fn(&Path) -> std::io::Result<u64>,
) -> CfResult<Value> {
    let p = resolve(ctx, &a.str(0)?)?;
    let bytes = of(&p).map_err(|e| {
        app_err(format!(
            "{fname}: can't read the file system of [{}]",
            show(&p)
        ))
        .with_detail(e.to_string())
    })?;
    Ok(Value::Num(bytes as f64))
}

/// The file behind a `ram://` path (None for other paths): for the VM's file tags.
pub fn ram_path(s: &str) -> Option<PathBuf> {
    ram::path(s)
}

/// A path as a template sees it (`ram://...` for the in-memory file system).
pub(crate) fn show(p: &Path) -> String {
    ram::display(p).unwrap_or_else(|| p.to_string_lossy().into_owned())
}

fn read_bytes(p: &Path) -> CfResult<Vec<u8>> {
    let meta = std::fs::metadata(p).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => app_err(format!("File [{}] does not exist", show(p))),
        _ => io_err("Can't read file", p, &e),
    })?;
    if meta.is_dir() {
        return Err(app_err(format!(
            "Can't read file [{}], it is a directory",
            show(p)
        )));
    }
    if meta.len() > MAX_STRING as u64 {
        return Err(app_err(format!(
            "File [{}] is too large to read into memory ({} bytes)",
            show(p),
            meta.len()
        )));
    }
    std::fs::read(p).map_err(|e| io_err("Can't read file", p, &e))
}

/// The bytes to write for a `data` argument: binary as is, anything simple in the charset.
fn data_bytes(v: &Value, cs: Charset) -> CfResult<Vec<u8>> {
    match v {
        Value::Binary(b) => Ok(b.as_ref().clone()),
        other => Ok(encode(&other.to_str()?, cs)),
    }
}

fn write_file(p: &Path, bytes: &[u8], append: bool) -> CfResult<()> {
    if let Some(parent) = p.parent().filter(|x| !x.as_os_str().is_empty()) {
        if !parent.exists() {
            return Err(app_err(format!(
                "parent directory for [{}] doesn't exist",
                show(p)
            )));
        }
    }
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .append(append)
        .truncate(!append)
        .open(p)
        .map_err(|e| io_err("Can't write file", p, &e))?;
    f.write_all(bytes)
        .map_err(|e| io_err("Can't write file", p, &e))
}

// ---------------------------------------------------------------------------------------------
// Whole-file functions
// ---------------------------------------------------------------------------------------------

/// `fileRead(file [, charsetOrBufferSize])`: a number is a buffer size (the first that many
/// characters), anything else a charset. On a handle, reads the next that many characters.
fn file_read(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let v = a.val(0)?;
    if handle::handle_id(v).is_some() {
        let n = a.num_or(1, 0.0)?;
        return handle::read_chunk(v, n);
    }
    let p = path_of(ctx, v)?;
    let second = a
        .get(1)
        .map(|x| x.to_str().map(|s| s.into_owned()))
        .transpose()?;
    let (cs, limit) = match second {
        Some(s) if rime_runtime::number::parse(&s).is_some() => {
            let n = rime_runtime::number::parse(&s).unwrap_or(0.0);
            (charset("utf-8")?, Some(n.max(0.0) as usize))
        }
        Some(s) if !s.trim().is_empty() => (charset(&s)?, None),
        _ => (charset("utf-8")?, None),
    };
    let mut bytes = read_bytes(&p)?;
    if let Some(n) = limit {
        bytes.truncate(n);
    }
    Ok(Value::from(decode(&bytes, cs)))
}

fn file_read_binary(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = path_of(ctx, a.val(0)?)?;
    Ok(Value::Binary(Arc::new(read_bytes(&p)?)))
}

/// The first bytes of what `objectSave` writes, to recognise it again.
const OBJECT_HEADER: &[u8] = b"RIME-OBJECT/1\n";

/// `objectSave(input [, filepath])`: the value as binary data, also written to `filepath` when
/// given. Lucee writes Java serialization; Rime writes a header and the value in `serialize`'s
/// notation (UTF-8), which `objectLoad` reads back. Functions, binary values and component
/// instances cannot be saved.
fn object_save(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let v = a.raw(0).cloned().unwrap_or_default();
    let text = crate::other::serialize::to_saved(ctx, &v)?;
    let mut bytes = OBJECT_HEADER.to_vec();
    bytes.extend_from_slice(text.as_bytes());
    if let Some(path) = a.get(1).filter(|p| !p.is_null()) {
        let path = path.to_str()?;
        if !path.trim().is_empty() {
            let p = resolve(ctx, &path)?;
            write_file(&p, &bytes, false)?;
        }
    }
    Ok(Value::Binary(Arc::new(bytes)))
}

/// `getVFSMetaData(scheme)`: what a file system Rime's file functions reach supports, as
/// Lucee describes its resource providers: `file` and `ram` (a folder on a tmpfs) keep
/// Unix modes and are case-sensitive, neither has Windows attributes; any other scheme is not
/// enabled.
fn vfs_metadata(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let scheme = a.str(0)?.trim().to_ascii_lowercase();
    let s = Struct::new();
    if scheme == "file" || scheme == "ram" {
        s.set_str("Scheme", Value::from(scheme.as_str()));
        s.set_str("Attributes", Value::Bool(false));
        s.set_str("CaseSensitive", Value::Bool(true));
        s.set_str("Mode", Value::Bool(true));
        s.set_str("Enabled", Value::Bool(true));
    } else {
        s.set_str("Enabled", Value::Bool(false));
    }
    Ok(Value::Struct(s))
}

/// `objectLoad(input)`: the value `objectSave` saved, from its binary data or from the file it
/// was written to. The data is read, never evaluated.
fn object_load(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let bytes = match a.val(0)? {
        Value::Binary(b) => b.as_ref().clone(),
        other => {
            let p = resolve(ctx, &other.to_str()?)?;
            read_bytes(&p)?
        }
    };
    let text = bytes
        .strip_prefix(OBJECT_HEADER)
        .and_then(|rest| std::str::from_utf8(rest).ok())
        .ok_or_else(|| {
            app_err("objectLoad: the data was not written by objectSave (or is damaged)")
        })?;
    crate::other::serialize::from_notation(ctx, text)
}

/// `componentListPackage(package)`: the names of the components (`.cfc` files, without the
/// extension) in a package (`"models.user"`): the folder it names from the web root or a
/// mapping, and for a name without a dot also the folder beside the current template, as Lucee
/// searches. Sorted by name (Lucee's order is a hash set's). A package without components is an
/// error, as in Lucee.
fn component_list_package(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let pkg = a.str(0)?.trim().to_string();
    if pkg.is_empty()
        || pkg.split('.').any(|part| {
            part.is_empty()
                || part == ".."
                || !part
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        })
    {
        return Err(app_err(format!("invalid package name [{pkg}]")));
    }
    let rel = pkg.replace('.', "/");
    let mut dirs = Vec::new();
    if !pkg.contains('.') {
        dirs.push(PathBuf::from(ctx.expand_path(&rel)));
    }
    dirs.push(PathBuf::from(ctx.expand_path(&format!("/{rel}"))));
    let sandbox = ctx.file_sandbox();
    let mut names = std::collections::BTreeSet::new();
    for dir in dirs {
        if !dir.is_absolute() || check_sandbox(&dir, sandbox.as_deref()).is_err() {
            continue;
        }
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in rd.flatten() {
            let path = entry.path();
            let is_cfc = path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case("cfc"));
            if is_cfc && path.is_file() {
                if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                    names.insert(stem.to_string());
                }
            }
        }
    }
    if names.is_empty() {
        return Err(app_err(format!("no package with name [{pkg}] found")));
    }
    Ok(Value::Array(rime_runtime::Array::from_vec(
        names.into_iter().map(Value::from).collect(),
    )))
}

/// `fileWrite(file, data [, charset])`: replaces the file, or writes to an open handle.
fn file_write(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let target = a.val(0)?;
    let data = a.val(1)?;
    if handle::handle_id(target).is_some() {
        handle::write_to(ctx, target, data, None)?;
        return Ok(Value::Null);
    }
    let p = path_of(ctx, target)?;
    let cs = charset_or_default(a, 2)?;
    write_file(&p, &data_bytes(data, cs)?, false)?;
    Ok(Value::Null)
}

/// `fileAppend(file, data [, charset])`: adds to the end, creating the file if needed.
fn file_append(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = path_of(ctx, a.val(0)?)?;
    let cs = charset_or_default(a, 2)?;
    write_file(&p, &data_bytes(a.val(1)?, cs)?, true)?;
    Ok(Value::Null)
}

/// Resolve a path for the existence checks; `allowRealPath=false` takes a relative path as is.
pub(crate) fn exists_path(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Option<PathBuf>> {
    let s = a.str(0)?;
    if s.trim().is_empty() {
        return Ok(None);
    }
    if let Some(p) = ram::path(&s) {
        return Ok(Some(p));
    }
    if !a.bool_or(1, true)? && !Path::new(s.as_ref()).is_absolute() {
        return Ok(Some(PathBuf::from(s.as_ref())));
    }
    resolve(ctx, &s).map(Some)
}

fn file_exists(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::Bool(
        exists_path(ctx, a)?.is_some_and(|p| p.is_file()),
    ))
}

fn file_delete(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = path_of(ctx, a.val(0)?)?;
    let meta = std::fs::symlink_metadata(&p)
        .map_err(|_| CfmlError::expression(format!("source file [{}] does not exist", show(&p))))?;
    if meta.is_dir() {
        return Err(app_err(format!(
            "Can't delete [{}], it is a directory; use directoryDelete()",
            show(&p)
        )));
    }
    std::fs::remove_file(&p).map_err(|e| io_err("Can't delete file", &p, &e))?;
    Ok(Value::Null)
}

/// The destination of a copy or move: a bare name is a sibling of the source, an existing
/// directory receives the source's name.
pub(crate) fn destination(ctx: &mut dyn Ctx, source: &Path, dest: &str) -> CfResult<PathBuf> {
    let mut d = if !dest.contains(['/', '\\']) {
        match source.parent() {
            Some(parent) => parent.join(dest),
            None => resolve(ctx, dest)?,
        }
    } else {
        resolve(ctx, dest)?
    };
    if d.is_dir() {
        if let Some(name) = source.file_name() {
            d = d.join(name);
        }
    }
    Ok(d)
}

fn copy_or_move(ctx: &mut dyn Ctx, a: &Args, moving: bool) -> CfResult<Value> {
    let src = path_of(ctx, a.val(0)?)?;
    if !src.exists() {
        return Err(CfmlError::expression(format!(
            "source file [{}] does not exist",
            show(&src)
        )));
    }
    if !src.is_file() {
        return Err(app_err(format!(
            "Source file [{}] is not a file",
            show(&src)
        )));
    }
    let dest_arg = a.str(1)?;
    let dst = destination(ctx, &src, &dest_arg)?;
    if src == dst {
        return Ok(Value::Null);
    }
    if moving {
        if std::fs::rename(&src, &dst).is_err() {
            // Across file systems a move is a copy and a delete.
            std::fs::copy(&src, &dst).map_err(|e| {
                app_err(format!(
                    "Can't move file [{}] to [{}]",
                    show(&src),
                    show(&dst)
                ))
                .with_detail(e.to_string())
            })?;
            std::fs::remove_file(&src).map_err(|e| io_err("Can't delete file", &src, &e))?;
        }
    } else {
        std::fs::copy(&src, &dst).map_err(|e| {
            app_err(format!(
                "Can't copy file [{}] to [{}]",
                show(&src),
                show(&dst)
            ))
            .with_detail(e.to_string())
        })?;
    }
    Ok(Value::Null)
}

fn file_copy(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    copy_or_move(ctx, a, false)
}

fn file_move(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    copy_or_move(ctx, a, true)
}

/// `fileTouch(file [, createPath=true])`: creates an empty file or updates its modification time.
fn file_touch(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = path_of(ctx, a.val(0)?)?;
    let create_path = a.bool_or(1, true)?;
    if p.is_dir() {
        return Err(app_err(format!(
            "Failed to touch file [{}], it is a directory",
            show(&p)
        )));
    }
    if let Some(parent) = p.parent().filter(|x| !x.as_os_str().is_empty()) {
        if !parent.exists() {
            if create_path {
                std::fs::create_dir_all(parent)
                    .map_err(|e| io_err("Can't create directory", parent, &e))?;
            } else {
                return Err(app_err(format!(
                    "Directory [{}] doesn't exist",
                    show(parent)
                )));
            }
        }
    }
    let f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&p)
        .map_err(|e| io_err("Failed to touch file", &p, &e))?;
    f.set_modified(std::time::SystemTime::now())
        .map_err(|e| io_err("Failed to touch file", &p, &e))?;
    Ok(Value::Null)
}

/// A struct from name/value pairs, keeping the order.
pub(crate) fn record(pairs: Vec<(&str, Value)>) -> Value {
    let s = Struct::with_flags(true);
    for (k, v) in pairs {
        s.set_str(k, v);
    }
    Value::Struct(s)
}
