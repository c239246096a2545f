//! Script statements (`<cfscript>` bodies, script components, `parse_script`).

use super::build::{to_attrs, RawAttr};
use super::Parser;
use crate::ast::{Attr, Catch, Expr, ExprKind, FuncDecl, Param, Stmt, StmtKind, SwitchCase};
use crate::lexer::{Tok, P};
use crate::span::Span;
use crate::tag_table::{self, Script};

/// Tags callable as `cfXXX(name=value, ...)` in script (`Script::Call` and `Script::Statement`
/// in the tag table).
fn is_cf_call_tag(name: &str) -> bool {
    tag_table::script(name) != Script::None
}

const ACCESS: &[&str] = &["public", "private", "package", "remote"];

impl<'a> Parser<'a> {
    /// Statements to the end of the range.
    pub(crate) fn parse_program(&mut self) -> Vec<Stmt> {
        let mut out = Vec::new();
        while !self.at_eof() {
            if self.is(P::RBrace) {
                self.panic = false;
                self.error_here("unexpected `}`");
                self.bump();
                continue;
            }
            self.stmt_into(&mut out);
        }
        out
    }

    /// The content of `<cfset ...>`: `var x = e` or an expression, with an optional `;`.
    pub(crate) fn set_statement(&mut self) -> StmtKind {
        if self.at_eof() {
            let span = self.tok().span();
            self.error("`<cfset>` needs an expression", span);
            return StmtKind::Error;
        }
        let kind = if self.at_word("var") && self.peek_ident(1) {
            self.bump();
            self.var_decl()
        } else {
            StmtKind::Expr(self.parse_expr())
        };
        self.eat(P::Semi);
        if !self.at_eof() {
            let msg = format!("unexpected {} in `<cfset>`", self.describe(self.tok()));
            self.error_here(msg);
        }
        kind
    }

    /// One statement (a new error-reporting unit) into `out`; always makes progress.
    fn stmt_into(&mut self, out: &mut Vec<Stmt>) {
        let before = self.pos;
        self.panic = false;
        if let Some(s) = self.parse_statement() {
            out.push(s);
        }
        if self.pos == before && !self.at_eof() {
            let msg = format!("unexpected {}", self.describe(self.tok()));
            self.error_here(msg);
            self.bump();
        }
    }

    /// Statements after a consumed `{`, through the matching `}`.
    pub(crate) fn block_stmts(&mut self) -> Vec<Stmt> {
        let open = Span::new(self.prev_end.saturating_sub(1), self.prev_end);
        let mut out = Vec::new();
        loop {
            if self.eat(P::RBrace) {
                break;
            }
            if self.at_eof() {
                self.panic = false;
                self.error("missing `}` for this `{`", open);
                break;
            }
            self.stmt_into(&mut out);
        }
        out
    }

    /// A `{ ... }` block (required).
    pub(crate) fn brace_block(&mut self) -> Vec<Stmt> {
        if self.eat(P::LBrace) {
            self.block_stmts()
        } else {
            let msg = format!("expected `{{`, found {}", self.describe(self.tok()));
            self.error_here(msg);
            Vec::new()
        }
    }

    /// The body of `if`/`for`/`while`: a block or a single statement.
    fn body(&mut self) -> Vec<Stmt> {
        if self.eat(P::LBrace) {
            return self.block_stmts();
        }
        if self.at_eof() || self.is(P::RBrace) {
            self.error_here("expected a statement");
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.enter() {
            self.stmt_into(&mut out);
            self.leave();
        } else {
            self.bump();
        }
        out
    }

    /// The end of a simple statement: `;`, or nothing before `}`, the end of input or a new line.
    fn end_stmt(&mut self) {
        if self.eat(P::Semi) || self.is(P::RBrace) || self.at_eof() || self.tok().nl_before {
            return;
        }
        let msg = format!("expected `;`, found {}", self.describe(self.tok()));
        self.error_here(msg);
        self.sync();
    }

    /// Does the token at `n` end a statement (so a keyword before it stands alone)?
    fn ends_at(&self, n: usize) -> bool {
        let t = self.peek(n);
        t.nl_before || matches!(t.tok, Tok::Eof | Tok::P(P::Semi | P::RBrace))
    }

    /// Does the token at `n` make the preceding word a variable (`x = 1`, `x.y`, `x[1]`, `x++`)?
    fn continues_var(&self, n: usize) -> bool {
        matches!(
            self.peek(n).tok,
            Tok::P(
                P::Assign
                    | P::PlusEq
                    | P::MinusEq
                    | P::StarEq
                    | P::SlashEq
                    | P::AmpEq
                    | P::PercentEq
                    | P::Dot
                    | P::QDot
                    | P::ColonColon
                    | P::LBracket
                    | P::PlusPlus
                    | P::MinusMinus
            )
        )
    }

    pub(crate) fn parse_statement(&mut self) -> Option<Stmt> {
        if !self.enter() {
            // Too deep: skip the statement (`stmt_into` guarantees progress).
            let start = self.tok().start;
            self.sync();
            return Some(Stmt {
                kind: StmtKind::Error,
                span: self.span_from(start),
            });
        }
        let r = self.statement_inner();
        self.leave();
        r
    }

    fn statement_inner(&mut self) -> Option<Stmt> {
        let start = self.tok().start;
        match self.tok().tok {
            Tok::P(P::Semi) => {
                self.bump();
                return None;
            }
            Tok::P(P::LBrace) => {
                self.bump();
                let body = self.block_stmts();
                return Some(Stmt {
                    kind: StmtKind::Block(body),
                    span: self.span_from(start),
                });
            }
            Tok::Island => {
                let (from, to) = (self.tok().start, self.tok().end);
                self.bump();
                let body = super::tags::sub_template(self.src, from, to, &mut self.diags);
                return Some(Stmt {
                    kind: StmtKind::Block(body),
                    span: Span::new(from, to),
                });
            }
            Tok::Ident if self.label_ahead() => {
                let label = self.text(self.tok()).to_string();
                self.bump();
                self.bump();
                let body = self.parse_statement()?;
                return Some(Stmt {
                    kind: StmtKind::Labeled {
                        label,
                        body: Box::new(body),
                    },
                    span: self.span_from(start),
                });
            }
            Tok::Ident => {
                let w = self.text(self.tok()).to_ascii_lowercase();
                if let Some(kind) = self.keyword_statement(&w) {
                    return Some(Stmt {
                        kind,
                        span: self.span_from(start),
                    });
                }
            }
            _ => {}
        }
        let e = self.parse_expr();
        self.end_stmt();
        Some(Stmt {
            kind: StmtKind::Expr(e),
            span: self.span_from(start),
        })
    }

    /// A statement introduced by the word `w` at the current token, or None when the word is
    /// just the start of an expression here.
    fn keyword_statement(&mut self, w: &str) -> Option<StmtKind> {
        let kind = match w {
            "if" if self.peek_is(1, P::LParen) => self.if_stmt(),
            "while" if self.peek_is(1, P::LParen) => {
                self.bump();
                let cond = self.paren_cond();
                let body = self.body();
                StmtKind::While { cond, body }
            }
            // `do { ... } while (c);`, and `do stmt; while (c);` without braces.
            "do" if self.peek_is(1, P::LBrace)
                || !(self.continues_var(1)
                    || matches!(
                        self.peek(1).tok,
                        Tok::Eof | Tok::P(P::LParen | P::Semi | P::RBrace)
                    )) =>
            {
                self.bump();
                let body = self.body();
                if self.at_word("while") {
                    self.bump();
                } else {
                    self.error_here("expected `while` after the `do` block");
                }
                let cond = self.paren_cond();
                self.end_stmt();
                StmtKind::DoWhile { body, cond }
            }
            "for" if self.peek_is(1, P::LParen) => self.for_stmt(),
            "switch" if self.peek_is(1, P::LParen) => self.switch_stmt(),
            "try" if self.peek_is(1, P::LBrace) => self.try_stmt(),
            "var" if self.peek_ident(1) => {
                self.bump();
                let kind = self.var_decl();
                self.end_stmt();
                kind
            }
            // `return ++x;` returns an increment; `return++;` would increment a variable.
            // `return [a, b];` returns an array literal (Lucee), not an index into `return`.
            "return"
                if !self.continues_var(1)
                    || self.peek_is(1, P::LBracket)
                    || (matches!(self.peek(1).tok, Tok::P(P::PlusPlus | P::MinusMinus))
                        && !matches!(self.peek(2).tok, Tok::Eof | Tok::P(P::Semi | P::RBrace))) =>
            {
                self.bump();
                let value = if matches!(self.tok().tok, Tok::Eof | Tok::P(P::Semi | P::RBrace)) {
                    None
                } else {
                    Some(self.parse_expr())
                };
                self.end_stmt();
                StmtKind::Return(value)
            }
            "break" | "continue" | "rethrow"
                if self.ends_at(1) || (w == "rethrow" && self.peek_is(1, P::LParen)) =>
            {
                self.bump();
                if self.is(P::LParen) && self.peek_is(1, P::RParen) {
                    self.bump();
                    self.bump();
                }
                self.end_stmt();
                match w {
                    "break" => StmtKind::Break(None),
                    "continue" => StmtKind::Continue(None),
                    _ => StmtKind::Rethrow,
                }
            }
            // `break outer;`: leave (or go on with) the loop labelled `outer`.
            "break" | "continue" if self.peek_ident(1) && self.ends_at(2) => {
                self.bump();
                let label = self.text(self.tok()).to_string();
                self.bump();
                self.end_stmt();
                if w == "break" {
                    StmtKind::Break(Some(label))
                } else {
                    StmtKind::Continue(Some(label))
                }
            }
            "throw" if !self.continues_var(1) => self.throw_stmt(),
            "abort"
                if self.ends_at(1)
                    || matches!(self.peek(1).tok, Tok::Str(_))
                    || (self.peek_ident(1) && self.peek_is(2, P::Assign)) =>
            {
                self.bump();
                let show_error = if self.ends_at(0) {
                    None
                } else if self.is_ident() && self.peek_is(1, P::Assign) {
                    let mut attrs = self.tag_attrs();
                    super::build::take(&mut attrs, "showerror").map(|a| a.value)
                } else {
                    Some(self.parse_ternary())
                };
                self.end_stmt();
                StmtKind::Abort { show_error }
            }
            "include" if !self.continues_var(1) && !self.ends_at(1) => {
                self.bump();
                let template = if self.at_word("template") && self.peek_is(1, P::Assign) {
                    let start = self.tok().start;
                    let mut attrs = self.tag_attrs();
                    match super::build::take(&mut attrs, "template") {
                        Some(a) => a.value,
                        None => Expr::new(ExprKind::Error, self.span_from(start)),
                    }
                } else {
                    let e = self.parse_ternary();
                    // `include "x.cfm" runonce=true;`
                    if !self.tok().nl_before {
                        let _ = self.tag_attrs();
                    }
                    e
                };
                self.end_stmt();
                StmtKind::Include { template }
            }
            // `pageencoding "utf-8";`: source is read as UTF-8 whatever it says (Lucee reads it
            // at compile time too).
            "pageencoding" if matches!(self.peek(1).tok, Tok::Str(_)) => {
                self.bump();
                self.bump();
                self.end_stmt();
                StmtKind::Block(Vec::new())
            }
            "param" if self.peek_ident(1) || matches!(self.peek(1).tok, Tok::Str(_)) => {
                self.param_stmt()
            }
            "function" if self.peek_ident(1) => self.function_decl(),
            "import" if self.peek_ident(1) || matches!(self.peek(1).tok, Tok::Str(_)) => {
                self.import_stmt()
            }
            "component" | "interface" if self.component_ahead(1) => {
                let start = self.tok().start;
                self.bump();
                self.component_stmt(w, start, Vec::new())
            }
            "abstract" | "final" if self.peek_word(1, "component") && self.component_ahead(2) => {
                let start = self.tok().start;
                let span = self.tok().span();
                self.bump();
                self.bump();
                let modifier = Attr {
                    name: w.to_string(),
                    value: Expr::new(ExprKind::Bool(true), span),
                    span,
                };
                self.component_stmt("component", start, vec![modifier])
            }
            "property" if self.peek_ident(1) || matches!(self.peek(1).tok, Tok::Str(_)) => {
                self.property_stmt()
            }
            "static" if self.peek_is(1, P::LBrace) => {
                self.bump();
                self.bump();
                let body = self.block_stmts();
                StmtKind::Tag {
                    name: "static".to_string(),
                    attrs: Vec::new(),
                    body: Some(body),
                }
            }
            "else" => {
                self.error_here("`else` without a matching `if`");
                self.bump();
                if self.at_word("if") && self.peek_is(1, P::LParen) {
                    return Some(self.if_stmt());
                }
                let _ = self.body();
                StmtKind::Error
            }
            "case" | "default"
                if !self.continues_var(1) && (w == "case" || self.peek_is(1, P::Colon)) =>
            {
                self.error_here(format!("`{w}` outside of a `switch`"));
                self.sync_past_colon();
                StmtKind::Error
            }
            "catch" | "finally" if self.peek_is(1, P::LParen) || self.peek_is(1, P::LBrace) => {
                self.error_here(format!("`{w}` without a matching `try`"));
                self.bump();
                if self.is(P::LParen) {
                    self.bump();
                    self.skip_to_close(P::RParen);
                }
                let _ = self.brace_block();
                StmtKind::Error
            }
            _ => {
                if self.func_prefix_ahead() {
                    self.function_decl()
                } else if tag_table::script(w) == Script::Statement
                    && (self.peek_is(1, P::LBrace)
                        || (self.peek_ident(1) && self.peek_is(2, P::Assign))
                        || (matches!(w, "exit" | "flush" | "transaction" | "silent" | "logout")
                            && self.ends_at(1))
                        // `silent false { }`: one unnamed value (Lucee's `single` script form).
                        || (tag_table::single_value_attr(w).is_some()
                            && self.peek_is(2, P::LBrace)
                            && !self.peek_is(1, P::LBrace)))
                {
                    self.script_tag(w)
                } else if w.len() > 2
                    && w.starts_with("cf")
                    && self.peek_is(1, P::LParen)
                    && (self.peek_is(2, P::RParen) || self.named_args_at(1))
                    && is_cf_call_tag(w.get(2..).unwrap_or(""))
                {
                    self.cf_call_tag(w.get(2..).unwrap_or(""))
                } else {
                    return None;
                }
            }
        };
        Some(kind)
    }

    /// `name:` before a loop statement: a loop label (Lucee).
    fn label_ahead(&self) -> bool {
        let t = self.tok();
        let w = self.text(t);
        self.peek_is(1, P::Colon)
            && !w.eq_ignore_ascii_case("case")
            && !w.eq_ignore_ascii_case("default")
            && self.peek_ident(2)
            && ["for", "while", "do", "loop"]
                .iter()
                .any(|k| self.text(self.peek(2)).eq_ignore_ascii_case(k))
    }

    fn sync_past_colon(&mut self) {
        loop {
            match self.tok().tok {
                Tok::Eof | Tok::P(P::RBrace) => return,
                Tok::P(P::Colon | P::Semi) => {
                    self.bump();
                    return;
                }
                _ => self.bump(),
            }
        }
    }

    /// `( expr )` after `if`/`while`.
    fn paren_cond(&mut self) -> Expr {
        self.expect(P::LParen, "`(`");
        let cond = if self.is(P::RParen) {
            self.error_here("expected a condition");
            Expr::new(ExprKind::Error, self.tok().span())
        } else {
            self.parse_expr()
        };
        if !self.expect(P::RParen, "`)`") && !self.is(P::LBrace) {
            self.skip_to_close(P::RParen);
        }
        cond
    }

    fn if_stmt(&mut self) -> StmtKind {
        // Iterative over `else if` chains.
        let mut chain: Vec<(usize, Expr, Vec<Stmt>)> = Vec::new();
        let mut else_body = None;
        loop {
            let start = self.tok().start;
            self.bump(); // `if`
            let cond = self.paren_cond();
            let then = self.body();
            chain.push((start, cond, then));
            // `elseif (...)` as one word (Lucee).
            if self.at_word("elseif") && self.peek_is(1, P::LParen) {
                continue;
            }
            if self.at_word("else") {
                self.bump();
                if self.at_word("if") && self.peek_is(1, P::LParen) {
                    continue;
                }
                else_body = Some(self.body());
            }
            break;
        }
        let end = self.prev_end;
        let mut tail = else_body;
        while let Some((start, cond, then)) = chain.pop() {
            if chain.is_empty() {
                return StmtKind::If {
                    cond,
                    then,
                    else_: tail,
                };
            }
            tail = Some(vec![Stmt {
                kind: StmtKind::If {
                    cond,
                    then,
                    else_: tail,
                },
                span: Span::new(start, end),
            }]);
        }
        StmtKind::Error
    }

    /// After `var`: `name [= init]`. A dotted name (`var local.x = 1`, `var a.b = 1`) is an
    /// assignment into the `local` scope.
    fn var_decl(&mut self) -> StmtKind {
        let t = self.tok();
        let name = self.text(t).to_string();
        let span = t.span();
        self.bump();
        let path_follows = |p: &Self| (p.is(P::Dot) && p.peek_ident(1)) || p.is(P::LBracket);
        if !path_follows(self) {
            let init = if self.eat(P::Assign) {
                Some(self.parse_expr())
            } else {
                None
            };
            return StmtKind::Var { name, init };
        }
        let mut target = if name.eq_ignore_ascii_case("local") {
            Expr::new(ExprKind::Ident(name), span)
        } else {
            let local = Expr::new(ExprKind::Ident("local".into()), span);
            Expr::new(
                ExprKind::Member {
                    obj: Box::new(local),
                    name,
                    safe: false,
                },
                span,
            )
        };
        // `var a.b.c = 1`, `var a[1] = v`: a path into the local.
        while path_follows(self) {
            if self.is(P::LBracket) {
                target = self.index(target, false);
                continue;
            }
            self.bump();
            let member = self.text(self.tok()).to_string();
            self.bump();
            target = Expr::new(
                ExprKind::Member {
                    obj: Box::new(target),
                    name: member,
                    safe: false,
                },
                Span::new(span.start as usize, self.prev_end),
            );
        }
        let value = if self.eat(P::Assign) {
            self.parse_expr()
        } else {
            Expr::new(ExprKind::Str(String::new()), target.span)
        };
        let aspan = target.span.to(value.span);
        StmtKind::Expr(Expr::new(
            ExprKind::Assign {
                target: Box::new(target),
                op: None,
                value: Box::new(value),
            },
            aspan,
        ))
    }

    fn for_stmt(&mut self) -> StmtKind {
        self.bump(); // for
        self.bump(); // (
                     // for (var x in coll) / for (x in coll)
        if self.at_word("var") && self.peek_ident(1) && self.peek_word(2, "in") {
            self.bump();
            let t = self.tok().span();
            let name = self.text(self.tok()).to_string();
            self.bump();
            self.bump(); // in
            return self.for_in_rest(Expr::new(ExprKind::Ident(name), t), true);
        }
        let init = if self.is(P::Semi) {
            None
        } else if self.at_word("var") && self.peek_ident(1) {
            let start = self.tok().start;
            self.bump();
            let kind = self.var_decl();
            Some(Box::new(Stmt {
                kind,
                span: self.span_from(start),
            }))
        } else {
            let start = self.tok().start;
            let e = self.parse_expr();
            if self.at_word("in") {
                self.bump();
                return self.for_in_rest(e, false);
            }
            Some(Box::new(Stmt {
                kind: StmtKind::Expr(e),
                span: self.span_from(start),
            }))
        };
        self.expect(P::Semi, "`;` in `for`");
        let cond = if self.is(P::Semi) {
            None
        } else {
            Some(self.parse_expr())
        };
        self.expect(P::Semi, "`;` in `for`");
        let step = if self.is(P::RParen) {
            None
        } else {
            Some(self.parse_expr())
        };
        if !self.expect(P::RParen, "`)`") && !self.is(P::LBrace) {
            self.skip_to_close(P::RParen);
        }
        let body = self.body();
        StmtKind::For {
            init,
            cond,
            step,
            body,
        }
    }

    fn for_in_rest(&mut self, target: Expr, declare_var: bool) -> StmtKind {
        let collection = self.parse_expr();
        if !self.expect(P::RParen, "`)`") && !self.is(P::LBrace) {
            self.skip_to_close(P::RParen);
        }
        let body = self.body();
        StmtKind::ForIn {
            target,
            declare_var,
            collection,
            body,
        }
    }

    fn at_case_label(&self) -> bool {
        self.at_word("case") || (self.at_word("default") && self.peek_is(1, P::Colon))
    }

    fn switch_stmt(&mut self) -> StmtKind {
        self.bump();
        let subject = self.paren_cond();
        let mut cases = Vec::new();
        if !self.expect(P::LBrace, "`{` after `switch (...)`") {
            return StmtKind::Switch { subject, cases };
        }
        let open = Span::new(self.prev_end.saturating_sub(1), self.prev_end);
        loop {
            if self.eat(P::RBrace) {
                break;
            }
            if self.at_eof() {
                self.panic = false;
                self.error("missing `}` for this `switch`", open);
                break;
            }
            let start = self.tok().start;
            let (values, is_default) = if self.at_word("case") {
                self.bump();
                self.panic = false;
                self.no_listener += 1;
                let v = self.parse_binary(0);
                self.no_listener -= 1;
                if !self.expect(P::Colon, "`:` after the case value") {
                    self.sync_past_colon();
                }
                (vec![v], false)
            } else if self.at_word("default") && self.peek_is(1, P::Colon) {
                self.bump();
                self.bump();
                (Vec::new(), true)
            } else {
                self.panic = false;
                self.error_here("expected `case` or `default` in `switch`");
                let mut dropped = Vec::new();
                self.stmt_into(&mut dropped);
                continue;
            };
            let mut body = Vec::new();
            while !self.at_case_label() && !self.is(P::RBrace) && !self.at_eof() {
                self.stmt_into(&mut body);
            }
            cases.push(SwitchCase {
                values,
                is_default,
                body,
                span: self.span_from(start),
            });
        }
        StmtKind::Switch { subject, cases }
    }

    fn try_stmt(&mut self) -> StmtKind {
        let try_span = self.tok().span();
        self.bump();
        let body = self.brace_block();
        let mut catches = Vec::new();
        while self.at_word("catch") {
            let start = self.tok().start;
            self.bump();
            self.panic = false;
            let mut type_name = "any".to_string();
            let mut var = String::new();
            if self.expect(P::LParen, "`(` after `catch`") {
                let first = if let Tok::Str(segs) = &self.tok().tok {
                    let s: String = segs
                        .iter()
                        .filter_map(|s| match s {
                            crate::lexer::StrSeg::Lit(l) => Some(l.as_str()),
                            _ => None,
                        })
                        .collect();
                    self.bump();
                    Some(s)
                } else {
                    self.dotted_name()
                };
                match first {
                    Some(first) if self.is_ident() => {
                        type_name = first;
                        // `catch (any local.e)`: a catch variable is a local already.
                        var = self.dotted_name().unwrap_or_default();
                        if var.len() > 6 && var[..6].eq_ignore_ascii_case("local.") {
                            var.drain(..6);
                        }
                    }
                    Some(first) => var = first,
                    None => self.error_here("expected the exception type and variable name"),
                }
                if !self.expect(P::RParen, "`)`") && !self.is(P::LBrace) {
                    self.skip_to_close(P::RParen);
                }
            }
            let cbody = self.brace_block();
            catches.push(Catch {
                type_name,
                var,
                body: cbody,
                span: self.span_from(start),
            });
        }
        let finally = if self.at_word("finally") {
            self.bump();
            Some(self.brace_block())
        } else {
            None
        };
        if catches.is_empty() && finally.is_none() {
            self.panic = false;
            self.error("`try` without `catch` or `finally`", try_span);
        }
        StmtKind::Try {
            body,
            catches,
            finally,
        }
    }

    fn throw_stmt(&mut self) -> StmtKind {
        self.bump();
        if self.ends_at(0) {
            self.eat(P::Semi);
            return StmtKind::Throw {
                message: None,
                attrs: Vec::new(),
            };
        }
        // throw message="m" type="t";
        if self.is_ident() && self.peek_is(1, P::Assign) {
            let attrs = self.tag_attrs();
            self.end_stmt();
            return StmtKind::Throw {
                message: None,
                attrs: to_attrs(attrs),
            };
        }
        // throw(message="m", type="t") / throw("m") / throw("m", "type", "detail"): Lucee's
        // function form, whose positional arguments are the attributes in this order.
        if self.is(P::LParen) && (self.named_args_ahead() || self.paren_has_comma()) {
            const POSITIONAL: [&str; 6] = [
                "message",
                "type",
                "detail",
                "errorcode",
                "extendedinfo",
                "object",
            ];
            let args = self.call_args();
            let mut message = None;
            let mut attrs = Vec::new();
            for (i, a) in args.into_iter().enumerate() {
                match a.name {
                    Some(name) => attrs.push(Attr {
                        span: a.value.span,
                        name,
                        value: a.value,
                    }),
                    None if i == 0 => message = Some(a.value),
                    None => match POSITIONAL.get(i) {
                        Some(name) => attrs.push(Attr {
                            span: a.value.span,
                            name: (*name).to_string(),
                            value: a.value,
                        }),
                        None => self.error("extra positional argument to `throw`", a.value.span),
                    },
                }
            }
            self.end_stmt();
            return StmtKind::Throw { message, attrs };
        }
        let message = self.parse_expr();
        self.end_stmt();
        StmtKind::Throw {
            message: Some(message),
            attrs: Vec::new(),
        }
    }

    /// Is the current token a `(` whose parenthesis holds a comma at its own level?
    fn paren_has_comma(&self) -> bool {
        let mut depth = 0usize;
        let mut n = 0;
        loop {
            match &self.peek(n).tok {
                Tok::Eof => return false,
                Tok::P(P::LParen | P::LBracket | P::LBrace) => depth += 1,
                Tok::P(P::RParen | P::RBracket | P::RBrace) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return false;
                    }
                }
                Tok::P(P::Comma) if depth == 1 => return true,
                _ => {}
            }
            n += 1;
        }
    }

    /// At `(`: does the list start with `name=` / `name:`?
    fn named_args_ahead(&self) -> bool {
        self.named_args_at(0)
    }

    /// Is the token at `n` a `(` opening an argument list that starts with `name=` / `name:`?
    fn named_args_at(&self, n: usize) -> bool {
        self.peek_is(n, P::LParen)
            && matches!(self.peek(n + 1).tok, Tok::Ident | Tok::Str(_))
            && (self.peek_is(n + 2, P::Assign) || self.peek_is(n + 2, P::Colon))
    }

    /// `param name="x" default="1";`, `param x = 1;`, `param numeric x = 1;`,
    /// `param string name="x";`.
    fn param_stmt(&mut self) -> StmtKind {
        let start = self.tok().start;
        self.bump();
        let mut attrs: Vec<RawAttr> = Vec::new();
        if !self.at_param_attr() {
            let (first, first_span) = self.param_name();
            let mut name = first.map(|e| (e, first_span));
            if self.at_word("name") && self.peek_is(1, P::Assign) {
                // `param string name="x" ...`: the first word was the type.
                if let Some((t, sp)) = name.take() {
                    attrs.push(raw_attr("type", t, sp));
                }
            } else if !self.at_param_attr()
                && (self.is_ident() || matches!(self.tok().tok, Tok::Str(_)))
                && !self.tok().nl_before
            {
                // `param type name [= default]`
                if let Some((t, sp)) = name.take() {
                    attrs.push(raw_attr("type", t, sp));
                }
                let (n, sp) = self.param_name();
                name = n.map(|n| (n, sp));
            }
            if let Some((n, sp)) = name {
                attrs.push(raw_attr("name", n, sp));
                if self.eat(P::Assign) {
                    let d = self.parse_ternary();
                    let sp = d.span;
                    attrs.push(raw_attr("default", d, sp));
                }
            }
        }
        attrs.extend(self.tag_attrs());
        self.end_stmt();
        let span = self.span_from(start);
        self.cx().tag("param", attrs, None, span)
    }

    /// At a `param` attribute (`name=`, `default=`, `type=`...)?
    fn at_param_attr(&self) -> bool {
        const ATTR_WORDS: &[&str] = &[
            "name",
            "type",
            "default",
            "min",
            "max",
            "pattern",
            "maxlength",
        ];
        self.is_ident()
            && self.peek_is(1, P::Assign)
            && ATTR_WORDS
                .iter()
                .any(|w| self.text(self.tok()).eq_ignore_ascii_case(w))
    }

    /// A variable name in `param`: a dotted name (as a string) or a quoted string.
    fn param_name(&mut self) -> (Option<Expr>, Span) {
        let start = self.tok().start;
        if let Tok::Str(segs) = &self.tok().tok {
            let segs = segs.clone();
            let span = self.tok().span();
            self.bump();
            return (Some(self.str_expr(&segs, span)), span);
        }
        match self.dotted_name() {
            Some(n) => {
                let span = self.span_from(start);
                (Some(Expr::new(ExprKind::Str(n), span)), span)
            }
            None => {
                self.error_here("expected a variable name");
                (None, self.tok().span())
            }
        }
    }

    /// Script tag attributes: `name=value` pairs (values at conditional level) and bare names
    /// (valued `""`) before `{`, `;` or another name.
    pub(crate) fn tag_attrs(&mut self) -> Vec<RawAttr> {
        let mut out = Vec::new();
        while self.is_ident() {
            let t = self.tok();
            let name = self.text(t).to_string();
            let start = t.start;
            let nspan = t.span();
            if self.peek_is(1, P::Assign) {
                self.bump();
                self.bump();
                let before = self.pos;
                let vt = self.tok().clone();
                let value = self.parse_ternary();
                let raw = if self.pos == before + 1 && matches!(vt.tok, Tok::Str(_)) {
                    Some((vt.start + 1, vt.end.saturating_sub(1).max(vt.start + 1)))
                } else {
                    None
                };
                let value = dotted_to_str(value, &name);
                out.push(RawAttr {
                    name,
                    value,
                    raw,
                    span: self.span_from(start),
                });
            } else if matches!(
                self.peek(1).tok,
                Tok::Ident | Tok::Eof | Tok::P(P::LBrace | P::Semi | P::RBrace)
            ) {
                self.bump();
                out.push(RawAttr {
                    name,
                    value: Expr::new(ExprKind::Str(String::new()), nspan),
                    raw: None,
                    span: nspan,
                });
            } else {
                break;
            }
        }
        out
    }

    /// `lock name="x" { }`, `http url="u" result="r";`, `loop from=1 to=3 index="i" { }`.
    fn script_tag(&mut self, w: &str) -> StmtKind {
        let start = self.tok().start;
        self.bump();
        let single = tag_table::single_value_attr(w).filter(|_| {
            !(matches!(
                self.tok().tok,
                Tok::Eof | Tok::P(P::LBrace | P::Semi | P::RBrace)
            ) || self.is_ident() && self.peek_is(1, P::Assign))
        });
        let attrs = match single {
            Some(name) => {
                let vstart = self.tok().start;
                let value = self.parse_ternary();
                vec![RawAttr {
                    name: name.to_string(),
                    value,
                    raw: None,
                    span: self.span_from(vstart),
                }]
            }
            None => self.tag_attrs(),
        };
        let body = if self.eat(P::LBrace) {
            Some(self.block_stmts())
        } else {
            self.end_stmt();
            None
        };
        let span = self.span_from(start);
        self.cx().tag(w, attrs, body, span)
    }

    /// `cfheader(name="x", value="y");` / `cflock(name="x") { }`; the commas may be left out,
    /// as in a tag (`cflock(name="a" timeout="1")`, Lucee).
    fn cf_call_tag(&mut self, name: &str) -> StmtKind {
        let start = self.tok().start;
        self.bump();
        self.bump(); // `(`
        let mut attrs = Vec::new();
        while !self.is(P::RParen) && !self.at_eof() {
            let t = self.tok().clone();
            let attr = match &t.tok {
                Tok::Ident => Some(self.text(&t).to_string()),
                Tok::Str(segs) => match segs.as_slice() {
                    [crate::lexer::StrSeg::Lit(l)] => Some(l.clone()),
                    [] => Some(String::new()),
                    _ => None,
                },
                _ => None,
            };
            let named = attr.is_some() && matches!(self.peek(1).tok, Tok::P(P::Assign | P::Colon));
            let Some(attr) = attr.filter(|_| named) else {
                self.error_here(format!("arguments of `cf{name}(...)` must be named"));
                self.skip_to_close(P::RParen);
                break;
            };
            self.bump();
            self.bump();
            let value = self.parse_ternary();
            attrs.push(RawAttr {
                span: Span::new(t.start, self.prev_end),
                name: attr,
                value,
                raw: None,
            });
            self.eat(P::Comma);
        }
        self.expect(P::RParen, "`)`");
        let body = if self.eat(P::LBrace) {
            Some(self.block_stmts())
        } else {
            self.end_stmt();
            None
        };
        let span = self.span_from(start);
        self.cx().tag(name, attrs, body, span)
    }

    /// `import path.to.*;` / `import "path";` → `Tag{name: "import", attrs: [path]}`.
    fn import_stmt(&mut self) -> StmtKind {
        self.bump();
        let start = self.tok().start;
        let path = if let Tok::Str(segs) = &self.tok().tok {
            let segs = segs.clone();
            let span = self.tok().span();
            self.bump();
            self.str_expr(&segs, span)
        } else {
            let mut s = String::new();
            loop {
                if self.is_ident() {
                    s.push_str(self.text(self.tok()));
                    self.bump();
                } else if self.is(P::Star) {
                    s.push('*');
                    self.bump();
                } else if self.is(P::Colon) {
                    s.push(':');
                    self.bump();
                    continue;
                } else {
                    break;
                }
                if self.is(P::Dot) {
                    s.push('.');
                    self.bump();
                } else {
                    break;
                }
            }
            Expr::new(ExprKind::Str(s), self.span_from(start))
        };
        let span = self.span_from(start);
        let mut attrs = vec![Attr {
            name: "path".into(),
            value: path,
            span,
        }];
        attrs.extend(to_attrs(self.tag_attrs()));
        self.end_stmt();
        StmtKind::Tag {
            name: "import".into(),
            attrs,
            body: None,
        }
    }

    /// After `component`/`interface` at `n`: `{` or attributes follow.
    fn component_ahead(&self, n: usize) -> bool {
        self.peek_is(n, P::LBrace)
            || (self.peek_ident(n)
                && (self.peek_is(n + 1, P::Assign)
                    || self.peek_ident(n + 1)
                    || self.peek_is(n + 1, P::LBrace)))
    }

    /// After the `component`/`interface` keyword: attributes and the body.
    /// The component's attributes, then its doc comment's annotations (before `start`, the
    /// `component` keyword or its modifier) where the attributes leave them unset.
    pub(crate) fn component_stmt(
        &mut self,
        name: &str,
        start: usize,
        mut attrs: Vec<Attr>,
    ) -> StmtKind {
        attrs.extend(to_attrs(self.tag_attrs()));
        with_doc_comment(&mut attrs, super::doc_comment_attrs(self.src, start));
        let body = self.brace_block();
        StmtKind::Tag {
            name: name.to_string(),
            attrs,
            body: Some(body),
        }
    }

    /// `property name="x" type="string";`, `property string name;`, `property name;`.
    fn property_stmt(&mut self) -> StmtKind {
        let start = self.tok().start;
        self.bump();
        let mut words: Vec<(Expr, Span)> = Vec::new();
        while words.len() < 2 {
            let bare_word = self.is_ident() && !self.peek_is(1, P::Assign);
            if let Tok::Str(segs) = &self.tok().tok {
                let segs = segs.clone();
                let span = self.tok().span();
                self.bump();
                let e = self.str_expr(&segs, span);
                words.push((e, span));
            } else if bare_word {
                let start = self.tok().start;
                let mut n = self.dotted_name().unwrap_or_default();
                if self.is(P::LBracket) && self.peek_is(1, P::RBracket) {
                    self.bump();
                    self.bump();
                    n.push_str("[]");
                }
                let span = self.span_from(start);
                words.push((Expr::new(ExprKind::Str(n), span), span));
            } else {
                break;
            }
        }
        let mut attrs = Vec::new();
        let mut it = words.into_iter();
        let (first, second) = (it.next(), it.next());
        match (first, second) {
            (Some((t, ts)), Some((n, ns))) => {
                attrs.push(Attr {
                    name: "type".into(),
                    value: t,
                    span: ts,
                });
                attrs.push(Attr {
                    name: "name".into(),
                    value: n,
                    span: ns,
                });
            }
            (Some((n, ns)), None) => attrs.push(Attr {
                name: "name".into(),
                value: n,
                span: ns,
            }),
            _ => {}
        }
        attrs.extend(to_attrs(self.tag_attrs()));
        self.end_stmt();
        with_doc_comment(&mut attrs, super::doc_comment_attrs(self.src, start));
        StmtKind::Tag {
            name: "property".into(),
            attrs,
            body: None,
        }
    }

    /// Ahead: `[access] [static] [returntype] function name` with at least one prefix word.
    fn func_prefix_ahead(&self) -> bool {
        let mut n = 0;
        while n < 16 {
            let t = self.peek(n);
            match t.tok {
                Tok::Ident => {
                    if self.text(t).eq_ignore_ascii_case("function") {
                        return n > 0 && self.peek_ident(n + 1);
                    }
                }
                Tok::P(P::Dot | P::LBracket | P::RBracket) if n > 0 => {}
                _ => return false,
            }
            n += 1;
        }
        false
    }

    /// A named function declaration (with optional prefix words).
    fn function_decl(&mut self) -> StmtKind {
        let start = self.tok().start;
        let mut access = None;
        let mut return_type: Option<String> = None;
        let mut is_static = false;
        let mut attrs = Vec::new();
        while self.is_ident() && !self.at_word("function") {
            let t = self.tok();
            let w = self.text(t).to_ascii_lowercase();
            let span = t.span();
            if ACCESS.contains(&w.as_str()) {
                access = Some(w);
                self.bump();
            } else if w == "static" {
                is_static = true;
                self.bump();
            } else if w == "abstract" || w == "final" {
                attrs.push(Attr {
                    name: w,
                    value: Expr::new(ExprKind::Bool(true), span),
                    span,
                });
                self.bump();
            } else {
                let mut ty = self.dotted_name().unwrap_or_default();
                if self.is(P::LBracket) && self.peek_is(1, P::RBracket) {
                    self.bump();
                    self.bump();
                    ty.push_str("[]");
                }
                return_type = Some(ty);
            }
        }
        self.bump(); // function
        let name = if self.is_ident() {
            let n = self.text(self.tok()).to_string();
            self.bump();
            Some(n)
        } else {
            self.error_here("expected a function name");
            None
        };
        let mut params = self.params();
        attrs.extend(self.func_attrs());
        // `/** hint  @name value */` before the declaration: its annotations (explicit
        // attributes win).
        for mut a in super::doc_comment_attrs(self.src, start) {
            // `@argName.attr value` is an attribute of that parameter (WireBox's
            // `@asyncManager.inject coldbox:asyncManager`).
            if let Some((pname, attr)) = a.name.split_once('.') {
                if let Some(p) = params
                    .iter_mut()
                    .find(|p| p.name.eq_ignore_ascii_case(pname))
                {
                    if !attr.is_empty()
                        && !p.attrs.iter().any(|b| b.name.eq_ignore_ascii_case(attr))
                    {
                        a.name = attr.to_string();
                        p.attrs.push(a);
                    }
                    continue;
                }
            }
            // `@argName text` is that parameter's hint.
            if let Some(p) = params
                .iter_mut()
                .find(|p| p.name.eq_ignore_ascii_case(&a.name))
            {
                if !p.attrs.iter().any(|b| b.name.eq_ignore_ascii_case("hint")) {
                    a.name = "hint".to_string();
                    p.attrs.push(a);
                }
            } else if !attrs.iter().any(|b| b.name.eq_ignore_ascii_case(&a.name)) {
                attrs.push(a);
            }
        }
        let body = if self.eat(P::LBrace) {
            self.block_stmts()
        } else if self.eat(P::Semi) {
            Vec::new()
        } else {
            let msg = format!("expected `{{`, found {}", self.describe(self.tok()));
            self.error_here(msg);
            Vec::new()
        };
        // `function f() returntype="numeric" access="private" {}`: the attribute forms of the
        // prefix words, as `<cffunction>` takes them.
        let word_attr = |attrs: &mut Vec<Attr>, name: &str| {
            let i = attrs
                .iter()
                .position(|a| a.name.eq_ignore_ascii_case(name))?;
            match &attrs[i].value.kind {
                ExprKind::Str(s) => {
                    let s = s.trim().to_string();
                    attrs.remove(i);
                    Some(s)
                }
                _ => None,
            }
        };
        let return_type = return_type.or_else(|| word_attr(&mut attrs, "returntype"));
        let access =
            access.or_else(|| word_attr(&mut attrs, "access").map(|a| a.to_ascii_lowercase()));
        StmtKind::Function(Box::new(FuncDecl {
            name,
            params,
            body,
            access,
            return_type,
            attrs,
            is_arrow: false,
            is_static,
            span: self.span_from(start),
        }))
    }

    /// A parameter list at `(`, through `)`.
    pub(crate) fn params(&mut self) -> Vec<Param> {
        let mut out = Vec::new();
        if !self.expect(P::LParen, "`(`") {
            return out;
        }
        loop {
            if self.eat(P::RParen) {
                break;
            }
            if self.at_eof() {
                self.error_here("expected `)`");
                break;
            }
            let start = self.tok().start;
            let mut required = false;
            if self.at_word("required") && self.peek_ident(1) {
                self.bump();
                required = true;
            }
            let Some(mut first) = self.dotted_name() else {
                let msg = format!(
                    "expected a parameter name, found {}",
                    self.describe(self.tok())
                );
                self.error_here(msg);
                if !self.is(P::LBrace) {
                    self.skip_to_close(P::RParen);
                }
                break;
            };
            if self.is(P::LBracket) && self.peek_is(1, P::RBracket) {
                self.bump();
                self.bump();
                first.push_str("[]");
            }
            let (type_name, name) = if self.is_ident() {
                let n = self.text(self.tok()).to_string();
                self.bump();
                (Some(first), n)
            } else {
                (None, first)
            };
            let default = if self.eat(P::Assign) {
                Some(self.parse_ternary())
            } else {
                None
            };
            // Parameter annotations (`hint="..."`), kept for metadata.
            let mut attrs = Vec::new();
            while self.is_ident() && self.peek_is(1, P::Assign) {
                let t = self.tok();
                let (aname, aspan) = (self.text(t).to_string(), t.span());
                self.bump();
                self.bump();
                let value = self.parse_ternary();
                attrs.push(Attr {
                    name: aname,
                    value,
                    span: aspan,
                });
            }
            out.push(Param {
                name,
                required,
                type_name,
                default,
                attrs,
                span: self.span_from(start),
            });
            if self.eat(P::Comma) {
                continue;
            }
            if self.eat(P::RParen) {
                break;
            }
            // Lucee accepts a parameter that starts on a new line without the comma before it.
            if self.is_ident() && self.tok().nl_before {
                continue;
            }
            let msg = format!("expected `,` or `)`, found {}", self.describe(self.tok()));
            self.error_here(msg);
            if !self.is(P::LBrace) {
                self.skip_to_close(P::RParen);
            }
            break;
        }
        out
    }

    /// Function annotations after the parameter list: `output=false hint="x"`.
    pub(crate) fn func_attrs(&mut self) -> Vec<Attr> {
        to_attrs(self.tag_attrs())
    }
}

/// Add a doc comment's annotations to `attrs`, the attributes written out winning.
fn with_doc_comment(attrs: &mut Vec<Attr>, doc: Vec<Attr>) {
    for a in doc {
        if !attrs.iter().any(|b| b.name.eq_ignore_ascii_case(&a.name)) {
            attrs.push(a);
        }
    }
}

fn raw_attr(name: &str, value: Expr, span: Span) -> RawAttr {
    RawAttr {
        name: name.to_string(),
        value,
        raw: None,
        span,
    }
}

/// `extends=a.b.C` written without quotes: the dotted name as a string.
fn dotted_to_str(e: Expr, attr: &str) -> Expr {
    if !(attr.eq_ignore_ascii_case("extends") || attr.eq_ignore_ascii_case("implements")) {
        return e;
    }
    fn path(e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::Ident(n) => Some(n.clone()),
            ExprKind::Member {
                obj,
                name,
                safe: false,
            } => {
                let mut p = path(obj)?;
                p.push('.');
                p.push_str(name);
                Some(p)
            }
            _ => None,
        }
    }
    match path(&e) {
        Some(p) => Expr::new(ExprKind::Str(p), e.span),
        None => e,
    }
}
