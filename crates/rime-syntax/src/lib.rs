//! CFML syntax: spans, diagnostics, the AST, and a total parser for tag and script code.
//!
//! The parser never fails: it returns an AST plus every diagnostic it found, so one run reports
//! all the syntax errors of a file.

pub mod ast;
mod lexer;
mod parser;
pub mod span;
pub mod tag_table;

pub use span::{Diagnostic, LineIndex, Span};

/// The result of parsing one file.
#[derive(Debug)]
pub struct Parsed {
    pub template: ast::Template,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parse a `.cfm` or `.cfc` file: tag mode with HTML passthrough and `<cfscript>` blocks, unless
/// the first significant token (after comments and whitespace) starts a script component
/// (`component`, `interface`, `abstract component`, `final component`, `import`), in which case the
/// whole file is script. A script component's declaration is a `StmtKind::Tag` named `component`
/// (or `interface`) with its attributes and body.
pub fn parse_template(src: &str) -> Parsed {
    parser::parse_template(src)
}

/// Parse pure CFScript (the body of `<cfscript>`, a REPL line, a script `.cfc`).
pub fn parse_script(src: &str) -> Parsed {
    parser::parse_script(src)
}

/// Parse a single expression (REPL, `evaluate()`, `<cfloop condition>`).
pub fn parse_expression(src: &str) -> (ast::Expr, Vec<Diagnostic>) {
    parser::parse_expression(src)
}
