//! Open files (`fileOpen`, `fileReadLine`, `fileWriteLine`, `fileIsEOF`, `fileSeek`,
//! `fileSkipBytes`, `fileClose`, and `fileRead`/`fileWrite` on a handle).
//!
//! A handle is a CFML struct with Lucee's informational keys (`mode`, `name`, `path` (the
//! directory), `status`, `size`, `lastmodified`) plus a numeric id under `HANDLE_KEY`. The open
//! file itself lives in a process-wide registry keyed by that id (a struct cannot hold a Rust
//! file), so handles can be passed around and kept in scopes like any struct. `fileClose` removes
//! the entry and marks the struct `close`; a handle that is never closed stays open until the
//! process ends, as an unclosed Java stream would, and the registry caps open handles at
//! `MAX_OPEN`.
//!
//! Semantics follow Lucee: a plain reader fails with "End of file reached" past the end and
//! reports EOF when nothing is buffered; seekable handles work on the raw file (reads return
//! `null` at the end, writes do not truncate); write mode truncates, append mode appends.

use parking_lot::Mutex;
use rime_runtime::{CfResult, CfmlError, Ctx, Key, Struct, Value};
use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use super::{app_err, date_of, io_err, path_of, show};
use crate::array::MAX_STRING;
use crate::conversion::{decode, encode, Charset};
use rime_runtime::Args;

/// The key of a handle struct that holds its registry id.
pub(crate) const HANDLE_KEY: &str = "__fileHandleId";
/// The most handles open at once in the process.
const MAX_OPEN: usize = 4096;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Read,
    ReadBinary,
    Write,
    Append,
    ReadWrite,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Read => "read",
            Mode::ReadBinary => "readBinary",
            Mode::Write => "write",
            Mode::Append => "append",
            Mode::ReadWrite => "readwrite",
        }
    }
}

enum Io {
    /// A buffered reader (read and readBinary modes, not seekable).
    Reader(BufReader<File>),
    /// UTF-16 text, decoded up front because lines cannot be split on bytes.
    Text(Vec<char>, usize),
    Writer(BufWriter<File>),
    /// The raw file: seekable handles and readwrite mode.
    Raw(File),
}

struct Handle {
    path: PathBuf,
    mode: Mode,
    charset: Charset,
    seekable: bool,
    io: Io,
    info: Struct,
}

type Registry = Mutex<HashMap<u64, Arc<Mutex<Handle>>>>;

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(|| Mutex::new(HashMap::new()))
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The registry id of a handle struct.
pub(crate) fn handle_id(v: &Value) -> Option<u64> {
    match v {
        Value::Struct(s) => match s.get(HANDLE_KEY)? {
            Value::Num(n) if n >= 1.0 => Some(n as u64),
            _ => None,
        },
        _ => None,
    }
}

/// The file a handle struct stands for, open or closed.
pub(crate) fn handle_path(v: &Value) -> Option<PathBuf> {
    let id = handle_id(v)?;
    let open = registry().lock().get(&id).cloned();
    if let Some(h) = open {
        return Some(h.lock().path.clone());
    }
    // A closed handle: rebuild the path from its info keys.
    let s = v.as_struct()?;
    let dir = s.get("path")?.to_str().ok()?.into_owned();
    let name = s.get("name")?.to_str().ok()?.into_owned();
    Some(Path::new(&dir).join(name))
}

fn not_a_handle(fname: &str, v: &Value) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "Invalid argument [file] for function [{fname}]: invalid type [{}], only File Object produced by FileOpen supported",
        v.type_name()
    ))
}

/// The open handle behind a handle struct.
fn get(fname: &str, v: &Value) -> CfResult<Arc<Mutex<Handle>>> {
    let id = handle_id(v).ok_or_else(|| not_a_handle(fname, v))?;
    let open = registry().lock().get(&id).cloned();
    open.ok_or_else(|| {
        // The registry lock is released here: handle_path takes it again.
        let p = handle_path(v).map(|p| show(&p)).unwrap_or_default();
        app_err(format!("The file [{p}] is closed"))
    })
}

fn unsupported(h: &Handle, what: &str) -> Box<CfmlError> {
    app_err(format!(
        "{what} can't be called when the file is opened in [{}] mode",
        h.mode.name()
    ))
}

fn ioe(h: &Handle, e: std::io::Error) -> Box<CfmlError> {
    io_err("I/O error on file", &h.path, &e)
}

// ---------------------------------------------------------------------------------------------
// fileOpen / fileClose
// ---------------------------------------------------------------------------------------------

pub(crate) fn file_open(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let path = path_of(ctx, a.val(0)?)?;
    let mode = match a.str_or(1, "read")?.trim().to_ascii_lowercase().as_str() {
        "" | "read" => Mode::Read,
        "readbinary" => Mode::ReadBinary,
        "write" => Mode::Write,
        "append" => Mode::Append,
        "readwrite" => Mode::ReadWrite,
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid argument [mode] for function [fileOpen]: invalid value [{other}], valid values for argument mode are [read,readBinary,append,write,readwrite]"
            )))
        }
    };
    let cs = super::charset_or_default(a, 2)?;
    let seekable = a.bool_or(3, false)?;
    if registry().lock().len() >= MAX_OPEN {
        return Err(app_err(format!(
            "Too many open files ({MAX_OPEN}); close handles with fileClose()"
        )));
    }
    let open_err = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => app_err(format!("File [{}] does not exist", show(&path))),
        _ => io_err("Can't open file", &path, &e),
    };
    if matches!(mode, Mode::Read | Mode::ReadBinary) && path.is_dir() {
        return Err(app_err(format!(
            "Can't open file [{}], it is a directory",
            show(&path)
        )));
    }
    let io = match mode {
        Mode::Read | Mode::ReadBinary => {
            let f = File::open(&path).map_err(open_err)?;
            if seekable {
                Io::Raw(f)
            } else if mode == Mode::Read
                && matches!(cs, Charset::Utf16 | Charset::Utf16Be | Charset::Utf16Le)
            {
                let len = f.metadata().map(|m| m.len()).unwrap_or(0);
                if len > MAX_STRING as u64 {
                    return Err(app_err(format!(
                        "File [{}] is too large to read as UTF-16 text",
                        show(&path)
                    )));
                }
                let mut bytes = Vec::new();
                BufReader::new(f)
                    .read_to_end(&mut bytes)
                    .map_err(open_err)?;
                Io::Text(decode(&bytes, cs).chars().collect(), 0)
            } else {
                Io::Reader(BufReader::new(f))
            }
        }
        Mode::Write | Mode::Append | Mode::ReadWrite => {
            let append = mode == Mode::Append;
            let raw = seekable || mode == Mode::ReadWrite;
            let mut opts = std::fs::OpenOptions::new();
            opts.write(true).create(true);
            if raw {
                // Like Java's RandomAccessFile("rw"): no truncation.
                opts.read(true);
            } else if append {
                opts.append(true);
            } else {
                opts.truncate(true);
            }
            let mut f = opts.open(&path).map_err(open_err)?;
            if raw {
                if append {
                    f.seek(SeekFrom::End(0)).map_err(open_err)?;
                }
                Io::Raw(f)
            } else {
                Io::Writer(BufWriter::new(f))
            }
        }
    };
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let info = Struct::with_flags(true);
    info.set_str("mode", Value::from(mode.name()));
    info.set_str(
        "name",
        Value::from(
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        ),
    );
    info.set_str(
        "path",
        Value::from(path.parent().map(show).unwrap_or_default()),
    );
    info.set_str("status", Value::from("open"));
    info.set_str("size", Value::from(format!("{size} bytes")));
    info.set_str("lastmodified", date_of(std::time::SystemTime::now()));
    info.set(Key::new(HANDLE_KEY), Value::Num(id as f64));
    let h = Handle {
        path,
        mode,
        charset: cs,
        seekable,
        io,
        info: info.clone(),
    };
    registry().lock().insert(id, Arc::new(Mutex::new(h)));
    Ok(Value::Struct(info))
}

pub(crate) fn file_close(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let v = a.val(0)?;
    let id = handle_id(v).ok_or_else(|| not_a_handle("fileClose", v))?;
    let removed = registry().lock().remove(&id);
    if let Some(h) = removed {
        let mut h = h.lock();
        h.info.set_str("status", Value::from("close"));
        if let Io::Writer(w) = &mut h.io {
            let r = w.flush();
            let path = h.path.clone();
            r.map_err(|e| io_err("Can't write file", &path, &e))?;
        }
    }
    Ok(Value::Null)
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// Read a line's bytes up to `\n`, `\r` or `\r\n` (not included). `None` at the end.
fn read_line_bytes<R: BufRead>(r: &mut R) -> std::io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then_some(line));
        }
        any = true;
        match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                line.extend_from_slice(buf.get(..i).unwrap_or(&[]));
                let cr = buf.get(i) == Some(&b'\r');
                r.consume(i + 1);
                if cr {
                    let next = r.fill_buf()?;
                    if next.first() == Some(&b'\n') {
                        r.consume(1);
                    }
                }
                return Ok(Some(line));
            }
            None => {
                let n = buf.len();
                line.extend_from_slice(buf);
                r.consume(n);
                if line.len() > MAX_STRING {
                    return Err(std::io::Error::other("line too long"));
                }
            }
        }
    }
}

/// The raw-file form of a line read: byte by byte, as Java's RandomAccessFile does.
fn raw_read_line(f: &mut File) -> std::io::Result<Option<Vec<u8>>> {
    let mut r = BufReader::new(&mut *f);
    let line = read_line_bytes(&mut r)?;
    // Give back what the buffer read ahead.
    let ahead = r.buffer().len() as i64;
    drop(r);
    if ahead > 0 {
        f.seek(SeekFrom::Current(-ahead))?;
    }
    Ok(line)
}

pub(crate) fn file_read_line(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let h = get("fileReadLine", a.val(0)?)?;
    let mut h = h.lock();
    let cs = h.charset;
    match h.mode {
        Mode::Read | Mode::ReadWrite => {}
        _ => return Err(unsupported(&h, "readLine")),
    }
    let eof = || app_err("End of file reached");
    let line = match &mut h.io {
        Io::Reader(r) => match read_line_bytes(r) {
            Ok(Some(l)) => decode(&l, cs),
            Ok(None) => return Err(eof()),
            Err(e) => return Err(io_err("Can't read file", &h.path, &e)),
        },
        Io::Text(chars, pos) => {
            if *pos >= chars.len() {
                return Err(eof());
            }
            let rest = chars.get(*pos..).unwrap_or(&[]);
            let end = rest
                .iter()
                .position(|&c| c == '\n' || c == '\r')
                .unwrap_or(rest.len());
            let line: String = rest.get(..end).unwrap_or(&[]).iter().collect();
            let mut used = end;
            if rest.get(end) == Some(&'\r') {
                used += 1;
                if rest.get(used) == Some(&'\n') {
                    used += 1;
                }
            } else if rest.get(end) == Some(&'\n') {
                used += 1;
            }
            *pos += used;
            line
        }
        Io::Raw(f) => match raw_read_line(f) {
            Ok(Some(l)) => decode(&l, cs),
            Ok(None) => return Ok(Value::Null),
            Err(e) => return Err(io_err("Can't read file", &h.path, &e)),
        },
        Io::Writer(_) => return Err(unsupported(&h, "readLine")),
    };
    Ok(Value::from(line))
}

/// `fileRead(handle, count)`: the next `count` characters (bytes for binary and seekable
/// handles, where text is decoded from those bytes).
pub(crate) fn read_chunk(v: &Value, count: f64) -> CfResult<Value> {
    let h = get("fileRead", v)?;
    let mut h = h.lock();
    if matches!(h.mode, Mode::Write | Mode::Append) {
        return Err(unsupported(&h, "read"));
    }
    if !(1.0..=MAX_STRING as f64).contains(&count) {
        return Err(CfmlError::expression(format!(
            "Invalid argument [charsetOrBufferSize] for function [fileRead]: the number of characters to read must be between 1 and {MAX_STRING}"
        )));
    }
    let n = count as usize;
    let binary = h.mode == Mode::ReadBinary;
    let cs = h.charset;
    let eof = || app_err("End of file reached");
    let path = h.path.clone();
    match &mut h.io {
        Io::Text(chars, pos) => {
            if *pos >= chars.len() {
                return Err(eof());
            }
            let end = (*pos + n).min(chars.len());
            let s: String = chars.get(*pos..end).unwrap_or(&[]).iter().collect();
            *pos = end;
            Ok(Value::from(s))
        }
        Io::Reader(r) if !binary => {
            // Characters: whole UTF-8 sequences, or single bytes in the 8-bit charsets.
            let mut out = Vec::new();
            let mut chars = 0;
            while chars < n {
                let buf = r
                    .fill_buf()
                    .map_err(|e| io_err("Can't read file", &path, &e))?;
                let Some(&first) = buf.first() else { break };
                let len = if cs == Charset::Utf8 {
                    match first {
                        0xF0..=0xF7 => 4,
                        0xE0..=0xEF => 3,
                        0xC0..=0xDF => 2,
                        _ => 1,
                    }
                } else {
                    1
                };
                let mut ch = vec![0u8; len];
                let got =
                    read_up_to(r, &mut ch).map_err(|e| io_err("Can't read file", &path, &e))?;
                ch.truncate(got);
                out.extend(ch);
                chars += 1;
            }
            if out.is_empty() {
                return Err(eof());
            }
            Ok(Value::from(decode(&out, cs)))
        }
        Io::Reader(r) => {
            let mut buf = vec![0u8; n.min(64 * 1024 * 1024)];
            let got = read_up_to(r, &mut buf).map_err(|e| io_err("Can't read file", &path, &e))?;
            if got == 0 {
                return Err(eof());
            }
            buf.truncate(got);
            Ok(Value::Binary(Arc::new(buf)))
        }
        Io::Raw(f) => {
            let mut buf = vec![0u8; n.min(64 * 1024 * 1024)];
            let got = read_up_to(f, &mut buf).map_err(|e| io_err("Can't read file", &path, &e))?;
            if got == 0 {
                return Err(eof());
            }
            buf.truncate(got);
            if binary {
                Ok(Value::Binary(Arc::new(buf)))
            } else {
                Ok(Value::from(decode(&buf, cs)))
            }
        }
        Io::Writer(_) => Err(app_err(format!(
            "read can't be called when the file [{}] is opened for writing",
            show(&path)
        ))),
    }
}

/// Fill `buf` as far as the file allows.
fn read_up_to<R: Read>(r: &mut R, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(buf.get_mut(got..).unwrap_or(&mut []))? {
            0 => break,
            k => got += k,
        }
    }
    Ok(got)
}

pub(crate) fn file_is_eof(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let h = get("fileIsEOF", a.val(0)?)?;
    let mut h = h.lock();
    Ok(Value::Bool(match &mut h.io {
        Io::Reader(r) => r.fill_buf().map(|b| b.is_empty()).unwrap_or(true),
        Io::Text(chars, pos) => *pos >= chars.len(),
        Io::Raw(f) => {
            let pos = f.stream_position().unwrap_or(0);
            let len = f.metadata().map(|m| m.len()).unwrap_or(0);
            pos >= len
        }
        // A writer is never at the end of something to read.
        Io::Writer(_) => false,
    }))
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// Write a value to an open handle: binary as is, another handle's file content, or text in the
/// handle's charset. `suffix` is appended to text (`fileWriteLine`).
pub(crate) fn write_to(
    ctx: &mut dyn Ctx,
    target: &Value,
    data: &Value,
    suffix: Option<&str>,
) -> CfResult<()> {
    let _ = ctx;
    let h = get("fileWrite", target)?;
    // Another handle as the data: its file's bytes (read before locking this handle).
    let bytes_from_handle = if handle_id(data).is_some() {
        let p = handle_path(data).unwrap_or_default();
        Some(super::read_bytes(&p)?)
    } else {
        None
    };
    let mut h = h.lock();
    if matches!(h.mode, Mode::Read | Mode::ReadBinary) {
        return Err(unsupported(&h, "write"));
    }
    let cs = h.charset;
    let mut bytes = match (bytes_from_handle, data) {
        (Some(b), _) => b,
        (None, Value::Binary(b)) => b.as_ref().clone(),
        (None, other) => encode(&other.to_str()?, cs),
    };
    if let Some(s) = suffix {
        bytes.extend(encode(s, cs));
    }
    let r = match &mut h.io {
        Io::Writer(w) => w.write_all(&bytes),
        Io::Raw(f) => f.write_all(&bytes),
        _ => return Err(unsupported(&h, "write")),
    };
    r.map_err(|e| ioe(&h, e))
}

/// `fileWriteLine(file, data)`: a line to a handle, or (given a path) a file holding that line.
pub(crate) fn file_write_line(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let target = a.val(0)?;
    let text = a.str(1)?.into_owned();
    if handle_id(target).is_some() {
        write_to(ctx, target, &Value::from(text), Some("\n"))?;
        return Ok(Value::Null);
    }
    let p = path_of(ctx, target)?;
    let mut bytes = text.into_bytes();
    bytes.push(b'\n');
    super::write_file(&p, &bytes, false)?;
    Ok(Value::Null)
}

// ---------------------------------------------------------------------------------------------
// Positioning
// ---------------------------------------------------------------------------------------------

fn not_seekable(what: &str) -> Box<CfmlError> {
    app_err(format!(
        "{what} is only supported when you have set argument seekable of function fileOpen to true"
    ))
}

pub(crate) fn file_seek(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let h = get("fileSeek", a.val(0)?)?;
    let pos = a.num(1)?;
    if !(0.0..=9.0e15).contains(&pos) {
        return Err(CfmlError::expression(format!(
            "Invalid argument [pos] for function [fileSeek]: [{}] is not a valid position",
            rime_runtime::number::format(pos)
        )));
    }
    let mut h = h.lock();
    if !h.seekable {
        return Err(not_seekable("seek"));
    }
    let r = match &mut h.io {
        Io::Raw(f) => f.seek(SeekFrom::Start(pos as u64)).map(|_| ()),
        _ => return Err(not_seekable("seek")),
    };
    r.map_err(|e| ioe(&h, e))?;
    Ok(Value::Null)
}

/// `fileSkipBytes(file, len)`: seekable handles skip bytes; a plain reader skips characters.
pub(crate) fn file_skip_bytes(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let h = get("fileSkipBytes", a.val(0)?)?;
    let n = a.num(1)?;
    if !(0.0..=9.0e15).contains(&n) {
        return Err(CfmlError::expression(format!(
            "Invalid argument [len] for function [fileSkipBytes]: [{}] is not a valid count",
            rime_runtime::number::format(n)
        )));
    }
    let n = n as u64;
    let mut h = h.lock();
    let seekable = h.seekable;
    let r = match &mut h.io {
        Io::Raw(f) => f
            .seek(SeekFrom::Current(n.min(i64::MAX as u64) as i64))
            .map(|_| ()),
        Io::Reader(r) if !seekable => {
            std::io::copy(&mut r.by_ref().take(n), &mut std::io::sink()).map(|_| ())
        }
        Io::Text(chars, pos) => {
            *pos = (*pos).saturating_add(n as usize).min(chars.len());
            Ok(())
        }
        _ => return Err(not_seekable("skip")),
    };
    r.map_err(|e| ioe(&h, e))?;
    Ok(Value::Null)
}

/// For tests: whether a handle id is still registered.
#[cfg(test)]
pub(crate) fn is_open(id: u64) -> bool {
    registry().lock().contains_key(&id)
}
