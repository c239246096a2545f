//! The slow path of the interpreter: the instructions that need the whole frame (names and
//! scopes, members, calls of builtins and methods, tags, exceptions), run by `Vm::step` when
//! the run loop (`run.rs`) meets one.

use crate::access::undefined_var;
use crate::frames::Suspended;
use crate::run::{Frame, Handler};
use crate::Vm;
use rime_bytecode::{Const, FuncProto, Op};
use rime_runtime::{
    ops, Array, CapturedScope, CfResult, CfmlError, Function, Key, ScopeRef, Struct, Value,
};
use std::sync::Arc;

impl Vm {
    /// Run one instruction that needs the whole frame (calls of builtins, scopes, tags...).
    #[inline(never)]
    pub(crate) fn step(
        &mut self,
        f: &mut Frame<'_>,
        calls: &[Suspended<'_>],
        proto: &Arc<FuncProto>,
        op: Op,
    ) -> Result<(), (Box<CfmlError>, bool)> {
        // Where this frame calls out from, for `callStackGet` (here, out of the run loop, whose
        // code a branch there makes slower).
        if crate::call_stack::calls_out(&op) {
            self.note_call_out(f, calls, Some(&op));
        }
        {
            let r: CfResult<()> = match op {
                Op::LoadName(i) => {
                    let key = &proto.names[i as usize];
                    match self.lookup_name(f, key) {
                        Some(v) => {
                            let v = bind_own_method(f, v);
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
                    let v = bind_own_method(f, v);
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
                Op::SetScope(s) => self.set_scope(f, s),
                Op::LoadSlotForWrite(i) => {
                    let v = match f.slot(i as usize) {
                        Some(Some(v)) if !v.is_null() => v.clone(),
                        _ => {
                            let v = Value::Struct(Struct::new());
                            if let Some(s) = f.slot_vec.get_mut(f.sbase + i as usize) {
                                *s = Some(v.clone());
                            }
                            v
                        }
                    };
                    self.stack.push(v);
                    Ok(())
                }
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
                    let key = &proto.names[i as usize];
                    match self.get_member(&obj, key) {
                        Ok(v) => {
                            self.stack.push(v);
                            Ok(())
                        }
                        // A Java object's bean property (`cls.name` is `cls.getName()`).
                        Err(e) => match &obj {
                            Value::Native(n) => self
                                .bean_property(f, n, key)
                                .unwrap_or(Err(e))
                                .map(|v| self.stack.push(v)),
                            _ => Err(e),
                        },
                    }
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
                    self.op_call_name(f, proto, name, argc, names)
                }
                Op::CallBuiltin { id, argc, names } => {
                    self.op_call_builtin(f, proto, id, argc, names)
                }
                Op::CallMethod {
                    name,
                    argc,
                    names,
                    safe,
                } => self.op_call_method(f, proto, name, argc, names, safe),
                Op::CallValue { argc, names } => self.op_call_value(f, proto, argc, names),
                Op::CallIndex { argc, names } => self.op_call_index(f, proto, argc, names),
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
                Op::NewComponent(i) => {
                    let sub = proto.functions[i as usize].clone();
                    let path = f.proto.source.path.clone();
                    // Named after the file that declares it (`page$anonymous`).
                    let stem = std::path::Path::new(path.as_str())
                        .file_stem()
                        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
                    let name = format!("{stem}$anonymous");
                    self.instantiate(&path, &name, &sub, Vec::new(), None, true)
                        .map(|v| self.stack.push(v))
                }
                Op::Listen => {
                    let listener = self.pop();
                    let call = self.pop();
                    self.listen(call, listener)
                }
                Op::Closure(i) => {
                    let sub = proto.functions[i as usize].clone();
                    let mut captured: Vec<CapturedScope> = Vec::new();
                    // A thread body sees none of the scopes of the function it is written in.
                    if !sub.thread_body {
                        if let (Some(local), Some(arguments)) = (&f.local, &f.args) {
                            captured.push(CapturedScope {
                                local: local.clone(),
                                arguments: arguments.clone(),
                            });
                        }
                        captured.extend(f.captured.iter().flat_map(|c| c.iter()).cloned());
                    }
                    self.stack.push(Value::Func(Arc::new(Function {
                        proto: sub,
                        captured: (!captured.is_empty()).then(|| Arc::from(captured)),
                        variables: Some(ScopeRef::Strong(f.variables.clone())),
                        super_: f.super_.clone(),
                        static_: f.static_.clone(),
                        this: match &f.this {
                            Some(Value::Struct(t)) => Some(t.clone()),
                            _ => None,
                        },
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
                        this: None,
                    }));
                    // In a component, non-private functions are also public members (`this`).
                    if let (Some(Value::Struct(this)), false) = (&f.this, private) {
                        this.set(key.clone(), func.clone());
                    }
                    f.variables.set(key, func);
                    Ok(())
                }
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
                    let s = Struct::with_capacity(ordered, n as usize);
                    let mut r = Ok(());
                    {
                        let mut g = s.write();
                        let mut it = self.stack.drain_from(at);
                        while let (Some(k), Some(v)) = (it.next(), it.next()) {
                            // A string key shares its text (literal keys are constants).
                            let key = match k {
                                Value::Str(k) => Key::new(k),
                                k => match k.to_str() {
                                    Ok(k) => Key::new(k.as_ref()),
                                    Err(e) => {
                                        r = Err(e);
                                        continue;
                                    }
                                },
                            };
                            // An existing key keeps its original case (as `Struct::set`).
                            match g.map.get_mut(&key) {
                                Some(slot) => *slot = v,
                                None => {
                                    g.map.insert(key, v);
                                }
                            }
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
                    let e = throw_error(&v);
                    // `throw(object=cfcatch)` rethrows: the error keeps its own positions.
                    let rethrown = !e.tag_context.is_empty();
                    return Err((e, rethrown));
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
                Op::Tag(id) => {
                    let attrs = self.pop();
                    self.op_tag(f, id, &attrs)
                }
                Op::TagOpen(id) => self.op_tag_open(f, id),
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
                Op::MergeAttributes => {
                    crate::tags::merge_attribute_collection(self.peek());
                    Ok(())
                }
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
                Op::BindArguments => {
                    let args = Struct::with_flags(true);
                    args.write().positional = true;
                    for (i, p) in proto.params.iter().enumerate() {
                        if let Some(Some(v)) = f.slot(i) {
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
                Op::Const(_)
                | Op::Null
                | Op::True
                | Op::False
                | Op::Pop
                | Op::Dup
                | Op::Swap
                | Op::Dup2
                | Op::LoadSlot(_)
                | Op::SetSlot(_)
                | Op::StoreSlot(_)
                | Op::LoadSlotOrNull(_)
                | Op::AddSlotConst(..)
                | Op::Add
                | Op::Sub
                | Op::Mul
                | Op::Div
                | Op::IntDiv
                | Op::Pow
                | Op::Mod
                | Op::Concat
                | Op::Eq
                | Op::Neq
                | Op::Lt
                | Op::Lte
                | Op::Gt
                | Op::Gte
                | Op::ArithSlotConst { .. }
                | Op::ArithSlotSlot { .. }
                | Op::ArithConst { .. }
                | Op::ArithSlot { .. }
                | Op::ArithToSlot { .. }
                | Op::ArithSlotConstToSlot { .. }
                | Op::ArithSlotImmToSlot { .. }
                | Op::JumpCmpSlotConst { .. }
                | Op::JumpCmpSlotSlot { .. }
                | Op::LoopStepConst { .. }
                | Op::LoopStepImm { .. }
                | Op::LoopStepSlot { .. }
                | Op::JumpCmp { .. }
                | Op::JumpCmpConst { .. }
                | Op::Jump(_)
                | Op::JumpIfFalse(_)
                | Op::JumpIfTrue(_)
                | Op::JumpIfNotNull(_)
                | Op::JumpIfNull(_)
                | Op::Not
                | Op::Return
                | Op::ReturnSlot(_)
                | Op::Text(_)
                | Op::TextOutsideOutput(_)
                | Op::EnterOutput
                | Op::LeaveOutput
                | Op::CallUdf { .. } => Err(CfmlError::application(format!(
                    "internal error: the instruction {op:?} reached the slow path"
                ))),
            };
            r.map_err(|e| (e, false))
        }
    }
}

/// A method of the running instance read by its bare name as a value is bound to the instance
/// (`crate::access::detach_method`).
fn bind_own_method(f: &Frame<'_>, v: Value) -> Value {
    match (&v, &f.this) {
        (Value::Func(_), Some(Value::Struct(this))) => crate::access::detach_method(this, v),
        _ => v,
    }
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
