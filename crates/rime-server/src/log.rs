//! The access log and the error log: lines on stderr by default, or appended to `access.log` and
//! `error.log` in the folder given with `--log-dir`. Each line is written with one `write` call,
//! so lines from concurrent requests never interleave.
//!
//! Access lines are in the Combined Log Format that log tools read (Apache's `combined` with
//! the duration in microseconds after it, as `%D`), or JSON lines with `--log-format json`.
//! Requests that never reached a handler (a malformed or oversized head, a head that did not
//! arrive in time) are logged too, with `-` for the request line.

use parking_lot::Mutex;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// How access lines are written (`--log-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// `remote - - [time] "METHOD /path?query HTTP/1.1" status bytes "referer" "agent" micros`
    #[default]
    Combined,
    /// One JSON object per line.
    Json,
}

/// One request, as the access log records it.
pub struct AccessEntry<'a> {
    pub remote: &'a str,
    /// `None` for a request rejected before it was parsed.
    pub request: Option<RequestLine<'a>>,
    pub status: u16,
    pub bytes: u64,
    pub duration: Duration,
}

/// What the access log keeps of a request line and its headers.
pub struct RequestLine<'a> {
    pub method: &'a str,
    /// The path with its query string, as sent.
    pub target: &'a str,
    pub protocol: &'a str,
    pub referer: Option<&'a str>,
    pub user_agent: Option<&'a str>,
}

pub struct Logs {
    access: Option<Mutex<File>>,
    error: Option<Mutex<File>>,
    /// Without a log folder: whether request lines go to stderr (off with `--quiet`).
    access_to_stderr: bool,
    format: LogFormat,
}

impl Logs {
    /// Open (create or append to) the log files in `dir`, which is created when missing.
    pub fn new(dir: Option<&Path>, quiet: bool, format: LogFormat) -> std::io::Result<Logs> {
        let open = |name: &str| -> std::io::Result<Option<Mutex<File>>> {
            let Some(dir) = dir else {
                return Ok(None);
            };
            std::fs::create_dir_all(dir)?;
            let f = OpenOptions::new()
                .create(true)
                .append(true)
                .open(dir.join(name))?;
            Ok(Some(Mutex::new(f)))
        };
        Ok(Logs {
            access: open("access.log")?,
            error: open("error.log")?,
            access_to_stderr: !quiet,
            format,
        })
    }

    /// Whether request lines are written anywhere (not with `--quiet` and no log folder): when
    /// not, the handler skips gathering them.
    pub fn access_enabled(&self) -> bool {
        self.access.is_some() || self.access_to_stderr
    }

    /// One request's line.
    pub fn access(&self, e: &AccessEntry) {
        if !self.access_enabled() {
            return;
        }
        let mut line = match self.format {
            LogFormat::Combined => combined(e),
            LogFormat::Json => json(e),
        };
        line.push('\n');
        match &self.access {
            Some(f) => {
                // A full disk must not take requests down: the line is lost, the server goes on.
                let _ = f.lock().write_all(line.as_bytes());
            }
            None => {
                let _ = std::io::stderr().lock().write_all(line.as_bytes());
            }
        }
    }

    /// An error report (may span several lines), with the time it happened.
    pub fn error(&self, text: &str) {
        let stamp = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S%.3fZ");
        let line = format!("[{stamp}] {}\n", text.trim_end());
        let _ = match &self.error {
            Some(f) => f.lock().write_all(line.as_bytes()),
            None => std::io::stderr().lock().write_all(line.as_bytes()),
        };
    }
}

/// A field of the Combined format: quoted (`-` when absent), its parts written one after the
/// other with a space between.
fn quoted(out: &mut String, parts: Option<&[&str]>) {
    let Some(parts) = parts else {
        out.push_str("\"-\"");
        return;
    };
    out.push('"');
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        escape(out, p);
    }
    out.push('"');
}

/// `"` and `\` escaped, control characters written as `\xHH`: a header cannot forge a second
/// line.
fn escape(out: &mut String, v: &str) {
    use std::fmt::Write as _;
    for c in v.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
}

fn combined(e: &AccessEntry) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(160);
    let time = chrono::Utc::now().format("%d/%b/%Y:%H:%M:%S +0000");
    let _ = write!(out, "{} - - [{time}] ", e.remote);
    match &e.request {
        Some(r) => {
            quoted(&mut out, Some(&[r.method, r.target, r.protocol]));
            let _ = write!(out, " {} {} ", e.status, e.bytes);
            quoted(&mut out, r.referer.as_ref().map(std::slice::from_ref));
            out.push(' ');
            quoted(&mut out, r.user_agent.as_ref().map(std::slice::from_ref));
        }
        None => {
            let _ = write!(out, "\"-\" {} {} \"-\" \"-\"", e.status, e.bytes);
        }
    }
    let _ = write!(out, " {}", e.duration.as_micros());
    out
}

fn json(e: &AccessEntry) -> String {
    let time = chrono::Utc::now()
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string();
    let r = e.request.as_ref();
    let (path, query) = match r.map(|r| r.target.split_once('?')) {
        Some(Some((p, q))) => (Some(p), Some(q)),
        Some(None) => (r.map(|r| r.target), None),
        None => (None, None),
    };
    serde_json::json!({
        "time": time,
        "remote": e.remote,
        "method": r.map(|r| r.method),
        "path": path,
        "query": query,
        "protocol": r.map(|r| r.protocol),
        "status": e.status,
        "bytes": e.bytes,
        "referer": r.and_then(|r| r.referer),
        "user_agent": r.and_then(|r| r.user_agent),
        "duration_ms": (e.duration.as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry<'a>(r: Option<RequestLine<'a>>) -> AccessEntry<'a> {
        AccessEntry {
            remote: "10.0.0.7",
            request: r,
            status: 200,
            bytes: 5,
            duration: Duration::from_micros(1234),
        }
    }

    #[test]
    fn combined_lines_have_the_time_request_agent_and_duration() {
        let line = combined(&entry(Some(RequestLine {
            method: "GET",
            target: "/a.cfm?x=1",
            protocol: "HTTP/1.1",
            referer: None,
            user_agent: Some("curl/8 \"evil\"\n127.0.0.1 - - forged"),
        })));
        let (start, rest) = line.split_once(" [").unwrap_or_default();
        assert_eq!(start, "10.0.0.7 - -");
        let (_, rest) = rest.split_once("] ").unwrap_or_default();
        assert_eq!(
            rest,
            "\"GET /a.cfm?x=1 HTTP/1.1\" 200 5 \"-\" \"curl/8 \\\"evil\\\"\\x0a127.0.0.1 - - forged\" 1234"
        );
        let rejected = combined(&AccessEntry {
            status: 431,
            bytes: 0,
            ..entry(None)
        });
        assert!(
            rejected.ends_with("] \"-\" 431 0 \"-\" \"-\" 1234"),
            "{rejected}"
        );
    }

    #[test]
    fn json_lines_split_path_and_query() {
        let line = json(&entry(Some(RequestLine {
            method: "POST",
            target: "/api?id=3",
            protocol: "HTTP/1.1",
            referer: Some("https://example.com/"),
            user_agent: None,
        })));
        let v: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
        assert_eq!(v["path"], "/api");
        assert_eq!(v["query"], "id=3");
        assert_eq!(v["status"], 200);
        assert_eq!(v["duration_ms"], 1.234);
        assert_eq!(v["referer"], "https://example.com/");
        assert!(v["user_agent"].is_null());
        assert!(v["time"].as_str().is_some_and(|t| t.ends_with('Z')));
    }

    #[test]
    fn lines_are_appended_to_files_in_the_log_folder() -> std::io::Result<()> {
        let dir = std::env::temp_dir().join(format!("rime-logs-{}", std::process::id()));
        let logs = Logs::new(Some(&dir), true, LogFormat::Combined)?;
        logs.access(&entry(None));
        logs.error("rime: error in GET /x: boom\n  at x.cfm:1\n");
        drop(logs);
        let access = std::fs::read_to_string(dir.join("access.log"))?;
        let error = std::fs::read_to_string(dir.join("error.log"))?;
        assert!(access.starts_with("10.0.0.7 - - ["), "{access}");
        assert!(access.ends_with(" 1234\n"), "{access}");
        assert!(error.contains("boom\n  at x.cfm:1\n"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    }
}
