//! The REPL session: statements and expressions run one after another in one `variables` scope.

use crate::{finish, Engine};
use rime_bytecode::Source;
use rime_compiler::syntax_error;
use rime_runtime::{CfmlError, Struct};
use rime_syntax::ast::{Arg, Expr, ExprKind, Stmt, StmtKind, Template};
use std::sync::Arc;

pub struct Session {
    engine: Arc<Engine>,
    variables: Struct,
}

impl Session {
    pub fn new(engine: Arc<Engine>) -> Session {
        Session {
            engine,
            variables: Struct::new(),
        }
    }

    /// Run one input; returns its output and error. A bare expression (not an assignment or a
    /// call of an output function) prints its value.
    pub fn eval(&self, input: &str) -> (String, Option<Box<CfmlError>>) {
        let source = Source::new("repl", input);
        let (expr, diags) = rime_syntax::parse_expression(input.trim_end().trim_end_matches(';'));
        let template = if diags.is_empty() && !matches!(expr.kind, ExprKind::Assign { .. }) {
            let span = expr.span;
            let dump = Expr::new(
                ExprKind::Call {
                    callee: Box::new(Expr::new(ExprKind::Ident("writeDump".into()), span)),
                    args: vec![Arg {
                        name: None,
                        value: expr,
                    }],
                },
                span,
            );
            Template {
                body: vec![Stmt {
                    kind: StmtKind::Expr(dump),
                    span,
                }],
            }
        } else {
            let parsed = rime_syntax::parse_script(input);
            if !parsed.diagnostics.is_empty() {
                return (
                    String::new(),
                    Some(syntax_error(&source, &parsed.diagnostics)),
                );
            }
            parsed.template
        };
        let proto = match rime_compiler::compile_parsed(&template, source.clone()) {
            Ok(p) => p,
            Err(e) => return (String::new(), Some(e)),
        };
        let engine = self.engine.clone();
        let vars = self.variables.clone();
        let r = self.engine.on_request_thread(move || {
            let mut vm = engine.new_vm();
            let r = vm.run_template(proto, vars);
            finish(vm, r)
        });
        (r.output, r.error)
    }
}
