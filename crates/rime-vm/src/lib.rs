//! The CFML bytecode interpreter.
//!
//! One `Vm` runs one request on one thread. Each CFML call is one Rust call of `exec`, which runs
//! the frame's code until `Return`; errors unwind to the innermost handler of the frame, or out
//! to the caller with the frame's position added to the error's `tagContext`. Call depth is
//! bounded, so deep recursion is a CFML error and never a stack overflow.

mod access;
mod call;
mod ctx;
mod iter;
mod run;

pub use run::Frame;

use arcstr::ArcStr;
use rime_compiler::FuncProto;
use rime_runtime::{CfResult, Query, Struct, Value};
use parking_lot::RwLock;
use std::sync::Arc;

/// Services the VM needs from the engine: loading templates for `include`, components for `new`.
pub trait Host: Send + Sync {
    /// Compile (or fetch from cache) the template `path`, relative to the including template
    /// `from` (a file path), for `<cfinclude>`.
    fn include(&self, path: &str, from: &str) -> CfResult<Arc<FuncProto>>;
}

/// The request-wide scopes.
#[derive(Clone, Debug, Default)]
pub struct RequestScopes {
    pub request: Struct,
    pub url: Struct,
    pub form: Struct,
    pub cgi: Struct,
    pub cookie: Struct,
    pub server: Struct,
    pub application: Option<Struct>,
    pub session: Option<Struct>,
}

/// Deepest CFML call nesting before a stack-overflow error.
pub const MAX_CALL_DEPTH: usize = 1000;

pub struct Vm {
    pub host: Arc<dyn Host>,
    pub scopes: RequestScopes,
    pub(crate) stack: Vec<Value>,
    /// Output buffers; `bufs[0]` is the response, `savecontent`/`silent` push more.
    pub(crate) bufs: Vec<String>,
    pub(crate) depth: usize,
    /// Nesting of `<cfoutput>` regions (for `enablecfoutputonly`).
    pub(crate) output_depth: u32,
    /// `enablecfoutputonly` counter.
    pub(crate) output_only: u32,
    /// Active query loops, innermost last: unscoped names resolve to their columns.
    pub(crate) queries: Vec<Arc<RwLock<Query>>>,
}

impl Vm {
    pub fn new(host: Arc<dyn Host>, scopes: RequestScopes) -> Vm {
        Vm {
            host,
            scopes,
            stack: Vec::with_capacity(256),
            bufs: vec![String::new()],
            depth: 0,
            output_depth: 0,
            output_only: 0,
            queries: Vec::new(),
        }
    }

    /// Run a template's main function with `variables` as its variables scope.
    pub fn run_template(&mut self, proto: Arc<FuncProto>, variables: Struct) -> CfResult<Value> {
        let mut frame = Frame::new(proto, variables);
        self.exec(&mut frame)
    }

    /// Everything output so far (the response body).
    pub fn output(&self) -> &str {
        self.bufs.first().map(|s| s.as_str()).unwrap_or("")
    }

    /// Take the response body, leaving it empty.
    pub fn take_output(&mut self) -> String {
        // Flush any capture buffers an error left open into the response.
        while self.bufs.len() > 1 {
            self.bufs.pop();
        }
        self.bufs.first_mut().map(std::mem::take).unwrap_or_default()
    }

    pub(crate) fn write(&mut self, s: &str) {
        if let Some(b) = self.bufs.last_mut() {
            b.push_str(s);
        }
    }

    /// Call a function value with positional arguments (for builtins and the engine).
    pub fn call_value(&mut self, f: &Value, args: Vec<Value>) -> CfResult<Value> {
        self.call_function_value(f, args, None)
    }

    /// The name used in errors for a template path.
    pub fn template_name(path: &str) -> ArcStr {
        ArcStr::from(path)
    }
}
