//! What a function body needs before it is compiled: the names it declares as locals, and
//! whether it must keep its locals and arguments in structs ("dynamic scope") rather than slots.

use rime_bytecode::key::eq_fold;
use rime_syntax::ast::{self, Expr, ExprKind, FuncDecl, Stmt, StmtKind};
use std::cell::{Cell, RefCell};

/// Functions that must keep locals in a struct: they create closures that can see them, include
/// templates, or use `local`/`arguments` as whole values. `locals`: `collect_locals` of its body.
pub(super) fn needs_dynamic_scope(decl: &FuncDecl, locals: &[String]) -> bool {
    let outer: Vec<String> = decl
        .params
        .iter()
        .map(|p| p.name.clone())
        .chain(locals.iter().cloned())
        .collect();
    let found = Cell::new(false);
    visit_stmts(
        &decl.body,
        &mut |s| {
            // Includes see the caller's locals (a thread body sees none of them).
            if matches!(s.kind, StmtKind::Include { .. }) {
                found.set(true);
            }
        },
        &mut |e, parent_is_member| match &e.kind {
            ExprKind::Function(f) if !closure_is_closed(f, &outer) => found.set(true),
            // The listened call runs as a closure over this function's scopes.
            ExprKind::Listen { .. } => found.set(true),
            // Code compiled at run time (`evaluate("b")`) and writes to names built at run time
            // (`setVariable("local.#n#", v)`) must find the locals by name.
            ExprKind::Assign { target, .. } if matches!(target.kind, ExprKind::Interp(_)) => {
                found.set(true)
            }
            ExprKind::Call { callee, args } => {
                if let ExprKind::Ident(n) = &callee.kind {
                    let runs_code = builtin(n).is_some_and(|d| d.runs_code);
                    let named_at_run_time = n.eq_ignore_ascii_case("setvariable")
                        && !args
                            .first()
                            .is_some_and(|a| matches!(a.value.kind, ExprKind::Str(_)));
                    if runs_code || named_at_run_time {
                        found.set(true);
                    }
                }
            }
            ExprKind::Ident(n)
                if !parent_is_member
                    && (n.eq_ignore_ascii_case("local") || n.eq_ignore_ascii_case("arguments")) =>
            {
                found.set(true)
            }
            _ => {}
        },
    );
    found.get()
}

/// Scopes a closed closure may name: none of them is the enclosing function's (`local` and
/// `arguments` inside a closure are its own).
const SCOPES: &[&str] = &[
    "variables",
    "this",
    "super",
    "local",
    "arguments",
    "request",
    "application",
    "session",
    "client",
    "server",
    "url",
    "form",
    "cgi",
    "cookie",
];

/// The builtin `name` (case-insensitively), when there is one.
fn builtin(name: &str) -> Option<&'static rime_runtime::BuiltinDef> {
    let r = rime_stdlib::registry();
    r.lookup(name).and_then(|id| r.get(id))
}

/// Whether the function expression `decl`, written inside a function whose parameters and
/// locals are `outer`, can reach none of them, so that the enclosing function keeps its slots:
/// every unscoped name it reads or writes is its own parameter, local or catch variable, or a
/// scope by name; a name it calls is not one of `outer` (nor a function that looks variables up
/// by a string); it holds plain statements only (no tags, includes, params or nested
/// functions). A closure that fails this captures the enclosing locals as before.
///
/// One difference from Lucee remains: an argument the enclosing function was passed without
/// declaring it is not seen when the closure calls it by name as a function.
fn closure_is_closed(decl: &FuncDecl, outer: &[String]) -> bool {
    let mut own: Vec<String> = decl.params.iter().map(|p| p.name.clone()).collect();
    collect_locals(&decl.body, &mut own);
    visit_stmts(
        &decl.body,
        &mut |s| {
            if let StmtKind::Try { catches, .. } = &s.kind {
                own.extend(catches.iter().map(|c| c.var.clone()));
            }
        },
        &mut |_, _| {},
    );
    let is_in = |list: &[String], n: &str| list.iter().any(|o| eq_fold(o, n));
    let closed = Cell::new(true);
    // The spans of names in call position (visited after their call).
    let callees = RefCell::new(Vec::new());
    let mut check = |e: &Expr, parent_is_member: bool| match &e.kind {
        ExprKind::Call { callee, .. } => {
            if let ExprKind::Ident(n) = &callee.kind {
                let by_name = builtin(n).is_some_and(|d| d.by_name);
                if by_name || (is_in(outer, n) && !is_in(&own, n)) {
                    closed.set(false);
                }
                callees.borrow_mut().push(callee.span);
            }
        }
        ExprKind::Ident(n) => {
            let scope = SCOPES.iter().any(|s| n.eq_ignore_ascii_case(s));
            let called = callees.borrow().contains(&e.span);
            if !(called
                || is_in(&own, n)
                || (scope
                    && (parent_is_member
                        || n.eq_ignore_ascii_case("local")
                        || n.eq_ignore_ascii_case("arguments"))))
            {
                closed.set(false);
            }
        }
        ExprKind::Function(_) | ExprKind::Listen { .. } => closed.set(false),
        _ => {}
    };
    for p in &decl.params {
        if let Some(d) = &p.default {
            visit_expr(d, false, &mut check);
        }
    }
    visit_stmts(
        &decl.body,
        &mut |s| {
            let plain = matches!(
                s.kind,
                StmtKind::Text(_)
                    | StmtKind::Print(_)
                    | StmtKind::Expr(_)
                    | StmtKind::Var { .. }
                    | StmtKind::Block(_)
                    | StmtKind::Silent { .. }
                    | StmtKind::Output(_)
                    | StmtKind::If { .. }
                    | StmtKind::Switch { .. }
                    | StmtKind::For { .. }
                    | StmtKind::ForIn { .. }
                    | StmtKind::While { .. }
                    | StmtKind::DoWhile { .. }
                    | StmtKind::Break(_)
                    | StmtKind::Continue(_)
                    | StmtKind::Labeled { .. }
                    | StmtKind::Return(_)
                    | StmtKind::Try { .. }
                    | StmtKind::Throw { .. }
                    | StmtKind::Rethrow
            );
            if !plain {
                closed.set(false);
            }
        },
        &mut check,
    );
    closed.get()
}

/// Names declared with `var` or written as `local.name` anywhere in a function body.
pub(super) fn collect_locals(body: &[Stmt], out: &mut Vec<String>) {
    let names = RefCell::new(Vec::new());
    visit_stmts(
        body,
        &mut |s| match &s.kind {
            StmtKind::Var { name, .. } => names.borrow_mut().push(name.clone()),
            StmtKind::ForIn {
                target,
                declare_var: true,
                ..
            } => {
                if let ExprKind::Ident(n) = &target.kind {
                    names.borrow_mut().push(n.clone())
                }
            }
            _ => {}
        },
        &mut |e, _| {
            match &e.kind {
                ExprKind::Member { obj, name, .. } if matches!(&obj.kind, ExprKind::Ident(s) if s.eq_ignore_ascii_case("local")) =>
                {
                    names.borrow_mut().push(name.clone());
                }
                // A local named by a string (`setVariable("local.b", 1)`, `<cfquery
                // name="local.q">`, `item="local.x"`, `param local.n = 0`): its slot is where
                // the write by name lands.
                ExprKind::Str(s) => {
                    if let Some(name) = local_named_by(s) {
                        names.borrow_mut().push(name.to_string());
                    }
                }
                _ => {}
            }
        },
    );
    for n in names.into_inner() {
        if !out.iter().any(|o| eq_fold(o, &n)) {
            out.push(n);
        }
    }
}

/// The local a variable path written as a string names: `x` of `local.x`, `local.x.y` or
/// `local.x[1]`.
fn local_named_by(path: &str) -> Option<&str> {
    let rest = path
        .get(..6)
        .filter(|p| p.eq_ignore_ascii_case("local."))
        .and_then(|_| path.get(6..))?;
    let end = rest.find(['.', '[']).unwrap_or(rest.len());
    let name = &rest[..end];
    (!name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$'))
    .then_some(name)
}

/// Walk statements and expressions (not into nested functions). The expression callback gets
/// whether the expression is the object of a member access (`local` in `local.x`).
pub(super) fn visit_stmts(
    body: &[Stmt],
    fs: &mut dyn FnMut(&Stmt),
    fe: &mut dyn FnMut(&Expr, bool),
) {
    for s in body {
        visit_stmt(s, fs, fe);
    }
}

fn visit_stmt(s: &Stmt, fs: &mut dyn FnMut(&Stmt), fe: &mut dyn FnMut(&Expr, bool)) {
    fs(s);
    let ve = |e: &Expr, fe: &mut dyn FnMut(&Expr, bool)| visit_expr(e, false, fe);
    match &s.kind {
        StmtKind::Print(e) | StmtKind::Expr(e) => ve(e, fe),
        StmtKind::Var { init, .. } => {
            if let Some(e) = init {
                ve(e, fe)
            }
        }
        StmtKind::Block(b) | StmtKind::Silent { body: b, .. } | StmtKind::Output(b) => {
            visit_stmts(b, fs, fe)
        }
        StmtKind::If { cond, then, else_ } => {
            ve(cond, fe);
            visit_stmts(then, fs, fe);
            if let Some(e) = else_ {
                visit_stmts(e, fs, fe);
            }
        }
        StmtKind::Switch { subject, cases } => {
            ve(subject, fe);
            for c in cases {
                for v in &c.values {
                    ve(v, fe);
                }
                visit_stmts(&c.body, fs, fe);
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                visit_stmt(i, fs, fe);
            }
            for e in [cond, step].into_iter().flatten() {
                ve(e, fe);
            }
            visit_stmts(body, fs, fe);
        }
        StmtKind::ForIn {
            target,
            collection,
            body,
            ..
        } => {
            ve(target, fe);
            ve(collection, fe);
            visit_stmts(body, fs, fe);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            ve(cond, fe);
            visit_stmts(body, fs, fe);
        }
        StmtKind::Return(Some(e)) => ve(e, fe),
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            visit_stmts(body, fs, fe);
            for c in catches {
                visit_stmts(&c.body, fs, fe);
            }
            if let Some(f) = finally {
                visit_stmts(f, fs, fe);
            }
        }
        StmtKind::Throw { message, attrs } => {
            if let Some(m) = message {
                ve(m, fe);
            }
            for a in attrs {
                ve(&a.value, fe);
            }
        }
        StmtKind::Abort {
            show_error: Some(e),
        } => ve(e, fe),
        StmtKind::Include { template } => ve(template, fe),
        StmtKind::Param { attrs } | StmtKind::Setting { attrs } => {
            for a in attrs {
                ve(&a.value, fe);
            }
        }
        StmtKind::LoopIndex {
            index,
            from,
            to,
            step,
            body,
        } => {
            for e in [Some(index), Some(from), Some(to), step.as_ref()]
                .into_iter()
                .flatten()
            {
                ve(e, fe);
            }
            visit_stmts(body, fs, fe);
        }
        StmtKind::LoopCondition { cond, body } => {
            ve(cond, fe);
            visit_stmts(body, fs, fe);
        }
        StmtKind::LoopArray {
            array,
            item,
            index,
            body,
        } => {
            for e in [Some(array), item.as_ref(), index.as_ref()]
                .into_iter()
                .flatten()
            {
                ve(e, fe);
            }
            visit_stmts(body, fs, fe);
        }
        StmtKind::LoopList {
            list,
            item,
            delimiters,
            body,
        } => {
            for e in [Some(list), Some(item), delimiters.as_ref()]
                .into_iter()
                .flatten()
            {
                ve(e, fe);
            }
            visit_stmts(body, fs, fe);
        }
        StmtKind::LoopCollection {
            collection,
            key,
            value,
            body,
        } => {
            for e in [Some(collection), key.as_ref(), value.as_ref()]
                .into_iter()
                .flatten()
            {
                ve(e, fe);
            }
            visit_stmts(body, fs, fe);
        }
        StmtKind::LoopQuery {
            query,
            start_row,
            end_row,
            group,
            group_case_sensitive,
            body,
        } => {
            for e in [
                Some(query),
                start_row.as_ref(),
                end_row.as_ref(),
                group.as_ref(),
                group_case_sensitive.as_ref(),
            ]
            .into_iter()
            .flatten()
            {
                ve(e, fe);
            }
            visit_stmts(body, fs, fe);
        }
        StmtKind::LoopTimes { count, body } => {
            ve(count, fe);
            visit_stmts(body, fs, fe);
        }
        StmtKind::SaveContent {
            variable,
            append,
            body,
        } => {
            ve(variable, fe);
            if let Some(a) = append {
                ve(a, fe);
            }
            visit_stmts(body, fs, fe);
        }
        StmtKind::Tag { attrs, body, .. } => {
            for a in attrs {
                ve(&a.value, fe);
            }
            if let Some(b) = body {
                visit_stmts(b, fs, fe);
            }
        }
        StmtKind::Labeled { body, .. } => visit_stmt(body, fs, fe),
        StmtKind::Text(_)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::Return(None)
        | StmtKind::Rethrow
        | StmtKind::Abort { show_error: None }
        | StmtKind::Function(_)
        | StmtKind::Error => {}
    }
}

pub(super) fn visit_expr(e: &Expr, parent_is_member: bool, fe: &mut dyn FnMut(&Expr, bool)) {
    fe(e, parent_is_member);
    match &e.kind {
        ExprKind::Interp(parts) => {
            for p in parts {
                if let ast::StrPart::Expr(x) = p {
                    visit_expr(x, false, fe);
                }
            }
        }
        ExprKind::Member { obj, .. } => visit_expr(obj, true, fe),
        ExprKind::Index { obj, index, .. } => {
            // `arguments[1]` and `local["x"]` need the scope as a value.
            visit_expr(obj, false, fe);
            visit_expr(index, false, fe);
        }
        // Its own component: nothing in it is this function's.
        ExprKind::NewComponent { .. } => {}
        // The call becomes a closure's body; the listener is evaluated here.
        ExprKind::Listen { listener, .. } => visit_expr(listener, false, fe),
        ExprKind::Call { callee, args }
        | ExprKind::New {
            class: callee,
            args,
        } => {
            visit_expr(callee, false, fe);
            for a in args {
                visit_expr(&a.value, false, fe);
            }
        }
        ExprKind::Unary { expr, .. } => visit_expr(expr, false, fe),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Elvis { lhs, rhs } => {
            visit_expr(lhs, false, fe);
            visit_expr(rhs, false, fe);
        }
        ExprKind::Ternary { cond, then, else_ } => {
            visit_expr(cond, false, fe);
            visit_expr(then, false, fe);
            visit_expr(else_, false, fe);
        }
        ExprKind::Assign { target, value, .. } => {
            visit_expr(target, false, fe);
            visit_expr(value, false, fe);
        }
        ExprKind::IncDec { target, .. } => visit_expr(target, false, fe),
        ExprKind::Array(items) => {
            for i in items {
                visit_expr(i, false, fe);
            }
        }
        ExprKind::Struct { entries, .. } => {
            for (k, v) in entries {
                visit_expr(k, false, fe);
                visit_expr(v, false, fe);
            }
        }
        ExprKind::Null
        | ExprKind::Bool(_)
        | ExprKind::Num(_)
        | ExprKind::Str(_)
        | ExprKind::Ident(_)
        | ExprKind::StaticAccess { .. }
        | ExprKind::StaticScope { .. }
        | ExprKind::Function(_)
        | ExprKind::Error => {}
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::compile_template;
    use rime_bytecode::proto::Source;

    /// Whether each function of the template keeps its locals in structs, by name.
    fn dynamic(src: &str) -> Vec<(String, bool)> {
        let parsed = rime_syntax::parse_template(src);
        let (proto, _) = compile_template(&parsed.template, Source::new("t.cfm", src));
        proto
            .functions
            .iter()
            .map(|f| (f.name.to_string(), f.dynamic_scope))
            .collect()
    }

    #[test]
    fn a_closure_that_names_nothing_outside_keeps_its_function_in_slots() {
        let src = "<cfscript>
            function closed(a) { var n = 0; arraySort(a, function(p, q) { var d = p - q; try { return d; } catch (any e) { return e; } }); return n; }
            function reads(a) { var n = 1; return arrayMap(a, function(x) { return x + n; }); }
            function calls(a) { var f = function(x) { return x; }; return arrayMap(a, function(x) { return f(x); }); }
            function byName() { var n = 1; return (function() { return evaluate('n'); })(); }
            function defaulted(n) { return (function(x = n) { return x; })(); }
            function nests() { return function() { return function() { return 1; }; }; }
            function tags() { return function() { include 'x.cfm'; }; }
            function scopes(s) { return function(x) { return variables.k & arguments.x & local.y; }; }
        </cfscript>";
        let got = dynamic(src);
        let want = [
            ("closed", false),
            ("reads", true),
            ("calls", true),
            ("byName", true),
            ("defaulted", true),
            ("nests", true),
            ("tags", true),
            ("scopes", false),
        ];
        for (name, d) in want {
            let f = got.iter().find(|(n, _)| n == name);
            assert_eq!(f.map(|f| f.1), Some(d), "{name}: {got:?}");
        }
    }
}
