//! `runAsync(function[, timeout])` (Lucee): the function runs on a thread of its own in a VM over
//! the request's scopes (`CodeCtx::background`, as the Java executors run their tasks), and the
//! caller gets a Future: `get([timeout])` waits for the result (and raises the function's error),
//! `then(f[, timeout])` and `error(f[, timeout])` give Futures of what comes next, `isDone()`,
//! `cancel()` and `isCancelled()`. A Future's `timeout` (milliseconds, 0 for none) is how long a
//! `get()` without one waits, as Lucee's second argument is (not an executor).

use rime_runtime::async_task::AsyncTask;
use rime_runtime::{
    def, opt, req, Args, BuiltinDef, CfResult, CfmlError, Ctx, Native, NativeObject, Value,
};
use std::sync::Arc;
use std::time::Duration;

pub static FUNCTIONS: &[BuiltinDef] = &[def(
    "runAsync",
    &[req("function").alias(&["udf"]), opt("timeout")],
    run_async,
)];

fn run_async(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let f = callable(a.val(0)?, "runAsync")?;
    let timeout = timeout_arg(a.get(1))?;
    spawn(
        ctx,
        timeout,
        Box::new(move |c: &mut dyn Ctx| c.call(&f, Vec::new())),
    )
}

/// A timeout in milliseconds; none (or 0) waits as long as it takes.
fn timeout_arg(v: Option<&Value>) -> CfResult<Option<Duration>> {
    match v {
        Some(v) if !v.is_null() => {
            let ms = v.to_num()?;
            Ok((ms > 0.0).then(|| Duration::from_millis(ms.min(u32::MAX as f64) as u64)))
        }
        _ => Ok(None),
    }
}

/// The work of a task, run in the task's own VM.
type Job = Box<dyn FnOnce(&mut dyn Ctx) -> CfResult<Value> + Send>;

/// The stack a task's thread runs on (as a `<cfthread>`'s: deep recursion stays a CFML error).
const TASK_STACK_BYTES: usize = 64 * 1024 * 1024;

fn callable(v: &Value, what: &str) -> CfResult<Value> {
    match v {
        Value::Func(_) => Ok(v.clone()),
        other => Err(CfmlError::expression(format!(
            "{what} needs a function (a closure or a UDF), not a value of type {}",
            other.type_name()
        ))),
    }
}

fn spawn(ctx: &mut dyn Ctx, timeout: Option<Duration>, job: Job) -> CfResult<Value> {
    let background = ctx
        .background()
        .ok_or_else(|| CfmlError::application("runAsync needs a request to run beside"))?;
    let task = AsyncTask::new();
    let done = task.clone();
    std::thread::Builder::new()
        .name("runAsync".into())
        .stack_size(TASK_STACK_BYTES)
        .spawn(move || {
            let mut job = Some(job);
            let r = background.run(&mut |c| match job.take() {
                Some(j) => j(c),
                None => Ok(Value::Null),
            });
            done.finish(r);
        })
        .map_err(|e| {
            CfmlError::application(format!("could not start an asynchronous task: {e}"))
        })?;
    Ok(Value::Native(Native::new(Future { task, timeout })))
}

/// The result of a finished task: its value, or its error raised again.
fn result_of(task: &AsyncTask, timeout: Option<Duration>) -> CfResult<Value> {
    match task.wait(timeout) {
        Some(r) => r,
        None => Err(CfmlError::new(
            "timeout",
            "the Future did not complete within the timeout",
        )),
    }
}

#[derive(Debug)]
struct Future {
    task: Arc<AsyncTask>,
    /// How long `get()` without a timeout waits (None: until the task is done).
    timeout: Option<Duration>,
}

impl NativeObject for Future {
    fn class_name(&self) -> &str {
        "lucee.runtime.future.Future"
    }

    fn call(&self, _: &Native, ctx: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        let task = self.task.clone();
        match name.to_ascii_lowercase().as_str() {
            // `get([timeout])`: milliseconds, 0 for as long as it takes; none (or a negative
            // one) waits the Future's own timeout.
            "get" => {
                let timeout = match args.first() {
                    Some(v) if !v.is_null() && v.to_num()? >= 0.0 => timeout_arg(Some(v))?,
                    _ => self.timeout,
                };
                result_of(&task, timeout)
            }
            "then" => {
                let f = callable(args.first().unwrap_or(&Value::Null), "then")?;
                spawn(
                    ctx,
                    timeout_arg(args.get(1))?,
                    Box::new(move |c: &mut dyn Ctx| {
                        let v = result_of(&task, None)?;
                        c.call(&f, vec![v])
                    }),
                )
            }
            "error" => {
                let f = callable(args.first().unwrap_or(&Value::Null), "error")?;
                spawn(
                    ctx,
                    timeout_arg(args.get(1))?,
                    Box::new(move |c: &mut dyn Ctx| match result_of(&task, None) {
                        Ok(v) => Ok(v),
                        Err(e) => c.call(&f, vec![e.to_value()]),
                    }),
                )
            }
            "isdone" => Ok(Value::Bool(task.is_done())),
            "cancel" => Ok(Value::Bool(task.cancel())),
            "iscancelled" => Ok(Value::Bool(task.is_cancelled())),
            _ => Err(CfmlError::application(format!(
                "invalid function name [{name}], valid names are [cancel, isCancelled, isDone, error, get, then]"
            ))),
        }
    }

    fn to_text(&self) -> Option<String> {
        Some(format!(
            "Future({})",
            if self.task.is_done() {
                "done"
            } else {
                "running"
            }
        ))
    }
}
