//! Frames and the interpreter loop.

use crate::iter::Iter;
use crate::Vm;
use rime_compiler::{Const, FuncProto, Op};
use rime_runtime::{
    ops, Array, CapturedScope, CfResult, CfmlError, Function, Key, ScopeRef, Struct, TagFrame,
    Value,
};
use std::sync::Arc;

/// An installed exception handler and the heights to restore when it catches.
struct Handler {
    target: u32,
    stack: usize,
    iters: usize,
    exceptions: usize,
    bufs: usize,
    output_depth: u32,
    queries: usize,
    sql: usize,
    custom_tags: usize,
}

/// One activation of a function or template.
pub struct Frame {
    pub proto: Arc<FuncProto>,
    /// Identity while running (assigned by `exec`).
    pub(crate) id: u64,
    pub(crate) pc: usize,
    pub(crate) base: usize,
    pub slots: Vec<Option<Value>>,
    /// `local` and `arguments` structs of a dynamic-scope function (or of the function that
    /// included this template).
    pub local: Option<Struct>,
    pub args: Option<Struct>,
    pub captured: Option<Arc<[CapturedScope]>>,
    pub variables: Struct,
    pub this: Option<Value>,
    /// The parent component's methods, in a component method (`super`).
    pub super_: Option<Struct>,
    /// The component's `static` scope, in a component method or body.
    pub static_: Option<Struct>,
    pub(crate) iters: Vec<Iter>,
    /// The name this function was called by, when its body asks (`getFunctionCalledName`).
    pub(crate) called_name: Option<Key>,
    handlers: Vec<Handler>,
    #[allow(clippy::vec_box)] // errors travel boxed; unboxing them here would copy each one
    pub(crate) exceptions: Vec<Box<CfmlError>>,
}

impl Frame {
    pub fn new(proto: Arc<FuncProto>, variables: Struct) -> Frame {
        Frame::with_slots(proto, variables, Vec::new())
    }

    /// A frame reusing `slots` (an emptied vector from the VM's pool) for its locals.
    pub(crate) fn with_slots(
        proto: Arc<FuncProto>,
        variables: Struct,
        mut slots: Vec<Option<Value>>,
    ) -> Frame {
        slots.clear();
        slots.resize(proto.num_slots as usize, None);
        Frame {
            proto,
            id: 0,
            pc: 0,
            base: 0,
            slots,
            local: None,
            args: None,
            captured: None,
            variables,
            this: None,
            super_: None,
            static_: None,
            iters: Vec::new(),
            called_name: None,
            handlers: Vec::new(),
            exceptions: Vec::new(),
        }
    }

    /// A frame for a template included into `parent`, sharing its scopes.
    pub fn included(proto: Arc<FuncProto>, parent: &Frame) -> Frame {
        let mut f = Frame::new(proto, parent.variables.clone());
        f.local = parent.local.clone();
        f.args = parent.args.clone();
        f.captured = parent.captured.clone();
        f.this = parent.this.clone();
        f.super_ = parent.super_.clone();
        f.static_ = parent.static_.clone();
        f
    }

    pub(crate) fn position(&self) -> TagFrame {
        let pc = self.pc.saturating_sub(1);
        let (line, column) = self.proto.line_col(pc);
        TagFrame {
            template: self.proto.source.path.clone(),
            line,
            column,
        }
    }
}

impl Vm {
    pub(crate) fn pop(&mut self) -> Value {
        self.stack.pop().unwrap_or_default()
    }

    pub(crate) fn peek(&self) -> &Value {
        static NULL: Value = Value::Null;
        self.stack.last().unwrap_or(&NULL)
    }

    /// Run a frame to completion, unwinding errors to its handlers.
    pub fn exec(&mut self, f: &mut Frame) -> CfResult<Value> {
        f.base = self.stack.len();
        self.frame_seq += 1;
        f.id = self.frame_seq;
        loop {
            match self.run(f) {
                Ok(v) => {
                    self.stack.truncate(f.base);
                    if !self.locks.is_empty() {
                        self.release_frame_locks(f.id);
                    }
                    return Ok(v);
                }
                Err((mut e, rethrown)) => {
                    if !rethrown && !e.abort {
                        e.tag_context.push(f.position());
                    }
                    match f.handlers.pop() {
                        Some(h) if !e.abort => {
                            self.stack.truncate(h.stack);
                            f.iters.truncate(h.iters);
                            f.exceptions.truncate(h.exceptions);
                            self.bufs.truncate(h.bufs.max(1));
                            self.output_depth = h.output_depth;
                            self.queries.truncate(h.queries);
                            self.sql.truncate(h.sql);
                            self.custom_tags.truncate(h.custom_tags);
                            f.exceptions.push(e);
                            f.pc = h.target as usize;
                        }
                        _ => {
                            self.stack.truncate(f.base);
                            if !self.locks.is_empty() {
                                self.release_frame_locks(f.id);
                            }
                            self.queries
                                .truncate(self.queries.len().min(self.queries.len()));
                            return Err(e);
                        }
                    }
                }
            }
        }
    }

    /// The interpreter loop. An error carries whether it is a rethrow (no new position).
    fn run(&mut self, f: &mut Frame) -> Result<Value, (Box<CfmlError>, bool)> {
        let proto = f.proto.clone();
        let code = &proto.code;
        loop {
            let Some(op) = code.get(f.pc).copied() else {
                return Ok(Value::Null);
            };
            f.pc += 1;
            let r: CfResult<()> = match op {
                Op::Const(i) => {
                    let v = proto
                        .consts
                        .get(i as usize)
                        .map(Value::from)
                        .unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::Null => {
                    self.stack.push(Value::Null);
                    Ok(())
                }
                Op::True => {
                    self.stack.push(Value::Bool(true));
                    Ok(())
                }
                Op::False => {
                    self.stack.push(Value::Bool(false));
                    Ok(())
                }
                Op::Pop => {
                    self.stack.pop();
                    Ok(())
                }
                Op::Dup => {
                    let v = self.peek().clone();
                    self.stack.push(v);
                    Ok(())
                }
                Op::Swap => {
                    let n = self.stack.len();
                    if n >= 2 {
                        self.stack.swap(n - 1, n - 2);
                    }
                    Ok(())
                }
                Op::Dup2 => {
                    let n = self.stack.len();
                    if n >= 2 {
                        let a = self.stack[n - 2].clone();
                        let b = self.stack[n - 1].clone();
                        self.stack.push(a);
                        self.stack.push(b);
                    }
                    Ok(())
                }
                Op::LoadSlot(i) => match f.slots.get(i as usize) {
                    Some(Some(Value::Num(n))) => {
                        let n = *n;
                        self.stack.push(Value::Num(n));
                        Ok(())
                    }
                    slot => match slot.and_then(|s| s.clone()).filter(|v| !v.is_null()) {
                        Some(v) => {
                            self.stack.push(v);
                            Ok(())
                        }
                        None => Err(undefined_var(
                            proto
                                .slot_names
                                .get(i as usize)
                                .map(|k| k.as_str())
                                .unwrap_or("?"),
                        )),
                    },
                },
                Op::SetSlot(i) => {
                    let v = self.pop();
                    if let Some(s) = f.slots.get_mut(i as usize) {
                        *s = Some(v);
                    }
                    Ok(())
                }
                Op::AddSlotConst(i, c) => {
                    let delta = match proto.consts.get(c as usize) {
                        Some(Const::Num(n)) => *n,
                        _ => 0.0,
                    };
                    match f.slots.get_mut(i as usize) {
                        Some(Some(Value::Num(n))) => {
                            *n += delta;
                            Ok(())
                        }
                        Some(slot @ Some(_)) => {
                            let cur = slot.as_ref().map(|v| v.to_num());
                            match cur {
                                Some(Ok(n)) if !slot.as_ref().is_some_and(|v| v.is_null()) => {
                                    *slot = Some(Value::Num(n + delta));
                                    Ok(())
                                }
                                Some(Err(e)) => Err(e),
                                _ => Err(undefined_var(
                                    proto
                                        .slot_names
                                        .get(i as usize)
                                        .map(|k| k.as_str())
                                        .unwrap_or("?"),
                                )),
                            }
                        }
                        _ => Err(undefined_var(
                            proto
                                .slot_names
                                .get(i as usize)
                                .map(|k| k.as_str())
                                .unwrap_or("?"),
                        )),
                    }
                }
                Op::LoadSlotOrNull(i) => {
                    let v = f
                        .slots
                        .get(i as usize)
                        .and_then(|s| s.clone())
                        .unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::StoreSlot(i) => {
                    let v = self.peek().clone();
                    if let Some(s) = f.slots.get_mut(i as usize) {
                        *s = Some(v);
                    }
                    Ok(())
                }
                Op::LoadName(i) => {
                    let key = &proto.names[i as usize];
                    match self.lookup_name(f, key) {
                        Some(v) => {
                            self.stack.push(v);
                            Ok(())
                        }
                        None => Err(undefined_var(key.as_str())),
                    }
                }
                Op::LoadNameOrNull(i) => {
                    let v = self
                        .lookup_name(f, &proto.names[i as usize])
                        .unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::StoreName(i) => {
                    let v = self.peek().clone();
                    self.store_name(f, &proto.names[i as usize], v);
                    Ok(())
                }
                Op::DeclareLocal(i) => {
                    let v = self.peek().clone();
                    let key = proto.names[i as usize].clone();
                    match &f.local {
                        Some(l) => l.set(key, v),
                        None => f.variables.set(key, v),
                    }
                    Ok(())
                }
                Op::LoadScope(s) => self.load_scope(f, s).map(|v| self.stack.push(v)),
                Op::LoadNameForWrite(i) => {
                    let key = &proto.names[i as usize];
                    let v = match self.lookup_name(f, key) {
                        Some(v) => v,
                        None => {
                            let v = Value::Struct(Struct::new());
                            self.store_name(f, key, v.clone());
                            v
                        }
                    };
                    self.stack.push(v);
                    Ok(())
                }
                Op::GetMember(i) => {
                    let obj = self.pop();
                    self.get_member(&obj, &proto.names[i as usize])
                        .map(|v| self.stack.push(v))
                }
                Op::GetMemberOrNull(i) => {
                    let obj = self.pop();
                    let v = self
                        .get_member(&obj, &proto.names[i as usize])
                        .unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::GetMemberForWrite(i) => {
                    let obj = self.pop();
                    self.get_member_for_write(&obj, &proto.names[i as usize])
                        .map(|v| self.stack.push(v))
                }
                Op::SetMember(i) => {
                    let v = self.pop();
                    let obj = self.pop();
                    let r = self.set_member(&obj, proto.names[i as usize].clone(), v.clone());
                    self.stack.push(v);
                    r
                }
                Op::GetIndex => {
                    let idx = self.pop();
                    let obj = self.pop();
                    self.get_index(&obj, &idx).map(|v| self.stack.push(v))
                }
                Op::GetIndexOrNull => {
                    let idx = self.pop();
                    let obj = self.pop();
                    let v = self.get_index(&obj, &idx).unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::GetMemberIndex(i) => {
                    let idx = self.pop();
                    let obj = self.pop();
                    let key = &proto.names[i as usize];
                    self.query_cell(&obj, key.as_str(), &idx)
                        .unwrap_or_else(|| {
                            self.get_member(&obj, key)
                                .and_then(|v| self.get_index(&v, &idx))
                        })
                        .map(|v| self.stack.push(v))
                }
                Op::GetIndexIndex => {
                    let idx = self.pop();
                    let key = self.pop();
                    let obj = self.pop();
                    let cell = match key.to_str() {
                        Ok(k) => self.query_cell(&obj, &k, &idx),
                        Err(e) => Some(Err(e)),
                    };
                    cell.unwrap_or_else(|| {
                        self.get_index(&obj, &key)
                            .and_then(|v| self.get_index(&v, &idx))
                    })
                    .map(|v| self.stack.push(v))
                }
                Op::GetIndexForWrite => {
                    let idx = self.pop();
                    let obj = self.pop();
                    self.get_index_for_write(&obj, &idx)
                        .map(|v| self.stack.push(v))
                }
                Op::SetIndex => {
                    let v = self.pop();
                    let idx = self.pop();
                    let obj = self.pop();
                    let r = self.set_index(&obj, &idx, v.clone());
                    self.stack.push(v);
                    r
                }
                Op::CallName { name, argc, names } => {
                    self.op_call_name(f, &proto, name, argc, names)
                }
                Op::CallBuiltin { id, argc, names } => {
                    self.op_call_builtin(f, &proto, id, argc, names)
                }
                Op::CallMethod {
                    name,
                    argc,
                    names,
                    safe,
                } => self.op_call_method(f, &proto, name, argc, names, safe),
                Op::CallValue { argc, names } => self.op_call_value(f, &proto, argc, names),
                Op::New { argc, names } => {
                    let at = self.stack.len().saturating_sub(argc as usize);
                    let args = self.stack.split_off(at);
                    let class = self.pop();
                    let names = (names != u32::MAX)
                        .then(|| proto.arg_names.get(names as usize))
                        .flatten()
                        .map(|v| v.as_slice());
                    class.to_str().and_then(|c| {
                        let from = f.proto.source.path.clone();
                        self.create_component(&c, &from, args, names, true, &proto.imports)
                            .map(|v| self.stack.push(v))
                    })
                }
                Op::Closure(i) => {
                    let sub = proto.functions[i as usize].clone();
                    let mut captured: Vec<CapturedScope> = Vec::new();
                    if let (Some(local), Some(arguments)) = (&f.local, &f.args) {
                        captured.push(CapturedScope {
                            local: local.clone(),
                            arguments: arguments.clone(),
                        });
                    }
                    captured.extend(f.captured.iter().flat_map(|c| c.iter()).cloned());
                    self.stack.push(Value::Func(Arc::new(Function {
                        proto: sub,
                        captured: (!captured.is_empty()).then(|| Arc::from(captured)),
                        variables: Some(ScopeRef::Strong(f.variables.clone())),
                        super_: f.super_.clone(),
                        static_: f.static_.clone(),
                    })));
                    Ok(())
                }
                Op::DefineFunction(i) => {
                    let sub = proto.functions[i as usize].clone();
                    let key = Key::new(sub.name.clone());
                    let private = sub
                        .access
                        .as_deref()
                        .is_some_and(|a| a.eq_ignore_ascii_case("private"));
                    let func = Value::Func(Arc::new(Function {
                        proto: sub,
                        captured: None,
                        variables: Some(ScopeRef::Weak(f.variables.downgrade())),
                        super_: f.super_.clone(),
                        static_: f.static_.clone(),
                    }));
                    // In a component, non-private functions are also public members (`this`).
                    if let (Some(Value::Struct(this)), false) = (&f.this, private) {
                        this.set(key.clone(), func.clone());
                    }
                    f.variables.set(key, func);
                    Ok(())
                }
                Op::Add => match self.top_nums() {
                    Some((a, b)) => {
                        self.replace2(Value::Num(a + b));
                        Ok(())
                    }
                    None => self.binop(ops::add),
                },
                Op::Sub => match self.top_nums() {
                    Some((a, b)) => {
                        self.replace2(Value::Num(a - b));
                        Ok(())
                    }
                    None => self.binop(ops::sub),
                },
                Op::Mul => match self.top_nums() {
                    Some((a, b)) => {
                        self.replace2(Value::Num(a * b));
                        Ok(())
                    }
                    None => self.binop(ops::mul),
                },
                Op::Div => self.binop(ops::div),
                Op::IntDiv => self.binop(ops::int_div),
                Op::Pow => self.binop(ops::pow),
                Op::Mod => match self.top_nums() {
                    Some((a, b)) if b != 0.0 => {
                        self.replace2(Value::Num(a % b));
                        Ok(())
                    }
                    _ => self.binop(ops::modulo),
                },
                Op::Concat => self.binop(ops::concat),
                Op::Eq => match self.top_nums() {
                    Some((a, b)) => {
                        self.replace2(Value::Bool(a == b));
                        Ok(())
                    }
                    None => self.binop(|a, b| ops::equals(a, b).map(Value::Bool)),
                },
                Op::Neq => self.binop(|a, b| ops::equals(a, b).map(|x| Value::Bool(!x))),
                Op::Lt => match self.top_nums() {
                    Some((a, b)) => {
                        self.replace2(Value::Bool(a < b));
                        Ok(())
                    }
                    None => self.binop(|a, b| ops::compare(a, b).map(|o| Value::Bool(o.is_lt()))),
                },
                Op::Lte => match self.top_nums() {
                    Some((a, b)) => {
                        self.replace2(Value::Bool(a <= b));
                        Ok(())
                    }
                    None => self.binop(|a, b| ops::compare(a, b).map(|o| Value::Bool(o.is_le()))),
                },
                Op::Gt => match self.top_nums() {
                    Some((a, b)) => {
                        self.replace2(Value::Bool(a > b));
                        Ok(())
                    }
                    None => self.binop(|a, b| ops::compare(a, b).map(|o| Value::Bool(o.is_gt()))),
                },
                Op::Gte => match self.top_nums() {
                    Some((a, b)) => {
                        self.replace2(Value::Bool(a >= b));
                        Ok(())
                    }
                    None => self.binop(|a, b| ops::compare(a, b).map(|o| Value::Bool(o.is_ge()))),
                },
                Op::StrictEq => self.binop(|a, b| Ok(Value::Bool(ops::strict_equals(a, b)))),
                Op::StrictNeq => self.binop(|a, b| Ok(Value::Bool(!ops::strict_equals(a, b)))),
                Op::Contains => self.binop(|a, b| ops::contains(a, b).map(Value::Bool)),
                Op::NotContains => self.binop(|a, b| ops::contains(a, b).map(|x| Value::Bool(!x))),
                Op::Xor => self.binop(|a, b| Ok(Value::Bool(a.to_bool()? ^ b.to_bool()?))),
                Op::Eqv => self.binop(|a, b| Ok(Value::Bool(a.to_bool()? == b.to_bool()?))),
                Op::Imp => self.binop(|a, b| Ok(Value::Bool(!a.to_bool()? || b.to_bool()?))),
                Op::Neg => {
                    let v = self.pop();
                    v.to_num().map(|n| self.stack.push(Value::Num(-n)))
                }
                Op::ToNum => {
                    let v = self.pop();
                    v.to_num().map(|n| self.stack.push(Value::Num(n)))
                }
                Op::Not => {
                    let v = self.pop();
                    v.to_bool().map(|b| self.stack.push(Value::Bool(!b)))
                }
                Op::ToBool => {
                    let v = self.pop();
                    v.to_bool().map(|b| self.stack.push(Value::Bool(b)))
                }
                Op::LoopCheck => {
                    let step = self.pop();
                    let to = self.pop();
                    let i = self.pop();
                    (|| {
                        let (i, to, step) = (i.to_num()?, to.to_num()?, step.to_num()?);
                        Ok(if step < 0.0 { i >= to } else { i <= to })
                    })()
                    .map(|b| self.stack.push(Value::Bool(b)))
                }
                Op::Jump(t) => {
                    // The deadline is checked before jumping so an error points at the loop.
                    let r = if (t as usize) < f.pc {
                        self.check_deadline()
                    } else {
                        Ok(())
                    };
                    if r.is_ok() {
                        f.pc = t as usize;
                    }
                    r
                }
                Op::JumpIfFalse(t) => match self.stack.pop() {
                    Some(Value::Bool(b)) => {
                        if !b {
                            f.pc = t as usize
                        }
                        Ok(())
                    }
                    v => v.unwrap_or_default().to_bool().map(|b| {
                        if !b {
                            f.pc = t as usize
                        }
                    }),
                },
                Op::JumpIfTrue(t) => {
                    let v = self.pop();
                    match v.to_bool() {
                        Ok(true) => {
                            let r = if (t as usize) < f.pc {
                                self.check_deadline()
                            } else {
                                Ok(())
                            };
                            if r.is_ok() {
                                f.pc = t as usize;
                            }
                            r
                        }
                        Ok(false) => Ok(()),
                        Err(e) => Err(e),
                    }
                }
                Op::JumpIfNotNull(t) => {
                    if !self.peek().is_null() {
                        f.pc = t as usize;
                    }
                    Ok(())
                }
                Op::JumpIfNull(t) => {
                    if self.peek().is_null() {
                        f.pc = t as usize;
                    }
                    Ok(())
                }
                Op::Text(i) => {
                    if let Some(Const::Str(s)) = proto.consts.get(i as usize) {
                        self.write(s);
                    }
                    Ok(())
                }
                Op::TextOutsideOutput(i) => {
                    if self.output_only == 0 || self.output_depth > 0 {
                        if let Some(Const::Str(s)) = proto.consts.get(i as usize) {
                            self.write(s);
                        }
                    }
                    Ok(())
                }
                Op::Print => {
                    let v = self.pop();
                    let in_sql = self
                        .sql
                        .last()
                        .is_some_and(|(i, _)| *i + 1 == self.bufs.len());
                    match self.bufs.last_mut() {
                        // Inside <cfquery>, #expr# doubles single quotes (as CFML does).
                        Some(b) if in_sql => v.to_str().map(|s| b.push_str(&s.replace('\'', "''"))),
                        Some(b) => v.write_to(b),
                        None => Ok(()),
                    }
                }
                Op::QueryBegin => {
                    self.bufs.push(String::new());
                    self.sql.push((self.bufs.len() - 1, Vec::new()));
                    Ok(())
                }
                Op::QueryEnd => {
                    let attrs = self.pop();
                    self.op_query_end(f, &attrs)
                }
                Op::TxBegin => {
                    let attrs = self.pop();
                    self.op_tx_begin(&attrs)
                }
                Op::TxEnd(commit) => self.op_tx_end(commit),
                Op::EnterOutput => {
                    self.output_depth += 1;
                    Ok(())
                }
                Op::LeaveOutput => {
                    self.output_depth = self.output_depth.saturating_sub(1);
                    Ok(())
                }
                Op::SetOutputOnly => {
                    let v = self.pop();
                    v.to_bool().map(|b| {
                        if b {
                            self.output_only += 1
                        } else {
                            self.output_only = self.output_only.saturating_sub(1)
                        }
                    })
                }
                Op::PushBuffer => {
                    self.bufs.push(String::new());
                    Ok(())
                }
                Op::PopBuffer => {
                    let s = if self.bufs.len() > 1 {
                        self.bufs.pop().unwrap_or_default()
                    } else {
                        String::new()
                    };
                    self.stack.push(Value::from(s));
                    Ok(())
                }
                Op::MakeArray(n) => {
                    let at = self.stack.len().saturating_sub(n as usize);
                    let items = self.stack.split_off(at);
                    self.stack.push(Value::Array(Array::from_vec(items)));
                    Ok(())
                }
                Op::MakeStruct { n, ordered } => {
                    let at = self.stack.len().saturating_sub(2 * n as usize);
                    let items = self.stack.split_off(at);
                    let s = Struct::with_flags(ordered);
                    let mut r = Ok(());
                    let mut it = items.into_iter();
                    while let (Some(k), Some(v)) = (it.next(), it.next()) {
                        match k.to_str() {
                            Ok(k) => s.set(Key::new(k.as_ref()), v),
                            Err(e) => r = Err(e),
                        }
                    }
                    self.stack.push(Value::Struct(s));
                    r
                }
                Op::IterInit(kind) => self.iter_init(f, kind),
                Op::IterNext(t) => {
                    match self.iter_next(f) {
                        Some(v) => self.stack.push(v),
                        None => {
                            self.iter_pop(f);
                            f.pc = t as usize;
                        }
                    }
                    Ok(())
                }
                Op::IterPop => {
                    self.iter_pop(f);
                    Ok(())
                }
                Op::IterIndex => {
                    let i = f.iters.last().map(|it| it.position()).unwrap_or(0);
                    self.stack.push(Value::Num(i as f64));
                    Ok(())
                }
                Op::PushHandler(t) => {
                    f.handlers.push(Handler {
                        target: t,
                        stack: self.stack.len(),
                        iters: f.iters.len(),
                        exceptions: f.exceptions.len(),
                        bufs: self.bufs.len(),
                        output_depth: self.output_depth,
                        queries: self.queries.len(),
                        sql: self.sql.len(),
                        custom_tags: self.custom_tags.len(),
                    });
                    Ok(())
                }
                Op::PopHandler => {
                    f.handlers.pop();
                    Ok(())
                }
                Op::CatchMatches(i) => {
                    let ty = match proto.consts.get(i as usize) {
                        Some(Const::Str(s)) => s.as_str(),
                        _ => "any",
                    };
                    let m = f.exceptions.last().is_some_and(|e| e.matches(ty));
                    self.stack.push(Value::Bool(m));
                    Ok(())
                }
                Op::CatchValue => {
                    let v = f
                        .exceptions
                        .last()
                        .map(|e| e.to_value())
                        .unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::EndCatch => {
                    f.exceptions.pop();
                    Ok(())
                }
                Op::Rethrow => {
                    return Err(match f.exceptions.pop() {
                        Some(e) => (e, true),
                        None => (
                            CfmlError::application("rethrow is only allowed inside a catch block"),
                            false,
                        ),
                    })
                }
                Op::Throw => {
                    let v = self.pop();
                    Err(throw_error(&v))
                }
                Op::Abort => Err(CfmlError::abort()),
                Op::Include => {
                    let path = self.pop();
                    self.op_include(f, &path)
                }
                Op::Param => {
                    let attrs = self.pop();
                    self.op_param(f, &attrs)
                }
                Op::Tag(i) => {
                    let attrs = self.pop();
                    let name = match proto.consts.get(i as usize) {
                        Some(Const::Str(s)) => s.clone(),
                        _ => arcstr::ArcStr::new(),
                    };
                    self.op_tag(f, &name, &attrs)
                }
                Op::LoadStatic => {
                    let class = self.pop();
                    class.to_str().and_then(|c| {
                        let from = f.proto.source.path.clone();
                        self.static_scope_of(&c, &from)
                            .map(|s| self.stack.push(Value::Struct(s)))
                    })
                }
                Op::LockEnter => match self.pop() {
                    Value::Struct(a) => self.lock_enter(f, &a),
                    _ => Ok(()),
                },
                Op::LockExit => {
                    self.lock_exit();
                    Ok(())
                }
                Op::CustomTagStart {
                    name,
                    has_body,
                    end,
                } => {
                    let attrs = self.pop();
                    let tag = match proto.consts.get(name as usize) {
                        Some(Const::Str(s)) => s.clone(),
                        _ => arcstr::ArcStr::new(),
                    };
                    match self.custom_tag_start(f, &tag, attrs, has_body) {
                        Ok(true) => Ok(()),
                        Ok(false) => {
                            f.pc = end as usize;
                            Ok(())
                        }
                        Err(e) => Err(e),
                    }
                }
                Op::CustomTagEnd { body } => match self.custom_tag_end() {
                    Ok(true) => {
                        f.pc = body as usize;
                        Ok(())
                    }
                    Ok(false) => Ok(()),
                    Err(e) => Err(e),
                },
                Op::Return => {
                    let v = self.pop();
                    return Ok(v);
                }
                Op::BindArguments => {
                    let args = Struct::with_flags(true);
                    args.write().positional = true;
                    for (i, p) in proto.params.iter().enumerate() {
                        if let Some(Some(v)) = f.slots.get(i) {
                            args.set(p.name.clone(), v.clone());
                        } else {
                            args.set(p.name.clone(), Value::Null);
                        }
                    }
                    if let Some(extra) = f.args.take() {
                        for (k, v) in extra.entries() {
                            args.set(k, v);
                        }
                    }
                    f.args = Some(args);
                    f.local = Some(Struct::new());
                    Ok(())
                }
            };
            if let Err(e) = r {
                return Err((e, false));
            }
        }
    }

    /// Two numbers on top of the stack, without popping (the fast path of arithmetic).
    #[inline(always)]
    fn top_nums(&self) -> Option<(f64, f64)> {
        match self.stack.as_slice() {
            [.., Value::Num(a), Value::Num(b)] => Some((*a, *b)),
            _ => None,
        }
    }

    /// Replace the two operands on top of the stack with `v`.
    #[inline(always)]
    fn replace2(&mut self, v: Value) {
        let n = self.stack.len();
        self.stack.truncate(n - 1);
        if let Some(top) = self.stack.last_mut() {
            *top = v;
        }
    }

    fn binop(&mut self, op: impl Fn(&Value, &Value) -> CfResult<Value>) -> CfResult<()> {
        let b = self.pop();
        let a = self.pop();
        let v = op(&a, &b)?;
        self.stack.push(v);
        Ok(())
    }
}

pub(crate) fn undefined_var(name: &str) -> Box<CfmlError> {
    CfmlError::expression(format!("variable [{name}] doesn't exist"))
}

/// Build the error for `throw`/`<cfthrow>` from its attributes (the same keys a caught
/// exception struct has, so `CfmlError::from_value` reads both).
fn throw_error(attrs: &Value) -> Box<CfmlError> {
    let Value::Struct(s) = attrs else {
        return CfmlError::application("invalid throw");
    };
    if let Some(obj) = s.get("object") {
        return CfmlError::from_value(&obj);
    }
    let mut e = CfmlError::from_value(attrs);
    e.extra = None;
    e
}
