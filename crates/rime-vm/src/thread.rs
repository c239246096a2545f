//! `<cfthread>`: run a body on its own OS thread with its own VM, sharing the page's scopes.
//!
//! The body is compiled as a function of its own (`FuncProto::thread_body`): it reads and writes
//! the page's `variables` and the shared scopes, but has a local scope of its own where its
//! unscoped writes go, and sees none of the enclosing function's locals, as in Lucee. The tag's
//! other attributes are its arguments (and its local `attributes`); `thread` names its
//! thread-local scope (`Vm::thread_scope`) unless the page's variables have a `thread` of their
//! own, as in Lucee. Its output is captured into
//! `cfthread.NAME.output`; an uncaught error ends it with `status = "TERMINATED"` and the error in
//! `cfthread.NAME.error`. `action="join"` waits (with `timeout` in milliseconds), `terminate`
//! asks the thread to stop at its next check, `sleep` pauses the current thread.

use crate::{Host, Vm};
use rime_runtime::{CfResult, CfmlError, Key, Struct, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Stack of a `<cfthread>` thread: CFML recursion runs on it.
const THREAD_STACK_BYTES: usize = 64 * 1024 * 1024;

/// Threads started by one request.
pub(crate) struct Started {
    name: String,
    handle: Option<JoinHandle<()>>,
    cancel: Arc<AtomicBool>,
}

impl Vm {
    /// The `cfthread` scope of this request (thread name -> its metadata struct).
    pub(crate) fn cfthread_scope(&mut self) -> Struct {
        self.cfthread.get_or_insert_with(Struct::new).clone()
    }

    pub(crate) fn op_thread(&mut self, attrs: &Struct) -> CfResult<()> {
        let action = attrs
            .get_text("action")?
            .unwrap_or_else(|| "run".to_string())
            .to_ascii_lowercase();
        match action.as_str() {
            "run" => self.thread_run(attrs),
            "join" => self.thread_join(attrs),
            "terminate" => {
                let names = attrs.get_text("name")?.unwrap_or_default();
                for name in names.split(',').map(str::trim) {
                    if let Some(t) = self
                        .threads
                        .iter()
                        .find(|t| t.name.eq_ignore_ascii_case(name))
                    {
                        t.cancel.store(true, Ordering::Relaxed);
                    }
                }
                Ok(())
            }
            "sleep" => {
                let ms = match attrs.get("duration") {
                    Some(v) => v.to_num()?,
                    None => 0.0,
                };
                let d = Duration::from_millis(ms.clamp(0.0, 3_600_000.0) as u64);
                self.host.blocking(&mut || std::thread::sleep(d));
                Ok(())
            }
            other => Err(CfmlError::application(format!(
                "cfthread action [{other}] is not valid (run, join, terminate, sleep)"
            ))),
        }
    }

    fn thread_run(&mut self, attrs: &Struct) -> CfResult<()> {
        let body = attrs
            .remove("__body")
            .ok_or_else(|| CfmlError::application("cfthread action=\"run\" needs a body"))?;
        let name = match attrs.get_text("name")? {
            Some(n) if !n.trim().is_empty() => n.trim().to_string(),
            _ => self.next_thread_name(),
        };
        for k in ["name", "action", "priority"] {
            attrs.remove(k);
        }
        let Value::Func(body) = body else {
            return Err(CfmlError::application("cfthread needs a body"));
        };
        // The attributes are the body's arguments (`attributes` in its local scope names them).
        let (names, args): (Vec<Option<Key>>, Vec<Value>) = attrs
            .entries()
            .into_iter()
            .map(|(k, v)| (Some(k), v))
            .unzip();
        self.spawn_thread(name, move |vm, local| {
            vm.thread_scope = Some(local.clone());
            vm.call_udf(&body, args, Some(&names), None)
        })
    }

    /// A thread name no thread of this request has.
    fn next_thread_name(&self) -> String {
        let mut n = self.threads.len() + 1;
        loop {
            let name = format!("thread{n}");
            if !self
                .threads
                .iter()
                .any(|t| t.name.eq_ignore_ascii_case(&name))
            {
                return name;
            }
            n += 1;
        }
    }

    /// `f():listener` (a function listener): run `call`, a closure without parameters, as a
    /// thread of this request (joinable, described in `cfthread`), then hand its outcome to
    /// `listener`: a function gets `(result)` or `(null, error)`; a struct or component gets
    /// `onSuccess(result)` or `onFail(null, error)`, each only if it has one; null or an empty
    /// struct runs the call and nothing after. The listener sees the thread's `thread` scope.
    /// Pushes the thread's name.
    pub(crate) fn listen(&mut self, call: Value, listener: Value) -> CfResult<()> {
        if !matches!(listener, Value::Null | Value::Func(_) | Value::Struct(_)) {
            return Err(CfmlError::expression(format!(
                "a function listener must be a function, a struct or a component, got {}",
                listener.type_name()
            )));
        }
        let name = self.next_thread_name();
        self.spawn_thread(name.clone(), move |vm, local| {
            let outcome = vm.call_value(&call, Vec::new());
            if let Err(e) = &outcome {
                if e.abort {
                    return outcome;
                }
            }
            vm.thread_scope = Some(local.clone());
            // A struct's or a component's `onSuccess`/`onFail`, called as its method.
            let method = |vm: &mut Vm, name: &str, args: Vec<Value>| -> CfResult<Value> {
                let Value::Struct(s) = &listener else {
                    return Ok(Value::Null);
                };
                match s.get(name) {
                    Some(Value::Func(f)) => {
                        let (rebound, this) = crate::call::bind_method(&f, Some(&listener));
                        vm.call_udf(&rebound.unwrap_or(f), args, None, this)
                    }
                    _ => Ok(Value::Null),
                }
            };
            let r = match (&listener, outcome) {
                (Value::Null, outcome) => outcome,
                (Value::Func(_), Ok(v)) => vm.call_value(&listener, vec![v]),
                (Value::Func(_), Err(e)) => {
                    vm.call_value(&listener, vec![Value::Null, e.to_value()])
                }
                (_, Ok(v)) => method(vm, "onSuccess", vec![v]),
                (_, Err(e)) => method(vm, "onFail", vec![Value::Null, e.to_value()]),
            };
            vm.thread_scope = None;
            r
        })?;
        self.stack.push(Value::from(name));
        Ok(())
    }

    /// Start the thread `name` of this request, running `job` in a fresh VM over the request's
    /// scopes with the thread's `thread` scope; its output, time, status and error end up in
    /// `cfthread[name]`.
    fn spawn_thread(
        &mut self,
        name: String,
        job: impl FnOnce(&mut Vm, &Struct) -> CfResult<Value> + Send + 'static,
    ) -> CfResult<()> {
        if self
            .threads
            .iter()
            .any(|t| t.name.eq_ignore_ascii_case(&name))
        {
            return Err(CfmlError::application(format!(
                "a thread named [{name}] already runs in this request"
            )));
        }
        let meta = Struct::with_flags(true);
        meta.set(Key::new("name"), Value::from(name.as_str()));
        meta.set(Key::new("status"), Value::from("RUNNING"));
        meta.set(Key::new("output"), Value::from(""));
        meta.set(Key::new("elapsedTime"), Value::Num(0.0));
        self.cfthread_scope()
            .set(Key::new(name.as_str()), Value::Struct(meta.clone()));
        let cancel = Arc::new(AtomicBool::new(false));
        let host: Arc<dyn Host> = self.host.clone();
        let shared = self.req.shared();
        let deadline = self.deadline;
        let budget = rime_runtime::memory::current_budget();
        let flag = cancel.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("cfthread-{name}"))
            .stack_size(THREAD_STACK_BYTES)
            .spawn(move || {
                let start = Instant::now();
                rime_runtime::memory::begin_request(budget);
                let mut vm = Vm::for_request(host, shared.into());
                vm.deadline = deadline;
                vm.cancel = Some(flag);
                let local = Struct::new();
                let r =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&mut vm, &local)));
                let output = vm.take_output();
                for (k, v) in local.entries() {
                    meta.set(k, v);
                }
                meta.set(Key::new("output"), Value::from(output));
                meta.set(
                    Key::new("elapsedTime"),
                    Value::Num(start.elapsed().as_millis() as f64),
                );
                let status = match r {
                    Ok(Ok(_)) => "COMPLETED",
                    Ok(Err(e)) if e.abort => "COMPLETED",
                    Ok(Err(e)) => {
                        meta.set(Key::new("error"), e.to_value());
                        "TERMINATED"
                    }
                    Err(_) => {
                        meta.set(
                            Key::new("error"),
                            CfmlError::new("internal", "the thread failed").to_value(),
                        );
                        "TERMINATED"
                    }
                };
                meta.set(Key::new("status"), Value::from(status));
                drop(vm);
                drop(local);
                // The thread's reference cycles, as at the end of a request.
                rime_runtime::gc::collect_young();
            });
        let handle = spawned
            .map_err(|e| CfmlError::application(format!("could not start thread [{name}]: {e}")))?;
        self.threads.push(Started {
            name,
            handle: Some(handle),
            cancel,
        });
        Ok(())
    }

    fn thread_join(&mut self, attrs: &Struct) -> CfResult<()> {
        let names: Vec<String> = match attrs.get_text("name")? {
            Some(n) => n.split(',').map(|s| s.trim().to_string()).collect(),
            None => self.threads.iter().map(|t| t.name.clone()).collect(),
        };
        let timeout = match attrs.get("timeout") {
            Some(v) if !v.is_null() => {
                let ms = v.to_num()?;
                (ms > 0.0).then(|| Duration::from_millis(ms.min(86_400_000.0) as u64))
            }
            _ => None,
        };
        let until = timeout.map(|t| Instant::now() + t);
        for name in names {
            let Some(pos) = self
                .threads
                .iter()
                .position(|t| t.name.eq_ignore_ascii_case(&name))
            else {
                continue;
            };
            let Some(handle) = self.threads.get_mut(pos).and_then(|t| t.handle.take()) else {
                continue;
            };
            // JoinHandle has no timed join: poll until it finishes, the timeout passes or the
            // request's deadline does (off the server's threads while it waits).
            let stop = match (until, self.deadline) {
                (Some(u), Some(d)) => Some(u.min(d)),
                (u, d) => u.or(d),
            };
            let cancel = self.cancel.clone();
            self.host.blocking(&mut || {
                while !handle.is_finished()
                    && stop.is_none_or(|s| Instant::now() < s)
                    && !cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
            let waited = if handle.is_finished() {
                Ok(())
            } else {
                self.check_deadline_now()
            };
            if handle.is_finished() {
                let _ = handle.join();
            } else if let Some(t) = self.threads.get_mut(pos) {
                t.handle = Some(handle);
            }
            waited?;
        }
        Ok(())
    }
}

/// `CodeCtx::background`: what a task run later needs of the request that started it.
pub(crate) struct VmBackground {
    host: Arc<dyn Host>,
    shared: rime_request::SharedRequest,
    budget: Option<u64>,
}

impl VmBackground {
    pub(crate) fn of(vm: &Vm) -> VmBackground {
        VmBackground {
            host: vm.host.clone(),
            shared: vm.req.shared(),
            budget: rime_runtime::memory::current_budget(),
        }
    }
}

impl rime_runtime::Background for VmBackground {
    fn run(
        &self,
        task: &mut dyn FnMut(&mut dyn rime_runtime::Ctx) -> CfResult<Value>,
    ) -> CfResult<Value> {
        rime_runtime::memory::begin_request(self.budget);
        let mut vm = Vm::for_request(self.host.clone(), self.shared.clone().into());
        let mut frame =
            crate::run::Frame::new(Arc::new(rime_bytecode::FuncProto::empty()), Struct::new());
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut ctx = crate::ctx::CallCtx {
                vm: &mut vm,
                frame: &mut frame,
            };
            task(&mut ctx)
        }));
        // What a background task writes goes nowhere (as a Java thread's output would).
        drop(vm.take_output());
        r.unwrap_or_else(|_| Err(CfmlError::new("internal", "the background task failed")))
    }
}
