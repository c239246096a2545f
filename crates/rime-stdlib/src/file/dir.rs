//! Directory functions: `directoryCreate`, `directoryDelete`, `directoryExists`,
//! `directoryList`, `directoryRename`, `directoryCopy`, `directoryInfo`.
//!
//! `directoryList` builds the `cfdirectory` listing (columns name, size, type, dateLastModified,
//! attributes, mode, directory) and projects it to an array of paths or names when asked. Lucee
//! lists in the operating system's order; Rime lists each directory sorted by name, and applies
//! `sort` to array results too, so output is deterministic.

use parking_lot::RwLock;
use rime_runtime::query::Column;
use rime_runtime::{Args, Array, CfResult, CfmlError, Ctx, Key, Query, Value};
use std::cmp::Ordering;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::info::{attributes, mode_string};
use super::{app_err, date_of, exists_path, io_err, record, resolve, show};

pub(crate) fn directory_exists(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    Ok(Value::Bool(
        exists_path(ctx, a)?.is_some_and(|p| p.is_dir()),
    ))
}

/// `directoryCreate(path [, createPath=true [, ignoreExists=false]])`.
pub(crate) fn directory_create(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = resolve(ctx, &a.str(0)?)?;
    let create_path = a.bool_or(1, true)?;
    let ignore = a.bool_or(2, false)?;
    if p.is_dir() {
        if ignore {
            return Ok(Value::Null);
        }
        return Err(app_err(format!("Directory [{}] already exists", show(&p))));
    }
    if p.exists() {
        return Err(app_err(format!(
            "Can't create directory [{}], a file exists with the same name",
            show(&p)
        )));
    }
    let r = if create_path {
        std::fs::create_dir_all(&p)
    } else {
        if p.parent()
            .is_some_and(|x| !x.as_os_str().is_empty() && !x.is_dir())
        {
            return Err(app_err(format!(
                "Can't create directory [{}], missing parent directory",
                show(&p)
            )));
        }
        std::fs::create_dir(&p)
    };
    r.map_err(|e| io_err("Can't create directory", &p, &e))?;
    Ok(Value::Null)
}

/// `directoryDelete(path [, recurse=false])`.
pub(crate) fn directory_delete(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = resolve(ctx, &a.str(0)?)?;
    let recurse = a.bool_or(1, false)?;
    if !p.exists() {
        return Err(app_err(format!("Directory [{}] doesn't exist", show(&p))));
    }
    if !p.is_dir() {
        return Err(app_err(format!(
            "Can't delete [{}], it isn't a directory, it's a file",
            show(&p)
        )));
    }
    let non_empty = std::fs::read_dir(&p)
        .map_err(|e| io_err("Can't read directory", &p, &e))?
        .next()
        .is_some();
    if non_empty && !recurse {
        return Err(app_err(format!("Directory [{}] is not empty", show(&p)))
            .with_detail("set recurse=true to delete sub-directories and files too"));
    }
    let r = if recurse {
        std::fs::remove_dir_all(&p)
    } else {
        std::fs::remove_dir(&p)
    };
    r.map_err(|e| io_err("Can't delete directory", &p, &e))?;
    Ok(Value::Null)
}

/// `directoryRename(oldPath, newPath [, createPath=true])`: a bare new name stays in the same
/// parent directory.
pub(crate) fn directory_rename(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let old = resolve(ctx, &a.str(0)?)?;
    let new_arg = a.str(1)?;
    let create_path = a.bool_or(2, true)?;
    if !old.exists() {
        return Err(app_err(format!(
            "The directory [{}] doesn't exist",
            show(&old)
        )));
    }
    if !old.is_dir() {
        return Err(app_err(format!(
            "The file [{}] exists, but it isn't a directory",
            show(&old)
        )));
    }
    let new = sibling_or_path(ctx, &old, &new_arg)?;
    if new.exists() {
        return Err(app_err(format!(
            "New directory [{}] already exists",
            show(&new)
        )));
    }
    if create_path {
        if let Some(parent) = new.parent().filter(|x| !x.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|e| io_err("Can't create directory", parent, &e))?;
        }
    }
    std::fs::rename(&old, &new).map_err(|e| {
        app_err(format!(
            "Can't rename directory [{}] to [{}]",
            show(&old),
            show(&new)
        ))
        .with_detail(e.to_string())
    })?;
    Ok(Value::Null)
}

fn sibling_or_path(ctx: &mut dyn Ctx, source: &Path, dest: &str) -> CfResult<PathBuf> {
    if !dest.contains(['/', '\\']) {
        if let Some(parent) = source.parent() {
            return Ok(parent.join(dest));
        }
    }
    resolve(ctx, dest)
}

/// `directoryInfo(path)`.
pub(crate) fn directory_info(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let p = resolve(ctx, &a.str(0)?)?;
    let meta = std::fs::metadata(&p)
        .map_err(|_| app_err(format!("Directory [{}] doesn't exist", show(&p))))?;
    if !meta.is_dir() {
        return Err(app_err(format!("[{}] isn't a directory", show(&p))));
    }
    let readable = std::fs::read_dir(&p).is_ok();
    if !readable {
        return Err(app_err(format!(
            "No access to read directory [{}]",
            show(&p)
        )));
    }
    let abs = std::path::absolute(&p).unwrap_or_else(|_| p.clone());
    let mut pairs = vec![
        (
            "directoryName",
            Value::from(
                abs.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            ),
        ),
        ("size", Value::Num(meta.len() as f64)),
        ("isReadable", Value::Bool(readable)),
        ("path", Value::from(show(&abs))),
        (
            "dateLastModified",
            meta.modified()
                .map(date_of)
                .unwrap_or_else(|_| date_of(std::time::UNIX_EPOCH)),
        ),
    ];
    if cfg!(unix) {
        pairs.push(("mode", Value::from(mode_string(&meta))));
    }
    if let Ok(t) = meta.created() {
        pairs.push(("directoryCreated", date_of(t)));
    }
    Ok(record(pairs))
}

// ---------------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    All,
    Files,
    Dirs,
}

/// A `filter` argument: `*`/`?` wildcard patterns separated by `|` (case-sensitive on Unix, as
/// Lucee), or a closure called with (path, type, extension).
enum Filter {
    None,
    Patterns(Vec<String>),
    Func(Value),
}

impl Filter {
    fn from(v: Option<&Value>) -> CfResult<Filter> {
        Ok(match v {
            None => Filter::None,
            Some(f @ Value::Func(_)) => Filter::Func(f.clone()),
            Some(other) => {
                let s = other.to_str()?;
                let pats: Vec<String> = s
                    .split('|')
                    .map(|p| p.trim().to_string())
                    .filter(|p| !p.is_empty())
                    .collect();
                if pats.is_empty() {
                    Filter::None
                } else {
                    Filter::Patterns(pats)
                }
            }
        })
    }

    fn accept(&self, ctx: &mut dyn Ctx, path: &Path, name: &str, is_dir: bool) -> CfResult<bool> {
        match self {
            Filter::None => Ok(true),
            Filter::Patterns(pats) => Ok(pats.iter().any(|p| wildcard(p, name))),
            Filter::Func(f) => {
                let ext = if is_dir {
                    String::new()
                } else {
                    path.extension()
                        .map(|e| e.to_string_lossy().into_owned())
                        .unwrap_or_default()
                };
                let r = ctx.call(
                    f,
                    vec![
                        Value::from(show(path)),
                        Value::from(if is_dir { "directory" } else { "file" }),
                        Value::from(ext),
                    ],
                )?;
                r.to_bool()
            }
        }
    }
}

/// `*` matches any run of characters, `?` exactly one.
pub(crate) fn wildcard(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        match p.get(pi) {
            Some('*') => {
                star = Some((pi, ni));
                pi += 1;
            }
            Some(c) if *c == '?' || Some(c) == n.get(ni) => {
                pi += 1;
                ni += 1;
            }
            _ => match star {
                Some((sp, sn)) => {
                    pi = sp + 1;
                    ni = sn + 1;
                    star = Some((sp, sn + 1));
                }
                None => return false,
            },
        }
    }
    while p.get(pi) == Some(&'*') {
        pi += 1;
    }
    pi == p.len()
}

/// One listed entry.
struct Entry {
    path: PathBuf,
    name: String,
    is_dir: bool,
    size: f64,
    modified: Value,
    attributes: String,
    mode: String,
    directory: String,
}

/// The most entries a listing collects.
const MAX_ENTRIES: usize = 1_000_000;

fn walk(
    ctx: &mut dyn Ctx,
    dir: &Path,
    filter: &Filter,
    kind: Kind,
    recurse: bool,
    depth: usize,
    out: &mut Vec<Entry>,
) -> CfResult<()> {
    if depth > 256 {
        return Ok(());
    }
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    let mut items: Vec<(String, PathBuf)> = rd
        .flatten()
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    items.sort();
    let canon = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    for (name, path) in items {
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        let is_dir = meta.is_dir();
        let kind_ok = match kind {
            Kind::All => true,
            Kind::Files => !is_dir,
            Kind::Dirs => is_dir,
        };
        if kind_ok && filter.accept(ctx, &path, &name, is_dir)? {
            if out.len() >= MAX_ENTRIES {
                return Err(app_err(format!(
                    "Directory listing of [{}] has more than {MAX_ENTRIES} entries",
                    show(dir)
                )));
            }
            out.push(Entry {
                attributes: attributes(&path, &meta),
                mode: mode_string(&meta),
                modified: meta
                    .modified()
                    .map(date_of)
                    .unwrap_or_else(|_| date_of(std::time::UNIX_EPOCH)),
                size: if is_dir { 0.0 } else { meta.len() as f64 },
                directory: show(&canon),
                path: path.clone(),
                name,
                is_dir,
            });
        }
        if recurse && is_dir {
            walk(ctx, &path, filter, kind, recurse, depth + 1, out)?;
        }
    }
    Ok(())
}

const COLUMNS: [(&str, &str); 7] = [
    ("name", "VARCHAR"),
    ("size", "DOUBLE"),
    ("type", "VARCHAR"),
    ("dateLastModified", "DATE"),
    ("attributes", "VARCHAR"),
    ("mode", "VARCHAR"),
    ("directory", "VARCHAR"),
];

fn cell(e: &Entry, col: usize) -> Value {
    match col {
        0 => Value::from(e.name.as_str()),
        1 => Value::Num(e.size),
        2 => Value::from(if e.is_dir { "Dir" } else { "File" }),
        3 => e.modified.clone(),
        4 => Value::from(e.attributes.as_str()),
        5 => Value::from(e.mode.as_str()),
        _ => Value::from(e.directory.as_str()),
    }
}

/// Apply a `sort` spec (`"name desc, size"`) to the entries.
fn sort_entries(entries: &mut [Entry], spec: &str) -> CfResult<()> {
    let mut keys = Vec::new();
    for part in spec.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let (col, desc) = match words.as_slice() {
            [] => continue,
            // A bare order (`"asc"`, as TestBox passes) sorts by path: folder, then name.
            [o] if o.eq_ignore_ascii_case("asc") || o.eq_ignore_ascii_case("desc") => {
                let desc = o.eq_ignore_ascii_case("desc");
                for col in ["directory", "name"] {
                    if let Some(idx) = COLUMNS.iter().position(|(n, _)| *n == col) {
                        keys.push((idx, desc));
                    }
                }
                continue;
            }
            [c] => (*c, false),
            [c, o] if o.eq_ignore_ascii_case("asc") => (*c, false),
            [c, o] if o.eq_ignore_ascii_case("desc") => (*c, true),
            [_, o] => {
                return Err(app_err(format!("Invalid order type [{o}]")));
            }
            _ => return Err(app_err(format!("Invalid sort definition [{part}]"))),
        };
        let idx = COLUMNS
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(col))
            .ok_or_else(|| {
                app_err(format!(
                    "Invalid sort column [{col}], the listing has the columns [name, size, type, dateLastModified, attributes, mode, directory]"
                ))
            })?;
        keys.push((idx, desc));
    }
    entries.sort_by(|x, y| {
        for &(col, desc) in &keys {
            let o =
                rime_runtime::ops::compare(&cell(x, col), &cell(y, col)).unwrap_or(Ordering::Equal);
            let o = if desc { o.reverse() } else { o };
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    });
    Ok(())
}

/// `directoryList(path [, recurse [, listInfo [, filter [, sort [, type]]]]])`: `listInfo` is
/// `path` (default, an array of full paths), `name` (an array of names) or `query`. A path that
/// does not exist or is not a directory lists nothing, as in Lucee.
pub(crate) fn directory_list(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let dir = resolve(ctx, &a.str(0)?)?;
    let recurse = a.bool_or(1, false)?;
    let info = a.str_or(2, "path")?.trim().to_ascii_lowercase();
    let filter = Filter::from(a.get(3))?;
    let sort = a.str_or(4, "")?.into_owned();
    let kind = match a.str_or(5, "all")?.trim().to_ascii_lowercase().as_str() {
        "" | "all" => Kind::All,
        "file" => Kind::Files,
        "dir" | "directory" => Kind::Dirs,
        other => {
            return Err(app_err(format!(
                "Invalid type [{other}], valid types are [all, directory, file]"
            )))
        }
    };
    let mut entries = Vec::new();
    if dir.is_dir() {
        walk(ctx, &dir, &filter, kind, recurse, 0, &mut entries)?;
    }
    if !sort.trim().is_empty() {
        sort_entries(&mut entries, &sort)?;
    }
    match info.as_str() {
        "name" => Ok(Value::Array(Array::from_vec(
            entries.into_iter().map(|e| Value::from(e.name)).collect(),
        ))),
        "query" => {
            let mut q = Query::new(&[]);
            for (i, (name, ty)) in COLUMNS.iter().enumerate() {
                q.columns.push(Column {
                    name: Key::new(*name),
                    type_name: (*ty).to_string(),
                    values: entries.iter().map(|e| cell(e, i)).collect(),
                });
            }
            q.rows = entries.len();
            Ok(Value::Query(Arc::new(RwLock::new(q))))
        }
        _ => Ok(Value::Array(Array::from_vec(
            entries
                .into_iter()
                .map(|e| Value::from(show(&e.path)))
                .collect(),
        ))),
    }
}

// ---------------------------------------------------------------------------------------------
// Copy
// ---------------------------------------------------------------------------------------------

fn copy_tree(
    ctx: &mut dyn Ctx,
    src: &Path,
    dst: &Path,
    recurse: bool,
    filter: &Filter,
    depth: usize,
) -> CfResult<()> {
    if depth > 256 {
        return Ok(());
    }
    std::fs::create_dir_all(dst).map_err(|e| io_err("Can't create directory", dst, &e))?;
    let rd = std::fs::read_dir(src).map_err(|e| io_err("Can't read directory", src, &e))?;
    let mut items: Vec<(String, PathBuf)> = rd
        .flatten()
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    items.sort();
    for (name, path) in items {
        let target = dst.join(&name);
        if path.is_dir() {
            if recurse {
                copy_tree(ctx, &path, &target, recurse, filter, depth + 1)?;
                // With a filter, folders left empty by it are not kept (as Lucee).
                if !matches!(filter, Filter::None)
                    && std::fs::read_dir(&target).is_ok_and(|mut r| r.next().is_none())
                {
                    let _ = std::fs::remove_dir(&target);
                }
            }
        } else if filter.accept(ctx, &path, &name, false)? {
            std::fs::copy(&path, &target).map_err(|e| {
                app_err(format!(
                    "Can't copy file [{}] to [{}]",
                    show(&path),
                    show(&target)
                ))
                .with_detail(e.to_string())
            })?;
        }
    }
    Ok(())
}

/// `directoryCopy(source, destination [, recurse=false [, filter [, createPath=true]]])`.
pub(crate) fn directory_copy(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let src = resolve(ctx, &a.str(0)?)?;
    let dest_arg = a.str(1)?;
    let recurse = a.bool_or(2, false)?;
    let filter = Filter::from(a.get(3))?;
    let create_path = a.bool_or(4, true)?;
    if !src.exists() {
        return Err(app_err(format!("Directory [{}] doesn't exist", show(&src))));
    }
    if !src.is_dir() {
        return Err(app_err(format!(
            "File [{}] exists, but isn't a directory",
            show(&src)
        )));
    }
    if dest_arg.trim().is_empty() {
        return Err(CfmlError::expression(
            "Attribute [destination] is not defined",
        ));
    }
    let dst = sibling_or_path(ctx, &src, &dest_arg)?;
    if !create_path {
        if let Some(parent) = dst.parent().filter(|x| !x.as_os_str().is_empty()) {
            if !parent.exists() {
                return Err(app_err(format!(
                    "parent directory for [{}] doesn't exist",
                    show(&dst)
                )));
            }
        }
    }
    // Copying a directory into itself would never end.
    let canon_src = std::fs::canonicalize(&src).unwrap_or_else(|_| src.clone());
    let abs_dst = std::path::absolute(&dst).unwrap_or_else(|_| dst.clone());
    if abs_dst.starts_with(&canon_src) && recurse {
        return Err(app_err(format!(
            "Can't copy directory [{}] into itself [{}]",
            show(&src),
            show(&dst)
        )));
    }
    copy_tree(ctx, &src, &dst, recurse, &filter, 0)?;
    Ok(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::wildcard;

    #[test]
    fn wildcards() {
        assert!(wildcard("*.txt", "a.txt"));
        assert!(!wildcard("*.txt", "a.txt.bak"));
        assert!(wildcard("a?c", "abc"));
        assert!(wildcard("*", ""));
        assert!(wildcard("*a*b*", "xxaxxbxx"));
        assert!(!wildcard("*.TXT", "a.txt"));
    }
}
