//! `<cfzip>`: zip archives through the `zip` crate. Actions `zip` (a file or a folder, with
//! `recurse`, `filter`, `storePath`, `prefix`; `overwrite="false"` updates an existing
//! archive), `unzip` (into `destination`, never outside it), `list` (a query), `read`,
//! `readBinary` and `delete` of entries.

use super::show;
use super::{app_err, resolve};
use chrono::{Datelike, NaiveDateTime, Timelike};
use rime_runtime::query::Column;
use rime_runtime::{CfResult, Ctx, DateTime, Key, Query, Struct, Value};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Run `<cfzip>` with its attributes; the variable to set (`name` of `list`, `variable` of
/// `read`) and its value, if the action makes one.
pub fn zip_tag(ctx: &mut dyn Ctx, a: &Struct) -> CfResult<Option<(String, Value)>> {
    let text = |k: &str| -> CfResult<Option<String>> {
        match a.get(k) {
            Some(v) if !v.is_null() => Ok(Some(v.to_str()?.into_owned())),
            _ => Ok(None),
        }
    };
    let flag = |k: &str, default: bool| -> CfResult<bool> {
        match a.get(k) {
            Some(v) if !v.is_null() => v.to_bool(),
            _ => Ok(default),
        }
    };
    let action = text("action")?
        .unwrap_or_else(|| "zip".to_string())
        .to_ascii_lowercase();
    let file = text("file")?.ok_or_else(|| app_err("cfzip needs the attribute [file]"))?;
    let archive = resolve(ctx, &file)?;
    let filter = text("filter")?.unwrap_or_default();
    // `filter="*.log|*.txt"`: any of the patterns.
    let matches = |name: &str| {
        filter.is_empty()
            || filter
                .split('|')
                .any(|p| super::dir::wildcard(p.trim(), name))
    };
    match action.as_str() {
        "zip" => {
            let source = text("source")?.ok_or_else(|| app_err("cfzip zip needs [source]"))?;
            let source = resolve(ctx, &source)?;
            let prefix = text("prefix")?.unwrap_or_default();
            let store_path = flag("storepath", true)?;
            let mut files = Vec::new();
            if source.is_dir() {
                collect(&source, &source, flag("recurse", true)?, &mut files)?;
            } else if source.is_file() {
                let name = source.file_name().map(|n| n.to_string_lossy().into_owned());
                files.push((source.clone(), name.unwrap_or_default()));
            } else {
                return Err(app_err(format!(
                    "cfzip: the source [{}] does not exist",
                    show(&source)
                )));
            }
            let mut entries: Vec<(String, Vec<u8>, NaiveDateTime)> = Vec::new();
            // `overwrite="false"` (the default) updates the archive: its other entries stay.
            if archive.is_file() && !flag("overwrite", false)? {
                entries = read_all(&archive)?;
            }
            for (path, rel) in files {
                let leaf = rel.rsplit('/').next().unwrap_or(&rel).to_string();
                if !matches(&leaf) {
                    continue;
                }
                let mut name = if store_path { rel } else { leaf };
                if !prefix.is_empty() {
                    name = format!("{}/{name}", prefix.trim_matches('/'));
                }
                let bytes = std::fs::read(&path).map_err(|e| io_err(&path, e))?;
                let modified = std::fs::metadata(&path)
                    .and_then(|m| m.modified())
                    .map(|t| chrono::DateTime::<chrono::Local>::from(t).naive_local())
                    .unwrap_or_default();
                entries.retain(|(n, _, _)| n != &name);
                entries.push((name, bytes, modified));
            }
            write_all(&archive, &entries)?;
            Ok(None)
        }
        "unzip" => {
            let dest = text("destination")?
                .ok_or_else(|| app_err("cfzip unzip needs [destination]"))?;
            let dest = resolve(ctx, &dest)?;
            let overwrite = flag("overwrite", false)?;
            let store_path = flag("storepath", true)?;
            let only = text("entrypath")?;
            let mut zip = open(&archive)?;
            for i in 0..zip.len() {
                let mut entry = zip.by_index(i).map_err(|e| zip_err(&archive, e))?;
                // A name that climbs out of the destination (`../x`) is never written.
                let Some(rel) = entry.enclosed_name() else {
                    continue;
                };
                let name = entry.name().to_string();
                let leaf = rel.file_name().map(|n| n.to_string_lossy().into_owned());
                if only.as_deref().is_some_and(|o| o.trim_matches('/') != name.trim_matches('/'))
                    || !matches(leaf.as_deref().unwrap_or(""))
                {
                    continue;
                }
                let target = if store_path {
                    dest.join(&rel)
                } else {
                    dest.join(leaf.unwrap_or_default())
                };
                if entry.is_dir() {
                    if store_path {
                        std::fs::create_dir_all(&target).map_err(|e| io_err(&target, e))?;
                    }
                    continue;
                }
                if target.exists() && !overwrite {
                    continue;
                }
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| io_err(parent, e))?;
                }
                let mut bytes = Vec::new();
                entry
                    .read_to_end(&mut bytes)
                    .map_err(|e| io_err(&archive, e))?;
                std::fs::write(&target, bytes).map_err(|e| io_err(&target, e))?;
            }
            Ok(None)
        }
        "list" => {
            let name = text("name")?.ok_or_else(|| app_err("cfzip list needs [name]"))?;
            let mut zip = open(&archive)?;
            let mut rows: Vec<[Value; 8]> = Vec::new();
            for i in 0..zip.len() {
                let entry = zip.by_index(i).map_err(|e| zip_err(&archive, e))?;
                let full = entry.name().trim_end_matches('/').to_string();
                let (dir, leaf) = full.rsplit_once('/').unwrap_or(("", &full));
                if !matches(leaf) {
                    continue;
                }
                rows.push([
                    Value::from(entry.comment()),
                    Value::Num(entry.compressed_size() as f64),
                    Value::Num(entry.crc32() as f64),
                    entry
                        .last_modified()
                        .and_then(naive)
                        .map_or(Value::Null, |t| Value::Date(DateTime::new(t))),
                    Value::from(dir),
                    Value::from(full.as_str()),
                    Value::Num(entry.size() as f64),
                    Value::from(if entry.is_dir() { "directory" } else { "file" }),
                ]);
            }
            const COLUMNS: [(&str, &str); 8] = [
                ("comment", "VARCHAR"),
                ("compressedSize", "DOUBLE"),
                ("crc", "DOUBLE"),
                ("dateLastModified", "DATE"),
                ("directory", "VARCHAR"),
                ("name", "VARCHAR"),
                ("size", "DOUBLE"),
                ("type", "VARCHAR"),
            ];
            let mut q = Query::new(&[]);
            for (i, (col, ty)) in COLUMNS.iter().enumerate() {
                q.columns.push(Column {
                    name: Key::new(*col),
                    type_name: (*ty).to_string(),
                    values: rows.iter().map(|r| r[i].clone()).collect(),
                });
            }
            q.rows = rows.len();
            Ok(Some((
                name,
                Value::Query(Arc::new(parking_lot::RwLock::new(q))),
            )))
        }
        "read" | "readbinary" => {
            let entry_path =
                text("entrypath")?.ok_or_else(|| app_err("cfzip read needs [entryPath]"))?;
            let variable =
                text("variable")?.ok_or_else(|| app_err("cfzip read needs [variable]"))?;
            let mut zip = open(&archive)?;
            let mut entry = zip.by_name(entry_path.trim_start_matches('/')).map_err(|_| {
                app_err(format!(
                    "cfzip: the archive [{}] has no entry [{entry_path}]",
                    show(&archive)
                ))
            })?;
            let mut bytes = Vec::new();
            entry
                .read_to_end(&mut bytes)
                .map_err(|e| io_err(&archive, e))?;
            let v = if action == "readbinary" {
                Value::Binary(Arc::new(bytes))
            } else {
                Value::from(String::from_utf8_lossy(&bytes).into_owned())
            };
            Ok(Some((variable, v)))
        }
        "delete" => {
            let only = text("entrypath")?;
            let mut entries = read_all(&archive)?;
            entries.retain(|(n, _, _)| {
                let leaf = n.rsplit('/').next().unwrap_or(n);
                let named = only
                    .as_deref()
                    .is_some_and(|o| o.trim_matches('/') == n.trim_matches('/'));
                let filtered = !filter.is_empty() && matches(leaf);
                !(named || filtered)
            });
            write_all(&archive, &entries)?;
            Ok(None)
        }
        other => Err(app_err(format!(
            "cfzip: invalid action [{other}], valid are [zip, unzip, list, read, readBinary, delete]"
        ))),
    }
}

/// The files under `dir` (with `recurse`, its folders' too), with their paths relative to
/// `base` written with `/`.
fn collect(
    base: &Path,
    dir: &Path,
    recurse: bool,
    out: &mut Vec<(PathBuf, String)>,
) -> CfResult<()> {
    let mut items: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io_err(dir, e))?
        .flatten()
        .map(|e| e.path())
        .collect();
    items.sort();
    for p in items {
        if p.is_dir() {
            if recurse {
                collect(base, &p, recurse, out)?;
            }
        } else if let Ok(rel) = p.strip_prefix(base) {
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.push((p.clone(), rel));
        }
    }
    Ok(())
}

fn open(path: &Path) -> CfResult<zip::ZipArchive<std::fs::File>> {
    let f = std::fs::File::open(path).map_err(|e| io_err(path, e))?;
    zip::ZipArchive::new(f).map_err(|e| zip_err(path, e))
}

/// Every file entry of an archive: name, contents, modification time.
fn read_all(path: &Path) -> CfResult<Vec<(String, Vec<u8>, NaiveDateTime)>> {
    let mut zip = open(path)?;
    let mut out = Vec::with_capacity(zip.len());
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(|e| zip_err(path, e))?;
        if entry.is_dir() {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).map_err(|e| io_err(path, e))?;
        let when = entry.last_modified().and_then(naive).unwrap_or_default();
        out.push((entry.name().to_string(), bytes, when));
    }
    Ok(out)
}

/// Write the archive anew (to a temporary file, renamed over it when complete).
fn write_all(path: &Path, entries: &[(String, Vec<u8>, NaiveDateTime)]) -> CfResult<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| io_err(parent, e))?;
    }
    let tmp = path.with_extension("zip.rime-tmp");
    let f = std::fs::File::create(&tmp).map_err(|e| io_err(&tmp, e))?;
    let mut w = zip::ZipWriter::new(f);
    for (name, bytes, when) in entries {
        let mut options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        if let Ok(t) = zip::DateTime::from_date_and_time(
            when.year().clamp(1980, 2107) as u16,
            when.month() as u8,
            when.day() as u8,
            when.hour() as u8,
            when.minute() as u8,
            when.second() as u8,
        ) {
            options = options.last_modified_time(t);
        }
        w.start_file(name.as_str(), options)
            .map_err(|e| zip_err(path, e))?;
        w.write_all(bytes).map_err(|e| io_err(path, e))?;
    }
    w.finish().map_err(|e| zip_err(path, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io_err(path, e))
}

fn naive(t: zip::DateTime) -> Option<NaiveDateTime> {
    chrono::NaiveDate::from_ymd_opt(t.year() as i32, t.month() as u32, t.day() as u32)?.and_hms_opt(
        t.hour() as u32,
        t.minute() as u32,
        t.second() as u32,
    )
}

fn io_err(path: &Path, e: std::io::Error) -> Box<rime_runtime::CfmlError> {
    app_err(format!("cfzip: {}: {e}", show(path)))
}

fn zip_err(path: &Path, e: zip::result::ZipError) -> Box<rime_runtime::CfmlError> {
    app_err(format!(
        "cfzip: [{}] is not a readable zip archive: {e}",
        show(path)
    ))
}
