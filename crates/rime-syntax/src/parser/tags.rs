//! Tag mode: template text with `<cfXXX>` tags, `<!--- --->` comments, `#expr#` inside
//! `<cfoutput>`, and `<cfscript>` blocks.
//!
//! Bodies are parsed recursively. A body ends at a closing tag (or a branch tag such as
//! `<cfelse>`) that belongs to a construct on the `open` stack; the construct owning it consumes
//! it, any construct in between reports its missing closing tag. Closing tags that match nothing
//! open are reported and skipped.

use super::build::{lit_str, take, Cx, RawAttr};
use super::{sub_expr, sub_script, Parser, MAX_DEPTH};
use crate::ast::{Attr, Catch, Expr, ExprKind, FuncDecl, Param, Stmt, StmtKind, SwitchCase};
use crate::lexer::{
    byte, find_attr_tag_end, find_script_end, find_tag_end, next_char, scan_hash, scan_string,
    starts_with_ci, StrSeg,
};
use crate::span::{Diagnostic, Span};
use crate::tag_table::{self, Body};
use std::collections::{HashMap, HashSet};

/// Which construct a branch tag belongs to.
fn branch_owner(name: &str) -> Option<&'static str> {
    match name {
        "else" | "elseif" => Some("if"),
        "case" | "defaultcase" => Some("switch"),
        "catch" | "finally" => Some("try"),
        _ => None,
    }
}

/// Why a body stopped. At `Close`/`Branch`, the position is at that tag's `<` (not consumed).
#[derive(Debug)]
enum Stop {
    Eof,
    Close(String),
    Branch(String),
    /// Nesting limit reached (already reported).
    TooDeep,
}

/// The attributes of an opening tag, after the tag has been consumed.
struct Head {
    attrs: Vec<RawAttr>,
    self_closing: bool,
    /// The opening tag's span.
    span: Span,
}

/// Skip a (nested) `<!--- --->` comment starting at `i`; the position after it, or None when
/// unclosed.
pub(crate) fn skip_comment(b: &[u8], i: usize) -> Option<usize> {
    crate::lexer::skip_tag_comment(b, i, b.len())
}

fn push_text(out: &mut Vec<Stmt>, text: &str, span: Span) {
    if text.is_empty() {
        return;
    }
    if let Some(Stmt {
        kind: StmtKind::Text(t),
        span: sp,
    }) = out.last_mut()
    {
        t.push_str(text);
        *sp = sp.to(span);
        return;
    }
    out.push(Stmt {
        kind: StmtKind::Text(text.to_string()),
        span,
    });
}

fn is_attr_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b':' | b'.' | b'@' | b'$') || c >= 0x80
}

pub(crate) struct TagParser<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    pub(crate) diags: Vec<Diagnostic>,
    open: Vec<String>,
    /// > 0 inside `<cfoutput>` (and `<cfquery>`/`<cfmail>`): `#expr#` in text interpolates.
    output: u32,
    depth: u32,
    too_deep: bool,
    /// (name, start) of opening tags that have a matching closing tag; built on first use.
    matched: Option<HashSet<(String, usize)>>,
    /// Prefixes declared by `<cfimport prefix="p" taglib="...">` anywhere in the file: `<p:tag>`
    /// is then a custom tag named `p:tag`.
    prefixes: Vec<String>,
}

/// Parse `[start, end)` of `src` as template code (a tag island in script); spans stay those of
/// `src`.
pub(crate) fn sub_template(
    src: &str,
    start: usize,
    end: usize,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Stmt> {
    let Some(head) = src.get(..end) else {
        return Vec::new();
    };
    let mut tp = TagParser::new(head);
    tp.pos = start;
    let body = tp.parse_document();
    diags.append(&mut tp.diags);
    body
}

impl<'a> TagParser<'a> {
    pub(crate) fn new(src: &'a str) -> TagParser<'a> {
        TagParser {
            src,
            b: src.as_bytes(),
            pos: super::bom_len(src),
            diags: Vec::new(),
            open: Vec::new(),
            output: 0,
            depth: 0,
            too_deep: false,
            matched: None,
            prefixes: import_prefixes(src),
        }
    }

    pub(crate) fn parse_document(&mut self) -> Vec<Stmt> {
        let mut out = Vec::new();
        loop {
            let (nodes, stop) = self.parse_nodes();
            out.extend(nodes);
            match stop {
                Stop::Eof => break,
                // Cannot happen with an empty `open` stack, but stay total.
                _ => {
                    if self.pos >= self.b.len() {
                        break;
                    }
                    self.pos = next_char(self.src, self.pos);
                }
            }
        }
        out
    }

    fn error(&mut self, msg: impl Into<String>, span: Span) {
        self.diags
            .push(Diagnostic::new(msg, super::clamp(span, self.src.len())));
    }

    fn cx(&mut self) -> Cx<'a, '_> {
        Cx {
            src: self.src,
            depth: self.depth,
            diags: &mut self.diags,
        }
    }

    fn text(&self, a: usize, b: usize) -> &'a str {
        self.src.get(a..b).unwrap_or("")
    }

    /// A `<cf...` or `</cf...` tag at `i`: (closing, lowercase name without `cf`, end of name).
    fn tag_at(&self, i: usize) -> Option<(bool, String, usize)> {
        let n = self.b.len();
        if byte(self.b, i, n) != Some(b'<') {
            return None;
        }
        let mut j = i + 1;
        let closing = byte(self.b, j, n) == Some(b'/');
        if closing {
            j += 1;
        }
        if !starts_with_ci(self.b, j, n, "cf") {
            return self.prefixed_tag_at(j, closing);
        }
        let s = j + 2;
        let mut k = s;
        while byte(self.b, k, n).is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
            k += 1;
        }
        if k == s {
            return None;
        }
        Some((closing, self.text(s, k).to_ascii_lowercase(), k))
    }

    /// `<p:name` (after `<` or `</` at `j`) for an imported prefix `p`.
    fn prefixed_tag_at(&self, j: usize, closing: bool) -> Option<(bool, String, usize)> {
        let n = self.b.len();
        for p in &self.prefixes {
            if starts_with_ci(self.b, j, n, p) && byte(self.b, j + p.len(), n) == Some(b':') {
                let s = j + p.len() + 1;
                let mut k = s;
                while byte(self.b, k, n)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
                {
                    k += 1;
                }
                if k > s {
                    let name = format!("{p}:{}", self.text(s, k).to_ascii_lowercase());
                    return Some((closing, name, k));
                }
            }
        }
        None
    }

    /// Template nodes until the end of input or a closing/branch tag of an open construct.
    fn parse_nodes(&mut self) -> (Vec<Stmt>, Stop) {
        let mut out = Vec::new();
        let n = self.b.len();
        loop {
            let text_start = self.pos;
            let mut i = self.pos;
            while let Some(c) = byte(self.b, i, n) {
                if c == b'<' && (starts_with_ci(self.b, i, n, "<!---") || self.tag_at(i).is_some())
                {
                    break;
                }
                if c == b'#' && self.output > 0 {
                    break;
                }
                i += 1;
            }
            if i > text_start {
                push_text(&mut out, self.text(text_start, i), Span::new(text_start, i));
            }
            self.pos = i;
            if i >= n {
                return (out, Stop::Eof);
            }
            if byte(self.b, i, n) == Some(b'#') {
                self.hash(&mut out);
                continue;
            }
            if starts_with_ci(self.b, i, n, "<!---") {
                match skip_comment(self.b, i) {
                    Some(e) => self.pos = e,
                    None => {
                        self.error("unclosed comment `<!---`", Span::new(i, i + 5));
                        self.pos = n;
                    }
                }
                continue;
            }
            let Some((closing, name, name_end)) = self.tag_at(i) else {
                self.pos = next_char(self.src, i);
                continue;
            };
            if closing {
                if self.open.contains(&name) {
                    return (out, Stop::Close(name));
                }
                let end = self.skip_close_tag(name_end);
                self.error(
                    format!("unexpected closing tag `</cf{name}>`"),
                    Span::new(i, end),
                );
                continue;
            }
            if let Some(owner) = branch_owner(&name) {
                if self.open.iter().any(|o| o == owner) {
                    return (out, Stop::Branch(name));
                }
                let te = find_tag_end(self.src, name_end);
                self.pos = te.after.max(name_end);
                self.error(
                    format!("`<cf{name}>` outside of `<cf{owner}>`"),
                    Span::new(i, self.pos),
                );
                continue;
            }
            self.tag(i, &name, name_end, &mut out);
            if self.pos <= i {
                self.pos = name_end.max(i + 1);
            }
        }
    }

    /// `#` in an output region: `##`, or `#expr#` → Print.
    fn hash(&mut self, out: &mut Vec<Stmt>) {
        let i = self.pos;
        let n = self.b.len();
        if byte(self.b, i + 1, n) == Some(b'#') {
            push_text(out, "#", Span::new(i, i + 2));
            self.pos = i + 2;
            return;
        }
        match scan_hash(self.src, i + 1, n, 0, true) {
            Some(close) => {
                let e = sub_expr(
                    self.src,
                    i + 1,
                    close,
                    self.depth + 1,
                    &mut self.diags,
                    "an expression inside `#...#`",
                );
                out.push(Stmt {
                    kind: StmtKind::Print(e),
                    span: Span::new(i, close + 1),
                });
                self.pos = close + 1;
            }
            None => {
                self.error(
                    "missing closing `#` (write `##` for a literal `#`)",
                    Span::new(i, i + 1),
                );
                push_text(out, "#", Span::new(i, i + 1));
                self.pos = i + 1;
            }
        }
    }

    /// After the name of a closing tag: skip to past its `>`. Returns the new position.
    fn skip_close_tag(&mut self, name_end: usize) -> usize {
        let n = self.b.len();
        let mut j = name_end;
        while byte(self.b, j, n).is_some_and(|c| c.is_ascii_whitespace()) {
            j += 1;
        }
        if byte(self.b, j, n) == Some(b'>') {
            self.pos = j + 1;
            return self.pos;
        }
        let start = j;
        while let Some(c) = byte(self.b, j, n) {
            if c == b'>' {
                j += 1;
                break;
            }
            if c == b'<' {
                break;
            }
            j += 1;
        }
        self.error(
            "expected `>` to end the closing tag",
            Span::new(start, start + 1),
        );
        self.pos = j.max(name_end);
        self.pos
    }

    /// Open construct `name`: its closing and branch tags now end bodies. False (reported once)
    /// when nesting is too deep.
    fn enter(&mut self, name: &str) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                let sp = Span::new(self.pos, self.pos);
                self.error("tags are nested too deeply", sp);
            }
            return false;
        }
        self.depth += 1;
        self.open.push(name.to_string());
        true
    }

    fn leave(&mut self) {
        self.open.pop();
        self.depth = self.depth.saturating_sub(1);
    }

    /// Parse the body of construct `name` (pushed on the open stack).
    fn body(&mut self, name: &str) -> (Vec<Stmt>, Stop) {
        if !self.enter(name) {
            return (Vec::new(), Stop::TooDeep);
        }
        let r = self.parse_nodes();
        self.leave();
        r
    }

    /// Consume `</cfNAME>` if the body stopped at it, else report it missing.
    fn close(&mut self, name: &str, stop: &Stop, open_span: Span) {
        match stop {
            Stop::Close(n) if n == name => {
                let ne = self.tag_at(self.pos).map(|t| t.2).unwrap_or(self.pos + 1);
                self.skip_close_tag(ne);
            }
            Stop::TooDeep => {}
            _ => self.error(format!("missing `</cf{name}>`"), open_span),
        }
    }

    /// Body through `</cfNAME>`, or empty for a self-closing tag.
    fn closed_body(&mut self, name: &str, head: &Head) -> Vec<Stmt> {
        if head.self_closing {
            return Vec::new();
        }
        let (body, stop) = self.body(name);
        self.close(name, &stop, head.span);
        body
    }

    /// The content of an expression tag (`<cfset ...>`): (content start, end, tag span).
    fn expr_content(&mut self, start: usize, name_end: usize, name: &str) -> (usize, usize, Span) {
        let te = find_tag_end(self.src, name_end);
        self.pos = te.after.max(name_end);
        if !te.closed {
            self.error(
                format!("unclosed tag `<cf{name}`: missing `>`"),
                Span::new(start, name_end),
            );
        }
        (name_end, te.content_end, Span::new(start, self.pos))
    }

    fn blank(&self, a: usize, b: usize) -> bool {
        self.text(a, b).trim().is_empty()
    }

    fn cond(&mut self, a: usize, b: usize, span: Span, tag: &str) -> Expr {
        if self.blank(a, b) {
            self.error(format!("`<cf{tag}>` needs a condition"), span);
            return Expr::new(ExprKind::Error, span);
        }
        sub_expr(
            self.src,
            a,
            b,
            self.depth + 1,
            &mut self.diags,
            "a condition",
        )
    }

    fn tag(&mut self, start: usize, name: &str, name_end: usize, out: &mut Vec<Stmt>) {
        match name {
            "set" => {
                let (a, b, span) = self.expr_content(start, name_end, name);
                let mut p = Parser::new(self.src, a, b, self.depth + 1);
                let kind = p.set_statement();
                self.diags.append(&mut p.diags);
                out.push(Stmt { kind, span });
            }
            "return" => {
                let (a, b, span) = self.expr_content(start, name_end, name);
                let value = if self.blank(a, b) {
                    None
                } else {
                    Some(sub_expr(
                        self.src,
                        a,
                        b,
                        self.depth + 1,
                        &mut self.diags,
                        "an expression",
                    ))
                };
                out.push(Stmt {
                    kind: StmtKind::Return(value),
                    span,
                });
            }
            "if" => self.if_tag(start, name_end, out),
            "script" => self.script_tag(start, name_end, out),
            "output" => self.output_tag(start, name_end, out),
            "switch" => self.switch_tag(start, name_end, out),
            "try" => self.try_tag(start, name_end, out),
            "function" => self.function_tag(start, name_end, out),
            _ => self.generic_tag(start, name, name_end, out),
        }
    }

    fn if_tag(&mut self, start: usize, name_end: usize, out: &mut Vec<Stmt>) {
        let (a, b, head) = self.expr_content(start, name_end, "if");
        let cond = self.cond(a, b, head, "if");
        let (then, mut stop) = self.body("if");
        let mut elifs: Vec<(Expr, Vec<Stmt>, usize)> = Vec::new();
        let mut else_body: Option<Vec<Stmt>> = None;
        loop {
            let branch = match &stop {
                Stop::Branch(n) if n == "else" || n == "elseif" => n.clone(),
                _ => break,
            };
            let bstart = self.pos;
            let bne = self.tag_at(bstart).map(|t| t.2).unwrap_or(bstart + 1);
            let (ca, cb, bspan) = self.expr_content(bstart, bne, &branch);
            if else_body.is_some() {
                self.error(format!("`<cf{branch}>` after `<cfelse>`"), bspan);
            }
            if branch == "elseif" {
                let c = self.cond(ca, cb, bspan, "elseif");
                let (body, s) = self.body("if");
                if else_body.is_none() {
                    elifs.push((c, body, bstart));
                }
                stop = s;
            } else {
                if !self.blank(ca, cb) {
                    self.error("`<cfelse>` takes no condition", bspan);
                }
                let (body, s) = self.body("if");
                if else_body.is_none() {
                    else_body = Some(body);
                }
                stop = s;
            }
        }
        self.close("if", &stop, head);
        let end = self.pos;
        let mut tail = else_body;
        while let Some((c, body, s)) = elifs.pop() {
            tail = Some(vec![Stmt {
                kind: StmtKind::If {
                    cond: c,
                    then: body,
                    else_: tail,
                },
                span: Span::new(s, end),
            }]);
        }
        out.push(Stmt {
            kind: StmtKind::If {
                cond,
                then,
                else_: tail,
            },
            span: Span::new(start, end),
        });
    }

    fn script_tag(&mut self, start: usize, name_end: usize, out: &mut Vec<Stmt>) {
        let head = self.read_attrs(start, name_end, "script");
        if head.self_closing {
            return;
        }
        let cs = self.pos;
        let n = self.b.len();
        let (ce, after) = match find_script_end(self.src, cs) {
            Some(r) => r,
            None => {
                self.error("missing `</cfscript>`", head.span);
                (n, n)
            }
        };
        let stmts = sub_script(self.src, cs, ce, self.depth + 1, &mut self.diags);
        out.extend(stmts);
        self.pos = after.max(cs);
    }

    fn output_tag(&mut self, start: usize, name_end: usize, out: &mut Vec<Stmt>) {
        let head = self.read_attrs(start, name_end, "output");
        self.output += 1;
        let body = self.closed_body("output", &head);
        self.output -= 1;
        let mut attrs = head.attrs;
        let kind = if let Some(q) = take(&mut attrs, "query") {
            let start_row = take(&mut attrs, "startrow").map(|a| a.value);
            let end = take(&mut attrs, "endrow");
            let max = take(&mut attrs, "maxrows");
            let end_row = self.cx().end_row(&start_row, end, max);
            StmtKind::LoopQuery {
                query: q.value,
                start_row,
                end_row,
                group: take(&mut attrs, "group").map(|a| a.value),
                group_case_sensitive: take(&mut attrs, "groupcasesensitive").map(|a| a.value),
                body,
            }
        } else if let Some(g) = take(&mut attrs, "group") {
            // A nested `<cfoutput group=...>` inside a grouped query output: the query is the
            // enclosing one (a `Null` query expression marks that).
            StmtKind::LoopQuery {
                query: Expr::new(ExprKind::Null, head.span),
                start_row: None,
                end_row: None,
                group: Some(g.value),
                group_case_sensitive: take(&mut attrs, "groupcasesensitive").map(|a| a.value),
                body,
            }
        } else {
            StmtKind::Output(body)
        };
        out.push(Stmt {
            kind,
            span: Span::new(start, self.pos),
        });
    }

    fn switch_tag(&mut self, start: usize, name_end: usize, out: &mut Vec<Stmt>) {
        let head = self.read_attrs(start, name_end, "switch");
        let mut attrs = head.attrs;
        let subject = match take(&mut attrs, "expression") {
            Some(a) => a.value,
            None => {
                self.error(
                    "`<cfswitch>` requires the `expression` attribute",
                    head.span,
                );
                Expr::new(ExprKind::Error, head.span)
            }
        };
        let mut cases = Vec::new();
        if !head.self_closing && self.enter("switch") {
            loop {
                let (nodes, stop) = self.parse_nodes();
                for node in nodes {
                    if !matches!(node.kind, StmtKind::Text(_)) {
                        self.error(
                            "only `<cfcase>` and `<cfdefaultcase>` may appear directly inside `<cfswitch>`",
                            node.span,
                        );
                    }
                }
                let branch = match &stop {
                    Stop::Branch(b) if b == "case" || b == "defaultcase" => b.clone(),
                    _ => {
                        self.leave();
                        self.close("switch", &stop, head.span);
                        break;
                    }
                };
                let cstart = self.pos;
                let cne = self.tag_at(cstart).map(|t| t.2).unwrap_or(cstart + 1);
                let chead = self.read_attrs(cstart, cne, &branch);
                let mut cattrs = chead.attrs.clone();
                let values = if branch == "case" {
                    match take(&mut cattrs, "value") {
                        Some(v) => {
                            let delims = take(&mut cattrs, "delimiters")
                                .and_then(|d| lit_str(&d.value).map(str::to_string))
                                .unwrap_or_else(|| ",".to_string());
                            split_case_values(v.value, &delims)
                        }
                        None => {
                            self.error("`<cfcase>` requires the `value` attribute", chead.span);
                            Vec::new()
                        }
                    }
                } else {
                    Vec::new()
                };
                let mut body = self.closed_body(&branch, &chead);
                // Tag cases do not fall through.
                body.push(Stmt {
                    kind: StmtKind::Break(None),
                    span: Span::new(self.pos, self.pos),
                });
                cases.push(SwitchCase {
                    values,
                    is_default: branch == "defaultcase",
                    body,
                    span: Span::new(cstart, self.pos),
                });
            }
        }
        out.push(Stmt {
            kind: StmtKind::Switch { subject, cases },
            span: Span::new(start, self.pos),
        });
    }

    fn try_tag(&mut self, start: usize, name_end: usize, out: &mut Vec<Stmt>) {
        let head = self.read_attrs(start, name_end, "try");
        let mut catches = Vec::new();
        let mut finally: Option<Vec<Stmt>> = None;
        let mut body = Vec::new();
        if !head.self_closing && self.enter("try") {
            let (b, mut stop) = self.parse_nodes();
            body = b;
            loop {
                let branch = match &stop {
                    Stop::Branch(b) if b == "catch" || b == "finally" => b.clone(),
                    _ => break,
                };
                let cstart = self.pos;
                let cne = self.tag_at(cstart).map(|t| t.2).unwrap_or(cstart + 1);
                let chead = self.read_attrs(cstart, cne, &branch);
                let cbody = self.closed_body(&branch, &chead);
                if finally.is_some() {
                    self.error(format!("`<cf{branch}>` after `<cffinally>`"), chead.span);
                }
                if branch == "catch" {
                    let mut cattrs = chead.attrs;
                    let type_name = take(&mut cattrs, "type")
                        .and_then(|t| lit_str(&t.value).map(|s| s.trim().to_string()))
                        .filter(|s| !s.is_empty())
                        .unwrap_or_else(|| "any".to_string());
                    catches.push(Catch {
                        type_name,
                        var: "cfcatch".to_string(),
                        body: cbody,
                        span: Span::new(cstart, self.pos),
                    });
                } else if finally.is_none() {
                    finally = Some(cbody);
                }
                let (between, s) = self.parse_nodes();
                for node in between {
                    let stray = match &node.kind {
                        StmtKind::Text(t) => !t.trim().is_empty(),
                        _ => true,
                    };
                    if stray {
                        self.error(
                            "only `<cfcatch>` and `<cffinally>` may follow a `<cfcatch>` inside `<cftry>`",
                            node.span,
                        );
                    }
                }
                stop = s;
            }
            self.leave();
            self.close("try", &stop, head.span);
        }
        out.push(Stmt {
            kind: StmtKind::Try {
                body,
                catches,
                finally,
            },
            span: Span::new(start, self.pos),
        });
    }

    fn function_tag(&mut self, start: usize, name_end: usize, out: &mut Vec<Stmt>) {
        let head = self.read_attrs(start, name_end, "function");
        let body = self.closed_body("function", &head);
        let mut attrs = head.attrs;
        let name = match take(&mut attrs, "name") {
            Some(a) => match lit_str(&a.value) {
                Some(s) => Some(s.to_string()),
                None => {
                    self.error("the function name must be a literal string", a.span);
                    None
                }
            },
            None => {
                self.error("`<cffunction>` requires the `name` attribute", head.span);
                None
            }
        };
        let access = take(&mut attrs, "access")
            .and_then(|a| lit_str(&a.value).map(|s| s.trim().to_ascii_lowercase()));
        let return_type = take(&mut attrs, "returntype")
            .and_then(|a| lit_str(&a.value).map(|s| s.trim().to_string()));
        let is_static = attrs.iter().any(|a| {
            a.name.eq_ignore_ascii_case("modifier")
                && lit_str(&a.value).is_some_and(|s| s.trim().eq_ignore_ascii_case("static"))
        });
        let mut params: Vec<Param> = Vec::new();
        let mut rest = Vec::new();
        for s in body {
            match s.kind {
                StmtKind::Tag {
                    ref name,
                    ref attrs,
                    body: None,
                } if name == "argument" => {
                    let raw: Vec<RawAttr> = attrs
                        .iter()
                        .map(|a: &Attr| RawAttr {
                            name: a.name.clone(),
                            value: a.value.clone(),
                            raw: None,
                            span: a.span,
                        })
                        .collect();
                    let p = self.cx().argument(raw, s.span);
                    params.push(p);
                }
                _ => rest.push(s),
            }
        }
        let span = Span::new(start, self.pos);
        out.push(Stmt {
            kind: StmtKind::Function(Box::new(FuncDecl {
                name,
                params,
                body: rest,
                access,
                return_type,
                attrs: attrs.into_iter().map(RawAttr::into_attr).collect(),
                is_arrow: false,
                is_static,
                span,
            })),
            span,
        });
    }

    /// Whether the opening tag `<cfNAME` at `start` has a matching `</cfNAME>` (same-name tags
    /// matched like brackets; comments, `<cfscript>` blocks and quoted attribute values
    /// skipped). The matching is computed once for the whole document.
    fn has_close(&mut self, name: &str, start: usize) -> bool {
        if self.matched.is_none() {
            self.matched = Some(self.match_tags());
        }
        self.matched
            .as_ref()
            .is_some_and(|m| m.contains(&(name.to_string(), start)))
    }

    fn match_tags(&self) -> HashSet<(String, usize)> {
        let n = self.b.len();
        let mut open: HashMap<String, Vec<usize>> = HashMap::new();
        let mut matched = HashSet::new();
        let mut i = 0;
        while i < n {
            let Some(off) = self
                .b
                .get(i..)
                .and_then(|s| s.iter().position(|&c| c == b'<'))
            else {
                break;
            };
            i += off;
            if starts_with_ci(self.b, i, n, "<!---") {
                i = skip_comment(self.b, i).unwrap_or(n);
                continue;
            }
            let Some((closing, tname, ne)) = self.tag_at(i) else {
                i += 1;
                continue;
            };
            if closing {
                if let Some(s) = open.get_mut(&tname).and_then(|v| v.pop()) {
                    matched.insert((tname, s));
                }
                i = ne;
                continue;
            }
            match find_attr_tag_end(self.src, ne) {
                Some((after, self_closing)) => {
                    if tname == "script" && !self_closing {
                        match find_script_end(self.src, after) {
                            Some((_, a)) => i = a,
                            None => break,
                        }
                        continue;
                    }
                    let no_body = tag_table::body(&tname) == Body::None
                        || no_body_action(&tname, |a| raw_attr(self.text(ne, after), a));
                    if !self_closing && !no_body {
                        open.entry(tname).or_default().push(i);
                    }
                    i = after;
                }
                None => {
                    open.entry(tname).or_default().push(i);
                    i = ne;
                }
            }
        }
        matched
    }

    fn generic_tag(&mut self, start: usize, name: &str, name_end: usize, out: &mut Vec<Stmt>) {
        let head = self.read_attrs(start, name_end, name);
        let no_body_action = no_body_action(name, |a| {
            let mut attrs = head.attrs.clone();
            take(&mut attrs, a).and_then(|v| lit_str(&v.value).map(str::to_string))
        });
        let rule = tag_table::body(name);
        let must = matches!(rule, Body::Required | Body::Interpolated);
        let body = if head.self_closing || no_body_action || rule == Body::None {
            None
        } else if must || self.has_close(name, start) {
            let interp = rule == Body::Interpolated;
            if interp {
                self.output += 1;
            }
            let (b, stop) = self.body(name);
            if interp {
                self.output -= 1;
            }
            // Unclosed must-body tags run to the end of the enclosing construct.
            self.close(name, &stop, head.span);
            Some(b)
        } else {
            None
        };
        let body = match (body, must) {
            (None, true) => Some(Vec::new()),
            (b, _) => b,
        };
        let span = head.span;
        let kind = self.cx().tag(name, head.attrs, body, span);
        out.push(Stmt {
            kind,
            span: Span::new(start, self.pos),
        });
    }

    /// Attributes of an opening tag from `i` (after the name) through `>` or `/>`.
    fn read_attrs(&mut self, start: usize, name_end: usize, tag: &str) -> Head {
        let n = self.b.len();
        let mut attrs = Vec::new();
        let mut i = name_end;
        let mut bad: Option<usize> = None;
        let (self_closing, end) = loop {
            while byte(self.b, i, n).is_some_and(|c| c.is_ascii_whitespace()) {
                i += 1;
            }
            let c = byte(self.b, i, n);
            if c.is_some_and(is_attr_name_char)
                || c.is_none()
                || matches!(c, Some(b'>' | b'<'))
                || (c == Some(b'/') && byte(self.b, i + 1, n) == Some(b'>'))
            {
                if let Some(s) = bad.take() {
                    self.error(
                        format!("unexpected `{}` in tag `<cf{tag}>`", self.text(s, i).trim()),
                        Span::new(s, i),
                    );
                }
            }
            match c {
                None => {
                    self.error(
                        format!("unclosed tag `<cf{tag}`: missing `>`"),
                        Span::new(start, name_end),
                    );
                    break (false, n);
                }
                Some(b'>') => break (false, i + 1),
                Some(b'/') if byte(self.b, i + 1, n) == Some(b'>') => break (true, i + 2),
                Some(b'<') => {
                    self.error(
                        format!("unclosed tag `<cf{tag}`: missing `>`"),
                        Span::new(start, name_end),
                    );
                    break (false, i);
                }
                Some(c) if is_attr_name_char(c) => {
                    let ns = i;
                    while byte(self.b, i, n).is_some_and(is_attr_name_char) {
                        i += 1;
                    }
                    let name = self.text(ns, i).to_string();
                    let mut j = i;
                    while byte(self.b, j, n).is_some_and(|c| c.is_ascii_whitespace()) {
                        j += 1;
                    }
                    if byte(self.b, j, n) == Some(b'=') {
                        j += 1;
                        while byte(self.b, j, n).is_some_and(|c| c.is_ascii_whitespace()) {
                            j += 1;
                        }
                        let (value, raw, after) = self.attr_value(j);
                        i = after.max(j);
                        attrs.push(RawAttr {
                            name,
                            value,
                            raw,
                            span: Span::new(ns, i),
                        });
                    } else {
                        attrs.push(RawAttr {
                            name,
                            value: Expr::new(ExprKind::Str(String::new()), Span::new(ns, i)),
                            raw: None,
                            span: Span::new(ns, i),
                        });
                    }
                }
                // `<cfbreak "outer">`: the label of the loop, written without a name.
                Some(b'"' | b'\'')
                    if bad.is_none()
                        && (tag.eq_ignore_ascii_case("break")
                            || tag.eq_ignore_ascii_case("continue")) =>
                {
                    let (value, raw, after) = self.attr_value(i);
                    attrs.push(RawAttr {
                        name: String::new(),
                        value,
                        raw,
                        span: Span::new(i, after),
                    });
                    i = after.max(i + 1);
                }
                Some(_) => {
                    bad.get_or_insert(i);
                    i = next_char(self.src, i);
                }
            }
        };
        self.pos = end.max(name_end);
        Head {
            attrs,
            self_closing,
            span: Span::new(start, self.pos),
        }
    }

    /// An attribute value at `i`: quoted (with `#expr#`), or unquoted up to whitespace or `>`.
    /// Returns (value, raw text range, position after).
    fn attr_value(&mut self, i: usize) -> (Expr, Option<(usize, usize)>, usize) {
        let n = self.b.len();
        match byte(self.b, i, n) {
            Some(q @ (b'"' | b'\'')) => {
                let s = scan_string(self.src, i, n, 0);
                if s.closed {
                    if let Some(h) = s.bad_hash {
                        self.error(
                            "missing closing `#` in attribute value (write `##` for a literal `#`)",
                            Span::new(h, h + 1),
                        );
                    }
                    let span = Span::new(i, s.end);
                    let v = super::seg_expr(self.src, &s.segs, span, self.depth, &mut self.diags);
                    return (v, Some((i + 1, s.end.saturating_sub(1).max(i + 1))), s.end);
                }
                // Unterminated: the value ends at the line end or the next `>`.
                let mut j = i + 1;
                while let Some(c) = byte(self.b, j, n) {
                    if c == b'\n' || c == b'>' {
                        break;
                    }
                    j += 1;
                }
                self.error(
                    format!("unterminated attribute value: missing `{}`", q as char),
                    Span::new(i, i + 1),
                );
                let v = Expr::new(
                    ExprKind::Str(self.text(i + 1, j).to_string()),
                    Span::new(i, j),
                );
                (v, Some((i + 1, j)), j)
            }
            _ => {
                let mut segs: Vec<StrSeg> = Vec::new();
                let mut j = i;
                let mut lit_start = j;
                let flush = |segs: &mut Vec<StrSeg>, s: &str| {
                    if s.is_empty() {
                        return;
                    }
                    if let Some(StrSeg::Lit(l)) = segs.last_mut() {
                        l.push_str(s);
                    } else {
                        segs.push(StrSeg::Lit(s.to_string()));
                    }
                };
                while let Some(c) = byte(self.b, j, n) {
                    if c.is_ascii_whitespace() || c == b'>' {
                        break;
                    }
                    if c == b'/' && byte(self.b, j + 1, n) == Some(b'>') {
                        break;
                    }
                    if c == b'#' {
                        if byte(self.b, j + 1, n) == Some(b'#') {
                            flush(&mut segs, self.text(lit_start, j + 1));
                            j += 2;
                            lit_start = j;
                            continue;
                        }
                        if let Some(close) = scan_hash(self.src, j + 1, n, 0, true) {
                            flush(&mut segs, self.text(lit_start, j));
                            segs.push(StrSeg::Expr(j + 1, close));
                            j = close + 1;
                            lit_start = j;
                            continue;
                        }
                    }
                    j += 1;
                }
                flush(&mut segs, self.text(lit_start, j));
                let span = Span::new(i, j);
                let v = super::seg_expr(self.src, &segs, span, self.depth, &mut self.diags);
                (v, Some((i, j)), j)
            }
        }
    }
}

/// `<cftransaction action="commit">`, `<cfthread action="join">`: actions without a body.
fn no_body_action(name: &str, attr: impl Fn(&str) -> Option<String>) -> bool {
    let actions: &[&str] = match name {
        "transaction" => &["commit", "rollback", "setsavepoint"],
        "thread" => &["join", "sleep", "terminate"],
        _ => return false,
    };
    attr("action").is_some_and(|v| actions.iter().any(|x| v.trim().eq_ignore_ascii_case(x)))
}

/// The literal value of attribute `name` in raw tag text (`a="x" b=y`), for look-ahead.
fn raw_attr(text: &str, name: &str) -> Option<String> {
    let b = text.as_bytes();
    let n = b.len();
    let mut i = 0;
    while i < n {
        while byte(b, i, n).is_some_and(|c| !is_attr_name_char(c)) {
            i += 1;
        }
        let ns = i;
        while byte(b, i, n).is_some_and(is_attr_name_char) {
            i += 1;
        }
        let an = text.get(ns..i).unwrap_or("");
        while byte(b, i, n).is_some_and(|c| c.is_ascii_whitespace()) {
            i += 1;
        }
        if byte(b, i, n) != Some(b'=') {
            continue;
        }
        i += 1;
        while byte(b, i, n).is_some_and(|c| c.is_ascii_whitespace()) {
            i += 1;
        }
        let (vs, ve) = match byte(b, i, n) {
            Some(q @ (b'"' | b'\'')) => {
                let vs = i + 1;
                let mut j = vs;
                while byte(b, j, n).is_some_and(|c| c != q) {
                    j += 1;
                }
                i = j + 1;
                (vs, j)
            }
            _ => {
                let vs = i;
                while byte(b, i, n).is_some_and(|c| !c.is_ascii_whitespace() && c != b'>') {
                    i += 1;
                }
                (vs, i)
            }
        };
        if an.eq_ignore_ascii_case(name) {
            return text.get(vs..ve).map(str::to_string);
        }
    }
    None
}

/// `<cfcase value="a,b">`: a literal list splits on the delimiter characters.
fn split_case_values(v: Expr, delims: &str) -> Vec<Expr> {
    match &v.kind {
        ExprKind::Str(s) if !delims.is_empty() => s
            .split(|c: char| delims.contains(c))
            .map(|part| Expr::new(ExprKind::Str(part.to_string()), v.span))
            .collect(),
        _ => vec![v],
    }
}

/// The prefixes of every `<cfimport ... prefix="p">` in a source (a quick scan before parsing,
/// so `<p:tag>` is recognised wherever it appears).
fn import_prefixes(src: &str) -> Vec<String> {
    let lower = src.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = lower.get(from..).and_then(|s| s.find("<cfimport")) {
        let start = from + i;
        let end = lower
            .get(start..)
            .and_then(|s| s.find('>'))
            .map(|e| start + e)
            .unwrap_or(lower.len());
        let tag = lower.get(start..end).unwrap_or("");
        if let Some(p) = tag.find("prefix") {
            let rest = tag.get(p + 6..).unwrap_or("").trim_start();
            if let Some(rest) = rest.strip_prefix('=') {
                let rest = rest.trim_start();
                let value: String = rest
                    .trim_start_matches(['"', '\''])
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                if !value.is_empty() && value != "cf" && !out.contains(&value) {
                    out.push(value);
                }
            }
        }
        from = end.max(start + 1);
    }
    out
}
