//! Running an external program for `<cfexecute>` / `execute name=...;`.
//!
//! Never through a shell: the program is started directly with its arguments (a string of
//! arguments is split on whitespace with `"`/`'` quoting, as Lucee splits it). With a timeout
//! the caller waits for the program, collecting its standard output and error; when the
//! timeout passes the program is killed and a timeout error raised. A timeout of 0 (Lucee's
//! default) starts the program and returns at once; its output then goes only to `outputFile`
//! and `errorFile`.
//!
//! Whether the page may run programs at all is the VM's question (the engine's
//! `executeEnabled` setting); this module only runs what it is given.

use rime_runtime::{CfResult, CfmlError};
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Most output kept of one stream; the rest is read and dropped so the program never blocks.
const MAX_CAPTURE: u64 = 64 * 1024 * 1024;

/// What to run and how.
#[derive(Clone, Debug, Default)]
pub struct ExecOptions {
    pub program: String,
    pub args: Vec<String>,
    /// None: start the program and do not wait for it.
    pub timeout: Option<Duration>,
    /// The working directory (`directory`).
    pub directory: Option<PathBuf>,
    /// Extra environment variables (`environment`).
    pub env: Vec<(String, String)>,
    /// When not waiting: where the program's standard output and error go.
    pub output_file: Option<PathBuf>,
    pub error_file: Option<PathBuf>,
}

/// What a finished program produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExecOutput {
    pub stdout: String,
    pub stderr: String,
    /// The exit code (None when a signal ended the program).
    pub exit_code: Option<i32>,
}

/// Split a command line like Lucee: whitespace separates arguments, except inside `"..."` or
/// `'...'` (a quote with no partner later in the text is an ordinary character); quotes are
/// removed, nothing else is interpreted.
pub fn split_command(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.trim().chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut inside: Option<char> = None;
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '"' | '\'' => match inside {
                None if chars.get(i + 1..).is_some_and(|rest| rest.contains(&c)) => {
                    inside = Some(c)
                }
                Some(q) if q == c => inside = None,
                _ => cur.push(c),
            },
            ' ' | '\t' | '\n' | '\r' | '\u{8}' | '\u{c}' if inside.is_none() => {
                if !cur.trim().is_empty() {
                    out.push(cur.trim().to_string());
                }
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Run the program. Returns its output when waiting, None when not (timeout 0).
pub fn run(o: &ExecOptions) -> CfResult<Option<ExecOutput>> {
    let command_text = std::iter::once(o.program.as_str())
        .chain(o.args.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    if o.program.trim().is_empty() {
        return Err(CfmlError::application(
            "Attribute [name] is required for tag [execute]",
        ));
    }
    let mut cmd = Command::new(&o.program);
    cmd.args(&o.args).stdin(Stdio::null());
    if let Some(dir) = &o.directory {
        if !dir.is_dir() {
            return Err(CfmlError::application(format!(
                "CFEXECUTE Directory [{}] is not a existing directory",
                dir.display()
            )));
        }
        cmd.current_dir(dir);
    }
    for (k, v) in &o.env {
        cmd.env(k, v);
    }
    let failed = |e: std::io::Error| {
        CfmlError::application("Error invoking external process")
            .with_detail(format!("cannot run program [{}]: {e}", o.program))
    };
    let Some(timeout) = o.timeout else {
        // Not waiting: output to the files (or nowhere); a thread reaps the process.
        let sink = |f: &Option<PathBuf>| -> CfResult<Stdio> {
            match f {
                Some(p) => std::fs::File::create(p).map(Stdio::from).map_err(|e| {
                    CfmlError::application(format!("cannot write [{}]: {e}", p.display()))
                }),
                None => Ok(Stdio::null()),
            }
        };
        cmd.stdout(sink(&o.output_file)?)
            .stderr(sink(&o.error_file)?);
        let mut child = cmd.spawn().map_err(failed)?;
        std::thread::spawn(move || child.wait());
        return Ok(None);
    };
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().map_err(failed)?;
    let (tx, rx) = mpsc::channel::<(bool, Vec<u8>)>();
    for (is_err, pipe) in [
        (
            false,
            child
                .stdout
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ),
        (
            true,
            child
                .stderr
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ),
    ] {
        let tx = tx.clone();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = (&mut pipe).take(MAX_CAPTURE).read_to_end(&mut buf);
                let _ = std::io::copy(&mut pipe, &mut std::io::sink());
            }
            let _ = tx.send((is_err, buf));
        });
    }
    drop(tx);
    let deadline = Instant::now() + timeout;
    let timed_out = || {
        CfmlError::application(format!(
            "timeout [{} ms] expired while executing [{command_text}]",
            timeout.as_millis()
        ))
    };
    // Wait for the exit, polling (std has no wait with a timeout), then for both streams.
    let mut pause = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => return Err(failed(e)),
        }
        let now = Instant::now();
        if now >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(timed_out());
        }
        std::thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    let mut out = ExecOutput {
        exit_code: status.code(),
        ..ExecOutput::default()
    };
    for _ in 0..2 {
        // A program that left a child holding its pipes open: give up at the deadline.
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left.max(Duration::from_millis(50))) {
            Ok((false, b)) => out.stdout = String::from_utf8_lossy(&b).into_owned(),
            Ok((true, b)) => out.stderr = String::from_utf8_lossy(&b).into_owned(),
            Err(_) => break,
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_lucee() {
        assert_eq!(
            split_command(r#"  /bin/echo "two words" 'single q' plain  "#),
            vec!["/bin/echo", "two words", "single q", "plain"]
        );
        // A quote without a partner is an ordinary character.
        assert_eq!(split_command(r#"a b"c"#), vec!["a", "b\"c"]);
        assert_eq!(split_command(r#"it's fine"#), vec!["it's", "fine"]);
        assert!(split_command("   ").is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn runs_waits_and_times_out() {
        let o = ExecOptions {
            program: "/bin/echo".into(),
            args: vec!["hello world".into(), "$HOME".into(), ";".into()],
            timeout: Some(Duration::from_secs(10)),
            ..ExecOptions::default()
        };
        let r = run(&o).map_err(|e| e.message.clone());
        assert_eq!(
            r,
            Ok(Some(ExecOutput {
                stdout: "hello world $HOME ;\n".into(),
                stderr: String::new(),
                exit_code: Some(0),
            }))
        );
        let slow = ExecOptions {
            program: "/bin/sleep".into(),
            args: vec!["5".into()],
            timeout: Some(Duration::from_millis(200)),
            ..ExecOptions::default()
        };
        let started = Instant::now();
        let r = run(&slow).map_err(|e| e.message.clone());
        assert!(
            matches!(&r, Err(m) if m.starts_with("timeout [200 ms] expired")),
            "{r:?}"
        );
        assert!(started.elapsed() < Duration::from_secs(3));
        let missing = ExecOptions {
            program: "/nonexistent/program".into(),
            timeout: Some(Duration::from_secs(1)),
            ..ExecOptions::default()
        };
        assert!(run(&missing).is_err());
    }
}
