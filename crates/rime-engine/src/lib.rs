//! The engine: turns files into cached compiled templates, runs them on a VM with the request
//! scopes, and renders errors. `rime run`, the REPL, the test runners and the server all go
//! through here.

pub mod repl;
mod render;

pub use render::render_error;

use parking_lot::Mutex;
use rime_compiler::{compile_template, FuncProto, Source};
use rime_runtime::{CfResult, CfmlError, Struct, TagFrame, Value};
use rime_syntax::Diagnostic;
use rime_vm::{Host, RequestScopes, Vm};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

/// Stack size of the thread a request runs on: deep CFML recursion must hit the VM's depth limit
/// long before the native stack ends.
pub const REQUEST_STACK_BYTES: usize = 512 * 1024 * 1024;

struct Cached {
    mtime: Option<SystemTime>,
    proto: Arc<FuncProto>,
}

/// Compiled templates by path, recompiled when the file's modification time changes.
#[derive(Default)]
pub struct TemplateCache {
    entries: Mutex<HashMap<PathBuf, Cached>>,
}

/// The outcome of running a template.
pub struct RunResult {
    pub output: String,
    pub error: Option<Box<CfmlError>>,
}

pub struct Engine {
    /// The root that absolute include paths (`/inc/x.cfm`) resolve against.
    pub root: PathBuf,
    cache: TemplateCache,
}

/// Turn syntax diagnostics into one `template` error (the first) listing all of them.
pub fn syntax_error(source: &Source, diags: &[Diagnostic]) -> Box<CfmlError> {
    let first = &diags[0];
    let (line, column) = source.line_col(first.span.start);
    let mut e = CfmlError::template(format!("Syntax error: {}", first.message));
    if diags.len() > 1 {
        let all: Vec<String> = diags
            .iter()
            .map(|d| {
                let (l, c) = source.line_col(d.span.start);
                format!("{}:{l}:{c}: {}", source.path, d.message)
            })
            .collect();
        e.detail = all.join("\n");
    }
    e.tag_context.push(TagFrame {
        template: source.path.clone(),
        line,
        column,
    });
    e
}

/// Parse and compile source text (no caching).
pub fn compile_source(path: &str, text: &str) -> CfResult<Arc<FuncProto>> {
    let source = Source::new(path, text);
    let parsed = rime_syntax::parse_template(text);
    if !parsed.diagnostics.is_empty() {
        return Err(syntax_error(&source, &parsed.diagnostics));
    }
    let (proto, diags) = compile_template(&parsed.template, source.clone());
    if !diags.is_empty() {
        return Err(syntax_error(&source, &diags));
    }
    Ok(proto)
}

/// Lexically normalise a path (`a/./b/../c` -> `a/c`) without touching the file system.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

impl Engine {
    pub fn new(root: impl Into<PathBuf>) -> Arc<Engine> {
        Arc::new(Engine {
            root: root.into(),
            cache: TemplateCache::default(),
        })
    }

    /// The compiled template at `path`, from the cache unless the file changed.
    pub fn template(&self, path: &Path) -> CfResult<Arc<FuncProto>> {
        let mtime = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        if let Some(c) = self.cache.entries.lock().get(path) {
            if c.mtime == mtime {
                return Ok(c.proto.clone());
            }
        }
        let text = std::fs::read_to_string(path).map_err(|e| {
            let mut err = CfmlError::new(
                "missinginclude",
                format!("Page [{}] not found", path.display()),
            );
            err.detail = e.to_string();
            err
        })?;
        let proto = compile_source(&path.to_string_lossy(), &text)?;
        self.cache.entries.lock().insert(
            path.to_path_buf(),
            Cached {
                mtime,
                proto: proto.clone(),
            },
        );
        Ok(proto)
    }

    /// Fresh request scopes (the CLI has empty url/form/cgi).
    pub fn new_scopes(&self) -> RequestScopes {
        RequestScopes::default()
    }

    /// Run the template at `path` on a new VM, on a thread with a large stack, catching panics.
    pub fn run_file(self: &Arc<Self>, path: &Path) -> RunResult {
        let engine = self.clone();
        let path = path.to_path_buf();
        self.on_request_thread(move || {
            let mut vm = Vm::new(engine.clone(), engine.new_scopes());
            let r = engine
                .template(&path)
                .and_then(|proto| vm.run_template(proto, Struct::new()));
            finish(vm, r)
        })
    }

    /// Run source text as a template (REPL, tests).
    pub fn run_source(self: &Arc<Self>, name: &str, text: &str) -> RunResult {
        let engine = self.clone();
        let name = name.to_string();
        let text = text.to_string();
        self.on_request_thread(move || {
            let mut vm = Vm::new(engine.clone(), engine.new_scopes());
            let r = compile_source(&name, &text)
                .and_then(|proto| vm.run_template(proto, Struct::new()));
            finish(vm, r)
        })
    }

    /// Run `job` on a thread with `REQUEST_STACK_BYTES` of stack; a panic becomes an error.
    pub fn on_request_thread(
        &self,
        job: impl FnOnce() -> RunResult + Send + 'static,
    ) -> RunResult {
        let handle = std::thread::Builder::new()
            .name("rime-request".into())
            .stack_size(REQUEST_STACK_BYTES)
            .spawn(move || std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)));
        let joined = match handle {
            Ok(h) => h.join(),
            Err(e) => {
                return RunResult {
                    output: String::new(),
                    error: Some(CfmlError::application(format!(
                        "could not start the request thread: {e}"
                    ))),
                }
            }
        };
        match joined {
            Ok(Ok(r)) => r,
            Ok(Err(p)) | Err(p) => RunResult {
                output: String::new(),
                error: Some(CfmlError::new(
                    "internal",
                    format!("internal error: {}", panic_message(&p)),
                )),
            },
        }
    }
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

fn finish(mut vm: Vm, r: CfResult<Value>) -> RunResult {
    let output = vm.take_output();
    match r {
        Ok(_) => RunResult {
            output,
            error: None,
        },
        Err(e) if e.abort => RunResult {
            output,
            error: None,
        },
        Err(e) => RunResult {
            output,
            error: Some(e),
        },
    }
}

impl Host for Engine {
    fn include(&self, path: &str, from: &str) -> CfResult<Arc<FuncProto>> {
        let p = Path::new(path);
        let full = if path.starts_with('/') || path.starts_with('\\') {
            self.root.join(path.trim_start_matches(['/', '\\']))
        } else {
            Path::new(from)
                .parent()
                .map(|d| d.join(p))
                .unwrap_or_else(|| p.to_path_buf())
        };
        let full = normalize(&full);
        if !full.is_file() {
            return Err(CfmlError::new(
                "missinginclude",
                format!("Page [{path}] [{}] not found", full.display()),
            ));
        }
        self.template(&full)
    }
}
