//! Calls: UDFs and closures (argument binding, defaults, types), builtins (named-argument
//! mapping and arity, in one place), member functions, `include`, `param` and engine tags.

use crate::call_cache::Target;
use crate::ctx::CallCtx;
use crate::run::{Frame, Held};
use crate::{Vm, MAX_CALL_DEPTH};
use rime_bytecode::{FuncProto, Key};
use rime_runtime::registry::{Args, BuiltinDef, MemberType};
use rime_runtime::{Array, CfResult, CfmlError, Function, ScopeRef, Struct, Value};
use rime_stdlib::registry;
use std::sync::Arc;

pub(crate) type Names<'a> = Option<&'a [Option<Key>]>;

pub(crate) fn names_of(proto: &FuncProto, idx: u32) -> Names<'_> {
    if idx == u32::MAX {
        None
    } else {
        proto.arg_names.get(idx as usize).map(|v| v.as_slice())
    }
}

impl Vm {
    fn take_args(&mut self, argc: u16) -> Vec<Value> {
        let at = self.stack.len().saturating_sub(argc as usize);
        self.stack.split_off(at)
    }

    pub(crate) fn op_call_name(
        &mut self,
        f: &mut Frame,
        proto: &Arc<FuncProto>,
        name: u32,
        argc: u16,
        names: u32,
    ) -> CfResult<()> {
        let key = &proto.names[name as usize];
        let names = names_of(proto, names);
        // Lucee forbids UDFs named like builtins, so builtins are looked up first.
        if let Some(def) = registry().lookup_key(key) {
            let args = self.take_args(argc);
            let v = self.call_builtin(f, def, args, names, None)?;
            self.stack.push(v);
            return Ok(());
        }
        self.op_call_udf(f, key, argc, names)
    }

    /// Call the function `key` found by unscoped lookup (`CallUdf`, and `CallName` of a name
    /// that is not a builtin).
    pub(crate) fn op_call_udf(
        &mut self,
        f: &Frame<'_>,
        key: &Key,
        argc: u16,
        names: Names<'_>,
    ) -> CfResult<()> {
        if names.is_none() {
            if let Some(target) = self.page_target(f, key) {
                let other;
                let proto = match target {
                    Target::Caller => Some(&*f.proto),
                    Target::Nested(i) => f.proto.functions.get(i as usize),
                    Target::Other => {
                        other = self.call_cache.other(&f.proto, f.pc).cloned();
                        other.as_ref()
                    }
                };
                if let Some(proto) = proto {
                    return self.call_page_function(f, proto, argc as usize);
                }
            }
        }
        let v = match self.lookup_name(f, key) {
            Some(Value::Func(func)) => {
                let (rebound, this) = bind_method(&func, f.this.as_ref());
                let func = rebound.unwrap_or(func);
                self.note_called_name(&func, key);
                match names {
                    None => self.call_udf_from_stack(&func, argc as usize, this)?,
                    Some(_) => {
                        let args = self.take_args(argc);
                        self.call_udf(&func, args, names, this)?
                    }
                }
            }
            Some(other) => {
                self.take_args(argc);
                return Err(CfmlError::expression(format!(
                    "[{}] is not a function but a {}",
                    key.as_str(),
                    other.type_name()
                )));
            }
            None => {
                self.take_args(argc);
                return Err(CfmlError::expression(format!(
                    "No matching function [{}] found",
                    key.as_str().to_uppercase()
                )));
            }
        };
        self.stack.push(v);
        Ok(())
    }

    /// Where the call of `key` leads when it names a plain function of the caller's page:
    /// found in the page's `variables` with nothing before it in the lookup order, and needing
    /// no closure scopes, component or called-name bookkeeping. Its frame can then borrow the
    /// scope from the caller (`Held`), and the function too when the caller's code holds it
    /// (the caller itself, or a function declared in its body). The answer is remembered per
    /// call site while `variables` is unchanged (`call_cache`).
    #[inline(always)]
    pub(crate) fn page_target(&mut self, f: &Frame<'_>, key: &Key) -> Option<Target> {
        // Scopes searched before `variables` (see `lookup_name`) must be absent.
        if f.local.is_some()
            || f.args.is_some()
            || f.captured.is_some()
            || f.this.is_some()
            || !self.queries.is_empty()
        {
            return None;
        }
        let own: &Arc<FuncProto> = &f.proto;
        let target = match self.call_cache.get(own, f.pc, &f.variables) {
            Some(t) => t,
            None => {
                let (target, callee, version) = {
                    let g = f.variables.read();
                    let Some(Value::Func(func)) = g.map.get(&key.as_ref()) else {
                        return None;
                    };
                    if func.captured.is_some()
                        || func.super_.is_some()
                        || func.static_.is_some()
                        || func.proto.wants_called_name
                        || !func.variables.as_ref().is_some_and(|v| v.is(&f.variables))
                    {
                        return None;
                    }
                    let (target, callee) = if Arc::ptr_eq(own, &func.proto) {
                        (Target::Caller, None)
                    } else {
                        match own
                            .functions
                            .iter()
                            .position(|p| Arc::ptr_eq(p, &func.proto))
                        {
                            Some(i) => (Target::Nested(i as u32), None),
                            None => (Target::Other, Some(func.proto.clone())),
                        }
                    };
                    // Under the read lock the version matches what the lookup saw.
                    (target, callee, f.variables.version())
                };
                self.call_cache
                    .put(own, f.pc, &f.variables, version, target, callee);
                target
            }
        };
        Some(target)
    }

    /// Call `proto`, a function of the caller's page (see `page_function`), with `argc`
    /// positional arguments on the stack; the result replaces them.
    fn call_page_function(
        &mut self,
        f: &Frame<'_>,
        proto: &Arc<FuncProto>,
        argc: usize,
    ) -> CfResult<()> {
        if self.depth >= MAX_CALL_DEPTH {
            let at = self.stack.len().saturating_sub(argc);
            self.stack.truncate(at);
            return Err(stack_overflow(&proto.name));
        }
        let slots = self.slot_pool.pop().unwrap_or_default();
        let mut frame =
            Frame::with_slots(Held::Borrowed(proto), Held::Borrowed(&f.variables), slots);
        self.run_frame(&mut frame, CallArgs::Stack(argc))
    }

    pub(crate) fn op_call_builtin(
        &mut self,
        f: &mut Frame,
        proto: &Arc<FuncProto>,
        id: u32,
        argc: u16,
        names: u32,
    ) -> CfResult<()> {
        let def = registry()
            .get(id)
            .ok_or_else(|| CfmlError::expression("unknown builtin"))?;
        let v = match names_of(proto, names) {
            // Positional arguments go from the stack into the builtin's argument vector.
            None => {
                let at = self.stack.len().saturating_sub(argc as usize);
                let mut values = self.arg_pool.pop().unwrap_or_default();
                values.extend(self.stack.drain_from(at).map(Some));
                self.invoke_builtin(f, def, values, None)?
            }
            names => {
                let args = self.take_args(argc);
                self.call_builtin(f, def, args, names, None)?
            }
        };
        self.stack.push(v);
        Ok(())
    }

    pub(crate) fn op_call_method(
        &mut self,
        f: &mut Frame,
        proto: &Arc<FuncProto>,
        name: u32,
        argc: u16,
        names: u32,
        safe: bool,
    ) -> CfResult<()> {
        let key = &proto.names[name as usize];
        let args = self.take_args(argc);
        let recv = self.pop();
        let names = names_of(proto, names);
        if safe && recv.is_null() {
            self.stack.push(Value::Null);
            return Ok(());
        }
        self.call_method_on(f, key, recv, args, names)
    }

    /// `recv[idx](args)`: a method call when `idx` names a member of a struct, component or
    /// Java object (`this` is the receiver and the function is called by that name, as in
    /// Lucee); anything else (`arr[1]()`) calls the element as a plain function value.
    pub(crate) fn op_call_index(
        &mut self,
        f: &mut Frame,
        proto: &Arc<FuncProto>,
        argc: u16,
        names: u32,
    ) -> CfResult<()> {
        let args = self.take_args(argc);
        let idx = self.pop();
        let recv = self.pop();
        let names = names_of(proto, names);
        if matches!(recv, Value::Struct(_) | Value::Native(_)) && idx.is_simple() {
            let key = Key::new(idx.to_str()?.as_ref());
            return self.call_method_on(f, &key, recv, args, names);
        }
        let callee = self.get_index(&recv, &idx)?;
        let v = self.call_function_value(&callee, args, names)?;
        self.stack.push(v);
        Ok(())
    }

    /// The method call `recv.key(args)`, its result pushed.
    fn call_method_on(
        &mut self,
        f: &mut Frame,
        key: &Key,
        recv: Value,
        args: Vec<Value>,
        names: Names<'_>,
    ) -> CfResult<()> {
        // A function stored in a struct wins over a member function of the same name.
        if let Value::Struct(s) = &recv {
            // The method and whether it runs on the caller's own instance.
            let found = match s.get_ref(key.as_ref()) {
                Some(Value::Func(func)) => {
                    if func.proto.access.is_some() {
                        check_package_access(f, s, &func)?;
                    }
                    // `super.m()` and `variables.m()` run the method on the same instance.
                    let on_self =
                        f.super_.as_ref().is_some_and(|sup| sup.ptr_eq(s)) || f.variables.ptr_eq(s);
                    Some((func, on_self))
                }
                // `this.m()` inside the component reaches its private methods too (Lucee);
                // they live in `variables` only.
                _ if f.this.as_ref().is_some_and(|t| t.same_ref(&recv)) => {
                    match f.variables.get_ref(key.as_ref()) {
                        Some(Value::Func(func)) => Some((func, true)),
                        _ => None,
                    }
                }
                _ => None,
            };
            if let Some((func, on_self)) = found {
                let (rebound, this) = if on_self {
                    bind_method(&func, f.this.as_ref())
                } else {
                    bind_method(&func, Some(&recv))
                };
                let func = rebound.unwrap_or(func);
                self.note_called_name(&func, key);
                let v = self.call_udf(&func, args, names, this)?;
                self.stack.push(v);
                return Ok(());
            }
            if let Some(meta) = s.component() {
                let v = self.missing_method(s, &meta, key, args, names)?;
                self.stack.push(v);
                return Ok(());
            }
        }
        if let Value::Native(n) = &recv {
            let mut ctx = CallCtx { vm: self, frame: f };
            let v = rime_java::call_native(&mut ctx, n, key.as_str(), args)?;
            self.stack.push(v);
            return Ok(());
        }
        let ty = MemberType::of(&recv);
        match registry().member(ty, key.as_str()) {
            Some(def) => {
                let v = self.call_builtin(f, def, args, names, Some(recv))?;
                self.stack.push(v);
                Ok(())
            }
            // Lucee's values are Java objects: their Java methods (`s.getClass()`, `a.size()`).
            None => {
                let mut ctx = CallCtx { vm: self, frame: f };
                match rime_java::value_method(&mut ctx, &recv, key.as_str(), &args) {
                    Some(r) => {
                        let v = r?;
                        self.stack.push(v);
                        Ok(())
                    }
                    None => Err(CfmlError::expression(format!(
                        "No matching member function [{}] found for type [{}]",
                        key.as_str(),
                        recv.type_name()
                    ))),
                }
            }
        }
    }

    pub(crate) fn op_call_value(
        &mut self,
        _f: &mut Frame,
        proto: &Arc<FuncProto>,
        argc: u16,
        names: u32,
    ) -> CfResult<()> {
        let args = self.take_args(argc);
        let callee = self.pop();
        let v = self.call_function_value(&callee, args, names_of(proto, names))?;
        self.stack.push(v);
        Ok(())
    }

    pub(crate) fn call_function_value(
        &mut self,
        callee: &Value,
        args: Vec<Value>,
        names: Names<'_>,
    ) -> CfResult<Value> {
        match callee {
            Value::Func(func) => self.call_udf(func, args, names, None),
            other => Err(CfmlError::expression(format!(
                "a {} value is not a function",
                other.type_name()
            ))),
        }
    }

    /// Call a builtin: map named arguments to positions, check arity, run it. `recv` is the
    /// receiver of a member call, passed as the first argument.
    pub(crate) fn call_builtin(
        &mut self,
        f: &mut Frame,
        def: &'static BuiltinDef,
        args: Vec<Value>,
        names: Names<'_>,
        recv: Option<Value>,
    ) -> CfResult<Value> {
        let mut values: Vec<Option<Value>> =
            Vec::with_capacity(def.params.len().max(args.len() + 1));
        // The receiver's parameter (`def.receiver`), which the call's arguments skip.
        let at = recv.as_ref().map(|_| usize::from(def.receiver));
        // Named arguments of `any_named` builtins that name no parameter.
        let mut extra: Option<Struct> = None;
        match names {
            None => {
                values.extend(args.into_iter().map(Some));
                if let (Some(r), Some(at)) = (recv, at) {
                    if values.len() < at {
                        values.resize(at, None);
                    }
                    values.insert(at, Some(r));
                }
            }
            Some(names) => {
                if let (Some(r), Some(at)) = (recv, at) {
                    values.resize(at, None);
                    values.push(Some(r));
                }
                for (v, n) in args.into_iter().zip(names.iter()) {
                    match n {
                        // A positional argument takes the first free parameter before the
                        // receiver's, then the ones after it.
                        None => match values
                            .iter_mut()
                            .take(at.unwrap_or(0))
                            .find(|v| v.is_none())
                        {
                            Some(slot) => *slot = Some(v),
                            None => values.push(Some(v)),
                        },
                        Some(n) => {
                            let Some(pos) = def.params.iter().position(|p| p.is_named(n.as_str()))
                            else {
                                if def.any_named {
                                    extra
                                        .get_or_insert_with(|| Struct::with_flags(true))
                                        .set(n.clone(), v);
                                    continue;
                                }
                                return Err(CfmlError::expression(format!(
                                    "function [{}] has no argument named [{}]",
                                    def.name,
                                    n.as_str()
                                )));
                            };
                            if Some(pos) == at {
                                continue;
                            }
                            if values.len() <= pos {
                                values.resize(pos + 1, None);
                            }
                            values[pos] = Some(v);
                        }
                    }
                }
            }
        }
        if let Some(extra) = extra {
            if values.len() > def.params.len() {
                return Err(CfmlError::expression(format!(
                    "function [{}] takes its arguments either by position or by name",
                    def.name
                )));
            }
            values.resize(def.params.len(), None);
            values.push(Some(Value::Struct(extra)));
        }
        self.invoke_builtin(f, def, values, at)
    }

    /// Check the arity of a builtin call whose arguments are in place (`values`; the receiver
    /// of a member call at `receiver`) and run it.
    fn invoke_builtin(
        &mut self,
        f: &mut Frame<'_>,
        def: &'static BuiltinDef,
        mut values: Vec<Option<Value>>,
        receiver: Option<usize>,
    ) -> CfResult<Value> {
        // The `arguments` scope is also an array (Lucee): `arrayLen(arguments)`.
        if let Some(Some(Value::Struct(s))) = values.first() {
            if def.name.len() > 5 && def.name[..5].eq_ignore_ascii_case("array") {
                let snapshot = {
                    let g = s.read();
                    g.positional
                        .then(|| Array::from_vec(g.map.values().cloned().collect()))
                };
                if let Some(a) = snapshot {
                    values[0] = Some(Value::Array(a));
                }
            }
        }
        def.check_arity(&values)?;
        let receiver = match receiver {
            Some(at) if def.chain => values.get(at).and_then(|v| v.clone()),
            _ => None,
        };
        // An XML value given to an array or struct function goes in as a CFML array or struct
        // (Lucee's node lists are arrays, its nodes structs); its changes go back afterwards.
        let xml_arg = match values.first() {
            Some(Some(Value::Xml(x))) => rime_runtime::xml::BuiltinArg::new(
                def.name,
                x,
                values.get(1).and_then(|v| v.as_ref()),
            ),
            _ => None,
        };
        if let (Some(x), Some(first)) = (&xml_arg, values.first_mut()) {
            *first = Some(x.value());
        }
        let args = Args::new(def.name, values);
        let mut ctx = CallCtx { vm: self, frame: f };
        // A bug in a builtin (a panic) fails the call, not the request or the process: a CFML
        // error naming the function, which `cftry` and `onError` see.
        let r = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            (def.func)(&mut ctx, &args)
        })) {
            Ok(r) => r?,
            Err(p) => {
                return Err(CfmlError::expression(format!(
                    "function [{}] failed: {}",
                    def.name,
                    rime_runtime::error::panic_message(&*p)
                )))
            }
        };
        let mut values = args.values;
        if values.capacity() <= 16 && self.arg_pool.len() < 8 {
            crate::frames::truncate_slots(&mut values, 0);
            self.arg_pool.push(values);
        }
        if let Some(x) = xml_arg {
            x.finish()?;
        }
        Ok(receiver.unwrap_or(r))
    }

    /// Before calling `func` by the name `key`: remember the name when its body asks for it
    /// (`getFunctionCalledName()`; the frame takes it in `enter_udf`).
    #[inline]
    pub(crate) fn note_called_name(&mut self, func: &Function, key: &Key) {
        if func.proto.wants_called_name {
            self.pending_called_name = Some(key.clone());
        }
    }

    /// Call a UDF or closure.
    pub(crate) fn call_udf(
        &mut self,
        func: &Arc<Function>,
        args: Vec<Value>,
        names: Names<'_>,
        this: Option<Value>,
    ) -> CfResult<Value> {
        if self.depth >= MAX_CALL_DEPTH {
            return Err(stack_overflow(func.name()));
        }
        self.enter_udf(func, CallArgs::Vec(args, names), this)
    }

    /// Call a UDF with borrowed positional arguments, cloned straight into its slots.
    pub(crate) fn call_udf_with(
        &mut self,
        func: &Arc<Function>,
        args: &[&Value],
    ) -> CfResult<Value> {
        if self.depth >= MAX_CALL_DEPTH {
            return Err(stack_overflow(func.name()));
        }
        self.enter_udf(func, CallArgs::Refs(args), None)
    }

    /// Call a UDF whose `argc` positional arguments are on top of the stack: they move straight
    /// into the callee's slots (the common call, without an argument vector).
    pub(crate) fn call_udf_from_stack(
        &mut self,
        func: &Arc<Function>,
        argc: usize,
        this: Option<Value>,
    ) -> CfResult<Value> {
        if self.depth >= MAX_CALL_DEPTH {
            let at = self.stack.len().saturating_sub(argc);
            self.stack.truncate(at);
            return Err(stack_overflow(func.name()));
        }
        self.enter_udf(func, CallArgs::Stack(argc), this)
    }

    fn enter_udf(
        &mut self,
        func: &Arc<Function>,
        args: CallArgs<'_>,
        this: Option<Value>,
    ) -> CfResult<Value> {
        // The frame borrows what `func` holds (the caller keeps `func` for the call); only a
        // scope held weakly must be upgraded. A declared function whose page or instance is
        // gone runs with an empty scope.
        let variables = match &func.variables {
            Some(ScopeRef::Strong(s)) => Held::Borrowed(s),
            _ => Held::Owned(func.variables().unwrap_or_default()),
        };
        let slots = self.slot_pool.pop().unwrap_or_default();
        let mut frame = Frame::with_slots(Held::Borrowed(&func.proto), variables, slots);
        frame.captured = func.captured.as_ref().map(Held::Borrowed);
        frame.this = this.or_else(|| func.this.clone().map(Value::Struct));
        frame.super_ = func.super_.clone();
        frame.static_ = func.static_.clone();
        self.run_frame(&mut frame, args)?;
        Ok(self.pop())
    }

    /// Bind the arguments into a new frame and run it; the result is left on the stack. The
    /// frame's slot vector goes back to the pool.
    fn run_frame(&mut self, frame: &mut Frame<'_>, args: CallArgs<'_>) -> CfResult<()> {
        let r = self.bind_and_run(frame, args);
        self.recycle(frame);
        r
    }

    #[inline(always)]
    fn bind_and_run(&mut self, frame: &mut Frame<'_>, args: CallArgs<'_>) -> CfResult<()> {
        if let Err(e) = self.check_deadline() {
            if let CallArgs::Stack(argc) = args {
                let at = self.stack.len().saturating_sub(argc);
                self.stack.truncate(at);
            }
            return Err(e);
        }
        if frame.proto.wants_called_name {
            frame.called_name = self.pending_called_name.take();
        }
        // `proto` borrows the frame's function (a clone would cost a reference count) while
        // the arguments go into its slots.
        let Frame {
            proto, slot_vec, ..
        } = frame;
        let slots = slot_vec.as_mut_slice();
        let proto: &FuncProto = proto;
        let extra = match args {
            // Positional arguments bind as they do from the stack.
            CallArgs::Vec(mut args, None) => bind_from_stack(proto, slots, &mut args)?,
            CallArgs::Vec(args, names) => bind_args(proto, slots, args, names)?,
            CallArgs::Refs(args) => bind_from_refs(proto, slots, args)?,
            CallArgs::Stack(argc) => {
                let at = self.stack.len().saturating_sub(argc);
                let extra = bind_from_stack(proto, slots, self.stack.take_from(at));
                self.stack.truncate_plain_to(at);
                extra?
            }
        };
        // Named arguments the function does not declare: its whole `arguments` scope when
        // it keeps its locals by name, else beside its slots (None when there are none).
        frame.args = extra;
        let proto: &FuncProto = &frame.proto;
        if proto.checks_args {
            check_required(proto, frame.slots())?;
        }
        // output="false": the body runs as inside <cfsilent>.
        let silent = proto.output == Some(false);
        let bufs = self.bufs.len();
        if silent {
            self.bufs.push(String::new());
        }
        self.depth += 1;
        let mut r = self.exec_in_place(frame);
        self.depth -= 1;
        let proto: &FuncProto = &frame.proto;
        if let (Ok(()), Some(_)) = (&r, &proto.return_type) {
            if let Err(e) = check_return(proto, self.peek()) {
                self.pop();
                r = Err(e);
            }
        }
        if silent {
            self.bufs.truncate(bufs.max(1));
        }
        r
    }

    /// Call a builtin by name with positional arguments (tags implemented on top of functions).
    pub(crate) fn call_named_builtin(
        &mut self,
        f: &mut Frame,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let def = registry()
            .lookup(name)
            .and_then(|id| registry().get(id))
            .ok_or_else(|| CfmlError::application(format!("[{name}] is not available")))?;
        self.call_builtin(f, def, args, None, None)
    }

    pub(crate) fn assign_var(&mut self, f: &mut Frame, name: &str, v: Value) -> CfResult<()> {
        let mut ctx = CallCtx { vm: self, frame: f };
        rime_runtime::CodeCtx::assign(&mut ctx, name, v)
    }

    /// Drop a finished frame's scopes (the cycle collector sees to those a closure kept in a
    /// cycle) and return its slot vector to the pool.
    fn recycle(&mut self, frame: &mut Frame<'_>) {
        drop(frame.local.take());
        drop(frame.args.take());
        let slots = std::mem::take(&mut frame.slot_vec);
        self.recycle_slots(slots);
    }

    /// Empty a slot vector and keep it in the pool (at its length, see `Frame::with_slots`).
    #[inline(always)]
    pub(crate) fn recycle_slots(&mut self, mut slots: Vec<Option<Value>>) {
        // As many as the deepest recursion uses, so that it allocates no slots either.
        if self.slot_pool.len() <= MAX_CALL_DEPTH {
            for s in slots.iter_mut() {
                match s.take() {
                    // A number holds nothing to drop: forgetting it spares a call of the drop
                    // glue for the commonest slot.
                    Some(v @ Value::Num(_)) => std::mem::forget(v),
                    v => drop(v),
                }
            }
            self.slot_pool.push(slots);
        }
    }

    pub(crate) fn op_include(&mut self, f: &mut Frame, path: &Value) -> CfResult<()> {
        let path = path.to_str()?.into_owned();
        let proto = self
            .host
            .include(&self.req.app, &path, &f.proto.source.path)?;
        if self.depth >= MAX_CALL_DEPTH {
            return Err(CfmlError::new(
                "stackOverflow",
                "include nesting is too deep",
            ));
        }
        let mut frame = Frame::included(proto, f);
        // The included page shares the includer's slots only through its scopes: a slot-mode
        // function never includes (the compiler makes it dynamic).
        self.depth += 1;
        let r = self.exec(&mut frame);
        self.depth -= 1;
        r.map(|_| ())
    }

    pub(crate) fn op_param(&mut self, f: &mut Frame, attrs: &Value) -> CfResult<()> {
        let Value::Struct(a) = attrs else {
            return Ok(());
        };
        let name = a
            .get("name")
            .ok_or_else(|| CfmlError::application("param requires a [name]"))?
            .to_str()?
            .into_owned();
        let existing = {
            let mut ctx = CallCtx { vm: self, frame: f };
            rime_runtime::CodeCtx::lookup(&mut ctx, &name)
        };
        // A variable holding null is not defined (Lucee sets the default).
        let value = match existing.filter(|v| !v.is_null()) {
            Some(v) => v,
            None => match a.get("default") {
                Some(d) => {
                    let mut ctx = CallCtx { vm: self, frame: f };
                    rime_runtime::CodeCtx::assign(&mut ctx, &name, d.clone())?;
                    d
                }
                None => {
                    return Err(CfmlError::expression(format!(
                        "The required parameter [{name}] was not provided."
                    )))
                }
            },
        };
        if let Some(ty) = a.get("type") {
            let ty = ty.to_str()?.into_owned();
            if !ty.eq_ignore_ascii_case("any") {
                let valid = match registry()
                    .lookup("isValid")
                    .and_then(|id| registry().get(id))
                {
                    Some(def) => {
                        let mut vals = vec![Value::from(ty.as_str()), value.clone()];
                        if ty.eq_ignore_ascii_case("regex")
                            || ty.eq_ignore_ascii_case("regular_expression")
                        {
                            vals.push(a.get("pattern").unwrap_or_default());
                        }
                        if ty.eq_ignore_ascii_case("range") {
                            vals.push(a.get("min").unwrap_or_default());
                            vals.push(a.get("max").unwrap_or_default());
                        }
                        self.call_builtin(f, def, vals, None, None)?.to_bool()?
                    }
                    None => true,
                };
                if !valid {
                    return Err(CfmlError::expression(format!(
                        "The value of the parameter [{name}] is invalid: it must be of type [{ty}]"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// `access="package"` methods can be called by the instance itself (and its subclasses' code) and
/// by components in the same folder (package), as in Adobe ColdFusion and Lucee.
fn check_package_access(f: &Frame, recv: &Struct, func: &Function) -> CfResult<()> {
    if !func
        .proto
        .access
        .as_deref()
        .is_some_and(|a| a.eq_ignore_ascii_case("package"))
    {
        return Ok(());
    }
    let Some(Value::Struct(caller)) = &f.this else {
        return Err(package_error(recv, func));
    };
    let dir = |p: &str| {
        p.rfind(['/', '\\'])
            .map_or(String::new(), |i| p[..i].to_string())
    };
    if caller.ptr_eq(recv) || dir(&f.proto.source.path) == dir(&func.proto.source.path) {
        Ok(())
    } else {
        Err(package_error(recv, func))
    }
}

fn package_error(recv: &Struct, func: &Function) -> Box<CfmlError> {
    let comp = recv
        .component()
        .map_or_else(|| "struct".to_string(), |m| m.fullname.to_string());
    CfmlError::expression(format!(
        "the function [{}] of the component [{comp}] has access [package] and can be called only from components in the same package",
        func.proto.name
    ))
}

/// The function and `this` for a call of `func` as a method of `candidate` (an instance, or
/// None). A declared function of another instance or of a page that was injected into this one
/// (`obj.fn = fn`, `variables.fn = fn`: mixins) runs against the candidate's scopes, as in
/// Lucee; closures keep the scopes they captured. Plain structs bind nothing.
pub(crate) fn bind_method(
    func: &Arc<Function>,
    candidate: Option<&Value>,
) -> (Option<Arc<Function>>, Option<Value>) {
    let Some(Value::Struct(c)) = candidate else {
        return (None, None);
    };
    // The common case, a method of the receiver itself, without cloning anything.
    let owned = {
        let g = c.read();
        match &g.vars {
            None => return (None, None),
            Some(vars) => func.variables.as_ref().is_some_and(|v| v.is(vars)),
        }
    };
    if owned {
        return (None, candidate.cloned());
    }
    if func.proto.is_closure {
        return (None, None);
    }
    let Some(vars) = c.instance_variables() else {
        return (None, None);
    };
    let rebound = Arc::new(Function {
        proto: func.proto.clone(),
        captured: func.captured.clone(),
        variables: Some(ScopeRef::Strong(vars)),
        super_: func.super_.clone(),
        static_: func.static_.clone(),
        this: None,
    });
    (Some(rebound), candidate.cloned())
}

/// Every required parameter has a value.
#[inline(never)]
pub(crate) fn check_required(proto: &FuncProto, slots: &[Option<Value>]) -> CfResult<()> {
    for (i, p) in proto.params.iter().enumerate() {
        // A required parameter with a default takes the default when omitted (Lucee).
        if p.required && !p.has_default && slots.get(i).is_none_or(|s| s.is_none()) {
            return Err(CfmlError::expression(format!(
                "The parameter [{}] to function [{}] is required but was not passed in.",
                p.name.as_str(),
                display_name(proto)
            )));
        }
    }
    Ok(())
}

#[cold]
pub(crate) fn stack_overflow(name: &str) -> Box<CfmlError> {
    CfmlError::new(
        "stackOverflow",
        format!(
            "stack overflow: the call depth exceeded {MAX_CALL_DEPTH} (infinite recursion in [{name}]?)"
        ),
    )
}

fn display_name(p: &FuncProto) -> &str {
    if p.name.is_empty() {
        "closure"
    } else {
        &p.name
    }
}

/// How a UDF call receives its arguments.
enum CallArgs<'a> {
    Vec(Vec<Value>, Names<'a>),
    /// Positional arguments a builtin lends (`CodeCtx::call_with`).
    Refs(&'a [&'a Value]),
    /// This many positional arguments on top of the VM stack.
    Stack(usize),
}

/// Positional arguments from the stack into parameter slots (the fast path of `bind_args`).
/// Numbers are copied field by field rather than moved whole: a value just computed was
/// written in two parts, and reloading it as one 16-byte move stalls (see `Stack`).
#[inline(always)]
pub(crate) fn bind_from_stack(
    proto: &FuncProto,
    slots: &mut [Option<Value>],
    args: &mut [Value],
) -> CfResult<Option<Struct>> {
    let nparams = proto.params.len();
    let (declared, undeclared) = args.split_at_mut(args.len().min(nparams));
    for (s, v) in slots.iter_mut().zip(declared.iter_mut()) {
        match v {
            Value::Num(n) => fill(s, Value::Num(*n)),
            // A passed null counts as not passed (defaults apply).
            Value::Null => *s = None,
            other => fill(s, std::mem::take(other)),
        }
    }
    let extra = if undeclared.is_empty() {
        None
    } else {
        Some(extra_args(nparams, undeclared))
    };
    if proto.checks_args {
        check_types(proto, slots)?;
    }
    Ok(extra)
}

/// `bind_from_stack` for borrowed arguments.
fn bind_from_refs(
    proto: &FuncProto,
    slots: &mut [Option<Value>],
    args: &[&Value],
) -> CfResult<Option<Struct>> {
    let nparams = proto.params.len();
    let (declared, undeclared) = args.split_at(args.len().min(nparams));
    for (s, v) in slots.iter_mut().zip(declared) {
        match v {
            Value::Num(n) => fill(s, Value::Num(*n)),
            Value::Null => *s = None,
            other => fill(s, (*other).clone()),
        }
    }
    let extra = if undeclared.is_empty() {
        None
    } else {
        let mut rest: Vec<Value> = undeclared.iter().map(|v| (*v).clone()).collect();
        Some(extra_args(nparams, &mut rest))
    };
    if proto.checks_args {
        check_types(proto, slots)?;
    }
    Ok(extra)
}

/// Store `v` in a parameter slot. The slots of a new frame are empty (`Frame::with_slots`): in
/// that case the compiler knows there is no old value, and no call of the drop glue is made.
#[inline(always)]
fn fill(s: &mut Option<Value>, v: Value) {
    match s {
        None => *s = Some(v),
        Some(_) => *s = Some(v),
    }
}

/// The arguments passed beyond the declared parameters, as the `arguments` struct keys
/// `n+1`, `n+2`...
#[inline(never)]
fn extra_args(nparams: usize, undeclared: &mut [Value]) -> Struct {
    let extra = Struct::with_flags(true);
    for (i, v) in (nparams + 1..).zip(undeclared.iter_mut()) {
        extra.set(Key::new(i.to_string()), std::mem::take(v));
    }
    extra
}

#[inline(never)]
fn check_types(proto: &FuncProto, slots: &[Option<Value>]) -> CfResult<()> {
    for (i, (p, s)) in proto.params.iter().zip(slots.iter()).enumerate() {
        if let (Some(t), Some(v)) = (&p.type_name, s) {
            check_type(proto, i, p.name.as_str(), t, v)?;
        }
    }
    Ok(())
}

/// Put call arguments into the parameter slots; returns the extra (undeclared) arguments as a
/// struct for the `arguments` scope. Handles `argumentCollection`.
fn bind_args(
    proto: &FuncProto,
    slots: &mut [Option<Value>],
    args: Vec<Value>,
    names: Names<'_>,
) -> CfResult<Option<Struct>> {
    // Created only when an undeclared argument arrives.
    let mut extra: Option<Struct> = None;
    let nparams = proto.params.len();
    let param_pos = |name: &str| {
        proto
            .params
            .iter()
            .position(|p| rime_runtime::key::eq_fold(p.name.as_str(), name))
    };
    fn extra_set(extra: &mut Option<Struct>, k: Key, v: Value) {
        extra
            .get_or_insert_with(|| Struct::with_flags(true))
            .set(k, v);
    }
    let set_named =
        |name: &Key, v: Value, slots: &mut [Option<Value>], extra: &mut Option<Struct>| {
            match param_pos(name.as_str()) {
                Some(i) => {
                    if let Some(s) = slots.get_mut(i) {
                        *s = Some(v);
                    }
                }
                None => extra_set(extra, name.clone(), v),
            }
        };
    let mut pos = 0usize;
    for (i, v) in args.into_iter().enumerate() {
        let name = names.and_then(|n| n.get(i)).and_then(|n| n.as_ref());
        match name {
            Some(n) if n.as_str().eq_ignore_ascii_case("argumentCollection") => match &v {
                Value::Struct(s) => {
                    for (k, val) in s.entries() {
                        // Numeric keys (an `arguments` scope passed on) fill parameters by
                        // position, as in Lucee.
                        let by_position = param_pos(k.as_str())
                            .is_none()
                            .then(|| k.as_str().parse::<usize>().ok())
                            .flatten()
                            .filter(|n| (1..=nparams).contains(n));
                        match by_position.and_then(|n| slots.get_mut(n - 1)) {
                            Some(slot) => *slot = Some(val),
                            None => set_named(&k, val, slots, &mut extra),
                        }
                    }
                }
                Value::Array(a) => {
                    for (j, val) in a.to_vec().into_iter().enumerate() {
                        if j < nparams {
                            if let Some(s) = slots.get_mut(j) {
                                *s = Some(val);
                            }
                        } else {
                            extra_set(&mut extra, Key::new((j + 1).to_string()), val);
                        }
                    }
                }
                _ => set_named(n, v, slots, &mut extra),
            },
            Some(n) => set_named(n, v, slots, &mut extra),
            None => {
                if pos < nparams {
                    if let Some(s) = slots.get_mut(pos) {
                        *s = Some(v);
                    }
                } else {
                    extra_set(&mut extra, Key::new((pos + 1).to_string()), v);
                }
                pos += 1;
            }
        }
    }
    // A passed null counts as not passed (defaults apply).
    for s in slots.iter_mut().take(nparams) {
        if matches!(s, Some(Value::Null)) {
            *s = None;
        }
    }
    // Type checks for declared simple types.
    for (i, p) in proto.params.iter().enumerate() {
        if let (Some(t), Some(Some(v))) = (&p.type_name, slots.get(i)) {
            check_type(proto, i, p.name.as_str(), t, v)?;
        }
    }
    Ok(extra)
}

/// An argument of a declared type that its value is not, in Lucee's words (programs test
/// them): `Invalid call of the function [f], first Argument [a] is of invalid type, Cannot cast
/// String [x] to a value of type [numeric]`. Lucee counts `first`, `second`, then `3th`...
fn check_type(proto: &FuncProto, index: usize, name: &str, ty: &str, v: &Value) -> CfResult<()> {
    if type_matches(ty, v) {
        return Ok(());
    }
    let position = match index {
        0 => "first".to_string(),
        1 => "second".to_string(),
        n => format!("{}th", n + 1),
    };
    Err(CfmlError::expression(format!(
        "Invalid call of the function [{}], {position} Argument [{name}] is of invalid type, {}",
        display_name(proto),
        cannot_cast(v, ty)
    )))
}

/// Lucee's words for a value a declared type refuses.
fn cannot_cast(v: &Value, ty: &str) -> String {
    match v {
        Value::Str(s) => {
            // Long values are cut, as Lucee crops them.
            let shown: String = s.chars().take(50).collect();
            let more = if s.chars().count() > 50 { "..." } else { "" };
            format!("Cannot cast String [{shown}{more}] to a value of type [{ty}]")
        }
        Value::Null => format!("Can't cast Null value to value of type [{ty}]"),
        other => format!(
            "Cannot cast Object type [{}] to a value of type [{ty}]",
            other.type_title()
        ),
    }
}

/// The declared return type, checked on the value a function returns.
pub(crate) fn check_return(proto: &FuncProto, v: &Value) -> CfResult<()> {
    match &proto.return_type {
        // Lucee: a string is refused with the cast message alone.
        Some(ty) if !type_matches(ty, v) => Err(CfmlError::expression(match v {
            Value::Str(_) => cannot_cast(v, ty),
            _ => format!(
                "The function [{}] has an invalid return value , [{}]",
                display_name(proto),
                cannot_cast(v, ty)
            ),
        })),
        _ => Ok(()),
    }
}

/// Whether `v` can be passed as (or returned as) the declared type `ty`. Component and
/// interface names check the instance's inheritance chain (by full name or last segment, so a
/// mapping-relative name matches too); validation types Lucee checks loosely are accepted.
fn type_matches(ty: &str, v: &Value) -> bool {
    // Runs on every call of a typed function: no allocation.
    let t = ty.trim();
    let is = |name: &str| t.eq_ignore_ascii_case(name);
    if t.is_empty() || is("any") {
        true
    } else if is("string") {
        v.is_simple()
    } else if is("numeric") || is("number") {
        v.as_numeric().is_some() || matches!(v, Value::Bool(_))
    } else if is("boolean") {
        v.is_boolean_like()
    } else if is("struct") {
        matches!(v, Value::Struct(_))
    } else if is("array") || t.ends_with("[]") {
        matches!(v, Value::Array(_))
    } else if is("query") {
        matches!(v, Value::Query(_))
    } else if is("function") {
        matches!(v, Value::Func(_))
    } else if is("date") {
        v.to_date().is_ok()
    } else if is("binary") {
        matches!(v, Value::Binary(_))
    } else if is("component") {
        matches!(v, Value::Struct(s) if s.component().is_some())
    } else if [
        "void",
        "guid",
        "uuid",
        "variablename",
        "xml",
        "object",
        "email",
        "url",
        "regex",
        "creditcard",
        "ssn",
        "telephone",
        "zipcode",
        "time",
        "integer",
    ]
    .iter()
    .any(|n| is(n))
    {
        // `void` and the validation types are not checked here.
        true
    } else if t
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
    {
        match v {
            Value::Struct(s) => s.component().is_some_and(|m| {
                let last = t.rsplit('.').next().unwrap_or(t);
                m.is_instance_of(t) || m.is_instance_of(last)
            }),
            _ => false,
        }
    } else {
        true
    }
}
