//! `compress(format, source, target [, includeBaseFolder [, mode]])` and
//! `extract(format, source, target)`: Lucee's archive functions, for the formats `zip`, `tar`,
//! `tgz` (`tar.gz`), `tbz` (`tbz2`, `tar.bz`, `tar.bz2`), and the single-file compressions `gzip`
//! and `bzip` (`bzip2`).
//!
//! `compress` takes a file or a folder (recursively, the folder's own name as the top entry with
//! `includeBaseFolder`, else its contents), or a comma-separated list of them, and writes the
//! archive to a temporary file beside `target` that replaces `target` when complete. Folders
//! are stored as entries of their own (Lucee's tar writer leaves them out, so an empty folder
//! was lost); a symbolic link to a file is stored as the file's contents, a link to a folder is
//! not followed. `mode` (octal, `"644"`) is the permission of every file in a tar archive;
//! without it a file keeps its own. `gzip`/`bzip` compress one file into `target`.
//!
//! `extract` unpacks an archive (or every archive of a folder, for `zip` and `tar`) into the
//! existing folder `target`; `gzip`/`bzip` decompress one file into the file `target` (or into
//! the folder `target`, under the source's name less its extension). Nothing is ever written
//! outside `target`: an entry whose path is absolute or climbs out with `..`, or a symbolic link
//! that points out of it, refuses the archive with an error (Lucee writes such a zip entry into
//! the target folder under its bare name instead); a folder on the way that is a link leading
//! out of `target` is refused as well, and an existing link where a file is to be written is
//! replaced, not followed. An archive that expands beyond `MAX_BYTES` (or holds more than
//! `MAX_ENTRIES` entries) is refused as a possible zip bomb. The zip central directory and the
//! headers of a tar archive are checked before anything is written; the contents are counted
//! as they are written too (a zip entry's declared size may lie).

use super::{app_err, check_sandbox, resolve, show};
use rime_runtime::{Args, CfResult, CfmlError, Ctx, Value};
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The most bytes one archive may expand to.
const MAX_BYTES: u64 = 4 << 30;
/// The most entries one archive may hold.
const MAX_ENTRIES: u64 = 1_000_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Zip,
    Tar,
    Tgz,
    Tbz,
    Gzip,
    Bzip2,
}

impl Format {
    fn single_file(self) -> bool {
        matches!(self, Format::Gzip | Format::Bzip2)
    }
}

const FORMATS: &str = "bzip, bzip2, gzip, tar, tbz, tbz2, tgz, zip";

fn format(fname: &str, s: &str) -> CfResult<Format> {
    Ok(match s.trim().to_ascii_lowercase().as_str() {
        "zip" => Format::Zip,
        "tar" => Format::Tar,
        "tgz" | "tar.gz" | "tar.gzip" => Format::Tgz,
        "tbz" | "tbz2" | "tar.bz" | "tar.bz2" | "tar.bzip" | "tar.bzip2" => Format::Tbz,
        "gzip" | "gz" => Format::Gzip,
        "bzip" | "bzip2" | "bz2" => Format::Bzip2,
        other => {
            return Err(CfmlError::expression(format!(
                "{fname}: invalid format definition [{other}], valid formats are [{FORMATS}]"
            )))
        }
    })
}

/// The limits an extraction keeps (the constants, or smaller ones in tests).
#[derive(Clone, Copy)]
struct Limits {
    bytes: u64,
    entries: u64,
}

const LIMITS: Limits = Limits {
    bytes: MAX_BYTES,
    entries: MAX_ENTRIES,
};

/// The existing files or folders a `source` argument names: the one path, or else (as Lucee
/// reads it) a comma-separated list of paths.
fn sources(ctx: &mut dyn Ctx, fname: &str, s: &str) -> CfResult<Vec<PathBuf>> {
    let missing = |p: &Path| app_err(format!("{fname}: the source [{}] does not exist", show(p)));
    if !s.contains(',') {
        let p = resolve(ctx, s.trim())?;
        return if p.exists() {
            Ok(vec![p])
        } else {
            Err(missing(&p))
        };
    }
    if let Ok(p) = resolve(ctx, s.trim()) {
        if p.exists() {
            return Ok(vec![p]);
        }
    }
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let p = resolve(ctx, part)?;
        if !p.exists() {
            return Err(missing(&p));
        }
        out.push(p);
    }
    if out.is_empty() {
        return Err(app_err(format!("{fname}: no source given")));
    }
    Ok(out)
}

fn io_err(fname: &str, what: &str, p: &Path, e: &std::io::Error) -> Box<CfmlError> {
    app_err(format!("{fname}: {what} [{}]: {e}", show(p)))
}

// ---------------------------------------------------------------------------------------------
// compress
// ---------------------------------------------------------------------------------------------

/// One thing to store: a folder or a file, under its name in the archive (`/`-separated).
enum Item {
    Dir {
        name: String,
        mtime: SystemTime,
    },
    File {
        path: PathBuf,
        name: String,
        mode: u32,
        mtime: SystemTime,
    },
}

pub(crate) fn compress(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let fmt = format("compress", &a.str(0)?)?;
    let srcs = sources(ctx, "compress", &a.str(1)?)?;
    let target = resolve(ctx, &a.str(2)?)?;
    let include_base = a.bool_or(3, true)?;
    let mode = match a.get(4) {
        Some(v) if !v.is_null() && !v.to_str()?.trim().is_empty() => {
            Some(parse_mode(&v.to_str()?)?)
        }
        _ => None,
    };
    if target.is_dir() {
        return Err(app_err(format!(
            "compress: the target [{}] is a folder; give the path of the archive file to write",
            show(&target)
        )));
    }
    let parent = target
        .parent()
        .filter(|p| p.is_dir())
        .ok_or_else(|| {
            app_err(format!(
                "compress: the folder of the target [{}] does not exist",
                show(&target)
            ))
        })?
        .to_path_buf();
    let sandbox = ctx.file_sandbox();
    let sandbox = sandbox.as_deref();

    if fmt.single_file() {
        let [src] = srcs.as_slice() else {
            return Err(app_err(format!(
                "compress: the format [{}] compresses a single file; use tgz or tbz (tar) for several",
                if fmt == Format::Gzip { "gzip" } else { "bzip2" }
            )));
        };
        if !src.is_file() {
            return Err(app_err(format!(
                "compress: you can only create a {} file from a single source file, [{}] is a folder; use {} to tar it first",
                if fmt == Format::Gzip { "GZIP" } else { "BZIP2" },
                show(src),
                if fmt == Format::Gzip { "tgz" } else { "tbz" }
            )));
        }
        let src = src.clone();
        return write_atomically(&target, &parent, |out| {
            let mut input =
                File::open(&src).map_err(|e| io_err("compress", "can't read", &src, &e))?;
            let w = BufWriter::new(out);
            let e = |e: std::io::Error| io_err("compress", "can't write", &target, &e);
            if fmt == Format::Gzip {
                let mut enc = flate2::write::GzEncoder::new(w, flate2::Compression::default());
                std::io::copy(&mut input, &mut enc).map_err(e)?;
                enc.finish().and_then(|mut w| w.flush()).map_err(e)
            } else {
                let mut enc = bzip2::write::BzEncoder::new(w, bzip2::Compression::default());
                std::io::copy(&mut input, &mut enc).map_err(e)?;
                enc.finish().and_then(|mut w| w.flush()).map_err(e)
            }
        })
        .map(|_| Value::Bool(true));
    }

    // Everything to store, gathered before the archive is opened (an archive written inside the
    // folder being compressed is left out of it).
    let skip = file_id(&target);
    let mut items = Vec::new();
    for src in &srcs {
        // A source that is itself a link is followed (`resolve` has checked where it leads).
        let real = src.canonicalize().unwrap_or_else(|_| src.clone());
        let name = src
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // A folder without a name of its own (`/`) gives its contents, as without the base.
        if real.is_dir() && (name.is_empty() || (!include_base && srcs.len() == 1)) {
            for (child, name) in children(&real)? {
                walk(&child, name, sandbox, skip, &mut items)?;
            }
        } else {
            walk(&real, name, sandbox, skip, &mut items)?;
        }
    }
    write_atomically(&target, &parent, |out| match fmt {
        Format::Zip => write_zip(out, &items, &target),
        Format::Tar => write_tar(BufWriter::new(out), &items, mode, &target).and_then(|mut w| {
            w.flush()
                .map_err(|e| io_err("compress", "can't write", &target, &e))
        }),
        Format::Tgz => {
            let enc =
                flate2::write::GzEncoder::new(BufWriter::new(out), flate2::Compression::default());
            let enc = write_tar(enc, &items, mode, &target)?;
            enc.finish()
                .and_then(|mut w| w.flush())
                .map_err(|e| io_err("compress", "can't write", &target, &e))
        }
        _ => {
            let enc =
                bzip2::write::BzEncoder::new(BufWriter::new(out), bzip2::Compression::default());
            let enc = write_tar(enc, &items, mode, &target)?;
            enc.finish()
                .and_then(|mut w| w.flush())
                .map_err(|e| io_err("compress", "can't write", &target, &e))
        }
    })?;
    Ok(Value::Bool(true))
}

/// `mode` as Lucee reads it: octal digits (`"777"`, `"0644"`).
fn parse_mode(s: &str) -> CfResult<u32> {
    let t = s.trim();
    match u32::from_str_radix(t, 8) {
        Ok(m) if t.len() <= 4 && m <= 0o7777 => Ok(m),
        _ => Err(CfmlError::expression(format!(
            "compress: invalid mode [{t}], give octal permissions such as 644 or 755"
        ))),
    }
}

/// Write a new file next to `target` with `fill`, then rename it over `target`; the partial
/// file is removed on failure.
fn write_atomically(
    target: &Path,
    parent: &Path,
    fill: impl FnOnce(File) -> CfResult<()>,
) -> CfResult<()> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = parent.join(format!(".{name}.{:08x}.rime-tmp", rand::random::<u32>()));
    let f = File::create(&tmp).map_err(|e| io_err("compress", "can't write", &tmp, &e))?;
    let done = fill(f).and_then(|_| {
        std::fs::rename(&tmp, target).map_err(|e| io_err("compress", "can't write", target, &e))
    });
    if done.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    done
}

/// The device and inode of a file, to leave it out of its own archive.
fn file_id(p: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(p).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = p;
        None
    }
}

/// A folder's entries with their names, sorted by name.
fn children(dir: &Path) -> CfResult<Vec<(PathBuf, String)>> {
    let rd = std::fs::read_dir(dir).map_err(|e| io_err("compress", "can't list", dir, &e))?;
    let mut out: Vec<(PathBuf, String)> = rd
        .flatten()
        .map(|e| (e.path(), e.file_name().to_string_lossy().into_owned()))
        .collect();
    out.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(out)
}

fn walk(
    path: &Path,
    name: String,
    sandbox: Option<&[PathBuf]>,
    skip: Option<(u64, u64)>,
    out: &mut Vec<Item>,
) -> CfResult<()> {
    let meta =
        std::fs::symlink_metadata(path).map_err(|e| io_err("compress", "can't read", path, &e))?;
    let meta = if meta.file_type().is_symlink() {
        // A link is followed to a file (inside the sandbox), never to a folder.
        let Ok(real) = path.canonicalize() else {
            return Ok(());
        };
        check_sandbox(&real, sandbox)?;
        match std::fs::metadata(&real) {
            Ok(m) if m.is_file() => m,
            _ => return Ok(()),
        }
    } else {
        meta
    };
    let mtime = meta.modified().unwrap_or(UNIX_EPOCH);
    if meta.is_dir() {
        out.push(Item::Dir {
            name: name.clone(),
            mtime,
        });
        for (child, child_name) in children(path)? {
            walk(&child, format!("{name}/{child_name}"), sandbox, skip, out)?;
        }
    } else if meta.is_file() {
        if skip.is_some() && skip == file_id(path) {
            return Ok(());
        }
        out.push(Item::File {
            path: path.to_path_buf(),
            name,
            mode: file_mode(&meta),
            mtime,
        });
    }
    Ok(())
}

fn file_mode(m: &std::fs::Metadata) -> u32 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        m.permissions().mode() & 0o7777
    }
    #[cfg(not(unix))]
    {
        if m.permissions().readonly() {
            0o444
        } else {
            0o644
        }
    }
}

fn zip_time(t: SystemTime) -> Option<zip::DateTime> {
    use chrono::{Datelike, Timelike};
    let n = chrono::DateTime::<chrono::Local>::from(t).naive_local();
    zip::DateTime::from_date_and_time(
        u16::try_from(n.year()).ok()?,
        n.month() as u8,
        n.day() as u8,
        n.hour() as u8,
        n.minute() as u8,
        n.second() as u8,
    )
    .ok()
}

fn write_zip(out: File, items: &[Item], target: &Path) -> CfResult<()> {
    let zerr = |e: zip::result::ZipError| {
        app_err(format!("compress: can't write [{}]: {e}", show(target)))
    };
    let ioerr = |e: std::io::Error| io_err("compress", "can't write", target, &e);
    let mut w = zip::ZipWriter::new(BufWriter::new(out));
    for item in items {
        let mut opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        match item {
            Item::Dir { name, mtime } => {
                if let Some(t) = zip_time(*mtime) {
                    opts = opts.last_modified_time(t);
                }
                w.add_directory(format!("{name}/"), opts).map_err(zerr)?;
            }
            Item::File {
                path,
                name,
                mode,
                mtime,
            } => {
                let mut f =
                    File::open(path).map_err(|e| io_err("compress", "can't read", path, &e))?;
                let len = f.metadata().map(|m| m.len()).unwrap_or(0);
                if let Some(t) = zip_time(*mtime) {
                    opts = opts.last_modified_time(t);
                }
                opts = opts
                    .unix_permissions(*mode & 0o777)
                    .large_file(len >= u64::from(u32::MAX));
                w.start_file(name.as_str(), opts).map_err(zerr)?;
                std::io::copy(&mut f, &mut w).map_err(ioerr)?;
            }
        }
    }
    w.finish().map_err(zerr)?.flush().map_err(ioerr)
}

fn secs(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn write_tar<W: Write>(w: W, items: &[Item], mode: Option<u32>, target: &Path) -> CfResult<W> {
    let ioerr = |e: std::io::Error| io_err("compress", "can't write", target, &e);
    let mut b = tar::Builder::new(w);
    for item in items {
        let mut h = tar::Header::new_gnu();
        match item {
            Item::Dir { name, mtime } => {
                h.set_entry_type(tar::EntryType::Directory);
                h.set_mode(0o755);
                h.set_size(0);
                h.set_mtime(secs(*mtime));
                b.append_data(&mut h, format!("{name}/"), std::io::empty())
                    .map_err(ioerr)?;
            }
            Item::File {
                path,
                name,
                mode: own,
                mtime,
            } => {
                let f = File::open(path).map_err(|e| io_err("compress", "can't read", path, &e))?;
                let len = f
                    .metadata()
                    .map_err(|e| io_err("compress", "can't read", path, &e))?
                    .len();
                h.set_entry_type(tar::EntryType::Regular);
                h.set_mode(mode.unwrap_or(*own));
                h.set_size(len);
                h.set_mtime(secs(*mtime));
                b.append_data(&mut h, name, f.take(len)).map_err(ioerr)?;
            }
        }
    }
    b.into_inner().map_err(ioerr)
}

// ---------------------------------------------------------------------------------------------
// extract
// ---------------------------------------------------------------------------------------------

pub(crate) fn extract(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let fmt = format("extract", &a.str(0)?)?;
    let srcs = sources(ctx, "extract", &a.str(1)?)?;
    let target = resolve(ctx, &a.str(2)?)?;
    if fmt.single_file() {
        let [src] = srcs.as_slice() else {
            return Err(app_err(
                "extract: gzip and bzip2 decompress a single file; give one source",
            ));
        };
        if !src.is_file() {
            return Err(app_err(format!(
                "extract: the source [{}] is not a file",
                show(src)
            )));
        }
        let out = if target.is_dir() {
            let stem = src
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            target.join(stem)
        } else {
            target
        };
        if out == *src || out.canonicalize().ok() == src.canonicalize().ok() {
            return Err(app_err(format!(
                "extract: the file to write [{}] is the source itself",
                show(&out)
            )));
        }
        decompress_file(fmt, src, &out, LIMITS)?;
        return Ok(Value::Bool(true));
    }
    if !target.is_dir() {
        return Err(app_err(format!(
            "extract: the target [{}] is not an existing directory",
            show(&target)
        )));
    }
    // A folder as the source: every archive of that format in it (not recursively).
    let mut archives = Vec::new();
    for src in srcs {
        if src.is_dir() {
            let exts: &[&str] = match fmt {
                Format::Zip => &["zip", "jar", "war", "ear"],
                Format::Tar => &["tar"],
                _ => {
                    return Err(app_err(format!(
                        "extract: the source [{}] is a folder; a folder of archives can be extracted as zip or tar only",
                        show(&src)
                    )))
                }
            };
            let before = archives.len();
            for (p, name) in children(&src)? {
                let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
                if p.is_file() && ext.is_some_and(|e| exts.contains(&e.as_str())) {
                    archives.push(p);
                }
            }
            if archives.len() == before {
                return Err(app_err(format!(
                    "extract: the folder [{}] has no {} archive",
                    show(&src),
                    exts.join("/")
                )));
            }
        } else {
            archives.push(src);
        }
    }
    for archive in &archives {
        extract_archive(fmt, archive, &target, LIMITS)?;
    }
    Ok(Value::Bool(true))
}

fn extract_archive(fmt: Format, archive: &Path, dest: &Path, limits: Limits) -> CfResult<()> {
    let root = dest
        .canonicalize()
        .map_err(|e| io_err("extract", "can't open the folder", dest, &e))?;
    let ex = Extraction {
        archive,
        root: &root,
        dest,
    };
    match fmt {
        Format::Zip => ex.zip(limits),
        _ => ex.tar(fmt, limits),
    }
}

/// The bytes left of an extraction's budget.
struct Budget {
    left: u64,
    limit: u64,
}

/// One archive being extracted into the folder `root` (canonical; `dest` as the template named
/// it, for messages).
struct Extraction<'a> {
    archive: &'a Path,
    root: &'a Path,
    dest: &'a Path,
}

impl Extraction<'_> {
    fn refused(&self, entry: &str, why: &str) -> Box<CfmlError> {
        app_err(format!(
            "extract: the archive [{}] was refused: its entry [{entry}] {why}; nothing is written outside the target folder [{}]",
            show(self.archive),
            show(self.dest)
        ))
    }

    fn too_large(&self, limit: u64) -> Box<CfmlError> {
        app_err(format!(
            "extract: the archive [{}] expands to more than {limit} bytes ({} MB); refused as a possible zip bomb",
            show(self.archive),
            limit / (1 << 20)
        ))
    }

    fn read_err(&self, e: impl std::fmt::Display) -> Box<CfmlError> {
        app_err(format!(
            "extract: [{}] is not a readable archive: {e}",
            show(self.archive)
        ))
    }

    fn write_err(&self, p: &Path, e: &std::io::Error) -> Box<CfmlError> {
        io_err("extract", "can't write", p, e)
    }

    /// The path components of an entry's name under the target folder, or the refusal.
    fn parts(&self, name: &str) -> CfResult<Vec<String>> {
        entry_parts(name).map_err(|why| self.refused(name, why))
    }

    /// The folder `parts` names under the root, made where missing. A folder on the way that is
    /// a symbolic link must lead to a folder inside the root; the path returned is the real one.
    fn dir(&self, parts: &[String], entry: &str) -> CfResult<PathBuf> {
        let mut cur = self.root.to_path_buf();
        for p in parts {
            cur.push(p);
            match std::fs::symlink_metadata(&cur) {
                Ok(m) if m.is_dir() => {}
                Ok(m) if m.file_type().is_symlink() => {
                    let real = cur.canonicalize().ok().filter(|r| r.is_dir());
                    match real {
                        Some(r) if r.starts_with(self.root) => cur = r,
                        _ => {
                            return Err(self.refused(
                                entry,
                                "leads through a symbolic link that points out of the target folder",
                            ))
                        }
                    }
                }
                Ok(_) => {
                    return Err(app_err(format!(
                        "extract: the entry [{entry}] of [{}] needs the folder [{}], but a file is there",
                        show(self.archive),
                        show(&cur)
                    )))
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    std::fs::create_dir(&cur).map_err(|e| self.write_err(&cur, &e))?;
                }
                Err(e) => return Err(self.write_err(&cur, &e)),
            }
        }
        Ok(cur)
    }

    /// The file an entry is written to, in its (real) folder; a link already there is removed
    /// rather than followed.
    fn file_path(&self, parts: &[String], entry: &str) -> CfResult<PathBuf> {
        let (last, dirs) = parts
            .split_last()
            .ok_or_else(|| self.refused(entry, "has no name"))?;
        let path = self.dir(dirs, entry)?.join(last);
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                std::fs::remove_file(&path).map_err(|e| self.write_err(&path, &e))?;
            }
            Ok(m) if m.is_dir() => {
                return Err(app_err(format!(
                    "extract: the entry [{entry}] of [{}] is a file, but the folder [{}] is there",
                    show(self.archive),
                    show(&path)
                )))
            }
            _ => {}
        }
        Ok(path)
    }

    /// Write `r` to the file of an entry, within the budget.
    fn write_file(
        &self,
        parts: &[String],
        entry: &str,
        r: &mut dyn Read,
        budget: &mut Budget,
        mtime: Option<SystemTime>,
    ) -> CfResult<PathBuf> {
        let path = self.file_path(parts, entry)?;
        let mut f = File::create(&path).map_err(|e| self.write_err(&path, &e))?;
        let n = std::io::copy(&mut r.take(budget.left.saturating_add(1)), &mut f)
            .map_err(|e| self.read_err(e))?;
        if n > budget.left {
            drop(f);
            let _ = std::fs::remove_file(&path);
            return Err(self.too_large(budget.limit));
        }
        budget.left -= n;
        if let Some(t) = mtime {
            let _ = f.set_modified(t);
        }
        Ok(path)
    }

    /// A symbolic link entry: made only when it points inside the target folder, seen from the
    /// real folder it is made in.
    fn link(&self, parts: &[String], entry: &str, to: &str) -> CfResult<()> {
        let escapes = || {
            self.refused(
                entry,
                &format!("is a symbolic link to [{to}], outside the target folder"),
            )
        };
        if !link_inside(parts, to) {
            return Err(escapes());
        }
        let path = self.file_path(parts, entry)?;
        let real_parent: Vec<String> = path
            .parent()
            .and_then(|p| p.strip_prefix(self.root).ok())
            .map(|rel| {
                rel.components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        let mut at = real_parent;
        at.push(String::new());
        if !link_inside(&at, to) {
            return Err(escapes());
        }
        if std::fs::symlink_metadata(&path).is_ok() {
            std::fs::remove_file(&path).map_err(|e| self.write_err(&path, &e))?;
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink(to, &path).map_err(|e| self.write_err(&path, &e))?;
        Ok(())
    }

    fn zip(&self, limits: Limits) -> CfResult<()> {
        let f = File::open(self.archive).map_err(|e| self.read_err(e))?;
        let mut zip = zip::ZipArchive::new(BufReader::new(f)).map_err(|e| self.read_err(e))?;
        if zip.len() as u64 > limits.entries {
            return Err(app_err(format!(
                "extract: the archive [{}] has {} entries, more than the {} allowed",
                show(self.archive),
                zip.len(),
                limits.entries
            )));
        }
        // The central directory first: every name, and the sizes the entries declare.
        let mut declared = 0u64;
        for i in 0..zip.len() {
            let e = zip.by_index_raw(i).map_err(|e| self.read_err(e))?;
            self.parts(e.name())?;
            declared = declared.saturating_add(e.size());
        }
        if declared > limits.bytes {
            return Err(self.too_large(limits.bytes));
        }
        let mut budget = Budget {
            left: limits.bytes,
            limit: limits.bytes,
        };
        for i in 0..zip.len() {
            let mut e = zip.by_index(i).map_err(|e| self.read_err(e))?;
            let name = e.name().to_string();
            let parts = self.parts(&name)?;
            if parts.is_empty() {
                continue;
            }
            if e.is_dir() {
                self.dir(&parts, &name)?;
            } else if e.is_symlink() {
                let mut to = String::new();
                (&mut e)
                    .take(4096)
                    .read_to_string(&mut to)
                    .map_err(|e| self.read_err(e))?;
                self.link(&parts, &name, &to)?;
            } else {
                let mtime = e.last_modified().and_then(zip_system_time);
                self.write_file(&parts, &name, &mut e, &mut budget, mtime)?;
            }
        }
        Ok(())
    }

    fn tar_reader(&self, fmt: Format) -> CfResult<Box<dyn Read>> {
        let f = BufReader::new(File::open(self.archive).map_err(|e| self.read_err(e))?);
        Ok(match fmt {
            Format::Tgz => Box::new(flate2::read::MultiGzDecoder::new(f)),
            Format::Tbz => Box::new(bzip2::read::MultiBzDecoder::new(f)),
            _ => Box::new(f),
        })
    }

    fn tar(&self, fmt: Format, limits: Limits) -> CfResult<()> {
        // The headers first: names, link targets and sizes, before anything is written.
        {
            let mut ar = tar::Archive::new(self.tar_reader(fmt)?);
            let (mut total, mut count) = (0u64, 0u64);
            for entry in ar.entries().map_err(|e| self.read_err(e))? {
                let e = entry.map_err(|e| self.read_err(e))?;
                count += 1;
                if count > limits.entries {
                    return Err(app_err(format!(
                        "extract: the archive [{}] has more than the {} entries allowed",
                        show(self.archive),
                        limits.entries
                    )));
                }
                let name = String::from_utf8_lossy(&e.path_bytes()).into_owned();
                let parts = self.parts(&name)?;
                let kind = e.header().entry_type();
                let to = e
                    .link_name_bytes()
                    .map(|l| String::from_utf8_lossy(&l).into_owned());
                if kind.is_symlink() {
                    let to = to.unwrap_or_default();
                    if !link_inside(&parts, &to) {
                        return Err(self.refused(
                            &name,
                            &format!("is a symbolic link to [{to}], outside the target folder"),
                        ));
                    }
                } else if kind.is_hard_link() {
                    let to = to.unwrap_or_default();
                    entry_parts(&to).map_err(|why| {
                        self.refused(&name, &format!("is a hard link to [{to}], which {why}"))
                    })?;
                }
                total = total.saturating_add(e.size());
                if total > limits.bytes {
                    return Err(self.too_large(limits.bytes));
                }
            }
        }
        let mut budget = Budget {
            left: limits.bytes,
            limit: limits.bytes,
        };
        let mut ar = tar::Archive::new(self.tar_reader(fmt)?);
        for entry in ar.entries().map_err(|e| self.read_err(e))? {
            let mut e = entry.map_err(|e| self.read_err(e))?;
            let name = String::from_utf8_lossy(&e.path_bytes()).into_owned();
            let parts = self.parts(&name)?;
            if parts.is_empty() {
                continue;
            }
            let kind = e.header().entry_type();
            let mtime = e
                .header()
                .mtime()
                .ok()
                .map(|s| UNIX_EPOCH + Duration::from_secs(s));
            let mode = e.header().mode().ok();
            if kind.is_dir() {
                self.dir(&parts, &name)?;
            } else if kind.is_symlink() {
                let to = e
                    .link_name_bytes()
                    .map(|l| String::from_utf8_lossy(&l).into_owned())
                    .unwrap_or_default();
                self.link(&parts, &name, &to)?;
            } else if kind.is_hard_link() {
                // A copy of the file already extracted (a link could reach outside).
                let to = e
                    .link_name_bytes()
                    .map(|l| String::from_utf8_lossy(&l).into_owned())
                    .unwrap_or_default();
                let from = self.root.join(
                    entry_parts(&to)
                        .map_err(|why| self.refused(&name, why))?
                        .join("/"),
                );
                let from = from
                    .canonicalize()
                    .ok()
                    .filter(|r| r.starts_with(self.root) && r.is_file())
                    .ok_or_else(|| {
                        self.refused(&name, &format!("is a hard link to [{to}], which is not a file extracted inside the target folder"))
                    })?;
                let mut src = File::open(&from).map_err(|e| self.read_err(e))?;
                self.write_file(&parts, &name, &mut src, &mut budget, mtime)?;
            } else if kind.is_file() || kind.is_contiguous() {
                let path = self.write_file(&parts, &name, &mut e, &mut budget, mtime)?;
                #[cfg(unix)]
                if let Some(m) = mode {
                    use std::os::unix::fs::PermissionsExt;
                    let _ =
                        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(m & 0o777));
                }
                #[cfg(not(unix))]
                let _ = (path, mode);
            }
            // Devices, fifos and the like are not made.
        }
        Ok(())
    }
}

fn zip_system_time(t: zip::DateTime) -> Option<SystemTime> {
    let n = chrono::NaiveDate::from_ymd_opt(
        i32::from(t.year()),
        u32::from(t.month()),
        u32::from(t.day()),
    )?
    .and_hms_opt(
        u32::from(t.hour()),
        u32::from(t.minute()),
        u32::from(t.second()),
    )?;
    let local = n.and_local_timezone(chrono::Local).earliest()?;
    Some(SystemTime::from(local))
}

/// The path components an archive entry's name stands for under the target folder (`/` and `\`
/// separate them, `.` and empty ones are dropped), or why it may not be written: an absolute
/// path, or one that climbs out with `..`.
fn entry_parts(name: &str) -> Result<Vec<String>, &'static str> {
    if name.starts_with(['/', '\\']) {
        return Err("is an absolute path");
    }
    let mut out = Vec::new();
    for (i, p) in name.split(['/', '\\']).enumerate() {
        match p {
            "" | "." => {}
            ".." => return Err("climbs out of the target folder (..)"),
            p if i == 0 && p.len() == 2 && p.ends_with(':') => {
                return Err("is an absolute path (a drive)")
            }
            p if p.contains('\0') => return Err("has a NUL character in its name"),
            p => out.push(p.to_string()),
        }
    }
    Ok(out)
}

/// Whether a symbolic link at `parts` (its folders, then its own name) pointing to `to` stays
/// inside the target folder.
fn link_inside(parts: &[String], to: &str) -> bool {
    if to.is_empty() || to.starts_with(['/', '\\']) {
        return false;
    }
    let mut stack: Vec<&str> = parts
        .split_last()
        .map(|(_, dirs)| dirs.iter().map(String::as_str).collect())
        .unwrap_or_default();
    for (i, c) in to.split(['/', '\\']).enumerate() {
        match c {
            "" | "." => {}
            ".." => {
                if stack.pop().is_none() {
                    return false;
                }
            }
            c if i == 0 && c.len() == 2 && c.ends_with(':') => return false,
            c => stack.push(c),
        }
    }
    true
}

/// Decompress a gzip or bzip2 file into `out` (through a temporary file beside it), within the
/// size limit.
fn decompress_file(fmt: Format, src: &Path, out: &Path, limits: Limits) -> CfResult<()> {
    let parent = out
        .parent()
        .filter(|p| p.is_dir())
        .ok_or_else(|| {
            app_err(format!(
                "extract: the folder of the target [{}] does not exist",
                show(out)
            ))
        })?
        .to_path_buf();
    let f = BufReader::new(File::open(src).map_err(|e| io_err("extract", "can't read", src, &e))?);
    let mut dec: Box<dyn Read> = if fmt == Format::Gzip {
        Box::new(flate2::read::MultiGzDecoder::new(f))
    } else {
        Box::new(bzip2::read::MultiBzDecoder::new(f))
    };
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = parent.join(format!(".{name}.{:08x}.rime-tmp", rand::random::<u32>()));
    let result = (|| {
        let mut w = BufWriter::new(
            File::create(&tmp).map_err(|e| io_err("extract", "can't write", &tmp, &e))?,
        );
        let n = std::io::copy(&mut (&mut dec).take(limits.bytes.saturating_add(1)), &mut w)
            .map_err(|e| {
                app_err(format!(
                    "extract: [{}] is not a readable {} file: {e}",
                    show(src),
                    if fmt == Format::Gzip { "gzip" } else { "bzip2" }
                ))
            })?;
        if n > limits.bytes {
            return Err(app_err(format!(
                "extract: [{}] expands to more than {} bytes ({} MB); refused as a possible zip bomb",
                show(src),
                limits.bytes,
                limits.bytes / (1 << 20)
            )));
        }
        w.flush()
            .map_err(|e| io_err("extract", "can't write", &tmp, &e))?;
        drop(w);
        std::fs::rename(&tmp, out).map_err(|e| io_err("extract", "can't write", out, &e))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch folder, removed when the test ends.
    struct Scratch(PathBuf);

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn scratch(tag: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!(
            "rime-archive-{tag}-{}-{:08x}",
            std::process::id(),
            rand::random::<u32>()
        ));
        let _ = std::fs::create_dir_all(d.join("out"));
        Scratch(d)
    }

    fn zip_with(path: &Path, entries: &[(&str, &[u8])]) -> bool {
        let Ok(f) = File::create(path) else {
            return false;
        };
        let mut w = zip::ZipWriter::new(f);
        for (name, data) in entries {
            if w.start_file(*name, zip::write::SimpleFileOptions::default())
                .is_err()
                || w.write_all(data).is_err()
            {
                return false;
            }
        }
        w.finish().is_ok()
    }

    /// A tar archive with raw header names (the tar crate's builder refuses `..`).
    fn tar_with(path: &Path, entries: &[(&str, tar::EntryType, &str, &[u8])]) -> bool {
        let mut out = Vec::new();
        for (name, kind, link, data) in entries {
            let mut h = tar::Header::new_old();
            {
                let raw = h.as_old_mut();
                raw.name[..name.len()].copy_from_slice(name.as_bytes());
                raw.linkname[..link.len()].copy_from_slice(link.as_bytes());
            }
            h.set_entry_type(*kind);
            h.set_mode(0o644);
            h.set_size(data.len() as u64);
            h.set_cksum();
            out.extend_from_slice(h.as_bytes());
            out.extend_from_slice(data);
            out.resize(out.len().div_ceil(512) * 512, 0);
        }
        out.resize(out.len() + 1024, 0);
        std::fs::write(path, out).is_ok()
    }

    fn message(r: CfResult<()>) -> String {
        match r {
            Ok(()) => "ok".to_string(),
            Err(e) => e.message.to_string(),
        }
    }

    fn read(p: &Path) -> Vec<u8> {
        std::fs::read(p).unwrap_or_default()
    }

    const REG: tar::EntryType = tar::EntryType::Regular;
    const SYM: tar::EntryType = tar::EntryType::Symlink;

    #[test]
    fn entry_names() {
        let v = |s: &[&str]| Ok(s.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        assert_eq!(entry_parts("a/b/./c.txt"), v(&["a", "b", "c.txt"]));
        assert_eq!(entry_parts("dir/"), v(&["dir"]));
        assert!(entry_parts("../x").is_err());
        assert!(entry_parts("a/../../x").is_err());
        assert!(entry_parts("a\\..\\x").is_err());
        assert!(entry_parts("/etc/passwd").is_err());
        assert!(entry_parts("\\x").is_err());
        assert!(entry_parts("C:/x").is_err());
        let p = |s: &str| entry_parts(s).unwrap_or_default();
        assert!(link_inside(&p("a/link"), "b.txt"));
        assert!(link_inside(&p("a/link"), "../b.txt"));
        assert!(!link_inside(&p("a/link"), "../../b.txt"));
        assert!(!link_inside(&p("link"), "/etc/passwd"));
        assert!(!link_inside(&p("link"), ".."));
    }

    #[test]
    fn zip_slip_is_refused_and_nothing_is_written() {
        let d = scratch("slip");
        let dest = d.0.join("out");
        let z = d.0.join("evil.zip");
        assert!(zip_with(
            &z,
            &[("good.txt", b"fine"), ("../evil.txt", b"bad")]
        ));
        let m = message(extract_archive(Format::Zip, &z, &dest, LIMITS));
        assert!(m.contains("[../evil.txt]") && m.contains("refused"), "{m}");
        assert!(!d.0.join("evil.txt").exists());
        assert!(!dest.join("good.txt").exists(), "checked before writing");

        assert!(zip_with(&z, &[("/tmp/abs.txt", b"bad")]));
        let m = message(extract_archive(Format::Zip, &z, &dest, LIMITS));
        assert!(m.contains("absolute"), "{m}");
    }

    #[test]
    fn tar_slip_and_links_out_are_refused() {
        let d = scratch("tarslip");
        let dest = d.0.join("out");
        let t = d.0.join("evil.tar");
        assert!(tar_with(
            &t,
            &[("ok.txt", REG, "", b"x"), ("../evil.txt", REG, "", b"bad")]
        ));
        let m = message(extract_archive(Format::Tar, &t, &dest, LIMITS));
        assert!(m.contains("climbs out"), "{m}");
        assert!(!d.0.join("evil.txt").exists() && !dest.join("ok.txt").exists());

        // A link out, then a file written through it.
        assert!(tar_with(
            &t,
            &[("up", SYM, "..", b""), ("up/evil.txt", REG, "", b"bad")]
        ));
        let m = message(extract_archive(Format::Tar, &t, &dest, LIMITS));
        assert!(m.contains("symbolic link"), "{m}");
        assert!(tar_with(&t, &[("abs", SYM, "/etc", b"")]));
        let m = message(extract_archive(Format::Tar, &t, &dest, LIMITS));
        assert!(m.contains("symbolic link"), "{m}");
        assert!(!d.0.join("evil.txt").exists());

        // A link inside is made, and files go through it.
        let dir = tar::EntryType::Directory;
        assert!(tar_with(
            &t,
            &[
                ("sub/", dir, "", b""),
                ("here", SYM, "sub", b""),
                ("here/in.txt", REG, "", b"in")
            ],
        ));
        assert_eq!(
            message(extract_archive(Format::Tar, &t, &dest, LIMITS)),
            "ok"
        );
        assert_eq!(read(&dest.join("sub/in.txt")), b"in");
        // Seen from where it is really made (sub/), `../x` is fine, `../../x` is not.
        assert!(tar_with(&t, &[("here/up", SYM, "../../x", b"")]));
        let m = message(extract_archive(Format::Tar, &t, &dest, LIMITS));
        assert!(m.contains("symbolic link"), "{m}");

        // A link that was already in the target folder, pointing out, is not followed.
        #[cfg(unix)]
        {
            let outside = d.0.join("outside");
            let _ = std::fs::create_dir_all(&outside);
            let _ = std::os::unix::fs::symlink(&outside, dest.join("pre"));
            assert!(tar_with(&t, &[("pre/evil.txt", REG, "", b"bad")]));
            let m = message(extract_archive(Format::Tar, &t, &dest, LIMITS));
            assert!(m.contains("symbolic link"), "{m}");
            assert!(!outside.join("evil.txt").exists());
            let _ = std::os::unix::fs::symlink(outside.join("f.txt"), dest.join("f.txt"));
            assert!(tar_with(&t, &[("f.txt", REG, "", b"new")]));
            assert_eq!(
                message(extract_archive(Format::Tar, &t, &dest, LIMITS)),
                "ok"
            );
            assert!(!outside.join("f.txt").exists(), "the link was replaced");
            assert_eq!(read(&dest.join("f.txt")), b"new");
        }
    }

    #[test]
    fn bombs_are_refused() {
        let d = scratch("bomb");
        let dest = d.0.join("out");
        let small = Limits {
            bytes: 1000,
            entries: 10,
        };
        let zeros = vec![0u8; 5000];
        let z = d.0.join("bomb.zip");
        assert!(zip_with(&z, &[("zeros.bin", &zeros)]));
        let m = message(extract_archive(Format::Zip, &z, &dest, small));
        assert!(m.contains("zip bomb"), "{m}");
        assert!(!dest.join("zeros.bin").exists());

        // A gzip file: decompressed within the bound, the partial output removed.
        let gz = d.0.join("zeros.gz");
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        assert!(enc.write_all(&zeros).is_ok());
        assert!(std::fs::write(&gz, enc.finish().unwrap_or_default()).is_ok());
        let m = message(decompress_file(
            Format::Gzip,
            &gz,
            &dest.join("zeros"),
            small,
        ));
        assert!(m.contains("zip bomb"), "{m}");
        assert_eq!(std::fs::read_dir(&dest).map(|r| r.count()).ok(), Some(0));
        let m = message(decompress_file(
            Format::Gzip,
            &gz,
            &dest.join("zeros"),
            LIMITS,
        ));
        assert_eq!(m, "ok");
        assert_eq!(read(&dest.join("zeros")).len(), 5000);

        let names: Vec<String> = (0..11).map(|i| format!("f{i}")).collect();
        let entries: Vec<(&str, tar::EntryType, &str, &[u8])> = names
            .iter()
            .map(|n| (n.as_str(), REG, "", &b""[..]))
            .collect();
        let t = d.0.join("many.tar");
        assert!(tar_with(&t, &entries));
        let m = message(extract_archive(Format::Tar, &t, &dest, small));
        assert!(m.contains("entries"), "{m}");
    }

    #[test]
    fn formats_and_modes() {
        assert_eq!(format("x", " TAR.GZ ").ok(), Some(Format::Tgz));
        assert_eq!(format("x", "bzip").ok(), Some(Format::Bzip2));
        assert!(format("x", "rar").is_err());
        assert_eq!(parse_mode("644").ok(), Some(0o644));
        assert!(parse_mode("9").is_err() && parse_mode("12345").is_err());
    }
}
