//! Mapping a tag (name + attributes + optional body) to a statement. Shared by `<cfXXX>` tags,
//! script tag statements (`savecontent variable="x" {}`) and `cfXXX(...)` calls.

use crate::ast::{Attr, BinOp, Expr, ExprKind, Param, Stmt, StmtKind};
use crate::span::{Diagnostic, Span};

/// An attribute as parsed, before it becomes an [`Attr`]: `raw` is the byte range of a quoted (or
/// unquoted) value's text, for attributes whose text is itself an expression
/// (`<cfloop condition="i LT 5">`).
#[derive(Clone, Debug)]
pub(crate) struct RawAttr {
    pub name: String,
    pub value: Expr,
    pub raw: Option<(usize, usize)>,
    pub span: Span,
}

impl RawAttr {
    pub fn into_attr(self) -> Attr {
        Attr {
            name: self.name,
            value: self.value,
            span: self.span,
        }
    }
}

pub(crate) fn to_attrs(attrs: Vec<RawAttr>) -> Vec<Attr> {
    attrs.into_iter().map(RawAttr::into_attr).collect()
}

/// Remove and return the attribute named `name` (case-insensitive).
pub(crate) fn take(attrs: &mut Vec<RawAttr>, name: &str) -> Option<RawAttr> {
    let i = attrs
        .iter()
        .position(|a| a.name.eq_ignore_ascii_case(name))?;
    Some(attrs.remove(i))
}

pub(crate) fn has(attrs: &[RawAttr], name: &str) -> bool {
    attrs.iter().any(|a| a.name.eq_ignore_ascii_case(name))
}

/// The loop a `<cfbreak>`/`<cfcontinue>` names: `label="outer"` or `"outer"` alone.
fn loop_label(attrs: &mut Vec<RawAttr>) -> Option<String> {
    let a = take(attrs, "label").or_else(|| take(attrs, ""))?;
    lit_str(&a.value).map(str::to_string)
}

/// The literal text of a string-literal value, if it is one.
pub(crate) fn lit_str(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Str(s) => Some(s),
        _ => None,
    }
}

/// CFML truthiness of a literal attribute value (`"true"`, `"yes"`, `1`, `true`).
pub(crate) fn lit_true(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Bool(b) => *b,
        ExprKind::Num(n) => *n != 0.0,
        ExprKind::Str(s) => {
            let s = s.trim();
            s.eq_ignore_ascii_case("true")
                || s.eq_ignore_ascii_case("yes")
                || s.parse::<f64>().is_ok_and(|n| n != 0.0)
        }
        _ => false,
    }
}

/// Parsing context for building statements: the source, the nesting depth and the diagnostics.
pub(crate) struct Cx<'a, 'd> {
    pub src: &'a str,
    pub depth: u32,
    pub diags: &'d mut Vec<Diagnostic>,
}

impl Cx<'_, '_> {
    pub fn error(&mut self, msg: impl Into<String>, span: Span) {
        self.diags
            .push(Diagnostic::new(msg, super::clamp(span, self.src.len())));
    }

    pub fn expr(&mut self, start: usize, end: usize, what: &str) -> Expr {
        super::sub_expr(self.src, start, end, self.depth + 1, self.diags, what)
    }

    /// A required attribute; a diagnostic and an `Error` expression when missing.
    fn required(&mut self, attrs: &mut Vec<RawAttr>, tag: &str, name: &str, span: Span) -> Expr {
        match take(attrs, name) {
            Some(a) => a.value,
            None => {
                self.error(format!("`{tag}` requires the `{name}` attribute"), span);
                Expr::new(ExprKind::Error, span)
            }
        }
    }

    /// Map a tag to a statement. `name` is lowercase without the `cf` prefix; `span` is the tag's
    /// (or script statement's) span for diagnostics.
    pub fn tag(
        &mut self,
        name: &str,
        mut attrs: Vec<RawAttr>,
        body: Option<Vec<Stmt>>,
        span: Span,
    ) -> StmtKind {
        match name {
            "include" => StmtKind::Include {
                template: self.required(&mut attrs, "include", "template", span),
            },
            "param" => {
                if !has(&attrs, "name") && !has(&attrs, "attributecollection") {
                    self.error("`param` requires the `name` attribute", span);
                }
                StmtKind::Param {
                    attrs: to_attrs(attrs),
                }
            }
            "throw" => StmtKind::Throw {
                message: None,
                attrs: to_attrs(attrs),
            },
            "rethrow" => StmtKind::Rethrow,
            "abort" => StmtKind::Abort {
                show_error: take(&mut attrs, "showerror").map(|a| a.value),
            },
            "break" => StmtKind::Break(loop_label(&mut attrs)),
            "continue" => StmtKind::Continue(loop_label(&mut attrs)),
            "setting" => StmtKind::Setting {
                attrs: to_attrs(attrs),
            },
            "savecontent" => {
                let variable = self.required(&mut attrs, "savecontent", "variable", span);
                let append = take(&mut attrs, "append").map(|a| a.value);
                StmtKind::SaveContent {
                    variable,
                    append,
                    body: body.unwrap_or_default(),
                }
            }
            "silent" => StmtKind::Silent {
                bufferoutput: take(&mut attrs, "bufferoutput").map(|a| a.value),
                body: body.unwrap_or_default(),
            },
            "loop" => match take(&mut attrs, "label")
                .and_then(|a| lit_str(&a.value).map(str::to_string))
            {
                Some(label) => StmtKind::Labeled {
                    label,
                    body: Box::new(Stmt {
                        kind: self.loop_stmt(attrs, body, span),
                        span,
                    }),
                },
                None => self.loop_stmt(attrs, body, span),
            },
            _ => StmtKind::Tag {
                name: name.to_string(),
                attrs: to_attrs(attrs),
                body,
            },
        }
    }

    /// `end_row` for `startrow` + `maxrows`: `startrow + maxrows - 1` (startrow defaults to 1).
    pub fn end_row(
        &mut self,
        start_row: &Option<Expr>,
        end_row: Option<RawAttr>,
        max_rows: Option<RawAttr>,
    ) -> Option<Expr> {
        if let Some(e) = end_row {
            return Some(e.value);
        }
        let max = max_rows?.value;
        let span = max.span;
        let start = start_row
            .clone()
            .unwrap_or_else(|| Expr::new(ExprKind::Num(1.0), span));
        let sum = Expr::new(
            ExprKind::Binary {
                op: BinOp::Add,
                lhs: Box::new(start),
                rhs: Box::new(max),
            },
            span,
        );
        Some(Expr::new(
            ExprKind::Binary {
                op: BinOp::Sub,
                lhs: Box::new(sum),
                rhs: Box::new(Expr::new(ExprKind::Num(1.0), span)),
            },
            span,
        ))
    }

    fn loop_stmt(
        &mut self,
        mut attrs: Vec<RawAttr>,
        body: Option<Vec<Stmt>>,
        span: Span,
    ) -> StmtKind {
        let has_body = body.is_some();
        let body_v = body.unwrap_or_default();
        if let Some(c) = take(&mut attrs, "condition") {
            let cond = match c.raw {
                Some((a, b)) => self.expr(a, b, "a loop condition"),
                None => c.value,
            };
            return StmtKind::LoopCondition { cond, body: body_v };
        }
        if let Some(a) = take(&mut attrs, "array") {
            return StmtKind::LoopArray {
                array: a.value,
                item: take(&mut attrs, "item").map(|a| a.value),
                index: take(&mut attrs, "index").map(|a| a.value),
                body: body_v,
            };
        }
        if let Some(l) = take(&mut attrs, "list") {
            let item = match take(&mut attrs, "index").or_else(|| take(&mut attrs, "item")) {
                Some(a) => a.value,
                None => {
                    self.error("a list loop requires the `index` or `item` attribute", span);
                    Expr::new(ExprKind::Error, span)
                }
            };
            return StmtKind::LoopList {
                list: l.value,
                item,
                delimiters: take(&mut attrs, "delimiters").map(|a| a.value),
                body: body_v,
            };
        }
        if let Some(c) = take(&mut attrs, "collection").or_else(|| take(&mut attrs, "struct")) {
            return StmtKind::LoopCollection {
                collection: c.value,
                key: take(&mut attrs, "item")
                    .or_else(|| take(&mut attrs, "key"))
                    .map(|a| a.value),
                value: take(&mut attrs, "value").map(|a| a.value),
                body: body_v,
            };
        }
        if let Some(q) = take(&mut attrs, "query") {
            let start_row = take(&mut attrs, "startrow").map(|a| a.value);
            let end = take(&mut attrs, "endrow");
            let max = take(&mut attrs, "maxrows");
            let end_row = self.end_row(&start_row, end, max);
            return StmtKind::LoopQuery {
                query: q.value,
                start_row,
                end_row,
                group: take(&mut attrs, "group").map(|a| a.value),
                group_case_sensitive: take(&mut attrs, "groupcasesensitive").map(|a| a.value),
                body: body_v,
            };
        }
        if let Some(t) = take(&mut attrs, "times") {
            return StmtKind::LoopTimes {
                count: t.value,
                body: body_v,
            };
        }
        if has(&attrs, "from") || has(&attrs, "to") {
            let from = self.required(&mut attrs, "loop", "from", span);
            let to = self.required(&mut attrs, "loop", "to", span);
            let index = match take(&mut attrs, "index").or_else(|| take(&mut attrs, "item")) {
                Some(a) => a.value,
                None => {
                    self.error("a from/to loop requires the `index` attribute", span);
                    Expr::new(ExprKind::Error, span)
                }
            };
            return StmtKind::LoopIndex {
                index,
                from,
                to,
                step: take(&mut attrs, "step").map(|a| a.value),
                body: body_v,
            };
        }
        // No attributes (the inner loop of a grouped query loop), file, characters, directory...
        // loops: left to the compiler.
        StmtKind::Tag {
            name: "loop".to_string(),
            attrs: to_attrs(attrs),
            body: if has_body { Some(body_v) } else { None },
        }
    }

    /// A `Param` of a function from `<cfargument>` attributes.
    pub fn argument(&mut self, mut attrs: Vec<RawAttr>, span: Span) -> Param {
        let name = match take(&mut attrs, "name") {
            Some(a) => match lit_str(&a.value) {
                Some(s) => s.to_string(),
                None => {
                    self.error("the argument name must be a literal string", a.span);
                    String::new()
                }
            },
            None => {
                self.error("`argument` requires the `name` attribute", span);
                String::new()
            }
        };
        let required = take(&mut attrs, "required").is_some_and(|a| lit_true(&a.value));
        let type_name =
            take(&mut attrs, "type").and_then(|a| lit_str(&a.value).map(str::to_string));
        let default = take(&mut attrs, "default").map(|a| a.value);
        Param {
            name,
            required,
            type_name,
            default,
            attrs: to_attrs(attrs),
            span,
        }
    }
}
