//! Expressions.
//!
//! Precedence, loosest first: assignment (right-assoc, lvalue targets only), `?:` ternary and
//! Elvis, `IMP`, `EQV`, `XOR`, `OR ||`, `AND &&`, prefix `NOT !`, comparisons, `&`, `+ -`,
//! `MOD %`, `* / \`, prefix `- + ++ --`, `^` (right-assoc, tighter than unary minus), postfix
//! (`.name`, `?.name`, `[i]`, `?.[i]`, `(args)`, `::name`, `++`, `--`), primaries.

use super::Parser;
use crate::ast::{Arg, BinOp, Expr, ExprKind, FuncDecl, Param, Stmt, StmtKind, StrPart, UnaryOp};
use crate::lexer::{Tok, P};
use crate::span::Span;

const PREC_CMP: u8 = 7;

fn is_lvalue(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Ident(_)
            | ExprKind::Member { .. }
            | ExprKind::Index { .. }
            | ExprKind::StaticAccess { .. }
    )
}

/// Assignment targets: lvalues, plus a quoted variable name (`"a.b" = 1`, `"x#i#" = 1`).
fn is_assignable(e: &Expr) -> bool {
    is_lvalue(e) || matches!(e.kind, ExprKind::Str(_) | ExprKind::Interp(_))
}

impl<'a> Parser<'a> {
    fn error_expr(&self, span: Span) -> Expr {
        Expr::new(ExprKind::Error, span)
    }

    /// A full expression, including assignment.
    pub(crate) fn parse_expr(&mut self) -> Expr {
        if !self.enter() {
            return self.too_deep_expr();
        }
        let e = self.parse_assign();
        self.leave();
        e
    }

    fn too_deep_expr(&mut self) -> Expr {
        let span = self.tok().span();
        if !self.at_closer() {
            self.bump();
        }
        self.error_expr(span)
    }

    /// Tokens an expression error does not consume, so the enclosing construct can resync.
    fn at_closer(&self) -> bool {
        matches!(
            self.tok().tok,
            Tok::Eof | Tok::P(P::RParen | P::RBracket | P::RBrace | P::Semi | P::Comma | P::Hash)
        )
    }

    fn parse_assign(&mut self) -> Expr {
        let lhs = self.parse_ternary();
        let op = match self.tok().tok {
            Tok::P(P::Assign) => None,
            Tok::P(P::PlusEq) => Some(BinOp::Add),
            Tok::P(P::MinusEq) => Some(BinOp::Sub),
            Tok::P(P::StarEq) => Some(BinOp::Mul),
            Tok::P(P::SlashEq) => Some(BinOp::Div),
            Tok::P(P::AmpEq) => Some(BinOp::Concat),
            Tok::P(P::PercentEq) => Some(BinOp::Mod),
            _ => return lhs,
        };
        if !is_assignable(&lhs) || (op.is_some() && !is_lvalue(&lhs)) {
            self.error("invalid assignment target", lhs.span);
        }
        self.bump();
        let value = self.parse_expr();
        let span = lhs.span.to(value.span);
        Expr::new(
            ExprKind::Assign {
                target: Box::new(lhs),
                op,
                value: Box::new(value),
            },
            span,
        )
    }

    /// Conditional level: `c ? a : b`, `a ?: b` (no assignment at the top).
    pub(crate) fn parse_ternary(&mut self) -> Expr {
        let cond = self.parse_binary(0);
        if self.eat(P::Elvis) {
            let rhs = self.parse_expr();
            let span = cond.span.to(rhs.span);
            return Expr::new(
                ExprKind::Elvis {
                    lhs: Box::new(cond),
                    rhs: Box::new(rhs),
                },
                span,
            );
        }
        if self.eat(P::Question) {
            self.no_listener += 1;
            let then = self.parse_expr();
            self.no_listener -= 1;
            self.expect(P::Colon, "`:` in a conditional expression");
            let else_ = self.parse_expr();
            let span = cond.span.to(else_.span);
            return Expr::new(
                ExprKind::Ternary {
                    cond: Box::new(cond),
                    then: Box::new(then),
                    else_: Box::new(else_),
                },
                span,
            );
        }
        cond
    }

    /// The binary operator at the current token: (op, precedence, tokens it spans).
    /// Does an operand start at token `n` on the same line (a number, a name, a string, `(`)?
    fn operand_at(&self, n: usize) -> bool {
        let t = self.peek(n);
        !t.nl_before
            && matches!(
                t.tok,
                Tok::Num(_) | Tok::Ident | Tok::Str(_) | Tok::P(P::LParen)
            )
    }

    fn binop(&self) -> Option<(BinOp, u8, usize)> {
        let t = self.tok();
        match &t.tok {
            Tok::P(p) => Some(match p {
                P::EqEq => (BinOp::Eq, PREC_CMP, 1),
                P::EqEqEq => (BinOp::StrictEq, PREC_CMP, 1),
                P::NotEq | P::LtGt => (BinOp::Neq, PREC_CMP, 1),
                P::NotEqEq => (BinOp::StrictNeq, PREC_CMP, 1),
                P::Lt => (BinOp::Lt, PREC_CMP, 1),
                P::Lte => (BinOp::Lte, PREC_CMP, 1),
                P::Gt => (BinOp::Gt, PREC_CMP, 1),
                P::Gte => (BinOp::Gte, PREC_CMP, 1),
                P::Amp => (BinOp::Concat, 8, 1),
                P::Plus => (BinOp::Add, 9, 1),
                P::Minus => (BinOp::Sub, 9, 1),
                // `x--2`, `1--1`: a minus and a sign (Lucee), so `x - -2`; `x++2` is `x + +2`.
                P::MinusMinus | P::PlusPlus if self.operand_at(1) => (BinOp::Add, 9, 1),
                P::Percent => (BinOp::Mod, 10, 1),
                P::Star => (BinOp::Mul, 11, 1),
                P::Slash => (BinOp::Div, 11, 1),
                P::Backslash => (BinOp::IntDiv, 11, 1),
                P::AndAnd => (BinOp::And, 5, 1),
                P::OrOr => (BinOp::Or, 4, 1),
                _ => return None,
            }),
            Tok::Ident => {
                let w = self.text(t).to_ascii_lowercase();
                let cmp = |op| Some((op, PREC_CMP, 1));
                match w.as_str() {
                    "imp" => Some((BinOp::Imp, 1, 1)),
                    "eqv" => Some((BinOp::Eqv, 2, 1)),
                    "xor" => Some((BinOp::Xor, 3, 1)),
                    "or" => Some((BinOp::Or, 4, 1)),
                    "and" => Some((BinOp::And, 5, 1)),
                    "mod" => Some((BinOp::Mod, 10, 1)),
                    "eq" | "equal" => cmp(BinOp::Eq),
                    "neq" => cmp(BinOp::Neq),
                    "is" => {
                        if self.peek_word(1, "not") {
                            Some((BinOp::Neq, PREC_CMP, 2))
                        } else {
                            cmp(BinOp::Eq)
                        }
                    }
                    "not" if self.peek_word(1, "equal") => Some((BinOp::Neq, PREC_CMP, 2)),
                    "gt" => cmp(BinOp::Gt),
                    "gte" | "ge" => cmp(BinOp::Gte),
                    "lt" => cmp(BinOp::Lt),
                    "lte" | "le" => cmp(BinOp::Lte),
                    "contains" | "ct" => cmp(BinOp::Contains),
                    "nct" => cmp(BinOp::NotContains),
                    "does" if self.peek_word(1, "not") && self.peek_word(2, "contain") => {
                        Some((BinOp::NotContains, PREC_CMP, 3))
                    }
                    "greater" | "less" if self.peek_word(1, "than") => {
                        let or_equal = self.peek_word(2, "or")
                            && self.peek_word(3, "equal")
                            && self.peek_word(4, "to");
                        let op = match (w.as_str(), or_equal) {
                            ("greater", false) => BinOp::Gt,
                            ("greater", true) => BinOp::Gte,
                            (_, false) => BinOp::Lt,
                            (_, true) => BinOp::Lte,
                        };
                        Some((op, PREC_CMP, if or_equal { 5 } else { 2 }))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Binary operators with precedence at least `min` (precedence climbing, left-assoc).
    pub(crate) fn parse_binary(&mut self, min: u8) -> Expr {
        let mut lhs = self.parse_operand(min);
        while let Some((op, prec, n)) = self.binop() {
            if prec < min {
                break;
            }
            for _ in 0..n {
                self.bump();
            }
            let rhs = self.parse_binary(prec + 1);
            let span = lhs.span.to(rhs.span);
            lhs = Expr::new(
                ExprKind::Binary {
                    op,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                },
                span,
            );
        }
        lhs
    }

    /// An operand, or `NOT`/`!` applied to a comparison-level expression.
    fn parse_operand(&mut self, min: u8) -> Expr {
        if self.is(P::Bang) || self.at_word("not") {
            let start = self.tok().start;
            self.bump();
            if !self.enter() {
                return self.too_deep_expr();
            }
            let operand = self.parse_binary(min.max(PREC_CMP));
            self.leave();
            let span = Span::new(start, operand.span.end as usize);
            return Expr::new(
                ExprKind::Unary {
                    op: UnaryOp::Not,
                    expr: Box::new(operand),
                },
                span,
            );
        }
        self.parse_pow()
    }

    fn parse_unary(&mut self) -> Expr {
        let start = self.tok().start;
        let op = match self.tok().tok {
            Tok::P(P::Minus) => Some(UnaryOp::Neg),
            Tok::P(P::Plus) => Some(UnaryOp::Plus),
            Tok::P(P::PlusPlus | P::MinusMinus) => {
                let increment = self.is(P::PlusPlus);
                self.bump();
                if !self.enter() {
                    return self.too_deep_expr();
                }
                let target = self.parse_postfix();
                self.leave();
                let span = Span::new(start, target.span.end as usize);
                if !is_lvalue(&target) {
                    // `--2` is two signs (Lucee): the value negated twice, `++2` kept.
                    let op = if increment {
                        UnaryOp::Plus
                    } else {
                        UnaryOp::Neg
                    };
                    let inner = Expr::new(
                        ExprKind::Unary {
                            op,
                            expr: Box::new(target),
                        },
                        span,
                    );
                    return Expr::new(
                        ExprKind::Unary {
                            op,
                            expr: Box::new(inner),
                        },
                        span,
                    );
                }
                return Expr::new(
                    ExprKind::IncDec {
                        target: Box::new(target),
                        prefix: true,
                        increment,
                    },
                    span,
                );
            }
            _ => None,
        };
        let Some(op) = op else {
            return self.parse_postfix();
        };
        self.bump();
        if !self.enter() {
            return self.too_deep_expr();
        }
        let operand = if self.is(P::Bang) || self.at_word("not") {
            self.parse_operand(PREC_CMP)
        } else {
            self.parse_unary()
        };
        self.leave();
        let span = Span::new(start, operand.span.end as usize);
        Expr::new(
            ExprKind::Unary {
                op,
                expr: Box::new(operand),
            },
            span,
        )
    }

    /// `^`, left-associative, with unary operands: Lucee's parser gives `-2^2` = 4 and
    /// `2^3^2` = 64.
    fn parse_pow(&mut self) -> Expr {
        let mut base = self.parse_unary();
        while self.is(P::Caret) {
            self.bump();
            if !self.enter() {
                return self.too_deep_expr();
            }
            let exp = self.parse_unary();
            self.leave();
            let span = base.span.to(exp.span);
            base = Expr::new(
                ExprKind::Binary {
                    op: BinOp::Pow,
                    lhs: Box::new(base),
                    rhs: Box::new(exp),
                },
                span,
            );
        }
        base
    }

    fn member(&mut self, obj: Expr, safe: bool) -> Expr {
        if self.is_ident() {
            let name = self.text(self.tok()).to_string();
            self.bump();
            let span = Span::new(obj.span.start as usize, self.prev_end);
            Expr::new(
                ExprKind::Member {
                    obj: Box::new(obj),
                    name,
                    safe,
                },
                span,
            )
        } else {
            self.error_here("expected a name after `.`");
            obj
        }
    }

    pub(crate) fn index(&mut self, obj: Expr, safe: bool) -> Expr {
        // At `[`.
        self.bump();
        let index = if self.is(P::RBracket) {
            self.error_here("expected an index expression");
            self.error_expr(self.tok().span())
        } else {
            self.parse_expr()
        };
        self.expect(P::RBracket, "`]`");
        let span = Span::new(obj.span.start as usize, self.prev_end);
        Expr::new(
            ExprKind::Index {
                obj: Box::new(obj),
                index: Box::new(index),
                safe,
            },
            span,
        )
    }

    /// After `X::`: a static member when `X` is a (dotted) name, else a plain member access.
    /// Kept out of `parse_postfix` so that recursive frame stays small.
    #[inline(never)]
    fn static_access(&mut self, e: Expr) -> Expr {
        match dotted_name(&e) {
            // `Comp::["name"]`: a member named at run time.
            Some(class) if self.is(P::LBracket) => {
                let scope = Expr::new(ExprKind::StaticScope { class }, e.span);
                self.index(scope, false)
            }
            Some(class) if self.is_ident() => {
                let name = self.text(self.tok()).to_string();
                self.bump();
                let span = Span::new(e.span.start as usize, self.prev_end);
                Expr::new(ExprKind::StaticAccess { class, name }, span)
            }
            _ => self.member(e, false),
        }
    }

    fn parse_postfix(&mut self) -> Expr {
        let mut e = self.parse_primary();
        loop {
            let t = self.tok();
            match t.tok {
                Tok::P(P::ColonColon) => {
                    self.bump();
                    e = self.static_access(e);
                }
                Tok::P(P::Dot) => {
                    self.bump();
                    e = self.member(e, false);
                }
                Tok::P(P::QDot) => {
                    self.bump();
                    e = if self.is(P::LBracket) {
                        self.index(e, true)
                    } else {
                        self.member(e, true)
                    };
                }
                Tok::P(P::LBracket) => e = self.index(e, false),
                Tok::P(P::LParen) => {
                    let args = self.call_args();
                    let span = Span::new(e.span.start as usize, self.prev_end);
                    e = Expr::new(
                        ExprKind::Call {
                            callee: Box::new(e),
                            args,
                        },
                        span,
                    );
                }
                // `f():listener`: a function listener after a call or a `new`.
                Tok::P(P::Colon)
                    if self.no_listener == 0
                        && matches!(e.kind, ExprKind::Call { .. } | ExprKind::New { .. }) =>
                {
                    self.bump();
                    self.no_listener += 1;
                    let listener = self.parse_postfix();
                    self.no_listener -= 1;
                    let span = e.span.to(listener.span);
                    return Expr::new(
                        ExprKind::Listen {
                            call: Box::new(e),
                            listener: Box::new(listener),
                        },
                        span,
                    );
                }
                Tok::P(P::PlusPlus | P::MinusMinus)
                    if !t.nl_before && is_lvalue(&e) && !self.operand_at(1) =>
                {
                    let increment = self.is(P::PlusPlus);
                    self.bump();
                    let span = Span::new(e.span.start as usize, self.prev_end);
                    return Expr::new(
                        ExprKind::IncDec {
                            target: Box::new(e),
                            prefix: false,
                            increment,
                        },
                        span,
                    );
                }
                _ => return e,
            }
        }
    }

    /// Call arguments, at `(`: positional, or named with `name=value` / `name: value` (the name
    /// a bare identifier or a quoted string).
    pub(crate) fn call_args(&mut self) -> Vec<Arg> {
        self.bump();
        let mut args = Vec::new();
        loop {
            if self.eat(P::RParen) {
                break;
            }
            if self.at_eof() {
                self.error_here("expected `)`");
                break;
            }
            let named = if self.peek_is(1, P::Assign) || self.peek_is(1, P::Colon) {
                match &self.tok().tok {
                    Tok::Ident => Some(self.text(self.tok()).to_string()),
                    Tok::Str(segs) => match segs.as_slice() {
                        [] => Some(String::new()),
                        [crate::lexer::StrSeg::Lit(s)] => Some(s.clone()),
                        _ => None,
                    },
                    _ => None,
                }
            } else {
                None
            };
            if let Some(name) = named {
                self.bump();
                self.bump();
                let value = self.parse_expr();
                args.push(Arg {
                    name: Some(name),
                    value,
                });
            } else {
                let value = self.parse_expr();
                args.push(Arg { name: None, value });
            }
            if self.eat(P::Comma) {
                continue;
            }
            if self.eat(P::RParen) {
                break;
            }
            let msg = format!("expected `,` or `)`, found {}", self.describe(self.tok()));
            self.error_here(msg);
            self.skip_to_close(P::RParen);
            break;
        }
        args
    }

    fn parse_primary(&mut self) -> Expr {
        let t = self.tok();
        let span = t.span();
        let start = t.start;
        match &t.tok {
            Tok::Num(n) => {
                let n = *n;
                self.bump();
                Expr::new(ExprKind::Num(n), span)
            }
            Tok::Str(segs) => {
                let segs = segs.clone();
                self.bump();
                self.str_expr(&segs, span)
            }
            Tok::Ident => self.ident_primary(),
            Tok::P(P::LParen) => {
                if self.arrow_ahead() {
                    return self.arrow_fn();
                }
                self.bump();
                let mut e = self.parse_expr();
                self.expect(P::RParen, "`)`");
                e.span = self.span_from(start);
                e
            }
            Tok::P(P::LBracket) => self.array_lit(),
            Tok::P(P::LBrace) => {
                self.bump();
                let entries = self.struct_entries(P::RBrace);
                Expr::new(
                    ExprKind::Struct {
                        ordered: false,
                        entries,
                    },
                    self.span_from(start),
                )
            }
            Tok::P(P::Hash) => {
                self.bump();
                let e = self.parse_expr();
                self.expect(P::Hash, "closing `#`");
                e
            }
            Tok::Eof => {
                self.error_here("expected an expression, found end of input");
                self.error_expr(span)
            }
            _ => {
                let msg = format!("expected an expression, found {}", self.describe(t));
                self.error_here(msg);
                if !self.at_closer() {
                    self.bump();
                }
                self.error_expr(span)
            }
        }
    }

    fn ident_primary(&mut self) -> Expr {
        let t = self.tok();
        let span = t.span();
        let text = self.text(t);
        let lower = text.to_ascii_lowercase();
        match lower.as_str() {
            "true" | "false" => {
                self.bump();
                return Expr::new(ExprKind::Bool(lower == "true"), span);
            }
            "null" if !self.peek_is(1, P::Dot) && !self.peek_is(1, P::LBracket) => {
                self.bump();
                return Expr::new(ExprKind::Null, span);
            }
            "function" if self.peek_is(1, P::LParen) => return self.closure(),
            "new" if self.peek_ident(1) || matches!(self.peek(1).tok, Tok::Str(_)) => {
                return self.new_expr()
            }
            _ => {}
        }
        if self.peek_is(1, P::Arrow) {
            // `x => body`
            self.bump();
            self.bump();
            let param = Param {
                name: text.to_string(),
                required: false,
                type_name: None,
                default: None,
                attrs: Vec::new(),
                span,
            };
            let body = self.arrow_body();
            return self.func_expr(vec![param], body, true, vec![], span.start as usize);
        }
        self.bump();
        Expr::new(ExprKind::Ident(text.to_string()), span)
    }

    fn new_expr(&mut self) -> Expr {
        let start = self.tok().start;
        self.bump();
        // `new component { ... }`, `new component extends="Base" { ... }`.
        if self.at_word("component")
            && (self.peek_is(1, P::LBrace) || (self.peek_ident(1) && self.peek_is(2, P::Assign)))
        {
            let cstart = self.tok().start;
            self.bump();
            let kind = self.component_stmt("component", cstart, Vec::new());
            let span = self.span_from(start);
            return Expr::new(
                ExprKind::NewComponent {
                    decl: Box::new(Stmt { kind, span }),
                },
                span,
            );
        }
        let class = if let Tok::Str(segs) = &self.tok().tok {
            let segs = segs.clone();
            let span = self.tok().span();
            self.bump();
            self.str_expr(&segs, span)
        } else {
            let cstart = self.tok().start;
            let name = self.dotted_name().unwrap_or_default();
            Expr::new(ExprKind::Str(name), self.span_from(cstart))
        };
        let args = if self.is(P::LParen) {
            self.call_args()
        } else {
            Vec::new()
        };
        Expr::new(
            ExprKind::New {
                class: Box::new(class),
                args,
            },
            self.span_from(start),
        )
    }

    /// `a.b.c` as one string (component paths, type names, catch types).
    pub(crate) fn dotted_name(&mut self) -> Option<String> {
        if !self.is_ident() {
            return None;
        }
        let mut s = self.text(self.tok()).to_string();
        self.bump();
        while self.is(P::Dot) && self.peek_ident(1) {
            self.bump();
            s.push('.');
            s.push_str(self.text(self.tok()));
            self.bump();
        }
        Some(s)
    }

    /// At `(`: is this the parameter list of an arrow function (`(a, b) => ...`)?
    fn arrow_ahead(&self) -> bool {
        let mut depth = 0usize;
        let mut i = 0;
        loop {
            match self.peek(i).tok {
                Tok::Eof | Tok::P(P::Semi) => return false,
                Tok::P(P::LParen | P::LBracket | P::LBrace) => depth += 1,
                Tok::P(P::RParen | P::RBracket | P::RBrace) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return self.peek_is(i + 1, P::Arrow);
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }

    fn arrow_fn(&mut self) -> Expr {
        let start = self.tok().start;
        let params = self.params();
        self.expect(P::Arrow, "`=>`");
        let body = self.arrow_body();
        self.func_expr(params, body, true, vec![], start)
    }

    /// After `=>`: a block, or an expression that becomes `return expr`.
    fn arrow_body(&mut self) -> Vec<Stmt> {
        if self.is(P::LBrace) {
            self.bump();
            return self.block_stmts();
        }
        let e = self.parse_expr();
        let span = e.span;
        vec![Stmt {
            kind: StmtKind::Return(Some(e)),
            span,
        }]
    }

    fn closure(&mut self) -> Expr {
        let start = self.tok().start;
        self.bump();
        let params = self.params();
        let attrs = self.func_attrs();
        let body = self.brace_block();
        self.func_expr(params, body, false, attrs, start)
    }

    fn func_expr(
        &mut self,
        params: Vec<Param>,
        body: Vec<Stmt>,
        is_arrow: bool,
        attrs: Vec<crate::ast::Attr>,
        start: usize,
    ) -> Expr {
        let span = self.span_from(start);
        Expr::new(
            ExprKind::Function(Box::new(FuncDecl {
                name: None,
                params,
                body,
                access: None,
                return_type: None,
                attrs,
                is_arrow,
                is_static: false,
                span,
            })),
            span,
        )
    }

    fn array_lit(&mut self) -> Expr {
        let start = self.tok().start;
        self.bump();
        if (self.is(P::Colon) || self.is(P::Assign)) && self.peek_is(1, P::RBracket) {
            self.bump();
            self.bump();
            return Expr::new(
                ExprKind::Struct {
                    ordered: true,
                    entries: Vec::new(),
                },
                self.span_from(start),
            );
        }
        if self.struct_key_ahead() {
            let entries = self.struct_entries(P::RBracket);
            return Expr::new(
                ExprKind::Struct {
                    ordered: true,
                    entries,
                },
                self.span_from(start),
            );
        }
        let mut items = Vec::new();
        loop {
            if self.eat(P::RBracket) {
                break;
            }
            if self.at_eof() {
                self.error_here("expected `]`");
                break;
            }
            items.push(self.parse_expr());
            if self.eat(P::Comma) {
                continue;
            }
            if self.eat(P::RBracket) {
                break;
            }
            let msg = format!("expected `,` or `]`, found {}", self.describe(self.tok()));
            self.error_here(msg);
            self.skip_to_close(P::RBracket);
            break;
        }
        Expr::new(ExprKind::Array(items), self.span_from(start))
    }

    fn struct_key_ahead(&self) -> bool {
        matches!(self.tok().tok, Tok::Ident | Tok::Str(_) | Tok::Num(_))
            && (self.peek_is(1, P::Colon) || self.peek_is(1, P::Assign))
    }

    /// Struct entries after the opener, through `close`.
    fn struct_entries(&mut self, close: P) -> Vec<(Expr, Expr)> {
        let mut entries = Vec::new();
        loop {
            if self.eat(close) {
                break;
            }
            if self.at_eof() {
                let msg = if close == P::RBrace {
                    "expected `}`"
                } else {
                    "expected `]`"
                };
                self.error_here(msg);
                break;
            }
            let t = self.tok();
            let span = t.span();
            let key = match &t.tok {
                Tok::Ident | Tok::Num(_) => {
                    let k = Expr::new(ExprKind::Str(self.text(t).to_string()), span);
                    self.bump();
                    k
                }
                Tok::Str(segs) => {
                    let segs = segs.clone();
                    self.bump();
                    // `"#name#"` is the value of `name` as a string; kept an `Interp` so the
                    // compiler doesn't take a lone identifier for a literal key.
                    match self.str_expr(&segs, span) {
                        e @ Expr {
                            kind: ExprKind::Str(_) | ExprKind::Interp(_),
                            ..
                        } => e,
                        e => Expr::new(ExprKind::Interp(vec![StrPart::Expr(e)]), span),
                    }
                }
                _ => {
                    let msg = format!("expected a struct key, found {}", self.describe(t));
                    self.error_here(msg);
                    self.skip_to_close(close);
                    break;
                }
            };
            if !self.eat(P::Colon) && !self.eat(P::Assign) {
                let msg = format!(
                    "expected `:` or `=` after the struct key, found {}",
                    self.describe(self.tok())
                );
                self.error_here(msg);
                self.skip_to_close(close);
                break;
            }
            let value = self.parse_expr();
            entries.push((key, value));
            if self.eat(P::Comma) {
                continue;
            }
            if self.eat(close) {
                break;
            }
            let msg = format!(
                "expected `,` or `{}`, found {}",
                if close == P::RBrace { "}" } else { "]" },
                self.describe(self.tok())
            );
            self.error_here(msg);
            self.skip_to_close(close);
            break;
        }
        entries
    }
}

/// `a.b.C` as one dotted name when an expression is only identifiers and member accesses.
fn dotted_name(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Ident(n) => Some(n.clone()),
        ExprKind::Member {
            obj,
            name,
            safe: false,
        } => dotted_name(obj).map(|p| format!("{p}.{name}")),
        _ => None,
    }
}
