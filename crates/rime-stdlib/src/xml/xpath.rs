//! XPath 1.0 over a document tree, for `xmlSearch`.
//!
//! The whole expression language: location paths (absolute, relative, `//`, `.`, `..`, every
//! axis but `namespace`), node tests (`*`, names, `prefix:*`, `text()`, `node()`, `comment()`,
//! `processing-instruction()`), predicates (positions, `last()`, comparisons), the operators
//! (`or`, `and`, `=`, `!=`, `<`..., `+`, `-`, `*`, `div`, `mod`, `|`) and the core function
//! library except `id()`. Variables (`$x`) are not supported.
//!
//! As in Lucee (the JDK's XPath), names match case-sensitively whatever case-sensitivity the
//! document was parsed with, and an unprefixed name matches only elements in no namespace: in a
//! document with a default namespace (`<feed xmlns="http://www.w3.org/2005/Atom">`) `//entry`
//! finds nothing; `//*[local-name()='entry']` does. A prefix (`//atom:entry`) resolves through
//! the document's own declarations (Lucee has no way to declare one and rejects it; Adobe
//! ColdFusion resolves it the same way).

use rime_runtime::xml::{NodeId, NodeKind, Tree};
use rime_runtime::{CfResult, CfmlError};
use std::cell::RefCell;
use std::collections::HashMap;

/// The value of an XPath expression.
#[derive(Debug, Clone)]
pub enum XValue {
    /// In document order, without duplicates.
    Nodes(Vec<NodeId>),
    Num(f64),
    Str(String),
    Bool(bool),
}

fn err(msg: impl Into<String>) -> Box<CfmlError> {
    CfmlError::expression(msg)
}

// ------------------------------------------------------------------------------------------
// Tokens
// ------------------------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Slash,
    DSlash,
    LBracket,
    RBracket,
    LParen,
    RParen,
    At,
    Comma,
    Dot,
    DDot,
    Pipe,
    Plus,
    Minus,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    DColon,
    Dollar,
    /// `*` as a name test.
    Star,
    /// `*`, `and`, `or`, `mod`, `div` in operator position.
    Mul,
    And,
    Or,
    Mod,
    Div,
    /// An NCName or QName (`prefix:local`, `prefix:*`).
    Name(String),
    Str(String),
    Num(f64),
}

impl Tok {
    /// Whether a `*` or a name after this token is an operator (XPath 1.0, 3.7).
    fn makes_operator(&self) -> bool {
        !matches!(
            self,
            Tok::At
                | Tok::DColon
                | Tok::LParen
                | Tok::LBracket
                | Tok::Comma
                | Tok::Slash
                | Tok::DSlash
                | Tok::Pipe
                | Tok::Plus
                | Tok::Minus
                | Tok::Eq
                | Tok::Ne
                | Tok::Lt
                | Tok::Le
                | Tok::Gt
                | Tok::Ge
                | Tok::Mul
                | Tok::And
                | Tok::Or
                | Tok::Mod
                | Tok::Div
                | Tok::Dollar
        )
    }
}

fn is_name_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || (!c.is_ascii() && !c.is_whitespace())
}

fn is_name_char(c: char) -> bool {
    is_name_start(c) || c.is_ascii_digit() || c == '-' || c == '.'
}

fn tokenize(src: &str) -> CfResult<Vec<Tok>> {
    let chars: Vec<char> = src.chars().collect();
    let mut out: Vec<Tok> = Vec::new();
    let mut i = 0;
    let bad = |what: &str| err(format!("invalid XPath expression [{src}]: {what}"));
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let operator_position = out.last().is_some_and(|t| t.makes_operator());
        let tok = match c {
            ' ' | '\t' | '\r' | '\n' => {
                i += 1;
                continue;
            }
            '/' if next == Some('/') => {
                i += 2;
                Tok::DSlash
            }
            '/' => {
                i += 1;
                Tok::Slash
            }
            '[' => {
                i += 1;
                Tok::LBracket
            }
            ']' => {
                i += 1;
                Tok::RBracket
            }
            '(' => {
                i += 1;
                Tok::LParen
            }
            ')' => {
                i += 1;
                Tok::RParen
            }
            '@' => {
                i += 1;
                Tok::At
            }
            ',' => {
                i += 1;
                Tok::Comma
            }
            '|' => {
                i += 1;
                Tok::Pipe
            }
            '+' => {
                i += 1;
                Tok::Plus
            }
            '-' => {
                i += 1;
                Tok::Minus
            }
            '=' => {
                i += 1;
                Tok::Eq
            }
            '$' => {
                i += 1;
                Tok::Dollar
            }
            '!' if next == Some('=') => {
                i += 2;
                Tok::Ne
            }
            '<' if next == Some('=') => {
                i += 2;
                Tok::Le
            }
            '<' => {
                i += 1;
                Tok::Lt
            }
            '>' if next == Some('=') => {
                i += 2;
                Tok::Ge
            }
            '>' => {
                i += 1;
                Tok::Gt
            }
            ':' if next == Some(':') => {
                i += 2;
                Tok::DColon
            }
            '*' => {
                i += 1;
                if operator_position {
                    Tok::Mul
                } else {
                    Tok::Star
                }
            }
            '.' if next == Some('.') => {
                i += 2;
                Tok::DDot
            }
            '.' if !next.is_some_and(|d| d.is_ascii_digit()) => {
                i += 1;
                Tok::Dot
            }
            '"' | '\'' => {
                let start = i + 1;
                let end = chars[start..]
                    .iter()
                    .position(|d| *d == c)
                    .map(|p| start + p)
                    .ok_or_else(|| bad("unterminated string literal"))?;
                i = end + 1;
                Tok::Str(chars[start..end].iter().collect())
            }
            c if c.is_ascii_digit() || c == '.' => {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                if i < chars.len() && chars[i] == '.' {
                    i += 1;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                }
                let text: String = chars[start..i].iter().collect();
                Tok::Num(text.parse().map_err(|_| bad("bad number"))?)
            }
            c if is_name_start(c) => {
                let start = i;
                while i < chars.len() && is_name_char(chars[i]) {
                    i += 1;
                }
                let mut name: String = chars[start..i].iter().collect();
                // A QName: `prefix:local` or `prefix:*` (not the `::` of an axis).
                if i + 1 < chars.len() && chars[i] == ':' && chars[i + 1] != ':' {
                    if chars[i + 1] == '*' {
                        name.push_str(":*");
                        i += 2;
                    } else if is_name_start(chars[i + 1]) {
                        name.push(':');
                        i += 1;
                        while i < chars.len() && is_name_char(chars[i]) {
                            name.push(chars[i]);
                            i += 1;
                        }
                    }
                }
                if operator_position {
                    match name.as_str() {
                        "and" => Tok::And,
                        "or" => Tok::Or,
                        "mod" => Tok::Mod,
                        "div" => Tok::Div,
                        _ => return Err(bad(&format!("unexpected name [{name}]"))),
                    }
                } else {
                    Tok::Name(name)
                }
            }
            other => return Err(bad(&format!("unexpected character [{other}]"))),
        };
        out.push(tok);
    }
    Ok(out)
}

// ------------------------------------------------------------------------------------------
// Syntax
// ------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq)]
enum Axis {
    Child,
    Descendant,
    DescendantOrSelf,
    Parent,
    Ancestor,
    AncestorOrSelf,
    FollowingSibling,
    PrecedingSibling,
    Following,
    Preceding,
    Attribute,
    Itself,
    Namespace,
}

impl Axis {
    fn from_name(n: &str) -> Option<Axis> {
        Some(match n {
            "child" => Axis::Child,
            "descendant" => Axis::Descendant,
            "descendant-or-self" => Axis::DescendantOrSelf,
            "parent" => Axis::Parent,
            "ancestor" => Axis::Ancestor,
            "ancestor-or-self" => Axis::AncestorOrSelf,
            "following-sibling" => Axis::FollowingSibling,
            "preceding-sibling" => Axis::PrecedingSibling,
            "following" => Axis::Following,
            "preceding" => Axis::Preceding,
            "attribute" => Axis::Attribute,
            "self" => Axis::Itself,
            "namespace" => Axis::Namespace,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone)]
enum Test {
    /// A name, with its prefix (`p:x`).
    Name(Option<String>, String),
    /// `*` or `p:*`.
    Any(Option<String>),
    Node,
    Text,
    Comment,
    Pi(Option<String>),
}

#[derive(Debug, Clone)]
struct Step {
    axis: Axis,
    test: Test,
    preds: Vec<Expr>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Op {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

#[derive(Debug, Clone)]
enum Expr {
    Binary(Op, Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Union(Box<Expr>, Box<Expr>),
    /// A location path; `absolute` starts at the root.
    Path {
        absolute: bool,
        steps: Vec<Step>,
    },
    /// A primary expression with predicates, then a relative path.
    Filter {
        primary: Box<Expr>,
        preds: Vec<Expr>,
        steps: Vec<Step>,
    },
    Num(f64),
    Str(String),
    Call(String, Vec<Expr>),
}

struct Parser<'a> {
    toks: Vec<Tok>,
    pos: usize,
    src: &'a str,
    depth: usize,
}

/// How deeply parentheses, predicates and calls may nest.
const MAX_DEPTH: usize = 48;

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn peek_at(&self, n: usize) -> Option<&Tok> {
        self.toks.get(self.pos + n)
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == Some(t) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn bad(&self, what: &str) -> Box<CfmlError> {
        err(format!("invalid XPath expression [{}]: {what}", self.src))
    }

    fn expect(&mut self, t: &Tok, what: &str) -> CfResult<()> {
        if self.eat(t) {
            Ok(())
        } else {
            Err(self.bad(&format!("expected {what}")))
        }
    }

    fn expr(&mut self) -> CfResult<Expr> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.bad("nested too deeply"));
        }
        let e = self.binary(0);
        self.depth -= 1;
        e
    }

    /// Binary operators by precedence level: or, and, equality, relational, additive,
    /// multiplicative.
    fn binary(&mut self, level: usize) -> CfResult<Expr> {
        if level == 6 {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            let op = match (level, self.peek()) {
                (0, Some(Tok::Or)) => Op::Or,
                (1, Some(Tok::And)) => Op::And,
                (2, Some(Tok::Eq)) => Op::Eq,
                (2, Some(Tok::Ne)) => Op::Ne,
                (3, Some(Tok::Lt)) => Op::Lt,
                (3, Some(Tok::Le)) => Op::Le,
                (3, Some(Tok::Gt)) => Op::Gt,
                (3, Some(Tok::Ge)) => Op::Ge,
                (4, Some(Tok::Plus)) => Op::Add,
                (4, Some(Tok::Minus)) => Op::Sub,
                (5, Some(Tok::Mul)) => Op::Mul,
                (5, Some(Tok::Div)) => Op::Div,
                (5, Some(Tok::Mod)) => Op::Mod,
                _ => return Ok(lhs),
            };
            self.pos += 1;
            let rhs = self.binary(level + 1)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
        }
    }

    fn unary(&mut self) -> CfResult<Expr> {
        if self.eat(&Tok::Minus) {
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(self.bad("nested too deeply"));
            }
            let e = self.unary()?;
            self.depth -= 1;
            return Ok(Expr::Neg(Box::new(e)));
        }
        let mut lhs = self.path_expr()?;
        while self.eat(&Tok::Pipe) {
            let rhs = self.path_expr()?;
            lhs = Expr::Union(Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn path_expr(&mut self) -> CfResult<Expr> {
        let starts_primary = match self.peek() {
            Some(Tok::LParen | Tok::Str(_) | Tok::Num(_) | Tok::Dollar) => true,
            // A function call; `node()`, `text()`... are node tests.
            Some(Tok::Name(n)) => {
                self.peek_at(1) == Some(&Tok::LParen)
                    && !matches!(
                        n.as_str(),
                        "node" | "text" | "comment" | "processing-instruction"
                    )
            }
            _ => false,
        };
        if !starts_primary {
            return self.location_path();
        }
        let primary = self.primary()?;
        let preds = self.predicates()?;
        let mut steps = Vec::new();
        loop {
            if self.eat(&Tok::Slash) {
                steps.push(self.step()?);
            } else if self.eat(&Tok::DSlash) {
                steps.push(descendant_or_self());
                steps.push(self.step()?);
            } else {
                break;
            }
        }
        if preds.is_empty() && steps.is_empty() {
            return Ok(primary);
        }
        Ok(Expr::Filter {
            primary: Box::new(primary),
            preds,
            steps,
        })
    }

    fn primary(&mut self) -> CfResult<Expr> {
        match self.peek().cloned() {
            Some(Tok::LParen) => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect(&Tok::RParen, "`)`")?;
                Ok(e)
            }
            Some(Tok::Str(s)) => {
                self.pos += 1;
                Ok(Expr::Str(s))
            }
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(Expr::Num(n))
            }
            Some(Tok::Dollar) => Err(err(format!(
                "invalid XPath expression [{}]: variables are not supported",
                self.src
            ))),
            Some(Tok::Name(name)) => {
                self.pos += 2; // name and `(`
                let mut args = Vec::new();
                if !self.eat(&Tok::RParen) {
                    loop {
                        args.push(self.expr()?);
                        if self.eat(&Tok::RParen) {
                            break;
                        }
                        self.expect(&Tok::Comma, "`,` or `)`")?;
                    }
                }
                Ok(Expr::Call(name, args))
            }
            _ => Err(self.bad("expected an expression")),
        }
    }

    fn predicates(&mut self) -> CfResult<Vec<Expr>> {
        let mut preds = Vec::new();
        while self.eat(&Tok::LBracket) {
            preds.push(self.expr()?);
            self.expect(&Tok::RBracket, "`]`")?;
        }
        Ok(preds)
    }

    fn location_path(&mut self) -> CfResult<Expr> {
        let mut steps = Vec::new();
        let absolute = match self.peek() {
            Some(Tok::Slash) => {
                self.pos += 1;
                // `/` alone is the root; a step may follow.
                if self.starts_step() {
                    steps.push(self.step()?);
                }
                true
            }
            Some(Tok::DSlash) => {
                self.pos += 1;
                steps.push(descendant_or_self());
                steps.push(self.step()?);
                true
            }
            _ => {
                steps.push(self.step()?);
                false
            }
        };
        if absolute && steps.is_empty() {
            return Ok(Expr::Path { absolute, steps });
        }
        loop {
            if self.eat(&Tok::Slash) {
                steps.push(self.step()?);
            } else if self.eat(&Tok::DSlash) {
                steps.push(descendant_or_self());
                steps.push(self.step()?);
            } else {
                break;
            }
        }
        Ok(Expr::Path { absolute, steps })
    }

    fn starts_step(&self) -> bool {
        matches!(
            self.peek(),
            Some(Tok::Name(_) | Tok::Star | Tok::At | Tok::Dot | Tok::DDot)
        )
    }

    fn step(&mut self) -> CfResult<Step> {
        if self.eat(&Tok::Dot) {
            return Ok(Step {
                axis: Axis::Itself,
                test: Test::Node,
                preds: Vec::new(),
            });
        }
        if self.eat(&Tok::DDot) {
            return Ok(Step {
                axis: Axis::Parent,
                test: Test::Node,
                preds: Vec::new(),
            });
        }
        let axis = if self.eat(&Tok::At) {
            Axis::Attribute
        } else if let (Some(Tok::Name(n)), Some(Tok::DColon)) = (self.peek(), self.peek_at(1)) {
            let axis =
                Axis::from_name(n).ok_or_else(|| self.bad(&format!("unknown axis [{n}]")))?;
            self.pos += 2;
            axis
        } else {
            Axis::Child
        };
        let test = match self.peek().cloned() {
            Some(Tok::Star) => {
                self.pos += 1;
                Test::Any(None)
            }
            Some(Tok::Name(n)) => {
                self.pos += 1;
                let is_type_test = matches!(
                    n.as_str(),
                    "node" | "text" | "comment" | "processing-instruction"
                ) && self.peek() == Some(&Tok::LParen);
                if is_type_test {
                    self.pos += 1;
                    let test = match n.as_str() {
                        "node" => Test::Node,
                        "text" => Test::Text,
                        "comment" => Test::Comment,
                        _ => match self.peek().cloned() {
                            Some(Tok::Str(t)) => {
                                self.pos += 1;
                                Test::Pi(Some(t))
                            }
                            _ => Test::Pi(None),
                        },
                    };
                    self.expect(&Tok::RParen, "`)`")?;
                    test
                } else if let Some(p) = n.strip_suffix(":*") {
                    Test::Any(Some(p.to_string()))
                } else if let Some((p, l)) = n.split_once(':') {
                    Test::Name(Some(p.to_string()), l.to_string())
                } else {
                    Test::Name(None, n)
                }
            }
            _ => return Err(self.bad("expected a step")),
        };
        let preds = self.predicates()?;
        Ok(Step { axis, test, preds })
    }
}

fn descendant_or_self() -> Step {
    Step {
        axis: Axis::DescendantOrSelf,
        test: Test::Node,
        preds: Vec::new(),
    }
}

// ------------------------------------------------------------------------------------------
// Evaluation
// ------------------------------------------------------------------------------------------

/// Evaluate `expr` with `context` as the context node.
pub fn evaluate(t: &Tree, context: NodeId, expr: &str) -> CfResult<XValue> {
    let src = expr.trim();
    // Lucee drops a trailing slash (`/root/`).
    let src = match src.strip_suffix('/') {
        Some(s) if !s.is_empty() && !s.ends_with('/') => s,
        _ => src,
    };
    let toks = tokenize(src)?;
    if toks.is_empty() {
        return Err(err("invalid XPath expression []: empty expression"));
    }
    let mut p = Parser {
        toks,
        pos: 0,
        src,
        depth: 0,
    };
    let e = p.expr()?;
    if p.pos < p.toks.len() {
        return Err(p.bad("unexpected text after the expression"));
    }
    let ev = Eval {
        t,
        order: t.document_order(),
        src,
        prefixes: RefCell::new(HashMap::new()),
    };
    ev.eval(&e, context, 1, 1, 0)
}

struct Eval<'t> {
    t: &'t Tree,
    order: Vec<u32>,
    src: &'t str,
    /// Prefixes already resolved (`ns_of`).
    prefixes: RefCell<HashMap<String, String>>,
}

const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS: &str = "http://www.w3.org/2000/xmlns/";

impl Eval<'_> {
    fn sort(&self, nodes: &mut Vec<NodeId>) {
        nodes.sort_by_key(|id| {
            (
                self.order.get(*id as usize).copied().unwrap_or(u32::MAX),
                *id,
            )
        });
        nodes.dedup();
    }

    fn eval(
        &self,
        e: &Expr,
        node: NodeId,
        pos: usize,
        size: usize,
        depth: usize,
    ) -> CfResult<XValue> {
        if depth > MAX_DEPTH * 4 {
            return Err(err(format!(
                "invalid XPath expression [{}]: nested too deeply",
                self.src
            )));
        }
        let d = depth + 1;
        Ok(match e {
            Expr::Num(n) => XValue::Num(*n),
            Expr::Str(s) => XValue::Str(s.clone()),
            Expr::Neg(x) => XValue::Num(-self.number(&self.eval(x, node, pos, size, d)?)),
            Expr::Binary(Op::Or, a, b) => XValue::Bool(
                self.boolean(&self.eval(a, node, pos, size, d)?)
                    || self.boolean(&self.eval(b, node, pos, size, d)?),
            ),
            Expr::Binary(Op::And, a, b) => XValue::Bool(
                self.boolean(&self.eval(a, node, pos, size, d)?)
                    && self.boolean(&self.eval(b, node, pos, size, d)?),
            ),
            Expr::Binary(op, a, b) => {
                let x = self.eval(a, node, pos, size, d)?;
                let y = self.eval(b, node, pos, size, d)?;
                match op {
                    Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Mod => {
                        let (p, q) = (self.number(&x), self.number(&y));
                        XValue::Num(match op {
                            Op::Add => p + q,
                            Op::Sub => p - q,
                            Op::Mul => p * q,
                            Op::Div => p / q,
                            _ => p % q,
                        })
                    }
                    _ => XValue::Bool(self.compare(*op, &x, &y)),
                }
            }
            Expr::Union(a, b) => {
                let (XValue::Nodes(mut x), XValue::Nodes(y)) = (
                    self.eval(a, node, pos, size, d)?,
                    self.eval(b, node, pos, size, d)?,
                ) else {
                    return Err(err(format!(
                        "invalid XPath expression [{}]: `|` joins node-sets only",
                        self.src
                    )));
                };
                x.extend(y);
                self.sort(&mut x);
                XValue::Nodes(x)
            }
            Expr::Path { absolute, steps } => {
                let start = if *absolute { self.root_of(node) } else { node };
                XValue::Nodes(self.steps(vec![start], steps, d)?)
            }
            Expr::Filter {
                primary,
                preds,
                steps,
            } => {
                let v = self.eval(primary, node, pos, size, d)?;
                if preds.is_empty() && steps.is_empty() {
                    return Ok(v);
                }
                let XValue::Nodes(mut nodes) = v else {
                    return Err(err(format!(
                        "invalid XPath expression [{}]: a predicate or path applies to a \
                         node-set only",
                        self.src
                    )));
                };
                for p in preds {
                    nodes = self.filter_in_order(nodes, p, d)?;
                }
                XValue::Nodes(self.steps(nodes, steps, d)?)
            }
            Expr::Call(name, args) => self.call(name, args, node, pos, size, d)?,
        })
    }

    /// The root of the tree `node` is in: the document, or the top of a detached subtree.
    fn root_of(&self, node: NodeId) -> NodeId {
        let mut cur = node;
        let mut steps = 0;
        while let Some(p) = self.t.n(cur).parent {
            cur = p;
            steps += 1;
            if steps > self.t.len() {
                break;
            }
        }
        cur
    }

    fn steps(&self, mut nodes: Vec<NodeId>, steps: &[Step], depth: usize) -> CfResult<Vec<NodeId>> {
        for step in steps {
            let mut next = Vec::new();
            for n in &nodes {
                let mut found = Vec::new();
                for c in self.axis(*n, step.axis) {
                    if self.test(c, step.axis, &step.test)? {
                        found.push(c);
                    }
                }
                // Predicates count positions along the axis (backwards for reverse axes).
                for p in &step.preds {
                    found = self.filter_in_order(found, p, depth)?;
                }
                next.extend(found);
            }
            self.sort(&mut next);
            nodes = next;
        }
        Ok(nodes)
    }

    /// Keep the nodes for which `pred` holds; positions count in the order given.
    fn filter_in_order(
        &self,
        nodes: Vec<NodeId>,
        pred: &Expr,
        depth: usize,
    ) -> CfResult<Vec<NodeId>> {
        let size = nodes.len();
        let mut out = Vec::with_capacity(size);
        for (i, n) in nodes.into_iter().enumerate() {
            let keep = match self.eval(pred, n, i + 1, size, depth + 1)? {
                XValue::Num(x) => x == (i + 1) as f64,
                other => self.boolean(&other),
            };
            if keep {
                out.push(n);
            }
        }
        Ok(out)
    }

    /// The nodes along `axis` from `n`, in axis order.
    fn axis(&self, n: NodeId, axis: Axis) -> Vec<NodeId> {
        let t = self.t;
        let node = t.n(n);
        let is_attr = node.kind == NodeKind::Attribute;
        match axis {
            Axis::Itself => vec![n],
            Axis::Child if is_attr => Vec::new(),
            Axis::Child => node.children.clone(),
            Axis::Descendant | Axis::DescendantOrSelf => {
                let mut out = Vec::new();
                if axis == Axis::DescendantOrSelf {
                    out.push(n);
                }
                if !is_attr {
                    self.descendants(n, &mut out);
                }
                out
            }
            Axis::Parent => node.parent.into_iter().collect(),
            Axis::Ancestor | Axis::AncestorOrSelf => {
                let mut out = Vec::new();
                if axis == Axis::AncestorOrSelf {
                    out.push(n);
                }
                let mut cur = node.parent;
                while let Some(p) = cur {
                    if out.len() > t.len() {
                        break;
                    }
                    out.push(p);
                    cur = t.n(p).parent;
                }
                out
            }
            Axis::FollowingSibling | Axis::PrecedingSibling => {
                let Some(p) = node.parent.filter(|_| !is_attr) else {
                    return Vec::new();
                };
                let sibs = &t.n(p).children;
                let Some(at) = sibs.iter().position(|c| *c == n) else {
                    return Vec::new();
                };
                if axis == Axis::FollowingSibling {
                    sibs[at + 1..].to_vec()
                } else {
                    sibs[..at].iter().rev().copied().collect()
                }
            }
            Axis::Following => {
                let mut out = Vec::new();
                // A node's own descendants do not follow it; an attribute's element's do.
                let mut cur = n;
                if let Some(p) = node.parent.filter(|_| is_attr) {
                    self.descendants(p, &mut out);
                    cur = p;
                }
                let mut guard = 0;
                loop {
                    guard += 1;
                    if guard > t.len() {
                        break;
                    }
                    let Some(p) = t.n(cur).parent else {
                        break;
                    };
                    let sibs = &t.n(p).children;
                    if let Some(at) = sibs.iter().position(|c| *c == cur) {
                        for s in &sibs[at + 1..] {
                            out.push(*s);
                            self.descendants(*s, &mut out);
                        }
                    }
                    cur = p;
                }
                out
            }
            Axis::Preceding => {
                let mut out = Vec::new();
                let mut cur = if is_attr { node.parent.unwrap_or(n) } else { n };
                let mut guard = 0;
                loop {
                    guard += 1;
                    if guard > t.len() {
                        break;
                    }
                    let Some(p) = t.n(cur).parent else {
                        break;
                    };
                    let sibs = &t.n(p).children;
                    if let Some(at) = sibs.iter().position(|c| *c == cur) {
                        for s in sibs[..at].iter().rev() {
                            let mut sub = vec![*s];
                            self.descendants(*s, &mut sub);
                            out.extend(sub.into_iter().rev());
                        }
                    }
                    cur = p;
                }
                out
            }
            Axis::Attribute => node
                .attrs
                .iter()
                .copied()
                .filter(|a| t.n(*a).ns.as_str() != XMLNS_NS && !is_declaration(&t.n(*a).name))
                .collect(),
            Axis::Namespace => Vec::new(),
        }
    }

    /// The descendants of `n` (not attributes), in document order.
    fn descendants(&self, n: NodeId, out: &mut Vec<NodeId>) {
        let mut stack: Vec<NodeId> = self.t.n(n).children.iter().rev().copied().collect();
        while let Some(c) = stack.pop() {
            out.push(c);
            if out.len() > self.t.len() {
                return;
            }
            stack.extend(self.t.n(c).children.iter().rev());
        }
    }

    fn test(&self, n: NodeId, axis: Axis, test: &Test) -> CfResult<bool> {
        let t = self.t;
        let node = t.n(n);
        let principal = if axis == Axis::Attribute {
            NodeKind::Attribute
        } else {
            NodeKind::Element
        };
        Ok(match test {
            Test::Node => true,
            Test::Text => matches!(node.kind, NodeKind::Text | NodeKind::CData),
            Test::Comment => node.kind == NodeKind::Comment,
            Test::Pi(target) => {
                node.kind == NodeKind::Pi && target.as_ref().is_none_or(|x| x == node.name.as_str())
            }
            Test::Any(None) => node.kind == principal,
            Test::Any(Some(p)) => node.kind == principal && node.ns.as_str() == self.ns_of(p)?,
            Test::Name(prefix, local) => {
                node.kind == principal
                    && t.local_name(n) == local
                    && match prefix {
                        None => node.ns.is_empty(),
                        Some(p) => node.ns.as_str() == self.ns_of(p)?,
                    }
            }
        })
    }

    /// The namespace a prefix of the expression stands for: the document's first declaration
    /// of it.
    fn ns_of(&self, prefix: &str) -> CfResult<String> {
        if prefix == "xml" {
            return Ok(XML_NS.to_string());
        }
        if let Some(uri) = self.prefixes.borrow().get(prefix) {
            return Ok(uri.clone());
        }
        let decl = format!("xmlns:{prefix}");
        let t = self.t;
        let mut best: Option<(u32, &str)> = None;
        for (id, ord) in self.order.iter().enumerate() {
            let node = t.n(id as NodeId);
            if node.kind != NodeKind::Attribute || node.name.as_str() != decl {
                continue;
            }
            if best.is_none_or(|(o, _)| *ord < o) {
                best = Some((*ord, node.value.as_str()));
            }
        }
        let uri = best.map(|(_, uri)| uri.to_string()).ok_or_else(|| {
            err(format!(
                "invalid XPath expression [{}]: Prefix must resolve to a namespace: {prefix}",
                self.src
            ))
        })?;
        self.prefixes
            .borrow_mut()
            .insert(prefix.to_string(), uri.clone());
        Ok(uri)
    }

    fn string_of(&self, n: NodeId) -> String {
        self.t.string_value(n)
    }

    fn string(&self, v: &XValue) -> String {
        match v {
            XValue::Str(s) => s.clone(),
            XValue::Num(n) => number_text(*n),
            XValue::Bool(b) => b.to_string(),
            XValue::Nodes(ns) => ns.first().map(|n| self.string_of(*n)).unwrap_or_default(),
        }
    }

    fn number(&self, v: &XValue) -> f64 {
        match v {
            XValue::Num(n) => *n,
            XValue::Bool(b) => f64::from(u8::from(*b)),
            other => parse_number(&self.string(other)),
        }
    }

    fn boolean(&self, v: &XValue) -> bool {
        match v {
            XValue::Bool(b) => *b,
            XValue::Num(n) => *n != 0.0 && !n.is_nan(),
            XValue::Str(s) => !s.is_empty(),
            XValue::Nodes(ns) => !ns.is_empty(),
        }
    }

    /// XPath 1.0 comparison (3.4): node-sets compare by any member's string (or number) value.
    fn compare(&self, op: Op, x: &XValue, y: &XValue) -> bool {
        match (x, y) {
            (XValue::Nodes(a), XValue::Nodes(b)) => {
                let bs: Vec<String> = b.iter().map(|n| self.string_of(*n)).collect();
                a.iter().any(|n| {
                    let s = self.string_of(*n);
                    bs.iter().any(|t| {
                        self.compare_atoms(op, &XValue::Str(s.clone()), &XValue::Str(t.clone()))
                    })
                })
            }
            (XValue::Nodes(a), XValue::Bool(_)) | (XValue::Bool(_), XValue::Nodes(a)) => {
                let nb = XValue::Bool(!a.is_empty());
                if matches!(x, XValue::Nodes(_)) {
                    self.compare_atoms(op, &nb, y)
                } else {
                    self.compare_atoms(op, x, &nb)
                }
            }
            (XValue::Nodes(a), other) => a
                .iter()
                .any(|n| self.compare_atoms(op, &self.node_atom(*n, other), other)),
            (other, XValue::Nodes(b)) => b
                .iter()
                .any(|n| self.compare_atoms(op, other, &self.node_atom(*n, other))),
            _ => self.compare_atoms(op, x, y),
        }
    }

    /// A node's value compared with `other`: its number against a number, else its string.
    fn node_atom(&self, n: NodeId, other: &XValue) -> XValue {
        let s = self.string_of(n);
        match other {
            XValue::Num(_) => XValue::Num(parse_number(&s)),
            _ => XValue::Str(s),
        }
    }

    fn compare_atoms(&self, op: Op, x: &XValue, y: &XValue) -> bool {
        match op {
            Op::Eq | Op::Ne => {
                let eq = if matches!(x, XValue::Bool(_)) || matches!(y, XValue::Bool(_)) {
                    self.boolean(x) == self.boolean(y)
                } else if matches!(x, XValue::Num(_)) || matches!(y, XValue::Num(_)) {
                    self.number(x) == self.number(y)
                } else {
                    self.string(x) == self.string(y)
                };
                eq == (op == Op::Eq)
            }
            _ => {
                let (a, b) = (self.number(x), self.number(y));
                match op {
                    Op::Lt => a < b,
                    Op::Le => a <= b,
                    Op::Gt => a > b,
                    _ => a >= b,
                }
            }
        }
    }

    fn call(
        &self,
        name: &str,
        args: &[Expr],
        node: NodeId,
        pos: usize,
        size: usize,
        depth: usize,
    ) -> CfResult<XValue> {
        let arity = |min: usize, max: usize| -> CfResult<()> {
            if args.len() < min || args.len() > max {
                Err(err(format!(
                    "invalid XPath expression [{}]: wrong number of arguments to {name}()",
                    self.src
                )))
            } else {
                Ok(())
            }
        };
        let arg = |i: usize| -> CfResult<XValue> {
            match args.get(i) {
                Some(a) => self.eval(a, node, pos, size, depth),
                None => Ok(XValue::Nodes(vec![node])),
            }
        };
        let s = |i: usize| -> CfResult<String> { Ok(self.string(&arg(i)?)) };
        let num = |i: usize| -> CfResult<f64> { Ok(self.number(&arg(i)?)) };
        let nodes = |i: usize| -> CfResult<Vec<NodeId>> {
            match arg(i)? {
                XValue::Nodes(n) => Ok(n),
                _ => Err(err(format!(
                    "invalid XPath expression [{}]: {name}() takes a node-set",
                    self.src
                ))),
            }
        };
        Ok(match name {
            "last" => {
                arity(0, 0)?;
                XValue::Num(size as f64)
            }
            "position" => {
                arity(0, 0)?;
                XValue::Num(pos as f64)
            }
            "count" => {
                arity(1, 1)?;
                XValue::Num(nodes(0)?.len() as f64)
            }
            "local-name" | "name" | "namespace-uri" => {
                arity(0, 1)?;
                let first = nodes(0)?.first().copied();
                XValue::Str(match first {
                    None => String::new(),
                    Some(n) => {
                        let nd = self.t.n(n);
                        match (name, nd.kind) {
                            ("namespace-uri", NodeKind::Element | NodeKind::Attribute) => {
                                nd.ns.to_string()
                            }
                            ("local-name", NodeKind::Element | NodeKind::Attribute) => {
                                self.t.local_name(n).to_string()
                            }
                            ("name", NodeKind::Element | NodeKind::Attribute)
                            | ("local-name" | "name", NodeKind::Pi) => nd.name.to_string(),
                            _ => String::new(),
                        }
                    }
                })
            }
            "string" => {
                arity(0, 1)?;
                XValue::Str(s(0)?)
            }
            "concat" => {
                if args.len() < 2 {
                    arity(2, usize::MAX)?;
                }
                let mut out = String::new();
                for i in 0..args.len() {
                    out.push_str(&s(i)?);
                }
                XValue::Str(out)
            }
            "starts-with" => {
                arity(2, 2)?;
                XValue::Bool(s(0)?.starts_with(&s(1)?))
            }
            "contains" => {
                arity(2, 2)?;
                XValue::Bool(s(0)?.contains(&s(1)?))
            }
            "substring-before" => {
                arity(2, 2)?;
                let (a, b) = (s(0)?, s(1)?);
                XValue::Str(a.find(&b).map(|i| a[..i].to_string()).unwrap_or_default())
            }
            "substring-after" => {
                arity(2, 2)?;
                let (a, b) = (s(0)?, s(1)?);
                XValue::Str(
                    a.find(&b)
                        .map(|i| a[i + b.len()..].to_string())
                        .unwrap_or_default(),
                )
            }
            "substring" => {
                arity(2, 3)?;
                let text = s(0)?;
                let start = round(num(1)?);
                let end = if args.len() == 3 {
                    start + round(num(2)?)
                } else {
                    f64::INFINITY
                };
                XValue::Str(
                    text.chars()
                        .enumerate()
                        .filter(|(i, _)| {
                            let p = (*i + 1) as f64;
                            p >= start && p < end
                        })
                        .map(|(_, c)| c)
                        .collect(),
                )
            }
            "string-length" => {
                arity(0, 1)?;
                XValue::Num(s(0)?.chars().count() as f64)
            }
            "normalize-space" => {
                arity(0, 1)?;
                XValue::Str(s(0)?.split_whitespace().collect::<Vec<_>>().join(" "))
            }
            "translate" => {
                arity(3, 3)?;
                let (text, from, to) = (s(0)?, s(1)?, s(2)?);
                let from: Vec<char> = from.chars().collect();
                let to: Vec<char> = to.chars().collect();
                XValue::Str(
                    text.chars()
                        .filter_map(|c| match from.iter().position(|f| *f == c) {
                            Some(i) => to.get(i).copied(),
                            None => Some(c),
                        })
                        .collect(),
                )
            }
            "boolean" => {
                arity(1, 1)?;
                XValue::Bool(self.boolean(&arg(0)?))
            }
            "not" => {
                arity(1, 1)?;
                XValue::Bool(!self.boolean(&arg(0)?))
            }
            "true" => {
                arity(0, 0)?;
                XValue::Bool(true)
            }
            "false" => {
                arity(0, 0)?;
                XValue::Bool(false)
            }
            "lang" => {
                arity(1, 1)?;
                let want = s(0)?.to_ascii_lowercase();
                let mut cur = Some(node);
                let mut found = None;
                while let Some(c) = cur {
                    if let Some(a) = self.t.attr_node(c, "xml:lang", false) {
                        found = Some(self.t.n(a).value.to_ascii_lowercase());
                        break;
                    }
                    cur = self.t.n(c).parent;
                }
                XValue::Bool(found.is_some_and(|l| {
                    l == want || l.strip_prefix(&want).is_some_and(|r| r.starts_with('-'))
                }))
            }
            "number" => {
                arity(0, 1)?;
                XValue::Num(num(0)?)
            }
            "sum" => {
                arity(1, 1)?;
                XValue::Num(
                    nodes(0)?
                        .iter()
                        .map(|n| parse_number(&self.string_of(*n)))
                        .sum(),
                )
            }
            "floor" => {
                arity(1, 1)?;
                XValue::Num(num(0)?.floor())
            }
            "ceiling" => {
                arity(1, 1)?;
                XValue::Num(num(0)?.ceil())
            }
            "round" => {
                arity(1, 1)?;
                XValue::Num(round(num(0)?))
            }
            other => {
                return Err(err(format!(
                    "invalid XPath expression [{}]: Could not find function: {other}",
                    self.src
                )))
            }
        })
    }
}

/// Whether an attribute name is a namespace declaration (`xmlns`, `xmlns:p`).
fn is_declaration(name: &str) -> bool {
    name == "xmlns" || name.starts_with("xmlns:")
}

/// XPath's `round`: halves go up, NaN and infinities stay.
fn round(n: f64) -> f64 {
    if n.is_nan() || n.is_infinite() {
        n
    } else {
        (n + 0.5).floor()
    }
}

/// XPath's `number()` of a string: an optional minus, digits with an optional fraction, blanks
/// around; anything else is NaN.
fn parse_number(s: &str) -> f64 {
    let t = s.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\r' | '\n'));
    let body = t.strip_prefix('-').unwrap_or(t);
    let valid = !body.is_empty()
        && body != "."
        && body.chars().all(|c| c.is_ascii_digit() || c == '.')
        && body.chars().filter(|c| *c == '.').count() <= 1;
    if valid {
        t.parse().unwrap_or(f64::NAN)
    } else {
        f64::NAN
    }
}

/// XPath's string form of a number: integers without a fraction, no exponent.
fn number_text(n: f64) -> String {
    if n.is_nan() {
        "NaN".to_string()
    } else if n.is_infinite() {
        if n > 0.0 {
            "Infinity".to_string()
        } else {
            "-Infinity".to_string()
        }
    } else if n == 0.0 {
        "0".to_string()
    } else {
        format!("{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Tree {
        crate::xml::parse::parse(
            "<r><a id=\"1\">x</a><a id=\"2\"><b>y</b></a><c>3</c><c>4.5</c></r>",
            false,
        )
        .unwrap_or_else(|e| panic!("{}", e.message))
    }

    fn count(expr: &str) -> usize {
        let t = doc();
        match evaluate(&t, Tree::DOCUMENT, expr) {
            Ok(XValue::Nodes(n)) => n.len(),
            other => panic!("{expr}: {other:?}"),
        }
    }

    fn num(expr: &str) -> f64 {
        let t = doc();
        match evaluate(&t, Tree::DOCUMENT, expr) {
            Ok(XValue::Num(n)) => n,
            other => panic!("{expr}: {other:?}"),
        }
    }

    #[test]
    fn paths_and_predicates() {
        assert_eq!(count("/r/a"), 2);
        assert_eq!(count("//b"), 1);
        assert_eq!(count("//a[@id='2']/b"), 1);
        assert_eq!(count("//a[last()]"), 1);
        assert_eq!(count("/r/*[2]"), 1);
        assert_eq!(count("//c[. > 4]"), 1);
        assert_eq!(count("//b/ancestor::*"), 2);
        assert_eq!(count("//@id"), 2);
        assert_eq!(count("//a | //c"), 4);
        assert_eq!(count("/r/a[1]/following-sibling::*"), 3);
        assert_eq!(count("//text()"), 4);
    }

    #[test]
    fn functions_and_operators() {
        assert_eq!(num("count(//a)"), 2.0);
        assert_eq!(num("sum(//c)"), 7.5);
        assert_eq!(num("2 * 3 div 4 - -1"), 2.5);
        assert_eq!(num("7 mod 3"), 1.0);
        assert_eq!(number_text(num("string-length('abc')")), "3");
    }

    #[test]
    fn syntax_errors_are_cfml_errors() {
        let t = doc();
        assert!(evaluate(&t, Tree::DOCUMENT, "//a[").is_err());
        assert!(evaluate(&t, Tree::DOCUMENT, "foo(1)").is_err());
        assert!(evaluate(&t, Tree::DOCUMENT, &"(".repeat(10_000)).is_err());
    }
}
