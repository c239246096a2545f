//! Expressions: literals, names and scopes, member access, calls, operators, assignment.

use super::{upper_key, FnBuilder};
use rime_bytecode::opcode::{Op, ScopeId};
use rime_syntax::ast::{Arg, BinOp, Expr, ExprKind, StrPart, UnaryOp};

/// Scopes an unscoped identifier can name in the current function.
fn scope_of(b: &FnBuilder<'_, '_>, name: &str) -> Option<ScopeId> {
    let s = ScopeId::from_name(name)?;
    match s {
        // `local` and `arguments` are ordinary names outside functions.
        ScopeId::Local | ScopeId::Arguments | ScopeId::Super if !b.in_function() => None,
        ScopeId::Static if !b.in_function() && !b.text_only_in_output => None,
        _ => Some(s),
    }
}

impl<'d, 'a> FnBuilder<'d, 'a> {
    /// Compile an expression leaving its value on the stack.
    pub(crate) fn expr(&mut self, e: &Expr) {
        let off = e.span.start;
        match &e.kind {
            ExprKind::Null => {
                self.emit(Op::Null, off);
            }
            ExprKind::Bool(true) => {
                self.emit(Op::True, off);
            }
            ExprKind::Bool(false) => {
                self.emit(Op::False, off);
            }
            ExprKind::Num(n) => {
                let c = self.num_const(*n);
                self.emit(Op::Const(c), off);
            }
            ExprKind::Str(s) => {
                let c = self.str_const(s);
                self.emit(Op::Const(c), off);
            }
            ExprKind::Interp(parts) => {
                let mut first = true;
                for p in parts {
                    match p {
                        StrPart::Lit(s) => {
                            let c = self.str_const(s);
                            self.emit(Op::Const(c), off);
                        }
                        StrPart::Expr(x) => {
                            if first {
                                // `"#x#"` is a string: concatenate onto "".
                                let c = self.str_const("");
                                self.emit(Op::Const(c), off);
                                self.expr(x);
                                self.emit(Op::Concat, x.span.start);
                                first = false;
                                continue;
                            }
                            self.expr(x);
                        }
                    }
                    if !first {
                        self.emit(Op::Concat, off);
                    }
                    first = false;
                }
                if first {
                    let c = self.str_const("");
                    self.emit(Op::Const(c), off);
                }
            }
            ExprKind::Ident(name) => self.load_ident(name, off, false),
            ExprKind::Member { obj, name, safe } => {
                if let Some(slot) = self.scoped_slot(obj, name) {
                    self.emit(Op::LoadSlot(slot), off);
                    return;
                }
                if *safe {
                    self.expr_or_null(obj);
                    let j = self.emit(Op::JumpIfNull(0), off);
                    let n = self.name(name);
                    self.emit(Op::GetMemberOrNull(n), off);
                    self.patch(j);
                } else {
                    self.expr(obj);
                    let n = self.name(name);
                    self.emit(Op::GetMember(n), off);
                }
            }
            ExprKind::Index {
                obj,
                index,
                safe: false,
            } if matches!(
                &obj.kind,
                ExprKind::Member { safe: false, .. } | ExprKind::Index { safe: false, .. }
            ) && !self.is_scope_member(obj) =>
            {
                // `q.col[n]` / `q["col"][n]`: a query cell by row when the base is a query.
                match &obj.kind {
                    ExprKind::Member {
                        obj: base, name, ..
                    } => {
                        self.expr(base);
                        self.expr(index);
                        let n = self.name(name);
                        self.emit(Op::GetMemberIndex(n), off);
                    }
                    ExprKind::Index {
                        obj: base,
                        index: key,
                        ..
                    } => {
                        self.expr(base);
                        self.expr(key);
                        self.expr(index);
                        self.emit(Op::GetIndexIndex, off);
                    }
                    _ => {}
                }
            }
            ExprKind::Index { obj, index, safe } => {
                if *safe {
                    self.expr_or_null(obj);
                    let j = self.emit(Op::JumpIfNull(0), off);
                    self.expr(index);
                    self.emit(Op::GetIndexOrNull, off);
                    self.patch(j);
                } else {
                    self.expr(obj);
                    self.expr(index);
                    self.emit(Op::GetIndex, off);
                }
            }
            ExprKind::Call { callee, args } => self.call(callee, args, off),
            ExprKind::StaticAccess { class, name } => {
                let c = self.str_const(class);
                self.emit(Op::Const(c), off);
                self.emit(Op::LoadStatic, off);
                let n = self.name(name);
                self.emit(Op::GetMember(n), off);
            }
            ExprKind::StaticScope { class } => {
                let c = self.str_const(class);
                self.emit(Op::Const(c), off);
                self.emit(Op::LoadStatic, off);
            }
            ExprKind::NewComponent { decl } => {
                let idx = self.inline_component(decl);
                self.emit(Op::NewComponent(idx), off);
            }
            ExprKind::New { class, args } => {
                self.expr(class);
                let names = self.args(args);
                self.emit(
                    Op::New {
                        argc: args.len() as u16,
                        names,
                    },
                    off,
                );
            }
            ExprKind::Unary { op, expr } => {
                if let (UnaryOp::Neg, ExprKind::Num(n)) = (op, &expr.kind) {
                    let c = self.num_const(-n);
                    self.emit(Op::Const(c), off);
                    return;
                }
                self.expr(expr);
                self.emit(
                    match op {
                        UnaryOp::Neg => Op::Neg,
                        UnaryOp::Plus => Op::ToNum,
                        UnaryOp::Not => Op::Not,
                    },
                    off,
                );
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, off),
            ExprKind::Ternary { cond, then, else_ } => {
                self.expr(cond);
                let jf = self.emit(Op::JumpIfFalse(0), off);
                self.expr(then);
                let j = self.emit(Op::Jump(0), off);
                self.patch(jf);
                self.expr(else_);
                self.patch(j);
            }
            ExprKind::Elvis { lhs, rhs } => {
                self.expr_or_null(lhs);
                let j = self.emit(Op::JumpIfNotNull(0), off);
                self.emit(Op::Pop, off);
                self.expr(rhs);
                self.patch(j);
            }
            ExprKind::Assign { target, op, value } => match op {
                None => {
                    self.expr(value);
                    self.store_to(target);
                }
                Some(op) => self.compound_assign(target, *op, value, off),
            },
            ExprKind::IncDec {
                target,
                prefix,
                increment,
            } => self.inc_dec(target, *prefix, *increment, off),
            ExprKind::Array(items) => {
                for i in items {
                    self.expr(i);
                }
                self.emit(Op::MakeArray(items.len() as u32), off);
            }
            ExprKind::Struct { ordered, entries } => {
                for (k, v) in entries {
                    match &k.kind {
                        ExprKind::Str(s) if !self.is_quoted(k.span) => {
                            let c = self.str_const(&s.to_uppercase());
                            self.emit(Op::Const(c), k.span.start);
                        }
                        ExprKind::Ident(s) => {
                            let c = self.str_const(&s.to_uppercase());
                            self.emit(Op::Const(c), k.span.start);
                        }
                        _ => self.expr(k),
                    }
                    self.expr(v);
                }
                self.emit(
                    Op::MakeStruct {
                        n: entries.len() as u32,
                        ordered: *ordered,
                    },
                    off,
                );
            }
            ExprKind::Function(decl) => {
                let idx = self.sub_function(decl, true);
                self.emit(Op::Closure(idx), off);
            }
            ExprKind::Listen { call, listener } => {
                // The call as the body of a closure the thread runs; the listener here. In a
                // function, `local.x`/`arguments.x` in the call are the caller's: unscoped,
                // they find its scopes through the closure's captured ones.
                let mut call = (**call).clone();
                if !self.is_template {
                    unscope_locals(&mut call);
                }
                let body = vec![rime_syntax::ast::Stmt {
                    kind: rime_syntax::ast::StmtKind::Return(Some(call)),
                    span: e.span,
                }];
                let decl = rime_syntax::ast::FuncDecl {
                    name: None,
                    params: Vec::new(),
                    body,
                    access: None,
                    return_type: None,
                    attrs: Vec::new(),
                    is_arrow: false,
                    is_static: false,
                    span: e.span,
                };
                let idx = self.sub_function(&decl, true);
                self.emit(Op::Closure(idx), off);
                self.expr(listener);
                self.emit(Op::Listen, off);
            }
            ExprKind::Error => {
                self.emit(Op::Null, off);
            }
        }
    }

    /// Compile an expression whose undefined variables or missing keys give null instead of an
    /// error (the left side of `?:`, `?.`, the argument of `isNull`).
    pub(crate) fn expr_or_null(&mut self, e: &Expr) {
        let off = e.span.start;
        match &e.kind {
            ExprKind::Ident(name) => self.load_ident(name, off, true),
            ExprKind::Member { obj, name, .. } => {
                if let Some(slot) = self.scoped_slot(obj, name) {
                    self.emit(Op::LoadSlotOrNull(slot), off);
                    return;
                }
                self.expr_or_null(obj);
                let j = self.emit(Op::JumpIfNull(0), off);
                let n = self.name(name);
                self.emit(Op::GetMemberOrNull(n), off);
                self.patch(j);
            }
            ExprKind::Index { obj, index, .. } => {
                self.expr_or_null(obj);
                let j = self.emit(Op::JumpIfNull(0), off);
                self.expr(index);
                self.emit(Op::GetIndexOrNull, off);
                self.patch(j);
            }
            _ => self.expr(e),
        }
    }

    fn load_ident(&mut self, name: &str, off: u32, or_null: bool) {
        if let Some(scope) = scope_of(self, name) {
            self.emit(Op::LoadScope(scope), off);
        } else if let Some(slot) = self.slot_of(name) {
            self.emit(
                if or_null {
                    Op::LoadSlotOrNull(slot)
                } else {
                    Op::LoadSlot(slot)
                },
                off,
            );
        } else {
            let n = self.name(name);
            self.emit(
                if or_null {
                    Op::LoadNameOrNull(n)
                } else {
                    Op::LoadName(n)
                },
                off,
            );
        }
    }

    /// The slot of an assignment target that is a plain local (`x`, `local.x`, `arguments.x`).
    pub(crate) fn plain_slot(&self, target: &Expr) -> Option<u16> {
        match &target.kind {
            ExprKind::Ident(name) if scope_of(self, name).is_none() => self.slot_of(name),
            ExprKind::Member { obj, name, .. } => self.scoped_slot(obj, name),
            _ => None,
        }
    }

    /// Whether `e` is `local.x`/`arguments.x` resolved to a slot (not a member access at run time).
    fn is_scope_member(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Member { obj, name, .. } => self.scoped_slot(obj, name).is_some(),
            _ => false,
        }
    }

    /// `local.x` / `arguments.x` that resolve to a slot in slot mode.
    fn scoped_slot(&self, obj: &Expr, name: &str) -> Option<u16> {
        if self.dynamic || !self.in_function() {
            return None;
        }
        if let ExprKind::Ident(s) = &obj.kind {
            if s.eq_ignore_ascii_case("local") {
                return self.slot_of(name);
            }
            if s.eq_ignore_ascii_case("arguments") {
                return self.slot_of(name).filter(|i| (*i as usize) < self.params);
            }
        }
        None
    }

    /// Compile an lvalue prefix for writing: missing intermediate structs are created.
    fn expr_for_write(&mut self, e: &Expr) {
        let off = e.span.start;
        match &e.kind {
            ExprKind::Ident(name) => {
                if let Some(scope) = scope_of(self, name) {
                    self.emit(Op::LoadScope(scope), off);
                } else if let Some(slot) = self.slot_of(name) {
                    self.emit(Op::LoadSlotForWrite(slot), off);
                } else {
                    let n = self.name(name);
                    self.emit(Op::LoadNameForWrite(n), off);
                }
            }
            ExprKind::Member { obj, name, .. } => {
                if let Some(slot) = self.scoped_slot(obj, name) {
                    self.emit(Op::LoadSlotForWrite(slot), off);
                    return;
                }
                self.expr_for_write(obj);
                let n = self.name(name);
                self.emit(Op::GetMemberForWrite(n), off);
            }
            ExprKind::Index { obj, index, .. } => {
                self.expr_for_write(obj);
                self.expr(index);
                self.emit(Op::GetIndexForWrite, off);
            }
            _ => self.expr(e),
        }
    }

    /// Store the value on top of the stack into `target`, leaving the value.
    pub(crate) fn store_to(&mut self, target: &Expr) {
        let off = target.span.start;
        match &target.kind {
            ExprKind::Ident(name) => {
                if let Some(s @ (ScopeId::Arguments | ScopeId::Local)) = scope_of(self, name) {
                    // The function is in dynamic-scope mode (it names the scope as a value).
                    self.emit(Op::SetScope(s), off);
                } else if scope_of(self, name).is_some() {
                    self.error(format!("can't assign to the scope [{name}]"), target.span);
                } else if let Some(slot) = self.slot_of(name) {
                    self.emit(Op::StoreSlot(slot), off);
                } else {
                    let n = self.name(name);
                    self.emit(Op::StoreName(n), off);
                }
            }
            ExprKind::Member { obj, name, .. } => {
                if let Some(slot) = self.scoped_slot(obj, name) {
                    self.emit(Op::StoreSlot(slot), off);
                    return;
                }
                if self.in_function() && self.dynamic {
                    if let ExprKind::Ident(s) = &obj.kind {
                        if s.eq_ignore_ascii_case("local") {
                            let n = self.name(name);
                            self.emit(Op::DeclareLocal(n), off);
                            return;
                        }
                    }
                }
                // [v] -> [obj v] -> SetMember
                self.expr_for_write(obj);
                self.emit(Op::Swap, off);
                let n = self.name(name);
                self.emit(Op::SetMember(n), off);
            }
            ExprKind::Index { obj, index, .. } => {
                // [v] -> [obj idx v]: keep v in a temp while the target is evaluated.
                let tmp = self.temp_slot();
                self.emit(Op::StoreSlot(tmp), off);
                self.emit(Op::Pop, off);
                self.expr_for_write(obj);
                self.expr(index);
                // The value may be null (`s[k] = f()` of a function that returns nothing).
                self.emit(Op::LoadSlotOrNull(tmp), off);
                self.emit(Op::SetIndex, off);
            }
            ExprKind::StaticAccess { class, name } => {
                let c = self.str_const(class);
                self.emit(Op::Const(c), off);
                self.emit(Op::LoadStatic, off);
                self.emit(Op::Swap, off);
                let n = self.name(name);
                self.emit(Op::SetMember(n), off);
            }
            // `"x#i#" = v`: a variable named at run time, as setVariable does.
            ExprKind::Str(_) | ExprKind::Interp(_) => {
                self.expr(target);
                self.emit(Op::Swap, off);
                let n = self.name_exact("setVariable");
                self.emit(
                    Op::CallName {
                        name: n,
                        argc: 2,
                        names: u32::MAX,
                    },
                    off,
                );
            }
            _ => self.error("invalid assignment target", target.span),
        }
    }

    pub(crate) fn binop(op: BinOp) -> Op {
        match op {
            BinOp::Add => Op::Add,
            BinOp::Sub => Op::Sub,
            BinOp::Mul => Op::Mul,
            BinOp::Div => Op::Div,
            BinOp::IntDiv => Op::IntDiv,
            BinOp::Pow => Op::Pow,
            BinOp::Mod => Op::Mod,
            BinOp::Concat => Op::Concat,
            BinOp::Eq => Op::Eq,
            BinOp::Neq => Op::Neq,
            BinOp::Lt => Op::Lt,
            BinOp::Lte => Op::Lte,
            BinOp::Gt => Op::Gt,
            BinOp::Gte => Op::Gte,
            BinOp::StrictEq => Op::StrictEq,
            BinOp::StrictNeq => Op::StrictNeq,
            BinOp::Contains => Op::Contains,
            BinOp::NotContains => Op::NotContains,
            BinOp::Xor => Op::Xor,
            BinOp::Eqv => Op::Eqv,
            BinOp::Imp => Op::Imp,
            // Short-circuit operators are compiled with jumps.
            BinOp::And | BinOp::Or => Op::ToBool,
        }
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr, off: u32) {
        match op {
            BinOp::And | BinOp::Or => {
                self.expr(lhs);
                let short = self.emit(
                    if op == BinOp::And {
                        Op::JumpIfFalse(0)
                    } else {
                        Op::JumpIfTrue(0)
                    },
                    off,
                );
                self.expr(rhs);
                self.emit(Op::ToBool, off);
                let end = self.emit(Op::Jump(0), off);
                self.patch(short);
                self.emit(
                    if op == BinOp::And {
                        Op::False
                    } else {
                        Op::True
                    },
                    off,
                );
                self.patch(end);
            }
            _ => {
                if let Some(folded) = fold(op, lhs, rhs) {
                    let c = match folded {
                        Folded::Num(n) => self.num_const(n),
                        Folded::Str(s) => self.str_const(&s),
                    };
                    self.emit(Op::Const(c), off);
                    return;
                }
                self.expr(lhs);
                self.expr(rhs);
                self.emit(Self::binop(op), off);
            }
        }
    }

    fn compound_assign(&mut self, target: &Expr, op: BinOp, value: &Expr, off: u32) {
        let bop = Self::binop(op);
        match &target.kind {
            ExprKind::Member { obj, name, .. } if self.scoped_slot(obj, name).is_none() => {
                self.expr_for_write(obj);
                self.emit(Op::Dup, off);
                let n = self.name(name);
                self.emit(Op::GetMember(n), off);
                self.expr(value);
                self.emit(bop, off);
                self.emit(Op::SetMember(n), off);
            }
            ExprKind::Index { obj, index, .. } => {
                self.expr_for_write(obj);
                self.expr(index);
                self.emit(Op::Dup2, off);
                self.emit(Op::GetIndex, off);
                self.expr(value);
                self.emit(bop, off);
                self.emit(Op::SetIndex, off);
            }
            _ => {
                self.expr(target);
                self.expr(value);
                self.emit(bop, off);
                self.store_to(target);
            }
        }
    }

    pub(crate) fn inc_dec(&mut self, target: &Expr, prefix: bool, increment: bool, off: u32) {
        let one = self.num_const(1.0);
        let step = if increment { Op::Add } else { Op::Sub };
        match &target.kind {
            ExprKind::Member { obj, name, .. } if self.scoped_slot(obj, name).is_none() => {
                let tmp = self.temp_slot();
                self.expr_for_write(obj);
                self.emit(Op::Dup, off);
                let n = self.name(name);
                self.emit(Op::GetMember(n), off);
                self.emit(Op::ToNum, off);
                self.emit(Op::StoreSlot(tmp), off);
                self.emit(Op::Const(one), off);
                self.emit(step, off);
                self.emit(Op::SetMember(n), off);
                if !prefix {
                    self.emit(Op::Pop, off);
                    self.emit(Op::LoadSlot(tmp), off);
                }
            }
            ExprKind::Index { obj, index, .. } => {
                let tmp = self.temp_slot();
                self.expr_for_write(obj);
                self.expr(index);
                self.emit(Op::Dup2, off);
                self.emit(Op::GetIndex, off);
                self.emit(Op::ToNum, off);
                self.emit(Op::StoreSlot(tmp), off);
                self.emit(Op::Const(one), off);
                self.emit(step, off);
                self.emit(Op::SetIndex, off);
                if !prefix {
                    self.emit(Op::Pop, off);
                    self.emit(Op::LoadSlot(tmp), off);
                }
            }
            _ => {
                self.expr(target);
                self.emit(Op::ToNum, off);
                if !prefix {
                    self.emit(Op::Dup, off);
                }
                self.emit(Op::Const(one), off);
                self.emit(step, off);
                self.store_to(target);
                if !prefix {
                    self.emit(Op::Pop, off);
                }
            }
        }
    }

    /// Push arguments; returns the argument-name list index.
    fn args(&mut self, args: &[Arg]) -> u32 {
        for a in args {
            self.expr(&a.value);
        }
        self.arg_names_index(args)
    }

    fn call(&mut self, callee: &Expr, args: &[Arg], off: u32) {
        let argc = args.len() as u16;
        match &callee.kind {
            ExprKind::Ident(name)
                if scope_of(self, name).is_none()
                    && (self.slot_of(name).is_none() || crate::is_builtin(name)) =>
            {
                // isNull(x) must not fail on an undefined x.
                if name.eq_ignore_ascii_case("isnull") && args.len() == 1 {
                    if let Some(a) = args.first() {
                        self.expr_or_null(&a.value);
                    }
                    let names = self.arg_names_index(args);
                    let n = self.name_exact(name);
                    self.emit(
                        Op::CallName {
                            name: n,
                            argc,
                            names,
                        },
                        off,
                    );
                    return;
                }
                // `cf_name(attr=value)` in script is the custom tag `<cf_name attr=value>`.
                if let Some(tag) = name
                    .get(..3)
                    .filter(|p| p.eq_ignore_ascii_case("cf_"))
                    .and_then(|_| name.get(3..))
                    .filter(|t| !t.is_empty())
                {
                    for a in args {
                        let k =
                            self.str_const(&a.name.as_deref().unwrap_or("").to_ascii_lowercase());
                        self.emit(Op::Const(k), off);
                        self.expr(&a.value);
                    }
                    self.emit(
                        Op::MakeStruct {
                            n: args.len() as u32,
                            ordered: true,
                        },
                        off,
                    );
                    let c = self.str_const(&format!("_{}", tag.to_ascii_lowercase()));
                    let start = self.emit(
                        Op::CustomTagStart {
                            name: c,
                            has_body: false,
                            end: 0,
                        },
                        off,
                    );
                    self.patch(start);
                    self.emit(Op::Null, off);
                    return;
                }
                // valueList(q.col) passes the column: call it as valueList(q, "col", ...).
                if name.eq_ignore_ascii_case("valueList")
                    || name.eq_ignore_ascii_case("quotedValueList")
                {
                    if let Some(ExprKind::Member { obj, name: col, .. }) = args
                        .first()
                        .filter(|a| a.name.is_none())
                        .map(|a| &a.value.kind)
                    {
                        self.expr(obj);
                        let c = self.str_const(col);
                        self.emit(Op::Const(c), off);
                        for a in args.iter().skip(1) {
                            self.expr(&a.value);
                        }
                        let n = self.name_exact(name);
                        self.emit(
                            Op::CallName {
                                name: n,
                                argc: argc + 1,
                                names: u32::MAX,
                            },
                            off,
                        );
                        return;
                    }
                }
                let names = self.args(args);
                let n = self.name_exact(name);
                self.emit(
                    Op::CallName {
                        name: n,
                        argc,
                        names,
                    },
                    off,
                );
            }
            ExprKind::Member { obj, name, safe } => {
                if *safe {
                    self.expr_or_null(obj);
                } else {
                    self.expr(obj);
                }
                let names = self.args(args);
                let n = self.name_exact(name);
                self.emit(
                    Op::CallMethod {
                        name: n,
                        argc,
                        names,
                        safe: *safe,
                    },
                    off,
                );
            }
            ExprKind::StaticAccess { class, name } => {
                let c = self.str_const(class);
                self.emit(Op::Const(c), off);
                self.emit(Op::LoadStatic, off);
                let names = self.args(args);
                let n = self.name_exact(name);
                self.emit(
                    Op::CallMethod {
                        name: n,
                        argc,
                        names,
                        safe: false,
                    },
                    off,
                );
            }
            // `obj[name](…)` calls the method `name` of `obj` (its `this`).
            ExprKind::Index {
                obj,
                index,
                safe: false,
            } => {
                self.expr(obj);
                self.expr(index);
                let names = self.args(args);
                self.emit(Op::CallIndex { argc, names }, off);
            }
            _ => {
                self.expr(callee);
                let names = self.args(args);
                self.emit(Op::CallValue { argc, names }, off);
            }
        }
        let _ = upper_key;
    }
}

enum Folded {
    Num(f64),
    Str(String),
}

/// Constant folding of arithmetic and concatenation on literals, with the runtime's own
/// operators (`rime_runtime::ops`), so a folded value is the one the operation gives at run
/// time; an operation that fails (division by zero) is left to fail there.
fn fold(op: BinOp, lhs: &Expr, rhs: &Expr) -> Option<Folded> {
    use rime_runtime::{ops, Value};
    let num = |e: &Expr| match &e.kind {
        ExprKind::Num(n) => Some(*n),
        ExprKind::Unary {
            op: UnaryOp::Neg,
            expr,
        } => match expr.kind {
            ExprKind::Num(n) => Some(-n),
            _ => None,
        },
        _ => None,
    };
    if op == BinOp::Concat {
        if let (ExprKind::Str(a), ExprKind::Str(b)) = (&lhs.kind, &rhs.kind) {
            return match ops::concat(&Value::from(a.as_str()), &Value::from(b.as_str())) {
                Ok(Value::Str(s)) => Some(Folded::Str(s.to_string())),
                _ => None,
            };
        }
        return None;
    }
    let (a, b) = (Value::Num(num(lhs)?), Value::Num(num(rhs)?));
    let r = match op {
        BinOp::Add => ops::add(&a, &b),
        BinOp::Sub => ops::sub(&a, &b),
        BinOp::Mul => ops::mul(&a, &b),
        BinOp::Div => ops::div(&a, &b),
        BinOp::Pow => ops::pow(&a, &b),
        _ => return None,
    };
    match r {
        Ok(Value::Num(r)) if r.is_finite() => Some(Folded::Num(r)),
        _ => None,
    }
}

/// `local.x` and `arguments.x` (and `local["x"]`) in `e` become the unscoped `x`, for code that
/// moves into a closure but must read the enclosing function's scopes (a function listener's
/// call): the closure's own `local` is empty, its captured scopes are the caller's.
fn unscope_locals(e: &mut Expr) {
    let own_scope = |x: &Expr| {
        matches!(&x.kind, ExprKind::Ident(n)
            if n.eq_ignore_ascii_case("local") || n.eq_ignore_ascii_case("arguments"))
    };
    match &mut e.kind {
        ExprKind::Member { obj, name, .. } if own_scope(obj) => {
            e.kind = ExprKind::Ident(name.clone());
        }
        ExprKind::Index { obj, index, .. } if own_scope(obj) => {
            if let ExprKind::Str(s) = &index.kind {
                e.kind = ExprKind::Ident(s.clone());
            } else {
                unscope_locals(index);
            }
        }
        ExprKind::Member { obj, .. } => unscope_locals(obj),
        ExprKind::Index { obj, index, .. } => {
            unscope_locals(obj);
            unscope_locals(index);
        }
        ExprKind::Call { callee, args }
        | ExprKind::New {
            class: callee,
            args,
        } => {
            unscope_locals(callee);
            for a in args {
                unscope_locals(&mut a.value);
            }
        }
        ExprKind::Unary { expr, .. } => unscope_locals(expr),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Elvis { lhs, rhs } => {
            unscope_locals(lhs);
            unscope_locals(rhs);
        }
        ExprKind::Ternary { cond, then, else_ } => {
            unscope_locals(cond);
            unscope_locals(then);
            unscope_locals(else_);
        }
        ExprKind::Array(items) => items.iter_mut().for_each(unscope_locals),
        ExprKind::Struct { entries, .. } => {
            for (k, v) in entries {
                unscope_locals(k);
                unscope_locals(v);
            }
        }
        ExprKind::Interp(parts) => {
            for p in parts {
                if let StrPart::Expr(x) = p {
                    unscope_locals(x);
                }
            }
        }
        _ => {}
    }
}
