//! Lowering of tags whose generated content the VM receives as text: `<cfmail>` (once, or once
//! per query row or group), `<cfmailpart>` and `<cfexecute>`.
//!
//! The body runs into a capture buffer (interpolating `#expr#` like `<cfoutput>`, as the parser
//! already arranged) and its text is passed to the tag's handler as the attribute `__body`.

use super::{Ctl, FnBuilder};
use rime_bytecode::opcode::{IterKind, Op};
use rime_syntax::ast::{Attr, BinOp, Expr, ExprKind, Stmt};

/// `<cfmail>` attributes that drive the query loop rather than the message.
const LOOP_ATTRS: &[&str] = &[
    "query",
    "group",
    "groupcasesensitive",
    "startrow",
    "maxrows",
];

impl<'a> FnBuilder<'_, 'a> {
    /// `<cfmail>`: `mailstart` opens a draft the body's `<cfmailparam>`/`<cfmailpart>` add to,
    /// the body is captured, and `mail` sends it with the attributes. With `query`, all of it
    /// runs once per row (per group with `group`), like `<cfoutput query>`, so attributes and
    /// body see the row's columns.
    pub(super) fn mail_tag(&mut self, attrs: &'a [Attr], body: Option<&'a [Stmt]>, off: u32) {
        let find = |n: &str| attrs.iter().find(|a| a.name.eq_ignore_ascii_case(n));
        let Some(query) = find("query") else {
            self.mail_message(attrs, body, off);
            return;
        };
        self.expr(&query.value);
        let start = find("startrow").map(|a| &a.value);
        match start {
            Some(e) => self.expr(e),
            None => {
                self.emit(Op::Null, off);
            }
        }
        match find("maxrows") {
            // endrow = startrow + maxrows - 1
            Some(max) => {
                let span = max.value.span;
                let first = start
                    .cloned()
                    .unwrap_or_else(|| Expr::new(ExprKind::Num(1.0), span));
                let sum = Expr::new(
                    ExprKind::Binary {
                        op: BinOp::Add,
                        lhs: Box::new(first),
                        rhs: Box::new(max.value.clone()),
                    },
                    span,
                );
                self.expr(&Expr::new(
                    ExprKind::Binary {
                        op: BinOp::Sub,
                        lhs: Box::new(sum),
                        rhs: Box::new(Expr::new(ExprKind::Num(1.0), span)),
                    },
                    span,
                ));
            }
            None => {
                self.emit(Op::Null, off);
            }
        }
        let group = find("group");
        let kind = match group {
            Some(g) => {
                self.expr(&g.value);
                match find("groupcasesensitive") {
                    Some(c) => self.expr(&c.value),
                    None => {
                        self.emit(Op::True, off);
                    }
                }
                IterKind::QueryGroup
            }
            None => IterKind::Query,
        };
        self.emit(Op::IterInit(kind), off);
        let next = self.emit(Op::IterNext(0), off);
        self.emit(Op::Pop, off);
        self.ctl.push(Ctl::Loop {
            breaks: Vec::new(),
            continues: Vec::new(),
            iter: true,
            label: self.pending_label.take(),
        });
        // Inside a grouped mail, a plain `<cfoutput>` loops over the group's rows.
        let in_group = std::mem::replace(&mut self.in_group, group.is_some());
        self.mail_message(attrs, body, off);
        self.in_group = in_group;
        let cont = self.here();
        let ctl = self.ctl.pop();
        self.emit(Op::Jump(next as u32), off);
        if let Some(Ctl::Loop {
            breaks, continues, ..
        }) = ctl
        {
            for c in continues {
                self.patch_to(c, cont);
            }
            for b in breaks {
                self.patch(b);
            }
        }
        self.patch(next);
    }

    fn mail_message(&mut self, attrs: &'a [Attr], body: Option<&'a [Stmt]>, off: u32) {
        self.tag_open("mail", off);
        let mut n = self.captured_body(body, off);
        for a in attrs
            .iter()
            .filter(|a| !LOOP_ATTRS.iter().any(|l| a.name.eq_ignore_ascii_case(l)))
        {
            let k = self.str_const(&a.name.to_ascii_lowercase());
            self.emit(Op::Const(k), a.span.start);
            self.expr(&a.value);
            n += 1;
        }
        self.tag_call("mail", attrs, n, off);
    }

    /// `<cfmailpart>` and `<cfexecute>`: the attributes plus the captured body as `__body`.
    pub(super) fn tag_with_body(
        &mut self,
        name: &str,
        attrs: &'a [Attr],
        body: Option<&'a [Stmt]>,
        off: u32,
    ) {
        let n = self.captured_body(body, off);
        let m = self.attrs_pairs(attrs);
        self.tag_call(name, attrs, n + m, off);
    }

    /// Push `"__body"` and the body's output (an empty string without a body); returns the
    /// number of name/value pairs pushed (1).
    fn captured_body(&mut self, body: Option<&'a [Stmt]>, off: u32) -> u32 {
        let k = self.str_const("__body");
        self.emit(Op::Const(k), off);
        self.emit(Op::PushBuffer, off);
        self.ctl.push(Ctl::Buffer);
        let depth = std::mem::replace(&mut self.output_depth, 1);
        let implicit = std::mem::replace(&mut self.implicit_output, false);
        let text_only = std::mem::replace(&mut self.text_only_in_output, false);
        if let Some(b) = body {
            self.block(b);
        }
        self.output_depth = depth;
        self.implicit_output = implicit;
        self.text_only_in_output = text_only;
        self.ctl.pop();
        self.emit(Op::PopBuffer, off);
        1
    }
}
