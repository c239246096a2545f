//! The access log and the error log: lines on stderr by default, or appended to `access.log` and
//! `error.log` in the folder given with `--log-dir`. Each line is written with one `write` call,
//! so lines from concurrent requests never interleave.

use parking_lot::Mutex;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

pub struct Logs {
    access: Option<Mutex<File>>,
    error: Option<Mutex<File>>,
    /// Without a log folder: whether request lines go to stderr (off with `--quiet`).
    access_to_stderr: bool,
}

impl Logs {
    /// Open (create or append to) the log files in `dir`, which is created when missing.
    pub fn new(dir: Option<&Path>, quiet: bool) -> std::io::Result<Logs> {
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
        })
    }

    /// Whether request lines are written anywhere (not with `--quiet` and no log folder): when
    /// not, the handler skips building them.
    pub fn access_enabled(&self) -> bool {
        self.access.is_some() || self.access_to_stderr
    }

    /// One request: `remote method path status bytes duration`, with the time when in a file.
    pub fn access(&self, line: &str) {
        match &self.access {
            Some(f) => write_line(f, line),
            None if self.access_to_stderr => eprintln!("{line}"),
            None => {}
        }
    }

    /// An error report (may span several lines).
    pub fn error(&self, text: &str) {
        match &self.error {
            Some(f) => write_line(f, text.trim_end()),
            None => eprintln!("{}", text.trim_end()),
        }
    }
}

fn write_line(f: &Mutex<File>, text: &str) {
    let stamp = httpdate::fmt_http_date(std::time::SystemTime::now());
    let line = format!("[{stamp}] {text}\n");
    // A full disk must not take requests down: the line is lost, the server goes on.
    let _ = f.lock().write_all(line.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_appended_to_files_in_the_log_folder() -> std::io::Result<()> {
        let dir = std::env::temp_dir().join(format!("rime-logs-{}", std::process::id()));
        let logs = Logs::new(Some(&dir), true)?;
        logs.access("127.0.0.1 GET / 200 5 0.1ms");
        logs.error("rime: error in GET /x: boom\n  at x.cfm:1\n");
        drop(logs);
        let access = std::fs::read_to_string(dir.join("access.log"))?;
        let error = std::fs::read_to_string(dir.join("error.log"))?;
        assert!(
            access.ends_with("] 127.0.0.1 GET / 200 5 0.1ms\n"),
            "{access}"
        );
        assert!(error.contains("boom\n  at x.cfm:1\n"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    }
}
