//! The `rime` command: run, repl, check, parse, disasm.

use rime_engine::{render_error, Engine};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: rime <command> [args]

commands:
  run FILE.cfm      run a template and print its output
  repl              evaluate CFML statements and expressions interactively
  check [DIR|FILE]  compile every .cfm/.cfc and report all syntax errors
  parse FILE        print the syntax tree
  disasm FILE       print the compiled bytecode
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let arg = args.get(1).map(String::as_str);
    match (cmd.as_str(), arg) {
        ("run", Some(file)) => run(Path::new(file)),
        ("repl", _) => repl(),
        ("check", dir) => check(Path::new(dir.unwrap_or("."))),
        ("parse", Some(file)) => parse(Path::new(file)),
        ("disasm", Some(file)) => disasm(Path::new(file)),
        ("help" | "--help" | "-h", _) => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

fn run(file: &Path) -> ExitCode {
    let file = absolute(file);
    // The web root is the current directory when the page is inside it, else the page's folder:
    // `/`-relative includes and the Application.cfc search stop there.
    let cwd = std::env::current_dir().map(|d| absolute(&d)).ok();
    let root = match cwd {
        Some(d) if file.starts_with(&d) => d,
        _ => file
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from(".")),
    };
    let engine = Engine::new(root);
    let r = engine.run_file(&file);
    let mut stdout = std::io::stdout();
    let _ = stdout.write_all(r.output.as_bytes());
    let _ = stdout.flush();
    match r.error {
        Some(e) => {
            eprint!("{}", render_error(&e));
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    }
}

fn read(file: &Path) -> Option<String> {
    match std::fs::read_to_string(file) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("rime: can't read {}: {e}", file.display());
            None
        }
    }
}

fn parse(file: &Path) -> ExitCode {
    let Some(text) = read(file) else {
        return ExitCode::from(1);
    };
    let parsed = rime_syntax::parse_template(&text);
    println!("{:#?}", parsed.template);
    report(file, &text, &parsed.diagnostics)
}

fn report(file: &Path, text: &str, diags: &[rime_syntax::Diagnostic]) -> ExitCode {
    let idx = rime_syntax::LineIndex::new(text);
    for d in diags {
        let (l, c) = idx.line_col(d.span.start);
        eprintln!("{}:{l}:{c}: error: {}", file.display(), d.message);
    }
    if diags.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn disasm(file: &Path) -> ExitCode {
    let Some(text) = read(file) else {
        return ExitCode::from(1);
    };
    match rime_engine::compile_source(&file.to_string_lossy(), &text) {
        Ok(p) => {
            print!("{}", rime_compiler::disasm::disassemble(&p));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{}", render_error(&e));
            ExitCode::from(1)
        }
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return;
    }
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') || name == "target" || name == "node_modules" {
            continue;
        }
        if p.is_dir() {
            collect(&p, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("cfm") | Some("cfc") | Some("cfml")
        ) {
            out.push(p);
        }
    }
}

fn check(dir: &Path) -> ExitCode {
    let mut files = Vec::new();
    collect(dir, &mut files);
    let mut errors = 0;
    for f in &files {
        let Some(text) = read(f) else {
            errors += 1;
            continue;
        };
        let parsed = rime_syntax::parse_template(&text);
        let mut diags = parsed.diagnostics;
        if diags.is_empty() {
            let (_, d) = rime_compiler::compile_template(
                &parsed.template,
                rime_compiler::Source::new(&f.to_string_lossy(), &text),
            );
            diags = d;
        }
        errors += diags.len();
        let _ = report(f, &text, &diags);
    }
    println!("checked {} file(s), {} error(s)", files.len(), errors);
    if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The REPL: each line (or block ending with a blank line when braces are open) runs as script
/// in one persistent `variables` scope; a bare expression prints its value.
fn repl() -> ExitCode {
    let engine = Engine::new(std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")));
    let session = rime_engine::repl::Session::new(engine);
    let stdin = std::io::stdin();
    let mut buf = String::new();
    print!("rime> ");
    let _ = std::io::stdout().flush();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        buf.push_str(&line);
        buf.push('\n');
        let open = buf.matches('{').count() > buf.matches('}').count();
        if open {
            print!("  ... ");
            let _ = std::io::stdout().flush();
            continue;
        }
        let input = std::mem::take(&mut buf);
        if input.trim().is_empty() {
            print!("rime> ");
            let _ = std::io::stdout().flush();
            continue;
        }
        if matches!(input.trim(), "exit" | "quit" | ":q") {
            break;
        }
        let (out, err) = session.eval(&input);
        print!("{out}");
        if !out.is_empty() && !out.ends_with('\n') {
            println!();
        }
        if let Some(e) = err {
            eprint!("{}", render_error(&e));
        }
        print!("rime> ");
        let _ = std::io::stdout().flush();
    }
    println!();
    ExitCode::SUCCESS
}
