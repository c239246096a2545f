//! `java.io.File`, `java.nio.file` (`Paths`, `Path`, `Files`) and `java.nio.charset.Charset`:
//! the file system as Java sees it. Relative paths resolve against the process's working
//! directory (`user.dir`), as Java's do.

use crate::{arg, java_error, str_arg};
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Native, NativeObject, Value};
use std::path::{Path, PathBuf};

/// Java's normal form of a path string: no repeated or trailing separators.
fn normalize(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    for c in p.chars() {
        if c == '/' && out.ends_with('/') {
            continue;
        }
        out.push(c);
    }
    if out.len() > 1 && out.ends_with('/') {
        out.pop();
    }
    out
}

fn absolute(p: &str) -> PathBuf {
    let path = Path::new(p);
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    }
}

/// The path a `File` or `Path` object, or a string, stands for.
fn path_of(v: &Value) -> CfResult<String> {
    match v {
        Value::Native(n)
            if matches!(n.get().class_name(), "java.io.File" | "sun.nio.fs.UnixPath") =>
        {
            Ok(n.get().to_text().unwrap_or_default())
        }
        other => Ok(other.to_str()?.into_owned()),
    }
}

fn file(path: String) -> Value {
    Value::Native(Native::new(File(path)))
}

/// `new File(path)`, `new File(parent, child)` (the parent a path or a `File`).
pub(crate) fn new_file(args: &[Value]) -> CfResult<Value> {
    const C: &str = "java.io.File";
    let first = arg(args, 0, C, "init")?;
    if let Some(child) = args.get(1) {
        let child = child.to_str()?;
        let parent = if first.is_null() {
            String::new()
        } else {
            path_of(first)?
        };
        if parent.is_empty() {
            return Ok(file(normalize(&child)));
        }
        return Ok(file(normalize(&format!("{parent}/{child}"))));
    }
    if first.is_null() {
        return Err(java_error("java.lang.NullPointerException", ""));
    }
    Ok(file(normalize(&path_of(first)?)))
}

pub(crate) fn file_fields(name: &str) -> Option<Value> {
    // CFML reads fields case-insensitively (`File.separator` arrives as `SEPARATOR`).
    Some(Value::from(match name.to_ascii_lowercase().as_str() {
        "separator" | "separatorchar" => "/",
        "pathseparator" | "pathseparatorchar" => ":",
        _ => return None,
    }))
}

/// A `java.io.File`: a path, looked at only when asked.
#[derive(Debug)]
struct File(String);

/// Milliseconds since the epoch a file was last changed, 0 when it does not exist (Java's).
fn modified_millis(p: &Path) -> f64 {
    std::fs::metadata(p)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0.0, |d| d.as_millis() as f64)
}

fn canonical(p: &str) -> String {
    // Java resolves `.`/`..` and links of the parts that exist.
    let abs = absolute(p);
    if let Ok(c) = std::fs::canonicalize(&abs) {
        return c.to_string_lossy().into_owned();
    }
    lexical_normalize(&abs.to_string_lossy())
}

/// `.` and `..` resolved by the text alone (`Path.normalize`).
fn lexical_normalize(p: &str) -> String {
    let abs = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            ".." if abs => {}
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    if abs {
        format!("/{joined}")
    } else {
        joined
    }
}

fn file_uri(p: &str) -> String {
    let abs = absolute(p).to_string_lossy().into_owned();
    let slash = if Path::new(&abs).is_dir() && !abs.ends_with('/') {
        "/"
    } else {
        ""
    };
    format!("file:{}{slash}", crate::net::quote(&abs, "/"))
}

impl NativeObject for File {
    fn class_name(&self) -> &str {
        "java.io.File"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.io.File";
        let p = Path::new(&self.0);
        let resolved = absolute(&self.0);
        let b = Value::Bool;
        Ok(match name.to_ascii_lowercase().as_str() {
            "exists" => b(resolved.exists()),
            "isdirectory" => b(resolved.is_dir()),
            "isfile" => b(resolved.is_file()),
            "isabsolute" => b(p.is_absolute()),
            "ishidden" => b(p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))),
            "canread" => {
                b(std::fs::File::open(&resolved).is_ok() || std::fs::read_dir(&resolved).is_ok())
            }
            "canwrite" => {
                b(std::fs::metadata(&resolved).is_ok_and(|m| !m.permissions().readonly()))
            }
            "canexecute" => b(std::fs::metadata(&resolved).is_ok_and(|m| {
                use std::os::unix::fs::PermissionsExt;
                m.permissions().mode() & 0o111 != 0
            })),
            "getname" => Value::from(self.0.rsplit('/').next().unwrap_or_default()),
            "getpath" | "tostring" => Value::from(self.0.as_str()),
            "getabsolutepath" => Value::from(absolute(&self.0).to_string_lossy().into_owned()),
            "getabsolutefile" => file(absolute(&self.0).to_string_lossy().into_owned()),
            "getcanonicalpath" => Value::from(canonical(&self.0)),
            "getcanonicalfile" => file(canonical(&self.0)),
            "getparent" | "getparentfile" => match self.0.rfind('/') {
                Some(0) if self.0.len() > 1 => parent_value(name, "/"),
                Some(i) if i > 0 => parent_value(name, &self.0[..i]),
                _ => Value::Null,
            },
            "length" => Value::Num(std::fs::metadata(&resolved).map_or(0.0, |m| {
                if m.is_file() {
                    m.len() as f64
                } else {
                    0.0
                }
            })),
            "lastmodified" => Value::Num(modified_millis(&resolved)),
            "list" | "listfiles" => match std::fs::read_dir(&resolved) {
                Ok(rd) => {
                    let mut names: Vec<String> = rd
                        .filter_map(|e| e.ok())
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .collect();
                    names.sort();
                    let files = name.eq_ignore_ascii_case("listFiles");
                    Value::Array(Array::from_vec(
                        names
                            .into_iter()
                            .map(|n| {
                                if files {
                                    file(normalize(&format!("{}/{n}", self.0)))
                                } else {
                                    Value::from(n)
                                }
                            })
                            .collect(),
                    ))
                }
                Err(_) => Value::Null,
            },
            "mkdir" => b(std::fs::create_dir(&resolved).is_ok()),
            "mkdirs" => b(!resolved.exists() && std::fs::create_dir_all(&resolved).is_ok()),
            "delete" => b(if resolved.is_dir() {
                std::fs::remove_dir(&resolved).is_ok()
            } else {
                std::fs::remove_file(&resolved).is_ok()
            }),
            "createnewfile" => match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&resolved)
            {
                Ok(_) => b(true),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => b(false),
                Err(e) => return Err(java_error("java.io.IOException", e.to_string())),
            },
            "renameto" => {
                let to = path_of(arg(&args, 0, C, name)?)?;
                b(std::fs::rename(&resolved, absolute(&to)).is_ok())
            }
            "setlastmodified" => {
                let ms = crate::int_arg(&args, 0, C, name)?;
                if ms < 0 {
                    return Err(java_error(
                        "java.lang.IllegalArgumentException",
                        "Negative time",
                    ));
                }
                let t = std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms as u64);
                b(std::fs::File::options()
                    .write(true)
                    .open(&resolved)
                    .and_then(|f| f.set_modified(t))
                    .is_ok())
            }
            "touri" => crate::net::uri_value(&file_uri(&self.0))?,
            "topath" => path(self.0.clone()),
            "equals" => b(
                matches!(args.first(), Some(Value::Native(n)) if n.get().class_name() == C && n.get().to_text().as_deref() == Some(self.0.as_str())),
            ),
            "hashcode" => Value::Num((crate::lang::java_string_hash(&self.0) ^ 1234321) as f64),
            "compareto" => Value::Num(crate::values::java_compare(
                &self.0,
                &path_of(arg(&args, 0, C, name)?)?,
            ) as f64),
            _ => return crate::object_method(this, name, &args),
        })
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.clone())
    }
}

fn parent_value(method: &str, p: &str) -> Value {
    if method.eq_ignore_ascii_case("getParentFile") {
        file(p.to_string())
    } else {
        Value::from(p)
    }
}

// ---- java.nio.file ----

fn path(p: String) -> Value {
    Value::Native(Native::new(NioPath(p)))
}

/// `Paths.get(first, more…)` / `Path.of(…)`, or `Paths.get(uri)` for a `file:` URI.
pub(crate) fn paths_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.nio.file.Paths";
    if !(name.eq_ignore_ascii_case("get") || name.eq_ignore_ascii_case("of")) {
        return None;
    }
    Some(arg(args, 0, C, name).and_then(|first| {
        if let Value::Native(n) = first {
            if n.get().class_name() == "java.net.URI" {
                let text = n.get().to_text().unwrap_or_default();
                let rest = text.strip_prefix("file:").ok_or_else(|| {
                    java_error(
                        "java.nio.file.FileSystemNotFoundException",
                        format!(
                            "Provider \"{}\" not installed",
                            text.split(':').next().unwrap_or_default()
                        ),
                    )
                })?;
                let rest = rest.strip_prefix("//").unwrap_or(rest);
                return Ok(path(normalize(&crate::net::unquote(rest))));
            }
        }
        let mut parts = vec![path_of(first)?];
        for more in &args[1..] {
            match more {
                Value::Array(a) => {
                    for x in a.read().iter() {
                        parts.push(x.to_str()?.into_owned());
                    }
                }
                other => parts.push(other.to_str()?.into_owned()),
            }
        }
        let joined = parts
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("/");
        Ok(path(normalize(&joined)))
    }))
}

/// A `java.nio.file.Path` (the class Java's default file system gives on Unix).
#[derive(Debug)]
struct NioPath(String);

impl NativeObject for NioPath {
    fn class_name(&self) -> &str {
        "sun.nio.fs.UnixPath"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.nio.file.Path";
        let parts: Vec<&str> = self.0.split('/').filter(|p| !p.is_empty()).collect();
        Ok(match name.to_ascii_lowercase().as_str() {
            "tostring" => Value::from(self.0.as_str()),
            "getfilename" => match parts.last() {
                Some(n) => path(n.to_string()),
                None if self.0.is_empty() => path(String::new()),
                None => Value::Null,
            },
            "getparent" => match self.0.rfind('/') {
                Some(0) if self.0.len() > 1 => path("/".into()),
                Some(i) if i > 0 => path(self.0[..i].to_string()),
                _ => Value::Null,
            },
            "getroot" => {
                if self.0.starts_with('/') {
                    path("/".into())
                } else {
                    Value::Null
                }
            }
            "getnamecount" => Value::Num(parts.len().max(usize::from(self.0.is_empty())) as f64),
            "getname" => {
                let i = crate::int_arg(&args, 0, C, name)?;
                match parts.get(i.max(0) as usize).filter(|_| i >= 0) {
                    Some(p) => path(p.to_string()),
                    None => return Err(java_error("java.lang.IllegalArgumentException", "")),
                }
            }
            "isabsolute" => Value::Bool(self.0.starts_with('/')),
            "toabsolutepath" => path(absolute(&self.0).to_string_lossy().into_owned()),
            "normalize" => path(lexical_normalize(&self.0)),
            "resolve" => {
                let other = path_of(arg(&args, 0, C, name)?)?;
                if other.starts_with('/') {
                    path(other)
                } else if other.is_empty() {
                    path(self.0.clone())
                } else if self.0.is_empty() {
                    path(normalize(&other))
                } else {
                    path(normalize(&format!("{}/{other}", self.0)))
                }
            }
            "startswith" => {
                let other = path_of(arg(&args, 0, C, name)?)?;
                let o: Vec<&str> = other.split('/').filter(|p| !p.is_empty()).collect();
                Value::Bool(
                    other.starts_with('/') == self.0.starts_with('/') && parts.starts_with(&o),
                )
            }
            "endswith" => {
                let other = path_of(arg(&args, 0, C, name)?)?;
                let o: Vec<&str> = other.split('/').filter(|p| !p.is_empty()).collect();
                Value::Bool(if other.starts_with('/') {
                    other == self.0
                } else {
                    parts.ends_with(&o)
                })
            }
            "tofile" => file(self.0.clone()),
            "touri" => crate::net::uri_value(&file_uri(&self.0))?,
            "equals" => Value::Bool(
                matches!(args.first(), Some(Value::Native(n)) if n.get().class_name() == self.class_name() && n.get().to_text().as_deref() == Some(self.0.as_str())),
            ),
            _ => return crate::object_method(this, name, &args),
        })
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.clone())
    }
}

fn io_error(e: std::io::Error, p: &str) -> Box<CfmlError> {
    match e.kind() {
        std::io::ErrorKind::NotFound => java_error("java.nio.file.NoSuchFileException", p),
        std::io::ErrorKind::AlreadyExists => {
            java_error("java.nio.file.FileAlreadyExistsException", p)
        }
        std::io::ErrorKind::PermissionDenied => {
            java_error("java.nio.file.AccessDeniedException", p)
        }
        _ => java_error("java.io.IOException", format!("{p}: {e}")),
    }
}

/// The `java.nio.file.Files` methods that work on whole files (not the stream ones).
pub(crate) fn files_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.nio.file.Files";
    let m = name.to_ascii_lowercase();
    let p = || -> CfResult<String> { path_of(arg(args, 0, C, name)?) };
    let charset = |i: usize| -> CfResult<String> {
        match args.get(i) {
            Some(c) => Ok(charset_name(&crate::java_text(c))
                .map(str::to_string)
                .ok_or_else(|| {
                    java_error(
                        "java.nio.charset.UnsupportedCharsetException",
                        crate::java_text(c),
                    )
                })?),
            None => Ok("UTF-8".to_string()),
        }
    };
    let read_text = |p: &str, cs: &str| -> CfResult<String> {
        let bytes = std::fs::read(absolute(p)).map_err(|e| io_error(e, p))?;
        crate::lang::decode(&bytes, &cs.to_ascii_lowercase())
    };
    Some(match m.as_str() {
        "exists" => p().map(|p| Value::Bool(absolute(&p).exists())),
        "notexists" => p().map(|p| Value::Bool(!absolute(&p).exists())),
        "isdirectory" => p().map(|p| Value::Bool(absolute(&p).is_dir())),
        "isregularfile" => p().map(|p| Value::Bool(absolute(&p).is_file())),
        "isreadable" => p().map(|p| Value::Bool(std::fs::metadata(absolute(&p)).is_ok())),
        "size" => p().and_then(|p| {
            std::fs::metadata(absolute(&p))
                .map(|m| Value::Num(m.len() as f64))
                .map_err(|e| io_error(e, &p))
        }),
        "readstring" => p().and_then(|p| Ok(Value::from(read_text(&p, &charset(1)?)?))),
        "readalllines" => p().and_then(|p| {
            let text = read_text(&p, &charset(1)?)?;
            Ok(Value::Array(Array::from_vec(
                text.lines().map(Value::from).collect(),
            )))
        }),
        "readallbytes" => p().and_then(|p| {
            std::fs::read(absolute(&p))
                .map(|b| Value::Binary(std::sync::Arc::new(b)))
                .map_err(|e| io_error(e, &p))
        }),
        "writestring" => p().and_then(|p| {
            let text = str_arg(args, 1, C, name)?;
            std::fs::write(absolute(&p), text).map_err(|e| io_error(e, &p))?;
            Ok(path(p))
        }),
        "createdirectories" => p().and_then(|p| {
            std::fs::create_dir_all(absolute(&p)).map_err(|e| io_error(e, &p))?;
            Ok(path(p))
        }),
        "createdirectory" => p().and_then(|p| {
            std::fs::create_dir(absolute(&p)).map_err(|e| io_error(e, &p))?;
            Ok(path(p))
        }),
        "delete" | "deleteifexists" => p().and_then(|p| {
            let abs = absolute(&p);
            let r = if abs.is_dir() {
                std::fs::remove_dir(&abs)
            } else {
                std::fs::remove_file(&abs)
            };
            match r {
                Ok(()) => Ok(if m == "delete" {
                    Value::Null
                } else {
                    Value::Bool(true)
                }),
                Err(e) if m == "deleteifexists" && e.kind() == std::io::ErrorKind::NotFound => {
                    Ok(Value::Bool(false))
                }
                Err(e) => Err(io_error(e, &p)),
            }
        }),
        _ => return None,
    })
}

// ---- java.nio.charset.Charset ----

/// The canonical name of a charset Rime reads and writes, for any of Java's names of it.
fn charset_name(name: &str) -> Option<&'static str> {
    let n = name.trim().to_ascii_lowercase().replace('_', "-");
    Some(match n.as_str() {
        "utf-8" | "utf8" | "unicode-1-1-utf-8" => "UTF-8",
        "iso-8859-1" | "iso8859-1" | "latin1" | "l1" | "iso-latin-1" | "8859-1" | "cp819"
        | "ibm819" => "ISO-8859-1",
        "us-ascii" | "ascii" | "iso646-us" | "us" | "ascii7" | "646" | "cp367" => "US-ASCII",
        _ => return None,
    })
}

pub(crate) fn charset_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.nio.charset.Charset";
    Some(match name.to_ascii_lowercase().as_str() {
        "forname" => str_arg(args, 0, C, name).and_then(|n| {
            if n.is_empty()
                || !n
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-+:_.".contains(c))
            {
                return Err(java_error(
                    "java.nio.charset.IllegalCharsetNameException",
                    n,
                ));
            }
            charset_name(&n)
                .map(|c| Value::Native(Native::new(Charset(c))))
                .ok_or_else(|| java_error("java.nio.charset.UnsupportedCharsetException", n))
        }),
        "issupported" => str_arg(args, 0, C, name).map(|n| Value::Bool(charset_name(&n).is_some())),
        "defaultcharset" => Ok(Value::Native(Native::new(Charset("UTF-8")))),
        _ => return None,
    })
}

#[derive(Debug)]
struct Charset(&'static str);

impl NativeObject for Charset {
    fn class_name(&self) -> &str {
        "java.nio.charset.Charset"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            "name" | "displayname" | "tostring" => Ok(Value::from(self.0)),
            "canencode" | "isregistered" => Ok(Value::Bool(true)),
            "equals" => Ok(Value::Bool(
                matches!(args.first(), Some(Value::Native(n)) if n.get().class_name() == self.class_name() && n.get().to_text().as_deref() == Some(self.0)),
            )),
            _ => crate::object_method(this, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.to_string())
    }
}
