//! The CFML parser: tag mode ([`tags`]), script statements ([`script`]) and expressions
//! ([`expr`]). Shared pieces live here: the token-stream [`Parser`] used for script and expressions,
//! sub-parsing of byte ranges (`#expr#`, tag contents, `<cfscript>` bodies), and the mapping of a
//! tag name plus attributes to a statement ([`Cx::tag`]), used by `<cfXXX>` tags, script tag
//! statements (`lock name="x" {}`) and `cfXXX(...)` calls alike.
//!
//! The parser is total: no input makes it panic or loop forever. Every loop consumes input or
//! exits, and recursion is bounded by [`MAX_DEPTH`].

mod build;
mod expr;
mod script;
mod tags;

use crate::ast::{Attr, Expr, ExprKind, Stmt, StrPart, Template};
use crate::lexer::{self, StrSeg, Tok, Token, P};
use crate::span::{Diagnostic, Span};
use crate::Parsed;

pub(crate) use build::Cx;

/// Maximum nesting of statements, expressions and tags. Deeper input gets a diagnostic instead of
/// exhausting the stack.
pub(crate) const MAX_DEPTH: u32 = 100;

pub(crate) fn parse_template(src: &str) -> Parsed {
    if let Some(start) = script_component_start(src) {
        let mut p = Parser::new(src, start, src.len(), 0);
        let body = p.parse_program();
        return finish(body, p.diags);
    }
    let mut tp = tags::TagParser::new(src);
    let body = tp.parse_document();
    finish(body, tp.diags)
}

pub(crate) fn parse_script(src: &str) -> Parsed {
    let mut p = Parser::new(src, bom_len(src), src.len(), 0);
    let body = p.parse_program();
    finish(body, p.diags)
}

pub(crate) fn parse_expression(src: &str) -> (Expr, Vec<Diagnostic>) {
    let mut p = Parser::new(src, 0, src.len(), 0);
    let e = p.parse_whole_expr("an expression");
    let mut diags = p.diags;
    sort_diags(&mut diags);
    (e, diags)
}

/// The length of a UTF-8 byte-order mark at the start of `src` (0 when there is none): editors
/// on Windows write one, and Lucee reads past it (it is neither output nor code).
pub(crate) fn bom_len(src: &str) -> usize {
    if src.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
}

/// The annotations of the doc comment (`/** ... */`) that ends right before `start` (only
/// whitespace between): the text before the first `@` line is the `hint`, each `@name value`
/// line (continued by the lines after it up to the next `@`) an attribute, as Lucee reads them.
pub(crate) fn doc_comment_attrs(src: &str, start: usize) -> Vec<Attr> {
    let before = src.get(..start).unwrap_or_default().trim_end();
    let Some(body_end) = before.strip_suffix("*/").map(str::len) else {
        return Vec::new();
    };
    let Some(open) = before[..body_end].rfind("/**") else {
        return Vec::new();
    };
    // `/** a */ x = 1; /* b */` would find the wrong opener; a `*/` inside means it is not one.
    let text = &before[open + 3..body_end];
    if text.contains("*/") {
        return Vec::new();
    }
    let span = Span::new(open, body_end + 2);
    let mut out: Vec<(String, String)> = Vec::new();
    let mut hint = String::new();
    for line in text.lines() {
        let line = line.trim().trim_start_matches('*').trim();
        if let Some(rest) = line.strip_prefix('@') {
            let (name, value) = rest
                .split_once(char::is_whitespace)
                .map_or((rest, ""), |(n, v)| (n, v.trim()));
            if !name.is_empty() {
                out.push((name.to_string(), value.to_string()));
            }
        } else if let Some((_, v)) = out.last_mut() {
            if !line.is_empty() {
                if !v.is_empty() {
                    v.push(' ');
                }
                v.push_str(line);
            }
        } else if !line.is_empty() {
            if !hint.is_empty() {
                hint.push(' ');
            }
            hint.push_str(line);
        }
    }
    if !hint.is_empty() && !out.iter().any(|(n, _)| n.eq_ignore_ascii_case("hint")) {
        out.insert(0, ("hint".to_string(), hint));
    }
    out.into_iter()
        .map(|(name, value)| Attr {
            name,
            value: Expr::new(ExprKind::Str(value), span),
            span,
        })
        .collect()
}

/// A span limited to `[0, len]`, with start <= end.
pub(crate) fn clamp(span: Span, len: usize) -> Span {
    let end = (span.end as usize).min(len);
    let start = (span.start as usize).min(end);
    Span::new(start, end)
}

fn sort_diags(diags: &mut Vec<Diagnostic>) {
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    diags.dedup();
}

fn finish(body: Vec<Stmt>, mut diags: Vec<Diagnostic>) -> Parsed {
    sort_diags(&mut diags);
    Parsed {
        template: Template { body },
        diagnostics: diags,
    }
}

/// Whether a file's first significant token (after whitespace, a BOM and comments of any style)
/// starts a script component: `component`, `interface`, `abstract component`, `final component` or
/// `import`. Returns where script parsing starts (after any leading `<!--- --->` comments).
fn script_component_start(src: &str) -> Option<usize> {
    let b = src.as_bytes();
    let n = b.len();
    let mut i = bom_len(src);
    let mut script_start = i;
    loop {
        match lexer::byte(b, i, n) {
            Some(b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c) => i += 1,
            Some(b'<') if lexer::starts_with_ci(b, i, n, "<!---") => {
                i = tags::skip_comment(b, i).unwrap_or(n);
                script_start = i;
            }
            Some(b'/') if lexer::byte(b, i + 1, n) == Some(b'/') => {
                while lexer::byte(b, i, n).is_some_and(|c| c != b'\n' && c != b'\r') {
                    i += 1;
                }
            }
            Some(b'/') if lexer::byte(b, i + 1, n) == Some(b'*') => {
                i += 2;
                while i < n && !lexer::starts_with_ci(b, i, n, "*/") {
                    i += 1;
                }
                i += 2;
            }
            _ => break,
        }
    }
    let word_at = |i: usize, w: &str| -> bool {
        lexer::starts_with_ci(b, i, n, w)
            && !lexer::byte(b, i + w.len(), n).is_some_and(lexer::is_ident_char)
    };
    // `component ... {`: a `{` must come before any `<` or `;` (outside quotes), so a text page
    // that merely starts with the word is not taken for script.
    let brace_follows = |mut j: usize| -> bool {
        while let Some(c) = lexer::byte(b, j, n) {
            match c {
                b'{' => return true,
                b'<' | b';' => return false,
                b'"' | b'\'' => {
                    let s = lexer::scan_string(src, j, n, 0);
                    if !s.closed {
                        return false;
                    }
                    j = s.end;
                }
                _ => j += 1,
            }
        }
        false
    };
    if word_at(i, "abstract") || word_at(i, "final") {
        let mut j = i;
        while lexer::byte(b, j, n).is_some_and(lexer::is_ident_char) {
            j += 1;
        }
        while lexer::byte(b, j, n).is_some_and(|c| c.is_ascii_whitespace()) {
            j += 1;
        }
        return (word_at(j, "component") && brace_follows(j)).then_some(script_start);
    }
    if word_at(i, "component") || word_at(i, "interface") {
        return brace_follows(i).then_some(script_start);
    }
    if word_at(i, "import") {
        // `import path.to.*;` / `import "path";`
        let mut j = i + "import".len();
        while lexer::byte(b, j, n).is_some_and(|c| c == b' ' || c == b'\t') {
            j += 1;
        }
        let path_start = j;
        if matches!(lexer::byte(b, j, n), Some(b'"' | b'\'')) {
            let s = lexer::scan_string(src, j, n, 0);
            if !s.closed {
                return None;
            }
            j = s.end;
        } else {
            while lexer::byte(b, j, n)
                .is_some_and(|c| lexer::is_ident_char(c) || matches!(c, b'.' | b'*' | b':'))
            {
                j += 1;
            }
        }
        if j == path_start {
            return None;
        }
        while lexer::byte(b, j, n).is_some_and(|c| c == b' ' || c == b'\t' || c == b'\r') {
            j += 1;
        }
        return matches!(lexer::byte(b, j, n), Some(b';' | b'\n') | None).then_some(script_start);
    }
    None
}

/// Parse `[start, end)` of `src` as one complete expression.
pub(crate) fn sub_expr(
    src: &str,
    start: usize,
    end: usize,
    depth: u32,
    diags: &mut Vec<Diagnostic>,
    what: &str,
) -> Expr {
    let mut p = Parser::new(src, start, end, depth);
    let e = p.parse_whole_expr(what);
    diags.append(&mut p.diags);
    e
}

/// Parse `[start, end)` of `src` as a list of script statements.
pub(crate) fn sub_script(
    src: &str,
    start: usize,
    end: usize,
    depth: u32,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Stmt> {
    let mut p = Parser::new(src, start, end, depth);
    let body = p.parse_program();
    diags.append(&mut p.diags);
    body
}

/// Turn the segments of a quoted string into an expression: a `Str` when there is no `#expr#`,
/// the expression itself when the string is exactly `"#expr#"`, otherwise an `Interp`.
pub(crate) fn seg_expr(
    src: &str,
    segs: &[StrSeg],
    span: Span,
    depth: u32,
    diags: &mut Vec<Diagnostic>,
) -> Expr {
    if !segs.iter().any(|s| matches!(s, StrSeg::Expr(..))) {
        let mut s = String::new();
        for seg in segs {
            if let StrSeg::Lit(l) = seg {
                s.push_str(l);
            }
        }
        return Expr::new(ExprKind::Str(s), span);
    }
    if let [StrSeg::Expr(a, b)] = segs {
        return sub_expr(
            src,
            *a,
            *b,
            depth + 1,
            diags,
            "an expression inside `#...#`",
        );
    }
    let parts = segs
        .iter()
        .map(|seg| match seg {
            StrSeg::Lit(l) => StrPart::Lit(l.clone()),
            StrSeg::Expr(a, b) => StrPart::Expr(sub_expr(
                src,
                *a,
                *b,
                depth + 1,
                diags,
                "an expression inside `#...#`",
            )),
        })
        .collect();
    Expr::new(ExprKind::Interp(parts), span)
}

/// A token-stream parser over one byte range of the source (a script, a `<cfscript>` body, the
/// content of an expression tag, or an interpolated `#expr#`). Spans are absolute byte offsets.
pub(crate) struct Parser<'a> {
    pub(crate) src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    /// End of the last consumed token.
    prev_end: usize,
    pub(crate) diags: Vec<Diagnostic>,
    /// Set after a syntax error until the next statement starts: further errors of the same
    /// statement are cascades and are not reported.
    panic: bool,
    depth: u32,
    too_deep: bool,
    /// Above 0 where a `:` after a call belongs to the construct around it (a ternary's
    /// `then`, a `case` value), not to a function listener.
    no_listener: u32,
    eof: Token,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a str, start: usize, end: usize, depth: u32) -> Parser<'a> {
        let end = end.min(src.len());
        let start = start.min(end);
        let mut diags = Vec::new();
        let toks = lexer::tokenize(src, start, end, &mut diags);
        Parser {
            src,
            toks,
            pos: 0,
            prev_end: start,
            diags,
            panic: false,
            depth,
            too_deep: false,
            no_listener: 0,
            eof: Token {
                tok: Tok::Eof,
                start: end,
                end,
                nl_before: false,
            },
        }
    }

    // ----- token access -------------------------------------------------------------------

    fn tok(&self) -> &Token {
        self.toks.get(self.pos).unwrap_or(&self.eof)
    }

    fn peek(&self, n: usize) -> &Token {
        self.toks.get(self.pos + n).unwrap_or(&self.eof)
    }

    fn at_eof(&self) -> bool {
        matches!(self.tok().tok, Tok::Eof)
    }

    fn bump(&mut self) {
        if !self.at_eof() {
            self.prev_end = self.tok().end;
            self.pos += 1;
        }
    }

    fn is(&self, p: P) -> bool {
        self.tok().tok == Tok::P(p)
    }

    fn peek_is(&self, n: usize, p: P) -> bool {
        self.peek(n).tok == Tok::P(p)
    }

    fn eat(&mut self, p: P) -> bool {
        if self.is(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, p: P, what: &str) -> bool {
        if self.eat(p) {
            true
        } else {
            let msg = format!("expected {what}, found {}", self.describe(self.tok()));
            self.error_here(msg);
            false
        }
    }

    fn text(&self, t: &Token) -> &'a str {
        self.src.get(t.start..t.end).unwrap_or("")
    }

    fn is_ident(&self) -> bool {
        matches!(self.tok().tok, Tok::Ident)
    }

    fn peek_ident(&self, n: usize) -> bool {
        matches!(self.peek(n).tok, Tok::Ident)
    }

    fn at_word(&self, w: &str) -> bool {
        self.peek_word(0, w)
    }

    fn peek_word(&self, n: usize, w: &str) -> bool {
        let t = self.peek(n);
        matches!(t.tok, Tok::Ident) && self.text(t).eq_ignore_ascii_case(w)
    }

    fn describe(&self, t: &Token) -> String {
        match &t.tok {
            Tok::Eof => "end of input".to_string(),
            Tok::Str(_) => "a string".to_string(),
            Tok::Num(_) => "a number".to_string(),
            _ => format!("`{}`", self.text(t)),
        }
    }

    fn span_from(&self, start: usize) -> Span {
        Span::new(start, self.prev_end.max(start))
    }

    // ----- diagnostics ----------------------------------------------------------------------

    fn error(&mut self, msg: impl Into<String>, span: Span) {
        if !self.panic {
            self.diags
                .push(Diagnostic::new(msg, clamp(span, self.src.len())));
            self.panic = true;
        }
    }

    fn error_here(&mut self, msg: impl Into<String>) {
        let span = self.tok().span();
        self.error(msg, span);
    }

    /// Enter one nesting level; false (with a one-time diagnostic) when too deep.
    fn enter(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                let span = self.tok().span();
                self.diags
                    .push(Diagnostic::new("code is nested too deeply", span));
            }
            self.panic = true;
            return false;
        }
        self.depth += 1;
        true
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Skip to the end of the current statement: past a `;`, or before a `}` that closes the
    /// enclosing block, or to the end of input. Brackets are skipped as balanced groups.
    fn sync(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.tok().tok {
                Tok::Eof => return,
                Tok::P(P::Semi) if depth == 0 => {
                    self.bump();
                    return;
                }
                Tok::P(P::RBrace) if depth == 0 => return,
                Tok::P(P::LParen | P::LBracket | P::LBrace) => depth += 1,
                Tok::P(P::RParen | P::RBracket | P::RBrace) => depth = depth.saturating_sub(1),
                _ => {}
            }
            self.bump();
        }
    }

    /// After an error inside a bracketed list: skip to and past the `close` matching the already
    /// consumed opener, stopping early (without consuming) at a `;` or an unmatched `}`.
    fn skip_to_close(&mut self, close: P) {
        let mut depth = 0usize;
        loop {
            match self.tok().tok {
                Tok::Eof => return,
                Tok::P(p) if p == close && depth == 0 => {
                    self.bump();
                    return;
                }
                Tok::P(P::Semi) if depth == 0 => return,
                Tok::P(P::RBrace) if depth == 0 => return,
                Tok::P(P::LParen | P::LBracket | P::LBrace) => depth += 1,
                Tok::P(P::RParen | P::RBracket | P::RBrace) => depth = depth.saturating_sub(1),
                _ => {}
            }
            self.bump();
        }
    }

    /// The whole range as one expression; anything left over is an error.
    pub(crate) fn parse_whole_expr(&mut self, what: &str) -> Expr {
        if self.at_eof() {
            let span = self.tok().span();
            self.error(format!("expected {what}"), span);
            return Expr::new(ExprKind::Error, span);
        }
        let e = self.parse_expr();
        if !self.at_eof() {
            let msg = format!("unexpected {} after expression", self.describe(self.tok()));
            self.error_here(msg);
        }
        e
    }

    /// A context for building tag statements and sub-parsing, sharing this parser's diagnostics.
    fn cx(&mut self) -> Cx<'a, '_> {
        Cx {
            src: self.src,
            depth: self.depth,
            diags: &mut self.diags,
        }
    }

    fn str_expr(&mut self, segs: &[StrSeg], span: Span) -> Expr {
        let (src, depth) = (self.src, self.depth);
        seg_expr(src, segs, span, depth, &mut self.diags)
    }
}
