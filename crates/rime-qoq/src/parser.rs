//! Recursive-descent parser for QoQ SELECT statements. Nesting is limited (`MAX_DEPTH`) so hostile
//! SQL cannot overflow the stack.

use crate::ast::*;
use crate::err;
use crate::lexer::{Tok, Token};
use rime_runtime::{CfResult, Value};

/// Bounds the depth of the expression tree (nesting and operator chains alike), which keeps
/// every recursive walk over it (binding, evaluation, drop) well inside a thread's stack.
const MAX_DEPTH: usize = 200;

/// Words that end an expression or an implicit alias.
const RESERVED: &[&str] = &[
    "select", "from", "where", "group", "by", "having", "order", "union", "all", "limit", "offset",
    "top", "distinct", "as", "and", "or", "not", "on", "join", "inner", "left", "right", "outer",
    "full", "cross", "is", "null", "like", "in", "between", "escape", "asc", "desc", "case",
    "when", "then", "else", "end",
];

fn is_reserved(name: &str) -> bool {
    RESERVED.iter().any(|r| r.eq_ignore_ascii_case(name))
}

pub struct Parser {
    toks: Vec<Token>,
    i: usize,
    depth: usize,
    params: usize,
}

pub fn parse(toks: Vec<Token>) -> CfResult<Statement> {
    let mut p = Parser {
        toks,
        i: 0,
        depth: 0,
        params: 0,
    };
    let st = p.statement()?;
    if !matches!(p.peek().tok, Tok::Eof) {
        return Err(p.expected("end of statement"));
    }
    Ok(st)
}

impl Parser {
    fn peek(&self) -> &Token {
        // The token list always ends with Eof and `i` never passes it.
        &self.toks[self.i.min(self.toks.len() - 1)]
    }

    fn peek_at(&self, n: usize) -> &Token {
        &self.toks[(self.i + n).min(self.toks.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.i < self.toks.len() - 1 {
            self.i += 1;
        }
        t
    }

    fn describe(t: &Token) -> String {
        match &t.tok {
            Tok::Ident { name, .. } => format!("[{name}]"),
            Tok::Num(n) => format!("[{n}]"),
            Tok::Str(s) => format!("['{s}']"),
            Tok::Param => "[?]".into(),
            Tok::Sym(s) => format!("[{s}]"),
            Tok::Eof => "end of statement".into(),
        }
    }

    fn expected(&self, what: &str) -> Box<rime_runtime::CfmlError> {
        let t = self.peek();
        err::syntax(
            t.pos,
            &format!("expected {what}, found {}", Self::describe(t)),
        )
    }

    fn kw(&mut self, kw: &str) -> bool {
        if self.peek().is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_kw(&mut self, kw: &str) -> CfResult<()> {
        if self.kw(kw) {
            Ok(())
        } else {
            Err(self.expected(&kw.to_uppercase()))
        }
    }

    fn sym(&mut self, s: &str) -> bool {
        if matches!(self.peek().tok, Tok::Sym(x) if x == s) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_sym(&mut self, s: &str) -> CfResult<()> {
        if self.sym(s) {
            Ok(())
        } else {
            Err(self.expected(&format!("[{s}]")))
        }
    }

    fn count(&mut self, what: &str) -> CfResult<usize> {
        match self.peek().tok {
            Tok::Num(n) if n >= 0.0 && n.fract() == 0.0 => {
                self.bump();
                Ok(n.min(usize::MAX as f64) as usize)
            }
            _ => Err(self.expected(what)),
        }
    }

    /// An identifier that is not a keyword (or any quoted identifier).
    fn ident(&mut self, what: &str) -> CfResult<String> {
        match &self.peek().tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => {
                let n = name.clone();
                self.bump();
                Ok(n)
            }
            _ => Err(self.expected(what)),
        }
    }

    fn statement(&mut self) -> CfResult<Statement> {
        let first = self.select()?;
        let mut unions = Vec::new();
        while self.kw("union") {
            let all = self.kw("all");
            if !all {
                self.kw("distinct");
            }
            unions.push((all, self.select()?));
        }
        let mut order_by = Vec::new();
        if self.kw("order") {
            self.expect_kw("by")?;
            loop {
                let e = self.expr()?;
                let desc = if self.kw("desc") {
                    true
                } else {
                    self.kw("asc");
                    false
                };
                order_by.push(OrderKey { e, desc });
                if !self.sym(",") {
                    break;
                }
            }
        }
        let mut limit = None;
        let mut offset = 0;
        if self.kw("limit") {
            limit = Some(self.count("a row count after LIMIT")?);
            if self.kw("offset") {
                offset = self.count("a row count after OFFSET")?;
            }
        } else if self.kw("offset") {
            offset = self.count("a row count after OFFSET")?;
        }
        Ok(Statement {
            first,
            unions,
            order_by,
            limit,
            offset,
        })
    }

    fn select(&mut self) -> CfResult<Select> {
        // A parenthesized select inside a union: `(SELECT ...) UNION (SELECT ...)`.
        if matches!(self.peek().tok, Tok::Sym("(")) && self.peek_at(1).is_kw("select") {
            self.bump();
            let s = self.select()?;
            self.expect_sym(")")?;
            return Ok(s);
        }
        self.expect_kw("select")?;
        let mut distinct = false;
        let mut top = None;
        loop {
            if self.kw("distinct") {
                distinct = true;
            } else if self.kw("all") {
            } else if self.kw("top") {
                top = Some(self.count("a row count after TOP")?);
            } else {
                break;
            }
        }
        let mut items = Vec::new();
        loop {
            items.push(self.select_item()?);
            if !self.sym(",") {
                break;
            }
        }
        self.expect_kw("from")?;
        let mut from = vec![self.table_ref(JoinKind::Cross)?];
        loop {
            if self.sym(",") {
                from.push(self.table_ref(JoinKind::Cross)?);
                continue;
            }
            let kind = if self.kw("inner") {
                self.expect_kw("join")?;
                JoinKind::Inner
            } else if self.kw("left") {
                self.kw("outer");
                self.expect_kw("join")?;
                JoinKind::Left
            } else if self.kw("join") {
                JoinKind::Inner
            } else if self.kw("cross") {
                self.expect_kw("join")?;
                JoinKind::Cross
            } else {
                break;
            };
            let mut t = self.table_ref(kind)?;
            if kind != JoinKind::Cross {
                self.expect_kw("on")?;
                t.on = Some(self.expr()?);
            }
            from.push(t);
        }
        let where_ = if self.kw("where") {
            Some(self.expr()?)
        } else {
            None
        };
        let mut group_by = Vec::new();
        if self.kw("group") {
            self.expect_kw("by")?;
            loop {
                group_by.push(self.expr()?);
                if !self.sym(",") {
                    break;
                }
            }
        }
        let having = if self.kw("having") {
            Some(self.expr()?)
        } else {
            None
        };
        Ok(Select {
            distinct,
            top,
            items,
            from,
            where_,
            group_by,
            having,
        })
    }

    fn select_item(&mut self) -> CfResult<SelectItem> {
        if self.sym("*") {
            return Ok(SelectItem::Star(None));
        }
        // `t.*` / `variables.q.*`
        let start = self.i;
        if matches!(self.peek().tok, Tok::Ident { .. }) {
            let mut parts = Vec::new();
            while let Tok::Ident { name, .. } = &self.peek().tok {
                if !matches!(self.peek_at(1).tok, Tok::Sym(".")) {
                    break;
                }
                parts.push(name.clone());
                self.bump();
                self.bump();
            }
            if !parts.is_empty() && self.sym("*") {
                return Ok(SelectItem::Star(Some(parts.join("."))));
            }
            self.i = start;
        }
        let e = self.expr()?;
        let alias = if self.kw("as") {
            Some(self.any_name("an alias after AS")?)
        } else {
            match &self.peek().tok {
                Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => {
                    let n = name.clone();
                    self.bump();
                    Some(n)
                }
                _ => None,
            }
        };
        Ok(SelectItem::Expr { e, alias })
    }

    /// After AS any identifier (even a keyword) or a string literal names the column.
    fn any_name(&mut self, what: &str) -> CfResult<String> {
        match &self.peek().tok {
            Tok::Ident { name, .. } | Tok::Str(name) => {
                let n = name.clone();
                self.bump();
                Ok(n)
            }
            _ => Err(self.expected(what)),
        }
    }

    fn table_ref(&mut self, join: JoinKind) -> CfResult<TableRef> {
        let pos = self.peek().pos;
        let mut name = self.ident("a table name")?;
        while matches!(self.peek().tok, Tok::Sym(".")) {
            self.bump();
            name.push('.');
            name.push_str(&self.ident("a table name after [.]")?);
        }
        let alias = if self.kw("as") {
            Some(self.ident("a table alias")?)
        } else {
            match &self.peek().tok {
                Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => {
                    let n = name.clone();
                    self.bump();
                    Some(n)
                }
                _ => None,
            }
        };
        Ok(TableRef {
            name,
            alias,
            pos,
            join,
            on: None,
        })
    }

    fn enter(&mut self) -> CfResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(err::syntax(self.peek().pos, "expression nested too deeply"));
        }
        Ok(())
    }

    pub fn expr(&mut self) -> CfResult<Expr> {
        self.enter()?;
        let r = self.or_expr();
        self.depth -= 1;
        r
    }

    fn or_expr(&mut self) -> CfResult<Expr> {
        let mut l = self.and_expr()?;
        let base = self.depth;
        while self.kw("or") {
            self.enter()?;
            let r = self.and_expr()?;
            l = Expr::Bin(BinOp::Or, Box::new(l), Box::new(r));
        }
        self.depth = base;
        Ok(l)
    }

    fn and_expr(&mut self) -> CfResult<Expr> {
        let mut l = self.not_expr()?;
        let base = self.depth;
        while self.kw("and") {
            self.enter()?;
            let r = self.not_expr()?;
            l = Expr::Bin(BinOp::And, Box::new(l), Box::new(r));
        }
        self.depth = base;
        Ok(l)
    }

    fn not_expr(&mut self) -> CfResult<Expr> {
        if self.kw("not") {
            self.enter()?;
            let e = self.not_expr();
            self.depth -= 1;
            return Ok(Expr::Not(Box::new(e?)));
        }
        self.cmp_expr()
    }

    fn cmp_expr(&mut self) -> CfResult<Expr> {
        let l = self.add_expr()?;
        let op = match self.peek().tok {
            Tok::Sym("=") => Some(BinOp::Eq),
            Tok::Sym("<>") | Tok::Sym("!=") => Some(BinOp::Neq),
            Tok::Sym("<") => Some(BinOp::Lt),
            Tok::Sym("<=") => Some(BinOp::Le),
            Tok::Sym(">") => Some(BinOp::Gt),
            Tok::Sym(">=") => Some(BinOp::Ge),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let r = self.add_expr()?;
            return Ok(Expr::Bin(op, Box::new(l), Box::new(r)));
        }
        if self.kw("is") {
            let not = self.kw("not");
            self.expect_kw("null")?;
            return Ok(Expr::IsNull(Box::new(l), not));
        }
        let not = self.kw("not");
        if self.kw("like") {
            let pat = self.add_expr()?;
            let esc = if self.kw("escape") {
                Some(Box::new(self.add_expr()?))
            } else {
                None
            };
            return Ok(Expr::Like {
                e: Box::new(l),
                pat: Box::new(pat),
                esc,
                not,
            });
        }
        if self.kw("in") {
            self.expect_sym("(")?;
            let mut list = Vec::new();
            loop {
                list.push(self.expr()?);
                if !self.sym(",") {
                    break;
                }
            }
            self.expect_sym(")")?;
            return Ok(Expr::In(Box::new(l), list, not));
        }
        if self.kw("between") {
            let lo = self.add_expr()?;
            self.expect_kw("and")?;
            let hi = self.add_expr()?;
            return Ok(Expr::Between(Box::new(l), Box::new(lo), Box::new(hi), not));
        }
        if not {
            return Err(self.expected("LIKE, IN or BETWEEN after NOT"));
        }
        Ok(l)
    }

    fn add_expr(&mut self) -> CfResult<Expr> {
        const OPS: &[(&str, BinOp)] =
            &[("+", BinOp::Add), ("-", BinOp::Sub), ("||", BinOp::Concat)];
        self.left_assoc(OPS, Self::mul_expr)
    }

    fn mul_expr(&mut self) -> CfResult<Expr> {
        const OPS: &[(&str, BinOp)] = &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Mod)];
        self.left_assoc(OPS, Self::unary)
    }

    /// One left-associative level: `operand (op operand)*` for the symbols in `ops`. Each
    /// operator counts towards the nesting limit, since the tree deepens on the left.
    fn left_assoc(
        &mut self,
        ops: &[(&str, BinOp)],
        operand: fn(&mut Self) -> CfResult<Expr>,
    ) -> CfResult<Expr> {
        let mut l = operand(self)?;
        let base = self.depth;
        while let Some(op) = match &self.peek().tok {
            Tok::Sym(s) => ops.iter().find(|(o, _)| o == s).map(|&(_, op)| op),
            _ => None,
        } {
            self.bump();
            self.enter()?;
            let r = operand(self)?;
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
        self.depth = base;
        Ok(l)
    }

    fn unary(&mut self) -> CfResult<Expr> {
        if self.sym("-") {
            self.enter()?;
            let e = self.unary();
            self.depth -= 1;
            return Ok(match e? {
                Expr::Lit(Value::Num(n)) => Expr::Lit(Value::Num(-n)),
                e => Expr::Neg(Box::new(e)),
            });
        }
        if self.sym("+") {
            self.enter()?;
            let e = self.unary();
            self.depth -= 1;
            return e;
        }
        self.primary()
    }

    fn primary(&mut self) -> CfResult<Expr> {
        let t = self.peek().clone();
        match t.tok {
            Tok::Num(n) => {
                self.bump();
                Ok(Expr::Lit(Value::Num(n)))
            }
            Tok::Str(s) => {
                self.bump();
                Ok(Expr::Lit(Value::from(s)))
            }
            Tok::Param => {
                self.bump();
                self.params += 1;
                Ok(Expr::Param(self.params - 1))
            }
            Tok::Sym("(") => {
                self.bump();
                // Parenthesized nesting recurses through every precedence level, so it weighs
                // more than one operator-chain step against the depth budget.
                self.enter()?;
                self.enter()?;
                let e = self.expr();
                self.depth -= 2;
                let e = e?;
                self.expect_sym(")")?;
                Ok(e)
            }
            Tok::Ident { ref name, quoted } => {
                if !quoted {
                    if name.eq_ignore_ascii_case("null") {
                        self.bump();
                        return Ok(Expr::Lit(Value::Null));
                    }
                    if name.eq_ignore_ascii_case("true") || name.eq_ignore_ascii_case("false") {
                        self.bump();
                        return Ok(Expr::Lit(Value::Bool(name.eq_ignore_ascii_case("true"))));
                    }
                    if name.eq_ignore_ascii_case("case") {
                        self.bump();
                        return self.case_expr();
                    }
                    // `left(...)`/`right(...)` are functions even though LEFT/RIGHT are keywords.
                    let is_call = matches!(self.peek_at(1).tok, Tok::Sym("("))
                        && (name.eq_ignore_ascii_case("left")
                            || name.eq_ignore_ascii_case("right"));
                    if is_reserved(name) && !is_call {
                        return Err(self.expected("an expression"));
                    }
                }
                let name = name.clone();
                self.bump();
                if !quoted && matches!(self.peek().tok, Tok::Sym("(")) {
                    self.bump();
                    return self.call(name, t.pos);
                }
                let mut parts = vec![name];
                while matches!(self.peek().tok, Tok::Sym(".")) {
                    self.bump();
                    match &self.peek().tok {
                        Tok::Ident { name, .. } => {
                            parts.push(name.clone());
                            self.bump();
                        }
                        _ => return Err(self.expected("a column name after [.]")),
                    }
                }
                let name = parts.pop().unwrap_or_default();
                let qual = if parts.is_empty() {
                    None
                } else {
                    Some(parts.join("."))
                };
                Ok(Expr::Col {
                    qual,
                    name,
                    pos: t.pos,
                })
            }
            _ => Err(self.expected("an expression")),
        }
    }

    fn case_expr(&mut self) -> CfResult<Expr> {
        let operand = if self.peek().is_kw("when") {
            None
        } else {
            Some(Box::new(self.expr()?))
        };
        let mut whens = Vec::new();
        while self.kw("when") {
            let w = self.expr()?;
            self.expect_kw("then")?;
            let t = self.expr()?;
            whens.push((w, t));
        }
        if whens.is_empty() {
            return Err(self.expected("WHEN"));
        }
        let else_ = if self.kw("else") {
            Some(Box::new(self.expr()?))
        } else {
            None
        };
        self.expect_kw("end")?;
        Ok(Expr::Case {
            operand,
            whens,
            else_,
        })
    }

    fn call(&mut self, name: String, pos: usize) -> CfResult<Expr> {
        let lname = name.to_ascii_lowercase();
        let agg = match lname.as_str() {
            "count" => Some(AggKind::Count),
            "sum" => Some(AggKind::Sum),
            "avg" => Some(AggKind::Avg),
            "min" => Some(AggKind::Min),
            "max" => Some(AggKind::Max),
            _ => None,
        };
        if let Some(kind) = agg {
            let distinct = self.kw("distinct");
            if !distinct {
                self.kw("all");
            }
            let arg = if kind == AggKind::Count && !distinct && self.sym("*") {
                None
            } else {
                let e = self.expr()?;
                if e.has_agg() {
                    return Err(err::syntax(pos, "aggregate functions cannot be nested"));
                }
                Some(Box::new(e))
            };
            self.expect_sym(")")?;
            return Ok(Expr::Agg {
                kind,
                arg,
                distinct,
            });
        }
        if lname == "cast" || lname == "convert" {
            let e = self.expr()?;
            if !self.kw("as") {
                self.expect_sym(",")?;
            }
            let ty = self.any_name("a type name")?;
            // `varchar(50)`, `decimal(10,2)`: the size is accepted and ignored.
            if self.sym("(") {
                while !self.sym(")") {
                    if matches!(self.peek().tok, Tok::Eof) {
                        return Err(self.expected("[)]"));
                    }
                    self.bump();
                }
            }
            self.expect_sym(")")?;
            return Ok(Expr::Cast(Box::new(e), ty.to_ascii_lowercase()));
        }
        let mut args = Vec::new();
        if !self.sym(")") {
            loop {
                args.push(self.expr()?);
                if !self.sym(",") {
                    break;
                }
            }
            self.expect_sym(")")?;
        }
        Ok(Expr::Func {
            name: lname,
            args,
            pos,
        })
    }
}
