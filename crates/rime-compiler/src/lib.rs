//! CFML compiler: AST -> bytecode (`rime_bytecode`: slots, constant folding, peephole fusion that
//! `CompileOptions` can turn off), then linking against the builtin registry. [`compile`] (and
//! [`compile_parsed`] for callers that parse differently, such as `evaluate`) is the one way
//! every caller turns CFML into runnable bytecode: parse, compile, link, errors as CFML errors.

pub mod compile;
pub mod options;

pub use compile::{compile_template, compile_template_with};
pub use options::{options, set_options, CompileOptions};

use rime_bytecode::{FuncProto, Op, Source};
use rime_runtime::{CfResult, CfmlError, TagFrame};
use rime_syntax::{ast, Diagnostic};
use std::sync::Arc;

/// Whether `name` is a built-in function: a call of such a name calls the builtin even inside a
/// function with a parameter or local of that name (`trim(x)` where `boolean trim` is a
/// parameter), as in Lucee.
pub(crate) fn is_builtin(name: &str) -> bool {
    rime_stdlib::registry().lookup(name).is_some()
}

/// Parse, compile and link the source text of a template or component at `path`.
pub fn compile(path: &str, text: &str) -> CfResult<Arc<FuncProto>> {
    let source = Source::new(path, text);
    let parsed = rime_syntax::parse_template(text);
    if !parsed.diagnostics.is_empty() {
        return Err(syntax_error(&source, &parsed.diagnostics));
    }
    compile_parsed(&parsed.template, source)
}

/// Compile and link a parsed template.
pub fn compile_parsed(template: &ast::Template, source: Arc<Source>) -> CfResult<Arc<FuncProto>> {
    let (mut proto, diags) = compile_template(template, source.clone());
    if !diags.is_empty() {
        return Err(syntax_error(&source, &diags));
    }
    link(&mut proto);
    Ok(proto)
}

/// Turn syntax diagnostics into one `template` error (the first) listing all of them.
pub fn syntax_error(source: &Source, diags: &[Diagnostic]) -> Box<CfmlError> {
    let Some(first) = diags.first() else {
        return CfmlError::template("Syntax error");
    };
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

/// Bind calls of builtins by name to the builtin itself (`CallName` -> `CallBuiltin`), and mark
/// the other calls by name as UDF calls (`CallUdf`), in a freshly compiled function and the
/// functions nested in it: builtins are looked up before anything else (Lucee forbids UDFs
/// named like them), so this saves a hash lookup per call and changes nothing else. Functions
/// already shared are left as they are. Also notes which functions contain `<cfflush>`.
fn link(proto: &mut Arc<FuncProto>) {
    let Some(p) = Arc::get_mut(proto) else {
        return;
    };
    let registry = rime_stdlib::registry();
    for i in 0..p.code.len() {
        if let Op::CallName { name, argc, names } = p.code[i] {
            let id = p
                .names
                .get(name as usize)
                .and_then(|k| registry.lookup(k.as_str()));
            p.code[i] = match id {
                Some(id) => Op::CallBuiltin { id, argc, names },
                None => Op::CallUdf { name, argc, names },
            };
        }
    }
    let flush = rime_syntax::tag_table::index("flush").map(|i| i as u32);
    let flush_tag = |op: &Op| matches!(op, Op::Tag(t) if Some(*t) == flush);
    let mut flushes = p.code.iter().any(flush_tag);
    for f in &mut p.functions {
        link(f);
        flushes |= f.flushes;
    }
    p.flushes = flushes;
}
