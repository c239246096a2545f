//! Statements: control flow, loops, exceptions, output regions.

use super::{Ctl, FnBuilder};
use rime_bytecode::opcode::{Arith, IterKind, Op};
use rime_syntax::ast::{Attr, BinOp, Expr, ExprKind, Stmt, StmtKind};

/// The most instructions one function may compile to. `finally` bodies are compiled once per
/// way out of their `try`, so nesting them multiplies code; past this the template is refused
/// instead of exhausting memory (found by fuzzing: twenty nested finally blocks).
const MAX_FUNCTION_OPS: usize = 250_000;
/// All functions of a template together: a function declared inside a `finally` block is
/// compiled once per copy of that block, so nesting multiplies functions as well as code.
const MAX_TEMPLATE_OPS: usize = 1_000_000;

const TOO_BIG: &str =
    "this function compiles to more than 250,000 instructions (deeply nested try/finally?)";
const TEMPLATE_TOO_BIG: &str =
    "this template compiles to more than 1,000,000 instructions (deeply nested try/finally?)";

impl<'d, 'a> FnBuilder<'d, 'a> {
    pub(crate) fn block(&mut self, body: &'a [Stmt]) {
        for s in body {
            let message = if self.code.len() > MAX_FUNCTION_OPS {
                Some(TOO_BIG)
            } else if self.spent.get().saturating_add(self.code.len()) > MAX_TEMPLATE_OPS {
                Some(TEMPLATE_TOO_BIG)
            } else {
                None
            };
            if let Some(message) = message {
                if !self.diags.iter().any(|d| d.message == message) {
                    self.error(message, s.span);
                }
                return;
            }
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &'a Stmt) {
        let off = s.span.start;
        match &s.kind {
            StmtKind::Text(t) => {
                if t.is_empty() || (self.text_only_in_output && self.output_depth == 0) {
                    return;
                }
                if self.implicit_output && t.contains('#') {
                    self.interpolated_text(t, off);
                    return;
                }
                let c = self.str_const(t);
                if self.output_depth > 0 {
                    self.emit(Op::Text(c), off);
                } else {
                    self.emit(Op::TextOutsideOutput(c), off);
                }
            }
            StmtKind::Print(e) => {
                self.expr(e);
                self.emit(Op::Print, off);
            }
            StmtKind::Expr(e) => self.expr_stmt(e),
            StmtKind::Var { name, init } => {
                match init {
                    Some(e) => self.expr(e),
                    None => {
                        self.emit(Op::Null, off);
                    }
                }
                match self.slot_of(name).filter(|_| self.in_function()) {
                    Some(slot) => {
                        self.emit(Op::SetSlot(slot), off);
                    }
                    None => {
                        self.store_var(name, off);
                        self.emit(Op::Pop, off);
                    }
                }
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::If { cond, then, else_ } => {
                self.expr(cond);
                let jf = self.emit(Op::JumpIfFalse(0), off);
                self.block(then);
                if let Some(e) = else_ {
                    let j = self.emit(Op::Jump(0), off);
                    self.patch(jf);
                    self.block(e);
                    self.patch(j);
                } else {
                    self.patch(jf);
                }
            }
            StmtKind::Switch { subject, cases } => {
                let tag = self.is_tag_syntax(s.span);
                let tmp = self.temp_slot();
                self.expr(subject);
                self.emit(Op::StoreSlot(tmp), off);
                self.emit(Op::Pop, off);
                let mut jumps = Vec::new();
                for (i, c) in cases.iter().enumerate() {
                    for v in &c.values {
                        self.emit(Op::LoadSlot(tmp), v.span.start);
                        self.expr(v);
                        self.emit(Op::Eq, v.span.start);
                        let j = self.emit(Op::JumpIfTrue(0), v.span.start);
                        jumps.push((i, j));
                    }
                }
                let to_default = self.emit(Op::Jump(0), off);
                self.ctl.push(Ctl::Switch { breaks: Vec::new() });
                let mut ends = Vec::new();
                let mut default_at = None;
                for (i, c) in cases.iter().enumerate() {
                    let start = self.here();
                    if c.is_default {
                        default_at = Some(start);
                    }
                    for (ci, j) in &jumps {
                        if *ci == i {
                            self.patch_to(*j, start);
                        }
                    }
                    self.block(&c.body);
                    if tag {
                        ends.push(self.emit(Op::Jump(0), off));
                    }
                }
                match default_at {
                    Some(d) => self.patch_to(to_default, d),
                    None => self.patch(to_default),
                }
                for e in ends {
                    self.patch(e);
                }
                if let Some(Ctl::Switch { breaks }) = self.ctl.pop() {
                    for b in breaks {
                        self.patch(b);
                    }
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                // The test goes after the body, so that each iteration runs one conditional
                // jump back instead of a test and a jump. A simple test is also compiled before
                // the loop, so nothing jumps between the step and the test and they can fuse
                // (`LoopStepConst`); another is reached by a jump.
                let (exit, to_test) = match cond {
                    Some(c) if duplicable(c) => {
                        self.expr(c);
                        (Some(self.emit(Op::JumpIfFalse(0), c.span.start)), None)
                    }
                    Some(_) => (None, Some(self.emit(Op::Jump(0), off))),
                    None => (None, None),
                };
                let top = self.here();
                self.loop_body(body, false, |b| {
                    if let Some(st) = step {
                        b.expr_stmt(st);
                    }
                    if let Some(j) = to_test {
                        b.patch(j);
                    }
                    match cond {
                        Some(c) => {
                            b.expr(c);
                            b.emit(Op::JumpIfTrue(top), c.span.start);
                        }
                        None => {
                            b.emit(Op::Jump(top), off);
                        }
                    }
                });
                if let Some(x) = exit {
                    self.patch(x);
                }
            }
            StmtKind::ForIn {
                target,
                declare_var,
                collection,
                body,
            } => {
                self.expr(collection);
                self.emit(Op::IterInit(IterKind::ForIn), off);
                let next = self.emit(Op::IterNext(0), off);
                if *declare_var {
                    if let ExprKind::Ident(n) = &target.kind {
                        self.store_var(n, off);
                    }
                } else {
                    self.store_to(target);
                }
                self.emit(Op::Pop, off);
                self.loop_iter_body(body, next, off);
            }
            StmtKind::While { cond, body } | StmtKind::LoopCondition { cond, body } => {
                // The test after the body, as in `For`.
                let (exit, to_test) = if duplicable(cond) {
                    self.expr(cond);
                    (Some(self.emit(Op::JumpIfFalse(0), cond.span.start)), None)
                } else {
                    (None, Some(self.emit(Op::Jump(0), off)))
                };
                let top = self.here();
                self.loop_body(body, false, |b| {
                    if let Some(j) = to_test {
                        b.patch(j);
                    }
                    b.expr(cond);
                    b.emit(Op::JumpIfTrue(top), cond.span.start);
                });
                if let Some(x) = exit {
                    self.patch(x);
                }
            }
            StmtKind::DoWhile { body, cond } => {
                let top = self.here();
                self.loop_body(body, false, |b| {
                    b.expr(cond);
                    b.emit(Op::JumpIfTrue(top), cond.span.start);
                });
            }
            StmtKind::Break(label) => self.break_continue(true, label.as_deref(), s),
            StmtKind::Continue(label) => self.break_continue(false, label.as_deref(), s),
            StmtKind::Labeled { label, body } => {
                // Taken by the loop the statement is, when its body opens.
                self.pending_label = Some(label.clone());
                self.stmt(body);
                self.pending_label = None;
            }
            StmtKind::Return(e) => {
                match e {
                    Some(e) => self.expr(e),
                    None => {
                        self.emit(Op::Null, off);
                    }
                }
                // Run enclosing finally blocks and close enclosing captures (`<cfsilent>`,
                // `<cfsavecontent>`: their output is dropped), innermost first; locks are the
                // frame's, released when it ends.
                enum Leave<'s> {
                    Finally(usize, &'s [Stmt]),
                    Capture,
                }
                let leave: Vec<Leave<'a>> = self
                    .ctl
                    .iter()
                    .enumerate()
                    .rev()
                    .filter_map(|(i, c)| match c {
                        Ctl::Finally(f) => Some(Leave::Finally(i, f)),
                        Ctl::Buffer => Some(Leave::Capture),
                        _ => None,
                    })
                    .collect();
                for l in leave {
                    match l {
                        Leave::Finally(at, f) => self.inline_finally(at, f),
                        Leave::Capture => {
                            self.emit(Op::PopBuffer, off);
                            self.emit(Op::Pop, off);
                        }
                    }
                }
                self.emit(Op::Return, off);
            }
            StmtKind::Try {
                body,
                catches,
                finally,
            } => self.try_stmt(body, catches, finally.as_deref(), off),
            StmtKind::Throw { message, attrs } => {
                let mut n = 0;
                if let Some(m) = message {
                    let k = self.str_const("message");
                    self.emit(Op::Const(k), off);
                    self.expr(m);
                    n += 1;
                }
                n += self.attrs_pairs(attrs);
                self.attr_struct(attrs, n, off);
                self.emit(Op::Throw, off);
            }
            StmtKind::Rethrow => {
                self.emit(Op::Rethrow, off);
            }
            StmtKind::Abort { show_error } => match show_error {
                Some(e) => {
                    let k = self.str_const("message");
                    self.emit(Op::Const(k), off);
                    self.expr(e);
                    let k = self.str_const("type");
                    self.emit(Op::Const(k), off);
                    let v = self.str_const("application");
                    self.emit(Op::Const(v), off);
                    self.emit(
                        Op::MakeStruct {
                            n: 2,
                            ordered: true,
                        },
                        off,
                    );
                    self.emit(Op::Throw, off);
                }
                None => {
                    self.emit(Op::Abort, off);
                }
            },
            StmtKind::Include { template } => {
                self.expr(template);
                self.emit(Op::Include, off);
            }
            StmtKind::Param { attrs } => {
                let n = self.attrs_pairs(attrs);
                self.attr_struct(attrs, n, off);
                self.emit(Op::Param, off);
            }
            StmtKind::Function(_) => {} // hoisted
            StmtKind::LoopIndex {
                index,
                from,
                to,
                step,
                body,
            } => {
                let to_slot = self.temp_slot();
                let step_slot = self.temp_slot();
                self.expr(from);
                self.emit(Op::ToNum, off);
                self.store_named_expr(index, off);
                self.emit(Op::Pop, off);
                self.expr(to);
                self.emit(Op::ToNum, off);
                self.emit(Op::StoreSlot(to_slot), off);
                self.emit(Op::Pop, off);
                match step {
                    Some(st) => {
                        self.expr(st);
                        self.emit(Op::ToNum, off);
                    }
                    None => {
                        let one = self.num_const(1.0);
                        self.emit(Op::Const(one), off);
                    }
                }
                self.emit(Op::StoreSlot(step_slot), off);
                self.emit(Op::Pop, off);
                let top = self.here();
                self.load_named_expr(index, off);
                self.emit(Op::LoadSlot(to_slot), off);
                self.emit(Op::LoadSlot(step_slot), off);
                self.emit(Op::LoopCheck, off);
                let exit = self.emit(Op::JumpIfFalse(0), off);
                self.loop_body(body, false, |b| {
                    b.load_named_expr(index, off);
                    b.emit(Op::LoadSlot(step_slot), off);
                    b.emit(Op::Add, off);
                    b.store_named_expr(index, off);
                    b.emit(Op::Pop, off);
                    b.emit(Op::Jump(top), off);
                });
                self.patch(exit);
            }
            StmtKind::LoopTimes { count, body } => {
                let n_slot = self.temp_slot();
                let i_slot = self.temp_slot();
                self.expr(count);
                self.emit(Op::ToNum, off);
                self.emit(Op::StoreSlot(n_slot), off);
                self.emit(Op::Pop, off);
                let one = self.num_const(1.0);
                self.emit(Op::Const(one), off);
                self.emit(Op::StoreSlot(i_slot), off);
                self.emit(Op::Pop, off);
                let top = self.here();
                self.emit(Op::LoadSlot(i_slot), off);
                self.emit(Op::LoadSlot(n_slot), off);
                self.emit(Op::Lte, off);
                let exit = self.emit(Op::JumpIfFalse(0), off);
                self.loop_body(body, false, |b| {
                    b.emit(Op::LoadSlot(i_slot), off);
                    b.emit(Op::Const(one), off);
                    b.emit(Op::Add, off);
                    b.emit(Op::StoreSlot(i_slot), off);
                    b.emit(Op::Pop, off);
                    b.emit(Op::Jump(top), off);
                });
                self.patch(exit);
            }
            StmtKind::LoopArray {
                array,
                item,
                index,
                body,
            } => {
                self.expr(array);
                self.emit(Op::IterInit(IterKind::Array), off);
                let next = self.emit(Op::IterNext(0), off);
                // Lucee: with only `index`, the index variable receives the element.
                match (item, index) {
                    (Some(it), Some(ix)) => {
                        self.store_named_expr(it, off);
                        self.emit(Op::Pop, off);
                        self.emit(Op::IterIndex, off);
                        self.store_named_expr(ix, off);
                    }
                    (Some(v), None) | (None, Some(v)) => self.store_named_expr(v, off),
                    (None, None) => {}
                }
                self.emit(Op::Pop, off);
                self.loop_iter_body(body, next, off);
            }
            StmtKind::LoopList {
                list,
                item,
                delimiters,
                body,
            } => {
                self.expr(list);
                match delimiters {
                    Some(d) => self.expr(d),
                    None => {
                        let c = self.str_const(",");
                        self.emit(Op::Const(c), off);
                    }
                }
                self.emit(Op::IterInit(IterKind::List), off);
                let next = self.emit(Op::IterNext(0), off);
                self.store_named_expr(item, off);
                self.emit(Op::Pop, off);
                self.loop_iter_body(body, next, off);
            }
            StmtKind::LoopCollection {
                collection,
                key,
                value,
                body,
            } => {
                let coll = self.temp_slot();
                self.expr(collection);
                self.emit(Op::StoreSlot(coll), off);
                self.emit(Op::IterInit(IterKind::Collection), off);
                let next = self.emit(Op::IterNext(0), off);
                if let Some(v) = value {
                    // [key] -> value from the collection, key kept.
                    self.emit(Op::Dup, off);
                    self.emit(Op::LoadSlot(coll), off);
                    self.emit(Op::Swap, off);
                    self.emit(Op::GetIndex, off);
                    self.store_named_expr(v, off);
                    self.emit(Op::Pop, off);
                }
                match key {
                    Some(k) => self.store_named_expr(k, off),
                    None => {
                        self.emit(Op::Dup, off);
                    }
                }
                self.emit(Op::Pop, off);
                self.loop_iter_body(body, next, off);
            }
            StmtKind::LoopQuery {
                query,
                start_row,
                end_row,
                group,
                group_case_sensitive,
                body,
            } => {
                let nested = matches!(query.kind, ExprKind::Null);
                if !nested {
                    self.expr(query);
                    for e in [start_row, end_row] {
                        match e {
                            Some(x) => self.expr(x),
                            None => {
                                self.emit(Op::Null, off);
                            }
                        }
                    }
                }
                let kind = match group {
                    Some(g) => {
                        self.expr(g);
                        match group_case_sensitive {
                            Some(c) => self.expr(c),
                            None => {
                                self.emit(Op::True, off);
                            }
                        }
                        if nested {
                            IterKind::QueryGroupNested
                        } else {
                            IterKind::QueryGroup
                        }
                    }
                    None => IterKind::Query,
                };
                self.emit(Op::IterInit(kind), off);
                let next = self.emit(Op::IterNext(0), off);
                self.emit(Op::Pop, off);
                let is_output = nested || self.is_output_tag(s);
                if is_output {
                    self.output_depth += 1;
                    self.emit(Op::EnterOutput, off);
                    self.ctl.push(Ctl::Output);
                }
                let in_group = std::mem::replace(&mut self.in_group, group.is_some());
                self.loop_iter_body(body, next, off);
                self.in_group = in_group;
                if is_output {
                    self.ctl.pop();
                    self.output_depth -= 1;
                    self.emit(Op::LeaveOutput, off);
                }
            }
            StmtKind::SaveContent {
                variable,
                append,
                body,
            } => {
                self.emit(Op::PushBuffer, off);
                self.ctl.push(Ctl::Buffer);
                self.block(body);
                self.ctl.pop();
                self.emit(Op::PopBuffer, off);
                if let Some(a) = append {
                    // append="true": variable = variable & captured.
                    self.expr(a);
                    let plain = self.emit(Op::JumpIfFalse(0), off);
                    self.load_named_expr_or_empty(variable, off);
                    self.emit(Op::Swap, off);
                    self.emit(Op::Concat, off);
                    self.patch(plain);
                }
                self.store_named_expr(variable, off);
                self.emit(Op::Pop, off);
            }
            StmtKind::Silent { body, bufferoutput } => {
                // capture; body; drop the capture. An error in the body writes the capture
                // first (unless `bufferoutput` is false) and propagates.
                self.emit(Op::PushBuffer, off);
                self.ctl.push(Ctl::Buffer);
                let h = self.emit(Op::PushHandler(0), off);
                self.ctl.push(Ctl::Handler);
                self.block(body);
                self.ctl.pop();
                self.emit(Op::PopHandler, off);
                self.ctl.pop();
                self.emit(Op::PopBuffer, off);
                self.emit(Op::Pop, off);
                let j = self.emit(Op::Jump(0), off);
                self.patch(h);
                self.emit(Op::PopBuffer, off);
                match bufferoutput {
                    Some(b) => {
                        self.expr(b);
                        let drop = self.emit(Op::JumpIfFalse(0), off);
                        self.emit(Op::Print, off);
                        let done = self.emit(Op::Jump(0), off);
                        self.patch(drop);
                        self.emit(Op::Pop, off);
                        self.patch(done);
                    }
                    None => {
                        self.emit(Op::Print, off);
                    }
                }
                self.emit(Op::Rethrow, off);
                self.patch(j);
            }
            StmtKind::Setting { attrs } => {
                for a in attrs {
                    if a.name.eq_ignore_ascii_case("enablecfoutputonly") {
                        self.expr(&a.value);
                        self.emit(Op::SetOutputOnly, off);
                    } else if a.name.eq_ignore_ascii_case("requesttimeout") {
                        let k = self.str_const("requesttimeout");
                        self.emit(Op::Const(k), off);
                        self.expr(&a.value);
                        self.tag_call("setting", &[], 1, off);
                    }
                    // showdebugoutput has no meaning without a debugging page.
                }
            }
            StmtKind::Output(body) if self.in_group => {
                // The rows of the current group.
                self.emit(Op::IterInit(IterKind::GroupRows), off);
                let next = self.emit(Op::IterNext(0), off);
                self.emit(Op::Pop, off);
                self.in_group = false;
                self.loop_iter_body(body, next, off);
                self.in_group = true;
            }
            StmtKind::Output(body) => {
                self.output_depth += 1;
                let implicit = std::mem::replace(&mut self.implicit_output, false);
                self.emit(Op::EnterOutput, off);
                self.ctl.push(Ctl::Output);
                self.block(body);
                self.ctl.pop();
                self.emit(Op::LeaveOutput, off);
                self.implicit_output = implicit;
                self.output_depth -= 1;
            }
            StmtKind::Tag { name, attrs, body } => {
                let lname = name.to_ascii_lowercase();
                match (lname.as_str(), body) {
                    // A generic tag (the tag table's `tag` lowering): its attributes as a
                    // struct, run by the VM's tag dispatch.
                    (n, None) if rime_syntax::tag_table::is_generic(n) => {
                        let n = self.attrs_pairs(attrs);
                        self.tag_call(&lname, attrs, n, off);
                    }
                    ("component" | "interface", Some(b)) => {
                        // The body is the pseudo-constructor; its functions were hoisted by
                        // `hoist_functions`, which looks inside component declarations. Its text
                        // is output only inside <cfoutput> unless output="true".
                        let output_true = attrs.iter().any(|a| {
                            a.name.eq_ignore_ascii_case("output")
                                && matches!(&a.value.kind, ExprKind::Bool(true))
                                || matches!(&a.value.kind, ExprKind::Str(v) if a.name.eq_ignore_ascii_case("output") && (v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("yes")))
                        });
                        let saved = self.text_only_in_output;
                        self.text_only_in_output = !output_true;
                        self.block(b);
                        self.text_only_in_output = saved;
                    }
                    // `<cfloop file="…" index="line">`: the VM's `loopfile` tag pushes the
                    // file's lines (or `characters`-sized pieces), looped as an array.
                    ("loop", Some(b))
                        if attrs.iter().any(|a| a.name.eq_ignore_ascii_case("file")) =>
                    {
                        let var = attrs
                            .iter()
                            .find(|a| {
                                a.name.eq_ignore_ascii_case("index")
                                    || a.name.eq_ignore_ascii_case("item")
                            })
                            .map(|a| &a.value);
                        let n = self.attrs_pairs(attrs);
                        self.tag_call("loop", attrs, n, off);
                        self.emit(Op::IterInit(IterKind::Array), off);
                        let next = self.emit(Op::IterNext(0), off);
                        if let Some(v) = var {
                            self.store_named_expr(v, off);
                        }
                        self.emit(Op::Pop, off);
                        self.loop_iter_body(b, next, off);
                    }
                    ("property", None) => {}
                    ("static", Some(b)) if self.is_template => {
                        // Runs once per component, with the static scope as `variables`.
                        let decl = rime_syntax::ast::FuncDecl {
                            name: Some("static".to_string()),
                            params: Vec::new(),
                            body: b.clone(),
                            access: None,
                            return_type: None,
                            attrs: Vec::new(),
                            is_arrow: false,
                            is_static: true,
                            span: s.span,
                        };
                        let idx = self.sub_function(&decl, false);
                        self.static_init = Some(idx);
                    }
                    ("query", Some(b)) => {
                        self.emit(Op::QueryBegin, off);
                        self.ctl.push(Ctl::Buffer);
                        let depth = std::mem::replace(&mut self.output_depth, 1);
                        let implicit = std::mem::replace(&mut self.implicit_output, false);
                        let text_only = std::mem::replace(&mut self.text_only_in_output, false);
                        self.block(b);
                        self.output_depth = depth;
                        self.implicit_output = implicit;
                        self.text_only_in_output = text_only;
                        self.ctl.pop();
                        let n = self.attrs_pairs(attrs);
                        self.attr_struct(attrs, n, off);
                        self.emit(Op::QueryEnd, off);
                    }
                    ("thread", Some(b)) => {
                        // The body becomes a function (`thread_body`: its own local scope,
                        // where its unscoped writes go, and none of the enclosing function's)
                        // that the VM runs on its own thread with the tag's other attributes
                        // as its arguments, which `attributes` in its local scope names too
                        // (as in Lucee); `thread` names the thread's scope unless the caller's
                        // scopes have a variable of that name.
                        let attributes = rime_syntax::ast::Stmt {
                            kind: rime_syntax::ast::StmtKind::Var {
                                name: "attributes".to_string(),
                                init: Some(rime_syntax::ast::Expr::new(
                                    rime_syntax::ast::ExprKind::Ident("arguments".to_string()),
                                    s.span,
                                )),
                            },
                            span: s.span,
                        };
                        let decl = rime_syntax::ast::FuncDecl {
                            name: None,
                            params: Vec::new(),
                            body: std::iter::once(attributes)
                                .chain(b.iter().cloned())
                                .collect(),
                            access: None,
                            return_type: None,
                            attrs: Vec::new(),
                            is_arrow: false,
                            is_static: false,
                            span: s.span,
                        };
                        let n = self.attrs_pairs(attrs);
                        let k = self.str_const("__body");
                        self.emit(Op::Const(k), off);
                        let idx = self.thread_body(&decl);
                        self.emit(Op::Closure(idx), off);
                        self.tag_call("thread", attrs, n + 1, off);
                    }
                    ("timer", Some(b)) => {
                        // start; capture the body's output; the VM writes it with the timing.
                        self.tag_open("timer", off);
                        let k = self.str_const("__content");
                        self.emit(Op::Const(k), off);
                        self.emit(Op::PushBuffer, off);
                        self.ctl.push(Ctl::Buffer);
                        self.block(b);
                        self.ctl.pop();
                        self.emit(Op::PopBuffer, off);
                        let n = self.attrs_pairs(attrs);
                        self.tag_call("timer", attrs, n + 1, off);
                    }
                    // `<cfhtmlhead>`/`<cfhtmlbody>`: the body, when there is one, is the text.
                    ("htmlhead" | "htmlbody", body) => {
                        self.tag_with_body(&lname, attrs, body.as_deref(), off)
                    }
                    ("stopwatch", body) => {
                        // start the clock; the body runs as usual; the VM sets the variable.
                        self.tag_open("stopwatch", off);
                        if let Some(b) = body {
                            self.block(b);
                        }
                        let n = self.attrs_pairs(attrs);
                        self.tag_call("stopwatch", attrs, n, off);
                    }
                    ("lock", Some(b)) => {
                        // acquire; body; release — an error releases and propagates.
                        let n = self.attrs_pairs(attrs);
                        self.attr_struct(attrs, n, off);
                        self.emit(Op::LockEnter, off);
                        let h = self.emit(Op::PushHandler(0), off);
                        self.ctl.push(Ctl::Handler);
                        self.ctl.push(Ctl::Lock);
                        self.block(b);
                        self.ctl.pop();
                        self.ctl.pop();
                        self.emit(Op::PopHandler, off);
                        self.emit(Op::LockExit, off);
                        let j = self.emit(Op::Jump(0), off);
                        self.patch(h);
                        self.emit(Op::LockExit, off);
                        self.emit(Op::Rethrow, off);
                        self.patch(j);
                    }
                    ("transaction", Some(b)) => {
                        // begin; body; commit — an error rolls back and propagates.
                        let n = self.attrs_pairs(attrs);
                        self.attr_struct(attrs, n, off);
                        self.emit(Op::TxBegin, off);
                        let h = self.emit(Op::PushHandler(0), off);
                        self.ctl.push(Ctl::Handler);
                        self.block(b);
                        self.ctl.pop();
                        self.emit(Op::PopHandler, off);
                        self.emit(Op::TxEnd(true), off);
                        let j = self.emit(Op::Jump(0), off);
                        self.patch(h);
                        self.emit(Op::TxEnd(false), off);
                        self.emit(Op::Rethrow, off);
                        self.patch(j);
                    }
                    ("http" | "storedproc", body) => {
                        // Parameters from the body's `<cfhttpparam>`s (`<cfprocparam>`s and
                        // `<cfprocresult>`s), then the request (the call).
                        self.tag_open(&lname, off);
                        if let Some(b) = body {
                            self.block(b);
                        }
                        let n = self.attrs_pairs(attrs);
                        self.tag_call(&lname, attrs, n, off);
                    }
                    ("mail", body) => self.mail_tag(attrs, body.as_deref(), off),
                    // `<form ...>` (written by the VM), the body, `</form>`.
                    ("form", body) => {
                        let n = self.attrs_pairs(attrs);
                        self.tag_call("form", attrs, n, off);
                        if let Some(b) = body {
                            self.block(b);
                        }
                        let c = self.str_const("</form>");
                        if self.output_depth > 0 {
                            self.emit(Op::Text(c), off);
                        } else {
                            self.emit(Op::TextOutsideOutput(c), off);
                        }
                    }
                    ("mailpart" | "execute" | "xml", body) => {
                        self.tag_with_body(&lname, attrs, body.as_deref(), off)
                    }
                    ("invoke", body) => {
                        // Start an argument collection; `<cfinvokeargument>`s in the body add
                        // to it; the call happens at the end.
                        self.tag_open("invoke", off);
                        if let Some(b) = body {
                            self.block(b);
                        }
                        let n = self.attrs_pairs(attrs);
                        self.tag_call("invoke", attrs, n, off);
                    }
                    ("import", None) => {} // resolved at compile time (collect_imports)
                    (n, body) if n.starts_with('_') || n == "module" || n.contains(':') => {
                        let mut n = self.attrs_pairs(attrs);
                        if let Some((prefix, _)) = lname.split_once(':') {
                            let Some(lib) = self
                                .imports
                                .iter()
                                .find(|(p, _)| p == prefix)
                                .map(|(_, l)| l.clone())
                            else {
                                self.error(
                                    format!("no <cfimport> for the prefix [{prefix}]"),
                                    s.span,
                                );
                                return;
                            };
                            let k = self.str_const("__taglib");
                            self.emit(Op::Const(k), off);
                            let v = self.str_const(&lib);
                            self.emit(Op::Const(v), off);
                            n += 1;
                        }
                        self.emit(Op::MakeStruct { n, ordered: true }, off);
                        let c = self.str_const(&lname);
                        let start = self.emit(
                            Op::CustomTagStart {
                                name: c,
                                has_body: body.is_some(),
                                end: 0,
                            },
                            off,
                        );
                        let body_start = self.here();
                        if let Some(b) = body {
                            self.ctl.push(Ctl::Buffer);
                            self.block(b);
                            self.ctl.pop();
                            self.emit(Op::CustomTagEnd { body: body_start }, off);
                        }
                        self.patch(start);
                    }
                    ("processingdirective", _) => {
                        if let Some(b) = body {
                            self.block(b);
                        }
                    }
                    _ => self.error(
                        format!("The tag [cf{lname}] is not supported by Rime yet"),
                        s.span,
                    ),
                }
            }
            StmtKind::Error => {}
        }
    }

    /// Text of an `output="true"` function: `#expr#` interpolates, `##` is a `#`. The text is
    /// parsed as the body of a string literal.
    fn interpolated_text(&mut self, t: &str, off: u32) {
        let literal = format!("\"{}\"", t.replace('"', "\"\""));
        let (e, diags) = rime_syntax::parse_expression(&literal);
        if let Some(d) = diags.first() {
            self.error(
                format!("invalid expression in output: {}", d.message),
                rime_syntax::Span::new(off as usize, off as usize + t.len()),
            );
            return;
        }
        let mut e = e;
        e.span = rime_syntax::Span::new(off as usize, off as usize + t.len());
        self.expr(&e);
        self.emit(Op::Print, off);
    }

    /// An expression evaluated for its effect. Assignments to slots and `i++`-style updates get
    /// single instructions; anything else is evaluated and popped.
    pub(crate) fn expr_stmt(&mut self, e: &Expr) {
        let off = e.span.start;
        match &e.kind {
            ExprKind::Assign {
                target,
                op: None,
                value,
            } => {
                if let Some(slot) = self.plain_slot(target) {
                    self.expr(value);
                    self.emit(Op::SetSlot(slot), off);
                    return;
                }
            }
            ExprKind::IncDec {
                target, increment, ..
            } => {
                if let Some(slot) = self.plain_slot(target) {
                    let c = self.num_const(if *increment { 1.0 } else { -1.0 });
                    self.emit(Op::AddSlotConst(slot, c), off);
                    return;
                }
                // The value is dropped: `x++` as a statement stores exactly what `++x` does,
                // without keeping the old value.
                self.inc_dec(target, true, *increment, off);
                self.emit(Op::Pop, off);
                return;
            }
            ExprKind::Assign {
                target,
                op: Some(op),
                value,
            } => {
                if let Some(slot) = self.plain_slot(target) {
                    if let (BinOp::Add | BinOp::Sub, ExprKind::Num(n)) = (op, &value.kind) {
                        let c = self.num_const(if *op == BinOp::Add { *n } else { -n });
                        self.emit(Op::AddSlotConst(slot, c), off);
                        return;
                    }
                    if let Some(arith) = arith_of(*op).filter(|_| cannot_write_slots(value)) {
                        // Reading the slot after the value is the same as before it, as
                        // nothing in the value can change the slot.
                        self.expr(value);
                        self.emit(Op::ArithToSlot { op: arith, slot }, off);
                        return;
                    }
                    self.emit(Op::LoadSlot(slot), off);
                    self.expr(value);
                    self.emit(Self::binop(*op), off);
                    self.emit(Op::SetSlot(slot), off);
                    return;
                }
            }
            _ => {}
        }
        self.expr(e);
        self.emit(Op::Pop, off);
    }

    /// Whether a `LoopQuery` statement came from `<cfoutput query=...>`.
    fn is_output_tag(&self, s: &Stmt) -> bool {
        let text = self.source.text.as_bytes();
        let start = s.span.start as usize;
        text.get(start..start + 9)
            .is_some_and(|t| t.eq_ignore_ascii_case(b"<cfoutput"))
    }

    /// Push `name, value` constant/expression pairs for attributes; returns how many.
    /// Call the VM's handler of tag `name` with the `n` name/value pairs on the stack (as an
    /// ordered struct, so the handler sees the attributes in source order).
    pub(super) fn tag_call(&mut self, name: &str, attrs: &[Attr], n: u32, off: u32) {
        self.attr_struct(attrs, n, off);
        self.emit(Op::Tag(tag_id(name)), off);
    }

    /// The struct of a tag's `n` name/value pairs on the stack (ordered, so the handler sees the
    /// attributes in source order), with `attributeCollection` merged in when `attrs` has it:
    /// every tag takes one, and a tag without one pays nothing for it.
    pub(super) fn attr_struct(&mut self, attrs: &[Attr], n: u32, off: u32) {
        self.emit(Op::MakeStruct { n, ordered: true }, off);
        if attrs
            .iter()
            .any(|a| a.name.eq_ignore_ascii_case("attributecollection"))
        {
            self.emit(Op::MergeAttributes, off);
        }
    }

    /// Open tag `name`'s gathering for its body (see `Op::TagOpen`).
    pub(super) fn tag_open(&mut self, name: &str, off: u32) {
        self.emit(Op::TagOpen(tag_id(name)), off);
    }

    pub(crate) fn attrs_pairs(&mut self, attrs: &'a [Attr]) -> u32 {
        for a in attrs {
            let k = self.str_const(&a.name.to_ascii_lowercase());
            self.emit(Op::Const(k), a.span.start);
            self.expr(&a.value);
        }
        attrs.len() as u32
    }

    /// A loop body with break/continue targets; `tail` emits the continue path (step + jump).
    fn loop_body(&mut self, body: &'a [Stmt], iter: bool, tail: impl FnOnce(&mut Self)) {
        self.ctl.push(Ctl::Loop {
            breaks: Vec::new(),
            continues: Vec::new(),
            iter,
            label: self.pending_label.take(),
        });
        self.block(body);
        let cont = self.here();
        let ctl = self.ctl.pop();
        tail(self);
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
    }

    /// The body of an iterator loop whose `IterNext` is at `next`.
    fn loop_iter_body(&mut self, body: &'a [Stmt], next: usize, off: u32) {
        self.loop_body(body, true, |b| {
            b.emit(Op::Jump(next as u32), off);
        });
        self.patch(next);
    }

    fn break_continue(&mut self, is_break: bool, label: Option<&str>, s: &Stmt) {
        let off = s.span.start;
        // Unwind the constructs between here and the loop.
        let mut unwind = Vec::new();
        let mut target = None;
        for (i, c) in self.ctl.iter().enumerate().rev() {
            match (c, label) {
                (Ctl::Loop { label: Some(l), .. }, Some(want)) if l.eq_ignore_ascii_case(want) => {
                    target = Some(i);
                    break;
                }
                // Looking for a labelled loop: the loops and switches on the way are left too.
                (Ctl::Loop { .. } | Ctl::Switch { .. }, Some(_)) => unwind.push(i),
                (Ctl::Loop { .. }, None) => {
                    target = Some(i);
                    break;
                }
                (Ctl::Switch { .. }, None) if is_break => {
                    target = Some(i);
                    break;
                }
                _ => unwind.push(i),
            }
        }
        let Some(t) = target else {
            let word = if is_break { "break" } else { "continue" };
            self.error(
                match label {
                    Some(l) => format!("{word} {l}: no enclosing loop is labelled [{l}]"),
                    None => format!("{word} used outside of a loop"),
                },
                s.span,
            );
            return;
        };
        for i in unwind {
            let op = match self.ctl.get(i) {
                // An inner loop left for an outer one drops its iterator.
                Some(Ctl::Loop { iter: true, .. }) => Some(Op::IterPop),
                Some(Ctl::Handler) => Some(Op::PopHandler),
                Some(Ctl::Catch) => Some(Op::EndCatch),
                Some(Ctl::Output) => Some(Op::LeaveOutput),
                Some(Ctl::Lock) => Some(Op::LockExit),
                Some(Ctl::Buffer) => {
                    self.emit(Op::PopBuffer, off);
                    Some(Op::Pop)
                }
                Some(Ctl::Finally(f)) => {
                    let f: &'a [Stmt] = f;
                    self.inline_finally(i, f);
                    None
                }
                _ => None,
            };
            if let Some(op) = op {
                self.emit(op, off);
            }
        }
        if is_break {
            if let Some(Ctl::Loop { iter: true, .. }) = self.ctl.get(t) {
                self.emit(Op::IterPop, off);
            }
        }
        let j = self.emit(Op::Jump(0), off);
        match self.ctl.get_mut(t) {
            Some(Ctl::Loop {
                breaks, continues, ..
            }) => {
                if is_break {
                    breaks.push(j)
                } else {
                    continues.push(j)
                }
            }
            Some(Ctl::Switch { breaks }) => breaks.push(j),
            _ => {}
        }
    }

    /// Compile a `finally` body where a `return`, `break` or `continue` leaves its `try`: in
    /// the context outside that `try` (the control stack below `at`, where its `Finally` is), so
    /// a `return` inside the finally body runs only the outer finally blocks, not this one
    /// again (which recursed without end: `try { return 1; } finally { return 2; }`).
    fn inline_finally(&mut self, at: usize, f: &'a [Stmt]) {
        let inner = self.ctl.split_off(at);
        self.block(f);
        self.ctl.extend(inner);
    }

    fn try_stmt(
        &mut self,
        body: &'a [Stmt],
        catches: &'a [rime_syntax::ast::Catch],
        finally: Option<&'a [Stmt]>,
        off: u32,
    ) {
        if let Some(f) = finally {
            self.ctl.push(Ctl::Finally(f));
        }
        let handler = self.emit(Op::PushHandler(0), off);
        self.ctl.push(Ctl::Handler);
        self.block(body);
        self.ctl.pop();
        self.emit(Op::PopHandler, off);
        if let Some(f) = finally {
            self.ctl.pop();
            self.block(f);
            self.ctl.push(Ctl::Finally(f));
        }
        let mut ends = vec![self.emit(Op::Jump(0), off)];
        self.patch(handler);
        // Errors raised inside catch blocks must still run the finally block.
        let fin_handler = finally.map(|_| {
            let h = self.emit(Op::PushHandler(0), off);
            self.ctl.push(Ctl::Handler);
            h
        });
        for c in catches {
            let coff = c.span.start;
            let t = self.str_const(&c.type_name);
            self.emit(Op::CatchMatches(t), coff);
            let next = self.emit(Op::JumpIfFalse(0), coff);
            self.emit(Op::CatchValue, coff);
            self.store_var_or_name(&c.var, coff);
            self.emit(Op::Pop, coff);
            self.ctl.push(Ctl::Catch);
            self.block(&c.body);
            self.ctl.pop();
            self.emit(Op::EndCatch, coff);
            if let Some(f) = finally {
                self.ctl.pop(); // the finally handler
                self.emit(Op::PopHandler, coff);
                self.ctl.pop(); // Finally
                self.block(f);
                self.ctl.push(Ctl::Finally(f));
                self.ctl.push(Ctl::Handler);
            }
            ends.push(self.emit(Op::Jump(0), coff));
            self.patch(next);
        }
        // No catch matched: run finally and rethrow.
        if let Some(f) = finally {
            self.ctl.pop(); // handler
            self.emit(Op::PopHandler, off);
            self.ctl.pop(); // Finally
            self.block(f);
            self.emit(Op::Rethrow, off);
            if let Some(h) = fin_handler {
                self.patch(h);
            }
            // An error inside a catch block: run finally, then rethrow it.
            self.block(f);
            self.emit(Op::Rethrow, off);
        } else {
            self.emit(Op::Rethrow, off);
        }
        for e in ends {
            self.patch(e);
        }
    }

    /// Store the value on the stack into a `var`-declared name.
    fn store_var(&mut self, name: &str, off: u32) {
        if self.in_function() {
            if let Some(slot) = self.slot_of(name) {
                self.emit(Op::StoreSlot(slot), off);
            } else {
                let n = self.name(name);
                self.emit(Op::DeclareLocal(n), off);
            }
        } else {
            let n = self.name(name);
            self.emit(Op::StoreName(n), off);
        }
    }

    /// A catch variable: local to a function, else unscoped.
    fn store_var_or_name(&mut self, name: &str, off: u32) {
        if name.contains('.') {
            // `catch (any variables.lastError)`: stored where the path says.
            let (target, diags) = rime_syntax::parse_expression(name);
            if diags.is_empty() {
                self.store_to(&target);
                return;
            }
        }
        if self.in_function() && !self.dynamic {
            let slot = self.declare_slot(name);
            self.emit(Op::StoreSlot(slot), off);
        } else if self.in_function() {
            let n = self.name(name);
            self.emit(Op::DeclareLocal(n), off);
        } else {
            let n = self.name(name);
            self.emit(Op::StoreName(n), off);
        }
    }

    /// Tag attributes that name a variable (`index="i"`, `variable="out"`): a string literal is
    /// parsed as a variable path; any other expression must yield the name at run time.
    fn named_target(&self, e: &Expr) -> Option<Expr> {
        match &e.kind {
            ExprKind::Str(s) => {
                let (parsed, diags) = rime_syntax::parse_expression(s);
                if diags.is_empty()
                    && matches!(
                        parsed.kind,
                        ExprKind::Ident(_) | ExprKind::Member { .. } | ExprKind::Index { .. }
                    )
                {
                    Some(shift_spans(parsed, e.span.start))
                } else {
                    None
                }
            }
            ExprKind::Ident(_) | ExprKind::Member { .. } | ExprKind::Index { .. } => {
                Some(e.clone())
            }
            _ => None,
        }
    }

    pub(crate) fn store_named_expr(&mut self, e: &Expr, off: u32) {
        match self.named_target(e) {
            Some(t) => self.store_to(&t),
            None => self.error("expected a variable name", e.span),
        }
        let _ = off;
    }

    fn load_named_expr(&mut self, e: &Expr, off: u32) {
        match self.named_target(e) {
            Some(t) => self.expr(&t),
            None => {
                self.error("expected a variable name", e.span);
                self.emit(Op::Null, off);
            }
        }
    }

    fn load_named_expr_or_empty(&mut self, e: &Expr, off: u32) {
        match self.named_target(e) {
            Some(t) => {
                self.expr_or_null(&t);
                let c = self.str_const("");
                let j = self.emit(Op::JumpIfNotNull(0), off);
                self.emit(Op::Pop, off);
                self.emit(Op::Const(c), off);
                self.patch(j);
            }
            None => {
                self.emit(Op::Null, off);
            }
        }
    }
}

/// Move spans of an expression parsed from an attribute string to the attribute's position.
fn shift_spans(mut e: Expr, base: u32) -> Expr {
    e.span.start += base;
    e.span.end += base;
    e
}

/// The fused operator for a compound assignment's operator.
fn arith_of(op: BinOp) -> Option<Arith> {
    Some(match op {
        BinOp::Add => Arith::Add,
        BinOp::Sub => Arith::Sub,
        BinOp::Mul => Arith::Mul,
        BinOp::Div => Arith::Div,
        BinOp::IntDiv => Arith::IntDiv,
        BinOp::Pow => Arith::Pow,
        BinOp::Mod => Arith::Mod,
        BinOp::Concat => Arith::Concat,
        _ => return None,
    })
}

/// Whether a loop test may be compiled twice: it declares no function (which would be compiled
/// twice) and assigns nothing (whose errors would be reported twice).
fn duplicable(e: &Expr) -> bool {
    let mut ok = true;
    super::scan::visit_expr(e, false, &mut |x, _| {
        if matches!(
            x.kind,
            ExprKind::Assign { .. }
                | ExprKind::IncDec { .. }
                | ExprKind::Function(_)
                | ExprKind::Listen { .. }
        ) {
            ok = false;
        }
    });
    ok
}

/// Whether evaluating `e` can never change a slot of the running function: it assigns nothing
/// and calls nothing (a builtin such as `setVariable` writes the caller's slots).
fn cannot_write_slots(e: &Expr) -> bool {
    let mut ok = true;
    super::scan::visit_expr(e, false, &mut |x, _| {
        if matches!(
            x.kind,
            ExprKind::Assign { .. }
                | ExprKind::IncDec { .. }
                | ExprKind::Call { .. }
                | ExprKind::New { .. }
                | ExprKind::Function(_)
                | ExprKind::Listen { .. }
                | ExprKind::StaticAccess { .. }
                | ExprKind::StaticScope { .. }
        ) {
            ok = false;
        }
    });
    ok
}

/// A tag's index in the tag table; the compiler names only tags the table has (a name it
/// lacks gives an index `FuncProto::verify` rejects and the VM reports as unsupported).
fn tag_id(name: &str) -> u32 {
    rime_syntax::tag_table::index(name).map_or(u32::MAX, |i| i as u32)
}
